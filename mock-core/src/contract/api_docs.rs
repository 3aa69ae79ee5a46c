//! `docs/API.md`, generated from the route table plus the descriptions
//! below. The test fails when a route lacks a description (or the reverse)
//! or when the committed file is stale; `UPDATE_API_DOCS=1 cargo test`
//! rewrites it.

use crate::error::ApiError;
use crate::router::routes;
use std::fmt::Write;
use std::path::PathBuf;

/// One route's description; `docs/openapi.json` is built from these too
/// (`openapi.rs`), so `request` and `response` start with the name of
/// the request or response type in backticks (or read `none`).
pub struct Endpoint {
    pub method: &'static str,
    pub pattern: &'static str,
    pub auth: bool,
    pub summary: &'static str,
    pub request: &'static str,
    pub response: &'static str,
    pub status: u16,
    errors: Vec<ApiError>,
}

impl Endpoint {
    /// Every error the route can answer: for a token route, the token's
    /// two first.
    pub fn errors(&self) -> Vec<ApiError> {
        let mut errors = self.errors.clone();
        if self.auth {
            errors.insert(0, ApiError::UserNotRegistered);
            errors.insert(0, ApiError::InvalidToken);
        }
        // Any request whose body is over the limit, before it is routed.
        errors.push(ApiError::BodyTooLarge);
        errors
    }
}

pub fn bad_body() -> ApiError {
    ApiError::BadBody("<why the body was refused>".into())
}

fn length(field: &'static str, min: usize, max: usize) -> ApiError {
    ApiError::FieldLength { field, min, max }
}

/// The refusals of the names' rules, for sign-up and the profile edit.
fn name_errors() -> Vec<ApiError> {
    use crate::rules::MAX_NAME_CHARS;
    vec![
        length("firstName", 1, MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("firstName"),
        length("lastName", 1, MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("lastName"),
    ]
}

fn signup_errors() -> Vec<ApiError> {
    use crate::rules::*;
    let mut errors = vec![
        ApiError::UsernameExists,
        ApiError::SignupFieldsEmpty,
        length("username", MIN_USERNAME_CHARS, MAX_USERNAME_CHARS),
        ApiError::ForbiddenCharacters("username"),
        ApiError::UsernameFormat,
        length("password", MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS),
    ];
    errors.extend(name_errors());
    errors.extend([ApiError::UnsafeMediaUrl("avatarURL"), bad_body()]);
    errors
}

fn edit_user_errors() -> Vec<ApiError> {
    let mut errors = vec![ApiError::UsernameCannotChange];
    errors.extend(name_errors());
    errors.extend([
        length("bio", 0, crate::rules::MAX_BIO_CHARS),
        length("website", 0, crate::rules::MAX_WEBSITE_CHARS),
        ApiError::WebsiteNotHttp,
        ApiError::UnsafeMediaUrl("avatarURL"),
        bad_body(),
    ]);
    errors
}

fn comment_too_long() -> ApiError {
    length("Comment text", 0, crate::rules::MAX_COMMENT_CHARS)
}

#[rustfmt::skip]
pub fn endpoints() -> Vec<Endpoint> {
    use ApiError::*;
    let e = |method, pattern, auth, summary, request, response, status, errors| Endpoint {
        method, pattern, auth, summary, request, response, status, errors,
    };
    vec![
        e("POST", "/api/auth/signup", false, "Creates an account and signs it in. A missing or empty `avatarURL` gets the default avatar. \
           The username, password and names must follow the input rules (see the conventions); names are stored trimmed. \
           A username taken in any case (`GUEST` when `guest` exists) answers 422.",
          "`SignupRequest` `{firstName, lastName, username, password, avatarURL?}`", "`SignupResponse` `{createdUser, encodedToken}`", 201,
          signup_errors()),
        e("POST", "/api/auth/login", false, "Signs in with a username and password. The account is found ignoring case (an exact match first); \
           whatever the username string, the only refusals are the two below.",
          "`LoginRequest` `{username, password}`", "`LoginResponse` `{foundUser, encodedToken}`", 200,
          vec![UserNotRegistered, InvalidCredentials, bad_body()]),
        e("GET", "/api/users", false, "Every user.", "none", "`UsersResponse` `{users}`", 200, vec![]),
        e("GET", "/api/users/bookmark", true, "The signed-in user's bookmarks (post ids).",
          "none", "`BookmarksResponse` `{bookmarks}`", 200, vec![]),
        e("GET", "/api/users/suggestions", true,
          "People the signed-in user could follow (Who to Follow): the first `limit` users, in the order of `/api/users`, \
           other than the user and those they follow. Query: `limit` (1 to 50, default 5).",
          "none", "`UsersResponse` `{users}`", 200,
          vec![BadQueryNumber { name: "limit", max: crate::routes::users::MAX_SUGGESTIONS }, BadQueryEncoding("limit")]),
        e("GET", "/api/users/{userId}", false, "One user by `_id`.", "none", "`UserResponse` `{user}`", 200, vec![UserNotFound]),
        e("GET", "/api/users/profile/{username}", false, "One user by `username` (exactly as written; a profile page's address).",
          "none", "`UserResponse` `{user}`", 200, vec![UserNotFound]),
        e("POST", "/api/users/edit", true,
          "Merges `firstName`, `lastName`, `bio`, `website` and `avatarURL` into the signed-in user; other fields are ignored. \
           `username` may be sent only unchanged. The new name and avatar show on the user's posts, comments, likes and follow lists. \
           A changed field must follow the input rules (names are stored trimmed); a value the user already has is accepted as it is.",
          "`EditUserRequest` `{userData: {firstName?, lastName?, bio?, website?, avatarURL?, username?}}`", "`UserResponse` `{user}`", 201,
          edit_user_errors()),
        e("POST", "/api/users/bookmark/{postId}", true, "Adds a post to the signed-in user's bookmarks.",
          "none", "`BookmarksResponse` `{bookmarks}`", 200, vec![PostNotFound, AlreadyBookmarked]),
        e("POST", "/api/users/remove-bookmark/{postId}", true, "Removes a post from the signed-in user's bookmarks.",
          "none", "`BookmarksResponse` `{bookmarks}`", 200, vec![PostNotFound, NotBookmarked]),
        e("POST", "/api/users/follow/{followUserId}", true, "Follows a user: the target joins `following`, the signed-in user joins the target's `followers`.",
          "none", "`FollowResponse` `{user, allUsers}` (`user` is the signed-in user after the change)", 200,
          vec![UserNotFound, CannotFollowYourself, AlreadyFollowing]),
        e("POST", "/api/users/unfollow/{followUserId}", true, "Unfollows a user (both lists change).",
          "none", "`FollowResponse` `{user, allUsers}`", 200, vec![UserNotFound, NotFollowing]),
        e("GET", "/api/posts/feed", true,
          "A page of the signed-in user's Home feed: their own posts and those of the people they follow, with how many there are in all. \
           Query: `filter` (`Latest` newest first, the default; `Oldest` oldest first; `Trending` most liked first, then newest; any case), \
           `page` (from 1, default 1), `limit` (1 to 50, default 5); a page past the end has no posts. \
           Among posts written the same millisecond, the later-written one is newer.",
          "none", "`PostsPageResponse` `{total, posts}`", 200,
          vec![BadFeedFilter, BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::routes::feeds::MAX_FEED_LIMIT },
               BadQueryEncoding("filter"), BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/posts/explore", false,
          "A page of every post (Explore), with how many there are in all. Query: `filter`, `page` and `limit` as for `/api/posts/feed`.",
          "none", "`PostsPageResponse` `{total, posts}`", 200,
          vec![BadFeedFilter, BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::routes::feeds::MAX_FEED_LIMIT },
               BadQueryEncoding("filter"), BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/posts/author/{username}", false,
          "A page of one user's posts (a profile), with how many they have written. Query: `filter`, `page` and `limit` as for `/api/posts/feed`.",
          "none", "`PostsPageResponse` `{total, posts}`", 200,
          vec![UserNotFound, BadFeedFilter, BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::routes::feeds::MAX_FEED_LIMIT },
               BadQueryEncoding("filter"), BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/posts/bookmarks", true,
          "A page of the signed-in user's bookmarked posts, the latest bookmarked first, with how many there are in all. \
           Query: `page` and `limit` as for `/api/posts/feed`.",
          "none", "`PostsPageResponse` `{total, posts}`", 200,
          vec![BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::routes::feeds::MAX_FEED_LIMIT },
               BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/posts/search", false,
          "A page of the posts a search finds, ranked as `/api/search` ranks its `posts` (more whole-word matches first, then newest), \
           with how many it finds in all. Query: `q` as for `/api/search`; `page` and `limit` as for `/api/posts/feed`.",
          "none", "`PostsPageResponse` `{total, posts}`", 200,
          vec![SearchQueryMissing, SearchQueryTooLong, BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::routes::feeds::MAX_FEED_LIMIT },
               BadQueryEncoding("q"), BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/posts", false, "Every post, oldest first (clients sort).", "none", "`PostsResponse` `{posts}`", 200, vec![]),
        e("GET", "/api/posts/user/{username}", false, "One user's posts, newest first.",
          "none", "`PostsResponse` `{posts}`", 200, vec![UserNotFound]),
        e("GET", "/api/posts/{postId}", false, "One post by `_id`.", "none", "`PostResponse` `{post}`", 200, vec![PostNotFound]),
        e("POST", "/api/posts", true, "Creates a post with `likeCount` 0, no likers and no comments.",
          "`PostRequest` `{postData: {content, mediaURL?, hashtags?}}`", "`PostsResponse` `{posts}` (all posts)", 201,
          vec![PostContentEmpty, PostContentTooLong, HashtagsTooLong, UnsafeMediaUrl("mediaURL"), bad_body()]),
        e("POST", "/api/posts/edit/{postId}", true,
          "Merges `content`, `mediaURL` and `hashtags` into the signed-in user's post (`mediaURL: \"\"` removes the media); nothing else changes.",
          "`PostRequest` `{postData: {content?, mediaURL?, hashtags?}}`", "`PostsResponse` `{posts}`", 201,
          vec![PostNotFound, EditPostNotOwner, PostContentEmpty, PostContentTooLong, HashtagsTooLong, UnsafeMediaUrl("mediaURL"), bad_body()]),
        e("DELETE", "/api/posts/{postId}", true, "Deletes the signed-in user's post and every bookmark of it.",
          "none", "`PostsResponse` `{posts}`", 200, vec![PostNotFound, DeletePostNotOwner]),
        e("POST", "/api/posts/like/{postId}", true, "Likes a post: the user joins `likedBy`, leaves `dislikedBy`; `likeCount` rises by 1.",
          "none", "`PostsResponse` `{posts}`", 200, vec![PostNotFound, AlreadyLiked]),
        e("POST", "/api/posts/dislike/{postId}", true,
          "Takes back the user's like: the user leaves `likedBy`, joins `dislikedBy`; `likeCount` falls by 1. \
           A user who has not liked the post has no like to take back, so `likeCount` always equals `likedBy.length`.",
          "none", "`PostsResponse` `{posts}`", 200, vec![PostNotFound, AlreadyDisliked, LikeBelowZero]),
        e("GET", "/api/posts/tag/{tag}", false,
          "A page of the posts carrying a tag, newest first, with how many carry it in all. The tag may start with `#` (sent as `%23`) \
           and is matched case-insensitively and whether typed composed or decomposed, Unicode letters included (`caf%C3%A9`, `%E6%97%A5%E6%9C%AC`). A post carries the tags \
           written in its `content` or `hashtags`: `#` at the start or after a character that is not a letter, digit or `_`, \
           then letters, digits and `_` up to anything else (`#Café!` is `café`). Query: `filter` as for `/api/posts/feed` \
           (newest first by default), `page` (from 1, default 1), `limit` (1 to 50, default 10); a page past the end has no posts.",
          "none", "`TagFeedResponse` `{tag, total, posts}` (`tag` lowercased, without `#`, in canonical decomposed form: `café` comes back as `cafe` + U+0301, which renders the same)", 200,
          vec![NotAHashtag, BadFeedFilter, BadQueryNumber { name: "page", max: crate::routes::feeds::MAX_FEED_PAGE },
               BadQueryNumber { name: "limit", max: crate::search::MAX_SEARCH_LIMIT }, BadQueryEncoding("filter"), BadQueryEncoding("page"), BadQueryEncoding("limit")]),
        e("GET", "/api/search", false,
          "Searches as one types. Query: `q` (required, at most 100 characters; `+` or `%20` for spaces), `limit` (1 to 50 per list, \
           default 10). Case and accents are ignored (`cafe` finds `Café`), and each word of `q` matches the start of a word. \
           `users`: those whose username, first or last name has a word starting with every word of `q` (a leading `@` is ignored): \
           the exact username first, then usernames starting with `q`, then more whole-word matches, then by username. \
           `posts`: those whose content or hashtags have a word starting with every word of `q`: more whole-word matches first, \
           then newest. `tags`: tags starting with `q` (one word, a leading `#` ignored) with their post counts: the exact tag first, \
           then the most used (tags come back like the tag feed's `tag`). Answered from an index built by the first search or tag feed \
           and kept up to date by every write.",
          "none", "`SearchResponse` `{users: UserSummary[], posts: PostView[], tags: TagCount[]}`", 200,
          vec![SearchQueryMissing, SearchQueryTooLong, BadQueryNumber { name: "limit", max: crate::search::MAX_SEARCH_LIMIT },
               BadQueryEncoding("q"), BadQueryEncoding("limit")]),
        e("GET", "/api/comments/{postId}", false, "A post's comments, newest first.",
          "none", "`CommentsResponse` `{comments}`", 200, vec![PostNotFound]),
        e("POST", "/api/comments/add/{postId}", true, "Adds a comment by the signed-in user: 1 to 280 characters after trimming, stored trimmed.",
          "`CommentRequest` `{commentData: \"text\"}` or `{commentData: {text}}`", "`PostsResponse` `{posts}`", 201,
          vec![PostNotFound, CommentEmpty, comment_too_long(), bad_body()]),
        e("POST", "/api/comments/edit/{postId}/{commentId}", true,
          "Replaces the text of the signed-in user's comment (as for adding one; the text it already has is accepted as it is).",
          "`CommentRequest`", "`PostsResponse` `{posts}`", 201,
          vec![PostNotFound, CommentNotFound, EditCommentNotOwner, CommentEmpty, comment_too_long(), bad_body()]),
        e("POST", "/api/comments/delete/{postId}/{commentId}", true, "Deletes a comment; its author or the post's author may.",
          "none", "`PostsResponse` `{posts}`", 201, vec![PostNotFound, CommentNotFound, DeleteCommentNotOwner]),
        e("POST", "/api/media", true,
          "Registers an image upload (the browser keeps the file) and returns its path, absolute under the base path (`/media/m-01`, `/murmur/media/m-01`), for `postData.mediaURL` or `userData.avatarURL`.",
          "`MediaRequest` `{type, size}`", "`MediaResponse` `{mediaURL: \"<base>media/<id>\"}`", 201,
          vec![NotAnImage, FileTooLarge, bad_body()]),
    ]
}

fn error_line(err: &ApiError) -> String {
    format!("| {} | `{}` |\n", err.status(), err.message())
}

const INTRO: &str = "\
# Murmur API

<!-- Generated by mock-core (src/contract/api_docs.rs) from the router's route table. \
Do not edit: run `UPDATE_API_DOCS=1 cargo test`. -->

Served inside the browser by `mock-core`. Conventions:

- Every path starts with `/api/`; a full URL, a query string and trailing slashes are accepted.
- Bodies are JSON. A body that is not JSON of the expected shape answers 400 `Invalid request body: <reason>`, \
the reason naming the field: `postData.content: invalid type: ...` for a wrong type, `missing field ...` for a \
missing one, `not valid JSON (...)` for text that is not JSON. Fields a request does not use are ignored.
- `mediaURL` and `avatarURL` are same-origin paths to an uploaded or shipped image: `[/][dir/...](media|avatars|seed)/<name>` \
(`media/m-01`, `avatars/seed-1.svg`, `/murmur/media/m-01`), each directory `[A-Za-z0-9_-]+` and the name \
`[A-Za-z0-9_-][A-Za-z0-9._-]*`. Anything else (another origin, `//host`, a scheme, backslashes, whitespace, \
percent-escapes, `..`) answers 400 `<field> must be a path to an uploaded or shipped image`; an edit may send back \
the value it already has. The core stores and answers every such path absolute under the site's base path (`new \
MockCore({ basePath })`, default `/`): a relative one sent in (`avatars/preset-1.svg`) is stored as \
`<base>avatars/preset-1.svg`, so a URL works from any route; a saved state holding relative paths is moved under \
the base when it is loaded.
- A body larger than 256 kB (262,144 bytes) answers 413 `Request body too large` before it is read, on any path \
(`@murmur/backend`'s handler refuses it before it reaches the core, and the core refuses it too).
- Input rules (lengths in Unicode code points): `username` 3 to 30 characters, ASCII letters, digits, `_`, `.` and \
`-`, starting and ending with a letter, digit or `_`, unique ignoring case; `firstName` and `lastName` 1 to 50 \
characters after trimming (stored trimmed); no control or bidirectional-override characters (U+0000–U+001F, \
U+007F–U+009F, U+202A–U+202E, U+2066–U+2069) in names or usernames; `password` 8 to 128 characters at sign-up; \
`bio` at most 160 characters; `website` empty, or at most 200 characters of `http://` or `https://` (any case), a \
host and no whitespace or control characters; comment text 1 to 280 characters after trimming (stored trimmed). \
A refusal names the field and the rule (`firstName must be 1 to 50 characters`). Values stored before these rules \
(a saved state, a snapshot) load unchanged, and an edit may send back a value the record already has. \
`web/src/api/types/constants.ts` holds the limits, a username pattern and these messages for clients.
- Failures answer `{\"errors\": [\"<message>\"]}`; clients read `errors[0]`.
- A path no route has answers 404 `No route for <METHOD> <path>`. A known path asked with a method it does \
not answer (`PUT /api/posts`, `GET /api/posts/like/p-01`) answers 405 `Method not allowed` with an `Allow` \
header naming the methods it answers (`Allow: GET, POST`), in every transport.
- Routes marked *token* need a token (see \"Tokens\" below).
- Timestamps read `YYYY-MM-DDTHH:MM:SS+HH:MM` in the caller's zone offset. Every change sets `updatedAt` of what \
it changed (a like or comment also updates its post's `updatedAt`).
- Passwords are stored as salted SHA-256 digests and never returned.
- A failed request changes nothing.
- Types named below are generated into `web/src/api/types/`.
- The same contract as an OpenAPI 3.1 document: [`docs/openapi.json`](openapi.json), generated from the same route \
table, these descriptions and the same Rust types (utoipa; `mock-core/src/contract/openapi.rs`, rewritten by \
`UPDATE_OPENAPI=1 cargo test`), checked by a standard validator in `npm test` and shipped as \
`@murmur/backend/openapi.json`. Every answer the core's API tests get is validated against it \
(`mock-core/src/contract/check.rs`; `mock-core/src/contract/agreement.rs` holds the request schemas to the core's verdicts on the input rules).

## Tokens

Sign-up and login answer `encodedToken`: an HS256 JSON Web Token (header `{\"alg\":\"HS256\",\"typ\":\"JWT\"}`, \
payload with the user's `_id` and `username`), signed with the secret `MURMUR_TOKEN_SECRET` names. Routes marked \
*token* read it from the `Authorization` header, raw or as `Bearer <token>`. A missing, malformed or forged token \
(or one with another `alg`, `none` included) answers 401 `The token is invalid. Unauthorized access error.`; a \
genuine token whose user no longer exists answers 404 `The username you entered is not Registered. Not Found error`. \
A client decodes the payload only for display.

## The core from JavaScript

Most front ends use the core through the `@murmur/backend` package (`packages/murmur-backend`: `startMurmurBackend(...)` in the browser, `createMurmurServer(...)` in Node tests; see the README), which routes `fetch` and XHR to it with msw. Underneath, `mock-core/pkg` (built by `scripts/build-core.sh`, copied into the package) exports one class:

| Call | Does |
|---|---|
| `new MockCore({ basePath }?)` | A backend over the seed data, its media and avatar URLs absolute under `basePath` (default `/`); its password-salt generator is seeded once from `crypto.getRandomValues` and then lives in the state (and in snapshots). |
| `core.handle(method, url, authorization \\| undefined, body)` | Answers one request at the platform's clock and zone (`Date`) with a `CoreResponse`: `status`, `takeBody()` (the JSON body as UTF-8 bytes, once), `free()`. |
| `core.handleAt(method, url, authorization \\| undefined, body, nowMs, offsetMinutes)` | The same at an explicit time (`nowMs` like `Date.now()`) and zone (`offsetMinutes` is `-new Date().getTimezoneOffset()`), for callers that record requests and replay them. |
| `core.exportSnapshot(): string` | The whole state (password digests included) as one JSON document `{\"format\": \"murmur-snapshot\", \"version\": 1, ..., \"basePath\": \"/\"}`: `basePath` is the base its media and avatar paths were made under. |
| `core.importSnapshot(json: string)` | Replaces the state; throws an `Error` saying why a bad document was refused, leaving the state as it was. A state saved under another base path (a backup made at `/murmur/`, restored at `/`) has its media and avatar paths moved to this core's base; a snapshot without `basePath` (saved before it was recorded) keeps its paths. |
| `core.importSeed(json: string)` | Replaces the state with a host's seed `{users, follows?, posts?}` (users with plain passwords, `[follower, followed]` usernames, posts with `likedBy` and `comments`), checked by the API's own rules (sign-up, profile edit, follow, post, like, comment); throws an `Error` naming the item and the rule, leaving the state as it was. `@murmur/backend`'s `seed` option (and `seed: { generate }`) loads through it. |
| `core.loadBulk(users: number, posts: number)` | Replaces the state with generated users (the guest among them) and posts, for benchmarks. |
| `core.reset()` | Back to the seed data. |
";

fn render() -> String {
    let mut out = String::from(INTRO);
    out.push_str("\n## Endpoints\n\n| Method | Path | Auth | Success |\n|---|---|---|---|\n");
    for ep in endpoints() {
        let auth = if ep.auth { "token" } else { "none" };
        let _ = writeln!(
            out,
            "| {} | `{}` | {auth} | {} |",
            ep.method, ep.pattern, ep.status
        );
    }
    for ep in endpoints() {
        let _ = write!(
            out,
            "\n### {} `{}`\n\n{}\n\n- Auth: {}\n- Request: {}\n- Response: {} {}\n",
            ep.method,
            ep.pattern,
            ep.summary,
            if ep.auth { "token" } else { "none" },
            ep.request,
            ep.status,
            ep.response,
        );
        let errors = ep.errors();
        if !errors.is_empty() {
            out.push_str("\n| Status | Error |\n|---|---|\n");
            for err in &errors {
                out.push_str(&error_line(err));
            }
        }
    }
    out.push_str("\n## Error catalogue\n\n| Status | Message |\n|---|---|\n");
    for err in catalogue() {
        out.push_str(&error_line(&err));
    }
    let _ = write!(
        out,
        "\n## Constants\n\n\
         - Default avatar (sign-up without `avatarURL`): `{}`\n\
         - Preset avatars: {}\n\
         - Post `content` and `hashtags`: at most {} characters each (Unicode code points)\n\
         - Uploads: an `image/*` type and fewer than {} bytes\n\
         - Request bodies: at most {} bytes\n\
         - Usernames: {} to {} characters; names: 1 to {}; passwords: {} to {}; bio: at most {}; website: at most {}; comments: 1 to {}\n\
         - Token secret constant: `MURMUR_TOKEN_SECRET`\n\
         - Guest account: `{}` / `{}`; other seed users: password `{}`\n",
        crate::DEFAULT_AVATAR,
        crate::PRESET_AVATARS.map(|p| format!("`{p}`")).join(", "),
        crate::MAX_POST_CHARS,
        crate::MAX_UPLOAD_BYTES,
        crate::MAX_BODY_BYTES,
        crate::MIN_USERNAME_CHARS,
        crate::MAX_USERNAME_CHARS,
        crate::MAX_NAME_CHARS,
        crate::MIN_PASSWORD_CHARS,
        crate::MAX_PASSWORD_CHARS,
        crate::MAX_BIO_CHARS,
        crate::MAX_WEBSITE_CHARS,
        crate::MAX_COMMENT_CHARS,
        crate::GUEST_USERNAME,
        crate::GUEST_PASSWORD,
        crate::SEED_PASSWORD,
    );
    out.push_str(&seed_accounts());
    out
}

/// The seed users, from the seed itself.
fn seed_accounts() -> String {
    let db = crate::seed::seed_db(crate::db::Rng(0));
    let mut out = String::from(
        "\n## Seed accounts\n\n| `_id` | Username | Name | Password | Follows |\n|---|---|---|---|---|\n",
    );
    for u in db.users() {
        let password = if u.username == crate::GUEST_USERNAME {
            crate::GUEST_PASSWORD
        } else {
            crate::SEED_PASSWORD
        };
        let _ = writeln!(
            out,
            "| `{}` | `{}` | {} {} | `{password}` | {} |",
            u.id,
            u.username,
            u.first_name,
            u.last_name,
            u.following
                .iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let posts: Vec<String> = db
        .posts()
        .iter()
        .map(|p| {
            format!(
                "`{}` ({})",
                p.id,
                db.user(&p.author).map_or("?", |a| a.username.as_str())
            )
        })
        .collect();
    let _ = writeln!(out, "\nPosts: {}.", posts.join(", "));
    out
}

/// Every error the API can answer with, in catalogue order.
fn catalogue() -> Vec<ApiError> {
    use ApiError::*;
    vec![
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
        PostNotFound,
        CommentNotFound,
        UserNotFound,
        NoRoute {
            method: "<METHOD>".into(),
            path: "<path>".into(),
        },
        MethodNotAllowed { allow: "GET" },
        bad_body(),
        SignupFieldsEmpty,
        PostContentEmpty,
        PostContentTooLong,
        HashtagsTooLong,
        CommentEmpty,
        NotAnImage,
        FileTooLarge,
        UnsafeMediaUrl("mediaURL"),
        UnsafeMediaUrl("avatarURL"),
        SearchQueryMissing,
        SearchQueryTooLong,
        BadQueryNumber {
            name: "limit",
            max: crate::search::MAX_SEARCH_LIMIT,
        },
        BadQueryNumber {
            name: "page",
            max: crate::routes::feeds::MAX_FEED_PAGE,
        },
        BadQueryEncoding("<name>"),
        NotAHashtag,
        length(
            "username",
            crate::MIN_USERNAME_CHARS,
            crate::MAX_USERNAME_CHARS,
        ),
        ApiError::ForbiddenCharacters("username"),
        UsernameFormat,
        length(
            "password",
            crate::MIN_PASSWORD_CHARS,
            crate::MAX_PASSWORD_CHARS,
        ),
        length("firstName", 1, crate::MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("firstName"),
        length("lastName", 1, crate::MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("lastName"),
        length("bio", 0, crate::MAX_BIO_CHARS),
        length("website", 0, crate::MAX_WEBSITE_CHARS),
        WebsiteNotHttp,
        comment_too_long(),
        BodyTooLarge,
    ]
}

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/API.md")
}

#[test]
fn every_route_is_documented_in_order() {
    let documented: Vec<(&str, &str, bool)> = endpoints()
        .iter()
        .map(|e| (e.method, e.pattern, e.auth))
        .collect();
    let routed: Vec<(&str, &str, bool)> = routes()
        .map(|r| (r.method.as_str(), r.pattern, r.needs_token()))
        .collect();
    assert_eq!(documented, routed);
}

#[test]
fn docs_api_md_is_current() {
    let fresh = render();
    if std::env::var_os("UPDATE_API_DOCS").is_some() {
        std::fs::write(doc_path(), &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(doc_path()).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/API.md is stale: run `UPDATE_API_DOCS=1 cargo test`"
    );
}
