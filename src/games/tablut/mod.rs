//! TEMPORARY STUB (not committed): replaced by the real engine.
#![allow(clippy::wildcard_imports)]
use super::*;
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    moves: Vec<String>,
}
impl Engine for Game {
    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Ok(Game { setup: setup.clone(), moves: vec![] })
    }
    fn setup(&self) -> &Setup {
        &self.setup
    }
    fn seat_label(&self, seat: usize) -> String {
        if seat == 0 { "Black".into() } else { "White".into() }
    }
    fn to_move(&self) -> Option<usize> {
        if self.moves.len() >= 6 { None } else { Some(self.moves.len() % 2) }
    }
    fn play_text(&mut self, text: &str) -> Result<Vec<Played>, MoveError> {
        if !text.contains('-') {
            return Err(MoveError::Unreadable(format!("can't read `{text}`")));
        }
        let seat = self.moves.len() % 2;
        self.moves.push(text.into());
        Ok(vec![Played { notation: text.into(), effect: String::new(), seat }])
    }
    fn legal_moves_text(&self) -> Vec<String> {
        vec!["e8-d8".into()]
    }
    fn suggest(&self, _typed: &str, _limit: usize) -> Vec<String> {
        vec!["e8-d8".into()]
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.moves.len() >= 6).then(|| Outcome { winner: Some(1), reason: "stub".into() })
    }
    fn moves_text(&self) -> Vec<String> {
        self.moves.clone()
    }
    fn move_number(&self) -> usize {
        self.moves.len() + 1
    }
    fn text_board(&self) -> String {
        "board".into()
    }
    fn help() -> &'static str {
        "help"
    }
}
