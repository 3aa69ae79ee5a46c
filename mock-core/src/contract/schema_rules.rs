//! The input rules (docs/rules.md, "Input rules") as JSON Schema
//! constraints on the request schemas, built from the constants and the
//! character classes `rules.rs` checks with, so the document refuses what
//! the core refuses. Patterns are ECMA-262 regular expressions as JSON
//! Schema reads them (with the `u` flag: a class matches a code point, and
//! lengths count code points, as the core does).
//!
//! Whitespace is Rust's (`char::is_whitespace`, what `str::trim` removes),
//! written out as a class rather than `\s`, whose meaning differs between
//! regular expression engines.

use crate::rules::{
    is_forbidden_char, MAX_BIO_CHARS, MAX_COMMENT_CHARS, MAX_NAME_CHARS, MAX_PASSWORD_CHARS,
    MAX_USERNAME_CHARS, MAX_WEBSITE_CHARS, MEDIA_PATH_PATTERN, MIN_PASSWORD_CHARS,
    MIN_USERNAME_CHARS, USERNAME_PATTERN,
};
use crate::search::{is_tag_char, MAX_TAG_CHARS};
use crate::MAX_POST_CHARS;
use std::collections::BTreeMap;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// The members of a regular expression class for the characters `keep`
/// selects (`\u0009-\u000D\u0020...`). Characters past U+FFFF are written
/// as themselves: `\u{...}` is ECMA-262's alone (Python's `re`, which
/// Schemathesis generates with, does not read it).
fn class(keep: impl Fn(char) -> bool) -> String {
    let escape = |c: char| match u32::from(c) {
        n @ 0..=0xFFFF => format!("\\u{n:04X}"),
        _ => c.to_string(),
    };
    let mut out = String::new();
    let mut chars = (0..=0x10FFFF_u32).filter_map(char::from_u32).peekable();
    while let Some(first) = chars.next() {
        if !keep(first) {
            continue;
        }
        let mut last = first;
        while let Some(&next) = chars.peek() {
            if !keep(next) || u32::from(next) != u32::from(last) + 1 {
                break;
            }
            last = next;
            chars.next();
        }
        out.push_str(&escape(first));
        if last != first {
            out.push('-');
            out.push_str(&escape(last));
        }
    }
    out
}

fn whitespace() -> String {
    class(char::is_whitespace)
}

/// A text that is `min_inner..` to `max` characters once trimmed, whose
/// two ends are `edge` characters and whose inside is `inner` ones
/// (classes, each in brackets).
fn trimmed(max: usize, edge: &str, inner: &str) -> String {
    let ws = whitespace();
    format!(
        "^[{ws}]*(?:{edge}|{edge}{inner}{{0,{}}}{edge})[{ws}]*$",
        max.saturating_sub(2)
    )
}

/// `firstName` and `lastName` (`rules::check_name`): 1 to 50 characters
/// after trimming, none of them forbidden.
pub fn name_pattern() -> String {
    let forbidden = class(is_forbidden_char);
    let edge = format!("[^{}{forbidden}]", whitespace());
    trimmed(MAX_NAME_CHARS, &edge, &format!("[^{forbidden}]"))
}

/// A comment's text (`rules::check_comment`): 1 to 280 characters after
/// trimming.
pub fn comment_pattern() -> String {
    let edge = format!("[^{}]", whitespace());
    trimmed(MAX_COMMENT_CHARS, &edge, "[\\s\\S]")
}

/// A tag feed's `{tag}` (`search::hashtag`): an optional `#`, then 1 to
/// `MAX_TAG_CHARS` letters, digits, combining marks or `_`.
pub fn tag_pattern() -> String {
    format!("^#?[{}]{{1,{MAX_TAG_CHARS}}}$", class(is_tag_char))
}

/// Post content (`PostData::check`): not only whitespace.
pub fn not_blank_pattern() -> String {
    format!("[^{}]", whitespace())
}

/// `website` (`rules::check_website`): empty, or `http://`/`https://` in
/// any case, a host, and no whitespace or forbidden character.
pub fn website_pattern() -> String {
    let bad = class(|c| c.is_whitespace() || is_forbidden_char(c));
    format!("^(?:[Hh][Tt][Tt][Pp][Ss]?://[^/?#{bad}][^{bad}]*)?$")
}

/// A media or avatar path (`rules::check_media_path`), or `""` when
/// `empty_allowed`.
pub fn media_pattern(empty_allowed: bool) -> String {
    let path = MEDIA_PATH_PATTERN
        .strip_prefix('^')
        .and_then(|p| p.strip_suffix('$'))
        .unwrap_or(MEDIA_PATH_PATTERN);
    if empty_allowed {
        format!("^(?:{path})?$")
    } else {
        format!("^{path}$")
    }
}

/// The schema of a comment's text, bare or as `{text}`.
pub fn comment_text() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(comment_pattern()))
}

/// A rule for one property: what it sets on the property's schema.
struct Rule {
    min: Option<usize>,
    max: Option<usize>,
    pattern: Option<String>,
    description: String,
}

fn rule(description: impl Into<String>) -> Rule {
    Rule {
        min: None,
        max: None,
        pattern: None,
        description: description.into(),
    }
}

impl Rule {
    fn length(self, min: usize, max: usize) -> Rule {
        Rule {
            min: Some(min),
            max: Some(max),
            ..self
        }
    }
    fn max(self, max: usize) -> Rule {
        Rule {
            max: Some(max),
            ..self
        }
    }
    fn pattern(self, pattern: String) -> Rule {
        Rule {
            pattern: Some(pattern),
            ..self
        }
    }
}

fn name_rule() -> Rule {
    rule(format!(
        "1 to {MAX_NAME_CHARS} characters after trimming (stored trimmed); no control or \
         bidirectional-override characters (U+0000–U+001F, U+007F–U+009F, U+202A–U+202E, U+2066–U+2069)."
    ))
    .pattern(name_pattern())
}

/// Every rule, by schema and property.
fn rules() -> Vec<(&'static str, &'static str, Rule)> {
    let media = "A same-origin path to an uploaded or shipped image: \
                 `[/][dir/...](media|avatars|seed)/<name>` (`media/m-01`, `/murmur/media/m-01`).";
    vec![
        (
            "SignupRequest",
            "username",
            rule(format!(
                "{MIN_USERNAME_CHARS} to {MAX_USERNAME_CHARS} ASCII letters, digits, `_`, `.` and `-`, \
                 starting and ending with a letter, digit or `_`; unique ignoring case."
            ))
            .length(MIN_USERNAME_CHARS, MAX_USERNAME_CHARS)
            .pattern(USERNAME_PATTERN.to_owned()),
        ),
        (
            "SignupRequest",
            "password",
            rule(format!(
                "{MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters."
            ))
            .length(MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS),
        ),
        ("SignupRequest", "firstName", name_rule()),
        ("SignupRequest", "lastName", name_rule()),
        (
            "SignupRequest",
            "avatarURL",
            rule(format!("{media} Missing, null or empty: the default avatar."))
                .pattern(media_pattern(true)),
        ),
        ("UserData", "firstName", name_rule()),
        ("UserData", "lastName", name_rule()),
        (
            "UserData",
            "bio",
            rule(format!("At most {MAX_BIO_CHARS} characters.")).max(MAX_BIO_CHARS),
        ),
        (
            "UserData",
            "website",
            rule(format!(
                "Empty, or at most {MAX_WEBSITE_CHARS} characters of `http://` or `https://` (any case), \
                 a host, and no whitespace or control characters."
            ))
            .max(MAX_WEBSITE_CHARS)
            .pattern(website_pattern()),
        ),
        (
            "UserData",
            "avatarURL",
            rule(media).pattern(media_pattern(false)),
        ),
        (
            "PostData",
            "content",
            rule(format!(
                "1 to {MAX_POST_CHARS} characters, not all whitespace; required for a new post."
            ))
            .length(1, MAX_POST_CHARS)
            .pattern(not_blank_pattern()),
        ),
        (
            "PostData",
            "hashtags",
            rule(format!(
                "One string of `#tags`, at most {MAX_POST_CHARS} characters."
            ))
            .max(MAX_POST_CHARS),
        ),
        (
            "PostData",
            "mediaURL",
            rule(format!(
                "{media} `\"\"` for none (an edit with `\"\"` removes it)."
            ))
            .pattern(media_pattern(true)),
        ),
    ]
}

/// Writes every rule into the schemas (by component name). A rule whose
/// schema or property is missing is a bug in this list: it panics.
pub fn apply(schemas: &mut BTreeMap<String, RefOr<Schema>>) {
    for (schema, property, rule) in rules() {
        let object = match schemas.get_mut(schema) {
            Some(RefOr::T(Schema::Object(object))) => object,
            _ => panic!("no object schema {schema}"),
        };
        let target: &mut Object = match object.properties.get_mut(property) {
            Some(RefOr::T(Schema::Object(target))) => target,
            _ => panic!("{schema} has no plain property {property}"),
        };
        target.min_length = rule.min;
        target.max_length = rule.max;
        target.pattern = rule.pattern;
        target.description = Some(rule.description);
    }
}
