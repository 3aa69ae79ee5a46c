//! The JavaScript face of the core: one class, strings in and out.

use crate::{Api, Now, Request};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct MockCore {
    api: Api,
}

#[wasm_bindgen]
pub struct CoreResponse {
    status: u16,
    body: String,
}

#[wasm_bindgen]
impl CoreResponse {
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    #[wasm_bindgen(getter)]
    pub fn body(&self) -> String {
        self.body.clone()
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

#[wasm_bindgen]
impl MockCore {
    /// `entropy` (any number; JS passes a random one) seeds salts and ids.
    #[wasm_bindgen(constructor)]
    pub fn new(entropy: f64) -> MockCore {
        MockCore {
            api: Api::new(entropy as u64),
        }
    }

    /// Answers one request. `now_ms` is `Date.now()`; `offset_minutes` is
    /// `-new Date().getTimezoneOffset()`.
    pub fn handle(
        &mut self,
        method: &str,
        url: &str,
        authorization: Option<String>,
        body: &str,
        now_ms: f64,
        offset_minutes: i32,
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
        };
        let res = self.api.handle(&req, now);
        CoreResponse {
            status: res.status,
            body: res.body,
        }
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
        self.api
            .import_snapshot(json)
            .map_err(|e| JsError::new(&e.message()))
    }

    /// Replaces the state with `users` generated users (the guest among
    /// them) and `posts` generated posts, for benchmarks.
    #[wasm_bindgen(js_name = loadBulk)]
    pub fn load_bulk(&mut self, users: u32, posts: u32) {
        self.api.load_bulk(users as usize, posts as usize);
    }

    /// Back to the seed data.
    pub fn reset(&mut self) {
        self.api.reset();
    }
}
