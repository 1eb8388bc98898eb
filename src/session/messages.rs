//! The texts of public replies: who plays what, whose turn it is, what was played, how a game ended, and help.

use std::fmt::Write as _;

use crate::games::{AnyGame, GameKind, Outcome, Played};
use crate::store::PlayerRecord;

use super::Live;
use super::text::Text;

/// "alice plays Black (attackers), bob plays White (defenders)".
pub(super) fn lineup(live: &Live, game: &AnyGame) -> Text {
    Text::new().join(live.record.players.iter().enumerate(), ", ", |t, (seat, p)| {
        t.name(&p.name).plain(format!(" plays {}", game.seat_label(seat)))
    })
}

/// "alice vs bob", names only (nobody is notified).
pub(super) fn vs_line(live: &Live) -> Text {
    Text::new().join(&live.record.players, " vs ", |t, p| t.name(&p.name))
}

/// Whose turn it is: the player to move is mentioned (notified), the AI is "thinking".
pub(super) fn turn_line(live: &Live, game: &AnyGame) -> Text {
    let Some(seat) = game.to_move() else { return Text::new() };
    let player = &live.record.players[seat];
    let number = game.move_number();
    if player.level.is_some() {
        return Text::new()
            .plain(format!("Move {number}: "))
            .name(&player.name)
            .plain(format!(" ({}) is thinking…", game.seat_label(seat)));
    }
    let mut text = Text::new()
        .plain(format!("Move {number}: "))
        .mention(player.id, &player.name)
        .plain(format!(" ({}) to move, with /move.", game.seat_label(seat)));
    if let Some(prompt) = game.prompt() {
        text = text.plain(" ").plain(prompt);
    }
    text
}

/// "**alice** (Black) played `e8-d8`, then `pass`."
pub(super) fn played_line(live: &Live, game: &AnyGame, played: &[Played]) -> Text {
    let Some(first) = played.first() else { return Text::new() };
    Text::new()
        .strong_name(&live.record.players[first.seat].name)
        .plain(format!(" ({}) played ", game.seat_label(first.seat)))
        .join(played, ", then ", |t, p| {
            let t = t.code(&p.notation);
            if p.effect.is_empty() { t } else { t.plain(format!(" ({})", p.effect)) }
        })
        .plain(".")
}

pub(super) fn result_line(live: &Live, game: &AnyGame, outcome: &Outcome) -> Text {
    match outcome.winner {
        Some(seat) => Text::new()
            .plain("Game over: ")
            .strong_name(&live.record.players[seat].name)
            .plain(format!(" ({}) wins — {}.", game.seat_label(seat), outcome.reason)),
        None => Text::new().plain(format!("Game over: a draw — {}.", outcome.reason)),
    }
}

/// The result of a resignation.
pub(super) fn resigned_line(live: &Live, game: &AnyGame, seat: usize, others: &[&PlayerRecord]) -> Text {
    let resigner = &live.record.players[seat];
    let text =
        Text::new().strong_name(&resigner.name).plain(format!(" ({}) resigned", game.seat_label(seat)));
    if let [winner] = others {
        let winner_seat = live.seat_of(winner.id).unwrap_or(0);
        text.plain(". ").strong_name(&winner.name).plain(format!(" ({}) wins.", game.seat_label(winner_seat)))
    } else {
        text.plain("; the game ends without a winner.")
    }
}

/// The first public text of a game: its title, who plays what, and whose turn it is.
pub(super) fn begins(live: &Live, game: &AnyGame) -> Text {
    Text::new()
        .plain("The game of ")
        .strong(live.record.game.title())
        .plain(format!(" #{} begins: ", live.record.id))
        .then(lineup(live, game))
        .plain(".")
        .line()
        .then(turn_line(live, game))
}

/// The board's caption: the game, the lineup and the turn.
pub(super) fn board_caption(live: &Live, game: &AnyGame) -> Text {
    Text::new()
        .strong(live.record.game.title())
        .plain(format!(" #{}: ", live.record.id))
        .then(lineup(live, game))
        .plain(".")
        .line()
        .then(turn_line(live, game))
}

/// For the help: which games take more than one opponent, and how many ("; Tantrix: up to three").
fn more_seats() -> String {
    let mut text = String::new();
    for g in GameKind::ALL.iter().filter(|g| *g.seats().end() > 2) {
        let _ = write!(text, "; {}: up to {} opponents (opponent2, …)", g.title(), g.seats().end() - 1);
    }
    text
}

/// The help: general, or one game's rules and notation.
pub(super) fn help(game: Option<GameKind>) -> Text {
    if let Some(kind) = game {
        Text::new().strong(kind.title()).line().plain(AnyGame::help(kind))
    } else {
        let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
        let titles: Vec<&str> = GameKind::ALL.iter().map(|g| g.title()).collect();
        Text::new()
            .strong("Tabula")
            .plain(format!(" plays {} in this channel.", titles.join(", ")))
            .line()
            .plain("- ")
            .code(format!("/play game:<{}> opponent:@someone", names.join("|")))
            .plain(format!(" challenges a member{}.", more_seats()))
            .line()
            .plain("- /accept or /decline answers a challenge (or use its buttons).")
            .line()
            .plain("- ")
            .code("/move move:<move>")
            .plain(" plays; start typing to see the legal moves.")
            .line()
            .plain("- /board shows the board, /resign resigns, /abort ends a game before its first move (after it, with \
                    your opponent's consent).")
            .line()
            .plain("- ")
            .code("clock:<10m|1h|1d|3d|7d|none>")
            .plain(" in /play sets the time per move; ")
            .code("thread:true")
            .plain(" plays in a new thread. /notify dm:on sends your reminders by direct message.")
            .line()
            .plain("- /draw offers a draw (where the game allows it), /takeback asks to undo your last move; finished \
                    games have a Rematch button.")
            .line()
            .plain("- /history lists a member's games, /rating their ratings, ")
            .code("/leaderboard game:<name>")
            .plain(" the best players here; ")
            .code("/play … rated:false")
            .plain(" plays a friendly game.")
            .line()
            .plain("- ")
            .code("/game id:<n>")
            .plain(" posts the record of game #n (its id is in its messages); ")
            .code("replay:true")
            .plain(" adds an animated replay.")
            .line()
            .plain("- ")
            .code("/help game:<name>")
            .plain(" explains a game's rules and how to write its moves.")
            .line()
            .plain("- /settings (for members who can manage the server) shows and changes Tabula's settings here: the \
                    language of public messages, the channels for games, threads, the default clock, how long \
                    challenges wait.")
            .line()
            .plain("One game per channel: use a thread to play several at once.")
    }
}
