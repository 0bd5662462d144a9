//! Initialisers of declarations: `= { ... }` lists for arrays, structs and unions, with
//! designators (`[2] = x`, `.name = y`), nested lists, and zero for whatever a list leaves out
//! (runs of more than a few elements as a loop).

use acc_ir::body::{BinaryOp, ExprId, ExprKind, Stmt, Stmts};
use acc_ir::{ArraySize, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::types::{BOOL, LONG};
use super::{Lowering, R};

/// Zero fills of more elements than this become a loop.
const UNROLLED_ZERO_FILL: u64 = 4;

impl<'a> Lowering<'a> {
    /// The number of elements an initializer list gives an array of unknown size.
    pub(super) fn list_length(&mut self, list: Node<'a>) -> R<u64> {
        let mut position: u64 = 0;
        let mut length: u64 = 0;
        let mut cursor = list.walk();
        let items: Vec<Node<'a>> = list
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        for item in items {
            if item.kind() == "initializer_pair" {
                let designator = item.child_by_field_name("designator");
                match designator
                    .filter(|d| d.kind() == "subscript_designator")
                    .and_then(|d| d.named_child(0))
                {
                    Some(index) => position = u64::try_from(self.constant(index)?).unwrap_or(0),
                    None => return self.fail(item, "designator in an array initializer"),
                }
            }
            position += 1;
            length = length.max(position);
        }
        Ok(length)
    }

    /// Stores an initializer list into the object at `address` of type `ty`; what the list does
    /// not initialise is set to zero (C11 6.7.9).
    pub(super) fn initialize(
        &mut self,
        address: ExprId,
        ty: TypeHandle,
        list: Node<'a>,
        out: &mut Stmts,
        depth: usize,
    ) -> R<()> {
        if depth > super::MAX_DEPTH {
            return self.fail(list, "initializer nested too deeply");
        }
        let mut cursor = list.walk();
        let items: Vec<Node<'a>> = list
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let (count, is_union) = match self.inner(ty) {
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => (n, false),
            TypeInner::Struct {
                members, is_union, ..
            } => (members.len() as u64, is_union),
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } => {
                let [item] = items.as_slice() else {
                    return self.fail(list, "scalar initializer list with more than one item");
                };
                let value = self.expr(*item)?;
                let value = self.convert_value(value, ty, *item)?;
                out.push(Stmt::Store { address, value });
                return Ok(());
            }
            _ => return self.fail(list, format!("initializer list for {}", self.type_name(ty))),
        };
        let mut covered = vec![false; usize::try_from(count.min(1 << 20)).unwrap_or(0)];
        if covered.len() as u64 != count {
            return self.fail(list, "initialized array too large");
        }
        let mut position: u64 = 0;
        for item in items {
            let value_node = if item.kind() == "initializer_pair" {
                let mut cursor = item.walk();
                let designators: Vec<Node> = item
                    .children_by_field_name("designator", &mut cursor)
                    .collect();
                let [designator] = designators.as_slice() else {
                    return self.fail(item, "nested designators in an initializer");
                };
                position = self.designated(*designator, ty)?;
                item.child_by_field_name("value").unwrap_or(item)
            } else {
                item
            };
            if position >= count {
                return self.fail(item, "excess elements in an initializer");
            }
            let (element_address, element_ty) = self.element(address, ty, position, item)?;
            if value_node.kind() == "initializer_list" {
                self.initialize(element_address, element_ty, value_node, out, depth + 1)?;
            } else {
                let value = self.expr(value_node)?;
                let value_ty = self.c_type(value);
                if self.module.types.is_aggregate(element_ty) && value_ty != element_ty {
                    return self.fail(
                        value_node,
                        "initializer without braces for a nested aggregate",
                    );
                }
                let value = self.convert_value(value, element_ty, value_node)?;
                out.push(Stmt::Store {
                    address: element_address,
                    value,
                });
            }
            covered[position as usize] = true;
            position += 1;
        }
        if is_union {
            return Ok(());
        }
        // Zero the rest, a run at a time.
        let mut index = 0;
        while index < covered.len() {
            if covered[index] {
                index += 1;
                continue;
            }
            let run_start = index;
            while index < covered.len() && !covered[index] {
                index += 1;
            }
            self.zero_range(
                address,
                ty,
                run_start as u64,
                index as u64,
                list,
                out,
                depth,
            )?;
        }
        Ok(())
    }

    /// The position a designator selects in an array or struct of type `ty`.
    pub(super) fn designated(&mut self, designator: Node<'a>, ty: TypeHandle) -> R<u64> {
        match (designator.kind(), self.inner(ty)) {
            ("subscript_designator", TypeInner::Array { .. }) => {
                let Some(index) = designator.named_child(0) else {
                    return self.fail(designator, "malformed designator");
                };
                match u64::try_from(self.constant(index)?) {
                    Ok(position) => Ok(position),
                    Err(_) => self.fail(designator, "negative array designator"),
                }
            }
            ("field_designator" | "field_identifier", TypeInner::Struct { members, .. }) => {
                let name = self.text(designator).trim().trim_start_matches('.').trim();
                match members.iter().position(|m| m.name == name) {
                    Some(position) => Ok(position as u64),
                    None => self.fail(
                        designator,
                        format!("designator '.{name}' (not a direct member)"),
                    ),
                }
            }
            _ => self.fail(
                designator,
                "designator that does not match the initialized type",
            ),
        }
    }

    /// The address and type of element or member `position` of the object at `address`.
    pub(super) fn element(
        &mut self,
        address: ExprId,
        ty: TypeHandle,
        position: u64,
        node: Node,
    ) -> R<(ExprId, TypeHandle)> {
        let base = self.clone_expr(address, 0);
        match self.inner(ty) {
            TypeInner::Array { element, .. } => {
                let index = self.int_constant(i128::from(position), LONG, node);
                let pointer = self.pointer_to(element);
                Ok((
                    self.e(ExprKind::Index { base, index }, pointer, node),
                    element,
                ))
            }
            TypeInner::Struct { members, .. } => {
                let Some(member) = members.get(position as usize) else {
                    return self.fail(node, "excess elements in a struct initializer");
                };
                if self.is_bitfield(ty, Some(&member.name)) {
                    return self.fail(node, format!("initializer of bit-field '{}'", member.name));
                }
                let pointer = self.pointer_to(member.ty);
                let member_address = self.e(
                    ExprKind::Member {
                        base,
                        member: position as u32,
                    },
                    pointer,
                    node,
                );
                Ok((member_address, member.ty))
            }
            _ => self.internal(node, "element of a scalar"),
        }
    }

    /// Sets elements (or members) `from..to` of the object at `address` to zero.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn zero_range(
        &mut self,
        address: ExprId,
        ty: TypeHandle,
        from: u64,
        to: u64,
        node: Node,
        out: &mut Stmts,
        depth: usize,
    ) -> R<()> {
        let is_array = matches!(self.inner(ty), TypeInner::Array { .. });
        if !is_array || to - from <= UNROLLED_ZERO_FILL {
            for position in from..to {
                let (element_address, element_ty) = self.element(address, ty, position, node)?;
                self.zero_object(element_address, element_ty, node, out, depth + 1)?;
            }
            return Ok(());
        }
        // for (long i = from; i < to; i++) zero(a[i])
        let long = self.scalar(LONG);
        let counter = self.temporary("i", long, node);
        let first = self.int_constant(i128::from(from), LONG, node);
        out.push(Stmt::Declare {
            local: counter,
            init: Some(first),
        });
        let read = |this: &mut Self| {
            let slot = this.local_address(counter, long, node);
            this.e(ExprKind::Load(slot), long, node)
        };
        let current = read(self);
        let end = self.int_constant(i128::from(to), LONG, node);
        let bool8 = self.scalar(BOOL);
        let cond = self.e(
            ExprKind::Binary {
                op: BinaryOp::Lt,
                left: current,
                right: end,
            },
            bool8,
            node,
        );
        let TypeInner::Array { element, .. } = self.inner(ty) else {
            return self.internal(node, "zero fill of a non-array");
        };
        let base = self.clone_expr(address, 0);
        let index = read(self);
        let pointer = self.pointer_to(element);
        let element_address = self.e(ExprKind::Index { base, index }, pointer, node);
        let mut body = Vec::new();
        self.zero_object(element_address, element, node, &mut body, depth + 1)?;
        let current = read(self);
        let one = self.int_constant(1, LONG, node);
        let next = self.e(
            ExprKind::Binary {
                op: BinaryOp::Add,
                left: current,
                right: one,
            },
            long,
            node,
        );
        let slot = self.local_address(counter, long, node);
        let step = vec![Stmt::Store {
            address: slot,
            value: next,
        }];
        out.push(Stmt::Loop {
            cond: Some(cond),
            body,
            step,
            test_after: false,
        });
        Ok(())
    }

    /// Sets the object at `address` to zero (a union: its first member).
    pub(super) fn zero_object(
        &mut self,
        address: ExprId,
        ty: TypeHandle,
        node: Node,
        out: &mut Stmts,
        depth: usize,
    ) -> R<()> {
        if depth > super::MAX_DEPTH {
            return self.fail(node, "type nested too deeply");
        }
        match self.inner(ty) {
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } => {
                let value = self.zero(ty, node)?;
                out.push(Stmt::Store { address, value });
                Ok(())
            }
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => self.zero_range(address, ty, 0, n, node, out, depth),
            TypeInner::Struct {
                members, is_union, ..
            } => {
                let count = if is_union {
                    members.len().min(1)
                } else {
                    members.len()
                };
                self.zero_range(address, ty, 0, count as u64, node, out, depth)
            }
            _ => self.fail(
                node,
                format!("zero initialization of {}", self.type_name(ty)),
            ),
        }
    }
}
