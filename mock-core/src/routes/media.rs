//! Media upload registration: the browser keeps the file; the core checks
//! it the way the client does and hands out a relative path for it.

use crate::db::IdKind;
use crate::error::{ApiError, MAX_UPLOAD_BYTES};
use crate::router::{Ctx, Method, Reply, Route};
use crate::views::MediaResponse;
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;

pub const ROUTES: &[Route] = &[Route {
    method: Method::Post,
    pattern: "/api/media",
    handler: register,
}];

#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(TS))]
pub struct MediaRequest {
    /// The file's MIME type; must start with `image/`.
    #[serde(rename = "type")]
    pub mime: String,
    /// In bytes; must be below 10485760.
    #[cfg_attr(test, ts(type = "number"))]
    pub size: u64,
}

fn register(cx: Ctx<'_>) -> Result<Reply, ApiError> {
    cx.user()?;
    let req: MediaRequest = cx.json()?;
    if !req.mime.starts_with("image/") {
        return Err(ApiError::NotAnImage);
    }
    if req.size >= MAX_UPLOAD_BYTES {
        return Err(ApiError::FileTooLarge);
    }
    let id = cx.db.next_id(IdKind::Media);
    Reply::created(&MediaResponse {
        media_url: format!("media/{id}"),
    })
}

#[cfg(test)]
#[path = "media_tests.rs"]
mod tests;
