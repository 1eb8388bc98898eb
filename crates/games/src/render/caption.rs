//! A caption band under a board picture: the game's clock ("alice to move, 2 d 4 h left").

use image::RgbaImage;

use super::canvas::{Align, Canvas, Color, Weight, fit_text, rgb};

const BAND_BG: Color = rgb(0x2b_2d_31);
const BAND_TEXT: Color = rgb(0xf2_f3_f5);
/// The band's colours, which every game's palette holds.
pub(crate) const CAPTION_COLOURS: [Color; 2] = [BAND_BG, BAND_TEXT];

/// Height of the band, in pixels.
const BAND: u32 = 44;
const TEXT_SIZE: f32 = 22.0;

/// `picture` with `caption` written in a band under it.
pub(crate) fn with_caption(picture: &RgbaImage, caption: &str) -> RgbaImage {
    let band = band(picture.width(), caption);
    let mut raw = Vec::with_capacity(picture.as_raw().len() + band.as_raw().len());
    raw.extend_from_slice(picture.as_raw());
    raw.extend_from_slice(band.as_raw());
    RgbaImage::from_raw(picture.width(), picture.height() + BAND, raw).expect("the sizes add up")
}

/// The caption band alone, `width` pixels wide: what goes under a picture.
pub(crate) fn band(width: u32, caption: &str) -> RgbaImage {
    let mut canvas = Canvas::new(width, BAND, BAND_BG);
    // A long caption (a translation, a long name) shrinks, then is cut, to stay inside the band.
    let (size, text) =
        fit_text(&crate::text::cut(caption, 120), width as f32 - 24.0, TEXT_SIZE, 15.0, Weight::Regular);
    canvas.text_centered_v(
        width as f32 / 2.0,
        BAND as f32 / 2.0,
        size,
        Weight::Regular,
        Align::Center,
        BAND_TEXT,
        &text,
    );
    canvas.into_image()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_is_added_under_the_picture() {
        let picture = RgbaImage::from_pixel(300, 200, image::Rgba([255, 255, 255, 255]));
        let captioned = with_caption(&picture, "alice to move, 2 d 4 h left");
        assert_eq!(captioned.dimensions(), (300, 200 + BAND));
        assert_eq!(captioned.get_pixel(10, 10), picture.get_pixel(10, 10));
        let band: Vec<_> = (0..300).map(|x| captioned.get_pixel(x, 200 + BAND / 2)).collect();
        assert!(band.iter().any(|p| p[0] > 200), "the text is drawn in the band");
    }
}
