use super::*;
use crate::games::tablut::Position;

fn start() -> Game {
    Game::from_position(Position::start(Variant::ALL[0]))
}

fn luma(p: image::Rgba<u8>) -> u32 {
    (u32::from(p[0]) * 3 + u32::from(p[1]) * 6 + u32::from(p[2])) / 10
}

#[test]
fn the_black_disc_in_the_header_is_filled_and_stands_out_from_the_header() {
    let names = vec!["alice".to_string(), "bob".to_string()];
    let img = render(&start(), &names, Lang::En);
    for side in [Side::Black, Side::White] {
        let seat = header_seat(&names, side, Lang::En);
        let ring = |r: f32| {
            (0..32).map(move |k| {
                let a = k as f32 * std::f32::consts::TAU / 32.0;
                ((seat.icon_x + r * a.cos()).round() as u32, (NAME_Y + r * a.sin()).round() as u32)
            })
        };
        // Between the disc and the header: the light plate, all around.
        for (x, y) in ring(PLATE - 1.5) {
            assert!(luma(*img.get_pixel(x, y)) > 150, "{side:?}: the plate at {x},{y}");
        }
        if side == Side::Black {
            // The disc itself is black to its middle: a piece, not a ring.
            for r in [0.0, 3.0, 6.0, ICON - 2.0] {
                for (x, y) in ring(r) {
                    assert!(luma(*img.get_pixel(x, y)) < 60, "the black disc at {x},{y}");
                }
            }
        }
    }
}

#[test]
fn long_names_stay_inside_the_header_and_leave_vs_alone() {
    let short = vec!["al".to_string(), "bo".to_string()];
    let short_img = render(&start(), &short, Lang::En);
    for names in [
        vec!["W".repeat(32), "M".repeat(32)],
        vec!["漢字".repeat(16), "😀".repeat(32)],
        vec![
            "Ｗｉｄｅ　Ｕｎｉｃｏｄｅ　ｎａｍｅ".to_string(),
            "ŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴŴ".to_string(),
        ],
    ] {
        let img = render(&start(), &names, Lang::En);
        for y in 0..40 {
            for x in (0..EDGE_ROOM as u32 - 8).chain(WIDTH - EDGE_ROOM as u32 + 8..WIDTH) {
                assert_eq!(*img.get_pixel(x, y), HEADER_BG, "{names:?}: the name reaches {x},{y}");
            }
            for x in (HEADER_MID - 18.0) as u32..(HEADER_MID + 18.0) as u32 {
                assert_eq!(img.get_pixel(x, y), short_img.get_pixel(x, y), "{names:?}: vs at {x},{y}");
            }
        }
    }
}

#[test]
fn every_rule_difference_has_its_words() {
    for variant in Variant::ALL {
        for item in variant.rules().differences() {
            assert_ne!(difference(Lang::Cs, item), item, "{item} has no message");
            assert_eq!(difference(Lang::En, item), item, "the English message is the rules' own words");
        }
    }
}
