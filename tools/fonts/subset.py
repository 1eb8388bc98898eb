#!/usr/bin/env python3
"""Makes the fallback fonts in assets/fonts/ from their published sources, so that they can be made again.

The pictures draw text with DejaVu Sans first (Latin, Greek, Cyrillic and much more), then these fonts, in order:

    Noto Sans Hebrew, Arabic, Devanagari, Thai   Debian's fonts-noto-core (whole fonts: every glyph and feature)
    Noto Sans CJK SC                             Debian's fonts-noto-cjk, cut to the characters names use
    Noto Emoji (monochrome; one weight for both) npm's @fontsource/noto-emoji, its twelve parts merged into one

Needs: apt-get install fonts-noto-core fonts-noto-cjk; pip install fonttools brotli; npm (for `npm pack`).
Run from the repository's root: python3 tools/fonts/subset.py
"""

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTCollection, TTFont

OUT = "assets/fonts"
NOTO = "/usr/share/fonts/truetype/noto"
CJK = "/usr/share/fonts/opentype/noto"
# Noto Sans CJK's collections hold JP, KR, SC, TC and HK faces; SC (simplified Chinese) is the one drawn: its
# glyphs read right in every CJK language, and simplified Chinese is the most common of the scripts' users.
CJK_FACE = 2


def cjk_characters():
    """What Chinese, Japanese and Korean names are written with: every character of each language's national
    standard set (GB 2312 and Big5 for Chinese, JIS X 0208 and 0212 for Japanese, KS X 1001 for Korean), every
    Hangul syllable, the kana, and the CJK punctuation and full-width forms."""
    chars = set()
    for codec in ("gb2312", "big5", "euc_jp", "euc_kr"):
        for lead in range(0x81, 0xFF):
            for trail in range(0x40, 0xFF):
                try:
                    chars.update(bytes([lead, trail]).decode(codec))
                except UnicodeDecodeError:
                    pass
    # JIS X 0212 (euc_jp's three-byte forms).
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            try:
                chars.update(bytes([0x8F, lead, trail]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    ranges = [
        (0x3000, 0x303F),  # CJK symbols and punctuation
        (0x3040, 0x30FF),  # hiragana, katakana
        (0x3130, 0x318F),  # Hangul compatibility jamo
        (0x31F0, 0x31FF),  # katakana phonetic extensions
        (0x3200, 0x33FF),  # enclosed CJK letters, CJK compatibility
        (0xAC00, 0xD7A3),  # every Hangul syllable
        (0xFF00, 0xFFEF),  # half-width and full-width forms
    ]
    for lo, hi in ranges:
        chars.update(chr(c) for c in range(lo, hi + 1))
    # Only what the other scripts' fonts lack: Latin and its punctuation come from DejaVu Sans.
    return sorted(c for c in chars if ord(c) >= 0x2E80)


def subset_font(font, unicodes, out):
    options = subset.Options()
    # Only what horizontal CJK text uses: no vertical forms, and no regional ('locl') or other alternates, which
    # would keep another 17,000 glyphs.
    options.layout_features = ["ccmp", "kern", "mark", "mkmk"]
    options.drop_tables += ["vhea", "vmtx", "VORG"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.save(out)


def emoji(work):
    subprocess.run(["npm", "pack", "@fontsource/noto-emoji@5.3.2"], cwd=work, check=True, capture_output=True)
    tgz = next(f for f in os.listdir(work) if f.endswith(".tgz"))
    with tarfile.open(os.path.join(work, tgz)) as tar:
        tar.extractall(work, filter="data")
    files = os.path.join(work, "package", "files")
    parts = []
    for name in sorted(os.listdir(files)):
        if name.endswith("-400-normal.woff2"):
            font = TTFont(os.path.join(files, name))
            font.flavor = None
            ttf = os.path.join(work, name.replace(".woff2", ".ttf"))
            font.save(ttf)
            parts.append(ttf)
    merged = Merger().merge(parts)
    merged.save(os.path.join(OUT, "NotoEmoji-Regular.ttf"))


def main():
    if not os.path.isdir("assets"):
        sys.exit("run from the repository's root")
    os.makedirs(OUT, exist_ok=True)
    # The four scripts' fonts are small: whole, with every feature their shaping needs.
    for script in ("Hebrew", "Arabic", "Devanagari", "Thai"):
        for weight in ("Regular", "Bold"):
            shutil.copy(f"{NOTO}/NotoSans{script}-{weight}.ttf", OUT)
    chars = [ord(c) for c in cjk_characters()]
    for weight in ("Regular", "Bold"):
        font = TTCollection(f"{CJK}/NotoSansCJK-{weight}.ttc").fonts[CJK_FACE]
        subset_font(font, chars, f"{OUT}/NotoSansCJKsc-{weight}-subset.otf")
    with tempfile.TemporaryDirectory() as work:
        emoji(work)
    for name in sorted(os.listdir(OUT)):
        print(f"{os.path.getsize(os.path.join(OUT, name)):>10}  {name}")


if __name__ == "__main__":
    main()
