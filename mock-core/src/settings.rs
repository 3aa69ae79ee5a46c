//! The API's settings: where the shapes of apps built on the MirageJS
//! template and the spec's conflict, or where the template had no input
//! rule, the host chooses (`startMurmurBackend({ api })`,
//! `createMurmurServer({ api })`, `murmur-backend serve --api`, or a
//! seed's `api`). The defaults are the spec's, so a host that names none
//! gets the API of docs/API.md unchanged.

use crate::rules::{MAX_POST_CHARS, MIN_PASSWORD_CHARS};
use serde::{Deserialize, Serialize};

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

/// The most characters a host may allow in a post (the size rules bound it:
/// a post is one JSON body of at most `MAX_BODY_BYTES`).
pub const MAX_POST_CHARS_SETTING: usize = 10_000;

/// What the bookmark routes answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub enum BookmarkShape {
    /// `{bookmarks: ["p-01", ...]}`: the posts' ids (the spec's).
    #[default]
    Ids,
    /// `{bookmarks: [post, ...]}`: the posts themselves (the template's).
    Posts,
}

/// Where an avatar sent by a client may live.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(TS, ToSchema))]
pub enum AvatarPlace {
    /// A path on this site, as `mediaURL` (the spec's).
    #[default]
    Site,
    /// Also any `http:` or `https:` URL (the template kept what it was given).
    Anywhere,
}

/// The settings; every member optional, each absent one the spec's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    default,
    rename_all = "camelCase",
    deny_unknown_fields,
    expecting = "an object {bookmarks?, maxPostChars?, minPasswordChars?, avatars?}"
)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct ApiSettings {
    /// `"ids"` (default) or `"posts"`.
    #[cfg_attr(test, ts(as = "Option<BookmarkShape>", optional))]
    pub bookmarks: BookmarkShape,
    /// The most characters in a post's content: 1 to 10000, default 100.
    #[cfg_attr(test, ts(as = "Option<usize>", optional))]
    pub max_post_chars: usize,
    /// The fewest characters of a new password at sign-up: 1 to 128,
    /// default 8.
    #[cfg_attr(test, ts(as = "Option<usize>", optional))]
    pub min_password_chars: usize,
    /// `"site"` (default) or `"anywhere"`.
    #[cfg_attr(test, ts(as = "Option<AvatarPlace>", optional))]
    pub avatars: AvatarPlace,
}

impl Default for ApiSettings {
    fn default() -> Self {
        ApiSettings {
            bookmarks: BookmarkShape::Ids,
            max_post_chars: MAX_POST_CHARS,
            min_password_chars: MIN_PASSWORD_CHARS,
            avatars: AvatarPlace::Site,
        }
    }
}

impl ApiSettings {
    /// Whether a client may give an avatar on another site.
    pub fn remote_avatars(&self) -> bool {
        self.avatars == AvatarPlace::Anywhere
    }

    /// Reads settings from JSON; the message names what to change.
    pub fn read(json: &str) -> Result<ApiSettings, String> {
        let settings: ApiSettings = serde_json::from_str(json).map_err(|e| format!("api: {e}"))?;
        settings.checked()
    }

    /// The settings when their numbers are in range.
    pub fn checked(self) -> Result<ApiSettings, String> {
        if !(1..=MAX_POST_CHARS_SETTING).contains(&self.max_post_chars) {
            return Err(format!(
                "api.maxPostChars must be 1 to {MAX_POST_CHARS_SETTING}, got {}",
                self.max_post_chars
            ));
        }
        let max = crate::rules::MAX_PASSWORD_CHARS;
        if !(1..=max).contains(&self.min_password_chars) {
            return Err(format!(
                "api.minPasswordChars must be 1 to {max}, got {}",
                self.min_password_chars
            ));
        }
        Ok(self)
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
