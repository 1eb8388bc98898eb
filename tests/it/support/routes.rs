//! The REST routes: gateway discovery, the application and its commands, interaction callbacks,
//! follow-ups and edits through the interaction webhook, and channel messages. Messages the fake creates
//! are kept, so later edits, clicks and `GET`s see them.

use std::time::Instant;

use serde_json::{Value, json};

use super::{ALICE, APP_ID, GAMES_CHANNEL, Part, RecordedCall, Shared, State, limits, ratelimits};

/// A status and the JSON body to answer with.
pub(super) type Answer = (u16, Option<Value>);
/// An answer and the rate-limit headers it carries.
pub(super) type Answered = (u16, Option<Value>, Vec<(&'static str, String)>);

/// Records the call, refuses it as Discord would ([`limits::check`]) or works out the answer; returns it.
pub(super) fn handle(shared: &Shared, mut call: RecordedCall, arrived: Instant) -> Answered {
    let mut state = shared.lock();
    let info = call.interaction_token().and_then(|token| state.interactions.get(token));
    call.since_dispatch = info.and_then(|i| i.sent_at).map(|at| arrived.saturating_duration_since(at));
    let mut rate_headers = Vec::new();
    let (status, response) = if state.rest_down {
        // Discord's edge when the API behind it is away: nothing is acted on.
        (503, Some(serde_json::json!({ "message": "upstream connect error", "code": 0 })))
    } else if let Some((status, body, refusal)) = ratelimits::check(&mut state, &call, arrived) {
        call.refusal = refusal;
        (status, Some(body))
    } else {
        match limits::check(&state, &call) {
            Some((status, error, refusal)) => {
                call.refusal = Some(refusal);
                (status, Some(error))
            }
            None => match ratelimits::bucket(&mut state, &call, arrived) {
                Ok(headers) => {
                    rate_headers = headers;
                    route(shared, &mut state, &call)
                }
                Err((status, body, refusal)) => {
                    call.refusal = refusal;
                    (status, Some(body))
                }
            },
        }
    };
    call.index = state.calls.len();
    call.status = status;
    call.response.clone_from(&response);
    if call.refusal.is_some() {
        state.unseen_refusals.push(call.index);
    }
    state.taps.retain(|tap| tap.send(call.clone()).is_ok());
    if call.callback_type().is_some()
        && let Some(id) = call.interaction_id()
    {
        state.callbacks.entry(id).or_insert(call.index);
    }
    state.calls.push(call);
    drop(state);
    shared.bump();
    (status, response, rate_headers)
}

fn not_found(method: &str, path: &str) -> Answer {
    let message = format!("404: Not Found (the fake Discord has no route for {method} {path})");
    (404, Some(json!({ "message": message, "code": 0 })))
}

fn route(shared: &Shared, state: &mut State, call: &RecordedCall) -> Answer {
    let segments: Vec<&str> = call.route().split('/').skip(1).collect();
    let app = APP_ID.to_string();
    let payload = call.json().unwrap_or(Value::Null);
    let files = call.files();
    let ok = |value: Value| (200, Some(value));
    if !call.path.starts_with("/api/v10/") {
        return not_found(&call.method, &call.path);
    }
    if let Some(answer) = super::threads::route(shared, state, call, &payload) {
        return answer;
    }
    let answer = match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": shared.gateway_url })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": shared.gateway_url,
            "shards": 1,
            "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 },
        })),
        ("GET", ["users", "@me"]) => ok(shared.fixture("gateway_ready_d")["user"].clone()),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => ok(application_info(shared)),
        (method, ["applications", a, "emojis"]) if *a == app => {
            super::emojis::route(shared, state, method, &payload).unwrap_or((0, None))
        }
        (method, ["applications", a, rest @ ..]) if *a == app => {
            commands(shared, state, method, rest, &payload)
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            interaction_callback(shared, state, token, &payload, &files);
            (204, None)
        }
        (method, ["webhooks", a, token, "messages", which]) if *a == app => {
            let id = if *which == "@original" {
                let known = state.originals.get(*token).copied();
                known.or_else(|| state.interactions.get(*token).and_then(|i| i.message_id))
            } else {
                which.parse().ok()
            };
            if method == "PATCH" && *which == "@original" && id.is_none() {
                // Editing an original the fake never saw created: make it now.
                let channel = state.interactions.get(*token).map_or(GAMES_CHANNEL, |i| i.channel_id);
                let id = shared.fresh_id();
                state.originals.insert((*token).to_owned(), id);
                ok(store(state, id, new_message(shared, id, channel, &payload, &files, true)))
            } else {
                existing_message(shared, state, method, id, &payload, &files)
            }
        }
        ("POST", ["webhooks", a, token]) if *a == app => {
            let channel = state.interactions.get(*token).map_or(GAMES_CHANNEL, |i| i.channel_id);
            let id = shared.fresh_id();
            ok(store(state, id, new_message(shared, id, channel, &payload, &files, true)))
        }
        ("POST", ["channels", channel, "messages"]) => match channel.parse() {
            Ok(channel) => {
                let id = shared.fresh_id();
                ok(store(state, id, new_message(shared, id, channel, &payload, &files, false)))
            }
            Err(_) => not_found(&call.method, &call.path),
        },
        (method, ["channels", _, "messages", id]) => {
            existing_message(shared, state, method, id.parse().ok(), &payload, &files)
        }
        _ => (0, None),
    };
    if answer.0 == 0 { not_found(&call.method, &call.path) } else { answer }
}

/// Keeps a message the fake created or edited, and returns it.
fn store(state: &mut State, id: u64, message: Value) -> Value {
    state.messages.insert(id, message.clone());
    message
}

/// `GET`, `PATCH` or `DELETE` on a message the fake created.
fn existing_message(
    shared: &Shared,
    state: &mut State,
    method: &str,
    id: Option<u64>,
    payload: &Value,
    files: &[&Part],
) -> Answer {
    let Some((id, message)) = id.and_then(|id| Some((id, state.messages.get(&id).cloned()?))) else {
        return unknown_message();
    };
    match method {
        "GET" => (200, Some(message)),
        "PATCH" => (200, Some(store(state, id, edit_message(shared, message, payload, files)))),
        "DELETE" => {
            state.messages.remove(&id);
            (204, None)
        }
        _ => (0, None),
    }
}

/// Application commands, under `/applications/{app}/`: `commands…` or `guilds/{g}/commands…`.
fn commands(shared: &Shared, state: &mut State, method: &str, rest: &[&str], payload: &Value) -> Answer {
    let (scope, command_id) = match commands_scope(rest) {
        Some(scope) => (scope, None),
        None => match rest.split_last() {
            Some((id, scope)) => match commands_scope(scope) {
                Some(scope) => (scope, Some(*id)),
                None => return (0, None),
            },
            None => return (0, None),
        },
    };
    match (method, command_id) {
        ("PUT", None) => {
            let commands = payload.as_array().cloned().unwrap_or_default();
            state.commands.retain(|c| c["guild_id"] != scope);
            let created = commands.iter().map(|c| registered_command(shared, state, c, &scope)).collect();
            (200, Some(Value::Array(created)))
        }
        ("POST", None) => (200, Some(registered_command(shared, state, payload, &scope))),
        ("GET", None) => {
            let listed = state.commands.iter().filter(|c| c["guild_id"] == scope).cloned().collect();
            (200, Some(Value::Array(listed)))
        }
        ("GET", Some(id)) => match state.commands.iter().find(|c| c["id"] == json!(id)) {
            Some(command) => (200, Some(command.clone())),
            None => (404, Some(json!({ "message": "Unknown application command", "code": 10063 }))),
        },
        ("DELETE", Some(id)) => {
            state.commands.retain(|c| c["id"] != json!(id));
            (204, None)
        }
        _ => (0, None),
    }
}

/// `POST /interactions/{id}/{token}/callback`: marks the interaction acknowledged and keeps the original
/// response message of types 4, 5 and 7.
fn interaction_callback(shared: &Shared, state: &mut State, token: &str, payload: &Value, files: &[&Part]) {
    let kind = payload.get("type").and_then(Value::as_u64).unwrap_or_default();
    let data = payload.get("data").cloned().unwrap_or_else(|| json!({}));
    let info = state.interactions.entry(token.to_owned()).or_default();
    info.acknowledged = true;
    let info = Some(info.clone());
    match kind {
        4 | 5 => {
            let channel = info.as_ref().map_or(GAMES_CHANNEL, |i| i.channel_id);
            let id = shared.fresh_id();
            let mut message = new_message(shared, id, channel, &data, files, true);
            if kind == 5 {
                // A deferred response shows "thinking" (flag 128) until the original is edited.
                let flags = data.get("flags").and_then(Value::as_u64).unwrap_or_default();
                message["content"] = json!("");
                message["flags"] = json!(flags | 128);
            }
            store(state, id, message);
            state.originals.insert(token.to_owned(), id);
        }
        7 => {
            if let Some(id) = info.and_then(|i| i.message_id) {
                if let Some(old) = state.messages.get(&id).cloned() {
                    store(state, id, edit_message(shared, old, &data, files));
                }
                state.originals.insert(token.to_owned(), id);
            }
        }
        _ => {}
    }
}

fn unknown_message() -> Answer {
    (404, Some(json!({ "message": "Unknown Message", "code": 10008 })))
}

/// For `…/commands` or `…/guilds/{g}/commands` after `/applications/{app}`: the scope as a JSON value
/// (`null` for global commands, the guild id string for guild commands).
fn commands_scope(rest: &[&str]) -> Option<Value> {
    match rest {
        ["commands"] => Some(Value::Null),
        ["guilds", guild, "commands"] => Some(json!(guild)),
        _ => None,
    }
}

/// The command as Discord returns it after registration; replaces one of the same name and scope.
fn registered_command(shared: &Shared, state: &mut State, body: &Value, guild: &Value) -> Value {
    let mut command = body.clone();
    if !command.is_object() {
        command = json!({});
    }
    for (key, value) in
        shared.fixture("rest_registered_command_extra_fields").as_object().into_iter().flatten()
    {
        if command.get(key).is_none_or(Value::is_null) {
            command[key] = value.clone();
        }
    }
    command["id"] = json!(shared.fresh_id().to_string());
    command["guild_id"] = guild.clone();
    if command.get("description").is_none() {
        command["description"] = json!("");
    }
    let name = command.get("name").cloned();
    state.commands.retain(|c| !(c["guild_id"] == *guild && c.get("name") == name.as_ref()));
    state.commands.push(command.clone());
    command
}

fn application_info(shared: &Shared) -> Value {
    let bot = shared.fixture("gateway_ready_d")["user"].clone();
    json!({
        "id": APP_ID.to_string(),
        "name": "tabula",
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": false,
        "bot_require_code_grant": false,
        "owner": ALICE.json(),
        "verify_key": "0000",
        "team": null,
        "flags": 0,
        "bot": bot,
    })
}

/// The attachment objects for the uploaded `files[N]` parts.
fn uploaded_attachments(shared: &Shared, channel: u64, files: &[&Part]) -> Vec<(String, Value)> {
    files
        .iter()
        .map(|part| {
            let index = part.name.trim_start_matches("files[").trim_end_matches(']').to_owned();
            let filename = part.filename.clone().unwrap_or_default();
            let id = shared.fresh_id();
            let url = format!("{}/attachments/{channel}/{id}/{filename}", shared.rest_base);
            let attachment = json!({
                "id": id.to_string(),
                "filename": filename,
                "size": part.bytes.len(),
                "url": url,
                "proxy_url": url,
                "content_type": part.content_type,
            });
            (index, attachment)
        })
        .collect()
}

/// A new message echoing the payload's content, embeds, components and flags.
fn new_message(
    shared: &Shared,
    id: u64,
    channel: u64,
    payload: &Value,
    files: &[&Part],
    webhook: bool,
) -> Value {
    let mut message = shared.fixture("rest_message_object");
    message["id"] = json!(id.to_string());
    message["channel_id"] = json!(channel.to_string());
    if !webhook {
        message["type"] = json!(0);
        message["webhook_id"] = Value::Null;
        message["application_id"] = Value::Null;
    }
    edit_message(shared, message, payload, files)
}

/// Applies an edit payload to a message, as Discord does: only the fields present change.
fn edit_message(shared: &Shared, mut message: Value, payload: &Value, files: &[&Part]) -> Value {
    for key in ["content", "embeds", "components", "flags", "tts"] {
        if let Some(value) = payload.get(key).filter(|v| !v.is_null()) {
            message[key] = value.clone();
        }
    }
    // An edit ends the "thinking" state of a deferred response.
    if let Some(flags) = message["flags"].as_u64() {
        message["flags"] = json!(flags & !128);
    }
    let channel = message["channel_id"].as_str().and_then(|c| c.parse().ok()).unwrap_or(GAMES_CHANNEL);
    let uploaded = uploaded_attachments(shared, channel, files);
    let old: Vec<Value> = message["attachments"].as_array().cloned().unwrap_or_default();
    let attachments: Vec<Value> = match payload.get("attachments").and_then(Value::as_array) {
        // The payload lists what to keep (old ids) and describes new uploads (`id` = the files[N] index).
        Some(listed) => listed
            .iter()
            .filter_map(|entry| {
                let id = match &entry["id"] {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                uploaded
                    .iter()
                    .find(|(index, _)| *index == id)
                    .map(|(_, a)| a.clone())
                    .or_else(|| old.iter().find(|a| a["id"] == json!(id)).cloned())
            })
            .collect(),
        None => old.into_iter().chain(uploaded.iter().map(|(_, a)| a.clone())).collect(),
    };
    // Discord serves `attachment://name` embed URLs from its CDN.
    if let Some(embeds) = message["embeds"].as_array_mut() {
        for embed in embeds {
            for key in ["image", "thumbnail"] {
                let Some(url) = embed[key]["url"].as_str() else { continue };
                let Some(name) = url.strip_prefix("attachment://") else { continue };
                if let Some(a) = attachments.iter().find(|a| a["filename"] == json!(name)) {
                    embed[key]["url"] = a["url"].clone();
                    embed[key]["proxy_url"] = a["url"].clone();
                }
            }
        }
    }
    message["attachments"] = Value::Array(attachments);
    message
}
