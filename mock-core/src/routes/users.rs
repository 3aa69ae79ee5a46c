//! Users: listing, profiles, profile edits, bookmarks and follows.

use crate::auth::AuthUser;
use crate::db::remove_all;
use crate::error::ApiError;
use crate::json::{FromJson, Json, Obj};
use crate::router::{Ctx, Method, Reply, Route};
use crate::views::{BookmarksResponse, FollowResponse, UserResponse, UsersResponse};

#[cfg(test)]
use ts_rs::TS;

pub const ROUTES: &[Route] = &[
    Route {
        method: Method::Get,
        pattern: "/api/users",
        handler: list,
    },
    Route {
        method: Method::Get,
        pattern: "/api/users/bookmark",
        handler: bookmarks,
    },
    Route {
        method: Method::Get,
        pattern: "/api/users/{userId}",
        handler: profile,
    },
    Route {
        method: Method::Post,
        pattern: "/api/users/edit",
        handler: edit,
    },
    Route {
        method: Method::Post,
        pattern: "/api/users/bookmark/{postId}",
        handler: bookmark,
    },
    Route {
        method: Method::Post,
        pattern: "/api/users/remove-bookmark/{postId}",
        handler: remove_bookmark,
    },
    Route {
        method: Method::Post,
        pattern: "/api/users/follow/{followUserId}",
        handler: follow,
    },
    Route {
        method: Method::Post,
        pattern: "/api/users/unfollow/{followUserId}",
        handler: unfollow,
    },
];

#[derive(Debug)]
#[cfg_attr(test, derive(TS), ts(rename_all = "camelCase"))]
pub struct EditUserRequest {
    pub user_data: UserData,
}

impl FromJson for EditUserRequest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "the body")?.obj("userData")?;
        Ok(EditUserRequest {
            user_data: UserData {
                first_name: o.opt_str("firstName")?,
                last_name: o.opt_str("lastName")?,
                bio: o.opt_str("bio")?,
                website: o.opt_str("website")?,
                avatar_url: o.opt_str("avatarURL")?,
                username: o.opt_str("username")?,
            },
        })
    }
}

/// The editable profile fields; anything else sent along is ignored.
#[derive(Debug, Default)]
#[cfg_attr(test, derive(TS), ts(optional_fields, rename_all = "camelCase"))]
pub struct UserData {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub bio: Option<String>,
    pub website: Option<String>,
    #[cfg_attr(test, ts(rename = "avatarURL"))]
    pub avatar_url: Option<String>,
    /// Accepted only when equal to the current username.
    pub username: Option<String>,
}

fn list(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    Reply::ok(&UsersResponse {
        users: cx.render().users(),
    })
}

fn profile(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let render = cx.render();
    let user = render.db.user(cx.param(0)).ok_or(ApiError::UserNotFound)?;
    Reply::ok(&UserResponse {
        user: render.user(user),
    })
}

fn edit(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let data = cx.json::<EditUserRequest>()?.user_data;
    let now = cx.now.epoch_ms;
    let user = cx.db.user_mut(&me.id).ok_or(ApiError::UserNotRegistered)?;
    if data.username.is_some_and(|name| name != user.username) {
        return Err(ApiError::UsernameCannotChange);
    }
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
    let render = cx.render();
    let user = render.db.user(&me.id).ok_or(ApiError::Internal)?;
    Reply::created(&UserResponse {
        user: render.user(user),
    })
}

fn bookmarks_of(cx: &Ctx<'_>, me: &AuthUser) -> Result<Reply, ApiError> {
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotRegistered)?;
    Reply::ok(&BookmarksResponse {
        bookmarks: user.bookmarks.iter().map(String::as_str).collect(),
    })
}

fn bookmarks(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    bookmarks_of(&cx, &me)
}

fn bookmark(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    set_bookmark(cx, true)
}

fn remove_bookmark(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    set_bookmark(cx, false)
}

fn set_bookmark(cx: Ctx<'_>, add: bool) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let post_id = cx.param(0).to_owned();
    cx.db.post(&post_id).ok_or(ApiError::PostNotFound)?;
    let now = cx.now.epoch_ms;
    let user = cx
        .db
        .user_lists_mut(&me.id)
        .ok_or(ApiError::UserNotRegistered)?;
    match (add, user.bookmarks.contains(&post_id)) {
        (true, true) => return Err(ApiError::AlreadyBookmarked),
        (false, false) => return Err(ApiError::NotBookmarked),
        (true, false) => user.bookmarks.push(post_id),
        (false, true) => remove_all(user.bookmarks, &post_id),
    }
    *user.updated_at = now;
    bookmarks_of(&cx, &me)
}

fn follow(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    set_following(cx, true)
}

fn unfollow(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    set_following(cx, false)
}

/// Follow (`add`) or unfollow, keeping both users' lists in step.
fn set_following(cx: Ctx<'_>, add: bool) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let target = cx
        .db
        .user(cx.param(0))
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
    let render = cx.render();
    let user = render.db.user(&me.id).ok_or(ApiError::Internal)?;
    Reply::ok(&FollowResponse {
        user: render.user(user),
        all_users: render.users(),
    })
}

#[cfg(test)]
#[path = "users_tests.rs"]
mod tests;
