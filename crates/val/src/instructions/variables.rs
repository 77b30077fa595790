//! OpVariable rules of every environment beyond the pointer/initializer basics in `memory.rs`
//! (spirv-val's ValidateVariable): booleans only in storage classes that are not externally
//! visible (Input/Output built-ins excepted), no Generic or PhysicalStorageBuffer variables, no
//! initializer for Input, TaskPayloadWorkgroupEXT or HitObjectAttributeNV variables, and under
//! Shader, 8- and 16-bit data only in storage classes whose storage capability is declared.

use super::Sink;
use crate::state::{Inst, State};
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability as C, Decoration, Op, StorageClass as SC};
use std::collections::HashSet;

/// Whether `ty` (or a type it is made of, following pointers as spirv-val does) satisfies
/// `pred`. Each type is visited once, so shared sub-types cannot make this exponential.
pub fn contains_type(st: &State<'_>, ty: u32, pred: &dyn Fn(&Inst) -> bool) -> bool {
    let mut seen = Visited::default();
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        let Some(def) = ti::type_inst(st, t).copied() else {
            continue;
        };
        if pred(&def) {
            return true;
        }
        match def.op() {
            Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeImage
            | Op::TypeSampledImage => stack.push(st.word(&def, 2)),
            Op::TypePointer => stack.push(st.word(&def, 3)),
            Op::TypeStruct | Op::TypeFunction => {
                stack.extend((2..usize::from(def.len)).map(|w| st.word(&def, w)));
            }
            _ => {}
        }
    }
    false
}

/// The types a walk has visited: a short list (most types are made of a few others), a hash
/// set once it grows.
#[derive(Default)]
struct Visited {
    few: Vec<u32>,
    many: HashSet<u32>,
}

impl Visited {
    /// True when `t` was not visited before.
    fn insert(&mut self, t: u32) -> bool {
        const FEW: usize = 32;
        if self.few.len() < FEW {
            if self.few.contains(&t) {
                return false;
            }
            self.few.push(t);
            return true;
        }
        !self.few.contains(&t) && self.many.insert(t)
    }
}

/// spirv-val's ContainsInvalidBool: a boolean anywhere in the data type (through vectors,
/// matrices, arrays and struct members, not pointers); with `skip_builtin`, a type carrying a
/// BuiltIn decoration (on itself or a member) does not count.
fn contains_bool(st: &State<'_>, ty: u32, skip_builtin: bool, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    if skip_builtin
        && st.decorations_of(ty).any(|d| match d.op() {
            Op::Decorate => st.word(d, 2) == Decoration::BuiltIn.0,
            Op::MemberDecorate => st.word(d, 3) == Decoration::BuiltIn.0,
            _ => false,
        })
    {
        return false;
    }
    let Some(def) = ti::type_inst(st, ty).copied() else {
        return false;
    };
    match def.op() {
        Op::TypeBool => true,
        Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => {
            contains_bool(st, st.word(&def, 2), skip_builtin, depth + 1)
        }
        Op::TypeStruct => (2..usize::from(def.len))
            .any(|w| contains_bool(st, st.word(&def, w), skip_builtin, depth + 1)),
        _ => false,
    }
}

fn bool_allowed(sc: SC) -> bool {
    matches!(
        sc,
        SC::Workgroup
            | SC::CrossWorkgroup
            | SC::Private
            | SC::Function
            | SC::UniformConstant
            | SC::RayPayloadKHR
            | SC::IncomingRayPayloadKHR
            | SC::HitAttributeKHR
            | SC::CallableDataKHR
            | SC::IncomingCallableDataKHR
            | SC::TaskPayloadWorkgroupEXT
            | SC::HitObjectAttributeNV
            | SC::NodePayloadAMDX
    )
}

/// `inst` is an OpVariable of typed pointer type whose storage class matches `sc`;
/// `data_type` is the pointee.
pub fn check(s: &mut Sink<'_, '_>, index: u32, inst: &Inst, sc: u32, data_type: u32) {
    let st = s.st;
    let var = inst.result_id;
    let storage = SC(sc);
    if !bool_allowed(storage) {
        let in_out = matches!(storage, SC::Input | SC::Output);
        let builtin = in_out && ti::has_decoration_or_group(st, var, Decoration::BuiltIn);
        if !builtin && contains_bool(st, data_type, in_out, 0) {
            let message = if in_out {
                "[VUID-StandaloneSpirv-Input-07290] If OpTypeBool is stored in conjunction with OpVariable using Input or Output Storage Classes it requires a BuiltIn decoration"
            } else {
                "If OpTypeBool is stored in conjunction with OpVariable, it can only be used with non-externally visible shader Storage Classes: Workgroup, CrossWorkgroup, Private, Function, Input, Output, RayPayloadKHR, IncomingRayPayloadKHR, HitAttributeKHR, CallableDataKHR, IncomingCallableDataKHR, NodePayloadAMDX, or UniformConstant"
            };
            s.err("memory.variable_bool", index, message, &[var]);
        }
    }
    if storage == SC::Generic {
        s.err(
            "memory.variable",
            index,
            "Variable storage class cannot be Generic",
            &[var],
        );
    }
    if inst.len > 4
        && matches!(
            storage,
            SC::TaskPayloadWorkgroupEXT | SC::Input | SC::HitObjectAttributeNV
        )
    {
        s.err(
            "memory.initializer",
            index,
            format!(
                "OpVariable, <id> {}, initializer are not allowed for {}",
                st.id_name(var),
                ti::storage_class_name(sc)
            ),
            &[var],
        );
    }
    if storage == SC::PhysicalStorageBuffer {
        s.err(
            "memory.variable",
            index,
            "PhysicalStorageBuffer must not be used with OpVariable.",
            &[var],
        );
    }
    if st.has_capability(C::Shader) {
        small_types(s, index, var, sc, data_type);
    }
}

/// Under Shader, a variable holding 16-bit (without Int16/Float16) or 8-bit (without Int8)
/// data needs the storage capability of its storage class (the innermost pointer's, when the
/// data is a pointer).
fn small_types(s: &mut Sink<'_, '_>, index: u32, var: u32, sc: u32, data_type: u32) {
    let st = s.st;
    let sized = |op: Op, width: u32| move |d: &Inst| d.op() == op && st.word(d, 2) == width;
    let has16 = (!st.has_capability(C::Int16)
        && contains_type(st, data_type, &sized(Op::TypeInt, 16)))
        || (!st.has_capability(C::Float16)
            && contains_type(st, data_type, &sized(Op::TypeFloat, 16)));
    let has8 = !st.has_capability(C::Int8) && contains_type(st, data_type, &sized(Op::TypeInt, 8));
    for (present, bits) in [(has16, 16), (has8, 8)] {
        if !present {
            continue;
        }
        // The storage class and type that hold the data: through pointers to the innermost.
        let (mut storage, mut underlying) = (sc, data_type);
        for _ in 0..64 {
            match ti::type_inst(st, underlying) {
                Some(d) if d.op() == Op::TypePointer => {
                    storage = st.word(d, 2);
                    underlying = st.word(d, 3);
                }
                _ => break,
            }
        }
        let buffer_block_element = || {
            let mut t = underlying;
            if matches!(
                ti::type_op(st, t),
                Some(Op::TypeArray | Op::TypeRuntimeArray)
            ) {
                t = ti::element_type(st, t).unwrap_or(0);
            }
            ti::has_decoration(st, t, Decoration::BufferBlock)
        };
        let (storage_cap, uniform_cap, push_cap, workgroup_cap) = if bits == 16 {
            (
                C::StorageBuffer16BitAccess,
                C::UniformAndStorageBuffer16BitAccess,
                C::StoragePushConstant16,
                C::WorkgroupMemoryExplicitLayout16BitAccessKHR,
            )
        } else {
            (
                C::StorageBuffer8BitAccess,
                C::UniformAndStorageBuffer8BitAccess,
                C::StoragePushConstant8,
                C::WorkgroupMemoryExplicitLayout8BitAccessKHR,
            )
        };
        let ok = match SC(storage) {
            SC::StorageBuffer | SC::PhysicalStorageBuffer => st.has_capability(storage_cap),
            SC::Uniform => {
                st.has_capability(uniform_cap)
                    || (st.has_capability(storage_cap) && buffer_block_element())
            }
            SC::PushConstant => st.has_capability(push_cap),
            SC::Input | SC::Output if bits == 16 => st.has_capability(C::StorageInputOutput16),
            SC::Workgroup => st.has_capability(workgroup_cap),
            _ => {
                s.err(
                    "memory.variable_small_type",
                    index,
                    format!(
                        "Cannot allocate a variable containing a {bits}-bit type in {} storage class",
                        ti::storage_class_name(storage)
                    ),
                    &[var],
                );
                continue;
            }
        };
        if !ok {
            s.err(
                "memory.variable_small_type",
                index,
                format!(
                    "Allocating a variable containing a {bits}-bit element in {} storage class requires an additional capability",
                    ti::storage_class_name(storage)
                ),
                &[var],
            );
        }
    }
}
