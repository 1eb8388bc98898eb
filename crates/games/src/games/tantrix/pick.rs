//! Tantrix's move picker: the tile (the prompt says first which spaces are forced), then its place (the legal
//! cells for that tile, lettered on the board), then its rotation (the legal rotations drawn side by side, each
//! lettered); the session layer then previews the board, saying when the placement forces further fills.

use image::RgbaImage;

use super::{Game, Hex, Placement, Tile};
use crate::games::Phrase;
use crate::games::pick::{PickChoice, PickPath, Picker};
use crate::i18n::Lang;

pub(super) use crate::games::pick::letters;

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

/// The tile's label in the picker: its number and its six edges' colours clockwise from the top, as the hand
/// shows it ("Tile 21: red, blue, blue, yellow, red, yellow"), so that it reads without its icon.
fn tile_label(tile: Tile) -> Phrase {
    let colours = tile.edges(0).map(super::phrases::colour);
    let colours = Phrase::joined(colours.to_vec(), ", ").unwrap_or_else(|| Phrase::as_written(""));
    Phrase::new("pick-tantrix-tile-label", format!("Tile {tile}: {colours}"))
        .str("tile", tile)
        .phrase("colours", colours)
}

impl Picker for Game {
    /// Each tile, by its number, as the hands show it.
    const ICONS: u8 = Tile::COUNT;

    fn pick_icon(key: u8) -> Option<RgbaImage> {
        Tile::new(key).map(super::tile_picture::tile_icon)
    }

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
                    icon: Some(p.tile.number()),
                    ..PickChoice::new(tile, tile_label(p.tile), &tile_step)
                },
                PickChoice::new(
                    cell.clone(),
                    Phrase::new("pick-tantrix-cell-label", format!("{letter}: {cell}"))
                        .str("letter", &letter)
                        .str("cell", &cell),
                    &cell_step,
                ),
                PickChoice::new(
                    p.rot.to_string(),
                    Phrase::new("pick-tantrix-rotation-label", format!("Rotation {rot}")).str("letter", &rot),
                    &rot_step,
                ),
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
    use crate::games::pick::Picker;
    use crate::games::tantrix::{Game, Tile};

    #[test]
    fn every_tile_icon_is_a_small_square_png_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        for tile in Tile::all() {
            let icon = <Game as Picker>::pick_icon(tile.number()).expect("every tile has its icon");
            let png = crate::render::canvas::encode_png(&icon);
            assert!(png.len() < 256 * 1024, "tile {tile}: {} bytes, over Discord's 256 KiB", png.len());
            let decoded = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
                .unwrap_or_else(|e| panic!("tile {tile}'s icon decodes as PNG: {e}"))
                .to_rgba8();
            assert_eq!(decoded.width(), decoded.height(), "tile {tile}'s icon is square");
            assert!((64..=256).contains(&decoded.width()), "tile {tile}: {}px", decoded.width());
            assert_eq!(decoded.get_pixel(0, 0).0[3], 0, "tile {tile}: transparent outside the hex");
            let middle = decoded.width() / 2;
            assert_eq!(decoded.get_pixel(middle, middle).0[3], 255, "tile {tile}: opaque inside");
            assert!(seen.insert(decoded.into_raw()), "tile {tile}'s icon is another tile's");
        }
        assert_eq!(<Game as Picker>::pick_icon(0), None);
        assert_eq!(<Game as Picker>::pick_icon(57), None);
    }

    #[test]
    fn a_tile_label_names_its_edges_colours() {
        let tile = Tile::new(1).unwrap();
        let label = super::tile_label(tile).to_string();
        assert!(label.starts_with("Tile 1: "), "{label}");
        assert_eq!(label.matches(", ").count(), 5, "{label}");
        assert!(label.chars().count() <= 100);
    }

    #[test]
    fn letters_run_on_past_z() {
        assert_eq!(super::letters(0), "A");
        assert_eq!(super::letters(25), "Z");
        assert_eq!(super::letters(26), "AA");
        assert_eq!(super::letters(27), "AB");
    }
}
