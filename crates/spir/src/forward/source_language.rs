//! OpSource's language and version word from the module's metadata, as llvm-spirv chooses
//! them: `!spirv.Source = !{!{i32 lang, i32 version}}` as written; else C++ for OpenCL with
//! the version of `!opencl.cxx.version`; else OpenCL C with `!opencl.ocl.version` (1.2 when
//! absent), OpenCL 2.1 being OpenCL_CPP there (llvm-spirv's PreprocessMetadata).

use spirvkit_grammar::SourceLanguage;

use crate::error::Result;
use crate::forward::translator::Translator;

/// `(language, version word)` for OpSource.
pub(crate) fn source_language(t: &Translator) -> Result<(u32, u32)> {
    if let Some(source) = t.metadata_version("spirv.Source") {
        return Ok(source);
    }
    if let Some(cxx) = t.metadata_version("opencl.cxx.version") {
        let word = version_word(cxx, "!opencl.cxx.version")?;
        return Ok((SourceLanguage::CPP_for_OpenCL.0, word));
    }
    let version = t.metadata_version("opencl.ocl.version").unwrap_or((1, 2));
    let word = version_word(version, "!opencl.ocl.version")?;
    let language = if version == (2, 1) {
        SourceLanguage::OpenCL_CPP
    } else {
        SourceLanguage::OpenCL_C
    };
    Ok((language.0, word))
}

/// OpSource's version word: major·100 000 + minor·1000 (OpenCL 2.0 → 200 000, C++ for
/// OpenCL 2021 → 202 100 000).
fn version_word((major, minor): (u32, u32), what: &str) -> Result<u32> {
    major
        .checked_mul(100_000)
        .zip(minor.checked_mul(1000))
        .and_then(|(major, minor)| major.checked_add(minor))
        .ok_or_else(|| {
            crate::error::malformed(
                what,
                format!("version {major}.{minor} does not fit OpSource's version word"),
            )
        })
}
