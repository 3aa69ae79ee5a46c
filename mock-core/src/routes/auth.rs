//! Sign-up and login.

use crate::auth::{digest_password, encode_token, password_matches};
use crate::base_path;
#[cfg(test)]
use crate::contract::{bad_body, length, name_errors};
use crate::db::IdKind;
use crate::error::ApiError;
use crate::model::User;
use crate::router::{route_table, Ctx, Reply};
use crate::rules;
use crate::seed::DEFAULT_AVATAR;
use crate::views::{LoginResponse, SignupResponse};
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// Creates an account and signs it in. A missing or empty `avatarURL` gets the default avatar.
    /// The username, password and names must follow the input rules (see the conventions); names are
    /// stored trimmed. A username taken in any case (`GUEST` when `guest` exists) answers 422.
    open Post "/api/auth/signup" => signup {
        request: SignupRequest,
        response: 201 SignupResponse<'static>,
        errors: {
            use crate::rules::*;
            let mut errors = vec![
                UsernameExists,
                SignupFieldsEmpty,
                length("username", MIN_USERNAME_CHARS, MAX_USERNAME_CHARS),
                ForbiddenCharacters("username"),
                UsernameFormat,
                length("password", MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS),
            ];
            errors.extend(name_errors());
            errors.extend([UnsafeMediaUrl("avatarURL"), bad_body()]);
            errors
        },
    }
    /// Signs in with a username and password. The account is found ignoring case (an exact match
    /// first); whatever the username string, the only refusals are the two below.
    open Post "/api/auth/login" => login {
        request: LoginRequest,
        response: 200 LoginResponse<'static>,
        errors: [UserNotRegistered, InvalidCredentials, bad_body()],
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct SignupRequest {
    /// 1 to 50 characters after trimming (stored trimmed); no control or
    /// bidirectional-override characters.
    pub first_name: String,
    /// As `firstName`.
    pub last_name: String,
    /// 3 to 30 ASCII letters, digits, `_`, `.` and `-`, starting and ending
    /// with a letter, digit or `_`; unique ignoring case.
    pub username: String,
    /// 8 to 128 characters.
    pub password: String,
    /// Missing or empty: the default avatar.
    #[serde(default, rename = "avatarURL")]
    #[cfg_attr(test, ts(optional))]
    pub avatar_url: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct LoginRequest {
    /// Matched ignoring case (an exact match first).
    pub username: String,
    pub password: String,
}

fn signup(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: SignupRequest = cx.body()?;
    if req.username.trim().is_empty() || req.password.is_empty() {
        return Err(ApiError::SignupFieldsEmpty);
    }
    rules::check_username(&req.username)?;
    rules::check_password(&req.password, cx.db.settings.min_password_chars)?;
    let first_name = rules::check_name("firstName", &req.first_name)?;
    let last_name = rules::check_name("lastName", &req.last_name)?;
    let avatar_url = match req.avatar_url.filter(|a| !a.is_empty()) {
        Some(url) => rules::check_avatar(url, cx.db.settings.remote_avatars())?,
        None => DEFAULT_AVATAR.to_owned(),
    };
    let avatar_url = base_path::absolute(&cx.db.base_path, avatar_url);
    if cx.db.username_taken(&req.username) {
        return Err(ApiError::UsernameExists);
    }
    let id = cx.db.next_id(IdKind::User);
    let salt = cx.db.salt();
    let user = User {
        id: id.clone(),
        first_name,
        last_name,
        username: req.username,
        email: None,
        created_at: cx.now.epoch_ms,
        updated_at: cx.now.epoch_ms,
        avatar_url,
        bio: String::new(),
        website: String::new(),
        followers: Vec::new(),
        following: Vec::new(),
        bookmarks: Vec::new(),
        password: digest_password(&salt, &req.password),
    };
    let encoded_token = encode_token(&user, cx.now.epoch_ms);
    cx.db.insert_user(user);
    let render = cx.render();
    let user = render.db.user(&id).ok_or(ApiError::Internal)?;
    Reply::created(&SignupResponse {
        created_user: render.user(user),
        encoded_token,
    })
}

/// Finds the account ignoring case, and checks no input rule: any username
/// string answers only the sign-in errors.
fn login(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: LoginRequest = cx.body()?;
    let render = cx.render();
    let user = render
        .db
        .user_by_username_ignoring_case(&req.username)
        .ok_or(ApiError::UserNotRegistered)?;
    if !password_matches(&user.password, &req.password) {
        return Err(ApiError::InvalidCredentials);
    }
    Reply::ok(&LoginResponse {
        found_user: render.user(user),
        encoded_token: encode_token(user, cx.now.epoch_ms),
    })
}

#[cfg(test)]
#[path = "auth_tests.rs"]
mod tests;
