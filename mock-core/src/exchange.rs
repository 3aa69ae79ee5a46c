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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub body: String,
    /// The `Allow` header of a 405: the methods the path answers
    /// (`"GET, POST"`).
    pub allow: Option<&'static str>,
}
