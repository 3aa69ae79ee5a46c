//! `cargo run --release --example bench`: the time of one `handle()` for a
//! like (and for listing posts) at growing numbers of posts, to show that
//! the cost grows linearly with the state, mostly from serialising the
//! posts the like answers with.

use mock_core::{Api, Now, Request};
use std::time::Instant;

const NOW: Now = Now {
    epoch_ms: 1_790_000_000_000,
    offset_minutes: 0,
};

fn handle(api: &mut Api, method: &str, url: &str, auth: Option<&str>, body: &str) -> (u16, String) {
    let res = api.handle(
        &Request {
            method,
            url,
            authorization: auth,
            body,
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
        let token = body
            .split("\"encodedToken\":\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or_default()
            .to_owned();
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
}
