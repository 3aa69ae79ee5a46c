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
#[cfg(not(target_arch = "wasm32"))]
mod layers;
#[cfg(not(target_arch = "wasm32"))]
mod module_circles;
pub mod openapi;
pub mod schema_rules;
pub mod ts_types;

use crate::error::ApiError;
use crate::query::Query;
use crate::router::Route;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::Required;
use utoipa::{IntoParams, ToSchema};

/// One route as the contract describes it (written beside its handler
/// with `router::route_table!`).
pub struct Endpoint {
    pub method: &'static str,
    pub pattern: &'static str,
    pub auth: bool,
    /// The doc comment: a first sentence, then the details.
    pub summary: String,
    /// The component name of the request body's type, if it has one.
    pub request: Option<String>,
    /// The query parameters, from the route's query type.
    pub query: Vec<Parameter>,
    pub status: u16,
    /// The component name of the success response's type.
    pub response: String,
    /// The component name of the answer a `Prefer: return=minimal` gets
    /// instead, for a route that has one.
    pub minimal: Option<String>,
    /// What its query parameters can be refused with.
    query_errors: Vec<ApiError>,
    errors: Vec<ApiError>,
}

impl Endpoint {
    pub fn new(
        route: Route,
        doc: &[&str],
        request: Option<String>,
        query: QueryParameters,
        (status, response): (u16, String),
        minimal: Option<String>,
        errors: Vec<ApiError>,
    ) -> Endpoint {
        let summary = doc
            .iter()
            .map(|line| line.trim())
            .collect::<Vec<_>>()
            .join(" ");
        Endpoint {
            method: route.method.as_str(),
            pattern: route.pattern,
            auth: route.needs_token(),
            summary: summary.trim().to_owned(),
            request,
            query: query.parameters,
            query_errors: query.errors,
            status,
            response,
            minimal,
            errors,
        }
    }

    /// Every error the route can answer: for a token route, the token's
    /// two first; then its query parameters' (each can be badly encoded, a
    /// number out of its range, ...); then its own; and a body over the
    /// limit, refused on any path before it is routed.
    pub fn errors(&self) -> Vec<ApiError> {
        let mut errors = Vec::new();
        if self.auth {
            errors.extend([ApiError::InvalidToken, ApiError::UserNotRegistered]);
        }
        errors.extend(self.query_errors.iter().cloned());
        errors.extend(self.errors.iter().cloned());
        errors.push(ApiError::BodyTooLarge);
        if crate::idempotency::is_write(self.method) {
            errors.extend([
                ApiError::IdempotencyKeyInvalid,
                ApiError::IdempotencyKeyReused,
            ]);
        }
        errors
    }
}

/// The component name of `T` (`PostsResponse`).
pub fn type_name<T: ToSchema>() -> String {
    T::name().into_owned()
}

/// A route's query parameters as the contract states them, and the
/// refusals each brings.
#[derive(Default)]
pub struct QueryParameters {
    parameters: Vec<Parameter>,
    errors: Vec<ApiError>,
}

/// The query parameters of the query type `T`: each field as `IntoParams`
/// describes it (its doc comment, its type's schema), required when its
/// type is, with its type's refusals and the one of a bad encoding.
pub fn query_parameters<T: IntoParams + Query>() -> QueryParameters {
    let mut parameters = T::into_params(|| Some(ParameterIn::Query));
    let mut errors = Vec::new();
    assert_eq!(parameters.len(), T::PARAMETERS.len());
    for (parameter, param) in parameters.iter_mut().zip(T::PARAMETERS) {
        assert_eq!(parameter.name, param.name);
        parameter.required = match param.required {
            true => Required::True,
            false => Required::False,
        };
        errors.extend((param.refusals)(param.name));
        errors.push(ApiError::BadQueryEncoding(param.name));
    }
    QueryParameters { parameters, errors }
}

/// Placeholder for the reason a body was refused, in the descriptions.
pub fn bad_body() -> ApiError {
    ApiError::BadBody("<why the body was refused>".into())
}

pub fn length(field: &'static str, min: usize, max: usize) -> ApiError {
    ApiError::FieldLength { field, min, max }
}

/// The refusals of the names' rules, for sign-up and the profile edit.
pub fn name_errors() -> Vec<ApiError> {
    use crate::rules::MAX_NAME_CHARS;
    vec![
        length("firstName", 1, MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("firstName"),
        length("lastName", 1, MAX_NAME_CHARS),
        ApiError::ForbiddenCharacters("lastName"),
    ]
}

pub fn comment_too_long() -> ApiError {
    length("Comment text", 0, crate::rules::MAX_COMMENT_CHARS)
}

/// Every route's description, in the route tables' order.
pub fn endpoints() -> Vec<Endpoint> {
    use crate::routes::*;
    [
        auth::endpoints(),
        users::endpoints(),
        feeds::endpoints(),
        posts::endpoints(),
        discover::endpoints(),
        comments::endpoints(),
        media::endpoints(),
        notifications::endpoints(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
