//! A position (the board, the hand of the player to place next, the tiles left in the bag), its legal
//! placements under the matching rule and the three restrictions, and the notation that reads and writes both.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, CELLS, LIMIT, Placement, in_range, index};
use super::tiles::{ByColour, Colour, EDGE_NAMES, Hex, Tile};

/// Which placements a step of the turn allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Before the free move: the forced fills when there are any, otherwise the free moves.
    Any,
    /// After the free move: forced fills only.
    ForcedOnly,
}

/// Why a placement is not legal here. Each message is one sentence that also says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game has ended.
    GameOver,
    /// The tile is not in the hand of the player to move.
    NotInHand { tile: Tile, hand: Vec<Tile> },
    /// The cell already holds a tile.
    Taken { cell: Hex, by: Tile },
    /// The first tile of the game must go on 0,0.
    FirstAtOrigin { tile: Tile },
    /// The cell touches no tile.
    NotAdjacent { cell: Hex },
    /// An edge shared with a neighbour has different colours on its two sides.
    Clash { edge: u8, tile: Tile, rot: u8, ours: Colour, theirs: Colour, neighbour: Tile, at: Hex },
    /// A forced space can be filled, so a free move is not allowed yet.
    ForcedFirst { space: Hex, example: Placement },
    /// Restriction 1: a forced space would show the same colour on three sides.
    SameColourSpace { space: Hex, colour: Colour },
    /// Restriction 2: an empty cell would have four or more neighbouring tiles.
    FourNeighbours { space: Hex },
    /// Restriction 3: filling the forced spaces left behind would surround a cell with four tiles.
    ControlledSide { space: Hex },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over: no more tiles can be placed"),
            Illegal::NotInHand { tile, hand } if hand.is_empty() => {
                write!(f, "tile {tile} is not in your hand: your hand is empty, so wait for your next turn")
            }
            Illegal::NotInHand { tile, hand } => {
                let list: Vec<String> = hand.iter().map(ToString::to_string).collect();
                write!(f, "tile {tile} is not in your hand: place one of {}", list.join(", "))
            }
            Illegal::Taken { cell, by } => {
                write!(f, "cell {cell} is taken by tile {by}: choose an empty cell next to the tiles")
            }
            Illegal::FirstAtOrigin { tile } => {
                write!(f, "the first tile goes on 0,0: write it as {tile}@0,0:k with k the rotation 0-5")
            }
            Illegal::NotAdjacent { cell } => write!(
                f,
                "cell {cell} is not next to a tile: choose an empty cell that touches a tile on the board"
            ),
            Illegal::Clash { edge, tile, rot, ours, theirs, neighbour, at } => write!(
                f,
                "colours clash on the {} edge: tile {tile} turned {rot} shows {ours} there but tile {neighbour} \
                 on {at} shows {theirs}; try another rotation or cell",
                EDGE_NAMES[*edge as usize]
            ),
            Illegal::ForcedFirst { space, example } => write!(
                f,
                "a forced space must be filled first: {space} (for example {example}); free moves come after"
            ),
            Illegal::SameColourSpace { space, colour } => write!(
                f,
                "it would make a forced space at {space} with three {colour} sides, which no tile could fill; \
                 choose another rotation or cell"
            ),
            Illegal::FourNeighbours { space } => write!(
                f,
                "it would leave a space with four neighbours at {space}, which is not allowed while the bag has \
                 tiles; choose another cell"
            ),
            Illegal::ControlledSide { space } => write!(
                f,
                "it would break a controlled side: filling the forced spaces it leaves would surround {space} by \
                 four tiles; choose a cell off that line"
            ),
        }
    }
}

impl std::error::Error for Illegal {}

/// The notation of a placement could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

const PLACEMENT_FORMAT: &str =
    "write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)";

fn unreadable(text: &str, why: &str) -> ParseError {
    let shown: String = text.chars().take(60).collect();
    ParseError(format!("can't read `{shown}`: {why}{PLACEMENT_FORMAT}"))
}

impl FromStr for Placement {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let s = text.trim();
        let err = |why: &str| unreadable(s, why);
        let (tile, rest) = s.split_once('@').ok_or_else(|| err(""))?;
        let (cell, rot) = rest.split_once(':').ok_or_else(|| err(""))?;
        let (q, r) = cell.split_once(',').ok_or_else(|| err(""))?;
        let tile: u8 = tile.trim().parse().map_err(|_| err(""))?;
        let tile = Tile::new(tile).ok_or_else(|| err("tiles are numbered 1 to 56; "))?;
        let q: i32 = q.trim().parse().map_err(|_| err(""))?;
        let r: i32 = r.trim().parse().map_err(|_| err(""))?;
        let cell = Hex::new(q, r);
        if !in_range(cell) {
            return Err(err(&format!("cells run from -{LIMIT} to {LIMIT}; ")));
        }
        let rot: u8 = rot.trim().parse().map_err(|_| err(""))?;
        if rot > 5 {
            return Err(err("the rotation is 0 to 5; "));
        }
        Ok(Placement { tile, cell, rot })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}:{}", self.tile, self.cell, self.rot)
    }
}

/// A board, the hand of the player to place next, and the number of tiles left in the bag.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Position {
    board: Board,
    hand: Vec<Tile>,
    bag: u8,
}

/// Work space for the generator, allocated once per call: the restriction-3 simulation marks cells it fills
/// and the neighbours they add in arrays laid out like the board, and undoes its marks afterwards.
struct Scratch {
    added: Vec<u8>,
    filled: Vec<bool>,
    touched: Vec<usize>,
    queue: std::collections::VecDeque<Hex>,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            added: vec![0; CELLS],
            filled: vec![false; CELLS],
            touched: Vec::with_capacity(64),
            queue: std::collections::VecDeque::with_capacity(32),
        }
    }

    fn fill(&mut self, h: Hex) {
        let Some(i) = index(h) else { return };
        self.filled[i] = true;
        self.touched.push(i);
        for n in h.neighbours() {
            if let Some(j) = index(n) {
                self.added[j] += 1;
                self.touched.push(j);
            }
        }
    }

    fn is_filled(&self, h: Hex) -> bool {
        index(h).is_some_and(|i| self.filled[i])
    }

    fn added(&self, h: Hex) -> u8 {
        index(h).map_or(0, |i| self.added[i])
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.added[i] = 0;
            self.filled[i] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }
}

/// What the generator learns once per position: the forced spaces and any restriction the board already breaks.
struct Survey {
    frontier: Vec<Hex>,
    forced: Vec<Hex>,
    restricted: bool,
    /// A forced space that already shows one colour on three sides.
    dead_space: Option<(Hex, Colour)>,
    /// Empty cells that already have four or more neighbouring tiles.
    crowded: Vec<Hex>,
}

/// Per-cell facts shared by every tile and rotation tried there.
struct CellFacts {
    sides: [Option<Colour>; 6],
    /// For each neighbouring empty cell that will be a forced space: its direction and its side colours so far.
    spaces: Vec<(u8, ByColour<u8>)>,
    geometry: Result<(), Illegal>,
}

impl Position {
    /// A position from its parts. The board's tiles, the hand and the bag must not overlap or exceed 56 tiles.
    pub fn new(board: Board, hand: Vec<Tile>, bag: u8) -> Result<Position, String> {
        let mut seen = [false; 57];
        for t in board.placements().iter().map(|p| p.tile).chain(hand.iter().copied()) {
            if std::mem::replace(&mut seen[t.number() as usize], true) {
                return Err(format!("tile {t} appears twice: each of the 56 tiles exists once"));
            }
        }
        if hand.len() > 6 {
            return Err(format!("the hand holds {} tiles: a hand has at most 6", hand.len()));
        }
        let left = 56 - board.len() - hand.len();
        if usize::from(bag) > left {
            return Err(format!("the bag can hold at most {left} tiles here, not {bag}"));
        }
        Ok(Position { board, hand, bag })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn hand(&self) -> &[Tile] {
        &self.hand
    }

    /// Tiles left in the bag.
    pub fn bag(&self) -> u8 {
        self.bag
    }

    /// Whether the restrictions apply (they do while the bag has tiles).
    pub fn restricted(&self) -> bool {
        self.bag > 0
    }

    /// The legal placements: the forced fills when there are any, otherwise the free moves.
    pub fn legal_moves(&self) -> Vec<Placement> {
        self.moves(Step::Any)
    }

    /// The legal placements into forced spaces.
    pub fn forced_fills(&self) -> Vec<Placement> {
        self.moves(Step::ForcedOnly)
    }

    /// The legal placements a step of the turn allows.
    pub fn moves(&self, step: Step) -> Vec<Placement> {
        let mut out = Vec::with_capacity(64);
        self.generate(step, &mut out);
        out
    }

    /// Replaces the hand (for searches that keep every seat's hand apart and reuse one position).
    pub fn set_hand(&mut self, hand: &[Tile]) {
        self.hand.clear();
        self.hand.extend_from_slice(hand);
    }

    /// Sets the number of tiles left in the bag (for searches).
    pub fn set_bag(&mut self, bag: u8) {
        self.bag = bag;
    }

    /// Puts a placement on the board with no check and no change to the hand or bag (for searches that
    /// generated it); [`Position::take_back`] undoes it.
    pub fn put_unchecked(&mut self, p: Placement) {
        self.board.put(p);
    }

    /// Takes the last placement back off the board.
    pub fn take_back(&mut self) -> Option<Placement> {
        self.board.pop()
    }

    /// The legal placements a step of the turn allows, into a caller's buffer (cleared first).
    pub fn moves_into(&self, step: Step, out: &mut Vec<Placement>) {
        out.clear();
        self.generate(step, out);
    }

    /// The best chain score of each colour.
    pub fn scores(&self) -> ByColour<u32> {
        self.board.scores()
    }

    fn survey(&self) -> Survey {
        let frontier = self.board.frontier();
        let forced: Vec<Hex> =
            frontier.iter().copied().filter(|&h| self.board.neighbour_count(h) >= 3).collect();
        let restricted = self.restricted();
        let mut dead_space = None;
        let mut crowded = Vec::new();
        if restricted {
            for &h in &forced {
                let counts = self.side_counts(h, None);
                if let Some((c, _)) = counts.iter().find(|&(_, n)| n >= 3) {
                    dead_space.get_or_insert((h, c));
                }
                if self.board.neighbour_count(h) >= 4 {
                    crowded.push(h);
                }
            }
        }
        Survey { frontier, forced, restricted, dead_space, crowded }
    }

    /// How many sides of the empty cell `h` show each colour, not counting the side towards `skip`.
    fn side_counts(&self, h: Hex, skip: Option<Hex>) -> ByColour<u8> {
        let mut counts = ByColour::splat(0u8);
        for d in 0..6u8 {
            let n = h.step(d);
            if Some(n) == skip {
                continue;
            }
            if let Some(t) = self.board.get(n) {
                counts[t.edge((d + 3) % 6)] += 1;
            }
        }
        counts
    }

    fn facts(&self, c: Hex, survey: &Survey, scratch: &mut Scratch) -> CellFacts {
        let sides = self.board.sides(c);
        let mut spaces = Vec::new();
        let mut geometry = Ok(());
        if survey.restricted {
            for d in 0..6u8 {
                let n = c.step(d);
                if self.board.is_empty_cell(n) && self.board.neighbour_count(n) + 1 >= 3 {
                    spaces.push((d, self.side_counts(n, Some(c))));
                }
            }
            geometry = self.geometry(c, survey, scratch);
        }
        CellFacts { sides, spaces, geometry }
    }

    /// Restrictions 2 and 3 for a tile on `c`; they do not depend on which tile or rotation.
    fn geometry(&self, c: Hex, survey: &Survey, scratch: &mut Scratch) -> Result<(), Illegal> {
        if let Some(&space) = survey.crowded.iter().find(|&&h| h != c) {
            return Err(Illegal::FourNeighbours { space });
        }
        for n in c.neighbours() {
            if self.board.is_empty_cell(n) && self.board.neighbour_count(n) + 1 >= 4 {
                return Err(Illegal::FourNeighbours { space: n });
            }
        }
        // Restriction 3: fill every forced space left, one after another, whatever the colours. The order does not
        // matter: the cells filled are the same in any order, and so is the sum over them of the neighbours each
        // had when filled, which is 3 per cell exactly when no cell ever had four.
        scratch.reset();
        scratch.fill(c);
        scratch.queue.extend(survey.forced.iter().copied().filter(|&h| h != c));
        for n in c.neighbours() {
            if self.board.is_empty_cell(n) && self.board.neighbour_count(n) + 1 == 3 {
                scratch.queue.push_back(n);
            }
        }
        let mut result = Ok(());
        'fill: while let Some(x) = scratch.queue.pop_front() {
            if scratch.is_filled(x) || index(x).is_none() {
                continue;
            }
            scratch.fill(x);
            for n in x.neighbours() {
                if !self.board.is_empty_cell(n) || scratch.is_filled(n) {
                    continue;
                }
                match self.board.neighbour_count(n) + scratch.added(n) {
                    k if k >= 4 => {
                        result = Err(Illegal::ControlledSide { space: n });
                        break 'fill;
                    }
                    3 => scratch.queue.push_back(n),
                    _ => {}
                }
            }
        }
        scratch.reset();
        result
    }

    /// Matching and restriction 1 for `tile` turned `rot` on a cell with these facts.
    fn fits(&self, c: Hex, facts: &CellFacts, survey: &Survey, tile: Tile, rot: u8) -> Result<(), Illegal> {
        let edges = tile.edges(rot);
        for d in 0..6u8 {
            if let Some(theirs) = facts.sides[d as usize] {
                let ours = edges[d as usize];
                if ours != theirs {
                    let at = c.step(d);
                    let neighbour = self.board.get(at).map_or(tile, |p| p.tile);
                    return Err(Illegal::Clash { edge: d, tile, rot, ours, theirs, neighbour, at });
                }
            }
        }
        if let Some((space, colour)) = survey.dead_space {
            return Err(Illegal::SameColourSpace { space, colour });
        }
        for &(d, counts) in &facts.spaces {
            let colour = edges[d as usize];
            if counts[colour] + 1 >= 3 {
                return Err(Illegal::SameColourSpace { space: c.step(d), colour });
            }
        }
        Ok(())
    }

    fn generate(&self, step: Step, out: &mut Vec<Placement>) {
        let mut hand = self.hand.clone();
        hand.sort_unstable();
        if self.board.is_empty() {
            if step == Step::Any {
                for &tile in &hand {
                    out.extend((0..6).map(|rot| Placement { tile, cell: Hex::ORIGIN, rot }));
                }
            }
            return;
        }
        let survey = self.survey();
        let mut scratch = Scratch::new();
        for forced_pass in [true, false] {
            if !forced_pass && (step == Step::ForcedOnly || !out.is_empty()) {
                break;
            }
            let cells = if forced_pass { &survey.forced } else { &survey.frontier };
            for &c in cells {
                if !forced_pass && self.board.neighbour_count(c) >= 3 {
                    continue;
                }
                let facts = self.facts(c, &survey, &mut scratch);
                if facts.geometry.is_err() {
                    continue;
                }
                for &tile in &hand {
                    for rot in 0..6 {
                        if self.fits(c, &facts, &survey, tile, rot).is_ok() {
                            out.push(Placement { tile, cell: c, rot });
                        }
                    }
                }
            }
        }
    }

    /// Whether `p` is legal at this step, and if not, why.
    pub fn check(&self, p: Placement, step: Step) -> Result<(), Illegal> {
        if !self.hand.contains(&p.tile) {
            return Err(Illegal::NotInHand { tile: p.tile, hand: self.hand.clone() });
        }
        if let Some(t) = self.board.get(p.cell) {
            return Err(Illegal::Taken { cell: p.cell, by: t.tile });
        }
        if self.board.is_empty() {
            return if p.cell == Hex::ORIGIN && step == Step::Any {
                Ok(())
            } else {
                Err(Illegal::FirstAtOrigin { tile: p.tile })
            };
        }
        if self.board.neighbour_count(p.cell) == 0 {
            return Err(Illegal::NotAdjacent { cell: p.cell });
        }
        let forced_cell = self.board.neighbour_count(p.cell) >= 3;
        if !forced_cell && let Some(example) = self.forced_fills().first() {
            return Err(Illegal::ForcedFirst { space: example.cell, example: *example });
        }
        let survey = self.survey();
        let mut scratch = Scratch::new();
        let facts = self.facts(p.cell, &survey, &mut scratch);
        // Colours first: a clash is the most concrete reason.
        let fit = self.fits(p.cell, &facts, &survey, p.tile, p.rot);
        if let Err(e @ Illegal::Clash { .. }) = fit {
            return Err(e);
        }
        fit?;
        facts.geometry
    }

    /// Plays `p` (checked as [`Step::Any`]): the tile leaves the hand, and the bag shrinks by the replacement drawn
    /// (which this position does not know, so the hand gets shorter).
    pub fn play(&self, p: Placement) -> Result<Position, Illegal> {
        self.check(p, Step::Any)?;
        Ok(self.apply_unchecked(p))
    }

    fn apply_unchecked(&self, p: Placement) -> Position {
        let mut next = self.clone();
        next.board.put(p);
        next.hand.retain(|&t| t != p.tile);
        next.bag = next.bag.saturating_sub(1);
        next
    }
}

const POSITION_FORMAT: &str = "write the placed tiles as tile@q,r:k separated by spaces, then ` | ` and the tile \
     numbers in the hand, then ` | ` and the number of tiles left in the bag, e.g. \
     `53@0,0:2 9@1,-1:0 | 11 18 20 21 42 44 | 49`";

/// Drops the spaces around `@`, `,` and `:` so each placement is one word.
fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_whitespace() {
            let glued_before = out.ends_with(['@', ',', ':']);
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            let glued_after = chars.peek().is_some_and(|c| matches!(c, '@' | ',' | ':'));
            if !glued_before && !glued_after {
                out.push(' ');
            }
        } else {
            out.push(ch);
        }
    }
    out
}

/// Reads placements separated by spaces (spaces around `@`, `,` and `:` are allowed).
pub fn parse_placements(text: &str) -> Result<Vec<Placement>, ParseError> {
    squeeze(text).split_whitespace().map(str::parse).collect()
}

/// Reads the placed tiles of a position line, checking cells are distinct and shared edges match.
pub fn parse_board(text: &str) -> Result<Board, String> {
    let mut board = Board::new();
    for word in squeeze(text).split_whitespace() {
        let p: Placement = word.parse().map_err(|e: ParseError| e.0)?;
        if let Some(t) = board.get(p.cell) {
            return Err(format!(
                "cell {} holds two tiles ({} and {}): each cell holds one",
                p.cell, t.tile, p.tile
            ));
        }
        if board.placements().iter().any(|q| q.tile == p.tile) {
            return Err(format!("tile {} is placed twice: each of the 56 tiles exists once", p.tile));
        }
        for d in 0..6u8 {
            if let Some(t) = board.get(p.cell.step(d)) {
                let (ours, theirs) = (p.tile.edge(p.rot, d), t.edge((d + 3) % 6));
                if ours != theirs {
                    return Err(format!(
                        "the board is not consistent: colours clash on the {} edge of {p} ({ours}) against tile \
                         {} ({theirs}); every shared edge must match",
                        EDGE_NAMES[d as usize], t.tile
                    ));
                }
            }
        }
        board.put(p);
    }
    Ok(board)
}

impl FromStr for Position {
    type Err = String;
    /// Reads `placed tiles | hand | bag count`; the hand and bag may be left out (an empty hand, an empty bag).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = text.split('|').collect();
        if parts.len() > 3 {
            return Err(format!("can't read the position: it has {} parts; {POSITION_FORMAT}", parts.len()));
        }
        let board = parse_board(parts[0])?;
        let mut hand = Vec::new();
        if let Some(h) = parts.get(1) {
            for w in h.split_whitespace() {
                let t = w.parse::<u8>().ok().and_then(Tile::new).ok_or_else(|| {
                    format!(
                        "can't read the hand: `{}` is not a tile number 1-56; {POSITION_FORMAT}",
                        short(w)
                    )
                })?;
                hand.push(t);
            }
        }
        let bag = match parts.get(2) {
            None => 0,
            Some(b) => b.trim().parse::<u8>().map_err(|_| {
                format!(
                    "can't read the bag count `{}`: it is a number 0-56; {POSITION_FORMAT}",
                    short(b.trim())
                )
            })?,
        };
        Position::new(board, hand, bag)
    }
}

fn short(s: &str) -> String {
    s.chars().take(30).collect()
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<String> = self.board.placements().iter().map(ToString::to_string).collect();
        let hand: Vec<String> = self.hand.iter().map(ToString::to_string).collect();
        let text = format!("{} | {} | {}", tiles.join(" "), hand.join(" "), self.bag);
        f.write_str(text.trim_start())
    }
}
