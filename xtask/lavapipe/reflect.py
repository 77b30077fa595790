"""Reflection of a compute shader's buffer interface from its SPIR-V words, enough to fill the
bindings generically: storage/uniform buffers sized from the module's own layout decorations
(runtime arrays get a fixed length), push constants, the workgroup size. What cannot be filled
generically or decided deterministically is reported as a skip reason."""

import struct

RUNTIME_ARRAY_LENGTH = 256

# Opcodes and enumerants (SPIR-V unified spec).
OP_NAME_ENTRY, OP_EXEC_MODE, OP_EXEC_MODE_ID = 15, 16, 331
OP_CAPABILITY = 17
OP_DECORATE, OP_MEMBER_DECORATE = 71, 72
OP_GROUP_DECORATE, OP_GROUP_MEMBER_DECORATE = 74, 75
OP_TYPE_BOOL, OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_VECTOR, OP_TYPE_MATRIX = 20, 21, 22, 23, 24
OP_TYPE_IMAGE, OP_TYPE_SAMPLER, OP_TYPE_SAMPLED_IMAGE = 25, 26, 27
OP_TYPE_ARRAY, OP_TYPE_RUNTIME_ARRAY, OP_TYPE_STRUCT, OP_TYPE_POINTER = 28, 29, 30, 32
OP_TYPE_FORWARD_POINTER = 39
OP_CONSTANT, OP_SPEC_CONSTANT = 43, 50
OP_VARIABLE = 59
ATOMIC_OPS = set(range(227, 243)) | {5614, 5615, 6035, 4429}
NON_DETERMINISTIC_OPS = {5056}  # OpReadClockKHR
OP_TYPE_ACCELERATION_STRUCTURE = 5341
OP_TYPE_UNTYPED_POINTER = 4417
DEC_BLOCK, DEC_BUFFER_BLOCK, DEC_ROW_MAJOR = 2, 3, 4
DEC_ARRAY_STRIDE, DEC_MATRIX_STRIDE, DEC_BINDING, DEC_SET, DEC_OFFSET = 6, 7, 33, 34, 35
SC_UNIFORM_CONSTANT, SC_UNIFORM, SC_PUSH_CONSTANT, SC_STORAGE_BUFFER = 0, 2, 9, 12
GL_COMPUTE = 5
MODE_LOCAL_SIZE, MODE_LOCAL_SIZE_ID = 17, 38
CAP_PHYSICAL_STORAGE_BUFFER = 5347


class Skip(Exception):
    """The module cannot be run generically (the reason is the message)."""


def words_of(data: bytes):
    if len(data) % 4 or len(data) < 20:
        raise Skip("not a SPIR-V binary")
    magic = struct.unpack_from("<I", data)[0]
    fmt = "<" if magic == 0x07230203 else ">"
    return list(struct.unpack(f"{fmt}{len(data) // 4}I", data))


def instructions(words):
    i = 5
    while i < len(words):
        count, op = words[i] >> 16, words[i] & 0xFFFF
        if count == 0 or i + count > len(words):
            raise Skip("malformed instruction stream")
        yield op, words[i + 1:i + count]
        i += count


def string_end(operands, start):
    """Index just past a literal string starting at `start`."""
    i = start
    while i < len(operands):
        w = operands[i]
        i += 1
        if any(((w >> s) & 0xFF) == 0 for s in (0, 8, 16, 24)):
            break
    return i


def reflect(data: bytes) -> dict:
    words = words_of(data)
    types, constants, variables = {}, {}, []
    decorations, member_decorations = {}, {}
    entry, local_size, local_size_ids = None, None, None
    for op, ops in instructions(words):
        if op in ATOMIC_OPS:
            raise Skip("atomics (order-dependent results)")
        if op in NON_DETERMINISTIC_OPS:
            raise Skip("reads the clock")
        if op in (OP_GROUP_DECORATE, OP_GROUP_MEMBER_DECORATE):
            raise Skip("decoration groups")
        if op == OP_CAPABILITY and ops[0] == CAP_PHYSICAL_STORAGE_BUFFER:
            raise Skip("buffer device addresses")
        if op == OP_NAME_ENTRY and ops[0] == GL_COMPUTE and entry is None:
            end = string_end(ops, 2)
            raw = struct.pack(f"<{end - 2}I", *ops[2:end])
            entry = (ops[1], raw.split(b"\0", 1)[0].decode("utf-8", "replace"))
        elif op == OP_EXEC_MODE and ops[1] == MODE_LOCAL_SIZE and entry and ops[0] == entry[0]:
            local_size = ops[2:5]
        elif op == OP_EXEC_MODE_ID and ops[1] == MODE_LOCAL_SIZE_ID and entry and ops[0] == entry[0]:
            local_size_ids = ops[2:5]
        elif op == OP_DECORATE:
            decorations.setdefault(ops[0], {})[ops[1]] = ops[2:]
        elif op == OP_MEMBER_DECORATE:
            member_decorations.setdefault((ops[0], ops[1]), {})[ops[2]] = ops[3:]
        elif op in (OP_TYPE_BOOL, OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_VECTOR, OP_TYPE_MATRIX,
                    OP_TYPE_IMAGE, OP_TYPE_SAMPLER, OP_TYPE_SAMPLED_IMAGE, OP_TYPE_ARRAY,
                    OP_TYPE_RUNTIME_ARRAY, OP_TYPE_STRUCT, OP_TYPE_POINTER,
                    OP_TYPE_ACCELERATION_STRUCTURE, OP_TYPE_UNTYPED_POINTER):
            types[ops[0]] = (op, ops[1:])
        elif op in (OP_CONSTANT, OP_SPEC_CONSTANT):
            constants[ops[1]] = ops[2]
        elif op == OP_VARIABLE:
            variables.append((ops[0], ops[1], ops[2]))
    if entry is None:
        raise Skip("no GLCompute entry point")
    if local_size_ids is not None:
        local_size = [constants.get(i, 1) for i in local_size_ids]
    if local_size is None:
        raise Skip("no workgroup size")

    def size_of(tid, stack=()):
        if tid in stack:
            raise Skip("recursive type")
        op, ops = types.get(tid, (None, None))
        if op in (OP_TYPE_INT, OP_TYPE_FLOAT):
            return ops[0] // 8
        if op == OP_TYPE_BOOL:
            raise Skip("bool in a buffer")
        if op == OP_TYPE_VECTOR:
            return ops[1] * size_of(ops[0], stack + (tid,))
        if op == OP_TYPE_MATRIX:
            raise Skip("matrix outside a struct member")
        if op in (OP_TYPE_ARRAY, OP_TYPE_RUNTIME_ARRAY):
            stride = decorations.get(tid, {}).get(DEC_ARRAY_STRIDE)
            if stride is None:
                raise Skip("array without ArrayStride")
            length = RUNTIME_ARRAY_LENGTH if op == OP_TYPE_RUNTIME_ARRAY else constants.get(ops[1])
            if length is None:
                raise Skip("array length not a constant")
            return length * stride[0]
        if op == OP_TYPE_STRUCT:
            end = 0
            for m, member in enumerate(ops):
                md = member_decorations.get((tid, m), {})
                if DEC_OFFSET not in md:
                    raise Skip("struct member without Offset")
                mop, mops = types.get(member, (None, None))
                if mop == OP_TYPE_MATRIX:
                    stride = md.get(DEC_MATRIX_STRIDE)
                    if stride is None:
                        raise Skip("matrix without MatrixStride")
                    col_op, col_ops = types[mops[0]]
                    lines = col_ops[1] if DEC_ROW_MAJOR in md else mops[1]
                    size = lines * stride[0]
                else:
                    size = size_of(member, stack + (tid,))
                end = max(end, md[DEC_OFFSET][0] + size)
            return end
        raise Skip(f"unsupported type in a buffer (opcode {op})")

    bindings, push_constant_size = [], 0
    for ptr_type, var, sc in variables:
        _, (psc, pointee) = types.get(ptr_type, (None, (None, None)))
        if sc == SC_UNIFORM_CONSTANT:
            raise Skip("images, samplers or acceleration structures")
        if sc == SC_PUSH_CONSTANT:
            push_constant_size = max(push_constant_size, (size_of(pointee) + 3) // 4 * 4)
            continue
        if sc not in (SC_UNIFORM, SC_STORAGE_BUFFER):
            continue
        count, block = 1, pointee
        op, ops = types[pointee]
        if op == OP_TYPE_RUNTIME_ARRAY:
            raise Skip("runtime array of descriptors")
        if op == OP_TYPE_ARRAY:
            count, block = constants.get(ops[1], 1), ops[0]
        dec = decorations.get(block, {})
        storage = sc == SC_STORAGE_BUFFER or DEC_BUFFER_BLOCK in dec
        vd = decorations.get(var, {})
        if DEC_BINDING not in vd:
            raise Skip("buffer without Binding")
        size = (size_of(block) + 15) // 16 * 16
        if size > (1 << 22):
            raise Skip("buffer larger than 4 MiB")
        bindings.append({
            "set": vd.get(DEC_SET, [0])[0],
            "binding": vd[DEC_BINDING][0],
            "storage": storage,
            "count": count,
            "size": max(size, 16),
        })
    if not any(b["storage"] for b in bindings):
        raise Skip("no storage buffer to observe")
    # Variables aliasing one descriptor (allowed by Vulkan) share it: the largest size.
    merged = {}
    for b in bindings:
        key = (b["set"], b["binding"])
        if key in merged:
            if merged[key]["storage"] != b["storage"] or merged[key]["count"] != b["count"]:
                raise Skip("aliased bindings of different kinds")
            merged[key]["size"] = max(merged[key]["size"], b["size"])
        else:
            merged[key] = b
    return {
        "entry": entry[1],
        "local_size": list(local_size),
        "bindings": [merged[k] for k in sorted(merged)],
        "push_constant_size": push_constant_size,
    }
