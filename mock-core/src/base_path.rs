//! The site's base path (`/`, `/murmur/`), under which every media and
//! avatar path the core hands out is absolute: `/avatars/seed-1.svg`,
//! `/murmur/media/m-01`. A relative path would resolve against whatever
//! route the page is on (`/post/p-02/avatars/seed-1.svg`) and fetch the
//! HTML page instead of the image.

use crate::db::Db;
use crate::routes::media::check_media_path;

/// `base` with one leading and one trailing slash (`murmur` and `/murmur`
/// give `/murmur/`; `""` gives `/`), or why it is refused: each segment
/// must be a plain word (`[A-Za-z0-9_-]+`), the shape the media rule
/// accepts for directories.
pub fn normalize(base: &str) -> Result<String, String> {
    let inner = base.trim_matches('/');
    if inner.is_empty() {
        return Ok("/".to_owned());
    }
    let plain = |seg: &str| {
        !seg.is_empty()
            && seg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    if inner.split('/').all(plain) {
        Ok(format!("/{inner}/"))
    } else {
        Err(format!(
            "base path \"{base}\" must be / or /word/.../ (letters, digits, _ and -)"
        ))
    }
}

/// A path that passed the media rule, under `base` if it is relative.
pub fn absolute(base: &str, path: String) -> String {
    if path.is_empty() || path.starts_with('/') {
        path
    } else {
        format!("{base}{path}")
    }
}

/// Sets `db`'s base path and moves every relative media and avatar path
/// under it: the seed is written relative, and so are states saved before
/// paths were absolute. A path the media rule refuses (an old hostile
/// state) is left as it is; the client renders it as a placeholder.
pub fn apply(db: &mut Db, base: &str) {
    base.clone_into(&mut db.base_path);
    for path in db.media_paths_mut() {
        if !path.starts_with('/') && check_media_path("mediaURL", path.clone()).is_ok() {
            *path = format!("{base}{path}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestApi;
    use crate::Api;
    use serde_json::json;

    #[test]
    fn bases_are_normalized_or_refused() {
        for (given, base) in [
            ("", "/"),
            ("/", "/"),
            ("murmur", "/murmur/"),
            ("/a/b-2/", "/a/b-2/"),
        ] {
            assert_eq!(normalize(given).as_deref(), Ok(base), "{given}");
        }
        for bad in [
            "/a b/",
            "//x.example/",
            "/a/../b/",
            "/%2e/",
            "https://x/",
            "/a//b/",
        ] {
            let err = Api::with_base_path(1, bad).map(|_| ()).unwrap_err();
            assert!(err.contains("must be / or /word/.../"), "{bad}: {err}");
        }
    }

    /// Every avatar and media URL in the answers a client reads first.
    fn urls(t: &mut TestApi) -> Vec<String> {
        let (_, posts) = t.get("/api/posts");
        let (_, users) = t.get("/api/users");
        let mut out = Vec::new();
        let mut walk = vec![posts, users];
        while let Some(v) = walk.pop() {
            match v {
                serde_json::Value::Object(map) => {
                    for (k, v) in map {
                        match v.as_str() {
                            Some(s) if k == "avatarURL" || k == "mediaURL" => {
                                out.push(s.to_owned())
                            }
                            _ => walk.push(v),
                        }
                    }
                }
                serde_json::Value::Array(list) => walk.extend(list),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn seed_and_uploads_are_absolute_under_the_base() {
        for base in ["/", "/murmur/"] {
            let mut t = TestApi::new();
            t.api = Api::with_base_path(7, base).unwrap();
            assert_eq!(t.api.base_path(), base);
            let seen = urls(&mut t);
            assert!(seen.len() > 20, "{seen:?}");
            for url in seen.iter().filter(|u| !u.is_empty()) {
                assert!(url.starts_with(base), "{url} under {base}");
                assert!(check_media_path("mediaURL", url.clone()).is_ok(), "{url}");
            }
            let token = t.guest();
            let (_, json) = t.post(
                "/api/media",
                &token,
                json!({"type": "image/png", "size": 1}),
            );
            assert_eq!(json["mediaURL"], format!("{base}media/m-01"));
            let body = json!({"firstName": "A", "lastName": "B", "username": "abc", "password": "password1"});
            let (_, json) = t.call("POST", "/api/auth/signup", None, &body.to_string());
            assert_eq!(
                json["createdUser"]["avatarURL"],
                format!("{base}avatars/default.svg")
            );
            // Reset and bulk loads stay under the base.
            t.api.reset();
            assert!(urls(&mut t)
                .iter()
                .all(|u| u.is_empty() || u.starts_with(base)));
            t.api.load_bulk(3, 3);
            assert!(urls(&mut t)
                .iter()
                .all(|u| u.is_empty() || u.starts_with(base)));
        }
    }
}
