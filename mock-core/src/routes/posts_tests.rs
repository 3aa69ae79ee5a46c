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

/// Every write that answers every post, as `(method, url, body)`, in an
/// order the guest may send them all in.
const POST_WRITES: [(&str, &str, &str); 8] = [
    (
        "POST",
        "/api/posts",
        r#"{"postData":{"content":"Small answers"}}"#,
    ),
    (
        "POST",
        "/api/posts/edit/p-07",
        r#"{"postData":{"content":"Edited"}}"#,
    ),
    ("POST", "/api/posts/like/p-13", ""),
    ("POST", "/api/posts/dislike/p-13", ""),
    (
        "POST",
        "/api/comments/add/p-03",
        r#"{"commentData":"Nice"}"#,
    ),
    (
        "POST",
        "/api/comments/edit/p-02/c-04",
        r#"{"commentData":"Edited"}"#,
    ),
    ("POST", "/api/comments/delete/p-02/c-04", ""),
    ("DELETE", "/api/posts/p-07", ""),
];

#[test]
fn prefer_return_minimal_answers_only_the_changed_post_and_changes_the_same() {
    let (mut full, mut minimal) = (TestApi::new(), TestApi::new());
    let token = full.guest();
    minimal.guest();
    let changed = [
        "p-13", "p-07", "p-13", "p-13", "p-03", "p-02", "p-02", "p-07",
    ];
    for ((method, url, body), id) in POST_WRITES.into_iter().zip(changed) {
        // The post as every-post answers hold it (for a delete, as it was just before).
        let before = full.get(&format!("/api/posts/{id}")).1["post"].clone();
        let all = full.respond(method, url, Some(&token), body, None);
        assert_eq!(all.preference_applied, None, "{url}");
        assert!(all.status < 300, "{url}: {}", all.body);
        let all: Value = serde_json::from_str(&all.body).unwrap();
        let expected = match all["posts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["_id"] == id)
        {
            Some(post) => post.clone(),
            None => before, // deleted
        };
        let res = minimal.respond(method, url, Some(&token), body, Some("return=minimal"));
        assert_eq!(res.preference_applied, Some("return=minimal"), "{url}");
        let json: Value = serde_json::from_str(&res.body).unwrap();
        assert_eq!(json.as_object().unwrap().len(), 1, "{url}: {json}");
        assert_eq!(json["post"], expected, "{url}");
        // The same change either way.
        assert_eq!(
            full.get("/api/posts").1,
            minimal.get("/api/posts").1,
            "{url}"
        );
    }
}

#[test]
fn another_preference_or_a_refused_write_keeps_the_usual_answer() {
    let mut t = TestApi::new();
    let token = t.guest();
    let res = t.respond(
        "POST",
        "/api/posts/dislike/p-02",
        Some(&token),
        "",
        Some("return=representation"),
    );
    assert_eq!((res.status, res.preference_applied), (200, None));
    assert!(res.body.starts_with(r#"{"posts":["#), "{}", res.body);
    // Refused: the catalogue's error, whatever was preferred.
    let res = t.respond(
        "POST",
        "/api/posts/dislike/p-02",
        Some(&token),
        "",
        Some("return=minimal"),
    );
    assert_eq!((res.status, res.preference_applied), (400, None));
    assert_eq!(
        res.body,
        json!({"errors": ["Cannot dislike a post that is already disliked."]}).to_string()
    );
    // A read has no smaller answer.
    let res = t.respond("GET", "/api/posts/p-02", None, "", Some("return=minimal"));
    assert_eq!((res.status, res.preference_applied), (200, None));
}

#[test]
fn a_minimal_like_renders_no_other_post() {
    let mut t = TestApi::new();
    t.api.load_bulk(20, 2_000);
    let token = t.guest();
    let id = t.api.db().posts()[1_000].id.clone();
    let url = format!("/api/posts/like/{id}");
    let res = t.respond("POST", &url, Some(&token), "", Some("return=minimal"));
    assert_eq!(res.status, 200, "{}", res.body);
    assert!(res.body.len() < 2_000, "{} bytes", res.body.len());
    // How many posts the core has rendered to JSON (and keeps cached).
    let rendered_posts = |t: &TestApi| {
        t.api
            .db()
            .post_json()
            .borrow()
            .posts
            .iter()
            .filter(|p| p.is_some())
            .count()
    };
    let rendered = rendered_posts(&t);
    assert_eq!(rendered, 0, "a minimal like rendered {rendered} posts");
    // Without the header the same kind of write renders every post.
    let other = t.api.db().posts()[1_001].id.clone();
    t.respond(
        "POST",
        &format!("/api/posts/like/{other}"),
        Some(&token),
        "",
        None,
    );
    let rendered = rendered_posts(&t);
    assert_eq!(rendered, 2_000);
}
