//! Sizes and alignments of LLVM types under the module's `datalayout` string, with LLVM's
//! defaults for what it leaves out (LangRef "Data Layout"), for both directions: the forward
//! translator asks what llvm-spirv asks `DataLayout::getTypeStoreSize` / `getPrefTypeAlign`
//! for (device-enqueue `ParamSize` and `ParamAlign`); the reverse translator gives loads,
//! stores and allocas without an `Aligned` operand the ABI alignment LLVM would
//! (`getABITypeAlign`).

use llvm::{Type, TypeId};
use spirvkit_llvm as llvm;

/// One `<kind><bits>:<abi>[:<pref>]` entry, alignments in bytes.
#[derive(Clone, Copy)]
struct Spec {
    bits: u32,
    abi: u64,
    pref: u64,
}

/// The parts of a data layout that size and align ordinary (non-scalable) types.
pub(crate) struct DataLayout {
    ints: Vec<Spec>,
    floats: Vec<Spec>,
    vectors: Vec<Spec>,
    /// Pointer size in bits and alignments, per address space (0 is the default).
    pointers: Vec<(u32, Spec)>,
    aggregate: Spec,
    default_pointer_bits: u32,
}

const fn spec(bits: u32, abi_bits: u64, pref_bits: u64) -> Spec {
    Spec {
        bits,
        abi: abi_bits / 8,
        pref: pref_bits / 8,
    }
}

impl DataLayout {
    /// The layout `datalayout` describes; `pointer_bits` is the width the target triple
    /// implies when the string names no pointer size.
    pub(crate) fn new(datalayout: Option<&str>, pointer_bits: u32) -> Self {
        let mut dl = Self {
            ints: vec![
                spec(1, 8, 8),
                spec(8, 8, 8),
                spec(16, 16, 16),
                spec(32, 32, 32),
                spec(64, 32, 64),
            ],
            floats: vec![
                spec(16, 16, 16),
                spec(32, 32, 32),
                spec(64, 64, 64),
                spec(128, 128, 128),
            ],
            vectors: vec![spec(64, 64, 64), spec(128, 128, 128)],
            pointers: Vec::new(),
            aggregate: spec(0, 8, 64),
            default_pointer_bits: pointer_bits,
        };
        for item in datalayout.unwrap_or("").split('-') {
            dl.apply(item);
        }
        dl
    }

    /// Applies one layout entry; entries this model does not need are ignored.
    fn apply(&mut self, item: &str) {
        let Some(kind) = item.chars().next() else {
            return;
        };
        let mut fields = item[kind.len_utf8()..].split(':');
        let head = fields.next().unwrap_or("");
        let nums: Vec<u64> = fields.map_while(|f| f.parse().ok()).collect();
        match kind {
            'i' | 'f' | 'v' => {
                let (Ok(bits), Some(&abi)) = (head.parse::<u32>(), nums.first()) else {
                    return;
                };
                let entry = spec(bits, abi, nums.get(1).copied().unwrap_or(abi));
                let list = match kind {
                    'i' => &mut self.ints,
                    'f' => &mut self.floats,
                    _ => &mut self.vectors,
                };
                list.retain(|s| s.bits != bits);
                list.push(entry);
                list.sort_by_key(|s| s.bits);
            }
            'a' => {
                if let Some(&abi) = nums.first() {
                    self.aggregate = spec(0, abi, nums.get(1).copied().unwrap_or(abi));
                }
            }
            'p' => {
                let space = head.parse::<u32>().unwrap_or(0);
                let (Some(&size), Some(&abi)) = (nums.first(), nums.get(1)) else {
                    return;
                };
                let Ok(size) = u32::try_from(size) else {
                    return;
                };
                let entry = spec(size, abi, nums.get(2).copied().unwrap_or(abi));
                self.pointers.retain(|(s, _)| *s != space);
                self.pointers.push((space, entry));
            }
            _ => {}
        }
    }

    fn pointer(&self, addrspace: u32) -> Spec {
        let found = |space: u32| self.pointers.iter().find(|(s, _)| *s == space);
        match found(addrspace).or_else(|| found(0)) {
            Some(&(_, s)) => s,
            None => {
                let bits = self.default_pointer_bits;
                spec(bits, u64::from(bits), u64::from(bits))
            }
        }
    }

    /// Bytes a store of `ty` writes (`getTypeStoreSize`); `None` for unsized types.
    pub(crate) fn store_size(&self, types: &llvm::TypeTable, ty: TypeId) -> Option<u64> {
        self.store_size_at(types, ty, 0)
    }

    /// Bytes an object of `ty` occupies in memory, padding included (`getTypeAllocSize`).
    pub(crate) fn type_alloc_size(&self, types: &llvm::TypeTable, ty: TypeId) -> Option<u64> {
        self.alloc_size(types, ty, 0)
    }

    /// Preferred alignment of `ty` in bytes (`getPrefTypeAlign`).
    pub(crate) fn pref_align(&self, types: &llvm::TypeTable, ty: TypeId) -> Option<u64> {
        self.align_at(types, ty, false, 0)
    }

    /// ABI alignment of `ty` in bytes (`getABITypeAlign`).
    pub(crate) fn abi_align(&self, types: &llvm::TypeTable, ty: TypeId) -> Option<u64> {
        self.align_at(types, ty, true, 0)
    }

    fn store_size_at(&self, types: &llvm::TypeTable, ty: TypeId, depth: u32) -> Option<u64> {
        if depth > 64 {
            return None;
        }
        Some(match types.get(ty) {
            Type::Int(bits) => u64::from(*bits).div_ceil(8),
            Type::Half | Type::BFloat => 2,
            Type::Float => 4,
            Type::Double => 8,
            Type::X86Fp80 => 10,
            Type::Fp128 | Type::PpcFp128 => 16,
            Type::Pointer { addrspace, .. } => u64::from(self.pointer(*addrspace).bits).div_ceil(8),
            Type::Vector {
                len,
                elem,
                scalable: false,
            } => (u64::from(*len) * self.scalar_bits(types, *elem)?).div_ceil(8),
            Type::Array { len, elem } => len.checked_mul(self.alloc_size(types, *elem, depth)?)?,
            Type::Struct { elems, packed } => self.struct_size(types, elems, *packed, depth)?,
            Type::Named(s) => {
                let body = types.struct_def(*s)?.body.as_ref()?;
                self.struct_size(types, &body.elems, body.packed, depth)?
            }
            _ => return None,
        })
    }

    /// Bits of a vector element (integers, floats, pointers).
    fn scalar_bits(&self, types: &llvm::TypeTable, ty: TypeId) -> Option<u64> {
        match types.get(ty) {
            Type::Int(bits) => Some(u64::from(*bits)),
            Type::Pointer { addrspace, .. } => Some(u64::from(self.pointer(*addrspace).bits)),
            _ => self.store_size_at(types, ty, 0).map(|b| b * 8),
        }
    }

    /// Store size rounded up to the ABI alignment (`getTypeAllocSize`).
    fn alloc_size(&self, types: &llvm::TypeTable, ty: TypeId, depth: u32) -> Option<u64> {
        let size = self.store_size_at(types, ty, depth + 1)?;
        let align = self.align_at(types, ty, true, depth + 1)?.max(1);
        Some(size.div_ceil(align) * align)
    }

    /// Size of a struct body: each member at its ABI alignment (none when packed), the whole
    /// padded to the struct's alignment.
    fn struct_size(
        &self,
        types: &llvm::TypeTable,
        elems: &[TypeId],
        packed: bool,
        depth: u32,
    ) -> Option<u64> {
        let mut size = 0u64;
        let mut max_align = 1u64;
        for &e in elems {
            let align = if packed {
                1
            } else {
                self.align_at(types, e, true, depth + 1)?.max(1)
            };
            max_align = max_align.max(align);
            size = size.div_ceil(align) * align + self.alloc_size(types, e, depth)?;
        }
        Some(size.div_ceil(max_align) * max_align)
    }

    /// ABI (`abi`) or preferred alignment in bytes.
    fn align_at(&self, types: &llvm::TypeTable, ty: TypeId, abi: bool, depth: u32) -> Option<u64> {
        if depth > 64 {
            return None;
        }
        let pick = |s: Spec| if abi { s.abi } else { s.pref };
        Some(match types.get(ty) {
            Type::Int(bits) => pick(int_spec(&self.ints, *bits)),
            Type::Half | Type::BFloat => pick(float_spec(&self.floats, 16)),
            Type::Float => pick(float_spec(&self.floats, 32)),
            Type::Double => pick(float_spec(&self.floats, 64)),
            Type::X86Fp80 | Type::Fp128 | Type::PpcFp128 => pick(float_spec(&self.floats, 128)),
            Type::Pointer { addrspace, .. } => pick(self.pointer(*addrspace)),
            Type::Vector {
                scalable: false, ..
            } => {
                let bits = self.store_size_at(types, ty, depth + 1)? * 8;
                match self.vectors.iter().find(|s| u64::from(s.bits) == bits) {
                    Some(&s) => pick(s),
                    // Unlisted vectors align to their size, rounded up to a power of two.
                    None => (bits / 8).max(1).next_power_of_two(),
                }
            }
            Type::Array { elem, .. } => self.align_at(types, *elem, abi, depth + 1)?,
            Type::Struct { elems, packed } => {
                self.struct_align(types, elems, *packed, abi, depth)?
            }
            Type::Named(s) => {
                let body = types.struct_def(*s)?.body.as_ref()?;
                self.struct_align(types, &body.elems, body.packed, abi, depth)?
            }
            _ => return None,
        })
    }

    /// A struct aligns to its most aligned member (1 when packed), and at least to the
    /// layout's aggregate alignment (`a:`, preferred 8 bytes by default).
    fn struct_align(
        &self,
        types: &llvm::TypeTable,
        elems: &[TypeId],
        packed: bool,
        abi: bool,
        depth: u32,
    ) -> Option<u64> {
        if packed && abi {
            return Some(1);
        }
        let mut members = 1u64;
        if !packed {
            for &e in elems {
                members = members.max(self.align_at(types, e, true, depth + 1)?);
            }
        }
        let aggregate = if abi {
            self.aggregate.abi
        } else {
            self.aggregate.pref
        };
        Some(members.max(aggregate).max(1))
    }
}

/// The integer entry for `bits`: exact, else the next wider one, else the widest.
fn int_spec(list: &[Spec], bits: u32) -> Spec {
    list.iter()
        .find(|s| s.bits >= bits)
        .or(list.last())
        .copied()
        .unwrap_or(spec(bits, 8, 8))
}

/// The float entry for `bits`, else natural alignment.
fn float_spec(list: &[Spec], bits: u32) -> Spec {
    list.iter()
        .find(|s| s.bits == bits)
        .copied()
        .unwrap_or(spec(bits, u64::from(bits), u64::from(bits)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> (llvm::TypeTable, TypeId, TypeId, TypeId) {
        let mut t = llvm::TypeTable::new();
        let i32_ = t.intern(Type::Int(32));
        let i64_ = t.intern(Type::Int(64));
        let pair = t.intern(Type::Struct {
            elems: vec![i32_, i32_],
            packed: false,
        });
        let mixed = t.intern(Type::Struct {
            elems: vec![i32_, i64_],
            packed: false,
        });
        (t, pair, mixed, i64_)
    }

    #[test]
    fn structs_prefer_eight_byte_alignment_by_default() {
        let (t, pair, _, _) = table();
        let dl = DataLayout::new(Some("e-p:32:32-i64:64"), 32);
        assert_eq!(dl.store_size(&t, pair), Some(8));
        assert_eq!(dl.pref_align(&t, pair), Some(8));
    }

    #[test]
    fn members_are_padded_to_their_abi_alignment() {
        let (t, _, mixed, i64_) = table();
        // Default i64 is 4-byte aligned (ABI), 8 preferred.
        let dl = DataLayout::new(None, 64);
        assert_eq!(dl.store_size(&t, mixed), Some(12));
        assert_eq!(dl.pref_align(&t, i64_), Some(8));
        let dl = DataLayout::new(Some("e-i64:64-a:0:32"), 64);
        assert_eq!(dl.store_size(&t, mixed), Some(16));
        assert_eq!(dl.pref_align(&t, mixed), Some(8));
    }
}
