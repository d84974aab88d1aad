"""robustness_big.py - robustness_test.py's big group: a single line of
1 GB streamed through a pipe in little memory, and a number of 10^6 digits.
Also the big shelves that the faults and oom groups write
(robustness_faults.py, robustness_oom.py).
"""

import json
import os

from robustness_run import BIG_HANG_SECONDS, one_error_line, run


# ==== The group ====

def big_group(shelf, tmp, checks):
    # A single line of a little over 1 GB: weights of 3 written five ways
    # (so numbers straddle every read boundary), lost in spaces, tabs and
    # commas. Streamed through a pipe, generated on the fly.
    block = bytearray()
    count_in_block = 0
    forms = [b"3", b"03", b"+3", b"0003", b"+003"]
    while len(block) < 1_000_000:
        block += forms[count_in_block % 5] + b" " * 700 + b",\t" + b" " * 300
        count_in_block += 1
    # About 1 MB, not a power of two, so blocks and reads never line up;
    # each block ends in spaces, so no two numbers run together.
    block = bytes(block)
    repeats = (1 << 30) // len(block) + 1
    n = count_in_block * repeats
    total_bytes = len(block) * repeats

    def feed(pipe):
        for _ in range(repeats):
            pipe.write(block)

    r = run(shelf, ["--json"], feed=feed, hang=BIG_HANG_SECONDS)
    first = 3 * ((n + 1) // 2)
    want = {"n": n, "margin": 3 * (n % 2), "first": first, "second": 3 * n - first}
    try:
        got = json.loads(r.out.decode())
    except ValueError:
        got = None
    checks.expect(r.status == 0 and r.err == b"",
                  "exit status %d, stderr %r" % (r.status, r.err[:300]))
    checks.expect(got == want, "stdout %r, expected %r" % (r.out[:300], want))
    # Memory: a streaming parser needs nothing per byte or per wheel here
    # (equal weights merge on the solver's stack). 64 MiB is far below the
    # input and well above what the program and a sanitizer runtime need.
    checks.expect(r.maxrss_kib < 64 * 1024,
                  "peak memory %d KiB for %d bytes of input, expected < 64 MiB"
                  % (r.maxrss_kib, total_bytes))
    checks.done("a single line of %d bytes, %d wheels, in %d KiB" %
                (total_bytes, n, r.maxrss_kib))

    # 10^6 digits of one number, as a file and in batch mode.
    path = os.path.join(tmp, "digits.txt")
    with open(path, "wb") as f:
        f.write(b"1 2\n" + b"7" * 10**6 + b" 5\n")
    r = run(shelf, ["-f", path])
    one_error_line(checks, r, ['shelf: %s: line 2, column 1: weight outside the '
                               '64-bit range, found "%s..."' % (path, "7" * 40)],
                   "-f FILE")
    r = run(shelf, ["--batch", "-f", path])
    checks.expect(r.status == 1 and r.out == b"1\n",
                  "batch: status %d, stdout %r, expected 1 and '1\\n'" %
                  (r.status, r.out))
    checks.done("a number of 10^6 digits on line 2")


# ==== Big shelves, for the faults and oom groups ====

def big_shelf_block():
    """1000 pseudo-random weights 1..8191, repeated to make a big shelf."""
    state = 12345
    block = []
    for _ in range(1000):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        block.append(state >> 33 & 0x1FFF or 1)
    return block


def write_big_shelf(path, wheels):
    """A shelf of big_shelf_block() repeated to `wheels` weights (a multiple
    of 1000), one line."""
    text = (" ".join(map(str, big_shelf_block())) + " ").encode()
    with open(path, "wb") as f:
        for _ in range(wheels // 1000):
            f.write(text)
        f.write(b"\n")
