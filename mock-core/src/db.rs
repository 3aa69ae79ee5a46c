//! The in-memory store: users and posts in insertion order, with id indexes
//! so that every lookup is logarithmic and no request does quadratic work.

use crate::model::{Counters, Notification, Post, User};
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

/// What happened to one post or user in a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Created,
    Changed,
    Deleted,
}

impl Change {
    /// `self` followed by `then` in the same request: a post created and
    /// then changed is still new; whatever is deleted is gone.
    fn then(self, then: Change) -> Change {
        match (self, then) {
            (_, Change::Deleted) => Change::Deleted,
            (Change::Created, _) => Change::Created,
            (_, then) => then,
        }
    }
}

/// What the current request has changed, marked by the `Db` methods that
/// change the state (the same ones that keep [`JsonCache`] true): the
/// router takes the marks after each request, commits them when it
/// succeeded (a new revision) and drops them when it failed, so whether a
/// request changed anything is never decided per route. A mark means the
/// state was reached for writing; a failed request writes nothing (the
/// router's rule), so its marks are dropped. A request touches a few
/// things, kept in the order it touched them.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// Posts by id.
    pub posts: Vec<(String, Change)>,
    /// Users by id: `Changed` for a profile edit or a follow list.
    pub users: Vec<(String, Change)>,
    /// Users whose bookmarks changed (only they can read them).
    pub bookmarks: Vec<String>,
    /// Notifications added, as `(recipient, id)`.
    pub notified: Vec<(String, String)>,
    /// Notifications taken back, as `(recipient, id)`.
    pub unnotified: Vec<(String, String)>,
    /// Users who read all their notifications.
    pub read: Vec<String>,
    /// The upload registered (`m-01`).
    pub media: Option<String>,
    /// An id counter or the salt generator moved (both are state).
    pub ids: bool,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.posts.is_empty()
            && self.users.is_empty()
            && self.bookmarks.is_empty()
            && self.notified.is_empty()
            && self.unnotified.is_empty()
            && self.read.is_empty()
            && self.media.is_none()
            && !self.ids
    }

    fn post(&mut self, id: &str, change: Change) {
        mark(&mut self.posts, id, change);
    }

    fn user(&mut self, id: &str, change: Change) {
        mark(&mut self.users, id, change);
    }
}

/// Applies `change` to `value`: whether that made a difference.
fn differs<T: Clone + PartialEq>(value: &mut T, change: impl FnOnce(&mut T)) -> bool {
    let before = value.clone();
    change(value);
    *value != before
}

fn mark(marks: &mut Vec<(String, Change)>, id: &str, change: Change) {
    match marks.iter_mut().find(|(marked, _)| marked == id) {
        Some((_, was)) => *was = was.then(change),
        None => marks.push((id.to_owned(), change)),
    }
}

/// Adds `id` to `list` unless it is there.
fn mark_once(list: &mut Vec<String>, id: &str) {
    if !list.iter().any(|x| x == id) {
        list.push(id.to_owned());
    }
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
    /// Each user's notifications, oldest first, at most
    /// [`MAX_NOTIFICATIONS`] each: by position in `users`, as users are
    /// only ever added.
    notifications: Vec<Vec<Notification>>,
    /// Id counters and the salt generator are state: a request moves them
    /// through [`Db::next_id`] and [`Db::salt`], which mark the change.
    pub counters: Counters,
    pub rng: Rng,
    /// Bumped by every committed change (see [`Db::commit`]); part of the
    /// state, saved in snapshots.
    revision: u64,
    /// What the request being answered has changed so far.
    changes: Changes,
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
    /// The host's choices where the template and the spec differ (see
    /// `crate::settings`): configuration, not data, so kept across a reset
    /// or a loaded state.
    pub settings: crate::settings::ApiSettings,
}

/// See [`Db::user_lists_mut`].
pub struct UserLists<'a> {
    pub followers: &'a mut Vec<String>,
    pub following: &'a mut Vec<String>,
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
    Notification,
}

/// The most notifications kept for one user: a new one beyond it drops
/// their oldest.
pub const MAX_NOTIFICATIONS: usize = 200;

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
            notifications: Vec::new(),
            counters,
            rng,
            revision: 0,
            changes: Changes::default(),
            post_json: RefCell::default(),
            search: OnceCell::new(),
            base_path: "/".to_owned(),
            settings: crate::settings::ApiSettings::default(),
        };
        db.reindex_users();
        db.reindex_posts();
        db.notifications.resize_with(db.users.len(), Vec::new);
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

    /// The follow lists of a user, which no rendered post shows: changing
    /// them keeps the rendered posts (unlike [`Db::edit_user`]).
    pub fn user_lists_mut(&mut self, id: &str) -> Option<UserLists<'_>> {
        let i = *self.user_index.get(id)?;
        let user = self.users.get_mut(i)?;
        self.changes.user(id, Change::Changed);
        Some(UserLists {
            followers: &mut user.followers,
            following: &mut user.following,
            updated_at: &mut user.updated_at,
        })
    }

    /// A user's bookmarks and `updatedAt`: private to them, shown on no post.
    pub fn bookmarks_mut(&mut self, id: &str) -> Option<(&mut Vec<String>, &mut i64)> {
        let i = *self.user_index.get(id)?;
        let user = self.users.get_mut(i)?;
        mark_once(&mut self.changes.bookmarks, id);
        Some((&mut user.bookmarks, &mut user.updated_at))
    }

    /// Changes any part of a user with `change`; drops every rendered
    /// post, since posts embed names and avatars, and re-indexes the names.
    pub fn edit_user(&mut self, id: &str, change: impl FnOnce(&mut User)) -> Option<&User> {
        let i = *self.user_index.get(id)?;
        let user = self.users.get_mut(i)?;
        if differs(user, change) {
            self.changes.user(id, Change::Changed);
            self.post_json.get_mut().posts.clear();
            if let Some(search) = self.search.get_mut() {
                search.index_user(user);
            }
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
    /// it ignoring ASCII case: whom sign-in, a mention and a profile by
    /// username find (docs/rules.md, "Mentions").
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
        self.changes.post(id, Change::Changed);
        self.posts.get_mut(i)
    }

    /// Changes a post's text, media or tags with `change` and re-indexes it.
    pub fn edit_post(&mut self, id: &str, change: impl FnOnce(&mut Post)) -> Option<&Post> {
        let i = self.change_post_at(id, change)?;
        let post = self.posts.get(i)?;
        if let Some(search) = self.search.get_mut() {
            search.index_post(post);
        }
        Some(post)
    }

    /// Changes a post with `change`, without re-indexing it (see
    /// [`Db::edit_post`]).
    pub fn change_post(&mut self, id: &str, change: impl FnOnce(&mut Post)) -> Option<&Post> {
        let i = self.change_post_at(id, change)?;
        self.posts.get(i)
    }

    /// Changes the post `id` with `change`, marked only if that made a
    /// difference (an edit that sends back what the post holds, at the
    /// instant it was last changed, changes nothing); its position.
    fn change_post_at(&mut self, id: &str, change: impl FnOnce(&mut Post)) -> Option<usize> {
        let i = *self.post_index.get(id)?;
        let post = self.posts.get_mut(i)?;
        if differs(post, change) {
            self.changes.post(id, Change::Changed);
            if let Some(slot) = self.post_json.get_mut().posts.get_mut(i) {
                *slot = None;
            }
        }
        Some(i)
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
        self.changes.user(&user.id, Change::Created);
        self.users.push(user);
        self.notifications.push(Vec::new());
    }

    pub fn insert_post(&mut self, post: Post) {
        self.post_index.insert(post.id.clone(), self.posts.len());
        if let Some(search) = self.search.get_mut() {
            search.index_post(&post);
        }
        self.changes.post(&post.id, Change::Created);
        self.posts.push(post);
    }

    /// Removes a post and every bookmark naming it.
    pub fn remove_post(&mut self, id: &str) {
        let Some(i) = self.post_index.get(id).copied() else {
            return;
        };
        self.changes.post(id, Change::Deleted);
        self.unnotify(None, |n| n.post_id.as_deref() == Some(id));
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
            if user.bookmarks.iter().any(|b| b == id) {
                remove_all(&mut user.bookmarks, id);
                mark_once(&mut self.changes.bookmarks, &user.id);
            }
        }
    }

    /// A fresh id of `kind`, never one in use: the counter skips ids that a
    /// seed, snapshot or bulk load already holds.
    pub fn next_id(&mut self, kind: IdKind) -> String {
        self.changes.ids = true;
        let id = self.fresh_id(kind);
        if let IdKind::Media = kind {
            self.changes.media = Some(id.clone());
        }
        id
    }

    fn fresh_id(&mut self, kind: IdKind) -> String {
        loop {
            let (counter, prefix) = match kind {
                IdKind::User => (&mut self.counters.user, "u-"),
                IdKind::Post => (&mut self.counters.post, "p-"),
                IdKind::Comment => (&mut self.counters.comment, "c-"),
                IdKind::Media => (&mut self.counters.media, "m-"),
                IdKind::Notification => (&mut self.counters.notification, "n-"),
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
                // Only this counter makes them (a snapshot's counter is
                // raised past every id it holds), so none is taken.
                IdKind::Media | IdKind::Notification => false,
            };
            if !taken {
                return id;
            }
        }
    }

    /// A user's notifications, oldest first.
    pub fn notifications(&self, user: &str) -> &[Notification] {
        self.user_index
            .get(user)
            .and_then(|&i| self.notifications.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// Every user's notifications, in the order of users, for a snapshot.
    pub fn all_notifications(&self) -> impl Iterator<Item = &Notification> {
        self.notifications.iter().flatten()
    }

    /// Keeps `notification` for its recipient (their oldest goes beyond
    /// [`MAX_NOTIFICATIONS`]); dropped if the recipient is unknown.
    pub fn notify(&mut self, notification: Notification) {
        let recipient = notification.recipient.clone();
        let Some(list) = self
            .user_index
            .get(&recipient)
            .and_then(|&i| self.notifications.get_mut(i))
        else {
            return;
        };
        self.changes
            .notified
            .push((recipient.clone(), notification.id.clone()));
        list.push(notification);
        let excess = list.len().saturating_sub(MAX_NOTIFICATIONS);
        for dropped in list.drain(..excess) {
            self.changes
                .unnotified
                .push((recipient.clone(), dropped.id));
        }
    }

    /// Puts back notifications a snapshot or the seed holds, each user's in
    /// the order given (oldest first); one for an unknown user is dropped.
    pub fn restore_notifications(&mut self, notifications: Vec<Notification>) {
        for list in &mut self.notifications {
            list.clear();
        }
        for n in notifications {
            let at = self.user_index.get(&n.recipient).copied();
            if let Some(list) = at.and_then(|i| self.notifications.get_mut(i)) {
                list.push(n);
            }
        }
    }

    /// Takes back every notification of `recipient` (of anyone, for
    /// `None`) that `which` picks.
    pub fn unnotify(&mut self, recipient: Option<&str>, which: impl Fn(&Notification) -> bool) {
        let lists = match recipient {
            None => 0..self.notifications.len(),
            Some(user) => match self.user_index.get(user) {
                Some(&i) => i..i.saturating_add(1),
                None => return,
            },
        };
        let taken = &mut self.changes.unnotified;
        for list in self.notifications.get_mut(lists).into_iter().flatten() {
            list.retain(|n| {
                let keep = !which(n);
                if !keep {
                    taken.push((n.recipient.clone(), n.id.clone()));
                }
                keep
            });
        }
    }

    /// Marks every notification of `user` read: whether any was unread.
    pub fn read_notifications(&mut self, user: &str) -> bool {
        let Some(list) = self
            .user_index
            .get(user)
            .and_then(|&i| self.notifications.get_mut(i))
        else {
            return false;
        };
        let mut any = false;
        for n in list.iter_mut().filter(|n| !n.read) {
            n.read = true;
            any = true;
        }
        if any {
            mark_once(&mut self.changes.read, user);
        }
        any
    }

    /// A fresh password salt (the generator is state).
    pub fn salt(&mut self) -> String {
        self.changes.ids = true;
        self.rng.salt()
    }

    /// The state's revision: how many changes it has committed, counting
    /// from its seed (see docs/rules.md, "Revisions and events").
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Sets the revision of a state made from a snapshot, or of a state
    /// replacing this one.
    pub fn set_revision(&mut self, revision: u64) {
        self.revision = revision;
    }

    /// Takes what the request being answered has marked (see [`Changes`]).
    pub fn take_changes(&mut self) -> Changes {
        std::mem::take(&mut self.changes)
    }

    /// Commits a successful request's changes: a new revision when it
    /// changed anything. Whether it did is what it marked.
    pub fn commit(&mut self, changes: &Changes) -> bool {
        if changes.is_empty() {
            return false;
        }
        self.revision = self.revision.saturating_add(1);
        true
    }
}
