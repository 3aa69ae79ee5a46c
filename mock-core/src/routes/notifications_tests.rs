use crate::db::MAX_NOTIFICATIONS;
use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

/// `(type, actor's username, postId, commentId)` of each notification of
/// an answer, newest first.
fn summary(answer: &Value) -> Vec<(String, String, Option<String>, Option<String>)> {
    let text = |v: &Value| v.as_str().map(str::to_owned);
    answer["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                text(&n["type"]).unwrap(),
                text(&n["actor"]["username"]).unwrap(),
                text(&n["postId"]),
                text(&n["commentId"]),
            )
        })
        .collect()
}

fn row(
    kind: &str,
    actor: &str,
    post: Option<&str>,
    comment: Option<&str>,
) -> (String, String, Option<String>, Option<String>) {
    (
        kind.to_owned(),
        actor.to_owned(),
        post.map(str::to_owned),
        comment.map(str::to_owned),
    )
}

fn notifications(t: &mut TestApi, token: &str) -> Value {
    let (status, answer) = t.call("GET", "/api/notifications?limit=50", Some(token), "");
    assert_eq!(status, 200, "{answer}");
    answer
}

/// `token`'s user writes a post with `content`, then comments `text` on
/// `p-13` (the first new post) as `commenter`.
fn post_and_comment(t: &mut TestApi, token: &str, content: &str, commenter: &str, text: &str) {
    t.post(
        "/api/posts",
        token,
        json!({"postData": {"content": content}}),
    );
    t.post("/api/posts/like/p-13", commenter, Value::Null);
    t.post(
        "/api/comments/add/p-13",
        commenter,
        json!({"commentData": text}),
    );
}

fn maya(t: &mut TestApi) -> String {
    t.login("maya_lind", "password123")
}

#[test]
fn the_guest_starts_with_the_seeds_likes_comments_and_follows_unread() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let answer = notifications(&mut t, &guest);
    assert_eq!(answer["unread"], 5);
    assert_eq!(
        summary(&answer),
        [
            row("comment", "maya_lind", Some("p-07"), Some("c-09")),
            row("like", "priya_cooks", Some("p-07"), None),
            row("like", "maya_lind", Some("p-07"), None),
            row("follow", "lena_sketches", None, None),
            row("follow", "priya_cooks", None, None),
        ]
    );
    let first = &answer["notifications"][0];
    assert_eq!(
        first,
        &json!({
            "_id": "n-05",
            "type": "comment",
            "actor": {"_id": "u-maya", "firstName": "Maya", "lastName": "Lindqvist",
                      "username": "maya_lind", "avatarURL": "/avatars/seed-2.svg"},
            "postId": "p-07",
            "commentId": "c-09",
            "createdAt": "2026-01-04T02:30:00+05:30",
            "read": false
        })
    );
    // Nobody else has any.
    let token = maya(&mut t);
    assert_eq!(
        notifications(&mut t, &token),
        json!({"notifications": [], "unread": 0})
    );
}

#[test]
fn a_like_a_comment_and_a_follow_notify_and_undoing_them_takes_the_notification_back() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    t.post(
        "/api/posts",
        &guest,
        json!({"postData": {"content": "Mine"}}),
    );
    let theo = t.login("theo_builds", "password123");
    t.post("/api/posts/like/p-13", &maya, Value::Null);
    t.post(
        "/api/comments/add/p-13",
        &theo,
        json!({"commentData": "Nice"}),
    );
    t.post("/api/users/follow/u-guest", &theo, Value::Null);
    let answer = notifications(&mut t, &guest);
    assert_eq!(answer["unread"], 8);
    assert_eq!(
        summary(&answer)[..3],
        [
            row("follow", "theo_builds", None, None),
            row("comment", "theo_builds", Some("p-13"), Some("c-15")),
            row("like", "maya_lind", Some("p-13"), None),
        ]
    );
    // Taken back: the notification goes with the act, never left pointing
    // at a like, a comment or a follow that is gone.
    t.post("/api/posts/dislike/p-13", &maya, Value::Null);
    t.post("/api/comments/delete/p-13/c-15", &theo, Value::Null);
    t.post("/api/users/unfollow/u-guest", &theo, Value::Null);
    let answer = notifications(&mut t, &guest);
    assert_eq!(answer["unread"], 5);
    assert_eq!(summary(&answer).len(), 5);
    // Done again, it notifies again.
    t.post("/api/posts/like/p-13", &maya, Value::Null);
    assert_eq!(
        summary(&notifications(&mut t, &guest))[0],
        row("like", "maya_lind", Some("p-13"), None)
    );
}

#[test]
fn your_own_acts_never_notify_you() {
    let mut t = TestApi::new();
    let guest = t.guest();
    t.post("/api/posts/dislike/p-07", &guest, Value::Null); // not liked: refused
    post_and_comment(
        &mut t,
        &guest,
        "Note to self @guest",
        &guest,
        "Me again, @GUEST",
    );
    assert_eq!(
        notifications(&mut t, &guest)["unread"],
        5,
        "the seed's only"
    );
}

#[test]
fn mentions_notify_existing_users_found_ignoring_case_once() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    let content = "Hi @GUEST and @priya_cooks. Mail guest@example.com, @nobody";
    t.post(
        "/api/posts",
        &maya,
        json!({"postData": {"content": content}}),
    );
    assert_eq!(
        summary(&notifications(&mut t, &guest))[0],
        row("mention", "maya_lind", Some("p-13"), None)
    );
    let priya = t.login("priya_cooks", "password123");
    assert_eq!(
        summary(&notifications(&mut t, &priya)),
        [row("mention", "maya_lind", Some("p-13"), None)]
    );
    // An edit notifies only whom it newly mentions: Theo, not the guest
    // again, and nobody for a mention taken out and put back.
    let edit = |content: &str| json!({"postData": {"content": content}});
    t.post(
        "/api/posts/edit/p-13",
        &maya,
        edit("Hi @guest and @theo_builds"),
    );
    t.post("/api/posts/edit/p-13", &maya, edit("Hi @theo_builds"));
    t.post(
        "/api/posts/edit/p-13",
        &maya,
        edit("Hi @guest @priya_cooks"),
    );
    let theo = t.login("theo_builds", "password123");
    for (token, count) in [(&guest, 6), (&priya, 1), (&theo, 1)] {
        let answer = notifications(&mut t, token);
        assert_eq!(answer["unread"], count, "{answer}");
    }
}

#[test]
fn a_comment_mentions_and_notifies_the_posts_author_once() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    // On the guest's post, mentioning the guest and Priya.
    let text = json!({"commentData": "@guest look, @priya_cooks"});
    t.post("/api/comments/add/p-07", &maya, text);
    assert_eq!(
        summary(&notifications(&mut t, &guest))[..2],
        [
            row("comment", "maya_lind", Some("p-07"), Some("c-15")),
            row("comment", "maya_lind", Some("p-07"), Some("c-09")),
        ],
        "a comment, not a mention too"
    );
    let priya = t.login("priya_cooks", "password123");
    assert_eq!(
        summary(&notifications(&mut t, &priya)),
        [row("mention", "maya_lind", Some("p-07"), Some("c-15"))]
    );
    // An edited comment notifies whom it newly mentions.
    let edited = json!({"commentData": "@priya_cooks and @theo_builds"});
    t.post("/api/comments/edit/p-07/c-15", &maya, edited);
    let theo = t.login("theo_builds", "password123");
    assert_eq!(notifications(&mut t, &theo)["unread"], 1);
    assert_eq!(notifications(&mut t, &priya)["unread"], 1);
    // Deleted (here by the post's author), its notifications go.
    t.post("/api/comments/delete/p-07/c-15", &guest, Value::Null);
    for token in [&priya, &theo] {
        assert_eq!(notifications(&mut t, token)["unread"], 0);
    }
    assert_eq!(notifications(&mut t, &guest)["unread"], 5);
}

#[test]
fn a_deleted_post_takes_its_notifications_along() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    post_and_comment(&mut t, &guest, "@maya_lind hi", &maya, "Hello");
    assert_eq!(notifications(&mut t, &maya)["unread"], 1);
    assert_eq!(notifications(&mut t, &guest)["unread"], 7);
    t.call("DELETE", "/api/posts/p-13", Some(&guest), "");
    assert_eq!(notifications(&mut t, &maya)["unread"], 0);
    let answer = notifications(&mut t, &guest);
    assert_eq!(answer["unread"], 5);
    assert!(summary(&answer)
        .iter()
        .all(|n| n.2.as_deref() != Some("p-13")));
}

#[test]
fn pages_read_as_the_feeds_do() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let (_, page) = t.call("GET", "/api/notifications?page=2&limit=2", Some(&guest), "");
    let ids = ids(&page["notifications"]);
    assert_eq!((ids, &page["unread"]), (vec!["n-03", "n-02"], &json!(5)));
    let (_, past) = t.call("GET", "/api/notifications?page=4&limit=2", Some(&guest), "");
    assert_eq!(past, json!({"notifications": [], "unread": 5}));
    let (_, default) = t.call("GET", "/api/notifications", Some(&guest), "");
    assert_eq!(default["notifications"].as_array().unwrap().len(), 5);
    let bad = "limit must be a whole number from 1 to 50";
    t.fails(
        "GET",
        "/api/notifications?limit=51",
        Some(&guest),
        "",
        400,
        bad,
    );
    t.fails("GET", "/api/notifications", None, "", 401, TOKEN_INVALID);
    t.fails(
        "POST",
        "/api/notifications/read",
        Some("x.y.z"),
        "",
        401,
        TOKEN_INVALID,
    );
    t.fails(
        "DELETE",
        "/api/notifications",
        Some(&guest),
        "",
        405,
        "Method not allowed",
    );
}

#[test]
fn reading_marks_every_notification_read() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let (status, answer) = t.post("/api/notifications/read", &guest, Value::Null);
    assert_eq!((status, answer), (200, json!({"unread": 0})));
    let answer = notifications(&mut t, &guest);
    assert_eq!(answer["unread"], 0);
    assert!(answer["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .all(|n| n["read"] == true));
    // A new one is unread.
    let maya = maya(&mut t);
    t.post("/api/users/unfollow/u-guest", &maya, Value::Null); // maya does not follow: refused
    t.post("/api/users/follow/u-guest", &maya, Value::Null);
    let answer = notifications(&mut t, &guest);
    assert_eq!(
        (&answer["unread"], &answer["notifications"][0]["read"]),
        (&json!(1), &json!(false))
    );
}

#[test]
fn each_user_keeps_their_latest_notifications_only() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    for n in 0..MAX_NOTIFICATIONS {
        // Straight to the core: a few hundred writes, each checked as the
        // first is.
        let body = json!({"postData": {"content": format!("@guest number {n}")}}).to_string();
        let req = crate::Request {
            method: "POST",
            url: "/api/posts",
            authorization: Some(&maya),
            body: &body,
            prefer: Some(crate::RETURN_MINIMAL),
        };
        assert_eq!(t.api.handle(&req, t.now).status, 201);
    }
    let (_, first) = t.call("GET", "/api/notifications?limit=1", Some(&guest), "");
    assert_eq!(
        first["unread"], MAX_NOTIFICATIONS,
        "the seed's five are gone"
    );
    let last = MAX_NOTIFICATIONS + 12;
    assert_eq!(first["notifications"][0]["postId"], format!("p-{last}"));
    let page = MAX_NOTIFICATIONS / 50;
    let (_, oldest) = t.call(
        "GET",
        &format!("/api/notifications?limit=50&page={page}"),
        Some(&guest),
        "",
    );
    assert_eq!(oldest["notifications"][49]["postId"], "p-13");
}

#[test]
fn notifications_are_saved_in_snapshots_and_an_older_snapshot_has_none() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = maya(&mut t);
    t.post("/api/users/unfollow/u-theo", &guest, Value::Null);
    t.post("/api/users/follow/u-priya", &maya, Value::Null); // already: refused
    t.post(
        "/api/comments/add/p-07",
        &maya,
        json!({"commentData": "Again"}),
    );
    let before = notifications(&mut t, &guest);
    let saved = t.api.export_snapshot();
    let mut other = TestApi::new();
    other.api.import_snapshot(&saved).unwrap();
    assert_eq!(notifications(&mut other, &guest), before);
    assert_eq!(other.api.export_snapshot(), saved);
    // The next id follows on.
    other.post(
        "/api/comments/add/p-07",
        &maya,
        json!({"commentData": "More"}),
    );
    assert_eq!(
        notifications(&mut other, &guest)["notifications"][0]["_id"],
        "n-07"
    );

    let mut old: Value = serde_json::from_str(&saved).unwrap();
    let doc = old.as_object_mut().unwrap();
    doc.remove("notifications");
    doc["counters"]
        .as_object_mut()
        .unwrap()
        .remove("notification");
    other.api.import_snapshot(&old.to_string()).unwrap();
    assert_eq!(
        notifications(&mut other, &guest),
        json!({"notifications": [], "unread": 0})
    );
    other.post(
        "/api/posts/like/p-07",
        &t.login("theo_builds", "password123"),
        Value::Null,
    );
    assert_eq!(
        notifications(&mut other, &guest)["notifications"][0]["_id"],
        "n-01"
    );
}

#[test]
fn a_snapshot_whose_notifications_name_what_does_not_exist_is_refused() {
    let t = TestApi::new();
    let saved: Value = serde_json::from_str(&t.api.export_snapshot()).unwrap();
    type Breakage = (fn(&mut Value), &'static str);
    let cases: [Breakage; 5] = [
        (
            |n| n["recipient"] = json!("u-nobody"),
            "names unknown user \"u-nobody\"",
        ),
        (
            |n| n["actor"] = json!("u-ghost"),
            "names unknown user \"u-ghost\"",
        ),
        (
            |n| n["postId"] = json!("p-99"),
            "names unknown post \"p-99\"",
        ),
        (
            |n| n["commentId"] = json!("c-01"),
            "names unknown comment \"c-01\"",
        ),
        (
            |n| n["_id"] = json!("n-01"),
            "notifications lists \"n-01\" twice",
        ),
    ];
    for (break_it, reason) in cases {
        let mut doc = saved.clone();
        break_it(&mut doc["notifications"][4]);
        let mut api = crate::Api::new(1);
        let err = api
            .import_snapshot(&doc.to_string())
            .unwrap_err()
            .to_string();
        assert!(err.contains(reason), "{err} should say {reason}");
    }
}

/// A host's seed is the developer's data as it is: it holds no
/// notifications, and the API's acts after it notify as ever.
#[test]
fn a_hosts_seed_starts_with_no_notifications() {
    let mut t = TestApi::new();
    let seed = json!({
        "users": [
            {"username": "ada", "password": "engine-1843", "firstName": "Ada", "lastName": "Lovelace"},
            {"username": "charles", "password": "engine-1822", "firstName": "Charles", "lastName": "Babbage"}
        ],
        "follows": [["charles", "ada"]],
        "posts": [{"username": "ada", "content": "Notes, @charles", "likedBy": ["charles"],
                   "comments": [{"username": "charles", "text": "Splendid"}]}]
    });
    t.api.import_seed(&seed.to_string(), t.now).unwrap();
    let ada = t.login("ada", "engine-1843");
    let charles = t.login("charles", "engine-1822");
    for token in [&ada, &charles] {
        let none = json!({"notifications": [], "unread": 0});
        assert_eq!(notifications(&mut t, token), none);
    }
    t.post("/api/posts/dislike/p-01", &charles, Value::Null);
    let (status, _) = t.post("/api/posts/like/p-01", &charles, Value::Null);
    assert_eq!(status, 200);
    assert_eq!(summary(&notifications(&mut t, &ada))[0].0, "like");
}
