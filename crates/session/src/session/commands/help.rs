//! `/help`: how to play and how to write moves, in general or for one game.

use crate::games::{AnyGame, GameKind};
use crate::session::ClockChoice;
use crate::session::messages::rules;
use crate::session::{BoardPicture, File, FileKind, Reply};
use crate::t;

use super::super::request::read_game;
use super::super::text::Text;
use super::{Args, Context, Declaration, Failure, Request, Run, game_option};

pub fn declaration() -> Declaration {
    Declaration::new("help", parse).option(game_option())
}

/// `/help`, in general or for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    pub game: Option<GameKind>,
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    Ok(Help { game: args.read("game", read_game)? }.into())
}

impl Run for Help {
    const LOCKS_CHANNEL: bool = false;

    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        Ok(reply(self.game, cx.actor.locales.user))
    }
}

/// For the help: which games take more than one opponent, and how many ("; Tantrix: up to three").
fn more_seats() -> Text {
    let mut text = Text::new();
    for g in GameKind::ALL.iter().filter(|g| *g.seats().end() > 2) {
        text = text.then(t!("help-more-seats", game = g.title(), count = g.seats().end() - 1));
    }
    text
}

/// The help: general, or one game's rules and notation; the placeholders in its examples (`@someone`,
/// `<move>`) in `lang`, the reader's.
fn help(game: Option<GameKind>, lang: crate::i18n::Lang) -> Text {
    if let Some(kind) = game {
        return Text::new().strong(kind.title()).line().then(rules(kind));
    }
    let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    let titles: Vec<&str> = GameKind::ALL.iter().map(|g| g.title()).collect();
    let clocks: Vec<&str> = ClockChoice::ALL.iter().map(|c| c.name()).collect();
    let code = |s: &str| Text::new().code(s);
    let word = |key: &str| crate::i18n::plain(lang, key);
    let (someone, move_, name) = (word("help-someone"), word("help-move"), word("help-name"));
    t!(
        "help",
        tabula = Text::new().strong("Tabula"),
        games = titles.join(", "),
        play = code(&format!("/play game:<{}> opponent:@{someone}", names.join("|"))),
        more_seats = more_seats(),
        move = code(&format!("/move move:<{move_}>")),
        clock = code(&format!("clock:<{}>", clocks.join("|"))),
        thread = code("thread:true"),
        leaderboard = code(&format!("/leaderboard game:<{name}>")),
        friendly = code("/play … rated:false"),
        record = code("/game id:<n>"),
        replay = code("replay:true"),
        analysis = code("analysis:true"),
        rules = code(&format!("/help game:<{name}>"))
    )
}

/// The help as a private reply; a game's rules come with a picture of its board with one example move drawn,
/// and that move under it, the picture's words in `lang` (the reader's).
pub(super) fn reply(game: Option<GameKind>, lang: crate::i18n::Lang) -> Reply {
    let Some((kind, (board, example))) = game.and_then(|g| Some((g, example_board(g)?))) else {
        return Reply::private(help(game, lang));
    };
    let text = help(game, lang).line().then(t!("rules-example", move = Text::new().code(&example)));
    // The picture's caption is the move itself: notation reads the same in every language.
    let png = board.game.board_png(&board.names_in(lang), lang, None, Some(&example));
    let name = format!("rules-{}.png", kind.name());
    Reply::private(text).with_file(File { kind: FileKind::Picture, name, bytes: png })
}

/// A game's start with an example move played (the first of its examples that is legal there, else its first
/// legal move), and that move; the picture marks the last move.
fn example_board(kind: GameKind) -> Option<(BoardPicture, String)> {
    let info = kind.info();
    let seats = *kind.seats().start();
    let setup = crate::games::Setup { variant: String::new(), seed: 1, seats };
    let start = AnyGame::new(kind, &setup).ok()?;
    let candidates = info.move_examples.iter().map(|m| (*m).to_string()).chain(start.legal_moves_text());
    for example in candidates {
        let mut game = start.clone();
        if game.play_text(&example).is_ok() {
            let names = vec![Text::new(); seats];
            return Some((BoardPicture { game, id: 0, names, ended: None }, example));
        }
    }
    None
}
