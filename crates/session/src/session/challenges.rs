//! Challenges, the part several requests share: opening one (shared by `/play` and the Rematch button), finding
//! the open challenge a command or button is about (`/accept`, `/decline`, `/withdraw`), the threads games are
//! played in, and expiry (the sweep). Each command's own code is in its module of `session::commands`.

use std::sync::PoisonError;

use futures_core::future::BoxFuture;

use crate::games::{AnyGame, GameKind, Setup};
use crate::store::{ClockRow, NewSession, PlayerRow, SessionRow, SessionState, StoreError};

use super::clocks::duration;
use super::request::challenge_buttons;
use super::text::Text;
use super::{Actor, Failure, Live, Reply, Sessions, Slot, messages};
use crate::t;

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

impl Sessions {
    /// Remembers that `channel` is a thread opened for a game under `parent` (archived after the game).
    pub async fn thread_opened(&self, channel: u64, parent: u64) {
        if let Err(e) = self.store.add_thread(channel, parent).await {
            tracing::warn!(channel, error = %e, "cannot remember a game thread");
        }
    }

    /// Creates a challenge (or, when everyone has accepted already, a game) with its clock, and its reply.
    pub(super) async fn open_challenge(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        (kind, setup, players, per_move, rated): (GameKind, Setup, Vec<PlayerRow>, Option<i64>, bool),
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
        let record = SessionRow {
            id,
            channel,
            guild: actor.guild,
            game: kind,
            setup: new.setup,
            players: new.players,
            challenger: new.challenger,
            state: new.state,
            moves: Vec::new(),
            ending: None,
            created_at: now,
            expires_at,
            message: None,
            rated,
            hinted: false,
        };
        let clock = ClockRow::first_turn(id, per_move, now);
        if let Err(e) = self.store.put_clock(&clock).await {
            tracing::error!(session = id, error = %e, "cannot store a new game's clock");
        }
        let mut live = Live { row: record, game: None, clock: Some(clock), offer: None };
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
    pub(super) fn clock_sentence(live: &Live) -> Text {
        match live.clock.as_ref().and_then(|c| c.per_move) {
            Some(per) => t!("clock-per-move", time = duration(per)),
            None => Text::new().key("clock-no-limit"),
        }
    }

    /// How to answer challenge `live`, and within how long.
    pub(super) fn answer_within(live: &Live) -> Text {
        let minutes = ((live.row.expires_at - live.row.created_at).max(0) + 59) / 60;
        t!("answer-within", minutes = minutes)
    }

    /// Finds the open challenge a command or button is about, or says why there is none.
    pub(super) fn challenge(slot: &mut Slot, session: Option<i64>) -> Result<&mut Live, Text> {
        match slot {
            Slot::Open(live) if session.is_none_or(|id| id == live.row.id) => {
                if live.row.state == SessionState::Challenge {
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

    /// Closes the open challenge a command or button is about, for `/decline` and `/withdraw`: its challenger
    /// withdraws it; anyone else gets what `other` says (the state it closes into and the public text, or the
    /// refusal). The public answer takes the challenge's place.
    pub(super) async fn close_challenge(
        &self,
        actor: &Actor,
        slot: &mut Slot,
        session: Option<i64>,
        other: impl FnOnce(&Live) -> Result<(SessionState, Text), Text> + Send,
    ) -> Result<Reply, Failure> {
        let live = match Self::challenge(slot, session) {
            Ok(live) => live,
            Err(why) => return Ok(Reply::private(why)),
        };
        let closing = if live.row.challenger == actor.member.id {
            let player = Text::new().strong_name(&actor.member.name);
            Ok((SessionState::Withdrawn, t!("withdrew", player = player, game = live.row.game.title())))
        } else {
            other(live)
        };
        let (state, text) = match closing {
            Ok(closing) => closing,
            Err(why) => return Ok(Reply::private(why)),
        };
        self.store.transition(live.row.id, SessionState::Challenge, state, None, self.now()).await?;
        let (id, message) = (live.row.id, live.row.message);
        *slot = Slot::Free;
        Ok(Reply::public(text).for_challenge(id, message))
    }

    /// Closes a lapsed challenge in the store and says what to show in its place.
    pub(super) async fn expire(&self, live: &Live) -> Result<Option<Expired>, Failure> {
        let record = &live.row;
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
            && live.row.id == session
        {
            live.row.message = Some(message);
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
    pub fn sweep(&self) -> BoxFuture<'_, Vec<Expired>> {
        // Boxed here, so that the sweep is compiled in this crate (see `Sessions::handle`).
        Box::pin(self.swept())
    }

    async fn swept(&self) -> Vec<Expired> {
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
        self.catch_up_forgotten().await;
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
    let board = live.picture(game.clone());
    live.game = Some(game);
    *slot = Slot::Open(Box::new(live));
    Reply::public(text).with_board(board)
}
