//! Test helpers: an API with a fixed clock, JSON in and out, a check
//! that a failed request leaves the state untouched, and every answer held
//! to docs/openapi.json (`contract/check.rs`).

use crate::{Api, Now, Request};
use serde_json::Value;

pub const TOKEN_INVALID: &str = "The token is invalid. Unauthorized access error.";

pub const NOW: Now = Now {
    epoch_ms: 1_795_000_000_000,
    offset_minutes: 330,
};

pub struct TestApi {
    pub api: Api,
    pub now: Now,
    /// The test's requests send back values an old state holds that the
    /// input rules now refuse: the core accepts them by what the record
    /// holds, a rule no schema can state (docs/API.md says so), so its
    /// accepted bodies are not held to the document's request schemas.
    pub sends_back_held_values: bool,
    /// The test set API settings other than the defaults (`crate::settings`):
    /// docs/openapi.json describes the defaults' limits and shapes, and
    /// names the settings that widen them, so its answers are not held to it.
    pub beyond_contract: bool,
}

impl TestApi {
    pub fn new() -> TestApi {
        TestApi {
            api: Api::new(42),
            now: NOW,
            sends_back_held_values: false,
            beyond_contract: false,
        }
    }

    pub fn raw(
        &mut self,
        method: &str,
        url: &str,
        token: Option<&str>,
        body: &str,
    ) -> (u16, String) {
        let res = self.respond(method, url, token, body, None);
        (res.status, res.body)
    }

    /// The whole response (headers included) to a request with a `Prefer`
    /// header, checked against docs/openapi.json as every answer is.
    pub fn respond(
        &mut self,
        method: &str,
        url: &str,
        token: Option<&str>,
        body: &str,
        prefer: Option<&str>,
    ) -> crate::Response {
        let (state, revision) = (self.state(), self.api.revision());
        let res = self.api.handle(
            &Request {
                method,
                url,
                authorization: token,
                body,
                prefer,
            },
            self.now,
        );
        // Every answer a test gets must be one docs/openapi.json allows.
        #[cfg(not(target_arch = "wasm32"))]
        if !self.beyond_contract {
            let mut checked =
                crate::contract::check::check_response(method, url, res.status, &res.body);
            if (200..300).contains(&res.status) && !self.sends_back_held_values {
                checked = checked.and_then(|()| {
                    crate::contract::check::check_accepted_request(method, url, body)
                });
            }
            if (200..300).contains(&res.status) {
                checked = checked.and_then(|()| crate::contract::check::check_path(method, url));
            }
            if let Err(broken) = checked {
                panic!("{broken}");
            }
        }
        // `changed` is exactly whether the state changed, and the
        // revision moved with it.
        let changed = self.state() != state;
        assert_eq!(
            res.changed,
            changed,
            "{method} {url} {body}: changed is {} but the state {}",
            res.changed,
            if changed { "changed" } else { "did not" }
        );
        assert_eq!(
            res.revision,
            revision + u64::from(changed),
            "{method} {url}"
        );
        assert_eq!(res.revision, self.api.revision());
        res
    }

    /// The whole state but its revision.
    pub fn state(&self) -> Value {
        let mut state: Value = serde_json::from_str(&self.api.export_snapshot()).unwrap();
        state.as_object_mut().unwrap().remove("revision");
        state
    }

    /// What a live reader with `token` reads after `after` (`Api::events`),
    /// held to the contract like every answer: its status and JSON body.
    pub fn events(&self, token: Option<&str>, after: Option<&str>) -> (u16, Value) {
        let res = self.api.events(token, after);
        #[cfg(not(target_arch = "wasm32"))]
        if let Err(broken) = crate::contract::check::check_events(res.status, &res.body) {
            panic!("{broken}");
        }
        assert!(!res.changed, "reading events changes nothing");
        let json = serde_json::from_str(&res.body).unwrap();
        (res.status, json)
    }

    /// The kinds of the events in an events answer, with their ids.
    pub fn kinds(events: &Value) -> Vec<(u64, String)> {
        events["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["id"].as_u64().unwrap(),
                    e["event"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    pub fn call(
        &mut self,
        method: &str,
        url: &str,
        token: Option<&str>,
        body: &str,
    ) -> (u16, Value) {
        let (status, body) = self.raw(method, url, token, body);
        let json =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{body:?} is not JSON: {e}"));
        (status, json)
    }

    pub fn get(&mut self, url: &str) -> (u16, Value) {
        self.call("GET", url, None, "")
    }

    pub fn post(&mut self, url: &str, token: &str, body: Value) -> (u16, Value) {
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        self.call("POST", url, Some(token), &body)
    }

    pub fn login(&mut self, username: &str, password: &str) -> String {
        let body = serde_json::json!({ "username": username, "password": password }).to_string();
        let (status, json) = self.call("POST", "/api/auth/login", None, &body);
        assert_eq!(status, 200, "{json}");
        json["encodedToken"].as_str().unwrap().to_owned()
    }

    pub fn guest(&mut self) -> String {
        self.login("guest", "guest123")
    }

    /// Asserts the request fails with `status` and exactly `message`, and
    /// that it changed nothing.
    pub fn fails(
        &mut self,
        method: &str,
        url: &str,
        token: Option<&str>,
        body: &str,
        status: u16,
        message: &str,
    ) {
        let before = self.api.export_snapshot();
        let (got, json) = self.call(method, url, token, body);
        assert_eq!(
            (got, json["errors"][0].as_str()),
            (status, Some(message)),
            "{method} {url} {body}"
        );
        assert_eq!(json["errors"].as_array().map(Vec::len), Some(1));
        assert_eq!(
            self.api.export_snapshot(),
            before,
            "a failed {method} {url} changed the state"
        );
    }

    pub fn post_of<'a>(posts: &'a Value, id: &str) -> &'a Value {
        posts["posts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["_id"] == id)
            .unwrap_or_else(|| panic!("no post {id}"))
    }

    pub fn user_of<'a>(users: &'a Value, id: &str) -> &'a Value {
        users
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["_id"] == id)
            .unwrap_or_else(|| panic!("no user {id}"))
    }
}

pub fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|x| x["_id"].as_str().unwrap())
        .collect()
}
