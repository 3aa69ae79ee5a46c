//! The document refuses exactly what the core refuses: for each input rule,
//! values at and around its boundaries (and random ones) are sent to the
//! core and checked against the operation's request schema (or query or
//! path parameter schema), and the two verdicts must agree. Values that depend
//! on state (a taken username, a value the record already holds) are kept
//! out: the document states those refusals by their messages only.

use super::check::{check_accepted_request, check_path, check_query};
use crate::testing::{TestApi, NOW};
use crate::{Request, MAX_COMMENT_CHARS, MAX_NAME_CHARS, MAX_POST_CHARS};
use serde_json::{json, Value};

/// The core's verdict (`true`: accepted) and the document's, for one
/// request on a fresh seed; a refusal must be a 400 naming a rule.
fn verdicts(method: &str, url: &str, token: bool, body: &Value) -> (bool, bool, String) {
    let mut t = TestApi::new();
    let token = token.then(|| t.guest());
    let text = body.to_string();
    let res = t.api.handle(
        &Request {
            method,
            url,
            authorization: token.as_deref(),
            body: &text,
            prefer: None,
        },
        NOW,
    );
    let core = match res.status {
        200..=299 => true,
        400 => false,
        other => panic!("{method} {url} {text}: {other} {}", res.body),
    };
    let schema = check_accepted_request(method, url, &text).is_ok();
    (core, schema, res.body)
}

fn agree(method: &str, url: &str, token: bool, body: Value) {
    let (core, schema, answer) = verdicts(method, url, token, &body);
    assert_eq!(
        core,
        schema,
        "{method} {url} {body}: the core {} it ({answer}), the document {} it",
        if core { "accepts" } else { "refuses" },
        if schema { "accepts" } else { "refuses" },
    );
}

fn signup(field: &str, value: Value) -> Value {
    let mut body = json!({"firstName": "Ada", "lastName": "Byron", "username": "ada_b", "password": "password1"});
    body[field] = value;
    body
}

fn n(s: &str, times: usize) -> String {
    s.repeat(times)
}

/// Strings around a length limit, in code points that take two UTF-16
/// units, with whitespace around them, and with the characters the rules
/// single out.
fn around(max: usize) -> Vec<String> {
    let mut values = vec![
        String::new(),
        " ".into(),
        "\u{3000}\t".into(),
        "a".into(),
        " a ".into(),
        "\u{feff}a".into(),
        "\u{85}a\u{85}".into(),
        "a\u{a0}b".into(),
        "a\tb".into(),
        "\ta\n".into(),
        "a\u{202e}b".into(),
        "a\u{7f}".into(),
        "a\u{2069}".into(),
    ];
    for len in [max.saturating_sub(1), max, max + 1] {
        values.push(n("a", len));
        values.push(n("😀", len));
        values.push(format!("  {}\n", n("b", len)));
        values.push(format!("a{}a", n(" ", len.saturating_sub(2))));
    }
    values
}

#[test]
fn sign_up_rules_agree() {
    for value in around(MAX_NAME_CHARS) {
        agree(
            "POST",
            "/api/auth/signup",
            false,
            signup("firstName", json!(value)),
        );
        agree(
            "POST",
            "/api/auth/signup",
            false,
            signup("lastName", json!(value)),
        );
    }
    let usernames = [
        "",
        "ab",
        "abc",
        "a.b",
        "_a_",
        ".ab",
        "ab.",
        "-ab",
        "ab-",
        "a-b.c_d",
        "a b",
        "añb",
        "ab\u{202e}c",
        "abc\n",
        "Zz9",
    ];
    for value in usernames
        .map(str::to_owned)
        .into_iter()
        .chain([n("a", 30), n("a", 31)])
    {
        agree(
            "POST",
            "/api/auth/signup",
            false,
            signup("username", json!(value)),
        );
    }
    for len in [0, 7, 8, 128, 129] {
        for unit in ["a", "😀", " "] {
            agree(
                "POST",
                "/api/auth/signup",
                false,
                signup("password", json!(n(unit, len))),
            );
        }
    }
    for value in [
        json!(null),
        json!(""),
        json!("avatars/seed-1.svg"),
        json!("/murmur/avatars/x.png"),
        json!("//evil.example/a.png"),
        json!("https://x.example/avatars/a.png"),
        json!("avatars/.hidden"),
        json!("avatars/../a"),
        json!("avatars/a b"),
        json!("avatars\\a"),
        json!("x/seed/a.b.c"),
        json!("media/"),
    ] {
        agree(
            "POST",
            "/api/auth/signup",
            false,
            signup("avatarURL", value),
        );
    }
}

#[test]
fn profile_edit_rules_agree() {
    let edit = |field: &str, value: Value| json!({ "userData": { field: value } });
    for value in around(MAX_NAME_CHARS) {
        agree(
            "POST",
            "/api/users/edit",
            true,
            edit("firstName", json!(value)),
        );
        agree(
            "POST",
            "/api/users/edit",
            true,
            edit("lastName", json!(value)),
        );
    }
    for len in [159, 160, 161] {
        agree(
            "POST",
            "/api/users/edit",
            true,
            edit("bio", json!(n("é", len))),
        );
    }
    let websites = [
        "",
        "http://a",
        "https://a.example/x?y#z",
        "HTTPS://A",
        "hTtP://a",
        "http://",
        "http:///x",
        "http://?q",
        "http://#f",
        "ftp://a",
        "http://a b",
        "http://a\u{202e}",
        "http://a\u{a0}",
        "https//a",
        " http://a",
        "http:/a",
        "javascript:alert(1)",
    ];
    for value in websites {
        agree(
            "POST",
            "/api/users/edit",
            true,
            edit("website", json!(value)),
        );
    }
    for len in [199, 200, 201] {
        let url = format!("https://{}", n("w", len - 8));
        agree("POST", "/api/users/edit", true, edit("website", json!(url)));
    }
    for value in [
        "",
        "avatars/preset-2.svg",
        "/media/m-9",
        "//evil/a.png",
        "avatars/",
    ] {
        agree(
            "POST",
            "/api/users/edit",
            true,
            edit("avatarURL", json!(value)),
        );
    }
}

#[test]
fn post_rules_agree() {
    let mut contents: Vec<Value> = around(MAX_POST_CHARS)
        .into_iter()
        .map(Value::from)
        .collect();
    contents.push(Value::Null);
    for content in contents {
        let new = json!({"postData": {"content": content}});
        agree("POST", "/api/posts", true, new);
        // An edit merges what it is sent (p-07 is the guest's own post).
        let edit = json!({"postData": {"content": content}});
        agree("POST", "/api/posts/edit/p-07", true, edit);
    }
    agree(
        "POST",
        "/api/posts",
        true,
        json!({"postData": {"hashtags": "#a"}}),
    );
    agree(
        "POST",
        "/api/posts/edit/p-07",
        true,
        json!({"postData": {}}),
    );
    for hashtags in around(MAX_POST_CHARS) {
        agree(
            "POST",
            "/api/posts",
            true,
            json!({"postData": {"content": "x", "hashtags": hashtags}}),
        );
    }
    for media in [
        "",
        "media/m-01",
        "/seed/city.jpg",
        "javascript:alert(1)",
        "media/a/../b",
    ] {
        agree(
            "POST",
            "/api/posts",
            true,
            json!({"postData": {"content": "x", "mediaURL": media}}),
        );
    }
}

#[test]
fn comment_rules_agree() {
    for text in around(MAX_COMMENT_CHARS) {
        agree(
            "POST",
            "/api/comments/add/p-01",
            true,
            json!({ "commentData": text }),
        );
        agree(
            "POST",
            "/api/comments/add/p-01",
            true,
            json!({ "commentData": { "text": text } }),
        );
    }
}

/// A value of the wrong shape (an array for an object, a number for a
/// string) is refused by both, and the core's 400 names the field.
#[test]
fn wrong_shapes_are_refused_naming_the_field() {
    let cases = [
        ("/api/users/edit", true, json!({"userData": [null, null]}), "userData: invalid type: sequence, expected a JSON object"),
        ("/api/users/edit", true, json!([{"bio": "x"}]), "invalid type: sequence, expected a JSON object"),
        ("/api/users/edit", true, json!({"userData": {"bio": 5}}), "userData.bio: invalid type: integer `5`, expected a string"),
        ("/api/posts", true, json!({"postData": ["hello"]}), "postData: invalid type: sequence, expected a JSON object"),
        ("/api/posts", true, json!({"postData": {"content": ["hello"]}}), "postData.content: invalid type: sequence, expected a string"),
        ("/api/auth/login", false, json!(["guest", "guest123"]), "invalid type: sequence, expected a JSON object"),
        ("/api/auth/signup", false, json!(["Ada", "Byron", "ada_b", "password1"]), "invalid type: sequence, expected a JSON object"),
        ("/api/auth/signup", false, signup("username", json!(42)), "username: invalid type: integer `42`, expected a string"),
        ("/api/comments/add/p-01", true, json!({"commentData": ["hi"]}), "commentData: invalid type: sequence, expected a text string or an object {\"text\": string}"),
        ("/api/comments/add/p-01", true, json!({"commentData": {"text": 1}}), "commentData.text: invalid type: integer `1`, expected a string"),
    ];
    for (url, token, body, why) in cases {
        let (core, schema, answer) = verdicts("POST", url, token, &body);
        assert!(!core && !schema, "{url} {body}: {answer}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(
            answer["errors"][0],
            format!("Invalid request body: {why}"),
            "{url} {body}"
        );
    }
}

/// The query parameters' ranges: the core's verdict and the parameter
/// schemas' agree.
#[test]
fn query_ranges_agree() {
    let routes = [
        ("/api/posts/explore", ["page", "limit"].as_slice()),
        ("/api/posts/tag/photography", &["page", "limit"]),
        ("/api/search?q=a", &["limit"]),
        ("/api/posts/search?q=a", &["page", "limit"]),
    ];
    let values = [
        "0", "1", "2", "49", "50", "51", "1000000", "1000001", "-1", "x", "", "1.5",
    ];
    for (url, names) in routes {
        for name in names {
            for value in values {
                let sep = if url.contains('?') { '&' } else { '?' };
                let full = format!("{url}{sep}{name}={value}");
                let mut t = TestApi::new();
                let res = t.api.handle(
                    &Request {
                        method: "GET",
                        url: &full,
                        authorization: None,
                        body: "",
                        prefer: None,
                    },
                    NOW,
                );
                let core = res.status == 200;
                assert!(core || res.status == 400, "{full}: {}", res.body);
                let schema = check_query("GET", &full).is_ok();
                assert_eq!(
                    core, schema,
                    "{full}: the core answered {} ({})",
                    res.status, res.body
                );
            }
        }
    }
    for q in ["", " ", "a", &n("q", 100), &n("q", 101)] {
        let full = format!("/api/search?q={}", q.replace(' ', "+"));
        let mut t = TestApi::new();
        let res = t.api.handle(
            &Request {
                method: "GET",
                url: &full,
                authorization: None,
                body: "",
                prefer: None,
            },
            NOW,
        );
        assert_eq!(
            res.status == 200,
            check_query("GET", &full).is_ok(),
            "{full}: {}",
            res.body
        );
    }
}

/// The core's verdict on a tag feed's `{tag}` (200, or 400 `NotAHashtag`)
/// and the path parameter's schema's.
fn tag_agrees(tag: &str) {
    let url = format!(
        "/api/posts/tag/{}",
        percent_encoding::utf8_percent_encode(tag, percent_encoding::NON_ALPHANUMERIC)
    );
    let res = TestApi::new().api.handle(
        &Request {
            method: "GET",
            url: &url,
            authorization: None,
            body: "",
            prefer: None,
        },
        NOW,
    );
    assert!(
        res.status == 200 || res.status == 400,
        "{url}: {} {}",
        res.status,
        res.body
    );
    assert_eq!(
        res.status == 200,
        check_path("GET", &url).is_ok(),
        "{tag:?}: the core answered {} ({})",
        res.status,
        res.body
    );
}

#[test]
fn tag_rules_agree() {
    let max = crate::search::MAX_TAG_CHARS;
    let tags = [
        "#",
        "a",
        "#a",
        "_",
        "9",
        "a_b",
        "a-b",
        "a b",
        "a#b",
        "##a",
        "a#",
        "café",
        "cafe\u{301}",
        "\u{301}",
        "日本",
        "Ⓐ",
        "½",
        "٣",
        "😀",
        "\u{1D400}",
        "a\u{E0100}",
        "x\u{200D}",
        "a.b",
        "ΟΔΟΣ",
        "a\u{7f}",
    ];
    for tag in tags {
        tag_agrees(tag);
    }
    for len in [max - 1, max, max + 1] {
        for unit in ["a", "é", "𝐀"] {
            tag_agrees(&n(unit, len));
            tag_agrees(&format!("#{}", n(unit, len)));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random names, comments and websites from the characters the rules
    /// care about.
    #[test]
    fn random_values_agree(
        text in "[ a\\t\\n\u{a0}\u{85}\u{202e}\u{3000}😀é:/h]{0,60}",
        website in "(https?://|HTTP://|ftp://)?[a-z/?# \u{202e}.]{0,12}",
    ) {
        agree("POST", "/api/users/edit", true, json!({"userData": {"firstName": text}}));
        agree("POST", "/api/comments/add/p-01", true, json!({"commentData": text}));
        agree("POST", "/api/users/edit", true, json!({"userData": {"website": website}}));
    }

    /// Random tags from letters, digits, marks and what is not a tag's.
    #[test]
    fn random_tags_agree(tag in "#?[a_9é\u{301}Ⓐ½😀𝐀 #.\u{200D}-]{1,8}") {
        tag_agrees(&tag);
    }
}
