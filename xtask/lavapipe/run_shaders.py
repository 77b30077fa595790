"""Shaders on a real driver: every corpus compute shader whose bindings can be filled
generically runs on lavapipe before and after `spirvkit opt -O` / `-Os`, with identical seeded
buffers; every buffer must come out bit for bit the same. The original runs twice: when the two
runs differ the shader is non-deterministic and counts as undecided, like shaders that need
images, atomics, device addresses, fail on the driver or time out.

Prints one JSON line per shader and a summary line starting with `opt-lavapipe:`."""

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reflect  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SHADER_TIMEOUT_S = 60
GROUPS = [2, 1, 1]


def inputs(corpus):
    """(label, kind, path) of every candidate: glslang binaries, spvasm, GLSL compute sources."""
    out = []
    for sub, kind, suffix in (("spv/glslang-vulkan", "spv", ".spv"),
                              ("spvasm/vulkan-shaders", "spvasm", ".spvasm"),
                              ("glsl", "glsl", ".comp")):
        folder = os.path.join(corpus, sub)
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.endswith(suffix):
                    out.append((f"{sub}/{name}", kind, os.path.join(folder, name)))
    return out


def binary_of(kind, path, spirvkit, work):
    """The module's binary path, or raises reflect.Skip."""
    if kind == "spv":
        return path
    out = os.path.join(work, "input.spv")
    if kind == "spvasm":
        # The version the text was written for (`; Version: 1.x` in its header comment).
        version = "1.6"
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.startswith(";"):
                    break
                if line.startswith("; Version:"):
                    version = line.split(":", 1)[1].strip()
        cmd = [spirvkit, "as", "--target-env", f"spv{version}", path, "-o", out]
    else:
        cmd = ["glslangValidator", "-V", "--amb", "--aml", "--target-env", "vulkan1.3", path, "-o", out]
        if os.path.basename(path).startswith("hlsl."):
            cmd[1:1] = ["-D", "-e", "main"]
    r = subprocess.run(cmd, capture_output=True, timeout=60)
    if r.returncode != 0 or not os.path.exists(out):
        raise reflect.Skip("does not assemble/compile")
    return out


def run_one(label, kind, path, spirvkit, scratch, presets):
    work = os.path.join(scratch, hashlib.sha1(label.encode()).hexdigest()[:16])
    os.makedirs(work, exist_ok=True)
    result = {"file": label}
    try:
        binary = binary_of(kind, path, spirvkit, work)
        with open(binary, "rb") as f:
            layout = reflect.reflect(f.read())
        modules = [binary, binary]
        for preset in presets:
            out = os.path.join(work, f"opt{preset}.spv")
            r = subprocess.run([spirvkit, "opt", preset, "--target-env=vulkan1.3", binary, "-o", out],
                               capture_output=True, text=True, timeout=120)
            if r.returncode == 1:  # the CLI's exit code for an input the validator rejects
                raise reflect.Skip("input rejected by the validator")
            if r.returncode != 0:
                result.update(status="failed", detail=f"opt {preset} exit {r.returncode}: {r.stderr.strip()[:300]}")
                return result
            modules.append(out)
        job = {"layout": layout, "modules": modules, "seed": zlib.crc32(label.encode()), "groups": GROUPS}
        try:
            r = subprocess.run([sys.executable, os.path.join(HERE, "vk_worker.py")], input=json.dumps(job),
                               capture_output=True, text=True, timeout=SHADER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise reflect.Skip("timeout")
        runs = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
        if len(runs) < 2:
            raise reflect.Skip(f"driver failed: {r.stderr.strip()[-160:]}")
        first, second = runs[0], runs[1]
        if first["status"] != "ok":
            raise reflect.Skip(f"original: {first['status']} {first.get('detail', '')[:100]}".strip())
        if second != first:
            raise reflect.Skip("non-deterministic (two runs of the original differ)")
        mismatches = []
        for preset, run in zip(presets, runs[2:] + [None] * (len(presets) - len(runs[2:]))):
            if run is None:
                mismatches.append(f"{preset}: driver crashed")
            elif run["status"] != "ok":
                mismatches.append(f"{preset}: {run['status']} {run.get('detail', '')}".strip())
            elif run["buffers"] != first["buffers"]:
                which = [i for i, (a, b) in enumerate(zip(first["buffers"], run["buffers"])) if a != b]
                mismatches.append(f"{preset}: buffers {which} differ")
        if mismatches:
            result.update(status="failed", detail="; ".join(mismatches))
        else:
            result.update(status="matched")
    except reflect.Skip as s:
        result.update(status="skipped", detail=str(s))
    except subprocess.TimeoutExpired:
        result.update(status="skipped", detail="timeout")
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--spirvkit", required=True)
    ap.add_argument("--scratch", required=True)
    ap.add_argument("--every", type=int, default=1, help="run every Nth candidate (CI sample)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--presets", default="-O,-Os")
    ap.add_argument("--only", default="", help="substring filter on the file label")
    args = ap.parse_args()
    presets = args.presets.split(",")
    candidates = [c for c in inputs(args.corpus) if args.only in c[0]][::max(args.every, 1)]
    os.environ.setdefault("LP_NUM_THREADS", "1")
    counts = collections.Counter()
    reasons = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, label, kind, path, args.spirvkit, args.scratch, presets)
                   for label, kind, path in candidates]
        for f in futures:
            r = f.result()
            counts[r["status"]] += 1
            if r["status"] == "skipped":
                reasons[r["detail"].split(":")[0][:60]] += 1
            print(json.dumps(r), flush=True)
    decided = counts["matched"] + counts["failed"]
    print(f"opt-lavapipe: {len(candidates)} candidates, decided {decided}, matched {counts['matched']}, "
          f"mismatched {counts['failed']}, undecided {counts['skipped']} "
          f"({', '.join(f'{k}: {v}' for k, v in reasons.most_common())})", flush=True)


if __name__ == "__main__":
    main()
