//! Challenges: opening one, accepting (one atomic store call), declining, withdrawing, and expiry.

use std::sync::PoisonError;

use crate::games::{AnyGame, GameKind, Setup};
use crate::store::{ClockRecord, NewSession, PlayerRecord, SessionRecord, SessionState, Store, StoreError};

use super::clocks::{ClockChoice, duration};
use super::request::challenge_buttons;
use super::text::Text;
use super::{
    Actor, Board, DEFAULT_LEVEL, Failure, Live, MAX_SETUP_CHARS, Member, Reply, Sessions, SidePref, Slot,
    messages,
};
use crate::t;

/// A `/play` request, read.
pub(super) struct Play {
    pub kind: GameKind,
    pub opponents: Vec<Member>,
    pub variant: Option<String>,
    pub side: SidePref,
    pub level: Option<u8>,
    pub rated: bool,
    /// The time per move; `None` for the config's default.
    pub clock: Option<ClockChoice>,
}

/// A rematch, read from the finished game: its players in their new seats.
pub(super) struct Rematch {
    pub kind: GameKind,
    pub players: Vec<PlayerRecord>,
    pub per_move: Option<i64>,
    pub variant: String,
    /// Whether it counts for ratings, as the first game did.
    pub rated: bool,
}

/// What a challenge says about the rules chosen with `variant:` (or `setup:`), so that nobody accepts without
/// knowing them: a named variant with what it changes (in `lang`, the language of public messages), or the
/// setup as typed; nothing for the game's default rules.
fn rules_line(kind: GameKind, variant: &str, lang: crate::i18n::Lang) -> Text {
    let variant = variant.trim();
    if variant.is_empty() {
        return Text::new();
    }
    let info = kind.info();
    let name = variant.split(':').next().unwrap_or_default().to_ascii_lowercase();
    match info.variants.iter().find(|v| v.name == name) {
        Some(v) => t!(
            "challenge-variant",
            variant = Text::new().code(variant),
            summary = info.variant_summary(lang, v)
        ),
        None => t!("challenge-setup", setup = Text::new().code(crate::session::text::excerpt(variant))),
    }
}

/// How many expired challenges without a recorded message are remembered, for a message recorded late.
const ORPHANS: usize = 256;

/// A challenge that lapsed unanswered: the adapter edits its message (to remove the buttons) or prints `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expired {
    pub channel: u64,
    pub session: i64,
    /// The platform message that showed the challenge, when the adapter recorded one.
    pub message: Option<u64>,
    pub text: Text,
}

impl<S: Store> Sessions<S> {
    pub(super) async fn play(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        play: Play,
    ) -> Result<Reply, Failure> {
        let Play { kind, opponents, variant, side, level, rated, clock } = play;
        if let Err(why) = self.check_channel(actor.guild, channel).await {
            return Ok(Reply::private(why));
        }
        if let Slot::Open(live) = slot {
            let what = match live.record.state {
                SessionState::Challenge => "challenge",
                _ => "game",
            };
            return Ok(Reply::private(t!(
                "channel-busy",
                what = what,
                game = live.record.game.title(),
                players = messages::vs_line(live)
            )));
        }
        if let Err(why) =
            self.check_play(actor, &opponents, level, variant.as_deref().unwrap_or_default(), kind)
        {
            return Ok(Reply::private(why));
        }
        let asked_level = level;
        let level = level.unwrap_or(DEFAULT_LEVEL);
        let variant = variant.unwrap_or_default();
        let seed: u64 = rand::random();
        let setup = Setup { variant: variant.trim().to_string(), seed, seats: opponents.len() + 1 };
        let preview = match AnyGame::new(kind, &setup) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::private(super::engine_text::refusal(&e))),
        };
        // In a two-player game "first" is the seat that moves first under the chosen rules (Ashton Tablut's
        // White, seat 1); with more players it is seat 0, and the game's own draw decides who starts.
        let first = if setup.seats == 2 { preview.to_move().unwrap_or(0) } else { 0 };
        let players = self.seat_players(&actor.member, &opponents, side, level, seed, first);
        let settings = self.server_settings(actor.guild).await;
        let per_move = clock.unwrap_or(self.default_clock(&settings)).seconds();
        let challenger = actor.member.clone();
        let mut rules = rules_line(kind, &setup.variant, actor.locales.public);
        if asked_level.is_some() && !opponents.iter().any(|o| Some(o.id) == self.bot_id()) {
            // A level is for games against the computer: say so rather than drop it silently.
            rules = rules.line().then(t!("level-not-used", level = level));
        }
        let text = |live: &Live, s: &Self| {
            let text = s.challenge_text(&challenger, &opponents, live, &preview, level);
            if rules == Text::new() { text } else { text.line().then(rules.clone()) }
        };
        self.open_challenge(channel, actor, slot, (kind, setup, players, per_move, rated), &preview, &text)
            .await
    }

    /// The checks of a `/play` that need no channel: who is challenged, the level, the variant.
    fn check_play(
        &self,
        actor: &Actor,
        opponents: &[Member],
        level: Option<u8>,
        variant: &str,
        kind: GameKind,
    ) -> Result<(), Text> {
        check_lineup(kind, &actor.member, opponents, self.bot_id())?;
        let level = level.unwrap_or(DEFAULT_LEVEL);
        if !crate::ai::LEVELS.contains(&level) {
            return Err(t!("no-level", level = level));
        }
        if variant.chars().count() > MAX_SETUP_CHARS {
            return Err(t!("not-a-variant", typed = Text::new().typed(variant), game = kind.title()));
        }
        let setup = Setup { variant: variant.trim().to_string(), seed: 0, seats: opponents.len() + 1 };
        AnyGame::new(kind, &setup).map(|_| ()).map_err(|e| super::engine_text::refusal(&e))
    }

    /// Whether a `/play` request starts its game in a new thread (its `thread` option, else the server's
    /// setting, else the config).
    pub async fn wants_thread(&self, actor: &Actor, request: &super::Request) -> bool {
        let super::Request::Play { thread, .. } = request else { return false };
        match thread {
            Some(thread) => *thread,
            None => self.games_in_threads(&self.server_settings(actor.guild).await),
        }
    }

    /// Before a thread is opened under `channel` for a `/play`: checks the request as far as it can without the
    /// thread, and names the thread ("Tablut: alice vs bob"); or the private reply saying what is wrong.
    pub async fn prepare_thread(
        &self,
        channel: u64,
        actor: &Actor,
        request: &super::Request,
    ) -> Result<String, Text> {
        let super::Request::Play { game, opponents, variant, level, .. } = request else {
            return Err(Text::new().key("thread-only-play"));
        };
        self.check_channel(actor.guild, channel).await?;
        self.check_play(actor, opponents, *level, variant.as_deref().unwrap_or_default(), *game)?;
        let names: Vec<&str> = std::iter::once(actor.member.name.as_str())
            .chain(opponents.iter().map(|o| o.name.as_str()))
            .collect();
        Ok(crate::text::cut(&format!("{}: {}", game.title(), names.join(" vs ")), 100))
    }

    /// Remembers that `channel` is a thread opened for a game under `parent` (archived after the game).
    pub async fn thread_opened(&self, channel: u64, parent: u64) {
        if let Err(e) = self.store.add_thread(channel, parent).await {
            tracing::warn!(channel, error = %e, "cannot remember a game thread");
        }
    }

    /// Opens a rematch of a finished game as a new challenge (or a new game, when only the computer is asked).
    pub(super) async fn open_rematch(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        rematch: Rematch,
    ) -> Result<Reply, Failure> {
        let Rematch { kind, players, per_move, variant, rated } = rematch;
        let setup = Setup { variant, seed: rand::random(), seats: players.len() };
        let preview = match AnyGame::new(kind, &setup) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::private(super::engine_text::refusal(&e))),
        };
        let name = actor.member.name.clone();
        let text = |live: &Live, _: &Self| {
            let waiting: Vec<&PlayerRecord> = live.record.players.iter().filter(|p| !p.accepted).collect();
            t!(
                "rematch-asked",
                player = Text::new().strong_name(&name),
                game = kind.title(),
                id = format!("#{}", live.record.id),
                lineup = messages::lineup(live, &preview)
            )
            .line()
            .join(&waiting, ", ", |t, p| t.mention(p.id, &p.name))
            .plain(": ")
            .then(Self::clock_sentence(live))
            .plain(" ")
            .then(Self::answer_within(live))
        };
        self.open_challenge(channel, actor, slot, (kind, setup, players, per_move, rated), &preview, &text)
            .await
    }

    /// Creates a challenge (or, when everyone has accepted already, a game) with its clock, and its reply.
    async fn open_challenge(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        (kind, setup, players, per_move, rated): (GameKind, Setup, Vec<PlayerRecord>, Option<i64>, bool),
        preview: &AnyGame,
        text: &(dyn Fn(&Live, &Self) -> Text + Sync),
    ) -> Result<Reply, Failure> {
        let now = self.now();
        let expiry = self.challenge_expiry(&self.server_settings(actor.guild).await);
        let expires_at = now + expiry.as_secs() as i64;
        let against_ai_only = players.iter().all(|p| p.accepted);
        let new = NewSession {
            channel,
            guild: actor.guild,
            game: kind,
            setup,
            players,
            challenger: actor.member.id,
            state: if against_ai_only { SessionState::Playing } else { SessionState::Challenge },
            now,
            expires_at,
            rated,
        };
        let id = match self.store.create(&new).await {
            Ok(id) => id,
            Err(StoreError::Conflict) => {
                *slot = Slot::Unloaded;
                return Ok(Reply::private(Text::new().key("challenge-raced")));
            }
            Err(e) => return Err(e.into()),
        };
        let record = SessionRecord {
            id,
            channel,
            guild: actor.guild,
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
            rated,
            hinted: false,
        };
        let clock = ClockRecord {
            session: id,
            per_move,
            ply: 0,
            turn_started: now,
            deadline: None,
            reminded: 0,
            next_at: None,
        };
        if let Err(e) = self.store.put_clock(&clock).await {
            tracing::error!(session = id, error = %e, "cannot store a new game's clock");
        }
        let mut live = Live { record, game: None, clock: Some(clock), offer: None };
        if against_ai_only {
            self.start_turn(&mut live, preview).await;
            return Ok(start_game(slot, live, preview.clone()));
        }
        let text = text(&live, self);
        let buttons = challenge_buttons(channel, id);
        *slot = Slot::Open(Box::new(live));
        Ok(Reply::public(text).with_buttons(buttons).for_challenge(id, None))
    }

    /// What the challenge says about the clock.
    fn clock_sentence(live: &Live) -> Text {
        match live.clock.as_ref().and_then(|c| c.per_move) {
            Some(per) => t!("clock-per-move", time = duration(per)),
            None => Text::new().key("clock-no-limit"),
        }
    }

    /// How to answer challenge `live`, and within how long.
    fn answer_within(live: &Live) -> Text {
        let minutes = ((live.record.expires_at - live.record.created_at).max(0) + 59) / 60;
        t!("answer-within", minutes = minutes)
    }

    /// The players of a new session in seat order: the challenger where they asked to sit (or by lot), the bot
    /// (accepted at once, at its level) wherever it was named.
    fn seat_players(
        &self,
        challenger: &Member,
        opponents: &[Member],
        side: SidePref,
        level: u8,
        seed: u64,
        first: usize,
    ) -> Vec<PlayerRecord> {
        let mut players: Vec<PlayerRecord> = std::iter::once(challenger)
            .chain(opponents.iter())
            .map(|m| {
                let ai = Some(m.id) == self.bot_id();
                PlayerRecord {
                    id: m.id,
                    name: if ai { super::text::ai_name(level) } else { m.name.clone() },
                    accepted: ai || m.id == challenger.id,
                    abandoned: false,
                    level: ai.then_some(level),
                }
            })
            .collect();
        let challenger_first = match side {
            SidePref::First => true,
            SidePref::Second => false,
            SidePref::Random => seed & 1 == 0,
        };
        if players.len() == 2 {
            // The challenger takes the seat that moves first, or the other one.
            let seat = if challenger_first { first } else { 1 - first.min(1) };
            if seat == 1 {
                players.swap(0, 1);
            }
        } else if !challenger_first {
            players.rotate_left(1);
        }
        players
    }

    /// The public text of a new challenge: who challenges whom, who plays what, and how to answer.
    fn challenge_text(
        &self,
        challenger: &Member,
        opponents: &[Member],
        live: &Live,
        preview: &AnyGame,
        level: u8,
    ) -> Text {
        let opponents = Text::new().join(opponents, ", ", |t, o| {
            if Some(o.id) == self.bot_id() {
                t.then(t!("tabula-level", level = level))
            } else {
                t.mention(o.id, &o.name)
            }
        });
        let mut text = t!(
            "challenges",
            player = Text::new().strong_name(&challenger.name),
            opponents = opponents,
            game = Text::new().strong(live.record.game.title()),
            id = format!("#{}", live.record.id),
            rated = if live.record.rated { "yes" } else { "no" }
        );
        for (seat, p) in live.record.players.iter().enumerate() {
            let plays =
                t!("lineup-plays", player = Text::new().name(&p.name), seat = messages::seat(preview, seat));
            text = text.line().plain("- ").then(plays);
        }
        text.line().then(Self::clock_sentence(live)).plain(" ").then(Self::answer_within(live))
    }

    /// Finds the open challenge a command or button is about, or says why there is none.
    pub(super) fn challenge(slot: &mut Slot, session: Option<i64>) -> Result<&mut Live, Text> {
        match slot {
            Slot::Open(live) if session.is_none_or(|id| id == live.record.id) => {
                if live.record.state == SessionState::Challenge {
                    Ok(live)
                } else if session.is_some() {
                    Err(Text::new().key("challenge-taken"))
                } else {
                    Err(Text::new().key("game-started"))
                }
            }
            _ if session.is_some() => Err(Text::new().key("challenge-closed")),
            _ => Err(Text::new().key("no-challenge")),
        }
    }

    pub(super) async fn accept(
        &self,
        actor: &Actor,
        slot: &mut Slot,
        session: Option<i64>,
    ) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        let user = actor.member.id;
        let Some(seat) = live.seat_of(user) else {
            return Ok(Reply::private(t!("challenge-for-others", players = messages::vs_line(live))));
        };
        if live.record.challenger == user {
            return Ok(Reply::private(Text::new().key("challenge-own")));
        }
        if live.record.players[seat].accepted {
            return Ok(Reply::private(Text::new().key("accepted-already")));
        }
        let now = self.now();
        let mut players = live.record.players.clone();
        players[seat].accepted = true;
        let waiting: Vec<&PlayerRecord> = players.iter().filter(|p| !p.accepted).collect();
        if !waiting.is_empty() {
            let text = t!(
                "accepted-waiting",
                player = Text::new().strong_name(&actor.member.name),
                game = live.record.game.title(),
                waiting = Text::new().join(&waiting, ", ", |t, p| t.mention(p.id, &p.name))
            );
            self.store.accept(live.record.id, &players, false, now).await?;
            live.record.players = players;
            let buttons = challenge_buttons(live.record.channel, live.record.id);
            return Ok(Reply::public(text)
                .with_buttons(buttons)
                .for_challenge(live.record.id, live.record.message));
        }
        let game = AnyGame::new(live.record.game, &live.record.setup).map_err(|e| {
            Failure::Store(StoreError::Corrupt(format!("challenge {} has a bad setup: {e}", live.record.id)))
        })?;
        // One atomic write: a failure leaves the challenge exactly as it was, never half accepted.
        self.store.accept(live.record.id, &players, true, now).await?;
        live.record.players = players;
        live.record.state = SessionState::Playing;
        self.start_turn(live, &game).await;
        let text = t!("accepted", player = Text::new().strong_name(&actor.member.name))
            .plain(" ")
            .then(messages::begins(live, &game));
        let board = Board { game: game.clone(), names: live.names(), id: live.record.id };
        live.game = Some(game);
        Ok(Reply::public(text).with_board(board).for_challenge(live.record.id, live.record.message))
    }

    /// Closes a lapsed challenge in the store and says what to show in its place.
    pub(super) async fn expire(&self, live: &Live) -> Result<Option<Expired>, Failure> {
        let record = &live.record;
        match self
            .store
            .transition(record.id, SessionState::Challenge, SessionState::Expired, None, self.now())
            .await
        {
            Ok(()) => {}
            // Settled meanwhile (by another process): nothing to report.
            Err(StoreError::Conflict) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
        let challenger =
            record.players.iter().find(|p| p.id == record.challenger).map_or("", |p| p.name.as_str());
        let text = t!(
            "challenge-expired",
            game = record.game.title(),
            challenger = Text::new().name(challenger),
            players = messages::vs_line(live)
        );
        Ok(Some(Expired { channel: record.channel, session: record.id, message: record.message, text }))
    }

    /// Remembers the platform message that shows challenge `session` in `channel`, so that its expiry can edit it.
    pub async fn set_challenge_message(&self, channel: u64, session: i64, message: u64) {
        if let Err(e) = self.store.set_message(session, message).await {
            tracing::warn!(channel, session, error = %e, "cannot remember the challenge message");
            return;
        }
        // Under the channel's lock, so that an expiry cannot slip in between: the open challenge takes the
        // message, or, once expired, its report does (pending, or already handed out without it).
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        if let Slot::Open(live) = &mut *slot
            && live.record.id == session
        {
            live.record.message = Some(message);
            return;
        }
        // Lock order: orphans, then the pending reports (as in `sweep`).
        let mut orphans = self.orphans.lock().unwrap_or_else(PoisonError::into_inner);
        let mut pending = self.expired.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(expired) = pending.iter_mut().find(|e| e.session == session) {
            expired.message = Some(message);
        } else if let Some(mut expired) =
            orphans.iter().position(|e| e.session == session).and_then(|i| orphans.remove(i))
        {
            expired.message = Some(message);
            pending.push(expired);
        }
    }

    /// Settles every challenge whose time is up and trims the cache; returns the expired challenges (including
    /// those found lapsed when their channel was touched since the last sweep), for the adapter to show.
    /// Adapters call it every few seconds.
    pub async fn sweep(&self) -> Vec<Expired> {
        match self.store.due_challenges(self.now()).await {
            Ok(due) => {
                for (_, channel) in due {
                    let slot = self.slot(channel);
                    let mut slot = slot.lock().await;
                    if let Err(Failure::Store(e)) = self.load(channel, &mut slot).await {
                        tracing::error!(channel, error = %e, "cannot settle an expired challenge");
                        *slot = Slot::Unloaded;
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list the expired challenges"),
        }
        self.trim_cache();
        let mut orphans = self.orphans.lock().unwrap_or_else(PoisonError::into_inner);
        let expired = std::mem::take(&mut *self.expired.lock().unwrap_or_else(PoisonError::into_inner));
        for e in expired.iter().filter(|e| e.message.is_none()) {
            if orphans.len() == ORPHANS {
                orphans.pop_front();
            }
            orphans.push_back(e.clone());
        }
        expired
    }
}

/// Starts a game whose players have all accepted (a challenge of the bot alone) and shows its first board.
fn start_game(slot: &mut Slot, mut live: Live, game: AnyGame) -> Reply {
    let text = messages::begins(&live, &game);
    let board = Board { game: game.clone(), names: live.names(), id: live.record.id };
    live.game = Some(game);
    *slot = Slot::Open(Box::new(live));
    Reply::public(text).with_board(board)
}

/// Checks who is challenged: the right number of people, no bots, nobody twice, not oneself.
fn check_lineup(
    kind: GameKind,
    challenger: &Member,
    opponents: &[Member],
    bot: Option<u64>,
) -> Result<(), Text> {
    let seats = kind.seats();
    if !seats.contains(&(opponents.len() + 1)) {
        return Err(if *seats.end() == 2 {
            t!("two-players", game = kind.title())
        } else {
            t!(
                "players-range",
                game = kind.title(),
                min = *seats.start(),
                max = *seats.end(),
                opponents = seats.end() - 1
            )
        });
    }
    if let Some(o) = opponents.iter().find(|o| o.bot && Some(o.id) != bot) {
        return Err(t!("opponent-bot", player = Text::new().name(&o.name)));
    }
    if opponents.iter().any(|o| o.id == challenger.id) {
        return Err(Text::new().key("challenge-self"));
    }
    for (i, o) in opponents.iter().enumerate() {
        // The bot may fill several seats (Tantrix); a person only one.
        if Some(o.id) != bot && opponents[..i].iter().any(|p| p.id == o.id) {
            return Err(t!("opponent-twice", player = Text::new().name(&o.name)));
        }
    }
    Ok(())
}
