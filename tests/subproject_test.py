#!/usr/bin/env python3
"""subproject_test.py - shelf added to another CMake project with
add_subdirectory() (as FetchContent does) builds the library and the command
for it, and nothing of shelf's own testing: no tests, no Python.

    subproject_test.py --source-dir S --cmake CMAKE --cc CC

Writes a tiny parent project into a temporary directory whose
CMakeLists.txt adds S with add_subdirectory() and links a program against
shelf::shelf_static. It is configured with find_package(Python3) disabled
(CMAKE_DISABLE_FIND_PACKAGE_Python3), so any use of Python by shelf's build
fails the configure; then the cache must hold SHELF_BUILD_TESTS=OFF, the
build must register no test, the program must build and print the margin of
[3, 9, 1, 2] worked out by hand (7: the first buyer takes the 2, the second
the 3, the first the 9), and the parent's build type must be left as it
chose it. Exit status 0 if every check passed.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

PARENT = """\
cmake_minimum_required(VERSION 3.20)
project(parent LANGUAGES C)
add_subdirectory(%s shelf)
add_executable(parent main.c)
target_link_libraries(parent PRIVATE shelf::shelf_static)
"""

MAIN = """\
#include <shelf.h>
#include <stdio.h>

int main(void) {
  const int64_t w[] = {3, 9, 1, 2};
  shelf_result r;
  if (shelf_solve(w, 4, SHELF_ENGINE_LINEAR, &r) != SHELF_OK)
    return 1;
  printf("%lld\\n", (long long)r.margin);
  return 0;
}
"""


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    return p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("source-dir", "cmake", "cc"):
        ap.add_argument("--" + name, required=True)
    a = ap.parse_args()
    failures = []

    def check(cond, what):
        if not cond:
            failures.append(what)
            print("FAIL: " + what)
        return cond

    work = tempfile.mkdtemp(prefix="shelf-subproject-")
    src, build = os.path.join(work, "parent"), os.path.join(work, "build")
    os.makedirs(src)
    with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
        f.write(PARENT % os.path.abspath(a.source_dir).replace("\\", "/"))
    with open(os.path.join(src, "main.c"), "w") as f:
        f.write(MAIN)

    status, out = run([a.cmake, "-S", src, "-B", build,
                       "-DCMAKE_C_COMPILER=" + a.cc,
                       "-DCMAKE_BUILD_TYPE=Debug",
                       "-DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON"])
    if check(status == 0, "configure without Python failed:\n" + out):
        cache = {}
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep and not key.startswith(("//", "#")):
                    cache[key.split(":")[0]] = value
        check(cache.get("SHELF_BUILD_TESTS") == "OFF",
              "SHELF_BUILD_TESTS is %r, expected OFF"
              % cache.get("SHELF_BUILD_TESTS"))
        check(cache.get("SHELF_INSTALL") == "OFF",
              "SHELF_INSTALL is %r, expected OFF" % cache.get("SHELF_INSTALL"))
        check(cache.get("CMAKE_BUILD_TYPE") == "Debug",
              "the parent's build type became %r"
              % cache.get("CMAKE_BUILD_TYPE"))
        check(not any(k.startswith("Python3") for k in cache),
              "Python was looked for: %s"
              % [k for k in cache if k.startswith("Python3")])
        # A test anywhere in the tree leaves a CTestTestfile.cmake.
        testfiles = [os.path.join(d, f) for d, _, fs in os.walk(build)
                     for f in fs if f == "CTestTestfile.cmake"]
        check(not testfiles, "tests registered: %s" % testfiles)
        status, out = run([a.cmake, "--build", build, "--target", "parent",
                           "shelf_cli", "-j", "2"])
        if check(status == 0, "build failed:\n" + out):
            status, out = run([os.path.join(build, "parent")])
            check(status == 0 and out == "7\n",
                  "the parent program printed %r (status %d), expected "
                  "'7\\n'" % (out, status))
            status, out = run([os.path.join(build, "shelf", "shelf"),
                               "3", "9", "1", "2"])
            check(status == 0 and out == "7\n",
                  "shelf 3 9 1 2 printed %r (status %d), expected '7\\n'"
                  % (out, status))
    if failures:
        print("%d check(s) failed; the parent project is kept in %s"
              % (len(failures), work))
        return 1
    shutil.rmtree(work)
    print("shelf as a subproject: library and command built, no tests, "
          "no Python")
    return 0


if __name__ == "__main__":
    sys.exit(main())
