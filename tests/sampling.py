"""sampling.py - one case in K, for the tests that a slow wrapper such as
valgrind runs (--sample K), and for the runs LeakSanitizer checks
(leak_check.py): the places that leave SHELF_TEST_SEED's remainder (plus
an offset) when divided by K, so that another seed samples another part."""

import os


def sampler(every, what, offset=0):
    """A test of a place k: whether it is in the sample. Says which places
    are taken when every > 1; `what` names what is counted. Samples of
    different offsets under one seed never meet where one K divides the
    other: leak_check.py takes offset 1, so that LeakSanitizer and valgrind
    look at different cases."""
    given = os.environ.get("SHELF_TEST_SEED")
    seed = int(given or "11")
    first = (seed + offset) % every
    if every > 1:
        print("one %s in %d: those at places %d, %d, ... (SHELF_TEST_SEED=%s)"
              % (what, every, first, first + every,
                 given if given else "unset, so 11"), flush=True)
    return lambda k: k % every == first
