//! The requests, one module each: a slash command's module holds its declaration (name, options, what it needs),
//! how its options are read, its request type, and how that runs ([`Run`]); a button's request (a rematch, an
//! offer's answer, the request to abort) and the analysis `/game` asks for are modules of their own too, without
//! a declaration. One list below names them all, and generates [`Request`] (a variant per module), the
//! declarations' list and the dispatch: [`Sessions::handle`] decides locking from the request type and runs it,
//! and one function turns any [`Failure`] into the sentence a user sees. What several requests share stays in the
//! session modules that say who shares it (`session::challenges`, `session::turns`, `session::offers`,
//! `session::buttons`). Every adapter reads the same declarations: the Discord adapter registers each one
//! (`discord::commands`), the console and the Discord adapter read options with [`parse_request`], and `/help`
//! names them all.
//!
//! # Adding a command
//!
//! 1. Write its module, `crates/session/src/session/commands/<name>.rs`: its request type (`pub struct <Name>`, the options
//!    read), `declaration()` (its options, whether it needs a server, whether it is slow), `parse` (options → the
//!    request type, `.into()` a [`Request`]), and `impl Run for <Name>` (whether it locks its channel, the buttons
//!    it reads, and its `run`, returning `Result<Reply, Failure>`).
//! 2. Add its `mod` line and one line, `<name> => <Name>,`, to the list below (under `commands`; a request without
//!    a slash command goes under `others` and needs no declaration).
//! 3. Write its Fluent messages in every language (`assets/locales/*/commands.ftl`: `cmd-<name>` and
//!    `opt-<name>-<option>`; `choice-…` for translated choices) and mention it in the `help` message.
//!
//! The test `commands::adding_a_command_touches_only_its_module` checks that every declared command is registered
//! on Discord, read by the console and listed in `/help`; that no code outside this folder types a command; and
//! that each request's type is defined in its module and named nowhere else but in the list.

use std::sync::LazyLock;

use futures_core::future::BoxFuture;

use crate::games::GameKind;
use crate::metrics::Handled;

use crate::store::StoreError;

use super::request::{OptionKind, OptionValue};
use super::text::{Text, excerpt};
use super::{Actor, Reply, Sessions, Slot};
use crate::t;

/// Generates, from the one list of requests, the [`Request`] enum (a variant per module, holding the module's
/// request type), the list of declarations, and the dispatch of [`Run`]'s items.
macro_rules! requests {
    (
        commands { $($command:ident => $Command:ident,)* }
        others { $($other:ident => $Other:ident,)* }
    ) => {
        /// Every command's declaration, in the list's order.
        const COMMANDS: &[fn() -> Declaration] = &[$($command::declaration,)*];

        requests!(@all $($command => $Command,)* $($other => $Other,)*);
    };
    (@all $($module:ident => $Type:ident,)*) => {
        pub use self::{$($module::$Type,)*};

        /// A request, already read from a command's options or a button's id: a variant per module of
        /// [`crate::session::commands`], holding that module's request type.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Request {
            $($Type($module::$Type),)*
        }

        $(impl From<$module::$Type> for Request {
            fn from(request: $module::$Type) -> Self {
                Request::$Type(request)
            }
        })*

        impl Request {
            /// Each request's module and type, as the list names them.
            pub const LIST: &[(&str, &str)] = &[$((stringify!($module), stringify!($Type)),)*];

            /// Its module's name, as the metrics label it (`move`, not `move_`).
            pub fn name(&self) -> &'static str {
                match self {
                    $(Request::$Type(_) => stringify!($module).trim_end_matches('_'),)*
                }
            }

            /// Whether it runs under its channel's lock ([`Run::LOCKS_CHANNEL`]).
            fn locks_channel(&self) -> bool {
                match self {
                    $(Request::$Type(_) => <$module::$Type as Run>::LOCKS_CHANNEL,)*
                }
            }

            /// Whether its public answer is a new message rather than an edit of the message whose button asked
            /// for it.
            pub fn new_message(&self) -> bool {
                match self {
                    $(Request::$Type(_) => <$module::$Type as Run>::NEW_MESSAGE,)*
                }
            }

            /// Whether it may take longer than Discord's three seconds ([`Run::slow`]): adapters acknowledge it
            /// first.
            pub fn slow(&self) -> bool {
                match self {
                    $(Request::$Type(request) => request.slow(),)*
                }
            }

            /// Runs it ([`Run::run`]); `slot` is the channel's, loaded, when it locks the channel.
            async fn run(
                self,
                sessions: &Sessions,
                channel: u64,
                actor: &Actor,
                slot: &mut Slot,
            ) -> Result<Reply, Failure> {
                match self {
                    $(Request::$Type(request) => request.run(Context { sessions, channel, actor, slot }).await,)*
                }
            }
        }
    };
}

mod abort;
mod accept;
mod analysis;
mod answer;
mod ask_abort;
mod board;
mod daily_try;
mod decline;
mod draw;
mod forget;
pub(super) mod game;
pub(super) mod games_;
mod help;
mod hint;
mod history;
mod leaderboard;
pub(super) mod move_;
mod notify;
mod pick;
mod play;
mod privacy;
pub(super) mod puzzle;
mod puzzle_press;
mod rating;
mod rematch;
mod resign;
mod settings;
mod takeback;
mod tournament;
mod tournament_signup;
mod web_link;
mod withdraw;

// The one list of requests: a line per module (`module => Type`, the request type the module defines and
// [`Request`]'s variant for it). First the commands, in the order `/help`'s error lists them; then the requests
// that no slash command names (buttons' requests, and the analysis `/game` asks for).
requests! {
    commands {
        play => Play,
        accept => Accept,
        decline => Decline,
        withdraw => Withdraw,
        move_ => PlayMove,
        board => ShowBoard,
        resign => Resign,
        abort => Abort,
        help => Help,
        history => History,
        rating => ShowRating,
        leaderboard => ShowLeaderboard,
        draw => Draw,
        takeback => Takeback,
        notify => Notify,
        game => ShowGame,
        hint => Hint,
        settings => Settings,
        tournament => Tournament,
        privacy => Privacy,
        puzzle => Puzzle,
        games_ => MyGames,
    }
    others {
        analysis => Analyse,
        answer => Answer,
        ask_abort => AskAbort,
        daily_try => DailyTry,
        pick => Pick,
        puzzle_press => PuzzlePress,
        forget => Forget,
        rematch => Rematch,
        tournament_signup => TournamentSignup,
        web_link => WebLink,
    }
}

/// What a request does; each module implements it for its own request type, and [`Request`] dispatches to it.
pub(crate) trait Run: Sized {
    /// Whether it runs under its channel's lock, with the channel's session loaded into `slot`: the commands that
    /// change or show the channel's session do; lookups, records, preferences and the coach (which locks only
    /// around its reads) do not, and get an unloaded `slot`.
    const LOCKS_CHANNEL: bool = true;

    /// Whether its public answer is a new message rather than an edit of the message whose button asked for it
    /// (a rematch, the request to abort).
    const NEW_MESSAGE: bool = false;

    /// Whether this request may take longer than Discord's three seconds (a search): a command's declaration says
    /// it for the command; a button's request says it here.
    fn slow(&self) -> bool {
        false
    }

    /// Runs it: in `cx.channel`, for `cx.actor`.
    fn run(self, cx: Context<'_>) -> impl Future<Output = Result<Reply, Failure>> + Send;
}

/// Where and for whom a request runs.
pub(crate) struct Context<'a> {
    pub(super) sessions: &'a Sessions,
    pub(super) channel: u64,
    pub(super) actor: &'a Actor,
    /// The channel's session: loaded when the request locks the channel ([`Run::LOCKS_CHANNEL`]), else unloaded.
    pub(super) slot: &'a mut Slot,
}

/// A command as every adapter sees it.
pub struct Declaration {
    /// The name typed after `/` (lowercase ASCII, at most 32 characters, as Discord requires).
    pub name: &'static str,
    /// Its options, in order; the first one is what a bare word means in the console.
    pub options: Vec<Opt>,
    /// The message key of the refusal when it comes from outside a server (a direct message), if it needs one.
    pub(crate) server_only: Option<&'static str>,
    /// Shown only to members who may manage the server (Discord hides it from the others, and in direct
    /// messages).
    pub managers: bool,
    /// It may take longer than Discord's three seconds to answer: adapters defer their answer first.
    pub slow: bool,
    /// It may start its game in a thread of its own, which adapters open first (`Sessions::wants_thread` says
    /// whether this request does, `Sessions::prepare_thread` names the thread).
    pub threads: bool,
    /// How its options (already checked against [`Declaration::options`]) become a request.
    read: Reader,
}

/// How a command's options become a request.
enum Reader {
    Options(fn(&Args<'_>) -> Result<Request, Text>),
    /// A command without options always asks for the same.
    Always(Request),
}

impl Declaration {
    /// A command whose options `parse` reads.
    fn new(name: &'static str, parse: fn(&Args<'_>) -> Result<Request, Text>) -> Self {
        Self::with_reader(name, Reader::Options(parse))
    }

    /// A command without options, which always asks for `request`.
    fn without_options(name: &'static str, request: Request) -> Self {
        Self::with_reader(name, Reader::Always(request))
    }

    fn with_reader(name: &'static str, read: Reader) -> Self {
        Declaration {
            name,
            options: Vec::new(),
            server_only: None,
            managers: false,
            slow: false,
            threads: false,
            read,
        }
    }

    fn option(mut self, option: Opt) -> Self {
        self.options.push(option);
        self
    }

    /// The option named `name`, if the command has one.
    pub(crate) fn find_option(&self, name: &str) -> Option<&Opt> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// One option of a command.
pub struct Opt {
    pub name: String,
    pub kind: OptionKind,
    pub required: bool,
    /// Discord asks the bot for suggestions while it is typed.
    pub autocomplete: bool,
    /// The values it takes, when it takes only some (shown as a list on Discord).
    pub choices: Vec<Choice>,
    /// The range of an integer option.
    pub min: Option<u64>,
    pub max: Option<u64>,
    /// Read by the console only (another name for an option Discord has), not registered on Discord.
    pub console_only: bool,
}

impl Opt {
    fn new(name: impl Into<String>, kind: OptionKind) -> Self {
        Opt {
            name: name.into(),
            kind,
            required: false,
            autocomplete: false,
            choices: Vec::new(),
            min: None,
            max: None,
            console_only: false,
        }
    }

    fn required(mut self) -> Self {
        self.required = true;
        self
    }

    fn autocomplete(mut self) -> Self {
        self.autocomplete = true;
        self
    }

    fn choices(mut self, choices: impl IntoIterator<Item = Choice>) -> Self {
        self.choices.extend(choices);
        self
    }

    fn range(mut self, min: u64, max: Option<u64>) -> Self {
        self.min = Some(min);
        self.max = max;
        self
    }

    fn console_only(mut self) -> Self {
        self.console_only = true;
        self
    }
}

/// A value an option takes, with the name shown for it.
pub struct Choice {
    pub value: String,
    pub label: Label,
}

/// How a choice is shown.
pub enum Label {
    /// The same in every language (a game's title, a language's own name).
    Plain(String),
    /// Fluent message `key`, translated.
    Message(String),
}

impl Choice {
    fn plain(label: impl Into<String>, value: impl Into<String>) -> Self {
        Choice { value: value.into(), label: Label::Plain(label.into()) }
    }

    /// A choice shown as message `choice-<group>-<value>`.
    fn message(group: &str, value: impl Into<String>) -> Self {
        let value = value.into();
        Choice { label: Label::Message(format!("choice-{group}-{value}")), value }
    }
}

/// The `game` option: one choice per game of the registry.
fn game_option() -> Opt {
    Opt::new("game", OptionKind::Text)
        .choices(GameKind::ALL.iter().map(|g| Choice::plain(g.title(), g.name())))
}

static DECLARATIONS: LazyLock<Vec<Declaration>> = LazyLock::new(|| COMMANDS.iter().map(|d| d()).collect());

/// Every command's declaration, in the order of the list.
pub fn declarations() -> &'static [Declaration] {
    &DECLARATIONS
}

/// The declaration of command `name`.
pub fn declaration(name: &str) -> Option<&'static Declaration> {
    declarations().iter().find(|d| d.name == name)
}

/// The names of the commands, in the order help lists them.
pub(crate) fn command_names() -> impl Iterator<Item = &'static str> {
    declarations().iter().map(|d| d.name)
}

/// The kind of value `option` of `command` takes, if the command has such an option.
pub fn option_kind(command: &str, option: &str) -> Option<OptionKind> {
    Some(declaration(command)?.find_option(option)?.kind)
}

/// The option a bare value stands for (`/move e8-d8`, `/play tablut`, `/help tzaar`).
pub fn main_option(command: &str) -> Option<&'static str> {
    declaration(command)?.options.first().map(|o| o.name.as_str())
}

/// The sentence for a command nobody declared: "There is no /dance command: try /play, …".
pub fn no_such_command(command: &str) -> Text {
    let list: Vec<String> = command_names().map(|c| format!("/{c}")).collect();
    t!("no-such-command", command = excerpt(command), commands = list.join(", "))
}

/// What a command needs beyond its options: the refusal when it needs a server and comes from elsewhere.
pub fn refusal(command: &str, in_server: bool) -> Option<Text> {
    let key = declaration(command)?.server_only.filter(|_| !in_server)?;
    Some(Text::new().key(key))
}

/// A command's options, checked against its declaration, as its parser reads them.
pub(super) struct Args<'a> {
    options: Vec<(&'a str, &'a OptionValue)>,
}

impl<'a> Args<'a> {
    /// The value of option `name`, if given.
    fn get(&self, name: &str) -> Option<&'a OptionValue> {
        self.options.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// Reads option `name` with `read`, if given.
    fn read<T>(
        &self,
        name: &str,
        read: impl FnOnce(&'a OptionValue) -> Result<T, Text>,
    ) -> Result<Option<T>, Text> {
        self.get(name).map(read).transpose()
    }
}

/// Reads a command and its options into a request, or the sentence saying what is wrong.
pub fn parse_request<N: AsRef<str>>(command: &str, options: &[(N, OptionValue)]) -> Result<Request, Text> {
    let Some(declaration) = declaration(command) else {
        return Err(no_such_command(command));
    };
    let mut seen: Vec<&str> = Vec::new();
    for (name, _) in options {
        let name = name.as_ref();
        if declaration.find_option(name).is_none() {
            let takes: Vec<&str> = declaration.options.iter().map(|o| o.name.as_str()).collect();
            let typed = Text::new().code(excerpt(name));
            return Err(if takes.is_empty() {
                t!("no-options", command = command, typed = typed)
            } else {
                t!("no-such-option", command = command, typed = typed, options = takes.join(", "))
            });
        }
        if seen.contains(&name) {
            return Err(t!("option-twice", name = Text::new().code(name)));
        }
        seen.push(name);
    }
    match &declaration.read {
        Reader::Always(request) => Ok(request.clone()),
        Reader::Options(parse) => {
            parse(&Args { options: options.iter().map(|(n, v)| (n.as_ref(), v)).collect() })
        }
    }
}

/// The `game` option a command needs, or the sentence asking for one with an example (`example(game)`).
fn required_game(args: &Args<'_>, example: impl Fn(&str) -> String) -> Result<GameKind, Text> {
    match args.get("game") {
        Some(value) => super::request::read_game(value),
        None => Err(t!(
            "choose-game",
            games = super::request::game_names(),
            example = Text::new().code(example(GameKind::ALL[0].name()))
        )),
    }
}

/// One word of a typed command line, as a shell reads it: double quotes keep spaces (`setup:"A1 b c"`) and are
/// removed; an unclosed quote runs to the end of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// Where the first `:` outside quotes is (in `text`), which splits an option's name from its value.
    pub(crate) colon: Option<usize>,
}

impl Word {
    /// `(name, value)` when the word is `name:value` with a name that can be an option's.
    pub fn option(&self) -> Option<(&str, &str)> {
        let at = self.colon?;
        let (name, value) = (&self.text[..at], &self.text[at + 1..]);
        let option_like = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.chars().all(|c| c.is_ascii_digit());
        option_like.then_some((name, value))
    }
}

/// Splits a typed line into words (see [`Word`]).
pub fn words(line: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current: Option<Word> = None;
    let mut quoted = false;
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
            current.get_or_insert_with(|| Word { text: String::new(), colon: None });
        } else if c.is_whitespace() && !quoted {
            words.extend(current.take());
        } else {
            let word = current.get_or_insert_with(|| Word { text: String::new(), colon: None });
            if c == ':' && !quoted && word.colon.is_none() {
                word.colon = Some(word.text.len());
            }
            word.text.push(c);
        }
    }
    words.extend(current);
    words
}

/// Why a command could not be carried out, beyond the player's own mistakes (those are replies).
pub(crate) enum Failure {
    /// Writing (or reading what a write depends on) failed: nothing was changed.
    Store(StoreError),
    /// Reading what a lookup shows failed.
    Read(StoreError),
    /// A write the command names itself failed: `key` is the message that says what was not done (recording a
    /// hint: no hint was given).
    Own { error: StoreError, key: &'static str },
    /// Another command changed the session after it was read (and nothing of ours was written).
    Conflict,
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => Failure::Conflict,
            other => Failure::Store(other),
        }
    }
}

impl Failure {
    /// The same failure, met while reading for a lookup.
    fn reading(self) -> Failure {
        match self {
            Failure::Store(e) => Failure::Read(e),
            other => other,
        }
    }

    /// The sentence a user sees, after logging what went wrong.
    fn sentence(&self, channel: u64) -> Text {
        let (key, error) = match self {
            Failure::Store(e) => ("store-failed", Some(e)),
            Failure::Read(e) => ("lookup-failed", Some(e)),
            Failure::Own { error, key } => (*key, Some(error)),
            Failure::Conflict => ("game-changed", None),
        };
        if let Some(e) = error {
            tracing::error!(channel, error = %e, "store failure");
        }
        Text::new().key(key)
    }
}

impl Sessions {
    /// Runs one command in a channel and returns what to answer. This is the one dispatch: it decides locking
    /// ([`Run::LOCKS_CHANNEL`]), runs the command, and turns any [`Failure`] into the sentence a user sees.
    pub fn handle<'a>(
        &'a self,
        channel: u64,
        actor: &'a Actor,
        request: impl Into<Request>,
    ) -> BoxFuture<'a, Reply> {
        self.dispatch(channel, actor, request.into())
    }

    /// [`Sessions::handle`]'s work, boxed here: an `async` body is compiled in every crate that polls it, so the
    /// adapters, the tests and the tools await this box and the session layer is compiled once, in this crate.
    fn dispatch<'a>(&'a self, channel: u64, actor: &'a Actor, request: Request) -> BoxFuture<'a, Reply> {
        Box::pin(self.dispatched(channel, actor, request))
    }

    async fn dispatched(&self, channel: u64, actor: &Actor, request: Request) -> Reply {
        let name = request.name();
        let result = if request.locks_channel() {
            self.locked(channel, actor, request).await
        } else {
            request.run(self, channel, actor, &mut Slot::Unloaded).await
        };
        let outcome = match &result {
            Ok(_) => Handled::Ok,
            Err(Failure::Conflict) => Handled::Conflict,
            Err(_) => Handled::StoreError,
        };
        self.metrics.interaction(name, outcome);
        tracing::info!(command = name, outcome = outcome.label(), "handled");
        result.unwrap_or_else(|failure| Reply::private(failure.sentence(channel)))
    }

    /// Runs a request under its channel's lock, once more if the session changed under it.
    async fn locked(&self, channel: u64, actor: &Actor, request: Request) -> Result<Reply, Failure> {
        let slot = self.slot(channel);
        let mut slot = slot.lock().await;
        let mut first = true;
        let result = loop {
            let result = match self.load(channel, &mut slot).await {
                Ok(()) => request.clone().run(self, channel, actor, &mut slot).await,
                Err(failure) => Err(failure),
            };
            if first && matches!(result, Err(Failure::Conflict)) {
                // Another command (in this process or another instance) changed the session after it was read,
                // and nothing of ours was written: read it again and decide once more, so that the answer fits
                // what is stored now (a move is then applied once, or refused with the reason).
                *slot = Slot::Unloaded;
                first = false;
                continue;
            }
            break result;
        };
        match result {
            Ok(reply) => {
                if matches!(*slot, Slot::Free) && !reply.ephemeral {
                    self.game_ended(channel).await;
                }
                if !reply.ephemeral {
                    self.changed(channel);
                }
                Ok(self.add_clock(&slot, reply))
            }
            Err(failure) => {
                // The cache may now be ahead of or behind the store: reload on the next command.
                *slot = Slot::Unloaded;
                Err(failure)
            }
        }
    }
}
