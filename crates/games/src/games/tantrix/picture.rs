//! The Tantrix picture: black flat-topped tiles with thick coloured bands (sharp curves around a corner, gentle
//! curves around the hex two edges away, straights), the board scaled to fit, the free cells labelled `q,r`,
//! forced spaces hatched, the last turn's tiles ringed in white, and each hand below with its player's score.
//!
//! Each tile is drawn in one pass over its pixels: the hex face, then each band with a thin dark outline so
//! crossings read, blended with anti-aliased coverage from signed distances. Its words are in the language it is
//! given (`assets/locales/*/pictures.ftl`).

use std::sync::LazyLock;

use image::RgbaImage;

use crate::games::Setup;
use crate::games::registry::palette_samples;
use crate::games::tantrix::{Board, Colour, Game, Hex, Placement, Position, Tile, discovery};
use crate::games::{Engine, MoveError, Outcome, Picture};
use crate::i18n::Lang;
use crate::render::canvas::{Align, Canvas, Color, Weight, fit_name, fit_text, rgb, short_name};
use crate::render::words::{number, say, text};
use crate::render::{CAPTION_COLOURS, Palette};
use crate::text::isolate;

use super::tile_picture::{Marks, SQRT3, band, colour_slot, draw_forced, hex_sdf, stamp_tile};

const WIDTH: u32 = 880;
const MARGIN: f32 = 18.0;
const HEADER: f32 = 58.0;
const MAX_BOARD_HEIGHT: f32 = 600.0;
const MAX_SIZE: f32 = 46.0;
const ROW: f32 = 76.0;
const HAND_SIZE: f32 = 24.0;

const BACKGROUND: Color = rgb(0x00e4_ded0);
pub(super) const INK: Color = rgb(0x001e_1c1a);
const MUTED: Color = rgb(0x006b_655c);
const GRID: Color = rgb(0x004a_4a4a);
pub(super) const MARK: Color = rgb(0x00ff_ffff);
const ROW_HIGHLIGHT: Color = rgb(0x00f5_f1e8);

/// Text colour that reads on a band colour.
fn on_band(c: Colour) -> Color {
    match c {
        Colour::Yellow | Colour::Green => INK,
        Colour::Red | Colour::Blue => rgb(0x00ff_ffff),
    }
}

/// Pixel geometry of the board: hex size and where cell (0,0)'s centre is.
#[derive(Clone, Copy)]
struct Layout {
    size: f32,
    ox: f32,
    oy: f32,
}

impl Layout {
    fn centre(self, h: Hex) -> (f32, f32) {
        let (q, r) = (h.q as f32, h.r as f32);
        (self.ox + self.size * 1.5 * q, self.oy + self.size * SQRT3 * (r + q / 2.0))
    }
}

/// What the board part of the picture shows.
struct BoardView<'a> {
    board: &'a Board,
    last: &'a [Placement],
    /// Cells of the best chains to outline, with their colours.
    chains: Vec<(Colour, Vec<Hex>)>,
    /// A puzzle's board: no forced spaces to mark.
    puzzle: bool,
}

/// Cells the board picture must show: the tiles and the free cells next to them (or 0,0 on an empty board).
fn shown_cells(board: &Board) -> (Vec<Hex>, Vec<Hex>) {
    let tiles: Vec<Hex> = board.placements().iter().map(|p| p.cell).collect();
    let free = if board.is_empty() { vec![Hex::ORIGIN] } else { board.frontier() };
    (tiles, free)
}

/// The size and height of the board area for this board.
fn fit(board: &Board, top: f32) -> (Layout, f32) {
    let (tiles, free) = shown_cells(board);
    let unit = Layout { size: 1.0, ox: 0.0, oy: 0.0 };
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for h in tiles.iter().chain(&free) {
        let (x, y) = unit.centre(*h);
        x0 = x0.min(x - 1.0);
        x1 = x1.max(x + 1.0);
        y0 = y0.min(y - SQRT3 / 2.0);
        y1 = y1.max(y + SQRT3 / 2.0);
    }
    let avail = WIDTH as f32 - 2.0 * MARGIN;
    let size = (avail / (x1 - x0)).min(MAX_BOARD_HEIGHT / (y1 - y0)).min(MAX_SIZE);
    let height = (y1 - y0) * size + 2.0 * 10.0;
    let ox = WIDTH as f32 / 2.0 - f32::midpoint(x0, x1) * size;
    let oy = top + 10.0 - y0 * size;
    (Layout { size, ox, oy }, height)
}

fn draw_board(canvas: &mut Canvas, view: &BoardView, layout: Layout) {
    let s = layout.size;
    let (_, free) = shown_cells(view.board);
    let label = (s * 0.33).clamp(9.0, 14.0);
    for &h in &free {
        let (cx, cy) = layout.centre(h);
        let forced = !view.puzzle && view.board.neighbour_count(h) >= 3;
        if forced {
            draw_forced(canvas, cx, cy, s);
        } else if view.board.is_empty() {
            canvas
                .fill_sdf((cx - s, cy - s, cx + s, cy + s), ROW_HIGHLIGHT, |x, y| hex_sdf(x - cx, y - cy, s));
        }
        let (weight, color) = if forced { (Weight::Bold, MARK) } else { (Weight::Regular, MUTED) };
        canvas.text_centered_v(cx, cy, label, weight, Align::Center, color, &h.to_string());
    }
    for p in view.board.placements() {
        let (cx, cy) = layout.centre(p.cell);
        let mut marks = Marks { last: view.last.iter().any(|l| l.cell == p.cell), ..Marks::default() };
        for (colour, cells) in &view.chains {
            if cells.contains(&p.cell) {
                marks.chain[colour_slot(*colour)] = true;
            }
        }
        stamp_tile(canvas, p.tile, p.rot, cx, cy, s, marks);
    }
    // Small grey dots on the corners show where one tile ends and the next begins.
    let dot = (s * 0.06).max(1.2);
    for p in view.board.placements() {
        let (cx, cy) = layout.centre(p.cell);
        for k in 0..6 {
            let a = (60.0 * k as f32).to_radians();
            canvas.fill_circle(cx + s * a.cos(), cy + s * a.sin(), dot, GRID);
        }
    }
}

/// A colour disc with its letter, so colours read without colour vision.
fn swatch(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, c: Colour) {
    canvas.fill_circle(cx, cy, r + 1.5, INK);
    canvas.fill_circle(cx, cy, r, band(c));
    canvas.text_centered_v(
        cx,
        cy,
        r * 1.15,
        Weight::Bold,
        Align::Center,
        on_band(c),
        &c.letter().to_string(),
    );
}

/// One hand row: a marker if it is this player's turn, the swatch, the name and score, and the tiles.
struct HandRow<'a> {
    lang: Lang,
    /// The player's name (or what stands for it), then what follows it ("(Red)"), which a long name never
    /// cuts.
    label: (&'a str, &'a str),
    colour: Option<Colour>,
    score: Option<u32>,
    hand: &'a [Tile],
    to_move: bool,
}

fn draw_hand(canvas: &mut Canvas, row: &HandRow, top: f32) {
    if row.to_move {
        canvas.fill_rounded_rect(
            MARGIN - 8.0,
            top + 3.0,
            WIDTH as f32 - MARGIN + 8.0,
            top + ROW - 3.0,
            8.0,
            ROW_HIGHLIGHT,
        );
        let (x, y) = (MARGIN - 2.0, top + ROW / 2.0);
        canvas.line((x, y - 7.0), (x + 7.0, y), 3.5, INK);
        canvas.line((x + 7.0, y), (x, y + 7.0), 3.5, INK);
    }
    let mid = top + ROW / 2.0;
    let mut x = MARGIN + 24.0;
    if let Some(c) = row.colour {
        swatch(canvas, x, mid - 10.0, 11.0, c);
    }
    x += 20.0;
    let weight = if row.to_move { Weight::Bold } else { Weight::Regular };
    let mut info = Vec::new();
    if let Some(score) = row.score {
        info.push(say(row.lang, "picture-tantrix-score", &[("score", number(score as usize))]));
    }
    if row.to_move {
        info.push(say(row.lang, "picture-tantrix-to-place", &[]));
    }
    let step = HAND_SIZE * 2.0 + 12.0;
    let start = WIDTH as f32 - MARGIN - 6.0 * step + step / 2.0;
    // The name and the score stop short of the first tile.
    let room = start - HAND_SIZE - 6.0 - x;
    let (size, label) = fit_name(row.label.0, row.label.1, room, 17.0, 12.0, weight);
    canvas.text_centered_v(x, mid - 10.0, size, weight, Align::Left, INK, &label);
    let (size, info) = fit_text(&info.join(" · "), room, 13.0, 10.0, Weight::Regular);
    canvas.text_centered_v(x, mid + 14.0, size, Weight::Regular, Align::Left, MUTED, &info);
    if row.hand.is_empty() {
        let none = say(row.lang, "picture-tantrix-no-tiles", &[]);
        canvas.text_centered_v(start, mid, 13.0, Weight::Regular, Align::Left, MUTED, &none);
    }
    for (i, &t) in row.hand.iter().enumerate() {
        let cx = start + step * i as f32;
        stamp_tile(canvas, t, 0, cx, mid - 8.0, HAND_SIZE, Marks::default());
        canvas.text_centered_v(
            cx,
            mid + HAND_SIZE * 0.87 + 5.0,
            13.0,
            Weight::Bold,
            Align::Center,
            INK,
            &t.to_string(),
        );
    }
}

fn header(canvas: &mut Canvas, title: &str, sub: &str) {
    let width = WIDTH as f32 - 2.0 * MARGIN;
    let (size, title) = fit_text(title, width, 19.0, 14.0, Weight::Bold);
    canvas.text_centered_v(MARGIN, 20.0, size, Weight::Bold, Align::Left, INK, &title);
    let (size, sub) = fit_text(sub, width, 14.0, 10.0, Weight::Regular);
    canvas.text_centered_v(MARGIN, 44.0, size, Weight::Regular, Align::Left, MUTED, &sub);
}

/// A colour's name on the picture ("Red"), in `lang`.
fn colour_word(lang: Lang, colour: Colour) -> String {
    match colour {
        Colour::Red => say(lang, "picture-colour-red", &[]),
        Colour::Blue => say(lang, "picture-colour-blue", &[]),
        Colour::Yellow => say(lang, "picture-colour-yellow", &[]),
        Colour::Green => say(lang, "picture-colour-green", &[]),
    }
}

/// Why the game ended, as the header's second line shows it, in `lang`.
fn ending(lang: Lang, outcome: &Outcome) -> String {
    crate::i18n::phrase(lang, &outcome.reason)
}

/// The header's lines for `game`, in `lang`: the title (whose turn, or the result) and what to do now; or, for
/// a game that `ended` though its moves did not end it, that line and the scores.
fn header_lines(
    game: &Game,
    lang: Lang,
    name: &dyn Fn(usize) -> String,
    ended: Option<&str>,
) -> (String, String) {
    let scores = game.scores();
    let outcome = game.outcome();
    if let Some(ended) = ended {
        let table: Vec<String> = game
            .colours()
            .iter()
            .zip(&scores)
            .map(|(&c, s)| format!("{} {s}", colour_word(lang, c)))
            .collect();
        return (ended.to_string(), table.join(" · "));
    }
    let title = match (&outcome, game.to_move()) {
        (Some(o), _) => match o.winner {
            Some(w) => say(
                lang,
                "picture-tantrix-won",
                &[("player", text(&name(w))), ("score", number(scores[w] as usize))],
            ),
            None if crate::games::Engine::places(game).iter().any(|&p| p != 1) => say(
                lang,
                "picture-tantrix-shared",
                &[("score", number(scores.iter().copied().max().unwrap_or(0) as usize))],
            ),
            None => say(lang, "picture-tantrix-draw", &[]),
        },
        (None, Some(seat)) => say(
            lang,
            "picture-tantrix-turn",
            &[("number", number(game.move_number())), ("player", text(&name(seat)))],
        ),
        (None, None) => "Tantrix".to_string(),
    };
    let forced_due = game.to_move().is_some() && !game.position().forced_fills().is_empty();
    let sub = if let Some(o) = &outcome {
        ending(lang, o)
    } else {
        let step = if forced_due {
            say(lang, "picture-tantrix-forced", &[])
        } else if game.board().is_empty() {
            say(lang, "picture-tantrix-first", &[])
        } else {
            say(lang, "picture-tantrix-free", &[])
        };
        say(lang, "picture-tantrix-status", &[("count", number(game.bag_len())), ("step", text(&step))])
    };
    (title, sub)
}

/// The console's text drawing of a game, its words in `lang`: the header's lines, the tiles on the board, the
/// forced spaces, then each player's colour, score and hand (`>` marks the player to move).
pub fn text_picture(game: &Game, names: &[String], lang: Lang, ended: Option<&str>) -> String {
    use std::fmt::Write as _;
    let colours = game.colours();
    let name = |seat: usize| {
        let colour = colour_word(lang, colours[seat]);
        names.get(seat).map_or(colour.clone(), |n| format!("{n} ({colour})"))
    };
    let (title, sub) = header_lines(game, lang, &name, ended);
    let mut out = format!("{title}\n{sub}\n");
    let tiles: Vec<String> = game.board().placements().iter().map(ToString::to_string).collect();
    if !tiles.is_empty() {
        let board = say(
            lang,
            "picture-tantrix-text-board",
            &[("count", number(tiles.len())), ("tiles", text(&tiles.join(" ")))],
        );
        let _ = writeln!(out, "{board}");
    }
    let forced: Vec<String> = game.forced_spaces().iter().map(ToString::to_string).collect();
    if !forced.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            say(lang, "picture-tantrix-text-forced", &[("cells", text(&forced.join(" ")))])
        );
    }
    let scores = game.scores();
    for (seat, hand) in game.hands().iter().enumerate() {
        let hand: Vec<String> = hand.iter().map(ToString::to_string).collect();
        let marker = if ended.is_none() && game.to_move() == Some(seat) { "> " } else { "  " };
        let hand = if hand.is_empty() { say(lang, "picture-tantrix-no-tiles", &[]) } else { hand.join(" ") };
        let score = say(lang, "picture-tantrix-score", &[("score", number(scores[seat] as usize))]);
        let _ = writeln!(out, "{marker}{} · {score} · {hand}", name(seat));
    }
    out
}

/// Draws a game for its players (`names[seat]`): header, board, and every hand with its player's score; its
/// words in `lang`.
pub fn render(game: &Game, names: &[String], lang: Lang) -> RgbaImage {
    render_ended(game, names, lang, None)
}

/// [`render`], the header saying how the game `ended` when its moves did not end it.
pub fn render_ended(game: &Game, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
    render_fitted(game, names, lang, fit(game.board(), HEADER), ended)
}

/// The frames of a replay from `game`: every frame laid out for the board at the end of `moves`, so that the
/// tiles keep their place and size from frame to frame and the picture its height.
pub fn replay_frames(
    game: &Game,
    moves: &[String],
    (names, ended): (&[String], Option<&str>),
    lang: Lang,
    frame: &mut dyn FnMut(RgbaImage),
) -> Result<(), MoveError> {
    let mut last = game.clone();
    for m in moves {
        last.play_text(m)?;
    }
    let fitted = fit(last.board(), HEADER);
    let mut game = game.clone();
    let at_end = |i: usize| ended.filter(|_| i == moves.len());
    frame(render_fitted(&game, names, lang, fitted, at_end(0)));
    for (i, m) in moves.iter().enumerate() {
        game.play_text(m)?;
        frame(render_fitted(&game, names, lang, fitted, at_end(i + 1)));
    }
    Ok(())
}

/// Draws `game` with the board laid out as `(layout, board height)` says.
fn render_fitted(
    game: &Game,
    names: &[String],
    lang: Lang,
    (layout, board_h): (Layout, f32),
    ended: Option<&str>,
) -> RgbaImage {
    // Isolated from the sentence it is put in: a right-to-left name keeps the sentence's order.
    let name = |seat: usize| {
        let colour = colour_word(lang, game.colours()[seat]);
        match short_name(names.get(seat).map(String::as_str), 16) {
            Some(n) => format!("{} ({colour})", isolate(&n)),
            None => colour,
        }
    };
    let seats = game.colours().len();
    let height = (HEADER + board_h + 8.0 + ROW * seats as f32 + 10.0).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, BACKGROUND);
    let scores = game.scores();
    let outcome = game.outcome();
    let (title, sub) = header_lines(game, lang, &name, ended);
    header(&mut canvas, &title, &sub);
    let chains = if outcome.is_some() {
        game.colours().iter().zip(game.best_chains()).map(|(&c, chain)| (c, chain.cells)).collect()
    } else {
        Vec::new()
    };
    let view = BoardView { board: game.board(), last: game.last_turn(), chains, puzzle: false };
    draw_board(&mut canvas, &view, layout);
    let top = HEADER + board_h + 8.0;
    for (seat, &score) in scores.iter().enumerate() {
        let colour = colour_word(lang, game.colours()[seat]);
        let label = match short_name(names.get(seat).map(String::as_str), 32) {
            Some(n) => (n, format!(" ({colour})")),
            None => (colour, String::new()),
        };
        let row = HandRow {
            lang,
            label: (&label.0, &label.1),
            colour: Some(game.colours()[seat]),
            score: Some(score),
            hand: &game.hands()[seat],
            to_move: ended.is_none() && game.to_move() == Some(seat),
        };
        draw_hand(&mut canvas, &row, top + ROW * seat as f32);
    }
    canvas.into_image()
}

/// What a Discovery puzzle's picture shows besides its tiles.
#[derive(Clone, Debug, Default)]
pub struct DiscoveryMarks {
    /// Seconds since the puzzle was started (or that it took, once solved), and the actions made.
    pub seconds: i64,
    pub actions: u32,
    /// Cells lettered as the picker's options are (the places for one tile).
    pub cells: Vec<Hex>,
    /// A tile to show down and ringed (a hint), which is not down yet.
    pub hint: Option<Placement>,
}

/// The rows of the tray under a Discovery puzzle, and the tiles in each.
const TRAY_ROW: f32 = 64.0;
const TRAY_PER_ROW: usize = 12;

/// A Discovery puzzle as its solver sees it: the title (the size and the loop's colour), where it stands (tiles
/// down, time, actions, or solved), the board (the solved loop outlined; `marks`' cells lettered, its hint ringed),
/// and the tiles still on the side; its words in `lang`.
pub fn render_discovery(layout: &discovery::Discovery, marks: &DiscoveryMarks, lang: Lang) -> RgbaImage {
    let colour = crate::i18n::phrase(lang, &super::phrases::colour(layout.colour()));
    let size = number(usize::from(layout.size()));
    let title = say(lang, "picture-discovery-title", &[("size", size.clone()), ("colour", text(&colour))]);
    let time = format!("{}:{:02}", marks.seconds / 60, marks.seconds % 60);
    let counts = [("time", text(&time)), ("actions", number(marks.actions as usize))];
    let solved = layout.is_solved();
    let sub = if solved {
        say(lang, "picture-discovery-solved", &counts)
    } else {
        let down = [("placed", number(layout.placed().len())), ("size", size)];
        let down = say(lang, "picture-discovery-placed", &down);
        format!("{down} · {}", say(lang, "picture-discovery-progress", &counts))
    };
    let board = layout.board();
    let chains =
        if solved { vec![(layout.colour(), board.best_chain(layout.colour()).cells)] } else { Vec::new() };
    let tray = layout.unplaced();
    let tray_note = tray.is_empty().then(|| say(lang, "picture-discovery-all-down", &[]));
    let solo = SoloPicture { board, title, sub, chains, tray, tray_note };
    render_solo(solo, marks)
}

/// A Solitaire as its player sees it: the day and its colour, where it stands (tiles down, the best chain of the
/// colour, outlined, and its score), the board (`marks`' cells lettered), and the tile drawn with how many are left.
pub fn render_solitaire(game: &super::solitaire::Solitaire, marks: &DiscoveryMarks, lang: Lang) -> RgbaImage {
    let colour = crate::i18n::phrase(lang, &super::phrases::colour(game.colour()));
    let title = say(lang, "picture-solitaire-title", &[("day", text(game.day())), ("colour", text(&colour))]);
    let time = format!("{}:{:02}", marks.seconds / 60, marks.seconds % 60);
    let (score, _, _) = game.chain();
    let counts = [
        ("placed", number(game.placed().len())),
        ("score", number(score as usize)),
        ("time", text(&time)),
        ("actions", number(marks.actions as usize)),
    ];
    let key = if game.is_over() { "picture-solitaire-over" } else { "picture-solitaire-progress" };
    let sub = say(lang, key, &counts);
    let board = game.board();
    let chains = if game.placed().is_empty() {
        Vec::new()
    } else {
        vec![(game.colour(), board.best_chain(game.colour()).cells)]
    };
    let left = game.stack().len().saturating_sub(1);
    let tray_note = Some(if game.drawn().is_some() {
        say(lang, "picture-solitaire-stack", &[("count", number(left))])
    } else {
        say(lang, "picture-discovery-all-down", &[])
    });
    let tray = game.drawn().into_iter().collect();
    render_solo(SoloPicture { board, title, sub, chains, tray, tray_note }, marks)
}

/// What a puzzle's picture shows: its header, its board and chains to outline, and the tiles on the side.
struct SoloPicture {
    board: Board,
    title: String,
    sub: String,
    chains: Vec<(Colour, Vec<Hex>)>,
    tray: Vec<Tile>,
    /// Said after the tiles on the side (or alone, when there are none).
    tray_note: Option<String>,
}

fn render_solo(solo: SoloPicture, marks: &DiscoveryMarks) -> RgbaImage {
    let SoloPicture { mut board, title, sub, chains, tray, tray_note } = solo;
    let mut last = Vec::new();
    if let Some(hint) = marks.hint.filter(|h| board.is_empty_cell(h.cell)) {
        board.put(hint);
        last.push(hint);
    }
    let (layout_px, board_h) = fit(&board, HEADER);
    let tray: Vec<Tile> = tray.into_iter().filter(|t| marks.hint.is_none_or(|h| h.tile != *t)).collect();
    let rows = tray.len().div_ceil(TRAY_PER_ROW).max(1);
    let height = (HEADER + board_h + 8.0 + TRAY_ROW * rows as f32 + 10.0).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, BACKGROUND);
    header(&mut canvas, &title, &sub);
    let view = BoardView { board: &board, last: &last, chains, puzzle: true };
    draw_board(&mut canvas, &view, layout_px);
    letter_cells(&mut canvas, layout_px, &marks.cells);
    let top = HEADER + board_h + 8.0;
    let step = (WIDTH as f32 - 2.0 * MARGIN) / TRAY_PER_ROW as f32;
    // The note after the tiles of a one-row tray, alone when there are none.
    let note_x = if tray.len() < TRAY_PER_ROW { MARGIN + step * tray.len() as f32 + 8.0 } else { MARGIN };
    let note_y = if tray.len() < TRAY_PER_ROW { top + 26.0 } else { top + TRAY_ROW * rows as f32 - 8.0 };
    if let Some(note) = tray_note {
        canvas.text_centered_v(note_x, note_y, 14.0, Weight::Regular, Align::Left, MUTED, &note);
    }
    for (i, &t) in tray.iter().enumerate() {
        let (row, col) = (i / TRAY_PER_ROW, i % TRAY_PER_ROW);
        let (cx, cy) = (MARGIN + step * (col as f32 + 0.5), top + TRAY_ROW * row as f32 + 26.0);
        stamp_tile(&mut canvas, t, 0, cx, cy, HAND_SIZE, Marks::default());
        let label = t.to_string();
        canvas.text_centered_v(
            cx,
            cy + HAND_SIZE * 0.87 + 8.0,
            13.0,
            Weight::Bold,
            Align::Center,
            INK,
            &label,
        );
    }
    canvas.into_image()
}

/// Rings and letters `cells` as a picker's options (see `pick::letters`).
fn letter_cells(canvas: &mut Canvas, layout: Layout, cells: &[Hex]) {
    let s = layout.size;
    for (i, &cell) in cells.iter().enumerate() {
        let (cx, cy) = layout.centre(cell);
        let r = (s * 0.52).max(10.0);
        canvas.fill_circle(cx, cy, r, rgb(0x0014_1414));
        canvas.fill_circle(cx, cy, r - 2.5, rgb(0x00ff_ffff));
        let size = (s * 0.5).clamp(10.0, 20.0);
        let letter = super::pick::letters(i);
        canvas.text_centered_v(cx, cy, size, Weight::Bold, Align::Center, rgb(0x0014_1414), &letter);
    }
}

/// The picker's picture of the places for one tile: the board with each legal cell ringed dark and light and
/// lettered as the picker's options are (see `pick::letters`).
pub(super) fn render_cells(game: &Game, cells: &[Hex], names: &[String], lang: Lang) -> RgbaImage {
    let (layout, _) = fit(game.board(), HEADER);
    let mut canvas = Canvas::from_image(render_ended(game, names, lang, None));
    letter_cells(&mut canvas, layout, cells);
    canvas.into_image()
}

/// A puzzle's picture of a piece's turns (a tile's rotations, see [`render_rotations`]); a 1-pixel image for a
/// number that is no tile.
pub(super) fn render_piece_turns(piece: u8, turns: &[u8], lang: Lang) -> RgbaImage {
    match Tile::new(piece) {
        Some(t) => render_rotations(t, turns, lang),
        None => RgbaImage::new(1, 1),
    }
}

/// The picker's picture of a tile's legal rotations, side by side, each lettered under it.
pub fn render_rotations(tile: Tile, rotations: &[u8], lang: Lang) -> RgbaImage {
    const CELL: f32 = 130.0;
    let count = rotations.len().max(1);
    let width = (CELL * count as f32) as u32;
    let mut canvas = Canvas::new(width.max(260), 190, BACKGROUND);
    let heading = say(lang, "picture-tantrix-rotations", &[("tile", text(&tile.to_string()))]);
    canvas.text(10.0, 8.0, 16.0, Weight::Bold, Align::Left, rgb(0x0014_1414), &heading);
    for (i, &rot) in rotations.iter().enumerate() {
        let cx = CELL * (i as f32 + 0.5);
        stamp_tile(&mut canvas, tile, rot, cx, 95.0, 48.0, Marks::default());
        let letter = super::pick::letters(i);
        canvas.text_centered_v(cx, 170.0, 20.0, Weight::Bold, Align::Center, rgb(0x0014_1414), &letter);
    }
    canvas.into_image()
}

/// Draws a bare position (for the command line): the board with `last` marked, and the hand of the player to
/// move; its words in `lang`.
pub(crate) fn render_position(pos: &Position, last: &[Placement], lang: Lang) -> RgbaImage {
    let (layout, board_h) = fit(pos.board(), HEADER);
    let height = (HEADER + board_h + 8.0 + ROW + 10.0).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, BACKGROUND);
    let scores = pos.scores();
    let table: Vec<String> = scores.iter().map(|(c, s)| format!("{} {s}", c.letter())).collect();
    let forced = pos.board().forced_spaces().len();
    let counts = [("count", number(pos.board().len())), ("bag", number(usize::from(pos.bag())))];
    let title = say(lang, "picture-tantrix-position", &counts);
    let chains = table.join("  ");
    let sub = say(
        lang,
        "picture-tantrix-position-status",
        &[("chains", text(&chains)), ("forced", number(forced))],
    );
    header(&mut canvas, &title, &sub);
    let view = BoardView { board: pos.board(), last, chains: Vec::new(), puzzle: false };
    draw_board(&mut canvas, &view, layout);
    let label = say(lang, "picture-tantrix-hand", &[]);
    let row =
        HandRow { lang, label: (&label, ""), colour: None, score: None, hand: pos.hand(), to_move: true };
    draw_hand(&mut canvas, &row, HEADER + board_h + 8.0);
    canvas.into_image()
}

/// Tantrix's fixed palette: every colour above exactly, the caption band's, then the edge shades of sample
/// games of two, three and four players (their ends outline the best chains).
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
    let mut base = vec![BACKGROUND, INK, MUTED, GRID, MARK, ROW_HIGHLIGHT, rgb(0x00ff_ffff)];
    base.extend(Colour::ALL.iter().map(|&c| band(c)));
    base.extend(super::tile_picture::COLOURS);
    let setups: Vec<Setup> = (2..=4).map(|seats| Setup { variant: String::new(), seed: 0, seats }).collect();
    Palette::from_counts(&[&base[..], &CAPTION_COLOURS[..]].concat(), palette_samples::<Game>(&setups))
        .at_most(TANTRIX_COLOURS)
        .compressed_faster()
});

/// The entries of Tantrix's palette (see [`Palette::at_most`]).
const TANTRIX_COLOURS: usize = 160;

/// The palette every Tantrix picture is encoded in.
pub fn palette() -> &'static Palette {
    &PALETTE
}

impl Picture for Game {
    fn render_ended(&self, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
        render_ended(self, names, lang, ended)
    }

    fn palette() -> &'static Palette {
        palette()
    }

    fn text_picture(&self, names: &[String], lang: Lang, ended: Option<&str>) -> String {
        text_picture(self, names, lang, ended)
    }

    fn replay_frames(
        &self,
        moves: &[String],
        names: (&[String], Option<&str>),
        lang: Lang,
        frame: &mut dyn FnMut(RgbaImage),
    ) -> Result<(), MoveError> {
        replay_frames(self, moves, names, lang, frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Setup;

    #[test]
    fn a_long_name_ends_before_the_hand() {
        let game = Game::new(&Setup { variant: String::new(), seed: 4, seats: 2 }).unwrap();
        let plain = render(&game, &["al".to_string(), "bo".to_string()], Lang::En);
        let step = HAND_SIZE * 2.0 + 12.0;
        let first_tile = WIDTH as f32 - MARGIN - 6.0 * step + step / 2.0 - HAND_SIZE;
        for names in [["W".repeat(32), "漢字".repeat(16)], ["😀".repeat(32), "Ｗｉｄｅ　ｎａｍｅ".repeat(3)]]
        {
            let long = render(&game, &names, Lang::En);
            assert_eq!(plain.dimensions(), long.dimensions());
            let hands = plain.height() - (2.0 * ROW + 10.0) as u32;
            for y in hands..plain.height() {
                for x in (first_tile - 3.0) as u32..WIDTH {
                    assert_eq!(long.get_pixel(x, y), plain.get_pixel(x, y), "{names:?}: {x},{y}");
                }
            }
        }
    }
}
