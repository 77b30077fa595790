//! SPIR-V grammar tables generated from the Khronos machine-readable grammar
//! (SPIRV-Headers 1.4.335, JSON copied in `khronos/`).
//!
//! Lookups are O(1): opcodes through a dense index, names through perfect hash maps
//! (assemblers look names up constantly). Aliases (e.g. the INTEL spellings of the ALTERA USM
//! tokens) resolve to the same entry as the canonical name.
#![forbid(unsafe_code)]

#[rustfmt::skip]
mod generated {
    pub mod consts;
    pub mod tables;
}
pub mod parameter_forms;

pub use generated::consts::*;
pub use generated::tables::{ExtInstSet, OperandKind, GRAMMAR_VERSION};
use generated::tables::{
    EXT_INST_SETS, GENERATORS, INSTRUCTIONS, INSTRUCTION_BY_NAME, INSTRUCTION_BY_OPCODE,
    OPERAND_KINDS,
};

/// Short names for the debug-info extended instruction numbers, usable as `match` patterns:
/// those OpenCL.DebugInfo.100 and NonSemantic.Shader.DebugInfo.100 share (same numbers in
/// both sets), then the Shader set's own (101 and up). The translator and the validator both
/// use them.
pub mod debug_info {
    use crate::{OpenClDebugInfo100Op as D, ShaderDebugInfo100Op as S};
    pub const INFO_NONE: u32 = D::DebugInfoNone.0;
    pub const COMPILATION_UNIT: u32 = D::DebugCompilationUnit.0;
    pub const TYPE_BASIC: u32 = D::DebugTypeBasic.0;
    pub const TYPE_POINTER: u32 = D::DebugTypePointer.0;
    pub const TYPE_QUALIFIER: u32 = D::DebugTypeQualifier.0;
    pub const TYPE_ARRAY: u32 = D::DebugTypeArray.0;
    pub const TYPE_VECTOR: u32 = D::DebugTypeVector.0;
    pub const TYPEDEF: u32 = D::DebugTypedef.0;
    pub const TYPE_FUNCTION: u32 = D::DebugTypeFunction.0;
    pub const TYPE_ENUM: u32 = D::DebugTypeEnum.0;
    pub const TYPE_COMPOSITE: u32 = D::DebugTypeComposite.0;
    pub const TYPE_MEMBER: u32 = D::DebugTypeMember.0;
    pub const TYPE_INHERITANCE: u32 = D::DebugTypeInheritance.0;
    pub const TYPE_TEMPLATE: u32 = D::DebugTypeTemplate.0;
    pub const TYPE_TEMPLATE_PARAMETER: u32 = D::DebugTypeTemplateParameter.0;
    pub const TYPE_TEMPLATE_TEMPLATE_PARAMETER: u32 = D::DebugTypeTemplateTemplateParameter.0;
    pub const GLOBAL_VARIABLE: u32 = D::DebugGlobalVariable.0;
    pub const FUNCTION_DECLARATION: u32 = D::DebugFunctionDeclaration.0;
    pub const FUNCTION: u32 = D::DebugFunction.0;
    pub const LEXICAL_BLOCK: u32 = D::DebugLexicalBlock.0;
    pub const SCOPE: u32 = D::DebugScope.0;
    pub const NO_SCOPE: u32 = D::DebugNoScope.0;
    pub const INLINED_AT: u32 = D::DebugInlinedAt.0;
    pub const LOCAL_VARIABLE: u32 = D::DebugLocalVariable.0;
    pub const DECLARE: u32 = D::DebugDeclare.0;
    pub const VALUE: u32 = D::DebugValue.0;
    pub const OPERATION: u32 = D::DebugOperation.0;
    pub const EXPRESSION: u32 = D::DebugExpression.0;
    pub const SOURCE: u32 = D::DebugSource.0;
    pub const TYPE_PTR_TO_MEMBER: u32 = D::DebugTypePtrToMember.0;
    pub const LEXICAL_BLOCK_DISCRIMINATOR: u32 = D::DebugLexicalBlockDiscriminator.0;
    pub const IMPORTED_ENTITY: u32 = D::DebugImportedEntity.0;
    pub const MACRO_DEF: u32 = D::DebugMacroDef.0;
    pub const MACRO_UNDEF: u32 = D::DebugMacroUndef.0;
    // NonSemantic.Shader.DebugInfo.100 only.
    pub const FUNCTION_DEFINITION: u32 = S::DebugFunctionDefinition.0;
    pub const SOURCE_CONTINUED: u32 = S::DebugSourceContinued.0;
    pub const LINE: u32 = S::DebugLine.0;
    pub const NO_LINE: u32 = S::DebugNoLine.0;
    pub const BUILD_IDENTIFIER: u32 = S::DebugBuildIdentifier.0;
    pub const STORAGE_PATH: u32 = S::DebugStoragePath.0;
    pub const ENTRY_POINT: u32 = S::DebugEntryPoint.0;
    pub const TYPE_MATRIX: u32 = S::DebugTypeMatrix.0;
}

/// How many times an operand may occur.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    One,
    Optional,
    Variadic,
}

/// The grammar's operand kind categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    BitEnum,
    ValueEnum,
    Id,
    Literal,
    Composite,
}

/// One operand slot of an instruction or enumerant parameter list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandDesc {
    pub kind: OperandKind,
    pub quantifier: Quantifier,
    /// The grammar's descriptive name (may be empty).
    pub name: &'static str,
}

/// What makes an instruction or enumerant available. Versions use the header word layout
/// (`0x0001_0300` = 1.3); `version: None` is the grammar's "None": only via capability/extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Availability {
    pub capabilities: &'static [Capability],
    pub extensions: &'static [&'static str],
    pub version: Option<u32>,
    pub last_version: Option<u32>,
    pub provisional: bool,
}

#[derive(Debug)]
pub struct InstructionDesc {
    pub opname: &'static str,
    pub opcode: u16,
    pub class: &'static str,
    pub operands: &'static [OperandDesc],
    pub aliases: &'static [&'static str],
    pub avail: Availability,
    pub has_result_type: bool,
    pub has_result: bool,
    /// How many leading operands are single ids or plain literal integers, one word each, so a
    /// decoder can take them without consulting the operand kinds (at most 32).
    pub simple_prefix: u8,
    /// Bit `i` set: leading operand `i` (within `simple_prefix`) is an id.
    pub simple_id_mask: u32,
}

#[derive(Debug)]
pub struct EnumerantDesc {
    pub name: &'static str,
    pub value: u32,
    /// Operands that follow this enumerant (e.g. `Decoration SpecId <n>`, mask bit `Aligned <n>`).
    pub parameters: &'static [OperandDesc],
    pub aliases: &'static [&'static str],
    pub avail: Availability,
}

pub struct OperandKindDesc {
    pub kind: OperandKind,
    /// Name as in the grammar (ext-set kinds share names across sets).
    pub name: &'static str,
    pub category: Category,
    /// The extended instruction set that defines this kind (index into `ext_inst_sets()`).
    pub ext_set: Option<usize>,
    pub enumerants: &'static [EnumerantDesc],
    by_name: &'static phf::Map<&'static str, u16>,
    by_value: &'static phf::Map<u32, u16>,
    /// For composite kinds: the kinds of the pair's members.
    pub bases: &'static [OperandKind],
}

impl std::fmt::Debug for OperandKindDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OperandKindDesc")
            .field("kind", &self.kind)
            .field("category", &self.category)
            .finish()
    }
}

impl OperandKindDesc {
    /// Enumerant by name or alias.
    pub fn enumerant_by_name(&self, name: &str) -> Option<&'static EnumerantDesc> {
        self.by_name
            .get(name)
            .and_then(|&i| self.enumerants.get(usize::from(i)))
    }

    /// Enumerant by value (for bit enums: a single bit, or 0 for `None`).
    pub fn enumerant(&self, value: u32) -> Option<&'static EnumerantDesc> {
        // Most kinds list their enumerants densely by value (value enums from 0, masks as
        // None then one entry per bit): try that position first, verified, before hashing.
        let guess = if value.is_power_of_two() && self.category == Category::BitEnum {
            value.trailing_zeros() as usize + 1
        } else {
            value as usize
        };
        if let Some(e) = self.enumerants.get(guess) {
            if e.value == value {
                return Some(e);
            }
        }
        self.by_value
            .get(&value)
            .and_then(|&i| self.enumerants.get(usize::from(i)))
    }
}

impl OperandKind {
    #[inline]
    pub fn desc(self) -> &'static OperandKindDesc {
        // The enum is generated from the same list as the table, in the same order.
        &OPERAND_KINDS[self as usize]
    }

    #[inline]
    pub fn category(self) -> Category {
        generated::tables::KIND_CATEGORIES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.desc().name
    }

    pub fn all() -> impl Iterator<Item = OperandKind> {
        OPERAND_KINDS.iter().map(|d| d.kind)
    }
}

#[derive(Debug)]
pub struct ExtInstDesc {
    pub opname: &'static str,
    pub opcode: u32,
    pub operands: &'static [OperandDesc],
    pub avail: Availability,
}

pub struct ExtInstSetDesc {
    pub id: ExtInstSet,
    /// The string in `OpExtInstImport` (a prefix when `prefix_match`).
    pub import_name: &'static str,
    pub prefix_match: bool,
    /// SPIRV-Tools 2025.5 knows this set; the others (NonSemantic.DebugPrintf,
    /// NonSemantic.DebugBreak) it reads as unknown non-semantic sets, and so does spirvkit.
    pub recognised: bool,
    pub instructions: &'static [ExtInstDesc],
    by_name: &'static phf::Map<&'static str, u16>,
    by_opcode: &'static phf::Map<u32, u16>,
}

impl std::fmt::Debug for ExtInstSetDesc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtInstSetDesc")
            .field("import_name", &self.import_name)
            .finish()
    }
}

impl ExtInstSetDesc {
    pub fn instruction(&self, opcode: u32) -> Option<&'static ExtInstDesc> {
        self.by_opcode
            .get(&opcode)
            .and_then(|&i| self.instructions.get(usize::from(i)))
    }

    pub fn instruction_by_name(&self, name: &str) -> Option<&'static ExtInstDesc> {
        self.by_name
            .get(name)
            .and_then(|&i| self.instructions.get(usize::from(i)))
    }

    /// Non-semantic sets may be ignored by consumers; their unknown instructions are legal.
    pub fn is_non_semantic(&self) -> bool {
        self.import_name.starts_with("NonSemantic.")
    }
}

impl ExtInstSet {
    pub fn desc(self) -> &'static ExtInstSetDesc {
        &EXT_INST_SETS[self as usize]
    }
}

/// The instruction with this opcode, if the grammar knows it.
#[inline]
pub fn instruction(opcode: u16) -> Option<&'static InstructionDesc> {
    let index = *INSTRUCTION_BY_OPCODE.get(usize::from(opcode))?;
    INSTRUCTIONS.get(usize::from(index))
}

/// The instruction with this name (`OpTypeInt`) or alias (`OpPtrCastToCrossWorkgroupINTEL`).
pub fn instruction_by_name(opname: &str) -> Option<&'static InstructionDesc> {
    INSTRUCTION_BY_NAME
        .get(opname)
        .and_then(|&i| INSTRUCTIONS.get(usize::from(i)))
}

pub fn instructions() -> &'static [InstructionDesc] {
    &INSTRUCTIONS
}

pub fn ext_inst_sets() -> &'static [ExtInstSetDesc] {
    &EXT_INST_SETS
}

/// The extended instruction set imported under this name, as SPIRV-Tools recognises it.
pub fn ext_inst_set_by_import_name(name: &str) -> Option<&'static ExtInstSetDesc> {
    EXT_INST_SETS.iter().filter(|s| s.recognised).find(|s| {
        if s.prefix_match {
            name.starts_with(s.import_name)
        } else {
            name == s.import_name
        }
    })
}

impl Op {
    pub fn desc(self) -> Option<&'static InstructionDesc> {
        instruction(self.0)
    }
}

/// Formats a version word (`0x0001_0300`) as `1.3`.
pub fn version_string(word: u32) -> String {
    format!("{}.{}", (word >> 16) & 0xff, (word >> 8) & 0xff)
}

/// The registered vendor and tool of a generator id (high 16 bits of the header's generator word).
pub fn generator(tool_id: u32) -> Option<(&'static str, Option<&'static str>)> {
    GENERATORS
        .iter()
        .find(|(id, _, _)| *id == tool_id)
        .map(|(_, vendor, tool)| (*vendor, *tool))
}
