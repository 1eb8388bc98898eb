//! The canvas's tests: shapes, spans, compositing and names.

use super::*;

#[test]
fn convex_sdf_is_negative_inside_either_winding() {
    let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
    let reversed: Vec<_> = square.iter().rev().copied().collect();
    for pts in [&square[..], &reversed[..]] {
        let (_, sdf) = convex_sdf(pts);
        assert!(sdf(5.0, 5.0) < -4.0);
        assert!(sdf(15.0, 5.0) > 4.0);
    }
}

/// The spans [`Canvas::fill_sdf`] skips or fills whole give the pixels that a distance per pixel gives.
#[test]
fn shapes_drawn_by_spans_match_a_distance_per_pixel() {
    let colour = with_alpha(rgb(0x0012_6ab0), 255);
    let per_pixel = |c: &mut Canvas, bbox: (f32, f32, f32, f32), sdf: &dyn Fn(f32, f32) -> f32| {
        let (xa, ya) = ((bbox.0.floor() as i32 - 1).max(0), (bbox.1.floor() as i32 - 1).max(0));
        let xb = (bbox.2.ceil() as i32 + 1).min(c.img.width() as i32 - 1);
        let yb = (bbox.3.ceil() as i32 + 1).min(c.img.height() as i32 - 1);
        for y in ya..=yb {
            for x in xa..=xb {
                let coverage = (0.5 - sdf(x as f32 + 0.5, y as f32 + 0.5)).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    c.blend(x, y, colour, coverage);
                }
            }
        }
    };
    for (cx, cy, r) in [(30.3, 20.7, 17.9), (5.0, 5.0, 2.6), (50.5, 30.25, 9.1), (0.0, 40.0, 12.0)] {
        let mut fast = Canvas::new(64, 48, rgb(0x00ee_ebe4));
        fast.fill_circle(cx, cy, r, colour);
        fast.line((3.2, 40.1), (60.7, 4.4), 3.3, colour);
        let mut plain = Canvas::new(64, 48, rgb(0x00ee_ebe4));
        per_pixel(&mut plain, (cx - r, cy - r, cx + r, cy + r), &|x, y| length(x - cx, y - cy) - r);
        per_pixel(&mut plain, (1.55, 2.75, 62.35, 41.75), &|x, y| {
            segment_distance((x, y), (3.2, 40.1), (60.7, 4.4)) - 1.65
        });
        let (fast, plain) = (fast.into_image(), plain.into_image());
        let worst = fast.as_raw().iter().zip(plain.as_raw()).map(|(a, b)| a.abs_diff(*b)).max();
        assert!(worst <= Some(1), "{cx},{cy} r{r}: a channel differs by {worst:?}");
    }
}

#[test]
fn a_circle_has_soft_edges() {
    let mut c = Canvas::new(20, 20, rgb(0x00ff_ffff));
    c.fill_circle(10.0, 10.0, 6.3, rgb(0));
    let img = c.into_image();
    assert_eq!(img.get_pixel(10, 10).0[0], 0);
    assert_eq!(img.get_pixel(0, 0).0[0], 255);
    let partial = img.pixels().filter(|p| p.0[0] > 0 && p.0[0] < 255).count();
    assert!(partial > 10, "expected anti-aliased edge pixels, got {partial}");
}

#[test]
fn rounded_rectangles_fill_their_middle_as_the_distance_says() {
    for (x0, y0, x1, y1, radius, alpha) in [
        (3.3, 2.7, 40.6, 19.2, 5.0, 255),
        (0.0, 0.0, 48.0, 24.0, 0.0, 255),
        (-4.0, 5.5, 60.0, 9.0, 8.0, 255),
        (10.2, 10.2, 11.0, 30.0, 3.0, 180),
    ] {
        let colour = with_alpha(rgb(0x0012_6ab0), alpha);
        let mut fast = Canvas::new(48, 32, rgb(0x00ee_ebe4));
        fast.fill_rounded_rect(x0, y0, x1, y1, radius, colour);
        let mut plain = Canvas::new(48, 32, rgb(0x00ee_ebe4));
        let (cx, cy) = (f32::midpoint(x0, x1), f32::midpoint(y0, y1));
        let (hx, hy) = ((x1 - x0) / 2.0 - radius, (y1 - y0) / 2.0 - radius);
        plain.fill_sdf((x0, y0, x1, y1), colour, |x, y| {
            let (qx, qy) = ((x - cx).abs() - hx, (y - cy).abs() - hy);
            length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0) - radius
        });
        assert_eq!(fast.into_image().as_raw(), plain.into_image().as_raw(), "{x0},{y0} {x1},{y1} r{radius}");
    }
}

#[test]
fn sprites_composite_like_painting_straight_onto_the_picture() {
    let colour = with_alpha(rgb(0x0012_6ab0), 200);
    let mut direct = Canvas::new(30, 30, rgb(0x00ee_ebe4));
    direct.fill_circle(15.0, 15.0, 6.3, colour);
    let dot = Sprite::new(16, |c, m| c.fill_circle(m, m, 6.3, colour));
    let mut stamped = Canvas::new(30, 30, rgb(0x00ee_ebe4));
    stamped.stamp(&dot, 15, 15);
    let (a, b) = (direct.into_image(), stamped.into_image());
    let worst = a.pixels().zip(b.pixels()).flat_map(|(p, q)| (0..4).map(|i| p.0[i].abs_diff(q.0[i]))).max();
    assert!(worst <= Some(1), "largest difference {worst:?}");
    // Stamps that stick out of the picture are cut, never a panic.
    let mut small = Canvas::new(8, 8, rgb(0));
    for (x, y) in [(-7, -7), (0, 0), (7, 3), (20, 20), (3, -20)] {
        small.stamp(&dot, x, y);
    }
    assert_ne!(small.into_image().get_pixel(0, 0).0, [0, 0, 0, 255]);
}

#[test]
fn names_are_trimmed_cut_with_an_ellipsis_or_missing() {
    assert_eq!(short_name(Some("  alice "), 16).as_deref(), Some("alice"));
    assert_eq!(short_name(Some(&"x".repeat(16)), 16), Some("x".repeat(16)));
    assert_eq!(short_name(Some(&"x".repeat(17)), 16), Some(format!("{}…", "x".repeat(15))));
    assert_eq!(short_name(Some(&"🙂".repeat(50)), 18).map(|n| n.chars().count()), Some(18));
    assert_eq!(short_name(Some("   "), 16), None);
    assert_eq!(short_name(None, 16), None);
}

#[test]
fn a_long_name_is_cut_before_its_suffix() {
    let (size, text) = fit_name(&"W".repeat(32), " (Red)", 200.0, 17.0, 12.0, Weight::Bold);
    assert!((size - 12.0).abs() < 1e-6, "{size}");
    assert!(text.ends_with("…\u{2069} (Red)") && text.starts_with("\u{2068}WW"), "{text}");
    assert!(text_width(size, Weight::Bold, &text) <= 200.0);
    let (size, text) = fit_name("al", " (Red)", 200.0, 17.0, 12.0, Weight::Bold);
    assert!((size - 17.0).abs() < 1e-6 && text == "\u{2068}al\u{2069} (Red)", "{size} {text}");
}

#[test]
fn long_text_shrinks_then_is_cut() {
    let (size, shown) = fit_text("Move 3", 400.0, 18.0, 13.0, Weight::Regular);
    assert!((size - 18.0).abs() < f32::EPSILON && shown == "Move 3");
    let long = "x".repeat(60);
    let (size, shown) = fit_text(&long, 400.0, 18.0, 13.0, Weight::Regular);
    assert!(size < 18.0 && text_width(size, Weight::Regular, &shown) <= 400.0);
    let (size, shown) = fit_text(&"x".repeat(200), 400.0, 18.0, 13.0, Weight::Regular);
    assert!((size - 13.0).abs() < f32::EPSILON);
    assert!(shown.ends_with('…') && text_width(size, Weight::Regular, &shown) <= 400.0, "{shown}");
}

#[test]
fn the_fonts_draw_every_letter_of_the_pictures_words() {
    let mut missing = std::collections::BTreeSet::new();
    for files in crate::i18n::SOURCES {
        for (_, source) in files.iter().filter(|(file, _)| *file == "pictures.ftl") {
            for ch in source.chars().filter(|c| !c.is_control()) {
                if [Weight::Regular, Weight::Bold].iter().any(|&w| !super::FaceId::sans(w).face().has(ch)) {
                    missing.insert(ch);
                }
            }
        }
    }
    assert!(missing.is_empty(), "letters without a glyph in DejaVu Sans: {missing:?}");
}

#[test]
fn png_round_trips() {
    let img = Canvas::new(30, 20, rgb(0x0012_3456)).into_image();
    let png = encode_png(&img);
    let back = image::load_from_memory(&png).unwrap();
    assert_eq!((back.width(), back.height()), (30, 20));
}
