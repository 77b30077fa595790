"""Batch runs over many files: ``python -m spirvkit.batch {validate,translate} DIR_OR_GLOB
[--target-env ENV] [--engine local] [-j N] -o OUT.parquet``.

The ``local`` engine spreads files over a process pool on this machine. The Parquet file has
one row per input: ``path``, ``valid``, ``diagnostics`` (a list of structs) and, for
``translate``, ``output`` (the SPIR-V bytes). A progress line with rate and ETA is shown on
a terminal only.
"""

from __future__ import annotations

import argparse
import glob
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Dict, Iterable, List, Optional

import spirvkit

EXTENSIONS = {
    "validate": (".spv",),
    "translate": (".bc", ".bc32", ".bc64", ".ll"),
}


def find_inputs(pattern: str, command: str) -> List[str]:
    """Files of a directory (recursively, by the command's extensions) or of a glob."""
    if os.path.isdir(pattern):
        found = []
        for root, _dirs, files in os.walk(pattern):
            for name in files:
                if name.endswith(EXTENSIONS[command]):
                    found.append(os.path.join(root, name))
        return sorted(found)
    return sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))


def _diagnostic_row(d: spirvkit.Diagnostic) -> Dict[str, Any]:
    return {
        "code": d.code,
        "message": d.message,
        "word_offset": d.word_offset,
        "instruction_index": d.instruction_index,
        "line": d.line,
        "column": d.column,
        "instruction": d.instruction,
    }


def process(command: str, paths: List[str], target_env: str) -> List[Dict[str, Any]]:
    """Runs one chunk of files (in a worker process)."""
    rows = []
    for path in paths:
        output: Optional[bytes] = None
        try:
            with open(path, "rb") as f:
                data = f.read()
            if command == "validate":
                problems = spirvkit.validate(data, target_env=target_env)
            else:
                output = spirvkit.translate(data)
                problems = []
        except spirvkit.SpirvkitError as e:
            problems = e.diagnostics
        except OSError as e:
            problems = [spirvkit.Diagnostic(code="io.read", message=str(e))]
        row: Dict[str, Any] = {
            "path": path,
            "valid": not problems,
            "diagnostics": [_diagnostic_row(d) for d in problems],
        }
        if command == "translate":
            row["output"] = output
        rows.append(row)
    return rows


class Progress:
    """``done/total files, rate, ETA`` on stderr when it is a terminal; silent otherwise."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.start = time.monotonic()
        self.shown = total > 1 and sys.stderr.isatty() and os.environ.get("CI") != "true"

    def advance(self, n: int) -> None:
        self.done += n
        if not self.shown:
            return
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        width = 30
        filled = width * self.done // max(self.total, 1)
        sys.stderr.write(
            f"\r{'#' * filled}{'-' * (width - filled)} {self.done}/{self.total} files"
            f"  {rate:.0f} files/s  ETA {eta:.0f}s "
        )
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()


def run_local(
    command: str, paths: List[str], target_env: str, jobs: int
) -> List[Dict[str, Any]]:
    chunk = max(1, min(64, len(paths) // (jobs * 8) or 1))
    chunks = [paths[i : i + chunk] for i in range(0, len(paths), chunk)]
    progress = Progress(len(paths))
    rows: List[Dict[str, Any]] = []
    # Workers are spawned, not forked: a fork would copy the native thread pool's locks in
    # whatever state another thread of this process left them.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(process, command, c, target_env) for c in chunks]
        for future in as_completed(futures):
            result = future.result()
            rows.extend(result)
            progress.advance(len(result))
    progress.finish()
    rows.sort(key=lambda r: r["path"])
    return rows


def write_parquet(rows: Iterable[Dict[str, Any]], command: str, out: str) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        sys.exit("spirvkit.batch: writing Parquet needs pyarrow (pip install './python[batch]')")
    diagnostic = pa.struct(
        [
            ("code", pa.string()),
            ("message", pa.string()),
            ("word_offset", pa.int64()),
            ("instruction_index", pa.int64()),
            ("line", pa.int64()),
            ("column", pa.int64()),
            ("instruction", pa.string()),
        ]
    )
    fields = [
        ("path", pa.string()),
        ("valid", pa.bool_()),
        ("diagnostics", pa.list_(diagnostic)),
    ]
    if command == "translate":
        fields.append(("output", pa.binary()))
    table = pa.Table.from_pylist(list(rows), schema=pa.schema(fields))
    pq.write_table(table, out)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spirvkit.batch", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=sorted(EXTENSIONS))
    parser.add_argument("inputs", help="a directory (searched recursively) or a glob")
    parser.add_argument("--target-env", default="spv1.6", help="validator environment")
    parser.add_argument(
        "--engine",
        choices=["local"],
        default="local",
        help="local: a process pool on this machine",
    )
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("-o", "--output", required=True, help="Parquet file to write")
    args = parser.parse_args(argv)
    paths = find_inputs(args.inputs, args.command)
    if not paths:
        print(f"spirvkit.batch: no inputs match {args.inputs}", file=sys.stderr)
        return 1
    start = time.monotonic()
    rows = run_local(args.command, paths, args.target_env, max(1, args.jobs))
    write_parquet(rows, args.command, args.output)
    elapsed = time.monotonic() - start
    invalid = sum(1 for r in rows if not r["valid"])
    print(
        f"{len(rows)} files, {invalid} with problems, {elapsed:.2f}s "
        f"({len(rows) / max(elapsed, 1e-9):.0f} files/s) -> {args.output}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
