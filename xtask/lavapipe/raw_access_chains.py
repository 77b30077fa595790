"""Behaviour of `spirvkit opt --lower-raw-access-chains` on lavapipe (which has no
VK_NV_raw_access_chains): a module using OpRawAccessChainNV with every robustness mode, with
buffers sized so that some accesses are partly or wholly out of bounds, is lowered, run, and
every output byte compared with a reference computed from the extension's definition:
byte address = Offset + Stride × Index; RobustnessPerComponentNV checks each component,
RobustnessPerElementNV the element [Stride × Index, Stride × (Index + 1)); out-of-bounds loads
read zero and out-of-bounds stores are dropped. Prints one summary line `raw-access-chains:`."""

import argparse
import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INVOCATIONS = 8
# Buffer sizes in bytes: `src` ends inside invocation 4's vec4 and invocation 7's element.
SIZES = {"src": 92, "out_plain": 256, "out_element": 40, "out_component": 120}

MODULE = """
               OpCapability Shader
               OpCapability RawAccessChainsNV
               OpExtension "SPV_NV_raw_access_chains"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid %src %out_plain %out_element %out_component
               OpExecutionMode %main LocalSize 8 1 1
               OpDecorate %S Block
               OpMemberDecorate %S 0 Offset 0
               OpDecorate %rta ArrayStride 4
               OpDecorate %src DescriptorSet 0
               OpDecorate %src Binding 0
               OpDecorate %out_plain DescriptorSet 0
               OpDecorate %out_plain Binding 1
               OpDecorate %out_element DescriptorSet 0
               OpDecorate %out_element Binding 2
               OpDecorate %out_component DescriptorSet 0
               OpDecorate %out_component Binding 3
               OpDecorate %gid BuiltIn GlobalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
    %v4float = OpTypeVector %float 4
     %v2uint = OpTypeVector %uint 2
     %v3uint = OpTypeVector %uint 3
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
      %ptr_S = OpTypePointer StorageBuffer %S
     %ptr_v4 = OpTypePointer StorageBuffer %v4float
     %ptr_v2 = OpTypePointer StorageBuffer %v2uint
   %ptr_gid = OpTypePointer Input %v3uint
        %src = OpVariable %ptr_S StorageBuffer
  %out_plain = OpVariable %ptr_S StorageBuffer
%out_element = OpVariable %ptr_S StorageBuffer
%out_component = OpVariable %ptr_S StorageBuffer
        %gid = OpVariable %ptr_gid Input
     %uint_0 = OpConstant %uint 0
     %uint_4 = OpConstant %uint 4
      %int_4 = OpConstant %int 4
     %uint_8 = OpConstant %uint 8
    %uint_12 = OpConstant %uint 12
    %uint_16 = OpConstant %uint 16
    %uint_20 = OpConstant %uint 20
    %uint_32 = OpConstant %uint 32
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %g = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %g 0
         %si = OpBitcast %int %i
        %pa = OpRawAccessChainNV %ptr_v4 %src %uint_20 %i %uint_4 RobustnessPerComponentNV
        %va = OpLoad %v4float %pa Aligned 4
        %qa = OpRawAccessChainNV %ptr_v4 %out_plain %uint_32 %i %uint_0
               OpStore %qa %va Aligned 16
        %pb = OpRawAccessChainNV %ptr_v2 %src %uint_12 %si %int_4 RobustnessPerElementNV
        %vb = OpLoad %v2uint %pb Aligned 4
        %qb = OpRawAccessChainNV %ptr_v2 %out_element %uint_8 %i %uint_0 RobustnessPerElementNV
               OpStore %qb %vb Aligned 8
        %qc = OpRawAccessChainNV %ptr_v4 %out_component %uint_16 %i %uint_0 RobustnessPerComponentNV
               OpStore %qc %va Aligned 4
        %qd = OpRawAccessChainNV %ptr_v4 %out_plain %uint_32 %i %uint_16
               OpStore %qd %va Aligned 16
               OpReturn
               OpFunctionEnd
"""


def reference(initial):
    """The outputs by the extension's definition, from the initial bytes of each buffer."""
    src = initial["src"]
    out = {k: bytearray(v) for k, v in initial.items()}

    def load_component(buf, size, address):
        return buf[address:address + 4] if address + 4 <= size else b"\0\0\0\0"

    for i in range(INVOCATIONS):
        # a: vec4 at 20i + 4, each component checked.
        va = b"".join(load_component(src, SIZES["src"], 20 * i + 4 + 4 * c) for c in range(4))
        out["out_plain"][32 * i:32 * i + 16] = va
        out["out_plain"][32 * i + 16:32 * i + 32] = va
        # b: uvec2 at 12i + 4, the element [12i, 12i + 12) checked as a whole.
        if 12 * (i + 1) <= SIZES["src"]:
            vb = src[12 * i + 4:12 * i + 12]
        else:
            vb = bytes(8)
        if 8 * (i + 1) <= SIZES["out_element"]:
            out["out_element"][8 * i:8 * i + 8] = vb
        # c: vec4 stored at 16i, each component checked.
        for c in range(4):
            address = 16 * i + 4 * c
            if address + 4 <= SIZES["out_component"]:
                out["out_component"][address:address + 4] = va[4 * c:4 * c + 4]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spirvkit", required=True)
    ap.add_argument("--scratch", required=True)
    ap.add_argument("--spirv-val", required=True)
    args = ap.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    text = os.path.join(args.scratch, "raw.spvasm")
    binary = os.path.join(args.scratch, "raw.spv")
    lowered = os.path.join(args.scratch, "raw.lowered.spv")
    optimized = os.path.join(args.scratch, "raw.lowered.O.spv")
    with open(text, "w") as f:
        f.write(MODULE)
    failures = []

    def run(cmd):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            failures.append(f"{' '.join(cmd[:2])}: {r.stderr.strip()[:300]}")
        return r.returncode == 0

    ok = (run([args.spirvkit, "as", "--target-env", "spv1.6", text, "-o", binary])
          and run([args.spirvkit, "opt", "--target-env=vulkan1.3", "--lower-raw-access-chains", binary, "-o", lowered])
          and run([args.spirv_val, "--target-env", "vulkan1.3", lowered])
          and run([args.spirvkit, "val", "--target-env", "vulkan1.3", lowered])
          # The lowered module through -O too (the helpers get inlined): same outputs expected.
          and run([args.spirvkit, "opt", "--target-env=vulkan1.3", "-O", lowered, "-o", optimized])
          and run([args.spirv_val, "--target-env", "vulkan1.3", optimized]))
    compared = 0
    if ok:
        names = ["src", "out_plain", "out_element", "out_component"]
        rng = random.Random(2024)
        initial = {n: bytes(rng.randrange(256) for _ in range(SIZES[n])) for n in names}
        layout = {"entry": "main", "local_size": [INVOCATIONS, 1, 1], "push_constant_size": 0,
                  "bindings": [{"set": 0, "binding": b, "storage": True, "count": 1, "size": SIZES[n]}
                               for b, n in enumerate(names)]}
        job = {"layout": layout, "modules": [lowered, optimized], "seed": 0, "groups": [1, 1, 1],
               "contents": [initial[n].hex() for n in names], "dump": True}
        r = subprocess.run([sys.executable, os.path.join(HERE, "vk_worker.py")], input=json.dumps(job),
                           capture_output=True, text=True, timeout=120)
        results = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
        expected = reference(initial)
        for label, result in zip(["lowered", "lowered + -O"], results + [None] * (2 - len(results))):
            if result is None or result["status"] != "ok":
                failures.append(f"{label}: lavapipe run: {result or r.stderr[-300:]}")
                continue
            for name, data in zip(names, result["data"]):
                got = bytes.fromhex(data)
                compared += len(got)
                want = bytes(expected[name])
                if len(got) != len(want):
                    failures.append(f"{label}: {name}: {len(got)} bytes read back, expected {len(want)}")
                elif got != want:
                    first = next(k for k in range(len(got)) if got[k] != want[k])
                    failures.append(f"{label}: {name}: byte {first} is {got[first]:#x}, expected {want[first]:#x}")
    for f in failures:
        print(json.dumps({"status": "failed", "detail": f}))
    print(f"raw-access-chains: lowered module and its -O output valid={ok}, {compared} output bytes "
          f"compared with the extension's definition (in- and out-of-bounds), {len(failures)} failures",
          flush=True)


if __name__ == "__main__":
    main()
