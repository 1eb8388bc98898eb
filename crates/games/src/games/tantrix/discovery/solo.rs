//! Discovery as the session layer drives any puzzle for one player ([`Solo`]): tiles by number, cells written
//! `q,r`, turns 0 to 5; what goes wrong said as engine phrases (`assets/locales/*/engine.ftl`, `discovery-…`).

use image::RgbaImage;

use super::{Discovery, DiscoveryError, NextTile, SIZES, Verdict};
use crate::games::Phrase;
use crate::games::board_view::{BoardView, MoveView};
use crate::games::solo::{Solo, SoloHint, SoloInfo, SoloMarks, SoloMove, SoloVerdict};
use crate::games::tantrix::{Hex, Placement, Tile, phrases, picture, view};
use crate::i18n::Lang;
use crate::render::Palette;

/// Discovery in the registry (Tantrix's puzzle for one player).
pub(crate) static SOLO: SoloInfo =
    SoloInfo { name: "discovery", title: "Discovery", sizes: Some(SIZES), read };

fn read(spec: &str, state: &str) -> Result<Box<dyn Solo>, Phrase> {
    let size = spec.parse().map_err(|_| refusal(&DiscoveryError::Unreadable(spec.to_string())))?;
    Discovery::read(size, state).map(|d| Box::new(d) as Box<dyn Solo>).map_err(|e| refusal(&e))
}

use crate::games::tantrix::notation::parse_cell as cell;

/// Why a tile cannot go where it was asked, as a phrase.
fn refusal(why: &DiscoveryError) -> Phrase {
    match why {
        DiscoveryError::Size(n) => Phrase::new(
            "discovery-size",
            format!("there is no Discovery puzzle of {n} tiles: choose 3 to 30"),
        )
        .number("size", usize::from(*n)),
        DiscoveryError::NoTile(n) => {
            Phrase::new("discovery-no-tile", format!("this puzzle has no tile {n}")).str("tile", n)
        }
        DiscoveryError::NotPlaced(t) => {
            Phrase::new("discovery-not-down", format!("tile {t} is not down")).str("tile", t)
        }
        DiscoveryError::Taken(c) => {
            Phrase::new("discovery-taken", format!("{c} is taken: choose an empty place")).str("cell", c)
        }
        DiscoveryError::Apart => Phrase::new(
            "discovery-apart",
            "a tile must touch the tiles down (the first goes on the centre, 0,0)",
        ),
        DiscoveryError::Mismatch(t) => Phrase::new(
            "discovery-mismatch",
            format!(
                "tile {t} turned that way does not match the tiles beside it: choose one of the turns shown"
            ),
        )
        .str("tile", t),
        DiscoveryError::Unreadable(why) => {
            Phrase::new("discovery-unreadable", format!("the layout cannot be read: {why}")).str("why", why)
        }
    }
}

fn tile(piece: u8) -> Result<Tile, Phrase> {
    Tile::new(piece).ok_or_else(|| refusal(&DiscoveryError::NoTile(piece)))
}

impl Solo for Discovery {
    fn size(&self) -> u8 {
        Discovery::size(self)
    }

    fn state(&self) -> String {
        self.to_string()
    }

    fn goal(&self) -> Phrase {
        let colour = phrases::colour(self.colour());
        Phrase::new(
            "discovery-goal",
            format!(
                "the {} lines make one loop through all {} tiles, with no holes",
                self.colour().name(),
                self.size()
            ),
        )
        .phrase("colour", colour)
        .number("size", usize::from(self.size()))
    }

    fn off(&self) -> Vec<u8> {
        self.unplaced().iter().map(|t| t.number()).collect()
    }

    fn on(&self) -> Vec<u8> {
        let mut on: Vec<u8> = self.placed().iter().map(|p| p.tile.number()).collect();
        on.sort_unstable();
        on
    }

    fn places(&self, piece: u8) -> Vec<String> {
        match Tile::new(piece).filter(|t| t.number() <= self.size()) {
            Some(t) => self.cells_for(t).iter().map(ToString::to_string).collect(),
            None => Vec::new(),
        }
    }

    fn turns(&self, piece: u8, place: &str) -> Vec<u8> {
        match (Tile::new(piece), cell(place)) {
            (Some(t), Some(c)) if self.cells_for(t).contains(&c) => self.rotations(t, c),
            _ => Vec::new(),
        }
    }

    fn put(&mut self, m: &SoloMove) -> Result<(), Phrase> {
        let tile = tile(m.piece)?;
        let cell = cell(&m.place).ok_or_else(|| {
            Phrase::new("discovery-not-a-place", format!("{} is not a cell: write it q,r", m.place))
                .str("place", &m.place)
        })?;
        Discovery::put(self, Placement { tile, cell, rot: m.turn % 6 }).map_err(|e| refusal(&e))
    }

    fn lift(&mut self, piece: u8) -> Result<(), Phrase> {
        Discovery::lift(self, tile(piece)?).map(|_| ()).map_err(|e| refusal(&e))
    }

    fn board_view(&self) -> BoardView {
        let open: Vec<Hex> = self.unplaced().into_iter().flat_map(|t| self.cells_for(t)).collect();
        view::solo_board(self.placed(), &open)
    }

    fn legal_views(&self) -> Vec<MoveView> {
        let mut moves = Vec::new();
        for tile in self.unplaced() {
            for cell in self.cells_for(tile) {
                for rot in self.rotations(tile, cell) {
                    moves.push(view::solo_move(Placement { tile, cell, rot }));
                }
            }
        }
        moves
    }

    fn last_put(&self) -> Option<u8> {
        self.placed().last().map(|p| p.tile.number())
    }

    fn verdict(&self) -> SoloVerdict {
        match Discovery::verdict(self) {
            Verdict::Solved => SoloVerdict::Solved,
            Verdict::Unfinished { .. } => SoloVerdict::Unfinished,
            Verdict::Open => SoloVerdict::Wrong(Phrase::new(
                "discovery-open",
                "every tile is down, but the line is not closed yet",
            )),
            Verdict::Short { missed } => SoloVerdict::Wrong(
                Phrase::new(
                    "discovery-short",
                    match missed {
                        1 => "every tile is down, but the loop misses one tile: it makes a line or loop of its own"
                            .to_string(),
                        _ => format!(
                            "every tile is down, but the loop misses {missed} tiles: they make a line or loop of \
                             their own"
                        ),
                    },
                )
                .number("missed", missed),
            ),
            Verdict::Hole => SoloVerdict::Wrong(Phrase::new(
                "discovery-hole",
                "one loop runs through every tile, but an empty cell is shut in: no holes allowed",
            )),
        }
    }

    fn hint(&self, seed: u64, limit: u64) -> SoloHint {
        match Discovery::hint(self, seed, limit) {
            NextTile::Place(p) => {
                SoloHint::Put(SoloMove { piece: p.tile.number(), place: p.cell.to_string(), turn: p.rot })
            }
            NextTile::Impossible => SoloHint::Impossible,
            NextTile::Unknown => SoloHint::Unknown,
        }
    }

    fn picture(&self, marks: &SoloMarks, lang: Lang) -> RgbaImage {
        let hint = marks.hint.as_ref().and_then(|m| {
            Some(Placement { tile: Tile::new(m.piece)?, cell: cell(&m.place)?, rot: m.turn % 6 })
        });
        let cells = marks.places.iter().filter_map(|p| cell(p)).collect();
        let marks = picture::DiscoveryMarks { seconds: marks.seconds, actions: marks.actions, cells, hint };
        picture::render_discovery(self, &marks, lang)
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
