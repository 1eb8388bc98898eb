//! The move picker, shared by `/move` (without a move) and the picker's own components (`commands::pick`): each
//! step is a private message with a select menu of the choices (grouped when there are more than Discord's 25),
//! a picture marking them, and Back; the last step previews the position after the move with Play. Everything
//! chosen so far travels in the components' ids (`pick:<channel>:<session>:<ply>:<chosen>:<tag>`), so nothing is
//! kept in memory and a press works after a restart or on another instance.

use crate::games::AnyGame;
use crate::games::pick::{Icon, PickPath};
use crate::t;

use super::component::{ComponentId, PickStep};
use super::reply::BoardPicture;
use super::text::Text;
use super::{Button, ButtonStyle, Live, Reply, Select, SelectOption, engine_text};

/// Most options in one select menu, and most groups of options (Discord's limit).
pub const MAX_OPTIONS: usize = 25;
/// Most characters of a component's id (Discord's limit).
pub const MAX_CUSTOM_ID: usize = 100;

/// How a picker names the component that does a step after the choices given.
pub(super) type IdOf<'a> = Box<dyn Fn(&[&str], PickStep) -> ComponentId + 'a>;

/// What a picker works on: how its components are named (a game's session at a ply, or a tactic's attempt at a
/// version), and how it draws the board.
pub(super) struct Target<'a> {
    /// The id of the component that does `step` after the choices given.
    pub id: IdOf<'a>,
    pub picture: Box<dyn Fn(AnyGame) -> BoardPicture + 'a>,
}

impl<'a> Target<'a> {
    /// The picker of the game `live` holds, at its current ply.
    fn of_live(live: &'a Live, game: &AnyGame) -> Target<'a> {
        let (channel, session, ply) = (live.row.channel, live.row.id, game.moves_text().len());
        Target {
            id: Box::new(move |chosen, step| ComponentId::pick(channel, session, ply, chosen, step)),
            picture: Box::new(|game| live.picture(game)),
        }
    }
}

/// The picker's first step, as a new private message (from the Move button or `/move` without a move).
pub(super) fn open(live: &Live, game: &AnyGame, channel: u64, session: i64) -> Reply {
    debug_assert_eq!((channel, session), (live.row.channel, live.row.id));
    step(&Target::of_live(live, game), game, &[], None)
}

/// The sentence for someone who is not playing and presses the Move button: whose turn it is, and how to follow
/// the game.
pub(super) fn spectator(live: &Live, game: &AnyGame) -> Text {
    match game.to_move().and_then(|seat| live.row.players.get(seat)) {
        Some(mover) => t!("pick-spectator", player = Text::new().player(mover)),
        None => Text::new().key("game-over-start-new"),
    }
}

/// Where a picker's press leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Press {
    /// Opens the picker afresh (the Move button).
    Open,
    /// Shows the step after the choices (Back, and the way back from a group).
    At,
    /// A value chosen in the select menu: a step's choice, or a group of choices (`~first-last`, indexes).
    Choose(String),
    /// Plays the move the choices lead to.
    Play,
}

/// What a press asks of the session layer once its choices are checked against the game.
pub(super) enum Answer {
    /// A reply to show (a step, or the sentence that the game moved on with a fresh picker).
    Reply(Box<Reply>),
    /// Play this move (its notation), through `/move`'s code.
    Play(String),
}

/// Answers a press on the picker of the game `live` holds: `ply` and `chosen` are what the pressed component's
/// id carries.
pub(super) fn press(live: &Live, game: &AnyGame, ply: usize, chosen: &[String], press: &Press) -> Answer {
    press_on(&Target::of_live(live, game), game, ply == game.moves_text().len(), chosen, press)
}

/// Answers a press on a picker of `target`, whose game stands at `game`; `current` says whether the pressed
/// component was shown at this position (an older one starts afresh).
pub(super) fn press_on(
    target: &Target<'_>,
    game: &AnyGame,
    current: bool,
    chosen: &[String],
    press: &Press,
) -> Answer {
    if *press == Press::Open {
        return Answer::Reply(Box::new(step(target, game, &[], None)));
    }
    let paths = game.pick_paths();
    let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let reachable = |chosen: &[&str]| paths.iter().any(|p| starts_with(p, chosen));
    if !current || !reachable(&chosen) {
        let fresh = step(target, game, &[], None);
        let text = Text::new().key("pick-stale").line().then(fresh.text.clone());
        return Answer::Reply(Box::new(Reply { text, update: true, ..fresh }));
    }
    let reply = match press {
        Press::Play => {
            match paths.iter().find(|p| p.choices.len() == chosen.len() && starts_with(p, &chosen)) {
                Some(path) => return Answer::Play(path.text.clone()),
                None => step(target, game, &chosen, None),
            }
        }
        Press::Choose(value) if value.starts_with('~') => {
            let range =
                value[1..].split_once('-').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
            step(target, game, &chosen, range)
        }
        Press::Choose(value) => {
            let mut next = chosen.clone();
            next.push(value);
            if reachable(&next) {
                step(target, game, &next, None)
            } else {
                let again = step(target, game, &chosen, None);
                let text = Text::new().key("pick-not-a-choice").line().then(again.text.clone());
                Reply { text, ..again }
            }
        }
        Press::At | Press::Open => step(target, game, &chosen, None),
    };
    Answer::Reply(Box::new(Reply { update: true, ..reply }))
}

fn starts_with(path: &PickPath, chosen: &[&str]) -> bool {
    path.choices.len() >= chosen.len() && path.choices.iter().zip(chosen).all(|(c, v)| c.value == *v)
}

/// The distinct next choices after `chosen`, in the order the paths give them, and whether a path ends there.
pub(crate) fn next_choices(
    paths: &[PickPath],
    chosen: &[&str],
) -> (Vec<crate::games::pick::PickChoice>, Option<String>) {
    let mut next: Vec<crate::games::pick::PickChoice> = Vec::new();
    let mut done = None;
    for path in paths.iter().filter(|p| starts_with(p, chosen)) {
        match path.choices.get(chosen.len()) {
            Some(choice) if !next.iter().any(|c| c.value == choice.value) => next.push(choice.clone()),
            Some(_) => {}
            None => done = Some(path.text.clone()),
        }
    }
    (next, done)
}

/// The groups `count` choices are split into so that each group, and the list of groups, fits one select menu:
/// `(first, last)` indexes, inclusive.
pub fn groups(count: usize) -> Vec<(usize, usize)> {
    if count <= MAX_OPTIONS {
        return vec![(0, count.saturating_sub(1))];
    }
    let size = count.div_ceil(MAX_OPTIONS).max(1);
    (0..count).step_by(size).map(|a| (a, (a + size - 1).min(count - 1))).collect()
}

/// What one step offers: a select menu's options (values and labels; groups of choices when there are more than
/// one menu holds), or, when the choices make a whole move, that move. The session's replies show it; the tests
/// walk it.
#[derive(Clone, Debug)]
pub struct Menu {
    /// The step's question, when there are choices.
    pub question: Option<crate::games::Phrase>,
    pub options: Vec<MenuOption>,
    /// The move the choices make, when they make one.
    pub done: Option<String>,
}

/// One option of a step's menu.
#[derive(Clone, Debug)]
pub struct MenuOption {
    /// What the select menu sends back: a choice's value, or `~first-last` for a group.
    pub value: String,
    pub label: MenuLabel,
    /// The number of the game's icon for the choice (see [`crate::games::pick::PickChoice::icon`]); never for a
    /// group.
    pub icon: Option<u8>,
}

/// How a menu's option is shown.
#[derive(Clone, Debug)]
pub enum MenuLabel {
    Choice(crate::games::Phrase),
    /// A group of choices, from the first's value to the last's.
    Group(String, String),
}

/// The step after `chosen`, within the group `range` (indexes of its choices, inclusive) when they are grouped.
pub fn menu(paths: &[PickPath], chosen: &[&str], range: Option<(usize, usize)>) -> Menu {
    let (next, done) = next_choices(paths, chosen);
    if next.is_empty() {
        return Menu { question: None, options: Vec::new(), done };
    }
    let (first, last) = match range {
        Some((a, b)) if a <= b && b < next.len() => (a, b),
        _ => (0, next.len() - 1),
    };
    let shown = &next[first..=last];
    let within = groups(shown.len());
    let options = if within.len() > 1 {
        within
            .iter()
            .map(|&(a, b)| MenuOption {
                value: format!("~{}-{}", first + a, first + b),
                label: MenuLabel::Group(shown[a].value.clone(), shown[b].value.clone()),
                icon: None,
            })
            .collect()
    } else {
        shown
            .iter()
            .map(|c| MenuOption {
                value: c.value.clone(),
                label: MenuLabel::Choice(c.label.clone()),
                icon: c.icon,
            })
            .collect()
    };
    Menu { question: Some(next[0].step.clone()), options, done: None }
}

/// The step after `chosen` (within the group `range` of its choices, when they are grouped).
fn step(target: &Target<'_>, game: &AnyGame, chosen: &[&str], range: Option<(usize, usize)>) -> Reply {
    let paths = game.pick_paths();
    let menu = menu(&paths, chosen, range);
    let back = |to: &[&str]| {
        let id = (target.id)(to, PickStep::At);
        Button::new(Text::new().key("button-back"), id, ButtonStyle::Secondary)
    };
    let mut buttons = Vec::new();
    if let Some(text) = menu.done.filter(|_| !chosen.is_empty()) {
        // The preview: the position after the move, with Play and Back.
        let mut after = game.clone();
        let effects =
            after.play_text(&text).map(|played| played.into_iter().filter_map(|p| p.effect).collect());
        let effects: Vec<_> = effects.unwrap_or_default();
        let mut said = t!("pick-preview", notation = Text::new().code(&text));
        // "captured a white Tzaar, then passed": one move's effect after another, as a played line joins them.
        for (i, effect) in effects.iter().enumerate() {
            let effect = engine_text::text(effect);
            said = if i == 0 {
                said.plain(" ").then(effect)
            } else {
                said.then(t!("played-then", move = effect))
            };
        }
        if let Some(prompt) = after.prompt().filter(|_| after.to_move() == game.to_move()) {
            said = said.line().then(engine_text::text(&prompt));
        }
        buttons.push(Button::new(
            t!("pick-play", notation = text.clone()),
            (target.id)(chosen, PickStep::Play),
            ButtonStyle::Success,
        ));
        buttons.push(back(&chosen[..chosen.len() - 1]));
        let board = (target.picture)(after);
        return Reply::private(said).with_board(board).with_buttons(buttons);
    }
    let mut text = match game.prompt() {
        Some(prompt) if chosen.is_empty() => engine_text::text(&prompt).line(),
        _ => Text::new(),
    };
    let question = menu.question.as_ref().map(engine_text::text).unwrap_or_default();
    text = text.then(question.clone());
    let grouped = menu.options.iter().any(|o| matches!(o.label, MenuLabel::Group(..)));
    if grouped {
        text = text.line().then(Text::new().key("pick-grouped"));
    }
    let options: Vec<SelectOption> = menu
        .options
        .into_iter()
        .map(|o| SelectOption {
            label: match o.label {
                MenuLabel::Choice(phrase) => engine_text::text(&phrase),
                MenuLabel::Group(first, last) => t!("pick-group", first = first, last = last),
            },
            value: o.value,
            icon: o.icon.map(|key| Icon { game: game.kind(), key }),
        })
        .collect();
    if !chosen.is_empty() {
        buttons.push(back(&chosen[..chosen.len() - 1]));
    }
    if range.is_some() {
        buttons.push(Button::new(
            Text::new().key("button-other-groups"),
            (target.id)(chosen, PickStep::At),
            ButtonStyle::Secondary,
        ));
    }
    let select =
        Select { custom_id: (target.id)(chosen, PickStep::Menu).into(), placeholder: question, options };
    debug_assert!(select.custom_id.chars().count() <= MAX_CUSTOM_ID, "{}", select.custom_id);
    let board = (target.picture)(game.clone());
    let mut reply = Reply::private(text).with_board(board).with_buttons(buttons);
    reply.selects = if select.options.is_empty() { Vec::new() } else { vec![select] };
    reply.picking = Some(chosen.iter().map(|c| (*c).to_string()).collect());
    reply
}
