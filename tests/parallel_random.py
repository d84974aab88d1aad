"""parallel_random.py - the randomized comparison: random texts with random
errors, threaded (file and pipe, random piece sizes, and one shelf a line)
against `--threads 1`. SHELF_TEST_SEED replays a failure."""

import os
import random

from parallel_cuts import BAD
from parallel_run import SAMPLE, SEED, check, run


def random_text(rnd):
    seps = [b" ", b"\n", b"\r\n", b", ", b",", b"\t", b"  \n ", b" ,\n"]
    items = []
    for _ in range(rnd.randint(0, 50)):
        items.append(rnd.choice([b"%d" % rnd.randint(-20, 20),
                                 b"%d" % rnd.randint(-2**63, 2**63 - 1),
                                 b"+5", b"007", b"-0"]))
        items.append(rnd.choice(seps))
    text = b"".join(items)
    if rnd.random() < 0.2:
        k = rnd.randint(0, len(text))
        text = text[:k] + rnd.choice([b" ", b"\n"]) * 5000 + text[k:]
    if rnd.random() < 0.4:
        text = rnd.choice([b"[", b" [", b"\n[\n", b"w = [", b"w\n=\n ["]
                          ) + text + rnd.choice(
            [b"]", b"]\n", b",]\n", b"", b"] \n"])
    if rnd.random() < 0.1:
        text = b"\xef\xbb\xbf" + text
    for _ in range(rnd.choice([0, 0, 1, 1, 2])):
        k = rnd.randint(0, len(text))
        text = text[:k] + rnd.choice(BAD + [b" x ", b"\n"]) + text[k:]
    return text


def test_random(tmp, quick):
    seed = SEED or random.randrange(1, 10**9)
    rnd = random.Random(seed)
    path = os.path.join(tmp, "r.txt")
    for i in range((150 if quick else 600) // SAMPLE):
        text = random_text(rnd)
        with open(path, "wb") as f:
            f.write(text)
        piece = rnd.randint(1, 40)
        one = run(["--threads", "1", "-f", path])
        got = run(["--threads", "4", "-f", path], piece=piece)
        if not check(got == one, "seed %d, text %d (%r), pieces of %d: file "
                     "%r, one thread %r" % (seed, i, text, piece, got, one)):
            break
        one = run(["--threads", "1"], data=text)
        got = run(["--threads", "4"], data=text, piece=piece)
        if not check(got == one, "seed %d, text %d (%r), pieces of %d: pipe "
                     "%r, one thread %r" % (seed, i, text, piece, got, one)):
            break
        # The same text, one shelf a line.
        args = rnd.choice([["--batch"], ["--batch", "-k"],
                           ["--batch", "-k", "--json"]])
        one = run(args + ["--threads", "1", "-f", path])
        got = run(args + ["--threads", "4", "-f", path], piece=piece * 4)
        if not check(got == one, "seed %d, text %d (%r), %s, pieces of %d: "
                     "%r, one thread %r" % (seed, i, text, args, piece * 4,
                                            got, one)):
            break
