//! LLVM types as the IR text spells them, with their x86-64 System V sizes and alignments, and
//! the mapping from acc-ir types to them.
//!
//! Two mappings exist: the *memory* type (how a value is stored: `_Bool` is an `i8`, a Fortran
//! `logical` an `i32`) and the *register* type (how a value is computed with: every boolean is an
//! `i1`). They differ only for booleans. Struct types are literal LLVM structs whose natural
//! layout equals C's; a union is a struct of its most aligned member padded to the union's size.

use std::fmt;

use acc_ir::{ArraySize, ScalarKind, TypeHandle, TypeInner, TypeTable};

/// An LLVM type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    Void,
    I1,
    /// `iN` with `N` one of 8, 16, 32, 64, 128.
    Int(u32),
    F32,
    F64,
    F80,
    F128,
    Ptr,
    Struct(Vec<Ty>),
    Array(u64, Box<Ty>),
    Vector(u32, Box<Ty>),
}

impl Ty {
    pub(crate) fn i8() -> Ty {
        Ty::Int(8)
    }
    pub(crate) fn i32() -> Ty {
        Ty::Int(32)
    }
    pub(crate) fn i64() -> Ty {
        Ty::Int(64)
    }

    /// The bit width of an integer type.
    pub(crate) fn int_width(&self) -> Option<u32> {
        match self {
            Ty::I1 => Some(1),
            Ty::Int(w) => Some(*w),
            _ => None,
        }
    }

    /// The ABI alignment in bytes (x86-64 System V, LLVM 19's data layout).
    pub(crate) fn align(&self) -> u64 {
        match self {
            Ty::Void | Ty::I1 => 1,
            Ty::Int(w) => u64::from(*w / 8).clamp(1, 16),
            Ty::F32 => 4,
            Ty::F64 | Ty::Ptr => 8,
            Ty::F80 | Ty::F128 => 16,
            Ty::Struct(members) => members.iter().map(Ty::align).max().unwrap_or(1),
            Ty::Array(_, element) => element.align(),
            Ty::Vector(..) => self.size().next_power_of_two().max(1),
        }
    }

    /// The allocation size in bytes (a multiple of the alignment).
    pub(crate) fn size(&self) -> u64 {
        match self {
            Ty::Void => 0,
            Ty::I1 => 1,
            Ty::Int(w) => u64::from(*w / 8).max(1),
            Ty::F32 => 4,
            Ty::F64 | Ty::Ptr => 8,
            Ty::F80 | Ty::F128 => 16,
            Ty::Struct(members) => {
                let mut offset = 0u64;
                for member in members {
                    offset = round_up(offset, member.align()) + member.size();
                }
                round_up(offset, self.align())
            }
            Ty::Array(count, element) => count.saturating_mul(element.size()),
            Ty::Vector(count, element) => {
                let bytes = u64::from(*count) * element.size();
                round_up(bytes, bytes.next_power_of_two().max(1))
            }
        }
    }

    /// Whether values of this type can be accessed with one native atomic instruction on
    /// x86-64: 1, 2, 4 or 8 bytes, naturally aligned.
    /// Whether GPU back ends compile values of this type without library calls: no `x86_fp80`,
    /// `fp128` or `i128` anywhere inside.
    pub(crate) fn fits_gpu(&self) -> bool {
        match self {
            Ty::F80 | Ty::F128 | Ty::Int(128) => false,
            Ty::Struct(members) => members.iter().all(Ty::fits_gpu),
            Ty::Array(_, element) | Ty::Vector(_, element) => element.fits_gpu(),
            _ => true,
        }
    }

    pub(crate) fn natively_atomic(&self) -> bool {
        let size = self.size();
        matches!(size, 1 | 2 | 4 | 8) && self.align() >= size && !matches!(self, Ty::Void)
    }
}

fn round_up(value: u64, align: u64) -> u64 {
    value.div_ceil(align.max(1)) * align.max(1)
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => f.write_str("void"),
            Ty::I1 => f.write_str("i1"),
            Ty::Int(w) => write!(f, "i{w}"),
            Ty::F32 => f.write_str("float"),
            Ty::F64 => f.write_str("double"),
            Ty::F80 => f.write_str("x86_fp80"),
            Ty::F128 => f.write_str("fp128"),
            Ty::Ptr => f.write_str("ptr"),
            Ty::Struct(members) => {
                if members.is_empty() {
                    return f.write_str("{}");
                }
                f.write_str("{ ")?;
                for (i, member) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{member}")?;
                }
                f.write_str(" }")
            }
            Ty::Array(count, element) => write!(f, "[{count} x {element}]"),
            Ty::Vector(count, element) => write!(f, "<{count} x {element}>"),
        }
    }
}

/// The float type of a float width, for floats and the parts of complex numbers.
pub(crate) fn float_ty(width: u8) -> Result<Ty, String> {
    match width {
        32 => Ok(Ty::F32),
        64 => Ok(Ty::F64),
        80 => Ok(Ty::F80),
        128 => Ok(Ty::F128),
        _ => Err(format!(
            "{width}-bit floating-point values are not supported"
        )),
    }
}

fn int_ty(width: u8) -> Result<Ty, String> {
    match width {
        8 | 16 | 32 | 64 | 128 => Ok(Ty::Int(u32::from(width))),
        _ => Err(format!("{width}-bit integers are not supported")),
    }
}

/// The register type of a scalar kind.
pub(crate) fn scalar_reg(kind: ScalarKind) -> Result<Ty, String> {
    match kind {
        ScalarKind::Bool { .. } => Ok(Ty::I1),
        _ => scalar_mem(kind),
    }
}

/// The memory type of a scalar kind.
pub(crate) fn scalar_mem(kind: ScalarKind) -> Result<Ty, String> {
    match kind {
        ScalarKind::Int { width, .. } | ScalarKind::Bool { width } => int_ty(width),
        ScalarKind::Float { width } => float_ty(width),
        ScalarKind::Complex { width } => {
            let part = float_ty(width)?;
            Ok(Ty::Struct(vec![part.clone(), part]))
        }
    }
}

/// Depth limit for type nesting, so hostile input cannot overflow the stack.
const MAX_TYPE_DEPTH: u32 = 64;

/// The memory type of an acc-ir type; `Err` says why it has none.
pub(crate) fn mem_type(types: &TypeTable, handle: TypeHandle) -> Result<Ty, String> {
    mem_type_at(types, handle, 0)
}

/// The register type of an acc-ir type.
pub(crate) fn reg_type(types: &TypeTable, handle: TypeHandle) -> Result<Ty, String> {
    match types.get(handle) {
        TypeInner::Scalar(kind) => scalar_reg(*kind),
        _ => mem_type(types, handle),
    }
}

fn mem_type_at(types: &TypeTable, handle: TypeHandle, depth: u32) -> Result<Ty, String> {
    if depth > MAX_TYPE_DEPTH {
        return Err("type nesting is too deep".into());
    }
    if !types.contains(handle) {
        return Err(format!("type handle {handle:?} is not in the type table"));
    }
    match types.get(handle) {
        TypeInner::Void => Ok(Ty::Void),
        TypeInner::Scalar(kind) => scalar_mem(*kind),
        TypeInner::Pointer { .. } => Ok(Ty::Ptr),
        TypeInner::Array { element, size, .. } => {
            let element = mem_type_at(types, *element, depth + 1)?;
            match size {
                ArraySize::Constant(count) => Ok(Ty::Array(*count, Box::new(element))),
                // Only ever the pointee of a place indexed with its element type.
                ArraySize::Variable(_) | ArraySize::Unknown => Ok(Ty::Array(0, Box::new(element))),
            }
        }
        TypeInner::Struct {
            members, is_union, ..
        } => {
            let mut lowered = Vec::with_capacity(members.len());
            for member in members {
                let ty = mem_type_at(types, member.ty, depth + 1)?;
                if matches!(ty, Ty::Void) {
                    return Err(format!("member '{}' has type void", member.name));
                }
                lowered.push(ty);
            }
            if *is_union {
                Ok(union_type(lowered))
            } else {
                Ok(Ty::Struct(lowered))
            }
        }
        TypeInner::Function { .. } => Err("a function is not a value".into()),
        TypeInner::Opaque(name) => Err(format!("the type '{name}' is opaque to the compiler")),
    }
}

/// A union: its most aligned member followed by bytes up to the union's size.
fn union_type(members: Vec<Ty>) -> Ty {
    let size = members.iter().map(Ty::size).max().unwrap_or(0);
    let Some(widest) = members
        .iter()
        .enumerate()
        .max_by_key(|(i, m)| (m.align(), std::cmp::Reverse(*i)))
        .map(|(_, m)| m.clone())
    else {
        return Ty::Struct(Vec::new());
    };
    let total = round_up(size, widest.align());
    let padding = total - widest.size();
    if padding == 0 {
        Ty::Struct(vec![widest])
    } else {
        Ty::Struct(vec![widest, Ty::Array(padding, Box::new(Ty::i8()))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_follow_the_sysv_abi() {
        // struct { char c; double d; int i; } is 24 bytes, aligned to 8.
        let s = Ty::Struct(vec![Ty::i8(), Ty::F64, Ty::i32()]);
        assert_eq!((s.size(), s.align()), (24, 8));
        assert_eq!((Ty::F80.size(), Ty::F80.align()), (16, 16));
        assert_eq!(Ty::Int(128).align(), 16);
        // union { char c[5]; int i; } is 8 bytes, aligned to 4.
        let u = union_type(vec![Ty::Array(5, Box::new(Ty::i8())), Ty::i32()]);
        assert_eq!((u.size(), u.align()), (8, 4));
        assert_eq!(u.to_string(), "{ i32, [4 x i8] }");
        let complex_float = Ty::Struct(vec![Ty::F32, Ty::F32]);
        assert!(!complex_float.natively_atomic());
        assert!(Ty::F64.natively_atomic());
        assert_eq!(Ty::Vector(2, Box::new(Ty::F32)).to_string(), "<2 x float>");
    }
}
