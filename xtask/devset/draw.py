#!/usr/bin/env python3
"""Draw the t7 sample: 180 paths uniformly from the pool (pool_listing.py) with a fixed seed.
The order printed is the draw order; files are fetched in that order, so any prefix of it
is itself a uniform sample (what the measurement uses if fetching stops early)."""
import random
import pool_listing

SEED = 20261127
COUNT = 180

if __name__ == "__main__":
    for i, path in enumerate(random.Random(SEED).sample(pool_listing.pool(), COUNT)):
        print(f"{i:03d}\t{path}")
