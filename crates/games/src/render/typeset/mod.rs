//! The one text layer of every picture: a line of text in, its glyphs placed out.
//!
//! A line goes through three steps, the ones a browser takes:
//! 1. **Bidirectional order** (`unicode-bidi`, UAX #9): the line's direction is its first strong letter's, so a
//!    Hebrew name alone reads right to left; the pictures' sentences isolate each name they hold
//!    ([`crate::text::isolate`]),
//!    so "alice vs שלום" keeps the sentence's order and each name its own.
//! 2. **Fonts** ([`faces`]): each grapheme (a letter with its marks, a joined emoji) is drawn by the font of its
//!    script, else the first of the chain that has it; spaces and punctuation stay with the font around them.
//!    A grapheme no font has becomes a [`Item::Missing`] box with its code point.
//! 3. **Shaping** (`rustybuzz`, HarfBuzz's algorithms): each stretch of one font and one direction is shaped
//!    whole, which joins Arabic letters, builds Devanagari conjuncts, places marks and kerns.
//!
//! Measuring and drawing use the same [`Line`], so a name is drawn exactly as wide as it was measured; lines are
//! kept in a cache, as the same names are drawn on every move of a game.
//!
//! Why `rustybuzz`: it is HarfBuzz's shaping ported to Rust (every script's shaper, the same results), and it
//! reads fonts with `ttf-parser`, which `ab_glyph` (the rasterizer the pictures already used) reads them with too:
//! six small crates more, and one font parser. `cosmic-text` would bring a second rasterizer (`swash`), a font
//! database made for the host's fonts and line breaking the pictures do not need; `harfrust` a second font
//! parser (`read-fonts`). Neither draws better here.

mod faces;

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use unicode_bidi::BidiInfo;
use unicode_segmentation::UnicodeSegmentation;

pub(crate) use faces::{FaceId, Weight, invisible};
use faces::{Source, source};

/// A line of text laid out: its glyphs and boxes left to right, and its advance width, in pixels.
#[derive(Debug, Default)]
pub(crate) struct Line {
    pub(crate) items: Vec<Item>,
    pub(crate) width: f32,
}

/// One thing drawn on a line, `x` from the line's left edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Item {
    /// A glyph of a font, its origin `y` pixels below the baseline (marks are raised: negative).
    Glyph { face: FaceId, id: u16, x: f32, y: f32 },
    /// A character no font has, drawn as its code point in a box `width` wide.
    Missing { code: u32, x: f32, width: f32 },
}

/// DejaVu Sans's metrics every line is set by: its height (the rasterizer's scale) per em, and its ascent per em.
static SANS: LazyLock<(f32, f32)> = LazyLock::new(|| {
    use ab_glyph::Font as _;
    let sans = FaceId::sans(Weight::Regular).face();
    (sans.scale_per_em, sans.raster.ascent_unscaled() / sans.units_per_em)
});

/// The pixels of an em at a text `size`. The pictures give sizes as DejaVu Sans's height (ascent to descent, as
/// its rasterizer counts them), and every font is drawn at the same em.
pub(crate) fn em(size: f32) -> f32 {
    size / SANS.0
}

/// How far the baseline lies below the top of a line of `size`: DejaVu Sans's ascent.
pub(crate) fn ascent(size: f32) -> f32 {
    em(size) * SANS.1
}

/// The lines already laid out, by size and weight, then text.
type Lines = HashMap<(u32, Weight), HashMap<Box<str>, Arc<Line>>>;
static LINES: LazyLock<Mutex<Lines>> = LazyLock::new(Default::default);
/// The lines the cache keeps before it starts afresh.
const CACHED: usize = 4_096;

/// `text` laid out at `size` in `weight`.
pub(crate) fn line(text: &str, size: f32, weight: Weight) -> Arc<Line> {
    let lock = || LINES.lock().unwrap_or_else(PoisonError::into_inner);
    let key = (size.to_bits(), weight);
    if let Some(line) = lock().get(&key).and_then(|lines| lines.get(text)) {
        return line.clone();
    }
    let line = Arc::new(lay_out(text, size, weight));
    let mut lines = lock();
    if lines.values().map(HashMap::len).sum::<usize>() >= CACHED {
        lines.clear();
    }
    lines.entry(key).or_default().insert(text.into(), line.clone());
    line
}

/// The advance width of `text` at `size` pixels.
pub(crate) fn width(text: &str, size: f32, weight: Weight) -> f32 {
    line(text, size, weight).width
}

/// The longest start of `text` that, followed by "…", fits `room` pixels, cut between graphemes (never through
/// a letter and its marks, a joined emoji or a conjunct); "…" alone when not even one grapheme fits.
pub(crate) fn cut_to_width(text: &str, room: f32, size: f32, weight: Weight) -> String {
    let ends: Vec<usize> = text.grapheme_indices(true).map(|(at, g)| at + g.len()).collect();
    let shown = |n: usize| format!("{}…", text[..ends[n - 1]].trim_end());
    // The widest n (graphemes kept) that fits, by bisection: widths grow with n.
    let (mut fits, mut too_wide) = (0, ends.len());
    while too_wide - fits > 1 {
        let mid = usize::midpoint(fits, too_wide);
        if width(&shown(mid), size, weight) <= room {
            fits = mid;
        } else {
            too_wide = mid;
        }
    }
    if fits == 0 { "…".to_string() } else { shown(fits) }
}

fn lay_out(text: &str, size: f32, weight: Weight) -> Line {
    let mut line = Line::default();
    if text.is_empty() {
        return line;
    }
    let em = em(size);
    let bidi = BidiInfo::new(text, None);
    for paragraph in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            let pieces = itemize(text, run, weight);
            // A right-to-left run's pieces are laid out from its logical end; each piece's glyphs come out of
            // the shaper already left to right.
            let ordered: Box<dyn Iterator<Item = &(Range<usize>, Source)>> =
                if rtl { Box::new(pieces.iter().rev()) } else { Box::new(pieces.iter()) };
            for (range, source) in ordered {
                match *source {
                    Source::Font(face) => shape(&mut line, &text[range.clone()], face, rtl, em),
                    Source::Missing(c) => {
                        let width = missing_width(size);
                        line.items.push(Item::Missing { code: u32::from(c), x: line.width, width });
                        line.width += width;
                    }
                }
            }
        }
    }
    line
}

/// The run `range` of `text` cut where its font changes.
fn itemize(text: &str, range: Range<usize>, weight: Weight) -> Vec<(Range<usize>, Source)> {
    let mut pieces: Vec<(Range<usize>, Source)> = Vec::new();
    for (at, grapheme) in text[range.clone()].grapheme_indices(true) {
        let span = range.start + at..range.start + at + grapheme.len();
        let previous = match pieces.last() {
            Some((_, Source::Font(face))) => Some(*face),
            _ => None,
        };
        let source = source(grapheme, previous, weight);
        match pieces.last_mut() {
            Some((last, Source::Font(face))) if source == Source::Font(*face) => last.end = span.end,
            _ => pieces.push((span, source)),
        }
    }
    pieces
}

/// Shapes `text` (one font, one direction) onto the end of `line`.
fn shape(line: &mut Line, text: &str, id: FaceId, rtl: bool, em: f32) {
    let face = id.face();
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    if id.is_emoji() {
        // A monochrome emoji has no skin tone: the modifier after it would be drawn as a patch of its own.
        let toned = |c: char| ('\u{1F3FB}'..='\u{1F3FF}').contains(&c);
        let mut previous = None;
        for (at, c) in text.char_indices() {
            if !(toned(c) && previous.is_some_and(|p: char| !p.is_whitespace())) {
                buffer.add(c, at as u32);
            }
            previous = Some(c);
        }
    } else {
        buffer.push_str(text);
    }
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let glyphs = rustybuzz::shape(&face.shaper, &[], buffer);
    let scale = em / face.units_per_em;
    for (info, at) in glyphs.glyph_infos().iter().zip(glyphs.glyph_positions()) {
        // Glyph 0 is the font's "missing" glyph: a mark this font lacks, drawn as nothing (its letter is drawn).
        let Ok(glyph) = u16::try_from(info.glyph_id) else { continue };
        if glyph == 0 {
            continue;
        }
        line.items.push(Item::Glyph {
            face: id,
            id: glyph,
            x: line.width + at.x_offset as f32 * scale,
            y: -(at.y_offset as f32) * scale,
        });
        line.width += at.x_advance as f32 * scale;
    }
}

/// The width of the box a missing character is drawn as: a row of three of the widest hexadecimal digit, and
/// a margin.
pub(crate) fn missing_width(size: f32) -> f32 {
    width("DDD", MISSING_DIGIT * size, Weight::Regular) + 0.3 * em(size)
}

/// The size of a missing character's digits, as a part of the line's size.
pub(crate) const MISSING_DIGIT: f32 = 0.42;

/// A missing character's code point as the box shows it: six hexadecimal digits in two rows of three.
pub(crate) fn missing_rows(code: u32) -> (String, String) {
    let hex = format!("{code:06X}");
    (hex[..3].to_string(), hex[3..].to_string())
}

#[cfg(test)]
mod tests;
