//! The Rematch button under a finished game: the same players, the seats moved on, as a new challenge.

use crate::games::{AnyGame, GameKind, Setup};
use crate::session::text::Text;
use crate::session::{Actor, Live, Reply, Sessions, Slot, engine_text, messages};
use crate::store::{PlayerRow, SessionState};
use crate::t;

use super::{Context, Failure, Run};

/// Asks for a rematch of the finished game `session` (its Rematch button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub session: i64,
}

impl Run for Rematch {
    const NEW_MESSAGE: bool = true;
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.rematch(cx.channel, cx.actor, cx.slot, self.session).await
    }
}

/// A rematch, read from the finished game: its players in their new seats.
struct NextGame {
    pub kind: GameKind,
    pub players: Vec<PlayerRow>,
    pub per_move: Option<i64>,
    pub variant: String,
    /// Whether it counts for ratings, as the first game did.
    pub rated: bool,
}

impl Sessions {
    /// A rematch of a finished game, from its button: the same players, the seats moved on (sides swap), as a
    /// new challenge the others accept.
    async fn rematch(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        session: i64,
    ) -> Result<Reply, Failure> {
        if let Slot::Open(live) = slot {
            let what = if live.row.state == SessionState::Challenge { "challenge" } else { "game" };
            return Ok(Reply::private(t!("rematch-busy", what = what)));
        }
        let Some(old) = self.store.session(session).await? else {
            return Ok(Reply::private(Text::new().key("rematch-unknown")));
        };
        // A member who left a seat (the computer played it on) is still a player of that game.
        if old.players.iter().all(|p| p.id != actor.member.id || p.is_computer()) {
            return Ok(Reply::private(Text::new().key("rematch-not-player")));
        }
        let order = old.game.rematch_order(old.players.len());
        let players: Vec<PlayerRow> = order
            .iter()
            .map(|&i| {
                let p = &old.players[i];
                let ai = p.is_computer();
                PlayerRow {
                    id: p.id,
                    name: p.name.clone(),
                    accepted: ai || p.id == actor.member.id,
                    abandoned: false,
                    left: None,
                    level: p.level.filter(|_| ai),
                }
            })
            .collect();
        let per_move =
            self.store.clock(old.id).await?.map_or(self.config.default_clock.seconds(), |c| c.per_move);
        let next =
            NextGame { kind: old.game, players, per_move, variant: old.setup.variant, rated: old.rated };
        self.open_rematch(channel, actor, slot, next).await
    }

    /// Opens a rematch of a finished game as a new challenge (or a new game, when only the computer is asked).
    async fn open_rematch(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        next: NextGame,
    ) -> Result<Reply, Failure> {
        let NextGame { kind, players, per_move, variant, rated } = next;
        let setup = Setup { variant, seed: rand::random(), seats: players.len() };
        let preview = match AnyGame::new(kind, &setup) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::private(engine_text::refusal(&e))),
        };
        let name = actor.member.name.clone();
        // A rematch is played by the first game's rules: say which, as the first challenge did.
        let rules = super::play::rules_line(kind, &setup.variant, actor.locales.public);
        let text = |live: &Live, _: &Self| {
            let waiting: Vec<&PlayerRow> = live.row.players.iter().filter(|p| !p.accepted).collect();
            let text = t!(
                "rematch-asked",
                player = Text::new().strong_name(&name),
                game = kind.title(),
                id = format!("#{}", live.row.id),
                lineup = messages::lineup(live, &preview)
            )
            .line()
            .list(waiting.iter().map(|p| Text::new().mention(p.id, &p.name)))
            .plain(": ")
            .then(Self::clock_sentence(live))
            .plain(" ")
            .then(Self::answer_within(live));
            if rules == Text::new() { text } else { text.line().then(rules.clone()) }
        };
        self.open_challenge(channel, actor, slot, (kind, setup, players, per_move, rated), &preview, &text)
            .await
    }
}
