//! What the API returns: entities rendered for the caller (timestamps in
//! their zone, user references expanded into summaries, never a password)
//! and the response envelopes. TypeScript types are generated from these.

use crate::db::Db;
use crate::error::ApiError;
use crate::model::{Comment, Post, User};
use crate::order;
use crate::time::format_timestamp;
use serde::Serialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

/// Who liked, disliked, follows or is followed: never a whole user.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UserSummary<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub username: &'a str,
    #[serde(rename = "avatarURL")]
    pub avatar_url: &'a str,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UserView<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub username: &'a str,
    /// Only one seed user has an email.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional), schema(nullable = false))]
    pub email: Option<&'a str>,
    pub created_at: String,
    pub updated_at: String,
    #[serde(rename = "avatarURL")]
    pub avatar_url: &'a str,
    pub bio: &'a str,
    pub website: &'a str,
    pub followers: Vec<UserSummary<'a>>,
    pub following: Vec<UserSummary<'a>>,
    /// Ids of bookmarked posts.
    pub bookmarks: Vec<&'a str>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LikesView<'a> {
    pub like_count: u32,
    pub liked_by: Vec<UserSummary<'a>>,
    pub disliked_by: Vec<UserSummary<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VotesView<'a> {
    pub upvoted_by: Vec<UserSummary<'a>>,
    pub downvoted_by: Vec<UserSummary<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CommentView<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub text: &'a str,
    pub username: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    #[serde(rename = "avatarURL")]
    pub avatar_url: &'a str,
    pub votes: VotesView<'a>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PostView<'a> {
    #[serde(rename = "_id")]
    pub _id: &'a str,
    /// The same value as `_id`.
    pub id: &'a str,
    pub content: &'a str,
    /// A same-origin media path (`seed/aurora.jpg`, `media/m-01`, or absolute
    /// like `/murmur/media/m-01`), or `""` for none. A path containing `.mp4`
    /// is a video.
    #[serde(rename = "mediaURL")]
    pub media_url: &'a str,
    /// One string of `#tags`.
    pub hashtags: &'a str,
    pub username: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    #[serde(rename = "avatarURL")]
    pub avatar_url: &'a str,
    pub created_at: String,
    pub updated_at: String,
    pub likes: LikesView<'a>,
    /// Newest first.
    pub comments: Vec<CommentView<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SignupResponse<'a> {
    pub created_user: UserView<'a>,
    pub encoded_token: String,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse<'a> {
    pub found_user: UserView<'a>,
    pub encoded_token: String,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct UsersResponse<'a> {
    pub users: Vec<UserView<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct UserResponse<'a> {
    pub user: UserView<'a>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct BookmarksResponse<'a> {
    /// Ids of the bookmarked posts.
    pub bookmarks: Vec<&'a str>,
}

/// The bookmark routes' answer with the `bookmarks: "posts"` setting (the
/// MirageJS template's shape).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BookmarkedPostsResponse<'a> {
    /// The bookmarked posts, in the order they were bookmarked.
    pub bookmarks: Vec<PostView<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FollowResponse<'a> {
    /// The signed-in user after the change.
    pub user: UserView<'a>,
    /// The user followed or unfollowed, after the change (the MirageJS
    /// template's answer, which apps built on it read).
    pub follow_user: UserView<'a>,
    pub all_users: Vec<UserView<'a>>,
}

// `Render::posts_body` writes this shape from cached parts (each post
// serialised once); the struct names it for the TypeScript types, and a test
// checks the two agree.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[cfg_attr(not(test), allow(dead_code))]
pub struct PostsResponse<'a> {
    pub posts: Vec<PostView<'a>>,
}

/// One page of a list of posts (`GET /api/posts/feed`, `/explore`,
/// `/author/{username}`, `/bookmarks`, `/search`).
// Written by `Render::posts_page_body` from cached parts, like `PostsResponse`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[cfg_attr(not(test), allow(dead_code))]
pub struct PostsPageResponse<'a> {
    /// How many posts the feed holds in all.
    pub total: u32,
    /// The page's posts, in the feed's order.
    pub posts: Vec<PostView<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct PostResponse<'a> {
    pub post: PostView<'a>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct CommentsResponse<'a> {
    /// Newest first.
    pub comments: Vec<CommentView<'a>>,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct MediaResponse {
    /// `<base>media/<id>`, absolute under the base path like every media path.
    #[serde(rename = "mediaURL")]
    pub media_url: String,
}

/// One page of a tag feed.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct TagFeedResponse<'a> {
    /// The tag as it is indexed: lowercased, without its `#`, in canonical
    /// decomposed form (`é` as `e` + U+0301; it renders the same).
    pub tag: String,
    /// How many posts carry the tag in all.
    pub total: u32,
    /// The page's posts, in the query's order (newest first by default).
    pub posts: Vec<PostView<'a>>,
}

/// A tag and how many posts carry it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct TagCount {
    /// As in a tag feed: lowercased, without its `#`, decomposed.
    pub tag: String,
    pub count: u32,
}

/// What a search found, best first in each list.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct SearchResponse<'a> {
    pub users: Vec<UserSummary<'a>>,
    pub posts: Vec<PostView<'a>>,
    pub tags: Vec<TagCount>,
}

/// Positions of items with these creation times, newest first; among equal
/// times the later item first.
pub fn newest_first(created: impl Iterator<Item = i64>) -> impl Iterator<Item = usize> {
    let times: Vec<i64> = created.collect();
    let mut positions: Vec<usize> = (0..times.len()).collect();
    let at = |i: usize| (times.get(i).copied(), i);
    order::sort(&mut positions, &|a, b| at(b).cmp(&at(a)));
    positions.into_iter()
}

/// Renders stored entities for one caller (whose zone offset it holds).
#[derive(Clone, Copy)]
pub struct Render<'a> {
    pub db: &'a Db,
    pub offset_minutes: i32,
}

impl<'a> Render<'a> {
    pub fn time(&self, ms: i64) -> String {
        format_timestamp(ms, self.offset_minutes)
    }

    pub fn summary(&self, user: &'a User) -> UserSummary<'a> {
        UserSummary {
            id: &user.id,
            first_name: &user.first_name,
            last_name: &user.last_name,
            username: &user.username,
            avatar_url: &user.avatar_url,
        }
    }

    /// Summaries of the users named by `ids` (every id names a user: the
    /// rules and the snapshot check keep it so).
    pub fn summaries(&self, ids: &'a [String]) -> Vec<UserSummary<'a>> {
        ids.iter()
            .filter_map(|id| self.db.user(id))
            .map(|u| self.summary(u))
            .collect()
    }

    pub fn user(&self, user: &'a User) -> UserView<'a> {
        UserView {
            id: &user.id,
            first_name: &user.first_name,
            last_name: &user.last_name,
            username: &user.username,
            email: user.email.as_deref(),
            created_at: self.time(user.created_at),
            updated_at: self.time(user.updated_at),
            avatar_url: &user.avatar_url,
            bio: &user.bio,
            website: &user.website,
            followers: self.summaries(&user.followers),
            following: self.summaries(&user.following),
            bookmarks: user.bookmarks.iter().map(String::as_str).collect(),
        }
    }

    pub fn users(&self) -> Vec<UserView<'a>> {
        self.db.users().iter().map(|u| self.user(u)).collect()
    }

    pub fn comment(&self, comment: &'a Comment) -> Option<CommentView<'a>> {
        let (username, first_name, last_name, avatar_url) = match self.db.user(&comment.author) {
            Some(u) => (&u.username, &u.first_name, &u.last_name, &u.avatar_url),
            None => {
                let b = comment.byline.as_ref()?;
                (&b.username, &b.first_name, &b.last_name, &b.avatar_url)
            }
        };
        Some(CommentView {
            id: &comment.id,
            text: &comment.text,
            username,
            first_name,
            last_name,
            avatar_url,
            votes: VotesView {
                upvoted_by: self.summaries(&comment.upvoted_by),
                downvoted_by: self.summaries(&comment.downvoted_by),
            },
            created_at: self.time(comment.created_at),
            updated_at: self.time(comment.updated_at),
        })
    }

    /// A post's comments, newest first (ties: the later added first).
    pub fn comments(&self, post: &'a Post) -> Vec<CommentView<'a>> {
        let mut out = Vec::with_capacity(post.comments.len());
        for i in newest_first(post.comments.iter().map(|c| c.created_at)) {
            if let Some(view) = post.comments.get(i).and_then(|c| self.comment(c)) {
                out.push(view);
            }
        }
        out
    }

    pub fn post(&self, post: &'a Post) -> Option<PostView<'a>> {
        let author = self.db.user(&post.author)?;
        Some(PostView {
            _id: &post.id,
            id: &post.id,
            content: &post.content,
            media_url: &post.media_url,
            hashtags: &post.hashtags,
            username: &author.username,
            first_name: &author.first_name,
            last_name: &author.last_name,
            avatar_url: &author.avatar_url,
            created_at: self.time(post.created_at),
            updated_at: self.time(post.updated_at),
            likes: LikesView {
                like_count: post.likes.like_count,
                liked_by: self.summaries(&post.likes.liked_by),
                disliked_by: self.summaries(&post.likes.disliked_by),
            },
            comments: self.comments(post),
        })
    }

    /// `{"posts": [...]}` (a [`PostsResponse`]) for the posts at
    /// `positions` of `Db::posts`, each rendered once and then reused from
    /// the cache until it changes.
    pub fn posts_body(&self, positions: impl Iterator<Item = usize>) -> Result<String, ApiError> {
        self.posts_body_after("", positions)
    }

    /// `{"total": total, "posts": [...]}` (a [`PostsPageResponse`]): one
    /// page of posts, written from the same cache as [`Self::posts_body`].
    pub fn posts_page_body(
        &self,
        total: usize,
        positions: impl Iterator<Item = usize>,
    ) -> Result<String, ApiError> {
        let total = u32::try_from(total).unwrap_or(u32::MAX);
        self.posts_body_after(&format!("\"total\":{total},"), positions)
    }

    /// A posts body whose object starts with the members `head` (each
    /// followed by a comma).
    fn posts_body_after(
        &self,
        head: &str,
        positions: impl Iterator<Item = usize>,
    ) -> Result<String, ApiError> {
        let posts = self.db.posts();
        let positions: Vec<usize> = positions.collect();
        let Ok(mut cache) = self.db.post_json().try_borrow_mut() else {
            return Err(ApiError::Internal);
        };
        if cache.offset_minutes != Some(self.offset_minutes) {
            cache.posts.clear();
            cache.offset_minutes = Some(self.offset_minutes);
        }
        cache.posts.truncate(posts.len());
        while cache.posts.len() < posts.len() {
            cache.posts.push(None);
        }
        // Every post asked for rendered first (each once, then kept), so
        // that the body is made in one allocation of a size known first:
        // grown by doubling, a body of megabytes would be copied again at
        // each step.
        let mut size = head.len().saturating_add(12);
        for &i in &positions {
            let (Some(post), Some(slot)) = (posts.get(i), cache.posts.get_mut(i)) else {
                continue;
            };
            if slot.is_none() {
                if let Some(view) = self.post(post) {
                    *slot = Some(serde_json::to_string(&view).map_err(|_| ApiError::Internal)?);
                }
            }
            if let Some(json) = slot {
                size = size.saturating_add(json.len()).saturating_add(1);
            }
        }
        // Rounded up to a whole MiB: the next answer is a little larger (a
        // comment, a post more), and an answer still being read when it is
        // made holds its place, so a room of exactly the last size would
        // fit none of them and the module's memory would grow by one answer
        // per write.
        let rounded = size.checked_next_multiple_of(1 << 20).unwrap_or(size);
        let mut out = String::with_capacity(rounded);
        out.push('{');
        out.push_str(head);
        out.push_str("\"posts\":[");
        let mut first = true;
        for json in positions
            .iter()
            .filter_map(|&i| cache.posts.get(i))
            .flatten()
        {
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str(json);
        }
        out.push_str("]}");
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestApi;

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn newest_first_is_a_reverse_sort(times in proptest::collection::vec(-5i64..5, 0..70)) {
            let mut expected: Vec<(i64, usize)> = times.iter().copied().zip(0..).collect();
            expected.sort();
            let expected: Vec<usize> = expected.into_iter().rev().map(|(_, i)| i).collect();
            let got: Vec<usize> = newest_first(times.into_iter()).collect();
            proptest::prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn newest_first_orders_by_time_then_later_position() {
        let order: Vec<usize> = newest_first([5, 1, 9, 5, 0, 9].into_iter()).collect();
        assert_eq!(order, [5, 2, 3, 0, 1, 4]);
        assert_eq!(newest_first(std::iter::empty()).count(), 0);
        let many: Vec<i64> = (0..1000).map(|i| (i * 7919) % 1009).collect();
        let sorted: Vec<i64> = newest_first(many.iter().copied())
            .map(|i| many[i])
            .collect();
        assert!(sorted.windows(2).all(|w| w[0] >= w[1]));
    }
    use serde_json::{json, Value};

    #[test]
    fn posts_body_is_the_posts_response_shape() {
        let db = crate::seed::seed_db(crate::db::Rng(1));
        let render = Render {
            db: &db,
            offset_minutes: 90,
        };
        let typed = PostsResponse {
            posts: db.posts().iter().filter_map(|p| render.post(p)).collect(),
        };
        let expected = serde_json::to_string(&typed).unwrap();
        assert_eq!(render.posts_body(0..db.posts().len()).unwrap(), expected);
        // Served from the cache the second time, still the same.
        assert_eq!(render.posts_body(0..db.posts().len()).unwrap(), expected);
    }

    fn first_post(t: &mut TestApi) -> Value {
        let (_, json) = t.get("/api/posts");
        json["posts"][0].clone()
    }

    #[test]
    fn cached_posts_follow_every_change() {
        let mut t = TestApi::new();
        let guest = t.guest();
        let maya = t.login("maya_lind", "password123");
        let before = first_post(&mut t);
        assert_eq!(before["likes"]["likeCount"], 2);
        t.post("/api/posts/like/p-01", &guest, Value::Null);
        assert_eq!(first_post(&mut t)["likes"]["likeCount"], 3);
        let body = json!({"userData": {"firstName": "M.", "avatarURL": "avatars/preset-4.svg"}});
        t.post("/api/users/edit", &maya, body);
        let liker = &first_post(&mut t)["likes"]["likedBy"][0];
        assert_eq!(
            (&liker["firstName"], &liker["avatarURL"]),
            (&json!("M."), &json!("/avatars/preset-4.svg"))
        );
        // Follows and bookmarks change no rendered post.
        t.post("/api/users/follow/u-lena", &guest, Value::Null);
        t.post("/api/users/bookmark/p-01", &guest, Value::Null);
        assert_eq!(first_post(&mut t)["likes"]["likedBy"][0]["firstName"], "M.");
        t.post(
            "/api/comments/add/p-01",
            &guest,
            json!({"commentData": "late"}),
        );
        assert_eq!(first_post(&mut t)["comments"][0]["text"], "late");
        t.now.offset_minutes = 0;
        assert_eq!(first_post(&mut t)["createdAt"], "2025-03-14T09:30:00+00:00");
        let theo = t.login("theo_builds", "password123");
        t.call("DELETE", "/api/posts/p-01", Some(&theo), "");
        assert_eq!(first_post(&mut t)["_id"], "p-02");
        t.post(
            "/api/posts",
            &guest,
            json!({"postData": {"content": "new"}}),
        );
        let (_, json) = t.get("/api/posts");
        assert_eq!(json["posts"][11]["content"], "new");
    }
}
