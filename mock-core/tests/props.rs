//! Property tests over the public boundary: random sequences of API calls
//! by several users keep every invariant, and arbitrary input never panics.
#![cfg(not(target_arch = "wasm32"))]

use mock_core::{
    Api, Now, Request, FORBIDDEN_CHARS_PATTERN, MAX_BIO_CHARS, MAX_BODY_BYTES, MAX_COMMENT_CHARS,
    MAX_NAME_CHARS, MAX_USERNAME_CHARS, MAX_WEBSITE_CHARS, MIN_USERNAME_CHARS, USERNAME_PATTERN,
};
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
            prefer: None,
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
    EditProfile(usize, Profile),
    Signup(Account),
}

/// A sign-up's fields, within and beyond the input rules.
#[derive(Debug, Clone)]
struct Account {
    username: String,
    password: String,
    first: String,
    last: String,
}

/// A profile edit's fields (`None`: not sent).
#[derive(Debug, Clone)]
struct Profile {
    first: Option<String>,
    bio: Option<String>,
    website: Option<String>,
}

/// Names at, under and over the limit, with control and bidi characters,
/// and now and then one far past the body limit.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[A-Za-zé😀 ]{0,56}",
        2 => "[a-z]{1,4}[\u{0}-\u{1f}\u{7f}-\u{9f}\u{202a}-\u{202e}\u{2066}-\u{2069}][a-z]{0,3}",
        1 => Just("n".repeat(MAX_NAME_CHARS)),
        1 => Just("n".repeat(MAX_NAME_CHARS + 1)),
        1 => Just("x".repeat(MAX_BODY_BYTES)),
    ]
}

fn account() -> impl Strategy<Value = Account> {
    let username = prop_oneof![
        4 => "[A-Za-z0-9_]{1,4}[a-z.\\-]{0,4}[A-Za-z0-9_]",
        2 => "[A-Za-z0-9_.\\-]{0,34}",
        1 => "\\PC{0,12}",
        1 => "[a-z]{2,6}[\u{0}\u{85}\u{202e}\u{2066}/ ?][a-z]{0,4}",
        1 => prop::sample::select(vec!["GUEST", "Maya_Lind", "guest ", "a/b", "../x"]).prop_map(str::to_owned),
    ];
    let password = prop_oneof![
        "[a-z0-9]{0,12}",
        Just("p".repeat(129)),
        Just("p".repeat(128))
    ];
    (username, password, name(), name()).prop_map(|(username, password, first, last)| Account {
        username,
        password,
        first,
        last,
    })
}

fn profile() -> impl Strategy<Value = Profile> {
    let bio = prop_oneof![
        "[a-z\n ]{0,12}",
        Just("b".repeat(MAX_BIO_CHARS)),
        Just("b".repeat(MAX_BIO_CHARS + 1)),
        Just("b".repeat(5_000_000)),
    ];
    let website = prop_oneof![
        Just(String::new()),
        "(https?|HTTP|ftp|javascript)://[a-z.]{0,12}(/[a-z ]{0,5})?",
        "[a-z:/]{0,12}",
        Just(format!("https://{}", "w".repeat(MAX_WEBSITE_CHARS - 8))),
        Just(format!("https://{}", "w".repeat(MAX_WEBSITE_CHARS - 7))),
    ];
    (
        prop::option::of(name()),
        prop::option::of(bio),
        prop::option::of(website),
    )
        .prop_map(|(first, bio, website)| Profile {
            first,
            bio,
            website,
        })
}

fn action() -> impl Strategy<Value = Action> {
    let actor = 0..ACCOUNTS.len();
    let post = 1u8..18;
    let text = "[a-z😀 ]{0,110}";
    let comment = prop_oneof![
        3 => "[a-z😀 \n]{0,300}",
        1 => Just("c".repeat(MAX_COMMENT_CHARS + 1)),
        1 => Just(format!(" {} ", "c".repeat(MAX_COMMENT_CHARS))),
    ];
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
        (actor.clone(), post.clone(), comment.clone())
            .prop_map(|(a, p, c)| Action::AddComment(a, p, c)),
        (actor.clone(), post.clone(), 1u8..20, comment)
            .prop_map(|(a, p, c, t)| Action::EditComment(a, p, c, t)),
        (actor.clone(), post.clone(), 1u8..20).prop_map(|(a, p, c)| Action::DeleteComment(a, p, c)),
        (actor, profile()).prop_map(|(a, p)| Action::EditProfile(a, p)),
        account().prop_map(Action::Signup),
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
        Action::EditProfile(a, p) => (
            Some(*a),
            "POST",
            "/api/users/edit".into(),
            json!({"userData": {"firstName": p.first, "bio": p.bio, "website": p.website,
                "avatarURL": "avatars/preset-2.svg"}})
            .to_string(),
        ),
        Action::Signup(a) => (
            None,
            "POST",
            "/api/auth/signup".into(),
            json!({"firstName": a.first, "lastName": a.last, "username": a.username,
                "password": a.password})
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
    check_input_rules(users, posts);
    // Notifications point at what exists, and never at one's own act.
    for n in snapshot["notifications"].as_array().unwrap() {
        assert_ne!(n["recipient"], n["actor"], "{n}");
        if let Some(post) = n["postId"].as_str() {
            let post = posts.iter().find(|p| p["_id"] == post);
            assert!(post.is_some(), "{n} names a deleted post");
            if let Some(comment) = n["commentId"].as_str() {
                let comments = post.unwrap()["comments"].as_array().unwrap();
                assert!(comments.iter().any(|c| c["_id"] == comment), "{n}");
            }
        }
    }
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

/// Every stored value follows the input rules: the seed does, and every
/// write is checked (so no user can grow another's feed past them).
fn check_input_rules(users: &[Value], posts: &[Value]) {
    let username = regex::Regex::new(USERNAME_PATTERN).unwrap();
    let forbidden = regex::Regex::new(FORBIDDEN_CHARS_PATTERN).unwrap();
    let chars = |v: &Value| v.as_str().unwrap().chars().count();
    let mut folded = BTreeSet::new();
    for u in users {
        let name = u["username"].as_str().unwrap();
        assert!(
            username.is_match(name)
                && (MIN_USERNAME_CHARS..=MAX_USERNAME_CHARS).contains(&name.chars().count()),
            "{name:?}"
        );
        assert!(
            folded.insert(name.to_ascii_lowercase()),
            "{name} twice ignoring case"
        );
        for field in ["firstName", "lastName"] {
            let value = u[field].as_str().unwrap();
            assert_eq!(value, value.trim());
            assert!(
                (1..=MAX_NAME_CHARS).contains(&chars(&u[field])),
                "{field} {value:?}"
            );
            assert!(!forbidden.is_match(value), "{field} {value:?}");
        }
        assert!(chars(&u["bio"]) <= MAX_BIO_CHARS);
        let website = u["website"].as_str().unwrap();
        assert!(chars(&u["website"]) <= MAX_WEBSITE_CHARS);
        let lower = website.to_ascii_lowercase();
        assert!(
            website.is_empty() || lower.starts_with("http://") || lower.starts_with("https://")
        );
    }
    for p in posts {
        for c in p["comments"].as_array().unwrap() {
            let text = c["text"].as_str().unwrap();
            assert_eq!(text, text.trim());
            assert!((1..=MAX_COMMENT_CHARS).contains(&chars(&c["text"])));
        }
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
            let revision = api.revision();
            let res = api.handle(&Request { method, url: &url, authorization: auth, body: &body, prefer: None }, NOW);
            let (status, response) = (res.status, res.body);
            prop_assert!(matches!(status, 200 | 201 | 400 | 404 | 413 | 422), "{action:?} -> {status} {response}");
            prop_assert_eq!(status == 413, body.len() > MAX_BODY_BYTES, "{:?}", action);
            let after = api.export_snapshot();
            if status >= 400 {
                prop_assert_eq!(&before, &after, "failed {:?} changed the state", action);
            }
            // `changed` is whether the state (but its revision) changed;
            // its events carry the new revision.
            let without_revision = |text: &str| {
                let mut state: Value = serde_json::from_str(text).unwrap();
                state.as_object_mut().unwrap().remove("revision");
                state
            };
            prop_assert_eq!(res.changed, without_revision(&before) != without_revision(&after), "{:?}", action);
            prop_assert_eq!(api.revision(), revision + u64::from(res.changed));
            let read = api.events(auth, Some(&revision.to_string()));
            prop_assert_eq!(read.status, 200);
            let events: Value = serde_json::from_str(&read.body).unwrap();
            for event in events["events"].as_array().unwrap() {
                prop_assert_eq!(event["id"].as_u64(), Some(api.revision()), "{}", event);
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

    /// The whole-list answer (`{posts}`) of every write, served from the
    /// rendered posts the core keeps, is byte for byte what a core that
    /// renders every post afresh answers over the same state: after likes,
    /// dislikes, posts made, edited and deleted, comments, profile edits
    /// (names and avatars are embedded in posts), follows and bookmarks. A
    /// read in between (the feed, or the list at another zone) keeps the
    /// cache warm, as a client does.
    #[test]
    fn whole_list_answers_are_the_fresh_render(actions in prop::collection::vec(action(), 1..40), entropy in any::<u64>(), reads in prop::collection::vec(0u8..4, 40)) {
        let mut api = Api::new(entropy);
        let tokens: Vec<String> = ACCOUNTS.iter().map(|(u, p)| login(&mut api, u, p)).collect();
        for (action, read) in actions.iter().zip(reads) {
            let (actor, method, url, body) = request(action);
            let auth = actor.map(|a| tokens[a].as_str());
            let (status, response) = call(&mut api, method, &url, auth, &body);
            match read {
                0 => { call(&mut api, "GET", "/api/posts", None, ""); }
                1 => { call(&mut api, "GET", "/api/posts/feed?page=2", auth, ""); }
                2 => {
                    let elsewhere = Now { offset_minutes: -300, ..NOW };
                    api.handle(&Request { method: "GET", url: "/api/posts", authorization: None, body: "", prefer: None }, elsewhere);
                }
                _ => {}
            }
            if status >= 300 || !response.starts_with("{\"posts\":[") {
                continue;
            }
            // A core holding this very state, nothing rendered yet.
            let mut fresh = Api::new(0);
            prop_assert!(fresh.import_snapshot(&api.export_snapshot()).is_ok());
            let (_, rendered) = call(&mut fresh, "GET", "/api/posts", None, "");
            prop_assert!(response == rendered, "{:?}: the answer differs from a fresh render", action);
        }
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
            // Around the body limit, and fields full of controls.
            (0usize..3).prop_map(|k| " ".repeat(MAX_BODY_BYTES - 1 + k)),
            "\\{\"(userData|commentData)\":\\{\"(firstName|text|bio)\":\"[\u{0}-\u{1f}\u{202a}-\u{202e}a-z]{0,20}\"\\}\\}",
        ],
    ) {
        let mut api = Api::new(1);
        let token = login(&mut api, "guest", "guest123");
        let auth = auth.map(|a| if a == "VALID" { token.clone() } else { a });
        let url = format!("{prefix}{tail}");
        let before = api.export_snapshot();
        let (status, response) = call(&mut api, &method, &url, auth.as_deref(), &body);
        prop_assert!(status != 500, "{method} {url} -> {response}");
        prop_assert_eq!(status == 413, body.len() > MAX_BODY_BYTES, "{} bytes", body.len());
        let json: Value = serde_json::from_str(&response).unwrap();
        if status >= 400 {
            prop_assert!(json["errors"][0].is_string());
            prop_assert_eq!(before, api.export_snapshot());
        }
        // Reading events with the same token and any `Last-Event-ID`.
        let read = api.events(auth.as_deref(), Some(&tail));
        prop_assert!(matches!(read.status, 200 | 401 | 404), "{}", read.body);
        let json: Value = serde_json::from_str(&read.body).unwrap();
        prop_assert!(json["events"].is_array() || json["errors"][0].is_string());
    }

    #[test]
    fn any_text_with_mentions_posts_and_notifies_without_harm(
        content in "([@a-zA-Z_.\\-/ ]|\\PC){1,60}",
        names in prop::collection::vec(prop_oneof![
            Just("@guest"), Just("@MAYA_LIND"), Just("@priya_cooks."), Just("a@theo_builds"), Just("@@lena_sketches"),
        ], 0..4),
    ) {
        let mut api = Api::new(3);
        let token = login(&mut api, "maya_lind", "password123");
        let text: String = names.iter().map(|n| format!("{n} ")).collect::<String>() + &content;
        let text: String = text.chars().take(100).collect();
        let body = serde_json::json!({"postData": {"content": text}}).to_string();
        let (status, response) = call(&mut api, "POST", "/api/posts", Some(&token), &body);
        prop_assert!(matches!(status, 201 | 400), "{status} {response}");
        let guest = login(&mut api, "guest", "guest123");
        let (status, list) = call(&mut api, "GET", "/api/notifications", Some(&guest), "");
        prop_assert_eq!(status, 200);
        let list: Value = serde_json::from_str(&list).unwrap();
        let newest = &list["notifications"][0];
        if response.contains("\"posts\"") && names.first() == Some(&"@guest") {
            prop_assert_eq!((&newest["type"], &newest["postId"]), (&"mention".into(), &"p-13".into()));
        }
        if !text.to_ascii_lowercase().contains("@guest") {
            prop_assert_eq!(&list["unread"], 5, "only the seed's: {}", text);
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
