#!/usr/bin/env python3
"""Draw the t7 sample: 180 paths uniformly from the pool (pool_listing.py) with a fixed seed.
The order printed is the draw order; files are fetched in that order, so any prefix of it
is itself a uniform sample (what the measurement uses if fetching stops early)."""
import random
import pool_listing

SEED = 20261127
COUNT = 180

def draw_t7():
    return random.Random(SEED).sample(pool_listing.pool(), COUNT)


# t8a (session 14, devset8a): the non-DebugInfo, non-extension folders t7's pool missed
# (pool_listing_t8a.py). The pool holds fewer than 110 paths, so the draw is all of it in a
# seeded order (any prefix of it is still a uniform sample of the pool).
SEED_T8A = 20261128
COUNT_T8A = 110


def draw_t8a():
    import pool_listing_t8a

    pool = sorted(pool_listing_t8a.pool8a())
    return random.Random(SEED_T8A).sample(pool, min(COUNT_T8A, len(pool)))


if __name__ == "__main__":
    import sys

    draw = draw_t8a if sys.argv[1:] == ["t8a"] else draw_t7
    for i, path in enumerate(draw()):
        print(f"{i:03d}\t{path}")
