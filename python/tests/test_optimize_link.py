"""spirvkit.optimize and spirvkit.link against the CLI (`spirvkit opt` / `spirvkit link`): the
same bytes on corpus modules, errors as exceptions carrying diagnostics."""

import subprocess

import pytest

import spirvkit
from test_spirvkit import EXAMPLES, corpus, spirvkit_cli


def cli_bytes(args, tmp_path):
    out = tmp_path / "cli.spv"
    r = subprocess.run([str(spirvkit_cli()), *args, "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return out.read_bytes()


def test_optimize_example_and_flag_errors():
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    out = spirvkit.optimize(data, ["-O"])
    assert spirvkit.validate(out) == []
    assert len(out) <= len(data)
    stripped = spirvkit.optimize(data, ["--strip-debug"])
    assert "OpName" not in spirvkit.disassemble(stripped)
    assert spirvkit.optimize(data, "--strip-debug") == stripped
    assert spirvkit.optimize(data, []) == data
    with pytest.raises(ValueError, match="--bogus"):
        spirvkit.optimize(data, ["--bogus"])
    with pytest.raises(ValueError, match="not implemented"):
        spirvkit.optimize(data, ["--loop-unroll"])
    with pytest.raises(ValueError):
        spirvkit.optimize(data, ["-O"], target_env="vulkan9")


def test_optimize_invalid_input_raises_with_the_validators_diagnostics():
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    with pytest.raises(spirvkit.OptimizeError) as info:
        spirvkit.optimize(data, ["-O"], max_id_bound=5)
    assert info.value.diagnostics == spirvkit.validate(data, max_id_bound=5)
    assert isinstance(info.value, spirvkit.SpirvkitError)
    with pytest.raises(spirvkit.OptimizeError) as info:
        spirvkit.optimize(data[:-2], ["-O"])
    assert info.value.diagnostics[0].code == "binary.decode"


def test_optimize_matches_the_cli_on_corpus_modules(tmp_path):
    files = sorted((corpus() / "spv" / "glslang-vulkan").glob("*.spv"))[::25]
    assert len(files) >= 30
    compared = invalid = 0
    for f in files:
        data = f.read_bytes()
        for passes in (["-O"], ["--strip-debug"], ["-Os"]):
            args = ["opt", *passes, "--target-env=vulkan1.1", str(f)]
            try:
                out = spirvkit.optimize(data, passes, target_env="vulkan1.1")
            except spirvkit.OptimizeError as e:
                assert e.diagnostics == spirvkit.validate(data, target_env="vulkan1.1")
                r = subprocess.run([str(spirvkit_cli()), *args, "-o", str(tmp_path / "x")],
                                   capture_output=True)
                assert r.returncode == 1
                invalid += 1
                continue
            assert out == cli_bytes(args, tmp_path), (f, passes)
            compared += 1
    assert compared > 60


def kernels():
    return sorted((corpus() / "spvasm" / "opencl-kernels").glob("*.spvasm64"))


def test_link_matches_the_cli_on_corpus_kernels(tmp_path):
    modules = []
    for f in kernels():
        try:
            data = spirvkit.assemble(f.read_text())
        except spirvkit.AssembleError:
            continue
        if not spirvkit.validate(data, target_env="opencl2.2"):
            modules.append((f, data))
        if len(modules) == 24:
            break
    assert len(modules) == 24
    linked_count = 0
    for (fa, a), (fb, b) in zip(modules[0::2], modules[1::2]):
        pa, pb = tmp_path / "a.spv", tmp_path / "b.spv"
        pa.write_bytes(a)
        pb.write_bytes(b)
        try:
            out = spirvkit.link([a, b], names=[str(pa), str(pb)])
        except spirvkit.LinkError as e:
            # The CLI refuses the same pair with the same message.
            r = subprocess.run([str(spirvkit_cli()), "link", str(pa), str(pb), "-o",
                                str(tmp_path / "o.spv")], capture_output=True, text=True)
            assert r.returncode == 1 and e.diagnostics[0].message in r.stderr
            continue
        assert out == cli_bytes(["link", str(pa), str(pb)], tmp_path), (fa, fb)
        assert spirvkit.validate(out) == []
        linked_count += 1
    assert linked_count >= 6


LIBRARY = """OpCapability Addresses
OpCapability Linkage
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpDecorate %f LinkageAttributes "helper" Export
%int = OpTypeInt 32 0
%fn = OpTypeFunction %int %int
%f = OpFunction %int None %fn
%x = OpFunctionParameter %int
%l = OpLabel
OpReturnValue %x
OpFunctionEnd
"""

MAIN = """OpCapability Addresses
OpCapability Linkage
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k "k"
OpDecorate %h LinkageAttributes "{name}" Import
%void = OpTypeVoid
%int = OpTypeInt 32 0
%c = OpConstant %int 7
%fn = OpTypeFunction %int %int
%kfn = OpTypeFunction %void
%h = OpFunction %int None %fn
%p = OpFunctionParameter %int
OpFunctionEnd
%k = OpFunction %void None %kfn
%l = OpLabel
%r = OpFunctionCall %int %h %c
OpReturn
OpFunctionEnd
"""


def test_link_resolves_imports_and_reports_unresolved_ones():
    lib = spirvkit.assemble(LIBRARY)
    main = spirvkit.assemble(MAIN.format(name="helper"))
    linked = spirvkit.link([main, lib])
    assert spirvkit.validate(linked) == []
    text = spirvkit.disassemble(linked)
    assert "Import" not in text and "OpFunctionCall" in text
    library = spirvkit.link([lib], create_library=True)
    assert "Export" in spirvkit.disassemble(library)

    missing = spirvkit.assemble(MAIN.format(name="nothing"))
    with pytest.raises(spirvkit.LinkError) as info:
        spirvkit.link([missing, lib], names=["main.spv", "lib.spv"])
    d = info.value.diagnostics[0]
    assert d.code == "link.unresolved_import" and d.file == "main.spv"
    assert d.word_offset is not None and "LinkageAttributes" in (d.instruction or "")
    partial = spirvkit.link([missing, lib], allow_partial_linkage=True)
    assert "Import" in spirvkit.disassemble(partial)

    with pytest.raises(spirvkit.LinkError) as info:
        spirvkit.link([main, lib[:-3]], names=["main.spv", "lib.spv"])
    assert info.value.diagnostics[0].file == "lib.spv"
    with pytest.raises(spirvkit.LinkError) as info:
        spirvkit.link([])
    assert info.value.diagnostics[0].code == "link.no_inputs"
    with pytest.raises(ValueError):
        spirvkit.link([main], names=["a", "b"])
