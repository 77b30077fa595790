"""Tests of the semantics driver's judgement (run: python3 -m unittest discover -s xtask/semantics)."""
import unittest

import run_kernels


class OriginalReproduces(unittest.TestCase):
    def test_a_deterministic_original_reproduces(self):
        runs = []
        self.assertTrue(run_kernels.original_reproduces(lambda: runs.append(1) or b"a", b"a"))
        self.assertEqual(len(runs), run_kernels.ORIGINAL_RERUNS)

    def test_an_original_repeating_its_first_output_once_by_chance_does_not(self):
        # The first rerun repeats the first output, a later one does not: the original is
        # non-deterministic, so a translation's different output proves nothing.
        outputs = iter([b"a", b"b", b"a", b"a"])
        self.assertFalse(run_kernels.original_reproduces(lambda: next(outputs), b"a"))


if __name__ == "__main__":
    unittest.main()
