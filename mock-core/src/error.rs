//! The one error type of the API: every variant maps to a status and a
//! message in a single `match`, and every response body of a failure is
//! `{"errors": ["<message>"]}`.

use crate::rules::MAX_POST_CHARS;
use crate::search::{MAX_QUERY_CHARS, MAX_TAG_CHARS};
use serde::Serialize;
use std::fmt;

/// The body of every failure; clients read `errors[0]`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS, utoipa::ToSchema))]
pub struct ErrorResponse {
    pub errors: Vec<String>,
}

/// Everything a request can fail with. The catalogue messages (docs/API.md)
/// are reproduced verbatim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    InvalidToken,
    InvalidCredentials,
    UserNotRegistered,
    CannotFollowYourself,
    UsernameCannotChange,
    UsernameExists,
    EditPostNotOwner,
    DeletePostNotOwner,
    AlreadyLiked,
    AlreadyDisliked,
    LikeBelowZero,
    AlreadyBookmarked,
    NotBookmarked,
    AlreadyFollowing,
    NotFollowing,
    EditCommentNotOwner,
    DeleteCommentNotOwner,
    AlreadyUpvoted,
    AlreadyDownvoted,
    PostNotFound,
    CommentNotFound,
    UserNotFound,
    NoRoute {
        method: String,
        path: String,
    },
    /// A known path asked with a method none of its routes answers;
    /// `allow` lists those they do (the `Allow` header).
    MethodNotAllowed {
        allow: &'static str,
    },
    /// The body is not JSON of the expected shape; the detail says why.
    BadBody(String),
    SignupFieldsEmpty,
    PostContentEmpty,
    PostContentTooLong,
    HashtagsTooLong,
    CommentEmpty,
    NotAnImage,
    FileTooLarge,
    /// A `mediaURL` or `avatarURL` (the field named) that is not a
    /// same-origin path to an uploaded or shipped image.
    UnsafeMediaUrl(&'static str),
    /// `q` of a search is absent or blank.
    SearchQueryMissing,
    /// `q` of a search is longer than `search::MAX_QUERY_CHARS`.
    SearchQueryTooLong,
    /// A numeric query parameter (named) that is not a whole number from 1
    /// to `max`.
    BadQueryNumber {
        name: &'static str,
        max: usize,
    },
    /// A feed's `filter` that is not one of its orders.
    BadFeedFilter,
    /// A query parameter (named) with a malformed `%` escape or bytes that
    /// are not UTF-8.
    BadQueryEncoding(&'static str),
    /// A tag feed asked for something that is not one hashtag.
    NotAHashtag,
    /// A text field (named) whose length in Unicode code points is not
    /// from `min` to `max` (`min` 0: at most `max`).
    FieldLength {
        field: &'static str,
        min: usize,
        max: usize,
    },
    /// A name or username (named) holding a control or bidirectional
    /// override character (`rules::is_forbidden_char`).
    ForbiddenCharacters(&'static str),
    /// A username with a character or an end the username rule refuses.
    UsernameFormat,
    /// A `website` that is neither empty nor an `http:`/`https:` URL.
    WebsiteNotHttp,
    /// A request body over `rules::MAX_BODY_BYTES`, refused unread.
    BodyTooLarge,
    /// An `Idempotency-Key` header that is no key (crate::idempotency).
    IdempotencyKeyInvalid,
    /// An `Idempotency-Key` already used by this user on this route with
    /// another request body.
    IdempotencyKeyReused,
    /// A response could not be serialised: a bug, never a client's fault.
    Internal,
}

impl ApiError {
    pub fn status(&self) -> u16 {
        self.parts().0
    }

    pub fn message(&self) -> String {
        self.parts().1
    }

    fn parts(&self) -> (u16, String) {
        let (status, text): (u16, &str) = match self {
            ApiError::InvalidToken => (401, "The token is invalid. Unauthorized access error."),
            ApiError::InvalidCredentials => (
                401,
                "The credentials you entered are invalid. Unauthorized access error.",
            ),
            ApiError::UserNotRegistered => (
                404,
                "The username you entered is not Registered. Not Found error",
            ),
            ApiError::CannotFollowYourself => (404, "You cannot follow yourself"),
            ApiError::UsernameCannotChange => (404, "Username cannot be changed"),
            ApiError::UsernameExists => (422, "Unprocessable Entity. Username Already Exists."),
            ApiError::EditPostNotOwner => (
                400,
                "Cannot edit a Post doesn't belong to the logged in User.",
            ),
            ApiError::DeletePostNotOwner => (
                400,
                "Cannot delete a Post doesn't belong to the logged in User.",
            ),
            ApiError::AlreadyLiked => (400, "Cannot like a post that is already liked."),
            ApiError::AlreadyDisliked => (400, "Cannot dislike a post that is already disliked."),
            ApiError::LikeBelowZero => (400, "Cannot decrement like less than 0."),
            ApiError::AlreadyBookmarked => (400, "This Post is already bookmarked"),
            ApiError::NotBookmarked => (400, "Post not bookmarked yet"),
            ApiError::AlreadyFollowing => (400, "User Already following"),
            ApiError::NotFollowing => (400, "User already not following"),
            ApiError::EditCommentNotOwner => {
                (400, "Cannot edit a comment doesn't belong to the User.")
            }
            ApiError::DeleteCommentNotOwner => {
                (400, "Cannot delete a comment doesn't belong to the User.")
            }
            ApiError::AlreadyUpvoted => (400, "Cannot upvote a comment that is already upvoted."),
            ApiError::AlreadyDownvoted => {
                (400, "Cannot downvote a comment that is already downvoted.")
            }
            ApiError::PostNotFound => (404, "Post not found"),
            ApiError::CommentNotFound => (404, "Comment not found"),
            ApiError::UserNotFound => (404, "User not found"),
            ApiError::NoRoute { method, path } => {
                return (404, format!("No route for {method} {path}"));
            }
            ApiError::MethodNotAllowed { .. } => (405, "Method not allowed"),
            ApiError::BadBody(detail) => return (400, format!("Invalid request body: {detail}")),
            ApiError::UnsafeMediaUrl(field) => {
                return (
                    400,
                    format!("{field} must be a path to an uploaded or shipped image"),
                );
            }
            ApiError::BadQueryNumber { name, max } => {
                return (
                    400,
                    format!("{name} must be a whole number from 1 to {max}"),
                );
            }
            ApiError::BadQueryEncoding(name) => {
                return (
                    400,
                    format!("Query parameter {name} is not valid percent-encoded UTF-8"),
                );
            }
            ApiError::SearchQueryTooLong => {
                return (
                    400,
                    format!("Search query q must be at most {MAX_QUERY_CHARS} characters"),
                );
            }
            ApiError::NotAHashtag => {
                return (
                    400,
                    format!(
                        "Tag must be a hashtag: letters, digits or _ after an optional #, \
                         at most {MAX_TAG_CHARS} characters"
                    ),
                );
            }
            ApiError::FieldLength { field, min: 0, max } => {
                return (400, format!("{field} must be at most {max} characters"));
            }
            ApiError::FieldLength { field, min, max } => {
                return (400, format!("{field} must be {min} to {max} characters"));
            }
            ApiError::ForbiddenCharacters(field) => {
                return (
                    400,
                    format!(
                        "{field} must not contain control or bidirectional-override characters"
                    ),
                );
            }
            ApiError::UsernameFormat => (
                400,
                "username may contain only ASCII letters, digits, underscores, dots and hyphens, \
                 and must start and end with a letter, digit or underscore",
            ),
            ApiError::WebsiteNotHttp => (400, "website must be empty or an http: or https: URL"),
            ApiError::BodyTooLarge => (413, "Request body too large"),
            ApiError::BadFeedFilter => (400, "filter must be Latest, Oldest or Trending"),
            ApiError::SearchQueryMissing => (400, "Search query q must not be empty"),
            ApiError::SignupFieldsEmpty => (400, "Username and password must not be empty"),
            ApiError::PostContentEmpty => (400, "Post content must not be empty"),
            ApiError::PostContentTooLong => {
                return (
                    400,
                    format!("Post content must be at most {MAX_POST_CHARS} characters"),
                );
            }
            ApiError::HashtagsTooLong => {
                return (
                    400,
                    format!("Hashtags must be at most {MAX_POST_CHARS} characters"),
                );
            }
            ApiError::CommentEmpty => (400, "Comment text must not be empty"),
            ApiError::NotAnImage => (400, "file must be an image (JPEG/PNG)"),
            ApiError::FileTooLarge => (400, "file must be less than 10mb"),
            ApiError::IdempotencyKeyInvalid => (
                400,
                "Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good one)",
            ),
            ApiError::IdempotencyKeyReused => (
                422,
                "This Idempotency-Key was already used with another request body; \
                 send a new key for a new request",
            ),
            ApiError::Internal => (500, "Internal error"),
        };
        (status, text.to_owned())
    }

    /// The JSON body of this error.
    pub fn body(&self) -> String {
        let body = ErrorResponse {
            errors: vec![self.message()],
        };
        serde_json::to_string(&body).unwrap_or_default()
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.status(), self.message())
    }
}
