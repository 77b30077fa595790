//! `--spirv-target-env=SPV-IR`: decorations as metadata, as llvm-spirv's reader writes them
//! in that mode only. Every OpDecorate of an instruction's result or of a variable becomes an
//! entry of `!spirv.Decorations !{!{i32 <decoration>, <operands>...}, ...}` on the LLVM
//! instruction or global (also decorations that have an LLVM spelling too, as llvm-spirv
//! keeps them all); a function with a decorated parameter gets `!spirv.ParameterDecorations`,
//! one such list per parameter (`!{}` for an undecorated one). Literal operands are `i32`s,
//! string operands (LinkageAttributes' name, UserSemantic, MemoryINTEL, MergeINTEL,
//! HostAccessINTEL's variable name) `MDString`s. Entries are ordered by decoration number
//! (llvm-spirv keeps them in a map by kind). Equal entries and lists are one node, as LLVM
//! uniques them. The forward reads both kinds back (`forward/decorations.rs`).

use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::grammar::{Decoration, Op};
use spirvkit_core::{Id, Instruction, Operand};
use spirvkit_llvm::{MdOperand, MetadataId, ValueRef};

use super::function::{FnState, Local};
use super::Ctx;

/// The metadata kinds (llvm-spirv's `SPIRV_MD_DECORATIONS` / `SPIRV_MD_PARAMETER_DECORATIONS`).
const DECORATIONS: &str = "spirv.Decorations";
const PARAMETER_DECORATIONS: &str = "spirv.ParameterDecorations";

/// One operand of a decoration entry.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum EntryOperand {
    Word(u32),
    Text(String),
}

type Entry = Vec<EntryOperand>;

/// The OpDecorate operands (after the target) of every decorated id, decoration groups
/// applied, and the nodes made so far.
#[derive(Debug, Default)]
pub(crate) struct DecorationMetadata {
    by_target: FxHashMap<Id, Vec<Entry>>,
    entries: FxHashMap<Entry, MetadataId>,
    lists: FxHashMap<Vec<Entry>, MetadataId>,
    empty: Option<MetadataId>,
}

impl DecorationMetadata {
    /// Indexes OpDecorate / OpGroupDecorate (not OpDecorateId: llvm-spirv keeps id
    /// decorations apart and does not write them as metadata).
    pub(crate) fn index(globals: &[Instruction]) -> Self {
        let mut groups: FxHashMap<Id, Vec<Entry>> = FxHashMap::default();
        let group_ids: Vec<Id> = globals
            .iter()
            .filter(|i| i.opcode == Op::DecorationGroup)
            .filter_map(|i| i.result_id)
            .collect();
        let mut by_target: FxHashMap<Id, Vec<Entry>> = FxHashMap::default();
        for inst in globals {
            match inst.opcode {
                Op::Decorate => {
                    let Some(target) = inst.operands.first().and_then(Operand::id) else {
                        continue;
                    };
                    let entry: Entry = inst.operands[1..]
                        .iter()
                        .map(|o| match o {
                            Operand::Word(w) => EntryOperand::Word(*w),
                            Operand::Id(x) => EntryOperand::Word(x.0),
                            Operand::String(s) => EntryOperand::Text(s.to_string()),
                        })
                        .collect();
                    if entry.is_empty() {
                        continue;
                    }
                    let slot = if group_ids.contains(&target) {
                        groups.entry(target).or_default()
                    } else {
                        by_target.entry(target).or_default()
                    };
                    slot.push(entry);
                }
                Op::GroupDecorate => {
                    let Some(group) = inst.operands.first().and_then(Operand::id) else {
                        continue;
                    };
                    let entries = groups.get(&group).cloned().unwrap_or_default();
                    for target in inst.operands[1..].iter().filter_map(Operand::id) {
                        by_target
                            .entry(target)
                            .or_default()
                            .extend(entries.iter().cloned());
                    }
                }
                _ => {}
            }
        }
        for entries in by_target.values_mut() {
            entries.sort_by_key(|e| match e.first() {
                Some(EntryOperand::Word(kind)) => *kind,
                _ => u32::MAX,
            });
        }
        DecorationMetadata {
            by_target,
            ..Default::default()
        }
    }
}

impl Ctx<'_> {
    /// The `!spirv.Decorations` list of `id`, if it is decorated.
    fn decoration_list(&mut self, id: Id) -> Option<MetadataId> {
        let entries = self.decoration_md.by_target.get(&id)?.clone();
        Some(self.entry_list(entries))
    }

    fn entry_list(&mut self, entries: Vec<Entry>) -> MetadataId {
        if entries.is_empty() {
            if let Some(n) = self.decoration_md.empty {
                return n;
            }
            let n = self.md_node(Vec::new());
            self.decoration_md.empty = Some(n);
            return n;
        }
        if let Some(&n) = self.decoration_md.lists.get(&entries) {
            return n;
        }
        let mut nodes = Vec::with_capacity(entries.len());
        for entry in &entries {
            let node = match self.decoration_md.entries.get(entry) {
                Some(&n) => n,
                None => {
                    let operands = entry
                        .iter()
                        .map(|o| match o {
                            EntryOperand::Word(w) => self.md_i32(*w),
                            EntryOperand::Text(s) => self.md_str(s),
                        })
                        .collect();
                    let n = self.md_node(operands);
                    self.decoration_md.entries.insert(entry.clone(), n);
                    n
                }
            };
            nodes.push(MdOperand::Metadata(node));
        }
        let n = self.md_node(nodes);
        self.decoration_md.lists.insert(entries, n);
        n
    }

    /// After `inst` is translated: its result's decorations on the instruction it became.
    /// FPMaxErrorDecorationINTEL is an attribute or `!fpbuiltin-max-error` there instead (no
    /// list, as llvm-spirv's reader returns before writing one).
    pub(super) fn attach_result_decorations(&mut self, st: &mut FnState, inst: &Instruction) {
        let Some(r) = inst.result_id else { return };
        if !self.spv_ir()
            || self
                .decoration(r, Decoration::FPMaxErrorDecorationINTEL.0)
                .is_some()
        {
            return;
        }
        let Some(Local::Value(ValueRef::Instruction(i))) = st.locals.get(&r) else {
            return;
        };
        let i = *i;
        let Some(list) = self.decoration_list(r) else {
            return;
        };
        if let Some(x) = st.func.insts.get_mut(i.0 as usize) {
            if !x.metadata.iter().any(|(k, _)| k == DECORATIONS) {
                x.metadata.push((DECORATIONS.to_owned(), list));
            }
        }
    }

    /// Module-scope variables' decorations, and every function's parameter decorations.
    pub(super) fn global_decoration_metadata(&mut self) {
        if !self.spv_ir() {
            return;
        }
        let spv = self.spv;
        for inst in &spv.globals {
            let (Op::Variable | Op::UntypedVariableKHR, Some(r)) = (inst.opcode, inst.result_id)
            else {
                continue;
            };
            let Some(&ValueRef::Global(g)) = self.values.get(&r) else {
                continue;
            };
            let Some(list) = self.decoration_list(r) else {
                continue;
            };
            if let Some(gv) = self.m.globals.get_mut(g.0 as usize) {
                if !gv.attachments.iter().any(|(k, _)| k == DECORATIONS) {
                    gv.attachments.push((DECORATIONS.to_owned(), list));
                }
            }
        }
    }

    /// `!spirv.ParameterDecorations` on the function `id` (as `fid`) with parameters `params`.
    pub(super) fn parameter_decoration_metadata(
        &mut self,
        fid: spirvkit_llvm::FuncId,
        params: &[Option<Id>],
    ) {
        if !self.spv_ir() {
            return;
        }
        let lists: Vec<Vec<Entry>> = params
            .iter()
            .map(|p| {
                p.and_then(|p| self.decoration_md.by_target.get(&p).cloned())
                    .unwrap_or_default()
            })
            .collect();
        if lists.iter().all(Vec::is_empty) {
            return;
        }
        let nodes = lists
            .into_iter()
            .map(|l| MdOperand::Metadata(self.entry_list(l)))
            .collect();
        let node = self.md_node(nodes);
        if let Some(f) = self.m.functions.get_mut(fid.0 as usize) {
            if !f
                .attachments
                .iter()
                .any(|(k, _)| k == PARAMETER_DECORATIONS)
            {
                f.attachments.push((PARAMETER_DECORATIONS.to_owned(), node));
            }
        }
    }
}
