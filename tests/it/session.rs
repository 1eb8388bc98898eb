//! The session layer: challenges, turns, errors, persistence and concurrency, without any platform.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tabula::games::GameKind;
use tabula::session::commands::{Abort, Accept, Decline, Help, Play, PlayMove, Resign, ShowBoard, Withdraw};
use tabula::session::{Actor, Member, Reply, SessionConfig, Sessions, SidePref, parse_component};
use tabula::store::SqliteStore;

mod clock_store;
mod clocks;
mod coach;
mod expiry;
mod faults;
mod games;
mod hostile;
mod offers;
mod old_endings;
mod puzzle_store;
mod puzzles;
mod records;
mod settings;
mod shared;
mod store;
mod tactics;
mod tournament_scores;
mod tournament_store;

const CHANNEL: u64 = 333;
const GUILD: u64 = 555;

fn actor(id: u64, name: &str) -> Actor {
    Actor {
        member: Member::new(id, name),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: Some(GUILD),
        locales: tabula::i18n::Locales::default(),
    }
}

fn alice() -> Actor {
    actor(1, "alice")
}

fn bob() -> Actor {
    actor(2, "bob")
}

fn carol() -> Actor {
    actor(3, "carol")
}

async fn sessions() -> Sessions {
    Sessions::new(SqliteStore::in_memory().await.unwrap(), SessionConfig::default())
}

fn play_tablut(opponent: &Actor, side: SidePref) -> Play {
    play(GameKind::Tablut, opponent, None, side)
}

/// A rated `/play` of `game` against `opponent`, with the config's clock, in this channel.
pub(crate) fn play(game: GameKind, opponent: &Actor, variant: Option<String>, side: SidePref) -> Play {
    Play {
        game,
        opponents: vec![opponent.member.clone()],
        variant,
        side,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    }
}

fn mv(text: &str) -> PlayMove {
    PlayMove { text: text.to_string() }
}

/// The reply's text as a person reads it.
fn text(reply: &Reply) -> String {
    reply.text.to_plain()
}

fn assert_private(reply: &Reply, needle: &str) {
    assert!(reply.ephemeral, "expected a private reply, got {reply:?}");
    assert!(reply.text.contains(needle), "expected {needle:?} in {:?}", reply.text);
    assert!(reply.board.is_none());
}

fn assert_public(reply: &Reply, needle: &str) {
    assert!(!reply.ephemeral, "expected a public reply, got {reply:?}");
    assert!(reply.text.contains(needle), "expected {needle:?} in {:?}", reply.text);
}

/// Alice challenges Bob with Alice moving first (Black in Tablut), and Bob accepts.
async fn started(s: &Sessions) {
    let reply = s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::First)).await;
    assert_public(&reply, "challenges @bob");
    assert_eq!(reply.text.mentions(), vec![2], "Bob is mentioned: {reply:?}");
    assert_eq!(reply.buttons.len(), 3);
    let reply = s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    assert_public(&reply, "begins");
    assert!(reply.board.is_some(), "the game starts with a picture");
    assert!(reply.text.mentions().contains(&1), "the player to move is mentioned: {}", reply.text);
}

#[tokio::test]
async fn a_challenge_is_accepted_and_moves_alternate() {
    let s = sessions().await;
    started(&s).await;
    let reply = s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert_public(&reply, "played `e8-d8`");
    assert!(reply.text.mentions().contains(&2), "{}", reply.text);
    assert_eq!(reply.board.as_ref().unwrap().game.moves_text(), vec!["e8-d8"]);
    let reply = s.handle(CHANNEL, &bob(), mv("e4-h4")).await;
    assert_public(&reply, "played `e4-h4`");
    let reply = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert_public(&reply, "Move 3");
    assert_eq!(reply.board.unwrap().game.moves_text(), vec!["e8-d8", "e4-h4"]);
}

#[tokio::test]
async fn wrong_player_wrong_turn_and_bad_moves_are_private_and_change_nothing() {
    let s = sessions().await;
    started(&s).await;
    assert_private(&s.handle(CHANNEL, &bob(), mv("e4-h4")).await, "not your turn");
    assert_private(&s.handle(CHANNEL, &carol(), mv("e8-d8")).await, "not playing in this game");
    let unreadable = s.handle(CHANNEL, &alice(), mv("hello")).await;
    assert_private(&unreadable, "hello");
    let illegal = s.handle(CHANNEL, &alice(), mv("e4-h4")).await;
    assert!(illegal.ephemeral && !illegal.text.is_empty(), "{illegal:?}");
    assert_ne!(unreadable.text, illegal.text, "unreadable and illegal moves are told apart");
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.board.unwrap().game.moves_text().is_empty());
}

#[tokio::test]
async fn one_game_per_channel_and_no_self_challenge() {
    let s = sessions().await;
    assert_private(&s.handle(CHANNEL, &alice(), play_tablut(&alice(), SidePref::Random)).await, "yourself");
    started(&s).await;
    let again = s.handle(CHANNEL, &carol(), play_tablut(&bob(), SidePref::Random)).await;
    assert_private(&again, "thread");
    // Another channel is free.
    let other = s.handle(CHANNEL + 1, &carol(), play_tablut(&bob(), SidePref::Random)).await;
    assert_public(&other, "challenges");
}

#[tokio::test]
async fn two_player_games_need_exactly_one_opponent_and_bots_cannot_play() {
    let s = sessions().await;
    let two = Play {
        game: GameKind::Tablut,
        opponents: vec![bob().member, carol().member],
        variant: None,
        side: SidePref::Random,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    assert_private(&s.handle(CHANNEL, &alice(), two).await, "exactly one opponent");
    let mut robot = actor(9, "robot");
    robot.member.bot = true;
    assert_private(&s.handle(CHANNEL, &alice(), play_tablut(&robot, SidePref::Random)).await, "is a bot");
    let bad_variant = Play {
        game: GameKind::Tablut,
        opponents: vec![bob().member],
        variant: Some("nonsense".into()),
        side: SidePref::Random,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    let reply = s.handle(CHANNEL, &alice(), bad_variant).await;
    assert!(reply.ephemeral, "{reply:?}");
}

#[tokio::test]
async fn decline_withdraw_and_stale_buttons() {
    let s = sessions().await;
    let reply = s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Random)).await;
    let accept_id = reply.buttons[0].custom_id.clone();
    assert_private(&s.handle(CHANNEL, &carol(), Accept { session: None }).await, "This challenge is for");
    assert_private(&s.handle(CHANNEL, &alice(), Accept { session: None }).await, "You made this challenge");
    assert_private(&s.handle(CHANNEL, &bob(), Withdraw { session: None }).await, "Only the player who made");
    assert_public(&s.handle(CHANNEL, &bob(), Decline { session: None }).await, "declined");
    // The old Accept button now answers privately.
    let (channel, request) = parse_component(&accept_id, None).unwrap();
    assert_eq!(channel, CHANNEL);
    assert_private(&s.handle(channel, &bob(), request).await, "no longer open");
    // The channel is free again, and a challenger may withdraw.
    s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Random)).await;
    assert_public(&s.handle(CHANNEL, &alice(), Withdraw { session: None }).await, "withdrew");
    assert_private(&s.handle(CHANNEL, &bob(), Accept { session: None }).await, "no open challenge");
}

#[tokio::test]
async fn challenges_expire() {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = {
        let now = now.clone();
        Arc::new(move || now.load(Ordering::SeqCst))
    };
    let config = SessionConfig { challenge_expiry: Duration::from_secs(15 * 60), ..SessionConfig::default() };
    let s = Sessions::with_clock(SqliteStore::in_memory().await.unwrap(), config, clock);
    let reply = s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Random)).await;
    assert_public(&reply, "15 minutes");
    now.fetch_add(15 * 60, Ordering::SeqCst);
    assert_private(&s.handle(CHANNEL, &bob(), Accept { session: None }).await, "no open challenge");
    assert!(s.store().open_session(CHANNEL).await.unwrap().is_none(), "the expired challenge is closed");
    assert_public(&s.handle(CHANNEL, &carol(), play_tablut(&bob(), SidePref::Random)).await, "challenges");
}

#[tokio::test]
async fn resign_and_abort() {
    let s = sessions().await;
    started(&s).await;
    assert_private(&s.handle(CHANNEL, &carol(), Abort).await, "manage messages");
    let mut moderator = carol();
    moderator.can_manage = true;
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert_private(&s.handle(CHANNEL, &bob(), Abort).await, "resign");
    let resigned = s.handle(CHANNEL, &bob(), Resign).await;
    assert_public(&resigned, "bob");
    assert!(resigned.text.contains("alice") && resigned.text.contains("wins"), "{}", resigned.text);
    assert_private(&s.handle(CHANNEL, &alice(), mv("e4-h4")).await, "no game");
    // A moderator may abort at any time; players only before the first move.
    started(&s).await;
    assert_public(&s.handle(CHANNEL, &alice(), Abort).await, "aborted");
    started(&s).await;
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert_public(&s.handle(CHANNEL, &moderator, Abort).await, "aborted");
}

#[tokio::test]
async fn a_game_is_played_to_its_end() {
    let s = sessions().await;
    started(&s).await;
    // A recorded game: the king steps off the throne and is captured against it.
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    let mut last = None;
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        let reply = s.handle(CHANNEL, &who, mv(m)).await;
        assert!(!reply.ephemeral, "move {m} refused: {}", reply.text);
        last = Some(reply);
    }
    let last = last.unwrap();
    assert!(last.text.contains("Game over") && last.text.contains("alice"), "{}", last.text);
    assert!(last.board.is_some());
    assert!(s.store().open_session(CHANNEL).await.unwrap().is_none());
    assert_private(&s.handle(CHANNEL, &bob(), mv("e4-e3")).await, "no game");
}

#[tokio::test]
async fn concurrent_moves_never_both_apply() {
    let s = Arc::new(sessions().await);
    started(&s).await;
    let mut tasks = Vec::new();
    for m in ["e8-d8", "e8-c8", "d9-d6", "a4-b4"] {
        let s = s.clone();
        tasks.push(tokio::spawn(async move { s.handle(CHANNEL, &alice(), mv(m)).await }));
    }
    let mut accepted = 0;
    for t in tasks {
        let reply = t.await.unwrap();
        if !reply.ephemeral {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 1, "exactly one of the simultaneous moves is accepted");
    let stored = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 1);
}

#[tokio::test]
async fn two_sessions_over_one_database_never_both_apply() {
    // Two bot processes sharing a file would each have their own cache; the store's version check decides.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("race.db");
    let a = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
    let b = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
    started(&a).await;
    // Both load the game at version 0.
    a.handle(CHANNEL, &alice(), ShowBoard).await;
    b.handle(CHANNEL, &alice(), ShowBoard).await;
    let first = a.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert!(!first.ephemeral, "{first:?}");
    // b's append loses against the stored version; b reads the game again and answers from what is stored.
    let second = b.handle(CHANNEL, &alice(), mv("e8-c8")).await;
    assert_private(&second, "not your turn");
    let stored = a.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves, vec!["e8-d8"]);
    // b reloads and continues from the stored game.
    assert_public(&b.handle(CHANNEL, &bob(), mv("e4-h4")).await, "played");
}

#[tokio::test]
async fn everything_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tabula.db");
    {
        let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
        started(&s).await;
        s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
        // An open challenge in another channel, too.
        s.handle(CHANNEL + 1, &carol(), play_tablut(&bob(), SidePref::Random)).await;
        s.store().close().await;
    }
    let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
    assert_private(&s.handle(CHANNEL, &alice(), mv("e4-h4")).await, "not your turn");
    assert_public(&s.handle(CHANNEL, &bob(), mv("e4-h4")).await, "played");
    assert_public(&s.handle(CHANNEL + 1, &bob(), Accept { session: None }).await, "begins");
    let stored = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    assert_eq!(stored.moves, vec!["e8-d8", "e4-h4"]);
}

#[tokio::test]
async fn autocomplete_offers_legal_moves_to_the_player_to_move_only() {
    let s = sessions().await;
    started(&s).await;
    let offered = s.suggest(CHANNEL, 1, "e8", 25).await;
    assert!(!offered.is_empty() && offered.len() <= 25);
    assert!(offered.iter().all(|m| m.starts_with("e8")), "{offered:?}");
    assert!(offered.contains(&"e8-d8".to_string()));
    assert!(s.suggest(CHANNEL, 2, "e8", 25).await.is_empty(), "not Bob's turn");
    assert!(s.suggest(CHANNEL, 3, "", 25).await.is_empty(), "Carol is not playing");
    assert!(s.suggest(CHANNEL + 7, 1, "", 25).await.is_empty(), "no game there");
}

#[tokio::test]
async fn help_explains_commands_and_games() {
    let s = sessions().await;
    let general = s.handle(CHANNEL, &alice(), Help { game: None }).await;
    assert_private(&general, "/play");
    let tablut = s.handle(CHANNEL, &alice(), Help { game: Some(GameKind::Tablut) }).await;
    assert_private(&tablut, "Tablut");
}

#[test]
fn the_turn_prompt_names_tzaar_phases_and_tantrix_forced_spaces() {
    use tabula::games::{AnyGame, Setup};
    let setup = |variant: &str, seats| Setup { variant: variant.into(), seed: 7, seats };
    let mut tzaar = AnyGame::new(GameKind::Tzaar, &setup("standard", 2)).unwrap();
    assert!(tzaar.prompt().unwrap().to_string().contains("single capture"));
    tzaar.play_text("A5xA4").unwrap();
    assert!(tzaar.prompt().unwrap().to_string().contains("Start the turn with a capture"));
    let capture = tzaar.legal_moves_text().into_iter().find(|m| m.contains('x')).unwrap();
    tzaar.play_text(&capture).unwrap();
    assert!(tzaar.prompt().unwrap().to_string().contains("`pass`"));

    let mut tantrix = AnyGame::new(GameKind::Tantrix, &setup("", 3)).unwrap();
    let mut seen = false;
    while tantrix.to_move().is_some() {
        if let Some(prompt) = tantrix.prompt().map(|p| p.to_string()) {
            assert!(prompt.starts_with("Forced space"), "{prompt}");
            let first = tantrix.suggest("", 25).remove(0);
            let cell = first.split('@').nth(1).unwrap().split(':').next().unwrap().to_string();
            assert!(
                prompt.contains(&format!("({cell})")),
                "the first suggestion fills a forced space: {first} / {prompt}"
            );
            seen = true;
        }
        let m = tantrix.legal_moves_text().remove(0);
        tantrix.play_text(&m).unwrap();
    }
    assert!(seen, "a whole game passes through forced spaces");
}

const BOT: u64 = 444;

fn tabula_bot() -> Member {
    Member { id: BOT, name: "Tabula".into(), bot: true }
}

#[tokio::test]
async fn playing_the_bot_starts_at_once_and_it_answers_each_move() {
    let s = sessions().await;
    s.set_bot_id(BOT);
    let play = Play {
        game: GameKind::Tablut,
        opponents: vec![tabula_bot()],
        variant: None,
        side: SidePref::First,
        level: Some(1),
        rated: true,
        clock: None,
        thread: None,
    };
    let reply = s.handle(CHANNEL, &alice(), play).await;
    assert_public(&reply, "begins");
    assert!(
        reply.board.is_some() && reply.buttons.iter().all(|b| !b.custom_id.starts_with("accept:")),
        "no acceptance needed"
    );
    assert!(s.ai_turn(CHANNEL).await.is_none(), "Alice moves first");
    s.handle(CHANNEL, &alice(), mv("e8-d8")).await;
    assert_private(&s.handle(CHANNEL, &alice(), mv("d8-d7")).await, "Tabula (level 1) is thinking");
    let answer = s.ai_turn(CHANNEL).await.expect("the bot moves");
    assert_public(&answer, "Tabula (level 1)");
    assert_eq!(answer.board.unwrap().game.moves_text().len(), 2);
    assert!(s.ai_turn(CHANNEL).await.is_none(), "now it is Alice's turn again");
    // Other bots still cannot be challenged, and the level is checked.
    let mut robot = tabula_bot();
    robot.id = 999;
    let bad = Play {
        game: GameKind::Tzaar,
        opponents: vec![robot],
        variant: None,
        side: SidePref::Random,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    assert_private(&s.handle(CHANNEL + 1, &alice(), bad).await, "is a bot");
    let bad = Play {
        game: GameKind::Tzaar,
        opponents: vec![tabula_bot()],
        variant: None,
        side: SidePref::Random,
        level: Some(9),
        rated: true,
        clock: None,
        thread: None,
    };
    assert_private(&s.handle(CHANNEL + 1, &alice(), bad).await, "no level 9");
}

#[tokio::test]
async fn the_bot_fills_tantrix_seats_and_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ai.db");
    {
        let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
        s.set_bot_id(BOT);
        let play = Play {
            game: GameKind::Tantrix,
            opponents: vec![tabula_bot(), tabula_bot()],
            variant: None,
            side: SidePref::Second,
            level: Some(1),
            rated: true,
            clock: None,
            thread: None,
        };
        assert_public(&s.handle(CHANNEL, &alice(), play).await, "begins");
        s.store().close().await;
    }
    // After a restart the bot plays every seat it holds until Alice is to move.
    let s = Sessions::new(SqliteStore::open(&path).await.unwrap(), SessionConfig::default());
    s.set_bot_id(BOT);
    assert_eq!(s.ai_channels().await, vec![CHANNEL]);
    while s.ai_turn(CHANNEL).await.is_some() {}
    let offered = s.suggest(CHANNEL, 1, "", 25).await;
    assert!(!offered.is_empty(), "Alice is to move once the bots have played");
    let reply = s.handle(CHANNEL, &alice(), mv(&offered[0])).await;
    assert!(!reply.ephemeral, "{}", reply.text);
}

#[tokio::test]
async fn resigning_while_the_bot_thinks_discards_its_move() {
    let s = Arc::new(sessions().await);
    s.set_bot_id(BOT);
    let play = Play {
        game: GameKind::Tablut,
        opponents: vec![tabula_bot()],
        variant: None,
        side: SidePref::Second,
        level: Some(5),
        rated: true,
        clock: None,
        thread: None,
    };
    s.handle(CHANNEL, &alice(), play).await;
    let thinking = {
        let s = s.clone();
        tokio::spawn(async move { s.ai_turn(CHANNEL).await })
    };
    // Once the search is running (the operator's gauge says so), not after a while.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !s.metrics().encode().contains("tabula_ai_running 1") {
        assert!(std::time::Instant::now() < deadline, "the computer starts thinking");
        tokio::task::yield_now().await;
    }
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(!board.ephemeral, "the board answers while the bot thinks");
    assert_public(&s.handle(CHANNEL, &alice(), Resign).await, "resigned");
    assert!(thinking.await.unwrap().is_none(), "the move found after the resignation is dropped");
}

#[tokio::test]
async fn side_first_is_the_side_that_moves_first_under_the_chosen_rules() {
    // Ashton Tablut: White moves first, so the challenger who asks to move first plays White.
    let s = sessions().await;
    let mut play = play_tablut(&bob(), SidePref::First);
    play.variant = Some("ashton".into());
    assert_public(&s.handle(CHANNEL, &alice(), play).await, "challenges @bob");
    assert_public(&s.handle(CHANNEL, &bob(), Accept { session: None }).await, "begins");
    assert_private(&s.handle(CHANNEL, &bob(), mv("e3-d3")).await, "not your turn");
    assert_public(&s.handle(CHANNEL, &alice(), mv("e3-d3")).await, "played `e3-d3`");
    // Asking to move second gives the seed rules' first mover, Black, to the opponent.
    let s = sessions().await;
    assert_public(&s.handle(CHANNEL, &alice(), play_tablut(&bob(), SidePref::Second)).await, "challenges");
    s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    assert_public(&s.handle(CHANNEL, &bob(), mv("e8-d8")).await, "played `e8-d8`");
}

#[tokio::test]
async fn a_tzaar_game_starts_from_a_position_in_notation() {
    use tabula::games::{AnyGame, Engine as _, Setup};
    let s = sessions().await;
    // The standard start after White's opening capture, in notation: longer than any move.
    let standard = Setup { variant: "standard".into(), seed: 0, seats: 2 };
    let mut game = <tabula::games::tzaar::Game as tabula::games::Engine>::new(&standard).unwrap();
    game.play_text("A5xA4").unwrap();
    let position = game.position().to_string();
    assert!(position.len() > tabula::session::MAX_INPUT_CHARS, "{position}");
    let play = play(GameKind::Tzaar, &bob(), Some(position.clone()), SidePref::First);
    assert_public(&s.handle(CHANNEL, &alice(), play).await, "challenges");
    assert_public(&s.handle(CHANNEL, &bob(), Accept { session: None }).await, "begins");
    // The game goes on from that position: Black to move, with the same legal moves.
    let record = s.store().open_session(CHANNEL).await.unwrap().unwrap();
    let started = AnyGame::new(GameKind::Tzaar, &record.setup).unwrap();
    assert_eq!(started.legal_moves_text(), game.legal_moves_text());
}
