//! Media upload registration: the browser keeps the file; the core checks
//! it the way the client does and hands out a path for it, absolute under
//! the base path (`/murmur/media/m-01`).

use crate::auth::AuthUser;
#[cfg(test)]
use crate::contract::bad_body;
use crate::db::IdKind;
use crate::error::ApiError;
use crate::router::{route_table, Ctx, Reply};
use crate::rules::MAX_UPLOAD_BYTES;
use crate::views::MediaResponse;
use serde::Deserialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// Uploads an image and returns its path, absolute under the base path (`/media/m-01`,
    /// `/murmur/media/m-01`), for `postData.mediaURL` or `userData.avatarURL`. The body is the
    /// image file itself: `@murmur/backend` keeps it and passes the core its type (read from the
    /// bytes) and size as a `MediaRequest`.
    token Post "/api/media" => register {
        request: MediaRequest,
        response: 201 MediaResponse,
        errors: [NotAnImage, FileTooLarge, bad_body()],
    }
}

#[derive(Debug, Deserialize)]
#[serde(expecting = "a JSON object")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct MediaRequest {
    /// The file's MIME type; must start with `image/`.
    #[serde(rename = "type")]
    #[cfg_attr(test, schema(pattern = "^image/"))]
    pub mime: String,
    /// In bytes; must be below 10485760.
    #[cfg_attr(test, ts(type = "number"), schema(exclusive_maximum = 10485760))]
    pub size: u64,
}

fn register(cx: Ctx<'_>, _: AuthUser) -> Result<Reply, ApiError> {
    let req: MediaRequest = cx.body()?;
    if !req.mime.starts_with("image/") {
        return Err(ApiError::NotAnImage);
    }
    if req.size >= MAX_UPLOAD_BYTES {
        return Err(ApiError::FileTooLarge);
    }
    let id = cx.db.next_id(IdKind::Media);
    Reply::created(&MediaResponse {
        media_url: format!("{}media/{id}", cx.db.base_path),
    })
}

#[cfg(test)]
#[path = "media_tests.rs"]
mod tests;
