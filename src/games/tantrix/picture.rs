//! The Tantrix picture: black flat-topped tiles with thick coloured bands (sharp curves around a corner, gentle
//! curves around the hex two edges away, straights), the board scaled to fit, the free cells labelled `q,r`,
//! forced spaces hatched, the last turn's tiles ringed in white, and each hand below with its player's score.
//!
//! Each tile is drawn in one pass over its pixels: the hex face, then each band with a thin dark outline so
//! crossings read, blended with anti-aliased coverage from signed distances.

use image::RgbaImage;

use crate::render::canvas::{Align, Canvas, Color, Weight, rgb, short_name, text_width};
use crate::games::{Engine, MoveError};
use crate::games::tantrix::{Board, Colour, Dir, Game, Hex, Placement, Position, Tile};

const WIDTH: u32 = 880;
const MARGIN: f32 = 18.0;
const HEADER: f32 = 58.0;
const MAX_BOARD_HEIGHT: f32 = 600.0;
const MAX_SIZE: f32 = 46.0;
const ROW: f32 = 76.0;
const HAND_SIZE: f32 = 24.0;

const BACKGROUND: Color = rgb(0x00e4_ded0);
const INK: Color = rgb(0x001e_1c1a);
const MUTED: Color = rgb(0x006b_655c);
const FACE: Color = rgb(0x0014_1414);
const OUTLINE: Color = FACE;
const FORCED_FILL: Color = rgb(0x00b8_660b);
const GRID: Color = rgb(0x004a_4a4a);
const MARK: Color = rgb(0x00ff_ffff);
const ROW_HIGHLIGHT: Color = rgb(0x00f5_f1e8);

const SQRT3: f32 = 1.732_050_8;

/// The fill colour of a band.
fn band(c: Colour) -> Color {
    match c {
        Colour::Red => rgb(0x00e0_312b),
        Colour::Blue => rgb(0x002f_6fe0),
        Colour::Yellow => rgb(0x00f7_d52a),
        Colour::Green => rgb(0x0026_a046),
    }
}

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

/// Signed distance to a flat-topped hex of circumradius `s` centred at the origin.
fn hex_sdf(x: f32, y: f32, s: f32) -> f32 {
    let (x, y) = (x.abs(), y.abs());
    let apothem = s * SQRT3 / 2.0;
    // Edges: the top (y = apothem) and the slanted one with normal (sqrt3/2, 1/2).
    (y - apothem).max(x * SQRT3 / 2.0 + y / 2.0 - apothem)
}

/// The unit direction of the middle of edge `e` (y down).
fn edge_dir(e: Dir) -> (f32, f32) {
    let a = (-90.0 + 60.0 * e.index() as f32).to_radians();
    (a.cos(), a.sin())
}

/// One band of a tile, in coordinates relative to the tile's centre.
#[derive(Clone, Copy)]
enum Shape {
    /// A circular arc: centre and radius (the part inside the hex is the band).
    Arc { cx: f32, cy: f32, r: f32 },
    /// A straight segment through the centre.
    Line { ax: f32, ay: f32, bx: f32, by: f32 },
}

impl Shape {
    fn of(a: Dir, b: Dir, s: f32) -> Shape {
        let apothem = s * SQRT3 / 2.0;
        let (lo, hi) = (a.min(b), a.max(b));
        match lo.steps_cw_to(hi) {
            steps @ (1 | 5) => {
                // The corner shared by the two edges: the one clockwise after the first of them.
                let first = if steps == 1 { lo } else { hi };
                let ang = (300.0 + 60.0 * first.index() as f32).to_radians();
                Shape::Arc { cx: s * ang.cos(), cy: s * ang.sin(), r: s / 2.0 }
            }
            steps @ (2 | 4) => {
                // Centred on the neighbour across the edge between them.
                let middle = if steps == 2 { lo.rotate_cw(1) } else { hi.rotate_cw(1) };
                let (dx, dy) = edge_dir(middle);
                Shape::Arc { cx: dx * 2.0 * apothem, cy: dy * 2.0 * apothem, r: 1.5 * s }
            }
            _ => {
                let (ax, ay) = edge_dir(a);
                let (bx, by) = edge_dir(b);
                Shape::Line { ax: ax * apothem, ay: ay * apothem, bx: bx * apothem, by: by * apothem }
            }
        }
    }

    /// Distance from the band's centre line.
    fn distance(self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Arc { cx, cy, r } => ((x - cx).hypot(y - cy) - r).abs(),
            Shape::Line { ax, ay, bx, by } => {
                let (ex, ey) = (bx - ax, by - ay);
                ((x - ax) * ey - (y - ay) * ex).abs() / ex.hypot(ey)
            }
        }
    }

    /// A position along the band (in pixels), for dash patterns.
    fn along(self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Arc { cx, cy, r } => (y - cy).atan2(x - cx) * r,
            Shape::Line { ax, ay, bx, by } => {
                let (ex, ey) = (bx - ax, by - ay);
                ((x - ax) * ex + (y - ay) * ey) / ex.hypot(ey)
            }
        }
    }
}

fn mix(dst: [f32; 3], src: Color, a: f32) -> [f32; 3] {
    let a = a * f32::from(src.0[3]) / 255.0;
    std::array::from_fn(|i| dst[i] + (f32::from(src.0[i]) - dst[i]) * a)
}

/// How a tile is decorated beyond its bands.
#[derive(Clone, Copy, Default)]
struct Marks {
    /// Ringed in white: placed in the last turn.
    last: bool,
    /// Colour whose band is part of a best chain (outlined in white).
    chain: [bool; 4],
}

fn colour_slot(c: Colour) -> usize {
    match c {
        Colour::Red => 0,
        Colour::Blue => 1,
        Colour::Yellow => 2,
        Colour::Green => 3,
    }
}

/// Draws a tile turned `rot` centred at `(cx, cy)` with circumradius `s`.
fn draw_tile(canvas: &mut Canvas, tile: Tile, rot: u8, cx: f32, cy: f32, s: f32, marks: Marks) {
    // Slightly more than the hex, so touching tiles leave no seam.
    let face = s + 0.4;
    let width = (s * 0.24).max(3.0);
    let outline = (s * 0.055).max(1.0);
    let paths: Vec<(Colour, Shape)> = tile
        .paths()
        .iter()
        .map(|p| (p.colour, Shape::of(p.a.rotate_cw(rot), p.b.rotate_cw(rot), s)))
        .collect();
    let ring = (s * 0.09).max(2.0);
    let x0 = (cx - s - 1.0).floor() as i32;
    let x1 = (cx + s + 1.0).ceil() as i32;
    let y0 = (cy - s - 1.0).floor() as i32;
    let y1 = (cy + s + 1.0).ceil() as i32;
    for py in y0..=y1 {
        for px in x0..=x1 {
            let (x, y) = (px as f32 + 0.5 - cx, py as f32 + 0.5 - cy);
            let d_hex = hex_sdf(x, y, face);
            let cover = (0.5 - d_hex).clamp(0.0, 1.0);
            if cover <= 0.0 {
                continue;
            }
            let mut col = [f32::from(FACE.0[0]), f32::from(FACE.0[1]), f32::from(FACE.0[2])];
            for &(colour, shape) in &paths {
                let d = shape.distance(x, y);
                let highlighted = marks.chain[colour_slot(colour)];
                let (edge_col, edge_w) = if highlighted { (MARK, outline * 1.8) } else { (OUTLINE, outline) };
                let a_out = (0.5 - (d - width / 2.0 - edge_w)).clamp(0.0, 1.0);
                if a_out <= 0.0 {
                    continue;
                }
                col = mix(col, edge_col, a_out);
                let a_in = (0.5 - (d - width / 2.0)).clamp(0.0, 1.0);
                col = mix(col, band(colour), a_in);
                // Green carries a dashed dark centre line, so red and green differ without colour vision.
                if colour == Colour::Green && d < width * 0.12 + 1.0 {
                    let along = shape.along(x, y);
                    let period = (s * 0.32).max(5.0);
                    let phase = along.rem_euclid(period) / period;
                    if phase < 0.5 {
                        let a_dash = (0.5 - (d - width * 0.12)).clamp(0.0, 1.0) * 0.75;
                        col = mix(col, INK, a_dash * a_in);
                    }
                }
            }
            if marks.last {
                let a_ring = (0.5 - (d_hex + ring * 0.2).abs() + ring / 2.0).clamp(0.0, 1.0);
                col = mix(col, MARK, a_ring);
            }
            let c = image::Rgba([col[0].round() as u8, col[1].round() as u8, col[2].round() as u8, 255]);
            canvas.blend(px, py, c, cover);
        }
    }
}

/// A forced space: filled in dark amber, which stands out from the background in colour and in grey.
fn draw_forced(canvas: &mut Canvas, cx: f32, cy: f32, s: f32) {
    let face = s * 0.965;
    canvas.fill_sdf((cx - s, cy - s, cx + s, cy + s), FORCED_FILL, |x, y| hex_sdf(x - cx, y - cy, face));
}

/// What the board part of the picture shows.
struct BoardView<'a> {
    board: &'a Board,
    last: &'a [Placement],
    /// Cells of the best chains to outline, with their colours.
    chains: Vec<(Colour, Vec<Hex>)>,
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
        let forced = view.board.neighbour_count(h) >= 3;
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
        draw_tile(canvas, p.tile, p.rot, cx, cy, s, marks);
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
    label: &'a str,
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
    canvas.text_centered_v(x, mid - 10.0, 17.0, weight, Align::Left, INK, row.label);
    let mut info = String::new();
    if let Some(score) = row.score {
        info = format!("score {score}");
    }
    if row.to_move {
        info.push_str(if info.is_empty() { "to place" } else { " · to place" });
    }
    canvas.text_centered_v(x, mid + 14.0, 13.0, Weight::Regular, Align::Left, MUTED, &info);
    let step = HAND_SIZE * 2.0 + 12.0;
    let start = WIDTH as f32 - MARGIN - 6.0 * step + step / 2.0;
    if row.hand.is_empty() {
        canvas.text_centered_v(start, mid, 13.0, Weight::Regular, Align::Left, MUTED, "no tiles");
    }
    for (i, &t) in row.hand.iter().enumerate() {
        let cx = start + step * i as f32;
        draw_tile(canvas, t, 0, cx, mid - 8.0, HAND_SIZE, Marks::default());
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
    let mut title = title.to_string();
    while text_width(19.0, Weight::Bold, &title) > WIDTH as f32 - 2.0 * MARGIN && title.chars().count() > 4 {
        title.pop();
    }
    canvas.text_centered_v(MARGIN, 20.0, 19.0, Weight::Bold, Align::Left, INK, &title);
    canvas.text_centered_v(MARGIN, 44.0, 14.0, Weight::Regular, Align::Left, MUTED, sub);
}

/// Draws a game for its players (`names[seat]`): header, board, and every hand with its player's score.
pub fn render(game: &Game, names: &[String]) -> RgbaImage {
    render_fitted(game, names, fit(game.board(), HEADER))
}

/// The frames of a replay from `game`: every frame laid out for the board at the end of `moves`, so that the
/// tiles keep their place and size from frame to frame and the picture its height.
pub fn replay_frames(
    game: &Game,
    moves: &[String],
    names: &[String],
    frame: &mut dyn FnMut(RgbaImage),
) -> Result<(), MoveError> {
    let mut last = game.clone();
    for m in moves {
        last.play_text(m)?;
    }
    let fitted = fit(last.board(), HEADER);
    let mut game = game.clone();
    frame(render_fitted(&game, names, fitted));
    for m in moves {
        game.play_text(m)?;
        frame(render_fitted(&game, names, fitted));
    }
    Ok(())
}

/// Draws `game` with the board laid out as `(layout, board height)` says.
fn render_fitted(game: &Game, names: &[String], (layout, board_h): (Layout, f32)) -> RgbaImage {
    let name = |seat: usize| {
        let colour = game.colours()[seat].title();
        match short_name(names.get(seat).map(String::as_str), 16) {
            Some(n) => format!("{n} ({colour})"),
            None => colour.to_string(),
        }
    };
    let seats = game.colours().len();
    let height = (HEADER + board_h + 8.0 + ROW * seats as f32 + 10.0).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, BACKGROUND);
    let scores = game.scores();
    let outcome = game.outcome();
    let title = match (&outcome, game.to_move()) {
        (Some(o), _) => match o.winner {
            Some(w) => format!("Tantrix · game over · {} wins with {}", name(w), scores[w]),
            None => "Tantrix · game over · draw".to_string(),
        },
        (None, Some(seat)) => format!("Tantrix · turn {} · {} to place", game.move_number(), name(seat)),
        (None, None) => "Tantrix".to_string(),
    };
    let forced_due = game.to_move().is_some() && !game.position().forced_fills().is_empty();
    let sub = if let Some(o) = &outcome {
        o.reason.to_string()
    } else {
        let step = if forced_due {
            "fill a forced space (amber)"
        } else if game.board().is_empty() {
            "place the first tile on 0,0"
        } else {
            "free move: any labelled cell"
        };
        format!("bag: {} tiles · {step} · white rings: last turn · write tile@q,r:k", game.bag_len())
    };
    header(&mut canvas, &title, &sub);
    let chains = if outcome.is_some() {
        game.colours().iter().zip(game.best_chains()).map(|(&c, chain)| (c, chain.cells)).collect()
    } else {
        Vec::new()
    };
    let view = BoardView { board: game.board(), last: game.last_turn(), chains };
    draw_board(&mut canvas, &view, layout);
    let top = HEADER + board_h + 8.0;
    for (seat, &score) in scores.iter().enumerate() {
        let label = name(seat);
        let row = HandRow {
            label: &label,
            colour: Some(game.colours()[seat]),
            score: Some(score),
            hand: &game.hands()[seat],
            to_move: game.to_move() == Some(seat),
        };
        draw_hand(&mut canvas, &row, top + ROW * seat as f32);
    }
    canvas.into_image()
}

/// Draws a bare position (for the command line): the board with `last` marked, and the hand of the player to move.
pub fn render_position(pos: &Position, last: &[Placement]) -> RgbaImage {
    let (layout, board_h) = fit(pos.board(), HEADER);
    let height = (HEADER + board_h + 8.0 + ROW + 10.0).ceil() as u32;
    let mut canvas = Canvas::new(WIDTH, height, BACKGROUND);
    let scores = pos.scores();
    let table: Vec<String> = scores.iter().map(|(c, s)| format!("{} {s}", c.letter())).collect();
    let forced = pos.board().forced_spaces().len();
    header(
        &mut canvas,
        &format!("Tantrix · {} tiles · bag {}", pos.board().len(), pos.bag()),
        &format!("best chains: {} · forced spaces: {forced} · white rings: last moves", table.join("  ")),
    );
    let view = BoardView { board: pos.board(), last, chains: Vec::new() };
    draw_board(&mut canvas, &view, layout);
    let row = HandRow { label: "Hand to place", colour: None, score: None, hand: pos.hand(), to_move: true };
    draw_hand(&mut canvas, &row, HEADER + board_h + 8.0);
    canvas.into_image()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_sdf_is_zero_on_the_edges() {
        let s = 10.0;
        assert!(hex_sdf(0.0, 0.0, s) < 0.0);
        assert!(hex_sdf(s, 0.0, s).abs() < 1e-4, "a vertex lies on the outline");
        assert!(
            hex_sdf(0.0, s * SQRT3 / 2.0, s).abs() < 1e-4,
            "the middle of the top edge lies on the outline"
        );
    }

    #[test]
    fn bands_meet_the_middle_of_their_edges() {
        let s = 20.0;
        for a in Dir::ALL {
            for b in Dir::ALL {
                if a == b {
                    continue;
                }
                let shape = Shape::of(a, b, s);
                for e in [a, b] {
                    let (dx, dy) = edge_dir(e);
                    let m = (dx * s * SQRT3 / 2.0, dy * s * SQRT3 / 2.0);
                    let d = shape.distance(m.0, m.1);
                    assert!(d < 1e-3, "path {a}-{b} misses the middle of edge {e} by {d}");
                }
            }
        }
    }
}
