//! The Unicode that search keys need: canonical decomposition (NFD), case
//! mapping and the combining marks. Native builds use the
//! `unicode-normalization` crate and std's case mapping; the WebAssembly
//! build asks the platform (`String.prototype.normalize`, `toLowerCase` and
//! the `\p{M}` class through js-sys), whose engine carries the same Unicode
//! tables, so the module ships without its own. The tests below check both
//! give the same keys on one corpus (`tests/fixtures/search-keys.json`).

/// A length in Unicode code points, as the client counts (`[...s].length`)
/// and as every input rule does.
pub fn chars(s: &str) -> usize {
    s.chars().count()
}

/// `text` in canonical decomposed form (NFD), then lowercased as a whole
/// (Unicode's default case conversion, final sigma included).
#[cfg(not(target_arch = "wasm32"))]
pub fn lower_nfd(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfd().collect::<String>().to_lowercase()
}

/// `text` without its combining marks (General Category M).
#[cfg(not(target_arch = "wasm32"))]
pub fn strip_marks(text: &str) -> String {
    text.chars().filter(|&c| !is_mark(c)).collect()
}

/// Whether `c` is a combining mark (General Category M).
#[cfg(not(target_arch = "wasm32"))]
pub fn is_mark(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
}

#[cfg(target_arch = "wasm32")]
mod platform {
    use js_sys::{JsString, RegExp};

    thread_local! {
        static MARKS: RegExp = RegExp::new(r"\p{M}", "gu");
        static ONE_MARK: RegExp = RegExp::new(r"^\p{M}$", "u");
    }

    pub fn lower_nfd(text: &str) -> String {
        JsString::from(text).normalize("NFD").to_lower_case().into()
    }

    pub fn strip_marks(text: &str) -> String {
        MARKS.with(|marks| JsString::from(text).replace_by_pattern(marks, "").into())
    }

    pub fn is_mark(c: char) -> bool {
        // Every mark is outside ASCII and not alphanumeric: callers ask only then.
        ONE_MARK.with(|mark| mark.test(c.encode_utf8(&mut [0; 4])))
    }
}

#[cfg(target_arch = "wasm32")]
pub use platform::{is_mark, lower_nfd, strip_marks};

#[cfg(test)]
mod tests {
    use crate::search::{fold, tag_key, tags_in, words};
    use serde::{Deserialize, Serialize};

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test;
    #[cfg(target_arch = "wasm32")]
    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    /// Accented, decomposed, cased and non-Latin text, each with its keys.
    const FIXTURE: &str = include_str!("../tests/fixtures/search-keys.json");

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Keys {
        text: String,
        fold: String,
        words: Vec<String>,
        tags: Vec<String>,
        tag_key: String,
    }

    fn keys(text: &str) -> Keys {
        Keys {
            text: text.to_owned(),
            fold: fold(text),
            words: words(text),
            tags: tags_in(text),
            tag_key: tag_key(text),
        }
    }

    /// Natively, the fixture is what the native build computes
    /// (`UPDATE_SEARCH_KEYS=1 cargo test -p mock-core search_keys` rewrites
    /// it from its texts); in the browser, the wasm build computes the same.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
    fn search_keys_are_the_same_from_the_crate_and_from_the_platform() {
        let expected: Vec<Keys> = serde_json::from_str(FIXTURE).unwrap_or_default();
        assert!(expected.len() >= 20, "the corpus is in the fixture");
        let computed: Vec<Keys> = expected.iter().map(|k| keys(&k.text)).collect();
        #[cfg(not(target_arch = "wasm32"))]
        if std::env::var_os("UPDATE_SEARCH_KEYS").is_some() {
            let json = serde_json::to_string_pretty(&computed).unwrap_or_default();
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/search-keys.json"
            );
            std::fs::write(path, json + "\n").unwrap_or_default();
            return;
        }
        for (got, want) in computed.iter().zip(&expected) {
            assert_eq!(got, want);
        }
    }
}
