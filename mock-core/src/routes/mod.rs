//! One module per resource, each with its route table, its request structs
//! and its handlers.

pub mod auth;
pub mod comments;
pub mod discover;
pub mod feeds;
pub mod media;
pub mod notifications;
pub mod posts;
pub mod users;

use crate::error::ApiError;
use crate::exchange::RETURN_MINIMAL;
use crate::model::Post;
use crate::router::{Ctx, Reply};
use crate::views::PostResponse;

/// What a post or comment mutation answers: every post (the contract's
/// answer, what the original app's client expects), or, when the request
/// asked for `Prefer: return=minimal`, only the post `id` it changed
/// (written, liked or commented on), in the time it takes to render one.
fn changed_post(cx: &Ctx<'_>, status: u16, id: &str) -> Result<Reply, ApiError> {
    if cx.minimal() {
        let post = cx.db.post(id).ok_or(ApiError::PostNotFound)?;
        return minimal_reply(cx, status, post);
    }
    all_posts(cx, status)
}

/// Every post, oldest first.
fn all_posts(cx: &Ctx<'_>, status: u16) -> Result<Reply, ApiError> {
    let body = cx.render().posts_body(0..cx.db.posts().len())?;
    Ok(Reply {
        status,
        body,
        applied: None,
    })
}

/// `{post}`: the one post, with `Preference-Applied: return=minimal`.
fn minimal_reply(cx: &Ctx<'_>, status: u16, post: &Post) -> Result<Reply, ApiError> {
    let render = cx.render();
    let post = render.post(post).ok_or(ApiError::PostNotFound)?;
    let body = serde_json::to_string(&PostResponse { post }).map_err(|_| ApiError::Internal)?;
    Ok(Reply {
        status,
        body,
        applied: Some(RETURN_MINIMAL),
    })
}

#[cfg(test)]
#[path = "bodies_tests.rs"]
mod bodies_tests;
