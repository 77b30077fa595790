//! Diagnostics for machines: `--diagnostics-format=human|json|sarif`. Commands build
//! [`Report`]s; this module renders them as JSON lines shaped like rustc's (`json`) or as one
//! SARIF 2.1.0 log (`sarif`), on standard output. The human format stays each command's own.
//! Valid inputs produce no reports, so nothing is printed for them.

mod json;
mod sarif;

use std::fmt::Debug;

/// How problems are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The command's usual messages on standard error.
    #[default]
    Human,
    /// One JSON object per problem per line (rustc's shape), on standard output.
    Json,
    /// One SARIF 2.1.0 log for the whole run, on standard output.
    Sarif,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
        }
    }
}

/// One problem in one file, with every location that is known.
#[derive(Clone, Debug)]
pub struct Report {
    pub level: Level,
    /// Stable rule id (`id.undefined`, `asm.invalid_opcode_name`, `binary.decode`).
    pub code: String,
    pub message: String,
    pub file: String,
    pub word_offset: Option<usize>,
    pub byte_offset: Option<usize>,
    /// Length in bytes of the offending instruction, when known.
    pub byte_length: Option<usize>,
    pub instruction_index: Option<usize>,
    /// 1-based line and column in a text input.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The offending instruction in spirv-dis syntax (or the offending source line).
    pub note: Option<String>,
}

impl Report {
    pub fn error(code: impl Into<String>, message: impl Into<String>, file: &str) -> Self {
        Report {
            level: Level::Error,
            code: code.into(),
            message: message.into(),
            file: file.to_owned(),
            word_offset: None,
            byte_offset: None,
            byte_length: None,
            instruction_index: None,
            line: None,
            column: None,
            note: None,
        }
    }

    /// At word `offset` of `words`: sets the byte offset and, when an instruction starts
    /// there, its length.
    pub fn at_word(mut self, words: &[u32], offset: usize) -> Self {
        self.word_offset = Some(offset);
        self.byte_offset = Some(offset * 4);
        // An instruction's length, cut at the end of the module when its count overruns it.
        self.byte_length = words
            .get(offset)
            .map(|w| ((w >> 16) as usize).min(words.len() - offset) * 4)
            .filter(|&n| offset >= 5 && n > 0);
        self
    }

    pub fn instruction(mut self, index: Option<usize>) -> Self {
        self.instruction_index = index;
        self
    }

    pub fn line_column(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    pub fn note(mut self, note: Option<String>) -> Self {
        self.note = note;
        self
    }
}

/// A rule id from an error enum's variant name: `InvalidOpcodeName(..)` under `asm` is
/// `asm.invalid_opcode_name`.
pub fn code_of(prefix: &str, kind: &impl Debug) -> String {
    let debug = format!("{kind:?}");
    let name = debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    let mut code = String::with_capacity(prefix.len() + name.len() + 4);
    code.push_str(prefix);
    code.push('.');
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                code.push('_');
            }
            code.push(c.to_ascii_lowercase());
        } else {
            code.push(c);
        }
    }
    code
}

/// Prints `reports` in a machine format (nothing when there are none).
pub fn emit(format: Format, reports: &[Report]) {
    use std::io::Write;
    if reports.is_empty() {
        return;
    }
    let mut out = std::io::stdout().lock();
    let text = match format {
        Format::Human => return,
        Format::Json => {
            let mut s = String::new();
            for r in reports {
                s.push_str(&json::line(r));
                s.push('\n');
            }
            s
        }
        Format::Sarif => sarif::log(reports) + "\n",
    };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Why one input of a batch failed: a message for people, or a report for machines.
pub enum Failure {
    Message(anyhow::Error),
    Report(Box<Report>),
}

/// Runs `one(input, output)` over `inputs` in parallel with a progress bar, then
/// [`finish_batch`]. The output of each input: `-o` (single input only), `single_default` for a
/// lone input without `-o`, otherwise the input with `extension`.
pub fn run_batch(
    inputs: &[std::path::PathBuf],
    output: Option<&std::path::Path>,
    single_default: &str,
    extension: &str,
    format: Format,
    one: impl Fn(&std::path::Path, &std::path::Path) -> Result<(), Failure> + Sync,
) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let single = inputs.len() == 1;
    if !single && output.is_some() {
        anyhow::bail!(
            "-o takes a single input; with several inputs each output goes next to its input"
        );
    }
    let progress = crate::progress::Progress::new(inputs.len());
    let failures: Vec<Failure> = inputs
        .par_iter()
        .filter_map(|input| {
            let out = match output {
                Some(o) => o.to_path_buf(),
                None if single => std::path::PathBuf::from(single_default),
                None => input.with_extension(extension),
            };
            let r = one(input, &out).err();
            progress.tick();
            r
        })
        .collect();
    progress.finish();
    finish_batch(format, failures)
}

/// Ends a batch: prints the reports together (machine formats) and the messages one per
/// line, the last one as the command's error; exit status 1 when anything failed.
pub fn finish_batch(format: Format, failures: Vec<Failure>) -> anyhow::Result<()> {
    let mut reports = Vec::new();
    let mut messages = Vec::new();
    for f in failures {
        match f {
            Failure::Report(r) => reports.push(*r),
            Failure::Message(m) => messages.push(m),
        }
    }
    emit(format, &reports);
    let last = messages.pop();
    for m in messages {
        eprintln!("spirvkit: {m:#}");
    }
    match last {
        Some(m) => Err(m),
        None if !reports.is_empty() => std::process::exit(1),
        None => Ok(()),
    }
}

/// Reports of validator findings for `file`.
pub fn from_findings(
    file: &str,
    words: &[u32],
    findings: &[crate::cmd::val::Finding],
) -> Vec<Report> {
    findings
        .iter()
        .map(|f| {
            let d = &f.diagnostic;
            let r = Report::error(d.rule, d.message.clone(), file)
                .instruction(d.instruction_index)
                .note(f.instruction.clone());
            match d.word_offset {
                Some(w) => r.at_word(words, w),
                None => r,
            }
        })
        .collect()
}

/// The report of a decoding failure.
pub fn from_decode_error(file: &str, words: &[u32], e: &spirvkit_core::DecodeError) -> Report {
    Report::error(code_of("binary", &e.kind), e.kind.to_string(), file)
        .at_word(words, e.word_offset)
        .instruction(e.instruction)
}

/// A SPIR-V input's words, or the report of why it cannot be read (`io.read`) or decoded.
pub fn read_spirv(path: &std::path::Path, name: &str) -> Result<Vec<u32>, Box<Report>> {
    let bytes = crate::input::map_or_read(path)
        .map_err(|e| Box::new(Report::error("io.read", format!("{e:#}"), name)))?;
    spirvkit_core::words_from_bytes(&bytes)
        .map(|(w, _)| w)
        .map_err(|e| Box::new(from_decode_error(name, &[], &e)))
}

/// The reports of an optimizer failure on `file`: an invalid input's validator findings
/// (with the instructions), else one report under the error's rule id.
pub fn from_opt_error(file: &str, words: &[u32], e: spirvkit_opt::Error) -> Vec<Report> {
    match e {
        spirvkit_opt::Error::InvalidInput(diags) => {
            from_findings(file, words, &crate::cmd::val::findings_of(words, diags))
        }
        spirvkit_opt::Error::Decode(d) => vec![from_decode_error(file, words, &d)],
        other => vec![Report::error(other.code(), other.to_string(), file)],
    }
}

/// The report of a linker failure, located in the input it names (`inputs` give each
/// input's words by name); errors about the whole link are reported against `output`.
pub fn from_link_error(
    e: &spirvkit_opt::LinkError,
    inputs: &[spirvkit_opt::NamedInput<'_>],
    output: &str,
) -> Report {
    let file = e.file().unwrap_or(output);
    let report = Report::error(e.code(), e.to_string(), file);
    match e.primary_location() {
        Some((_, word, text)) => {
            let words = inputs
                .iter()
                .find(|i| i.name == file)
                .map_or(&[][..], |i| i.words);
            report.at_word(words, word).note(text.map(str::to_owned))
        }
        None => report,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    #[allow(dead_code)]
    enum Kind {
        InvalidOpcodeName(String),
        MissingText,
    }

    #[test]
    fn codes_come_from_variant_names() {
        assert_eq!(
            code_of("asm", &Kind::InvalidOpcodeName("x".into())),
            "asm.invalid_opcode_name"
        );
        assert_eq!(code_of("asm", &Kind::MissingText), "asm.missing_text");
    }

    #[test]
    fn json_and_sarif_carry_the_fields() {
        let words = [0x0723_0203, 0x10000, 0, 10, 0, (2 << 16) | 17, 1];
        let r = Report::error("layout.order", "bad order", "m.spv")
            .at_word(&words, 5)
            .instruction(Some(0))
            .note(Some("OpCapability Shader".into()));
        let v: serde_json::Value = serde_json::from_str(&json::line(&r)).unwrap();
        assert_eq!(v["level"], "error");
        assert_eq!(v["code"]["code"], "layout.order");
        assert_eq!(v["message"], "bad order");
        assert_eq!(v["file"], "m.spv");
        assert_eq!(v["word_offset"], 5);
        assert_eq!(v["byte_offset"], 20);
        assert_eq!(v["instruction_index"], 0);
        assert_eq!(v["children"][0]["level"], "note");
        assert_eq!(v["children"][0]["message"], "OpCapability Shader");
        let s: serde_json::Value = serde_json::from_str(&sarif::log(&[r])).unwrap();
        assert_eq!(s["version"], "2.1.0");
        let result = &s["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], "layout.order");
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["byteOffset"], 20);
        assert_eq!(region["byteLength"], 8);
        assert_eq!(
            s["runs"][0]["tool"]["driver"]["rules"][0]["id"],
            "layout.order"
        );
    }
}
