//! Property tests over the public boundary: random sequences of API calls
//! by several users keep every invariant, and arbitrary input never panics.
#![cfg(not(target_arch = "wasm32"))]

use mock_core::{Api, Now, Request};
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeSet;

const NOW: Now = Now {
    epoch_ms: 1_790_000_000_000,
    offset_minutes: 60,
};
mod common;
use common::SEED_ACCOUNTS as ACCOUNTS;
const USER_IDS: [&str; 7] = [
    "u-guest", "u-maya", "u-theo", "u-priya", "u-jonas", "u-lena", "u-none",
];

fn call(api: &mut Api, method: &str, url: &str, auth: Option<&str>, body: &str) -> (u16, String) {
    let res = api.handle(
        &Request {
            method,
            url,
            authorization: auth,
            body,
        },
        NOW,
    );
    (res.status, res.body)
}

fn login(api: &mut Api, username: &str, password: &str) -> String {
    let body = serde_json::json!({"username": username, "password": password}).to_string();
    let (_, body) = call(api, "POST", "/api/auth/login", None, &body);
    let json: Value = serde_json::from_str(&body).unwrap();
    json["encodedToken"].as_str().unwrap().to_owned()
}

#[derive(Debug, Clone)]
enum Action {
    Like(usize, u8),
    Dislike(usize, u8),
    Bookmark(usize, u8),
    RemoveBookmark(usize, u8),
    Follow(usize, usize),
    Unfollow(usize, usize),
    CreatePost(usize, String),
    EditPost(usize, u8, String),
    DeletePost(usize, u8),
    AddComment(usize, u8, String),
    EditComment(usize, u8, u8, String),
    DeleteComment(usize, u8, u8),
    EditProfile(usize, String),
    Signup(String),
}

fn action() -> impl Strategy<Value = Action> {
    let actor = 0..ACCOUNTS.len();
    let post = 1u8..18;
    let text = "[a-z😀 ]{0,110}";
    prop_oneof![
        (actor.clone(), post.clone()).prop_map(|(a, p)| Action::Like(a, p)),
        (actor.clone(), post.clone()).prop_map(|(a, p)| Action::Dislike(a, p)),
        (actor.clone(), post.clone()).prop_map(|(a, p)| Action::Bookmark(a, p)),
        (actor.clone(), post.clone()).prop_map(|(a, p)| Action::RemoveBookmark(a, p)),
        (actor.clone(), 0..USER_IDS.len()).prop_map(|(a, t)| Action::Follow(a, t)),
        (actor.clone(), 0..USER_IDS.len()).prop_map(|(a, t)| Action::Unfollow(a, t)),
        (actor.clone(), text).prop_map(|(a, c)| Action::CreatePost(a, c)),
        (actor.clone(), post.clone(), text).prop_map(|(a, p, c)| Action::EditPost(a, p, c)),
        (actor.clone(), post.clone()).prop_map(|(a, p)| Action::DeletePost(a, p)),
        (actor.clone(), post.clone(), text).prop_map(|(a, p, c)| Action::AddComment(a, p, c)),
        (actor.clone(), post.clone(), 1u8..20, text)
            .prop_map(|(a, p, c, t)| Action::EditComment(a, p, c, t)),
        (actor.clone(), post.clone(), 1u8..20).prop_map(|(a, p, c)| Action::DeleteComment(a, p, c)),
        (actor, "[a-z]{0,12}").prop_map(|(a, b)| Action::EditProfile(a, b)),
        "[a-z]{0,6}".prop_map(Action::Signup),
    ]
}

/// The request an action makes: (actor, method, url, body).
fn request(action: &Action) -> (Option<usize>, &'static str, String, String) {
    use serde_json::json;
    let p = |n: &u8| format!("p-{n:02}");
    let c = |n: &u8| format!("c-{n:02}");
    match action {
        Action::Like(a, n) => (
            Some(*a),
            "POST",
            format!("/api/posts/like/{}", p(n)),
            String::new(),
        ),
        Action::Dislike(a, n) => (
            Some(*a),
            "POST",
            format!("/api/posts/dislike/{}", p(n)),
            String::new(),
        ),
        Action::Bookmark(a, n) => (
            Some(*a),
            "POST",
            format!("/api/users/bookmark/{}", p(n)),
            String::new(),
        ),
        Action::RemoveBookmark(a, n) => (
            Some(*a),
            "POST",
            format!("/api/users/remove-bookmark/{}/", p(n)),
            String::new(),
        ),
        Action::Follow(a, t) => (
            Some(*a),
            "POST",
            format!("/api/users/follow/{}", USER_IDS[*t]),
            String::new(),
        ),
        Action::Unfollow(a, t) => (
            Some(*a),
            "POST",
            format!("/api/users/unfollow/{}", USER_IDS[*t]),
            String::new(),
        ),
        Action::CreatePost(a, text) => (
            Some(*a),
            "POST",
            "/api/posts".into(),
            json!({"postData": {"content": text, "hashtags": "#x"}}).to_string(),
        ),
        Action::EditPost(a, n, text) => (
            Some(*a),
            "POST",
            format!("/api/posts/edit/{}", p(n)),
            json!({"postData": {"content": text}}).to_string(),
        ),
        Action::DeletePost(a, n) => (
            Some(*a),
            "DELETE",
            format!("/api/posts/{}", p(n)),
            String::new(),
        ),
        Action::AddComment(a, n, text) => (
            Some(*a),
            "POST",
            format!("/api/comments/add/{}", p(n)),
            json!({"commentData": text}).to_string(),
        ),
        Action::EditComment(a, n, k, text) => (
            Some(*a),
            "POST",
            format!("/api/comments/edit/{}/{}", p(n), c(k)),
            json!({"commentData": {"text": text}}).to_string(),
        ),
        Action::DeleteComment(a, n, k) => (
            Some(*a),
            "POST",
            format!("/api/comments/delete/{}/{}", p(n), c(k)),
            String::new(),
        ),
        Action::EditProfile(a, bio) => (
            Some(*a),
            "POST",
            "/api/users/edit".into(),
            json!({"userData": {"bio": bio, "avatarURL": "avatars/preset-2.svg"}}).to_string(),
        ),
        Action::Signup(name) => (
            None,
            "POST",
            "/api/auth/signup".into(),
            json!({"firstName": "F", "lastName": "L", "username": name, "password": "pw"})
                .to_string(),
        ),
    }
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect()
}

/// Checks the invariants on a snapshot of the state.
fn check_state(snapshot: &Value) {
    let users = snapshot["users"].as_array().unwrap();
    let posts = snapshot["posts"].as_array().unwrap();
    let user_ids: BTreeSet<&str> = users.iter().map(|u| u["_id"].as_str().unwrap()).collect();
    assert_eq!(user_ids.len(), users.len(), "user ids unique");
    let post_ids: BTreeSet<&str> = posts.iter().map(|p| p["_id"].as_str().unwrap()).collect();
    assert_eq!(post_ids.len(), posts.len(), "post ids unique");
    let comment_ids: Vec<&str> = posts
        .iter()
        .flat_map(|p| p["comments"].as_array().unwrap())
        .map(|c| c["_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        comment_ids.iter().collect::<BTreeSet<_>>().len(),
        comment_ids.len(),
        "comment ids unique"
    );
    let mut following = BTreeSet::new();
    let mut followers = BTreeSet::new();
    for u in users {
        let id = u["_id"].as_str().unwrap();
        for f in strings(&u["following"]) {
            assert!(following.insert((id, f)), "{id} follows {f} twice");
        }
        for f in strings(&u["followers"]) {
            assert!(
                followers.insert((f, id)),
                "{f} listed twice as follower of {id}"
            );
        }
        for b in strings(&u["bookmarks"]) {
            assert!(post_ids.contains(b), "{id} bookmarks missing post {b}");
        }
    }
    assert_eq!(following, followers, "follow lists symmetric");
    for p in posts {
        let likes = &p["likes"];
        assert_eq!(
            likes["likeCount"].as_u64().unwrap() as usize,
            likes["likedBy"].as_array().unwrap().len(),
            "likeCount of {}",
            p["_id"]
        );
    }
}

/// Checks a response body: JSON, no secrets, rendered likes consistent.
fn check_response(body: &str, digests: &[String]) {
    let json: Value = serde_json::from_str(body).unwrap();
    assert!(
        !body.contains("\"password\"")
            && !body.contains("\"salt\"")
            && !body.contains("\"digest\"")
    );
    for d in digests {
        assert!(!body.contains(d.as_str()), "a digest leaked");
    }
    if let Some(posts) = json["posts"].as_array() {
        for p in posts {
            assert_eq!(
                p["likes"]["likeCount"].as_u64().unwrap() as usize,
                p["likes"]["likedBy"].as_array().unwrap().len()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_sessions_keep_every_invariant(actions in prop::collection::vec(action(), 1..40), entropy in any::<u64>()) {
        let mut api = Api::new(entropy);
        let tokens: Vec<String> = ACCOUNTS.iter().map(|(u, p)| login(&mut api, u, p)).collect();
        for action in &actions {
            let before = api.export_snapshot();
            let (actor, method, url, body) = request(action);
            let auth = actor.map(|a| tokens[a].as_str());
            let (status, response) = call(&mut api, method, &url, auth, &body);
            prop_assert!(matches!(status, 200 | 201 | 400 | 404 | 422), "{action:?} -> {status} {response}");
            let after = api.export_snapshot();
            if status >= 400 {
                prop_assert_eq!(&before, &after, "failed {:?} changed the state", action);
            }
            let snapshot: Value = serde_json::from_str(&after).unwrap();
            let digests: Vec<String> = snapshot["users"].as_array().unwrap().iter()
                .map(|u| u["password"]["digest"].as_str().unwrap().to_owned()).collect();
            check_response(&response, &digests);
            check_state(&snapshot);
        }
        let (_, all) = call(&mut api, "GET", "/api/users", None, "");
        prop_assert!(!all.contains("password"));
        // The final state survives its own snapshot round trip.
        let json = api.export_snapshot();
        let mut copy = Api::new(0);
        prop_assert!(copy.import_snapshot(&json).is_ok());
        prop_assert_eq!(copy.export_snapshot(), json);
    }

    #[test]
    fn arbitrary_requests_never_panic(
        method in prop_oneof![Just("GET".to_owned()), Just("POST".to_owned()), Just("DELETE".to_owned()), ".{0,8}"],
        prefix in prop_oneof![
            Just("/api/posts/"), Just("/api/users/"), Just("/api/comments/edit/p-01/"),
            Just("/api/comments/delete/"), Just("/api/auth/"), Just("http://h/api/"), Just(""),
        ],
        tail in "\\PC{0,24}",
        auth in prop::option::of(prop_oneof![Just("VALID".to_owned()), "\\PC{0,40}"]),
        body in prop_oneof![
            Just(String::new()),
            "\\PC{0,60}",
            prop::collection::vec(any::<u8>(), 0..60).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            "\\{\"(postData|userData|commentData|username|type)\":\\PC{0,30}\\}",
        ],
    ) {
        let mut api = Api::new(1);
        let token = login(&mut api, "guest", "guest123");
        let auth = auth.map(|a| if a == "VALID" { token.clone() } else { a });
        let url = format!("{prefix}{tail}");
        let before = api.export_snapshot();
        let (status, response) = call(&mut api, &method, &url, auth.as_deref(), &body);
        prop_assert!(status != 500, "{method} {url} -> {response}");
        let json: Value = serde_json::from_str(&response).unwrap();
        if status >= 400 {
            prop_assert!(json["errors"][0].is_string());
            prop_assert_eq!(before, api.export_snapshot());
        }
    }

    #[test]
    fn arbitrary_snapshots_are_refused_without_harm(doc in "\\PC{0,200}") {
        let mut api = Api::new(5);
        let before = api.export_snapshot();
        prop_assert!(api.import_snapshot(&doc).is_err());
        prop_assert_eq!(before, api.export_snapshot());
    }
}
