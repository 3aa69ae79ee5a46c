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
/// revision (0: it was saved before revisions were recorded) and the base
/// they are under recorded at the end.
fn migrated(saved: &str, base: &str) -> String {
    let recorded = format!(",\"revision\":0,\"basePath\":\"{base}\"}}");
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
