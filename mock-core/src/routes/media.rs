//! Media upload registration: the browser keeps the file; the core checks
//! it the way the client does and hands out a relative path for it.

use crate::db::IdKind;
use crate::error::{ApiError, MAX_UPLOAD_BYTES};
use crate::json::{FromJson, Json, Obj};
use crate::json_write::cat;
use crate::router::{Ctx, Method, Reply, Route};
use crate::views::MediaResponse;

#[cfg(test)]
use ts_rs::TS;

pub const ROUTES: &[Route] = &[Route {
    method: Method::Post,
    pattern: "/api/media",
    handler: register,
}];

#[derive(Debug)]
#[cfg_attr(test, derive(TS))]
pub struct MediaRequest {
    /// The file's MIME type; must start with `image/`.
    #[cfg_attr(test, ts(rename = "type"))]
    pub mime: String,
    /// In bytes; must be below 10485760.
    #[cfg_attr(test, ts(type = "number"))]
    pub size: u64,
}

impl FromJson for MediaRequest {
    fn from_json(value: &Json) -> Result<Self, String> {
        let o = Obj::of(value, "the body")?;
        Ok(MediaRequest {
            mime: o.str("type")?,
            size: u64::try_from(o.int("size")?)
                .map_err(|_| "`size` must not be negative".to_owned())?,
        })
    }
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
        media_url: cat(&["media/", &id]),
    })
}

#[cfg(test)]
#[path = "media_tests.rs"]
mod tests;
