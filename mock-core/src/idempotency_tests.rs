//! A state's clock and `Idempotency-Key` through the whole API: what a
//! client sees of them, and that both survive a snapshot's round trip.

use crate::error::ApiError;
use crate::idempotency::KEY_LIFETIME_MS;
use crate::testing::TestApi;
use crate::{Api, Now, Request, Response};
use serde_json::{json, Value};

fn post_body(content: &str) -> String {
    json!({ "postData": { "content": content } }).to_string()
}

fn keyed(api: &mut Api, token: &str, body: &str, key: Option<&str>, now: Now) -> Response {
    let req = Request {
        method: "POST",
        url: "/api/posts",
        authorization: Some(token),
        body,
        prefer: Some("return=minimal"),
    };
    api.handle_keyed(&req, key, now)
}

fn count_posts(api: &mut Api, content: &str) -> usize {
    let req = Request {
        method: "GET",
        url: "/api/posts",
        authorization: None,
        body: "",
        prefer: None,
    };
    let all: Value = serde_json::from_str(&api.handle(&req, crate::testing::NOW).body).unwrap();
    all["posts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["content"] == content)
        .count()
}

#[test]
fn a_retried_write_with_its_key_has_one_effect_and_the_first_answer() {
    let mut t = TestApi::new();
    let token = t.guest();
    let now = t.now;
    let body = post_body("only once");
    let first = keyed(&mut t.api, &token, &body, Some("k-1"), now);
    assert_eq!(first.status, 201, "{}", first.body);
    assert!(first.changed);
    let later = Now {
        epoch_ms: now.epoch_ms + 5_000,
        ..now
    };
    let again = keyed(&mut t.api, &token, &body, Some("k-1"), later);
    assert_eq!((again.status, &again.body), (first.status, &first.body));
    assert!(!again.changed, "a repeat changes nothing");
    assert_eq!(again.revision, first.revision);
    assert_eq!(count_posts(&mut t.api, "only once"), 1);

    // Another key, or none, is another write.
    assert_eq!(
        keyed(&mut t.api, &token, &body, Some("k-2"), now).status,
        201
    );
    assert_eq!(keyed(&mut t.api, &token, &body, None, now).status, 201);
    assert_eq!(count_posts(&mut t.api, "only once"), 3);
}

#[test]
fn the_same_key_with_another_body_is_422_and_a_bad_key_400() {
    let mut t = TestApi::new();
    let token = t.guest();
    let now = t.now;
    assert_eq!(
        keyed(&mut t.api, &token, &post_body("a"), Some("k"), now).status,
        201
    );
    let before = t.api.export_snapshot();
    let reused = keyed(&mut t.api, &token, &post_body("b"), Some("k"), now);
    assert_eq!(reused.status, 422);
    let errors: Value = serde_json::from_str(&reused.body).unwrap();
    assert_eq!(
        errors,
        json!({ "errors": [ApiError::IdempotencyKeyReused.message()] })
    );
    for bad in ["", "has space", &"k".repeat(256)] {
        let res = keyed(&mut t.api, &token, &post_body("c"), Some(bad), now);
        assert_eq!(res.status, 400, "{bad:?}");
        let errors: Value = serde_json::from_str(&res.body).unwrap();
        assert_eq!(
            errors,
            json!({ "errors": [ApiError::IdempotencyKeyInvalid.message()] })
        );
    }
    assert_eq!(t.api.export_snapshot(), before, "refusals change nothing");
    assert_eq!(count_posts(&mut t.api, "b"), 0);
}

#[test]
fn keys_belong_to_a_user_expire_and_only_successful_writes_keep_one() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let maya = t.login("maya_lind", crate::SEED_PASSWORD);
    let now = t.now;
    let body = post_body("mine");
    assert_eq!(keyed(&mut t.api, &guest, &body, Some("k"), now).status, 201);
    assert_eq!(
        keyed(&mut t.api, &maya, &body, Some("k"), now).status,
        201,
        "another user's key"
    );
    // A refused write keeps nothing: fixed, it goes through under its key.
    let empty = post_body("");
    assert_eq!(
        keyed(&mut t.api, &guest, &empty, Some("e"), now).status,
        400
    );
    assert_eq!(keyed(&mut t.api, &guest, &body, Some("e"), now).status, 201);
    // A day on, by the state's clock, the key is free again.
    let day_on = Now {
        epoch_ms: now.epoch_ms + KEY_LIFETIME_MS,
        ..now
    };
    assert_eq!(
        keyed(&mut t.api, &guest, &body, Some("k"), day_on).status,
        201
    );
    assert_eq!(count_posts(&mut t.api, "mine"), 4);
    // Reads ignore the header.
    let read = Request {
        method: "GET",
        url: "/api/posts/p-01",
        authorization: None,
        body: "",
        prefer: None,
    };
    assert_eq!(t.api.handle_keyed(&read, Some(""), now).status, 200);
}

#[test]
fn kept_answers_survive_a_snapshot_and_a_reset_forgets_them() {
    let mut t = TestApi::new();
    let token = t.guest();
    let now = t.now;
    let body = post_body("saved");
    let first = keyed(&mut t.api, &token, &body, Some("k"), now);
    let snapshot = t.api.export_snapshot();
    assert!(snapshot.contains("\"idempotencyKeys\""));
    let mut restarted = Api::new(1);
    restarted.import_snapshot(&snapshot).unwrap();
    let again = keyed(&mut restarted, &token, &body, Some("k"), now);
    assert_eq!(
        (again.status, &again.body, again.changed),
        (201, &first.body, false)
    );
    assert_eq!(count_posts(&mut restarted, "saved"), 1);
    restarted.reset();
    assert!(!restarted.export_snapshot().contains("idempotencyKeys"));
}

#[test]
fn the_clock_stamps_posts_and_tokens() {
    let mut api = Api::new(3);
    api.set_clock("2026-01-05T08:00:00Z").unwrap();
    let platform = crate::testing::NOW;
    let now = api.clock_now(platform);
    assert_eq!(now.epoch_ms, crate::time::utc_ms(2026, 1, 5, 8, 0));
    assert_eq!(now.offset_minutes, platform.offset_minutes);
    let login = Request {
        method: "POST",
        url: "/api/auth/login",
        authorization: None,
        body: r#"{"username":"guest","password":"guest123"}"#,
        prefer: None,
    };
    let token: Value = serde_json::from_str(&api.handle(&login, now).body).unwrap();
    let token = token["encodedToken"].as_str().unwrap().to_owned();
    let claims = token.split('.').nth(1).unwrap();
    use base64::Engine;
    let claims: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(claims)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(claims["iat"], now.epoch_ms / 1000);
    api.advance_clock(7_200_000.0, platform.epoch_ms).unwrap();
    let later = api.clock_now(platform);
    let res = keyed(&mut api, &token, &post_body("stamped"), None, later);
    let post: Value = serde_json::from_str(&res.body).unwrap();
    assert_eq!(
        post["post"]["createdAt"], "2026-01-05T15:30:00+05:30",
        "{post}"
    );
    assert_eq!(api.clock(platform.epoch_ms).mode, "paused");
}
