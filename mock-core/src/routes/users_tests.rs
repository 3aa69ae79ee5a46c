use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

#[test]
fn lists_users_without_secrets() {
    let mut t = TestApi::new();
    let (status, raw) = t.raw("GET", "/api/users", None, "");
    assert_eq!(status, 200);
    assert!(!raw.contains("password") && !raw.contains("digest"));
    let json: Value = serde_json::from_str(&raw).unwrap();
    let users = json["users"].as_array().unwrap();
    assert_eq!(users.len(), 6);
    let guest = TestApi::user_of(&json["users"], "u-guest");
    assert_eq!(ids(&guest["following"]), ["u-maya", "u-theo"]);
    assert_eq!(
        guest["following"][0],
        json!({"_id": "u-maya", "firstName": "Maya", "lastName": "Lindqvist",
               "username": "maya_lind", "avatarURL": "/avatars/seed-2.svg"})
    );
    assert_eq!(guest["bookmarks"], json!(["p-06", "p-11"]));
    assert_eq!(guest["createdAt"], "2025-01-06T15:30:00+05:30");
}

#[test]
fn gets_one_user_or_404() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/users/u-lena/");
    assert_eq!(status, 200);
    assert_eq!(json["user"]["username"], "lena_sketches");
    t.fails("GET", "/api/users/u-nope", None, "", 404, "User not found");
}

#[test]
fn a_profile_by_username_is_found_exactly_else_ignoring_case() {
    let mut t = TestApi::new();
    // A state (a seed's, an old one) may hold names that differ only in
    // case, which sign-up refuses: MAYA_LIND after maya_lind.
    let mut state: Value = serde_json::from_str(&t.api.export_snapshot()).unwrap();
    let users = state["users"].as_array_mut().unwrap();
    let mut caps = users[1].clone();
    assert_eq!(caps["username"], "maya_lind");
    caps["_id"] = json!("u-caps");
    caps["username"] = json!("MAYA_LIND");
    for list in ["followers", "following", "bookmarks"] {
        caps[list] = json!([]);
    }
    users.push(caps);
    for user in users.iter_mut() {
        if user["username"] == "lena_sketches" {
            user["username"] = json!("Lena_Sketches");
        }
    }
    t.api.import_snapshot(&state.to_string()).unwrap();

    for (asked, id, username) in [
        // Exact first, whatever comes first ignoring case.
        ("maya_lind", "u-maya", "maya_lind"),
        ("MAYA_LIND", "u-caps", "MAYA_LIND"),
        // Else the first ignoring ASCII case, answered under its own name.
        ("Maya_Lind", "u-maya", "maya_lind"),
        ("lena_sketches", "u-lena", "Lena_Sketches"),
        ("LENA_sketches/", "u-lena", "Lena_Sketches"),
        ("Lena_Sketches", "u-lena", "Lena_Sketches"),
    ] {
        let (status, json) = t.get(&format!("/api/users/profile/{asked}"));
        assert_eq!(status, 200, "{asked}: {json}");
        assert_eq!(
            (&json["user"]["_id"], &json["user"]["username"]),
            (&json!(id), &json!(username)),
            "{asked}"
        );
    }
    // Folding is ASCII only: no other letter stands for one.
    for unknown in [
        "nobody",
        "lena_sketche",
        "lena_s%E2%84%AAetches",
        "maya_lind.x",
    ] {
        t.fails(
            "GET",
            &format!("/api/users/profile/{unknown}"),
            None,
            "",
            404,
            "User not found",
        );
    }
}

#[test]
fn edit_merges_the_five_fields_and_shows_everywhere() {
    let mut t = TestApi::new();
    let token = t.guest();
    let body = json!({"userData": {"firstName": "Gia", "lastName": "Est", "bio": "new bio",
        "website": "https://g.example", "avatarURL": "avatars/preset-1.svg",
        "username": "guest", "followers": [], "_id": "u-evil"}});
    let (status, json) = t.post("/api/users/edit", &token, body);
    assert_eq!(status, 201);
    let user = &json["user"];
    assert_eq!(user["_id"], "u-guest");
    assert_eq!(
        (&user["firstName"], &user["bio"], &user["website"]),
        (
            &json!("Gia"),
            &json!("new bio"),
            &json!("https://g.example")
        )
    );
    assert_eq!(user["avatarURL"], "/avatars/preset-1.svg");
    assert_eq!(user["updatedAt"], "2026-11-18T16:36:40+05:30");
    assert_eq!(
        ids(&user["following"]),
        ["u-maya", "u-theo"],
        "follow lists untouched"
    );
    // The guest's posts, comments, likes and follower entries show the change.
    let (_, posts) = t.get("/api/posts");
    let p07 = TestApi::post_of(&posts, "p-07");
    assert_eq!(
        (&p07["firstName"], &p07["avatarURL"]),
        (&json!("Gia"), &json!("/avatars/preset-1.svg"))
    );
    let p02 = TestApi::post_of(&posts, "p-02");
    let like = p02["likes"]["likedBy"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["_id"] == "u-guest")
        .unwrap();
    assert_eq!(like["lastName"], "Est");
    let comment = p02["comments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["username"] == "guest")
        .unwrap();
    assert_eq!(comment["avatarURL"], "/avatars/preset-1.svg");
    let (_, maya) = t.get("/api/users/u-maya");
    assert_eq!(maya["user"]["followers"][0]["firstName"], "Gia");
}

#[test]
fn edit_refuses_a_username_change() {
    let mut t = TestApi::new();
    let token = t.guest();
    let body = json!({"userData": {"bio": "x", "username": "guest2"}}).to_string();
    t.fails(
        "POST",
        "/api/users/edit",
        Some(&token),
        &body,
        404,
        "Username cannot be changed",
    );
    t.fails(
        "POST",
        "/api/users/edit",
        Some(&token),
        "{}",
        400,
        "Invalid request body: missing field `userData`",
    );
    t.fails("POST", "/api/users/edit", None, &body, 401, TOKEN_INVALID);
}

#[test]
fn bookmarks_add_list_and_remove() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.call("GET", "/api/users/bookmark", Some(&token), "");
    assert_eq!(
        (status, &json["bookmarks"]),
        (200, &json!(["p-06", "p-11"]))
    );
    let (status, json) = t.post("/api/users/bookmark/p-01/", &token, Value::Null);
    assert_eq!(
        (status, &json["bookmarks"]),
        (200, &json!(["p-06", "p-11", "p-01"]))
    );
    let (status, json) = t.post("/api/users/remove-bookmark/p-06", &token, Value::Null);
    assert_eq!(
        (status, &json["bookmarks"]),
        (200, &json!(["p-11", "p-01"]))
    );
    let (_, me) = t.get("/api/users/u-guest");
    assert_eq!(me["user"]["updatedAt"], "2026-11-18T16:36:40+05:30");
}

#[test]
fn bookmark_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    t.fails(
        "POST",
        "/api/users/bookmark/p-06",
        tok,
        "",
        400,
        "This Post is already bookmarked",
    );
    t.fails(
        "POST",
        "/api/users/remove-bookmark/p-01",
        tok,
        "",
        400,
        "Post not bookmarked yet",
    );
    t.fails(
        "POST",
        "/api/users/bookmark/p-99",
        tok,
        "",
        404,
        "Post not found",
    );
    t.fails(
        "POST",
        "/api/users/remove-bookmark/p-99",
        tok,
        "",
        404,
        "Post not found",
    );
    t.fails("GET", "/api/users/bookmark", None, "", 401, TOKEN_INVALID);
    t.fails(
        "POST",
        "/api/users/bookmark/p-01",
        Some("nonsense"),
        "",
        401,
        TOKEN_INVALID,
    );
}

#[test]
fn follow_and_unfollow_keep_both_lists_in_step() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.post("/api/users/follow/u-lena/", &token, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(
        ids(&json["user"]["following"]),
        ["u-maya", "u-theo", "u-lena"]
    );
    let lena = TestApi::user_of(&json["allUsers"], "u-lena");
    assert!(ids(&lena["followers"]).contains(&"u-guest"));
    assert_eq!(json["allUsers"].as_array().unwrap().len(), 6);
    let (status, json) = t.post("/api/users/unfollow/u-maya", &token, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(ids(&json["user"]["following"]), ["u-theo", "u-lena"]);
    let maya = TestApi::user_of(&json["allUsers"], "u-maya");
    assert!(!ids(&maya["followers"]).contains(&"u-guest"));
    assert_eq!(maya["updatedAt"], "2026-11-18T16:36:40+05:30");
}

#[test]
fn follow_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    t.fails(
        "POST",
        "/api/users/follow/u-guest",
        tok,
        "",
        404,
        "You cannot follow yourself",
    );
    t.fails(
        "POST",
        "/api/users/follow/u-maya",
        tok,
        "",
        400,
        "User Already following",
    );
    t.fails(
        "POST",
        "/api/users/unfollow/u-lena",
        tok,
        "",
        400,
        "User already not following",
    );
    t.fails(
        "POST",
        "/api/users/unfollow/u-guest",
        tok,
        "",
        400,
        "User already not following",
    );
    t.fails(
        "POST",
        "/api/users/follow/u-ghost",
        tok,
        "",
        404,
        "User not found",
    );
    t.fails(
        "POST",
        "/api/users/unfollow/u-maya",
        None,
        "",
        401,
        TOKEN_INVALID,
    );
}

#[test]
fn a_follow_answers_the_followed_user_too() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (_, json) = t.post("/api/users/follow/u-lena/", &token, Value::Null);
    assert_eq!(json["followUser"]["_id"], "u-lena");
    assert!(ids(&json["followUser"]["followers"]).contains(&"u-guest"));
    assert!(json["allUsers"].is_array());
    let (_, json) = t.post("/api/users/unfollow/u-lena/", &token, Value::Null);
    assert_eq!(json["followUser"]["_id"], "u-lena");
    assert!(!ids(&json["followUser"]["followers"]).contains(&"u-guest"));
}

#[test]
fn a_user_is_found_by_id_then_by_username() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/users/u-lena");
    assert_eq!((status, &json["user"]["_id"]), (200, &json!("u-lena")));
    let username = json["user"]["username"].as_str().unwrap().to_owned();
    let (status, json) = t.get(&format!("/api/users/{username}"));
    assert_eq!((status, &json["user"]["_id"]), (200, &json!("u-lena")));
    t.fails(
        "GET",
        "/api/users/nobody-at-all",
        None,
        "",
        404,
        "User not found",
    );
}
