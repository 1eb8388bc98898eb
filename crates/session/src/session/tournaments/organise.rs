//! What organisers do with a running tournament, and what anyone may ask of it: the standings as a picture;
//! pause, resume and cancel; a player withdrawn; a result set by hand with its reason.

use crate::render::standings::{StandingRow, StandingsView, standings_png};
use crate::store::{EndKind, Ending, StoreError, TournamentGameRow, TournamentRow, TournamentState};
use crate::t;
use crate::tournament::{self, WIN};

use super::super::commands::Failure;
use super::super::text::Text;
use super::super::{Actor, File, FileKind, Member, Reply, Sessions};
use super::{
    LEADERS, event_of, name_of, points_text, state_key, tie_break_head, tie_break_value, tie_breaks,
};

impl Sessions {
    /// `/tournament action:standings`: the table as a picture.
    pub(crate) async fn tournament_standings(
        &self,
        actor: &Actor,
        id: Option<i64>,
    ) -> Result<Reply, Failure> {
        let t = match self.find_tournament(actor, id).await? {
            Ok(t) => t,
            // None running: the server's last finished tournament still has its final standings.
            Err(why) => match actor.guild.filter(|_| id.is_none()) {
                Some(guild) => match self
                    .store
                    .last_finished_tournament(guild)
                    .await
                    .map_err(Failure::Read)?
                {
                    Some(t)
                        if self.store.open_tournaments(guild).await.map_err(Failure::Read)?.is_empty() =>
                    {
                        t
                    }
                    _ => return Ok(Reply::private(why)),
                },
                None => return Ok(Reply::private(why)),
            },
        };
        let (text, file) = self.standings_picture(&t, actor.locales.public, Some(actor.member.id)).await?;
        Ok(Reply::public(text).with_file(file))
    }

    /// The standings' sentence and picture (in `lang`), `user`'s line highlighted.
    pub(super) async fn standings_picture(
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
        let rows: Vec<StandingRow> = table
            .iter()
            .take(LEADERS)
            .map(|s| {
                let e = &entrants[s.entrant];
                StandingRow {
                    place: s.place,
                    name: e.name.clone(),
                    points: points_text(s.points),
                    games: s.games,
                    tie_breaks: breaks
                        .iter()
                        .zip(&s.tie_breaks)
                        .map(|(b, v)| tie_break_value(*b, *v))
                        .collect(),
                    withdrawn: s.withdrawn,
                    highlight: user == Some(e.user),
                }
            })
            .collect();
        let title =
            t!("tournament-standings-title", id = format!("#{}", t.id), game = t.settings.game.title())
                .plain_in(lang);
        let subtitle =
            t!("tournament-standings-subtitle", round = t.round, players = entrants.len()).plain_in(lang);
        let tie_breaks = breaks.iter().map(|b| Text::new().key(tie_break_head(*b)).plain_in(lang)).collect();
        let view = StandingsView { title, subtitle, tie_breaks, rows };
        let png = crate::render::drawn(move || standings_png(&view, lang)).await.unwrap_or_default();
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
        let t = match self.tournament_to_run(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
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
        player: &Member,
    ) -> Result<Reply, Failure> {
        let t = match self.tournament_to_run(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
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
        player: &Member,
        points: u32,
        reason: &str,
    ) -> Result<Reply, Failure> {
        let t = match self.tournament_to_run(actor, id).await? {
            Ok(t) => t,
            Err(why) => return Ok(Reply::private(why)),
        };
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
        if let Some(session) = game.session {
            let (by, reason) = (actor.member.id, reason.to_string());
            let ended = self
                .end_tournament_game(session, &settled, move |record, points| {
                    // A win is first, a loss second, a draw shared.
                    let places = points.iter().map(|&p| if p * 2 >= WIN { 1 } else { 2 }).collect();
                    Ending {
                        kind: EndKind::Decided,
                        seats: record.players.iter().position(|p| p.id == player.id).into_iter().collect(),
                        member: Some(by),
                        reason: Some(reason),
                        places: Some(places),
                    }
                })
                .await;
            if let Err(e) = ended {
                tracing::warn!(session, error = %e, "could not end a game whose result an organiser set");
            }
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
}
