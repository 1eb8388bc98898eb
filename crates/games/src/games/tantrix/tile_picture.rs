//! A Tantrix tile as the picture draws it: the black hex face and its coloured bands (sharp curves around a corner,
//! gentle curves around the hex two edges away, straights), each band with a thin dark outline so crossings read,
//! all in one pass over the tile's pixels with anti-aliased coverage from signed distances.

use crate::games::tantrix::{Colour, Direction, Tile};
use crate::render::canvas::{Canvas, Color, length, rgb, round_u8};

use super::picture::{INK, MARK};

const FACE: Color = rgb(0x0014_1414);
const OUTLINE: Color = FACE;
const FORCED_FILL: Color = rgb(0x00b8_660b);
/// The tiles' own colours, for the palette.
pub(super) const COLOURS: [Color; 2] = [FACE, FORCED_FILL];

pub(super) const SQRT3: f32 = 1.732_050_8;

/// The fill colour of a band.
pub(super) fn band(c: Colour) -> Color {
    match c {
        Colour::Red => rgb(0x00e0_312b),
        Colour::Blue => rgb(0x002f_6fe0),
        Colour::Yellow => rgb(0x00f7_d52a),
        Colour::Green => rgb(0x0026_a046),
    }
}

/// Signed distance to a flat-topped hex of circumradius `s` centred at the origin.
pub(super) fn hex_sdf(x: f32, y: f32, s: f32) -> f32 {
    let (x, y) = (x.abs(), y.abs());
    let apothem = s * SQRT3 / 2.0;
    // Edges: the top (y = apothem) and the slanted one with normal (sqrt3/2, 1/2).
    (y - apothem).max(x * SQRT3 / 2.0 + y / 2.0 - apothem)
}

/// The unit direction of the middle of edge `e` (y down).
fn edge_dir(e: Direction) -> (f32, f32) {
    let a = (-90.0 + 60.0 * e.index() as f32).to_radians();
    (a.cos(), a.sin())
}

/// One band of a tile, in coordinates relative to the tile's centre.
#[derive(Clone, Copy)]
enum Shape {
    /// A circular arc: centre and radius (the part inside the hex is the band).
    Arc { cx: f32, cy: f32, r: f32 },
    /// A straight line through the centre: a point on it and its unit direction.
    Line { ax: f32, ay: f32, ux: f32, uy: f32 },
}

impl Shape {
    fn of(a: Direction, b: Direction, s: f32) -> Shape {
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
                let (ex, ey) = ((bx - ax) * apothem, (by - ay) * apothem);
                let len = length(ex, ey);
                Shape::Line { ax: ax * apothem, ay: ay * apothem, ux: ex / len, uy: ey / len }
            }
        }
    }

    /// Distance from the band's centre line.
    fn distance(self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Arc { cx, cy, r } => (length(x - cx, y - cy) - r).abs(),
            Shape::Line { ax, ay, ux, uy } => ((x - ax) * uy - (y - ay) * ux).abs(),
        }
    }

    /// A position along the band (in pixels), for dash patterns.
    fn along(self, x: f32, y: f32) -> f32 {
        match self {
            Shape::Arc { cx, cy, r } => (y - cy).atan2(x - cx) * r,
            Shape::Line { ax, ay, ux, uy } => (x - ax) * ux + (y - ay) * uy,
        }
    }
}

/// How a tile is decorated beyond its bands.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(super) struct Marks {
    /// Ringed in white: placed in the last turn.
    pub(crate) last: bool,
    /// Colour whose band is part of a best chain (outlined in white).
    pub(crate) chain: [bool; 4],
}

pub(super) fn colour_slot(c: Colour) -> usize {
    match c {
        Colour::Red => 0,
        Colour::Blue => 1,
        Colour::Yellow => 2,
        Colour::Green => 3,
    }
}

/// One band of a tile as [`draw_tile`] paints it: its shape, its colours and its outline's width, worked out once
/// per tile rather than once per pixel.
struct Paint {
    shape: Shape,
    band: [f32; 3],
    edge: [f32; 3],
    edge_w: f32,
    green: bool,
}

fn rgb_f32(c: Color) -> [f32; 3] {
    [f32::from(c.0[0]), f32::from(c.0[1]), f32::from(c.0[2])]
}

/// Blends the opaque colour `src` (in floats) over `dst` by `a`.
#[expect(
    clippy::inline_always,
    reason = "measured: left to itself the compiler kept it a call, 24% of a tile"
)]
#[inline(always)]
fn mix_opaque(dst: [f32; 3], src: [f32; 3], a: f32) -> [f32; 3] {
    [dst[0] + (src[0] - dst[0]) * a, dst[1] + (src[1] - dst[1]) * a, dst[2] + (src[2] - dst[2]) * a]
}

/// Draws a tile turned `rot` centred at `(cx, cy)` with circumradius `s`.
pub(super) fn draw_tile(canvas: &mut Canvas, tile: Tile, rot: u8, cx: f32, cy: f32, s: f32, marks: Marks) {
    // Slightly more than the hex, so touching tiles leave no seam.
    let face = s + 0.4;
    let width = (s * 0.24).max(3.0);
    let outline = (s * 0.055).max(1.0);
    let paints: Vec<Paint> = tile
        .paths()
        .iter()
        .map(|p| {
            let highlighted = marks.chain[colour_slot(p.colour)];
            let (edge, edge_w) = if highlighted { (MARK, outline * 1.8) } else { (OUTLINE, outline) };
            Paint {
                shape: Shape::of(p.a.rotate_cw(rot), p.b.rotate_cw(rot), s),
                band: rgb_f32(band(p.colour)),
                edge: rgb_f32(edge),
                edge_w,
                green: p.colour == Colour::Green,
            }
        })
        .collect();
    let (face_rgb, ink, mark) = (rgb_f32(FACE), rgb_f32(INK), rgb_f32(MARK));
    let ink_alpha = f32::from(INK.0[3]) / 255.0;
    let ring = (s * 0.09).max(2.0);
    let period = (s * 0.32).max(5.0);
    let apothem = face * SQRT3 / 2.0;
    let x0 = (cx - s - 1.0).floor() as i32;
    let x1 = (cx + s + 1.0).ceil() as i32;
    let y0 = (cy - s - 1.0).floor() as i32;
    let y1 = (cy + s + 1.0).ceil() as i32;
    for py in y0..=y1 {
        let y = py as f32 + 0.5 - cy;
        // The row's pixels that the face can reach (with a pixel to spare): hex_sdf < 0.5 needs
        // |x| * sqrt3 / 2 < apothem + 0.5 - |y| / 2.
        let reach = (apothem + 0.5 - y.abs() / 2.0) * 2.0 / SQRT3;
        if y.abs() > apothem + 1.0 || reach <= 0.0 {
            continue;
        }
        let xa = x0.max((cx - reach - 1.0).floor() as i32);
        let xb = x1.min((cx + reach + 1.0).ceil() as i32);
        for px in xa..=xb {
            let x = px as f32 + 0.5 - cx;
            let d_hex = hex_sdf(x, y, face);
            let cover = (0.5 - d_hex).clamp(0.0, 1.0);
            if cover <= 0.0 {
                continue;
            }
            let mut col = face_rgb;
            for paint in &paints {
                let d = paint.shape.distance(x, y);
                let a_out = (0.5 - (d - width / 2.0 - paint.edge_w)).clamp(0.0, 1.0);
                if a_out <= 0.0 {
                    continue;
                }
                col = mix_opaque(col, paint.edge, a_out);
                let a_in = (0.5 - (d - width / 2.0)).clamp(0.0, 1.0);
                col = mix_opaque(col, paint.band, a_in);
                // Green carries a dashed dark centre line, so red and green differ without colour vision.
                if paint.green && d < width * 0.12 + 1.0 {
                    let along = paint.shape.along(x, y);
                    let phase = along.rem_euclid(period) / period;
                    if phase < 0.5 {
                        let a_dash = (0.5 - (d - width * 0.12)).clamp(0.0, 1.0) * 0.75;
                        col = mix_opaque(col, ink, a_dash * a_in * ink_alpha);
                    }
                }
            }
            if marks.last {
                let a_ring = (0.5 - (d_hex + ring * 0.2).abs() + ring / 2.0).clamp(0.0, 1.0);
                col = mix_opaque(col, mark, a_ring);
            }
            let c = image::Rgba([round_u8(col[0]), round_u8(col[1]), round_u8(col[2]), 255]);
            canvas.blend(px, py, c, cover);
        }
    }
}

/// Steps per pixel of a sprite's centre: a tile is drawn a quarter pixel at most an eighth of a pixel from where
/// the layout puts it, so that one sprite serves every tile at the same fraction of a pixel.
const PHASES: i32 = 4;
/// The bytes of sprites the cache keeps: a tile at the board's largest size is about 36 KB, a late board's about
/// 14 KB, so this holds a few busy games' boards and every hand.
const SPRITE_BUDGET: usize = 16 << 20;

/// What a tile's sprite depends on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct SpriteKey {
    tile: Tile,
    rot: u8,
    size: u32,
    phase: (u8, u8),
    marks: Marks,
}

/// Drawn tiles by what they look like, each with when it was last used; the oldest half goes when they pass
/// [`SPRITE_BUDGET`].
#[derive(Default)]
struct SpriteCache {
    sprites: std::collections::HashMap<SpriteKey, (std::sync::Arc<image::RgbaImage>, u64)>,
    bytes: usize,
    clock: u64,
}

impl SpriteCache {
    fn get(&mut self, key: &SpriteKey) -> Option<std::sync::Arc<image::RgbaImage>> {
        self.clock += 1;
        let clock = self.clock;
        self.sprites.get_mut(key).map(|(img, used)| {
            *used = clock;
            img.clone()
        })
    }

    fn put(&mut self, key: SpriteKey, img: std::sync::Arc<image::RgbaImage>) {
        self.bytes += img.as_raw().len();
        if let Some((old, _)) = self.sprites.insert(key, (img, self.clock)) {
            self.bytes -= old.as_raw().len();
        }
        if self.bytes > SPRITE_BUDGET {
            let mut ages: Vec<u64> = self.sprites.values().map(|(_, used)| *used).collect();
            let middle = ages.len() / 2;
            let (_, &mut median, _) = ages.select_nth_unstable(middle);
            self.sprites.retain(|_, (_, used)| *used >= median);
            self.bytes = self.sprites.values().map(|(img, _)| img.as_raw().len()).sum();
        }
    }
}

static SPRITES: std::sync::LazyLock<std::sync::Mutex<SpriteCache>> =
    std::sync::LazyLock::new(Default::default);

/// [`draw_tile`] through a cache of drawn tiles: the tile is drawn once on a transparent sprite for its tile,
/// turn, size, marks and the fraction of a pixel its centre falls on (in quarters), and composited from then on.
/// A board keeps its layout from move to move while it does not grow, so each move's picture draws only the tiles
/// just placed; a replay draws every frame in one layout, and the hands are always the same size.
pub(super) fn stamp_tile(canvas: &mut Canvas, tile: Tile, rot: u8, cx: f32, cy: f32, s: f32, marks: Marks) {
    let quarters = |v: f32| (v * PHASES as f32).round() as i32;
    let (qx, qy) = (quarters(cx), quarters(cy));
    let (px, py) = (qx.div_euclid(PHASES), qy.div_euclid(PHASES));
    let phase = (qx.rem_euclid(PHASES) as u8, qy.rem_euclid(PHASES) as u8);
    let key = SpriteKey { tile, rot, size: s.to_bits(), phase, marks };
    // Room for the face, its anti-aliased edge and the ring of the last turn's tiles.
    let pad = (s + 3.0).ceil() as i32;
    let cached = SPRITES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key);
    let sprite = cached.unwrap_or_else(|| {
        let side = (2 * pad + 1) as u32;
        let mut sprite = Canvas::new(side, side, image::Rgba([0, 0, 0, 0]));
        let at = |p: u8| pad as f32 + f32::from(p) / PHASES as f32;
        draw_tile(&mut sprite, tile, rot, at(phase.0), at(phase.1), s, marks);
        let sprite = std::sync::Arc::new(sprite.into_image());
        SPRITES.lock().unwrap_or_else(std::sync::PoisonError::into_inner).put(key, sprite.clone());
        sprite
    });
    canvas.composite(&sprite, px - pad, py - pad);
}

/// The side of a tile's icon, in pixels (Discord shows emoji from 128 x 128 pictures).
const ICON: u32 = 128;

/// One tile unturned, as the hands show it, alone on a transparent square of [`ICON`] pixels: the picker's icon
/// for it (an emoji on Discord).
pub(super) fn tile_icon(tile: Tile) -> image::RgbaImage {
    let mut canvas = Canvas::new(ICON, ICON, image::Rgba([0, 0, 0, 0]));
    let half = ICON as f32 / 2.0;
    // The face reaches 0.4 px past the circumradius; the corners then just touch the square's sides.
    draw_tile(&mut canvas, tile, 0, half, half, half - 1.5, Marks::default());
    let mut img = canvas.into_image();
    // The canvas blends onto transparent black (premultiplied); a PNG's colours are straight.
    for px in img.pixels_mut() {
        let a = f32::from(px.0[3]) / 255.0;
        if a > 0.0 && a < 1.0 {
            for c in &mut px.0[..3] {
                *c = (f32::from(*c) / a).round().min(255.0) as u8;
            }
        }
    }
    img
}

/// A forced space: filled in dark amber, which stands out from the background in colour and in grey.
pub(super) fn draw_forced(canvas: &mut Canvas, cx: f32, cy: f32, s: f32) {
    let face = s * 0.965;
    canvas.fill_sdf((cx - s, cy - s, cx + s, cy + s), FORCED_FILL, |x, y| hex_sdf(x - cx, y - cy, face));
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
        for a in Direction::ALL {
            for b in Direction::ALL {
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
