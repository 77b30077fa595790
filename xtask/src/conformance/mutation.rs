//! Mutation testing of the validator: seeded mutations of valid corpus modules (drop, duplicate
//! or move one instruction, or rewrite one id operand to another defined id); spirv-val 2025.5
//! (universal spv1.6) decides the truth for every mutant. Fails on any false rejection (a
//! mutant spirv-val accepts and spirvkit rejects) and on any panic; agreement on the mutants
//! spirv-val rejects is reported together with the most frequent messages of the misses.
//!
//! Reproducible: the module choice and every mutation come from a fixed-seed generator
//! (`--seed`), the number of mutants is `--mutants` (default [`DEFAULT_MUTANTS`]).
//! `SPIRVKIT_MUTATION_ENV=vulkan1.3` (any `--target-env` name) runs both validators under
//! another environment; the module pool is then the corpus modules valid there.

use super::{files, reference_assemble, Context, SectionReport};
use rayon::prelude::*;
use spirvkit_core::Parser;
use spirvkit_grammar::{Category, OperandKind};
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Enough mutants to cover every mutation kind on hundreds of modules while a run stays at a
/// few minutes on two cores (spirv-val costs ≈ 7 ms per mutant).
pub const DEFAULT_MUTANTS: usize = 16000;
pub const DEFAULT_SEED: u64 = 0x5eed_0005;
/// Mutants made from each chosen module on average: the modules are drawn at random, and
/// all valid corpus modules are used once the count asks for more.
const MUTANTS_PER_MODULE: usize = 4;

/// SplitMix64: small, seedable, good enough to pick mutations.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Where each instruction is and which of its words are id operands.
struct Layout {
    /// (first word, word count) of every instruction after the header.
    insts: Vec<(usize, usize)>,
    /// Absolute word positions of id operands (result ids excluded).
    id_operands: Vec<usize>,
    /// Every result id the module defines.
    defined: Vec<u32>,
    /// The ids each opcode defines (labels, types of one kind, constants...): rewriting an id
    /// to one of the same kind keeps mutants plausible, which exercises the subtler rules
    /// (a branch retargeted to another label, a value replaced by another value).
    same_kind: HashMap<u32, std::rc::Rc<Vec<u32>>>,
}

fn layout(words: &[u32]) -> Option<Layout> {
    let mut parser = Parser::new(words).ok()?;
    let mut l = Layout {
        insts: Vec::new(),
        id_operands: Vec::new(),
        defined: Vec::new(),
        same_kind: HashMap::new(),
    };
    let mut by_opcode: HashMap<u16, Vec<u32>> = HashMap::new();
    while let Some(inst) = parser.next_instruction().ok()? {
        l.insts.push((inst.word_offset, inst.words.len()));
        if let Some(id) = inst.result_id {
            l.defined.push(id);
            by_opcode.entry(inst.opcode).or_default().push(id);
        }
        for o in inst.operands {
            if o.kind.category() == Category::Id && o.kind != OperandKind::IdResult {
                for w in 0..usize::from(o.num_words) {
                    l.id_operands
                        .push(inst.word_offset + usize::from(o.offset) + w);
                }
            }
        }
    }
    for ids in by_opcode.into_values() {
        let shared = std::rc::Rc::new(ids);
        for &id in shared.iter() {
            l.same_kind.insert(id, shared.clone());
        }
    }
    Some(l)
}

/// One mutant of `words`, with what was done to it.
fn mutate(words: &[u32], l: &Layout, rng: &mut Rng) -> Option<(Vec<u32>, String)> {
    if l.insts.is_empty() {
        return None;
    }
    let pick = rng.below(l.insts.len());
    let (start, len) = l.insts[pick];
    let inst = words.get(start..start + len)?;
    let name = spirvkit_grammar::instruction((inst[0] & 0xffff) as u16).map_or("?", |d| d.opname);
    match rng.below(4) {
        0 => {
            let mut out = words[..start].to_vec();
            out.extend_from_slice(&words[start + len..]);
            Some((out, format!("drop instruction {pick} ({name})")))
        }
        1 => {
            let mut out = words[..start + len].to_vec();
            out.extend_from_slice(inst);
            out.extend_from_slice(&words[start + len..]);
            Some((out, format!("duplicate instruction {pick} ({name})")))
        }
        2 => {
            let mut rest = words[..start].to_vec();
            rest.extend_from_slice(&words[start + len..]);
            // Insert before another instruction (positions of the module without `pick`).
            let to = rng.below(l.insts.len());
            let at = if to == pick {
                return None;
            } else if to < pick {
                l.insts[to].0
            } else {
                l.insts[to].0 - len
            };
            let mut out = rest[..at].to_vec();
            out.extend_from_slice(inst);
            out.extend_from_slice(&rest[at..]);
            Some((out, format!("move instruction {pick} ({name}) before {to}")))
        }
        _ => {
            if l.id_operands.is_empty() || l.defined.len() < 2 {
                return None;
            }
            let at = l.id_operands[rng.below(l.id_operands.len())];
            let old = *words.get(at)?;
            let pool: &[u32] = match l.same_kind.get(&old) {
                Some(same) if same.len() > 1 && rng.below(2) == 0 => same,
                _ => &l.defined,
            };
            let new = pool[rng.below(pool.len())];
            if new == old {
                return None;
            }
            let mut out = words.to_vec();
            out[at] = new;
            Some((out, format!("rewrite id %{old} to %{new} at word {at}")))
        }
    }
}

fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The target environment of both validators (`SPIRVKIT_MUTATION_ENV`, default spv1.6).
fn target_env_name() -> String {
    std::env::var("SPIRVKIT_MUTATION_ENV").unwrap_or_else(|_| "spv1.6".to_string())
}

/// spirv-val's verdict (true: valid) and its first message line, reading the module on stdin.
pub fn reference_verdict(tools: &Path, bytes: &[u8], env: &str) -> anyhow::Result<(bool, String)> {
    let mut child = Command::new(tools.join("spirv-val"))
        .args(["--target-env", env, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A module spirv-val stops reading early is still judged by its exit status.
        let _ = stdin.write_all(bytes);
    }
    let out = child.wait_with_output()?;
    let msg = String::from_utf8_lossy(&out.stderr)
        .lines()
        .chain(String::from_utf8_lossy(&out.stdout).lines())
        .next()
        .unwrap_or("")
        .to_string();
    Ok((out.status.success(), msg))
}

/// spirvkit's verdict: Ok, or the first diagnostic; a panic is reported as such.
fn our_verdict(words: &[u32], env: &str) -> Result<(), String> {
    let env = env.parse().unwrap_or(TargetEnv::Spv(6));
    let opts = ValidatorOptions::new(env);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| validate(words, &opts))) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(d)) => Err(d
            .first()
            .map(|d| format!("{}: {}", d.rule, d.message))
            .unwrap_or_default()),
        Err(_) => Err("PANIC".to_string()),
    }
}

/// spirv-val's message without ids and numbers, to group misses by rule.
pub fn message_shape(msg: &str) -> String {
    let msg = msg.strip_prefix("error: line ").unwrap_or(msg);
    let msg = msg.split_once(": ").map_or(msg, |(_, rest)| rest);
    let mut out = String::with_capacity(msg.len());
    let mut in_id = false;
    for c in msg.chars() {
        if c == '%' || c == '<' {
            in_id = true;
            out.push('%');
            continue;
        }
        if in_id {
            if c.is_alphanumeric() || c == '_' || c == '[' || c == ']' || c == '>' {
                continue;
            }
            in_id = false;
        }
        if c.is_ascii_digit() {
            if !out.ends_with('N') {
                out.push('N');
            }
            continue;
        }
        out.push(c);
    }
    out.chars().take(140).collect()
}

enum Verdict {
    BothAccept,
    BothReject,
    FalseReject(String),
    /// spirv-val's message and the mutant's label.
    Missed(String, String),
    Panic(String),
}

/// Loads a corpus module as words: glslang binaries directly, spvasm via spirv-as.
fn load(tools: &Path, path: &Path) -> Option<Vec<u32>> {
    let bytes = if path.extension().is_some_and(|e| e == "spv") {
        std::fs::read(path).ok()?
    } else {
        reference_assemble(tools, path).ok()?
    };
    spirvkit_core::words_from_bytes(&bytes).ok().map(|(w, _)| w)
}

pub fn run(ctx: &Context) -> anyhow::Result<SectionReport> {
    let env = target_env_name();
    let mut candidates: Vec<PathBuf> = files(&ctx.corpus.join("spv"), &["spv"]);
    candidates.extend(files(
        &ctx.corpus.join("spvasm"),
        &["spvasm", "spvasm32", "spvasm64"],
    ));
    let mut rng = Rng(ctx.mutation_seed);
    // Shuffle (Fisher–Yates) and take as many modules as needed, in order, skipping invalid ones.
    for i in (1..candidates.len()).rev() {
        let j = rng.below(i + 1);
        candidates.swap(i, j);
    }
    let wanted = ctx.mutants.div_ceil(MUTANTS_PER_MODULE);
    let loaded: Vec<Option<(String, Vec<u32>)>> = candidates
        .iter()
        .take(wanted + wanted / 4 + 16)
        .collect::<Vec<_>>()
        .par_iter()
        .map(|p| {
            let words = load(&ctx.tools, p)?;
            let (ok, _) = reference_verdict(&ctx.tools, &to_bytes(&words), &env).ok()?;
            ok.then(|| (p.display().to_string(), words))
        })
        .collect();
    let modules: Vec<(String, Vec<u32>)> = loaded.into_iter().flatten().take(wanted).collect();
    let tally = check_mutants(&ctx.tools, &modules, &env, ctx.mutants, &mut rng)?;
    let mut lines = vec![format!(
        "{} mutants of {} valid corpus modules (seed {:#x}, --mutants {})",
        tally.total,
        modules.len(),
        ctx.mutation_seed,
        ctx.mutants
    )];
    lines.extend(tally.lines());
    Ok(SectionReport {
        name: "mutation (validator vs spirv-val on mutants)",
        lines,
        failures: tally.failures,
    })
}

/// What the mutants of one pool showed.
#[derive(Default)]
pub struct MutationTally {
    pub total: usize,
    pub accepted: usize,
    pub rejected: usize,
    pub missed: usize,
    /// False rejections and panics.
    pub failures: Vec<String>,
    /// Misses grouped by the shape of spirv-val's message: count and one example.
    pub causes: HashMap<String, (usize, String)>,
}

impl MutationTally {
    /// Adds another pool's tally to this one.
    pub fn merge(&mut self, other: MutationTally) {
        self.total += other.total;
        self.accepted += other.accepted;
        self.rejected += other.rejected;
        self.missed += other.missed;
        self.failures.extend(other.failures);
        for (shape, (n, example)) in other.causes {
            self.causes.entry(shape).or_insert((0, example)).0 += n;
        }
    }

    /// The report lines: agreement on both kinds of mutant, then the most frequent misses.
    pub fn lines(&self) -> Vec<String> {
        let false_rejections = self.failures.len();
        let rejected_by_reference = self.rejected + self.missed;
        let agreement = if rejected_by_reference == 0 {
            100.0
        } else {
            100.0 * self.rejected as f64 / rejected_by_reference as f64
        };
        let mut lines = vec![
            format!(
                "accepted by spirv-val: {} (accepted by both {}, false rejections {false_rejections})",
                self.accepted + false_rejections,
                self.accepted
            ),
            format!(
                "rejected by spirv-val: {rejected_by_reference} (rejected by both {}, {agreement:.1}%)",
                self.rejected
            ),
            format!(
                "overall agreement: {:.1}%",
                100.0 * (self.accepted + self.rejected) as f64 / self.total.max(1) as f64
            ),
        ];
        let mut causes: Vec<(&String, &(usize, String))> = self.causes.iter().collect();
        causes.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then_with(|| a.0.cmp(b.0)));
        let shown = if std::env::var_os("SPIRVKIT_MUTATION_ALL").is_some() {
            usize::MAX
        } else {
            15
        };
        for (shape, (n, example)) in causes.iter().take(shown) {
            lines.push(format!("missed ×{n}: {shape}"));
            lines.push(format!("    e.g. {example}"));
        }
        lines
    }
}

/// Makes `count` mutants of `modules` (labelled modules spirv-val accepts under `env`) with
/// `rng`, and compares both validators on each under `env`.
pub fn check_mutants(
    tools: &Path,
    modules: &[(String, Vec<u32>)],
    env: &str,
    count: usize,
    rng: &mut Rng,
) -> anyhow::Result<MutationTally> {
    // Every mutant is fixed here, sequentially, so the set does not depend on thread timing:
    // rounds over the chosen modules, one mutant per module and round.
    let layouts: Vec<Option<Layout>> = modules.iter().map(|(_, w)| layout(w)).collect();
    let mut mutants: Vec<(usize, Vec<u32>, String)> = Vec::with_capacity(count);
    let mut attempts = 0usize;
    while mutants.len() < count && attempts < count.saturating_mul(4) {
        let before = mutants.len();
        for (mi, ((_, words), l)) in modules.iter().zip(&layouts).enumerate() {
            if mutants.len() >= count {
                break;
            }
            attempts += 1;
            if let Some(l) = l {
                if let Some((w, what)) = mutate(words, l, rng) {
                    mutants.push((mi, w, what));
                }
            }
        }
        if mutants.len() == before {
            break;
        }
    }
    // Debugging aid: every disagreeing mutant is written to this folder as `N.spv`.
    let dump = std::env::var_os("SPIRVKIT_MUTATION_DUMP").map(PathBuf::from);
    let verdicts: Vec<anyhow::Result<Verdict>> = mutants
        .par_iter()
        .enumerate()
        .map(|(n, (mi, words, what))| {
            let label = format!("{} [{what}]", modules[*mi].0);
            let (ref_ok, ref_msg) = reference_verdict(tools, &to_bytes(words), env)?;
            let ours = our_verdict(words, env);
            if let Some(dir) = &dump {
                if ref_ok != ours.is_ok() {
                    std::fs::create_dir_all(dir)?;
                    std::fs::write(dir.join(format!("{n}.spv")), to_bytes(words))?;
                }
            }
            let label = format!("{label} (mutant {n})");
            Ok(match (ref_ok, ours) {
                (_, Err(m)) if m == "PANIC" => Verdict::Panic(format!("{label}: spirvkit panics")),
                (true, Ok(())) => Verdict::BothAccept,
                (false, Err(_)) => Verdict::BothReject,
                (true, Err(m)) => Verdict::FalseReject(format!(
                    "{label}: spirv-val accepts, spirvkit rejects: {m}"
                )),
                (false, Ok(())) => Verdict::Missed(ref_msg, label),
            })
        })
        .collect();
    let mut tally = MutationTally {
        total: mutants.len(),
        ..Default::default()
    };
    for v in verdicts {
        match v? {
            Verdict::BothAccept => tally.accepted += 1,
            Verdict::BothReject => tally.rejected += 1,
            Verdict::FalseReject(m) | Verdict::Panic(m) => tally.failures.push(m),
            Verdict::Missed(m, label) => {
                tally.missed += 1;
                tally
                    .causes
                    .entry(message_shape(&m))
                    .or_insert_with(|| (0, format!("{label}: {m}")))
                    .0 += 1;
            }
        }
    }
    Ok(tally)
}
