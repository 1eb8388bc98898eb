//! Hostile input at the session level: long texts are echoed as short excerpts, names never become mentions,
//! and only the players meant are mentioned.

use tabula::games::GameKind;
use tabula::session::commands::{Accept, Play, ShowBoard};
use tabula::session::{Actor, Member, SessionConfig, Sessions, SidePref, Span};
use tabula_testkit::MemoryStore;

use super::{CHANNEL, alice, bob, mv, started};

fn sessions() -> Sessions {
    Sessions::new(MemoryStore::new(), SessionConfig::default())
}

#[tokio::test]
async fn a_huge_move_is_echoed_as_a_short_excerpt() {
    let s = sessions();
    started(&s).await;
    for typed in ["x".repeat(4_000), "é".repeat(4_000), format!("e8-d8 {}", "@everyone ".repeat(400))] {
        let reply = s.handle(CHANNEL, &alice(), mv(&typed)).await;
        assert!(reply.ephemeral, "{reply:?}");
        let text = reply.text.to_plain();
        assert!(text.chars().count() < 200, "{} characters: {text}", text.chars().count());
        assert!(text.contains('…'), "{text}");
    }
    let board = s.handle(CHANNEL, &alice(), ShowBoard).await;
    assert!(board.board.unwrap().game.moves_text().is_empty());
}

#[tokio::test]
async fn a_huge_variant_is_echoed_as_a_short_excerpt() {
    let s = sessions();
    let play = Play {
        game: GameKind::Tzaar,
        opponents: vec![bob().member],
        variant: Some("v".repeat(4_000)),
        side: SidePref::Random,
        level: None,
        rated: true,
        clock: None,
        thread: None,
    };
    let reply = s.handle(CHANNEL, &alice(), play).await;
    assert!(reply.ephemeral && reply.text.to_plain().chars().count() < 200, "{reply:?}");
}

#[tokio::test]
async fn names_are_names_and_only_players_are_mentioned() {
    let s = sessions();
    let mallory = Actor {
        member: Member::new(66, "@everyone <@&1>"),
        can_manage: false,
        can_manage_server: false,
        roles: Vec::new(),
        guild: None,
        locales: tabula::i18n::Locales::default(),
    };
    let reply = s
        .handle(
            CHANNEL,
            &mallory,
            Play {
                game: GameKind::Tablut,
                opponents: vec![bob().member],
                variant: None,
                side: SidePref::First,
                level: None,
                rated: true,
                clock: None,
                thread: None,
            },
        )
        .await;
    assert_eq!(reply.pings(), vec![2], "only the challenged player is notified: {reply:?}");
    assert!(
        reply.text.spans().iter().any(|s| matches!(s, Span::Name { name, .. } if name == "@everyone <@&1>")),
        "the hostile name is a name span, for the adapter to escape: {reply:?}"
    );
    let accepted = s.handle(CHANNEL, &bob(), Accept { session: None }).await;
    assert_eq!(accepted.pings(), vec![66], "the player to move is notified");
    let refused = s.handle(CHANNEL, &mallory, mv("e4-h4")).await;
    assert!(refused.ephemeral && refused.pings().is_empty(), "private replies notify nobody");
}
