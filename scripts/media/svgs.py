"""Hand-tuned SVG avatars, the logo mark and favicon (pure markup, no
external references, no scripts)."""

PURPLE = "#6b4de6"  # hsl(252 75% 60%)
INK = "#2b2340"


def _svg(body):
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">'
            + body + "</svg>\n")


# ---------------------------------------------------------------- people
HAIR_BACK = {
    "bob": '<path fill="{h}" d="M34 60C34 32 46 22 64 22S94 32 94 60V82Q94 90 86 90H42Q34 90 34 82Z"/>',
    "long": '<path fill="{h}" d="M31 60C31 30 45 20 64 20S97 30 97 60L100 106H28Z"/>',
    "curly": "".join('<circle fill="{h}" cx="%d" cy="%d" r="10"/>' % p for p in
                     [(38, 68), (90, 68), (36, 52), (92, 52)]),
    "bun": '<circle fill="{h}" cx="64" cy="22" r="12"/>',
}
HAIR_FRONT = {
    "bob": '<path fill="{h}" d="M37 54C38 36 50 27 64 27C79 27 90 36 91 54C80 49 70 42 63 34C57 43 47 50 37 54Z"/>',
    "spiky": '<path fill="{h}" d="M36 52L38 32L47 37L50 22L59 32L66 17L72 31L81 23L83 36L93 33L92 52C84 43 46 42 36 52Z"/>',
    "bun": '<path fill="{h}" d="M37 53C37 36 49 29 64 29S91 36 91 53C84 45 74 40 64 40S44 45 37 53Z"/>',
    "curly": "".join('<circle fill="{h}" cx="%d" cy="%d" r="%d"/>' % p for p in
                     [(40, 42, 10), (48, 33, 11), (60, 28, 11), (72, 28, 11), (83, 33, 11), (89, 42, 10),
                      (54, 38, 8), (70, 37, 8)]),
    "long": '<path fill="{h}" d="M37 56C36 35 49 26 66 26C82 26 92 38 91 57C85 45 77 38 71 35C63 45 51 52 37 56Z"/>',
    "crop": '<path fill="{h}" d="M38 50C38 34 50 28 64 28C80 28 90 34 90 50C86 42 78 38 64 38C52 38 44 42 38 50Z"/>',
}

PEOPLE = [
    # bg, skin, hair, shirt, style, extras
    ("#ffd6a5", "#f1c27d", "#3b2a4d", "#6b4de6", "bob", ""),
    ("#a0c4ff", "#8d5524", "#1b1b2f", "#ff7a59", "spiky", ""),
    ("#b9f3c8", "#ffdbac", "#d35400", "#2f9e77", "curly", "freckles"),
    ("#ffc6ff", "#c68642", "#2b2340", "#f7b32b", "bun", "earrings"),
    ("#fff3b0", "#f5d0b0", "#e0a43a", "#3b82c4", "long", ""),
    ("#cfc4ff", "#e0ac69", "#5a3825", "#22313f", "crop", "beard glasses"),
]


def person(bg, skin, hair, shirt, style, extras):
    h = {"h": hair}
    p = ['<rect width="128" height="128" fill="%s"/>' % bg]
    p.append(HAIR_BACK.get(style, "").format(**h))
    p.append('<path fill="%s" d="M22 128C22 104 40 94 64 94S106 104 106 128Z"/>' % shirt)
    p.append('<path fill="%s" d="M55 78H73V96Q64 103 55 96Z"/>' % skin)
    p.append('<circle fill="%s" cx="38" cy="58" r="6"/><circle fill="%s" cx="90" cy="58" r="6"/>' % (skin, skin))
    p.append('<circle fill="%s" cx="64" cy="56" r="27"/>' % skin)
    if "earrings" in extras:
        p.append('<circle fill="#ffd166" cx="37" cy="67" r="3.5"/><circle fill="#ffd166" cx="91" cy="67" r="3.5"/>')
    p.append('<circle fill="%s" cx="54" cy="58" r="3.4"/><circle fill="%s" cx="74" cy="58" r="3.4"/>' % (INK, INK))
    p.append('<circle fill="#ff6b81" fill-opacity=".3" cx="47" cy="67" r="5"/>'
             '<circle fill="#ff6b81" fill-opacity=".3" cx="81" cy="67" r="5"/>')
    if "freckles" in extras:
        p.append("".join('<circle fill="#b5651d" fill-opacity=".55" cx="%g" cy="%g" r="1.1"/>' % q for q in
                         [(45, 64), (49, 66), (46, 69), (79, 64), (83, 66), (80, 69)]))
    if "beard" in extras:
        p.append('<path fill="%s" d="M38 58C38 82 50 88 64 88S90 82 90 58C86 70 78 72 64 72S42 70 38 58Z"/>' % hair)
        p.append('<path fill="none" stroke="%s" stroke-width="3" stroke-linecap="round" d="M57 76Q64 80 71 76"/>' % INK)
        p.append('<path fill="%s" d="M52 70Q64 66 76 70Q64 74 52 70Z"/>' % hair)
    else:
        p.append('<path fill="none" stroke="%s" stroke-width="3" stroke-linecap="round" d="M55 68Q64 76 73 68"/>' % INK)
    p.append('<path fill="none" stroke="%s" stroke-width="2.4" stroke-linecap="round" '
             'd="M49 50Q54 47 59 50M69 50Q74 47 79 50"/>' % INK if style != "bob" and style != "long" else "")
    if "glasses" in extras:
        p.append('<g fill="none" stroke="%s" stroke-width="2.6"><circle cx="54" cy="58" r="8"/>'
                 '<circle cx="74" cy="58" r="8"/><path d="M62 58H66M46 57L38 55M82 57L90 55"/></g>' % INK)
    p.append(HAIR_FRONT.get(style, "").format(**h))
    # shirt collar detail
    p.append('<path fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3" stroke-linecap="round" '
             'd="M52 100Q64 110 76 100"/>')
    return _svg("".join(p))


# ---------------------------------------------------------------- presets
def fox():
    return _svg(
        '<rect width="128" height="128" fill="#2ec4b6"/>'
        '<path fill="#e8702a" d="M26 22L54 44H74L102 22L98 66Q92 96 64 106Q36 96 30 66Z"/>'
        '<path fill="#3b1f12" d="M32 30L48 44L36 50Z M96 30L80 44L92 50Z"/>'
        '<path fill="#fff6ec" d="M30 66Q46 70 64 106Q82 70 98 66Q90 92 64 106Q38 92 30 66Z"/>'
        '<path fill="#fff6ec" d="M46 74Q64 66 82 74L64 104Z"/>'
        '<circle fill="#2b2340" cx="50" cy="62" r="4.5"/><circle fill="#2b2340" cx="78" cy="62" r="4.5"/>'
        '<circle fill="#fff" cx="51.5" cy="60.5" r="1.5"/><circle fill="#fff" cx="79.5" cy="60.5" r="1.5"/>'
        '<path fill="#2b2340" d="M58 92H70L64 99Z"/>')


def cat():
    return _svg(
        '<rect width="128" height="128" fill="#ffafcc"/>'
        '<path fill="#6c757d" d="M28 24L52 42H76L100 24L100 64Q100 100 64 104Q28 100 28 64Z"/>'
        '<path fill="#ffc2d1" d="M35 35L48 44L37 54Z M93 35L80 44L91 54Z"/>'
        '<path fill="#8d99a6" d="M56 42Q64 36 72 42L68 54H60Z"/>'
        '<ellipse fill="#e9f5db" cx="50" cy="66" rx="9" ry="10"/><ellipse fill="#e9f5db" cx="78" cy="66" rx="9" ry="10"/>'
        '<ellipse fill="#2b2340" cx="50" cy="67" rx="3.5" ry="7"/><ellipse fill="#2b2340" cx="78" cy="67" rx="3.5" ry="7"/>'
        '<path fill="#ff8fab" d="M59 80H69L64 86Z"/>'
        '<path fill="none" stroke="#2b2340" stroke-width="2.4" stroke-linecap="round" '
        'd="M64 86Q60 92 55 90M64 86Q68 92 73 90"/>'
        '<path fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="2" stroke-linecap="round" '
        'd="M44 82L24 78M44 87L25 90M84 82L104 78M84 87L103 90"/>')


def panda():
    return _svg(
        '<rect width="128" height="128" fill="#b9f3c8"/>'
        '<circle fill="#2b2340" cx="34" cy="36" r="15"/><circle fill="#2b2340" cx="94" cy="36" r="15"/>'
        '<circle fill="#fff" cx="64" cy="68" r="40"/>'
        '<ellipse fill="#2b2340" cx="48" cy="64" rx="10" ry="13" transform="rotate(30 48 64)"/>'
        '<ellipse fill="#2b2340" cx="80" cy="64" rx="10" ry="13" transform="rotate(-30 80 64)"/>'
        '<circle fill="#fff" cx="49" cy="62" r="4"/><circle fill="#fff" cx="79" cy="62" r="4"/>'
        '<circle fill="#2b2340" cx="50" cy="62" r="2"/><circle fill="#2b2340" cx="78" cy="62" r="2"/>'
        '<ellipse fill="#2b2340" cx="64" cy="80" rx="6" ry="4"/>'
        '<path fill="none" stroke="#2b2340" stroke-width="2.6" stroke-linecap="round" d="M64 84V88M57 90Q64 95 71 90"/>'
        '<circle fill="#ff8fab" fill-opacity=".45" cx="40" cy="84" r="6"/><circle fill="#ff8fab" fill-opacity=".45" cx="88" cy="84" r="6"/>')


def robot():
    return _svg(
        '<rect width="128" height="128" fill="#22315c"/>'
        '<path stroke="#c5cbe3" stroke-width="4" d="M64 20V36"/><circle fill="#ff5d8f" cx="64" cy="18" r="7"/>'
        '<rect fill="#c5cbe3" x="18" y="56" width="10" height="26" rx="4"/><rect fill="#c5cbe3" x="100" y="56" width="10" height="26" rx="4"/>'
        '<rect fill="#e4e8f5" x="26" y="34" width="76" height="70" rx="18"/>'
        '<rect fill="#1b2440" x="36" y="46" width="56" height="34" rx="10"/>'
        '<circle fill="#4cf2d4" cx="52" cy="62" r="7"/><circle fill="#4cf2d4" cx="76" cy="62" r="7"/>'
        '<circle fill="#fff" cx="54" cy="60" r="2.2"/><circle fill="#fff" cx="78" cy="60" r="2.2"/>'
        '<rect fill="#8f9bc4" x="46" y="88" width="36" height="8" rx="4"/>'
        '<path stroke="#e4e8f5" stroke-width="2" d="M55 88V96M64 88V96M73 88V96"/>')


def default():
    return _svg(
        '<rect width="128" height="128" fill="%s"/>' % PURPLE +
        '<circle fill="#fff" cx="64" cy="50" r="22"/>'
        '<path fill="#fff" d="M22 118C22 94 40 80 64 80S106 94 106 118Z"/>')


# ---------------------------------------------------------------- logo
MARK = ('<path fill="%s" d="M32 5C17 5 5 15.4 5 29c0 7.3 3.5 13.8 9 18.2L11.5 59l13.3-7c2.3.6 4.7.9 7.2.9 '
        '15 0 27-10.3 27-23.9S47 5 32 5Z"/>' % PURPLE +
        '<path fill="none" stroke="#fff" stroke-width="4.6" stroke-linecap="round" stroke-linejoin="round" '
        'd="M16 29c2.5-6.5 5.5-6.5 8 0s5.5 6.5 8 0 5.5-6.5 8 0 5.5 6.5 8 0"/>')


def logo():
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
            '<title>Murmur</title>' + MARK + "</svg>\n")


def favicon():
    return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' + MARK + "</svg>\n"


def maskable():
    """The app icon for masks (circles, squircles): full-bleed accent, the wave
    scaled inside the central safe zone (a circle of 40% of the size)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<rect width="64" height="64" fill="%s"/>' % PURPLE +
            '<path fill="none" stroke="#fff" stroke-width="4.6" stroke-linecap="round" stroke-linejoin="round" '
            'transform="translate(32 32) scale(1.2) translate(-32 -29)" '
            'd="M16 29c2.5-6.5 5.5-6.5 8 0s5.5 6.5 8 0 5.5-6.5 8 0 5.5 6.5 8 0"/></svg>\n')


def all_files():
    files = {}
    for i, args in enumerate(PEOPLE, 1):
        files["avatars/seed-%d.svg" % i] = person(*args)
    for i, f in enumerate([fox, cat, panda, robot], 1):
        files["avatars/preset-%d.svg" % i] = f()
    files["avatars/default.svg"] = default()
    files["logo.svg"] = logo()
    files["favicon.svg"] = favicon()
    files["icons/maskable.svg"] = maskable()
    return files
