//! How large the answers get when users fill every field to its limit
//! (bench/NOTES.md quotes the figure). Ignored by default: it prints, it asserts only the
//! bound the rules give. Run it with
//! `cargo test --release -p mock-core --test largest_fields -- --ignored --nocapture`.
#![cfg(not(target_arch = "wasm32"))]

use mock_core::{
    Api, Now, Request, MAX_BIO_CHARS, MAX_COMMENT_CHARS, MAX_NAME_CHARS, MAX_POST_CHARS,
    MAX_USERNAME_CHARS, MAX_WEBSITE_CHARS,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Instant;

const NOW: Now = Now {
    epoch_ms: 1_790_000_000_000,
    offset_minutes: 0,
};
const USERS: usize = 40;
const POSTS_EACH: usize = 3;
const REQUESTS: usize = 10_000;

struct Run {
    api: Api,
    largest: BTreeMap<String, usize>,
}

impl Run {
    fn call(&mut self, method: &str, url: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let res = self.api.handle(
            &Request {
                method,
                url,
                authorization: token,
                body,
                prefer: None,
            },
            NOW,
        );
        // Endpoints by shape: ids folded away.
        let route: String = url
            .split('/')
            .map(|s| if s.contains('-') { "{id}" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        let entry = self.largest.entry(format!("{method} {route}")).or_default();
        *entry = (*entry).max(res.body.len());
        (res.status, res.body)
    }
}

/// A tiny deterministic generator for the fuzz's choices.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

#[test]
#[ignore = "prints a figure; run with --ignored --nocapture"]
fn largest_response_with_every_field_at_its_limit() {
    let mut run = Run {
        api: Api::new(11),
        largest: BTreeMap::new(),
    };
    // The widest accepted values in bytes of JSON: emoji (4 bytes) where
    // names allow them, control characters (6 bytes escaped) where bio and
    // comments allow them.
    let name = "😀".repeat(MAX_NAME_CHARS);
    let bio = "\u{1}".repeat(MAX_BIO_CHARS);
    let website = format!("https://{}", "😀".repeat(MAX_WEBSITE_CHARS - 8));
    let content = "😀".repeat(MAX_POST_CHARS);
    let hashtags = "#".repeat(MAX_POST_CHARS);
    let comment = "\u{1}".repeat(MAX_COMMENT_CHARS);
    let mut tokens = Vec::new();
    for i in 0..USERS {
        let username = format!("u{i:0width$}", width = MAX_USERNAME_CHARS - 1);
        let body = json!({"firstName": name, "lastName": name, "username": username,
            "password": "p".repeat(128)});
        let (status, answer) = run.call("POST", "/api/auth/signup", None, &body.to_string());
        assert_eq!(status, 201, "{answer}");
        let json: Value = serde_json::from_str(&answer).unwrap();
        let token = json["encodedToken"].as_str().unwrap().to_owned();
        let edit = json!({"userData": {"bio": bio, "website": website}}).to_string();
        assert_eq!(
            run.call("POST", "/api/users/edit", Some(&token), &edit).0,
            201
        );
        for _ in 0..POSTS_EACH {
            let post = json!({"postData": {"content": content, "hashtags": hashtags}}).to_string();
            assert_eq!(run.call("POST", "/api/posts", Some(&token), &post).0, 201);
        }
        tokens.push(token);
    }
    let (_, posts) = run.call("GET", "/api/posts", None, "");
    let ids: Vec<String> = serde_json::from_str::<Value>(&posts).unwrap()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["_id"].as_str().unwrap().to_owned())
        .collect();
    let user_ids: Vec<String> = (7..7 + USERS).map(|n| format!("u-{n:02}")).collect();
    let comment_body = json!({ "commentData": comment }).to_string();
    let started = Instant::now();
    let mut rng = Lcg(22);
    let mut statuses = BTreeMap::new();
    for _ in 0..REQUESTS {
        let who = rng.below(USERS);
        let token = tokens[who].clone();
        let post = ids[rng.below(ids.len())].clone();
        let other = user_ids[rng.below(USERS)].clone();
        let (method, url, body) = match rng.below(10) {
            0 => ("POST", format!("/api/posts/like/{post}"), String::new()),
            1 => ("POST", format!("/api/posts/dislike/{post}"), String::new()),
            2 => (
                "POST",
                format!("/api/comments/add/{post}"),
                comment_body.clone(),
            ),
            3 => ("POST", format!("/api/users/follow/{other}"), String::new()),
            4 => ("POST", format!("/api/users/bookmark/{post}"), String::new()),
            5 => ("GET", "/api/posts".to_owned(), String::new()),
            6 => ("GET", format!("/api/posts/{post}"), String::new()),
            7 => ("GET", "/api/users".to_owned(), String::new()),
            8 => ("GET", "/api/posts/feed?limit=50".to_owned(), String::new()),
            _ => ("GET", format!("/api/users/{other}"), String::new()),
        };
        let (status, _) = run.call(method, &url, Some(&token), &body);
        *statuses.entry(status).or_insert(0usize) += 1;
    }
    let elapsed = started.elapsed();

    let (_, posts) = run.call("GET", "/api/posts", None, "");
    let state: Value = serde_json::from_str(&posts).unwrap();
    let comments: usize = state["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["comments"].as_array().unwrap().len())
        .sum();
    println!(
        "{USERS} users with every field at its widest, {} posts, {comments} comments; \
         {REQUESTS} fuzz requests in {elapsed:.2?} (statuses {statuses:?})",
        ids.len()
    );
    println!("largest response body by endpoint (bytes):");
    let mut by_size: Vec<_> = run.largest.iter().collect();
    by_size.sort_by_key(|(_, size)| std::cmp::Reverse(**size));
    for (route, size) in &by_size {
        println!("  {size:>10}  {route}");
    }
    // One user's summary (in likes, follows, comments): bounded by the rules.
    let (_, one) = run.call("GET", &format!("/api/users/{}", user_ids[0]), None, "");
    let user: Value = serde_json::from_str(&one).unwrap();
    let summary = json!({"_id": user["user"]["_id"], "firstName": user["user"]["firstName"],
        "lastName": user["user"]["lastName"], "username": user["user"]["username"],
        "avatarURL": user["user"]["avatarURL"]});
    let (_, single) = run.call("GET", &format!("/api/posts/{}", ids[0]), None, "");
    println!(
        "one user summary: {} bytes; one user (without lists): bio {} + website {} bytes of JSON; \
         the largest post with its comments: {} bytes",
        summary.to_string().len(),
        serde_json::to_string(&user["user"]["bio"]).unwrap().len(),
        serde_json::to_string(&user["user"]["website"])
            .unwrap()
            .len(),
        single.len(),
    );
    // Every item an answer repeats is bounded by the rules (before them,
    // one long bio made every answer that embeds its user long:
    // bench/NOTES.md), so an answer grows only with how many items there are.
    for p in state["posts"].as_array().unwrap() {
        for c in p["comments"].as_array().unwrap() {
            assert!(
                c.to_string().len() <= 2_600,
                "a comment of {} bytes",
                c.to_string().len()
            );
        }
        let mut bare = p.clone();
        bare["comments"] = json!([]);
        bare["likes"] = json!({});
        assert!(
            bare.to_string().len() <= 1_600,
            "a post of {} bytes",
            bare.to_string().len()
        );
    }
    let (_, users) = run.call("GET", "/api/users", None, "");
    for u in serde_json::from_str::<Value>(&users).unwrap()["users"]
        .as_array()
        .unwrap()
    {
        let mut bare = u.clone();
        for list in ["followers", "following", "bookmarks"] {
            bare[list] = json!([]);
        }
        assert!(
            bare.to_string().len() <= 3_000,
            "a user of {} bytes",
            bare.to_string().len()
        );
    }
}
