//! The one-time conversion of how games ended, from the English sentences that releases before the typed ending
//! stored (`sessions.result`) to [`Ending`]'s columns. It runs when a store opens, after its migrations, on every
//! row that still has a sentence and no ending, and empties the sentence; nothing reads `result` afterwards.
//!
//! A sentence is resolved with the game's seats: the moves say whether the rules ended it, and a sentence that
//! starts with a player's name (`NAME lost on time`, `NAME, SEAT, resigned. …`, `NAME was the last to leave`,
//! `aborted by NAME and NAME`) is matched against the players' names longest first, so that "Ann" never takes
//! what "Ann, the Great" did. Where the text still cannot tell (two players of one name, a name relabelled since),
//! the places recorded in the results table decide. The log says how many rows were converted, and how many only
//! by places.

use super::sql::{Backend, SqlStore};
use crate::games::AnyGame;
use crate::rating;

use super::sessions::{EndKind, Ending, PlayerRow, SessionRow, SessionState};

/// How one stored sentence was converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Converted {
    pub ending: Ending,
    /// Whether the recorded places, not the sentence, decided who it concerns.
    pub by_places: bool,
}

/// The places of a game that `leaver` (if any) left last, by the one rule of [`rating::standing`].
fn places_after(players: &[PlayerRow], game: Option<&AnyGame>, leaver: Option<usize>) -> Vec<usize> {
    let mut left = PlayerRow::left_orders(players);
    if let Some(seat) = leaver
        && left.get(seat).is_some_and(Option::is_none)
    {
        left[seat] = Some(left.iter().flatten().max().map_or(1, |m| m + 1));
    }
    let by_rules = game.map_or_else(|| vec![1; players.len()], AnyGame::places);
    rating::standing(&by_rules, &left)
}

/// The seats whose name starts `text` followed by one of `rests`, the longest names first (every seat of the
/// longest name that fits).
fn named_first(text: &str, players: &[PlayerRow], fits: impl Fn(&str) -> bool) -> Vec<usize> {
    let mut seats: Vec<usize> = (0..players.len())
        .filter(|&s| text.strip_prefix(players[s].name.as_str()).is_some_and(&fits))
        .collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(players[s].name.len()));
    let Some(&longest) = seats.first() else { return seats };
    let len = players[longest].name.len();
    seats.retain(|&s| players[s].name.len() == len);
    seats
}

/// The seat that the sentence names, or among `candidates` the one the recorded places say (the worst placed:
/// whoever left ranks last); `None` when neither tells.
fn one_seat(candidates: &[usize], recorded: Option<&[usize]>) -> Option<(usize, bool)> {
    match candidates {
        [one] => Some((*one, false)),
        [] => None,
        many => {
            let places = recorded?;
            let worst = many.iter().copied().max_by_key(|&s| places.get(s).copied().unwrap_or(0))?;
            Some((worst, true))
        }
    }
}

/// Converts the sentence `text` of stored game `row` (its moves replayed as `game`, `None` when they no longer
/// do), with the places the results table recorded for it (`recorded`, in seat order) where there are any.
pub(crate) fn convert(
    row: &SessionRow,
    game: Option<&AnyGame>,
    text: &str,
    recorded: Option<&[usize]>,
) -> Converted {
    let players = &row.players;
    let two = players.len() == 2;
    let recorded = recorded.filter(|p| p.len() == players.len());
    let done = |ending: Ending, by_places: bool| Converted { ending, by_places };
    if row.state == SessionState::Aborted {
        let by = text.strip_prefix("aborted by ").unwrap_or(text);
        for a in 0..players.len() {
            for b in 0..players.len() {
                if a != b && by == format!("{} and {}", players[a].name, players[b].name) {
                    return done(Ending::new(EndKind::AbortAgreed, vec![a, b], None), false);
                }
            }
        }
        let seats: Vec<usize> = (0..players.len()).filter(|&s| players[s].name == by).collect();
        // Aborted by a player before the first move, or by a member who is no player (a moderator).
        return done(Ending::new(EndKind::Aborted, seats.into_iter().take(1).collect(), None), false);
    }
    let finished = |kind: EndKind, seats: Vec<usize>, places: Vec<usize>, by_places: bool| {
        let places = recorded.map_or(places, <[usize]>::to_vec);
        done(Ending::new(kind, seats, Some(places)), by_places)
    };
    if text == "a draw by agreement" {
        return finished(EndKind::DrawAgreed, Vec::new(), vec![1; players.len()], false);
    }
    if game.is_some_and(|g| g.outcome().is_some()) {
        return finished(EndKind::Rules, Vec::new(), places_after(players, game, None), false);
    }
    let timed = named_first(text, players, |rest| rest.starts_with(" lost on time"));
    let last = named_first(text, players, |rest| rest.starts_with(" was the last to leave"));
    let resigned = named_first(text, players, |rest| {
        (rest.starts_with(", ") && rest.contains(", resigned"))
            || (rest.starts_with(" (") && rest.contains(") resigned"))
    });
    let found = [(EndKind::TimedOut, timed), (EndKind::LastLeft, last), (EndKind::Resigned, resigned)]
        .into_iter()
        .filter(|(_, seats)| !seats.is_empty())
        .max_by_key(|(_, seats)| players[seats[0]].name.len());
    if let Some((kind, seats)) = found
        && let Some((seat, by_places)) = one_seat(&seats, recorded)
    {
        let kind = if two || kind != EndKind::Resigned { kind } else { EndKind::LastLeft };
        let leaver = (kind != EndKind::LastLeft).then_some(seat);
        return finished(kind, vec![seat], places_after(players, game, leaver), by_places);
    }
    // Nothing in the sentence names a seat (a name relabelled since, or a form no release wrote): a game of two
    // that no move ended was left by its loser, whom the recorded places name.
    if let Some(places) = recorded {
        let loser = (0..players.len()).max_by_key(|&s| places[s]).filter(|_| two && places[0] != places[1]);
        let kind = if text.contains("lost on time") { EndKind::TimedOut } else { EndKind::Resigned };
        return match loser {
            Some(seat) => finished(kind, vec![seat], places.to_vec(), true),
            None => finished(EndKind::Rules, Vec::new(), places.to_vec(), true),
        };
    }
    finished(EndKind::Rules, Vec::new(), places_after(players, game, None), true)
}

/// The conversion for one store: every session with a sentence and no ending gets its ending, and the sentence
/// is emptied, row by row (a process that opens the store at the same time converts the same rows to the same
/// endings; each update applies once).
impl<DB> SqlStore<DB>
where
    DB: Backend,
    for<'c> &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'q> i64: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<i64>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> bool: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<bool>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> f64: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> String: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<String>: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> &'q str: sqlx::Encode<'q, DB> + sqlx::Decode<'q, DB> + sqlx::Type<DB>,
    for<'q> Option<&'q str>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    for<'a> &'a str: sqlx::ColumnIndex<DB::Row>,
    usize: sqlx::ColumnIndex<DB::Row>,
{
    pub(super) async fn convert_endings(&self) -> Result<(), super::StoreError> {
        use super::SessionStore as _;
        let ids: Vec<(i64, String)> = sqlx::query_as(
            "SELECT id, result FROM sessions WHERE result IS NOT NULL AND end_kind IS NULL ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        if ids.is_empty() {
            return Ok(());
        }
        let (mut converted, mut by_places) = (0usize, 0usize);
        for (id, text) in ids {
            let Some(row) = self.session(id).await? else { continue };
            let recorded: Vec<(i64, i64)> =
                sqlx::query_as("SELECT seat, place FROM game_players WHERE session_id = $1 ORDER BY seat")
                    .bind(id)
                    .fetch_all(&self.pool)
                    .await?;
            let recorded: Option<Vec<usize>> = (recorded.len() == row.players.len())
                .then(|| recorded.iter().map(|&(_, p)| p as usize).collect());
            let game = crate::games::AnyGame::replay(row.game, &row.setup, &row.moves).ok();
            let ending = match row.state {
                super::SessionState::Finished | super::SessionState::Aborted => {
                    let c = super::endings::convert(&row, game.as_ref(), &text, recorded.as_deref());
                    by_places += usize::from(c.by_places);
                    Some(c.ending)
                }
                _ => None,
            };
            let (kind, seats, member, reason, places) = super::Ending::columns(ending.as_ref());
            sqlx::query(
                "UPDATE sessions SET end_kind = $1, end_seats = $2, end_member = $3, end_reason = $4, \
                 end_places = $5, result = NULL WHERE id = $6 AND end_kind IS NULL",
            )
            .bind(kind)
            .bind(seats)
            .bind(member)
            .bind(reason)
            .bind(places)
            .bind(id)
            .execute(&self.pool)
            .await?;
            // The computer's seats, which the results table knew only by the name they were stored under.
            for (seat, p) in row.players.iter().enumerate() {
                if let Some(level) = p.level.filter(|_| p.is_computer()) {
                    sqlx::query("UPDATE game_players SET level = $1 WHERE session_id = $2 AND seat = $3")
                        .bind(i64::from(level))
                        .bind(id)
                        .bind(seat as i64)
                        .execute(&self.pool)
                        .await?;
                }
            }
            converted += 1;
        }
        tracing::info!(
            converted,
            by_places,
            "converted stored endings from sentences to data ({by_places} of them resolved by the recorded \
             places)"
        );
        Ok(())
    }
}
