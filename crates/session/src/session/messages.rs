//! The texts of public replies: who plays what, whose turn it is, what was played, how a game ended, and help.

use crate::games::{AnyGame, GameKind, Outcome, Played};
use crate::i18n::{Phrase, PhraseArg};
use crate::t;

use super::Live;
use super::text::Text;

/// How a game calls a seat ("Black (attackers)"), translated: the engines name seats in English, and each of
/// those names has a message (an unknown one is shown as written).
pub(super) fn seat(game: &AnyGame, seat: usize) -> Text {
    seat_text(&game.seat_label(seat))
}

/// The message for a seat label written by an engine.
pub(super) fn seat_text(label: &str) -> Text {
    match label {
        "Black (attackers)" => Text::new().key("seat-attackers"),
        "White (defenders)" => Text::new().key("seat-defenders"),
        "White" => Text::new().key("seat-white"),
        "Black" => Text::new().key("seat-black"),
        "Red" => Text::new().key("seat-red"),
        "Blue" => Text::new().key("seat-blue"),
        "Yellow" => Text::new().key("seat-yellow"),
        "Green" => Text::new().key("seat-green"),
        other => Text::new().plain(other),
    }
}

/// "alice plays Black (attackers), bob plays White (defenders)".
pub(super) fn lineup(live: &Live, game: &AnyGame) -> Text {
    Text::new().join(live.row.players.iter().enumerate(), ", ", |t, (n, p)| {
        t.then(t!("lineup-plays", player = Text::new().player(p), seat = seat(game, n)))
    })
}

/// "alice vs bob", names only (nobody is notified).
pub(super) fn vs_line(live: &Live) -> Text {
    Text::new().join(&live.row.players, " vs ", Text::player)
}

/// Whose turn it is: the player to move is mentioned (notified), the AI is "thinking".
pub(super) fn turn_line(live: &Live, game: &AnyGame) -> Text {
    let Some(n) = game.to_move() else { return Text::new() };
    let player = &live.row.players[n];
    let number = game.move_number();
    if player.level.is_some() {
        let (player, seat) = (Text::new().player(player), seat(game, n));
        if live.row.players[n].abandoned {
            return t!("turn-thinking-for", number = number, player = player, seat = seat);
        }
        return t!("turn-thinking", number = number, player = player, seat = seat);
    }
    let mut text = t!(
        "turn-to-move",
        number = number,
        player = Text::new().mention(player.id, &player.name),
        seat = seat(game, n)
    );
    if let Some(prompt) = game.prompt() {
        text = text.plain(" ").then(super::engine_text::text(&prompt));
    }
    text
}

/// A move's effect without the game's ending at its end ("captured a black Tott; Black has no Tott left, so White
/// wins"): the result line says that next, and once is enough.
fn without_ending(effect: &Phrase, outcome: Option<&Outcome>) -> Phrase {
    let Some(outcome) = outcome else { return effect.clone() };
    let part = |name: &str| {
        effect.args().iter().find_map(|(n, a)| match a {
            PhraseArg::Phrase(p) if *n == name => Some(p),
            _ => None,
        })
    };
    match (part("first"), part("second")) {
        (Some(first), Some(second)) if *second == outcome.reason => first.clone(),
        _ => effect.clone(),
    }
}

/// "**alice** (Black) played `e8-d8`, then `pass`."
pub(super) fn played_line(live: &Live, game: &AnyGame, played: &[Played]) -> Text {
    let Some(first) = played.first() else { return Text::new() };
    let moves = Text::new().join(played, "", |t, p| {
        let mv = Text::new().code(&p.notation);
        let mv = match &p.effect {
            None => mv,
            Some(effect) => {
                let effect = without_ending(effect, game.outcome().as_ref());
                mv.plain(" (").then(super::engine_text::text(&effect)).plain(")")
            }
        };
        if std::ptr::eq(p, first) { t.then(mv) } else { t.then(t!("played-then", move = mv)) }
    });
    let who = &live.row.players[first.seat];
    let (name, seat) = (Text::new().strong_player(who), seat(game, first.seat));
    if who.abandoned {
        t!("played-for", player = name, seat = seat, moves = moves)
    } else {
        t!("played", player = name, seat = seat, moves = moves)
    }
}

/// How a game its moves ended came out: a winner, a first place shared by some (not a draw), or a draw.
pub(super) fn result_line(live: &Live, game: &AnyGame, outcome: &Outcome) -> Text {
    let reason = super::engine_text::text(&outcome.reason);
    // Seats that were left rank below those that stayed (the one rule of `rating::standing`), so the winner by
    // the rules may not be the winner: name who is.
    let places = super::endings::places(&live.row, game, crate::store::EndKind::Rules, &[]);
    if places != game.places() {
        return match crate::rating::first_places(&places)[..] {
            [w] => t!(
                "game-over-stayed-wins",
                player = Text::new().strong_player(&live.row.players[w]),
                seat = seat(game, w),
                reason = reason
            ),
            _ => t!("game-over-shared", reason = reason),
        };
    }
    match outcome.winner {
        Some(n) => t!(
            "game-over-wins",
            player = Text::new().strong_player(&live.row.players[n]),
            seat = seat(game, n),
            reason = reason
        ),
        None if game.places().iter().any(|&p| p != 1) => t!("game-over-shared", reason = reason),
        None => t!("game-over-draw", reason = reason),
    }
}

/// How the game's places read: "Places: 1. carol, Yellow; 2. bob, Blue; 3. alice, Red, who left." (best first).
pub(super) fn standing_line(live: &Live, game: &AnyGame, places: &[usize]) -> Text {
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&s| (places[s], s));
    let entries = Text::new().join(order, "; ", |t, s| {
        let player = &live.row.players[s];
        let (place, name, seat) = (places[s], Text::new().player(player), seat(game, s));
        t.then(if player.abandoned {
            t!("standing-place-left", place = place, player = name, seat = seat)
        } else {
            t!("standing-place", place = place, player = name, seat = seat)
        })
    });
    t!("standing", places = entries)
}

/// The first public text of a game: its title, who plays what, and whose turn it is.
pub(super) fn begins(live: &Live, game: &AnyGame) -> Text {
    t!(
        "game-begins",
        game = Text::new().strong(live.row.game.title()),
        id = Text::new().plain(format!("#{}", live.row.id)),
        lineup = lineup(live, game)
    )
    .line()
    .then(turn_line(live, game))
}

/// The board's caption: the game, the lineup and the turn.
pub(super) fn board_caption(live: &Live, game: &AnyGame) -> Text {
    Text::new()
        .strong(live.row.game.title())
        .plain(format!(" #{}: ", live.row.id))
        .then(lineup(live, game))
        .plain(".")
        .line()
        .then(turn_line(live, game))
}

/// A game's rules, in the reader's language.
pub(super) fn rules(kind: GameKind) -> Text {
    Text::msg(kind.info().rules_key, Vec::new())
}

#[cfg(test)]
mod wording_tests {
    use super::*;
    use crate::i18n::Lang;

    /// A name that has brackets of its own and a seat label that has some read without nesting them.
    #[test]
    fn a_seat_after_a_name_nests_no_brackets() {
        for lang in Lang::ALL {
            let seat = seat_text("White (defenders)");
            let text =
                t!("game-over-wins", player = "Tabula (level 1)", seat = seat, reason = "x").plain_in(lang);
            assert!(!text.contains(") (") && !text.contains("(("), "{lang:?}: {text}");
            let name = "Tabula (level 1)";
            let played =
                t!("played", player = name, seat = seat_text("Black (attackers)"), moves = "`e8-d8`");
            let played = played.plain_in(lang);
            assert!(!played.contains(") (") && !played.contains("(("), "{lang:?}: {played}");
        }
        let en = t!(
            "game-over-wins",
            player = "Tabula (level 1)",
            seat = seat_text("White (defenders)"),
            reason = "x"
        );
        assert_eq!(en.plain_in(Lang::En), "Game over: Tabula (level 1), White (defenders), wins — x.");
    }

    /// A count is said with its plural: "1 move", not "1 moves".
    #[test]
    fn one_move_is_one_move() {
        let summary = |lang, count: usize| {
            t!("record-summary", id = "#1", game = "Tablut", players = "a vs b", count = count, result = "r.")
                .plain_in(lang)
        };
        assert_eq!(summary(Lang::En, 1), "Game #1: Tablut, a vs b, 1 move: r.");
        assert_eq!(summary(Lang::En, 2), "Game #1: Tablut, a vs b, 2 moves: r.");
        assert!(summary(Lang::PtBr, 1).contains("1 lance:"), "{}", summary(Lang::PtBr, 1));
        assert!(summary(Lang::Cs, 1).contains("1 tah:"), "{}", summary(Lang::Cs, 1));
        let progress = t!("analysis-progress", id = 1, done = 0, total = 1).plain_in(Lang::En);
        assert!(progress.ends_with("0/1 position"), "{progress}");
    }
}
