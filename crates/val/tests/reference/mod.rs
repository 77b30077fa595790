//! Rule cases written as spirv-as text, with the rule spirvkit must report and the verdict
//! spirv-val 2025.5 gave; `check_reference` re-runs spirv-val on every case when the reference
//! tools are installed (`SPIRV_TOOLS_BIN`, else the workspace's `.venv`), so the recorded
//! verdicts stay honest.
#![allow(dead_code)]

use spirvkit_val::{validate, ValidatorOptions};
use std::path::PathBuf;

/// spirv-val's verdict on a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ref {
    Accepts,
    Rejects,
}

/// One module: `base` with `BODY` (the entry function's body), `TYPES` (module-scope
/// declarations), `DECOR` (annotations) replaced, and capabilities put first.
pub struct Case {
    pub name: &'static str,
    pub base: &'static str,
    pub body: &'static str,
    pub types: &'static str,
    pub decorations: &'static str,
    pub capabilities: &'static str,
    /// Replaces `INTERFACE` (an entry point's interface list).
    pub interface: &'static str,
    /// `--target-env` (spirv-val's name).
    pub env: &'static str,
    /// The rule spirvkit reports (None: valid).
    pub rule: Option<&'static str>,
    pub reference: Ref,
}

impl Case {
    pub const fn new(
        name: &'static str,
        base: &'static str,
        body: &'static str,
        rule: Option<&'static str>,
        reference: Ref,
    ) -> Self {
        Self {
            name,
            base,
            body,
            types: "",
            decorations: "",
            capabilities: "",
            interface: "",
            env: "spv1.6",
            rule,
            reference,
        }
    }
    pub const fn with_types(mut self, types: &'static str) -> Self {
        self.types = types;
        self
    }
    pub const fn with_decorations(mut self, decorations: &'static str) -> Self {
        self.decorations = decorations;
        self
    }
    pub const fn with_env(mut self, env: &'static str) -> Self {
        self.env = env;
        self
    }
    pub const fn with_interface(mut self, interface: &'static str) -> Self {
        self.interface = interface;
        self
    }
    pub const fn with_capabilities(mut self, capabilities: &'static str) -> Self {
        self.capabilities = capabilities;
        self
    }

    pub fn text(&self) -> String {
        // A `; Version:` comment must stay on the first line.
        let (version, base) = match self.base.strip_prefix("; Version: ") {
            Some(rest) => rest.split_once('\n').unwrap_or((rest, "")),
            None => ("1.6", self.base),
        };
        let mut text = format!("; Version: {version}\n{}\n", self.capabilities);
        text.push_str(
            &base
                .replace("BODY", self.body)
                .replace("W2TYPE", self.body)
                .replace("TYPES", self.types)
                .replace("DECOR", self.decorations)
                .replace("INTERFACE", self.interface),
        );
        text
    }

    pub fn words(&self) -> Vec<u32> {
        spirvkit_text::assemble(&self.text(), &Default::default())
            .unwrap_or_else(|e| panic!("case {} does not assemble: {e:?}", self.name))
    }
}

/// spirvkit reports exactly the expected verdict (and the expected rule among its diagnostics).
#[track_caller]
pub fn check_case(c: &Case) {
    let words = c.words();
    let env = c.env.parse().expect("known target env");
    let result = validate(&words, &ValidatorOptions::new(env));
    match (c.rule, result) {
        (None, Ok(())) => {}
        (None, Err(d)) => panic!(
            "case {}: expected valid, got:\n{}",
            c.name,
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
        (Some(rule), Ok(())) => panic!("case {}: expected rule {rule}, got valid", c.name),
        (Some(rule), Err(d)) => assert!(
            d.iter().any(|d| d.rule == rule),
            "case {}: expected rule {rule}, got:\n{}",
            c.name,
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

fn reference_bin() -> Option<PathBuf> {
    let dir = std::env::var_os("SPIRV_TOOLS_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            spirvkit_test_support::workspace_root()
                .join(".venv/lib/python3.11/site-packages/cmeel.prefix/bin")
        });
    let exe = dir.join("spirv-val");
    exe.is_file().then_some(exe)
}

/// Runs spirv-val on every case and compares with the recorded verdict (skipped without it).
pub fn check_reference<'a>(cases: impl Iterator<Item = &'a Case>) {
    let Some(spirv_val) = reference_bin() else {
        eprintln!("note: spirv-val not found; recorded reference verdicts not re-checked");
        return;
    };
    let dir = std::env::temp_dir().join(format!("spirvkit-val-ref-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut wrong = Vec::new();
    for c in cases {
        let path = dir.join(format!("{}.{}.spv", c.name, c.env));
        let bytes: Vec<u8> = c.words().iter().flat_map(|w| w.to_le_bytes()).collect();
        std::fs::write(&path, bytes).expect("write case");
        let out = std::process::Command::new(&spirv_val)
            .args(["--target-env", c.env])
            .arg(&path)
            .output()
            .expect("run spirv-val");
        let verdict = if out.status.success() {
            Ref::Accepts
        } else {
            Ref::Rejects
        };
        if verdict != c.reference {
            wrong.push(format!(
                "{}: recorded {:?}, spirv-val {:?}: {}",
                c.name,
                c.reference,
                verdict,
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        wrong.is_empty(),
        "reference verdicts differ:\n{}",
        wrong.join("\n")
    );
}

/// Optional cross-check of recorded expectations against the reference validator: when
/// `SPIRV_VAL` names a spirv-val 2025.5 binary, [`reference_verdict`] runs it on a module
/// (universal spv1.6 environment); otherwise the tests rely on their recorded expectations.
/// spirv-val's verdict (true: valid), or None when `SPIRV_VAL` is not set or fails to run.
pub fn reference_verdict(words: &[u32]) -> Option<bool> {
    let tool = std::env::var_os("SPIRV_VAL")?;
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("spirvkit-ref-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).ok()?;
    let status = std::process::Command::new(tool)
        .args(["--target-env", "spv1.6"])
        .arg(&path)
        .output()
        .ok()?
        .status;
    let _ = std::fs::remove_file(&path);
    Some(status.success())
}

/// spirv-val's verdict (true: valid) on `words` under `env`, with the tools `check_reference`
/// uses; None without them.
pub fn reference_verdict_in(words: &[u32], env: &str) -> Option<bool> {
    let exe = reference_bin()?;
    static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("spirvkit-refin-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).ok()?;
    let out = std::process::Command::new(exe)
        .args(["--target-env", env])
        .arg(&path)
        .output()
        .ok()?;
    let _ = std::fs::remove_file(&path);
    Some(out.status.success())
}
