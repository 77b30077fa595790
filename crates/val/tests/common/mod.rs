//! A tiny assembler for tests (spirv-as syntax subset: `%name` ids, numbers, strings,
//! enumerant names, `A|B` masks), so rule tests read like the spec's examples.
#![allow(dead_code)]

use spirvkit_grammar::{self as g, Category, OperandKind};
use std::collections::HashMap;

fn string_words(s: &str) -> Vec<u32> {
    let mut bytes = s.as_bytes().to_vec();
    bytes.push(0);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::from("\"");
            for ch in chars.by_ref() {
                if ch == '"' {
                    break;
                }
                s.push(ch);
            }
            out.push(s);
        } else {
            let mut s = String::new();
            while let Some(&ch) = chars.peek() {
                if ch.is_whitespace() {
                    break;
                }
                s.push(ch);
                chars.next();
            }
            out.push(s);
        }
    }
    out
}

fn enum_value(kind: Option<OperandKind>, name: &str) -> u32 {
    let lookup = |k: OperandKind| -> Option<u32> {
        let d = k.desc();
        if !matches!(d.category, Category::ValueEnum | Category::BitEnum) || d.ext_set.is_some() {
            return None;
        }
        let mut v = 0;
        for part in name.split('|') {
            v |= d.enumerant_by_name(part)?.value;
        }
        Some(v)
    };
    kind.and_then(lookup)
        .or_else(|| OperandKind::all().find_map(lookup))
        .unwrap_or_else(|| panic!("unknown name {name}"))
}

/// Assembles the text into a SPIR-V 1.6 module (`version` overrides the header version).
pub fn assemble_version(text: &str, version: u32) -> Vec<u32> {
    let mut ids: HashMap<String, u32> = HashMap::new();
    let mut next = 1u32;
    let mut id = |name: &str, ids: &mut HashMap<String, u32>| -> u32 {
        let name = name.trim_start_matches('%');
        *ids.entry(name.to_string()).or_insert_with(|| {
            let v = next;
            next += 1;
            v
        })
    };
    let mut body = Vec::new();
    for raw in text.lines() {
        let line = raw.split(';').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let toks = tokens(line);
        let (result, rest) = if toks.len() > 2 && toks[1] == "=" {
            (Some(toks[0].clone()), &toks[2..])
        } else {
            (None, &toks[..])
        };
        let desc = g::instruction_by_name(&rest[0])
            .unwrap_or_else(|| panic!("unknown opcode {}", rest[0]));
        let mut words = Vec::new();
        let mut args = rest[1..].iter();
        let mut pos = 0usize;
        if desc.has_result_type {
            words.push(id(args.next().expect("result type"), &mut ids));
            pos += 1;
        }
        if desc.has_result {
            words.push(id(result.as_deref().expect("result id"), &mut ids));
            pos += 1;
        }
        for tok in args {
            let kind = desc
                .operands
                .get(pos)
                .or(desc.operands.last())
                .map(|o| o.kind);
            if let Some(name) = tok.strip_prefix('%') {
                words.push(id(name, &mut ids));
            } else if let Some(s) = tok.strip_prefix('"') {
                words.extend(string_words(s));
            } else if let Ok(v) = tok.parse::<i64>() {
                words.push(v as u32);
            } else if let Some(hex) = tok.strip_prefix("0x") {
                words.push(u32::from_str_radix(hex, 16).expect("hex"));
            } else if let Ok(f) = tok.parse::<f32>() {
                words.push(f.to_bits());
            } else if let Some(op) = g::instruction_by_name(&format!("Op{tok}"))
                .filter(|_| kind == Some(OperandKind::LiteralSpecConstantOpInteger))
            {
                words.push(u32::from(op.opcode));
            } else {
                words.push(enum_value(kind, tok));
            }
            pos += 1;
        }
        body.push(((words.len() as u32 + 1) << 16) | u32::from(desc.opcode));
        body.extend(words);
    }
    let mut out = vec![spirvkit_core::MAGIC, version, 0, next, 0];
    out.extend(body);
    out
}

pub fn assemble(text: &str) -> Vec<u32> {
    assemble_version(text, 0x0001_0600)
}

pub const SHADER_HEAD: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
";

pub const TYPES: &str = "
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%t = OpConstantTrue %bool
%c1 = OpConstant %int 1
%c2 = OpConstant %int 2
%u4 = OpConstant %uint 4
";

/// A compute shader: `decorations` after the entry point, `types` after the common types,
/// `body` inside the entry block of main (which must end with a terminator).
pub fn shader(decorations: &str, types: &str, body: &str) -> Vec<u32> {
    assemble(&format!(
        "{SHADER_HEAD}{decorations}\n{TYPES}{types}\n%main = OpFunction %void None %fn\n%entry = OpLabel\n{body}\nOpFunctionEnd\n"
    ))
}

pub fn rules(words: &[u32]) -> Vec<&'static str> {
    match spirvkit_val::validate(words, &spirvkit_val::ValidatorOptions::default()) {
        Ok(()) => Vec::new(),
        Err(d) => d.iter().map(|d| d.rule).collect(),
    }
}

#[track_caller]
pub fn assert_valid(words: &[u32]) {
    if let Err(d) = spirvkit_val::validate(words, &spirvkit_val::ValidatorOptions::default()) {
        panic!(
            "expected valid, got:\n{}",
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[track_caller]
pub fn assert_rule(words: &[u32], rule: &str) {
    let r = rules(words);
    assert!(r.contains(&rule), "expected rule {rule}, got {r:?}");
}
