//! `@username` mentions in a post's content or a comment's text: the one
//! reader notifications use, written down in docs/rules.md, "Mentions", so
//! that the app's links follow the same rule.

use crate::db::Db;

/// A character a username may hold.
fn in_username(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// A character that, just before `@`, makes it part of a word (`a@b.com`,
/// `x.com/@name`, `@@name`) rather than a mention.
fn joins_at(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | '@' | '/')
}

/// The names written `@name` in `text`, in order of first appearance, each
/// once: `@` at the start or after a character that does not join it to a
/// word, then the longest run of username characters, less any `.` or `-`
/// it ends with (`@maya.` names `maya`).
pub fn mentioned_names(text: &str) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let mut before: Option<char> = None;
    for (at, c) in text.char_indices() {
        if c == '@' && !before.is_some_and(joins_at) {
            let rest = text.get(at.saturating_add(1)..).unwrap_or_default();
            let end = rest.find(|c| !in_username(c)).unwrap_or(rest.len());
            let name = rest
                .get(..end)
                .unwrap_or_default()
                .trim_end_matches(['.', '-']);
            if !name.is_empty() && !names.contains(&name) {
                names.push(name);
            }
        }
        before = Some(c);
    }
    names
}

/// The ids of the users `text` mentions, each once: a name is found as
/// sign-in finds an account and the profile route a username (exactly,
/// else ignoring case); a name no user has is plain text.
pub fn mentioned_users(db: &Db, text: &str) -> Vec<String> {
    let mut users: Vec<String> = Vec::new();
    for name in mentioned_names(text) {
        if let Some(user) = db.user_by_username_ignoring_case(name) {
            if !users.contains(&user.id) {
                users.push(user.id.clone());
            }
        }
    }
    users
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Rng;
    use crate::seed::seed_db;

    #[test]
    fn a_mention_is_an_at_sign_that_starts_a_word_and_a_username() {
        let cases: [(&str, &[&str]); 14] = [
            ("@guest hi", &["guest"]),
            ("hi @guest", &["guest"]),
            ("(@guest), @maya_lind.", &["guest", "maya_lind"]),
            ("@maya_lind's shot", &["maya_lind"]),
            ("@a.b-c_d!", &["a.b-c_d"]),
            ("end with @guest-.", &["guest"]),
            ("mail me: guest@example.com", &[]),
            ("medium.com/@guest", &[]),
            ("@@guest", &[]),
            ("x_@guest y.@guest z-@guest é@guest", &[]),
            ("@ guest", &[]),
            ("@guest @guest @GUEST", &["guest", "GUEST"]),
            ("«@guest» #tag@guest", &["guest"]),
            ("@日本 @guest日本", &["guest"]),
        ];
        for (text, names) in cases {
            assert_eq!(mentioned_names(text), names, "{text:?}");
        }
    }

    #[test]
    fn mentioned_users_are_found_ignoring_case_and_unknown_names_are_text() {
        let db = seed_db(Rng(1));
        assert_eq!(
            mentioned_users(&db, "@GUEST and @Maya_Lind and @guest, not @nobody"),
            ["u-guest", "u-maya"]
        );
        assert!(mentioned_users(&db, "guest@maya_lind").is_empty());
    }
}
