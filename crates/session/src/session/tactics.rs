//! Tactics, worked in private: a position from a game where exactly one move (for TZAAR one whole turn) wins or
//! saves the game by force (`games::tactic`). `/puzzle <game>` gives the member the tactic they have not tried
//! whose rating is nearest their puzzle rating; they play with `/move` (which falls back to their tactic when they
//! play no game in the channel); the bot answers the forced replies, says right or wrong at once, and shows the
//! solution after a wrong move. Each first attempt moves the member's puzzle rating and the tactic's (Glicko-2,
//! as lichess rates puzzles, apart from game ratings) and their streak.
//!
//! An attempt is a row of `puzzle_attempts` (kind `tactic`, spec the tactic's key, state the moves played since
//! its position): nothing is kept in memory, and every write names the version it read.

use std::sync::atomic::Ordering;

use crate::games::tactic::{Tactic, TacticRun, TacticStep, in_game, shipped};
use crate::games::{GameKind, RatingSystem};
use crate::rating::{self, Rating};
use crate::store::{
    AttemptRow, AttemptUpdate, PuzzleRating, SessionRow, StoreError, TACTIC_KIND, TacticRating, TacticRow,
};
use crate::t;

use super::commands::Failure;
use super::commands::move_;
use super::commands::puzzle::{self, bare};
use super::component::{Action, ComponentId, PickStep, PuzzleStep};
use super::picker::{self, Answer, Target};
use super::puzzles::updated;
use super::reply::BoardPicture;
use super::text::Text;
use super::watch::{SeatView, View};
use super::{Actor, Button, ButtonStyle, Reply, Sessions, engine_text};
use crate::i18n::Lang;

/// The deviation a new tactic's rating starts with: its generator's rating is an estimate.
const TACTIC_DEVIATION: f64 = 200.0;

/// The nodes of the exhaustive search at each position of a finished game.
const GAME_SCAN_NODES: u64 = 200_000;

/// Level 5's time when the levels rate a tactic found in a finished game (it sets their node budgets).
const RATE_TOP: std::time::Duration = std::time::Duration::from_millis(100);

/// A tactic attempt read with its tactic, replayed to where it stands.
struct TacticAttempt {
    row: AttemptRow,
    tactic: TacticRow,
    run: TacticRun,
}

pub(super) fn corrupt(what: String) -> Failure {
    Failure::Read(StoreError::Corrupt(what))
}

/// The moves of an attempt's state.
fn moves_of(state: &str) -> Vec<String> {
    serde_json::from_str(state).unwrap_or_default()
}

fn state_of(moves: &[String]) -> String {
    serde_json::to_string(moves).unwrap_or_else(|_| "[]".to_string())
}

/// The store's row of a tactic, at its generator's rating.
fn row_of(t: &Tactic) -> TacticRow {
    TacticRow {
        key: t.key(),
        game: t.game.name().to_string(),
        body: serde_json::to_string(t).unwrap_or_default(),
        rating: f64::from(t.rating),
        deviation: TACTIC_DEVIATION,
        volatility: 0.06,
        plays: 0,
    }
}

/// A member's puzzle rating as a rating to update.
fn rated_as(r: &PuzzleRating) -> Rating {
    Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

/// A tactic's rating as a rating to update.
fn rated_as_tactic(t: &TacticRow) -> Rating {
    Rating { rating: t.rating, deviation: t.deviation, volatility: t.volatility }
}

/// A rating as players read it: a whole number.
fn shown_rating(r: f64) -> i64 {
    r.round() as i64
}

impl Sessions {
    /// Stores the shipped tactics a store lacks, once per process.
    async fn stock_tactics(&self) -> Result<(), Failure> {
        if self.tactics_stocked.load(Ordering::Acquire) {
            return Ok(());
        }
        let rows: Vec<TacticRow> = shipped().iter().map(row_of).collect();
        self.store.add_tactics(&rows).await.map_err(|e| Failure::Own { error: e, key: "puzzle-failed" })?;
        self.tactics_stocked.store(true, Ordering::Release);
        Ok(())
    }

    /// The member's puzzle rating, or a new one.
    async fn puzzle_rating_of(&self, user: u64) -> Result<PuzzleRating, Failure> {
        let found = self.store.puzzle_rating(user).await.map_err(Failure::Read)?;
        let start = Rating::initial(RatingSystem::Glicko2);
        Ok(found.unwrap_or(PuzzleRating {
            user,
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            solved: 0,
            failed: 0,
            streak: 0,
            best_streak: 0,
            updated_at: self.now(),
        }))
    }

    /// `/puzzle <game>` (or `kind:tactic`): a tactic of `game` (of any game, when `None`) the member has not tried,
    /// nearest their puzzle rating, shown to them alone (closing the puzzle they were working on).
    pub(crate) async fn start_tactic(
        &self,
        channel: u64,
        actor: &Actor,
        game: Option<GameKind>,
    ) -> Result<Reply, Failure> {
        self.stock_tactics().await?;
        let mine = self.puzzle_rating_of(actor.member.id).await?;
        let next = self
            .store
            .next_tactic(actor.member.id, game.map(GameKind::name), mine.rating)
            .await
            .map_err(Failure::Read)?;
        let Some(tactic) = next else {
            let game = game.map_or_else(|| "-".to_string(), |g| g.title().to_string());
            return Ok(Reply::private(t!("tactic-none-left", game = game)));
        };
        let row = self.begin_attempt(actor, TACTIC_KIND, &tactic.key, state_of(&[])).await?;
        let attempt = self.read_tactic(row).await?;
        Ok(self.tactic_board(channel, actor, &attempt, None, &mine))
    }

    /// Starts the member's attempt at the tactic `key` (the daily puzzle's), shown to them alone after `note`.
    pub(super) async fn start_tactic_key(
        &self,
        channel: u64,
        actor: &Actor,
        key: &str,
        note: Text,
    ) -> Result<Reply, Failure> {
        let mine = self.puzzle_rating_of(actor.member.id).await?;
        let row = self.begin_attempt(actor, TACTIC_KIND, key, state_of(&[])).await?;
        let attempt = self.read_tactic(row).await?;
        Ok(self.tactic_board(channel, actor, &attempt, Some(note), &mine))
    }

    /// The stored tactic `key`, with its body read.
    async fn stored_tactic(&self, key: &str) -> Result<(TacticRow, Tactic), Failure> {
        self.stock_tactics().await?;
        let tactic = self.store.tactic(key).await.map_err(Failure::Read)?;
        let tactic = tactic.ok_or_else(|| corrupt(format!("tactic {key} is not stored")))?;
        let body: Tactic = serde_json::from_str(&tactic.body)
            .map_err(|e| corrupt(format!("tactic {} does not read: {e}", tactic.key)))?;
        Ok((tactic, body))
    }

    /// The tactic `key`, as stored.
    pub(super) async fn tactic_body(&self, key: &str) -> Result<Tactic, Failure> {
        Ok(self.stored_tactic(key).await?.1)
    }

    /// The tactic attempt of `row`, with its tactic, replayed.
    async fn read_tactic(&self, row: AttemptRow) -> Result<TacticAttempt, Failure> {
        let (tactic, body) = self.stored_tactic(&row.spec).await?;
        let run = TacticRun::new(body, &moves_of(&row.state))
            .map_err(|e| corrupt(format!("tactic attempt {} does not replay: {e}", row.id)))?;
        Ok(TacticAttempt { row, tactic, run })
    }

    /// `/puzzle` when the member's open puzzle is a tactic: it as it stands.
    pub(crate) async fn open_tactic(
        &self,
        channel: u64,
        actor: &Actor,
        row: AttemptRow,
    ) -> Result<Reply, Failure> {
        let attempt = self.read_tactic(row).await?;
        let mine = self.puzzle_rating_of(actor.member.id).await?;
        Ok(self.tactic_board(channel, actor, &attempt, None, &mine))
    }

    /// The tactic as it stands: what it asks, the board, and a button to give up and see the solution.
    fn tactic_board(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: &TacticAttempt,
        note: Option<Text>,
        mine: &PuzzleRating,
    ) -> Reply {
        let tactic = attempt.run.tactic();
        let text = note.map(Text::line).unwrap_or_default().then(t!(
            "tactic-board",
            game = tactic.game.title(),
            rating = shown_rating(attempt.tactic.rating),
            goal = engine_text::text(&tactic.describe()),
            command = move_::bare(),
            example = move_::example(tactic.game.info().move_examples[0]),
            mine = shown_rating(mine.rating),
            streak = mine.streak
        ));
        let id = |step| {
            ComponentId::new(
                channel,
                Action::Puzzle { attempt: attempt.row.id, actions: attempt.row.actions, step },
            )
        };
        let mut buttons = vec![
            Button::new(
                Text::new().key("button-move"),
                id(PuzzleStep::Pick(Vec::new(), PickStep::Open)),
                ButtonStyle::Primary,
            ),
            Button::new(
                Text::new().key("button-tactic-solution"),
                id(PuzzleStep::Solution),
                ButtonStyle::Secondary,
            ),
        ];
        // The member's own link to play it on the web board, when there is one.
        if let Some(links) = self.links() {
            let url = links.puzzle_url(actor.member.id, attempt.row.id, self.now(), actor.locales.user);
            buttons.push(Button::link(Text::new().key("web-open"), url));
        }
        Reply::private(text).with_board(Self::tactic_picture(actor, &attempt.run)).with_buttons(buttons)
    }

    /// The board of a run: the solver named on their seat, the other seats by their side.
    fn tactic_picture(actor: &Actor, run: &TacticRun) -> BoardPicture {
        BoardPicture { game: run.game().clone(), id: 0, names: Self::tactic_names(actor, run), ended: None }
    }

    /// The names on a run's board: the solver's on their seat, the other seats' sides.
    fn tactic_names(actor: &Actor, run: &TacticRun) -> Vec<Text> {
        let game = run.game();
        (0..game.setup().seats)
            .map(|s| {
                if s == run.solver() {
                    Text::new().name(actor.member.name.clone())
                } else {
                    Text::new().plain(game.seat_label(s))
                }
            })
            .collect()
    }

    /// `/move` from a member who plays no game in the channel: a move in their open tactic, if they work on one
    /// (`None` otherwise).
    pub(crate) async fn move_in_tactic(
        &self,
        channel: u64,
        actor: &Actor,
        text: &str,
    ) -> Result<Option<Reply>, Failure> {
        let Some(row) = self.store.open_attempt(actor.member.id).await.map_err(Failure::Read)? else {
            return Ok(None);
        };
        if row.kind != TACTIC_KIND {
            return Ok(None);
        }
        let mut attempt = self.read_tactic(row).await?;
        if text.trim().is_empty() {
            let mine = self.puzzle_rating_of(actor.member.id).await?;
            return Ok(Some(self.tactic_board(channel, actor, &attempt, None, &mine)));
        }
        let before = attempt.run.played().len();
        let step = match attempt.run.play(text) {
            Ok(step) => step,
            Err(e) => return Ok(Some(Reply::private(engine_text::refusal(&e)))),
        };
        let reply = match step {
            TacticStep::Right { replies, solved } => {
                let made = attempt.run.played()[before..].to_vec();
                let mover = made.len() - replies.len();
                let right = t!("tactic-right", played = Text::new().code(made[..mover].join(" ")));
                let note = if replies.is_empty() {
                    right
                } else {
                    right
                        .then(Text::new().plain(" "))
                        .then(t!("tactic-reply", reply = Text::new().code(replies.join(" "))))
                };
                if solved {
                    self.finish_tactic(channel, actor, attempt, true, note).await?
                } else {
                    let update = AttemptUpdate {
                        id: attempt.row.id,
                        from_actions: attempt.row.actions,
                        state: state_of(attempt.run.played()),
                        actions: attempt.row.actions + 1,
                        hints: attempt.row.hints,
                        solved_at: None,
                        score: None,
                    };
                    if let Err(e) = self.store.update_attempt(&update).await {
                        return Ok(Some(self.tactic_write_failed(channel, actor, e).await?));
                    }
                    attempt.row.actions = update.actions;
                    attempt.row.state = update.state;
                    let mine = self.puzzle_rating_of(actor.member.id).await?;
                    self.tactic_board(
                        channel,
                        actor,
                        &attempt,
                        Some(note.then(Text::new().plain(" ")).then(Text::new().key("tactic-go-on"))),
                        &mine,
                    )
                }
            }
            TacticStep::Wrong { solution } => {
                let note = t!(
                    "tactic-wrong",
                    played = Text::new().code(text.trim()),
                    solution = Text::new().code(solution.join(" "))
                );
                self.finish_tactic(channel, actor, attempt, false, note).await?
            }
        };
        Ok(Some(reply))
    }

    /// A write to a tactic attempt failed: on a lost race, the tactic as it is now; otherwise says so.
    async fn tactic_write_failed(
        &self,
        channel: u64,
        actor: &Actor,
        e: StoreError,
    ) -> Result<Reply, Failure> {
        if !matches!(e, StoreError::Conflict) {
            return Err(Failure::Own { error: e, key: "puzzle-failed" });
        }
        let row = self.store.open_attempt(actor.member.id).await.map_err(Failure::Read)?;
        match row.filter(|r| r.kind == TACTIC_KIND) {
            Some(row) => {
                let attempt = self.read_tactic(row).await?;
                let mine = self.puzzle_rating_of(actor.member.id).await?;
                Ok(self.tactic_board(channel, actor, &attempt, Some(Text::new().key("puzzle-stale")), &mine))
            }
            None => Ok(Reply::private(t!("puzzle-closed", command = bare()))),
        }
    }

    /// Ends a tactic attempt, solved or not: stores it with the member's new puzzle rating, streak and the
    /// tactic's rating in one write, and shows the result with the solution played out.
    async fn finish_tactic(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: TacticAttempt,
        solved: bool,
        note: Text,
    ) -> Result<Reply, Failure> {
        let before = self.puzzle_rating_of(actor.member.id).await?;
        let t = &attempt.tactic;
        // Only a first attempt is rated (a daily puzzle may be a tactic the member tried before).
        let tries =
            self.store.attempts_at(actor.member.id, TACTIC_KIND, &t.key).await.map_err(Failure::Read)?;
        let first = tries <= 1;
        // The member against the tactic, as a game of two: the solver first when solved.
        let rated = rating::update(
            RatingSystem::Glicko2,
            &[rated_as(&before), rated_as_tactic(t)],
            if solved { &[1, 2] } else { &[2, 1] },
        );
        let (p, q) = (rated[0], rated[1]);
        let streak = if solved { before.streak + 1 } else { 0 };
        // A tactic tried before moves nothing: not the ratings, not the counts, not the streak.
        let after = if first {
            PuzzleRating {
                rating: p.rating,
                deviation: p.deviation,
                volatility: p.volatility,
                solved: before.solved + u32::from(solved),
                failed: before.failed + u32::from(!solved),
                streak,
                best_streak: before.best_streak.max(streak),
                updated_at: self.now(),
                ..before.clone()
            }
        } else {
            before.clone()
        };
        let tactic = TacticRating {
            key: t.key.clone(),
            rating: q.rating,
            deviation: q.deviation,
            volatility: q.volatility,
        };
        let update = AttemptUpdate {
            id: attempt.row.id,
            from_actions: attempt.row.actions,
            state: state_of(attempt.run.played()),
            actions: attempt.row.actions + 1,
            hints: attempt.row.hints,
            solved_at: Some(self.now()),
            score: Some(u32::from(solved)),
        };
        if let Err(e) = self.store.finish_tactic(&update, &after, first.then_some(&tactic)).await {
            return self.tactic_write_failed(channel, actor, e).await;
        }
        let change = shown_rating(after.rating) - shown_rating(before.rating);
        let change = if change >= 0 { format!("+{change}") } else { format!("\u{2212}{}", -change) };
        let result = if !first {
            Text::new().key(if solved { "tactic-solved-unrated" } else { "tactic-missed-unrated" })
        } else if solved {
            t!("tactic-solved", rating = shown_rating(after.rating), change = change, streak = after.streak)
        } else {
            t!(
                "tactic-missed",
                rating = shown_rating(after.rating),
                change = change,
                best = after.best_streak
            )
        };
        // The board shows the solution played out.
        let mut run = attempt.run.clone();
        if !solved {
            let _ = run.play(&run.solution().join(" "));
        }
        let id = ComponentId::new(
            channel,
            Action::Puzzle { attempt: attempt.row.id, actions: update.actions, step: PuzzleStep::Next },
        );
        Ok(Reply::private(note.line().then(result))
            .with_board(Self::tactic_picture(actor, &run))
            .with_buttons(vec![Button::new(Text::new().key("button-tactic-next"), id, ButtonStyle::Success)]))
    }

    /// A press on a tactic's button: Show the solution (the tactic counts as missed) or Next tactic.
    pub(crate) async fn tactic_press(
        &self,
        channel: u64,
        actor: &Actor,
        row: AttemptRow,
        shown: u32,
        step: PuzzleStep,
    ) -> Result<Reply, Failure> {
        let game = {
            let attempt = self.read_tactic(row).await?;
            match step {
                PuzzleStep::Solution if attempt.row.open && attempt.row.solved_at.is_none() => {
                    if shown != attempt.row.actions {
                        let mine = self.puzzle_rating_of(actor.member.id).await?;
                        let note = Some(Text::new().key("puzzle-stale"));
                        return Ok(updated(self.tactic_board(channel, actor, &attempt, note, &mine)));
                    }
                    let solution = attempt.run.solution();
                    let note = t!("tactic-given-up", solution = Text::new().code(solution.join(" ")));
                    return Ok(updated(self.finish_tactic(channel, actor, attempt, false, note).await?));
                }
                PuzzleStep::Pick(chosen, step) if attempt.row.open && attempt.row.solved_at.is_none() => {
                    let Some(press) = step.press() else { return Ok(updated(Reply::private(Text::new()))) };
                    let game = attempt.run.game().clone();
                    let (id, actions) = (attempt.row.id, attempt.row.actions);
                    let names = Self::tactic_names(actor, &attempt.run);
                    // The picker's answer, its target dropped before a move is played.
                    let answer = {
                        let target = Target {
                            id: Box::new(move |chosen, step| {
                                let chosen = chosen.iter().map(ToString::to_string).collect();
                                let step = PuzzleStep::Pick(chosen, step);
                                ComponentId::new(channel, Action::Puzzle { attempt: id, actions, step })
                            }),
                            picture: Box::new(move |game| BoardPicture {
                                game,
                                id: 0,
                                names: names.clone(),
                                ended: None,
                            }),
                        };
                        picker::press_on(&target, &game, shown == actions, &chosen, &press)
                    };
                    return match answer {
                        Answer::Reply(reply) => Ok(updated(*reply)),
                        Answer::Play(text) => {
                            let played = self.move_in_tactic(channel, actor, &text).await?;
                            Ok(updated(
                                played
                                    .unwrap_or_else(|| Reply::private(t!("puzzle-closed", command = bare()))),
                            ))
                        }
                    };
                }
                PuzzleStep::Solution | PuzzleStep::Pick(..) => {
                    return Ok(updated(Reply::private(t!("puzzle-closed", command = bare()))));
                }
                _ => attempt.run.tactic().game,
            }
        };
        self.start_tactic(channel, actor, Some(game)).await
    }

    /// Makes tactics from a finished game in the background ([`Sessions::tactics_of_game`]).
    pub(super) fn tactics_from_game(&self, record: &SessionRow) {
        let (store, slots, record) = (self.store.clone(), self.ai_slots.clone(), record.clone());
        let job = tokio::spawn(async move {
            match make_tactics(&store, &slots, &record).await {
                Ok(Some(added)) => {
                    tracing::info!(session = record.id, added, "tactics made from a finished game");
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(session = record.id, error = %e, "could not store a finished game's tactics");
                }
            }
        });
        let mut jobs = self.tactic_jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        jobs.retain(|j| !j.is_finished());
        jobs.push(job);
    }

    /// Waits for the background searches for tactics in finished games that are running now.
    pub async fn tactic_jobs_done(&self) {
        let jobs =
            std::mem::take(&mut *self.tactic_jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        for job in jobs {
            let _ = job.await;
        }
    }

    /// Makes tactics from the finished game `record` when every member who played in it lets Tabula
    /// (`/privacy tactics:true`): the exhaustive search at each of its positions, each tactic found rated by the
    /// computer's levels and stored (one already stored is kept as it is); how many were new, or `None` when a
    /// player does not allow it. The search holds one of the AI's slots. A finished game's end runs it in the
    /// background.
    pub async fn tactics_of_game(&self, record: &SessionRow) -> Result<Option<usize>, StoreError> {
        make_tactics(&self.store, &self.ai_slots, record).await
    }

    /// `/puzzle rating:true`: the member's puzzle rating and record.
    pub(crate) async fn puzzle_rating_card(&self, actor: &Actor) -> Result<Reply, Failure> {
        match self.store.puzzle_rating(actor.member.id).await.map_err(Failure::Read)? {
            Some(r) => Ok(Reply::private(t!(
                "tactic-rating",
                rating = shown_rating(r.rating),
                deviation = shown_rating(r.deviation),
                solved = r.solved,
                failed = r.failed,
                streak = r.streak,
                best = r.best_streak
            ))),
            None => Ok(Reply::private(t!("tactic-rating-none", example = puzzle::tactic_example()))),
        }
    }
}

/// [`Sessions::tactics_of_game`], for a task of its own.
async fn make_tactics(
    store: &crate::store::SharedStore,
    slots: &std::sync::Arc<tokio::sync::Semaphore>,
    record: &SessionRow,
) -> Result<Option<usize>, StoreError> {
    let members: Vec<u64> = record.players.iter().filter(|p| p.level.is_none()).map(|p| p.id).collect();
    if members.is_empty() || record.moves.is_empty() {
        return Ok(None);
    }
    for id in members {
        if !store.shares_games(id).await? {
            return Ok(None);
        }
    }
    let Ok(_slot) = slots.clone().acquire_owned().await else { return Ok(None) };
    let (kind, setup, moves) = (record.game, record.setup.clone(), record.moves.clone());
    let found = tokio::task::spawn_blocking(move || in_game(kind, &setup, &moves, GAME_SCAN_NODES, RATE_TOP))
        .await
        .unwrap_or_default();
    let rows: Vec<TacticRow> = found.iter().map(row_of).collect();
    store.add_tactics(&rows).await.map(Some)
}

/// A tactic on the web board: its page's view, and what its solver does there.
impl Sessions {
    /// The tactic attempt of `row` as `reader` sees it on the web board (`None`: a spectator), in `lang`.
    pub(super) async fn tactic_view(&self, row: AttemptRow, reader: Option<u64>, lang: Lang) -> Option<View> {
        let mine = reader == Some(row.user);
        let name = row.name.clone();
        let attempt = self.read_tactic(row).await.ok()?;
        let run = &attempt.run;
        let game = run.game();
        let open = attempt.row.open && attempt.row.solved_at.is_none();
        let to_move = game.to_move().filter(|_| open);
        let players = (0..game.setup().seats)
            .map(|seat| SeatView {
                name: if seat == run.solver() { name.clone() } else { game.seat_label(seat) },
                seat: game.seat_name(seat),
                to_move: to_move == Some(seat),
                computer: seat != run.solver(),
                left: false,
            })
            .collect();
        let frames = run.tactic().game().map(|start| start.frame_views(run.played())).unwrap_or_default();
        let tactic = run.tactic();
        let goal = engine_text::text(&tactic.describe());
        let status = match attempt.row.score {
            _ if open => t!("web-tactic", game = tactic.game.title(), goal = goal),
            Some(1) => t!("web-tactic-solved", game = tactic.game.title(), goal = goal),
            _ => t!("web-tactic-missed", game = tactic.game.title(), solution = run.solution().join(" ")),
        };
        Some(View {
            id: attempt.row.id,
            game: tactic.game.name(),
            title: tactic.game.title(),
            state: if open { "playing" } else { "over" },
            players,
            moves: run.played().to_vec(),
            board: game.board_view(),
            last: frames.last().and_then(|f| f.last.clone()),
            text: game.text_board(),
            frames: Vec::new(),
            status: status.isolated_in(lang),
            prompt: game.prompt().filter(|_| open).map(|p| engine_text::text(&p).plain_in(lang)),
            deadline: None,
            now: self.now(),
            offer: None,
            you: mine.then_some(run.solver()),
            legal: if mine && to_move == Some(run.solver()) { game.legal_views() } else { Vec::new() },
            draw: false,
            takeback: false,
            lift: false,
            give_up: mine && open,
            puzzle: true,
            version: format!("{}.{}", attempt.row.actions, open),
        })
    }

    /// What the solver of the tactic attempt of `row` does on its page: `move` (its notation), or `solution`
    /// (gives up); whether it was done, and the sentence saying what happened (or why not).
    pub(super) async fn tactic_web_act(
        &self,
        actor: &Actor,
        row: AttemptRow,
        action: &str,
        text: &str,
    ) -> (bool, Text) {
        let open = self.store.open_attempt(actor.member.id).await.ok().flatten();
        if open.is_none_or(|o| o.id != row.id) {
            return (false, t!("puzzle-closed", command = bare()));
        }
        let reply = match action {
            "move" => self.move_in_tactic(0, actor, text).await,
            "solution" => {
                let actions = row.actions;
                self.tactic_press(0, actor, row, actions, PuzzleStep::Solution).await.map(Some)
            }
            _ => return (false, Text::new().key("web-not-an-action")),
        };
        match reply {
            Ok(Some(reply)) => (reply.board.is_some(), reply.text),
            Ok(None) => (false, t!("puzzle-closed", command = bare())),
            Err(_) => (false, Text::new().key("puzzle-failed")),
        }
    }
}
