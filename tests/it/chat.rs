//! What a new player trips over in chat, through the console: autocomplete, the coach's words, sentences aimed at
//! the right person, what a challenge states, translations and wording.

use std::sync::Arc;

use tabula::i18n::Lang;
use tabula::local::Console;
use tabula::session::commands::{Accept, Analyse, PlayMove, Resign};
use tabula::session::{Actor, Member, SessionConfig, Sessions, SidePref};
use tabula_testkit::MemoryStore;

fn console(dir: &std::path::Path) -> Console {
    let sessions = Arc::new(Sessions::new(MemoryStore::default(), SessionConfig::default()));
    Console::new(sessions, dir)
}

/// A Tablut game between alice (first) and bob, started.
async fn tablut(console: &mut Console) {
    console.line("@alice /play game:tablut opponent:@bob side:first").await;
    let out = console.line("@bob /accept").await;
    assert!(out.contains("begins"), "{out}");
}

#[tokio::test]
async fn a_tantrix_tile_number_prefix_offers_that_tiles_placements() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    console.line("@alice /play game:tantrix opponent:@bob side:first").await;
    let out = console.line("@bob /accept").await;
    // The player to move and their hand, from the text board ("> alice (Red) · score 0 · 45 40 12 14 10 8").
    let line = out.lines().find_map(|l| l.strip_prefix("> ")).unwrap_or_else(|| panic!("no hand in {out}"));
    let mover = line.split_whitespace().next().unwrap();
    let hand: Vec<&str> = line.rsplit_once("· ").unwrap().1.split_whitespace().collect();
    let tile = hand.iter().find(|t| t.len() == 2).expect("a two-digit tile in hand");
    let prefix = &tile[..1];
    let out = console.line(&format!("@{mover} /suggest {prefix}")).await;
    assert!(out.contains(&format!("{tile}@")), "typing {prefix} offers tile {tile} of {hand:?}: {out}");
    for shown in out.split_whitespace().filter(|w| w.contains('@') && !w.starts_with('@')) {
        assert!(shown.starts_with(prefix), "{shown} in {out}");
    }
}

#[tokio::test]
async fn suggestions_out_of_turn_say_whose_turn_it_is_and_picking_it_is_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    tablut(&mut console).await;
    let out = console.line("@bob /suggest e").await;
    assert!(
        out.contains("(to @bob only) It is not your turn: alice, Black (attackers), is to move."),
        "{out}"
    );
    let out = console.line("@carol /suggest e").await;
    assert!(out.contains("no suggestions"), "{out}");
    // The choice's value, sent back as a move when it is one's turn, is refused as no move at all.
    let out = console.line(&format!("@alice /move {}", tabula::session::NO_MOVE_CHOICE)).await;
    assert!(out.contains("(to @alice only) Write a move after /move"), "{out}");
}

#[tokio::test]
async fn sentences_go_to_the_right_person() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    console.line("@alice /play game:tablut opponent:@bob side:first").await;
    let out = console.line("@bob /move e4-h4").await;
    assert!(out.contains("(to @bob only) The game has not started yet: it waits for you to accept"), "{out}");
    let out = console.line("@alice /move e8-d8").await;
    assert!(out.contains("it waits for bob to accept"), "{out}");
    let out = console.line("@bob /resign").await;
    assert!(out.contains("(to @bob only) The game has not started yet: it waits for you to accept"), "{out}");
    console.line("@bob /accept").await;
    console.line("@alice /move e8-d8").await;
    let out = console.line("@alice /takeback").await;
    assert!(out.contains("asks to take back"), "{out}");
    console.line("@bob /abort").await;
    let out = console.line("@bob /press Ask to abort").await;
    assert!(
        out.contains(
            "(to @bob only) There is already a pending takeback request by alice in this game: it is yours to answer"
        ),
        "{out}"
    );
    let out = console.line("@alice /takeback").await;
    assert!(out.contains("wait for its answer"), "its maker waits: {out}");
}

#[tokio::test]
async fn abort_after_moves_shows_its_button() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    tablut(&mut console).await;
    console.line("@alice /move e8-d8").await;
    let out = console.line("@bob /abort").await;
    assert!(out.contains("with the button") && out.contains("[Ask to abort]"), "{out}");
    let out = console.line("@bob /press Ask to abort").await;
    assert!(out.contains("asks to abort the game"), "{out}");
}

#[tokio::test]
async fn a_challenge_states_its_rules_and_a_level_that_does_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    let out = console.line("@alice /play game:tablut opponent:@bob variant:ashton level:3").await;
    assert!(out.contains("Rules: `ashton` (the Tablut Challenge rules"), "{out}");
    assert!(out.contains("level:3 does not apply"), "{out}");
    let out = console.line("#t2 @alice /play game:tzaar opponent:@bob setup:standard").await;
    assert!(out.contains("Rules: `standard` (the fixed start position"), "{out}");
    let out = console.line("#t3 @alice /play game:tablut opponent:@bob").await;
    assert!(!out.contains("Rules:") && !out.contains("does not apply"), "{out}");
    let out = console.line("#t4 @alice /play game:tablut opponent:@tabula level:3").await;
    assert!(!out.contains("does not apply"), "{out}");
}

#[tokio::test]
async fn a_hint_against_the_computer_does_not_say_the_game_stops_counting() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    let out = console.line("@alice /play game:tablut opponent:@tabula level:1 side:first").await;
    assert!(out.contains("begins"), "{out}");
    let out = console.line("@alice /hint").await;
    assert!(out.contains("would play"), "{out}");
    assert!(!out.contains("no longer counts"), "{out}");
}

#[tokio::test]
async fn the_computers_name_and_the_help_are_translated() {
    for (lang, level, someone) in
        [(Lang::Cs, "Tabula (úroveň 1)", "@někdo"), (Lang::PtBr, "Tabula (nível 1)", "@alguém")]
    {
        let dir = tempfile::tempdir().unwrap();
        let mut console = console(dir.path()).with_lang(lang);
        let out = console.line("@alice /play game:tablut opponent:@tabula level:1 side:second").await;
        assert!(out.contains(level) && !out.contains("(level 1)"), "{out}");
        let out = console.line("@alice /help").await;
        assert!(out.contains(someone) && !out.contains("someone") && !out.contains("<move>"), "{out}");
        assert!(!out.contains("<name>"), "{out}");
    }
}

#[tokio::test]
async fn wording_of_switches_records_and_history() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    let out = console.line("@alice /notify dm:maybe").await;
    assert!(out.contains("`dm:maybe` is not on or off: write `dm:on` or `dm:off`."), "{out}");
    tablut(&mut console).await;
    console.line("@alice /move e8-d8").await;
    let out = console.line("@carol /game id:1").await;
    assert!(out.contains("still in play") && !out.contains("unterminated"), "{out}");
    console.line("@bob /resign").await;
    let out = console.line("@alice /history game:tablut").await;
    assert!(out.contains("alice's Tablut games — page 1 of 1"), "{out}");
    let out = console.line("@alice /press Rematch").await;
    assert!(out.contains("asks for a rematch of Tablut (game #2)"), "{out}");
}

#[tokio::test]
async fn tantrix_hints_name_the_colour() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    for lang in ["en", "cs"] {
        console.line(&format!("@alice /lang {lang}")).await;
        let channel = format!("#t{lang}");
        console.line(&format!("{channel} @alice /play game:tantrix opponent:@bob side:first")).await;
        console.line(&format!("{channel} @bob /accept")).await;
        let mut hint = String::new();
        for who in ["alice", "bob"] {
            let out = console.line(&format!("{channel} @{who} /hint")).await;
            if out.contains("Tabula") {
                hint = out;
            }
        }
        assert!(!hint.is_empty());
        assert!(!hint.contains(": 1 ") && !hint.contains(" 1 is") && !hint.contains("(1)"), "{hint}");
    }
}

#[tokio::test]
async fn disallowing_a_channel_while_all_are_allowed_means_all_but_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    let out = console.line("@mod /settings disallow_channel:#noisy").await;
    assert!(out.contains("Games are allowed in every channel but #noisy now."), "{out}");
    assert!(out.contains("Games may be started in: every channel but #noisy"), "{out}");
    let out = console.line("#noisy @alice /play game:tablut opponent:@bob").await;
    assert!(out.contains("(to @alice only) Games are not started in #noisy"), "{out}");
    let out = console.line("#quiet @alice /play game:tablut opponent:@bob").await;
    assert!(out.contains("challenges @bob"), "{out}");
    let out = console.line("@mod /settings allow_channel:#noisy").await;
    assert!(out.contains("Games may be started in: every channel (default)"), "{out}");
    let out = console.line("#noisy @carol /play game:tablut opponent:@dave").await;
    assert!(out.contains("challenges @dave"), "{out}");
}

#[tokio::test]
async fn a_tzaar_win_is_told_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = console(dir.path());
    let position = "ZATt./....../......./......../......../......../......./....../za... w o";
    let out =
        console.line(&format!("@alice /play game:tzaar opponent:@bob side:first setup:\"{position}\"")).await;
    assert!(out.contains("Starting position: `"), "{out}");
    console.line("@bob /accept").await;
    let out = console.line("@alice /move A3xA4").await;
    assert!(out.contains("captured a black Tott"), "{out}");
    assert_eq!(out.matches("so White wins").count(), 1, "{out}");
}

#[tokio::test]
async fn analysis_numbers_tzaar_moves_by_turn_and_names_tantrix_colours() {
    use tabula::games::{AnyGame, GameKind};
    let config = SessionConfig { ai_time: std::time::Duration::from_millis(200), ..SessionConfig::default() };
    let (alice, bob) =
        (Actor::in_guild(Member::new(1, "alice"), Some(1)), Actor::in_guild(Member::new(2, "bob"), Some(1)));
    let carol = Actor::in_guild(Member::new(3, "carol"), Some(1));
    for (game, turns) in [(GameKind::Tzaar, 10), (GameKind::Tantrix, 8)] {
        let sessions = Sessions::new(MemoryStore::default(), config.clone());
        let play = crate::session::play(game, &bob, None, SidePref::First);
        sessions.handle(7, &alice, play).await;
        sessions.handle(7, &bob, Accept { session: None }).await;
        for _ in 0..turns {
            for who in [&alice, &bob] {
                // The weakest-looking move: the last suggestion, a whole turn at a time.
                while let Some(m) = sessions.suggest(7, who.member.id, "", 25).await.pop() {
                    let reply = sessions.handle(7, who, PlayMove { text: m.clone() }).await;
                    assert!(!reply.ephemeral, "{m}: {:?}", reply.text);
                }
            }
        }
        let resigned = sessions.handle(7, &alice, Resign).await;
        assert!(resigned.text.contains("resigned"), "{:?}", resigned.text);
        let analysis = sessions.analysis(&carol, 1, &|_, _| {}).await.unwrap();
        let record = sessions.store_as::<tabula_testkit::MemoryStore>().unwrap().all().pop().unwrap();
        for m in analysis.per_seat.iter().flatten() {
            let before = AnyGame::replay(record.game, &record.setup, &record.moves[..m.ply]).unwrap();
            assert_eq!(m.number, before.move_number(), "{m:?}");
        }
        let text = sessions.handle(7, &carol, Analyse { id: 1 }).await.text.to_plain();
        assert!(!text.contains("(1):") && !text.contains("(2):"), "{text}");
        if game == GameKind::Tzaar {
            // Each player's turn is a move of the game's numbering: two actions (but White's first) each.
            let most = analysis.per_seat.iter().flatten().map(|m| m.number).max().expect("weak moves");
            assert!(most <= 2 * turns + 1, "turns, not actions: {text}");
            assert!(analysis.per_seat.iter().flatten().any(|m| m.number < m.ply + 1), "{text}");
            // The text is another analysis (the search has a time budget, so its choices may differ): its moves
            // are numbered by turns too.
            let shown: Vec<usize> =
                text.split("move ").skip(1).filter_map(|t| t.split(',').next()?.parse().ok()).collect();
            assert!(
                !shown.is_empty() && shown.iter().all(|&n| n <= 2 * turns + 1),
                "turns, not actions: {text}"
            );
        }
    }
}
