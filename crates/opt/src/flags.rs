//! A pipeline from spirv-opt's pass flags as a list of strings (`["-O", "--strip-debug",
//! "--set-spec-const-default-value=1:2"]`): `-O` / `-Os` expand in place, a flag's argument is
//! given after `=` or as the next string. The one implementation behind the CLI (which sets
//! its other options apart first) and the Python package.

use crate::optimizer::{PERFORMANCE_PASSES, SIZE_PASSES};
use crate::passes::{pass_from_flag, FlagError, Passes, FLAGS_WITH_ARGUMENT};

/// The passes `flags` stand for, in order.
pub fn passes_from_flags<S: AsRef<str>>(flags: &[S]) -> Result<Vec<Passes>, FlagError> {
    let mut pipeline = Vec::new();
    let mut rest = flags.iter().map(AsRef::as_ref);
    while let Some(arg) = rest.next() {
        match arg {
            "-O" => pipeline.extend_from_slice(PERFORMANCE_PASSES),
            "-Os" => pipeline.extend_from_slice(SIZE_PASSES),
            _ => {
                let Some(flag) = arg.strip_prefix("--") else {
                    return Err(FlagError::Unknown(arg.trim_start_matches('-').to_string()));
                };
                let (name, inline) = match flag.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (flag, None),
                };
                if FLAGS_WITH_ARGUMENT.contains(&name) {
                    let value = match inline {
                        Some(v) => Some(v),
                        None => rest.next(),
                    };
                    pipeline.push(pass_from_flag(name, value)?);
                } else {
                    pipeline.push(pass_from_flag(flag, None)?);
                }
            }
        }
    }
    Ok(pipeline)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_expand_in_place_and_arguments_come_inline_or_next() {
        let p = passes_from_flags(&["--strip-debug", "-O", "--compact-ids"]).unwrap();
        assert_eq!(p.len(), 2 + PERFORMANCE_PASSES.len());
        assert_eq!(p.first(), Some(&Passes::StripDebug));
        assert_eq!(p.last(), Some(&Passes::CompactIds));
        let inline = passes_from_flags(&["--set-spec-const-default-value=1:2"]).unwrap();
        let next = passes_from_flags(&["--set-spec-const-default-value", "1:2"]).unwrap();
        assert_eq!(inline, next);
        assert!(matches!(inline[0], Passes::SetSpecConstDefaultValue(_)));
        assert_eq!(
            passes_from_flags(&["-Os"]).unwrap().len(),
            SIZE_PASSES.len()
        );
    }

    #[test]
    fn unknown_and_unimplemented_flags_are_errors() {
        assert!(matches!(
            passes_from_flags(&["--bogus"]),
            Err(FlagError::Unknown(_))
        ));
        assert!(matches!(
            passes_from_flags(&["-X"]),
            Err(FlagError::Unknown(_))
        ));
        assert!(matches!(
            passes_from_flags(&["--loop-unroll"]),
            Err(FlagError::NotImplemented(_))
        ));
        assert!(matches!(
            passes_from_flags(&["--set-spec-const-default-value"]),
            Err(FlagError::MissingArgument(_))
        ));
    }
}
