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


class DifferencesExplained(unittest.TestCase):
    def test_bytes_another_run_also_changes_are_explained(self):
        original = [b"\x01\x02\x8b"]
        # vload_private_ulong3: the translation reads 0x00 past the array, the reference
        # translator 0x11: both differ from the original there, so the byte is undetermined.
        self.assertTrue(
            run_kernels.differences_explained(original, [b"\x01\x02\x00"], [b"\x01\x02\x11"])
        )

    def test_a_byte_only_the_translation_changes_is_not(self):
        original = [b"\x01\x02\x8b"]
        self.assertFalse(
            run_kernels.differences_explained(original, [b"\x09\x02\x00"], [b"\x01\x02\x11"])
        )

    def test_no_difference_in_the_other_run_explains_nothing(self):
        original = [b"\x01\x02"]
        self.assertFalse(run_kernels.differences_explained(original, [b"\x01\x00"], original))


if __name__ == "__main__":
    unittest.main()
