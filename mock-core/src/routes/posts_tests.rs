use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

#[test]
fn lists_every_post_with_the_full_shape() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/posts");
    assert_eq!(status, 200);
    assert_eq!(json["posts"].as_array().unwrap().len(), 12);
    let p = TestApi::post_of(&json, "p-02");
    assert_eq!(p["id"], "p-02");
    assert_eq!(p["mediaURL"], "/seed/aurora.jpg");
    assert_eq!(
        (&p["username"], &p["firstName"], &p["lastName"]),
        (&json!("maya_lind"), &json!("Maya"), &json!("Lindqvist"))
    );
    assert_eq!(p["avatarURL"], "/avatars/seed-2.svg");
    assert_eq!(p["createdAt"], "2025-05-02T10:40:00+05:30");
    assert_eq!(p["likes"]["likeCount"], 5);
    assert_eq!(
        p["likes"]["likedBy"][0],
        json!({"_id": "u-theo", "firstName": "Theo", "lastName": "Marchetti",
               "username": "theo_builds", "avatarURL": "/avatars/seed-3.svg"})
    );
    let comments = p["comments"].as_array().unwrap();
    assert_eq!(ids(&p["comments"]), ["c-04", "c-03"], "newest first");
    assert_eq!(
        comments[0]["votes"],
        json!({"upvotedBy": [], "downvotedBy": []})
    );
    let keys: Vec<&String> = comments[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 9, "{keys:?}");
    assert_eq!(p.as_object().unwrap().len(), 13);
}

#[test]
fn gets_one_post_or_404() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/posts/p-11?x=1");
    assert_eq!(
        (status, &json["post"]["mediaURL"]),
        (200, &json!("/seed/waves.mp4"))
    );
    t.fails("GET", "/api/posts/p-99", None, "", 404, "Post not found");
}

#[test]
fn posts_of_a_user_newest_first() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/posts/user/maya_lind");
    assert_eq!(status, 200);
    assert_eq!(ids(&json["posts"]), ["p-11", "p-09", "p-02"]);
    let (_, json) = t.get("/api/posts/user/guest/");
    assert_eq!(ids(&json["posts"]), ["p-07"]);
    t.fails(
        "GET",
        "/api/posts/user/nobody",
        None,
        "",
        404,
        "User not found",
    );
}

#[test]
fn create_starts_empty_and_answers_all_posts() {
    let mut t = TestApi::new();
    let token = t.guest();
    let body = json!({"postData": {"content": "Hi 👋🏽 there", "mediaURL": "media/m-01", "hashtags": "#hi"}});
    let (status, json) = t.post("/api/posts", &token, body);
    assert_eq!(status, 201);
    assert_eq!(json["posts"].as_array().unwrap().len(), 13);
    let p = TestApi::post_of(&json, "p-13");
    assert_eq!(
        (&p["content"], &p["mediaURL"], &p["hashtags"]),
        (&json!("Hi 👋🏽 there"), &json!("/media/m-01"), &json!("#hi"))
    );
    assert_eq!(p["username"], "guest");
    assert_eq!(
        p["likes"],
        json!({"likeCount": 0, "likedBy": [], "dislikedBy": []})
    );
    assert_eq!(p["comments"], json!([]));
    assert_eq!(p["createdAt"], "2026-11-18T16:36:40+05:30");
    let (_, json) = t.post(
        "/api/posts",
        &token,
        json!({"postData": {"content": "plain"}}),
    );
    let p = TestApi::post_of(&json, "p-14");
    assert_eq!((&p["mediaURL"], &p["hashtags"]), (&json!(""), &json!("")));
}

#[test]
fn limits_count_code_points() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    // 100 emoji (400 bytes) are 100 characters: accepted.
    let hundred = "😀".repeat(100);
    let (status, _) = t.post(
        "/api/posts",
        &token,
        json!({"postData": {"content": hundred, "hashtags": "#".repeat(100)}}),
    );
    assert_eq!(status, 201);
    let long = json!({"postData": {"content": "😀".repeat(101)}}).to_string();
    t.fails(
        "POST",
        "/api/posts",
        tok,
        &long,
        400,
        "Post content must be at most 100 characters",
    );
    let tags = json!({"postData": {"content": "ok", "hashtags": "#".repeat(101)}}).to_string();
    t.fails(
        "POST",
        "/api/posts",
        tok,
        &tags,
        400,
        "Hashtags must be at most 100 characters",
    );
    for empty in [
        json!({"postData": {"content": " "}}),
        json!({"postData": {}}),
    ] {
        t.fails(
            "POST",
            "/api/posts",
            tok,
            &empty.to_string(),
            400,
            "Post content must not be empty",
        );
    }
    t.fails(
        "POST",
        "/api/posts",
        tok,
        "{\"postData\":",
        400,
        "Invalid request body: not valid JSON (EOF while parsing a value at line 1 column 12)",
    );
    t.fails("POST", "/api/posts", None, &tags, 401, TOKEN_INVALID);
}

#[test]
fn edit_merges_only_content_media_and_hashtags() {
    let mut t = TestApi::new();
    let token = t.guest();
    let body = json!({"postData": {"content": "Edited", "mediaURL": "", "likes": {"likeCount": 99}, "username": "maya_lind"}});
    let (status, json) = t.post("/api/posts/edit/p-07", &token, body);
    assert_eq!(status, 201);
    let p = TestApi::post_of(&json, "p-07");
    assert_eq!(
        (&p["content"], &p["mediaURL"], &p["hashtags"]),
        (&json!("Edited"), &json!(""), &json!("#hello #newhere"))
    );
    assert_eq!(
        (&p["username"], &p["likes"]["likeCount"]),
        (&json!("guest"), &json!(2))
    );
    assert_eq!(ids(&p["comments"]), ["c-09"]);
    assert_eq!(p["updatedAt"], "2026-11-18T16:36:40+05:30");
    assert_ne!(p["createdAt"], p["updatedAt"]);
}

#[test]
fn edit_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    let body = json!({"postData": {"content": "mine now"}}).to_string();
    t.fails(
        "POST",
        "/api/posts/edit/p-02",
        tok,
        &body,
        400,
        "Cannot edit a Post doesn't belong to the logged in User.",
    );
    t.fails(
        "POST",
        "/api/posts/edit/p-99",
        tok,
        &body,
        404,
        "Post not found",
    );
    let long = json!({"postData": {"content": "x".repeat(101)}}).to_string();
    t.fails(
        "POST",
        "/api/posts/edit/p-07",
        tok,
        &long,
        400,
        "Post content must be at most 100 characters",
    );
    let empty = json!({"postData": {"content": ""}}).to_string();
    t.fails(
        "POST",
        "/api/posts/edit/p-07",
        tok,
        &empty,
        400,
        "Post content must not be empty",
    );
    t.fails(
        "POST",
        "/api/posts/edit/p-07",
        None,
        &body,
        401,
        TOKEN_INVALID,
    );
}

#[test]
fn delete_removes_the_post_and_its_bookmarks() {
    let mut t = TestApi::new();
    let maya = t.login("maya_lind", "password123");
    let (status, json) = t.call("DELETE", "/api/posts/p-11/", Some(&maya), "");
    assert_eq!(status, 200);
    assert_eq!(json["posts"].as_array().unwrap().len(), 11);
    assert!(!ids(&json["posts"]).contains(&"p-11"));
    let guest = t.guest();
    let (_, json) = t.call("GET", "/api/users/bookmark", Some(&guest), "");
    assert_eq!(json["bookmarks"], json!(["p-06"]));
    t.fails("GET", "/api/posts/p-11", None, "", 404, "Post not found");
    // Lookups by id still work after the removal shifted the others.
    let (_, json) = t.get("/api/posts/p-12");
    assert_eq!(json["post"]["_id"], "p-12");
}

#[test]
fn delete_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    t.fails(
        "DELETE",
        "/api/posts/p-01",
        tok,
        "",
        400,
        "Cannot delete a Post doesn't belong to the logged in User.",
    );
    t.fails("DELETE", "/api/posts/p-99", tok, "", 404, "Post not found");
    t.fails("DELETE", "/api/posts/p-07", None, "", 401, TOKEN_INVALID);
}

fn likes(json: &Value, id: &str) -> (u64, Vec<String>, Vec<String>) {
    let l = &TestApi::post_of(json, id)["likes"];
    let names = |k: &str| ids(&l[k]).into_iter().map(str::to_owned).collect();
    (
        l["likeCount"].as_u64().unwrap(),
        names("likedBy"),
        names("dislikedBy"),
    )
}

#[test]
fn like_then_dislike_moves_the_user_and_the_count() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.post("/api/posts/like/p-12", &token, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(likes(&json, "p-12"), (1, vec!["u-guest".into()], vec![]));
    assert_eq!(
        TestApi::post_of(&json, "p-12")["updatedAt"],
        "2026-11-18T16:36:40+05:30"
    );
    let (status, json) = t.post("/api/posts/dislike/p-12/", &token, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(likes(&json, "p-12"), (0, vec![], vec!["u-guest".into()]));
    let (_, json) = t.post("/api/posts/like/p-12", &token, Value::Null);
    assert_eq!(likes(&json, "p-12"), (1, vec!["u-guest".into()], vec![]));
}

#[test]
fn like_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    t.fails(
        "POST",
        "/api/posts/like/p-02",
        tok,
        "",
        400,
        "Cannot like a post that is already liked.",
    );
    t.fails(
        "POST",
        "/api/posts/dislike/p-12",
        tok,
        "",
        400,
        "Cannot decrement like less than 0.",
    );
    // Someone else's like is not the guest's to take back.
    t.fails(
        "POST",
        "/api/posts/dislike/p-01",
        tok,
        "",
        400,
        "Cannot decrement like less than 0.",
    );
    let theo = t.login("theo_builds", "password123");
    t.fails(
        "POST",
        "/api/posts/dislike/p-09",
        Some(&theo),
        "",
        400,
        "Cannot dislike a post that is already disliked.",
    );
    t.fails(
        "POST",
        "/api/posts/like/p-99",
        tok,
        "",
        404,
        "Post not found",
    );
    t.fails(
        "POST",
        "/api/posts/dislike/p-99",
        tok,
        "",
        404,
        "Post not found",
    );
    t.fails("POST", "/api/posts/like/p-01", None, "", 401, TOKEN_INVALID);
}
