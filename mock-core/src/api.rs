//! The request/response boundary: strings in, status and body text out.

use crate::auth::authenticate;
use crate::base_path;
use crate::clock::{Clock, ClockView};
use crate::db::{Db, Rng};
use crate::error::ApiError;
use crate::events::{self, EventWindow};
use crate::exchange::{Now, Request, Response};
use crate::idempotency::{self, Found, KeptAnswer, Keys};
use crate::router::dispatch;
use crate::seed_import::SeedReport;
use crate::snapshot::{self, SnapshotError};
use std::rc::Rc;

/// The whole backend: the store, the request handler, and the window of
/// recent events live readers resume from.
#[derive(Debug, Clone)]
pub struct Api {
    db: Db,
    events: EventWindow,
    /// The state's clock (crate::clock): what the host's time maps to.
    clock: Clock,
    /// Answers kept under `Idempotency-Key`s (crate::idempotency).
    keys: Keys,
    /// A fork's state where it was forked: what its `reset` goes back to
    /// (`None`: the seed). Never changed once made, so one `Rc` holds it.
    fork_point: Option<Rc<ForkPoint>>,
}

/// The store and kept answers a fork started from.
#[derive(Debug)]
struct ForkPoint {
    db: Db,
    keys: Keys,
}

impl Api {
    /// A backend over the seed data for a site at the root. `entropy`
    /// seeds salts and ids.
    pub fn new(entropy: u64) -> Api {
        let mut db = crate::seed::seed_db(Rng(entropy));
        base_path::apply(&mut db, "/");
        Api {
            db,
            events: EventWindow::default(),
            clock: Clock::default(),
            keys: Keys::default(),
            fork_point: None,
        }
    }

    /// A backend for a site under `base` (`/murmur/`): every media and
    /// avatar path it hands out is absolute under it. Refuses a base that
    /// is not `/` or `/word/.../`.
    pub fn with_base_path(entropy: u64, base: &str) -> Result<Api, String> {
        let base = base_path::normalize(base)?;
        let mut db = crate::seed::seed_db(Rng(entropy));
        base_path::apply(&mut db, &base);
        Ok(Api {
            db,
            events: EventWindow::default(),
            clock: Clock::default(),
            keys: Keys::default(),
            fork_point: None,
        })
    }

    /// The store, for tests that look at what a request computed.
    #[cfg(test)]
    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// The state's revision: bumped by every request that changes the state
    /// (see docs/rules.md, "Revisions and events").
    pub fn revision(&self) -> u64 {
        self.db.revision()
    }

    /// The base path media and avatar paths are absolute under.
    pub fn base_path(&self) -> &str {
        &self.db.base_path
    }

    /// Answers one request; a request that changed the state adds its
    /// events to the window.
    pub fn handle(&mut self, req: &Request<'_>, now: Now) -> Response {
        let (response, changes) = dispatch(&mut self.db, req, now);
        if response.changed {
            let revision = response.revision;
            let made = events::of_change(&self.db, &changes, revision, now.offset_minutes);
            self.events.record(made, revision);
        }
        response
    }

    /// Answers one write sent with an `Idempotency-Key` header (`key`;
    /// `None`, or a read, is `handle`): the first time, it runs, and its
    /// answer is kept when it changed the state; the same key, user and
    /// route again answers that again and changes nothing; with another
    /// body it answers 422. A key that is no key answers 400. Keys live
    /// `KEY_LIFETIME_MS` by the state's clock (docs/API.md, "Idempotency-Key").
    pub fn handle_keyed(&mut self, req: &Request<'_>, key: Option<&str>, now: Now) -> Response {
        let Some(key) = key.filter(|_| idempotency::is_write(req.method)) else {
            return self.handle(req, now);
        };
        let revision = self.db.revision();
        if !idempotency::valid_key(key) {
            let err = ApiError::IdempotencyKeyInvalid;
            return Response::unchanged(err.status(), err.body(), revision);
        }
        self.keys.expire(now.epoch_ms);
        let user = authenticate(&self.db, req.authorization)
            .map(|user| user.id)
            .unwrap_or_default();
        let path = idempotency::path_of(req.url);
        match self.keys.find(key, &user, req.method, path, req.body) {
            Found::Repeat(kept) => {
                return Response::unchanged(kept.status, kept.body.clone(), revision)
            }
            Found::Reused => {
                let err = ApiError::IdempotencyKeyReused;
                return Response::unchanged(err.status(), err.body(), revision);
            }
            Found::New => {}
        }
        let response = self.handle(req, now);
        if response.changed {
            self.keys.keep(KeptAnswer {
                key: key.to_owned(),
                user,
                method: req.method.to_ascii_uppercase(),
                path: path.to_owned(),
                request: req.body.to_owned(),
                status: response.status,
                body: response.body.clone(),
                at: now.epoch_ms,
            });
        }
        response
    }

    /// The state's time when the platform's is `platform` (its zone kept).
    pub fn clock_now(&self, platform: Now) -> Now {
        Now {
            epoch_ms: self.clock.now(platform.epoch_ms),
            offset_minutes: platform.offset_minutes,
        }
    }

    /// The state's clock as `GET __murmur/clock` shows it.
    pub fn clock(&self, platform_ms: i64) -> ClockView {
        self.clock.view(platform_ms)
    }

    /// Stops the state's clock at `iso` (RFC 3339); a bad date says why.
    pub fn set_clock(&mut self, iso: &str) -> Result<(), String> {
        self.clock.set(iso)
    }

    /// Moves the state's clock `ms` on; a bad amount says why.
    pub fn advance_clock(&mut self, ms: f64, platform_ms: i64) -> Result<(), String> {
        self.clock.advance(ms, platform_ms)
    }

    /// Lets a stopped clock run on from where it shows.
    pub fn resume_clock(&mut self, platform_ms: i64) {
        self.clock.resume(platform_ms);
    }

    /// The state's clock back to the platform's time.
    pub fn real_clock(&mut self) {
        self.clock.real();
    }

    /// A live reader's events after the revision `after` (its
    /// `Last-Event-ID`, as sent), as `{revision, events}` JSON: public
    /// events, and its own notifications when `authorization` holds a
    /// token (checked as every token route checks it: a bad one answers
    /// 401, a vanished user 404). No `authorization` reads public events
    /// only. `after` absent asks for none (where to start: the revision);
    /// one the window cannot answer gets a single `resync` event. See
    /// docs/rules.md, "Live events".
    pub fn events(&self, authorization: Option<&str>, after: Option<&str>) -> Response {
        let reader = match authorization.map(|token| authenticate(&self.db, Some(token))) {
            None => None,
            Some(Ok(user)) => Some(user.id),
            Some(Err(err)) => {
                return Response::unchanged(err.status(), err.body(), self.db.revision())
            }
        };
        let revision = self.db.revision();
        let read = match after {
            None => events::Read::Events(Vec::new()),
            Some(after) => self.events.read(reader.as_deref(), after, revision),
        };
        Response::unchanged(200, events::body(&read, revision), revision)
    }

    /// The whole state (password digests and generators included) as one
    /// versioned JSON document.
    pub fn export_snapshot(&self) -> String {
        let keys: Vec<KeptAnswer> = self.keys.all().cloned().collect();
        snapshot::export_with_keys(&self.db, &keys)
    }

    /// Replaces the state with a snapshot; a bad one is refused and the
    /// state stays as it was. The revision becomes the snapshot's, so that
    /// export, import and export give the same text, and requests replayed
    /// over it give the revisions they gave where it was exported.
    /// Relative media and avatar paths (states saved before paths were
    /// absolute) are moved under the base path.
    pub fn import_snapshot(&mut self, json: &str) -> Result<(), SnapshotError> {
        self.replace_with(snapshot::import(json)?);
        Ok(())
    }

    fn replace_with(&mut self, imported: snapshot::Imported) {
        let snapshot::Imported {
            mut db,
            base_path,
            keys,
        } = imported;
        self.keys = Keys::from_kept(keys);
        if let Some(from) = base_path {
            base_path::rebase(&mut db, &from, &self.db.base_path);
        }
        base_path::apply(&mut db, &self.db.base_path);
        db.settings = self.db.settings.clone();
        self.events.replaced(db.revision());
        self.db = db;
    }

    /// Replaces the state with `users` generated users (the guest account
    /// among them) and `posts` generated posts, for benchmarks.
    pub fn load_bulk(&mut self, users: usize, posts: usize) {
        let mut db = snapshot::bulk(users, posts, self.db.rng.clone());
        base_path::apply(&mut db, &self.db.base_path);
        self.replace_with_new(db);
    }

    /// Puts a new state (a seed, a generated one) in place of this one, one
    /// revision on: a new state never reuses a revision this one has had.
    fn replace_with_new(&mut self, mut db: Db) {
        db.settings = self.db.settings.clone();
        db.take_changes();
        db.set_revision(self.db.revision().saturating_add(1));
        self.keys = Keys::default();
        self.events.replaced(db.revision());
        self.db = db;
    }

    /// Replaces the state with a host's seed (`{users, follows?, posts?}`
    /// in Murmur's shape or the API's, see `seed_import`), loaded as it is
    /// where the core does not rely on it; dates default to `now`. Returns
    /// what was adapted. A refused seed leaves the state as it was, and the
    /// error names the item.
    pub fn import_seed(&mut self, json: &str, now: Now) -> Result<SeedReport, String> {
        let (mut db, report) = crate::seed_import::import(&self.db, json, now.epoch_ms)?;
        base_path::apply(&mut db, &self.db.base_path);
        // A seed that names its `api` settings brings them.
        let settings = db.settings.clone();
        self.replace_with_new(db);
        self.db.settings = settings;
        Ok(report)
    }

    /// Sets the API's settings (JSON, see `crate::settings::ApiSettings`;
    /// each absent member its default). They stay through a reset, a seed
    /// (unless it names its own) and a loaded state.
    pub fn configure(&mut self, json: &str) -> Result<(), String> {
        self.db.settings = crate::settings::ApiSettings::read(json)?;
        Ok(())
    }

    /// Builds the search index now (tag feeds and searches build it on
    /// first use otherwise): a host calls this when the page is idle, so the
    /// first tag or search page of a large state does not wait for it.
    pub fn prepare_search(&self) {
        self.db.search();
    }

    /// A new backend with this one's state as it is now (store, kept
    /// answers, clock and base path), changed from then on apart from this
    /// one, and whose `reset` comes back here. Its live readers start at
    /// its first revision: this one's events are not theirs.
    pub fn fork(&self) -> Api {
        let point = Rc::new(ForkPoint {
            db: self.db.clone(),
            keys: self.keys.clone(),
        });
        let mut events = EventWindow::default();
        events.replaced(self.db.revision());
        Api {
            db: point.db.clone(),
            events,
            clock: self.clock,
            keys: point.keys.clone(),
            fork_point: Some(point),
        }
    }

    /// Back to the seed data, or a fork to where it was forked; the salt
    /// generator keeps running.
    pub fn reset(&mut self) {
        if let Some(point) = self.fork_point.clone() {
            let mut db = point.db.clone();
            db.rng = self.db.rng.clone();
            self.replace_with_new(db);
            self.keys = point.keys.clone();
            return;
        }
        let mut db = crate::seed::seed_db(self.db.rng.clone());
        base_path::apply(&mut db, &self.db.base_path);
        self.replace_with_new(db);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(api: &mut Api, url: &str) -> Response {
        let req = Request {
            method: "GET",
            url,
            authorization: None,
            body: "",
            prefer: None,
        };
        api.handle(
            &req,
            Now {
                epoch_ms: 1_700_000_000_000,
                offset_minutes: 0,
            },
        )
    }

    #[test]
    fn prepare_search_builds_the_index_and_answers_the_same() {
        let mut lazy = Api::new(7);
        let mut prepared = Api::new(7);
        lazy.load_bulk(50, 400);
        prepared.load_bulk(50, 400);
        assert!(!prepared.db.search_is_built());
        prepared.prepare_search();
        assert!(prepared.db.search_is_built());
        for url in [
            "/api/search?q=bulk",
            "/api/posts/tag/bulk?page=2",
            "/api/posts/search?q=post&limit=7",
        ] {
            let (a, b) = (get(&mut lazy, url), get(&mut prepared, url));
            assert_eq!((a.status, &a.body), (b.status, &b.body), "{url}");
            assert_eq!(a.status, 200, "{url}: {}", a.body);
        }
    }

    fn contents(api: &mut Api) -> Vec<String> {
        let all: serde_json::Value =
            serde_json::from_str(&get(api, "/api/posts?limit=100").body).unwrap_or_default();
        all["posts"]
            .as_array()
            .map(|posts| {
                posts
                    .iter()
                    .filter_map(|p| p["content"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_fork_starts_from_its_parent_with_its_clock_and_keys_and_never_changes_it() {
        let mut parent = crate::testing::TestApi::new();
        let token = parent.guest();
        let body = serde_json::json!({ "postData": { "content": "prepared" } }).to_string();
        let req = Request {
            method: "POST",
            url: "/api/posts",
            authorization: Some(&token),
            body: &body,
            prefer: Some("return=minimal"),
        };
        let first = parent.api.handle_keyed(&req, Some("k-1"), parent.now);
        assert_eq!(first.status, 201, "{}", first.body);
        parent.api.set_clock("2026-02-01T00:00:00Z").unwrap();
        let before = parent.state();

        let mut child = crate::testing::TestApi {
            api: parent.api.fork(),
            now: parent.now,
            sends_back_held_values: false,
            beyond_contract: false,
        };
        assert_eq!(child.state(), before, "the fork holds the parent's state");
        assert_eq!(child.api.revision(), parent.api.revision());
        assert_eq!(
            child.api.clock(0).now,
            parent.api.clock(0).now,
            "and its clock"
        );
        // Its kept answers came with it: the retry answers the first answer.
        let again = child.api.handle_keyed(&req, Some("k-1"), child.now);
        assert_eq!((again.status, &again.body), (first.status, &first.body));
        assert!(!again.changed);

        let child_token = child.guest();
        let (status, _) = child.post(
            "/api/posts",
            &child_token,
            serde_json::json!({ "postData": { "content": "only in the child" } }),
        );
        assert_eq!(status, 201);
        child.api.set_clock("2030-01-01T00:00:00Z").unwrap();
        assert!(contents(&mut child.api).contains(&"only in the child".to_owned()));
        assert_eq!(parent.state(), before, "the parent is as it was");
        assert!(!contents(&mut parent.api).contains(&"only in the child".to_owned()));
        assert_eq!(parent.api.clock(0).now, "2026-02-01T00:00:00Z");
    }

    #[test]
    fn a_reset_of_a_fork_goes_back_to_the_fork_point_and_a_later_revision() {
        let mut parent = crate::testing::TestApi::new();
        let token = parent.guest();
        parent.post(
            "/api/posts",
            &token,
            serde_json::json!({ "postData": { "content": "prepared" } }),
        );
        let mut child = crate::testing::TestApi {
            api: parent.api.fork(),
            now: parent.now,
            sends_back_held_values: false,
            beyond_contract: false,
        };
        let at_fork = child.state();
        let child_token = child.guest();
        child.post(
            "/api/posts",
            &child_token,
            serde_json::json!({ "postData": { "content": "only in the child" } }),
        );
        let changed = child.api.revision();
        child.api.reset();
        let mut after = child.state();
        let mut expected = at_fork.clone();
        // The salt generator runs on across a reset, as a reset to the seed's does.
        for state in [&mut after, &mut expected] {
            state.as_object_mut().map(|s| s.remove("rng"));
        }
        assert_eq!(after, expected, "back where it was forked");
        assert!(contents(&mut child.api).contains(&"prepared".to_owned()));
        assert!(!contents(&mut child.api).contains(&"only in the child".to_owned()));
        assert!(
            child.api.revision() > changed,
            "a reset never reuses a revision"
        );
        // And again: the fork point itself was not changed by the writes.
        child.post(
            "/api/posts",
            &child_token,
            serde_json::json!({ "postData": { "content": "second round" } }),
        );
        child.api.reset();
        assert!(!contents(&mut child.api).contains(&"second round".to_owned()));
        // A fork of a fork resets to its own point, not to its parent's.
        child.post(
            "/api/posts",
            &child_token,
            serde_json::json!({ "postData": { "content": "at the second fork" } }),
        );
        let mut grandchild = crate::testing::TestApi {
            api: child.api.fork(),
            now: child.now,
            sends_back_held_values: false,
            beyond_contract: false,
        };
        let grand_token = grandchild.guest();
        grandchild.post(
            "/api/posts",
            &grand_token,
            serde_json::json!({ "postData": { "content": "grandchild only" } }),
        );
        grandchild.api.reset();
        let held = contents(&mut grandchild.api);
        assert!(held.contains(&"at the second fork".to_owned()));
        assert!(!held.contains(&"grandchild only".to_owned()));
        assert!(contents(&mut child.api).contains(&"at the second fork".to_owned()));
        // An ordinary state still resets to the seed.
        parent.api.reset();
        assert!(!contents(&mut parent.api).contains(&"prepared".to_owned()));
    }
}
