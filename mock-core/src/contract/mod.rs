//! The contract tooling, compiled only for tests: the descriptions every
//! route table carries become `docs/API.md` (`api_docs`), `docs/openapi.json`
//! (`openapi`, with the input rules as schema constraints from `schema_rules`)
//! and the TypeScript types and limits (`ts_types`); `check` holds every
//! answer the API tests get to the document. Each generator's test fails when
//! its committed file is stale and rewrites it when asked (`UPDATE_API_DOCS=1`,
//! `UPDATE_OPENAPI=1`, `UPDATE_TS_TYPES=1`).

#[cfg(not(target_arch = "wasm32"))]
mod agreement;
pub mod api_docs;
#[cfg(not(target_arch = "wasm32"))]
pub mod check;
pub mod openapi;
pub mod schema_rules;
pub mod ts_types;
