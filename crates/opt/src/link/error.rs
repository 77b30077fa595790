//! Linker errors: each names the input file(s), the word offset of the instruction at fault
//! and, where two inputs disagree, both places.

use std::fmt;

/// An instruction in one input: the file and the instruction's word offset from the start of
/// the file (header included), plus its spirv-dis rendering when the error shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub word_offset: usize,
    /// The instruction(s) as spirv-dis prints them (friendly names), one per line.
    pub text: String,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: word {}", self.file, self.word_offset)?;
        for line in self.text.lines() {
            write!(f, "\n    {}", line.trim_start())?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum LinkError {
    #[error("no modules were given")]
    NoInputs,
    #[error("{file}: word {word_offset}: cannot read the module: {message}")]
    Decode {
        file: String,
        word_offset: usize,
        message: String,
    },
    #[error("{file}: word {word_offset}: invalid module: {message}")]
    Invalid {
        file: String,
        word_offset: usize,
        message: String,
    },
    #[error(
        "conflicting SPIR-V versions: {first_file} is {first_version}, {file} is {version} (pass --use-highest-version to link into {highest})"
    )]
    VersionConflict {
        first_file: String,
        first_version: String,
        file: String,
        version: String,
        highest: String,
    },
    #[error("conflicting {what} models: {first} in {first_file}, {other} in {file}")]
    ModelConflict {
        /// "addressing" or "memory".
        what: &'static str,
        first_file: String,
        first: String,
        file: String,
        other: String,
    },
    #[error("the entry point \"{name}\" with execution model {model} is defined twice:\n  first at {first}\n  again at {second}")]
    DuplicateEntryPoint {
        name: String,
        model: String,
        first: Box<Location>,
        second: Box<Location>,
    },
    #[error("unresolved import \"{symbol}\" (no input exports it; pass --allow-partial-linkage to keep it imported):\n  imported at {import}")]
    UnresolvedImport {
        symbol: String,
        import: Box<Location>,
    },
    #[error("\"{symbol}\" is exported {count} times; an import needs exactly one definition:\n  imported at {import}\n  exported at {}", exports.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  exported at "))]
    DuplicateExport {
        symbol: String,
        count: usize,
        import: Box<Location>,
        exports: Vec<Location>,
    },
    #[error("\"{symbol}\" is both Export and LinkOnceODR, which is not allowed:\n  Export at {export}\n  LinkOnceODR at {link_once}")]
    ExportAndLinkOnce {
        symbol: String,
        export: Box<Location>,
        link_once: Box<Location>,
    },
    #[error("LinkageAttributes \"{symbol}\" decorate %{id}, which is neither a global variable nor a function:\n  at {at}")]
    NotLinkable {
        symbol: String,
        id: u32,
        at: Box<Location>,
    },
    #[error("type mismatch on \"{symbol}\"{hint}:\n  import at {import}\n  export at {export}")]
    TypeMismatch {
        symbol: String,
        /// Why, when the difference is known (e.g. only pointer parameters differ).
        hint: String,
        import: Box<Location>,
        export: Box<Location>,
    },
    #[error(
        "decorations mismatch on \"{symbol}\"{what}:\n  import at {import}\n  export at {export}"
    )]
    DecorationMismatch {
        symbol: String,
        /// Empty for the symbol itself, " (parameter N)" for a function parameter.
        what: String,
        import: Box<Location>,
        export: Box<Location>,
    },
    #[error("the id bound {bound} of the linked module exceeds the limit 4194303")]
    IdLimit { bound: u64 },
    #[error("--verify-ids: id %{id} is defined more than once in the merged module")]
    NonUniqueId { id: u32 },
}

impl LinkError {
    /// A stable rule id for machine-readable diagnostics (`link.unresolved_import`, ...).
    pub fn code(&self) -> &'static str {
        match self {
            LinkError::NoInputs => "link.no_inputs",
            LinkError::Decode { .. } => "link.decode",
            LinkError::Invalid { .. } => "link.invalid",
            LinkError::VersionConflict { .. } => "link.version_conflict",
            LinkError::ModelConflict { .. } => "link.model_conflict",
            LinkError::DuplicateEntryPoint { .. } => "link.duplicate_entry_point",
            LinkError::UnresolvedImport { .. } => "link.unresolved_import",
            LinkError::DuplicateExport { .. } => "link.duplicate_export",
            LinkError::ExportAndLinkOnce { .. } => "link.export_and_link_once",
            LinkError::NotLinkable { .. } => "link.not_linkable",
            LinkError::TypeMismatch { .. } => "link.type_mismatch",
            LinkError::DecorationMismatch { .. } => "link.decoration_mismatch",
            LinkError::IdLimit { .. } => "link.id_limit",
            LinkError::NonUniqueId { .. } => "link.non_unique_id",
        }
    }

    /// Where the error is: the file, the word offset and (when shown) the instruction in
    /// spirv-dis syntax; the later of two places when two inputs disagree (the one that
    /// conflicts), none when the error is about the whole link.
    pub fn primary_location(&self) -> Option<(&str, usize, Option<&str>)> {
        fn at(l: &Location) -> Option<(&str, usize, Option<&str>)> {
            let text = Some(l.text.trim()).filter(|t| !t.is_empty());
            Some((l.file.as_str(), l.word_offset, text))
        }
        match self {
            LinkError::Decode {
                file, word_offset, ..
            }
            | LinkError::Invalid {
                file, word_offset, ..
            } => Some((file.as_str(), *word_offset, None)),
            LinkError::DuplicateEntryPoint { second, .. } => at(second),
            LinkError::UnresolvedImport { import, .. }
            | LinkError::DuplicateExport { import, .. }
            | LinkError::TypeMismatch { import, .. }
            | LinkError::DecorationMismatch { import, .. } => at(import),
            LinkError::ExportAndLinkOnce { link_once, .. } => at(link_once),
            LinkError::NotLinkable { at: l, .. } => at(l),
            LinkError::NoInputs
            | LinkError::VersionConflict { .. }
            | LinkError::ModelConflict { .. }
            | LinkError::IdLimit { .. }
            | LinkError::NonUniqueId { .. } => None,
        }
    }

    /// The file the error is about when it has no instruction (version and model conflicts
    /// name the later input).
    pub fn file(&self) -> Option<&str> {
        match self {
            LinkError::VersionConflict { file, .. } | LinkError::ModelConflict { file, .. } => {
                Some(file)
            }
            _ => self.primary_location().map(|(f, _, _)| f),
        }
    }
}
