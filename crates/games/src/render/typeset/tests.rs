use super::*;
use crate::render::canvas::{Align, Canvas, rgb};

#[test]
fn specimen() {
    let lines = [
        "Attacking Alice vs Defending Bob",
        "שלום עולם",
        "alice vs \u{2068}שלום\u{2069} (Red)",
        "محمد علي",
        "alice vs \u{2068}محمد علي\u{2069}",
        "देवनागरी नमस्ते क्षत्रिय",
        "สวัสดีครับ ผู้เล่น",
        "山田太郎 さくら カタカナ",
        "李小龍 张伟 王芳",
        "김민준 이서연",
        "🎲 Dice 👩‍👩‍👧 🇨🇿 ❤️ 👍🏽",
        "Ann\u{F0000}x \u{E01EF}",
        "Ζεύς Жора Ελλάδα",
        "Z̷̢̛a̴͓l̶g̵o̶̢",
    ];
    let mut c = Canvas::new(700, 40 * lines.len() as u32 + 20, rgb(0xffffff));
    for (i, l) in lines.iter().enumerate() {
        let w = if i % 2 == 0 { Weight::Regular } else { Weight::Bold };
        c.text(20.0, 10.0 + 40.0 * i as f32, 24.0, w, Align::Left, rgb(0x222222), l);
        c.text(680.0, 10.0 + 40.0 * i as f32, 12.0, w, Align::Right, rgb(0x884444), l);
    }
    c.into_image().save("/tmp/specimen.png").unwrap();
}
