//! Hashtags and search: tag extraction, accent- and case-folding, and an
//! index kept up to date on every write, so that a tag feed or a search
//! reads a few index entries instead of scanning every post.
//!
//! The index is derived data: it is never saved (snapshots stay as they
//! were) and is rebuilt from the posts and users whenever a state is loaded.

use crate::model::{Post, User};
use crate::order;
use crate::unicode::{is_mark, lower_nfd, strip_marks};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

/// Longest search query, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// Most results a search may ask for per kind.
pub const MAX_SEARCH_LIMIT: usize = 50;
/// Results of each kind a search gives unless `limit` says otherwise.
pub const DEFAULT_SEARCH_LIMIT: usize = 10;
/// Longest tag a feed can be asked for (a post's text holds at most 100
/// characters).
pub const MAX_TAG_CHARS: usize = 100;

/// Lowercase, with accents and other combining marks taken off:
/// `Café` and `cafe` fold to the same text.
pub fn fold(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    strip_marks(&decomposed(text))
}

/// What a tag is made of: letters and digits of any script, and `_`.
pub fn is_tag_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || (!c.is_ascii() && is_mark(c))
}

/// The tags in `text`, lowercased, each once, in order of appearance. A tag
/// is `#` (at the start or after a character that cannot be part of a word)
/// followed by letters, digits and `_`, and stops at anything else:
/// `#Café, #日本!` gives `café` and `日本`.
pub fn tags_in(text: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let at_boundary = previous.is_none_or(|p| !is_tag_char(p));
        previous = Some(c);
        if c != '#' || !at_boundary {
            continue;
        }
        let mut typed = String::new();
        while let Some(&next) = chars.peek() {
            if !is_tag_char(next) {
                break;
            }
            typed.push(next);
            previous = Some(next);
            chars.next();
        }
        let tag = decomposed(&typed);
        if !tag.is_empty() && !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    tags
}

/// `text` lowercased in canonical decomposed form (NFD: `é` as `e` +
/// U+0301, marks in canonical order), so that a tag typed composed or
/// decomposed is one tag; the final sigma is folded to σ, as a search
/// typed in lowercase has it (`ΟΔΟΣ` and `οδοσ` are one word). The
/// platform's Unicode in WebAssembly, the crate's natively (crate::unicode).
fn decomposed(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    lower_nfd(text).replace('ς', "σ")
}

/// A tag as it is looked up: what follows an optional `#`, lowercased and
/// decomposed like the tags of posts.
pub fn tag_key(tag: &str) -> String {
    decomposed(tag.strip_prefix('#').unwrap_or(tag))
}

/// The key of `tag` if it is one hashtag (an optional `#`, then 1 to
/// `MAX_TAG_CHARS` letters, digits or `_`), as a tag feed is asked for.
pub fn hashtag(tag: &str) -> Option<String> {
    let name = tag.strip_prefix('#').unwrap_or(tag);
    let count = name.chars().count();
    let valid = (1..=MAX_TAG_CHARS).contains(&count) && name.chars().all(is_tag_char);
    valid.then(|| tag_key(name))
}

/// The folded words of `text`: runs of letters and digits.
pub fn words(text: &str) -> Vec<String> {
    let folded = fold(text);
    let mut out: Vec<String> = Vec::new();
    for word in folded.split(|c: char| !c.is_alphanumeric()) {
        if !word.is_empty() && !out.iter().any(|w| w == word) {
            out.push(word.to_owned());
        }
    }
    out
}

/// A word → documents map that answers "which documents have a word
/// starting with this prefix". Each word's documents are kept sorted.
#[derive(Debug, Clone, Default)]
struct WordIndex {
    words: BTreeMap<String, Vec<u32>>,
}

impl WordIndex {
    fn add(&mut self, doc: u32, words: &[String]) {
        for word in words {
            // Look up before `entry`, which would copy the word every time.
            let docs = match self.words.get_mut(word) {
                Some(docs) => docs,
                None => self.words.entry(word.clone()).or_default(),
            };
            if let Err(at) = docs.binary_search(&doc) {
                docs.insert(at, doc);
            }
        }
    }

    fn remove(&mut self, doc: u32, words: &[String]) {
        for word in words {
            if let Some(docs) = self.words.get_mut(word) {
                if let Ok(at) = docs.binary_search(&doc) {
                    docs.remove(at);
                }
                if docs.is_empty() {
                    self.words.remove(word);
                }
            }
        }
    }

    /// The document lists of the words starting with `prefix`.
    fn with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a Vec<u32>> + 'a {
        let from = (
            std::ops::Bound::Included(prefix),
            std::ops::Bound::Unbounded,
        );
        self.words
            .range::<str, _>(from)
            .take_while(move |(word, _)| word.starts_with(prefix))
            .map(|(_, docs)| docs)
    }

    /// Documents with, for every query word, a word starting with it, each
    /// with how many query words it has whole. The candidates come from the
    /// most selective query word; `words_of` (a document's words) checks the
    /// others, so a common word costs nothing more than a rare one.
    fn matching<'d>(
        &self,
        query: &[String],
        words_of: impl Fn(u32) -> Option<&'d [String]>,
    ) -> Vec<(usize, u32)> {
        let rarest = query
            .iter()
            .map(|w| (self.with_prefix(w).map(Vec::len).sum::<usize>(), w))
            .min();
        let Some((_, rarest)) = rarest else {
            return Vec::new();
        };
        // As positions, so that they share the one sort (`order`).
        let mut candidates: Vec<usize> = self
            .with_prefix(rarest)
            .flatten()
            .map(|&doc| doc as usize)
            .collect();
        order::sort(&mut candidates, &|a, b| a.cmp(&b));
        candidates.dedup();
        candidates
            .into_iter()
            .filter_map(|doc| {
                let doc = u32::try_from(doc).ok()?;
                let words = words_of(doc)?;
                let all = query
                    .iter()
                    .all(|q| words.iter().any(|w| w.starts_with(q.as_str())));
                let whole = query.iter().filter(|q| words.contains(q)).count();
                all.then_some((whole, doc))
            })
            .collect()
    }
}

/// The `limit` smallest items by `key`, sorted (see [`order::first`]).
fn smallest<T, K: Ord>(items: Vec<T>, limit: usize, key: impl Fn(&T) -> K) -> Vec<T> {
    let key_at = |i: usize| items.get(i).map(&key);
    let by = |a, b| key_at(a).cmp(&key_at(b));
    let positions = order::first((0..items.len()).collect(), limit, &by);
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    positions
        .into_iter()
        .filter_map(|i| slots.get_mut(i).and_then(Option::take))
        .collect()
}

#[derive(Debug, Clone)]
struct PostDoc {
    id: String,
    created_at: i64,
    words: Vec<String>,
    tags: Vec<String>,
}

#[derive(Debug, Clone)]
struct UserDoc {
    id: String,
    username: String,
    words: Vec<String>,
}

/// Post numbers by creation time, newest first (among equal times, the
/// later added first).
type NewestFirst = BTreeSet<(Reverse<i64>, Reverse<u32>)>;

/// Documents by number, and the numbers of their ids. A number is given
/// once per id (a deleted post leaves an empty slot).
#[derive(Debug, Clone)]
struct Docs<D> {
    slots: Vec<Option<D>>,
    numbers: BTreeMap<String, u32>,
}

impl<D> Default for Docs<D> {
    fn default() -> Self {
        Docs {
            slots: Vec::new(),
            numbers: BTreeMap::new(),
        }
    }
}

impl<D> Docs<D> {
    fn number(&mut self, id: &str) -> u32 {
        if let Some(n) = self.numbers.get(id) {
            return *n;
        }
        let n = u32::try_from(self.slots.len()).unwrap_or(u32::MAX);
        self.slots.push(None);
        self.numbers.insert(id.to_owned(), n);
        n
    }

    fn get(&self, n: u32) -> Option<&D> {
        self.slots.get(n as usize)?.as_ref()
    }

    /// Puts `doc` at `n`, handing back what was there.
    fn put(&mut self, n: u32, doc: D) -> Option<D> {
        self.slots.get_mut(n as usize)?.replace(doc)
    }

    fn take(&mut self, id: &str) -> Option<(u32, D)> {
        let n = *self.numbers.get(id)?;
        let doc = self.slots.get_mut(n as usize)?.take()?;
        Some((n, doc))
    }
}

/// Posts by tag and by word, users by name and username.
#[derive(Debug, Clone, Default)]
pub struct SearchIndex {
    posts: Docs<PostDoc>,
    post_words: WordIndex,
    /// Per tag, its posts newest first.
    tags: BTreeMap<String, NewestFirst>,
    /// Tags by their folded name (`cafe` → `café`, `cafe`), for prefix
    /// suggestions that ignore accents. A few names each: a `Vec`, which
    /// spares the module a `BTreeSet<String>` of its own.
    tag_names: BTreeMap<String, Vec<String>>,
    users: Docs<UserDoc>,
    user_words: WordIndex,
}

/// One page of posts' ids (a tag's, newest first, or a search's, best
/// first) and how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostIdsPage {
    pub total: usize,
    pub ids: Vec<String>,
}

impl SearchIndex {
    /// Adds a post, or brings an indexed one up to date after an edit.
    pub fn index_post(&mut self, post: &Post) {
        self.put_post(&post.id, post.created_at, &post.content, &post.hashtags);
    }

    /// Adds a user, or brings an indexed one up to date after a profile edit.
    pub fn index_user(&mut self, user: &User) {
        self.put_user(&user.id, &user.username, &user.first_name, &user.last_name);
    }

    fn put_post(&mut self, id: &str, created_at: i64, content: &str, hashtags: &str) {
        self.remove_post(id);
        let n = self.posts.number(id);
        let mut tags = tags_in(content);
        for tag in tags_in(hashtags) {
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        let mut post_words = words(content);
        for word in words(hashtags) {
            if !post_words.contains(&word) {
                post_words.push(word);
            }
        }
        self.post_words.add(n, &post_words);
        for tag in &tags {
            let posts = match self.tags.get_mut(tag) {
                Some(posts) => posts,
                None => self.tags.entry(tag.clone()).or_default(),
            };
            if posts.is_empty() {
                let names = self.tag_names.entry(fold(tag)).or_default();
                if !names.contains(tag) {
                    names.push(tag.clone());
                }
            }
            posts.insert((Reverse(created_at), Reverse(n)));
        }
        self.posts.put(
            n,
            PostDoc {
                id: id.to_owned(),
                created_at,
                words: post_words,
                tags,
            },
        );
    }

    pub fn remove_post(&mut self, id: &str) {
        let Some((n, doc)) = self.posts.take(id) else {
            return;
        };
        self.post_words.remove(n, &doc.words);
        for tag in &doc.tags {
            if let Some(posts) = self.tags.get_mut(tag) {
                posts.remove(&(Reverse(doc.created_at), Reverse(n)));
                if posts.is_empty() {
                    self.tags.remove(tag);
                    let folded = fold(tag);
                    if let Some(names) = self.tag_names.get_mut(&folded) {
                        names.retain(|name| name != tag);
                        if names.is_empty() {
                            self.tag_names.remove(&folded);
                        }
                    }
                }
            }
        }
    }

    fn put_user(&mut self, id: &str, username: &str, first_name: &str, last_name: &str) {
        if let Some((n, old)) = self.users.take(id) {
            self.user_words.remove(n, &old.words);
        }
        let n = self.users.number(id);
        let mut user_words = words(username);
        for word in words(first_name).into_iter().chain(words(last_name)) {
            if !user_words.contains(&word) {
                user_words.push(word);
            }
        }
        // The whole username too, so `maya_l` finds `maya_l` before `maya`.
        let whole = fold(username);
        if !whole.is_empty() && !user_words.contains(&whole) {
            user_words.push(whole);
        }
        self.user_words.add(n, &user_words);
        self.users.put(
            n,
            UserDoc {
                id: id.to_owned(),
                username: fold(username),
                words: user_words,
            },
        );
    }

    /// A page of the posts carrying `tag` (with or without its `#`, any
    /// case), newest first.
    pub fn tag_page(&self, tag: &str, offset: usize, limit: usize) -> PostIdsPage {
        let Some(posts) = self.tags.get(&tag_key(tag)) else {
            return PostIdsPage {
                total: 0,
                ids: Vec::new(),
            };
        };
        let ids = posts
            .iter()
            .skip(offset)
            .take(limit)
            .filter_map(|(_, Reverse(n))| self.posts.get(*n).map(|doc| doc.id.clone()))
            .collect();
        PostIdsPage {
            total: posts.len(),
            ids,
        }
    }

    /// Tags starting with the query (an optional `#`, then one word; case
    /// and accents ignored) with their post counts: the tag equal to the
    /// query first, then the most used, then by name.
    pub fn search_tags(&self, query: &str, limit: usize) -> Vec<(String, usize)> {
        let prefix = fold(query.trim().trim_start_matches('#'));
        if prefix.is_empty() || !prefix.chars().all(is_tag_char) {
            return Vec::new();
        }
        let prefix = prefix.as_str();
        let from = (
            std::ops::Bound::Included(prefix),
            std::ops::Bound::Unbounded,
        );
        let found: Vec<(bool, usize, &str)> = self
            .tag_names
            .range::<str, _>(from)
            .take_while(|(folded, _)| folded.starts_with(prefix))
            .flat_map(|(folded, names)| {
                names.iter().map(move |name| {
                    let count = self.tags.get(name).map_or(0, BTreeSet::len);
                    (*folded != prefix, count, name.as_str())
                })
            })
            .collect();
        smallest(found, limit, |&(inexact, count, name)| {
            (inexact, Reverse(count), name)
        })
        .into_iter()
        .map(|(_, count, name)| (name.to_owned(), count))
        .collect()
    }

    /// Posts whose text or tags have a word starting with each word of the
    /// query: those matching more whole words first, then newest first
    /// (among equal times, the later added).
    pub fn search_posts(&self, query: &str, limit: usize) -> Vec<String> {
        self.search_posts_page(query, 0, limit).ids
    }

    /// A page of [`Self::search_posts`]'s ranking, with how many posts match.
    pub fn search_posts_page(&self, query: &str, offset: usize, limit: usize) -> PostIdsPage {
        let words_of = |n| self.posts.get(n).map(|doc| doc.words.as_slice());
        let found: Vec<(usize, i64, u32, &str)> = self
            .post_words
            .matching(&words(query), words_of)
            .into_iter()
            .filter_map(|(whole, n)| {
                let doc = self.posts.get(n)?;
                Some((whole, doc.created_at, n, doc.id.as_str()))
            })
            .collect();
        let total = found.len();
        // Best first: more whole words, then newer, then the later added.
        let ids = smallest(
            found,
            offset.saturating_add(limit),
            |&(whole, created, n, _)| Reverse((whole, created, n)),
        )
        .into_iter()
        .skip(offset)
        .map(|(_, _, _, id)| id.to_owned())
        .collect();
        PostIdsPage { total, ids }
    }

    /// Users whose username, first or last name has a word starting with
    /// each word of the query: the exact username first, then usernames
    /// starting with the query, then more whole-word matches, then by
    /// username.
    pub fn search_users(&self, query: &str, limit: usize) -> Vec<String> {
        let folded = fold(query.trim().trim_start_matches('@'));
        let words_of = |n| self.users.get(n).map(|doc| doc.words.as_slice());
        let found: Vec<(u8, usize, &str, &str)> = self
            .user_words
            .matching(&words(&folded), words_of)
            .into_iter()
            .filter_map(|(whole, n)| {
                let doc = self.users.get(n)?;
                let rank = if doc.username == folded {
                    0
                } else if doc.username.starts_with(&folded) {
                    1
                } else {
                    2
                };
                Some((rank, whole, doc.username.as_str(), doc.id.as_str()))
            })
            .collect();
        smallest(found, limit, |&(rank, whole, username, _)| {
            (rank, Reverse(whole), username)
        })
        .into_iter()
        .map(|(_, _, _, id)| id.to_owned())
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_unicode_lowercased_and_stop_at_punctuation() {
        assert_eq!(
            tags_in("Coffee at #Café, then #日本! #rust_lang. #2024"),
            ["cafe\u{301}", "日本", "rust_lang", "2024"]
        );
        assert_eq!(tags_in("#Travel #travel #TRAVEL"), ["travel"]);
        assert_eq!(tags_in("no#tag here, # alone, ##double"), ["double"]);
        assert_eq!(
            tags_in("#naïve #über-cool"),
            ["nai\u{308}ve", "u\u{308}ber"]
        );
        // Typed composed or decomposed, one tag.
        assert_eq!(tags_in("#caf\u{e9}"), tags_in("#cafe\u{301}"));
        assert_eq!(tag_key("#CAF\u{c9}"), "cafe\u{301}");
        assert!(tags_in("").is_empty());
    }

    #[test]
    fn folding_drops_case_and_accents() {
        assert_eq!(fold("Café CRÈME Ångström"), "cafe creme angstrom");
        assert_eq!(words("Crème brûlée, #Paris!"), ["creme", "brulee", "paris"]);
    }

    fn index() -> SearchIndex {
        let mut index = SearchIndex::default();
        index.put_post("p-1", 10, "Morning run by the harbor", "#run #Morning");
        index.put_post("p-2", 20, "Café crème in Paris", "#café #paris");
        index.put_post("p-3", 30, "Evening run, tired", "#run");
        index.put_user("u-1", "maya", "Maya", "Lind");
        index.put_user("u-2", "mayor_k", "Kim", "Mayer");
        index.put_user("u-3", "theo", "Théo", "Maya");
        index
    }

    #[test]
    fn tag_suggestions_follow_posts_that_come_and_go() {
        let mut index = SearchIndex::default();
        index.put_post("p-1", 10, "Crème", "#Crème");
        index.put_post("p-2", 20, "creme", "#creme #crepe");
        let names = |index: &SearchIndex| -> Vec<String> {
            index
                .search_tags("cre", 10)
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        };
        assert_eq!(names(&index), ["creme", "crepe", "cre\u{300}me"]);
        index.remove_post("p-1");
        assert_eq!(names(&index), ["creme", "crepe"]);
        index.put_post("p-2", 20, "creme", "#crepe");
        assert_eq!(names(&index), ["crepe"]);
        index.remove_post("p-2");
        assert!(names(&index).is_empty());
    }

    #[test]
    fn tag_pages_are_newest_first_and_count_all() {
        let index = index();
        let page = index.tag_page("#RUN", 0, 1);
        assert_eq!(page.total, 2);
        assert_eq!(page.ids, ["p-3"]);
        assert_eq!(index.tag_page("run", 1, 5).ids, ["p-1"]);
        assert_eq!(index.tag_page("Café", 0, 5).ids, ["p-2"]);
        assert_eq!(index.tag_page("nothing", 0, 5).total, 0);
    }

    #[test]
    fn post_search_is_prefix_accent_and_case_insensitive() {
        let index = index();
        assert_eq!(index.search_posts("CAFE", 10), ["p-2"]);
        assert_eq!(index.search_posts("ru", 10), ["p-3", "p-1"]);
        assert_eq!(index.search_posts("run harb", 10), ["p-1"]);
        assert_eq!(index.search_posts("#paris", 10), ["p-2"]);
        assert_eq!(index.search_posts("ru", 1), ["p-3"]);
        assert!(index.search_posts("zebra", 10).is_empty());
        assert!(index.search_posts("  ,, ", 10).is_empty());
    }

    #[test]
    fn whole_words_rank_above_prefixes() {
        let mut index = SearchIndex::default();
        index.put_post("p-1", 30, "running late", "");
        index.put_post("p-2", 10, "a run", "");
        assert_eq!(index.search_posts("run", 10), ["p-2", "p-1"]);
    }

    #[test]
    fn user_search_ranks_the_username_first() {
        let index = index();
        assert_eq!(index.search_users("maya", 10), ["u-1", "u-3"]);
        assert_eq!(index.search_users("@MAY", 10), ["u-1", "u-2", "u-3"]);
        assert_eq!(index.search_users("theo", 10), ["u-3"]);
        assert_eq!(index.search_users("lind maya", 10), ["u-1"]);
    }

    #[test]
    fn edits_and_deletes_keep_the_index_right() {
        let mut index = index();
        index.put_post("p-2", 20, "Tea in Kyoto", "#日本");
        assert!(index.search_posts("cafe", 10).is_empty());
        assert_eq!(index.tag_page("café", 0, 5).total, 0);
        assert_eq!(index.tag_page("日本", 0, 5).ids, ["p-2"]);
        index.remove_post("p-3");
        assert_eq!(index.tag_page("run", 0, 5).ids, ["p-1"]);
        index.put_user("u-1", "maya", "Mira", "Stone");
        assert_eq!(index.search_users("lind", 10), Vec::<String>::new());
        assert_eq!(index.search_users("stone", 10), ["u-1"]);
    }
}

/// The index against a scan of every post after random writes.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    #[derive(Debug, Clone)]
    enum Write {
        Put(u8, String, String),
        Remove(u8),
    }

    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("#Run"),
                Just("run"),
                Just("running"),
                Just("Café"),
                Just("cafe,"),
                Just("#café!"),
                Just("#日本"),
                Just("日本語"),
                Just("tea."),
                Just("#tea_time"),
                Just("x#no"),
                Just("É"),
            ],
            0..6,
        )
        .prop_map(|words| words.join(" "))
    }

    fn write() -> impl Strategy<Value = Write> {
        prop_oneof![
            3 => (0u8..8, text(), text()).prop_map(|(id, c, h)| Write::Put(id, c, h)),
            1 => (0u8..8).prop_map(Write::Remove),
        ]
    }

    fn query() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("ru"),
            Just("run"),
            Just("CAFE"),
            Just("caf"),
            Just("#tea"),
            Just("日本"),
            Just("run cafe"),
            Just("e"),
            Just("zzz"),
        ]
        .prop_map(str::to_owned)
    }

    proptest! {
        #[test]
        fn index_equals_a_scan(writes in proptest::collection::vec(write(), 0..40), q in query()) {
            let mut index = SearchIndex::default();
            // id → (created_at, content, hashtags)
            let mut posts: BTreeMap<String, (i64, String, String)> = BTreeMap::new();
            for (step, w) in writes.into_iter().enumerate() {
                match w {
                    Write::Put(id, content, hashtags) => {
                        let id = format!("p-{id}");
                        let created = posts.get(&id).map_or(step as i64, |p| p.0);
                        index.put_post(&id, created, &content, &hashtags);
                        posts.insert(id, (created, content, hashtags));
                    }
                    Write::Remove(id) => {
                        let id = format!("p-{id}");
                        index.remove_post(&id);
                        posts.remove(&id);
                    }
                }
            }
            // Search: every query word is a prefix of some word of the post.
            let wanted = words(&q);
            let mut scan: Vec<&String> = posts
                .iter()
                .filter(|(_, (_, c, h))| {
                    let mut ws = words(c);
                    ws.extend(words(h));
                    !wanted.is_empty() && wanted.iter().all(|q| ws.iter().any(|w| w.starts_with(q.as_str())))
                })
                .map(|(id, _)| id)
                .collect();
            scan.sort();
            let mut found = index.search_posts(&q, usize::MAX);
            found.sort();
            prop_assert_eq!(found.iter().collect::<Vec<_>>(), scan);
            // Tags: the posts carrying the tag, newest first.
            for tag in ["run", "café", "日本", "tea_time", "no"] {
                let mut scan: Vec<(i64, &String)> = posts
                    .iter()
                    .filter(|(_, (_, c, h))| tags_in(c).iter().chain(tags_in(h).iter()).any(|t| *t == tag_key(tag)))
                    .map(|(id, (created, _, _))| (*created, id))
                    .collect();
                scan.sort_by_key(|b| Reverse(b.0));
                let page = index.tag_page(tag, 0, usize::MAX);
                prop_assert_eq!(page.total, scan.len());
                prop_assert_eq!(page.ids.iter().collect::<Vec<_>>(), scan.iter().map(|(_, id)| *id).collect::<Vec<_>>());
            }
        }
    }
}
