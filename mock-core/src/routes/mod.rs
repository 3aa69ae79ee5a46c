//! One module per resource, each with its route table, its request structs
//! and its handlers.

pub mod auth;
pub mod comments;
pub mod discover;
pub mod feeds;
pub mod media;
pub mod posts;
pub mod users;

use crate::error::ApiError;
use crate::router::{Ctx, Reply};

/// Every post, as the post and comment mutations answer.
fn all_posts(cx: &Ctx<'_>, status: u16) -> Result<Reply, ApiError> {
    let body = cx.render().posts_body(0..cx.db.posts().len())?;
    Ok(Reply { status, body })
}

#[cfg(test)]
#[path = "bodies_tests.rs"]
mod bodies_tests;
