from typing import Any, Dict, List, Optional

def validate(
    data: bytes, target_env: str = "spv1.6", limits: Optional[Dict[str, int]] = None
) -> List[Dict[str, Any]]: ...
def assemble(
    text: str, target_env: Optional[str] = None, preserve_numeric_ids: bool = False
) -> bytes: ...
def disassemble(
    data: bytes,
    raw_id: bool = False,
    no_header: bool = False,
    no_indent: bool = False,
    offsets: bool = False,
    comment: bool = False,
    nested_indent: bool = False,
    reorder_blocks: bool = False,
) -> str: ...
def translate(
    llvm_bytes: bytes,
    extensions: Optional[str] = None,
    max_version: Optional[str] = None,
    reverse: bool = False,
) -> bytes: ...
def optimize(
    data: bytes,
    passes: List[str],
    target_env: str = "spv1.6",
    skip_validation: bool = False,
    preserve_bindings: bool = False,
    preserve_spec_constants: bool = False,
    limits: Optional[Dict[str, int]] = None,
) -> bytes: ...
def link(
    modules: List[bytes],
    names: Optional[List[str]] = None,
    target_env: str = "universal",
    create_library: bool = False,
    allow_partial_linkage: bool = False,
    use_highest_version: bool = False,
    allow_pointer_mismatch: bool = False,
    verify_ids: bool = False,
    validate: bool = True,
) -> bytes: ...
