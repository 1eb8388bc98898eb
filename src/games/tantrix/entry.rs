//! Tantrix in the registry: what it says about itself, its turn prompt, and its picture, computer player and
//! command line.

use image::RgbaImage;

use super::Game;
use crate::ai::{LevelTable, Limits, Report};
use crate::games::{
    CliPosition, CommandLine, EvalWords, GameInfo, MoveError, Picture, Player, RatingSystem, Scores,
};
use crate::i18n::Lang;

/// Weng-Lin's skill-class width for Tantrix: twice the default (25/6), for the luck of the draw from the bag.
const TANTRIX_BETA: f64 = 25.0 / 3.0;

/// Tantrix's metadata.
pub(super) const INFO: GameInfo = GameInfo {
    name: "tantrix",
    title: "Tantrix",
    seats: 2..=4,
    summary: "hexagonal tiles for 2 to 4 players: make the longest line or loop of your colour",
    variants: &[],
    variant_syntax: "the players' colours in seat order as letters R, B, Y, G (e.g. `RBY`); default R, B, Y, G",
    move_syntax: "tile@q,r:k: tile number, cell and clockwise rotation 0-5, e.g. `23@1,-1:4`",
    move_examples: &["23@1,-1:4", "53@0,0:2"],
    position_syntax: "the placed tiles, ` | `, the hand of the player to move, ` | `, the tiles left in the bag: \
                      `53@0,0:2 9@1,-1:0 | 11 18 20 21 42 44 | 39`",
    rules: "Tantrix: each player has a colour and tries to make the longest line (1 point a tile) or loop (2 points a \
            tile) of it. Place a tile from your hand next to the tiles on the board so every touching edge matches in \
            colour. A space with three tiles around it is a forced space: at the start of your turn fill every forced \
            space you can, then make one free move (not into a forced space), then fill forced spaces again. While the \
            bag has tiles you may not make a forced space with three sides of one colour, leave a space with four \
            neighbours, or play along a controlled side. The game ends when every tile is placed.\n\
            Write a placement as tile@q,r:k, e.g. 23@1,-1:4: tile 23 on cell q=1, r=-1, turned k=4 steps clockwise \
            (0-5). The picture labels the free cells with q,r. The first tile goes on 0,0.",
    rating: RatingSystem::WengLin { beta: TANTRIX_BETA },
    // 16 a tile of chain; a finished game is worth 100 000.
    eval_words: EvalWords { slight: 48, better: 128, winning: 320, forced: 90_000 },
    rules_key: "rules-tantrix",
};

/// A Tantrix position has no start: the command line must be given one.
fn required<'a>(at: &CliPosition<'a>) -> Result<&'a str, String> {
    at.position.ok_or_else(|| "tantrix has no start position: give one with --position".to_string())
}

impl Picture for Game {
    fn render(&self, names: &[String], lang: Lang) -> RgbaImage {
        super::picture::render(self, names, lang)
    }

    fn text_picture(&self, names: &[String], lang: Lang) -> String {
        super::picture::text_picture(self, names, lang)
    }

    fn replay_frames(
        &self,
        moves: &[String],
        names: &[String],
        lang: Lang,
        frame: &mut dyn FnMut(RgbaImage),
    ) -> Result<(), MoveError> {
        super::picture::replay_frames(self, moves, names, lang, frame)
    }
}

impl Player for Game {
    const LEVELS: &'static LevelTable = &super::ai::LEVEL_TABLE;

    fn think(&self, limits: &Limits) -> Report {
        super::ai::think(self, limits)
    }

    fn greedy(&self, seed: u64) -> Vec<String> {
        super::ai::greedy(self, seed)
    }
}

impl CommandLine for Game {
    const CLI_COLOUR: bool = true;

    fn cli_game(at: &CliPosition<'_>) -> Result<Self, String> {
        super::cli::game(required(at)?, at.colour, at.variant, at.seed)
    }

    fn cli_moves(at: &CliPosition<'_>) -> Result<Vec<String>, String> {
        super::cli::moves(required(at)?)
    }

    fn cli_render(at: &CliPosition<'_>, moves: &[String]) -> Result<RgbaImage, String> {
        super::cli::render(required(at)?, moves)
    }

    fn cli_replay_check() -> Result<(), String> {
        Err("replay is not available for tantrix: a game depends on its hidden bag, which a record does not show"
            .to_string())
    }

    fn cli_replay_line(_at: &CliPosition<'_>, _line: &str, _counts: bool) -> Result<String, String> {
        Self::cli_replay_check().map(|()| String::new())
    }

    fn cli_score(at: &CliPosition<'_>) -> Result<Scores, String> {
        let scores = super::cli::score(required(at)?)?;
        Ok(scores.into_iter().map(|(colour, score)| (colour.to_string(), score)).collect())
    }
}
