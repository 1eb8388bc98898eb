//! The users of the tests and the values of slash-command options.

use serde_json::{Value, json};

/// A Discord user of the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
}

pub const ALICE: User = User { id: 555, name: "alice" };
pub const BOB: User = User { id: 556, name: "bob" };
pub const CAROL: User = User { id: 557, name: "carol" };
pub const DAVE: User = User { id: 558, name: "dave" };

impl User {
    /// The display name: the user name, capitalised ("Alice").
    pub fn global_name(&self) -> String {
        let mut chars = self.name.chars();
        chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
    }

    /// The user object as Discord sends it in interactions.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name(),
            "avatar": null,
            "bot": false,
            "public_flags": 0,
        })
    }

    /// The user's mention, as the bot would write it.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// The value of one slash-command option. Plain JSON values get their option type from the value
/// (string 3, integer 4, boolean 5, number 10); a [`User`] becomes a user option (type 6) and is
/// added to `resolved.users` / `resolved.members`.
#[derive(Clone, Debug, PartialEq)]
pub enum Opt {
    Value(Value),
    User(User),
    /// An explicit option type and value, for types the other variants don't infer (channel, role...).
    Typed(u8, Value),
    /// A role of the test guild, by id and name (type 8, resolved as Discord sends it).
    Role(u64, &'static str),
}

impl From<Value> for Opt {
    fn from(value: Value) -> Self {
        Opt::Value(value)
    }
}
impl From<&str> for Opt {
    fn from(value: &str) -> Self {
        Opt::Value(value.into())
    }
}
impl From<String> for Opt {
    fn from(value: String) -> Self {
        Opt::Value(value.into())
    }
}
impl From<i64> for Opt {
    fn from(value: i64) -> Self {
        Opt::Value(value.into())
    }
}
impl From<bool> for Opt {
    fn from(value: bool) -> Self {
        Opt::Value(value.into())
    }
}
impl From<User> for Opt {
    fn from(user: User) -> Self {
        Opt::User(user)
    }
}
