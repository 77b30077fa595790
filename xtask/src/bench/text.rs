//! spirvkit dis/as against spirv-dis/spirv-as on one large module, all as subprocesses on
//! files (apples to apples, file I/O included). Peak RSS via `/usr/bin/time -f %M` when
//! available.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The release `spirvkit` binary: `$SPIRVKIT_BIN`, else `target/release/spirvkit` (built on
/// demand with cargo).
pub(crate) fn spirvkit_bin() -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("SPIRVKIT_BIN") {
        return Ok(PathBuf::from(p));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let bin = target.join("release/spirvkit");
    if !bin.is_file() {
        let st = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-p", "spirvkit-cli"])
            .current_dir(&root)
            .status()
            .context("building spirvkit")?;
        if !st.success() {
            bail!("cargo build --release -p spirvkit-cli failed");
        }
    }
    Ok(bin)
}

/// The native reference binary (a cmeel venv's `bin/spirv-*` are Python launchers that add
/// ~0.5 s per call, which would flatter spirvkit).
pub(crate) fn reference_tool(tools: &Path, name: &str) -> PathBuf {
    if let Ok(rd) = std::fs::read_dir(tools.join("../lib")) {
        for e in rd.flatten() {
            let p = e.path().join("site-packages/cmeel.prefix/bin").join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    tools.join(name)
}

pub(crate) struct Measured {
    pub time: Duration,
    pub peak_kb: Option<u64>,
    /// Best user + system CPU seconds (all threads), from `/usr/bin/time`.
    pub cpu: Option<f64>,
}

impl Measured {
    pub fn wall_secs(&self) -> f64 {
        self.time.as_secs_f64()
    }

    /// CPU seconds as printed in reports (`?` when not measurable).
    pub fn cpu_text(&self) -> String {
        self.cpu
            .map_or_else(|| "?".to_string(), |c| format!("{c:.3}"))
    }

    /// Peak RSS in MB as printed in reports (`?` when not measurable).
    pub fn rss_mb_text(&self) -> String {
        self.peak_kb
            .map_or_else(|| "?".to_string(), |k| format!("{:.0}", k as f64 / 1024.0))
    }

    /// How many times less CPU `self` took than `other` (`?` when either is unknown).
    pub fn cpu_ratio_text(&self, other: &Measured) -> String {
        match (self.cpu, other.cpu) {
            (Some(a), Some(b)) => format!("{:.1}x", b / a.max(1e-9)),
            _ => "?".into(),
        }
    }
}

/// Runs `program args` `runs` times (under `/usr/bin/time -f %M` when available, which
/// reports the peak RSS of each run); best wall time and the smallest peak.
pub(crate) fn measure(program: &Path, args: &[&std::ffi::OsStr], runs: usize) -> Result<Measured> {
    let have_time = Path::new("/usr/bin/time").is_file();
    let mut best = Duration::MAX;
    let mut peak_kb: Option<u64> = None;
    let mut cpu: Option<f64> = None;
    for _ in 0..runs.max(1) {
        let mut cmd = if have_time {
            let mut c = Command::new("/usr/bin/time");
            c.arg("-f").arg("%M %U %S").arg(program);
            c
        } else {
            Command::new(program)
        };
        cmd.args(args);
        let start = Instant::now();
        let out = cmd
            .output()
            .with_context(|| format!("running {}", program.display()))?;
        let t = start.elapsed();
        if !out.status.success() {
            bail!(
                "{} failed: {}",
                program.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        best = best.min(t);
        if have_time {
            let err = String::from_utf8_lossy(&out.stderr);
            let fields: Vec<&str> = err
                .lines()
                .last()
                .unwrap_or("")
                .split_whitespace()
                .collect();
            if let [kb, user, system] = fields[..] {
                if let Ok(kb) = kb.parse::<u64>() {
                    peak_kb = Some(peak_kb.map_or(kb, |p| p.min(kb)));
                }
                if let (Ok(u), Ok(s)) = (user.parse::<f64>(), system.parse::<f64>()) {
                    cpu = Some(cpu.map_or(u + s, |c: f64| c.min(u + s)));
                }
            }
        }
    }
    Ok(Measured {
        time: best,
        peak_kb,
        cpu,
    })
}

fn line(what: &str, ours: &Measured, theirs: &Measured) -> String {
    let mem = match (ours.peak_kb, theirs.peak_kb) {
        (Some(a), Some(b)) => format!(
            ", peak RSS {:.1} MB vs {:.1} MB",
            a as f64 / 1024.0,
            b as f64 / 1024.0
        ),
        _ => String::new(),
    };
    let cpu = match (ours.cpu, theirs.cpu) {
        (Some(a), Some(b)) => format!(" (CPU time {a:.2} s vs {b:.2} s: {:.1}x)", b / a.max(1e-9)),
        _ => String::new(),
    };
    format!(
        "{what}: spirvkit {:.3} s, reference {:.3} s, {:.1}x faster{cpu}{mem}",
        ours.time.as_secs_f64(),
        theirs.time.as_secs_f64(),
        theirs.time.as_secs_f64() / ours.time.as_secs_f64().max(1e-9)
    )
}

fn as_args(v: &[std::ffi::OsString]) -> Vec<&std::ffi::OsStr> {
    v.iter().map(|a| a.as_os_str()).collect()
}

/// One tool of spirvkit against its reference on the same input.
struct Comparison<'p> {
    label: &'static str,
    ours: Vec<std::ffi::OsString>,
    reference: PathBuf,
    reference_args: Vec<std::ffi::OsString>,
    reference_runs: usize,
    /// spirvkit's and the reference's output files, compared byte for byte.
    outputs: (&'p Path, &'p Path),
    same: &'static str,
}

impl Comparison<'_> {
    /// The report line, and whether the outputs are identical.
    fn run(&self, bin: &Path, runs: usize) -> Result<(String, bool)> {
        let ours = measure(bin, &as_args(&self.ours), runs)?;
        let theirs = measure(
            &self.reference,
            &as_args(&self.reference_args),
            self.reference_runs,
        )?;
        let same = std::fs::read(self.outputs.0)? == std::fs::read(self.outputs.1)?;
        let verdict = if same {
            format!(" ({})", self.same)
        } else {
            " (OUTPUTS DIFFER)".to_string()
        };
        Ok((line(self.label, &ours, &theirs) + &verdict, same))
    }
}

pub fn run(module_words: &[u32], tools: &Path) -> Result<Vec<String>> {
    let bin = spirvkit_bin()?;
    let dir = std::env::temp_dir().join(format!("spirvkit-text-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let spv = dir.join("large.spv");
    let bytes: Vec<u8> = module_words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&spv, &bytes)?;
    let ours_txt = dir.join("ours.spvasm");
    let ref_txt = dir.join("ref.spvasm");
    let ours_spv = dir.join("ours.spv");
    let ref_spv = dir.join("ref.spv");
    let os = |p: &Path| p.as_os_str().to_owned();
    let mut lines = vec![format!(
        "text bench module: {:.1} MB",
        bytes.len() as f64 / 1e6
    )];
    // spirv-dis needs about a minute on this module (its friendly-name search is quadratic):
    // it runs once; spirv-as runs as often as spirvkit, the best run of each counting.
    let dis = Comparison {
        label: "dis",
        ours: vec!["dis".into(), os(&spv), "-o".into(), os(&ours_txt)],
        reference: reference_tool(tools, "spirv-dis"),
        reference_args: vec![os(&spv), "-o".into(), os(&ref_txt)],
        reference_runs: 1,
        outputs: (&ours_txt, &ref_txt),
        same: "identical text",
    };
    let (dis_line, same_text) = dis.run(&bin, 3)?;
    lines.push(dis_line);
    let assemble = Comparison {
        label: "as",
        ours: vec!["as".into(), os(&ref_txt), "-o".into(), os(&ours_spv)],
        reference: reference_tool(tools, "spirv-as"),
        reference_args: vec![os(&ref_txt), "-o".into(), os(&ref_spv)],
        reference_runs: 3,
        outputs: (&ours_spv, &ref_spv),
        same: "identical binary",
    };
    let (as_line, same_bin) = assemble.run(&bin, 3)?;
    lines.push(as_line);

    let _ = std::fs::remove_dir_all(&dir);
    if !same_text || !same_bin {
        bail!(
            "text bench outputs differ from the reference:\n{}",
            lines.join("\n")
        );
    }
    Ok(lines)
}
