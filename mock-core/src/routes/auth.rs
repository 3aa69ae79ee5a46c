//! Sign-up and login.

use crate::auth::{digest_password, encode_token, password_matches};
use crate::base_path;
use crate::db::IdKind;
use crate::error::ApiError;
use crate::model::User;
use crate::router::{Ctx, Method::Post, Reply, Route};
use crate::routes::media::check_media_path;
use crate::seed::DEFAULT_AVATAR;
use crate::views::{LoginResponse, SignupResponse};
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

pub const ROUTES: &[Route] = &[
    Route::open(Post, "/api/auth/signup", signup),
    Route::open(Post, "/api/auth/login", login),
];

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct SignupRequest {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
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
    pub username: String,
    pub password: String,
}

fn signup(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: SignupRequest = cx.body()?;
    if req.username.trim().is_empty() || req.password.is_empty() {
        return Err(ApiError::SignupFieldsEmpty);
    }
    let avatar_url = match req.avatar_url.filter(|a| !a.is_empty()) {
        Some(url) => check_media_path("avatarURL", url)?,
        None => DEFAULT_AVATAR.to_owned(),
    };
    let avatar_url = base_path::absolute(&cx.db.base_path, avatar_url);
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

fn login(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    let req: LoginRequest = cx.body()?;
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
