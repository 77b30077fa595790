#!/usr/bin/env python3
"""Debug information through forward and reverse translation.

Usage:
  di_roundtrip.py BIN OUT devset DIR[:SAMPLES_TSV] ...   the dev sets' DebugInfo tests
  di_roundtrip.py BIN OUT clang22 CORPUS STEP           every STEP-th corpus .cl, clang-22 -g -O0|-O2
  di_roundtrip.py BIN OUT llvm-spirv15 CORPUS STEP      same with clang-15 -g and llvm-spirv-15's SPIR-V

Each input is translated (`spirvkit translate`, the test's `--spirv-ext`, each
`--spirv-debug-info-version`; the llvm-spirv15 mode uses llvm-spirv-15's own output), judged by
spirv-val, then translated back (`translate -r`) as bitcode (read by `llvm-dis-15` and
`opt-15 -passes=verify`, counted with `llvm-dis-22`) and as opaque-pointer text
(`--spirv-target-env SPV-IR`, `opt-22 -passes=verify`). The debug content is counted before
and after: DISubprogram, DILocalVariable, DIGlobalVariable nodes, distinct DILocation lines and
variable records (`#dbg_*` / `llvm.dbg.*` calls). One line per (input, format), then totals.
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import devset  # noqa: E402
import di_formats  # noqa: E402

FORMATS = di_formats.FORMATS
TIMEOUT = 120
KEYS = ["sp", "lv", "gv", "lines", "records"]


def run(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return False, "timeout"
    if r.returncode < 0 or "panicked" in r.stderr:
        return False, "crash: " + (devset.first_line(r.stderr) or f"signal {-r.returncode}")
    if r.returncode != 0:
        return False, devset.first_line(r.stderr) or f"exit {r.returncode}"
    # LLVM drops debug info it finds invalid with a warning rather than failing.
    if "invalid debug info" in r.stderr:
        return False, "invalid debug info: " + devset.first_line(r.stderr)
    return True, r.stdout


def counts(text):
    """Debug content of an LLVM module's text (any LLVM version)."""
    lines = set(re.findall(r"!DILocation\(line: (\d+)", text))
    return {
        "sp": len(re.findall(r"!DISubprogram\(", text)),
        "lv": len(re.findall(r"!DILocalVariable\(", text)),
        "gv": len(re.findall(r"!DIGlobalVariable\(", text)),
        "lines": len(lines),
        "records": len(re.findall(r"#dbg_(?:value|declare)\(|call void @llvm\.dbg\.(?:value|declare)\(", text)),
    }


def spirv_counts(spv):
    """The same content in the SPIR-V (spirv-dis), to tell the forward's losses from the
    reverse's."""
    ok, text = run([str(Path(devset.SPIRV_VAL).with_name("spirv-dis")), str(spv)])
    if not ok:
        return None
    return {
        "sp": len(re.findall(r" DebugFunction(?:Declaration)? ", text)),
        "lv": len(re.findall(r" DebugLocalVariable ", text)),
        "gv": len(re.findall(r" DebugGlobalVariable ", text)),
        "lines": -1,
        "records": len(re.findall(r" Debug(?:Value|Declare) ", text)),
    }


def reverse(binary, spv, work, name):
    """(verdict, counts of the reverse output)."""
    bc = work / f"{name}.r.bc"
    ok, msg = run([binary, "translate", "-r", str(spv), "-o", str(bc)])
    if not ok:
        return "reverse-refused: " + msg, None
    for cmd in (["llvm-dis-15", str(bc), "-o", "/dev/null"],
                ["opt-15", "-passes=verify", str(bc), "-o", "/dev/null"]):
        ok, msg = run(cmd)
        if not ok:
            return f"{cmd[0]}: {msg}", None
    ok, text = run(["llvm-dis-22", str(bc), "-o", "-"])
    if not ok:
        return "llvm-dis-22: " + text, None
    ll = work / f"{name}.r.ll"
    ok, msg = run([binary, "translate", "-r", str(spv), "--spirv-target-env", "SPV-IR", "-o", str(ll)])
    if not ok:
        return "reverse-text-refused: " + msg, None
    ok, msg = run(["opt-22", "-passes=verify", str(ll), "-o", "/dev/null"])
    if not ok:
        return "opt-22: " + msg, None
    return "ok", counts(text)


def original_counts(path):
    if path.suffix == ".bc":
        ok, text = run(["llvm-dis-22", str(path), "-o", "-"])
        return counts(text) if ok else None
    return counts(path.read_text(errors="replace"))


def inputs_devset(dirs):
    for spec in dirs:
        folder, _, tsv = spec.partition(":")
        for test in di_formats.samples_of(Path(folder), tsv or None):
            if not test.exists():
                continue
            kind, opts = devset.plan(test)
            if kind == "run":
                opts = devset.options_of(opts)
            else:
                kind, opts = di_formats.llc_plan(test, kind, opts)
            if kind == "run":
                yield f"{Path(folder).name}/{test.name}", test, opts


def inputs_clang(corpus, step, clang, work):
    files = sorted(Path(corpus).rglob("*.cl"))[::step]
    for cl in files:
        for opt in ("-O0", "-O2"):
            out = work / f"{cl.stem}{opt}.bc"
            std = "-cl-std=CL2.0" if clang == "clang-22" else "-cl-std=CL1.2"
            ok, _ = run([clang, "-target", "spir64", std, "-g", opt, "-emit-llvm", "-c",
                         "-Xclang", "-finclude-default-header", str(cl), "-o", str(out)])
            if ok:
                yield f"{cl.relative_to(corpus)}{opt}", out, []


def main(argv):
    binary, out_path, mode = argv[0], argv[1], argv[2]
    work = Path(os.environ.get("DEVSET_WORK") or tempfile.mkdtemp())
    if mode == "devset":
        items, formats = inputs_devset(argv[3:]), FORMATS
    elif mode in ("clang22", "llvm-spirv15"):
        clang = "clang-22" if mode == "clang22" else "clang-15"
        items = inputs_clang(Path(argv[3]), int(argv[4]), clang, work)
        formats = FORMATS if mode == "clang22" else ["llvm-spirv-15"]
    else:
        raise SystemExit(__doc__)
    lines, verdicts = [], {}
    before, middle, after = {}, {}, {}
    for n, (name, path, opts) in enumerate(items):
        original = original_counts(path)
        for fmt in formats:
            spv = work / f"f{n}.{fmt}.spv"
            if fmt == "llvm-spirv-15":
                exts = [o for o in opts if o.startswith("--spirv-ext=")]
                ok, msg = run(["llvm-spirv-15", str(path), *exts, "-o", str(spv)])
                cls = "valid" if ok else "refused"
                if ok:
                    cls, msg = devset.validate(spv)
            else:
                cls, msg = devset.run_spirvkit(binary, path, [*opts, f"--spirv-debug-info-version={fmt}"], work)
                produced = work / (path.stem + ".spv")
                if produced.exists():
                    produced.replace(spv)
            # llvm-spirv-15's own -g output is often invalid for spirv-val 2025.5 (its debug
            # info only); `-r` still reads it, as llvm-spirv -r does.
            if cls == "invalid" and fmt == "llvm-spirv-15":
                cls = "valid"
            if cls != "valid":
                verdict, got = f"forward-{cls}: {msg}", None
            else:
                verdict, got = reverse(binary, spv, work, f"f{n}.{fmt}")
                mid = spirv_counts(spv) if got is not None else None
            verdicts[(fmt, verdict.split(":")[0])] = verdicts.get((fmt, verdict.split(":")[0]), 0) + 1
            line = f"{name}\t{fmt}\t{verdict}"
            if got is not None and original is not None and mid is not None:
                for total, c in ((before, original), (middle, mid), (after, got)):
                    t = total.setdefault(fmt, {k: 0 for k in KEYS})
                    for k in KEYS:
                        t[k] += c[k]
                line += "\t" + " ".join(f"{k} {original[k]}->{mid[k]}->{got[k]}" for k in KEYS)
            lines.append(line)
    for (fmt, v), c in sorted(verdicts.items()):
        lines.append(f"summary {fmt}: {v} {c}")
    for fmt in before:
        b, m, a = before[fmt], middle[fmt], after[fmt]
        lines.append(f"totals {fmt} (verified round trips, LLVM -> SPIR-V (spirv-dis; 0 where it "
                     "does not know the set) -> LLVM): "
                     + " ".join(f"{k} {b[k]}->{m[k] if k != 'lines' else '-'}->{a[k]}" for k in KEYS))
    Path(out_path).write_text("\n".join(lines) + "\n")
    print("\n".join(l for l in lines if l.startswith(("summary", "totals"))))


if __name__ == "__main__":
    main(sys.argv[1:])
