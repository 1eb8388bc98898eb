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
