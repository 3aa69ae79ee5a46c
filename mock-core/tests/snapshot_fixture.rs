//! A state saved by the build before the serde rewrite must
//! still load: `fixtures/snapshot-v1.json` was exported by that
//! build after a session of writes (sign-up, posts with media, comments,
//! likes, bookmarks, follows, a profile edit, and URLs the media rule now
//! refuses, which an old state may hold). Its media and
//! avatar paths are relative, as every build before base-path-absolute URLs saved them;
//! loading moves them under the base path. It is not rewritten.

use mock_core::{Api, Now, Request};
use serde_json::{json, Value};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/snapshot-v1.json"
);

const NOW: Now = Now {
    epoch_ms: 1_795_000_000_000,
    offset_minutes: 60,
};

fn call(api: &mut Api, method: &str, url: &str, token: Option<&str>, body: Value) -> Value {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let res = api.handle(
        &Request {
            method,
            url,
            authorization: token,
            body: &body,
            prefer: None,
        },
        NOW,
    );
    assert!(
        res.status < 300,
        "{method} {url}: {} {}",
        res.status,
        res.body
    );
    serde_json::from_str(&res.body).unwrap()
}

/// The fixture as the current build exports it: every relative media and
/// avatar path the media rule accepts moved under `base`; the refused ones
/// (`\\\\evil.example/a.png`, `javascript:alert(1)`) as they were; and the
/// revision (0: it was saved before revisions were recorded), no
/// notifications (and their counter at 0) and the base they are under
/// recorded at the end.
fn migrated(saved: &str, base: &str) -> String {
    let recorded = format!(",\"revision\":0,\"notifications\":[],\"basePath\":\"{base}\"}}");
    saved
        .trim_end()
        .strip_suffix('}')
        .map(|doc| format!("{doc}{recorded}"))
        .unwrap()
        .replace(
            "\"avatarURL\":\"avatars/",
            &format!("\"avatarURL\":\"{base}avatars/"),
        )
        .replace(
            "\"mediaURL\":\"seed/",
            &format!("\"mediaURL\":\"{base}seed/"),
        )
        .replace(
            "\"mediaURL\":\"media/",
            &format!("\"mediaURL\":\"{base}media/"),
        )
        .replace("\"media\":1}", "\"media\":1,\"notification\":0}")
}

#[test]
fn a_snapshot_saved_by_the_previous_build_imports_with_absolute_paths() {
    // The fixture is frozen: it holds the relative paths of the builds
    // before base-path-absolute URLs (`avatars/seed-1.svg`, `media/m-01`).
    let saved = std::fs::read_to_string(FIXTURE).unwrap();
    assert!(saved.contains("\"avatarURL\":\"avatars/seed-1.svg\""));
    for base in ["/", "/murmur/"] {
        let mut api = Api::with_base_path(1, base).unwrap();
        api.import_snapshot(&saved).expect("the old snapshot loads");
        let exported = api.export_snapshot();
        assert_eq!(exported, migrated(&saved, base), "everything else as saved");
        // It is live: the old user signs in, the old hostile URLs are still there.
        let login = call(
            &mut api,
            "POST",
            "/api/auth/login",
            None,
            json!({"username": "fixture", "password": "pw-1"}),
        );
        assert_eq!(login["foundUser"]["avatarURL"], "\\\\evil.example/a.png");
        assert_eq!(login["foundUser"]["following"][0]["_id"], "u-maya");
        let post = call(&mut api, "GET", "/api/posts/p-13", None, Value::Null);
        assert_eq!(post["post"]["mediaURL"], format!("{base}media/m-01"));
        let post = call(&mut api, "GET", "/api/posts/p-14", None, Value::Null);
        assert_eq!(post["post"]["mediaURL"], "javascript:alert(1)");
        // A second import of the migrated state changes nothing more.
        api.import_snapshot(&exported).unwrap();
        assert_eq!(api.export_snapshot(), exported);
    }
}

/// `id event` of each event a reader with `token` reads after `after`.
fn events_after(api: &Api, token: Option<&str>, after: &str) -> Vec<String> {
    let res = api.events(token, Some(after));
    assert_eq!(res.status, 200, "{}", res.body);
    let body: Value = serde_json::from_str(&res.body).unwrap();
    let events = body["events"].as_array().unwrap();
    events
        .iter()
        .map(|e| format!("{} {}", e["id"], e["event"].as_str().unwrap()))
        .collect()
}

#[test]
fn a_snapshot_saved_before_notifications_loads_with_none_at_revision_0_and_then_notifies() {
    let saved = std::fs::read_to_string(FIXTURE).unwrap();
    let mut api = Api::with_base_path(1, "/").unwrap();
    api.import_snapshot(&saved).unwrap();
    assert_eq!(api.revision(), 0);
    let fixture = login(&mut api, "fixture", "pw-1");
    let empty = call(
        &mut api,
        "GET",
        "/api/notifications",
        Some(&fixture),
        Value::Null,
    );
    assert_eq!(empty, json!({"notifications": [], "unread": 0}));
    // The fixture's user wrote p-13; the guest likes it.
    let guest = login(&mut api, "guest", "guest123");
    call(
        &mut api,
        "POST",
        "/api/posts/like/p-13",
        Some(&guest),
        Value::Null,
    );
    assert_eq!(api.revision(), 1);
    let list = call(
        &mut api,
        "GET",
        "/api/notifications",
        Some(&fixture),
        Value::Null,
    );
    assert_eq!(list["notifications"][0]["_id"], "n-01");
    assert_eq!(list["unread"], 1);
    assert_eq!(
        events_after(&api, Some(&fixture), "0"),
        ["1 post.changed", "1 notification"]
    );
}

fn login(api: &mut Api, username: &str, password: &str) -> String {
    let body = json!({"username": username, "password": password});
    let answer = call(api, "POST", "/api/auth/login", None, body);
    answer["encodedToken"].as_str().unwrap().to_owned()
}

/// A state saved by the build that added notifications and revisions
/// (`fixtures/snapshot-v1-notifications.json`: from the seed, Maya's
/// comment on the guest's post mentioning Priya, the guest reading their
/// notifications, Theo following the guest and liking that post). Frozen:
/// later builds must load it as it is.
const NOTIFIED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/snapshot-v1-notifications.json"
);

#[test]
fn a_snapshot_with_notifications_and_a_revision_loads_as_it_was_saved() {
    let saved = std::fs::read_to_string(NOTIFIED).unwrap();
    let mut api = Api::with_base_path(1, "/").unwrap();
    api.import_snapshot(&saved).unwrap();
    assert_eq!(api.export_snapshot(), saved.trim_end());
    assert_eq!(api.revision(), 4);
    let guest = login(&mut api, "guest", "guest123");
    let list = call(
        &mut api,
        "GET",
        "/api/notifications?limit=3",
        Some(&guest),
        Value::Null,
    );
    assert_eq!(list["unread"], 2);
    let newest: Vec<(&str, &str, bool)> = list["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["type"].as_str().unwrap(),
                n["actor"]["username"].as_str().unwrap(),
                n["read"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        newest,
        [
            ("like", "theo_builds", false),
            ("follow", "theo_builds", false),
            ("comment", "maya_lind", true)
        ]
    );
    let priya = login(&mut api, "priya_cooks", "password123");
    let hers = call(
        &mut api,
        "GET",
        "/api/notifications",
        Some(&priya),
        Value::Null,
    );
    assert_eq!(hers["notifications"][0]["type"], "mention");
    // Live from its revision: nothing missed at 4, read afresh before it.
    assert!(events_after(&api, Some(&guest), "4").is_empty());
    assert_eq!(events_after(&api, None, "3"), ["4 resync"]);
    let maya = login(&mut api, "maya_lind", "password123");
    call(
        &mut api,
        "POST",
        "/api/users/follow/u-guest",
        Some(&maya),
        Value::Null,
    );
    let list = call(
        &mut api,
        "GET",
        "/api/notifications?limit=1",
        Some(&guest),
        Value::Null,
    );
    assert_eq!(list["notifications"][0]["_id"], "n-10");
    assert_eq!(events_after(&api, Some(&guest), "4").len(), 3);
}
