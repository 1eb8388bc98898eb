//! The TZAAR picture: a header (status, players, each side's Tzaars, Tzarras and Totts), the hexagonal board with
//! its lines, the centre hole and coordinates on every edge, the stacks, and the last turn marked.
//!
//! Speed: everything that never changes (the board, its lines and labels) is drawn once and cached; pieces, height
//! badges and marks are cached sprites composited at whole pixels, so a render is mostly memory copies. Its words
//! are in the language it is given (`assets/locales/*/pictures.ftl`).

use std::sync::LazyLock;

use image::RgbaImage;

use crate::games::Engine;
use crate::games::Setup;
use crate::games::registry::palette_samples;
use crate::games::tzaar::{Direction, Game, Kind, Move, Phase, Point, Side};
use crate::i18n::Lang;
use crate::render::canvas::{
    Align, Canvas, Color, Sprite, Weight, convex_sdf, fit_text, rgb, short_name, with_alpha,
};
use crate::render::words::{number, say, text};
use crate::render::{CAPTION_COLOURS, Palette};
use crate::text::isolate;

/// Picture width.
const WIDTH: u32 = 680;
/// Height of the header band.
const HEADER: u32 = 100;
/// Distance between neighbouring points.
const SPACING: f32 = 55.0;
/// Horizontal distance between columns.
const COLUMN: f32 = SPACING * 0.866_025_4;
/// Radius of a piece.
const RADIUS: f32 = SPACING * 0.40;
/// Picture height.
const HEIGHT: u32 = HEADER + (10.0 * SPACING) as u32 + 44;
/// Pixel centre of the hole.
const CX: f32 = WIDTH as f32 / 2.0;
const CY: f32 = HEADER as f32 + 5.0 * SPACING + 20.0;

const BACKGROUND: Color = rgb(0x00ee_ebe4);
const BOARD: Color = rgb(0x00dc_bf8c);
const LINE: Color = rgb(0x00b9_9b67);
const HOLE: Color = rgb(0x006f_5634);
const LABEL: Color = rgb(0x005e_4a30);
const TEXT: Color = rgb(0x0022_2222);
const LAST_MOVE: Color = rgb(0x0018_64ab);
const CAPTURE: Color = rgb(0x00d9_262b);
const BADGE: Color = rgb(0x0016_306e);
const HIGHLIGHT: Color = rgb(0x00ff_f1b8);
const HIGHLIGHT_EDGE: Color = rgb(0x00d9_a400);
const DANGER: Color = rgb(0x00c9_2a2a);

/// The colours of one side's pieces.
struct Colours {
    body: Color,
    /// The lower pieces of a stack.
    edge: Color,
    mark: Color,
}

fn colours(side: Side) -> Colours {
    match side {
        Side::White => Colours { body: rgb(0x00f7_f3e8), edge: rgb(0x009d_917a), mark: rgb(0x0094_580f) },
        Side::Black => Colours { body: rgb(0x002a_2a2e), edge: rgb(0x0064_646c), mark: rgb(0x00ee_bd4a) },
    }
}

/// The pixel centre of a point: columns upright, `A` on the left, row 1 at the bottom.
fn center(p: Point) -> (f32, f32) {
    let (x, y) = p.xy();
    center_xy(x as f32, y as f32)
}

fn center_xy(x: f32, y: f32) -> (f32, f32) {
    (CX + (x - 4.0) * COLUMN, CY - (y - x / 2.0 - 2.0) * SPACING)
}

/// Draws one piece (the top of a stack): a disc, with a dot for a Tzarra and a crown ring and dot for a Tzaar.
/// Without a kind, the darker disc that shows a stack's lower pieces. (Flat shapes with few edges keep the PNG
/// small.)
fn draw_piece(c: &mut Canvas, x: f32, y: f32, r: f32, side: Side, kind: Option<Kind>) {
    let pal = colours(side);
    let Some(kind) = kind else {
        c.fill_circle(x, y, r, pal.edge);
        return;
    };
    c.fill_circle(x, y, r, pal.body);
    match kind {
        Kind::Tott => {}
        Kind::Tzarra => c.fill_circle(x, y, r * 0.36, pal.mark),
        Kind::Tzaar => {
            c.stroke_circle(x, y, r * 0.58, r * 0.17, pal.mark);
            c.fill_circle(x, y, r * 0.24, pal.mark);
        }
    }
}

/// A small piece for the header, outlined so that white reads on the light background.
fn icon(c: &mut Canvas, x: f32, y: f32, r: f32, side: Side, kind: Kind) {
    c.fill_circle(x, y, r + 1.2, rgb(0x0057_504a));
    draw_piece(c, x, y, r, side, Some(kind));
}

struct Sprites {
    /// `[side][kind]` top pieces, then `[side][3]` a plain layer drawn under the top of a stack.
    pieces: [[Sprite; 4]; 2],
    /// Height badges for 2..=30, at index `height`.
    badges: Vec<Sprite>,
    capture: Sprite,
}

static SPRITES: LazyLock<Sprites> = LazyLock::new(|| {
    let size = (2.0 * RADIUS + 4.0).ceil() as u32;
    let piece =
        |side: Side, kind: Option<Kind>| Sprite::new(size, |c, m| draw_piece(c, m, m, RADIUS, side, kind));
    let set = |side: Side| {
        [
            piece(side, Some(Kind::Tzaar)),
            piece(side, Some(Kind::Tzarra)),
            piece(side, Some(Kind::Tott)),
            piece(side, None),
        ]
    };
    let br = RADIUS * 0.44;
    let badges = (0..=30)
        .map(|h: u32| {
            Sprite::new((2.0 * br + 6.0).ceil() as u32, |c, m| {
                c.fill_circle(m, m, br + 2.0, rgb(0x00ff_ffff));
                c.fill_circle(m, m, br, BADGE);
                let size = if h >= 10 { br * 1.05 } else { br * 1.3 };
                c.text_centered_v(m, m, size, Weight::Bold, Align::Center, rgb(0x00ff_ffff), &h.to_string());
            })
        })
        .collect();
    let cr = RADIUS * 0.36;
    let capture = Sprite::new((2.0 * cr + 6.0).ceil() as u32, |c, m| {
        c.fill_circle(m, m, cr + 2.0, rgb(0x00ff_ffff));
        c.fill_circle(m, m, cr, CAPTURE);
        let k = cr * 0.45;
        c.line((m - k, m - k), (m + k, m + k), cr * 0.3, rgb(0x00ff_ffff));
        c.line((m - k, m + k), (m + k, m - k), cr * 0.3, rgb(0x00ff_ffff));
    });
    Sprites { pieces: [set(Side::White), set(Side::Black)], badges, capture }
});

/// The hexagon's corners at distance `r` from the centre (corner directions of the board).
fn hexagon(r: f32) -> [(f32, f32); 6] {
    let mut pts = [(0.0, 0.0); 6];
    for (i, pt) in pts.iter_mut().enumerate() {
        let a = std::f32::consts::FRAC_PI_3 * i as f32 + std::f32::consts::FRAC_PI_6;
        *pt = (CX + r * a.cos(), CY + r * a.sin());
    }
    pts
}

/// Fills a convex polygon quickly: inner spans are filled flat, only pixels near an edge use the distance.
fn fill_convex_fast(c: &mut Canvas, points: &[(f32, f32)], color: Color) {
    let ((x0, y0, x1, y1), sdf) = convex_sdf(points);
    for y in (y0.floor() as i32 - 1)..=(y1.ceil() as i32 + 1) {
        let fy = y as f32 + 0.5;
        let mut x = x0.floor() as i32 - 1;
        while x <= x1.ceil() as i32 + 1 {
            let d = sdf(x as f32 + 0.5, fy);
            if d < -1.0 {
                // Deep inside: skip ahead by the distance, filling flat.
                let run = (-d - 0.5).floor().max(1.0) as i32;
                for k in 0..run {
                    c.blend(x + k, y, color, 1.0);
                }
                x += run;
                continue;
            }
            c.blend(x, y, color, (0.5 - d).clamp(0.0, 1.0));
            x += 1;
        }
    }
}

/// The board without pieces: background, hexagon, lines, hole and coordinates. Drawn once.
static BOARD_LAYER: LazyLock<RgbaImage> = LazyLock::new(|| {
    let mut c = Canvas::new(WIDTH, HEIGHT, BACKGROUND);
    fill_convex_fast(&mut c, &hexagon(4.0 * SPACING + 0.62 * SPACING), BOARD);
    for p in Point::all() {
        for d in [Direction::N, Direction::NE, Direction::SE] {
            if let Some(q) = p.step(d) {
                c.line(center(p), center(q), 1.2, LINE);
            }
        }
    }
    // The centre hole: a small dark hexagon that no line crosses.
    fill_convex_fast(&mut c, &hexagon(SPACING * 0.42), HOLE);
    c.stroke_polygon(&hexagon(SPACING * 0.42), 2.0, LINE);
    // Column letters under and over each column; row numbers at both ends of each row line.
    let size = 16.0;
    for col in 0..9usize {
        let letter = ((b'A' + col as u8) as char).to_string();
        let first = Point::from_column_row(col, 1).expect("row 1 exists");
        let (x, y) = first.xy();
        let (px, py) = center_xy(x as f32, y as f32 - 0.9);
        c.text_centered_v(px, py, size, Weight::Bold, Align::Center, LABEL, &letter);
    }
    for row in 1..=9usize {
        let on_row: Vec<Point> = (0..9).filter_map(|col| Point::from_column_row(col, row)).collect();
        let (Some(&left), Some(&right)) = (on_row.first(), on_row.last()) else { continue };
        let (lx, ly) = left.xy();
        let (rx, ry) = right.xy();
        let text = row.to_string();
        let (px, py) = center_xy(lx as f32 - 0.9, ly as f32);
        c.text_centered_v(px, py, size, Weight::Bold, Align::Center, LABEL, &text);
        let (px, py) = center_xy(rx as f32 + 0.9, ry as f32 + 0.9);
        c.text_centered_v(px, py, size, Weight::Bold, Align::Center, LABEL, &text);
    }
    c.into_image()
});

/// Why the game ended, as the status line shows it, in `lang`.
fn ending(lang: Lang, game: &Game) -> Option<String> {
    game.end_description().map(|why| crate::i18n::phrase(lang, &why))
}

/// The text of the status line, in `lang`, with the players' names as `name` writes them.
fn status(game: &Game, name: &dyn Fn(Side) -> String, lang: Lang) -> String {
    let pos = game.position();
    if let (Some(end), Some(why)) = (game.end(), ending(lang, game)) {
        let winner = end.winner();
        return say(
            lang,
            "picture-tzaar-wins",
            &[
                ("player", text(&name(winner))),
                ("side", text(&side_word(lang, winner))),
                ("reason", text(&why)),
            ],
        );
    }
    let side = pos.to_move();
    let phase = match pos.phase() {
        Phase::Opening => say(lang, "picture-tzaar-opening", &[]),
        Phase::Capture => say(lang, "picture-tzaar-capture", &[]),
        Phase::Second => say(lang, "picture-tzaar-second", &[]),
    };
    say(
        lang,
        "picture-tzaar-to-move",
        &[("number", number(game.turn())), ("side", text(&side_word(lang, side))), ("phase", text(&phase))],
    )
}

/// A side's name on the picture ("White"), in `lang`.
fn side_word(lang: Lang, side: Side) -> String {
    match side {
        Side::White => say(lang, "picture-side-white", &[]),
        Side::Black => say(lang, "picture-side-black", &[]),
    }
}

fn name(names: &[String], side: Side, lang: Lang) -> String {
    short_name(names.get(side.seat()).map(String::as_str), 16).unwrap_or_else(|| side_word(lang, side))
}

/// In a side's box of the header: where its name starts, the radius of a count's piece, the step from one count
/// to the next, where the first count's piece starts (its left edge, from the box's left), and the least room
/// between the name and it.
const NAME_FROM: f32 = 14.0;
const ICON: f32 = 11.0;
const COUNT_STEP: f32 = 62.0;
const COUNTS_FROM: f32 = WIDTH as f32 / 2.0 - 30.0 - 2.0 * COUNT_STEP - 36.0 - ICON - 1.2;
const NAME_GAP: f32 = 10.0;

/// The header band: status line (how the game `ended`, when its moves did not end it), then each side with its
/// name and its count of each type on top.
fn header(game: &Game, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
    let mut c = Canvas::new(WIDTH, HEADER, BACKGROUND);
    let pos = game.position();
    let over = game.outcome();
    // Drawn, the name is isolated from the sentence (a right-to-left name keeps the sentence's order).
    let isolated = |side: Side| isolate(&name(names, side, lang));
    let status = ended.map_or_else(|| status(game, &isolated, lang), str::to_string);
    let (size, line) = fit_text(&status, WIDTH as f32 - 32.0, 20.0, 14.0, Weight::Bold);
    c.text_centered_v(WIDTH as f32 / 2.0, 22.0, size, Weight::Bold, Align::Center, TEXT, &line);
    let half = WIDTH as f32 / 2.0;
    for side in Side::BOTH {
        let x0 = if side == Side::White { 12.0 } else { half + 6.0 };
        let (top, bottom) = (46.0, 90.0);
        let mid = f32::midpoint(top, bottom);
        let active = match &over {
            Some(o) => o.winner == Some(side.seat()),
            None => ended.is_none() && pos.to_move() == side,
        };
        if active {
            c.fill_rounded_rect(x0, top, x0 + half - 18.0, bottom, 10.0, HIGHLIGHT_EDGE);
            c.fill_rounded_rect(x0 + 2.0, top + 2.0, x0 + half - 20.0, bottom - 2.0, 8.0, HIGHLIGHT);
        }
        let weight = if active { Weight::Bold } else { Weight::Regular };
        // The name shrinks, then is cut, to end before the first count's piece.
        let room = COUNTS_FROM - NAME_FROM - NAME_GAP;
        let (size, name) = fit_text(&name(names, side, lang), room, 17.0, 11.0, weight);
        c.text_centered_v(x0 + NAME_FROM, mid, size, weight, Align::Left, TEXT, &name);
        let mut x = x0 + half - 30.0;
        for kind in [Kind::Tott, Kind::Tzarra, Kind::Tzaar] {
            let n = pos.count(side, kind);
            let colour = if n <= 1 { DANGER } else { TEXT };
            c.text_centered_v(x, mid, 16.0, Weight::Bold, Align::Right, colour, &n.to_string());
            icon(&mut c, x - 36.0, mid, ICON, side, kind);
            x -= COUNT_STEP;
        }
    }
    c.into_image()
}

/// Draws `game` for players `names[seat]` (seat 0 White, seat 1 Black), its words in `lang`.
pub fn render(game: &Game, names: &[String], lang: Lang) -> RgbaImage {
    render_ended(game, names, lang, None)
}

/// The picker's picture: the board (after the turn's capture, once it is chosen) with the stacks that can be
/// chosen next ringed dark and light, and the stacks chosen so far ringed thick in yellow with a dark edge, so
/// that both read in greyscale.
pub(super) fn render_pick(
    game: &Game,
    paths: &[crate::games::pick::PickPath],
    chosen: &[&str],
    names: &[String],
    lang: Lang,
) -> RgbaImage {
    let mut shown = game.clone();
    let mut marked = chosen;
    if game.position().phase() != Phase::Second && chosen.len() >= 2 {
        if let Ok(mv) = format!("{}x{}", chosen[0], chosen[1]).parse::<Move>()
            && game.position().check(mv).is_ok()
        {
            shown.apply(mv);
        }
        marked = &chosen[2..];
    }
    let mut img = Canvas::from_image(render_ended(&shown, names, lang, None));
    for p in marked.iter().filter_map(|v| v.parse::<Point>().ok()) {
        let (x, y) = center(p);
        img.stroke_circle(x, y, RADIUS + 3.0, 8.0, TEXT);
        img.stroke_circle(x, y, RADIUS + 3.0, 4.0, HIGHLIGHT_EDGE);
    }
    let next = paths.iter().filter(|path| {
        path.choices.len() > chosen.len() && path.choices.iter().zip(chosen).all(|(c, v)| c.value == *v)
    });
    let mut seen = Vec::new();
    for choice in next.map(|path| &path.choices[chosen.len()]) {
        let Ok(p) = choice.value.parse::<Point>() else { continue };
        if seen.contains(&p) {
            continue;
        }
        seen.push(p);
        let (x, y) = center(p);
        img.stroke_circle(x, y, RADIUS + 2.0, 6.0, TEXT);
        img.stroke_circle(x, y, RADIUS + 2.0, 2.5, BACKGROUND);
    }
    img.into_image()
}

/// [`render`], the header saying how the game `ended` when its moves did not end it.
pub fn render_ended(game: &Game, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
    let mut img = Canvas::copy_of(&BOARD_LAYER);
    let head = header(game, names, lang, ended);
    img.composite(&head, 0, 0);
    crate::render::canvas::recycle(head);
    let pos = game.position();
    let last = game.last_turn();
    // Under the pieces: the path of each move of the last turn and a ring where it started.
    for r in last {
        if let (Some(from), Some(to)) = (r.mv.from(), r.mv.to()) {
            let (a, b) = (center(from), center(to));
            img.line(a, b, 7.0, with_alpha(LAST_MOVE, 200));
            img.stroke_circle(a.0, a.1, RADIUS * 0.55, 5.0, LAST_MOVE);
        }
    }
    let sprites = &*SPRITES;
    for p in Point::all() {
        let Some(s) = pos.stack(p) else { continue };
        let (x, y) = center(p);
        let (x, y) = (x.round() as i32, y.round() as i32);
        let set = &sprites.pieces[s.side.index()];
        if s.height > 1 {
            img.stamp(&set[3], x, y + 3);
            img.stamp(&set[s.kind.index()], x, y - 2);
        } else {
            img.stamp(&set[s.kind.index()], x, y);
        }
    }
    for r in last {
        if let Some(to) = r.mv.to() {
            let (x, y) = center(to);
            img.stroke_circle(x, y, RADIUS + 5.0, 5.0, LAST_MOVE);
        }
    }
    for p in Point::all() {
        let Some(s) = pos.stack(p) else { continue };
        if s.height >= 2 {
            let (x, y) = center(p);
            let b = &sprites.badges[usize::from(s.height).min(30)];
            img.stamp(b, (x + RADIUS * 0.72).round() as i32, (y - RADIUS * 0.72).round() as i32);
        }
    }
    for r in last {
        if let (Move::Capture { to, .. }, Some(_)) = (r.mv, r.captured) {
            let (x, y) = center(to);
            img.stamp(
                &sprites.capture,
                (x - RADIUS * 0.74).round() as i32,
                (y - RADIUS * 0.74).round() as i32,
            );
        }
    }
    img.into_image()
}

/// TZAAR's fixed palette: every colour above exactly, the caption band's, then the edge shades of sample games
/// from the standard and shuffled starts and of every height badge.
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
    let (white, black) = (colours(Side::White), colours(Side::Black));
    let base = [
        BACKGROUND,
        BOARD,
        LINE,
        HOLE,
        LABEL,
        TEXT,
        LAST_MOVE,
        CAPTURE,
        BADGE,
        HIGHLIGHT,
        HIGHLIGHT_EDGE,
        DANGER,
        white.body,
        white.edge,
        white.mark,
        black.body,
        black.edge,
        black.mark,
        rgb(0x0057_504a),
        rgb(0x00ff_ffff),
    ];
    let setups = [
        Setup { variant: "standard".to_string(), seed: 0, seats: 2 },
        Setup { variant: "random".to_string(), seed: 0, seats: 2 },
    ];
    let mut samples = palette_samples::<Game>(&setups);
    let mut sheet = Canvas::from_image(BOARD_LAYER.clone());
    for (i, badge) in SPRITES.badges.iter().enumerate() {
        let set = &SPRITES.pieces[i % 2];
        let (x, y) = (40 + (i as i32 % 10) * 60, HEADER as i32 + 60 + (i as i32 / 10) * 60);
        sheet.stamp(&set[3], x, y + 3);
        sheet.stamp(&set[i % 3], x, y - 2);
        sheet.stamp(badge, x + 16, y - 16);
        sheet.stamp(&SPRITES.capture, x - 16, y - 16);
    }
    samples.add(&sheet.into_image());
    Palette::from_counts(&[&base[..], &CAPTION_COLOURS[..]].concat(), samples).compressed_faster()
});

/// The palette every TZAAR picture is encoded in.
pub fn palette() -> &'static Palette {
    &PALETTE
}

impl crate::games::Picture for Game {
    fn render_ended(&self, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
        render_ended(self, names, lang, ended)
    }

    fn palette() -> &'static Palette {
        palette()
    }

    fn text_picture(&self, names: &[String], lang: Lang, ended: Option<&str>) -> String {
        let board = crate::games::Engine::text_board(self);
        let columns = "A   B   C   D   E   F   G   H   I\n";
        let grid = board.find(columns).map_or(board.as_str(), |at| &board[..at + columns.len()]);
        let status =
            ended.map_or_else(|| status(self, &|side| name(names, side, lang), lang), str::to_string);
        format!("{grid}{status}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_ends_before_the_piece_counts() {
        use crate::games::tzaar::Position;
        let game = Game::from_position(Position::standard());
        let plain = header(&game, &["al".to_string(), "bo".to_string()], Lang::En, None);
        let half = WIDTH as f32 / 2.0;
        for names in [
            ["W".repeat(32), "M".repeat(32)],
            ["漢字".repeat(16), "😀".repeat(32)],
            [
                "Ｗｉｄｅ　Ｕｎｉｃｏｄｅ　ｎａｍｅ".to_string(),
                "ŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴ".to_string(),
            ],
        ] {
            let long = header(&game, &names, Lang::En, None);
            for x0 in [12.0, half + 6.0] {
                // The counts, and the gap before them, are drawn exactly as with short names.
                let from = (x0 + COUNTS_FROM - NAME_GAP / 2.0) as u32;
                for y in 46..90 {
                    for x in from..(x0 + half - 18.0) as u32 {
                        assert_eq!(long.get_pixel(x, y), plain.get_pixel(x, y), "{names:?}: {x},{y}");
                    }
                }
            }
        }
    }
}
