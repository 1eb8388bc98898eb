//! What the session layer answers: text, an optional board to draw, and buttons.

use crate::games::AnyGame;

/// A board to draw and attach to a reply (the adapter renders it, after deferring if it must).
#[derive(Clone)]
pub struct Board {
    pub game: AnyGame,
    /// Player names in seat order.
    pub names: Vec<String>,
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Success,
    Danger,
    Secondary,
}

/// A button under a message; its id says what it acts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub label: String,
    pub custom_id: String,
    pub style: ButtonStyle,
}

impl Button {
    pub fn new(label: impl Into<String>, custom_id: impl Into<String>, style: ButtonStyle) -> Self {
        Button { label: label.into(), custom_id: custom_id.into(), style }
    }
}

/// The answer to a command.
#[derive(Clone)]
pub struct Reply {
    /// Markdown text; user mentions are written `<@id>`.
    pub text: String,
    /// Shown only to the person who sent the command.
    pub ephemeral: bool,
    pub board: Option<Board>,
    pub buttons: Vec<Button>,
}

impl Reply {
    /// A message for everyone in the channel.
    pub fn public(text: impl Into<String>) -> Self {
        Reply { text: text.into(), ephemeral: false, board: None, buttons: Vec::new() }
    }

    /// A message only the sender sees; nothing changed.
    pub fn private(text: impl Into<String>) -> Self {
        Reply { text: text.into(), ephemeral: true, board: None, buttons: Vec::new() }
    }

    #[must_use]
    pub fn with_board(mut self, board: Board) -> Self {
        self.board = Some(board);
        self
    }

    #[must_use]
    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("text", &self.text)
            .field("ephemeral", &self.ephemeral)
            .field("board", &self.board.as_ref().map(|b| b.game.moves_text().len()))
            .field("buttons", &self.buttons)
            .finish()
    }
}
