//! A fake Discord for end-to-end tests: a REST API (served by hyper) and a WebSocket gateway on loopback.
//!
//! The real serenity client talks to it: REST through `HttpBuilder::proxy(fake.base_url())` with the
//! ratelimiter disabled (serenity only uses the proxy then), and the gateway through the URL that
//! `GET /api/v10/gateway` returns. Every REST request is recorded ([`RecordedCall`]) and answered with
//! payloads shaped like `tests/data/discord/fixtures.json`; tests inject interactions with
//! [`FakeDiscord::send_interaction`] and wait for the bot's answers with [`FakeDiscord::wait_for`].
//!
//! The fake refuses what Discord refuses ([`limits`]): a late or second initial response, content over
//! 2,000 characters, too many or too long autocomplete choices. Each refusal is answered with Discord's
//! error and recorded; a [`FakeDiscord`] dropped with refusals nobody acknowledged
//! ([`FakeDiscord::take_refusals`]) panics, so the test that caused them fails.
//!
//! Files: `users.rs` (the test users and option values), `recorded.rs` (what a test reads of a request),
//! `interactions.rs` (interaction payloads), `gateway.rs`, `http.rs` (the server and request bodies),
//! `routes.rs` (the REST routes), `limits.rs` (the refusals), `ratelimits.rs` (429s and the global limit), `emojis.rs` (the application's emojis).
//!
//! Everything is bounded in time and all tasks stop when the [`FakeDiscord`] is dropped. It only ever
//! listens on 127.0.0.1.

// A toolbox for many tests: not every test binary uses every helper.
#![allow(dead_code)]

mod emojis;
mod gateway;
mod http;
mod interactions;
pub mod limits;
pub mod postgres;
pub mod ratelimits;
mod recorded;
mod routes;
pub mod signed;
pub mod small_disk;
mod threads;
mod users;
pub mod wait;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};
use tokio_tungstenite::tungstenite::Message;

pub use gateway::Fault;
pub use recorded::{AllowedMentions, Body, Part, Pings, RecordedCall, Refusal};
// Re-exported for the tests, whichever of them a build uses.
#[allow(unused_imports)]
pub use users::{ALICE, BOB, CAROL, DAVE, Opt, User};

/// The fixtures the payloads are built from (shapes that serenity 0.12.5 accepts).
const FIXTURES: &str = include_str!("../../data/discord/fixtures.json");

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

/// What the fake keeps about an interaction it built, to answer calls made with its token.
#[derive(Clone, Debug)]
struct InteractionInfo {
    channel_id: u64,
    /// The message of a component interaction (its "original" message).
    message_id: Option<u64>,
    /// When the INTERACTION_CREATE event left the gateway (the initial response's 3 s start then).
    sent_at: Option<Instant>,
    /// An initial response has been accepted.
    acknowledged: bool,
}

impl Default for InteractionInfo {
    /// An interaction the fake did not build (a test wrote the payload): in `#games`, not on a message.
    fn default() -> Self {
        Self { channel_id: GAMES_CHANNEL, message_id: None, sent_at: None, acknowledged: false }
    }
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
    /// The index in `calls` of each interaction's first callback, so that waiting for one does not scan them.
    callbacks: HashMap<u64, usize>,
    /// Indexes in `calls` of the refused calls that no test has taken yet.
    unseen_refusals: Vec<usize>,
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
    /// Threads opened through the REST API, by id (see `threads.rs`).
    threads: HashMap<u64, Value>,
    /// DM channels opened, to the user they reach.
    dm_channels: HashMap<u64, u64>,
    /// Channels where thread creation is refused.
    no_threads: HashSet<u64>,
    /// Users whose direct messages are refused.
    no_dms: HashSet<u64>,
    /// Users to whom giving a role is refused.
    no_roles: HashSet<u64>,
    /// Roles given: (user, role).
    roles_given: Vec<(u64, u64)>,
    /// The application's emojis, as Discord returns them (see `emojis.rs`).
    emojis: Vec<Value>,
    /// The connection whose heartbeats are no longer acknowledged ([`Fault::StopAcks`]).
    no_acks_on: Option<u64>,
    /// Rate-limit storms and the global limit (see `ratelimits.rs`).
    limits: ratelimits::Limits,
    /// Discord's REST API is away: every call is answered 503 and not acted on ([`FakeDiscord::set_rest_down`]).
    rest_down: bool,
    /// Where every call is also sent as it is recorded (see [`FakeDiscord::tap`]).
    taps: Vec<tokio::sync::mpsc::UnboundedSender<RecordedCall>>,
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

/// The fake Discord: REST on one loopback port, the gateway on another. Stops when dropped, and panics
/// then if it refused a request that no test took with [`FakeDiscord::take_refusals`].
pub struct FakeDiscord {
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
        if std::thread::panicking() {
            return;
        }
        let refused = self.refusals();
        if !refused.is_empty() {
            let lines: Vec<String> = refused.iter().map(RecordedCall::summary).collect();
            panic!("the fake Discord refused what Discord would refuse:\n{}", lines.join("\n"));
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
            tokio::spawn(accept_loop(rest, Arc::clone(&shared), http::serve)),
            tokio::spawn(accept_loop(gateway, Arc::clone(&shared), gateway::serve)),
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

    /// How many calls were recorded (without copying them).
    /// Discord's REST API goes away (every call answered 503, nothing acted on) or comes back.
    pub fn set_rest_down(&self, down: bool) {
        self.shared.lock().rest_down = down;
    }

    pub fn call_count(&self) -> usize {
        self.shared.lock().calls.len()
    }

    /// All REST calls so far, in arrival order (refused ones too, with their [`Refusal`]).
    pub fn calls(&self) -> Vec<RecordedCall> {
        self.shared.lock().calls.clone()
    }

    /// Every REST call from now on, as it is recorded: for a load test, which would spend its time scanning
    /// [`Self::calls`] for each reply it waits for.
    pub fn tap(&self) -> tokio::sync::mpsc::UnboundedReceiver<RecordedCall> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        self.shared.lock().taps.push(tx);
        rx
    }

    /// Forgets the calls recorded so far, the pictures in them with them, so that a long load test holds only
    /// the last stretch; refused calls no test has taken are kept (and still fail the test when dropped).
    pub fn forget_calls(&self) {
        let mut state = self.shared.lock();
        let refused: Vec<RecordedCall> =
            state.unseen_refusals.iter().map(|&i| state.calls[i].clone()).collect();
        state.unseen_refusals = (0..refused.len()).collect();
        state.calls = refused;
        for (i, call) in state.calls.iter_mut().enumerate() {
            call.index = i;
        }
    }

    /// The calls refused so far that no test has taken with [`Self::take_refusals`].
    pub fn refusals(&self) -> Vec<RecordedCall> {
        let state = self.shared.lock();
        state.unseen_refusals.iter().map(|&i| state.calls[i].clone()).collect()
    }

    /// Returns the refused calls not taken yet and marks them seen: a test that provokes a refusal on
    /// purpose takes it, so that dropping the fake does not fail the test.
    pub fn take_refusals(&self) -> Vec<RecordedCall> {
        let mut state = self.shared.lock();
        let taken = std::mem::take(&mut state.unseen_refusals);
        taken.into_iter().map(|i| state.calls[i].clone()).collect()
    }

    /// Panics, listing them, if the fake refused any call not taken yet.
    pub fn assert_no_refusals(&self) {
        let refused: Vec<String> = self.refusals().iter().map(RecordedCall::summary).collect();
        assert!(refused.is_empty(), "the fake Discord refused:\n{}", refused.join("\n"));
    }

    /// The frames the client sent on the gateway so far (IDENTIFY, heartbeats, RESUME...).
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.shared.lock().gateway_frames.clone()
    }

    /// The application commands registered so far (as returned to the bot, with ids).
    pub fn registered_commands(&self) -> Vec<Value> {
        self.shared.lock().commands.clone()
    }

    /// The application's emojis (as created through the REST API, with their ids).
    pub fn emojis(&self) -> Vec<Value> {
        self.shared.lock().emojis.clone()
    }

    /// Gives the application an emoji named `name` (made elsewhere: by hand, or by another instance).
    pub fn add_emoji(&self, name: &str) {
        let id = self.shared.fresh_id();
        self.shared.lock().emojis.push(json!({ "id": id.to_string(), "name": name, "animated": false }));
        self.shared.bump();
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

    /// Waits until a call after the first `after` calls satisfies `predicate` (the next one to arrive, when `after`
    /// is the number of calls so far), and returns it. Panics on timeout.
    pub async fn wait_for_after(
        &self,
        after: usize,
        predicate: impl Fn(&RecordedCall) -> bool,
        timeout: Duration,
    ) -> RecordedCall {
        let found =
            self.wait_until(timeout, |state| state.calls.iter().skip(after).find(|c| predicate(c)).cloned());
        found
            .await
            .unwrap_or_else(|| panic!("no matching REST call after the first {after} within {timeout:?}"))
    }

    /// Waits for the interaction callback of interaction `id` (panics on timeout).
    pub async fn wait_for_callback(&self, id: u64, timeout: Duration) -> RecordedCall {
        match self.try_wait_for_callback(id, timeout).await {
            Some(call) => call,
            None => {
                self.wait_for(
                    |c| c.callback_type().is_some() && c.interaction_id() == Some(id),
                    Duration::ZERO,
                )
                .await
            }
        }
    }

    /// Like [`Self::wait_for_callback`], `None` on timeout.
    pub async fn try_wait_for_callback(&self, id: u64, timeout: Duration) -> Option<RecordedCall> {
        self.wait_until(timeout, |state| state.callbacks.get(&id).map(|&i| state.calls[i].clone())).await
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
        if event == "INTERACTION_CREATE" {
            // Discord's 3 s for the initial response start when the event leaves.
            if let Some(token) = data["token"].as_str() {
                let info = state.interactions.entry(token.to_owned()).or_default();
                info.sent_at = Some(Instant::now());
            }
        }
        let frame = json!({ "op": 0, "t": event, "s": seq, "d": data });
        let connection = state.connection.as_ref().expect("a live gateway connection");
        connection.tx.send(Message::Text(frame.to_string())).expect("gateway connection open");
        seq
    }

    /// Returns once Discord's 3 s for the initial response to `interaction` (dispatched by this fake) are over:
    /// the fake keeps Discord's clock, so a test of a late answer waits for this event, not for a time of its own.
    pub async fn initial_response_expired(&self, interaction: &Value) {
        let token = interaction["token"].as_str().expect("an interaction's token");
        let sent_at = self.shared.lock().interactions.get(token).and_then(|i| i.sent_at);
        let sent_at = sent_at.expect("the interaction was dispatched");
        let closes = sent_at + limits::INITIAL_RESPONSE_DEADLINE + Duration::from_millis(50);
        tokio::time::sleep_until(tokio::time::Instant::from_std(closes)).await;
    }

    /// Dispatches an `INTERACTION_CREATE` event (see [`Self::slash`], [`Self::autocomplete`], [`Self::button`]).
    pub async fn send_interaction(&self, interaction: Value) -> u64 {
        self.send_dispatch("INTERACTION_CREATE", interaction).await
    }

    /// The id of the live gateway connection, if there is one (for [`Self::wait_reconnected`]).
    pub fn live_connection(&self) -> Option<u64> {
        self.shared.lock().connection.as_ref().filter(|c| c.live).map(|c| c.id)
    }

    /// Dispatches an interaction if a gateway session is live within `timeout`; whether it was sent (the bot may
    /// be down: killed, or reconnecting). What was not sent reached nobody, as with Discord.
    pub async fn try_send_interaction(&self, interaction: Value, timeout: Duration) -> bool {
        let live = self.wait_until(timeout, |s| s.connection.as_ref().is_some_and(|c| c.live).then_some(()));
        if live.await.is_none() {
            return false;
        }
        let mut state = self.shared.lock();
        let Some(connection) = state.connection.as_ref().filter(|c| c.live) else { return false };
        let tx = connection.tx.clone();
        state.seq += 1;
        let seq = state.seq;
        if let Some(token) = interaction["token"].as_str() {
            state.interactions.entry(token.to_owned()).or_default().sent_at = Some(Instant::now());
        }
        let frame = json!({ "op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": interaction });
        tx.send(Message::Text(frame.to_string())).is_ok()
    }

    /// Asks the client to reconnect and resume (op 7), as Discord does now and then.
    pub async fn request_reconnect(&self) {
        self.gateway_fault(Fault::Reconnect).await;
    }

    /// Makes `fault` on the live gateway connection (waiting up to 10 s for one); returns the connection's id,
    /// for [`Self::wait_reconnected`].
    pub async fn gateway_fault(&self, fault: Fault) -> u64 {
        use tokio_tungstenite::tungstenite::protocol::CloseFrame;
        self.wait_ready(CONNECT_TIMEOUT).await;
        let mut state = self.shared.lock();
        let connection = state.connection.as_ref().expect("a live gateway connection");
        let (id, tx) = (connection.id, connection.tx.clone());
        let text = |value: Value| Message::Text(value.to_string());
        let message = match fault {
            Fault::Drop => Message::Binary(gateway::DROP.to_vec()),
            Fault::Close(code) => {
                if matches!(code, 4007 | 4009) {
                    state.session_id = None;
                }
                Message::Close(Some(CloseFrame { code: code.into(), reason: "fault".into() }))
            }
            Fault::Reconnect => text(json!({ "op": 7, "d": null })),
            Fault::InvalidSession { resumable } => {
                if !resumable {
                    state.session_id = None;
                }
                text(json!({ "op": 9, "d": resumable }))
            }
            Fault::StopAcks => {
                state.no_acks_on = Some(id);
                return id;
            }
        };
        drop(tx.send(message));
        id
    }

    /// Waits until a live gateway session runs on a connection other than `old`; returns how long that took.
    pub async fn wait_reconnected(&self, old: u64, timeout: Duration) -> Duration {
        let started = Instant::now();
        let found =
            self.wait_until(timeout, |s| s.connection.as_ref().filter(|c| c.live && c.id != old).map(|_| ()));
        assert!(found.await.is_some(), "the bot was not connected again within {timeout:?}");
        started.elapsed()
    }
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
            // A refused accept (a connection reset before it was taken): take the next one.
            tokio::task::yield_now().await;
            continue;
        };
        connections.spawn(serve(stream, Arc::clone(&shared)));
    }
}

/// `user` as the session layer sees a member of the test guild.
pub fn actor(user: User) -> tabula::session::Actor {
    tabula::session::Actor::in_guild(tabula::session::Member::new(user.id, user.name), Some(GUILD_ID))
}

/// Alice challenges Bob to Tablut in the games channel (she plays first) and Bob accepts, through the session
/// layer; Bob's reply, the game's first public message.
pub async fn start_tablut(sessions: &tabula::session::Sessions) -> tabula::session::Reply {
    use tabula::session::{Member, OptionValue, parse_request};
    let play = parse_request(
        "play",
        &[
            ("game", OptionValue::Text("tablut".into())),
            ("opponent", OptionValue::User(Member::new(BOB.id, BOB.name))),
            ("side", OptionValue::Text("first".into())),
        ],
    )
    .unwrap();
    sessions.handle(GAMES_CHANNEL, &actor(ALICE), play).await;
    let none: &[(&str, OptionValue)] = &[];
    sessions.handle(GAMES_CHANNEL, &actor(BOB), parse_request("accept", none).unwrap()).await
}
