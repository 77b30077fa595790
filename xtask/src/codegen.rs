use anyhow::{bail, Context};
use std::path::Path;

pub fn run(check: bool, from: Option<&Path>) -> anyhow::Result<()> {
    let grammar = crate::workspace_root().join("crates/grammar");
    let json_dir = grammar.join("khronos");
    if let Some(from) = from {
        copy_json(from, &json_dir, check)?;
    }
    let files = spirvkit_grammar_gen::generate(&json_dir)?;
    let out_dir = grammar.join("src/generated");
    std::fs::create_dir_all(&out_dir)?;
    let mut stale = Vec::new();
    for (name, text) in files {
        let path = out_dir.join(&name);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        if old != text {
            if check {
                stale.push(path.display().to_string());
            } else {
                std::fs::write(&path, text)
                    .with_context(|| format!("writing {}", path.display()))?;
                println!("wrote {}", path.display());
            }
        }
    }
    if !stale.is_empty() {
        bail!(
            "stale generated tables (run `cargo xtask codegen`): {}",
            stale.join(", ")
        );
    }
    println!("grammar tables are up to date");
    Ok(())
}

/// Copies (or with `check`, compares) every grammar JSON the generator reads.
fn copy_json(from: &Path, to: &Path, check: bool) -> anyhow::Result<()> {
    let names = ["spirv.core.grammar.json", "spir-v.xml"]
        .into_iter()
        .chain(spirvkit_grammar_gen::EXT_SETS.iter().map(|s| s.file));
    for name in names {
        // SPIRV-Headers keeps the registry one folder above `unified1`.
        let path = [from.join(name), from.join("..").join(name)]
            .into_iter()
            .find(|p| p.is_file())
            .unwrap_or(from.join(name));
        let src = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let dst = to.join(name);
        if check {
            if std::fs::read(&dst).ok().as_deref() != Some(&src[..]) {
                bail!("{} differs from {}", dst.display(), path.display());
            }
        } else {
            std::fs::write(&dst, src)?;
        }
    }
    Ok(())
}
