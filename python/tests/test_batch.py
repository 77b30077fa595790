"""``python -m spirvkit.batch`` with both engines: the local process pool and Ray (a local Ray
with num_cpus=2). They must find the same invalid modules as each other and as ``spirvkit val``,
and write the same output bytes for translate and optimize."""

import os
import subprocess

import pytest

import spirvkit
from test_spirvkit import corpus, spirvkit_cli


def need(module):
    if os.environ.get("CI") == "true":
        return __import__(module)
    return pytest.importorskip(module)


def run(tmp_path, name, *args):
    import pyarrow.parquet as pq

    from spirvkit import batch

    out = tmp_path / f"{name}.parquet"
    assert batch.main([*args, "-j", "2", "-o", str(out)]) == 0
    return pq.read_table(out).to_pylist()


def cli_invalid(files, target_env):
    out = subprocess.run(
        [str(spirvkit_cli()), "val", "--target-env", target_env, "-q", *map(str, files)],
        capture_output=True,
        text=True,
    )
    return {
        line.split(": error: ")[0][len("spirvkit: "):]
        for line in out.stderr.splitlines()
        if line.startswith("spirvkit: ") and ": error: " in line
    }


def test_local_optimize_writes_the_optimized_bytes(tmp_path):
    need("pyarrow")
    pattern = str(corpus() / "spv" / "glslang-vulkan" / "shaders-msl_comp_*.spv")
    rows = run(tmp_path, "o", "optimize", pattern, "--target-env", "vulkan1.1", "--passes",
               "--strip-debug -O", "--engine", "local")
    assert len(rows) > 50
    for r in rows:
        data = open(r["path"], "rb").read()
        if r["valid"]:
            assert r["output"] == spirvkit.optimize(
                data, ["--strip-debug", "-O"], target_env="vulkan1.1"
            )
        else:
            assert r["output"] is None and r["diagnostics"]
            assert spirvkit.validate(data, target_env="vulkan1.1")


def test_bad_passes_and_env_are_usage_errors(tmp_path):
    from spirvkit import batch

    with pytest.raises(SystemExit):
        batch.main(["optimize", "x", "--passes", "--bogus", "-o", str(tmp_path / "o")])
    with pytest.raises(SystemExit):
        batch.main(["validate", "x", "--target-env", "vulkan9", "-o", str(tmp_path / "o")])


def test_ray_and_local_find_the_same_invalid_modules_as_spirvkit_val(tmp_path):
    need("pyarrow")
    need("ray")
    from spirvkit import batch

    root = corpus() / "spv"
    files = batch.find_inputs(str(root), "validate")
    assert len(files) > 900
    local = run(tmp_path, "l", "validate", str(root), "--target-env", "vulkan1.1",
                "--engine", "local")
    ray = run(tmp_path, "r", "validate", str(root), "--target-env", "vulkan1.1",
              "--engine", "ray")
    assert [r["path"] for r in ray] == [r["path"] for r in local] == files
    invalid_local = {r["path"] for r in local if not r["valid"]}
    invalid_ray = {r["path"] for r in ray if not r["valid"]}
    assert invalid_ray == invalid_local == cli_invalid(files, "vulkan1.1")
    assert invalid_ray, "the corpus has invalid modules"
    assert ray == local  # the same diagnostics too

    # translate and optimize on samples: the same output bytes from both engines.
    pattern = str(corpus() / "spir12" / "basic" / "*.bc64")
    t_local = run(tmp_path, "tl", "translate", pattern, "--engine", "local")
    t_ray = run(tmp_path, "tr", "translate", pattern, "--engine", "ray")
    assert len(t_ray) > 20 and t_ray == t_local
    assert all(r["valid"] and r["output"] for r in t_ray)
    pattern = str(root / "glslang-vulkan" / "shaders-msl_comp_*.spv")
    o_local = run(tmp_path, "ol", "optimize", pattern, "--target-env", "vulkan1.1",
                  "--engine", "local")
    o_ray = run(tmp_path, "or", "optimize", pattern, "--target-env", "vulkan1.1",
                "--engine", "ray")
    assert len(o_ray) > 50 and o_ray == o_local
