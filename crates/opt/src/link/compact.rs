//! Renumbering ids densely in order of first appearance (as spirv-link's CompactIds), so the
//! bound is as small as the linked module allows, and the `--verify-ids` check.

use super::error::LinkError;
use spirvkit_core::{Id, Module};

/// Renumbers every id from 1 in order of first appearance; sets the bound.
pub fn compact_ids(module: &mut Module) {
    let mut map: Vec<u32> = vec![0; module.header.bound as usize + 1];
    let mut next = 1u32;
    let mut renumber = |id: Id| -> Id {
        match map.get_mut(id.0 as usize) {
            Some(slot) => {
                if *slot == 0 {
                    *slot = next;
                    next += 1;
                }
                Id(*slot)
            }
            None => id,
        }
    };
    for inst in &mut module.globals {
        inst.map_ids(&mut renumber);
    }
    for function in &mut module.functions {
        for inst in function.instructions_mut() {
            inst.map_ids(&mut renumber);
        }
    }
    module.header.bound = next;
}

/// Every result id defined once.
pub fn verify_ids(module: &Module) -> Result<(), LinkError> {
    let mut defined = vec![false; module.header.bound as usize];
    for inst in module.instructions() {
        let Some(id) = inst.result_id else { continue };
        match defined.get_mut(id.0 as usize) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(LinkError::NonUniqueId { id: id.0 }),
        }
    }
    Ok(())
}
