//! Discovery: a tag's feed and search over users, posts and tags, both
//! answered from the search index that every write keeps up to date.

use crate::error::ApiError;
use crate::router::{Ctx, Method::Get, Reply, Route};
use crate::routes::feeds::{sort_positions, Filter, Paging};
use crate::search::{hashtag, DEFAULT_SEARCH_LIMIT, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT};
use crate::views::{SearchResponse, TagCount, TagFeedResponse};

pub const ROUTES: &[Route] = &[
    Route::open(Get, "/api/posts/tag/{tag}", tag_feed),
    Route::open(Get, "/api/search", search),
];

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A page of the posts carrying a tag, in the query's order (newest first
/// by default).
fn tag_feed(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let tag = hashtag(cx.param("tag")).ok_or(ApiError::NotAHashtag)?;
    let filter = Filter::from_query(&cx)?;
    let paging = Paging::from_query(&cx, DEFAULT_SEARCH_LIMIT)?;
    let render = cx.render();
    let index = render.db.search();
    // The index keeps a tag's posts newest first: Latest reads one page of it.
    let (total, order) = if filter == Filter::Latest {
        let page = index.tag_page(&tag, paging.offset, paging.limit);
        let positions = page.ids.iter().filter_map(|id| render.db.position(id));
        (page.total, positions.collect())
    } else {
        let tagged = index.tag_page(&tag, 0, usize::MAX).ids;
        let positions = tagged.iter().filter_map(|id| render.db.position(id));
        let order = sort_positions(render.db.posts(), filter, positions.collect());
        let page: Vec<usize> = paging.of(&order).copied().collect();
        (order.len(), page)
    };
    let posts = order
        .iter()
        .filter_map(|&i| render.db.posts().get(i))
        .filter_map(|post| render.post(post))
        .collect();
    Reply::ok(&TagFeedResponse {
        tag,
        total: count(total),
        posts,
    })
}

/// The query's `q`: required, at most `MAX_QUERY_CHARS` characters.
pub fn search_query(cx: &Ctx<'_>) -> Result<String, ApiError> {
    let q = cx.query("q")?.unwrap_or_default();
    if q.trim().is_empty() {
        return Err(ApiError::SearchQueryMissing);
    }
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::SearchQueryTooLong);
    }
    Ok(q)
}

/// Users by name or username, posts by text or tag, and tags by prefix.
fn search(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let q = search_query(&cx)?;
    let limit = cx.query_number("limit", DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT)?;
    let render = cx.render();
    let index = render.db.search();
    let users = index
        .search_users(&q, limit)
        .iter()
        .filter_map(|id| render.db.user(id))
        .map(|user| render.summary(user))
        .collect();
    let posts = index
        .search_posts(&q, limit)
        .iter()
        .filter_map(|id| render.db.post(id))
        .filter_map(|post| render.post(post))
        .collect();
    let tags = index
        .search_tags(&q, limit)
        .into_iter()
        .map(|(tag, n)| TagCount {
            tag,
            count: count(n),
        })
        .collect();
    Reply::ok(&SearchResponse { users, posts, tags })
}

#[cfg(test)]
#[path = "discover_tests.rs"]
mod tests;
