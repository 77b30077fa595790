"""Tests of the generic-address-space shim (run: python3 -m unittest discover -s xtask/semantics).

They need llvm-cxxfilt-15 (demangling) and llvm-as-15 / llvm-link-15 (the shim must be valid IR
that links with the module); without those tools they are skipped.
"""
import os, shutil, subprocess, tempfile, unittest

import generic_shim

TOOLS = all(shutil.which(t) for t in ("llvm-cxxfilt-15", "llvm-as-15", "llvm-link-15"))

TYPED_MODULE = """\
target datalayout = "e-p:64:64:64-i64:64:64"
target triple = "spir64-unknown-unknown"

%opencl.event_t = type opaque

define spir_kernel void @k(i32 addrspace(1)* %p, i64 %i) {
  %g = addrspacecast i32 addrspace(1)* %p to i32 addrspace(4)*
  %v = call spir_func <8 x i32> @_Z6vload8mPU3AS4Ki(i64 %i, i32 addrspace(4)* %g)
  %f = addrspacecast i32 addrspace(1)* %p to float addrspace(4)*
  %x = call spir_func float @_Z5fractfPU3AS4f(float 1.0, float addrspace(4)* %f)
  %e = alloca %opencl.event_t*
  %ge = addrspacecast %opencl.event_t** %e to %opencl.event_t* addrspace(4)*
  call spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32 1, %opencl.event_t* addrspace(4)* %ge)
  %n = call spir_func i32 @_Z3absi(i32 3)
  ret void
}

declare spir_func <8 x i32> @_Z6vload8mPU3AS4Ki(i64, i32 addrspace(4)*)
declare spir_func float @_Z5fractfPU3AS4f(float noundef, float addrspace(4)* nocapture noundef align 4)
declare spir_func void @_Z17wait_group_eventsiPU3AS49ocl_event(i32, %opencl.event_t* addrspace(4)*)
declare spir_func i32 @_Z3absi(i32)
"""

# A library that has vload8 only for private memory, fract only for global memory, and
# wait_group_events both for private and (as pocl's) for generic memory.
SYMBOLS = {
    "vload8(unsigned long, int const*)": "_Z6vload8mPKi",
    "vload8(unsigned long, int const AS1*)": "_Z6vload8mPU3AS1Ki",
    "fract(float, float AS1*)": "_Z5fractfPU3AS1f",
    "wait_group_events(int, ocl_event*)": "_Z17wait_group_eventsiP9ocl_event",
    "wait_group_events(int, ocl_event AS4*)": "_Z17wait_group_eventsiPU3AS49ocl_event",
}


class ParseDeclarations(unittest.TestCase):
    def test_types_without_attributes(self):
        decls = generic_shim.parse_declarations(TYPED_MODULE)
        self.assertEqual(decls["_Z5fractfPU3AS4f"], ("float", ["float", "float addrspace(4)*"], False))
        self.assertEqual(decls["_Z6vload8mPU3AS4Ki"], ("<8 x i32>", ["i64", "i32 addrspace(4)*"], False))

    def test_opaque_pointers(self):
        line = ("declare spir_func <4 x float> @_Z6vload4mPU3AS4Kf(i64 noundef, ptr addrspace(4) noundef) "
                "local_unnamed_addr #3")
        decls = generic_shim.parse_declarations(line)
        self.assertEqual(decls["_Z6vload4mPU3AS4Kf"], ("<4 x float>", ["i64", "ptr addrspace(4)"], False))
        self.assertEqual(generic_shim.in_space("ptr addrspace(4)", 0), "ptr")
        self.assertEqual(generic_shim.in_space("ptr addrspace(4)", 1), "ptr addrspace(1)")


@unittest.skipUnless(TOOLS, "needs llvm-cxxfilt-15, llvm-as-15 and llvm-link-15")
class BuildShim(unittest.TestCase):
    def test_wrappers_call_the_same_signature_in_another_space(self):
        shim, wrappers, missing = generic_shim.build_shim(TYPED_MODULE, SYMBOLS)
        self.assertEqual((wrappers, missing), (3, []))
        # private is preferred; global when private is missing
        self.assertIn("call spir_func <8 x i32> @_Z6vload8mPKi(i64 %a0, i32* %c1)", shim)
        self.assertIn("addrspacecast float addrspace(4)* %a1 to float addrspace(1)*", shim)
        self.assertIn("call spir_func float @_Z5fractfPU3AS1f(float %a0, float addrspace(1)* %c1)", shim)
        # the library's own generic overload is not a candidate
        self.assertIn("@_Z17wait_group_eventsiP9ocl_event(i32 %a0, %opencl.event_t** %c1)", shim)
        self.assertIn("%opencl.event_t = type opaque", shim)
        # built-ins without a generic pointer are left to the library
        self.assertNotIn("_Z3absi", shim)

    def test_unmatched_names_are_reported(self):
        symbols = {k: v for k, v in SYMBOLS.items() if not k.startswith("fract")}
        _, wrappers, missing = generic_shim.build_shim(TYPED_MODULE, symbols)
        self.assertEqual((wrappers, missing), (2, ["_Z5fractfPU3AS4f"]))

    def test_nothing_to_do_without_generic_built_ins(self):
        module = "declare spir_func i32 @_Z3absi(i32)\n"
        self.assertEqual(generic_shim.build_shim(module, SYMBOLS), (None, 0, []))

    def test_the_shim_links_and_defines_every_generic_declaration(self):
        with tempfile.TemporaryDirectory() as d:
            bc = os.path.join(d, "m.bc")
            subprocess.run(["llvm-as-15", "-", "-o", bc], input=TYPED_MODULE, text=True, check=True)
            linked, wrappers, missing = generic_shim.link_with_shim(bc, d, SYMBOLS)
            self.assertEqual((wrappers, missing), (3, []))
            text = subprocess.run(["llvm-dis-15", linked, "-o", "-"], capture_output=True, text=True,
                                  check=True).stdout
            declared = {line.split("@", 1)[1].split("(", 1)[0] for line in text.splitlines()
                        if line.startswith("declare")}
            self.assertFalse([n for n in declared if "U3AS4" in n], declared)
            self.assertIn("_Z6vload8mPKi", declared)


if __name__ == "__main__":
    unittest.main()
