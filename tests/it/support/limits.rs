//! What Discord refuses, answered the way Discord answers it, so that a bot that breaks a limit fails its
//! test instead of passing against a lenient fake:
//!
//! - an initial response (`POST /interactions/{id}/{token}/callback`) more than 3 s after the interaction
//!   was dispatched: 404, code 10062 "Unknown interaction";
//! - a second initial response to the same interaction: 400, code 40060;
//! - message content over 2,000 characters (callbacks of type 4 and 7, follow-ups, webhook and channel
//!   messages, created or edited): 400, code 50035 "Invalid Form Body" with the field's path;
//! - an autocomplete result with more than 25 choices, or a choice whose name is not 1 to 100 characters
//!   long, or whose string value is over 100: 400, code 50035;
//! - components beyond Discord's: more than 5 rows, more than 5 buttons or more than one select menu in a row,
//!   a `custom_id` not 1 to 100 characters long or used twice in a message, a button label over 80, a select
//!   menu with no option or more than 25, an option whose label or value is not 1 to 100 characters long, two
//!   options with one value, a placeholder over 150: 400, code 50035;
//! - a button or select option whose custom emoji the application does not own: 400, code 50035
//!   (`COMPONENT_INVALID_EMOJI`);
//! - an application emoji Discord would not create (see `emojis.rs`);
//! - `allowed_mentions` that lists `users` (or `roles`) while also parsing them: 400, code 50035.
//!
//! Lengths are counted in characters (Unicode scalar values), as serenity counts them.

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::{RecordedCall, Refusal, State};

/// Longest message content, in characters.
pub const MAX_CONTENT: usize = 2000;
/// Most choices in an autocomplete result.
pub const MAX_CHOICES: usize = 25;
/// Longest autocomplete choice name (and string value), in characters.
pub const MAX_CHOICE_NAME: usize = 100;
/// Most rows of components under a message.
pub const MAX_ROWS: usize = 5;
/// Most options of a select menu.
pub const MAX_OPTIONS: usize = 25;
/// Longest component id, and longest option label or value, in characters.
pub const MAX_CUSTOM_ID: usize = 100;
/// How long after the interaction its initial response may come.
pub const INITIAL_RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

/// A refusal: the status, Discord's JSON error, and what is recorded.
pub(super) type Refused = (u16, Value, Refusal);

/// One field error of an "Invalid Form Body": its dotted path, Discord's code and message.
struct FieldError {
    path: String,
    code: &'static str,
    message: String,
}

/// Whether Discord would refuse this call, and how.
pub(super) fn check(state: &State, call: &RecordedCall) -> Option<Refused> {
    if let Some(refused) = super::threads::refusal(state, call) {
        return Some(refused);
    }
    if let Some(refused) = super::emojis::refusal(state, call) {
        return Some(refused);
    }
    let payload = call.json().unwrap_or(Value::Null);
    if call.is("POST", "/interactions/*/*/callback") {
        let data = &payload["data"];
        let mut errors = message_errors(state, data, "data.");
        if payload["type"].as_u64() == Some(8) {
            errors.extend(choice_errors(data));
        }
        if !errors.is_empty() {
            return Some(invalid_form(&errors));
        }
        if call.since_dispatch.is_some_and(|took| took > INITIAL_RESPONSE_DEADLINE) {
            let took = call.since_dispatch.unwrap_or_default();
            let reason = format!("initial response {took:?} after the interaction (Discord allows 3 s)");
            return Some(refuse(404, 10062, "Unknown interaction", reason));
        }
        let info = call.interaction_token().and_then(|token| state.interactions.get(token));
        if info.is_some_and(|i| i.acknowledged) {
            let reason = "a second initial response to the same interaction".to_owned();
            return Some(refuse(400, 40060, "Interaction has already been acknowledged.", reason));
        }
        return None;
    }
    let sends_message = call.is("POST", "/webhooks/*/*")
        || call.is("PATCH", "/webhooks/*/*/messages/*")
        || call.is("POST", "/channels/*/messages")
        || call.is("PATCH", "/channels/*/messages/*");
    if !sends_message {
        return None;
    }
    let errors = message_errors(state, &payload, "");
    (!errors.is_empty()).then(|| invalid_form(&errors))
}

/// Content length and `allowed_mentions` of a message payload whose fields sit under `prefix`.
fn message_errors(state: &State, message: &Value, prefix: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some(content) = message.get("content").and_then(Value::as_str) {
        if content.chars().count() > MAX_CONTENT {
            errors.push(FieldError {
                path: format!("{prefix}content"),
                code: "BASE_TYPE_MAX_LENGTH",
                message: format!("Must be {MAX_CONTENT} or fewer in length."),
            });
        }
    }
    errors.extend(component_errors(state, message, prefix));
    if let Some(allowed) = message.get("allowed_mentions").and_then(Value::as_object) {
        for kind in ["users", "roles"] {
            let parse = allowed.get("parse").and_then(Value::as_array);
            let listed = allowed.get(kind).and_then(Value::as_array).is_some_and(|ids| !ids.is_empty());
            if listed && parse.is_some_and(|p| p.contains(&json!(kind))) {
                errors.push(FieldError {
                    path: format!("{prefix}allowed_mentions"),
                    code: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    message: format!("parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive."),
                });
            }
        }
    }
    errors
}

/// The components of a message payload: rows, buttons, select menus and their options.
fn component_errors(state: &State, message: &Value, prefix: &str) -> Vec<FieldError> {
    let rows = message.get("components").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut errors = Vec::new();
    let mut invalid_emoji = Vec::new();
    let mut error = |path: String, message: String| {
        errors.push(FieldError { path, code: "BASE_TYPE_BAD_LENGTH", message });
    };
    if rows.len() > MAX_ROWS {
        error(format!("{prefix}components"), format!("Must be {MAX_ROWS} or fewer in length."));
    }
    let bad = |n: usize, max: usize| !(1..=max).contains(&n);
    let length = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map_or(0, |s| s.chars().count());
    let mut ids = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let items = row.get("components").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        let path = format!("{prefix}components.{r}.components");
        let selects = items.iter().filter(|c| c["type"] != 2).count();
        if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
            error(path.clone(), "A row holds 1 to 5 buttons or one select menu.".to_owned());
        }
        for (i, item) in items.iter().enumerate() {
            let at = format!("{path}.{i}");
            let link = item["type"] == 2 && item["style"] == 5;
            if !link {
                let id = item.get("custom_id").and_then(Value::as_str).unwrap_or_default();
                if bad(id.chars().count(), MAX_CUSTOM_ID) {
                    error(
                        format!("{at}.custom_id"),
                        format!("Must be between 1 and {MAX_CUSTOM_ID} in length."),
                    );
                }
                if !ids.insert(id.to_owned()) {
                    error(format!("{at}.custom_id"), "Component custom id cannot be duplicated.".to_owned());
                }
            }
            if item["type"] == 2 && super::emojis::unknown_emoji(state, item) {
                invalid_emoji.push(format!("{at}.emoji.id"));
            }
            if item["type"] == 2 && length(item, "label") > 80 {
                error(format!("{at}.label"), "Must be 80 or fewer in length.".to_owned());
            }
            if item["type"] != 3 {
                continue;
            }
            if length(item, "placeholder") > 150 {
                error(format!("{at}.placeholder"), "Must be 150 or fewer in length.".to_owned());
            }
            let options =
                item.get("options").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            if bad(options.len(), MAX_OPTIONS) {
                error(format!("{at}.options"), format!("Must be between 1 and {MAX_OPTIONS} in length."));
            }
            let mut values = std::collections::HashSet::new();
            for (o, option) in options.iter().enumerate() {
                for key in ["label", "value"] {
                    if bad(length(option, key), MAX_CUSTOM_ID) {
                        error(
                            format!("{at}.options.{o}.{key}"),
                            format!("Must be between 1 and {MAX_CUSTOM_ID} in length."),
                        );
                    }
                }
                if super::emojis::unknown_emoji(state, option) {
                    invalid_emoji.push(format!("{at}.options.{o}.emoji.id"));
                }
                if !values.insert(option["value"].to_string()) {
                    error(
                        format!("{at}.options.{o}.value"),
                        "Select options must have unique values.".to_owned(),
                    );
                }
            }
        }
    }
    errors.extend(invalid_emoji.into_iter().map(|path| FieldError {
        path,
        code: "COMPONENT_INVALID_EMOJI",
        message: "Invalid emoji".to_owned(),
    }));
    errors
}

/// The choices of an autocomplete result (`data.choices` of a type-8 callback).
fn choice_errors(data: &Value) -> Vec<FieldError> {
    let choices = data.get("choices").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut errors = Vec::new();
    if choices.len() > MAX_CHOICES {
        errors.push(FieldError {
            path: "data.choices".to_owned(),
            code: "BASE_TYPE_MAX_LENGTH",
            message: format!("Must be {MAX_CHOICES} or fewer in length."),
        });
    }
    for (i, choice) in choices.iter().enumerate() {
        let name = choice.get("name").and_then(Value::as_str).map_or(0, |n| n.chars().count());
        if !(1..=MAX_CHOICE_NAME).contains(&name) {
            errors.push(FieldError {
                path: format!("data.choices.{i}.name"),
                code: "BASE_TYPE_BAD_LENGTH",
                message: format!("Must be between 1 and {MAX_CHOICE_NAME} in length."),
            });
        }
        let value = choice.get("value").and_then(Value::as_str).map_or(0, |v| v.chars().count());
        if value > MAX_CHOICE_NAME {
            errors.push(FieldError {
                path: format!("data.choices.{i}.value"),
                code: "BASE_TYPE_MAX_LENGTH",
                message: format!("Must be {MAX_CHOICE_NAME} or fewer in length."),
            });
        }
    }
    errors
}

/// Discord's "Invalid Form Body": the errors nested by path, each leaf an `_errors` list.
fn invalid_form(errors: &[FieldError]) -> Refused {
    let mut tree = Value::Object(Map::new());
    for error in errors {
        let leaf = error.path.split('.').fold(&mut tree, |node, key| {
            let object = node.as_object_mut().expect("error paths only hold objects");
            object.entry(key).or_insert_with(|| Value::Object(Map::new()))
        });
        let list = leaf.as_object_mut().expect("a path ends on an object");
        let list = list.entry("_errors").or_insert_with(|| json!([]));
        list.as_array_mut()
            .expect("_errors is a list")
            .push(json!({ "code": error.code, "message": error.message }));
    }
    let reason: Vec<String> =
        errors.iter().map(|e| format!("{}: {} ({})", e.path, e.message, e.code)).collect();
    let body = json!({ "message": "Invalid Form Body", "code": 50035, "errors": tree });
    (400, body, Refusal { code: 50035, reason: reason.join("; ") })
}

pub(super) fn refuse(status: u16, code: u64, message: &str, reason: String) -> Refused {
    (status, json!({ "message": message, "code": code }), Refusal { code, reason })
}
