//! A console line read into its parts: `[#channel] @name /command [option:value ...]`, and the stable ids of
//! the console's members.

use crate::games::GameKind;
use crate::session::Text;
use crate::session::commands::words;
use crate::t;

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
    pub(crate) channel: String,
    pub(crate) user: String,
    pub command: String,
    /// Options in order; a bare word gets the name `""`.
    pub(crate) options: Vec<(String, String)>,
}

/// A first game to type, made from the first game of the registry: a challenge, its acceptance and a first move.
pub(crate) fn example_lines() -> [String; 3] {
    let game = GameKind::ALL[0].info();
    [
        format!("@alice /play game:{} opponent:@bob side:first", game.name),
        "@bob /accept".to_string(),
        format!("@alice /move {}", game.move_examples.first().copied().unwrap_or("?")),
    ]
}

/// Reads a console line, or says what is wrong with it.
pub fn parse_line(line: &str, default_channel: &str) -> Result<Option<Line>, Text> {
    let words = words(line);
    let mut words = words.iter().map(|w| (w.text.as_str(), w)).peekable();
    let Some((first, _)) = words.peek() else { return Ok(None) };
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
    let usage = || {
        t!(
            "console-usage",
            form = Text::new().code("@name /command option:value"),
            example = Text::new().code(example_lines()[0].as_str())
        )
    };
    let user = match words.next().and_then(|(w, _)| w.strip_prefix('@')) {
        Some(u) if !u.is_empty() => u.to_string(),
        _ => return Err(t!("console-who", usage = usage())),
    };
    let command = match words.next().and_then(|(w, _)| w.strip_prefix('/')) {
        Some(c) if !c.is_empty() => c.to_ascii_lowercase(),
        _ => return Err(t!("console-command", user = format!("@{user}"), usage = usage())),
    };
    let mut options = Vec::new();
    let mut bare = Vec::new();
    for (text, word) in words {
        match word.option() {
            Some((k, v)) => options.push((k.to_ascii_lowercase(), v.to_string())),
            None => bare.push(text),
        }
    }
    if !bare.is_empty() {
        // Bare words form the command's main option (`/move e4xd4 f4-f5`, `/play tablut`).
        options.insert(0, (String::new(), bare.join(" ")));
    }
    Ok(Some(Line { channel, user, command, options }))
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
