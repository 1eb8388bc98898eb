//! Threads, direct messages and members' roles in the fake Discord: `PUT /guilds/{g}/members/{u}/roles/{r}` gives
//! a role (refused with 403 "Missing Permissions", code 50013, for a user marked with
//! [`FakeDiscord::refuse_roles_to`]); `POST /channels/{id}/threads` opens a public thread (or is
//! refused with 403 "Missing Permissions", code 50013, in a channel marked with
//! [`FakeDiscord::refuse_threads_in`]), `PATCH /channels/{id}` edits (archives) a thread, and
//! `POST /users/@me/channels` opens a DM channel, whose messages are refused with 403 "Cannot send messages to
//! this user", code 50007, for a user marked with [`FakeDiscord::refuse_dms_to`].

use serde_json::{Value, json};

use super::limits::Refused;
use super::routes::Answer;
use super::{FakeDiscord, GUILD_ID, RecordedCall, Shared, State, limits};

impl FakeDiscord {
    /// Thread creation under `channel` is refused from now on, as for a bot without the permission.
    pub fn refuse_threads_in(&self, channel: u64) {
        self.shared.lock().no_threads.insert(channel);
        self.shared.bump();
    }

    /// Giving a role to `user` is refused from now on, as when the bot's role is below the one to give.
    pub fn refuse_roles_to(&self, user: u64) {
        self.shared.lock().no_roles.insert(user);
        self.shared.bump();
    }

    /// The roles given through the REST API so far: (user, role), in order.
    pub fn roles_given(&self) -> Vec<(u64, u64)> {
        self.shared.lock().roles_given.clone()
    }

    /// Direct messages to `user` are refused from now on, as for a member who closed their DMs.
    pub fn refuse_dms_to(&self, user: u64) {
        self.shared.lock().no_dms.insert(user);
        self.shared.bump();
    }

    /// The threads opened so far, as last edited.
    pub fn threads(&self) -> Vec<Value> {
        self.shared.lock().threads.values().cloned().collect()
    }

    /// The DM channel opened with `user`, if any.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.shared.lock().dm_channels.iter().find(|(_, u)| **u == user).map(|(c, _)| *c)
    }
}

fn segment(call: &RecordedCall, i: usize) -> Option<u64> {
    call.route().split('/').nth(i)?.parse().ok()
}

/// The refusals of this file's routes.
pub(super) fn refusal(state: &State, call: &RecordedCall) -> Option<Refused> {
    if call.is("POST", "/channels/*/threads")
        && segment(call, 2).is_some_and(|c| state.no_threads.contains(&c))
    {
        let reason = "creating a thread without the permission to".to_owned();
        return Some(limits::refuse(403, 50013, "Missing Permissions", reason));
    }
    if call.is("PUT", "/guilds/*/members/*/roles/*")
        && segment(call, 4).is_some_and(|u| state.no_roles.contains(&u))
    {
        let reason = "giving a role above the bot's own".to_owned();
        return Some(limits::refuse(403, 50013, "Missing Permissions", reason));
    }
    if call.is("POST", "/channels/*/messages") {
        let user = segment(call, 2).and_then(|c| state.dm_channels.get(&c));
        if user.is_some_and(|u| state.no_dms.contains(u)) {
            let reason = "a direct message to a member who does not accept them".to_owned();
            return Some(limits::refuse(403, 50007, "Cannot send messages to this user", reason));
        }
    }
    None
}

/// This file's routes; `None` for any other call.
pub(super) fn route(
    shared: &Shared,
    state: &mut State,
    call: &RecordedCall,
    payload: &Value,
) -> Option<Answer> {
    if call.is("POST", "/users/@me/channels") {
        let user: u64 = match &payload["recipient_id"] {
            Value::String(s) => s.parse().ok()?,
            other => other.as_u64()?,
        };
        let known = state.dm_channels.iter().find(|(_, u)| **u == user).map(|(c, _)| *c);
        let id = known.unwrap_or_else(|| {
            let id = shared.fresh_id();
            state.dm_channels.insert(id, user);
            id
        });
        let recipient = json!({
            "id": user.to_string(), "username": format!("user{user}"), "global_name": null,
            "discriminator": "0", "avatar": null, "bot": false,
        });
        let channel =
            json!({ "id": id.to_string(), "type": 1, "last_message_id": null, "recipients": [recipient] });
        return Some((200, Some(channel)));
    }
    if call.is("PUT", "/guilds/*/members/*/roles/*") {
        if segment(call, 2) != Some(GUILD_ID) {
            return Some((404, Some(json!({ "message": "Unknown Guild", "code": 10004 }))));
        }
        state.roles_given.push((segment(call, 4)?, segment(call, 6)?));
        return Some((204, None));
    }
    if call.is("POST", "/channels/*/threads") {
        let parent = segment(call, 2)?;
        let id = shared.fresh_id();
        let thread = json!({
            "id": id.to_string(),
            "type": payload["type"].as_u64().unwrap_or(11),
            "guild_id": GUILD_ID.to_string(),
            "parent_id": parent.to_string(),
            "name": payload["name"].as_str().unwrap_or_default(),
            "owner_id": super::BOT_ID.to_string(),
            "last_message_id": null,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": false,
                "auto_archive_duration": payload["auto_archive_duration"].as_u64().unwrap_or(4320),
                "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
                "locked": false,
            },
        });
        state.threads.insert(id, thread.clone());
        return Some((201, Some(thread)));
    }
    if call.is("PATCH", "/channels/*") {
        let id = segment(call, 2)?;
        let Some(thread) = state.threads.get_mut(&id) else {
            return Some((404, Some(json!({ "message": "Unknown Channel", "code": 10003 }))));
        };
        for key in ["archived", "locked", "auto_archive_duration"] {
            if let Some(value) = payload.get(key).filter(|v| !v.is_null()) {
                thread["thread_metadata"][key] = value.clone();
            }
        }
        if let Some(name) = payload.get("name").filter(|v| v.is_string()) {
            thread["name"] = name.clone();
        }
        return Some((200, Some(thread.clone())));
    }
    None
}
