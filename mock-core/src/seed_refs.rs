//! The loose values a seed's fixtures hold, read by hand-written visitors
//! (one per kind, rather than `#[serde(untagged)]`, which buffers every
//! value and says only "did not match any variant"): a reference to a user
//! or post (a string, or a summary object with `_id` and `username`), a
//! date (milliseconds, or RFC 3339 text), and the notes that become a
//! [`crate::seed_import::SeedReport`].

use crate::seed_import::SeedReport;
use chrono::DateTime;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// A user (or post) named by a seed: a username or id as a string, or a
/// summary object of which only `_id` and `username` are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    Text(String),
    Summary {
        id: Option<String>,
        username: Option<String>,
    },
}

impl Reference {
    /// How a message shows it: `"ada"`, or `_id "…", username "…"`.
    pub fn shown(&self) -> String {
        match self {
            Reference::Text(text) => text.clone(),
            Reference::Summary { id, username } => {
                let parts: Vec<String> = [("_id", id), ("username", username)]
                    .into_iter()
                    .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name} \"{v}\"")))
                    .collect();
                if parts.is_empty() {
                    "an object with neither _id nor username".to_owned()
                } else {
                    parts.join(", ")
                }
            }
        }
    }

    /// A post reference's id: the string, or the summary's `_id`.
    pub fn id_or_text(&self) -> Option<&str> {
        match self {
            Reference::Text(text) => Some(text),
            Reference::Summary { id, .. } => id.as_deref(),
        }
    }
}

impl<'de> Deserialize<'de> for Reference {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ReferenceVisitor;

        impl<'de> Visitor<'de> for ReferenceVisitor {
            type Value = Reference;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a username or id, or an object with _id or username")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Reference, E> {
                Ok(Reference::Text(text.to_owned()))
            }

            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Reference, M::Error> {
                let (mut id, mut username) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "_id" => id = map.next_value::<Option<IdText>>()?.map(|t| t.0),
                        "username" => username = map.next_value::<Option<String>>()?,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Reference::Summary { id, username })
            }
        }

        deserializer.deserialize_any(ReferenceVisitor)
    }
}

/// An `_id` as fixtures write it: a string, or a whole number (json-server's
/// `id: 1` style), kept as its decimal text.
struct IdText(String);

/// A seed entity's own `_id` (a `deserialize_with` for `Option<String>`):
/// as [`IdText`], `null` as none.
pub fn optional_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<IdText>::deserialize(deserializer)?.map(|t| t.0))
}

impl<'de> Deserialize<'de> for IdText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;

        impl Visitor<'_> for IdVisitor {
            type Value = IdText;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an id (a string or a whole number)")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<IdText, E> {
                Ok(IdText(text.to_owned()))
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<IdText, E> {
                Ok(IdText(n.to_string()))
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<IdText, E> {
                Ok(IdText(n.to_string()))
            }
        }

        deserializer.deserialize_any(IdVisitor)
    }
}

/// A date as a seed writes it: milliseconds since the epoch, or text
/// (RFC 3339, as the API renders dates); text that is not a date is kept
/// to be reported.
#[derive(Debug, Clone, PartialEq)]
pub enum Moment {
    Millis(i64),
    Text(String),
}

impl Moment {
    /// Milliseconds since the epoch, and whether the text was in another
    /// form than RFC 3339 (one of those JavaScript's `Date` reads, a time
    /// without a zone read as UTC); `None` for text that is no date.
    pub fn millis(&self) -> Option<(i64, bool)> {
        let text = match self {
            Moment::Millis(ms) => return Some((*ms, false)),
            Moment::Text(text) => text.trim(),
        };
        if let Ok(date) = DateTime::parse_from_rfc3339(text) {
            return Some((date.timestamp_millis(), false));
        }
        other_date_form(text).map(|ms| (ms, true))
    }

    pub fn shown(&self) -> String {
        match self {
            Moment::Millis(ms) => ms.to_string(),
            Moment::Text(text) => format!("\"{text}\""),
        }
    }
}

/// The forms of a date fixtures write besides RFC 3339: in WebAssembly,
/// whatever the platform's `Date.parse` reads (the very reader the
/// fixtures' app used, and no date-format parser in the module).
#[cfg(target_arch = "wasm32")]
fn other_date_form(text: &str) -> Option<i64> {
    let ms = js_sys::Date::parse(text);
    // Whole milliseconds within `Date`'s range: the cast cannot wrap.
    ms.is_finite().then_some(ms as i64)
}

/// Natively, the forms of `Date` that fixtures use: RFC 2822 and
/// `toUTCString()`, `toString()` (`Sat May 14 2022 10:20:30 GMT+0530 (India
/// Standard Time)`), ISO without a zone or with a space, and month names or
/// numbers with the date alone (`May 14 2022`, `14 May 2022`, `5/14/2022`),
/// a time without a zone as UTC.
#[cfg(not(target_arch = "wasm32"))]
fn other_date_form(text: &str) -> Option<i64> {
    use chrono::{NaiveDate, NaiveDateTime};
    if let Ok(date) = DateTime::parse_from_rfc2822(text) {
        return Some(date.timestamp_millis());
    }
    // `toString()`: the zone's name in brackets is for people.
    let bare = text.split(" (").next().unwrap_or(text);
    if let Ok(date) = DateTime::parse_from_str(bare, "%a %b %d %Y %H:%M:%S GMT%z") {
        return Some(date.timestamp_millis());
    }
    const WITH_TIME: [&str; 5] = [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
        "%b %d %Y %H:%M:%S",
        "%m/%d/%Y %H:%M:%S",
    ];
    let utc = |t: NaiveDateTime| t.and_utc().timestamp_millis();
    for form in WITH_TIME {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, form) {
            return Some(utc(t));
        }
    }
    const DATE_ONLY: [&str; 7] = [
        "%Y-%m-%d",
        "%b %d %Y",
        "%b %d, %Y",
        "%d %b %Y",
        "%a %b %d %Y",
        "%m/%d/%Y",
        "%Y/%m/%d",
    ];
    DATE_ONLY
        .iter()
        .find_map(|form| NaiveDate::parse_from_str(text, form).ok())
        .map(|d| utc(d.and_time(chrono::NaiveTime::MIN)))
}

impl<'de> Deserialize<'de> for Moment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MomentVisitor;

        impl Visitor<'_> for MomentVisitor {
            type Value = Moment;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a date: milliseconds since the epoch, or RFC 3339 text")
            }

            fn visit_i64<E: de::Error>(self, ms: i64) -> Result<Moment, E> {
                Ok(Moment::Millis(ms))
            }

            fn visit_u64<E: de::Error>(self, ms: u64) -> Result<Moment, E> {
                i64::try_from(ms)
                    .map(Moment::Millis)
                    .map_err(|_| E::custom("a date past the year 292 million"))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Moment, E> {
                Ok(Moment::Text(text.to_owned()))
            }
        }

        deserializer.deserialize_any(MomentVisitor)
    }
}

/// One kind of note: how many, and the first few examples.
#[derive(Default)]
struct Tally {
    count: usize,
    examples: Vec<String>,
}

/// How many examples a report line shows.
const EXAMPLES: usize = 3;

impl Tally {
    fn add(&mut self, example: impl FnOnce() -> String) {
        self.count = self.count.saturating_add(1);
        if self.examples.len() < EXAMPLES {
            self.examples.push(example());
        }
    }

    /// `what: count (examples)`, or nothing when there were none.
    fn line(&self, what: &str) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let more = if self.count > self.examples.len() {
            ", …"
        } else {
            ""
        };
        Some(format!(
            "{what}: {} ({}{more})",
            self.count,
            self.examples.join("; ")
        ))
    }
}

/// What a seed import adapted, or kept although a client could not send it.
#[derive(Default)]
pub struct Notes {
    by_username: Tally,
    like_count: Tally,
    one_sided: Tally,
    self_follow: Tally,
    repeat: Tally,
    liked_and_disliked: Tally,
    bad_date: Tally,
    date_form: Tally,
    comment_text: Tally,
    by_nobody: Tally,
    nobody_dropped: Tally,
    short_password: Tally,
    foreign_url: Tally,
}

impl Notes {
    pub fn by_username(&mut self, at: impl FnOnce() -> String) {
        self.by_username.add(at);
    }
    pub fn like_count(&mut self, at: impl FnOnce() -> String) {
        self.like_count.add(at);
    }
    pub fn one_sided(&mut self, at: impl FnOnce() -> String) {
        self.one_sided.add(at);
    }
    pub fn self_follow(&mut self, at: impl FnOnce() -> String) {
        self.self_follow.add(at);
    }
    pub fn repeat(&mut self, at: impl FnOnce() -> String) {
        self.repeat.add(at);
    }
    pub fn liked_and_disliked(&mut self, at: impl FnOnce() -> String) {
        self.liked_and_disliked.add(at);
    }
    pub fn bad_date(&mut self, at: impl FnOnce() -> String) {
        self.bad_date.add(at);
    }
    pub fn date_form(&mut self, at: impl FnOnce() -> String) {
        self.date_form.add(at);
    }
    pub fn comment_text(&mut self, at: impl FnOnce() -> String) {
        self.comment_text.add(at);
    }
    pub fn by_nobody(&mut self, at: impl FnOnce() -> String) {
        self.by_nobody.add(at);
    }
    pub fn nobody_dropped(&mut self, at: impl FnOnce() -> String) {
        self.nobody_dropped.add(at);
    }
    pub fn short_password(&mut self, at: impl FnOnce() -> String) {
        self.short_password.add(at);
    }
    pub fn foreign_url(&mut self, at: impl FnOnce() -> String) {
        self.foreign_url.add(at);
    }

    /// The report's lines (its counts of users and posts left at zero).
    pub fn report(self) -> SeedReport {
        let adapted = [
            self.by_username
                .line("references whose _id matched no user, resolved by username"),
            self.like_count.line("likeCounts recomputed from likedBy"),
            self.one_sided
                .line("follow links listed on one side only, made on both"),
            self.self_follow.line("self-follows dropped"),
            self.repeat.line("repeated entries dropped"),
            self.liked_and_disliked
                .line("posts with a user in both likedBy and dislikedBy, kept as a like"),
            self.bad_date.line(
                "dates that are neither milliseconds nor a form JavaScript's Date reads, set to the time of loading",
            ),
            self.date_form.line(
                "dates in another form than RFC 3339, read as JavaScript's Date reads them",
            ),
            self.comment_text
                .line("comment texts read from comment, commentData or content"),
            self.by_nobody.line(
                "comments by a username that is no user, kept with the name and avatar they carry",
            ),
            self.nobody_dropped
                .line("likes, votes and follow links naming no user, dropped"),
        ];
        let as_given = [
            self.short_password.line(&format!(
                "passwords shorter than sign-up's {} characters",
                crate::rules::MIN_PASSWORD_CHARS
            )),
            self.foreign_url.line(
                "media or avatar URLs that are not a path on this site (Murmur's app shows its default avatar or a placeholder)",
            ),
        ];
        SeedReport {
            adapted: adapted.into_iter().flatten().collect(),
            as_given: as_given.into_iter().flatten().collect(),
            ..SeedReport::default()
        }
    }
}
