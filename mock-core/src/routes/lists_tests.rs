//! The lists beside Home and Explore (an author's posts, bookmarks, a
//! search's posts, a tag's feed in each order), each read page by page and
//! compared with the same list worked out the slow way from `GET /api/posts`.

use super::tests::{bad_parameters, expected, new_post, read_all, FILTERS};
use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

#[test]
fn an_authors_posts_page_by_page_in_each_order() {
    let mut t = TestApi::new();
    let guest = t.guest();
    t.post("/api/posts/like/p-02", &guest, Value::Null);
    new_post(&mut t, &guest, "one more of mine");
    let (_, users) = t.get("/api/users");
    for user in users["users"].as_array().unwrap() {
        let name = user["username"].as_str().unwrap().to_owned();
        for filter in FILTERS {
            let want = expected(&mut t, Some(std::slice::from_ref(&name)), filter);
            for limit in [1, 2, 50] {
                let url = format!("/api/posts/author/{name}?filter={filter}");
                let (got, totals) = read_all(&mut t, &url, None, limit);
                assert_eq!(got, want, "{name} {filter} by {limit}");
                assert!(totals.iter().all(|&n| n == want.len() as u64));
            }
        }
        // Latest is the spec's profile order, as GET /api/posts/user has it.
        let (_, spec) = t.get(&format!("/api/posts/user/{name}"));
        let (_, page) = t.get(&format!("/api/posts/author/{name}?limit=50"));
        assert_eq!(ids(&page["posts"]), ids(&spec["posts"]), "{name}");
    }
    t.fails(
        "GET",
        "/api/posts/author/nobody",
        None,
        "",
        404,
        "User not found",
    );
    // Usernames are matched as written.
    t.fails(
        "GET",
        "/api/posts/author/GUEST",
        None,
        "",
        404,
        "User not found",
    );
}

/// The guest's bookmark ids, the latest bookmarked first.
fn bookmarks_newest_first(t: &mut TestApi, token: &str) -> Vec<String> {
    let (_, json) = t.call("GET", "/api/users/bookmark", Some(token), "");
    let mut list: Vec<String> = json["bookmarks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap().to_owned())
        .collect();
    list.reverse();
    list
}

#[test]
fn bookmarks_page_by_page_latest_bookmark_first() {
    let mut t = TestApi::new();
    let guest = t.guest();
    for id in ["p-03", "p-09", "p-01", "p-12"] {
        t.post(&format!("/api/users/bookmark/{id}"), &guest, Value::Null);
    }
    t.post("/api/users/remove-bookmark/p-09", &guest, Value::Null);
    let want = bookmarks_newest_first(&mut t, &guest);
    assert!(want.len() >= 3, "{want:?}");
    assert_eq!(want.first().map(String::as_str), Some("p-12"));
    for limit in [1, 2, 50] {
        let (got, totals) = read_all(&mut t, "/api/posts/bookmarks", Some(&guest), limit);
        assert_eq!(got, want, "by {limit}");
        assert!(totals.iter().all(|&n| n == want.len() as u64));
    }
    // Whole posts, as GET /api/posts has them.
    let (_, all) = t.get("/api/posts");
    let (_, page) = t.call("GET", "/api/posts/bookmarks", Some(&guest), "");
    assert_eq!(&page["posts"][0], TestApi::post_of(&all, "p-12"));
    // A deleted post leaves the list.
    let author = all["posts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == "p-12")
        .unwrap()["username"]
        .as_str()
        .unwrap()
        .to_owned();
    let owner = t.login(
        &author,
        if author == "guest" {
            "guest123"
        } else {
            "password123"
        },
    );
    t.call("DELETE", "/api/posts/p-12", Some(&owner), "");
    let (got, _) = read_all(&mut t, "/api/posts/bookmarks", Some(&guest), 50);
    assert!(!got.contains(&"p-12".to_owned()));
    assert_eq!(got, bookmarks_newest_first(&mut t, &guest));
    t.fails("GET", "/api/posts/bookmarks", None, "", 401, TOKEN_INVALID);
}

#[test]
fn a_searchs_posts_page_by_page_as_search_ranks_them() {
    let mut t = TestApi::new();
    let guest = t.guest();
    for n in 0..7 {
        new_post(&mut t, &guest, &format!("lantern walk number {n}"));
    }
    new_post(&mut t, &guest, "a lanterns festival");
    for q in ["lantern", "lantern%20walk", "LANT", "%23photography", "zzz"] {
        let (_, search) = t.get(&format!("/api/search?q={q}&limit=50"));
        let want: Vec<String> = ids(&search["posts"])
            .into_iter()
            .map(str::to_owned)
            .collect();
        for limit in [1, 3, 50] {
            let (got, totals) = read_all(&mut t, &format!("/api/posts/search?q={q}"), None, limit);
            assert_eq!(got, want, "{q} by {limit}");
            assert!(totals.iter().all(|&n| n == want.len() as u64));
        }
    }
    assert_eq!(t.get("/api/posts/search?q=lantern").1["total"], json!(8));
}

/// Whether a post (as `GET /api/posts` has it) carries `#tag`, the slow way.
fn carries(post: &Value, tag: &str) -> bool {
    let text = format!("{} {}", post["content"], post["hashtags"]).to_lowercase();
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '#'))
        .any(|word| word == format!("#{tag}"))
}

#[test]
fn a_tags_feed_page_by_page_in_each_order() {
    let mut t = TestApi::new();
    let guest = t.guest();
    for n in 0..6 {
        new_post(&mut t, &guest, &format!("#photography roll {n}"));
    }
    t.post("/api/posts/like/p-09", &guest, Value::Null);
    let (_, all) = t.get("/api/posts");
    let tagged: Vec<String> = all["posts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| carries(p, "photography"))
        .map(|p| p["username"].as_str().unwrap().to_owned())
        .collect();
    assert!(tagged.len() >= 8, "{tagged:?}");
    for filter in FILTERS {
        // Every tagged post's author's posts, narrowed to the tagged ones.
        let by_authors = expected(&mut t, Some(&tagged), filter);
        let want: Vec<String> = by_authors
            .into_iter()
            .filter(|id| carries(TestApi::post_of(&all, id), "photography"))
            .collect();
        for limit in [1, 4, 50] {
            let url = format!("/api/posts/tag/photography?filter={filter}");
            let mut got = Vec::new();
            for page in 1.. {
                let (status, json) = t.get(&format!("{url}&page={page}&limit={limit}"));
                assert_eq!(status, 200, "{json}");
                assert_eq!(json["total"], json!(want.len()));
                let posts = ids(&json["posts"]);
                if posts.is_empty() {
                    break;
                }
                got.extend(posts.into_iter().map(str::to_owned));
            }
            assert_eq!(got, want, "{filter} by {limit}");
        }
    }
}

#[test]
fn every_new_parameter_refuses_bad_values_with_400() {
    let mut t = TestApi::new();
    let guest = t.guest();
    for (query, message) in bad_parameters() {
        let paged_only = !query.starts_with("filter");
        for (url, token) in [
            ("/api/posts/author/guest?", None),
            ("/api/posts/tag/photography?", None),
            ("/api/posts/bookmarks?", Some(guest.as_str())),
            ("/api/posts/search?q=light&", None),
        ] {
            let takes_filter = !url.contains("bookmarks") && !url.contains("search");
            if paged_only || takes_filter {
                t.fails("GET", &format!("{url}{query}"), token, "", 400, message);
            }
        }
    }
    // A search's posts need a query of at most 100 characters.
    let long = "a".repeat(101);
    for (url, message) in [
        ("/api/posts/search", "Search query q must not be empty"),
        (
            "/api/posts/search?q=%20%20",
            "Search query q must not be empty",
        ),
        (
            &format!("/api/posts/search?q={long}") as &str,
            "Search query q must be at most 100 characters",
        ),
        (
            "/api/posts/search?q=%zz",
            "Query parameter q is not valid percent-encoded UTF-8",
        ),
    ] {
        t.fails("GET", url, None, "", 400, message);
    }
    // Filters and numbers that bookmarks and search do not take are ignored.
    let (status, _) = t.call("GET", "/api/posts/bookmarks?filter=x", Some(&guest), "");
    assert_eq!(status, 200);
    // The single-post route is not shadowed by the new literal routes.
    assert_eq!(t.get("/api/posts/p-01").0, 200);
}

#[test]
fn a_profile_by_username() {
    let mut t = TestApi::new();
    let (_, users) = t.get("/api/users");
    for user in users["users"].as_array().unwrap() {
        let (status, json) = t.get(&format!(
            "/api/users/profile/{}",
            user["username"].as_str().unwrap()
        ));
        assert_eq!(status, 200);
        assert_eq!(&json["user"], user);
    }
    t.fails(
        "GET",
        "/api/users/profile/nobody",
        None,
        "",
        404,
        "User not found",
    );
}

#[test]
fn suggestions_are_the_first_users_one_could_follow() {
    let mut t = TestApi::new();
    let guest = t.guest();
    // The slow way: everyone in GET /api/users but the guest and those followed.
    let slow = |t: &mut TestApi| -> Vec<String> {
        let (_, users) = t.get("/api/users");
        let list = users["users"].as_array().unwrap();
        let me = list.iter().find(|u| u["username"] == "guest").unwrap();
        let followed = ids(&me["following"]);
        list.iter()
            .filter(|u| u["username"] != "guest" && !followed.contains(&u["_id"].as_str().unwrap()))
            .map(|u| u["_id"].as_str().unwrap().to_owned())
            .collect()
    };
    let mut want = slow(&mut t);
    assert!(want.len() >= 2, "{want:?}");
    for limit in [1, 2, 5, 50] {
        let (status, json) = t.call(
            "GET",
            &format!("/api/users/suggestions?limit={limit}"),
            Some(&guest),
            "",
        );
        assert_eq!(status, 200);
        let (_, users) = t.get("/api/users");
        let got = ids(&json["users"]);
        assert_eq!(
            got,
            want.iter()
                .take(limit)
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        // Whole users, as GET /api/users has them.
        assert_eq!(&json["users"][0], TestApi::user_of(&users["users"], got[0]));
    }
    // Following the first brings the next in.
    let first = want.remove(0);
    t.post(&format!("/api/users/follow/{first}"), &guest, Value::Null);
    let (_, json) = t.call("GET", "/api/users/suggestions?limit=1", Some(&guest), "");
    assert_eq!(ids(&json["users"]), [want[0].as_str()]);
    assert_eq!(slow(&mut t), want);
    // Signed in only; a bad limit names the rule.
    t.fails(
        "GET",
        "/api/users/suggestions",
        None,
        "",
        401,
        TOKEN_INVALID,
    );
    for limit in ["0", "51", "x", ""] {
        t.fails(
            "GET",
            &format!("/api/users/suggestions?limit={limit}"),
            Some(&guest),
            "",
            400,
            "limit must be a whole number from 1 to 50",
        );
    }
    // The profile route is not shadowed for other ids.
    assert_eq!(t.get("/api/users/suggestions").0, 401);
}
