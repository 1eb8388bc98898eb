//! Interaction payloads as Discord sends them in `INTERACTION_CREATE`: slash commands, autocomplete,
//! buttons and select menus, from a test user in a channel.

use serde_json::{Map, Value, json};

use super::{FakeDiscord, InteractionInfo, Opt, User};

impl FakeDiscord {
    /// An `APPLICATION_COMMAND` interaction (type 2) from `user` in `channel`. A name with spaces is a
    /// subcommand: `"game play"`, or `"game group play"` for a subcommand in a group. The command id is
    /// the registered one when the bot registered a command of that name.
    pub fn slash(&self, name: &str, options: &[(&str, Opt)], user: User, channel: u64) -> Value {
        self.command_interaction(2, name, options, None, user, channel)
    }

    /// An `APPLICATION_COMMAND_AUTOCOMPLETE` interaction (type 4): like [`Self::slash`], with the option
    /// named `focused` marked `"focused": true` (its value is what the user has typed so far).
    pub fn autocomplete(
        &self,
        name: &str,
        options: &[(&str, Opt)],
        focused: &str,
        user: User,
        channel: u64,
    ) -> Value {
        self.command_interaction(4, name, options, Some(focused), user, channel)
    }

    /// A `MESSAGE_COMPONENT` interaction (type 3) for a click on the button `custom_id`. Its message is the
    /// latest message the bot sent in `channel` with that custom id, or a fixture message.
    pub fn button(&self, custom_id: &str, user: User, channel: u64) -> Value {
        self.component_interaction(json!({ "custom_id": custom_id, "component_type": 2 }), user, channel)
    }

    /// A `MESSAGE_COMPONENT` interaction (type 3) for a choice in the string select menu `custom_id`.
    pub fn select(&self, custom_id: &str, values: &[&str], user: User, channel: u64) -> Value {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.component_interaction(data, user, channel)
    }

    fn command_interaction(
        &self,
        kind: u64,
        name: &str,
        options: &[(&str, Opt)],
        focused: Option<&str>,
        user: User,
        channel: u64,
    ) -> Value {
        let mut users = Map::new();
        let mut members = Map::new();
        let mut roles = Map::new();
        let mut leaves = Vec::new();
        for (option_name, value) in options {
            let (kind, value) = match value {
                Opt::User(u) => {
                    users.insert(u.id.to_string(), u.json());
                    members.insert(u.id.to_string(), partial_member());
                    (6, json!(u.id.to_string()))
                }
                Opt::Typed(kind, value) => (*kind, value.clone()),
                Opt::Value(value) => (option_type(value), value.clone()),
                Opt::Role(id, name) => {
                    roles.insert(id.to_string(), role_object(*id, name));
                    (8, json!(id.to_string()))
                }
            };
            let mut option = json!({ "type": kind, "name": option_name, "value": value });
            if focused == Some(*option_name) {
                option["focused"] = json!(true);
            }
            leaves.push(option);
        }
        let mut words: Vec<&str> = name.split_whitespace().collect();
        let command = if words.is_empty() { String::new() } else { words.remove(0).to_owned() };
        // Nest from the innermost subcommand outwards: the last word is the subcommand (type 1), any
        // word before it a group (type 2).
        let mut nested = leaves;
        for (depth, word) in words.iter().enumerate().rev() {
            let kind = if depth + 1 == words.len() { 1 } else { 2 };
            nested = vec![json!({ "type": kind, "name": word, "options": nested })];
        }
        let command_id = {
            let state = self.shared.lock();
            state
                .commands
                .iter()
                .find(|c| c.get("name").and_then(Value::as_str) == Some(command.as_str()))
                .and_then(|c| c.get("id").cloned())
                .unwrap_or_else(|| json!("7000"))
        };
        let mut data = json!({ "id": command_id, "name": command, "type": 1, "options": nested });
        if !users.is_empty() {
            data["resolved"] = json!({ "users": users, "members": members });
        }
        if !roles.is_empty() {
            data["resolved"]["roles"] = Value::Object(roles);
        }
        self.interaction(kind, data, user, channel, None)
    }

    fn component_interaction(&self, data: Value, user: User, channel: u64) -> Value {
        let custom_id = data["custom_id"].as_str().unwrap_or_default().to_owned();
        let message = {
            let state = self.shared.lock();
            state
                .messages
                .values()
                .filter(|m| m["channel_id"] == json!(channel.to_string()))
                .filter(|m| m["components"].to_string().contains(&json!(custom_id).to_string()))
                .max_by_key(|m| m["id"].as_str().and_then(|id| id.parse::<u64>().ok()))
                .cloned()
        };
        let message = message.unwrap_or_else(|| {
            let mut message = self.shared.fixture("rest_message_object");
            message["id"] = json!(self.shared.fresh_id().to_string());
            message["channel_id"] = json!(channel.to_string());
            message
        });
        self.interaction(3, data, user, channel, Some(message))
    }

    fn interaction(&self, kind: u64, data: Value, user: User, channel: u64, message: Option<Value>) -> Value {
        let id = self.shared.fresh_id();
        let token = format!("tok-{id}");
        let mut interaction = self.shared.fixture("interaction_command_play");
        interaction["id"] = json!(id.to_string());
        interaction["token"] = json!(token);
        interaction["type"] = json!(kind);
        interaction["data"] = data;
        interaction["channel_id"] = json!(channel.to_string());
        interaction["channel"]["id"] = json!(channel.to_string());
        interaction["member"]["user"] = user.json();
        let message_id = message.as_ref().and_then(|m| m["id"].as_str()?.parse().ok());
        if let Some(message) = message {
            interaction["message"] = message;
        }
        let info = InteractionInfo { channel_id: channel, message_id, ..InteractionInfo::default() };
        self.shared.lock().interactions.insert(token, info);
        interaction
    }
}

/// The option type Discord would give this value.
fn option_type(value: &Value) -> u8 {
    match value {
        Value::Bool(_) => 5,
        Value::Number(n) if n.is_i64() || n.is_u64() => 4,
        Value::Number(_) => 10,
        _ => 3,
    }
}

/// A role object as `resolved.roles` carries it.
fn role_object(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 1,
        "permissions": "0",
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

fn partial_member() -> Value {
    json!({
        "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "2248473465835073",
        "nick": null,
        "avatar": null,
    })
}
