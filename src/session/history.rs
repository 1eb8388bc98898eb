//! Finished games: recording each result when a game ends (whatever ended it), which updates the ratings of a
//! rated game (`/history` shows them: see `commands::history`).

use crate::games::AnyGame;
use crate::rating::{self, MIN_MOVES_EACH, Rating};
use crate::store::{ALL_SERVERS, GameResult, Placed, SessionRow, Store, StoreError};

use super::Sessions;
use super::text::Text;
use crate::t;

/// How a game ended, for its players' places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    /// By the rules: the game's outcome (and scores, where it counts them) places the players.
    Rules,
    /// One seat gave up or lost on time: it is last.
    Loser(usize),
    /// The players agreed to a draw: everyone shares the first place.
    Draw,
}

/// Why a finished game is not rated, or `None` when it is.
fn unrated_because(record: &SessionRow) -> Option<&'static str> {
    if record.hinted {
        Some("a hint was used")
    } else if !record.rated {
        Some("the challenge was unrated")
    } else if record.players.iter().any(|p| p.level.is_some()) {
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

/// The result of a finished game: who placed where, and whether it counts for ratings.
pub(crate) fn game_result(record: &SessionRow, game: &AnyGame, ending: Ending, now: i64) -> GameResult {
    let seats = record.players.len();
    let scores = game.scores();
    let places = match (ending, game.outcome()) {
        (Ending::Loser(seat), _) => rating::places_with_loser(scores.as_deref(), seats, seat),
        (Ending::Rules, Some(outcome)) => rating::places(&outcome, scores.as_deref(), seats),
        (Ending::Rules, None) | (Ending::Draw, _) => vec![1; seats],
    };
    GameResult {
        session: record.id,
        game: record.game,
        guild: record.guild,
        players: record
            .players
            .iter()
            .zip(places)
            .map(|(p, place)| Placed { user: p.id, name: p.name.clone(), place })
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
    pub(crate) async fn record_result(
        &self,
        record: &SessionRow,
        game: &AnyGame,
        ending: Ending,
    ) -> Option<Text> {
        let result = game_result(record, game, ending, self.now());
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
