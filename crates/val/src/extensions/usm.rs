//! SPV_ALTERA_usm_storage_classes (INTEL spellings are aliases in the grammar): the two casts
//! between CrossWorkgroup and the DeviceOnlyALTERA / HostOnlyALTERA sub-classes.
//! spirv-val 2025.5 does not check these rules (see EXTENSION_RULES.md); they follow the spec.

use crate::instructions::Sink;
use crate::state::Inst;
use crate::typeinfo::{self as ti, storage_class_name};
use spirvkit_grammar::{Op, StorageClass};

const DEVICE_ONLY: u32 = 5936;
const HOST_ONLY: u32 = 5937;

fn is_usm_class(sc: u32) -> bool {
    sc == DEVICE_ONLY || sc == HOST_ONLY
}

pub fn check_cast(s: &mut Sink<'_, '_>, index: u32, inst: &Inst) {
    let st = s.st;
    let to_cross = inst.op() == Op::PtrCastToCrossWorkgroupALTERA;
    let name = ti::op_name(inst.op());
    let result_type = inst.result_type;
    let pointer = st.word(inst, 3);
    let pointer_type = ti::type_of(st, pointer);
    if !ti::is_typed_pointer(st, result_type) {
        s.err(
            "usm.result_type",
            index,
            format!("{name}: Result Type must be an OpTypePointer."),
            &[result_type],
        );
        return;
    }
    let result_sc = ti::storage_class(st, result_type).unwrap_or(u32::MAX);
    let result_ok = if to_cross {
        result_sc == StorageClass::CrossWorkgroup.0
    } else {
        is_usm_class(result_sc)
    };
    if !result_ok {
        let want = if to_cross {
            "CrossWorkgroup"
        } else {
            "DeviceOnlyALTERA or HostOnlyALTERA"
        };
        s.err(
            "usm.result_storage_class",
            index,
            format!(
                "{name}: Result Type's Storage Class must be {want}, found {}.",
                storage_class_name(result_sc)
            ),
            &[result_type],
        );
    }
    if !ti::is_pointer(st, pointer_type) {
        s.err(
            "usm.pointer",
            index,
            format!("{name}: Pointer must be a pointer."),
            &[pointer],
        );
        return;
    }
    let pointer_sc = ti::storage_class(st, pointer_type).unwrap_or(u32::MAX);
    let pointer_ok = if to_cross {
        is_usm_class(pointer_sc)
    } else {
        pointer_sc == StorageClass::CrossWorkgroup.0
    };
    if !pointer_ok {
        let want = if to_cross {
            "DeviceOnlyALTERA or HostOnlyALTERA"
        } else {
            "CrossWorkgroup"
        };
        s.err(
            "usm.pointer_storage_class",
            index,
            format!(
                "{name}: Pointer must point to the {want} Storage Class, found {}.",
                storage_class_name(pointer_sc)
            ),
            &[pointer],
        );
    }
    if ti::pointee(st, pointer_type) != ti::pointee(st, result_type) {
        s.err(
            "usm.same_pointee",
            index,
            format!("{name}: Pointer must have the same type as Result Type aside from the Storage Class."),
            &[pointer, result_type],
        );
    }
}
