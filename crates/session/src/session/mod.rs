//! Game sessions, independent of any platform: one challenge or game per channel, players, turns and persistence.
//!
//! Every command is a plain async function from (who, where, what) to a [`Reply`] whose text is structure
//! ([`Text`]), rendered by each adapter. Commands in one channel are serialized by a per-channel async mutex, and
//! every write to the store is checked against the version it was decided on, so two moves sent at once can never
//! both apply. An accepted move is committed to the store before the reply is returned; a write that fails
//! changes nothing and the player is asked to try again.
//!
//! Each command is one module of [`commands`] (its declaration, its parsing, its run), which also holds the one
//! dispatch ([`Sessions::handle`]); see there for what adding a command takes. The work they share is split by
//! concern: [`request`] holds the option values and their readers, `challenges` opens and settles
//! challenges (and their expiry), `turns` plays and ends games, `ai_turn` lets the bot play, `messages` writes
//! the public texts.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::games::AnyGame;
use crate::store::{
    ClockRow, IntoShared, OfferRow, SessionRow, SessionState, SharedStore, Store, StoreError,
};

use commands::Failure;

mod ai_turn;
mod buttons;
mod challenges;
pub mod clocks;
pub(crate) mod coach;
pub mod commands;
pub mod component;
pub(crate) mod daily;
mod digest;
mod endings;
mod engine_text;
mod messages;
mod offers;
pub mod picker;
mod puzzles;
mod records;
mod reply;
pub(crate) mod request;
pub(crate) mod settings;
mod tactics;
pub(crate) mod text;
pub(crate) mod tournaments;
mod turns;
pub(crate) mod watch;

pub(crate) use challenges::Expired;
pub use clocks::{ClockChoice, Notice};
pub use component::{ComponentId, parse_component};
pub use daily::{day_at, puzzle_of_day};
pub use reply::{BoardPicture, Button, ButtonStyle, DrawnBoard, File, FileKind, Reply, Select, SelectOption};
pub use request::{OptionKind, OptionValue, Request, SidePref, parse_request};
pub use text::{Arg, Msg, Span, Text};
pub use tournaments::{TournamentBoard, TournamentSpec};
pub use watch::{Links, View};

/// A member of a channel, as the platform names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub id: u64,
    pub name: String,
    /// Whether this member is a bot account.
    pub bot: bool,
}

impl Member {
    pub fn new(id: u64, name: impl Into<String>) -> Self {
        Member { id, name: name.into(), bot: false }
    }
}

/// Who sends a command, and what they may do beyond playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub member: Member,
    /// Holds the platform's "manage messages" permission in the channel (may abort any game).
    pub can_manage: bool,
    /// Holds the platform's "manage server" permission (may change the server's `/settings`).
    pub can_manage_server: bool,
    /// The member's roles in the server (a role chosen in `/settings` may run tournaments).
    pub roles: Vec<u64>,
    /// The server the command comes from (`None` in a direct message).
    pub guild: Option<u64>,
    /// The languages of the interaction, for the pictures this layer draws itself (the rules' example board in
    /// the person's language, the leaderboard in the server's); texts are put in a language by the adapter.
    pub locales: crate::i18n::Locales,
}

impl Actor {
    /// A member without moderator rights, acting in `guild`, in English.
    pub fn in_guild(member: Member, guild: Option<u64>) -> Self {
        Actor {
            member,
            can_manage: false,
            can_manage_server: false,
            roles: Vec::new(),
            guild,
            locales: crate::i18n::Locales::default(),
        }
    }

    /// The same member reading and writing in `lang` (a page or a direct message, where no platform says).
    #[must_use]
    pub fn in_lang(self, lang: crate::i18n::Lang) -> Self {
        Actor { locales: crate::i18n::Locales { user: lang, public: lang }, ..self }
    }
}

/// Settings of the session layer.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    pub challenge_expiry: Duration,
    /// The AI's time budget per move at level 5 (lower levels use less).
    pub ai_time: Duration,
    /// Most AI searches running at once, across all channels.
    pub ai_concurrency: usize,
    /// Most channels kept in memory; beyond it, the idle ones are dropped (they reload from the store).
    pub max_cached_channels: usize,
    /// A channel untouched for this long is dropped from memory by [`Sessions::sweep`].
    pub cache_idle: Duration,
    /// The time per move when `/play` names none.
    pub default_clock: ClockChoice,
    /// Whether `/play` opens a thread for its game when it does not say.
    pub games_in_threads: bool,
    /// How long after its game ends a game thread is archived.
    pub thread_archive: Duration,
    /// Other processes write to the same store (several instances on one Postgres database): every command reads
    /// its channel afresh from the store instead of trusting what this process remembers.
    pub shared_store: bool,
}

/// The AI level used when a challenge of the bot names none.
pub(crate) const DEFAULT_LEVEL: u8 = 3;

/// Moves longer than this are refused before the engine reads them (no move's notation comes close).
pub const MAX_INPUT_CHARS: usize = 64;

/// The value of the one autocomplete choice that says whose turn it is: `/move` reads it as no move at all.
pub const NO_MOVE_CHOICE: &str = "?";

/// Setups (`/play setup:`) longer than this are refused before the engine reads them: a variant's name is short,
/// but a TZAAR position in notation takes 73 characters or more (a digit more for each stack).
pub(crate) const MAX_SETUP_CHARS: usize = 200;

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            challenge_expiry: Duration::from_secs(15 * 60),
            ai_time: Duration::from_secs(2),
            ai_concurrency: 2,
            max_cached_channels: 10_000,
            cache_idle: Duration::from_secs(60 * 60),
            default_clock: ClockChoice::ThreeDays,
            games_in_threads: false,
            thread_archive: Duration::from_secs(10 * 60),
            shared_store: false,
        }
    }
}

/// The clock, in whole seconds since the Unix epoch; replaceable in tests.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    })
}

/// What a channel holds, once loaded from the store.
enum Slot {
    /// Not read from the store yet (after a start or restart).
    Unloaded,
    Free,
    Open(Box<Live>),
}

/// An open session: its stored row and, once playing, the game rebuilt from it.
struct Live {
    row: SessionRow,
    game: Option<AnyGame>,
    /// The clock of the current turn (or of the challenge, before the game starts).
    clock: Option<ClockRow>,
    /// The offer made in this game, if any (valid only for the turn it was made in).
    offer: Option<OfferRow>,
}

impl Live {
    /// The players as pictures name them.
    fn names(&self) -> Vec<Text> {
        self.row.players.iter().map(|p| Text::new().player(p)).collect()
    }

    /// The picture of `game` as this session's players see it.
    fn picture(&self, game: AnyGame) -> BoardPicture {
        BoardPicture { game, names: self.names(), id: self.row.id, ended: None }
    }

    /// The seat `user` plays (not one the computer took over from them).
    fn seat_of(&self, user: u64) -> Option<usize> {
        self.row.players.iter().position(|p| p.id == user && !p.abandoned)
    }
}

/// A channel's place in the cache: its slot, and when it was last used (clock seconds).
struct Cached {
    slot: Arc<tokio::sync::Mutex<Slot>>,
    used: i64,
}

/// All channels' sessions over one store.
pub struct Sessions {
    /// Any store, behind one pointer: the session layer and the adapters above it compile once, not once for each
    /// kind of store.
    store: SharedStore,
    config: SessionConfig,
    clock: Clock,
    slots: Mutex<HashMap<u64, Cached>>,
    /// The bot's own user id, once known: challenging it starts a game against the AI.
    bot_id: AtomicU64,
    /// A random number naming this process in the claims it makes in the store.
    process: u64,
    /// Bounds the AI searches running at once.
    ai_slots: Arc<tokio::sync::Semaphore>,
    /// Channels whose AI is thinking, so that one search runs per channel.
    ai_busy: Mutex<HashSet<u64>>,
    /// Whether the shipped tactics were stored (each process stores those its store lacks, once).
    tactics_stocked: std::sync::atomic::AtomicBool,
    /// The background searches for tactics in finished games still running ([`Sessions::tactic_jobs_done`]).
    tactic_jobs: std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// Challenges found expired when their channel was touched, not yet reported by [`Sessions::sweep`].
    expired: Mutex<Vec<Expired>>,
    /// Expired challenges already reported without their message (the adapter had not recorded it yet), newest
    /// last and at most [`ORPHANS`]: when the message is recorded late, the expiry is reported again with it.
    orphans: Mutex<std::collections::VecDeque<Expired>>,
    /// Wakes the clock task when a deadline may have moved closer.
    clock_changed: tokio::sync::Notify,
    /// Servers' settings as last read or written (read afresh each time with a shared store).
    settings: settings::SettingsCache,
    /// The server of each channel whose session was loaded, for the language of messages sent without an
    /// interaction ([`Sessions::channel_language`]).
    guilds: std::sync::Mutex<HashMap<u64, u64>>,
    /// How the bot links to the web board, once set ([`Sessions::set_links`]).
    links: std::sync::OnceLock<watch::Links>,
    /// The channels whose games changed, for the live pages ([`Sessions::changes`]).
    changes: tokio::sync::broadcast::Sender<u64>,
    /// Public replies of requests that came from elsewhere (a web page), for the platform adapter to post.
    announced_queue: Mutex<Vec<Notice>>,
    announce_wake: tokio::sync::Notify,
    /// What the operator watches (`/metrics`).
    metrics: Arc<crate::metrics::Metrics>,
    /// The last forget of the store's log this process has caught up with ([`Sessions::sweep`]); `None` before
    /// the first sweep.
    forgotten_seen: tokio::sync::Mutex<Option<i64>>,
}

impl Sessions {
    pub fn new(store: impl IntoShared, config: SessionConfig) -> Self {
        Self::with_clock(store, config, system_clock())
    }

    pub fn with_clock(store: impl IntoShared, config: SessionConfig, clock: Clock) -> Self {
        Self::shared(store.into_shared(), config, clock)
    }

    fn shared(store: SharedStore, config: SessionConfig, clock: Clock) -> Self {
        let ai_slots = Arc::new(tokio::sync::Semaphore::new(config.ai_concurrency.max(1)));
        Sessions {
            store,
            config,
            clock,
            slots: Mutex::new(HashMap::new()),
            bot_id: AtomicU64::new(0),
            process: rand::random(),
            ai_slots,
            ai_busy: Mutex::new(HashSet::new()),
            tactics_stocked: std::sync::atomic::AtomicBool::new(false),
            tactic_jobs: std::sync::Mutex::default(),
            expired: Mutex::new(Vec::new()),
            orphans: Mutex::new(std::collections::VecDeque::new()),
            clock_changed: tokio::sync::Notify::new(),
            settings: settings::SettingsCache::default(),
            guilds: std::sync::Mutex::default(),
            links: std::sync::OnceLock::new(),
            changes: tokio::sync::broadcast::channel(1024).0,
            announced_queue: Mutex::new(Vec::new()),
            announce_wake: tokio::sync::Notify::new(),
            metrics: Arc::default(),
            forgotten_seen: tokio::sync::Mutex::new(None),
        }
    }

    /// Tells the layer the bot's own user id (from the platform's ready event).
    pub fn set_bot_id(&self, id: u64) {
        self.bot_id.store(id, Ordering::Relaxed);
    }

    pub(crate) fn bot_id(&self) -> Option<u64> {
        Some(self.bot_id.load(Ordering::Relaxed)).filter(|&id| id != 0)
    }

    pub fn store(&self) -> &dyn Store {
        &*self.store
    }

    /// The store as the type it was made with, or `None` if it is another: for what reaches past the trait (a
    /// backup of SQLite's file, a test double's faults).
    pub fn store_as<T: Store>(&self) -> Option<&T> {
        let store: &dyn std::any::Any = &*self.store;
        store.downcast_ref()
    }

    /// The process's metrics, which the adapters add to and the web listener serves.
    pub fn metrics(&self) -> &Arc<crate::metrics::Metrics> {
        &self.metrics
    }

    /// Whether the store answers (a read that touches the database), for `/readyz`.
    pub async fn store_ready(&self) -> bool {
        self.store.open_session(0).await.is_ok()
    }

    /// Reads how many games are being played into the metrics (when they are scraped).
    pub async fn count_open_games(&self) {
        match self.store.open_sessions().await {
            Ok(open) => {
                let playing = open.iter().filter(|s| s.state == SessionState::Playing).count();
                self.metrics.set_open_games(playing);
            }
            Err(e) => {
                self.metrics.store_error();
                tracing::warn!(error = %e, "cannot count the open games");
            }
        }
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn slot(&self, channel: u64) -> Arc<tokio::sync::Mutex<Slot>> {
        let now = self.now();
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        if slots.len() >= self.config.max_cached_channels && !slots.contains_key(&channel) {
            trim(&mut slots, self.config.max_cached_channels.saturating_sub(1), i64::MIN);
        }
        let cached = slots
            .entry(channel)
            .or_insert_with(|| Cached { slot: Arc::new(tokio::sync::Mutex::new(Slot::Unloaded)), used: now });
        cached.used = now;
        cached.slot.clone()
    }

    /// How many channels are held in memory.
    pub fn cached_channels(&self) -> usize {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Forgets every cached session, as a restart would; the next command reloads from the store.
    pub fn forget_cache(&self) {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// Drops from memory the channels nobody is using that are free or idle for longer than the config allows.
    fn trim_cache(&self) {
        let idle_before = self.now().saturating_sub(self.config.cache_idle.as_secs() as i64);
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        trim(&mut slots, self.config.max_cached_channels, idle_before);
    }

    /// Legal moves matching `typed` for `user` in `channel`, at most `limit`, for autocomplete. Empty when it is
    /// not their move.
    pub async fn suggest(&self, channel: u64, user: u64, typed: &str, limit: usize) -> Vec<String> {
        self.suggest_or_why(channel, user, typed, limit).await.unwrap_or_default()
    }

    /// Like [`Self::suggest`], but when it is another player's turn, the sentence saying whose (an autocomplete
    /// can show it as its one choice, with [`NO_MOVE_CHOICE`] as the value).
    pub async fn suggest_or_why(
        &self,
        channel: u64,
        user: u64,
        typed: &str,
        limit: usize,
    ) -> Result<Vec<String>, Text> {
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        if self.load(channel, &mut slot).await.is_err() {
            return Ok(Vec::new());
        }
        let Slot::Open(live) = &*slot else { return Ok(Vec::new()) };
        let Some(game) = &live.game else { return Ok(Vec::new()) };
        let Some(seat) = game.to_move() else { return Ok(Vec::new()) };
        let Some(mover) = live.row.players.get(seat) else { return Ok(Vec::new()) };
        if mover.id == user && !mover.abandoned {
            return Ok(game.suggest(typed, limit));
        }
        // A spectator gets nothing, and so does a player who left (the computer plays their seat now).
        if live.seat_of(user).is_none() || mover.id == user {
            return Ok(Vec::new());
        }
        Err(if mover.level.is_some() {
            crate::t!("not-your-turn-thinking", player = Text::new().player(mover))
        } else {
            crate::t!("not-your-turn", player = Text::new().player(mover), seat = messages::seat(game, seat))
        })
    }

    /// Reads the channel's open session from the store if it is not cached, and closes a lapsed challenge.
    async fn load(&self, channel: u64, slot: &mut Slot) -> Result<(), Failure> {
        if self.config.shared_store {
            *slot = Slot::Unloaded;
        }
        if matches!(slot, Slot::Unloaded) {
            *slot = match self.store.open_session(channel).await? {
                None => Slot::Free,
                Some(record) => {
                    if let Some(guild) = record.guild {
                        self.guilds
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .insert(channel, guild);
                    }
                    let game = if record.state == SessionState::Playing {
                        match AnyGame::replay(record.game, &record.setup, &record.moves) {
                            Ok(game) => Some(game),
                            Err(e) => {
                                return Err(Failure::Store(StoreError::Corrupt(format!(
                                    "session {} does not replay: {e}",
                                    record.id
                                ))));
                            }
                        }
                    } else {
                        None
                    };
                    let clock = self.store.clock(record.id).await?;
                    let offer = self.store.offer(record.id).await?;
                    let mut live = Live { row: record, game, clock, offer };
                    // A move stored without its turn's clock (a crash between the two writes): the turn starts now.
                    if let (Some(game), Some(clock)) = (live.game.clone(), &live.clock)
                        && clock.ply != live.row.moves.len()
                    {
                        self.start_turn(&mut live, &game).await;
                    }
                    Slot::Open(Box::new(live))
                }
            };
        }
        if let Slot::Open(live) = slot
            && live.row.state == SessionState::Challenge
            && self.now() >= live.row.expires_at
        {
            let expired = self.expire(live).await?;
            self.expired.lock().unwrap_or_else(PoisonError::into_inner).extend(expired);
            *slot = Slot::Free;
        }
        if let Slot::Open(live) = slot {
            // The game of the interaction being handled (a move, a lookup, an autocomplete), for its log lines.
            tracing::Span::current().record("game", live.row.id);
        }
        Ok(())
    }

    /// Adds the clock line to a reply that shows the board of a game still being played.
    fn add_clock(&self, slot: &Slot, mut reply: Reply) -> Reply {
        if let (Some(board), Slot::Open(live)) = (&reply.board, slot)
            && live.game.is_some()
        {
            reply.clock = self.clock_caption(live, &board.game);
        }
        let reply = buttons::add_move_button(slot, reply);
        self.add_web_buttons(slot, reply)
    }

    /// Adds, when the web board is on, the link to the game's page under a public reply that shows a game, and
    /// the Play in browser button while it is played.
    fn add_web_buttons(&self, slot: &Slot, mut reply: Reply) -> Reply {
        let (Some(links), Some(board)) = (self.links(), &reply.board) else { return reply };
        if reply.ephemeral || board.id == 0 || reply.buttons.len() > 3 {
            return reply;
        }
        let id = board.id;
        if let Slot::Open(live) = slot
            && live.row.id == id
            && live.game.is_some()
        {
            let channel = live.row.channel;
            reply.buttons.push(Button::new(
                Text::new().key("web-play-button"),
                ComponentId::new(channel, component::Action::Web { session: id }),
                ButtonStyle::Secondary,
            ));
        }
        reply.buttons.push(Button::link(Text::new().key("web-watch-button"), links.watch_url(id)));
        reply
    }
}

/// Drops cached channels that nobody holds: every free (or never loaded) one, every one unused since
/// `idle_before`, and then the least recently used until at most `keep` remain.
fn trim(slots: &mut HashMap<u64, Cached>, keep: usize, idle_before: i64) {
    let mut candidates: Vec<(i64, u64, bool)> = slots
        .iter()
        .filter(|(_, c)| Arc::strong_count(&c.slot) == 1)
        .filter_map(|(&channel, c)| {
            // A slot held by nobody locks at once; a failed try means someone is using it.
            let slot = c.slot.try_lock().ok()?;
            Some((c.used, channel, matches!(*slot, Slot::Open(_))))
        })
        .collect();
    candidates.sort_unstable();
    let mut excess = slots.len().saturating_sub(keep);
    for (used, channel, open) in candidates {
        if !open || used < idle_before || excess > 0 {
            slots.remove(&channel);
            excess = excess.saturating_sub(1);
        }
    }
}
