use crate::testing::{ids, TestApi};
use serde_json::{json, Value};

fn configured(settings: Value) -> TestApi {
    let mut t = TestApi::new();
    t.api
        .configure(&settings.to_string())
        .expect("settings accepted");
    t.beyond_contract = true;
    t
}

#[test]
fn bookmarks_answer_posts_with_the_posts_setting() {
    let mut t = configured(json!({"bookmarks": "posts"}));
    let token = t.guest();
    let (status, json) = t.post("/api/users/bookmark/p-02", &token, Value::Null);
    assert_eq!(status, 200);
    let last = json["bookmarks"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(
        (&last["_id"], last["content"].is_string()),
        (&json!("p-02"), true)
    );
    let (_, json) = t.call("GET", "/api/users/bookmark", Some(&token), "");
    assert_eq!(
        json["bookmarks"].as_array().unwrap().last().unwrap()["_id"],
        "p-02"
    );
    let (_, json) = t.post("/api/users/remove-bookmark/p-02", &token, Value::Null);
    assert!(!ids(&json["bookmarks"]).contains(&"p-02"));
    // The default is the spec's: ids.
    let mut d = TestApi::new();
    let token = d.guest();
    let (_, json) = d.post("/api/users/bookmark/p-02", &token, Value::Null);
    assert!(json["bookmarks"]
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_string));
}

#[test]
fn post_length_is_a_setting() {
    let mut t = configured(json!({"maxPostChars": 280}));
    let token = t.guest();
    let (status, _) = t.post(
        "/api/posts",
        &token,
        json!({"postData": {"content": "a".repeat(200)}}),
    );
    assert_eq!(status, 201);
    let too_long = json!({"postData": {"content": "a".repeat(281)}}).to_string();
    t.fails(
        "POST",
        "/api/posts",
        Some(&token),
        &too_long,
        400,
        "Post content must be at most 280 characters",
    );
    spec_post_limit_holds(&mut TestApi::new(), 200);
}

#[test]
fn password_length_is_a_setting() {
    let mut t = configured(json!({"minPasswordChars": 6}));
    let body =
        json!({"firstName": "Ana", "lastName": "Lee", "username": "ana", "password": "abc123"});
    let (status, _) = t.call("POST", "/api/auth/signup", None, &body.to_string());
    assert_eq!(status, 201);
    let short =
        json!({"firstName": "Bo", "lastName": "Lee", "username": "bob", "password": "abc12"});
    t.fails(
        "POST",
        "/api/auth/signup",
        None,
        &short.to_string(),
        400,
        "password must be 6 to 128 characters",
    );
    let mut d = TestApi::new();
    d.fails(
        "POST",
        "/api/auth/signup",
        None,
        &body.to_string(),
        400,
        "password must be 8 to 128 characters",
    );
}

#[test]
fn a_remote_avatar_is_a_setting() {
    let url = "https://cdn.example.com/a.png";
    let edit = json!({"userData": {"avatarURL": url}});
    let mut t = configured(json!({"avatars": "anywhere"}));
    let token = t.guest();
    let (status, json) = t.post("/api/users/edit", &token, edit.clone());
    assert_eq!((status, &json["user"]["avatarURL"]), (201, &json!(url)));
    for bad in [
        "javascript:alert(1)",
        "https://x.example/a b.png",
        "//x.example/a.png",
    ] {
        let body = json!({"userData": {"avatarURL": bad}}).to_string();
        let (status, _) = t.call("POST", "/api/users/edit", Some(&token), &body);
        assert_eq!(status, 400, "{bad}");
    }
    let mut d = TestApi::new();
    let token = d.guest();
    let (status, _) = d.post("/api/users/edit", &token, edit);
    assert_eq!(status, 400);
}

#[test]
fn settings_stay_through_a_loaded_state_and_a_reset_and_a_seed_may_name_its_own() {
    let mut t = configured(json!({"bookmarks": "posts"}));
    let saved = t.api.export_snapshot();
    t.api.import_snapshot(&saved).unwrap();
    t.api.reset();
    let token = t.guest();
    let (_, json) = t.post("/api/users/bookmark/p-02", &token, Value::Null);
    assert!(json["bookmarks"][0].is_object());
    let seed = json!({
        "users": [{"username": "ana", "password": "p"}],
        "posts": [{"username": "ana", "content": "hi"}],
        "api": {"maxPostChars": 280, "bookmarks": "ids"}
    });
    t.api
        .import_seed(&seed.to_string(), crate::testing::NOW)
        .unwrap();
    let token = t.login("ana", "p");
    let (status, json) = t.post("/api/users/bookmark/p-01", &token, Value::Null);
    assert_eq!((status, &json["bookmarks"]), (200, &json!(["p-01"])));
    let (status, _) = t.post(
        "/api/posts",
        &token,
        json!({"postData": {"content": "a".repeat(250)}}),
    );
    assert_eq!(status, 201);
}

#[test]
fn wrong_settings_say_what_to_change_and_change_nothing() {
    let mut t = TestApi::new();
    for (settings, message) in [
        (
            json!({"bookmarks": "all"}),
            "unknown variant `all`, expected `ids` or `posts`",
        ),
        (
            json!({"maxPostChars": 0}),
            "api.maxPostChars must be 1 to 10000, got 0",
        ),
        (
            json!({"minPasswordChars": 500}),
            "api.minPasswordChars must be 1 to 128, got 500",
        ),
        (json!({"postLength": 5}), "unknown field `postLength`"),
    ] {
        let error = t.api.configure(&settings.to_string()).unwrap_err();
        assert!(error.contains(message), "{error}");
    }
    let seed = json!({"users": [{"username": "a", "password": "p"}], "api": {"maxPostChars": 0}});
    let error = t
        .api
        .import_seed(&seed.to_string(), crate::testing::NOW)
        .unwrap_err();
    assert!(
        error.contains("api.maxPostChars must be 1 to 10000"),
        "{error}"
    );
    spec_post_limit_holds(&mut t, 101);
}

/// A post of `chars` (over 100) is refused with the spec's message.
fn spec_post_limit_holds(t: &mut TestApi, chars: usize) {
    let token = t.guest();
    let long = json!({"postData": {"content": "a".repeat(chars)}}).to_string();
    t.fails(
        "POST",
        "/api/posts",
        Some(&token),
        &long,
        400,
        "Post content must be at most 100 characters",
    );
}
