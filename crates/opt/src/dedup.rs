//! Structural deduplication of module-level declarations (spirv-opt's `--remove-duplicates`
//! and `--unify-const`, and the linker's merge step).
//!
//! One pass over the global instructions in order: each type or constant is keyed by its opcode,
//! its operands with already-replaced ids mapped to their survivors, and the decorations on its
//! result id (so two types are the same only when their decorations are too). The first holder
//! of a key survives; later ones are removed and every use is renamed. Definitions precede uses
//! in the types section, so one pass sees every operand's final id; hashing keeps it linear.
//! Types reached through `OpTypeForwardPointer` (recursive types) are left alone: merging them
//! would need a cycle-aware comparison, and keeping them is always correct.

use rayon::prelude::*;
use spirvkit_core::fasthash::{FxHashMap, FxHashSet};
use spirvkit_core::module::Section;
use spirvkit_core::{Id, Instruction, Module, Operand};
use spirvkit_grammar::Op;

/// What [`deduplicate`] merges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DedupScope {
    /// Capabilities, extensions, extended-instruction-set imports and identical decorations.
    pub module_level: bool,
    /// Types (`OpType*`).
    pub types: bool,
    /// Constants that cannot be specialized (and spec-constant expressions over them).
    pub constants: bool,
}

impl DedupScope {
    /// spirv-opt's `--remove-duplicates`.
    pub const REMOVE_DUPLICATES: DedupScope = DedupScope {
        module_level: true,
        types: true,
        constants: false,
    };
    /// spirv-opt's `--unify-const`.
    pub const UNIFY_CONSTANTS: DedupScope = DedupScope {
        module_level: false,
        types: false,
        constants: true,
    };
    /// Everything (what the linker runs on the merged module).
    pub const ALL: DedupScope = DedupScope {
        module_level: true,
        types: true,
        constants: true,
    };
}

/// Removes duplicate capabilities, extensions, ext-inst imports, types and decorations.
/// Returns whether the module changed.
pub fn remove_duplicates(module: &mut Module) -> bool {
    deduplicate(module, DedupScope::REMOVE_DUPLICATES)
}

/// Merges structurally identical constants. Returns whether the module changed.
pub fn unify_constants(module: &mut Module) -> bool {
    deduplicate(module, DedupScope::UNIFY_CONSTANTS)
}

/// Runs the deduplication selected by `scope`. Returns whether the module changed.
pub fn deduplicate(module: &mut Module, scope: DedupScope) -> bool {
    let replace = find_duplicates(module, scope);
    let mut changed = replace.removed_any;
    if replace.removed_any {
        apply_replacement(module, &replace);
        copies_between_merged_types_become_plain(module);
    }
    if scope.module_level {
        changed |= remove_duplicate_annotations(module);
    }
    changed
}

/// Survivor of each removed id (dense over the bound, 0 = kept) and the removed globals.
struct Replacement {
    map: Vec<u32>,
    remove_global: Vec<bool>,
    removed_any: bool,
}

impl Replacement {
    fn get(&self, id: Id) -> Id {
        match self.map.get(id.0 as usize) {
            Some(&to) if to != 0 => Id(to),
            _ => id,
        }
    }

    fn is_removed(&self, id: Id) -> bool {
        self.map.get(id.0 as usize).is_some_and(|&to| to != 0)
    }
}

/// The decorations applied to each id `wanted` accepts (the types and constants the pass may
/// merge: only their keys carry decorations), as canonical comparable keys: the instruction
/// without its target (member decorations keep the member index), sorted. Decorations applied
/// through decoration groups are expanded, so a group and direct decorations compare equal.
fn decoration_signatures(
    module: &Module,
    wanted: impl Fn(Id) -> bool,
) -> FxHashMap<Id, Vec<Instruction>> {
    let mut groups: FxHashMap<Id, Vec<Instruction>> = FxHashMap::default();
    let mut sigs: FxHashMap<Id, Vec<Instruction>> = FxHashMap::default();
    let group_ids: FxHashSet<Id> = module
        .globals
        .iter()
        .filter(|i| i.opcode == Op::DecorationGroup)
        .filter_map(|i| i.result_id)
        .collect();
    for inst in module.section(Section::Annotation) {
        match inst.opcode {
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString => {
                let Some(target) = inst.operands.first().and_then(Operand::id) else {
                    continue;
                };
                let is_group = group_ids.contains(&target);
                if !is_group && !wanted(target) {
                    continue;
                }
                let key = Instruction::new(
                    inst.opcode,
                    None,
                    None,
                    inst.operands.get(1..).unwrap_or_default().to_vec(),
                );
                let into = if is_group { &mut groups } else { &mut sigs };
                into.entry(target).or_default().push(key);
            }
            _ => {}
        }
    }
    for inst in module.section(Section::Annotation) {
        let Some(group) = inst.operands.first().and_then(Operand::id) else {
            continue;
        };
        let Some(decorations) = groups.get(&group) else {
            continue;
        };
        match inst.opcode {
            Op::GroupDecorate => {
                for target in inst
                    .operands
                    .get(1..)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(Operand::id)
                    .filter(|&t| wanted(t))
                {
                    sigs.entry(target)
                        .or_default()
                        .extend(decorations.iter().cloned());
                }
            }
            Op::GroupMemberDecorate => {
                for pair in inst.operands.get(1..).unwrap_or_default().chunks_exact(2) {
                    let (Some(target), Some(member)) = (pair[0].id(), pair[1].word()) else {
                        continue;
                    };
                    if !wanted(target) {
                        continue;
                    }
                    sigs.entry(target)
                        .or_default()
                        .extend(decorations.iter().map(|d| {
                            let mut operands = vec![Operand::Word(member)];
                            operands.extend(d.operands.iter().cloned());
                            Instruction::new(Op::MemberDecorate, None, None, operands)
                        }));
                }
            }
            _ => {}
        }
    }
    for list in sigs.values_mut() {
        list.sort_by(|a, b| (a.opcode.0, format_key(a)).cmp(&(b.opcode.0, format_key(b))));
    }
    sigs
}

/// A total order key for decoration operands (operands are not `Ord`).
fn format_key(inst: &Instruction) -> Vec<(u8, u32, &str)> {
    inst.operands
        .iter()
        .map(|o| match o {
            Operand::Id(id) => (0, id.0, ""),
            Operand::Word(w) => (1, *w, ""),
            Operand::String(s) => (2, 0, &**s),
        })
        .collect()
}

/// Whether an instruction defines a type this pass may merge.
fn is_type(op: Op) -> bool {
    op != Op::TypeForwardPointer && op.desc().is_some_and(|d| d.class == "Type-Declaration")
}

/// Constants whose value cannot change by specialization; spec-constant expressions over such
/// values are as fixed as their operands, so identical ones may merge too.
fn is_mergeable_constant(op: Op) -> bool {
    matches!(
        op,
        Op::ConstantTrue
            | Op::ConstantFalse
            | Op::Constant
            | Op::ConstantComposite
            | Op::ConstantSampler
            | Op::ConstantNull
            | Op::SpecConstantOp
            | Op::SpecConstantComposite
    )
}

#[derive(PartialEq, Eq, Hash)]
enum Key {
    Word(u32),
    Name(Box<str>),
    Decl(Instruction, Vec<Instruction>),
}

fn find_duplicates(module: &Module, scope: DedupScope) -> Replacement {
    // Only global result ids are ever replaced: size the map by them, not by the header's
    // bound (which a hostile module may set to 2^32 - 1).
    let max_global = module
        .globals
        .iter()
        .filter_map(|i| i.result_id)
        .map(|id| id.0 as usize)
        .max()
        .unwrap_or(0);
    let mut replacement = Replacement {
        map: vec![0; max_global + 1],
        remove_global: vec![false; module.globals.len()],
        removed_any: false,
    };
    let sigs = if scope.types || scope.constants {
        let mut keyed = vec![false; max_global + 1];
        for inst in &module.globals {
            if (scope.types && is_type(inst.opcode))
                || (scope.constants && is_mergeable_constant(inst.opcode))
            {
                if let Some(slot) = inst.result_id.and_then(|id| keyed.get_mut(id.0 as usize)) {
                    *slot = true;
                }
            }
        }
        decoration_signatures(module, |id| {
            keyed.get(id.0 as usize).copied().unwrap_or(false)
        })
    } else {
        FxHashMap::default()
    };
    let forward: FxHashSet<Id> = module
        .globals
        .iter()
        .filter(|i| i.opcode == Op::TypeForwardPointer)
        .filter_map(|i| i.operands.first().and_then(Operand::id))
        .collect();
    let no_decorations = Vec::new();
    let mut seen: FxHashMap<Key, Id> = FxHashMap::default();
    let mut lengths = ArrayLengths::default();
    for (index, inst) in module.globals.iter().enumerate() {
        lengths.record(inst);
        let key = match inst.opcode {
            Op::Capability if scope.module_level => {
                inst.operands.first().and_then(|o| o.word()).map(Key::Word)
            }
            Op::Extension if scope.module_level => inst
                .operands
                .first()
                .and_then(|o| o.string())
                .map(|s| Key::Name(s.into())),
            Op::ExtInstImport if scope.module_level => inst
                .operands
                .first()
                .and_then(|o| o.string())
                .map(|s| Key::Name(format!("import:{s}").into())),
            op if (scope.types && is_type(op))
                || (scope.constants && is_mergeable_constant(op)) =>
            {
                match inst.result_id {
                    Some(id) if !forward.contains(&id) => {
                        let mut decl = Instruction::new(
                            inst.opcode,
                            inst.result_type,
                            None,
                            inst.operands.iter().cloned(),
                        );
                        decl.map_ids(|id| replacement.get(id));
                        lengths.by_value(&mut decl);
                        let sig = sigs.get(&id).unwrap_or(&no_decorations).clone();
                        Some(Key::Decl(decl, sig))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(key) = key else { continue };
        match seen.get(&key) {
            Some(&survivor) => {
                replacement.remove_global[index] = true;
                replacement.removed_any = true;
                if let Some(slot) = inst
                    .result_id
                    .and_then(|id| replacement.map.get_mut(id.0 as usize))
                {
                    *slot = survivor.0;
                }
            }
            None => {
                seen.insert(key, inst.result_id.unwrap_or_default());
            }
        }
    }
    replacement
}

/// Integer constants by value, so that arrays compare by their length's value: producers pick
/// different constant types for a length (llvm-spirv a 64-bit `3`, spirvkit a 32-bit one), and
/// the arrays are still the same type.
#[derive(Default)]
struct ArrayLengths {
    int_types: FxHashSet<Id>,
    values: FxHashMap<Id, u64>,
}

impl ArrayLengths {
    fn record(&mut self, inst: &Instruction) {
        match (inst.opcode, inst.result_id) {
            (Op::TypeInt, Some(id)) => {
                self.int_types.insert(id);
            }
            (Op::Constant, Some(id))
                if inst
                    .result_type
                    .is_some_and(|t| self.int_types.contains(&t)) =>
            {
                let lo = inst.operands.first().and_then(Operand::word);
                let hi = inst.operands.get(1).and_then(Operand::word).unwrap_or(0);
                if let (Some(lo), true) = (lo, inst.operands.len() <= 2) {
                    self.values
                        .insert(id, u64::from(lo) | (u64::from(hi) << 32));
                }
            }
            _ => {}
        }
    }

    /// Rewrites an OpTypeArray key to [element, low word, high word] when its length is a
    /// known integer constant (a shape no real OpTypeArray has, so keys cannot collide).
    fn by_value(&self, decl: &mut Instruction) {
        if decl.opcode != Op::TypeArray {
            return;
        }
        let (Some(element), Some(length)) = (
            decl.operands.first().cloned(),
            decl.operands.get(1).and_then(Operand::id),
        ) else {
            return;
        };
        if let Some(&v) = self.values.get(&length) {
            decl.operands = [
                element,
                Operand::Word(v as u32),
                Operand::Word((v >> 32) as u32),
            ]
            .into_iter()
            .collect();
        }
    }
}

/// Drops the removed globals with the names and decorations of their ids, and renames every
/// use of a removed id to its survivor.
fn apply_replacement(module: &mut Module, replacement: &Replacement) {
    // In place (retain): the globals list is the largest allocation of a linked module.
    let mut index = 0;
    module.globals.retain_mut(|inst| {
        let removed = replacement
            .remove_global
            .get(index)
            .copied()
            .unwrap_or(false);
        index += 1;
        // The survivor carries the same decorations, so those of the removed id go.
        if removed || targets_removed(inst, replacement) {
            return false;
        }
        inst.map_ids(|id| replacement.get(id));
        true
    });
    module.functions.par_iter_mut().for_each(|function| {
        for inst in function.instructions_mut() {
            inst.map_ids(|id| replacement.get(id));
        }
    });
}

/// Merging two logically matching types can leave an OpCopyLogical whose Result Type is its
/// Operand's type, which OpCopyLogical forbids ("Result Type must not equal the type of
/// Operand"); such a copy is an OpCopyObject. (spirv-opt --remove-duplicates leaves the invalid
/// copy.)
fn copies_between_merged_types_become_plain(module: &mut Module) {
    let any_copy = module
        .functions
        .iter()
        .flat_map(|f| f.instructions())
        .any(|i| i.opcode == Op::CopyLogical);
    if !any_copy {
        return;
    }
    let types = crate::util::value_types(module);
    for function in &mut module.functions {
        for inst in function.instructions_mut() {
            if inst.opcode != Op::CopyLogical {
                continue;
            }
            if let Some(Operand::Id(operand)) = inst.operands.first() {
                if types
                    .get(operand)
                    .is_some_and(|t| Some(*t) == inst.result_type)
                {
                    inst.opcode = Op::CopyObject;
                }
            }
        }
    }
}

/// Whether a debug-name or annotation instruction only concerns removed ids (after dropping the
/// removed targets from group decorations).
fn targets_removed(inst: &mut Instruction, replacement: &Replacement) -> bool {
    match inst.opcode {
        Op::Name
        | Op::MemberName
        | Op::Decorate
        | Op::DecorateId
        | Op::DecorateString
        | Op::MemberDecorate
        | Op::MemberDecorateString => inst
            .operands
            .first()
            .and_then(Operand::id)
            .is_some_and(|id| replacement.is_removed(id)),
        Op::GroupDecorate => {
            let group = inst.operands.first().cloned();
            let targets: Vec<Operand> = inst
                .operands
                .get(1..)
                .unwrap_or_default()
                .iter()
                .filter(|o| !o.id().is_some_and(|id| replacement.is_removed(id)))
                .cloned()
                .collect();
            let empty = targets.is_empty();
            inst.operands = group.into_iter().chain(targets).collect();
            empty
        }
        Op::GroupMemberDecorate => {
            let group = inst.operands.first().cloned();
            let pairs: Vec<Operand> = inst
                .operands
                .get(1..)
                .unwrap_or_default()
                .chunks(2)
                .filter(|p| !p[0].id().is_some_and(|id| replacement.is_removed(id)))
                .flatten()
                .cloned()
                .collect();
            let empty = pairs.is_empty();
            inst.operands = group.into_iter().chain(pairs).collect();
            empty
        }
        _ => false,
    }
}

/// Removes annotation instructions identical to an earlier one.
fn remove_duplicate_annotations(module: &mut Module) -> bool {
    let mut seen: FxHashSet<Instruction> = FxHashSet::default();
    let before = module.globals.len();
    module.globals.retain(|inst| {
        !matches!(
            inst.opcode,
            Op::Decorate
                | Op::DecorateId
                | Op::DecorateString
                | Op::MemberDecorate
                | Op::MemberDecorateString
        ) || seen.insert(inst.clone())
    });
    module.globals.len() != before
}

#[cfg(test)]
mod tests {
    use super::*;
    use spirvkit_text::assemble;

    fn module(text: &str) -> Module {
        let words = assemble(text, &Default::default()).expect("test assembly");
        Module::from_words(&words).expect("test module")
    }

    fn count(m: &Module, op: Op) -> usize {
        m.instructions().filter(|i| i.opcode == op).count()
    }

    const HEAD: &str = "OpCapability Kernel\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n";

    #[test]
    fn merges_scalar_and_composite_types_and_renames_uses() {
        let m0 = format!(
            "{HEAD}%a = OpTypeInt 32 0\n%b = OpTypeInt 32 0\n%pa = OpTypePointer Function %a\n%pb = OpTypePointer Function %b\n\
             %v = OpTypeVoid\n%fn = OpTypeFunction %v %pb\n%f = OpFunction %v None %fn\n%p = OpFunctionParameter %pb\n%l = OpLabel\n\
             %x = OpLoad %b %p\nOpReturn\nOpFunctionEnd\n"
        );
        let mut m = module(&m0);
        assert!(remove_duplicates(&mut m));
        assert_eq!(count(&m, Op::TypeInt), 1);
        assert_eq!(count(&m, Op::TypePointer), 1);
        assert_eq!(count(&m, Op::Capability), 2);
        let load = m.functions[0].blocks[0].instructions[0].clone();
        let int = m
            .globals
            .iter()
            .find(|i| i.opcode == Op::TypeInt)
            .and_then(|i| i.result_id);
        assert_eq!(load.result_type, int);
        // Idempotent.
        assert!(!remove_duplicates(&mut m));
    }

    #[test]
    fn decorated_arrays_and_structs_merge_only_with_equal_decorations() {
        let text = format!(
            "{HEAD}OpDecorate %a1 ArrayStride 4\nOpDecorate %a2 ArrayStride 4\nOpDecorate %a3 ArrayStride 8\n\
             OpMemberDecorate %s1 0 Offset 0\nOpMemberDecorate %s2 0 Offset 0\nOpMemberDecorate %s3 0 Offset 4\n\
             %i = OpTypeInt 32 0\n%n = OpConstant %i 4\n%a1 = OpTypeArray %i %n\n%a2 = OpTypeArray %i %n\n%a3 = OpTypeArray %i %n\n\
             %s1 = OpTypeStruct %a1\n%s2 = OpTypeStruct %a2\n%s3 = OpTypeStruct %a1\n"
        );
        let mut m = module(&text);
        assert!(remove_duplicates(&mut m));
        assert_eq!(count(&m, Op::TypeArray), 2, "a3 has another stride");
        assert_eq!(count(&m, Op::TypeStruct), 2, "s3 has another offset");
        // The removed ids' decorations went with them; the survivors keep theirs.
        assert_eq!(count(&m, Op::Decorate), 2);
        assert_eq!(count(&m, Op::MemberDecorate), 2);
    }

    #[test]
    fn decoration_groups_count_as_decorations() {
        let text = format!(
            "{HEAD}%g = OpDecorationGroup\nOpDecorate %g ArrayStride 4\nOpGroupDecorate %g %a1\nOpDecorate %a2 ArrayStride 4\n\
             %i = OpTypeInt 32 0\n%n = OpConstant %i 4\n%a1 = OpTypeArray %i %n\n%a2 = OpTypeArray %i %n\n%a3 = OpTypeArray %i %n\n"
        );
        let mut m = module(&text);
        assert!(remove_duplicates(&mut m));
        assert_eq!(
            count(&m, Op::TypeArray),
            2,
            "a1 and a2 merge, a3 is undecorated"
        );
    }

    #[test]
    fn constants_unify_only_when_asked_and_spec_constants_stay() {
        let text = format!(
            "{HEAD}%i = OpTypeInt 32 0\n%c1 = OpConstant %i 7\n%c2 = OpConstant %i 7\n%c3 = OpConstant %i 8\n\
             %s1 = OpSpecConstant %i 7\n%s2 = OpSpecConstant %i 7\n%v = OpTypeVector %i 2\n\
             %k1 = OpConstantComposite %v %c1 %c3\n%k2 = OpConstantComposite %v %c2 %c3\n"
        );
        let mut m = module(&text);
        assert!(!remove_duplicates(&mut m) || count(&m, Op::Constant) == 3);
        assert_eq!(count(&m, Op::Constant), 3);
        assert!(unify_constants(&mut m));
        assert_eq!(count(&m, Op::Constant), 2);
        assert_eq!(
            count(&m, Op::ConstantComposite),
            1,
            "k2 uses c2, which became c1"
        );
        assert_eq!(count(&m, Op::SpecConstant), 2);
    }

    #[test]
    fn ext_inst_imports_and_extensions_merge() {
        let text = "OpCapability Kernel\nOpCapability Addresses\nOpExtension \"SPV_KHR_no_integer_wrap_decoration\"\n\
                    OpExtension \"SPV_KHR_no_integer_wrap_decoration\"\n%a = OpExtInstImport \"OpenCL.std\"\n%b = OpExtInstImport \"OpenCL.std\"\n\
                    OpMemoryModel Physical64 OpenCL\n%f32 = OpTypeFloat 32\n%one = OpConstant %f32 1\n%v = OpTypeVoid\n%fn = OpTypeFunction %v\n\
                    %f = OpFunction %v None %fn\n%l = OpLabel\n%x = OpExtInst %f32 %b sqrt %one\nOpReturn\nOpFunctionEnd\n";
        let mut m = module(text);
        assert!(remove_duplicates(&mut m));
        assert_eq!(count(&m, Op::ExtInstImport), 1);
        assert_eq!(count(&m, Op::Extension), 1);
        let import = m
            .globals
            .iter()
            .find(|i| i.opcode == Op::ExtInstImport)
            .and_then(|i| i.result_id);
        let ext = &m.functions[0].blocks[0].instructions[0];
        assert_eq!(ext.operands.first().and_then(Operand::id), import);
    }

    #[test]
    fn arrays_compare_by_length_value_whatever_the_constant_type() {
        let text = format!(
            "{HEAD}OpCapability Int64\n%u = OpTypeInt 32 0\n%l = OpTypeInt 64 0\n%n32 = OpConstant %u 3\n%n64 = OpConstant %l 3\n\
             %n4 = OpConstant %u 4\n%a = OpTypeArray %u %n32\n%b = OpTypeArray %u %n64\n%c = OpTypeArray %u %n4\n"
        );
        let mut m = module(&text);
        assert!(remove_duplicates(&mut m));
        assert_eq!(count(&m, Op::TypeArray), 2, "3 and 3 merge, 4 stays");
    }

    #[test]
    fn copy_logical_between_merged_types_becomes_copy_object() {
        let mut m = module(
            "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n\
             %f = OpTypeFloat 32\n%a = OpTypeStruct %f\n%b = OpTypeStruct %f\n\
             %v = OpTypeVoid\n%fn = OpTypeFunction %v %a\n\
             %g = OpFunction %v None %fn\n%p = OpFunctionParameter %a\n%l = OpLabel\n\
             %c = OpCopyLogical %b %p\nOpReturn\nOpFunctionEnd\n",
        );
        assert_eq!(count(&m, Op::CopyLogical), 1);
        assert!(remove_duplicates(&mut m));
        assert_eq!(count(&m, Op::CopyLogical), 0);
        assert_eq!(count(&m, Op::CopyObject), 1);
        assert_eq!(count(&m, Op::TypeStruct), 1);
    }

    #[test]
    fn forward_declared_pointers_are_kept() {
        let text = "OpCapability Kernel\nOpCapability Addresses\nOpMemoryModel Physical64 OpenCL\nOpTypeForwardPointer %p CrossWorkgroup\n\
             %s = OpTypeStruct %p\n%p = OpTypePointer CrossWorkgroup %s\n%q = OpTypePointer CrossWorkgroup %s\n";
        let mut m = module(text);
        remove_duplicates(&mut m);
        assert_eq!(count(&m, Op::TypePointer), 2);
    }
}
