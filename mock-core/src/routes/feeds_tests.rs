use crate::testing::{ids, TestApi, TOKEN_INVALID};
use serde_json::{json, Value};

pub(super) const FILTERS: [&str; 3] = ["Latest", "Oldest", "Trending"];

/// The ids `GET /api/posts` has for `authors` (all when `None`), in the
/// filter's order, worked out here the slow way.
pub(super) fn expected(t: &mut TestApi, authors: Option<&[String]>, filter: &str) -> Vec<String> {
    let (_, all) = t.get("/api/posts");
    let mut posts: Vec<(usize, &Value)> = all["posts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| authors.is_none_or(|a| a.iter().any(|u| p["username"] == u.as_str())))
        .enumerate()
        .collect();
    let time = |p: &Value| {
        chrono::DateTime::parse_from_rfc3339(p["createdAt"].as_str().unwrap())
            .unwrap()
            .timestamp_millis()
    };
    let likes = |p: &Value| p["likes"]["likeCount"].as_u64().unwrap();
    posts.sort_by(|(i, a), (j, b)| match filter {
        "Oldest" => (time(a), i).cmp(&(time(b), j)),
        "Trending" => (likes(b), time(b), j).cmp(&(likes(a), time(a), i)),
        _ => (time(b), j).cmp(&(time(a), i)),
    });
    posts
        .iter()
        .map(|(_, p)| p["_id"].as_str().unwrap().to_owned())
        .collect()
}

/// Every page of a feed read `limit` at a time, with the totals each gave.
pub(super) fn read_all(
    t: &mut TestApi,
    url: &str,
    token: Option<&str>,
    limit: usize,
) -> (Vec<String>, Vec<u64>) {
    let mut got = Vec::new();
    let mut totals = Vec::new();
    for page in 1.. {
        let sep = if url.contains('?') { '&' } else { '?' };
        let (status, json) = t.call(
            "GET",
            &format!("{url}{sep}page={page}&limit={limit}"),
            token,
            "",
        );
        assert_eq!(status, 200, "{json}");
        assert_eq!(json.as_object().unwrap().len(), 2, "only total and posts");
        totals.push(json["total"].as_u64().unwrap());
        let posts = ids(&json["posts"]);
        assert!(posts.len() <= limit);
        if posts.is_empty() {
            break;
        }
        got.extend(posts.into_iter().map(str::to_owned));
    }
    (got, totals)
}

fn home_authors(t: &mut TestApi, username: &str) -> Vec<String> {
    let (_, users) = t.get("/api/users");
    let me = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["username"] == username)
        .unwrap();
    let mut authors = vec![username.to_owned()];
    authors.extend(
        me["following"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["username"].as_str().unwrap().to_owned()),
    );
    authors
}

pub(super) fn new_post(t: &mut TestApi, token: &str, content: &str) -> String {
    let (status, json) = t.post(
        "/api/posts",
        token,
        json!({"postData": {"content": content}}),
    );
    assert_eq!(status, 201, "{json}");
    let posts = json["posts"].as_array().unwrap();
    posts.last().unwrap()["_id"].as_str().unwrap().to_owned()
}

#[test]
fn home_is_my_posts_and_those_i_follow_in_each_order() {
    let mut t = TestApi::new();
    let guest = t.guest();
    // A like makes Trending differ from Latest; a post of the guest's own joins.
    t.post("/api/posts/like/p-05", &guest, Value::Null);
    new_post(&mut t, &guest, "mine");
    let authors = home_authors(&mut t, "guest");
    for filter in FILTERS {
        let want = expected(&mut t, Some(&authors), filter);
        assert!(want.len() >= 3, "the seed's guest sees several posts");
        for limit in [1, 2, 5, 50] {
            let (got, totals) = read_all(
                &mut t,
                &format!("/api/posts/feed?filter={filter}"),
                Some(&guest),
                limit,
            );
            assert_eq!(got, want, "{filter} by {limit}");
            assert!(totals.iter().all(|&n| n == want.len() as u64), "{totals:?}");
        }
    }
    // Someone the guest does not follow is not on Home.
    let (_, all) = t.get("/api/posts");
    let strangers = all["posts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !authors.iter().any(|a| p["username"] == a.as_str()))
        .count();
    assert!(strangers > 0, "the seed has posts outside the guest's Home");
}

#[test]
fn explore_is_every_post_in_each_order() {
    let mut t = TestApi::new();
    let guest = t.guest();
    t.post("/api/posts/like/p-07", &guest, Value::Null);
    for filter in FILTERS {
        let want = expected(&mut t, None, filter);
        let (got, _) = read_all(
            &mut t,
            &format!("/api/posts/explore?filter={filter}"),
            None,
            3,
        );
        assert_eq!(got, want, "{filter}");
    }
    // Signed in or not, the same.
    let anon = t.get("/api/posts/explore").1;
    assert_eq!(
        t.call("GET", "/api/posts/explore", Some(&guest), "").1,
        anon
    );
}

#[test]
fn defaults_are_latest_the_first_page_and_five_posts() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let (status, json) = t.get("/api/posts/explore");
    assert_eq!(status, 200);
    let (_, all) = t.get("/api/posts");
    let total = all["posts"].as_array().unwrap().len();
    assert_eq!(json["total"], json!(total));
    let latest = expected(&mut t, None, "Latest");
    assert_eq!(ids(&json["posts"]), latest[..5]);
    // Whole posts, as GET /api/posts has them.
    let first = &json["posts"][0];
    assert_eq!(
        first,
        TestApi::post_of(&all, first["_id"].as_str().unwrap())
    );
    // Any case, a trailing slash, a full URL, parameters in any order.
    for url in [
        "/api/posts/explore/?filter=latest",
        "/api/posts/explore?limit=5&page=1&filter=LATEST",
        "http://localhost/api/posts/explore?unknown=1",
    ] {
        assert_eq!(t.get(url).1, json, "{url}");
    }
    // A page past the end has no posts but still the total.
    let (status, json) = t.call("GET", "/api/posts/feed?page=999", Some(&guest), "");
    assert_eq!(status, 200);
    assert_eq!(json["posts"], json!([]));
    assert!(json["total"].as_u64().unwrap() > 0);
    // The single-post route is not shadowed.
    assert_eq!(t.get("/api/posts/p-01").0, 200);
}

#[test]
fn home_follows_writes_and_follows() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let first = |t: &mut TestApi, filter: &str| {
        let (_, json) = t.call(
            "GET",
            &format!("/api/posts/feed?filter={filter}&limit=1"),
            Some(&guest),
            "",
        );
        (
            ids(&json["posts"]).first().map(|s| s.to_string()),
            json["total"].as_u64().unwrap(),
        )
    };
    let (_, total) = first(&mut t, "Latest");
    let id = new_post(&mut t, &guest, "the newest");
    assert_eq!(
        first(&mut t, "Latest"),
        (Some(id.clone()), total + 1),
        "a new post tops Latest"
    );
    assert_ne!(first(&mut t, "Oldest").0, Some(id.clone()));
    // Deleted, it leaves the feed.
    t.call("DELETE", &format!("/api/posts/{id}"), Some(&guest), "");
    assert_eq!(first(&mut t, "Latest").1, total);
    // Following someone brings their posts in; unfollowing takes them out.
    let (_, users) = t.get("/api/users");
    let authors = home_authors(&mut t, "guest");
    let stranger = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| !authors.iter().any(|a| u["username"] == a.as_str()))
        .expect("someone the guest does not follow")
        .clone();
    let theirs = t
        .get(&format!(
            "/api/posts/user/{}",
            stranger["username"].as_str().unwrap()
        ))
        .1["posts"]
        .as_array()
        .unwrap()
        .len() as u64;
    let sid = stranger["_id"].as_str().unwrap();
    t.post(&format!("/api/users/follow/{sid}"), &guest, Value::Null);
    assert_eq!(first(&mut t, "Latest").1, total + theirs);
    t.post(&format!("/api/users/unfollow/{sid}"), &guest, Value::Null);
    assert_eq!(first(&mut t, "Latest").1, total);
}

/// Bad `filter`, `page` and `limit` values and the message each answers.
pub(super) fn bad_parameters() -> Vec<(&'static str, &'static str)> {
    let filter = "filter must be Latest, Oldest or Trending";
    let limit = "limit must be a whole number from 1 to 50";
    let page = "page must be a whole number from 1 to 1000000";
    vec![
        ("filter=", filter),
        ("filter=Newest", filter),
        ("filter=Latest%20", filter),
        ("filter=Trending,Latest", filter),
        (
            "filter=%zz",
            "Query parameter filter is not valid percent-encoded UTF-8",
        ),
        (
            "filter=%FF",
            "Query parameter filter is not valid percent-encoded UTF-8",
        ),
        ("limit=0", limit),
        ("limit=51", limit),
        ("limit=-1", limit),
        ("limit=five", limit),
        ("limit=", limit),
        ("limit=2.5", limit),
        ("page=0", page),
        ("page=x", page),
        ("page=1000001", page),
        ("page=99999999999999999999999", page),
        (
            "page=%zz",
            "Query parameter page is not valid percent-encoded UTF-8",
        ),
    ]
}

#[test]
fn every_bad_parameter_is_a_400_that_names_it() {
    let mut t = TestApi::new();
    let guest = t.guest();
    let cases = bad_parameters();
    for (query, message) in cases {
        for (route, token) in [("feed", Some(guest.as_str())), ("explore", None)] {
            t.fails(
                "GET",
                &format!("/api/posts/{route}?{query}"),
                token,
                "",
                400,
                message,
            );
        }
    }
    // The largest page and limit are fine.
    let (status, _) = t.get("/api/posts/explore?page=1000000&limit=50");
    assert_eq!(status, 200);
}

#[test]
fn home_needs_a_token_explore_does_not() {
    let mut t = TestApi::new();
    t.fails("GET", "/api/posts/feed", None, "", 401, TOKEN_INVALID);
    t.fails(
        "GET",
        "/api/posts/feed?filter=bad",
        Some("abc.def.ghi"),
        "",
        401,
        TOKEN_INVALID,
    );
    assert_eq!(t.get("/api/posts/explore").0, 200);
    // Only GET: the path is not a post's `/api/posts/{postId}`.
    let guest = t.guest();
    t.fails(
        "POST",
        "/api/posts/feed",
        Some(&guest),
        "",
        405,
        "Method not allowed",
    );
}
