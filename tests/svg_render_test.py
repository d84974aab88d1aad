#!/usr/bin/env python3
"""svg_render_test.py - the pictures as a browser lays them out.

Usage: svg_render_test.py PATH/TO/shelf

Draws the pictures a teacher would use (4, 10, 24, 30, 31, 200 and 1000
wheels, negative and int64-extreme weights, narrow and wide, a question and
its key, the shelf or the table alone, a moment, the greedy lines, a slide)
and has headless Chromium measure every text with getBBox(), in the
picture's own units (through any scaled group): no two texts overlap, every
text lies inside the picture, every number of the lead table lies inside
its cell with a pixel to spare, no picture is wider than asked, and the
picture fits its content (its text reaches near the right edge). Where rsvg-convert is
installed, each picture must also render with it, at the size it states.

Without Chromium it prints one line, `skipped: ...`, and exits 77.
"""

import html
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

MEASURE = """
<script>
const out = [];
for (const svg of document.querySelectorAll("body > svg")) {
  const texts = [], cells = [];
  const into = svg.getScreenCTM().inverse();
  for (const t of svg.querySelectorAll("text")) {
    /* The box in the picture's units, through any scaled group. */
    const b = t.getBBox(), m = into.multiply(t.getScreenCTM());
    const item = {text: t.textContent, x: m.a * b.x + m.e,
                  y: m.d * b.y + m.f, w: m.a * b.width, h: m.d * b.height};
    texts.push(item);
    if ((t.getAttribute("class") || "") === "lead-value") {
      const r = t.previousElementSibling;
      cells.push({text: item.text, box: item,
                  x: +r.getAttribute("x"), y: +r.getAttribute("y"),
                  w: +r.getAttribute("width"), h: +r.getAttribute("height")});
    }
  }
  const vb = svg.getAttribute("viewBox").split(" ").map(Number);
  out.push({width: +svg.getAttribute("width"), vx: vb[0], vy: vb[1],
            vw: vb[2], vh: vb[3],
            texts: texts, cells: cells});
}
document.getElementById("out").textContent = JSON.stringify(out);
</script>
"""

EXTREMES = ["9223372036854775807", "-5", "3", "0", "-2", "8",
            "-9223372036854775808"]

# (name, arguments): every one must keep the width it was asked for
PICTURES = [
    ("the problem's shelf", ["--explain", "3", "9", "1", "2"]),
    ("ten", ["--explain", "--random", "10", "--seed", "3"]),
    ("twenty-four", ["--explain", "--random", "24", "--seed", "4"]),
    ("thirty-one", ["--explain", "--random", "31", "--seed", "5"]),
    ("two hundred", ["--explain", "--random", "200", "--seed", "6"]),
    ("thousand", ["--explain", "--random", "1000", "--seed", "6"]),
    ("negatives", ["--explain", "--random", "12", "--seed", "2", "--range",
                   "-50..50"]),
    ("extremes", ["--explain", "--", *EXTREMES]),
    ("int64 shelf", ["--explain", "--random", "30", "--seed", "2", "--range",
                     "-9223372036854775808..9223372036854775807"]),
    ("narrow", ["--explain", "--svg-width", "320", "3", "9", "1", "2"]),
    ("narrow summary", ["--explain", "--svg-width", "320", "--random", "1000",
                        "--seed", "2"]),
    ("wide", ["--explain", "--svg-width", "1600", "--random", "31", "--seed",
              "5"]),
    ("thirty", ["--random", "30", "--seed", "7"]),
    ("narrow four", ["--svg-width", "320", "3", "9", "1", "2"]),
    ("shelf alone", ["--svg-show", "shelf", "--random", "10", "--seed", "3"]),
    ("table alone", ["--svg-show", "table", "--random", "10", "--seed", "3",
                     "--range", "-50..50"]),
    ("table alone int64", ["--svg-show", "table", "--", *EXTREMES]),
    ("moment", ["--svg-turn", "4", "--random", "10", "--seed", "3"]),
    ("moment summary", ["--svg-turn", "400", "--random", "1000", "--seed",
                        "3"]),
    ("greedy", ["--svg-line", "greedy", "--random", "10", "--seed", "3"]),
    ("greedy first", ["--svg-line", "greedy-first", "--random", "31",
                      "--seed", "3", "--range", "-50..50"]),
    ("greedy 200", ["--svg-line", "greedy", "--random", "200", "--seed",
                    "3"]),
    ("slide", ["--svg-size", "slide", "--explain", "--random", "8", "--seed",
               "3"]),
    ("slide 200", ["--svg-size", "slide", "--random", "200", "--seed", "3"]),
]

# The questions of a sheet, drawn with --svg-key beside them (the key is
# the answer picture above): (name, arguments).
QUESTIONS = [
    ("question", ["--random", "6", "--seed", "3"]),
    ("question given", ["--svg-given", "1", "--random", "12", "--seed", "3",
                        "--range", "-50..50"]),
    ("question int64", ["--svg-given", "2", "--", *EXTREMES]),
    ("question 31", ["--random", "31", "--seed", "3"]),
    ("question 200", ["--random", "200", "--seed", "3"]),
    ("question 1000", ["--random", "1000", "--seed", "3"]),
]


def asked_width(args):
    """The width a picture may take: --svg-width's, --svg-size's or 1000."""
    if "--svg-width" in args:
        return int(args[args.index("--svg-width") + 1])
    if "--svg-size" in args:
        return 1280
    return 1000


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def overlap(a, b):
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return dx > 0.5 and dy > 0.5


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: svg_render_test.py PATH/TO/shelf")
    shelf = os.path.abspath(sys.argv[1])
    chromium = browser()
    if chromium is None:
        print("skipped: svg_render_test (no chromium to measure the "
              "pictures with)")
        return 77
    failures = []
    documents = []
    for name, args in PICTURES:
        p = subprocess.run([shelf, "--svg", "-", *args], capture_output=True,
                           text=True)
        if p.returncode != 0:
            failures.append(f"{name}: shelf failed: {p.stderr.strip()}")
            documents.append("")
            continue
        documents.append(p.stdout)
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in QUESTIONS:
            q, k = os.path.join(tmp, "q.svg"), os.path.join(tmp, "k.svg")
            p = subprocess.run([shelf, "--svg", q, "--svg-key", k, *args],
                               capture_output=True, text=True)
            if p.returncode != 0:
                failures.append(f"{name}: shelf failed: {p.stderr.strip()}")
                documents += ["", ""]
                continue
            for path in (q, k):
                with open(path, encoding="ascii") as f:
                    documents.append(f.read())
    pictures = PICTURES + [item for name, args in QUESTIONS
                           for item in ((name, args), (name + " key", args))]
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "pictures.html")
        with open(page, "w", encoding="ascii") as f:
            f.write("<!DOCTYPE html><html><body>")
            for doc in documents:
                f.write(doc.split("?>", 1)[-1] if doc else "<svg viewBox="
                        '"0 0 1 1" width="1"></svg>')
            f.write('<pre id="out"></pre>' + MEASURE + "</body></html>")
        p = subprocess.run([chromium, "--headless", "--no-sandbox",
                            "--disable-gpu", "--dump-dom", "file://" + page],
                           capture_output=True, text=True, timeout=300)
        dom = p.stdout
        start = dom.find('<pre id="out">')
        if start < 0:
            print(f"FAIL: chromium gave no measurements: {p.stderr[-500:]}")
            return 1
        start += len('<pre id="out">')
        measured = json.loads(html.unescape(dom[start:dom.index("</pre>",
                                                                 start)]))
        rsvg = shutil.which("rsvg-convert")
        for (name, args), doc, m in zip(pictures, documents, measured):
            if not doc:
                continue
            texts = m["texts"]
            for k, a in enumerate(texts):
                for b in texts[k + 1:]:
                    if overlap(a, b):
                        failures.append(f"{name}: {a['text']!r} overlaps "
                                        f"{b['text']!r}")
                if a["x"] < m["vx"] or a["x"] + a["w"] > m["vx"] + m["vw"] \
                        or a["y"] < m["vy"] or a["y"] + a["h"] > m["vy"] + \
                        m["vh"]:
                    failures.append(f"{name}: {a['text']!r} is outside the "
                                    "picture")
            for c in m["cells"]:
                box = c["box"]
                if box["x"] < c["x"] + 1 or \
                        box["x"] + box["w"] > c["x"] + c["w"] - 1 or \
                        box["y"] < c["y"] or box["y"] + box["h"] > c["y"] + \
                        c["h"] + 1:
                    failures.append(f"{name}: lead {c['text']} does not fit "
                                    "its cell")
            if m["width"] > asked_width(args):
                failures.append(f"{name}: {m['width']} wide for a width "
                                f"of {asked_width(args)}")
            # Fits its content: no wide blank strip on the right (a slide
            # centres its content, so both sides may be blank there).
            right = max(t["x"] + t["w"] for t in texts)
            if "--svg-size" not in args and right < 0.8 * m["vw"]:
                failures.append(f"{name}: text ends at {right:.0f} of "
                                f"{m['vw']}: the picture does not fit it")
            if rsvg:
                svg = os.path.join(tmp, "picture.svg")
                png = os.path.join(tmp, "picture.png")
                with open(svg, "w", encoding="ascii") as f:
                    f.write(doc)
                r = subprocess.run([rsvg, svg, "-o", png],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    failures.append(f"{name}: rsvg-convert: {r.stderr}")
                    continue
                root = doc.split("<svg ", 1)[1].split(">", 1)[0]
                want = tuple(int(root.split(f'{k}="')[1].split('"')[0])
                             for k in ("width", "height"))
                if png_size(png) != want:
                    failures.append(f"{name}: rsvg-convert drew "
                                    f"{png_size(png)}, expected {want}")
    for f in failures[:40]:
        print("FAIL:", f)
    print(f"{len(pictures)} pictures, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
