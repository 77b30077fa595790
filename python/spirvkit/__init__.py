"""spirvkit: fast, safe SPIR-V and SPIR tools from Python.

Every call releases the GIL while the native code works, so threads run in parallel.
Failures raise :class:`SpirvkitError` subclasses carrying :class:`Diagnostic` objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence

__all__ = [
    "Diagnostic",
    "SpirvkitError",
    "AssembleError",
    "DisassembleError",
    "TranslateError",
    "OptimizeError",
    "LinkError",
    "validate",
    "assemble",
    "disassemble",
    "translate",
    "optimize",
    "link",
]


@dataclass(frozen=True)
class Diagnostic:
    """One problem: a stable rule id (``code``), the message and where it is."""

    code: str
    message: str
    word_offset: Optional[int] = None
    byte_offset: Optional[int] = None
    instruction_index: Optional[int] = None
    line: Optional[int] = None
    column: Optional[int] = None
    #: The offending instruction in spirv-dis syntax (or the offending source line).
    instruction: Optional[str] = None
    #: The input the problem is in, when a call takes several (``link``).
    file: Optional[str] = None

    def __str__(self) -> str:
        where = ""
        if self.line is not None:
            where = f" at {self.line}:{self.column}"
        elif self.word_offset is not None:
            where = f" at word {self.word_offset}"
        text = f"{self.code}: {self.message}{where}"
        if self.file is not None:
            text = f"{self.file}: {text}"
        if self.instruction:
            text += f"\n  {self.instruction}"
        return text


def _diagnostics(items: Iterable[Dict[str, Any]]) -> List[Diagnostic]:
    return [Diagnostic(**d) for d in items]


class SpirvkitError(Exception):
    """A spirvkit failure; ``diagnostics`` says what and where."""

    def __init__(self, message: str, diagnostics: Iterable[Any] = ()) -> None:
        super().__init__(message)
        self.diagnostics: List[Diagnostic] = [
            d if isinstance(d, Diagnostic) else Diagnostic(**d) for d in diagnostics
        ]


class AssembleError(SpirvkitError):
    """The assembly text does not assemble."""


class DisassembleError(SpirvkitError):
    """The binary cannot be decoded."""


class TranslateError(SpirvkitError):
    """The LLVM input cannot be read or translated."""


class OptimizeError(SpirvkitError):
    """The input is invalid (the validator's diagnostics) or a pass could not run."""


class LinkError(SpirvkitError):
    """The modules cannot be linked; the diagnostic names the input (``file``)."""


from . import _spirvkit  # noqa: E402  (the exception classes must exist first)


def validate(data: bytes, target_env: str = "spv1.6", **limits: int) -> List[Diagnostic]:
    """Validates a SPIR-V binary like ``spirv-val``; returns the problems (empty when valid).

    ``limits`` are spirv-val's limits by their Python names, e.g. ``max_id_bound=1000``.
    """
    return _diagnostics(_spirvkit.validate(bytes(data), target_env, limits or None))


def assemble(
    text: str, target_env: Optional[str] = None, preserve_numeric_ids: bool = False
) -> bytes:
    """Assembles spirv-as text to a binary, byte-identical to ``spirv-as``."""
    return _spirvkit.assemble(text, target_env, preserve_numeric_ids)


def disassemble(data: bytes, **options: bool) -> str:
    """Disassembles a binary to text identical to ``spirv-dis``.

    Options: raw_id, no_header, no_indent, offsets, comment, nested_indent, reorder_blocks.
    """
    return _spirvkit.disassemble(bytes(data), **options)


def translate(
    llvm_bytes: bytes,
    extensions: Optional[List[str]] = None,
    max_version: Optional[str] = None,
    reverse: bool = False,
) -> bytes:
    """Translates SPIR 1.2 / OpenCL C LLVM IR (bitcode or text) to SPIR-V, like llvm-spirv.

    ``extensions`` uses llvm-spirv's syntax, e.g. ``["+all"]`` or ``["+SPV_KHR_untyped_pointers"]``.
    With ``reverse=True`` the input is SPIR-V for OpenCL and the result SPIR 1.2 LLVM bitcode,
    like ``llvm-spirv -r`` (the input is validated first; an invalid one raises
    :class:`TranslateError` with the validator's diagnostics).
    """
    ext = ",".join(extensions) if extensions else None
    return _spirvkit.translate(bytes(llvm_bytes), ext, max_version, reverse)


def optimize(
    data: bytes,
    passes: Sequence[str] = ("-O",),
    target_env: str = "spv1.6",
    skip_validation: bool = False,
    preserve_bindings: bool = False,
    preserve_spec_constants: bool = False,
    **limits: int,
) -> bytes:
    """Optimizes a SPIR-V binary like ``spirv-opt``: ``passes`` are its flags, applied in order
    (``"-O"``, ``"-Os"``, ``"--strip-debug"``, ``"--set-spec-const-default-value=1:42"``, ...).

    The input is validated first for ``target_env`` (with spirv-val's ``limits``) unless
    ``skip_validation``. An unknown or unimplemented pass flag raises ``ValueError``; an
    invalid input raises :class:`OptimizeError` carrying the validator's diagnostics.
    """
    if isinstance(passes, str):
        passes = [passes]
    return _spirvkit.optimize(
        bytes(data),
        list(passes),
        target_env,
        skip_validation,
        preserve_bindings,
        preserve_spec_constants,
        limits or None,
    )


def link(
    modules: Iterable[bytes],
    names: Optional[Sequence[str]] = None,
    target_env: str = "universal",
    create_library: bool = False,
    allow_partial_linkage: bool = False,
    use_highest_version: bool = False,
    allow_pointer_mismatch: bool = False,
    verify_ids: bool = False,
    validate: bool = True,
) -> bytes:
    """Links SPIR-V modules by their LinkageAttributes like ``spirv-link``.

    ``names`` (one per module, e.g. their paths) are what errors call the inputs; by default
    ``"module 0"``, ``"module 1"``, ... Failures raise :class:`LinkError`.
    """
    return _spirvkit.link(
        [bytes(m) for m in modules],
        list(names) if names is not None else None,
        target_env,
        create_library,
        allow_partial_linkage,
        use_highest_version,
        allow_pointer_mismatch,
        verify_ids,
        validate,
    )
