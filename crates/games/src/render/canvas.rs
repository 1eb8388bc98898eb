//! A small anti-aliased drawing surface shared by the board renderers.
//!
//! Every shape is drawn through one primitive, [`Canvas::fill_sdf`]: a signed distance function (negative inside)
//! gives each pixel a coverage in `0..=1`, which is alpha-blended onto the image. This yields smooth edges without
//! supersampling the whole picture, which keeps rendering fast. Parts that never change are drawn once into a
//! [`Sprite`] (or a whole cached layer) and stamped with [`Canvas::composite`]. Text is laid out by
//! [`typeset`] and drawn here from cached glyph masks; [`short_name`] and [`fit_text`] fit a player's name or a
//! sentence into a picture.

use std::sync::LazyLock;

use image::{Rgba, RgbaImage};

use super::typeset::{self, FaceId, Item};
pub(crate) use super::typeset::{Weight, cut_to_width};

/// An RGBA colour.
pub(crate) type Color = Rgba<u8>;

/// Builds a colour from a `0xRRGGBB` value, fully opaque.
pub(crate) const fn rgb(hex: u32) -> Color {
    Rgba([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255])
}

/// The same colour with another alpha.
pub(crate) const fn with_alpha(c: Color, alpha: u8) -> Color {
    Rgba([c.0[0], c.0[1], c.0[2], alpha])
}

/// Horizontal anchor of a text run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// A drawing surface over an [`RgbaImage`].
pub(crate) struct Canvas {
    img: RgbaImage,
}

impl Canvas {
    /// A canvas of the given size filled with one colour.
    pub fn new(width: u32, height: u32, background: Color) -> Self {
        let len = width as usize * height as usize * 4;
        if len < POOLED {
            return Canvas { img: RgbaImage::from_pixel(width, height, background) };
        }
        let mut raw = spare(len);
        // The first row pixel by pixel, then row after row copied from it.
        let row = width as usize * 4;
        for px in raw[..row].chunks_exact_mut(4) {
            px.copy_from_slice(&background.0);
        }
        for at in (row..len).step_by(row) {
            raw.copy_within(..row, at);
        }
        Canvas { img: RgbaImage::from_raw(width, height, raw).expect("the buffer fits the size") }
    }

    /// A canvas over a copy of `picture` (a cached board layer), in a spare buffer when there is one.
    pub(crate) fn copy_of(picture: &RgbaImage) -> Self {
        let src = picture.as_raw();
        if src.len() < POOLED {
            return Canvas { img: picture.clone() };
        }
        let mut raw = spare(src.len());
        raw.copy_from_slice(src);
        Canvas { img: RgbaImage::from_raw(picture.width(), picture.height(), raw).expect("same size") }
    }

    /// A canvas over an existing picture, e.g. a copy of a cached board layer.
    pub(crate) fn from_image(img: RgbaImage) -> Self {
        Canvas { img }
    }

    /// The finished picture.
    pub(crate) fn into_image(self) -> RgbaImage {
        self.img
    }

    /// Blends `color` onto one pixel with an extra coverage factor in `0..=1`.
    pub(crate) fn blend(&mut self, x: i32, y: i32, color: Color, coverage: f32) {
        if x < 0 || y < 0 || x >= self.img.width() as i32 || y >= self.img.height() as i32 || coverage <= 0.0
        {
            return;
        }
        let a = (f32::from(color.0[3]) / 255.0) * coverage.min(1.0);
        let px = self.img.get_pixel_mut(x as u32, y as u32);
        if a >= 1.0 {
            // What the blend below gives for full cover, without its arithmetic.
            *px = Rgba([color.0[0], color.0[1], color.0[2], 255]);
            return;
        }
        for i in 0..3 {
            let dst = f32::from(px.0[i]);
            px.0[i] = round_u8(dst + (f32::from(color.0[i]) - dst) * a);
        }
        let dst_a = f32::from(px.0[3]) / 255.0;
        px.0[3] = round_u8((a + dst_a * (1.0 - a)) * 255.0);
    }

    /// Fills every pixel whose centre lies inside the shape `sdf` (signed distance, negative inside), within the
    /// bounding box `(x0, y0, x1, y1)`, with anti-aliased edges.
    pub(crate) fn fill_sdf(
        &mut self,
        bbox: (f32, f32, f32, f32),
        color: Color,
        sdf: impl Fn(f32, f32) -> f32,
    ) {
        let (x0, y0, x1, y1) = bbox;
        let xa = (x0.floor() as i32 - 1).max(0);
        let ya = (y0.floor() as i32 - 1).max(0);
        let xb = (x1.ceil() as i32 + 1).min(self.img.width() as i32 - 1);
        let yb = (y1.ceil() as i32 + 1).min(self.img.height() as i32 - 1);
        // A distance changes by at most one a pixel (each shape's function is a true distance, or the largest of
        // a few, so it is 1-Lipschitz): a pixel at distance d > 0.5 outside leaves the next d - 0.5 pixels outside
        // too, and one at d < -0.5 inside covers the next -d - 0.5 whole, so those are skipped or filled as a span
        // without their distance.
        for y in ya..=yb {
            let py = y as f32 + 0.5;
            let mut x = xa;
            while x <= xb {
                let d = sdf(x as f32 + 0.5, py);
                if d >= 0.5 {
                    x += 1 + (d - 0.5) as i32;
                } else if d <= -0.5 {
                    let end = (x + (-0.5 - d) as i32).min(xb);
                    self.fill_span(y, x, end, color);
                    x = end + 1;
                } else {
                    self.blend(x, y, color, 0.5 - d);
                    x += 1;
                }
            }
        }
    }

    /// A filled axis-aligned rectangle from `(x0, y0)` to `(x1, y1)`.
    pub(crate) fn fill_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: Color) {
        self.fill_rounded_rect(x0, y0, x1, y1, 0.0, color);
    }

    /// A filled rectangle with rounded corners of radius `radius`.
    pub(crate) fn fill_rounded_rect(
        &mut self,
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        radius: f32,
        color: Color,
    ) {
        let (cx, cy) = (f32::midpoint(x0, x1), f32::midpoint(y0, y1));
        let (hx, hy) = ((x1 - x0) / 2.0 - radius, (y1 - y0) / 2.0 - radius);
        let sdf = |x: f32, y: f32| {
            let qx = (x - cx).abs() - hx;
            let qy = (y - cy).abs() - hy;
            let outside = length(qx.max(0.0), qy.max(0.0));
            outside + qx.max(qy).min(0.0) - radius
        };
        let xa = (x0.floor() as i32 - 1).max(0);
        let ya = (y0.floor() as i32 - 1).max(0);
        let xb = (x1.ceil() as i32 + 1).min(self.img.width() as i32 - 1);
        let yb = (y1.ceil() as i32 + 1).min(self.img.height() as i32 - 1);
        // Between the corners' rows the distance is |x - cx| - hx - radius, so a pixel whose centre is at least
        // half a pixel inside the sides is covered whole: those spans are filled without the distance.
        let inner = hx + radius - 0.5;
        for y in ya..=yb {
            let py = y as f32 + 0.5;
            let solid =
                ((cx - inner - 0.5).ceil() as i32).max(xa)..=((cx + inner - 0.5).floor() as i32).min(xb);
            let (sa, sb) = if (py - cy).abs() <= hy && inner >= 0.0 && !solid.is_empty() {
                solid.into_inner()
            } else {
                (xb + 1, xb)
            };
            for x in (xa..sa).chain(sb + 1..=xb) {
                let coverage = (0.5 - sdf(x as f32 + 0.5, py)).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    self.blend(x, y, color, coverage);
                }
            }
            self.fill_span(y, sa, sb, color);
        }
    }

    /// Paints `color` over the pixels `xa..=xb` of row `y` (all on the canvas), whole.
    fn fill_span(&mut self, y: i32, xa: i32, xb: i32, color: Color) {
        if xa > xb {
            return;
        }
        if color.0[3] < 255 {
            for x in xa..=xb {
                self.blend(x, y, color, 1.0);
            }
            return;
        }
        let width = self.img.width() as usize;
        let row = y as usize * width * 4;
        let span = &mut self.img.as_mut()[row + xa as usize * 4..row + (xb as usize + 1) * 4];
        for px in span.chunks_exact_mut(4) {
            px.copy_from_slice(&color.0);
        }
    }

    /// The outline of a rectangle, `width` pixels thick, centred on its edges.
    pub(crate) fn stroke_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, width: f32, color: Color) {
        let (cx, cy) = (f32::midpoint(x0, x1), f32::midpoint(y0, y1));
        let (hx, hy) = ((x1 - x0) / 2.0, (y1 - y0) / 2.0);
        let w = width / 2.0;
        self.fill_sdf((x0 - w, y0 - w, x1 + w, y1 + w), color, |x, y| {
            let qx = (x - cx).abs() - hx;
            let qy = (y - cy).abs() - hy;
            let d = length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0);
            d.abs() - w
        });
    }

    /// A filled disc.
    pub(crate) fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, color: Color) {
        self.fill_sdf((cx - r, cy - r, cx + r, cy + r), color, |x, y| length(x - cx, y - cy) - r);
    }

    /// A ring of radius `r` (to the middle of the stroke), `width` pixels thick.
    pub(crate) fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, width: f32, color: Color) {
        let o = r + width / 2.0;
        self.fill_sdf((cx - o, cy - o, cx + o, cy + o), color, |x, y| {
            (length(x - cx, y - cy) - r).abs() - width / 2.0
        });
    }

    /// A straight segment with round caps.
    pub fn line(&mut self, p0: (f32, f32), p1: (f32, f32), width: f32, color: Color) {
        let w = width / 2.0;
        let bbox = (p0.0.min(p1.0) - w, p0.1.min(p1.1) - w, p0.0.max(p1.0) + w, p0.1.max(p1.1) + w);
        self.fill_sdf(bbox, color, |x, y| segment_distance((x, y), p0, p1) - w);
    }

    /// A filled convex polygon (vertices in either winding order).
    pub(crate) fn fill_convex(&mut self, points: &[(f32, f32)], color: Color) {
        let (bbox, sdf) = convex_sdf(points);
        self.fill_sdf(bbox, color, sdf);
    }

    /// The outline of a convex polygon, `width` pixels thick, centred on its edges.
    pub(crate) fn stroke_polygon(&mut self, points: &[(f32, f32)], width: f32, color: Color) {
        for (i, &p) in points.iter().enumerate() {
            self.line(p, points[(i + 1) % points.len()], width, color);
        }
    }

    /// Alpha-composites `layer` (premultiplied, as a canvas on a transparent background leaves it) with its
    /// top-left corner at `(x0, y0)`; what falls outside the canvas is skipped. Row by row, opaque pixels copied.
    pub(crate) fn composite(&mut self, layer: &RgbaImage, x0: i32, y0: i32) {
        const ALPHAS: u128 = 0xff00_0000_ff00_0000_ff00_0000_ff00_0000;
        let (dw, dh) = (self.img.width() as i32, self.img.height() as i32);
        let (lw, lh) = (layer.width() as i32, layer.height() as i32);
        let (xa, xb) = ((-x0).max(0), (dw - x0).min(lw));
        if xa >= xb {
            return;
        }
        let (span, dst_stride, src_stride) = ((xb - xa) as usize * 4, dw as usize * 4, lw as usize * 4);
        let (src_raw, dst_raw) = (layer.as_raw(), &mut *self.img);
        for ly in (-y0).max(0)..(dh - y0).min(lh) {
            let s0 = ly as usize * src_stride + xa as usize * 4;
            let d0 = (y0 + ly) as usize * dst_stride + (x0 + xa) as usize * 4;
            let src = &src_raw[s0..s0 + span];
            let dst = &mut dst_raw[d0..d0 + span];
            // Four pixels at a time: all opaque (a sprite's inside) are copied, all transparent skipped.
            let (src_quads, src_rest) = src.split_at(span / 16 * 16);
            let (dst_quads, dst_rest) = dst.split_at_mut(span / 16 * 16);
            for (s, d) in src_quads.chunks_exact(16).zip(dst_quads.chunks_exact_mut(16)) {
                let alphas = u128::from_le_bytes(s.try_into().expect("16 bytes")) & ALPHAS;
                if alphas == ALPHAS {
                    d.copy_from_slice(s);
                } else if alphas != 0 {
                    blend_pixels(s, d);
                }
            }
            blend_pixels(src_rest, dst_rest);
        }
    }

    /// Stamps `sprite` centred on the pixel `(x, y)`.
    pub(crate) fn stamp(&mut self, sprite: &Sprite, x: i32, y: i32) {
        self.composite(&sprite.img, x - sprite.half, y - sprite.half);
    }

    /// Draws `text` with its line's top at `y`, anchored at `x` as `align` says, `size` pixels high (see
    /// [`typeset`]). Nothing is drawn outside the line's box (a fifth of the size around its advance width, a
    /// quarter above, a half below the baseline): stacked marks cannot spill over the picture.
    #[allow(clippy::too_many_arguments)] // a text run needs all of them; a struct would only rename them
    pub(crate) fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        align: Align,
        color: Color,
        text: &str,
    ) {
        let line = typeset::line(text, size, weight);
        let left = match align {
            Align::Left => x,
            Align::Center => x - line.width / 2.0,
            Align::Right => x - line.width,
        };
        let baseline = y + typeset::ascent(size);
        let clip = Clip {
            left: (left - 0.2 * size).floor() as i32,
            right: (left + line.width + 0.2 * size).ceil() as i32,
            top: (y - 0.25 * size).floor() as i32,
            bottom: (baseline + 0.5 * size).ceil() as i32,
        };
        for item in &line.items {
            match *item {
                Item::Glyph { face, id, x, y } => {
                    self.glyph(GlyphKey::new(face, id, size, left + x, baseline + y), color, clip);
                }
                Item::Missing { code, x, width } => {
                    self.missing(code, left + x, width, baseline, size, color);
                }
            }
        }
    }

    /// Draws one glyph's mask at its place.
    fn glyph(&mut self, (key, ox, oy): (GlyphKey, i32, i32), color: Color, clip: Clip) {
        let mask = glyph_mask(key);
        let (ox, oy) = (ox + mask.x, oy + mask.y);
        for (i, row) in mask.coverage.chunks_exact(mask.width.max(1)).enumerate() {
            let y = oy + i as i32;
            if y < clip.top || y >= clip.bottom {
                continue;
            }
            for (j, &c) in row.iter().enumerate() {
                let x = ox + j as i32;
                if c > 0 && x >= clip.left && x < clip.right {
                    self.blend(x, y, color, f32::from(c) / 255.0);
                }
            }
        }
    }

    /// A character no font has: a box `width` wide on the baseline, its code point inside in two rows of three
    /// hexadecimal digits (as Unicode's charts show a character without a glyph).
    fn missing(&mut self, code: u32, x: f32, width: f32, baseline: f32, size: f32, color: Color) {
        let em = typeset::em(size);
        let (left, right) = (x + 0.08 * em, x + width - 0.08 * em);
        let (top, bottom) = (baseline - 0.86 * em, baseline + 0.1 * em);
        self.stroke_rect(left, top, right, bottom, (0.05 * em).max(1.0), color);
        let digits = typeset::MISSING_DIGIT * size;
        let (upper, lower) = typeset::missing_rows(code);
        let mid = f32::midpoint(left, right);
        let row = (bottom - top) / 4.0;
        self.text_centered_v(mid, top + row * 1.1, digits, Weight::Regular, Align::Center, color, &upper);
        self.text_centered_v(mid, bottom - row * 1.1, digits, Weight::Regular, Align::Center, color, &lower);
    }

    /// Like [`Canvas::text`], with `y` the vertical centre of the capital letters.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn text_centered_v(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        align: Align,
        color: Color,
        text: &str,
    ) {
        // Capital letters of DejaVu Sans rise to about 0.73 of its height.
        let cap = 0.73 * size;
        self.text(x, y - typeset::ascent(size) + cap / 2.0, size, weight, align, color, text);
    }
}

/// The pixels a line of text may draw on, right and bottom excluded.
#[derive(Clone, Copy)]
struct Clip {
    left: i32,
    right: i32,
    top: i32,
    bottom: i32,
}

/// Steps per pixel of a glyph's position: a letter is drawn at most an eighth of a pixel from where its text puts
/// it, so that one rasterized mask serves every letter at the same fraction of a pixel.
const GLYPH_PHASES: i32 = 4;
/// The glyph masks the cache keeps before it starts afresh (each a few hundred bytes).
const GLYPH_CACHE: usize = 20_000;

/// What a rasterized glyph depends on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    face: FaceId,
    id: u16,
    size: u32,
    phase: (u8, u8),
}

impl GlyphKey {
    /// The key of glyph `id` of `face` with its origin at `(x, y)`, and the whole pixel its origin falls in.
    fn new(face: FaceId, id: u16, size: f32, x: f32, y: f32) -> (GlyphKey, i32, i32) {
        let quarters = |v: f32| (v * GLYPH_PHASES as f32).round() as i32;
        let (qx, qy) = (quarters(x), quarters(y));
        let key = GlyphKey {
            face,
            id,
            size: size.to_bits(),
            phase: (qx.rem_euclid(GLYPH_PHASES) as u8, qy.rem_euclid(GLYPH_PHASES) as u8),
        };
        (key, qx.div_euclid(GLYPH_PHASES), qy.div_euclid(GLYPH_PHASES))
    }
}

/// A glyph's coverage, row by row, with its top-left corner relative to the whole pixel its pen position falls
/// in.
struct GlyphMask {
    x: i32,
    y: i32,
    width: usize,
    coverage: Vec<u8>,
}

static GLYPHS: LazyLock<std::sync::Mutex<std::collections::HashMap<GlyphKey, std::sync::Arc<GlyphMask>>>> =
    LazyLock::new(Default::default);

/// The mask of `key`'s glyph, rasterized the first time it is asked for: the pictures' words are a few dozen
/// letters in a few sizes, and outlining them was a tenth of a board picture's time.
fn glyph_mask(key: GlyphKey) -> std::sync::Arc<GlyphMask> {
    use ab_glyph::Font as _;
    let lock = || GLYPHS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(mask) = lock().get(&key) {
        return mask.clone();
    }
    let at = |p: u8| f32::from(p) / GLYPH_PHASES as f32;
    let face = key.face.face();
    // Every font is drawn at the same em; the rasterizer's scale is the font's own height for that em.
    let scale = typeset::em(f32::from_bits(key.size)) * face.scale_per_em;
    let glyph = ab_glyph::GlyphId(key.id).with_scale_and_position(
        ab_glyph::PxScale::from(scale),
        ab_glyph::point(at(key.phase.0), at(key.phase.1)),
    );
    let mask = match face.raster.outline_glyph(glyph) {
        Some(outlined) => {
            let bounds = outlined.px_bounds();
            let width = bounds.width() as usize;
            let mut coverage = vec![0; width * bounds.height() as usize];
            outlined.draw(|gx, gy, c| {
                if let Some(cell) = coverage.get_mut(gy as usize * width + gx as usize) {
                    *cell = round_u8(c.clamp(0.0, 1.0) * 255.0);
                }
            });
            GlyphMask { x: bounds.min.x as i32, y: bounds.min.y as i32, width, coverage }
        }
        None => GlyphMask { x: 0, y: 0, width: 0, coverage: Vec::new() },
    };
    let mask = std::sync::Arc::new(mask);
    let mut glyphs = lock();
    if glyphs.len() >= GLYPH_CACHE {
        glyphs.clear();
    }
    glyphs.insert(key, mask.clone());
    mask
}

/// Pictures at least this large (in bytes) are drawn in reused buffers: a board picture is 2 to 3 MB, and
/// allocating one for every move left the allocator's heap fragmented (a process that had drawn a few thousand
/// pictures held 100 MB more than it used) besides costing the page faults of fresh memory.
const POOLED: usize = 256 * 1024;
/// Spare buffers kept per thread: a picture and the canvas it is copied into.
const SPARES: usize = 2;

thread_local! {
    static SPARE: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Composites the premultiplied pixels `src` over `dst`, pixel by pixel.
fn blend_pixels(src: &[u8], dst: &mut [u8]) {
    for (s, d) in src.chunks_exact(4).zip(dst.chunks_exact_mut(4)) {
        match s[3] {
            0 => {}
            255 => d.copy_from_slice(s),
            a => {
                let keep = 255 - u32::from(a);
                for i in 0..3 {
                    d[i] = (u32::from(s[i]) + (u32::from(d[i]) * keep + 127) / 255).min(255) as u8;
                }
                d[3] = (u32::from(a) + (u32::from(d[3]) * keep + 127) / 255).min(255) as u8;
            }
        }
    }
}

/// A buffer of `len` bytes (contents unspecified), a spare one of this thread's when it has one.
fn spare(len: usize) -> Vec<u8> {
    let found = SPARE.with_borrow_mut(|spares| {
        let at = spares.iter().position(|b| b.capacity() >= len)?;
        Some(spares.swap_remove(at))
    });
    let mut raw = found.unwrap_or_default();
    raw.resize(len, 0);
    raw.truncate(len);
    raw
}

/// Gives a finished picture's buffer back, for the next picture drawn on this thread.
pub fn recycle(img: RgbaImage) {
    let raw = img.into_raw();
    if raw.capacity() < POOLED {
        return;
    }
    SPARE.with_borrow_mut(|spares| {
        if spares.len() < SPARES {
            spares.push(raw);
        }
    });
}

/// A square picture drawn once on a transparent canvas and stamped many times: a piece, a badge, a marker.
pub(crate) struct Sprite {
    img: RgbaImage,
    /// The offset of its centre from its top-left corner.
    half: i32,
}

impl Sprite {
    /// A `size` x `size` sprite; `draw` gets the transparent canvas and the coordinate of its centre, `size / 2`.
    pub fn new(size: u32, draw: impl FnOnce(&mut Canvas, f32)) -> Sprite {
        let mut c = Canvas::new(size, size, Rgba([0, 0, 0, 0]));
        draw(&mut c, size as f32 / 2.0);
        Sprite { img: c.into_image(), half: (size / 2) as i32 }
    }

    /// The premultiplied picture, for [`Canvas::composite`] at a top-left corner.
    pub(crate) fn image(&self) -> &RgbaImage {
        &self.img
    }
}

/// A player's name as a picture shows it: trimmed and cut to `max` characters (at a grapheme), the last of them
/// then `…`; `None` when there is no name or nothing of it would be seen (blank, or only invisible characters
/// such as the Hangul filler some members use for an empty-looking name), so that the picture shows the seat's
/// label instead.
pub(crate) fn short_name(name: Option<&str>, max: usize) -> Option<String> {
    let name =
        name.map(str::trim).filter(|n| !n.chars().all(|c| c.is_whitespace() || typeset::invisible(c)))?;
    Some(crate::text::cut(name, max))
}

/// `text` at the largest size from `size` down to `min` (in steps of one pixel) whose width fits `width`; when
/// even `min` is too wide, the text cut with `…` (between graphemes) until it fits at `min`. Longer translations
/// shrink instead of overflowing the picture.
pub(crate) fn fit_text(text: &str, width: f32, size: f32, min: f32, weight: Weight) -> (f32, String) {
    let mut at = size;
    while at > min && text_width(at, weight, text) > width {
        at = (at - 1.0).max(min);
    }
    if text_width(at, weight, text) <= width {
        return (at, text.to_string());
    }
    (at, cut_to_width(text, width, at, weight))
}

/// `name` then `suffix` (a seat's colour, " (Red)") like [`fit_text`], except that when even `min` is too wide it
/// is the name that is cut with `…`, and the suffix stays whole. The name is isolated from the suffix, so that a
/// right-to-left name leaves the suffix after it.
pub(crate) fn fit_name(
    name: &str,
    suffix: &str,
    width: f32,
    size: f32,
    min: f32,
    weight: Weight,
) -> (f32, String) {
    let whole = format!("{}{suffix}", crate::text::isolate(name));
    let (at, shown) = fit_text(&whole, width, size, min, weight);
    if shown == whole || suffix.is_empty() {
        return (at, shown);
    }
    let name = cut_to_width(name, width - text_width(at, weight, suffix), at, weight);
    (at, format!("{}{suffix}", crate::text::isolate(&name)))
}

/// The advance width of `text` at `size` pixels.
pub(crate) fn text_width(size: f32, weight: Weight, text: &str) -> f32 {
    typeset::width(text, size, weight)
}

/// `v` (in `0..=255`, or a little outside) rounded to the nearest whole number, halves up, as a byte: what
/// `v.round() as u8` gives, without the call to the C library's `roundf` that costs more than the blend around it.
#[inline]
pub(crate) fn round_u8(v: f32) -> u8 {
    (v + 0.5) as u8
}

/// The length of the vector `(x, y)`: `hypot` without its care for overflow, which pictures' small numbers never
/// need and which costs several times as much per pixel.
#[inline]
pub(crate) fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from `p` to the segment `a`-`b`.
pub(crate) fn segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    length(p.0 - (a.0 + t * dx), p.1 - (a.1 + t * dy))
}

/// The bounding box and signed distance (exact inside, a good bound outside) of a convex polygon.
pub(crate) fn convex_sdf(points: &[(f32, f32)]) -> ((f32, f32, f32, f32), impl Fn(f32, f32) -> f32 + use<>) {
    let xs = points.iter().map(|p| p.0);
    let ys = points.iter().map(|p| p.1);
    let bbox = (
        xs.clone().fold(f32::INFINITY, f32::min),
        ys.clone().fold(f32::INFINITY, f32::min),
        xs.fold(f32::NEG_INFINITY, f32::max),
        ys.fold(f32::NEG_INFINITY, f32::max),
    );
    // Orientation: positive area means clockwise in screen coordinates (y down).
    let area: f32 = (0..points.len())
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    // Each edge as its start and the unit normal pointing out, so that a pixel costs a few products per edge.
    let edges: Vec<(f32, f32, f32, f32)> = (0..points.len())
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            let (ex, ey) = (b.0 - a.0, b.1 - a.1);
            let len = length(ex, ey);
            (a.0, a.1, sign * ey / len, sign * ex / len)
        })
        .collect();
    let sdf = move |x: f32, y: f32| {
        // Signed distance to each edge line, positive on the outer side; the largest is the polygon's.
        edges.iter().fold(f32::NEG_INFINITY, |d, &(ax, ay, nx, ny)| d.max((x - ax) * nx - (y - ay) * ny))
    };
    (bbox, sdf)
}

/// Encodes a picture as a PNG, with settings tuned for flat board pictures (small and quick).
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut out = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(img.as_raw(), img.width(), img.height(), image::ExtendedColorType::Rgba8)
        .expect("encoding to memory cannot fail");
    out
}

#[cfg(test)]
#[path = "canvas_tests.rs"]
mod tests;
