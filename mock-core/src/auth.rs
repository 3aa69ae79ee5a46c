//! Tokens and passwords.
//!
//! Tokens are HS256 JSON Web Tokens signed with [`MURMUR_TOKEN_SECRET`];
//! verification accepts nothing but a well-formed HS256 token with a valid
//! signature. Passwords are stored as `sha256(salt || password)`.

use crate::db::Db;
use crate::error::ApiError;
use crate::model::{PasswordDigest, User};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::fmt::Write;

/// The fixed secret every token is signed with. The mock runs in the
/// visitor's browser, so this protects nothing; it only makes tokens real.
pub const MURMUR_TOKEN_SECRET: &str = "murmur-mock-core-token-secret-v1";

/// A token's header: what we write, and (`alg`) what we check.
#[derive(Serialize, Deserialize)]
struct Header<'a> {
    alg: Cow<'a, str>,
    #[serde(default, skip_deserializing)]
    typ: Cow<'a, str>,
}

const HEADER: Header<'static> = Header {
    alg: Cow::Borrowed("HS256"),
    typ: Cow::Borrowed("JWT"),
};

/// A token's payload: who it names, and when it was issued (written, not
/// required on reading).
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    #[serde(rename = "_id")]
    pub id: String,
    pub username: String,
    #[serde(default, skip_deserializing)]
    pub iat: i64,
}

fn mac() -> Hmac<Sha256> {
    // HMAC takes keys of any length, so this never fails; the fallback
    // only keeps the function total.
    Hmac::<Sha256>::new_from_slice(MURMUR_TOKEN_SECRET.as_bytes())
        .unwrap_or_else(|_| Hmac::<Sha256>::new(&Default::default()))
}

/// One JSON part of a token, base64url-encoded.
fn encode_part(value: &impl Serialize) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).unwrap_or_default())
}

/// A signed token for `user`, issued at `now_ms`.
pub fn encode_token(user: &User, now_ms: i64) -> String {
    let claims = Claims {
        id: user.id.clone(),
        username: user.username.clone(),
        iat: now_ms.div_euclid(1000),
    };
    let signing_input = format!("{}.{}", encode_part(&HEADER), encode_part(&claims));
    let mut mac = mac();
    mac.update(signing_input.as_bytes());
    let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
    format!("{signing_input}.{signature}")
}

/// The claims of a genuine HS256 token, or `InvalidToken`.
pub fn decode_token(token: &str) -> Result<Claims, ApiError> {
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::InvalidToken);
    };
    if decode_part::<Header<'_>, _>(header, |h| h.alg == HEADER.alg)? {
        let mut mac = mac();
        mac.update(header.as_bytes());
        mac.update(b".");
        mac.update(payload.as_bytes());
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| ApiError::InvalidToken)?;
        mac.verify_slice(&signature)
            .map_err(|_| ApiError::InvalidToken)?;
        return decode_part::<Claims, _>(payload, |c| c);
    }
    Err(ApiError::InvalidToken)
}

/// Reads one base64url JSON part of a token and maps it with `then`.
fn decode_part<T: DeserializeOwned, R>(
    part: &str,
    then: impl FnOnce(T) -> R,
) -> Result<R, ApiError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(part)
        .map_err(|_| ApiError::InvalidToken)?;
    // As text, like every other JSON the core reads: one parser instance.
    let text = std::str::from_utf8(&bytes).map_err(|_| ApiError::InvalidToken)?;
    serde_json::from_str(text)
        .map(then)
        .map_err(|_| ApiError::InvalidToken)
}

/// The authorization header's token: raw, or after `Bearer `.
fn token_of(header: &str) -> &str {
    let header = header.trim();
    match header.get(..7) {
        Some(scheme) if scheme.eq_ignore_ascii_case("bearer ") => {
            header.get(7..).unwrap_or_default().trim()
        }
        _ => header,
    }
}

/// The signed-in user: what the authentication extractor yields.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
}

/// Resolves the authorization header to a user, the way every token route
/// does: 401 for anything but a genuine token, 404 when its user is gone.
pub fn authenticate(db: &Db, authorization: Option<&str>) -> Result<AuthUser, ApiError> {
    let claims = decode_token(token_of(authorization.ok_or(ApiError::InvalidToken)?))?;
    match db.user(&claims.id) {
        Some(user) if user.username == claims.username => Ok(AuthUser {
            id: user.id.clone(),
        }),
        _ => Err(ApiError::UserNotRegistered),
    }
}

/// Bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// `sha256(salt || password)` as hex.
pub fn digest_password(salt: &str, password: &str) -> PasswordDigest {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(password.as_bytes());
    PasswordDigest {
        salt: salt.to_owned(),
        digest: hex(&hasher.finalize()),
    }
}

/// Compares without an early exit, so timing does not reveal the prefix.
pub fn password_matches(stored: &PasswordDigest, password: &str) -> bool {
    let candidate = digest_password(&stored.salt, password);
    let (a, b) = (candidate.digest.as_bytes(), stored.digest.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user() -> User {
        crate::seed::seed_db(crate::db::Rng(1))
            .user("u-guest")
            .cloned()
            .expect("seeded guest")
    }

    fn sign(header: &str, payload: &str) -> String {
        let input = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(header),
            URL_SAFE_NO_PAD.encode(payload)
        );
        let mut m = mac();
        m.update(input.as_bytes());
        format!(
            "{input}.{}",
            URL_SAFE_NO_PAD.encode(m.finalize().into_bytes())
        )
    }

    #[test]
    fn tokens_carry_the_hs256_header_and_the_claims() {
        let token = encode_token(&user(), 1_767_225_600_999);
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(
            URL_SAFE_NO_PAD.decode(parts[0]).unwrap(),
            br#"{"alg":"HS256","typ":"JWT"}"#
        );
        assert_eq!(
            URL_SAFE_NO_PAD.decode(parts[1]).unwrap(),
            br#"{"_id":"u-guest","username":"guest","iat":1767225600}"#
        );
    }

    #[test]
    fn round_trip_and_known_vector() {
        let token = encode_token(&user(), 1_767_225_600_000);
        let claims = decode_token(&token).unwrap();
        assert_eq!(claims.id, "u-guest");
        assert_eq!(claims.username, "guest");
        // A token made by hand with the same secret is accepted too.
        let manual = sign(
            r#"{"typ":"JWT","alg":"HS256"}"#,
            r#"{"_id":"u-guest","username":"guest"}"#,
        );
        assert_eq!(decode_token(&manual).unwrap(), claims);
    }

    #[test]
    fn rejects_forgeries_other_algorithms_and_garbage() {
        let token = encode_token(&user(), 0);
        let mut forged = token.clone();
        forged.pop();
        forged.push(if token.ends_with('A') { 'B' } else { 'A' });
        let none = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#),
            URL_SAFE_NO_PAD.encode(r#"{"_id":"u-guest","username":"guest"}"#)
        );
        let hs384 = sign(
            r#"{"alg":"HS384","typ":"JWT"}"#,
            r#"{"_id":"u-guest","username":"guest"}"#,
        );
        let no_claims = sign(r#"{"alg":"HS256"}"#, r#"{"sub":"x"}"#);
        let other_payload = {
            let mut parts: Vec<&str> = token.split('.').collect();
            let evil = URL_SAFE_NO_PAD.encode(r#"{"_id":"u-maya","username":"maya_lind"}"#);
            parts[1] = &evil;
            parts.join(".")
        };
        // The signature's last character carries two unused bits: a
        // decoder that ignored them would take this for the real one.
        let loose_bits = {
            let (body, last) = token.split_at(token.len() - 1);
            let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            let at = alphabet.find(last).unwrap();
            format!("{body}{}", &alphabet[(at | 1)..=(at | 1)])
        };
        for bad in [
            loose_bits.as_str(),
            &format!("{token}="),
            forged.as_str(),
            none.as_str(),
            hs384.as_str(),
            no_claims.as_str(),
            other_payload.as_str(),
            "",
            "garbage",
            "a.b.c",
            "a.b.c.d",
            &format!("{token}.x"),
        ] {
            assert_eq!(decode_token(bad), Err(ApiError::InvalidToken), "{bad}");
        }
    }

    #[test]
    fn bearer_prefix_is_optional() {
        assert_eq!(token_of("Bearer abc"), "abc");
        assert_eq!(token_of("bearer  abc "), "abc");
        assert_eq!(token_of("abc"), "abc");
    }

    #[test]
    fn digests_are_salted_and_compared_fully() {
        let a = digest_password("00ff", "secret");
        let b = digest_password("00fe", "secret");
        assert_ne!(a.digest, b.digest);
        assert_eq!(a.digest.len(), 64);
        assert!(password_matches(&a, "secret"));
        assert!(!password_matches(&a, "secreT"));
        assert!(!password_matches(&a, ""));
    }
}
