//! Clocks per move: the time each player has, the deadline of the player to move (a row in the store), the two
//! reminders, and what happens when the time runs out. One background task per adapter asks [`Sessions::next_wake`]
//! when to wake and [`Sessions::settle_clocks`] what is due; everything it settles is checked against the store,
//! so after a restart what expired meanwhile is settled exactly once and no reminder goes out twice.

use std::fmt;
use std::str::FromStr;

use crate::games::AnyGame;
use crate::store::{ClockRow, SessionState, StoreError};

use super::text::Text;
use super::{Live, Reply, Sessions, Slot, messages};
use crate::t;

/// The time each player has per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockChoice {
    TenMinutes,
    OneHour,
    OneDay,
    ThreeDays,
    SevenDays,
    /// No clock: only between players who agree to it.
    Unlimited,
}

impl ClockChoice {
    pub(crate) const ALL: [ClockChoice; 6] = [
        ClockChoice::TenMinutes,
        ClockChoice::OneHour,
        ClockChoice::OneDay,
        ClockChoice::ThreeDays,
        ClockChoice::SevenDays,
        ClockChoice::Unlimited,
    ];

    /// How it is written in `/play clock:<name>` and in the config.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ClockChoice::TenMinutes => "10m",
            ClockChoice::OneHour => "1h",
            ClockChoice::OneDay => "1d",
            ClockChoice::ThreeDays => "3d",
            ClockChoice::SevenDays => "7d",
            ClockChoice::Unlimited => "none",
        }
    }

    /// Seconds per move, or `None` without a clock.
    pub(crate) fn seconds(self) -> Option<i64> {
        Some(match self {
            ClockChoice::TenMinutes => 10 * 60,
            ClockChoice::OneHour => 3_600,
            ClockChoice::OneDay => 86_400,
            ClockChoice::ThreeDays => 3 * 86_400,
            ClockChoice::SevenDays => 7 * 86_400,
            ClockChoice::Unlimited => return None,
        })
    }

    /// The names, for error sentences: "10m, 1h, 1d, 3d, 7d or none".
    pub fn names() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|c| c.name()).collect();
        let (last, rest) = names.split_last().expect("choices");
        format!("{} or {last}", rest.join(", "))
    }
}

impl fmt::Display for ClockChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ClockChoice {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let s = s.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|c| c.name() == s).ok_or(())
    }
}

/// A duration as players read it: "2 d 4 h", "3 h 20 min", "12 min", "less than a minute".
pub fn duration(seconds: i64) -> Text {
    let s = seconds.max(0);
    let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    match (d, h, m) {
        (0, 0, 0) => Text::new().key("duration-none"),
        (0, 0, m) => t!("duration-m", minutes = m),
        (0, h, 0) => t!("duration-h", hours = h),
        (0, h, m) => t!("duration-hm", hours = h, minutes = m),
        (d, 0, _) => t!("duration-d", days = d),
        (d, h, _) => t!("duration-dh", days = d, hours = h),
    }
}

/// Reads a duration for the console's `/wait`: `45m`, `3d`, `1h30m`, `90s`.
pub fn parse_duration(text: &str) -> Option<i64> {
    let text = text.trim().to_ascii_lowercase();
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut any = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3_600,
            'd' => 86_400,
            'w' => 7 * 86_400,
            _ => return None,
        };
        let n: i64 = number.parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
        number.clear();
        any = true;
    }
    (number.is_empty() && any).then_some(total)
}

/// When the reminders of a turn are due: (half time, less than a tenth left), the second `None` when it would not
/// come after the first (short clocks).
fn reminder_times(clock: &ClockRow) -> Option<(i64, Option<i64>)> {
    let (per_move, deadline) = (clock.per_move?, clock.deadline?);
    let half = clock.turn_started + per_move / 2;
    // Less than a tenth left, and at least ten minutes before the deadline.
    let tenth = deadline - (per_move / 10).max(600);
    Some((half, (tenth > half).then_some(tenth)))
}

/// The next time something is due in a turn that has had `reminded` reminders.
fn next_at(clock: &ClockRow, reminded: u8) -> Option<i64> {
    let deadline = clock.deadline?;
    let (half, tenth) = reminder_times(clock)?;
    Some(match (reminded, tenth) {
        (0, _) => half,
        (1, Some(tenth)) => tenth,
        _ => deadline,
    })
}

/// Something the background task hands to the adapter.
#[derive(Clone, Debug)]
pub enum Notice {
    /// A public message in a channel (a reminder, a timeout); the computer may be to move afterwards.
    Post { channel: u64, reply: Reply },
    /// A reminder for a member who asked for direct messages; `fallback` is posted in the channel when the
    /// platform refuses the direct message.
    Direct { user: u64, channel: u64, text: Text, fallback: Reply },
    /// A member's daily digest, already in their language, by direct message (nowhere else when refused).
    Digest { user: u64, text: Text },
    /// A game thread whose game ended a while ago: archive it.
    Archive { channel: u64 },
    /// A tournament game to start: open a thread named `title` under `parent` (the console names it `slug`),
    /// then hand it to [`Sessions::start_tournament_game`], whose notices say what to post.
    OpenGame { parent: u64, title: String, slug: String, board: super::tournaments::TournamentBoard },
    /// A tournament's winner is given the role its organiser chose; when the platform refuses (the bot may not
    /// manage roles, or the role is above its own), `refused` is posted in `channel`.
    GiveRole { guild: u64, user: u64, role: u64, channel: u64, refused: Reply },
}

impl Sessions {
    /// The current time of the session layer's clock (seconds since the Unix epoch).
    pub fn now_secs(&self) -> i64 {
        self.now()
    }

    /// The earliest time (on the session layer's clock) something is due: a reminder, a deadline, an archive;
    /// `Ok(None)` when nothing is, `Err(())` when the store could not say (logged; look again soon).
    pub async fn next_wake(&self) -> Result<Option<i64>, ()> {
        let due = self
            .store
            .next_wake()
            .await
            .map_err(|e| tracing::error!(error = %e, "cannot read the next deadline"))?;
        Ok([due, self.next_daily().await, self.next_digest().await].into_iter().flatten().min())
    }

    /// Wakes the background task: a deadline may have moved closer (a new turn), or the test clock moved.
    pub fn poke_clocks(&self) {
        self.clock_changed.notify_one();
    }

    /// Resolves when [`Sessions::poke_clocks`] was called (at most one wake-up is kept).
    pub async fn clocks_changed(&self) {
        self.clock_changed.notified().await;
    }

    /// A fresh clock for the turn at move `ply` of `game`: the deadline runs only when a person is to move.
    pub(super) fn turn_clock(&self, live: &Live, game: &AnyGame, ply: usize) -> Option<ClockRow> {
        let clock = live.clock.as_ref()?;
        let now = self.now();
        let human = game.to_move().and_then(|s| live.row.players.get(s)).is_some_and(|p| p.level.is_none());
        let deadline = clock.per_move.filter(|_| human).map(|per| now + per);
        let mut fresh = ClockRow {
            session: live.row.id,
            per_move: clock.per_move,
            ply,
            turn_started: now,
            deadline,
            reminded: 0,
            next_at: None,
        };
        fresh.next_at = next_at(&fresh, 0);
        Some(fresh)
    }

    /// Starts the clock of the turn the game is at (after a start, a move, a takeback, a seat taken over). A
    /// failed write is logged, never a failed command: the background task repairs a clock left behind.
    pub(super) async fn start_turn(&self, live: &mut Live, game: &AnyGame) {
        let Some(clock) = self.turn_clock(live, game, live.row.moves.len()) else { return };
        if let Err(e) = self.store.put_clock(&clock).await {
            tracing::error!(session = live.row.id, error = %e, "cannot store the clock of a new turn");
        }
        live.clock = Some(clock);
        self.poke_clocks();
    }

    /// "alice to move, 2 d 4 h left" (or "no clock"), for the board picture and `/board`.
    pub(super) fn clock_caption(&self, live: &Live, game: &AnyGame) -> Option<Text> {
        let clock = live.clock.as_ref()?;
        let seat = game.to_move()?;
        let player = live.row.players.get(seat)?;
        let name = Text::new().player(player);
        if player.level.is_some() {
            return Some(t!("clock-to-move", player = name));
        }
        Some(match clock.deadline.filter(|_| clock.ply == live.row.moves.len()) {
            Some(deadline) => t!("clock-left", player = name, left = duration(deadline - self.now())),
            None if clock.per_move.is_none() => t!("clock-none", player = name),
            None => t!("clock-to-move", player = name),
        })
    }

    /// Settles every clock that is due (reminders and timeouts) and every thread whose archive time came, and
    /// says what to post. Each is decided under its channel's lock and written to the store before it is reported.
    pub async fn settle_clocks(&self) -> Vec<Notice> {
        let mut notices = Vec::new();
        let now = self.now();
        match self.store.due_clocks(now).await {
            Ok(due) => {
                for (session, channel) in due {
                    let slot = self.slot(channel);
                    let mut slot = slot.lock().await;
                    match self.settle_one(channel, session, &mut slot).await {
                        Ok(found) => {
                            if !found.is_empty() {
                                self.changed(channel);
                            }
                            notices.extend(found);
                        }
                        Err(e) => {
                            tracing::error!(channel, session, error = %e, "cannot settle a clock");
                            *slot = Slot::Unloaded;
                        }
                    }
                    if matches!(*slot, Slot::Free) {
                        self.game_ended(channel).await;
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list the clocks due"),
        }
        match self.store.due_archives(now).await {
            Ok(due) => {
                for channel in due {
                    if let Err(e) = self.store.archived(channel).await {
                        tracing::error!(channel, error = %e, "cannot mark a thread archived");
                        continue;
                    }
                    // A thread with a new game (a rematch) stays open.
                    if matches!(self.store.open_session(channel).await, Ok(None)) {
                        notices.push(Notice::Archive { channel });
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list the threads to archive"),
        }
        notices.extend(self.settle_tournaments().await);
        notices.extend(self.settle_daily().await);
        notices.extend(self.settle_digests().await);
        notices
    }

    /// When a channel's game has ended: a game thread is archived after the configured delay.
    pub(super) async fn game_ended(&self, channel: u64) {
        let at = self.now() + self.config.thread_archive.as_secs() as i64;
        if let Err(e) = self.store.schedule_archive(channel, at).await {
            tracing::warn!(channel, error = %e, "cannot schedule a thread's archiving");
        }
        self.poke_clocks();
    }

    async fn settle_one(
        &self,
        channel: u64,
        session: i64,
        slot: &mut Slot,
    ) -> Result<Vec<Notice>, StoreError> {
        if let Err(super::Failure::Store(e)) = self.load(channel, slot).await {
            return Err(e);
        }
        let Slot::Open(live) = slot else { return Ok(Vec::new()) };
        let (Some(game), Some(clock)) = (live.game.clone(), live.clock.clone()) else {
            return Ok(Vec::new());
        };
        if live.row.id != session || live.row.state != SessionState::Playing {
            return Ok(Vec::new());
        }
        let now = self.now();
        if clock.ply != live.row.moves.len() {
            // The move was stored but its clock was not (a crash in between): the turn starts now.
            self.start_turn(live, &game).await;
            return Ok(Vec::new());
        }
        let Some(deadline) = clock.deadline else {
            self.store.mark_reminded(session, clock.ply, clock.reminded, clock.reminded, None).await.ok();
            return Ok(Vec::new());
        };
        if now >= deadline {
            return self.time_out(slot, &game).await;
        }
        let Some((half, tenth)) = reminder_times(&clock) else { return Ok(Vec::new()) };
        let due = if tenth.is_some_and(|t| now >= t) { 2 } else { u8::from(now >= half) };
        if due <= clock.reminded {
            // Woken early (or already reminded): only the next time needs to be right.
            let next = next_at(&clock, clock.reminded);
            if next != clock.next_at {
                self.store.mark_reminded(session, clock.ply, clock.reminded, clock.reminded, next).await.ok();
            }
            return Ok(Vec::new());
        }
        match self.store.mark_reminded(session, clock.ply, clock.reminded, due, next_at(&clock, due)).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Ok(Vec::new()),
            Err(e) => return Err(e),
        }
        let mut updated = clock.clone();
        updated.reminded = due;
        updated.next_at = next_at(&clock, due);
        live.clock = Some(updated);
        Ok(vec![self.reminder(live, &game, deadline - now).await])
    }

    /// The reminder for the player to move: in the channel, or by direct message when they asked for it.
    async fn reminder(&self, live: &Live, game: &AnyGame, left: i64) -> Notice {
        let seat = game.to_move().unwrap_or(0);
        let player = &live.row.players[seat];
        let public = t!(
            "reminder",
            player = Text::new().mention(player.id, &player.name),
            game = live.row.game.title(),
            number = game.move_number(),
            seat = messages::seat(game, seat),
            left = duration(left)
        );
        let fallback = Reply::public(public.clone());
        let channel = live.row.channel;
        if self.store.notify_dm(player.id).await.unwrap_or(false) {
            let text = t!(
                "reminder-dm",
                game = live.row.game.title(),
                players = messages::vs_line(live),
                left = duration(left),
                channel = Text::new().channel(channel)
            );
            return Notice::Direct { user: player.id, channel, text, fallback };
        }
        Notice::Post { channel, reply: fallback }
    }

    /// The player to move ran out of time: they leave the game (see [`Sessions::leave`]).
    async fn time_out(&self, slot: &mut Slot, game: &AnyGame) -> Result<Vec<Notice>, StoreError> {
        let Slot::Open(live) = slot else { return Ok(Vec::new()) };
        let seat = game.to_move().unwrap_or(0);
        let per_move = live.clock.as_ref().and_then(|c| c.per_move).unwrap_or(0);
        let channel = live.row.channel;
        let reply = self.leave(slot, game, seat, super::endings::Leaving::TimedOut { per_move }).await?;
        Ok(vec![Notice::Post { channel, reply }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Durations are words with their plurals, in every language ("3 d" read as nothing in particular).
    #[test]
    fn durations_say_days_hours_and_minutes_with_plurals() {
        use crate::i18n::Lang;
        let says = |lang, seconds| duration(seconds).plain_in(lang);
        let (day, hour, minute) = (86_400, 3_600, 60);
        for (lang, expected) in [
            (Lang::En, ["1 day", "3 days", "1 day 1 hour", "1 minute", "2 hours 5 minutes"]),
            (Lang::PtBr, ["1 dia", "3 dias", "1 dia 1 hora", "1 minuto", "2 horas 5 minutos"]),
            (Lang::Cs, ["1 den", "3 dny", "1 den 1 hodina", "1 minuta", "2 hodiny 5 minut"]),
        ] {
            let got = [day, 3 * day, day + hour, minute, 2 * hour + 5 * minute].map(|s| says(lang, s));
            assert_eq!(got, expected.map(String::from), "{lang:?}");
        }
        assert_eq!(says(Lang::Cs, 7 * day), "7 dní");
    }

    #[test]
    fn durations_read_and_print() {
        assert_eq!(duration(2 * 86_400 + 4 * 3_600 + 59).to_plain(), "2 days 4 hours");
        assert_eq!(duration(3 * 3_600 + 20 * 60).to_plain(), "3 hours 20 minutes");
        assert_eq!(duration(3_600).to_plain(), "1 hour");
        assert_eq!(duration(12 * 60 + 5).to_plain(), "12 minutes");
        assert_eq!(duration(30).to_plain(), "less than a minute");
        assert_eq!(parse_duration("45m"), Some(2_700));
        assert_eq!(parse_duration("3d"), Some(3 * 86_400));
        assert_eq!(parse_duration("1h30m"), Some(5_400));
        assert_eq!(parse_duration("soon"), None);
        assert_eq!(parse_duration("45"), None);
        assert_eq!("3D".parse(), Ok(ClockChoice::ThreeDays));
        assert!("2d".parse::<ClockChoice>().is_err());
    }

    #[test]
    fn reminders_come_at_half_time_and_near_the_end() {
        let clock = |per: i64| ClockRow {
            session: 1,
            per_move: Some(per),
            ply: 0,
            turn_started: 0,
            deadline: Some(per),
            reminded: 0,
            next_at: None,
        };
        // 3 days: at 1.5 d, then with 7.2 h left.
        let c = clock(3 * 86_400);
        assert_eq!(reminder_times(&c), Some((129_600, Some(3 * 86_400 - 25_920))));
        assert_eq!(next_at(&c, 2), Some(3 * 86_400));
        // One hour: at 30 min, then 10 minutes before the end (a tenth would be 6 minutes).
        assert_eq!(reminder_times(&clock(3_600)), Some((1_800, Some(3_000))));
        // Ten minutes: only the half-time reminder.
        let c = clock(600);
        assert_eq!(reminder_times(&c), Some((300, None)));
        assert_eq!(next_at(&c, 1), Some(600));
    }
}
