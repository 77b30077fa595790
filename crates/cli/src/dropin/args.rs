//! The reference tools' own command-line syntax, scanned by hand because it is not clap's:
//! SPIRV-Tools takes `--flag`, `--opt VALUE` and short `-o FILE`; llvm-spirv (LLVM's
//! `cl::opt`) takes long options with one or two dashes and `-opt=VALUE`. Both spellings of a
//! value (`--opt=V` and `--opt V`) are accepted everywhere.

use std::process::ExitCode;

/// How a tool's options look.
pub struct Spec {
    /// Options taking a value, without dashes (`o`, `target-env`).
    pub valued: &'static [&'static str],
    /// Options without a value, without dashes (`raw-id`, `r`).
    pub flags: &'static [&'static str],
    /// Long options may have a single dash (llvm-spirv: `-spirv-text`, `-o=out.spv`).
    pub single_dash_long: bool,
    /// Flags that may carry a value after `=` (LLVM's `cl::ValueOptional`, and llvm-spirv's
    /// boolean options: `-opt=true`/`-opt=false`).
    pub optional_value: &'static [&'static str],
}

/// One scanned argument.
#[derive(Debug, PartialEq, Eq)]
pub enum Arg {
    /// An option by its name without dashes, with its value when it takes one.
    Opt(&'static str, Option<String>),
    /// A positional argument (`-` alone is one: standard input).
    Positional(String),
}

/// A command-line mistake, worded for the user.
#[derive(Debug)]
pub struct UsageError(pub String);

/// Scans `args` (without the program name) against `spec`.
pub fn scan(spec: &Spec, args: &[String]) -> Result<Vec<Arg>, UsageError> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if only_positional || a == "-" || !a.starts_with('-') {
            out.push(Arg::Positional(a.clone()));
            continue;
        }
        if a == "--" {
            only_positional = true;
            continue;
        }
        let body = a.strip_prefix("--").unwrap_or(&a[1..]);
        let double = a.starts_with("--");
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (body, None),
        };
        // One dash is only for single-letter options unless the tool says otherwise.
        if !double && name.len() > 1 && !spec.single_dash_long {
            return Err(UsageError(format!("Unknown flag {a}")));
        }
        if let Some(&known) = spec.valued.iter().find(|&&v| v == name) {
            let value = match inline {
                Some(v) => v,
                None => {
                    let Some(v) = args.get(i) else {
                        return Err(UsageError(format!("missing argument to {a}")));
                    };
                    i += 1;
                    v.clone()
                }
            };
            out.push(Arg::Opt(known, Some(value)));
        } else if let Some(&known) = spec.flags.iter().find(|&&f| f == name) {
            if inline.is_some() && !spec.optional_value.contains(&known) {
                return Err(UsageError(format!("{a}: this option takes no value")));
            }
            out.push(Arg::Opt(known, inline));
        } else {
            return Err(UsageError(format!("Unknown flag {a}")));
        }
    }
    Ok(out)
}

/// What the SPIRV-Tools drop-ins that take one input share: help, version, `-o FILE` and at
/// most one positional input.
pub struct OneInput {
    /// The reference tool's name (`spirv-dis`), for `--version`.
    pub tool: &'static str,
    /// Printed for `-h`/`--help`.
    pub help: &'static str,
    /// The output when there is no `-o` (`out.spv`, `-`).
    pub default_output: &'static str,
    /// The reference tool's message for a second positional argument.
    pub too_many_inputs: &'static str,
}

/// The input (`-` when none) and output a [`OneInput`] tool runs on.
pub struct Files {
    pub input: String,
    pub output: String,
}

impl OneInput {
    /// Scans `argv` against `spec`; each option other than help, version and `-o` goes to
    /// `option` (which may refuse it with an exit code). `Err`: the tool is done (help or
    /// version printed, or a mistake reported) and exits with that code.
    pub fn parse(
        &self,
        spec: &Spec,
        argv: &[String],
        mut option: impl FnMut(&'static str, Option<String>) -> Result<(), ExitCode>,
    ) -> Result<Files, ExitCode> {
        let args = scan(spec, argv).map_err(|e| {
            eprintln!("{}", e.0);
            ExitCode::from(1)
        })?;
        let mut output = self.default_output.to_owned();
        let mut input: Option<String> = None;
        for a in args {
            match a {
                Arg::Opt("h" | "help", _) => {
                    print!("{}", self.help);
                    return Err(ExitCode::SUCCESS);
                }
                Arg::Opt("version", _) => {
                    println!("spirvkit {} ({})", env!("CARGO_PKG_VERSION"), self.tool);
                    return Err(ExitCode::SUCCESS);
                }
                Arg::Opt("o", Some(v)) => output = v,
                Arg::Opt(name, value) => option(name, value)?,
                Arg::Positional(p) => {
                    if input.is_some() {
                        eprintln!("{}", self.too_many_inputs);
                        return Err(ExitCode::from(1));
                    }
                    input = Some(p);
                }
            }
        }
        Ok(Files {
            input: input.unwrap_or_else(|| "-".to_owned()),
            output,
        })
    }
}

/// A numeric option value.
pub fn number(name: &str, value: &str) -> Result<u32, UsageError> {
    value
        .parse()
        .map_err(|_| UsageError(format!("--{name}: expected a number, found '{value}'")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPV: Spec = Spec {
        valued: &["o", "max-id-bound", "target-env"],
        flags: &["raw-id", "h", "help"],
        single_dash_long: false,
        optional_value: &[],
    };
    const LLVM: Spec = Spec {
        valued: &["o", "spirv-ext"],
        flags: &["r", "spirv-text"],
        single_dash_long: true,
        optional_value: &["spirv-text"],
    };

    fn strings(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn both_value_spellings_and_positionals() {
        let args = scan(
            &SPV,
            &strings(&[
                "--max-id-bound=5",
                "--max-id-bound",
                "6",
                "-o",
                "x",
                "-",
                "in",
            ]),
        )
        .unwrap();
        assert_eq!(
            args,
            vec![
                Arg::Opt("max-id-bound", Some("5".into())),
                Arg::Opt("max-id-bound", Some("6".into())),
                Arg::Opt("o", Some("x".into())),
                Arg::Positional("-".into()),
                Arg::Positional("in".into()),
            ]
        );
    }

    #[test]
    fn single_dash_long_options_only_where_allowed() {
        assert!(scan(&SPV, &strings(&["-raw-id"])).is_err());
        let args = scan(
            &LLVM,
            &strings(&["-spirv-ext=+all", "-o=a.spv", "-r", "--spirv-text", "k.bc"]),
        )
        .unwrap();
        assert_eq!(args.len(), 5);
        assert_eq!(args[0], Arg::Opt("spirv-ext", Some("+all".into())));
        assert_eq!(args[1], Arg::Opt("o", Some("a.spv".into())));
    }

    #[test]
    fn mistakes_are_reported() {
        assert!(scan(&SPV, &strings(&["--bogus"])).is_err());
        assert!(scan(&SPV, &strings(&["-o"])).is_err());
        assert!(scan(&SPV, &strings(&["--raw-id=1"])).is_err());
    }
}
