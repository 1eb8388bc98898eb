//! What a test reads of a REST request the fake received: [`RecordedCall`] and its parts.

use std::fmt;
use std::time::Duration;

use serde_json::Value;

/// One uploaded part of a `multipart/form-data` request body.
#[derive(Clone, PartialEq, Eq)]
pub struct Part {
    /// The form field name, e.g. `files[0]` or `payload_json`.
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl fmt::Debug for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Part")
            .field("name", &self.name)
            .field("filename", &self.filename)
            .field("content_type", &self.content_type)
            .field("len", &self.bytes.len())
            .finish()
    }
}

/// A recorded request body.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Empty,
    Json(Value),
    Multipart(Vec<Part>),
    /// Anything else (or JSON that did not parse), kept as bytes.
    Other(Vec<u8>),
}

/// One REST request the fake received, with what it answered.
#[derive(Clone, Debug)]
pub struct RecordedCall {
    /// Arrival order, from 0.
    pub index: usize,
    pub method: String,
    /// The full path, e.g. `/api/v10/interactions/1000003/tok-1000003/callback`.
    pub path: String,
    /// Query pairs (serenity writes `?&wait=true`; empty pairs are dropped).
    pub query: Vec<(String, String)>,
    /// Header names are lower-case.
    pub headers: Vec<(String, String)>,
    pub body: Body,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with, if any (Discord's error object when refused).
    pub response: Option<Value>,
    /// Why the fake refused the call, as Discord would have; `None` when it was accepted.
    pub refusal: Option<Refusal>,
    /// For a call made with an interaction's token: the time since the fake dispatched the interaction.
    pub since_dispatch: Option<Duration>,
}

impl RecordedCall {
    /// The path without the `/api/v10` prefix, e.g. `/webhooks/222/tok-7/messages/@original`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix("/api/v10").unwrap_or(&self.path)
    }

    /// Whether the method is `method` and the route matches `pattern`, where a `*` segment matches any
    /// one segment: `call.is("PATCH", "/webhooks/*/*/messages/@original")`.
    pub fn is(&self, method: &str, pattern: &str) -> bool {
        let route: Vec<&str> = self.route().split('/').collect();
        let pattern: Vec<&str> = pattern.split('/').collect();
        self.method.eq_ignore_ascii_case(method)
            && route.len() == pattern.len()
            && route.iter().zip(&pattern).all(|(r, p)| *p == "*" || r == p)
    }

    /// The first header with this (case-insensitive) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The JSON payload, whether sent as the body or as the multipart `payload_json` field.
    pub fn json(&self) -> Option<Value> {
        match &self.body {
            Body::Json(value) => Some(value.clone()),
            Body::Multipart(_) => self.payload_json(),
            Body::Empty | Body::Other(_) => None,
        }
    }

    /// The multipart `payload_json` field, parsed (`None` for non-multipart requests).
    pub fn payload_json(&self) -> Option<Value> {
        let Body::Multipart(parts) = &self.body else { return None };
        let part = parts.iter().find(|p| p.name == "payload_json")?;
        serde_json::from_slice(&part.bytes).ok()
    }

    /// The uploaded files (multipart parts with a filename), in order.
    pub fn files(&self) -> Vec<&Part> {
        match &self.body {
            Body::Multipart(parts) => parts.iter().filter(|p| p.filename.is_some()).collect(),
            _ => Vec::new(),
        }
    }

    /// For `POST /interactions/{id}/{token}/callback`: the response type (4 message, 5 deferred,
    /// 6 deferred update, 7 update, 8 autocomplete, 9 modal).
    pub fn callback_type(&self) -> Option<u64> {
        if !self.is("POST", "/interactions/*/*/callback") {
            return None;
        }
        self.json()?.get("type")?.as_u64()
    }

    /// The message part of the payload: `data` of an interaction callback, else the payload itself.
    pub fn message(&self) -> Option<Value> {
        let json = self.json()?;
        if self.callback_type().is_some() { json.get("data").cloned() } else { Some(json) }
    }

    /// Whether the message is ephemeral (flags has 64): a type-4/5 callback or a follow-up.
    pub fn is_ephemeral(&self) -> bool {
        self.message().and_then(|m| m.get("flags")?.as_u64()).is_some_and(|flags| flags & 64 != 0)
    }

    /// The message content of a callback, follow-up, webhook edit or channel message.
    pub fn content(&self) -> Option<String> {
        Some(self.message()?.get("content")?.as_str()?.to_owned())
    }

    /// The embeds of the message (empty if none).
    pub fn embeds(&self) -> Vec<Value> {
        self.message().and_then(|m| m.get("embeds")?.as_array().cloned()).unwrap_or_default()
    }

    /// The interaction token in the path of a callback or webhook call.
    pub fn interaction_token(&self) -> Option<&str> {
        let segments: Vec<&str> = self.route().split('/').collect();
        match segments.as_slice() {
            ["", "interactions", _, token, "callback"] | ["", "webhooks", _, token, ..] => Some(token),
            _ => None,
        }
    }

    /// The interaction this call answers: from a callback's path, or from the token (`tok-{id}`) of a
    /// webhook call made with an interaction token.
    pub fn interaction_id(&self) -> Option<u64> {
        let segments: Vec<&str> = self.route().split('/').collect();
        if let ["", "interactions", id, _, "callback"] = segments.as_slice() {
            return id.parse().ok();
        }
        self.interaction_token()?.strip_prefix("tok-")?.parse().ok()
    }

    /// The `allowed_mentions` of the message or response, `None` when the payload has none (Discord
    /// then pings everyone the content mentions).
    pub fn allowed_mentions(&self) -> Option<AllowedMentions> {
        AllowedMentions::from_json(self.message()?.get("allowed_mentions")?)
    }

    /// Who the content pings under its `allowed_mentions` (see [`Pings`]).
    pub fn pings(&self) -> Pings {
        let content = self.content().unwrap_or_default();
        Pings::of(&content, self.allowed_mentions().as_ref())
    }

    /// One line for failure messages: index, method, path, status, refusal, the start of the JSON.
    pub(super) fn summary(&self) -> String {
        let json = self.json().map(|j| j.to_string()).unwrap_or_default();
        let json: String = json.chars().take(200).collect();
        let refused = self.refusal.as_ref().map(|r| format!(" REFUSED ({}: {})", r.code, r.reason));
        let refused = refused.unwrap_or_default();
        format!("#{} {} {} -> {}{refused} {json}", self.index, self.method, self.path, self.status)
    }
}

/// A request Discord would refuse: its JSON error code and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Discord's error code: 10062 unknown (or expired) interaction, 40060 already acknowledged,
    /// 50035 invalid form body.
    pub code: u64,
    /// What was wrong, e.g. `data.content: Must be 2000 or fewer in length.`
    pub reason: String,
}

/// The `allowed_mentions` object of a message payload.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllowedMentions {
    /// The mention kinds Discord may pick out of the content: `users`, `roles`, `everyone`.
    pub parse: Vec<String>,
    /// Users that may be pinged when the content mentions them.
    pub users: Vec<u64>,
    /// Roles that may be pinged when the content mentions them.
    pub roles: Vec<u64>,
    /// Whether the author of the replied-to message is pinged (`false` when absent).
    pub replied_user: bool,
}

impl AllowedMentions {
    /// Reads the JSON object (ids as strings, as serenity sends them, or as numbers).
    pub fn from_json(value: &Value) -> Option<Self> {
        let object = value.as_object()?;
        let strings = |key: &str| -> Vec<String> {
            let items = object.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            items.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()
        };
        let ids = |key: &str| -> Vec<u64> {
            let items = object.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            items.iter().filter_map(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok())).collect()
        };
        Some(Self {
            parse: strings("parse"),
            users: ids("users"),
            roles: ids("roles"),
            replied_user: object.get("replied_user").and_then(Value::as_bool).unwrap_or(false),
        })
    }

    fn parses(&self, kind: &str) -> bool {
        self.parse.iter().any(|p| p == kind)
    }
}

/// Who a message's content notifies, after `allowed_mentions` (Discord's rules: a mention in the content
/// pings when its kind is in `parse` or its id is listed; with no `allowed_mentions` every mention pings).
/// Mentions are read from the raw text, whatever markdown or backslashes surround them (stricter than
/// Discord, so that only `allowed_mentions` or breaking the mention's syntax keeps it quiet): `<@id>`,
/// `<@!id>`, `<@&id>`, `@everyone`, `@here`. Embeds never ping. This is what the content would ping if it
/// were sent as a new, non-ephemeral message; the caller judges edits and ephemeral messages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pings {
    /// Pinged users, in order of first mention.
    pub users: Vec<u64>,
    /// Pinged roles, in order of first mention.
    pub roles: Vec<u64>,
    /// `@everyone` or `@here` pings.
    pub everyone: bool,
}

impl Pings {
    /// Nobody is pinged.
    pub fn is_empty(&self) -> bool {
        self.users.is_empty() && self.roles.is_empty() && !self.everyone
    }

    /// The pings of `content` under `allowed` (`None`: no `allowed_mentions`, everything pings).
    pub fn of(content: &str, allowed: Option<&AllowedMentions>) -> Self {
        let mut pings = Pings::default();
        for mention in mentions(content) {
            match mention {
                Mention::User(id) if allowed.is_none_or(|a| a.parses("users") || a.users.contains(&id)) => {
                    push_new(&mut pings.users, id);
                }
                Mention::Role(id) if allowed.is_none_or(|a| a.parses("roles") || a.roles.contains(&id)) => {
                    push_new(&mut pings.roles, id);
                }
                Mention::Everyone if allowed.is_none_or(|a| a.parses("everyone")) => pings.everyone = true,
                _ => {}
            }
        }
        pings
    }
}

fn push_new(ids: &mut Vec<u64>, id: u64) {
    if !ids.contains(&id) {
        ids.push(id);
    }
}

enum Mention {
    User(u64),
    Role(u64),
    Everyone,
}

/// The mentions in a text, in order.
fn mentions(content: &str) -> Vec<Mention> {
    let mut found = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find('@') {
        let before = &rest[..at];
        let after = &rest[at + 1..];
        rest = after;
        if after.starts_with("everyone") || after.starts_with("here") {
            found.push(Mention::Everyone);
            continue;
        }
        if !before.ends_with('<') {
            continue;
        }
        let (role, digits) = match after.as_bytes().first() {
            Some(b'&') => (true, &after[1..]),
            Some(b'!') => (false, &after[1..]),
            _ => (false, after),
        };
        let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if end == 0 || !digits[end..].starts_with('>') {
            continue;
        }
        let Ok(id) = digits[..end].parse() else { continue };
        found.push(if role { Mention::Role(id) } else { Mention::User(id) });
    }
    found
}
