use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

fn comments_of<'a>(posts: &'a Value, post: &str) -> &'a Value {
    &TestApi::post_of(posts, post)["comments"]
}

#[test]
fn lists_comments_newest_first() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/comments/p-11/");
    assert_eq!(status, 200);
    assert_eq!(ids(&json["comments"]), ["c-13", "c-12"]);
    let c = &json["comments"][0];
    assert_eq!(
        (&c["text"], &c["username"], &c["firstName"]),
        (
            &json!("So calming. Where was this filmed?"),
            &json!("priya_cooks"),
            &json!("Priya")
        )
    );
    assert_eq!(c["createdAt"], "2026-09-13T17:30:00+05:30");
    t.fails("GET", "/api/comments/p-99", None, "", 404, "Post not found");
}

#[test]
fn add_accepts_text_or_an_object_and_answers_posts() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.post(
        "/api/comments/add/p-01",
        &token,
        json!({"commentData": "Nice!"}),
    );
    assert_eq!(status, 201);
    let comments = comments_of(&json, "p-01");
    assert_eq!(ids(comments), ["c-15", "c-02", "c-01"]);
    assert_eq!(
        (&comments[0]["text"], &comments[0]["username"]),
        (&json!("Nice!"), &json!("guest"))
    );
    let (_, json) = t.post(
        "/api/comments/add/p-01",
        &token,
        json!({"commentData": {"text": "Again"}}),
    );
    assert_eq!(
        ids(comments_of(&json, "p-01"))[0],
        "c-16",
        "same instant: the later one first"
    );
}

#[test]
fn add_rules() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tok = Some(token.as_str());
    let empty = json!({"commentData": "   "}).to_string();
    t.fails(
        "POST",
        "/api/comments/add/p-01",
        tok,
        &empty,
        400,
        "Comment text must not be empty",
    );
    let ok = json!({"commentData": "hi"}).to_string();
    t.fails(
        "POST",
        "/api/comments/add/p-99",
        tok,
        &ok,
        404,
        "Post not found",
    );
    t.fails(
        "POST",
        "/api/comments/add/p-01",
        None,
        &ok,
        401,
        TOKEN_INVALID,
    );
    t.fails(
        "POST",
        "/api/comments/add/p-01",
        tok,
        "{\"commentData\": 5}",
        400,
        "Invalid request body: commentData: invalid type: integer `5`, expected a text string or an object {\"text\": string}",
    );
}

#[test]
fn edit_changes_text_of_own_comment() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.post(
        "/api/comments/edit/p-02/c-04",
        &token,
        json!({"commentData": "Updated"}),
    );
    assert_eq!(status, 201);
    let c = &comments_of(&json, "p-02")[0];
    assert_eq!((&c["_id"], &c["text"]), (&json!("c-04"), &json!("Updated")));
    assert_eq!(c["updatedAt"], "2026-11-18T16:36:40+05:30");
    assert_ne!(c["createdAt"], c["updatedAt"]);
}

#[test]
fn edit_rules() {
    let mut t = TestApi::new();
    let maya = t.login("maya_lind", "password123");
    let tok = Some(maya.as_str());
    let body = json!({"commentData": "mine"}).to_string();
    // Maya wrote p-02 but not c-04: the post author may not edit it.
    t.fails(
        "POST",
        "/api/comments/edit/p-02/c-04",
        tok,
        &body,
        400,
        "Cannot edit a comment doesn't belong to the User.",
    );
    t.fails(
        "POST",
        "/api/comments/edit/p-02/c-99",
        tok,
        &body,
        404,
        "Comment not found",
    );
    t.fails(
        "POST",
        "/api/comments/edit/p-99/c-04",
        tok,
        &body,
        404,
        "Post not found",
    );
    t.fails(
        "POST",
        "/api/comments/edit/p-03/c-05",
        tok,
        "{\"commentData\":\"\"}",
        400,
        "Comment text must not be empty",
    );
    t.fails(
        "POST",
        "/api/comments/edit/p-03/c-05",
        None,
        &body,
        401,
        TOKEN_INVALID,
    );
}

#[test]
fn delete_by_comment_author_or_post_author() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let (status, json) = t.post("/api/comments/delete/p-02/c-04", &guest, Value::Null);
    assert_eq!(status, 201);
    assert_eq!(ids(comments_of(&json, "p-02")), ["c-03"]);
    let maya = t.login("maya_lind", "password123");
    let (status, json) = t.post("/api/comments/delete/p-02/c-03/", &maya, Value::Null);
    assert_eq!(status, 201);
    assert_eq!(comments_of(&json, "p-02"), &json!([]));
}

#[test]
fn delete_rules() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let tok = Some(guest.as_str());
    t.fails(
        "POST",
        "/api/comments/delete/p-01/c-01",
        tok,
        "",
        400,
        "Cannot delete a comment doesn't belong to the User.",
    );
    t.fails(
        "POST",
        "/api/comments/delete/p-01/c-99",
        tok,
        "",
        404,
        "Comment not found",
    );
    t.fails(
        "POST",
        "/api/comments/delete/p-99/c-01",
        tok,
        "",
        404,
        "Post not found",
    );
    t.fails(
        "POST",
        "/api/comments/delete/p-01/c-01",
        None,
        "",
        401,
        TOKEN_INVALID,
    );
}

#[test]
fn a_comment_arrives_under_comment_data_comment_or_text() {
    let mut t = TestApi::new();
    let token = t.guest();
    for (body, text) in [
        (json!({"comment": "as comment"}), "as comment"),
        (
            json!({"comment": {"text": "as comment object"}}),
            "as comment object",
        ),
        (json!({"text": "as text"}), "as text"),
        (
            json!({"commentData": {"text": "first wins"}, "text": "not this"}),
            "first wins",
        ),
    ] {
        let (status, json) = t.post("/api/comments/add/p-01", &token, body);
        assert_eq!(status, 201, "{json}");
        assert_eq!(comments_of(&json, "p-01")[0]["text"], text);
    }
    let (_, json) = t.post("/api/comments/add/p-01", &token, json!({"text": "v1"}));
    let id = comments_of(&json, "p-01")[0]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, json) = t.post(
        &format!("/api/comments/edit/p-01/{id}"),
        &token,
        json!({"comment": "v2"}),
    );
    assert_eq!(status, 201);
    assert_eq!(comments_of(&json, "p-01")[0]["text"], "v2");
}

#[test]
fn delete_is_also_served_as_delete() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (_, json) = t.post(
        "/api/comments/add/p-01",
        &token,
        json!({"commentData": "bye"}),
    );
    let id = comments_of(&json, "p-01")[0]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let url = format!("/api/comments/delete/p-01/{id}");
    let (status, json) = t.call("DELETE", &url, Some(&token), "");
    assert_eq!(status, 201);
    assert!(!ids(comments_of(&json, "p-01")).contains(&id.as_str()));
    t.fails("DELETE", &url, Some(&token), "", 404, "Comment not found");
}

#[test]
fn upvote_and_downvote_keep_one_vote_per_user() {
    let mut t = TestApi::new();
    let token = t.guest();
    let up = "/api/comments/upvote/p-11/c-13";
    let (status, json) = t.post(up, &token, Value::Null);
    assert_eq!(status, 201);
    let voted = |json: &Value| -> (Vec<String>, Vec<String>) {
        let c = json["comments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["_id"] == "c-13")
            .unwrap();
        let names = |list: &Value| {
            list.as_array()
                .unwrap()
                .iter()
                .map(|u| u["username"].as_str().unwrap().to_owned())
                .collect()
        };
        (
            names(&c["votes"]["upvotedBy"]),
            names(&c["votes"]["downvotedBy"]),
        )
    };
    assert_eq!(voted(&json), (vec!["guest".to_owned()], vec![]));
    t.fails(
        "POST",
        up,
        Some(&token),
        "",
        400,
        "Cannot upvote a comment that is already upvoted.",
    );
    let down = "/api/comments/downvote/p-11/c-13";
    let (status, json) = t.post(down, &token, Value::Null);
    assert_eq!(status, 201);
    assert_eq!(voted(&json), (vec![], vec!["guest".to_owned()]));
    t.fails(
        "POST",
        down,
        Some(&token),
        "",
        400,
        "Cannot downvote a comment that is already downvoted.",
    );
    // What the list shows after a reload of the page.
    let (_, json) = t.get("/api/comments/p-11");
    assert_eq!(voted(&json), (vec![], vec!["guest".to_owned()]));
    t.fails(
        "POST",
        "/api/comments/upvote/p-11/c-99",
        Some(&token),
        "",
        404,
        "Comment not found",
    );
    t.fails(
        "POST",
        "/api/comments/upvote/p-99/c-13",
        Some(&token),
        "",
        404,
        "Post not found",
    );
    t.fails("POST", up, None, "", 401, TOKEN_INVALID);
}
