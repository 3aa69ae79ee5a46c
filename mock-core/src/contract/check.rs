//! Holds the API's answers to its contract, `docs/openapi.json`: every
//! request a test sends through `TestApi` has its answer checked here.
//! The status must be one the document lists for the route (or 404 with
//! `NoRoute` for no route, 405 with `MethodNotAllowed` for another method),
//! and the body must validate against that response's schema (with the
//! `jsonschema` crate, JSON Schema 2020-12 as OpenAPI 3.1 uses). A request
//! body the core accepted must validate against the operation's request
//! body schema too.

use crate::contract::openapi::document;
use crate::error::ApiError;
use crate::events::{Streamed, STREAMED};
use crate::query::{form_decoded, percent_decoded};
use jsonschema::{Draft, Registry, Validator};
use serde_json::Value;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

const DOC_URI: &str = "urn:murmur:openapi";

thread_local! {
    /// Answers checked on this thread (each test runs on one).
    static CHECKED: Cell<usize> = const { Cell::new(0) };
}

/// How many answers this thread has checked.
pub fn checked() -> usize {
    CHECKED.with(Cell::get)
}

fn doc() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| serde_json::to_value(document()).unwrap())
}

fn registry() -> &'static Registry<'static> {
    static REGISTRY: OnceLock<Registry<'static>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        Registry::new()
            .draft(Draft::Draft202012)
            .add(DOC_URI, doc())
            .and_then(|builder| builder.prepare())
            .unwrap()
    })
}

/// A validator for the schema at `pointer` in the document (built once).
fn validator(pointer: &str) -> Arc<Validator> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Validator>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(pointer)
    {
        return Arc::clone(found);
    }
    // A pointer in a URI fragment: `{postId}` percent-encoded.
    let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
    let schema = serde_json::json!({ "$ref": format!("{DOC_URI}#{fragment}") });
    let validator = jsonschema::options()
        .with_draft(Draft::Draft202012)
        .with_registry(registry())
        .build(&schema)
        .unwrap_or_else(|e| panic!("no schema at {pointer}: {e}"));
    let validator = Arc::new(validator);
    cache
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(pointer.to_owned(), Arc::clone(&validator));
    validator
}

/// `/api/posts/{postId}` as one JSON Pointer token.
fn pointer_token(text: &str) -> String {
    text.replace('~', "~0").replace('/', "~1")
}

/// The pointer to a route's operation in the document, and the operation.
fn operation_of(route: &crate::router::Route) -> Result<(String, &'static Value), String> {
    let method = route.method.as_str();
    let pointer = format!(
        "/paths/{}/{}",
        pointer_token(route.pattern),
        method.to_ascii_lowercase()
    );
    let operation = doc().pointer(&pointer).ok_or_else(|| {
        format!(
            "docs/openapi.json has no operation {method} {}",
            route.pattern
        )
    })?;
    Ok((pointer, operation))
}

/// The errors of `value` against the schema at `pointer`, or `Ok`.
fn validate(pointer: &str, value: &Value) -> Result<(), String> {
    let errors: Vec<String> = validator(pointer)
        .iter_errors(value)
        .map(|e| format!("{e} (at `{}`)", e.instance_path()))
        .collect();
    match errors.is_empty() {
        true => Ok(()),
        false => Err(errors.join("\n  ")),
    }
}

/// Checks a request body the API accepted (answered 2xx) against the
/// operation's request body schema, so that the schema allows what the
/// core takes.
pub fn check_accepted_request(method: &str, url: &str, body: &str) -> Result<(), String> {
    let Some(route) = crate::router::route_for(method, url) else {
        return Ok(());
    };
    let (operation, described) = operation_of(route)?;
    if described
        .pointer("/requestBody/content/application~1json")
        .is_none()
    {
        return Ok(());
    }
    let pointer = format!("{operation}/requestBody/content/application~1json/schema");
    let value: Value = serde_json::from_str(body)
        .map_err(|e| format!("{method} {url} accepted a body that is not JSON: {e}"))?;
    validate(&pointer, &value).map_err(|errors| {
        format!(
            "{method} {url} accepted a body that docs/openapi.json refuses:\n  {errors}\nbody: {body}"
        )
    })
}

/// Checks the query parameters of a request against the schemas of the
/// operation's parameters: each described one that is present (its first
/// value, decoded; a whole number where the schema wants an integer), and
/// each required one is present.
pub fn check_query(method: &str, url: &str) -> Result<(), String> {
    let route =
        crate::router::route_for(method, url).ok_or_else(|| format!("no route for {url}"))?;
    let (operation, described) = operation_of(route)?;
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let parameters = described["parameters"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (i, parameter) in parameters.iter().enumerate() {
        if parameter["in"] != "query" {
            continue;
        }
        let name = parameter["name"].as_str().unwrap_or_default();
        let value = query
            .split('&')
            .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
            .find(|(key, _)| form_decoded(key).as_deref() == Some(name))
            .map(|(_, value)| form_decoded(value).ok_or_else(|| format!("{name} is not UTF-8")));
        let Some(value) = value.transpose()? else {
            if parameter["required"] == true {
                return Err(format!("{url}: `{name}` is required"));
            }
            continue;
        };
        let schema = &parameter["schema"];
        let integer = schema["type"] == "integer";
        let value = match value.parse::<i64>() {
            Ok(n) if integer => Value::from(n),
            _ => Value::from(value),
        };
        validate(&format!("{operation}/parameters/{i}/schema"), &value)
            .map_err(|e| format!("{url}: {e}"))?;
    }
    Ok(())
}

/// Checks the path parameters of a request (each decoded) against the
/// schemas of the operation's, so that the document states the rules of a
/// path the core answered.
pub fn check_path(method: &str, url: &str) -> Result<(), String> {
    let Some(route) = crate::router::route_for(method, url) else {
        return Ok(());
    };
    let (operation, described) = operation_of(route)?;
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches('/');
    let parameters = described["parameters"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (part, segment) in route.pattern.split('/').zip(path.split('/')) {
        let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) else {
            continue;
        };
        let i = parameters
            .iter()
            .position(|p| p["in"] == "path" && p["name"] == name)
            .ok_or_else(|| format!("{} has no path parameter {name}", route.pattern))?;
        let value =
            percent_decoded(segment).ok_or_else(|| format!("{url}: {name} is not UTF-8"))?;
        validate(
            &format!("{operation}/parameters/{i}/schema"),
            &Value::from(value.as_ref()),
        )
        .map_err(|e| {
            format!("{method} {url} was answered, but docs/openapi.json refuses its {name}: {e}")
        })?;
    }
    Ok(())
}

/// Checks one answer.
pub fn check_response(method: &str, url: &str, status: u16, body: &str) -> Result<(), String> {
    let body: Value = serde_json::from_str(body).map_err(|e| {
        format!("{method} {url} answered {status} with a body that is not JSON: {e}")
    })?;
    let pointer = match crate::router::route_for(method, url) {
        // The document's answer is the host's stream; the core's is that it
        // has no route (a host that streams it never asks).
        None if status != 404 && streamed(method, url).is_some() => {
            return Err(format!(
                "{method} {url} is streamed by the host, but the core answered {status}: {body}"
            ));
        }
        None if status == 404 => {
            "/components/responses/NoRoute/content/application~1json/schema".to_owned()
        }
        None if status == 405 => {
            "/components/responses/MethodNotAllowed/content/application~1json/schema".to_owned()
        }
        // The body limit is checked before routing (router::dispatch).
        None if status == 413 => {
            let expected = serde_json::json!({ "errors": [ApiError::BodyTooLarge.message()] });
            return if body == expected {
                Ok(())
            } else {
                Err(format!("{method} {url} answered 413 with {body}"))
            };
        }
        None => {
            return Err(format!(
                "{method} {url} reaches no route but answered {status}"
            ))
        }
        Some(route) => {
            let (operation, described) = operation_of(route)?;
            if described["responses"].get(status.to_string()).is_none() {
                return Err(format!(
                    "{method} {} answered {status}, which docs/openapi.json does not list for it: {body}",
                    route.pattern
                ));
            }
            format!("{operation}/responses/{status}/content/application~1json/schema")
        }
    };
    validate(&pointer, &body).map_err(|errors| {
        format!(
            "{method} {url} answered {status} with a body that docs/openapi.json refuses:\n  {errors}\nbody: {body}"
        )
    })?;
    CHECKED.with(|n| n.set(n.get() + 1));
    Ok(())
}

/// The operation a host streams that `method` at `url` asks for, if any.
fn streamed(method: &str, url: &str) -> Option<&'static Streamed> {
    let path = url.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches('/');
    STREAMED
        .iter()
        .find(|s| s.path == path && s.method.as_str().eq_ignore_ascii_case(method.trim()))
}

/// Checks what reading events answered (`Api::events`): a refusal as the
/// stream's operation lists it, or an `EventsResponse`, each event's data
/// the shape its kind has.
pub fn check_events(status: u16, body: &str) -> Result<(), String> {
    let body: Value = serde_json::from_str(body)
        .map_err(|e| format!("events answered {status} with a body that is not JSON: {e}"))?;
    let events = streamed("GET", crate::events::EVENTS_PATH)
        .ok_or("the events are not among the streamed operations")?;
    let operation = format!(
        "/paths/{}/{}",
        pointer_token(events.path),
        events.method.as_str().to_ascii_lowercase()
    );
    let pointer = match status {
        200 => "/components/schemas/EventsResponse".to_owned(),
        _ if doc()
            .pointer(&format!("{operation}/responses/{status}"))
            .is_some() =>
        {
            format!("{operation}/responses/{status}/content/application~1json/schema")
        }
        _ => {
            return Err(format!(
                "events answered {status}, which is not listed: {body}"
            ))
        }
    };
    validate(&pointer, &body)
        .map_err(|errors| format!("events answered {status} with {body}:\n  {errors}"))
}

/// Every JSON Schema in `value` (a document or part of one): the values
/// of `schema` members and of `components.schemas`.
fn schemas_in<'a>(value: &'a Value, at: String, out: &mut Vec<(String, &'a Value)>) {
    match value {
        Value::Object(members) => {
            for (key, member) in members {
                let here = format!("{at}/{}", pointer_token(key));
                if key == "schema" || at == "/components/schemas" {
                    out.push((here, member));
                } else {
                    schemas_in(member, here, out);
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                schemas_in(item, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestApi;
    use serde_json::json;

    /// The standard validator of `npm test` checks the document's
    /// structure; this checks each schema in it against JSON Schema
    /// 2020-12, OpenAPI 3.1's dialect.
    #[test]
    fn every_schema_in_the_document_is_valid_json_schema() {
        let mut schemas = Vec::new();
        schemas_in(doc(), String::new(), &mut schemas);
        assert!(schemas.len() > 100, "{}", schemas.len());
        assert!(schemas
            .iter()
            .any(|(at, _)| at == "/components/schemas/PostView"));
        for (at, schema) in schemas {
            if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
                panic!("{at}: {e}");
            }
        }
        assert!(jsonschema::draft202012::meta::validate(&json!({"type": "strin"})).is_err());
    }

    #[test]
    fn every_answer_a_test_gets_is_checked() {
        let mut t = TestApi::new();
        let before = checked();
        let token = t.guest();
        t.get("/api/posts/explore?filter=Trending&limit=2");
        t.post("/api/posts/like/p-02", &token, Value::Null);
        t.fails("GET", "/api/posts/p-404", None, "", 404, "Post not found");
        assert_eq!(t.get("/api/elsewhere").0, 404, "no route, checked too");
        assert_eq!(checked(), before + 5);
    }

    #[test]
    fn accepted_request_bodies_are_checked_against_their_schema() {
        let body = |v: Value| v.to_string();
        let accepts = |method, url, b: Value| check_accepted_request(method, url, &body(b));
        accepts(
            "POST",
            "/api/posts",
            json!({"postData": {"content": "hi", "mediaURL": null}}),
        )
        .unwrap();
        accepts(
            "POST",
            "/api/comments/add/p-01",
            json!({"commentData": "hi"}),
        )
        .unwrap();
        accepts(
            "POST",
            "/api/comments/add/p-01",
            json!({"commentData": {"text": "hi"}}),
        )
        .unwrap();
        accepts("POST", "/api/posts/like/p-01", json!("no body is read")).unwrap();
        let wrong = accepts("POST", "/api/posts", json!({"postData": {"content": 5}})).unwrap_err();
        assert!(wrong.contains("/postData/content"), "{wrong}");
        accepts(
            "POST",
            "/api/comments/add/p-01",
            json!({"commentData": {"body": "hi"}}),
        )
        .unwrap_err();
        accepts("POST", "/api/users/edit", json!({"userData": [null, null]})).unwrap_err();
        // An upload's body is the image, not JSON: nothing to check here.
        accepts("POST", "/api/media", json!({"type": "image/png"})).unwrap();
        accepts("POST", "/api/auth/login", json!({"username": "guest"})).unwrap_err();
        assert!(check_accepted_request("POST", "/api/auth/login", "username=guest").is_err());
    }

    fn refused(method: &str, url: &str, status: u16, body: &Value) -> String {
        check_response(method, url, status, &body.to_string())
            .expect_err("the contract should refuse this answer")
    }

    #[test]
    fn answers_the_contract_refuses_are_caught() {
        let mut t = TestApi::new();
        let (_, page) = t.get("/api/posts/explore?limit=2");
        let (_, post) = t.get("/api/posts/p-01");
        let (_, users) = t.get("/api/users");
        let ok = |method, url, status, body: &Value| {
            check_response(method, url, status, &body.to_string()).unwrap();
        };
        ok("GET", "/api/posts/explore", 200, &page);
        ok("GET", "/api/posts/p-01", 200, &post);
        ok("GET", "/api/users/", 200, &users);

        // A member missing, of the wrong type, or one the shape lacks.
        let mut no_total = page.clone();
        no_total.as_object_mut().unwrap().remove("total");
        assert!(refused("GET", "/api/posts/explore", 200, &no_total)
            .contains("\"total\" is a required property"));
        let mut count_as_text = post.clone();
        count_as_text["post"]["likes"]["likeCount"] = json!("3");
        assert!(refused("GET", "/api/posts/p-01", 200, &count_as_text)
            .contains("/post/likes/likeCount"));
        let mut leaked = users.clone();
        leaked["users"][0]["password"] = json!("guest123");
        assert!(refused("GET", "/api/users", 200, &leaked).contains("password"));
        // The right shape for another route.
        refused("GET", "/api/posts/p-01", 200, &page);

        // An error message the route does not list, in the right shape.
        ok(
            "POST",
            "/api/posts/like/p-01",
            400,
            &json!({"errors": ["Cannot like a post that is already liked."]}),
        );
        refused(
            "POST",
            "/api/posts/like/p-01",
            400,
            &json!({"errors": ["Cannot dislike a post that is already disliked."]}),
        );
        refused("POST", "/api/posts/like/p-01", 400, &json!({"errors": []}));
        ok(
            "POST",
            "/api/auth/login",
            400,
            &json!({"errors": ["Invalid request body: missing field `username`"]}),
        );
        refused(
            "POST",
            "/api/auth/login",
            400,
            &json!({"errors": ["Invalid body"]}),
        );

        // A status the route does not list; an answer where no route is.
        let wrong_status = refused(
            "GET",
            "/api/posts",
            404,
            &json!({"errors": ["Post not found"]}),
        );
        assert!(wrong_status.contains("does not list"), "{wrong_status}");
        refused("GET", "/api/nothing", 200, &json!({"posts": []}));
        refused("GET", "/api/nothing", 404, &json!({"errors": ["Not here"]}));

        // Not JSON at all.
        assert!(check_response("GET", "/api/users", 200, "<html>").is_err());
    }
}
