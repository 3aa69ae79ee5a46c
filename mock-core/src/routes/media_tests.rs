use crate::testing::{TestApi, TOKEN_INVALID};
use serde_json::json;

#[test]
fn registers_an_image_under_a_relative_path() {
    let mut t = TestApi::new();
    let token = t.guest();
    let (status, json) = t.post(
        "/api/media",
        &token,
        json!({"type": "image/png", "size": 10_485_759}),
    );
    assert_eq!((status, json), (201, json!({"mediaURL": "media/m-01"})));
    let (_, json) = t.post(
        "/api/media/",
        &token,
        json!({"type": "image/jpeg", "size": 0}),
    );
    assert_eq!(json["mediaURL"], "media/m-02");
}

#[test]
fn refuses_non_images_and_large_files() {
    let mut t = TestApi::new();
    let token = t.guest();
    let video = json!({"type": "video/mp4", "size": 10}).to_string();
    t.fails(
        "POST",
        "/api/media",
        Some(&token),
        &video,
        400,
        "file must be an image (JPEG/PNG)",
    );
    let big = json!({"type": "image/png", "size": 10_485_760}).to_string();
    t.fails(
        "POST",
        "/api/media",
        Some(&token),
        &big,
        400,
        "file must be less than 10mb",
    );
    t.fails("POST", "/api/media", None, &big, 401, TOKEN_INVALID);
}
