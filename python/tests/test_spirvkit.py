"""The Python package against the CLI's behaviour: examples always, the corpus when present
(``../shared/corpus``; under CI=true its absence is a failure)."""

import functools
import os
import pathlib
import subprocess
import threading

import pytest

import spirvkit

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CORPUS = ROOT.parent / "shared" / "corpus"


def corpus() -> pathlib.Path:
    if CORPUS.is_dir():
        return CORPUS
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but the shared corpus is missing at {CORPUS}")
    pytest.skip("shared corpus missing")


def test_assemble_disassemble_round_trip():
    text = (EXAMPLES / "vector_add.spvasm").read_text()
    binary = spirvkit.assemble(text)
    assert binary[:4] == bytes([3, 2, 0x23, 7])
    listing = spirvkit.disassemble(binary)
    assert "OpEntryPoint Kernel" in listing
    assert spirvkit.assemble(listing) == binary
    assert "; SPIR-V" not in spirvkit.disassemble(binary, no_header=True)


def test_validate_valid_and_limits():
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    assert spirvkit.validate(data) == []
    problems = spirvkit.validate(data, max_id_bound=5)
    assert problems and "id bound" in problems[0].message
    with pytest.raises(TypeError):
        spirvkit.validate(data, no_such_limit=1)
    with pytest.raises(ValueError):
        spirvkit.validate(data, target_env="vulkan9")


def test_validate_reports_decode_errors_as_diagnostics():
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    problems = spirvkit.validate(data[:-2])
    assert len(problems) == 1 and problems[0].code == "binary.decode"


def test_errors_are_exceptions_with_diagnostics():
    with pytest.raises(spirvkit.AssembleError) as info:
        spirvkit.assemble("OpCapability Shader\n  %1 = OpFoo\n")
    d = info.value.diagnostics[0]
    assert (d.line, d.column) == (2, 8)
    assert "OpFoo" in d.message and d.instruction == "  %1 = OpFoo"
    assert isinstance(info.value, spirvkit.SpirvkitError)
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    with pytest.raises(spirvkit.DisassembleError) as info:
        spirvkit.disassemble(data + (5 << 16 | 61).to_bytes(4, "little"))
    assert info.value.diagnostics[0].word_offset is not None
    with pytest.raises(spirvkit.TranslateError):
        spirvkit.translate(b"define void @f( {\n")
    with pytest.raises(spirvkit.TranslateError) as info:
        spirvkit.translate(data[:-2], reverse=True)
    assert info.value.diagnostics[0].code == "binary.decode"
    # Invalid SPIR-V: the validator's diagnostics ride on the exception.
    invalid = spirvkit.assemble(
        "OpCapability Kernel\nOpCapability Addresses\nOpMemoryModel Physical64 OpenCL\n"
        "OpEntryPoint Kernel %missing \"k\"\n"
    )
    with pytest.raises(spirvkit.TranslateError) as info:
        spirvkit.translate(invalid, reverse=True)
    assert info.value.diagnostics == spirvkit.validate(invalid)
    assert info.value.diagnostics



def test_reverse_translate_matches_the_cli(tmp_path):
    spv = EXAMPLES / "vector_add.spv"
    bitcode = spirvkit.translate(spv.read_bytes(), reverse=True)
    assert bitcode[:4] == b"BC\xc0\xde"
    out = tmp_path / "cli.bc"
    r = subprocess.run([str(spirvkit_cli()), "translate", "-r", str(spv), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert bitcode == out.read_bytes()
    # Back to SPIR-V: still a valid module with the kernel.
    again = spirvkit.translate(bitcode)
    assert spirvkit.validate(again) == [] and "vector_add" in spirvkit.disassemble(again)


def test_reverse_translate_matches_the_cli_on_corpus_kernels(tmp_path):
    files = sorted((corpus() / "spir12").glob("*/*.bc64"))[::60]
    assert len(files) > 20
    for f in files:
        spv = tmp_path / "k.spv"
        spv.write_bytes(spirvkit.translate(f.read_bytes()))
        out = tmp_path / "k.bc"
        r = subprocess.run([str(spirvkit_cli()), "translate", "-r", str(spv), "-o", str(out)],
                           capture_output=True, text=True)
        try:
            bitcode = spirvkit.translate(spv.read_bytes(), reverse=True)
        except spirvkit.TranslateError as e:
            assert r.returncode == 1 and e.diagnostics, f
            continue
        assert r.returncode == 0, (f, r.stderr)
        assert bitcode == out.read_bytes(), f


def test_translate_example():
    spv = spirvkit.translate((EXAMPLES / "vector_add.bc").read_bytes())
    assert spirvkit.validate(spv) == []
    assert "vector_add" in spirvkit.disassemble(spv)
    untyped = spirvkit.translate(
        (EXAMPLES / "vector_add.bc").read_bytes(), extensions=["+SPV_KHR_untyped_pointers"],
        max_version="1.4",
    )
    assert spirvkit.validate(untyped) == []


def test_calls_run_in_parallel_threads():
    data = (EXAMPLES / "vector_add.spv").read_bytes()
    results = []

    def work():
        for _ in range(50):
            results.append(spirvkit.validate(data))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 200 and all(r == [] for r in results)


@functools.lru_cache(maxsize=None)
def spirvkit_cli() -> pathlib.Path:
    # Always through cargo (a no-op when up to date): a release binary left from an older
    # checkout would compare the wheel against stale code.
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "spirvkit-cli"], cwd=ROOT, check=True
    )
    return ROOT / "target" / "release" / "spirvkit"


def test_validate_agrees_with_the_cli_on_the_glslang_corpus():
    files = sorted((corpus() / "spv" / "glslang-vulkan").glob("*.spv"))
    assert len(files) > 900
    out = subprocess.run(
        [str(spirvkit_cli()), "val", "--target-env", "vulkan1.1", "-q", *map(str, files)],
        capture_output=True,
        text=True,
    )
    cli_invalid = {
        line.split(": error: ")[0][len("spirvkit: "):]
        for line in out.stderr.splitlines()
        if line.startswith("spirvkit: ") and ": error: " in line
    }
    py_invalid = {
        str(f) for f in files if spirvkit.validate(f.read_bytes(), target_env="vulkan1.1")
    }
    assert py_invalid == cli_invalid
    assert py_invalid, "the corpus has invalid modules"


def test_batch_local_finds_the_invalid_modules_and_writes_parquet(tmp_path):
    if os.environ.get("CI") != "true":
        pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    from spirvkit import batch

    root = corpus() / "spv"
    out = tmp_path / "v.parquet"
    assert batch.main(["validate", str(root), "--target-env", "vulkan1.1", "-j", "2", "-o", str(out)]) == 0
    table = pq.read_table(out)
    rows = table.to_pylist()
    files = batch.find_inputs(str(root), "validate")
    assert [r["path"] for r in rows] == files
    expected = {f for f in files if spirvkit.validate(open(f, "rb").read(), target_env="vulkan1.1")}
    assert {r["path"] for r in rows if not r["valid"]} == expected
    assert all(r["diagnostics"] for r in rows if not r["valid"])
    assert all(d["code"] and d["message"] for r in rows for d in r["diagnostics"])

    bc = sorted((corpus() / "spir12" / "basic").glob("*.bc64"))[:20]
    out = tmp_path / "t.parquet"
    pattern = str(corpus() / "spir12" / "basic" / "*.bc64")
    assert batch.main(["translate", pattern, "-j", "2", "-o", str(out)]) == 0
    rows = pq.read_table(out).to_pylist()
    by_path = {r["path"]: r for r in rows}
    for f in bc:
        row = by_path[str(f)]
        assert row["valid"] and row["output"] == spirvkit.translate(f.read_bytes())
