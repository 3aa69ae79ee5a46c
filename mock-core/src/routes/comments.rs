//! Comments on posts.

use super::all_posts;
use crate::db::IdKind;
use crate::error::ApiError;
use crate::json::{FromJson, Json, Obj};
use crate::model::{Comment, Post};
use crate::router::{Ctx, Method, Reply, Route};
use crate::views::CommentsResponse;

#[cfg(test)]
use ts_rs::TS;

pub const ROUTES: &[Route] = &[
    Route {
        method: Method::Get,
        pattern: "/api/comments/{postId}",
        handler: list,
    },
    Route {
        method: Method::Post,
        pattern: "/api/comments/add/{postId}",
        handler: add,
    },
    Route {
        method: Method::Post,
        pattern: "/api/comments/edit/{postId}/{commentId}",
        handler: edit,
    },
    Route {
        method: Method::Post,
        pattern: "/api/comments/delete/{postId}/{commentId}",
        handler: delete,
    },
];

#[derive(Debug)]
#[cfg_attr(test, derive(TS), ts(rename_all = "camelCase"))]
pub struct CommentRequest {
    /// The comment text, bare or as `{text}`; never empty.
    #[cfg_attr(test, ts(type = "string | { text: string }"))]
    pub comment_data: String,
}

impl FromJson for CommentRequest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let data = Obj::of(value, "the body")?.required("commentData")?;
        let comment_data = match data {
            Json::Str(text) => text.clone(),
            Json::Obj(_) => Obj::of(data, "commentData")?
                .str("text")
                .map_err(|_| COMMENT_SHAPE.to_owned())?,
            _ => return Err(COMMENT_SHAPE.into()),
        };
        Ok(CommentRequest { comment_data })
    }
}

impl CommentRequest {
    /// The non-empty text of the comment.
    fn text(self) -> Result<String, ApiError> {
        if self.comment_data.trim().is_empty() {
            return Err(ApiError::CommentEmpty);
        }
        Ok(self.comment_data)
    }
}

const COMMENT_SHAPE: &str = "commentData must be a text string or an object {\"text\": string}";

fn list(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let render = cx.render();
    let post = render.db.post(cx.param(0)).ok_or(ApiError::PostNotFound)?;
    Reply::ok(&CommentsResponse {
        comments: render.comments(post),
    })
}

fn add(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let text = cx.json::<CommentRequest>()?.text()?;
    let post_id = cx.param(0).to_owned();
    cx.db.post(&post_id).ok_or(ApiError::PostNotFound)?;
    let id = cx.db.next_id(IdKind::Comment);
    let now = cx.now.epoch_ms;
    let post = cx.db.post_mut(&post_id).ok_or(ApiError::PostNotFound)?;
    post.comments.push(Comment {
        id,
        text,
        author: me.id,
        upvoted_by: Vec::new(),
        downvoted_by: Vec::new(),
        created_at: now,
        updated_at: now,
    });
    post.updated_at = now;
    all_posts(&cx, 201)
}

/// The post and the index of its comment named by the path.
fn locate<'a>(cx: &'a mut Ctx<'_>) -> Result<(&'a mut Post, usize), ApiError> {
    let (post_id, comment_id) = (cx.param(0).to_owned(), cx.param(1).to_owned());
    let post = cx.db.post_mut(&post_id).ok_or(ApiError::PostNotFound)?;
    let index = post
        .comments
        .iter()
        .position(|c| c.id == comment_id)
        .ok_or(ApiError::CommentNotFound)?;
    Ok((post, index))
}

fn edit(mut cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let text = cx.json::<CommentRequest>()?.text()?;
    let now = cx.now.epoch_ms;
    let (post, index) = locate(&mut cx)?;
    let comment = post
        .comments
        .get_mut(index)
        .ok_or(ApiError::CommentNotFound)?;
    if comment.author != me.id {
        return Err(ApiError::EditCommentNotOwner);
    }
    comment.text = text;
    comment.updated_at = now;
    post.updated_at = now;
    all_posts(&cx, 201)
}

/// The comment's author or the post's author may delete it.
fn delete(mut cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let me = cx.user()?;
    let now = cx.now.epoch_ms;
    let (post, index) = locate(&mut cx)?;
    let comment_author = post.comments.get(index).map(|c| c.author.as_str());
    if comment_author != Some(me.id.as_str()) && post.author != me.id {
        return Err(ApiError::DeleteCommentNotOwner);
    }
    post.comments.remove(index);
    post.updated_at = now;
    all_posts(&cx, 201)
}

#[cfg(test)]
#[path = "comments_tests.rs"]
mod tests;
