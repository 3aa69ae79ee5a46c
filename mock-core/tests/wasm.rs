//! The JavaScript facade in a real browser: `wasm-pack test --headless
//! --chrome --mode no-install` (from mock-core/).
#![cfg(target_arch = "wasm32")]

use mock_core::MockCore;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const NOW: f64 = 1_790_000_000_000.0;

fn login(core: &mut MockCore) -> String {
    let body = r#"{"username":"guest","password":"guest123"}"#;
    let res = core.handle("POST", "/api/auth/login", None, body, NOW, 120);
    assert_eq!(res.status(), 200, "{}", res.body());
    let json: serde_json::Value = serde_json::from_str(&res.body()).unwrap();
    json["encodedToken"].as_str().unwrap().to_owned()
}

#[wasm_bindgen_test]
fn handles_a_login_and_a_token_route() {
    let mut core = MockCore::new(12345.0);
    let token = login(&mut core);
    let res = core.handle(
        "GET",
        "http://127.0.0.1:5173/api/users/bookmark/",
        Some(format!("Bearer {token}")),
        "",
        NOW,
        120,
    );
    assert_eq!(
        (res.status(), res.body()),
        (200, r#"{"bookmarks":["p-06","p-11"]}"#.to_owned())
    );
    let res = core.handle("GET", "/api/users/bookmark", None, "", NOW, 120);
    assert_eq!(res.status(), 401);
}

#[wasm_bindgen_test]
fn take_body_moves_the_same_json_out_as_bytes_once() {
    let mut core = MockCore::new(4.0);
    let mut res = core.handle("GET", "/api/posts/p-01", None, "", NOW, 0);
    let text = res.body();
    assert!(text.starts_with(r#"{"post":{"_id":"p-01""#), "{text}");
    assert_eq!(res.take_body(), text.into_bytes());
    assert_eq!(res.take_body(), Vec::<u8>::new());
    assert_eq!(res.body(), "");
    assert_eq!(res.status(), 200);
}

#[wasm_bindgen_test]
fn snapshot_round_trip_restores_the_state() {
    let mut core = MockCore::new(1.0);
    let token = login(&mut core);
    let saved = core.export_snapshot();
    let res = core.handle(
        "POST",
        "/api/posts",
        Some(token.clone()),
        r#"{"postData":{"content":"hello"}}"#,
        NOW,
        0,
    );
    assert_eq!(res.status(), 201);
    assert_ne!(core.export_snapshot(), saved);
    core.import_snapshot(&saved).unwrap();
    assert_eq!(core.export_snapshot(), saved);
    let res = core.handle("GET", "/api/posts/p-13", None, "", NOW, 0);
    assert_eq!(res.status(), 404);
    core.reset();
    let res = core.handle("GET", "/api/posts", None, "", NOW, 0);
    assert_eq!(res.body().matches("\"_id\":\"p-").count(), 12);
}

#[wasm_bindgen_test]
fn import_snapshot_refuses_a_bad_document_and_keeps_the_state() {
    let mut core = MockCore::new(2.0);
    let before = core.export_snapshot();
    for bad in ["", "{}", r#"{"format":"murmur-snapshot","version":9}"#] {
        assert!(core.import_snapshot(bad).is_err(), "{bad}");
    }
    let broken = before.replacen("\"likeCount\":2", "\"likeCount\":7", 1);
    assert!(core.import_snapshot(&broken).is_err());
    assert_eq!(core.export_snapshot(), before);
}

#[wasm_bindgen_test]
fn a_like_at_1000_posts_is_fast() {
    let mut core = MockCore::new(3.0);
    core.load_bulk(100, 1000);
    let token = login(&mut core);
    // The first listing renders every post once.
    let start = js_sys::Date::now();
    assert_eq!(
        core.handle("GET", "/api/posts", None, "", NOW, 0).status(),
        200
    );
    let first = js_sys::Date::now() - start;
    let rounds = 200;
    let start = js_sys::Date::now();
    for i in 0..rounds {
        let verb = if i % 2 == 0 { "like" } else { "dislike" };
        let url = format!("/api/posts/{verb}/p-b{}", i / 2);
        assert_eq!(
            core.handle("POST", &url, Some(token.clone()), "", NOW, 0)
                .status(),
            200
        );
    }
    let per_like = (js_sys::Date::now() - start) / f64::from(rounds);
    console_log!("1,000 posts: first GET /api/posts {first:.2} ms, like {per_like:.3} ms");
    // The target is 1.5 ms; the bound leaves room for a busy test machine.
    assert!(per_like < 15.0, "a like took {per_like} ms");
}
