//! The move picker reaches every legal move and nothing else: for random positions of each game, every path of
//! the picker's menus (through their groups) is walked, within Discord's limits at each step, and the moves it
//! reaches are compared with the legal moves (for TZAAR, the legal whole turns).

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabula::games::pick::{PickPath, value_fits};
use tabula::games::{AnyGame, GameKind, Setup};
use tabula::session::component::{Action, ComponentId, PickStep};
use tabula::session::picker::{MAX_CUSTOM_ID, MAX_OPTIONS, menu};

/// A game of `kind` after up to `plies` random moves (chosen by `choices`).
fn position(kind: GameKind, seed: u64, choices: &[u16]) -> AnyGame {
    let seats = *kind.seats().start();
    let mut game = AnyGame::new(kind, &Setup { variant: String::new(), seed, seats }).unwrap();
    for &c in choices {
        let moves = game.legal_moves_text();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_text(&moves[usize::from(c) % moves.len()]).unwrap();
    }
    game
}

/// What a player may play now, as `/move` takes it: a legal move, or for a game whose turn holds more than one
/// move (TZAAR) a legal whole turn.
fn legal(kind: GameKind, game: &AnyGame) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for first in game.legal_moves_text() {
        let mut trial = game.clone();
        trial.play_text(&first).unwrap();
        let same_turn = trial.outcome().is_none()
            && trial.to_move() == game.to_move()
            && trial.move_number() == game.move_number()
            && kind == GameKind::Tzaar;
        if same_turn {
            for second in trial.legal_moves_text() {
                out.insert(format!("{first} {second}"));
            }
        } else {
            out.insert(first);
        }
    }
    out
}

/// Walks every path of the menus from `chosen`, collecting the moves they make; checks each menu's limits.
fn walk(
    paths: &[PickPath],
    chosen: &mut Vec<String>,
    range: Option<(usize, usize)>,
    found: &mut BTreeSet<String>,
) {
    let refs: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let step = menu(paths, &refs, range);
    if let Some(done) = step.done {
        assert!(step.options.is_empty(), "a whole move ends its path: {chosen:?}");
        assert!(found.insert(done.clone()), "{done} is reached once");
        return;
    }
    assert!(!step.options.is_empty(), "a step without choices: {chosen:?}");
    assert!(step.options.len() <= MAX_OPTIONS, "{} options after {chosen:?}", step.options.len());
    let values: BTreeSet<&str> = step.options.iter().map(|o| o.value.as_str()).collect();
    assert_eq!(values.len(), step.options.len(), "values are unique after {chosen:?}");
    let menu = Action::Pick { session: i64::MAX, ply: 9999, chosen: chosen.clone(), step: PickStep::Menu };
    let id = ComponentId::new(u64::MAX, menu).to_string();
    assert!(id.chars().count() <= MAX_CUSTOM_ID, "{id}");
    for option in &step.options {
        // What the menu sends back with each value reads as that choice.
        let sent = ComponentId::selected(&id, &option.value).expect("a value the menu sends");
        assert_eq!(sent.to_string().parse::<ComponentId>().as_ref(), Ok(&sent));
    }
    for option in step.options {
        if let Some(group) = option.value.strip_prefix('~') {
            let (a, b) = group.split_once('-').unwrap();
            walk(paths, chosen, Some((a.parse().unwrap(), b.parse().unwrap())), found);
        } else {
            assert!(value_fits(&option.value), "{:?}", option.value);
            chosen.push(option.value);
            walk(paths, chosen, None, found);
            chosen.pop();
        }
    }
}

fn reaches_exactly_the_legal_moves(kind: GameKind, seed: u64, choices: &[u16]) {
    let game = position(kind, seed, choices);
    if game.outcome().is_some() {
        return;
    }
    let mut found = BTreeSet::new();
    walk(&game.pick_paths(), &mut Vec::new(), None, &mut found);
    let legal = legal(kind, &game);
    let missing: Vec<&String> = legal.difference(&found).collect();
    let extra: Vec<&String> = found.difference(&legal).collect();
    assert!(missing.is_empty() && extra.is_empty(), "{kind}: missing {missing:?}, not legal {extra:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_tablut_picker_reaches_exactly_the_legal_moves(seed in any::<u64>(), choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        reaches_exactly_the_legal_moves(GameKind::Tablut, seed, &choices);
    }

    #[test]
    fn the_tzaar_picker_reaches_exactly_the_legal_turns(seed in any::<u64>(), choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        reaches_exactly_the_legal_moves(GameKind::Tzaar, seed, &choices);
    }

    #[test]
    fn the_tantrix_picker_reaches_exactly_the_legal_moves(seed in any::<u64>(), choices in proptest::collection::vec(any::<u16>(), 0..40)) {
        reaches_exactly_the_legal_moves(GameKind::Tantrix, seed, &choices);
    }
}

#[test]
fn groups_hold_every_choice_within_one_menu() {
    for count in [1, 24, 25, 26, 50, 51, 300, 625, 626, 2000] {
        let groups = tabula::session::picker::groups(count);
        assert!(groups.len() <= MAX_OPTIONS, "{count}: {} groups", groups.len());
        let covered: usize = groups.iter().map(|(a, b)| b - a + 1).sum();
        assert_eq!(covered, count);
        assert!(groups.windows(2).all(|w| w[0].1 + 1 == w[1].0), "{groups:?}");
    }
}

/// A console over a memory store, its pictures in `dir`.
fn console(dir: &std::path::Path) -> tabula::local::Console {
    let config = tabula::session::SessionConfig::default();
    let sessions = tabula::session::Sessions::new(tabula_testkit::MemoryStore::new(), config);
    tabula::local::Console::new(std::sync::Arc::new(sessions), dir)
}

/// The console plays a whole Tablut game with the picker alone: `/move`, `/select` by value and by label,
/// `/press Play …`; each step is shown to its player only, with its picture.
#[tokio::test]
async fn a_tablut_game_is_played_in_the_console_with_move_select_and_press() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    console.line("@alice /play game:tablut opponent:@bob side:first").await;
    let started = console.line("@bob /accept").await;
    assert!(started.contains("[Move]"), "the turn's message has a Move button: {started}");
    let out = console.line("@carol /press Move").await;
    assert!(out.starts_with("(to @carol only)") && out.contains("turn"), "{out}");
    let out = console.line("@carol /select e8").await;
    assert!(out.starts_with("(to @carol only) No menu"), "{out}");
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    let mut last = String::new();
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        let (from, to) = m.split_once('-').unwrap();
        let pieces = console.line(&format!("@{who} /move")).await;
        assert!(pieces.starts_with(&format!("(to @{who} only)")), "{pieces}");
        assert!(pieces.contains("Choose the piece to move"), "{pieces}");
        let picture = pieces.lines().find_map(|l| l.strip_prefix("picture: ")).expect("a picture");
        assert!(image::open(picture).is_ok(), "{picture}");
        let wrong = console.line(&format!("@{who} /select z9")).await;
        assert!(wrong.contains("offers") && wrong.contains(from), "{wrong}");
        let destinations = console.line(&format!("@{who} /select {from}")).await;
        assert!(destinations.contains("Choose where it goes"), "{destinations}");
        let preview = console.line(&format!("@{who} /select {to}")).await;
        assert!(preview.contains(&format!("[Play {m}] [Back]")), "{preview}");
        last = console.line(&format!("@{who} /press Play {m}")).await;
        assert!(!last.starts_with("(to @"), "the move is public: {last}");
        assert!(last.contains(&format!("`{m}")), "{last}");
    }
    assert!(last.contains("Game over") && last.contains("wins"), "{last}");
    assert!(!last.contains("[Move]"), "no Move button once the game is over: {last}");
}

/// The pickers' pictures for fixed positions: Tablut's pieces and destinations, TZAAR's targets, Tantrix's
/// cells and rotations (golden pictures; `REGENERATE=1` rewrites them).
#[test]
fn the_pickers_pictures_match_their_golden_pictures() {
    let names = vec!["alice".to_string(), "bob".to_string()];
    for (kind, plies, name) in
        [(GameKind::Tablut, 6, "tablut"), (GameKind::Tzaar, 4, "tzaar"), (GameKind::Tantrix, 6, "tantrix")]
    {
        let game = position(kind, 3, &vec![5; plies]);
        let path = game.pick_paths().into_iter().next().unwrap();
        let values: Vec<&str> = path.choices.iter().map(|c| c.value.as_str()).collect();
        for n in 0..values.len() {
            let picture = game.pick_picture(&values[..n], &names, tabula::i18n::Lang::En);
            let png = tabula::render::encode_png(&picture);
            assert!(png.len() < 400_000, "{name} step {n}: {} bytes", png.len());
            crate::golden::check(&format!("picker-{name}-{n}"), &picture);
        }
    }
    // The README's picture is the Tablut picker's destinations.
    let readme =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/picker.png")).expect("docs/picker.png");
    let golden = std::fs::read(crate::golden::path("picker-tablut-1")).unwrap();
    assert!(readme == golden, "docs/picker.png is tests/data/golden/picker-tablut-1.png");
}

/// A TZAAR turn's preview says what each of its two moves does, one after the other ("captured a white Tott,
/// then passed"), as the played line will.
#[tokio::test]
async fn a_tzaar_preview_says_each_move_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    console.line("@alice /play game:tzaar opponent:@bob side:first setup:standard").await;
    console.line("@bob /accept").await;
    console.line("@alice /move D5xC4").await;
    console.line("@bob /move").await;
    console.line("@bob /select D4").await;
    let second = console.line("@bob /select C4").await;
    assert!(second.contains("Pass"), "{second}");
    let preview = console.line("@bob /select Pass").await;
    assert!(preview.contains("captured a white Tott, then passed"), "{preview}");
    let played = console.line("@bob /press Play D4xC4 pass").await;
    assert!(played.contains("(captured a white Tott), then `pass` (passed)"), "{played}");
}
