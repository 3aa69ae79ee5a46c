//! The in-memory store: users and posts in insertion order, with id indexes
//! so that every lookup is logarithmic and no request does quadratic work.

use crate::model::{Counters, Post, User};
use crate::search::SearchIndex;
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;

/// SplitMix64: a tiny deterministic generator for salts, seeded by the
/// caller's entropy so that the core itself holds no randomness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ z.wrapping_shr(30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ z.wrapping_shr(27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ z.wrapping_shr(31)
    }

    /// 16 random bytes as 32 hex digits.
    pub fn salt(&mut self) -> String {
        format!("{:016x}{:016x}", self.next_u64(), self.next_u64())
    }
}

/// Each post's rendered JSON, by position in `Db::posts`, for one zone
/// offset. A like re-renders one post instead of all of them. The `Db`
/// accessors keep it true: mutable access to a post drops that post's
/// entry, mutable access to any user drops them all (names and avatars are
/// embedded), and removing or adding a post keeps the positions aligned.
#[derive(Debug, Clone, Default)]
pub struct JsonCache {
    pub offset_minutes: Option<i32>,
    pub posts: Vec<Option<String>>,
}

#[derive(Debug, Clone)]
pub struct Db {
    users: Vec<User>,
    user_index: BTreeMap<String, usize>,
    username_index: BTreeMap<String, usize>,
    /// Usernames ASCII-lowercased, to the first user holding each: new
    /// usernames are ASCII, unique ignoring case, and sign-in ignores case.
    /// (An old state may hold names that differ only in case.)
    folded_username_index: BTreeMap<String, usize>,
    posts: Vec<Post>,
    post_index: BTreeMap<String, usize>,
    pub counters: Counters,
    pub rng: Rng,
    post_json: RefCell<JsonCache>,
    /// Tags and words of posts and users: derived data, never saved. Built
    /// by the first search or tag feed (so loading a state does not pay for
    /// it), then kept in step by the methods that change what it indexes
    /// (adding a user or a post, [`Db::edit_user`], [`Db::edit_post`],
    /// [`Db::remove_post`]).
    search: OnceCell<SearchIndex>,
    /// Where the site lives (`/`, `/murmur/`): media and avatar paths are
    /// absolute under it (see `crate::base_path`).
    pub base_path: String,
}

/// See [`Db::user_lists_mut`].
pub struct UserLists<'a> {
    pub followers: &'a mut Vec<String>,
    pub following: &'a mut Vec<String>,
    pub bookmarks: &'a mut Vec<String>,
    pub updated_at: &'a mut i64,
}

/// Drops every `id` from `list` (one `retain` instance for every list).
#[inline(never)]
pub fn remove_all(list: &mut Vec<String>, id: &str) {
    list.retain(|x| x != id);
}

/// What an id generator makes ids for.
#[derive(Debug, Clone, Copy)]
pub enum IdKind {
    User,
    Post,
    Comment,
    Media,
}

impl Db {
    /// A store over already validated parts (seed, snapshot, bulk loader).
    pub fn from_parts(users: Vec<User>, posts: Vec<Post>, counters: Counters, rng: Rng) -> Db {
        let mut db = Db {
            users,
            user_index: BTreeMap::new(),
            username_index: BTreeMap::new(),
            folded_username_index: BTreeMap::new(),
            posts,
            post_index: BTreeMap::new(),
            counters,
            rng,
            post_json: RefCell::default(),
            search: OnceCell::new(),
            base_path: "/".to_owned(),
        };
        db.reindex_users();
        db.reindex_posts();
        db
    }

    fn reindex_users(&mut self) {
        self.user_index.clear();
        self.username_index.clear();
        self.folded_username_index.clear();
        for (i, u) in self.users.iter().enumerate() {
            self.user_index.insert(u.id.clone(), i);
            self.username_index.insert(u.username.clone(), i);
            self.folded_username_index
                .entry(u.username.to_ascii_lowercase())
                .or_insert(i);
        }
    }

    fn reindex_posts(&mut self) {
        self.post_index.clear();
        for (i, p) in self.posts.iter().enumerate() {
            self.post_index.insert(p.id.clone(), i);
        }
    }

    pub fn users(&self) -> &[User] {
        &self.users
    }

    pub fn posts(&self) -> &[Post] {
        &self.posts
    }

    pub fn user(&self, id: &str) -> Option<&User> {
        self.user_index.get(id).and_then(|&i| self.users.get(i))
    }

    /// The lists of a user, which no rendered post shows: changing them
    /// keeps the rendered posts (unlike [`Db::user_mut`]).
    pub fn user_lists_mut(&mut self, id: &str) -> Option<UserLists<'_>> {
        let i = *self.user_index.get(id)?;
        let user = self.users.get_mut(i)?;
        Some(UserLists {
            followers: &mut user.followers,
            following: &mut user.following,
            bookmarks: &mut user.bookmarks,
            updated_at: &mut user.updated_at,
        })
    }

    /// Changes any part of a user with `change`; drops every rendered
    /// post, since posts embed names and avatars, and re-indexes the names.
    pub fn edit_user(&mut self, id: &str, change: impl FnOnce(&mut User)) -> Option<&User> {
        let i = *self.user_index.get(id)?;
        self.post_json.get_mut().posts.clear();
        let user = self.users.get_mut(i)?;
        change(user);
        if let Some(search) = self.search.get_mut() {
            search.index_user(user);
        }
        Some(user)
    }

    pub fn user_by_username(&self, username: &str) -> Option<&User> {
        self.username_index
            .get(username)
            .and_then(|&i| self.users.get(i))
    }

    /// Where the post `id` sits in [`Db::posts`].
    pub fn position(&self, id: &str) -> Option<usize> {
        self.post_index.get(id).copied()
    }

    /// The user named exactly `username`, else the first whose name equals
    /// it ignoring ASCII case (sign-in).
    pub fn user_by_username_ignoring_case(&self, username: &str) -> Option<&User> {
        self.user_by_username(username).or_else(|| {
            self.folded_username_index
                .get(&username.to_ascii_lowercase())
                .and_then(|&i| self.users.get(i))
        })
    }

    /// Whether a user's name equals `username` ignoring ASCII case.
    pub fn username_taken(&self, username: &str) -> bool {
        self.folded_username_index
            .contains_key(&username.to_ascii_lowercase())
    }

    pub fn post(&self, id: &str) -> Option<&Post> {
        self.post_index.get(id).and_then(|&i| self.posts.get(i))
    }

    /// A post's likes or comments: neither is indexed, so changing them
    /// costs the search index nothing (edit text with [`Db::edit_post`]).
    pub fn post_mut(&mut self, id: &str) -> Option<&mut Post> {
        let i = *self.post_index.get(id)?;
        if let Some(slot) = self.post_json.get_mut().posts.get_mut(i) {
            *slot = None;
        }
        self.posts.get_mut(i)
    }

    /// Changes a post's text, media or tags with `change` and re-indexes it.
    pub fn edit_post(&mut self, id: &str, change: impl FnOnce(&mut Post)) -> Option<&Post> {
        let i = *self.post_index.get(id)?;
        if let Some(slot) = self.post_json.get_mut().posts.get_mut(i) {
            *slot = None;
        }
        let post = self.posts.get_mut(i)?;
        change(post);
        if let Some(search) = self.search.get_mut() {
            search.index_post(post);
        }
        Some(post)
    }

    /// Whether the search index is built (it is derived, built on first use).
    #[cfg(test)]
    pub fn search_is_built(&self) -> bool {
        self.search.get().is_some()
    }

    /// The search index, built on first use.
    pub fn search(&self) -> &SearchIndex {
        self.search.get_or_init(|| {
            let mut search = SearchIndex::default();
            for user in &self.users {
                search.index_user(user);
            }
            for post in &self.posts {
                search.index_post(post);
            }
            search
        })
    }

    /// Every avatar and post media path, for a migration; drops every
    /// rendered post.
    pub fn media_paths_mut(&mut self) -> impl Iterator<Item = &mut String> {
        self.post_json.get_mut().posts.clear();
        let avatars = self.users.iter_mut().map(|u| &mut u.avatar_url);
        avatars.chain(self.posts.iter_mut().map(|p| &mut p.media_url))
    }

    /// The rendered-post cache (see [`JsonCache`]).
    pub fn post_json(&self) -> &RefCell<JsonCache> {
        &self.post_json
    }

    pub fn insert_user(&mut self, user: User) {
        let i = self.users.len();
        self.user_index.insert(user.id.clone(), i);
        self.username_index.insert(user.username.clone(), i);
        self.folded_username_index
            .entry(user.username.to_ascii_lowercase())
            .or_insert(i);
        if let Some(search) = self.search.get_mut() {
            search.index_user(&user);
        }
        self.users.push(user);
    }

    pub fn insert_post(&mut self, post: Post) {
        self.post_index.insert(post.id.clone(), self.posts.len());
        if let Some(search) = self.search.get_mut() {
            search.index_post(&post);
        }
        self.posts.push(post);
    }

    /// Removes a post and every bookmark naming it.
    pub fn remove_post(&mut self, id: &str) {
        let Some(i) = self.post_index.get(id).copied() else {
            return;
        };
        if i < self.posts.len() {
            self.posts.remove(i);
        }
        let cache = &mut self.post_json.get_mut().posts;
        if i < cache.len() {
            cache.remove(i);
        }
        self.reindex_posts();
        if let Some(search) = self.search.get_mut() {
            search.remove_post(id);
        }
        for user in &mut self.users {
            remove_all(&mut user.bookmarks, id);
        }
    }

    /// A fresh id of `kind`, never one in use: the counter skips ids that a
    /// seed, snapshot or bulk load already holds.
    pub fn next_id(&mut self, kind: IdKind) -> String {
        loop {
            let (counter, prefix) = match kind {
                IdKind::User => (&mut self.counters.user, "u-"),
                IdKind::Post => (&mut self.counters.post, "p-"),
                IdKind::Comment => (&mut self.counters.comment, "c-"),
                IdKind::Media => (&mut self.counters.media, "m-"),
            };
            *counter = counter.wrapping_add(1);
            let id = format!("{prefix}{:02}", *counter);
            let taken = match kind {
                IdKind::User => self.user_index.contains_key(&id),
                IdKind::Post => self.post_index.contains_key(&id),
                IdKind::Comment => self
                    .posts
                    .iter()
                    .any(|p| p.comments.iter().any(|c| c.id == id)),
                IdKind::Media => false,
            };
            if !taken {
                return id;
            }
        }
    }
}
