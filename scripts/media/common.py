"""Shared procedural-art helpers (numpy + Pillow). Deterministic: every
function that needs randomness takes an explicit numpy Generator."""
import numpy as np
from PIL import Image, ImageDraw, ImageFilter


def hexrgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def lerp(a, b, t):
    return a + (b - a) * t


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def vgrad(h, w, stops, y0=0, y1=None):
    """Vertical gradient. stops: [(pos 0..1, '#hex' or rgb)], pos measured
    between rows y0 and y1 (defaults to the whole height)."""
    y1 = h if y1 is None else y1
    ys = (np.arange(h, dtype=np.float32) - y0) / max(1, (y1 - y0))
    pos = [s[0] for s in stops]
    cols = [hexrgb(s[1]) if isinstance(s[1], str) else s[1] for s in stops]
    out = np.zeros((h, 1, 3), np.float32)
    for c in range(3):
        out[:, 0, c] = np.interp(ys, pos, [col[c] for col in cols])
    return np.repeat(out, w, axis=1)


def noise1d(n, cells, rng, periodic=False):
    pts = rng.uniform(-1, 1, cells + 2)
    if periodic:
        pts[cells] = pts[0]
        pts[cells + 1] = pts[1]
    x = np.linspace(0, cells, n, endpoint=False)
    i = np.floor(x).astype(int)
    f = x - i
    f = f * f * (3 - 2 * f)
    return pts[i] * (1 - f) + pts[i + 1] * f


def fbm1d(n, rng, base=4, octaves=5, persistence=0.5, periodic=False):
    total = np.zeros(n, np.float32)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        total += amp * noise1d(n, base * 2 ** o, rng, periodic)
        norm += amp
        amp *= persistence
    return total / norm


def ridge(n, rng, y, amp, cells=10, detail=0.25, jag=0.5):
    """Low-poly-ish ridge line: piecewise-linear peaks plus fine fbm detail.
    Returns y coordinates (pixels) for each x."""
    xs = np.sort(np.concatenate([[0, n], rng.uniform(0, n, cells)]))
    ys = rng.uniform(-1, 1, len(xs))
    lin = np.interp(np.arange(n), xs, ys)
    smooth = fbm1d(n, rng, base=max(2, cells // 3), octaves=3)
    fine = fbm1d(n, rng, base=cells * 3, octaves=3)
    return y + amp * (jag * lin + (1 - jag) * smooth + detail * fine)


def fill_below(img, r, color, soft=0.5):
    """Composite colour (rgb tuple or HxWx3 array) below ridge r (per x)."""
    h = img.shape[0]
    ys = np.arange(h, dtype=np.float32)[:, None]
    m = np.clip((ys - r[None, :]) / (2 * soft) + 0.5, 0, 1)
    composite(img, m, color)
    return m


def composite(img, mask, color):
    col = np.asarray(color, np.float32)
    img *= (1 - mask[..., None])
    img += mask[..., None] * col


def add(img, mask, color, strength=1.0):
    img += mask[..., None] * np.asarray(color, np.float32) * strength


def noise2d(w, h, cx, cy, rng, resample=Image.BICUBIC):
    a = rng.random((cy + 1, cx + 1)).astype(np.float32)
    im = Image.fromarray(a, mode="F").resize((w, h), resample)
    return np.asarray(im, np.float32)


def fbm2d(w, h, rng, cx=4, cy=4, octaves=5, persistence=0.5):
    total = np.zeros((h, w), np.float32)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        total += amp * noise2d(w, h, cx * 2 ** o, cy * 2 ** o, rng)
        norm += amp
        amp *= persistence
    return total / norm


def radial(h, w, cx, cy, r, sx=1.0, sy=1.0):
    ys = (np.arange(h, dtype=np.float32)[:, None] - cy) / sy
    xs = (np.arange(w, dtype=np.float32)[None, :] - cx) / sx
    return np.sqrt(xs * xs + ys * ys) / r


def _box(a, r, axis):
    if r < 1:
        return a
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(a, pad, mode="edge"), axis=axis, dtype=np.float64)
    n = a.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return ((hi - lo) / (2 * r + 1)).astype(np.float32)


def blur(arr, radius):
    """Approximate Gaussian blur (sigma=radius) of a float array over its
    first two axes: three box passes per axis."""
    r = int(round((np.sqrt(4 * radius * radius + 1) - 1) / 2))
    out = arr.astype(np.float32)
    if r < 1:
        return out
    for _ in range(3):
        out = _box(out, r, 0)
        out = _box(out, r, 1)
    return out


def blur_rgb(img, radius):
    return blur(img, radius)


def poly_mask(w, h, polys, lines=(), width=1):
    im = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(im)
    for p in polys:
        d.polygon([tuple(map(float, q)) for q in p], fill=255)
    for ln in lines:
        d.line([tuple(map(float, q)) for q in ln], fill=255, width=width)
    return np.asarray(im, np.float32) / 255.0


def stars(h, w, rng, count, ymax, bright=1.0, big=0.03):
    """Star field as a float mask (0..~1)."""
    m = np.zeros((h, w), np.float32)
    xs = rng.integers(0, w, count)
    # denser near the top
    ys = (rng.random(count) ** 1.4 * ymax).astype(int)
    b = rng.random(count) ** 2.2 * bright
    m[ys, xs] = np.maximum(m[ys, xs], b)
    core = blur(m, 1.0) * 6.0
    nb = int(count * big)
    g = np.zeros((h, w), np.float32)
    sel = rng.choice(count, nb, replace=False)
    g[ys[sel], xs[sel]] = 1.0
    glow = blur(g, 5.0) * 40.0
    return np.clip(core + glow * 0.5, 0, 1.2)


def pine(x, yb, h, w, tiers, rng=None):
    """Flat pine-tree silhouette polygon (tiered triangles + trunk)."""
    top = yb - h
    right, left = [], []
    for i in range(1, tiers + 1):
        t = i / tiers
        y = top + h * 0.88 * t
        wi = w * (0.25 + 0.75 * t) / 2
        yin = y - h * 0.88 / tiers * 0.35
        right += [(x + wi, y), (x + wi * 0.38, yin + h * 0.04)] if i < tiers else [(x + wi, y)]
        left += [(x - wi, y), (x - wi * 0.38, yin + h * 0.04)] if i < tiers else [(x - wi, y)]
    tw = max(1.5, w * 0.06)
    trunk = [(x + tw, top + h * 0.88), (x + tw, yb), (x - tw, yb), (x - tw, top + h * 0.88)]
    return [(x, top)] + right + trunk + left[::-1]


def finish(img, size, path, rng, grain=1.6, quality=78):
    """Downsample the supersampled float image, add fine grain, save JPEG."""
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    im = im.resize(size, Image.LANCZOS)
    a = np.asarray(im, np.float32)
    if grain:
        n = rng.normal(0, grain, a.shape[:2]).astype(np.float32)
        a = a + n[..., None]
    out = Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8))
    out.save(path, "JPEG", quality=quality, optimize=True, progressive=True,
             subsampling=2)
    return out


def resize_rgb(arr, size, resample=Image.BICUBIC):
    """Resize a float HxWx3 array to size=(w, h)."""
    return np.stack([np.asarray(Image.fromarray(np.ascontiguousarray(arr[..., i]), "F").resize(size, resample), np.float32)
                     for i in range(arr.shape[-1])], -1)
