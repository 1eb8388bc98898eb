//! The console's lines for clocks, buttons and threads: `@anyone /wait <duration>` moves the console's clock
//! forward (reminders and timeouts then happen as they would), `@name /press <label>` presses a button of the last
//! message in the channel that had one, and `/play ... thread:true` opens a thread (a new console channel).

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use super::{Console, Line};
use crate::session::Text;
use crate::session::clocks::{duration, parse_duration};
use crate::session::{Actor, Clock, Notice, Reply, Request, parse_component};
use crate::t;

/// The longest `/wait`: a year, far beyond any clock or challenge, and still a date the records can show.
const MAX_WAIT: i64 = 365 * 86_400;

/// The system clock plus an offset that `/wait` moves forward.
pub fn console_clock() -> (Clock, Arc<AtomicI64>) {
    let offset = Arc::new(AtomicI64::new(0));
    let shared = offset.clone();
    let clock: Clock = Arc::new(move || {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        now + shared.load(Ordering::SeqCst)
    });
    (clock, offset)
}

impl Console {
    /// `/wait 45m`: moves the clock forward and prints what happened meanwhile.
    pub(super) async fn wait(&mut self, line: &Line) -> String {
        let value =
            line.options.iter().find(|(k, _)| k.is_empty() || k == "duration").map(|(_, v)| v.as_str());
        let Some(seconds) = value.and_then(parse_duration).filter(|&s| s > 0) else {
            let examples = ["/wait 45m", "/wait 3h", "/wait 3d"].map(|e| Text::new().code(e));
            let [a, b, c] = examples;
            return self.to_user(&line.user, &t!("console-wait-how", a = a, b = b, c = c));
        };
        if seconds > MAX_WAIT {
            let text = t!(
                "console-wait-too-long",
                typed = Text::new().typed(value.unwrap_or_default()),
                max = duration(MAX_WAIT)
            );
            return self.to_user(&line.user, &text);
        }
        let Some(offset) = &self.offset else {
            return self.to_user(&line.user, &Text::new().key("console-clock-fixed"));
        };
        offset.fetch_add(seconds, Ordering::SeqCst);
        let mut out = self.remark(&t!("console-later", time = duration(seconds)));
        out.push_str(&self.notices().await);
        out
    }

    /// `/press Accept`: presses the button with that label under the channel's last message that had buttons.
    pub(super) async fn press(&mut self, line: &Line, actor: &Actor) -> String {
        let label = line.options.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(" ");
        let buttons = self.buttons_for(&line.channel, &line.user);
        if buttons.is_empty() {
            return self.to_user(&line.user, &Text::new().key("console-no-buttons"));
        }
        let lang = self.lang_of(actor.member.id);
        // A label in the member's language or in English.
        let pressed = |b: &&crate::session::Button| {
            [b.label.plain_in(lang), b.label.to_plain()].iter().any(|l| l.eq_ignore_ascii_case(label.trim()))
        };
        let Some(button) = buttons.iter().find(pressed) else {
            let labels: Vec<String> = buttons.iter().map(|b| b.label.plain_in(lang)).collect();
            let text = t!(
                "console-buttons",
                labels = format!("[{}]", labels.join("] [")),
                example = Text::new().code(format!("/press {}", labels[0]))
            );
            return self.to_user(&line.user, &text);
        };
        // A link button opens its address: the console prints it.
        if button.is_link() {
            return format!("(console) {} opens {}\n", button.label.plain_in(lang), button.custom_id);
        }
        let Some((channel, request)) = parse_component(&button.custom_id, None) else {
            return self.to_user(&line.user, &Text::new().key("button-unknown"));
        };
        let name = self.channel_name(channel);
        let reply = self.sessions.handle(channel, actor, request).await;
        self.answer(&name, &line.user, reply).await
    }

    /// `/play ... thread:true`: checks the challenge, opens a thread (a new console channel) and plays there.
    pub(super) async fn play_in_thread(&mut self, line: &Line, actor: &Actor, request: Request) -> String {
        let parent = self.channel_id(&line.channel);
        let (title, game) = match self.sessions.prepare_thread(parent, actor, &request).await {
            Ok(thread) => (thread.title, thread.game),
            Err(why) => return self.answer(&line.channel, &line.user, Reply::private(why)).await,
        };
        let taken = |n: &String| self.channels.contains_key(n);
        let numbered =
            (1..=self.channels.len() + 1).map(|n| format!("{}-{n}", game.name())).find(|n| !taken(n));
        let thread = numbered.unwrap_or_else(|| format!("{}-{}", game.name(), self.channels.len() + 1));
        let id = self.channel_id(&thread);
        self.sessions.thread_opened(id, parent).await;
        let mut out = format!(
            "(console) opened the thread #{thread} \"{title}\"; the game is played there: start lines with \
             `#{thread}`.\n"
        );
        let reply = self.sessions.handle(id, actor, request).await;
        out.push_str(&self.answer(&thread, &line.user, reply).await);
        out
    }

    /// Settles the clocks due and prints what happened: reminders, timeouts, threads archived.
    pub(super) async fn notices(&mut self) -> String {
        let mut out = String::new();
        // What the web board played comes first, as the clocks' notices do: posted in its channel.
        let mut notices = self.sessions.take_announced();
        notices.extend(self.sessions.settle_clocks().await);
        for notice in notices {
            match notice {
                Notice::Post { channel, reply } => {
                    let name = self.channel_name(channel);
                    out.push_str(&self.post(&name, channel, reply).await);
                }
                Notice::Direct { user, text, .. } => {
                    let name = self.member_name(user);
                    let lang = self.lang_of(user);
                    let to = t!("console-direct", user = format!("@{name}")).plain_in(lang);
                    let _ = writeln!(out, "{to} {}", self.named(text.localized(lang)).to_plain());
                }
                Notice::Digest { user, text } => {
                    let name = self.member_name(user);
                    let to = t!("console-direct", user = format!("@{name}")).plain_in(self.lang_of(user));
                    let _ = writeln!(out, "{to} {}", self.named(text).to_plain());
                }
                Notice::Archive { channel } => {
                    let thread = format!("#{}", self.channel_name(channel));
                    out.push_str(&self.remark(&t!("console-archived", thread = thread)));
                }
                Notice::GiveRole { user, role, .. } => {
                    // The console's server lets the bot give any role.
                    self.give_role(user, role);
                    let name = format!("@{}", self.member_name(user));
                    let role = self.named(Text::new().role(role)).to_plain();
                    out.push_str(&self.remark(&t!("console-role-given", user = name, role = role)));
                }
                Notice::OpenGame { parent, title, slug, board } => {
                    // A tournament's game: its thread is a new console channel, named for the round and board.
                    let thread = self.channel_id(&slug);
                    self.sessions.thread_opened(thread, parent).await;
                    let _ = writeln!(out, "(console) opened the thread #{slug} \"{title}\"");
                    for notice in self.sessions.start_tournament_game(Some(thread), board).await {
                        if let Notice::Post { channel, reply } = notice {
                            let name = self.channel_name(channel);
                            out.push_str(&self.post(&name, channel, reply).await);
                        }
                    }
                }
            }
        }
        out
    }

    /// A message the background task posts in a channel (it names the channel when it is not the default one).
    async fn post(&mut self, name: &str, channel: u64, reply: Reply) -> String {
        let mut out = String::new();
        if name != self.default_channel {
            let _ = write!(out, "#{name}: ");
        }
        out.push_str(&self.show(name, reply).await);
        out.push_str(&self.ai_moves(name, channel).await);
        out
    }

    /// The name of a member seen in a channel's games, for direct messages.
    fn member_name(&self, user: u64) -> String {
        self.names.get(&user).cloned().unwrap_or_else(|| format!("member-{user}"))
    }
}
