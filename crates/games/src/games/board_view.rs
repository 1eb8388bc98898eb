//! A position as the web board draws it, made by each engine ([`WebView::board_view`])
//! and sent to the page as JSON: every cell with its place, its shape and what stands on it, the coordinates to
//! write around the board, and each move as the cells (or the tile) it touches. The page reads no notation and
//! knows no game: a new game draws on it without a line of JavaScript.

use serde::Serialize;

use super::Engine;

/// A game as the web board shows it; each game implements it in its folder's `view.rs`.
pub trait WebView: Engine {
    /// The position as the web board draws it: cells, pieces, coordinates (see [`BoardView`]).
    fn board_view(&self) -> BoardView;

    /// What `mv` touches, for the web board: its cells, or the tile it places.
    fn move_view(&self, mv: Self::Move) -> MoveView;

    /// The legal moves as the web board offers them.
    fn legal_views(&self) -> Vec<MoveView> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().map(|mv| self.move_view(mv)).collect()
    }

    /// The positions from this one through each of `moves` (stored moves in notation), each with the move that
    /// led to it, for the web board's replay; it stops at a move the game refuses.
    fn frame_views(&self, moves: &[String]) -> Vec<FrameView> {
        let mut game = self.clone();
        let mut frames = vec![FrameView { board: game.board_view(), last: None }];
        for text in moves {
            let Ok(mv) = game.read_move(text) else { break };
            let last = game.move_view(mv);
            if game.play(mv).is_err() {
                break;
            }
            frames.push(FrameView { board: game.board_view(), last: Some(last) });
        }
        frames
    }
}

/// A position: its cells and the coordinates written around them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    pub cells: Vec<CellView>,
    pub labels: Vec<LabelView>,
}

/// One cell (a square, a point, a hex).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellView {
    /// The cell as moves name it ([`MoveView::from`], [`MoveView::to`]).
    pub name: String,
    /// Its centre, in cell widths, `y` growing downwards.
    pub x: f32,
    pub y: f32,
    pub shape: Shape,
    /// What the ground is, where it is not plain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ground: Option<Ground>,
    pub piece: Option<PieceView>,
    /// An empty place drawn only where a legal move goes (Tantrix's open spaces around the tiles).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Square,
    Point,
    Hex,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ground {
    /// Tablut's central square.
    Throne,
    /// Ashton Tablut's camps.
    Camp,
}

/// What stands on a cell: a disc of a colour with a mark on it, or a tile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<Disc>,
    /// What is written on the disc ("♚", "T2").
    pub mark: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<TileView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Disc {
    White,
    Black,
}

/// A tile with coloured lines: its number, how far it is turned, and its edges' colours unturned (`RYBYRB`,
/// clockwise from the top edge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TileView {
    pub number: u16,
    pub rotation: u8,
    pub edges: String,
}

/// A coordinate written beside the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LabelView {
    pub x: f32,
    pub y: f32,
    pub text: String,
}

/// One move as the page needs it: its notation (to send and to list), and the cells it touches or the tile it
/// places; a move with none of them (TZAAR's pass) is a button of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    pub text: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub tile: Option<TileView>,
}

impl MoveView {
    /// A move from one cell to another.
    pub(crate) fn between(text: String, from: Option<String>, to: Option<String>) -> MoveView {
        MoveView { text, from, to, tile: None }
    }
}

/// One position of a replay: the board, and the move that led to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameView {
    pub board: BoardView,
    pub last: Option<MoveView>,
}
