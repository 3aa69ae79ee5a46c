use crate::testing::{TestApi, NOW};
use serde_json::{json, Value};

fn seed() -> Value {
    json!({
        "users": [
            { "username": "ada", "password": "engine-1843", "firstName": "Ada", "lastName": "Lovelace",
              "bio": "Notes on the engine.", "website": "https://ada.example.org", "createdAt": 1_700_000_000_000_i64 },
            { "username": "grace", "password": "cobol-1959", "firstName": "Grace", "lastName": "Hopper",
              "avatarURL": "avatars/seed-2.svg" }
        ],
        "follows": [["grace", "ada"]],
        "posts": [
            { "username": "ada", "content": "First program 🚀", "hashtags": "#history",
              "mediaURL": "seed/forest.jpg", "likedBy": ["grace"], "createdAt": 1_700_000_100_000_i64,
              "comments": [{ "username": "grace", "text": "Lovely", "createdAt": 1_700_000_200_000_i64 }] },
            { "username": "grace", "content": "A bug, literally" }
        ]
    })
}

fn imported() -> TestApi {
    let mut t = TestApi::new();
    t.api
        .import_seed(&seed().to_string(), NOW)
        .expect("a good seed loads");
    t
}

#[test]
fn users_sign_in_with_their_passwords_and_the_demo_seed_is_gone() {
    let mut t = imported();
    t.login("ada", "engine-1843");
    t.login("grace", "cobol-1959");
    let (_, users) = t.get("/api/users");
    let names: Vec<&str> = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ada", "grace"]);
    let (_, ada) = t.get("/api/users/u-01");
    assert_eq!(ada["user"]["bio"], "Notes on the engine.");
    assert_eq!(ada["user"]["followers"][0]["username"], "grace");
    assert_eq!(
        ada["user"]["createdAt"].as_str().map(|s| &s[..4]),
        Some("2023")
    );
}

#[test]
fn posts_keep_their_likes_comments_media_and_dates() {
    let mut t = imported();
    let (_, post) = t.get("/api/posts/p-01");
    let post = &post["post"];
    assert_eq!(post["likes"]["likeCount"], 1);
    assert_eq!(post["likes"]["likedBy"][0]["username"], "grace");
    assert_eq!(post["mediaURL"], "/seed/forest.jpg");
    assert_eq!(post["comments"][0]["text"], "Lovely");
    assert_eq!(post["comments"][0]["username"], "grace");
    // New ids go on after the seed's.
    let token = t.login("grace", "cobol-1959");
    let (status, posts) = t.post(
        "/api/posts",
        &token,
        json!({ "postData": { "content": "third" } }),
    );
    assert_eq!(status, 201);
    assert_eq!(posts["posts"].as_array().map(Vec::len), Some(3));
    assert!(t.api.export_snapshot().contains("\"_id\":\"p-03\""));
}

#[test]
fn a_refused_seed_names_the_item_and_the_rule_and_changes_nothing() {
    type Break = fn(&mut Value);
    let cases: [(Break, &str); 11] = [
        (
            |s| s["users"][1]["username"] = json!("ada"),
            "user \"ada\": Unprocessable Entity. Username Already Exists.",
        ),
        (
            |s| s["users"][0]["bio"] = json!("b".repeat(161)),
            "user \"ada\": bio must be at most 160 characters",
        ),
        (
            |s| s["users"][1]["lastName"] = json!("x".repeat(300_000)),
            "user \"grace\": Request body too large",
        ),
        (
            |s| s["users"][0]["password"] = json!(""),
            "user \"ada\": Username and password must not be empty",
        ),
        (
            |s| s["users"][1]["avatarURL"] = json!("javascript:alert(1)"),
            "user \"grace\": avatarURL must be a path",
        ),
        (
            |s| s["follows"] = json!([["ada", "ada"]]),
            "follow \"ada\" → \"ada\": You cannot follow yourself",
        ),
        (
            |s| s["follows"] = json!([["grace", "ada"], ["grace", "ada"]]),
            "User Already following",
        ),
        (
            |s| s["posts"][1]["username"] = json!("bob"),
            "post 2 (\"A bug, literally\"): no seed user \"bob\"",
        ),
        (
            |s| s["posts"][0]["likedBy"] = json!(["grace", "grace"]),
            "post 1 (\"First program 🚀\"): Cannot like a post that is already liked.",
        ),
        (
            |s| s["posts"][1]["content"] = json!("x".repeat(101)),
            "Post content must be at most 100 characters",
        ),
        (
            |s| s["posts"][0]["comments"][0]["text"] = json!("  "),
            "post 1 (\"First program 🚀\"): ",
        ),
    ];
    for (break_it, expected) in cases {
        let mut t = TestApi::new();
        let before = t.api.export_snapshot();
        let mut doc = seed();
        break_it(&mut doc);
        let error = t
            .api
            .import_seed(&doc.to_string(), NOW)
            .expect_err("refused");
        assert!(
            error.contains(expected),
            "{error:?} should say {expected:?}"
        );
        assert_eq!(
            t.api.export_snapshot(),
            before,
            "{expected}: the state changed"
        );
    }
}

#[test]
fn a_malformed_document_names_the_field() {
    let mut t = TestApi::new();
    let error = t
        .api
        .import_seed(r#"{"users": [{"username": "ada"}]}"#, NOW)
        .unwrap_err();
    assert!(
        error.contains("users[0]") && error.contains("missing field"),
        "{error}"
    );
    let error = t
        .api
        .import_seed(r#"{"users": [], "people": []}"#, NOW)
        .unwrap_err();
    assert!(error.contains("unknown field `people`"), "{error}");
}
