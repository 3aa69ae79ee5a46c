//! A host's seed, loaded as it is: the developer's own data, not a client's
//! input, so the API's input rules do not apply (short passwords, remote
//! media URLs, long bios load as given). Two shapes are read, mixed freely:
//! Murmur's own (`follows` as `[follower, followed]` usernames, `likedBy`
//! as usernames) and the API's (users with `_id`s and embedded
//! `followers`/`following` summaries, posts with `likes.likedBy` summaries
//! and comments), as an app's MirageJS or json-server fixtures hold them.
//!
//! Only what the core relies on is enforced: unique ids and usernames, and
//! references that resolve (by `_id` where it matches, else by username).
//! The rest is adapted to the state's invariants (`likeCount` recomputed
//! from `likedBy`, follows made symmetric, repeats dropped) and reported in
//! a [`SeedReport`]. A refused seed changes nothing and names the item.

use crate::auth::digest_password;
use crate::db::{Db, Rng};
use crate::model::Byline;
use crate::model::{Comment, Counters, Likes, Post, User};
use crate::routes::comments::CommentData;
use crate::rules::MIN_PASSWORD_CHARS;
use crate::seed::DEFAULT_AVATAR;
use crate::seed_refs::{optional_id, Moment, Notes, Reference};
use crate::settings::ApiSettings;
use crate::unicode::chars;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Positions by id or name. One map type for every index here, filled by
/// inserts: each other key type, and `collect()`'s sort, is code of its
/// own in the module every visitor downloads.
type Index = BTreeMap<String, usize>;

/// The seed document (`@murmur/backend`'s `seed` option, a fixtures file,
/// or a generated set). Unknown members of a user, post or comment are
/// ignored (fixtures carry display copies such as a post's `firstName`);
/// an unknown top-level member is refused, as likely a typo.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a seed object {users, follows?, posts?, api?}"
)]
struct SeedDoc {
    users: Vec<SeedUser>,
    #[serde(default)]
    follows: Vec<(Reference, Reference)>,
    #[serde(default)]
    posts: Vec<SeedPost>,
    /// The API's settings the seed's app needs (`crate::settings`).
    #[serde(default)]
    api: Option<ApiSettings>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedUser {
    #[serde(default, rename = "_id", deserialize_with = "optional_id")]
    id: Option<String>,
    username: String,
    password: String,
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default, rename = "avatarURL")]
    avatar_url: Option<String>,
    #[serde(default)]
    bio: Option<String>,
    #[serde(default)]
    website: Option<String>,
    #[serde(default)]
    created_at: Option<Moment>,
    #[serde(default)]
    updated_at: Option<Moment>,
    #[serde(default)]
    followers: Vec<Reference>,
    #[serde(default)]
    following: Vec<Reference>,
    /// Post ids (or posts with an `_id`).
    #[serde(default)]
    bookmarks: Vec<Reference>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedPost {
    #[serde(default, rename = "_id", deserialize_with = "optional_id")]
    id: Option<String>,
    /// The author's username.
    username: String,
    content: String,
    #[serde(default, rename = "mediaURL")]
    media_url: Option<String>,
    #[serde(default)]
    hashtags: Option<String>,
    /// Murmur's shape: likers by username.
    #[serde(default)]
    liked_by: Vec<Reference>,
    /// The API's shape.
    #[serde(default)]
    likes: Option<SeedLikes>,
    #[serde(default)]
    comments: Vec<SeedComment>,
    #[serde(default)]
    created_at: Option<Moment>,
    #[serde(default)]
    updated_at: Option<Moment>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct SeedLikes {
    #[serde(default)]
    like_count: Option<i64>,
    #[serde(default)]
    liked_by: Vec<Reference>,
    #[serde(default)]
    disliked_by: Vec<Reference>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedComment {
    #[serde(default, rename = "_id", deserialize_with = "optional_id")]
    id: Option<String>,
    /// The commenter's username.
    username: String,
    /// The text, under the name the template's apps give it: `text`, else
    /// `comment`, `commentData` (bare or `{text}`) or `content`.
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    comment: Option<CommentData>,
    #[serde(default)]
    comment_data: Option<CommentData>,
    #[serde(default)]
    content: Option<String>,
    /// The byline kept for a commenter who is no user.
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
    #[serde(default, rename = "avatarURL")]
    avatar_url: Option<String>,
    #[serde(default)]
    votes: Option<SeedVotes>,
    #[serde(default)]
    created_at: Option<Moment>,
    #[serde(default)]
    updated_at: Option<Moment>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct SeedVotes {
    #[serde(default)]
    upvoted_by: Vec<Reference>,
    #[serde(default)]
    downvoted_by: Vec<Reference>,
}

/// What a seed became: how much loaded, what was adapted to the state's
/// invariants, and what was kept as given although the API would refuse it
/// from a client. Each line counts one kind and shows a few examples.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeedReport {
    pub users: usize,
    pub posts: usize,
    pub comments: usize,
    pub adapted: Vec<String>,
    pub as_given: Vec<String>,
}

/// `user "name" (users[3])`, for messages.
fn user_label(index: usize, username: &str) -> String {
    format!("user \"{username}\" (users[{index}])")
}

/// `post 2 ("A bug, lit…")`, 1-based, the content cut short.
fn post_label(index: usize, content: &str) -> String {
    let short: String = content.chars().take(30).collect();
    let more = if chars(content) > 30 { "…" } else { "" };
    format!("post {} (\"{short}{more}\")", index.saturating_add(1))
}

/// Users by `_id` and by username, each to its position.
struct Directory {
    ids: Index,
    usernames: Index,
}

impl Directory {
    /// A reference's user: a summary by its `_id` where one matches, else by
    /// its username (noted, when it gave an `_id` that matched nobody); a
    /// bare string by username, else as an `_id`.
    fn find(
        &self,
        reference: &Reference,
        notes: &mut Notes,
        at: &dyn Fn() -> String,
    ) -> Option<usize> {
        match reference {
            Reference::Text(text) => self
                .usernames
                .get(text)
                .or_else(|| self.ids.get(text))
                .copied(),
            Reference::Summary { id, username } => {
                if let Some(&i) = id.as_ref().and_then(|id| self.ids.get(id)) {
                    return Some(i);
                }
                let found = username
                    .as_ref()
                    .and_then(|u| self.usernames.get(u))
                    .copied();
                if found.is_some() && id.is_some() {
                    notes.by_username(|| format!("{} ({})", at(), reference.shown()));
                }
                found
            }
        }
    }

    /// The users `list` names, each once; one that names nobody is dropped
    /// (noted): a summary of someone the fixtures do not hold.
    fn resolve(
        &self,
        list: &[Reference],
        ids: &[String],
        notes: &mut Notes,
        at: &dyn Fn(usize) -> String,
    ) -> Result<Vec<String>, String> {
        let mut out: Vec<String> = Vec::with_capacity(list.len());
        for (k, reference) in list.iter().enumerate() {
            let Some(i) = self.find(reference, notes, &|| at(k)) else {
                notes.nobody_dropped(|| format!("{} ({})", at(k), reference.shown()));
                continue;
            };
            let id = ids.get(i).cloned().unwrap_or_default();
            if out.contains(&id) {
                notes.repeat(|| at(k));
            } else {
                out.push(id);
            }
        }
        Ok(out)
    }
}

/// A fresh store holding `json`'s users, follows and posts, and what was
/// adapted; `db` gives the salt generator, the base path and the upload
/// counter (uploads stay). Dates default to `now_ms`.
pub fn import(db: &Db, json: &str, now_ms: i64) -> Result<(Db, SeedReport), String> {
    let mut de = serde_json::Deserializer::from_str(json);
    let mut doc: SeedDoc = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        format!("{path}: {}", e.into_inner())
    })?;
    let settings = match doc.api.take() {
        Some(api) => api.checked()?,
        None => db.settings.clone(),
    };
    let mut notes = Notes::default();
    let mut rng = db.rng.clone();
    let (ids, usernames) = user_ids(&doc.users)?;
    let mut directory = Directory {
        ids: Index::new(),
        usernames,
    };
    for (i, id) in ids.iter().enumerate() {
        directory.ids.insert(id.clone(), i);
    }
    let post_ids = post_ids(&doc.posts)?;
    let follows = follow_edges(&doc, &directory, &ids, &mut notes)?;
    let mut users = Vec::with_capacity(doc.users.len());
    for (i, user) in doc.users.into_iter().enumerate() {
        let label = user_label(i, &user.username);
        let bookmarks = bookmarks(&user.bookmarks, &post_ids, &label, &mut notes)?;
        let id = ids.get(i).cloned().unwrap_or_default();
        let (followers, following) = follows.get(i).cloned().unwrap_or_default();
        users.push(make_user(
            user,
            id,
            &mut rng,
            now_ms,
            &label,
            &mut notes,
            (followers, following, bookmarks),
        ));
    }
    let (posts, comment_count) =
        make_posts(doc.posts, post_ids, &directory, &ids, now_ms, &mut notes)?;
    let report = SeedReport {
        users: users.len(),
        posts: posts.len(),
        comments: comment_count,
        ..notes.report()
    };
    let counters = Counters {
        user: u64::try_from(users.len()).unwrap_or(u64::MAX),
        post: u64::try_from(posts.len()).unwrap_or(u64::MAX),
        comment: u64::try_from(comment_count).unwrap_or(u64::MAX),
        media: db.counters.media,
        notification: 0,
    };
    // The state's own check, so that a loaded seed is a state this core
    // saves and loads back; what it refuses was caught above with a clearer
    // message, so this is a net.
    crate::snapshot::check(&users, &posts).map_err(|e| format!("the loaded state: {e}"))?;
    let mut fresh = Db::from_parts(users, posts, counters, rng);
    fresh.base_path = db.base_path.clone();
    fresh.settings = settings;
    Ok((fresh, report))
}

/// Each user's id (its `_id`, else the next free `u-NN` in seed order)
/// and the users by username. Refuses an empty or repeated username and a
/// repeated `_id`.
fn user_ids(users: &[SeedUser]) -> Result<(Vec<String>, Index), String> {
    let mut by_username = Index::new();
    let mut given = Index::new();
    for (i, user) in users.iter().enumerate() {
        let label = || user_label(i, &user.username);
        if user.username.trim().is_empty() {
            return Err(format!("users[{i}]: username is empty"));
        }
        if let Some(first) = by_username.insert(user.username.clone(), i) {
            return Err(format!(
                "{}: username \"{}\" is users[{first}]'s too",
                label(),
                user.username
            ));
        }
        if let Some(id) = user.id.as_deref().filter(|id| !id.is_empty()) {
            if let Some(first) = given.insert(id.to_owned(), i) {
                return Err(format!("{}: _id \"{id}\" is users[{first}]'s too", label()));
            }
        }
    }
    let ids = fill_ids(users.iter().map(|u| u.id.as_deref()), &given, "u-");
    Ok((ids, by_username))
}

/// The given ids, and `prefix` + the next free number (two digits at
/// least, as the API's own ids) for each one missing.
fn fill_ids<'a>(
    given: impl Iterator<Item = Option<&'a str>>,
    taken: &Index,
    prefix: &str,
) -> Vec<String> {
    let mut counter: u64 = 0;
    given
        .map(|id| match id.filter(|id| !id.is_empty()) {
            Some(id) => id.to_owned(),
            None => loop {
                counter = counter.saturating_add(1);
                let id = format!("{prefix}{counter:02}");
                if !taken.contains_key(&id) {
                    break id;
                }
            },
        })
        .collect()
}

/// Each post's id, as [`user_ids`]; refuses a repeated `_id`.
fn post_ids(posts: &[SeedPost]) -> Result<Vec<String>, String> {
    let mut given = Index::new();
    for (i, post) in posts.iter().enumerate() {
        if let Some(id) = post.id.as_deref().filter(|id| !id.is_empty()) {
            if let Some(first) = given.insert(id.to_owned(), i) {
                let post = post_label(i, &post.content);
                return Err(format!("{post}: _id \"{id}\" is posts[{first}]'s too"));
            }
        }
    }
    Ok(fill_ids(
        posts.iter().map(|p| p.id.as_deref()),
        &given,
        "p-",
    ))
}

/// Followers and following (ids), by user position.
type FollowLists = Vec<(Vec<String>, Vec<String>)>;

/// Every link any list names (a user's `following`, the other's
/// `followers`, or `follows`), made on both sides. One named on one side
/// only, a self-follow or a repeat is noted.
fn follow_edges(
    doc: &SeedDoc,
    directory: &Directory,
    ids: &[String],
    notes: &mut Notes,
) -> Result<FollowLists, String> {
    const FOLLOWING: u8 = 1;
    const FOLLOWERS: u8 = 2;
    const FOLLOWS: u8 = 4;
    // (follower, followed) in the order first named, with the lists that
    // name it (bits of `FOLLOWING`, ...); `seen` finds an edge's place.
    let mut edges: Vec<(usize, usize, u8)> = Vec::new();
    let mut seen = Index::new();
    let mut add = |edge: (usize, usize), side: u8, notes: &mut Notes, at: &dyn Fn() -> String| {
        if edge.0 == edge.1 {
            notes.self_follow(at);
            return;
        }
        let key = format!("{} {}", edge.0, edge.1);
        let Some(&place) = seen.get(&key) else {
            seen.insert(key, edges.len());
            edges.push((edge.0, edge.1, side));
            return;
        };
        if let Some((_, _, sides)) = edges.get_mut(place) {
            if *sides & side != 0 {
                notes.repeat(at);
            }
            *sides |= side;
        }
    };
    for (i, user) in doc.users.iter().enumerate() {
        let label = user_label(i, &user.username);
        for (list, name, side) in [
            (&user.following, "following", FOLLOWING),
            (&user.followers, "followers", FOLLOWERS),
        ] {
            for (k, reference) in list.iter().enumerate() {
                let at = || format!("{label}: {name}[{k}]");
                let Some(other) = directory.find(reference, notes, &at) else {
                    notes.nobody_dropped(|| format!("{} ({})", at(), reference.shown()));
                    continue;
                };
                let edge = if side == FOLLOWING {
                    (i, other)
                } else {
                    (other, i)
                };
                add(edge, side, notes, &at);
            }
        }
    }
    for (k, (follower, followed)) in doc.follows.iter().enumerate() {
        let at = || {
            format!(
                "follows[{k}] (\"{}\" → \"{}\")",
                follower.shown(),
                followed.shown()
            )
        };
        let from = directory.find(follower, notes, &at);
        let to = directory.find(followed, notes, &at);
        let (Some(from), Some(to)) = (from, to) else {
            let nobody = if from.is_none() { follower } else { followed };
            return Err(format!("{}: \"{}\" names no user", at(), nobody.shown()));
        };
        add((from, to), FOLLOWS, notes, &at);
    }
    let name = |i: usize| doc.users.get(i).map_or("", |u| u.username.as_str());
    for &(from, to, sides) in &edges {
        if sides == FOLLOWING || sides == FOLLOWERS {
            let (list, at) = if sides == FOLLOWING {
                ("following", from)
            } else {
                ("followers", to)
            };
            notes.one_sided(|| {
                format!(
                    "\"{}\" → \"{}\", in {}'s {list} only",
                    name(from),
                    name(to),
                    name(at)
                )
            });
        }
    }
    let mut lists: FollowLists = vec![(Vec::new(), Vec::new()); ids.len()];
    for (from, to, _) in edges {
        let (Some(from_id), Some(to_id)) = (ids.get(from), ids.get(to)) else {
            continue;
        };
        if let Some((_, following)) = lists.get_mut(from) {
            following.push(to_id.clone());
        }
        if let Some((followers, _)) = lists.get_mut(to) {
            followers.push(from_id.clone());
        }
    }
    Ok(lists)
}

/// A user's bookmarks as post ids, each once; refuses one naming no post.
fn bookmarks(
    list: &[Reference],
    post_ids: &[String],
    label: &str,
    notes: &mut Notes,
) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for (k, reference) in list.iter().enumerate() {
        let id = reference.id_or_text().unwrap_or_default();
        if !post_ids.iter().any(|p| p == id) {
            return Err(format!("{label}: bookmarks[{k}] names no post (\"{id}\")"));
        }
        if out.iter().any(|b| b == id) {
            notes.repeat(|| format!("{label}: bookmarks[{k}]"));
        } else {
            out.push(id.to_owned());
        }
    }
    Ok(out)
}

/// A date as milliseconds, or `default` (noted) when it is not a date.
fn millis(
    moment: Option<&Moment>,
    default: i64,
    notes: &mut Notes,
    at: &dyn Fn() -> String,
) -> i64 {
    match moment {
        None => default,
        Some(moment) => match moment.millis() {
            Some((ms, other_form)) => {
                if other_form {
                    notes.date_form(|| format!("{} {}", at(), moment.shown()));
                }
                ms
            }
            None => {
                notes.bad_date(|| format!("{} {}", at(), moment.shown()));
                default
            }
        },
    }
}

/// Notes a media or avatar URL the API would refuse from a client (a remote
/// address, not a path): kept, and Murmur's own app shows a placeholder.
fn note_url(url: &str, notes: &mut Notes, at: &dyn Fn() -> String) {
    if !url.is_empty() && crate::rules::check_media_path("mediaURL", url.to_owned()).is_err() {
        notes.foreign_url(|| format!("{} \"{url}\"", at()));
    }
}

/// The lists a user's record holds: followers, following, bookmarks.
type UserLists = (Vec<String>, Vec<String>, Vec<String>);

fn make_user(
    user: SeedUser,
    id: String,
    rng: &mut Rng,
    now_ms: i64,
    label: &str,
    notes: &mut Notes,
    (followers, following, bookmarks): UserLists,
) -> User {
    if chars(&user.password) < MIN_PASSWORD_CHARS {
        notes.short_password(|| label.to_owned());
    }
    let created_at = millis(user.created_at.as_ref(), now_ms, notes, &|| {
        format!("{label}: createdAt")
    });
    let updated_at = millis(user.updated_at.as_ref(), created_at, notes, &|| {
        format!("{label}: updatedAt")
    });
    let avatar_url = user
        .avatar_url
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| DEFAULT_AVATAR.to_owned());
    note_url(&avatar_url, notes, &|| format!("{label}: avatarURL"));
    let salt = rng.salt();
    User {
        id,
        first_name: user.first_name.unwrap_or_default(),
        last_name: user.last_name.unwrap_or_default(),
        password: digest_password(&salt, &user.password),
        username: user.username,
        email: user.email.filter(|email| !email.is_empty()),
        created_at,
        updated_at,
        avatar_url,
        bio: user.bio.unwrap_or_default(),
        website: user.website.unwrap_or_default(),
        followers,
        following,
        bookmarks,
    }
}

/// The posts, and how many comments they hold.
fn make_posts(
    posts: Vec<SeedPost>,
    ids: Vec<String>,
    directory: &Directory,
    user_ids: &[String],
    now_ms: i64,
    notes: &mut Notes,
) -> Result<(Vec<Post>, usize), String> {
    let mut comment_ids = comment_ids(&posts)?.into_iter();
    let mut out = Vec::with_capacity(posts.len());
    let mut comment_count: usize = 0;
    for ((i, post), id) in posts.into_iter().enumerate().zip(ids) {
        let label = post_label(i, &post.content);
        let author = directory
            .usernames
            .get(&post.username)
            .and_then(|&u| user_ids.get(u))
            .ok_or_else(|| format!("{label}: username \"{}\" names no user", post.username))?
            .clone();
        let likes = post.likes.unwrap_or_default();
        let mut likers = post.liked_by;
        likers.extend(likes.liked_by);
        let liked_by = directory.resolve(&likers, user_ids, notes, &|k| {
            format!("{label}: likes.likedBy[{k}]")
        })?;
        let mut disliked_by = directory.resolve(&likes.disliked_by, user_ids, notes, &|k| {
            format!("{label}: likes.dislikedBy[{k}]")
        })?;
        let before = disliked_by.len();
        disliked_by.retain(|id| !liked_by.contains(id));
        if disliked_by.len() != before {
            notes.liked_and_disliked(|| label.clone());
        }
        let like_count = u32::try_from(liked_by.len()).unwrap_or(u32::MAX);
        if let Some(given) = likes.like_count.filter(|&n| n != i64::from(like_count)) {
            notes.like_count(|| format!("{label}: {given} → {like_count}"));
        }
        let created_at = millis(post.created_at.as_ref(), now_ms, notes, &|| {
            format!("{label}: createdAt")
        });
        let updated_at = millis(post.updated_at.as_ref(), created_at, notes, &|| {
            format!("{label}: updatedAt")
        });
        let media_url = post.media_url.unwrap_or_default();
        note_url(&media_url, notes, &|| format!("{label}: mediaURL"));
        let mut comments = Vec::with_capacity(post.comments.len());
        for (k, mut comment) in post.comments.into_iter().enumerate() {
            let at = format!("{label}: comments[{k}]");
            let text = comment_text(&mut comment, &at, notes)?;
            let author = directory
                .usernames
                .get(&comment.username)
                .and_then(|&u| user_ids.get(u))
                .cloned();
            let byline = if author.is_some() {
                None
            } else {
                notes.by_nobody(|| format!("{at} (\"{}\")", comment.username));
                Some(Byline {
                    username: comment.username.clone(),
                    first_name: comment.first_name.take().unwrap_or_default(),
                    last_name: comment.last_name.take().unwrap_or_default(),
                    avatar_url: comment
                        .avatar_url
                        .take()
                        .filter(|url| !url.is_empty())
                        .unwrap_or_else(|| DEFAULT_AVATAR.to_owned()),
                })
            };
            let votes = comment.votes.unwrap_or_default();
            let upvoted_by = directory.resolve(&votes.upvoted_by, user_ids, notes, &|v| {
                format!("{at}.votes.upvotedBy[{v}]")
            })?;
            let downvoted_by = directory.resolve(&votes.downvoted_by, user_ids, notes, &|v| {
                format!("{at}.votes.downvotedBy[{v}]")
            })?;
            let made = millis(comment.created_at.as_ref(), created_at, notes, &|| {
                format!("{at}.createdAt")
            });
            let changed = millis(comment.updated_at.as_ref(), made, notes, &|| {
                format!("{at}.updatedAt")
            });
            comments.push(Comment {
                id: comment_ids.next().unwrap_or_default(),
                text,
                author: author.unwrap_or_default(),
                upvoted_by,
                downvoted_by,
                created_at: made,
                updated_at: changed,
                byline,
            });
        }
        comment_count = comment_count.saturating_add(comments.len());
        out.push(Post {
            id,
            content: post.content,
            media_url,
            hashtags: post.hashtags.unwrap_or_default(),
            author,
            created_at,
            updated_at,
            likes: Likes {
                like_count,
                liked_by,
                disliked_by,
            },
            comments,
        });
    }
    Ok((out, comment_count))
}

/// A comment's text from the first of `text`, `comment`, `commentData` and
/// `content` it has (noted when not `text`); refuses one with none.
fn comment_text(comment: &mut SeedComment, at: &str, notes: &mut Notes) -> Result<String, String> {
    if let Some(text) = comment.text.take() {
        return Ok(text);
    }
    let other = comment
        .comment
        .take()
        .or_else(|| comment.comment_data.take())
        .map(CommentData::into_text)
        .or_else(|| comment.content.take())
        .ok_or_else(|| format!("{at}: no text (text, comment, commentData or content)"))?;
    notes.comment_text(|| at.to_owned());
    Ok(other)
}

/// Every comment's id, post by post, as [`user_ids`]; refuses a repeated
/// `_id` (ids are unique across posts).
fn comment_ids(posts: &[SeedPost]) -> Result<Vec<String>, String> {
    // Each given id, to where it was first: `places` holds (post, comment).
    let mut given = Index::new();
    let mut places: Vec<(usize, usize)> = Vec::new();
    for (i, post) in posts.iter().enumerate() {
        for (k, comment) in post.comments.iter().enumerate() {
            if let Some(id) = comment.id.as_deref().filter(|id| !id.is_empty()) {
                if let Some(&(p, c)) = given.get(id).and_then(|&at| places.get(at)) {
                    let post = post_label(i, &post.content);
                    return Err(format!(
                        "{post}: comments[{k}]: _id \"{id}\" is posts[{p}].comments[{c}]'s too"
                    ));
                }
                given.insert(id.to_owned(), places.len());
                places.push((i, k));
            }
        }
    }
    let all = posts
        .iter()
        .flat_map(|p| p.comments.iter().map(|c| c.id.as_deref()));
    Ok(fill_ids(all, &given, "c-"))
}

#[cfg(test)]
#[path = "seed_import_tests.rs"]
mod tests;
