"""Batch runs over many files: ``python -m spirvkit.batch {validate,translate,optimize}
DIR_OR_GLOB [--target-env ENV] [--passes FLAGS] [--engine local|ray] [-j N] -o OUT.parquet``.

``local`` spreads files over a process pool on this machine; ``ray`` reads them with
``ray.data.read_binary_files`` and runs spirvkit in ``map_batches`` on a Ray cluster
(``RAY_ADDRESS``) or, when none is set, on a local Ray started with ``num_cpus=N``. Both write
one Parquet file with a row per input: ``path``, ``valid``, ``diagnostics`` (a list of
structs) and, for ``translate`` and ``optimize``, ``output`` (the SPIR-V bytes). A progress
bar is shown on a terminal only (for Ray, drawn by the driver as results come back).
"""

from __future__ import annotations

import argparse
import glob
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence

import spirvkit

EXTENSIONS = {
    "validate": (".spv",),
    "translate": (".bc", ".bc32", ".bc64", ".ll"),
    "optimize": (".spv",),
}

#: Commands whose rows carry the output bytes.
WITH_OUTPUT = ("translate", "optimize")


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


def run_one(
    command: str, path: str, data: bytes, target_env: str, passes: Sequence[str]
) -> Dict[str, Any]:
    """The row of one input: what both engines compute for a file's bytes."""
    output: Optional[bytes] = None
    try:
        if command == "validate":
            problems = spirvkit.validate(data, target_env=target_env)
        elif command == "translate":
            output = spirvkit.translate(data)
            problems = []
        else:
            output = spirvkit.optimize(data, passes, target_env=target_env)
            problems = []
    except spirvkit.SpirvkitError as e:
        problems = e.diagnostics
    row: Dict[str, Any] = {
        "path": path,
        "valid": not problems,
        "diagnostics": [_diagnostic_row(d) for d in problems],
    }
    if command in WITH_OUTPUT:
        row["output"] = output
    return row


def process(
    command: str, paths: List[str], target_env: str, passes: Sequence[str] = ()
) -> List[Dict[str, Any]]:
    """Runs one chunk of files (in a worker process of the local engine)."""
    rows = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            row: Dict[str, Any] = {
                "path": path,
                "valid": False,
                "diagnostics": [_diagnostic_row(spirvkit.Diagnostic("io.read", str(e)))],
            }
            if command in WITH_OUTPUT:
                row["output"] = None
            rows.append(row)
            continue
        rows.append(run_one(command, path, data, target_env, passes))
    return rows


def on_terminal() -> bool:
    return sys.stderr.isatty() and os.environ.get("CI") != "true"


class Progress:
    """``done/total files, rate, ETA`` on stderr when it is a terminal; silent otherwise."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.start = time.monotonic()
        self.shown = total > 1 and on_terminal()

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
    command: str, paths: List[str], target_env: str, jobs: int, passes: Sequence[str] = ()
) -> List[Dict[str, Any]]:
    chunk = max(1, min(64, len(paths) // (jobs * 8) or 1))
    chunks = [paths[i : i + chunk] for i in range(0, len(paths), chunk)]
    progress = Progress(len(paths))
    rows: List[Dict[str, Any]] = []
    # Workers are spawned, not forked: a fork would copy the native thread pool's locks in
    # whatever state another thread of this process left them.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(process, command, c, target_env, list(passes)) for c in chunks]
        for future in as_completed(futures):
            result = future.result()
            rows.extend(result)
            progress.advance(len(result))
    progress.finish()
    rows.sort(key=lambda r: r["path"])
    return rows


def schema(command: str) -> "Any":
    import pyarrow as pa

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
    if command in WITH_OUTPUT:
        fields.append(("output", pa.binary()))
    return pa.schema(fields)


def need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        sys.exit("spirvkit.batch: writing Parquet needs pyarrow (pip install './python[batch]')")


def write_parquet(rows: Iterable[Dict[str, Any]], command: str, out: str) -> None:
    need_pyarrow()
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(list(rows), schema=schema(command))
    pq.write_table(table, out)


class RayBatch:
    """The ``map_batches`` function of the Ray engine: a batch of ``path``/``bytes`` rows
    (``read_binary_files(include_paths=True)``) in, a batch of result rows out."""

    def __init__(self, command: str, target_env: str, passes: Sequence[str]) -> None:
        self.command = command
        self.target_env = target_env
        self.passes = list(passes)

    def __call__(self, batch: "Any") -> "Any":
        import pyarrow as pa

        paths = batch.column("path").to_pylist()
        datas = batch.column("bytes").to_pylist()
        rows = [
            run_one(self.command, p, d, self.target_env, self.passes)
            for p, d in zip(paths, datas)
        ]
        return pa.Table.from_pylist(rows, schema=schema(self.command))


def start_ray(num_cpus: int) -> None:
    """Connects to the cluster of ``RAY_ADDRESS``, or starts a local Ray with ``num_cpus``."""
    import logging

    import ray

    if ray.is_initialized():
        return
    quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
    if os.environ.get("RAY_ADDRESS"):
        ray.init(**quiet)
    else:
        ray.init(num_cpus=num_cpus, include_dashboard=False, **quiet)


def run_ray(
    command: str,
    inputs: Any,
    target_env: str,
    num_cpus: int,
    out: str,
    passes: Sequence[str] = (),
) -> Dict[str, float]:
    """Runs the batch on Ray and streams the result batches into one Parquet file (in input
    order). ``inputs`` is a list of files or a URI Ray reads itself (``s3://bucket/dir``)."""
    try:
        import ray
        import ray.data
    except ImportError:
        sys.exit("spirvkit.batch: --engine ray needs Ray (pip install './python[ray]')")
    need_pyarrow()
    import logging

    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    started = time.monotonic()
    start_ray(num_cpus)
    counts = {"files": 0, "invalid": 0, "startup": time.monotonic() - started}
    context = ray.data.DataContext.get_current()
    context.execution_options.preserve_order = True
    # The driver counts the rows as they come back and draws the same bar as the local
    # engine (Ray Data's own bars need tqdm, and its progress logging would fill pipes and
    # CI logs).
    logging.getLogger("ray.data").setLevel(logging.ERROR)
    context.enable_progress_bars = False
    extensions = [e.lstrip(".") for e in EXTENSIONS[command]]
    if isinstance(inputs, str):
        ds = ray.data.read_binary_files(inputs, include_paths=True, file_extensions=extensions)
    else:
        # Ray's default splits a list of small files into hundreds of read tasks, whose
        # scheduling costs more than spirvkit's work on them (999 modules: 8.8 s against 1.7 s
        # with 4 blocks on 2 CPUs): two blocks per CPU, of at most 1000 files each.
        cpus = int(ray.cluster_resources().get("CPU", 1))
        blocks = min(len(inputs), max(2 * cpus, -(-len(inputs) // 1000)))
        ds = ray.data.read_binary_files(
            inputs, include_paths=True, override_num_blocks=blocks
        )
    ds = ds.map_batches(
        RayBatch(command, target_env, passes), batch_format="pyarrow", batch_size=64
    )
    progress = Progress(0 if isinstance(inputs, str) else len(inputs))
    with pq.ParquetWriter(out, schema(command)) as writer:
        for batch in ds.iter_batches(batch_format="pyarrow", batch_size=None):
            table = batch.cast(schema(command))
            writer.write_table(table)
            counts["files"] += table.num_rows
            counts["invalid"] += table.num_rows - pc.sum(table.column("valid")).as_py()
            progress.advance(table.num_rows)
    progress.finish()
    return counts


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spirvkit.batch", description=__doc__.split("\n")[0]
    )
    parser.add_argument("command", choices=sorted(EXTENSIONS))
    parser.add_argument(
        "inputs", help="a directory (searched recursively), a glob, or (ray) a URI Ray reads"
    )
    parser.add_argument("--target-env", default="spv1.6", help="validator environment")
    parser.add_argument(
        "--passes",
        default="-O",
        help="optimize: spirv-opt's pass flags, space-separated (default -O)",
    )
    parser.add_argument(
        "--engine",
        choices=["local", "ray"],
        default="local",
        help="local: a process pool on this machine; ray: Ray Data (RAY_ADDRESS or a local Ray)",
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=os.cpu_count() or 1,
        help="local: worker processes; ray: num_cpus of the local Ray started without RAY_ADDRESS",
    )
    parser.add_argument("-o", "--output", required=True, help="Parquet file to write")
    args = parser.parse_args(argv)
    passes = args.passes.split()
    try:
        spirvkit.validate(b"", target_env=args.target_env)
    except ValueError as e:
        parser.error(f"--target-env: {e}")
    if args.command == "optimize":
        try:
            spirvkit.optimize(b"", passes, skip_validation=True)
        except ValueError as e:
            parser.error(f"--passes: {e}")
        except spirvkit.SpirvkitError:
            pass  # the flags are fine; the empty module is not
    start = time.monotonic()
    if args.engine == "ray" and "://" in args.inputs:
        counts = run_ray(
            args.command, args.inputs, args.target_env, args.jobs, args.output, passes
        )
    else:
        paths = find_inputs(args.inputs, args.command)
        if not paths:
            print(f"spirvkit.batch: no inputs match {args.inputs}", file=sys.stderr)
            return 1
        if args.engine == "ray":
            counts = run_ray(
                args.command, paths, args.target_env, args.jobs, args.output, passes
            )
        else:
            rows = run_local(args.command, paths, args.target_env, max(1, args.jobs), passes)
            write_parquet(rows, args.command, args.output)
            counts = {"files": len(rows), "invalid": sum(1 for r in rows if not r["valid"])}
    elapsed = time.monotonic() - start
    # Ray's start-up (seconds on a local Ray, none on a running cluster) is shown apart.
    startup = counts.get("startup", 0.0)
    work = max(elapsed - startup, 1e-9)
    setup = f" + {startup:.2f}s starting Ray" if startup else ""
    print(
        f"{counts['files']} files, {counts['invalid']} with problems, {work:.2f}s{setup} "
        f"({counts['files'] / work:.0f} files/s) -> {args.output}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
