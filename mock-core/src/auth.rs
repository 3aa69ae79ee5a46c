//! Tokens and passwords.
//!
//! Tokens are HS256 JSON Web Tokens signed with [`MURMUR_TOKEN_SECRET`];
//! verification accepts nothing but a well-formed HS256 token with a valid
//! signature. Passwords are stored as `sha256(salt || password)`.

use crate::base64url;
use crate::db::Db;
use crate::error::ApiError;
use crate::json::{self, Obj};
use crate::json_write::{cat, json_object, push_hex, to_json};
use crate::model::{PasswordDigest, User};
use hmac::{Hmac, Mac};
#[cfg(test)]
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The fixed secret every token is signed with. The mock runs in the
/// visitor's browser, so this protects nothing; it only makes tokens real.
pub const MURMUR_TOKEN_SECRET: &str = "murmur-mock-core-token-secret-v1";

/// `{"alg":"HS256","typ":"JWT"}`, base64url-encoded.
const HEADER_B64: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";

#[derive(Debug, PartialEq, Eq)]
pub struct Claims {
    pub id: String,
    pub username: String,
}

#[cfg_attr(test, derive(Serialize))]
struct ClaimsWithIat<'a> {
    #[cfg_attr(test, serde(rename = "_id"))]
    id: &'a str,
    username: &'a str,
    iat: i64,
}

json_object!(ClaimsWithIat<'_> {
    "_id" => id,
    "username" => username,
    "iat" => iat,
});

fn mac() -> Hmac<Sha256> {
    // HMAC takes keys of any length, so this never fails; the fallback
    // only keeps the function total.
    Hmac::<Sha256>::new_from_slice(MURMUR_TOKEN_SECRET.as_bytes())
        .unwrap_or_else(|_| Hmac::<Sha256>::new(&Default::default()))
}

/// A signed token for `user`, issued at `now_ms`.
pub fn encode_token(user: &User, now_ms: i64) -> String {
    let claims = ClaimsWithIat {
        id: &user.id,
        username: &user.username,
        iat: now_ms.div_euclid(1000),
    };
    let payload = to_json(&claims);
    let signing_input = cat(&[HEADER_B64, ".", &base64url::encode(payload)]);
    let mut mac = mac();
    mac.update(signing_input.as_bytes());
    let signature = base64url::encode(mac.finalize().into_bytes());
    cat(&[&signing_input, ".", &signature])
}

/// The claims of a genuine HS256 token, or `InvalidToken`.
pub fn decode_token(token: &str) -> Result<Claims, ApiError> {
    let mut parts = token.split(['.']);
    let (Some(header_b64), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ApiError::InvalidToken);
    };
    let alg = read_part(header_b64, |o| o.str("alg"))?;
    if alg != "HS256" {
        return Err(ApiError::InvalidToken);
    }
    let mut mac = mac();
    mac.update(header_b64.as_bytes());
    mac.update(b".");
    mac.update(payload.as_bytes());
    let signature = base64url::decode(signature).ok_or(ApiError::InvalidToken)?;
    mac.verify_slice(&signature)
        .map_err(|_| ApiError::InvalidToken)?;
    read_part(payload, |o| {
        Ok(Claims {
            id: o.str("_id")?,
            username: o.str("username")?,
        })
    })
}

/// Reads one base64url JSON object of a token with `read`.
fn read_part<T>(part: &str, read: impl Fn(&Obj<'_>) -> Result<T, String>) -> Result<T, ApiError> {
    let bytes = base64url::decode(part).ok_or(ApiError::InvalidToken)?;
    let text = String::from_utf8(bytes).map_err(|_| ApiError::InvalidToken)?;
    let value = json::parse(&text).map_err(|_| ApiError::InvalidToken)?;
    Obj::of(&value, "token part")
        .and_then(|o| read(&o))
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

fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().saturating_mul(2));
    push_hex(&mut out, bytes);
    out
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
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

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
    fn header_constant_is_the_hs256_header() {
        assert_eq!(
            URL_SAFE_NO_PAD.decode(HEADER_B64).unwrap(),
            br#"{"alg":"HS256","typ":"JWT"}"#
        );
    }

    #[test]
    fn claims_are_what_serde_writes() {
        let claims = ClaimsWithIat {
            id: "u-guest",
            username: "gu\"est",
            iat: -1_767_225_600,
        };
        assert_eq!(to_json(&claims), serde_json::to_string(&claims).unwrap());
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
        for bad in [
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
