# -*- Python -*-
# lit configuration for running llvm-spirv's own test files (RUN and CHECK lines verbatim)
# with a chosen `llvm-spirv` (spirvkit's llvm-spirv personality, or llvm-spirv-15 for
# calibration). Loaded by the site configuration `run.py` writes; that one sets
# config.test_source_root (the folder of fetched tests), config.test_exec_root and
# config.lit17_tools_dir (a folder of links named after the tools the RUN lines call).
#
# What llvm-spirv's own test/lit.cfg.py does that matters here: ShTest format, suffixes
# .cl/.ll/.spt/.spvasm, tools found by name, the features spirv-as / spirv-dis /
# spirv-link when SPIRV-Tools has them, spirv-val run when present. We add 'spirv-tools'
# (for `%if spirv-tools %{ ... %}` in newer tests). We do not set 'object-emission',
# 'spirv-backend', 'pass-plugin' or 'asserts': those RUN lines need x86 object emission,
# LLVM's SPIR-V back end or an llvm-spirv pass plug-in, none of which this harness
# provides for both tools, so their tests are UNSUPPORTED (REQUIRES) or skipped (%if).

import os

import lit.formats

config.name = "LLVM_SPIRV_lit17"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cl", ".ll", ".spt", ".spvasm"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

tools_dir = config.lit17_tools_dir
config.environment["PATH"] = os.pathsep.join([tools_dir, "/usr/bin", "/bin"])
# Tests must not pick up the caller's LLVM options or locale.
for var in ("LLVM_SPIRV_OPTIONS", "LC_ALL"):
    config.environment.pop(var, None)

for feature in ("spirv-as", "spirv-dis", "spirv-link", "spirv-tools"):
    config.available_features.add(feature)

# llvm-spirv's substitutions that are plain tool names are found through PATH; these are
# the few lit would otherwise leave unexpanded.
config.substitutions.append(("%PATH%", config.environment["PATH"]))
# llvm-spirv's lit takes %triple from LLVM's default (host) target, which llc can emit.
config.substitutions.append(("%triple", "x86_64-unknown-linux-gnu"))
