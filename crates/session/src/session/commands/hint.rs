//! `/hint`: privately suggests the move level 5 would play (the game then no longer counts for ratings).
//! Thinking takes up to the AI's time, so adapters defer their answer.

use crate::session::coach::{COACH_LEVEL, Sides, verdict};
use crate::session::records::tag;
use crate::session::{Actor, Reply, Sessions, Slot};
use crate::t;

use super::super::text::Text;
use super::{Context, Declaration, Failure, Run};

/// `/hint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint;

pub fn declaration() -> Declaration {
    let mut hint = Declaration::without_options("hint", Hint.into());
    hint.slow = true;
    hint
}

impl Run for Hint {
    /// It locks the channel only around its reads, not while it thinks.
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        self::run(cx.sessions, cx.channel, cx.actor).await
    }
}

/// Reads the channel afresh for a hint (under its lock); a failure leaves it to be reloaded.
async fn load(sessions: &Sessions, channel: u64, slot: &mut Slot) -> Result<(), Failure> {
    let loaded = sessions.load(channel, slot).await;
    if loaded.is_err() {
        *slot = Slot::Unloaded;
    }
    loaded.map_err(Failure::reading)
}

/// `/hint`: the move level 5 would play for the player to move, privately, with its evaluation in words. The
/// first hint of a game makes it unrated, and the channel is told once. The channel is locked only while it is
/// read, before and after thinking.
pub(super) async fn run(sessions: &Sessions, channel: u64, actor: &Actor) -> Result<Reply, Failure> {
    let (game, id, version, seat) = {
        let slot = sessions.slot(channel);
        let mut slot = slot.lock().await;
        load(sessions, channel, &mut slot).await?;
        // Someone who plays no game here and is working on a puzzle gets a hint for the puzzle.
        let playing = match &*slot {
            Slot::Open(live) => live.seat_of(actor.member.id).is_some(),
            _ => false,
        };
        if !playing && let Some(reply) = sessions.hint_open_puzzle(channel, actor).await? {
            return Ok(reply);
        }
        let Slot::Open(live) = &*slot else {
            return Ok(Reply::private(Text::new().key("hint-no-game")));
        };
        let Some(game) = &live.game else {
            return Ok(Reply::private(Text::new().key("hint-not-started")));
        };
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Ok(Reply::private(Text::new().key("hint-not-player")));
        };
        if game.to_move() != Some(seat) {
            return Ok(Reply::private(Text::new().key("hint-not-your-move")));
        }
        (game.clone(), live.row.id, live.row.moves.len(), seat)
    };
    let Some(report) = sessions.coach_think(&game, sessions.config.ai_time, version as u64).await else {
        return Ok(Reply::private(Text::new().key("hint-no-thought")));
    };
    let slot = sessions.slot(channel);
    let mut slot = slot.lock().await;
    load(sessions, channel, &mut slot).await?;
    let Slot::Open(live) = &mut *slot else {
        return Ok(Reply::private(Text::new().key("hint-game-ended")));
    };
    if live.row.id != id || live.row.moves.len() != version {
        return Ok(Reply::private(Text::new().key("hint-moved-on")));
    }
    // A game against the computer never counted for ratings, so a hint takes nothing from it.
    let was_rated = live.row.rated && live.row.players.iter().all(|p| p.level.is_none());
    let first = match sessions.store.mark_hinted(id).await {
        Ok(first) => first,
        Err(e) => {
            *slot = Slot::Unloaded;
            return Err(Failure::Own { error: e, key: "hint-failed" });
        }
    };
    live.row.hinted = true;
    live.row.rated = false;
    let moves = Text::new().join(report.moves.iter().enumerate(), "", |t, (i, m)| {
        let m = Text::new().code(m.to_string());
        if i == 0 { t.then(m) } else { t.then(t!("played-then", move = m)) }
    });
    let words = verdict(game.kind(), report.score, &Sides::of(&game, seat));
    let mut text = t!("hint", level = COACH_LEVEL, moves = moves, verdict = words);
    if first && was_rated {
        text = text.then(Text::new().key("hint-unrated"));
    }
    let mut reply = Reply::private(text);
    if first {
        reply.notice = Some(t!(
            "hint-notice",
            player = Text::new().name(&actor.member.name),
            id = tag(id),
            rated = if was_rated { "yes" } else { "no" }
        ));
    }
    Ok(reply)
}
