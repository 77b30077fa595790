#!/usr/bin/env python3
"""Held-out style dev-set harness for the LLVM -> SPIR-V translator (issue #18).

    devset.py run BIN OUT TESTDIR      spirvkit (`BIN translate`) on every TESTDIR/*.ll
    devset.py runllc OUT TESTDIR       LLVM's own back end (llc-22, spirv64) on the same files
    devset.py run BIN OUT TESTDIR --all-options
                                       spirvkit as `llvm-spirv` (the personality) with every
                                       option of the chosen RUN line (input, `-o` and the
                                       text-output options aside)

Each test is an upstream llvm-spirv lit test (.ll). Its first *forward* RUN line that invokes
llvm-spirv decides the options: every `--spirv-ext=` / `-spirv-ext=` list on it (joined with
commas) and a `-spirv-allow-unknown-intrinsics[=...]` if present. Files whose forward RUN lines
are all negative (`not llvm-spirv`), with no forward RUN line, or that both llvm-as-22 and
llvm-as-15 reject, are excluded (and listed as such). The output is judged by spirv-val 2025.5
(universal environment). One line per test in OUT, then a summary line.

Work files go to $DEVSET_WORK (default: a fresh temporary directory).
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 60
REPO = Path(__file__).resolve().parents[2]
SPIRV_VAL = os.environ.get("SPIRV_VAL", str(REPO / ".venv" / "bin" / "spirv-val"))
LLVM_AS = ("llvm-as-22", "llvm-as-15")
LLC = os.environ.get("LLC", "llc-22")

# Options that make an llvm-spirv invocation something other than a forward translation to a
# binary: the reverse direction, and the text forms (SPIR-V binary -> text, or text output).
NOT_FORWARD = {"-r", "--r", "-reverse", "--reverse", "-s", "-to-text", "--to-text", "-to-binary",
               "--to-binary"}
# A forward translation that writes llvm-spirv's text form: used only when the test has no
# forward translation to a binary (its options are the ones the test translates with).
TEXT_OUTPUT = {"-spirv-text", "--spirv-text"}


def run_lines(text):
    """The RUN commands of a lit test, continuation lines (`\\`) joined."""
    lines, pending = [], ""
    for raw in text.splitlines():
        m = re.match(r"^\s*;+\s*RUN:\s?(.*)$", raw)
        if not m:
            continue
        body = m.group(1).rstrip()
        if body.endswith("\\"):
            pending += body[:-1] + " "
            continue
        lines.append(pending + body)
        pending = ""
    if pending:
        lines.append(pending)
    return lines


def llvm_spirv_invocations(line):
    """(negative, tokens after `llvm-spirv`) for each pipeline stage that runs llvm-spirv."""
    out = []
    for stage in re.split(r"\|\|?|&&|;", line):
        try:
            toks = shlex.split(stage, posix=True)
        except ValueError:
            toks = stage.split()
        if "llvm-spirv" not in toks:
            continue
        i = toks.index("llvm-spirv")
        negative = any(t == "not" for t in toks[:i])
        out.append((negative, toks[i + 1:]))
    return out


def is_forward(args):
    if any(a.split("=")[0] in NOT_FORWARD for a in args):
        return False
    # The input must be the test itself or what llvm-as made of it, not a SPIR-V file.
    inputs, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif not a.startswith("-") and not a.startswith("<") and not a.startswith(">"):
            inputs.append(a)
    return not any(a.endswith((".spv", ".spt")) for a in inputs)


def options_of(args):
    """spirvkit translate options from one llvm-spirv invocation's arguments."""
    exts, allow = [], None
    it = iter(range(len(args)))
    for i in it:
        a = args[i]
        m = re.match(r"^--?spirv-ext(?:=(.*))?$", a)
        if m:
            val = m.group(1)
            if val is None and i + 1 < len(args):
                val = args[i + 1]
                next(it, None)
            if val:
                exts.append(val)
            continue
        m = re.match(r"^--?spirv-allow-unknown-intrinsics(=.*)?$", a)
        if m:
            allow = "--spirv-allow-unknown-intrinsics" + (m.group(1) or "")
    opts = []
    if exts:
        opts.append("--spirv-ext=" + ",".join(exts))
    if allow:
        opts.append(allow)
    return opts


def plan(path):
    """('run', options) or ('excluded', reason) for one test file."""
    text = path.read_text(errors="replace")
    saw_negative = False
    text_forward = None
    for line in run_lines(text):
        for negative, args in llvm_spirv_invocations(line):
            if not is_forward(args):
                continue
            if negative:
                saw_negative = True
                continue
            if any(a in TEXT_OUTPUT for a in args):
                text_forward = text_forward or args
                continue
            return "run", args
    if text_forward is not None:
        return "run", text_forward
    return "excluded", ("negative-only forward RUN" if saw_negative else "no forward RUN line")


# Options of a RUN line that `--all-options` does not pass on: the output and the text forms
# (the output must be a binary for spirv-val).
NOT_PASSED = TEXT_OUTPUT | {"-spirv-tools-dis", "--spirv-tools-dis"}


def all_options_of(args):
    """The llvm-spirv options of one invocation: everything but inputs, `-o X` and text forms."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a.startswith("-o="):
            continue
        elif a.split("=")[0] in NOT_PASSED:
            continue
        elif a.startswith("-") and a != "-":
            out.append(a)
    return out


def run_personality(binary, test, opts, work):
    """`run_spirvkit` through the llvm-spirv personality (a link named llvm-spirv)."""
    link = work / "llvm-spirv"
    if not link.exists():
        link.symlink_to(Path(binary).resolve())
    out = work / (test.stem + ".spv")
    return translate_and_validate([str(link), str(test), *opts, "-o", str(out)], out)


def llvm_as_accepts(path, work):
    for tool in LLVM_AS:
        try:
            r = subprocess.run([tool, str(path), "-o", str(work / "as.bc")],
                               capture_output=True, timeout=TIMEOUT)
            if r.returncode == 0:
                return True
        except (OSError, subprocess.TimeoutExpired):
            continue
    return False


def first_line(s):
    for line in s.splitlines():
        line = line.strip()
        if line:
            return line[:300]
    return ""


def validate(spv):
    r = subprocess.run([SPIRV_VAL, str(spv)], capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode == 0:
        return "valid", ""
    return "invalid", first_line(r.stderr + r.stdout)


def run_spirvkit(binary, test, opts, work):
    out = work / (test.stem + ".spv")
    return translate_and_validate([binary, "translate", str(test), *opts, "-o", str(out)], out)


def translate_and_validate(cmd, out):
    """Runs a translation `cmd` writing `out`, then classifies it (crash, refused, or
    spirv-val's verdict)."""
    if out.exists():
        out.unlink()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "crash", f"timeout after {TIMEOUT} s"
    if r.returncode < 0:
        return "crash", f"signal {-r.returncode}"
    if "panicked" in r.stderr:
        return "crash", first_line(r.stderr)
    if r.returncode != 0 or not out.exists():
        return "refused", first_line(r.stderr) or f"exit {r.returncode}"
    return validate(out)


LLC_UNKNOWN_EXT = re.compile(r"(?i)unknown|invalid|not (?:a )?(?:known|supported)")


def run_llc(test, opts, work):
    out = work / (test.stem + ".llc.spv")
    exts = [o.split("=", 1)[1] for o in opts if o.startswith("--spirv-ext=")]
    base = [LLC, "-mtriple=spirv64-unknown-unknown", "-filetype=obj", str(test), "-o", str(out)]
    attempts = [base + ["--spirv-ext=" + ",".join(exts)], base] if exts else [base]
    r = None
    for i, cmd in enumerate(attempts):
        if out.exists():
            out.unlink()
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return "crash", f"timeout after {TIMEOUT} s"
        # Retry without the list only when llc rejects the option itself (a name it lacks).
        if (r.returncode != 0 and i == 0 and len(attempts) > 1
                and "spirv-ext" in r.stderr and LLC_UNKNOWN_EXT.search(r.stderr)):
            continue
        break
    if r.returncode < 0 or "PLEASE submit a bug report" in r.stderr or "Stack dump" in r.stderr:
        return "crash", first_line(r.stderr) or f"signal {-r.returncode}"
    if r.returncode != 0 or not out.exists():
        return "refused", first_line(r.stderr) or f"exit {r.returncode}"
    return validate(out)


def main(argv):
    if len(argv) < 2 or argv[1] not in ("run", "runllc"):
        sys.exit(__doc__)
    mode = argv[1]
    all_options = "--all-options" in argv
    argv = [a for a in argv if a != "--all-options"]
    if mode == "run":
        if len(argv) != 5:
            sys.exit("usage: devset.py run BIN OUT TESTDIR [--all-options]")
        binary, out_path, testdir = argv[2], Path(argv[3]), Path(argv[4])
    else:
        if len(argv) != 4:
            sys.exit("usage: devset.py runllc OUT TESTDIR")
        binary, out_path, testdir = None, Path(argv[2]), Path(argv[3])
    work_env = os.environ.get("DEVSET_WORK")
    work = Path(work_env) if work_env else Path(tempfile.mkdtemp(prefix="devset-"))
    work.mkdir(parents=True, exist_ok=True)
    counts = {k: 0 for k in ("valid", "invalid", "refused", "crash", "excluded")}
    rows = []
    for test in sorted(testdir.glob("*.ll")):
        kind, info = plan(test)
        if kind == "excluded":
            cls, detail = "excluded", info
        elif not llvm_as_accepts(test, work):
            cls, detail = "excluded", "llvm-as-22 and llvm-as-15 both reject it"
        elif mode == "run" and all_options:
            opts = all_options_of(info)
            cls, detail = run_personality(binary, test, opts, work)
            detail = (" ".join(opts) + " | " if opts else "") + detail
        elif mode == "run":
            info = options_of(info)
            cls, detail = run_spirvkit(binary, test, info, work)
            detail = (" ".join(info) + " | " if info else "") + detail
        else:
            info = options_of(info)
            cls, detail = run_llc(test, info, work)
            detail = (" ".join(info) + " | " if info else "") + detail
        counts[cls] += 1
        rows.append(f"{test.name}\t{cls}\t{detail}")
        print(rows[-1], flush=True)
    measured = sum(counts[k] for k in ("valid", "invalid", "refused", "crash"))
    summary = (f"summary: measured {measured} valid {counts['valid']} invalid {counts['invalid']} "
               f"refused {counts['refused']} crash {counts['crash']} excluded {counts['excluded']}")
    out_path.write_text("\n".join(rows + [summary]) + "\n")
    print(summary)


if __name__ == "__main__":
    main(sys.argv)
