//! Idempotent writes (docs/API.md, "Idempotency-Key"): a write sent with an
//! `Idempotency-Key` header that changed the state keeps its answer, and
//! the same key sent again by the same user to the same route answers it
//! again without a second effect; with another body it is refused. The
//! kept answers are state: saved in snapshots, and rebuilt by a journal's
//! replay (the host records the key with the write).

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// How long a key is kept, by the state's clock: a day, as Stripe does.
pub const KEY_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;
/// The most keys a state keeps; beyond, the oldest is let go.
pub const MAX_KEYS: usize = 1000;
/// The longest key taken, in bytes (visible ASCII only).
pub const MAX_KEY_CHARS: usize = 255;

/// One write's answer, kept under its key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptAnswer {
    pub key: String,
    /// The user's id (empty for a request without a valid token).
    pub user: String,
    pub method: String,
    /// The path, without its query.
    pub path: String,
    /// The request body as sent: another body under the key is refused.
    pub request: String,
    pub status: u16,
    pub body: String,
    /// When it was answered, ms since the epoch by the state's clock.
    pub at: i64,
}

/// What a keyed write finds among the kept answers.
pub enum Found<'a> {
    /// Not seen (or expired): run it.
    New,
    /// The same request: answer this again.
    Repeat(&'a KeptAnswer),
    /// The key with another body: refuse it.
    Reused,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keys {
    kept: VecDeque<KeptAnswer>,
}

/// Whether a header value can be a key.
pub fn valid_key(key: &str) -> bool {
    (1..=MAX_KEY_CHARS).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}

/// Whether `method` is a write a key applies to.
pub fn is_write(method: &str) -> bool {
    ["POST", "PUT", "PATCH", "DELETE"]
        .iter()
        .any(|m| m.eq_ignore_ascii_case(method))
}

/// The path of a request URL (`/api/posts?x` or a full URL), without its query.
pub fn path_of(url: &str) -> &str {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    match path.split_once("://") {
        Some((_, rest)) => rest.find('/').and_then(|at| rest.get(at..)).unwrap_or("/"),
        None => path,
    }
}

impl Keys {
    pub fn from_kept(kept: Vec<KeptAnswer>) -> Keys {
        Keys { kept: kept.into() }
    }

    pub fn all(&self) -> impl Iterator<Item = &KeptAnswer> {
        self.kept.iter()
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Lets go of the keys older than their lifetime at `now_ms`.
    pub fn expire(&mut self, now_ms: i64) {
        let oldest = now_ms.saturating_sub(KEY_LIFETIME_MS);
        self.kept.retain(|k| k.at > oldest);
    }

    pub fn find(
        &self,
        key: &str,
        user: &str,
        method: &str,
        path: &str,
        request: &str,
    ) -> Found<'_> {
        match self.kept.iter().find(|k| {
            k.key == key
                && k.user == user
                && k.method.eq_ignore_ascii_case(method)
                && k.path == path
        }) {
            None => Found::New,
            Some(k) if k.request == request => Found::Repeat(k),
            Some(_) => Found::Reused,
        }
    }

    pub fn keep(&mut self, answer: KeptAnswer) {
        self.kept.push_back(answer);
        while self.kept.len() > MAX_KEYS {
            self.kept.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_visible_ascii_up_to_255() {
        assert!(valid_key("4b9f0c2e-8a51-4d7e-9d0b-1f2a3c4d5e6f"));
        assert!(valid_key(&"k".repeat(255)));
        for bad in ["", " ", "a b", "clé", "tab\there"] {
            assert!(!valid_key(bad), "{bad:?}");
        }
        assert!(!valid_key(&"k".repeat(256)));
    }

    #[test]
    fn paths_drop_their_query_and_origin() {
        assert_eq!(path_of("/api/posts?page=2"), "/api/posts");
        assert_eq!(path_of("http://localhost:4000/api/posts#x"), "/api/posts");
        assert_eq!(path_of("https://example.test"), "/");
        assert!(is_write("post") && is_write("DELETE") && !is_write("GET"));
    }

    fn kept(key: &str, at: i64) -> KeptAnswer {
        KeptAnswer {
            key: key.to_owned(),
            user: "u".to_owned(),
            method: "POST".to_owned(),
            path: "/api/posts".to_owned(),
            request: "{}".to_owned(),
            status: 201,
            body: "[]".to_owned(),
            at,
        }
    }

    #[test]
    fn keys_expire_after_a_day_and_at_most_max_keys_are_kept() {
        let mut keys = Keys::default();
        keys.keep(kept("a", 0));
        keys.keep(kept("b", 1));
        keys.expire(KEY_LIFETIME_MS);
        assert_eq!(
            keys.all().map(|k| k.key.as_str()).collect::<Vec<_>>(),
            ["b"]
        );
        for n in 0..MAX_KEYS {
            keys.keep(kept(&n.to_string(), 2));
        }
        assert_eq!(keys.len(), MAX_KEYS);
        assert!(matches!(
            keys.find("b", "u", "POST", "/api/posts", "{}"),
            Found::New
        ));
        assert!(matches!(
            keys.find("0", "u", "post", "/api/posts", "{}"),
            Found::Repeat(_)
        ));
        assert!(matches!(
            keys.find("0", "u", "POST", "/api/posts", "{\"x\":1}"),
            Found::Reused
        ));
        assert!(matches!(
            keys.find("0", "v", "POST", "/api/posts", "{}"),
            Found::New
        ));
        assert!(matches!(
            keys.find("0", "u", "POST", "/api/users", "{}"),
            Found::New
        ));
    }
}
