//! The 56 Tantrix tiles, read once from the embedded table `assets/tantrix-tiles.tsv`.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::{Index, IndexMut};
use std::sync::LazyLock;

use crate::games::hex::Direction;

/// One of the four path colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Red,
    Blue,
    Yellow,
    Green,
}

impl Colour {
    /// In the order the scores are listed: R B Y G.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Yellow, Colour::Green];

    /// The letter used in tables and variants: `R`, `B`, `Y`, `G`.
    pub(crate) fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
            Colour::Green => 'G',
        }
    }

    /// The colour named by a letter (either case).
    pub(crate) fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            'Y' => Some(Colour::Yellow),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The lowercase English name, for sentences.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
        }
    }

    /// The capitalised name, for labels.
    pub(crate) fn title(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Blue => "Blue",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The colour as two bits, as packed by [`Tile::edge_code`].
    #[inline]
    pub fn code(self) -> u16 {
        self as u16
    }

    /// The colour with this code (its low two bits).
    #[inline]
    pub(crate) fn from_code(code: u32) -> Colour {
        Colour::ALL[(code & 3) as usize]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByColour<T> {
    values: [T; 4],
}

impl<T: Copy> ByColour<T> {
    /// The same value for every colour.
    pub(crate) fn splat(v: T) -> Self {
        ByColour { values: [v; 4] }
    }

    /// `(colour, value)` pairs in the order R B Y G.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Colour, T)> + '_ {
        Colour::ALL.iter().map(|&c| (c, self.values[c.index()]))
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    fn index(&self, c: Colour) -> &T {
        &self.values[c.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, c: Colour) -> &mut T {
        &mut self.values[c.index()]
    }
}

/// The shape of a path across a tile, from how far apart its two edges are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    /// Between neighbouring edges: a tight curve around the shared corner.
    Sharp,
    /// Between edges two apart: a wide curve.
    Gentle,
    /// Between opposite edges.
    Straight,
}

/// One coloured path of a tile: its colour and its two edges at rotation 0 (`a` before `b` clockwise from N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    pub(crate) colour: Colour,
    pub(crate) a: Direction,
    pub(crate) b: Direction,
}

impl Path {}

/// A tile's number, 1..=56 (never zero, so an `Option<Tile>` takes one byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(NonZeroU8);

impl Tile {
    /// How many tiles there are.
    pub(crate) const COUNT: u8 = 56;

    /// The tile with this number, if it is one.
    pub const fn new(number: u8) -> Option<Tile> {
        match NonZeroU8::new(number) {
            Some(n) if number <= Self::COUNT => Some(Tile(n)),
            _ => None,
        }
    }

    /// Every tile, 1 to 56.
    pub(crate) fn all() -> impl Iterator<Item = Tile> {
        (1..=Self::COUNT).filter_map(Tile::new)
    }

    #[inline]
    pub const fn number(self) -> u8 {
        self.0.get()
    }

    /// The tile's row in the tables.
    #[inline]
    fn row(self) -> usize {
        self.0.get() as usize
    }

    /// The colour the tile shows on edge `edge` when it is turned `rot` steps clockwise.
    #[inline]
    pub fn edge(self, rot: u8, edge: Direction) -> Colour {
        TABLE.rotated[self.row()][usize::from(rot % 6)][edge.index()]
    }

    /// The other end of the path that enters the tile, turned `rot` steps clockwise, across edge `entry`.
    #[inline]
    #[cfg(test)]
    pub(crate) fn exit(self, rot: u8, entry: Direction) -> Direction {
        let (a, b) = self.ends(self.edges(rot)[entry.index()], rot).expect("every edge ends a path");
        if a == entry { b } else { a }
    }

    /// The six edge colours at rotation `rot` (0-5), in the order of [`Direction::ALL`].
    #[inline]
    pub(crate) fn edges(self, rot: u8) -> [Colour; 6] {
        TABLE.rotated[self.row()][rot as usize]
    }

    /// The six edge colours at rotation `rot` packed two bits an edge (edge `d` at bits `2d`), so a whole
    /// tile is matched against a cell's sides in one comparison (see [`Colour::code`]).
    #[inline]
    pub(crate) fn edge_code(self, rot: u8) -> u16 {
        TABLE.codes[self.row()][rot as usize]
    }

    /// The tile turned `rot` as one word for walks along its paths, by the direction `d` a walk comes in (across
    /// the tile's edge `d.opposite()`): bits `5d..5d+2` hold that edge's colour code ([`Colour::code`]) and bits
    /// `5d+2..5d+5` the number of the edge where the path entering there leaves, the walk's next direction.
    #[inline]
    pub fn links(self, rot: u8) -> u32 {
        TABLE.links[self.row()][usize::from(rot % 6)]
    }

    /// The three paths at rotation 0, in the table's order of colours (R B Y G).
    pub(crate) fn paths(self) -> [Path; 3] {
        TABLE.paths[self.row()]
    }

    /// The colour of the number printed on the tile's back (none of the four on the white-numbered tiles 48 to
    /// 56): tile N's is the colour of the Discovery puzzle of N.
    pub fn back(self) -> Option<Colour> {
        TABLE.backs[self.row()]
    }

    /// The two edges (at rotation `rot`) where `colour` ends, if the tile carries it.
    #[inline]
    pub(crate) fn ends(self, colour: Colour, rot: u8) -> Option<(Direction, Direction)> {
        TABLE.ends[self.row()][usize::from(rot % 6)][colour.index()]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where each colour's path ends on a turned tile, indexed by the colour's code.
type ByColourEnds = [Option<(Direction, Direction)>; 4];

/// The tiles' tables, by tile number (row 0 unused), then rotation, then edge.
struct Table {
    rotated: [[[Colour; 6]; 6]; 57],
    links: [[u32; 6]; 57],
    ends: [[ByColourEnds; 6]; 57],
    codes: [[u16; 6]; 57],
    paths: [[Path; 3]; 57],
    /// The colour of the number on the tile's back (the solo puzzles' colour; white, none of the four, on the
    /// tiles 48 to 56).
    backs: [Option<Colour>; 57],
}

/// The tile table as shipped (columns number, e0..e5, ...); kept in `assets/` beside the fonts.
pub const TILES_TSV: &str = include_str!("../../../../../assets/tantrix-tiles.tsv");

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    parse_table(TILES_TSV).unwrap_or_else(|e| panic!("the embedded tile table is broken: {e}"))
});

/// Reads the tile table: every number 1..=56 once, six edge colours, each colour present on 0 or 2 edges.
fn parse_table(text: &str) -> Result<Table, String> {
    let mut edges = [[Colour::Red; 6]; 57];
    let mut backs = [None; 57];
    let mut seen = [false; 57];
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') || line.starts_with("number") {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let n: usize = cols.first().and_then(|s| s.parse().ok()).ok_or(format!("bad line `{line}`"))?;
        if !(1..=56).contains(&n) || seen[n] {
            return Err(format!("tile number {n} is out of range or repeated"));
        }
        seen[n] = true;
        for (i, edge) in edges[n].iter_mut().enumerate() {
            let c = cols.get(1 + i).and_then(|s| s.chars().next()).and_then(Colour::from_letter);
            *edge = c.ok_or(format!("tile {n}: edge {i} is not a colour"))?;
        }
        backs[n] = cols.get(12).and_then(|s| s.chars().next()).and_then(Colour::from_letter);
    }
    if seen[1..].iter().any(|s| !s) {
        return Err("some tile numbers are missing".into());
    }
    let mut rotated = [[[Colour::Red; 6]; 6]; 57];
    let mut codes = [[0u16; 6]; 57];
    let mut exits = [[[Direction::N; 6]; 6]; 57];
    let mut links = [[0u32; 6]; 57];
    let mut ends = [[[None; 4]; 6]; 57];
    let mut paths = [[Path { colour: Colour::Red, a: Direction::N, b: Direction::N }; 3]; 57];
    for n in 1..=56 {
        for rot in 0..6 {
            for d in Direction::ALL {
                // Turning the tile `rot` steps clockwise brings edge `d.rotate_ccw(rot)` to `d`.
                rotated[n][rot][d.index()] = edges[n][d.rotate_ccw(rot as u8).index()];
                codes[n][rot] |= rotated[n][rot][d.index()].code() << (2 * d.index());
            }
        }
        let mut k = 0;
        for colour in Colour::ALL {
            let at: Vec<Direction> =
                Direction::ALL.into_iter().filter(|d| edges[n][d.index()] == colour).collect();
            match at.len() {
                0 => {}
                2 if k < 3 => {
                    paths[n][k] = Path { colour, a: at[0], b: at[1] };
                    k += 1;
                }
                _ => return Err(format!("tile {n}: {colour} is on {} edges", at.len())),
            }
        }
        if k != 3 {
            return Err(format!("tile {n} has {k} colours, not 3"));
        }
        for (rot, (exits, ends)) in (0u8..).zip(exits[n].iter_mut().zip(&mut ends[n])) {
            for p in paths[n] {
                let (a, b) = (p.a.rotate_cw(rot), p.b.rotate_cw(rot));
                exits[a.index()] = b;
                exits[b.index()] = a;
                ends[p.colour.index()] = Some((a, b));
            }
        }
        for rot in 0..6 {
            for d in Direction::ALL {
                let entry = d.opposite().index();
                let link = u32::from(rotated[n][rot][entry].code()) | (exits[n][rot][entry] as u32) << 2;
                links[n][rot] |= link << (5 * d.index());
            }
        }
    }
    Ok(Table { rotated, links, ends, codes, paths, backs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_every_tile_is_unique_up_to_rotation() {
        let mut seen = std::collections::HashSet::new();
        for t in Tile::all() {
            for rot in 0..6 {
                assert!(
                    seen.insert(t.edges(rot)),
                    "tile {t} at rotation {rot} repeats another tile or rotation"
                );
            }
        }
        assert_eq!(Tile::new(23).unwrap().edges(0), Tile::new(23).unwrap().edges(6 % 6));
        let t = Tile::new(1).unwrap();
        assert_eq!(
            t.edge(1, Direction::NE),
            t.edge(0, Direction::N),
            "turning by one moves edge 0's colour to edge 1"
        );
        assert_eq!(Tile::new(0), None);
        assert_eq!(Tile::new(57), None);
        assert_eq!(Tile::all().count(), 56);
        assert_eq!(std::mem::size_of::<Option<Tile>>(), 1);
        for t in Tile::all() {
            for rot in 0..6 {
                for c in Colour::ALL {
                    let path = t.paths().into_iter().find(|p| p.colour == c);
                    let expected = path.map(|p| (p.a.rotate_cw(rot), p.b.rotate_cw(rot)));
                    assert_eq!(t.ends(c, rot), expected, "tile {t} turned {rot}, {c}");
                }
            }
        }
        for t in Tile::all() {
            for rot in 0..6 {
                for d in Direction::ALL {
                    let code = (t.edge_code(rot) >> (2 * d.index())) & 3;
                    assert_eq!(code, t.edge(rot, d).code(), "tile {t} turned {rot}, edge {d}");
                    assert_eq!(t.edges(rot)[d.index()], t.edge(rot, d));
                    let (a, b) = t.ends(t.edge(rot, d), rot).unwrap();
                    assert_eq!(t.exit(rot, d), if a == d { b } else { a }, "tile {t} turned {rot}, from {d}");
                    let link = t.links(rot) >> (5 * d.opposite().index());
                    assert_eq!(Colour::from_code(link), t.edge(rot, d));
                    assert_eq!(Direction::from_index((link >> 2 & 7) as usize), t.exit(rot, d));
                }
            }
        }
    }
}
