//! Offers that need both players (a draw, a takeback, an abort after the first move), the part shared by
//! `/draw`, `/takeback`, the abort button and the offers' Accept and Decline buttons: making an offer, and
//! settling it. One offer is pending per game, for the turn it was made in: a new move cancels it, and it
//! expires with the move's clock. Against the computer the answer comes at once.

use crate::games::AnyGame;
use crate::store::{EndKind, OfferKind, OfferRow, PlayerRow, StoreError};

use super::request::offer_buttons;
use super::text::Text;
use super::{Actor, Failure, Live, Reply, Sessions, Slot, messages};
use crate::t;

/// How an offer is named in sentences.
/// The kind of an offer, as the messages select on it (`draw`, `takeback`, `abort`).
pub(super) fn offer_name(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
        OfferKind::Abort => "abort",
    }
}

impl Sessions {
    /// The game and the sender's seat, for an offer; or the sentence saying why there is nothing to offer in.
    pub(super) fn offer_game<'a>(
        slot: &'a mut Slot,
        actor: &Actor,
    ) -> Result<(&'a mut Live, AnyGame, usize), Text> {
        let Slot::Open(live) = slot else {
            return Err(Text::new().key("no-game-here"));
        };
        let Some(game) = live.game.clone() else {
            return Err(Text::new().key("not-started"));
        };
        let Some(seat) = live.seat_of(actor.member.id) else {
            return Err(t!("not-playing", players = messages::vs_line(live)));
        };
        if game.to_move().is_none() {
            return Err(Text::new().key("game-over-start-new"));
        }
        Ok((live, game, seat))
    }

    /// The pending offer of the game, if it is still valid (made in this turn, before the deadline).
    pub(super) fn pending_offer(&self, live: &Live) -> Option<OfferRow> {
        let offer = live.offer.clone()?;
        let deadline = live.clock.as_ref().filter(|c| c.ply == offer.ply).and_then(|c| c.deadline);
        let valid = offer.ply == live.row.moves.len() && deadline.is_none_or(|d| self.now() < d);
        valid.then_some(offer)
    }

    /// Records a new offer, replacing a lapsed one; says so when one is pending.
    pub(super) async fn make_offer(
        &self,
        live: &mut Live,
        kind: OfferKind,
        by: u64,
    ) -> Result<Option<Text>, Failure> {
        if let Some(pending) = self.pending_offer(live) {
            let who = live.row.players.iter().find(|p| p.id == pending.by).map_or("", |p| p.name.as_str());
            // Its maker waits for the answer; the other player is the one to give it.
            let key = if pending.by == by { "offer-pending" } else { "offer-pending-answer" };
            let args =
                vec![("offer", offer_name(pending.kind).into()), ("player", Text::new().name(who).into())];
            return Ok(Some(Text::msg(key, args)));
        }
        if live.offer.is_some() {
            self.store.clear_offer(live.row.id).await?;
            live.offer = None;
        }
        let offer = OfferRow {
            session: live.row.id,
            kind,
            by,
            ply: live.row.moves.len(),
            created_at: self.now(),
            nonce: rand::random(),
        };
        self.store.put_offer(&offer).await?;
        live.offer = Some(offer);
        Ok(None)
    }

    /// The human opponent of a two-player game (or the computer).
    pub(super) fn opponent(live: &Live, seat: usize) -> Option<PlayerRow> {
        (live.row.players.len() == 2).then(|| live.row.players[1 - seat].clone())
    }

    /// The public text of an offer to a person: it mentions them, with Accept and Decline buttons.
    pub(super) fn offer_reply(live: &Live, actor: &Actor, to: &PlayerRow, what: OfferKind) -> Reply {
        let text = t!(
            "offer-made",
            offer = offer_name(what),
            player = Text::new().strong_name(&actor.member.name),
            opponent = Text::new().mention(to.id, &to.name)
        );
        let nonce = live.offer.as_ref().map_or(0, |o| o.nonce);
        Reply::public(text).with_buttons(offer_buttons(live.row.channel, live.row.id, nonce))
    }

    /// The stored moves as turns: (first ply, seat) of each run of moves by one seat.
    pub(super) fn turns(live: &Live) -> Result<Vec<(usize, usize)>, Failure> {
        let record = &live.row;
        let mut game = AnyGame::new(record.game, &record.setup)
            .map_err(|e| Failure::Store(StoreError::Corrupt(format!("session {}: {e}", record.id))))?;
        let mut turns: Vec<(usize, usize)> = Vec::new();
        for (ply, m) in record.moves.iter().enumerate() {
            let seat = game.to_move().unwrap_or(0);
            if turns.last().is_none_or(|&(_, s)| s != seat) {
                turns.push((ply, seat));
            }
            game.play_text(m)
                .map_err(|e| Failure::Store(StoreError::Corrupt(format!("session {}: {e}", record.id))))?;
        }
        Ok(turns)
    }

    /// Carries out (or declines) the pending offer on behalf of `by`, the player it was made to.
    pub(super) async fn settle_offer(
        &self,
        slot: &mut Slot,
        by: &PlayerRow,
        accept: bool,
    ) -> Result<Reply, Failure> {
        let Slot::Open(live) = slot else { return Err(Failure::Conflict) };
        let Some(offer) = live.offer.clone() else { return Err(Failure::Conflict) };
        let Some(game) = live.game.clone() else { return Err(Failure::Conflict) };
        let from = live.row.players.iter().find(|p| p.id == offer.by).cloned();
        let from = from.unwrap_or_else(|| by.clone());
        self.store.clear_offer(live.row.id).await?;
        live.offer = None;
        if !accept {
            let text = t!(
                "offer-declined",
                offer = offer_name(offer.kind),
                player = Text::new().strong_player(by),
                from = Text::new().mention(from.id, &from.name)
            );
            return Ok(Reply::public(text));
        }
        match offer.kind {
            OfferKind::Draw => {
                let said = t!(
                    "draw-agreed",
                    player = Text::new().strong_player(by),
                    from = Text::new().strong_player(&from)
                );
                let seats: Vec<usize> = [from.id, by.id]
                    .iter()
                    .filter_map(|&id| live.row.players.iter().position(|p| p.id == id && !p.abandoned))
                    .collect();
                let ending = super::endings::ending(&live.row, &game, EndKind::DrawAgreed, seats);
                Ok(self.end(slot, game, said, ending).await?)
            }
            OfferKind::Abort => {
                let seats: Vec<usize> = [from.id, by.id]
                    .iter()
                    .filter_map(|&id| live.row.players.iter().position(|p| p.id == id && !p.abandoned))
                    .collect();
                let ending = super::endings::ending(&live.row, &game, EndKind::AbortAgreed, seats);
                let said = t!(
                    "abort-agreed",
                    player = Text::new().strong_player(by),
                    from = Text::new().strong_player(&from),
                    game = live.row.game.title()
                );
                Ok(self.end(slot, game, said, ending).await?)
            }
            OfferKind::Takeback => self.take_back(slot, &from, by).await,
        }
    }

    /// Undoes `from`'s last turn (and the reply to it, if any).
    async fn take_back(&self, slot: &mut Slot, from: &PlayerRow, by: &PlayerRow) -> Result<Reply, Failure> {
        let Slot::Open(live) = slot else { return Err(Failure::Conflict) };
        let seat = live.seat_of(from.id).ok_or(Failure::Conflict)?;
        let turns = Self::turns(live)?;
        let Some(&(keep, _)) = turns.iter().rev().find(|&&(_, s)| s == seat) else {
            return Err(Failure::Conflict);
        };
        let version = live.row.moves.len();
        self.store.truncate_moves(live.row.id, version, keep, self.now()).await?;
        let undone: Vec<String> = live.row.moves.split_off(keep);
        let game = AnyGame::replay(live.row.game, &live.row.setup, &live.row.moves)
            .map_err(|e| Failure::Store(StoreError::Corrupt(format!("session {}: {e}", live.row.id))))?;
        live.game = Some(game.clone());
        self.start_turn(live, &game).await;
        let text = t!(
            "takeback-agreed",
            player = Text::new().strong_player(by),
            from = Text::new().strong_player(from),
            moves = Text::new().join(&undone, ", ", Text::code),
            count = undone.len()
        )
        .line()
        .then(messages::turn_line(live, &game));
        Ok(Reply::public(text).with_board(live.picture(game)))
    }
}
