"""robustness_oom.py - robustness_test.py's oom group: shelf under too
little address space (RLIMIT_AS) says "out of memory" in one line, exits
with status 1 and prints no half-finished result; under a sweep of limits
every run either answers in full or says so. is_sanitized() tells a build
that cannot run under such a limit: AddressSanitizer's.
"""

import json
import os
import resource

from reference import reduce_margin, reduction_agrees
from robustness_big import big_shelf_block, write_big_shelf
from robustness_run import BIG_HANG_SECONDS, run


def is_sanitized(shelf):
    """Whether shelf is built with sanitizers: SHELF_SANITIZED says so, or
    the ASan runtime is found in the binary."""
    if os.environ.get("SHELF_SANITIZED", "") not in ("", "0", "OFF"):
        return True
    try:
        with open(shelf, "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


def oom_group(shelf, tmp, checks):
    wheels = 12_000_000
    path = os.path.join(tmp, "huge.txt")
    write_big_shelf(path, wheels)

    def limit(mib):
        def pre():
            b = mib * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (b, b))
        return pre

    # --moves keeps every weight and the line: far more than 256 MiB here.
    r = run(shelf, ["--moves", "-f", path], preexec_fn=limit(256),
            hang=BIG_HANG_SECONDS)
    lines = r.err_lines()
    checks.expect(r.status == 1, "exit status %d, expected 1" % r.status)
    checks.expect(r.out == b"", "stdout has %d bytes: a half-finished result"
                  % len(r.out))
    checks.expect(len(lines) == 1 and lines[0].startswith("shelf: ") and
                  lines[0].endswith("out of memory"),
                  "stderr %r, expected one line ending 'out of memory'" % r.err[:300])
    checks.done("--moves on %d wheels under a 256 MiB address-space limit"
                % wheels)

    # Without a limit it works, so the limit was the only trouble. Then a
    # sweep of limits meets each allocation on the way failing in turn:
    # every run either gives the full answer or says "out of memory".
    full = run(shelf, ["--json", "--explain", "-f", path], hang=BIG_HANG_SECONDS)
    checks.expect(full.status == 0 and full.err == b"",
                  "unlimited: status %d, stderr %r" % (full.status, full.err[:200]))
    # The unlimited answer is the one the limited runs must repeat, so it is
    # checked against the reduction of tests/reference.py first.
    block = big_shelf_block()
    margin = reduce_margin(w for _ in range(wheels // 1000) for w in block)
    total = sum(block) * (wheels // 1000)
    want = {"n": wheels, "margin": margin, "first": (total + margin) // 2,
            "second": (total - margin) // 2}
    try:
        got = json.loads(full.out)
        got = {k: got.get(k) for k in want}
    except ValueError:
        got = full.out[:200]
    checks.expect(reduction_agrees() and got == want,
                  "unlimited: %r, expected %r" % (got, want))
    checks.done("--json --explain on %d wheels without a limit" % wheels)
    for mib in (8, 16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768):
        r = run(shelf, ["--json", "--explain", "-f", path], preexec_fn=limit(mib),
                hang=BIG_HANG_SECONDS)
        if r.status == 0:
            checks.expect(r.out == full.out and r.err == b"",
                          "%d MiB: succeeded with different output" % mib)
        else:
            lines = r.err_lines()
            checks.expect(r.status == 1 and r.out == b"" and len(lines) == 1 and
                          lines[0].endswith("out of memory"),
                          "%d MiB: status %d, stdout %d bytes, stderr %r" %
                          (mib, r.status, len(r.out), r.err[:300]))
        checks.done("--json --explain under %d MiB: %s" %
                    (mib, "answered" if r.status == 0 else "out of memory"))

    # A plain run (two threads: one parses, one solves) of a strictly
    # decreasing shelf, whose solver keeps every wheel: the message names
    # the file and no line, the shelf being the whole file (issue 12; it
    # said "FILE: line 0").
    falling = os.path.join(tmp, "falling.txt")
    with open(falling, "wb") as f:
        for start in range(99_999_999, 93_999_999, -100_000):
            f.write(b" ".join(b"%d" % v for v in range(start, start - 100_000, -1)) + b" ")
    r = run(shelf, ["-f", falling], preexec_fn=limit(64), hang=BIG_HANG_SECONDS)
    checks.expect(r.status == 1 and r.out == b"" and
                  r.err == b"shelf: %s: out of memory\n" % falling.encode(),
                  "status %d, stdout %r, stderr %r" % (r.status, r.out[:100], r.err[:300]))
    checks.done("6 * 10^6 falling wheels from a file under 64 MiB: the file named")

    # Batch mode: the lines before the one that does not fit are answered.
    path2 = os.path.join(tmp, "batch.txt")
    with open(path2, "wb") as f:
        f.write(b"3 9 1 2\n")
    with open(path, "rb") as src, open(path2, "ab") as dst:
        while True:
            chunk = src.read(1 << 20)
            if not chunk:
                break
            dst.write(chunk)
    r = run(shelf, ["--batch", "--moves", "-f", path2], preexec_fn=limit(256),
            hang=BIG_HANG_SECONDS)
    lines = r.err_lines()
    checks.expect(r.status == 1 and r.out.startswith(b"7\nturn buyer end"),
                  "status %d, stdout starts %r" % (r.status, r.out[:60]))
    checks.expect(len(lines) == 1 and lines[0].endswith("out of memory"),
                  "stderr %r" % r.err[:300])
    checks.done("batch --moves: line 1 answered, line 2 out of memory")
