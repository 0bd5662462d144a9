//! Derived-type components in device code: `t%x`, `t%a(i, j)`, `arr(i)%x`, `t%inner%v(k)`.
//!
//! A component is a `Member` place of its parent's struct, at the offset the C layout rules
//! give (members in order, each at its natural alignment): the layout gfortran gives a derived
//! type whose components are all of intrinsic numeric or logical type, `type(c_ptr)`, arrays of
//! those with constant bounds, or derived types of the same kind. An allocatable array
//! component of intrinsic type occupies gfortran's array descriptor in its parent
//! (`operands::descriptor_type`): its elements `t%u(i, j)` are `base_addr[offset + Σ i_k ×
//! stride_k]`, all read from the descriptor in the parent (on a GPU, the parent's device copy,
//! whose `base_addr` the data clause on `t%u` attached to the data's device copy); the
//! component as a whole and its sections are refused. A scalar pointer or allocatable
//! component is the address of its target (`operands::scalar_deferred_component`): other
//! components of its type are usable, it is not (device code does not follow it). Any other
//! type — one with a polymorphic or character pointer or allocatable component, an extended or
//! parameterized type — is refused with the reason, so no access ever uses a guessed offset. A component array is
//! indexed column-major from its declared bounds; its sections are refused.

use super::super::operands::{
    descriptor_parts, descriptor_rank, DIM_LOWER_BOUND, DIM_STRIDE, DIM_UPPER_BOUND,
};
use super::super::symbols::BaseType;
use super::expr::Name;
use super::{Lowering, Value, I64, R};
use acc_ir::body::{BinaryOp, ExprId, ExprKind};
use acc_ir::{ArraySize, TypeHandle, TypeInner};
use tree_sitter::Node;

/// How deep derived types may nest inside each other for [`Lowering::layout_problem`].
const MAX_NESTING: usize = 8;

impl<'l, 'a> Lowering<'l, 'a> {
    /// Why derived type `name`, seen from where `node` is, does not have the C layout accc
    /// computes (`None`: it does).
    pub(super) fn layout_problem(&self, name: &str, node: Node<'a>) -> Option<String> {
        let scope = self
            .lw
            .unit
            .scopes
            .name_scope_at(node.start_byte() as u32)?;
        self.layout_problem_in(scope, &name.to_ascii_lowercase(), 0)
    }

    fn layout_problem_in(&self, scope: usize, name: &str, depth: usize) -> Option<String> {
        if depth > MAX_NESTING {
            return Some(format!("type({name}) nests derived types too deeply"));
        }
        let Some(def) = self.lw.unit.scopes.derived_type(scope, name) else {
            return Some(format!(
                "the definition of type({name}) is not in this file"
            ));
        };
        if def.extended_or_parameterized {
            return Some(format!("type({name}) is an extended or parameterized type"));
        }
        for member in &def.members {
            if (member.attrs.allocatable || member.attrs.pointer) && !member.dims.is_empty() {
                // Laid out as gfortran's descriptor (`operands::descriptor_type`).
                let what = if member.attrs.pointer {
                    "pointer"
                } else {
                    "allocatable"
                };
                match &member.base {
                    BaseType::Derived(_) | BaseType::Character(_) | BaseType::Unknown(_) => {
                        return Some(format!(
                            "its {what} component '{}' is not of an intrinsic numeric or logical type",
                            member.name
                        ))
                    }
                    _ => continue,
                }
            }
            if member.attrs.allocatable || member.attrs.pointer {
                // Laid out as the address of its target (`operands::scalar_deferred_component`)
                // unless it is a class container or a character.
                let what = if member.attrs.allocatable {
                    "a scalar allocatable"
                } else {
                    "a scalar pointer"
                };
                if member.attrs.polymorphic {
                    return Some(format!(
                        "its component '{}' is {what} of a polymorphic type (gfortran's class container, which accc does not lay out)",
                        member.name
                    ));
                }
                match &member.base {
                    BaseType::Character(_) | BaseType::Unknown(_) => {
                        return Some(format!(
                            "its component '{}' is {what} of a type accc does not lay out",
                            member.name
                        ))
                    }
                    _ => continue,
                }
            }
            let constant = super::expr::constant_shape(member)
                .is_some_and(|shape| shape.iter().all(|(_, extent)| extent.is_some()));
            if !member.dims.is_empty() && !constant {
                return Some(format!(
                    "its component '{}' has bounds that are not constants",
                    member.name
                ));
            }
            match &member.base {
                BaseType::Derived(inner) => {
                    if let Some(problem) = self.layout_problem_in(scope, inner, depth + 1) {
                        return Some(problem);
                    }
                }
                // Laid out as its bytes; device code never reads it (`component_place`).
                BaseType::Character(Some(_)) => {}
                BaseType::Character(None) => {
                    return Some(format!(
                        "its component '{}' is a character of a length that is not a constant",
                        member.name
                    ))
                }
                BaseType::Unknown(_) => {
                    return Some(format!(
                        "the type of its component '{}' is unknown",
                        member.name
                    ))
                }
                _ => {}
            }
        }
        None
    }

    /// `base%name`: the place of a component. An allocatable array component is usable only
    /// through its elements ([`Self::component_element`]): as a whole it is a descriptor.
    pub(super) fn component(&mut self, node: Node<'a>) -> R<Value> {
        let value = self.component_place(node)?;
        if let Value::Place(_, ty) = value {
            if descriptor_rank(&self.lw.module.types, ty).is_some() {
                return self.fail(
                    node,
                    format!(
                        "the allocatable component '{}' as a whole (device code uses its elements, '{}(i)')",
                        self.text(node),
                        self.text(node)
                    ),
                );
            }
        }
        Ok(value)
    }

    /// `size`, `lbound` or `ubound` (`name`) of an allocatable or pointer array component
    /// (`size(t%a)`, `ubound(t%a, 2)`), read from its descriptor in the parent as gfortran
    /// does: the extent of a dimension is `max(ub - lb + 1, 0)`, and an empty dimension has
    /// lower bound 1 and upper bound 0. `dim` is the `dim` argument (its value when it is a
    /// constant, and its node), `None` for the size of the whole array; it must be a constant
    /// within the component's rank. An `i64`.
    pub(super) fn component_inquiry(
        &mut self,
        name: &str,
        array: Node<'a>,
        dim: Option<(Option<i64>, Node<'a>)>,
        node: Node<'a>,
    ) -> R<ExprId> {
        let Value::Place(descriptor, ty) = self.component_place(array)? else {
            return self.fail(node, format!("'{name}' of something other than an array"));
        };
        let Some(rank) = descriptor_rank(&self.lw.module.types, ty) else {
            return self.fail(
                node,
                format!("'{name}' of a component that is not an allocatable or pointer array"),
            );
        };
        let Some(types) = descriptor_parts(&mut self.lw.module.types, ty) else {
            return self.internal(node, "not an array descriptor");
        };
        let dim = match dim {
            Some((Some(d), _)) if d >= 1 && d as usize <= rank => Some(d as usize - 1),
            Some((_, d)) => {
                return self.fail(
                    d,
                    format!("'{name}' with a dimension that is not a constant in 1..{rank}"),
                )
            }
            None => None,
        };
        let i64_ty = self.i64_ty();
        // (lower bound, upper bound, extent) of dimension `d`.
        let bounds = |this: &mut Self, d: usize| {
            let index = this.int(d as i128, I64, node);
            let lower = this.descriptor_dim_field(descriptor, &types, index, DIM_LOWER_BOUND, node);
            let index = this.int(d as i128, I64, node);
            let upper = this.descriptor_dim_field(descriptor, &types, index, DIM_UPPER_BOUND, node);
            let one = this.int(1, I64, node);
            let span = this.binary(BinaryOp::Sub, upper, lower, i64_ty, node);
            let count = this.binary(BinaryOp::Add, span, one, i64_ty, node);
            let zero = this.int(0, I64, node);
            let extent = this.binary(BinaryOp::Max, count, zero, i64_ty, node);
            (lower, upper, extent)
        };
        // `value` where dimension `d` is not empty, else `empty`.
        let unless_empty = |this: &mut Self, extent: ExprId, value: ExprId, empty: i128| {
            let zero = this.int(0, I64, node);
            let filled = this.compare(BinaryOp::Gt, extent, zero, node);
            let empty = this.int(empty, I64, node);
            this.e(
                ExprKind::Select {
                    cond: filled,
                    accept: value,
                    reject: empty,
                },
                i64_ty,
                node,
            )
        };
        Ok(match (name, dim) {
            ("lbound", Some(d)) => {
                let (lower, _, extent) = bounds(self, d);
                unless_empty(self, extent, lower, 1)
            }
            ("ubound", Some(d)) => {
                let (_, upper, extent) = bounds(self, d);
                unless_empty(self, extent, upper, 0)
            }
            ("size", Some(d)) => bounds(self, d).2,
            ("size", None) => {
                let mut product = bounds(self, 0).2;
                for d in 1..rank {
                    let extent = bounds(self, d).2;
                    product = self.binary(BinaryOp::Mul, product, extent, i64_ty, node);
                }
                product
            }
            _ => return self.fail(node, format!("'{name}' without 'dim' (an array result)")),
        })
    }

    /// `base%name`: the place of a component, a descriptor for an allocatable array component.
    fn component_place(&mut self, node: Node<'a>) -> R<Value> {
        self.component_place_declared(node).map(|(value, _)| value)
    }

    /// [`Self::component_place`], with whether the component is declared `pointer`.
    fn component_place_declared(&mut self, node: Node<'a>) -> R<(Value, bool)> {
        let (Some(base_node), Some(member_node)) = (node.named_child(0), node.named_child(1))
        else {
            return self.fail(node, "malformed component reference");
        };
        let base = match base_node.kind() {
            "identifier" => match self.name(base_node)? {
                Name::Variable(var, symbol) if symbol.dims.is_empty() => {
                    self.variable_place(var, base_node)
                }
                Name::Variable(_, symbol) => {
                    return self.fail(
                        node,
                        format!(
                            "component of the whole array '{}' (an array of derived type needs a subscript)",
                            symbol.name
                        ),
                    )
                }
                _ => {
                    return self.fail(
                        node,
                        format!("'{}' is not a variable of derived type", self.text(base_node)),
                    )
                }
            },
            "call_expression" | "derived_type_member_expression" => self.expr(base_node)?,
            _ => {
                return self.fail(
                    node,
                    format!("component reference '{}'", self.text(node)),
                )
            }
        };
        let Value::Place(address, ty) = base else {
            return self.fail(
                node,
                format!("'{}' is not a variable", self.text(base_node)),
            );
        };
        let (type_name, members) = match self.lw.module.types.get(ty) {
            TypeInner::Struct { name, members, .. } => (name.clone(), members.clone()),
            _ => {
                return self.fail(
                    node,
                    format!("'{}' is not of derived type", self.text(base_node)),
                )
            }
        };
        let type_name = type_name.unwrap_or_default();
        if let Some(problem) = self.layout_problem(&type_name, node) {
            return self.fail(
                node,
                format!(
                    "component '{}' of type({type_name}): {problem}",
                    self.text(node)
                ),
            );
        }
        let wanted = self.text(member_node).trim().to_string();
        let Some(index) = members
            .iter()
            .position(|m| m.name.eq_ignore_ascii_case(&wanted))
        else {
            return self.fail(
                member_node,
                format!("type({type_name}) has no component '{wanted}'"),
            );
        };
        // A character component is laid out (its bytes), but device code handles no characters.
        let declared = self.member_symbol(node, &type_name, &wanted);
        let character = declared
            .as_ref()
            .is_some_and(|m| matches!(m.base, BaseType::Character(_)));
        let scalar_deferred = declared
            .as_ref()
            .is_some_and(|m| m.dims.is_empty() && (m.attrs.pointer || m.attrs.allocatable));
        let pointer = declared.is_some_and(|m| m.attrs.pointer);
        if scalar_deferred {
            return self.fail(
                node,
                format!(
                    "the scalar {} component '{}' (device code does not follow the address it holds)",
                    if pointer { "pointer" } else { "allocatable" },
                    self.text(node)
                ),
            );
        }
        if character {
            return self.fail(
                node,
                format!("the character component '{}'", self.text(node)),
            );
        }
        let member_ty = members[index].ty;
        let member_pointer = self.pointer_to(member_ty);
        let place = self.e(
            ExprKind::Member {
                base: address,
                member: index as u32,
            },
            member_pointer,
            node,
        );
        Ok((Value::Place(place, member_ty), pointer))
    }

    /// The declaration of component `member` of derived type `type_name`, seen from `node`.
    fn member_symbol(
        &self,
        node: Node<'a>,
        type_name: &str,
        member: &str,
    ) -> Option<super::super::symbols::Symbol> {
        let scopes = &self.lw.unit.scopes;
        let scope = scopes.name_scope_at(node.start_byte() as u32)?;
        let def = scopes.derived_type(scope, &type_name.to_ascii_lowercase())?;
        def.members
            .iter()
            .find(|m| m.name.eq_ignore_ascii_case(member))
            .cloned()
    }

    /// `base%name(i1, ..., ir)`: an element of a component array (constant bounds, checked by
    /// [`Self::layout_problem`]).
    pub(super) fn component_element(
        &mut self,
        callee: Node<'a>,
        args: &[Node<'a>],
        node: Node<'a>,
    ) -> R<Value> {
        let (Value::Place(address, ty), pointer) = self.component_place_declared(callee)? else {
            return self.internal(node, "a component is not a place");
        };
        if let Some(rank) = descriptor_rank(&self.lw.module.types, ty) {
            return self.descriptor_element(address, ty, rank, pointer, callee, args, node);
        }
        // The array levels, outermost (the last Fortran dimension) first.
        let mut levels: Vec<(i64, u64)> = Vec::new();
        let mut element: TypeHandle = ty;
        while let TypeInner::Array {
            element: inner,
            size,
            lower_bound,
        } = self.lw.module.types.get(element)
        {
            let ArraySize::Constant(extent) = size else {
                return self.internal(node, "a component array of unknown size");
            };
            levels.push((*lower_bound, *extent));
            element = *inner;
        }
        if levels.is_empty() {
            return self.fail(
                node,
                format!("'{}' is not an array component", self.text(callee)),
            );
        }
        if args.len() != levels.len() {
            return self.fail(
                node,
                format!(
                    "'{}' has rank {}, but {} subscripts are given",
                    self.text(callee),
                    levels.len(),
                    args.len()
                ),
            );
        }
        if let Some(section) = args
            .iter()
            .find(|a| a.kind() == "extent_specifier" || self.text(**a).contains(':'))
        {
            return self.fail(
                *section,
                format!("section of the component array '{}'", self.text(callee)),
            );
        }
        // Fortran dimension d is level r - 1 - d; column-major strides.
        levels.reverse();
        let i64_ty = self.i64_ty();
        let mut offset: Option<ExprId> = None;
        let mut stride: u64 = 1;
        for (arg, (lower, extent)) in args.iter().zip(levels) {
            let index = self.index_value(*arg)?;
            let lower = self.int(i128::from(lower), I64, *arg);
            let relative = self.binary(BinaryOp::Sub, index, lower, i64_ty, *arg);
            let term = if stride == 1 {
                relative
            } else {
                let s = self.int(i128::from(stride), I64, *arg);
                self.binary(BinaryOp::Mul, relative, s, i64_ty, *arg)
            };
            offset = Some(match offset {
                None => term,
                Some(sum) => self.binary(BinaryOp::Add, sum, term, i64_ty, *arg),
            });
            stride = stride.saturating_mul(extent);
        }
        let Some(offset) = offset else {
            return self.fail(node, "array reference without subscripts");
        };
        let pointer = self.pointer_to(element);
        let first = self.e(ExprKind::Cast(address), pointer, node);
        let place = self.e(
            ExprKind::Index {
                base: first,
                index: offset,
            },
            pointer,
            node,
        );
        Ok(Value::Place(place, element))
    }

    /// `base%name(i1, ..., ir)` of an allocatable array component: `base_addr[offset + i1 ×
    /// stride1 + ... + ir × strider]`, all read from the descriptor in the parent (its device
    /// copy on a GPU, where the `enter data`/data clause that mapped the component attached
    /// `base_addr` to the device copy of the data).
    #[allow(clippy::too_many_arguments)]
    fn descriptor_element(
        &mut self,
        descriptor: ExprId,
        ty: TypeHandle,
        rank: usize,
        pointer: bool,
        callee: Node<'a>,
        args: &[Node<'a>],
        node: Node<'a>,
    ) -> R<Value> {
        if args.len() != rank {
            return self.fail(
                node,
                format!(
                    "'{}' has rank {rank}, but {} subscripts are given",
                    self.text(callee),
                    args.len()
                ),
            );
        }
        if let Some(section) = args
            .iter()
            .find(|a| a.kind() == "extent_specifier" || self.text(**a).contains(':'))
        {
            return self.fail(
                *section,
                format!(
                    "section of the allocatable component '{}'",
                    self.text(callee)
                ),
            );
        }
        let Some(types) = descriptor_parts(&mut self.lw.module.types, ty) else {
            return self.internal(node, "not an array descriptor");
        };
        let TypeInner::Pointer { pointee: element } = *self.lw.module.types.get(types.base) else {
            return self.internal(node, "a descriptor's base is not a pointer");
        };
        let i64_ty = self.i64_ty();
        let base = self.descriptor_base(descriptor, &types, node);
        let mut sum = self.descriptor_offset(descriptor, node);
        for (k, arg) in args.iter().enumerate() {
            let index = self.index_value(*arg)?;
            let k_value = self.int(k as i128, I64, *arg);
            let stride = self.descriptor_dim_field(descriptor, &types, k_value, DIM_STRIDE, *arg);
            let term = self.binary(BinaryOp::Mul, index, stride, i64_ty, *arg);
            sum = self.binary(BinaryOp::Add, sum, term, i64_ty, *arg);
        }
        if !pointer {
            let place = self.e(ExprKind::Index { base, index: sum }, types.base, node);
            return Ok(Value::Place(place, element));
        }
        // A pointer's elements are `span` bytes apart (`p => t(:)%x` points into an array of
        // derived type), not always the element's size: the address is computed in bytes.
        let span = self.descriptor_span(descriptor, node);
        let bytes = self.binary(BinaryOp::Mul, sum, span, i64_ty, node);
        let byte_ty = self.lw.module.types.scalar(acc_ir::ScalarKind::Int {
            signed: false,
            width: 8,
        });
        let byte_pointer = self.pointer_to(byte_ty);
        let start = self.e(ExprKind::Cast(base), byte_pointer, node);
        let at = self.e(
            ExprKind::Index {
                base: start,
                index: bytes,
            },
            byte_pointer,
            node,
        );
        let place = self.e(ExprKind::Cast(at), types.base, node);
        Ok(Value::Place(place, element))
    }
}
