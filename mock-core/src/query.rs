//! Query strings, read as their route's query type. Each endpoint that
//! takes query parameters declares one struct with [`query_type!`]: its
//! fields are the parameters, in the order they are checked, and each
//! field's type (a [`Parameter`]: [`Number`], `Filter`, `SearchText`) says
//! what it reads, its default and how a value it refuses is answered.
//! serde's derived `Deserialize` reads that struct in every build; in test
//! builds utoipa's `IntoParams` describes the same fields in the contract,
//! each type giving its schema from the constants it checks with.
//!
//! A query is decoded as a form sends it (`+` for a space, then `%XX`
//! escapes), strictly: a parameter the route reads whose escape is
//! malformed, or whose bytes are not UTF-8, answers 400 naming it, where a
//! lenient decoder (a browser's, `serde_urlencoded`'s) would read other
//! text than was meant. A parameter sent twice counts once, the first
//! time; one the route does not read is ignored. The percent-decoding of
//! path segments (the router's) is the same.

use crate::error::ApiError;
use percent_encoding::percent_decode_str;
use serde::de::value::{Error as ValueError, MapDeserializer};
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use std::borrow::Cow;

/// A route's query: a struct whose fields are its parameters (see the
/// module's documentation). Written once, it derives `Deserialize` (what
/// [`read`] uses), `IntoParams` in test builds (what the contract
/// describes, each field inline from its type's schema, its doc comment
/// as the parameter's description) and [`Query`] (each field's name and
/// type, for the refusals).
macro_rules! query_type {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident {
            $(
                $(#[doc = $field_doc:literal])*
                pub $field:ident: $type:ty,
            )*
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Default, serde::Deserialize)]
        #[serde(default)]
        #[cfg_attr(test, derive(utoipa::IntoParams))]
        pub struct $name {
            $(
                $(#[doc = $field_doc])*
                #[cfg_attr(test, param(inline))]
                pub $field: $type,
            )*
        }

        impl $crate::query::Query for $name {
            const PARAMETERS: &'static [$crate::query::Param] = &[
                $($crate::query::Param::of::<$type>(stringify!($field)),)*
            ];
        }
    };
}
pub(crate) use query_type;

/// A struct declared with [`query_type!`].
pub trait Query: DeserializeOwned {
    /// Its parameters, in the order of its fields.
    const PARAMETERS: &'static [Param];
}

/// The type of one query parameter.
pub trait Parameter: DeserializeOwned + Default {
    /// Whether a request must send it. An absent required parameter reads
    /// as empty text, and is refused as that.
    const REQUIRED: bool = false;

    /// The answer to `text` (the decoded value of the parameter `name`),
    /// which this type refused to read.
    fn refusal(name: &'static str, text: &str) -> ApiError;

    /// Every answer [`Parameter::refusal`] can give, for the contract.
    #[cfg(test)]
    fn refusals(name: &'static str) -> Vec<ApiError>;
}

/// One field of a [`Query`]: its name and what its type says.
pub struct Param {
    pub name: &'static str,
    pub required: bool,
    refusal: fn(&'static str, &str) -> ApiError,
    #[cfg(test)]
    pub refusals: fn(&'static str) -> Vec<ApiError>,
}

impl Param {
    pub const fn of<T: Parameter>(name: &'static str) -> Param {
        Param {
            name,
            required: T::REQUIRED,
            refusal: T::refusal,
            #[cfg(test)]
            refusals: T::refusals,
        }
    }
}

/// `T` read from `query` (the part of the URL after `?`). A refusal names
/// the first parameter, in `T`'s order, that is badly encoded or that its
/// type refuses.
pub fn read<T: Query>(query: &str) -> Result<T, ApiError> {
    let mut given: Vec<(&'static str, String)> = Vec::new();
    // The parameters after a badly encoded one are not read: its refusal
    // comes first, unless one before it is refused for its value.
    let mut badly_encoded = None;
    for param in T::PARAMETERS {
        match first_value(query, param.name) {
            Some(Some(text)) => given.push((param.name, text)),
            Some(None) => {
                badly_encoded = Some(param.name);
                break;
            }
            None if param.required => given.push((param.name, String::new())),
            None => {}
        }
    }
    let pairs = given.iter().map(|(name, text)| (*name, text.as_str()));
    match serde_path_to_error::deserialize(MapDeserializer::<_, ValueError>::new(pairs)) {
        Ok(value) => match badly_encoded {
            Some(name) => Err(ApiError::BadQueryEncoding(name)),
            None => Ok(value),
        },
        Err(refused) => {
            // Only a field's type refuses (the struct takes defaults for
            // what is absent and never sees a parameter twice), so the
            // path is the name of a parameter given.
            let at = refused.path().to_string();
            let param = T::PARAMETERS.iter().find(|param| param.name == at);
            let text = given.iter().find(|(name, _)| *name == at);
            Err(match (param, text) {
                (Some(param), Some((_, text))) => (param.refusal)(param.name, text),
                _ => ApiError::Internal,
            })
        }
    }
}

/// The value of the first `name=value` pair of `query` whose name decodes
/// to `name`, decoded (`Some(None)`: not valid percent-encoded UTF-8).
fn first_value(query: &str, name: &str) -> Option<Option<String>> {
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (form_decoded(key).as_deref() == Some(name)).then(|| form_decoded(value))
    })
}

/// A name or value of a query string as a form sends it: `+` is a space,
/// then `%XX` escapes (so `%2B` is a plus).
pub fn form_decoded(part: &str) -> Option<String> {
    percent_decoded(&part.replace('+', " ")).map(Cow::into_owned)
}

/// `text` with its `%XX` escapes decoded; `None` for a `%` that two
/// hexadecimal digits do not follow (the decoder would keep it as it is)
/// or bytes that are not UTF-8.
pub fn percent_decoded(text: &str) -> Option<Cow<'_, str>> {
    let escapes_well_formed = text.split('%').skip(1).all(|after| {
        after
            .as_bytes()
            .get(..2)
            .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
    });
    escapes_well_formed
        .then(|| percent_decode_str(text).decode_utf8().ok())
        .flatten()
}

/// A whole number from 1 to `MAX`, `DEFAULT` when the parameter is absent:
/// a page or a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Number<const DEFAULT: usize, const MAX: usize>(usize);

impl<const DEFAULT: usize, const MAX: usize> Number<DEFAULT, MAX> {
    pub fn get(self) -> usize {
        self.0
    }
}

impl<const DEFAULT: usize, const MAX: usize> Default for Number<DEFAULT, MAX> {
    fn default() -> Self {
        Number(DEFAULT)
    }
}

impl<'de, const DEFAULT: usize, const MAX: usize> Deserialize<'de> for Number<DEFAULT, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX).contains(n))
            .map(Number)
            .ok_or_else(|| D::Error::custom("not a whole number in range"))
    }
}

impl<const DEFAULT: usize, const MAX: usize> Parameter for Number<DEFAULT, MAX> {
    fn refusal(name: &'static str, _: &str) -> ApiError {
        ApiError::BadQueryNumber { name, max: MAX }
    }

    #[cfg(test)]
    fn refusals(name: &'static str) -> Vec<ApiError> {
        vec![Self::refusal(name, "")]
    }
}

#[cfg(test)]
impl<const DEFAULT: usize, const MAX: usize> utoipa::PartialSchema for Number<DEFAULT, MAX> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(MAX as f64))
            .default(Some(DEFAULT.into()))
            .into()
    }
}

#[cfg(test)]
impl<const DEFAULT: usize, const MAX: usize> utoipa::ToSchema for Number<DEFAULT, MAX> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_decode_as_a_form_sends_them() {
        assert_eq!(
            form_decoded("caf%C3%A9+au%2Blait").as_deref(),
            Some("café au+lait")
        );
        assert_eq!(form_decoded("%E6%97%A5%E6%9C%AC").as_deref(), Some("日本"));
        for malformed in ["%zz", "%", "a%2", "%%41", "%C3", "%FF"] {
            assert_eq!(form_decoded(malformed), None, "{malformed}");
        }
        assert_eq!(percent_decoded("a+b%2Fc").as_deref(), Some("a+b/c"));
    }

    query_type! {
        /// Two numbers.
        pub struct Two {
            /// The first.
            pub first: Number<3, 9>,
            /// The second.
            pub second: Number<1, 5>,
        }
    }

    fn two(query: &str) -> Result<(usize, usize), String> {
        read::<Two>(query)
            .map(|two| (two.first.get(), two.second.get()))
            .map_err(|e| e.message())
    }

    #[test]
    fn each_parameter_is_read_once_by_its_type() {
        assert_eq!(two(""), Ok((3, 1)));
        assert_eq!(two("second=5&first=9"), Ok((9, 5)));
        assert_eq!(two("first=2&first=x&other=%zz&&"), Ok((2, 1)), "the first");
        assert_eq!(two("%66irst=4&fir%zzst=1"), Ok((4, 1)));
        let first = "first must be a whole number from 1 to 9";
        let second = "second must be a whole number from 1 to 5";
        assert_eq!(two("first=10").unwrap_err(), first);
        assert_eq!(two("first=").unwrap_err(), first);
        assert_eq!(two("first").unwrap_err(), first);
        assert_eq!(two("second=0&first=0").unwrap_err(), first, "in order");
        assert_eq!(two("first=1&second=6").unwrap_err(), second);
        // A badly encoded parameter is refused after those before it.
        let encoding = "Query parameter second is not valid percent-encoded UTF-8";
        assert_eq!(two("second=%FF&first=0").unwrap_err(), first);
        assert_eq!(two("second=%FF&first=1").unwrap_err(), encoding);
        assert_eq!(
            two("first=%zz&second=0").unwrap_err(),
            "Query parameter first is not valid percent-encoded UTF-8"
        );
    }

    use crate::testing::TestApi;

    /// Every route that reads a query answers a bad value of each of its
    /// parameters with the 400 that names it (the first the route reads
    /// when several are bad), and ignores a parameter it does not read.
    #[test]
    fn every_route_refuses_its_bad_parameters_by_name() {
        let filter = "filter must be Latest, Oldest or Trending";
        let page = "page must be a whole number from 1 to 1000000";
        let limit = "limit must be a whole number from 1 to 50";
        let long = "q".repeat(101);
        let bad = [
            ("filter", "Newest", filter),
            ("filter", "", filter),
            ("filter", "Latest%20", filter),
            ("page", "0", page),
            ("page", "1000001", page),
            ("page", "x", page),
            ("limit", "0", limit),
            ("limit", "51", limit),
            ("limit", "", limit),
            ("limit", "2.5", limit),
            ("q", "", "Search query q must not be empty"),
            ("q", "+%09", "Search query q must not be empty"),
            ("q", &long, "Search query q must be at most 100 characters"),
        ];
        let mut t = TestApi::new();
        let guest = t.guest();
        let mut refused = 0;
        for ep in crate::contract::endpoints() {
            if ep.query.is_empty() {
                continue;
            }
            let path: Vec<String> = ep
                .pattern
                .split('/')
                .map(|part| match part.strip_prefix('{') {
                    Some(name) => {
                        crate::contract::openapi::path_parameter(name.trim_end_matches('}'))
                            .1
                            .to_owned()
                    }
                    None => part.to_owned(),
                })
                .collect();
            let path = path.join("/");
            let token = ep.auth.then_some(guest.as_str());
            let reads: Vec<&str> = ep.query.iter().map(|p| p.name.as_str()).collect();
            let search = if reads.contains(&"q") { "q=a&" } else { "" };
            let (_, plain) = t.call("GET", &format!("{path}?{search}"), token, "");
            for (name, value, message) in bad {
                let others = if name == "q" { "" } else { search };
                let url = format!("{path}?{others}{name}={value}");
                if reads.contains(&name) {
                    t.fails("GET", &url, token, "", 400, message);
                    let encoding =
                        format!("Query parameter {name} is not valid percent-encoded UTF-8");
                    let url = format!("{path}?{others}{name}=%FF");
                    t.fails("GET", &url, token, "", 400, &encoding);
                    refused += 1;
                } else {
                    assert_eq!(
                        t.call("GET", &url, token, "").1,
                        plain,
                        "{url} reads {name}"
                    );
                }
            }
            // Two bad values: the route's first parameter is named, even sent last.
            let last = reads.last().copied().unwrap_or_default();
            let first = reads.first().copied().unwrap_or_default();
            if first != last {
                let (_, value, message) = bad
                    .iter()
                    .find(|(n, _, _)| *n == first)
                    .copied()
                    .unwrap_or_default();
                let url = format!("{path}?{last}=0&{first}={value}");
                t.fails("GET", &url, token, "", 400, message);
            }
        }
        assert!(refused > 50, "{refused}");
    }
}
