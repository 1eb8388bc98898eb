//! `tabula local`: a console that plays the role of a Discord channel, through the same session layer and the
//! same kind of `SQLite` store, so console games survive restarts too.
//!
//! A line is `[#channel] @name /command [option:value ...]`, for example `@alice /play game:tablut opponent:@bob`,
//! `@bob /accept`, `@alice /move move:e8-d8` (the first option may also be given bare: `@alice /move e8-d8`).
//! Replies are printed; each board picture is written to a PNG file whose path is printed, with a text drawing.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::games::GameKind;
use crate::render::board_png;
use crate::session::{Actor, Member, Request, Sessions, SidePref};
use crate::store::{SqliteStore, Store};

/// The console's name for the bot itself: challenge `@tabula` to play the AI.
pub const BOT_NAME: &str = "tabula";

/// Members with these names hold the "manage messages" permission in the console (they may abort any game).
const MANAGERS: [&str; 2] = ["admin", "mod"];

/// A stable id for a console member, derived from the name (FNV-1a), so ids survive restarts.
pub fn member_id(name: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.to_ascii_lowercase().bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    // Keep clear of 0 and of Discord-sized snowflakes' top bit.
    (hash >> 1) | 1
}

/// One parsed console line.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    pub channel: String,
    pub user: String,
    pub command: String,
    /// Options in order; a bare word gets the name `""`.
    pub options: Vec<(String, String)>,
}

/// Reads a console line, or says what is wrong with it.
pub fn parse_line(line: &str, default_channel: &str) -> Result<Option<Line>, String> {
    let mut words = line.split_whitespace().peekable();
    let Some(first) = words.peek() else { return Ok(None) };
    if first.starts_with("//") || first.starts_with("--") {
        return Ok(None);
    }
    let mut channel = default_channel.to_string();
    if let Some(c) = first.strip_prefix('#') {
        if c.is_empty() {
            return Ok(None);
        }
        channel = c.to_ascii_lowercase();
        words.next();
    }
    let usage = "write `@name /command option:value`, for example `@alice /play game:tablut opponent:@bob`";
    let user = match words.next().and_then(|w| w.strip_prefix('@')) {
        Some(u) if !u.is_empty() => u.to_string(),
        _ => return Err(format!("each line starts with who speaks: {usage}")),
    };
    let command = match words.next().and_then(|w| w.strip_prefix('/')) {
        Some(c) if !c.is_empty() => c.to_ascii_lowercase(),
        _ => return Err(format!("after @{user} comes a slash command: {usage}")),
    };
    let mut options = Vec::new();
    let mut bare = Vec::new();
    for w in words {
        match w.split_once(':') {
            Some((k, v))
                if !k.is_empty()
                    && k.chars().all(|c| c.is_ascii_alphanumeric())
                    && !k.chars().all(|c| c.is_ascii_digit()) =>
            {
                options.push((k.to_ascii_lowercase(), v.to_string()));
            }
            _ => bare.push(w),
        }
    }
    if !bare.is_empty() {
        // Bare words form the command's main option (`/move e4xd4 f4-f5`, `/play tablut`).
        options.insert(0, (String::new(), bare.join(" ")));
    }
    Ok(Some(Line { channel, user, command, options }))
}

/// The console: sessions over a store, a picture folder, and the names it has seen.
pub struct Console<S: Store> {
    sessions: Arc<Sessions<S>>,
    pictures: PathBuf,
    names: HashMap<u64, String>,
    channels: HashMap<String, u64>,
    default_channel: String,
}

impl<S: Store> Console<S> {
    pub async fn new(sessions: Arc<Sessions<S>>, pictures: &Path) -> Self {
        sessions.set_bot_id(member_id(BOT_NAME));
        let mut console = Console {
            sessions,
            pictures: pictures.to_path_buf(),
            names: HashMap::new(),
            channels: HashMap::new(),
            default_channel: "local".to_string(),
        };
        // Learn the names of players of games that survived a restart, so mentions print as @name.
        if let Ok(open) = console.sessions.store().open_sessions().await {
            for s in open {
                for p in s.players {
                    console.names.insert(p.id, p.name);
                }
            }
        }
        console
    }

    fn channel_id(&mut self, name: &str) -> u64 {
        *self.channels.entry(name.to_string()).or_insert_with(|| member_id(&format!("#{name}")))
    }

    fn member(&mut self, name: &str) -> Member {
        let id = member_id(name);
        self.names.entry(id).or_insert_with(|| name.to_string());
        Member { id, name: name.to_string(), bot: name.eq_ignore_ascii_case(BOT_NAME) }
    }

    /// Lets the AI play in `channel` while it is to move, and returns what it said.
    async fn ai_moves(&self, channel: &str, channel_id: u64) -> String {
        let mut out = String::new();
        while let Some(reply) = self.sessions.ai_turn(channel_id).await {
            out.push_str(&self.show(channel, reply).await);
        }
        out
    }

    /// Runs the AI in every channel where it owes a move (after a restart).
    pub async fn resume_ai(&mut self) -> String {
        let mut out = String::new();
        let mut waiting = Vec::new();
        for id in self.sessions.ai_channels().await {
            let name = self.channels.iter().find(|(_, v)| **v == id).map(|(k, _)| k.clone());
            waiting.push((name.unwrap_or_else(|| format!("channel-{id}")), id));
        }
        for (name, id) in waiting {
            out.push_str(&self.ai_moves(&name, id).await);
        }
        out
    }

    /// Replaces `<@id>` mentions with `@name`.
    fn humanize(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("<@") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            if let Some((end, id)) =
                after.find('>').and_then(|end| after[..end].parse::<u64>().ok().map(|id| (end, id)))
            {
                match self.names.get(&id) {
                    Some(name) => {
                        let _ = write!(out, "@{name}");
                    }
                    None => {
                        let _ = write!(out, "@{id}");
                    }
                }
                rest = &after[end + 1..];
            } else {
                out.push_str("<@");
                rest = after;
            }
        }
        out.push_str(rest);
        out.replace("**", "")
    }

    /// Reads the options of `/play`.
    fn play_request(&mut self, line: &Line) -> Result<Request, String> {
        let option = |names: &[&str]| {
            line.options.iter().find(|(k, _)| names.contains(&k.as_str())).map(|(_, v)| v.clone())
        };
        let game = match option(&["game", ""]).map(|g| g.parse::<GameKind>()) {
            Some(Ok(game)) => game,
            Some(Err(e)) => return Err(format!("{e}.")),
            None => return Err("Name a game: `/play game:tablut opponent:@bob`.".to_string()),
        };
        let mut opponents = Vec::new();
        for key in ["opponent", "opponent2", "opponent3"] {
            if let Some(o) = option(&[key]) {
                let name = o.trim_start_matches('@');
                if name.is_empty() {
                    return Err("Write opponents as `opponent:@name`.".to_string());
                }
                opponents.push(self.member(name));
            }
        }
        let side = match option(&["side"]).as_deref() {
            None | Some("random") => SidePref::Random,
            Some("first") => SidePref::First,
            Some("second") => SidePref::Second,
            Some(other) => return Err(format!("`side:{other}` is not a side: use first, second or random.")),
        };
        let variant = option(&["variant", "setup"]);
        let level = match option(&["level"]) {
            None => None,
            Some(l) => Some(l.parse::<u8>().map_err(|_| format!("`level:{l}` is not a level: use 1 to 5."))?),
        };
        Ok(Request::Play { game, opponents, variant, side, level })
    }

    /// Handles one input line and returns what to print.
    pub async fn line(&mut self, text: &str) -> String {
        let default_channel = self.default_channel.clone();
        let line = match parse_line(text, &default_channel) {
            Ok(Some(line)) => line,
            Ok(None) => return String::new(),
            Err(e) => return format!("(console) {e}\n"),
        };
        let channel = self.channel_id(&line.channel);
        let actor = Actor {
            member: self.member(&line.user),
            can_manage: MANAGERS.contains(&line.user.to_ascii_lowercase().as_str()),
        };
        let option = |names: &[&str]| {
            line.options.iter().find(|(k, _)| names.contains(&k.as_str())).map(|(_, v)| v.clone())
        };
        let request = match line.command.as_str() {
            "play" => match self.play_request(&line) {
                Ok(request) => request,
                Err(e) => return format!("(to @{} only) {e}\n", line.user),
            },
            "accept" => Request::Accept { session: None },
            "decline" => Request::Decline { session: None },
            "withdraw" => Request::Withdraw { session: None },
            "move" => Request::Move { text: option(&["move", ""]).unwrap_or_default() },
            "board" => Request::Board,
            "resign" => Request::Resign,
            "abort" => Request::Abort,
            "help" => Request::Help { game: option(&["game", ""]).and_then(|g| g.parse().ok()) },
            "suggest" => {
                let typed = option(&["move", ""]).unwrap_or_default();
                let list = self.sessions.suggest(channel, actor.member.id, &typed).await;
                return if list.is_empty() {
                    format!("(to @{} only) no suggestions\n", line.user)
                } else {
                    format!("(to @{} only) {}\n", line.user, list.join("  "))
                };
            }
            other => {
                return format!(
                    "(to @{} only) There is no /{other} command: try /play, /accept, /decline, /withdraw, /move, \
                     /suggest, /board, /resign, /abort or /help.\n",
                    line.user
                );
            }
        };
        let reply = self.sessions.handle(channel, &actor, request).await;
        let mut out = if reply.ephemeral {
            format!("(to @{} only) {}\n", line.user, self.humanize(&reply.text))
        } else {
            self.show(&line.channel, reply).await
        };
        out.push_str(&self.ai_moves(&line.channel, channel).await);
        out
    }

    /// Prints a public reply: its text, buttons, the board as text, and the picture written to a file.
    async fn show(&self, channel: &str, reply: crate::session::Reply) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.humanize(&reply.text));
        if !reply.buttons.is_empty() {
            let labels: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
            let _ = writeln!(out, "[{}]", labels.join("] ["));
        }
        if let Some(board) = reply.board {
            out.push_str(&board.game.text_board());
            if !out.ends_with('\n') {
                out.push('\n');
            }
            let ply = board.game.moves_text().len();
            let file = self.pictures.join(format!("{channel}-{}-{ply:03}.png", board.game.kind().name()));
            let png = tokio::task::spawn_blocking(move || board_png(&board.game, &board.names))
                .await
                .unwrap_or_default();
            let written = match tokio::fs::create_dir_all(&self.pictures).await {
                Ok(()) => tokio::fs::write(&file, png).await,
                Err(e) => Err(e),
            };
            match written {
                Ok(()) => {
                    let _ = writeln!(out, "picture: {}", file.display());
                }
                Err(e) => {
                    let _ = writeln!(out, "(console) could not write the picture {}: {e}", file.display());
                }
            }
        }
        out
    }
}

/// Runs the console on standard input until it ends, printing to standard output.
pub async fn run(
    database: &Path,
    pictures: &Path,
    config: crate::session::SessionConfig,
) -> anyhow::Result<()> {
    let store = SqliteStore::open(database).await?;
    let sessions = Arc::new(Sessions::new(store, config));
    let mut console = Console::new(sessions.clone(), pictures).await;
    let resumed = console.resume_ai().await;
    let mut stdout = tokio::io::stdout();
    let interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    if interactive {
        write_flush(
            &mut stdout,
            "Tabula console: you are a whole channel. Type `@alice /play game:tablut opponent:@bob`, then \
             `@bob /accept`, `@alice /move e8-d8`... `@alice /help` lists the commands; Ctrl-D quits.\n",
        )
        .await?;
    }
    write_flush(&mut stdout, &resumed).await?;
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await? {
        let out = console.line(&line).await;
        write_flush(&mut stdout, &out).await?;
    }
    sessions.store().close().await;
    Ok(())
}

async fn write_flush(out: &mut (impl AsyncWrite + Unpin), text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes()).await?;
    out.flush().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse() {
        let l = parse_line("@alice /play game:tablut opponent:@bob", "local").unwrap().unwrap();
        assert_eq!(l.user, "alice");
        assert_eq!(l.command, "play");
        assert_eq!(l.options, vec![("game".into(), "tablut".into()), ("opponent".into(), "@bob".into())]);
        let l = parse_line("#t1 @bob /move e4xd4 f4-f5", "local").unwrap().unwrap();
        assert_eq!(l.channel, "t1");
        assert_eq!(l.options, vec![(String::new(), "e4xd4 f4-f5".into())]);
        let l = parse_line("@carol /move 23@1,-1:4", "local").unwrap().unwrap();
        assert_eq!(l.options, vec![(String::new(), "23@1,-1:4".into())]);
        assert!(parse_line("alice /play", "local").is_err());
        assert!(parse_line("@alice play", "local").is_err());
        assert_eq!(parse_line("   ", "local"), Ok(None));
    }

    #[test]
    fn member_ids_are_stable_and_case_blind() {
        assert_eq!(member_id("Alice"), member_id("alice"));
        assert_ne!(member_id("alice"), member_id("bob"));
    }
}
