//! The tournament pairings over random tournaments: sizes 2 to 200, random results, forfeits and withdrawals.
//! Swiss: every player still in is paired or has the one bye, no rematch while one can be avoided, no second bye
//! while someone has none, the sides' rules held. Round robin: everyone meets everyone once, sides within one.
//! Knockout: byes to the top seeds, a champion after the last round. Tables: three or four a table.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula::tournament::{
    Entrant, Event, Format, MoveOrder, Round, RoundGame, TieBreak, WIN, knockout, round_robin, standings,
    swiss, tables,
};

fn event(n: usize, rng: &mut ChaCha8Rng) -> Event {
    let entrants =
        (0..n).map(|_| Entrant { rating: f64::from(rng.random_range(1000..2200)), withdrawn: false });
    Event { entrants: entrants.collect(), ..Event::default() }
}

/// Plays a round: each pairing a random result, now and then a forfeit; records the byes.
fn play(event: &mut Event, number: u32, round: &Round, rng: &mut ChaCha8Rng) {
    for pairing in &round.pairings {
        let seats = pairing.seats.clone();
        let points = if seats.len() == 2 {
            match rng.random_range(0..5) {
                0 | 1 => vec![WIN, 0],
                2 | 3 => vec![0, WIN],
                _ => vec![1, 1],
            }
        } else {
            let scores: Vec<i64> = seats.iter().map(|_| rng.random_range(0..6)).collect();
            let points = (0..seats.len())
                .map(|i| {
                    (0..seats.len())
                        .filter(|&j| j != i)
                        .map(|j| 1 + u32::from(scores[i] > scores[j]) - u32::from(scores[i] < scores[j]))
                        .sum()
                })
                .collect();
            event.games.push(RoundGame {
                round: number,
                seats,
                points,
                scores: Some(scores),
                over_the_board: true,
            });
            continue;
        };
        let over_the_board = rng.random_range(0..12) != 0;
        event.games.push(RoundGame { round: number, seats, points, scores: None, over_the_board });
    }
    event.byes.extend(round.byes.iter().map(|&b| (number, b)));
}

fn withdraw_some(event: &mut Event, rng: &mut ChaCha8Rng) {
    for entrant in &mut event.entrants {
        if rng.random_range(0..40) == 0 {
            entrant.withdrawn = true;
        }
    }
}

fn met(event: &Event, a: usize, b: usize) -> bool {
    event.games.iter().any(|g| g.seats.contains(&a) && g.seats.contains(&b))
}

fn sides(event: &Event, who: usize) -> Vec<MoveOrder> {
    let mut sides = Vec::new();
    for g in event.games.iter().filter(|g| g.over_the_board && g.seats.len() == 2) {
        if g.seats[0] == who {
            sides.push(MoveOrder::First);
        } else if g.seats[1] == who {
            sides.push(MoveOrder::Second);
        }
    }
    sides
}

/// The sides a player may not take without breaking a rule: the one that would make the sides' difference pass 2,
/// the one that would make three in a row.
fn forbidden_sides(event: &Event, who: usize) -> Vec<MoveOrder> {
    let sides = sides(event, who);
    let balance: i32 = sides.iter().map(|s| if *s == MoveOrder::First { 1 } else { -1 }).sum();
    let mut forbidden = Vec::new();
    if balance >= 2 {
        forbidden.push(MoveOrder::First);
    } else if balance <= -2 {
        forbidden.push(MoveOrder::Second);
    }
    if let [.., a, b] = sides[..]
        && a == b
        && !forbidden.contains(&a)
    {
        forbidden.push(a);
    }
    forbidden
}

/// Whether the players still in could all be paired (an odd one out getting a first bye) with no rematch, and, with
/// `sides`, with every player on a side that breaks none of the sides' rules.
fn clean_pairing_exists(event: &Event, sides: bool) -> bool {
    let active = event.active();
    let forbidden: Vec<Vec<MoveOrder>> = active.iter().map(|&a| forbidden_sides(event, a)).collect();
    let with_bye = active.len() % 2 == 1;
    let n = active.len() + usize::from(with_bye);
    let mut weights = vec![0_i64; n * n];
    for i in 0..active.len() {
        for j in i + 1..active.len() {
            let may = |a: usize, b: usize| {
                !forbidden[a].contains(&MoveOrder::First) && !forbidden[b].contains(&MoveOrder::Second)
            };
            let sides_ok = !sides || may(i, j) || may(j, i);
            weights[i * n + j] = i64::from(!met(event, active[i], active[j]) && sides_ok);
        }
        if with_bye {
            weights[i * n + n - 1] = i64::from(!event.byes.iter().any(|b| b.1 == active[i]));
        }
    }
    integer_blossom::max_weight_matching(&weights, n).iter().all(Option::is_some)
}

fn every_active_once(event: &Event, round: &Round) {
    let mut seen = BTreeSet::new();
    for who in round.pairings.iter().flat_map(|p| p.seats.iter()).chain(&round.byes) {
        assert!(seen.insert(*who), "{who} is seated twice: {round:?}");
        assert!(!event.entrants[*who].withdrawn, "{who} withdrew but is paired");
    }
    assert_eq!(seen.len(), event.active().len(), "someone still in is left out: {round:?}");
}

/// The sides' rules hold in every round where some pairing without a rematch keeps them; when none does (in the
/// last rounds of a Swiss as long as a round robin, or after withdrawals), they give way to no rematch, as FIDE's
/// rules let them.
fn swiss_tournament(n: usize, rounds: u32, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut event = event(n, &mut rng);
    for number in 1..=rounds {
        let round = swiss::pair(&event);
        every_active_once(&event, &round);
        assert!(round.byes.len() == event.active().len() % 2, "byes only for an odd one out: {round:?}");
        let sides_keepable = clean_pairing_exists(&event, true);
        let before: Vec<Vec<MoveOrder>> = (0..n).map(|who| forbidden_sides(&event, who)).collect();
        if clean_pairing_exists(&event, false) {
            for p in &round.pairings {
                assert!(!met(&event, p.seats[0], p.seats[1]), "round {number}: avoidable rematch {p:?}");
            }
            for &b in &round.byes {
                assert!(!event.byes.iter().any(|x| x.1 == b), "round {number}: a second bye for {b}");
            }
        }
        play(&mut event, number, &round, &mut rng);
        for who in event.active().into_iter().filter(|_| sides_keepable) {
            let sides = sides(&event, who);
            let played =
                event.games.iter().any(|g| g.round == number && g.over_the_board && g.seats.contains(&who));
            if let Some(last) = sides.last().filter(|_| played) {
                assert!(
                    !before[who].contains(last),
                    "round {number}: {who} took a side the rules forbid: {sides:?}"
                );
            }
        }
        withdraw_some(&mut event, &mut rng);
    }
}

fn round_robin_tournament(n: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut event = event(n, &mut rng);
    let total = round_robin::rounds(n);
    for number in 1..=total {
        let round = round_robin::pair(&event, number);
        every_active_once(&event, &round);
        play(&mut event, number, &round, &mut rng);
    }
    for a in 0..n {
        for b in a + 1..n {
            let games = event.games.iter().filter(|g| g.seats.contains(&a) && g.seats.contains(&b)).count();
            assert_eq!(games, 1, "{a} and {b} meet once in a round robin of {n}");
        }
        let byes = event.byes.iter().filter(|x| x.1 == a).count();
        assert_eq!(byes, n % 2, "{a}'s byes in a round robin of {n}");
        let sides: i32 = event
            .games
            .iter()
            .filter(|g| g.seats.contains(&a))
            .map(|g| if g.seats[0] == a { 1 } else { -1 })
            .sum();
        assert!(sides.abs() <= 1, "{a}'s sides in a round robin of {n}: {sides}");
    }
}

fn knockout_tournament(n: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut event = event(n, &mut rng);
    let seeds = knockout::seeds(&event);
    let first = knockout::pair(&event, 1);
    every_active_once(&event, &first);
    let byes: BTreeSet<usize> = first.byes.iter().copied().collect();
    let top: BTreeSet<usize> = seeds[..n.next_power_of_two() - n].iter().copied().collect();
    assert_eq!(byes, top, "the byes go to the top seeds");
    for p in &first.pairings {
        let rank = |e| seeds.iter().position(|&s| s == e).unwrap();
        assert!(rank(p.seats[0]) < rank(p.seats[1]), "the higher seed has the first side");
    }
    let mut round = first;
    for number in 1..=knockout::rounds(n) {
        assert!(round.pairings.len() + round.byes.len() <= n.next_power_of_two() >> (number - 1));
        play(&mut event, number, &round, &mut rng);
        round = knockout::pair(&event, number + 1);
    }
    assert!(round.pairings.is_empty(), "no round after the final");
    let champion = knockout::champion(&event).expect("a champion");
    assert_eq!(event.games.len(), n - 1, "a knockout of {n} has {} games", n - 1);
    for number in 1..=knockout::rounds(n) {
        let lost = event.games.iter().filter(|g| g.round == number && g.seats.contains(&champion));
        for g in lost {
            let seat = g.seats.iter().position(|&s| s == champion).unwrap();
            assert!(g.points[seat] >= g.points[1 - seat], "the champion lost no pairing");
        }
    }
}

fn tables_tournament(n: usize, rounds: u32, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut event = event(n, &mut rng);
    for number in 1..=rounds {
        let round = tables::seat(&event, number);
        every_active_once(&event, &round);
        let active = event.active().len();
        for p in &round.pairings {
            let ok = (3..=4).contains(&p.seats.len()) || (p.seats.len() == 2 && matches!(active, 2 | 5));
            assert!(ok, "a table of {} for {active} players", p.seats.len());
        }
        play(&mut event, number, &round, &mut rng);
        withdraw_some(&mut event, &mut rng);
    }
    let table = standings(&event, TieBreak::of(Format::Swiss, true));
    assert!(table.windows(2).all(|w| w[0].points >= w[1].points), "standings by points first");
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24)
}

/// A field of 17 with withdrawals over 10 rounds, where by round 10 no rematch-free pairing kept everyone's sides
/// (CI once drew it, when the test still asked for the sides in every round).
#[test]
fn swiss_sides_give_way_only_when_they_must() {
    swiss_tournament(17, 10, 15_617_299_183_262_390_332);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn swiss_pairs_by_the_rules(n in 2_usize..=200, rounds in 1_u32..=11, seed in any::<u64>()) {
        swiss_tournament(n, rounds.min(n as u32 - 1).max(1), seed);
    }

    /// Big fields are paired in score brackets (of 100 and more): the same rules hold.
    #[test]
    fn big_swiss_pairs_by_the_rules_in_brackets(n in 201_usize..=400, rounds in 1_u32..=7, seed in any::<u64>()) {
        swiss_tournament(n, rounds, seed);
    }

    #[test]
    fn small_swiss_pairs_by_the_rules_to_the_last_round(n in 2_usize..=12, seed in any::<u64>()) {
        swiss_tournament(n, (n as u32 - 1).max(1), seed);
    }

    #[test]
    fn round_robin_meets_everyone_once(n in 2_usize..=60, seed in any::<u64>()) {
        round_robin_tournament(n, seed);
    }

    #[test]
    fn knockout_seeds_and_ends_with_a_champion(n in 2_usize..=200, seed in any::<u64>()) {
        knockout_tournament(n, seed);
    }

    #[test]
    fn tables_seat_three_or_four(n in 2_usize..=200, rounds in 1_u32..=8, seed in any::<u64>()) {
        tables_tournament(n, rounds, seed);
    }
}

#[test]
fn swiss_standings_break_ties_by_buchholz_then_sonneborn_berger() {
    // 0 beat 1, 2 beat 3; then 0 drew 2, 1 beat 3.
    let entrants = (0..4).map(|_| Entrant { rating: 1500.0, withdrawn: false }).collect();
    let game = |round, a, b, pa, pb| RoundGame {
        round,
        seats: vec![a, b],
        points: vec![pa, pb],
        scores: None,
        over_the_board: true,
    };
    let event = Event {
        entrants,
        games: vec![game(1, 0, 1, 2, 0), game(1, 2, 3, 2, 0), game(2, 0, 2, 1, 1), game(2, 1, 3, 2, 0)],
        byes: Vec::new(),
    };
    let table = standings(&event, TieBreak::of(Format::Swiss, false));
    let order: Vec<usize> = table.iter().map(|s| s.entrant).collect();
    // 0 and 2 have 3 half points; 0's opponents (1: 2, 2: 3) sum 5, 2's (3: 0, 0: 3) sum 3.
    assert_eq!(order, [0, 2, 1, 3]);
    assert_eq!(table[0].tie_breaks[0], 5);
    assert_eq!(table[1].tie_breaks[0], 3);
    assert_eq!(table[3].points, 0);
}

#[test]
fn the_first_swiss_round_pairs_the_top_half_against_the_bottom_half() {
    let entrants =
        (0..8).map(|i| Entrant { rating: 2000.0 - f64::from(i) * 10.0, withdrawn: false }).collect();
    let event = Event { entrants, ..Event::default() };
    let round = swiss::pair(&event);
    let mut pairs: Vec<(usize, usize)> =
        round.pairings.iter().map(|p| (p.seats[0].min(p.seats[1]), p.seats[0].max(p.seats[1]))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)]);
}
