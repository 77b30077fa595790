//! `spirvkit._spirvkit`: the native half of the Python package. Every call releases the GIL
//! while spirvkit works; failures raise the exception classes of `spirvkit/__init__.py`
//! carrying the diagnostics as dicts (the Python side turns them into `Diagnostic`s).
#![forbid(unsafe_code)]

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

/// One problem as plain data (built without the GIL, turned into a dict with it).
struct Problem {
    code: String,
    /// The input the problem is in, when a call takes several (link).
    file: Option<String>,
    message: String,
    word_offset: Option<usize>,
    instruction_index: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
    instruction: Option<String>,
}

impl Problem {
    fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            code: code.into(),
            file: None,
            message: message.into(),
            word_offset: None,
            instruction_index: None,
            line: None,
            column: None,
            instruction: None,
        }
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("code", &self.code)?;
        d.set_item("message", &self.message)?;
        d.set_item("word_offset", self.word_offset)?;
        d.set_item("byte_offset", self.word_offset.map(|w| w * 4))?;
        d.set_item("instruction_index", self.instruction_index)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("instruction", &self.instruction)?;
        d.set_item("file", &self.file)?;
        Ok(d)
    }
}

fn problems_list<'py>(py: Python<'py>, problems: &[Problem]) -> PyResult<Bound<'py, PyList>> {
    let items = problems
        .iter()
        .map(|p| p.to_dict(py))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Raises `spirvkit.<class_name>(message, diagnostics)`.
fn raise(py: Python<'_>, class_name: &str, problems: &[Problem]) -> PyErr {
    let message = problems
        .first()
        .map_or_else(String::new, |p| match (p.line, p.column) {
            (Some(l), Some(c)) => format!("{l}:{c}: {}", p.message),
            _ => p.message.clone(),
        });
    let built = (|| -> PyResult<PyErr> {
        let class = py.import("spirvkit")?.getattr(class_name)?;
        let value = class.call1((message.clone(), problems_list(py, problems)?))?;
        Ok(PyErr::from_value(value))
    })();
    built.unwrap_or_else(|e| e)
}

fn decode_problem(e: &spirvkit_core::DecodeError) -> Problem {
    let mut p = Problem::new("binary.decode", e.kind.to_string());
    p.word_offset = Some(e.word_offset);
    p.instruction_index = e.instruction;
    p
}

/// Problems travel boxed through `Result`s: they are large and rare.
type Failed = Box<Problem>;

fn words_of(data: &[u8]) -> Result<Vec<u32>, Failed> {
    spirvkit_core::words_from_bytes(data)
        .map(|(w, _)| w)
        .map_err(|e| Box::new(decode_problem(&e)))
}

/// The validator's findings with the offending instruction in spirv-dis syntax.
fn validate_words(words: &[u32], opts: &spirvkit_val::ValidatorOptions) -> Vec<Problem> {
    match spirvkit_val::validate(words, opts) {
        Ok(()) => Vec::new(),
        Err(diags) => validator_problems(words, diags),
    }
}

/// The validator's diagnostics of `words` as problems with the instruction as spirv-dis text.
fn validator_problems(words: &[u32], diags: Vec<spirvkit_val::Diagnostic>) -> Vec<Problem> {
    let listing = spirvkit_text::disassemble(
        words,
        &spirvkit_text::DisassembleOptions {
            no_header: true,
            no_indent: true,
            ..Default::default()
        },
    )
    .ok();
    let lines: Vec<&str> = listing
        .as_deref()
        .map(|l| l.lines().collect())
        .unwrap_or_default();
    diags
        .into_iter()
        .map(|d| {
            let instruction = d
                .instruction_index
                .and_then(|i| lines.get(i))
                .map(|l| l.trim().to_owned())
                .or(d.instruction);
            Problem {
                code: d.rule.to_owned(),
                file: None,
                message: d.message,
                word_offset: d.word_offset,
                instruction_index: d.instruction_index,
                line: None,
                column: None,
                instruction,
            }
        })
        .collect()
}

fn parse_env(name: &str) -> PyResult<spirvkit_val::TargetEnv> {
    name.parse()
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("{e}")))
}

/// Sets spirv-val's limits given by their Python names (`max_id_bound=...`).
fn set_limits(l: &mut spirvkit_val::Limits, limits: Option<Bound<'_, PyDict>>) -> PyResult<()> {
    let Some(limits) = limits else {
        return Ok(());
    };
    for (key, value) in limits.iter() {
        let key: String = key.extract()?;
        let value: u32 = value.extract()?;
        let slot = match key.as_str() {
            "max_struct_members" => &mut l.max_struct_members,
            "max_struct_depth" => &mut l.max_struct_depth,
            "max_local_variables" => &mut l.max_local_variables,
            "max_global_variables" => &mut l.max_global_variables,
            "max_switch_branches" => &mut l.max_switch_branches,
            "max_function_args" => &mut l.max_function_args,
            "max_control_flow_nesting_depth" => &mut l.max_control_flow_nesting_depth,
            "max_access_chain_indexes" => &mut l.max_access_chain_indexes,
            "max_id_bound" => &mut l.max_id_bound,
            other => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "unknown validator limit '{other}'"
                )))
            }
        };
        *slot = value;
    }
    Ok(())
}

/// validate(data, target_env, limits) -> list of diagnostic dicts (empty when valid).
#[pyfunction]
#[pyo3(signature = (data, target_env="spv1.6", limits=None))]
fn validate<'py>(
    py: Python<'py>,
    data: &[u8],
    target_env: &str,
    limits: Option<Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let env = parse_env(target_env)?;
    let mut opts = spirvkit_val::ValidatorOptions::new(env);
    set_limits(&mut opts.limits, limits)?;
    let problems = py.allow_threads(|| match words_of(data) {
        Ok(words) => validate_words(&words, &opts),
        Err(p) => vec![*p],
    });
    problems_list(py, &problems)
}

/// assemble(text, target_env=None, preserve_numeric_ids=False) -> bytes
#[pyfunction]
#[pyo3(signature = (text, target_env=None, preserve_numeric_ids=false))]
fn assemble<'py>(
    py: Python<'py>,
    text: &str,
    target_env: Option<&str>,
    preserve_numeric_ids: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let target_env = match target_env {
        Some(name) => Some(spirvkit_text::TargetEnv::parse(name).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!("unknown target env '{name}'"))
        })?),
        None => None,
    };
    let opts = spirvkit_text::AssembleOptions {
        target_env,
        preserve_numeric_ids,
    };
    let result = py.allow_threads(|| -> Result<Vec<u8>, Failed> {
        let words = spirvkit_text::assemble(text, &opts).map_err(|e| {
            let mut p = Problem::new("asm.error", e.kind.to_string());
            p.line = Some(e.line);
            p.column = Some(e.column);
            p.instruction = text
                .lines()
                .nth(e.line.saturating_sub(1))
                .map(str::to_owned);
            Box::new(p)
        })?;
        Ok(spirvkit_core::binary::bytes_from_words(&words))
    });
    match result {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(p) => Err(raise(py, "AssembleError", &[*p])),
    }
}

/// disassemble(data, **options) -> str
#[pyfunction]
#[pyo3(signature = (data, raw_id=false, no_header=false, no_indent=false, offsets=false,
                    comment=false, nested_indent=false, reorder_blocks=false))]
#[allow(clippy::too_many_arguments)]
fn disassemble(
    py: Python<'_>,
    data: &[u8],
    raw_id: bool,
    no_header: bool,
    no_indent: bool,
    offsets: bool,
    comment: bool,
    nested_indent: bool,
    reorder_blocks: bool,
) -> PyResult<String> {
    let opts = spirvkit_text::DisassembleOptions {
        raw_id,
        no_header,
        no_indent,
        offsets,
        comment,
        nested_indent,
        reorder_blocks,
    };
    let result = py.allow_threads(|| -> Result<String, Failed> {
        let words = words_of(data)?;
        spirvkit_text::disassemble(&words, &opts).map_err(|e| match e {
            spirvkit_text::DisassembleError::Decode(d) => Box::new(decode_problem(&d)),
            other => {
                let mut p = Problem::new("binary.invalid_opcode", other.to_string());
                p.word_offset = other.word_offset();
                Box::new(p)
            }
        })
    });
    result.map_err(|p| raise(py, "DisassembleError", &[*p]))
}

/// SPIR-V for OpenCL → SPIR 1.2 LLVM bitcode, as `spirvkit translate -r`: the input is
/// validated first (spv1.6, as the CLI does), its diagnostics raised when it is invalid.
fn reverse_translate<'py>(py: Python<'py>, spirv: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let result = py.allow_threads(|| -> Result<Vec<u8>, Vec<Problem>> {
        let words = words_of(spirv).map_err(|p| vec![*p])?;
        let problems = validate_words(&words, &spirvkit_val::ValidatorOptions::default());
        if !problems.is_empty() {
            return Err(problems);
        }
        let options = spirvkit_spir::reverse::ReverseOptions::default();
        let module = spirvkit_spir::reverse::reverse_words(&words, &options).map_err(|e| {
            let mut p = Problem::new("reverse.error", e.to_string());
            if let spirvkit_spir::reverse::ReverseError::Unsupported { offset, .. } = &e {
                p.word_offset = Some(*offset);
            }
            vec![p]
        })?;
        spirvkit_llvm::write_bitcode(&module, "<bytes>")
            .map_err(|e| vec![Problem::new("llvm.write", e.to_string())])
    });
    match result {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(problems) => Err(raise(py, "TranslateError", &problems)),
    }
}

/// translate(llvm_bytes, extensions=None, max_version=None, reverse=False) -> bytes
#[pyfunction]
#[pyo3(signature = (llvm_bytes, extensions=None, max_version=None, reverse=false))]
fn translate<'py>(
    py: Python<'py>,
    llvm_bytes: &[u8],
    extensions: Option<&str>,
    max_version: Option<&str>,
    reverse: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    if reverse {
        return reverse_translate(py, llvm_bytes);
    }
    let mut options = spirvkit_spir::TranslateOptions::default();
    if let Some(list) = extensions {
        options
            .apply_extension_list(list)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    }
    if let Some(v) = max_version {
        let parsed = v
            .split_once('.')
            .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
            .filter(|&(a, b)| a == 1 && b <= 6)
            .ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "max_version must be 1.0 .. 1.6, not {v}"
                ))
            })?;
        options.max_version = (parsed.0 << 16) | (parsed.1 << 8);
    }
    let result = py.allow_threads(|| -> Result<Vec<u8>, Failed> {
        let module = spirvkit_llvm::read_bytes(llvm_bytes, "<bytes>").map_err(|e| {
            let mut p = Problem::new("llvm.read", e.to_string());
            if let spirvkit_llvm::LlvmError::Text { line, col, .. } = &e {
                p.line = Some(*line as usize);
                p.column = Some(*col as usize);
            }
            Box::new(p)
        })?;
        let words = spirvkit_spir::translate_to_words(&module, &options)
            .map_err(|e| Box::new(Problem::new("translate.error", e.to_string())))?;
        Ok(spirvkit_core::binary::bytes_from_words(&words))
    });
    match result {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(p) => Err(raise(py, "TranslateError", &[*p])),
    }
}

/// optimize(data, passes, target_env, skip_validation, preserve_bindings,
/// preserve_spec_constants, limits) -> bytes: spirv-opt's pass flags in order.
#[pyfunction]
#[pyo3(signature = (data, passes, target_env="spv1.6", skip_validation=false,
                    preserve_bindings=false, preserve_spec_constants=false, limits=None))]
#[allow(clippy::too_many_arguments)]
fn optimize<'py>(
    py: Python<'py>,
    data: &[u8],
    passes: Vec<String>,
    target_env: &str,
    skip_validation: bool,
    preserve_bindings: bool,
    preserve_spec_constants: bool,
    limits: Option<Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let pipeline = spirvkit_opt::passes_from_flags(&passes)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let mut optimizer = spirvkit_opt::Optimizer::new(parse_env(target_env)?);
    set_limits(&mut optimizer.validator.limits, limits)?;
    optimizer.skip_validation = skip_validation;
    optimizer.preserve_bindings = preserve_bindings;
    optimizer.preserve_spec_constants = preserve_spec_constants;
    for pass in pipeline {
        optimizer.register_pass(pass);
    }
    let result = py.allow_threads(|| -> Result<Vec<u8>, Vec<Problem>> {
        let words = words_of(data).map_err(|p| vec![*p])?;
        let out = optimizer.run(&words).map_err(|e| {
            let code = e.code();
            match e {
                spirvkit_opt::Error::InvalidInput(diags) => validator_problems(&words, diags),
                spirvkit_opt::Error::Decode(d) => vec![decode_problem(&d)],
                other => vec![Problem::new(code, other.to_string())],
            }
        })?;
        Ok(spirvkit_core::binary::bytes_from_words(&out))
    });
    match result {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(problems) => Err(raise(py, "OptimizeError", &problems)),
    }
}

/// The problem of a linker error, located in the input it names.
fn link_problem(e: &spirvkit_opt::LinkError) -> Problem {
    let mut p = Problem::new(e.code(), e.to_string());
    p.file = e.file().map(str::to_owned);
    if let Some((_, word, text)) = e.primary_location() {
        p.word_offset = Some(word);
        p.instruction = text.map(str::to_owned);
    }
    p
}

/// link(modules, names, target_env, create_library, allow_partial_linkage,
/// use_highest_version, allow_pointer_mismatch, verify_ids, validate) -> bytes
#[pyfunction]
#[pyo3(signature = (modules, names=None, target_env="universal", create_library=false,
                    allow_partial_linkage=false, use_highest_version=false,
                    allow_pointer_mismatch=false, verify_ids=false, validate=true))]
#[allow(clippy::too_many_arguments)]
fn link<'py>(
    py: Python<'py>,
    modules: Vec<Vec<u8>>,
    names: Option<Vec<String>>,
    target_env: &str,
    create_library: bool,
    allow_partial_linkage: bool,
    use_highest_version: bool,
    allow_pointer_mismatch: bool,
    verify_ids: bool,
    validate: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let names = match names {
        Some(n) if n.len() != modules.len() => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "{} names for {} modules",
                n.len(),
                modules.len()
            )))
        }
        Some(n) => n,
        None => (0..modules.len()).map(|i| format!("module {i}")).collect(),
    };
    let options = spirvkit_opt::LinkOptions {
        create_library,
        allow_partial_linkage,
        use_highest_version,
        allow_pointer_mismatch,
        verify_ids,
        target_env: parse_env(target_env)?,
        validate_inputs: validate,
        ..Default::default()
    };
    let result = py.allow_threads(|| -> Result<Vec<u8>, Failed> {
        let words = modules
            .iter()
            .zip(&names)
            .map(|(m, name)| {
                words_of(m).map_err(|mut p| {
                    p.file = Some(name.clone());
                    p
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let named: Vec<spirvkit_opt::NamedInput<'_>> = names
            .iter()
            .zip(&words)
            .map(|(name, words)| spirvkit_opt::NamedInput { name, words })
            .collect();
        let linked =
            spirvkit_opt::link_named(&named, &options).map_err(|e| Box::new(link_problem(&e)))?;
        Ok(spirvkit_core::binary::bytes_from_words(&linked))
    });
    match result {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(p) => Err(raise(py, "LinkError", &[*p])),
    }
}

#[pymodule]
fn _spirvkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(translate, m)?)?;
    m.add_function(wrap_pyfunction!(optimize, m)?)?;
    m.add_function(wrap_pyfunction!(link, m)?)?;
    Ok(())
}
