//! The drawing toolkit, which knows no game: a canvas with fonts and anti-aliased shapes, PNG encoding as a
//! separate step, the animated GIF encoder, a caption band and the leaderboard picture. The words a picture
//! draws are in the language it is given (see [`words`]). Each game draws its own board with it (its
//! `picture.rs`).

use image::RgbaImage;

pub mod canvas;
mod caption;

pub(crate) use caption::{CAPTION_COLOURS, with_caption};
pub mod gif;
pub mod leaderboard;
mod palette;
pub mod standings;
mod table;
pub(crate) mod typeset;
pub(crate) mod words;
mod workers;

pub use workers::drawn;

pub use canvas::encode_png;
pub(crate) use palette::ColourCounts;
pub use palette::{Palette, encode_indexed};

/// A picture with a caption band under it (the clock, already in the reader's language) when there is one,
/// encoded as an indexed PNG in `palette`.
pub fn png_with_caption(picture: &RgbaImage, caption: Option<&str>, palette: &Palette) -> Vec<u8> {
    match caption {
        Some(caption) => {
            palette::encode_stacked(&[picture, &caption::band(picture.width(), caption)], palette)
        }
        None => encode_indexed(picture, palette),
    }
}
