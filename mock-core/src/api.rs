//! The request/response boundary: strings in, status and body text out.

use crate::db::{Db, Rng};
use crate::router::dispatch;
use crate::snapshot::{self, SnapshotError};

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

/// The whole backend: the store plus the request handler.
#[derive(Debug, Clone)]
pub struct Api {
    db: Db,
}

impl Api {
    /// A backend over the seed data. `entropy` seeds salts and ids.
    pub fn new(entropy: u64) -> Api {
        Api {
            db: crate::seed::seed_db(Rng(entropy)),
        }
    }

    pub fn handle(&mut self, req: &Request<'_>, now: Now) -> Response {
        dispatch(&mut self.db, req, now)
    }

    /// The whole state (password digests and generators included) as one
    /// versioned JSON document.
    pub fn export_snapshot(&self) -> String {
        snapshot::export(&self.db)
    }

    /// Replaces the state with a snapshot; a bad one is refused and the
    /// state stays as it was.
    pub fn import_snapshot(&mut self, json: &str) -> Result<(), SnapshotError> {
        self.db = snapshot::import(json)?;
        Ok(())
    }

    /// Replaces the state with `users` generated users (the guest account
    /// among them) and `posts` generated posts, for benchmarks.
    pub fn load_bulk(&mut self, users: usize, posts: usize) {
        self.db = snapshot::bulk(users, posts, self.db.rng.clone());
    }

    /// Back to the seed data; the salt generator keeps running.
    pub fn reset(&mut self) {
        self.db = crate::seed::seed_db(self.db.rng.clone());
    }
}
