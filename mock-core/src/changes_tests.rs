//! What a response says the request did: `changed`, `media_id` and the
//! revision (docs/rules.md, "Revisions and events"). `TestApi` also checks,
//! on every request of every test, that `changed` is exactly whether the
//! state changed.

use crate::router::{route_for, routes, Method};
use crate::testing::{TestApi, NOW};
use crate::{Api, Request, Response};
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn send(t: &mut TestApi, method: &str, url: &str, token: Option<&str>, body: Value) -> Response {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    t.respond(method, url, token, &body, None)
}

/// The route `method url` reaches, as `(method, pattern)`.
fn route_of(method: &str, url: &str) -> (&'static str, &'static str) {
    let route = route_for(method, url).unwrap_or_else(|| panic!("no route for {method} {url}"));
    (route.method.as_str(), route.pattern)
}

#[test]
fn every_write_that_succeeds_changes_the_state_and_every_read_does_not() {
    let mut t = TestApi::new();
    let token = t.guest();
    let me = Some(token.as_str());
    let writes: [(&str, &str, Value); 21] = [
        (
            "POST",
            "/api/posts",
            json!({"postData": {"content": "New"}}),
        ),
        (
            "POST",
            "/api/posts/edit/p-13",
            json!({"postData": {"content": "Edited"}}),
        ),
        ("POST", "/api/posts/like/p-01", Value::Null),
        ("POST", "/api/posts/dislike/p-01", Value::Null),
        (
            "POST",
            "/api/comments/add/p-13",
            json!({"commentData": "Hi"}),
        ),
        (
            "POST",
            "/api/comments/edit/p-13/c-15",
            json!({"commentData": "Hello"}),
        ),
        ("POST", "/api/comments/upvote/p-13/c-15", Value::Null),
        ("POST", "/api/comments/downvote/p-13/c-15", Value::Null),
        ("POST", "/api/comments/delete/p-13/c-15", Value::Null),
        (
            "POST",
            "/api/comments/add/p-13",
            json!({"commentData": "Again"}),
        ),
        ("DELETE", "/api/comments/delete/p-13/c-16", Value::Null),
        ("POST", "/api/users/bookmark/p-01", Value::Null),
        ("POST", "/api/users/remove-bookmark/p-01", Value::Null),
        ("POST", "/api/users/follow/u-priya", Value::Null),
        ("POST", "/api/users/unfollow/u-priya", Value::Null),
        (
            "POST",
            "/api/users/edit",
            json!({"userData": {"bio": "New bio"}}),
        ),
        (
            "POST",
            "/api/media",
            json!({"type": "image/png", "size": 10}),
        ),
        ("POST", "/api/notifications/read", Value::Null),
        ("DELETE", "/api/posts/p-13", Value::Null),
        (
            "POST",
            "/api/auth/signup",
            json!({"firstName": "A", "lastName": "B", "username": "newbie", "password": "password1"}),
        ),
        (
            "POST",
            "/api/auth/login",
            json!({"username": "newbie", "password": "password1"}),
        ),
    ];
    let mut covered = BTreeSet::new();
    for (method, url, body) in writes {
        let before = t.api.revision();
        let res = send(&mut t, method, url, me, body);
        assert!(res.status < 300, "{method} {url}: {}", res.body);
        let signs_in = url == "/api/auth/login";
        assert_eq!(res.changed, !signs_in, "{method} {url}");
        assert_eq!(
            res.revision,
            before + u64::from(!signs_in),
            "{method} {url}"
        );
        covered.insert(route_of(method, url));
    }
    let reads = [
        "/api/posts",
        "/api/posts/p-01",
        "/api/posts/user/guest",
        "/api/users",
        "/api/users/u-maya",
        "/api/users/profile/guest",
        "/api/users/bookmark",
        "/api/users/suggestions",
        "/api/comments/p-01",
        "/api/posts/feed",
        "/api/posts/explore",
        "/api/posts/bookmarks",
        "/api/posts/tag/travel",
        "/api/posts/search?q=coffee",
        "/api/search?q=maya",
        "/api/posts/author/maya_lind",
        "/api/notifications",
    ];
    for url in reads {
        let before = t.api.revision();
        let res = send(&mut t, "GET", url, me, Value::Null);
        assert_eq!(res.status, 200, "GET {url}: {}", res.body);
        assert!(!res.changed, "GET {url}");
        assert_eq!((res.revision, res.media_id), (before, None), "GET {url}");
        covered.insert(route_of("GET", url));
    }
    let every: BTreeSet<_> = routes().map(|r| (r.method.as_str(), r.pattern)).collect();
    let missing: Vec<_> = every.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "routes this test does not call: {missing:?}"
    );
}

#[test]
fn a_refused_write_changes_nothing() {
    let mut t = TestApi::new();
    let token = t.guest();
    let writes = routes().filter(|r| r.method != Method::Get);
    for route in writes {
        let url = route
            .pattern
            .replace("{postId}", "p-01")
            .replace("{commentId}", "c-01")
            .replace("{followUserId}", "u-maya");
        // Refused for the token, for the body, or for a rule.
        for (auth, body) in [(Some("forged"), "{}"), (Some(token.as_str()), "[")] {
            let before = t.api.revision();
            let res = t.respond(route.method.as_str(), &url, auth, body, None);
            if res.status < 300 {
                continue; // a write that reads no body (a like) is not refused for one
            }
            assert!(!res.changed, "{url}: {}", res.body);
            assert_eq!((res.revision, res.media_id), (before, None), "{url}");
        }
    }
    // Refused by a rule, on the seed.
    let mut t = TestApi::new();
    let token = t.guest();
    let refused = [
        ("POST", "/api/users/follow/u-maya", 400),
        ("POST", "/api/users/follow/u-guest", 404),
        ("POST", "/api/users/bookmark/p-06", 400),
        ("POST", "/api/posts/dislike/p-01", 400),
        ("POST", "/api/posts/edit/p-01", 400),
        ("DELETE", "/api/posts/p-01", 400),
        ("POST", "/api/comments/delete/p-01/c-01", 400),
        ("POST", "/api/posts/like/p-99", 404),
    ];
    let revision = t.api.revision();
    for (method, url, status) in refused {
        let body = if url.contains("edit") {
            r#"{"postData":{"content":"x"}}"#
        } else {
            ""
        };
        let res = t.respond(method, url, Some(&token), body, None);
        assert_eq!(res.status, status, "{method} {url}: {}", res.body);
        assert!(!res.changed, "{method} {url}");
        assert_eq!(res.revision, revision);
    }
    let res = t.respond(
        "POST",
        "/api/auth/login",
        None,
        r#"{"username":"guest","password":"wrong"}"#,
        None,
    );
    assert_eq!((res.status, res.changed), (401, false));
    // Marking read what is already read changes nothing.
    let first = t.respond("POST", "/api/notifications/read", Some(&token), "", None);
    let again = t.respond("POST", "/api/notifications/read", Some(&token), "", None);
    assert_eq!((first.changed, again.changed), (true, false));
    assert_eq!(
        (again.status, again.body.as_str()),
        (200, r#"{"unread":0}"#)
    );
}

#[test]
fn a_write_that_sends_back_what_the_state_holds_at_the_same_instant_changes_nothing() {
    let mut t = TestApi::new();
    let token = t.guest();
    let me = Some(token.as_str());
    let post = json!({"postData": {"content": "Same", "hashtags": "#same"}});
    let comment = json!({"commentData": "Same"});
    let profile = json!({"userData": {"bio": "Same", "firstName": "Guest"}});
    send(&mut t, "POST", "/api/posts", me, post.clone());
    send(
        &mut t,
        "POST",
        "/api/comments/add/p-13",
        me,
        comment.clone(),
    );
    for (url, body) in [
        ("/api/posts/edit/p-13", post),
        ("/api/comments/edit/p-13/c-15", comment),
        ("/api/users/edit", profile),
    ] {
        let first = send(&mut t, "POST", url, me, body.clone());
        let again = send(&mut t, "POST", url, me, body);
        assert_eq!((first.status, again.status), (201, 201), "{url}");
        assert!(!again.changed, "{url}");
        assert_eq!(again.revision, first.revision, "{url}");
        assert_eq!(again.body, first.body, "{url}: the same answer");
    }
    // A moment later, `updatedAt` moves: a change.
    t.now.epoch_ms += 1;
    let res = send(
        &mut t,
        "POST",
        "/api/posts/edit/p-13",
        me,
        json!({"postData": {"content": "Same"}}),
    );
    assert!(res.changed);
}

#[test]
fn an_upload_names_the_media_id_it_registered() {
    let mut t = TestApi::new();
    let token = t.guest();
    let me = Some(token.as_str());
    let uploads = [
        ("image/webp", Some("m-01")),
        ("image/png", Some("m-02")),
        ("text/plain", None),
    ];
    for (mime, expected) in uploads {
        let upload = json!({"type": mime, "size": 100});
        let res = send(&mut t, "POST", "/api/media", me, upload);
        assert_eq!(res.media_id.as_deref(), expected);
        let body: Value = serde_json::from_str(&res.body).unwrap();
        match expected {
            Some(id) => assert_eq!(body["mediaURL"], format!("/media/{id}")),
            None => assert_eq!(res.status, 400, "refused: {}", res.body),
        }
    }
    let post = send(
        &mut t,
        "POST",
        "/api/posts",
        me,
        json!({"postData": {"content": "With media", "mediaURL": "/media/m-02"}}),
    );
    assert_eq!(
        (post.status, post.media_id),
        (201, None),
        "only an upload names one"
    );
}

fn handle(api: &mut Api, method: &str, url: &str, token: Option<&str>, body: &str) -> Response {
    let req = Request {
        method,
        url,
        authorization: token,
        body,
        prefer: None,
    };
    api.handle(&req, NOW)
}

fn like(api: &mut Api, post: &str) -> Response {
    let login = handle(
        api,
        "POST",
        "/api/auth/login",
        None,
        r#"{"username":"guest","password":"guest123"}"#,
    );
    let token: Value = serde_json::from_str(&login.body).unwrap();
    let token = token["encodedToken"].as_str().unwrap().to_owned();
    handle(
        api,
        "POST",
        &format!("/api/posts/like/{post}"),
        Some(&token),
        "",
    )
}

#[test]
fn the_revision_counts_committed_changes_and_is_saved_with_the_state() {
    let mut api = Api::new(1);
    assert_eq!(api.revision(), 0, "the seed");
    assert_eq!(like(&mut api, "p-01").revision, 1);
    assert_eq!(like(&mut api, "p-03").revision, 2);
    assert_eq!(like(&mut api, "p-03").status, 400);
    assert_eq!(api.revision(), 2);

    // Saved in the snapshot, and restored exactly: export, import and
    // export give the same text, and replaying over it gives the same
    // revisions.
    let saved = api.export_snapshot();
    let doc: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(doc["revision"], 2);
    let mut elsewhere = Api::new(9);
    elsewhere.import_snapshot(&saved).unwrap();
    assert_eq!(elsewhere.revision(), 2);
    assert_eq!(elsewhere.export_snapshot(), saved);
    assert_eq!(like(&mut elsewhere, "p-04").revision, 3);
    assert_eq!(like(&mut api, "p-04").revision, 3);
    elsewhere.import_snapshot(&saved).unwrap();
    assert_eq!(elsewhere.revision(), 2);

    // A snapshot saved before revisions were recorded loads at 0.
    let mut old = doc.clone();
    old.as_object_mut().unwrap().remove("revision");
    elsewhere.import_snapshot(&old.to_string()).unwrap();
    assert_eq!(elsewhere.revision(), 0);

    // A new state (the seed, a host's seed, generated data) never reuses a
    // revision this one has had.
    api.reset();
    assert_eq!(api.revision(), 4);
    api.load_bulk(3, 3);
    assert_eq!(api.revision(), 5);
    let seed = json!({"users": [{"username": "ada", "password": "engine-1843",
                                 "firstName": "Ada", "lastName": "Lovelace"}]});
    api.import_seed(&seed.to_string(), NOW).unwrap();
    assert_eq!(api.revision(), 6);
    assert!(api.import_seed("{}", NOW).is_err());
    assert_eq!(api.revision(), 6, "a refused seed changes nothing");
    assert!(api.import_snapshot("{}").is_err());
    assert_eq!(api.revision(), 6, "a refused snapshot changes nothing");
    let res = handle(&mut api, "GET", "/api/users", None, "");
    assert_eq!((res.revision, res.changed), (6, false));
}
