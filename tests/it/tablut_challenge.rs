//! `tabula tablut-challenge` against a small fake of the Tablut Challenge's server: the binary connects over TCP
//! on loopback, sends its name, and answers each state on its turn with a legal Ashton move in the server's
//! naming (row 1 at the top), in time, until the server says the game is over.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tabula::games::tablut::{Game, Side, Square, Variant};

/// The server's naming, written here on its own: column a-i from the left, row 1-9 from the top; our rank 9 is
/// the top row.
fn server_to_ours(name: &str) -> Square {
    let bytes = name.as_bytes();
    assert_eq!(bytes.len(), 2, "a square is a letter and a digit: {name}");
    let file = bytes[0] - b'a';
    let row = bytes[1] - b'1';
    assert!(file < 9 && row < 9, "off the board: {name}");
    Square::from_index(usize::from((8 - row) * 9 + file)).unwrap()
}

fn board(game: &Game) -> Value {
    let p = game.position();
    let rows: Vec<Value> = (0..9u8)
        .map(|row| {
            let cells: Vec<&str> = (0..9u8)
                .map(|file| {
                    let sq = Square::from_index(usize::from((8 - row) * 9 + file)).unwrap();
                    if sq == p.king() {
                        "KING"
                    } else if p.attackers() & sq.bit() != 0 {
                        "BLACK"
                    } else if p.defenders() & sq.bit() != 0 {
                        "WHITE"
                    } else if sq == Square::THRONE {
                        "THRONE"
                    } else {
                        "EMPTY"
                    }
                })
                .collect();
            json!(cells)
        })
        .collect();
    json!(rows)
}

fn send(stream: &mut TcpStream, value: &Value) {
    let text = value.to_string();
    stream.write_all(&(text.len() as u32).to_be_bytes()).unwrap();
    stream.write_all(text.as_bytes()).unwrap();
}

fn receive(stream: &mut TcpStream) -> Value {
    let mut len = [0u8; 4];
    stream.read_exact(&mut len).unwrap();
    let mut body = vec![0u8; u32::from_be_bytes(len) as usize];
    stream.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

fn word(side: Side) -> &'static str {
    if side == Side::White { "WHITE" } else { "BLACK" }
}

/// Plays the client as `colour` for `client_moves` of its moves against a server whose own side plays a
/// deterministic spread of legal moves, then ends the game as a draw (unless it ended before).
fn play_against_the_fake(colour: Side, client_moves: u32) {
    let limit = Duration::from_secs(1);
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let colour_arg = if colour == Side::White { "white" } else { "black" };
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "tablut-challenge",
            "--colour",
            colour_arg,
            "--seconds",
            "1",
            "--host",
            "127.0.0.1",
            "--port",
            &port,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (mut stream, _) = listener.accept().unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    assert_eq!(receive(&mut stream), json!("Tabula"), "the client first sends its name as a JSON string");
    let mut game = Game::with_variant(Variant::Ashton);
    let mut answered = 0;
    let mut ply = 0usize;
    let mut slowest = Duration::ZERO;
    while game.result().is_none() && answered < client_moves {
        let to_move = game.position().to_move();
        send(&mut stream, &json!({ "board": board(&game), "turn": word(to_move) }));
        if to_move == colour {
            let sent = Instant::now();
            let action = receive(&mut stream);
            slowest = slowest.max(sent.elapsed());
            assert_eq!(action["turn"], word(colour), "{action}");
            let from = server_to_ours(action["from"].as_str().unwrap());
            let to = server_to_ours(action["to"].as_str().unwrap());
            let mv = game
                .position()
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.from == from && m.to == to)
                .unwrap_or_else(|| panic!("{action} is not a legal move here"));
            game.apply(mv).unwrap();
            answered += 1;
        } else {
            let moves = game.position().legal_moves();
            ply += 1;
            game.apply(moves[(ply * 13) % moves.len()]).unwrap();
        }
    }
    let result = game.result().map_or("draw", |r| r.notation());
    let end = match result {
        "white" => "WHITEWIN",
        "black" => "BLACKWIN",
        _ => "DRAW",
    };
    send(&mut stream, &json!({ "board": board(&game), "turn": end }));
    drop(stream);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(slowest < limit, "an answer took {slowest:?}, more than the server's {limit:?}");
    let last = text.lines().last().unwrap_or_default();
    let verdict = match result {
        "draw" => "drew",
        winner if winner == word(colour).to_lowercase() => "won",
        _ => "lost",
    };
    assert!(last.contains(verdict) && last.contains(&format!("after {answered} moves")), "{text}");
    assert_eq!(text.lines().count() as u32, answered + 1, "a line per move, then the result: {text}");
}

#[test]
fn the_client_plays_white_in_time_with_legal_moves() {
    play_against_the_fake(Side::White, 4);
}

#[test]
fn the_client_plays_black_in_time_with_legal_moves() {
    play_against_the_fake(Side::Black, 4);
}

#[test]
fn a_server_that_is_not_there_is_one_sentence_and_status_1() {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "tablut-challenge",
            "--colour",
            "black",
            "--seconds",
            "1",
            "--host",
            "127.0.0.1",
            "--port",
            &port,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot connect to the competition's server"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["tablut-challenge", "--colour", "black", "--seconds", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
