//! The signed-in user's notifications: a like of their post, a comment on
//! it, a follow of them, a mention of them (`crate::notify` makes them;
//! docs/rules.md, "Notifications").

use crate::auth::AuthUser;
use crate::db::Db;
use crate::error::ApiError;
use crate::model::{Notification, NotificationType};
use crate::query::{query_type, Number};
use crate::router::{route_table, Ctx, Reply};
use crate::routes::feeds::{PageNumber, Paging, MAX_FEED_LIMIT};
use crate::views::{Render, UserSummary};
use serde::Serialize;

#[cfg(test)]
use ts_rs::TS;
#[cfg(test)]
use utoipa::ToSchema;

route_table! {
    /// A page of the signed-in user's notifications, newest first (in the order they happened),
    /// and how many of all of them are unread. A page past the end has none.
    token Get "/api/notifications" => list {
        query: NotificationsQuery,
        response: 200 NotificationsResponse<'static>,
        errors: [],
    }
    /// Marks every notification of the signed-in user read.
    token Post "/api/notifications/read" => read_all {
        response: 200 UnreadResponse,
        errors: [],
    }
}

query_type! {
    /// The query of `GET /api/notifications`.
    pub struct NotificationsQuery {
        /// Which page, from 1.
        pub page: PageNumber,
        /// How many notifications a page holds at most.
        pub limit: NotificationsLimit,
    }
}

/// How many notifications a page holds at most.
pub type NotificationsLimit = Number<DEFAULT_NOTIFICATIONS_LIMIT, MAX_FEED_LIMIT>;

/// Notifications a page holds unless `limit` says otherwise.
pub const DEFAULT_NOTIFICATIONS_LIMIT: usize = 20;

/// One notification as its recipient reads it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NotificationView<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    #[serde(rename = "type")]
    pub kind: NotificationType,
    /// Who liked, commented, followed or mentioned.
    pub actor: UserSummary<'a>,
    /// The post liked, commented on or mentioned in (not for a follow).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional), schema(nullable = false))]
    pub post_id: Option<&'a str>,
    /// The comment, for a comment or a mention in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional), schema(nullable = false))]
    pub comment_id: Option<&'a str>,
    pub created_at: String,
    pub read: bool,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct NotificationsResponse<'a> {
    /// Newest first.
    pub notifications: Vec<NotificationView<'a>>,
    /// How many of the user's notifications are unread (all pages).
    pub unread: u32,
}

#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(TS, ToSchema))]
pub struct UnreadResponse {
    /// How many of the user's notifications are unread.
    pub unread: u32,
}

/// `n` for its recipient (`None` if its actor is gone: users are never
/// deleted, so only a broken state would do that).
pub fn view<'a>(render: &Render<'a>, n: &'a Notification) -> Option<NotificationView<'a>> {
    let actor = render.db.user(&n.actor)?;
    Some(NotificationView {
        id: &n.id,
        kind: n.kind,
        actor: render.summary(actor),
        post_id: n.post_id.as_deref(),
        comment_id: n.comment_id.as_deref(),
        created_at: render.time(n.created_at),
        read: n.read,
    })
}

/// How many of `user`'s notifications are unread.
pub fn unread(db: &Db, user: &str) -> u32 {
    let count = db.notifications(user).iter().filter(|n| !n.read).count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

fn list(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    let q: NotificationsQuery = cx.query()?;
    let paging = Paging::new(q.page, q.limit);
    let render = cx.render();
    let newest_first: Vec<&Notification> = cx.db.notifications(&me.id).iter().rev().collect();
    let notifications = paging
        .of(&newest_first)
        .filter_map(|n| view(&render, n))
        .collect();
    Reply::ok(&NotificationsResponse {
        notifications,
        unread: unread(cx.db, &me.id),
    })
}

fn read_all(cx: Ctx<'_>, me: AuthUser) -> Result<Reply, ApiError> {
    cx.db.read_notifications(&me.id);
    Reply::ok(&UnreadResponse { unread: 0 })
}

#[cfg(test)]
#[path = "notifications_tests.rs"]
mod tests;
