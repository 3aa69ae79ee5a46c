//! Posts: reading, writing, likes and dislikes.

use super::{all_posts, changed_post, minimal_reply};
use crate::auth::AuthUser;
use crate::base_path;
#[cfg(test)]
use crate::contract::bad_body;
use crate::db::{remove_all, IdKind};
use crate::error::ApiError;
use crate::model::{Likes, Post};
use crate::notify;
use crate::router::{route_table, Ctx, Reply};
use crate::rules::{check_media_path, MAX_POST_CHARS};
use crate::unicode::chars;
#[cfg(test)]
use crate::views::PostsResponse;
use crate::views::{newest_first, PostResponse};
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// Every post, oldest first (clients sort).
    open Get "/api/posts" => list {
        response: 200 PostsResponse<'static>,
        errors: [],
    }
    /// One user's posts, newest first.
    open Get "/api/posts/user/{username}" => by_user {
        response: 200 PostsResponse<'static>,
        errors: [UserNotFound],
    }
    /// One post by `_id`.
    open Get "/api/posts/{postId}" => single {
        response: 200 PostResponse<'static>,
        errors: [PostNotFound],
    }
    /// Creates a post with `likeCount` 0, no likers and no comments; `content` is required. Answers
    /// every post (with `Prefer: return=minimal`, only the new one).
    token Post "/api/posts" => create {
        request: PostRequest,
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostContentEmpty, PostContentTooLong, HashtagsTooLong, UnsafeMediaUrl("mediaURL"), bad_body()],
    }
    /// Merges `content`, `mediaURL` and `hashtags` into the signed-in user's post (`mediaURL: ""`
    /// removes the media); nothing else changes. A media path the post already has is accepted as
    /// it is.
    token Post "/api/posts/edit/{postId}" => edit {
        request: PostRequest,
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [
            PostNotFound,
            EditPostNotOwner,
            PostContentEmpty,
            PostContentTooLong,
            HashtagsTooLong,
            UnsafeMediaUrl("mediaURL"),
            bad_body(),
        ],
    }
    /// Deletes the signed-in user's post and every bookmark of it. Answers every post left (with
    /// `Prefer: return=minimal`, the deleted post as it was).
    token Delete "/api/posts/{postId}" => delete {
        response: 200 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, DeletePostNotOwner],
    }
    /// Likes a post: the user joins `likedBy`, leaves `dislikedBy`; `likeCount` rises by 1.
    token Post "/api/posts/like/{postId}" => like {
        response: 200 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, AlreadyLiked],
    }
    /// Takes back the user's like: the user leaves `likedBy`, joins `dislikedBy`; `likeCount`
    /// falls by 1. A user who has not liked the post has no like to take back, so `likeCount`
    /// always equals `likedBy.length`.
    token Post "/api/posts/dislike/{postId}" => dislike {
        response: 200 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, AlreadyDisliked, LikeBelowZero],
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct PostRequest {
    #[serde(deserialize_with = "crate::router::object")]
    pub post_data: PostData,
}

/// A new post (content required) or the fields an edit merges.
#[derive(Debug, Deserialize)]
#[serde(expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct PostData {
    /// 1 to 100 characters.
    #[serde(default)]
    #[cfg_attr(test, ts(optional), schema(min_length = 1, max_length = 100))]
    pub content: Option<String>,
    /// A same-origin media path (`media/m-01`, `/murmur/media/m-01`); `""`
    /// for none (an edit with `""` removes it).
    #[serde(default, rename = "mediaURL")]
    #[cfg_attr(test, ts(optional))]
    pub media_url: Option<String>,
    /// One string of `#tags`, at most 100 characters.
    #[serde(default)]
    #[cfg_attr(test, ts(optional), schema(max_length = 100))]
    pub hashtags: Option<String>,
}

impl PostData {
    /// The limits the client enforces too, and the media rule (a media
    /// path the post already has is kept as it is: an old state may hold
    /// one the rule now refuses); a new relative path is made absolute
    /// under `base`.
    /// `max_chars` is the content's limit (the `maxPostChars` setting).
    pub(crate) fn check(
        self,
        current_media: Option<&str>,
        base: &str,
        max_chars: usize,
    ) -> Result<Self, ApiError> {
        if let Some(content) = &self.content {
            if content.trim().is_empty() {
                return Err(ApiError::PostContentEmpty);
            }
            if chars(content) > max_chars {
                return Err(if max_chars == MAX_POST_CHARS {
                    ApiError::PostContentTooLong
                } else {
                    ApiError::FieldLength {
                        field: "Post content",
                        min: 0,
                        max: max_chars,
                    }
                });
            }
        }
        if self
            .hashtags
            .as_deref()
            .is_some_and(|h| chars(h) > MAX_POST_CHARS)
        {
            return Err(ApiError::HashtagsTooLong);
        }
        let media_url = match self.media_url {
            Some(url) if !url.is_empty() && Some(url.as_str()) != current_media => Some(
                base_path::absolute(base, check_media_path("mediaURL", url)?),
            ),
            other => other,
        };
        Ok(PostData { media_url, ..self })
    }
}

fn list(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    all_posts(&cx, 200)
}

fn single(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let render = cx.render();
    let post = render
        .db
        .post(cx.param("postId"))
        .ok_or(ApiError::PostNotFound)?;
    Reply::ok(&PostResponse {
        post: render.post(post).ok_or(ApiError::PostNotFound)?,
    })
}

/// A user's posts, newest first.
fn by_user(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let render = cx.render();
    let user = render
        .db
        .user_by_username(cx.param("username"))
        .ok_or(ApiError::UserNotFound)?;
    // Times of the user's posts (others sort last and are skipped).
    let posts = render.db.posts();
    let created = posts.iter().map(|p| {
        if p.author == user.id {
            p.created_at
        } else {
            i64::MIN
        }
    });
    let positions =
        newest_first(created).filter(|&i| posts.get(i).is_some_and(|p| p.author == user.id));
    let body = render.posts_body(positions)?;
    Ok(Reply {
        status: 200,
        body,
        applied: None,
    })
}

fn create(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let data = cx.body::<PostRequest>()?.post_data.check(
        None,
        &cx.db.base_path,
        cx.db.settings.max_post_chars,
    )?;
    let content = data.content.ok_or(ApiError::PostContentEmpty)?;
    let id = cx.db.next_id(IdKind::Post);
    notify::posted(cx.db, &id, &me.id, &content, cx.now.epoch_ms);
    cx.db.insert_post(Post {
        id: id.clone(),
        content,
        media_url: data.media_url.unwrap_or_default(),
        hashtags: data.hashtags.unwrap_or_default(),
        author: me.id,
        created_at: cx.now.epoch_ms,
        updated_at: cx.now.epoch_ms,
        likes: Likes {
            like_count: 0,
            liked_by: Vec::new(),
            disliked_by: Vec::new(),
        },
        comments: Vec::new(),
    });
    changed_post(&cx, 201, &id)
}

/// The id of the post named by the path, if the signed-in user wrote it.
fn own_post(cx: &Ctx<'_>, user_id: &str, not_owner: ApiError) -> Result<String, ApiError> {
    let post = cx
        .db
        .post(cx.param("postId"))
        .ok_or(ApiError::PostNotFound)?;
    if post.author != user_id {
        return Err(not_owner);
    }
    Ok(post.id.clone())
}

fn edit(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let data = cx.body::<PostRequest>()?.post_data;
    let id = own_post(&cx, &me.id, ApiError::EditPostNotOwner)?;
    let base = cx.db.base_path.clone();
    let current_media = cx.db.post(&id).map(|p| p.media_url.as_str());
    let max_chars = cx.db.settings.max_post_chars;
    let data = data.check(current_media, &base, max_chars)?;
    let now = cx.now.epoch_ms;
    let before = cx
        .db
        .post(&id)
        .map(|p| p.content.clone())
        .unwrap_or_default();
    let after = data.content.clone();
    cx.db.edit_post(&id, |post| {
        let fields = [
            (data.content, &mut post.content),
            (data.media_url, &mut post.media_url),
            (data.hashtags, &mut post.hashtags),
        ];
        for (new, field) in fields {
            if let Some(value) = new {
                *field = value;
            }
        }
        post.updated_at = now;
    });
    if let Some(after) = after {
        notify::post_edited(cx.db, &id, &me.id, (&before, &after), now);
    }
    changed_post(&cx, 201, &id)
}

fn delete(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let id = own_post(&cx, &me.id, ApiError::DeletePostNotOwner)?;
    // The small answer is the post as it was when deleted: rendered first.
    let minimal = match cx.db.post(&id) {
        Some(post) if cx.minimal() => Some(minimal_reply(&cx, 200, post)?),
        _ => None,
    };
    cx.db.remove_post(&id);
    match minimal {
        Some(reply) => Ok(reply),
        None => changed_post(&cx, 200, &id),
    }
}

fn like(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_like(cx, me, true)
}

fn dislike(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    set_like(cx, me, false)
}

/// Like (`up`) or dislike. Disliking takes back the user's own like, so
/// `likeCount` stays the number of likers: a user who has not liked the
/// post has no like to decrement.
fn set_like(cx: Ctx<'_>, me: AuthUser, up: bool) -> Result<Reply, ApiError> {
    let now = cx.now.epoch_ms;
    let id = cx.param("postId").to_owned();
    let post = cx.db.post_mut(&id).ok_or(ApiError::PostNotFound)?;
    let likes = &mut post.likes;
    let liked = likes.liked_by.contains(&me.id);
    let disliked = likes.disliked_by.contains(&me.id);
    if up {
        if liked {
            return Err(ApiError::AlreadyLiked);
        }
        remove_all(&mut likes.disliked_by, &me.id);
        likes.liked_by.push(me.id.clone());
    } else {
        if disliked {
            return Err(ApiError::AlreadyDisliked);
        }
        if !liked {
            return Err(ApiError::LikeBelowZero);
        }
        remove_all(&mut likes.liked_by, &me.id);
        likes.disliked_by.push(me.id.clone());
    }
    likes.like_count = u32::try_from(likes.liked_by.len()).unwrap_or(u32::MAX);
    post.updated_at = now;
    if up {
        notify::liked(cx.db, &id, &me.id, now);
    } else {
        notify::unliked(cx.db, &id, &me.id);
    }
    changed_post(&cx, 200, &id)
}

#[cfg(test)]
#[path = "posts_tests.rs"]
mod tests;
