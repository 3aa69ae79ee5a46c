use crate::testing::{ids, TestApi};
use serde_json::{json, Value};

const NOT_A_HASHTAG: &str = "Tag must be a hashtag: letters, digits or _ after an optional #, \
                             at most 100 characters";
const Q_MISSING: &str = "Search query q must not be empty";

fn tags(json: &Value) -> Vec<(String, u64)> {
    json["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["tag"].as_str().unwrap().to_owned(),
                t["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn new_post(t: &mut TestApi, token: &str, content: &str, hashtags: &str) -> String {
    let body = json!({"postData": {"content": content, "hashtags": hashtags}});
    let (status, json) = t.post("/api/posts", token, body);
    assert_eq!(status, 201, "{json}");
    let posts = json["posts"].as_array().unwrap();
    posts.last().unwrap()["_id"].as_str().unwrap().to_owned()
}

#[test]
fn a_tag_feed_is_newest_first_with_the_count() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/posts/tag/photography");
    assert_eq!(status, 200);
    assert_eq!(
        (&json["tag"], &json["total"]),
        (&json!("photography"), &json!(2))
    );
    assert_eq!(ids(&json["posts"]), ["p-09", "p-02"]);
    assert_eq!(
        json["posts"][1]["mediaURL"], "/seed/aurora.jpg",
        "whole posts"
    );
    assert_eq!(json.as_object().unwrap().len(), 3);
    // `#`, any case, a trailing slash.
    for url in [
        "/api/posts/tag/%23Photography",
        "/api/posts/tag/PHOTOGRAPHY/",
        "http://localhost/api/posts/tag/photography?page=1",
    ] {
        assert_eq!(t.get(url).1, json, "{url}");
    }
}

#[test]
fn tags_match_unicode_and_case_and_stop_at_punctuation() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let cafe = new_post(&mut t, &guest, "Flat white at #Café, then #日本!", "");
    let later = new_post(&mut t, &guest, "Another #CAFÉ.", "#tea_time");
    let (_, json) = t.get("/api/posts/tag/caf%C3%A9");
    assert_eq!(
        (&json["tag"], ids(&json["posts"])),
        (&json!("cafe\u{301}"), vec![later.as_str(), cafe.as_str()])
    );
    let (_, json) = t.get("/api/posts/tag/%E6%97%A5%E6%9C%AC");
    assert_eq!(ids(&json["posts"]), [cafe.as_str()]);
    assert_eq!(t.get("/api/posts/tag/tea_time").1["total"], 1);
    // `cafe` without the accent is another tag; `#tea` is not `#tea_time`.
    assert_eq!(t.get("/api/posts/tag/cafe").1["total"], 0);
    assert_eq!(t.get("/api/posts/tag/tea").1["total"], 0);
}

#[test]
fn tag_feeds_page_and_limit() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let made: Vec<String> = (0..7)
        .map(|i| new_post(&mut t, &guest, &format!("post {i}"), "#paged"))
        .collect();
    let newest: Vec<&str> = made.iter().rev().map(String::as_str).collect();
    let (_, json) = t.get("/api/posts/tag/paged?limit=3");
    assert_eq!(
        (ids(&json["posts"]), &json["total"]),
        (newest[..3].to_vec(), &json!(7))
    );
    let (_, json) = t.get("/api/posts/tag/paged?limit=3&page=3");
    assert_eq!(ids(&json["posts"]), newest[6..].to_vec());
    let (_, json) = t.get("/api/posts/tag/paged?page=4&limit=3");
    assert_eq!((ids(&json["posts"]).len(), &json["total"]), (0, &json!(7)));
    // The default page holds 10 posts; at most 50 may be asked for.
    for i in 0..5 {
        new_post(&mut t, &guest, &format!("more {i}"), "#paged");
    }
    assert_eq!(ids(&t.get("/api/posts/tag/paged").1["posts"]).len(), 10);
    assert_eq!(
        ids(&t.get("/api/posts/tag/paged?limit=50").1["posts"]).len(),
        12
    );
}

#[test]
fn bad_tags_and_numbers_are_400() {
    let mut t = TestApi::new();
    let long = "a".repeat(101);
    for tag in [
        "%23",
        "no%20space",
        "caf%C3%A9!",
        "%23%23double",
        "a-b",
        long.as_str(),
    ] {
        t.fails(
            "GET",
            &format!("/api/posts/tag/{tag}"),
            None,
            "",
            400,
            NOT_A_HASHTAG,
        );
    }
    assert_eq!(t.get(&format!("/api/posts/tag/{}", "a".repeat(100))).0, 200);
    let limit = "limit must be a whole number from 1 to 50";
    let page = "page must be a whole number from 1 to 1000000";
    for (query, message) in [
        ("limit=0", limit),
        ("limit=51", limit),
        ("limit=-1", limit),
        ("limit=ten", limit),
        ("limit=", limit),
        ("limit=1.5", limit),
        ("page=0", page),
        ("page=x", page),
        ("page=1000001", page),
        ("page=99999999999999999999999", page),
    ] {
        t.fails(
            "GET",
            &format!("/api/posts/tag/travel?{query}"),
            None,
            "",
            400,
            message,
        );
    }
    t.fails(
        "GET",
        "/api/posts/tag/travel?page=%zz",
        None,
        "",
        400,
        "Query parameter page is not valid percent-encoded UTF-8",
    );
}

#[test]
fn search_finds_users_posts_and_tags() {
    let mut t = TestApi::new();
    let (status, json) = t.get("/api/search?q=maya");
    assert_eq!(status, 200);
    assert_eq!(
        json["users"][0],
        json!({"_id": "u-maya", "firstName": "Maya", "lastName": "Lindqvist",
               "username": "maya_lind", "avatarURL": "/avatars/seed-2.svg"}),
        "summaries, never a password"
    );
    assert_eq!(json["users"].as_array().unwrap().len(), 1);
    assert_eq!(json.as_object().unwrap().len(), 3);
    // Posts by text and by tag, newest first among equals.
    let (_, json) = t.get("/api/search?q=photo");
    assert_eq!(ids(&json["posts"]), ["p-09", "p-02"]);
    assert_eq!(tags(&json), [("photography".to_owned(), 2)]);
    assert_eq!(json["posts"][0]["likes"]["likeCount"], 1, "whole posts");
    let (_, json) = t.get("/api/search?q=%23harbor");
    assert_eq!(ids(&json["posts"]), ["p-04"]);
    // Several words must all match; case is ignored.
    let (_, json) = t.get("/api/search?q=GREEN+sky");
    assert_eq!(ids(&json["posts"]), ["p-02"]);
    let (_, json) = t.get("/api/search?q=jonas%20weber");
    assert_eq!(ids(&json["users"]), ["u-jonas"]);
    assert_eq!(ids(&json["posts"]).len(), 0);
}

#[test]
fn search_ignores_accents_and_ranks() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let accented = new_post(&mut t, &guest, "Crème brûlée night", "#Crème");
    let plain = new_post(&mut t, &guest, "creme fraiche is creamy", "#creme");
    // Whole-word matches first, then newest.
    let (_, json) = t.get("/api/search?q=creme");
    assert_eq!(ids(&json["posts"]), [plain.as_str(), accented.as_str()]);
    let (_, json) = t.get("/api/search?q=CR%C3%88ME");
    assert_eq!(ids(&json["posts"]), [plain.as_str(), accented.as_str()]);
    let (_, json) = t.get("/api/search?q=cre");
    assert_eq!(ids(&json["posts"]), [plain.as_str(), accented.as_str()]);
    assert_eq!(
        tags(&json),
        [("creme".to_owned(), 1), ("cre\u{300}me".to_owned(), 1)],
        "tags come back decomposed (they render the same)"
    );
    let (_, json) = t.get("/api/search?q=brulee");
    assert_eq!(ids(&json["posts"]), [accented.as_str()]);
    // Users: the exact username, then usernames starting with the query,
    // then name matches.
    let maya = t.login("maya_lind", "password123");
    t.post(
        "/api/users/edit",
        &maya,
        json!({"userData": {"lastName": "Thé"}}),
    );
    let body = json!({"firstName": "Théo", "lastName": "Maya", "username": "theo", "password": "password1"});
    t.call("POST", "/api/auth/signup", None, &body.to_string());
    let (_, json) = t.get("/api/search?q=theo");
    let users: Vec<&str> = json["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(users, ["theo", "theo_builds"]);
    let (_, json) = t.get("/api/search?q=%40the");
    let users: Vec<&str> = json["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(users, ["theo", "theo_builds", "maya_lind"]);
}

#[test]
fn search_limits_each_list() {
    let mut t = TestApi::new();
    let guest = t.guest();
    for i in 0..12 {
        new_post(
            &mut t,
            &guest,
            &format!("limit test {i}"),
            &format!("#lim{i}"),
        );
    }
    let (_, json) = t.get("/api/search?q=lim");
    assert_eq!(
        (ids(&json["posts"]).len(), tags(&json).len()),
        (10, 10),
        "10 by default"
    );
    let (_, json) = t.get("/api/search?q=lim&limit=3");
    assert_eq!((ids(&json["posts"]).len(), tags(&json).len()), (3, 3));
    let (_, json) = t.get("/api/search?q=lim&limit=50");
    assert_eq!((ids(&json["posts"]).len(), tags(&json).len()), (12, 12));
    let (_, json) = t.get("/api/search?q=zebra");
    assert_eq!(json, json!({"users": [], "posts": [], "tags": []}));
    // Punctuation alone finds nothing rather than everything.
    assert_eq!(t.get("/api/search?q=%2C%2C").1, json);
}

#[test]
fn bad_searches_are_400() {
    let mut t = TestApi::new();
    for url in [
        "/api/search",
        "/api/search?q=",
        "/api/search?q=+++",
        "/api/search?q=%20%09",
        "/api/search?limit=5",
    ] {
        t.fails("GET", url, None, "", 400, Q_MISSING);
    }
    let long = "a".repeat(101);
    t.fails(
        "GET",
        &format!("/api/search?q={long}"),
        None,
        "",
        400,
        "Search query q must be at most 100 characters",
    );
    // 100 characters, counted as characters (`é` is two bytes).
    assert_eq!(
        t.get(&format!("/api/search?q={}", "%C3%A9".repeat(100))).0,
        200
    );
    for limit in ["0", "51", "x", "-3"] {
        t.fails(
            "GET",
            &format!("/api/search?q=a&limit={limit}"),
            None,
            "",
            400,
            "limit must be a whole number from 1 to 50",
        );
    }
    t.fails(
        "GET",
        "/api/search?q=%E6%97",
        None,
        "",
        400,
        "Query parameter q is not valid percent-encoded UTF-8",
    );
}

#[test]
fn the_index_follows_every_write() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let id = new_post(&mut t, &guest, "Zucchini season", "#garden");
    assert_eq!(
        ids(&t.get("/api/search?q=zucchini").1["posts"]),
        [id.as_str()]
    );
    let body = json!({"postData": {"content": "Pumpkin season", "hashtags": "#autumn"}});
    t.post(&format!("/api/posts/edit/{id}"), &guest, body);
    assert_eq!(ids(&t.get("/api/search?q=zucchini").1["posts"]).len(), 0);
    assert_eq!(t.get("/api/posts/tag/garden").1["total"], 0);
    assert_eq!(
        ids(&t.get("/api/posts/tag/autumn").1["posts"]),
        [id.as_str()]
    );
    assert_eq!(
        tags(&t.get("/api/search?q=gard").1).len(),
        0,
        "an unused tag is no suggestion"
    );
    // An edit of the media alone keeps the text indexed.
    let body = json!({"postData": {"mediaURL": "media/m-01"}});
    t.post(&format!("/api/posts/edit/{id}"), &guest, body);
    assert_eq!(
        ids(&t.get("/api/search?q=pumpkin").1["posts"]),
        [id.as_str()]
    );
    t.call("DELETE", &format!("/api/posts/{id}"), Some(&guest), "");
    assert_eq!(ids(&t.get("/api/search?q=pumpkin").1["posts"]).len(), 0);
    assert_eq!(t.get("/api/posts/tag/autumn").1["total"], 0);
    // Profile edits and sign-ups.
    t.post(
        "/api/users/edit",
        &guest,
        json!({"userData": {"firstName": "Zelda"}}),
    );
    assert_eq!(ids(&t.get("/api/search?q=zelda").1["users"]), ["u-guest"]);
    assert_eq!(
        ids(&t.get("/api/search?q=guest").1["users"]),
        ["u-guest"],
        "the username stays"
    );
    let body = json!({"firstName": "Quentin", "lastName": "Blake", "username": "qblake", "password": "password1"});
    t.call("POST", "/api/auth/signup", None, &body.to_string());
    assert_eq!(
        t.get("/api/search?q=quentin").1["users"][0]["username"],
        "qblake"
    );
    // A snapshot carries no index, and one imported is indexed again.
    let snapshot = t.api.export_snapshot();
    assert!(!snapshot.contains("tag_names") && !snapshot.contains("\"words\""));
    t.api.reset();
    assert_eq!(ids(&t.get("/api/search?q=quentin").1["users"]).len(), 0);
    t.api.import_snapshot(&snapshot).unwrap();
    assert_eq!(
        t.get("/api/search?q=quentin").1["users"][0]["username"],
        "qblake"
    );
}
