"""The five seed post images: flat / low-poly landscape illustrations.
Each scene is painted at 2x (2400x1600) and downsampled to 1200x800."""
import numpy as np
from PIL import Image, ImageDraw

from common import (vgrad, fbm1d, ridge, fill_below, composite, add, fbm2d,
                    radial, blur, blur_rgb, poly_mask, stars, pine, finish,
                    smoothstep, hexrgb, lerp, noise1d, resize_rgb)

S = 2
W, H = 1200 * S, 800 * S
OUT = (1200, 800)


def _ys():
    return np.arange(H, dtype=np.float32)[:, None]


# --------------------------------------------------------------------------
def aurora(path):
    rng = np.random.default_rng(101)
    img = vgrad(H, W, [(0, "#03060f"), (0.35, "#071530"), (0.6, "#0c2a44"),
                       (0.75, "#134a55")])
    img += stars(H, W, rng, 1400, int(H * 0.7))[..., None] * np.float32([235, 240, 255])

    # aurora curtains, computed at low resolution then upscaled (soft)
    lw, lh = W // 4, H // 4
    ys = np.arange(lh, dtype=np.float32)[:, None]
    glow = np.zeros((lh, lw, 3), np.float32)
    for k, (base, amp, height, strength) in enumerate(
            [(0.44, 0.09, 0.13, 1.0), (0.30, 0.06, 0.10, 0.55), (0.20, 0.05, 0.08, 0.3)]):
        c = lh * (base + amp * fbm1d(lw, rng, base=3, octaves=3))
        d = c[None, :] - ys                      # >0 above the curtain bottom
        lower = np.exp(-np.maximum(-d, 0) / 2.5)
        upper = np.exp(-np.maximum(d, 0) / (lh * height))
        edge = np.exp(-np.abs(d) / 3.0) * 0.6    # bright lower rim
        rays = 0.55 + 0.45 * np.clip(0.5 + 0.8 * fbm1d(lw, rng, base=36, octaves=3), 0, 1)
        fade = np.clip(0.45 + 1.1 * fbm1d(lw, rng, base=3, octaves=2), 0, 1)
        inten = (lower * upper + edge) * (rays * fade * strength)[None, :]
        t = np.clip(d / (lh * height * 2.0), 0, 1)[..., None]
        green = np.float32([70, 255, 165])
        teal = np.float32([40, 200, 220])
        violet = np.float32([165, 80, 255])
        col = np.where(t < 0.35, lerp(green, teal, t / 0.35),
                       lerp(teal, violet, np.clip((t - 0.35) / 0.65, 0, 1)))
        glow += inten[..., None] * col
        # faint diffuse light spilling under the curtain
        glow += (np.exp(-np.maximum(-d, 0) / (lh * 0.12)) * 0.10 * fade[None, :] * strength)[..., None] * green
    glow_im = np.stack([np.asarray(Image.fromarray(glow[..., i], "F").resize((W, H), Image.BICUBIC))
                        for i in range(3)], -1)
    img += np.clip(glow_im, 0, None) * 0.85
    # soft broad haze around the aurora
    img += resize_rgb(blur_rgb(glow_im[::8, ::8], 8), (W, H)) * 0.35

    # distant hills (catch a little aurora light on their faces)
    r1 = ridge(W, rng, H * 0.64, H * 0.08, cells=9, jag=0.8)
    fill_below(img, r1, vgrad(H, W, [(0, "#1b4a55"), (1, "#0c2230")], int(H * 0.55), H))
    r2 = ridge(W, rng, H * 0.72, H * 0.06, cells=12, jag=0.7)
    fill_below(img, r2, vgrad(H, W, [(0, "#0e2a35"), (1, "#08161f")], int(H * 0.65), H))

    # lake reflecting the sky
    yw = int(H * 0.79)
    refl = img[2 * yw - H:yw][::-1].copy()
    rows = np.arange(H - yw)
    shift = (np.sin(rows * 0.35) * 6 + np.sin(rows * 0.11) * 10).astype(int)
    for i in range(len(rows)):
        refl[i] = np.roll(refl[i], shift[i], axis=0)
    refl = refl * 0.55 + np.float32([4, 12, 20])
    img[yw:] = refl
    streak = (rng.random((H - yw, 1)) < 0.06) * 0.25
    img[yw:] += streak[..., None] * np.float32([60, 120, 120])

    # foreground shore with pine trees
    xs = np.arange(W, dtype=np.float32)
    r3 = ridge(W, rng, H * 0.92, H * 0.02, cells=8, jag=0.5)
    r3 -= H * 0.10 * np.exp(-((xs - W * 0.1) / (W * 0.2)) ** 2)
    r3 -= H * 0.06 * np.exp(-((xs - W * 0.95) / (W * 0.15)) ** 2)
    fill_below(img, r3, (6, 12, 18))
    polys = []
    x = -20.0
    while x < W + 40:
        xi = int(np.clip(x, 0, W - 1))
        dens = (H * 0.92 - r3[xi]) / (H * 0.10)          # more trees on the hills
        if rng.random() < 0.25 + dens:
            h = rng.uniform(0.06, 0.14) * H * (1 + 1.2 * dens)
            polys.append(pine(x, r3[xi] + h * 0.1, h, h * 0.36, int(rng.integers(5, 8))))
        x += rng.uniform(0.012, 0.04) * W
    composite(img, poly_mask(W, H, polys), (5, 10, 16))

    finish(img, OUT, path, rng)


# --------------------------------------------------------------------------
def _sailboat(x, y, s, flip=1):
    hull = [(x - 60 * s, y - 14 * s), (x + 62 * s, y - 14 * s),
            (x + 44 * s, y + 4 * s), (x - 46 * s, y + 4 * s)]
    mast = x - 4 * s * flip
    main = [(mast, y - 150 * s), (mast, y - 20 * s), (mast + flip * 52 * s, y - 20 * s)]
    jib = [(mast + flip * 4 * s, y - 140 * s), (mast + flip * 4 * s, y - 22 * s),
           (mast - flip * 40 * s, y - 22 * s)]
    mastp = [(mast - 2 * s, y - 156 * s), (mast + 2 * s, y - 156 * s),
             (mast + 2 * s, y - 12 * s), (mast - 2 * s, y - 12 * s)]
    return [hull, main, jib, mastp]


def _fishing_boat(x, y, s):
    hull = [(x - 150 * s, y - 36 * s), (x + 170 * s, y - 46 * s), (x + 130 * s, y + 10 * s),
            (x - 120 * s, y + 10 * s)]
    cabin = [(x - 60 * s, y - 36 * s), (x - 60 * s, y - 100 * s), (x + 10 * s, y - 100 * s),
             (x + 20 * s, y - 40 * s)]
    mast = [(x + 60 * s, y - 40 * s), (x + 60 * s, y - 190 * s), (x + 66 * s, y - 190 * s),
            (x + 66 * s, y - 40 * s)]
    boom = [(x + 62 * s, y - 170 * s), (x + 150 * s, y - 60 * s), (x + 146 * s, y - 56 * s),
            (x + 60 * s, y - 160 * s)]
    return [hull, cabin, mast, boom]


def harbor(path):
    rng = np.random.default_rng(202)
    hy = int(H * 0.60)  # horizon
    img = vgrad(H, W, [(0, "#2a1b4d"), (0.3, "#6a3670"), (0.62, "#d65e55"),
                       (0.85, "#f5a15c"), (1.0, "#ffd98f")], 0, hy)
    sx, sy = W * 0.60, hy - H * 0.06
    d = radial(H, W, sx, sy, H * 0.075)
    img += (np.exp(-d * d * 0.08) * 0.55)[..., None] * np.float32([255, 200, 120])
    img += (np.exp(-d * d * 0.6) * 0.5)[..., None] * np.float32([255, 225, 160])
    composite(img, np.clip((1 - d) * 40, 0, 1), (255, 240, 200))

    # long soft clouds
    n = fbm2d(W, H, rng, cx=2, cy=10, octaves=4)
    band = smoothstep(0.05, 0.2, _ys() / H) * (1 - smoothstep(0.42, 0.55, _ys() / H))
    cl = smoothstep(0.55, 0.72, n) * band
    ycol = vgrad(H, W, [(0, "#4a2a62"), (0.3, "#8a3f72"), (0.5, "#f08a70")])
    composite(img, cl * 0.75, ycol)

    # far shore: hills on the left, a lighthouse headland on the right
    far = ridge(W, rng, hy - H * 0.025, H * 0.03, cells=10, jag=0.6)
    xs = np.arange(W)
    far = np.where(xs < W * 0.45, far - H * 0.05 * np.clip(1 - xs / (W * 0.45), 0, 1) ** 0.7, far)
    far = np.where(xs > W * 0.78, far - H * 0.035 * smoothstep(W * 0.78, W * 0.86, xs), far)
    far = np.minimum(far, hy)
    fill_below(img, far, (122, 58, 92))
    lh = [(W * 0.90, hy - H * 0.065 - H * 0.09), (W * 0.906, hy - H * 0.065 - H * 0.09),
          (W * 0.912, hy - H * 0.06), (W * 0.894, hy - H * 0.06)]
    composite(img, poly_mask(W, H, [lh]), (110, 50, 85))
    lamp = radial(H, W, W * 0.903, hy - H * 0.16, H * 0.01)
    img += (np.exp(-lamp * lamp * 0.5))[..., None] * np.float32([255, 230, 170])
    # small town roofs near the headland
    roofs = []
    x = W * 0.70
    while x < W * 0.88:
        bw = rng.uniform(20, 50)
        bh = rng.uniform(14, 40)
        yb = hy - H * 0.03
        roofs.append([(x, yb), (x, yb - bh), (x + bw / 2, yb - bh - 12), (x + bw, yb - bh), (x + bw, yb)])
        x += bw + rng.uniform(2, 14)
    composite(img, poly_mask(W, H, roofs), (118, 55, 88))

    # water: mirrored sky with ripples
    sky = img[:hy].copy()
    rows = H - hy
    src = hy - 1 - (np.arange(rows) * 0.9).astype(int)
    src = np.clip(src, 0, hy - 1)
    water = sky[src] * 0.78
    for i in range(rows):
        amp = 2 + i * 0.06
        water[i] = np.roll(water[i], int(np.sin(i * 0.7) * amp + np.sin(i * 0.23) * amp), axis=0)
    water = water * vgrad(rows, W, [(0, (1, 1, 1)), (1, (0.55, 0.5, 0.7))])
    img[hy:] = water + np.float32([10, 5, 25])
    # sun glitter: short horizontal dashes around the sun's column
    gl = np.zeros((H, W), np.float32)
    for _ in range(900):
        yy = hy + int(rng.random() ** 1.6 * rows * 0.95)
        depth = (yy - hy) / rows
        xx = sx + rng.normal(0, 30 + depth * 260)
        ln = rng.uniform(10, 40) * (0.5 + depth * 2)
        x0, x1 = int(max(0, xx - ln)), int(min(W, xx + ln))
        gl[yy:yy + 2 + int(depth * 4), x0:x1] = rng.uniform(0.4, 1.0) * (1 - depth * 0.6)
    gl = blur(gl, 1.2)
    img += gl[..., None] * np.float32([255, 215, 150])

    # boats: silhouettes plus rippled reflections
    boat_col = (48, 22, 50)
    polys, refl_polys = [], []
    for bx, by, s, f in [(0.22, 0.665, 0.55, 1), (0.36, 0.645, 0.4, -1), (0.80, 0.70, 0.7, 1),
                         (0.50, 0.635, 0.28, 1)]:
        ps = _sailboat(W * bx, H * by, s * S, f)
        polys += ps
        refl_polys += [[(px, 2 * H * by - py + 6 * s) for px, py in p] for p in ps]
    rm = poly_mask(W, H, refl_polys)
    for i in range(hy, H):
        rm[i] = np.roll(rm[i], int(np.sin(i * 0.5) * 5), axis=0)
    rm *= (np.sin(_ys() * 0.9) > -0.4)
    composite(img, rm * 0.45, boat_col)
    composite(img, poly_mask(W, H, polys), boat_col)

    # foreground: pier with posts and a moored fishing boat
    fg = (28, 12, 32)
    pier_y = H * 0.80
    plank = [(-10, pier_y - 30), (W * 0.34, pier_y - 14), (W * 0.34, pier_y + 26), (-10, pier_y + 22)]
    rail = [(-10, pier_y - 30), (W * 0.34, pier_y - 14), (W * 0.34, pier_y - 8), (-10, pier_y - 22)]
    posts = []
    for px in np.linspace(W * 0.03, W * 0.32, 6):
        yy = pier_y + 20
        posts.append([(px - 12, yy), (px + 12, yy), (px + 12, H), (px - 12, H)])
    for px in np.linspace(W * 0.06, W * 0.30, 4):    # bollards on the deck
        yy = pier_y - 30 + 16 * px / (W * 0.34)
        posts.append([(px - 10, yy - 22), (px + 10, yy - 22), (px + 10, yy + 2), (px - 10, yy + 2)])
    posts.append(rail)
    posts.append([(W * 0.12 - 7, pier_y - 110), (W * 0.12 + 7, pier_y - 110), (W * 0.12 + 7, pier_y), (W * 0.12 - 7, pier_y)])
    posts.append([(W * 0.12 - 20, pier_y - 128), (W * 0.12 + 20, pier_y - 128), (W * 0.12 + 14, pier_y - 106), (W * 0.12 - 14, pier_y - 106)])
    fb = _fishing_boat(W * 0.6, H * 0.90, 1.7)
    mask = poly_mask(W, H, [plank] + posts + fb,
                     lines=[[(W * 0.6 + 63 * 1.7, H * 0.90 - 190 * 1.7), (W * 0.6 - 150 * 1.7, H * 0.90 - 40 * 1.7)],
                            [(W * 0.6 + 63 * 1.7, H * 0.90 - 190 * 1.7), (W * 0.6 + 170 * 1.7, H * 0.90 - 48 * 1.7)]],
                     width=3)
    composite(img, mask, fg)
    pl = radial(H, W, W * 0.12, pier_y - 116, H * 0.008)
    img += (np.exp(-pl * pl * 0.25) * 0.9 + np.exp(-pl * pl * 0.01) * 0.15)[..., None] * np.float32([255, 200, 120])
    # lantern on the fishing boat cabin
    lamp = radial(H, W, W * 0.6 - 20, H * 0.90 - 130 * 1.7 * 0.55, H * 0.006)
    img += (np.exp(-lamp * lamp * 0.3))[..., None] * np.float32([255, 190, 110]) * 0.9
    # birds
    birds = []
    for bx, by, bs in [(0.30, 0.20, 1.0), (0.34, 0.24, 0.8), (0.27, 0.26, 0.7), (0.70, 0.15, 0.6)]:
        x0, y0, s = W * bx, H * by, 22 * bs
        birds.append([(x0 - s, y0 - s * 0.4), (x0 - s * 0.5, y0 - s * 0.55), (x0, y0),
                      (x0 + s * 0.5, y0 - s * 0.55), (x0 + s, y0 - s * 0.4)])
    composite(img, poly_mask(W, H, [], lines=birds, width=5), (50, 24, 56))

    finish(img, OUT, path, rng)


# --------------------------------------------------------------------------
def forest(path):
    rng = np.random.default_rng(303)
    img = vgrad(H, W, [(0, "#7fa7b5"), (0.3, "#b5cdc9"), (0.55, "#efdcc2"), (1, "#f3e3cf")])
    d = radial(H, W, W * 0.68, H * 0.30, H * 0.06)
    img += (np.exp(-d * d * 0.02) * 0.35)[..., None] * np.float32([255, 230, 180])
    composite(img, np.clip((1 - d) * 6, 0, 1) * 0.75, (255, 248, 228))
    fog = np.float32(hexrgb("#e9e2d3"))
    dark = np.float32(hexrgb("#163b3f"))
    layers = 6
    mist_noise = fbm2d(W, H, rng, cx=3, cy=6, octaves=4)
    for li in range(layers):
        t = (li + 1) / layers
        base = H * (0.42 + 0.58 * t ** 1.25)
        col = lerp(fog, dark, 0.18 + 0.82 * t ** 1.4)
        r = ridge(W, rng, base, H * 0.05 * (1 + t), cells=5, jag=0.3)
        fill_below(img, r, col)
        polys = []
        x = -30.0
        scale = 0.35 + 1.2 * t ** 1.6
        while x < W + 40:
            xi = int(np.clip(x, 0, W - 1))
            h = rng.uniform(0.08, 0.16) * H * scale
            polys.append(pine(x, r[xi] + h * 0.16, h, h * rng.uniform(0.3, 0.4), int(rng.integers(5, 9))))
            x += rng.uniform(0.25, 0.6) * h * 0.38
        tm = poly_mask(W, H, polys)
        if li < layers - 2:
            tm = blur(tm, 2.2 - 0.4 * li)
        composite(img, tm, col)
        if li < layers - 1:
            # mist settling in the valley below this row of trees
            y = _ys()
            m = smoothstep(base - H * 0.08 * scale, base + H * 0.05, y)
            m = m * (0.55 + 0.45 * mist_noise) * (0.85 - 0.1 * t)
            composite(img, np.clip(m, 0, 1), fog)
    # gentle sun rays
    ys = _ys()
    xs = np.arange(W, dtype=np.float32)[None, :]
    ang = np.arctan2(ys - H * 0.30, xs - W * 0.68)
    rays = (np.sin(ang * 17) * 0.5 + 0.5) ** 4 * (np.sin(ang * 5 + 1) * 0.5 + 0.5)
    fall = np.exp(-radial(H, W, W * 0.68, H * 0.30, H * 0.9) ** 2)
    rays = rays * smoothstep(0.8, 2.5, radial(H, W, W * 0.68, H * 0.30, H * 0.06))
    img += (rays * fall * 0.045)[..., None] * np.float32([255, 240, 210])
    # a few birds
    birds = []
    for bx, by, bs in [(0.25, 0.18, 1.0), (0.29, 0.22, 0.8), (0.22, 0.23, 0.7)]:
        x0, y0, s = W * bx, H * by, 20 * bs
        birds.append([(x0 - s, y0 - s * 0.4), (x0 - s * 0.5, y0 - s * 0.55), (x0, y0),
                      (x0 + s * 0.5, y0 - s * 0.55), (x0 + s, y0 - s * 0.4)])
    composite(img, poly_mask(W, H, [], lines=birds, width=4), (70, 90, 95))
    finish(img, OUT, path, rng, grain=0.8)


# --------------------------------------------------------------------------
def city(path):
    rng = np.random.default_rng(404)
    hy = int(H * 0.76)
    img = vgrad(H, W, [(0, "#060a1e"), (0.45, "#14143c"), (0.8, "#3b1f5c"), (1.0, "#a8486e")], 0, hy)
    img += stars(H, W, rng, 500, int(H * 0.5), bright=0.8)[..., None] * np.float32([230, 235, 255])
    # crescent moon
    mx, my, mr = W * 0.80, H * 0.17, H * 0.05
    d1 = radial(H, W, mx, my, mr)
    d2 = radial(H, W, mx + mr * 0.45, my - mr * 0.2, mr * 0.95)
    img += (np.exp(-d1 * d1 * 0.15) * 0.25)[..., None] * np.float32([200, 200, 255])
    moon = np.clip((1 - d1) * 60, 0, 1) * np.clip((d2 - 1) * 60, 0, 1)
    composite(img, moon, (255, 244, 214))

    win_layer = Image.new("RGB", (W, H), 0)
    wd = ImageDraw.Draw(win_layer)

    def skyline(y_base, hmin, hmax, wmin, wmax, color, win_p, win_b, seed_gap):
        polys, lights = [], []
        x = -rng.uniform(0, 60)
        while x < W:
            bw = rng.uniform(wmin, wmax)
            bh = rng.uniform(hmin, hmax) * (1.5 if rng.random() < 0.12 else 1.0)
            top = y_base - bh
            kind = rng.random()
            if kind < 0.2:   # spire
                p = [(x, y_base), (x, top), (x + bw * 0.3, top), (x + bw * 0.5, top - bh * 0.25),
                     (x + bw * 0.7, top), (x + bw, top), (x + bw, y_base)]
            elif kind < 0.45:  # stepped
                p = [(x, y_base), (x, top + bh * 0.12), (x + bw * 0.2, top + bh * 0.12), (x + bw * 0.2, top),
                     (x + bw * 0.8, top), (x + bw * 0.8, top + bh * 0.12), (x + bw, top + bh * 0.12),
                     (x + bw, y_base)]
            else:
                p = [(x, y_base), (x, top), (x + bw, top), (x + bw, y_base)]
            polys.append(p)
            if rng.random() < 0.3:  # antenna with a red light
                ax = x + bw * rng.uniform(0.3, 0.7)
                at = top - rng.uniform(30, 90)
                polys.append([(ax - 2, top), (ax - 2, at), (ax + 2, at), (ax + 2, top)])
                lights.append((ax, at))
            # windows
            cw, chh = 14 if wmax > 200 else 10, 20 if wmax > 200 else 14
            gx, gy = cw * 2.0, chh * 1.8
            cols = int((bw - 20) // gx)
            rows = int((bh * 0.85) // gy)
            ox = x + (bw - cols * gx) / 2 + (gx - cw) / 2
            for ry in range(rows):
                for cx in range(cols):
                    if rng.random() < win_p:
                        warm = rng.random() < 0.8
                        b = win_b * rng.uniform(0.5, 1.0)
                        c = (255, 196, 110) if warm else (160, 210, 255)
                        wx, wy = ox + cx * gx, top + bh * 0.1 + ry * gy
                        wd.rectangle([wx, wy, wx + cw, wy + chh], fill=tuple(int(v * b) for v in c))
            x += bw + rng.uniform(0, seed_gap)
        return polys, lights

    all_lights = []
    for y_base, hmin, hmax, wmin, wmax, color, wp, wb, gap in [
            (hy, H * 0.10, H * 0.30, 80, 170, (70, 40, 100), 0.18, 0.45, 20),
            (hy, H * 0.07, H * 0.22, 110, 230, (34, 22, 62), 0.28, 0.75, 30),
            (hy, H * 0.03, H * 0.13, 160, 300, (15, 11, 32), 0.32, 1.0, 40)]:
        win_layer.paste(0, (0, 0, W, H))
        polys, lights = skyline(y_base, hmin, hmax, wmin, wmax, color, wp, wb, gap)
        composite(img, poly_mask(W, H, polys), color)
        win = np.asarray(win_layer, np.float32)
        wm = (win.max(-1) > 0).astype(np.float32)
        composite(img, wm, win)
        img += resize_rgb(blur_rgb(win[::4, ::4], 3), (W, H)) * 0.35
        all_lights += lights
    for ax, at in all_lights:
        d = radial(H, W, ax, at, 5)
        img += np.exp(-d * d)[..., None] * np.float32([255, 70, 70])
    # haze glow at the skyline base
    img += (np.exp(-((_ys() - hy) / (H * 0.05)) ** 2) * 0.25)[..., None] * np.float32([200, 90, 140])

    # river reflection
    rows = H - hy
    src = hy - 1 - np.arange(rows)
    refl = img[src].copy()
    # stretch lights vertically
    k = 40
    c = np.cumsum(np.pad(refl, ((k, k), (0, 0), (0, 0)), mode="edge"), axis=0)
    refl = (c[2 * k:2 * k + rows] - c[:rows]) / (2 * k)
    for i in range(rows):
        refl[i] = np.roll(refl[i], int(np.sin(i * 0.08) * (2 + i * 0.02) + np.sin(i * 0.31) * 2), axis=0)
    lines = (np.sin(np.arange(rows) * 0.6)[:, None, None] > -0.2) * 0.25 + 0.75
    img[hy:] = refl * lines * 0.6 + np.float32([6, 6, 20])
    # embankment line
    composite(img, (np.abs(_ys() - hy - 3) < 4).astype(np.float32) * np.ones((1, W)), (10, 8, 22))
    finish(img, OUT, path, rng, grain=1.4)


# --------------------------------------------------------------------------
def desert(path):
    rng = np.random.default_rng(505)
    hy = int(H * 0.58)
    img = vgrad(H, W, [(0, "#4b3f8f"), (0.35, "#b8628a"), (0.7, "#f39a6b"), (1.0, "#ffd59a")], 0, hy)
    sx, sy = W * 0.30, H * 0.40
    d = radial(H, W, sx, sy, H * 0.10)
    img += (np.exp(-d * d * 0.05) * 0.45)[..., None] * np.float32([255, 210, 150])
    composite(img, np.clip((1 - d) * 40, 0, 1), (255, 238, 200))
    # a couple of wispy clouds
    n = fbm2d(W, H, rng, cx=2, cy=12, octaves=4)
    band = smoothstep(0.08, 0.18, _ys() / H) * (1 - smoothstep(0.30, 0.4, _ys() / H))
    composite(img, smoothstep(0.58, 0.72, n) * band * 0.5, (255, 190, 170))

    # distant mesas
    xs = np.arange(W, dtype=np.float32)
    mesa = np.full(W, hy + 5.0)
    for cx, half, hgt in [(0.70, 0.08, 0.07), (0.83, 0.04, 0.05), (0.12, 0.05, 0.045)]:
        top = hy - H * hgt
        prof = top + (hy - top) * smoothstep(W * half, W * (half + 0.025), np.abs(xs - W * cx))
        mesa = np.minimum(mesa, prof)
    mesa += fbm1d(W, rng, base=60, octaves=2) * 3
    fill_below(img, mesa, (205, 120, 118))
    fill_below(img, np.full(W, hy - 2.0), (222, 140, 120))

    # dunes: asymmetric dune silhouettes drawn left to right in each row,
    # a gentle lit windward face and a shadowed slip face right of the crest
    layers = [
        (0.61, 0.015, "#eeb08c", "#d49182", 0.20, 0.04),
        (0.68, 0.030, "#f3b682", "#cd8270", 0.30, 0.07),
        (0.80, 0.045, "#f8bd76", "#c26f5c", 0.45, 0.10),
    ]
    ys = _ys()
    X = np.arange(W, dtype=np.float32)[None, :]
    for top, amp, lit, shade, size, dmax in layers:
        lit_c, sh_c = np.float32(hexrgb(lit)), np.float32(hexrgb(shade))
        xp = -rng.uniform(0.0, 0.2) * W
        while xp < W * 1.25:
            a = W * size * rng.uniform(0.9, 1.4)       # windward half-width
            b = a * rng.uniform(0.45, 0.6)              # lee half-width
            yp = H * top + H * amp * rng.uniform(-0.5, 0.5)
            t = np.where(X < xp, (xp - X) / a, (X - xp) / b)[0]
            prof = yp + H * dmax * rng.uniform(0.8, 1.2) * t ** 2
            inside = np.clip(ys - prof[None, :] + 0.5, 0, 1)
            dy = np.clip(ys - yp, 0, None)
            xc = xp - a * 0.25 * (1 - np.exp(-dy / (H * dmax * 0.8)))
            shadow = smoothstep(xc - 1.5, xc + 1.5, X)
            depth = np.clip(ys - prof[None, :], 0, None)
            col = lit_c + (sh_c - lit_c) * shadow[..., None]
            col = col + ((1 - shadow) * np.exp(-depth / (H * 0.015)) * 14)[..., None]
            col = col * (1 - 0.12 * np.clip(dy / (H * 0.25), 0, 1))[..., None]
            rip = np.sin(dy * 0.10 + X * 0.010 + np.sin(X * 0.004 + xp) * 5) > 0.94
            col = col - (rip * (1 - shadow) * (depth > H * 0.015) * 9)[..., None]
            composite(img, inside, col)
            xp += (a + b) * rng.uniform(0.75, 1.0)
    finish(img, OUT, path, rng, grain=1.4)


ALL = {"aurora": aurora, "harbor": harbor, "forest": forest, "city": city, "desert": desert}
