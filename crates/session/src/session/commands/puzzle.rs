//! `/puzzle`: puzzles, worked in private (`session::puzzles`, `session::tactics`). `/puzzle <game>` gives a tactic
//! of the game near the member's puzzle rating (`kind:tactic` says so for a game with puzzles for one player too);
//! `/puzzle <game> size:N` starts the game's puzzle for one player of N pieces, `kind:<name>` another of them (one
//! of the day takes no size); `/puzzle` alone shows the one being worked on, or a tactic of any game;
//! `table:true` shows the server's best solves (of one size, with `size`; of the day, for a puzzle of the day);
//! `rating:true` the member's puzzle rating.

use crate::games::GameKind;
use crate::games::solo::SoloInfo;
use crate::session::Reply;
use crate::t;

use super::super::puzzles::{solo_of, solo_puzzles};
use super::super::request::{OptionKind, OptionValue, read_bool, read_game, shown};
use super::super::text::Text;
use super::{Args, Choice, Context, Declaration, Failure, Opt, Request, Run};

pub fn declaration() -> Declaration {
    // The sizes any game's puzzle comes in (each puzzle checks its own).
    let sizes = || solo_puzzles().filter_map(|(_, s)| s.sizes.clone());
    let low = sizes().map(|s| *s.start()).min().unwrap_or(1);
    let high = sizes().map(|s| *s.end()).max().unwrap_or(1);
    Declaration::new("puzzle", parse)
        .option(
            Opt::new("game", OptionKind::Text)
                .choices(GameKind::ALL.iter().map(|g| Choice::plain(g.title(), g.name()))),
        )
        .option(Opt::new("size", OptionKind::Integer).range(u64::from(low), Some(u64::from(high))))
        .option(
            Opt::new("kind", OptionKind::Text).choices(
                std::iter::once(Choice::plain("Tactic", TACTIC))
                    .chain(solo_puzzles().map(|(_, s)| Choice::plain(s.title, s.name))),
            ),
        )
        .option(Opt::new("table", OptionKind::Boolean))
        .option(Opt::new("rating", OptionKind::Boolean))
}

/// `/puzzle`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The game whose puzzle it is (the first with one, when not named).
    pub game: Option<GameKind>,
    /// The number of pieces of a puzzle to start (or of the table to show).
    pub size: Option<u8>,
    /// Which of the game's puzzles (the first that comes in sizes, when not named).
    pub kind: Option<String>,
    /// Shows the best solves instead.
    pub table: bool,
    /// Shows the member's puzzle rating instead.
    pub rating: bool,
}

/// The `kind` of a tactic.
const TACTIC: &str = "tactic";

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let game = args.read("game", read_game)?;
    let size = args.read("size", read_size)?;
    if let Some(game) = game.filter(|g| g.info().solo.is_empty() && size.is_some()) {
        return Err(t!("puzzle-game", game = game.title(), example = example(None, None, None)));
    }
    let kind = args.read("kind", |v| {
        let typed = shown(v);
        let name = typed.trim().to_ascii_lowercase();
        if name == TACTIC {
            Ok(TACTIC.to_string())
        } else if let Some((_, s)) =
            solo_puzzles().find(|(g, s)| s.name == name && game.is_none_or(|game| game == *g))
        {
            Ok(s.name.to_string())
        } else {
            let names: Vec<&str> =
                std::iter::once(TACTIC).chain(solo_puzzles().map(|(_, s)| s.name)).collect();
            Err(t!(
                "puzzle-kind",
                typed = Text::new().code(format!("kind:{typed}")),
                kinds = names.join(", ")
            ))
        }
    })?;
    let table = args.read("table", |v| read_bool("table", v))?.unwrap_or(false);
    let rating = args.read("rating", |v| read_bool("rating", v))?.unwrap_or(false);
    Ok(Puzzle { game, size, kind, table, rating }.into())
}

fn read_size(value: &OptionValue) -> Result<u8, Text> {
    let size = match value {
        OptionValue::Integer(n) => u8::try_from(*n).ok(),
        OptionValue::Text(s) => s.trim().parse::<u8>().ok(),
        _ => None,
    };
    size.ok_or_else(|| {
        t!(
            "puzzle-size-typed",
            typed = Text::new().code(format!("size:{}", shown(value))),
            example = example(None, None, None)
        )
    })
}

impl Run for Puzzle {
    /// A member's puzzle is theirs alone, in no channel's session.
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        if self.rating {
            return cx.sessions.puzzle_rating_card(cx.actor).await;
        }
        let tactic = match (&self.kind, self.game) {
            (Some(kind), _) => kind == TACTIC,
            // A game named without a size or a kind: its tactics.
            (None, Some(_)) => self.size.is_none() && !self.table,
            (None, None) => false,
        };
        if tactic {
            if self.table || self.size.is_some() {
                return Ok(Reply::private(t!("tactic-options", example = example(None, None, None))));
            }
            return cx.sessions.start_tactic(cx.channel, cx.actor, self.game).await;
        }
        let game = self.game.or_else(|| {
            solo_puzzles().find(|(_, s)| self.kind.as_deref().is_none_or(|k| s.name == k)).map(|(g, _)| g)
        });
        let Some(game) = game else {
            return Ok(Reply::private(t!("puzzle-game", game = "-", example = example(None, None, None))));
        };
        let Some(info) = solo_of(game, self.kind.as_deref()) else {
            return Ok(Reply::private(t!(
                "puzzle-game",
                game = game.title(),
                example = example(None, None, None)
            )));
        };
        match (self.table, self.size, &self.kind) {
            (true, size, _) => cx.sessions.puzzle_table(cx.actor, game, info, size).await,
            (false, None, None) => cx.sessions.open_puzzle(cx.channel, cx.actor).await,
            (false, size, _) => cx.sessions.start_puzzle(cx.channel, cx.actor, info, size).await,
        }
    }
}

/// How to start a puzzle (`puzzle` of `game`; the first game's first, when `None`): `/puzzle <game> size:<n>`, or
/// `/puzzle <game> kind:<name>` for one of the day.
pub(crate) fn example(game: Option<GameKind>, puzzle: Option<&SoloInfo>, size: Option<u8>) -> Text {
    let found = match (game, puzzle) {
        (Some(g), Some(s)) => Some((g, s)),
        (Some(g), None) => solo_of(g, None).map(|s| (g, s)),
        (None, _) => solo_puzzles().find(|(_, s)| s.sizes.is_some()),
    };
    match found {
        Some((g, s)) => match &s.sizes {
            Some(sizes) => {
                let size = size.filter(|n| sizes.contains(n)).unwrap_or(*sizes.start() + 2);
                let kind = if solo_of(g, None).is_some_and(|first| first.name == s.name) {
                    String::new()
                } else {
                    format!(" kind:{}", s.name)
                };
                Text::new().code(format!("/puzzle {}{kind} size:{size}", g.name()))
            }
            None => Text::new().code(format!("/puzzle {} kind:{}", g.name(), s.name)),
        },
        None => Text::new().code("/puzzle"),
    }
}

/// The command, to name in a sentence.
pub(crate) fn bare() -> Text {
    Text::new().code("/puzzle")
}

/// How to get a tactic: `/puzzle <the first game>`.
pub(crate) fn tactic_example() -> Text {
    Text::new().code(format!("/puzzle {}", GameKind::ALL[0].name()))
}
