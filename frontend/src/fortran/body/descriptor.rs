//! Allocatable and pointer module arrays in device routines: a routine reaches such an array
//! through gfortran's array descriptor, which is the module variable's symbol
//! (`__<module>_MOD_<name>`). The routine reads the descriptor at each use, so it sees every
//! `allocate`, `deallocate` and reallocation made since it was called.
//!
//! The layout (gfortran 8 and later; measured with gfortran 12 against a C view of the
//! symbols, `size` = 40 + 24 × rank bytes), in 8-byte words:
//! * 0: `base_addr`, the address of the data;
//! * 1: `offset`, so that element `(i1, ..., ir)` is `base_addr + (offset + sum(stride_d * i_d))`
//!   elements (for an allocated array or an allocated pointer, `span` equals the element size);
//! * 2, 3: `dtype` (`elem_len`, then `version`, `rank`, `type`, `attribute` packed);
//! * 4: `span`, the element distance in bytes;
//! * 5 + 3d, 6 + 3d, 7 + 3d: dimension d's `stride` (in elements), lower bound, upper bound.
//!
//! On the host and multicore devices the routine's code reads the program's descriptor itself.
//! On a GPU the device module defines a global of the descriptor's size under the same symbol
//! (the image lists it like every global device code uses) and the runtime writes it at each
//! `allocate` of the declared array: the host descriptor with `base_addr` replaced by the
//! address of the device copy (`__accrt_declare_descriptor`, which the Fortran emitter calls
//! from the code it inserts after `allocate` and before `deallocate`).

use super::{Lowering, SyntheticKind, I64};
use acc_ir::body::{BinaryOp, ExprId, ExprKind};
use acc_ir::{ArraySize, Handle, Storage, TypeHandle, TypeInner, TypeTable, Variable};
use tree_sitter::Node;

/// The descriptor's words before the first dimension's.
const HEADER_WORDS: u32 = 5;
/// The words of each dimension: stride, lower bound, upper bound.
const DIM_WORDS: u32 = 3;
/// The word holding `offset`.
const OFFSET_WORD: u32 = 1;

/// The size in bytes of gfortran's descriptor of an array of rank `rank`.
pub(crate) fn descriptor_bytes(rank: u32) -> u64 {
    8 * u64::from(HEADER_WORDS + DIM_WORDS * rank)
}

/// The rank of a deferred-shape (allocatable or pointer) array type whose element is a
/// scalar, or `None` for any other type (a scalar, a static shape, an element of derived
/// type).
pub(crate) fn deferred_rank(types: &TypeTable, ty: TypeHandle) -> Option<u32> {
    let mut rank = 0u32;
    let mut current = ty;
    while let TypeInner::Array { element, size, .. } = types.get(current) {
        if matches!(size, ArraySize::Constant(_)) {
            return None;
        }
        rank += 1;
        current = *element;
    }
    (rank > 0 && matches!(types.get(current), TypeInner::Scalar(_))).then_some(rank)
}

impl Lowering<'_, '_> {
    /// The descriptor of module array `array` as a global of `i64` words under the array's
    /// symbol (one variable per array in the module; its name is the array's, so the link
    /// step's check for a missing `declare` names the array).
    fn descriptor_global(&mut self, array: Handle<Variable>, rank: u32) -> Handle<Variable> {
        let (name, decl, symbol) = {
            let v = &self.lw.module.variables[array];
            (v.name.clone(), v.decl, v.symbol.clone())
        };
        let word = self.i64_ty();
        let ty = self.lw.module.types.insert(TypeInner::Array {
            element: word,
            size: ArraySize::Constant(u64::from(HEADER_WORDS + DIM_WORDS * rank)),
            lower_bound: 0,
        });
        let existing = self.lw.module.variables.iter().find(|(_, v)| {
            v.ty == ty && v.symbol == symbol && v.storage == Storage::Global && v.name == name
        });
        if let Some((handle, _)) = existing {
            return handle;
        }
        let variable = Variable {
            name,
            ty,
            storage: Storage::Global,
            decl,
            derived: None,
            restrict: false,
            symbol,
        };
        self.lw.module.variables.append(variable, decl)
    }

    /// Word `word` of the descriptor of `array`, loaded as an `i64`.
    fn descriptor_word(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
        word: u32,
        node: Node,
    ) -> ExprId {
        let global = self.descriptor_global(array, rank);
        let global_ty = self.lw.module.variables[global].ty;
        let global_pointer = self.pointer_to(global_ty);
        let address = self.e(ExprKind::Variable(global), global_pointer, node);
        let word_ty = self.i64_ty();
        let word_pointer = self.pointer_to(word_ty);
        let words = self.e(ExprKind::Cast(address), word_pointer, node);
        let index = self.int(i128::from(word), I64, node);
        let place = self.e(ExprKind::Index { base: words, index }, word_pointer, node);
        self.e(ExprKind::Load(place), word_ty, node)
    }

    /// The address of the first element of module array `array` (type `pointer to
    /// element`): `base_addr + offset + sum(stride_d * lbound_d)` elements.
    pub(super) fn descriptor_first_element(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
        node: Node,
    ) -> ExprId {
        let element = self.element_of(self.lw.module.variables[array].ty);
        let element_pointer = self.pointer_to(element);
        let slot_pointer = self.pointer_to(element_pointer);
        let global = self.descriptor_global(array, rank);
        let global_ty = self.lw.module.variables[global].ty;
        let global_pointer = self.pointer_to(global_ty);
        let address = self.e(ExprKind::Variable(global), global_pointer, node);
        let slot = self.e(ExprKind::Cast(address), slot_pointer, node);
        let base = self.e(ExprKind::Load(slot), element_pointer, node);
        let i64_ty = self.i64_ty();
        let mut offset = self.descriptor_word(array, rank, OFFSET_WORD, node);
        for dim in 0..rank {
            let stride = self.descriptor_bound(array, rank, dim, SyntheticKind::Stride, node);
            let lower = self.descriptor_bound(array, rank, dim, SyntheticKind::LowerBound, node);
            let term = self.binary(BinaryOp::Mul, stride, lower, i64_ty, node);
            offset = self.binary(BinaryOp::Add, offset, term, i64_ty, node);
        }
        self.e(
            ExprKind::Index {
                base,
                index: offset,
            },
            element_pointer,
            node,
        )
    }

    /// The lower bound, stride (in elements) or extent of dimension `dim` (zero-based) of
    /// module array `array`, as an `i64`.
    pub(super) fn descriptor_bound(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
        dim: u32,
        kind: SyntheticKind,
        node: Node,
    ) -> ExprId {
        let first = HEADER_WORDS + DIM_WORDS * dim;
        match kind {
            SyntheticKind::Stride => self.descriptor_word(array, rank, first, node),
            SyntheticKind::LowerBound => self.descriptor_word(array, rank, first + 1, node),
            SyntheticKind::Extent => {
                let i64_ty = self.i64_ty();
                let lower = self.descriptor_word(array, rank, first + 1, node);
                let upper = self.descriptor_word(array, rank, first + 2, node);
                let span = self.binary(BinaryOp::Sub, upper, lower, i64_ty, node);
                let one = self.int(1, I64, node);
                self.binary(BinaryOp::Add, span, one, i64_ty, node)
            }
        }
    }
}
