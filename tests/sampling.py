"""sampling.py - one case in K, for the tests that a slow wrapper such as
valgrind runs (--sample K): the cases whose place in the list leaves
SHELF_TEST_SEED's remainder when divided by K, so that another seed
samples another part."""

import os


def sampler(every, what):
    """A test of a case's place k: whether it is in the sample. Says which
    places are taken when every > 1; `what` names the cases."""
    seed = int(os.environ.get("SHELF_TEST_SEED", "11"))
    if every > 1:
        print("one %s in %d: those at places %d, %d, ... (SHELF_TEST_SEED=%d)" %
              (what, every, seed % every, seed % every + every, seed))
    return lambda k: k % every == seed % every
