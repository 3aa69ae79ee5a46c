"""Procedural looping videos, rendered with numpy and piped to ffmpeg.
Every motion term is periodic in the loop length, so the last frame flows
straight into the first."""
import subprocess

import numpy as np
from PIL import Image

from common import vgrad, radial, smoothstep, hexrgb, blur

TAU = 2 * np.pi


def _codec_args(codec, fps):
    if codec == "h264":
        venc = ["-c:v", "libx264", "-preset", "veryslow", "-profile:v", "high",
                "-tune", "film", "-x264-params", "keyint=%d:min-keyint=%d" % (fps * 2, fps)]
    else:  # vp9
        venc = ["-c:v", "libvpx-vp9", "-deadline", "good", "-cpu-used", "1", "-row-mt", "1",
                "-b:v", "0", "-g", str(fps * 2)]
    return venc


def encode(render, n, size, fps, outputs):
    """Render n frames once (cached in memory as uint8) and encode each of
    outputs: [(path, codec, quality_args)]."""
    w, h = size
    frames = [render(i) for i in range(n)]
    for path, codec, qargs in outputs:
        cmd = ["ffmpeg", "-y", "-hide_banner", "-loglevel", "error",
               "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "%dx%d" % (w, h), "-r", str(fps),
               "-i", "-", "-an"] + _codec_args(codec, fps) + qargs + [
               "-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709",
               "-colorspace", "bt709"]
        if path.endswith(".mp4"):
            cmd += ["-movflags", "+faststart"]
        cmd += [path]
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE)
        for f in frames:
            p.stdin.write(f.tobytes())
        p.stdin.close()
        if p.wait() != 0:
            raise SystemExit("ffmpeg failed for " + path)
    return frames


# --------------------------------------------------------------------------
def waves_renderer(w=640, h=360, fps=24, seconds=5):
    n = fps * seconds
    rng = np.random.default_rng(606)
    hy = int(h * 0.42)
    sky = vgrad(h, w, [(0, "#5b6fc2"), (0.45, "#a98cc9"), (0.8, "#f4a8a0"), (1.0, "#ffd3a6")], 0, hy)
    sx, sy = w * 0.72, hy - h * 0.10
    d = radial(h, w, sx, sy, h * 0.06)
    sky += (np.exp(-d * d * 0.06) * 0.5)[..., None] * np.float32([255, 220, 170])
    sun = np.clip((1 - d) * 12, 0, 1)
    sky = sky * (1 - sun[..., None]) + sun[..., None] * np.float32([255, 246, 220])
    # soft static clouds
    ys = np.arange(h, dtype=np.float32)[:, None]
    xs = np.arange(w, dtype=np.float32)[None, :]
    cl = np.zeros((h, w), np.float32)
    for cx, cy, rx, ry in [(0.18, 0.14, 0.16, 0.022), (0.30, 0.18, 0.12, 0.018), (0.55, 0.10, 0.10, 0.015),
                           (0.85, 0.22, 0.13, 0.018)]:
        e = ((xs - cx * w) / (rx * w)) ** 2 + ((ys - cy * h) / (ry * h)) ** 2
        cl = np.maximum(cl, np.clip(1.4 - e, 0, 1))
    sky = sky * (1 - 0.45 * cl[..., None]) + 0.45 * cl[..., None] * np.float32([255, 236, 236])

    # wave bands, back (near horizon) to front
    nb = 9
    bands = []
    for i in range(nb):
        t = i / (nb - 1)
        y0 = hy + (h - hy) * (t ** 1.35) * 0.98
        amp = 1.2 + 9 * t ** 1.6
        k = TAU / (w * (0.12 + 0.5 * t))          # wavelength grows toward the viewer
        cycles = max(1, int(round(w * k / TAU)))   # keep the band periodic across the frame
        k = TAU * cycles / w
        speed = int(rng.choice([1, 2]))            # whole cycles per loop
        dirn = 1 if i % 2 == 0 else -1
        col = np.float32(hexrgb("#8fb7d9")) * (1 - t) + np.float32(hexrgb("#1d3f7a")) * t
        bands.append((y0, amp, k, speed * dirn, rng.uniform(0, TAU), col, t))
    water_base = vgrad(h, w, [(0, "#c9b7cf"), (1, "#2a4d8a")], hy, h)
    glints = [(rng.uniform(sx - 60, sx + 60) + rng.normal(0, 25), rng.uniform(hy + 2, h * 0.8),
               int(rng.integers(1, 4)), rng.uniform(0, TAU), rng.uniform(3, 9)) for _ in range(140)]

    def render(fi):
        ph = TAU * fi / n
        img = sky.copy()
        img[hy:] = water_base[hy:]
        for y0, amp, k, sp, phi, col, t in bands:
            edge = (y0 + amp * np.sin(k * xs[0] - sp * ph + phi)
                    + amp * 0.35 * np.sin(2 * k * xs[0] + 2 * sp * ph + phi * 1.7))
            m = np.clip(ys - edge[None, :] + 0.5, 0, 1)
            # foam / highlight line on each crest
            crest = np.exp(-np.abs(ys - edge[None, :] - 1.0) / (0.6 + 1.4 * t)) * m
            shade = col * (1 - 0.18 * np.clip((ys - edge[None, :]) / (8 + 30 * t), 0, 1))[..., None]
            img = img * (1 - m[..., None]) + m[..., None] * shade
            img += (crest * (0.55 - 0.25 * t))[..., None] * np.float32([255, 240, 235])
        # sun glitter (each sparkle pulses a whole number of times per loop)
        for gx, gy, m_, p_, ln in glints:
            b = max(0.0, np.sin(m_ * ph + p_)) ** 6
            if b < 0.02:
                continue
            y = int(gy)
            x0, x1 = int(max(0, gx - ln)), int(min(w, gx + ln))
            img[y, x0:x1] += b * np.float32([255, 235, 200]) * 0.8
        return np.clip(img + 0.5, 0, 255).astype(np.uint8)

    return render, n, (w, h), fps


# --------------------------------------------------------------------------
def login_renderer(w=1280, h=720, fps=24, seconds=8, scale=2):
    n = fps * seconds
    rng = np.random.default_rng(707)
    lw, lh = w // scale, h // scale
    ys = np.arange(lh, dtype=np.float32)[:, None]
    xs = np.arange(lw, dtype=np.float32)[None, :]
    base = np.float32(hexrgb("#140d33"))
    blobs = []
    for col, cx, cy, r, ax, ay, nx, ny in [
            ("#6b4de6", 0.30, 0.35, 0.42, 0.10, 0.08, 1, 1),
            ("#3b5bdb", 0.75, 0.30, 0.38, 0.08, 0.10, 1, 2),
            ("#14b8c4", 0.65, 0.80, 0.40, 0.12, 0.06, 1, 1),
            ("#a23fd6", 0.15, 0.85, 0.36, 0.08, 0.07, 2, 1),
            ("#2a1d7a", 0.50, 0.55, 0.30, 0.15, 0.10, 1, 1),
            ("#4f7cff", 0.92, 0.70, 0.30, 0.06, 0.08, 1, 1)]:
        blobs.append((np.float32(hexrgb(col)), cx * lw, cy * lh, r * lw, ax * lw, ay * lh, nx, ny,
                      rng.uniform(0, TAU), rng.uniform(0, TAU)))
    bokeh = []
    for _ in range(16):
        bokeh.append((rng.uniform(0, lw), rng.uniform(0, lh), rng.uniform(10, 46) / 2 * 2,
                      rng.uniform(0.05, 0.14), rng.uniform(8, 30), int(rng.integers(1, 3)),
                      rng.uniform(0, TAU), rng.choice([0, 1, 2])))
    bcols = [np.float32([200, 180, 255]), np.float32([150, 220, 255]), np.float32([255, 190, 240])]
    vig = 1 - 0.35 * np.clip(radial(lh, lw, lw / 2, lh / 2, lw * 0.62), 0, 1) ** 2
    # fixed fine dither: breaks up 8-bit banding without costing bitrate per frame
    dith = np.random.default_rng(708).uniform(-1.2, 1.2, (h, w, 1)).astype(np.float32)

    def render(fi):
        ph = TAU * fi / n
        acc = np.zeros((lh, lw, 3), np.float32) + base * 1.2
        wsum = np.full((lh, lw, 1), 1.2, np.float32)
        for col, cx, cy, r, ax, ay, nx, ny, px, py in blobs:
            x = cx + ax * np.sin(nx * ph + px)
            y = cy + ay * np.sin(ny * ph + py)
            d2 = ((xs - x) ** 2 + (ys - y) ** 2) / (r * r)
            wgt = np.exp(-d2 * 2.6)[..., None] * 2.2
            acc += wgt * col
            wsum += wgt
        img = acc / wsum
        for bx, by, br, ba, orb, m, p, ci in bokeh:
            x = bx + orb * np.cos(ph + p)
            y = by + orb * 0.6 * np.sin(ph + p)
            a = ba * (0.6 + 0.4 * np.sin(m * ph + p * 2))
            d = np.sqrt((xs - x) ** 2 + (ys - y) ** 2) / br
            disc = smoothstep(1.0, 0.82, d) * (0.75 + 0.25 * smoothstep(0.5, 0.95, d))
            img += (disc * a)[..., None] * bcols[ci]
        img *= vig[..., None]
        up = np.stack([np.asarray(Image.fromarray(np.ascontiguousarray(img[..., c]), "F").resize((w, h), Image.BICUBIC))
                       for c in range(3)], -1)
        return np.clip(up + dith + 0.5, 0, 255).astype(np.uint8)

    return render, n, (w, h), fps
