//! Paged lists of posts: Home (the signed-in user's posts and those of the
//! people they follow), Explore (every post), one author's posts, the
//! signed-in user's bookmarks and the posts a search finds, each a page at a
//! time with the list's total, so a client never has to read all the posts
//! to show the first few. `GET /api/posts` stays as the spec has it. The tag
//! feed (routes/discover.rs) pages with the same [`Paging`] and [`Filter`].

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::Post;
use crate::order;
use crate::router::{route_table, Ctx, Reply};
use crate::routes::discover::search_query;
use std::collections::BTreeSet;

#[cfg(test)]
use crate::views::PostsPageResponse;

route_table! {
    /// A page of the signed-in user's Home feed: their own posts and those of the people they
    /// follow, with how many there are in all. A page past the end has no posts. Among posts
    /// written the same millisecond, the later-written one is newer.
    token Get "/api/posts/feed" => home {
        query: FeedQuery,
        response: 200 PostsPageResponse<'static>,
        errors: [],
    }
    /// A page of every post (Explore), with how many there are in all.
    open Get "/api/posts/explore" => explore {
        query: FeedQuery,
        response: 200 PostsPageResponse<'static>,
        errors: [],
    }
    /// A page of one user's posts (a profile), with how many they have written.
    open Get "/api/posts/author/{username}" => author {
        query: FeedQuery,
        response: 200 PostsPageResponse<'static>,
        errors: [UserNotFound],
    }
    /// A page of the signed-in user's bookmarked posts, the latest bookmarked first, with how many
    /// there are in all.
    token Get "/api/posts/bookmarks" => bookmarks {
        query: PageQuery,
        response: 200 PostsPageResponse<'static>,
        errors: [],
    }
    /// A page of the posts a search finds, ranked as `/api/search` ranks its `posts` (more
    /// whole-word matches first, then newest), with how many it finds in all.
    open Get "/api/posts/search" => found {
        query: PostSearchQuery,
        response: 200 PostsPageResponse<'static>,
        errors: [],
    }
}

/// The query of a feed page (read by [`Filter::from_query`] and
/// [`Paging::from_query`]).
#[cfg(test)]
#[derive(utoipa::IntoParams)]
#[allow(dead_code)]
pub struct FeedQuery {
    /// The order: `Latest` (newest first, the default), `Oldest`, or `Trending` (most liked
    /// first, then newest); any case is accepted.
    #[param(required = false, default = "Latest")]
    filter: Filter,
    /// Which page, from 1.
    #[param(required = false, minimum = 1, maximum = 1000000, default = 1)]
    page: u32,
    /// How many posts a page holds at most.
    #[param(required = false, minimum = 1, maximum = 50, default = 5)]
    limit: u32,
}

/// The query of a page of bookmarks.
#[cfg(test)]
#[derive(utoipa::IntoParams)]
#[allow(dead_code)]
pub struct PageQuery {
    /// Which page, from 1.
    #[param(required = false, minimum = 1, maximum = 1000000, default = 1)]
    page: u32,
    /// How many posts a page holds at most.
    #[param(required = false, minimum = 1, maximum = 50, default = 5)]
    limit: u32,
}

/// The query of a page of a search's posts.
#[cfg(test)]
#[derive(utoipa::IntoParams)]
#[allow(dead_code)]
pub struct PostSearchQuery {
    /// What to search for, as for `/api/search`.
    #[param(min_length = 1, max_length = 100)]
    q: String,
    /// Which page, from 1.
    #[param(required = false, minimum = 1, maximum = 1000000, default = 1)]
    page: u32,
    /// How many posts a page holds at most.
    #[param(required = false, minimum = 1, maximum = 50, default = 5)]
    limit: u32,
}

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
    /// The query's `filter`: `Latest` (also when absent), `Oldest` or
    /// `Trending`, in any case.
    pub fn from_query(cx: &Ctx<'_>) -> Result<Self, ApiError> {
        let Some(text) = cx.query("filter")? else {
            return Ok(Filter::Latest);
        };
        [Filter::Latest, Filter::Oldest, Filter::Trending]
            .into_iter()
            .find(|f| format!("{f:?}").eq_ignore_ascii_case(&text))
            .ok_or(ApiError::BadFeedFilter)
    }
}

/// Which part of a list the query asks for: `page` (from 1) of `limit`.
#[derive(Debug, Clone, Copy)]
pub struct Paging {
    /// How many items come before the page.
    pub offset: usize,
    /// The most items the page holds.
    pub limit: usize,
}

impl Paging {
    /// The query's `page` (default 1) and `limit` (1 to 50, `default_limit`
    /// when absent); 400 naming the parameter otherwise.
    pub fn from_query(cx: &Ctx<'_>, default_limit: usize) -> Result<Self, ApiError> {
        let page = cx.query_number("page", 1, MAX_FEED_PAGE)?;
        let limit = cx.query_number("limit", default_limit, MAX_FEED_LIMIT)?;
        Ok(Paging {
            offset: page.saturating_sub(1).saturating_mul(limit),
            limit,
        })
    }

    /// The page's items of `all` (none past the end).
    pub fn of<'a, T>(&self, all: &'a [T]) -> impl Iterator<Item = &'a T> + 'a {
        all.iter().skip(self.offset).take(self.limit)
    }
}

/// `positions` (in `posts`) sorted in `filter`'s order.
pub fn sort_positions(posts: &[Post], filter: Filter, positions: Vec<usize>) -> Vec<usize> {
    first_positions(posts, filter, positions, usize::MAX)
}

/// The first `count` of `positions` (in `posts`) in `filter`'s order,
/// sorted: only those are sorted (a selection finds them), so the first
/// page of 10,000 posts does not sort all of them.
pub fn first_positions(
    posts: &[Post],
    filter: Filter,
    positions: Vec<usize>,
    count: usize,
) -> Vec<usize> {
    let at = |i: usize| {
        posts
            .get(i)
            .map_or((0, i64::MIN), |p| (p.likes.like_count, p.created_at))
    };
    let latest = |a, b| (at(b).1, b).cmp(&(at(a).1, a));
    let oldest = |a, b| (at(a).1, a).cmp(&(at(b).1, b));
    let trending = |a, b| (at(b), b).cmp(&(at(a), a));
    let by: order::ByPosition<'_> = match filter {
        Filter::Latest => &latest,
        Filter::Oldest => &oldest,
        Filter::Trending => &trending,
    };
    order::first(positions, count, by)
}

/// The page the query asks for of `order` (positions in `Db::posts`), as
/// a [`crate::views::PostsPageResponse`].
fn page_of(cx: &Ctx<'_>, order: &[usize]) -> Result<Reply, ApiError> {
    let paging = Paging::from_query(cx, DEFAULT_FEED_LIMIT)?;
    let body = cx
        .render()
        .posts_page_body(order.len(), paging.of(order).copied())?;
    Ok(Reply {
        status: 200,
        body,
        applied: None,
    })
}

/// The page the query asks for of the posts `keep` selects, in the
/// query's order: the posts up to the page's end are selected and sorted,
/// not all of them.
fn filtered_page(cx: &Ctx<'_>, keep: impl Fn(&Post) -> bool) -> Result<Reply, ApiError> {
    let filter = Filter::from_query(cx)?;
    // Read before the posts are sorted, so a bad page or limit costs nothing.
    let paging = Paging::from_query(cx, DEFAULT_FEED_LIMIT)?;
    let posts = cx.db.posts();
    let kept: Vec<usize> = (0..posts.len())
        .filter(|&i| posts.get(i).is_some_and(&keep))
        .collect();
    let total = kept.len();
    let end = paging.offset.saturating_add(paging.limit);
    let head = first_positions(posts, filter, kept, end);
    let body = cx
        .render()
        .posts_page_body(total, head.iter().skip(paging.offset).copied())?;
    Ok(Reply {
        status: 200,
        body,
        applied: None,
    })
}

/// Home: the signed-in user's posts and those of the people they follow.
fn home(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotFound)?;
    // Filled by inserts: `collect()` would sort first, a sort of its own
    // in the module.
    let mut authors = BTreeSet::new();
    for id in user.following.iter().chain([&me.id]) {
        authors.insert(id.as_str());
    }
    filtered_page(&cx, |p| authors.contains(p.author.as_str()))
}

/// Explore: every post.
fn explore(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    filtered_page(&cx, |_| true)
}

/// One user's posts (a profile), in the query's order.
fn author(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let user = cx
        .db
        .user_by_username(cx.param("username"))
        .ok_or(ApiError::UserNotFound)?;
    filtered_page(&cx, |p| p.author == user.id)
}

/// The signed-in user's bookmarked posts, the latest bookmarked first.
fn bookmarks(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let user = cx.db.user(&me.id).ok_or(ApiError::UserNotFound)?;
    let order: Vec<usize> = user
        .bookmarks
        .iter()
        .rev()
        .filter_map(|id| cx.db.position(id))
        .collect();
    page_of(&cx, &order)
}

/// The posts a search finds, best first (as `GET /api/search` ranks them).
fn found(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let q = search_query(&cx)?;
    let paging = Paging::from_query(&cx, DEFAULT_FEED_LIMIT)?;
    let page = cx
        .db
        .search()
        .search_posts_page(&q, paging.offset, paging.limit);
    let shown = page.ids.iter().filter_map(|id| cx.db.position(id));
    let body = cx.render().posts_page_body(page.total, shown)?;
    Ok(Reply {
        status: 200,
        body,
        applied: None,
    })
}

#[cfg(test)]
#[path = "feeds_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "lists_tests.rs"]
mod lists_tests;
