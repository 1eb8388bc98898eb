//! Tournaments run by the bot, the part of the session layer the `/tournament` requests and the round task
//! share: creating one and its announcement (with Join and Leave buttons and the players so far), signing up and
//! leaving, and the round task ([`Sessions::settle_tournaments`], run by the clock task) that closes sign-up at
//! the start, pairs each round with [`crate::tournament`], has the adapter open a thread per game
//! ([`Notice::OpenGame`]) and starts the game there ([`Sessions::start_tournament_game`]), scores the games as they
//! end (a game not started, or aborted, is a forfeit), posts the standings after each round and announces the
//! winner. A round is started once, by one instance: only the caller that claims it in the store
//! ([`crate::store::TournamentStore::claim_round`]) pairs it and posts.

use crate::games::{AnyGame, GameKind, Setup};
use crate::session::component::{Action, ComponentId, Signup};
use crate::store::{
    CHECK_IN_SECONDS, EntrantRow, NewTournament, StoreError, TournamentGameRow, TournamentRow,
    TournamentState,
};
use crate::tournament::{self, Entrant, Event, Format, RoundGame, TieBreak, WIN};

mod organise;
mod rounds;

use super::clocks::{ClockChoice, duration};
use super::commands::Failure;
use super::text::Text;
use super::{Actor, Button, ButtonStyle, Reply, Sessions};
use crate::t;

/// The most entrants a tournament may have.
pub(crate) const MAX_PLAYERS: u32 = 256;

/// The most rounds a Swiss may have.
pub(crate) const MAX_ROUNDS: u32 = 20;

/// The longest sign-up: 30 days.
pub(crate) const MAX_START: i64 = 30 * 86_400;

/// What `/tournament action:create` asks for, already read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    pub game: GameKind,
    pub variant: String,
    pub format: Format,
    /// The Swiss's rounds (a round robin and a knockout have as many as their entrants need).
    pub rounds: u32,
    pub clock: ClockChoice,
    /// Seconds from now until sign-up closes and the first round starts.
    pub starts_in: i64,
    pub rated: bool,
    pub max_players: u32,
    pub mini_match: bool,
    /// Minutes a round may last before the next starts.
    pub round_minutes: Option<u32>,
    /// A role the winner is given at the end.
    pub winner_role: Option<u64>,
    /// Entrants check in during the last [`CHECK_IN_SECONDS`] before the start; who did not is not paired.
    pub check_in: bool,
}

/// One game of a round, as the store names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TournamentBoard {
    pub tournament: i64,
    pub round: u32,
    pub board: u32,
}

/// Whether `kind` is played at tables of more than two (Tantrix): such a tournament is a Swiss of tables.
fn tables(kind: GameKind) -> bool {
    *kind.seats().start() > 2 || *kind.seats().end() > 2
}

fn format_of(t: &TournamentRow) -> Format {
    Format::from_name(&t.settings.format).unwrap_or(Format::Swiss)
}

/// The buttons under an announcement (with Check in while check-in is open).
fn signup_buttons(channel: u64, t: &TournamentRow) -> Vec<Button> {
    let id = t.id;
    let check_in = (t.check_in_open && t.state == TournamentState::Signup).then(|| {
        Button::new(
            Text::new().key("tournament-check-in-button"),
            ComponentId::new(channel, Action::Signup { tournament: id, signup: Signup::CheckIn }),
            ButtonStyle::Primary,
        )
    });
    check_in
        .into_iter()
        .chain([
            Button::new(
                Text::new().key("tournament-join-button"),
                ComponentId::new(channel, Action::Signup { tournament: id, signup: Signup::Join }),
                ButtonStyle::Success,
            ),
            Button::new(
                Text::new().key("tournament-leave-button"),
                ComponentId::new(channel, Action::Signup { tournament: id, signup: Signup::Leave }),
                ButtonStyle::Secondary,
            ),
        ])
        .collect()
}

/// Half points as a player reads them: `2½`.
fn points_text(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// The points of each seat of a game whose players took `places`: a win (2) for each player placed below, a
/// draw (1) for each placed alike.
fn points_of(places: &[usize]) -> Vec<u32> {
    places
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            places
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &q)| match p.cmp(&q) {
                    std::cmp::Ordering::Less => WIN,
                    std::cmp::Ordering::Equal => WIN / 2,
                    std::cmp::Ordering::Greater => 0,
                })
                .sum()
        })
        .collect()
}

/// The pure core's view of a tournament: its entrants (by sign-up order) and its decided games and byes.
fn event_of(entrants: &[EntrantRow], games: &[TournamentGameRow]) -> Event {
    let index = |user: u64| entrants.iter().position(|e| e.user == user);
    let mut event = Event {
        entrants: entrants.iter().map(|e| Entrant { rating: e.rating, withdrawn: e.withdrawn }).collect(),
        ..Event::default()
    };
    for g in games {
        let Some(points) = &g.points else { continue };
        let Some(seats) = g.seats.iter().map(|&u| index(u)).collect::<Option<Vec<usize>>>() else { continue };
        if seats.len() == 1 {
            event.byes.push((g.round, seats[0]));
        } else {
            event.games.push(RoundGame {
                round: g.round,
                seats,
                points: points.clone(),
                scores: g.scores.clone(),
                over_the_board: g.over_the_board,
            });
        }
    }
    event
}

/// How many rounds the tournament has with `entrants` signed up.
fn total_rounds(t: &TournamentRow, entrants: usize) -> u32 {
    match format_of(t) {
        _ if tables(t.settings.game) => t.settings.rounds,
        Format::Swiss => t.settings.rounds,
        Format::RoundRobin => tournament::round_robin::rounds(entrants),
        Format::Knockout => tournament::knockout::rounds(entrants),
    }
}

fn tie_breaks(t: &TournamentRow) -> &'static [TieBreak] {
    TieBreak::of(format_of(t), tables(t.settings.game))
}

impl Sessions {
    /// Whether `actor` may run tournaments here: the Manage Server permission, or the role `/settings` chose.
    pub(super) async fn may_organise(&self, actor: &Actor) -> bool {
        if actor.can_manage_server {
            return true;
        }
        let role = self.server_settings(actor.guild).await.organiser_role;
        role.is_some_and(|role| actor.roles.contains(&role))
    }

    /// Whether `actor` may run tournament `t`: an organiser of the server, or the member who created it.
    async fn may_run(&self, actor: &Actor, t: &TournamentRow) -> bool {
        actor.member.id == t.settings.organiser || self.may_organise(actor).await
    }

    /// The tournament an organiser's command is about (see [`Self::find_tournament`]), or the sentence saying why
    /// there is none or why `actor` may not run it.
    pub(super) async fn tournament_to_run(
        &self,
        actor: &Actor,
        id: Option<i64>,
    ) -> Result<Result<TournamentRow, Text>, Failure> {
        Ok(match self.find_tournament(actor, id).await? {
            Ok(t) if !self.may_run(actor, &t).await => Err(Text::new().key("tournament-not-allowed")),
            found => found,
        })
    }

    /// Creates a tournament and answers with its announcement.
    pub(crate) async fn create_tournament(
        &self,
        channel: u64,
        actor: &Actor,
        spec: TournamentSpec,
    ) -> Result<Reply, Failure> {
        let Some(guild) = actor.guild else {
            return Ok(Reply::private(Text::new().key("tournament-in-dm")));
        };
        if !self.may_organise(actor).await {
            return Ok(Reply::private(Text::new().key("tournament-not-allowed")));
        }
        if let Err(why) = self.check_channel(actor.guild, channel).await {
            return Ok(Reply::private(why));
        }
        if tables(spec.game) && spec.format != Format::Swiss {
            return Ok(Reply::private(t!(
                "tournament-format-not-for-game",
                game = spec.game.title(),
                format = Text::new().code(spec.format.name()),
                swiss = Text::new().code(Format::Swiss.name())
            )));
        }
        if tables(spec.game) && spec.mini_match {
            return Ok(Reply::private(t!("tournament-no-mini-match", game = spec.game.title())));
        }
        let seats = *spec.game.seats().start().max(&2);
        let setup = Setup { variant: spec.variant.trim().to_string(), seed: 0, seats };
        if let Err(e) = AnyGame::new(spec.game, &setup) {
            return Ok(Reply::private(super::engine_text::refusal(&e)));
        }
        let now = self.now();
        let new = NewTournament {
            guild,
            channel,
            organiser: actor.member.id,
            game: spec.game,
            variant: setup.variant,
            format: spec.format.name().to_string(),
            rounds: spec.rounds,
            clock: spec.clock.name().to_string(),
            rated: spec.rated,
            max_players: spec.max_players,
            mini_match: spec.mini_match,
            starts_at: now + spec.starts_in,
            round_seconds: spec.round_minutes.map(|m| i64::from(m) * 60),
            winner_role: spec.winner_role,
            check_in: spec.check_in,
            now,
        };
        let id = self.store.create_tournament(&new).await?;
        let Some(row) = self.store.tournament(id).await? else {
            return Err(Failure::Store(StoreError::Corrupt(format!("tournament {id} vanished"))));
        };
        self.poke_clocks();
        Ok(Reply::public(self.announcement(&row, &[])).with_buttons(signup_buttons(channel, &row)))
    }

    /// The announcement: what the tournament is, when it starts, and the players so far.
    fn announcement(&self, t: &TournamentRow, entrants: &[EntrantRow]) -> Text {
        let s = &t.settings;
        let clock = s.clock.parse::<ClockChoice>().ok().and_then(ClockChoice::seconds);
        let clock = match clock {
            Some(per) => duration(per),
            None => Text::new().key("clock-no-limit"),
        };
        let rounds = match format_of(t) {
            Format::Swiss => t!("tournament-rounds", rounds = s.rounds),
            _ => Text::new().key("tournament-rounds-as-needed"),
        };
        let mut text = t!(
            "tournament-announced",
            id = format!("#{}", t.id),
            game = Text::new().strong(s.game.title()),
            format = Text::new().key(format_key(format_of(t))),
            rounds = rounds,
            clock = clock,
        )
        .line();
        text = match t.state {
            TournamentState::Signup => {
                let text =
                    text.then(t!("tournament-starts-in", time = duration((s.starts_at - self.now()).max(0))));
                match (s.check_in, t.check_in_open) {
                    (false, _) => text,
                    (true, false) => text
                        .plain(" ")
                        .then(t!("tournament-check-in-later", time = duration(CHECK_IN_SECONDS))),
                    (true, true) => text.plain(" ").key("tournament-check-in-now"),
                }
            }
            TournamentState::Running | TournamentState::Paused => {
                text.then(t!("tournament-round-now", round = t.round))
            }
            TournamentState::Finished => text.key("tournament-is-finished"),
            TournamentState::Cancelled => text.key("tournament-is-cancelled"),
        };
        if let Some(role) = s.winner_role {
            text = text.line().then(t!("tournament-winner-role", role = Text::new().role(role)));
        }
        let playing: Vec<&EntrantRow> = entrants.iter().filter(|e| !e.withdrawn).collect();
        text = text.line();
        if playing.is_empty() {
            text.key("tournament-no-players")
        } else {
            text.then(t!(
                "tournament-players",
                count = playing.len(),
                max = s.max_players,
                players = Text::new().join(playing, ", ", |text, e| {
                    // During check-in, who checked in is marked.
                    let text = text.name(&e.name);
                    if t.check_in_open && e.checked_in { text.plain(" ✓") } else { text }
                })
            ))
        }
    }

    /// The tournament a request names, or the server's one open tournament; the sentence when there is none or
    /// more than one.
    pub(crate) async fn find_tournament(
        &self,
        actor: &Actor,
        id: Option<i64>,
    ) -> Result<Result<TournamentRow, Text>, Failure> {
        let Some(guild) = actor.guild else { return Ok(Err(Text::new().key("tournament-in-dm"))) };
        if let Some(id) = id {
            let row = self.store.tournament(id).await.map_err(Failure::Read)?;
            return Ok(row
                .filter(|t| t.settings.guild == guild)
                .ok_or_else(|| t!("tournament-unknown", id = format!("#{id}"))));
        }
        let open = self.store.open_tournaments(guild).await.map_err(Failure::Read)?;
        Ok(match open.as_slice() {
            [] => Err(Text::new().key("tournament-none-open")),
            [one] => Ok(one.clone()),
            many => Err(t!(
                "tournament-which",
                ids = Text::new().join(many, ", ", |t, r| t.code(format!("id:{}", r.id)))
            )),
        })
    }

    /// The Join button: signs the member up (before the start, or late in the first half of a Swiss).
    pub(crate) async fn join_tournament(&self, actor: &Actor, id: i64) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, Some(id)).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        let entrants = self.store.entrants(id).await.map_err(Failure::Read)?;
        let late_ok = format_of(&t) == Format::Swiss && t.round * 2 <= t.settings.rounds;
        let open = match t.state {
            TournamentState::Signup => true,
            TournamentState::Running | TournamentState::Paused => late_ok,
            TournamentState::Finished | TournamentState::Cancelled => false,
        };
        if !open {
            return Ok(Reply::private(t!("tournament-closed", id = format!("#{id}"))));
        }
        if let Some(e) = entrants.iter().find(|e| e.user == actor.member.id) {
            // Join pressed again during check-in is as good as Check in.
            if t.check_in_open && !e.checked_in {
                return self.check_in_tournament(actor, id).await;
            }
            return Ok(Reply::private(t!("tournament-already-in", id = format!("#{id}"))));
        }
        if actor.member.bot {
            return Ok(Reply::private(Text::new().key("tournament-no-bots")));
        }
        if entrants.len() >= t.settings.max_players as usize {
            return Ok(Reply::private(t!(
                "tournament-full",
                id = format!("#{id}"),
                max = t.settings.max_players
            )));
        }
        let rating = self.seeding_rating(actor, t.settings.game).await;
        let entrant = EntrantRow {
            user: actor.member.id,
            name: actor.member.name.clone(),
            rating,
            joined_at: self.now(),
            withdrawn: false,
            // Joining during check-in is checking in.
            checked_in: t.check_in_open,
        };
        match self.store.join_tournament(id, &entrant).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return Ok(Reply::private(t!("tournament-already-in", id = format!("#{id}"))));
            }
            Err(e) => return Err(Failure::Store(e)),
        }
        self.announcement_reply(&t).await
    }

    /// The member's rating in the game on this server's board, for seeding (the initial rating before any game).
    async fn seeding_rating(&self, actor: &Actor, game: GameKind) -> f64 {
        let system = game.info().rating;
        let board = actor.guild.unwrap_or(crate::store::ALL_SERVERS);
        let rows = self.store.ratings_of(actor.member.id, actor.guild).await.unwrap_or_default();
        let rating = rows.iter().find(|r| r.game == game && r.guild == board).map(|r| r.rating);
        rating.unwrap_or_else(|| crate::rating::Rating::initial(system)).shown(system)
    }

    /// The announcement as it stands, with its buttons while one may still join.
    async fn announcement_reply(&self, t: &TournamentRow) -> Result<Reply, Failure> {
        let t = self.store.tournament(t.id).await.map_err(Failure::Read)?.unwrap_or_else(|| t.clone());
        let entrants = self.store.entrants(t.id).await.map_err(Failure::Read)?;
        let reply = Reply::public(self.announcement(&t, &entrants));
        let open =
            matches!(t.state, TournamentState::Signup | TournamentState::Running | TournamentState::Paused);
        Ok(if open { reply.with_buttons(signup_buttons(t.settings.channel, &t)) } else { reply })
    }

    /// The Check in button: the entrant is there, and will be paired.
    pub(crate) async fn check_in_tournament(&self, actor: &Actor, id: i64) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, Some(id)).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        let hash = format!("#{id}");
        if t.state != TournamentState::Signup {
            return Ok(Reply::private(t!("tournament-check-in-over", id = hash)));
        }
        if !t.settings.check_in {
            return Ok(Reply::private(t!("tournament-no-check-in", id = hash)));
        }
        if !t.check_in_open {
            let opens = duration((t.settings.starts_at - CHECK_IN_SECONDS - self.now()).max(0));
            return Ok(Reply::private(t!("tournament-check-in-not-yet", id = hash, time = opens)));
        }
        match self.store.check_in(id, actor.member.id).await {
            Ok(()) => self.announcement_reply(&t).await,
            Err(StoreError::Conflict) => {
                let entrants = self.store.entrants(id).await.map_err(Failure::Read)?;
                Ok(Reply::private(if entrants.iter().any(|e| e.user == actor.member.id) {
                    t!("tournament-checked-in-already", id = hash)
                } else {
                    t!("tournament-check-in-not-in", id = hash)
                }))
            }
            Err(e) => Err(Failure::Store(e)),
        }
    }

    /// The Leave button: off the list before the start; out of later rounds once it runs.
    pub(crate) async fn leave_tournament(&self, actor: &Actor, id: i64) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, Some(id)).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        let user = actor.member.id;
        let done = match t.state {
            TournamentState::Signup => self.store.leave_tournament(id, user).await,
            TournamentState::Running | TournamentState::Paused => self.store.withdraw_entrant(id, user).await,
            TournamentState::Finished | TournamentState::Cancelled => {
                return Ok(Reply::private(t!("tournament-closed", id = format!("#{id}"))));
            }
        };
        match done {
            Ok(()) => self.announcement_reply(&t).await,
            Err(StoreError::Conflict) => Ok(Reply::private(t!("tournament-not-in", id = format!("#{id}")))),
            Err(e) => Err(Failure::Store(e)),
        }
    }
}

/// An entrant's name (a member who left the list before the start is named by their id).
fn name_of(entrants: &[EntrantRow], user: u64) -> String {
    entrants.iter().find(|e| e.user == user).map_or_else(|| format!("member {user}"), |e| e.name.clone())
}

/// How many lines the standings' picture shows.
const LEADERS: usize = 20;

/// A tie-break's value as its column of the standings shows it.
fn tie_break_value(b: TieBreak, v: i64) -> String {
    match b {
        TieBreak::Buchholz | TieBreak::HeadToHead => points_text(v.max(0) as u32),
        // Quarter points.
        TieBreak::SonnebornBerger => {
            let q = v.max(0);
            if q % 4 == 0 { (q / 4).to_string() } else { format!("{:.2}", q as f64 / 4.0) }
        }
        TieBreak::TotalScore => v.to_string(),
    }
}

/// The message that heads a tie-break's column of the standings.
fn tie_break_head(b: TieBreak) -> &'static str {
    match b {
        TieBreak::Buchholz => "picture-standings-buchholz",
        TieBreak::SonnebornBerger => "picture-standings-sonneborn-berger",
        TieBreak::HeadToHead => "picture-standings-head-to-head",
        TieBreak::TotalScore => "picture-standings-total-score",
    }
}

fn format_key(f: Format) -> &'static str {
    match f {
        Format::Swiss => "tournament-format-swiss",
        Format::RoundRobin => "tournament-format-round-robin",
        Format::Knockout => "tournament-format-knockout",
    }
}

fn state_key(s: TournamentState) -> &'static str {
    match s {
        TournamentState::Signup => "tournament-state-signup",
        TournamentState::Running => "tournament-state-running",
        TournamentState::Paused => "tournament-state-paused",
        TournamentState::Finished => "tournament-state-finished",
        TournamentState::Cancelled => "tournament-state-cancelled",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_places() {
        assert_eq!(points_of(&[1, 2]), [2, 0]);
        assert_eq!(points_of(&[1, 1]), [1, 1]);
        assert_eq!(points_of(&[2, 1, 3]), [2, 4, 0]);
        assert_eq!(points_text(5), "2½");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(4), "2");
    }
}
