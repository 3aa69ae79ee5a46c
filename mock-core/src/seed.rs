//! The seed data: six people and twelve posts, written for Murmur. Ids and
//! dates are fixed so that deep links survive a reload.

use crate::auth::{digest_password, hex};
use crate::db::{Db, Rng};
use crate::model::{Comment, Counters, Likes, Notification, NotificationType, Post, User};
use crate::time::utc_ms;
use sha2::{Digest, Sha256};

/// The avatar a new account gets when sign-up names none (the purple one).
pub const DEFAULT_AVATAR: &str = "avatars/default.svg";
/// The four avatars offered in the profile editor.
pub const PRESET_AVATARS: [&str; 4] = [
    "avatars/preset-1.svg",
    "avatars/preset-2.svg",
    "avatars/preset-3.svg",
    "avatars/preset-4.svg",
];
/// The shared demo account behind 'Login As Guest'.
pub const GUEST_USERNAME: &str = "guest";
pub const GUEST_PASSWORD: &str = "guest123";
/// The password of every other seed user.
pub const SEED_PASSWORD: &str = "password123";

/// (id, first, last, username, bio, website, created (y, m, d), follows)
type SeedUser = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    (i32, u32, u32),
    &'static [&'static str],
);

const USERS: [SeedUser; 6] = [
    (
        "u-guest",
        "Guest",
        "User",
        GUEST_USERNAME,
        "Just visiting: poking around Murmur to see what everyone is up to.",
        "",
        (2025, 1, 6),
        &["u-maya", "u-theo"],
    ),
    (
        "u-maya",
        "Maya",
        "Lindqvist",
        "maya_lind",
        "Landscape photographer chasing northern light. Coffee first, always.",
        "https://mayalind.example.com",
        (2025, 1, 12),
        &["u-theo", "u-priya", "u-lena"],
    ),
    (
        "u-theo",
        "Theo",
        "Marchetti",
        "theo_builds",
        "Backend developer by day, bike mechanic by weekend.",
        "https://theo.example.dev",
        (2025, 2, 2),
        &["u-maya", "u-jonas"],
    ),
    (
        "u-priya",
        "Priya",
        "Raman",
        "priya_cooks",
        "Home cook writing down my grandmother's recipes before they disappear.",
        "",
        (2025, 2, 20),
        &["u-maya", "u-guest"],
    ),
    (
        "u-jonas",
        "Jonas",
        "Weber",
        "jonas_trails",
        "Trail runner. Maps, muddy shoes and long weekends outside.",
        "https://trails.example.org",
        (2025, 3, 1),
        &["u-maya", "u-theo", "u-priya", "u-lena"],
    ),
    (
        "u-lena",
        "Lena",
        "Costa",
        "lena_sketches",
        "Illustrator. I draw the city one window at a time.",
        "https://lenacosta.example.net",
        (2025, 3, 9),
        &["u-priya", "u-jonas", "u-guest"],
    ),
];

const EMAIL: (&str, &str) = ("u-maya", "maya.lindqvist@example.com");

/// (author, created (y, m, d, h, min), content, media, hashtags, likers, dislikers)
type SeedPost = (
    &'static str,
    (i32, u32, u32, u32, u32),
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const POSTS: [SeedPost; 12] = [
    (
        "u-theo",
        (2025, 3, 14, 9, 30),
        "Moved our whole test suite off the shared staging box. Builds went from 14 minutes to 4.",
        "",
        "#devlife #testing",
        &["u-maya", "u-jonas"],
        &[],
    ),
    (
        "u-maya",
        (2025, 5, 2, 5, 10),
        "Up at 3am for this and worth every yawn. The sky stayed green for almost an hour.",
        "seed/aurora.jpg",
        "#aurora #nightsky #photography",
        &["u-theo", "u-priya", "u-jonas", "u-lena", "u-guest"],
        &[],
    ),
    (
        "u-priya",
        (2025, 6, 21, 18, 45),
        "Tamarind rice for twelve people today. Nobody left hungry, and nobody left early.",
        "",
        "#homecooking #family",
        &["u-maya", "u-lena"],
        &[],
    ),
    (
        "u-lena",
        (2025, 8, 9, 11, 20),
        "Sketched the boats at the old harbor this morning. The gulls judged every line.",
        "seed/harbor.jpg",
        "#sketchbook #harbor",
        &["u-priya", "u-jonas", "u-maya"],
        &[],
    ),
    (
        "u-jonas",
        (2025, 9, 27, 16, 5),
        "32 km, 1,400 m of climbing, one wrong turn and a very good sandwich at the top.",
        "",
        "#trailrunning #mountains",
        &["u-theo"],
        &[],
    ),
    (
        "u-jonas",
        (2025, 11, 15, 8, 40),
        "The fog lifted halfway up. The whole forest felt like it was holding its breath.",
        "seed/forest.jpg",
        "#forest #morningrun",
        &["u-maya", "u-lena", "u-guest"],
        &[],
    ),
    (
        "u-guest",
        (2026, 1, 3, 20, 15),
        "Hello Murmur! Trying out the guest account. Who should I follow?",
        "",
        "#hello #newhere",
        &["u-maya", "u-priya"],
        &[],
    ),
    (
        "u-theo",
        (2026, 2, 18, 22, 50),
        "Walked home the long way tonight. The city looks better with rain on it.",
        "seed/city.jpg",
        "#citylights #nightwalk",
        &["u-maya", "u-jonas", "u-lena"],
        &[],
    ),
    (
        "u-maya",
        (2026, 4, 6, 13, 25),
        "Golden hour is a suggestion, not a deadline. Some of my best shots came at blue hour.",
        "",
        "#photography #tips",
        &["u-lena"],
        &["u-theo"],
    ),
    (
        "u-lena",
        (2026, 6, 30, 7, 55),
        "Painted the dunes from memory. Apparently I remember a lot more orange than there was.",
        "seed/desert.jpg",
        "#desert #watercolor",
        &["u-priya", "u-maya", "u-jonas", "u-theo"],
        &[],
    ),
    (
        "u-maya",
        (2026, 9, 12, 17, 40),
        "Thirty seconds of waves to start your week calmly.",
        "seed/waves.mp4",
        "#ocean #slowliving",
        &["u-guest", "u-jonas", "u-priya", "u-lena", "u-theo"],
        &[],
    ),
    (
        "u-priya",
        (2026, 11, 8, 12, 10),
        "Baked bread without a recipe. It is technically bread. My family is being very kind.",
        "",
        "#baking #kitchenfails",
        &[],
        &[],
    ),
];

/// (post index, author, created (y, m, d, h, min), text)
type SeedComment = (usize, &'static str, (i32, u32, u32, u32, u32), &'static str);

const COMMENTS: [SeedComment; 14] = [
    (
        0,
        "u-jonas",
        (2025, 3, 14, 11, 2),
        "Four minutes! What was the biggest win?",
    ),
    (
        0,
        "u-theo",
        (2025, 3, 14, 12, 30),
        "Running the database tests in parallel. Should have done it years ago.",
    ),
    (
        1,
        "u-lena",
        (2025, 5, 2, 9, 0),
        "This looks unreal. Saving it as a colour reference.",
    ),
    (
        1,
        "u-guest",
        (2025, 5, 3, 10, 12),
        "Adding this to my list of places to see.",
    ),
    (
        2,
        "u-maya",
        (2025, 6, 21, 20, 5),
        "Please share the recipe, I am begging.",
    ),
    (
        3,
        "u-priya",
        (2025, 8, 9, 13, 40),
        "Gulls are always the harshest critics.",
    ),
    (
        4,
        "u-maya",
        (2025, 9, 27, 18, 30),
        "What was in the sandwich though?",
    ),
    (
        4,
        "u-jonas",
        (2025, 9, 27, 19, 2),
        "Cheese, pickles and pure optimism.",
    ),
    (
        6,
        "u-maya",
        (2026, 1, 3, 21, 0),
        "Welcome! Theo posts great city shots.",
    ),
    (
        7,
        "u-lena",
        (2026, 2, 19, 8, 15),
        "Those reflections! I want to paint this.",
    ),
    (
        9,
        "u-jonas",
        (2026, 7, 1, 10, 20),
        "I can confirm there was a lot of orange.",
    ),
    (
        10,
        "u-guest",
        (2026, 9, 13, 7, 45),
        "Played this three times in a row.",
    ),
    (
        10,
        "u-priya",
        (2026, 9, 13, 12, 0),
        "So calming. Where was this filmed?",
    ),
    (
        11,
        "u-lena",
        (2026, 11, 8, 14, 25),
        "Technically bread is still bread!",
    ),
];

const BOOKMARKS: [(&str, &[&str]); 3] = [
    ("u-guest", &["p-06", "p-11"]),
    ("u-maya", &["p-03"]),
    ("u-jonas", &["p-10"]),
];

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// A fixed salt per seed user, so seed digests never change.
pub fn fixed_salt(user_id: &str) -> String {
    let digest = Sha256::digest(format!("murmur-seed-salt:{user_id}"));
    hex(digest.get(..16).unwrap_or_default())
}

fn users() -> Vec<User> {
    USERS
        .iter()
        .enumerate()
        .map(
            |(n, &(id, first, last, username, bio, website, (y, m, d), follows))| {
                let created = utc_ms(y, m, d, 10, 0);
                let password = if username == GUEST_USERNAME {
                    GUEST_PASSWORD
                } else {
                    SEED_PASSWORD
                };
                let followers = USERS
                    .iter()
                    .filter(|other| other.7.contains(&id))
                    .map(|other| other.0.to_owned())
                    .collect();
                let bookmarks = BOOKMARKS
                    .iter()
                    .find(|b| b.0 == id)
                    .map(|b| ids(b.1))
                    .unwrap_or_default();
                User {
                    id: id.to_owned(),
                    first_name: first.to_owned(),
                    last_name: last.to_owned(),
                    username: username.to_owned(),
                    email: (EMAIL.0 == id).then(|| EMAIL.1.to_owned()),
                    created_at: created,
                    updated_at: created,
                    avatar_url: format!("avatars/seed-{}.svg", n.saturating_add(1)),
                    bio: bio.to_owned(),
                    website: website.to_owned(),
                    followers,
                    following: ids(follows),
                    bookmarks,
                    password: digest_password(&fixed_salt(id), password),
                }
            },
        )
        .collect()
}

fn posts() -> Vec<Post> {
    POSTS
        .iter()
        .enumerate()
        .map(
            |(n, &(author, (y, mo, d, h, mi), content, media, hashtags, likers, dislikers))| {
                let created = utc_ms(y, mo, d, h, mi);
                let comments: Vec<Comment> = COMMENTS
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.0 == n)
                    .map(|(k, &(_, author, (y, mo, d, h, mi), text))| {
                        let at = utc_ms(y, mo, d, h, mi);
                        Comment {
                            id: format!("c-{:02}", k.saturating_add(1)),
                            text: text.to_owned(),
                            author: author.to_owned(),
                            upvoted_by: Vec::new(),
                            downvoted_by: Vec::new(),
                            created_at: at,
                            updated_at: at,
                            byline: None,
                        }
                    })
                    .collect();
                let updated = comments
                    .iter()
                    .map(|c| c.created_at)
                    .fold(created, i64::max);
                Post {
                    id: format!("p-{:02}", n.saturating_add(1)),
                    content: content.to_owned(),
                    media_url: media.to_owned(),
                    hashtags: hashtags.to_owned(),
                    author: author.to_owned(),
                    created_at: created,
                    updated_at: updated,
                    likes: Likes {
                        like_count: u32::try_from(likers.len()).unwrap_or(u32::MAX),
                        liked_by: ids(likers),
                        disliked_by: ids(dislikers),
                    },
                    comments,
                }
            },
        )
        .collect()
}

/// The guest's first notifications, unread, oldest first: the seed's
/// follows of them (when the later of the two joined), then for each of
/// their posts its likes (when it was posted) and its comments.
fn guest_notifications(users: &[User], posts: &[Post]) -> Vec<Notification> {
    let guest = "u-guest";
    let joined = |id: &str| {
        users
            .iter()
            .find(|u| u.id == id)
            .map_or(0, |u| u.created_at)
    };
    let mut notifications: Vec<Notification> = Vec::new();
    let mut notify = |kind, actor: &str, (post, comment): (Option<&str>, Option<&str>), at| {
        let n = notifications.len().saturating_add(1);
        notifications.push(Notification {
            id: format!("n-{n:02}"),
            kind,
            recipient: guest.to_owned(),
            actor: actor.to_owned(),
            post_id: post.map(str::to_owned),
            comment_id: comment.map(str::to_owned),
            created_at: at,
            read: false,
        });
    };
    for follower in users
        .iter()
        .filter(|u| u.following.iter().any(|f| f == guest))
    {
        let at = joined(&follower.id).max(joined(guest));
        notify(NotificationType::Follow, &follower.id, (None, None), at);
    }
    for post in posts.iter().filter(|p| p.author == guest) {
        let on = Some(post.id.as_str());
        for liker in post.likes.liked_by.iter().filter(|l| *l != guest) {
            notify(NotificationType::Like, liker, (on, None), post.created_at);
        }
        for c in post.comments.iter().filter(|c| c.author != guest) {
            let at = (on, Some(c.id.as_str()));
            notify(NotificationType::Comment, &c.author, at, c.created_at);
        }
    }
    notifications
}

/// A store holding the seed data; `rng` continues into new salts.
pub fn seed_db(rng: Rng) -> Db {
    let (users, posts) = (users(), posts());
    let notifications = guest_notifications(&users, &posts);
    let counters = Counters {
        user: 6,
        post: 12,
        comment: 14,
        media: 0,
        notification: u64::try_from(notifications.len()).unwrap_or(u64::MAX),
    };
    let mut db = Db::from_parts(users, posts, counters, rng);
    db.restore_notifications(notifications);
    db
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::check_media_path;

    #[test]
    fn fixed_salts_are_the_first_half_of_the_digest_in_hex() {
        let digest = Sha256::digest("murmur-seed-salt:u-guest");
        let expected: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
        assert_eq!(fixed_salt("u-guest"), expected);
    }

    #[test]
    fn seed_dates_are_real_dates() {
        for u in USERS {
            let (y, m, d) = u.6;
            assert_ne!(utc_ms(y, m, d, 10, 0), 0, "{}", u.0);
        }
        for (y, m, d, h, mi) in POSTS
            .iter()
            .map(|p| p.1)
            .chain(COMMENTS.iter().map(|c| c.2))
        {
            assert_ne!(utc_ms(y, m, d, h, mi), 0);
        }
    }

    #[test]
    fn seed_media_and_avatars_pass_the_media_rule() {
        let db = seed_db(Rng(7));
        let media = db
            .posts()
            .iter()
            .map(|p| &p.media_url)
            .filter(|m| !m.is_empty());
        let avatars = db.users().iter().map(|u| &u.avatar_url);
        let constants = PRESET_AVATARS
            .iter()
            .chain([&DEFAULT_AVATAR])
            .map(|a| a.to_string());
        for url in media.chain(avatars).cloned().chain(constants) {
            assert!(check_media_path("mediaURL", url.clone()).is_ok(), "{url}");
        }
    }

    #[test]
    fn seed_passes_the_snapshot_checks() {
        let db = seed_db(Rng(7));
        let json = crate::snapshot::export(&db);
        crate::snapshot::import(&json).expect("the seed is a valid state");
    }

    #[test]
    fn seed_has_the_promised_shape() {
        let db = seed_db(Rng(7));
        assert_eq!(db.users().len(), 6);
        assert_eq!(db.posts().len(), 12);
        assert_eq!(db.users().iter().filter(|u| u.email.is_some()).count(), 1);
        let guest = db.user_by_username("guest").unwrap();
        assert_eq!(
            (guest.first_name.as_str(), guest.last_name.as_str()),
            ("Guest", "User")
        );
        assert!(crate::auth::password_matches(&guest.password, "guest123"));
        for u in db.users().iter().filter(|u| u.username != "guest") {
            assert!(crate::auth::password_matches(&u.password, "password123"));
        }
        let media: Vec<&str> = db.posts().iter().map(|p| p.media_url.as_str()).collect();
        assert_eq!(media.iter().filter(|m| m.ends_with(".mp4")).count(), 1);
        assert_eq!(media.iter().filter(|m| m.ends_with(".jpg")).count(), 5);
        assert!(media.iter().all(|m| !m.starts_with('/')));
        // Guest follows some but not all, and some posts come from strangers.
        assert!(!guest.following.is_empty() && guest.following.len() < 5);
        assert!(db
            .posts()
            .iter()
            .any(|p| p.author != guest.id && !guest.following.contains(&p.author)));
        assert!(db.posts().iter().all(|p| !p.hashtags.is_empty()));
        assert!(db.posts().iter().map(|p| p.comments.len()).sum::<usize>() >= 10);
    }
}
