//! Tablut in the registry: what it says about itself, and its picture, computer player and command line.

use crate::games::{EvalWords, GameInfo, RatingSystem, VariantInfo};

/// Tablut's metadata.
pub(super) const INFO: GameInfo = GameInfo {
    name: "tablut",
    title: "Tablut",
    seats: 2..=2,
    summary: "the Viking chess of Lapland: the king's side against the attackers on a 9x9 board",
    variants: &[
        VariantInfo { name: "seed", summary: "the rules of the first round: king captured on four sides" },
        VariantInfo {
            name: "linnaeus",
            summary: "the common reconstruction: armed king, captured by two away from the throne",
        },
        VariantInfo {
            name: "ashton",
            summary: "the Tablut Challenge rules: White first, camps, closed throne, armed king",
        },
    ],
    variant_syntax: "",
    move_examples: &["e8-d8", "d1-d3xe3"],
    position_syntax: "ranks 9 to 1 separated by `/` (a attacker, d defender, k king, a digit for empty squares), a \
                      space and the side to move: `3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b`",
    rating: RatingSystem::Glicko2,
    // 100 an attacker, 200 a defender.
    eval_words: EvalWords { slight: 150, better: 400, winning: 1_000, forced: crate::ai::search::WON },
    rules_key: "rules-tablut",
    solo: &[],
};
