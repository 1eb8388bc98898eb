//! Tantrix Solitaire: the tiles 1 to 14 shuffled into a stack (seeded by the day, so that the day's puzzle is the
//! same for everyone), drawn one at a time; each drawn tile is put down at once, touching the layout (the first on
//! the centre) with every touching edge matching, and a tile that can fill a forced space (an empty cell with three
//! or more tiles around it) must fill one. The goal is one line of the day's colour through all 14 tiles, or better a
//! loop; the score is the best chain of that colour as the game scores it (a line 1 a tile, a loop 2). A drawn tile
//! that fits nowhere ends the puzzle where it stands *(choice)*. Every one of the tiles 1 to 14 carries red, blue and
//! yellow, so the day's colour is one of the three, in turn. See `tantrix.md`, "One player".

use std::fmt;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use image::RgbaImage;

use super::{Board, Colour, Direction, Hex, Placement, Tile, parse_placements, phrases, picture, view};
use crate::games::Phrase;
use crate::games::board_view::{BoardView, MoveView};
use crate::games::solo::{Solo, SoloHint, SoloInfo, SoloMarks, SoloMove, SoloVerdict, days};
use crate::i18n::Lang;
use crate::render::Palette;

/// The tiles of a Solitaire.
pub const TILES: u8 = 14;

/// The colours every tile of 1 to 14 carries, in the order the days take them.
const COLOURS: [Colour; 3] = [Colour::Red, Colour::Blue, Colour::Yellow];

/// A day's Solitaire as it is being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solitaire {
    /// The day (`2026-12-07`), which seeds the stack and names the colour.
    day: String,
    colour: Colour,
    stack: Vec<Tile>,
    placed: Vec<Placement>,
}

/// Why a Solitaire cannot start, or a tile cannot go where it was asked to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolitaireError {
    #[error("{0} is not a day: write it YYYY-MM-DD")]
    Day(String),
    #[error("tile {0} is not the tile drawn")]
    NotDrawn(Tile),
    #[error("every tile is down")]
    Over,
    #[error("tile {tile} does not go on {cell} turned {rot}")]
    Illegal { tile: Tile, cell: Hex, rot: u8 },
    #[error("the layout cannot be read: {0}")]
    Unreadable(String),
}

impl Solitaire {
    /// The Solitaire of `day` (`YYYY-MM-DD`), nothing down.
    pub fn new(day: &str) -> Result<Solitaire, SolitaireError> {
        let n = days(day).ok_or_else(|| SolitaireError::Day(day.to_string()))?;
        let mut stack: Vec<Tile> = (1..=TILES).filter_map(Tile::new).collect();
        stack.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5017_7A12 ^ n as u64));
        let colour = COLOURS[n.rem_euclid(3) as usize];
        Ok(Solitaire { day: day.to_string(), colour, stack, placed: Vec::new() })
    }

    /// The day's Solitaire with `text` (the placements in notation, in order) played.
    pub fn read(day: &str, text: &str) -> Result<Solitaire, SolitaireError> {
        let mut s = Solitaire::new(day)?;
        for p in parse_placements(text).map_err(|e| SolitaireError::Unreadable(e.to_string()))? {
            s.put(p)?;
        }
        Ok(s)
    }

    pub fn day(&self) -> &str {
        &self.day
    }

    /// The colour of the day.
    pub fn colour(&self) -> Colour {
        self.colour
    }

    pub fn placed(&self) -> &[Placement] {
        &self.placed
    }

    /// The tiles still in the stack, the next to draw first.
    pub fn stack(&self) -> &[Tile] {
        &self.stack[self.placed.len()..]
    }

    /// The tile drawn, to put down now (none once every tile is down).
    pub fn drawn(&self) -> Option<Tile> {
        self.stack.get(self.placed.len()).copied()
    }

    pub fn board(&self) -> Board {
        Board::of(&self.placed)
    }

    /// Every legal placement of the drawn tile: on an empty cell touching the layout (the centre for the first)
    /// with every touching edge matching, and into a forced space when it can fill one.
    pub fn moves(&self) -> Vec<Placement> {
        let Some(tile) = self.drawn() else { return Vec::new() };
        let board = self.board();
        if board.is_empty() {
            return (0..6).map(|rot| Placement { tile, cell: Hex::new(0, 0), rot }).collect();
        }
        let fits = |cell: Hex, rot: u8| {
            let sides = board.sides(cell);
            Direction::ALL.into_iter().zip(sides).all(|(d, side)| side.is_none_or(|c| tile.edge(rot, d) == c))
        };
        let all = |cells: Vec<Hex>| -> Vec<Placement> {
            cells
                .into_iter()
                .flat_map(|cell| {
                    (0..6).filter(move |&rot| fits(cell, rot)).map(move |rot| Placement { tile, cell, rot })
                })
                .collect()
        };
        let forced = all(board.forced_spaces());
        if forced.is_empty() { all(board.frontier()) } else { forced }
    }

    /// Puts the drawn tile down as `p` says.
    pub fn put(&mut self, p: Placement) -> Result<(), SolitaireError> {
        let drawn = self.drawn().ok_or(SolitaireError::Over)?;
        if p.tile != drawn {
            return Err(SolitaireError::NotDrawn(p.tile));
        }
        if !self.moves().contains(&p) {
            return Err(SolitaireError::Illegal { tile: p.tile, cell: p.cell, rot: p.rot });
        }
        self.placed.push(p);
        Ok(())
    }

    /// Whether it is over: every tile down, or the drawn tile fits nowhere.
    pub fn is_over(&self) -> bool {
        self.drawn().is_none() || self.moves().is_empty()
    }

    /// The best chain of the day's colour: its score (a line 1 a tile, a loop 2), whether it is a loop, and its
    /// tiles.
    pub fn chain(&self) -> (u32, bool, usize) {
        let chain = self.board().best_chain(self.colour);
        (chain.score, chain.is_loop, chain.cells.len())
    }
}

/// The placements in notation, as [`Solitaire::read`] reads them.
impl fmt::Display for Solitaire {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::games::tantrix::notation::write_placements(f, &self.placed)
    }
}

/// Solitaire in the registry (Tantrix's puzzle of the day).
pub(crate) static SOLO: SoloInfo = SoloInfo { name: "solitaire", title: "Solitaire", sizes: None, read };

fn read(spec: &str, state: &str) -> Result<Box<dyn Solo>, Phrase> {
    Solitaire::read(spec, state).map(|s| Box::new(s) as Box<dyn Solo>).map_err(|e| refusal(&e))
}

/// Why a tile cannot go where it was asked, as a phrase.
fn refusal(why: &SolitaireError) -> Phrase {
    match why {
        SolitaireError::Day(day) => {
            Phrase::new("solitaire-day", format!("{day} is not a day: write it YYYY-MM-DD")).str("day", day)
        }
        SolitaireError::NotDrawn(t) => {
            Phrase::new("solitaire-not-drawn", format!("tile {t} is not the tile drawn")).str("tile", t)
        }
        SolitaireError::Over => Phrase::new("solitaire-over", "every tile is down"),
        SolitaireError::Illegal { tile, cell, rot } => Phrase::new(
            "solitaire-illegal",
            format!(
                "tile {tile} does not go on {cell} turned {rot}: choose one of the places and turns shown"
            ),
        )
        .str("tile", tile)
        .str("cell", cell)
        .str("rot", rot),
        SolitaireError::Unreadable(why) => {
            Phrase::new("solitaire-unreadable", format!("the layout cannot be read: {why}")).str("why", why)
        }
    }
}

use crate::games::tantrix::notation::parse_cell as cell;

impl Solo for Solitaire {
    fn size(&self) -> u8 {
        TILES
    }

    fn state(&self) -> String {
        self.to_string()
    }

    fn goal(&self) -> Phrase {
        Phrase::new(
            "solitaire-goal",
            format!(
                "each tile drawn goes down at once, into a forced space when it fits one; make the longest {} line \
                 (a loop scores double)",
                self.colour.name()
            ),
        )
        .phrase("colour", phrases::colour(self.colour))
    }

    fn off(&self) -> Vec<u8> {
        if self.is_over() { Vec::new() } else { self.drawn().map(Tile::number).into_iter().collect() }
    }

    fn on(&self) -> Vec<u8> {
        let mut on: Vec<u8> = self.placed.iter().map(|p| p.tile.number()).collect();
        on.sort_unstable();
        on
    }

    fn places(&self, piece: u8) -> Vec<String> {
        let mut cells: Vec<Hex> =
            self.moves().iter().filter(|p| p.tile.number() == piece).map(|p| p.cell).collect();
        cells.sort_by_key(|h| (2 * h.r + h.q, h.q));
        cells.dedup();
        cells.iter().map(ToString::to_string).collect()
    }

    fn turns(&self, piece: u8, place: &str) -> Vec<u8> {
        let Some(at) = cell(place) else { return Vec::new() };
        self.moves().iter().filter(|p| p.tile.number() == piece && p.cell == at).map(|p| p.rot).collect()
    }

    fn put(&mut self, m: &SoloMove) -> Result<(), Phrase> {
        let tile = Tile::new(m.piece).ok_or_else(|| refusal(&SolitaireError::Over))?;
        let at = cell(&m.place)
            .ok_or_else(|| refusal(&SolitaireError::Illegal { tile, cell: Hex::new(0, 0), rot: m.turn }))?;
        Solitaire::put(self, Placement { tile, cell: at, rot: m.turn }).map_err(|e| refusal(&e))
    }

    fn lift(&mut self, _piece: u8) -> Result<(), Phrase> {
        Err(Phrase::new("solitaire-no-lift", "in Solitaire a tile stays where it was put"))
    }

    fn board_view(&self) -> BoardView {
        let open: Vec<Hex> = self.moves().iter().map(|p| p.cell).collect();
        view::solo_board(&self.placed, &open)
    }

    fn legal_views(&self) -> Vec<MoveView> {
        self.moves().into_iter().map(view::solo_move).collect()
    }

    fn last_put(&self) -> Option<u8> {
        None
    }

    fn movable(&self) -> bool {
        false
    }

    fn hints(&self) -> bool {
        false
    }

    fn verdict(&self) -> SoloVerdict {
        if !self.is_over() {
            return SoloVerdict::Unfinished;
        }
        let (score, is_loop, tiles) = self.chain();
        let colour = self.colour.name();
        let made = if is_loop {
            Phrase::new("solitaire-made-loop", format!("a {colour} loop of {tiles} tiles"))
        } else if tiles == 1 {
            Phrase::new("solitaire-made-line", format!("a {colour} line of one tile"))
        } else {
            Phrase::new("solitaire-made-line", format!("a {colour} line of {tiles} tiles"))
        }
        .phrase("colour", phrases::colour(self.colour))
        .number("tiles", tiles);
        let made = match self.drawn() {
            Some(stuck) => {
                Phrase::new("solitaire-stuck", format!("tile {stuck} fits nowhere, so it ends here: {made}"))
                    .str("tile", stuck)
                    .phrase("made", made)
            }
            None => made,
        };
        SoloVerdict::Scored(score, made)
    }

    fn hint(&self, _seed: u64, _limit: u64) -> SoloHint {
        SoloHint::Unknown
    }

    fn picture(&self, marks: &SoloMarks, lang: Lang) -> RgbaImage {
        let cells = marks.places.iter().filter_map(|p| cell(p)).collect();
        let marks =
            picture::DiscoveryMarks { seconds: marks.seconds, actions: marks.actions, cells, hint: None };
        picture::render_solitaire(self, &marks, lang)
    }

    fn turns_picture(&self, piece: u8, turns: &[u8], lang: Lang) -> RgbaImage {
        picture::render_piece_turns(piece, turns, lang)
    }

    fn palette(&self) -> &'static Palette {
        picture::palette()
    }

    fn copy(&self) -> Box<dyn Solo> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_has_one_stack_and_colour_for_everyone() {
        let a = Solitaire::new("2026-12-07").unwrap();
        assert_eq!(a, Solitaire::new("2026-12-07").unwrap());
        let b = Solitaire::new("2026-12-08").unwrap();
        assert_ne!(a.stack(), b.stack());
        assert_ne!(a.colour(), b.colour());
        let mut tiles: Vec<u8> = a.stack().iter().map(|t| t.number()).collect();
        tiles.sort_unstable();
        assert_eq!(tiles, (1..=14).collect::<Vec<_>>());
        assert!(Solitaire::new("tomorrow").is_err());
    }

    /// Plays the day with `choose` picking among the legal placements; the Solitaire at its end.
    fn play(day: &str, choose: impl Fn(&Solitaire, &[Placement]) -> usize) -> Solitaire {
        let mut s = Solitaire::new(day).unwrap();
        while !s.is_over() {
            let moves = s.moves();
            let p = moves[choose(&s, &moves) % moves.len()];
            s.put(p).unwrap();
        }
        s
    }

    #[test]
    fn only_the_drawn_tile_goes_down_where_it_touches_and_matches_and_forced_spaces_come_first() {
        for (k, day) in ["2026-12-07", "2026-12-08", "2027-01-01", "2030-06-15"].iter().enumerate() {
            let s = play(day, |s, moves| s.placed().len() * 7 + k * 3 + moves.len() / 2);
            // Replayed from its notation, it is the same.
            assert_eq!(Solitaire::read(day, &s.to_string()).unwrap(), s);
            // Each placement, replayed, was the drawn tile, touching, matching, into a forced space if it could.
            let mut again = Solitaire::new(day).unwrap();
            for &p in s.placed() {
                let board = again.board();
                assert_eq!(Some(p.tile), again.drawn());
                if !board.is_empty() {
                    assert!(board.neighbour_count(p.cell) > 0 && board.get(p.cell).is_none());
                    let forced = board.forced_spaces();
                    let could_fill = forced.iter().any(|&c| {
                        (0..6).any(|rot| {
                            Direction::ALL
                                .into_iter()
                                .zip(board.sides(c))
                                .all(|(d, side)| side.is_none_or(|col| p.tile.edge(rot, d) == col))
                        })
                    });
                    assert_eq!(forced.contains(&p.cell), could_fill, "{day}: {p}");
                }
                again.put(p).unwrap();
            }
            // Another tile, or the drawn tile where it does not go, is refused.
            let mut fresh = Solitaire::new(day).unwrap();
            let drawn = fresh.drawn().unwrap();
            let other = fresh.stack()[1];
            assert_eq!(
                fresh.put(Placement { tile: other, cell: Hex::new(0, 0), rot: 0 }),
                Err(SolitaireError::NotDrawn(other))
            );
            let far = Placement { tile: drawn, cell: Hex::new(3, 3), rot: 0 };
            assert!(matches!(fresh.put(far), Err(SolitaireError::Illegal { .. })));
            let (score, is_loop, tiles) = s.chain();
            assert_eq!(score as usize, if is_loop { 2 * tiles } else { tiles });
            assert!(tiles >= 1 && tiles <= s.placed().len());
        }
    }
}
