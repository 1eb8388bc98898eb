//! The coach in the console: `/hint` privately with its public notice once, and `/game id:<n> analysis:true`.

use super::Console;

#[test]
fn console_hints_and_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start_with(dir.path(), &[("TABULA_AI_TIME_MS", "400")]);
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    console.say("@bob /accept", "picture:");
    let out = console.say("@bob /hint", "only");
    assert!(out[0].contains("(to @bob only) It is not your move"), "{out:?}");
    let out = console.say("@alice /hint", "asked Tabula for a hint");
    assert!(out[0].starts_with("(to @alice only) Tabula (level 5) would play `"), "{out:?}");
    assert_eq!(
        out.last().unwrap(),
        "alice asked Tabula for a hint in game #1: it no longer counts for ratings."
    );
    for (who, m) in [("alice", "d1-c1"), ("bob", "g5-g6"), ("alice", "f9-f6")] {
        console.say(&format!("@{who} /move {m}"), "picture:");
    }
    let out = console.say("@bob /hint", "only");
    assert!(out[0].starts_with("(to @bob only) Tabula (level 5) would play"), "{out:?}");
    let out = console.say("@bob /move g6-g7", "picture:");
    assert!(out.iter().all(|l| !l.contains("asked Tabula")), "announced once: {out:?}");
    for (who, m) in [("alice", "f1-f4"), ("bob", "e5-f5"), ("alice", "h5-g5")] {
        console.say(&format!("@{who} /move {m}"), "picture:");
    }
    let out = console.say("@carol /game id:1 analysis:true", ", White:");
    assert!(
        out.iter()
            .any(|l| l.starts_with("Tabula's analysis of game #1 (Tablut, level 5 at 100 ms a position")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("alice, Black:")), "{out:?}");
    let out = console.say("@carol /game id:7 analysis:true", "only");
    assert!(out.last().unwrap().contains("There is no game #7"), "{out:?}");
    console.kill();
}
