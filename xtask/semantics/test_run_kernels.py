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


class DifferingBytes(unittest.TestCase):
    def test_offsets_per_buffer(self):
        a = [b"\x00\x01\x02", b"\x05"]
        b = [b"\x00\x09\x02", b"\x06"]
        self.assertEqual(run_kernels.differing_bytes(a, b), {(0, 1), (1, 0)})

    def test_a_length_change_is_not_a_set_of_bytes(self):
        self.assertIsNone(run_kernels.differing_bytes([b"\x00"], [b"\x00\x00"]))


if __name__ == "__main__":
    unittest.main()
