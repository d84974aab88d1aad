#!/usr/bin/env python3
"""robustness_test.py - shelf at the edges: every bad input the grammar
rejects, the edges it accepts, huge inputs, and faults around the program
(a full disk, a closed pipe, too little memory, bad lines in batch mode).

Usage: robustness_test.py PATH/TO/shelf [--group NAME]... [--quick]

Groups (all but oom and memcheck run when none is named):
  grammar   each bad input: exit status 1, nothing on stdout, exactly one
            line on stderr, "shelf: line L, column C: message"; each
            accepted edge: the right margin. Also writes or checks
            docs/robustness.md, the table of what every bad input gets.
  big       a number of 10^6 digits, and a single line of 1 GB streamed
            through a pipe in little memory.
  faults    > /dev/full, a reader that goes away, batch mode stopping at a
            bad line, --keep-going in text and JSON; pictures written into
            links, devices, folders and over files under a file-size limit
            (nothing shelf did not create is ever removed); file names and
            option values that hold newlines and escape sequences. Also
            writes or checks the faults table of docs/robustness.md.
  oom       too little address space (RLIMIT_AS): "out of memory", exit
            status 1, no crash. Not under AddressSanitizer, which cannot
            run with RLIMIT_AS: the sanitized build skips it (it is told
            by SHELF_SANITIZED=1, or finds the ASan runtime in the binary).

--quick runs each bad input once (on standard input), not also from a file
and in batch mode, and leaves out the accepted edges; it is meant for slow
wrappers such as valgrind. The table is then not checked.

--sample K runs one bad input in K in the grammar group, those whose place
in the list leaves SHELF_TEST_SEED's remainder when divided by K; also for
valgrind (memcheck_robustness), where each run costs about half a second
of CPU before the program starts. The table is then not checked.

Environment:
  SHELF_WRAPPER      a command put before the program (for example valgrind
                     with its options), for the grammar and faults groups.
  SHELF_UPDATE_DOCS  1: rewrite docs/robustness.md from this run instead of
                     failing when it differs.
  SHELF_SANITIZED    1: the program is built with sanitizers.

Only the Python standard library is used. Exit status 0 if every check
passed, 1 otherwise; each failure names its case and what differed.
"""

# Each group is a module of its own: robustness_grammar.py, robustness_big.py,
# robustness_faults.py and robustness_oom.py, all running shelf through
# robustness_run.py; robustness_doc.py writes or checks docs/robustness.md.

import os
import shlex
import sys
import tempfile

import robustness_faults
from robustness_big import big_group
from robustness_doc import check_doc
from robustness_grammar import grammar_group
from robustness_oom import is_sanitized, oom_group
from robustness_run import Checks
from sampling import sampler
from skipped import skip, skip_line


# ==== Main ====

def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    shelf = os.path.abspath(args[0])
    groups, quick, every = [], False, 1
    i = 1
    while i < len(args):
        if args[i] == "--group" and i + 1 < len(args):
            groups.append(args[i + 1])
            i += 2
        elif args[i] == "--quick":
            quick = True
            i += 1
        elif args[i] == "--sample" and i + 1 < len(args) and args[i + 1].isdigit() \
                and int(args[i + 1]) > 0:
            every = int(args[i + 1])
            i += 2
        else:
            sys.exit("unknown argument %r\n%s" % (args[i], __doc__))
    known = ("grammar", "big", "faults", "oom")
    if not groups:
        groups = ["grammar", "big", "faults"]
    for g in groups:
        if g not in known:
            sys.exit("unknown group %r (use %s)" % (g, ", ".join(known)))
    if "oom" in groups and is_sanitized(shelf):
        what = "out-of-memory tests"
        why = "AddressSanitizer cannot run under an address-space limit"
        if groups == ["oom"]:
            skip(what, why)
        print(skip_line(what, why))
        groups.remove("oom")
    wrapper = shlex.split(os.environ.get("SHELF_WRAPPER", ""))
    sampled = sampler(every, "bad input")
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        rows, fault_rows = [], []
        if "grammar" in groups:
            rows = grammar_group(shelf, tmp, wrapper, quick, sampled, checks)
        if "big" in groups:
            big_group(shelf, tmp, checks)
        if "faults" in groups:
            robustness_faults.faults_group(shelf, tmp, wrapper, checks, fault_rows)
            robustness_faults.files_group(shelf, tmp, wrapper, checks, fault_rows)
        # The table needs both groups, unwrapped (valgrind adds lines).
        if "grammar" in groups and "faults" in groups and not quick and not wrapper \
                and every == 1:
            # Read from the module: the faults group sets it as it runs.
            if robustness_faults.DOC_SKIPPED:
                print(skip_line("docs/robustness.md check",
                                robustness_faults.DOC_SKIPPED))
            else:
                check_doc(rows, fault_rows, checks)
        if "oom" in groups:
            oom_group(shelf, tmp, checks)
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
