#!/usr/bin/env python3
"""install_test.py - installs the build into a fresh prefix and uses it as a
C user would, so that the install itself is tested.

    install_test.py --build-dir B --source-dir S --cmake CMAKE --cc CC \
        --libdir lib --includedir include --bindir bin --mandir share/man

Steps: `cmake --install B --prefix T` into a new temporary T; check what
landed there (the shared library with its SONAME and version links, the
static one, the header, the command, both man pages, the pkg-config file and
the CMake package); then build examples/play.c against T and run it, three
ways: through pkg-config (PKG_CONFIG_PATH=T/<libdir>/pkgconfig), through
find_package(shelf) (CMAKE_PREFIX_PATH=T), and statically through
shelf::shelf_static. Its output must be exactly what the library computes
for [3, 9, 1, 2] and [7, 2, 9, 4].

pkg-config may be missing on a fresh machine. Then the pkg-config way still
runs: this script reads the Cflags and Libs of shelf.pc itself, expanding its
variables as pkg-config would, and compiles with them.

Exit status 0 if every check passed, 1 otherwise, 77 (skipped) for a
sanitizer build. T is removed on success
and kept (its path printed) on failure.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from skipped import skip

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what, file=sys.stderr)
    return cond


def run(cmd, env=None, cwd=None):
    """Runs a command; returns its stdout, or None (after reporting) if it
    failed to start or exited non-zero."""
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
    except OSError as e:
        check(False, "cannot run %s: %s" % (cmd[0], e))
        return None
    if p.returncode != 0:
        check(False, "%s exited %d\n%s%s" % (" ".join(cmd), p.returncode,
                                             p.stdout, p.stderr))
        return None
    return p.stdout


def header_version(source_dir):
    with open(os.path.join(source_dir, "include", "shelf.h")) as f:
        text = f.read()
    parts = [re.search(r"^#define SHELF_VERSION_%s (\d+)$" % k, text,
                       re.M).group(1) for k in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def expected_play(version):
    """What examples/play.c prints, worked out by hand from the game: on
    [3, 9, 1, 2] the line takes the 2 first and wins by 7; a greedy first
    buyer takes the 3 and loses 5 to 10."""
    return {
        (): "libshelf %s, a shelf of 4, margin 7\n"
            "line: 2 3 9 1\n"
            "greedy against perfect: 3 9 2 1\n"
            "greedy 5, perfect 10\n" % version,
        ("[7, 2, 9, 4]",): "libshelf %s, a shelf of 4, margin 10\n"
            "line: 7 2 9 4\n"
            "greedy against perfect: 7 2 9 4\n"
            "greedy 16, perfect 6\n" % version,
    }


def check_play(binary, version, how, env=None):
    for args, want in expected_play(version).items():
        got = run([binary] + list(args), env=env)
        check(got == want, "%s: play %s printed %r, expected %r"
              % (how, " ".join(args), got, want))


def needed_libs(binary):
    """The DT_NEEDED entries of an ELF file, or None without readelf."""
    readelf = shutil.which("readelf")
    if readelf is None:
        return None
    out = run([readelf, "-d", binary]) or ""
    return re.findall(r"\(NEEDED\).*\[(.*)\]", out)


# ==== What the install put where ====


def abi_version(version):
    """The SONAME's version: the major one, or before 1.0 major.minor (a
    minor release may change the API then)."""
    parts = version.split(".")
    return parts[0] if parts[0] != "0" else ".".join(parts[:2])


def check_layout(a, prefix, version):
    major = abi_version(version)
    lib = os.path.join(prefix, a.libdir)
    real = os.path.join(lib, "libshelf.so." + version)
    so_major = os.path.join(lib, "libshelf.so." + major)
    so = os.path.join(lib, "libshelf.so")
    check(os.path.isfile(real) and not os.path.islink(real),
          "missing " + real)
    check(os.path.islink(so_major)
          and os.readlink(so_major) == "libshelf.so." + version,
          "%s should link to libshelf.so.%s" % (so_major, version))
    check(os.path.islink(so) and os.readlink(so) == "libshelf.so." + major,
          "%s should link to libshelf.so.%s" % (so, major))
    if shutil.which("readelf") and os.path.isfile(real):
        dyn = run(["readelf", "-d", real]) or ""
        check("Library soname: [libshelf.so.%s]" % major in dyn,
              "the SONAME of %s is not libshelf.so.%s" % (real, major))
    static = os.path.join(lib, "libshelf.a")
    if check(os.path.isfile(static), "missing " + static):
        with open(static, "rb") as f:
            check(f.read(8) == b"!<arch>\n", static + " is not an archive")

    def same(installed, source):
        if check(os.path.isfile(installed), "missing " + installed):
            with open(installed, "rb") as f, open(source, "rb") as g:
                check(f.read() == g.read(),
                      "%s differs from %s" % (installed, source))

    for header in ("shelf.h", "shelf_pieces.h", "shelf_teach.h",
                   "shelf_judge.h", "shelf_svg.h"):
        same(os.path.join(prefix, a.includedir, header),
             os.path.join(a.source_dir, "include", header))
    same(os.path.join(prefix, a.mandir, "man1", "shelf.1"),
         os.path.join(a.source_dir, "man", "man1", "shelf.1"))
    same(os.path.join(prefix, a.mandir, "man3", "libshelf.3"),
         os.path.join(a.source_dir, "man", "man3", "libshelf.3"))

    shelf = os.path.join(prefix, a.bindir, "shelf")
    if check(os.access(shelf, os.X_OK), "missing " + shelf):
        out = run([shelf, "--version"])
        check(out == "shelf %s\n" % version,
              "shelf --version printed %r, not the header's %s"
              % (out, version))
        check(run([shelf, "3", "9", "1", "2"]) == "7\n",
              "installed shelf does not solve [3, 9, 1, 2]")

    cmake_dir = os.path.join(lib, "cmake", "shelf")
    for name in ("shelfConfig.cmake", "shelfConfigVersion.cmake",
                 "shelfTargets.cmake"):
        check(os.path.isfile(os.path.join(cmake_dir, name)),
              "missing %s in %s" % (name, cmake_dir))


# ==== pkg-config ====


def read_pc(path):
    """Variables and fields of a .pc file, variables expanded."""
    variables, fields = {}, {}

    def expand(value):
        for _ in range(20):
            new = re.sub(r"\$\{(\w+)\}",
                         lambda m: variables.get(m.group(1), ""), value)
            if new == value:
                break
            value = new
        return value

    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            var = re.match(r"^([\w.]+)\s*=\s*(.*)$", line)
            field = re.match(r"^([\w.]+)\s*:\s*(.*)$", line)
            if var:
                variables[var.group(1)] = expand(var.group(2))
            elif field:
                fields[field.group(1)] = expand(field.group(2))
    return variables, fields


def pkg_config_way(a, prefix, version, work):
    pc_dir = os.path.join(prefix, a.libdir, "pkgconfig")
    pc_file = os.path.join(pc_dir, "shelf.pc")
    if not check(os.path.isfile(pc_file), "missing " + pc_file):
        return
    variables, fields = read_pc(pc_file)
    check(fields.get("Version") == version,
          "shelf.pc says version %r, the header %s"
          % (fields.get("Version"), version))
    check(os.path.realpath(variables.get("prefix", "")) ==
          os.path.realpath(prefix),
          "shelf.pc has prefix %r, not %s" % (variables.get("prefix"), prefix))

    env = dict(os.environ, PKG_CONFIG_PATH=pc_dir)
    tool = shutil.which("pkg-config") or shutil.which("pkgconf")
    if tool:
        how = "pkg-config (%s)" % os.path.basename(tool)
        cflags = run([tool, "--cflags", "shelf"], env=env)
        libs = run([tool, "--libs", "shelf"], env=env)
        check(run([tool, "--modversion", "shelf"], env=env) == version + "\n",
              "pkg-config --modversion shelf is not " + version)
        if os.path.basename(os.path.realpath(tool)) == "pkgconf":
            static = run([tool, "--static", "--cflags", "shelf"], env=env)
            check(static is not None and "-DSHELF_STATIC_DEFINE" in static,
                  "pkg-config --static --cflags shelf lacks "
                  "-DSHELF_STATIC_DEFINE")
    else:
        how = "shelf.pc read directly (no pkg-config here)"
        cflags, libs = fields.get("Cflags", ""), fields.get("Libs", "")
    if cflags is None or libs is None:
        return
    print("pkg-config way: %s: %s %s" % (how, cflags.strip(), libs.strip()))

    out_dir = os.path.join(work, "pkg-config")
    os.makedirs(out_dir)
    play = os.path.join(out_dir, "play")
    source = os.path.join(a.source_dir, "examples", "play.c")
    make = shutil.which("make")
    if tool and make:
        # The Makefile users are told to run, built out of the source tree.
        run([make, "-s", "-C", out_dir, "-f",
             os.path.join(a.source_dir, "examples", "Makefile"),
             "VPATH=" + os.path.dirname(source), "CC=" + a.cc,
             "PKG_CONFIG=" + tool, "CFLAGS=-std=c11 -Wall -Wextra -Werror"],
            env=env)
    else:
        run([a.cc, "-std=c11", "-Wall", "-Wextra", "-Werror"] +
            cflags.split() + ["-o", play, source] + libs.split())
    if not check(os.path.isfile(play), "the pkg-config way built no play"):
        return
    needed = needed_libs(play)
    if needed is not None:
        check("libshelf.so." + abi_version(version) in needed,
              "play built with pkg-config does not use libshelf.so")
    run_env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(prefix, a.libdir))
    check_play(play, version, "pkg-config way", env=run_env)


# ==== CMake ====


def cmake_way(a, prefix, version, work, static):
    how = "find_package, %s" % ("static" if static else "shared")
    build = os.path.join(work, "cmake-static" if static else "cmake-shared")
    configured = run([a.cmake, "-S", os.path.join(a.source_dir, "examples"),
                      "-B", build, "-DCMAKE_PREFIX_PATH=" + prefix,
                      "-DCMAKE_C_COMPILER=" + a.cc,
                      "-DCMAKE_BUILD_TYPE=Release",
                      "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                      "-DPLAY_STATIC=" + ("ON" if static else "OFF")])
    if configured is None:
        return
    # The package found must be the one just installed, not another copy.
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        found = re.search(r"^shelf_DIR:PATH=(.*)$", f.read(), re.M)
    check(found and os.path.realpath(found.group(1)).startswith(
        os.path.realpath(prefix) + os.sep),
        "%s: find_package(shelf) found %s, not the copy in %s"
        % (how, found and found.group(1), prefix))
    if run([a.cmake, "--build", build]) is None:
        return
    play = os.path.join(build, "play")
    with open(os.path.join(build, "compile_commands.json")) as f:
        command = json.load(f)[0]["command"]
    check(("-DSHELF_STATIC_DEFINE" in command) == static,
          "%s: SHELF_STATIC_DEFINE %s in %s" % (
              how, "missing" if static else "wrongly", command))
    needed = needed_libs(play)
    if needed is not None:
        uses_shared = any(n.startswith("libshelf.so") for n in needed)
        check(uses_shared != static, "%s: play needs %s" % (how, needed))
    # No LD_LIBRARY_PATH: CMake gave the shared build a run path, and the
    # static one needs none.
    check_play(play, version, how)


def version_checks(a, prefix, version, work):
    """The version file accepts this version and refuses a later major."""
    project = os.path.join(work, "version-check")
    os.makedirs(project)
    major, minor = version.split(".")[:2]
    with open(os.path.join(project, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.16)\n"
                "project(version_check NONE)\n"
                "find_package(shelf %s.%s QUIET)\n"
                "message(STATUS \"same: ${shelf_FOUND}\")\n"
                "unset(shelf_FOUND)\n"
                "find_package(shelf %d QUIET)\n"
                "message(STATUS \"later: ${shelf_FOUND}\")\n"
                % (major, minor, int(major) + 1))
    out = run([a.cmake, "-S", project, "-B", os.path.join(project, "b"),
               "-DCMAKE_PREFIX_PATH=" + prefix]) or ""
    check("same: 1" in out, "find_package(shelf %s.%s) failed" % (major, minor))
    check("later: 0" in out,
          "find_package(shelf %d) accepted version %s" % (int(major) + 1,
                                                          version))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("build-dir", "source-dir", "cmake", "cc", "libdir",
                 "includedir", "bindir", "mandir"):
        ap.add_argument("--" + name, required=True)
    ap.add_argument("--sanitized", default="OFF",
                    help="ON for a sanitizer build, which is skipped")
    a = ap.parse_args()
    if a.sanitized.upper() in ("ON", "1", "TRUE", "YES"):
        # A program built without the sanitizers cannot load a library
        # built with them; the release build covers the install.
        skip("install test", "a sanitizer build; the release build runs it")
    # Commands below run in other directories.
    a.build_dir = os.path.abspath(a.build_dir)
    a.source_dir = os.path.abspath(a.source_dir)
    version = header_version(a.source_dir)
    work = tempfile.mkdtemp(prefix="shelf-install-")
    prefix = os.path.join(work, "prefix")
    print("installing %s into %s" % (a.build_dir, prefix))
    if run([a.cmake, "--install", a.build_dir, "--prefix", prefix]) is not None:
        check_layout(a, prefix, version)
        pkg_config_way(a, prefix, version, work)
        cmake_way(a, prefix, version, work, static=False)
        cmake_way(a, prefix, version, work, static=True)
        version_checks(a, prefix, version, work)
    if failures:
        print("%d check(s) failed; the install is kept in %s"
              % (len(failures), work), file=sys.stderr)
        return 1
    shutil.rmtree(work)
    print("install of libshelf %s: all checks passed" % version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
