//! The drawing toolkit, which knows no game: a canvas with fonts and anti-aliased shapes, PNG encoding as a
//! separate step, the animated GIF encoder, a caption band and the leaderboard picture. The words a picture
//! draws are in the language it is given (see [`words`]). Each game draws its own board with it (its
//! `picture.rs`).

use image::RgbaImage;

pub(crate) mod canvas;
mod caption;

pub(crate) use caption::with_caption;
pub(crate) mod gif;
pub mod leaderboard;
pub(crate) mod words;

pub use canvas::encode_png;

/// A picture with a caption band under it (the clock, already in the reader's language) when there is one,
/// encoded as PNG.
pub(crate) fn png_with_caption(picture: &RgbaImage, caption: Option<&str>) -> Vec<u8> {
    match caption {
        Some(caption) => encode_png(&with_caption(picture, caption)),
        None => encode_png(picture),
    }
}
