//! The `tabula` binary's engine and picture commands, as `cli.md` describes them.

use std::path::Path;
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).env_remove("DISCORD_TOKEN").output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn data(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(path).display().to_string()
}

#[test]
fn perft_prints_the_total_last() {
    let out = tabula(&["perft", "tablut", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "4400");
    let out = tabula(&["perft", "tablut", "--divide", "1"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 81, "80 first moves and the total");
    assert_eq!(lines[80], "80");
    let out = tabula(&["perft", "tzaar", "1"]);
    assert_eq!(stdout(&out).trim(), "42");
}

#[test]
fn moves_lists_then_counts() {
    let out = tabula(&["moves", "tablut"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "e8-d8"), "{text}");
    assert_eq!(text.lines().last(), Some("80 moves"));
    let out = tabula(&["moves", "tzaar"]);
    assert_eq!(stdout(&out).lines().last(), Some("42 moves"));
    let position = "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39";
    let out = tabula(&["moves", "tantrix", "--position", position]);
    assert_eq!(stdout(&out).lines().last(), Some("64 moves"), "{}", stderr(&out));
}

#[test]
fn replay_reproduces_the_reference_games_and_flags_illegal_moves() {
    let out = tabula(&["replay", "tablut", "--counts", &data("tablut/seed-games.tsv")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected: Vec<String> = std::fs::read_to_string(data("tablut/seed-games.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            format!("{} {}", f[0], f[2])
        })
        .collect();
    let got: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(got.len(), expected.len());
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "game {}", i + 1);
    }

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    std::fs::write(&file, "e8-d8 e4-h4\ne8-d8 e8-d7\n").unwrap();
    let out = tabula(&["replay", "tablut", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "*");
    assert!(lines[1].starts_with("illegal 2 e8-d7: "), "{text}");
}

#[test]
fn render_writes_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.png");
    let out = tabula(&["render", "tablut", "--moves", "e8-d8 e4-h4", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let img = image::open(&file).unwrap();
    assert!(img.width() >= 700 && img.width() <= 900, "{}", img.width());
    let file = dir.path().join("tantrix.png");
    let out = tabula(&[
        "render",
        "tantrix",
        "--position",
        "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(image::open(&file).is_ok());
}

#[test]
fn render_repeat_prints_the_median_time_per_picture() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.png");
    let path = file.to_str().unwrap();
    let out = tabula(&["render", "tzaar", "--moves", "I5xH6", "-o", path, "--repeat", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], path);
    // "5 pictures, median 2.41 ms per picture (drawn and encoded), 31234 bytes"
    let words: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(words[..3], ["5", "pictures,", "median"], "{text}");
    let ms: f64 = words[3].parse().unwrap_or_else(|_| panic!("no time in {text}"));
    assert!(ms > 0.0 && ms < 1_000.0, "{text}");
    let bytes: usize = words[words.len() - 2].parse().unwrap();
    assert_eq!(bytes as u64, std::fs::metadata(&file).unwrap().len(), "{text}");
    // The picture written is the one measured, and a count of none is refused in one sentence.
    assert!(image::open(&file).is_ok());
    let out = tabula(&["render", "tzaar", "-o", path, "--repeat", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn score_prints_each_colour() {
    let out = tabula(&["score", "tantrix", "--position", "26@0,0:1 13@1,-1:3 23@1,0:3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "R 6\nB 1\nY 1\nG 1\n");
}

#[test]
fn errors_are_one_sentence_with_status_2() {
    for args in [
        &["perft", "chess", "2"][..],
        &["moves", "tablut", "--position", "nonsense"],
        &["render", "tablut", "--moves", "e8-e1", "-o", "/tmp/never.png"],
        &["moves", "tantrix"],
        &["score", "tablut", "--position", "x"],
    ] {
        let out = tabula(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{args:?}: {err}");
        assert!(!err.trim().is_empty());
    }
}

#[test]
fn without_a_token_run_explains_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("TABULA_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains("DISCORD_TOKEN") && err.contains("tabula local"), "{err}");
}

/// The move line of `bestmove`, after checking the figures line under it.
fn best(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[1].starts_with("depth ") && lines[1].contains(" nodes ") && lines[1].contains(" score "),
        "{text}"
    );
    lines[0].to_string()
}

#[test]
fn bestmove_prints_a_legal_move_and_the_search_figures() {
    let m = best(&["bestmove", "tablut", "--time-ms", "50"]);
    let legal = stdout(&tabula(&["moves", "tablut"]));
    assert!(legal.lines().any(|l| l == m), "{m} is not a legal first move");

    // TZAAR's first turn is one capture: the answer is that one move.
    let m = best(&["bestmove", "tzaar", "--level", "1", "--seed", "3"]);
    let legal = stdout(&tabula(&["moves", "tzaar"]));
    assert!(legal.lines().any(|l| l == m), "{m} is not a legal first move");

    // Tantrix: the hand's colour is to move; the other hand is dealt from the unseen tiles.
    let position = "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39";
    let m = best(&["bestmove", "tantrix", "--position", position, "--colour", "Y", "--time-ms", "100"]);
    let legal = stdout(&tabula(&["moves", "tantrix", "--position", position]));
    assert!(legal.lines().any(|l| l == m), "{m} is not among the 64 legal moves");
    let three = best(&[
        "bestmove",
        "tantrix",
        "--position",
        position,
        "--colour",
        "b",
        "--variant",
        "RBY",
        "--level",
        "2",
    ]);
    assert!(legal.lines().any(|l| l == three), "{three}");
}

#[test]
fn bestmove_explains_what_it_needs() {
    let position = "53@0,0:2 9@1,-1:0 | 11 18 20 21 42 44 | 39";
    for (args, needle) in [
        (vec!["bestmove", "tantrix", "--position", position], "--colour"),
        (vec!["bestmove", "tantrix", "--colour", "R"], "--position"),
        (vec!["bestmove", "tantrix", "--position", position, "--colour", "P"], "not a colour"),
        (
            vec!["bestmove", "tantrix", "--position", position, "--colour", "G", "--variant", "RB"],
            "not one of",
        ),
        (vec!["bestmove", "tantrix", "--position", "53@0,0:2 | 11 | 0", "--colour", "R"], "other hand"),
        (vec!["bestmove", "tablut", "--colour", "R"], "--colour is for tantrix"),
        (vec!["bestmove", "tablut", "--level", "9"], "no level 9"),
    ] {
        let out = tabula(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn match_prints_a_tally_with_an_interval() {
    let out = tabula(&["match", "tantrix", "--a", "greedy", "--b", "random", "--games", "2", "--seed", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Tantrix match, 2 games, A = greedy, B = random, seed 5"), "{text}");
    assert!(text.contains(" in 2 games; score ") && text.contains("95% interval"), "{text}");
    let out = tabula(&["match", "tablut", "--a", "7", "--b", "random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("level 1 to 5"), "{}", stderr(&out));
    // No games, no score: refused rather than reported as 0.0%.
    let out = tabula(&["match", "tablut", "--a", "1", "--b", "random", "--games", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--games") && stderr(&out).contains("0 is not in 1.."), "{}", stderr(&out));
}

#[test]
fn match_each_lists_every_game_with_its_seed_and_result() {
    let out = tabula(&[
        "match", "tantrix", "--a", "greedy", "--b", "random", "--games", "3", "--seed", "7", "--each",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("Game ")).collect();
    assert_eq!(games.len(), 3, "{text}");
    for (i, (line, seat)) in games.iter().zip(["first", "second", "first"]).enumerate() {
        let head = format!("Game {} (seed {}, A moved {seat}): ", i + 1, 7 + i);
        assert!(line.starts_with(&head), "{line}");
        let rest = &line[head.len()..];
        assert!(
            rest.starts_with("A won, ") || rest.starts_with("A lost, ") || rest.starts_with("drawn, "),
            "{line}"
        );
        assert!(rest.contains("chain"), "the reason gives the chains: {line}");
    }
    let wins = games.iter().filter(|l| l.contains("): A won, ")).count();
    let tally = text.lines().find(|l| l.starts_with("A: ")).unwrap_or_else(|| panic!("{text}"));
    assert!(tally.starts_with(&format!("A: {wins} wins, ")), "{tally} after {games:?}");
    let out = tabula(&["match", "tantrix", "--a", "greedy", "--b", "random", "--games", "2"]);
    assert!(!stdout(&out).contains("Game 1 "), "without --each: {}", stdout(&out));
}

#[test]
fn match_times_the_levels_searches() {
    let out = tabula(&["match", "tzaar", "--a", "1", "--b", "random", "--games", "1", "--top-ms", "50"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let line = text.lines().find(|l| l.starts_with("Level searches: ")).unwrap_or_else(|| panic!("{text}"));
    let searches: u32 = line["Level searches: ".len()..].split(',').next().unwrap().parse().unwrap();
    assert!(
        searches > 0 && line.contains("the slowest ") && line.contains("ended by the time cap"),
        "{line}"
    );
    let out = tabula(&["match", "tantrix", "--a", "greedy", "--b", "random", "--games", "1"]);
    assert!(!stdout(&out).contains("Level searches"), "no level played: {}", stdout(&out));
}

/// A Tablut record as `/game` attaches it, with `moves` after the tags, one move number a line.
fn tablut_record(moves: &[&str]) -> String {
    let mut text = "[Game \"Tablut\"]\n[Id \"1\"]\n[Variant \"seed\"]\n[Black \"alice\"]\n[White \"bob\"]\n\
                    [Result \"*\"]\n\n"
        .to_string();
    for (i, m) in moves.iter().enumerate() {
        text = format!("{text}{}. {m}\n", i + 1);
    }
    text
}

#[test]
fn replay_counts_the_moves_of_records_too() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game-1.txt");
    std::fs::write(&file, tablut_record(&["e8-d8", "e4-h4"])).unwrap();
    let out = tabula(&["replay", "tablut", "--counts", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The same counts as for the line of moves.
    std::fs::write(dir.path().join("line.txt"), "e8-d8 e4-h4\n").unwrap();
    let line = tabula(&["replay", "tablut", "--counts", dir.path().join("line.txt").to_str().unwrap()]);
    assert_eq!(stdout(&out), "* 80 56\n");
    assert_eq!(stdout(&out), stdout(&line));
    let out = tabula(&["replay", "tablut", file.to_str().unwrap()]);
    assert_eq!(stdout(&out), "*\n", "without --counts, the result alone");
}

#[test]
fn an_illegal_move_names_the_line_of_the_file_that_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let name = file.to_str().unwrap();
    std::fs::write(&file, "# two games\n\ne8-d8 e4-h4\ne8-d8 e8-d7\n").unwrap();
    let out = tabula(&["replay", "tablut", name]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "*");
    assert!(lines[1].starts_with("illegal 2 e8-d7: "), "{text}");
    assert!(lines[1].ends_with(&format!(" (line 4 of {name})")), "{text}");

    // In a file of records, the line is the file's, not the record's nor the ply.
    let records =
        format!("{}\n{}", tablut_record(&["e8-d8", "e4-h4"]), tablut_record(&["e8-d8", "e8-d7", "e4-h4"]));
    std::fs::write(&file, &records).unwrap();
    let out = tabula(&["replay", "tablut", name]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let at = records.lines().position(|l| l == "2. e8-d7").unwrap() + 1;
    assert_eq!(at, 19);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "*");
    assert!(lines[1].starts_with("illegal 2 e8-d7: "), "{text}");
    assert!(lines[1].ends_with(&format!(" (line {at} of {name})")), "{text}");

    // From standard input, the line of standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["replay", "tablut", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"e8-d8 e8-d7\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(stdout(&out).ends_with(" (line 1 of standard input)\n"), "{}", stdout(&out));
}

#[test]
fn every_command_refuses_a_bad_variant_alike() {
    let position = "53@0,0:2 9@1,-1:0 34@0,-1:0 14@2,-2:3 55@1,-2:2 | 11 18 20 21 42 44 | 39";
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let png = png.to_str().unwrap();
    for (variant, needle) in
        [("RR", "taken twice"), ("RP", "not a Tantrix colour"), ("R", "played by"), ("RBYGR", "taken twice")]
    {
        for args in [
            vec!["moves", "tantrix", "--position", position, "--variant", variant],
            vec!["score", "tantrix", "--position", position, "--variant", variant],
            vec!["render", "tantrix", "--position", position, "--variant", variant, "-o", png],
            vec!["bestmove", "tantrix", "--position", position, "--variant", variant, "--colour", "R"],
        ] {
            let out = tabula(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
            let err = stderr(&out);
            assert!(err.contains(needle), "{args:?}: {err}");
            assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
            assert!(stdout(&out).is_empty(), "{args:?}");
        }
    }
    // A good seating is taken by every command.
    let out = tabula(&["moves", "tantrix", "--position", position, "--variant", "RBY"]);
    assert_eq!(stdout(&out).lines().last(), Some("64 moves"), "{}", stderr(&out));
    // TZAAR's variant is a start layout: it may not come with a position, which is a start too.
    let start = stdout(&tabula(&["moves", "tzaar"]));
    let out = tabula(&["moves", "tzaar", "--variant", "random:3", "--position", "nonsense"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("give one of them"), "{}", stderr(&out));
    assert!(!start.is_empty());
}

/// Runs the console with `args` after `local`, in an empty folder, with no input.
fn console(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("local.db");
    let pictures = dir.path().join("boards");
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .current_dir(dir.path())
        .arg("local")
        .args(["--database", database.to_str().unwrap(), "--pictures", pictures.to_str().unwrap()])
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_language_without_translation_is_answered_in_english_saying_so_once() {
    let out = console(&["--lang", "de"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.matches("no translation for `de`").count(), 1, "{err}");
    assert!(err.contains("English"), "{err}");
    let out = console(&["--lang", "cs-CZ"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("translation"), "a locale of a shipped language: {}", stderr(&out));
    let out = console(&["--lang", "klingon"]);
    assert_eq!(out.status.code(), Some(2), "not a language code at all");
}
