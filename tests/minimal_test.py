#!/usr/bin/env python3
"""minimal_test.py - builds libshelf with -DSHELF_MINIMAL=ON, installs it into
a fresh prefix and uses it as a C user who wants only the solver would.

    minimal_test.py --source-dir S --cmake CMAKE --cc CC [--nm NM]

Steps: configure S into a new temporary build directory with SHELF_MINIMAL,
build it (two jobs), `cmake --install` it into a new prefix; then check:

  - the core, pieces and teaching headers are installed, and the judge's
    and the pictures' are not; nor is the command or its man page;
  - the shared library exports the core (shelf_solve, shelf_solver_save,
    shelf_place_encode, shelf_position_take) and nothing of the judge or the
    pictures (shelf_svg, shelf_judge_run, shelf_judgement_write), and the
    static one defines none of them either;
  - examples/play.c (which uses the core and the teaching facts) builds
    against it through find_package(shelf), shared and static, and prints
    what install_test.py expects of the full library.

Exit status 0 if every check passed, 1 otherwise. The temporary directory
is removed on success and kept (its path printed) on failure.
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

from install_test import (check, expected_play, failures, header_version,
                          run)

CORE = ("shelf_solve", "shelf_solver_save", "shelf_solver_load",
        "shelf_place_encode", "shelf_parse_error_format", "shelf_position_take",
        "shelf_lead_table")
LEFT_OUT = ("shelf_svg", "shelf_svg_free", "shelf_judge_run",
            "shelf_judgement_write", "shelf_problem_find", "shelf_layout_write")


def defined_symbols(nm, path, dynamic):
    """The global symbols that path defines, by name."""
    out = run([nm, "-D" if dynamic else "-g", "--defined-only", path]) or ""
    return set(re.findall(r"^\S*\s+[A-Z]\s+(\S+)$", out, re.M))


def check_layout(prefix, nm):
    inc = os.path.join(prefix, "include")
    for h in ("shelf.h", "shelf_pieces.h", "shelf_teach.h"):
        check(os.path.isfile(os.path.join(inc, h)), "missing include/" + h)
    for h in ("shelf_judge.h", "shelf_svg.h"):
        check(not os.path.exists(os.path.join(inc, h)),
              "a minimal install has include/" + h)
    installed = [os.path.relpath(os.path.join(d, f), prefix)
                 for d, _, files in os.walk(prefix) for f in files]
    check(not any(p.startswith("bin") or "man1" in p for p in installed),
          "a minimal install has the command: %s" % installed)
    libs = [p for p in installed if re.search(r"libshelf\.(so\.[\d.]+|a)$", p)]
    check(any(p.endswith(".a") for p in libs), "no libshelf.a installed")
    check(any(".so." in p for p in libs), "no libshelf.so installed")
    for lib in libs:
        path = os.path.join(prefix, lib)
        dynamic = ".so" in lib
        names = defined_symbols(nm, path, dynamic)
        missing = [s for s in CORE if s not in names]
        extra = [s for s in LEFT_OUT if s in names]
        check(not missing, "%s lacks %s" % (lib, missing))
        check(not extra, "%s defines %s" % (lib, extra))
        print("%s: %d shelf_ symbols, none of %s" % (
            lib, len([n for n in names if n.startswith("shelf_")]),
            ", ".join(LEFT_OUT)))


def check_play(a, prefix, work, version, static):
    how = "find_package, %s" % ("static" if static else "shared")
    build = os.path.join(work, "play-static" if static else "play-shared")
    if run([a.cmake, "-S", os.path.join(a.source_dir, "examples"), "-B", build,
            "-DCMAKE_PREFIX_PATH=" + prefix, "-DCMAKE_C_COMPILER=" + a.cc,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DPLAY_STATIC=" + ("ON" if static else "OFF")]) is None:
        return
    if run([a.cmake, "--build", build]) is None:
        return
    for args, want in expected_play(version).items():
        got = run([os.path.join(build, "play")] + list(args))
        check(got == want, "%s: play %s printed %r, expected %r"
              % (how, " ".join(args), got, want))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--nm", default=shutil.which("nm") or "nm")
    a = ap.parse_args()
    a.source_dir = os.path.abspath(a.source_dir)
    version = header_version(a.source_dir)
    work = tempfile.mkdtemp(prefix="shelf-minimal-")
    build, prefix = os.path.join(work, "build"), os.path.join(work, "prefix")
    # The library on its own: no tests, no command (SHELF_MINIMAL says so).
    if (run([a.cmake, "-S", a.source_dir, "-B", build, "-DSHELF_MINIMAL=ON",
             "-DCMAKE_C_COMPILER=" + a.cc, "-DCMAKE_BUILD_TYPE=Release",
             "-DCMAKE_INSTALL_LIBDIR=lib"]) is not None and
            run([a.cmake, "--build", build, "-j", "2"]) is not None and
            run([a.cmake, "--install", build, "--prefix", prefix]) is not None):
        check_layout(prefix, a.nm)
        check_play(a, prefix, work, version, static=False)
        check_play(a, prefix, work, version, static=True)
    if failures:
        print("%d check(s) failed; the build and install are kept in %s"
              % (len(failures), work), file=sys.stderr)
        return 1
    shutil.rmtree(work)
    print("SHELF_MINIMAL install of libshelf %s: all checks passed" % version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
