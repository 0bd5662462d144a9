//! Language-neutral types of the variables that directives name and that device code touches.
//!
//! C types map directly; Fortran arrays use [`TypeInner::Array`] with a lower bound. An
//! allocatable array component of a Fortran derived type is a struct laid out as gfortran's
//! array descriptor (see the Fortran frontend's `operands.rs`).

use crate::arena::{Arena, Handle};

pub type TypeHandle = Handle<Type>;

/// The name of a struct standing for gfortran's descriptor of a rank-r array is this prefix and
/// r (no C or Fortran name starts with `__gfc_`).
pub const ARRAY_DESCRIPTOR_PREFIX: &str = "__gfc_array_r";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ScalarKind {
    /// Integer; `width` in bits.
    Int { signed: bool, width: u8 },
    /// Float; `width` in bits (32, 64, 80 for x86 long double, 128).
    Float { width: u8 },
    /// Complex with two floats of `width` bits each.
    Complex { width: u8 },
    /// C `_Bool`, Fortran `logical` (width in bits).
    Bool { width: u8 },
}

impl ScalarKind {
    pub fn is_integer(self) -> bool {
        matches!(self, ScalarKind::Int { .. } | ScalarKind::Bool { .. })
    }
    pub fn is_float(self) -> bool {
        matches!(self, ScalarKind::Float { .. })
    }
    pub fn is_complex(self) -> bool {
        matches!(self, ScalarKind::Complex { .. })
    }
    /// The MLIR-like spelling: `i32`, `ui8`, `f64`, `complex<f32>`, `i1`.
    pub fn mlir_name(self) -> String {
        match self {
            ScalarKind::Int {
                signed: true,
                width,
            } => format!("i{width}"),
            ScalarKind::Int {
                signed: false,
                width,
            } => format!("ui{width}"),
            ScalarKind::Float { width } => format!("f{width}"),
            ScalarKind::Complex { width } => format!("complex<f{width}>"),
            ScalarKind::Bool { width: 8 } => "i1".to_string(),
            ScalarKind::Bool { width } => format!("bool{width}"),
        }
    }
}

/// The extent of one array dimension as written in the declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ArraySize {
    Constant(u64),
    /// A variable-length array: the size expression as host source text.
    Variable(String),
    /// `a[]`, a parameter declared as an array, Fortran assumed size.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Member {
    pub name: String,
    pub ty: TypeHandle,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TypeInner {
    Void,
    Scalar(ScalarKind),
    Pointer {
        pointee: TypeHandle,
    },
    /// One array dimension; a C `double a[4][8]` is an array of 4 arrays of 8 doubles.
    Array {
        element: TypeHandle,
        size: ArraySize,
        /// Index of the first element (0 in C, the declared lower bound in Fortran).
        lower_bound: i64,
    },
    Struct {
        /// The tag or typedef name, if any.
        name: Option<String>,
        members: Vec<Member>,
        is_union: bool,
    },
    Function {
        result: TypeHandle,
    },
    /// A type the frontend could not describe further (an incomplete struct, an unsupported
    /// extension). It is an aggregate for the implicit data rules.
    Opaque(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Type {
    pub inner: TypeInner,
}

/// The module's type table; equal types are interned once.
///
/// Serialised as its types in order only (deterministic bytes); the interning map is rebuilt.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(from = "TypeTableParts")]
pub struct TypeTable {
    arena: Arena<Type>,
    #[serde(skip)]
    interned: std::collections::HashMap<TypeInner, TypeHandle>,
}

/// A serialised [`TypeTable`].
#[derive(serde::Deserialize)]
struct TypeTableParts {
    arena: Arena<Type>,
}

impl From<TypeTableParts> for TypeTable {
    fn from(parts: TypeTableParts) -> Self {
        let interned = parts
            .arena
            .iter()
            .map(|(handle, ty)| (ty.inner.clone(), handle))
            .collect();
        TypeTable {
            arena: parts.arena,
            interned,
        }
    }
}

impl TypeTable {
    pub fn insert(&mut self, inner: TypeInner) -> TypeHandle {
        if let Some(handle) = self.interned.get(&inner) {
            return *handle;
        }
        let handle = self.arena.append(
            Type {
                inner: inner.clone(),
            },
            crate::Span::default(),
        );
        self.interned.insert(inner, handle);
        handle
    }

    pub fn scalar(&mut self, kind: ScalarKind) -> TypeHandle {
        self.insert(TypeInner::Scalar(kind))
    }

    pub fn get(&self, handle: TypeHandle) -> &TypeInner {
        &self.arena[handle].inner
    }

    pub fn len(&self) -> usize {
        self.arena.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    pub fn contains(&self, handle: TypeHandle) -> bool {
        self.arena.contains(handle)
    }

    /// Every type in order of insertion.
    pub fn iter(&self) -> impl Iterator<Item = (TypeHandle, &TypeInner)> {
        self.arena.iter().map(|(handle, ty)| (handle, &ty.inner))
    }

    /// The types `inner` refers to (pointee, element, members, result).
    pub fn referenced(inner: &TypeInner) -> Vec<TypeHandle> {
        match inner {
            TypeInner::Pointer { pointee } => vec![*pointee],
            TypeInner::Array { element, .. } => vec![*element],
            TypeInner::Struct { members, .. } => members.iter().map(|m| m.ty).collect(),
            TypeInner::Function { result } => vec![*result],
            TypeInner::Void | TypeInner::Scalar(_) | TypeInner::Opaque(_) => vec![],
        }
    }

    /// Scalars and pointers are scalars for the implicit data rules; arrays, structs and
    /// opaque types are aggregates (OpenACC 3.3 §2.6.2).
    pub fn is_aggregate(&self, handle: TypeHandle) -> bool {
        matches!(
            self.get(handle),
            TypeInner::Array { .. } | TypeInner::Struct { .. } | TypeInner::Opaque(_)
        )
    }

    /// The scalar kind at the bottom of arrays (the element type of `double a[4][8]` is `f64`).
    pub fn element_scalar(&self, mut handle: TypeHandle) -> Option<ScalarKind> {
        loop {
            match self.get(handle) {
                TypeInner::Scalar(kind) => return Some(*kind),
                TypeInner::Array { element, .. } => handle = *element,
                _ => return None,
            }
        }
    }

    /// The rank of an array descriptor struct (its name starts with
    /// [`ARRAY_DESCRIPTOR_PREFIX`]: what an allocatable array component of a Fortran derived
    /// type occupies in it); `None` for any other type.
    pub fn descriptor_rank(&self, handle: TypeHandle) -> Option<usize> {
        match self.get(handle) {
            TypeInner::Struct {
                name: Some(name), ..
            } => name.strip_prefix(ARRAY_DESCRIPTOR_PREFIX)?.parse().ok(),
            _ => None,
        }
    }

    /// Size and alignment in bytes under the C layout rules of x86-64 and the GPU targets
    /// (LP64: pointers 8 bytes; struct members in order, each at its natural alignment, the
    /// size rounded up to the largest alignment); `None` for types without a static layout.
    pub fn c_layout(&self, handle: TypeHandle) -> Option<(u64, u64)> {
        match self.get(handle) {
            TypeInner::Scalar(ScalarKind::Complex { width }) => {
                // Each part as the real of its width (x86-64 long double: 16 bytes).
                let part = u64::from(*width).div_ceil(8);
                let part = if part == 10 { 16 } else { part };
                Some((2 * part, part))
            }
            TypeInner::Scalar(
                ScalarKind::Int { width, .. }
                | ScalarKind::Float { width }
                | ScalarKind::Bool { width },
            ) => {
                let bytes = u64::from(*width).div_ceil(8);
                // x86-64 long double: 16 bytes, 16-aligned.
                let bytes = if bytes == 10 { 16 } else { bytes };
                Some((bytes, bytes))
            }
            TypeInner::Pointer { .. } => Some((8, 8)),
            TypeInner::Array {
                element,
                size: ArraySize::Constant(n),
                ..
            } => {
                let (bytes, align) = self.c_layout(*element)?;
                Some((bytes.checked_mul(*n)?, align))
            }
            TypeInner::Struct {
                members, is_union, ..
            } => {
                let (mut size, mut align) = (0u64, 1u64);
                for member in members {
                    let (bytes, member_align) = self.c_layout(member.ty)?;
                    align = align.max(member_align);
                    size = if *is_union {
                        size.max(bytes)
                    } else {
                        size.div_ceil(member_align) * member_align + bytes
                    };
                }
                Some((size.div_ceil(align) * align, align))
            }
            _ => None,
        }
    }

    /// The byte offset of member `index` of struct `handle` under [`TypeTable::c_layout`].
    pub fn member_offset(&self, handle: TypeHandle, index: usize) -> Option<u64> {
        let TypeInner::Struct {
            members, is_union, ..
        } = self.get(handle)
        else {
            return None;
        };
        let mut offset = 0u64;
        for (i, member) in members.iter().enumerate().take(index + 1) {
            let (bytes, align) = self.c_layout(member.ty)?;
            if *is_union {
                continue;
            }
            offset = offset.div_ceil(align) * align;
            if i == index {
                return Some(offset);
            }
            offset += bytes;
        }
        (*is_union && index < members.len()).then_some(0)
    }

    /// The element type after `levels` subscripts (through arrays and pointers).
    pub fn subscripted(&self, mut handle: TypeHandle, levels: usize) -> Option<TypeHandle> {
        for _ in 0..levels {
            handle = match self.get(handle) {
                TypeInner::Array { element, .. } => *element,
                TypeInner::Pointer { pointee } => *pointee,
                _ => return None,
            };
        }
        Some(handle)
    }

    /// The MLIR-like spelling used by the printer: `f64`, `!acc.ptr<f64>`, `!acc.array<4x8xf64>`.
    pub fn display(&self, handle: TypeHandle) -> String {
        match self.get(handle) {
            TypeInner::Void => "none".to_string(),
            TypeInner::Scalar(kind) => kind.mlir_name(),
            TypeInner::Pointer { pointee } => format!("!acc.ptr<{}>", self.display(*pointee)),
            TypeInner::Array { .. } => {
                let mut dims = Vec::new();
                let mut current = handle;
                while let TypeInner::Array {
                    element,
                    size,
                    lower_bound,
                } = self.get(current)
                {
                    let extent = match size {
                        ArraySize::Constant(n) => n.to_string(),
                        ArraySize::Variable(_) | ArraySize::Unknown => "?".to_string(),
                    };
                    if *lower_bound != 0 {
                        dims.push(format!("{lower_bound}:{extent}"));
                    } else {
                        dims.push(extent);
                    }
                    current = *element;
                }
                format!("!acc.array<{}x{}>", dims.join("x"), self.display(current))
            }
            TypeInner::Struct { name, is_union, .. } => {
                let keyword = if *is_union { "union" } else { "struct" };
                format!("!acc.{}<{}>", keyword, name.as_deref().unwrap_or("anon"))
            }
            TypeInner::Function { result } => format!("!acc.func<{}>", self.display(*result)),
            TypeInner::Opaque(name) => format!("!acc.opaque<{}>", name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(types: &mut TypeTable, width: u8) -> TypeHandle {
        types.scalar(ScalarKind::Int {
            signed: true,
            width,
        })
    }

    #[test]
    fn c_layout_pads_members_and_rounds_the_size() {
        let mut types = TypeTable::default();
        let i32_ty = int(&mut types, 32);
        let i8_ty = int(&mut types, 8);
        let f64_ty = types.scalar(ScalarKind::Float { width: 64 });
        let c32 = types.scalar(ScalarKind::Complex { width: 32 });
        let four = types.insert(TypeInner::Array {
            element: f64_ty,
            size: ArraySize::Constant(4),
            lower_bound: 1,
        });
        let member = |name: &str, ty| Member {
            name: name.to_string(),
            ty,
        };
        // struct { int32 n; f64 v[4]; int8 c; complex<f32> z; }: 0, 8, 40, 44; size 56, align 8
        let s = types.insert(TypeInner::Struct {
            name: Some("t".to_string()),
            members: vec![
                member("n", i32_ty),
                member("v", four),
                member("c", i8_ty),
                member("z", c32),
            ],
            is_union: false,
        });
        assert_eq!(types.c_layout(s), Some((56, 8)));
        let offsets: Vec<_> = (0..4).map(|i| types.member_offset(s, i)).collect();
        assert_eq!(offsets, [Some(0), Some(8), Some(40), Some(44)]);
        assert_eq!(types.member_offset(s, 4), None);
        let u = types.insert(TypeInner::Struct {
            name: None,
            members: vec![member("a", i8_ty), member("b", four)],
            is_union: true,
        });
        assert_eq!(types.c_layout(u), Some((32, 8)));
        assert_eq!(types.member_offset(u, 1), Some(0));
        let unknown = types.insert(TypeInner::Array {
            element: f64_ty,
            size: ArraySize::Unknown,
            lower_bound: 0,
        });
        assert_eq!(types.c_layout(unknown), None);
    }

    #[test]
    fn descriptor_structs_are_recognised_by_name() {
        let mut types = TypeTable::default();
        let i64_ty = int(&mut types, 64);
        let d = types.insert(TypeInner::Struct {
            name: Some(format!("{ARRAY_DESCRIPTOR_PREFIX}2")),
            members: vec![Member {
                name: "offset".to_string(),
                ty: i64_ty,
            }],
            is_union: false,
        });
        assert_eq!(types.descriptor_rank(d), Some(2));
        assert_eq!(types.descriptor_rank(i64_ty), None);
    }
}
