//! `/games` in the console: a member's open games and challenges in every channel, privately, those waiting for
//! their move first (then the challenges they have to answer), with whose move it is and where (the time left is shown for games with a clock: see
//! `session::games`).

use super::Console;

#[test]
fn games_lists_every_open_game_of_a_member_their_move_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /games", "only");
    assert_eq!(
        out,
        ["(to @alice only) You have no open game or challenge anywhere: start one with `/play`."]
    );
    console.say("@alice /play game:tablut opponent:@bob side:first clock:none", "[Accept]");
    console.say("@bob /accept", "picture:");
    console.say("#other @alice /play game:tzaar opponent:@carol side:second clock:none", "[Accept]");
    console.say("#other @carol /accept", "picture:");
    console.say("#third @\"Ann, the Great\" /play game:tablut opponent:@alice", "[Accept]");
    let out = console.say("@alice /games", "#other");
    assert_eq!(
        out,
        [
            "(to @alice only) Your open games and challenges (3; your move in 1):",
            "- **Tablut** #1 with bob: your move · #local",
            "- **Tablut** #3 with Ann, the Great: a challenge for you to answer · #third",
            "- **TZAAR** #2 with carol: carol to move · #other",
        ]
    );
    let out = console.say("@bob /games", "#local");
    assert_eq!(out[1], "- **Tablut** #1 with alice: alice to move · #local", "{out:?}");
    console.kill();
}
