//! What every committed change tells live readers (docs/rules.md, "Live
//! events"): events made from what the change marked in the store (never
//! written per route), a bounded window of the latest, and a reader's
//! events after the last revision it saw, or a single `resync` when the
//! window cannot say what it missed.

use crate::db::{Change, Changes, Db};
use crate::router::Method;
use crate::routes::notifications::{unread, view, NotificationView, UnreadResponse};
use crate::views::{PostResponse, Render, UserResponse};
use serde::Serialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

/// The most events the window keeps; the oldest change's go first, whole.
pub const MAX_KEPT_EVENTS: usize = 256;

/// The most bytes of event data the window keeps (the latest change's
/// events are kept whatever their size); the oldest change's go first,
/// whole. A post's event carries every comment of it: without this, 256
/// events of a much-commented post would hold hundreds of MB.
pub const MAX_KEPT_EVENT_BYTES: usize = 4 << 20;

/// Where a host serves the events as Server-Sent Events (see [`STREAMED`]).
pub const EVENTS_PATH: &str = "/api/events";

/// One operation a host answers by streaming, from the core's events
/// (`MockCore.events`) rather than through its router.
#[derive(Debug, Clone, Copy)]
pub struct Streamed {
    pub method: Method,
    pub path: &'static str,
}

/// Every operation a host streams: the router has no route for them (their
/// requests are the host's, never a handler's), answers their paths' other
/// methods 405 with theirs as `Allow`, and the contract describes them apart
/// from the route tables (docs/rules.md, "Live events").
pub const STREAMED: &[Streamed] = &[Streamed {
    method: Method::Get,
    path: EVENTS_PATH,
}];

/// The query parameter that carries the token where a header cannot
/// (`EventSource`).
#[cfg(test)]
pub const EVENTS_TOKEN_PARAMETER: &str = "access_token";

/// One event of one change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The change's revision (its events share it).
    pub revision: u64,
    /// `post.created`, `notification`, ... (see [`LiveEvent`]).
    pub kind: &'static str,
    /// Who may read it: every reader (`None`), or one user by id.
    pub audience: Option<String>,
    /// Its data, JSON.
    pub data: String,
}

/// `post.deleted`'s data.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct DeletedPost<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
}

/// `notification`'s data: the new notification, and how many of the
/// recipient's are unread now.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct NotificationEvent<'a> {
    pub notification: NotificationView<'a>,
    pub unread: u32,
}

/// `notification.deleted`'s data: a notification taken back (its like,
/// follow, comment or post is gone), and how many are unread now.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct DeletedNotification<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub unread: u32,
}

/// `resync`'s data: the reader missed events the state no longer keeps (or
/// asked after a revision of another state): read afresh what it shows,
/// then follow from `revision`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct Resync {
    /// The state's revision: read afresh as of it.
    #[cfg_attr(test, ts(type = "number"))]
    pub revision: u64,
}

// Described for the contract and the TypeScript types only: `body` writes
// this shape from each kept event's parts, and the tests hold what it
// writes to the schema (contract::check::check_events).
/// Every event a reader may get, as `{id, event, data}`: `id` is the
/// revision of its change, `event` its kind, `data` its JSON.
#[cfg(test)]
#[derive(Debug, Serialize, TS, ToSchema)]
#[serde(tag = "event", content = "data")]
#[allow(dead_code)]
pub enum LiveEvent<'a> {
    /// A new post (everyone).
    #[serde(rename = "post.created")]
    PostCreated(PostResponse<'a>),
    /// A post's likes, comments or text changed (everyone).
    #[serde(rename = "post.changed")]
    PostChanged(PostResponse<'a>),
    /// A post was deleted (everyone).
    #[serde(rename = "post.deleted")]
    PostDeleted(DeletedPost<'a>),
    /// A new account (everyone).
    #[serde(rename = "user.created")]
    UserCreated(UserResponse<'a>),
    /// A profile or a follow list changed (everyone), or the user's own
    /// bookmarks (that user only).
    #[serde(rename = "user.changed")]
    UserChanged(UserResponse<'a>),
    /// A notification for the reader.
    #[serde(rename = "notification")]
    Notification(NotificationEvent<'a>),
    /// One of the reader's notifications was taken back.
    #[serde(rename = "notification.deleted")]
    NotificationDeleted(DeletedNotification<'a>),
    /// The reader read all their notifications (in another tab or app).
    #[serde(rename = "notifications.read")]
    NotificationsRead(UnreadResponse),
    /// Read afresh: what the reader missed is not kept.
    #[serde(rename = "resync")]
    Resync(Resync),
}

/// One event as a reader gets it.
#[cfg(test)]
#[derive(Debug, Serialize, TS, ToSchema)]
pub struct EventItem<'a> {
    /// The revision of its change.
    #[ts(type = "number")]
    pub id: u64,
    #[serde(flatten)]
    #[ts(flatten)]
    pub event: LiveEvent<'a>,
}

/// What reading events answers (`MockCore.events`): the state's revision
/// and the reader's events after the one asked for, oldest first.
#[cfg(test)]
#[derive(Debug, Serialize, TS, ToSchema)]
pub struct EventsResponse<'a> {
    /// The state's revision: ask after it next time.
    #[ts(type = "number")]
    pub revision: u64,
    pub events: Vec<EventItem<'a>>,
}

/// The events of one committed change, from what it marked: users, then
/// posts, then notifications, each in the order the change touched them. Views are rendered now
/// (at the writer's zone offset), so that replaying the same requests
/// gives the same events.
pub fn of_change(db: &Db, changes: &Changes, revision: u64, offset_minutes: i32) -> Vec<Event> {
    let render = Render { db, offset_minutes };
    let mut events = Vec::new();
    let mut push = |kind: &'static str, audience: Option<&str>, data: Option<String>| {
        if let Some(data) = data {
            events.push(Event {
                revision,
                kind,
                audience: audience.map(str::to_owned),
                data,
            });
        }
    };
    let user = |id: &str| {
        let user = db.user(id)?;
        json(&UserResponse {
            user: render.user(user),
        })
    };
    let in_users = |id: &str| changes.users.iter().any(|(user, _)| user == id);
    for (id, change) in &changes.users {
        let kind = match change {
            Change::Created => "user.created",
            Change::Changed | Change::Deleted => "user.changed",
        };
        push(kind, None, user(id));
    }
    for id in changes.bookmarks.iter().filter(|id| !in_users(id)) {
        push("user.changed", Some(id), user(id));
    }
    for (id, change) in &changes.posts {
        let post = || {
            let post = render.post(db.post(id)?)?;
            json(&PostResponse { post })
        };
        match change {
            Change::Created => push("post.created", None, post()),
            Change::Changed => push("post.changed", None, post()),
            Change::Deleted => push("post.deleted", None, json(&DeletedPost { id })),
        }
    }
    let created = |id: &str| changes.notified.iter().any(|(_, n)| n == id);
    for (recipient, id) in changes.unnotified.iter().filter(|(_, id)| !created(id)) {
        let unread = unread(db, recipient);
        push(
            "notification.deleted",
            Some(recipient),
            json(&DeletedNotification { id, unread }),
        );
    }
    for (recipient, id) in &changes.notified {
        let kept = db.notifications(recipient).iter().find(|n| &n.id == id);
        let data = kept.and_then(|n| {
            json(&NotificationEvent {
                notification: view(&render, n)?,
                unread: unread(db, recipient),
            })
        });
        push("notification", Some(recipient), data);
    }
    for recipient in &changes.read {
        let data = json(&UnreadResponse {
            unread: unread(db, recipient),
        });
        push("notifications.read", Some(recipient), data);
    }
    events
}

fn json(value: &impl Serialize) -> Option<String> {
    serde_json::to_string(value).ok()
}

/// The latest events of a state, for readers that resume. Not saved with
/// the state: replaying the requests saved after a snapshot makes their
/// events again, and a reader asking for older ones gets a `resync`.
#[derive(Debug, Clone, Default)]
pub struct EventWindow {
    /// Oldest first.
    events: Vec<Event>,
    /// The length of their data.
    bytes: usize,
    /// The oldest revision a reader may ask after: every event after it is
    /// kept.
    resume_from: u64,
    /// The highest revision this window has known, in any state it has
    /// followed: no reader can hold a later one from it.
    high: u64,
    /// Whether it has followed any change or replacement: the state a core
    /// is made with, and the first it loads before answering anyone, are
    /// where its readers start.
    followed: bool,
}

/// Why a reader must read afresh, or the events it may read.
pub enum Read<'a> {
    Resync,
    Events(Vec<&'a Event>),
}

impl EventWindow {
    /// Keeps a committed change's events (the change made `revision`),
    /// dropping the oldest changes' beyond [`MAX_KEPT_EVENTS`] or
    /// [`MAX_KEPT_EVENT_BYTES`].
    pub fn record(&mut self, events: Vec<Event>, revision: u64) {
        self.followed = true;
        self.high = self.high.max(revision);
        self.bytes = self.bytes.saturating_add(data_bytes(&events));
        self.events.extend(events);
        // Whole changes go, oldest first, until both bounds hold.
        let mut gone = 0;
        while let Some(rest) = self.events.get(gone..) {
            let Some(oldest) = rest.first().map(|e| e.revision) else {
                break;
            };
            let over_bytes = self.bytes > MAX_KEPT_EVENT_BYTES && oldest < revision;
            if rest.len() <= MAX_KEPT_EVENTS && !over_bytes {
                break;
            }
            let change = rest.partition_point(|e| e.revision <= oldest);
            self.bytes = self
                .bytes
                .saturating_sub(rest.get(..change).map_or(0, data_bytes));
            self.resume_from = self.resume_from.max(oldest);
            gone = gone.saturating_add(change);
        }
        self.events.drain(..gone);
    }

    /// The state was replaced (a reset, an import) by one at `revision`: no
    /// reader of the one before may resume in it. When the new revision is
    /// not past every one this window has known (a backup restored over
    /// later changes), readers must read afresh until it is. A core's first
    /// state, replaced before any change (a host loading its saved state),
    /// is where readers start: that replacement is the start.
    pub fn replaced(&mut self, revision: u64) {
        self.events.clear();
        self.bytes = 0;
        self.resume_from = if revision > self.high || !self.followed {
            revision
        } else {
            self.high.saturating_add(1)
        };
        self.high = self.high.max(revision);
        self.followed = true;
    }

    /// The events after `after` (a `Last-Event-ID`, as sent) that `reader`
    /// (a user id, or `None` for an anonymous reader) may read; a resync
    /// when `after` is not a revision, older than the window, newer than
    /// `revision` (the state's) or from a state this one replaced.
    pub fn read(&self, reader: Option<&str>, after: &str, revision: u64) -> Read<'_> {
        let Ok(after) = after.trim().parse::<u64>() else {
            return Read::Resync;
        };
        if after < self.resume_from || after > revision {
            return Read::Resync;
        }
        let visible = |e: &&Event| {
            e.revision > after && e.audience.as_deref().is_none_or(|a| Some(a) == reader)
        };
        Read::Events(self.events.iter().filter(visible).collect())
    }
}

fn data_bytes(events: &[Event]) -> usize {
    events
        .iter()
        .fold(0, |bytes: usize, e| bytes.saturating_add(e.data.len()))
}

/// `{"revision": R, "events": [...]}` (an [`EventsResponse`]) for `read`.
pub fn body(read: &Read<'_>, revision: u64) -> String {
    let mut out = format!("{{\"revision\":{revision},\"events\":[");
    match read {
        Read::Resync => {
            let data = json(&Resync { revision }).unwrap_or_default();
            push_event(&mut out, revision, "resync", &data);
        }
        Read::Events(events) => {
            for (i, e) in events.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_event(&mut out, e.revision, e.kind, &e.data);
            }
        }
    }
    out.push_str("]}");
    out
}

fn push_event(out: &mut String, id: u64, kind: &str, data: &str) {
    out.push_str(&format!(
        "{{\"id\":{id},\"event\":\"{kind}\",\"data\":{data}}}"
    ));
}

#[cfg(test)]
#[path = "events_tests.rs"]
mod tests;
