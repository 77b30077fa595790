#!/usr/bin/env python3
"""Copies lit test files keeping only their forward RUN commands (for run.py).

usage: forward_only.py SRC_DIR DST_DIR

A test's RUN lines (a command continued with a trailing backslash is one command) are
dropped when they reverse-translate or consume a reverse translation: `-r` / `--r` /
`-reverse` among the llvm-spirv arguments, a `%t.rev*` / `%t.r.*` / `*.rev.*` file, `llc`,
`llvm-dwarfdump`, `llvm-objdump`, or `--spirv-target-env` (a reverse-only option). Every
other line (CHECK and code lines included) is kept verbatim, so line numbers in FileCheck
messages still point into the original file; a dropped RUN line becomes `; (dropped RUN)`.
What remains measures the forward translation and its `-spirv-text` / `spirv-dis` output
alone, which the reverse translation's failures otherwise hide. Python standard library
only.
"""

import re
import sys
from pathlib import Path

REVERSE = re.compile(
    r"(\s-{1,2}r(\s|$)|\s-{1,2}reverse\b|%t\.rev|%t\.r\.|\.rev\.|\bllc\b|llvm-dwarfdump|"
    r"llvm-objdump|--?spirv-target-env)"
)


def forward_only(text: str) -> str:
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if "RUN:" not in line:
            out.append(line)
            i += 1
            continue
        # One command: this line and its backslash continuations.
        group = [line]
        while group[-1].rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            group.append(lines[i])
        i += 1
        command = " ".join(g.split("RUN:", 1)[-1].rstrip().rstrip("\\") for g in group)
        if REVERSE.search(" " + command):
            out.extend("; (dropped RUN)" for _ in group)
        else:
            out.extend(group)
    return "\n".join(out)


def main() -> None:
    src, dst = Path(sys.argv[1]), Path(sys.argv[2])
    dst.mkdir(parents=True, exist_ok=True)
    for f in sorted(src.iterdir()):
        if f.is_file():
            text = f.read_text(errors="surrogateescape")
            (dst / f.name).write_text(forward_only(text), errors="surrogateescape")


if __name__ == "__main__":
    main()
