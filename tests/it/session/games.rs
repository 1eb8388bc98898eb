//! `/games` through the session layer: a member with many open games everywhere (in servers and in direct
//! messages) gets one private answer within Discord's 2,000 characters, their moves first, each game linking the
//! member's own board; the games of others are not theirs to see.

use tabula::session::{Actor, Links, Member, OptionValue, SessionConfig, Sessions, parse_request};
use tabula_testkit::MemoryStore;

fn member(id: u64, name: &str, guild: Option<u64>) -> Actor {
    Actor::in_guild(Member::new(id, name), guild)
}

#[tokio::test]
async fn many_games_fit_one_private_answer_their_moves_first() {
    let sessions = Sessions::new(MemoryStore::new(), SessionConfig::default());
    sessions.set_links(Links::new(b"secret", "https://tabula.example.org"));
    // A long name, in a script written right to left.
    let me = member(
        7,
        "\u{0645}\u{0631}\u{064A}\u{0645} \u{0627}\u{0644}\u{0643}\u{0628}\u{064A}\u{0631}\u{0629} the Great",
        Some(5),
    );
    let none: &[(&str, OptionValue)] = &[];
    for i in 0..30u64 {
        // Half in a server, half in direct messages; in half of them the member moves first.
        let guild = (i % 2 == 0).then_some(5);
        let me = member(7, &me.member.name, guild);
        let them = member(100 + i, &format!("opponent number {i} with a long name"), guild);
        let side = if i % 4 < 2 { "first" } else { "second" };
        let play = parse_request(
            "play",
            &[
                ("game", OptionValue::Text("tablut".into())),
                ("opponent", OptionValue::User(them.member.clone())),
                ("side", OptionValue::Text(side.into())),
            ],
        )
        .unwrap();
        let channel = 1_000 + i;
        sessions.handle(channel, &me, play).await;
        sessions.handle(channel, &them, parse_request("accept", none).unwrap()).await;
    }
    let reply = sessions.handle(1, &me, parse_request("games", none).unwrap()).await;
    assert!(reply.ephemeral, "{reply:?}");
    let text = reply.text.to_plain();
    assert!(text.chars().count() <= 2_000, "{} characters: {text}", text.chars().count());
    assert!(text.contains("(30; your move in 16)"), "{text}");
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert!(lines[..6].iter().all(|l| l.contains("your move")), "{text}");
    assert!(lines[..6].iter().all(|l| l.contains("your board: <https://tabula.example.org/g/")), "{text}");
    assert!(text.ends_with("…and 24 more."), "{text}");
    assert!(text.contains("in direct messages") && text.contains("· #1000 ·"), "{text}");
    // Someone in none of them has none.
    let other = sessions.handle(1, &member(8, "x", None), parse_request("games", none).unwrap()).await;
    assert!(other.text.to_plain().contains("no open game"), "{other:?}");
}
