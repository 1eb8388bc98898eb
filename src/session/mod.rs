//! Game sessions, independent of Discord: one challenge or game per channel, players, turns and persistence.
//!
//! Every command is a plain async function from (who, where, what) to a [`Reply`]. Commands in one channel are
//! serialized by a per-channel async mutex, and every write to the store is checked against the version it was
//! decided on, so two moves sent at once can never both apply. An accepted move is committed to the store before
//! the reply is returned.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::games::{AnyGame, GameKind, Outcome, Played, Setup};
use crate::store::{NewSession, PlayerRecord, SessionRecord, SessionState, Store, StoreError};

mod reply;

pub use reply::{Board, Button, ButtonStyle, Reply};

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
}

/// Which seat the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SidePref {
    First,
    Second,
    #[default]
    Random,
}

/// A command, already read from the platform's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Play {
        game: GameKind,
        opponents: Vec<Member>,
        variant: Option<String>,
        side: SidePref,
        /// The AI level when the bot itself is challenged.
        level: Option<u8>,
    },
    /// Accept a challenge; `session` is set when it comes from a button naming one.
    Accept {
        session: Option<i64>,
    },
    Decline {
        session: Option<i64>,
    },
    Withdraw {
        session: Option<i64>,
    },
    Move {
        text: String,
    },
    Board,
    Resign,
    Abort,
    Help {
        game: Option<GameKind>,
    },
}

/// Settings of the session layer.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    pub challenge_expiry: Duration,
    /// The AI's time budget per move at level 5 (lower levels use less).
    pub ai_time: Duration,
    /// Most AI searches running at once, across all channels.
    pub ai_concurrency: usize,
}

/// The AI level used when a challenge of the bot names none.
pub const DEFAULT_LEVEL: u8 = 3;

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            challenge_expiry: Duration::from_secs(15 * 60),
            ai_time: Duration::from_secs(2),
            ai_concurrency: 2,
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

/// An open session: its stored record and, once playing, the game rebuilt from it.
struct Live {
    record: SessionRecord,
    game: Option<AnyGame>,
}

impl Live {
    fn names(&self) -> Vec<String> {
        self.record.players.iter().map(|p| p.name.clone()).collect()
    }

    fn seat_of(&self, user: u64) -> Option<usize> {
        self.record.players.iter().position(|p| p.id == user)
    }

    fn vs_line(&self) -> String {
        self.names().join(" vs ")
    }
}

/// All channels' sessions over one store.
pub struct Sessions<S: Store> {
    store: S,
    config: SessionConfig,
    clock: Clock,
    slots: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<Slot>>>>,
    /// The bot's own user id, once known: challenging it starts a game against the AI.
    bot_id: AtomicU64,
    /// Bounds the AI searches running at once.
    ai_slots: Arc<tokio::sync::Semaphore>,
    /// Channels whose AI is thinking, so that one search runs per channel.
    ai_busy: Mutex<HashSet<u64>>,
}

/// Most suggestions a platform shows at once (Discord's autocomplete limit).
pub const MAX_SUGGESTIONS: usize = 25;

impl<S: Store> Sessions<S> {
    pub fn new(store: S, config: SessionConfig) -> Self {
        Self::with_clock(store, config, system_clock())
    }

    pub fn with_clock(store: S, config: SessionConfig, clock: Clock) -> Self {
        let ai_slots = Arc::new(tokio::sync::Semaphore::new(config.ai_concurrency.max(1)));
        Sessions {
            store,
            config,
            clock,
            slots: Mutex::new(HashMap::new()),
            bot_id: AtomicU64::new(0),
            ai_slots,
            ai_busy: Mutex::new(HashSet::new()),
        }
    }

    /// Tells the layer the bot's own user id (from the platform's ready event).
    pub fn set_bot_id(&self, id: u64) {
        self.bot_id.store(id, Ordering::Relaxed);
    }

    pub fn bot_id(&self) -> Option<u64> {
        Some(self.bot_id.load(Ordering::Relaxed)).filter(|&id| id != 0)
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn slot(&self, channel: u64) -> Arc<tokio::sync::Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        slots.entry(channel).or_insert_with(|| Arc::new(tokio::sync::Mutex::new(Slot::Unloaded))).clone()
    }

    /// Forgets every cached session, as a restart would; the next command reloads from the store.
    pub fn forget_cache(&self) {
        self.slots.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
    }

    /// Runs one command in a channel and returns what to answer.
    pub async fn handle(&self, channel: u64, actor: &Actor, request: Request) -> Reply {
        if let Request::Help { game } = &request {
            return help(*game);
        }
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        match self.handle_locked(channel, actor, request, &mut slot).await {
            Ok(reply) => reply,
            Err(Failure::Store(e)) => {
                tracing::error!(channel, error = %e, "store failure");
                // The cache may now be ahead of or behind the store: reload on the next command.
                *slot = Slot::Unloaded;
                Reply::private(
                    "Something went wrong on our side and nothing was changed; please try again in a moment.",
                )
            }
            Err(Failure::Conflict) => {
                *slot = Slot::Unloaded;
                Reply::private(
                    "The game changed while your command was being handled; look at /board and try again.",
                )
            }
        }
    }

    /// Legal moves matching `typed` for `user` in `channel`, for autocomplete. Empty when it is not their move.
    pub async fn suggest(&self, channel: u64, user: u64, typed: &str) -> Vec<String> {
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        if self.load(channel, &mut slot).await.is_err() {
            return Vec::new();
        }
        let Slot::Open(live) = &*slot else { return Vec::new() };
        let Some(game) = &live.game else { return Vec::new() };
        match game.to_move() {
            Some(seat) if live.record.players.get(seat).is_some_and(|p| p.id == user) => {
                game.suggest(typed, MAX_SUGGESTIONS)
            }
            _ => Vec::new(),
        }
    }

    /// Reads the channel's open session from the store if it is not cached, and closes a lapsed challenge.
    async fn load(&self, channel: u64, slot: &mut Slot) -> Result<(), Failure> {
        if matches!(slot, Slot::Unloaded) {
            *slot = match self.store.open_session(channel).await? {
                None => Slot::Free,
                Some(record) => {
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
                    Slot::Open(Box::new(Live { record, game }))
                }
            };
        }
        if let Slot::Open(live) = slot
            && live.record.state == SessionState::Challenge
            && self.now() >= live.record.expires_at
        {
            match self
                .store
                .transition(live.record.id, SessionState::Challenge, SessionState::Expired, None, self.now())
                .await
            {
                Ok(()) | Err(StoreError::Conflict) => *slot = Slot::Free,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    async fn handle_locked(
        &self,
        channel: u64,
        actor: &Actor,
        request: Request,
        slot: &mut Slot,
    ) -> Result<Reply, Failure> {
        self.load(channel, slot).await?;
        match request {
            Request::Play { game, opponents, variant, side, level } => {
                self.play(channel, actor, slot, game, opponents, variant, side, level).await
            }
            Request::Accept { session } => self.accept(actor, slot, session).await,
            Request::Decline { session } => self.decline(actor, slot, session).await,
            Request::Withdraw { session } => self.withdraw(actor, slot, session).await,
            Request::Move { text } => self.move_(actor, slot, &text).await,
            Request::Board => Ok(board(slot)),
            Request::Resign => self.resign(actor, slot).await,
            Request::Abort => self.abort(actor, slot).await,
            Request::Help { game } => Ok(help(game)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn play(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        kind: GameKind,
        opponents: Vec<Member>,
        variant: Option<String>,
        side: SidePref,
        level: Option<u8>,
    ) -> Result<Reply, Failure> {
        if let Slot::Open(live) = slot {
            let what = match live.record.state {
                SessionState::Challenge => "an open challenge",
                _ => "a game in progress",
            };
            return Ok(Reply::private(format!(
                "This channel already has {what} ({} of {}); start yours in a thread or another channel.",
                live.record.game.title(),
                live.vs_line()
            )));
        }
        if let Err(why) = check_lineup(kind, &actor.member, &opponents, self.bot_id()) {
            return Ok(Reply::private(why));
        }
        let level = level.unwrap_or(DEFAULT_LEVEL);
        if !crate::ai::LEVELS.contains(&level) {
            return Ok(Reply::private(format!(
                "There is no level {level}: choose a level from 1 (gentle) to 5 (strongest)."
            )));
        }
        let seed: u64 = rand::random();
        let mut players: Vec<PlayerRecord> = std::iter::once(&actor.member)
            .chain(opponents.iter())
            .map(|m| {
                let ai = Some(m.id) == self.bot_id();
                PlayerRecord {
                    id: m.id,
                    name: if ai { format!("Tabula (level {level})") } else { m.name.clone() },
                    accepted: ai || m.id == actor.member.id,
                    level: ai.then_some(level),
                }
            })
            .collect();
        let challenger_first = match side {
            SidePref::First => true,
            SidePref::Second => false,
            SidePref::Random => seed & 1 == 0,
        };
        if !challenger_first {
            players.rotate_left(1);
        }
        let setup = Setup {
            variant: variant.unwrap_or_default().trim().to_ascii_lowercase(),
            seed,
            seats: opponents.len() + 1,
        };
        let preview = match AnyGame::new(kind, &setup) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::private(e.0)),
        };
        let now = self.now();
        let expires_at = now + self.config.challenge_expiry.as_secs() as i64;
        let against_ai_only = players.iter().all(|p| p.accepted);
        let new = NewSession {
            channel,
            game: kind,
            setup,
            players,
            challenger: actor.member.id,
            state: if against_ai_only { SessionState::Playing } else { SessionState::Challenge },
            now,
            expires_at,
        };
        let id = match self.store.create(&new).await {
            Ok(id) => id,
            Err(StoreError::Conflict) => {
                *slot = Slot::Unloaded;
                return Ok(Reply::private(
                    "Another challenge was just made in this channel; start yours in a thread or another channel.",
                ));
            }
            Err(e) => return Err(e.into()),
        };
        let record = SessionRecord {
            id,
            channel,
            game: kind,
            setup: new.setup,
            players: new.players,
            challenger: new.challenger,
            state: new.state,
            moves: Vec::new(),
            result: None,
            created_at: now,
            expires_at,
            message: None,
        };
        if against_ai_only {
            return Ok(start_game(slot, record, preview));
        }
        let live = Live { record, game: None };
        let text = self.challenge_text(&actor.member, &opponents, &live, &preview, level);
        let buttons = challenge_buttons(channel, id);
        *slot = Slot::Open(Box::new(live));
        Ok(Reply::public(text).with_buttons(buttons))
    }

    /// The public text of a new challenge: who challenges whom, who plays what, and how to answer.
    fn challenge_text(
        &self,
        challenger: &Member,
        opponents: &[Member],
        live: &Live,
        preview: &AnyGame,
        level: u8,
    ) -> String {
        let kind = live.record.game;
        let mut text = format!(
            "**{}** challenges {} to a game of **{}**.\n",
            challenger.name,
            opponents
                .iter()
                .map(|o| if Some(o.id) == self.bot_id() {
                    format!("Tabula (level {level})")
                } else {
                    mention(o.id)
                })
                .collect::<Vec<_>>()
                .join(", "),
            kind.title()
        );
        for (seat, p) in live.record.players.iter().enumerate() {
            let _ = writeln!(text, "- {} plays {}", p.name, preview.seat_label(seat));
        }
        let minutes = self.config.challenge_expiry.as_secs().div_ceil(60);
        let _ = write!(
            text,
            "Accept or decline within {minutes} minute{}, with the buttons or /accept and /decline.",
            if minutes == 1 { "" } else { "s" }
        );
        text
    }

    /// Finds the open challenge a command or button is about, or says why there is none.
    fn challenge(slot: &mut Slot, session: Option<i64>) -> Result<&mut Live, String> {
        let stale = || "That challenge is no longer open; start a new one with /play.".to_string();
        match slot {
            Slot::Open(live) if session.is_none_or(|id| id == live.record.id) => {
                if live.record.state == SessionState::Challenge {
                    Ok(live)
                } else if session.is_some() {
                    Err("That challenge was accepted already: the game is on; see /board.".to_string())
                } else {
                    Err("The game in this channel has already started; see /board.".to_string())
                }
            }
            _ if session.is_some() => Err(stale()),
            _ => Err("There is no open challenge in this channel; start one with /play.".to_string()),
        }
    }

    async fn accept(&self, actor: &Actor, slot: &mut Slot, session: Option<i64>) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        let user = actor.member.id;
        let Some(seat) = live.seat_of(user) else {
            return Ok(Reply::private(format!(
                "This challenge is for {}; you can start your own game in another channel or a thread.",
                live.vs_line()
            )));
        };
        if live.record.challenger == user {
            return Ok(Reply::private(
                "You made this challenge; wait for your opponents to accept, or withdraw it with the button.",
            ));
        }
        if live.record.players[seat].accepted {
            return Ok(Reply::private("You have already accepted; waiting for the others."));
        }
        let now = self.now();
        let mut players = live.record.players.clone();
        players[seat].accepted = true;
        let waiting: Vec<&PlayerRecord> = players.iter().filter(|p| !p.accepted).collect();
        if !waiting.is_empty() {
            let waiting_text = waiting.iter().map(|p| mention(p.id)).collect::<Vec<_>>().join(", ");
            self.store.accept(live.record.id, &players, false, now).await?;
            live.record.players = players;
            return Ok(Reply::public(format!(
                "**{}** accepted the {} challenge. Still waiting for {waiting_text}.",
                actor.member.name,
                live.record.game.title()
            ))
            .with_buttons(challenge_buttons(live.record.channel, live.record.id)));
        }
        let game = AnyGame::new(live.record.game, &live.record.setup).map_err(|e| {
            Failure::Store(StoreError::Corrupt(format!("challenge {} has a bad setup: {e}", live.record.id)))
        })?;
        // One atomic write: a failure leaves the challenge exactly as it was, never half accepted.
        self.store.accept(live.record.id, &players, true, now).await?;
        live.record.players = players;
        live.record.state = SessionState::Playing;
        let text = format!(
            "**{}** accepted. The game of **{}** begins: {}.\n{}",
            actor.member.name,
            live.record.game.title(),
            lineup(live, &game),
            turn_line(live, &game)
        );
        let board = Board { game: game.clone(), names: live.names() };
        live.game = Some(game);
        Ok(Reply::public(text).with_board(board))
    }

    async fn decline(&self, actor: &Actor, slot: &mut Slot, session: Option<i64>) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        let user = actor.member.id;
        if live.record.challenger == user {
            return self.withdraw(actor, slot, session).await;
        }
        if live.seat_of(user).is_none() {
            return Ok(Reply::private(format!(
                "This challenge is for {}; it is not yours to decline.",
                live.vs_line()
            )));
        }
        self.store
            .transition(live.record.id, SessionState::Challenge, SessionState::Declined, None, self.now())
            .await?;
        let text = format!(
            "**{}** declined the {} challenge from {}.",
            actor.member.name,
            live.record.game.title(),
            mention(live.record.challenger)
        );
        *slot = Slot::Free;
        Ok(Reply::public(text))
    }

    async fn withdraw(&self, actor: &Actor, slot: &mut Slot, session: Option<i64>) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        if live.record.challenger != actor.member.id {
            return Ok(Reply::private(
                "Only the player who made the challenge can withdraw it; you can decline it instead.",
            ));
        }
        self.store
            .transition(live.record.id, SessionState::Challenge, SessionState::Withdrawn, None, self.now())
            .await?;
        let text = format!("**{}** withdrew the {} challenge.", actor.member.name, live.record.game.title());
        *slot = Slot::Free;
        Ok(Reply::public(text))
    }

    /// The game of the channel, or the sentence saying why there is none to act on.
    fn game_of(slot: &mut Slot) -> Result<(&mut Live, AnyGame), String> {
        match slot {
            Slot::Open(live) => match &live.game {
                Some(game) => {
                    let game = game.clone();
                    Ok((live, game))
                }
                None => Err(format!(
                    "The game has not started yet: it waits for {} to accept.",
                    live.record
                        .players
                        .iter()
                        .filter(|p| !p.accepted)
                        .map(|p| p.name.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            },
            _ => Err("There is no game in this channel; start one with /play.".to_string()),
        }
    }

    async fn move_(&self, actor: &Actor, slot: &mut Slot, text: &str) -> Result<Reply, Failure> {
        let (live, mut game) = match Self::game_of(slot) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Ok(Reply::private(format!(
                "You are not playing in this game ({}); start your own in a thread or another channel.",
                live.vs_line()
            )));
        };
        let Some(to_move) = game.to_move() else {
            return Ok(Reply::private("This game is over; start a new one with /play."));
        };
        if to_move != seat && live.record.players[to_move].level.is_some() {
            return Ok(Reply::private(format!(
                "It is not your turn: {} is thinking; its move will appear here.",
                live.record.players[to_move].name
            )));
        }
        if to_move != seat {
            return Ok(Reply::private(format!(
                "It is not your turn: {} ({}) is to move.",
                live.record.players[to_move].name,
                game.seat_label(to_move)
            )));
        }
        if text.trim().is_empty() {
            return Ok(Reply::private(
                "Write a move after /move, for example the ones the autocomplete offers.",
            ));
        }
        let played = match game.play_text(text) {
            Ok(played) => played,
            Err(e) => return Ok(Reply::private(e.to_string())),
        };
        self.commit(slot, game, &played).await
    }

    /// Stores moves just played on a copy of the channel's game, then makes that copy the game and builds the
    /// public reply. Nothing changes when the store refuses.
    async fn commit(&self, slot: &mut Slot, game: AnyGame, played: &[Played]) -> Result<Reply, Failure> {
        let Slot::Open(live) = slot else { return Err(Failure::Conflict) };
        let version = live.record.moves.len();
        let moves: Vec<(usize, String)> = played.iter().map(|p| (p.seat, p.notation.clone())).collect();
        let outcome = game.outcome();
        let result = outcome.as_ref().map(|o| result_line(live, &game, o));
        match self.store.append_moves(live.record.id, version, &moves, result.as_deref(), self.now()).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(Failure::Conflict),
            Err(e) => return Err(e.into()),
        }
        live.record.moves.extend(moves.into_iter().map(|(_, m)| m));
        let mut text = played_line(live, &game, played);
        text.push('\n');
        text.push_str(&match &result {
            Some(result) => result.clone(),
            None => turn_line(live, &game),
        });
        let board = Board { game: game.clone(), names: live.names() };
        if result.is_some() {
            *slot = Slot::Free;
        } else {
            live.game = Some(game);
        }
        Ok(Reply::public(text).with_board(board))
    }

    /// Channels with a game in which the bot holds a seat: after a restart, their AI may owe a move.
    pub async fn ai_channels(&self) -> Vec<u64> {
        match self.store.open_sessions().await {
            Ok(list) => list
                .into_iter()
                .filter(|s| s.state == SessionState::Playing && s.players.iter().any(|p| p.level.is_some()))
                .map(|s| s.channel)
                .collect(),
            Err(e) => {
                tracing::error!(error = %e, "cannot list the games of the AI");
                Vec::new()
            }
        }
    }

    /// When the bot is to move in `channel`: thinks (on a blocking thread, within the cap on searches, without
    /// holding the channel, so `/board` and `/resign` still answer at once), then plays and stores its move(s).
    /// `None` when the bot has nothing to do, another search already runs there, or the game changed meanwhile.
    pub async fn ai_turn(&self, channel: u64) -> Option<Reply> {
        let _busy = Busy::claim(&self.ai_busy, channel)?;
        let (game, version, seat, level) = {
            let slot = self.slot(channel);
            let mut slot = slot.lock().await;
            self.load(channel, &mut slot).await.ok()?;
            let Slot::Open(live) = &*slot else { return None };
            let game = live.game.as_ref()?;
            let seat = game.to_move()?;
            let level = live.record.players.get(seat)?.level?;
            (game.clone(), live.record.moves.len(), seat, level)
        };
        let seed = game.setup().seed ^ (version as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let limits = crate::ai::Limits::level(game.kind(), level, self.config.ai_time, seed);
        let permit = self.ai_slots.clone().acquire_owned().await.ok()?;
        let thinking = game.clone();
        let report = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            crate::ai::think(&thinking, &limits)
        })
        .await
        .ok()?;
        tracing::debug!(channel, depth = report.depth, nodes = report.nodes, score = report.score, "AI move");
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        self.load(channel, &mut slot).await.ok()?;
        let Slot::Open(live) = &*slot else { return None };
        if live.record.moves.len() != version || live.game.as_ref().and_then(AnyGame::to_move) != Some(seat) {
            return None;
        }
        let mut next = game;
        let mut played = Vec::new();
        for m in &report.moves {
            match next.play_text(m) {
                Ok(p) => played.extend(p),
                Err(e) => {
                    tracing::error!(channel, mv = %m, error = %e, "the AI chose a refused move");
                    return None;
                }
            }
        }
        let reply = self.commit(&mut slot, next, &played).await;
        if reply.is_err() {
            *slot = Slot::Unloaded;
        }
        reply.ok()
    }

    async fn resign(&self, actor: &Actor, slot: &mut Slot) -> Result<Reply, Failure> {
        let (live, game) = match Self::game_of(slot) {
            Ok(found) => found,
            Err(why) => return Ok(Reply::private(why)),
        };
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Ok(Reply::private(format!("You are not playing in this game ({}).", live.vs_line())));
        };
        let others: Vec<&PlayerRecord> =
            live.record.players.iter().filter(|p| p.id != actor.member.id).collect();
        let result = if others.len() == 1 {
            let winner = live.seat_of(others[0].id).unwrap_or(0);
            format!(
                "**{}** ({}) resigned. **{}** ({}) wins.",
                actor.member.name,
                game.seat_label(seat),
                others[0].name,
                game.seat_label(winner)
            )
        } else {
            format!(
                "**{}** ({}) resigned; the game ends without a winner.",
                actor.member.name,
                game.seat_label(seat)
            )
        };
        self.store
            .transition(
                live.record.id,
                SessionState::Playing,
                SessionState::Finished,
                Some(&result),
                self.now(),
            )
            .await?;
        let board = Board { game, names: live.names() };
        *slot = Slot::Free;
        Ok(Reply::public(result).with_board(board))
    }

    async fn abort(&self, actor: &Actor, slot: &mut Slot) -> Result<Reply, Failure> {
        let Slot::Open(live) = slot else {
            return Ok(Reply::private("There is no game in this channel to abort."));
        };
        let is_player = live.seat_of(actor.member.id).is_some();
        let before_first_move = live.record.moves.is_empty();
        if !(actor.can_manage || (is_player && before_first_move)) {
            let why = if is_player {
                "Moves have been played, so the game can no longer be aborted; you can /resign instead."
            } else {
                "Only the players (before the first move) or a member who can manage messages can abort this game."
            };
            return Ok(Reply::private(why));
        }
        let from = live.record.state;
        let result = format!("aborted by {}", actor.member.name);
        self.store.transition(live.record.id, from, SessionState::Aborted, Some(&result), self.now()).await?;
        let text = format!(
            "**{}** aborted the {} {} ({}).",
            actor.member.name,
            live.record.game.title(),
            if from == SessionState::Challenge { "challenge" } else { "game" },
            live.vs_line()
        );
        *slot = Slot::Free;
        Ok(Reply::public(text))
    }
}

/// Starts a game whose players have all accepted (a challenge of the bot alone) and shows its first board.
fn start_game(slot: &mut Slot, record: SessionRecord, game: AnyGame) -> Reply {
    let mut live = Live { record, game: None };
    let text = format!(
        "The game of **{}** begins: {}.\n{}",
        live.record.game.title(),
        lineup(&live, &game),
        turn_line(&live, &game)
    );
    let board = Board { game: game.clone(), names: live.names() };
    live.game = Some(game);
    *slot = Slot::Open(Box::new(live));
    Reply::public(text).with_board(board)
}

/// Marks a channel's AI as thinking for as long as it lives.
struct Busy<'a> {
    set: &'a Mutex<HashSet<u64>>,
    channel: u64,
}

impl<'a> Busy<'a> {
    fn claim(set: &'a Mutex<HashSet<u64>>, channel: u64) -> Option<Self> {
        let fresh = set.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(channel);
        fresh.then_some(Busy { set, channel })
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.set.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&self.channel);
    }
}

/// Why a command could not be carried out, beyond the player's own mistakes.
enum Failure {
    Store(StoreError),
    Conflict,
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => Failure::Conflict,
            other => Failure::Store(other),
        }
    }
}

/// Checks who is challenged: the right number of people, no bots, nobody twice, not oneself.
fn check_lineup(
    kind: GameKind,
    challenger: &Member,
    opponents: &[Member],
    bot: Option<u64>,
) -> Result<(), String> {
    let seats = kind.seats();
    if !seats.contains(&(opponents.len() + 1)) {
        return Err(if *seats.end() == 2 {
            format!("{} is for two players: name exactly one opponent.", kind.title())
        } else {
            format!(
                "{} takes {} to {} players: name one to {} opponents.",
                kind.title(),
                seats.start(),
                seats.end(),
                seats.end() - 1
            )
        });
    }
    if let Some(o) = opponents.iter().find(|o| o.bot && Some(o.id) != bot) {
        return Err(format!("{} is a bot and cannot play; challenge a person instead.", o.name));
    }
    if opponents.iter().any(|o| o.id == challenger.id) {
        return Err("You cannot challenge yourself; name another member as your opponent.".to_string());
    }
    for (i, o) in opponents.iter().enumerate() {
        // The bot may fill several seats (Tantrix); a person only one.
        if Some(o.id) != bot && opponents[..i].iter().any(|p| p.id == o.id) {
            return Err(format!("{} is named twice; name each opponent once.", o.name));
        }
    }
    Ok(())
}

/// A platform mention of a user (the console shows it as `@name`).
pub fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// The buttons under a challenge; their ids name the channel and session so they work after a restart.
fn challenge_buttons(channel: u64, session: i64) -> Vec<Button> {
    vec![
        Button::new("Accept", format!("accept:{channel}:{session}"), ButtonStyle::Success),
        Button::new("Decline", format!("decline:{channel}:{session}"), ButtonStyle::Danger),
        Button::new("Withdraw", format!("withdraw:{channel}:{session}"), ButtonStyle::Secondary),
    ]
}

/// Reads a button id made by [`challenge_buttons`] into its request and channel.
pub fn parse_button(custom_id: &str) -> Option<(u64, Request)> {
    let mut parts = custom_id.split(':');
    let (action, channel, session) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let channel = channel.parse().ok()?;
    let session = Some(session.parse().ok()?);
    let request = match action {
        "accept" => Request::Accept { session },
        "decline" => Request::Decline { session },
        "withdraw" => Request::Withdraw { session },
        _ => return None,
    };
    Some((channel, request))
}

fn lineup(live: &Live, game: &AnyGame) -> String {
    live.record
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| format!("{} plays {}", p.name, game.seat_label(seat)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn turn_line(live: &Live, game: &AnyGame) -> String {
    match game.to_move() {
        Some(seat) if live.record.players[seat].level.is_some() => format!(
            "Move {}: {} ({}) is thinking…",
            game.move_number(),
            live.record.players[seat].name,
            game.seat_label(seat)
        ),
        Some(seat) => {
            let mut text = format!(
                "Move {}: {} ({}) to move, with /move.",
                game.move_number(),
                mention(live.record.players[seat].id),
                game.seat_label(seat)
            );
            if let Some(prompt) = game.prompt() {
                text.push(' ');
                text.push_str(&prompt);
            }
            text
        }
        None => String::new(),
    }
}

fn played_line(live: &Live, game: &AnyGame, played: &[Played]) -> String {
    let Some(first) = played.first() else { return String::new() };
    let who = &live.record.players[first.seat].name;
    let moves = played
        .iter()
        .map(|p| {
            if p.effect.is_empty() {
                format!("`{}`", p.notation)
            } else {
                format!("`{}` ({})", p.notation, p.effect)
            }
        })
        .collect::<Vec<_>>()
        .join(", then ");
    format!("**{who}** ({}) played {moves}.", game.seat_label(first.seat))
}

fn result_line(live: &Live, game: &AnyGame, outcome: &Outcome) -> String {
    match outcome.winner {
        Some(seat) => format!(
            "Game over: **{}** ({}) wins — {}.",
            live.record.players[seat].name,
            game.seat_label(seat),
            outcome.reason
        ),
        None => format!("Game over: a draw — {}.", outcome.reason),
    }
}

fn board(slot: &Slot) -> Reply {
    match slot {
        Slot::Open(live) => match &live.game {
            Some(game) => {
                let mut text = format!("**{}**: {}.\n", live.record.game.title(), lineup(live, game));
                text.push_str(&turn_line(live, game));
                Reply::public(text).with_board(Board { game: game.clone(), names: live.names() })
            }
            None => {
                Reply::private("The game has not started yet: the challenge is still waiting for acceptance.")
            }
        },
        _ => Reply::private("There is no game in this channel; start one with /play."),
    }
}

fn help(game: Option<GameKind>) -> Reply {
    match game {
        Some(kind) => Reply::private(format!("**{}**\n{}", kind.title(), AnyGame::help(kind))),
        None => Reply::private(
            "**Tabula** plays Tablut, TZAAR and Tantrix in this channel.\n\
             - `/play game:<tablut|tzaar|tantrix> opponent:@someone` challenges a member (Tantrix: up to three).\n\
             - `/accept` or `/decline` answers a challenge (or use its buttons).\n\
             - `/move move:<move>` plays; start typing to see the legal moves.\n\
             - `/board` shows the board, `/resign` resigns, `/abort` ends a game before its first move.\n\
             - `/help game:<name>` explains a game's rules and how to write its moves.\n\
             One game per channel: use a thread to play several at once.",
        ),
    }
}
