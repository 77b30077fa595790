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

/// Collects diagnostics of one rule pass.
pub struct Sink<'s, 'a> {
    pub st: &'s State<'a>,
    pub out: Vec<Diagnostic>,
}

impl<'s, 'a> Sink<'s, 'a> {
    pub fn new(st: &'s State<'a>) -> Self {
        Self {
            st,
            out: Vec::new(),
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
    let parts: Vec<Vec<Diagnostic>> = if st.opts.sequential {
        starts.into_iter().map(run).collect()
    } else {
        starts.into_par_iter().map(run).collect()
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
