//! Interned LLVM types: the same type always has the same `TypeId`.

use std::collections::HashMap;

/// Index into `TypeTable`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// Index into `TypeTable::structs` (identified struct types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    PpcFp128,
    Label,
    Metadata,
    X86Mmx,
    X86Amx,
    Token,
    Int(u32),
    /// `pointee: None` is an opaque `ptr`.
    Pointer {
        pointee: Option<TypeId>,
        addrspace: u32,
    },
    Function {
        ret: TypeId,
        params: Vec<TypeId>,
        vararg: bool,
    },
    Array {
        len: u64,
        elem: TypeId,
    },
    Vector {
        len: u32,
        elem: TypeId,
        scalable: bool,
    },
    /// Literal (structurally uniqued) struct.
    Struct {
        elems: Vec<TypeId>,
        packed: bool,
    },
    /// Identified struct: named or numbered, possibly opaque.
    Named(StructId),
    /// Target extension type (LLVM ≥ 16): `target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0)`.
    /// Bitcode `TYPE_CODE_TARGET_TYPE` (26) after a `STRUCT_NAME` record with the name.
    TargetExt {
        name: String,
        types: Vec<TypeId>,
        ints: Vec<u32>,
    },
}

/// An identified struct; `body: None` means opaque.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructDef {
    pub name: Option<String>,
    pub body: Option<StructBody>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructBody {
    pub elems: Vec<TypeId>,
    pub packed: bool,
}

/// The most elements a vector the readers list element by element may have: a `splat`
/// constant, or a shufflevector mask written as `zeroinitializer`/`undef`, becomes one entry
/// per element in the model. The length comes from the input's type, so without a bound a
/// few bytes (`<4294967295 x i32> splat (i32 1)`) would ask for tens of gigabytes. The
/// translator takes vectors up to the same length (`long_vectors::MAX_VECTOR_COMPONENTS`;
/// longer than one instruction lists only with SPV_INTEL_long_composites).
pub const MAX_LISTED_VECTOR_ELEMENTS: u32 = 1 << 20;

/// All types of a module, interned.
#[derive(Debug, Clone, Default)]
pub struct TypeTable {
    types: Vec<Type>,
    index: HashMap<Type, TypeId>,
    pub structs: Vec<StructDef>,
}

impl TypeTable {
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns the id of `ty`, adding it if new.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Some(id) = self.index.get(&ty) {
            return *id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty.clone());
        self.index.insert(ty, id);
        id
    }

    /// Adds a new identified struct (never uniqued with another).
    pub fn add_struct(&mut self, name: Option<String>, body: Option<StructBody>) -> TypeId {
        let sid = StructId(self.structs.len() as u32);
        self.structs.push(StructDef { name, body });
        self.intern(Type::Named(sid))
    }

    pub fn get(&self, id: TypeId) -> &Type {
        // Ids only come from this table, so an out-of-range id is a logic error;
        // still, answer with `void` instead of panicking.
        self.types.get(id.0 as usize).unwrap_or(&Type::Void)
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &Type)> {
        self.types
            .iter()
            .enumerate()
            .map(|(i, t)| (TypeId(i as u32), t))
    }

    pub fn struct_def(&self, id: StructId) -> Option<&StructDef> {
        self.structs.get(id.0 as usize)
    }

    pub fn find_struct(&self, name: &str) -> Option<TypeId> {
        let pos = self
            .structs
            .iter()
            .position(|s| s.name.as_deref() == Some(name))?;
        self.index.get(&Type::Named(StructId(pos as u32))).copied()
    }

    // Convenience constructors.
    pub fn void(&mut self) -> TypeId {
        self.intern(Type::Void)
    }
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.intern(Type::Int(bits))
    }
    /// `{ T, i1 }`: what cmpxchg on a `T` returns.
    pub fn cmpxchg_result(&mut self, value_ty: TypeId) -> TypeId {
        let i1 = self.int(1);
        self.intern(Type::Struct {
            elems: vec![value_ty, i1],
            packed: false,
        })
    }
    pub fn label(&mut self) -> TypeId {
        self.intern(Type::Label)
    }
    pub fn metadata(&mut self) -> TypeId {
        self.intern(Type::Metadata)
    }
    pub fn pointer_to(&mut self, pointee: Option<TypeId>, addrspace: u32) -> TypeId {
        self.intern(Type::Pointer { pointee, addrspace })
    }

    /// Pointee of a typed pointer.
    pub fn pointee(&self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            Type::Pointer { pointee, .. } => *pointee,
            _ => None,
        }
    }

    /// Name, type parameters and integer parameters of a target extension type.
    pub fn target_ext(&self, id: TypeId) -> Option<(&str, &[TypeId], &[u32])> {
        match self.get(id) {
            Type::TargetExt { name, types, ints } => Some((name, types, ints)),
            _ => None,
        }
    }

    pub fn is_pointer(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Pointer { .. })
    }

    pub fn is_void(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Void)
    }

    pub fn is_label(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Label)
    }

    pub fn is_metadata(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Metadata)
    }

    /// True for half/bfloat/float/double/... and vectors of them.
    pub fn is_fp_or_fp_vector(&self, id: TypeId) -> bool {
        match self.get(id) {
            Type::Half
            | Type::BFloat
            | Type::Float
            | Type::Double
            | Type::X86Fp80
            | Type::Fp128
            | Type::PpcFp128 => true,
            Type::Vector { elem, .. } => self.is_fp_or_fp_vector(*elem),
            _ => false,
        }
    }

    /// Element type at `index` of an aggregate or vector.
    pub fn element(&self, id: TypeId, index: u64) -> Option<TypeId> {
        match self.get(id) {
            Type::Array { elem, .. } | Type::Vector { elem, .. } => Some(*elem),
            Type::Struct { elems, .. } => elems.get(index as usize).copied(),
            Type::Named(sid) => self
                .struct_def(*sid)?
                .body
                .as_ref()?
                .elems
                .get(index as usize)
                .copied(),
            _ => None,
        }
    }

    /// (return, params, vararg) of a function type, or of a pointer to one.
    pub fn function_signature(&self, id: TypeId) -> Option<(TypeId, &[TypeId], bool)> {
        match self.get(id) {
            Type::Function {
                ret,
                params,
                vararg,
            } => Some((*ret, params, *vararg)),
            Type::Pointer {
                pointee: Some(p), ..
            } => match self.get(*p) {
                Type::Function {
                    ret,
                    params,
                    vararg,
                } => Some((*ret, params, *vararg)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The scalar type of a vector, or the type itself.
    pub fn scalar(&self, id: TypeId) -> TypeId {
        match self.get(id) {
            Type::Vector { elem, .. } => *elem,
            _ => id,
        }
    }

    /// `i1`, or `<N x i1>` matching the shape of `id` (compare results).
    pub fn bool_like(&mut self, id: TypeId) -> TypeId {
        let i1 = self.int(1);
        match self.get(id).clone() {
            Type::Vector { len, scalable, .. } => self.intern(Type::Vector {
                len,
                elem: i1,
                scalable,
            }),
            _ => i1,
        }
    }
}
