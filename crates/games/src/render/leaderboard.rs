//! The leaderboard picture: a game's top players on a server with their rating, games and a small trend, and the
//! asking member's own place below when they are not in the top. Pure: rows in, picture out; the column heads in
//! the language given, the title and subtitle as the caller wrote them.

use std::sync::LazyLock;

use image::RgbaImage;

use super::canvas::{Align, Canvas, Color, Weight, fit_text, rgb, short_name, text_width};
use super::words::say;
use super::{CAPTION_COLOURS, Palette, encode_indexed};
use crate::i18n::Lang;

/// What the picture shows, already in words and numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardView {
    /// "Tablut leaderboard" (see [`title`]).
    pub title: String,
    /// "This server · 12 rated players · 2026-12-01" (see [`subtitle`]).
    pub subtitle: String,
    pub rows: Vec<LeaderRow>,
    /// The asking member's row, when not among `rows`.
    pub own: Option<LeaderRow>,
}

/// One player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub place: usize,
    pub name: String,
    /// "1623" or "1540?" while provisional.
    pub rating: String,
    pub games: u32,
    /// "12-1-3": wins, draws, losses.
    pub record: String,
    /// Recent ratings, oldest first.
    pub trend: Vec<f64>,
    /// The asking member's own line.
    pub highlight: bool,
}

const WIDTH: u32 = 720;
const HEADER: f32 = 92.0;
const COLUMNS: f32 = 34.0;
const ROW: f32 = 46.0;
const GAP: f32 = 30.0;
const MARGIN: f32 = 20.0;
const FOOTER: f32 = 16.0;

const BACKGROUND: Color = rgb(0x00f4_f1ea);
const BAND: Color = rgb(0x002f_3447);
const BAND_TEXT: Color = rgb(0x00ff_ffff);
const BAND_MUTED: Color = rgb(0x00c3_c8d9);
const ROW_LIGHT: Color = rgb(0x00ff_ffff);
const ROW_DARK: Color = rgb(0x00ec_e7dc);
const OWN: Color = rgb(0x00ff_f0b8);
const INK: Color = rgb(0x0022_2222);
const MUTED: Color = rgb(0x006b_6b6b);
const UP: Color = rgb(0x002e_8b57);
const DOWN: Color = rgb(0x00c0_392b);
const MEDALS: [Color; 3] = [rgb(0x00d4_a017), rgb(0x00a8_a9ad), rgb(0x00b0_6d3b)];

/// Column positions: place (centre), name (left), rating, games, record (right edges), trend (left).
const X_PLACE: f32 = MARGIN + 22.0;
const X_NAME: f32 = MARGIN + 56.0;
const X_RATING: f32 = 410.0;
const X_GAMES: f32 = 478.0;
const X_RECORD: f32 = 570.0;
const X_TREND: f32 = 592.0;
const TREND_WIDTH: f32 = WIDTH as f32 - MARGIN - 8.0 - X_TREND;

/// The leaderboard's fixed palette, in which it is encoded like the boards: its colours exactly, the caption's,
/// then the edge shades of a sample board (medals, trends up and down, the asking member's row).
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
    let base = [
        BACKGROUND, BAND, BAND_TEXT, BAND_MUTED, ROW_LIGHT, ROW_DARK, OWN, INK, MUTED, UP, DOWN, MEDALS[0],
        MEDALS[1], MEDALS[2],
    ];
    let row = |place: usize, trend: Vec<f64>| LeaderRow {
        place,
        name: format!("Player number {place}"),
        rating: "1623?".into(),
        games: 12,
        record: "12-1-3".into(),
        trend,
        highlight: false,
    };
    let view = LeaderboardView {
        title: "Some game's leaderboard".into(),
        subtitle: "This server · 12 rated players · 2026-12-01".into(),
        rows: (1..=10)
            .map(|p| row(p, vec![1500.0, 1500.0 + 17.0 * p as f64, 1490.0 + (p % 3) as f64 * 40.0]))
            .collect(),
        own: Some(LeaderRow { highlight: true, ..row(42, vec![1500.0, 1480.0]) }),
    };
    let samples = [render_leaderboard(&view, Lang::En), render_leaderboard(&view, Lang::Cs)];
    Palette::build(&[&base[..], &CAPTION_COLOURS[..]].concat(), &samples)
});

/// The leaderboard picture encoded as an indexed PNG in its palette, as the bot posts it.
pub fn leaderboard_png(view: &LeaderboardView, lang: Lang) -> Vec<u8> {
    encode_indexed(&render_leaderboard(view, lang), &PALETTE)
}

/// The title of a game's leaderboard in `lang` ("Tablut leaderboard").
pub fn title(lang: Lang, game: &str) -> String {
    say(lang, "picture-leaderboard-title", &[("game", super::words::text(game))])
}

/// The subtitle in `lang`: whose leaderboard (`everywhere`: all servers, else this one), how many rated players,
/// and the date it was drawn.
pub fn subtitle(lang: Lang, everywhere: bool, players: usize, date: &str) -> String {
    let scope = say(
        lang,
        if everywhere { "picture-leaderboard-everywhere" } else { "picture-leaderboard-here" },
        &[],
    );
    say(
        lang,
        "picture-leaderboard-subtitle",
        &[
            ("scope", super::words::text(&scope)),
            ("count", super::words::number(players)),
            ("date", super::words::text(date)),
        ],
    )
}

/// Draws the leaderboard, its column heads in `lang`.
pub fn render_leaderboard(view: &LeaderboardView, lang: Lang) -> RgbaImage {
    let own_height = if view.own.is_some() { GAP + ROW } else { 0.0 };
    let rows_height = ROW * view.rows.len().max(1) as f32;
    let height = HEADER + COLUMNS + rows_height + own_height + FOOTER;
    // The bands and rows are pixel-aligned rectangles: filled straight into the image, before the anti-aliased
    // drawing, which keeps the picture quick to make.
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
    for (i, row) in view.rows.iter().enumerate() {
        band(&mut base, MARGIN, top, top + ROW, row_fill(row, i));
        top += ROW;
    }
    if view.own.is_some() {
        band(&mut base, MARGIN, top + GAP, top + GAP + ROW, OWN);
    }
    let mut c = Canvas::from_image(base);
    let room = WIDTH as f32 - 2.0 * MARGIN;
    let (size, title) = fit_text(&view.title, room, 30.0, 20.0, Weight::Bold);
    c.text(MARGIN, 16.0 + (30.0 - size) / 2.0, size, Weight::Bold, Align::Left, BAND_TEXT, &title);
    let (size, subtitle) = fit_text(&view.subtitle, room, 17.0, 12.0, Weight::Regular);
    c.text(MARGIN, 56.0 + (17.0 - size) / 2.0, size, Weight::Regular, Align::Left, BAND_MUTED, &subtitle);
    let y = HEADER + COLUMNS / 2.0;
    // Each head fits the room of its column: up to the next column's widest value.
    let head = |c: &mut Canvas, x: f32, align: Align, room: f32, label: &str| {
        let (size, label) = fit_text(label, room, 14.0, 10.0, Weight::Bold);
        c.text_centered_v(x, y, size, Weight::Bold, align, MUTED, &label);
    };
    let word = |key: &str| say(lang, key, &[]);
    head(&mut c, X_PLACE, Align::Center, 40.0, "#");
    head(&mut c, X_NAME, Align::Left, X_RATING - 90.0 - X_NAME, &word("picture-leaderboard-player"));
    head(&mut c, X_RATING, Align::Right, 90.0, &word("picture-leaderboard-rating"));
    head(&mut c, X_GAMES, Align::Right, X_GAMES - X_RATING - 10.0, &word("picture-leaderboard-games"));
    head(&mut c, X_RECORD, Align::Right, X_RECORD - X_GAMES - 10.0, &word("picture-leaderboard-record"));
    head(&mut c, X_TREND, Align::Left, TREND_WIDTH + 8.0, &word("picture-leaderboard-trend"));
    let mut top = HEADER + COLUMNS;
    if view.rows.is_empty() {
        let nobody = word("picture-leaderboard-nobody");
        c.text_centered_v(X_NAME, top + ROW / 2.0, 18.0, Weight::Regular, Align::Left, MUTED, &nobody);
    }
    for row in &view.rows {
        draw_row(&mut c, top, row);
        top += ROW;
    }
    if let Some(own) = &view.own {
        // Three dots say that places are skipped.
        for k in 0..3 {
            c.fill_circle(X_PLACE - 10.0 + 10.0 * k as f32, top + GAP / 2.0, 2.5, MUTED);
        }
        draw_row(&mut c, top + GAP, own);
    }
    c.into_image()
}

/// The background of the `i`th row: the caller's own highlighted, the others striped.
fn row_fill(row: &LeaderRow, i: usize) -> Color {
    if row.highlight {
        OWN
    } else if i % 2 == 0 {
        ROW_LIGHT
    } else {
        ROW_DARK
    }
}

/// A row's contents, over its background.
fn draw_row(c: &mut Canvas, top: f32, row: &LeaderRow) {
    let mid = top + ROW / 2.0;
    let place = row.place.to_string();
    if let Some(&medal) = MEDALS.get(row.place.wrapping_sub(1)) {
        c.fill_circle(X_PLACE, mid, 15.0, medal);
        c.text_centered_v(X_PLACE, mid, 16.0, Weight::Bold, Align::Center, BAND_TEXT, &place);
    } else {
        let size = if place.len() > 3 { 13.0 } else { 16.0 };
        c.text_centered_v(X_PLACE, mid, size, Weight::Bold, Align::Center, INK, &place);
    }
    let weight = if row.highlight { Weight::Bold } else { Weight::Regular };
    let name = fit(&row.name, X_RATING - 70.0 - X_NAME, 19.0, weight);
    c.text_centered_v(X_NAME, mid, 19.0, weight, Align::Left, INK, &name);
    c.text_centered_v(X_RATING, mid, 19.0, Weight::Bold, Align::Right, INK, &row.rating);
    c.text_centered_v(X_GAMES, mid, 17.0, Weight::Regular, Align::Right, MUTED, &row.games.to_string());
    c.text_centered_v(X_RECORD, mid, 17.0, Weight::Regular, Align::Right, MUTED, &row.record);
    sparkline(c, X_TREND, top + 10.0, (TREND_WIDTH, ROW - 20.0), &row.trend);
}

/// The name cut (with `…`) to fit `width` pixels.
fn fit(name: &str, width: f32, size: f32, weight: Weight) -> String {
    let mut chars = name.chars().count().min(40);
    loop {
        let shown = short_name(Some(name), chars).unwrap_or_else(|| "?".to_string());
        if chars <= 4 || text_width(size, weight, &shown) <= width {
            return shown;
        }
        chars -= 1;
    }
}

/// A small line of the recent ratings, green when the last is at least the first, red otherwise, with a dot on
/// the latest; a dash when there is only one point.
fn sparkline(c: &mut Canvas, left: f32, top: f32, (width, height): (f32, f32), points: &[f64]) {
    let (Some(first), Some(last)) = (points.first(), points.last()) else { return };
    if points.len() < 2 {
        let mid = top + height / 2.0;
        c.line((left, mid), (left + width, mid), 2.0, MUTED);
        return;
    }
    let low = points.iter().copied().fold(f64::INFINITY, f64::min);
    let high = points.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = (high - low).max(1e-9);
    let colour = if last >= first { UP } else { DOWN };
    let at = |i: usize, v: f64| {
        let px = left + width * i as f32 / (points.len() - 1) as f32;
        let py = top + height - (height * ((v - low) / span) as f32);
        (px, py)
    };
    for (i, pair) in points.windows(2).enumerate() {
        c.line(at(i, pair[0]), at(i + 1, pair[1]), 2.0, colour);
    }
    let end = at(points.len() - 1, *last);
    c.fill_circle(end.0, end.1, 3.5, colour);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_rows() {
        let row = |place: usize| LeaderRow {
            place,
            name: format!("player {place}"),
            rating: "1500?".into(),
            games: 3,
            record: "1-0-2".into(),
            trend: vec![1500.0, 1540.0, 1520.0],
            highlight: false,
        };
        let view = LeaderboardView {
            title: "Leaderboard".into(),
            subtitle: "This server".into(),
            rows: (1..=10).map(row).collect(),
            own: Some(LeaderRow { highlight: true, ..row(42) }),
        };
        let img = render_leaderboard(&view, Lang::En);
        assert_eq!(img.width(), WIDTH);
        assert_eq!(img.height(), (HEADER + COLUMNS + 11.0 * ROW + GAP + FOOTER).ceil() as u32);
        let empty = render_leaderboard(&LeaderboardView { rows: Vec::new(), own: None, ..view }, Lang::En);
        assert!(empty.height() < img.height());
    }
}
