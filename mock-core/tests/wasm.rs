//! The JavaScript facade in a real browser: `wasm-pack test --headless
//! --chrome --mode no-install` (from mock-core/).
#![cfg(target_arch = "wasm32")]

use mock_core::{CoreResponse, MockCore};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const NOW: f64 = 1_790_000_000_000.0;

fn new_core() -> MockCore {
    MockCore::new(None).expect("crypto.getRandomValues is there")
}

fn with_base(base: &str) -> Result<MockCore, wasm_bindgen::JsValue> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"basePath".into(), &base.into())?;
    MockCore::new(Some(options)).map_err(wasm_bindgen::JsValue::from)
}

#[wasm_bindgen_test]
fn the_base_path_option_makes_media_paths_absolute_under_it() {
    assert_eq!(new_core().base_path(), "/");
    let mut core = with_base("murmur").expect("a plain base");
    assert_eq!(core.base_path(), "/murmur/");
    let res = core.handle("GET", "/api/posts/p-02", None, "", None, None);
    assert!(
        res.body()
            .contains("\"mediaURL\":\"/murmur/seed/aurora.jpg\""),
        "{}",
        res.body()
    );
    assert!(with_base("//evil.example/").is_err());
}

#[wasm_bindgen_test]
fn a_known_path_with_another_method_carries_its_allow() {
    let mut core = new_core();
    let res = core.handle("PUT", "/api/posts", None, "", None, None);
    assert_eq!(res.status(), 405, "{}", res.body());
    assert_eq!(res.allow().as_deref(), Some("GET, POST"));
    let res = core.handle("PUT", "/api/nothing", None, "", None, None);
    assert_eq!((res.status(), res.allow()), (404, None));
    let res = core.handle("GET", "/api/posts", None, "", None, None);
    assert_eq!((res.status(), res.allow()), (200, None));
}

fn login(core: &mut MockCore) -> String {
    let body = r#"{"username":"guest","password":"guest123"}"#;
    let res = core.handle_at("POST", "/api/auth/login", None, body, NOW, 120, None, None);
    assert_eq!(res.status(), 200, "{}", res.body());
    let json: serde_json::Value = serde_json::from_str(&res.body()).unwrap();
    json["encodedToken"].as_str().unwrap().to_owned()
}

#[wasm_bindgen_test]
fn handles_a_login_and_a_token_route() {
    let mut core = new_core();
    let token = login(&mut core);
    let res = core.handle_at(
        "GET",
        "http://127.0.0.1:5173/api/users/bookmark/",
        Some(format!("Bearer {token}")),
        "",
        NOW,
        120,
        None,
        None,
    );
    assert_eq!(
        (res.status(), res.body()),
        (200, r#"{"bookmarks":["p-06","p-11"]}"#.to_owned())
    );
    let res = core.handle_at("GET", "/api/users/bookmark", None, "", NOW, 120, None, None);
    assert_eq!(res.status(), 401);
}

#[wasm_bindgen_test]
fn take_body_moves_the_same_json_out_as_bytes_once() {
    let mut core = new_core();
    let mut res = core.handle_at("GET", "/api/posts/p-01", None, "", NOW, 0, None, None);
    let text = res.body();
    assert!(text.starts_with(r#"{"post":{"_id":"p-01""#), "{text}");
    assert_eq!(res.take_body(), text.into_bytes());
    assert_eq!(res.take_body(), Vec::<u8>::new());
    assert_eq!(res.body(), "");
    assert_eq!(res.status(), 200);
}

/// The guest likes `p-02` (the seed has them like it already).
fn like(core: &mut MockCore, token: &str) -> CoreResponse {
    let url = "/api/posts/like/p-02";
    core.handle_at("POST", url, Some(token.to_owned()), "", NOW, 0, None, None)
}

#[wasm_bindgen_test]
fn an_answer_says_whether_it_changed_the_state_its_upload_and_the_revision() {
    let mut core = new_core();
    assert_eq!(core.revision(), 0.0);
    let token = login(&mut core);
    let read = core.handle_at("GET", "/api/posts", None, "", NOW, 0, None, None);
    assert_eq!(
        (read.changed(), read.media_id(), read.revision()),
        (false, None, 0.0)
    );
    let upload = r#"{"type":"image/png","size":10}"#;
    let res = core.handle_at(
        "POST",
        "/api/media",
        Some(token.clone()),
        upload,
        NOW,
        0,
        None,
        None,
    );
    assert_eq!(res.status(), 201, "{}", res.body());
    assert_eq!(
        (res.changed(), res.media_id().as_deref(), res.revision()),
        (true, Some("m-01"), 1.0)
    );
    let res = like(&mut core, &token);
    assert_eq!(
        (res.status(), res.changed(), res.revision()),
        (400, false, 1.0)
    );
    assert_eq!(core.revision(), 1.0);
    core.reset();
    assert_eq!(core.revision(), 2.0);
}

#[wasm_bindgen_test]
fn events_give_a_readers_changes_after_a_revision() {
    let mut core = new_core();
    let token = login(&mut core);
    let start = core.events(Some(token.clone()), None);
    assert_eq!(
        (start.status(), start.body()),
        (200, r#"{"revision":0,"events":[]}"#.to_owned())
    );
    let res = core.handle_at(
        "POST",
        "/api/posts/like/p-01",
        Some(token.clone()),
        "",
        NOW,
        0,
        None,
        None,
    );
    assert_eq!(res.status(), 200);
    let read = core.events(Some(format!("Bearer {token}")), Some("0".into()));
    assert_eq!(read.revision(), 1.0);
    let body: serde_json::Value = serde_json::from_str(&read.body()).unwrap();
    assert_eq!(body["events"][0]["event"], "post.changed");
    assert_eq!(body["events"][0]["data"]["post"]["_id"], "p-01");
    let stale = core.events(None, Some("7".into()));
    assert!(
        stale.body().contains(r#""event":"resync""#),
        "{}",
        stale.body()
    );
    let refused = core.events(Some("forged".into()), Some("0".into()));
    assert_eq!(refused.status(), 401);
}

#[wasm_bindgen_test]
fn snapshot_round_trip_restores_the_state() {
    let mut core = new_core();
    let token = login(&mut core);
    let saved = core.export_snapshot();
    let res = core.handle_at(
        "POST",
        "/api/posts",
        Some(token.clone()),
        r#"{"postData":{"content":"hello"}}"#,
        NOW,
        0,
        None,
        None,
    );
    assert_eq!(res.status(), 201);
    assert_ne!(core.export_snapshot(), saved);
    core.import_snapshot(&saved).unwrap();
    assert_eq!(core.export_snapshot(), saved);
    let res = core.handle_at("GET", "/api/posts/p-13", None, "", NOW, 0, None, None);
    assert_eq!(res.status(), 404);
    core.reset();
    let res = core.handle_at("GET", "/api/posts", None, "", NOW, 0, None, None);
    assert_eq!(res.body().matches("\"_id\":\"p-").count(), 12);
}

#[wasm_bindgen_test]
fn import_snapshot_refuses_a_bad_document_and_keeps_the_state() {
    let mut core = new_core();
    let before = core.export_snapshot();
    for bad in ["", "{}", r#"{"format":"murmur-snapshot","version":9}"#] {
        assert!(core.import_snapshot(bad).is_err(), "{bad}");
    }
    let broken = before.replacen("\"likeCount\":2", "\"likeCount\":7", 1);
    let err = core.import_snapshot(&broken).expect_err("refused");
    let message = js_sys::Error::from(JsValue::from(err)).message();
    assert_eq!(
        String::from(message),
        "snapshot refused: post p-01 has likeCount 7 but 2 likers"
    );
    assert_eq!(core.export_snapshot(), before);
}

fn rng_of(snapshot: &str) -> String {
    let json: serde_json::Value = serde_json::from_str(snapshot).unwrap();
    json["rng"].as_str().unwrap().to_owned()
}

#[wasm_bindgen_test]
fn each_core_is_seeded_from_the_platform_once() {
    let (a, b) = (new_core(), new_core());
    assert_ne!(rng_of(&a.export_snapshot()), rng_of(&b.export_snapshot()));
    // Reads do not draw from the generator: only a new salt does.
    let mut a = a;
    let before = a.export_snapshot();
    a.handle("GET", "/api/posts", None, "", None, None);
    assert_eq!(a.export_snapshot(), before);
}

#[wasm_bindgen_test]
fn replaying_the_same_requests_from_a_snapshot_gives_the_same_state() {
    let saved = new_core().export_snapshot();
    let signup = r#"{"firstName":"R","lastName":"P","username":"replay","password":"replay-pw1"}"#;
    let states: Vec<String> = (0..2)
        .map(|_| {
            let mut core = new_core();
            core.import_snapshot(&saved).expect("imports");
            let res = core.handle_at(
                "POST",
                "/api/auth/signup",
                None,
                signup,
                NOW,
                60,
                None,
                None,
            );
            assert_eq!(res.status(), 201);
            core.export_snapshot()
        })
        .collect();
    assert_eq!(states[0], states[1]);
    assert_ne!(states[0], saved);
}

#[wasm_bindgen_test]
fn handle_reads_the_platform_clock_and_zone() {
    let mut core = new_core();
    let token = login(&mut core);
    let before = js_sys::Date::now();
    let res = core.handle(
        "POST",
        "/api/posts",
        Some(token),
        r#"{"postData":{"content":"now"}}"#,
        None,
        None,
    );
    assert_eq!(res.status(), 201);
    let json: serde_json::Value = serde_json::from_str(&res.body()).unwrap();
    let created = json["posts"][12]["createdAt"].as_str().unwrap().to_owned();
    let at = js_sys::Date::parse(&created);
    assert!((at - before).abs() < 5_000.0, "{created} vs {before}");
    let offset = -js_sys::Date::new_0().get_timezone_offset() as i32;
    let sign = if offset < 0 { '-' } else { '+' };
    let zone = format!("{sign}{:02}:{:02}", offset.abs() / 60, offset.abs() % 60);
    assert!(created.ends_with(&zone), "{created} in zone {zone}");
}

#[wasm_bindgen_test]
fn likes_and_dislikes_at_1000_posts_undo_each_other() {
    // How fast a like is, is the core bench's (`cargo run --example bench`),
    // not a test's: here, that a hundred likes taken back leave every
    // post's count as it was.
    let mut core = new_core();
    core.load_bulk(100, 1000);
    let token = login(&mut core);
    let counts = |core: &mut MockCore| {
        let res = core.handle_at("GET", "/api/posts", None, "", NOW, 0, None, None);
        assert_eq!(res.status(), 200);
        let json: serde_json::Value = serde_json::from_str(&res.body()).unwrap();
        json["posts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["_id"].to_string(),
                    p["likes"]["likeCount"].as_u64().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let before = counts(&mut core);
    assert_eq!(before.len(), 1000);
    for i in 0..200 {
        let verb = if i % 2 == 0 { "like" } else { "dislike" };
        let url = format!("/api/posts/{verb}/p-b{}", i / 2);
        assert_eq!(
            core.handle_at("POST", &url, Some(token.clone()), "", NOW, 0, None, None)
                .status(),
            200,
            "{url}"
        );
    }
    assert_eq!(counts(&mut core), before);
}

#[wasm_bindgen_test]
fn prefer_return_minimal_answers_the_changed_post_and_says_so() {
    let mut core = new_core();
    let token = login(&mut core);
    let prefer = Some("return=minimal".to_owned());
    // The guest likes p-02 in the seed: take the like back, then give it again.
    let url = "/api/posts/dislike/p-02";
    let res = core.handle_at("POST", url, Some(token.clone()), "", NOW, 0, prefer, None);
    assert_eq!(res.status(), 200, "{}", res.body());
    assert_eq!(res.preference_applied().as_deref(), Some("return=minimal"));
    let json: serde_json::Value = serde_json::from_str(&res.body()).unwrap();
    assert_eq!(json["post"]["_id"], "p-02");
    assert!(json.get("posts").is_none());
    let res = like(&mut core, &token);
    assert_eq!(res.preference_applied(), None);
    assert!(res.body().starts_with(r#"{"posts":["#));
}

#[wasm_bindgen_test]
fn a_body_reads_out_in_chunks_as_taken_whole() {
    let mut core = new_core();
    let res = core.handle("GET", "/api/posts", None, "", None, None);
    let whole = res.body().into_bytes();
    assert_eq!(res.body_length(), whole.len());
    let mut read = Vec::new();
    for start in (0..whole.len()).step_by(1000) {
        read.extend(res.body_chunk(start, start + 1000).to_vec());
    }
    assert_eq!(read, whole);
    // Past the end, and a reversed range: empty, never a trap.
    assert_eq!(res.body_chunk(whole.len() + 5, whole.len() + 9).length(), 0);
    assert_eq!(res.body_chunk(10, 3).length(), 0);
}

#[wasm_bindgen_test]
fn a_seed_loads_and_reports_what_was_adapted_or_is_refused_naming_the_item() {
    let mut core = new_core();
    let seed = r#"{"users":[{"_id":"a1","username":"ada","password":"short"},
        {"username":"bob","password":"bob","followers":[{"_id":"fresh","username":"ada"}]}],
      "posts":[{"username":"ada","content":"hi","likes":{"likeCount":9,"likedBy":["bob"]}}]}"#;
    let report: serde_json::Value = serde_json::from_str(&core.import_seed(seed).unwrap()).unwrap();
    assert_eq!(report["users"], 2);
    let adapted = report["adapted"].to_string();
    assert!(
        adapted.contains("likeCounts recomputed from likedBy: 1"),
        "{adapted}"
    );
    let login = core.handle(
        "POST",
        "/api/auth/login",
        None,
        r#"{"username":"ada","password":"short"}"#,
        None,
        None,
    );
    assert_eq!(login.status(), 200, "{}", login.body());
    let refused = core.import_seed(
        r#"{"users":[{"username":"ada","password":"p"},{"username":"ada","password":"q"}]}"#,
    );
    assert!(refused.is_err());
    let users = core
        .handle("GET", "/api/users", None, "", None, None)
        .body();
    assert!(
        users.contains("\"_id\":\"a1\""),
        "nothing of a refused seed loads: {users}"
    );
}
