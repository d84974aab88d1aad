"""svg_read.py - running shelf for svg_test.py and reading what it prints
back: a picture as an ElementTree (its wheels, texts, classes, colours,
size and rows) and the line as `shelf --json --moves` gives it. Reading
only; what the pictures must show is checked in svg_test.py.
"""

import json
import subprocess
import xml.etree.ElementTree as ET

import leak_check

# The program under test: svg_test.py sets it from its argument.
SHELF = None
SVG = "{http://www.w3.org/2000/svg}"


# ==== Running shelf ====

def run(*args, stdin=""):
    return subprocess.run([SHELF, *args], input=stdin, capture_output=True,
                          text=True, env=leak_check.env())


def picture(*args):
    """The root element of `shelf --svg - ARGS`."""
    p = run("--svg", "-", *args)
    if p.returncode != 0:
        raise AssertionError(f"shelf {args} failed: {p.stderr}")
    return ET.fromstring(p.stdout)


def line(*weights):
    """turn_of[index] and the JSON result of `shelf --json --moves`."""
    p = run("--json", "--moves", "--", *map(str, weights))
    assert p.returncode == 0, p.stderr
    result = json.loads(p.stdout)
    turn_of = {m["index"]: m["turn"] for m in result["moves"]}
    return turn_of, result


# ==== Reading a picture ====

def classes(el):
    return (el.get("class") or "").split()


def find_class(root, name):
    return [el for el in root.iter() if name in classes(el)]


def wheels(root):
    """The wheel groups, in document order."""
    return [el for el in root.iter(SVG + "g") if "wheel" in classes(el)]


def words(t):
    """The text of a <text> element; a wrapped one holds a <tspan> a line,
    broken at spaces."""
    return " ".join(t.itertext())


def texts(el, name):
    return [words(t) for t in el.iter(SVG + "text") if name in classes(t)]


def heading(root):
    return " ".join(words(t) for t in root.iter(SVG + "text")
                    if t.get("font-size") == "20")


def sentences(root, name):
    """The sentences with class `name`: one <text> element each."""
    return texts(root, name)


def circle_of(group):
    circles = list(group.iter(SVG + "circle"))
    # The first circle is the wheel; a trap's ring may follow it.
    return circles[0]


def colour_of(circle):
    fill = circle.get("fill")
    return circle.get("stroke") if fill in ("#ffffff", "none") else fill


def rgb(colour):
    return tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))


def size_of(root):
    return int(root.get("width")), int(root.get("height"))


def row_lengths(root):
    """The number of wheels on each row, from the index baselines."""
    ys = [float([t for t in g.iter(SVG + "text")
                 if "index" in classes(t)][0].get("y"))
          for g in wheels(root)]
    return [ys.count(y) for y in sorted(set(ys))]
