//! Tantrix in the registry: what it says about itself.

use crate::games::{EvalWords, GameInfo, RatingSystem};

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
    move_examples: &["23@1,-1:4", "53@0,0:2"],
    position_syntax: "the placed tiles, ` | `, the hand of the player to move, ` | `, the tiles left in the bag: \
                      `53@0,0:2 9@1,-1:0 | 11 18 20 21 42 44 | 39`",
    rating: RatingSystem::WengLin { beta: TANTRIX_BETA },
    // 16 a tile of chain; a finished game is worth 100 000.
    eval_words: EvalWords { slight: 48, better: 128, winning: 320, forced: 90_000 },
    rules_key: "rules-tantrix",
    solo: &[&super::discovery::SOLO, &super::solitaire::SOLO],
};
