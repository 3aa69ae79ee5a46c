//! One module per resource, each with its route table, its request structs
//! and its handlers.

pub mod auth;
pub mod comments;
pub mod media;
pub mod posts;
pub mod users;

use crate::error::ApiError;
use crate::router::{Ctx, Reply};
use crate::views::PostsResponse;

/// Every post, as the post and comment mutations answer.
fn all_posts(cx: &Ctx<'_>, status: u16) -> Result<Reply, ApiError> {
    let body = PostsResponse {
        posts: cx.render().posts(),
    };
    if status == 201 {
        Reply::created(&body)
    } else {
        Reply::ok(&body)
    }
}

/// A length in Unicode code points, as the client counts (`[...s].length`).
fn chars(s: &str) -> usize {
    s.chars().count()
}
