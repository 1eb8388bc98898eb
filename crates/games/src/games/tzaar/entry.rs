//! TZAAR in the registry: what it says about itself, its turn prompts, and its picture, computer player and
//! command line.

use crate::games::{EvalWords, GameInfo, RatingSystem, VariantInfo};

/// TZAAR's metadata.
pub(super) const INFO: GameInfo = GameInfo {
    name: "tzaar",
    title: "TZAAR",
    seats: 2..=2,
    summary: "from the GIPF project: capture and stack on a hexagonal board, and keep all three piece types",
    variants: &[
        VariantInfo { name: "random", summary: "the pieces shuffled over the board, as in tournaments" },
        VariantInfo { name: "standard", summary: "the fixed start position of the rule book, for beginners" },
    ],
    variant_syntax: "`random:SEED` for a given shuffle (`random` alone is seed 0 on the command line), or a \
                     position in notation; without `--variant` or `--position` the start is \
                     `standard`",
    move_examples: &["E4xD4", "E4xD4 F4-F5", "pass"],
    position_syntax: "columns A to I separated by `/`, each from row 1 up (`.` empty, Z A T white, z a t black, a \
                      height after a letter), then the side (`w`/`b`) and the phase (`o`/`c`/`s`): \
                      `ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w o`",
    rating: RatingSystem::Glicko2,
    // About 1000 a piece of a type that runs short.
    eval_words: EvalWords { slight: 400, better: 1_500, winning: 4_000, forced: crate::ai::search::WON },
    rules_key: "rules-tzaar",
    solo: &[],
};
