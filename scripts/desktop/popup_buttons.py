#!/usr/bin/python3
"""popup_buttons.py WINDOW_ID [N_ACTIONS] [--gap PX] [--min-width PX] [--top] [--debug]

Locate the action buttons of a notification popup by pixel analysis (no
toolkit introspection needed). Prints one line per button, left to right:
    INDEX SCREEN_X SCREEN_Y WIDTH HEIGHT
Heuristic, validated against xfce4-notifyd 0.7.3, notification-daemon 3.20,
mate-notification-daemon 1.26, lxqt-notificationd 1.2 (Debian 12):
  * "ink" = colour edges (robust to gradient backgrounds);
  * frame rows/columns (one unbroken ink run over >=95% of the window) and the 16x16 corner
    squares (rounded corners of shaped/ARGB popups) are ignored;
  * the bottom-most horizontal band of "ink" rows holds the buttons
    (all four servers put the action row at the bottom);
  * inside that band, columns with ink are grouped into clusters separated
    by >= GAP px of background; the right-most N clusters are the buttons
    (left-most ones are e.g. the tail of an image hint).
--top analyses the top-most band instead (its right-most cluster is the close
"X" of notification-daemon / mate / lxqt popups): popup-buttons W 1 --top.
Needs DISPLAY; uses ImageMagick `import` and `xdotool`. Called through the bash wrapper
`popup-buttons` (same arguments).
"""
import subprocess, sys
from collections import Counter

GAP, THRESH, CORNER, EDGE = 5, 24, 16, 10


def grab(wid):
    """RGBA pixels of the window; popups with an ARGB visual (rounded corners)
    have transparent corners, which must not count as ink."""
    pam = subprocess.run(["import", "-window", wid, "-depth", "8", "pam:-"],
                         check=True, capture_output=True, timeout=20).stdout
    head, data = pam.split(b"ENDHDR\n", 1)
    f = dict(l.split(None, 1) for l in head.decode().splitlines()[1:] if " " in l)
    w, h, depth = int(f["WIDTH"]), int(f["HEIGHT"]), int(f["DEPTH"])
    if depth == 3:
        data = b"".join(data[i:i + 3] + b"\xff" for i in range(0, len(data), 3))
    elif depth != 4:
        sys.exit(f"unsupported PAM depth {depth}")
    return w, h, data


def main():
    global GAP
    argv = sys.argv[1:]
    if "--gap" in argv:
        i = argv.index("--gap"); GAP = int(argv[i + 1]); del argv[i:i + 2]
    min_width = 0
    if "--min-width" in argv:   # e.g. mate: ignore its ~25 px countdown pie right of the buttons
        i = argv.index("--min-width"); min_width = int(argv[i + 1]); del argv[i:i + 2]
    args = [a for a in argv if not a.startswith("--")]
    debug = "--debug" in sys.argv
    wid = args[0] if args else ""
    # never call `import -window ""`: without a window id import waits for a mouse pick (hangs)
    if not (wid.isdigit() or (wid.startswith("0x") and len(wid) > 2)):
        sys.exit(f"popup-buttons: bad window id {wid!r}")
    n = int(args[1]) if len(args) > 1 else 0
    w, h, d = grab(wid)
    if "--save" in sys.argv:
        subprocess.run(["import", "-window", wid, f"popup-{wid}.png"], timeout=20)
    px = lambda x, y: d[4 * (y * w + x): 4 * (y * w + x) + 3]
    opaque = lambda x, y: d[4 * (y * w + x) + 3] >= 128
    diff = lambda p, q: max(abs(a - b) for a, b in zip(p, q))
    # rounded/shaped corners come back black from `import` -> ignore corner squares
    corner = lambda x, y: (x < CORNER or x >= w - CORNER) and (y < CORNER or y >= h - CORNER)
    # "ink" = an EDGE (horizontal or vertical colour step): immune to gradient
    # backgrounds (mate) and to buttons covering most of a row (xfce, 3 actions)
    ink = [[x > 0 and y > 0 and opaque(x, y) and not corner(x, y) and
            (diff(px(x, y), px(x - 1, y)) > THRESH or diff(px(x, y), px(x, y - 1)) > THRESH)
            for x in range(w)] for y in range(h)]
    inner_r, inner_c = range(CORNER, h - CORNER), range(CORNER, w - CORNER)
    def longest_run(bits):
        best = cur = 0
        for b in bits:
            cur = cur + 1 if b else 0
            best = max(best, cur)
        return best
    # frame lines (window border, mate's coloured stripe) = one UNBROKEN run of
    # ink over >=95% of the window (rows: only within EDGE px of top/bottom, as
    # a single button's border can span a narrow popup)
    frame_cols = {x for x in range(w) if longest_run(ink[y][x] for y in inner_r) >= 0.95 * len(inner_r)}
    frame_rows = {y for y in range(h) if (y < EDGE or y >= h - EDGE) and
                  longest_run(ink[y][x] for x in inner_c) >= 0.95 * len(inner_c)}
    cols = [x for x in range(w) if x not in frame_cols]
    rowink = [y not in frame_rows and any(ink[y][x] for x in cols) for y in range(h)]
    if "--top" in sys.argv:   # top-most band instead (title row: close "X" is its right-most cluster)
        y0 = min((y for y in range(h) if rowink[y]), default=None)
        if y0 is None:
            sys.exit("no content found")
        y1 = y0
        while y1 < h - 1 and rowink[y1 + 1]:
            y1 += 1
    else:                     # bottom-most band of ink rows = the action buttons
        y1 = max((y for y in range(h) if rowink[y]), default=None)
        if y1 is None:
            sys.exit("no content found")
        y0 = y1
        while y0 > 0 and rowink[y0 - 1]:
            y0 -= 1
    colink = [x for x in cols if any(ink[y][x] for y in range(y0, y1 + 1))]
    clusters = []
    for x in colink:
        if clusters and x - clusters[-1][1] <= GAP:
            clusters[-1][1] = x
        else:
            clusters.append([x, x])
    clusters = [c for c in clusters if c[1] - c[0] + 1 >= min_width]
    if debug:
        print(f"band=y{y0}..{y1} clusters={clusters}", file=sys.stderr)
    if n:
        if len(clusters) < n:
            sys.exit(f"found {len(clusters)} button candidates, expected {n}")
        clusters = clusters[-n:]
    geo = dict(l.split("=") for l in subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", wid], check=True,
        capture_output=True, text=True, timeout=20).stdout.split())
    ox, oy = int(geo["X"]), int(geo["Y"])
    for i, (a, b) in enumerate(clusters):
        # the cluster's own rows: the bottom-most unbroken run of its ink rows. A band can
        # span the whole popup (mate: title, body and buttons touch row by row), and a
        # column cluster can hold the close "X" above the button, so the band's middle
        # can miss the button (--top: the top-most run, the "X" itself)
        rows = [y for y in range(y0, y1 + 1) if any(ink[y][x] for x in range(a, b + 1))]
        ya = yb = (rows[0] if "--top" in sys.argv else rows[-1]) if rows else None
        if ya is None:
            ya, yb = y0, y1
        elif "--top" in sys.argv:
            while yb + 1 in rows: yb += 1
        else:
            while ya - 1 in rows: ya -= 1
        print(i, ox + (a + b) // 2, oy + (ya + yb) // 2, b - a + 1, yb - ya + 1)


if __name__ == "__main__":
    main()
