//! The stored entities. They reference each other by id (a post names its
//! author, a like names the liker), so a profile edit shows everywhere at
//! once; `views` renders them into the shapes the API returns. These structs
//! are also the snapshot format, which is why they keep password digests.

use crate::json::{FromJson, Json, Obj};
use crate::json_write::{cat, json_object};
#[cfg(test)]
use serde::Serialize;

/// A salted SHA-256 password digest, both parts lowercase hex.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
pub struct PasswordDigest {
    pub salt: String,
    pub digest: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
#[cfg_attr(test, serde(rename_all = "camelCase"))]
pub struct User {
    #[cfg_attr(test, serde(rename = "_id"))]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    #[cfg_attr(test, serde(skip_serializing_if = "Option::is_none"))]
    pub email: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    #[cfg_attr(test, serde(rename = "avatarURL"))]
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

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
#[cfg_attr(test, serde(rename_all = "camelCase"))]
pub struct Likes {
    /// Kept equal to `liked_by.len()` by every rule.
    pub like_count: u32,
    pub liked_by: Vec<String>,
    pub disliked_by: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
#[cfg_attr(test, serde(rename_all = "camelCase"))]
pub struct Comment {
    #[cfg_attr(test, serde(rename = "_id"))]
    pub id: String,
    pub text: String,
    /// Id of the comment's author.
    pub author: String,
    pub upvoted_by: Vec<String>,
    pub downvoted_by: Vec<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
#[cfg_attr(test, serde(rename_all = "camelCase"))]
pub struct Post {
    #[cfg_attr(test, serde(rename = "_id"))]
    pub id: String,
    pub content: String,
    /// A relative media path, or empty for a text-only post.
    #[cfg_attr(test, serde(rename = "mediaURL"))]
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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(test, derive(Serialize))]
pub struct Counters {
    pub user: u64,
    pub post: u64,
    pub comment: u64,
    pub media: u64,
}

// The snapshot format, field for field in declaration order.

json_object!(PasswordDigest {
    "salt" => salt,
    "digest" => digest,
});

json_object!(User {
    "_id" => id,
    "firstName" => first_name,
    "lastName" => last_name,
    "username" => username,
    maybe "email" => email,
    "createdAt" => created_at,
    "updatedAt" => updated_at,
    "avatarURL" => avatar_url,
    "bio" => bio,
    "website" => website,
    "followers" => followers,
    "following" => following,
    "bookmarks" => bookmarks,
    "password" => password,
});

json_object!(Likes {
    "likeCount" => like_count,
    "likedBy" => liked_by,
    "dislikedBy" => disliked_by,
});

json_object!(Comment {
    "_id" => id,
    "text" => text,
    "author" => author,
    "upvotedBy" => upvoted_by,
    "downvotedBy" => downvoted_by,
    "createdAt" => created_at,
    "updatedAt" => updated_at,
});

json_object!(Post {
    "_id" => id,
    "content" => content,
    "mediaURL" => media_url,
    "hashtags" => hashtags,
    "author" => author,
    "createdAt" => created_at,
    "updatedAt" => updated_at,
    "likes" => likes,
    "comments" => comments,
});

json_object!(Counters {
    "user" => user,
    "post" => post,
    "comment" => comment,
    "media" => media,
});

// Reading the snapshot format back, strictly: every field present with its
// type, no unknown field.

fn time(o: &Obj<'_>, key: &str) -> Result<i64, String> {
    o.int(key)
}

fn count<T: TryFrom<i64>>(o: &Obj<'_>, key: &str) -> Result<T, String> {
    T::try_from(o.int(key)?).map_err(|_| cat(&["`", key, "` is out of range"]))
}

impl FromJson for PasswordDigest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "`password`")?;
        o.only(&["salt", "digest"])?;
        Ok(PasswordDigest {
            salt: o.str("salt")?,
            digest: o.str("digest")?,
        })
    }
}

impl FromJson for User {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "a user")?;
        o.only(&[
            "_id",
            "firstName",
            "lastName",
            "username",
            "email",
            "createdAt",
            "updatedAt",
            "avatarURL",
            "bio",
            "website",
            "followers",
            "following",
            "bookmarks",
            "password",
        ])?;
        Ok(User {
            id: o.str("_id")?,
            first_name: o.str("firstName")?,
            last_name: o.str("lastName")?,
            username: o.str("username")?,
            email: o.opt_str("email")?,
            created_at: time(&o, "createdAt")?,
            updated_at: time(&o, "updatedAt")?,
            avatar_url: o.str("avatarURL")?,
            bio: o.str("bio")?,
            website: o.str("website")?,
            followers: o.strs("followers")?,
            following: o.strs("following")?,
            bookmarks: o.strs("bookmarks")?,
            password: PasswordDigest::from_json(o.required("password")?)?,
        })
    }
}

impl FromJson for Comment {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "a comment")?;
        o.only(&[
            "_id",
            "text",
            "author",
            "upvotedBy",
            "downvotedBy",
            "createdAt",
            "updatedAt",
        ])?;
        Ok(Comment {
            id: o.str("_id")?,
            text: o.str("text")?,
            author: o.str("author")?,
            upvoted_by: o.strs("upvotedBy")?,
            downvoted_by: o.strs("downvotedBy")?,
            created_at: time(&o, "createdAt")?,
            updated_at: time(&o, "updatedAt")?,
        })
    }
}

impl FromJson for Post {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "a post")?;
        o.only(&[
            "_id",
            "content",
            "mediaURL",
            "hashtags",
            "author",
            "createdAt",
            "updatedAt",
            "likes",
            "comments",
        ])?;
        let likes = o.obj("likes")?;
        likes.only(&["likeCount", "likedBy", "dislikedBy"])?;
        Ok(Post {
            id: o.str("_id")?,
            content: o.str("content")?,
            media_url: o.str("mediaURL")?,
            hashtags: o.str("hashtags")?,
            author: o.str("author")?,
            created_at: time(&o, "createdAt")?,
            updated_at: time(&o, "updatedAt")?,
            likes: Likes {
                like_count: count(&likes, "likeCount")?,
                liked_by: likes.strs("likedBy")?,
                disliked_by: likes.strs("dislikedBy")?,
            },
            comments: o.list("comments", Comment::from_json)?,
        })
    }
}

impl FromJson for Counters {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "`counters`")?;
        o.only(&["user", "post", "comment", "media"])?;
        Ok(Counters {
            user: count(&o, "user")?,
            post: count(&o, "post")?,
            comment: count(&o, "comment")?,
            media: count(&o, "media")?,
        })
    }
}
