//! The round task: check-in opened, sign-up closed at the start, each round paired and its games started in
//! threads of their own, the games scored as they end, the next round started (or the winner announced and
//! given the role chosen for them).

use crate::games::{AnyGame, Setup};
use crate::store::{
    CHECK_IN_SECONDS, ClockRow, EndKind, EntrantRow, NewSession, PlayerRow, SessionState, StoreError,
    TournamentGameRow, TournamentRow, TournamentState,
};
use crate::t;
use crate::tournament::{self, Format, Round, WIN};

use super::super::clocks::{ClockChoice, Notice, duration};
use super::super::commands::Failure;
use super::super::text::Text;
use super::super::{BoardPicture, Live, Reply, Sessions, Slot, messages};
use super::{
    TournamentBoard, event_of, format_of, name_of, points_of, signup_buttons, tables, tie_breaks,
    total_rounds,
};

/// How a game of a round was decided: half points by seat, the game's own scores where it has them (the total
/// score that breaks Tantrix ties), and whether it was played over the board.
struct Decided {
    points: Vec<u32>,
    scores: Option<Vec<i64>>,
    over_the_board: bool,
}

impl Decided {
    /// Not started, aborted or unreadable: no points for anyone, and it does not count for sides.
    fn forfeit(seats: usize) -> Decided {
        Decided { points: vec![0; seats], scores: None, over_the_board: false }
    }
}

impl Sessions {
    /// The round task, run with the clocks: opens check-in, starts the tournaments whose sign-up closed, scores
    /// the games that ended, and starts the next round (or ends the tournament) when a round is over. Every
    /// change is stored before it is reported.
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
        let now = self.now();
        match t.state {
            TournamentState::Signup
                if t.settings.check_in
                    && !t.check_in_open
                    && t.settings.starts_at - CHECK_IN_SECONDS <= now =>
            {
                self.open_check_in(&t).await
            }
            TournamentState::Signup if t.settings.starts_at <= now => {
                let before = self.drop_absent(&t).await?;
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
                    let mut notices = before;
                    notices.push(Notice::Post { channel: t.settings.channel, reply: Reply::public(text) });
                    return Ok(notices);
                }
                self.begin_round(&t, 1, before).await
            }
            TournamentState::Running => self.advance(&t).await,
            _ => Ok(Vec::new()),
        }
    }

    /// Opens check-in (once, by one instance): the announcement with its Check in button, every entrant pinged.
    async fn open_check_in(&self, t: &TournamentRow) -> Result<Vec<Notice>, StoreError> {
        if !self.store.open_check_in(t.id).await? {
            return Ok(Vec::new());
        }
        let entrants = self.store.entrants(t.id).await?;
        let Some(t) = self.store.tournament(t.id).await? else { return Ok(Vec::new()) };
        let call = t!(
            "tournament-check-in-open",
            id = format!("#{}", t.id),
            time = duration((t.settings.starts_at - self.now()).max(0)),
            players = Text::new().list(entrants.iter().map(|e| Text::new().mention(e.user, &e.name)))
        );
        let text = call.line().then(self.announcement(&t, &entrants));
        let reply = Reply::public(text).with_buttons(signup_buttons(t.settings.channel, &t));
        Ok(vec![Notice::Post { channel: t.settings.channel, reply }])
    }

    /// At the start of a tournament with check-in: takes those who did not check in off the list, and says who
    /// (nobody is dropped when check-in never opened: the bot was away the whole time).
    async fn drop_absent(&self, t: &TournamentRow) -> Result<Vec<Notice>, StoreError> {
        if !t.settings.check_in || !t.check_in_open {
            return Ok(Vec::new());
        }
        let absent: Vec<EntrantRow> =
            self.store.entrants(t.id).await?.into_iter().filter(|e| !e.checked_in).collect();
        for e in &absent {
            match self.store.leave_tournament(t.id, e.user).await {
                Ok(()) | Err(StoreError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        if absent.is_empty() {
            return Ok(Vec::new());
        }
        let text = t!(
            "tournament-not-checked-in",
            id = format!("#{}", t.id),
            count = absent.len(),
            players = Text::new().list(absent.iter().map(|e| Text::new().name(&e.name)))
        );
        Ok(vec![Notice::Post { channel: t.settings.channel, reply: Reply::public(text) }])
    }

    /// Scores the current round's games that ended (at the round's time, every game: one still played counts as
    /// a draw, and ends as one); returns how many are still open.
    async fn settle_round(
        &self,
        t: &TournamentRow,
        games: &[TournamentGameRow],
    ) -> Result<usize, StoreError> {
        let overdue = t.round_due.is_some_and(|d| d <= self.now());
        let mut open = 0;
        for g in games.iter().filter(|g| g.round == t.round && g.points.is_none()) {
            let decided = match g.session {
                Some(session) => self.decided(session, g, overdue).await?,
                // Not started (its thread could not be opened, or the instance stopped): a forfeit at the time.
                None if overdue => Some(Decided::forfeit(g.seats.len())),
                None => None,
            };
            let Some(decided) = decided else {
                open += 1;
                continue;
            };
            let settled = TournamentGameRow {
                points: Some(decided.points),
                scores: decided.scores,
                over_the_board: decided.over_the_board,
                ..g.clone()
            };
            match self.store.settle_tournament_game(&settled).await {
                Ok(()) => {}
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e),
            }
            if let Some(session) = g.session {
                let draw = |record: &crate::store::SessionRow, _: &[u32]| {
                    let places = Some(vec![1; record.players.len()]);
                    crate::store::Ending::new(EndKind::RoundTime, Vec::new(), places)
                };
                if let Err(e) = self.end_tournament_game(session, &settled, draw).await {
                    tracing::warn!(session, error = %e, "could not end a game at its round's time");
                }
            }
        }
        Ok(open)
    }

    /// Scores the current round's games that ended; when none is left, the next round or the end.
    async fn advance(&self, t: &TournamentRow) -> Result<Vec<Notice>, StoreError> {
        let games = self.store.tournament_games(t.id).await?;
        let open = self.settle_round(t, &games).await?;
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
        let mut text = t!(
            "tournament-won",
            id = format!("#{}", t.id),
            game = t.settings.game.title(),
            winners = Text::new().list(winners.iter().map(|e| Text::new().mention(e.user, &e.name)))
        );
        if let Some(role) = t.settings.winner_role {
            text = text.plain(" ").then(t!("tournament-role-given", role = Text::new().role(role)));
        }
        let mut notices = vec![
            Notice::Post { channel: t.settings.channel, reply: over },
            Notice::Post { channel: t.settings.channel, reply: Reply::public(text) },
        ];
        notices.extend(t.settings.winner_role.into_iter().flat_map(|role| {
            winners.iter().map(move |e| Notice::GiveRole {
                guild: t.settings.guild,
                user: e.user,
                role,
                channel: t.settings.channel,
                refused: Reply::public(t!(
                    "tournament-role-refused",
                    role = Text::new().role(role),
                    player = Text::new().name(&e.name)
                )),
            })
        }));
        Ok(notices)
    }

    /// The public language of a tournament's channel.
    async fn public_lang_of(&self, t: &TournamentRow) -> crate::i18n::Lang {
        let code = self.public_language(Some(t.settings.guild)).await;
        crate::i18n::public_lang(code.as_deref(), None)
    }

    /// Ends the game of `session` if it is still being played, as `ending` says from its stored row and the
    /// tournament's points for it by the game's seats (`settled`'s points are by the tournament's seats, its
    /// users): no move, offer or resignation is taken in it afterwards, its channel is told (an announcement),
    /// and its history and ratings follow. A game already over is left as it ended.
    pub(super) async fn end_tournament_game(
        &self,
        session: i64,
        settled: &TournamentGameRow,
        ending: impl FnOnce(&crate::store::SessionRow, &[u32]) -> crate::store::Ending,
    ) -> Result<(), StoreError> {
        let Some(row) = self.store.session(session).await? else { return Ok(()) };
        if row.state != SessionState::Playing {
            return Ok(());
        }
        let channel = row.channel;
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        if let Err(super::super::Failure::Store(e)) = self.load(channel, &mut slot).await {
            return Err(e);
        }
        let super::super::Slot::Open(live) = &mut *slot else { return Ok(()) };
        let Some(game) = live.game.clone() else { return Ok(()) };
        if live.row.id != session || live.row.state != SessionState::Playing {
            return Ok(());
        }
        let points = settled.points.clone().unwrap_or_default();
        let by_seat: Vec<u32> = live
            .row
            .players
            .iter()
            .map(|p| {
                let at = settled.seats.iter().position(|&u| u == p.id);
                at.and_then(|i| points.get(i)).copied().unwrap_or(0)
            })
            .collect();
        let ending = ending(&live.row, &by_seat);
        let said = super::super::endings::how(&live.row.players, Some(&game), &ending);
        let reply = self.end(&mut slot, game, said, ending).await?;
        self.announce(channel, reply);
        Ok(())
    }

    /// The points of a game whose session is `session`, once it is over: by its places when it finished, a
    /// forfeit (no points) when it was aborted or never moved; at the round's time, a game still played counts
    /// as a draw for the tournament.
    async fn decided(
        &self,
        session: i64,
        g: &TournamentGameRow,
        overdue: bool,
    ) -> Result<Option<Decided>, StoreError> {
        let Some(record) = self.store.session(session).await? else { return Ok(None) };
        let seats = g.seats.len();
        let played = record.moves.len() >= seats;
        let game = AnyGame::replay(record.game, &record.setup, &record.moves).ok();
        // Seats of the session are the game's; the tournament's row names them by user.
        let by_user = |of_seat: &dyn Fn(usize) -> i64| -> Vec<i64> {
            g.seats
                .iter()
                .map(|u| record.players.iter().position(|p| p.id == *u).map_or(0, of_seat))
                .collect()
        };
        let scores = game.as_ref().and_then(AnyGame::scores).map(|s| by_user(&|seat| i64::from(s[seat])));
        if record.state.is_open() {
            // A draw among all the seats: half a win against each other player.
            let draw = Decided { points: points_of(&vec![1; seats]), scores, over_the_board: played };
            return Ok(overdue.then_some(draw));
        }
        let places = super::super::endings::stored_places(&record);
        let Some(places) = places else { return Ok(Some(Decided::forfeit(seats))) };
        let points = points_of(&places);
        let points = by_user(&|seat| i64::from(points[seat])).into_iter().map(|p| p as u32).collect();
        // A game nobody moved in (lost on time before a move) is a forfeit: it counts, but not for sides.
        Ok(Some(Decided { points, scores, over_the_board: played }))
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
                // The round may be over now: the round task looks at once.
                self.poke_clocks();
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
            ending: None,
            created_at: now,
            expires_at: now,
            message: None,
            rated: new.rated,
            hinted: false,
        };
        let clock = ClockRow::first_turn(id, per_move, now);
        let mut live = Live { row: record, game: Some(game.clone()), clock: Some(clock), offer: None };
        self.start_turn(&mut live, &game).await;
        let intro = t!(
            "tournament-game-starts",
            id = format!("#{}", t.id),
            round = row.round,
            players = Text::new().list(live.row.players.iter().map(|p| Text::new().mention(p.id, &p.name)))
        );
        let text = intro.line().then(messages::begins(&live, &game));
        let board = BoardPicture { game: game.clone(), names: live.names(), id, ended: None };
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
