#!/usr/bin/env python3
"""Semantic check of the SPIR 1.2 -> SPIR-V translator on a real OpenCL runtime (pocl).

For each corpus kernel file: spirvkit translates the .bc64, `spirvkit translate -r` (or, with
--reverse llvm-spirv, the control llvm-spirv-15 -r) converts the SPIR-V back to SPIR bitcode, and pocl runs every kernel twice on the same seeded random
inputs: once built from the original OpenCL C source, once from the round-tripped bitcode
(-x spir -spir-std=1.2). Every buffer must come out bit-identical.

With --clang-std CL1.2 the input is not the corpus .bc64 but the .cl compiled by clang-15
(`-cc1 -triple spir64-unknown-unknown -emit-llvm-bc -finclude-default-header`: modern LLVM
with opaque pointers), so the check covers spirvkit's pointee recovery. clang optimizes OpenCL C
at -O2 unless told otherwise: --clang-opt=-O0 compiles at -O0 (allocas of every argument and
local, the input the optimizer's local-variable passes see).

With --clang clang-22 the .cl is compiled by clang-22 instead (LLVM 22 bitcode: target extension
types, new attributes and flags), so the check covers the modern LLVM reader (issue 18).

With --clang-std CL2.0, `llvm-spirv-15 -r` gives built-ins on generic pointers back as their
generic-address-space overloads, which pocl's OpenCL C 1.2 library lacks; generic_shim.py links
a wrapper for each of them (only into the module given to pocl, never into spirvkit's output).
For every file that needed the shim, clang's own bitcode is run through the same shim path as a
control ("control" in the JSON line): it must match the OpenCL C too, else the shim is suspect.

Kernels with images, samplers, events, pipes or printf are skipped (as the issue allows), and
so are struct arguments passed by value; global/constant pointers to structs get random bytes.
With --split-link MODE each file's kernels are split into a library and a main module that are
translated separately and linked (split_kernels.py; the linked module must pass spirv-val and
carry no LinkageAttributes), and the linked SPIR-V is what goes back through llvm-spirv-15 -r.
With --opt=FLAGS (e.g. --opt=-O, --opt=-Os) `spirvkit opt FLAGS` runs on the SPIR-V before the
reverse step, so the optimizer's output is what pocl runs.
With --target-env CL2.0 the reverse translation is `translate -r --spirv-target-env=CL2.0`; with
--spirv-from clang-22 the SPIR-V is clang-22's own (`--target=spirv64`), not spirvkit's.
Usage: run_kernels.py --corpus DIR --spirvkit BIN [--jobs N] [--limit N] [--clang-std CL1.2|CL2.0]
                      [--log FILE] [--no-generic-shim] [--split-link spirvkit|llvm-spirv|mixed|anchor]
                      [--target-env CL1.2|CL2.0] [--spirv-from clang-22] [--spread]
                      [--opt=FLAGS]
Prints one JSON line per file, then a summary line "semantics: N passed, M failed".
With --log, every result is also appended to FILE as it comes, and files already in FILE are
not run again (so a long sweep can be stopped and resumed; the summary counts both).
"""
import argparse, concurrent.futures, json, os, re, subprocess, sys, tempfile

import generic_shim
import split_kernels

SKIP_TYPES = re.compile(r"image|sampler|event|pipe|queue|reserve")
SCALARS = {"char": ("i1", 1), "uchar": ("u1", 1), "short": ("i2", 2), "ushort": ("u2", 2), "int": ("i4", 4),
           "uint": ("u4", 4), "long": ("i8", 8), "ulong": ("u8", 8), "float": ("f4", 4), "double": ("f8", 8),
           "half": ("u2", 2), "size_t": ("u8", 8), "bool": ("u1", 1)}
N = 64  # work-items; buffers hold N * 16 elements so vector stores and index arithmetic stay in bounds
STRUCT_BYTES = 1024  # bytes per work-item in a buffer of structs (room for 16 elements of 64 bytes)


def element(type_name):
    base = type_name.replace("const", "").replace("volatile", "").replace("restrict", "").strip().rstrip("*").strip()
    m = re.fullmatch(r"([a-z_]+?)(\d*)", base)
    if not m or m.group(1) not in SCALARS:
        return None
    dtype, size = SCALARS[m.group(1)]
    count = int(m.group(2) or 1)
    return dtype, size, count


# Extra optimization flag for clang (--clang-opt), shared by the worker threads.
CLANG_OPT = []


def clang_bitcode(cl_path, std, workdir, clang="clang-15"):
    """The .cl compiled by clang-15 or clang-22 (opaque pointers; clang-22 also target extension
    types); None when clang rejects it."""
    out = os.path.join(workdir, "clang.bc")
    r = subprocess.run([clang, "-cc1", "-triple", "spir64-unknown-unknown", f"-cl-std={std}", "-emit-llvm-bc",
                        "-finclude-default-header"] + CLANG_OPT + ["-I", os.path.dirname(cl_path), cl_path, "-o", out],
                       capture_output=True, text=True)
    return out if r.returncode == 0 else None


def build_spir(ctx, dev, bitcode):
    import pyopencl as cl
    return cl.Program(ctx, [dev], [open(bitcode, "rb").read()]).build(options="-x spir -spir-std=1.2")


def run_file(cl_path, spirvkit, workdir, clang_std=None, symbols_path=None, split_mode=None,
             reverse="spirvkit", spirv_ext=None, target_env=None, spirv_from=None, opt=None, clang="clang-15"):
    import numpy as np
    import pyopencl as cl
    result = {"file": cl_path, "kernels": 0, "status": "passed", "detail": ""}
    symbols = None
    if symbols_path:
        with open(symbols_path, encoding="utf-8") as f:
            symbols = json.load(f)
    bc = cl_path[:-3] + ".bc64"
    if clang_std and not spirv_from:
        bc = clang_bitcode(cl_path, clang_std, workdir, clang)
        if bc is None:
            result["status"] = "skipped"; result["detail"] = f"{clang} -cl-std={clang_std} rejects the source"; return result
    src = open(cl_path, encoding="utf-8", errors="replace").read()
    if "printf" in src:
        result["status"] = "skipped"; result["detail"] = "printf"; return result
    if re.search(r"\bimage[123]d", src):
        # llvm-spirv -r names access-qualified images OpenCL 2.0 style (ocl_image2d_wo), which
        # pocl's SPIR 1.2 path cannot build; image kernels are outside this check.
        result["status"] = "skipped"; result["detail"] = "images"; return result
    spv = os.path.join(workdir, "k.spv"); back = os.path.join(workdir, "k.bc")
    ext = [f"--spirv-ext={spirv_ext}"] if spirv_ext else []
    if split_mode:
        spv, problem = split_kernels.linked_spirv(cl_path, split_mode, spirvkit, workdir)
        if problem:
            result["status"], result["detail"] = problem; return result
        # The halves come from clang-15's compile of the source, not from the corpus SPIR: the
        # reference chain (llvm-spirv-15 on the unsplit module) must start from that compile too,
        # or a compile difference (a predefined macro pocl sets and clang-15 -cc1 does not)
        # reads as a linking error.
        whole_bc = os.path.join(workdir, "whole.bc")
        if subprocess.run(["llvm-as-15", os.path.join(workdir, "whole.ll"), "-o", whole_bc],
                          capture_output=True).returncode == 0:
            bc = whole_bc
    elif spirv_from == "clang-22":
        # clang-22's own SPIR-V back end makes the SPIR-V: only the reverse path is spirvkit's.
        r = subprocess.run(["clang-22", "--target=spirv64", f"-cl-std={clang_std or 'CL2.0'}", "-c", "-I",
                            os.path.dirname(cl_path), cl_path, "-o", spv], capture_output=True, text=True)
        if r.returncode != 0:
            result["status"] = "skipped"; result["detail"] = "clang-22 rejects the source: " + r.stderr.strip()[:200]
            return result
        clang_std = None  # no clang-15 bitcode to use as the generic-shim control
        val = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".venv", "bin", "spirv-val")
        r = subprocess.run([val if os.path.exists(val) else "spirv-val", spv], capture_output=True, text=True)
        if r.returncode != 0:
            # translate -r refuses invalid SPIR-V with the validator's diagnostics, as spirv-val does.
            result["status"] = "skipped"; result["detail"] = "clang-22 output rejected by spirv-val: " + r.stderr.strip()[:200]
            return result
    else:
        r = subprocess.run([spirvkit, "translate", bc, "-o", spv] + ext, capture_output=True, text=True)
        if r.returncode != 0:
            result["status"] = "failed"; result["detail"] = "spirvkit: " + r.stderr.strip()[:300]; return result
    if opt:
        # The optimizer between the translations: any failure, or a different result, is its.
        optimized = os.path.join(workdir, "k.opt.spv")
        r = subprocess.run([spirvkit, "opt"] + opt.split() + [spv, "-o", optimized], capture_output=True, text=True)
        if r.returncode != 0:
            result["status"] = "failed"
            result["detail"] = f"spirvkit opt {opt} (exit {r.returncode}): " + r.stderr.strip()[:300]
            return result
        spv = optimized
    if reverse == "spirvkit":
        # spirvkit's own reverse translator: any failure is ours.
        env = [f"--spirv-target-env={target_env}"] if target_env else []
        r = subprocess.run([spirvkit, "translate", "-r", spv, "-o", back] + env, capture_output=True, text=True)
        if r.returncode != 0:
            result["status"] = "failed"
            result["detail"] = f"spirvkit translate -r (exit {r.returncode}): " + r.stderr.strip()[:300]
            return result
    else:
        env = [f"--spirv-target-env={target_env}"] if target_env else []
        r = subprocess.run(["llvm-spirv-15", "-r", spv, "-o", back] + env, capture_output=True, text=True)
    if r.returncode != 0:
        # Our output is checked by spirv-val in the translate section; a crash of the reference
        # reverse translator leaves nothing to run, so the kernel cannot be compared.
        crashed = r.returncode < 0 or "PLEASE submit a bug report" in r.stderr
        result["status"] = "skipped" if crashed else "failed"
        if crashed:  # the reason alone (groups in the summary); the backtrace separately
            result["detail"] = f"llvm-spirv-15 -r crashed (exit code {r.returncode})"
            result["stderr"] = r.stderr.strip()[:600]
        else:
            result["detail"] = "llvm-spirv-15 -r: " + r.stderr.strip()[:300]
        return result
    control = None
    if symbols is not None:
        try:
            back, wrappers, unmatched = generic_shim.link_with_shim(back, workdir, symbols)
        except (RuntimeError, subprocess.CalledProcessError) as e:
            result["status"] = "failed"; result["detail"] = "generic shim: " + str(e)[:300]; return result
        if wrappers:
            result["generic_shim"] = wrappers
            # The control: clang's own bitcode through the same shim path.
            if clang_std:
                try:
                    control, _, _ = generic_shim.link_with_shim(bc, workdir, symbols, tag="control")
                except (RuntimeError, subprocess.CalledProcessError) as e:
                    result["control"] = "unavailable: " + str(e)[:200]
        if unmatched:
            result["generic_unmatched"] = unmatched
    ctx = cl.Context(devices=[cl.get_platforms()[0].get_devices()[0]])
    dev = ctx.devices[0]
    queue = cl.CommandQueue(ctx)
    try:
        original = cl.Program(ctx, src).build(options="-cl-kernel-arg-info -cl-std=CL1.2")
    except Exception as e:  # pocl cannot run this source: not our concern
        result["status"] = "skipped"; result["detail"] = "original does not build on pocl: " + str(e)[:200]; return result
    try:
        translated = build_spir(ctx, dev, back)
    except Exception as e:
        unmatched = result.get("generic_unmatched") or []
        if unmatched and all(name in str(e) for name in unmatched[:1]):
            # A generic-pointer built-in pocl's OpenCL C 1.2 library has in no address space
            # (e.g. atomic_compare_exchange_strong_explicit: only its internal `_cl_` form): the
            # module links nowhere on this pocl, so it cannot be compared, whatever it computes.
            result["status"] = "skipped"
            result["detail"] = "not checkable: pocl's SPIR 1.2 library lacks " + ", ".join(unmatched)[:200]
            return result
        result["status"] = "failed"; result["detail"] = "round-tripped bitcode does not build: " + str(e)[:300]; return result
    control_program = None
    if control:
        try:
            control_program = build_spir(ctx, dev, control)
        except Exception as e:
            result["control"] = "unavailable: clang's bitcode does not build on pocl: " + str(e)[:200]
    for kernel in original.all_kernels():
        name = kernel.function_name
        rng = np.random.default_rng(12345)
        args = []
        for i in range(kernel.num_args):
            ty = kernel.get_arg_info(i, cl.kernel_arg_info.TYPE_NAME)
            aq = kernel.get_arg_info(i, cl.kernel_arg_info.ADDRESS_QUALIFIER)
            if SKIP_TYPES.search(ty):
                result["status"] = "skipped"; result["detail"] = f"{name}: argument type {ty}"; return result
            el = element(ty)
            if el is None and ty.strip().endswith("*") and aq in (cl.kernel_arg_address_qualifier.GLOBAL,
                                                                   cl.kernel_arg_address_qualifier.CONSTANT):
                # A pointer to a struct (or another type the host does not model): random bytes,
                # STRUCT_BYTES per work-item, compared byte for byte like every buffer.
                args.append(("buffer", rng.integers(0, 256, N * STRUCT_BYTES, dtype=np.uint8)))
                continue
            if el is None:
                result["status"] = "skipped"; result["detail"] = f"{name}: argument type {ty}"; return result
            dtype, size, count = el
            if aq == cl.kernel_arg_address_qualifier.LOCAL:
                args.append(("local", size * count * N * 16))
            elif ty.strip().endswith("*"):
                n = N * 16 * count
                if dtype[0] == "f":
                    data = rng.uniform(-8, 8, n).astype(dtype)
                elif dtype[0] == "i":
                    data = rng.integers(-100, 100, n).astype(dtype)
                else:
                    data = rng.integers(0, 200, n).astype(dtype)
                args.append(("buffer", data))
            else:
                scalar = np.zeros(count, dtype=dtype)
                scalar[:] = 3 if dtype[0] != "f" else 1.5
                args.append(("scalar", scalar.tobytes() if count > 1 else scalar[0]))
        outputs = []
        for build, program in (("original", original), ("translated", translated)):
            # Progress for the parent: after a timeout it tells which build did not finish.
            print(f"running {build} {name}", file=sys.stderr, flush=True)
            outputs.append(run_kernel(ctx, dev, queue, program, name, args))
        result["kernels"] += 1
        if control_program is not None:
            try:
                same = run_kernel(ctx, dev, queue, control_program, name, args) == outputs[0]
                if not same:
                    result["control"] = f"differs: {name}"
                elif "control" not in result:
                    result["control"] = "identical"
            except Exception as e:
                result["control"] = "unavailable: " + str(e)[:200]
        if outputs[0] != outputs[1] and not original_reproduces(
            lambda: run_kernel(ctx, dev, queue, original, name, args), outputs[0]
        ):
            # The OpenCL C itself gives another result when run again (a conformance kernel
            # reading past a private array, a race): no translation can be judged on it.
            result["status"] = "skipped"
            result["detail"] = f"{name}: the original's output is not reproducible on pocl"
            return result
        if outputs[0] != outputs[1] and compilation_dependent(
            ctx, dev, queue, src, name, args, outputs[0], outputs[1]
        ):
            # The bytes that differ are ones the OpenCL C does not determine: built without
            # optimisation it computes other values there too (a conformance kernel reading past
            # its private array, as vload_private_ulong3's last work-item does).
            result["status"] = "skipped"
            result["detail"] = f"{name}: the differing bytes depend on how the original is compiled (-cl-opt-disable changes them)"
            return result
        if outputs[0] != outputs[1]:
            # The reference translator (llvm-spirv-15) decides between "our translation is
            # wrong" and "the SPIR 1.2 input already differs from the OpenCL C on pocl"
            # (ABI-dependent code such as sizeof(sampler_t), which SPIR 1.2 fixes at 4).
            same_as_input = False
            ref_spv = os.path.join(workdir, "ref.spv"); ref_back = os.path.join(workdir, "ref.bc")
            if subprocess.run(["llvm-spirv-15", bc, "-o", ref_spv], capture_output=True).returncode == 0 and \
               subprocess.run(["llvm-spirv-15", "-r", ref_spv, "-o", ref_back], capture_output=True).returncode == 0:
                try:
                    if symbols is not None:
                        ref_back, _, _ = generic_shim.link_with_shim(ref_back, workdir, symbols, tag="ref")
                    reference = build_spir(ctx, dev, ref_back)
                    reference_output = run_kernel(ctx, dev, queue, reference, name, args)
                    # llvm-spirv-15 computes what spirvkit computes, or differs from the
                    # OpenCL C in every byte spirvkit does (garbage the source leaves open
                    # need not be the same garbage).
                    same_as_input = reference_output == outputs[1] or differences_explained(
                        outputs[0], outputs[1], reference_output
                    )
                except Exception:
                    same_as_input = False
            if same_as_input:
                result["status"] = "skipped"; result["detail"] = f"{name}: the SPIR input differs from the OpenCL C on pocl; llvm-spirv-15's translation differs in every byte spirvkit's does"
            else:
                result["status"] = "failed"
                result["detail"] = f"{name}: output buffers differ ({describe_difference(outputs[0], outputs[1])})"
            return result
    if result.get("control", "").startswith("differs"):
        # clang's own bitcode through the same shim path must compute what the OpenCL C does;
        # when it does not, the shim path is not trusted for this file.
        result["status"] = "failed"
        result["detail"] = "control: clang's bitcode linked with the generic shim differs from the OpenCL C on pocl"
    return result


def differing_offsets(x, y):
    """Offsets where two buffers differ, over their common length (both reports build on it)."""
    return [k for k in range(min(len(x), len(y))) if x[k] != y[k]]


def describe_difference(expected, actual):
    """Which buffers differ and where (first byte offsets), to start the diagnosis from."""
    parts = []
    for i, (e, a) in enumerate(zip(expected, actual)):
        offsets = differing_offsets(e, a)
        if offsets or len(e) != len(a):
            shown = ", ".join(f"@{k}: {e[k]:#04x} vs {a[k]:#04x}" for k in offsets[:4])
            parts.append(f"buffer {i}: {len(offsets)} bytes differ {shown}")
    return "; ".join(parts)


# How often the original runs again before a difference is blamed on the translation. One
# rerun let a kernel reading uninitialised private memory (vload_private_ulong3) repeat its
# first output by chance, and the translation was reported wrong.
ORIGINAL_RERUNS = 4


def original_reproduces(run_original, first_output):
    """Whether the original gives `first_output` on every one of ORIGINAL_RERUNS more runs."""
    return all(run_original() == first_output for _ in range(ORIGINAL_RERUNS))


def differing_bytes(a, b):
    """(buffer, offset) of every byte where two runs' outputs differ (a length change: None)."""
    if len(a) != len(b) or any(len(x) != len(y) for x, y in zip(a, b)):
        return None
    return {(i, k) for i, (x, y) in enumerate(zip(a, b)) for k in differing_offsets(x, y)}


def compilation_dependent(ctx, dev, queue, src, name, args, original_output, translated_output):
    """Whether every byte the translation changes also changes when the original OpenCL C is
    built with -cl-opt-disable: those bytes are not determined by the source (undefined
    behaviour), so they cannot judge a translation."""
    import pyopencl as cl

    if not differing_bytes(original_output, translated_output):
        return False
    try:
        unoptimised = cl.Program(ctx, src).build(
            options="-cl-kernel-arg-info -cl-std=CL1.2 -cl-opt-disable"
        )
        other = run_kernel(ctx, dev, queue, unoptimised, name, args)
    except Exception:
        return False
    return differences_explained(original_output, translated_output, other)


def differences_explained(original_output, translated_output, other_output):
    """Whether every byte where the translation differs from the original is one where another
    run of the same source (the original built otherwise, or the reference translator's
    translation of the same SPIR) differs from the original too: such bytes are not determined
    by the source (a kernel reading past its private array computes garbage there, and garbage
    need not repeat between runs), so they cannot judge the translation."""
    ours = differing_bytes(original_output, translated_output)
    others = differing_bytes(original_output, other_output)
    return bool(ours) and bool(others) and ours <= others


def run_kernel(ctx, dev, queue, program, name, args):
    """Runs one kernel with the prepared arguments; returns every buffer's bytes."""
    import numpy as np
    import pyopencl as cl
    k = getattr(program, name)
    bufs = []
    for kind, value in args:
        if kind == "buffer":
            b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=value.copy())
            bufs.append((b, value))
    bi = 0
    for i, (kind, value) in enumerate(args):
        if kind == "buffer":
            k.set_arg(i, bufs[bi][0]); bi += 1
        elif kind == "local":
            k.set_arg(i, cl.LocalMemory(value))
        else:
            k.set_arg(i, value)
    # Kernels with reqd_work_group_size run with exactly that local size.
    wg = tuple(k.get_work_group_info(cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE, dev))
    if any(wg):
        local = tuple(max(1, x) for x in wg)
        glob = (local[0] * max(1, N // local[0]),) + local[1:]
    else:
        local, glob = None, (N,)
    cl.enqueue_nd_range_kernel(queue, k, glob, local)
    queue.finish()
    host = []
    for b, value in bufs:
        out = np.empty_like(value)
        cl.enqueue_copy(queue, out, b)
        host.append(out.tobytes())
    return host


def worker(args):
    cl_path, spirvkit, timeout, clang_std, symbols_path, split_mode, reverse, spirv_ext, target_env, spirv_from, opt, clang = args
    extra = ["--clang-std", clang_std] if clang_std else []
    extra += ["--split-link", split_mode] if split_mode else []
    extra += ["--reverse", reverse]
    extra += [f"--spirv-ext={spirv_ext}"] if spirv_ext else []
    extra += [f"--target-env={target_env}"] if target_env else []
    extra += ["--spirv-from", spirv_from] if spirv_from else []
    extra += [f"--opt={opt}"] if opt else []
    extra += ["--clang", clang]
    extra += [f"--clang-opt={CLANG_OPT[0]}"] if CLANG_OPT else []
    extra += ["--pocl-symbols", symbols_path] if symbols_path else []
    with tempfile.TemporaryDirectory() as d:
        try:
            r = subprocess.run([sys.executable, __file__, "--one", cl_path, "--spirvkit", spirvkit, "--workdir", d] + extra,
                               capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            stderr = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
            running = [l for l in stderr.splitlines() if l.startswith("running ")]
            last = running[-1] if running else "building"
            if last.startswith("running translated"):
                # The OpenCL C finished on pocl, spirvkit's translation did not: a wrong result.
                return {"file": cl_path, "status": "failed",
                        "detail": f"timeout: {last[len('running '):]} did not finish in {timeout} s; the original did"}
            return {"file": cl_path, "status": "skipped",
                    "detail": f"timeout: pocl did not finish the original ({last}) in {timeout} s"}
        line = (r.stdout.strip().splitlines() or [""])[-1]
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            return {"file": cl_path, "status": "skipped", "detail": "runtime crashed: " + r.stderr.strip()[-200:]}


def main():
    p = argparse.ArgumentParser()
    # The corpus beside the repository (../shared/corpus), as the Rust tests find it.
    default_corpus = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus"))
    p.add_argument("--corpus", default=default_corpus); p.add_argument("--spirvkit", required=True)
    p.add_argument("--jobs", type=int, default=2); p.add_argument("--limit", type=int, default=0)
    p.add_argument("--one"); p.add_argument("--workdir"); p.add_argument("--timeout", type=int, default=60)
    p.add_argument("--clang-std", help="translate the .cl compiled by clang-15 with this -cl-std instead of the .bc64")
    p.add_argument("--log", help="append each result to this JSON-lines file; files already in it are not run again")
    p.add_argument("--no-generic-shim", action="store_true", help="give pocl the round-tripped bitcode without the shim")
    p.add_argument("--pocl-triple", default="x86_64-pc-linux-gnu", help="selects pocl's device library files")
    p.add_argument("--split-link", choices=["spirvkit", "llvm-spirv", "mixed", "anchor"],
                   help="split each file's kernels into two modules, translate and link them")
    p.add_argument("--pocl-symbols", help=argparse.SUPPRESS)  # set by the parent for --one
    p.add_argument("--reverse", choices=["spirvkit", "llvm-spirv"], default="spirvkit",
                   help="SPIR-V back to SPIR bitcode with spirvkit translate -r (default) or llvm-spirv-15 -r (the control)")
    p.add_argument("--spirv-ext", help="extensions for the forward translation (e.g. +SPV_KHR_untyped_pointers)")
    p.add_argument("--target-env", help="--spirv-target-env of the reverse translation (CL1.2, CL2.0)")
    p.add_argument("--spirv-from", choices=["clang-22"],
                   help="make the SPIR-V with clang-22 --target=spirv64 (-cl-std from --clang-std, default CL2.0) "
                        "instead of spirvkit translate")
    p.add_argument("--spread", action="store_true",
                   help="run the files in a strided order, so that a sweep stopped early covers every category")
    p.add_argument("--clang", choices=["clang-15", "clang-22"], default="clang-15",
                   help="the compiler of --clang-std (clang-22: LLVM 22 bitcode with target extension types)")
    p.add_argument("--opt", help="run `spirvkit opt` with these flags (e.g. --opt=-O) on the SPIR-V before the reverse step")
    p.add_argument("--clang-opt", help="optimization flag for clang with --clang-std (e.g. -O0; clang's OpenCL default is -O2)")
    a = p.parse_args()
    if a.clang_opt:
        CLANG_OPT.append(a.clang_opt)
    if a.one:
        print(json.dumps(run_file(a.one, a.spirvkit, a.workdir, a.clang_std, a.pocl_symbols, a.split_link, a.reverse, a.spirv_ext, a.target_env, a.spirv_from, a.opt, a.clang)))
        return
    files = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(a.corpus, "spir12"), followlinks=True) for f in fs
                   if f.endswith(".cl") and os.path.exists(os.path.join(dp, f[:-3] + ".bc64")))
    if a.limit:
        files = files[:: max(1, len(files) // a.limit)][: a.limit]
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    shimmed, controls = 0, {}

    def count(r):
        nonlocal shimmed
        counts[r["status"]] = counts.get(r["status"], 0) + 1
        shimmed += bool(r.get("generic_shim"))
        if "control" in r:
            outcome = r["control"].split(":")[0]
            controls[outcome] = controls.get(outcome, 0) + 1

    done = set()
    if a.log and os.path.exists(a.log):
        with open(a.log, encoding="utf-8") as f:
            for line in f:
                try:
                    r = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short when an earlier run was stopped
                if r.get("file") in files and r["file"] not in done:
                    done.add(r["file"]); count(r)
    todo = [f for f in files if f not in done]
    if a.spread:
        todo = [f for k in range(17) for f in todo[k::17]]
    with tempfile.TemporaryDirectory() as d:
        symbols_path = None
        if not a.no_generic_shim:
            symbols_path = os.path.join(d, "pocl-symbols.json")
            with open(symbols_path, "w", encoding="utf-8") as f:
                json.dump(generic_shim.library_symbols(a.pocl_triple), f)
        log = open(a.log, "a", encoding="utf-8") if a.log else None
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for r in ex.map(worker, [(f, a.spirvkit, a.timeout, a.clang_std, symbols_path, a.split_link, a.reverse, a.spirv_ext, a.target_env, a.spirv_from, a.opt, a.clang) for f in todo]):
                count(r)
                print(json.dumps(r), flush=True)
                if log:
                    log.write(json.dumps(r) + "\n"); log.flush()
        if log:
            log.close()
    control_text = ", ".join(f"{n} {k}" for k, n in sorted(controls.items())) or "none"
    print(f"semantics: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped "
          f"({len(done)} from the log; generic shim used for {shimmed}; controls: {control_text})")
    sys.exit(1 if counts["failed"] else 0)


if __name__ == "__main__":
    main()
