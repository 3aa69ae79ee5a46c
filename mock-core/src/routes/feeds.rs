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
use crate::query::{query_type, Number, Parameter};
use crate::router::{route_table, Ctx, Reply};
use crate::routes::discover::SearchText;
use serde::de::{Deserializer, Error as _};
use serde::Deserialize;
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

query_type! {
    /// The query of a feed page.
    pub struct FeedQuery {
        /// The order: `Latest` (newest first, the default), `Oldest`, or `Trending` (most liked
        /// first, then newest); any case is accepted.
        pub filter: Filter,
        /// Which page, from 1.
        pub page: PageNumber,
        /// How many posts a page holds at most.
        pub limit: FeedLimit,
    }
}

query_type! {
    /// The query of a page of bookmarks.
    pub struct PageQuery {
        /// Which page, from 1.
        pub page: PageNumber,
        /// How many posts a page holds at most.
        pub limit: FeedLimit,
    }
}

query_type! {
    /// The query of a page of a search's posts.
    pub struct PostSearchQuery {
        /// What to search for, as for `/api/search`.
        pub q: SearchText,
        /// Which page, from 1.
        pub page: PageNumber,
        /// How many posts a page holds at most.
        pub limit: FeedLimit,
    }
}

/// Posts a page holds unless `limit` says otherwise (the spec's feed page).
pub const DEFAULT_FEED_LIMIT: usize = 5;
/// The most posts one page may hold.
pub const MAX_FEED_LIMIT: usize = 50;
/// Highest page number a feed accepts.
pub const MAX_FEED_PAGE: usize = 1_000_000;

/// Which page of a list a query asks for, from 1 (the default).
pub type PageNumber = Number<1, MAX_FEED_PAGE>;
/// How many posts a page of a feed holds at most.
pub type FeedLimit = Number<DEFAULT_FEED_LIMIT, MAX_FEED_LIMIT>;

/// The orders a feed can be read in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Filter {
    /// Newest first; among equal times the later-written post first.
    #[default]
    Latest,
    /// Oldest first; among equal times the earlier-written post first.
    Oldest,
    /// Most liked first, then as `Latest`.
    Trending,
}

impl Filter {
    const ALL: [Filter; 3] = [Filter::Latest, Filter::Oldest, Filter::Trending];

    /// Its name in a query (`filter=Trending`; any case is read).
    fn name(self) -> &'static str {
        match self {
            Filter::Latest => "Latest",
            Filter::Oldest => "Oldest",
            Filter::Trending => "Trending",
        }
    }
}

impl<'de> Deserialize<'de> for Filter {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Filter::ALL
            .into_iter()
            .find(|filter| filter.name().eq_ignore_ascii_case(&text))
            .ok_or_else(|| D::Error::custom("not a feed order"))
    }
}

impl Parameter for Filter {
    fn refusal(_: &'static str, _: &str) -> ApiError {
        ApiError::BadFeedFilter
    }

    #[cfg(test)]
    fn refusals(name: &'static str) -> Vec<ApiError> {
        vec![Self::refusal(name, "")]
    }
}

#[cfg(test)]
impl utoipa::PartialSchema for Filter {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(Filter::ALL.map(Filter::name)))
            .default(Some(Filter::default().name().into()))
            .into()
    }
}

#[cfg(test)]
impl utoipa::ToSchema for Filter {}

/// Which part of a list a query asks for: `page` (from 1) of `limit`.
#[derive(Debug, Clone, Copy)]
pub struct Paging {
    /// How many items come before the page.
    pub offset: usize,
    /// The most items the page holds.
    pub limit: usize,
}

impl Paging {
    pub fn new<const D: usize, const M: usize>(page: PageNumber, limit: Number<D, M>) -> Self {
        let limit = limit.get();
        Paging {
            offset: page.get().saturating_sub(1).saturating_mul(limit),
            limit,
        }
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

/// The `paging` page of `order` (positions in `Db::posts`), as a
/// [`crate::views::PostsPageResponse`].
fn page_of(cx: &Ctx<'_>, paging: Paging, order: &[usize]) -> Result<Reply, ApiError> {
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
    // Read before the posts are sorted, so a bad query costs nothing.
    let query: FeedQuery = cx.query()?;
    let (filter, paging) = (query.filter, Paging::new(query.page, query.limit));
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
    let query: PageQuery = cx.query()?;
    let order: Vec<usize> = user
        .bookmarks
        .iter()
        .rev()
        .filter_map(|id| cx.db.position(id))
        .collect();
    page_of(&cx, Paging::new(query.page, query.limit), &order)
}

/// The posts a search finds, best first (as `GET /api/search` ranks them).
fn found(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let query: PostSearchQuery = cx.query()?;
    let paging = Paging::new(query.page, query.limit);
    let page = cx
        .db
        .search()
        .search_posts_page(query.q.as_str(), paging.offset, paging.limit);
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
