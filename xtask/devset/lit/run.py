#!/usr/bin/env python3
"""Runs llvm-spirv's own lit tests (RUN and CHECK lines verbatim) with a chosen llvm-spirv.

usage: run.py --tool spirvkit|llvm-spirv-15 [--bin PATH] [--work DIR] [-j N] TESTDIR OUT

--tool spirvkit      `llvm-spirv` is a link to spirvkit (default target/release/spirvkit,
                     or --bin), so spirvkit runs as its llvm-spirv personality.
--tool llvm-spirv-15 `llvm-spirv` is /usr/bin/llvm-spirv-15 (calibration: the tests are
                     written for llvm-spirv HEAD).

The other tools the RUN lines call are links too: spirv-val / spirv-dis / spirv-as /
spirv-link to .venv/bin (SPIRV-Tools 2025.5), llvm-as / llvm-dis / opt / FileCheck / not /
count / llc / llvm-dwarfdump / llvm-objdump to /usr/lib/llvm-22/bin (for llvm-spirv-15:
llvm-as / llvm-dis / opt / llc / ... from /usr/lib/llvm-15/bin, the LLVM it reads). Then
/usr/lib/llvm-22/bin/lit runs TESTDIR with xtask/devset/lit/lit.cfg.py.

OUT gets one line per test: `file<TAB>result<TAB>kind<TAB>detail`, where result is lit's
(PASS, FAIL, UNSUPPORTED, XFAIL, XPASS, UNRESOLVED) and, for a FAIL, kind names the first
failing RUN line:
  text-check      FileCheck on llvm-spirv's text (-spirv-text / -to-text output)
  dis-check       FileCheck on SPIRV-Tools' disassembly (spirv-dis / --spirv-tools-dis)
  spirv-val       spirv-val rejects (or `not spirv-val` accepts) the module
  reverse-check   FileCheck on the reverse translation (llvm-spirv -r, then llvm-dis)
  reverse         llvm-spirv -r itself fails
  forward         forward llvm-spirv fails (refused or crashed)
  negative        `not llvm-spirv ...`: it succeeded, or its message does not match
  option          llvm-spirv does not know an option of the line
  other           anything else (llvm-as rejects the input, a text->binary step, ...)
detail is `line N: <the RUN line> | <first line of the command's stderr>`.
The last line is `summary: tests N pass P fail F unsupported U xfail X` followed by
`fail kinds: kind=count ...`.

Python standard library only.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
LLVM15_BIN = Path("/usr/lib/llvm-15/bin")
LIT = LLVM_BIN / "lit"
VENV_BIN = REPO / ".venv" / "bin"
LLVM_TOOLS = ["llvm-as", "llvm-dis", "opt", "FileCheck", "not", "count", "llc",
              "llvm-dwarfdump", "llvm-objdump", "llvm-readobj", "llvm-readelf", "llvm-link"]
SPIRV_TOOLS = ["spirv-val", "spirv-dis", "spirv-as", "spirv-link"]


def make_tools(tools_dir, tool, binary):
    if tools_dir.exists():
        shutil.rmtree(tools_dir)
    tools_dir.mkdir(parents=True)
    if tool == "spirvkit":
        target = Path(binary).resolve()
    else:
        target = Path("/usr/bin/llvm-spirv-15")
    if not target.exists():
        sys.exit(f"run.py: {target} does not exist")
    (tools_dir / "llvm-spirv").symlink_to(target)
    for name in SPIRV_TOOLS:
        (tools_dir / name).symlink_to(VENV_BIN / name)
    # llvm-spirv-15 reads LLVM 15 bitcode only, so its calibration run assembles and
    # disassembles with LLVM 15's tools (FileCheck, not and count stay LLVM 22's).
    llvm_bin = LLVM_BIN if tool == "spirvkit" else LLVM15_BIN
    for name in LLVM_TOOLS:
        source = llvm_bin / name
        if name in ("FileCheck", "not", "count") or not source.exists():
            source = LLVM_BIN / name
        if source.exists():
            (tools_dir / name).symlink_to(source)


def write_site_config(work, testdir, tools_dir):
    cfg = work / "lit.site.cfg.py"
    cfg.write_text(
        "# Written by xtask/devset/lit/run.py\n"
        f"config.lit17_tools_dir = {str(tools_dir)!r}\n"
        f"config.test_source_root = {str(testdir)!r}\n"
        f"config.test_exec_root = {str(work / 'out')!r}\n"
        f"lit_config.load_config(config, {str(REPO / 'xtask/devset/lit/lit.cfg.py')!r})\n"
    )


def run_lines(text):
    """(line number, command) for each RUN line, continuation lines joined."""
    out = []
    pending = None
    for number, line in enumerate(text.splitlines(), 1):
        m = re.search(r"\bRUN:(.*)$", line)
        if not m:
            continue
        body = m.group(1).strip()
        if pending is not None:
            start, acc = pending
            acc = acc + " " + body
        else:
            start, acc = number, body
        if acc.endswith("\\"):
            pending = (start, acc[:-1].rstrip())
        else:
            out.append((start, acc))
            pending = None
    return out


def unwrap_if(cmd):
    m = re.match(r"%if\s+[\w-]+\s+%\{(.*)%\}\s*$", cmd)
    return m.group(1).strip() if m else cmd


def output_file(cmd):
    m = re.search(r"(?:^|\s)-o[= ]?\s*(\S+)", cmd)
    return m.group(1) if m else None


def filecheck_input(cmd):
    m = re.search(r"FileCheck.*?(?:<\s*|--input-file[= ]\s*)(\S+)", cmd)
    if m:
        return m.group(1)
    m = re.search(r"<\s*(\S+)\s+FileCheck", cmd)
    return m.group(1) if m else None


def producer_kind(segment):
    """What a command producing FileCheck's input is."""
    if "llvm-dis" in segment or re.search(r"llvm-spirv\b.*\s-r\b", segment):
        return "reverse-check"
    if "spirv-dis" in segment or "--spirv-tools-dis" in segment:
        return "dis-check"
    if re.search(r"-(?:spirv-text|to-text)\b", segment):
        return "text-check"
    return None


def classify(cmd, earlier, stderr):
    cmd = unwrap_if(cmd)
    first = cmd.split("|")[0].strip()
    tool = re.sub(r"^not\s+(--crash\s+)?", "", first).split(" ")[0]
    if tool == "llvm-spirv" and re.search(
            r"Unknown command line argument|is not supported by spirvkit", stderr):
        return "option"
    if re.match(r"(not\s+)?spirv-val\b", first):
        return "spirv-val"
    if re.match(r"not\s+(--crash\s+)?llvm-spirv\b", first):
        return "negative"
    if "FileCheck" in cmd:
        segments = [s.strip() for s in cmd.split("|")]
        if len(segments) > 1:
            kind = producer_kind(" | ".join(segments[:-1]))
            if kind:
                return kind
        source = filecheck_input(cmd)
        if source:
            for _, prev in reversed(earlier):
                prev = unwrap_if(prev)
                if output_file(prev) == source or (source.endswith(".ll") and
                                                   "llvm-dis" in prev and
                                                   source[:-3] + ".bc" in prev):
                    return producer_kind(prev) or "other"
        return "other"
    if re.match(r"llvm-spirv\b", first):
        if re.search(r"\s-r\b", first):
            return "reverse"
        if re.search(r"-to-binary\b|-to-text\b", first):
            return "other"
        return "forward"
    if re.match(r"llvm-dis\b", first) and "FileCheck" not in cmd:
        return "reverse"
    return "other"


def failing_line(output):
    """The line number of the last `RUN: at line N` marker before the failure."""
    lines = re.findall(r"# RUN: at line (\d+)", output)
    return int(lines[-1]) if lines else None


def first_stderr_line(output):
    # lit's external-shell-free trace: '# | message' lines inside the command's output box.
    tail = output.split("# RUN: at line")[-1]
    for line in tail.splitlines():
        line = line.strip()
        if line.startswith("# | "):
            text = line[4:].strip()
            if text:
                return text[:240]
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tool", choices=["spirvkit", "llvm-spirv-15"], required=True)
    ap.add_argument("--bin", default=str(REPO / "target/release/spirvkit"))
    ap.add_argument("--work", default=None)
    ap.add_argument("-j", "--jobs", default="2")
    ap.add_argument("testdir")
    ap.add_argument("out")
    args = ap.parse_args()

    testdir = Path(args.testdir).resolve()
    work = Path(args.work or f"/tmp/lit17-{args.tool}").resolve()
    work.mkdir(parents=True, exist_ok=True)
    tools_dir = work / "tools"
    make_tools(tools_dir, args.tool, args.bin)
    write_site_config(work, testdir, tools_dir)
    results = work / "results.json"
    if results.exists():
        results.unlink()
    env = dict(os.environ)
    subprocess.run([str(LIT), "-q", "-j", args.jobs, "-o", str(results),
                    str(work)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not results.exists():
        sys.exit("run.py: lit wrote no results")
    data = json.loads(results.read_text())

    rows = []
    counts = Counter()
    kinds = Counter()
    for test in sorted(data.get("tests", []), key=lambda t: t["name"]):
        name = test["name"].split(" :: ", 1)[-1]
        code = test["code"]
        counts[code] += 1
        kind, detail = "", ""
        if code in ("FAIL", "TIMEOUT", "UNRESOLVED"):
            output = test.get("output", "")
            source = (testdir / name).read_text(errors="replace")
            lines = run_lines(source)
            number = failing_line(output)
            cmd = next((c for n, c in lines if n == number), "")
            earlier = [(n, c) for n, c in lines if number is not None and n < number]
            stderr = first_stderr_line(output)
            kind = classify(cmd, earlier, output) if code == "FAIL" else code.lower()
            kinds[kind] += 1
            detail = f"line {number}: {cmd[:200]} | {stderr}"
        rows.append(f"{name}\t{code}\t{kind}\t{detail}")
    total = sum(counts.values())
    rows.append(
        f"summary: tests {total} pass {counts['PASS']} fail {counts['FAIL']} "
        f"unsupported {counts['UNSUPPORTED']} xfail {counts['XFAIL']} "
        f"xpass {counts['XPASS']} unresolved {counts['UNRESOLVED']} timeout {counts['TIMEOUT']}")
    rows.append("fail kinds: " + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
    Path(args.out).write_text("\n".join(rows) + "\n")
    print(rows[-2])
    print(rows[-1])


if __name__ == "__main__":
    main()
