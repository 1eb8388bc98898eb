//! The ids of the components (buttons and select menus) under the session layer's messages: one type,
//! [`ComponentId`], written by its `Display` and read by its `FromStr`, so that every id made is one that reads
//! back. An id names the channel and what the component acts on (a session, an offer's nonce, a tournament, a
//! member), so that a component keeps working after a restart; it holds no name and no text to be parsed.

use std::fmt;
use std::str::FromStr;

use crate::games::GameKind;

use super::Member;
use super::commands::{
    Accept, Answer, AskAbort, DailyTry, Decline, Forget, History, Pick, PuzzlePress, Rematch,
    TournamentSignup, WebLink, Withdraw,
};
use super::picker::MAX_CUSTOM_ID;
use super::picker::Press;
use super::request::Request;

/// A component's id: the channel it was posted in and what it asks for there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    pub channel: u64,
    pub action: Action,
}

/// What a component asks for, and of what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The buttons under a challenge.
    Accept {
        session: i64,
    },
    Decline {
        session: i64,
    },
    Withdraw {
        session: i64,
    },
    /// The answer to an offer (a draw, a takeback, an abort), which the nonce names.
    Answer {
        session: i64,
        offer: u32,
        accept: bool,
    },
    Rematch {
        session: i64,
    },
    /// `/abort`'s button that asks the opponent to agree.
    AskAbort {
        session: i64,
    },
    /// Play in the browser: a signed link for the presser.
    Web {
        session: i64,
    },
    /// A step of the move picker when `ply` moves had been played, after the values `chosen`.
    Pick {
        session: i64,
        ply: usize,
        chosen: Vec<String>,
        step: PickStep,
    },
    Signup {
        tournament: i64,
        signup: Signup,
    },
    /// Page `page` (from 1) of `user`'s history, of one game or all.
    History {
        user: u64,
        game: Option<GameKind>,
        page: usize,
    },
    /// `/privacy`'s confirmation.
    Forget {
        user: u64,
    },
    /// The Try it button of day `day`'s daily puzzle.
    Daily {
        day: i64,
    },
    /// A step of puzzle `attempt`, shown when it had `actions` actions.
    Puzzle {
        attempt: i64,
        actions: u32,
        step: PuzzleStep,
    },
}

/// What a puzzle's component does (see `session::puzzles`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// Shows the puzzle as it stands.
    Board,
    /// A select menu of tiles (`part` tells menus of one message apart); it sends back a [`PuzzleStep::Tile`].
    TileMenu(u8),
    /// A tile chosen: where it may go.
    Tile(u8),
    /// A select menu of places for a tile; it sends back a [`PuzzleStep::Cell`] or a [`PuzzleStep::Lift`].
    CellMenu(u8, u8),
    /// A tile and its place chosen (as the puzzle writes places): which way round.
    Cell(u8, String),
    /// Picks a tile up.
    Lift(u8),
    /// The select menu of turns for a tile on a place; it sends back a [`PuzzleStep::Put`].
    RotMenu(u8, String),
    /// Puts a tile down: tile, place, turn.
    Put(u8, String, u8),
    Hint,
    /// Shows the solved puzzle in the channel.
    Post,
    /// Another puzzle of the same size.
    Again,
    /// A tactic: gives up and shows the solution (the tactic counts as missed).
    Solution,
    /// A tactic: the next one, of the same game.
    Next,
    /// A tactic: a step of the move picker after the values chosen (see `session::picker`).
    Pick(Vec<String>, PickStep),
}

/// What a sign-up button asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signup {
    Join,
    /// Off the list before the start; out of later rounds once it runs.
    Leave,
    /// Present, in the last minutes before the start of a tournament with check-in.
    CheckIn,
}

/// What a picker's component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickStep {
    /// The Move button: opens the picker.
    Open,
    /// Back: the step after `chosen`.
    At,
    /// Play: plays what `chosen` makes.
    Play,
    /// The select menu itself; what it sends back is a [`PickStep::Choose`] (see [`ComponentId::selected`]).
    Menu,
    /// A value chosen in the menu.
    Choose(String),
}

impl PickStep {
    /// What a press on this step asks of the picker: `None` for the select menu's own id.
    pub(super) fn press(self) -> Option<Press> {
        Some(match self {
            PickStep::Open => Press::Open,
            PickStep::At => Press::At,
            PickStep::Play => Press::Play,
            PickStep::Menu => return None,
            PickStep::Choose(value) => Press::Choose(value),
        })
    }
}

impl ComponentId {
    pub fn new(channel: u64, action: Action) -> ComponentId {
        ComponentId { channel, action }
    }

    /// The picker component of game `session` at `ply`, after `chosen`.
    pub(super) fn pick(
        channel: u64,
        session: i64,
        ply: usize,
        chosen: &[&str],
        step: PickStep,
    ) -> ComponentId {
        let chosen = chosen.iter().map(ToString::to_string).collect();
        ComponentId::new(channel, Action::Pick { session, ply, chosen, step })
    }

    /// What a select menu with id `custom_id` sends back when `value` is chosen in it.
    pub fn selected(custom_id: &str, value: &str) -> Option<ComponentId> {
        let mut id: ComponentId = custom_id.parse().ok()?;
        match &mut id.action {
            Action::Pick { step: step @ PickStep::Menu, .. } if !value.is_empty() => {
                *step = PickStep::Choose(value.to_string());
                Some(id)
            }
            Action::Puzzle { step, .. } => {
                *step = match step {
                    PuzzleStep::TileMenu(_) => PuzzleStep::Tile(number(value).ok()?),
                    PuzzleStep::CellMenu(tile, _) if value == "lift" => PuzzleStep::Lift(*tile),
                    PuzzleStep::CellMenu(tile, _) => PuzzleStep::Cell(*tile, place(value).ok()?),
                    PuzzleStep::RotMenu(tile, at) => PuzzleStep::Put(*tile, at.clone(), number(value).ok()?),
                    PuzzleStep::Pick(chosen, PickStep::Menu) if !value.is_empty() => {
                        PuzzleStep::Pick(std::mem::take(chosen), PickStep::Choose(value.to_string()))
                    }
                    _ => return None,
                };
                Some(id)
            }
            _ => None,
        }
    }

    /// The request it asks for: `None` for a select menu's own id, which asks for nothing until a value is
    /// chosen in it.
    pub fn request(self) -> Option<Request> {
        Some(match self.action {
            Action::Accept { session } => Accept { session: Some(session) }.into(),
            Action::Decline { session } => Decline { session: Some(session) }.into(),
            Action::Withdraw { session } => Withdraw { session: Some(session) }.into(),
            Action::Answer { session, offer, accept } => Answer { session, offer, accept }.into(),
            Action::Rematch { session } => Rematch { session }.into(),
            Action::AskAbort { session } => AskAbort { session }.into(),
            Action::Web { session } => WebLink { session }.into(),
            Action::Pick { session, ply, chosen, step } => {
                Pick { session, ply, chosen, press: step.press()? }.into()
            }
            Action::Signup { tournament, signup } => TournamentSignup { tournament, action: signup }.into(),
            Action::History { user, game, page } => {
                History { user: Some(Member::new(user, "")), game, page }.into()
            }
            Action::Forget { user } => Forget { user }.into(),
            Action::Daily { day } => DailyTry { day }.into(),
            Action::Puzzle {
                step:
                    PuzzleStep::TileMenu(_)
                    | PuzzleStep::CellMenu(..)
                    | PuzzleStep::RotMenu(..)
                    | PuzzleStep::Pick(_, PickStep::Menu),
                ..
            } => {
                return None;
            }
            Action::Puzzle { attempt, actions, step } => PuzzlePress { attempt, actions, step }.into(),
        })
    }
}

impl From<ComponentId> for String {
    fn from(id: ComponentId) -> String {
        let text = id.to_string();
        debug_assert!(text.chars().count() <= MAX_CUSTOM_ID, "{text}");
        text
    }
}

impl fmt::Display for ComponentId {
    /// `<action>:<channel>:<what it acts on>…`, the words separated by `:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let channel = self.channel;
        match &self.action {
            Action::Accept { session } => write!(f, "accept:{channel}:{session}"),
            Action::Decline { session } => write!(f, "decline:{channel}:{session}"),
            Action::Withdraw { session } => write!(f, "withdraw:{channel}:{session}"),
            Action::Answer { session, offer, accept } => {
                write!(f, "{}:{channel}:{session}:{offer}", if *accept { "yes" } else { "no" })
            }
            Action::Rematch { session } => write!(f, "rematch:{channel}:{session}"),
            Action::AskAbort { session } => write!(f, "askabort:{channel}:{session}"),
            Action::Web { session } => write!(f, "web:{channel}:{session}"),
            Action::Pick { session, ply, chosen, step } => {
                write!(f, "pick:{channel}:{session}:{ply}:{}:{step}", chosen.join("."))
            }
            Action::Signup { tournament, signup } => {
                let action = match signup {
                    Signup::Join => "tjoin",
                    Signup::Leave => "tleave",
                    Signup::CheckIn => "tcheck",
                };
                write!(f, "{action}:{channel}:{tournament}")
            }
            Action::History { user, game, page } => {
                write!(f, "history:{channel}:{user}:{}:{page}", game.map_or("all", GameKind::name))
            }
            Action::Forget { user } => write!(f, "forget:{channel}:{user}"),
            Action::Daily { day } => write!(f, "daily:{channel}:{day}"),
            Action::Puzzle { attempt, actions, step } => {
                write!(f, "pz:{channel}:{attempt}:{actions}:")?;
                match step {
                    PuzzleStep::Board => f.write_str("b"),
                    PuzzleStep::TileMenu(part) => write!(f, "tm:{part}"),
                    PuzzleStep::Tile(t) => write!(f, "t:{t}"),
                    PuzzleStep::CellMenu(t, part) => write!(f, "cm:{t}:{part}"),
                    PuzzleStep::Cell(t, at) => write!(f, "c:{t}:{at}"),
                    PuzzleStep::Lift(t) => write!(f, "l:{t}"),
                    PuzzleStep::RotMenu(t, at) => write!(f, "rm:{t}:{at}"),
                    PuzzleStep::Put(t, at, k) => write!(f, "p:{t}:{at}:{k}"),
                    PuzzleStep::Hint => f.write_str("h"),
                    PuzzleStep::Post => f.write_str("post"),
                    PuzzleStep::Again => f.write_str("new"),
                    PuzzleStep::Solution => f.write_str("sol"),
                    PuzzleStep::Next => f.write_str("next"),
                    PuzzleStep::Pick(chosen, step) => write!(f, "k:{}:{step}", chosen.join(".")),
                }
            }
        }
    }
}

/// Why a text is not a component id of ours (an old or foreign component).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a component id of Tabula's")]
pub struct NotAComponent;

impl FromStr for ComponentId {
    type Err = NotAComponent;

    fn from_str(text: &str) -> Result<ComponentId, NotAComponent> {
        // At most seven words: a value chosen in a picker's menu, the last, may hold a `:` of its own. A puzzle's
        // words hold none but a tactic picker's value, its last ones, which are joined again.
        let words: Vec<&str> =
            if text.starts_with("pz:") { text.split(':').collect() } else { text.splitn(7, ':').collect() };
        let [action, channel, rest @ ..] = &words[..] else { return Err(NotAComponent) };
        let channel = number(channel)?;
        let session = || match rest {
            [session] => number(session),
            _ => Err(NotAComponent),
        };
        let action = match *action {
            "accept" => Action::Accept { session: session()? },
            "decline" => Action::Decline { session: session()? },
            "withdraw" => Action::Withdraw { session: session()? },
            "rematch" => Action::Rematch { session: session()? },
            "askabort" => Action::AskAbort { session: session()? },
            "web" => Action::Web { session: session()? },
            "yes" | "no" => match rest {
                [session, offer] => Action::Answer {
                    session: number(session)?,
                    offer: number(offer)?,
                    accept: *action == "yes",
                },
                _ => return Err(NotAComponent),
            },
            "pick" => {
                let [session, ply, chosen, tag @ ..] = rest else { return Err(NotAComponent) };
                let step = PickStep::read(tag)?;
                Action::Pick { session: number(session)?, ply: number(ply)?, chosen: chosen_of(chosen), step }
            }
            "tjoin" | "tleave" | "tcheck" => {
                let signup = match *action {
                    "tjoin" => Signup::Join,
                    "tleave" => Signup::Leave,
                    _ => Signup::CheckIn,
                };
                Action::Signup { tournament: session()?, signup }
            }
            "history" => match rest {
                [user, game, page] => {
                    let game = match *game {
                        "all" => None,
                        name => Some(name.parse().map_err(|_| NotAComponent)?),
                    };
                    Action::History { user: number(user)?, game, page: number(page)? }
                }
                _ => return Err(NotAComponent),
            },
            "forget" => match rest {
                [user] => Action::Forget { user: number(user)? },
                _ => return Err(NotAComponent),
            },
            "daily" => Action::Daily { day: session()? },
            "pz" => {
                let [attempt, actions, step @ ..] = rest else { return Err(NotAComponent) };
                let step = match step {
                    ["b"] => PuzzleStep::Board,
                    ["tm", part] => PuzzleStep::TileMenu(number(part)?),
                    ["t", t] => PuzzleStep::Tile(number(t)?),
                    ["cm", t, part] => PuzzleStep::CellMenu(number(t)?, number(part)?),
                    ["c", t, at] => PuzzleStep::Cell(number(t)?, place(at)?),
                    ["l", t] => PuzzleStep::Lift(number(t)?),
                    ["rm", t, at] => PuzzleStep::RotMenu(number(t)?, place(at)?),
                    ["p", t, at, k] => PuzzleStep::Put(number(t)?, place(at)?, number(k)?),
                    ["h"] => PuzzleStep::Hint,
                    ["post"] => PuzzleStep::Post,
                    ["new"] => PuzzleStep::Again,
                    ["sol"] => PuzzleStep::Solution,
                    ["next"] => PuzzleStep::Next,
                    ["k", chosen, tag @ ..] => PuzzleStep::Pick(chosen_of(chosen), PickStep::read(tag)?),
                    _ => return Err(NotAComponent),
                };
                Action::Puzzle { attempt: number(attempt)?, actions: number(actions)?, step }
            }
            _ => return Err(NotAComponent),
        };
        Ok(ComponentId { channel, action })
    }
}

/// The values a picker's id carries, as it writes them (`e5.e8`).
fn chosen_of(word: &str) -> Vec<String> {
    word.split('.').filter(|c| !c.is_empty()).map(str::to_string).collect()
}

impl fmt::Display for PickStep {
    /// The last words of a picker's id: `open`, `at`, `play`, `s` (its menu), or `s:<value>` (a value chosen).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PickStep::Open => f.write_str("open"),
            PickStep::At => f.write_str("at"),
            PickStep::Play => f.write_str("play"),
            PickStep::Menu => f.write_str("s"),
            PickStep::Choose(value) => write!(f, "s:{value}"),
        }
    }
}

impl PickStep {
    /// A picker step from the last words of its id, as `Display` writes them (a chosen value may hold a `:` of
    /// its own, and so span words).
    fn read(words: &[&str]) -> Result<PickStep, NotAComponent> {
        Ok(match words {
            ["open"] => PickStep::Open,
            ["at"] => PickStep::At,
            ["play"] => PickStep::Play,
            ["s"] => PickStep::Menu,
            ["s", value @ ..] if !value.join(":").is_empty() => PickStep::Choose(value.join(":")),
            _ => return Err(NotAComponent),
        })
    }
}

fn number<N: FromStr>(word: &str) -> Result<N, NotAComponent> {
    word.parse().map_err(|_| NotAComponent)
}

/// A puzzle's place, as the puzzle writes it: short, and without the separator of ids.
fn place(word: &str) -> Result<String, NotAComponent> {
    let fits = !word.is_empty()
        && word.len() <= 16
        && word.chars().all(|c| c.is_ascii_alphanumeric() || ",-.".contains(c));
    if fits { Ok(word.to_string()) } else { Err(NotAComponent) }
}

/// Reads a component's id (with the value chosen, for a select menu) into its channel and request.
pub fn parse_component(custom_id: &str, chosen: Option<&str>) -> Option<(u64, Request)> {
    let id = match chosen {
        Some(value) => ComponentId::selected(custom_id, value)?,
        None => custom_id.parse::<ComponentId>().ok()?,
    };
    Some((id.channel, id.request()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<ComponentId> {
        let c = 123_456_789_012_345_678;
        let pick = |step| Action::Pick { session: 9, ply: 41, chosen: vec!["e5".into(), "~2".into()], step };
        [
            Action::Accept { session: 1 },
            Action::Decline { session: 2 },
            Action::Withdraw { session: 3 },
            Action::Answer { session: 4, offer: u32::MAX, accept: true },
            Action::Answer { session: 4, offer: 0, accept: false },
            Action::Rematch { session: 5 },
            Action::AskAbort { session: 6 },
            Action::Web { session: 7 },
            pick(PickStep::Open),
            pick(PickStep::At),
            pick(PickStep::Play),
            pick(PickStep::Menu),
            pick(PickStep::Choose("53@-2,1:4".into())),
            Action::Pick { session: 8, ply: 0, chosen: Vec::new(), step: PickStep::Open },
            Action::Signup { tournament: 10, signup: Signup::Join },
            Action::Signup { tournament: 10, signup: Signup::Leave },
            Action::Signup { tournament: 10, signup: Signup::CheckIn },
            Action::History { user: u64::MAX, game: None, page: 3 },
            Action::History { user: 1, game: Some(GameKind::Tantrix), page: 1 },
            Action::Forget { user: u64::MAX },
            Action::Daily { day: 20_795 },
            Action::Daily { day: -3 },
        ]
        .into_iter()
        .chain(
            [
                PuzzleStep::Board,
                PuzzleStep::TileMenu(1),
                PuzzleStep::Tile(30),
                PuzzleStep::CellMenu(7, 3),
                PuzzleStep::Cell(7, "-15,15".into()),
                PuzzleStep::Lift(2),
                PuzzleStep::RotMenu(30, "0,-1".into()),
                PuzzleStep::Put(30, "-15,-15".into(), 5),
                PuzzleStep::Hint,
                PuzzleStep::Solution,
                PuzzleStep::Next,
                PuzzleStep::Post,
                PuzzleStep::Again,
                PuzzleStep::Pick(Vec::new(), PickStep::Open),
                PuzzleStep::Pick(vec!["E4".into(), "D4".into()], PickStep::At),
                PuzzleStep::Pick(vec!["e5".into()], PickStep::Play),
                PuzzleStep::Pick(vec!["e5".into()], PickStep::Menu),
                PuzzleStep::Pick(vec!["53".into()], PickStep::Choose("53@-2,1:4".into())),
            ]
            .into_iter()
            .map(|step| Action::Puzzle { attempt: i64::MAX, actions: u32::MAX, step }),
        )
        .map(|action| ComponentId::new(c, action))
        .collect()
    }

    #[test]
    fn every_id_reads_back_as_itself_within_discords_limit() {
        for id in every_kind() {
            let text = id.to_string();
            assert!(text.chars().count() <= MAX_CUSTOM_ID, "{text}");
            assert_eq!(text.parse::<ComponentId>(), Ok(id.clone()), "{text}");
            let menu = matches!(
                id.action,
                Action::Pick { step: PickStep::Menu, .. }
                    | Action::Puzzle {
                        step: PuzzleStep::TileMenu(_)
                            | PuzzleStep::CellMenu(..)
                            | PuzzleStep::RotMenu(..)
                            | PuzzleStep::Pick(_, PickStep::Menu),
                        ..
                    }
            );
            assert_eq!(id.request().is_none(), menu, "{text}");
        }
    }

    #[test]
    fn a_menu_sends_its_value_and_nothing_else_does() {
        let menu = ComponentId::pick(5, 6, 7, &["d4"], PickStep::Menu).to_string();
        let chosen = ComponentId::selected(&menu, "d5").unwrap();
        assert_eq!(chosen, ComponentId::pick(5, 6, 7, &["d4"], PickStep::Choose("d5".into())));
        assert_eq!(ComponentId::selected(&menu, ""), None);
        assert_eq!(ComponentId::selected("accept:5:6", "d5"), None);
    }

    #[test]
    fn a_puzzles_menus_send_their_values() {
        let id = |step| ComponentId::new(5, Action::Puzzle { attempt: 6, actions: 7, step }).to_string();
        let chosen = |step, value| ComponentId::selected(&id(step), value).map(|c| c.action);
        let puzzle = |step| Some(Action::Puzzle { attempt: 6, actions: 7, step });
        assert_eq!(chosen(PuzzleStep::TileMenu(0), "12"), puzzle(PuzzleStep::Tile(12)));
        assert_eq!(chosen(PuzzleStep::CellMenu(12, 1), "1,-2"), puzzle(PuzzleStep::Cell(12, "1,-2".into())));
        assert_eq!(chosen(PuzzleStep::CellMenu(12, 0), "lift"), puzzle(PuzzleStep::Lift(12)));
        assert_eq!(
            chosen(PuzzleStep::RotMenu(12, "1,-2".into()), "4"),
            puzzle(PuzzleStep::Put(12, "1,-2".into(), 4))
        );
        assert_eq!(chosen(PuzzleStep::TileMenu(0), "x"), None);
        assert_eq!(chosen(PuzzleStep::CellMenu(12, 0), "1:2"), None);
        assert_eq!(chosen(PuzzleStep::Hint, "1"), None);
        assert_eq!(
            chosen(PuzzleStep::Pick(vec!["e5".into()], PickStep::Menu), "e8"),
            puzzle(PuzzleStep::Pick(vec!["e5".into()], PickStep::Choose("e8".into())))
        );
        assert_eq!(chosen(PuzzleStep::Pick(vec![], PickStep::Menu), ""), None);
    }

    #[test]
    fn other_texts_are_not_ids() {
        for text in [
            "",
            "accept",
            "accept:x:1",
            "accept:1:2:3",
            "yes:1:2",
            "pick:1:2:3:e5:jump",
            "pick:1:2:3:e5:s:",
            "history:1:2:chess:1",
            "forget:1:-2",
            "pz:1:2:3:x",
            "pz:1:2:3:c:4:a b",
            "nothing:1:2",
        ] {
            assert_eq!(text.parse::<ComponentId>(), Err(NotAComponent), "{text}");
        }
    }
}
