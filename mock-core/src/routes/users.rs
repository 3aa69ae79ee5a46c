//! Users: listing, profiles, profile edits, bookmarks and follows.

use crate::auth::AuthUser;
use crate::base_path;
#[cfg(test)]
use crate::contract::{bad_body, length, name_errors};
use crate::db::remove_all;
use crate::error::ApiError;
use crate::model::User;
use crate::notify;
use crate::query::{query_type, Number};
use crate::router::{route_table, Ctx, Reply};
use crate::rules;
use crate::settings::BookmarkShape;
use crate::views::{
    BookmarkedPostsResponse, BookmarksResponse, FollowResponse, UserResponse, UsersResponse,
};
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// Every user.
    open Get "/api/users" => list {
        response: 200 UsersResponse<'static>,
        errors: [],
    }
    /// The signed-in user's bookmarks: post ids, or the posts (`BookmarkedPostsResponse`) with the
    /// `bookmarks: "posts"` setting.
    token Get "/api/users/bookmark" => bookmarks {
        response: 200 BookmarksResponse<'static>,
        errors: [],
    }
    /// People the signed-in user could follow (Who to Follow): the first `limit` users, in the
    /// order of `/api/users`, other than the user and those they follow.
    token Get "/api/users/suggestions" => suggestions {
        query: SuggestionsQuery,
        response: 200 UsersResponse<'static>,
        errors: [],
    }
    /// One user by `_id`, else the user whose `username` is exactly that (as apps built on the
    /// MirageJS template ask it).
    open Get "/api/users/{userId}" => profile {
        response: 200 UserResponse<'static>,
        errors: [UserNotFound],
    }
    /// One user by `username` (a profile page's address, a mention's link): the user with that
    /// username exactly, else the first whose username equals it ignoring ASCII case, as sign-in
    /// and mentions find a user. The answer holds their own `username`.
    open Get "/api/users/profile/{username}" => profile_by_username {
        response: 200 UserResponse<'static>,
        errors: [UserNotFound],
    }
    /// Merges `firstName`, `lastName`, `bio`, `website` and `avatarURL` into the signed-in user;
    /// other fields are ignored. `username` may be sent only unchanged. The new name and avatar
    /// show on the user's posts, comments, likes and follow lists. A changed field must follow the
    /// input rules (names are stored trimmed); a value the user already has is accepted as it is,
    /// even one an old state holds that the rules now refuse.
    token Post "/api/users/edit" => edit {
        request: EditUserRequest,
        response: 201 UserResponse<'static>,
        errors: {
            let mut errors = vec![UsernameCannotChange];
            errors.extend(name_errors());
            errors.extend([
                length("bio", 0, rules::MAX_BIO_CHARS),
                length("website", 0, rules::MAX_WEBSITE_CHARS),
                WebsiteNotHttp,
                UnsafeMediaUrl("avatarURL"),
                bad_body(),
            ]);
            errors
        },
    }
    /// Adds a post to the signed-in user's bookmarks; answers them as `GET /api/users/bookmark`.
    token Post "/api/users/bookmark/{postId}" => bookmark {
        response: 200 BookmarksResponse<'static>,
        errors: [PostNotFound, AlreadyBookmarked],
    }
    /// Removes a post from the signed-in user's bookmarks; answers them as `GET /api/users/bookmark`.
    token Post "/api/users/remove-bookmark/{postId}" => remove_bookmark {
        response: 200 BookmarksResponse<'static>,
        errors: [PostNotFound, NotBookmarked],
    }
    /// Follows a user: the target joins `following`, the signed-in user joins the target's
    /// `followers`. The answer's `user` is the signed-in user after the change, `followUser` the
    /// target after it.
    token Post "/api/users/follow/{followUserId}" => follow {
        response: 200 FollowResponse<'static>,
        errors: [UserNotFound, CannotFollowYourself, AlreadyFollowing],
    }
    /// Unfollows a user (both lists change); answered as a follow.
    token Post "/api/users/unfollow/{followUserId}" => unfollow {
        response: 200 FollowResponse<'static>,
        errors: [UserNotFound, NotFollowing],
    }
}

query_type! {
    /// The query of `GET /api/users/suggestions`.
    pub struct SuggestionsQuery {
        /// How many people at most.
        pub limit: SuggestionsLimit,
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct EditUserRequest {
    #[serde(deserialize_with = "crate::router::object")]
    pub user_data: UserData,
}

/// The editable profile fields; anything else sent along is ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema), ts(optional_fields))]
pub struct UserData {
    /// As at sign-up: 1 to 50 characters after trimming (stored trimmed).
    /// The value the user already has is always accepted, as for every
    /// field here.
    pub first_name: Option<String>,
    /// As `firstName`.
    pub last_name: Option<String>,
    /// At most 160 characters.
    pub bio: Option<String>,
    /// Empty, or an `http:`/`https:` URL of at most 200 characters.
    pub website: Option<String>,
    /// A same-origin avatar path, like `mediaURL`.
    #[serde(rename = "avatarURL")]
    pub avatar_url: Option<String>,
    /// Accepted only when equal to the current username.
    pub username: Option<String>,
}

fn list(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    Reply::ok(&UsersResponse {
        users: cx.render().users(),
    })
}

/// How many people a request for suggestions asks for at most.
pub type SuggestionsLimit = Number<DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS>;

/// People suggested by default (Who to Follow shows 5).
pub const DEFAULT_SUGGESTIONS: usize = 5;
/// The most people one request may ask for.
pub const MAX_SUGGESTIONS: usize = 50;

/// The first `limit` users the signed-in user could follow: not themselves,
/// not anyone they follow, in the order of `GET /api/users`.
fn suggestions(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let limit = cx.query::<SuggestionsQuery>()?.limit.get();
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotFound)?;
    let render = cx.render();
    let users = render
        .db
        .users()
        .iter()
        .filter(|u| u.id != me.id && !user.following.contains(&u.id))
        .take(limit)
        .map(|u| render.user(u))
        .collect();
    Reply::ok(&UsersResponse { users })
}

/// One user by `_id`, else by exact username (apps built on the template
/// ask this route with a username).
fn profile(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let key = cx.param("userId");
    one_user(&cx, cx.db.user(key).or_else(|| cx.db.user_by_username(key)))
}

/// One user by username (a profile page's address, a mention's link).
fn profile_by_username(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    one_user(
        &cx,
        cx.db.user_by_username_ignoring_case(cx.param("username")),
    )
}

fn one_user(cx: &Ctx<'_>, found: Option<&User>) -> Result<Reply, ApiError> {
    let user = found.ok_or(ApiError::UserNotFound)?;
    Reply::ok(&UserResponse {
        user: cx.render().user(user),
    })
}

fn edit(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let mut data = cx.body::<EditUserRequest>()?.user_data;
    let now = cx.now.epoch_ms;
    let current = cx.db.user(&me.id).ok_or(ApiError::UserNotRegistered)?;
    if data
        .username
        .as_ref()
        .is_some_and(|name| *name != current.username)
    {
        return Err(ApiError::UsernameCannotChange);
    }
    // A value the user already has is kept as it is: an old state may hold
    // a name, bio, website or avatar that the rules now refuse.
    if let Some(name) = changed(&data.first_name, &current.first_name) {
        data.first_name = Some(rules::check_name("firstName", name)?);
    }
    if let Some(name) = changed(&data.last_name, &current.last_name) {
        data.last_name = Some(rules::check_name("lastName", name)?);
    }
    if let Some(bio) = changed(&data.bio, &current.bio) {
        rules::check_bio(bio)?;
    }
    if let Some(website) = changed(&data.website, &current.website) {
        rules::check_website(website)?;
    }
    data.avatar_url = match data.avatar_url {
        Some(url) if url != current.avatar_url => Some(base_path::absolute(
            &cx.db.base_path,
            rules::check_avatar(url, cx.db.settings.remote_avatars())?,
        )),
        other => other,
    };
    cx.db
        .edit_user(&me.id, |user| {
            let fields = [
                (data.first_name, &mut user.first_name),
                (data.last_name, &mut user.last_name),
                (data.bio, &mut user.bio),
                (data.website, &mut user.website),
                (data.avatar_url, &mut user.avatar_url),
            ];
            for (new, field) in fields {
                if let Some(value) = new {
                    *field = value;
                }
            }
            user.updated_at = now;
        })
        .ok_or(ApiError::UserNotRegistered)?;
    let render = cx.render();
    let user = render.db.user(&me.id).ok_or(ApiError::Internal)?;
    Reply::created(&UserResponse {
        user: render.user(user),
    })
}

/// `new` if it is sent and differs from `old`.
fn changed<'a>(new: &'a Option<String>, old: &str) -> Option<&'a str> {
    new.as_deref().filter(|new| *new != old)
}

/// The bookmarks as ids, or as posts with the `bookmarks: "posts"` setting.
fn bookmarks_of(cx: &Ctx<'_>, me: &AuthUser) -> Result<Reply, ApiError> {
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotRegistered)?;
    if cx.db.settings.bookmarks == BookmarkShape::Posts {
        let render = cx.render();
        return Reply::ok(&BookmarkedPostsResponse {
            bookmarks: user
                .bookmarks
                .iter()
                .filter_map(|id| render.db.post(id).and_then(|p| render.post(p)))
                .collect(),
        });
    }
    Reply::ok(&BookmarksResponse {
        bookmarks: user.bookmarks.iter().map(String::as_str).collect(),
    })
}

fn bookmarks(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    bookmarks_of(&cx, &me)
}

fn bookmark(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_bookmark(cx, me, true)
}

fn remove_bookmark(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_bookmark(cx, me, false)
}

fn set_bookmark(cx: Ctx<'_>, me: AuthUser, add: bool) -> Result<Reply, ApiError> {
    let post_id = cx.param("postId").to_owned();
    cx.db.post(&post_id).ok_or(ApiError::PostNotFound)?;
    let now = cx.now.epoch_ms;
    let (bookmarks, updated_at) = cx
        .db
        .bookmarks_mut(&me.id)
        .ok_or(ApiError::UserNotRegistered)?;
    match (add, bookmarks.contains(&post_id)) {
        (true, true) => return Err(ApiError::AlreadyBookmarked),
        (false, false) => return Err(ApiError::NotBookmarked),
        (true, false) => bookmarks.push(post_id),
        (false, true) => remove_all(bookmarks, &post_id),
    }
    *updated_at = now;
    bookmarks_of(&cx, &me)
}

fn follow(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_following(cx, me, true)
}

fn unfollow(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_following(cx, me, false)
}

/// Follow (`add`) or unfollow, keeping both users' lists in step.
fn set_following(cx: Ctx<'_>, me: AuthUser, add: bool) -> Result<Reply, ApiError> {
    let target = cx
        .db
        .user(cx.param("followUserId"))
        .ok_or(ApiError::UserNotFound)?
        .id
        .clone();
    if add && target == me.id {
        return Err(ApiError::CannotFollowYourself);
    }
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotRegistered)?;
    match (add, user.following.contains(&target)) {
        (true, true) => return Err(ApiError::AlreadyFollowing),
        (false, false) => return Err(ApiError::NotFollowing),
        _ => {}
    }
    let now = cx.now.epoch_ms;
    for (id, other) in [(&me.id, &target), (&target, &me.id)] {
        if let Some(user) = cx.db.user_lists_mut(id) {
            let list = if id == &me.id {
                user.following
            } else {
                user.followers
            };
            if add {
                list.push(other.clone());
            } else {
                remove_all(list, other);
            }
            *user.updated_at = now;
        }
    }
    if add {
        notify::followed(cx.db, &target, &me.id, now);
    } else {
        notify::unfollowed(cx.db, &target, &me.id);
    }
    let render = cx.render();
    let user = render.db.user(&me.id).ok_or(ApiError::Internal)?;
    let followed = render.db.user(&target).ok_or(ApiError::Internal)?;
    Reply::ok(&FollowResponse {
        user: render.user(user),
        follow_user: render.user(followed),
        all_users: render.users(),
    })
}

#[cfg(test)]
#[path = "users_tests.rs"]
mod tests;
