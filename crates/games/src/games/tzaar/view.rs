//! The web board's view of a TZAAR position: the 60 points in their columns, each stack a disc with its type's
//! letter and its height.

use crate::games::board_view::{BoardView, CellView, Disc, LabelView, MoveView, PieceView, Shape, WebView};
use crate::games::tzaar::{Game, Move, Point, Side};

/// Columns sit this far apart (the points of a column one apart): the points make equilateral triangles.
const COLUMN_WIDTH: f32 = 0.866;

/// Where a point is drawn: column `x` across, and up the column by its `y`, half a step higher per column to the
/// right, so that the columns lean as the board's lines do.
fn place(x: i32, y: i32) -> (f32, f32) {
    (x as f32 * COLUMN_WIDTH, 6.0 - y as f32 + x as f32 / 2.0)
}

impl WebView for Game {
    fn board_view(&self) -> BoardView {
        let pos = self.position();
        let mut cells = Vec::new();
        let mut bottoms: Vec<(i32, f32)> = Vec::new();
        for p in Point::all() {
            let (x, y) = p.xy();
            let piece = pos.stack(p).map(|s| {
                let letter = s.kind.letter().to_string();
                PieceView {
                    colour: Some(if s.side == Side::White { Disc::White } else { Disc::Black }),
                    mark: if s.height > 1 { format!("{letter}{}", s.height) } else { letter },
                    tile: None,
                }
            });
            let (cx, cy) = place(x, y);
            match bottoms.iter_mut().find(|(column, _)| *column == x) {
                Some((_, bottom)) => *bottom = bottom.max(cy),
                None => bottoms.push((x, cy)),
            }
            cells.push(CellView {
                name: p.to_string(),
                x: cx,
                y: cy,
                shape: Shape::Point,
                ground: None,
                piece,
                open: false,
            });
        }
        // Each column's letter below its lowest point.
        let labels = bottoms
            .into_iter()
            .map(|(x, bottom)| LabelView {
                x: x as f32 * COLUMN_WIDTH,
                y: bottom + 0.8,
                text: char::from(b'A' + x as u8).to_string(),
            })
            .collect();
        BoardView { cells, labels }
    }

    fn move_view(&self, mv: Move) -> MoveView {
        MoveView::between(mv.to_string(), mv.from().map(|p| p.to_string()), mv.to().map(|p| p.to_string()))
    }
}
