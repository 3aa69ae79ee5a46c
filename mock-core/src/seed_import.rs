//! A host's seed, loaded in one call and checked by the API's own rules:
//! users go through sign-up and the profile edit (so every account rule and
//! message applies, and passwords are hashed as at sign-up); follows, posts,
//! likes and comments through the rules their routes apply, without
//! rendering every post after each write (10,000 posts would be quadratic).
//! A refused seed changes nothing and says which item broke which rule.

use crate::auth::encode_token;
use crate::db::{Db, IdKind};
use crate::error::ApiError;
use crate::exchange::{Now, Request};
use crate::model::{Comment, Counters, Likes, Post};
use crate::router::answer;
use crate::routes::posts::PostData;
use crate::rules::comment_not_blank;
use serde::{Deserialize, Serialize};

/// The seed document (`@murmur/backend`'s `seed` option, or a generated set).
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a seed object {users, follows?, posts?}"
)]
struct SeedDoc {
    users: Vec<SeedUser>,
    #[serde(default)]
    follows: Vec<(String, String)>,
    #[serde(default)]
    posts: Vec<SeedPost>,
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedUser {
    username: String,
    password: String,
    first_name: String,
    last_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "avatarURL")]
    avatar_url: Option<String>,
    #[serde(default, skip_serializing)]
    bio: Option<String>,
    #[serde(default, skip_serializing)]
    website: Option<String>,
    /// Milliseconds since the epoch; default the time of the import.
    #[serde(default, skip_serializing)]
    created_at: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedPost {
    username: String,
    content: String,
    #[serde(default, rename = "mediaURL")]
    media_url: Option<String>,
    #[serde(default)]
    hashtags: Option<String>,
    #[serde(default)]
    liked_by: Vec<String>,
    #[serde(default)]
    comments: Vec<SeedComment>,
    #[serde(default)]
    created_at: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedComment {
    username: String,
    text: String,
    #[serde(default)]
    created_at: Option<i64>,
}

/// The body of the profile edit that sets a seed user's bio and website
/// (a derive, not `json!`: no `serde_json::Value` in the module).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileEdit<'a> {
    user_data: Profile<'a>,
}

#[derive(Serialize)]
struct Profile<'a> {
    bio: Option<&'a str>,
    website: Option<&'a str>,
}

/// The id of the seed user `username` (the fresh store holds only them).
fn account(db: &Db, username: &str, what: &str) -> Result<String, String> {
    db.user_by_username(username)
        .map(|user| user.id.clone())
        .ok_or_else(|| format!("{what}: no seed user \"{username}\""))
}

/// A fresh store holding `json`'s users, follows and posts; `db` gives the
/// salt generator, the base path and the upload counter (uploads stay).
pub fn import(db: &Db, json: &str, now: Now) -> Result<Db, String> {
    let mut de = serde_json::Deserializer::from_str(json);
    let doc: SeedDoc = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        format!("{path}: {}", e.into_inner())
    })?;
    let counters = Counters {
        media: db.counters.media,
        ..Counters::default()
    };
    let mut fresh = Db::from_parts(Vec::new(), Vec::new(), counters, db.rng.clone());
    fresh.base_path = db.base_path.clone();
    users(&mut fresh, doc.users, now)?;
    follows(&mut fresh, &doc.follows)?;
    posts(&mut fresh, doc.posts, now)?;
    Ok(fresh)
}

/// A `POST` to the API; a refusal is its catalogue message.
fn call(db: &mut Db, url: &str, token: Option<&str>, body: String, at: Now) -> Result<(), String> {
    let req = Request {
        method: "POST",
        url,
        authorization: token,
        body: &body,
        prefer: None,
    };
    answer(db, &req, at).map(drop).map_err(|e| e.message())
}

fn users(db: &mut Db, users: Vec<SeedUser>, now: Now) -> Result<(), String> {
    for user in users {
        let what = format!("user \"{}\"", user.username);
        let at = Now {
            epoch_ms: user.created_at.unwrap_or(now.epoch_ms),
            ..now
        };
        let signup = serde_json::to_string(&user).map_err(|e| format!("{what}: {e}"))?;
        call(db, "/api/auth/signup", None, signup, at).map_err(|m| format!("{what}: {m}"))?;
        if user.bio.is_some() || user.website.is_some() {
            // The account sign-up made, read from the store rather than
            // from its JSON answer, and the token that answer holds.
            let token = db
                .user_by_username(&user.username)
                .map(|created| encode_token(created, at.epoch_ms))
                .ok_or_else(|| format!("{what}: {}", ApiError::Internal.message()))?;
            let edit = ProfileEdit {
                user_data: Profile {
                    bio: user.bio.as_deref(),
                    website: user.website.as_deref(),
                },
            };
            let edit = serde_json::to_string(&edit).map_err(|e| format!("{what}: {e}"))?;
            call(db, "/api/users/edit", Some(&token), edit, at)
                .map_err(|m| format!("{what}: {m}"))?;
        }
    }
    Ok(())
}

/// The follow route's rules, without rendering every user after each one.
fn follows(db: &mut Db, follows: &[(String, String)]) -> Result<(), String> {
    for (follower, followed) in follows {
        let what = format!("follow \"{follower}\" → \"{followed}\"");
        let from = account(db, follower, &what)?;
        let to = account(db, followed, &what)?;
        let refusal = if from == to {
            Some(ApiError::CannotFollowYourself)
        } else if db.user(&from).is_some_and(|u| u.following.contains(&to)) {
            Some(ApiError::AlreadyFollowing)
        } else {
            None
        };
        if let Some(error) = refusal {
            return Err(format!("{what}: {}", error.message()));
        }
        for (id, other, outgoing) in [(&from, &to, true), (&to, &from, false)] {
            if let Some(lists) = db.user_lists_mut(id) {
                let list = if outgoing {
                    lists.following
                } else {
                    lists.followers
                };
                list.push(other.clone());
            }
        }
    }
    Ok(())
}

/// The rules of `POST /api/posts`, `/like` and `/comments/add`.
fn posts(db: &mut Db, posts: Vec<SeedPost>, now: Now) -> Result<(), String> {
    let mut comment_count: u64 = 0;
    for (index, post) in posts.into_iter().enumerate() {
        let what = format!("post {} (\"{}\")", index.saturating_add(1), post.content);
        let fail = |e: ApiError| format!("{what}: {}", e.message());
        let author = account(db, &post.username, &what)?;
        let data = PostData {
            content: Some(post.content.clone()),
            media_url: post.media_url,
            hashtags: post.hashtags,
        }
        .check(None, &db.base_path)
        .map_err(fail)?;
        let mut liked_by: Vec<String> = Vec::with_capacity(post.liked_by.len());
        for liker in &post.liked_by {
            let id = account(db, liker, &what)?;
            if liked_by.contains(&id) {
                return Err(fail(ApiError::AlreadyLiked));
            }
            liked_by.push(id);
        }
        let created_at = post.created_at.unwrap_or(now.epoch_ms);
        let mut comments = Vec::with_capacity(post.comments.len());
        for comment in post.comments {
            let by = account(db, &comment.username, &what)?;
            let text = comment_not_blank(comment.text).map_err(fail)?;
            comment_count = comment_count.saturating_add(1);
            let at = comment.created_at.unwrap_or(created_at);
            comments.push(Comment {
                id: format!("c-{comment_count:02}"),
                text,
                author: by,
                upvoted_by: Vec::new(),
                downvoted_by: Vec::new(),
                created_at: at,
                updated_at: at,
            });
        }
        let id = db.next_id(IdKind::Post);
        db.insert_post(Post {
            id,
            content: data.content.unwrap_or_default(),
            media_url: data.media_url.unwrap_or_default(),
            hashtags: data.hashtags.unwrap_or_default(),
            author,
            created_at,
            updated_at: created_at,
            likes: Likes {
                like_count: u32::try_from(liked_by.len()).unwrap_or(u32::MAX),
                liked_by,
                disliked_by: Vec::new(),
            },
            comments,
        });
    }
    db.counters.comment = comment_count;
    Ok(())
}

#[cfg(test)]
#[path = "seed_import_tests.rs"]
mod tests;
