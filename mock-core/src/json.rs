//! A small JSON reader for request bodies and snapshots.
//!
//! serde's derived deserialisers cost most of the WebAssembly module's size
//! (tens of kB, with float formatting for their error messages); reading
//! into this tree and picking fields by hand keeps the module small.
//! Output still goes through serde's `Serialize`, which is compact.

use crate::json_write::{cat, num_usize};

/// A parsed JSON value. Numbers keep only what the API needs: integers that
/// fit an `i64`; any other number reads as `Float`.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Float,
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: u32 = 128;

/// Types read from a JSON value; the error says which field is wrong.
pub trait FromJson: Sized {
    fn from_json(value: &Json) -> Result<Self, String>;
}

pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser {
        bytes: text.as_bytes(),
        pos: 0,
    };
    let value = p.value(0)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(p.error("trailing characters"));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    #[inline(never)]
    fn error(&self, what: &str) -> String {
        cat(&[what, " at byte ", &num_usize(self.pos.saturating_add(1))])
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos = self.pos.saturating_add(1);
        Some(b)
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos = self.pos.saturating_add(1);
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, String> {
        let end = self.pos.saturating_add(word.len());
        if self.bytes.get(self.pos..end) == Some(word.as_bytes()) {
            self.pos = end;
            Ok(value)
        } else {
            Err(self.error("expected value"))
        }
    }

    fn value(&mut self, depth: u32) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        self.skip_ws();
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected value")),
            None => Err(self.error("unexpected end of input")),
        }
    }

    /// Parses `open item (, item)* close` calling `item` for each element.
    fn list(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        self.bump();
        self.skip_ws();
        if self.peek() == Some(close) {
            self.bump();
            return Ok(());
        }
        loop {
            item(self)?;
            self.skip_ws();
            match self.peek() {
                Some(b',') => {}
                Some(b) if b == close => {
                    self.bump();
                    return Ok(());
                }
                _ => return Err(self.error("expected ',' or closing bracket")),
            }
            self.bump();
        }
    }

    fn array(&mut self, depth: u32) -> Result<Json, String> {
        let mut items = Vec::new();
        let inner = depth.saturating_add(1);
        self.list(b']', |p| {
            items.push(p.value(inner)?);
            Ok(())
        })?;
        Ok(Json::Arr(items))
    }

    fn object(&mut self, depth: u32) -> Result<Json, String> {
        let mut pairs = Vec::new();
        let inner = depth.saturating_add(1);
        self.list(b'}', |p| {
            p.skip_ws();
            if p.peek() != Some(b'"') {
                return Err(p.error("expected a quoted key"));
            }
            let key = p.string()?;
            p.skip_ws();
            if p.peek() != Some(b':') {
                return Err(p.error("expected ':'"));
            }
            p.bump();
            pairs.push((key, p.value(inner)?));
            Ok(())
        })?;
        Ok(Json::Obj(pairs))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let end = self.pos.saturating_add(4);
        let digits = self
            .bytes
            .get(self.pos..end)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.error("invalid \\u escape"))?;
        self.pos = end;
        Ok(digits)
    }

    fn string(&mut self) -> Result<String, String> {
        self.bump();
        let mut out = Vec::new();
        loop {
            let Some(b) = self.bump() else {
                return Err(self.error("unterminated string"));
            };
            match b {
                b'"' => break,
                b'\\' => {
                    let escaped = match self.bump() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        _ => return Err(self.error("invalid escape")),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(self.error("control character in string")),
                _ => out.push(b),
            }
        }
        // The input is a `str` and escapes add whole characters.
        String::from_utf8(out).map_err(|_| self.error("invalid UTF-8"))
    }

    fn unicode_escape(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&first) {
            if self.bump() != Some(b'\\') || self.bump() != Some(b'u') {
                return Err(self.error("unpaired surrogate"));
            }
            let second = self.hex4()?;
            if !(0xDC00..0xE000).contains(&second) {
                return Err(self.error("unpaired surrogate"));
            }
            0x10000u32
                .wrapping_add(first.wrapping_sub(0xD800).wrapping_shl(10))
                .wrapping_add(second.wrapping_sub(0xDC00))
        } else {
            first
        };
        char::from_u32(code).ok_or_else(|| self.error("unpaired surrogate"))
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.bump();
        }
        let digits_start = self.pos;
        let mut value: Option<i64> = Some(0);
        while let Some(d @ b'0'..=b'9') = self.peek() {
            self.bump();
            let digit = i64::from(d.wrapping_sub(b'0'));
            value = value.and_then(|v| v.checked_mul(10)).and_then(|v| {
                if negative {
                    v.checked_sub(digit)
                } else {
                    v.checked_add(digit)
                }
            });
        }
        let int_digits = self.pos.saturating_sub(digits_start);
        let leading_zero = self.bytes.get(digits_start) == Some(&b'0') && int_digits > 1;
        if int_digits == 0 || leading_zero {
            self.pos = start;
            return Err(self.error("invalid number"));
        }
        let mut is_float = false;
        if self.peek() == Some(b'.') {
            self.bump();
            is_float = true;
            if !self.digits() {
                return Err(self.error("invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.bump();
            is_float = true;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.bump();
            }
            if !self.digits() {
                return Err(self.error("invalid number"));
            }
        }
        Ok(match value {
            Some(v) if !is_float => Json::Int(v),
            _ => Json::Float,
        })
    }

    /// Skips one or more digits; false when there are none.
    fn digits(&mut self) -> bool {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.bump();
        }
        self.pos > start
    }
}

/// The fields of a JSON object, read by name. (The readers are kept out
/// of line: inlined into every field of every `FromJson` they cost kBs.)
pub struct Obj<'a>(&'a [(String, Json)]);

impl<'a> Obj<'a> {
    /// `value` as an object; `what` names it in the error.
    #[inline(never)]
    pub fn of(value: &'a Json, what: &str) -> Result<Obj<'a>, String> {
        match value {
            Json::Obj(pairs) => Ok(Obj(pairs)),
            _ => Err(cat(&[what, " must be a JSON object"])),
        }
    }

    #[inline(never)]
    pub fn get(&self, key: &str) -> Option<&'a Json> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Refuses keys outside `known` (for the strict snapshot format).
    #[inline(never)]
    pub fn only(&self, known: &[&str]) -> Result<(), String> {
        match self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            Some((k, _)) => Err(cat(&["unknown field `", k, "`"])),
            None => Ok(()),
        }
    }

    #[inline(never)]
    pub fn required(&self, key: &str) -> Result<&'a Json, String> {
        self.get(key)
            .ok_or_else(|| cat(&["missing field `", key, "`"]))
    }

    #[inline(never)]
    pub fn obj(&self, key: &str) -> Result<Obj<'a>, String> {
        Obj::of(self.required(key)?, &cat(&["`", key, "`"]))
    }

    #[inline(never)]
    pub fn str(&self, key: &str) -> Result<String, String> {
        match self.required(key)? {
            Json::Str(s) => Ok(s.clone()),
            _ => Err(cat(&["`", key, "` must be a string"])),
        }
    }

    /// An optional string: absent and `null` are `None`.
    #[inline(never)]
    pub fn opt_str(&self, key: &str) -> Result<Option<String>, String> {
        match self.get(key) {
            None | Some(Json::Null) => Ok(None),
            Some(_) => self.str(key).map(Some),
        }
    }

    #[inline(never)]
    pub fn int(&self, key: &str) -> Result<i64, String> {
        match self.required(key)? {
            Json::Int(n) => Ok(*n),
            _ => Err(cat(&["`", key, "` must be an integer"])),
        }
    }

    /// A list of strings (ids).
    #[inline(never)]
    pub fn strs(&self, key: &str) -> Result<Vec<String>, String> {
        self.list(key, |item| match item {
            Json::Str(s) => Ok(s.clone()),
            _ => Err(cat(&["`", key, "` must hold strings"])),
        })
    }

    #[inline(never)]
    pub fn list<T>(
        &self,
        key: &str,
        item: impl Fn(&Json) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        match self.required(key)? {
            // A plain loop: collecting into a `Result` (its `GenericShunt`)
            // costs kBs of WebAssembly per item type.
            Json::Arr(items) => {
                let mut out = Vec::with_capacity(items.len());
                for value in items {
                    out.push(item(value)?);
                }
                Ok(out)
            }
            _ => Err(cat(&["`", key, "` must be an array"])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_json_grammar() {
        let v = parse(
            r#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00"} "#,
        )
        .unwrap();
        let o = Obj::of(&v, "body").unwrap();
        assert_eq!(
            o.get("a"),
            Some(&Json::Arr(vec![
                Json::Int(1),
                Json::Int(-2),
                Json::Float,
                Json::Float,
                Json::Bool(true),
                Json::Bool(false),
                Json::Null
            ]))
        );
        assert_eq!(o.str("b").unwrap(), "x\"\\/\né😀");
        assert_eq!(parse("-9223372036854775808").unwrap(), Json::Int(i64::MIN));
        assert_eq!(parse("9223372036854775808").unwrap(), Json::Float);
        assert_eq!(parse("\"😀\"").unwrap(), Json::Str("😀".into()));
    }

    #[test]
    fn refuses_malformed_input_with_a_position() {
        for (bad, why) in [
            ("", "unexpected end of input at byte 1"),
            ("{", "expected a quoted key at byte 2"),
            ("{\"a\" 1}", "expected ':' at byte 6"),
            ("[1 2]", "expected ',' or closing bracket at byte 4"),
            ("01", "invalid number at byte 1"),
            ("1.", "invalid number at byte 3"),
            ("\"\\x\"", "invalid escape at byte 4"),
            ("\"\\ud800\"", "unpaired surrogate at byte 9"),
            ("\"abc", "unterminated string at byte 5"),
            ("\"a\u{1}\"", "control character in string at byte 4"),
            ("nul", "expected value at byte 1"),
            ("{} x", "trailing characters at byte 4"),
        ] {
            assert_eq!(parse(bad), Err(why.to_owned()), "{bad}");
        }
        let deep = "[".repeat(200);
        assert!(parse(&deep).unwrap_err().starts_with("nesting too deep"));
    }

    #[test]
    fn fields_are_typed() {
        let v = parse(r#"{"s": "x", "n": 5, "l": ["a"], "z": null}"#).unwrap();
        let o = Obj::of(&v, "body").unwrap();
        assert_eq!(o.int("n"), Ok(5));
        assert_eq!(o.int("s"), Err("`s` must be an integer".into()));
        assert_eq!(o.str("n"), Err("`n` must be a string".into()));
        assert_eq!(o.str("q"), Err("missing field `q`".into()));
        assert_eq!(o.opt_str("z"), Ok(None));
        assert_eq!(o.strs("l"), Ok(vec!["a".to_owned()]));
        assert_eq!(o.only(&["s", "n"]), Err("unknown field `l`".into()));
        assert!(Obj::of(&Json::Int(1), "body").is_err());
    }
}
