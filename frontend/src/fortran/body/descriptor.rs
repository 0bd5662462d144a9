//! gfortran's array descriptors in device code: the field readers that allocatable array
//! components of derived types (`components.rs`) and allocatable and pointer module arrays in
//! device routines share, and the module arrays' descriptor globals.
//!
//! A descriptor is [`descriptor_type`] (gfortran 8 and later; measured with gfortran 12
//! against a C view of the symbols, 40 + 24 × rank bytes): `base_addr`, the address of the
//! data; `offset`, so that element `(i1, ..., ir)` is `base_addr + (offset + sum(stride_d *
//! i_d))` elements (for an allocated array or an allocated pointer, `span` equals the element
//! size); `dtype` (`elem_len`, then `version`, `rank`, `type`, `attribute`); `span`, the element
//! distance in bytes; then per dimension `stride` (in elements), lower bound, upper bound.
//!
//! A device routine reaches an allocatable or pointer module array through its descriptor,
//! which is the module variable's symbol (`__<module>_MOD_<name>`). The routine reads the
//! descriptor at each use, so it sees every `allocate`, `deallocate` and reallocation made
//! since it was called. On the host and multicore devices the routine's code reads the
//! program's descriptor itself. On a GPU the device module defines a global of the
//! descriptor's type under the same symbol (the image lists it like every global device code
//! uses) and the runtime writes it at each `allocate` of the declared array: the host
//! descriptor with `base_addr` replaced by the address of the device copy
//! (`__accrt_declare_descriptor`, which the Fortran emitter calls from the code it inserts
//! after `allocate` and before `deallocate`).
//!
//! [`descriptor_type`]: super::super::operands::descriptor_type

use super::super::operands::{
    descriptor_types, DescriptorTypes, DESCRIPTOR_BASE, DESCRIPTOR_DIM, DESCRIPTOR_OFFSET,
    DESCRIPTOR_SPAN, DIM_LOWER_BOUND, DIM_STRIDE, DIM_UPPER_BOUND,
};
use super::{Lowering, SyntheticKind, I64};
use acc_ir::body::{BinaryOp, ExprId, ExprKind};
use acc_ir::{ArraySize, Handle, Storage, TypeHandle, TypeInner, TypeTable, Variable};
use tree_sitter::Node;

/// The size in bytes of gfortran's descriptor of an array of rank `rank` (the C layout of
/// [`super::super::operands::descriptor_type`]).
pub(crate) fn descriptor_bytes(rank: u32) -> u64 {
    40 + 24 * u64::from(rank)
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
    /// Loads member `member` (of type `ty`) of the descriptor at `descriptor` (a pointer to
    /// its [`DescriptorTypes::descriptor`] struct).
    fn descriptor_member(
        &mut self,
        descriptor: ExprId,
        member: u32,
        ty: TypeHandle,
        node: Node,
    ) -> ExprId {
        let pointer = self.pointer_to(ty);
        let place = self.e(
            ExprKind::Member {
                base: descriptor,
                member,
            },
            pointer,
            node,
        );
        self.e(ExprKind::Load(place), ty, node)
    }

    /// `base_addr` of the descriptor at `descriptor`: a pointer to the first stored element.
    pub(super) fn descriptor_base(
        &mut self,
        descriptor: ExprId,
        types: &DescriptorTypes,
        node: Node,
    ) -> ExprId {
        self.descriptor_member(descriptor, DESCRIPTOR_BASE, types.base, node)
    }

    /// `span` of the descriptor at `descriptor` (the bytes between elements), as an `i64`.
    pub(super) fn descriptor_span(&mut self, descriptor: ExprId, node: Node) -> ExprId {
        let i64_ty = self.i64_ty();
        self.descriptor_member(descriptor, DESCRIPTOR_SPAN, i64_ty, node)
    }

    /// `offset` of the descriptor at `descriptor`, as an `i64`.
    pub(super) fn descriptor_offset(&mut self, descriptor: ExprId, node: Node) -> ExprId {
        let i64_ty = self.i64_ty();
        self.descriptor_member(descriptor, DESCRIPTOR_OFFSET, i64_ty, node)
    }

    /// Field `field` ([`DIM_STRIDE`], [`DIM_LOWER_BOUND`] or [`DIM_UPPER_BOUND`]) of
    /// dimension `dim` (zero-based, an `i64` expression) of the descriptor at `descriptor`.
    pub(super) fn descriptor_dim_field(
        &mut self,
        descriptor: ExprId,
        types: &DescriptorTypes,
        dim: ExprId,
        field: u32,
        node: Node,
    ) -> ExprId {
        let dims_pointer = self.pointer_to(types.dims);
        let dim_pointer = self.pointer_to(types.dim);
        let dims = self.e(
            ExprKind::Member {
                base: descriptor,
                member: DESCRIPTOR_DIM,
            },
            dims_pointer,
            node,
        );
        let first = self.e(ExprKind::Cast(dims), dim_pointer, node);
        let place = self.e(
            ExprKind::Index {
                base: first,
                index: dim,
            },
            dim_pointer,
            node,
        );
        let i64_ty = self.i64_ty();
        self.descriptor_member(place, field, i64_ty, node)
    }

    /// The descriptor of module array `array`, a global of [`descriptor_type`] under the
    /// array's symbol (one variable per array in the module; its name is the array's, so the
    /// link step's check for a missing `declare` names the array), with its types.
    ///
    /// [`descriptor_type`]: super::super::operands::descriptor_type
    fn descriptor_global(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
    ) -> (Handle<Variable>, DescriptorTypes) {
        let (name, decl, symbol, array_ty) = {
            let v = &self.lw.module.variables[array];
            (v.name.clone(), v.decl, v.symbol.clone(), v.ty)
        };
        let element = self.element_of(array_ty);
        let types = descriptor_types(&mut self.lw.module.types, element, rank as usize);
        let existing = self.lw.module.variables.iter().find(|(_, v)| {
            v.ty == types.descriptor
                && v.symbol == symbol
                && v.storage == Storage::Global
                && v.name == name
        });
        if let Some((handle, _)) = existing {
            return (handle, types);
        }
        let variable = Variable {
            name,
            ty: types.descriptor,
            storage: Storage::Global,
            decl,
            derived: None,
            restrict: false,
            symbol,
        };
        (self.lw.module.variables.append(variable, decl), types)
    }

    /// The address of the descriptor of module array `array`, with its types.
    fn module_descriptor(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
        node: Node,
    ) -> (ExprId, DescriptorTypes) {
        let (global, types) = self.descriptor_global(array, rank);
        let pointer = self.pointer_to(types.descriptor);
        (self.e(ExprKind::Variable(global), pointer, node), types)
    }

    /// The address of the first element of module array `array` (type `pointer to
    /// element`): `base_addr + offset + sum(stride_d * lbound_d)` elements.
    pub(super) fn descriptor_first_element(
        &mut self,
        array: Handle<Variable>,
        rank: u32,
        node: Node,
    ) -> ExprId {
        let (descriptor, types) = self.module_descriptor(array, rank, node);
        let base = self.descriptor_base(descriptor, &types, node);
        let i64_ty = self.i64_ty();
        let mut offset = self.descriptor_offset(descriptor, node);
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
            types.base,
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
        let (descriptor, types) = self.module_descriptor(array, rank, node);
        let index = self.int(i128::from(dim), I64, node);
        let field =
            |this: &mut Self, f| this.descriptor_dim_field(descriptor, &types, index, f, node);
        match kind {
            SyntheticKind::Stride => field(self, DIM_STRIDE),
            SyntheticKind::LowerBound => field(self, DIM_LOWER_BOUND),
            SyntheticKind::Extent => {
                let i64_ty = self.i64_ty();
                let lower = field(self, DIM_LOWER_BOUND);
                let upper = field(self, DIM_UPPER_BOUND);
                let span = self.binary(BinaryOp::Sub, upper, lower, i64_ty, node);
                let one = self.int(1, I64, node);
                self.binary(BinaryOp::Add, span, one, i64_ty, node)
            }
        }
    }
}
