//! How games end, whatever ends them: a seat that leaves (a resignation, a loss on time), the rules, an agreed
//! draw, an abort. One rule places the players of every ending (see [`crate::rating::standing`]: who stayed
//! above who left, the last to leave above the first), and one reply announces every ending: what happened, the
//! places in a game of more than two, the ratings, and where to see the record. The result is recorded for
//! `/history` and the ratings (see `commands::history`), and the record and its replay say the same.

use crate::games::AnyGame;
use crate::rating::{self, MIN_MOVES_EACH, Rating};
use crate::store::{ALL_SERVERS, GameResult, Placed, PlayerRow, SessionRow, SessionState, Store, StoreError};

use super::request::rematch_buttons;
use super::text::Text;
use super::{Board, DEFAULT_LEVEL, Reply, Sessions, Slot, messages, records};
use crate::t;

/// How a game ended, for its players' places (see [`places`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// By the rules (the game's outcome and scores), or with no person left to play on: the seats that stayed
    /// rank by the result, those that left below them.
    Rules,
    /// `seat` resigned or ran out of time, which ends the game (a game of two): it is the last to leave.
    Left(usize),
    /// The players agreed to a draw: everyone shares the first place.
    Draw,
}

/// The stored result of an agreed draw.
pub(super) const DRAW_AGREED: &str = "a draw by agreement";

/// Why a seat leaves a game.
#[derive(Clone, Copy, Debug)]
pub(super) enum Leaving {
    Resigned,
    /// Did not move within `per_move` seconds.
    TimedOut {
        per_move: i64,
    },
}

/// The order in which each seat was left (see [`PlayerRow::left`]), `None` for a seat still played by who
/// took it.
fn left_orders(players: &[PlayerRow]) -> Vec<Option<u32>> {
    players.iter().map(|p| p.abandoned.then(|| p.left.unwrap_or(0))).collect()
}

/// The places of the players of a game that ended as `ending` says, by the one rule of
/// [`rating::standing`].
pub(crate) fn places(record: &SessionRow, game: &AnyGame, ending: Ending) -> Vec<usize> {
    let mut left = left_orders(&record.players);
    match ending {
        Ending::Draw => return vec![1; left.len()],
        Ending::Left(seat) => {
            let next = left.iter().flatten().max().map_or(1, |m| m + 1);
            if let Some(order) = left.get_mut(seat) {
                *order = Some(next);
            }
        }
        Ending::Rules => {}
    }
    rating::standing(&game.places(), &left)
}

/// The places of a stored game, as it ended (`None` while it is played, or when it was aborted): what the
/// session recorded for the ratings when it ended, made again from the stored players and result.
pub(super) fn stored_places(record: &SessionRow, game: &AnyGame) -> Option<Vec<usize>> {
    if record.state != SessionState::Finished {
        return None;
    }
    let how = record.result.as_deref().unwrap_or_default();
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    let ending = if how == DRAW_AGREED {
        Ending::Draw
    } else if let Some(seat) = records::leaver(how, &names).filter(|&s| !record.players[s].abandoned)
        && game.outcome().is_none()
    {
        Ending::Left(seat)
    } else {
        Ending::Rules
    };
    Some(places(record, game, ending))
}

/// Why a finished game is not rated, or `None` when it is.
fn unrated_because(record: &SessionRow) -> Option<&'static str> {
    if record.hinted {
        Some("a hint was used")
    } else if !record.rated {
        Some("the challenge was unrated")
    } else if record.players.iter().any(|p| p.level.is_some() && !p.abandoned) {
        Some("it was played against the computer")
    } else if !moves_each(record) {
        Some("it was too short")
    } else {
        None
    }
}

/// Whether every seat made at least [`MIN_MOVES_EACH`] moves: the stored moves are replayed to see who made each.
fn moves_each(record: &SessionRow) -> bool {
    let Ok(mut game) = AnyGame::new(record.game, &record.setup) else { return false };
    let mut made = vec![0usize; record.players.len()];
    for text in &record.moves {
        let Ok(played) = game.play_text(text) else { return false };
        for p in played {
            if let Some(n) = made.get_mut(p.seat) {
                *n += 1;
            }
        }
    }
    made.iter().all(|&n| n >= MIN_MOVES_EACH)
}

/// The result of a finished game whose players took `places`: who placed where, and whether it counts for
/// ratings.
pub(crate) fn game_result(record: &SessionRow, places: &[usize], now: i64) -> GameResult {
    GameResult {
        session: record.id,
        game: record.game,
        guild: record.guild,
        players: record
            .players
            .iter()
            .zip(places)
            .map(|(p, &place)| Placed { user: p.id, name: p.name.clone(), place })
            .collect(),
        rated: unrated_because(record).is_none(),
        ended_at: now,
    }
}

/// A UTC date, `2026-11-30`, for any time at all (the records' calendar, with dashes).
pub(super) fn date(seconds: i64) -> String {
    crate::record::date(seconds).replace('.', "-")
}

impl<S: Store> Sessions<S> {
    /// Records a finished game's result (and rates it when it counts), and returns the line that says how the
    /// players' ratings on this board moved. A failure is logged, not shown: the game itself is over and stored,
    /// and `tabula ratings --rebuild` cannot bring back a result that was never recorded, so the log says which.
    async fn record_result(&self, record: &SessionRow, places: &[usize]) -> Option<Text> {
        let result = game_result(record, places, self.now());
        let before = if result.rated { self.board_ratings(&result).await } else { Vec::new() };
        match self.store.record_result(&result).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return None,
            Err(e) => {
                tracing::error!(session = record.id, error = %e, "could not record a finished game's result");
                return None;
            }
        }
        if !result.rated {
            return None;
        }
        let after = self.board_ratings(&result).await;
        let system = result.game.info().rating;
        let moves: Vec<(&Placed, Rating, Rating)> = result
            .players
            .iter()
            .zip(before.iter().zip(&after))
            .filter_map(|(p, (b, a))| Some((p, b.unwrap_or_else(|| Rating::initial(system)), (*a)?)))
            .collect();
        if moves.is_empty() {
            return None;
        }
        Some(t!(
            "ratings-moved",
            ratings = Text::new().join(moves, ", ", |t, (p, before, after)| {
                let change = (after.shown(system) - before.shown(system)).round();
                t.name(&p.name).plain(format!(" {} ({change:+})", after.label(system)))
            })
        ))
    }

    /// The players' ratings in `result`'s game on its server's board (`None` before their first rated game).
    async fn board_ratings(&self, result: &GameResult) -> Vec<Option<Rating>> {
        let board = result.guild.unwrap_or(ALL_SERVERS);
        let mut out = Vec::with_capacity(result.players.len());
        for p in &result.players {
            let rows = self.store.ratings_of(p.user, result.guild).await.unwrap_or_default();
            out.push(rows.iter().find(|r| r.game == result.game && r.guild == board).map(|r| r.rating));
        }
        out
    }
}

impl<S: Store> Sessions<S> {
    /// `seat` leaves the game: it resigned, or ran out of time. In a game of more than two where a person still
    /// plays, the computer takes the seat (which will rank below everyone who stays) and the game goes on;
    /// otherwise the game ends, in a game of two with the leaver last.
    pub(super) async fn leave(
        &self,
        slot: &mut Slot,
        game: &AnyGame,
        seat: usize,
        why: Leaving,
    ) -> Result<Reply, StoreError> {
        let Slot::Open(live) = slot else { return Err(StoreError::Conflict) };
        let leaver = live.record.players[seat].clone();
        let who = match why {
            Leaving::Resigned => Text::new().strong_name(&leaver.name),
            Leaving::TimedOut { .. } => Text::new().mention(leaver.id, &leaver.name),
        };
        if live.record.players.len() <= 2 {
            let winner = 1 - seat.min(1);
            let winner_player = &live.record.players[winner];
            let said = match why {
                Leaving::Resigned => t!(
                    "resigned-winner",
                    player = who,
                    seat = messages::seat(game, seat),
                    winner = Text::new().strong_name(&winner_player.name),
                    winner_seat = messages::seat(game, winner)
                ),
                Leaving::TimedOut { per_move } => t!(
                    "time-up",
                    player = who,
                    seat = messages::seat(game, seat),
                    time = super::clocks::duration(per_move)
                )
                .plain(" ")
                .then(t!(
                    "wins",
                    player = Text::new().mention(winner_player.id, &winner_player.name),
                    seat = messages::seat(game, winner)
                )),
            };
            let stored = match why {
                Leaving::Resigned => said.to_plain(),
                Leaving::TimedOut { .. } => format!("{} lost on time", leaver.name),
            };
            return self.end(slot, game.clone(), said, &stored, Ending::Left(seat)).await;
        }
        let mut players = live.record.players.clone();
        let order = left_orders(&players).into_iter().flatten().max().map_or(1, |m| m + 1);
        players[seat].level = Some(DEFAULT_LEVEL);
        players[seat].abandoned = true;
        players[seat].left = Some(order);
        self.store.set_players(live.record.id, &players, self.now()).await?;
        live.record.players = players;
        let someone_stays = live.record.players.iter().any(|p| p.level.is_none());
        let (seat_text, name) = (messages::seat(game, seat), Text::new().name(&leaver.name));
        if someone_stays {
            self.start_turn(live, game).await;
            let text = match why {
                Leaving::Resigned => {
                    t!(
                        "resigned-replaced",
                        player = who,
                        seat = seat_text,
                        level = DEFAULT_LEVEL,
                        name = name
                    )
                }
                Leaving::TimedOut { per_move } => t!(
                    "time-up-replaced",
                    player = who,
                    seat = seat_text,
                    time = super::clocks::duration(per_move),
                    level = DEFAULT_LEVEL,
                    name = name
                ),
            };
            let mut reply = Reply::public(text).with_board(super::offers::board_of(live, game.clone()));
            reply.clock = self.clock_caption(live, game);
            return Ok(reply);
        }
        let said = match why {
            Leaving::Resigned => t!("resigned-last", player = who, seat = seat_text),
            Leaving::TimedOut { per_move } => {
                t!("time-up-last", player = who, seat = seat_text, time = super::clocks::duration(per_move))
            }
        };
        let stored = format!("{} was the last to leave", leaver.name);
        self.end(slot, game.clone(), said, &stored, Ending::Rules).await
    }

    /// Ends the channel's game that is still being played: stores it as finished with `stored` (the result as
    /// records keep it, in English), then announces it as [`Sessions::finished`] does.
    pub(super) async fn end(
        &self,
        slot: &mut Slot,
        game: AnyGame,
        said: Text,
        stored: &str,
        ending: Ending,
    ) -> Result<Reply, StoreError> {
        let Slot::Open(live) = slot else { return Err(StoreError::Conflict) };
        self.store
            .transition(
                live.record.id,
                SessionState::Playing,
                SessionState::Finished,
                Some(stored),
                self.now(),
            )
            .await?;
        live.record.state = SessionState::Finished;
        live.record.result = Some(stored.to_string());
        Ok(self.finished(slot, game, said, ending).await)
    }

    /// The one announcement of a game that just ended (already stored as finished or aborted): `said` (what
    /// happened), the places in a game of more than two, the ratings' changes, and where to see the record; with
    /// the final board (whose picture says how the game ended), the rematch button and the game's replay. It
    /// records the result of a finished game and frees the channel.
    pub(super) async fn finished(&self, slot: &mut Slot, game: AnyGame, said: Text, ending: Ending) -> Reply {
        let Slot::Open(live) = slot else { return Reply::public(said) };
        let record = &live.record;
        let finished = record.state == SessionState::Finished;
        let places = finished.then(|| places(record, &game, ending));
        let mut text = said;
        if let Some(places) = places.as_ref().filter(|p| p.len() > 2) {
            text = text.line().then(messages::standing_line(live, &game, places));
        }
        if let Some(places) = &places
            && let Some(ratings) = self.record_result(record, places).await
        {
            text = text.line().then(ratings);
        }
        text = text.line().then(super::commands::game::over_line(record.id));
        // The game's own picture says how its moves ended it, unless seats were left (its places differ).
        let natural = finished
            && ending == Ending::Rules
            && game.outcome().is_some()
            && record.players.iter().all(|p| !p.abandoned);
        let title = (!natural).then(|| messages::ended_title(live, &game, places.as_deref()));
        let board = Board { game, names: live.names(), id: record.id, ended: title };
        let mut reply = Reply::public(text).with_board(board);
        if finished {
            reply = reply.with_buttons(rematch_buttons(record.channel, record.id));
            if let Some(replay) = records::final_replay(record, places.as_deref()) {
                reply = reply.with_replay(replay);
            }
        }
        *slot = Slot::Free;
        reply
    }
}
