"""setup.py - builds the shelf package: the C module shelf._shelf, made of
python/src/*.c and libshelf's own src/*/*.c, compiled together.

There is deliberately no pyproject.toml with a [build-system] table: with
one, pip builds in an isolated environment and fetches setuptools from the
network; without one it uses the setuptools and wheel already installed, so
`pip install ./python` works offline (Debian's python3-setuptools and
python3-wheel, in a venv made with --system-site-packages).
"""

import glob
import os
import re

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def version():
    """The version, read from include/shelf.h, the one place it is written."""
    with open(os.path.join(ROOT, "include", "shelf.h"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(rf"#define SHELF_VERSION_{p} (\d+)", text).group(1)
             for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def sources(folder):
    """Every .c file of a folder, relative to this one (setuptools wants
    relative paths): libshelf's files change, so they are never listed."""
    return sorted(os.path.relpath(p, HERE)
                  for p in glob.glob(os.path.join(folder, "*.c")))


# libshelf's folders (src/core/ and the others, one a header), where its
# sources find each other's internal headers by their bare names.
LIBRARY = sorted(glob.glob(os.path.join(ROOT, "src", "*", "")))

extension = Extension(
    "shelf._shelf",
    sources=sources(os.path.join(HERE, "src"))
    + [c for folder in LIBRARY for c in sources(folder)]
    # A file read at offsets, as the shelf command reads one.
    + [os.path.relpath(os.path.join(ROOT, "report", "read_at.c"), HERE)],
    include_dirs=[os.path.join(ROOT, "include"), os.path.join(ROOT, "report")]
    + LIBRARY,
    # libshelf is linked in, not exported: only PyInit__shelf is visible.
    define_macros=[("SHELF_STATIC_DEFINE", "1")],
    extra_compile_args=["-std=c11", "-fvisibility=hidden"],
)

setup(
    name="shelf",
    version=version(),
    description="Exact solver for the ripening-shelf game (libshelf)",
    packages=["shelf"],
    package_data={"shelf": ["__init__.pyi", "py.typed"]},
    ext_modules=[extension],
    python_requires=">=3.10",
)
