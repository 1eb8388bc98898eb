//! Animated GIFs of whole games, after lila-gif: one fixed palette for the whole animation (the game's own, the
//! one its still pictures are encoded in), and per frame only the rectangle that changed since the frame before,
//! with its unchanged pixels transparent so that they compress to almost nothing. Pure: frames in, bytes out.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbaImage;

use super::Palette;

/// The palette index that means "as in the frame before" (a [`Palette`] has at most 255 colours).
const TRANSPARENT: u8 = 255;

/// How long frames stay on screen, in hundredths of a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Each frame but the last.
    pub(crate) frame: u16,
    /// The last frame (the final position), held longer.
    pub(crate) last: u16,
}

impl Default for Timing {
    fn default() -> Self {
        Timing { frame: 70, last: 400 }
    }
}

/// The palette as the GIF header writes it: 256 RGB triples (the unused ones and the transparent one black).
fn palette_bytes(palette: &Palette) -> Vec<u8> {
    let mut out: Vec<u8> = palette.colours().iter().flatten().copied().collect();
    out.resize(256 * 3, 0);
    out
}

/// A GIF being written, one frame at a time; each frame is held until the next arrives so that the last one can
/// be given its longer delay.
pub struct Animation<'p> {
    encoder: Encoder<Vec<u8>>,
    palette: &'p Palette,
    timing: Timing,
    width: u32,
    height: u32,
    previous: Option<RgbaImage>,
    pending: Option<Frame<'static>>,
    frames: usize,
}

/// What went wrong while encoding (only a frame of another size, or a picture too large for a GIF).
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    #[error("the frames are {0}x{1} pixels, larger than a GIF allows")]
    TooLarge(u32, u32),
    #[error("frame {index} is {got:?} pixels, not {want:?} like the first")]
    Size { index: usize, got: (u32, u32), want: (u32, u32) },
    #[error("cannot encode the GIF: {0}")]
    Encoding(#[from] gif::EncodingError),
}

impl<'p> Animation<'p> {
    /// An animation of `width` x `height` frames, drawn in `palette`, looping forever.
    pub fn new(
        width: u32,
        height: u32,
        palette: &'p Palette,
        timing: Timing,
    ) -> Result<Animation<'p>, GifError> {
        let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
            return Err(GifError::TooLarge(width, height));
        };
        let mut encoder = Encoder::new(Vec::new(), w, h, &palette_bytes(palette))?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(Animation { encoder, palette, timing, width, height, previous: None, pending: None, frames: 0 })
    }

    /// Adds a frame: the first whole, the others as the rectangle that changed.
    pub fn push(&mut self, img: RgbaImage) -> Result<(), GifError> {
        if img.dimensions() != (self.width, self.height) {
            return Err(GifError::Size {
                index: self.frames,
                got: img.dimensions(),
                want: (self.width, self.height),
            });
        }
        let frame = match self.previous.take() {
            None => self.whole(&img),
            Some(previous) => {
                let rect = changed(&previous, &img).unwrap_or((0, 0, 1, 1));
                self.region(&previous, &img, rect)
            }
        };
        if let Some(mut held) = self.pending.replace(frame) {
            held.delay = self.timing.frame;
            self.encoder.write_frame(&held)?;
        }
        self.previous = Some(img);
        self.frames += 1;
        Ok(())
    }

    /// How many frames were pushed.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Writes the last frame, held for [`Timing::last`], and returns the file's bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, GifError> {
        if let Some(mut last) = self.pending.take() {
            last.delay = self.timing.last;
            self.encoder.write_frame(&last)?;
        }
        self.encoder.into_inner().map_err(|e| GifError::Encoding(e.into()))
    }

    fn whole(&mut self, img: &RgbaImage) -> Frame<'static> {
        let mut buffer = Vec::with_capacity(img.as_raw().len() / 4);
        self.palette.map_into(img.as_raw(), &mut buffer);
        Frame {
            width: self.width as u16,
            height: self.height as u16,
            dispose: DisposalMethod::Keep,
            buffer: Cow::Owned(buffer),
            ..Frame::default()
        }
    }

    fn region(&mut self, before: &RgbaImage, img: &RgbaImage, (x0, y0, x1, y1): Rect) -> Frame<'static> {
        let stride = self.width as usize * 4;
        let mut buffer = Vec::with_capacity((x1 - x0) as usize * (y1 - y0) as usize);
        for y in y0..y1 {
            let row = y as usize * stride;
            let span = row + x0 as usize * 4..row + x1 as usize * 4;
            let (now, then) = (&img.as_raw()[span.clone()], &before.as_raw()[span]);
            for (p, q) in now.chunks_exact(4).zip(then.chunks_exact(4)) {
                buffer.push(if p == q { TRANSPARENT } else { self.palette.index_of(p) });
            }
        }
        Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            transparent: Some(TRANSPARENT),
            dispose: DisposalMethod::Keep,
            buffer: Cow::Owned(buffer),
            ..Frame::default()
        }
    }
}

/// A rectangle `(x0, y0, x1, y1)`, ends excluded.
type Rect = (u32, u32, u32, u32);

/// The smallest rectangle holding every pixel that differs between two pictures of the same size, if any.
fn changed(a: &RgbaImage, b: &RgbaImage) -> Option<Rect> {
    let stride = a.width() as usize * 4;
    let rows = |y: u32| {
        let r = y as usize * stride..(y as usize + 1) * stride;
        (&a.as_raw()[r.clone()], &b.as_raw()[r])
    };
    let differs = |y: u32| {
        let (p, q) = rows(y);
        p != q
    };
    let y0 = (0..a.height()).find(|&y| differs(y))?;
    let y1 = (y0..a.height()).rev().find(|&y| differs(y)).unwrap_or(y0) + 1;
    let (mut x0, mut x1) = (a.width(), 0);
    for y in y0..y1 {
        let (p, q) = rows(y);
        let pixels = || p.chunks_exact(4).zip(q.chunks_exact(4));
        if let Some(first) = pixels().position(|(u, v)| u != v) {
            x0 = x0.min(first as u32);
            let last = pixels().rposition(|(u, v)| u != v).unwrap_or(first);
            x1 = x1.max(last as u32 + 1);
        }
    }
    Some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::rgb;
    use image::Rgba;

    fn decode(bytes: &[u8]) -> Vec<(u16, RgbaImage)> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes).unwrap();
        let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
        let mut screen = RgbaImage::new(w, h);
        let mut out = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let sub =
                RgbaImage::from_raw(u32::from(frame.width), u32::from(frame.height), frame.buffer.to_vec())
                    .unwrap();
            for (x, y, p) in sub.enumerate_pixels() {
                if p[3] > 0 {
                    screen.put_pixel(x + u32::from(frame.left), y + u32::from(frame.top), *p);
                }
            }
            out.push((frame.delay, screen.clone()));
        }
        out
    }

    #[test]
    fn frames_decode_to_what_was_drawn_with_the_last_held_longer() {
        let mut frames = Vec::new();
        let mut img = RgbaImage::from_pixel(40, 30, Rgba([200, 180, 120, 255]));
        frames.push(img.clone());
        for i in 0..5u32 {
            img.put_pixel(3 + i * 5, 7 + i, Rgba([20, 40, 200, 255]));
            img.put_pixel(30 - i, 20, Rgba([220, 20, 20, 255]));
            frames.push(img.clone());
        }
        let colours = [rgb(0x00c8_b478), rgb(0x0014_28c8), rgb(0x00dc_1414)];
        let palette = Palette::build(&colours, &[frames[0].clone(), frames[5].clone()]);
        assert_eq!(palette.colours().len(), 3);
        let timing = Timing { frame: 50, last: 300 };
        let mut gif = Animation::new(40, 30, &palette, timing).unwrap();
        for f in &frames {
            gif.push(f.clone()).unwrap();
        }
        let decoded = decode(&gif.finish().unwrap());
        assert_eq!(decoded.len(), frames.len());
        for (i, ((delay, got), want)) in decoded.iter().zip(&frames).enumerate() {
            assert_eq!(*delay, if i + 1 == frames.len() { 300 } else { 50 }, "frame {i}");
            for (p, q) in got.pixels().zip(want.pixels()) {
                assert_eq!(p.0[..3], q.0[..3], "frame {i}");
            }
        }
    }

    #[test]
    fn only_the_changed_rectangle_is_encoded() {
        let a = RgbaImage::from_pixel(50, 50, Rgba([1, 2, 3, 255]));
        let mut b = a.clone();
        b.put_pixel(10, 12, Rgba([200, 2, 3, 255]));
        b.put_pixel(20, 30, Rgba([200, 2, 3, 255]));
        assert_eq!(changed(&a, &b), Some((10, 12, 21, 31)));
        assert_eq!(changed(&a, &a), None);
    }

    #[test]
    fn frames_of_another_size_are_refused() {
        let a = RgbaImage::new(10, 10);
        let palette = Palette::build(&[rgb(0)], &[]);
        let mut gif = Animation::new(10, 10, &palette, Timing::default()).unwrap();
        gif.push(a).unwrap();
        assert!(matches!(gif.push(RgbaImage::new(10, 11)), Err(GifError::Size { index: 1, .. })));
    }
}
