//! A competition's client on the command line (`tabula tablut-challenge`): connects to the server, frames each
//! message (a 4-byte big-endian length, then UTF-8), times each answer, and prints a line per move of ours and
//! one for the end. What the messages say is the game's ([`CompetitionClient`]).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::games::{CompetitionClient, CompetitionStep};

/// The largest message the client accepts from the server.
const MAX_MESSAGE: usize = 1 << 20;

/// Where to connect and what to say the client plays.
pub struct Connection<'a> {
    pub host: &'a str,
    pub port: u16,
    /// The colour, for the last line.
    pub colour: &'a str,
    /// The server's limit per move, for the last line.
    pub limit: Duration,
}

/// Writes one message: its length, then its text.
fn send(stream: &mut impl Write, text: &str) -> std::io::Result<()> {
    let len = u32::try_from(text.len()).map_err(|_| std::io::Error::other("message too long"))?;
    stream.write_all(&len.to_be_bytes())?;
    stream.write_all(text.as_bytes())?;
    stream.flush()
}

/// Reads one message; `None` when the server closed the connection between messages.
fn receive(stream: &mut impl Read) -> Result<Option<String>, String> {
    let mut len = [0u8; 4];
    match stream.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(format!("cannot read from the server: {e}")),
    }
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_MESSAGE {
        return Err(format!(
            "the server sent a message of {len} bytes, more than the {MAX_MESSAGE} this client reads"
        ));
    }
    let mut body = vec![0u8; len];
    stream.read_exact(&mut body).map_err(|e| format!("cannot read from the server: {e}"))?;
    String::from_utf8(body).map(Some).map_err(|_| "the server sent a message that is not UTF-8".to_string())
}

/// Plays one game with `client` until the server says it is over (or closes the connection).
pub fn play(
    to: &Connection<'_>,
    client: &mut dyn CompetitionClient,
    out: &mut impl Write,
) -> Result<(), String> {
    let address = format!("{}:{}", to.host, to.port);
    let mut stream = TcpStream::connect(&address)
        .map_err(|e| format!("cannot connect to the competition's server at {address}: {e}"))?;
    stream.set_nodelay(true).map_err(|e| format!("cannot set up the connection: {e}"))?;
    let io = |e: std::io::Error| format!("cannot write to the server: {e}");
    let print = |e: std::io::Error| format!("cannot write the output: {e}");
    send(&mut stream, &client.greeting()).map_err(io)?;
    let (mut answers, mut longest) = (0u32, Duration::ZERO);
    let mut verdict = "left (the server closed the connection)".to_string();
    while let Some(message) = receive(&mut stream)? {
        let received = Instant::now();
        match client.on_message(&message)? {
            CompetitionStep::Wait => {}
            CompetitionStep::Answer { message, line } => {
                send(&mut stream, &message).map_err(io)?;
                let took = received.elapsed();
                answers += 1;
                longest = longest.max(took);
                writeln!(out, "{line}, answered in {} ms", took.as_millis())
                    .and_then(|()| out.flush())
                    .map_err(print)?;
            }
            CompetitionStep::Over { verdict: said } => {
                verdict = said;
                break;
            }
        }
    }
    writeln!(
        out,
        "Tabula ({}) {verdict} after {answers} moves of its own; the longest answer took {} ms of the {} ms allowed",
        to.colour,
        longest.as_millis(),
        to.limit.as_millis(),
    )
    .map_err(print)
}
