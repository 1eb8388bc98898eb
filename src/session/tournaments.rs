//! Tournaments run by the bot, the part of the session layer the `/tournament` requests and the round task
//! share: creating one and its announcement (with Join and Leave buttons and the players so far), signing up and
//! leaving, and the round task ([`Sessions::settle_tournaments`], run by the clock task) that closes sign-up at
//! the start, pairs each round with [`crate::tournament`], has the adapter open a thread per game
//! ([`Notice::OpenGame`]) and starts the game there ([`Sessions::start_tournament_game`]), scores the games as they
//! end (a game not started, or aborted, is a forfeit), posts the standings after each round and announces the
//! winner. A round is started once, by one instance: only the caller that claims it in the store
//! ([`crate::store::TournamentStore::claim_round`]) pairs it and posts.

use crate::games::{AnyGame, GameKind, Setup};
use crate::render::encode_png;
use crate::render::leaderboard::{LeaderRow, LeaderboardView, render_leaderboard};
use crate::store::{
    ClockRow, EntrantRow, NewSession, NewTournament, PlayerRow, SessionState, Store, StoreError,
    TournamentGameRow, TournamentRow, TournamentState,
};
use crate::tournament::{self, Entrant, Event, Format, Played, Round, TieBreak, WIN};

use super::clocks::{ClockChoice, Notice, duration};
use super::commands::Failure;
use super::text::Text;
use super::{Actor, Board, Button, ButtonStyle, File, FileKind, Live, Reply, Sessions, Slot, messages};
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
    pub winner_role: Option<u64>,
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

/// The buttons under an announcement.
fn signup_buttons(channel: u64, id: i64) -> Vec<Button> {
    vec![
        Button::new(
            Text::new().key("tournament-join-button"),
            format!("tjoin:{channel}:{id}"),
            ButtonStyle::Success,
        ),
        Button::new(
            Text::new().key("tournament-leave-button"),
            format!("tleave:{channel}:{id}"),
            ButtonStyle::Secondary,
        ),
    ]
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
            event.games.push(Played {
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

impl<S: Store> Sessions<S> {
    /// Whether `actor` may run tournaments here: the Manage Server permission.
    fn may_organise(actor: &Actor) -> bool {
        actor.can_manage_server
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
        if !Self::may_organise(actor) {
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
            now,
        };
        let id = self.store.create_tournament(&new).await?;
        let Some(row) = self.store.tournament(id).await? else {
            return Err(Failure::Store(StoreError::Corrupt(format!("tournament {id} vanished"))));
        };
        self.poke_clocks();
        Ok(Reply::public(self.announcement(&row, &[])).with_buttons(signup_buttons(channel, id)))
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
                text.then(t!("tournament-starts-in", time = duration((s.starts_at - self.now()).max(0))))
            }
            TournamentState::Running | TournamentState::Paused => {
                text.then(t!("tournament-round-now", round = t.round))
            }
            TournamentState::Finished => text.key("tournament-is-finished"),
            TournamentState::Cancelled => text.key("tournament-is-cancelled"),
        };
        let playing: Vec<&EntrantRow> = entrants.iter().filter(|e| !e.withdrawn).collect();
        text = text.line();
        if playing.is_empty() {
            text.key("tournament-no-players")
        } else {
            text.then(t!(
                "tournament-players",
                count = playing.len(),
                max = s.max_players,
                players = Text::new().join(playing, ", ", |t, e| t.name(&e.name))
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
        if entrants.iter().any(|e| e.user == actor.member.id) {
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
        Ok(if open { reply.with_buttons(signup_buttons(t.settings.channel, t.id)) } else { reply })
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

    /// `/tournament action:standings`: the table as a picture.
    pub(crate) async fn tournament_standings(
        &self,
        actor: &Actor,
        id: Option<i64>,
    ) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        let (text, file) = self.standings_picture(&t, actor.locales.public, Some(actor.member.id)).await?;
        Ok(Reply::public(text).with_file(file))
    }

    /// The standings' sentence and picture (in `lang`), `user`'s line highlighted.
    async fn standings_picture(
        &self,
        t: &TournamentRow,
        lang: crate::i18n::Lang,
        user: Option<u64>,
    ) -> Result<(Text, File), Failure> {
        let entrants = self.store.entrants(t.id).await.map_err(Failure::Read)?;
        let games = self.store.tournament_games(t.id).await.map_err(Failure::Read)?;
        let event = event_of(&entrants, &games);
        let breaks = tie_breaks(t);
        let table = tournament::standings(&event, breaks);
        let rows: Vec<LeaderRow> = table
            .iter()
            .take(LEADERS)
            .map(|s| {
                let e = &entrants[s.entrant];
                let name = if s.withdrawn { format!("{} (-)", e.name) } else { e.name.clone() };
                let values: Vec<String> =
                    breaks.iter().zip(&s.tie_breaks).map(|(b, v)| tie_break_text(*b, *v)).collect();
                LeaderRow {
                    place: s.place,
                    name,
                    rating: points_text(s.points),
                    games: s.games,
                    record: values.join(" · "),
                    trend: Vec::new(),
                    highlight: user == Some(e.user),
                }
            })
            .collect();
        let title =
            t!("tournament-standings-title", id = format!("#{}", t.id), game = t.settings.game.title())
                .plain_in(lang);
        let subtitle =
            t!("tournament-standings-subtitle", round = t.round, players = entrants.len()).plain_in(lang);
        let view = LeaderboardView { title, subtitle, rows, own: None };
        let png = tokio::task::spawn_blocking(move || encode_png(&render_leaderboard(&view, lang)))
            .await
            .unwrap_or_default();
        let text = match table.first() {
            Some(top) => t!(
                "tournament-standings",
                id = format!("#{}", t.id),
                round = t.round,
                leader = Text::new().name(&entrants[top.entrant].name),
                points = points_text(top.points)
            ),
            None => t!("tournament-standings-empty", id = format!("#{}", t.id)),
        };
        Ok((
            text,
            File { kind: FileKind::Picture, name: format!("tournament-{}-standings.png", t.id), bytes: png },
        ))
    }

    /// Pause, resume or cancel (organisers only).
    pub(crate) async fn tournament_state(
        &self,
        actor: &Actor,
        id: Option<i64>,
        to: TournamentState,
    ) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        if !Self::may_organise(actor) && actor.member.id != t.settings.organiser {
            return Ok(Reply::private(Text::new().key("tournament-not-allowed")));
        }
        let from = match (t.state, to) {
            (TournamentState::Running, TournamentState::Paused) => TournamentState::Running,
            (TournamentState::Paused, TournamentState::Running) => TournamentState::Paused,
            (
                s @ (TournamentState::Signup | TournamentState::Running | TournamentState::Paused),
                TournamentState::Cancelled,
            ) => s,
            _ => {
                return Ok(Reply::private(t!(
                    "tournament-cannot",
                    id = format!("#{}", t.id),
                    state = Text::new().key(state_key(t.state))
                )));
            }
        };
        match self.store.set_tournament_state(t.id, from, to).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(Failure::Conflict),
            Err(e) => return Err(Failure::Store(e)),
        }
        self.poke_clocks();
        let (id, by) = (format!("#{}", t.id), Text::new().name(&actor.member.name));
        Ok(Reply::public(match to {
            TournamentState::Paused => t!("tournament-paused", id = id, by = by),
            TournamentState::Running => t!("tournament-resumed", id = id, by = by),
            _ => t!("tournament-cancelled", id = id, by = by),
        }))
    }

    /// An organiser takes a player out of later rounds.
    pub(crate) async fn withdraw_player(
        &self,
        actor: &Actor,
        id: Option<i64>,
        player: &super::Member,
    ) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        if !Self::may_organise(actor) && actor.member.id != t.settings.organiser {
            return Ok(Reply::private(Text::new().key("tournament-not-allowed")));
        }
        let done = if t.state == TournamentState::Signup {
            self.store.leave_tournament(t.id, player.id).await
        } else {
            self.store.withdraw_entrant(t.id, player.id).await
        };
        match done {
            Ok(()) => Ok(Reply::public(t!(
                "tournament-withdrawn",
                id = format!("#{}", t.id),
                player = Text::new().name(&player.name),
                by = Text::new().name(&actor.member.name)
            ))),
            Err(StoreError::Conflict) => Ok(Reply::private(t!(
                "tournament-player-not-in",
                id = format!("#{}", t.id),
                player = Text::new().name(&player.name)
            ))),
            Err(e) => Err(Failure::Store(e)),
        }
    }

    /// An organiser decides a game of the current round by hand: `player` won, drew or lost it, for `reason`.
    pub(crate) async fn set_result(
        &self,
        actor: &Actor,
        id: Option<i64>,
        player: &super::Member,
        points: u32,
        reason: &str,
    ) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
        if !Self::may_organise(actor) && actor.member.id != t.settings.organiser {
            return Ok(Reply::private(Text::new().key("tournament-not-allowed")));
        }
        let games = self.store.tournament_games(t.id).await.map_err(Failure::Read)?;
        let game = games.iter().find(|g| {
            g.round == t.round && g.points.is_none() && g.seats.len() == 2 && g.seats.contains(&player.id)
        });
        let Some(game) = game else {
            return Ok(Reply::private(t!(
                "tournament-no-game-to-decide",
                player = Text::new().name(&player.name),
                round = t.round
            )));
        };
        let seat = game.seats.iter().position(|&u| u == player.id).unwrap_or(0);
        let mut decided = vec![WIN - points; 2];
        decided[seat] = points;
        let settled = TournamentGameRow { points: Some(decided), over_the_board: false, ..game.clone() };
        match self.store.settle_tournament_game(&settled).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(Failure::Conflict),
            Err(e) => return Err(Failure::Store(e)),
        }
        self.poke_clocks();
        let entrants = self.store.entrants(t.id).await.map_err(Failure::Read)?;
        let names: Vec<String> = game.seats.iter().map(|&u| name_of(&entrants, u)).collect();
        let result = settled.points.as_ref().map(|p| format!("{}–{}", points_text(p[0]), points_text(p[1])));
        Ok(Reply::public(t!(
            "tournament-result-set",
            id = format!("#{}", t.id),
            first = Text::new().name(&names[0]),
            second = Text::new().name(&names[1]),
            result = result.unwrap_or_default(),
            by = Text::new().name(&actor.member.name),
            reason = Text::new().typed(reason)
        )))
    }

    /// The round task, run with the clocks: starts the tournaments whose sign-up closed, scores the games that
    /// ended, and starts the next round (or ends the tournament) when a round is over. Every change is stored
    /// before it is reported.
    pub(crate) async fn settle_tournaments(&self) -> Vec<Notice> {
        let mut notices = Vec::new();
        let due = match self.store.due_tournaments(self.now()).await {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "cannot list the tournaments due");
                return notices;
            }
        };
        for id in due {
            match self.settle_tournament(id).await {
                Ok(found) => notices.extend(found),
                Err(e) => tracing::error!(tournament = id, error = %e, "cannot settle a tournament"),
            }
        }
        notices
    }

    async fn settle_tournament(&self, id: i64) -> Result<Vec<Notice>, StoreError> {
        let Some(t) = self.store.tournament(id).await? else { return Ok(Vec::new()) };
        match t.state {
            TournamentState::Signup if t.settings.starts_at <= self.now() => {
                let entrants = self.store.entrants(id).await?;
                if entrants.len() < 2 {
                    match self
                        .store
                        .set_tournament_state(id, TournamentState::Signup, TournamentState::Cancelled)
                        .await
                    {
                        Ok(()) => {}
                        Err(StoreError::Conflict) => return Ok(Vec::new()),
                        Err(e) => return Err(e),
                    }
                    let text = t!("tournament-too-few", id = format!("#{id}"));
                    return Ok(vec![Notice::Post {
                        channel: t.settings.channel,
                        reply: Reply::public(text),
                    }]);
                }
                self.begin_round(&t, 1, Vec::new()).await
            }
            TournamentState::Running => self.advance(&t).await,
            _ => Ok(Vec::new()),
        }
    }

    /// Scores the current round's games that ended; when none is left, the next round or the end.
    async fn advance(&self, t: &TournamentRow) -> Result<Vec<Notice>, StoreError> {
        let now = self.now();
        let overdue = t.round_due.is_some_and(|d| d <= now);
        let games = self.store.tournament_games(t.id).await?;
        let mut open = 0;
        for g in games.iter().filter(|g| g.round == t.round && g.points.is_none()) {
            let decided = match g.session {
                Some(session) => self.decided(session, g, overdue).await?,
                // Not started (its thread could not be opened, or the instance stopped): a forfeit at the time.
                None if overdue => Some((vec![0; g.seats.len()], false)),
                None => None,
            };
            let Some((points, over_the_board)) = decided else {
                open += 1;
                continue;
            };
            let settled = TournamentGameRow { points: Some(points), over_the_board, ..g.clone() };
            match self.store.settle_tournament_game(&settled).await {
                Ok(()) | Err(StoreError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        if open > 0 || games.iter().all(|g| g.round != t.round) {
            return Ok(Vec::new());
        }
        let entrants = self.store.entrants(t.id).await?;
        let games = self.store.tournament_games(t.id).await?;
        let event = event_of(&entrants, &games);
        let last = t.round >= total_rounds(t, entrants.len())
            || event.active().len() < 2
            || (format_of(t) == Format::Knockout
                && !tables(t.settings.game)
                && tournament::knockout::pair(&event, t.round + 1).pairings.is_empty());
        let lang = self.public_lang_of(t).await;
        let (standing, file) = self.standings_picture(t, lang, None).await.map_err(|f| match f {
            Failure::Store(e) | Failure::Read(e) | Failure::Own { error: e, .. } => e,
            Failure::Conflict => StoreError::Conflict,
        })?;
        let over = Reply::public(
            t!("tournament-round-over", id = format!("#{}", t.id), round = t.round).line().then(standing),
        )
        .with_file(file);
        if !last {
            return self
                .begin_round(t, t.round + 1, vec![Notice::Post { channel: t.settings.channel, reply: over }])
                .await;
        }
        match self.store.set_tournament_state(t.id, TournamentState::Running, TournamentState::Finished).await
        {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Ok(Vec::new()),
            Err(e) => return Err(e),
        }
        let table = tournament::standings(&event, tie_breaks(t));
        let winners: Vec<&EntrantRow> = match format_of(t) {
            Format::Knockout if !tables(t.settings.game) => {
                tournament::knockout::champion(&event).map(|c| &entrants[c]).into_iter().collect()
            }
            _ => table.iter().filter(|s| s.place == 1).map(|s| &entrants[s.entrant]).collect(),
        };
        let text = t!(
            "tournament-won",
            id = format!("#{}", t.id),
            game = t.settings.game.title(),
            winners = Text::new().join(winners, ", ", |t, e| t.mention(e.user, &e.name))
        );
        Ok(vec![
            Notice::Post { channel: t.settings.channel, reply: over },
            Notice::Post { channel: t.settings.channel, reply: Reply::public(text) },
        ])
    }

    /// The public language of a tournament's channel.
    async fn public_lang_of(&self, t: &TournamentRow) -> crate::i18n::Lang {
        let code = self.public_language(Some(t.settings.guild)).await;
        crate::i18n::public_lang(code.as_deref(), None)
    }

    /// The points of a game whose session is `session`, once it is over: by its places when it finished, a
    /// forfeit (no points) when it was aborted or never moved; at the round's time, a game still played counts
    /// as a draw for the tournament.
    async fn decided(
        &self,
        session: i64,
        g: &TournamentGameRow,
        overdue: bool,
    ) -> Result<Option<(Vec<u32>, bool)>, StoreError> {
        let Some(record) = self.store.session(session).await? else { return Ok(None) };
        let seats = g.seats.len();
        if record.state.is_open() {
            return Ok(overdue.then(|| (vec![WIN / 2; seats], record.moves.len() >= seats)));
        }
        if record.state != SessionState::Finished {
            return Ok(Some((vec![0; seats], false)));
        }
        let Ok(game) = AnyGame::replay(record.game, &record.setup, &record.moves) else {
            return Ok(Some((vec![0; seats], false)));
        };
        let Some(places) = super::endings::stored_places(&record, &game) else {
            return Ok(Some((vec![0; seats], false)));
        };
        // Seats of the session are the game's; the tournament's row names them by user.
        let by_user: Vec<u32> = {
            let points = points_of(&places);
            g.seats
                .iter()
                .map(|u| record.players.iter().position(|p| p.id == *u).map_or(0, |s| points[s]))
                .collect()
        };
        // A game nobody moved in (lost on time before a move) is a forfeit: it counts, but not for sides.
        Ok(Some((by_user, record.moves.len() >= seats)))
    }

    /// Claims round `round` and pairs it: stores its games and byes and asks the adapter to open a thread for
    /// each game; `before` is posted first (the last round's standings).
    async fn begin_round(
        &self,
        t: &TournamentRow,
        round: u32,
        before: Vec<Notice>,
    ) -> Result<Vec<Notice>, StoreError> {
        let due = t.settings.round_seconds.map(|s| self.now() + s);
        if !self.store.claim_round(t.id, round, due).await? {
            return Ok(Vec::new());
        }
        let entrants = self.store.entrants(t.id).await?;
        let games = self.store.tournament_games(t.id).await?;
        let event = event_of(&entrants, &games);
        let paired: Round = match format_of(t) {
            _ if tables(t.settings.game) => tournament::tables::seat(&event, round),
            Format::Swiss => tournament::swiss::pair(&event),
            Format::RoundRobin => tournament::round_robin::pair(&event, round),
            Format::Knockout => tournament::knockout::pair(&event, round),
        };
        let mut notices = before;
        let mut board = 0;
        let mut opened = Vec::new();
        for pairing in &paired.pairings {
            let users: Vec<u64> = pairing.seats.iter().map(|&e| entrants[e].user).collect();
            let mut halves = vec![users.clone()];
            if t.settings.mini_match && users.len() == 2 {
                halves.push(vec![users[1], users[0]]);
            }
            for seats in halves {
                let row = TournamentGameRow {
                    tournament: t.id,
                    round,
                    board,
                    seats: seats.clone(),
                    session: None,
                    points: None,
                    scores: None,
                    over_the_board: true,
                };
                match self.store.add_tournament_game(&row).await {
                    Ok(()) | Err(StoreError::Conflict) => {}
                    Err(e) => return Err(e),
                }
                let names: Vec<String> = seats.iter().map(|&u| name_of(&entrants, u)).collect();
                let title = t!(
                    "tournament-thread",
                    id = format!("#{}", t.id),
                    round = round,
                    board = board + 1,
                    players = names.join(" – ")
                )
                .plain_in(self.public_lang_of(t).await);
                opened.push(Notice::OpenGame {
                    parent: t.settings.channel,
                    title,
                    slug: format!("t{}-r{round}-{}", t.id, board + 1),
                    board: TournamentBoard { tournament: t.id, round, board },
                });
                board += 1;
            }
        }
        for &bye in &paired.byes {
            let row = TournamentGameRow {
                tournament: t.id,
                round,
                board,
                seats: vec![entrants[bye].user],
                session: None,
                points: Some(vec![WIN]),
                scores: None,
                over_the_board: false,
            };
            match self.store.add_tournament_game(&row).await {
                Ok(()) | Err(StoreError::Conflict) => {}
                Err(e) => return Err(e),
            }
            board += 1;
        }
        if opened.is_empty() {
            // Only byes (everyone else withdrew): the round is over at once, the next look settles it.
            self.poke_clocks();
            notices
                .push(Notice::Post { channel: t.settings.channel, reply: self.pairings(t.id, round).await? });
        }
        notices.extend(opened);
        Ok(notices)
    }

    /// The pairings of a round as one message: each game by its thread and players (pinged once), and the byes.
    async fn pairings(&self, id: i64, round: u32) -> Result<Reply, StoreError> {
        let entrants = self.store.entrants(id).await?;
        let games = self.store.tournament_games(id).await?;
        let mut text = t!("tournament-pairings", id = format!("#{id}"), round = round);
        for g in games.iter().filter(|g| g.round == round) {
            text = text.line();
            let players = |t: Text| t.join(&g.seats, " – ", |t, &u| t.name(name_of(&entrants, u)));
            if g.seats.len() == 1 {
                let player = Text::new().name(name_of(&entrants, g.seats[0]));
                text = text.then(t!("tournament-bye", player = player));
                continue;
            }
            let session = match g.session {
                Some(id) => self.store.session(id).await?,
                None => None,
            };
            let thread = match session {
                Some(s) => Text::new().channel(s.channel),
                None => Text::new().key("tournament-not-started"),
            };
            text = text.then(t!(
                "tournament-board",
                board = g.board + 1,
                thread = thread,
                players = players(Text::new())
            ));
        }
        Ok(Reply::public(text))
    }

    /// The adapter opened `thread` for a game of a round (`None`: it could not, and the game is a forfeit): the
    /// game starts there, with the round's clock, and its players are told. When it is the round's last game to
    /// start, the pairings are posted in the tournament's channel.
    pub async fn start_tournament_game(&self, thread: Option<u64>, key: TournamentBoard) -> Vec<Notice> {
        match self.start_game_in(thread, key).await {
            Ok(notices) => notices,
            Err(e) => {
                tracing::error!(tournament = key.tournament, round = key.round, error = %e, "cannot start a tournament game");
                Vec::new()
            }
        }
    }

    async fn start_game_in(
        &self,
        thread: Option<u64>,
        key: TournamentBoard,
    ) -> Result<Vec<Notice>, StoreError> {
        let Some(t) = self.store.tournament(key.tournament).await? else { return Ok(Vec::new()) };
        let games = self.store.tournament_games(t.id).await?;
        let Some(row) = games.iter().find(|g| g.round == key.round && g.board == key.board).cloned() else {
            return Ok(Vec::new());
        };
        if row.session.is_some() || row.points.is_some() {
            return Ok(Vec::new());
        }
        let entrants = self.store.entrants(t.id).await?;
        let mut notices = Vec::new();
        match thread {
            None => {
                let settled = TournamentGameRow {
                    points: Some(vec![0; row.seats.len()]),
                    over_the_board: false,
                    ..row
                };
                match self.store.settle_tournament_game(&settled).await {
                    Ok(()) | Err(StoreError::Conflict) => {}
                    Err(e) => return Err(e),
                }
            }
            Some(thread) => {
                if let Some(reply) = self.open_tournament_game(thread, &t, &row, &entrants).await? {
                    notices.push(Notice::Post { channel: thread, reply });
                }
            }
        }
        let games = self.store.tournament_games(t.id).await?;
        let all_started =
            games.iter().filter(|g| g.round == key.round).all(|g| g.session.is_some() || g.points.is_some());
        if all_started {
            notices.push(Notice::Post {
                channel: t.settings.channel,
                reply: self.pairings(t.id, key.round).await?,
            });
        }
        Ok(notices)
    }

    /// Creates the game of `row` in `thread`, already accepted, with its clock running.
    async fn open_tournament_game(
        &self,
        thread: u64,
        t: &TournamentRow,
        row: &TournamentGameRow,
        entrants: &[EntrantRow],
    ) -> Result<Option<Reply>, StoreError> {
        let s = &t.settings;
        let setup = Setup { variant: s.variant.clone(), seed: rand::random(), seats: row.seats.len() };
        let Ok(game) = AnyGame::new(s.game, &setup) else { return Ok(None) };
        // The pairing's first seat takes the side that moves first under these rules (Ashton's White is seat 1).
        let mut seats = row.seats.clone();
        if seats.len() == 2 && game.to_move() == Some(1) {
            seats.swap(0, 1);
        }
        let players: Vec<PlayerRow> = seats
            .iter()
            .map(|&u| PlayerRow {
                id: u,
                name: name_of(entrants, u),
                accepted: true,
                abandoned: false,
                left: None,
                level: None,
            })
            .collect();
        let now = self.now();
        let new = NewSession {
            channel: thread,
            guild: Some(s.guild),
            game: s.game,
            setup,
            players,
            challenger: s.organiser,
            state: SessionState::Playing,
            now,
            expires_at: now,
            rated: s.rated,
        };
        let slot = self.slot(thread);
        let mut slot = slot.lock().await;
        let id = self.store.create(&new).await?;
        self.store.set_tournament_game_session(t.id, row.round, row.board, id).await?;
        let per_move = s.clock.parse::<ClockChoice>().ok().and_then(ClockChoice::seconds);
        let record = crate::store::SessionRow {
            id,
            channel: thread,
            guild: new.guild,
            game: new.game,
            setup: new.setup,
            players: new.players,
            challenger: new.challenger,
            state: new.state,
            moves: Vec::new(),
            result: None,
            created_at: now,
            expires_at: now,
            message: None,
            rated: new.rated,
            hinted: false,
        };
        let clock = ClockRow::first_turn(id, per_move, now);
        let mut live = Live { record, game: Some(game.clone()), clock: Some(clock), offer: None };
        self.start_turn(&mut live, &game).await;
        let intro = t!(
            "tournament-game-starts",
            id = format!("#{}", t.id),
            round = row.round,
            players = Text::new().join(&live.record.players, ", ", |t, p| t.mention(p.id, &p.name))
        );
        let text = intro.line().then(messages::begins(&live, &game));
        let board = Board { game: game.clone(), names: live.names(), id, ended: None };
        *slot = Slot::Open(Box::new(live));
        let reply = self.add_clock(&slot, Reply::public(text).with_board(board));
        Ok(Some(reply))
    }

    /// Adds `[Event]` and `[Round]` to the record of a tournament game.
    pub(crate) async fn tournament_tags(&self, record: &mut crate::record::Record, session: i64) {
        if let Some((tournament, round)) = self.tournament_of_session(session).await {
            let game = record.tag("Game").unwrap_or_default().to_string();
            record.set_event(&format!("Tabula tournament #{tournament} ({game})"), round);
        }
    }

    /// Which tournament and round a session was played in, for its record and `/history`.
    pub(crate) async fn tournament_of_session(&self, session: i64) -> Option<(i64, u32)> {
        let row = self.store.tournament_game_of(session).await.ok()??;
        Some((row.tournament, row.round))
    }
}

/// An entrant's name (a member who left the list before the start is named by their id).
fn name_of(entrants: &[EntrantRow], user: u64) -> String {
    entrants.iter().find(|e| e.user == user).map_or_else(|| format!("member {user}"), |e| e.name.clone())
}

/// How many lines the standings' picture shows.
const LEADERS: usize = 20;

fn tie_break_text(b: TieBreak, v: i64) -> String {
    let value = match b {
        TieBreak::Buchholz | TieBreak::HeadToHead => points_text(v.max(0) as u32),
        // Quarter points.
        TieBreak::SonnebornBerger => {
            let q = v.max(0);
            if q % 4 == 0 { (q / 4).to_string() } else { format!("{:.2}", q as f64 / 4.0) }
        }
        TieBreak::TotalScore => v.to_string(),
    };
    let label = match b {
        TieBreak::Buchholz => "Bh",
        TieBreak::SonnebornBerger => "SB",
        TieBreak::HeadToHead => "H2H",
        TieBreak::TotalScore => "Σ",
    };
    format!("{label} {value}")
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
