//! `cargo run --release --example bench`: the time of one `handle()` for a
//! like (and for listing posts) at growing numbers of posts, to show that
//! the cost grows linearly with the state, mostly from serialising the
//! posts the like answers with; then, at 10,000 posts, searches, tag feed
//! pages, the writes the search index follows (post create and edit), a
//! like with its small answer (`Prefer: return=minimal`: the write's own
//! work, its events and notification included), and loading a snapshot
//! (which rebuilds the index).

use mock_core::{Api, Now, Request};
use std::time::Instant;

const NOW: Now = Now {
    epoch_ms: 1_790_000_000_000,
    offset_minutes: 0,
};

fn handle(api: &mut Api, method: &str, url: &str, auth: Option<&str>, body: &str) -> (u16, String) {
    handle_preferring(api, None, method, url, auth, body)
}

/// `handle` with a `Prefer` header (`return=minimal`: the write answers
/// only the post it changed).
fn handle_preferring(
    api: &mut Api,
    prefer: Option<&str>,
    method: &str,
    url: &str,
    auth: Option<&str>,
    body: &str,
) -> (u16, String) {
    let res = api.handle(
        &Request {
            method,
            url,
            authorization: auth,
            body,
            prefer,
        },
        NOW,
    );
    (res.status, res.body)
}

/// Mean microseconds per call of `f` over `rounds` calls.
fn time(rounds: u32, mut f: impl FnMut(u32)) -> f64 {
    let start = Instant::now();
    for i in 0..rounds {
        f(i);
    }
    start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds)
}

fn token_of(body: &str) -> String {
    body.split("\"encodedToken\":\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_default()
        .to_owned()
}

/// Best of `tries` means of `rounds` calls, in µs: the other processes on
/// the machine only ever add time.
fn best(tries: u32, rounds: u32, mut f: impl FnMut(u32)) -> f64 {
    (0..tries)
        .map(|t| time(rounds, |i| f(t * rounds + i)))
        .fold(f64::INFINITY, f64::min)
}

/// Search, tag feeds and the writes the index follows, at 10,000 posts.
fn discover() {
    let mut api = Api::new(7);
    api.load_bulk(100, 10_000);
    let login = r#"{"username":"guest","password":"guest123"}"#;
    let token = token_of(&handle(&mut api, "POST", "/api/auth/login", None, login).1);
    // Render every post once, as a running app would have.
    handle(&mut api, "GET", "/api/posts", None, "");
    println!("\nat 10,000 posts (best of 5 means, µs per call):");
    // The index is built by the first search, not when a state loads.
    let state = api.export_snapshot();
    let first = (0..5)
        .map(|_| {
            let mut fresh = Api::new(1);
            fresh
                .import_snapshot(&state)
                .unwrap_or_else(|e| panic!("{e}"));
            time(1, |_| {
                handle(&mut fresh, "GET", "/api/search?q=bulk", None, "");
            })
        })
        .fold(f64::INFINITY, f64::min);
    println!("{:>40}: {first:>9.1}", "first search (builds the index)");
    let reads = [
        ("search \"bulk\" (every post matches)", "/api/search?q=bulk"),
        ("search \"bu\" (prefix of every post)", "/api/search?q=bu"),
        ("search \"number 4242\"", "/api/search?q=number+4242"),
        ("search \"user1\" (users)", "/api/search?q=user1"),
        ("search \"zebra\" (no match)", "/api/search?q=zebra"),
        ("search \"bulk\" limit=50", "/api/search?q=bulk&limit=50"),
        ("tag feed #bulk page 1", "/api/posts/tag/bulk"),
        ("tag feed #bulk page 900", "/api/posts/tag/bulk?page=900"),
        ("tag feed #bulk limit=50", "/api/posts/tag/bulk?limit=50"),
    ];
    for (name, url) in reads {
        let (status, body) = handle(&mut api, "GET", url, None, "");
        if status == 404 {
            println!("{name:>40}: no such endpoint");
            continue;
        }
        assert_eq!(status, 200, "{body}");
        let t = best(5, 40, |_| {
            handle(&mut api, "GET", url, None, "");
        });
        println!("{name:>40}: {t:>9.1}   ({} kB)", body.len() / 1024);
    }
    // Writes: each create answers every post (from the rendered-post cache).
    let create = best(5, 20, |i| {
        let body = format!(
            r##"{{"postData":{{"content":"Bench post {i} about #topic{i}","hashtags":"#bench"}}}}"##
        );
        let (status, body) = handle(&mut api, "POST", "/api/posts", Some(&token), &body);
        assert_eq!(status, 201, "{body}");
    });
    println!("{:>40}: {create:>9.1}", "create post");
    let edit = best(5, 20, |i| {
        let body = format!(
            r##"{{"postData":{{"content":"Edited {i} #changed{i}","hashtags":"#edited"}}}}"##
        );
        let (status, body) = handle(
            &mut api,
            "POST",
            "/api/posts/edit/p-b0",
            Some(&token),
            &body,
        );
        assert_eq!(status, 201, "{body}");
    });
    println!("{:>40}: {edit:>9.1}", "edit post");
    let like = best(5, 20, |i| {
        let verb = if i % 2 == 0 { "like" } else { "dislike" };
        let (status, body) = handle(
            &mut api,
            "POST",
            &format!("/api/posts/{verb}/p-b1"),
            Some(&token),
            "",
        );
        assert_eq!(status, 200, "{body}");
    });
    println!("{:>40}: {like:>9.1}", "like/dislike (no index work)");
    // The same with the small answer: the write's own work, without the
    // answer of every post (what a replay and a live client ask for).
    let minimal = best(5, 400, |i| {
        let verb = if i % 2 == 0 { "like" } else { "dislike" };
        let url = format!("/api/posts/{verb}/p-b{}", (i / 2) % 10_000);
        let prefer = Some(mock_core::RETURN_MINIMAL);
        let (status, body) = handle_preferring(&mut api, prefer, "POST", &url, Some(&token), "");
        assert_eq!(status, 200, "{body}");
    });
    println!("{:>40}: {minimal:>9.1}", "like/dislike, return=minimal");
    let snapshot = api.export_snapshot();
    let import = best(3, 3, |_| {
        let mut copy = Api::new(1);
        copy.import_snapshot(&snapshot)
            .unwrap_or_else(|e| panic!("{e}"));
    });
    println!(
        "{:>40}: {import:>9.1}   (snapshot {} kB)",
        "import snapshot",
        snapshot.len() / 1024
    );
}

fn main() {
    println!(
        "{:>8} {:>18} {:>12} {:>18} {:>10}",
        "posts", "first GET (µs)", "like (µs)", "later GET (µs)", "body (kB)"
    );
    for posts in [12usize, 1_000, 10_000] {
        let mut api = Api::new(7);
        if posts != 12 {
            api.load_bulk(100, posts);
        }
        let login = r#"{"username":"guest","password":"guest123"}"#;
        let (_, body) = handle(&mut api, "POST", "/api/auth/login", None, login);
        let token = token_of(&body);
        let ids: Vec<String> = if posts == 12 {
            // Posts of the seed that the guest has not liked yet.
            ["p-01", "p-03", "p-05", "p-12"].map(String::from).to_vec()
        } else {
            (0..posts).map(|i| format!("p-b{i}")).collect()
        };
        // The first listing renders every post; later calls reuse them.
        let cold = time(1, |_| {
            handle(&mut api, "GET", "/api/posts", None, "");
        });
        // Like, then dislike the same post, so every call succeeds.
        let rounds = if posts >= 10_000 { 40 } else { 400 };
        let mut size = 0;
        let like = time(rounds, |i| {
            let id = &ids[(i / 2) as usize % ids.len()];
            let verb = if i % 2 == 0 { "like" } else { "dislike" };
            let (status, body) = handle(
                &mut api,
                "POST",
                &format!("/api/posts/{verb}/{id}"),
                Some(&token),
                "",
            );
            assert_eq!(status, 200, "{body}");
            size = body.len();
        });
        let list = time(rounds, |_| {
            handle(&mut api, "GET", "/api/posts", None, "");
        });
        let kb = size as f64 / 1024.0;
        println!("{posts:>8} {cold:>18.1} {like:>12.1} {list:>18.1} {kb:>10.1}");
    }
    discover();
}
