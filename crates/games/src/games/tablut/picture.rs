//! The Tablut board picture: a header with the players, whose turn it is and the move number (or the result),
//! the 9x9 board with coordinates on the left and bottom edges, the throne and the variant's camps (shaded, their
//! middles gridded), for a variant a footer naming how its rules differ from the seed rules, the pieces (the king gold with a black
//! crown, larger than the guards), the last move (outlined squares, a dot where it started and an arrow), and
//! an X where pieces were just captured. Its words are in the language it is given (`assets/locales/*/pictures.ftl`).
//!
//! Speed: everything is drawn with the shared anti-aliased [`Canvas`], but the parts that never change (the
//! board, the pieces, the markers) are drawn once into cached layers and sprites and then stamped onto the picture
//! with [`Canvas::composite`], so a picture costs about a copy of the board plus a few small overlays.

use std::sync::{LazyLock, OnceLock};

use image::RgbaImage;

use crate::games::Setup;
use crate::games::registry::palette_samples;
use crate::games::tablut::{Bitboard, End, Game, SIZE, Side, Square, Variant, Verdict, squares};
use crate::i18n::Lang;
use crate::render::CAPTION_COLOURS;
use crate::render::Palette;
use crate::render::canvas::{
    Align, Canvas, Color, Sprite, Weight, fit_text, rgb, short_name, text_width, with_alpha,
};
use crate::render::words::{number, say, text};
use crate::text::isolate;

/// Side of a square in pixels.
const SQ: u32 = 74;
/// The margins around the board: wide on the left and at the bottom, where the coordinates are.
const LABELS: u32 = 30;
const GAP: u32 = 14;
const HEADER: u32 = 80;
/// The band under the coordinates that names a variant's rules where they differ from the seed rules, in up to
/// two lines.
const FOOTER: u32 = 46;
const FOOTER_SIZE: f32 = 15.0;
const BOARD: u32 = SQ * SIZE as u32;
/// Picture width in pixels.
pub const WIDTH: u32 = LABELS + BOARD + GAP;
/// Picture height in pixels under the seed rules.
pub const HEIGHT: u32 = HEADER + GAP + BOARD + LABELS;

/// Picture height in pixels under `variant`: with the footer when its rules differ from the seed rules.
pub fn height(variant: Variant) -> u32 {
    if variant.rules().differences().is_empty() { HEIGHT } else { HEIGHT + FOOTER }
}

const WOOD: Color = rgb(0x00e8_d2a4);
const GRID: Color = rgb(0x009a_7847);
const FRAME: Color = rgb(0x006e_4b27);
const LABEL: Color = rgb(0x005e_4a30);
const THRONE: Color = rgb(0x00b4_8a52);
const THRONE_MARK: Color = rgb(0x007f_5a2c);
const CAMP: Color = rgb(0x00c9_a671);
const CAMP_STRIPE: Color = rgb(0x00a9_8550);
const HEADER_BG: Color = rgb(0x002e_2923);
const HEADER_TEXT: Color = rgb(0x00f5_efe4);
const HEADER_DIM: Color = rgb(0x00c9_bda8);
const TURN_PILL: Color = rgb(0x005c_4d3b);
const ATTACKER: Color = rgb(0x0023_2323);
const DEFENDER: Color = rgb(0x00fb_f8f1);
const OUTLINE: Color = rgb(0x001e_1e1e);
const KING: Color = rgb(0x00f0_be2e);
const MOVE: Color = rgb(0x001f_4fc4);
const CAPTURE: Color = rgb(0x00d0_252b);
const ESCAPE: Color = rgb(0x0015_924a);
const CLEAR: Color = image::Rgba([0, 0, 0, 0]);

const SOLDIER_R: f32 = SQ as f32 * 0.36;
const KING_R: f32 = SQ as f32 * 0.42;

/// The top-left pixel of a square.
fn corner(sq: Square) -> (u32, u32) {
    (LABELS + u32::from(sq.file()) * SQ, HEADER + GAP + u32::from(SIZE - 1 - sq.rank()) * SQ)
}

/// The centre of a square in pixels.
fn centre(sq: Square) -> (f32, f32) {
    let (x, y) = corner(sq);
    (x as f32 + SQ as f32 / 2.0, y as f32 + SQ as f32 / 2.0)
}

/// Draws with `draw` on a transparent `w` x `h` canvas whose origin is the picture's `(x0, y0)`, and
/// composites the result onto `picture`. `draw` receives the offset to subtract from picture coordinates.
fn overlay(
    picture: &mut Canvas,
    x0: i32,
    y0: i32,
    w: u32,
    h: u32,
    draw: impl FnOnce(&mut Canvas, (f32, f32)),
) {
    let mut c = Canvas::new(w, h, CLEAR);
    draw(&mut c, (x0 as f32, y0 as f32));
    picture.composite(&c.into_image(), x0, y0);
}

/// One square's worth of cached drawing.
fn cell(draw: impl FnOnce(&mut Canvas, f32)) -> Sprite {
    Sprite::new(SQ, draw)
}

struct Sprites {
    attacker: Sprite,
    defender: Sprite,
    king: Sprite,
    ghost_attacker: Sprite,
    ghost_defender: Sprite,
    moved: Sprite,
    cross: Sprite,
    king_taken: Sprite,
    king_free: Sprite,
}

/// The board without pieces for each variant (in the order of [`Variant::ALL`]) and language (in the order of
/// [`Lang::ALL`]), each drawn the first time it is needed.
static BACKGROUNDS: LazyLock<Vec<[OnceLock<RgbaImage>; 3]>> =
    LazyLock::new(|| Variant::ALL.iter().map(|_| Default::default()).collect());

fn background_in(variant: Variant, lang: Lang) -> &'static RgbaImage {
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    BACKGROUNDS[variant.index()][at].get_or_init(|| background(variant, lang))
}

static SPRITES: LazyLock<Sprites> = LazyLock::new(|| Sprites {
    attacker: cell(|c, m| soldier(c, m, Side::Black)),
    defender: cell(|c, m| soldier(c, m, Side::White)),
    king: cell(king),
    ghost_attacker: cell(|c, m| c.fill_circle(m, m, SOLDIER_R, with_alpha(ATTACKER, 80))),
    ghost_defender: cell(|c, m| {
        c.fill_circle(m, m, SOLDIER_R, with_alpha(DEFENDER, 110));
        c.stroke_circle(m, m, SOLDIER_R - 1.25, 2.5, with_alpha(OUTLINE, 60));
    }),
    moved: cell(|c, m| {
        let e = 2.0 * m;
        c.fill_rect(1.0, 1.0, e - 1.0, e - 1.0, with_alpha(MOVE, 40));
        c.stroke_rect(4.0, 4.0, e - 4.0, e - 4.0, 4.0, MOVE);
    }),
    cross: cell(|c, m| cross(c, (m, m), SQ as f32 * 0.26)),
    king_taken: cell(|c, m| {
        c.stroke_circle(m, m, SQ as f32 * 0.46, 5.0, CAPTURE);
        let (bx, by, r) = (2.0 * m - 14.0, 14.0, 11.0);
        c.fill_circle(bx, by, r, CAPTURE);
        for (a, b) in [((-5.0, -5.0), (5.0, 5.0)), ((-5.0, 5.0), (5.0, -5.0))] {
            c.line((bx + a.0, by + a.1), (bx + b.0, by + b.1), 3.0, rgb(0x00ff_ffff));
        }
    }),
    king_free: cell(|c, m| c.stroke_circle(m, m, SQ as f32 * 0.47, 5.0, ESCAPE)),
});

fn stamp(img: &mut Canvas, sprite: &Sprite, sq: Square) {
    let (x, y) = corner(sq);
    img.composite(sprite.image(), x as i32, y as i32);
}

/// A side's name on the picture ("Black"), in `lang`.
fn side_word(lang: Lang, side: Side) -> String {
    match side {
        Side::Black => say(lang, "picture-side-black", &[]),
        Side::White => say(lang, "picture-side-white", &[]),
    }
}

fn name(names: &[String], side: Side, lang: Lang) -> String {
    short_name(names.get(side.seat()).map(String::as_str), 18).unwrap_or_else(|| side_word(lang, side))
}

/// Why the game ended, as the header shows it, in `lang`.
fn ending(lang: Lang, result: Verdict) -> String {
    crate::i18n::phrase(lang, &result.reason_phrase())
}

/// Draws the game's current position as the players see it, its words in `lang`.
pub fn render(game: &Game, names: &[String], lang: Lang) -> RgbaImage {
    render_ended(game, names, lang, None)
}

/// [`render`], the header saying how the game `ended` when its moves did not end it.
pub fn render_ended(game: &Game, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
    let sprites = &*SPRITES;
    let pos = game.position();
    let mut img = Canvas::copy_of(background_in(pos.variant(), lang));
    header(&mut img, game, names, lang, ended);
    if let Some(mv) = game.last_move() {
        stamp(&mut img, &sprites.moved, mv.from);
        stamp(&mut img, &sprites.moved, mv.to);
    }
    let ghost = match pos.to_move() {
        Side::Black => &sprites.ghost_attacker,
        Side::White => &sprites.ghost_defender,
    };
    for sq in squares(game.last_captures()) {
        stamp(&mut img, ghost, sq);
    }
    for sq in squares(pos.attackers()) {
        stamp(&mut img, &sprites.attacker, sq);
    }
    for sq in squares(pos.defenders()) {
        stamp(&mut img, &sprites.defender, sq);
    }
    stamp(&mut img, &sprites.king, pos.king());
    if let Some(mv) = game.last_move() {
        arrow(&mut img, mv.from, mv.to, pos.king() == mv.to);
    }
    for sq in squares(game.last_captures()) {
        stamp(&mut img, &sprites.cross, sq);
    }
    match game.result().map(|r| r.end) {
        Some(End::KingCaptured(sq)) => stamp(&mut img, &sprites.king_taken, sq),
        Some(End::KingEscaped(sq)) => stamp(&mut img, &sprites.king_free, sq),
        _ => {}
    }
    img.into_image()
}

/// The picker's picture: the board with `marks` outlined (the pieces that can move, or, once the piece `from` is
/// chosen, its destinations with a ring, and the soldiers they would capture crossed). Outlines and rings are
/// thick and dark-edged so they read in greyscale.
pub(super) fn render_pick(
    game: &Game,
    from: Option<Square>,
    marks: &[(Square, Bitboard)],
    names: &[String],
    lang: Lang,
) -> RgbaImage {
    let mut img = Canvas::from_image(render_ended(game, names, lang, None));
    if let Some(from) = from {
        stamp(&mut img, &SPRITES.moved, from);
    }
    let mut captured: Bitboard = 0;
    for &(sq, caught) in marks {
        captured |= caught;
        let (x, y) = corner(sq);
        let (x, y) = (x as f32, y as f32);
        let e = SQ as f32;
        if from.is_none() {
            img.stroke_rect(x + 3.0, y + 3.0, x + e - 3.0, y + e - 3.0, 6.0, OUTLINE);
            img.stroke_rect(x + 6.0, y + 6.0, x + e - 6.0, y + e - 6.0, 3.0, HEADER_TEXT);
        } else {
            let (cx, cy) = centre(sq);
            img.fill_circle(cx, cy, 13.0, OUTLINE);
            img.fill_circle(cx, cy, 8.0, HEADER_TEXT);
        }
    }
    for sq in squares(captured) {
        stamp(&mut img, &SPRITES.cross, sq);
    }
    img.into_image()
}

/// The header's name line: the middle, where "vs" is, the line's height, the name's largest size and the radius
/// of a side's disc.
const HEADER_MID: f32 = WIDTH as f32 / 2.0;
const NAME_Y: f32 = 25.0;
const NAME_SIZE: f32 = 21.0;
const ICON: f32 = 10.0;
/// The light plate under a side's disc, so that the black disc reads as a piece on the dark header (not as a
/// ring) and both discs look as on the board's wood.
const PLATE: f32 = ICON + 4.5;
/// From the middle to either side's part, and the room left of and right of each part.
const VS_ROOM: f32 = 34.0;
const EDGE_ROOM: f32 = 20.0;

/// One side's part of the header's name line: its name (fitted to its room), the name's size, its disc's centre
/// and where its name starts, and the span of the pill that marks the side to move.
struct HeaderSeat {
    name: String,
    size: f32,
    icon_x: f32,
    text_x: f32,
    pill: (f32, f32),
}

/// Where `side`'s part of the header goes: its disc on the side of "vs", its name beyond, shrunk then cut so
/// that a long name (32 characters, wide letters) stays inside the picture.
fn header_seat(names: &[String], side: Side, lang: Lang) -> HeaderSeat {
    let room = HEADER_MID - VS_ROOM - 2.0 * ICON - 10.0 - EDGE_ROOM - 10.0;
    let (px, shown) = fit_text(&name(names, side, lang), room, NAME_SIZE, 14.0, Weight::Bold);
    let w = text_width(px, Weight::Bold, &shown);
    let (x0, x1) = match side {
        Side::Black => (HEADER_MID - VS_ROOM - w - 2.0 * ICON - 10.0, HEADER_MID - VS_ROOM),
        Side::White => (HEADER_MID + VS_ROOM, HEADER_MID + VS_ROOM + w + 2.0 * ICON + 10.0),
    };
    let (icon_x, text_x) = match side {
        Side::Black => (x1 - ICON, x0),
        Side::White => (x0 + ICON, x0 + 2.0 * ICON + 10.0),
    };
    HeaderSeat { name: shown, size: px, icon_x, text_x, pill: (x0 - 10.0, x1 + 10.0) }
}

fn header(img: &mut Canvas, game: &Game, names: &[String], lang: Lang, ended: Option<&str>) {
    overlay(img, 0, 0, WIDTH, HEADER, |c, _| {
        let to_move = (game.result().is_none() && ended.is_none()).then(|| game.next_side());
        let (mid, y) = (HEADER_MID, NAME_Y);
        for side in [Side::Black, Side::White] {
            let seat = header_seat(names, side, lang);
            if to_move == Some(side) {
                c.fill_rounded_rect(seat.pill.0, y - 16.0, seat.pill.1, y + 16.0, 16.0, TURN_PILL);
            }
            c.fill_circle(seat.icon_x, y, PLATE, WOOD);
            match side {
                Side::Black => c.fill_circle(seat.icon_x, y, ICON, ATTACKER),
                Side::White => {
                    c.fill_circle(seat.icon_x, y, ICON, DEFENDER);
                    c.stroke_circle(seat.icon_x, y, ICON, 2.0, OUTLINE);
                }
            }
            c.text_centered_v(seat.text_x, y, seat.size, Weight::Bold, Align::Left, HEADER_TEXT, &seat.name);
        }
        let vs = say(lang, "picture-tablut-vs", &[]);
        let (vs_size, vs) = fit_text(&vs, 60.0, 18.0, 12.0, Weight::Regular);
        c.text_centered_v(mid, y, vs_size, Weight::Regular, Align::Center, HEADER_DIM, &vs);
        let line = if let Some(ended) = ended {
            ended.to_string()
        } else if let Some(r) = game.result() {
            let reason = ending(lang, r);
            match r.winner {
                Some(winner) => say(
                    lang,
                    "picture-tablut-won",
                    &[
                        ("player", text(&isolate(&name(names, winner, lang)))),
                        ("side", text(&side_word(lang, winner))),
                        ("reason", text(&reason)),
                    ],
                ),
                None => say(lang, "picture-tablut-draw", &[("reason", text(&reason))]),
            }
        } else {
            let mover = game.next_side();
            say(
                lang,
                "picture-tablut-to-move",
                &[
                    ("number", number(game.moves().len() + 1)),
                    ("player", text(&isolate(&name(names, mover, lang)))),
                    ("side", text(&side_word(lang, mover))),
                ],
            )
        };
        let weight = if game.result().is_some() || ended.is_some() { Weight::Bold } else { Weight::Regular };
        let (size, line) = fit_text(&line, WIDTH as f32 - 24.0, 18.0, 13.0, weight);
        c.text_centered_v(mid, 60.0, size, weight, Align::Center, HEADER_TEXT, &line);
    });
}

/// The picture without pieces: header band, board, grid, frame, coordinates, throne, the variant's camps and the
/// footer naming its rules (in `lang`).
fn background(variant: Variant, lang: Lang) -> RgbaImage {
    let mut c = Canvas::new(WIDTH, height(variant), WOOD);
    c.fill_rect(0.0, 0.0, WIDTH as f32, HEADER as f32, HEADER_BG);
    let (sq, board) = (SQ as f32, BOARD as f32);
    let (left, top) = (LABELS as f32, (HEADER + GAP) as f32);
    let (tx, ty) = corner(Square::THRONE);
    let (tx, ty) = (tx as f32, ty as f32);
    c.fill_rect(tx, ty, tx + sq, ty + sq, THRONE);
    let (cx, cy) = centre(Square::THRONE);
    let half = sq * 0.36;
    c.stroke_polygon(&[(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)], 3.0, THRONE_MARK);
    c.fill_convex(&[(cx, cy - 9.0), (cx + 9.0, cy), (cx, cy + 9.0), (cx - 9.0, cy)], THRONE_MARK);
    let rules = variant.rules();
    camps(&mut c, rules.all_camps(), rules.all_camps() & !rules.hostile.black.squares);
    for i in 0..=SIZE {
        let at = f32::from(i) * sq;
        c.fill_rect(left + at - 1.0, top, left + at + 1.0, top + board, GRID);
        c.fill_rect(left, top + at - 1.0, left + board, top + at + 1.0, GRID);
    }
    c.stroke_rect(left - 4.0, top - 4.0, left + board + 4.0, top + board + 4.0, 5.0, FRAME);
    let labels = LABELS as f32;
    for i in 0..SIZE {
        let file = char::from(b'a' + i).to_string();
        let rank = char::from(b'1' + i).to_string();
        let along = f32::from(i) * sq + sq / 2.0;
        let rank_y = top + board - along;
        c.text_centered_v(
            left + along,
            top + board + labels / 2.0 + 2.0,
            17.0,
            Weight::Bold,
            Align::Center,
            LABEL,
            &file,
        );
        c.text_centered_v(left - labels / 2.0 - 2.0, rank_y, 17.0, Weight::Bold, Align::Center, LABEL, &rank);
    }
    footer(&mut c, variant, lang);
    c.into_image()
}

/// The camp squares: a darker fill, and on the camps' middles (`middles`) a grid of stripes that shows in the
/// corners of an occupied square. Both read in greyscale, and being square to the pixels they cost the PNG little.
fn camps(c: &mut Canvas, camps: Bitboard, middles: Bitboard) {
    let sq = SQ as f32;
    for s in squares(camps) {
        let (x, y) = corner(s);
        let (x, y) = (x as f32, y as f32);
        c.fill_rect(x, y, x + sq, y + sq, CAMP);
        if middles & s.bit() != 0 {
            for k in 1..(SQ / 8) {
                let at = (k * 8) as f32;
                c.fill_rect(x, y + at, x + sq, y + at + 2.0, CAMP_STRIPE);
                c.fill_rect(x + at, y, x + at + 2.0, y + sq, CAMP_STRIPE);
            }
        }
    }
}

/// The footer of a variant: its title and how its rules differ from the seed rules, on one line if it fits,
/// else on two of about the same width.
fn footer(c: &mut Canvas, variant: Variant, lang: Lang) {
    let rules = variant.rules();
    let items: Vec<String> = rules.differences().into_iter().map(|item| difference(lang, item)).collect();
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    if items.is_empty() {
        return;
    }
    let y0 = HEIGHT as f32;
    c.fill_rect(0.0, y0, WIDTH as f32, y0 + FOOTER as f32, HEADER_BG);
    let line = |part: &[&str], first: bool| {
        let joined = part.join(" · ");
        if first {
            say(
                lang,
                "picture-tablut-variant-rules",
                &[("variant", text(rules.title)), ("rules", text(&joined))],
            )
        } else {
            joined
        }
    };
    let width = |text: &str| text_width(FOOTER_SIZE, Weight::Regular, text);
    let whole = line(&items, true);
    let lines = if width(&whole) <= WIDTH as f32 - 24.0 {
        vec![whole]
    } else {
        let widest = |at: usize| width(&line(&items[..at], true)).max(width(&line(&items[at..], false)));
        let split = (1..items.len()).min_by(|&a, &b| widest(a).total_cmp(&widest(b))).unwrap_or(1);
        vec![line(&items[..split], true), line(&items[split..], false)]
    };
    let step = FOOTER as f32 / (lines.len() + 1) as f32;
    let spread = if lines.len() == 2 { 2.0 } else { 0.0 };
    let mut layer = Canvas::new(WIDTH, FOOTER, CLEAR);
    // A longer translation shrinks both lines alike.
    let fit = |line: &str, size: f32| fit_text(line, WIDTH as f32 - 16.0, size, 11.0, Weight::Regular);
    let size = lines.iter().map(|line| fit(line, FOOTER_SIZE).0).fold(FOOTER_SIZE, f32::min);
    for (i, line) in lines.iter().enumerate() {
        let y = step * (i + 1) as f32 + spread * (2.0 * i as f32 - 1.0);
        let (size, line) = fit(line, size);
        layer.text_centered_v(
            WIDTH as f32 / 2.0,
            y,
            size,
            Weight::Regular,
            Align::Center,
            HEADER_TEXT,
            &line,
        );
    }
    c.composite(&coarse_edges(layer.into_image()), 0, y0 as i32);
}

/// Rounds a premultiplied layer's coverage to none, half or full: the text's edges stay smooth enough to read
/// but the PNG stores far fewer distinct pixels, which keeps a picture with a footer under 100 KB.
fn coarse_edges(mut layer: RgbaImage) -> RgbaImage {
    for p in layer.pixels_mut() {
        let a = u32::from(p.0[3]);
        if a == 0 {
            continue;
        }
        let q = (a * 2 + 127) / 255 * 255 / 2;
        let scale = |v: u8| (u32::from(v) * q / a).min(255) as u8;
        *p = image::Rgba([scale(p.0[0]), scale(p.0[1]), scale(p.0[2]), q as u8]);
    }
    layer
}

fn soldier(c: &mut Canvas, m: f32, side: Side) {
    let r = SOLDIER_R;
    match side {
        Side::Black => c.fill_circle(m, m, r, ATTACKER),
        Side::White => {
            c.fill_circle(m, m, r, DEFENDER);
            c.stroke_circle(m, m, r - 1.25, 2.5, OUTLINE);
        }
    }
}

fn king(c: &mut Canvas, m: f32) {
    let r = KING_R;
    c.fill_circle(m, m, r, KING);
    c.stroke_circle(m, m, r - 2.0, 4.0, OUTLINE);
    // The crown: a band, three spikes and a ball on each spike.
    let scale = r * 0.92;
    let at = |dx: f32, dy: f32| (m + dx * scale, m + dy * scale);
    c.fill_convex(&[at(-0.55, 0.14), at(0.55, 0.14), at(0.55, 0.42), at(-0.55, 0.42)], OUTLINE);
    c.fill_convex(&[at(-0.55, 0.2), at(-0.55, -0.32), at(-0.1, 0.2)], OUTLINE);
    c.fill_convex(&[at(-0.26, 0.2), at(0.0, -0.46), at(0.26, 0.2)], OUTLINE);
    c.fill_convex(&[at(0.55, 0.2), at(0.55, -0.32), at(0.1, 0.2)], OUTLINE);
    for (dx, dy) in [(-0.55, -0.36), (0.0, -0.52), (0.55, -0.36)] {
        let (bx, by) = at(dx, dy);
        c.fill_circle(bx, by, scale * 0.1, OUTLINE);
    }
}

/// A dot on the square left and an arrow towards the piece that arrived.
fn arrow(img: &mut Canvas, from: Square, to: Square, king_moved: bool) {
    let (a, b) = (centre(from), centre(to));
    let (x0, y0) = (a.0.min(b.0) - 20.0, a.1.min(b.1) - 20.0);
    let (w, h) = ((a.0 - b.0).abs() + 40.0, (a.1 - b.1).abs() + 40.0);
    overlay(img, x0 as i32, y0 as i32, w as u32, h as u32, |c, (ox, oy)| {
        let (from, to) = ((a.0 - ox, a.1 - oy), (b.0 - ox, b.1 - oy));
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = dx.hypot(dy);
        let (ux, uy) = (dx / len, dy / len);
        let stop = if king_moved { KING_R } else { SOLDIER_R } + 3.0;
        let tip = (to.0 - ux * stop, to.1 - uy * stop);
        let head = 16.0;
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        c.fill_circle(from.0, from.1, 8.0, MOVE);
        if len - stop - head > 4.0 {
            c.line(from, base, 5.0, MOVE);
        }
        let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
        c.fill_convex(&[tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)], MOVE);
    });
}

/// A red X with a light edge so it reads on dark and light squares alike.
fn cross(c: &mut Canvas, (x, y): (f32, f32), half: f32) {
    for (w, color) in [(11.0, with_alpha(rgb(0x00ff_ffff), 200)), (6.0, CAPTURE)] {
        c.line((x - half, y - half), (x + half, y + half), w, color);
        c.line((x - half, y + half), (x + half, y - half), w, color);
    }
}

/// One of the ways a variant's rules differ from the seed rules, in `lang`: the rules name each in English, and
/// each of those has a message (an unknown one is drawn as written).
fn difference(lang: Lang, item: &str) -> String {
    let key = match item {
        "Black moves first" => "picture-tablut-black-first",
        "White moves first" => "picture-tablut-white-first",
        "armed king" => "picture-tablut-armed-king",
        "unarmed king" => "picture-tablut-unarmed-king",
        "king captured by 4 (or 3 and the throne)" => "picture-tablut-king-by-four",
        "king captured by 2 off the throne" => "picture-tablut-king-by-two",
        "king captured by 2 or a camp off the throne" => "picture-tablut-king-by-two-or-camp",
        "closed, hostile camps and throne" => "picture-tablut-closed-hostile",
        "closed camps and throne" => "picture-tablut-closed-camps-throne",
        "closed camps" => "picture-tablut-closed-camps",
        "closed throne" => "picture-tablut-closed-throne",
        "Linnaean capture" => "picture-tablut-linnaean",
        "2nd repetition draws" => "picture-tablut-second-repetition",
        "3rd repetition draws" => "picture-tablut-third-repetition",
        other => return other.to_string(),
    };
    say(lang, key, &[])
}

/// Tablut's fixed palette: every colour above exactly, the caption band's, then the edge shades of sample
/// games of every variant.
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
    let base = [
        WOOD,
        GRID,
        FRAME,
        LABEL,
        THRONE,
        THRONE_MARK,
        CAMP,
        CAMP_STRIPE,
        HEADER_BG,
        HEADER_TEXT,
        HEADER_DIM,
        TURN_PILL,
        ATTACKER,
        DEFENDER,
        OUTLINE,
        KING,
        MOVE,
        CAPTURE,
        ESCAPE,
        rgb(0x00ff_ffff),
    ];
    let setups: Vec<Setup> =
        Variant::ALL.iter().map(|v| Setup { variant: v.name().to_string(), seed: 0, seats: 2 }).collect();
    let mut samples = palette_samples::<Game>(&setups);
    samples.add(&palette_sheet());
    Palette::from_counts(&[&base[..], &CAPTION_COLOURS[..]].concat(), samples).compressed_faster()
});

/// The palette every Tablut picture is encoded in.
pub fn palette() -> &'static Palette {
    &PALETTE
}

/// Every sprite on every kind of square (wood, camp, camp middle, throne), for the palette's edge shades: a
/// random game shows some of them only rarely (a king captured or escaped).
fn palette_sheet() -> RgbaImage {
    let sprites = &*SPRITES;
    let mut img = Canvas::from_image(background_in(Variant::Ashton, Lang::En).clone());
    let all = [
        &sprites.attacker,
        &sprites.defender,
        &sprites.king,
        &sprites.ghost_attacker,
        &sprites.ghost_defender,
        &sprites.moved,
        &sprites.cross,
        &sprites.king_taken,
        &sprites.king_free,
    ];
    for (file, sprite) in all.iter().enumerate() {
        for rank in [3, 4, 6] {
            stamp(&mut img, sprite, Square::new(file as u8, rank).expect("on the board"));
        }
        stamp(&mut img, sprite, Square::THRONE);
        stamp(&mut img, sprite, Square::new(4, 8).expect("on the board"));
    }
    img.into_image()
}

impl crate::games::Picture for Game {
    fn render_ended(&self, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
        render_ended(self, names, lang, ended)
    }

    fn palette() -> &'static Palette {
        palette()
    }

    fn text_picture(&self, _names: &[String], lang: Lang, ended: Option<&str>) -> String {
        let board = crate::games::Engine::text_board(self);
        let files = "   a b c d e f g h i\n";
        let grid = board.find(files).map_or(board.as_str(), |at| &board[..at + files.len()]);
        let grid = crate::games::registry::ended_line(ended) + grid;
        let rules = self.position().variant().rules();
        let items: Vec<String> = rules.differences().into_iter().map(|item| difference(lang, item)).collect();
        if items.is_empty() {
            return grid;
        }
        let line = say(
            lang,
            "picture-tablut-variant-rules",
            &[("variant", text(rules.title)), ("rules", text(&items.join("; ")))],
        );
        format!("{grid}{line}.\n")
    }
}

#[cfg(test)]
mod tests;
