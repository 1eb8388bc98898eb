//! What the leaderboard and the tournament standings share: a title band, a row of column heads, striped rows
//! with a place (a medal for the first three), in one palette of colours.

use image::RgbaImage;

use super::canvas::{Align, Canvas, Color, Weight, cut_to_width, fit_text, rgb, text_width};

pub(crate) const WIDTH: u32 = 720;
pub(crate) const HEADER: f32 = 92.0;
pub(crate) const COLUMNS: f32 = 34.0;
pub(crate) const ROW: f32 = 46.0;
pub(crate) const GAP: f32 = 30.0;
pub(crate) const MARGIN: f32 = 20.0;
pub(crate) const FOOTER: f32 = 16.0;

pub(crate) const BACKGROUND: Color = rgb(0x00f4_f1ea);
pub(crate) const BAND: Color = rgb(0x002f_3447);
pub(crate) const BAND_TEXT: Color = rgb(0x00ff_ffff);
pub(crate) const BAND_MUTED: Color = rgb(0x00c3_c8d9);
pub(crate) const ROW_LIGHT: Color = rgb(0x00ff_ffff);
pub(crate) const ROW_DARK: Color = rgb(0x00ec_e7dc);
pub(crate) const OWN: Color = rgb(0x00ff_f0b8);
pub(crate) const INK: Color = rgb(0x0022_2222);
pub(crate) const MUTED: Color = rgb(0x006b_6b6b);
pub(crate) const UP: Color = rgb(0x002e_8b57);
pub(crate) const DOWN: Color = rgb(0x00c0_392b);
pub(crate) const MEDALS: [Color; 3] = [rgb(0x00d4_a017), rgb(0x00a8_a9ad), rgb(0x00b0_6d3b)];

/// Every colour a table is drawn in, before the anti-aliased shades.
pub(crate) const COLOURS: [Color; 14] = [
    BACKGROUND, BAND, BAND_TEXT, BAND_MUTED, ROW_LIGHT, ROW_DARK, OWN, INK, MUTED, UP, DOWN, MEDALS[0],
    MEDALS[1], MEDALS[2],
];

/// The centre of the place column, and where names start.
pub(crate) const X_PLACE: f32 = MARGIN + 22.0;
pub(crate) const X_NAME: f32 = MARGIN + 56.0;

/// A table's canvas: the title band, then `rows` rows filled with their colours from `HEADER + COLUMNS` down, and
/// after a gap a highlighted row when `own`. The bands and rows are pixel-aligned rectangles, filled straight into
/// the image before the anti-aliased drawing, which keeps the picture quick to make.
pub(crate) fn frame(rows: &[Color], own: bool) -> Canvas {
    let own_height = if own { GAP + ROW } else { 0.0 };
    let rows_height = ROW * rows.len().max(1) as f32;
    let height = HEADER + COLUMNS + rows_height + own_height + FOOTER;
    let mut base = RgbaImage::from_pixel(WIDTH, height.ceil() as u32, BACKGROUND);
    let band = |img: &mut RgbaImage, x0: f32, top: f32, bottom: f32, color: Color| {
        let (left, top, height) = (x0 as u32, top as u32, (bottom - top) as u32);
        let (right, end) = (WIDTH - left, (top + height).min(img.height()));
        for y in top..end {
            for x in left..right {
                img.put_pixel(x, y, color);
            }
        }
    };
    band(&mut base, 0.0, 0.0, HEADER, BAND);
    let mut top = HEADER + COLUMNS;
    for &fill in rows {
        band(&mut base, MARGIN, top, top + ROW, fill);
        top += ROW;
    }
    if own {
        band(&mut base, MARGIN, top + GAP, top + GAP + ROW, OWN);
    }
    Canvas::from_image(base)
}

/// The background of the `i`th row: the asking member's own highlighted, the others striped.
pub(crate) fn row_fill(highlight: bool, i: usize) -> Color {
    if highlight {
        OWN
    } else if i % 2 == 0 {
        ROW_LIGHT
    } else {
        ROW_DARK
    }
}

/// The title and the subtitle in the band, each shrunk or cut to fit.
pub(crate) fn titles(c: &mut Canvas, title: &str, subtitle: &str) {
    let room = WIDTH as f32 - 2.0 * MARGIN;
    let (size, title) = fit_text(title, room, 30.0, 20.0, Weight::Bold);
    c.text(MARGIN, 16.0 + (30.0 - size) / 2.0, size, Weight::Bold, Align::Left, BAND_TEXT, &title);
    let (size, subtitle) = fit_text(subtitle, room, 17.0, 12.0, Weight::Regular);
    c.text(MARGIN, 56.0 + (17.0 - size) / 2.0, size, Weight::Regular, Align::Left, BAND_MUTED, &subtitle);
}

/// A column's head, anchored at `x`, fitted to `room`.
pub(crate) fn head(c: &mut Canvas, x: f32, align: Align, room: f32, label: &str) {
    let (size, label) = fit_text(label, room, 14.0, 10.0, Weight::Bold);
    c.text_centered_v(x, HEADER + COLUMNS / 2.0, size, Weight::Bold, align, MUTED, &label);
}

/// A row's place: a medal for the first three.
pub(crate) fn place(c: &mut Canvas, mid: f32, place: usize) {
    let text = place.to_string();
    if let Some(&medal) = MEDALS.get(place.wrapping_sub(1)) {
        c.fill_circle(X_PLACE, mid, 15.0, medal);
        c.text_centered_v(X_PLACE, mid, 16.0, Weight::Bold, Align::Center, BAND_TEXT, &text);
    } else {
        let size = if text.len() > 3 { 13.0 } else { 16.0 };
        c.text_centered_v(X_PLACE, mid, size, Weight::Bold, Align::Center, INK, &text);
    }
}

/// Three dots between the top rows and the asking member's own, which say that places are skipped.
pub(crate) fn skipped(c: &mut Canvas, top: f32) {
    for k in 0..3 {
        c.fill_circle(X_PLACE - 10.0 + 10.0 * k as f32, top + GAP / 2.0, 2.5, MUTED);
    }
}

/// A player's name in a row, cut (with `…`, between graphemes) to fit `room` pixels.
pub(crate) fn name(name: &str, room: f32, size: f32, weight: Weight) -> String {
    let name = super::canvas::short_name(Some(name), 40).unwrap_or_else(|| "?".to_string());
    if text_width(size, weight, &name) <= room { name } else { cut_to_width(&name, room, size, weight) }
}
