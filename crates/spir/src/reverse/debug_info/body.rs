//! Debug information in bodies: DebugScope / DebugNoScope, OpLine / OpNoLine and DebugLine /
//! DebugNoLine give the location attached (`!dbg`) to each LLVM instruction made from a
//! SPIR-V one; DebugDeclare and DebugValue become `llvm.dbg.declare` / `llvm.dbg.value`.
//!
//! LLVM's verifier wants every location of a function to lead (through its inlined-at
//! chain) to the function's own subprogram, and a variable's intrinsic to carry a location
//! in the variable's subprogram: what would break either is left out rather than written.

use spirvkit_core::fasthash::FxHashMap;
use spirvkit_core::{Id, Instruction};
use spirvkit_llvm as llvm;
use spirvkit_llvm::{DiField, InstKind, Metadata, MetadataId, ValueRef};

use super::{inst, Args, NodeBuilder};
use crate::reverse::function::FnState;
use crate::reverse::Ctx;

/// Where a body is: its subprogram, the current scope (with its inlined-at location) and
/// line and column.
#[derive(Debug, Default)]
pub(crate) struct BodyState {
    pub subprogram: Option<MetadataId>,
    scope: Option<(MetadataId, Option<MetadataId>)>,
    line: Option<(u64, u64)>,
    /// (line, column, scope, inlined at) → DILocation, shared by the function's instructions.
    locations: FxHashMap<(u64, u64, MetadataId, Option<MetadataId>), MetadataId>,
}

impl BodyState {
    /// A new block: scopes and lines do not carry over (SPIR-V ends both at a block end).
    pub fn start_block(&mut self) {
        self.scope = None;
        self.line = None;
    }
}

impl Ctx<'_> {
    /// The subprogram a scope lies in (its chain of `scope:` fields).
    pub(crate) fn subprogram_of(&self, mut scope: MetadataId) -> Option<MetadataId> {
        for _ in 0..256 {
            let n = self.di(scope)?;
            if n.kind == "DISubprogram" {
                return Some(scope);
            }
            scope = match n.field("scope") {
                Some(DiField::Metadata(s)) => *s,
                _ => return None,
            };
        }
        None
    }

    /// The subprogram a location with `scope` and `inlined_at` ends in: the function whose
    /// body it is.
    fn root_subprogram(
        &self,
        scope: MetadataId,
        inlined_at: Option<MetadataId>,
    ) -> Option<MetadataId> {
        let mut outer = scope;
        let mut at = inlined_at;
        for _ in 0..256 {
            let Some(loc) = at else {
                return self.subprogram_of(outer);
            };
            let n = self.di(loc)?;
            outer = match n.field("scope") {
                Some(DiField::Metadata(s)) => *s,
                _ => return None,
            };
            at = match n.field("inlinedAt") {
                Some(DiField::Metadata(s)) => Some(*s),
                _ => None,
            };
        }
        None
    }

    fn location(
        &mut self,
        st: &mut FnState,
        line: u64,
        column: u64,
        scope: MetadataId,
        inlined_at: Option<MetadataId>,
    ) -> MetadataId {
        let key = (line, column, scope, inlined_at);
        if let Some(&done) = st.debug.locations.get(&key) {
            return done;
        }
        let mut b = NodeBuilder::new("DILocation", false);
        b.uint("line", Some(line))
            .uint("column", Some(column))
            .md("scope", Some(scope))
            .md("inlinedAt", inlined_at);
        let md = self.push_debug_md(b.build());
        st.debug.locations.insert(key, md);
        md
    }

    /// Handles a body instruction of the debug sets and OpLine / OpNoLine; false when `inst`
    /// is none of them.
    pub(crate) fn debug_body_instruction(&mut self, st: &mut FnState, inst: &Instruction) -> bool {
        use spirvkit_core::grammar::Op;
        match inst.opcode {
            Op::Line => {
                let word = |i: usize| inst.operands.get(i).and_then(|o| o.word());
                if let Some(line) = word(1) {
                    st.debug.line = Some((line as u64, word(2).unwrap_or(0) as u64));
                }
                return true;
            }
            Op::NoLine => {
                st.debug.line = None;
                return true;
            }
            _ => {}
        }
        let Some(a) = self.debug_args(inst) else {
            return false;
        };
        if st.debug.subprogram.is_none() {
            // A function without a subprogram takes no location.
            return true;
        }
        match a.number {
            inst::SCOPE => {
                let scope = a.id(0).and_then(|s| self.debug_node(s));
                let inlined = a.id(1).and_then(|s| self.debug_node(s));
                st.debug.scope = scope
                    .filter(|s| self.root_subprogram(*s, inlined) == st.debug.subprogram)
                    .map(|s| (s, inlined));
            }
            inst::NO_SCOPE => st.debug.scope = None,
            inst::LINE => {
                if let Some(line) = self.lit(&a, 1) {
                    st.debug.line = Some((line, self.lit(&a, 3).unwrap_or(0)));
                }
            }
            inst::NO_LINE => st.debug.line = None,
            inst::DECLARE | inst::VALUE => self.variable_intrinsic(st, &a),
            _ => {}
        }
        true
    }

    /// Attaches the current location to the LLVM instructions made from one SPIR-V
    /// instruction (those from index `first` on) that have none.
    pub(crate) fn attach_location(&mut self, st: &mut FnState, first: usize) {
        let Some((scope, inlined)) = st.debug.scope else {
            return;
        };
        if st.func.insts.len() <= first {
            return;
        }
        let (line, column) = st.debug.line.unwrap_or((0, 0));
        let loc = self.location(st, line, column, scope, inlined);
        for i in st.func.insts.iter_mut().skip(first) {
            if !i.metadata.iter().any(|(k, _)| k == "dbg") {
                i.metadata.push(("dbg".into(), loc));
            }
        }
    }

    /// `llvm.dbg.declare` (a pointer) or `llvm.dbg.value` of DebugDeclare / DebugValue.
    fn variable_intrinsic(&mut self, st: &mut FnState, a: &Args) {
        let Some(var) = a.id(0).and_then(|v| self.debug_node(v)) else {
            return;
        };
        let Some(var_scope) = self
            .di(var)
            .filter(|n| n.kind == "DILocalVariable")
            .and_then(|n| match n.field("scope") {
                Some(DiField::Metadata(s)) => Some(*s),
                _ => None,
            })
        else {
            return;
        };
        let var_sp = self.subprogram_of(var_scope);
        // The intrinsic's location is in the variable's scope; inlined like the current
        // scope when the variable belongs to the function inlined there.
        let inlined = match st.debug.scope {
            Some((s, inlined)) if self.subprogram_of(s) == var_sp => inlined,
            _ => None,
        };
        if var_sp.is_none() || self.root_subprogram(var_scope, inlined) != st.debug.subprogram {
            return;
        }
        let Some(value_id) = a.id(1) else { return };
        let Some((value, ty)) = self.debug_value(st, value_id) else {
            return;
        };
        let expression = match a.id(2).and_then(|e| self.debug_node(e)) {
            Some(e) if self.di(e).is_some_and(|n| n.kind == "DIExpression") => e,
            _ => self.push_debug_md(NodeBuilder::new("DIExpression", false).build()),
        };
        let is_pointer = matches!(self.m.types.get(ty), llvm::Type::Pointer { .. });
        let declare = a.number == inst::DECLARE && is_pointer;
        let (line, column) = st.debug.line.unwrap_or_else(|| {
            let line = match self.di(var).and_then(|n| n.field("line")) {
                Some(DiField::UInt(l)) => *l,
                _ => 0,
            };
            (line, 0)
        });
        let loc = self.location(st, line, column, var_scope, inlined);
        let value_md = self.push_debug_md(Metadata::Value { ty, value });
        let callee = self.debug_intrinsic(declare);
        let (fn_ty, cc) = match self.m.functions.get(callee.0 as usize) {
            Some(f) => (f.fn_ty, f.cc),
            None => return,
        };
        let void = self.m.types.void();
        let call = self.emit(
            st,
            void,
            InstKind::Call {
                callee: ValueRef::Function(callee),
                fn_ty,
                args: vec![
                    ValueRef::Metadata(value_md),
                    ValueRef::Metadata(var),
                    ValueRef::Metadata(expression),
                ],
                cc,
                tail: Default::default(),
                attrs: Default::default(),
                fast_math: 0,
            },
        );
        if let ValueRef::Instruction(i) = call {
            if let Some(x) = st.func.insts.get_mut(i.0 as usize) {
                x.metadata.push(("dbg".into(), loc));
            }
        }
    }

    /// The LLVM value (and type) a DebugDeclare / DebugValue describes; `None` when it has
    /// none here (a built-in variable, DebugInfoNone).
    fn debug_value(&mut self, st: &FnState, id: Id) -> Option<(ValueRef, llvm::TypeId)> {
        if self.debug_def(id).is_some() {
            return None;
        }
        let value = self.operand(st, id).ok()?;
        let ty = self.type_of(st, value).ok()?;
        if matches!(
            self.m.types.get(ty),
            llvm::Type::Void | llvm::Type::Label | llvm::Type::Metadata
        ) {
            return None;
        }
        Some((value, ty))
    }

    /// `declare void @llvm.dbg.declare(metadata, metadata, metadata)` (or `.value`), once.
    fn debug_intrinsic(&mut self, declare: bool) -> llvm::FuncId {
        let existing = if declare {
            self.debug.declare_fn
        } else {
            self.debug.value_fn
        };
        if let Some(f) = existing {
            return f;
        }
        let meta = self.m.types.metadata();
        let void = self.m.types.void();
        let fn_ty = self.m.types.intern(llvm::Type::Function {
            ret: void,
            params: vec![meta, meta, meta],
            vararg: false,
        });
        let ptr = self.m.types.pointer_to(Some(fn_ty), 0);
        let args = (0..3)
            .map(|_| llvm::Argument {
                name: None,
                ty: meta,
            })
            .collect();
        let name = if declare {
            "llvm.dbg.declare"
        } else {
            "llvm.dbg.value"
        };
        let attrs = self.nounwind_attrs.clone();
        let fid = llvm::FuncId(self.m.functions.len() as u32);
        self.m.functions.push(llvm::Function {
            attrs,
            ..llvm::Function::declaration(name.to_owned(), fn_ty, ptr, args)
        });
        if declare {
            self.debug.declare_fn = Some(fid);
        } else {
            self.debug.value_fn = Some(fid);
        }
        fid
    }
}
