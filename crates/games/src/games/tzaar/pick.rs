//! TZAAR's move picker, one Play for the whole turn: the capture (the stack that captures, then the enemy stack
//! it takes), then the second move (capture, stack on your own, or pass; then its stack and target), each choice
//! labelled with the stacks' types and heights. A turn's first capture already played (typed alone) leaves the
//! second move to pick.

use image::RgbaImage;

use super::{Game, Move, Phase, Point, Position};
use crate::games::pick::{PickChoice, PickPath, Picker};
use crate::games::{Engine, Phrase};
use crate::i18n::Lang;

/// The stack on `p`, as a choice's label: "E4: Tott, height 2".
fn stack_label(pos: &Position, p: Point) -> Phrase {
    match pos.stack(p) {
        Some(s) => Phrase::new("pick-tzaar-stack", format!("{p}: {}, height {}", s.kind.name(), s.height))
            .str("point", p)
            .str("kind", s.kind.name())
            .str("height", s.height),
        None => crate::games::pick::notation(&p.to_string()),
    }
}

fn choice(pos: &Position, p: Point, step: &Phrase) -> PickChoice {
    PickChoice::new(p.to_string(), stack_label(pos, p), step)
}

/// The choices of a turn's capture (its first move, or a capture as its second).
fn capture(pos: &Position, from: Point, to: Point) -> Vec<PickChoice> {
    let by = Phrase::new("pick-tzaar-capturer", "Choose the stack that captures");
    let taken = Phrase::new("pick-tzaar-captured", "Choose the enemy stack it captures");
    vec![choice(pos, from, &by), choice(pos, to, &taken)]
}

/// The choices of a turn's second move: what kind of move, then its stacks.
fn second(pos: &Position, mv: Move) -> Vec<PickChoice> {
    let kind =
        Phrase::new("pick-tzaar-second", "Choose your second move: capture, stack on your own, or pass");
    let action = |value: &str, label: Phrase| PickChoice::new(value, label, &kind);
    match mv {
        Move::Capture { from, to } => {
            let mut out = vec![action("capture", Phrase::new("pick-tzaar-capture", "Capture again"))];
            out.extend(capture(pos, from, to));
            out
        }
        Move::Stack { from, to } => {
            let mover = Phrase::new("pick-tzaar-stacker", "Choose the stack that moves");
            let onto = Phrase::new("pick-tzaar-onto", "Choose your stack it goes on");
            vec![
                action("stack", Phrase::new("pick-tzaar-stack-move", "Stack on your own")),
                choice(pos, from, &mover),
                choice(pos, to, &onto),
            ]
        }
        Move::Pass => vec![action("pass", Phrase::new("pick-tzaar-pass", "Pass"))],
    }
}

impl Picker for Game {
    fn pick_paths(&self) -> Vec<PickPath> {
        let mut firsts = Vec::new();
        Engine::legal_moves(self, &mut firsts);
        let pos = *self.position();
        let mut out = Vec::new();
        for first in firsts {
            if pos.phase() == Phase::Second {
                out.push(PickPath { text: first.to_string(), choices: second(&pos, first) });
                continue;
            }
            let (Some(from), Some(to)) = (first.from(), first.to()) else { continue };
            let head = capture(&pos, from, to);
            let mut trial = self.clone();
            trial.apply(first);
            if trial.turn != self.turn || trial.position().end().is_some() {
                out.push(PickPath { text: first.to_string(), choices: head });
                continue;
            }
            let mut seconds = Vec::new();
            Engine::legal_moves(&trial, &mut seconds);
            let after = *trial.position();
            for then in seconds {
                let mut choices = head.clone();
                choices.extend(second(&after, then));
                out.push(PickPath { text: format!("{first} {then}"), choices });
            }
        }
        out
    }

    fn pick_picture(&self, chosen: &[&str], names: &[String], lang: Lang) -> RgbaImage {
        super::picture::render_pick(self, &self.pick_paths(), chosen, names, lang)
    }
}
