//! Murmur's backend as a pure library: requests in, responses out.
//!
//! Everything that has to do with the outside world (the clock, entropy,
//! storage, the network) is passed in by the caller. The `wasm` module is the
//! one thin place that speaks JavaScript.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )
)]

// Talc instead of the default dlmalloc (see Cargo.toml).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod api;
mod auth;
mod base_path;
mod clock;
mod db;
mod error;
mod events;
mod exchange;
mod idempotency;
mod mentions;
mod model;
mod notify;
mod order;
mod query;
mod router;
mod routes;
mod rules;
mod search;
mod seed;
mod seed_import;
mod seed_refs;
mod settings;
mod snapshot;
mod time;
mod unicode;
mod views;
#[cfg(target_arch = "wasm32")]
mod wasm;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod changes_tests;
#[cfg(test)]
mod contract;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod idempotency_tests;
#[cfg(test)]
mod testing;

pub use api::Api;
pub use auth::MURMUR_TOKEN_SECRET;
pub use clock::ClockView;
pub use exchange::{prefers_minimal, Now, Request, Response, RETURN_MINIMAL};
pub use idempotency::{KEY_LIFETIME_MS, MAX_KEYS};
pub use rules::{
    FORBIDDEN_CHARS_PATTERN, MAX_BIO_CHARS, MAX_BODY_BYTES, MAX_COMMENT_CHARS, MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS, MAX_POST_CHARS, MAX_UPLOAD_BYTES, MAX_USERNAME_CHARS, MAX_WEBSITE_CHARS,
    MEDIA_PATH_PATTERN, MIN_PASSWORD_CHARS, MIN_USERNAME_CHARS, USERNAME_PATTERN,
};
pub use seed::{DEFAULT_AVATAR, GUEST_PASSWORD, GUEST_USERNAME, PRESET_AVATARS, SEED_PASSWORD};
pub use seed_import::SeedReport;
pub use snapshot::SnapshotError;
#[cfg(target_arch = "wasm32")]
pub use wasm::{CoreResponse, MockCore};
