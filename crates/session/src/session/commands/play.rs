//! `/play`: challenges members (or the bot itself) to a game in this channel.

use crate::games::{AnyGame, GameKind, Setup};
use crate::session::{
    Actor, DEFAULT_LEVEL, Live, MAX_SETUP_CHARS, Member, Reply, Sessions, SidePref, Slot, engine_text,
    messages,
};
use crate::store::{PlayerRow, SessionState};
use crate::t;

use super::super::clocks::ClockChoice;
use super::super::request::{
    OptionKind, read_bool, read_clock, read_level, read_member, read_side, read_switch, read_text,
};
use super::super::text::Text;
use super::{Args, Choice, Context, Declaration, Failure, Opt, Request, Run, game_option};

/// What a challenge says about the rules chosen with `variant:` (or `setup:`), so that nobody accepts without
/// knowing them: a named variant with what it changes (in `lang`, the language of public messages), or the
/// setup as typed; nothing for the game's default rules.
pub(super) fn rules_line(kind: GameKind, variant: &str, lang: crate::i18n::Lang) -> Text {
    let variant = variant.trim();
    if variant.is_empty() {
        return Text::new();
    }
    let info = kind.info();
    let name = variant.split(':').next().unwrap_or_default().to_ascii_lowercase();
    match info.variants.iter().find(|v| v.name == name) {
        Some(v) => t!(
            "challenge-variant",
            variant = Text::new().code(variant),
            summary = info.variant_summary(lang, v)
        ),
        None => t!("challenge-setup", setup = Text::new().code(crate::session::text::excerpt(variant))),
    }
}

/// The options that name the opponents: `opponent`, then `opponent2`… for the most seats any game has.
fn opponent_options() -> Vec<String> {
    let most_seats = GameKind::ALL.iter().map(|g| *g.seats().end()).max().unwrap_or(2);
    std::iter::once("opponent".to_string()).chain((2..most_seats).map(|n| format!("opponent{n}"))).collect()
}

pub fn declaration() -> Declaration {
    let (low, high) = (*crate::ai::LEVELS.start(), *crate::ai::LEVELS.end());
    let mut play = Declaration::new("play", parse).option(game_option().required());
    for (i, name) in opponent_options().into_iter().enumerate() {
        let opponent = Opt::new(name, OptionKind::User);
        play = play.option(if i == 0 { opponent.required() } else { opponent });
    }
    play.server_only = Some("play-in-dm");
    play.threads = true;
    play.option(
        Opt::new("side", OptionKind::Text)
            .choices(["first", "second", "random"].map(|v| Choice::message("side", v))),
    )
    .option(Opt::new("variant", OptionKind::Text).autocomplete())
    .option(Opt::new("setup", OptionKind::Text).console_only())
    .option(Opt::new("level", OptionKind::Integer).range(u64::from(low), Some(u64::from(high))))
    .option(Opt::new("rated", OptionKind::Boolean))
    .option(
        Opt::new("clock", OptionKind::Text)
            .choices(ClockChoice::ALL.iter().map(|c| Choice::message("clock", c.name()))),
    )
    .option(Opt::new("thread", OptionKind::Boolean))
}

fn parse(args: &Args<'_>) -> Result<Request, Text> {
    let game = super::required_game(args, |game| format!("/play game:{game} opponent:@someone"))?;
    let mut opponents = Vec::new();
    for key in opponent_options() {
        if let Some(value) = args.get(&key) {
            opponents.push(read_member(&key, value)?);
        }
    }
    let side = args.read("side", read_side)?.unwrap_or_default();
    let variant = args.read("variant", |v| read_text("variant", v))?;
    let setup = args.read("setup", |v| read_text("setup", v))?;
    let level = args.read("level", read_level)?;
    let rated = args.read("rated", |v| read_bool("rated", v))?.unwrap_or(true);
    let clock = args.read("clock", read_clock)?;
    let thread = args.read("thread", |v| read_switch("thread", v))?;
    Ok(Play { game, opponents, variant: variant.or(setup), side, level, rated, clock, thread }.into())
}

impl Run for Play {
    async fn run(self, cx: Context<'_>) -> Result<Reply, Failure> {
        cx.sessions.play(cx.channel, cx.actor, cx.slot, self).await
    }
}

/// `/play`: who is challenged to which game, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub game: GameKind,
    pub opponents: Vec<Member>,
    pub variant: Option<String>,
    pub side: SidePref,
    /// The AI level when the bot itself is challenged.
    pub level: Option<u8>,
    /// Whether the game counts for ratings (`rated:false` makes a friendly game).
    pub rated: bool,
    /// The time per move; `None` for the config's default.
    pub clock: Option<ClockChoice>,
    /// Whether to play in a new thread; `None` for the config's default.
    pub thread: Option<bool>,
}

impl Play {
    /// A rated challenge of `opponent` to `game` with every other choice left to its default, the challenger
    /// moving first.
    pub fn against(game: GameKind, opponent: Member) -> Play {
        Play {
            game,
            opponents: vec![opponent],
            variant: None,
            side: SidePref::First,
            level: None,
            rated: true,
            clock: None,
            thread: None,
        }
    }
}

/// A thread about to be opened for a `/play`.
pub struct NewThread {
    /// Its name ("Tablut: alice vs bob").
    pub title: String,
    /// The game to be played in it.
    pub game: GameKind,
}

impl Sessions {
    pub(super) async fn play(
        &self,
        channel: u64,
        actor: &Actor,
        slot: &mut Slot,
        play: Play,
    ) -> Result<Reply, Failure> {
        let Play { game: kind, opponents, variant, side, level, rated, clock, thread: _ } = play;
        if let Err(why) = self.check_channel(actor.guild, channel).await {
            return Ok(Reply::private(why));
        }
        if let Slot::Open(live) = slot {
            let what = match live.row.state {
                SessionState::Challenge => "challenge",
                _ => "game",
            };
            return Ok(Reply::private(t!(
                "channel-busy",
                what = what,
                game = live.row.game.title(),
                players = messages::vs_line(live)
            )));
        }
        if let Err(why) =
            self.check_play(actor, &opponents, level, variant.as_deref().unwrap_or_default(), kind)
        {
            return Ok(Reply::private(why));
        }
        let asked_level = level;
        let level = level.unwrap_or(DEFAULT_LEVEL);
        let variant = variant.unwrap_or_default();
        let seed: u64 = rand::random();
        let setup = Setup { variant: variant.trim().to_string(), seed, seats: opponents.len() + 1 };
        let preview = match AnyGame::new(kind, &setup) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::private(engine_text::refusal(&e))),
        };
        // In a two-player game "first" is the seat that moves first under the chosen rules (Ashton Tablut's
        // White, seat 1); with more players it is seat 0, and the game's own draw decides who starts.
        let first = if setup.seats == 2 { preview.to_move().unwrap_or(0) } else { 0 };
        let players = self.seat_players(&actor.member, &opponents, side, level, seed, first);
        let settings = self.server_settings(actor.guild).await;
        let per_move = clock.unwrap_or(self.default_clock(&settings)).seconds();
        let challenger = actor.member.clone();
        let mut rules = rules_line(kind, &setup.variant, actor.locales.public);
        if asked_level.is_some() && !opponents.iter().any(|o| Some(o.id) == self.bot_id()) {
            // A level is for games against the computer: say so rather than drop it silently.
            rules = rules.line().then(t!("level-not-used", level = level));
        }
        let text = |live: &Live, s: &Self| {
            let text = s.challenge_text(&challenger, &opponents, live, &preview, level);
            if rules == Text::new() { text } else { text.line().then(rules.clone()) }
        };
        self.open_challenge(channel, actor, slot, (kind, setup, players, per_move, rated), &preview, &text)
            .await
    }

    /// The checks of a `/play` that need no channel: who is challenged, the level, the variant.
    fn check_play(
        &self,
        actor: &Actor,
        opponents: &[Member],
        level: Option<u8>,
        variant: &str,
        kind: GameKind,
    ) -> Result<(), Text> {
        check_lineup(kind, &actor.member, opponents, self.bot_id())?;
        let level = level.unwrap_or(DEFAULT_LEVEL);
        if !crate::ai::LEVELS.contains(&level) {
            return Err(t!("no-level", level = level));
        }
        if variant.chars().count() > MAX_SETUP_CHARS {
            return Err(t!("not-a-variant", typed = Text::new().typed(variant), game = kind.title()));
        }
        let setup = Setup { variant: variant.trim().to_string(), seed: 0, seats: opponents.len() + 1 };
        let game = AnyGame::new(kind, &setup).map_err(|e| engine_text::refusal(&e))?;
        match game.outcome() {
            // A position given with `setup:` where the game is already over leaves nothing to play.
            Some(outcome) => Err(t!("setup-over", reason = engine_text::text(&outcome.reason))),
            None => Ok(()),
        }
    }

    /// Whether a `/play` request starts its game in a new thread (its `thread` option, else the server's
    /// setting, else the config).
    pub async fn wants_thread(&self, actor: &Actor, request: &Request) -> bool {
        let Request::Play(Play { thread, .. }) = request else { return false };
        match thread {
            Some(thread) => *thread,
            None => self.games_in_threads(&self.server_settings(actor.guild).await),
        }
    }

    /// Before a thread is opened under `channel` for a `/play`: checks the request as far as it can without the
    /// thread, and names the thread ("Tablut: alice vs bob"); or the private reply saying what is wrong.
    pub async fn prepare_thread(
        &self,
        channel: u64,
        actor: &Actor,
        request: &Request,
    ) -> Result<NewThread, Text> {
        let Request::Play(Play { game, opponents, variant, level, .. }) = request else {
            return Err(Text::new().key("thread-only-play"));
        };
        self.check_channel(actor.guild, channel).await?;
        self.check_play(actor, opponents, *level, variant.as_deref().unwrap_or_default(), *game)?;
        let names: Vec<&str> = std::iter::once(actor.member.name.as_str())
            .chain(opponents.iter().map(|o| o.name.as_str()))
            .collect();
        let title = crate::text::cut(&format!("{}: {}", game.title(), names.join(" vs ")), 100);
        Ok(NewThread { title, game: *game })
    }

    /// The players of a new session in seat order: the challenger where they asked to sit (or by lot), the bot
    /// (accepted at once, at its level) wherever it was named.
    fn seat_players(
        &self,
        challenger: &Member,
        opponents: &[Member],
        side: SidePref,
        level: u8,
        seed: u64,
        first: usize,
    ) -> Vec<PlayerRow> {
        let mut players: Vec<PlayerRow> = std::iter::once(challenger)
            .chain(opponents.iter())
            .map(|m| {
                let ai = Some(m.id) == self.bot_id();
                PlayerRow {
                    id: m.id,
                    name: if ai { crate::session::text::ai_name(level) } else { m.name.clone() },
                    accepted: ai || m.id == challenger.id,
                    abandoned: false,
                    left: None,
                    level: ai.then_some(level),
                }
            })
            .collect();
        let challenger_first = match side {
            SidePref::First => true,
            SidePref::Second => false,
            SidePref::Random => seed & 1 == 0,
        };
        if players.len() == 2 {
            // The challenger takes the seat that moves first, or the other one.
            let seat = if challenger_first { first } else { 1 - first.min(1) };
            if seat == 1 {
                players.swap(0, 1);
            }
        } else if !challenger_first {
            players.rotate_left(1);
        }
        players
    }

    /// The public text of a new challenge: who challenges whom, who plays what, and how to answer.
    fn challenge_text(
        &self,
        challenger: &Member,
        opponents: &[Member],
        live: &Live,
        preview: &AnyGame,
        level: u8,
    ) -> Text {
        let opponents = Text::new().list(opponents.iter().map(|o| {
            if Some(o.id) == self.bot_id() {
                Text::new().computer(level)
            } else {
                Text::new().mention(o.id, &o.name)
            }
        }));
        let mut text = t!(
            "challenges",
            player = Text::new().strong_name(&challenger.name),
            opponents = opponents,
            game = Text::new().strong(live.row.game.title()),
            id = format!("#{}", live.row.id),
            rated = if live.row.rated { "yes" } else { "no" }
        );
        for (seat, p) in live.row.players.iter().enumerate() {
            let plays =
                t!("lineup-plays", player = Text::new().player(p), seat = messages::seat(preview, seat));
            text = text.line().plain("- ").then(plays);
        }
        text.line().then(Self::clock_sentence(live)).plain(" ").then(Self::answer_within(live))
    }
}

/// Checks who is challenged: the right number of people, no bots, nobody twice, not oneself.
fn check_lineup(
    kind: GameKind,
    challenger: &Member,
    opponents: &[Member],
    bot: Option<u64>,
) -> Result<(), Text> {
    let seats = kind.seats();
    if !seats.contains(&(opponents.len() + 1)) {
        return Err(if *seats.end() == 2 {
            t!("two-players", game = kind.title())
        } else {
            t!(
                "players-range",
                game = kind.title(),
                min = *seats.start(),
                max = *seats.end(),
                opponents = seats.end() - 1
            )
        });
    }
    if let Some(o) = opponents.iter().find(|o| o.bot && Some(o.id) != bot) {
        return Err(t!("opponent-bot", player = Text::new().name(&o.name)));
    }
    if opponents.iter().any(|o| o.id == challenger.id) {
        return Err(Text::new().key("challenge-self"));
    }
    for (i, o) in opponents.iter().enumerate() {
        // The bot may fill several seats (Tantrix); a person only one.
        if Some(o.id) != bot && opponents[..i].iter().any(|p| p.id == o.id) {
            return Err(t!("opponent-twice", player = Text::new().name(&o.name)));
        }
    }
    Ok(())
}
