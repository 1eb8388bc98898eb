//! The tournament standings picture: each player's place, points, games played and the tournament's tie-breaks,
//! each in a column of its own; a withdrawn player marked in words. Pure: rows in, picture out; the column heads
//! in the language given, the title, subtitle and tie-breaks' heads as the caller wrote them.

use std::sync::LazyLock;

use image::RgbaImage;

use super::canvas::{Align, Canvas, Color, Weight, text_width};
use super::table::{
    self, COLOURS, COLUMNS, HEADER, INK, MUTED, ROW, X_NAME, X_PLACE, frame, head, place, row_fill, titles,
};
use super::words::say;
use super::{CAPTION_COLOURS, Palette, encode_indexed};
use crate::i18n::Lang;

/// What the picture shows, already in words and numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsView {
    /// "Tournament #3: Tablut".
    pub title: String,
    /// "after round 2 · 8 players".
    pub subtitle: String,
    /// The heads of the tie-break columns, in order ("BUCHHOLZ", "S-B"): at most two (every format has).
    pub tie_breaks: Vec<String>,
    pub rows: Vec<StandingRow>,
}

/// One player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow {
    pub place: usize,
    pub name: String,
    /// "3½".
    pub points: String,
    /// Games played.
    pub games: u32,
    /// The value of each tie-break, as its column shows it ("7½", "12.75").
    pub tie_breaks: Vec<String>,
    /// Out of the later rounds: their games so far still count.
    pub withdrawn: bool,
    /// The asking member's own line.
    pub highlight: bool,
}

/// Right edges of the number columns: points, games, then the tie-breaks from [`X_BREAKS`] on.
const X_POINTS: f32 = 420.0;
const X_GAMES: f32 = 490.0;
const X_BREAKS: f32 = 595.0;
const BREAK_STEP: f32 = 95.0;
/// The most tie-break columns the picture has room for.
const BREAKS: usize = 2;

/// The standings' palette: the tables' colours, the caption's, then the edge shades of a sample.
static PALETTE: LazyLock<Palette> = LazyLock::new(|| {
    let row = |place: usize| StandingRow {
        place,
        name: format!("Player number {place}"),
        points: "3½".into(),
        games: 4,
        tie_breaks: vec!["7½".into(), "12.75".into()],
        withdrawn: place == 5,
        highlight: place == 2,
    };
    let view = StandingsView {
        title: "Tournament #1: Some game".into(),
        subtitle: "after round 4 · 10 players".into(),
        tie_breaks: vec!["BUCHHOLZ".into(), "S-B".into()],
        rows: (1..=10).map(row).collect(),
    };
    Palette::build(&[&COLOURS[..], &CAPTION_COLOURS[..]].concat(), &[render_standings(&view, Lang::En)])
});

/// The standings picture encoded as an indexed PNG in its palette, as the bot posts it.
pub fn standings_png(view: &StandingsView, lang: Lang) -> Vec<u8> {
    encode_indexed(&render_standings(view, lang), &PALETTE)
}

/// Draws the standings, the heads of its own columns in `lang`.
pub fn render_standings(view: &StandingsView, lang: Lang) -> RgbaImage {
    let fills: Vec<Color> = view.rows.iter().enumerate().map(|(i, row)| row_fill(row.highlight, i)).collect();
    let mut c = frame(&fills, false);
    titles(&mut c, &view.title, &view.subtitle);
    let word = |key: &str| say(lang, key, &[]);
    head(&mut c, X_PLACE, Align::Center, 40.0, "#");
    head(&mut c, X_NAME, Align::Left, X_POINTS - 90.0 - X_NAME, &word("picture-leaderboard-player"));
    head(&mut c, X_POINTS, Align::Right, 90.0, &word("picture-standings-points"));
    head(&mut c, X_GAMES, Align::Right, X_GAMES - X_POINTS - 8.0, &word("picture-standings-games"));
    for (i, label) in view.tie_breaks.iter().take(BREAKS).enumerate() {
        head(&mut c, X_BREAKS + BREAK_STEP * i as f32, Align::Right, BREAK_STEP - 8.0, label);
    }
    let mut top = HEADER + COLUMNS;
    if view.rows.is_empty() {
        let nobody = word("picture-leaderboard-nobody");
        c.text_centered_v(X_NAME, top + ROW / 2.0, 18.0, Weight::Regular, Align::Left, MUTED, &nobody);
    }
    let withdrawn = word("picture-standings-withdrawn");
    for row in &view.rows {
        draw_row(&mut c, top, row, &withdrawn);
        top += ROW;
    }
    c.into_image()
}

/// A row's contents, over its background.
fn draw_row(c: &mut Canvas, top: f32, row: &StandingRow, withdrawn: &str) {
    let mid = top + ROW / 2.0;
    place(c, mid, row.place);
    let weight = if row.highlight { Weight::Bold } else { Weight::Regular };
    let room = X_POINTS - 60.0 - X_NAME;
    // A withdrawn player's name is muted, and the word for it follows in a smaller size.
    let (colour, note) = if row.withdrawn { (MUTED, Some(withdrawn)) } else { (INK, None) };
    let note_room = note.map_or(0.0, |note| text_width(14.0, Weight::Regular, note).min(room / 2.0) + 10.0);
    let name = table::name(&row.name, room - note_room, 19.0, weight);
    c.text_centered_v(X_NAME, mid, 19.0, weight, Align::Left, colour, &name);
    if let Some(note) = note {
        let x = X_NAME + text_width(19.0, weight, &name) + 10.0;
        let note = table::name(note, note_room - 10.0, 14.0, Weight::Regular);
        c.text_centered_v(x, mid, 14.0, Weight::Regular, Align::Left, MUTED, &note);
    }
    c.text_centered_v(X_POINTS, mid, 19.0, Weight::Bold, Align::Right, INK, &row.points);
    c.text_centered_v(X_GAMES, mid, 17.0, Weight::Regular, Align::Right, MUTED, &row.games.to_string());
    for (i, value) in row.tie_breaks.iter().take(BREAKS).enumerate() {
        let x = X_BREAKS + BREAK_STEP * i as f32;
        c.text_centered_v(x, mid, 17.0, Weight::Regular, Align::Right, MUTED, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_hold_their_own_values() {
        let row = |place: usize| StandingRow {
            place,
            name: format!("player {place}"),
            points: "2½".into(),
            games: 3,
            tie_breaks: vec!["4".into(), "21.75".into()],
            withdrawn: place == 3,
            highlight: false,
        };
        let view = StandingsView {
            title: "Tournament #1: Tablut".into(),
            subtitle: "after round 3 · 4 players".into(),
            tie_breaks: vec!["BUCHHOLZ".into(), "S-B".into()],
            rows: (1..=4).map(row).collect(),
        };
        let img = render_standings(&view, Lang::En);
        assert_eq!(img.width(), table::WIDTH);
        assert_eq!(img.height(), (HEADER + COLUMNS + 4.0 * ROW + table::FOOTER).ceil() as u32);
        // The widest value of a column ends at its right edge, clear of the next column's widest.
        let games = text_width(17.0, Weight::Regular, "999");
        assert!(X_POINTS + 4.0 < X_GAMES - games);
        let value = text_width(17.0, Weight::Regular, "199.75");
        assert!(X_GAMES + 4.0 < X_BREAKS - value && X_BREAKS + 4.0 < X_BREAKS + BREAK_STEP - value);
        assert!(X_BREAKS + BREAK_STEP * (BREAKS - 1) as f32 <= table::WIDTH as f32 - table::MARGIN);
    }
}
