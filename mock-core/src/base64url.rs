//! Base64url without padding (RFC 4648 §5), the encoding of JWT parts.
//!
//! Strict like the `base64` crate's `URL_SAFE_NO_PAD` engine, which the
//! tests compare it with: no `=`, no characters outside the alphabet, no
//! length of the form 4n+1, and the unused bits of the last character zero.
//! (The crate's generic engine was several kB of the WebAssembly module.)

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub fn encode(bytes: impl AsRef<[u8]>) -> String {
    let mut out = String::new();
    for chunk in bytes.as_ref().chunks(3) {
        let byte = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = byte(0).wrapping_shl(16) | byte(1).wrapping_shl(8) | byte(2);
        // 1, 2 or 3 bytes make 2, 3 or 4 characters of 6 bits each.
        for i in 0..=chunk.len() {
            let shift = 18u32.wrapping_sub(6u32.wrapping_mul(i as u32));
            let index = (n.wrapping_shr(shift) & 63) as usize;
            out.push(char::from(ALPHABET.get(index).copied().unwrap_or(b'A')));
        }
    }
    out
}

/// The bytes of `text`, or `None` when it is not canonical base64url.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let value = match c {
            b'A'..=b'Z' => c.wrapping_sub(b'A'),
            b'a'..=b'z' => c.wrapping_sub(b'a').wrapping_add(26),
            b'0'..=b'9' => c.wrapping_sub(b'0').wrapping_add(52),
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        };
        acc = acc.wrapping_shl(6) | u32::from(value);
        bits = bits.wrapping_add(6);
        if bits >= 8 {
            bits = bits.wrapping_sub(8);
            out.push((acc.wrapping_shr(bits) & 0xff) as u8);
            acc &= 1u32.wrapping_shl(bits).wrapping_sub(1);
        }
    }
    // A lone last character (6 bits) is no byte; leftover bits must be zero.
    (bits < 6 && acc == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    #[test]
    fn matches_the_base64_crate() {
        for bytes in [
            &b""[..],
            b"f",
            b"fo",
            b"foo",
            b"foob",
            b"fooba",
            b"foobar",
            &[0xfb, 0xff, 0xfe],
        ] {
            let text = encode(bytes);
            assert_eq!(text, URL_SAFE_NO_PAD.encode(bytes));
            assert_eq!(decode(&text).as_deref(), Some(bytes));
        }
        for bad in [
            "A", "AAAAA", "Zg==", "Zg=", "Zh", "Zm9", "a+b", "a/b", "a b", "é",
        ] {
            assert!(URL_SAFE_NO_PAD.decode(bad).is_err(), "{bad}");
            assert_eq!(decode(bad), None, "{bad}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_bytes_round_trip(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40)) {
            proptest::prop_assert_eq!(encode(&bytes), URL_SAFE_NO_PAD.encode(&bytes));
            proptest::prop_assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }

        #[test]
        fn any_text_decodes_as_the_crate_does(text in "[A-Za-z0-9_=+/-]{0,12}") {
            proptest::prop_assert_eq!(decode(&text), URL_SAFE_NO_PAD.decode(&text).ok());
        }
    }
}
