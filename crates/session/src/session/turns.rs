//! Turns, shared by `/move`, `/resign` and the bot's own turns: the game a command acts on, and committing moves
//! (stored before the reply).

use crate::games::{AnyGame, Played};
use crate::store::{EndKind, StoreError};

use super::text::Text;
use super::{Failure, Live, Reply, Sessions, Slot, messages};
use crate::t;

impl Sessions {
    /// The game of the channel, or the sentence saying why there is none to act on.
    pub(super) fn game_of(slot: &mut Slot) -> Result<(&mut Live, AnyGame), Text> {
        match slot {
            Slot::Open(live) => match &live.game {
                Some(game) => {
                    let game = game.clone();
                    Ok((live, game))
                }
                None => Err(t!(
                    "not-started-waits",
                    players = Text::new()
                        .list(live.row.players.iter().filter(|p| !p.accepted).map(|p| Text::new().player(p)))
                )),
            },
            _ => Err(Text::new().key("no-game-here")),
        }
    }

    /// The game of the channel for `user`, like [`Self::game_of`], but a player who has not accepted the
    /// challenge yet is told that it waits for them.
    pub(super) fn game_for(slot: &mut Slot, user: u64) -> Result<(&mut Live, AnyGame), Text> {
        if let Slot::Open(live) = slot
            && live.game.is_none()
            && live.row.players.iter().any(|p| p.id == user && !p.accepted)
        {
            return Err(Text::new().key("not-started-accept-first"));
        }
        Self::game_of(slot)
    }

    /// Whether `user` may move now in `live`'s `game`: their seat, or the sentence saying why not (not a player,
    /// the game is over, the computer or someone else is to move). `/move` and the move picker ask the same.
    pub(super) fn may_move(live: &Live, game: &AnyGame, user: u64) -> Result<usize, Text> {
        let Some(seat) = live.seat_of(user) else {
            return Err(t!("not-playing-start-own", players = messages::vs_line(live)));
        };
        let Some(to_move) = game.to_move() else {
            return Err(Text::new().key("game-over-start-new"));
        };
        let mover = &live.row.players[to_move];
        if mover.level.is_some() {
            return Err(t!("not-your-turn-thinking", player = Text::new().player(mover)));
        }
        if to_move != seat {
            return Err(t!(
                "not-your-turn",
                player = Text::new().player(mover),
                seat = messages::seat(game, to_move)
            ));
        }
        Ok(seat)
    }

    /// Stores moves just played on a copy of the channel's game, then makes that copy the game and builds the
    /// public reply. Nothing changes when the store refuses.
    pub(super) async fn commit(
        &self,
        slot: &mut Slot,
        game: AnyGame,
        played: &[Played],
    ) -> Result<Reply, Failure> {
        let Slot::Open(live) = slot else { return Err(Failure::Conflict) };
        let version = live.row.moves.len();
        let moves: Vec<(usize, String)> = played.iter().map(|p| (p.seat, p.notation.clone())).collect();
        let outcome = game.outcome();
        let result = outcome.as_ref().map(|o| messages::result_line(live, &game, o));
        let stored =
            outcome.is_some().then(|| super::endings::ending(&live.row, &game, EndKind::Rules, Vec::new()));
        // The clock of the turn these moves start goes into the same transaction: one commit per move.
        let clock = if stored.is_none() { self.turn_clock(live, &game, version + moves.len()) } else { None };
        let now = self.now();
        match self
            .store
            .append_moves(live.row.id, version, &moves, stored.as_ref(), now, clock.as_ref())
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(Failure::Conflict),
            Err(e) => return Err(e.into()),
        }
        live.row.moves.extend(moves.into_iter().map(|(_, m)| m));
        // A new move cancels the pending offer.
        if live.offer.take().is_some()
            && let Err(e) = self.store.clear_offer(live.row.id).await
        {
            tracing::warn!(session = live.row.id, error = %e, "cannot clear a cancelled offer");
        }
        let text = messages::played_line(live, &game, played).line().then(match &result {
            Some(result) => result.clone(),
            None => messages::turn_line(live, &game),
        });
        if let Some(stored) = stored {
            live.row.state = crate::store::SessionState::Finished;
            live.row.ending = Some(stored);
            return Ok(self.finished(slot, game, text).await);
        }
        let board = live.picture(game.clone());
        if clock.is_some() {
            live.clock = clock;
            self.poke_clocks();
        }
        live.game = Some(game);
        Ok(Reply::public(text).with_board(board))
    }
}
