#!/usr/bin/env python3
"""Generate Murmur's static demo media into public/ (all procedural, no
downloads, fixed random seeds, so re-runs give the same pictures).

Re-run from the repository root:

    pip install pillow numpy            # Python 3.9+
    apt-get install -y ffmpeg librsvg2-bin
    python3 scripts/media/generate.py               # everything
    python3 scripts/media/generate.py images svg    # just some parts

Parts: images (public/seed/*.jpg), waves (public/seed/waves.mp4 + .jpg),
login (public/video/login.mp4/.webm + poster), svg (avatars, logo,
favicon), icons (public/icons/icon-{192,512}.png, favicon-{32,48}.png and
maskable-512.png, needs rsvg-convert), avatars (public/avatars/*-{64,128,256}.webp,
the raster copies of the avatar drawings, needs rsvg-convert).

The .mp4 files are H.264 (checked to be playable by Debian's Chromium);
pass --mp4-codec vp9 to put VP9 in the .mp4 container instead.
"""
import argparse
import os
import subprocess
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
PUBLIC = os.path.join(ROOT, "public")

import images  # noqa: E402
import svgs  # noqa: E402
import video  # noqa: E402


def out(*parts):
    p = os.path.join(PUBLIC, *parts)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    return p


def mp4_args(codec, crf):
    if codec == "h264":
        return "h264", ["-crf", str(crf)]
    return "vp9", ["-crf", str(crf + 10)]


def gen_images(_):
    for name, fn in images.ALL.items():
        fn(out("seed", name + ".jpg"))


def save_poster(frame, path, quality):
    Image.fromarray(frame).save(path, "JPEG", quality=quality, optimize=True, progressive=True)


def gen_waves(a):
    render, n, size, fps = video.waves_renderer()
    codec, q = mp4_args(a.mp4_codec, 23)
    frames = video.encode(render, n, size, fps, [(out("seed", "waves.mp4"), codec, q)])
    save_poster(frames[0], out("seed", "waves.jpg"), 80)


def gen_login(a):
    render, n, size, fps = video.login_renderer()
    codec, q = mp4_args(a.mp4_codec, 21)
    frames = video.encode(render, n, size, fps, [
        (out("video", "login.mp4"), codec, q),
        (out("video", "login.webm"), "vp9", ["-crf", "31"]),
    ])
    save_poster(frames[0], out("video", "login-poster.jpg"), 78)


def gen_svg(_):
    for rel, text in svgs.all_files().items():
        with open(out(*rel.split("/")), "w") as f:
            f.write(text)


def gen_icons(_):
    src = out("favicon.svg")
    if not os.path.exists(src):
        gen_svg(None)
    for size in (192, 512):
        dst = out("icons", "icon-%d.png" % size)
        # the mark, centred with a little breathing room, on a transparent canvas
        inner = int(size * 0.88)
        tmp = dst + ".tmp.png"
        subprocess.check_call(["rsvg-convert", "-w", str(inner), "-h", str(inner), src, "-o", tmp])
        mark = Image.open(tmp).convert("RGBA")
        os.remove(tmp)
        canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        off = (size - inner) // 2
        canvas.paste(mark, (off, off), mark)
        canvas.save(dst, optimize=True)
    # The tab's icon as PNGs (the HTML links these, not favicon.svg): the
    # browser decodes a PNG at once, where an SVG icon makes it build a whole
    # document on the page's main thread (16-30 ms on a slowed phone, in the
    # middle of a sign-in, as the address changes).
    for size in (32, 48):
        dst = out("icons", "favicon-%d.png" % size)
        subprocess.check_call(["rsvg-convert", "-w", str(size), "-h", str(size), src, "-o", dst])
        Image.open(dst).convert("RGBA").save(dst, optimize=True)
    # the maskable icon is full bleed: rendered as it is
    dst = out("icons", "maskable-512.png")
    subprocess.check_call(["rsvg-convert", "-w", "512", "-h", "512", out("icons", "maskable.svg"), "-o", dst])
    Image.open(dst).convert("RGB").save(dst, optimize=True)


# The widths of each avatar's raster copies: the app draws avatars 36-112 CSS
# pixels wide, at one to three device pixels per CSS pixel.
AVATAR_WIDTHS = (64, 128, 256)


def gen_avatars(_):
    # The avatars stay SVG drawings in the data (any client can draw them at
    # any size); the app draws these lossless WebP copies instead, through
    # srcset. A WebP is decoded off the page's main thread, where each SVG
    # image makes the browser build a whole document on it (17-34 ms each on
    # a slowed phone, just before a feed's first frame). Lossless: the
    # drawings are flat colour, and lossless WebP is the smallest of the
    # three tried (lossless WebP, WebP q90, PNG).
    folder = os.path.join(PUBLIC, "avatars")
    if not any(f.endswith(".svg") for f in os.listdir(folder)):
        gen_svg(None)
    names = sorted(f[: -len(".svg")] for f in os.listdir(folder) if f.endswith(".svg"))
    for name in names:
        for width in AVATAR_WIDTHS:
            dst = out("avatars", "%s-%d.webp" % (name, width))
            tmp = dst + ".tmp.png"
            subprocess.check_call(["rsvg-convert", "-w", str(width), "-h", str(width), out("avatars", name + ".svg"), "-o", tmp])
            Image.open(tmp).convert("RGB").save(dst, "WEBP", lossless=True, method=6)
            os.remove(tmp)


PARTS = {
    "images": gen_images,
    "waves": gen_waves,
    "login": gen_login,
    "svg": gen_svg,
    "icons": gen_icons,
    "avatars": gen_avatars,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("parts", nargs="*", help="any of %s (default: all)" % ", ".join(PARTS))
    ap.add_argument("--mp4-codec", choices=["h264", "vp9"], default="h264")
    a = ap.parse_args()
    bad = [p for p in a.parts if p not in PARTS]
    if bad:
        ap.error("unknown part(s): " + ", ".join(bad))
    for p in a.parts or list(PARTS):
        print("generating", p, flush=True)
        PARTS[p](a)


if __name__ == "__main__":
    main()
