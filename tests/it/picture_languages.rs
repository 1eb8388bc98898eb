//! The words drawn on pictures follow the language asked for: every game, in play and over, and the leaderboard,
//! drawn in English, Brazilian Portuguese and Czech. The header's pixels differ between languages (the words
//! really change) and nothing is drawn against the picture's left or right edge (longer translations shrink
//! instead of overflowing). `WRITE_LANGUAGE_PICTURES=<dir>` writes the pictures there, to look at them.

use image::RgbaImage;
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::i18n::Lang;
use tabula::render::leaderboard::{self, LeaderRow, LeaderboardView, render_leaderboard};

/// Rows at the top of every picture that hold its header's words.
const HEADER_ROWS: u32 = 56;

fn names(seats: usize) -> Vec<String> {
    ["Alice", "Bob", "Carol", "Dave"].iter().take(seats).map(ToString::to_string).collect()
}

fn start(kind: GameKind, variant: &str, seats: usize) -> AnyGame {
    AnyGame::new(kind, &Setup { variant: variant.to_string(), seed: 5, seats }).unwrap()
}

/// `kind`'s game in `variant` after `plies` moves picked by a fixed rule among those that do not end it.
fn late(kind: GameKind, variant: &str, seats: usize, plies: usize) -> AnyGame {
    let mut game = start(kind, variant, seats);
    for ply in 0..plies {
        let moves = game.legal_moves_text();
        let next = (0..moves.len()).map(|k| &moves[(ply * 7 + 3 + k) % moves.len()]).find_map(|m| {
            let mut after = game.clone();
            (after.play_text(m).is_ok() && after.outcome().is_none()).then_some(after)
        });
        match next {
            Some(after) => game = after,
            None => break,
        }
    }
    game
}

/// `kind`'s game in `variant` played to its end by the greedy player.
fn over(kind: GameKind, variant: &str, seats: usize) -> AnyGame {
    let mut game = start(kind, variant, seats);
    for turn in 0..2_000 {
        if game.outcome().is_some() || game.to_move().is_none() {
            break;
        }
        for m in game.greedy(turn) {
            game.play_text(&m).unwrap_or_else(|e| panic!("{} {m}: {e}", kind.name()));
        }
    }
    game
}

fn header(img: &RgbaImage) -> Vec<u8> {
    let row = img.width() as usize * 4;
    img.as_raw()[..row * HEADER_ROWS as usize].to_vec()
}

/// Whether the header's outer columns (6 pixels each side) hold one colour only: nothing was drawn there.
fn edges_clear(img: &RgbaImage) -> bool {
    let w = img.width();
    let first = *img.get_pixel(0, 0);
    (0..HEADER_ROWS).all(|y| (0..6).chain(w - 6..w).all(|x| *img.get_pixel(x, y) == first))
}

fn write(name: &str, lang: Lang, img: &RgbaImage) {
    if let Some(dir) = std::env::var_os("WRITE_LANGUAGE_PICTURES") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        img.save(dir.join(format!("{name}-{}.png", lang.code()))).unwrap();
    }
}

/// Draws `game` in every language and checks that the header changes with it and stays inside the picture.
fn check(name: &str, game: &AnyGame, seats: usize) {
    let drawn: Vec<(Lang, RgbaImage)> =
        Lang::ALL.iter().map(|&lang| (lang, game.render(&names(seats), lang))).collect();
    let (_, english) = &drawn[0];
    for (lang, img) in &drawn {
        write(name, *lang, img);
        assert_eq!(
            img.dimensions(),
            english.dimensions(),
            "{name} {lang:?}: the words change, not the layout"
        );
        assert!(edges_clear(img), "{name} {lang:?}: the header's words reach the picture's edge");
        if *lang != Lang::En {
            assert_ne!(header(img), header(english), "{name} {lang:?}: the header is drawn in English");
        }
    }
}

#[test]
fn every_game_draws_its_words_in_the_language_asked() {
    for &kind in GameKind::ALL {
        let seats = (*kind.seats().end()).min(3);
        let variants: Vec<&str> =
            std::iter::once("").chain(kind.info().variants.iter().map(|v| v.name)).collect();
        for variant in variants {
            let name = format!("{}-{}", kind.name(), if variant.is_empty() { "default" } else { variant });
            let late = late(kind, variant, seats, 40);
            assert!(late.outcome().is_none() && late.move_number() > 10, "{name}: still in play, late");
            check(&format!("{name}-late"), &late, seats);
            let over = over(kind, variant, seats);
            assert!(over.outcome().is_some(), "{name}: the greedy players finish the game");
            check(&format!("{name}-over"), &over, seats);
        }
    }
}

#[test]
fn names_are_kept_and_a_seat_without_one_shows_its_side_in_the_language() {
    for &kind in GameKind::ALL {
        let game = late(kind, "", 2, 3);
        let nameless: Vec<String> = vec![String::new(); 2];
        let en = game.render(&nameless, Lang::En);
        let cs = game.render(&nameless, Lang::Cs);
        assert_ne!(header(&en), header(&cs), "{}: the sides' names are translated", kind.name());
    }
}

#[test]
fn the_leaderboard_draws_its_words_in_the_language_asked() {
    let row = |place: usize| LeaderRow {
        place,
        name: format!("Player number {place}"),
        rating: "1623".into(),
        games: 31,
        record: "20-3-8".into(),
        trend: vec![1500.0, 1560.0, 1623.0],
        highlight: place == 2,
    };
    for rows in [(1..=5).map(row).collect::<Vec<_>>(), Vec::new()] {
        let drawn: Vec<(Lang, RgbaImage)> = Lang::ALL
            .iter()
            .map(|&lang| {
                let view = LeaderboardView {
                    title: leaderboard::title(lang, "TZAAR"),
                    subtitle: leaderboard::subtitle(lang, false, 12, "2026-12-01"),
                    rows: rows.clone(),
                    own: None,
                };
                (lang, render_leaderboard(&view, lang))
            })
            .collect();
        let (_, english) = &drawn[0];
        for (lang, img) in &drawn {
            write(&format!("leaderboard-{}", rows.len()), *lang, img);
            if *lang != Lang::En {
                assert_ne!(header(img), header(english), "{lang:?}: the title is in English");
                // The column heads, under the title band.
                let heads =
                    |img: &RgbaImage| image::imageops::crop_imm(img, 0, 92, img.width(), 34).to_image();
                assert_ne!(heads(img), heads(english), "{lang:?}: the column heads are in English");
            }
        }
    }
}

#[tokio::test]
async fn the_rules_picture_is_drawn_in_the_readers_language() {
    use tabula::session::commands::Help;
    use tabula::session::{Actor, Member, SessionConfig, Sessions};
    let sessions = Sessions::new(tabula_testkit::MemoryStore::default(), SessionConfig::default());
    let english = Actor::in_guild(Member::new(1, "alice"), Some(1));
    // Read in Czech, in a server whose public messages are in Portuguese: the rules are a private reply.
    let czech =
        Actor { locales: tabula::i18n::Locales { user: Lang::Cs, public: Lang::PtBr }, ..english.clone() };
    for &game in GameKind::ALL {
        let picture = |reply: tabula::session::Reply| {
            let file = reply.files.first().expect("the rules come with a picture");
            image::load_from_memory(&file.bytes).unwrap().to_rgba8()
        };
        let en = picture(sessions.handle(5, &english, Help { game: Some(game) }).await);
        let cs = picture(sessions.handle(5, &czech, Help { game: Some(game) }).await);
        write(&format!("rules-{}", game.name()), Lang::Cs, &cs);
        assert_eq!(en.dimensions(), cs.dimensions());
        assert_ne!(header(&en), header(&cs), "{}: the rules' picture is drawn in English", game.name());
    }
}

/// The board picture the console writes after `lines` with `--lang lang`.
async fn console_picture(lang: Lang, lines: &[&str]) -> RgbaImage {
    let dir = tempfile::tempdir().unwrap();
    let sessions = std::sync::Arc::new(tabula::session::Sessions::new(
        tabula_testkit::MemoryStore::default(),
        tabula::session::SessionConfig::default(),
    ));
    let mut console = tabula::local::Console::new(sessions, dir.path()).with_lang(lang);
    let mut last = String::new();
    for line in lines {
        last = console.line(line).await;
    }
    let path = last
        .lines()
        .find_map(|l| l.strip_prefix("picture: "))
        .unwrap_or_else(|| panic!("the move's answer carries the board's picture: {last}"));
    image::open(path.trim()).unwrap().to_rgba8()
}

#[tokio::test]
async fn the_console_draws_public_boards_in_its_language() {
    let lines = ["@alice /play game:tablut opponent:@bob side:first", "@bob /accept", "@alice /move e8-d8"];
    let english = console_picture(Lang::En, &lines).await;
    let czech = console_picture(Lang::Cs, &lines).await;
    write("console-tablut", Lang::Cs, &czech);
    assert_eq!(english.dimensions(), czech.dimensions());
    assert_ne!(header(&english), header(&czech), "the console's --lang reaches the picture");
}
