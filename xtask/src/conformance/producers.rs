//! The validator and the disassembler against spirv-val / spirv-dis 2025.5 on modules from
//! every producer, not only the corpus binaries:
//! - glslang 12 (`glslangValidator -V --amb --aml`) on the glslang test shaders
//!   (`corpus/glsl`), for `vulkan1.0..1.3` and `spirv1.0..1.6` (HLSL `hlsl.*` with
//!   `-D -e main`); files that fail to compile (many on purpose) or crash glslang are skipped;
//! - clang-22's SPIR-V back end (`--target=spirv64|spirv32 -cl-std=CL2.0 -O0|-O2`) on every
//!   OpenCL C source of `corpus/spir12`;
//! - llvm-spirv-15 (`--spirv-ext=+all`, each `--spirv-max-version`) on clang-15 bitcode of
//!   the same sources;
//! - spirvkit's own translator, with no extension, each extension it knows, and all of them,
//!   on that bitcode and on the corpus SPIR 1.2 bitcode;
//! - the corpus spvasm files assembled by spirv-as under every `--target-env`.
//!
//! Each module is validated under the environment it was produced for and the universal
//! environment of its version (`spv1.N`), by both validators, and disassembled by both
//! disassemblers (default and `--raw-id`). Compiled modules, spirv-val verdicts and spirv-dis
//! texts are cached in `target/producers/`, keyed by the hash of their inputs and flags, so a
//! rerun only redoes spirvkit's side. By default a spread sample of every producer's sources
//! runs (`SAMPLE_STRIDE`); `--full` runs them all; `SPIRVKIT_PRODUCERS=a,b` keeps some
//! producers only. Fails on any false rejection, any
//! disassembly difference and any panic; misses are reported grouped by spirv-val's message.

use super::{files, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_text::{disassemble, DisassembleOptions};
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Default spread sample: every n-th source of each producer (sorted by path).
const SAMPLE_STRIDE: usize = 10;
/// Seconds any one external compile may take (glslang 12 loops or crashes on a few files).
const COMPILE_TIMEOUT: &str = "60";

const GLSLANG_TARGETS: &[&str] = &[
    "vulkan1.3",
    "vulkan1.2",
    "vulkan1.1",
    "vulkan1.0",
    "spirv1.0",
    "spirv1.1",
    "spirv1.2",
    "spirv1.3",
    "spirv1.4",
    "spirv1.5",
    "spirv1.6",
];
const LLVM_SPIRV_VERSIONS: &[&str] = &["1.0", "1.1", "1.2", "1.3", "1.4"];
/// Every `--target-env` of spirv-as.
const ASM_ENVS: &[&str] = &[
    "spv1.0",
    "spv1.1",
    "spv1.2",
    "spv1.3",
    "spv1.4",
    "spv1.5",
    "spv1.6",
    "vulkan1.0",
    "vulkan1.1",
    "vulkan1.1spv1.4",
    "vulkan1.2",
    "vulkan1.3",
    "vulkan1.4",
    "opencl1.2",
    "opencl2.0",
    "opencl2.1",
    "opencl2.2",
    "opengl4.5",
];
/// Glslang test files of a shader stage (the rest are headers and included parts).
const SHADER_EXTENSIONS: &[&str] = &[
    "vert", "tesc", "tese", "geom", "frag", "comp", "rgen", "rint", "rahit", "rchit", "rmiss",
    "rcall", "mesh", "task",
];

/// The `env` of OpenCL producers: see [`environments`].
pub const OPENCL: &str = "opencl";

/// One compiled module: who made it, how, from what, and where the binary is cached.
#[derive(Clone)]
pub struct Produced {
    pub producer: &'static str,
    /// The producer's target or flags (`vulkan1.3`, `spirv64 -O2`, `max 1.2`...).
    pub variant: String,
    pub source: PathBuf,
    pub spv: PathBuf,
    /// The environment the module was made for (validated under it and its `spv1.N`), or
    /// [`OPENCL`] for OpenCL kernels.
    pub env: String,
}

struct Cache {
    root: PathBuf,
}

fn hash_parts(parts: &[&[u8]]) -> String {
    // Two differently seeded SipHash runs: 128 bits, so distinct inputs never share a file.
    let mut a = std::collections::hash_map::DefaultHasher::new();
    let mut b = std::collections::hash_map::DefaultHasher::new();
    0xa5u8.hash(&mut b);
    for p in parts {
        p.hash(&mut a);
        p.hash(&mut b);
    }
    format!("{:016x}{:016x}", a.finish(), b.finish())
}

impl Cache {
    fn new() -> anyhow::Result<Self> {
        let root = crate::workspace_root().join("target/producers");
        for sub in ["compiled", "verdicts", "dis", "tmp"] {
            std::fs::create_dir_all(root.join(sub))?;
        }
        Ok(Self { root })
    }

    /// The cached module for `key`, compiling it with `produce(out)` on a miss; None when the
    /// producer fails (remembered too, so failing files are not retried).
    fn compiled(
        &self,
        producer: &str,
        key: &[&[u8]],
        produce: impl FnOnce(&Path) -> bool,
    ) -> Option<PathBuf> {
        let h = hash_parts(key);
        let dir = self.root.join("compiled").join(producer);
        let spv = dir.join(format!("{h}.spv"));
        let fail = dir.join(format!("{h}.fail"));
        if spv.is_file() {
            return Some(spv);
        }
        if fail.is_file() {
            return None;
        }
        std::fs::create_dir_all(&dir).ok()?;
        let tmp = self
            .root
            .join("tmp")
            .join(format!("{h}-{}.spv", std::process::id()));
        let ok = produce(&tmp)
            && std::fs::read(&tmp)
                .ok()
                .is_some_and(|b| b.len() >= 20 && b[..4] == [0x03, 0x02, 0x23, 0x07]);
        if ok && std::fs::rename(&tmp, &spv).is_ok() {
            Some(spv)
        } else {
            let _ = std::fs::remove_file(&tmp);
            let _ = std::fs::write(&fail, b"");
            None
        }
    }

    /// spirv-val's verdict (true: valid) and first message line on `spv` under `env`.
    fn reference_verdict(
        &self,
        tools: &Path,
        spv: &Path,
        bytes: &[u8],
        env: &str,
    ) -> anyhow::Result<(bool, String)> {
        let file = self
            .root
            .join("verdicts")
            .join(format!("{}.txt", hash_parts(&[bytes, env.as_bytes()])));
        if let Ok(text) = std::fs::read_to_string(&file) {
            if let Some((verdict, msg)) = text.split_once('\n') {
                return Ok((verdict == "valid", msg.to_string()));
            }
        }
        let out = Command::new(tools.join("spirv-val"))
            .args(["--target-env", env])
            .arg(spv)
            .output()?;
        let msg = String::from_utf8_lossy(&out.stderr)
            .lines()
            .chain(String::from_utf8_lossy(&out.stdout).lines())
            .next()
            .unwrap_or("")
            .to_string();
        let ok = out.status.success();
        if ok || out.status.code().is_some() {
            let verdict = if ok { "valid" } else { "invalid" };
            std::fs::write(&file, format!("{verdict}\n{msg}"))?;
        }
        Ok((ok, msg))
    }

    /// spirv-dis's text (None when it fails) with `args`.
    fn reference_dis(
        &self,
        tools: &Path,
        spv: &Path,
        bytes: &[u8],
        args: &[&str],
    ) -> anyhow::Result<Option<String>> {
        let key = hash_parts(&[bytes, args.join(" ").as_bytes()]);
        let file = self.root.join("dis").join(format!("{key}.txt"));
        let failed = self.root.join("dis").join(format!("{key}.fail"));
        if let Ok(text) = std::fs::read_to_string(&file) {
            return Ok(Some(text));
        }
        if failed.is_file() {
            return Ok(None);
        }
        let out = Command::new(tools.join("spirv-dis"))
            .args(args)
            .arg(spv)
            .args(["-o", "-"])
            .output()?;
        if !out.status.success() {
            std::fs::write(&failed, b"")?;
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        std::fs::write(&file, &text)?;
        Ok(Some(text))
    }
}

/// Runs `program args` with a time limit; true on success.
fn run_limited(program: &str, args: &[&str], input: &Path, out: &Path, cwd: &Path) -> bool {
    Command::new("timeout")
        .args([COMPILE_TIMEOUT, program])
        .args(args)
        .arg(input)
        .arg("-o")
        .arg(out)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn sample(all: Vec<PathBuf>, full: bool) -> Vec<PathBuf> {
    let stride = if full { 1 } else { SAMPLE_STRIDE };
    all.into_iter().step_by(stride).collect()
}

/// The SPIR-V version (minor) in a module's header.
fn version_minor(bytes: &[u8]) -> u8 {
    bytes.get(5).copied().unwrap_or(0)
}

fn glslang(cache: &Cache, corpus: &Path, full: bool) -> Vec<Produced> {
    let dir = corpus.join("glsl");
    let all: Vec<PathBuf> = files(&dir, SHADER_EXTENSIONS);
    sample(all, full)
        .par_iter()
        .flat_map_iter(|src| {
            let name = src.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let hlsl = name.starts_with("hlsl.");
            let text = std::fs::read(src).unwrap_or_default();
            let mut out = Vec::new();
            for (t, target) in GLSLANG_TARGETS.iter().enumerate() {
                let mut args = vec!["-V", "--amb", "--aml", "--target-env", target];
                if hlsl {
                    args.extend(["-D", "-e", "main"]);
                }
                let flags = args.join(" ");
                let compiled = cache.compiled(
                    "glslang",
                    &[&text, name.as_bytes(), flags.as_bytes()],
                    |o| run_limited("glslangValidator", &args, src, o, &dir),
                );
                match compiled {
                    Some(spv) => {
                        let env = match target.strip_prefix("spirv") {
                            Some(v) => format!("spv{v}"),
                            None => (*target).to_string(),
                        };
                        out.push(Produced {
                            producer: "glslang",
                            variant: (*target).to_string(),
                            source: src.clone(),
                            spv,
                            env,
                        });
                    }
                    // A shader that does not compile for the newest Vulkan is one of the
                    // files meant to fail: the other targets are not tried.
                    None if t == 0 => break,
                    None => {}
                }
            }
            out
        })
        .collect()
}

fn opencl_sources(corpus: &Path, full: bool) -> Vec<PathBuf> {
    sample(files(&corpus.join("spir12"), &["cl"]), full)
}

fn clang22(cache: &Cache, sources: &[PathBuf]) -> Vec<Produced> {
    sources
        .par_iter()
        .flat_map_iter(|src| {
            let text = std::fs::read(src).unwrap_or_default();
            let cwd = src.parent().map(Path::to_path_buf).unwrap_or_default();
            let mut out = Vec::new();
            for target in ["spirv64", "spirv32"] {
                for opt in ["-O0", "-O2"] {
                    let t = format!("--target={target}");
                    let args = [t.as_str(), "-cl-std=CL2.0", opt, "-c"];
                    let flags = args.join(" ");
                    if let Some(spv) = cache.compiled("clang22", &[&text, flags.as_bytes()], |o| {
                        run_limited("clang-22", &args, src, o, &cwd)
                    }) {
                        out.push(Produced {
                            producer: "clang-22",
                            variant: format!("{target} {opt}"),
                            source: src.clone(),
                            spv,
                            env: OPENCL.into(),
                        });
                    }
                }
            }
            out
        })
        .collect()
}

/// clang-15 bitcode (spir64, OpenCL C 2.0) of each source, cached like the modules.
fn clang15_bitcode(cache: &Cache, sources: &[PathBuf]) -> Vec<(PathBuf, PathBuf)> {
    sources
        .par_iter()
        .filter_map(|src| {
            let text = std::fs::read(src).ok()?;
            let cwd = src.parent().map(Path::to_path_buf).unwrap_or_default();
            let args = ["--target=spir64", "-cl-std=CL2.0", "-emit-llvm", "-c"];
            let flags = args.join(" ");
            let dir = cache.root.join("compiled/clang15-bc");
            let h = hash_parts(&[&text, flags.as_bytes()]);
            let bc = dir.join(format!("{h}.bc"));
            if bc.is_file() {
                return Some((src.clone(), bc));
            }
            if dir.join(format!("{h}.fail")).is_file() {
                return None;
            }
            std::fs::create_dir_all(&dir).ok()?;
            let tmp = cache
                .root
                .join("tmp")
                .join(format!("{h}-{}.bc", std::process::id()));
            if run_limited("clang-15", &args, src, &tmp, &cwd) && std::fs::rename(&tmp, &bc).is_ok()
            {
                Some((src.clone(), bc))
            } else {
                let _ = std::fs::write(dir.join(format!("{h}.fail")), b"");
                None
            }
        })
        .collect()
}

fn llvm_spirv(cache: &Cache, bitcode: &[(PathBuf, PathBuf)]) -> Vec<Produced> {
    bitcode
        .par_iter()
        .flat_map_iter(|(src, bc)| {
            let bytes = std::fs::read(bc).unwrap_or_default();
            let cwd = bc.parent().map(Path::to_path_buf).unwrap_or_default();
            LLVM_SPIRV_VERSIONS
                .iter()
                .filter_map(|v| {
                    let max = format!("--spirv-max-version={v}");
                    let args = ["--spirv-ext=+all", max.as_str()];
                    let flags = args.join(" ");
                    let spv =
                        cache.compiled("llvm-spirv-15", &[&bytes, flags.as_bytes()], |o| {
                            run_limited("llvm-spirv-15", &args, bc, o, &cwd)
                        })?;
                    Some(Produced {
                        producer: "llvm-spirv-15",
                        variant: format!("max {v}"),
                        source: src.clone(),
                        spv,
                        env: OPENCL.into(),
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Extensions whose output on the corpus uses instructions or capabilities newer than the
/// reference's grammar (SPIRV-Tools 2025.5 / SPIRV-Headers 1.4.335): spirv-val and spirv-dis
/// refuse every such module, so they cannot judge spirvkit's validator or disassembler on it.
/// SPV_KHR_poison_freeze turns the `poison` operands clang writes everywhere into OpPoisonKHR.
const BEYOND_THE_REFERENCE: &[&str] = &["SPV_KHR_poison_freeze"];

/// Extension lists of spirvkit's translator: none, each one alone, all (less the extensions the
/// reference cannot judge).
fn translator_extension_sets() -> Vec<String> {
    let mut sets = vec![String::new()];
    sets.extend(
        spirvkit_spir::KNOWN_EXTENSIONS
            .iter()
            .filter(|e| !BEYOND_THE_REFERENCE.contains(e))
            .map(|e| format!("+{e}")),
    );
    let mut all = String::from("+all");
    for e in BEYOND_THE_REFERENCE {
        all.push_str(&format!(",-{e}"));
    }
    sets.push(all);
    sets
}

fn spirvkit_translator(
    cache: &Cache,
    bitcode: &[(PathBuf, PathBuf)],
    corpus: &Path,
    full: bool,
) -> Vec<Produced> {
    let mut inputs: Vec<(PathBuf, PathBuf, &'static str)> = bitcode
        .iter()
        .map(|(s, b)| (s.clone(), b.clone(), "clang-15 bitcode"))
        .collect();
    for p in sample(files(&corpus.join("spir12"), &["bc32", "bc64"]), full) {
        inputs.push((p.clone(), p, "SPIR 1.2"));
    }
    let sets = translator_extension_sets();
    let version = env!("CARGO_PKG_VERSION");
    inputs
        .par_iter()
        .flat_map_iter(|(src, bc, kind)| {
            let bytes = std::fs::read(bc).unwrap_or_default();
            let module = spirvkit_llvm::read_bytes(&bytes, &bc.display().to_string()).ok();
            sets.iter()
                .filter_map(|set| {
                    let module = module.as_ref()?;
                    let spv = cache.compiled(
                        "spirvkit",
                        &[&bytes, set.as_bytes(), version.as_bytes()],
                        |o| {
                            let mut opts = spirvkit_spir::TranslateOptions::default();
                            opts.apply_extension_list(set).is_ok()
                                && spirvkit_spir::translate(module, &opts)
                                    .is_ok_and(|m| std::fs::write(o, m.to_bytes()).is_ok())
                        },
                    )?;
                    let variant = if set.is_empty() {
                        format!("{kind}, no extension")
                    } else {
                        format!("{kind}, {set}")
                    };
                    Some(Produced {
                        producer: "spirvkit translate",
                        variant,
                        source: src.clone(),
                        spv,
                        env: OPENCL.into(),
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn spvasm(cache: &Cache, tools: &Path, corpus: &Path, full: bool) -> Vec<Produced> {
    let all = files(&corpus.join("spvasm"), &["spvasm", "spvasm32", "spvasm64"]);
    let as_tool = tools.join("spirv-as");
    let as_tool = as_tool.to_string_lossy().into_owned();
    sample(all, full)
        .par_iter()
        .flat_map_iter(|src| {
            let text = std::fs::read(src).unwrap_or_default();
            let cwd = src.parent().map(Path::to_path_buf).unwrap_or_default();
            ASM_ENVS
                .iter()
                .filter_map(|env| {
                    let args = ["--target-env", env];
                    let spv = cache.compiled("spirv-as", &[&text, env.as_bytes()], |o| {
                        run_limited(&as_tool, &args, src, o, &cwd)
                    })?;
                    Some(Produced {
                        producer: "spirv-as",
                        variant: (*env).to_string(),
                        source: src.clone(),
                        spv,
                        env: (*env).to_string(),
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Compiles (or finds in the cache) every module of every producer.
pub fn produce(ctx: &Context) -> anyhow::Result<Vec<Produced>> {
    let cache = Cache::new()?;
    // `SPIRVKIT_PRODUCERS=glslang,spirv-as` keeps the producers named (glslang, clang-22,
    // llvm-spirv-15, spirvkit, spirv-as).
    let wanted = std::env::var("SPIRVKIT_PRODUCERS").ok();
    let on = |name: &str| {
        wanted
            .as_deref()
            .is_none_or(|w| w.split(',').any(|p| p.trim() == name))
    };
    let mut all = Vec::new();
    if on("glslang") {
        all.extend(glslang(&cache, &ctx.corpus, ctx.full));
    }
    let sources = opencl_sources(&ctx.corpus, ctx.full);
    if on("clang-22") {
        all.extend(clang22(&cache, &sources));
    }
    if on("llvm-spirv-15") || on("spirvkit") {
        let bitcode = clang15_bitcode(&cache, &sources);
        if on("llvm-spirv-15") {
            all.extend(llvm_spirv(&cache, &bitcode));
        }
        if on("spirvkit") {
            all.extend(spirvkit_translator(&cache, &bitcode, &ctx.corpus, ctx.full));
        }
    }
    if on("spirv-as") {
        all.extend(spvasm(&cache, &ctx.tools, &ctx.corpus, ctx.full));
    }
    Ok(all)
}

/// The environments a module is validated under: the one it was made for and the universal
/// one of its version (once when they are the same). OpenCL kernels are checked under
/// OpenCL 2.2 when their version allows it (spirv-val takes SPIR-V ≤ 1.2 there; newer
/// kernels only have the universal environment).
pub fn environments(p: &Produced, bytes: &[u8]) -> Vec<String> {
    let minor = version_minor(bytes).min(6);
    let universal = format!("spv1.{minor}");
    let made_for = if p.env == OPENCL {
        if minor > 2 {
            return vec![universal];
        }
        "opencl2.2".to_string()
    } else {
        p.env.clone()
    };
    if made_for == universal {
        vec![universal]
    } else {
        vec![made_for, universal]
    }
}

#[derive(Default)]
struct Row {
    accepted: usize,
    false_rejections: usize,
    rejected: usize,
    missed: usize,
}

#[derive(Default)]
struct DisRow {
    total: usize,
    default_same: usize,
    raw_same: usize,
}

/// spirvkit's verdict: the first diagnostic, or a panic.
fn our_verdict(words: &[u32], env: &str) -> Result<(), String> {
    let Ok(env) = env.parse::<TargetEnv>() else {
        return Err(format!("unknown environment {env}"));
    };
    let opts = ValidatorOptions::new(env);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| validate(words, &opts))) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(d)) => Err(d
            .first()
            .map(|d| format!("{}: {}", d.rule, d.message))
            .unwrap_or_default()),
        Err(_) => Err("PANIC".into()),
    }
}

fn first_diff(ours: &str, reference: &str) -> String {
    for (i, (x, y)) in ours.lines().zip(reference.lines()).enumerate() {
        if x != y {
            return format!("line {}: spirv-dis `{y}`, spirvkit `{x}`", i + 1);
        }
    }
    format!(
        "line counts differ: spirvkit {}, spirv-dis {}",
        ours.lines().count(),
        reference.lines().count()
    )
}

enum Finding {
    Verdict {
        key: (String, String),
        ours: Result<(), String>,
        reference: (bool, String),
        label: String,
    },
    Dis {
        producer: String,
        default_diff: Option<String>,
        raw_diff: Option<String>,
        label: String,
    },
    Error(String),
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let start = std::time::Instant::now();
    let produced = produce(ctx)?;
    let cache = Cache::new()?;
    let compile_time = start.elapsed().as_secs_f64();
    // Validation: each distinct (module, environment) once, under the first producer that
    // made it; disassembly: each distinct module once.
    let mut seen_val = std::collections::HashSet::new();
    let mut seen_dis = std::collections::HashSet::new();
    let mut jobs: Vec<(Produced, Vec<u8>, Vec<String>, bool)> = Vec::new();
    for p in produced {
        let Ok(bytes) = std::fs::read(&p.spv) else {
            continue;
        };
        let h = hash_parts(&[&bytes]);
        let envs: Vec<String> = environments(&p, &bytes)
            .into_iter()
            .filter(|e| seen_val.insert((h.clone(), e.clone())))
            .collect();
        let dis = seen_dis.insert(h);
        if !envs.is_empty() || dis {
            jobs.push((p, bytes, envs, dis));
        }
    }
    let findings: Vec<Finding> = jobs
        .par_iter()
        .flat_map_iter(|(p, bytes, envs, dis)| {
            let label = format!("{} [{} {}]", p.source.display(), p.producer, p.variant);
            let mut out = Vec::new();
            let words = match spirvkit_core::words_from_bytes(bytes) {
                Ok((w, _)) => w,
                Err(e) => {
                    out.push(Finding::Error(format!("{label}: {e}")));
                    return out;
                }
            };
            for env in envs {
                match cache.reference_verdict(&ctx.tools, &p.spv, bytes, env) {
                    Ok(reference) => out.push(Finding::Verdict {
                        key: (p.producer.to_string(), env.clone()),
                        ours: our_verdict(&words, env),
                        reference,
                        label: label.clone(),
                    }),
                    Err(e) => out.push(Finding::Error(format!("{label}: spirv-val: {e}"))),
                }
            }
            if *dis {
                let mut diffs = [None, None];
                for (k, raw) in [false, true].into_iter().enumerate() {
                    let args: &[&str] = if raw { &["--raw-id"] } else { &[] };
                    let opts = DisassembleOptions {
                        raw_id: raw,
                        ..Default::default()
                    };
                    let ours = disassemble(&words, &opts);
                    diffs[k] = match (cache.reference_dis(&ctx.tools, &p.spv, bytes, args), ours) {
                        (Ok(Some(r)), Ok(o)) if r == o => None,
                        (Ok(Some(r)), Ok(o)) => Some(first_diff(&o, &r)),
                        (Ok(Some(_)), Err(e)) => {
                            Some(format!("spirv-dis prints it, spirvkit: {e}"))
                        }
                        (Ok(None), Ok(_)) => Some("spirv-dis fails, spirvkit prints it".into()),
                        (Ok(None), Err(_)) => None,
                        (Err(e), _) => Some(format!("spirv-dis: {e}")),
                    };
                }
                let [default_diff, raw_diff] = diffs;
                out.push(Finding::Dis {
                    producer: p.producer.to_string(),
                    default_diff,
                    raw_diff,
                    label,
                });
            }
            out
        })
        .collect();

    let mut rows: BTreeMap<(String, String), Row> = BTreeMap::new();
    let mut dis_rows: BTreeMap<String, DisRow> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut missed: HashMap<String, (usize, String)> = HashMap::new();
    for f in findings {
        match f {
            Finding::Verdict {
                key,
                ours,
                reference,
                label,
            } => {
                let row = rows.entry(key.clone()).or_default();
                let env = &key.1;
                match (reference.0, ours) {
                    (_, Err(m)) if m == "PANIC" => {
                        failures.push(format!("{label} ({env}): spirvkit panics"))
                    }
                    (true, Ok(())) => row.accepted += 1,
                    (false, Err(_)) => row.rejected += 1,
                    (true, Err(m)) => {
                        row.false_rejections += 1;
                        failures.push(format!(
                            "{label} ({env}): spirv-val accepts, spirvkit rejects: {m}"
                        ));
                    }
                    (false, Ok(())) => {
                        row.missed += 1;
                        let e = missed
                            .entry(super::mutation::message_shape(&reference.1))
                            .or_insert_with(|| (0, format!("{label} ({env}): {}", reference.1)));
                        e.0 += 1;
                    }
                }
            }
            Finding::Dis {
                producer,
                default_diff,
                raw_diff,
                label,
            } => {
                let row = dis_rows.entry(producer).or_default();
                row.total += 1;
                match default_diff {
                    None => row.default_same += 1,
                    Some(d) => failures.push(format!("{label}: dis: {d}")),
                }
                match raw_diff {
                    None => row.raw_same += 1,
                    Some(d) => failures.push(format!("{label}: dis --raw-id: {d}")),
                }
            }
            Finding::Error(e) => failures.push(e),
        }
    }
    let mut lines = vec![format!(
        "{} ({:.0}s compiling or reading the cache in target/producers)",
        if ctx.full {
            "every source (--full)"
        } else {
            "spread sample of every producer's sources (--full runs all)"
        },
        compile_time
    )];
    let (mut total_rejected, mut total_missed) = (0usize, 0usize);
    for ((producer, env), r) in &rows {
        let by_reference = r.rejected + r.missed;
        total_rejected += r.rejected;
        total_missed += r.missed;
        lines.push(format!(
            "{producer} @ {env}: spirv-val accepts {} (false rejections {}), rejects {by_reference} (caught {}, {:.1}%)",
            r.accepted + r.false_rejections,
            r.false_rejections,
            r.rejected,
            if by_reference == 0 { 100.0 } else { 100.0 * r.rejected as f64 / by_reference as f64 },
        ));
    }
    for (producer, d) in &dis_rows {
        lines.push(format!(
            "{producer} dis: text-identical {}/{} default, {}/{} --raw-id",
            d.default_same, d.total, d.raw_same, d.total
        ));
    }
    lines.push(format!(
        "all producers: caught {total_rejected} of {} modules spirv-val rejects",
        total_rejected + total_missed
    ));
    let mut causes: Vec<(String, (usize, String))> = missed.into_iter().collect();
    causes.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then_with(|| a.0.cmp(&b.0)));
    for (shape, (n, example)) in causes.iter().take(40) {
        lines.push(format!("missed ×{n}: {shape}"));
        lines.push(format!("    e.g. {example}"));
    }
    // The whole report, every failure included, for reading after a run.
    let report = cache.root.join("report.txt");
    std::fs::write(&report, [lines.join("\n"), failures.join("\n")].join("\n"))?;
    lines.push(format!("full report: {}", report.display()));
    Ok(SectionReport {
        name: "producers (validator and disassembler on every producer's modules)",
        lines,
        failures,
    })
}

/// Seeds of the producers' mutation section: `--seed` and the next ones.
const MUTATION_SEEDS: u64 = 3;

/// `producers-mutation`: mutants of the producers' valid modules (the mutation harness of
/// `mutation.rs`), in every environment they are validated under, with several seeds;
/// `--mutants` is spread over the environments (at least 200 each) and the seeds.
pub fn run_mutation(ctx: &Context) -> anyhow::Result<SectionReport> {
    let cache = Cache::new()?;
    let produced = produce(ctx)?;
    // Distinct valid modules per environment.
    let mut pools: BTreeMap<String, Vec<(String, Vec<u32>)>> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for p in &produced {
        let Ok(bytes) = std::fs::read(&p.spv) else {
            continue;
        };
        let h = hash_parts(&[&bytes]);
        for env in environments(p, &bytes) {
            if !seen.insert((h.clone(), env.clone())) {
                continue;
            }
            let Ok((true, _)) = cache.reference_verdict(&ctx.tools, &p.spv, &bytes, &env) else {
                continue;
            };
            if let Ok((words, _)) = spirvkit_core::words_from_bytes(&bytes) {
                let label = format!("{} [{} {}]", p.source.display(), p.producer, p.variant);
                pools.entry(env).or_default().push((label, words));
            }
        }
    }
    let per_env = (ctx.mutants / pools.len().max(1)).max(200);
    let per_seed = per_env.div_ceil(MUTATION_SEEDS as usize);
    let mut lines = Vec::new();
    let mut total = super::mutation::MutationTally::default();
    for (env, modules) in &pools {
        let mut tally = super::mutation::MutationTally::default();
        for s in 0..MUTATION_SEEDS {
            let mut rng = super::mutation::Rng(ctx.mutation_seed.wrapping_add(s));
            tally.merge(super::mutation::check_mutants(
                &ctx.tools, modules, env, per_seed, &mut rng,
            )?);
        }
        lines.push(format!(
            "{env}: {} mutants of {} valid modules: spirv-val accepts {} (false rejections {}), rejects {} (caught {})",
            tally.total,
            modules.len(),
            tally.accepted + tally.failures.len(),
            tally.failures.len(),
            tally.rejected + tally.missed,
            tally.rejected
        ));
        total.merge(tally);
    }
    lines.push(format!(
        "all environments: {} mutants (seeds {:#x}..+{MUTATION_SEEDS})",
        total.total, ctx.mutation_seed
    ));
    lines.extend(total.lines());
    Ok(SectionReport {
        name: "producers-mutation (validator vs spirv-val on mutants of every producer's modules)",
        lines,
        failures: total.failures,
    })
}
