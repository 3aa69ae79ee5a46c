//! The site's base path (`/`, `/murmur/`), under which every media and
//! avatar path the core hands out is absolute: `/avatars/seed-1.svg`,
//! `/murmur/media/m-01`. A relative path would resolve against whatever
//! route the page is on (`/post/p-02/avatars/seed-1.svg`) and fetch the
//! HTML page instead of the image.

use crate::db::Db;
use crate::rules::check_media_path;

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
    // An avatar on another site (the `avatars: "anywhere"` setting) stays.
    let remote = path.starts_with("https://") || path.starts_with("http://");
    if path.is_empty() || path.starts_with('/') || remote {
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

/// Moves the media and avatar paths made under the base `from` to the base
/// `to`: a state saved (or backed up) under `/murmur/` and loaded at `/`
/// points at `/media/m-01`, where this site serves its uploads, not at
/// `/murmur/media/m-01`. Only a path the media rule accepts under `from` moves.
pub fn rebase(db: &mut Db, from: &str, to: &str) {
    if from == to {
        return;
    }
    for path in db.media_paths_mut() {
        let Some(rest) = path.strip_prefix(from) else {
            continue;
        };
        if !rest.starts_with('/') && check_media_path("mediaURL", rest.to_owned()).is_ok() {
            *path = format!("{to}{rest}");
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

    /// A state saved under one base and loaded under another: its uploads
    /// and seed paths move to the new base, where that site serves them.
    #[test]
    fn a_state_saved_under_another_base_moves_its_paths_to_this_one() {
        for (from, to) in [("/murmur/", "/"), ("/", "/murmur/"), ("/a/", "/b/c/")] {
            let mut saved = TestApi::new();
            saved.api = Api::with_base_path(7, from).unwrap();
            let token = saved.guest();
            let (_, media) = saved.post(
                "/api/media",
                &token,
                json!({"type": "image/png", "size": 1}),
            );
            assert_eq!(media["mediaURL"], format!("{from}media/m-01"));
            let body =
                json!({"postData": {"content": "with a picture", "mediaURL": media["mediaURL"]}});
            let (status, _) = saved.post("/api/posts", &token, body);
            assert_eq!(status, 201);
            let snapshot = saved.api.export_snapshot();
            assert!(
                snapshot.contains(&format!("\"basePath\":\"{from}\"")),
                "{from}"
            );

            let mut loaded = TestApi::new();
            loaded.api = Api::with_base_path(7, to).unwrap();
            loaded.api.import_snapshot(&snapshot).unwrap();
            let seen = urls(&mut loaded);
            assert!(
                seen.contains(&format!("{to}media/m-01")),
                "{from} -> {to}: {seen:?}"
            );
            for url in seen.iter().filter(|u| !u.is_empty()) {
                assert!(url.starts_with(to), "{from} -> {to}: {url}");
            }
            // Exported again, it records its new base: loaded back where it came from, it is what it was.
            let again = loaded.api.export_snapshot();
            let mut back = TestApi::new();
            back.api = Api::with_base_path(7, from).unwrap();
            back.api.import_snapshot(&again).unwrap();
            assert_eq!(
                back.api.export_snapshot(),
                snapshot,
                "{from} -> {to} -> {from}"
            );
        }
    }

    /// A snapshot saved before the base was recorded keeps its absolute
    /// paths; a recorded base that is not one refuses the snapshot.
    #[test]
    fn an_unrecorded_base_moves_nothing_and_a_bad_one_is_refused() {
        let mut saved = TestApi::new();
        saved.api = Api::with_base_path(7, "/murmur/").unwrap();
        let snapshot = saved.api.export_snapshot();
        let old = snapshot.replace(",\"basePath\":\"/murmur/\"", "");
        assert_ne!(old, snapshot);
        let mut loaded = TestApi::new();
        loaded.api.import_snapshot(&old).unwrap();
        assert!(urls(&mut loaded)
            .iter()
            .all(|u| u.is_empty() || u.starts_with("/murmur/")));

        for bad in ["murmur", "/a b/", "//x.example/", ""] {
            let doc = snapshot.replace(
                "\"basePath\":\"/murmur/\"",
                &format!("\"basePath\":{}", json!(bad)),
            );
            let before = loaded.api.export_snapshot();
            let err = loaded.api.import_snapshot(&doc).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "snapshot refused: basePath \"{bad}\" is not a base path (/ or /word/.../)"
                )
            );
            assert_eq!(
                loaded.api.export_snapshot(),
                before,
                "a refused snapshot changes nothing"
            );
        }
    }
}
