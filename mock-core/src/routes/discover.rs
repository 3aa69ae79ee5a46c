//! Discovery: a tag's feed and search over users, posts and tags, both
//! answered from the search index that every write keeps up to date.

use crate::error::ApiError;
use crate::query::{query_type, Number, Parameter};
use crate::router::{route_table, Ctx, Reply};
use crate::routes::feeds::{sort_positions, Filter, PageNumber, Paging, MAX_FEED_LIMIT};
use crate::search::{hashtag, DEFAULT_SEARCH_LIMIT, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT};
use crate::unicode;
use crate::views::{SearchResponse, TagCount, TagFeedResponse};
use serde::de::{Deserializer, Error as _};
use serde::Deserialize;

route_table! {
    /// A page of the posts carrying a tag, newest first, with how many carry it in all. The tag may
    /// start with `#` (sent as `%23`) and is matched case-insensitively and whether typed composed
    /// or decomposed, Unicode letters included (`caf%C3%A9`, `%E6%97%A5%E6%9C%AC`). A post carries
    /// the tags written in its `content` or `hashtags`: `#` at the start or after a character that
    /// is not a letter, digit or `_`, then letters, digits and `_` up to anything else (`#Café!` is
    /// `café`). A page past the end has no posts. The answer's `tag` is lowercased, without `#`, in
    /// canonical decomposed form: `café` comes back as `cafe` + U+0301, which renders the same.
    open Get "/api/posts/tag/{tag}" => tag_feed {
        query: TagQuery,
        response: 200 TagFeedResponse<'static>,
        errors: [NotAHashtag],
    }
    /// Searches as one types. Case and accents are ignored (`cafe` finds `Café`), and each word of
    /// `q` matches the start of a word. `users`: those whose username, first or last name has a
    /// word starting with every word of `q` (a leading `@` is ignored): the exact username first,
    /// then usernames starting with `q`, then more whole-word matches, then by username. `posts`:
    /// those whose content or hashtags have a word starting with every word of `q`: more whole-word
    /// matches first, then newest. `tags`: tags starting with `q` (one word, a leading `#` ignored)
    /// with their post counts: the exact tag first, then the most used (tags come back like the tag
    /// feed's `tag`). Answered from an index built by the first search or tag feed and kept up to
    /// date by every write.
    open Get "/api/search" => search {
        query: SearchQuery,
        response: 200 SearchResponse<'static>,
        errors: [],
    }
}

query_type! {
    /// The query of a tag's feed.
    pub struct TagQuery {
        /// The order, as for `/api/posts/feed` (newest first by default).
        pub filter: Filter,
        /// Which page, from 1.
        pub page: PageNumber,
        /// How many posts a page holds at most.
        pub limit: TagFeedLimit,
    }
}

query_type! {
    /// The query of a search.
    pub struct SearchQuery {
        /// What to search for (`+` or `%20` for spaces); not blank.
        pub q: SearchText,
        /// How many items each list holds at most.
        pub limit: SearchLimit,
    }
}

/// Posts a page of a tag's feed holds unless `limit` says otherwise.
pub const DEFAULT_TAG_FEED_LIMIT: usize = 10;

/// How many posts a page of a tag's feed holds at most.
pub type TagFeedLimit = Number<DEFAULT_TAG_FEED_LIMIT, MAX_FEED_LIMIT>;
/// How many items each of a search's lists holds at most.
pub type SearchLimit = Number<DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT>;

/// What a search looks for (`q`): required, not blank, at most
/// `MAX_QUERY_CHARS` characters.
#[derive(Debug, Default)]
pub struct SearchText(String);

impl SearchText {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for SearchText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let fits = !text.trim().is_empty() && unicode::chars(&text) <= MAX_QUERY_CHARS;
        match fits {
            true => Ok(SearchText(text)),
            false => Err(D::Error::custom("not a search")),
        }
    }
}

impl Parameter for SearchText {
    const REQUIRED: bool = true;

    fn refusal(_: &'static str, text: &str) -> ApiError {
        match text.trim().is_empty() {
            true => ApiError::SearchQueryMissing,
            false => ApiError::SearchQueryTooLong,
        }
    }

    #[cfg(test)]
    fn refusals(_: &'static str) -> Vec<ApiError> {
        vec![ApiError::SearchQueryMissing, ApiError::SearchQueryTooLong]
    }
}

#[cfg(test)]
impl utoipa::PartialSchema for SearchText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_QUERY_CHARS))
            .pattern(Some(crate::contract::schema_rules::not_blank_pattern()))
            .into()
    }
}

#[cfg(test)]
impl utoipa::ToSchema for SearchText {}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A page of the posts carrying a tag, in the query's order (newest first
/// by default).
fn tag_feed(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let tag = hashtag(cx.param("tag")).ok_or(ApiError::NotAHashtag)?;
    let query: TagQuery = cx.query()?;
    let (filter, paging) = (query.filter, Paging::new(query.page, query.limit));
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

/// Users by name or username, posts by text or tag, and tags by prefix.
fn search(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let query: SearchQuery = cx.query()?;
    let (q, limit) = (query.q.as_str(), query.limit.get());
    let render = cx.render();
    let index = render.db.search();
    let users = index
        .search_users(q, limit)
        .iter()
        .filter_map(|id| render.db.user(id))
        .map(|user| render.summary(user))
        .collect();
    let posts = index
        .search_posts(q, limit)
        .iter()
        .filter_map(|id| render.db.post(id))
        .filter_map(|post| render.post(post))
        .collect();
    let tags = index
        .search_tags(q, limit)
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
