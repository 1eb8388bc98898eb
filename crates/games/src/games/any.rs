//! [`AnyGame`]'s and [`GameKind`]'s methods, written once for every game: each is one line over the registry's
//! dispatch (`each_game!`, `each_kind!`), a `match` that calls the game's own [`Engine`], [`Picture`] or
//! [`Player`] method, statically.

use std::time::Duration;

use image::RgbaImage;

use super::pick::Picker;
use super::{
    AnyGame, Engine, GameKind, MoveError, Outcome, Phrase, Picture, Played, Player, Setup, SetupError,
    each_game, each_kind,
};
use crate::ai::Limits;
use crate::i18n::Lang;

impl AnyGame {
    /// A new game of `kind`.
    pub fn new(kind: GameKind, setup: &Setup) -> Result<Self, SetupError> {
        each_kind!(kind, G => <G as Engine>::new(setup).map(Into::into))
    }

    /// Rebuilds a game from its setup and stored moves, re-validating each move.
    pub fn replay(kind: GameKind, setup: &Setup, moves: &[String]) -> Result<Self, SetupError> {
        each_kind!(kind, G => <G as Engine>::replay(setup, moves).map(Into::into))
    }

    pub fn setup(&self) -> &Setup {
        each_game!(self, g => Engine::setup(g))
    }

    pub fn seat_label(&self, seat: usize) -> String {
        each_game!(self, g => Engine::seat_label(g, seat))
    }

    /// The word a record writes for `seat` in its result (see [`Engine::seat_name`]).
    pub fn seat_name(&self, seat: usize) -> String {
        each_game!(self, g => Engine::seat_name(g, seat))
    }

    /// The result as a record writes it (see [`Engine::result_notation`]).
    pub fn result_notation(&self) -> String {
        each_game!(self, g => Engine::result_notation(g))
    }

    pub fn to_move(&self) -> Option<usize> {
        each_game!(self, g => Engine::to_move(g))
    }

    pub fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError> {
        each_game!(self, g => Engine::play_text(g, text))
    }

    pub fn legal_moves_text(&self) -> Vec<String> {
        each_game!(self, g => Engine::legal_moves_text(g))
    }

    pub fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        each_game!(self, g => Engine::suggest(g, typed, limit))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => Engine::outcome(g))
    }

    pub fn moves_text(&self) -> Vec<String> {
        each_game!(self, g => Engine::moves_text(g))
    }

    pub fn move_number(&self) -> usize {
        each_game!(self, g => Engine::move_number(g))
    }

    pub fn text_board(&self) -> String {
        each_game!(self, g => Engine::text_board(g))
    }

    /// What the player to move must do now, when the game asks more than "your move": TZAAR's phases, Tantrix's
    /// forced spaces.
    pub fn prompt(&self) -> Option<Phrase> {
        each_game!(self, g => Engine::prompt(g))
    }

    /// The seats' places by the rules as the game stands (see [`Engine::places`]).
    pub fn places(&self) -> Vec<usize> {
        each_game!(self, g => Engine::places(g))
    }

    /// Each seat's score, for games that count scores.
    pub fn scores(&self) -> Option<Vec<u32>> {
        each_game!(self, g => Engine::scores(g))
    }

    /// The board picture, with the players' names in seat order and its words in `lang`.
    pub fn render(&self, names: &[String], lang: Lang) -> RgbaImage {
        each_game!(self, g => Picture::render(g, names, lang))
    }

    /// The board picture of a game that `ended` though its moves did not end it (see [`Picture::render_ended`]).
    pub fn render_ended(&self, names: &[String], lang: Lang, ended: Option<&str>) -> RgbaImage {
        each_game!(self, g => Picture::render_ended(g, names, lang, ended))
    }

    /// The game's fixed palette, in which its pictures are encoded (see [`Picture::palette`]).
    pub fn palette(&self) -> &'static crate::render::Palette {
        self.kind().palette()
    }

    /// The board as text for the console, its words in `lang`, saying how the game `ended` when its moves did not
    /// end it (see [`Picture::text_picture`]).
    pub fn text_picture(&self, names: &[String], lang: Lang, ended: Option<&str>) -> String {
        each_game!(self, g => Picture::text_picture(g, names, lang, ended))
    }

    /// The frames of an animated replay from this position: this picture, then one after each of `moves`, all of
    /// one size (see [`Picture::replay_frames`]).
    pub fn replay_frames(
        &self,
        moves: &[String],
        names: (&[String], Option<&str>),
        lang: Lang,
        frame: &mut dyn FnMut(RgbaImage),
    ) -> Result<(), MoveError> {
        each_game!(self, g => Picture::replay_frames(g, moves, names, lang, frame))
    }

    /// Every legal move (or whole turn) with the picker's choices that lead to it (see [`Picker::pick_paths`]).
    pub fn pick_paths(&self) -> Vec<super::pick::PickPath> {
        each_game!(self, g => Picker::pick_paths(g))
    }

    /// The position as the web board draws it (see [`WebView::board_view`](super::board_view::WebView::board_view)).
    pub fn board_view(&self) -> super::board_view::BoardView {
        each_game!(self, g => super::board_view::WebView::board_view(g))
    }

    /// The legal moves as the web board offers them (see [`WebView::legal_views`](super::board_view::WebView::legal_views)).
    pub fn legal_views(&self) -> Vec<super::board_view::MoveView> {
        each_game!(self, g => super::board_view::WebView::legal_views(g))
    }

    /// The positions through each of `moves`, for a replay (see [`WebView::frame_views`](super::board_view::WebView::frame_views)).
    pub fn frame_views(&self, moves: &[String]) -> Vec<super::board_view::FrameView> {
        each_game!(self, g => super::board_view::WebView::frame_views(g, moves))
    }

    /// The picker's picture of the step after `chosen` (see [`Picker::pick_picture`]).
    pub fn pick_picture(&self, chosen: &[&str], names: &[String], lang: Lang) -> RgbaImage {
        each_game!(self, g => Picker::pick_picture(g, chosen, names, lang))
    }

    /// A one-ply greedy player's choice, ties broken by `seed`.
    pub fn greedy(&self, seed: u64) -> Vec<String> {
        each_game!(self, g => Player::greedy(g, seed))
    }

    /// A tactic at this position, if there is one (see [`Tactics::find_tactic`](super::tactic::Tactics::find_tactic)).
    pub fn find_tactic(&self, budget: u64) -> Option<super::tactic::Found> {
        each_game!(self, g => super::tactic::Tactics::find_tactic(g, budget))
    }
}

/// The work that depends on a game's type only: its metadata, the AI's limits, the rules of draws and rematches.
impl GameKind {
    /// The game's fixed palette, in which its pictures are encoded (see [`Picture::palette`]).
    pub fn palette(self) -> &'static crate::render::Palette {
        each_kind!(self, G => <G as Picture>::palette())
    }

    /// Everything the game says about itself: names, seats, variants, help.
    pub fn info(self) -> &'static super::GameInfo {
        each_kind!(self, G => <G as Engine>::INFO)
    }

    /// The AI's limits at `level` (clamped to 1..=5), with `top` the time budget of level 5.
    pub fn limits(self, level: u8, top: Duration, seed: u64) -> Limits {
        let level = level.clamp(*crate::ai::LEVELS.start(), *crate::ai::LEVELS.end());
        each_kind!(self, G => <G as Player>::limits(level, top, seed))
    }

    /// Whether the players may agree to a draw (see [`Engine::DRAW_BY_AGREEMENT`]).
    pub fn draw_by_agreement(self) -> bool {
        each_kind!(self, G => <G as Engine>::DRAW_BY_AGREEMENT)
    }

    /// Whether the game's start depends on its setup's seed (see [`Engine::SHUFFLES`]).
    pub fn shuffles(self) -> bool {
        each_kind!(self, G => <G as Engine>::SHUFFLES)
    }

    /// The seats of a rematch of `seats` players: `order[new_seat]` is the old seat that sits there.
    pub fn rematch_order(self, seats: usize) -> Vec<usize> {
        each_kind!(self, G => <G as Engine>::rematch_order(seats))
    }

    /// Random plies at the start of an AI-against-AI game (see [`Player::ARENA_OPENING_PLIES`]).
    pub fn arena_opening_plies(self) -> usize {
        each_kind!(self, G => <G as Player>::ARENA_OPENING_PLIES)
    }
}
