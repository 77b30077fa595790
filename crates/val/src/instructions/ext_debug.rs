//! OpExtInst of the debug-info sets `OpenCL.DebugInfo.100` and
//! `NonSemantic.Shader.DebugInfo.100`: the result type is OpTypeVoid and every operand names
//! the kind of instruction its set's specification asks for (an OpString, an OpConstant, a
//! Debug* instruction of given kinds, a lexical scope, a debug type, DebugInfoNone where it
//! may stand in). The Shader set passes flags, enumerants and numbers as ids of 32-bit
//! unsigned OpConstants instead of literals. These are the rules spirv-val 2025.5 checks; the
//! older `DebugInfo` set is not checked by it and is left alone here too.
//!
//! A debug operand may name a debug instruction of either of the two sets (spirv-val matches
//! on the instruction number only), except DebugTypeMatrix, which only the Shader set has.
//! Each instruction reports its first broken rule only, as spirv-val does.

use super::Sink;
use crate::state::{is_constant_op, ExtKind, Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::Op;

/// Short names of the instruction numbers (the grammar's, shared with the translator).
use spirvkit_grammar::debug_info as num;

/// OpenCL.DebugInfo.100 `DebugBaseTypeAttributeEncoding` Unsigned.
const ENCODING_UNSIGNED: u64 = 6;
/// `DebugCompositeType` Class and Structure.
const COMPOSITE_CLASS: u32 = 0;
const COMPOSITE_STRUCTURE: u32 = 1;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DebugSet {
    OpenCl,
    Shader,
    /// The older `DebugInfo` set (only its placement and forward references are judged).
    Legacy,
}

/// The debug-info set an OpExtInst (or OpExtInstWithForwardRefsKHR) belongs to, for the
/// two sets whose operands are checked.
pub fn debug_set(st: &State<'_>, inst: &Inst) -> Option<DebugSet> {
    any_debug_set(st, inst).filter(|&s| s != DebugSet::Legacy)
}

/// The debug-info set of an extended instruction, including the older `DebugInfo` set.
pub fn any_debug_set(st: &State<'_>, inst: &Inst) -> Option<DebugSet> {
    if !matches!(inst.op(), Op::ExtInst | Op::ExtInstWithForwardRefsKHR) {
        return None;
    }
    // The parser marks exactly the three debug-info sets; telling them apart needs only the
    // first word of the import name (this runs for every extended instruction: no allocation).
    if inst.ext != ExtKind::DebugInfo {
        return None;
    }
    let import = st.def(st.word(inst, 3))?;
    if import.op() != Op::ExtInstImport {
        return None;
    }
    let first = st.operand_words(import, 1).first()?.to_le_bytes();
    match &first {
        b"Open" => Some(DebugSet::OpenCl),
        b"NonS" => Some(DebugSet::Shader),
        b"Debu" => Some(DebugSet::Legacy),
        _ => None,
    }
}

/// May operand `index` (counting the result type and result id) of this extended
/// instruction name an id defined later? As spirv-val 2025.5: OpExtInstWithForwardRefsKHR
/// always; OpExtInst only for a DebugFunction's OpFunction and a DebugTypeComposite's members
/// in OpenCL.DebugInfo.100 and DebugInfo (never in a non-semantic set).
pub fn forward_reference_allowed(st: &State<'_>, inst: &Inst, index: usize) -> bool {
    if inst.op() == Op::ExtInstWithForwardRefsKHR {
        return true;
    }
    let number = st.word(inst, 4);
    match any_debug_set(st, inst) {
        Some(DebugSet::OpenCl) => match number {
            num::FUNCTION => index == 13,
            num::TYPE_COMPOSITE => index >= 13,
            _ => false,
        },
        Some(DebugSet::Legacy) => match number {
            num::FUNCTION => index == 13,
            num::TYPE_COMPOSITE => index >= 12,
            _ => false,
        },
        _ => false,
    }
}

/// Whether this instruction leaves spirv-val's "OpPhi / OpVariable first in the block"
/// adjacency alone: the OpenCL.DebugInfo.100 and DebugInfo instructions do, the
/// NonSemantic.Shader.DebugInfo.100 ones (and every other instruction) do not.
pub fn transparent_to_adjacency(st: &State<'_>, inst: &Inst) -> bool {
    matches!(
        any_debug_set(st, inst),
        Some(DebugSet::OpenCl | DebugSet::Legacy)
    )
}

/// Debug instructions that belong in a function body (all others belong to the types,
/// constants and global variables section).
fn is_local(set: DebugSet, number: u32) -> bool {
    matches!(
        number,
        num::SCOPE | num::NO_SCOPE | num::DECLARE | num::VALUE
    ) || (set == DebugSet::Shader
        && matches!(number, num::FUNCTION_DEFINITION | num::LINE | num::NO_LINE))
}

/// Placement of debug-info instructions (spirv-val's layout rule): DebugScope, DebugNoScope,
/// DebugDeclare, DebugValue (and the Shader set's DebugFunctionDefinition, DebugLine,
/// DebugNoLine) only inside functions, every other one only at module scope before the
/// first function.
pub fn check_placement(s: &mut Sink<'_, '_>) {
    let st = s.st;
    // Only extended instructions have a debug set.
    if !st
        .opcodes
        .any(|op| matches!(op, Op::ExtInst | Op::ExtInstWithForwardRefsKHR))
    {
        return;
    }
    let first_function = st.functions.first().map_or(u32::MAX, |f| f.inst);
    for (index, inst) in st.insts.iter().enumerate() {
        let Some(set) = any_debug_set(st, inst) else {
            continue;
        };
        let index = index as u32;
        let number = st.word(inst, 4);
        let local = is_local(set, number);
        let in_function = inst.func != crate::state::NONE;
        if set == DebugSet::Shader && number == num::FUNCTION_DEFINITION && in_function {
            let function = st.functions.get(inst.func as usize);
            if function.is_some_and(|f| f.id != st.word(inst, 6))
                && st.def_op(st.word(inst, 6)) == Some(Op::Function)
            {
                s.err(
                    "layout.debug_info",
                    index,
                    "NonSemantic.Shader.DebugInfo.100 DebugFunctionDefinition: operand \
                     Definition must point to the OpFunction it is inside",
                    &[],
                );
                continue;
            }
            let entry_block = function.map(|f| f.blocks_start);
            if entry_block != Some(inst.block) {
                s.err(
                    "layout.debug_info",
                    index,
                    "NonSemantic.Shader.DebugInfo.100 DebugFunctionDefinition: must be in the \
                     entry basic block of the function",
                    &[],
                );
                continue;
            }
        }
        let message = if local && !in_function {
            "Debug info extension instructions DebugScope, DebugNoScope, DebugDeclare, \
             DebugValue (and DebugFunctionDefinition, DebugLine, DebugNoLine of \
             NonSemantic.Shader.DebugInfo.100) must appear in a function body"
        } else if !local && (in_function || index > first_function) {
            "Debug info extension instructions other than DebugScope, DebugNoScope, \
             DebugDeclare, DebugValue must appear between section 9 (types, constants, global \
             variables) and section 10 (function declarations)"
        } else {
            continue;
        };
        s.err("layout.debug_info", index, message, &[]);
    }
}

pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    let Some(set) = any_debug_set(s.st, inst) else {
        return false;
    };
    if set == DebugSet::Legacy {
        return true;
    }
    let c = Ctx {
        st: s.st,
        words: s.st.inst_words(inst),
        shader: set == DebugSet::Shader,
    };
    let number = c.words.get(4).copied().unwrap_or(u32::MAX);
    if let Err(message) = c.check(inst.result_type, number) {
        let set_name = match set {
            DebugSet::OpenCl => "OpenCL.DebugInfo.100",
            DebugSet::Shader | DebugSet::Legacy => "NonSemantic.Shader.DebugInfo.100",
        };
        let opname = spirvkit_grammar::ext_inst_sets()
            .iter()
            .find(|d| d.import_name == set_name)
            .and_then(|d| d.instructions.iter().find(|i| i.opcode == number))
            .map_or("?", |i| i.opname);
        s.err(
            "ext_inst.debug_info",
            index,
            format!("{set_name} {opname}: {message}"),
            &[],
        );
    }
    true
}

type Check = Result<(), String>;

struct Ctx<'s, 'a> {
    st: &'s State<'a>,
    words: &'a [u32],
    shader: bool,
}

impl Ctx<'_, '_> {
    /// The definition named by word `i`; None when the word is absent or the id undefined
    /// (the id rules report those).
    fn def(&self, i: usize) -> Option<&Inst> {
        self.st.def(*self.words.get(i)?)
    }

    fn len(&self) -> usize {
        self.words.len()
    }

    /// The debug instruction number of the instruction word `i` names, when it is an
    /// instruction of one of the two debug sets.
    fn debug_number(&self, i: usize) -> Option<u32> {
        let d = self.def(i)?;
        debug_set(self.st, d)?;
        Some(self.st.word(d, 4))
    }

    fn is_debug(&self, i: usize, kinds: &[u32]) -> bool {
        self.debug_number(i).is_some_and(|n| kinds.contains(&n))
    }

    fn is_none(&self, i: usize) -> bool {
        self.is_debug(i, &[num::INFO_NONE])
    }

    /// Word `i` names an instruction with opcode `op`.
    fn opcode(&self, i: usize, what: &str, op: Op) -> Check {
        match self.def(i) {
            Some(d) if d.op() != op => Err(format!(
                "expected operand {what} must be a result id of {}",
                op_name(op)
            )),
            _ => Ok(()),
        }
    }

    /// Word `i` names a debug instruction of one of `kinds`.
    fn debug(&self, i: usize, what: &str, kind: u32) -> Check {
        if self.def(i).is_none() || self.is_debug(i, &[kind]) {
            return Ok(());
        }
        Err(format!(
            "expected operand {what} must be a result id of {}",
            debug_name(kind)
        ))
    }

    /// Shader set only: word `i` names a 32-bit unsigned integer OpConstant.
    fn uint(&self, i: usize, what: &str) -> Check {
        if !self.shader || self.def(i).is_none() {
            return Ok(());
        }
        if self.is_uint32_constant(i) {
            Ok(())
        } else {
            Err(format!(
                "expected operand {what} must be a result id of 32-bit unsigned OpConstant"
            ))
        }
    }

    fn is_uint32_constant(&self, i: usize) -> bool {
        self.def(i)
            .is_some_and(|d| d.op() == Op::Constant && is_uint32_type(self.st, d.result_type))
    }

    /// Word `i` names DebugCompilationUnit, DebugFunction, DebugLexicalBlock or
    /// DebugTypeComposite.
    fn lexical_scope(&self, i: usize, what: &str) -> Check {
        if self.def(i).is_none()
            || self.is_debug(
                i,
                &[
                    num::COMPILATION_UNIT,
                    num::FUNCTION,
                    num::LEXICAL_BLOCK,
                    num::TYPE_COMPOSITE,
                ],
            )
        {
            return Ok(());
        }
        Err(format!(
            "expected operand {what} must be a result id of a lexical scope"
        ))
    }

    /// Word `i` names a debug type (DebugTypeBasic ..= DebugTypeTemplate, the template
    /// parameters when allowed, DebugTypeMatrix of the Shader set).
    fn debug_type(&self, i: usize, what: &str, allow_template_param: bool) -> Check {
        if self.def(i).is_none() {
            return Ok(());
        }
        if self.shader {
            if let Some(d) = self.def(i) {
                if debug_set(self.st, d) == Some(DebugSet::Shader)
                    && self.st.word(d, 4) == num::TYPE_MATRIX
                {
                    return Ok(());
                }
            }
        }
        let ok = self.debug_number(i).is_some_and(|n| {
            (num::TYPE_BASIC..=num::TYPE_TEMPLATE).contains(&n)
                || (allow_template_param
                    && matches!(
                        n,
                        num::TYPE_TEMPLATE_PARAMETER | num::TYPE_TEMPLATE_TEMPLATE_PARAMETER
                    ))
        });
        if ok {
            Ok(())
        } else {
            Err(format!("expected operand {what} is not a valid debug type"))
        }
    }

    /// An optional last operand at word `i`: when it is present (and the last word) it
    /// names an instruction with opcode `op`. DebugInfoNone does not stand in for it
    /// (spirv-val 2025.5 rejects DebugSource's Text or DebugFunction's Declaration as
    /// DebugInfoNone, which llvm-spirv 15 emits).
    fn optional_opcode(&self, i: usize, what: &str, op: Op) -> Check {
        if self.len() == i + 1 {
            self.opcode(i, what, op)?;
        }
        Ok(())
    }

    fn optional_debug(&self, i: usize, what: &str, kind: u32) -> Check {
        if self.len() == i + 1 {
            self.debug(i, what, kind)?;
        }
        Ok(())
    }

    /// The value of word `i`: the literal, or (Shader set) the constant it names.
    fn count_value(&self, i: usize, what: &str) -> Result<u64, String> {
        let word = self.words.get(i).copied().unwrap_or(0);
        if !self.shader {
            return Ok(u64::from(word));
        }
        ti::const_uint(self.st, word)
            .ok_or_else(|| format!("{what} must be 32-bit integer OpConstant"))
    }

    fn check(&self, result_type: u32, number: u32) -> Check {
        if self
            .st
            .def_op(result_type)
            .is_some_and(|op| op != Op::TypeVoid)
        {
            return Err("expected result type must be a result id of OpTypeVoid".into());
        }
        if self.shader {
            match number {
                num::TYPE_MATRIX => return self.type_matrix(),
                num::FUNCTION_DEFINITION => {
                    self.debug(5, "Function", num::FUNCTION)?;
                    return self.opcode(6, "Definition", Op::Function);
                }
                num::LINE => return self.line(),
                num::SOURCE_CONTINUED => return self.opcode(5, "Text", Op::String),
                num::BUILD_IDENTIFIER => {
                    self.opcode(5, "Identifier", Op::String)?;
                    return self.uint(6, "Flags");
                }
                num::STORAGE_PATH => return self.opcode(5, "Path", Op::String),
                num::ENTRY_POINT => {
                    self.debug(5, "Entry Point", num::FUNCTION)?;
                    self.debug(6, "Compilation Unit", num::COMPILATION_UNIT)?;
                    self.opcode(7, "Compiler Signature", Op::String)?;
                    return self.opcode(8, "Command-line Arguments", Op::String);
                }
                _ => {}
            }
        }
        match number {
            num::OPERATION => {
                self.uint(5, "Operation")?;
                for i in 6..self.len() {
                    self.uint(i, "Operand")?;
                }
            }
            num::COMPILATION_UNIT => {
                self.uint(5, "Version")?;
                self.uint(6, "DWARF Version")?;
                self.debug(7, "Source", num::SOURCE)?;
                self.uint(8, "Language")?;
            }
            num::SOURCE => {
                self.opcode(5, "File", Op::String)?;
                self.optional_opcode(6, "Text", Op::String)?;
            }
            num::TYPE_BASIC => {
                self.opcode(5, "Name", Op::String)?;
                self.opcode(6, "Size", Op::Constant)?;
                self.uint(7, "Encoding")?;
                // The Shader set adds Flags.
                self.uint(8, "Flags")?;
            }
            num::TYPE_POINTER => {
                self.debug_type(5, "Base Type", false)?;
                self.uint(6, "Storage Class")?;
                self.uint(7, "Flags")?;
            }
            num::TYPE_QUALIFIER => {
                self.debug_type(5, "Base Type", false)?;
                self.uint(6, "Type Qualifier")?;
            }
            num::TYPE_VECTOR => {
                self.debug(5, "Base Type", num::TYPE_BASIC)?;
                self.uint(6, "Component Count")?;
                let count = self.count_value(6, "Component Count")? & 0xffff_ffff;
                if count == 0 || count > 4 {
                    return Err(
                        "Component Count must be positive integer less than or equal to 4".into(),
                    );
                }
            }
            num::TYPE_ARRAY => {
                self.debug_type(5, "Base Type", false)?;
                for i in 6..self.len() {
                    if !self.valid_array_count(i) {
                        return Err("Component Count must be OpConstant with a 32- or 64-bits \
                                    integer scalar type or DebugGlobalVariable or \
                                    DebugLocalVariable with a 32- or 64-bits unsigned integer \
                                    scalar type"
                            .into());
                    }
                }
            }
            num::TYPEDEF => {
                self.opcode(5, "Name", Op::String)?;
                self.debug(6, "Base Type", num::TYPE_BASIC)?;
                self.debug(7, "Source", num::SOURCE)?;
                self.uint(8, "Line")?;
                self.uint(9, "Column")?;
                self.lexical_scope(10, "Parent")?;
            }
            num::TYPE_FUNCTION => {
                self.uint(5, "Flags")?;
                if self.def(6).is_some_and(|d| d.op() != Op::TypeVoid) {
                    self.debug_type(6, "Return Type", true)?;
                }
                for i in 7..self.len() {
                    self.debug_type(i, "Parameter Types", true)?;
                }
            }
            num::TYPE_ENUM => self.type_enum()?,
            num::TYPE_COMPOSITE => self.type_composite()?,
            num::TYPE_MEMBER => self.type_member()?,
            num::TYPE_INHERITANCE if !self.shader => self.type_inheritance()?,
            num::FUNCTION => self.function()?,
            num::FUNCTION_DECLARATION => {
                self.function_head()?;
                self.uint(12, "Flags")?;
            }
            num::LEXICAL_BLOCK => {
                self.debug(5, "Source", num::SOURCE)?;
                self.uint(6, "Line")?;
                self.uint(7, "Column")?;
                self.lexical_scope(8, "Parent")?;
                self.optional_opcode(9, "Name", Op::String)?;
            }
            num::SCOPE => {
                self.lexical_scope(5, "Scope")?;
                self.optional_debug(6, "Inlined At", num::INLINED_AT)?;
            }
            num::LOCAL_VARIABLE => {
                self.opcode(5, "Name", Op::String)?;
                self.debug_type(6, "Type", true)?;
                self.debug(7, "Source", num::SOURCE)?;
                self.uint(8, "Line")?;
                self.uint(9, "Column")?;
                self.lexical_scope(10, "Parent")?;
                self.uint(11, "Flags")?;
                if self.len() == 13 {
                    self.uint(12, "ArgNumber")?;
                }
            }
            num::DECLARE => self.declare()?,
            num::VALUE => {
                self.debug(5, "Local Variable", num::LOCAL_VARIABLE)?;
                self.debug(7, "Expression", num::EXPRESSION)?;
                for i in 8..self.len() {
                    if !self.valid_value_index(i) {
                        return Err("expected operand Indexes is OpConstant, \
                                    DebugGlobalVariable, or type is OpConstant with an integer \
                                    scalar type"
                            .into());
                    }
                }
            }
            num::EXPRESSION => {
                for i in 5..self.len() {
                    self.debug(i, "Operation", num::OPERATION)?;
                }
            }
            num::TYPE_TEMPLATE => {
                if self.def(5).is_some() && !self.is_debug(5, &[num::TYPE_COMPOSITE, num::FUNCTION])
                {
                    return Err(
                        "expected operand Target must be DebugTypeComposite or DebugFunction"
                            .into(),
                    );
                }
                for i in 6..self.len() {
                    if self.def(i).is_some()
                        && !self.is_debug(
                            i,
                            &[
                                num::TYPE_TEMPLATE_PARAMETER,
                                num::TYPE_TEMPLATE_TEMPLATE_PARAMETER,
                            ],
                        )
                    {
                        return Err("expected operand Parameters must be \
                                    DebugTypeTemplateParameter or \
                                    DebugTypeTemplateTemplateParameter"
                            .into());
                    }
                }
            }
            num::TYPE_TEMPLATE_PARAMETER => {
                self.opcode(5, "Name", Op::String)?;
                self.debug_type(6, "Actual Type", false)?;
                if !self.is_none(7) {
                    self.opcode(7, "Value", Op::Constant)?;
                }
                self.debug(8, "Source", num::SOURCE)?;
                self.uint(9, "Line")?;
                self.uint(10, "Column")?;
            }
            num::GLOBAL_VARIABLE => self.global_variable()?,
            num::INLINED_AT => {
                self.uint(5, "Line")?;
                self.lexical_scope(6, "Scope")?;
                self.optional_debug(7, "Inlined", num::INLINED_AT)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// DebugLine (Shader set): a DebugSource, four 32-bit unsigned constants, and a range
    /// that does not end before it starts.
    fn line(&self) -> Check {
        self.debug(5, "Source", num::SOURCE)?;
        self.uint(6, "Line Start")?;
        self.uint(7, "Line End")?;
        self.uint(8, "Column Start")?;
        self.uint(9, "Column End")?;
        let value = |i: usize| {
            self.words
                .get(i)
                .and_then(|&id| ti::const_uint(self.st, id))
        };
        if let (Some(line_start), Some(line_end)) = (value(6), value(7)) {
            if line_end < line_start {
                return Err(format!(
                    "operand Line End ({line_end}) is less than Line Start ({line_start})"
                ));
            }
            if let (Some(column_start), Some(column_end)) = (value(8), value(9)) {
                if line_start == line_end && column_end < column_start {
                    return Err(format!(
                        "operand Column End ({column_end}) is less than Column Start \
                         ({column_start}) when Line Start equals Line End"
                    ));
                }
            }
        }
        Ok(())
    }

    /// A DebugValue index: an integer scalar constant or a debug variable (spirv-val also
    /// looks at the variable's type; any debug variable is accepted here, leniently).
    fn valid_value_index(&self, i: usize) -> bool {
        let Some(d) = self.def(i) else {
            return true;
        };
        let int_scalar =
            ti::is_int(self.st, d.result_type) && !ti::is_vector(self.st, d.result_type);
        (is_constant_op(d.op()) && int_scalar)
            || self.is_debug(i, &[num::LOCAL_VARIABLE, num::GLOBAL_VARIABLE])
    }

    fn type_matrix(&self) -> Check {
        self.debug(5, "Vector Type", num::TYPE_VECTOR)?;
        self.uint(6, "Vector Count")?;
        let count = self.count_value(6, "Vector Count")? & 0xffff_ffff;
        if count == 0 || count > 4 {
            return Err("Vector Count must be positive integer less than or equal to 4".into());
        }
        Ok(())
    }

    /// DebugTypeArray's Component Count: an integer OpConstant of 32 or 64 bits (non-zero
    /// outside the Shader set), or a DebugLocalVariable / DebugGlobalVariable whose type is an
    /// unsigned DebugTypeBasic of 32 or 64 bits.
    fn valid_array_count(&self, i: usize) -> bool {
        let Some(count) = self.def(i) else {
            return true;
        };
        let st = self.st;
        if count.op() == Op::Constant && is_int_width(st, count.result_type, &[32, 64]) {
            return self.shader || st.word(count, 3) != 0;
        }
        if !self.is_debug(i, &[num::LOCAL_VARIABLE, num::GLOBAL_VARIABLE]) {
            return false;
        }
        let Some(ty) = st.def(st.word(count, 6)) else {
            return false;
        };
        let ty_words = st.inst_words(ty);
        if ty_words.len() <= 7 || ty_words.get(4) != Some(&num::TYPE_BASIC) {
            return false;
        }
        let encoding_word = st.word(ty, 7);
        let encoding = if self.shader {
            match st.def(encoding_word) {
                Some(d) if d.op() == Op::Constant && is_uint32_type(st, d.result_type) => {
                    u64::from(st.word(d, 3))
                }
                _ => return false,
            }
        } else {
            u64::from(encoding_word)
        };
        if encoding != ENCODING_UNSIGNED {
            return false;
        }
        st.def(st.word(ty, 6)).is_some_and(|size| {
            ti::is_int(st, size.result_type) && matches!(st.word(size, 3), 32 | 64)
        })
    }

    fn type_enum(&self) -> Check {
        self.opcode(5, "Name", Op::String)?;
        if !self.is_none(6) {
            self.debug_type(6, "Underlying Types", false)?;
        }
        self.debug(7, "Source", num::SOURCE)?;
        self.uint(8, "Line")?;
        self.uint(9, "Column")?;
        self.lexical_scope(10, "Parent")?;
        self.opcode(11, "Size", Op::Constant)?;
        if let Some(size) = self.def(11) {
            if !ti::is_int(self.st, size.result_type) || self.st.word(size, 3) == 0 {
                return Err("expected operand Size is a positive integer".into());
            }
        }
        self.uint(12, "Flags")?;
        let mut i = 13;
        while i + 1 < self.len() {
            self.opcode(i, "Value", Op::Constant)?;
            self.opcode(i + 1, "Name", Op::String)?;
            i += 2;
        }
        Ok(())
    }

    fn type_composite(&self) -> Check {
        self.opcode(5, "Name", Op::String)?;
        self.debug(7, "Source", num::SOURCE)?;
        self.uint(8, "Line")?;
        self.uint(9, "Column")?;
        self.lexical_scope(10, "Parent")?;
        self.opcode(11, "Linkage Name", Op::String)?;
        if !self.is_none(12) {
            self.opcode(12, "Size", Op::Constant)?;
        }
        self.uint(13, "Flags")?;
        for i in 14..self.len() {
            if self.def(i).is_some()
                && !self.is_debug(i, &[num::TYPE_MEMBER, num::FUNCTION, num::TYPE_INHERITANCE])
            {
                return Err("expected operand Members must be DebugTypeMember, \
                            DebugFunction, or DebugTypeInheritance"
                    .into());
            }
        }
        Ok(())
    }

    fn type_member(&self) -> Check {
        self.opcode(5, "Name", Op::String)?;
        self.debug_type(6, "Type", true)?;
        self.debug(7, "Source", num::SOURCE)?;
        self.uint(8, "Line")?;
        self.uint(9, "Column")?;
        if self.shader {
            // The Shader set has no Parent operand.
            self.opcode(10, "Offset", Op::Constant)?;
            self.opcode(11, "Size", Op::Constant)?;
            self.uint(12, "Flags")?;
            if self.len() == 14 {
                self.opcode(13, "Value", Op::Constant)?;
            }
        } else {
            self.debug(10, "Parent", num::TYPE_COMPOSITE)?;
            self.opcode(11, "Offset", Op::Constant)?;
            self.opcode(12, "Size", Op::Constant)?;
            self.uint(13, "Flags")?;
            self.optional_opcode(14, "Value", Op::Constant)?;
        }
        Ok(())
    }

    /// OpenCL.DebugInfo.100 only (the Shader set's DebugTypeInheritance has no Child).
    fn type_inheritance(&self) -> Check {
        for (i, what) in [(5, "Child"), (6, "Parent")] {
            self.debug(i, what, num::TYPE_COMPOSITE)?;
            if let Some(d) = self.def(i) {
                let tag = self.st.word(d, 6);
                if tag != COMPOSITE_CLASS && tag != COMPOSITE_STRUCTURE {
                    return Err(format!(
                        "expected operand {what} must be class or struct debug type"
                    ));
                }
            }
        }
        self.opcode(7, "Offset", Op::Constant)?;
        self.opcode(8, "Size", Op::Constant)?;
        self.uint(9, "Flags")
    }

    /// Name, Type, Source, Line, Column, Parent, Linkage Name: shared by DebugFunction and
    /// DebugFunctionDeclaration.
    fn function_head(&self) -> Check {
        self.opcode(5, "Name", Op::String)?;
        self.debug(6, "Type", num::TYPE_FUNCTION)?;
        self.debug(7, "Source", num::SOURCE)?;
        self.uint(8, "Line")?;
        self.uint(9, "Column")?;
        self.lexical_scope(10, "Parent")?;
        self.opcode(11, "Linkage Name", Op::String)
    }

    fn function(&self) -> Check {
        self.function_head()?;
        self.uint(12, "Flags")?;
        self.uint(13, "Scope Line")?;
        if self.shader {
            // The Shader set names the OpFunction in DebugFunctionDefinition instead.
            self.optional_debug(14, "Declaration", num::FUNCTION_DECLARATION)
        } else {
            if !self.is_none(14) {
                self.opcode(14, "Function", Op::Function)?;
            }
            self.optional_debug(15, "Declaration", num::FUNCTION_DECLARATION)
        }
    }

    fn declare(&self) -> Check {
        self.debug(5, "Local Variable", num::LOCAL_VARIABLE)?;
        if self
            .def(6)
            .is_some_and(|d| !matches!(d.op(), Op::Variable | Op::FunctionParameter))
        {
            return Err(
                "expected operand Variable must be a result id of OpVariable or \
                        OpFunctionParameter"
                    .into(),
            );
        }
        self.debug(7, "Expression", num::EXPRESSION)?;
        if self.shader {
            for i in 8..self.len() {
                let index_type = self.def(i).map_or(0, |d| d.result_type);
                if self.st.def_op(index_type) != Some(Op::TypeInt) {
                    return Err("expected index must be scalar integer".into());
                }
            }
        }
        Ok(())
    }

    fn global_variable(&self) -> Check {
        self.opcode(5, "Name", Op::String)?;
        self.debug_type(6, "Type", false)?;
        self.debug(7, "Source", num::SOURCE)?;
        self.uint(8, "Line")?;
        self.uint(9, "Column")?;
        self.lexical_scope(10, "Scope")?;
        self.opcode(11, "Linkage Name", Op::String)?;
        if !self.is_none(12)
            && self
                .def(12)
                .is_some_and(|d| !matches!(d.op(), Op::Variable | Op::Constant))
        {
            return Err(
                "expected operand Variable must be a result id of OpVariable or \
                        OpConstant or DebugInfoNone"
                    .into(),
            );
        }
        Ok(())
    }
}

fn is_uint32_type(st: &State<'_>, ty: u32) -> bool {
    st.def(ty)
        .is_some_and(|t| t.op() == Op::TypeInt && st.word(t, 2) == 32 && st.word(t, 3) == 0)
}

fn is_int_width(st: &State<'_>, ty: u32, widths: &[u32]) -> bool {
    st.def(ty)
        .is_some_and(|t| t.op() == Op::TypeInt && widths.contains(&st.word(t, 2)))
}

fn op_name(op: Op) -> String {
    spirvkit_grammar::instruction(op.0).map_or_else(
        || format!("{op:?}"),
        |d| format!("Op{}", d.opname.trim_start_matches("Op")),
    )
}

fn debug_name(kind: u32) -> &'static str {
    spirvkit_grammar::ext_inst_sets()
        .iter()
        .find(|d| d.import_name == "OpenCL.DebugInfo.100")
        .and_then(|d| d.instructions.iter().find(|i| i.opcode == kind))
        .map_or("?", |i| i.opname)
}
