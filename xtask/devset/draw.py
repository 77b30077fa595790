#!/usr/bin/env python3
"""Draw the dev-set samples: paths uniformly from a pool with a fixed seed.
The order printed is the draw order; files are fetched in that order, so any prefix of it
is itself a uniform sample (what the measurement uses if fetching stops early).

    python3 draw.py          # t7  (session 13): 180 of pool_listing.pool()
    python3 draw.py t8a      # t8a (session 14): all 83 of pool_listing_t8a.pool8a()
    python3 draw.py t8b      # t8b (session 14): 110 of pool_listing_t8b.pool8b()
    python3 draw.py t9a      # t9a (session 15): every path found, in fetch order
    python3 draw.py t9b      # t9b (session 15): all 77 of pool_listing_t9b.pool9b(), in discovery order
    python3 draw.py t10a     # t10a (session 16): first half of the listed paths t7/t8b never drew
    python3 draw.py t10b     # t10b (session 16): second half of them"""
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


# t10a / t10b (session 16): the paths of t7's and t8b's pools that their draws did not take
# (306 + 32 = 338, all reachable by one read each), shuffled once with a fixed seed and cut in
# two halves, one per helper; each half is fetched in draw order, so any prefix of it is a
# uniform sample of the undrawn listed paths.
SEED_T10 = 20261201


def undrawn_listed_paths():
    import pool_listing_t8b

    undrawn = (set(pool_listing.pool()) - set(draw_t7())) | (
        set(pool_listing_t8b.pool8b()) - set(draw_t8b())
    )
    order = sorted(undrawn)
    random.Random(SEED_T10).shuffle(order)
    return order


def draw_t10a():
    order = undrawn_listed_paths()
    return order[: len(order) // 2]


def draw_t10b():
    order = undrawn_listed_paths()
    return order[len(order) // 2 :]


DRAWS = {
    "t7": draw_t7,
    "t8a": draw_t8a,
    "t8b": draw_t8b,
    "t9a": draw_t9a,
    "t9b": draw_t9b,
    "t10a": draw_t10a,
    "t10b": draw_t10b,
}

if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "t7"
    for i, path in enumerate(DRAWS[which]()):
        print(f"{i:03d}\t{path}")
