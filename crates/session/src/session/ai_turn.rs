//! The bot's own turns: it thinks off the async runtime, within a cap on searches, without holding its channel.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use futures_core::future::BoxFuture;

use crate::games::AnyGame;
use crate::store::SessionState;

use super::{Reply, Sessions, Slot};

impl Sessions {
    /// Every search of the bot: takes a permit of the AI's pool (so that at most `ai_concurrency` run at once),
    /// then thinks on a blocking thread, off the async runtime. `None` when the pool is closed or the search
    /// failed.
    pub(super) async fn think(
        &self,
        game: &AnyGame,
        limits: crate::ai::Limits,
    ) -> Option<crate::ai::Report<crate::games::AnyMove>> {
        let mut queued = self.metrics.ai_queued();
        let permit = self.ai_slots.clone().acquire_owned().await.ok()?;
        queued.started();
        let started = std::time::Instant::now();
        let thinking = game.clone();
        let report = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            thinking.think(&limits)
        })
        .await
        .ok();
        queued.finished(started.elapsed());
        report
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
    pub fn ai_turn(&self, channel: u64) -> BoxFuture<'_, Option<Reply>> {
        // Boxed here, so that the turn is compiled in this crate (see `Sessions::handle`).
        Box::pin(self.computer_plays(channel))
    }

    async fn computer_plays(&self, channel: u64) -> Option<Reply> {
        let _busy = Busy::claim(&self.ai_busy, channel)?;
        let (game, version, seat, level) = {
            let slot = self.slot(channel);
            let mut slot = slot.lock().await;
            self.load(channel, &mut slot).await.ok()?;
            let Slot::Open(live) = &*slot else { return None };
            let game = live.game.as_ref()?;
            let seat = game.to_move()?;
            let level = live.row.players.get(seat)?.level?;
            let version = live.row.moves.len();
            // Only the process holding the claim thinks; it lapses after a generous multiple of the thinking
            // time, so that another process takes the turn over if this one dies.
            let now = self.now();
            let until = now + 2 * self.config.ai_time.as_secs() as i64 + CLAIM_MARGIN_SECS;
            match self.store.claim_turn(live.row.id, version, self.process, now, until).await {
                Ok(true) => {}
                Ok(false) => return None,
                Err(e) => {
                    tracing::warn!(channel, error = %e, "cannot claim the computer's turn");
                    return None;
                }
            }
            (game.clone(), version, seat, level)
        };
        // The whole turn, thought out before it is stored: when the same seat is to move again (Tantrix's forced
        // spaces, filled after a placement), the computer goes on, and the turn is one message.
        let mut next = game.clone();
        let mut played = Vec::new();
        for more in 0..MOST_MOVES_A_TURN {
            let ply = (version + played.len()) as u64;
            let seed = game.setup().seed ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let limits = game.kind().limits(level, self.config.ai_time, seed);
            let report = self.think(&next, limits).await?;
            tracing::debug!(
                channel,
                depth = report.depth,
                nodes = report.nodes,
                score = report.score,
                more,
                "AI move"
            );
            // The moves stay typed from the search to the store: played as chosen, never read back from text.
            for &m in &report.moves {
                match next.play_move(m) {
                    Ok(p) => played.push(p),
                    Err(e) => {
                        tracing::error!(channel, mv = %m, error = %e, "the AI chose a refused move");
                        return None;
                    }
                }
            }
            if report.moves.is_empty() || next.outcome().is_some() || next.to_move() != Some(seat) {
                break;
            }
        }
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        self.load(channel, &mut slot).await.ok()?;
        let Slot::Open(live) = &*slot else { return None };
        if live.row.moves.len() != version || live.game.as_ref().and_then(AnyGame::to_move) != Some(seat) {
            return None;
        }
        let reply = self.commit(&mut slot, next, &played).await;
        if reply.is_err() {
            *slot = Slot::Unloaded;
        }
        let reply = reply.ok()?;
        if matches!(*slot, Slot::Free) {
            self.game_ended(channel).await;
        }
        self.changed(channel);
        Some(self.add_clock(&slot, reply))
    }
}

/// The most moves the computer makes in one turn before it posts them (a placement and the forced spaces it
/// leaves to fill).
const MOST_MOVES_A_TURN: usize = 12;

/// Seconds a claim on the computer's turn outlives twice its thinking time.
const CLAIM_MARGIN_SECS: i64 = 30;

/// Marks a channel's AI as thinking for as long as it lives.
struct Busy<'a> {
    set: &'a Mutex<HashSet<u64>>,
    channel: u64,
}

impl<'a> Busy<'a> {
    fn claim(set: &'a Mutex<HashSet<u64>>, channel: u64) -> Option<Self> {
        let fresh = set.lock().unwrap_or_else(PoisonError::into_inner).insert(channel);
        fresh.then_some(Busy { set, channel })
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.set.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.channel);
    }
}
