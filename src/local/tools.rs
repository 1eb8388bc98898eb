//! The console's own commands: what a member does on Discord without typing a command (pressing a button,
//! choosing in a select menu, seeing the suggestions while typing a move, their language, their roles), and the
//! console's clock. They are declared in one list, [`TOOLS`], beside the session's commands
//! (`session::commands::declarations`): a line's command is looked up in one list or the other, and run from
//! there ([`Console::tool`]), never recognised by comparing names in code.

use super::{Console, Line, SUGGESTIONS_SHOWN, member_id};
use crate::i18n::Lang;
use crate::session::{Actor, Text};
use crate::t;

/// One of the console's own commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tool {
    /// `@alice /lang cs`: what alice reads in private answers, as Discord's `locale` would give it.
    Lang,
    /// `@admin /role @bob organisers`: gives or takes a server role.
    Role,
    /// `@anyone /wait 3d`: moves the console's clock forward.
    Wait,
    /// `@bob /press Accept`: presses a button of the last message with buttons that bob sees.
    Press,
    /// `@alice /select e8`: chooses in the last select menu shown to alice.
    Select,
    /// `@alice /suggest e8`: the moves the autocomplete would list.
    Suggest,
}

/// The console's own commands by name, in the order its help shows them.
pub(super) const TOOLS: [(&str, Tool); 6] = [
    ("lang", Tool::Lang),
    ("role", Tool::Role),
    ("wait", Tool::Wait),
    ("press", Tool::Press),
    ("select", Tool::Select),
    ("suggest", Tool::Suggest),
];

impl Tool {
    /// The console's own command typed as `/name`, if it is one.
    pub(super) fn named(name: &str) -> Option<Tool> {
        TOOLS.iter().find(|(n, _)| *n == name).map(|&(_, tool)| tool)
    }
}

impl Console {
    /// Runs one of the console's own commands.
    pub(super) async fn tool(
        &mut self,
        tool: Tool,
        line: &Line,
        actor: &Actor,
        manager: bool,
        channel: u64,
    ) -> String {
        match tool {
            Tool::Lang => self.set_lang(line),
            Tool::Role => self.set_role(line, manager),
            Tool::Wait => self.wait(line).await,
            Tool::Press => self.press(line, actor).await,
            Tool::Select => self.select(line, actor).await,
            Tool::Suggest => self.suggest(line, actor, channel).await,
        }
    }

    /// `@name /lang cs`: the member's language, as Discord's `locale` would give it.
    fn set_lang(&mut self, line: &Line) -> String {
        let code = line.options.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(" ");
        if let Ok(lang) = code.parse::<Lang>() {
            self.langs.insert(member_id(&line.user), lang);
            return self.remark(&t!(
                "console-lang-set",
                user = format!("@{}", line.user),
                lang = lang.code()
            ));
        }
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        self.to_user(
            &line.user,
            &t!("console-lang-unknown", typed = Text::new().typed(&code), codes = codes.join(", ")),
        )
    }

    /// `@admin /role @bob organisers` gives Bob a role, `-organisers` takes it back (as a server's moderators do
    /// in Discord's member list).
    fn set_role(&mut self, line: &Line, manager: bool) -> String {
        let words: Vec<&str> = line.options.iter().flat_map(|(_, v)| v.split_whitespace()).collect();
        let (Some(who), Some(role), 2) = (words.first(), words.get(1), words.len()) else {
            return self.to_user(
                &line.user,
                &t!("console-role-usage", example = Text::new().code("@admin /role @bob organisers")),
            );
        };
        if !manager {
            return self.to_user(&line.user, &Text::new().key("console-role-not-allowed"));
        }
        let who = who.trim_start_matches('@');
        let (take, role) = match role.strip_prefix('-') {
            Some(role) => (true, role),
            None => (false, *role),
        };
        let role = role.trim_start_matches('@').trim_start_matches('&');
        let id = self.role_id(role);
        let member = member_id(who);
        self.names.insert(member, who.to_string());
        let held = self.member_roles.entry(member).or_default();
        held.retain(|&r| r != id);
        if !take {
            held.push(id);
        }
        let (user, role) = (format!("@{who}"), format!("@&{role}"));
        let said = if take {
            t!("console-role-taken", user = user, role = role)
        } else {
            t!("console-role-given", user = user, role = role)
        };
        self.remark(&said)
    }

    /// `@alice /select e8`: chooses an option (by value or label) of the last select menu shown to alice.
    async fn select(&mut self, line: &Line, actor: &Actor) -> String {
        let typed = line.options.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>().join(" ");
        let typed = typed.trim();
        let Some(selects) = self.selects.get(&line.user.to_ascii_lowercase()).cloned() else {
            return self.to_user(&line.user, &Text::new().key("console-no-select"));
        };
        let lang = self.lang_of(actor.member.id);
        // The first menu of the message with such an option.
        let chosen = selects.iter().find_map(|select| {
            let option = select.options.iter().find(|o| {
                o.value.eq_ignore_ascii_case(typed)
                    || o.label.plain_in(lang).eq_ignore_ascii_case(typed)
                    || o.label.to_plain().eq_ignore_ascii_case(typed)
            })?;
            Some((select, option))
        });
        let Some((select, chosen)) = chosen else {
            let values: Vec<&str> =
                selects.iter().flat_map(|s| &s.options).map(|o| o.value.as_str()).collect();
            let text = t!(
                "console-select-options",
                options = values.join(" "),
                example =
                    Text::new().code(format!("/select {}", values.first().copied().unwrap_or_default()))
            );
            return self.to_user(&line.user, &text);
        };
        let Some((channel, request)) =
            crate::session::parse_component(&select.custom_id, Some(&chosen.value))
        else {
            return self.to_user(&line.user, &Text::new().key("button-unknown"));
        };
        let name = self.channel_name(channel);
        let reply = self.sessions.handle(channel, actor, request).await;
        self.answer(&name, &line.user, reply).await
    }

    /// `@alice /suggest e8`: the moves Discord's autocomplete would list while alice types `e8`.
    async fn suggest(&mut self, line: &Line, actor: &Actor, channel: u64) -> String {
        let typed = line.options.iter().find(|(k, _)| k.is_empty() || k == "move").map(|(_, v)| v.as_str());
        let list = self
            .sessions
            .suggest_or_why(channel, actor.member.id, typed.unwrap_or_default(), SUGGESTIONS_SHOWN)
            .await;
        let text = match list {
            Err(why) => why,
            Ok(list) if list.is_empty() => Text::new().key("console-no-suggestions"),
            Ok(list) => Text::new().plain(list.join("  ")),
        };
        self.to_user(&line.user, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::{TOOLS, Tool};

    #[test]
    fn no_tool_shadows_a_command() {
        for (name, tool) in TOOLS {
            assert_eq!(Tool::named(name), Some(tool));
            assert!(crate::session::commands::declaration(name).is_none(), "/{name} is a command already");
        }
    }
}
