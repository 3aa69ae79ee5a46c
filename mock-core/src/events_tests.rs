use super::{Event, EventWindow, Read, MAX_KEPT_EVENTS, MAX_KEPT_EVENT_BYTES};
use crate::testing::{TestApi, TOKEN_INVALID};
use crate::{Api, Request};
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn kinds(answer: &Value) -> Vec<(u64, String)> {
    TestApi::kinds(answer)
}

fn after(revision: u64) -> String {
    revision.to_string()
}

#[test]
fn a_like_tells_everyone_of_the_post_and_only_its_author_of_the_notification() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = t.login("maya_lind", "password123");
    let theo = t.login("theo_builds", "password123");
    let before = t.api.revision();
    t.post("/api/posts/like/p-07", &theo, Value::Null);
    let revision = before + 1;
    let since = after(before);
    let (status, for_guest) = t.events(Some(&guest), Some(&since));
    assert_eq!(status, 200);
    assert_eq!(for_guest["revision"], revision);
    assert_eq!(
        kinds(&for_guest),
        [
            (revision, "post.changed".into()),
            (revision, "notification".into())
        ],
        "one change, one revision"
    );
    let post = &for_guest["events"][0]["data"]["post"];
    assert_eq!(
        (&post["_id"], &post["likes"]["likeCount"]),
        (&json!("p-07"), &json!(3))
    );
    let note = &for_guest["events"][1]["data"];
    assert_eq!(note["notification"]["type"], "like");
    assert_eq!(note["notification"]["actor"]["username"], "theo_builds");
    assert_eq!(note["unread"], 6);
    for other in [Some(maya.as_str()), None] {
        let (_, seen) = t.events(other, Some(&since));
        assert_eq!(kinds(&seen), [(revision, "post.changed".into())]);
    }
    // Bearer works as on every token route.
    let (_, bearer) = t.events(Some(&format!("Bearer {guest}")), Some(&since));
    assert_eq!(bearer, for_guest);
}

/// A request (method, path, token, body) and the kinds of the events the
/// guest reads after it.
type Step<'a> = (&'a str, &'a str, Option<&'a str>, Value, Vec<&'a str>);

#[test]
fn every_kind_of_change_yields_its_events() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = t.login("maya_lind", "password123");
    let start = after(t.api.revision());
    let signup = json!({"firstName": "New", "lastName": "User", "username": "newbie", "password": "password1"});
    let steps: Vec<Step<'_>> = vec![
        (
            "POST",
            "/api/auth/signup",
            None,
            signup,
            vec!["user.created"],
        ),
        (
            "POST",
            "/api/posts",
            Some(&maya),
            json!({"postData": {"content": "Hi @guest"}}),
            vec!["post.created", "notification"],
        ),
        (
            "POST",
            "/api/posts/edit/p-13",
            Some(&maya),
            json!({"postData": {"content": "Hello"}}),
            vec!["post.changed"],
        ),
        (
            "POST",
            "/api/comments/add/p-07",
            Some(&maya),
            json!({"commentData": "Again"}),
            vec!["post.changed", "notification"],
        ),
        (
            "POST",
            "/api/users/follow/u-guest",
            Some(&maya),
            Value::Null,
            vec!["user.changed", "user.changed", "notification"],
        ),
        (
            "POST",
            "/api/users/edit",
            Some(&guest),
            json!({"userData": {"bio": "Live"}}),
            vec!["user.changed"],
        ),
        (
            "POST",
            "/api/users/bookmark/p-13",
            Some(&guest),
            Value::Null,
            vec!["user.changed"],
        ),
        (
            "DELETE",
            "/api/posts/p-13",
            Some(&maya),
            Value::Null,
            vec!["user.changed", "post.deleted", "notification.deleted"],
        ),
        (
            "POST",
            "/api/notifications/read",
            Some(&guest),
            Value::Null,
            vec!["notifications.read"],
        ),
        (
            "POST",
            "/api/media",
            Some(&guest),
            json!({"type": "image/png", "size": 5}),
            vec![],
        ),
    ];
    let mut seen = BTreeSet::new();
    for (method, url, token, body, expected) in steps {
        let revision = t.api.revision();
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let (status, answer) = t.call(method, url, token, &body);
        assert!(status < 300, "{method} {url}: {answer}");
        let (_, read) = t.events(Some(&guest), Some(&after(revision)));
        let got: Vec<String> = kinds(&read)
            .into_iter()
            .map(|(id, kind)| {
                assert_eq!(id, revision + 1, "{url}");
                kind
            })
            .collect();
        assert_eq!(got, expected, "{method} {url}: {read}");
        seen.extend(got);
    }
    // Resumed from the start, the guest reads them all in order.
    let (_, all) = t.events(Some(&guest), Some(&start));
    let ids: Vec<u64> = kinds(&all).into_iter().map(|(id, _)| id).collect();
    assert!(ids.windows(2).all(|w| w[0] <= w[1]), "{ids:?}");
    let (_, resync) = t.events(None, Some("nope"));
    seen.extend(kinds(&resync).into_iter().map(|(_, kind)| kind));
    let every = [
        "post.created",
        "post.changed",
        "post.deleted",
        "user.created",
        "user.changed",
        "notification",
        "notification.deleted",
        "notifications.read",
        "resync",
    ];
    assert_eq!(
        seen,
        every
            .into_iter()
            .map(str::to_owned)
            .collect::<BTreeSet<_>>()
    );
}

#[test]
fn bookmarks_and_notifications_go_to_their_user_only() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = t.login("maya_lind", "password123");
    let since = after(t.api.revision());
    t.post("/api/users/bookmark/p-01", &guest, Value::Null);
    t.post("/api/users/follow/u-guest", &maya, Value::Null);
    let (_, mine) = t.events(Some(&guest), Some(&since));
    let (_, hers) = t.events(Some(&maya), Some(&since));
    let (_, anyone) = t.events(None, Some(&since));
    assert_eq!(
        kinds(&mine),
        [
            (1, "user.changed".into()),
            (2, "user.changed".into()),
            (2, "user.changed".into()),
            (2, "notification".into())
        ]
    );
    assert_eq!(kinds(&hers), kinds(&mine)[1..3]);
    assert_eq!(kinds(&anyone), kinds(&hers));
    assert_eq!(mine["events"][0]["data"]["user"]["bookmarks"][2], "p-01");
}

#[test]
fn a_bad_token_is_refused_as_on_every_token_route() {
    let mut t = TestApi::new();
    for bad in ["", "Bearer x", "abc.def.ghi"] {
        let (status, answer) = t.events(Some(bad), Some("0"));
        assert_eq!((status, &answer["errors"][0]), (401, &json!(TOKEN_INVALID)));
    }
    let body =
        json!({"firstName": "A", "lastName": "B", "username": "gone", "password": "password1"});
    let (_, made) = t.call("POST", "/api/auth/signup", None, &body.to_string());
    let orphan = made["encodedToken"].as_str().unwrap().to_owned();
    t.api.reset();
    let (status, answer) = t.events(Some(&orphan), None);
    assert_eq!(
        (status, &answer["errors"][0]),
        (
            404,
            &json!("The username you entered is not Registered. Not Found error")
        )
    );
}

#[test]
fn a_reader_starts_from_the_revision_and_resumes_after_any_kept_one() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let (_, start) = t.events(Some(&guest), None);
    assert_eq!(
        start,
        json!({"revision": 0, "events": []}),
        "no `after`: where to start"
    );
    let (_, nothing) = t.events(Some(&guest), Some("0"));
    assert_eq!(nothing, json!({"revision": 0, "events": []}));
    t.post("/api/posts/like/p-01", &guest, Value::Null);
    t.post("/api/posts/like/p-03", &guest, Value::Null);
    let (_, both) = t.events(None, Some("0"));
    assert_eq!(
        kinds(&both),
        [(1, "post.changed".into()), (2, "post.changed".into())]
    );
    let (_, last) = t.events(None, Some(" 1 "));
    assert_eq!(kinds(&last), [(2, "post.changed".into())]);
    // A revision this state has not reached, or no revision at all: read afresh.
    for odd in ["3", "-1", "x", "", "1.5", "99999999999999999999999"] {
        let (status, answer) = t.events(None, Some(odd));
        assert_eq!(status, 200);
        assert_eq!(
            answer,
            json!({"revision": 2, "events": [{"id": 2, "event": "resync", "data": {"revision": 2}}]}),
            "{odd:?}"
        );
    }
    // Reads and refused writes make no events.
    t.get("/api/posts");
    t.post("/api/posts/like/p-01", &guest, Value::Null);
    let (_, still) = t.events(None, Some("2"));
    assert_eq!(still, json!({"revision": 2, "events": []}));
}

/// `times` changes that each make one event: the guest likes or unlikes
/// their own post (which notifies nobody).
fn like_and_unlike(api: &mut Api, token: &str, times: usize) {
    for _ in 0..times {
        let answered = ["/api/posts/like/p-07", "/api/posts/dislike/p-07"]
            .into_iter()
            .map(|url| {
                let prefer = Some(crate::RETURN_MINIMAL);
                let req = Request {
                    method: "POST",
                    url,
                    authorization: Some(token),
                    body: "",
                    prefer,
                };
                api.handle(&req, crate::testing::NOW).status
            })
            .find(|status| *status == 200);
        assert_eq!(answered, Some(200));
    }
}

#[test]
fn the_window_keeps_the_latest_events_whole_and_older_readers_resync() {
    let mut t = TestApi::new();
    let guest = t.guest();
    // Each like or unlike of a post that is not the reader's: one event.
    like_and_unlike(&mut t.api, &guest, MAX_KEPT_EVENTS + 10);
    let revision = t.api.revision();
    let oldest_kept = revision - MAX_KEPT_EVENTS as u64;
    let (_, all) = t.events(None, Some(&after(oldest_kept)));
    assert_eq!(kinds(&all).len(), MAX_KEPT_EVENTS);
    let (_, gone) = t.events(None, Some(&after(oldest_kept - 1)));
    assert_eq!(kinds(&gone), [(revision, "resync".into())]);
    // A change's events go together: never half of one.
    let theo = t.login("theo_builds", "password123");
    t.post("/api/posts/like/p-07", &theo, Value::Null);
    let (_, now) = t.events(Some(&guest), Some(&after(revision)));
    assert_eq!(kinds(&now).len(), 2);
    let (_, kept) = t.events(Some(&guest), Some(&after(revision - 200)));
    let ids: Vec<u64> = kinds(&kept).iter().map(|(id, _)| *id).collect();
    assert_eq!(ids.first(), Some(&(revision - 199)));
    assert_eq!(ids.last(), Some(&(revision + 1)));
}

#[test]
fn the_window_keeps_at_most_its_bytes_of_events_and_older_readers_resync() {
    let mut t = TestApi::new();
    let guest = t.guest();
    // Each comment on the guest's own post: one event, carrying every
    // comment so far; far fewer than MAX_KEPT_EVENTS of them overflow the bytes.
    let start = t.api.revision();
    let text = "w".repeat(280);
    let mut writes = 0;
    let mut made = 0;
    while made <= 2 * MAX_KEPT_EVENT_BYTES {
        let body = json!({"commentData": {"text": text}}).to_string();
        let req = Request {
            method: "POST",
            url: "/api/comments/add/p-07",
            authorization: Some(&guest),
            body: &body,
            prefer: Some(crate::RETURN_MINIMAL),
        };
        assert_eq!(t.api.handle(&req, crate::testing::NOW).status, 201);
        writes += 1;
        let (_, last) = t.events(None, Some(&after(t.api.revision() - 1)));
        made += last["events"][0]["data"].to_string().len();
    }
    assert!(writes < MAX_KEPT_EVENTS, "{writes} writes");
    let revision = t.api.revision();
    let (_, gone) = t.events(None, Some(&after(start)));
    assert_eq!(kinds(&gone), [(revision, "resync".into())]);
    // What is kept: the latest changes, whole and gapless, within the bound.
    let (_, latest) = t.events(None, Some(&after(revision - 3)));
    assert_eq!(kinds(&latest).len(), 3);
    let resyncs = |r: &u64| kinds(&t.events(None, Some(&after(*r))).1)[0].1 == "resync";
    let revisions: Vec<u64> = (start..revision).collect();
    let oldest_kept = start + revisions.partition_point(resyncs) as u64;
    let (_, kept) = t.events(None, Some(&after(oldest_kept)));
    let kept = kept["events"].as_array().cloned().unwrap_or_default();
    assert_eq!(kept.len() as u64, revision - oldest_kept);
    let bytes: usize = kept.iter().map(|e| e["data"].to_string().len()).sum();
    assert!(bytes <= MAX_KEPT_EVENT_BYTES, "{bytes} bytes kept");
    assert!(bytes > MAX_KEPT_EVENT_BYTES / 2, "only {bytes} bytes kept");
}

#[test]
fn the_latest_change_is_kept_whole_however_large() {
    let event = |revision: u64, bytes: usize| Event {
        revision,
        kind: "post.changed",
        audience: None,
        data: "x".repeat(bytes),
    };
    let mut window = EventWindow::default();
    window.record(vec![event(1, 10)], 1);
    let huge = MAX_KEPT_EVENT_BYTES / 2 + 1;
    window.record(vec![event(2, huge), event(2, huge)], 2);
    let kept = |window: &EventWindow, after: &str| match window.read(None, after, 2) {
        Read::Resync => None,
        Read::Events(events) => Some(events.iter().map(|e| e.revision).collect::<Vec<_>>()),
    };
    assert_eq!(kept(&window, "1"), Some(vec![2, 2]));
    assert_eq!(kept(&window, "0"), None, "the change before it is gone");
}

#[test]
fn a_replaced_state_never_lets_an_old_reader_resume() {
    let mut t = TestApi::new();
    let guest = t.guest();
    like_and_unlike(&mut t.api, &guest, 3);
    let backup = t.api.export_snapshot();
    like_and_unlike(&mut t.api, &guest, 2);
    assert_eq!(t.api.revision(), 5);

    // A reset: one revision on, and every earlier reader reads afresh.
    t.api.reset();
    assert_eq!(t.api.revision(), 6);
    for old in 0..=5 {
        let (_, read) = t.events(None, Some(&after(old)));
        assert_eq!(kinds(&read), [(6, "resync".into())], "after {old}");
    }
    let (_, fresh) = t.events(None, Some("6"));
    assert_eq!(kinds(&fresh), []);

    // A backup restored over later changes goes back to its revision (3):
    // readers of what came after read afresh, until the revision passes
    // every one this state had (6), even new readers at 3 (they read
    // afresh once more: never a gap).
    t.api.import_snapshot(&backup).unwrap();
    assert_eq!(t.api.revision(), 3);
    for old in 0..=6 {
        let (_, read) = t.events(None, Some(&after(old)));
        assert_eq!(kinds(&read), [(3, "resync".into())], "after {old}");
    }
    like_and_unlike(&mut t.api, &guest, 4);
    let (_, read) = t.events(None, Some("6"));
    assert_eq!(kinds(&read), [(7, "resync".into())]);
    let (_, read) = t.events(None, Some("7"));
    assert_eq!(kinds(&read), []);
    like_and_unlike(&mut t.api, &guest, 1);
    let (_, read) = t.events(None, Some("7"));
    assert_eq!(kinds(&read), [(8, "post.changed".into())]);

    // A host's seed and generated data are new states too.
    t.api.load_bulk(3, 3);
    let (_, read) = t.events(None, Some("8"));
    assert_eq!(kinds(&read), [(9, "resync".into())]);
}

#[test]
fn replaying_the_same_requests_over_a_snapshot_gives_the_same_revisions_and_events() {
    let mut first = Api::new(5);
    let token = {
        let mut t = TestApi {
            api: first.clone(),
            ..TestApi::new()
        };
        t.guest()
    };
    like_and_unlike(&mut first, &token, 1);
    let saved = first.export_snapshot();
    let requests = [
        (
            "POST",
            "/api/posts",
            r#"{"postData":{"content":"@maya_lind hello"}}"#,
        ),
        (
            "POST",
            "/api/comments/add/p-13",
            r#"{"commentData":"First"}"#,
        ),
        ("POST", "/api/users/follow/u-priya", ""),
        ("POST", "/api/posts/like/p-02", ""),
    ];
    let replay = |api: &mut Api| {
        for (method, url, body) in requests {
            let req = Request {
                method,
                url,
                authorization: Some(&token),
                body,
                prefer: None,
            };
            api.handle(&req, crate::testing::NOW);
        }
        let read = api.events(Some(&token), Some("1"));
        (api.revision(), read.body, api.export_snapshot())
    };
    let original = replay(&mut first);
    let mut elsewhere = Api::new(99);
    elsewhere.import_snapshot(&saved).unwrap();
    assert_eq!(replay(&mut elsewhere), original);
    assert_eq!(original.0, 4, "three changes; the like of p-02 was refused");
}
