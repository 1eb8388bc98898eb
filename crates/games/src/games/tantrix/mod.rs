//! Tantrix for 2 to 4 players: hexagonal tiles with three coloured paths, placed so every shared edge matches;
//! forced spaces, the three restrictions while the bag has tiles, and scoring by each colour's best line or loop.
//!
//! [`Position`] is the fast rules core (a board, a hand, a bag count) with the move generator; [`Game`] is a
//! whole game (setup with the shuffle's seed, all hands, the turn: forced fills, one free move, forced fills
//! again) and implements [`Engine`].

pub mod ai;
mod board;
pub mod cli;
pub mod discovery;
mod entry;
mod movegen;
mod notation;
mod phrases;
mod pick;
pub mod picture;
mod position;
pub mod solitaire;
mod tactic;
mod tile_picture;
mod tiles;
pub(crate) mod view;

pub use board::{Board, Chain, LIMIT, PathEnd, PlacedTile, Placement};
pub(crate) use notation::{MoveParseError, PositionError, parse_placements};
pub use position::{IllegalMove, Position, Step};
pub use tiles::{ByColour, Colour, Path, PathKind, TILES_TSV, Tile};

pub use crate::games::hex::{Direction, Hex};

use std::fmt::Write as _;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::games::{Engine, GameInfo, Outcome, Phrase, Played, ReadError, Seat, Setup, SetupError};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// `seat` places next; `step` says whether its free move is still to come.
    Playing {
        seat: usize,
        step: Step,
    },
    Over,
}

/// A Tantrix game from its setup and the placements made so far.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    colours: Vec<Colour>,
    /// Tiles still in the bag; the next draw is the last one.
    bag: Vec<Tile>,
    hands: Vec<Vec<Tile>>,
    /// The tile each seat drew first, which chose the starting seat.
    first_draws: Vec<Tile>,
    /// The board with the hand of the seat to move (none once the game is over) and the bag's count, kept in
    /// step with the fields above by [`Game::sync`].
    pos: Position,
    state: State,
    turn: usize,
    moves: Vec<Placement>,
    /// Placements of the turn in progress, and of the turn before it.
    this_turn: Vec<Placement>,
    last_turn: Vec<Placement>,
    outcome: Option<Outcome>,
}

const DEFAULT_COLOURS: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Yellow, Colour::Green];

/// Why a Tantrix game cannot start as asked: the colours named, or a position given for analysis.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("`{0}` is not a Tantrix colour: name one colour per seat with R, B, Y, G (e.g. BYG)")]
    NotAColour(char),
    #[error("{0} is taken twice: each seat needs its own colour")]
    Twice(Colour),
    #[error("{given} colours for {seats} players: name exactly one colour per seat (e.g. {example})")]
    Count { given: usize, seats: usize, example: String },
    #[error("{} to move is not one of the players' colours ({colours})", colour.title())]
    NotPlaying { colour: Colour, colours: String },
    #[error(
        "with {bag} tiles in the bag, {dealt} tiles are left for {others} other hand(s) of at most 6: give the \
         real bag count"
    )]
    Hands { bag: usize, dealt: usize, others: usize },
    #[error("{} has no legal placement in that position", .0.title())]
    NoPlacement(Colour),
}

/// The colours named by letters (`R`, `B`, `Y`, `G`; spaces and commas ignored), each at most once.
pub(crate) fn colour_letters(variant: &str) -> Result<Vec<Colour>, StartError> {
    let mut colours = Vec::new();
    for ch in variant.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let c = Colour::from_letter(ch).ok_or(StartError::NotAColour(ch))?;
        if colours.contains(&c) {
            return Err(StartError::Twice(c));
        }
        colours.push(c);
    }
    Ok(colours)
}

fn parse_colours(variant: &str, seats: usize) -> Result<Vec<Colour>, StartError> {
    let colours = colour_letters(variant)?;
    if colours.is_empty() {
        return Ok(DEFAULT_COLOURS[..seats].to_vec());
    }
    if colours.len() != seats {
        let example = DEFAULT_COLOURS[..seats].iter().map(|c| c.letter()).collect();
        return Err(StartError::Count { given: colours.len(), seats, example });
    }
    Ok(colours)
}

impl Game {
    /// The colour of each seat.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// The hand of each seat (visible to all, as in the real game).
    pub fn hands(&self) -> &[Vec<Tile>] {
        &self.hands
    }

    /// The tile each seat drew to choose who starts.
    pub fn first_draws(&self) -> &[Tile] {
        &self.first_draws
    }

    pub fn board(&self) -> &Board {
        self.pos.board()
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// The placements to mark in the picture: the turn in progress, or the last turn if none yet.
    pub(crate) fn last_turn(&self) -> &[Placement] {
        if self.this_turn.is_empty() { &self.last_turn } else { &self.this_turn }
    }

    /// Whether the seat to move has made its free move this turn (only forced fills remain).
    pub fn free_move_made(&self) -> bool {
        matches!(self.state, State::Playing { step: Step::ForcedOnly, .. })
    }

    /// The board, the hand of the seat to move and the bag count (the hand is empty at the end).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Puts the hand of the seat to move and the bag's count into the position, after a change to either.
    fn sync(&mut self) {
        let hand: &[Tile] = match self.state {
            State::Playing { seat, .. } => &self.hands[seat],
            State::Over => &[],
        };
        self.pos.set_hand(hand);
        self.pos.set_bag(self.bag.len() as u8);
    }

    /// The legal placements of the seat to move at this step of its turn.
    pub fn legal_moves(&self) -> Vec<Placement> {
        match self.state {
            State::Playing { step, .. } => self.pos.moves(step),
            State::Over => Vec::new(),
        }
    }

    /// Each seat's best chain score.
    pub fn scores(&self) -> Vec<u32> {
        let s = self.board().scores();
        self.colours.iter().map(|&c| s[c]).collect()
    }

    /// The best chain of each seat's colour.
    pub(crate) fn best_chains(&self) -> Vec<Chain> {
        self.colours.iter().map(|&c| self.board().best_chain(c)).collect()
    }

    /// Checks and plays one placement for the seat to move ([`Engine::play`]).
    fn place(&mut self, p: Placement) -> Result<Played, IllegalMove> {
        let State::Playing { seat, .. } = self.state else { return Err(IllegalMove::GameOver) };
        self.pos.check(p)?;
        let forced = !self.board().is_empty() && self.board().neighbour_count(p.cell) >= 3;
        self.pos.put_unchecked(p);
        self.hands[seat].retain(|&t| t != p.tile);
        let drew = self.bag.pop();
        if let Some(t) = drew {
            self.hands[seat].push(t);
        }
        self.moves.push(p);
        self.this_turn.push(p);
        if !forced {
            self.state = State::Playing { seat, step: Step::ForcedOnly };
        }
        self.settle();
        let effect = phrases::effect(forced, drew, self.outcome.as_ref().map(|o| &o.reason));
        Ok(Played { notation: p.to_string(), effect, seat })
    }

    /// Moves the turn on until someone has a placement to make, or the game ends, and brings the position up to
    /// date.
    fn settle(&mut self) {
        self.advance();
        self.sync();
    }

    fn advance(&mut self) {
        loop {
            self.sync();
            if self.board().len() == usize::from(Tile::COUNT) {
                self.finish();
                return;
            }
            let State::Playing { seat, step } = self.state else { return };
            match step {
                Step::ForcedOnly => {
                    if self.hands[seat].is_empty() || self.pos.forced_fills().is_empty() {
                        self.end_turn(seat);
                    } else {
                        return;
                    }
                }
                Step::Any => {
                    if self.hands[seat].is_empty() {
                        self.end_turn(seat);
                    } else if self.pos.legal_moves().is_empty() {
                        self.state = State::Over;
                        self.outcome =
                            Some(Outcome { winner: None, reason: phrases::no_free_move(self.colours[seat]) });
                        return;
                    } else {
                        return;
                    }
                }
            }
        }
    }

    fn end_turn(&mut self, seat: usize) {
        if !self.this_turn.is_empty() {
            self.last_turn = std::mem::take(&mut self.this_turn);
        }
        let n = self.hands.len();
        match (1..=n).map(|i| (seat + i) % n).find(|&s| !self.hands[s].is_empty()) {
            Some(next) => {
                self.turn += 1;
                self.state = State::Playing { seat: next, step: Step::Any };
            }
            None => self.finish(),
        }
    }

    fn finish(&mut self) {
        if !self.this_turn.is_empty() {
            self.last_turn = std::mem::take(&mut self.this_turn);
        }
        self.state = State::Over;
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        let winner = if let [winner] = leaders[..] { Some(winner) } else { None };
        self.outcome = Some(Outcome { winner, reason: phrases::scored(&self.colours, &scores, winner) });
    }

    /// How useful a legal placement looks for the seat placing it: joins its own colour, touches many tiles.
    fn usefulness(&self, p: Placement) -> u32 {
        let Some(seat) = self.to_move() else { return 0 };
        let colour = self.colours[seat];
        let mut score = 0;
        for d in Direction::ALL {
            if let Some(t) = self.board().get(p.cell.step(d)) {
                score += 1;
                if t.edge(d.opposite()) == colour && p.tile.edge(p.rot, d) == colour {
                    score += 4;
                }
            }
        }
        score
    }

    /// Orders placements so the most useful of each tile come first, taking tiles in turn.
    fn spread(&self, mut moves: Vec<Placement>, limit: usize) -> Vec<String> {
        moves.sort_by_key(|&p| (std::cmp::Reverse(self.usefulness(p)), p.tile, p.cell.r, p.cell.q, p.rot));
        let mut tiles: Vec<Tile> = Vec::new();
        for p in &moves {
            if !tiles.contains(&p.tile) {
                tiles.push(p.tile);
            }
        }
        let groups: Vec<Vec<Placement>> =
            tiles.iter().map(|&t| moves.iter().copied().filter(|p| p.tile == t).collect()).collect();
        let mut out = Vec::new();
        let longest = groups.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..longest {
            for g in &groups {
                if let Some(p) = g.get(i) {
                    if out.len() == limit {
                        return out;
                    }
                    out.push(p.to_string());
                }
            }
        }
        out
    }

    /// The forced spaces on the board now.
    pub(crate) fn forced_spaces(&self) -> Vec<Hex> {
        self.board().forced_spaces()
    }

    /// A game at a position line's position, for analysis: `colours` in seat order, the seat of `colour` to move
    /// at the start of its turn with the line's hand. A position line does not show the other hands, so they are
    /// dealt (as evenly as the tiles allow, at most 6 each) from the tiles neither on the board, in the hand nor in
    /// the bag, shuffled with `seed`; the bag holds the rest.
    pub fn from_position(
        pos: &Position,
        colours: &[Colour],
        colour: Colour,
        seed: u64,
    ) -> Result<Game, SetupError> {
        SetupError::check_seats(Self::INFO, colours.len())?;
        let variant: String = colours.iter().map(|c| c.letter()).collect();
        let colours = parse_colours(&variant, colours.len()).map_err(SetupError::variant)?;
        let Some(seat) = colours.iter().position(|&c| c == colour) else {
            return Err(SetupError::variant(StartError::NotPlaying { colour, colours: variant }));
        };
        let board = pos.board();
        let mut unseen: Vec<Tile> = Tile::all()
            .filter(|t| !pos.hand().contains(t) && !board.placements().iter().any(|p| p.tile == *t))
            .collect();
        let bag_len = usize::from(pos.bag());
        let others = colours.len() - 1;
        let dealt = unseen.len() - bag_len.min(unseen.len());
        if dealt > 6 * others {
            return Err(SetupError::variant(StartError::Hands { bag: bag_len, dealt, others }));
        }
        unseen.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let mut hands: Vec<Vec<Tile>> = vec![Vec::with_capacity(6); colours.len()];
        hands[seat] = pos.hand().to_vec();
        for i in 0..dealt {
            hands[(seat + 1 + i % others) % colours.len()].extend(unseen.pop());
        }
        let mut game = Game {
            setup: Setup { variant, seed, seats: colours.len() },
            colours,
            bag: unseen,
            hands,
            first_draws: Vec::new(),
            moves: board.placements().to_vec(),
            pos: pos.clone(),
            state: State::Playing { seat, step: Step::Any },
            turn: 1,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            outcome: None,
        };
        game.sync();
        if game.legal_moves().is_empty() {
            return Err(SetupError::variant(StartError::NoPlacement(colour)));
        }
        Ok(game)
    }
}

impl Engine for Game {
    type Move = Placement;
    type Side = Seat;
    type MoveParseError = MoveParseError;
    type IllegalMove = IllegalMove;

    const INFO: &'static GameInfo = &entry::INFO;

    fn prompt(&self) -> Option<Phrase> {
        phrases::prompt(self)
    }

    /// Every tile's edge colours at rotation 0, clockwise from the top edge: `1:RYBYRB 2:...` (turned `k` steps
    /// clockwise, edge `d` shows the colour of edge `d - k`).
    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_seats(Self::INFO, setup.seats)?;
        let colours = parse_colours(&setup.variant, setup.seats).map_err(SetupError::variant)?;
        let mut bag: Vec<Tile> = Tile::all().collect();
        bag.shuffle(&mut ChaCha8Rng::seed_from_u64(setup.seed));
        let mut hands: Vec<Vec<Tile>> = vec![Vec::with_capacity(6); setup.seats];
        for hand in &mut hands {
            hand.extend(bag.pop());
        }
        let first_draws: Vec<Tile> = hands.iter().filter_map(|h| h.first().copied()).collect();
        let start = (0..setup.seats).max_by_key(|&s| first_draws[s]).unwrap_or(0);
        for hand in &mut hands {
            for _ in 0..5 {
                hand.extend(bag.pop());
            }
        }
        let mut game = Game {
            setup: setup.clone(),
            colours,
            bag,
            hands,
            first_draws,
            pos: Position::default(),
            state: State::Playing { seat: start, step: Step::Any },
            turn: 1,
            moves: Vec::new(),
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            outcome: None,
        };
        game.settle();
        Ok(game)
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn seat_label(&self, seat: usize) -> String {
        self.colours.get(seat).map_or_else(|| format!("seat {seat}"), |c| c.title().to_string())
    }

    fn side_to_move(&self) -> Option<Seat> {
        match self.state {
            State::Playing { seat, .. } => Some(Seat(seat)),
            State::Over => None,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Placement>) {
        out.clear();
        out.extend(Game::legal_moves(self));
    }

    fn read_move(&self, text: &str) -> Result<Placement, ReadError<MoveParseError, IllegalMove>> {
        if self.state == State::Over {
            return Err(ReadError::Illegal(IllegalMove::GameOver));
        }
        text.parse().map_err(ReadError::Unreadable)
    }

    fn play(&mut self, p: Placement) -> Result<Played, IllegalMove> {
        self.place(p)
    }

    fn suggest(&self, typed: &str, limit: usize) -> Vec<String> {
        let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
        let moves = self.legal_moves();
        if typed.is_empty() {
            return self.spread(moves, limit);
        }
        let (tile, rest) = match typed.split_once('@') {
            Some((t, rest)) => (t, Some(rest)),
            None => (typed.as_str(), None),
        };
        let mine: Vec<Placement> = if rest.is_none() {
            // A tile number still being typed: every tile in hand whose number starts so (`1` offers 14).
            moves.into_iter().filter(|p| p.tile.to_string().starts_with(tile)).collect()
        } else {
            let Some(tile) = tile.parse::<u8>().ok().and_then(Tile::new) else { return Vec::new() };
            moves.into_iter().filter(|p| p.tile == tile).collect()
        };
        match rest {
            None | Some("") => self.spread(mine, limit),
            Some(rest) => {
                let mut out: Vec<Placement> =
                    mine.into_iter().filter(|p| format!("{}:{}", p.cell, p.rot).starts_with(rest)).collect();
                out.sort_by_key(|&p| (std::cmp::Reverse(self.usefulness(p)), p.cell.r, p.cell.q, p.rot));
                out.into_iter().take(limit).map(|p| p.to_string()).collect()
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn scores(&self) -> Option<Vec<u32>> {
        Some(Game::scores(self))
    }

    /// A seat's colour in lowercase (`red`), as records write results.
    fn seat_name(&self, seat: usize) -> String {
        self.colours.get(seat).map_or_else(|| format!("seat {seat}"), |c| c.title().to_lowercase())
    }

    /// By the scores (equal scores share a place), except after a player with tiles had no free move: the spec
    /// makes that a draw.
    fn places(&self) -> Vec<usize> {
        match &self.outcome {
            Some(o) if o.reason.key() == "tantrix-no-free-move" => vec![1; self.colours.len()],
            _ => {
                let scores = Game::scores(self);
                scores.iter().map(|s| 1 + scores.iter().filter(|o| *o > s).count()).collect()
            }
        }
    }

    fn moves_text(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    fn move_number(&self) -> usize {
        self.turn
    }

    fn text_board(&self) -> String {
        let mut out = String::new();
        let tiles: Vec<String> = self.board().placements().iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "Board ({} tiles): {}", tiles.len(), tiles.join(" "));
        let forced: Vec<String> = self.forced_spaces().iter().map(ToString::to_string).collect();
        if !forced.is_empty() {
            let _ = writeln!(out, "Forced spaces: {}", forced.join(" "));
        }
        let scores = self.scores();
        for (seat, hand) in self.hands.iter().enumerate() {
            let hand: Vec<String> = hand.iter().map(ToString::to_string).collect();
            let marker = if self.to_move() == Some(seat) { "> " } else { "  " };
            let _ = writeln!(
                out,
                "{marker}{} (score {}): hand {}",
                self.colours[seat].title(),
                scores[seat],
                if hand.is_empty() { "empty".to_string() } else { hand.join(" ") }
            );
        }
        let _ = write!(out, "Bag: {} tiles; turn {}", self.bag.len(), self.turn);
        if let Some(o) = &self.outcome {
            let _ = write!(out, "\nGame over: {}", o.reason);
        }
        out
    }
}
