//! The search and tag endpoints against a brute-force scan of what
//! `GET /api/posts` and `GET /api/users` show, after random post creates,
//! edits and deletes, sign-ups and profile edits: the index the core keeps
//! must answer exactly what reading every post and user would.
#![cfg(not(target_arch = "wasm32"))]

use mock_core::{Api, Now, Request};
use proptest::prelude::*;
use regex::Regex;
use serde_json::{json, Value};
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::sync::LazyLock;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

mod common;
use common::SEED_ACCOUNTS;

const WORDS: [&str; 16] = [
    "#Run",
    "run",
    "running",
    "Café",
    "cafe,",
    "#café!",
    "#日本",
    "日本語",
    "tea.",
    "#tea_time",
    "x#no",
    "Émile",
    "maya",
    "#Photography",
    "photo",
    "##double",
];
const NAMES: [&str; 7] = ["Maya", "Émile", "Zoë", "Run", "Café", "Théo", "日本"];
const QUERIES: [&str; 20] = [
    "ru",
    "run",
    "CAFE",
    "caf",
    "#tea",
    "日本",
    "run cafe",
    "e",
    "zzz",
    "maya",
    "@the",
    "photo",
    "emile",
    "zoe",
    "#",
    ",",
    "x",
    "#PHOTOGRAPHY",
    "théo lind",
    "double",
];
const TAGS: [&str; 8] = [
    "run",
    "café",
    "CAFÉ",
    "日本",
    "tea_time",
    "no",
    "photography",
    "double",
];

struct Session {
    api: Api,
    now: Now,
    /// username → token
    tokens: BTreeMap<String, String>,
    signups: usize,
}

impl Session {
    fn call(&mut self, method: &str, url: &str, auth: Option<&str>, body: &str) -> (u16, Value) {
        let request = Request {
            method,
            url,
            authorization: auth,
            body,
            prefer: None,
        };
        let res = self.api.handle(&request, self.now);
        (res.status, serde_json::from_str(&res.body).unwrap())
    }

    fn get(&mut self, url: &str) -> Value {
        let (status, json) = self.call("GET", url, None, "");
        assert_eq!(status, 200, "{url}: {json}");
        json
    }

    fn token(&self, username: &str) -> Option<String> {
        self.tokens.get(username).cloned()
    }
}

#[derive(Debug, Clone)]
enum Write {
    Create(u8, String, String),
    Edit(u8, Option<String>, Option<String>),
    Delete(u8),
    Signup(String, String),
    EditProfile(u8, Option<String>, Option<String>),
    /// Moves the clock on by 0 or 1 s (0 makes equal creation times).
    Tick(bool),
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&WORDS[..]), 1..5).prop_map(|w| w.join(" "))
}

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(&NAMES[..]).prop_map(str::to_owned)
}

fn write() -> impl Strategy<Value = Write> {
    prop_oneof![
        4 => (any::<u8>(), text(), text()).prop_map(|(u, c, h)| Write::Create(u, c, h)),
        3 => (any::<u8>(), prop::option::of(text()), prop::option::of(text()))
            .prop_map(|(p, c, h)| Write::Edit(p, c, h)),
        2 => any::<u8>().prop_map(Write::Delete),
        1 => (name(), name()).prop_map(|(f, l)| Write::Signup(f, l)),
        2 => (any::<u8>(), prop::option::of(name()), prop::option::of(name()))
            .prop_map(|(u, f, l)| Write::EditProfile(u, f, l)),
        2 => any::<bool>().prop_map(Write::Tick),
    ]
}

fn pick<T: Clone>(list: &[T], i: u8) -> Option<T> {
    list.get(usize::from(i) % list.len().max(1)).cloned()
}

fn apply(s: &mut Session, w: &Write) {
    let posts = s.get("/api/posts")["posts"].as_array().unwrap().clone();
    let users: Vec<String> = s.tokens.keys().cloned().collect();
    match w {
        Write::Create(u, content, hashtags) => {
            let token = pick(&users, *u).and_then(|name| s.token(&name)).unwrap();
            let body = json!({"postData": {"content": content, "hashtags": hashtags}});
            let (status, _) = s.call("POST", "/api/posts", Some(&token), &body.to_string());
            assert_eq!(status, 201);
        }
        Write::Edit(p, content, hashtags) => {
            let Some(post) = pick(&posts, *p) else { return };
            let token = s.token(post["username"].as_str().unwrap()).unwrap();
            let body = json!({"postData": {"content": content, "hashtags": hashtags}});
            let url = format!("/api/posts/edit/{}", post["_id"].as_str().unwrap());
            assert_eq!(s.call("POST", &url, Some(&token), &body.to_string()).0, 201);
        }
        Write::Delete(p) => {
            let Some(post) = pick(&posts, *p) else { return };
            let token = s.token(post["username"].as_str().unwrap()).unwrap();
            let url = format!("/api/posts/{}", post["_id"].as_str().unwrap());
            assert_eq!(s.call("DELETE", &url, Some(&token), "").0, 200);
        }
        Write::Signup(first, last) => {
            s.signups += 1;
            // Usernames are ASCII: the name's ASCII letters, or `u`.
            let letters: String = fold(first)
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .collect();
            let username = format!(
                "{}_{}",
                if letters.is_empty() { "u" } else { &letters },
                s.signups
            );
            let body = json!({"firstName": first, "lastName": last, "username": username, "password": "password1"});
            let (status, json) = s.call("POST", "/api/auth/signup", None, &body.to_string());
            assert_eq!(status, 201, "{json}");
            let token = json["encodedToken"].as_str().unwrap().to_owned();
            s.tokens.insert(username, token);
        }
        Write::EditProfile(u, first, last) => {
            let token = pick(&users, *u).and_then(|name| s.token(&name)).unwrap();
            let body = json!({"userData": {"firstName": first, "lastName": last}});
            let (status, _) = s.call("POST", "/api/users/edit", Some(&token), &body.to_string());
            assert_eq!(status, 201);
        }
        Write::Tick(on) => s.now.epoch_ms += if *on { 1000 } else { 0 },
    }
}

// The reference: written from the rules in docs/API.md, sharing no code
// with the core's index.

fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

fn words(text: &str) -> Vec<String> {
    fold(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

static TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^\p{Alphabetic}\p{N}\p{M}_])#([\p{Alphabetic}\p{N}\p{M}_]+)").unwrap()
});

fn tags(text: &str) -> Vec<String> {
    // Matches may not overlap, so a tag right after another's separator
    // is found by searching again from the separator.
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(m) = TAG.captures_at(text, from) {
        let tag = m.get(1).unwrap();
        out.push(
            tag.as_str()
                .chars()
                .flat_map(char::to_lowercase)
                .nfd()
                .collect(),
        );
        from = tag.end();
    }
    out
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap()
}

fn post_tags(post: &Value) -> Vec<String> {
    let mut all = tags(str_of(post, "content"));
    all.extend(tags(str_of(post, "hashtags")));
    all.sort();
    all.dedup();
    all
}

/// How many query words are whole words of `have`, if every query word
/// starts some word of `have`.
fn prefix_match(query: &[String], have: &[String]) -> Option<usize> {
    let all = !query.is_empty() && query.iter().all(|q| have.iter().any(|w| w.starts_with(q)));
    all.then(|| query.iter().filter(|q| have.contains(q)).count())
}

fn expected_posts(posts: &[Value], q: &str) -> Vec<String> {
    let query = words(q);
    let mut found: Vec<(usize, &str, usize, &str)> = posts
        .iter()
        .enumerate()
        .filter_map(|(position, p)| {
            let mut have = words(str_of(p, "content"));
            have.extend(words(str_of(p, "hashtags")));
            let whole = prefix_match(&query, &have)?;
            Some((whole, str_of(p, "createdAt"), position, str_of(p, "_id")))
        })
        .collect();
    found.sort_by_key(|&(whole, created, position, _)| Reverse((whole, created, position)));
    found.into_iter().take(50).map(|f| f.3.to_owned()).collect()
}

fn expected_users(users: &[Value], q: &str) -> Vec<String> {
    let folded = fold(q.trim().trim_start_matches('@'));
    let query = words(&folded);
    let mut found: Vec<(u8, Reverse<usize>, String)> = users
        .iter()
        .filter_map(|u| {
            let username = fold(str_of(u, "username"));
            let mut have = words(&username);
            have.extend(words(str_of(u, "firstName")));
            have.extend(words(str_of(u, "lastName")));
            have.push(username.clone());
            have.dedup();
            let whole = prefix_match(&query, &have)?;
            let rank = if username == folded {
                0
            } else if username.starts_with(&folded) {
                1
            } else {
                2
            };
            Some((rank, Reverse(whole), username))
        })
        .collect();
    found.sort();
    found.into_iter().take(50).map(|f| f.2).collect()
}

fn expected_tags(posts: &[Value], q: &str) -> Vec<(String, u64)> {
    let prefix = fold(q.trim().trim_start_matches('#'));
    let tag_word = !prefix.is_empty()
        && prefix
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || is_combining_mark(c));
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for tag in posts.iter().flat_map(post_tags) {
        *counts.entry(tag).or_default() += 1;
    }
    let mut found: Vec<(bool, Reverse<u64>, String)> = counts
        .into_iter()
        .filter(|(tag, _)| tag_word && fold(tag).starts_with(&prefix))
        .map(|(tag, n)| (fold(&tag) != prefix, Reverse(n), tag))
        .collect();
    found.sort();
    found
        .into_iter()
        .take(50)
        .map(|(_, Reverse(n), t)| (t, n))
        .collect()
}

fn check(s: &mut Session) -> Result<(), TestCaseError> {
    let posts = s.get("/api/posts")["posts"].as_array().unwrap().clone();
    let users = s.get("/api/users")["users"].as_array().unwrap().clone();
    for q in QUERIES {
        let url = format!("/api/search?q={}&limit=50", urlencode(q));
        let found = s.get(&url);
        let got: Vec<String> = found["posts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| str_of(p, "_id").to_owned())
            .collect();
        prop_assert_eq!(got, expected_posts(&posts, q), "posts for {:?}", q);
        let got: Vec<String> = found["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| fold(str_of(u, "username")))
            .collect();
        prop_assert_eq!(got, expected_users(&users, q), "users for {:?}", q);
        let got: Vec<(String, u64)> = found["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (str_of(t, "tag").to_owned(), t["count"].as_u64().unwrap()))
            .collect();
        prop_assert_eq!(got, expected_tags(&posts, q), "tags for {:?}", q);
    }
    for tag in TAGS {
        let key: String = tag.to_lowercase().nfd().collect();
        let mut carrying: Vec<(&str, usize, &str)> = posts
            .iter()
            .enumerate()
            .filter(|(_, p)| post_tags(p).contains(&key))
            .map(|(position, p)| (str_of(p, "createdAt"), position, str_of(p, "_id")))
            .collect();
        carrying.sort_by_key(|&(created, position, _)| Reverse((created, position)));
        let feed = s.get(&format!("/api/posts/tag/{}?limit=50", urlencode(tag)));
        let got: Vec<&str> = feed["posts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| str_of(p, "_id"))
            .collect();
        let want: Vec<&str> = carrying.iter().take(50).map(|c| c.2).collect();
        prop_assert_eq!(got, want, "tag {:?}", tag);
        prop_assert_eq!(feed["total"].as_u64(), Some(carrying.len() as u64));
    }
    Ok(())
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' => char::from(b).to_string(),
            b' ' => "+".to_owned(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn search_and_tag_feeds_equal_a_scan(writes in prop::collection::vec(write(), 0..30)) {
        let mut s = Session {
            api: Api::new(3),
            now: Now { epoch_ms: 1_790_000_000_000, offset_minutes: 60 },
            tokens: BTreeMap::new(),
            signups: 0,
        };
        for (username, password) in SEED_ACCOUNTS {
            let body = json!({"username": username, "password": password}).to_string();
            let (_, json) = s.call("POST", "/api/auth/login", None, &body);
            s.tokens.insert(username.to_owned(), str_of(&json, "encodedToken").to_owned());
        }
        // The index is built by the first search; every write after it
        // must keep it right. Half-way, a check; at the end, another.
        s.get("/api/search?q=start");
        let (first, second) = writes.split_at(writes.len() / 2);
        for w in first {
            apply(&mut s, w);
        }
        check(&mut s)?;
        for w in second {
            apply(&mut s, w);
        }
        check(&mut s)?;
        // The same answers from an index built afresh over a state loaded
        // from its snapshot.
        let snapshot = s.api.export_snapshot();
        s.api = Api::new(4);
        s.api.import_snapshot(&snapshot).unwrap();
        check(&mut s)?;
    }
}
