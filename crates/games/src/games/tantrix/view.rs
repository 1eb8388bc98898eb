//! The web board's view of a Tantrix position: the placed tiles on their hexes, and the open hexes where the
//! player to move may place one.

use crate::games::board_view::{BoardView, CellView, MoveView, PieceView, Shape, TileView, WebView};
use crate::games::tantrix::{Game, Hex, Placement, Tile};

/// Where a hex is drawn (flat-topped, one hex width apart).
fn place(cell: Hex) -> (f32, f32) {
    let (q, r) = (cell.q as f32, cell.r as f32);
    (1.5 * q, 3f32.sqrt() * (r + q / 2.0))
}

fn tile_view(tile: Tile, rotation: u8) -> TileView {
    TileView {
        number: u16::from(tile.number()),
        rotation,
        edges: tile.edges(0).iter().map(|c| c.letter()).collect(),
    }
}

impl WebView for Game {
    fn board_view(&self) -> BoardView {
        let open: Vec<Hex> = self.legal_moves().iter().map(|p| p.cell).collect();
        solo_board(self.board().placements(), &open)
    }

    fn move_view(&self, mv: Placement) -> MoveView {
        solo_move(mv)
    }
}

/// The hexes with their tiles, and the `open` hexes where a tile may go: a game's board, or a puzzle for one
/// player's ([`crate::games::solo::Solo::board_view`]).
pub(crate) fn solo_board(placed: &[Placement], open: &[Hex]) -> BoardView {
    let mut cells: Vec<CellView> = placed
        .iter()
        .map(|p| {
            let (x, y) = place(p.cell);
            let tile = Some(tile_view(p.tile, p.rot));
            let piece = Some(PieceView { colour: None, mark: p.tile.number().to_string(), tile });
            CellView { name: p.cell.to_string(), x, y, shape: Shape::Hex, ground: None, piece, open: false }
        })
        .collect();
    let mut open = open.to_vec();
    open.sort_by_key(|h| (h.q, h.r));
    open.dedup();
    cells.extend(open.into_iter().map(|cell| {
        let (x, y) = place(cell);
        CellView { name: cell.to_string(), x, y, shape: Shape::Hex, ground: None, piece: None, open: true }
    }));
    BoardView { cells, labels: Vec::new() }
}

/// A placement as the web board offers it (its text, `tile@q,r:k`, is also [`crate::games::solo::SoloMove`]'s).
pub(crate) fn solo_move(p: Placement) -> MoveView {
    MoveView {
        text: p.to_string(),
        from: None,
        to: Some(p.cell.to_string()),
        tile: Some(tile_view(p.tile, p.rot)),
    }
}
