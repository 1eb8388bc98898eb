//! The `tabula local` console as a user drives it: a real process fed on standard input, killed with SIGKILL
//! between moves, and restarted on the same database.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tabula::games::Engine as _;

mod chat;
mod coach;
mod daily;
mod digest;
mod games;
mod puzzle;
mod settings;
mod tactics;
mod tournament;

struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Console {
    fn start(dir: &Path) -> Console {
        Self::start_with(dir, &[])
    }

    /// Starts the console with extra environment variables (`TABULA_*` settings).
    fn start_with(dir: &Path, env: &[(&str, &str)]) -> Console {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("local")
            .arg("--database")
            .arg(dir.join("local.db"))
            .arg("--pictures")
            .arg(dir.join("boards"))
            .current_dir(dir)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tabula binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Console { child, stdin, lines }
    }

    /// Sends a line and collects output until a line containing `until` arrives.
    fn say(&mut self, line: &str, until: &str) -> Vec<String> {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.contains(until);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    panic!("after `{line}`, no line with `{until}`; got:\n{}", seen.join("\n"))
                }
            }
        }
    }

    fn kill(mut self) {
        // SIGKILL on Unix: no chance to flush or close anything.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

fn picture_of(output: &[String]) -> String {
    output
        .iter()
        .find_map(|l| l.strip_prefix("picture: "))
        .unwrap_or_else(|| panic!("no picture in {output:?}"))
        .to_string()
}

#[test]
fn a_console_game_survives_kill_9_between_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    let started = console.say("@bob /accept", "picture:");
    assert!(started.iter().any(|l| l.contains("@alice")), "{started:?}");
    let png = std::fs::read(dir.path().join(picture_of(&started))).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let after = console.say("@alice /move e8-d8", "picture:");
    assert!(after.iter().any(|l| l.contains("played `e8-d8`")), "{after:?}");
    console.kill();

    let mut console = Console::start(dir.path());
    let refused = console.say("@alice /move d8-d7", "only");
    assert!(
        refused.iter().any(|l| l.contains("(to @alice only)") && l.contains("not your turn")),
        "{refused:?}"
    );
    let after = console.say("@bob /move e4-h4", "picture:");
    assert!(after.iter().any(|l| l.contains("played `e4-h4`")), "{after:?}");
    console.kill();

    let mut console = Console::start(dir.path());
    let board = console.say("@alice /board", "picture:");
    assert!(board.iter().any(|l| l.contains("Move 3") && l.contains("@alice")), "{board:?}");
    console.say("@alice /resign", "wins");
    console.kill();
}

#[test]
fn console_input_mistakes_get_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("hello", "(console)");
    assert!(out[0].contains("@name /command"), "{out:?}");
    let out = console.say("@alice /dance", "only");
    assert!(out[0].contains("no /dance command"), "{out:?}");
    let out = console.say("@alice /play game:chess opponent:@bob", "only");
    assert!(out[0].contains("no game called `chess`"), "{out:?}");
    let out = console.say("@alice /move e8-d8", "only");
    assert!(out[0].contains("no game in this channel"), "{out:?}");
    console.kill();
}

/// Asks each player for suggestions; the one who gets some is to move.
fn to_move(console: &mut Console, players: &[&str]) -> Option<(String, Vec<String>)> {
    for p in players {
        let out = console.say(&format!("@{p} /suggest"), "only");
        let line = out.last().unwrap();
        // Out of turn, the answer says whose turn it is instead.
        if !line.contains("no suggestions") && !line.contains("It is not your turn") {
            let list = line.split(" only) ").nth(1).unwrap().split_whitespace().map(str::to_string).collect();
            return Some(((*p).to_string(), list));
        }
    }
    None
}

#[test]
fn console_plays_tzaar_turns_and_a_three_player_tantrix_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("#t1 @alice /play game:tzaar opponent:@bob setup:standard side:first", "[Accept]");
    console.say("#t1 @bob /accept", "picture:");
    let out = console.say("#t1 @alice /move A5xA4", "picture:");
    assert!(out.iter().any(|l| l.contains("@bob")), "{out:?}");
    // A whole turn in one command: a capture the engine says is legal, then a pass.
    let mut game = tabula::games::tzaar::Game::new(&tabula::games::Setup {
        variant: "standard".into(),
        seed: 0,
        seats: 2,
    })
    .unwrap();
    game.play_text("A5xA4").unwrap();
    let capture = game.legal_moves_text().into_iter().find(|m| m.contains('x')).unwrap();
    let out = console.say(&format!("#t1 @bob /move {capture} pass"), "picture:");
    assert!(out.iter().any(|l| l.contains("then `pass`")), "{out:?}");
    let out = console.say("#t1 @bob /move pass", "only");
    assert!(out.iter().any(|l| l.contains("not your turn")), "{out:?}");

    console.say("@alice /play game:tantrix opponent:@bob opponent2:@carol", "[Accept]");
    console.say("@bob /accept", "carol");
    console.say("@carol /accept", "picture:");
    let mut moves = 0;
    let mut last = Vec::new();
    while let Some((who, list)) = to_move(&mut console, &["alice", "bob", "carol"]) {
        last = console.say(&format!("@{who} /move {}", list[0]), "picture:");
        moves += 1;
        assert!(moves <= 80, "the game does not end");
    }
    assert!(moves >= 56 - 3, "every tile but the first placed: {moves}");
    assert!(last.iter().any(|l| l.contains("Game over")), "{last:?}");
    console.kill();
}

#[test]
fn the_console_plays_against_tabula() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /play game:tablut opponent:@tabula level:1 side:first", "picture:");
    assert!(out.iter().any(|l| l.contains("Tabula (level 1)")), "{out:?}");
    console.say("@alice /move e8-d8", "picture:");
    // The reply to Alice's move is followed by Tabula's own move and picture.
    let mut next = Vec::new();
    while !next.iter().any(|l: &String| l.contains("Tabula (level 1)") && l.contains("played")) {
        let line = console.lines.recv_timeout(Duration::from_secs(20)).expect("Tabula answers");
        next.push(line);
    }
    console.kill();
}

#[test]
fn console_options_are_read_by_the_shared_parser() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    for (line, expected) in [
        ("@alice /play game:tablut opponent:@bob level:five", "`level:five` is not a level"),
        ("@alice /play game:tablut opponent:@bob level:9", "`level:9` is not a level"),
        ("@alice /play game:tablut opponent:@bob side:left", "choose first, second or random"),
        ("@alice /help game:nonsense", "no game called `nonsense`"),
        ("@alice /play game:tablut opponent:@bob colour:red", "has no option `colour`"),
    ] {
        let out = console.say(line, "only");
        assert!(out.last().unwrap().contains(expected), "{line}: {out:?}");
    }
    // A huge move is echoed as a short excerpt.
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    console.say("@bob /accept", "picture:");
    let out = console.say(&format!("@alice /move {}", "x".repeat(4_000)), "only");
    assert!(out.last().unwrap().chars().count() < 200, "{out:?}");
    console.kill();
}

#[test]
fn the_console_prints_an_expiry_when_it_happens() {
    let dir = tempfile::tempdir().unwrap();
    // Challenges expire at once; the console's sweep reports it without any further input.
    let mut console = Console::start_with(dir.path(), &[("TABULA_CHALLENGE_EXPIRY_MINUTES", "0")]);
    console.say("@alice /play game:tablut opponent:@bob", "[Accept]");
    let line = console.lines.recv_timeout(Duration::from_secs(20)).expect("the expiry is printed");
    assert!(line.contains("expired") && line.contains("alice"), "{line}");
    console.kill();
}

#[test]
fn clocks_buttons_and_threads_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("@alice /play game:tablut opponent:@bob side:first clock:1h", "[Accept]");
    console.say("@bob /press Accept", "picture:");
    // Half of Alice's hour goes by: she is reminded, once.
    let out = console.say("@anyone /wait 31m", "your move");
    assert!(out.iter().any(|l| l.contains("@alice, your move") && l.contains("minutes left")), "{out:?}");
    console.say("@alice /move e8-d8", "picture:");
    console.say("@alice /draw", "[Accept] [Decline]");
    let out = console.say("@alice /press Accept", "only");
    assert!(out.last().unwrap().contains("You made this draw offer"), "{out:?}");
    console.say("@bob /press Accept", "draw by agreement");
    console.say("@bob /press Rematch", "rematch");
    console.say("@alice /press Accept", "picture:");
    // Bob now moves first, and runs out of time.
    let out = console.say("@anyone /wait 61m", "loses on time");
    assert!(out.iter().any(|l| l.contains("@bob") && l.contains("did not move within 1 hour")), "{out:?}");
    // A game in a thread: its own console channel.
    let out = console.say("@alice /play game:tablut opponent:@bob thread:true", "[Accept]");
    assert!(out.iter().any(|l| l.contains("opened the thread #tablut-1")), "{out:?}");
    console.say("#tablut-1 @bob /press Accept", "picture:");
    console.say("#tablut-1 @alice /resign", "resigned");
    let out = console.say("@anyone /wait 11m", "archived");
    assert!(out.iter().any(|l| l.contains("#tablut-1 is archived")), "{out:?}");
    console.kill();
}

#[test]
fn the_console_writes_records_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    let out = console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    let challenge = out.join("\n");
    let at = challenge.find("(game #").expect("the challenge names its game") + "(game #".len();
    let id: String = challenge[at..].chars().take_while(char::is_ascii_digit).collect();
    console.say("@bob /accept", "picture:");
    let moves = ["d1-c1", "g5-g6", "f9-f6", "g6-g7", "f1-f4", "e5-f5", "h5-g5"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        let until = if i + 1 == moves.len() { "replay:" } else { "picture:" };
        console.say(&format!("@{who} /move {m}"), until);
    }
    for line in [format!("@carol /game id:#{id}"), format!("@carol /game {id}")] {
        let out = console.say(&line, "record:");
        let path = out.last().unwrap().trim_start_matches("record: ").to_string();
        let record = std::fs::read_to_string(&path).unwrap();
        assert!(record.contains("[Result \"black\"]") && record.contains("h5-g5"), "{record}");
    }
    let out = console.say(&format!("@carol /game id:{id} replay:true"), "replay:");
    let path = out.last().unwrap().trim_start_matches("replay: ").to_string();
    assert!(std::fs::read(&path).unwrap().starts_with(b"GIF89a"), "{path}");
    let out = console.say("@carol /game id:#999", "only");
    assert!(out.last().unwrap().contains("There is no game #999"), "{out:?}");
    console.kill();
}

#[test]
fn a_channels_next_game_does_not_overwrite_the_last_ones_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    let first = picture_of(&console.say("@bob /accept", "picture:"));
    console.say("@alice /resign", "resigned");
    console.say("@alice /play game:tablut opponent:@bob side:first", "[Accept]");
    let second = picture_of(&console.say("@bob /accept", "picture:"));
    assert_ne!(first, second, "each game's pictures have names of their own");
    assert!(first.contains("-tablut-1-000.png") && second.contains("-tablut-2-000.png"), "{first} {second}");
    for picture in [first, second] {
        assert!(dir.path().join(&picture).exists(), "{picture}");
    }
    console.kill();
}
