//! The grammar as loaded from JSON, normalised (numbers parsed, versions decoded, extended
//! instruction set kinds namespaced).

use crate::GenError;
use serde_json::Value;
use std::path::Path;

/// One extended instruction set: its grammar file, the name used in `OpExtInstImport`, the
/// Rust identifier prefix for its own operand kinds, and whether a prefix match on the import
/// name selects it (SPIRV-Tools matches `NonSemantic.ClspvReflection.<N>` by prefix).
#[derive(Debug, Clone, Copy)]
pub struct ExtSetSpec {
    pub file: &'static str,
    pub import_name: &'static str,
    pub prefix_match: bool,
    /// SPIRV-Tools 2025.5 knows the set (its assembler takes instruction names, its
    /// disassembler prints them); the others it reads as unknown non-semantic sets: numbers
    /// and plain ids, which spirvkit follows so its text reassembles with spirv-as.
    pub recognised: bool,
    pub ident: &'static str,
}

pub const EXT_SETS: &[ExtSetSpec] = &[
    ExtSetSpec {
        file: "extinst.glsl.std.450.grammar.json",
        import_name: "GLSL.std.450",
        prefix_match: false,
        recognised: true,
        ident: "GlslStd450",
    },
    ExtSetSpec {
        file: "extinst.opencl.std.100.grammar.json",
        import_name: "OpenCL.std",
        prefix_match: false,
        recognised: true,
        ident: "OpenClStd",
    },
    ExtSetSpec {
        file: "extinst.spv-amd-shader-explicit-vertex-parameter.grammar.json",
        import_name: "SPV_AMD_shader_explicit_vertex_parameter",
        prefix_match: false,
        recognised: true,
        ident: "AmdShaderExplicitVertexParameter",
    },
    ExtSetSpec {
        file: "extinst.spv-amd-shader-trinary-minmax.grammar.json",
        import_name: "SPV_AMD_shader_trinary_minmax",
        prefix_match: false,
        recognised: true,
        ident: "AmdShaderTrinaryMinmax",
    },
    ExtSetSpec {
        file: "extinst.spv-amd-gcn-shader.grammar.json",
        import_name: "SPV_AMD_gcn_shader",
        prefix_match: false,
        recognised: true,
        ident: "AmdGcnShader",
    },
    ExtSetSpec {
        file: "extinst.spv-amd-shader-ballot.grammar.json",
        import_name: "SPV_AMD_shader_ballot",
        prefix_match: false,
        recognised: true,
        ident: "AmdShaderBallot",
    },
    ExtSetSpec {
        file: "extinst.debuginfo.grammar.json",
        import_name: "DebugInfo",
        prefix_match: false,
        recognised: true,
        ident: "DebugInfo",
    },
    ExtSetSpec {
        file: "extinst.opencl.debuginfo.100.grammar.json",
        import_name: "OpenCL.DebugInfo.100",
        prefix_match: false,
        recognised: true,
        ident: "OpenClDebugInfo100",
    },
    ExtSetSpec {
        file: "extinst.nonsemantic.shader.debuginfo.100.grammar.json",
        import_name: "NonSemantic.Shader.DebugInfo.100",
        prefix_match: false,
        recognised: true,
        ident: "ShaderDebugInfo100",
    },
    ExtSetSpec {
        file: "extinst.nonsemantic.clspvreflection.grammar.json",
        import_name: "NonSemantic.ClspvReflection.",
        prefix_match: true,
        recognised: true,
        ident: "ClspvReflection",
    },
    ExtSetSpec {
        file: "extinst.nonsemantic.vkspreflection.grammar.json",
        import_name: "NonSemantic.VkspReflection.",
        prefix_match: true,
        recognised: true,
        ident: "VkspReflection",
    },
    ExtSetSpec {
        file: "extinst.nonsemantic.debugprintf.grammar.json",
        import_name: "NonSemantic.DebugPrintf",
        prefix_match: false,
        recognised: false,
        ident: "DebugPrintf",
    },
    ExtSetSpec {
        file: "extinst.nonsemantic.debugbreak.grammar.json",
        import_name: "NonSemantic.DebugBreak",
        prefix_match: false,
        recognised: false,
        ident: "DebugBreak",
    },
    ExtSetSpec {
        file: "extinst.tosa.001000.1.grammar.json",
        import_name: "TOSA.001000.1",
        prefix_match: false,
        recognised: true,
        ident: "Tosa001000",
    },
    ExtSetSpec {
        file: "extinst.arm.motion-engine.100.grammar.json",
        import_name: "Arm.MotionEngine.100",
        prefix_match: false,
        recognised: true,
        ident: "ArmMotionEngine100",
    },
];

#[derive(Debug, Clone)]
pub struct Operand {
    /// Rust variant name of the operand kind (namespaced for ext-set kinds).
    pub kind: String,
    pub quantifier: char,
    pub name: String,
}

#[derive(Debug, Clone, Default)]
pub struct Availability {
    pub capabilities: Vec<String>,
    pub extensions: Vec<String>,
    /// `None` = the grammar's "None": reachable only through capabilities/extensions.
    pub version: Option<u32>,
    pub last_version: Option<u32>,
    pub provisional: bool,
}

#[derive(Debug, Clone)]
pub struct Instruction {
    pub opname: String,
    pub opcode: u32,
    pub class: String,
    pub operands: Vec<Operand>,
    pub aliases: Vec<String>,
    pub avail: Availability,
}

#[derive(Debug, Clone)]
pub struct Enumerant {
    pub name: String,
    pub value: u32,
    pub parameters: Vec<Operand>,
    pub aliases: Vec<String>,
    pub avail: Availability,
}

#[derive(Debug, Clone)]
pub struct OperandKind {
    /// Rust variant name (unique across core and ext sets).
    pub ident: String,
    /// Name as written in the grammar.
    pub name: String,
    pub category: String,
    /// Index into `EXT_SETS` + 1, or 0 for core kinds.
    pub set: usize,
    pub enumerants: Vec<Enumerant>,
    pub bases: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct ExtSet {
    pub spec: ExtSetSpec,
    pub instructions: Vec<Instruction>,
}

#[derive(Debug)]
pub struct Grammar {
    pub version: (u32, u32, u32),
    /// Registered generator (tool) ids from spir-v.xml: (id, vendor, tool).
    pub generators: Vec<(u32, String, Option<String>)>,
    pub instructions: Vec<Instruction>,
    pub kinds: Vec<OperandKind>,
    pub ext_sets: Vec<ExtSet>,
}

fn err(path: &Path, message: impl Into<String>) -> GenError {
    GenError::Grammar {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

fn read_json(path: &Path) -> Result<Value, GenError> {
    let text = std::fs::read_to_string(path).map_err(|source| GenError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| GenError::Json {
        path: path.to_path_buf(),
        source,
    })
}

fn number(v: &Value) -> Option<u32> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => {
            let s = s.trim();
            match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => s.parse().ok(),
            }
        }
        _ => None,
    }
}

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// "1.3" → 0x0001_0300 (the header's version word layout); "None" → None.
fn version(v: Option<&Value>, default: Option<u32>) -> Option<u32> {
    match v.and_then(Value::as_str) {
        None => default,
        Some("None") => None,
        Some(s) => {
            let mut parts = s.split('.');
            let major: u32 = parts.next()?.parse().ok()?;
            let minor: u32 = parts.next().unwrap_or("0").parse().ok()?;
            Some((major << 16) | (minor << 8))
        }
    }
}

fn availability(o: &Value) -> Availability {
    Availability {
        capabilities: strings(o.get("capabilities")),
        extensions: strings(o.get("extensions")),
        version: version(o.get("version"), Some(0x0001_0000)),
        last_version: version(o.get("lastVersion"), None),
        provisional: o
            .get("provisional")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    }
}

fn operands(
    path: &Path,
    list: Option<&Value>,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Operand>, GenError> {
    let mut out = Vec::new();
    for o in list.and_then(Value::as_array).into_iter().flatten() {
        let kind_name = o
            .get("kind")
            .and_then(Value::as_str)
            .ok_or_else(|| err(path, "operand without kind"))?;
        let kind = resolve(kind_name)
            .ok_or_else(|| err(path, format!("unknown operand kind {kind_name}")))?;
        let quantifier = match o.get("quantifier").and_then(Value::as_str) {
            None => '1',
            Some("?") => '?',
            Some("*") => '*',
            Some(q) => return Err(err(path, format!("unknown quantifier {q}"))),
        };
        let name = o
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        out.push(Operand {
            kind,
            quantifier,
            name,
        });
    }
    Ok(out)
}

fn instructions(
    path: &Path,
    doc: &Value,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Instruction>, GenError> {
    let list = doc
        .get("instructions")
        .and_then(Value::as_array)
        .ok_or_else(|| err(path, "no instructions"))?;
    let mut out = Vec::with_capacity(list.len());
    for i in list {
        let opname = i
            .get("opname")
            .and_then(Value::as_str)
            .ok_or_else(|| err(path, "instruction without opname"))?;
        let opcode = i
            .get("opcode")
            .and_then(number)
            .ok_or_else(|| err(path, format!("{opname}: bad opcode")))?;
        out.push(Instruction {
            opname: opname.to_owned(),
            opcode,
            class: i
                .get("class")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            operands: operands(path, i.get("operands"), resolve)?,
            aliases: strings(i.get("aliases")),
            avail: availability(i),
        });
    }
    Ok(out)
}

fn kinds(
    path: &Path,
    doc: &Value,
    set: usize,
    ident_prefix: &str,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<OperandKind>, GenError> {
    let mut out = Vec::new();
    for k in doc
        .get("operand_kinds")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = k
            .get("kind")
            .and_then(Value::as_str)
            .ok_or_else(|| err(path, "kind without name"))?;
        let category = k
            .get("category")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let mut enumerants = Vec::new();
        for e in k
            .get("enumerants")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let en = e
                .get("enumerant")
                .and_then(Value::as_str)
                .ok_or_else(|| err(path, format!("{name}: enumerant without name")))?;
            let value = e
                .get("value")
                .and_then(number)
                .ok_or_else(|| err(path, format!("{name}.{en}: bad value")))?;
            enumerants.push(Enumerant {
                name: en.to_owned(),
                value,
                parameters: operands(path, e.get("parameters"), resolve)?,
                aliases: strings(e.get("aliases")),
                avail: availability(e),
            });
        }
        out.push(OperandKind {
            ident: format!("{ident_prefix}{name}"),
            name: name.to_owned(),
            category,
            set,
            enumerants,
            bases: strings(k.get("bases")),
        });
    }
    Ok(out)
}

/// spirvkit's supplement to the pinned core grammar (`crates/grammar/supplement/`, next to the
/// verbatim `khronos/` folder): instructions and enumerants of extensions newer than the pinned
/// SPIRV-Headers, in the core grammar's format.
pub const SUPPLEMENT_FILE: &str = "spirv.core.supplement.json";

/// Adds the supplement's instructions and enumerants to the core grammar, each at its place in
/// number order. Something the core grammar already has (a number or a name) is an error, so
/// a headers update that adds it makes the duplicate visible.
fn merge_supplement(
    path: &Path,
    doc: &Value,
    resolve: &dyn Fn(&str) -> Option<String>,
    core_kinds: &mut [OperandKind],
    core_instructions: &mut Vec<Instruction>,
) -> Result<(), GenError> {
    for inst in instructions(path, doc, resolve)? {
        if core_instructions
            .iter()
            .any(|i| i.opcode == inst.opcode || i.opname == inst.opname)
        {
            return Err(err(
                path,
                format!("{} is in the core grammar already", inst.opname),
            ));
        }
        let at = core_instructions.partition_point(|i| i.opcode <= inst.opcode);
        core_instructions.insert(at, inst);
    }
    // Extensions that add an enabling capability to an existing instruction
    // (`{"opname": .., "capabilities": [..]}`); one the instruction lists already is an error.
    for entry in doc
        .get("instruction_capabilities")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let opname = entry
            .get("opname")
            .and_then(Value::as_str)
            .ok_or_else(|| err(path, "instruction_capabilities entry without opname"))?;
        let inst = core_instructions
            .iter_mut()
            .find(|i| i.opname == opname)
            .ok_or_else(|| err(path, format!("no instruction {opname} to extend")))?;
        for cap in strings(entry.get("capabilities")) {
            if inst.avail.capabilities.contains(&cap) {
                return Err(err(
                    path,
                    format!("{opname} lists capability {cap} already"),
                ));
            }
            inst.avail.capabilities.push(cap);
        }
    }
    for extra in kinds(path, doc, 0, "", resolve)? {
        let kind = core_kinds
            .iter_mut()
            .find(|k| k.set == 0 && k.name == extra.name)
            .ok_or_else(|| err(path, format!("no operand kind {} to extend", extra.name)))?;
        for e in extra.enumerants {
            if kind
                .enumerants
                .iter()
                .any(|k| k.value == e.value || k.name == e.name)
            {
                return Err(err(
                    path,
                    format!("{}.{} is in the core grammar already", kind.name, e.name),
                ));
            }
            let at = kind.enumerants.partition_point(|k| k.value <= e.value);
            kind.enumerants.insert(at, e);
        }
    }
    Ok(())
}

pub fn load(dir: &Path) -> Result<Grammar, GenError> {
    let core_path = dir.join("spirv.core.grammar.json");
    let core = read_json(&core_path)?;
    let core_kind_names: Vec<String> = core
        .get("operand_kinds")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|k| k.get("kind").and_then(Value::as_str).map(str::to_owned))
        .collect();
    let resolve_core = |n: &str| core_kind_names.iter().find(|k| *k == n).cloned();
    let mut all_kinds = kinds(&core_path, &core, 0, "", &resolve_core)?;
    let mut instructions_core = instructions(&core_path, &core, &resolve_core)?;
    let supplement_path = dir.join("..").join("supplement").join(SUPPLEMENT_FILE);
    if supplement_path.is_file() {
        let doc = read_json(&supplement_path)?;
        merge_supplement(
            &supplement_path,
            &doc,
            &resolve_core,
            &mut all_kinds,
            &mut instructions_core,
        )?;
    }
    let field = |k: &str| core.get(k).and_then(number).unwrap_or(0);
    let version = (
        field("major_version"),
        field("minor_version"),
        field("revision"),
    );

    let mut ext_sets = Vec::new();
    for (i, spec) in EXT_SETS.iter().enumerate() {
        let path = dir.join(spec.file);
        let doc = read_json(&path)?;
        let own: Vec<String> = doc
            .get("operand_kinds")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|k| k.get("kind").and_then(Value::as_str).map(str::to_owned))
            .collect();
        let resolve = |n: &str| {
            if own.iter().any(|k| k == n) {
                Some(format!("{}{n}", spec.ident))
            } else {
                resolve_core(n)
            }
        };
        all_kinds.extend(kinds(&path, &doc, i + 1, spec.ident, &resolve)?);
        ext_sets.push(ExtSet {
            spec: *spec,
            instructions: instructions(&path, &doc, &resolve)?,
        });
    }
    let generators = generators(&dir.join("spir-v.xml"))?;
    Ok(Grammar {
        version,
        generators,
        instructions: instructions_core,
        kinds: all_kinds,
        ext_sets,
    })
}

/// Reads the `<id value=".." vendor=".." tool=".."/>` entries of the registry. The file is
/// machine-written and regular, so attribute scanning is enough (no XML dependency).
fn generators(path: &Path) -> Result<Vec<(u32, String, Option<String>)>, GenError> {
    let text = std::fs::read_to_string(path).map_err(|source| GenError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let attr = |line: &str, name: &str| -> Option<String> {
        let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = line[start..].find('"')? + start;
        Some(
            line[start..end]
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\""),
        )
    };
    let mut out = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("<id "))
    {
        let id = attr(line, "value")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| err(path, format!("bad id line: {line}")))?;
        let vendor =
            attr(line, "vendor").ok_or_else(|| err(path, format!("id without vendor: {line}")))?;
        out.push((id, vendor, attr(line, "tool")));
    }
    Ok(out)
}
