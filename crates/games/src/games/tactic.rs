//! Tactics: positions where exactly one move (for TZAAR one whole turn) reaches a stated result by force, proven
//! by an exhaustive search over the rules themselves ([`Engine`]: every legal move, the game's own outcome) rather
//! than preferred by an evaluation.
//!
//! A [`Tactic`] is stored as the setup and moves that reach its position (so that the position is the game's own,
//! with its history), its [`Goal`] and its solution line. [`TacticRun`] plays one through: it accepts any move
//! that still reaches the goal, answers with the forced replies, and says right or wrong at once. [`generate`]
//! finds tactics in seeded self-play at level 5, and rates each by which levels solve it.
//!
//! The search knows no game: a game brings only what it asks ([`Tactics`]), and how a goal reads.

use serde::{Deserialize, Serialize};

use super::{AnyGame, Engine, GameKind, MoveError, Phrase, Played, Setup, each_game};
use crate::ai::Limits;

/// What a tactic asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "goal", rename_all = "lowercase")]
pub enum Goal {
    /// Win by force within `turns` of one's own turns, whatever the others do.
    Win { turns: u8 },
    /// Every turn but one lets the opponent win at once; find the one that does not.
    Save,
    /// Close the longest loop of one's colour that any placement closes: `tiles` long (Tantrix).
    Loop { tiles: u8 },
}

/// One tactic: where it starts, what it asks, its solution and how hard it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tactic {
    pub game: GameKind,
    pub setup: Setup,
    /// The moves from the setup's start to the tactic's position, one stored move each.
    pub moves: Vec<String>,
    pub goal: Goal,
    /// The solution from the tactic's position: the solver's moves and the forced replies, one stored move each.
    pub line: Vec<String>,
    /// Its difficulty on the puzzle rating scale: the rating it starts from.
    pub rating: u32,
}

impl Tactic {
    /// The game at the tactic's position.
    pub fn game(&self) -> Result<AnyGame, super::SetupError> {
        AnyGame::replay(self.game, &self.setup, &self.moves)
    }

    /// A short stable name for the tactic, the same wherever it is stored: its game and a hash of its position
    /// and goal.
    pub fn key(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let text = serde_json::to_string(&(&self.setup, &self.moves, &self.goal)).unwrap_or_default();
        for b in text.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{}-{h:016x}", self.game.name())
    }

    /// What it asks, in words, for the seat to move.
    pub fn describe(&self) -> Phrase {
        match self.game() {
            Ok(game) => each_game!(&game, g => Tactics::goal_phrase(g, self.goal)),
            Err(e) => crate::i18n::Describe::describe(&e),
        }
    }
}

/// What a game brings to its tactics.
pub trait Tactics: Engine {
    /// The most turns of a winning tactic the generator looks for (0: none).
    const WIN_TURNS: u32 = 1;

    /// A tactic at this position, if there is one, within about `budget` nodes of search: by default a win
    /// within [`WIN_TURNS`](Tactics::WIN_TURNS) turns, else a save.
    fn find_tactic(&self, budget: u64) -> Option<Found> {
        find_win_or_save(self, Self::WIN_TURNS, &mut Budget(budget))
    }

    /// What `goal` asks of the seat to move, in words ("White to move: the king escapes in 2").
    fn goal_phrase(&self, goal: Goal) -> Phrase;

    /// How many tiles long the loop is that the move just played (`played`, by the seat that made it) closed, 0
    /// when it closed none; only games with [`Goal::Loop`] tactics answer anything but 0.
    fn loop_closed(&self, played: &Played) -> u32 {
        let _ = played;
        0
    }
}

/// What `goal` asks of the side to move, `side` (its name in English `english`), in the words every game may use.
pub(crate) fn generic_goal(goal: Goal, side: Phrase, english: &str) -> Phrase {
    match goal {
        Goal::Win { turns: 1 } => {
            Phrase::new("tactic-win-now", format!("{english} to move: win this turn")).phrase("side", side)
        }
        Goal::Win { turns } => Phrase::new("tactic-win", format!("{english} to move: win in {turns} turns"))
            .phrase("side", side)
            .number("turns", usize::from(turns)),
        Goal::Save => Phrase::new(
            "tactic-save",
            format!("{english} to move: every turn but one lets the opponent win at once; save the game"),
        )
        .phrase("side", side),
        Goal::Loop { tiles } => {
            Phrase::new("tactic-loop", format!("{english} to move: close the longest loop, of {tiles} tiles"))
                .phrase("side", side)
                .number("tiles", usize::from(tiles))
        }
    }
}

/// A tactic found at a position: its goal and its solution line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub goal: Goal,
    pub line: Vec<String>,
}

/// The nodes a search may still visit.
#[derive(Debug)]
pub struct Budget(pub u64);

impl Budget {
    fn spend(&mut self) -> Option<()> {
        self.0 = self.0.checked_sub(1)?;
        Some(())
    }
}

/// Whether `prover` wins from `game` within `turns` of its own turns (the one it is in counts), whatever every
/// other seat does; `None` when the budget ran out first.
pub fn wins<G: Engine>(game: &G, prover: usize, turns: u32, budget: &mut Budget) -> Option<bool> {
    if let Some(outcome) = game.outcome() {
        return Some(outcome.winner == Some(prover));
    }
    let seat = game.to_move()?;
    if turns == 0 {
        return Some(false);
    }
    budget.spend()?;
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut unknown = false;
    for m in moves {
        let mut next = game.clone();
        next.play(m).ok()?;
        let left = if seat == prover && next.to_move() != Some(prover) { turns - 1 } else { turns };
        match wins(&next, prover, left, budget) {
            Some(w) if w == (seat == prover) => return Some(w),
            Some(_) => {}
            None if budget.0 == 0 => return None,
            None => unknown = true,
        }
    }
    if unknown { None } else { Some(seat != prover) }
}

/// Every way the seat to move can play its whole turn from `game`: the moves and the game after them.
fn whole_turns<G: Engine>(game: &G, budget: &mut Budget) -> Option<Vec<(Vec<G::Move>, G)>> {
    let seat = game.to_move()?;
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), game.clone())];
    while let Some((line, at)) = stack.pop() {
        let mut moves = Vec::new();
        at.legal_moves(&mut moves);
        for m in moves.into_iter().rev() {
            budget.spend()?;
            let mut next = at.clone();
            next.play(m).ok()?;
            let mut line = line.clone();
            line.push(m);
            if next.outcome().is_none() && next.to_move() == Some(seat) {
                stack.push((line, next));
            } else {
                out.push((line, next));
            }
        }
    }
    out.reverse();
    Some(out)
}

/// The default search for a tactic ([`Tactics::find_tactic`]): the one whole turn that wins within `max_turns`
/// (at the fewest turns any win takes), or else the one whole turn after which no opponent wins at once.
pub fn find_win_or_save<G: Engine>(game: &G, max_turns: u32, budget: &mut Budget) -> Option<Found> {
    let prover = game.to_move()?;
    let turns = whole_turns(game, budget)?;
    for t in 1..=max_turns {
        let mut winning = None;
        for (i, (_, after)) in turns.iter().enumerate() {
            if wins(after, prover, t - 1, budget)? {
                if winning.is_some() {
                    return None;
                }
                winning = Some(i);
            }
        }
        if let Some(i) = winning {
            let (first, after) = &turns[i];
            let mut line: Vec<String> = first.iter().map(ToString::to_string).collect();
            line.extend(defence(after, prover, t - 1, budget)?);
            return Some(Found { goal: Goal::Win { turns: t as u8 }, line });
        }
    }
    if turns.len() < 2 {
        return None;
    }
    let mut saving = None;
    for (i, (_, after)) in turns.iter().enumerate() {
        let Some(opponent) = after.to_move() else {
            // The turn ended the game without winning it: not a save.
            continue;
        };
        if !wins(after, opponent, 1, budget)? {
            if saving.is_some() {
                return None;
            }
            saving = Some(i);
        }
    }
    saving.map(|i| Found { goal: Goal::Save, line: turns[i].0.iter().map(ToString::to_string).collect() })
}

/// The rest of a winning line from `game` (where `prover` wins within `turns`): each other seat's reply that
/// makes the proof longest (the hardest defence), and each of the prover's moves the first that still wins,
/// preferring one that ends the game.
fn defence<G: Engine>(game: &G, prover: usize, turns: u32, budget: &mut Budget) -> Option<Vec<String>> {
    let mut line = Vec::new();
    let mut at = game.clone();
    let mut turns = turns;
    while at.outcome().is_none() {
        let seat = at.to_move()?;
        let mut moves = Vec::new();
        at.legal_moves(&mut moves);
        // The move preferred most: for the prover one that wins at once, else the first that still wins; for the
        // others the one whose refutation takes the longest proof.
        let mut chosen: Option<(u64, G::Move, G, u32)> = None;
        for m in moves {
            let mut next = at.clone();
            next.play(m).ok()?;
            let left = if seat == prover && next.to_move() != Some(prover) {
                turns.saturating_sub(1)
            } else {
                turns
            };
            let preferred = if seat != prover {
                let before = budget.0;
                wins(&next, prover, left, budget)?;
                before - budget.0 + 1
            } else if next.outcome().is_some_and(|o| o.winner == Some(prover)) {
                u64::MAX
            } else {
                u64::from(chosen.is_none() && wins(&next, prover, left, budget)?)
            };
            if preferred > chosen.as_ref().map_or(0, |c| c.0) {
                chosen = Some((preferred, m, next, left));
            }
            if preferred == u64::MAX {
                break;
            }
        }
        let (_, m, next, left) = chosen?;
        turns = left;
        line.push(m.to_string());
        at = next;
    }
    Some(line)
}

/// What a move played in a [`TacticRun`] came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TacticStep {
    /// Right: the moves the game answered with (the forced replies), and whether the tactic is now solved.
    Right { replies: Vec<String>, solved: bool },
    /// Wrong: the solution from where the move was made.
    Wrong { solution: Vec<String> },
}

/// A tactic being solved: the game as it stands and how far along the solution it is.
#[derive(Clone)]
pub struct TacticRun {
    tactic: Tactic,
    game: AnyGame,
    solver: usize,
    /// The moves played since the tactic's position (the solver's and the replies).
    played: Vec<String>,
    /// Whether every move so far is the solution line's.
    on_line: bool,
    /// The solver's turns finished.
    turns_done: u32,
}

/// The node budget of a check that a move still reaches a tactic's goal.
const CHECK_NODES: u64 = 2_000_000;

impl TacticRun {
    /// The tactic at its start, or with `played` (the moves since its position) replayed.
    pub fn new(tactic: Tactic, played: &[String]) -> Result<TacticRun, MoveError> {
        let game = tactic.game().map_err(|e| MoveError::Illegal(crate::i18n::Describe::describe(&e)))?;
        let solver = game.to_move().unwrap_or(0);
        let mut run = TacticRun { tactic, game, solver, played: Vec::new(), on_line: true, turns_done: 0 };
        for m in played {
            let seat = run.game.to_move();
            for p in run.game.play_text(m)? {
                run.note(&p, seat);
            }
        }
        Ok(run)
    }

    fn note(&mut self, played: &Played, seat: Option<usize>) {
        let i = self.played.len();
        self.on_line &= self.tactic.line.get(i) == Some(&played.notation);
        self.played.push(played.notation.clone());
        if seat == Some(self.solver) && self.game.to_move() != Some(self.solver) {
            self.turns_done += 1;
        }
    }

    pub fn tactic(&self) -> &Tactic {
        &self.tactic
    }

    /// The game as it stands.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seat the solver plays.
    pub fn solver(&self) -> usize {
        self.solver
    }

    /// The moves played since the tactic's position.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    /// Whether the goal is reached.
    pub fn solved(&self) -> bool {
        match self.tactic.goal {
            Goal::Win { .. } => self.game.outcome().is_some_and(|o| o.winner == Some(self.solver)),
            Goal::Save => self.turns_done >= 1 || self.game.outcome().is_some(),
            // One placement closes the loop; the turn it is part of does not matter.
            Goal::Loop { .. } => !self.played.is_empty(),
        }
    }

    /// The solution from here: the rest of the line while the run follows it, or else a winning line found
    /// again from here.
    pub fn solution(&self) -> Vec<String> {
        if self.on_line {
            return self.tactic.line[self.played.len().min(self.tactic.line.len())..].to_vec();
        }
        match self.tactic.goal {
            Goal::Win { turns } => {
                let left = u32::from(turns).saturating_sub(self.turns_done);
                each_game!(&self.game, g => {
                    defence(g, self.solver, left, &mut Budget(CHECK_NODES)).unwrap_or_default()
                })
            }
            Goal::Save | Goal::Loop { .. } => Vec::new(),
        }
    }

    /// Plays the solver's move `text` (for TZAAR a move or a whole turn): an unreadable or illegal move is an
    /// error and changes nothing; a legal one is right or wrong, and a right one is answered by the forced replies.
    pub fn play(&mut self, text: &str) -> Result<TacticStep, MoveError> {
        if self.solved() || self.game.to_move() != Some(self.solver) {
            return Ok(TacticStep::Right { replies: Vec::new(), solved: self.solved() });
        }
        // The run after the move, while `self` stays as it was until the move is accepted.
        let mut after = self.clone();
        let played = after.game.play_text(text)?;
        for p in &played {
            after.note(p, Some(self.solver));
        }
        if !after.accepts(self, &played) {
            return Ok(TacticStep::Wrong { solution: self.solution() });
        }
        *self = after;
        let mut replies = Vec::new();
        while !self.solved() && self.game.outcome().is_none() && self.game.to_move() != Some(self.solver) {
            let reply = self.reply();
            let seat = self.game.to_move();
            let Some(reply) = reply else { break };
            for p in self.game.play_text(&reply)? {
                replies.push(p.notation.clone());
                self.note(&p, seat);
            }
        }
        Ok(TacticStep::Right { replies, solved: self.solved() })
    }

    /// Whether the run, just after the solver's `played` moves from `before`, still reaches the goal.
    fn accepts(&self, before: &TacticRun, played: &[Played]) -> bool {
        match self.tactic.goal {
            Goal::Win { turns } => {
                let left = u32::from(turns).saturating_sub(self.turns_done);
                let left = if self.game.to_move() == Some(self.solver) { left.max(1) } else { left };
                each_game!(&self.game, g => wins(g, self.solver, left, &mut Budget(CHECK_NODES)) == Some(true))
            }
            Goal::Save => {
                let line = &self.tactic.line;
                let from = before.played.len();
                let same = played.iter().enumerate().all(|(i, p)| line.get(from + i) == Some(&p.notation));
                match self.game.to_move() {
                    Some(seat) if seat == self.solver => same,
                    Some(opponent) => {
                        same || each_game!(&self.game, g => {
                            wins(g, opponent, 1, &mut Budget(CHECK_NODES)) == Some(false)
                        })
                    }
                    None => self.game.outcome().is_some_and(|o| o.winner == Some(self.solver)),
                }
            }
            Goal::Loop { tiles } => played
                .last()
                .is_some_and(|p| each_game!(&self.game, g => Tactics::loop_closed(g, p)) == u32::from(tiles)),
        }
    }

    /// The next forced reply: the line's while the run follows it, or else the other seat's hardest defence.
    fn reply(&self) -> Option<String> {
        if self.on_line
            && let Some(m) = self.tactic.line.get(self.played.len())
        {
            return Some(m.clone());
        }
        let left = match self.tactic.goal {
            Goal::Win { turns } => u32::from(turns).saturating_sub(self.turns_done),
            _ => 0,
        };
        let line = each_game!(&self.game, g => defence(g, self.solver, left, &mut Budget(CHECK_NODES)));
        line.and_then(|l| l.into_iter().next()).or_else(|| self.game.legal_moves_text().into_iter().next())
    }
}

/// How tactics are generated: the game, the seed and how much self-play.
#[derive(Clone, Debug)]
pub struct Generator {
    pub game: GameKind,
    pub seed: u64,
    /// Self-play games to look through.
    pub games: usize,
    /// Nodes of the exhaustive search at each position.
    pub budget: u64,
    /// The time of level 5's move in self-play (and of the levels that rate a tactic): sets their node budgets.
    pub top: std::time::Duration,
}

/// The limits of `level` in `kind` with `top` as level 5's time: ended by the node budget, so that a search
/// plays the same move for the same seed however busy the machine (the time is only a far safety cap).
fn level_limits(kind: GameKind, level: u8, top: std::time::Duration, seed: u64) -> Limits {
    Limits { time: std::time::Duration::from_secs(120), ..kind.limits(level, top, seed) }
}

/// Tactics found in the generator's self-play, each rated, in the order found: the same for the same generator.
pub fn generate(spec: &Generator, mut found: impl FnMut(&Tactic)) -> Vec<Tactic> {
    let mut out: Vec<Tactic> = Vec::new();
    for i in 0..spec.games {
        let seed = crate::ai::search::splitmix64(spec.seed ^ (i as u64).wrapping_mul(0x9e37_79b9));
        let setup = Setup { variant: String::new(), seed, seats: 2 };
        let Ok(mut game) = AnyGame::new(spec.game, &setup) else { continue };
        let mut ply = 0u64;
        while game.outcome().is_none() && ply < 400 {
            if ply >= spec.game.arena_opening_plies() as u64
                && let Some(tactic) = tactic_at(&game, &game.moves_text(), spec.budget, spec.top)
                && !out.iter().any(|t| t.key() == tactic.key())
            {
                found(&tactic);
                out.push(tactic);
            }
            let moves = if ply < spec.game.arena_opening_plies() as u64 {
                game.greedy(seed ^ ply)
            } else {
                game.think(&level_limits(spec.game, 5, spec.top, seed ^ ply)).notation()
            };
            if moves.is_empty() {
                break;
            }
            for m in moves {
                if game.play_text(&m).is_err() {
                    break;
                }
            }
            ply += 1;
        }
    }
    out
}

/// The tactic at `game`'s position (reached by `moves`), found within `budget` nodes and rated with `top` as level
/// 5's time, if there is one.
fn tactic_at(game: &AnyGame, moves: &[String], budget: u64, top: std::time::Duration) -> Option<Tactic> {
    let found = game.find_tactic(budget)?;
    let mut tactic = Tactic {
        game: game.kind(),
        setup: game.setup().clone(),
        moves: moves.to_vec(),
        goal: found.goal,
        line: found.line,
        rating: 0,
    };
    tactic.rating = rate(&tactic, top);
    Some(tactic)
}

/// The tactics in a game played from `setup` through `moves` (one stored move each): the exhaustive search at
/// each position (within `budget` nodes), each tactic found rated with `top` as level 5's time.
pub fn in_game(
    kind: GameKind,
    setup: &Setup,
    moves: &[String],
    budget: u64,
    top: std::time::Duration,
) -> Vec<Tactic> {
    let Ok(mut game) = AnyGame::new(kind, setup) else { return Vec::new() };
    let mut out: Vec<Tactic> = Vec::new();
    for i in 0..=moves.len() {
        if game.outcome().is_none() {
            out.extend(tactic_at(&game, &moves[..i], budget, top));
        }
        if i < moves.len() && game.play_text(&moves[i]).is_err() {
            break;
        }
    }
    out
}

/// Whether the computer player at `level` solves `tactic` (its moves through a [`TacticRun`]).
pub fn solves(tactic: &Tactic, level: u8, top: std::time::Duration) -> bool {
    let Ok(mut run) = TacticRun::new(tactic.clone(), &[]) else { return false };
    for step in 0..16u64 {
        if run.solved() {
            return true;
        }
        let limits = level_limits(tactic.game, level, top, step ^ 0x7AC7);
        let moves = run.game().think(&limits).notation();
        if moves.is_empty() {
            return false;
        }
        match run.play(&moves.join(" ")) {
            Ok(TacticStep::Right { solved: true, .. }) => return true,
            Ok(TacticStep::Right { .. }) => {}
            Ok(TacticStep::Wrong { .. }) | Err(_) => return false,
        }
    }
    run.solved()
}

/// A new tactic's rating: 900 when the computer's weakest level solves it, 200 more for each level that does not,
/// and 150 more for each turn after the first.
pub fn rate(tactic: &Tactic, top: std::time::Duration) -> u32 {
    let fails = crate::ai::LEVELS.filter(|&l| !solves(tactic, l, top)).count() as u32;
    let turns = match tactic.goal {
        Goal::Win { turns } => u32::from(turns),
        _ => 1,
    };
    900 + 200 * fails + 150 * turns.saturating_sub(1)
}

/// Checks by exhaustive search, written apart from the generator's, that `tactic` is one: its goal is reached
/// by its line's first turn and by no other (for a win, by none in fewer turns; for a loop, by no longer one),
/// and its line reaches it; the error says what fails.
pub fn verify(tactic: &Tactic, budget: u64) -> Result<(), String> {
    let game = tactic.game().map_err(|e| e.to_string())?;
    each_game!(&game, g => verify_in(g, tactic, &mut Budget(budget)))?;
    let mut run = TacticRun::new(tactic.clone(), &[]).map_err(|e| e.to_string())?;
    let mut line = tactic.line.iter();
    while !run.solved() {
        let Some(m) = line.next() else { return Err("the line ends before the goal".into()) };
        match run.play(m).map_err(|e| format!("the line's `{m}` is refused: {e}"))? {
            TacticStep::Right { replies, .. } => {
                for r in replies {
                    if line.next() != Some(&r) {
                        return Err(format!("the reply `{r}` is not the line's"));
                    }
                }
            }
            TacticStep::Wrong { .. } => return Err(format!("the line's `{m}` is judged wrong")),
        }
    }
    Ok(())
}

fn verify_in<G: Tactics>(game: &G, tactic: &Tactic, budget: &mut Budget) -> Result<(), String> {
    let solver = game.to_move().ok_or("the game is over at the tactic's position")?;
    let spent = || "the search ran out of nodes".to_string();
    let reaching: Vec<Vec<String>> = match tactic.goal {
        Goal::Loop { tiles } => {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mut longest = (0, Vec::new());
            for m in moves {
                let mut next = game.clone();
                let played = next.play(m).map_err(|e| e.to_string())?;
                let n = next.loop_closed(&played);
                if n > longest.0 {
                    longest = (n, Vec::new());
                }
                if n == longest.0 && n > 0 {
                    longest.1.push(vec![played.notation]);
                }
            }
            if longest.0 != u32::from(tiles) {
                return Err(format!("the longest loop closed is {} tiles, not {tiles}", longest.0));
            }
            longest.1
        }
        Goal::Win { turns } => {
            let turns = u32::from(turns);
            if turns > 1 && wins(game, solver, turns - 1, budget).ok_or_else(spent)? {
                return Err(format!("it is won in fewer than {turns} turns"));
            }
            let mut out = Vec::new();
            for (moves, after) in whole_turns(game, budget).ok_or_else(spent)? {
                if wins(&after, solver, turns - 1, budget).ok_or_else(spent)? {
                    out.push(moves.iter().map(ToString::to_string).collect());
                }
            }
            out
        }
        Goal::Save => {
            let mut out = Vec::new();
            for (moves, after) in whole_turns(game, budget).ok_or_else(spent)? {
                let saved = match after.to_move() {
                    Some(opponent) => !wins(&after, opponent, 1, budget).ok_or_else(spent)?,
                    None => after.outcome().is_some_and(|o| o.winner == Some(solver)),
                };
                if saved {
                    out.push(moves.iter().map(ToString::to_string).collect());
                }
            }
            out
        }
    };
    match reaching.as_slice() {
        [only] if tactic.line.starts_with(only) => Ok(()),
        [only] => Err(format!("the one turn that reaches the goal is `{}`, not the line's", only.join(" "))),
        [] => Err("no turn reaches the goal".into()),
        many => Err(format!("{} turns reach the goal", many.len())),
    }
}

/// The tactics Tabula ships (`assets/tactics.jsonl`, made by `tabula tactics`), which a store starts from.
pub fn shipped() -> Vec<Tactic> {
    include_str!("../../../../assets/tactics.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}
