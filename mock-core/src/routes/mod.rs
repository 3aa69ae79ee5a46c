//! One module per resource, each with its route table, its request structs
//! and its handlers.

pub mod auth;
pub mod comments;
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

/// A length in Unicode code points, as the client counts (`[...s].length`).
/// (Counts the bytes that start a character: the same number as
/// `chars().count()`, without its kB of vectorised counting.)
pub fn chars(s: &str) -> usize {
    s.bytes().filter(|&b| (b as i8) >= -0x40).count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn chars_counts_code_points() {
        for s in ["", "abc", "é😀\u{2028}x", "\u{10ffff}\u{7f}\u{80}"] {
            assert_eq!(super::chars(s), s.chars().count(), "{s:?}");
        }
    }
}
