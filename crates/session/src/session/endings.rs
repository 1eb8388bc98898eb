//! How games end, whatever ends them: a seat that leaves (a resignation, a loss on time), the rules, an agreed
//! draw, an abort. One rule places the players of every ending (see [`crate::rating::standing`]: who stayed
//! above who left, the last to leave above the first), and one reply announces every ending: what happened, the
//! places in a game of more than two, the ratings, and where to see the record. The result is recorded for
//! `/history` and the ratings (see `commands::history`), and the record and its replay say the same.

use crate::games::AnyGame;
use crate::rating::{self, MIN_MOVES_EACH, Rating};
use crate::store::{
    ALL_SERVERS, EndKind, Ending, GameResult, PlayerPlace, PlayerRow, SessionRow, SessionState, StoreError,
};

use super::request::rematch_buttons;
use super::text::Text;
use super::{BoardPicture, DEFAULT_LEVEL, Reply, Sessions, Slot, messages, records};
use crate::t;

/// Why a seat leaves a game.
#[derive(Clone, Copy, Debug)]
pub(super) enum Leaving {
    Resigned,
    /// Did not move within `per_move` seconds.
    TimedOut {
        per_move: i64,
    },
}

/// The places of the players of a game that ends as `kind` says for `seats`, by the one rule of
/// [`rating::standing`]: an agreed draw (or a round's time) shares the first place; a seat that resigns or runs
/// out of time in a game of two is the last to leave; otherwise the rules' places, with the seats that were left
/// below those who stayed.
pub(crate) fn places(record: &SessionRow, game: &AnyGame, kind: EndKind, seats: &[usize]) -> Vec<usize> {
    let mut left = PlayerRow::left_orders(&record.players);
    match kind {
        EndKind::DrawAgreed | EndKind::RoundTime => return vec![1; left.len()],
        EndKind::Resigned | EndKind::TimedOut => {
            let next = left.iter().flatten().max().map_or(1, |m| m + 1);
            if let Some(order) = seats.first().and_then(|&s| left.get_mut(s)) {
                *order = Some(next);
            }
        }
        _ => {}
    }
    rating::standing(&game.places(), &left)
}

/// The ending of kind `kind` concerning `seats` of game `record`, with its places when it finishes the game.
pub(crate) fn ending(record: &SessionRow, game: &AnyGame, kind: EndKind, seats: Vec<usize>) -> Ending {
    let places = kind.finishes().then(|| places(record, game, kind, &seats));
    Ending::new(kind, seats, places)
}

/// The places of a stored game, as it ended (`None` while it is played, or when it was aborted).
pub(super) fn stored_places(record: &SessionRow) -> Option<Vec<usize>> {
    if record.state != SessionState::Finished {
        return None;
    }
    record.ending.as_ref().and_then(|e| e.places.clone())
}

/// A player as every view names them: a member by their name (whatever it says), the computer's seat as the
/// computer at its level, in the reader's language.
pub(super) fn player(p: &PlayerRow) -> Text {
    Text::new().player(p)
}

/// How a game ended, in a few words and the reader's language, from its ending and its players' current names
/// ("bob lost on time", "a draw by agreement", the rules' own reason): the same for every view.
pub(crate) fn how(players: &[PlayerRow], game: Option<&AnyGame>, ending: &Ending) -> Text {
    let seat = |n: usize| players.get(n).map_or_else(Text::new, player);
    let first = ending.seat();
    match ending.kind {
        EndKind::Rules => match game.and_then(AnyGame::outcome) {
            Some(outcome) => super::engine_text::text(&outcome.reason),
            None => Text::new().key("ending-rules"),
        },
        EndKind::Resigned => t!("ending-resigned", player = first.map_or_else(Text::new, seat)),
        EndKind::TimedOut => t!("ending-time", player = first.map_or_else(Text::new, seat)),
        EndKind::LastLeft => t!("ending-last-left", player = first.map_or_else(Text::new, seat)),
        EndKind::DrawAgreed => Text::new().key("ending-draw-agreed"),
        EndKind::AbortAgreed => match ending.seats[..] {
            [a, b] => t!("ending-aborted", by = t!("list-and", first = seat(a), last = seat(b))),
            _ => Text::new().key("ending-aborted-moderator"),
        },
        EndKind::Aborted => match first {
            Some(s) => t!("ending-aborted-before", player = seat(s)),
            None => Text::new().key("ending-aborted-moderator"),
        },
        EndKind::Decided => {
            let places = ending.places.as_deref().unwrap_or_default();
            let outcome = match first {
                _ if places.iter().all(|&p| p == 1) => Text::new().key("ending-decided-draw"),
                Some(s) if places.get(s) == Some(&1) => t!("ending-decided-win", player = seat(s)),
                Some(s) => t!("ending-decided-loss", player = seat(s)),
                None => Text::new().key("ending-decided-draw"),
            };
            t!(
                "ending-decided",
                outcome = outcome,
                reason = Text::new().typed(ending.reason.as_deref().unwrap_or(""))
            )
        }
        EndKind::RoundTime => Text::new().key("ending-round-time"),
    }
}

/// The header of a finished game's picture (the end picture, the replay's last frame), when the picture itself
/// would not say how it ended: `None` when the game's moves ended it and its places are the moves' own (nobody
/// left), since the game's own picture then says so, in its own words.
pub(crate) fn picture_title(players: &[PlayerRow], game: &AnyGame, ending: &Ending) -> Option<Text> {
    let natural = ending.kind == EndKind::Rules
        && game.outcome().is_some()
        && players.iter().all(|p| !p.abandoned)
        && ending.places.as_ref().is_none_or(|p| *p == game.places());
    (!natural).then(|| title(players, game, ending))
}

/// How a game ended and who won ("alice resigned · bob, White, wins"), for a picture's header, the replay's last
/// frame, `/game` and the web board: [`how`], then the first place from the stored places.
pub(crate) fn title(players: &[PlayerRow], game: &AnyGame, ending: &Ending) -> Text {
    let how = how(players, Some(game), ending);
    // An agreed draw (or a round's time) says it was a draw already; an abort has no result.
    let places = ending.places.as_deref().filter(|p| p.len() == players.len());
    let Some(places) = places.filter(|_| !matches!(ending.kind, EndKind::DrawAgreed | EndKind::RoundTime))
    else {
        return how.plain(".");
    };
    let first = rating::first_places(places);
    let result = match first.as_slice() {
        [one] => t!("wins", player = player(&players[*one]), seat = messages::seat(game, *one)),
        shared if shared.len() < places.len() => {
            t!("ended-shared", players = Text::new().list(shared.iter().map(|&s| player(&players[s]))))
        }
        _ => Text::new().key("ended-draw"),
    };
    how.plain(" · ").then(result)
}

/// Why a finished game is not rated, or `None` when it is.
fn unrated_because(record: &SessionRow) -> Option<&'static str> {
    if record.hinted {
        Some("a hint was used")
    } else if !record.rated {
        Some("the challenge was unrated")
    } else if record.players.iter().any(PlayerRow::is_computer) {
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
            .map(|(p, &place)| PlayerPlace {
                user: p.id,
                name: p.name.clone(),
                place,
                level: p.level.filter(|_| p.is_computer()),
            })
            .collect(),
        rated: unrated_because(record).is_none(),
        ended_at: now,
    }
}

/// A UTC date, `2026-11-30`, for any time at all (the records' calendar, with dashes).
pub(super) fn date(seconds: i64) -> String {
    crate::record::date(seconds).replace('.', "-")
}

impl Sessions {
    /// Records a finished game's result (and rates it when it counts), and returns the line that says how the
    /// players' ratings on this board moved. A failure is logged, not shown: the game itself is over and stored,
    /// and `tabula ratings --rebuild` cannot bring back a result that was never recorded, so the log says which.
    async fn record_result(&self, record: &SessionRow, places: &[usize]) -> Option<Text> {
        let result = game_result(record, places, self.now());
        let before = if result.rated { self.board_ratings(&result).await } else { Vec::new() };
        match self.store.record_result(&result).await {
            Ok(()) => self.tactics_from_game(record),
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
        let moves: Vec<(&PlayerPlace, Rating, Rating)> = result
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

impl Sessions {
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
        let leaver = live.row.players[seat].clone();
        let who = match why {
            Leaving::Resigned => Text::new().strong_player(&leaver),
            Leaving::TimedOut { .. } => Text::new().mention(leaver.id, &leaver.name),
        };
        if live.row.players.len() <= 2 {
            let winner = 1 - seat.min(1);
            let winner_player = &live.row.players[winner];
            let said = match why {
                Leaving::Resigned => t!(
                    "resigned-winner",
                    player = who,
                    seat = messages::seat(game, seat),
                    winner = Text::new().strong_player(winner_player),
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
            let kind = match why {
                Leaving::Resigned => EndKind::Resigned,
                Leaving::TimedOut { .. } => EndKind::TimedOut,
            };
            let ending = ending(&live.row, game, kind, vec![seat]);
            return self.end(slot, game.clone(), said, ending).await;
        }
        let mut players = live.row.players.clone();
        let order = PlayerRow::left_orders(&players).into_iter().flatten().max().map_or(1, |m| m + 1);
        players[seat].level = Some(DEFAULT_LEVEL);
        players[seat].abandoned = true;
        players[seat].left = Some(order);
        self.store.set_players(live.row.id, &players, self.now()).await?;
        live.row.players = players;
        let someone_stays = live.row.players.iter().any(|p| p.level.is_none());
        let (seat_text, name) = (messages::seat(game, seat), Text::new().player(&leaver));
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
            let mut reply = Reply::public(text).with_board(live.picture(game.clone()));
            reply.clock = self.clock_caption(live, game);
            return Ok(reply);
        }
        let said = match why {
            Leaving::Resigned => t!("resigned-last", player = who, seat = seat_text),
            Leaving::TimedOut { per_move } => {
                t!("time-up-last", player = who, seat = seat_text, time = super::clocks::duration(per_move))
            }
        };
        let ending = ending(&live.row, game, EndKind::LastLeft, vec![seat]);
        self.end(slot, game.clone(), said, ending).await
    }

    /// Ends the channel's game that is still being played: stores it as finished (or aborted) with `ending`, then
    /// announces it as [`Sessions::finished`] does.
    pub(super) async fn end(
        &self,
        slot: &mut Slot,
        game: AnyGame,
        said: Text,
        ending: Ending,
    ) -> Result<Reply, StoreError> {
        let Slot::Open(live) = slot else { return Err(StoreError::Conflict) };
        let to = if ending.kind.finishes() { SessionState::Finished } else { SessionState::Aborted };
        self.store.transition(live.row.id, live.row.state, to, Some(&ending), self.now()).await?;
        live.row.state = to;
        live.row.ending = Some(ending);
        Ok(self.finished(slot, game, said).await)
    }

    /// The one announcement of a game that just ended (already stored as finished or aborted): `said` (what
    /// happened), the places in a game of more than two, the ratings' changes, and where to see the record; with
    /// the final board (whose picture says how the game ended), the rematch button and the game's replay. It
    /// records the result of a finished game and frees the channel.
    pub(super) async fn finished(&self, slot: &mut Slot, game: AnyGame, said: Text) -> Reply {
        let Slot::Open(live) = slot else { return Reply::public(said) };
        let record = &live.row;
        let finished = record.state == SessionState::Finished;
        let places = stored_places(record);
        let mut text = said;
        if let Some(places) = places.as_ref().filter(|p| p.len() > 2) {
            text = text.line().then(messages::standing_line(live, &game, places));
        }
        if let Some(places) = &places
            && let Some(ratings) = self.record_result(record, places).await
        {
            text = text.line().then(ratings);
        }
        // A game aborted before its first move has no record to show.
        if finished || !record.moves.is_empty() {
            text = text.line().then(super::commands::game::over_line(record.id));
        }
        let title = record.ending.as_ref().and_then(|e| picture_title(&record.players, &game, e));
        let board = BoardPicture { game, names: live.names(), id: record.id, ended: title };
        let mut reply = Reply::public(text).with_board(board);
        if finished {
            reply = reply.with_buttons(rematch_buttons(record.channel, record.id));
            if let Some(replay) = records::final_replay(record) {
                reply = reply.with_replay(replay);
            }
        }
        *slot = Slot::Free;
        reply
    }
}
