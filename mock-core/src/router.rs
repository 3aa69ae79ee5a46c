//! The route table and the dispatcher, in the manner of axum: each route
//! says whether it needs a signed-in user ([`Route::open`] or
//! [`Route::token`]), so which routes need a token is visible in the tables
//! and authentication (401, or 404 for a vanished user) always comes before
//! any body is read (400). A handler takes what it needs: [`Ctx`] for the
//! store, the clock, path parameters by name and the parsed body, and the
//! [`AuthUser`] when its route is a token route. Its `Result<Reply,
//! ApiError>` becomes the response.

use crate::auth::{authenticate, AuthUser};
use crate::db::{Changes, Db};
use crate::error::ApiError;
use crate::events::STREAMED;
use crate::exchange::{prefers_minimal, Now, Request, Response};
use crate::query::{percent_decoded, Query};
use crate::routes;
use crate::rules::MAX_BODY_BYTES;
use crate::views::Render;
use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::error::Category;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Delete,
}

impl Method {
    pub const ALL: [Method; 3] = [Method::Get, Method::Post, Method::Delete];

    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Delete => "DELETE",
        }
    }
}

pub type Answer = Result<Reply, ApiError>;

/// What a route's handler needs besides its [`Ctx`].
#[derive(Clone, Copy)]
pub enum Handler {
    /// Anyone may call it.
    Open(fn(Ctx<'_>) -> Answer),
    /// Only a signed-in user: the handler gets them.
    Token(fn(Ctx<'_>, AuthUser) -> Answer),
}

/// One endpoint: `pattern` is the full path, parameters written `{name}`.
pub struct Route {
    pub method: Method,
    pub pattern: &'static str,
    pub handler: Handler,
}

impl Route {
    /// A route anyone may call.
    pub const fn open(
        method: Method,
        pattern: &'static str,
        handler: fn(Ctx<'_>) -> Answer,
    ) -> Self {
        Route {
            method,
            pattern,
            handler: Handler::Open(handler),
        }
    }

    /// A route that needs a token naming an existing user.
    pub const fn token(
        method: Method,
        pattern: &'static str,
        handler: fn(Ctx<'_>, AuthUser) -> Answer,
    ) -> Self {
        Route {
            method,
            pattern,
            handler: Handler::Token(handler),
        }
    }

    #[cfg(test)]
    pub fn needs_token(&self) -> bool {
        matches!(self.handler, Handler::Token(_))
    }
}

/// A resource module's route table, each route described once: its access
/// (`open` or `token`), method, path and handler make [`Route`]s for the
/// router; its summary (the doc comment), request and query types,
/// response and errors make its [`crate::contract::Endpoint`], in test
/// builds only, so none of the description reaches the wasm. `query` names
/// the route's query type (`crate::query::query_type!`), which the handler
/// reads and the contract describes. `minimal` names the smaller answer the
/// route gives when asked `Prefer: return=minimal`.
macro_rules! route_table {
    ($(
        $(#[doc = $doc:literal])*
        $access:ident $method:ident $pattern:literal => $handler:ident {
            $(request: $request:ty,)?
            $(query: $query:ty,)?
            response: $status:literal $response:ty,
            $(minimal: $minimal:ty,)?
            errors: $errors:expr $(,)?
        }
    )*) => {
        pub const ROUTES: &[$crate::router::Route] = &[
            $($crate::router::Route::$access($crate::router::Method::$method, $pattern, $handler),)*
        ];

        /// The descriptions of [`ROUTES`], in the same order.
        #[cfg(test)]
        pub fn endpoints() -> Vec<$crate::contract::Endpoint> {
            #[allow(unused_imports)]
            use $crate::error::ApiError::*;
            vec![$(
                $crate::contract::Endpoint::new(
                    $crate::router::Route::$access($crate::router::Method::$method, $pattern, $handler),
                    &[$($doc),*],
                    None$(.or(Some($crate::contract::type_name::<$request>())))?,
                    None$(.or(Some($crate::contract::query_parameters::<$query>())))?.unwrap_or_default(),
                    ($status, $crate::contract::type_name::<$response>()),
                    None$(.or(Some($crate::contract::type_name::<$minimal>())))?,
                    $errors.into_iter().collect(),
                ),
            )*]
        }
    };
}
pub(crate) use route_table;

/// Every route, table by table (a request reaches the one its path and
/// method match: see `reach`).
pub fn routes() -> impl Iterator<Item = &'static Route> {
    TABLES.iter().flat_map(|table| table.iter())
}

/// The route tables, in the documents' order.
const TABLES: [&[Route]; 8] = [
    routes::auth::ROUTES,
    routes::users::ROUTES,
    routes::feeds::ROUTES,
    routes::posts::ROUTES,
    routes::discover::ROUTES,
    routes::comments::ROUTES,
    routes::media::ROUTES,
    routes::notifications::ROUTES,
];

/// What a handler gets: the store, the clock, the path parameters, the
/// query string and the body.
pub struct Ctx<'a> {
    pub db: &'a mut Db,
    pub now: Now,
    params: Vec<(&'static str, String)>,
    query: &'a str,
    body: &'a str,
    /// The request asked for `Prefer: return=minimal`.
    minimal: bool,
}

impl<'a> Ctx<'a> {
    /// The path parameter written `{name}` in the route's pattern (empty if
    /// the pattern has none of that name: every route's tests reach it with
    /// real and unknown ids, so a misspelt name shows as a wrong 404).
    pub fn param(&self, name: &str) -> &str {
        self.params
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, value)| value.as_str())
    }

    /// The query read as the route's query type (see `crate::query`);
    /// 400 naming the first parameter that is badly encoded or refused.
    pub fn query<T: Query>(&self) -> Result<T, ApiError> {
        crate::query::read(self.query)
    }

    /// The body read as `T`; 400 with the reason otherwise: where the
    /// text stops being JSON, or which field is missing or of a wrong type.
    /// The body must be a JSON object (see [`Object`]).
    pub fn body<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        let mut de = serde_json::Deserializer::from_str(self.body);
        match serde_path_to_error::deserialize(&mut de) {
            Ok(Object(value)) => body_end(de).map(|()| value),
            Err(e) => Err(body_refused(e)),
        }
    }

    /// Whether the request asked for the small answer (`Prefer:
    /// return=minimal`): a write that answers every post answers only the
    /// one it changed.
    pub fn minimal(&self) -> bool {
        self.minimal
    }

    pub fn render(&self) -> Render<'_> {
        Render {
            db: self.db,
            offset_minutes: self.now.offset_minutes,
        }
    }
}

/// `T` read from a JSON object and nothing else. serde's derived reader
/// of a struct also takes an array, field by field (`{"userData": [null,
/// null]}` would read as a profile edit); the contract says "object", so
/// an array (or any other value) is refused with the field's path.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OnlyMaps<T>(std::marker::PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for OnlyMaps<T> {
            type Value = T;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<T, M::Error> {
                T::deserialize(MapAccessDeserializer::new(map))
            }
        }

        deserializer
            .deserialize_map(OnlyMaps(std::marker::PhantomData))
            .map(Object)
    }
}

/// For `#[serde(deserialize_with = "object")]` on a field holding a
/// struct: the field must be a JSON object (see [`Object`]).
pub fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    Object::deserialize(deserializer).map(|Object(value)| value)
}

// What follows the value, and a refusal, are read outside `Ctx::body`, so
// each request type's copy of it holds only its own deserializer.

/// Nothing but whitespace after the value.
fn body_end(mut de: serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Result<(), ApiError> {
    de.end().map_err(|e| body_error(".", e))
}

/// A shape error at its path.
fn body_refused(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = e.path().to_string();
    body_error(&path, e.into_inner())
}

/// Why a body was refused. A shape error names the field by its path
/// (serde_json's line and column are dropped: the path says more).
fn body_error(path: &str, e: serde_json::Error) -> ApiError {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    let message = text.strip_suffix(&at).unwrap_or(&text);
    ApiError::BadBody(match (e.classify(), path) {
        (Category::Data, ".") => message.to_owned(),
        (Category::Data, _) => format!("{path}: {message}"),
        _ => format!("not valid JSON ({text})"),
    })
}

/// A successful response: status and serialised body.
pub struct Reply {
    pub status: u16,
    pub body: String,
    /// `Some(RETURN_MINIMAL)` (see `crate::exchange`) when the body is the small answer a `Prefer:
    /// return=minimal` asked for (the `Preference-Applied` header).
    pub applied: Option<&'static str>,
}

impl Reply {
    pub fn ok(value: &impl Serialize) -> Answer {
        Self::with_status(200, value)
    }

    pub fn created(value: &impl Serialize) -> Answer {
        Self::with_status(201, value)
    }

    fn with_status(status: u16, value: &impl Serialize) -> Answer {
        let body = serde_json::to_string(value).map_err(|_| ApiError::Internal)?;
        Ok(Reply {
            status,
            body,
            applied: None,
        })
    }
}

/// The path part of a URL: scheme and host dropped, query and fragment cut.
fn path_of(url: &str) -> &str {
    let path = match url.split_once("://") {
        Some((_, after)) => after.find('/').and_then(|j| after.get(j..)).unwrap_or("/"),
        None => url,
    };
    path.split(['?', '#']).next().unwrap_or_default()
}

/// The query string of a URL (between `?` and any `#`), or `""`.
fn query_of(url: &str) -> &str {
    let Some((_, after)) = url.split_once('?') else {
        return "";
    };
    after.split('#').next().unwrap_or_default()
}

/// The first `n` characters of `s`.
fn first_chars(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The named parameters of `path` if it matches `pattern`.
fn match_pattern(pattern: &'static str, path: &str) -> Option<Vec<(&'static str, String)>> {
    let mut params = Vec::new();
    let mut want = pattern.split('/');
    let mut have = path.split('/');
    loop {
        match (want.next(), have.next()) {
            (None, None) => return Some(params),
            (Some(w), Some(h)) if w.starts_with('{') => {
                if h.is_empty() {
                    return None;
                }
                let name = w.trim_start_matches('{').trim_end_matches('}');
                params.push((name, percent_decoded(h)?.into_owned()));
            }
            (Some(w), Some(h)) if w == h => {}
            _ => return None,
        }
    }
}

/// Where a request goes.
enum Reached {
    /// A route, with the path's parameters.
    Route(&'static Route, Vec<(&'static str, String)>),
    /// A path some routes answer, but none with this method: theirs (the
    /// `Allow` header of a 405).
    OtherMethods(&'static str),
    /// A path no route answers.
    Nowhere,
}

/// Where `method` at `trimmed` (a path without trailing slashes) goes. A
/// path belongs to the one pattern that reaches it with the most literal
/// segments, as OpenAPI matches paths (`/api/posts/feed` is Home's feed,
/// not a post's `/api/posts/{postId}`, whatever the method), and is
/// answered by that pattern's routes alone.
fn reach(method: &str, trimmed: &str) -> Reached {
    // A path a host streams is the contract's like any other, but its
    // streamed operations are the host's: one that reaches the core (a
    // host that does not stream it) finds no route.
    let streamed = |m: Method| STREAMED.iter().any(|s| s.method == m && s.path == trimmed);
    if let Some(allow) = allow_header(streamed) {
        let asked = Method::ALL
            .into_iter()
            .find(|m| m.as_str().eq_ignore_ascii_case(method));
        if asked.is_some_and(streamed) {
            return Reached::Nowhere;
        }
        return Reached::OtherMethods(allow);
    }
    let Some((pattern, params)) = routes()
        .filter_map(|route| Some((route.pattern, match_pattern(route.pattern, trimmed)?)))
        .max_by_key(|(pattern, _)| literal_segments(pattern))
    else {
        return Reached::Nowhere;
    };
    let route = routes().find(|route| {
        route.pattern == pattern && route.method.as_str().eq_ignore_ascii_case(method)
    });
    let allows = |m: Method| routes().any(|route| route.method == m && route.pattern == pattern);
    match (route, allow_header(allows)) {
        (Some(route), _) => Reached::Route(route, params),
        (None, Some(allow)) => Reached::OtherMethods(allow),
        (None, None) => Reached::Nowhere,
    }
}

/// How many segments of `pattern` are not parameters.
fn literal_segments(pattern: &str) -> usize {
    pattern.split('/').filter(|p| !p.starts_with('{')).count()
}

/// The path of `url` without its trailing slashes (`/` stays).
fn trimmed_path(url: &str) -> &str {
    match path_of(url).trim_end_matches('/') {
        "" => "/",
        p => p,
    }
}

/// The route a request reaches, if any (for the contract check).
#[cfg(all(test, not(target_arch = "wasm32")))]
pub fn route_for(method: &str, url: &str) -> Option<&'static Route> {
    match reach(method.trim(), trimmed_path(url)) {
        Reached::Route(route, _) => Some(route),
        _ => None,
    }
}

/// Answers one request; never panics, never leaves a failed change behind
/// (handlers check every rule before they mutate). What the request marked
/// in the store (see `crate::db::Changes`) is committed when it succeeded:
/// a new revision, and the response says it `changed` the state.
pub fn dispatch(db: &mut Db, req: &Request<'_>, now: Now) -> (Response, Changes) {
    // Marks left by anything but a request (a seed's import) are not its.
    db.take_changes();
    let answered = answer(db, req, now);
    let changes = db.take_changes();
    let (changed, media_id) = match answered {
        Ok(_) => (db.commit(&changes), changes.media.clone()),
        Err(_) => (false, None),
    };
    let revision = db.revision();
    let response = match answered {
        Ok(reply) => Response {
            status: reply.status,
            body: reply.body,
            allow: None,
            preference_applied: reply.applied,
            changed,
            media_id,
            revision,
        },
        Err(err) => Response {
            status: err.status(),
            body: err.body(),
            allow: match err {
                ApiError::MethodNotAllowed { allow } => Some(allow),
                _ => None,
            },
            preference_applied: None,
            changed,
            media_id,
            revision,
        },
    };
    (response, changes)
}

/// What [`dispatch`] answers, before it becomes a response: the seed import
/// reads a refusal's [`ApiError`] here rather than parse it back from JSON.
pub fn answer(db: &mut Db, req: &Request<'_>, now: Now) -> Answer {
    // Before anything is read: the msw handler refuses it too, unread, but
    // a caller of the core may not go through it.
    if req.body.len() > MAX_BODY_BYTES {
        return Err(ApiError::BodyTooLarge);
    }
    let trimmed = trimmed_path(req.url);
    let method = req.method.trim();
    match reach(method, trimmed) {
        Reached::Route(route, params) => {
            let authorization = req.authorization;
            let cx = Ctx {
                db,
                now,
                params,
                query: query_of(req.url),
                body: req.body,
                minimal: prefers_minimal(req.prefer),
            };
            match route.handler {
                Handler::Open(handler) => handler(cx),
                Handler::Token(handler) => {
                    authenticate(cx.db, authorization).and_then(|user| handler(cx, user))
                }
            }
        }
        Reached::OtherMethods(allow) => Err(ApiError::MethodNotAllowed { allow }),
        Reached::Nowhere => Err(ApiError::NoRoute {
            method: first_chars(method, 16),
            path: first_chars(trimmed, 200),
        }),
    }
}

/// The `Allow` header of a 405 at a path whose methods are those `allows`
/// says yes to, or `None` when there are none.
fn allow_header(allows: impl Fn(Method) -> bool) -> Option<&'static str> {
    match (
        allows(Method::Get),
        allows(Method::Post),
        allows(Method::Delete),
    ) {
        (false, false, false) => None,
        (true, false, false) => Some("GET"),
        (false, true, false) => Some("POST"),
        (false, false, true) => Some("DELETE"),
        (true, true, false) => Some("GET, POST"),
        (true, false, true) => Some("GET, DELETE"),
        (false, true, true) => Some("POST, DELETE"),
        (true, true, true) => Some("GET, POST, DELETE"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_chars_takes_whole_characters() {
        for s in ["", "abc", "é😀xyz"] {
            for n in 0..7 {
                assert_eq!(first_chars(s, n), s.chars().take(n).collect::<String>());
            }
        }
    }

    #[test]
    fn paths_from_urls() {
        assert_eq!(path_of("/api/posts?x=1"), "/api/posts");
        assert_eq!(
            path_of("http://localhost:5173/api/posts/#top"),
            "/api/posts/"
        );
        assert_eq!(path_of("https://example.org"), "/");
    }

    #[test]
    fn query_strings_are_cut_from_urls() {
        assert_eq!(query_of("/api/search?q=a+b&limit=5#frag"), "q=a+b&limit=5");
        assert_eq!(query_of("http://h/api/search?q=x?y"), "q=x?y");
        assert_eq!(query_of("/api/search#q=1"), "");
        assert_eq!(query_of("/api/search"), "");
    }

    #[test]
    fn patterns_bind_decoded_parameters() {
        assert_eq!(
            match_pattern("/api/posts/user/{username}", "/api/posts/user/a%20b"),
            Some(vec![("username", "a b".to_owned())])
        );
        assert_eq!(match_pattern("/api/posts/{id}", "/api/posts"), None);
        assert_eq!(match_pattern("/api/posts/{id}", "/api/posts/%zz"), None);
        assert_eq!(match_pattern("/api/posts/{id}", "/api/posts/a/b"), None);
    }

    #[test]
    fn no_path_belongs_to_two_patterns_alike() {
        // Two patterns with as many literal segments that reach one path
        // would leave `reach` to choose by the tables' order.
        let patterns: std::collections::BTreeSet<&str> = routes().map(|r| r.pattern).collect();
        for a in &patterns {
            for b in patterns
                .range::<&str, _>((std::ops::Bound::Excluded(a), std::ops::Bound::Unbounded))
            {
                let (wa, wb): (Vec<&str>, Vec<&str>) =
                    (a.split('/').collect(), b.split('/').collect());
                let overlap = wa.len() == wb.len()
                    && wa
                        .iter()
                        .zip(&wb)
                        .all(|(x, y)| x == y || x.starts_with('{') || y.starts_with('{'));
                assert!(
                    !overlap || literal_segments(a) != literal_segments(b),
                    "{a} and {b}"
                );
            }
        }
    }

    #[test]
    fn table_has_no_duplicate_routes() {
        let mut seen = std::collections::BTreeSet::new();
        for r in routes() {
            assert!(seen.insert((r.method.as_str(), r.pattern)), "{}", r.pattern);
        }
        assert_eq!(
            seen.len(),
            37,
            "22 endpoints of the spec, media, the tag feed, search, the Home and Explore pages, \
             a profile by username, the author, bookmark and search pages, suggestions, \
             notifications (a page, and marking them read), and the MirageJS template's comment \
             votes and DELETE of a comment"
        );
    }

    use crate::testing::{TestApi, TOKEN_INVALID};
    use serde_json::json;

    #[test]
    fn unknown_paths_are_404() {
        let mut t = TestApi::new();
        for (method, url) in [
            ("GET", "/api/nothing"),
            ("PUT", "/api/nothing/else"),
            ("GET", "/elsewhere"),
            ("GET", "/api/posts//p-01"),
            ("POST", "/api/posts/like/p-01/more"),
        ] {
            let message = format!("No route for {method} {url}");
            t.fails(method, url, None, "", 404, &message);
        }
    }

    /// A concrete path for `pattern`, its parameters filled from the seed.
    fn sample_path(pattern: &str) -> String {
        pattern
            .split('/')
            .map(|part| match part {
                "{postId}" => "p-01",
                "{commentId}" => "c-01",
                "{userId}" | "{followUserId}" => "u-maya",
                "{username}" => "guest",
                "{tag}" => "travel",
                other => other,
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Whether `pattern` reaches `path`, written apart from `match_pattern`.
    fn reaches(pattern: &str, path: &str) -> bool {
        let (want, have): (Vec<&str>, Vec<&str>) =
            (pattern.split('/').collect(), path.split('/').collect());
        want.len() == have.len()
            && want
                .iter()
                .zip(&have)
                .all(|(w, h)| w == h || (w.starts_with('{') && !h.is_empty()))
    }

    /// The methods answered at `path`: those of the pattern that reaches
    /// it with the most literal segments.
    fn answered_at(path: &str) -> Vec<&'static str> {
        let reaching = || routes().filter(|r| reaches(r.pattern, path));
        let Some(most) = reaching().map(|r| literal_segments(r.pattern)).max() else {
            return Vec::new();
        };
        ["GET", "POST", "DELETE"]
            .into_iter()
            .filter(|m| {
                reaching().any(|r| r.method.as_str() == *m && literal_segments(r.pattern) == most)
            })
            .collect()
    }

    #[test]
    fn streamed_paths_allow_the_lists_methods_and_reach_no_route() {
        let mut t = TestApi::new();
        assert!(STREAMED
            .iter()
            .any(|s| (s.method, s.path) == (Method::Get, "/api/events")));
        for s in STREAMED {
            assert!(!s.path.contains('{'), "{}: a literal path", s.path);
            let listed: Vec<&str> = Method::ALL
                .into_iter()
                .filter(|m| STREAMED.iter().any(|o| o.path == s.path && o.method == *m))
                .map(Method::as_str)
                .collect();
            for method in ["GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"] {
                for url in [
                    s.path.to_owned(),
                    format!("{}/", s.path),
                    format!("{}?access_token=x", s.path),
                ] {
                    let res = t.respond(method, &url, None, "", None);
                    if listed.contains(&method) {
                        // The host's to answer: the core has no route.
                        let message =
                            format!(r#"{{"errors":["No route for {method} {}"]}}"#, s.path);
                        assert_eq!((res.status, res.body, res.allow), (404, message, None));
                    } else {
                        assert_eq!(res.status, 405, "{method} {url}: {}", res.body);
                        assert_eq!(
                            res.allow,
                            Some(listed.join(", ").as_str()),
                            "{method} {url}"
                        );
                    }
                }
            }
        }
        let res = t.respond("PUT", "/api/events", None, "", None);
        assert_eq!(res.allow, Some("GET"));
    }

    #[test]
    fn a_known_path_with_another_method_is_405_with_allow() {
        let mut t = TestApi::new();
        let mut refused = 0;
        for route in routes() {
            let path = sample_path(route.pattern);
            let answered = answered_at(&path);
            for method in ["GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"] {
                if answered.contains(&method) {
                    continue;
                }
                let res = t.api.handle(
                    &Request {
                        method,
                        url: &format!("{path}/"),
                        authorization: None,
                        body: "",
                        prefer: None,
                    },
                    t.now,
                );
                assert_eq!(res.status, 405, "{method} {path}: {}", res.body);
                assert_eq!(res.body, r#"{"errors":["Method not allowed"]}"#);
                assert_eq!(
                    res.allow.map(|a| a.split(", ").collect::<Vec<_>>()),
                    Some(answered.clone()),
                    "{method} {path}"
                );
                refused += 1;
            }
        }
        assert!(refused > 100, "{refused}");
        // A literal path is not the parameterised path beside it: Home's
        // feed has no DELETE, the profile edit no GET (no post `feed`, no
        // user `edit` is looked up), as the document's paths say.
        let guest = t.guest();
        for (method, path, allow) in [
            ("DELETE", "/api/posts/feed", "GET"),
            ("DELETE", "/api/posts/explore", "GET"),
            ("OPTIONS", "/api/posts/bookmarks", "GET"),
            ("DELETE", "/api/posts/search?q=a", "GET"),
            ("GET", "/api/users/edit", "POST"),
            ("OPTIONS", "/api/users/suggestions", "GET"),
        ] {
            t.fails(method, path, Some(&guest), "", 405, "Method not allowed");
            let res = t.api.handle(
                &Request {
                    method,
                    url: path,
                    authorization: Some(&guest),
                    body: "",
                    prefer: None,
                },
                t.now,
            );
            assert_eq!(res.allow, Some(allow), "{method} {path}");
        }
        // Through the contract check too: the document lists the answer.
        t.fails("PUT", "/api/posts", None, "", 405, "Method not allowed");
        t.fails(
            "GET",
            "/api/posts/like/p-01",
            None,
            "",
            405,
            "Method not allowed",
        );
        let ok = t.api.handle(
            &Request {
                method: "GET",
                url: "/api/posts",
                authorization: None,
                body: "",
                prefer: None,
            },
            t.now,
        );
        assert_eq!((ok.status, ok.allow), (200, None));
    }

    #[test]
    fn full_urls_queries_and_trailing_slashes_route() {
        let mut t = TestApi::new();
        for url in [
            "http://localhost:5173/api/users",
            "/api/users/",
            "/api/users//",
            "/api/users?page=2",
            "https://x.example/murmur/api/users",
        ] {
            let (status, json) = t.get(url);
            let expected = if url.contains("/murmur/") { 404 } else { 200 };
            assert_eq!(status, expected, "{url} {json}");
        }
        assert_eq!(
            t.call("get", "/api/posts", None, "").0,
            200,
            "methods are case-insensitive"
        );
    }

    #[test]
    fn token_routes_accept_raw_and_bearer_tokens() {
        let mut t = TestApi::new();
        let token = t.guest();
        let bearer = format!("Bearer {token}");
        for auth in [token.as_str(), bearer.as_str()] {
            assert_eq!(t.call("GET", "/api/users/bookmark", Some(auth), "").0, 200);
        }
    }

    #[test]
    fn bad_tokens_are_401_and_a_vanished_user_404() {
        let mut t = TestApi::new();
        let token = t.guest();
        let forged = format!("{}x", token.trim_end_matches(|c| c != '.'));
        for bad in ["", "Bearer", "Bearer ", "abc.def.ghi", forged.as_str()] {
            t.fails(
                "GET",
                "/api/users/bookmark",
                Some(bad),
                "",
                401,
                TOKEN_INVALID,
            );
        }
        let body =
            json!({"firstName": "A", "lastName": "B", "username": "gone", "password": "password1"});
        let (_, json) = t.call("POST", "/api/auth/signup", None, &body.to_string());
        let orphan = json["encodedToken"].as_str().unwrap().to_owned();
        t.api.reset();
        t.fails(
            "GET",
            "/api/users/bookmark",
            Some(&orphan),
            "",
            404,
            "The username you entered is not Registered. Not Found error",
        );
    }

    #[test]
    fn bodies_that_are_not_json_are_400() {
        let mut t = TestApi::new();
        t.fails(
            "POST",
            "/api/auth/login",
            None,
            "username=guest",
            400,
            "Invalid request body: not valid JSON (expected value at line 1 column 1)",
        );
        t.fails(
            "POST",
            "/api/auth/login",
            None,
            "42",
            400,
            "Invalid request body: invalid type: integer `42`, expected a JSON object",
        );
    }

    #[test]
    fn timestamps_follow_the_callers_offset() {
        let mut t = TestApi::new();
        t.now.offset_minutes = -300;
        let (_, json) = t.get("/api/posts/p-01");
        assert_eq!(json["post"]["createdAt"], "2025-03-14T04:30:00-05:00");
    }
}
