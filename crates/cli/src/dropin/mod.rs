//! The multi-call layer: invoked (through a link) under a reference tool's name, spirvkit
//! behaves as that tool — its flags, default output names, exit codes and stdout/stderr split.
//! Each tool is one entry of [`TOOLS`]; adding a tool is adding a module and a line there.

pub mod args;
mod io;
mod llvm_spirv;
mod spirv_as;
mod spirv_cfg;
mod spirv_dis;
mod spirv_link;
mod spirv_opt;
mod spirv_val;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A reference tool spirvkit can stand in for.
pub struct Tool {
    /// The program name it answers to (`spirv-val`).
    pub name: &'static str,
    /// Runs it on the arguments after the program name; the exit code is the tool's.
    pub run: fn(&[String]) -> ExitCode,
}

/// Every name spirvkit answers to.
pub const TOOLS: &[Tool] = &[
    Tool {
        name: "spirv-as",
        run: spirv_as::main,
    },
    Tool {
        name: "spirv-dis",
        run: spirv_dis::main,
    },
    Tool {
        name: "spirv-val",
        run: spirv_val::main,
    },
    Tool {
        name: "spirv-cfg",
        run: spirv_cfg::main,
    },
    Tool {
        name: "llvm-spirv",
        run: llvm_spirv::main,
    },
    Tool {
        name: "spirv-opt",
        run: spirv_opt::main,
    },
    Tool {
        name: "spirv-link",
        run: spirv_link::main,
    },
];

/// The tool a program name asks for: `spirv-val`, `spirv-val.exe`, and for llvm-spirv also
/// the versioned names distributions install (`llvm-spirv-15`).
pub fn tool_for(program: &Path) -> Option<&'static Tool> {
    let name = program.file_stem()?.to_str()?;
    let unversioned = match name.rsplit_once('-') {
        Some((base, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => name,
    };
    TOOLS
        .iter()
        .find(|t| t.name == name || (t.name == "llvm-spirv" && t.name == unversioned))
}

/// Runs the tool named by `argv[0]`, if it names one.
pub fn dispatch() -> Option<ExitCode> {
    let mut argv = std::env::args_os();
    let program = PathBuf::from(argv.next()?);
    let tool = tool_for(&program)?;
    let args: Vec<String> = argv.map(|a| a.to_string_lossy().into_owned()).collect();
    Some((tool.run)(&args))
}

/// An exit status as the reference tools return it: SPIRV-Tools returns its negative
/// `spv_result_t` codes, which the shell sees modulo 256.
pub fn status(code: i32) -> ExitCode {
    ExitCode::from(code.rem_euclid(256) as u8)
}

/// `spirvkit install-links DIR`: one link per tool name to this executable.
#[derive(clap::Args)]
pub struct InstallLinksArgs {
    /// Folder to put the links in (created if missing).
    pub dir: PathBuf,
    /// Hard links instead of symbolic links.
    #[arg(long)]
    pub hard: bool,
    /// Replace files that already have a tool's name.
    #[arg(long)]
    pub force: bool,
}

pub fn install_links(args: InstallLinksArgs) -> anyhow::Result<()> {
    use anyhow::Context;
    let exe = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .context("cannot find the spirvkit executable")?;
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    for tool in TOOLS {
        let link = args.dir.join(tool.name);
        if link.symlink_metadata().is_ok() {
            if !args.force {
                anyhow::bail!("{} exists (use --force to replace it)", link.display());
            }
            std::fs::remove_file(&link)
                .with_context(|| format!("cannot replace {}", link.display()))?;
        }
        let made = if args.hard {
            std::fs::hard_link(&exe, &link)
        } else {
            make_symlink(&exe, &link)
        };
        made.with_context(|| format!("cannot create {}", link.display()))?;
        println!("{} -> {}", link.display(), exe.display());
    }
    Ok(())
}

#[cfg(unix)]
fn make_symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(not(unix))]
fn make_symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    // Symbolic links need privileges on Windows; a hard link behaves the same here.
    std::fs::hard_link(target, link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_names_select_tools() {
        let name = |p: &str| tool_for(Path::new(p)).map(|t| t.name);
        assert_eq!(name("/usr/bin/spirv-val"), Some("spirv-val"));
        assert_eq!(name("spirv-as.exe"), Some("spirv-as"));
        assert_eq!(name("llvm-spirv-15"), Some("llvm-spirv"));
        assert_eq!(name("spirv-val-15"), None);
        assert_eq!(name("spirvkit"), None);
        assert_eq!(name("llvm-spirv-x"), None);
    }
}
