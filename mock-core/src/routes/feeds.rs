//! Paged feeds: Home (the signed-in user's posts and those of the people
//! they follow) and Explore (every post), each in one of three orders, a
//! page at a time with the feed's total, so a client never has to read all
//! the posts to show the first few. `GET /api/posts` stays as the spec has it.

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::Post;
use crate::router::{Ctx, Method::Get, Reply, Route};
use std::cmp::Reverse;
use std::collections::HashSet;

pub const ROUTES: &[Route] = &[
    Route::token(Get, "/api/posts/feed", home),
    Route::open(Get, "/api/posts/explore", explore),
];

/// Posts a page holds unless `limit` says otherwise (the spec's feed page).
pub const DEFAULT_FEED_LIMIT: usize = 5;
/// The most posts one page may hold.
pub const MAX_FEED_LIMIT: usize = 50;
/// Highest page number a feed accepts.
pub const MAX_FEED_PAGE: usize = 1_000_000;

/// The orders a feed can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(test, derive(utoipa::ToSchema))]
pub enum Filter {
    /// Newest first; among equal times the later-written post first.
    Latest,
    /// Oldest first; among equal times the earlier-written post first.
    Oldest,
    /// Most liked first, then as `Latest`.
    Trending,
}

impl Filter {
    /// `Latest` (also when absent), `Oldest` or `Trending`, in any case.
    fn parse(text: Option<&str>) -> Result<Self, ApiError> {
        let Some(text) = text else {
            return Ok(Filter::Latest);
        };
        [Filter::Latest, Filter::Oldest, Filter::Trending]
            .into_iter()
            .find(|f| format!("{f:?}").eq_ignore_ascii_case(text))
            .ok_or(ApiError::BadFeedFilter)
    }
}

/// Positions (in `posts`) of the posts `keep` selects, in `filter`'s order.
pub fn feed_order(posts: &[Post], filter: Filter, keep: impl Fn(&Post) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = posts
        .iter()
        .enumerate()
        .filter(|(_, p)| keep(p))
        .map(|(i, _)| i)
        .collect();
    let at = |i: usize| {
        posts
            .get(i)
            .map_or((0, i64::MIN), |p| (p.likes.like_count, p.created_at))
    };
    match filter {
        Filter::Latest => order.sort_unstable_by_key(|&i| Reverse((at(i).1, i))),
        Filter::Oldest => order.sort_unstable_by_key(|&i| (at(i).1, i)),
        Filter::Trending => order.sort_unstable_by_key(|&i| Reverse((at(i), i))),
    }
    order
}

/// The page the query asks for of the posts `keep` selects.
fn page(cx: &Ctx<'_>, keep: impl Fn(&Post) -> bool) -> Result<Reply, ApiError> {
    let filter = Filter::parse(cx.query("filter")?.as_deref())?;
    let page = cx.query_number("page", 1, MAX_FEED_PAGE)?;
    let limit = cx.query_number("limit", DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT)?;
    let order = feed_order(cx.db.posts(), filter, keep);
    let offset = page.saturating_sub(1).saturating_mul(limit);
    let shown = order.iter().copied().skip(offset).take(limit);
    let body = cx.render().posts_page_body(order.len(), shown)?;
    Ok(Reply { status: 200, body })
}

/// Home: the signed-in user's posts and those of the people they follow.
fn home(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotFound)?;
    let authors: HashSet<&str> = user
        .following
        .iter()
        .map(String::as_str)
        .chain([me.id.as_str()])
        .collect();
    page(&cx, |p| authors.contains(p.author.as_str()))
}

/// Explore: every post.
fn explore(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    page(&cx, |_| true)
}

#[cfg(test)]
#[path = "feeds_tests.rs"]
mod tests;
