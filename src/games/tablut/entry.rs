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
    move_syntax: "two squares, from-to: `e8-d8` (a capture may be noted `d1-d3xe3`)",
    move_examples: &["e8-d8", "d1-d3xe3"],
    position_syntax: "ranks 9 to 1 separated by `/` (a attacker, d defender, k king, a digit for empty squares), a \
                      space and the side to move: `3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 b`",
    rules: "Tablut: Black (16 attackers, a) moves first and tries to capture the White king (K); White (the king \
            and 8 defenders, d) wins when the king reaches any edge square.\n\
            Every piece moves like a chess rook: any number of empty squares along a rank or file, no jumping. \
            Nobody may stop on the throne e5 once the king has left it, but pieces may pass over it.\n\
            Capture a soldier by closing a sandwich: your piece on each side of it along a line (the empty throne \
            counts for both sides; moving between two enemies is safe; the king never captures).\n\
            The king is captured by attackers on all four sides, or on three with the throne as the fourth.\n\
            A side with no legal move loses; the same position a third time is a draw.\n\
            Write a move as two squares: `e8-d8` (a capture may be noted `d1-d3xe3`).\n\
            Variants (`variant:` in /play): the above is `seed`.\n\
            `linnaeus`: the king is armed (he captures, and closes sandwiches against attackers). Away from the \
            throne and its four neighbours he is captured like a soldier, by two attackers; beside it by three and \
            the throne; on it by four. While attackers hold three sides of the king's throne, an attacker moving to \
            e3, c5, g5 or e7 captures the defender between it and the throne.\n\
            `ashton`: White moves first; the king is armed and captured as in linnaeus, a camp square standing in \
            for the second attacker away from the throne. The \
            attackers' four T-shaped start squares are camps: only an attacker still in its own camp may stop in or \
            cross it. Nobody stops on or crosses the throne. The throne (even occupied) and the camps are hostile \
            to defenders; the throne and the camps except their middles (a5 e1 i5 e9) to attackers. A \
            position that already arose after an earlier move is a draw at once.",
    rating: RatingSystem::Glicko2,
    // 100 an attacker, 200 a defender.
    eval_words: EvalWords { slight: 150, better: 400, winning: 1_000, forced: crate::ai::search::WON },
    rules_key: "rules-tablut",
};
