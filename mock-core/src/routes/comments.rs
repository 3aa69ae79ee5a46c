//! Comments on posts.

use super::changed_post;
use crate::auth::AuthUser;
#[cfg(test)]
use crate::contract::{bad_body, comment_too_long};
use crate::db::IdKind;
use crate::error::ApiError;
use crate::model::{Comment, Post};
use crate::notify;
use crate::router::{route_table, Ctx, Reply};
use crate::rules;
use crate::views::CommentsResponse;
#[cfg(test)]
use crate::views::{PostResponse, PostsResponse};
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// A post's comments, newest first.
    open Get "/api/comments/{postId}" => list {
        response: 200 CommentsResponse<'static>,
        errors: [PostNotFound],
    }
    /// Adds a comment by the signed-in user, its text sent bare (`{"commentData": "text"}`) or as
    /// `{"commentData": {"text": "text"}}`: stored trimmed. Answers every post (with
    /// `Prefer: return=minimal`, only the post commented on).
    token Post "/api/comments/add/{postId}" => add {
        request: CommentRequest,
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, CommentEmpty, comment_too_long(), bad_body()],
    }
    /// Replaces the text of the signed-in user's comment (as for adding one; the text it already
    /// has is accepted as it is).
    token Post "/api/comments/edit/{postId}/{commentId}" => edit {
        request: CommentRequest,
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, CommentNotFound, EditCommentNotOwner, CommentEmpty, comment_too_long(), bad_body()],
    }
    /// Deletes a comment; its author or the post's author may.
    token Post "/api/comments/delete/{postId}/{commentId}" => delete {
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, CommentNotFound, DeleteCommentNotOwner],
    }
    /// As `POST`: apps built on the MirageJS template delete a comment with `DELETE`.
    token Delete "/api/comments/delete/{postId}/{commentId}" => delete {
        response: 201 PostsResponse<'static>,
        minimal: PostResponse<'static>,
        errors: [PostNotFound, CommentNotFound, DeleteCommentNotOwner],
    }
    /// Upvotes a comment as the signed-in user (taking back their downvote), as the MirageJS
    /// template keeps votes: `votes.upvotedBy` and `votes.downvotedBy` hold user summaries.
    /// Answers the post's comments, newest first.
    token Post "/api/comments/upvote/{postId}/{commentId}" => upvote {
        response: 201 CommentsResponse<'static>,
        errors: [PostNotFound, CommentNotFound, AlreadyUpvoted],
    }
    /// Downvotes a comment as the signed-in user (taking back their upvote); as upvoting.
    token Post "/api/comments/downvote/{postId}/{commentId}" => downvote {
        response: 201 CommentsResponse<'static>,
        errors: [PostNotFound, CommentNotFound, AlreadyDownvoted],
    }
}

/// The text under `commentData` (the spec's), else `comment` or `text` (as
/// apps built on the MirageJS template send it).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema), ts(optional_fields))]
pub struct CommentRequest {
    /// The comment text, bare or as `{text}`: 1 to 280 characters after
    /// trimming (stored trimmed). An edit may send back the text the
    /// comment already has. One of `commentData`, `comment` and `text` is
    /// required; the first sent is read.
    #[cfg_attr(test, ts(optional, type = "string | { text: string }"))]
    #[serde(default)]
    pub comment_data: Option<CommentData>,
    /// As `commentData`.
    #[cfg_attr(test, ts(optional, type = "string | { text: string }"))]
    #[serde(default)]
    pub comment: Option<CommentData>,
    /// The text alone.
    #[cfg_attr(test, schema(value_type = String))]
    #[serde(default)]
    pub text: Option<String>,
}

/// A comment's text, sent bare (`"hi"`) or as an object (`{"text": "hi"}`):
/// serde's "string or struct" pattern.
#[derive(Debug)]
pub struct CommentData(String);

impl<'de> Deserialize<'de> for CommentData {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextOrObject;

        impl<'de> Visitor<'de> for TextOrObject {
            type Value = String;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a text string or an object {\"text\": string}")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<String, E> {
                Ok(text.to_owned())
            }

            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<String, M::Error> {
                #[derive(Deserialize)]
                struct Text {
                    text: String,
                }
                Text::deserialize(MapAccessDeserializer::new(map)).map(|t| t.text)
            }
        }

        deserializer.deserialize_any(TextOrObject).map(CommentData)
    }
}

/// The contract of the hand-written `Deserialize` above: a string, or an
/// object with a string `text`.
#[cfg(test)]
impl utoipa::PartialSchema for CommentData {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use crate::contract::schema_rules::comment_text as text;
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder};
        OneOfBuilder::new()
            .item(text())
            .item(
                ObjectBuilder::new()
                    .property("text", text())
                    .required("text"),
            )
            .description(Some(format!(
                "The comment text, bare or as `{{text}}`: 1 to {} characters after trimming \
                 (stored trimmed).",
                crate::MAX_COMMENT_CHARS
            )))
            .into()
    }
}

#[cfg(test)]
impl ToSchema for CommentData {}

impl CommentData {
    /// The text as sent.
    pub fn into_text(self) -> String {
        self.0
    }
}

impl CommentRequest {
    /// The text as sent; 400 when no field holds it.
    fn text(self) -> Result<String, ApiError> {
        self.comment_data
            .or(self.comment)
            .map(CommentData::into_text)
            .or(self.text)
            .ok_or_else(|| {
                ApiError::BadBody("missing field `commentData` (or `comment` or `text`)".into())
            })
    }
}

fn list(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let render = cx.render();
    let post = render
        .db
        .post(cx.param("postId"))
        .ok_or(ApiError::PostNotFound)?;
    Reply::ok(&CommentsResponse {
        comments: render.comments(post),
    })
}

fn add(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let text = rules::check_comment(&cx.body::<CommentRequest>()?.text()?)?;
    let post_id = cx.param("postId").to_owned();
    cx.db.post(&post_id).ok_or(ApiError::PostNotFound)?;
    let id = cx.db.next_id(IdKind::Comment);
    let now = cx.now.epoch_ms;
    notify::commented(cx.db, &post_id, &id, &me.id, &text, now);
    let post = cx.db.post_mut(&post_id).ok_or(ApiError::PostNotFound)?;
    post.comments.push(Comment {
        id,
        text,
        author: me.id,
        upvoted_by: Vec::new(),
        downvoted_by: Vec::new(),
        created_at: now,
        updated_at: now,
        byline: None,
    });
    post.updated_at = now;
    changed_post(&cx, 201, &post_id)
}

/// The post and the index of its comment named by the path.
fn locate<'a>(cx: &'a mut Ctx<'_>) -> Result<(&'a mut Post, usize), ApiError> {
    let (post_id, comment_id) = (
        cx.param("postId").to_owned(),
        cx.param("commentId").to_owned(),
    );
    let post = cx.db.post_mut(&post_id).ok_or(ApiError::PostNotFound)?;
    let index = post
        .comments
        .iter()
        .position(|c| c.id == comment_id)
        .ok_or(ApiError::CommentNotFound)?;
    Ok((post, index))
}

fn edit(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let text = rules::comment_not_blank(cx.body::<CommentRequest>()?.text()?)?;
    let now = cx.now.epoch_ms;
    let post = cx
        .db
        .post(cx.param("postId"))
        .ok_or(ApiError::PostNotFound)?;
    let comment_id = cx.param("commentId").to_owned();
    let (index, comment) = post
        .comments
        .iter()
        .enumerate()
        .find(|(_, c)| c.id == comment_id)
        .ok_or(ApiError::CommentNotFound)?;
    if comment.author != me.id {
        return Err(ApiError::EditCommentNotOwner);
    }
    // The text it already has is kept as it is: an old state may hold one
    // the length rule now refuses.
    let text = if text == comment.text {
        text
    } else {
        rules::check_comment(&text)?
    };
    let (post_id, before) = (post.id.clone(), comment.text.clone());
    let after = text.clone();
    cx.db.change_post(&post_id, |post| {
        if let Some(comment) = post.comments.get_mut(index) {
            comment.text = text;
            comment.updated_at = now;
        }
        post.updated_at = now;
    });
    let at = (post_id.as_str(), comment_id.as_str());
    notify::comment_edited(cx.db, at, &me.id, (&before, &after), now);
    changed_post(&cx, 201, &post_id)
}

/// The comment's author or the post's author may delete it.
fn delete(mut cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let now = cx.now.epoch_ms;
    let (post, index) = locate(&mut cx)?;
    let comment_author = post.comments.get(index).map(|c| c.author.as_str());
    if comment_author != Some(me.id.as_str()) && post.author != me.id {
        return Err(ApiError::DeleteCommentNotOwner);
    }
    let comment = post.comments.remove(index);
    post.updated_at = now;
    let post_id = post.id.clone();
    notify::comment_deleted(cx.db, &comment.id);
    changed_post(&cx, 201, &post_id)
}

fn upvote(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    vote(cx, me, true)
}

fn downvote(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    vote(cx, me, false)
}

/// An upvote (`up`) or a downvote by `me`, taking back the opposite one.
fn vote(mut cx: Ctx<'_>, me: AuthUser, up: bool) -> Result<Reply, ApiError> {
    let now = cx.now.epoch_ms;
    let (post, index) = locate(&mut cx)?;
    let comment = post
        .comments
        .get_mut(index)
        .ok_or(ApiError::CommentNotFound)?;
    let Comment {
        upvoted_by,
        downvoted_by,
        ..
    } = comment;
    let (this, other, already) = if up {
        (upvoted_by, downvoted_by, ApiError::AlreadyUpvoted)
    } else {
        (downvoted_by, upvoted_by, ApiError::AlreadyDownvoted)
    };
    if this.contains(&me.id) {
        return Err(already);
    }
    other.retain(|id| *id != me.id);
    this.push(me.id);
    post.updated_at = now;
    let post_id = post.id.clone();
    let render = cx.render();
    let post = render.db.post(&post_id).ok_or(ApiError::Internal)?;
    Reply::created(&CommentsResponse {
        comments: render.comments(post),
    })
}

#[cfg(test)]
#[path = "comments_tests.rs"]
mod tests;
