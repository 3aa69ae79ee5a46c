//! The request/response boundary. (First cut: GET /api/users only.)

use serde::Serialize;

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
}

#[derive(Serialize)]
struct UserSummary {
    #[serde(rename = "_id")]
    id: &'static str,
    username: &'static str,
}

pub struct Api {
    users: Vec<UserSummary>,
}

impl Api {
    /// A backend over the seed data. `entropy` seeds salts and ids.
    pub fn new(_entropy: u64) -> Api {
        Api {
            users: vec![UserSummary {
                id: "u-guest",
                username: "guest",
            }],
        }
    }

    pub fn handle(&mut self, req: &Request<'_>, _now: Now) -> Response {
        let path = req.url.split('?').next().unwrap_or_default();
        match (req.method, path.trim_end_matches('/')) {
            ("GET", "/api/users") => Response {
                status: 200,
                body: serde_json::json!({ "users": self.users }).to_string(),
            },
            _ => Response {
                status: 404,
                body: serde_json::json!({ "errors": ["No such route"] }).to_string(),
            },
        }
    }
}
