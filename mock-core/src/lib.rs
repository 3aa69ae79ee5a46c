//! Murmur's backend as a pure library: requests in, responses out.
//!
//! Everything that has to do with the outside world (the clock, entropy,
//! storage, the network) is passed in by the caller. The `wasm` module is the
//! one thin place that speaks JavaScript.

mod api;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use api::{Api, Now, Request, Response};
