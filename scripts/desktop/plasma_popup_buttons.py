#!/usr/bin/python3
"""plasma_popup_buttons.py WINDOW_ID [--close | --field]

Finds the buttons of one KDE Plasma 5.27 or 6 notification popup (Breeze style) by pixel analysis
of a screenshot of the root window, cut to the popup's geometry. Prints one line per button,
left to right: INDEX SCREEN_X SCREEN_Y WIDTH HEIGHT.

  * buttons (actions, the inline-reply "Reply" and, once it is open, the reply field's send
    button) are framed rectangles below the header: a 1-px gray border (r = g = b, 165..215)
    around a lighter face (Breeze 6: #D1D2D2 around #FCFCFC); a top edge is matched with a bottom edge of the same span below it;
  * --close prints the close button instead: the red disc at the right of the header
    (Breeze draws it red, r > 180, g and b < 110), or on Plasma 6 (Breeze 6) the dark cross
    in the header's right-most 40 px;
  * --field prints the inline-reply text field once it is open: the widest run of pure white
    (255, 255, 255) below the header, at least 100 px wide, and its height in white rows.
Needs DISPLAY; uses ImageMagick `import` and `xdotool`. Called through `plasma-popup-buttons`.
"""
import re
import subprocess
import sys


def run(*argv):
    return subprocess.run(argv, check=True, capture_output=True, timeout=20)


def geometry(wid):
    shell = run("xdotool", "getwindowgeometry", "--shell", wid).stdout.decode()
    fields = dict(line.split("=", 1) for line in shell.split())
    return tuple(int(fields[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))


def screen():
    raw = run("import", "-window", "root", "-depth", "8", "ppm:-").stdout
    match = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", raw)
    if not match:
        sys.exit("plasma-popup-buttons: unreadable screenshot")
    return int(match[1]), int(match[2]), raw[match.end():]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    wid = args[0] if args else ""
    if not (wid.isdigit() or (wid.startswith("0x") and len(wid) > 2)):
        sys.exit(f"plasma-popup-buttons: bad window id {wid!r}")
    x0, y0, w, h = geometry(wid)
    sw, sh, data = screen()
    x1, y1 = min(x0 + w, sw), min(y0 + h, sh)

    def rgb(x, y):
        i = (y * sw + x) * 3
        return data[i], data[i + 1], data[i + 2]

    if "--close" in sys.argv:
        red = [(x, y) for y in range(y0, min(y0 + 40, y1)) for x in range(x0, x1)
               if (lambda r, g, b: r > 180 and g < 110 and b < 110)(*rgb(x, y))]
        if not red:
            # Plasma 6 (Breeze 6) draws a dark cross instead: the dark gray pixels in the
            # header's right-most 40 px (the app's name is at the left).
            red = [(x, y) for y in range(y0, min(y0 + 30, y1)) for x in range(max(x0, x1 - 40), x1)
                   if (lambda r, g, b: r < 110 and abs(r - g) < 12 and abs(r - b) < 16)(*rgb(x, y))]
        if not red:
            sys.exit("plasma-popup-buttons: no close button in the header")
        xs, ys = [p[0] for p in red], [p[1] for p in red]
        print(0, (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        return

    if "--field" in sys.argv:
        best = None                   # (width, start, y) of the widest white run
        for y in range(y0 + h // 3, y1):
            start = None
            for x in range(x0, x1 + 1):
                on = x < x1 and rgb(x, y) == (255, 255, 255)
                if on and start is None:
                    start = x
                if not on and start is not None:
                    if x - start >= 100 and (best is None or x - start > best[0]):
                        best = (x - start, start, y)
                    start = None
        if best is None:
            sys.exit("plasma-popup-buttons: no reply field")
        width, start, y = best
        white = [r for r in range(y0 + h // 3, y1) if rgb(start + width // 2, r) == (255, 255, 255)]
        top, bottom = min(white), max(white)
        print(0, start + width // 2, (top + bottom) // 2, width, bottom - top + 1)
        return

    def border(x, y):
        r, g, b = rgb(x, y)
        return 165 <= r <= 215 and abs(r - g) < 6 and abs(r - b) < 8

    def runs(y):                      # horizontal border runs of a row: candidate top/bottom edges
        found, start = [], None
        for x in range(x0, x1 + 1):
            on = x < x1 and border(x, y)
            if on and start is None:
                start = x
            if not on and start is not None:
                if 16 <= x - start < 0.8 * w:
                    found.append((start, x - 1))
                start = None
        return found

    rows = {y: runs(y) for y in range(y0 + h // 3, y1)}
    buttons = []
    for y, spans in sorted(rows.items()):
        for a, b in spans:
            if any(abs(a - bx) <= 3 and abs(b - (bx + bw - 1)) <= 3 for bx, _, bw, _ in buttons):
                continue
            for y2 in range(y + 8, y1):
                if any(abs(a - a2) <= 3 and abs(b - b2) <= 3 for a2, b2 in rows.get(y2, [])):
                    buttons.append((a, y, b - a + 1, y2 - y + 1))
                    break
    if not buttons:
        sys.exit("plasma-popup-buttons: no button found")
    for i, (bx, by, bw, bh) in enumerate(sorted(buttons)):
        print(i, bx + bw // 2, by + bh // 2, bw, bh)


if __name__ == "__main__":
    main()
