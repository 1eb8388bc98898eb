//! What the session layer answers: text (structure, see [`Text`]), an optional board to draw, and buttons.

use crate::games::AnyGame;
use crate::i18n::Lang;

use super::records::Replay;
use super::text::Text;

/// A board to draw and attach to a reply (the adapter renders it, after deferring if it must).
#[derive(Clone)]
pub struct BoardPicture {
    pub game: AnyGame,
    /// The game's id (shown as `#1042` in the picture's title).
    pub id: i64,
    /// The players in seat order, as the picture names them (see [`Text::player`]).
    pub(crate) names: Vec<Text>,
    /// How the game ended, when its moves did not end it (a resignation, a loss on time, an agreed draw, an
    /// abort) or its places are not the ones its moves say (seats were left): the picture's header says this
    /// instead of whose turn it is.
    pub ended: Option<Text>,
}

impl BoardPicture {
    /// The players' names as the picture shows them, in `lang`.
    pub fn names_in(&self, lang: Lang) -> Vec<String> {
        self.names.iter().map(|n| n.plain_in(lang)).collect()
    }
}

/// A reply's board as drawn ([`Reply::draw_board`]): the picture's title and the PNG.
pub struct DrawnBoard {
    pub title: String,
    pub png: Vec<u8>,
}

/// What kind of file a reply attaches; the console prints its path after `record:`, `replay:` or `picture:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A game record, as text.
    Record,
    /// An animated replay (GIF).
    Replay,
    /// A picture (PNG).
    Picture,
}

impl FileKind {
    /// The word the console prints before the file's path.
    pub fn label(self) -> &'static str {
        match self {
            FileKind::Record => "record",
            FileKind::Replay => "replay",
            FileKind::Picture => "picture",
        }
    }
}

/// A file made by the session layer to attach to a reply.
#[derive(Clone, PartialEq, Eq)]
pub struct File {
    pub kind: FileKind,
    /// The file name shown to players (`game-1042.txt`).
    pub name: String,
    pub bytes: Vec<u8>,
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Success,
    Danger,
    Secondary,
    /// A link: the button's id is the address it opens (nothing is sent back).
    Link,
}

/// A button under a message; its id says what it acts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// The label, translated when the adapter knows the reader's language.
    pub label: Text,
    pub custom_id: String,
    pub style: ButtonStyle,
}

impl Button {
    pub fn new(label: impl Into<Text>, id: super::ComponentId, style: ButtonStyle) -> Self {
        Button { label: label.into(), custom_id: id.into(), style }
    }

    /// A button that opens `address`.
    pub(crate) fn link(label: impl Into<Text>, address: impl Into<String>) -> Self {
        Button { label: label.into(), custom_id: address.into(), style: ButtonStyle::Link }
    }

    /// Whether it opens an address (its `custom_id`) rather than sending an interaction.
    pub fn is_link(&self) -> bool {
        self.style == ButtonStyle::Link
    }
}

/// One option of a select menu: the value sent back when it is chosen, its label, and the icon an adapter may show
/// beside it (Discord's as an emoji; the label reads without it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub value: String,
    pub label: Text,
    pub icon: Option<crate::games::pick::Icon>,
}

/// A select menu under a message (one per row): its id says what it acts on, the chosen option's value is sent
/// back with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    pub custom_id: String,
    /// Shown while nothing is chosen.
    pub placeholder: Text,
    pub options: Vec<SelectOption>,
}

/// The challenge a reply shows or settles, so the adapter can remember or update the challenge's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeRef {
    pub session: i64,
    /// The message showing the challenge, when the adapter recorded it (see `Sessions::set_challenge_message`).
    pub message: Option<u64>,
}

/// The answer to a command.
#[derive(Clone)]
pub struct Reply {
    pub text: Text,
    /// Shown only to the person who sent the command; it notifies nobody.
    pub ephemeral: bool,
    pub board: Option<BoardPicture>,
    pub buttons: Vec<Button>,
    /// Select menus, each on a row of its own above the buttons.
    pub selects: Vec<Select>,
    /// The answer to a press replaces the message pressed on (a picker's next step) instead of being a new one.
    pub update: bool,
    /// The board is drawn as the move picker's picture of the step after these choices (see
    /// [`crate::games::AnyGame::pick_picture`]), not as the plain board.
    pub picking: Option<Vec<String>>,
    /// Files to attach, besides the board's picture.
    pub files: Vec<File>,
    /// A game's animated replay to draw and attach (the adapter encodes it, after deferring if it must).
    pub replay: Option<Replay>,
    /// Set when the reply opens, updates or settles a challenge.
    pub challenge: Option<ChallengeRef>,
    /// The clock of the game the board shows ("alice to move, 2 d 4 h left"), drawn under the picture.
    pub clock: Option<Text>,
    /// A message for everyone in the channel, posted besides a private reply (a hint's notice that the game is
    /// now unrated).
    pub notice: Option<Text>,
    /// The language the reply was put in by [`Reply::localized`] (English until then).
    pub lang: Lang,
}

impl Reply {
    /// A message for everyone in the channel; the users its text mentions are notified.
    pub fn public(text: impl Into<Text>) -> Self {
        Reply {
            text: text.into(),
            ephemeral: false,
            board: None,
            buttons: Vec::new(),
            selects: Vec::new(),
            update: false,
            picking: None,
            files: Vec::new(),
            replay: None,
            challenge: None,
            clock: None,
            notice: None,
            lang: Lang::En,
        }
    }

    /// The reply in `lang`: its text, its buttons' labels and its clock line formatted, names and mentions kept
    /// as spans. An adapter calls it once it knows who reads the reply (see [`crate::i18n::Locales::of`]).
    #[must_use]
    pub fn localized(mut self, lang: Lang) -> Self {
        self.text = self.text.localized(lang);
        for button in &mut self.buttons {
            button.label = button.label.localized(lang);
        }
        for select in &mut self.selects {
            select.placeholder = select.placeholder.localized(lang);
            for option in &mut select.options {
                option.label = option.label.localized(lang);
            }
        }
        self.clock = self.clock.map(|c| c.localized(lang));
        self.notice = self.notice.map(|n| n.localized(lang));
        self.lang = lang;
        self
    }

    /// A message only the sender sees; nothing changed.
    pub fn private(text: impl Into<Text>) -> Self {
        Reply { ephemeral: true, ..Reply::public(text) }
    }

    #[must_use]
    pub(crate) fn with_board(mut self, board: BoardPicture) -> Self {
        self.board = Some(board);
        self
    }

    #[must_use]
    pub(crate) fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }

    /// The reply's board as drawn, in the reply's language: its title, and its picture (the picker's picture for
    /// a picker's step) with how the game ended over it and the clock under it. CPU work: adapters call it off
    /// the async runtime (`render::drawn`), and it is the one way they draw a board.
    pub fn draw_board(&self) -> Option<DrawnBoard> {
        let board = self.board.as_ref()?;
        let (lang, kind) = (self.lang, board.game.kind());
        // A board without a game id is an example (the rules' picture): its title is the game's.
        let title = if board.id == 0 {
            kind.title().to_string()
        } else {
            crate::t!("board-title", game = kind.title(), id = board.id, number = board.game.move_number())
                .plain_in(lang)
        };
        let clock = self.clock.as_ref().map(|c| c.isolated_in(lang));
        let names = board.names_in(lang);
        let png = if let Some(chosen) = &self.picking {
            let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
            let picture = board.game.pick_picture(&chosen, &names, lang);
            let png = crate::render::png_with_caption(&picture, clock.as_deref(), board.game.palette());
            crate::render::canvas::recycle(picture);
            png
        } else {
            let ended = board.ended.as_ref().map(|e| e.isolated_in(lang));
            board.game.board_png(&names, lang, ended.as_deref(), clock.as_deref())
        };
        Some(DrawnBoard { title, png })
    }

    #[must_use]
    pub(crate) fn with_file(mut self, file: File) -> Self {
        self.files.push(file);
        self
    }

    #[must_use]
    pub(crate) fn with_replay(mut self, replay: Replay) -> Self {
        self.replay = Some(replay);
        self
    }

    #[must_use]
    pub(crate) fn for_challenge(mut self, session: i64, message: Option<u64>) -> Self {
        self.challenge = Some(ChallengeRef { session, message });
        self
    }

    /// The users to notify: those the text mentions, in a public reply; nobody in a private one.
    pub fn pings(&self) -> Vec<u64> {
        if self.ephemeral { Vec::new() } else { self.text.mentions() }
    }
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("text", &self.text.to_plain())
            .field("ephemeral", &self.ephemeral)
            .field("board", &self.board.as_ref().map(|b| b.game.moves_text().len()))
            .field("buttons", &self.buttons)
            .field("selects", &self.selects)
            .field("update", &self.update)
            .field("picking", &self.picking)
            .field("files", &self.files.iter().map(|f| (&f.name, f.bytes.len())).collect::<Vec<_>>())
            .field("replay", &self.replay.as_ref().map(|r| r.id))
            .field("challenge", &self.challenge)
            .field("clock", &self.clock.as_ref().map(Text::to_plain))
            .field("lang", &self.lang)
            .field("notice", &self.notice.as_ref().map(Text::to_plain))
            .finish()
    }
}
