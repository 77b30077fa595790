#!/usr/bin/env python3
"""The DebugInfo tests of the dev sets, translated in each debug-info format.

Usage: di_formats.py [--untyped] BIN OUT DIR[:SAMPLES_TSV] ...
For each DIR (a dev-set folder such as /work/devset/t7) with its samples TSV (by default the
one devset.py's naming implies: t7 -> samples.tsv, tX -> samples_tX.tsv), every sampled
file whose repository path has a `DebugInfo/` component is translated with the `--spirv-ext`
list of its RUN line (devset.py's plan) and `--spirv-debug-info-version=V` for V in ocl-100,
nonsemantic-shader-100, nonsemantic-shader-200, nonsemantic-kernel-100 (session 17), legacy,
then judged by spirv-val. One line
per (file, format) in OUT, then one summary line per format. `--untyped` adds
`+SPV_KHR_untyped_pointers` to every extension list.
"""
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402

FORMATS = [
    "ocl-100",
    "nonsemantic-shader-100",
    "nonsemantic-shader-200",
    "nonsemantic-kernel-100",
    "legacy",
]


def samples_of(folder, tsv):
    here = Path(__file__).resolve().parent
    if tsv is None:
        name = folder.name
        tsv = here / ("samples.tsv" if name == "t7" else f"samples_{name}.tsv")
    out = []
    for row in Path(tsv).read_text().splitlines():
        cols = row.split("\t")
        if len(cols) >= 3 and ("DebugInfo/" in cols[2] or "/debug-info/" in cols[2]):
            out.append(folder / cols[1])
    return out


def llc_plan(test, kind, reason):
    """LLVM's back end tests (no llvm-spirv RUN line): the `--spirv-ext` of the first llc line."""
    for line in devset.run_lines(test.read_text(errors="replace")):
        toks = line.split()
        if "llc" in toks:
            return "run", devset.options_of(toks[toks.index("llc") + 1:])
    return kind, reason


def with_untyped(opts):
    """`opts` with +SPV_KHR_untyped_pointers in (or as) its --spirv-ext list."""
    out, done = [], False
    for o in opts:
        if o.startswith("--spirv-ext="):
            o, done = o + ",+SPV_KHR_untyped_pointers", True
        out.append(o)
    return out if done else [*out, "--spirv-ext=+SPV_KHR_untyped_pointers"]


def main(argv):
    untyped = bool(argv) and argv[0] == "--untyped"
    if untyped:
        argv = argv[1:]
    binary, out_path, dirs = argv[0], argv[1], argv[2:]
    work = Path(os.environ.get("DEVSET_WORK") or tempfile.mkdtemp())
    lines, counts = [], {f: {} for f in FORMATS}
    for spec in dirs:
        folder, _, tsv = spec.partition(":")
        for test in samples_of(Path(folder), tsv or None):
            if not test.exists():
                continue
            kind, opts = devset.plan(test)
            if kind == "run":
                # plan() gives the RUN line's llvm-spirv arguments; translate takes its options.
                opts = devset.options_of(opts)
            else:
                kind, opts = llc_plan(test, kind, opts)
            if kind == "run" and untyped:
                opts = with_untyped(opts)
            for fmt in FORMATS:
                if kind != "run":
                    cls, msg = "excluded", opts
                else:
                    cls, msg = devset.run_spirvkit(
                        binary, test, [*opts, f"--spirv-debug-info-version={fmt}"], work)
                counts[fmt][cls] = counts[fmt].get(cls, 0) + 1
                lines.append(f"{Path(folder).name}/{test.name}\t{fmt}\t{cls}\t{msg}")
    for fmt in FORMATS:
        c = counts[fmt]
        lines.append(f"summary {fmt}: " + " ".join(f"{k} {v}" for k, v in sorted(c.items())))
    Path(out_path).write_text("\n".join(lines) + "\n")
    print("\n".join(l for l in lines if l.startswith("summary")))


if __name__ == "__main__":
    main(sys.argv[1:])
