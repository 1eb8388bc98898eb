//! Tactics (issue 53): the exhaustive search at one position of each game, as the generator runs it at every
//! position of its self-play (`find_tactic`, at the shipped tactics' positions, where it finds one), and the check
//! that a solver's move still reaches the goal (a Tablut win in 2, after its first move).

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::games::AnyGame;
use tabula::games::GameKind;
use tabula::games::tactic::{Goal, TacticRun, shipped};

/// The first shipped tactic of `game` whose goal `pick` accepts, at its position.
fn position(game: GameKind, pick: impl Fn(&Goal) -> bool) -> AnyGame {
    let t = shipped().into_iter().find(|t| t.game == game && pick(&t.goal)).expect("a shipped tactic");
    t.game().expect("it replays")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tactics");
    group.sample_size(20);
    for (name, game, pick) in [
        (
            "find/tablut-win2",
            GameKind::Tablut,
            (|g: &Goal| *g == Goal::Win { turns: 2 }) as fn(&Goal) -> bool,
        ),
        ("find/tablut-save", GameKind::Tablut, |g: &Goal| *g == Goal::Save),
        ("find/tzaar-win", GameKind::Tzaar, |g: &Goal| *g == Goal::Win { turns: 1 }),
        ("find/tzaar-save", GameKind::Tzaar, |g: &Goal| *g == Goal::Save),
        ("find/tantrix-loop", GameKind::Tantrix, |g: &Goal| matches!(g, Goal::Loop { .. })),
    ] {
        let at = position(game, pick);
        group.bench_function(name, |b| {
            b.iter(|| at.find_tactic(2_000_000).expect("the tactic is found again"));
        });
    }
    let deep = shipped().into_iter().find(|t| t.goal == Goal::Win { turns: 2 }).expect("a win in 2");
    group.bench_function("check/tablut-win2-first-move", |b| {
        b.iter(|| {
            let mut run = TacticRun::new(deep.clone(), &[]).expect("it replays");
            run.play(&deep.line[0]).expect("the line is legal")
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
