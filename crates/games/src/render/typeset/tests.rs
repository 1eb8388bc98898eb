use proptest::prelude::*;

use super::faces::Family;
use super::*;
use crate::render::canvas::{Align, Canvas, rgb};

/// The glyphs of `text` as laid out, left to right: their fonts' families and ids; `None` for a missing box.
fn glyphs(text: &str, weight: Weight) -> Vec<Option<(FaceId, u16)>> {
    line(text, 24.0, weight)
        .items
        .iter()
        .map(|item| match *item {
            Item::Glyph { face, id, .. } => Some((face, id)),
            Item::Missing { .. } => None,
        })
        .collect()
}

/// The glyph of `c` in `family`'s regular font (its form alone, before shaping).
fn glyph_of(family: Family, c: char) -> (FaceId, u16) {
    let face = FaceId::of(family, Weight::Regular);
    (face, face.face().shaper.glyph_index(c).expect("the font has it").0)
}

#[test]
fn a_hebrew_name_reads_right_to_left() {
    let drawn = glyphs("שלום", Weight::Regular);
    // The last letter (final mem) is drawn leftmost.
    let expected: Vec<_> = "שלום".chars().rev().map(|c| Some(glyph_of(Family::Hebrew, c))).collect();
    assert_eq!(drawn, expected);
}

#[test]
fn a_sentence_keeps_its_order_around_a_right_to_left_name() {
    let drawn = glyphs("alice vs \u{2068}שלום\u{2069} (Red)", Weight::Regular);
    assert_eq!(drawn.first(), Some(&Some(glyph_of(Family::Sans, 'a'))));
    assert_eq!(drawn.last(), Some(&Some(glyph_of(Family::Sans, ')'))));
    let hebrew: Vec<_> = drawn
        .iter()
        .flatten()
        .filter(|(face, _)| *face == FaceId::of(Family::Hebrew, Weight::Regular))
        .collect();
    let expected: Vec<_> = "שלום".chars().rev().map(|c| glyph_of(Family::Hebrew, c)).collect();
    assert_eq!(hebrew.into_iter().copied().collect::<Vec<_>>(), expected);
    // Without the isolate the name's closing parenthesis would be taken into the name's run: here the
    // sentence's "(Red)" reads left to right after it.
    let red: Vec<_> = "(Red)".chars().map(|c| Some(glyph_of(Family::Sans, c))).collect();
    assert_eq!(drawn[drawn.len() - 5..], red[..]);
}

#[test]
fn arabic_letters_join() {
    let name = "محمد";
    let drawn = glyphs(name, Weight::Regular);
    assert_eq!(drawn.len(), 4, "{drawn:?}");
    let alone: Vec<_> = name.chars().rev().map(|c| Some(glyph_of(Family::Arabic, c))).collect();
    // Every letter but the last takes a joined form: initial, medial, medial, then the final dal.
    let joined = drawn.iter().zip(&alone).filter(|(a, b)| a != b).count();
    assert!(joined >= 3, "{drawn:?} against the letters alone {alone:?}");
}

#[test]
fn each_script_is_drawn_by_its_font() {
    let cases = [
        ("Ζεύς Жора", Family::Sans),
        ("שלום", Family::Hebrew),
        ("علي", Family::Arabic),
        ("नमस्ते", Family::Devanagari),
        ("สวัสดี", Family::Thai),
        ("山田太郎", Family::Cjk),
        ("さくら", Family::Cjk),
        ("张伟", Family::Cjk),
        ("김민준", Family::Cjk),
        ("🎲🙂", Family::Emoji),
    ];
    for (text, family) in cases {
        for weight in [Weight::Regular, Weight::Bold] {
            let drawn = glyphs(text, weight);
            assert!(!drawn.is_empty());
            for glyph in drawn {
                let (face, _) = glyph.unwrap_or_else(|| panic!("{text}: a box for a character a font has"));
                assert_eq!(face, FaceId::of(family, weight), "{text} in {weight:?}");
            }
        }
    }
}

#[test]
fn devanagari_forms_conjuncts() {
    // क् + ष is one conjunct glyph, not a halant and two letters.
    let drawn = glyphs("क्ष", Weight::Regular);
    assert!(drawn.len() < 3, "{drawn:?}");
}

#[test]
fn an_emoji_with_a_skin_tone_is_one_glyph() {
    assert_eq!(glyphs("👍🏽", Weight::Regular).len(), 1);
    assert_eq!(glyphs("🇨🇿", Weight::Regular).len(), 1, "a flag's two letters make one glyph");
}

#[test]
fn a_character_no_font_has_is_a_box_with_its_code_point() {
    let laid = line("a\u{F0000}b", 24.0, Weight::Regular);
    let missing: Vec<_> = laid
        .items
        .iter()
        .filter_map(|i| if let Item::Missing { code, width, .. } = i { Some((*code, *width)) } else { None })
        .collect();
    assert_eq!(missing.len(), 1);
    assert_eq!(missing[0].0, 0xF0000);
    assert!(missing[0].1 > 10.0, "the box is as wide as a letter or two: {}", missing[0].1);
    assert_eq!(missing_rows(0xF0000), ("0F0".to_string(), "000".to_string()));
    assert_eq!(missing_rows(0x378), ("000".to_string(), "378".to_string()));
    // The box is part of the width.
    assert!(laid.width > width("ab", 24.0, Weight::Regular) + missing[0].1 - 0.01);
}

#[test]
fn invisible_characters_draw_nothing() {
    let plain = width("ab", 24.0, Weight::Regular);
    for text in ["a\u{200B}b", "a\u{200D}b", "a\u{FE0F}b", "\u{2068}ab\u{2069}", "a\u{AD}b", "a\u{E0041}b"] {
        let laid = line(text, 24.0, Weight::Regular);
        assert!(laid.items.iter().all(|i| matches!(i, Item::Glyph { .. })), "{text:?}: {:?}", laid.items);
        assert!((laid.width - plain).abs() < 0.5, "{text:?}: {} against {plain}", laid.width);
    }
    assert!(line("\u{3164}", 24.0, Weight::Regular).items.iter().all(|i| matches!(i, Item::Glyph { .. })));
}

#[test]
fn names_are_cut_between_graphemes_to_fit() {
    for name in [
        "क्षत्रिय क्षत्रिय",
        "👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧 family",
        "Zoe\u{301}\u{301} Zoe\u{301}",
        "محمد علي محمد",
        "山田太郎山田太郎",
    ] {
        let whole = width(name, 20.0, Weight::Bold);
        for room in (0..whole as usize).step_by(7) {
            let shown = cut_to_width(name, room as f32, 20.0, Weight::Bold);
            let kept = shown.strip_suffix('…').expect("an ellipsis ends a cut name");
            assert!(name.starts_with(kept), "{shown:?} is not a start of {name:?}");
            let at = kept.len();
            assert!(
                name.grapheme_indices(true).any(|(i, _)| i == at) || name[at..].starts_with(' '),
                "{name:?} cut inside a grapheme: {shown:?}"
            );
            assert!(
                shown == "…" || width(&shown, 20.0, Weight::Bold) <= room as f32,
                "{shown:?} wider than {room}"
            );
        }
    }
}

/// Names as members write them: every script above, marks, emoji, joiners, controls, and any character.
fn names() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9 ,._!-]{1,6}",
        "[\u{5D0}-\u{5EA} ]{1,6}",
        "[\u{627}-\u{64A}\u{64B}-\u{652} ]{1,6}",
        "[\u{915}-\u{939}\u{93E}-\u{94D} ]{1,6}",
        "[\u{E01}-\u{E3A}\u{E40}-\u{E4E}]{1,6}",
        "[\u{4E00}-\u{9FFF}\u{3041}-\u{30FF}\u{AC00}-\u{D7A3}]{1,4}",
        "[\u{1F300}-\u{1FAFF}\u{1F3FB}-\u{1F3FF}\u{200D}\u{FE0F}]{1,4}",
        "[\u{300}-\u{36F}]{1,8}",
        "[\u{2066}-\u{2069}\u{202A}-\u{202E}\u{200E}\u{200F}]{1,2}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 1..6).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any name drawn at any size: no panic; its ink inside its box, and where its measured width says; a name with
    /// a letter in it is never drawn as nothing.
    #[test]
    fn any_name_is_drawn_inside_its_box_as_wide_as_measured(name in names(), size in 9.0f32..40.0) {
        let size = size.round();
        let measured = width(&name, size, Weight::Regular);
        let height = (size * 3.0) as u32;
        let canvas_width = measured.ceil() as u32 + (4.0 * size) as u32;
        let left = (2.0 * size).round();
        let draw = |x: f32, align: Align| {
            let mut c = Canvas::new(canvas_width, height, rgb(0x00ff_ffff));
            c.text(x, size, size, Weight::Regular, align, rgb(0), &name);
            ink(&c.into_image())
        };
        let left_aligned = draw(left, Align::Left);
        let right_aligned = draw(left + measured, Align::Right);
        if let Some((x0, y0, x1, y1)) = left_aligned {
            let (room_left, room_right) = (left - 0.2 * size - 1.0, left + measured + 0.2 * size + 1.0);
            prop_assert!(x0 as f32 >= room_left && x1 as f32 <= room_right, "{name:?}: ink {x0}..{x1} outside {room_left}..{room_right}");
            prop_assert!(y0 as f32 >= size - 0.25 * size - 1.0, "{name:?}: ink from {y0}");
            prop_assert!(y1 as f32 <= size + ascent(size) + 0.5 * size + 1.0, "{name:?}: ink to {y1}");
        }
        // Drawn from its right end at the measured width, the name lands where it lands drawn from its left.
        let near = |a: Option<(u32, u32, u32, u32)>, b: Option<(u32, u32, u32, u32)>| match (a, b) {
            (Some(a), Some(b)) => a.0.abs_diff(b.0) <= 1 && a.2.abs_diff(b.2) <= 1,
            (a, b) => a.is_none() && b.is_none(),
        };
        prop_assert!(near(left_aligned, right_aligned), "{name:?}: {left_aligned:?} against {right_aligned:?}");
        if name.chars().any(|c| c.is_alphanumeric() && !invisible(c)) {
            prop_assert!(left_aligned.is_some(), "{name:?} drew nothing");
        }
    }
}

/// The bounds (left, top, right, bottom, inclusive) of the pixels that are not white.
fn ink(img: &image::RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let mut bounds: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in img.enumerate_pixels() {
        if p.0[..3].iter().any(|&v| v < 200) {
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    bounds
}
