//! Sign-up and login.

use crate::auth::{digest_password, encode_token, password_matches};
use crate::db::IdKind;
use crate::error::ApiError;
use crate::json::{FromJson, Json, Obj};
use crate::model::User;
use crate::router::{Ctx, Method, Reply, Route};
use crate::seed::DEFAULT_AVATAR;
use crate::views::{LoginResponse, SignupResponse};

#[cfg(test)]
use ts_rs::TS;

pub const ROUTES: &[Route] = &[
    Route {
        method: Method::Post,
        pattern: "/api/auth/signup",
        handler: signup,
    },
    Route {
        method: Method::Post,
        pattern: "/api/auth/login",
        handler: login,
    },
];

#[derive(Debug)]
#[cfg_attr(test, derive(TS), ts(rename_all = "camelCase"))]
pub struct SignupRequest {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub password: String,
    /// Missing or empty: the default avatar.
    #[cfg_attr(test, ts(optional, rename = "avatarURL"))]
    pub avatar_url: Option<String>,
}

impl FromJson for SignupRequest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "the body")?;
        Ok(SignupRequest {
            first_name: o.str("firstName")?,
            last_name: o.str("lastName")?,
            username: o.str("username")?,
            password: o.str("password")?,
            avatar_url: o.opt_str("avatarURL")?,
        })
    }
}

#[derive(Debug)]
#[cfg_attr(test, derive(TS))]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
}

impl FromJson for LoginRequest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "the body")?;
        Ok(LoginRequest {
            username: o.str("username")?,
            password: o.str("password")?,
        })
    }
}

fn signup(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: SignupRequest = cx.json()?;
    if req.username.trim().is_empty() || req.password.is_empty() {
        return Err(ApiError::SignupFieldsEmpty);
    }
    if cx.db.user_by_username(&req.username).is_some() {
        return Err(ApiError::UsernameExists);
    }
    let id = cx.db.next_id(IdKind::User);
    let salt = cx.db.rng.salt();
    let user = User {
        id: id.clone(),
        first_name: req.first_name,
        last_name: req.last_name,
        username: req.username,
        email: None,
        created_at: cx.now.epoch_ms,
        updated_at: cx.now.epoch_ms,
        avatar_url: req
            .avatar_url
            .filter(|a| !a.is_empty())
            .unwrap_or_else(|| DEFAULT_AVATAR.to_owned()),
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

fn login(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: LoginRequest = cx.json()?;
    let render = cx.render();
    let user = render
        .db
        .user_by_username(&req.username)
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
