//! Places and pointers: dereference and address-of, pointer arithmetic, subscripts of arrays
//! and pointers (variable-length arrays flattened with their run-time dimensions), and member
//! access through `.` and `->` (anonymous members nested, incomplete self-references completed).

use acc_ir::body::{BinaryOp, ExprId, ExprKind, Stmt, UnaryOp};
use acc_ir::{ArraySize, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::expr::operator;
use super::types::{number_literal, Literal, LONG};
use super::{Lowering, Value, R};

impl<'a> Lowering<'a> {
    /// `pointer + offset` in elements of the pointee (flattened for variable-length arrays).
    pub(super) fn pointer_add(&mut self, pointer: ExprId, offset: ExprId, node: Node) -> R<ExprId> {
        let ty = self.ty(pointer);
        let offset = self.promoted(offset, node)?;
        let Some(pointee) = self.pointee(ty) else {
            return self.fail(node, "pointer arithmetic on a non-pointer");
        };
        match self.inner(pointee) {
            TypeInner::Void => return self.fail(node, "arithmetic on a void pointer"),
            TypeInner::Function { .. } => {
                return self.fail(node, "arithmetic on a function pointer")
            }
            TypeInner::Opaque(_) => {
                return self.fail(node, "arithmetic on a pointer to an incomplete type")
            }
            _ => {}
        }
        if self.fixed_size(pointee) {
            return Ok(self.e(ExprKind::PointerAdd { pointer, offset }, ty, node));
        }
        let (count, element) = self.runtime_count(pointee, node)?;
        let long = self.scalar(LONG);
        let offset = self.convert(offset, long, node)?;
        let scaled = self.e(
            ExprKind::Binary {
                op: BinaryOp::Mul,
                left: offset,
                right: count,
            },
            long,
            node,
        );
        let flat_ty = self.pointer_to(element);
        let flat = self.e(ExprKind::Cast(pointer), flat_ty, node);
        let moved = self.e(
            ExprKind::PointerAdd {
                pointer: flat,
                offset: scaled,
            },
            flat_ty,
            node,
        );
        Ok(self.e(ExprKind::Cast(moved), ty, node))
    }

    /// `pointer - offset`: the offset negated as a `long`.
    pub(super) fn pointer_sub(&mut self, pointer: ExprId, offset: ExprId, node: Node) -> R<ExprId> {
        let long = self.scalar(LONG);
        let offset = self.promoted(offset, node)?;
        let offset = self.convert(offset, long, node)?;
        let negated = self.e(
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand: offset,
            },
            long,
            node,
        );
        self.pointer_add(pointer, negated, node)
    }

    pub(super) fn pointer_diff(&mut self, l: ExprId, r: ExprId, node: Node) -> R<ExprId> {
        let lt = self.ty(l);
        let pointee = self.pointee(lt).unwrap_or(lt);
        if !self.fixed_size(pointee)
            || !matches!(
                self.inner(pointee),
                TypeInner::Scalar(_)
                    | TypeInner::Pointer { .. }
                    | TypeInner::Struct { .. }
                    | TypeInner::Array { .. }
            )
        {
            return self.fail(
                node,
                format!("difference of pointers to {}", self.type_name(pointee)),
            );
        }
        let r = self.convert(r, lt, node)?;
        let long = self.scalar(LONG);
        Ok(self.e(ExprKind::PointerDiff { left: l, right: r }, long, node))
    }

    /// The number of innermost elements in an array type with variable dimensions, as a `long`,
    /// and the innermost element type.
    pub(super) fn runtime_count(&mut self, ty: TypeHandle, node: Node) -> R<(ExprId, TypeHandle)> {
        let long = self.scalar(LONG);
        let origin = self
            .vla_origins
            .get(&ty)
            .copied()
            .unwrap_or(node.start_byte() as u32);
        let mut count: Option<ExprId> = None;
        let mut current = ty;
        for _ in 0..super::MAX_DEPTH {
            let TypeInner::Array { element, size, .. } = self.inner(current) else {
                let count = match count {
                    Some(count) => count,
                    None => self.int_constant(1, LONG, node),
                };
                return Ok((count, current));
            };
            let extent = match size {
                ArraySize::Constant(n) => self.int_constant(i128::from(n), LONG, node),
                ArraySize::Variable(text) => self.vla_dimension(&text, origin, node)?,
                ArraySize::Unknown => {
                    return self.fail(node, "array of unknown size used as an element")
                }
            };
            count = Some(match count {
                Some(left) => self.e(
                    ExprKind::Binary {
                        op: BinaryOp::Mul,
                        left,
                        right: extent,
                    },
                    long,
                    node,
                ),
                None => extent,
            });
            current = element;
        }
        self.fail(node, "array type nested too deeply")
    }

    /// The value of a variable-length array dimension written as `text`, taken where the
    /// array was declared (`at`, the declaration's end): a constant, or an expression of
    /// variables (`m`, `nz2 + 1`) none of which the code from there to the region's end
    /// assigns, so that their values in the region are the ones the declaration used.
    pub(super) fn vla_dimension(&mut self, text: &str, at: u32, node: Node) -> R<ExprId> {
        let name = text
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        if let Some(Literal::Int(value, _)) = number_literal(name) {
            return Ok(self.int_constant(value, LONG, node));
        }
        if let Some(value) = self.unit.enum_constant(name, at) {
            return Ok(self.int_constant(i128::from(value), LONG, node));
        }
        let Some(size) = self.unit.vla_size_node(text, at) else {
            // A type name (a cast to `double (*)[m]`) declares nothing: its lone name is
            // resolved where the type stands, and read there.
            let symbol = self
                .unit
                .resolve(name, at, &mut self.module.types)
                .filter(|s| !s.is_function);
            let Some(symbol) = symbol else {
                return self.fail(
                    node,
                    format!("variable-length array dimension '{text}' is not a single variable"),
                );
            };
            let place = self.symbol_place(&symbol, node)?;
            let value = self.rvalue(place, node)?;
            return self.vla_dimension_value(value, text, node);
        };
        let mut pending = vec![size];
        while let Some(part) = pending.pop() {
            match part.kind() {
                "identifier" => {
                    let name = self.text(part);
                    if self.unit.enum_constant(name, at).is_none()
                        && self.vla_size_written(name, at)
                    {
                        return self.fail(node, Self::vla_size_changes(text, name));
                    }
                }
                "number_literal"
                | "binary_expression"
                | "unary_expression"
                | "parenthesized_expression" => {
                    let mut cursor = part.walk();
                    pending.extend(part.named_children(&mut cursor));
                }
                _ => {
                    return self.fail(
                        node,
                        format!(
                            "variable-length array dimension '{text}' is not an expression of \
                             variables and constants"
                        ),
                    )
                }
            }
        }
        let value = self.expr(size)?;
        let value = self.rvalue(value, node)?;
        self.vla_dimension_value(value, text, node)
    }

    /// A dimension's value as a `long`; it must be an integer.
    fn vla_dimension_value(&mut self, value: ExprId, text: &str, node: Node) -> R<ExprId> {
        let long = self.scalar(LONG);
        if !self.is_integer_type(self.ty(value)) {
            return self.fail(
                node,
                format!("variable-length array dimension '{text}' is not an integer"),
            );
        }
        self.convert(value, long, node)
    }

    fn vla_size_changes(text: &str, name: &str) -> String {
        format!(
            "variable-length array dimension '{text}': '{name}' changes after the array's \
             declaration"
        )
    }

    /// Whether the code from `at` to the region's end assigns the variable `name`.
    fn vla_size_written(&mut self, name: &str, at: u32) -> bool {
        if !self.vla_writes.contains_key(&at) {
            let written = self
                .unit
                .referenced_in_code(at..self.range.end, &mut self.module.types)
                .into_iter()
                .filter(|used| used.written)
                .map(|used| used.symbol.name)
                .collect();
            self.vla_writes.insert(at, written);
        }
        self.vla_writes[&at].iter().any(|written| written == name)
    }

    pub(super) fn pointer_expression(&mut self, node: Node<'a>) -> R<Value> {
        let Some(argument) = node.child_by_field_name("argument") else {
            return self.fail(node, "malformed pointer expression");
        };
        let value = self.expr(argument)?;
        self.unary_of_value(operator(self, node), value, argument, node)
    }

    /// The place a pointer value points to.
    pub(super) fn dereference(&mut self, pointer: ExprId, node: Node) -> R<Value> {
        let ty = self.ty(pointer);
        let Some(pointee) = self.pointee(ty) else {
            return self.fail(node, format!("dereference of {}", self.type_name(ty)));
        };
        match self.inner(pointee) {
            TypeInner::Void => self.fail(node, "dereference of a void pointer"),
            TypeInner::Function { .. } => self.fail(node, "calls through function pointers"),
            _ => Ok(Value::Place(pointer, pointee)),
        }
    }

    pub(super) fn subscript(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(argument), Some(index)) = (
            node.child_by_field_name("argument"),
            node.child_by_field_name("index"),
        ) else {
            return self.fail(node, "malformed subscript");
        };
        let a = self.expr(argument)?;
        let i = self.expr(index)?;
        let a_ty = self.c_type(a);
        let (base, index, index_node) = if self.is_integer_type(a_ty) {
            (i, a, argument)
        } else {
            (a, i, index)
        };
        let index = self.rvalue(index, index_node)?;
        if !self.is_integer_type(self.ty(index)) {
            return self.fail(index_node, "array subscript is not an integer");
        }
        let index = self.promoted(index, index_node)?;
        if let Value::Place(address, ty) = base {
            if let TypeInner::Array { element, .. } = self.inner(ty) {
                if self.fixed_size(element) {
                    let pointer = self.pointer_to(element);
                    let element_address = self.e(
                        ExprKind::Index {
                            base: address,
                            index,
                        },
                        pointer,
                        node,
                    );
                    return Ok(Value::Place(element_address, element));
                }
            }
        }
        let pointer = self.rvalue(base, node)?;
        let pointer_ty = self.ty(pointer);
        let Some(pointee) = self.pointee(pointer_ty) else {
            return self.fail(
                node,
                "subscript of a value that is neither an array nor a pointer",
            );
        };
        if matches!(
            self.inner(pointee),
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } | TypeInner::Struct { .. }
        ) {
            let address = self.e(
                ExprKind::Index {
                    base: pointer,
                    index,
                },
                pointer_ty,
                node,
            );
            return Ok(Value::Place(address, pointee));
        }
        // A pointer to an array (or to void, rejected there): pointer arithmetic.
        let address = self.pointer_add(pointer, index, node)?;
        self.dereference(address, node)
    }

    pub(super) fn member(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(argument), Some(field)) = (
            node.child_by_field_name("argument"),
            node.child_by_field_name("field"),
        ) else {
            return self.fail(node, "malformed member access");
        };
        let name = self.text(field).trim();
        let (mut address, mut ty) = if operator(self, node) == "->" {
            let value = self.expr(argument)?;
            let pointer = self.rvalue(value, argument)?;
            match self.pointee(self.ty(pointer)) {
                Some(pointee) => (pointer, pointee),
                None => return self.fail(node, "'->' on a value that is not a pointer"),
            }
        } else {
            match self.expr(argument)? {
                Value::Place(address, ty) => (address, ty),
                // A struct value (`mk(x).r`, a call's result): kept in a temporary.
                Value::Plain(value)
                    if matches!(self.inner(self.ty(value)), TypeInner::Struct { .. }) =>
                {
                    let ty = self.ty(value);
                    let local = self.temporary("struct", ty, node);
                    let stmts = vec![Stmt::Declare {
                        local,
                        init: Some(value),
                    }];
                    let slot = self.local_address(local, ty, node);
                    (self.block(stmts, slot, node), ty)
                }
                _ => {
                    return self.fail(
                        node,
                        "member of a struct value that is not stored in an object",
                    )
                }
            }
        };
        if let TypeInner::Opaque(tag) = self.inner(ty) {
            let Some(super::super::symbols::Tag::Record(record)) =
                self.tag(&tag, node.start_byte() as u32)
            else {
                return self.fail(node, format!("member of incomplete type '{tag}'"));
            };
            let complete = self.intern(&super::super::ctypes::CType::Record(record));
            if !matches!(self.inner(complete), TypeInner::Struct { .. }) {
                return self.fail(node, format!("member of incomplete type '{tag}'"));
            }
            let pointer = self.pointer_to(complete);
            address = self.e(ExprKind::Cast(address), pointer, node);
            ty = complete;
        }
        let Some(path) = self.member_path(ty, name, 0) else {
            return self.fail(
                node,
                format!("{} has no member named '{name}'", self.type_name(ty)),
            );
        };
        for index in path {
            let TypeInner::Struct { members, .. } = self.inner(ty) else {
                return self.internal(node, "member path through a non-struct");
            };
            let member = &members[index as usize];
            if self.is_bitfield(ty, Some(&member.name)) {
                return self.fail(node, format!("bit-field member '{}'", member.name));
            }
            let member_ty = member.ty;
            let pointer = self.pointer_to(member_ty);
            address = self.e(
                ExprKind::Member {
                    base: address,
                    member: index,
                },
                pointer,
                node,
            );
            ty = member_ty;
        }
        Ok(Value::Place(address, ty))
    }

    /// The member positions leading to `name` (through anonymous struct and union members).
    pub(super) fn member_path(&self, ty: TypeHandle, name: &str, depth: usize) -> Option<Vec<u32>> {
        let TypeInner::Struct { members, .. } = self.module.types.get(ty) else {
            return None;
        };
        if let Some(position) = members.iter().position(|m| m.name == name) {
            return Some(vec![position as u32]);
        }
        if depth > 16 {
            return None;
        }
        members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.name.is_empty())
            .find_map(|(position, m)| {
                let mut rest = self.member_path(m.ty, name, depth + 1)?;
                rest.insert(0, position as u32);
                Some(rest)
            })
    }
}
