//! Tantrix's tactics: the one placement that closes the longest loop of the mover's colour.

use super::{Game, phrases};
use crate::games::tactic::{Budget, Found, Goal, Tactics};
use crate::games::{Engine, Phrase, Played};

impl Tactics for Game {
    const WIN_TURNS: u32 = 0;

    /// The one placement, of all the mover may make now, that closes a loop of its colour longer than any other
    /// placement closes.
    fn find_tactic(&self, budget: u64) -> Option<Found> {
        let mut budget = Budget(budget);
        let mut moves = Vec::new();
        Engine::legal_moves(self, &mut moves);
        let (mut longest, mut best) = (0, Vec::new());
        for m in moves {
            budget.0 = budget.0.checked_sub(1)?;
            let mut next = self.clone();
            let played = next.play(m).ok()?;
            let n = next.loop_closed(&played);
            if n > longest {
                (longest, best) = (n, Vec::new());
            }
            if n == longest && n > 0 {
                best.push(played.notation);
            }
        }
        match best.as_slice() {
            [only] => Some(Found { goal: Goal::Loop { tiles: longest as u8 }, line: vec![only.clone()] }),
            _ => None,
        }
    }

    fn goal_phrase(&self, goal: Goal) -> Phrase {
        let seat = self.to_move().unwrap_or(0);
        let colour = self.colours()[seat.min(self.colours().len() - 1)];
        match goal {
            Goal::Loop { tiles } => Phrase::new(
                "tactic-tantrix-loop",
                format!(
                    "{} to move: close the longest {} loop any tile can close now, of {tiles} tiles",
                    colour.title(),
                    colour.title().to_lowercase()
                ),
            )
            .phrase("side", phrases::title(colour))
            .phrase("colour", phrases::colour(colour))
            .number("tiles", usize::from(tiles)),
            _ => crate::games::tactic::generic_goal(goal, phrases::title(colour), colour.title()),
        }
    }

    /// The loop of the colour of the seat that made `played` through the tile it placed.
    fn loop_closed(&self, played: &Played) -> u32 {
        let (Some(&colour), Some(last)) = (self.colours().get(played.seat), self.board().placements().last())
        else {
            return 0;
        };
        self.board().loop_through(last.cell, colour)
    }
}
