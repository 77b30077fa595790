"""Generic-address-space shim for checking OpenCL C 2.0 kernels on pocl's SPIR 1.2 path.

`llvm-spirv-15 -r` turns built-ins on Generic pointers (vloadn, vstoren, fract, atomic_* ...)
back into their generic-address-space overloads, e.g. `_Z6vload8mPU3AS4Ki`. pocl here runs
SPIR bitcode as OpenCL C 1.2 (`-x spir -spir-std=1.2`), and its device library only defines
the private/global/local/constant overloads, so such a module cannot be linked and the kernel
could not be compared at all.

This module only adds definitions for built-ins the module declares but does not define: for
every declaration whose mangled name has a `U3AS4` (generic) pointer, it finds the library
overload whose demangled signature is the same with the generic pointers in another address
space (private first, then global, local, constant), and defines the generic overload as a
wrapper that addrspacecasts the pointers and calls it. The library's own generic overloads are
not used: pocl 3.1 built for OpenCL C 1.2 defines exactly one (`wait_group_events` on
`event_t AS4*`), and its body calls `_cl_wait_group_events` on a `CLgeneric` pointer that the
library never defines, so a kernel using it fails when pocl loads it. On pocl's CPU device every address space is the same flat memory, so the wrapper
computes exactly what the generic overload would. Nothing else in the module is touched: the
translator's output is linked with the shim as it is, and a module that needs no shim is given
to pocl unchanged.
"""
import functools, glob, os, re, subprocess

GENERIC = " AS4"
# Address spaces tried in order for the replacement overload (demangler spelling; private has none).
TARGET_SPACES = [("", 0), (" AS1", 1), (" AS3", 3), (" AS2", 2)]
# LLVM parameter/return attributes that can stand around a type in a declaration.
ATTRIBUTE_WORDS = {"noundef", "zeroext", "signext", "inreg", "noalias", "nocapture", "nonnull", "readonly",
                   "writeonly", "readnone", "returned", "nofree", "immarg", "swiftself", "nest"}
ATTRIBUTE_WITH_ARGUMENT = re.compile(r"^(align|dereferenceable|dereferenceable_or_null|byval|sret|byref|elementtype|"
                                     r"preallocated|inalloca|nofpclass)\b")
LEADING_WORDS = {"spir_func", "dso_local", "extern_weak", "dllimport", "hidden", "protected", "default"}


def library_symbols(triple):
    """Demangled signature -> mangled name for every function pocl's device library defines.

    Only symbols defined by every variant of the library for `triple` are kept, so the result
    does not depend on which CPU variant pocl picks.
    """
    libraries = sorted(glob.glob(f"/usr/share/pocl/kernel-{triple}-*.bc"))
    if not libraries:
        raise RuntimeError(f"no pocl device library for {triple} under /usr/share/pocl")
    defined = None
    for path in libraries:
        out = subprocess.run(["llvm-nm-15", "--defined-only", "--format=just-symbols", path],
                             capture_output=True, text=True, check=True).stdout.split()
        names = {n for n in out if n.startswith("_Z")}
        defined = names if defined is None else defined & names
    mangled = sorted(defined)
    demangled = subprocess.run(["llvm-cxxfilt-15"], input="\n".join(mangled), capture_output=True, text=True,
                               check=True).stdout.splitlines()
    table = {}
    ambiguous = set()
    for m, d in zip(mangled, demangled):
        if d in table:
            ambiguous.add(d)
        table[d] = m
    for d in ambiguous:  # two manglings of one signature: refuse to guess
        del table[d]
    return table


def split_top_level(text, separator=","):
    """Splits at `separator` outside (), <>, {}, [] (LLVM type syntax nests all four)."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "(<{[":
            depth += 1
        elif ch in ")>}]":
            depth -= 1
        if ch == separator and depth == 0:
            parts.append("".join(current).strip()); current = []
        else:
            current.append(ch)
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


def strip_attributes(text, extra_words=()):
    """The LLVM type inside a parameter or return spelling, without the attributes around it."""
    text = re.sub(r"\balign\s+\d+\b", "", text)  # `align N` is the one attribute with a separate operand
    words = [t for t in split_top_level(text, " ")
             if t and t not in ATTRIBUTE_WORDS and t not in extra_words and not ATTRIBUTE_WITH_ARGUMENT.match(t)]
    return " ".join(words)


DECLARE = re.compile(r"^declare\s+(?P<prefix>.*?)@(?P<name>[\w.$]+)\((?P<params>.*)\)(?P<suffix>[^)]*)$")


def parse_declarations(ll_text):
    """Every `declare` of the module: name -> (return type, [parameter types])."""
    decls = {}
    for line in ll_text.splitlines():
        m = DECLARE.match(line.strip())
        if not m:
            continue
        ret = strip_attributes(m.group("prefix"), LEADING_WORDS)
        params = [strip_attributes(p) for p in split_top_level(m.group("params"))]
        decls[m.group("name")] = (ret, [p for p in params if p != "..."], "..." in m.group("params"))
    return decls


def in_space(pointer_type, space):
    """`T addrspace(4)*` / `ptr addrspace(4)` moved to address space `space`."""
    new = "" if space == 0 else f" addrspace({space})"
    if pointer_type.startswith("ptr"):
        return "ptr" + new
    return re.sub(r"\s*addrspace\(4\)\*$", new + "*", pointer_type)


def is_generic_pointer(ty):
    return bool(re.search(r"addrspace\(4\)\*$", ty)) or ty == "ptr addrspace(4)"


@functools.lru_cache(maxsize=None)
def demangle(name):
    return subprocess.run(["llvm-cxxfilt-15", name], capture_output=True, text=True, check=True).stdout.strip()


def build_shim(ll_text, symbols):
    """LLVM IR defining every undefined generic-pointer built-in of `ll_text` as a wrapper.

    Returns (shim text or None when nothing is missing, number of wrappers, [names without a replacement]).
    """
    decls = parse_declarations(ll_text)
    header = [line for line in ll_text.splitlines() if line.startswith(("target datalayout", "target triple"))]
    body, missing = [], []
    for name, (ret, params, variadic) in sorted(decls.items()):
        if "U3AS4" not in name or variadic:
            continue
        signature = demangle(name)
        if GENERIC not in signature:
            continue
        # Library symbols with a generic pointer are never candidates (see the module comment).
        replacement = None
        for spelling, space in TARGET_SPACES:
            candidate = symbols.get(signature.replace(GENERIC, spelling))
            if candidate and "U3AS4" not in candidate:
                replacement = (candidate, space)
                break
        if replacement is None:
            missing.append(name)
            continue
        target, space = replacement
        target_params = [in_space(p, space) if is_generic_pointer(p) else p for p in params]
        lines = [f"define spir_func {ret} @{name}(" +
                 ", ".join(f"{p} %a{i}" for i, p in enumerate(params)) + ") {"]
        args = []
        for i, (p, q) in enumerate(zip(params, target_params)):
            if p != q:
                lines.append(f"  %c{i} = addrspacecast {p} %a{i} to {q}")
                args.append(f"{q} %c{i}")
            else:
                args.append(f"{p} %a{i}")
        call = f"call spir_func {ret} @{target}(" + ", ".join(args) + ")"
        if ret == "void":
            lines += [f"  {call}", "  ret void", "}"]
        else:
            lines += [f"  %r = {call}", f"  ret {ret} %r", "}"]
        if target not in decls:
            lines.append(f"declare spir_func {ret} @{target}(" + ", ".join(target_params) + ")")
            decls[target] = (ret, target_params, False)
        body.append("\n".join(lines))
    if not body:
        return None, 0, missing
    header += named_type_definitions(ll_text, "\n".join(body))
    return "\n".join(header) + "\n\n" + "\n\n".join(body) + "\n", len(body), missing


NAMED_TYPE = re.compile(r'%("[^"]*"|[-\w.$]+)')


def named_type_definitions(ll_text, shim_body):
    """The module's `%name = type ...` lines for every named type the shim mentions, with the
    named types those definitions mention in turn (struct members, pointers to structs)."""
    definitions = {}
    for line in ll_text.splitlines():
        m = re.match(r'^%("[^"]*"|[-\w.$]+) = type ', line)
        if m:
            definitions[m.group(1)] = line
    wanted, pending = [], [n for n in NAMED_TYPE.findall(shim_body) if n in definitions]
    while pending:
        name = pending.pop()
        if name in wanted:
            continue
        wanted.append(name)
        pending += [n for n in NAMED_TYPE.findall(definitions[name].split("=", 1)[1]) if n in definitions]
    return [definitions[n] for n in sorted(wanted)]


def link_with_shim(bitcode, workdir, symbols, tag="k"):
    """`bitcode` linked with the shim it needs: (path to give pocl, number of wrappers, [unmatched names])."""
    ll_text = subprocess.run(["llvm-dis-15", bitcode, "-o", "-"], capture_output=True, text=True, check=True).stdout
    shim, wrappers, missing = build_shim(ll_text, symbols)
    if shim is None:
        return bitcode, 0, missing
    shim_path = os.path.join(workdir, f"{tag}.shim.ll")
    with open(shim_path, "w", encoding="utf-8") as f:
        f.write(shim)
    linked = os.path.join(workdir, f"{tag}.linked.bc")
    r = subprocess.run(["llvm-link-15", bitcode, shim_path, "-o", linked], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("llvm-link-15 of the generic shim failed: " + r.stderr.strip()[:300])
    return linked, wrappers, missing
