use crate::testing::TestApi;
use serde_json::json;

fn signup_body(username: &str) -> String {
    json!({"firstName": "Ada", "lastName": "Byron", "username": username, "password": "s3cret!!"})
        .to_string()
}

#[test]
fn signup_creates_a_user_with_defaults_and_a_token() {
    let mut t = TestApi::new();
    let (status, json) = t.call("POST", "/api/auth/signup", None, &signup_body("ada"));
    assert_eq!(status, 201);
    let user = &json["createdUser"];
    assert_eq!(user["_id"], "u-07");
    assert_eq!(user["username"], "ada");
    assert_eq!(user["avatarURL"], format!("/{}", crate::DEFAULT_AVATAR));
    assert_eq!(user["createdAt"], user["updatedAt"]);
    assert_eq!(user["createdAt"], "2026-11-18T16:36:40+05:30");
    for list in ["followers", "following", "bookmarks"] {
        assert_eq!(user[list], json!([]), "{list}");
    }
    assert!(user.get("email").is_none() && user.get("password").is_none());
    let token = json["encodedToken"].as_str().unwrap();
    let claims = crate::auth::decode_token(token).unwrap();
    assert_eq!(
        (claims.id.as_str(), claims.username.as_str()),
        ("u-07", "ada")
    );
    // The new account can log in and use its token.
    assert!(!t.login("ada", "s3cret!!").is_empty());
    let (status, _) = t.call("GET", "/api/users/bookmark", Some(token), "");
    assert_eq!(status, 200);
}

#[test]
fn signup_keeps_a_chosen_avatar() {
    let mut t = TestApi::new();
    let body = json!({"firstName": "A", "lastName": "B", "username": "abc", "password": "password1",
        "avatarURL": crate::PRESET_AVATARS[2]});
    let (_, json) = t.call("POST", "/api/auth/signup", None, &body.to_string());
    assert_eq!(json["createdUser"]["avatarURL"], "/avatars/preset-3.svg");
}

#[test]
fn signup_refuses_a_taken_username() {
    let mut t = TestApi::new();
    let msg = "Unprocessable Entity. Username Already Exists.";
    t.fails(
        "POST",
        "/api/auth/signup",
        None,
        &signup_body("guest"),
        422,
        msg,
    );
}

#[test]
fn signup_refuses_missing_and_empty_fields() {
    let mut t = TestApi::new();
    let no_password = json!({"firstName": "A", "lastName": "B", "username": "ab"}).to_string();
    t.fails(
        "POST",
        "/api/auth/signup",
        None,
        &no_password,
        400,
        "Invalid request body: missing field `password`",
    );
    t.fails(
        "POST",
        "/api/auth/signup",
        None,
        &signup_body("  "),
        400,
        "Username and password must not be empty",
    );
}

#[test]
fn login_returns_the_user_and_a_token_without_secrets() {
    let mut t = TestApi::new();
    let body = json!({"username": "maya_lind", "password": "password123"}).to_string();
    let (status, raw) = t.raw("POST", "/api/auth/login", None, &body);
    assert_eq!(status, 200);
    assert!(!raw.contains("password") && !raw.contains("digest") && !raw.contains("salt"));
    let json: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(json["foundUser"]["_id"], "u-maya");
    assert_eq!(json["foundUser"]["email"], "maya.lindqvist@example.com");
    assert!(json["encodedToken"]
        .as_str()
        .unwrap()
        .starts_with("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."));
}

#[test]
fn login_refuses_unknown_users_and_wrong_passwords() {
    let mut t = TestApi::new();
    let unknown = json!({"username": "nobody", "password": "x"}).to_string();
    t.fails(
        "POST",
        "/api/auth/login",
        None,
        &unknown,
        404,
        "The username you entered is not Registered. Not Found error",
    );
    let wrong = json!({"username": "guest", "password": "guest124"}).to_string();
    t.fails(
        "POST",
        "/api/auth/login",
        None,
        &wrong,
        401,
        "The credentials you entered are invalid. Unauthorized access error.",
    );
}
