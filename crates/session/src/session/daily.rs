//! The daily puzzle: a server may name a channel in `/settings` (`daily_channel:`, `daily_hour:`); each day at that
//! hour (UTC) the bot posts there the same puzzle for everyone, with a button to try it privately, and says who
//! solved the one before. The puzzles rotate through each game's tactics and the puzzles for one player that come
//! one a day (`games::solo`), and which puzzle a day has depends on the day alone, so every server posts the same.
//!
//! Each post is first written to the store (`daily_posts`, claiming the server's day so that one instance posts
//! it), naming the puzzle as attempts name it (kind and spec); the results are read from the attempts made in the
//! server since, as data: who finished, with what score. Nothing is read back from a message.

use std::sync::{LazyLock, PoisonError};

use crate::games::solo::{SoloMarks, date};
use crate::games::tactic::{Tactic, TacticRun, shipped};
use crate::games::{GameKind, solo::SoloInfo};
use crate::i18n::Lang;
use crate::store::{DailyPost, DailyServer, Fastest, TACTIC_KIND};
use crate::t;

use super::clocks::Notice;
use super::commands::Failure;
use super::component::{Action, ComponentId};
use super::engine_text;
use super::puzzles::{solo_named, solo_puzzles};
use super::reply::BoardPicture;
use super::text::Text;
use super::{Actor, Button, ButtonStyle, File, FileKind, Reply, Sessions};

/// The hour (UTC) a server's daily puzzle is posted at when it sets none.
pub(crate) const DEFAULT_HOUR: u8 = 12;

/// The most solvers a post names; the rest are counted.
const NAMED_SOLVERS: usize = 20;

const DAY: i64 = 86_400;

/// One puzzle of the rotation.
#[derive(Clone, Copy)]
enum Daily {
    /// A tactic of the game.
    Tactic(GameKind),
    /// A game's puzzle for one player that comes one a day.
    Solo(&'static SoloInfo),
}

/// The keys of each game's shipped tactics, in order (the daily puzzle picks among them).
static DAILY_TACTICS: LazyLock<Vec<(GameKind, Vec<String>)>> = LazyLock::new(|| {
    let tactics = shipped();
    GameKind::ALL
        .iter()
        .map(|&g| {
            let mut keys: Vec<String> = tactics.iter().filter(|t| t.game == g).map(Tactic::key).collect();
            keys.sort();
            (g, keys)
        })
        .filter(|(_, keys)| !keys.is_empty())
        .collect()
});

/// The rotation, in order: each game's tactics, then the puzzles of the day.
fn rotation() -> Vec<Daily> {
    let mut all: Vec<Daily> = DAILY_TACTICS.iter().map(|(g, _)| Daily::Tactic(*g)).collect();
    all.extend(solo_puzzles().filter(|(_, s)| s.sizes.is_none()).map(|(_, s)| Daily::Solo(s)));
    all
}

/// The day `now` falls in for a server posting at `hour`: days since the Unix epoch, each from that hour.
pub fn day_at(now: i64, hour: u8) -> i64 {
    (now - i64::from(hour) * 3_600).div_euclid(DAY)
}

/// When day `day` begins (its post is due) for a server posting at `hour`.
pub(super) fn day_start(day: i64, hour: u8) -> i64 {
    day * DAY + i64::from(hour) * 3_600
}

/// A well-spread number from a day (SplitMix64), so that neighbouring days pick far-apart tactics.
fn mix(day: i64) -> u64 {
    let mut z = (day as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The puzzle of `day`, as attempts name it (kind, spec): the same everywhere.
pub fn puzzle_of_day(day: i64) -> Option<(String, String)> {
    let rotation = rotation();
    let turn = day.rem_euclid(rotation.len().max(1) as i64);
    match rotation.get(turn as usize)? {
        Daily::Tactic(game) => {
            let (_, keys) = DAILY_TACTICS.iter().find(|(g, _)| g == game)?;
            let round = day.div_euclid(rotation.len() as i64);
            let key = keys.get((mix(round) % keys.len().max(1) as u64) as usize)?;
            Some((TACTIC_KIND.to_string(), key.clone()))
        }
        Daily::Solo(info) => Some((info.name.to_string(), date(day))),
    }
}

/// The hour a server posts at.
fn hour_of(server: &DailyServer) -> u8 {
    server.hour.unwrap_or(DEFAULT_HOUR)
}

/// The last day a server's puzzle is done for: its latest post, or the day its channel or hour was set in.
fn last_done(server: &DailyServer) -> i64 {
    let set = server.since.map(|t| day_at(t, hour_of(server)));
    server.last_day.max(set).unwrap_or(i64::MIN / 2)
}

/// Each member's best of `finished`, already best first.
fn best_each(finished: Vec<Fastest>) -> Vec<Fastest> {
    let mut seen = std::collections::HashSet::new();
    finished.into_iter().filter(|f| seen.insert(f.user)).collect()
}

impl Sessions {
    /// When the next daily puzzle is due in any server, if one is set.
    pub(super) async fn next_daily(&self) -> Option<i64> {
        let servers = match self.store.daily_servers().await {
            Ok(servers) => servers,
            Err(e) => {
                tracing::error!(error = %e, "cannot list the servers' daily puzzles");
                return None;
            }
        };
        servers.iter().map(|s| day_start(last_done(s) + 1, hour_of(s)).max(0)).min()
    }

    /// Posts the daily puzzle of every server whose hour came (only today's, after a pause of several days).
    pub(super) async fn settle_daily(&self) -> Vec<Notice> {
        let servers = match self.store.daily_servers().await {
            Ok(servers) => servers,
            Err(e) => {
                tracing::error!(error = %e, "cannot list the servers' daily puzzles");
                return Vec::new();
            }
        };
        let now = self.now();
        let mut notices = Vec::new();
        for server in servers {
            let day = day_at(now, hour_of(&server));
            if day <= last_done(&server) {
                continue;
            }
            let Some((kind, spec)) = puzzle_of_day(day) else { continue };
            let post =
                DailyPost { guild: server.guild, day, channel: server.channel, kind, spec, posted_at: now };
            let before = self.store.daily_before(server.guild, day).await.unwrap_or_else(|e| {
                tracing::warn!(guild = server.guild, error = %e, "cannot read the last daily puzzle");
                None
            });
            match self.store.claim_daily(&post).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::error!(guild = server.guild, error = %e, "cannot record a daily puzzle");
                    continue;
                }
            }
            self.guilds.lock().unwrap_or_else(PoisonError::into_inner).insert(server.channel, server.guild);
            if let Ok(reply) = self.daily_reply(&post, before.as_ref()).await {
                notices.push(Notice::Post { channel: server.channel, reply });
            } else {
                tracing::error!(guild = server.guild, "cannot make a daily puzzle's post");
            }
        }
        notices
    }

    /// The language public messages of `guild` are drawn in (pictures are drawn before the adapter localizes).
    async fn guild_lang(&self, guild: u64) -> Lang {
        self.public_language(Some(guild)).await.map_or(Lang::En, |code| Lang::from_locale(&code))
    }

    /// A day's post: the puzzle (its goal and picture), a button to try it, and how the one before went.
    async fn daily_reply(&self, post: &DailyPost, before: Option<&DailyPost>) -> Result<Reply, Failure> {
        let lang = self.guild_lang(post.guild).await;
        let (title, goal, picture) = self.daily_puzzle(&post.kind, &post.spec, lang).await?;
        let mut text = t!("daily-post", date = date(post.day), puzzle = title, goal = goal);
        if let Some(before) = before {
            text = text.line().then(self.daily_results(before).await?);
        }
        let button = Button::new(
            Text::new().key("button-daily-try"),
            ComponentId::new(post.channel, Action::Daily { day: post.day }),
            ButtonStyle::Success,
        );
        let reply = Reply::public(text.line().then(Text::new().key("daily-how"))).with_buttons(vec![button]);
        Ok(match picture {
            Shown::Board(board) => reply.with_board(*board),
            Shown::File(file) => reply.with_file(file),
        })
    }

    /// The puzzle a daily post names: a stored tactic, or a game's puzzle for one player.
    async fn daily_named(&self, kind: &str, spec: &str) -> Result<Named, Failure> {
        if kind == TACTIC_KIND {
            return Ok(Named::Tactic(Box::new(self.tactic_body(spec).await?)));
        }
        let (game, info) =
            solo_named(kind).ok_or_else(|| super::tactics::corrupt(format!("no puzzle is named {kind}")))?;
        Ok(Named::Solo(game, info))
    }

    /// A daily puzzle's title ("Tablut tactic", "Tantrix Solitaire"), its goal, and its picture.
    async fn daily_puzzle(&self, kind: &str, spec: &str, lang: Lang) -> Result<(Text, Text, Shown), Failure> {
        let puzzle = self.daily_named(kind, spec).await?;
        let title = puzzle.title();
        match puzzle {
            Named::Tactic(tactic) => {
                let goal = engine_text::text(&tactic.describe());
                let run = TacticRun::new(*tactic, &[]).map_err(|e| super::tactics::corrupt(e.to_string()))?;
                let game = run.game();
                let names = (0..game.setup().seats).map(|s| Text::new().plain(game.seat_label(s))).collect();
                let board = BoardPicture { game: game.clone(), id: 0, names, ended: None };
                Ok((title, goal, Shown::Board(Box::new(board))))
            }
            Named::Solo(_, info) => {
                let puzzle =
                    (info.read)(spec, "").map_err(|_| super::tactics::corrupt(format!("{kind} {spec}")))?;
                let goal = engine_text::text(&puzzle.goal());
                let png = crate::render::drawn(move || {
                    let picture = puzzle.picture(&SoloMarks::default(), lang);
                    crate::render::png_with_caption(&picture, None, puzzle.palette())
                })
                .await
                .unwrap_or_default();
                let file = File { kind: FileKind::Picture, name: format!("daily-{spec}.png"), bytes: png };
                Ok((title, goal, Shown::File(file)))
            }
        }
    }

    /// How a day's puzzle went in its server: who solved it (their best score, for a puzzle that scores), of how
    /// many who finished it.
    async fn daily_results(&self, post: &DailyPost) -> Result<Text, Failure> {
        let finished = self
            .store
            .finished_attempts(post.guild, &post.kind, &post.spec, post.posted_at)
            .await
            .map_err(Failure::Read)?;
        let finished = best_each(finished);
        let tactic = post.kind == TACTIC_KIND;
        let solved: Vec<&Fastest> = finished.iter().filter(|f| !tactic || f.score == Some(1)).collect();
        let what = self.daily_named(&post.kind, &post.spec).await?.title();
        let day = date(post.day);
        if finished.is_empty() {
            return Ok(t!("daily-results-none", date = day, puzzle = what));
        }
        if solved.is_empty() {
            return Ok(t!("daily-results-unsolved", date = day, puzzle = what, tried = finished.len()));
        }
        let shown = &solved[..solved.len().min(NAMED_SOLVERS)];
        let mut names = Text::new().join(shown, ", ", |t, f| match f.score.filter(|_| !tactic) {
            Some(score) => {
                t.then(t!("daily-solver-score", player = Text::new().name(&f.name), score = score))
            }
            None => t.name(&f.name),
        });
        if solved.len() > shown.len() {
            names = names.then(t!("daily-more", count = solved.len() - shown.len()));
        }
        Ok(t!("daily-results", date = day, puzzle = what, solvers = names, tried = finished.len()))
    }

    /// The Try it button of day `day`'s post: that puzzle, for the member alone (what they did of it so far, when
    /// it is the one they work on).
    pub(crate) async fn daily_try(&self, channel: u64, actor: &Actor, day: i64) -> Result<Reply, Failure> {
        let posted = match actor.guild {
            Some(guild) => self.store.daily_post(guild, day).await.map_err(Failure::Read)?,
            None => None,
        };
        let Some((kind, spec)) = posted.map(|p| (p.kind, p.spec)).or_else(|| puzzle_of_day(day)) else {
            return Ok(Reply::private(Text::new().key("puzzle-gone")));
        };
        let open = self.store.open_attempt(actor.member.id).await.map_err(Failure::Read)?;
        let note = t!("daily-note", date = date(day));
        if kind == TACTIC_KIND {
            return match open.filter(|row| row.kind == kind && row.spec == spec) {
                Some(row) => self.open_tactic(channel, actor, row).await,
                None => self.start_tactic_key(channel, actor, &spec, note).await,
            };
        }
        let Some((_, info)) = solo_named(&kind) else {
            return Ok(Reply::private(Text::new().key("puzzle-gone")));
        };
        match open.filter(|row| row.kind == kind && row.spec == spec) {
            Some(_) => self.open_puzzle(channel, actor).await,
            None => self.start_solo(channel, actor, info, spec).await,
        }
    }
}

/// The puzzle a daily post names.
enum Named {
    Tactic(Box<Tactic>),
    Solo(GameKind, &'static SoloInfo),
}

impl Named {
    /// Its title: "Tablut tactic", "Tantrix Solitaire".
    fn title(&self) -> Text {
        match self {
            Named::Tactic(tactic) => t!("daily-tactic", game = tactic.game.title()),
            Named::Solo(game, info) => t!("daily-solo", game = game.title(), puzzle = info.title),
        }
    }
}

/// A daily puzzle's picture: a game's board, or a picture drawn already.
enum Shown {
    Board(Box<BoardPicture>),
    File(File),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_begins_at_its_servers_hour() {
        // 2027-01-15 08:00 UTC is still the 14th's day for a server posting at noon, and the 15th's at 6.
        let now = 1_800_000_000;
        assert_eq!(date(day_at(now, 12)), "2027-01-14");
        assert_eq!(date(day_at(now, 6)), "2027-01-15");
        assert_eq!(day_start(day_at(now, 12) + 1, 12), now + 4 * 3_600);
        assert_eq!(day_at(day_start(20_000, 23), 23), 20_000);
        assert_eq!(day_at(day_start(20_000, 23) - 1, 23), 19_999);
    }

    #[test]
    fn the_days_rotate_through_every_games_tactics_and_the_puzzles_of_the_day() {
        let rotation = rotation();
        let week: Vec<(String, String)> = (20_000..20_000 + 2 * rotation.len() as i64)
            .map(|d| puzzle_of_day(d).expect("a puzzle every day"))
            .collect();
        let tactics = shipped();
        let mut games: Vec<GameKind> = Vec::new();
        for (kind, spec) in &week[..rotation.len()] {
            if kind == TACTIC_KIND {
                let t = tactics.iter().find(|t| t.key() == *spec).expect("a shipped tactic");
                games.push(t.game);
            } else {
                assert!(solo_puzzles().any(|(_, s)| s.name == kind && s.sizes.is_none()), "{kind}");
                assert!(spec.starts_with("2024-") || spec.starts_with("2025-"), "the day's own: {spec}");
            }
        }
        assert_eq!(games, GameKind::ALL.to_vec(), "each game's tactic in turn");
        assert!(rotation.len() > GameKind::ALL.len(), "and a puzzle for one player");
        // The same day gives the same puzzle; the next round of the rotation another tactic.
        assert_eq!(puzzle_of_day(20_001), puzzle_of_day(20_001));
        assert_ne!(week[0], week[rotation.len()]);
    }

    #[test]
    fn a_server_is_due_after_its_last_post_or_the_day_it_was_set() {
        let server = |last_day, since| DailyServer { guild: 1, channel: 2, hour: Some(18), since, last_day };
        let set = day_start(100, 18) + 60;
        assert_eq!(last_done(&server(None, Some(set))), 100);
        assert_eq!(last_done(&server(Some(101), Some(set))), 101);
        assert_eq!(last_done(&server(Some(99), Some(set))), 100, "a new hour never posts twice a day");
        assert_eq!(hour_of(&DailyServer { hour: None, ..server(None, None) }), DEFAULT_HOUR);
    }
}
