//! The daily digest in the console: `/notify digest:on` (and its refusals), then each day at the member's hour one
//! direct message listing the games waiting for their move, none on a day without any, and none once it is off.

use super::Console;

#[test]
fn a_daily_digest_lists_the_games_waiting_for_a_members_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("@alice /play game:tablut opponent:@bob side:first clock:7d", "[Accept]");
    console.say("@bob /accept", "picture:");
    let out = console.say("@alice /notify digest:off digest_hour:3", "only");
    assert_eq!(out, ["(to @alice only) `digest:off` stops the digest: it takes no hour."]);
    let out = console.say("@alice /notify", "only");
    assert!(out[0].contains("`/notify digest:on digest_hour:18`"), "{out:?}");
    let out = console.say("@alice /notify digest:on digest_hour:6", "only");
    assert!(out[0].contains("Every day at 06:00 UTC"), "{out:?}");
    console.say("@bob /notify digest:on", "only");

    // A day later: alice's move waits (bob's does not: he gets nothing).
    let out = console.say("@anyone /wait 1d", "#local");
    let at = out
        .iter()
        .position(|l| l == "(direct message to @alice) Your daily digest: one game waits for your move.");
    let at = at.unwrap_or_else(|| panic!("{out:?}"));
    let line = &out[at + 1];
    assert!(
        line.starts_with("- **Tablut** #1 with bob: your move, ") && line.ends_with(" left · #local"),
        "{out:?}"
    );
    assert!(out.iter().all(|l| !l.contains("to @bob")), "{out:?}");

    // She moves; the next day it is bob's digest, and hers is off.
    console.say("@alice /move e8-d8", "picture:");
    console.say("@alice /notify digest:off", "only");
    let out = console.say("@anyone /wait 1d", "#local");
    assert!(
        out.iter().any(|l| l == "(direct message to @bob) Your daily digest: one game waits for your move."),
        "{out:?}"
    );
    assert!(out.iter().all(|l| !l.contains("to @alice")), "{out:?}");
    console.kill();
}
