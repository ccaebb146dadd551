#!/usr/bin/python3
"""label_buttons.py WINDOW_ID N_ACTIONS

Finds the N action buttons of a popup whose buttons are bare labels on one flat face, with no
frame or gap of background between them (budgie-daemon's popups), by pixel analysis. Prints
one line per button, left to right: INDEX SCREEN_X SCREEN_Y WIDTH HEIGHT (the label's box).

  * "text" = a pixel whose darkest channel is above 170 (light text on a dark popup);
  * in the lower half of the window, the lowest run of rows holding text is the button row;
  * its text columns are split into N labels at the N-1 widest gaps between them.
Needs DISPLAY; uses ImageMagick `import` and `xdotool`. Called through `popup-buttons --labels`.
"""
import re
import subprocess
import sys


def main():
    wid, count = sys.argv[1], int(sys.argv[2])
    shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
    geometry = dict(line.split("=", 1) for line in shell.split() if "=" in line)
    left, top = int(geometry["X"]), int(geometry["Y"])
    raw = subprocess.run(["import", "-window", wid, "-depth", "8", "ppm:-"], capture_output=True).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", raw)
    if not header:
        sys.exit("label_buttons: no image of window " + wid)
    width, height = int(header[1]), int(header[2])
    pixels = raw[header.end():]

    def text(x, y):
        at = (y * width + x) * 3
        return min(pixels[at:at + 3]) > 170

    rows = [y for y in range(height // 2, height) if any(text(x, y) for x in range(width))]
    if not rows:
        sys.exit("label_buttons: no text in the lower half of window " + wid)
    band = [rows[-1]]
    for y in reversed(rows[:-1]):
        if band[-1] - y > 2:
            break
        band.append(y)
    low, high = min(band), max(band)
    columns = [x for x in range(width) if any(text(x, y) for y in range(low, high + 1))]
    gaps = sorted(((columns[i + 1] - columns[i], i) for i in range(len(columns) - 1)), reverse=True)[: count - 1]
    cuts = sorted(i for _, i in gaps)
    groups, start = [], 0
    for cut in cuts:
        groups.append(columns[start:cut + 1])
        start = cut + 1
    groups.append(columns[start:])
    if len(groups) != count or any(not group for group in groups):
        sys.exit("label_buttons: found %d labels, expected %d" % (len(groups), count))
    for index, group in enumerate(groups):
        print(index, left + (group[0] + group[-1]) // 2, top + (low + high) // 2, group[-1] - group[0] + 1,
              high - low + 1)


main()
