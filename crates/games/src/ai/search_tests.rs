//! The search on a game made for it: a walk along a line, where repetition and contempt can be seen; the search
//! needs no game engine, only a [`Node`].

use super::*;

/// A line of positions: from step `s` the mover can go back to `s - 1` (a position seen before) or on to
/// `s + 1`, which is a little worse for side 0 than an even position.
#[derive(Clone, Copy)]
struct Line {
    step: u8,
    mover: usize,
}

impl Node for Line {
    type Move = bool;
    type Side = usize;
    const REPEATS: bool = true;
    fn side_to_move(&self) -> usize {
        self.mover
    }
    fn hash(&self) -> u64 {
        u64::from(self.step) * 2 + self.mover as u64
    }
    fn decided(&self) -> Option<i32> {
        None
    }
    fn legal_moves(&self, out: &mut Vec<(bool, i32)>) {
        out.push((true, 0));
        if self.step > 0 {
            out.push((false, 0));
        }
    }
    fn play(&self, on: bool) -> Self {
        Line { step: if on { self.step + 1 } else { self.step - 1 }, mover: 1 - self.mover }
    }
    fn eval(&self) -> i32 {
        if self.mover == 0 { -10 } else { 10 }
    }
    fn history_key(&self, _: bool) -> usize {
        0
    }
}

/// The move chosen from step 1 of the line (step 0 seen before) with `contempt`, searched `depth` deep on
/// `threads` threads.
fn choose(contempt: i32, depth: u32, threads: usize) -> bool {
    let limits = Limits {
        threads,
        time: Duration::from_secs(5),
        max_depth: Some(depth),
        max_nodes: None,
        noise: 0.0,
        seed: 0,
    };
    let root = Line { step: 1, mover: 0 };
    let history = [Line { step: 0, mover: 1 }.hash()];
    let table = Table::new(8);
    let found = Searcher::new(&table, &limits, &history).contempt(contempt).run_parallel(
        threads,
        &root,
        depth,
        0.0,
        0,
        &mut Noise::new(0),
    );
    found.mv.expect("a move")
}

#[test]
fn contempt_plays_on_rather_than_repeat_when_not_much_worse() {
    // Without contempt the repetition (a draw, 0) beats going on (-10); with it, going on is better.
    assert!(!choose(0, 1, 1), "repeats without contempt");
    assert!(choose(50, 1, 1), "plays on with contempt");
}

#[test]
fn a_parallel_search_answers_like_a_single_one_on_a_forced_line() {
    // Going back repeats (a draw, 0); going on is -10 for side 0: with contempt 50 it plays on, on any threads.
    assert!(choose(50, 3, 2));
}
