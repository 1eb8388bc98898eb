//! The Tablut player's own tables and packing.

use super::*;

fn at(name: [u8; 2]) -> usize {
    usize::from(name[1] - b'1') * 9 + usize::from(name[0] - b'a')
}

#[test]
fn moves_survive_packing() {
    let pos = Position::start(Variant::Ashton);
    for &m in pos.legal_moves().iter() {
        assert!(m.pack() < 1 << 21);
        assert!(Move::unpack(m.pack()) == m, "{m}");
    }
}

#[test]
fn escape_moves_count_the_kings_moves_on_an_empty_board() {
    let ashton = &ESCAPE_MOVES[Variant::Ashton.index()];
    // The edge is escape, camps are never stood on; the camps close the middle lines.
    assert_eq!([ashton[at(*b"a3")], ashton[at(*b"e1")], ashton[at(*b"a5")]], [0, 0, 0]);
    assert_eq!([ashton[at(*b"c3")], ashton[at(*b"e3")], ashton[at(*b"g7")]], [1, 1, 1]);
    assert_eq!(
        [ashton[at(*b"d4")], ashton[at(*b"e4")], ashton[at(*b"e5")], ashton[at(*b"f6")]],
        [2, 2, 2, 2]
    );
    // Open boards: one move from anywhere off the edge, the throne included.
    for v in [Variant::Seed, Variant::Linnaeus] {
        let moves = &ESCAPE_MOVES[v.index()];
        for (s, &m) in moves.iter().enumerate() {
            let (f, r) = (s % 9, s / 9);
            let edge = f == 0 || f == 8 || r == 0 || r == 8;
            assert_eq!(m, u8::from(!edge), "{v:?} square {s}");
        }
    }
}

#[test]
fn pruning_late_moves_looks_deeper_on_the_same_budget() {
    for variant in [Variant::Ashton, Variant::Seed] {
        let game = Game::from_position(Position::start(variant));
        let limits = Limits {
            threads: 1,
            time: Duration::from_secs(600),
            max_depth: None,
            max_nodes: Some(200_000),
            noise: 0.0,
            seed: 1,
        };
        let (pruning, reducing) =
            (think_with(&game, &limits, Style::PRUNING), think_with(&game, &limits, Style::REDUCING));
        for report in [&pruning, &reducing] {
            let mv = report.moves.first().expect("a move");
            assert!(game.position().legal_moves().contains(mv), "{mv}");
        }
        assert!(pruning.depth > reducing.depth, "{variant:?}: {} against {}", pruning.depth, reducing.depth);
        assert_eq!(think_with(&game, &limits, Style::PRUNING).notation(), pruning.notation(), "seeded");
    }
}
