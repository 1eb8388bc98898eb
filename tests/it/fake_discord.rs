//! A fake Discord for end-to-end tests: a small HTTP/1.1 REST server and a WebSocket gateway on loopback.
//!
//! The real serenity client talks to it: REST through `HttpBuilder::proxy(fake.base_url())` with the
//! ratelimiter disabled (serenity only uses the proxy then), and the gateway through the URL that
//! `GET /api/v10/gateway` returns. Every REST request is recorded ([`RecordedCall`]) and answered with
//! payloads shaped like `tests/data/discord/fixtures.json`; tests inject interactions with
//! [`FakeDiscord::send_interaction`] and wait for the bot's answers with [`FakeDiscord::wait_for`].
//!
//! Everything is bounded in time and all tasks stop when the [`FakeDiscord`] is dropped.

// A toolbox for many tests: not every test binary state uses every helper.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};
use tokio_tungstenite::tungstenite::Message;

/// The fixtures the payloads are built from (shapes that serenity 0.12.5 accepts).
const FIXTURES: &str = include_str!("../data/discord/fixtures.json");

/// The bot's application id (READY's `application.id`).
pub const APP_ID: u64 = 222;
/// The one guild the bot is in.
pub const GUILD_ID: u64 = 111;
/// The bot user's id.
pub const BOT_ID: u64 = 444;
/// The `#games` channel of the fixtures.
pub const GAMES_CHANNEL: u64 = 333;

/// How long [`FakeDiscord::send_interaction`] waits for a connected, identified gateway session.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The heartbeat interval announced in HELLO by [`FakeDiscord::start`] (Discord's usual value).
const DEFAULT_HEARTBEAT: Duration = Duration::from_millis(41_250);
/// Largest request head or body the REST server accepts.
const MAX_BODY: usize = 64 << 20;
const MAX_HEAD: usize = 64 << 10;

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
    /// The JSON the fake answered with, if any.
    pub response: Option<Value>,
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

    fn summary(&self) -> String {
        let json = self.json().map(|j| j.to_string()).unwrap_or_default();
        let json: String = json.chars().take(200).collect();
        format!("#{} {} {} -> {} {}", self.index, self.method, self.path, self.status, json)
    }
}

/// What the fake keeps about an interaction it built, to answer webhook calls made with its token.
#[derive(Clone, Debug)]
struct InteractionInfo {
    channel_id: u64,
    /// The message of a component interaction (its "original" message).
    message_id: Option<u64>,
}

/// The gateway connection that events go to.
struct Connection {
    id: u64,
    tx: mpsc::UnboundedSender<Message>,
    /// READY or RESUMED has been sent on it.
    live: bool,
}

#[derive(Default)]
struct State {
    calls: Vec<RecordedCall>,
    /// Frames received from the client on the gateway (the token is left as sent).
    gateway_frames: Vec<Value>,
    /// Registered commands, as returned to the bot (with ids).
    commands: Vec<Value>,
    /// Messages the fake created, by id.
    messages: HashMap<u64, Value>,
    /// The original response message of an interaction, by token.
    originals: HashMap<String, u64>,
    interactions: HashMap<String, InteractionInfo>,
    session_id: Option<String>,
    seq: u64,
    connection: Option<Connection>,
}

struct Shared {
    fixtures: Value,
    state: Mutex<State>,
    /// Bumped after every change of `state`; waiters watch it instead of polling.
    changed: watch::Sender<u64>,
    next_id: AtomicU64,
    rest_base: String,
    gateway_url: String,
    heartbeat_ms: u64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn bump(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    fn fresh_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn fixture(&self, key: &str) -> Value {
        self.fixtures.get(key).unwrap_or_else(|| panic!("fixture {key} missing")).clone()
    }
}

/// The fake Discord: REST on one loopback port, the gateway on another. Stops when dropped.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl fmt::Debug for FakeDiscord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FakeDiscord")
            .field("rest", &self.shared.rest_base)
            .field("gateway", &self.shared.gateway_url)
            .finish_non_exhaustive()
    }
}

impl FakeDiscord {
    /// Starts REST and gateway listeners on `127.0.0.1:0`, announcing Discord's usual heartbeat interval.
    pub async fn start() -> Self {
        Self::start_with_heartbeat(DEFAULT_HEARTBEAT).await
    }

    /// Like [`Self::start`], announcing `interval` in HELLO (short intervals exercise heartbeats).
    pub async fn start_with_heartbeat(interval: Duration) -> Self {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind the fake REST listener");
        let gateway = TcpListener::bind("127.0.0.1:0").await.expect("bind the fake gateway listener");
        let rest_addr = rest.local_addr().expect("REST address");
        let gateway_addr = gateway.local_addr().expect("gateway address");
        let shared = Arc::new(Shared {
            fixtures: serde_json::from_str(FIXTURES).expect("fixtures.json parses"),
            state: Mutex::new(State::default()),
            changed: watch::channel(0).0,
            next_id: AtomicU64::new(1_000_000),
            rest_base: format!("http://{rest_addr}"),
            gateway_url: format!("ws://{gateway_addr}/ws"),
            heartbeat_ms: u64::try_from(interval.as_millis()).unwrap_or(u64::MAX).max(1),
        });
        let tasks = vec![
            tokio::spawn(accept_loop(rest, Arc::clone(&shared), serve_http)),
            tokio::spawn(accept_loop(gateway, Arc::clone(&shared), serve_gateway)),
        ];
        Self { shared, tasks }
    }

    /// The string for `HttpBuilder::proxy`: `http://127.0.0.1:PORT` (no trailing slash, no `/api`).
    pub fn base_url(&self) -> String {
        self.shared.rest_base.clone()
    }

    /// The gateway URL that `GET /api/v10/gateway` returns: `ws://127.0.0.1:PORT/ws`.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url.clone()
    }

    /// All REST calls so far, in arrival order.
    pub fn calls(&self) -> Vec<RecordedCall> {
        self.shared.lock().calls.clone()
    }

    /// The frames the client sent on the gateway so far (IDENTIFY, heartbeats, RESUME...).
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.shared.lock().gateway_frames.clone()
    }

    /// The application commands registered so far (as returned to the bot, with ids).
    pub fn registered_commands(&self) -> Vec<Value> {
        self.shared.lock().commands.clone()
    }

    /// A message the fake created (channel message, interaction response or follow-up), as last edited.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared.lock().messages.get(&id).cloned()
    }

    /// Waits until a recorded call (already recorded or arriving within `timeout`) satisfies
    /// `predicate`, and returns the first such call. Panics with the calls seen on timeout.
    pub async fn wait_for(
        &self,
        predicate: impl Fn(&RecordedCall) -> bool,
        timeout: Duration,
    ) -> RecordedCall {
        let found =
            self.wait_until(timeout, |state| state.calls.iter().find(|call| predicate(call)).cloned()).await;
        found.unwrap_or_else(|| {
            let seen: Vec<String> = self.calls().iter().map(RecordedCall::summary).collect();
            panic!("no matching REST call within {timeout:?}; calls seen:\n{}", seen.join("\n"))
        })
    }

    /// Waits for the interaction callback of interaction `id` (panics on timeout).
    pub async fn wait_for_callback(&self, id: u64, timeout: Duration) -> RecordedCall {
        self.wait_for(|c| c.callback_type().is_some() && c.interaction_id() == Some(id), timeout).await
    }

    /// Waits until a gateway session is live (READY or RESUMED sent). Panics on timeout.
    pub async fn wait_ready(&self, timeout: Duration) {
        let live = self.wait_until(timeout, |s| s.connection.as_ref().is_some_and(|c| c.live).then_some(()));
        assert!(live.await.is_some(), "the bot did not identify on the fake gateway within {timeout:?}");
    }

    /// Waits until the client has sent a gateway frame with opcode `op`; returns it (panics on timeout).
    pub async fn wait_for_gateway_op(&self, op: u64, timeout: Duration) -> Value {
        let found = self.wait_until(timeout, |s| {
            s.gateway_frames.iter().find(|f| f.get("op").and_then(Value::as_u64) == Some(op)).cloned()
        });
        found.await.unwrap_or_else(|| panic!("no gateway frame with op {op} within {timeout:?}"))
    }

    /// Checks `check` against the state now and after every change, until it returns `Some` or time runs out.
    async fn wait_until<T>(&self, timeout: Duration, check: impl Fn(&State) -> Option<T>) -> Option<T> {
        let mut changes = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            if let Some(found) = check(&self.shared.lock()) {
                return Some(found);
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => return check(&self.shared.lock()),
            }
        }
    }

    /// Sends a dispatch event (op 0 with the next sequence number) on the live gateway session,
    /// waiting up to 10 s for the bot to be connected. Returns the sequence number used.
    pub async fn send_dispatch(&self, event: &str, data: Value) -> u64 {
        self.wait_ready(CONNECT_TIMEOUT).await;
        let mut state = self.shared.lock();
        state.seq += 1;
        let seq = state.seq;
        let frame = json!({ "op": 0, "t": event, "s": seq, "d": data });
        let connection = state.connection.as_ref().expect("a live gateway connection");
        connection.tx.send(Message::Text(frame.to_string())).expect("gateway connection open");
        seq
    }

    /// Dispatches an `INTERACTION_CREATE` event (see [`Self::slash`], [`Self::autocomplete`], [`Self::button`]).
    pub async fn send_interaction(&self, interaction: Value) -> u64 {
        self.send_dispatch("INTERACTION_CREATE", interaction).await
    }

    /// Asks the client to reconnect and resume (op 7), as Discord does now and then.
    pub async fn request_reconnect(&self) {
        self.wait_ready(CONNECT_TIMEOUT).await;
        let state = self.shared.lock();
        if let Some(connection) = &state.connection {
            drop(connection.tx.send(Message::Text(json!({ "op": 7, "d": null }).to_string())));
        }
    }

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
        let info = InteractionInfo { channel_id: channel, message_id };
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

/// Accepts connections until aborted; the connection tasks live in a `JoinSet` so they end with it.
async fn accept_loop<F, Fut>(listener: TcpListener, shared: Arc<Shared>, serve: F)
where
    F: Fn(TcpStream, Arc<Shared>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let mut connections = JoinSet::new();
    loop {
        while connections.try_join_next().is_some() {}
        let Ok((stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        connections.spawn(serve(stream, Arc::clone(&shared)));
    }
}

// ---------------------------------------------------------------------------------------------------
// Gateway

async fn serve_gateway(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let conn_id = shared.fresh_id();
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": shared.heartbeat_ms }, "s": null, "t": null });
    if ws.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            outgoing = rx.recv() => {
                let Some(message) = outgoing else { break };
                if ws.send(message).await.is_err() {
                    break;
                }
            }
            incoming = ws.next() => {
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                        on_gateway_frame(&shared, conn_id, &tx, &frame);
                    }
                    // tungstenite queues the reply to a Close; keep polling until the stream ends.
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break,
                }
            }
        }
    }
    let mut state = shared.lock();
    if state.connection.as_ref().is_some_and(|c| c.id == conn_id) {
        state.connection = None;
    }
    drop(state);
    shared.bump();
}

fn on_gateway_frame(shared: &Shared, conn_id: u64, tx: &mpsc::UnboundedSender<Message>, frame: &Value) {
    let op = frame.get("op").and_then(Value::as_u64);
    let mut state = shared.lock();
    state.gateway_frames.push(frame.clone());
    let send = |value: Value| drop(tx.send(Message::Text(value.to_string())));
    match op {
        Some(1) => send(json!({ "op": 11, "d": null, "s": null, "t": null })),
        Some(2) => {
            let session = format!("sess-{}", shared.fresh_id());
            let mut ready = shared.fixture("gateway_ready_d");
            ready["session_id"] = json!(session);
            ready["resume_gateway_url"] = json!(shared.gateway_url);
            if let Some(shard) = frame["d"].get("shard") {
                ready["shard"] = shard.clone();
            }
            state.session_id = Some(session);
            state.seq = 1;
            state.connection = Some(Connection { id: conn_id, tx: tx.clone(), live: true });
            send(json!({ "op": 0, "t": "READY", "s": 1, "d": ready }));
        }
        Some(6) => {
            let known = state.session_id.is_some() && frame["d"]["session_id"] == json!(state.session_id);
            if known {
                state.seq += 1;
                let seq = state.seq;
                state.connection = Some(Connection { id: conn_id, tx: tx.clone(), live: true });
                send(json!({ "op": 0, "t": "RESUMED", "s": seq, "d": {} }));
            } else {
                send(json!({ "op": 9, "d": false, "s": null, "t": null }));
            }
        }
        _ => {}
    }
    drop(state);
    shared.bump();
}

// ---------------------------------------------------------------------------------------------------
// REST

/// A parsed HTTP request.
struct Request {
    method: String,
    path: String,
    query: Vec<(String, String)>,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

async fn serve_http(stream: TcpStream, shared: Arc<Shared>) {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let request = match read_request(&mut reader).await {
            Ok(Some(request)) => request,
            Ok(None) => return,
            Err(message) => {
                let body = json!({ "message": message, "code": 50109 }).to_string();
                drop(write_response(&mut write, 400, Some(&body), false).await);
                return;
            }
        };
        let keep_alive = !request.header("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
        let (status, response) = handle(&shared, request);
        let body = response.as_ref().map(Value::to_string);
        if write_response(&mut write, status, body.as_deref(), keep_alive).await.is_err() || !keep_alive {
            return;
        }
    }
}

async fn write_response(
    write: &mut tokio::net::tcp::OwnedWriteHalf,
    status: u16,
    body: Option<&str>,
    keep_alive: bool,
) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        400 => "Bad Request",
        404 => "Not Found",
        _ => "Unknown",
    };
    let mut head = format!("HTTP/1.1 {status} {reason}\r\n");
    if let Some(body) = body {
        head.push_str("content-type: application/json\r\n");
        head.push_str("content-length: ");
        head.push_str(&body.len().to_string());
        head.push_str("\r\n");
    } else if status != 204 {
        head.push_str("content-length: 0\r\n");
    }
    head.push_str(if keep_alive { "connection: keep-alive\r\n\r\n" } else { "connection: close\r\n\r\n" });
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.unwrap_or_default().as_bytes());
    write.write_all(&bytes).await?;
    write.flush().await
}

/// Reads one request; `Ok(None)` when the client closed the connection between requests.
async fn read_request<R: tokio::io::AsyncBufRead + Unpin>(reader: &mut R) -> Result<Option<Request>, String> {
    let mut head_len = 0;
    let mut request_line = String::new();
    // Skip stray empty lines between requests.
    while request_line.trim().is_empty() {
        request_line.clear();
        if read_line(reader, &mut request_line, &mut head_len).await? == 0 {
            return Ok(None);
        }
    }
    let mut parts = request_line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Err(format!("bad request line {request_line:?}"));
    };
    let (method, target) = (method.to_owned(), target.to_owned());
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if read_line(reader, &mut line, &mut head_len).await? == 0 {
            return Err("connection closed inside the request head".into());
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':').ok_or_else(|| format!("bad header line {line:?}"))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let header = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let chunked = header("transfer-encoding").is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    let body = if chunked {
        read_chunked(reader).await?
    } else {
        let length = match header("content-length") {
            Some(v) => v.parse::<usize>().map_err(|_| format!("bad content-length {v:?}"))?,
            None => 0,
        };
        if length > MAX_BODY {
            return Err(format!("body of {length} bytes is too large"));
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await.map_err(|e| format!("reading the body: {e}"))?;
        body
    };
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let query = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();
    Ok(Some(Request { method, path: path.to_owned(), query, headers, body }))
}

async fn read_line<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
    line: &mut String,
    head_len: &mut usize,
) -> Result<usize, String> {
    let mut bytes = Vec::new();
    let n = reader.read_until(b'\n', &mut bytes).await.map_err(|e| format!("reading: {e}"))?;
    *head_len += n;
    if *head_len > MAX_HEAD {
        return Err("request head too large".into());
    }
    line.push_str(&String::from_utf8_lossy(&bytes));
    Ok(n)
}

async fn read_chunked<R: tokio::io::AsyncBufRead + Unpin>(reader: &mut R) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    let mut head_len = 0;
    loop {
        let mut line = String::new();
        if read_line(reader, &mut line, &mut head_len).await? == 0 {
            return Err("connection closed inside a chunked body".into());
        }
        let size = line.trim().split(';').next().unwrap_or_default().trim();
        let size = usize::from_str_radix(size, 16).map_err(|_| format!("bad chunk size {size:?}"))?;
        if size == 0 {
            // Trailers, up to the empty line.
            loop {
                let mut trailer = String::new();
                if read_line(reader, &mut trailer, &mut head_len).await? == 0 || trailer.trim().is_empty() {
                    return Ok(body);
                }
            }
        }
        if body.len() + size > MAX_BODY {
            return Err("chunked body too large".into());
        }
        let start = body.len();
        body.resize(start + size, 0);
        reader.read_exact(&mut body[start..]).await.map_err(|e| format!("reading a chunk: {e}"))?;
        let mut crlf = [0; 2];
        reader.read_exact(&mut crlf).await.map_err(|e| format!("reading a chunk end: {e}"))?;
        head_len = 0;
    }
}

fn parse_body(request: &Request) -> Body {
    if request.body.is_empty() {
        return Body::Empty;
    }
    let content_type = request.header("content-type").unwrap_or_default();
    if content_type.to_ascii_lowercase().starts_with("multipart/form-data") {
        if let Some(parts) = boundary(content_type).and_then(|b| parse_multipart(&request.body, &b)) {
            return Body::Multipart(parts);
        }
        return Body::Other(request.body.clone());
    }
    serde_json::from_slice(&request.body).map_or_else(|_| Body::Other(request.body.clone()), Body::Json)
}

fn boundary(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        key.trim().eq_ignore_ascii_case("boundary").then(|| value.trim().trim_matches('"').to_owned())
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Splits a `multipart/form-data` body into its parts; `None` if it is malformed.
fn parse_multipart(body: &[u8], boundary: &str) -> Option<Vec<Part>> {
    let delimiter = format!("--{boundary}").into_bytes();
    let next_delimiter = format!("\r\n--{boundary}").into_bytes();
    let mut rest = &body[find(body, &delimiter)? + delimiter.len()..];
    let mut parts = Vec::new();
    loop {
        if rest.starts_with(b"--") {
            return Some(parts);
        }
        rest = rest.strip_prefix(b"\r\n")?;
        let head_end = find(rest, b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&rest[..head_end]).into_owned();
        rest = &rest[head_end + 4..];
        let data_end = find(rest, &next_delimiter)?;
        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            bytes: rest[..data_end].to_vec(),
        };
        for line in head.split("\r\n") {
            let Some((name, value)) = line.split_once(':') else { continue };
            match name.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    for param in value.split(';').skip(1) {
                        let Some((key, v)) = param.trim().split_once('=') else { continue };
                        let v = v.trim().trim_matches('"').to_owned();
                        match key.trim() {
                            "name" => part.name = v,
                            "filename" => part.filename = Some(v),
                            _ => {}
                        }
                    }
                }
                "content-type" => part.content_type = Some(value.trim().to_owned()),
                _ => {}
            }
        }
        parts.push(part);
        rest = &rest[data_end + next_delimiter.len()..];
    }
}

/// Records the request, works out the answer, and returns it.
fn handle(shared: &Shared, request: Request) -> (u16, Option<Value>) {
    let body = parse_body(&request);
    let mut call = RecordedCall {
        index: 0,
        method: request.method,
        path: request.path,
        query: request.query,
        headers: request.headers,
        body,
        status: 0,
        response: None,
    };
    let mut state = shared.lock();
    let (status, response) = route(shared, &mut state, &call);
    call.index = state.calls.len();
    call.status = status;
    call.response.clone_from(&response);
    state.calls.push(call);
    drop(state);
    shared.bump();
    (status, response)
}

/// A status and the JSON body to answer with.
type Answer = (u16, Option<Value>);

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
    let answer = match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": shared.gateway_url })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": shared.gateway_url,
            "shards": 1,
            "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 },
        })),
        ("GET", ["users", "@me"]) => ok(shared.fixture("gateway_ready_d")["user"].clone()),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => ok(application_info(shared)),
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

/// `POST /interactions/{id}/{token}/callback`: keeps the original response message of types 4, 5 and 7.
fn interaction_callback(shared: &Shared, state: &mut State, token: &str, payload: &Value, files: &[&Part]) {
    let kind = payload.get("type").and_then(Value::as_u64).unwrap_or_default();
    let data = payload.get("data").cloned().unwrap_or_else(|| json!({}));
    let info = state.interactions.get(token).cloned();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn parses_chunked_and_multipart_requests() {
        let mut body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.png\"\r\n\
                         Content-Type: image/png\r\n\r\n\x89PNG\r\n"
            .to_vec();
        body.extend_from_slice(
            b"--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n",
        );
        let mut raw = b"POST /api/v10/channels/1/messages?&wait=true HTTP/1.1\r\nHost: x\r\n\
              Content-Type: multipart/form-data; boundary=\"XyZ\"\r\nTransfer-Encoding: chunked\r\n\r\n"
            .to_vec();
        for chunk in body.chunks(17) {
            raw.extend_from_slice(format!("{:x};ext=1\r\n", chunk.len()).as_bytes());
            raw.extend_from_slice(chunk);
            raw.extend_from_slice(b"\r\n");
        }
        raw.extend_from_slice(
            b"0\r\nx-trailer: 1\r\n\r\nGET /api/v10/users/@me HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
        );
        let mut reader = BufReader::new(raw.as_slice());
        let request = read_request(&mut reader).await.unwrap().unwrap();
        assert_eq!(request.query, vec![("wait".to_owned(), "true".to_owned())]);
        let Body::Multipart(parts) = parse_body(&request) else { panic!("not multipart") };
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].filename.as_deref(), Some("a.png"));
        assert_eq!(parts[0].content_type.as_deref(), Some("image/png"));
        assert_eq!(parts[0].bytes, b"\x89PNG");
        assert_eq!(parts[1].bytes, b"{\"content\":\"hi\"}");
        let next = read_request(&mut reader).await.unwrap().unwrap();
        assert_eq!((next.method.as_str(), next.path.as_str()), ("GET", "/api/v10/users/@me"));
        assert!(read_request(&mut reader).await.unwrap().is_none());
    }
}
