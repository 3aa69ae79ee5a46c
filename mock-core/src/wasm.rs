//! The JavaScript face of the core: one class, strings in, bytes out. The
//! clock (`Date`) and entropy (`crypto.getRandomValues`) are read here, so
//! the core itself stays pure.

use crate::{Api, Now, Request, Response};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
pub struct MockCore {
    api: Api,
}

#[wasm_bindgen]
pub struct CoreResponse {
    status: u16,
    body: String,
    allow: Option<&'static str>,
    preference_applied: Option<&'static str>,
    changed: bool,
    media_id: Option<String>,
    revision: u64,
}

#[wasm_bindgen]
impl CoreResponse {
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The `Allow` header of a 405 (`"GET, POST"`), else `undefined`.
    #[wasm_bindgen(getter)]
    pub fn allow(&self) -> Option<String> {
        self.allow.map(str::to_owned)
    }

    /// The `Preference-Applied` header (`"return=minimal"`) when the body
    /// is the small answer a `Prefer` header asked for, else `undefined`.
    #[wasm_bindgen(getter, js_name = preferenceApplied)]
    pub fn preference_applied(&self) -> Option<String> {
        self.preference_applied.map(str::to_owned)
    }

    /// Whether the request committed a change to the state (a write that
    /// succeeded): what a host saves. A read, a sign-in and a refused
    /// write are `false`.
    #[wasm_bindgen(getter)]
    pub fn changed(&self) -> bool {
        self.changed
    }

    /// The id (`m-01`) of the upload the request registered (`POST
    /// /api/media`), to store its bytes under; else `undefined`.
    #[wasm_bindgen(getter, js_name = mediaId)]
    pub fn media_id(&self) -> Option<String> {
        self.media_id.clone()
    }

    /// The state's revision after the request (one more than before when
    /// it `changed` the state). A number: exact up to 2^53.
    #[wasm_bindgen(getter)]
    pub fn revision(&self) -> f64 {
        self.revision as f64
    }

    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
    }

    /// The body's length in bytes.
    #[wasm_bindgen(getter, js_name = bodyLength)]
    pub fn body_length(&self) -> usize {
        self.body.len()
    }

    /// Bytes `start..end` of the body (clamped to it), copied straight into a
    /// new JS `Uint8Array`, the body left in place: a large answer (every
    /// post, megabytes) leaves the module a chunk at a time as it is sent,
    /// so that no copy of the whole of it is made outside the module.
    #[wasm_bindgen(js_name = bodyChunk)]
    pub fn body_chunk(&self, start: usize, end: usize) -> js_sys::Uint8Array {
        let bytes = self.body.as_bytes();
        let end = end.min(bytes.len());
        let chunk = bytes.get(start.min(end)..end).unwrap_or_default();
        js_sys::Uint8Array::from(chunk)
    }

    /// The body as UTF-8 bytes, moved out without a copy inside the module:
    /// what `new Response(bytes)` takes as it is, where a string would be
    /// decoded from UTF-8 only to be encoded again. A second call gives an
    /// empty array.
    #[wasm_bindgen(js_name = takeBody)]
    pub fn take_body(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.body).into_bytes()
    }
}

impl From<Response> for CoreResponse {
    fn from(res: Response) -> CoreResponse {
        CoreResponse {
            status: res.status,
            body: res.body,
            allow: res.allow,
            preference_applied: res.preference_applied,
            changed: res.changed,
            media_id: res.media_id,
            revision: res.revision,
        }
    }
}

/// 64 bits from the platform's `crypto.getRandomValues` (the page's, a
/// worker's or Node's `globalThis.crypto`).
fn platform_entropy() -> Result<u64, JsValue> {
    let crypto: web_sys::Crypto =
        js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("crypto"))?.unchecked_into();
    let mut bytes = [0u8; 8];
    crypto.get_random_values_with_u8_array(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

/// The platform's clock: milliseconds since the epoch and the local zone's
/// offset in minutes east of UTC.
fn platform_now() -> Now {
    let date = js_sys::Date::new_0();
    Now {
        epoch_ms: date.get_time() as i64,
        offset_minutes: (-date.get_timezone_offset()) as i32,
    }
}

#[wasm_bindgen]
impl MockCore {
    /// A backend over the seed data. Its salt generator is seeded once, here,
    /// from `crypto.getRandomValues`; it then lives in the state (and in
    /// snapshots), so replaying the same requests at the same times from a
    /// snapshot gives the same state. Throws if the platform has no `crypto`.
    ///
    /// `options.basePath` (default `/`) is where the site lives: every
    /// media and avatar path the core hands out is absolute under it
    /// (`/murmur/media/m-01`). Throws on a base that is not `/` or
    /// `/word/.../`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<js_sys::Object>) -> Result<MockCore, JsError> {
        let entropy = platform_entropy().map_err(|_| {
            JsError::new("MockCore needs crypto.getRandomValues for password salts")
        })?;
        let base = match options {
            Some(options) => js_sys::Reflect::get(&options, &JsValue::from_str("basePath"))
                .ok()
                .and_then(|v| v.as_string()),
            None => None,
        };
        let api = Api::with_base_path(entropy, base.as_deref().unwrap_or("/"))
            .map_err(|e| JsError::new(&e))?;
        Ok(MockCore { api })
    }

    /// The base path media and avatar paths are absolute under (`/`,
    /// `/murmur/`).
    #[wasm_bindgen(getter, js_name = basePath)]
    pub fn base_path(&self) -> String {
        self.api.base_path().to_owned()
    }

    /// The state's revision: bumped by every request that changes the
    /// state; importing a snapshot restores the one it was saved at, and
    /// `reset`, `importSeed` and `loadBulk` move one past the current one.
    #[wasm_bindgen(getter)]
    pub fn revision(&self) -> f64 {
        self.api.revision() as f64
    }

    /// Answers one request at the state's clock (the platform's time and
    /// zone, unless `setClock` or `advanceClock` moved it). `prefer` is the
    /// request's `Prefer` header, if any (`return=minimal` makes a post or
    /// comment write answer only the post it changed); `idempotencyKey` its
    /// `Idempotency-Key` header (docs/API.md): a write retried with it
    /// answers its first answer again, with no second effect.
    pub fn handle(
        &mut self,
        method: &str,
        url: &str,
        authorization: Option<String>,
        body: &str,
        prefer: Option<String>,
        idempotency_key: Option<String>,
    ) -> CoreResponse {
        let now = self.api.clock_now(platform_now());
        let req = Request {
            method,
            url,
            authorization: authorization.as_deref(),
            body,
            prefer: prefer.as_deref(),
        };
        self.api
            .handle_keyed(&req, idempotency_key.as_deref(), now)
            .into()
    }

    /// Answers one request at an explicit time (`nowMs`, milliseconds since
    /// the epoch) and zone (`offsetMinutes` east of UTC, that is
    /// `-new Date().getTimezoneOffset()`): for callers that record requests
    /// and replay them (record `clockNow()`, the state's time). `prefer` and
    /// `idempotencyKey` as for `handle` (a replay that drops the answer asks
    /// for `return=minimal`: the same change, a smaller answer; one with a
    /// key replays with the `prefer` it was sent with, so that the answer it
    /// keeps is the one first given).
    #[wasm_bindgen(js_name = handleAt)]
    #[allow(clippy::too_many_arguments)]
    pub fn handle_at(
        &mut self,
        method: &str,
        url: &str,
        authorization: Option<String>,
        body: &str,
        now_ms: f64,
        offset_minutes: i32,
        prefer: Option<String>,
        idempotency_key: Option<String>,
    ) -> CoreResponse {
        let now = Now {
            epoch_ms: now_ms as i64,
            offset_minutes,
        };
        let req = Request {
            method,
            url,
            authorization: authorization.as_deref(),
            body,
            prefer: prefer.as_deref(),
        };
        self.api
            .handle_keyed(&req, idempotency_key.as_deref(), now)
            .into()
    }

    /// The state's time now, ms since the epoch: the platform's, unless the
    /// clock was set or advanced (docs/testing.md, "The clock").
    #[wasm_bindgen(js_name = clockNow)]
    pub fn clock_now(&self) -> f64 {
        self.api.clock_now(platform_now()).epoch_ms as f64
    }

    /// The state's clock as JSON: `{now, mode}` (`now` RFC 3339 in UTC;
    /// `mode` is `real`, `paused` or `running`).
    pub fn clock(&self) -> String {
        serde_json::to_string(&self.api.clock(platform_now().epoch_ms)).unwrap_or_default()
    }

    /// Stops the state's clock at `iso` (RFC 3339, `2026-01-05T08:00:00Z`):
    /// everything the backend stamps gets that time until it is advanced or
    /// resumed. Throws an `Error` saying what to send instead; the clock is
    /// then unchanged.
    #[wasm_bindgen(js_name = setClock)]
    pub fn set_clock(&mut self, iso: &str) -> Result<(), JsError> {
        self.api.set_clock(iso).map_err(|e| JsError::new(&e))
    }

    /// Moves the state's clock `ms` milliseconds on (a whole number, 0 or
    /// more); a stopped clock stays stopped there. Throws on a bad amount.
    #[wasm_bindgen(js_name = advanceClock)]
    pub fn advance_clock(&mut self, ms: f64) -> Result<(), JsError> {
        let platform = platform_now().epoch_ms;
        self.api
            .advance_clock(ms, platform)
            .map_err(|e| JsError::new(&e))
    }

    /// Lets a stopped clock run on from the time it shows.
    #[wasm_bindgen(js_name = resumeClock)]
    pub fn resume_clock(&mut self) {
        self.api.resume_clock(platform_now().epoch_ms);
    }

    /// The state's clock back to the platform's time.
    #[wasm_bindgen(js_name = realClock)]
    pub fn real_clock(&mut self) {
        self.api.real_clock();
    }

    /// A live reader's events: what `GET /api/events` streams (docs/rules.md,
    /// "Live events"). `authorization` as on token routes (raw or `Bearer`;
    /// `undefined` reads the public events only); `after` is the last
    /// event id the reader saw (`Last-Event-ID`, as sent), `undefined` to
    /// start now. The body is `{revision, events: [{id, event, data}]}`: the
    /// events after `after` this reader may read, or one `resync` event
    /// when they are not kept. A bad token answers 401, a vanished user
    /// 404. Nothing new unless `revision` moved since the last call: a host
    /// polls only then.
    pub fn events(&self, authorization: Option<String>, after: Option<String>) -> CoreResponse {
        self.api
            .events(authorization.as_deref(), after.as_deref())
            .into()
    }

    /// The whole state as one versioned JSON document.
    #[wasm_bindgen(js_name = exportSnapshot)]
    pub fn export_snapshot(&self) -> String {
        self.api.export_snapshot()
    }

    /// Replaces the state with a snapshot. Throws an `Error` saying why a
    /// bad document was refused; the state is then left as it was.
    #[wasm_bindgen(js_name = importSnapshot)]
    pub fn import_snapshot(&mut self, json: &str) -> Result<(), JsError> {
        self.api.import_snapshot(json).map_err(JsError::from)
    }

    /// Replaces the state with `users` generated users (the guest among
    /// them) and `posts` generated posts, for benchmarks.
    #[wasm_bindgen(js_name = loadBulk)]
    pub fn load_bulk(&mut self, users: u32, posts: u32) {
        self.api.load_bulk(users as usize, posts as usize);
    }

    /// Replaces the state with a host's seed (JSON `{users, follows?,
    /// posts?}`, in Murmur's shape or the API's: users with plain passwords
    /// and `_id`s or not, follows and likes by username or summary), loaded
    /// as it is where the core does not rely on it. Returns the report of
    /// what was adapted, as JSON (`{users, posts, comments, adapted,
    /// asGiven}`). Throws an `Error` naming the item; the state is then
    /// left as it was.
    #[wasm_bindgen(js_name = importSeed)]
    pub fn import_seed(&mut self, json: &str) -> Result<String, JsError> {
        let report = self
            .api
            .import_seed(json, self.api.clock_now(platform_now()))
            .map_err(|e| JsError::new(&e))?;
        serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Sets the API's settings (JSON `{bookmarks?, maxPostChars?,
    /// minPasswordChars?, avatars?}`, each absent member the spec's value).
    /// Throws an `Error` saying what to change.
    pub fn configure(&mut self, json: &str) -> Result<(), JsError> {
        self.api.configure(json).map_err(|e| JsError::new(&e))
    }

    /// Builds the search index now, instead of at the first tag feed or
    /// search (call it when the page is idle).
    #[wasm_bindgen(js_name = prepareSearch)]
    pub fn prepare_search(&self) {
        self.api.prepare_search();
    }

    /// A new core holding this one's state as it is now (its store, kept
    /// `Idempotency-Key` answers and clock), copied inside the module with
    /// no snapshot text: it changes apart from this one from then on, and
    /// its `reset` goes back to this state, not to the seed.
    pub fn fork(&self) -> MockCore {
        MockCore {
            api: self.api.fork(),
        }
    }

    /// Back to the seed data (a fork: to the state it was forked from).
    pub fn reset(&mut self) {
        self.api.reset();
    }
}
