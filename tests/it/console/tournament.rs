//! A whole tournament in the console: `/tournament` creates it (`@mod` holds Manage Server), `/press Join` signs
//! up, `/wait` closes sign-up and runs out the clocks, the pairings name each game's thread as `#name`, and a
//! line `#name @alice /resign` reaches that game. Three players over two Swiss rounds: a bye each round, a
//! resignation, a loss on time (a forfeit), the standings as a picture, the winner, and the games marked in
//! `/history` and tagged in their records.

use super::{Console, picture_of};

/// The players of the game in thread `thread`, from the pairings' line `board 1, #thread: alice – bob`.
fn players_in(output: &[String], thread: &str) -> (String, String) {
    let line = output
        .iter()
        .find(|l| l.contains(&format!(", #{thread}: ")))
        .unwrap_or_else(|| panic!("no pairing in #{thread}: {output:?}"));
    let players = line.split(&format!(", #{thread}: ")).nth(1).unwrap();
    let (a, b) = players.split_once(" – ").unwrap_or_else(|| panic!("two players in {line:?}"));
    (a.trim().to_string(), b.trim().to_string())
}

/// Who has the bye, from the pairings' line `bye (a win): carol`.
fn bye_of(output: &[String]) -> String {
    let line =
        output.iter().find(|l| l.contains("bye (a win): ")).unwrap_or_else(|| panic!("no bye: {output:?}"));
    line.split("bye (a win): ").nth(1).unwrap().trim().to_string()
}

#[test]
fn a_console_tournament_runs_from_sign_up_to_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /tournament action:create game:tablut", "only");
    assert!(out[0].contains("(to @alice only) Only members with the Manage Server permission"), "{out:?}");
    let out = console.say("@mod /tournament action:create game:tantrix format:knockout", "only");
    assert!(out[0].contains("tables of three or four") && out[0].contains("swiss"), "{out:?}");
    let out = console.say(
        "@mod /tournament action:create game:tablut format:swiss rounds:2 clock:1h starts:30m",
        "[Join]",
    );
    assert!(out.iter().any(|l| l.contains("Tournament #1") && l.contains("2 rounds")), "{out:?}");
    assert!(out.iter().any(|l| l.contains("No players yet")), "{out:?}");
    for player in ["alice", "bob", "carol"] {
        let out = console.say(&format!("@{player} /press Join"), "[Join]");
        assert!(out.iter().any(|l| l.contains("Players (") && l.contains(player)), "{out:?}");
    }
    let out = console.say("@alice /press Join", "only");
    assert!(out[0].contains("(to @alice only) You are already signed up for tournament #1."), "{out:?}");

    // Sign-up closes: round 1 is paired, its game started in a thread, the bye given.
    let round1 = console.say("@mod /wait 31m", "bye (a win)");
    assert!(round1.iter().any(|l| l.contains("opened the thread #t1-r1-1")), "{round1:?}");
    assert!(round1.iter().any(|l| l.contains("Round 1 of tournament #1:")), "{round1:?}");
    let (first, second) = players_in(&round1, "t1-r1-1");
    let rested = bye_of(&round1);
    assert!(![&first, &second].contains(&&rested), "{round1:?}");
    let out = console.say("@carol /press Join", "only");
    assert!(out[0].contains("already signed up"), "{out:?}");

    // A resignation in the thread ends round 1: the standings, then round 2.
    let round2 = console.say(&format!("#t1-r1-1 @{first} /resign"), "bye (a win)");
    assert!(round2.iter().any(|l| l.contains("Round 1 of tournament #1 is over")), "{round2:?}");
    assert!(round2.iter().any(|l| l.contains(&format!("{second} leads with 1"))), "{round2:?}");
    let picture =
        round2.iter().find_map(|l| l.strip_prefix("picture: ").filter(|p| p.ends_with("standings.png")));
    let standings = std::fs::read(dir.path().join(picture.expect("the standings' picture"))).unwrap();
    assert_eq!(&standings[..8], b"\x89PNG\r\n\x1a\n");
    assert!(round2.iter().any(|l| l.contains("Round 2 of tournament #1:")), "{round2:?}");
    // The two on 2 points meet; the bye goes to the one who has not had it.
    let (a, b) = players_in(&round2, "t1-r2-1");
    let mut met = [a, b];
    met.sort();
    let mut expected = [second.clone(), rested.clone()];
    expected.sort();
    assert_eq!(met, expected, "{round2:?}");
    assert_eq!(bye_of(&round2), first);

    // Nobody moves in round 2: the player to move loses on time (a forfeit), and the tournament is over.
    let end = console.say("@mod /wait 2h", "The winner");
    assert!(end.iter().any(|l| l.contains("loses on time") || l.contains("lost on time")), "{end:?}");
    assert!(end.iter().any(|l| l.contains("Round 2 of tournament #1 is over")), "{end:?}");
    let out = console.say("@mod /tournament action:standings id:1", "picture:");
    assert!(out.iter().any(|l| l.contains("Standings of tournament #1 after round 2")), "{out:?}");
    picture_of(&out);
    let out = console.say("@bob /press Join", "only");
    assert!(out[0].contains("Sign-up for tournament #1 is closed."), "{out:?}");

    // The games are tournament games in the history and the records.
    let history = console.say(&format!("@{second} /history"), "(tournament #1, round 1)");
    assert!(history.iter().any(|l| l.contains("(tournament #1, round 2)")), "{history:?}");
    let out = console.say("@alice /game id:1", "record:");
    let record = std::fs::read_to_string(
        dir.path().join(out.iter().find_map(|l| l.strip_prefix("record: ")).unwrap()),
    )
    .unwrap();
    assert!(record.starts_with("[Event \"Tabula tournament #1 (Tablut)\"]"), "{record}");
    assert!(record.contains("[Round \"1\"]"), "{record}");
    console.kill();
}

/// Organisers by role, check-in and the winner's role: `/settings organiser_role:` lets a role's members run
/// tournaments; with `check_in:true` the entrants are called 15 minutes before the start, Join during check-in
/// checks in, and who did not check in is not paired; the winner is given `winner_role`.
#[test]
fn organisers_by_role_check_in_and_the_winners_role() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let create = "@alice /tournament action:create game:tablut format:knockout clock:1h starts:30m check_in:true \
                  winner_role:@&champions";
    let out = console.say(create, "only");
    assert!(out[0].contains("(to @alice only) Only members with the Manage Server permission"), "{out:?}");
    let out = console.say("@mod /settings organiser_role:@&organisers", "organiser_role:");
    assert!(out.iter().any(|l| l.contains("and the role @&organisers")), "{out:?}");
    let out = console.say("@bob /role @alice organisers", "only");
    assert!(out[0].contains("Only admin and mod give roles"), "{out:?}");
    let out = console.say("@mod /role @alice organisers", "role");
    assert!(out[0].contains("@alice now has the role @&organisers"), "{out:?}");

    let out = console.say(create, "[Join]");
    assert!(out.iter().any(|l| l.contains("Check-in opens 15 min")), "{out:?}");
    assert!(out.iter().any(|l| l.contains("The winner is given the role @&champions.")), "{out:?}");
    for player in ["bob", "carol", "dave"] {
        console.say(&format!("@{player} /press Join"), "[Join]");
    }

    // Check-in opens 15 minutes before the start: every entrant is called, once.
    let call = console.say("@anyone /wait 16m", "[Check in]");
    let line = call.iter().find(|l| l.contains("Check-in for tournament #1 is open")).expect("the call");
    assert!(["@bob", "@carol", "@dave"].iter().all(|p| line.matches(p).count() == 1), "{call:?}");
    let out = console.say("@bob /press Check in", "[Check in]");
    assert!(out.iter().any(|l| l.contains("bob ✓")), "{out:?}");
    let out = console.say("@bob /press Check in", "only");
    assert!(out[0].contains("You are already checked in for tournament #1."), "{out:?}");
    // Join pressed again during check-in checks in; a newcomer joining now is checked in.
    let out = console.say("@carol /press Join", "[Check in]");
    assert!(out.iter().any(|l| l.contains("carol ✓")), "{out:?}");
    let out = console.say("@erin /press Join", "[Check in]");
    assert!(out.iter().any(|l| l.contains("erin ✓") && !l.contains("dave ✓")), "{out:?}");

    // The start: dave did not check in and is not paired; three play a knockout (a bye to the top seed).
    let round1 = console.say("@anyone /wait 15m", "Round 1 of tournament #1:");
    assert!(
        round1.iter().any(|l| l.contains("starts without one player who did not check in: dave.")),
        "{round1:?}"
    );
    let round1 = [round1, console.say("", "bye (a win)")].concat();
    let (first, second) = players_in(&round1, "t1-r1-1");
    assert!(![&first, &second].contains(&&"dave".to_string()), "{round1:?}");
    let round2 = console.say(&format!("#t1-r1-1 @{first} /resign"), "Round 2 of tournament #1:");
    let round2 = [round2, console.say("", "t1-r2-1: ")].concat();
    let (a, b) = players_in(&round2, "t1-r2-1");
    let end = console.say(&format!("#t1-r2-1 @{a} /resign"), "now has the role @&champions");
    assert!(
        end.iter().any(|l| l.contains("The winner: @")
            && l.contains(&format!("@{b}"))
            && l.contains("They are given the role @&champions.")),
        "{end:?}"
    );
    assert!(end.iter().any(|l| l.contains(&format!("@{b} now has the role @&champions"))), "{end:?}");

    // Without the role setting, alice may not create one any more.
    let out = console.say("@mod /settings no_organiser_role:true", "organiser_role:");
    assert!(out.iter().any(|l| l.contains("members who may manage the server")), "{out:?}");
    let out = console.say(create, "only");
    assert!(out[0].contains("Only members with the Manage Server permission"), "{out:?}");
    console.kill();
}
