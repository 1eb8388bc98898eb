//! Names in every script a Discord member commonly writes theirs in, drawn on every kind of picture: golden
//! pictures of the part of each picture that holds the names (`REGENERATE=1` rewrites them; look at each).
//!
//! Each script's name comes out in its own font, in its own order (Hebrew and Arabic right to left, Arabic letters
//! joined), next to names in other scripts; an emoji name, a 32-character name (cut with an ellipsis between
//! graphemes) and a name with a character no font has (drawn as its code point in a box).

use image::{GenericImageView, RgbaImage};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::i18n::Lang;
use tabula::render::leaderboard::{LeaderRow, LeaderboardView, leaderboard_png};
use tabula::render::standings::{StandingRow, StandingsView, standings_png};

use crate::golden;

const HEBREW: &str = "שלום עולם";
const ARABIC: &str = "محمد علي";
const DEVANAGARI: &str = "अर्जुन शर्मा";
const THAI: &str = "สมชาย ใจดี";
const JAPANESE: &str = "山田さくら";
const CHINESE: &str = "张伟";
const KOREAN: &str = "김민준";
const GREEK: &str = "Γιώργος";
const CYRILLIC: &str = "Жора Иванов";
const EMOJI: &str = "🎲 Dice Queen 👑";
/// 32 characters: longer than a board's header has room for.
const LONG: &str = "Maximilian Alexander von Habsbur";
/// U+F0000 is a private-use character: no font has it.
const UNDRAWABLE: &str = "Ann \u{F0000} Lee";

/// A game of `kind` with `seats` players after `moves` seeded moves.
fn game(kind: GameKind, seats: usize, moves: usize) -> AnyGame {
    let mut game = AnyGame::new(kind, &Setup { variant: String::new(), seed: 7, seats }).expect("a start");
    for i in 0..moves {
        let legal = game.legal_moves_text();
        game.play_text(&legal[(i * 7 + 3) % legal.len()]).expect("a legal move");
    }
    game
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// The top `height` rows of a PNG, where a board's header holds the names.
fn top(png: &[u8], height: u32) -> RgbaImage {
    let img = image::load_from_memory(png).expect("the picture decodes");
    img.view(0, 0, img.width(), height.min(img.height())).to_image()
}

/// The bottom `height` rows of a PNG.
fn bottom(png: &[u8], height: u32) -> RgbaImage {
    let img = image::load_from_memory(png).expect("the picture decodes");
    let height = height.min(img.height());
    img.view(0, img.height() - height, img.width(), height).to_image()
}

#[test]
fn a_hebrew_name_reads_right_to_left_beside_a_latin_one() {
    let png =
        game(GameKind::Tablut, 2, 3).board_png(&names(&[HEBREW, "Attacking Alice"]), Lang::En, None, None);
    golden::check("scripts-tablut-hebrew", &top(&png, 80));
}

#[test]
fn an_end_line_mixes_a_right_to_left_name_into_its_sentence() {
    // As the session writes it: each name isolated from the sentence (Text::isolated_in).
    let ended = format!(
        "{} resigned: {} wins",
        tabula_games::text::isolate(ARABIC),
        tabula_games::text::isolate("bob")
    );
    let clock = format!("{} to move, 2 d 4 h left", tabula_games::text::isolate(HEBREW));
    let png = game(GameKind::Tablut, 2, 3).board_png(
        &names(&[ARABIC, "bob"]),
        Lang::En,
        Some(&ended),
        Some(&clock),
    );
    golden::check("scripts-tablut-ended", &top(&png, 80));
    golden::check("scripts-tablut-caption", &bottom(&png, 44));
}

#[test]
fn arabic_and_devanagari_names_on_a_tzaar_board() {
    let png = game(GameKind::Tzaar, 2, 4).board_png(&names(&[ARABIC, DEVANAGARI]), Lang::En, None, None);
    golden::check("scripts-tzaar-arabic-devanagari", &top(&png, 110));
}

#[test]
fn thai_and_cjk_names_in_the_tantrix_players_panel() {
    let png = game(GameKind::Tantrix, 4, 6).board_png(
        &names(&[THAI, JAPANESE, CHINESE, KOREAN]),
        Lang::En,
        None,
        None,
    );
    golden::check("scripts-tantrix-header", &top(&png, 70));
    golden::check("scripts-tantrix-panel", &bottom(&png, 4 * 76 + 12));
}

#[test]
fn every_kind_of_name_on_the_leaderboard() {
    let row = |place: usize, name: &str| LeaderRow {
        place,
        name: name.to_string(),
        rating: format!("{}", 1700 - 10 * place),
        games: 12,
        record: "8-1-3".into(),
        trend: vec![1500.0, 1520.0 + place as f64, 1510.0],
        highlight: false,
    };
    let list = [GREEK, CYRILLIC, HEBREW, ARABIC, DEVANAGARI, THAI, JAPANESE, CHINESE, KOREAN, EMOJI];
    let view = LeaderboardView {
        title: "Tablut leaderboard".into(),
        subtitle: "This server · 12 rated players · 2026-12-07".into(),
        rows: list.iter().enumerate().map(|(i, name)| row(i + 1, name)).collect(),
        own: Some(LeaderRow { highlight: true, ..row(40, LONG) }),
    };
    let png = leaderboard_png(&view, Lang::En);
    golden::check_png("scripts-leaderboard", &png);
}

#[test]
fn the_standings_have_their_own_columns_and_say_who_withdrew() {
    let row = |place: usize, name: &str, withdrawn: bool| StandingRow {
        place,
        name: name.to_string(),
        points: ["3½", "3", "2", "1½", "½"][place - 1].to_string(),
        games: 4,
        tie_breaks: vec![format!("{}½", 9 - place), format!("{}.75", 14 - place)],
        withdrawn,
        highlight: place == 2,
    };
    let view = StandingsView {
        title: "Tournament #3: Tablut".into(),
        subtitle: "after round 4 · 5 players".into(),
        tie_breaks: vec!["BUCHHOLZ".into(), "S-B".into()],
        rows: vec![
            row(1, HEBREW, false),
            row(2, "alice", false),
            row(3, LONG, true),
            row(4, UNDRAWABLE, false),
            row(5, JAPANESE, true),
        ],
    };
    golden::check_png("scripts-standings", &standings_png(&view, Lang::En));
}

#[test]
fn a_long_name_and_an_undrawable_one_on_a_board() {
    let png = game(GameKind::Tzaar, 2, 0).board_png(&names(&[LONG, UNDRAWABLE]), Lang::En, None, None);
    golden::check("scripts-tzaar-long-undrawable", &top(&png, 110));
}

/// Every picture's words go through the one text layer: no file but the canvas and `render/typeset/` reaches a
/// font, a rasterizer or a shaper of its own.
#[test]
fn every_picture_draws_its_words_through_the_one_text_layer() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    for dir in ["src", "crates/games/src", "crates/session/src"] {
        sources(std::path::Path::new(dir), &mut files);
    }
    assert!(files.len() > 50, "the sources are read: {}", files.len());
    let layer = |path: &std::path::Path| {
        let path = path.to_string_lossy().replace('\\', "/");
        path.ends_with("render/canvas.rs") || path.contains("render/typeset/")
    };
    let strays: Vec<_> = files
        .iter()
        .filter(|f| !layer(f))
        .filter(|f| {
            let source = std::fs::read_to_string(f).unwrap();
            ["ab_glyph", "rustybuzz", "unicode_bidi", ".ttf\")", ".otf\")"].iter().any(|k| source.contains(k))
        })
        .collect();
    assert!(strays.is_empty(), "text drawn outside the text layer: {strays:?}");
}
