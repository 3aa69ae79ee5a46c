//! What crosses the core's boundary: a request as plain strings, its
//! response, and the caller's clock. A leaf: the router, the API and the
//! seed import all speak it, and it imports nothing of theirs.

/// The caller's clock: milliseconds since the Unix epoch, and the local zone
/// offset in minutes east of UTC (used to render timestamps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Now {
    pub epoch_ms: i64,
    pub offset_minutes: i32,
}

#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub method: &'a str,
    /// Path plus optional query, starting at `/api/`; a full URL is accepted too.
    pub url: &'a str,
    pub authorization: Option<&'a str>,
    pub body: &'a str,
    /// The `Prefer` header as sent (RFC 7240), if any: `return=minimal`
    /// asks a write that answers every post for only the post it changed.
    pub prefer: Option<&'a str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub body: String,
    /// The `Allow` header of a 405: the methods the path answers
    /// (`"GET, POST"`).
    pub allow: Option<&'static str>,
    /// The `Preference-Applied` header: `return=minimal` when the answer
    /// is the small one a `Prefer: return=minimal` asked for.
    pub preference_applied: Option<&'static str>,
    /// Whether the request committed a change to the state: a write that
    /// succeeded. A read, a sign-in and a refused write change nothing.
    /// A host saves (journals) exactly the requests that did.
    pub changed: bool,
    /// The id (`m-01`) of the upload the request registered
    /// (`POST /api/media`): the host stores the file's bytes under it.
    pub media_id: Option<String>,
    /// The state's revision after the request: one more than before when
    /// it `changed` the state, the same otherwise.
    pub revision: u64,
}

impl Response {
    /// An answer with `status` and `body` that changed nothing.
    pub(crate) fn unchanged(status: u16, body: String, revision: u64) -> Response {
        Response {
            status,
            body,
            allow: None,
            preference_applied: None,
            changed: false,
            media_id: None,
            revision,
        }
    }
}

/// The preference RFC 7240 names `return=minimal`, and the value of the
/// `Preference-Applied` header that says it was honoured.
pub const RETURN_MINIMAL: &str = "return=minimal";

/// Whether a `Prefer` header asks for `return=minimal`: preferences are
/// separated by commas, each a token (compared ignoring case), `=` and a
/// value (bare or quoted), then parameters after `;`. Any other
/// preference is ignored, as the RFC asks.
pub fn prefers_minimal(prefer: Option<&str>) -> bool {
    prefer.is_some_and(|header| {
        header.split(',').any(|preference| {
            let head = preference.split(';').next().unwrap_or_default();
            let Some((name, value)) = head.split_once('=') else {
                return false;
            };
            let value = value.trim().trim_matches('"');
            name.trim().eq_ignore_ascii_case("return") && value.eq_ignore_ascii_case("minimal")
        })
    })
}

#[cfg(test)]
mod tests {
    use super::prefers_minimal;

    #[test]
    fn return_minimal_is_read_as_rfc_7240_writes_it() {
        for yes in [
            "return=minimal",
            "Return=Minimal",
            " return = \"minimal\" ",
            "respond-async, return=minimal",
            "return=minimal; foo=bar",
            "wait=10,return=minimal",
        ] {
            assert!(prefers_minimal(Some(yes)), "{yes}");
        }
        for no in [
            "",
            "return=representation",
            "return",
            "minimal",
            "returns=minimal",
            "respond-async; return=minimal",
            "return=minimalist",
        ] {
            assert!(!prefers_minimal(Some(no)), "{no}");
        }
        assert!(!prefers_minimal(None));
    }
}
