//! Rules of the extensions we own: SPV_KHR_untyped_pointers, SPV_NV_raw_access_chains,
//! SPV_ALTERA_usm_storage_classes and SPV_KHR_poison_freeze (capability and extension gating
//! of their tokens is grammar-driven in `capabilities.rs`; these files hold the instruction
//! rules of the specs).
//! The rule-to-test table is `crates/val/EXTENSION_RULES.md`.

pub mod poison_freeze;
pub mod raw_access_chains;
pub mod untyped_pointers;
pub mod usm;

use crate::instructions::Sink;
use crate::state::Inst;
use spirvkit_grammar::Op;

/// Checks `inst` if one of the extensions owns its opcode; true when handled.
pub fn dispatch(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) -> bool {
    match inst.op() {
        Op::PtrCastToCrossWorkgroupALTERA | Op::CrossWorkgroupCastToPtrALTERA => {
            usm::check_cast(s, index, inst);
            true
        }
        Op::PoisonKHR => {
            poison_freeze::check_poison(s, index, inst);
            true
        }
        Op::FreezeKHR => {
            poison_freeze::check_freeze(s, index, inst);
            true
        }
        Op::RawAccessChainNV => {
            raw_access_chains::check_chain(s, index, inst);
            true
        }
        op => untyped_pointers::dispatch(s, index, inst, op),
    }
}

/// Module-wide rules (uses of results).
pub fn check_module(s: &mut Sink<'_, '_>) {
    raw_access_chains::check_uses(s);
    untyped_pointers::check_workgroup_layout(s);
    poison_freeze::check_entry_point_modes(s);
}
