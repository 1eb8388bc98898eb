//! `/puzzle`: puzzles for one player, worked in private (`session::puzzles`). `/puzzle <game> size:N` starts the
//! game's puzzle of N pieces; `/puzzle` alone shows the one being worked on; `table:true` shows the server's
//! fastest solves (of one size, with `size`).

use crate::games::GameKind;
use crate::session::Reply;
use crate::t;

use super::super::puzzles::solo_puzzles;
use super::super::request::{OptionKind, OptionValue, read_bool, read_game, shown};
use super::super::text::Text;
use super::{Args, Choice, Context, Declaration, Failure, Opt, Request, Run};

pub fn declaration() -> Declaration {
    // The sizes any game's puzzle comes in (each puzzle checks its own).
    let low = solo_puzzles().map(|(_, s)| *s.sizes.start()).min().unwrap_or(1);
    let high = solo_puzzles().map(|(_, s)| *s.sizes.end()).max().unwrap_or(1);
    Declaration::new("puzzle", parse)
        .option(
            Opt::new("game", OptionKind::Text)
                .choices(solo_puzzles().map(|(g, _)| Choice::plain(g.title(), g.name()))),
        )
        .option(Opt::new("size", OptionKind::Integer).range(u64::from(low), Some(u64::from(high))))
        .option(Opt::new("table", OptionKind::Boolean))
}

/// `/puzzle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The game whose puzzle it is (the first with one, when not named).
    pub game: Option<GameKind>,
    /// The number of pieces of a puzzle to start (or of the table to show).
    pub size: Option<u8>,
    /// Shows the fastest solves instead.
    pub table: bool,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let game = args.read("game", read_game)?;
    if let Some(game) = game.filter(|g| g.info().solo.is_none()) {
        return Err(t!("puzzle-game", game = game.title(), example = example(None, None)));
    }
    let size = args.read("size", read_size)?;
    let table = args.read("table", |v| read_bool("table", v))?.unwrap_or(false);
    Ok(Puzzle { game, size, table }.into())
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
            example = example(None, None)
        )
    })
}

impl Run for Puzzle {
    /// A member's puzzle is theirs alone, in no channel's session.
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        let Some(game) = self.game.or_else(|| solo_puzzles().next().map(|(g, _)| g)) else {
            return Ok(Reply::private(t!("puzzle-game", game = "-", example = example(None, None))));
        };
        match (self.table, self.size) {
            (true, size) => cx.sessions.puzzle_table(cx.actor, game, size).await,
            (false, Some(size)) => cx.sessions.start_puzzle(cx.channel, cx.actor, game, size).await,
            (false, None) => cx.sessions.open_puzzle(cx.channel, cx.actor).await,
        }
    }
}

/// How to start a puzzle of `game` (the first game with one, when `None`): `/puzzle <game> size:<n>`.
pub(crate) fn example(game: Option<GameKind>, size: Option<u8>) -> Text {
    let found = match game {
        Some(g) => g.info().solo.map(|s| (g, s)),
        None => solo_puzzles().next(),
    };
    match found {
        Some((g, s)) => {
            let size = size.filter(|n| s.sizes.contains(n)).unwrap_or(*s.sizes.start() + 2);
            Text::new().code(format!("/puzzle {} size:{size}", g.name()))
        }
        None => Text::new().code("/puzzle"),
    }
}

/// The command, to name in a sentence.
pub(crate) fn bare() -> Text {
    Text::new().code("/puzzle")
}
