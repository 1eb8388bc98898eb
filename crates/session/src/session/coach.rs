//! The AI as a coach: `/hint` (the move level 5 would play, with its evaluation in words; the game becomes
//! unrated) and the analysis of a finished game (`/game id:<n> analysis:true`: each player's moves where the
//! evaluation dropped most, with the move the AI preferred). Every search runs on the AI's pool of blocking
//! threads, within its cap on searches, without holding the channel.

use std::time::Duration;

use crate::ai::{Limits, Report};
use crate::games::{AnyGame, AnyMove, EvalWords, GameKind};
use crate::store::SessionState;

use super::records::tag;
use super::text::Text;
use super::{Actor, Reply, Sessions};
use crate::t;

/// The level whose move a hint suggests and whose eyes analyse a game.
pub(crate) const COACH_LEVEL: u8 = 5;

/// Moves listed per player in an analysis.
pub(crate) const MISTAKES_SHOWN: usize = 3;

/// The shortest and longest time the analysis spends on one position (a quarter of `ai_time`, within these).
const ANALYSIS_MIN: Duration = Duration::from_millis(50);
const ANALYSIS_MAX: Duration = Duration::from_millis(500);

/// How a game's scores read in words (from its registry entry).
fn scale(kind: GameKind) -> EvalWords {
    kind.info().eval_words
}

/// Who a verdict speaks of: in a two-player game, the player's side and the other's; with more players, "you"
/// and "an opponent".
pub(super) enum Sides {
    Two { me: Text, other: Text },
    Many { me: Text },
}

impl Sides {
    pub(super) fn of(game: &AnyGame, seat: usize) -> Sides {
        let side = |seat: usize| side_text(&side_word(game, seat));
        if game.setup().seats == 2 {
            Sides::Two { me: side(seat), other: side(1 - seat.min(1)) }
        } else {
            Sides::Many { me: side(seat) }
        }
    }
}

/// A side by its name ("Black", "Red"), as a translated name.
fn side_text(name: &str) -> Text {
    super::messages::seat_text(name)
}

/// How a verdict names `seat`: its side's notation name when that is a word ("Black", not "Black (attackers)"),
/// else the seat's label (a Tantrix seat's colour, never its number).
fn side_word(game: &AnyGame, seat: usize) -> String {
    let name = sentence(&game.seat_name(seat));
    if super::messages::seat_text(&name) == Text::new().plain(name.as_str()) {
        game.seat_label(seat)
    } else {
        name
    }
}

/// A score from one player's point of view, in words ("White is slightly better", "about equal").
pub(super) fn verdict(kind: GameKind, score: i32, sides: &Sides) -> Text {
    let s = scale(kind);
    let lead = score.abs();
    if lead < s.slight {
        return Text::new().key("verdict-equal");
    }
    // With tiles still unseen (a game that shuffles), no search can prove a win: it is only winning.
    let how = if lead >= s.forced && !kind.shuffles() {
        "forced"
    } else if lead < s.better {
        "slight"
    } else if lead < s.winning {
        "better"
    } else {
        "winning"
    };
    match sides {
        Sides::Two { me, other } => {
            t!("verdict-side", side = if score >= 0 { me.clone() } else { other.clone() }, how = how)
        }
        Sides::Many { me } if score >= 0 => t!("verdict-you", side = me.clone(), how = how),
        Sides::Many { .. } => t!("verdict-opponent", how = how),
    }
}

fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// One move of a finished game where the evaluation dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The move's index in the game (0 for the first move).
    pub ply: usize,
    /// The move's number as the game's messages showed it (a TZAAR turn of two actions, a Tantrix turn).
    pub number: usize,
    pub seat: usize,
    pub played: String,
    /// The move the AI preferred in that position (for TZAAR, the first move of its turn).
    pub preferred: String,
    /// The evaluation before and after the move, from the player's point of view.
    pub before: i32,
    pub after: i32,
}

/// The analysis of a finished game: for each seat, at most [`MISTAKES_SHOWN`] moves, the biggest drop first.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub(crate) id: i64,
    pub(crate) kind: GameKind,
    /// The players, in seat order.
    pub(crate) players: Vec<crate::store::PlayerRow>,
    pub(crate) sides: Vec<String>,
    pub per_seat: Vec<Vec<Mistake>>,
    /// The time spent on each position.
    pub(crate) budget: Duration,
    pub(crate) positions: usize,
}

impl Sessions {
    /// Runs one search of level [`COACH_LEVEL`] with `top` as its budget, on the AI's pool (on more threads while
    /// the other cores are idle).
    pub(super) async fn coach_think(
        &self,
        game: &AnyGame,
        top: Duration,
        salt: u64,
    ) -> Option<Report<AnyMove>> {
        let seed = game.setup().seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // A person waits for this one search: it may use every core no other search is using.
        let limits =
            Limits { threads: crate::ai::cores::total(), ..game.kind().limits(COACH_LEVEL, top, seed) };
        self.think(game, limits).await
    }

    /// The analysis of finished game `id` of the actor's server, or the sentence saying why there is none.
    /// `progress(done, total)` is called after each position.
    pub async fn analysis(
        &self,
        actor: &Actor,
        id: i64,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
    ) -> Result<Analysis, Text> {
        let stored = match self.store.session(id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                return Err(t!("no-such-id", id = tag(id)));
            }
            Err(e) => {
                tracing::error!(session = id, error = %e, "store failure reading a game to analyse");
                return Err(Text::new().key("lookup-failed"));
            }
        };
        if stored.guild != actor.guild {
            return Err(t!("analysis-elsewhere", id = tag(id)));
        }
        if stored.state != SessionState::Finished {
            return Err(t!("analysis-not-finished", id = tag(id)));
        }
        if stored.moves.is_empty() {
            return Err(t!("analysis-no-moves", id = tag(id)));
        }
        let Some(positions) = positions(&stored) else {
            return Err(t!("analysis-broken", id = tag(id)));
        };
        let budget = (self.config.ai_time / 4).clamp(ANALYSIS_MIN, ANALYSIS_MAX);
        let total = positions.len();
        progress(0, total);
        // Each position's best score, from its mover's point of view, and the AI's preferred move there.
        let mut searched: Vec<Option<(usize, i32, String)>> = Vec::with_capacity(total);
        for (i, position) in positions.iter().enumerate() {
            let found = match position.to_move() {
                Some(mover) if position.outcome().is_none() => {
                    let report = self.coach_think(position, budget, i as u64).await;
                    report.map(|r| {
                        (mover, r.score, r.moves.first().map(ToString::to_string).unwrap_or_default())
                    })
                }
                _ => None,
            };
            searched.push(found);
            progress(i + 1, total);
        }
        let s = scale(stored.game);
        let cap = |v: i32| v.clamp(-s.forced, s.forced);
        // A position's value for `seat`: its search (the mover's view, turned for the other player of a
        // two-player game), or the result when the game is over there.
        let value = |i: usize, seat: usize| -> Option<i32> {
            if let Some(outcome) = positions[i].outcome() {
                return Some(match outcome.winner {
                    Some(w) if w == seat => s.forced,
                    Some(_) => -s.forced,
                    None => 0,
                });
            }
            let (mover, score, _) = searched[i].as_ref()?;
            Some(cap(if *mover == seat { *score } else { -*score }))
        };
        let mut per_seat = vec![Vec::new(); stored.players.len()];
        for (ply, played) in stored.moves.iter().enumerate() {
            let Some((seat, _, preferred)) = searched[ply].clone() else { continue };
            if preferred.is_empty() || preferred == *played {
                continue;
            }
            let (Some(before), Some(after)) = (value(ply, seat), value(ply + 1, seat)) else { continue };
            // A position lost before the move and still lost after it is not where the game was lost.
            let lost = |v: i32| v <= -s.winning;
            if before - after >= s.slight / 2
                && !(lost(before) && lost(after))
                && let Some(list) = per_seat.get_mut(seat)
            {
                let number = positions[ply].move_number();
                list.push(Mistake { ply, number, seat, played: played.clone(), preferred, before, after });
            }
        }
        for list in &mut per_seat {
            list.sort_by_key(|m| (m.after - m.before, m.ply));
            list.truncate(MISTAKES_SHOWN);
        }
        let first = &positions[0];
        Ok(Analysis {
            id,
            kind: stored.game,
            players: stored.players.clone(),
            sides: (0..stored.players.len()).map(|seat| side_word(first, seat)).collect(),
            per_seat,
            budget,
            positions: total,
        })
    }

    /// `/game id:<n> analysis:true`, without progress reports: the analysis as a reply.
    pub async fn analysis_reply(
        &self,
        actor: &Actor,
        id: i64,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
    ) -> Reply {
        match self.analysis(actor, id, progress).await {
            Ok(analysis) => Reply::public(analysis_text(&analysis)),
            Err(why) => Reply::private(why),
        }
    }
}

/// Every position of a stored game, from its start to after its last move; `None` when its moves do not replay.
fn positions(stored: &crate::store::SessionRow) -> Option<Vec<AnyGame>> {
    let mut game = AnyGame::new(stored.game, &stored.setup).ok()?;
    let mut positions = vec![game.clone()];
    for m in &stored.moves {
        game.play_text(m).ok()?;
        positions.push(game.clone());
    }
    Some(positions)
}

/// What an analysis says: per player, the moves where the evaluation dropped most and what the AI preferred.
pub(crate) fn analysis_text(a: &Analysis) -> Text {
    let mut text = t!(
        "analysis-title",
        id = tag(a.id),
        game = a.kind.title(),
        level = COACH_LEVEL,
        ms = a.budget.as_millis() as u64,
        count = a.positions
    );
    let side = |seat: usize| side_text(&a.sides[seat]);
    for (seat, list) in a.per_seat.iter().enumerate() {
        text = text.line().then(t!(
            "analysis-player",
            player = Text::new().strong_player(&a.players[seat]),
            side = side(seat)
        ));
        let sides = if a.players.len() == 2 {
            Sides::Two { me: side(seat), other: side(1 - seat.min(1)) }
        } else {
            Sides::Many { me: side(seat) }
        };
        if list.is_empty() {
            text = text.line().key("analysis-none");
        }
        for m in list {
            text = text.line().then(t!(
                "analysis-mistake",
                number = m.number,
                played = Text::new().code(m.played.as_str()),
                preferred = Text::new().code(m.preferred.as_str()),
                before = verdict(a.kind, m.before, &sides),
                after = verdict(a.kind, m.after, &sides)
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_in_words_by_side() {
        use crate::i18n::Lang;
        let sides = Sides::Two { me: side_text("White"), other: side_text("Black") };
        let words = |kind, score, sides: &Sides| verdict(kind, score, sides).plain_in(Lang::En);
        assert_eq!(words(GameKind::Tablut, 20, &sides), "about equal");
        assert_eq!(words(GameKind::Tablut, 200, &sides), "White is slightly better");
        assert_eq!(words(GameKind::Tablut, -500, &sides), "Black is better");
        assert_eq!(words(GameKind::Tablut, 3_000, &sides), "White is winning");
        assert_eq!(
            words(GameKind::Tablut, crate::ai::search::WIN - 3, &sides),
            "White wins by force (the search found it)"
        );
        assert_eq!(
            words(GameKind::Tablut, -crate::ai::search::WIN + 5, &sides),
            "Black wins by force (the search found it)"
        );
        assert_eq!(verdict(GameKind::Tablut, -500, &sides).plain_in(Lang::Cs), "černý má lepší pozici");
        let you = Sides::Many { me: side_text("Red") };
        assert_eq!(words(GameKind::Tantrix, 60, &you), "you (Red) are slightly better");
        assert_eq!(words(GameKind::Tantrix, -400, &you), "an opponent is winning");
        // Tiles still unseen: a search proves nothing in Tantrix, so nobody "wins by force".
        assert_eq!(words(GameKind::Tantrix, crate::ai::search::WIN - 3, &you), "you (Red) are winning");
        assert_eq!(
            verdict(GameKind::Tantrix, -400, &you).plain_in(Lang::PtBr),
            "um adversário está vencendo"
        );
    }
}
