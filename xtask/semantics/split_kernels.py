#!/usr/bin/env python3
"""Split-kernel linking check (issue 15): each OpenCL C kernel file becomes two LLVM modules,
a library and a main module, which are translated to SPIR-V separately and linked.

- library: the whole module with every kernel `NAME` turned into an ordinary external function
  `NAME__impl` (spir_func calling convention, kernel metadata dropped), calls to kernels
  renamed the same way;
- main: every kernel `NAME` keeps its signature and metadata but its body only calls the
  imported `NAME__impl` with its own arguments; other function definitions are dropped.

The split works on clang-15's textual IR (`-O0 -no-opaque-pointers`, which llvm-spirv-15 can
read too), line by line: `define ... {` up to the closing `}` line.

Modes (who translates each half, who links):
  spirvkit   both halves by `spirvkit translate`, linked by `spirvkit link`
  llvm-spirv both halves by llvm-spirv-15, linked by `spirvkit link` (mixed producers)
  mixed      library by llvm-spirv-15, main by `spirvkit translate`, linked by `spirvkit link`
  anchor     both halves by llvm-spirv-15, linked by spirv-link (the reference chain)
"""
import os, re, subprocess

DEFINE = re.compile(r"^define\b.*?@(\"[^\"]+\"|[\w.$]+)\((.*)\)(.*)\{\s*$")
KERNEL_MD = re.compile(r"\s*!\w+\s+!\d+")


def _functions(lines):
    """(start, end, name, is_kernel) of each function definition, `end` the `}` line."""
    out, i = [], 0
    while i < len(lines):
        m = DEFINE.match(lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != "}":
            j += 1
        out.append((i, j, m.group(1), " spir_kernel " in lines[i]))
        i = j + 1
    return out


def _params(define_line):
    """The parameter list text of a definition (balanced parentheses after the name)."""
    at = define_line.index("@")
    start = define_line.index("(", at)
    depth = 0
    for k in range(start, len(define_line)):
        depth += define_line[k] == "("
        depth -= define_line[k] == ")"
        if depth == 0:
            return define_line[start + 1:k]
    raise ValueError("unbalanced parameter list")


def _split_top(text):
    """Splits at top-level commas (not inside parentheses, brackets or braces)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip()); cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def split(ll):
    """(library text, main text, kernel names); raises ValueError when there is no kernel."""
    lines = ll.splitlines()
    funcs = _functions(lines)
    kernels = [f[2] for f in funcs if f[3]]
    if not kernels:
        raise ValueError("no kernel")
    impl = {k: (k[:-1] + '__impl"' if k.startswith('"') else k + "__impl") for k in kernels}
    call_re = re.compile(r"\bspir_kernel(\s+[^@]*)@(" + "|".join(re.escape(k) for k in kernels) + r")\(")

    # clang -O0 marks every function noinline/optnone; pocl can only run work-item built-ins
    # in functions it inlines into the kernel, so the hints go (they do not change results).
    lines = [re.sub(r"\b(noinline|optnone) ", "", l) if l.startswith("attributes #") else l for l in lines]
    lib = list(lines)
    for start, _, name, is_kernel in funcs:
        if is_kernel:
            line = lib[start].replace(" spir_kernel ", " spir_func ", 1)
            line = line.replace("@" + name + "(", "@" + impl[name] + "(", 1)
            head, brace = line.rsplit("{", 1)
            lib[start] = KERNEL_MD.sub("", head).rstrip() + " {" + brace
    lib = [call_re.sub(lambda m: "spir_func" + m.group(1) + "@" + impl[m.group(2)] + "(", l) for l in lib]

    main = []
    skip = {}
    for start, end, name, is_kernel in funcs:
        skip[start] = (end, name, is_kernel)
    i = 0
    declared = []
    while i < len(lines):
        if i not in skip:
            main.append(lines[i]); i += 1; continue
        end, name, is_kernel = skip[i]
        if is_kernel:
            define = lines[i]
            params = _split_top(_params(define))
            types, args = [], []
            for p in params:
                # "TYPE attrs... %name": the type is what precedes the attributes.
                name_m = re.search(r"(%[\w.$\"-]+)\s*$", p)
                if not name_m:
                    raise ValueError("unnamed parameter")
                args.append(p)
                types.append(p[: name_m.start()].strip())
            ret = "void"
            main.append(define)
            main.append("entry:")
            main.append(f"  call spir_func {ret} @{impl[name]}({', '.join(args)})")
            main.append("  ret void")
            main.append("}")
            declared.append(f"declare spir_func {ret} @{impl[name]}({', '.join(types)})")
        i = end + 1
    main.extend(declared)
    return "\n".join(lib) + "\n", "\n".join(main) + "\n", kernels


def _run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, (r.stderr or r.stdout).strip()


def linked_spirv(cl_path, mode, spirvkit, workdir):
    """Builds the linked SPIR-V for one .cl. Returns (path, None) or (None, (status, detail))."""
    ll = os.path.join(workdir, "whole.ll")
    code, err = _run(["clang-15", "-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL1.2", "-emit-llvm",
                      "-finclude-default-header", "-O0", "-no-opaque-pointers", "-I", os.path.dirname(cl_path),
                      cl_path, "-o", ll])
    if code != 0:
        return None, ("skipped", "clang-15 rejects the source")
    try:
        lib_text, main_text, _ = split(open(ll, encoding="utf-8").read())
    except ValueError as e:
        return None, ("skipped", f"cannot split: {e}")
    halves = {}
    for half, text in (("lib", lib_text), ("main", main_text)):
        path = os.path.join(workdir, half + ".ll")
        open(path, "w", encoding="utf-8").write(text)
        producer = "spirvkit" if mode == "spirvkit" or (mode == "mixed" and half == "main") else "llvm-spirv"
        spv = os.path.join(workdir, half + ".spv")
        if producer == "spirvkit":
            code, err = _run([spirvkit, "translate", path, "-o", spv])
            if code != 0:
                return None, ("failed", f"spirvkit translate ({half}): {err[:300]}")
        else:
            bc = os.path.join(workdir, half + ".bc")
            code, err = _run(["llvm-as-15", path, "-o", bc])
            if code != 0:
                return None, ("failed", f"llvm-as-15 rejects the {half} half: {err[:300]}")
            code, err = _run(["llvm-spirv-15", bc, "-o", spv])
            if code != 0:
                return None, ("skipped", f"llvm-spirv-15 cannot translate the {half} half")
        halves[half] = spv
    out = os.path.join(workdir, "linked.spv")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if mode == "anchor":
        cmd = [os.path.join(root, ".venv/bin/spirv-link"), "--use-highest-version", halves["main"], halves["lib"], "-o", out]
    else:
        cmd = [spirvkit, "link", "--use-highest-version", halves["main"], halves["lib"], "-o", out]
    code, err = _run(cmd)
    if code != 0:
        return None, ("failed", f"link: {err[:400]}")
    code, err = _run([os.path.join(root, ".venv/bin/spirv-val"), out])
    if code != 0:
        return None, ("failed", f"spirv-val rejects the linked module: {err[:300]}")
    dis = subprocess.run([os.path.join(root, ".venv/bin/spirv-dis"), out], capture_output=True, text=True).stdout
    if "LinkageAttributes" in dis:
        return None, ("failed", "LinkageAttributes remain in the linked module")
    return out, None
