//! The input rules (docs/rules.md, "Input rules"): what a real backend
//! refuses to store. Each check answers the 400 that names the field and the
//! rule; lengths count Unicode code points, as for posts. Values already
//! stored (an old saved state, a snapshot) are never checked again: an edit
//! that sends back the value a record holds is accepted as it is.

use crate::error::ApiError;
use crate::unicode::chars;

pub const MIN_USERNAME_CHARS: usize = 3;
pub const MAX_USERNAME_CHARS: usize = 30;
/// `firstName` and `lastName`, after trimming; at least one character.
pub const MAX_NAME_CHARS: usize = 50;
pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_CHARS: usize = 128;
pub const MAX_BIO_CHARS: usize = 160;
pub const MAX_WEBSITE_CHARS: usize = 200;
/// A comment's text, after trimming; at least one character.
pub const MAX_COMMENT_CHARS: usize = 280;
/// A request body longer than this many bytes (UTF-8) answers 413 unread.
pub const MAX_BODY_BYTES: usize = 262_144;
/// Longest post content and hashtag string.
pub const MAX_POST_CHARS: usize = 100;
/// Uploads must be strictly smaller than this many bytes (ten mebibytes).
pub const MAX_UPLOAD_BYTES: u64 = 10_485_760;

/// A media or avatar path (see [`check_media_path`]) as a regular
/// expression (for clients and the contract; a test holds the two equal).
pub const MEDIA_PATH_PATTERN: &str =
    "^/?(?:[A-Za-z0-9_-]+/)*(?:media|avatars|seed)/[A-Za-z0-9_-][A-Za-z0-9._-]*$";

/// The shape of a username as a regular expression (for clients; the core
/// checks it by hand, see [`check_username`], and a test holds the two
/// equal).
pub const USERNAME_PATTERN: &str = "^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$";
/// The characters no name or username may hold, as a regular expression
/// character class (for clients; see [`is_forbidden_char`]).
pub const FORBIDDEN_CHARS_PATTERN: &str =
    "[\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]";

/// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides
/// and isolates: characters that make a name display as something else.
pub fn is_forbidden_char(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

fn length(field: &'static str, value: &str, min: usize, max: usize) -> Result<(), ApiError> {
    if (min..=max).contains(&chars(value)) {
        Ok(())
    } else {
        Err(ApiError::FieldLength { field, min, max })
    }
}

fn no_forbidden_chars(field: &'static str, value: &str) -> Result<(), ApiError> {
    if value.chars().any(is_forbidden_char) {
        Err(ApiError::ForbiddenCharacters(field))
    } else {
        Ok(())
    }
}

/// 3 to 30 characters, no control or bidi characters, then the shape:
/// ASCII letters, digits, `_`, `.` and `-`, starting and ending with a
/// letter, digit or `_`.
pub fn check_username(username: &str) -> Result<(), ApiError> {
    length("username", username, MIN_USERNAME_CHARS, MAX_USERNAME_CHARS)?;
    no_forbidden_chars("username", username)?;
    let edge = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    let inner = |b: &u8| edge(b) || *b == b'.' || *b == b'-';
    let bytes = username.as_bytes();
    let shaped = bytes.iter().all(inner)
        && bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge);
    if shaped {
        Ok(())
    } else {
        Err(ApiError::UsernameFormat)
    }
}

/// A first or last name (`field`): trimmed, 1 to 50 characters, no control
/// or bidi characters. Returns the trimmed name, which is what is stored.
pub fn check_name(field: &'static str, name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    length(field, name, 1, MAX_NAME_CHARS)?;
    no_forbidden_chars(field, name)?;
    Ok(name.to_owned())
}

/// A new password: `min` (the `minPasswordChars` setting, 8 by default)
/// to 128 characters.
pub fn check_password(password: &str, min: usize) -> Result<(), ApiError> {
    length("password", password, min, MAX_PASSWORD_CHARS)
}

/// The most characters of an avatar URL on another site.
pub const MAX_AVATAR_URL_CHARS: usize = 2048;

/// An avatar sent by a client: a path on this site, as `mediaURL`; with the
/// `avatars: "anywhere"` setting (`anywhere`), also an `http:`/`https:` URL
/// of at most 2048 characters without spaces or control characters (kept as
/// sent).
pub fn check_avatar(url: String, anywhere: bool) -> Result<String, ApiError> {
    let remote = anywhere
        && (url.starts_with("https://") || url.starts_with("http://"))
        && chars(&url) <= MAX_AVATAR_URL_CHARS
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '\\');
    if remote {
        Ok(url)
    } else {
        check_media_path("avatarURL", url)
    }
}

pub fn check_bio(bio: &str) -> Result<(), ApiError> {
    length("bio", bio, 0, MAX_BIO_CHARS)
}

/// Empty, or at most 200 characters of `http://` or `https://` (any case),
/// a host (something before any `/`, `?` or `#`) and no whitespace or
/// control characters.
pub fn check_website(website: &str) -> Result<(), ApiError> {
    length("website", website, 0, MAX_WEBSITE_CHARS)?;
    if website.is_empty() || is_http_url(website) {
        Ok(())
    } else {
        Err(ApiError::WebsiteNotHttp)
    }
}

fn is_http_url(url: &str) -> bool {
    let after_scheme = ["http://", "https://"].iter().find_map(|scheme| {
        url.get(..scheme.len())
            .filter(|head| head.eq_ignore_ascii_case(scheme))
            .and_then(|_| url.get(scheme.len()..))
    });
    let Some(rest) = after_scheme else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty()
        && !url
            .chars()
            .any(|c| c.is_whitespace() || is_forbidden_char(c))
}

/// A comment's text: trimmed, 1 to 280 characters. Returns the trimmed
/// text, which is what is stored.
pub fn check_comment(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::CommentEmpty);
    }
    length("Comment text", text, 0, MAX_COMMENT_CHARS)?;
    Ok(text.to_owned())
}

/// `url` if it is a same-origin path to an uploaded or shipped image:
/// `[/][dir/...](media|avatars|seed)/<name>`, every directory a plain word
/// (`[A-Za-z0-9_-]+`) and the name such a word with dots after its first
/// character. That shuts out other origins (`//host`, `https:`),
/// schemes (`javascript:`, `data:`), backslashes, whitespace,
/// percent-escapes and `..`. 400 naming `field` otherwise.
pub fn check_media_path(field: &'static str, url: String) -> Result<String, ApiError> {
    let word = |s: &str, dots: bool| {
        s.bytes().enumerate().all(|(i, b)| {
            b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || (dots && i > 0 && b == b'.')
        }) && !s.is_empty()
    };
    let mut segments: Vec<&str> = url.strip_prefix('/').unwrap_or(&url).split('/').collect();
    let name = segments.pop().unwrap_or_default();
    let safe = word(name, true)
        && segments
            .last()
            .is_some_and(|dir| ["media", "avatars", "seed"].contains(dir))
        && segments.iter().all(|dir| word(dir, false));
    if safe {
        Ok(url)
    } else {
        Err(ApiError::UnsafeMediaUrl(field))
    }
}

/// A comment's text that may be one already stored (an edit sending back
/// the text, a seed's comment): only not blank, the length rule left to
/// [`check_comment`] for a new text.
pub fn comment_not_blank(text: String) -> Result<String, ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::CommentEmpty);
    }
    Ok(text)
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
