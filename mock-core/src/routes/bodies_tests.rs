//! Every request type answers 400 with a message naming what is wrong, for
//! each class of bad body: not JSON, a wrong type, a missing field. A token
//! route checks the token first (401 before 400). Nothing changes.

use crate::testing::{TestApi, TOKEN_INVALID};

const BAD: &str = "Invalid request body: ";

/// (method, url, needs a token, the cases: body and the message after
/// "Invalid request body: ").
type Cases = (
    &'static str,
    &'static str,
    bool,
    [(&'static str, &'static str); 4],
);

#[rustfmt::skip]
const REQUESTS: [Cases; 8] = [
    ("POST", "/api/auth/signup", false, [
        ("{\"firstName\": \"A\", \"lastName\": \"B\"", "not valid JSON (EOF while parsing an object at line 1 column 34)"),
        (r#"{"firstName": "A", "lastName": "B", "username": 7, "password": "p"}"#, "username: invalid type: integer `7`, expected a string"),
        (r#"{"firstName": "A", "lastName": "B", "username": "ab"}"#, "missing field `password`"),
        (r#"{"firstName": "A", "lastName": "B", "username": "ab", "password": "p", "avatarURL": 1}"#, "avatarURL: invalid type: integer `1`, expected a string"),
    ]),
    ("POST", "/api/auth/login", false, [
        ("username=guest", "not valid JSON (expected value at line 1 column 1)"),
        (r#"{"username": "guest", "password": ["guest123"]}"#, "password: invalid type: sequence, expected a string"),
        (r#"{"password": "guest123"}"#, "missing field `username`"),
        (r#""guest""#, "invalid type: string \"guest\", expected a JSON object"),
    ]),
    ("POST", "/api/users/edit", true, [
        ("{\"userData\": {\"bio\": \"x\"}} trailing", "not valid JSON (trailing characters at line 1 column 28)"),
        (r#"{"userData": {"bio": false}}"#, "userData.bio: invalid type: boolean `false`, expected a string"),
        ("{}", "missing field `userData`"),
        (r#"{"userData": "bio"}"#, "userData: invalid type: string \"bio\", expected a JSON object"),
    ]),
    ("POST", "/api/posts", true, [
        ("", "not valid JSON (EOF while parsing a value at line 1 column 0)"),
        (r#"{"postData": {"content": 5}}"#, "postData.content: invalid type: integer `5`, expected a string"),
        (r#"{"content": "hi"}"#, "missing field `postData`"),
        (r#"{"postData": {"content": "hi", "hashtags": 1.5}}"#, "postData.hashtags: invalid type: floating point `1.5`, expected a string"),
    ]),
    ("POST", "/api/posts/edit/p-07", true, [
        ("{'postData': {}}", "not valid JSON (key must be a string at line 1 column 2)"),
        (r#"{"postData": {"mediaURL": null, "content": {}}}"#, "postData.content: invalid type: map, expected a string"),
        (r#"{"post": {"content": "x"}}"#, "missing field `postData`"),
        (r#"{"postData": null}"#, "postData: invalid type: null, expected a JSON object"),
    ]),
    ("POST", "/api/comments/add/p-01", true, [
        ("{\"commentData\": \"hi\"", "not valid JSON (EOF while parsing an object at line 1 column 20)"),
        (r#"{"commentData": 5}"#, "commentData: invalid type: integer `5`, expected a text string or an object {\"text\": string}"),
        (r#"{"body": "hi"}"#, "missing field `commentData` (or `comment` or `text`)"),
        (r#"{"commentData": {"body": "hi"}}"#, "commentData: missing field `text`"),
    ]),
    ("POST", "/api/comments/edit/p-02/c-04", true, [
        ("{\"commentData\": \"hi\"]", "not valid JSON (expected `,` or `}` at line 1 column 21)"),
        (r#"{"commentData": {"text": 1}}"#, "commentData.text: invalid type: integer `1`, expected a string"),
        ("{}", "missing field `commentData` (or `comment` or `text`)"),
        ("null", "invalid type: null, expected a JSON object"),
    ]),
    ("POST", "/api/media", true, [
        ("{\"type\": \"image/png\", \"size\": 1", "not valid JSON (EOF while parsing an object at line 1 column 31)"),
        (r#"{"type": "image/png", "size": "10"}"#, "size: invalid type: string \"10\", expected u64"),
        (r#"{"size": 10}"#, "missing field `type`"),
        (r#"{"type": "image/png", "size": -1}"#, "size: invalid value: integer `-1`, expected u64"),
    ]),
];

#[test]
fn each_request_type_names_what_is_wrong_with_its_body() {
    for (method, url, needs_token, cases) in REQUESTS {
        let mut t = TestApi::new();
        let token = t.guest();
        let token = needs_token.then_some(token.as_str());
        for (body, reason) in cases {
            t.fails(method, url, token, body, 400, &format!("{BAD}{reason}"));
        }
    }
}

#[test]
fn token_routes_answer_401_before_looking_at_the_body() {
    for (method, url, needs_token, cases) in REQUESTS {
        if !needs_token {
            continue;
        }
        let mut t = TestApi::new();
        for (body, _) in cases {
            t.fails(method, url, None, body, 401, TOKEN_INVALID);
            t.fails(method, url, Some("x.y.z"), body, 401, TOKEN_INVALID);
        }
    }
}

#[test]
fn unknown_fields_in_a_request_are_ignored() {
    let mut t = TestApi::new();
    let body = r#"{"username": "guest", "password": "guest123", "remember": true}"#;
    assert_eq!(t.call("POST", "/api/auth/login", None, body).0, 200);
}
