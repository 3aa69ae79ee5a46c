//! The stored entities. They reference each other by id (a post names its
//! author, a like names the liker), so a profile edit shows everywhere at
//! once; `views` renders them into the shapes the API returns. These structs
//! are also the snapshot format, which is why they keep password digests:
//! the derives below are that format, read strictly (every field present
//! with its type, no unknown field).

use serde::{Deserialize, Serialize};

/// A salted SHA-256 password digest, both parts lowercase hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordDigest {
    pub salt: String,
    pub digest: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    #[serde(rename = "avatarURL")]
    pub avatar_url: String,
    pub bio: String,
    pub website: String,
    /// Ids of the users following this one.
    pub followers: Vec<String>,
    /// Ids of the users this one follows.
    pub following: Vec<String>,
    /// Ids of bookmarked posts.
    pub bookmarks: Vec<String>,
    pub password: PasswordDigest,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Likes {
    /// Kept equal to `liked_by.len()` by every rule.
    pub like_count: u32,
    pub liked_by: Vec<String>,
    pub disliked_by: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Comment {
    #[serde(rename = "_id")]
    pub id: String,
    pub text: String,
    /// Id of the comment's author.
    pub author: String,
    pub upvoted_by: Vec<String>,
    pub downvoted_by: Vec<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Who wrote it as a seed named them, when that is no user of this
    /// state (`author` is then empty): a template app's fixtures hold
    /// comments by people who are not among their users.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byline: Option<Byline>,
}

/// A comment author's name and avatar, kept as a seed gave them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Byline {
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    #[serde(rename = "avatarURL")]
    pub avatar_url: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Post {
    #[serde(rename = "_id")]
    pub id: String,
    pub content: String,
    /// A relative media path, or empty for a text-only post.
    #[serde(rename = "mediaURL")]
    pub media_url: String,
    pub hashtags: String,
    /// Id of the post's author.
    pub author: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub likes: Likes,
    /// In insertion order; responses sort them newest first.
    pub comments: Vec<Comment>,
}

/// Counters behind the generated ids (`p-13`, `c-21`, ...).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    pub user: u64,
    pub post: u64,
    pub comment: u64,
    pub media: u64,
    /// Absent from states saved before notifications.
    #[serde(default)]
    pub notification: u64,
}

/// What a notification tells its recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS, utoipa::ToSchema))]
pub enum NotificationType {
    /// `actor` liked the recipient's post.
    Like,
    /// `actor` commented on the recipient's post.
    Comment,
    /// `actor` followed the recipient.
    Follow,
    /// `actor` mentioned the recipient (`@username`) in a post or a comment.
    Mention,
}

/// One notification, kept for its recipient (docs/rules.md,
/// "Notifications").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Notification {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: NotificationType,
    /// Id of the user it is for.
    pub recipient: String,
    /// Id of the user who acted.
    pub actor: String,
    /// The post liked, commented on or mentioned in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_id: Option<String>,
    /// The comment that commented or mentioned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment_id: Option<String>,
    pub created_at: i64,
    pub read: bool,
}
