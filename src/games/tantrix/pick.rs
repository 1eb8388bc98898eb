//! Tantrix's move picker: the tile (the prompt says first which spaces are forced), then its place (the legal
//! cells for that tile, lettered on the board), then its rotation (the legal rotations drawn side by side, each
//! lettered); the session layer then previews the board, saying when the placement forces further fills.

use image::RgbaImage;

use super::{Game, Hex, Placement, Tile};
use crate::games::Phrase;
use crate::games::pick::{PickChoice, PickPath, Picker};
use crate::i18n::Lang;

/// The letters of the `i`-th choice on a picture: A to Z, then AA, AB…
pub(super) fn letters(i: usize) -> String {
    let mut n = i;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'A' + u8::try_from(n % 26).unwrap_or(0)));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out.iter().rev().collect()
}

impl Game {
    /// The legal cells for `tile`, in reading order (top to bottom, then left to right), as lettered.
    pub(super) fn pick_cells(moves: &[Placement], tile: Tile) -> Vec<Hex> {
        let mut cells: Vec<Hex> = moves.iter().filter(|p| p.tile == tile).map(|p| p.cell).collect();
        cells.sort_by_key(|h| (2 * h.r + h.q, h.q));
        cells.dedup();
        cells
    }

    /// The legal rotations of `tile` on `cell`, in order, as lettered.
    pub(super) fn pick_rotations(moves: &[Placement], tile: Tile, cell: Hex) -> Vec<u8> {
        let mut rots: Vec<u8> =
            moves.iter().filter(|p| p.tile == tile && p.cell == cell).map(|p| p.rot).collect();
        rots.sort_unstable();
        rots.dedup();
        rots
    }
}

impl Picker for Game {
    fn pick_paths(&self) -> Vec<PickPath> {
        let moves = Game::legal_moves(self);
        let tile_step = Phrase::new("pick-tantrix-tile", "Choose the tile to place");
        let cell_step = Phrase::new("pick-tantrix-cell", "Choose its place (lettered on the board)");
        let rot_step = Phrase::new("pick-tantrix-rotation", "Choose its rotation (lettered in the picture)");
        let mut out = Vec::with_capacity(moves.len());
        for p in &moves {
            let cells = Self::pick_cells(&moves, p.tile);
            let at = cells.iter().position(|c| *c == p.cell).unwrap_or(0);
            let rots = Self::pick_rotations(&moves, p.tile, p.cell);
            let turn = rots.iter().position(|r| *r == p.rot).unwrap_or(0);
            let (tile, cell, letter, rot) =
                (p.tile.to_string(), p.cell.to_string(), letters(at), letters(turn));
            let choices = vec![
                PickChoice {
                    label: Phrase::new("pick-tantrix-tile-label", format!("Tile {tile}")).str("tile", &tile),
                    value: tile,
                    step: tile_step.clone(),
                },
                PickChoice {
                    label: Phrase::new("pick-tantrix-cell-label", format!("{letter}: {cell}"))
                        .str("letter", &letter)
                        .str("cell", &cell),
                    value: cell,
                    step: cell_step.clone(),
                },
                PickChoice {
                    label: Phrase::new("pick-tantrix-rotation-label", format!("Rotation {rot}"))
                        .str("letter", &rot),
                    value: p.rot.to_string(),
                    step: rot_step.clone(),
                },
            ];
            out.push(PickPath { text: p.to_string(), choices });
        }
        out
    }

    fn pick_picture(&self, chosen: &[&str], names: &[String], lang: Lang) -> RgbaImage {
        let moves = Game::legal_moves(self);
        let tile = chosen.first().and_then(|t| t.parse::<u8>().ok()).and_then(Tile::new);
        let cell = chosen.get(1).and_then(|c| {
            let (q, r) = c.split_once(',')?;
            Some(Hex::new(q.parse().ok()?, r.parse().ok()?))
        });
        match (tile, cell) {
            (Some(tile), Some(cell)) => {
                super::picture::render_rotations(tile, &Self::pick_rotations(&moves, tile, cell), lang)
            }
            (Some(tile), None) => {
                super::picture::render_cells(self, &Self::pick_cells(&moves, tile), names, lang)
            }
            _ => super::picture::render_ended(self, names, lang, None),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn letters_run_on_past_z() {
        assert_eq!(super::letters(0), "A");
        assert_eq!(super::letters(25), "Z");
        assert_eq!(super::letters(26), "AA");
        assert_eq!(super::letters(27), "AB");
    }
}
