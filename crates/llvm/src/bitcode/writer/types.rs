//! TYPE_BLOCK: the module's types in an order LLVM's reader accepts (a type's parts before
//! it, except identified structs, which may be referred to before they are defined).

use super::bits::BitWriter;
use crate::model::{Type, TypeId, TypeTable};

pub struct TypeNumbering {
    /// Model type id -> bitcode type id.
    ids: Vec<u32>,
    /// Model type ids in bitcode order.
    order: Vec<TypeId>,
    /// Model type id -> the type written in its place (`UNSEEN`: itself): `i8*` for an
    /// opaque pointer in a typed module, `ptr` for a typed pointer in an opaque one.
    redirect: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;
const IN_PROGRESS: u32 = u32::MAX - 1;

impl TypeNumbering {
    /// Numbers every type of `types` (which gets the `i8` and `i8*` types a typed module
    /// needs in place of opaque pointers). With `opaque`, every pointer is written as the
    /// opaque `ptr` of its address space (LLVM's opaque-pointer form).
    pub fn new(types: &mut TypeTable, opaque: bool) -> Self {
        let typed = !opaque
            && types.iter().any(|(_, t)| {
                matches!(
                    t,
                    Type::Pointer {
                        pointee: Some(_),
                        ..
                    }
                )
            });
        // (pointer type, address space) of the pointers written as another type.
        let replaced: Vec<(TypeId, u32)> = types
            .iter()
            .filter_map(|(id, t)| match t {
                Type::Pointer {
                    pointee: None,
                    addrspace,
                } if typed => Some((id, *addrspace)),
                Type::Pointer {
                    pointee: Some(_),
                    addrspace,
                } if opaque => Some((id, *addrspace)),
                _ => None,
            })
            .collect();
        let mut redirect = Vec::new();
        if !replaced.is_empty() {
            let i8 = types.int(8);
            let mut by_space = std::collections::HashMap::new();
            for &(_, a) in &replaced {
                by_space
                    .entry(a)
                    .or_insert_with(|| types.pointer_to(if typed { Some(i8) } else { None }, a));
            }
            redirect = vec![UNSEEN; types.len()];
            for (id, a) in replaced {
                if let (Some(slot), Some(to)) = (redirect.get_mut(id.0 as usize), by_space.get(&a))
                {
                    *slot = to.0;
                }
            }
        }
        let mut n = TypeNumbering {
            ids: vec![UNSEEN; types.len()],
            order: Vec::with_capacity(types.len()),
            redirect,
        };
        for i in 0..types.len() {
            n.visit(types, TypeId(i as u32));
        }
        n
    }

    /// The type a model type is written as (an opaque pointer in a typed module: `i8*`; a
    /// typed pointer in an opaque module: `ptr`).
    fn written(&self, t: TypeId) -> TypeId {
        match self.redirect.get(t.0 as usize) {
            Some(&r) if r != UNSEEN => TypeId(r),
            _ => t,
        }
    }

    fn visit(&mut self, types: &TypeTable, t: TypeId) {
        let t = self.written(t);
        match self.ids.get(t.0 as usize) {
            Some(&UNSEEN) => {}
            _ => return,
        }
        self.ids[t.0 as usize] = IN_PROGRESS;
        for part in parts(types, t) {
            self.visit(types, part);
        }
        // A part that reached back into an identified struct refers to it forward, which
        // LLVM's reader allows for identified structs only (the only way back into a type).
        self.ids[t.0 as usize] = self.order.len() as u32;
        self.order.push(t);
    }

    pub fn id(&self, t: TypeId) -> u64 {
        let t = self.written(t);
        self.ids.get(t.0 as usize).copied().unwrap_or(0) as u64
    }

    pub fn write(&self, w: &mut BitWriter, types: &TypeTable) {
        w.enter_block(17, 4);
        w.record(1, &[self.order.len() as u64]);
        let mut ops = Vec::new();
        for &t in &self.order {
            ops.clear();
            let code = match types.get(t) {
                Type::Void => 2,
                Type::Half => 10,
                Type::BFloat => 23,
                Type::Float => 3,
                Type::Double => 4,
                Type::X86Fp80 => 13,
                Type::Fp128 => 14,
                Type::PpcFp128 => 15,
                Type::Label => 5,
                Type::Metadata => 16,
                Type::X86Mmx => 17,
                Type::X86Amx => 24,
                Type::Token => 22,
                Type::Int(bits) => {
                    ops.push(*bits as u64);
                    7
                }
                Type::Pointer { pointee, addrspace } => match pointee {
                    Some(p) => {
                        ops.push(self.id(*p));
                        ops.push(*addrspace as u64);
                        8
                    }
                    None => {
                        ops.push(*addrspace as u64);
                        25
                    }
                },
                Type::Function {
                    ret,
                    params,
                    vararg,
                } => {
                    ops.push(*vararg as u64);
                    ops.push(self.id(*ret));
                    ops.extend(params.iter().map(|p| self.id(*p)));
                    21
                }
                Type::Array { len, elem } => {
                    ops.push(*len);
                    ops.push(self.id(*elem));
                    11
                }
                Type::Vector {
                    len,
                    elem,
                    scalable,
                } => {
                    ops.push(*len as u64);
                    ops.push(self.id(*elem));
                    if *scalable {
                        ops.push(1);
                    }
                    12
                }
                Type::Struct { elems, packed } => {
                    ops.push(*packed as u64);
                    ops.extend(elems.iter().map(|e| self.id(*e)));
                    18
                }
                // LLVM 17+: the name as a STRUCT_NAME record, then [#types, types..., ints...].
                Type::TargetExt {
                    name,
                    types: params,
                    ints,
                } => {
                    w.string_record(19, &[], name.as_bytes());
                    ops.push(params.len() as u64);
                    ops.extend(params.iter().map(|p| self.id(*p)));
                    ops.extend(ints.iter().map(|&i| i as u64));
                    26
                }
                Type::Named(sid) => {
                    let def = types.struct_def(*sid);
                    if let Some(name) = def.and_then(|d| d.name.as_deref()) {
                        w.string_record(19, &[], name.as_bytes());
                    }
                    match def.and_then(|d| d.body.as_ref()) {
                        Some(body) => {
                            ops.push(body.packed as u64);
                            ops.extend(body.elems.iter().map(|e| self.id(*e)));
                            20
                        }
                        None => {
                            ops.push(0);
                            6
                        }
                    }
                }
            };
            w.record(code, &ops);
        }
        w.exit_block();
    }
}

/// The types `t` is made of.
fn parts(types: &TypeTable, t: TypeId) -> Vec<TypeId> {
    match types.get(t) {
        Type::Pointer {
            pointee: Some(p), ..
        } => vec![*p],
        Type::Function { ret, params, .. } => std::iter::once(*ret)
            .chain(params.iter().copied())
            .collect(),
        Type::Array { elem, .. } | Type::Vector { elem, .. } => vec![*elem],
        Type::Struct { elems, .. } => elems.clone(),
        Type::TargetExt { types: params, .. } => params.clone(),
        Type::Named(sid) => types
            .struct_def(*sid)
            .and_then(|d| d.body.as_ref())
            .map(|b| b.elems.clone())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}
