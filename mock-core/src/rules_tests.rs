//! Every input rule at its boundaries, through the API: at the limit
//! accepted, one over refused with the message naming the field and the
//! rule, and a refusal changes nothing (`TestApi::fails`).

use super::*;
use crate::testing::TestApi;
use serde_json::{json, Value};

const SIGNUP: &str = "/api/auth/signup";
const EDIT: &str = "/api/users/edit";

fn signup(username: &str, password: &str, first: &str, last: &str) -> String {
    json!({"firstName": first, "lastName": last, "username": username, "password": password})
        .to_string()
}

fn signup_as(username: &str) -> String {
    signup(username, "password1", "Ada", "Byron")
}

fn n(c: &str, count: usize) -> String {
    c.repeat(count)
}

fn created(t: &mut TestApi, body: &str) -> Value {
    let (status, json) = t.call("POST", SIGNUP, None, body);
    assert_eq!(status, 201, "{body} -> {json}");
    json["createdUser"].clone()
}

fn login_status(t: &mut TestApi, username: &str, password: &str) -> (u16, Value) {
    let body = json!({"username": username, "password": password}).to_string();
    t.call("POST", "/api/auth/login", None, &body)
}

const USERNAME_LENGTH: &str = "username must be 3 to 30 characters";
const USERNAME_FORMAT: &str = "username may contain only ASCII letters, digits, underscores, \
                               dots and hyphens, and must start and end with a letter, digit \
                               or underscore";
const USERNAME_CHARS: &str =
    "username must not contain control or bidirectional-override characters";
const TAKEN: &str = "Unprocessable Entity. Username Already Exists.";

#[test]
fn usernames_are_3_to_30_characters() {
    let mut t = TestApi::new();
    created(&mut t, &signup_as("abc"));
    created(&mut t, &signup_as(&n("z", 30)));
    for bad in [n("y", 2), n("y", 31), n("y", 300)] {
        t.fails("POST", SIGNUP, None, &signup_as(&bad), 400, USERNAME_LENGTH);
    }
}

#[test]
fn usernames_are_ascii_words_that_start_and_end_with_a_letter_digit_or_underscore() {
    let mut t = TestApi::new();
    for good in ["a.b-c", "_x_", "A1_", "0.0", "x--y..z"] {
        created(&mut t, &signup_as(good));
    }
    for bad in [
        "a/b", "../x", "a?b", ".abc", "abc.", "-abc", "abc-", "guest ", " guest", "jöhn", "a b",
        "a@b", "a%20", "ﬁle", "ｇuest",
    ] {
        t.fails("POST", SIGNUP, None, &signup_as(bad), 400, USERNAME_FORMAT);
    }
}

#[test]
fn usernames_refuse_control_and_bidi_characters() {
    let mut t = TestApi::new();
    for bad in [
        "\u{202e}evil",
        "ev\u{0}il",
        "evil\n",
        "e\u{7f}vil",
        "e\u{85}vil",
        "\u{2066}evil",
        "evil\u{2069}",
        "\u{202a}evil",
    ] {
        t.fails("POST", SIGNUP, None, &signup_as(bad), 400, USERNAME_CHARS);
    }
}

#[test]
fn usernames_are_unique_ignoring_case() {
    let mut t = TestApi::new();
    for taken in ["guest", "GUEST", "Guest", "MAYA_LIND", "Theo_Builds"] {
        t.fails("POST", SIGNUP, None, &signup_as(taken), 422, TAKEN);
    }
    created(&mut t, &signup_as("NewPerson"));
    t.fails("POST", SIGNUP, None, &signup_as("newperson"), 422, TAKEN);
    // The username keeps the case it was signed up with.
    let (_, json) = t.get("/api/users");
    assert!(json["users"]
        .as_array()
        .unwrap()
        .iter()
        .any(|u| u["username"] == "NewPerson"));
}

#[test]
fn sign_in_finds_the_account_ignoring_case() {
    let mut t = TestApi::new();
    for name in ["GUEST", "Guest", "gUeSt"] {
        let (status, json) = login_status(&mut t, name, "guest123");
        assert_eq!(status, 200, "{name}: {json}");
        assert_eq!(json["foundUser"]["_id"], "u-guest");
        assert_eq!(json["foundUser"]["username"], "guest");
    }
    let (status, _) = login_status(&mut t, "Maya_Lind", "password123");
    assert_eq!(status, 200);
    let (status, _) = login_status(&mut t, "GUEST", "GUEST123");
    assert_eq!(status, 401, "the password keeps its case");
}

#[test]
fn sign_in_with_any_string_answers_only_the_sign_in_errors() {
    let mut t = TestApi::new();
    let not_registered = "The username you entered is not Registered. Not Found error";
    for name in [
        String::new(),
        "a".into(),
        "a/b".into(),
        "guest ".into(),
        "\u{202e}guest".into(),
        "\0".into(),
        n("g", 300),
        n("😀", 5000),
    ] {
        let body = json!({"username": name, "password": "x"}).to_string();
        t.fails("POST", "/api/auth/login", None, &body, 404, not_registered);
    }
    // A short password still signs in: the length rule is for new ones.
    let body = json!({"username": "guest", "password": "x"}).to_string();
    t.fails(
        "POST",
        "/api/auth/login",
        None,
        &body,
        401,
        "The credentials you entered are invalid. Unauthorized access error.",
    );
}

#[test]
fn passwords_at_sign_up_are_8_to_128_characters() {
    let mut t = TestApi::new();
    let message = "password must be 8 to 128 characters";
    created(&mut t, &signup("user8", &n("p", 8), "A", "B"));
    created(&mut t, &signup("user128", &n("p", 128), "A", "B"));
    created(&mut t, &signup("emoji8", &n("😀", 8), "A", "B"));
    for bad in [n("p", 7), n("p", 129), n("😀", 7)] {
        let body = signup("someone", &bad, "A", "B");
        t.fails("POST", SIGNUP, None, &body, 400, message);
    }
    assert_eq!(login_status(&mut t, "emoji8", &n("😀", 8)).0, 200);
}

#[test]
fn names_are_1_to_50_characters_after_trimming_and_stored_trimmed() {
    let mut t = TestApi::new();
    let user = created(
        &mut t,
        &signup("fifty", "password1", &n("é", 50), &n("😀", 50)),
    );
    assert_eq!(user["firstName"], n("é", 50));
    let padded = format!("  {}\t ", n("a", 50));
    let user = created(
        &mut t,
        &signup("padded", "password1", &padded, " Lovelace "),
    );
    assert_eq!(
        (&user["firstName"], &user["lastName"]),
        (&json!(n("a", 50)), &json!("Lovelace"))
    );
    for (field, first, last) in [
        ("firstName", n("a", 51), "B".to_owned()),
        ("firstName", String::new(), "B".to_owned()),
        ("firstName", "   ".to_owned(), "B".to_owned()),
        ("lastName", "A".to_owned(), n("b", 51)),
        ("lastName", "A".to_owned(), "\n".to_owned()),
        ("firstName", n("a", 5_000_000), "B".to_owned()),
    ] {
        let body = signup("someone", "password1", &first, &last);
        if body.len() <= MAX_BODY_BYTES {
            let message = format!("{field} must be 1 to 50 characters");
            t.fails("POST", SIGNUP, None, &body, 400, &message);
        } else {
            t.fails("POST", SIGNUP, None, &body, 413, "Request body too large");
        }
    }
    let body = signup("someone", "password1", &n("a", 1000), "B");
    t.fails(
        "POST",
        SIGNUP,
        None,
        &body,
        400,
        "firstName must be 1 to 50 characters",
    );
}

#[test]
fn names_refuse_control_and_bidi_characters() {
    let mut t = TestApi::new();
    let token = t.guest();
    for bad in [
        "A\nB",
        "\u{202e}nimda",
        "a\u{1}",
        "x\u{9f}",
        "\u{2067}y",
        "z\u{202c}",
    ] {
        for field in ["firstName", "lastName"] {
            let mut body = json!({"firstName": "A", "lastName": "B", "username": "someone",
                "password": "password1"});
            body[field] = json!(bad);
            let message =
                format!("{field} must not contain control or bidirectional-override characters");
            t.fails("POST", SIGNUP, None, &body.to_string(), 400, &message);
            let edit = json!({"userData": {field: bad}}).to_string();
            t.fails("POST", EDIT, Some(&token), &edit, 400, &message);
        }
    }
    // Other scripts and joiners are names like any other.
    created(
        &mut t,
        &signup("arabic", "password1", "ليلى", "O\u{200d}Brien"),
    );
}

#[test]
fn profile_edits_check_names_bio_and_website() {
    let mut t = TestApi::new();
    let token = t.guest();
    let edit = |data: Value| json!({"userData": data}).to_string();
    let ok = |t: &mut TestApi, data: Value| {
        let (status, json) = t.post(EDIT, &token, json!({"userData": data}));
        assert_eq!(status, 201, "{json}");
        json["user"].clone()
    };
    let user = ok(
        &mut t,
        json!({"firstName": format!(" {} ", n("f", 50)), "bio": n("b", 160),
        "website": format!("https://{}", n("w", 192))}),
    );
    assert_eq!(user["firstName"], n("f", 50));
    assert_eq!(user["bio"], n("b", 160));
    ok(
        &mut t,
        json!({"website": "HTTP://Example.COM/a?b#c", "bio": ""}),
    );
    ok(&mut t, json!({"website": ""}));
    let cases = [
        (
            json!({"firstName": n("f", 51)}),
            "firstName must be 1 to 50 characters",
        ),
        (
            json!({"lastName": " "}),
            "lastName must be 1 to 50 characters",
        ),
        (
            json!({"bio": n("b", 161)}),
            "bio must be at most 160 characters",
        ),
        (
            json!({"bio": n("😀", 161)}),
            "bio must be at most 160 characters",
        ),
        (
            json!({"website": format!("https://{}", n("w", 193))}),
            "website must be at most 200 characters",
        ),
    ];
    for (data, message) in cases {
        t.fails("POST", EDIT, Some(&token), &edit(data), 400, message);
    }
    let not_http = "website must be empty or an http: or https: URL";
    for bad in [
        "javascript:alert(1)",
        "ftp://example.com",
        "example.com",
        "https://",
        "http:///path",
        "https://exa mple.com",
        "https://example.com/\n",
        "https://\u{202e}moc.elpmaxe",
        " https://example.com",
        "data:text/html,hi",
    ] {
        t.fails(
            "POST",
            EDIT,
            Some(&token),
            &edit(json!({ "website": bad })),
            400,
            not_http,
        );
    }
}

#[test]
fn comments_are_1_to_280_characters_after_trimming_on_add_and_edit() {
    let mut t = TestApi::new();
    let token = t.guest();
    let long = "Comment text must be at most 280 characters";
    let (status, json) = t.post(
        "/api/comments/add/p-01",
        &token,
        json!({"commentData": format!("\n {} ", n("😀", 280))}),
    );
    assert_eq!(status, 201);
    let text_of = |json: &Value, id: &str| {
        TestApi::post_of(json, "p-01")["comments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["_id"] == id)
            .unwrap()["text"]
            .clone()
    };
    assert_eq!(text_of(&json, "c-15"), n("😀", 280), "stored trimmed");
    for body in [
        json!({"commentData": n("c", 281)}),
        json!({"commentData": {"text": n("c", 281)}}),
    ] {
        let body = body.to_string();
        t.fails(
            "POST",
            "/api/comments/add/p-01",
            Some(&token),
            &body,
            400,
            long,
        );
        t.fails(
            "POST",
            "/api/comments/edit/p-01/c-15",
            Some(&token),
            &body,
            400,
            long,
        );
    }
    let empty = json!({"commentData": "  \n "}).to_string();
    let message = "Comment text must not be empty";
    t.fails(
        "POST",
        "/api/comments/add/p-01",
        Some(&token),
        &empty,
        400,
        message,
    );
    let (status, json) = t.post(
        "/api/comments/edit/p-01/c-15",
        &token,
        json!({"commentData": format!("{}  ", n("e", 280))}),
    );
    assert_eq!(status, 201);
    assert_eq!(text_of(&json, "c-15"), n("e", 280));
}

#[test]
fn a_body_over_256_kb_is_413_before_anything_is_read() {
    let mut t = TestApi::new();
    let token = t.guest();
    let tail = r#"{"commentData": "hi"}"#;
    // Padding with whitespace keeps it JSON: exactly at the limit it is read.
    let at_limit = format!("{}{tail}", " ".repeat(MAX_BODY_BYTES - tail.len()));
    assert_eq!(at_limit.len(), MAX_BODY_BYTES);
    let (status, _) = t.call("POST", "/api/comments/add/p-01", Some(&token), &at_limit);
    assert_eq!(status, 201);
    let over = format!(" {at_limit}");
    let too_large = "Request body too large";
    for (url, auth) in [
        ("/api/comments/add/p-01", Some(token.as_str())),
        ("/api/comments/add/p-01", None),
        ("/api/auth/login", None),
        ("/api/auth/signup", None),
        ("/api/nothing", None),
    ] {
        t.fails("POST", url, auth, &over, 413, too_large);
    }
    // Counted in bytes: 87,382 three-byte characters pass 256 kB.
    let wide = json!({"commentData": n("€", 87_382)}).to_string();
    assert!(wide.len() > MAX_BODY_BYTES);
    t.fails(
        "POST",
        "/api/comments/add/p-01",
        Some(&token),
        &wide,
        413,
        too_large,
    );
}

/// A saved state from before the rules: names, bios, websites, usernames
/// and comments that new requests could no longer send.
fn old_state(t: &TestApi) -> String {
    let mut state: Value = serde_json::from_str(&t.api.export_snapshot()).unwrap();
    let users = state["users"].as_array_mut().unwrap();
    let mut shouter = users[0].clone();
    shouter["_id"] = json!("u-old");
    shouter["username"] = json!("GUEST");
    shouter["followers"] = json!([]);
    shouter["following"] = json!([]);
    shouter["bookmarks"] = json!([]);
    users.push(shouter);
    let maya = &mut users[1];
    maya["firstName"] = json!(n("M", 300));
    maya["lastName"] = json!("\u{202e}dnil");
    maya["bio"] = json!(n("b", 5000));
    maya["website"] = json!("ftp://old.example");
    maya["username"] = json!("maya/lind");
    let comments = state["posts"][0]["comments"].as_array_mut().unwrap();
    comments[0]["text"] = json!(n("c", 1000));
    comments[0]["author"] = json!("u-maya");
    state.to_string()
}

#[test]
fn old_states_with_rule_breaking_values_load_and_keep_working() {
    let mut t = TestApi::new();
    let state = old_state(&t);
    t.api.import_snapshot(&state).expect("an old state loads");
    t.sends_back_held_values = true;
    let loaded: Value = serde_json::from_str(&t.api.export_snapshot()).unwrap();
    assert_eq!(
        loaded,
        serde_json::from_str::<Value>(&state).unwrap(),
        "loaded unchanged"
    );
    let (status, json) = t.get("/api/users/u-maya");
    assert_eq!(status, 200);
    assert_eq!(json["user"]["firstName"], n("M", 300));

    // The over-long name signs in under its old username and edits its bio,
    // sending every other field back as it is (as the profile form does).
    let maya = t.login("maya/lind", "password123");
    let (status, json) = t.post(
        EDIT,
        &maya,
        json!({"userData": {"firstName": n("M", 300), "lastName": "\u{202e}dnil",
            "website": "ftp://old.example", "bio": "Shorter now.", "username": "maya/lind",
            "avatarURL": "/avatars/seed-2.svg"}}),
    );
    assert_eq!(status, 201, "{json}");
    assert_eq!(
        (&json["user"]["bio"], &json["user"]["firstName"]),
        (&json!("Shorter now."), &json!(n("M", 300)))
    );
    // A new value is checked, though.
    let long_name = json!({"userData": {"firstName": n("M", 301)}}).to_string();
    t.fails(
        "POST",
        EDIT,
        Some(&maya),
        &long_name,
        400,
        "firstName must be 1 to 50 characters",
    );
    // The old comment's text sent back is kept; a new over-long one is not.
    let (status, _) = t.post(
        "/api/comments/edit/p-01/c-01",
        &maya,
        json!({"commentData": n("c", 1000)}),
    );
    assert_eq!(status, 201);
    let longer = json!({"commentData": n("c", 1001)}).to_string();
    t.fails(
        "POST",
        "/api/comments/edit/p-01/c-01",
        Some(&maya),
        &longer,
        400,
        "Comment text must be at most 280 characters",
    );

    // Two usernames that differ only in case: an exact match signs in to
    // its own account, another case to the first of them; no third joins.
    let (_, json) = login_status(&mut t, "GUEST", "guest123");
    assert_eq!(json["foundUser"]["_id"], "u-old");
    let (_, json) = login_status(&mut t, "guest", "guest123");
    assert_eq!(json["foundUser"]["_id"], "u-guest");
    let (_, json) = login_status(&mut t, "Guest", "guest123");
    assert_eq!(json["foundUser"]["_id"], "u-guest");
    t.fails("POST", SIGNUP, None, &signup_as("gUEST"), 422, TAKEN);
}

#[test]
fn the_seed_and_bulk_states_satisfy_every_rule() {
    let t = TestApi::new();
    let state: Value = serde_json::from_str(&t.api.export_snapshot()).unwrap();
    let mut bulk = TestApi::new();
    bulk.api.load_bulk(50, 10);
    let bulk: Value = serde_json::from_str(&bulk.api.export_snapshot()).unwrap();
    for state in [state, bulk] {
        for u in state["users"].as_array().unwrap() {
            let text = |k: &str| u[k].as_str().unwrap();
            check_username(text("username")).unwrap();
            assert_eq!(
                check_name("firstName", text("firstName")).unwrap(),
                text("firstName")
            );
            assert_eq!(
                check_name("lastName", text("lastName")).unwrap(),
                text("lastName")
            );
            check_bio(text("bio")).unwrap();
            check_website(text("website")).unwrap();
        }
        for p in state["posts"].as_array().unwrap() {
            for c in p["comments"].as_array().unwrap() {
                let text = c["text"].as_str().unwrap();
                assert_eq!(check_comment(text).unwrap(), text);
            }
        }
    }
    for password in [crate::GUEST_PASSWORD, crate::SEED_PASSWORD] {
        check_password(password, MIN_PASSWORD_CHARS).unwrap();
    }
}

#[test]
fn messages_name_the_field_and_the_rule() {
    let cases = [
        (check_username("ab"), USERNAME_LENGTH),
        (check_username("a b"), USERNAME_FORMAT),
        (
            check_password("short", MIN_PASSWORD_CHARS),
            "password must be 8 to 128 characters",
        ),
        (
            check_bio(&n("b", 161)),
            "bio must be at most 160 characters",
        ),
    ];
    for (result, message) in cases {
        let err = result.unwrap_err();
        assert_eq!((err.status(), err.message().as_str()), (400, message));
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::super::*;
    use proptest::prelude::*;

    proptest! {
        /// The hand-written username check is the published pattern plus
        /// the length bounds (so a client using the pattern agrees).
        #[test]
        fn the_username_rule_is_the_published_pattern(
            name in "[a-zA-Z0-9_.\\-/ ?é\u{202e}\n]{0,34}",
        ) {
            let pattern = regex::Regex::new(USERNAME_PATTERN).unwrap();
            let forbidden = regex::Regex::new(FORBIDDEN_CHARS_PATTERN).unwrap();
            let length = name.chars().count();
            let expected = (MIN_USERNAME_CHARS..=MAX_USERNAME_CHARS).contains(&length)
                && pattern.is_match(&name);
            prop_assert_eq!(check_username(&name).is_ok(), expected, "{:?}", name);
            if (MIN_USERNAME_CHARS..=MAX_USERNAME_CHARS).contains(&length) && forbidden.is_match(&name) {
                prop_assert_eq!(check_username(&name), Err(ApiError::ForbiddenCharacters("username")));
            }
        }

        /// Names within and beyond the limit, with spaces around and
        /// characters from every class the rule names.
        #[test]
        fn names_are_accepted_exactly_within_the_rule(
            name in "[ \t]{0,3}[a-zé😀 \u{1}\u{85}\u{202b}\u{2068}\u{200d}]{0,60}[ \n]{0,3}",
        ) {
            let forbidden = regex::Regex::new(FORBIDDEN_CHARS_PATTERN).unwrap();
            let trimmed = name.trim();
            let fits = (1..=MAX_NAME_CHARS).contains(&trimmed.chars().count());
            match check_name("lastName", &name) {
                Ok(stored) => {
                    prop_assert!(fits && !forbidden.is_match(trimmed));
                    prop_assert_eq!(stored, trimmed);
                }
                Err(ApiError::FieldLength { .. }) => prop_assert!(!fits),
                Err(err) => {
                    prop_assert_eq!(err, ApiError::ForbiddenCharacters("lastName"));
                    prop_assert!(fits && forbidden.is_match(trimmed));
                }
            }
        }

        /// Bios, websites and comments: at the limit or under accepted,
        /// over it refused, whatever the characters.
        #[test]
        fn lengths_are_code_points(
            c in prop_oneof![Just("a"), Just("é"), Just("😀"), Just("日")],
            extra in 0usize..3,
            over in any::<bool>(),
        ) {
            let count = |max: usize| if over { max + 1 + extra } else { max - extra };
            prop_assert_eq!(check_bio(&c.repeat(count(MAX_BIO_CHARS))).is_ok(), !over);
            prop_assert_eq!(check_comment(&c.repeat(count(MAX_COMMENT_CHARS))).is_ok(), !over);
            let site = format!("https://{}", c.repeat(count(MAX_WEBSITE_CHARS) - 8));
            prop_assert_eq!(check_website(&site).is_ok(), !over);
            prop_assert_eq!(check_password(&c.repeat(count(MAX_PASSWORD_CHARS)), MIN_PASSWORD_CHARS).is_ok(), !over);
        }
    }
}
