use super::SeedReport;
use crate::testing::{TestApi, NOW};
use serde_json::{json, Value};

fn seed() -> Value {
    json!({
        "users": [
            { "username": "ada", "password": "engine-1843", "firstName": "Ada", "lastName": "Lovelace",
              "bio": "Notes on the engine.", "website": "https://ada.example.org", "createdAt": 1_700_000_000_000_i64 },
            { "username": "grace", "password": "cobol-1959", "firstName": "Grace", "lastName": "Hopper",
              "avatarURL": "avatars/seed-2.svg" }
        ],
        "follows": [["grace", "ada"]],
        "posts": [
            { "username": "ada", "content": "First program 🚀", "hashtags": "#history",
              "mediaURL": "seed/forest.jpg", "likedBy": ["grace"], "createdAt": 1_700_000_100_000_i64,
              "comments": [{ "username": "grace", "text": "Lovely", "createdAt": 1_700_000_200_000_i64 }] },
            { "username": "grace", "content": "A bug, literally" }
        ]
    })
}

fn load(t: &mut TestApi, doc: &Value) -> Result<SeedReport, String> {
    t.api.import_seed(&doc.to_string(), NOW)
}

fn imported() -> TestApi {
    let mut t = TestApi::new();
    load(&mut t, &seed()).expect("a good seed loads");
    t
}

/// A summary as the API's shapes (and MirageJS fixtures) embed a user.
fn summary(id: &str, username: &str) -> Value {
    json!({ "_id": id, "firstName": "X", "lastName": "Y", "username": username,
            "avatarURL": "https://cdn.example.com/x.png" })
}

/// Fixtures as a MirageJS app holds them, with every case a real app's
/// have: `_id`s, short passwords, avatars on a CDN, follow and like
/// summaries whose `_id`s are fresh (they match no user: only the username
/// resolves them), a follow listed on one side only, a `likeCount` that
/// disagrees with `likedBy`, dates as RFC 3339 text, display copies.
fn mirage() -> Value {
    json!({
        "users": [
            { "_id": "6d1e", "firstName": "Afreen", "lastName": "Khan", "username": "afreen",
              "password": "afreen", "bio": "b".repeat(300), "website": "not a url",
              "avatarURL": "https://res.cloudinary.com/demo/afreen.jpg",
              "createdAt": "2022-01-10T10:55:06+05:30", "updatedAt": "2022-01-11T10:55:06+05:30",
              "followers": [summary("fresh-1", "rahul")],
              "following": [summary("fresh-2", "rahul"), summary("77aa", "guest")],
              "bookmarks": [] },
            { "_id": "77aa", "firstName": "Guest", "lastName": "User", "username": "guest",
              "password": "guest1", "followers": [], "following": [], "bookmarks": ["post-b"] },
            { "_id": "91bc", "firstName": "Rahul", "lastName": "Gupta", "username": "rahul",
              "password": "rahul123", "avatarURL": "https://res.cloudinary.com/demo/rahul.jpg",
              "followers": [], "following": [summary("fresh-3", "afreen")] }
        ],
        "posts": [
            { "_id": "post-a", "id": 1, "content": "Hello from Mirage", "mediaURL": "https://cdn.example.com/a.jpg",
              "likes": { "likeCount": 7, "likedBy": [summary("fresh-4", "rahul")], "dislikedBy": [] },
              "comments": [{ "_id": "cm-1", "username": "guest", "firstName": "Guest", "text": "nice",
                             "votes": { "upvotedBy": [summary("77aa", "guest")], "downvotedBy": [] },
                             "createdAt": "2022-02-01T09:00:00+05:30" }],
              "username": "afreen", "firstName": "Afreen", "lastName": "Khan",
              "createdAt": "2022-01-12T10:55:06+05:30", "updatedAt": "2022-01-12T10:55:06+05:30" },
            { "_id": "post-b", "content": "x".repeat(150), "likes": { "likeCount": 0, "likedBy": [], "dislikedBy": [] },
              "comments": [], "username": "guest", "createdAt": 1_650_000_000_000_i64 }
        ]
    })
}

#[test]
fn users_sign_in_with_their_passwords_and_the_demo_seed_is_gone() {
    let mut t = imported();
    t.login("ada", "engine-1843");
    t.login("grace", "cobol-1959");
    let (_, users) = t.get("/api/users");
    let names: Vec<&str> = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ada", "grace"]);
    let (_, ada) = t.get("/api/users/u-01");
    assert_eq!(ada["user"]["bio"], "Notes on the engine.");
    assert_eq!(ada["user"]["followers"][0]["username"], "grace");
    assert_eq!(
        ada["user"]["createdAt"].as_str().map(|s| &s[..4]),
        Some("2023")
    );
    let (_, grace) = t.get("/api/users/u-02");
    assert_eq!(grace["user"]["avatarURL"], "/avatars/seed-2.svg");
    assert_eq!(ada["user"]["avatarURL"], "/avatars/default.svg");
}

#[test]
fn posts_keep_their_likes_comments_media_and_dates() {
    let mut t = imported();
    let (_, post) = t.get("/api/posts/p-01");
    let post = &post["post"];
    assert_eq!(post["likes"]["likeCount"], 1);
    assert_eq!(post["likes"]["likedBy"][0]["username"], "grace");
    assert_eq!(post["mediaURL"], "/seed/forest.jpg");
    assert_eq!(post["comments"][0]["text"], "Lovely");
    assert_eq!(post["comments"][0]["username"], "grace");
    // New ids go on after the seed's.
    let token = t.login("grace", "cobol-1959");
    let (status, posts) = t.post(
        "/api/posts",
        &token,
        json!({ "postData": { "content": "third" } }),
    );
    assert_eq!(status, 201);
    assert_eq!(posts["posts"].as_array().map(Vec::len), Some(3));
    assert!(t.api.export_snapshot().contains("\"_id\":\"p-03\""));
}

#[test]
fn mirage_fixtures_load_as_they_are_and_their_accounts_sign_in() {
    let mut t = TestApi::new();
    t.sends_back_held_values = true;
    let report = load(&mut t, &mirage()).expect("fixtures load");
    // Short passwords as given: the guest button's account signs in.
    let guest = t.login("guest", "guest1");
    t.login("afreen", "afreen");
    // Ids are the fixtures' own; summaries that matched no _id found their user by username.
    let (_, afreen) = t.get("/api/users/6d1e");
    let user = &afreen["user"];
    assert_eq!(
        user["avatarURL"],
        "https://res.cloudinary.com/demo/afreen.jpg"
    );
    assert_eq!(user["bio"].as_str().map(str::len), Some(300));
    assert_eq!(user["createdAt"], "2022-01-10T10:55:06+05:30"); // NOW's zone is +05:30 too
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|u| u["_id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(ids(&user["followers"]), ["91bc"]);
    assert_eq!(ids(&user["following"]), ["91bc", "77aa"]);
    // Afreen follows the guest, listed on her side only: the guest has her as a follower.
    let (_, guest_user) = t.get("/api/users/77aa");
    assert_eq!(ids(&guest_user["user"]["followers"]), ["6d1e"]);
    assert_eq!(guest_user["user"]["bookmarks"], json!(["post-b"]));
    // likeCount follows likedBy; a post longer than a client may write loads.
    let (_, post) = t.get("/api/posts/post-a");
    assert_eq!(post["post"]["likes"]["likeCount"], 1);
    assert_eq!(post["post"]["likes"]["likedBy"][0]["_id"], "91bc");
    assert_eq!(post["post"]["comments"][0]["_id"], "cm-1");
    assert_eq!(post["post"]["mediaURL"], "https://cdn.example.com/a.jpg");
    let (_, long) = t.get("/api/posts/post-b");
    assert_eq!(long["post"]["content"].as_str().map(str::len), Some(150));
    // The app's own writes work on them: like, unfollow, comment.
    let (status, _) = t.post("/api/posts/like/post-a", &guest, Value::Null);
    assert_eq!(status, 200);
    let (status, _) = t.post("/api/users/unfollow/91bc", &guest, Value::Null);
    assert_eq!(status, 400, "the guest follows nobody");
    let rahul = t.login("rahul", "rahul123");
    let (status, _) = t.post("/api/users/unfollow/6d1e", &rahul, Value::Null);
    assert_eq!(status, 200);
    // What was adapted, and what the API would have refused, is said once.
    assert_eq!((report.users, report.posts, report.comments), (3, 2, 1));
    let adapted = report.adapted.join("\n");
    assert!(
        adapted.contains("references whose _id matched no user, resolved by username: 4"),
        "{adapted}"
    );
    assert!(
        adapted.contains(
            "likeCounts recomputed from likedBy: 1 (post 1 (\"Hello from Mirage\"): 7 → 1)"
        ),
        "{adapted}"
    );
    assert!(
        adapted.contains("follow links listed on one side only, made on both: 2 (\"afreen\" → \"rahul\", in afreen's following only; \"afreen\" → \"guest\", in afreen's following only)"),
        "{adapted}"
    );
    let as_given = report.as_given.join("\n");
    assert!(
        as_given.contains("passwords shorter than sign-up's 8 characters: 2"),
        "{as_given}"
    );
    assert!(
        as_given.contains("media or avatar URLs that are not a path on this site (Murmur's app shows its default avatar or a placeholder): 3"),
        "{as_given}"
    );
}

#[test]
fn a_loaded_seed_is_a_state_the_core_saves_and_loads_back() {
    let mut t = TestApi::new();
    load(&mut t, &mirage()).unwrap();
    let saved = t.api.export_snapshot();
    let mut other = TestApi::new();
    other.api.import_snapshot(&saved).expect("checked import");
    assert_eq!(other.api.export_snapshot(), saved);
}

#[test]
fn the_report_is_empty_when_nothing_was_adapted() {
    let mut t = TestApi::new();
    let report = load(&mut t, &seed()).unwrap();
    assert_eq!((report.users, report.posts, report.comments), (2, 2, 1));
    assert!(report.adapted.is_empty(), "{:?}", report.adapted);
    assert!(report.as_given.is_empty(), "{:?}", report.as_given);
}

#[test]
fn repeats_self_follows_double_votes_and_bad_dates_are_adapted_and_reported() {
    let mut t = TestApi::new();
    let mut doc = seed();
    doc["follows"] = json!([["grace", "ada"], ["grace", "ada"], ["ada", "ada"]]);
    doc["posts"][0]["likedBy"] = json!(["grace", "grace"]);
    doc["posts"][0]["likes"] = json!({ "dislikedBy": ["grace"] });
    doc["users"][1]["createdAt"] = json!("last tuesday");
    let report = load(&mut t, &doc).unwrap();
    let adapted = report.adapted.join("\n");
    for line in [
        "self-follows dropped: 1 (follows[2] (\"ada\" → \"ada\"))",
        "repeated entries dropped: 2 (follows[1]",
        "posts with a user in both likedBy and dislikedBy, kept as a like: 1",
        "dates that are neither milliseconds nor a form JavaScript's Date reads, set to the time of loading: 1 (user \"grace\" (users[1]): createdAt \"last tuesday\")",
    ] {
        assert!(adapted.contains(line), "{line}\nnot in\n{adapted}");
    }
    let (_, post) = t.get("/api/posts/p-01");
    assert_eq!(post["post"]["likes"]["likeCount"], 1);
    assert_eq!(post["post"]["likes"]["dislikedBy"], json!([]));
    let (_, grace) = t.get("/api/users/u-02");
    assert_eq!(grace["user"]["following"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_refused_seed_names_the_item_and_changes_nothing() {
    type Break = fn(&mut Value);
    let cases: [(Break, &str); 9] = [
        (
            |s| s["users"][1]["username"] = json!("afreen"),
            "user \"afreen\" (users[1]): username \"afreen\" is users[0]'s too",
        ),
        (
            |s| s["users"][1]["_id"] = json!("6d1e"),
            "user \"guest\" (users[1]): _id \"6d1e\" is users[0]'s too",
        ),
        (
            |s| s["users"][2]["username"] = json!(" "),
            "users[2]: username is empty",
        ),
        (
            |s| s["users"][1]["bookmarks"] = json!(["post-z"]),
            "user \"guest\" (users[1]): bookmarks[0] names no post (\"post-z\")",
        ),
        (
            |s| s["posts"][1]["username"] = json!("bob"),
            "post 2 (\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\"): username \"bob\" names no user",
        ),
        (
            |s| s["posts"][0]["comments"][0] = json!({ "username": "guest", "votes": {} }),
            "post 1 (\"Hello from Mirage\"): comments[0]: no text (text, comment, commentData or content)",
        ),
        (
            |s| s["posts"][1]["_id"] = json!("post-a"),
            "post 2 (\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\"): _id \"post-a\" is posts[0]'s too",
        ),
        (
            |s| s["posts"][1]["comments"] = json!([{ "_id": "cm-1", "username": "guest", "text": "again" }]),
            "comments[0]: _id \"cm-1\" is posts[0].comments[0]'s too",
        ),
        (
            |s| s["follows"] = json!([["guest", "bob"]]),
            "follows[0] (\"guest\" → \"bob\"): \"bob\" names no user",
        ),
    ];
    for (break_it, expected) in cases {
        let mut t = TestApi::new();
        let before = t.api.export_snapshot();
        let mut doc = mirage();
        break_it(&mut doc);
        let error = load(&mut t, &doc).expect_err("refused");
        assert!(
            error.contains(expected),
            "{error:?} should say {expected:?}"
        );
        assert_eq!(
            t.api.export_snapshot(),
            before,
            "{expected}: the state changed"
        );
    }
}

#[test]
fn a_malformed_document_names_the_field() {
    let mut t = TestApi::new();
    let error = t
        .api
        .import_seed(r#"{"users": [{"username": "ada"}]}"#, NOW)
        .unwrap_err();
    assert!(
        error.contains("users[0]") && error.contains("missing field `password`"),
        "{error}"
    );
    let error = t
        .api
        .import_seed(r#"{"users": [], "people": []}"#, NOW)
        .unwrap_err();
    assert!(error.contains("unknown field `people`"), "{error}");
    let error = t
        .api
        .import_seed(
            r#"{"users": [{"username": "a", "password": "p", "followers": [3]}]}"#,
            NOW,
        )
        .unwrap_err();
    assert!(
        error.contains("users[0].followers[0]")
            && error.contains("a username or id, or an object with _id or username"),
        "{error}"
    );
}

#[test]
fn a_json_server_number_id_is_read_as_text() {
    let mut t = TestApi::new();
    let doc = json!({
        "users": [{ "_id": 1, "username": "a", "password": "p" },
                  { "username": "b", "password": "p", "followers": [{ "_id": 1 }] }],
    });
    load(&mut t, &doc).unwrap();
    let (_, b) = t.get("/api/users/u-01");
    assert_eq!(b["user"]["followers"][0]["username"], "a");
    let (_, a) = t.get("/api/users/1");
    assert_eq!(a["user"]["_id"], "1");
}

/// Fixtures of apps built on the template, each variant one of them has:
/// a comment's text under another name, integer ids, a comment by someone
/// who is no user (with the byline it carries), likes, votes and follow
/// summaries of people the fixtures do not hold, dates as `Date` reads them.
fn template_variants() -> Value {
    json!({
        "users": [
            { "_id": 1, "username": "maya", "password": "maya1", "firstName": "Maya", "lastName": "Rao",
              "createdAt": "May 14 2022",
              "followers": [summary("gone-1", "someone-deleted")], "following": [] },
            { "_id": 2, "username": "omar", "password": "omar1", "firstName": "Omar", "lastName": "Said",
              "createdAt": "Sat May 14 2022 10:20:30 GMT+0530 (India Standard Time)" }
        ],
        "posts": [
            { "_id": 10, "username": "maya", "content": "Hello", "createdAt": "2022-05-14",
              "likes": { "likeCount": 2, "likedBy": [summary("1", "maya"), summary("gone-2", "left")], "dislikedBy": [] },
              "comments": [
                { "_id": 100, "username": "omar", "comment": "as comment", "createdAt": "05/15/2022" },
                { "_id": 101, "username": "omar", "commentData": { "text": "as commentData" } },
                { "_id": 102, "username": "omar", "commentData": "bare commentData" },
                { "_id": 103, "username": "omar", "content": "as content",
                  "votes": { "upvotedBy": [summary("gone-3", "left")], "downvotedBy": [] } },
                { "_id": 104, "username": "visitor", "firstName": "Vi", "lastName": "Sitor",
                  "avatarURL": "https://cdn.example.com/v.png", "text": "from nobody" }
              ] }
        ]
    })
}

#[test]
fn template_fixtures_load_with_every_variant_and_the_report_lists_each() {
    let mut t = TestApi::new();
    let report = load(&mut t, &template_variants()).expect("the variants load");
    assert_eq!((report.users, report.posts, report.comments), (2, 1, 5));
    let adapted = report.adapted.join("\n");
    for line in [
        "dates in another form than RFC 3339, read as JavaScript's Date reads them: 4",
        "comment texts read from comment, commentData or content: 4",
        "comments by a username that is no user, kept with the name and avatar they carry: 1 (post 1 (\"Hello\"): comments[4] (\"visitor\"))",
        "likes, votes and follow links naming no user, dropped: 3",
        "likeCounts recomputed from likedBy: 1",
    ] {
        assert!(adapted.contains(line), "{line}\nnot in\n{adapted}");
    }
    let (_, post) = t.get("/api/posts/10");
    let post = &post["post"];
    // Tests render in +05:30.
    assert_eq!(post["createdAt"], "2022-05-14T05:30:00+05:30");
    assert_eq!(post["likes"]["likeCount"], 1);
    let texts: Vec<&str> = post["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    for text in [
        "as comment",
        "as commentData",
        "bare commentData",
        "as content",
        "from nobody",
    ] {
        assert!(texts.contains(&text), "{text} in {texts:?}");
    }
    let nobody = post["comments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["_id"] == "104")
        .unwrap();
    assert_eq!(nobody["username"], "visitor");
    assert_eq!(nobody["firstName"], "Vi");
    assert_eq!(nobody["avatarURL"], "https://cdn.example.com/v.png");
    let (_, omar) = t.get("/api/users/2");
    assert_eq!(omar["user"]["createdAt"], "2022-05-14T10:20:30+05:30");
    let (_, maya) = t.get("/api/users/1");
    assert_eq!(maya["user"]["createdAt"], "2022-05-14T05:30:00+05:30");
    assert_eq!(maya["user"]["followers"], json!([]));
    // The post's author may delete the comment by nobody; it saves and loads back.
    let token = t.login("maya", "maya1");
    let (status, _) = t.post("/api/comments/delete/10/104", &token, Value::Null);
    assert_eq!(status, 201);
    let saved = t.api.export_snapshot();
    assert!(crate::snapshot::import(&saved).is_ok());
}

#[test]
fn a_comment_by_nobody_survives_a_save_and_load() {
    let mut t = TestApi::new();
    load(&mut t, &template_variants()).unwrap();
    let saved = t.api.export_snapshot();
    let mut u = TestApi::new();
    u.api
        .import_snapshot(&saved)
        .expect("the saved state loads");
    let (_, post) = u.get("/api/posts/10");
    assert!(post["post"]["comments"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["username"] == "visitor" && c["lastName"] == "Sitor"));
}

#[cfg(not(target_arch = "wasm32"))]
mod never_panics {
    use super::*;
    use proptest::prelude::*;

    /// Names and ids drawn from a few, so that references often resolve,
    /// collide or miss.
    fn name() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(json!("a")),
            Just(json!("b")),
            Just(json!("c")),
            Just(json!("")),
            Just(json!(7)),
            Just(Value::Null)
        ]
    }

    fn reference() -> impl Strategy<Value = Value> {
        prop_oneof![
            name(),
            (name(), name()).prop_map(|(id, username)| json!({ "_id": id, "username": username })),
            Just(json!([]))
        ]
    }

    fn date() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<i64>().prop_map(|n| json!(n)),
            Just(json!("2022-01-10T10:55:06+05:30")),
            Just(json!("garbage")),
            Just(json!(-1.5)),
        ]
    }

    fn user() -> impl Strategy<Value = Value> {
        (
            name(),
            name(),
            prop::collection::vec(reference(), 0..3),
            prop::collection::vec(reference(), 0..3),
            prop::collection::vec(name(), 0..2),
            date(),
        )
            .prop_map(|(id, username, followers, following, bookmarks, created)| {
                json!({ "_id": id, "username": username, "password": "p", "followers": followers,
                        "following": following, "bookmarks": bookmarks, "createdAt": created })
            })
    }

    fn post() -> impl Strategy<Value = Value> {
        (
            name(),
            name(),
            prop::collection::vec(reference(), 0..3),
            prop::collection::vec(reference(), 0..2),
            any::<i64>(),
            prop::collection::vec((name(), name(), date()), 0..3),
        )
            .prop_map(|(id, author, liked, disliked, count, comments)| {
                let comments: Vec<Value> = comments
                    .into_iter()
                    .map(|(id, by, at)| json!({ "_id": id, "username": by, "text": "t", "createdAt": at }))
                    .collect();
                json!({ "_id": id, "username": author, "content": "c", "likedBy": liked.clone(),
                        "likes": { "likeCount": count, "likedBy": liked, "dislikedBy": disliked },
                        "comments": comments })
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Any seed loads whole or is refused whole, never a panic, and
        /// what loads is a state the core's own check accepts.
        #[test]
        fn any_seed_loads_whole_or_is_refused(
            users in prop::collection::vec(user(), 0..4),
            posts in prop::collection::vec(post(), 0..4),
            follows in prop::collection::vec((name(), name()), 0..3),
        ) {
            let mut t = TestApi::new();
            let before = t.api.export_snapshot();
            let doc = json!({ "users": users, "posts": posts, "follows": follows });
            match load(&mut t, &doc) {
                Ok(_) => {
                    let saved = t.api.export_snapshot();
                    prop_assert!(crate::snapshot::import(&saved).is_ok());
                }
                Err(_) => prop_assert_eq!(t.api.export_snapshot(), before),
            }
        }
    }
}
