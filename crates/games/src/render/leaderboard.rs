//! The leaderboard picture: a game's top players on a server with their rating, games and a small trend, and the
//! asking member's own place below when they are not in the top. Pure: rows in, picture out; the column heads in
//! the language given, the title and subtitle as the caller wrote them.

use std::sync::LazyLock;

use image::RgbaImage;

use super::canvas::{Align, Canvas, Color, Weight};
use super::table::{
    self, COLOURS, COLUMNS, DOWN, GAP, HEADER, INK, MARGIN, MUTED, ROW, UP, WIDTH, X_NAME, X_PLACE, frame,
    head, place, row_fill, skipped, titles,
};
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

/// Column positions: rating, games, record (right edges), trend (left); the place and the name as every table's.
const X_RATING: f32 = 410.0;
const X_GAMES: f32 = 478.0;
const X_RECORD: f32 = 570.0;
const X_TREND: f32 = 592.0;
const TREND_WIDTH: f32 = WIDTH as f32 - MARGIN - 8.0 - X_TREND;

/// The leaderboard's fixed palette, in which it is encoded like the boards: its colours exactly, the caption's,
/// then the edge shades of a sample board (medals, trends up and down, the asking member's row).
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
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
    Palette::build(&[&COLOURS[..], &CAPTION_COLOURS[..]].concat(), &samples)
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
    let fills: Vec<Color> = view.rows.iter().enumerate().map(|(i, row)| row_fill(row.highlight, i)).collect();
    let mut c = frame(&fills, view.own.is_some());
    titles(&mut c, &view.title, &view.subtitle);
    // Each head fits the room of its column: up to the next column's widest value.
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
        skipped(&mut c, top);
        draw_row(&mut c, top + GAP, own);
    }
    c.into_image()
}

/// A row's contents, over its background.
fn draw_row(c: &mut Canvas, top: f32, row: &LeaderRow) {
    let mid = top + ROW / 2.0;
    place(c, mid, row.place);
    let weight = if row.highlight { Weight::Bold } else { Weight::Regular };
    let name = table::name(&row.name, X_RATING - 70.0 - X_NAME, 19.0, weight);
    c.text_centered_v(X_NAME, mid, 19.0, weight, Align::Left, INK, &name);
    c.text_centered_v(X_RATING, mid, 19.0, Weight::Bold, Align::Right, INK, &row.rating);
    c.text_centered_v(X_GAMES, mid, 17.0, Weight::Regular, Align::Right, MUTED, &row.games.to_string());
    c.text_centered_v(X_RECORD, mid, 17.0, Weight::Regular, Align::Right, MUTED, &row.record);
    sparkline(c, X_TREND, top + 10.0, (TREND_WIDTH, ROW - 20.0), &row.trend);
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
    use crate::render::table::FOOTER;

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
