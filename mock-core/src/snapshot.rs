//! The whole state as one versioned JSON document, its strict import, and
//! the bulk generator for benchmarks.

use crate::auth::digest_password;
use crate::db::{Db, Rng};
use crate::idempotency::KeptAnswer;
use crate::model::{Counters, Likes, Notification, Post, User};
use crate::time::utc_ms;
use serde::{Deserialize, Serialize};
use serde_json::error::Category;
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;

pub const FORMAT: &str = "murmur-snapshot";
pub const VERSION: u32 = 1;

/// The snapshot document, written from the store by reference and read
/// back owned: every field required with its type, no unknown field.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a snapshot object")]
struct Snapshot<'a> {
    format: Cow<'a, str>,
    version: u32,
    users: Cow<'a, [User]>,
    posts: Cow<'a, [Post]>,
    counters: Cow<'a, Counters>,
    /// The salt generator's state, as 16 hex digits.
    rng: String,
    /// The state's revision (docs/rules.md, "Revisions and events").
    /// Snapshots saved before it was recorded load at 0.
    #[serde(default)]
    revision: u64,
    /// Every user's notifications, each user's oldest first (docs/rules.md,
    /// "Notifications"). Snapshots saved before them load with none.
    #[serde(default)]
    notifications: Cow<'a, [Notification]>,
    /// The base path the state's media and avatar paths were made under
    /// (`/`, `/murmur/`): a state loaded under another base moves them there.
    /// Absent from snapshots saved before it was recorded.
    #[serde(rename = "basePath", default, skip_serializing_if = "Option::is_none")]
    base_path: Option<Cow<'a, str>>,
    /// The answers kept under `Idempotency-Key`s (crate::idempotency),
    /// oldest first; absent when there are none.
    #[serde(
        rename = "idempotencyKeys",
        default,
        skip_serializing_if = "<[KeptAnswer]>::is_empty"
    )]
    idempotency_keys: Cow<'a, [KeptAnswer]>,
}

/// A snapshot's store, and the base path its paths were made under, if recorded.
pub struct Imported {
    pub db: Db,
    pub base_path: Option<String>,
    pub keys: Vec<KeptAnswer>,
}

// For the tests' `unwrap_err` (the store itself has no `Debug`).
#[cfg(test)]
impl fmt::Debug for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Imported")
            .field("base_path", &self.base_path)
            .finish_non_exhaustive()
    }
}

/// Why a snapshot was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotError(pub String);

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "snapshot refused: {}", self.0)
    }
}

impl std::error::Error for SnapshotError {}

#[cfg(test)]
pub fn export(db: &Db) -> String {
    export_with_keys(db, &[])
}

/// The snapshot of `db` with the answers kept under idempotency keys.
pub fn export_with_keys(db: &Db, keys: &[KeptAnswer]) -> String {
    let doc = Snapshot {
        format: Cow::Borrowed(FORMAT),
        version: VERSION,
        users: Cow::Borrowed(db.users()),
        posts: Cow::Borrowed(db.posts()),
        counters: Cow::Borrowed(&db.counters),
        rng: format!("{:016x}", db.rng.0),
        revision: db.revision(),
        notifications: Cow::Owned(db.all_notifications().cloned().collect()),
        base_path: Some(Cow::Borrowed(&db.base_path)),
        idempotency_keys: Cow::Borrowed(keys),
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

/// A store from a snapshot, after checking every invariant of the state.
pub fn import(text: &str) -> Result<Imported, SnapshotError> {
    read(text).map_err(SnapshotError)
}

fn read(text: &str) -> Result<Imported, String> {
    let doc: Snapshot<'static> = serde_json::from_str(text).map_err(|e| match e.classify() {
        Category::Data => e.to_string(),
        Category::Syntax | Category::Eof | Category::Io => format!("not JSON: {e}"),
    })?;
    if doc.format != FORMAT {
        return Err(format!(
            "format is \"{}\", expected \"{FORMAT}\"",
            doc.format
        ));
    }
    if doc.version != VERSION {
        return Err(format!(
            "version {} is not supported (expected {VERSION})",
            doc.version
        ));
    }
    let rng =
        u64::from_str_radix(&doc.rng, 16).map_err(|_| format!("rng \"{}\" is not hex", doc.rng))?;
    let base_path = match doc.base_path {
        None => None,
        Some(base) => match crate::base_path::normalize(&base) {
            Ok(normal) if normal == base => Some(normal),
            _ => {
                return Err(format!(
                    "basePath \"{base}\" is not a base path (/ or /word/.../)"
                ))
            }
        },
    };
    let (users, posts) = (doc.users.into_owned(), doc.posts.into_owned());
    let notifications = doc.notifications.into_owned();
    check(&users, &posts)?;
    check_notifications(&users, &posts, &notifications)?;
    let mut counters = doc.counters.into_owned();
    // Notification ids are never checked against those in use (see
    // `Db::next_id`): the counter starts past every one.
    for n in &notifications {
        let number = n.id.strip_prefix("n-").and_then(|d| d.parse::<u64>().ok());
        counters.notification = counters.notification.max(number.unwrap_or(0));
    }
    let mut db = Db::from_parts(users, posts, counters, Rng(rng));
    db.restore_notifications(notifications);
    db.set_revision(doc.revision);
    Ok(Imported {
        db,
        base_path,
        keys: doc.idempotency_keys.into_owned(),
    })
}

fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A set of ids; the first repeat is an error naming `what()`. The names of
/// what is checked are made only for an error: a snapshot has tens of
/// thousands of lists, and formatting a name for each was most of the check.
fn distinct<'a>(
    what: &dyn Fn() -> String,
    list: impl IntoIterator<Item = &'a String>,
) -> Result<Ids<'a>, String> {
    let mut set = Ids::new();
    for item in list {
        if !set.insert(item.as_str()) {
            return Err(format!("{} lists \"{item}\" twice", what()));
        }
    }
    Ok(set)
}

type Ids<'a> = BTreeSet<&'a str>;

fn known(what: &dyn Fn() -> String, ids: &[String], users: &Ids<'_>) -> Result<(), String> {
    distinct(what, ids)?;
    match ids.iter().find(|id| !users.contains(id.as_str())) {
        Some(id) => Err(format!("{} names unknown user \"{id}\"", what())),
        None => Ok(()),
    }
}

/// Every invariant the rules keep: unique ids and usernames, references to
/// existing users and posts, `likeCount == likedBy.len()`, symmetric follows.
/// (Input rules, such as a post's length, are not invariants: a host's seed
/// may hold longer posts, see `crate::seed_import`.)
pub(crate) fn check(users: &[User], posts: &[Post]) -> Result<(), String> {
    let user_ids = distinct(&|| "users".into(), users.iter().map(|u| &u.id))?;
    distinct(&|| "usernames".into(), users.iter().map(|u| &u.username))?;
    let post_ids = distinct(&|| "posts".into(), posts.iter().map(|p| &p.id))?;
    distinct(
        &|| "comments".into(),
        posts.iter().flat_map(|p| p.comments.iter().map(|c| &c.id)),
    )?;
    // Each follow appears once as "a follows b" from both ends.
    // Filled by inserts: `collect()` would sort first, and the sort would
    // be a large part of the module (bench/NOTES.md, the core's libraries).
    let mut following = BTreeSet::new();
    for u in users {
        for f in &u.following {
            following.insert((u.id.as_str(), f.as_str()));
        }
    }
    let mut follower_edges = 0usize;
    for u in users {
        let who = || format!("user {}", u.id);
        if u.id.is_empty() || u.username.trim().is_empty() {
            return Err(format!("{} has an empty id or username", who()));
        }
        if !is_hex(&u.password.salt, 32) || !is_hex(&u.password.digest, 64) {
            return Err(format!("{} has a malformed password digest", who()));
        }
        known(&|| format!("{} following", who()), &u.following, &user_ids)?;
        known(&|| format!("{} followers", who()), &u.followers, &user_ids)?;
        if u.following.contains(&u.id) {
            return Err(format!("{} follows themselves", who()));
        }
        for f in &u.followers {
            if !following.contains(&(f.as_str(), u.id.as_str())) {
                return Err("follow lists are not symmetric".into());
            }
            follower_edges = follower_edges.saturating_add(1);
        }
        distinct(&|| format!("{} bookmarks", who()), &u.bookmarks)?;
        if let Some(b) = u.bookmarks.iter().find(|b| !post_ids.contains(b.as_str())) {
            return Err(format!("{} bookmarks unknown post \"{b}\"", who()));
        }
    }
    if follower_edges != following.len() {
        return Err("follow lists are not symmetric".into());
    }
    for p in posts {
        let what = || format!("post {}", p.id);
        if !user_ids.contains(p.author.as_str()) {
            return Err(format!("{} has unknown author \"{}\"", what(), p.author));
        }
        known(
            &|| format!("{} likedBy", what()),
            &p.likes.liked_by,
            &user_ids,
        )?;
        known(
            &|| format!("{} dislikedBy", what()),
            &p.likes.disliked_by,
            &user_ids,
        )?;
        if usize::try_from(p.likes.like_count).ok() != Some(p.likes.liked_by.len()) {
            return Err(format!(
                "{} has likeCount {} but {} likers",
                what(),
                p.likes.like_count,
                p.likes.liked_by.len()
            ));
        }
        let likers = distinct(&what, &p.likes.liked_by)?;
        if p.likes
            .disliked_by
            .iter()
            .any(|id| likers.contains(id.as_str()))
        {
            return Err(format!("{} is both liked and disliked by one user", what()));
        }
        for c in &p.comments {
            let which = || format!("comment {}", c.id);
            // A seed's comment by someone who is no user carries their byline.
            let by_nobody = c.author.is_empty() && c.byline.is_some();
            if !by_nobody && !user_ids.contains(c.author.as_str()) {
                return Err(format!("{} has unknown author \"{}\"", which(), c.author));
            }
            known(
                &|| format!("{} upvotedBy", which()),
                &c.upvoted_by,
                &user_ids,
            )?;
            known(
                &|| format!("{} downvotedBy", which()),
                &c.downvoted_by,
                &user_ids,
            )?;
        }
    }
    Ok(())
}

/// Notifications name existing users, posts and comments, each id once.
fn check_notifications(
    users: &[User],
    posts: &[Post],
    notifications: &[Notification],
) -> Result<(), String> {
    // Filled by inserts, as in `check`.
    let (mut user_ids, mut post_ids, mut comment_ids) = (Ids::new(), Ids::new(), BTreeSet::new());
    for u in users {
        user_ids.insert(u.id.as_str());
    }
    for p in posts {
        post_ids.insert(p.id.as_str());
        for c in &p.comments {
            comment_ids.insert((p.id.as_str(), c.id.as_str()));
        }
    }
    distinct(
        &|| "notifications".into(),
        notifications.iter().map(|n| &n.id),
    )?;
    for n in notifications {
        let what = || format!("notification {}", n.id);
        for user in [&n.recipient, &n.actor] {
            if !user_ids.contains(user.as_str()) {
                return Err(format!("{} names unknown user \"{user}\"", what()));
            }
        }
        let post = n.post_id.as_deref().unwrap_or_default();
        if !post.is_empty() && !post_ids.contains(post) {
            return Err(format!("{} names unknown post \"{post}\"", what()));
        }
        if let Some(comment) = &n.comment_id {
            if !comment_ids.contains(&(post, comment.as_str())) {
                return Err(format!("{} names unknown comment \"{comment}\"", what()));
            }
        }
    }
    Ok(())
}

/// `users` generated users (the first is the guest account, `guest` /
/// `guest123`; the others `user<N>` / `password123`), each following the
/// next, and `posts` generated text posts spread over them.
pub fn bulk(users: usize, posts: usize, mut rng: Rng) -> Db {
    let users = users.max(1);
    let base = utc_ms(2025, 1, 1, 12, 0);
    let minute =
        |i: usize| base.saturating_add(i64::try_from(i).unwrap_or(i64::MAX).saturating_mul(60_000));
    let id_of = |i: usize| {
        if i == 0 {
            "u-guest".to_owned()
        } else {
            format!("u-b{i}")
        }
    };
    let generated: Vec<User> = (0..users)
        .map(|i| {
            let next = i.checked_add(1).filter(|&n| n < users);
            let prev = i.checked_sub(1);
            let (username, first, password) = if i == 0 {
                ("guest".to_owned(), "Guest".to_owned(), "guest123")
            } else {
                (format!("user{i}"), format!("User {i}"), "password123")
            };
            User {
                id: id_of(i),
                first_name: first,
                last_name: if i == 0 { "User".into() } else { "Bulk".into() },
                username,
                email: None,
                created_at: minute(i),
                updated_at: minute(i),
                avatar_url: crate::seed::DEFAULT_AVATAR.to_owned(),
                bio: String::new(),
                website: String::new(),
                followers: prev.map(id_of).into_iter().collect(),
                following: next.map(id_of).into_iter().collect(),
                bookmarks: Vec::new(),
                password: digest_password(&rng.salt(), password),
            }
        })
        .collect();
    let generated_posts: Vec<Post> = (0..posts)
        .map(|i| Post {
            id: format!("p-b{i}"),
            content: format!("Bulk post number {i}"),
            media_url: String::new(),
            hashtags: "#bulk".to_owned(),
            author: id_of(i.checked_rem(users).unwrap_or(0)),
            created_at: minute(i),
            updated_at: minute(i),
            likes: Likes {
                like_count: 0,
                liked_by: Vec::new(),
                disliked_by: Vec::new(),
            },
            comments: Vec::new(),
        })
        .collect();
    Db::from_parts(generated, generated_posts, Counters::default(), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::seed_db;
    use serde_json::{json, Value};

    fn seed_json() -> Value {
        serde_json::from_str(&export(&seed_db(Rng(3)))).unwrap()
    }

    fn refused(doc: &Value) -> String {
        import(&doc.to_string())
            .expect_err("must be refused")
            .to_string()
    }

    #[test]
    fn refusals_say_what_was_wrong() {
        let e = import("[").unwrap_err();
        assert!(
            e.to_string().starts_with("snapshot refused: not JSON: "),
            "{e}"
        );
        let mut doc = seed_json();
        doc["posts"][0]["likes"]["likeCount"] = json!("many");
        assert!(refused(&doc).contains("invalid type: string \"many\", expected u32"));
        doc = seed_json();
        doc["users"][0].as_object_mut().unwrap().remove("bio");
        assert!(refused(&doc).contains("missing field `bio`"));
    }

    #[test]
    fn round_trip_is_exact() {
        let db = seed_db(Rng(3));
        let json = export(&db);
        let back = import(&json).unwrap();
        assert_eq!(export(&back.db), json);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["format"], "murmur-snapshot");
        assert_eq!(v["version"], 1);
        assert!(
            v["users"][0]["password"]["digest"].is_string(),
            "digests are kept"
        );
    }

    #[test]
    fn a_post_longer_than_a_client_may_write_is_a_state() {
        // A host's seed may hold one: an input rule, not an invariant.
        let mut doc = seed_json();
        doc["posts"][0]["content"] = json!("x".repeat(400));
        doc["posts"][0]["hashtags"] = json!("#x".repeat(100));
        assert!(import(&doc.to_string()).is_ok());
    }

    #[test]
    fn refuses_each_broken_invariant_with_a_reason() {
        type Breakage = (fn(&mut Value), &'static str);
        let cases: [Breakage; 13] = [
            (|v| v["format"] = json!("other"), "format"),
            (|v| v["version"] = json!(2), "version 2"),
            (|v| v["rng"] = json!("xyz"), "rng"),
            (|v| v["extra"] = json!(1), "unknown field `extra`"),
            (
                |v| v["posts"][0]["likes"]["likeCount"] = json!(9),
                "likeCount 9",
            ),
            (
                |v| v["posts"][1]["_id"] = json!("p-01"),
                "posts lists \"p-01\" twice",
            ),
            (|v| v["users"][1]["username"] = json!("guest"), "usernames"),
            (|v| v["users"][0]["following"] = json!([]), "symmetric"),
            (
                |v| v["users"][0]["bookmarks"] = json!(["p-99"]),
                "unknown post",
            ),
            (
                |v| v["posts"][0]["author"] = json!("u-nobody"),
                "unknown author",
            ),
            (
                |v| v["posts"][0]["likes"]["likedBy"][0] = json!("u-x"),
                "unknown user",
            ),
            (
                |v| v["users"][0]["password"]["digest"] = json!("abc"),
                "password",
            ),
            (
                |v| v["posts"][2]["comments"][0]["_id"] = json!("c-01"),
                "comments lists",
            ),
        ];
        for (break_it, reason) in cases {
            let mut doc = seed_json();
            break_it(&mut doc);
            let msg = refused(&doc);
            assert!(msg.contains(reason), "{msg:?} should mention {reason:?}");
        }
        assert!(import("not json")
            .unwrap_err()
            .to_string()
            .contains("not JSON"));
    }

    #[test]
    fn bulk_state_is_valid_and_sized() {
        let db = bulk(50, 200, Rng(1));
        assert_eq!((db.users().len(), db.posts().len()), (50, 200));
        import(&export(&db)).expect("bulk state passes the checks");
        assert_eq!(
            bulk(0, 3, Rng(1)).users().len(),
            1,
            "the guest is always there"
        );
    }
}
