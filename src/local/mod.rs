//! `tabula local`: a console that plays the role of a Discord channel, through the same session layer and the
//! same kind of `SQLite` store, so console games survive restarts too.
//!
//! A line is `[#channel] @name /command [option:value ...]`, for example `@alice /play game:tablut opponent:@bob`,
//! `@bob /accept`, `@alice /move move:e8-d8` (the first option may also be given bare: `@alice /move e8-d8`).
//! Words are split as a shell splits them: a value with spaces is quoted (`setup:"… w o"`).
//! Replies are printed as plain text (mentions as `@name`); each board picture is written to a PNG file whose path
//! is printed, with a text drawing. Options are read by the session layer's own parser, as Discord's are. Expired
//! challenges are printed when they expire. Answers are in English, or in the language of `--lang`; `@name /lang
//! cs` sets what one member reads in private answers, as Discord's `locale` would.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use futures_core::future::BoxFuture;

use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::i18n::Lang;
use crate::record::animate::DEFAULT_LIMIT;
use crate::session::commands::{declaration, main_option, no_such_command, option_kind};
use crate::session::{
    Actor, FileKind, Member, OptionKind, OptionValue, Reply, Sessions, Text, parse_request,
};
use crate::store::SharedStore;
use crate::t;

mod clock;
mod line;
mod tools;

pub use clock::console_clock;
pub(crate) use line::example_lines;
pub use line::{Line, member_id, parse_line};
use tools::Tool;

/// The console's name for the bot itself: challenge `@tabula` to play the AI.
pub(crate) const BOT_NAME: &str = "tabula";

/// How many move suggestions `/suggest` prints.
const SUGGESTIONS_SHOWN: usize = 25;

/// How often the console looks for expired challenges.
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Members with these names hold the "manage messages" and "manage server" permissions in the console (they may
/// abort any game and change the server's `/settings`).
const MANAGERS: [&str; 2] = ["admin", "mod"];

/// The server the console plays the role of (records and ratings are per server).
pub const GUILD: u64 = 1;

/// The console: sessions over a store, a picture folder, and the channels it has seen.
pub struct Console {
    sessions: Arc<Sessions>,
    pictures: PathBuf,
    channels: HashMap<String, u64>,
    default_channel: String,
    /// How far `/wait` moved the clock forward, when the sessions run on [`console_clock`].
    offset: Option<Arc<std::sync::atomic::AtomicI64>>,
    /// The buttons of the last message that had some, per channel name and reader (`None`: everyone; a private
    /// answer's buttons are its reader's only), each with the order it came in, for `/press`.
    buttons: HashMap<(String, Option<String>), (u64, Vec<crate::session::Button>)>,
    /// How many messages with buttons were shown: the order of [`Console::buttons`].
    shown_buttons: u64,
    /// The last select menu shown to each member (by lowercase name), for `/select`.
    /// The select menus of each member's last private answer (a message may hold several).
    selects: HashMap<String, Vec<crate::session::Select>>,
    /// Members' names by id, for the direct messages the console shows.
    names: HashMap<u64, String>,
    /// The language of every answer (`--lang`), English by default.
    lang: Lang,
    /// Members' own languages (`@name /lang cs`), for what is shown to them alone.
    langs: HashMap<u64, Lang>,
    /// The roles named so far (`@&organisers`), by name.
    roles: HashMap<String, u64>,
    /// Members' roles (`@admin /role @bob organisers`, or given by the bot), by member id.
    member_roles: HashMap<u64, Vec<u64>>,
}

impl Console {
    pub fn new(sessions: Arc<Sessions>, pictures: &Path) -> Self {
        sessions.set_bot_id(member_id(BOT_NAME));
        Console {
            sessions,
            pictures: pictures.to_path_buf(),
            channels: HashMap::new(),
            default_channel: "local".to_string(),
            offset: None,
            buttons: HashMap::new(),
            shown_buttons: 0,
            selects: HashMap::new(),
            names: HashMap::new(),
            lang: Lang::En,
            langs: HashMap::new(),
            roles: HashMap::new(),
            member_roles: HashMap::new(),
        }
    }

    /// Every answer, private and public, in `lang` (a member's `/lang` still changes their private answers).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// The language of what is shown to `user` alone.
    fn lang_of(&self, user: u64) -> Lang {
        self.langs.get(&user).copied().unwrap_or(self.lang)
    }

    /// A console whose sessions run on [`console_clock`]: `/wait` moves that clock forward by `offset`.
    pub fn with_offset(
        sessions: Arc<Sessions>,
        pictures: &Path,
        offset: Arc<std::sync::atomic::AtomicI64>,
    ) -> Self {
        let mut console = Self::new(sessions, pictures);
        console.offset = Some(offset);
        console
    }

    fn role_id(&mut self, name: &str) -> u64 {
        *self.roles.entry(name.to_ascii_lowercase()).or_insert_with(|| member_id(&format!("@&{name}")))
    }

    /// The bot gave a member a role (a tournament's winner).
    pub(super) fn give_role(&mut self, user: u64, role: u64) {
        let held = self.member_roles.entry(user).or_default();
        if !held.contains(&role) {
            held.push(role);
        }
    }

    fn channel_id(&mut self, name: &str) -> u64 {
        *self.channels.entry(name.to_string()).or_insert_with(|| member_id(&format!("#{name}")))
    }

    /// The name of a channel seen in this run (or a made-up one for a channel known only from the store).
    fn channel_name(&self, id: u64) -> String {
        let name = self.channels.iter().find(|(_, v)| **v == id).map(|(k, _)| k.clone());
        name.unwrap_or_else(|| format!("channel-{id}"))
    }

    fn member(name: &str) -> Member {
        Member { id: member_id(name), name: name.to_string(), bot: name.eq_ignore_ascii_case(BOT_NAME) }
    }

    /// Lets the AI play in `channel` while it is to move, and returns what it said.
    async fn ai_moves(&mut self, channel: &str, channel_id: u64) -> String {
        let mut out = String::new();
        while let Some(reply) = self.sessions.ai_turn(channel_id).await {
            out.push_str(&self.show(channel, reply).await);
        }
        out
    }

    /// Runs the AI in every channel where it owes a move (after a restart).
    pub(crate) async fn resume_ai(&mut self) -> String {
        let mut out = String::new();
        let waiting: Vec<(String, u64)> =
            self.sessions.ai_channels().await.into_iter().map(|id| (self.channel_name(id), id)).collect();
        for (name, id) in waiting {
            out.push_str(&self.ai_moves(&name, id).await);
        }
        out
    }

    /// Settles the challenges whose time is up and returns what to print about them.
    pub(crate) async fn sweep(&mut self) -> String {
        let mut out = self.notices().await;
        let lang = self.public_lang().await;
        for expired in self.sessions.sweep().await {
            let channel = self.channel_name(expired.channel);
            if channel == self.default_channel {
                let _ = writeln!(out, "{}", expired.text.plain_in(lang));
            } else {
                let _ = writeln!(out, "#{channel}: {}", expired.text.plain_in(lang));
            }
        }
        out
    }

    /// The session layer's options for a console line: a bare word is the command's main option, `@name` values
    /// of member options are members, `#name` values of channel options are channels.
    fn options(&mut self, line: &Line) -> Result<Vec<(String, OptionValue)>, Text> {
        if declaration(&line.command).is_none() {
            // Whatever follows, the command itself is what is wrong.
            return Err(no_such_command(&line.command));
        }
        let mut options = Vec::with_capacity(line.options.len());
        for (key, value) in &line.options {
            let name = if key.is_empty() {
                match main_option(&line.command) {
                    Some(main) => main.to_string(),
                    None => {
                        return Err(t!(
                            "console-no-value",
                            command = format!("/{}", line.command),
                            typed = Text::new().typed(value)
                        ));
                    }
                }
            } else {
                key.clone()
            };
            let value = match option_kind(&line.command, &name) {
                Some(OptionKind::User) => {
                    let who = value.trim_start_matches('@');
                    if who.is_empty() {
                        return Err(t!(
                            "console-members",
                            example = Text::new().code(format!("{name}:@name"))
                        ));
                    }
                    OptionValue::User(Self::member(who))
                }
                Some(OptionKind::Role) => {
                    let role = value.trim_start_matches('@').trim_start_matches('&');
                    if role.is_empty() {
                        return Err(t!(
                            "console-roles",
                            example = Text::new().code(format!("{name}:@&name"))
                        ));
                    }
                    OptionValue::Role { id: self.role_id(role), name: role.to_ascii_lowercase() }
                }
                Some(OptionKind::Channel) => {
                    let channel = value.trim_start_matches('#').to_ascii_lowercase();
                    if channel.is_empty() {
                        return Err(t!(
                            "console-channels",
                            example = Text::new().code(format!("{name}:#name"))
                        ));
                    }
                    OptionValue::Channel { id: self.channel_id(&channel), name: channel }
                }
                _ => OptionValue::Text(value.clone()),
            };
            options.push((name, value));
        }
        Ok(options)
    }

    /// Handles one input line and returns what to print.
    pub fn line<'a>(&'a mut self, text: &'a str) -> BoxFuture<'a, String> {
        // On the heap: a line may run any command, and its future is as large as the largest. Boxed here, not in
        // an `async fn`, so that what it runs is compiled in this crate (see `Sessions::handle`).
        Box::pin(self.run_line(text))
    }

    async fn run_line(&mut self, text: &str) -> String {
        let default_channel = self.default_channel.clone();
        let line = match parse_line(text, &default_channel) {
            Ok(Some(line)) => line,
            Ok(None) => return String::new(),
            Err(why) => return self.remark(&t!("console-remark", text = why)),
        };
        let channel = self.channel_id(&line.channel);
        self.names.insert(member_id(&line.user), line.user.clone());
        let manager = MANAGERS.contains(&line.user.to_ascii_lowercase().as_str());
        let member = Self::member(&line.user);
        // The languages an interaction would bring: the member's own, and the server's for public messages.
        let locales =
            crate::i18n::Locales { user: self.lang_of(member.id), public: self.public_lang().await };
        let roles = self.member_roles.get(&member.id).cloned().unwrap_or_default();
        let actor = Actor {
            member,
            can_manage: manager,
            can_manage_server: manager,
            roles,
            guild: Some(GUILD),
            locales,
        };
        if let Some(tool) = Tool::named(&line.command) {
            return self.tool(tool, &line, &actor, manager, channel).await;
        }
        let request = match self.options(&line).and_then(|options| parse_request(&line.command, &options)) {
            Ok(request) => request,
            Err(why) => return self.to_user(&line.user, &why),
        };
        if self.sessions.wants_thread(&actor, &request).await {
            return self.play_in_thread(&line, &actor, request).await;
        }
        let reply = self.sessions.handle(channel, &actor, request).await;
        self.answer(&line.channel, &line.user, reply).await
    }

    /// Remembers the buttons of a message in `channel` that `reader` sees (`None`: everyone).
    fn keep_buttons(&mut self, channel: &str, reader: Option<String>, buttons: &[crate::session::Button]) {
        self.shown_buttons += 1;
        self.buttons.insert((channel.to_string(), reader), (self.shown_buttons, buttons.to_vec()));
    }

    /// The buttons of the last message in `channel` with buttons that `user` can see.
    pub(super) fn buttons_for(&self, channel: &str, user: &str) -> Vec<crate::session::Button> {
        let public = self.buttons.get(&(channel.to_string(), None));
        let private = self.buttons.get(&(channel.to_string(), Some(user.to_ascii_lowercase())));
        [public, private]
            .into_iter()
            .flatten()
            .max_by_key(|(n, _)| *n)
            .map(|(_, b)| b.clone())
            .unwrap_or_default()
    }

    /// Prints a reply (privately or publicly), remembers its buttons, and lets the computer move.
    async fn answer(&mut self, channel: &str, user: &str, reply: Reply) -> String {
        if !reply.buttons.is_empty() {
            let reader = reply.ephemeral.then(|| user.to_ascii_lowercase());
            self.keep_buttons(channel, reader, &reply.buttons);
        }
        let id = self.channel_id(channel);
        let notice = reply.notice.clone();
        let mut out = if reply.ephemeral {
            // A private answer's buttons (`/abort`'s "Ask to abort") are shown to its reader, as Discord does.
            let mut out = self.to_user(user, &reply.text);
            let lang = self.lang_of(member_id(user));
            // A private answer's select menu (the move picker's): its options, for `/select`.
            for select in &reply.selects {
                let labels: Vec<String> = select.options.iter().map(|o| o.label.plain_in(lang)).collect();
                let _ = writeln!(out, "<{}> {}", select.placeholder.plain_in(lang), labels.join(" | "));
            }
            if !reply.selects.is_empty() {
                self.selects.insert(user.to_ascii_lowercase(), reply.selects.clone());
            }
            if !reply.buttons.is_empty() {
                let labels: Vec<String> = reply.buttons.iter().map(|b| b.label.plain_in(lang)).collect();
                let _ = writeln!(out, "[{}]", labels.join("] ["));
            }
            // What only its reader gets attached (a puzzle's pictures), as `<channel>-<user>-<name>`.
            for attached in &reply.files {
                let file =
                    self.pictures.join(format!("{channel}-{}-{}", user.to_ascii_lowercase(), attached.name));
                out.push_str(&self.write_file(attached.kind, &file, &attached.bytes).await);
            }
            if let Some(board) = reply.board.clone() {
                out.push_str(&self.private_picture(channel, user, reply.localized(lang), board).await);
            }
            out
        } else {
            self.show(channel, reply).await
        };
        if let Some(notice) = notice {
            let lang = self.public_lang().await;
            let _ = writeln!(out, "{}", self.named(notice.localized(lang)));
        }
        out.push_str(&self.ai_moves(channel, id).await);
        out.push_str(&self.notices().await);
        out
    }

    /// The text with the channels this console knows shown by name (`#games`).
    /// What only `user` sees: "(to @user only)" and the text, in their language.
    pub(super) fn to_user(&self, user: &str, text: &Text) -> String {
        let lang = self.lang_of(member_id(user));
        let to = t!("console-to", user = format!("@{user}")).plain_in(lang);
        format!("{to} {}\n", self.named(text.localized(lang)))
    }

    /// The language of public messages: the server's `/settings` language, else the console's `--lang` (as
    /// Discord's server locale would be).
    async fn public_lang(&self) -> Lang {
        let setting = self.sessions.public_language(Some(GUILD)).await;
        crate::i18n::public_lang(setting.as_deref(), Some(self.lang.code()))
    }

    /// The console's own remark ("(console) 3 d later…"), in the console's language.
    pub(super) fn remark(&self, text: &Text) -> String {
        format!("{}\n", self.named(text.localized(self.lang)))
    }

    fn named(&self, text: Text) -> Text {
        text.name_channels(|id| self.channels.iter().find(|(_, v)| **v == id).map(|(k, _)| k.clone()))
            .name_roles(|id| self.roles.iter().find(|(_, v)| **v == id).map(|(k, _)| k.clone()))
    }

    /// Prints a public reply: its text, buttons, the board as text, and the picture written to a file.
    async fn show(&mut self, channel: &str, reply: Reply) -> String {
        // The buttons are kept untranslated: `/press` reads a label in the presser's language or in English.
        if !reply.buttons.is_empty() {
            self.keep_buttons(channel, None, &reply.buttons);
        }
        let reply = reply.localized(self.public_lang().await);
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.named(reply.text.clone()));
        if let Some(clock) = reply.clock.as_ref().filter(|_| reply.board.is_some()) {
            let _ = writeln!(out, "clock: {clock}");
        }
        if !reply.buttons.is_empty() {
            let labels: Vec<String> = reply.buttons.iter().map(|b| b.label.to_plain()).collect();
            let _ = writeln!(out, "[{}]", labels.join("] ["));
        }
        // A link button (the game's Watch live) opens its address: shown, so that it can be opened as a player
        // would.
        for link in reply.buttons.iter().filter(|b| b.is_link()) {
            let _ = writeln!(out, "{}: {}", link.label.to_plain(), link.custom_id);
        }
        if let Some(board) = &reply.board {
            // How the game ended, when its moves did not end it: the text board says it where it would say
            // whose turn it is, as the picture's header does.
            let ended = board.ended.as_ref().map(|e| self.named(e.localized(reply.lang)).to_string());
            let names = board.names_in(reply.lang);
            out.push_str(&board.game.text_picture(&names, reply.lang, ended.as_deref()));
            if !out.ends_with('\n') {
                out.push('\n');
            }
            let ply = board.game.moves_text().len();
            // Named by game id, so that a channel's next game does not overwrite the last one's pictures; an
            // example board (the rules') has no id.
            let kind = board.game.kind().name();
            let name = match board.id {
                0 => format!("{channel}-{kind}-{ply:03}.png"),
                id => format!("{channel}-{kind}-{id}-{ply:03}.png"),
            };
            let file = self.pictures.join(name);
            let png = draw(reply.clone()).await;
            out.push_str(&self.write_file(FileKind::Picture, &file, &png).await);
        }
        for attached in reply.files {
            let file = self.pictures.join(format!("{channel}-{}", attached.name));
            out.push_str(&self.write_file(attached.kind, &file, &attached.bytes).await);
        }
        if let Some(replay) = reply.replay {
            let lang = reply.lang;
            let drawn = crate::render::drawn(move || replay.encode(DEFAULT_LIMIT, lang)).await;
            match drawn {
                Some(Ok(gif)) => {
                    let file = self.pictures.join(format!("{channel}-{}", gif.name));
                    out.push_str(&self.write_file(gif.kind, &file, &gif.bytes).await);
                }
                Some(Err(e)) => {
                    let _ = writeln!(out, "(console) could not draw the replay: {e}");
                }
                None => {
                    let _ = writeln!(out, "(console) the replay's drawing failed");
                }
            }
        }
        out
    }

    /// Writes the picture of a private answer (the move picker's) as `<channel>-<user>-pick.png`.
    async fn private_picture(
        &self,
        channel: &str,
        user: &str,
        reply: Reply,
        board: crate::session::BoardPicture,
    ) -> String {
        let file = self.pictures.join(format!("{channel}-{}-pick.png", user.to_ascii_lowercase()));
        let png = draw(Reply { board: Some(board), ..reply }).await;
        self.write_file(FileKind::Picture, &file, &png).await
    }

    /// Writes what the bot would attach to the picture folder and says where, after `picture:`, `record:` or
    /// `replay:`.
    async fn write_file(&self, kind: FileKind, file: &Path, bytes: &[u8]) -> String {
        let written = match tokio::fs::create_dir_all(&self.pictures).await {
            Ok(()) => tokio::fs::write(file, bytes).await,
            Err(e) => Err(e),
        };
        match written {
            Ok(()) => format!("{}: {}\n", kind.label(), file.display()),
            Err(e) => self.remark(&t!(
                "console-write-failed",
                file = Text::new().code(file.display().to_string()),
                error = e.to_string()
            )),
        }
    }
}

/// Runs the console over `store` on standard input until it ends, printing to standard output.
pub async fn run(
    store: SharedStore,
    pictures: &Path,
    config: &crate::config::Config,
    lang: Lang,
) -> anyhow::Result<()> {
    let (clock, offset) = console_clock();
    let sessions = Arc::new(Sessions::with_clock(store, config.session_config(), clock));
    let web = crate::web::Web::start_from(config, sessions.clone()).await?;
    if let Some(web) = &web {
        write_flush(
            &mut tokio::io::stdout(),
            &format!("(console) the web board: http://{}/\n", web.local_addr()),
        )
        .await?;
    }
    let mut console = Console::with_offset(sessions.clone(), pictures, offset).with_lang(lang);
    let resumed = console.resume_ai().await;
    let mut stdout = tokio::io::stdout();
    let interactive = std::io::IsTerminal::is_terminal(&std::io::stdin());
    if interactive {
        write_flush(
            &mut stdout,
            &format!(
                "Tabula console: you are a whole channel. Type `{}`... `@alice /help` lists the commands; Ctrl-D \
                 quits.\n",
                example_lines().join("`, then `")
            ),
        )
        .await?;
    }
    write_flush(&mut stdout, &resumed).await?;
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut sweep = tokio::time::interval(SWEEP_EVERY);
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let out = tokio::select! {
            // Reading a line is cancel-safe: a sweep in between loses nothing.
            line = lines.next_line() => match line? {
                Some(line) => console.line(&line).await,
                None => break,
            },
            _ = sweep.tick() => console.sweep().await,
            // A move played on the web board: posted here at once.
            () = sessions.announced() => console.sweep().await,
        };
        write_flush(&mut stdout, &out).await?;
    }
    if let Some(web) = web {
        web.shutdown().await;
    }
    sessions.store().close().await;
    Ok(())
}

async fn write_flush(out: &mut (impl AsyncWrite + Unpin), text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes()).await?;
    out.flush().await
}

/// The PNG of a reply's board, drawn off the async runtime (empty when it has none, or the drawing failed).
async fn draw(reply: Reply) -> Vec<u8> {
    crate::render::drawn(move || reply.draw_board().map(|d| d.png)).await.flatten().unwrap_or_default()
}
