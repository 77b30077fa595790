//! Part 2: per-instruction rules (spec 3.x "Instructions": result and operand types) and the
//! rules of the extensions we own. One pass over the instructions dispatches each opcode to
//! the file owning its class; every rule reads the dense tables only.

pub mod arithmetic;
pub mod atomics;
pub mod barriers;
pub mod bits;
pub mod composite;
pub mod conversion;
pub mod copy_logical;
pub mod execution_limits;
pub mod expect_assume;
pub mod ext_debug;
pub mod ext_glsl;
pub mod ext_inst;
pub mod ext_opencl;
pub mod fragment_only;
pub mod group;
pub mod image;
pub mod linear_algebra;
pub mod literals;
pub mod logical_pointers;
pub mod memory;
pub mod non_semantic;
pub mod ray_query;
pub mod scope_models;
pub mod semantics;
pub mod small_constants;
pub mod storage_class_models;
pub mod variables;

use crate::diagnostic::Diagnostic;
use crate::extensions;
use crate::state::{Inst, State};
use rayon::prelude::*;
use spirvkit_grammar::Op;

/// Collects diagnostics of one rule pass.
pub struct Sink<'s, 'a> {
    pub st: &'s State<'a>,
    pub out: Vec<Diagnostic>,
    /// The last type whose shape was asked for (runs of instructions share a result type).
    last_shape: Option<(u32, Option<crate::typeinfo::Shape>)>,
}

impl<'s, 'a> Sink<'s, 'a> {
    pub fn new(st: &'s State<'a>) -> Self {
        Self {
            st,
            out: Vec::new(),
            last_shape: None,
        }
    }

    /// `typeinfo::shape` of `ty`, remembering the last answer.
    pub fn shape(&mut self, ty: u32) -> Option<crate::typeinfo::Shape> {
        match self.last_shape {
            Some((t, shape)) if t == ty => shape,
            _ => {
                let shape = crate::typeinfo::shape(self.st, ty);
                self.last_shape = Some((ty, shape));
                shape
            }
        }
    }

    /// Records a broken rule at instruction `index`.
    pub fn err(&mut self, rule: &'static str, index: u32, message: impl Into<String>, ids: &[u32]) {
        let d = self
            .st
            .diag_at(rule, index, message)
            .with_ids(ids.iter().copied());
        self.out.push(d);
    }
}

/// Instructions per parallel work item.
const CHUNK: usize = 1 << 15;

/// Runs every instruction rule; instruction ranges are checked in parallel (each rule reads
/// only the shared tables), diagnostics come back in instruction order.
pub fn check(st: &State<'_>) -> Vec<Diagnostic> {
    let n = st.insts.len();
    let run = |start: usize| -> Vec<Diagnostic> {
        let mut sink = Sink::new(st);
        for index in start..(start + CHUNK).min(n) {
            if let Some(inst) = st.inst(index as u32).copied() {
                dispatch(&mut sink, index as u32, &inst);
            }
        }
        sink.out
    };
    let starts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    let parts: Vec<Vec<Diagnostic>> = if st.parallel() {
        starts.into_par_iter().map(run).collect()
    } else {
        starts.into_iter().map(run).collect()
    };
    let mut sink = Sink::new(st);
    sink.out = parts.into_iter().flatten().collect();
    extensions::check_module(&mut sink);
    image::check_module(&mut sink);
    execution_limits::check(&mut sink);
    scope_models::check(&mut sink);
    fragment_only::check(&mut sink);
    ext_debug::check_placement(&mut sink);
    non_semantic::check_imports(&mut sink);
    storage_class_models::check(&mut sink);
    sink.out
}

fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let op = inst.op();
    // Most instructions of real code are plain arithmetic, which no other rule family claims
    // (each returns at once on these opcodes): go straight to its rules.
    match ROUTES.get(usize::from(op.0)) {
        Some(&ROUTE_ARITHMETIC) => {
            let _ = arithmetic::dispatch(s, index, inst, op);
        }
        Some(&ROUTE_NO_FAMILY) => {}
        _ => dispatch_all(s, index, inst),
    }
}

/// Where `dispatch` sends an opcode, one byte per opcode below `ROUTED`, computed at compile
/// time from `arithmetic::only_arithmetic` and `judged_by_no_family` (a table instead of two
/// long `matches!` per instruction). Both name only opcodes below `ROUTED` (a test checks).
const ROUTED: usize = 512;
const ROUTE_ALL: u8 = 0;
const ROUTE_ARITHMETIC: u8 = 1;
const ROUTE_NO_FAMILY: u8 = 2;
static ROUTES: [u8; ROUTED] = routes();

const fn routes() -> [u8; ROUTED] {
    let mut table = [ROUTE_ALL; ROUTED];
    let mut opcode = 0;
    while opcode < ROUTED {
        let op = Op(opcode as u16);
        table[opcode] = if arithmetic::only_arithmetic(op) {
            ROUTE_ARITHMETIC
        } else if judged_by_no_family(op) {
            ROUTE_NO_FAMILY
        } else {
            ROUTE_ALL
        };
        opcode += 1;
    }
    table
}

/// Control flow, debug and mode-setting instructions: no per-instruction rule family judges
/// them (their rules live in cfg, layout, ids, entry_points...), each family returns at once.
const fn judged_by_no_family(op: Op) -> bool {
    matches!(
        op,
        Op::Label
            | Op::Branch
            | Op::BranchConditional
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable
            | Op::Kill
            | Op::FunctionEnd
            | Op::FunctionCall
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::Name
            | Op::MemberName
            | Op::Line
            | Op::NoLine
            | Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::ModuleProcessed
            | Op::Capability
            | Op::Extension
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
    )
}

/// Every rule family in turn (the first that claims the opcode ends the chain).
fn dispatch_all(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let op = inst.op();
    if extensions::dispatch(s, index, inst) {
        return;
    }
    logical_pointers::check(s, index, inst);
    small_constants::check(s, index, inst);
    literals::check(s, index, inst);
    if memory::dispatch(s, index, inst)
        || conversion::dispatch(s, index, inst)
        || composite::dispatch(s, index, inst)
        || atomics::dispatch(s, index, inst)
        || ext_debug::dispatch(s, index, inst)
        || ext_inst::dispatch(s, index, inst)
        || barriers::dispatch(s, index, inst)
        || image::dispatch(s, index, inst)
        || group::dispatch(s, index, inst)
        || expect_assume::dispatch(s, index, inst)
        || bits::dispatch(s, index, inst)
        || linear_algebra::dispatch(s, index, inst)
        || fragment_only::dispatch(s, index, inst)
        || ray_query::dispatch(s, index, inst)
        || copy_logical::dispatch(s, index, inst)
    {
        return;
    }
    let _ = arithmetic::dispatch(s, index, inst, op);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::ValidatorOptions;

    /// The routing table covers every opcode the two shortcut lists name.
    #[test]
    fn routes_cover_the_shortcut_lists() {
        for opcode in 0..=u16::MAX {
            let op = Op(opcode);
            let route = ROUTES
                .get(usize::from(opcode))
                .copied()
                .unwrap_or(ROUTE_ALL);
            let expected = if arithmetic::only_arithmetic(op) {
                ROUTE_ARITHMETIC
            } else if judged_by_no_family(op) {
                ROUTE_NO_FAMILY
            } else {
                ROUTE_ALL
            };
            assert_eq!(route, expected, "opcode {opcode}");
        }
    }

    /// Every opcode `dispatch` sends straight to the arithmetic rules (or to no rules) gets
    /// exactly the diagnostics the whole chain of rule families gives it, over well- and
    /// ill-typed operands and results, misplaced control flow and debug instructions, in a
    /// Shader and in a Kernel module.
    #[test]
    fn arithmetic_shortcut_matches_every_family() {
        let types = [
            "%bool", "%int", "%uint", "%short", "%float", "%double", "%v2bool", "%v2int", "%v3int",
            "%v2uint", "%v2float", "%v3float", "%struct", "%ptr",
        ];
        let values = [
            "%c_bool",
            "%c_int",
            "%c_uint",
            "%c_short",
            "%c_float",
            "%c_double",
            "%c_v2bool",
            "%c_v2int",
            "%c_v3int",
            "%c_v2uint",
            "%c_v2float",
            "%c_v3float",
            "%var",
        ];
        let ops: Vec<&str> = spirvkit_grammar::instructions()
            .iter()
            .filter(|d| arithmetic::only_arithmetic(Op(d.opcode)))
            .map(|d| d.opname)
            .collect();
        assert!(ops.len() >= 50, "{ops:?}");
        for (caps, model) in [
            ("OpCapability Shader\nOpCapability Int16\nOpCapability Float64\n", "Logical GLSL450"),
            ("OpCapability Kernel\nOpCapability Addresses\nOpCapability Int16\nOpCapability Float64\n", "Physical64 OpenCL"),
        ] {
            let mut text = format!(
                "{caps}OpExtension \"SPV_KHR_storage_buffer_storage_class\"\n\
                 %ext = OpExtInstImport \"GLSL.std.450\"\n\
                 OpMemoryModel {model}\n\
                 OpEntryPoint GLCompute %main \"main\"\nOpEntryPoint Kernel %main \"k\"\n\
                 OpExecutionMode %main LocalSize 1 1 1\n\
                 %file = OpString \"f.cl\"\nOpSource OpenCL_C 200000 %file\n\
                 OpSourceContinued \"x\"\nOpSourceExtension \"e\"\n\
                 OpName %main \"main\"\nOpName %int \"int\"\nOpMemberName %struct 0 \"a\"\n\
                 OpMemberName %struct 7 \"b\"\nOpMemberName %int 0 \"c\"\n\
                 OpModuleProcessed \"p\"\nOpDecorate %c_int SpecId 1\n\
                 %void = OpTypeVoid\n%fn = OpTypeFunction %void\n\
                 %bool = OpTypeBool\n%int = OpTypeInt 32 1\n%uint = OpTypeInt 32 0\n\
                 %short = OpTypeInt 16 1\n%float = OpTypeFloat 32\n%double = OpTypeFloat 64\n\
                 %v2bool = OpTypeVector %bool 2\n%v2int = OpTypeVector %int 2\n\
                 %v3int = OpTypeVector %int 3\n%v2uint = OpTypeVector %uint 2\n\
                 %v2float = OpTypeVector %float 2\n%v3float = OpTypeVector %float 3\n\
                 %struct = OpTypeStruct %int %float\n%ptr = OpTypePointer Function %int\n\
                 %c_bool = OpConstantTrue %bool\n%c_int = OpConstant %int 1\n\
                 %c_uint = OpConstant %uint 1\n%c_short = OpConstant %short 1\n\
                 %c_float = OpConstant %float 1\n%c_double = OpConstant %double 1\n\
                 %c_v2bool = OpConstantComposite %v2bool %c_bool %c_bool\n\
                 %c_v2int = OpConstantComposite %v2int %c_int %c_int\n\
                 %c_v3int = OpConstantComposite %v3int %c_int %c_int %c_int\n\
                 %c_v2uint = OpConstantComposite %v2uint %c_uint %c_uint\n\
                 %c_v2float = OpConstantComposite %v2float %c_float %c_float\n\
                 %c_v3float = OpConstantComposite %v3float %c_float %c_float %c_float\n\
                 %main = OpFunction %void None %fn\n%entry = OpLabel\n\
                 %var = OpVariable %ptr Function\n"
            );
            let mut n = 0;
            for op in &ops {
                let unary = matches!(
                    *op,
                    "OpFNegate" | "OpSNegate" | "OpNot" | "OpLogicalNot" | "OpIsNan" | "OpIsInf"
                        | "OpIsFinite" | "OpIsNormal" | "OpSignBitSet"
                );
                for ty in types {
                    for (i, a) in values.iter().enumerate() {
                        n += 1;
                        if unary {
                            text.push_str(&format!("%r{n} = {op} {ty} {a}\n"));
                        } else {
                            // Same-typed and mixed operand pairs, and an undefined operand.
                            let b = values[(i + n) % values.len()];
                            text.push_str(&format!("%r{n} = {op} {ty} {a} {a}\n"));
                            n += 1;
                            text.push_str(&format!("%r{n} = {op} {ty} {a} {b}\n"));
                        }
                    }
                }
                n += 1;
                let second = if unary { String::new() } else { format!(" %undefined{n}") };
                text.push_str(&format!("%r{n} = {op} %int %c_int{second}\n"));
            }
            text.push_str(
                "OpLine %file 1 1\nOpNoLine\n%call = OpFunctionCall %int %helper %c_int\n\
                 %call2 = OpFunctionCall %void %main\n\
                 OpSelectionMerge %merge None\nOpBranchConditional %c_bool %then %merge\n\
                 %then = OpLabel\nOpLoopMerge %merge %then None\nOpBranch %merge\n\
                 %dead = OpLabel\nOpUnreachable\n%dead2 = OpLabel\nOpKill\n\
                 %merge = OpLabel\nOpReturnValue %c_int\nOpFunctionEnd\n\
                 %ifn = OpTypeFunction %int %int\n\
                 %helper = OpFunction %int None %ifn\n%p = OpFunctionParameter %int\n\
                 %h = OpLabel\nOpBranch %h\nOpReturnValue %p\nOpReturn\nOpFunctionEnd\n",
            );
            let words = spirvkit_text::assemble(&text, &Default::default()).expect("assembles");
            let opts = ValidatorOptions::default();
            let st = State::build(&words, &opts).expect("decodes");
            let mut checked = 0;
            for (index, inst) in st.insts.iter().enumerate() {
                if !arithmetic::only_arithmetic(inst.op()) && !judged_by_no_family(inst.op()) {
                    continue;
                }
                let mut direct = Sink::new(&st);
                dispatch(&mut direct, index as u32, inst);
                let mut chain = Sink::new(&st);
                dispatch_all(&mut chain, index as u32, inst);
                assert_eq!(direct.out, chain.out, "{}", st.render(inst));
                checked += 1;
            }
            assert!(checked > 10_000, "{checked}");
        }
    }
}
