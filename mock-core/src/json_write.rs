//! A small JSON writer for every response body, token and snapshot.
//!
//! serde's `Serialize` derives and `serde_json` cost about a fifth of the
//! WebAssembly module (and pull in `core::fmt` for numbers); the shapes the
//! API writes are few and fixed, so each type writes itself here. The
//! output is byte for byte what `serde_json::to_string` writes for the
//! same struct (the tests compare them: the derives survive under
//! `cfg(test)` as the reference, and for the TypeScript types).

/// Types that write themselves as one JSON value.
pub trait ToJson {
    fn write_json(&self, w: &mut JsonWriter);
}

/// `value` as compact JSON text.
pub fn to_json(value: &dyn ToJson) -> String {
    let mut w = JsonWriter::default();
    value.write_json(&mut w);
    w.buf
}

/// Appends compact JSON to a string, inserting the commas itself.
#[derive(Default)]
pub struct JsonWriter {
    buf: String,
    /// Whether the next value or key needs a comma before it.
    comma: bool,
}

impl JsonWriter {
    /// Starts a value: a comma when a sibling came before.
    fn sep(&mut self) {
        if self.comma {
            self.buf.push(',');
        }
        self.comma = true;
    }

    /// Opens an object (`'{'`) or array (`'['`).
    pub fn open(&mut self, bracket: char) {
        self.sep();
        self.buf.push(bracket);
        self.comma = false;
    }

    /// Closes what [`JsonWriter::open`] opened.
    pub fn close(&mut self, bracket: char) {
        self.buf.push(bracket);
        self.comma = true;
    }

    /// An object key; the value written next belongs to it.
    pub fn key(&mut self, key: &str) {
        self.str(key);
        self.buf.push(':');
        self.comma = false;
    }

    /// `"key": value`.
    pub fn field(&mut self, key: &str, value: &dyn ToJson) {
        self.key(key);
        value.write_json(self);
    }

    /// A string, escaped as RFC 8259 requires and as serde_json does it:
    /// `"`, `\` and the control characters, with the short forms where
    /// JSON has them and `\u00xx` otherwise. Everything else is kept as is.
    pub fn str(&mut self, s: &str) {
        self.sep();
        self.buf.push('"');
        let mut start = 0usize;
        for (i, b) in s.bytes().enumerate() {
            let short = match b {
                b'"' => '"',
                b'\\' => '\\',
                b'\n' => 'n',
                b'\r' => 'r',
                b'\t' => 't',
                0x08 => 'b',
                0x0c => 'f',
                0..=0x1f => 'u',
                _ => continue,
            };
            // `i` is at an ASCII byte, so both slices are on char boundaries.
            self.buf.push_str(s.get(start..i).unwrap_or_default());
            self.buf.push('\\');
            self.buf.push(short);
            if short == 'u' {
                self.buf.push_str("00");
                self.buf.push(hex_digit(b >> 4));
                self.buf.push(hex_digit(b & 0xf));
            }
            start = i.saturating_add(1);
        }
        self.buf.push_str(s.get(start..).unwrap_or_default());
        self.buf.push('"');
    }

    pub fn int(&mut self, n: i64) {
        self.sep();
        if n < 0 {
            self.buf.push('-');
        }
        push_u64(&mut self.buf, n.unsigned_abs());
    }
}

/// Implements [`ToJson`] for a struct as an object of the listed fields,
/// in order: `"key" => field`, or `maybe "key" => field` for an `Option`
/// written only when it is `Some` (serde's `skip_serializing_if`).
macro_rules! json_object {
    ($ty:ty { $($($maybe:ident)? $key:literal => $field:ident),* $(,)? }) => {
        impl $crate::json_write::ToJson for $ty {
            fn write_json(&self, w: &mut $crate::json_write::JsonWriter) {
                w.open('{');
                $( $crate::json_write::json_object!(@field w, self, $($maybe)? $key, $field); )*
                w.close('}');
            }
        }
    };
    (@field $w:ident, $s:ident, $key:literal, $field:ident) => {
        $w.field($key, &$s.$field)
    };
    (@field $w:ident, $s:ident, maybe $key:literal, $field:ident) => {
        if let Some(value) = &$s.$field {
            $w.field($key, value)
        }
    };
}
pub(crate) use json_object;

/// A lowercase hex digit of the low four bits of `n`.
pub fn hex_digit(n: u8) -> char {
    char::from(
        b"0123456789abcdef"
            .get(usize::from(n & 0xf))
            .copied()
            .unwrap_or(b'0'),
    )
}

/// The pieces joined: `format!` without `core::fmt`, whose machinery was
/// kBs of the module.
pub fn cat(parts: &[&str]) -> String {
    let mut out = String::new();
    for part in parts {
        out.push_str(part);
    }
    out
}

/// `n` in decimal (`n.to_string()`).
pub fn num(n: i64) -> String {
    let mut out = String::new();
    if n < 0 {
        out.push('-');
    }
    push_u64(&mut out, n.unsigned_abs());
    out
}

/// A count in decimal.
pub fn num_usize(n: usize) -> String {
    let mut out = String::new();
    push_u64(&mut out, n as u64);
    out
}

/// Appends `bytes` as lowercase hex (`{:02x}` each).
pub fn push_hex(out: &mut String, bytes: &[u8]) {
    for &b in bytes {
        out.push(hex_digit(b >> 4));
        out.push(hex_digit(b));
    }
}

/// `n` as 16 lowercase hex digits (`{:016x}`).
pub fn hex_u64(n: u64) -> String {
    let mut out = String::with_capacity(16);
    push_hex(&mut out, &n.to_be_bytes());
    out
}

/// `prefix` then `n` in decimal, zero-padded to `width` digits.
pub fn numbered(prefix: &str, n: u64, width: usize) -> String {
    let mut out = String::from(prefix);
    push_padded(&mut out, n, width);
    out
}

/// Appends `n` in decimal.
pub fn push_u64(out: &mut String, n: u64) {
    push_padded(out, n, 1);
}

/// Appends `n` in decimal, zero-padded to at least `width` digits (at most 20).
#[inline(never)]
pub fn push_padded(out: &mut String, mut n: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while n > 0 || start > digits.len().saturating_sub(width) {
        let Some(slot) = start.checked_sub(1) else {
            break;
        };
        start = slot;
        if let Some(d) = digits.get_mut(slot) {
            *d = b'0'.wrapping_add((n % 10) as u8);
        }
        n /= 10;
    }
    for &d in digits.get(start..).unwrap_or_default() {
        out.push(char::from(d));
    }
}

impl ToJson for str {
    fn write_json(&self, w: &mut JsonWriter) {
        w.str(self);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, w: &mut JsonWriter) {
        (**self).write_json(w);
    }
}

impl ToJson for String {
    fn write_json(&self, w: &mut JsonWriter) {
        w.str(self);
    }
}

impl ToJson for i64 {
    fn write_json(&self, w: &mut JsonWriter) {
        w.int(*self);
    }
}

impl ToJson for u32 {
    fn write_json(&self, w: &mut JsonWriter) {
        w.int(i64::from(*self));
    }
}

impl ToJson for u64 {
    fn write_json(&self, w: &mut JsonWriter) {
        w.sep();
        push_u64(&mut w.buf, *self);
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, w: &mut JsonWriter) {
        w.open('[');
        for item in self {
            item.write_json(w);
        }
        w.close(']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, w: &mut JsonWriter) {
        self.as_slice().write_json(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(s: &str) -> String {
        to_json(&s)
    }

    #[test]
    fn escapes_like_serde_json() {
        for s in [
            "",
            "plain",
            "quote \" backslash \\ slash /",
            "\n\r\t\u{8}\u{c}",
            "\u{0}\u{1}\u{1f}\u{7f}",
            "é😀\u{2028}",
        ] {
            assert_eq!(written(s), serde_json::to_string(s).unwrap(), "{s:?}");
        }
        assert_eq!(written("\u{1}\u{1f}"), r#""\u0001\u001f""#);
    }

    #[test]
    fn integers_and_padding() {
        for n in [0, 1, -1, 9, 10, 1_767_225_600_000, i64::MAX, i64::MIN] {
            assert_eq!(to_json(&n), n.to_string());
        }
        assert_eq!(to_json(&u64::MAX), u64::MAX.to_string());
        assert_eq!(to_json(&u32::MAX), u32::MAX.to_string());
        for n in [0, 7, -7, 1_767_225_600_000, i64::MAX, i64::MIN] {
            assert_eq!(num(n), n.to_string());
        }
        assert_eq!(num_usize(usize::MAX), usize::MAX.to_string());
        assert_eq!(numbered("c-", 7, 2), format!("c-{:02}", 7));
        assert_eq!(numbered("p-", 123, 2), format!("p-{:02}", 123));
        for n in [0, 1, 0xabc, u64::MAX] {
            assert_eq!(hex_u64(n), format!("{n:016x}"));
        }
        let mut hex = String::new();
        push_hex(&mut hex, &[0, 9, 0xaf, 0xff]);
        assert_eq!(hex, "0009afff");
        let mut s = String::new();
        push_padded(&mut s, 7, 2);
        push_padded(&mut s, 123, 2);
        push_padded(&mut s, 0, 4);
        assert_eq!(s, "071230000");
    }

    #[test]
    fn nests_with_commas() {
        let lists: Vec<Vec<String>> = vec![vec![], vec!["a".into(), "b".into()]];
        assert_eq!(to_json(&lists), r#"[[],["a","b"]]"#);
    }

    #[cfg(not(target_arch = "wasm32"))]
    use proptest::prelude::*;

    #[cfg(not(target_arch = "wasm32"))]
    proptest! {
        #[test]
        fn any_string_reads_back_the_same(s in any::<String>()) {
            let json = written(&s);
            prop_assert_eq!(&json, &serde_json::to_string(&s).unwrap());
            let back: String = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, s);
        }

        #[test]
        fn any_list_reads_back_the_same(v in proptest::collection::vec(any::<String>(), 0..5), n in any::<i64>()) {
            let json = to_json(&(v.clone(), n));
            let back: (Vec<String>, i64) = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(back, (v, n));
        }
    }

    impl ToJson for (Vec<String>, i64) {
        fn write_json(&self, w: &mut JsonWriter) {
            w.open('[');
            self.0.write_json(w);
            self.1.write_json(w);
            w.close(']');
        }
    }
}
