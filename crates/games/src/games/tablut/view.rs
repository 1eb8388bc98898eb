//! The web board's view of a Tablut position: nine by nine squares, the throne and camps, the pieces as discs.

use crate::games::board_view::{
    BoardView, CellView, Disc, Ground, LabelView, MoveView, PieceView, Shape, WebView,
};
use crate::games::tablut::{Game, Move, SIZE, Square};

impl WebView for Game {
    fn board_view(&self) -> BoardView {
        let pos = self.position();
        let mut cells = Vec::with_capacity(usize::from(SIZE) * usize::from(SIZE));
        for rank in (0..SIZE).rev() {
            for file in 0..SIZE {
                let sq = Square::new(file, rank).expect("on the board");
                let disc = |colour, mark: &str| {
                    Some(PieceView { colour: Some(colour), mark: mark.into(), tile: None })
                };
                let piece = if sq == pos.king() {
                    disc(Disc::White, "♚")
                } else if pos.attackers() & sq.bit() != 0 {
                    disc(Disc::Black, "")
                } else if pos.defenders() & sq.bit() != 0 {
                    disc(Disc::White, "")
                } else {
                    None
                };
                let ground = if sq == Square::THRONE {
                    Some(Ground::Throne)
                } else if pos.rules().all_camps() & sq.bit() != 0 {
                    Some(Ground::Camp)
                } else {
                    None
                };
                let (x, y) = (f32::from(file), f32::from(SIZE - 1 - rank));
                cells.push(CellView {
                    name: sq.to_string(),
                    x,
                    y,
                    shape: Shape::Square,
                    ground,
                    piece,
                    open: false,
                });
            }
        }
        // Files below the board, ranks on its left, as the notation writes them.
        let files = (0..SIZE).map(|f| LabelView {
            x: f32::from(f),
            y: f32::from(SIZE) - 0.3,
            text: char::from(b'a' + f).to_string(),
        });
        let ranks =
            (0..SIZE).map(|r| LabelView { x: -0.85, y: f32::from(SIZE - 1 - r), text: (r + 1).to_string() });
        BoardView { cells, labels: files.chain(ranks).collect() }
    }

    fn move_view(&self, mv: Move) -> MoveView {
        MoveView::between(mv.to_string(), Some(mv.from.to_string()), Some(mv.to.to_string()))
    }
}
