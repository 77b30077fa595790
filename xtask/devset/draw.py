#!/usr/bin/env python3
"""Draw the dev-set samples: paths uniformly from a pool with a fixed seed.
The order printed is the draw order; files are fetched in that order, so any prefix of it
is itself a uniform sample (what the measurement uses if fetching stops early).

    python3 draw.py          # t7  (session 13): 180 of pool_listing.pool()
    python3 draw.py t8a      # t8a (session 14): all 83 of pool_listing_t8a.pool8a()
    python3 draw.py t8b      # t8b (session 14): 110 of pool_listing_t8b.pool8b()
    python3 draw.py t9a      # t9a (session 15): every path found, in fetch order
    python3 draw.py t9b      # t9b (session 15): all 77 of pool_listing_t9b.pool9b(), in discovery order"""
import random
import sys

import pool_listing

SEED = 20261127
COUNT = 180


def draw_t7():
    return random.Random(SEED).sample(pool_listing.pool(), COUNT)


def draw_t8b():
    """t8b: test/DebugInfo and test/extensions paths outside t7's pool (pool_listing_t8b.py)."""
    import pool_listing_t8b

    return random.Random(20261129).sample(sorted(pool_listing_t8b.pool8b()), 110)


# t8a (session 14, devset8a): the non-DebugInfo, non-extension folders t7's pool missed
# (pool_listing_t8a.py). The pool holds fewer than 110 paths, so the draw is all of it in a
# seeded order (any prefix of it is still a uniform sample of the pool).
SEED_T8A = 20261128
COUNT_T8A = 110


def draw_t8a():
    import pool_listing_t8a

    pool = sorted(pool_listing_t8a.pool8a())
    return random.Random(SEED_T8A).sample(pool, min(COUNT_T8A, len(pool)))


def draw_t9a():
    """t9a (session 15, devset9a): not a draw — every path found by name in the part of
    `test/transcoding` no listing reaches (pool_listing_t9a.py), in fetch order."""
    import pool_listing_t9a

    return pool_listing_t9a.pool9a()


def draw_t9b():
    """t9b: the paths found by name (pool_listing_t9b.py); no draw — the whole pool, in the order
    the discovery found and fetched them (the local names' NNN)."""
    import pool_listing_t9b

    return pool_listing_t9b.pool9b()


DRAWS = {
    "t7": draw_t7,
    "t8a": draw_t8a,
    "t8b": draw_t8b,
    "t9a": draw_t9a,
    "t9b": draw_t9b,
}

if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "t7"
    for i, path in enumerate(DRAWS[which]()):
        print(f"{i:03d}\t{path}")
