//! `docs/openapi.json`: the API as an OpenAPI 3.1 document, built with
//! utoipa from the route table and the endpoint descriptions that make
//! `docs/API.md` (`api_docs.rs`), and from the structs that make the
//! TypeScript types (`ToSchema` derives beside `TS`, in test builds only:
//! none of it reaches the wasm). A test fails when the committed file is
//! stale; `UPDATE_OPENAPI=1 cargo test` (or `UPDATE_API_DOCS=1`) rewrites it.
//!
//! `check.rs` holds every answer the API tests get (`TestApi`) to it.

use crate::contract::{endpoints, Endpoint};
use crate::error::ApiError;
use crate::events::{Streamed, EVENTS_PATH, STREAMED};
use crate::router::Method;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::{
    HttpMethod, Operation, OperationBuilder, Parameter, ParameterBuilder, ParameterIn,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{
    AdditionalProperties, AllOfBuilder, AnyOfBuilder, ArrayBuilder, ObjectBuilder, OneOfBuilder,
    Schema, Type,
};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, LicenseBuilder, OpenApiBuilder, Paths, Ref,
    RefOr, Required, ResponseBuilder,
};
use utoipa::{PartialSchema, ToSchema};

const JSON: &str = "application/json";
/// The two ways a token may travel (docs/rules.md, "Tokens"): either satisfies a
/// token route.
const RAW_TOKEN: &str = "token";
const BEARER_TOKEN: &str = "bearerToken";
/// The token as a query parameter, for the event stream only.
const QUERY_TOKEN: &str = "accessToken";

pub const EVENTS_DESCRIPTION: &str = "\
Every committed change, as Server-Sent Events (`text/event-stream`), for as long as the reader stays \
connected: each event is `id: <revision>`, `event: <kind>` and `data: <JSON>` (one line), the shapes of \
`LiveEvent` (`post.created`, `post.changed`, `post.deleted`, `user.created`, `user.changed`, \
`notification`, `notification.deleted`, `notifications.read`, `resync`). Events of one change share its \
revision and come together. A reader with a token (in `Authorization`, raw or as `Bearer`, or as \
`?access_token=` where a header cannot be sent, as with `EventSource`) gets the public events and its own \
notifications; without one, the public events. `Last-Event-ID` (or reconnecting `EventSource`) resumes after \
that revision with every event since; a revision the state no longer keeps, or one from another state, gets \
a single `resync` event: read afresh, then follow. A bad token answers 401 and a token whose user is gone \
404, as on every token route. The stream is served by the host (`@murmur/backend`), from \
`MockCore.events`; a reader too slow to keep up is closed and resumes with `Last-Event-ID`.";

/// `GET /api/events`: its query token, `Last-Event-ID`, the stream and its
/// refusals.
fn events_operation() -> Operation {
    let string = || ObjectBuilder::new().schema_type(Type::String);
    let token = ParameterBuilder::new()
        .name(crate::events::EVENTS_TOKEN_PARAMETER)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(
            "The token, for a client that cannot send `Authorization` (`EventSource`).",
        ))
        .schema(Some(string()))
        .build();
    let last = ParameterBuilder::new()
        .name("Last-Event-ID")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "The `id` of the last event read: the stream starts with every event after it \
             (or one `resync`).",
        ))
        .schema(Some(string().examples(["12"])))
        .build();
    let example = "id: 12\nevent: post.changed\ndata: {\"post\":{\"_id\":\"p-01\",...}}\n\n";
    let stream = ResponseBuilder::new()
        .description(
            "The event stream: `id`, `event` and `data` lines per event, each data a `LiveEvent`'s.",
        )
        .content(
            "text/event-stream",
            ContentBuilder::new()
                .schema(Some(string().description(Some(
                    "Server-Sent Events; each event's `data` is the JSON of \
                     `#/components/schemas/LiveEvent` for its `event`.",
                ))))
                .example(Some(json!(example)))
                .build(),
        )
        .build();
    let mut op = OperationBuilder::new()
        .operation_id(Some(operation_id("GET", EVENTS_PATH)))
        .tag("events")
        .summary(Some(
            "Every committed change, as it happens (Server-Sent Events)",
        ))
        .description(Some(EVENTS_DESCRIPTION))
        .parameter(token)
        .parameter(last)
        .response("200", stream);
    for (status, response) in
        error_responses(&[ApiError::InvalidToken, ApiError::UserNotRegistered])
    {
        op = op.response(status.to_string(), response);
    }
    op = op.response("406", not_an_event_stream_request());
    op.security(SecurityRequirement::new(RAW_TOKEN, Vec::<String>::new()))
        .security(SecurityRequirement::new(BEARER_TOKEN, Vec::<String>::new()))
        .security(SecurityRequirement::new(QUERY_TOKEN, Vec::<String>::new()))
        .security(SecurityRequirement::default())
        .build()
}

/// What the host answers a `GET` of the stream that does not ask for one
/// (no `Accept: text/event-stream`): 406, with this message
/// (packages/murmur-backend/src/core/eventsRoute.ts, `NOT_AN_EVENT_STREAM_REQUEST`).
pub const NOT_AN_EVENT_STREAM_REQUEST: &str =
    "GET /api/events answers Server-Sent Events only: send Accept: text/event-stream (EventSource does)";

fn not_an_event_stream_request() -> utoipa::openapi::Response {
    let message = ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([NOT_AN_EVENT_STREAM_REQUEST]));
    let body = ObjectBuilder::new()
        .property(
            "errors",
            ArrayBuilder::new()
                .items(message)
                .min_items(Some(1))
                .max_items(Some(1)),
        )
        .required("errors");
    ResponseBuilder::new()
        .description(format!("`{NOT_AN_EVENT_STREAM_REQUEST}`: the stream is asked for with `Accept: text/event-stream`."))
        .content(
            JSON,
            ContentBuilder::new()
                .schema(Some(body))
                .example(Some(json!({ "errors": [NOT_AN_EVENT_STREAM_REQUEST] })))
                .build(),
        )
        .build()
}

/// The description of an operation a host streams.
fn streamed_operation(streamed: &Streamed) -> Operation {
    match (streamed.method, streamed.path) {
        (Method::Get, EVENTS_PATH) => events_operation(),
        (method, path) => panic!(
            "{} {path} is streamed by the host, but the contract does not describe it",
            method.as_str()
        ),
    }
}

/// The component schemas of every API type (the list `ts_types.rs`
/// exports), by name, and the names of the response shapes among them.
struct Components {
    schemas: BTreeMap<String, RefOr<Schema>>,
    responses: BTreeSet<String>,
}

fn components() -> Components {
    macro_rules! collect {
        ([$($response:ty),* $(,)?], [$($request:ty),* $(,)?]) => {{
            let mut responses = Vec::new();
            $(
                responses.push((<$response as ToSchema>::name().into_owned(), <$response as PartialSchema>::schema()));
                <$response as ToSchema>::schemas(&mut responses);
            )*
            let mut requests = Vec::new();
            $(
                requests.push((<$request as ToSchema>::name().into_owned(), <$request as PartialSchema>::schema()));
                <$request as ToSchema>::schemas(&mut requests);
            )*
            (responses, requests)
        }};
    }
    let (responses, requests) = crate::contract::ts_types::api_types!(collect);
    let response_names: BTreeSet<String> = responses.iter().map(|(n, _)| n.clone()).collect();
    let mut schemas = BTreeMap::new();
    for (name, mut schema) in responses {
        // The core serialises these structs and nothing else, so an
        // answer never holds a member its schema lacks.
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            if !object.properties.is_empty() {
                object.additional_properties =
                    Some(Box::new(AdditionalProperties::FreeForm(false)));
            }
        }
        schemas.insert(name, schema);
    }
    for (name, mut schema) in requests {
        assert!(
            !response_names.contains(&name),
            "{name} is both a request and a response shape"
        );
        // `#[serde(default)]` shows as `default: null` on each member, which
        // generators read as "always present": a missing member says it.
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            for member in object.properties.values_mut() {
                if let RefOr::T(Schema::Object(member)) = member {
                    if member.default == Some(serde_json::Value::Null) {
                        member.default = None;
                    }
                }
            }
        }
        schemas.insert(name, schema);
    }
    crate::contract::schema_rules::apply(&mut schemas);
    Components {
        schemas,
        responses: response_names,
    }
}

fn schema_ref(name: &str) -> Ref {
    Ref::from_schema_name(name)
}

/// What a path parameter names, and an example that exists in the demo
/// seed (a test sends each); a new name needs its line here.
pub fn path_parameter(name: &str) -> (String, &'static str) {
    let (description, example) = match name {
        "postId" => ("A post's `_id`.", "p-01"),
        "commentId" => ("A comment's `_id` (`c-01` is on `p-01`).", "c-01"),
        "userId" => ("A user's `_id`.", "u-maya"),
        "followUserId" => (
            "A user's `_id` (the guest does not follow `u-priya`).",
            "u-priya",
        ),
        "username" => ("A user's `username`.", "guest"),
        "tag" => return (tag_description(), "photography"),
        other => panic!("describe the path parameter `{other}` in openapi.rs"),
    };
    (description.to_owned(), example)
}

fn tag_description() -> String {
    format!(
        "One hashtag, with or without its `#` (sent as `%23`): 1 to {} letters, digits or `_`, of \
         any script (combining marks included); anything else answers 400.",
        crate::search::MAX_TAG_CHARS
    )
}

/// The schema of a path parameter: a text that is not empty (an empty
/// segment reaches no route), any other value is looked up; a tag must
/// be one hashtag (`search::hashtag`).
fn path_schema(name: &str) -> ObjectBuilder {
    let text = ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1));
    match name {
        "tag" => text
            .max_length(Some(crate::search::MAX_TAG_CHARS + 1))
            .pattern(Some(crate::contract::schema_rules::tag_pattern())),
        _ => text,
    }
}

/// The `{name}` parameters of a pattern.
fn path_parameters(pattern: &str) -> Vec<Parameter> {
    pattern
        .split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .map(|name| {
            let (description, example) = path_parameter(name);
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .description(Some(description))
                .schema(Some(path_schema(name)))
                .example(Some(json!(example)))
                .build()
        })
        .collect()
}

/// `getPostsByPostId` for `GET /api/posts/{postId}`.
fn operation_id(method: &str, pattern: &str) -> String {
    let mut id = method.to_ascii_lowercase();
    for part in pattern.split('/').skip(2) {
        let (prefix, word) = match part.strip_prefix('{') {
            Some(param) => ("By", param.trim_end_matches('}')),
            None => ("", part),
        };
        id.push_str(prefix);
        for piece in word.split('-') {
            let mut chars = piece.chars();
            if let Some(first) = chars.next() {
                id.extend(first.to_uppercase());
                id.push_str(chars.as_str());
            }
        }
    }
    id
}

/// A regular expression matching exactly the text `s`.
fn regex_literal(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            let escape = "\\^$.|?*+()[]{}/".contains(c);
            escape.then_some('\\').into_iter().chain([c])
        })
        .collect()
}

/// The schema of one error message: the exact text, or for a message with
/// parts that depend on the request (`Invalid request body: <why>`, `No
/// route for <METHOD> <path>`) its fixed start.
fn message_schema(err: &ApiError) -> Result<String, String> {
    let start = match err {
        ApiError::BadBody(_) => ApiError::BadBody(String::new()).message(),
        ApiError::NoRoute { .. } => ApiError::NoRoute {
            method: String::new(),
            path: String::new(),
        }
        .message()
        .trim_end()
        .to_owned(),
        _ => return Ok(err.message()),
    };
    Err(format!("^{}", regex_literal(&start)))
}

/// The name of an error's variant (`PostNotFound`), for example names.
fn variant_name(err: &ApiError) -> String {
    format!("{err:?}")
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

/// `ErrorResponse` whose one message is one of `errors`'.
fn error_body_schema(errors: &[&ApiError]) -> AllOfBuilder {
    let (exact, patterns): (Vec<_>, Vec<_>) = errors
        .iter()
        .map(|e| message_schema(e))
        .partition(Result::is_ok);
    let exact: Vec<String> = exact.into_iter().filter_map(Result::ok).collect();
    let mut choices: Vec<RefOr<Schema>> = Vec::new();
    if !exact.is_empty() {
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(exact));
        choices.push(schema.into());
    }
    for pattern in patterns.into_iter().filter_map(Result::err) {
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(pattern));
        choices.push(schema.into());
    }
    let message: RefOr<Schema> = if choices.len() == 1 {
        choices.remove(0)
    } else {
        choices
            .into_iter()
            .fold(AnyOfBuilder::new(), AnyOfBuilder::item)
            .into()
    };
    AllOfBuilder::new().item(schema_ref("ErrorResponse")).item(
        ObjectBuilder::new().property(
            "errors",
            ArrayBuilder::new()
                .items(message)
                .min_items(Some(1))
                .max_items(Some(1)),
        ),
    )
}

/// The error responses of a route, one per status: its messages as the
/// schema and as examples named by their variants (`PostNotFound`).
fn error_responses(errors: &[ApiError]) -> BTreeMap<u16, utoipa::openapi::Response> {
    let mut by_status: BTreeMap<u16, Vec<&ApiError>> = BTreeMap::new();
    for err in errors {
        by_status.entry(err.status()).or_default().push(err);
    }
    by_status
        .into_iter()
        .map(|(status, errors)| {
            let mut names: BTreeMap<String, usize> = BTreeMap::new();
            let examples = errors.iter().map(|err| {
                let name = variant_name(err);
                let seen = names.entry(name.clone()).or_default();
                *seen += 1;
                let key = match *seen {
                    1 => name,
                    n => format!("{name}{n}"),
                };
                let example = ExampleBuilder::new()
                    .summary(err.message())
                    .value(Some(json!({ "errors": [err.message()] })));
                (key, example)
            });
            let description = errors
                .iter()
                .map(|e| format!("`{}`", e.message()))
                .collect::<Vec<_>>()
                .join(", or ");
            let content = ContentBuilder::new()
                .schema(Some(error_body_schema(&errors)))
                .examples_from_iter(examples)
                .build();
            let response = ResponseBuilder::new()
                .description(description)
                .content(JSON, content)
                .build();
            (status, response)
        })
        .collect()
}

/// Whether `request` is the upload's type: its body is the image itself.
pub fn is_upload(request: &str) -> bool {
    request == <crate::routes::media::MediaRequest as ToSchema>::name()
}

/// The request body of `ep`, whose type is `request`. An upload is the
/// image's bytes (the package's handler reads the type from them and
/// passes the core `MediaRequest`); a new post needs its `content`.
fn request_body(ep: &Endpoint, request: &str) -> utoipa::openapi::request_body::RequestBody {
    let body = RequestBodyBuilder::new()
        .description(Some(format!("`{request}`")))
        .required(Some(Required::True));
    if is_upload(request) {
        let image = || {
            ContentBuilder::new()
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .content_media_type("application/octet-stream")
                        .description(Some(format!(
                            "The image file itself, fewer than {} bytes; its bytes decide its type.",
                            crate::MAX_UPLOAD_BYTES
                        ))),
                ))
                .build()
        };
        // What a form or a mobile app sends: the same file as a form's part.
        let form = ContentBuilder::new()
            .schema(Some(
                ObjectBuilder::new()
                    .property(
                        "file",
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .content_media_type("application/octet-stream")
                            .description(Some(
                                "The image file (JPEG or PNG); the first file part is read.",
                            )),
                    )
                    .required("file"),
            ))
            .build();
        return body
            .description(Some(format!(
                "The image's bytes (a JPEG or PNG file, fewer than {} bytes) as the body, or as the file of a `multipart/form-data` form.",
                crate::MAX_UPLOAD_BYTES
            )))
            .content("image/jpeg", image())
            .content("image/png", image())
            .content("multipart/form-data", form)
            .build();
    }
    let schema: RefOr<Schema> = if ep.method == "POST" && ep.pattern == "/api/posts" {
        let content = ObjectBuilder::new().schema_type(Type::String);
        let new_post = ObjectBuilder::new()
            .property("content", content)
            .required("content");
        AllOfBuilder::new()
            .item(schema_ref(request))
            .item(
                ObjectBuilder::new()
                    .property("postData", new_post)
                    .required("postData"),
            )
            .into()
    } else {
        schema_ref(request).into()
    };
    body.content(JSON, ContentBuilder::new().schema(Some(schema)).build())
        .build()
}

fn operation(ep: &Endpoint, components: &Components) -> Operation {
    let tag = ep.pattern.split('/').nth(2).unwrap_or("api");
    let summary = ep.summary.split(". ").next().unwrap_or(&ep.summary);
    let mut op = OperationBuilder::new()
        .operation_id(Some(operation_id(ep.method, ep.pattern)))
        .tag(tag)
        .summary(Some(summary.trim_end_matches('.')))
        .description(Some(ep.summary.as_str()))
        .parameters(Some(
            path_parameters(ep.pattern)
                .into_iter()
                .chain(ep.query.iter().cloned()),
        ));
    if crate::idempotency::is_write(ep.method) {
        op = op.parameter(idempotency_parameter());
    }
    if let Some(request) = ep.request.as_deref() {
        assert!(
            components.schemas.contains_key(request) && !components.responses.contains(request),
            "{} {}: `{request}` is not a request type of ts_types::api_types",
            ep.method,
            ep.pattern
        );
        op = op.request_body(Some(request_body(ep, request)));
    }
    let response = Some(ep.response.as_str())
        .filter(|name| components.responses.contains(*name))
        .unwrap_or_else(|| {
            panic!(
                "{} {}: the response must start with a response type of ts_types::api_types",
                ep.method, ep.pattern
            )
        });
    op = match ep.minimal.as_deref() {
        None => op.response(
            ep.status.to_string(),
            ResponseBuilder::new()
                .description(format!("`{response}`"))
                .content(
                    JSON,
                    ContentBuilder::new()
                        .schema(Some(schema_ref(response)))
                        .build(),
                ),
        ),
        Some(minimal) => {
            assert!(
                components.responses.contains(minimal),
                "{} {}: `{minimal}` is not a response type of ts_types::api_types",
                ep.method,
                ep.pattern
            );
            op.parameter(prefer_parameter())
                .response(ep.status.to_string(), minimal_response(response, minimal))
        }
    };
    for (status, response) in error_responses(&ep.errors()) {
        assert_ne!(status, ep.status, "{} {}", ep.method, ep.pattern);
        op = op.response(status.to_string(), response);
    }
    if ep.auth {
        op = op
            .security(SecurityRequirement::new(RAW_TOKEN, Vec::<String>::new()))
            .security(SecurityRequirement::new(BEARER_TOKEN, Vec::<String>::new()));
    }
    op.build()
}

/// The `Idempotency-Key` request header every write takes.
fn idempotency_parameter() -> Parameter {
    let hours = crate::KEY_LIFETIME_MS / 3_600_000;
    ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(format!(
            "Makes the write safe to retry (the IETF's Idempotency-Key draft, as Stripe \
             does it): a write that succeeded keeps its answer under the key for {hours} hours \
             (by the state's clock; at most {} keys, the oldest let go first). The same key \
             sent again by the same user to the same method and path answers that first \
             answer again and changes nothing; with another body it answers 422. Kept \
             answers are part of the saved state. See docs/API.md, \"Idempotency-Key\".",
            crate::MAX_KEYS
        )))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(crate::idempotency::MAX_KEY_CHARS))
                .pattern(Some("^[!-~]+$"))
                .examples(["4b9f0c2e-8a51-4d7e-9d0b-1f2a3c4d5e6f"]),
        ))
        .build()
}

/// The `Prefer` request header of a write that has a smaller answer.
fn prefer_parameter() -> Parameter {
    ParameterBuilder::new()
        .name("Prefer")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(format!(
            "RFC 7240 preferences. `{}` asks for only the post this write changed \
             instead of every post (the answer then carries `Preference-Applied: {}`); \
             any other preference is ignored.",
            crate::RETURN_MINIMAL,
            crate::RETURN_MINIMAL
        )))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .examples([crate::RETURN_MINIMAL]),
        ))
        .build()
}

/// The success answer of a write with a smaller answer: `response` by
/// default, `minimal` when `Prefer: return=minimal` asked for it (and
/// `Preference-Applied` says so).
fn minimal_response(response: &str, minimal: &str) -> utoipa::openapi::Response {
    let mut built = ResponseBuilder::new()
        .description(format!(
            "`{response}`; with `Prefer: {}`, `{minimal}` (only the post changed)",
            crate::RETURN_MINIMAL
        ))
        .content(
            JSON,
            ContentBuilder::new()
                .schema(Some(
                    OneOfBuilder::new()
                        .item(schema_ref(response))
                        .item(schema_ref(minimal)),
                ))
                .build(),
        )
        .build();
    built.headers.insert(
        "Preference-Applied".to_owned(),
        RefOr::T(
            utoipa::openapi::HeaderBuilder::new()
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some([crate::RETURN_MINIMAL])),
                ))
                .description(Some(format!(
                    "`{}` when the answer is the smaller one `Prefer` asked for; absent otherwise.",
                    crate::RETURN_MINIMAL
                )))
                .build(),
        ),
    );
    built
}

fn http_method(method: &str) -> HttpMethod {
    match method {
        "GET" => HttpMethod::Get,
        "POST" => HttpMethod::Post,
        "DELETE" => HttpMethod::Delete,
        other => panic!("no OpenAPI method for {other}"),
    }
}

const DESCRIPTION: &str = "\
Murmur's backend, served inside the browser by `mock-core` (WebAssembly, through Mock Service Worker). \
Paths are under the site's base path (`/api/...` at the root, `/murmur/api/...` under `/murmur/`); \
trailing slashes are accepted. Every failure answers `{\"errors\": [\"<message>\"]}` with one message \
from the catalogue; each operation lists its messages by status. A path no operation has answers 404 \
`No route for <METHOD> <path>` (`components.responses.NoRoute`); a path that exists asked with another \
method answers 405 `Method not allowed` with an `Allow` header listing the methods it answers \
(`components.responses.MethodNotAllowed`). A request path is the document's path that matches it with the most \
literal segments (`/api/posts/feed` is never `/api/posts/{postId}`, whatever the method). A request body larger than {MAX_BODY} bytes answers 413 \
`Request body too large` on any path, before it is read. Token routes take the \
HS256 JWT of a sign-in in the `Authorization` header, raw or as `Bearer <token>`. \
`docs/API.md` describes the same contract in prose.";

/// The whole document.
pub fn document() -> utoipa::openapi::OpenApi {
    let components = components();
    let mut paths = Paths::new();
    for ep in endpoints() {
        paths.add_path_operation(
            ep.pattern,
            vec![http_method(ep.method)],
            operation(&ep, &components),
        );
    }
    for streamed in STREAMED {
        paths.add_path_operation(
            streamed.path,
            vec![http_method(streamed.method.as_str())],
            streamed_operation(streamed),
        );
    }
    let no_route = error_responses(&[ApiError::NoRoute {
        method: "<METHOD>".into(),
        path: "<path>".into(),
    }]);
    let mut builder = ComponentsBuilder::new()
        .schemas_from_iter(components.schemas)
        .security_scheme(
            RAW_TOKEN,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "The token as the sign-in returned it (`encodedToken`).",
            ))),
        )
        .security_scheme(
            QUERY_TOKEN,
            SecurityScheme::ApiKey(ApiKey::Query(ApiKeyValue::with_description(
                crate::events::EVENTS_TOKEN_PARAMETER,
                "The token as a query parameter: the event stream only.",
            ))),
        )
        .security_scheme(
            BEARER_TOKEN,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("The same token as `Bearer <token>`."))
                    .build(),
            ),
        );
    for (_, response) in no_route {
        builder = builder.response("NoRoute", response);
    }
    for (_, mut response) in error_responses(&[ApiError::MethodNotAllowed { allow: "GET" }]) {
        response.headers.insert(
            "Allow".to_owned(),
            RefOr::T(
                utoipa::openapi::HeaderBuilder::new()
                    .schema(Some(
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .examples(["GET, POST"]),
                    ))
                    .description(Some("The methods the path answers, as `GET, POST`."))
                    .build(),
            ),
        );
        response.description =
            "`Method not allowed`: a known path asked with a method it does not answer; \
            the `Allow` header lists those it does."
                .to_owned();
        builder = builder.response("MethodNotAllowed", response);
    }
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Murmur API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    DESCRIPTION.replace("{MAX_BODY}", &crate::MAX_BODY_BYTES.to_string()),
                ))
                .license(Some(
                    LicenseBuilder::new()
                        .name("MIT")
                        .identifier(Some("MIT"))
                        .build(),
                )),
        )
        .paths(paths)
        .components(Some(builder.build()))
        .build()
}

/// The document as committed: pretty JSON and a final newline.
fn render() -> String {
    let mut text = document()
        .to_pretty_json()
        .unwrap_or_else(|e| panic!("the document does not serialise: {e}"));
    text.push('\n');
    text
}

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json")
}

#[test]
fn docs_openapi_json_is_current() {
    let fresh = render();
    if std::env::var_os("UPDATE_OPENAPI").is_some() || std::env::var_os("UPDATE_API_DOCS").is_some()
    {
        std::fs::write(doc_path(), &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(doc_path()).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/openapi.json is stale: run `UPDATE_OPENAPI=1 cargo test`"
    );
}

/// The limits written on the request structs (`schema(...)`) are the
/// core's own.
#[test]
fn request_limits_are_the_cores() {
    let doc = serde_json::to_value(document()).unwrap();
    let schemas = &doc["components"]["schemas"];
    let post = &schemas["PostData"]["properties"];
    let max = crate::MAX_POST_CHARS as u64;
    assert_eq!(post["content"]["maxLength"].as_u64(), Some(max));
    assert_eq!(post["hashtags"]["maxLength"].as_u64(), Some(max));
    let media = &schemas["MediaRequest"]["properties"];
    assert_eq!(
        media["size"]["exclusiveMaximum"].as_f64(),
        Some(crate::MAX_UPLOAD_BYTES as f64)
    );
    assert_eq!(media["type"]["pattern"], "^image/");
}

#[test]
fn operations_follow_the_route_table() {
    let doc = serde_json::to_value(document()).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let mut count = 0;
    for route in crate::router::routes() {
        let method = route.method.as_str().to_ascii_lowercase();
        let op = &doc["paths"][route.pattern][&method];
        assert!(op.is_object(), "{method} {}", route.pattern);
        assert_eq!(
            op["security"].is_array(),
            route.needs_token(),
            "{}",
            route.pattern
        );
        let successes: Vec<&String> = op["responses"]
            .as_object()
            .unwrap()
            .keys()
            .filter(|status| status.starts_with('2'))
            .collect();
        assert_eq!(successes.len(), 1, "{}", route.pattern);
        let schema = &op["responses"][successes[0]]["content"][JSON]["schema"];
        // One shape, or (for a write with a smaller answer) the default then the minimal one.
        let refs: Vec<&serde_json::Value> = match schema["oneOf"].as_array() {
            Some(shapes) => shapes.iter().map(|shape| &shape["$ref"]).collect(),
            None => vec![&schema["$ref"]],
        };
        assert!(!refs.is_empty(), "{}", route.pattern);
        for r in refs {
            assert!(
                r.as_str()
                    .is_some_and(|r| r.starts_with("#/components/schemas/")),
                "{}",
                route.pattern
            );
        }
        count += 1;
    }
    let operations: usize = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .map(|item| item.as_object().unwrap().len())
        .sum();
    for Streamed { method, path } in STREAMED {
        let method = method.as_str();
        let op = &doc["paths"][path][method.to_ascii_lowercase()];
        assert!(
            op["responses"]["200"]["content"]["text/event-stream"].is_object(),
            "{method} {path}"
        );
        assert!(
            crate::router::routes().all(|r| r.pattern != *path),
            "{method} {path} is a route"
        );
    }
    assert_eq!(operations, count + STREAMED.len());
}

/// Each path of the document, asked with a method it does not list,
/// answers 405 with those it lists as `Allow`: the streamed ones as the
/// routes' (the router reads one list of both).
#[test]
fn every_documented_path_allows_its_methods() {
    let doc = serde_json::to_value(document()).unwrap();
    let mut t = crate::testing::TestApi::new();
    let mut checked = 0;
    for (pattern, item) in doc["paths"].as_object().unwrap() {
        let item = item.as_object().unwrap();
        let listed: Vec<String> = Method::ALL
            .into_iter()
            .map(Method::as_str)
            .filter(|m| item.contains_key(&m.to_ascii_lowercase()))
            .map(str::to_owned)
            .collect();
        assert_eq!(listed.len(), item.len(), "{pattern}: {:?}", item.keys());
        let example = |name: &str| {
            item.values()
                .flat_map(|op| op["parameters"].as_array().into_iter().flatten())
                .find(|p| p["in"] == "path" && p["name"] == name)
                .and_then(|p| p["example"].as_str())
                .unwrap_or_else(|| panic!("{pattern}: no example for {{{name}}}"))
                .to_owned()
        };
        let path = pattern
            .split('/')
            .map(
                |part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                    Some(name) => example(name),
                    None => part.to_owned(),
                },
            )
            .collect::<Vec<_>>()
            .join("/");
        for method in ["GET", "POST", "DELETE", "PUT", "OPTIONS"] {
            if listed.iter().any(|m| m == method) {
                continue;
            }
            let res = t.respond(method, &path, None, "", None);
            assert_eq!(res.status, 405, "{method} {path}: {}", res.body);
            assert_eq!(
                res.allow,
                Some(listed.join(", ").as_str()),
                "{method} {path}"
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn operation_ids_are_unique_words() {
    let mut seen = BTreeSet::new();
    for ep in endpoints() {
        let id = operation_id(ep.method, ep.pattern);
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric()), "{id}");
        assert!(seen.insert(id.clone()), "{id}");
    }
    assert_eq!(
        operation_id("POST", "/api/users/remove-bookmark/{postId}"),
        "postUsersRemoveBookmarkByPostId"
    );
}
