//! Game records and animated replays, for every game: the record's text reads back to itself, replays to the
//! result it states, and its GIF has one frame per move plus the start, the last held longer.

use tabula::games::{AnyGame, GameKind, Setup};
use tabula::record::animate::{DEFAULT_LIMIT, animate};
use tabula::record::{Record, RecordError, Source};

/// A game of `kind` played by the greedy player until it ends or `most` moves are stored.
pub fn greedy_game(kind: GameKind, seed: u64, most: usize) -> (Setup, Vec<String>) {
    let setup = Setup { variant: String::new(), seed, seats: *kind.seats().start() };
    let mut game = AnyGame::new(kind, &setup).unwrap();
    let mut moves = Vec::new();
    let mut turn = 0;
    while game.outcome().is_none() && moves.len() < most {
        for m in game.greedy(seed + turn) {
            let played = game.play_text(&m).unwrap();
            moves.extend(played.into_iter().map(|p| p.notation));
        }
        turn += 1;
    }
    (setup, moves)
}

pub fn names(n: usize) -> Vec<String> {
    ["alice", "bob \"the builder\"", "carol", "dave"][..n].iter().map(|s| (*s).to_string()).collect()
}

/// A record of `moves`, ended as `termination` says with the players in `places` (both `None` in play).
fn record_of(
    kind: GameKind,
    setup: &Setup,
    moves: &[String],
    names: &[String],
    ended: Option<(&str, &[usize])>,
) -> Record {
    let source = Source {
        id: 1042,
        kind,
        setup,
        names,
        moves,
        created_at: 1_796_000_000,
        termination: ended.map(|(t, _)| t.to_string()),
        places: ended.map(|(_, p)| p),
        left: Vec::new(),
    };
    Record::of(&source).unwrap()
}

/// Decodes a GIF: (frames, delay of each in hundredths of a second, width, height).
pub fn decode_gif(bytes: &[u8]) -> (usize, Vec<u16>, u32, u32) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    (delays.len(), delays, w, h)
}

#[test]
fn records_round_trip_and_replay_to_their_result_for_every_game() {
    for &kind in GameKind::ALL {
        for seed in [1, 2] {
            let (setup, moves) = greedy_game(kind, seed, 400);
            let names = names(setup.seats);
            let record = record_of(kind, &setup, &moves, &names, None);
            let text = record.write();
            assert!(text.starts_with(&format!("[Game \"{}\"]\n[Id \"1042\"]\n", kind.title())), "{text}");
            assert!(text.contains("[Date \"2026."), "{text}");
            let back = Record::parse(&text).unwrap();
            assert_eq!(back, record, "{kind} seed {seed}: the text reads back to the same record");
            let replayed = back.replay().unwrap();
            let finished = AnyGame::replay(kind, &setup, &moves).unwrap();
            assert_eq!(replayed.result, finished.result_notation(), "{kind} seed {seed}");
            assert_eq!(replayed.names, names);
            // A seed means something only to a game that shuffles: only such a record keeps it.
            assert_eq!(replayed.setup.seed, if kind.shuffles() { seed } else { 0 });
            assert_eq!(replayed.game.moves_text(), moves);
        }
    }
}

#[test]
fn a_resigned_game_keeps_its_winner_and_a_forged_result_is_caught() {
    for &kind in GameKind::ALL {
        let (setup, moves) = greedy_game(kind, 3, 6);
        let names = names(setup.seats);
        let game = AnyGame::replay(kind, &setup, &moves).unwrap();
        let winner = 1;
        // The session's places say who won, whatever the termination's words.
        let mut places = vec![1; setup.seats];
        places[0] = setup.seats;
        let text = format!("{} resigned", names[0]);
        let record = record_of(kind, &setup, &moves, &names, Some((&text, &places)));
        assert_eq!(record.tag("Result"), Some(game.seat_name(winner).as_str()), "{kind}");
        assert!(record.tag("Termination").unwrap().contains("resigned"), "{kind}");
        assert!(Record::parse(&record.write()).unwrap().replay().is_ok(), "{kind}");

        // A record whose moves end the game must state that result.
        let (setup, moves) = greedy_game(kind, 4, 400);
        let done = AnyGame::replay(kind, &setup, &moves).unwrap();
        if done.outcome().is_some() {
            let mut record = record_of(kind, &setup, &moves, &names, None);
            for (k, v) in &mut record.tags {
                if k == "Result" {
                    *v = if done.result_notation() == "draw" { "*".into() } else { "draw".into() };
                }
            }
            assert!(matches!(record.replay(), Err(RecordError::Result { .. })), "{kind}");
        }
        // An illegal move is named with its ply.
        let mut record = record_of(kind, &setup, &moves[..2], &names, None);
        record.moves[1] = "zz99".into();
        let e = record.replay().err().unwrap().to_string();
        assert!(e.starts_with("illegal 2 zz99: "), "{kind}: {e}");
    }
}

#[test]
fn replays_have_one_frame_per_move_and_hold_the_last() {
    for &kind in GameKind::ALL {
        let (setup, moves) = greedy_game(kind, 5, 24);
        let names = names(setup.seats);
        let record = record_of(kind, &setup, &moves, &names, None);
        let gif = animate(&record, DEFAULT_LIMIT, tabula::i18n::Lang::En, None).unwrap();
        let (frames, delays, w, h) = decode_gif(&gif.bytes);
        assert_eq!(frames, moves.len() + 1, "{kind}");
        assert_eq!(gif.frames, frames);
        assert!(delays.last() > delays.first(), "{kind}: {delays:?}");
        assert!(w >= 600 && h >= 300, "{kind}: {w}x{h}");
    }
}

#[test]
fn a_replay_too_large_for_the_limit_keeps_fewer_frames() {
    let kind = GameKind::ALL[0];
    let (setup, moves) = greedy_game(kind, 6, 40);
    let record = record_of(kind, &setup, &moves, &names(2), None);
    let full = animate(&record, DEFAULT_LIMIT, tabula::i18n::Lang::En, None).unwrap();
    let small = animate(&record, full.bytes.len() * 2 / 3, tabula::i18n::Lang::En, None).unwrap();
    assert!(small.bytes.len() <= full.bytes.len() * 2 / 3);
    assert!(small.stride > 1 && small.frames < full.frames && small.frames >= 2, "{} frames", small.frames);
    assert_eq!(decode_gif(&small.bytes).0, small.frames);
}

/// Writes a whole greedy game of each game as a GIF and its record into `TABULA_REPLAY_DIR`, to look at the
/// frames: `TABULA_REPLAY_DIR=/tmp/replays cargo test --release --test it records::write`. Without it, nothing.
#[test]
fn write_replays_to_look_at() {
    let Some(dir) = std::env::var_os("TABULA_REPLAY_DIR").map(std::path::PathBuf::from) else {
        eprintln!("records::write_replays_to_look_at: set TABULA_REPLAY_DIR to write the replays");
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    for &kind in GameKind::ALL {
        let (setup, moves) = greedy_game(kind, 11, 400);
        let record = record_of(kind, &setup, &moves, &names(setup.seats), None);
        let gif = animate(&record, DEFAULT_LIMIT, tabula::i18n::Lang::En, None).unwrap();
        std::fs::write(dir.join(format!("{kind}.gif")), &gif.bytes).unwrap();
        std::fs::write(dir.join(format!("{kind}.txt")), record.write()).unwrap();
        println!("{kind}: {} moves, {} frames, {} bytes", moves.len(), gif.frames, gif.bytes.len());
    }
}

fn tabula(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap()
}

#[test]
fn the_command_line_replays_exported_records_and_draws_them() {
    let dir = tempfile::tempdir().unwrap();
    for &kind in GameKind::ALL {
        let (setup, moves) = greedy_game(kind, 7, 400);
        let names = names(setup.seats);
        let record = record_of(kind, &setup, &moves, &names, None);
        let path = dir.path().join(format!("{kind}.txt"));
        // Two records in one file: each one's result on a line.
        std::fs::write(&path, format!("{}\n{}", record.write(), record.write())).unwrap();
        let out = tabula(&["replay".as_ref(), kind.name().as_ref(), path.as_os_str()]);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{kind}: {}", String::from_utf8_lossy(&out.stderr));
        let result = record.tag("Result").unwrap();
        assert_eq!(stdout.lines().collect::<Vec<_>>(), [result, result], "{kind}");

        // --gif draws the record's replay.
        std::fs::write(&path, record.write()).unwrap();
        let gif = dir.path().join(format!("{kind}.gif"));
        let out = tabula(&[
            "replay".as_ref(),
            kind.name().as_ref(),
            "--gif".as_ref(),
            gif.as_os_str(),
            path.as_os_str(),
        ]);
        assert!(out.status.success(), "{kind}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(decode_gif(&std::fs::read(&gif).unwrap()).0, moves.len() + 1, "{kind}");

        // A record changed by hand: the illegal move is named and the status is 1.
        let mut forged = record.clone();
        forged.moves[1] = forged.moves[0].clone();
        std::fs::write(&path, forged.write()).unwrap();
        let out = tabula(&["replay".as_ref(), kind.name().as_ref(), path.as_os_str()]);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(1), "{kind}: {stdout}");
        assert!(stdout.starts_with(&format!("illegal 2 {}: ", forged.moves[1])), "{kind}: {stdout}");
    }
    // A record of another game than the one named is refused with a usage error.
    let kinds = GameKind::ALL;
    let path = dir.path().join(format!("{}.txt", kinds[0]));
    let out = tabula(&["replay".as_ref(), kinds[1].name().as_ref(), path.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a game of"), "{out:?}");
}
