//! Who is notified of what (docs/rules.md, "Notifications"). A write that
//! notifies calls one of these once its change is made; one that undoes an
//! act (an unlike, an unfollow, a deleted comment) takes its notifications
//! back, so none ever points at a like, a follow or a comment that is gone.
//! Nobody is notified of their own acts.

use crate::db::{Db, IdKind};
use crate::mentions::mentioned_users;
use crate::model::{Notification, NotificationType};

/// What a notification is about.
struct About<'a> {
    kind: NotificationType,
    recipient: &'a str,
    actor: &'a str,
    post: Option<&'a str>,
    comment: Option<&'a str>,
}

fn add(db: &mut Db, about: About<'_>, now: i64) {
    if about.recipient == about.actor || db.user(about.recipient).is_none() {
        return;
    }
    let id = db.next_id(IdKind::Notification);
    db.notify(Notification {
        id,
        kind: about.kind,
        recipient: about.recipient.to_owned(),
        actor: about.actor.to_owned(),
        post_id: about.post.map(str::to_owned),
        comment_id: about.comment.map(str::to_owned),
        created_at: now,
        read: false,
    });
}

/// The author of the post `post`, if it exists.
fn author_of(db: &Db, post: &str) -> Option<String> {
    db.post(post).map(|p| p.author.clone())
}

/// `actor` liked `post`: its author is told.
pub fn liked(db: &mut Db, post: &str, actor: &str, now: i64) {
    let Some(author) = author_of(db, post) else {
        return;
    };
    let about = About {
        kind: NotificationType::Like,
        recipient: &author,
        actor,
        post: Some(post),
        comment: None,
    };
    add(db, about, now);
}

/// `actor` took back their like of `post`: so is its notification.
pub fn unliked(db: &mut Db, post: &str, actor: &str) {
    let Some(author) = author_of(db, post) else {
        return;
    };
    db.unnotify(Some(&author), |n| {
        n.kind == NotificationType::Like && n.actor == actor && n.post_id.as_deref() == Some(post)
    });
}

/// `actor` followed `target`: they are told.
pub fn followed(db: &mut Db, target: &str, actor: &str, now: i64) {
    let about = About {
        kind: NotificationType::Follow,
        recipient: target,
        actor,
        post: None,
        comment: None,
    };
    add(db, about, now);
}

/// `actor` unfollowed `target`: the follow's notification goes.
pub fn unfollowed(db: &mut Db, target: &str, actor: &str) {
    db.unnotify(Some(target), |n| {
        n.kind == NotificationType::Follow && n.actor == actor
    });
}

/// `actor` wrote a post (`comment: None`) or a comment holding `text`, or
/// edited one from `before` to `text`: every user it newly mentions is
/// told, once per post or comment, except whom the comment already
/// notifies as the post's author.
fn mentioned(db: &mut Db, at: (&str, Option<&str>), actor: &str, texts: (&str, &str), now: i64) {
    let (post, comment) = at;
    let (before, text) = texts;
    let already = mentioned_users(db, before);
    let commented_on = comment.and_then(|_| author_of(db, post));
    for user in mentioned_users(db, text) {
        let told = db.notifications(&user).iter().any(|n| {
            n.kind == NotificationType::Mention
                && n.post_id.as_deref() == Some(post)
                && n.comment_id.as_deref() == comment
        });
        if already.contains(&user) || told || commented_on.as_ref() == Some(&user) {
            continue;
        }
        let about = About {
            kind: NotificationType::Mention,
            recipient: &user,
            actor,
            post: Some(post),
            comment,
        };
        add(db, about, now);
    }
}

/// `actor` wrote `post` with `content`: whom it mentions are told.
pub fn posted(db: &mut Db, post: &str, actor: &str, content: &str, now: i64) {
    mentioned(db, (post, None), actor, ("", content), now);
}

/// `actor` edited `post`'s content from `before` to `after`: whom it now
/// mentions and did not before are told.
pub fn post_edited(db: &mut Db, post: &str, actor: &str, texts: (&str, &str), now: i64) {
    mentioned(db, (post, None), actor, texts, now);
}

/// `actor` commented `text` on `post`: its author is told, and whom the
/// comment mentions.
pub fn commented(db: &mut Db, post: &str, comment: &str, actor: &str, text: &str, now: i64) {
    if let Some(author) = author_of(db, post) {
        let about = About {
            kind: NotificationType::Comment,
            recipient: &author,
            actor,
            post: Some(post),
            comment: Some(comment),
        };
        add(db, about, now);
    }
    mentioned(db, (post, Some(comment)), actor, ("", text), now);
}

/// `actor` edited their comment from `before` to `after`: whom it now
/// mentions and did not before are told.
pub fn comment_edited(db: &mut Db, at: (&str, &str), actor: &str, texts: (&str, &str), now: i64) {
    let (post, comment) = at;
    mentioned(db, (post, Some(comment)), actor, texts, now);
}

/// A comment was deleted: every notification of it goes.
pub fn comment_deleted(db: &mut Db, comment: &str) {
    db.unnotify(None, |n| n.comment_id.as_deref() == Some(comment));
}
