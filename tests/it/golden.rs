//! Golden-picture comparison: a picture must match `tests/data/golden/NAME.png` within a small tolerance, measured
//! as a colour distance per pixel and a count of the pixels that differ by more than it. `REGENERATE=1 cargo
//! test` rewrites the files instead (look at them before committing).

use std::path::PathBuf;

use image::RgbaImage;

/// The largest distance between two colours (Euclidean, over red, green and blue) at which a pixel still counts
/// as the same: the palette's nearest shade of an anti-aliased edge is well within it, a moved or recoloured
/// shape is not.
const DISTANCE: f64 = 40.0;
/// The share of the pixels that may differ by more than [`DISTANCE`]: a few edge pixels of a shape, not a shape.
const MAX_BAD_SHARE: f64 = 0.002;

pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden").join(format!("{name}.png"))
}

/// The distance between two pixels' colours.
pub fn distance(a: image::Rgba<u8>, b: image::Rgba<u8>) -> f64 {
    a.0[..3].iter().zip(&b.0[..3]).map(|(&x, &y)| (f64::from(x) - f64::from(y)).powi(2)).sum::<f64>().sqrt()
}

/// How `img` differs from `golden`: the number of pixels farther than [`DISTANCE`] and the largest distance.
pub fn difference(golden: &RgbaImage, img: &RgbaImage) -> (usize, f64) {
    golden.pixels().zip(img.pixels()).fold((0, 0.0_f64), |(bad, worst), (a, b)| {
        let d = distance(*a, *b);
        (bad + usize::from(d > DISTANCE), worst.max(d))
    })
}

/// Compares the PNG file `png` (as the bot posts it) with the golden picture `name`, or writes it there when
/// `REGENERATE` is set.
pub fn check_png(name: &str, png: &[u8]) {
    let path = path(name);
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let img = image::load_from_memory(png).unwrap_or_else(|e| panic!("{name}: the PNG does not decode: {e}"));
    compare(name, &img.to_rgba8());
}

/// Compares the picture `img` with the golden picture `name`, or writes it there when `REGENERATE` is set.
pub fn check(name: &str, img: &RgbaImage) {
    let path = path(name);
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        img.save(&path).unwrap();
        return;
    }
    compare(name, img);
}

fn compare(name: &str, img: &RgbaImage) {
    let path = path(name);
    let golden = image::open(&path)
        .unwrap_or_else(|e| {
            panic!("cannot open golden picture {}: {e} (run with REGENERATE=1)", path.display())
        })
        .to_rgba8();
    assert_eq!(golden.dimensions(), img.dimensions(), "{name}: picture size changed");
    let (bad, worst) = difference(&golden, img);
    let share = bad as f64 / f64::from(img.width() * img.height());
    if share > MAX_BAD_SHARE {
        let actual = path.with_extension("actual.png");
        img.save(&actual).unwrap();
        panic!(
            "{name}: {bad} pixels differ from the golden picture by more than {DISTANCE} (the worst by {worst:.0}); \
             the new one is at {}",
            actual.display()
        );
    }
}

#[test]
fn the_comparison_sees_a_moved_shape_but_not_a_shaded_edge() {
    let draw = |x0: u32, shade: u8| {
        RgbaImage::from_fn(200, 100, |x, y| {
            if (x0..x0 + 30).contains(&x) && (20..60).contains(&y) {
                image::Rgba([20, 20, 20, 255])
            } else if x == x0 + 30 && (20..60).contains(&y) {
                image::Rgba([shade, shade, shade, 255])
            } else {
                image::Rgba([230, 220, 200, 255])
            }
        })
    };
    let golden = draw(50, 120);
    // An edge shade a little off: every pixel within the distance.
    assert_eq!(difference(&golden, &draw(50, 135)).0, 0);
    // The shape one pixel to the right: its edge columns differ, 120 pixels of 20,000.
    let (bad, worst) = difference(&golden, &draw(51, 120));
    assert_eq!(bad, 120);
    assert!(worst > 300.0, "{worst}");
}
