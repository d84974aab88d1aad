#!/usr/bin/env python3
"""exports_test.py - both libraries define the API and nothing else.

    exports_test.py NM SHARED_LIBRARY STATIC_LIBRARY HEADER

The shared library: lists the dynamic symbols it defines
(`nm -D --defined-only`) and fails if one of them is not a shelf_ function
of the API (apart from the few symbols the linker itself adds to every
shared object), or if a function the header declares with SHELF_API is not
exported, or if one of the static inline functions of the headers (the
names of values, SHELF_ENUM_NAMES) is. Hidden visibility is the default in
the build; only SHELF_API may widen it, and this catches a helper that
leaks out (or an API function that was left hidden or never defined). The internal functions, global only
between the library's files, carry the prefix shelf__ and must not be
exported.

The static library: hidden visibility does not apply to an archive, so
every global symbol it defines must at least be in the shelf_ namespace,
where it cannot collide with a program's own names.
"""

import os
import re
import subprocess
import sys

# Symbols the toolchain may define in any shared object.
LINKER_SYMBOLS = {"_init", "_fini", "__bss_start", "_edata", "_end",
                  "__data_start", "data_start", "_IO_stdin_used",
                  "__dso_handle", "_DYNAMIC", "_GLOBAL_OFFSET_TABLE_",
                  "__TMC_END__"}


def header_paths(header):
    """`header`, or every public header in it when it is a directory."""
    if os.path.isdir(header):
        return sorted(os.path.join(header, f) for f in os.listdir(header)
                      if f.endswith(".h"))
    return [header]


def api_functions(header):
    """The names of the functions declared with SHELF_API in `header`, or,
    when it is a directory, in every public header in it."""
    names = set()
    for path in header_paths(header):
        with open(path) as f:
            text = f.read()
        names |= set(re.findall(r"^SHELF_API\b[^;(]*?\b(\w+)\s*\(", text,
                                re.M))
    return names


def inline_functions(header):
    """The names of the static inline functions of `header` (or of every
    public header in it, when it is a directory): those it defines as
    such (shelf_status_name()) and the two each SHELF_ENUM_NAMES(type,
    LIST) defines, type_name and type_from_name. They are compiled into
    each program, so the library must not export them."""
    names = set()
    for path in header_paths(header):
        with open(path) as f:
            text = f.read()
        names |= set(re.findall(r"^static inline\b[^;(]*?\b(\w+)\s*\(", text,
                                re.M))
        for t in re.findall(r"^SHELF_ENUM_NAMES\((\w+),", text, re.M):
            names |= {t + "_name", t + "_from_name"}
    return names


def main():
    if len(sys.argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    nm, library, archive, header = sys.argv[1:]
    out = subprocess.run([nm, "-D", "--defined-only", library],
                         stdout=subprocess.PIPE, universal_newlines=True,
                         check=True).stdout
    exported = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        # "address type name", possibly with a symbol version after @.
        exported.add(fields[-1].split("@")[0])
    declared = api_functions(header)

    status = 0
    stray = sorted(s for s in exported
                   if (not s.startswith("shelf_") or s.startswith("shelf__"))
                   and s not in LINKER_SYMBOLS)
    for s in stray:
        print("exported but not API: %s" % s)
        status = 1
    for s in sorted(declared - exported):
        print("declared with SHELF_API but not exported: %s" % s)
        status = 1
    for s in sorted(inline_functions(header) & exported):
        print("static inline in the header, yet exported: %s" % s)
        status = 1
    if not declared:
        print("no SHELF_API declarations found in %s" % header)
        status = 1
    # The archive: "address type name" lines, one object after another.
    out = subprocess.run([nm, "-g", "--defined-only", archive],
                         stdout=subprocess.PIPE, universal_newlines=True,
                         check=True).stdout
    defined = [line.split()[-1] for line in out.splitlines()
               if len(line.split()) == 3]
    for s in sorted(set(d for d in defined if not d.startswith("shelf_"))):
        print("the static library defines a global outside shelf_: %s" % s)
        status = 1
    if not defined:
        print("no global symbols found in %s" % archive)
        status = 1
    if status == 0:
        print("%d symbols exported, all of them the API; the static library"
              " defines %d globals, all of them shelf_" % (
                  len(exported - LINKER_SYMBOLS), len(set(defined))))
    return status


if __name__ == "__main__":
    sys.exit(main())
