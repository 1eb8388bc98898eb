//! The application's emojis: `GET /applications/{app}/emojis` lists them (`{"items": [...]}`, the shape serenity
//! 0.12.5's `get_application_emojis` reads) and `POST /applications/{app}/emojis` creates one. The fake refuses
//! what Discord refuses: a name that is not 2 to 32 of `A-Z a-z 0-9 _` or is taken, an image that is not a PNG,
//! JPEG or GIF data URI or is over 256 KiB (400, code 50035), and an emoji beyond the 2,000 an application may
//! own (400, code 30008). A component whose emoji is custom must name one the application owns (see
//! [`unknown_emoji`]).

use serde_json::{Value, json};

use super::limits::{Refused, refuse};
use super::{RecordedCall, Shared, State};

/// Most emojis an application may own.
pub const MAX_EMOJIS: usize = 2000;
/// Largest emoji image, in bytes.
pub const MAX_IMAGE: usize = 256 * 1024;

/// The data URI prefixes Discord takes, with the base64 start of each format's signature.
const FORMATS: [(&str, &str); 3] = [
    ("data:image/png;base64,", "iVBORw0KGgo"),
    ("data:image/jpeg;base64,", "/9j/"),
    ("data:image/gif;base64,", "R0lGOD"),
];

/// Whether `name` is an emoji name Discord takes.
fn good_name(name: &str) -> bool {
    (2..=32).contains(&name.chars().count()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why Discord would refuse this emoji's creation, if it would.
pub(super) fn refusal(state: &State, call: &RecordedCall) -> Option<Refused> {
    if !call.is("POST", "/applications/*/emojis") {
        return None;
    }
    let payload = call.json().unwrap_or(Value::Null);
    let name = payload["name"].as_str().unwrap_or_default();
    let image = payload["image"].as_str().unwrap_or_default();
    let form = |field: &str, code: &str, why: String| {
        let body = json!({
            "message": "Invalid Form Body",
            "code": 50035,
            "errors": { field: { "_errors": [{ "code": code, "message": why }] } },
        });
        (400, body, super::Refusal { code: 50035, reason: format!("{field}: {why} ({code})") })
    };
    if !good_name(name) {
        return Some(form(
            "name",
            "BASE_TYPE_BAD_LENGTH",
            format!("`{name}` is not 2 to 32 of A-Z a-z 0-9 _"),
        ));
    }
    if state.emojis.iter().any(|e| e["name"] == json!(name)) {
        return Some(form("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", format!("`{name}` is taken")));
    }
    let data = FORMATS.iter().find_map(|(prefix, signature)| {
        image.strip_prefix(prefix).filter(|data| data.starts_with(signature))
    });
    let Some(data) = data else {
        let start: String = image.chars().take(40).collect();
        return Some(form(
            "image",
            "BINARY_TYPE_INVALID",
            format!("`{start}…` is not a PNG, JPEG or GIF data URI"),
        ));
    };
    let bytes = data.len() / 4 * 3 - data.bytes().rev().take_while(|&b| b == b'=').count();
    if bytes > MAX_IMAGE {
        return Some(form("image", "BINARY_TYPE_MAX_SIZE", format!("{bytes} bytes, over {MAX_IMAGE}")));
    }
    if state.emojis.len() >= MAX_EMOJIS {
        return Some(refuse(
            400,
            30008,
            "Maximum number of emojis reached",
            format!("{MAX_EMOJIS} emojis already"),
        ));
    }
    None
}

/// `GET` or `POST` on `/applications/{app}/emojis`.
pub(super) fn route(
    shared: &Shared,
    state: &mut State,
    method: &str,
    payload: &Value,
) -> Option<(u16, Option<Value>)> {
    match method {
        "GET" => Some((200, Some(json!({ "items": state.emojis })))),
        "POST" => {
            let emoji = json!({
                "id": shared.fresh_id().to_string(),
                "name": payload["name"],
                "roles": [],
                "user": shared.fixture("gateway_ready_d")["user"],
                "require_colons": true,
                "managed": false,
                "animated": false,
                "available": true,
            });
            state.emojis.push(emoji.clone());
            Some((200, Some(emoji)))
        }
        _ => None,
    }
}

/// Whether `component` (a button, or a select menu's option) shows a custom emoji the application does not own.
pub(super) fn unknown_emoji(state: &State, component: &Value) -> bool {
    let id = match &component["emoji"]["id"] {
        Value::String(id) => id.clone(),
        Value::Number(id) => id.to_string(),
        _ => return false,
    };
    !state.emojis.iter().any(|e| e["id"] == json!(id))
}
