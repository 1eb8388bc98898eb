//! Puzzles for one player, worked in private: a game's puzzle for one player (`games::solo`), driven without
//! naming the game. Each attempt is a row of the store (the tiles
//! down in notation, the actions and hints it took, when it started and was solved), and every step is a private
//! message drawn afresh from it: the board with the tiles still on the side and menus to put a tile down, move,
//! turn or pick one up; the places for a chosen tile, lettered on the board; its turns side by side. Components
//! name the attempt and the number of actions it had when shown, so a press on an old message is answered with
//! the puzzle as it is now, and two presses at once never both apply (the store's write names the version).
//! Once solved, the solver may post it in the channel; the server keeps a table of the fastest solves without
//! hints.

use crate::games::GameKind;
use crate::games::pick::{Icon, letters};
use crate::games::solo::{Solo, SoloHint, SoloInfo, SoloMarks, SoloMove, SoloVerdict};
use crate::i18n::Lang;
use crate::store::{AttemptRow, AttemptUpdate, Fastest, NewAttempt, StoreError, TACTIC_KIND};
use crate::t;

use super::commands::Failure;
use super::commands::puzzle::{self, example};
use super::component::{Action, ComponentId, PuzzleStep};
use super::engine_text;
use super::picker::MAX_OPTIONS;
use super::text::Text;
use super::watch::{SeatView, View};
use super::{Actor, Button, ButtonStyle, File, FileKind, Reply, Select, SelectOption, Sessions};

/// The most nodes a hint's search visits (a few seconds on one core at most; most hints take a fraction).
const HINT_NODES: u64 = 4_000_000;

/// The most lines of a solved-fastest table.
pub(crate) const TABLE_LINES: usize = 10;

/// The games' puzzles for one player, with the game of each.
pub(crate) fn solo_puzzles() -> impl Iterator<Item = (GameKind, &'static SoloInfo)> {
    GameKind::ALL.iter().flat_map(|&g| g.info().solo.iter().map(move |&s| (g, s)))
}

/// The puzzle `kind` names, or when it names none, the first of `game` that comes in sizes.
pub(crate) fn solo_of(game: GameKind, kind: Option<&str>) -> Option<&'static SoloInfo> {
    match kind {
        Some(kind) => game.info().solo.iter().find(|s| s.name == kind).copied(),
        None => game.info().solo.iter().find(|s| s.sizes.is_some()).copied(),
    }
}

/// The puzzle named `name`, with its game.
pub(super) fn solo_named(name: &str) -> Option<(GameKind, &'static SoloInfo)> {
    solo_puzzles().find(|(_, s)| s.name == name)
}

/// An attempt read with its puzzle.
struct Attempt {
    row: AttemptRow,
    game: GameKind,
    info: &'static SoloInfo,
    puzzle: Box<dyn Solo>,
}

impl Attempt {
    fn read(row: AttemptRow) -> Result<Attempt, Failure> {
        let (game, info) = solo_named(&row.kind).ok_or_else(|| corrupt(&row))?;
        let puzzle = (info.read)(&row.spec, &row.state).map_err(|_| corrupt(&row))?;
        Ok(Attempt { row, game, info, puzzle })
    }

    /// A component of this attempt, as it stands.
    fn id(&self, channel: u64, step: PuzzleStep) -> ComponentId {
        ComponentId::new(channel, Action::Puzzle { attempt: self.row.id, actions: self.row.actions, step })
    }

    /// The puzzle's name and what names it among its kind (its size, or its day), as the messages say it.
    fn named(&self) -> (&'static str, String) {
        (self.info.title, self.row.spec.clone())
    }
}

fn corrupt(row: &AttemptRow) -> Failure {
    Failure::Read(StoreError::Corrupt(format!("puzzle attempt {} does not read", row.id)))
}

/// The answer replaces the message pressed on.
pub(super) fn updated(reply: Reply) -> Reply {
    Reply { update: true, ..reply }
}

impl Sessions {
    /// `/puzzle <game> [kind] size:N`: starts the game's puzzle (of `size` pieces, or of the day) for the member
    /// (closing the one they were working on), shown to them alone.
    pub(crate) async fn start_puzzle(
        &self,
        channel: u64,
        actor: &Actor,
        info: &'static SoloInfo,
        size: Option<u8>,
    ) -> Result<Reply, Failure> {
        let spec = match (&info.sizes, size) {
            (Some(sizes), Some(size)) if sizes.contains(&size) => size.to_string(),
            (Some(sizes), _) => {
                let (low, high) = (*sizes.start(), *sizes.end());
                return Ok(Reply::private(t!("puzzle-size", puzzle = info.title, low = low, high = high)));
            }
            (None, _) => self.today(),
        };
        self.start_solo(channel, actor, info, spec).await
    }

    /// Starts the member's attempt at `info`'s puzzle `spec` (closing the one they were working on), shown to
    /// them alone.
    pub(super) async fn start_solo(
        &self,
        channel: u64,
        actor: &Actor,
        info: &'static SoloInfo,
        spec: String,
    ) -> Result<Reply, Failure> {
        let Ok(fresh) = (info.read)(&spec, "") else {
            return Ok(Reply::private(t!("puzzle-none", example = example(None, None, None))));
        };
        let row = self.begin_attempt(actor, info.name, &spec, fresh.state()).await?;
        let attempt = Attempt::read(row)?;
        let goal = engine_text::text(&attempt.puzzle.goal());
        let intro = match info.sizes {
            Some(_) => {
                t!("puzzle-start", puzzle = info.title, size = spec, goal = goal, command = puzzle::bare())
            }
            None => {
                t!("puzzle-start-day", puzzle = info.title, day = spec, goal = goal, command = puzzle::bare())
            }
        };
        Ok(self.puzzle_board(channel, actor, &attempt, Some(intro)).await)
    }

    /// Starts the member's attempt at the puzzle `kind` `spec` from `state` (closing the one they worked on): the
    /// attempt as stored.
    pub(super) async fn begin_attempt(
        &self,
        actor: &Actor,
        kind: &str,
        spec: &str,
        state: String,
    ) -> Result<AttemptRow, Failure> {
        let new = NewAttempt {
            user: actor.member.id,
            name: actor.member.name.clone(),
            guild: actor.guild,
            kind: kind.to_string(),
            spec: spec.to_string(),
            state,
            now: self.now(),
        };
        let id = self
            .store
            .start_attempt(&new)
            .await
            .map_err(|e| Failure::Own { error: e, key: "puzzle-failed" })?;
        self.store.attempt(id).await.map_err(Failure::Read)?.ok_or(Failure::Conflict)
    }

    /// Today, as a puzzle of the day names it (`YYYY-MM-DD`, UTC).
    fn today(&self) -> String {
        crate::games::solo::date(self.now().div_euclid(86_400))
    }

    /// `/puzzle` without a size: the puzzle the member is working on, or how to start one.
    pub(crate) async fn open_puzzle(&self, channel: u64, actor: &Actor) -> Result<Reply, Failure> {
        match self.store.open_attempt(actor.member.id).await.map_err(Failure::Read)? {
            Some(row) if row.kind == TACTIC_KIND => self.open_tactic(channel, actor, row).await,
            Some(row) => {
                let attempt = Attempt::read(row)?;
                Ok(self.puzzle_board(channel, actor, &attempt, None).await)
            }
            None => self.start_tactic(channel, actor, None).await,
        }
    }

    /// A press on a puzzle's component.
    pub(crate) async fn puzzle_press(
        &self,
        channel: u64,
        actor: &Actor,
        id: i64,
        shown: u32,
        step: PuzzleStep,
    ) -> Result<Reply, Failure> {
        let Some(row) = self.store.attempt(id).await.map_err(Failure::Read)? else {
            return Ok(Reply::private(Text::new().key("puzzle-gone")));
        };
        if row.user != actor.member.id {
            return Ok(Reply::private(t!("puzzle-not-yours", example = example(None, None, None))));
        }
        if row.kind == TACTIC_KIND {
            return self.tactic_press(channel, actor, row, shown, step).await;
        }
        let attempt = Attempt::read(row)?;
        let reply = match step {
            PuzzleStep::Post => return Ok(self.puzzle_post(actor, &attempt).await),
            PuzzleStep::Again => {
                return self.start_puzzle(channel, actor, attempt.info, attempt.row.spec.parse().ok()).await;
            }
            _ if !attempt.row.open && attempt.row.solved_at.is_none() => {
                let closed = t!("puzzle-closed", command = puzzle::bare());
                return Ok(updated(Reply::private(closed)));
            }
            _ if attempt.row.solved_at.is_some() => self.puzzle_board(channel, actor, &attempt, None).await,
            // A press on an older message: the puzzle as it is now.
            _ if shown != attempt.row.actions => {
                self.puzzle_board(channel, actor, &attempt, Some(Text::new().key("puzzle-stale"))).await
            }
            PuzzleStep::Board
            | PuzzleStep::Solution
            | PuzzleStep::Next
            | PuzzleStep::Pick(..)
            | PuzzleStep::TileMenu(_)
            | PuzzleStep::CellMenu(..)
            | PuzzleStep::RotMenu(..) => self.puzzle_board(channel, actor, &attempt, None).await,
            PuzzleStep::Tile(piece) => self.puzzle_places(channel, actor, &attempt, piece).await,
            PuzzleStep::Cell(piece, place) => {
                self.puzzle_turns(channel, actor, &attempt, piece, &place).await
            }
            PuzzleStep::Lift(piece) => {
                return self.puzzle_act(channel, actor, attempt, Act::Lift(piece)).await;
            }
            PuzzleStep::Put(piece, place, turn) => {
                let m = SoloMove { piece, place, turn };
                return self.puzzle_act(channel, actor, attempt, Act::Put(m)).await;
            }
            PuzzleStep::Hint => return self.puzzle_hint(channel, actor, attempt).await,
        };
        Ok(updated(reply))
    }

    /// `/hint` from someone who plays no game in the channel and works on a puzzle: the puzzle's hint, as a new
    /// private message; `None` when they work on no puzzle.
    pub(crate) async fn hint_open_puzzle(
        &self,
        channel: u64,
        actor: &Actor,
    ) -> Result<Option<Reply>, Failure> {
        let Some(row) = self.store.open_attempt(actor.member.id).await.map_err(Failure::Read)? else {
            return Ok(None);
        };
        if row.kind == TACTIC_KIND {
            return Ok(Some(Reply::private(Text::new().key("tactic-no-hints"))));
        }
        let attempt = Attempt::read(row)?;
        if !attempt.puzzle.hints() {
            return Ok(Some(Reply::private(t!("puzzle-no-hints", puzzle = attempt.info.title))));
        }
        let mut reply = self.puzzle_hint(channel, actor, attempt).await?;
        reply.update = false;
        Ok(Some(reply))
    }

    /// A hint: one more piece of a solution that keeps every piece down as it lies, shown ringed on the board
    /// with a button to put it there; or that the pieces down cannot all stay. Each hint is counted.
    async fn puzzle_hint(&self, channel: u64, actor: &Actor, attempt: Attempt) -> Result<Reply, Failure> {
        let (puzzle, seed) = (attempt.puzzle.copy(), attempt.row.id as u64);
        let found =
            crate::render::drawn(move || puzzle.hint(seed, HINT_NODES)).await.unwrap_or(SoloHint::Unknown);
        let m = match found {
            SoloHint::Put(m) => m,
            SoloHint::Impossible => {
                let note = Text::new().key("puzzle-hint-impossible");
                return Ok(updated(self.puzzle_board(channel, actor, &attempt, Some(note)).await));
            }
            SoloHint::Unknown => {
                let note = Text::new().key("puzzle-hint-unknown");
                return Ok(updated(self.puzzle_board(channel, actor, &attempt, Some(note)).await));
            }
        };
        let update = AttemptUpdate {
            id: attempt.row.id,
            from_actions: attempt.row.actions,
            state: attempt.row.state.clone(),
            actions: attempt.row.actions,
            hints: attempt.row.hints + 1,
            solved_at: None,
            score: None,
        };
        if let Err(e) = self.store.update_attempt(&update).await {
            return self.puzzle_write_failed(channel, actor, &attempt, e, "puzzle-hint-failed").await;
        }
        let attempt = Attempt { row: AttemptRow { hints: update.hints, ..attempt.row }, ..attempt };
        let text = t!("puzzle-hint", tile = m.piece, cell = Text::new().code(&m.place), turn = m.turn)
            .line()
            .then(Text::new().key("puzzle-hint-counted"));
        let marks = SoloMarks { hint: Some(m.clone()), ..self.puzzle_marks(&attempt) };
        let picture = self.puzzle_picture(&attempt, marks, actor.locales.user).await;
        let mut reply = Reply::private(text).with_file(picture);
        let put = PuzzleStep::Put(m.piece, m.place, m.turn);
        reply.buttons = vec![
            Button::new(
                Text::new().key("button-puzzle-put-hint"),
                attempt.id(channel, put),
                ButtonStyle::Success,
            ),
            back(&attempt, channel),
        ];
        Ok(updated(reply))
    }

    /// A write to an attempt failed: on a lost race, the puzzle as it is now; otherwise the failure `key` says.
    async fn puzzle_write_failed(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: &Attempt,
        error: StoreError,
        key: &'static str,
    ) -> Result<Reply, Failure> {
        if !matches!(error, StoreError::Conflict) {
            return Err(Failure::Own { error, key });
        }
        let now =
            self.store.attempt(attempt.row.id).await.map_err(Failure::Read)?.ok_or(Failure::Conflict)?;
        let now = Attempt::read(now)?;
        let note = Some(Text::new().key("puzzle-stale"));
        Ok(updated(self.puzzle_board(channel, actor, &now, note).await))
    }

    /// Puts a piece down or picks one up, stores it, and shows the board (solved, when it is).
    async fn puzzle_act(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: Attempt,
        act: Act,
    ) -> Result<Reply, Failure> {
        let mut puzzle = attempt.puzzle.copy();
        let done = match &act {
            Act::Lift(piece) => puzzle.lift(*piece).map(|()| t!("puzzle-lifted", tile = *piece)),
            Act::Put(m) => {
                puzzle.put(m).map(|()| t!("puzzle-put", tile = m.piece, cell = Text::new().code(&m.place)))
            }
        };
        let said = match done {
            Ok(said) => said,
            Err(why) => {
                let note = Some(engine_text::sentence(&why));
                return Ok(updated(self.puzzle_board(channel, actor, &attempt, note).await));
            }
        };
        let verdict = puzzle.verdict();
        let (solved, score) = match &verdict {
            SoloVerdict::Solved => (true, None),
            SoloVerdict::Scored(score, _) => (true, Some(*score)),
            SoloVerdict::Unfinished | SoloVerdict::Wrong(_) => (false, None),
        };
        let update = AttemptUpdate {
            id: attempt.row.id,
            from_actions: attempt.row.actions,
            state: puzzle.state(),
            actions: attempt.row.actions + 1,
            hints: attempt.row.hints,
            solved_at: solved.then(|| self.now()),
            score,
        };
        if let Err(e) = self.store.update_attempt(&update).await {
            return self.puzzle_write_failed(channel, actor, &attempt, e, "puzzle-failed").await;
        }
        let row = AttemptRow {
            state: update.state,
            actions: update.actions,
            solved_at: update.solved_at,
            score: update.score,
            open: !solved,
            ..attempt.row
        };
        let attempt = Attempt { row, puzzle, ..attempt };
        let note = match verdict {
            SoloVerdict::Solved | SoloVerdict::Scored(..) => None,
            SoloVerdict::Unfinished => Some(said),
            SoloVerdict::Wrong(why) => Some(said.line().then(engine_text::sentence(&why))),
        };
        Ok(updated(self.puzzle_board(channel, actor, &attempt, note).await))
    }

    /// The puzzle as it stands: the picture, menus of the pieces on the side and of those down (to move, turn
    /// or pick up), Hint; once solved, the time, Post and Another.
    async fn puzzle_board(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: &Attempt,
        note: Option<Text>,
    ) -> Reply {
        let puzzle = &attempt.puzzle;
        let mut text = note.map(Text::line).unwrap_or_default();
        let mut reply;
        if let Some(solved_at) = attempt.row.solved_at {
            text = text.then(solved_text(attempt, solved_at));
            reply = Reply::private(text);
            reply.buttons = vec![
                Button::new(
                    Text::new().key("button-puzzle-post"),
                    attempt.id(channel, PuzzleStep::Post),
                    ButtonStyle::Success,
                ),
                Button::new(
                    Text::new().key("button-puzzle-again"),
                    attempt.id(channel, PuzzleStep::Again),
                    ButtonStyle::Secondary,
                ),
            ];
        } else {
            let goal = engine_text::text(&puzzle.goal());
            text =
                text.then(t!("puzzle-board", placed = puzzle.on().len(), size = puzzle.size(), goal = goal));
            reply = Reply::private(text);
            // At most two menus of pieces on the side and two of pieces down, and the buttons: five rows.
            let off = puzzle.off();
            let on = if puzzle.movable() { puzzle.on() } else { Vec::new() };
            let parts = menus(&off).map(|c| (c, false)).chain(menus(&on).map(|c| (c, true)));
            for (part, (chunk, down)) in parts.filter(|(c, _)| !c.is_empty()).enumerate() {
                let (first, last) = (chunk[0], chunk[chunk.len() - 1]);
                let placeholder = if down {
                    t!("puzzle-menu-down", first = first, last = last)
                } else {
                    t!("puzzle-menu-tiles", first = first, last = last)
                };
                reply.selects.push(Select {
                    custom_id: attempt.id(channel, PuzzleStep::TileMenu(part as u8)).into(),
                    placeholder,
                    options: chunk.iter().map(|&p| piece_option(attempt.game, p)).collect(),
                });
            }
            if puzzle.hints() {
                reply.buttons = vec![Button::new(
                    Text::new().key("button-hint"),
                    attempt.id(channel, PuzzleStep::Hint),
                    ButtonStyle::Secondary,
                )];
            }
            // The member's own link to work it on the web board, when there is one.
            if let Some(links) = self.links() {
                let url = links.puzzle_url(actor.member.id, attempt.row.id, self.now(), actor.locales.user);
                reply.buttons.push(Button::link(Text::new().key("web-open"), url));
            }
        }
        let marks = self.puzzle_marks(attempt);
        reply.with_file(self.puzzle_picture(attempt, marks, actor.locales.user).await)
    }

    /// Where a chosen piece may go: the board with the places lettered, menus of them (and "pick it up" when it
    /// is down), Back.
    async fn puzzle_places(&self, channel: u64, actor: &Actor, attempt: &Attempt, piece: u8) -> Reply {
        let puzzle = &attempt.puzzle;
        let offered = puzzle.off().contains(&piece) || (puzzle.movable() && puzzle.on().contains(&piece));
        if !offered {
            return self.puzzle_board(channel, actor, attempt, None).await;
        }
        let places = puzzle.places(piece);
        let down = puzzle.movable() && puzzle.on().contains(&piece);
        let text = if places.is_empty() && !down {
            t!("puzzle-places-none", tile = piece)
        } else if down {
            t!("puzzle-places-down", tile = piece)
        } else {
            t!("puzzle-places", tile = piece)
        };
        let mut reply = Reply::private(text);
        let mut options: Vec<SelectOption> = Vec::new();
        if down {
            options.push(SelectOption {
                value: "lift".to_string(),
                label: Text::new().key("puzzle-lift"),
                icon: None,
            });
        }
        options.extend(places.iter().enumerate().map(|(i, place)| SelectOption {
            value: place.clone(),
            label: t!("puzzle-place-option", letter = letters(i), cell = place.clone()),
            icon: None,
        }));
        // The places of a piece beside at most 29 others: fewer than 100, four menus at most.
        for (part, chunk) in menus(&options).take(4).enumerate() {
            reply.selects.push(Select {
                custom_id: attempt.id(channel, PuzzleStep::CellMenu(piece, part as u8)).into(),
                placeholder: t!("puzzle-menu-places", tile = piece),
                options: chunk.to_vec(),
            });
        }
        reply.buttons = vec![back(attempt, channel)];
        let marks = SoloMarks { places, ..self.puzzle_marks(attempt) };
        reply.with_file(self.puzzle_picture(attempt, marks, actor.locales.user).await)
    }

    /// Which way round a piece goes on a chosen place: its turns that fit, side by side and lettered, Back.
    async fn puzzle_turns(
        &self,
        channel: u64,
        actor: &Actor,
        attempt: &Attempt,
        piece: u8,
        place: &str,
    ) -> Reply {
        let turns = attempt.puzzle.turns(piece, place);
        if turns.is_empty() {
            let note = Some(t!("puzzle-no-fit", tile = piece, cell = Text::new().code(place)));
            return self.puzzle_board(channel, actor, attempt, note).await;
        }
        let mut reply = Reply::private(t!("puzzle-turns", tile = piece, cell = Text::new().code(place)));
        reply.selects.push(Select {
            custom_id: attempt.id(channel, PuzzleStep::RotMenu(piece, place.to_string())).into(),
            placeholder: t!("puzzle-menu-turns", tile = piece),
            options: turns
                .iter()
                .enumerate()
                .map(|(i, turn)| SelectOption {
                    value: turn.to_string(),
                    label: t!("puzzle-turn-option", letter = letters(i), turn = *turn),
                    icon: None,
                })
                .collect(),
        });
        reply.buttons = vec![back(attempt, channel)];
        let (puzzle, lang) = (attempt.puzzle.copy(), actor.locales.user);
        let png = crate::render::drawn(move || {
            let picture = puzzle.turns_picture(piece, &turns, lang);
            crate::render::png_with_caption(&picture, None, puzzle.palette())
        })
        .await
        .unwrap_or_default();
        let name = format!("puzzle-{}-turns.png", attempt.row.id);
        reply.with_file(File { kind: FileKind::Picture, name, bytes: png })
    }

    /// Posts a solved puzzle in the channel (the solver's choice): the time, the actions, the picture.
    async fn puzzle_post(&self, actor: &Actor, attempt: &Attempt) -> Reply {
        let Some(solved_at) = attempt.row.solved_at else {
            return Reply::private(Text::new().key("puzzle-post-unsolved"));
        };
        let (name, spec) = attempt.named();
        let command = example(Some(attempt.game), Some(attempt.info), spec.parse().ok());
        let time = clock_text(solved_at - attempt.row.started_at);
        let player = Text::new().name(&actor.member.name);
        let text = match attempt.row.score {
            Some(score) => t!(
                "puzzle-posted-score",
                player = player,
                game = attempt.game.title(),
                puzzle = name,
                spec = spec,
                score = score,
                time = time,
                command = command
            ),
            None => t!(
                "puzzle-posted",
                player = player,
                game = attempt.game.title(),
                puzzle = name,
                size = spec,
                time = time,
                actions = attempt.row.actions,
                hints = attempt.row.hints,
                command = command
            ),
        };
        let marks = self.puzzle_marks(attempt);
        Reply::public(text).with_file(self.puzzle_picture(attempt, marks, actor.locales.public).await)
    }

    /// The solved-fastest table of the server (or of direct messages) for `game`'s puzzle: of one size (its ten
    /// fastest), or each size's fastest.
    pub(crate) async fn puzzle_table(
        &self,
        actor: &Actor,
        game: GameKind,
        info: &'static SoloInfo,
        size: Option<u8>,
    ) -> Result<Reply, Failure> {
        // A puzzle of the day: today's table; one in sizes: one size's, or each size's best.
        let spec = match info.sizes {
            Some(_) => size.map(|s| s.to_string()),
            None => Some(self.today()),
        };
        let limit = if spec.is_some() { TABLE_LINES } else { 1000 };
        let solves = self
            .store
            .fastest(actor.guild, info.name, spec.as_deref(), limit)
            .await
            .map_err(Failure::Read)?;
        let lines: Vec<Fastest> = if spec.is_some() {
            solves
        } else {
            // The best of each size, smallest first.
            let mut best: Vec<Fastest> = Vec::new();
            for f in solves {
                if !best.iter().any(|b| b.spec == f.spec) {
                    best.push(f);
                }
            }
            best.sort_by_key(|f| f.spec.parse::<u8>().unwrap_or(u8::MAX));
            best
        };
        let whose =
            Text::new().key(if actor.guild.is_some() { "puzzle-table-server" } else { "puzzle-table-alone" });
        if lines.is_empty() {
            let example = example(Some(game), Some(info), size);
            return Ok(Reply::private(t!(
                "puzzle-table-empty",
                puzzle = info.title,
                scope = whose,
                example = example
            )));
        }
        let mut text = match &spec {
            Some(n) => t!("puzzle-table-size", puzzle = info.title, size = n.clone(), scope = whose),
            None => t!("puzzle-table-all", puzzle = info.title, scope = whose),
        };
        for (i, f) in lines.iter().enumerate() {
            let line = match f.score {
                Some(score) => t!(
                    "puzzle-table-score-line",
                    place = i + 1,
                    player = Text::new().name(&f.name),
                    score = score,
                    time = clock_text(f.seconds)
                ),
                None => t!(
                    "puzzle-table-line",
                    place = i + 1,
                    puzzle = info.title,
                    size = f.spec.clone(),
                    player = Text::new().name(&f.name),
                    time = clock_text(f.seconds),
                    actions = f.actions
                ),
            };
            text = text.line().then(line);
        }
        Ok(Reply::private(text))
    }

    /// The marks of the puzzle as it stands: its time and actions.
    fn puzzle_marks(&self, attempt: &Attempt) -> SoloMarks {
        SoloMarks {
            seconds: attempt.row.seconds(self.now()),
            actions: attempt.row.actions,
            ..SoloMarks::default()
        }
    }

    /// The puzzle's picture, drawn off the async runtime, as a file to attach.
    async fn puzzle_picture(&self, attempt: &Attempt, marks: SoloMarks, lang: Lang) -> File {
        let puzzle = attempt.puzzle.copy();
        let png = crate::render::drawn(move || {
            let picture = puzzle.picture(&marks, lang);
            crate::render::png_with_caption(&picture, None, puzzle.palette())
        })
        .await
        .unwrap_or_default();
        File { kind: FileKind::Picture, name: format!("puzzle-{}.png", attempt.row.id), bytes: png }
    }
}

/// What a solved (or scored) puzzle says: its time and actions, or its score.
fn solved_text(attempt: &Attempt, solved_at: i64) -> Text {
    let (name, size) = attempt.named();
    let time = clock_text(solved_at - attempt.row.started_at);
    match (attempt.row.score, attempt.puzzle.verdict()) {
        (Some(score), SoloVerdict::Scored(_, made)) => t!(
            "puzzle-scored",
            puzzle = name,
            spec = size,
            score = score,
            made = engine_text::text(&made),
            time = time,
            actions = attempt.row.actions
        ),
        _ => t!(
            "puzzle-solved",
            puzzle = name,
            size = size,
            time = time,
            actions = attempt.row.actions,
            hints = attempt.row.hints
        ),
    }
}

/// A piece's action.
enum Act {
    Lift(u8),
    Put(SoloMove),
}

fn back(attempt: &Attempt, channel: u64) -> Button {
    Button::new(
        Text::new().key("button-back"),
        attempt.id(channel, PuzzleStep::Board),
        ButtonStyle::Secondary,
    )
}

/// Splits `items` into menus of at most [`MAX_OPTIONS`], as even as can be.
fn menus<T>(items: &[T]) -> std::slice::Chunks<'_, T> {
    let count = items.len().div_ceil(MAX_OPTIONS).max(1);
    items.chunks(items.len().div_ceil(count).max(1))
}

fn piece_option(game: GameKind, piece: u8) -> SelectOption {
    SelectOption {
        value: piece.to_string(),
        label: t!("puzzle-tile-option", tile = piece),
        icon: Some(Icon { game, key: piece }),
    }
}

/// `m:ss` (or `h:mm:ss`).
fn clock_text(seconds: i64) -> String {
    let s = seconds.max(0);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Puzzles on the web board: a tactic ([`Sessions::tactic_view`]) or a puzzle for one player, whose solver puts
/// pieces down by clicks, picks one up by clicking it, and takes the last one back.
impl Sessions {
    /// Puzzle attempt `attempt` as `reader` sees it on the web board (`None`: a spectator), in `lang`; `None`
    /// when there is no such attempt.
    pub async fn puzzle_view(&self, attempt: i64, reader: Option<u64>, lang: Lang) -> Option<View> {
        let row = self.store.attempt(attempt).await.ok()??;
        if row.kind == TACTIC_KIND {
            return self.tactic_view(row, reader, lang).await;
        }
        let attempt = Attempt::read(row).ok()?;
        let puzzle = &attempt.puzzle;
        let open = attempt.row.open && attempt.row.solved_at.is_none();
        let mine = reader == Some(attempt.row.user);
        let (name, spec) = attempt.named();
        let status = match attempt.row.solved_at {
            Some(at) => solved_text(&attempt, at),
            None if !open => t!("puzzle-closed", command = puzzle::bare()),
            None => t!(
                "web-solo",
                puzzle = name,
                spec = spec.clone(),
                placed = puzzle.on().len(),
                size = puzzle.size(),
                goal = engine_text::text(&puzzle.goal()),
                time = clock_text(attempt.row.seconds(self.now())),
                actions = attempt.row.actions
            ),
        };
        let players = vec![SeatView {
            name: attempt.row.name.clone(),
            seat: format!("{name} {spec}"),
            to_move: open,
            computer: false,
            left: false,
        }];
        let movable = mine && open && puzzle.movable();
        Some(View {
            id: attempt.row.id,
            game: attempt.game.name(),
            title: attempt.info.title,
            state: if open { "playing" } else { "over" },
            players,
            moves: attempt.row.state.split_whitespace().map(str::to_string).collect(),
            board: puzzle.board_view(),
            last: None,
            text: puzzle.state(),
            frames: Vec::new(),
            status: status.isolated_in(lang),
            prompt: None,
            deadline: None,
            now: self.now(),
            offer: None,
            you: mine.then_some(0),
            legal: if mine && open { puzzle.legal_views() } else { Vec::new() },
            draw: false,
            takeback: movable && puzzle.last_put().is_some(),
            lift: movable,
            give_up: false,
            puzzle: true,
            version: format!("{}.{open}", attempt.row.actions),
        })
    }

    /// What the solver of puzzle attempt `attempt` does on its page: for a tactic, `move` or `solution`; for a
    /// puzzle for one player, `move` (a piece put down, `5@-1,2:3`), `lift` (a piece picked up, by number) or
    /// `takeback` (the last piece put down, picked up). Whether it was done, and the sentence saying what happened
    /// (or why not); `None` when there is no such attempt of theirs.
    pub async fn puzzle_web_act(
        &self,
        attempt: i64,
        user: u64,
        lang: Lang,
        action: &str,
        text: &str,
    ) -> Option<(bool, Text)> {
        let row = self.store.attempt(attempt).await.ok()??;
        if row.user != user {
            return None;
        }
        let actor = Actor::in_guild(super::Member::new(user, row.name.clone()), row.guild).in_lang(lang);
        if row.kind == TACTIC_KIND {
            return Some(self.tactic_web_act(&actor, row, action, text).await);
        }
        let before = row.actions;
        let closed = || (false, t!("puzzle-closed", command = puzzle::bare()));
        if !row.open || row.solved_at.is_some() {
            return Some(closed());
        }
        let Ok(attempt) = Attempt::read(row) else { return Some((false, Text::new().key("puzzle-failed"))) };
        let act = match action {
            "move" => match SoloMove::read(text) {
                Some(m) => Act::Put(m),
                None => return Some((false, Text::new().key("web-not-an-action"))),
            },
            "lift" => match text.trim().parse() {
                Ok(piece) => Act::Lift(piece),
                Err(_) => return Some((false, Text::new().key("web-not-an-action"))),
            },
            "takeback" => match attempt.puzzle.last_put() {
                Some(piece) => Act::Lift(piece),
                None => return Some((false, Text::new().key("web-nothing-to-take-back"))),
            },
            _ => return Some((false, Text::new().key("web-not-an-action"))),
        };
        let id = attempt.row.id;
        let Ok(reply) = self.puzzle_act(0, &actor, attempt, act).await else {
            return Some((false, Text::new().key("puzzle-failed")));
        };
        let now = self.store.attempt(id).await.ok().flatten();
        Some((now.is_some_and(|r| r.actions > before), reply.text))
    }
}
