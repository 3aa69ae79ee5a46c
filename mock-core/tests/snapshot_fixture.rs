//! A state saved by the build before the serde rewrite (issue 12) must
//! still load, unchanged: `fixtures/snapshot-v1.json` was exported by that
//! build after a session of writes (sign-up, posts with media, comments,
//! likes, bookmarks, follows, a profile edit, and URLs the media rule now
//! refuses, which an old state may hold). `WRITE_SNAPSHOT_FIXTURE=1 cargo
//! test --test snapshot_fixture` rewrites it from the current build.

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

/// The session the fixture records.
fn session() -> Api {
    let mut api = Api::new(2026);
    let signup = json!({"firstName": "Fix", "lastName": "Ture", "username": "fixture",
        "password": "pw-1", "avatarURL": "\\\\evil.example/a.png"});
    let created = call(&mut api, "POST", "/api/auth/signup", None, signup);
    let me = created["encodedToken"].as_str().unwrap().to_owned();
    let me = Some(me.as_str());
    let media = call(
        &mut api,
        "POST",
        "/api/media",
        me,
        json!({"type": "image/png", "size": 10}),
    );
    let post = json!({"postData": {"content": "With media é😀", "mediaURL": media["mediaURL"], "hashtags": "#fixture"}});
    call(&mut api, "POST", "/api/posts", me, post);
    let hostile =
        json!({"postData": {"content": "old hostile media", "mediaURL": "javascript:alert(1)"}});
    call(&mut api, "POST", "/api/posts", me, hostile);
    call(&mut api, "POST", "/api/posts/like/p-01", me, Value::Null);
    call(
        &mut api,
        "POST",
        "/api/users/bookmark/p-02",
        me,
        Value::Null,
    );
    call(
        &mut api,
        "POST",
        "/api/users/follow/u-maya",
        me,
        Value::Null,
    );
    call(
        &mut api,
        "POST",
        "/api/comments/add/p-01",
        me,
        json!({"commentData": "a \"quoted\"\nline"}),
    );
    let edit = json!({"userData": {"bio": "tab\there", "website": "https://example.org"}});
    call(&mut api, "POST", "/api/users/edit", me, edit);
    api
}

#[test]
fn a_snapshot_saved_by_the_previous_build_imports_unchanged() {
    if std::env::var_os("WRITE_SNAPSHOT_FIXTURE").is_some() {
        std::fs::write(FIXTURE, session().export_snapshot()).unwrap();
    }
    let saved = std::fs::read_to_string(FIXTURE).unwrap();
    let mut api = Api::new(1);
    api.import_snapshot(&saved).expect("the old snapshot loads");
    assert_eq!(
        api.export_snapshot(),
        saved,
        "and exports byte for byte as it was saved"
    );
    // It is live: the old user signs in and the old hostile URLs are still there.
    let login = call(
        &mut api,
        "POST",
        "/api/auth/login",
        None,
        json!({"username": "fixture", "password": "pw-1"}),
    );
    assert_eq!(login["foundUser"]["avatarURL"], "\\\\evil.example/a.png");
    assert_eq!(login["foundUser"]["following"][0]["_id"], "u-maya");
}
