//! Fixed palettes, and the indexed PNG encoder that uses them.
//!
//! A board picture is flat colours plus the anti-aliased shades where two of them meet, a few thousand distinct
//! colours in all, so a palette of 255 entries holds it with no visible change: each game builds its palette once
//! from its base colours (kept exact) and sample pictures of its own (whose edge shades fill the rest), and every
//! picture of that game is then written as an 8-bit indexed PNG through that palette. Each pixel goes to the
//! nearest entry; a cache shared by all threads remembers the answer for each exact colour, so the search runs once per
//! colour, not once per pixel. The replay GIFs use the same palettes (255 entries leave the GIF its transparent
//! index).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

use image::RgbaImage;

use super::canvas::Color;

/// At most this many colours: a GIF needs the 256th index for "unchanged".
pub(crate) const MAX_COLOURS: usize = 255;

/// A fixed list of at most [`MAX_COLOURS`] opaque colours.
pub struct Palette {
    colours: Vec<[u8; 3]>,
    /// The nearest entry of colours seen so far, shared by every thread that encodes in this palette.
    cache: Cache,
    /// How hard deflate works on pictures in this palette (see [`COMPRESSION`]).
    deflate: png::DeflateCompression,
}

fn rgb_of(c: Color) -> [u8; 3] {
    [c.0[0], c.0[1], c.0[2]]
}

fn pack(p: [u8; 3]) -> u32 {
    (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2])
}

fn unpack(v: u32) -> [u8; 3] {
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter().zip(b).map(|(&x, y)| (i32::from(x) - i32::from(y)).unsigned_abs().pow(2)).sum()
}

/// How many pixels of each colour sample pictures hold, counted one picture at a time.
#[derive(Default)]
pub(crate) struct ColourCounts(HashMap<u32, u64>);

impl ColourCounts {
    /// Counts the colours of `img` (alpha ignored).
    pub(crate) fn add(&mut self, img: &RgbaImage) {
        let mut previous = None;
        let mut run = 0;
        for p in img.as_raw().chunks_exact(4) {
            let v = pack([p[0], p[1], p[2]]);
            if previous == Some(v) {
                run += 1;
                continue;
            }
            if let Some(prev) = previous {
                *self.0.entry(prev).or_default() += run;
            }
            previous = Some(v);
            run = 1;
        }
        if let Some(prev) = previous {
            *self.0.entry(prev).or_default() += run;
        }
    }
}

impl Palette {
    /// The palette of pictures drawn in the colours `base` that look like `samples`: the base colours first
    /// (exactly), then the samples' other colours, each time the one that the entries so far would render worst
    /// (its pixel count times its squared distance to the nearest entry), up to [`MAX_COLOURS`].
    pub(crate) fn build(base: &[Color], samples: &[RgbaImage]) -> Palette {
        let mut counts = ColourCounts::default();
        for img in samples {
            counts.add(img);
        }
        Palette::from_counts(base, counts)
    }

    /// [`Palette::build`] from the colours of sample pictures already counted, so that the pictures need not all
    /// be held at once (a game's samples are dozens of full pictures).
    pub(crate) fn from_counts(base: &[Color], counts: ColourCounts) -> Palette {
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(MAX_COLOURS);
        for c in base.iter().map(|&c| rgb_of(c)) {
            if !colours.contains(&c) && colours.len() < MAX_COLOURS {
                colours.push(c);
            }
        }
        let counts = counts.0;
        let mut seen: Vec<(u32, u64)> = counts.into_iter().collect();
        seen.sort_unstable();
        let mut worst: Vec<u32> = seen
            .iter()
            .map(|&(v, _)| colours.iter().map(|&c| distance(c, unpack(v))).min().unwrap_or(u32::MAX))
            .collect();
        while colours.len() < MAX_COLOURS {
            let Some((at, &(v, _))) = seen
                .iter()
                .enumerate()
                .filter(|(i, _)| worst[*i] > 0)
                .max_by_key(|(i, (_, n))| (n * u64::from(worst[*i]), std::cmp::Reverse(*i)))
            else {
                break;
            };
            let chosen = unpack(v);
            colours.push(chosen);
            worst[at] = 0;
            for (i, &(v, _)) in seen.iter().enumerate() {
                worst[i] = worst[i].min(distance(chosen, unpack(v)));
            }
        }
        if colours.is_empty() {
            colours.push([0, 0, 0]);
        }
        Palette { colours, cache: Cache::new(), deflate: COMPRESSION }
    }

    /// The same palette, its pictures compressed with zlib's level 2 instead of [`COMPRESSION`]: for boards whose
    /// pictures stay far below their size budget at level 2 (Tablut 25 KB instead of 24 KB, TZAAR 32 KB instead of
    /// 28 KB, against 40 KB), where it saves about 0.6 ms of the 2 ms a picture takes; and for Tantrix with 160
    /// entries ([`Palette::at_most`]: a late board 56.6 KB at level 2, against 57.5 KB with 255 entries at level 4,
    /// and 0.6 ms faster).
    pub(crate) fn compressed_faster(self) -> Palette {
        Palette { deflate: png::DeflateCompression::Level(2), ..self }
    }

    /// The same palette cut to its first `n` entries: the base colours and the `n` - base shades that
    /// [`Palette::build`] would choose with room for `n` (it picks them one after the other, the worst rendered
    /// first). Fewer shades on the anti-aliased edges make a busy picture smaller and quicker to compress.
    pub(crate) fn at_most(mut self, n: usize) -> Palette {
        self.colours.truncate(n.max(1));
        self
    }

    /// The entries, in index order.
    pub(crate) fn colours(&self) -> &[[u8; 3]] {
        &self.colours
    }

    /// The index of the entry nearest to `rgb` (searched, not cached).
    fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, &c) in self.colours.iter().enumerate() {
            let d = distance(c, rgb);
            if d < best.0 {
                best = (d, i);
                if d == 0 {
                    break;
                }
            }
        }
        best.1 as u8
    }

    /// Appends the palette index of every pixel of `pixels` (RGBA, alpha ignored) to `out`.
    pub(crate) fn map_into(&self, pixels: &[u8], out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + pixels.len() / 4, 0);
        self.map_to(pixels, &mut out[start..]);
    }

    /// Writes the palette index of every pixel of `pixels` (RGBA, alpha ignored) to `out`, one byte a pixel.
    pub(crate) fn map_to(&self, pixels: &[u8], out: &mut [u8]) {
        const LANES: u128 = 0x0000_0001_0000_0001_0000_0001_0000_0001;
        debug_assert_eq!(out.len(), pixels.len() / 4, "one index a pixel");
        // The last colour key seen and its index.
        let mut last = (u32::MAX, 0);
        let (quads, rest) = pixels.split_at(pixels.len() / 16 * 16);
        let (out_quads, out_rest) = out.split_at_mut(quads.len() / 4);
        // Four pixels at a time: a run of one colour (most of a board) costs one comparison per four pixels.
        // `run` is four pixels of the last colour (none at first: no masked four pixels have their top bits set).
        let mut run = u128::MAX;
        for (p, o) in quads.chunks_exact(16).zip(out_quads.chunks_exact_mut(4)) {
            let four = u128::from_le_bytes(p.try_into().expect("16 bytes")) & (LANES * 0x00ff_ffff);
            if four == run {
                o.copy_from_slice(&[last.1; 4]);
                continue;
            }
            for (p, o) in p.chunks_exact(4).zip(o) {
                self.map_one(&mut last, p, o);
            }
            run = LANES * u128::from(last.0);
        }
        for (p, o) in rest.chunks_exact(4).zip(out_rest) {
            self.map_one(&mut last, p, o);
        }
    }

    /// Writes the index of the pixel `p` to `o`, `last` holding the previous pixel's colour key and index.
    #[expect(clippy::inline_always, reason = "the per-pixel step of the hottest loop of encoding, measured")]
    #[inline(always)]
    fn map_one(&self, last: &mut (u32, u8), p: &[u8], o: &mut u8) {
        let v = u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0x00ff_ffff;
        if v != last.0 {
            *last = (v, self.lookup(v));
        }
        *o = last.1;
    }

    /// The index of one pixel (alpha ignored), through the cache.
    pub(crate) fn index_of(&self, p: &[u8]) -> u8 {
        self.lookup(u32::from_le_bytes([p[0], p[1], p[2], 0]))
    }

    /// The index for the colour key `v` (a pixel's first three bytes read little-endian), through the cache.
    #[inline]
    fn lookup(&self, v: u32) -> u8 {
        self.cache.get(v).unwrap_or_else(|| {
            let i = self.nearest(unpack_le(v));
            self.cache.put(v, i);
            i
        })
    }
}

/// The colour of a cache key: a pixel's first three bytes read little-endian.
fn unpack_le(v: u32) -> [u8; 3] {
    [v as u8, (v >> 8) as u8, (v >> 16) as u8]
}

/// Bits of the direct-mapped cache's index: 65,536 entries of 4 bytes per palette, shared by all threads.
const CACHE_BITS: u32 = 16;

/// Remembers the nearest entry of recently seen colours; a colour that lands on a taken slot replaces it. Each
/// slot is one atomic word holding the colour (24 bits) and its index (8 bits), so any thread reads and writes
/// it without a lock and never sees half an entry; a colour the slot does not hold is a miss. Pictures are drawn
/// on whichever thread is free, and a cache per thread started cold on each new one, which cost a Tablut picture
/// a third of a millisecond more in the bot than in the benchmark.
struct Cache {
    slots: Box<[AtomicU32]>,
}

impl Cache {
    fn new() -> Cache {
        Cache { slots: (0..1 << CACHE_BITS).map(|_| AtomicU32::new(EMPTY)).collect() }
    }

    fn slot(v: u32) -> usize {
        (v.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize
    }

    fn get(&self, v: u32) -> Option<u8> {
        let entry = self.slots[Self::slot(v)].load(Ordering::Relaxed);
        (entry != EMPTY && entry >> 8 == v).then_some(entry as u8)
    }

    fn put(&self, v: u32, index: u8) {
        self.slots[Self::slot(v)].store((v << 8) | u32::from(index), Ordering::Relaxed);
    }
}

/// An empty slot: white (`0xffffff`) at index 255, which no palette holds, since a palette has at most 255
/// entries (indices 0 to 254).
const EMPTY: u32 = 0xffff_ffff;

thread_local! {
    /// The index buffer of the last picture encoded on this thread, reused by the next.
    static INDICES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// How the indexed PNGs are compressed, chosen by measuring the board pictures (`benches/pictures.rs`): no row
/// filter, because a row of palette indices repeats the flat runs of the row above and deflate finds them as
/// matches, while `Up` turns each run into zeros but leaves a noisy residue at every edge, which costs more (a late
/// Tantrix board: 58 KB unfiltered, 62 to 78 KB with `Up`; TZAAR 28 KB against 32 KB); zlib's level 4 makes them
/// a third smaller than fdeflate's fast mode for a fraction of a millisecond more. Level 2 is faster still (a late
/// Tantrix board's indices: 1.6 ms instead of 2.3 ms) but larger (60 KB instead of 57 KB, at its budget), so only
/// the games with room to spare use it ([`Palette::compressed_faster`]). The deflate behind it is
/// zlib-rs (flate2's `zlib-rs` backend, see Cargo.toml): at level 4 it takes about half the time of miniz_oxide
/// (a Tablut picture 1.6 ms instead of 2.2 ms in all) for files a few kilobytes larger (19 KB instead of 16 KB).
const FILTER: png::Filter = png::Filter::NoFilter;
const COMPRESSION: png::DeflateCompression = png::DeflateCompression::Level(4);

/// Encodes `img` (opaque) as an 8-bit indexed PNG in `palette`, each pixel its nearest entry.
pub fn encode_indexed(img: &RgbaImage, palette: &Palette) -> Vec<u8> {
    encode_stacked(&[img], palette)
}

/// Encodes `parts` (opaque, all of one width) stacked top to bottom as one indexed PNG in `palette`: a board and
/// the caption band under it, without first copying them into one picture.
pub(crate) fn encode_stacked(parts: &[&RgbaImage], palette: &Palette) -> Vec<u8> {
    let width = parts.first().map_or(1, |p| p.width());
    debug_assert!(parts.iter().all(|p| p.width() == width), "stacked parts share one width");
    let height: u32 = parts.iter().map(|p| p.height()).sum();
    INDICES.with_borrow_mut(|indices| {
        // Every index is written below: the buffer is only zeroed where it grows.
        indices.resize((width * height) as usize, 0);
        let mut at = 0;
        for part in parts {
            let pixels = part.as_raw();
            palette.map_to(pixels, &mut indices[at..at + pixels.len() / 4]);
            at += pixels.len() / 4;
        }
        let mut out = Vec::with_capacity(48 * 1024);
        let mut encoder = png::Encoder::new(&mut out, width, height.max(1));
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.colours.iter().flatten().copied().collect::<Vec<u8>>());
        encoder.set_filter(FILTER);
        encoder.set_deflate_compression(palette.deflate);
        let mut writer = encoder.write_header().expect("a picture has a size and a palette");
        writer.write_image_data(indices).expect("encoding to memory cannot fail");
        writer.finish().expect("encoding to memory cannot fail");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::{Canvas, rgb};

    #[test]
    fn base_colours_stay_exact_and_edges_get_their_shades() {
        let (paper, ink) = (rgb(0x00ee_ebe4), rgb(0x0012_6ab0));
        let mut c = Canvas::new(60, 60, paper);
        c.fill_circle(30.0, 30.0, 17.3, ink);
        let img = c.into_image();
        let palette = Palette::build(&[paper, ink], std::slice::from_ref(&img));
        assert_eq!(palette.colours()[..2], [rgb_of(paper), rgb_of(ink)]);
        let png = encode_indexed(&img, &palette);
        let back = image::load_from_memory(&png).unwrap().to_rgba8();
        // Few enough colours to hold every shade: the picture comes back exactly.
        assert_eq!(back.as_raw(), img.as_raw());
    }

    #[test]
    fn colours_off_the_palette_go_to_the_nearest_entry() {
        let palette = Palette::build(&[rgb(0), rgb(0x00ff_ffff), rgb(0x00ff_0000)], &[]);
        assert_eq!(palette.index_of(&[250, 10, 20, 255]), 2);
        assert_eq!(palette.index_of(&[30, 30, 30, 255]), 0);
        assert_eq!(palette.index_of(&[200, 200, 220, 255]), 1);
        // Cached answers are the same answers.
        assert_eq!(palette.index_of(&[250, 10, 20, 255]), 2);
    }

    #[test]
    fn runs_and_odd_lengths_map_like_single_pixels() {
        let palette = Palette::build(&[rgb(0), rgb(0x00ff_ffff), rgb(0x00ff_0000), rgb(0x0000_ff00)], &[]);
        // Runs of every length around the four-pixel step, starting at every offset, and a tail of 1 to 3.
        let colours = [[0, 0, 0, 255], [250, 10, 20, 255], [255, 255, 255, 17], [10, 240, 9, 255]];
        let mut pixels = Vec::new();
        for (i, run) in (1..=9).cycle().take(40).enumerate() {
            for _ in 0..run {
                pixels.extend_from_slice(&colours[i % colours.len()]);
            }
        }
        for cut in 0..4 {
            let part = &pixels[..pixels.len() - 4 * cut];
            let mut out = vec![9];
            palette.map_into(part, &mut out);
            let each: Vec<u8> = part.chunks_exact(4).map(|p| palette.index_of(p)).collect();
            assert_eq!(out[0], 9, "what was there is kept");
            assert_eq!(out[1..], each[..]);
        }
    }

    #[test]
    fn a_palette_never_passes_255_colours() {
        let img = RgbaImage::from_fn(64, 64, |x, y| image::Rgba([(x * 4) as u8, (y * 4) as u8, 7, 255]));
        let palette = Palette::build(&[rgb(0x0012_3456)], std::slice::from_ref(&img));
        assert_eq!(palette.colours().len(), MAX_COLOURS);
        let back = image::load_from_memory(&encode_indexed(&img, &palette)).unwrap().to_rgba8();
        let worst =
            back.pixels().zip(img.pixels()).map(|(a, b)| distance(rgb_of(*a), rgb_of(*b))).max().unwrap();
        assert!(worst <= 3 * 16 * 16, "largest squared error {worst}");
    }
}
