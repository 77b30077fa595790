//! `--set-spec-const-default-value "ID:VALUE ..."`: changes the default value of the spec
//! constants decorated `SpecId ID` (seed §2.8), with spirv-opt's argument syntax and errors:
//! pairs separated by whitespace, no space around `:`, ids read as C++ integers (hex and
//! octal accepted), a repeated id or bad syntax is an error. Values are parsed at the
//! constant's type (`true`/`false` for booleans, integers and floats of the type's width);
//! a value that does not parse for its constant, and ids not in the module, are ignored.

use crate::analyses::Analyses;
use crate::error::Error;
use crate::numbers::{encode_float, encode_integer};
use crate::pass::{Changed, Pass};
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Id, Instruction, Module, Operand};
use std::collections::BTreeMap;

pub struct SetSpecConstDefaultValue {
    pub values: BTreeMap<u32, String>,
}

/// The flag's argument error messages, exactly as spirv-opt prints them.
pub fn parse_argument(arg: &str) -> Result<BTreeMap<u32, String>, String> {
    if arg.is_empty() {
        return Err(format!(
            "Invalid spec constant value string '{arg}'. Expected a string of <spec id>:<default value> pairs."
        ));
    }
    parse_pairs(arg)
        .ok_or_else(|| format!("Invalid argument for --set-spec-const-default-value: {arg}"))
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn is_separator(b: u8) -> bool {
    b == b':' || b == 0 || is_space(b)
}

fn parse_pairs(s: &str) -> Option<BTreeMap<u32, String>> {
    let b = s.as_bytes();
    let mut map = BTreeMap::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
        let start = i;
        while i < b.len() && !is_separator(b[i]) {
            i += 1;
        }
        let id = parse_spec_id(&s[start..i])?;
        if map.contains_key(&id) || b.get(i) != Some(&b':') {
            return None;
        }
        i += 1;
        let value_start = i;
        while i < b.len() && !is_separator(b[i]) {
            i += 1;
        }
        if i == value_start {
            return None;
        }
        map.insert(id, s[value_start..i].to_string());
        while i < b.len() && is_space(b[i]) {
            i += 1;
        }
    }
    Some(map)
}

/// A spec id as `std::istream >> setbase(0)` reads an unsigned 32-bit number.
fn parse_spec_id(text: &str) -> Option<u32> {
    if let Some(rest) = text.strip_prefix('-') {
        // Only "-0" passes the unsigned read.
        return (!rest.is_empty() && rest.bytes().all(|c| c == b'0')).then_some(0);
    }
    let words = encode_integer(text.strip_prefix('+').unwrap_or(text), 64, false)?;
    let (lo, hi) = (words.first().copied()?, words.get(1).copied().unwrap_or(0));
    (hi == 0).then_some(lo)
}

/// The constant a `SpecId` decoration of `target` applies to (through a decoration group
/// when `target` is one, as spirv-opt resolves it).
fn spec_target(module: &Module, defs: &[Option<usize>], target: Id) -> Option<usize> {
    let def = (*defs.get(target.0 as usize)?)?;
    if module.globals[def].opcode != Op::DecorationGroup {
        return Some(def);
    }
    let group = module.globals.iter().rev().find(|i| {
        i.opcode == Op::GroupDecorate && i.operands.first() == Some(&Operand::Id(target))
    })?;
    let mut found = None;
    for id in group.operands.iter().skip(1).filter_map(Operand::id) {
        let Some(d) = defs.get(id.0 as usize).copied().flatten() else {
            continue;
        };
        let eligible = matches!(
            module.globals[d].opcode,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        );
        match found {
            None if eligible => found = Some(d),
            Some(f) if f == d => {}
            _ => return None,
        }
    }
    found
}

/// The value's words for a constant of type `ty` (None: not parsable for the type).
fn encode_for_type(
    module: &Module,
    defs: &[Option<usize>],
    ty: Id,
    text: &str,
) -> Option<Vec<u32>> {
    let t = &module.globals[(*defs.get(ty.0 as usize)?)?];
    let w = |i: usize| t.operands.get(i).and_then(Operand::word);
    match t.opcode {
        Op::TypeBool => match text {
            "true" => Some(vec![1]),
            "false" => Some(vec![0]),
            _ => None,
        },
        Op::TypeInt => encode_integer(text, w(0)?, w(1)? != 0),
        Op::TypeFloat => encode_float(text, w(0)?),
        _ => None,
    }
}

impl Pass for SetSpecConstDefaultValue {
    fn name(&self) -> &'static str {
        "set-spec-const-default-value"
    }

    fn run(&self, module: &mut Module, _: &mut Analyses) -> Result<Changed, Error> {
        if self.values.is_empty() {
            return Ok(Changed::No);
        }
        let mut defs: Vec<Option<usize>> = vec![None; module.header.bound as usize];
        for (i, inst) in module.globals.iter().enumerate() {
            if let Some(slot) = inst.result_id.and_then(|r| defs.get_mut(r.0 as usize)) {
                *slot = Some(i);
            }
        }
        let mut edits: Vec<(usize, Vec<u32>)> = Vec::new();
        for inst in &module.globals {
            let [Operand::Id(target), Operand::Word(d), Operand::Word(spec_id)] =
                inst.operands.as_slice()
            else {
                continue;
            };
            if inst.opcode != Op::Decorate || *d != Decoration::SpecId.0 {
                continue;
            }
            let Some(text) = self.values.get(spec_id) else {
                continue;
            };
            let Some(c) = spec_target(module, &defs, *target) else {
                continue;
            };
            let Some(ty) = module.globals[c].result_type else {
                continue;
            };
            if let Some(words) = encode_for_type(module, &defs, ty, text) {
                edits.push((c, words));
            }
        }
        let mut changed = false;
        for (c, words) in edits {
            changed |= apply(&mut module.globals[c], &words);
        }
        Ok(Changed::from_bool(changed))
    }
}

fn apply(inst: &mut Instruction, words: &[u32]) -> bool {
    let truth = words.iter().any(|&w| w != 0);
    match inst.opcode {
        Op::SpecConstant => {
            let new: spirvkit_core::Operands = words.iter().map(|&w| Operand::Word(w)).collect();
            if inst.operands == new {
                return false;
            }
            inst.operands = new;
            true
        }
        Op::SpecConstantTrue if !truth => {
            inst.opcode = Op::SpecConstantFalse;
            true
        }
        Op::SpecConstantFalse if truth => {
            inst.opcode = Op::SpecConstantTrue;
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::testing::{assemble, disassemble, run_pass};

    #[test]
    fn argument_syntax_and_errors() {
        let m = parse_argument("1:5 2:true\t0x3:-1.5").unwrap();
        assert_eq!(m.get(&1).map(String::as_str), Some("5"));
        assert_eq!(m.get(&2).map(String::as_str), Some("true"));
        assert_eq!(m.get(&3).map(String::as_str), Some("-1.5"));
        assert_eq!(parse_argument("010:1").unwrap().keys().next(), Some(&8));
        for bad in [
            "1 :5",
            "1:",
            "1:2 1:3",
            "x:1",
            ":1",
            "-1:2",
            "4294967296:1",
            " ",
        ] {
            assert_eq!(
                parse_argument(bad),
                Err(format!(
                    "Invalid argument for --set-spec-const-default-value: {bad}"
                )),
                "{bad:?}"
            );
        }
        assert!(parse_argument("")
            .unwrap_err()
            .starts_with("Invalid spec constant value string ''"));
    }

    #[test]
    fn sets_values_at_the_constant_width() {
        let src = r#"
OpCapability Shader
OpCapability Int64
OpCapability Float64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %a "a"
OpName %b "b"
OpName %c "c"
OpName %d "d"
OpName %e "e"
OpDecorate %a SpecId 1
OpDecorate %b SpecId 2
OpDecorate %c SpecId 3
OpDecorate %d SpecId 4
OpDecorate %e SpecId 5
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%long = OpTypeInt 64 0
%double = OpTypeFloat 64
%a = OpSpecConstant %int 7
%b = OpSpecConstantTrue %bool
%c = OpSpecConstant %long 1
%d = OpSpecConstant %double 1
%e = OpSpecConstant %int 9
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
"#;
        let pass = SetSpecConstDefaultValue {
            values: parse_argument("1:-3 2:false 3:0x100000000 4:2.5 5:notanumber 99:1").unwrap(),
        };
        let text = disassemble(&run_pass(&pass, &assemble(src)));
        assert!(text.contains("%a = OpSpecConstant %int -3"), "{text}");
        assert!(text.contains("%b = OpSpecConstantFalse %bool"));
        assert!(
            text.contains("%c = OpSpecConstant %ulong 4294967296"),
            "{text}"
        );
        assert!(text.contains("%d = OpSpecConstant %double 2.5"));
        assert!(text.contains("%e = OpSpecConstant %int 9"));
        assert!(text.contains("SpecId 1"));
    }
}
