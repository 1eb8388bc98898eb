//! Tactics made from finished games (issue 53): a game whose players all allow it (`/privacy tactics:true`)
//! gives its tactics to the store when it ends; one whose players do not all allow it gives none; withdrawing
//! (`tactics:false`) or being forgotten ends the permission.

use std::time::Duration;

use tabula::games::tactic::{Goal, Tactic, shipped};
use tabula::games::{AnyGame, GameKind};
use tabula::session::commands::{Accept, Play, PlayMove, Privacy};
use tabula::session::{Actor, Member, SessionConfig, Sessions, SidePref};
use tabula_testkit::MemoryStore;

fn actor(id: u64, name: &str) -> Actor {
    Actor::in_guild(Member::new(id, name), Some(5))
}

/// Alice challenges `opponent` in `channel` to Tablut, moving first, and they play `t`'s moves and its line, to
/// its end; the game's id.
async fn play_out(s: &Sessions, channel: u64, alice: &Actor, opponent: &Actor, t: &Tactic) -> i64 {
    let play = Play {
        game: GameKind::Tablut,
        opponents: vec![opponent.member.clone()],
        variant: None,
        side: SidePref::First,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    s.handle(channel, alice, play).await;
    s.handle(channel, opponent, Accept { session: None }).await;
    let all: Vec<String> = t.moves.iter().chain(&t.line).cloned().collect();
    for i in 0..all.len() {
        let seat = AnyGame::replay(t.game, &t.setup, &all[..i]).unwrap().to_move().unwrap();
        let who = if seat == 0 { alice } else { opponent };
        let reply = s.handle(channel, who, PlayMove { text: all[i].clone() }).await;
        assert!(!reply.ephemeral, "move {i} `{}` is refused: {reply:?}", all[i]);
    }
    let row = s.store().open_session(channel).await.unwrap();
    assert!(row.is_none(), "the game is over");
    channel as i64
}

#[tokio::test]
async fn a_game_gives_its_tactics_only_when_every_player_allows_it() {
    let s = Sessions::new(MemoryStore::default(), SessionConfig::default());
    let (alice, bob, carol) = (actor(1, "alice"), actor(2, "bob"), actor(3, "carol"));
    // A shipped win in one, whose game ends with the winning move.
    let t = shipped()
        .into_iter()
        .find(|t| t.game == GameKind::Tablut && t.goal == Goal::Win { turns: 1 })
        .unwrap();
    assert!(t.setup.variant.is_empty());
    for who in [&alice, &bob] {
        let said = s.handle(1, who, Privacy { forget: false, tactics: Some(true) }).await;
        assert!(said.ephemeral && said.text.to_plain().contains("From now on"), "{said:?}");
    }
    assert!(s.store().member_data(1).await.unwrap().shares_games);

    // Carol never allowed it: her game with Alice gives nothing.
    play_out(&s, 20, &alice, &carol, &t).await;
    let with_carol = s.store().session(1).await.unwrap().unwrap();
    assert_eq!(s.tactics_of_game(&with_carol).await.unwrap(), None);

    // Alice and Bob both allow it: their game's end stores its tactics, among them the win at its last position.
    play_out(&s, 10, &alice, &bob, &t).await;
    tokio::time::timeout(Duration::from_secs(300), s.tactic_jobs_done()).await.expect("the search ends");
    let with_bob = s.store().session(2).await.unwrap().unwrap();
    let last = Tactic { setup: with_bob.setup.clone(), ..t.clone() };
    let stored = s.store().tactic(&last.key()).await.unwrap().expect("the last position's win is stored");
    let body: Tactic = serde_json::from_str(&stored.body).unwrap();
    assert_eq!((body.goal, body.line), (t.goal, t.line.clone()));
    // Made again, nothing is new.
    assert_eq!(s.tactics_of_game(&with_bob).await.unwrap(), Some(0));

    // Withdrawn, and forgotten: no longer allowed.
    s.handle(1, &bob, Privacy { forget: false, tactics: Some(false) }).await;
    assert_eq!(s.tactics_of_game(&with_bob).await.unwrap(), None);
    s.store().forget_member(1, "member-1").await.unwrap();
    assert!(!s.store().shares_games(1).await.unwrap());
}
