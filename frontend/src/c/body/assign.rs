//! Assignments, compound assignments and `++`/`--` (the address is evaluated once; `a op= b`
//! computes in the common type of `a` and `b` and converts back), and expressions evaluated only
//! for their effects (expression statements, the left of a comma, `for` updates).

use acc_ir::body::{BinaryOp, ExprId, ExprKind, Stmt, Stmts};
use acc_ir::{TypeHandle, TypeInner};
use tree_sitter::Node;

use super::expr::{binary_op, operator, unparenthesized};
use super::types::INT;
use super::{Lowering, Value, R};

/// How an assignment-like expression changes its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Change {
    /// `x = e`.
    Assign,
    /// `x op= e`.
    Compound(BinaryOp),
    /// `++x` / `--x` (`true` for increment).
    Pre(bool),
    /// `x++` / `x--`.
    Post(bool),
}

impl<'a> Lowering<'a> {
    /// The target node, the change and the right-hand side node of an assignment or update.
    pub(super) fn change_of(&self, node: Node<'a>) -> R<(Node<'a>, Change, Option<Node<'a>>)> {
        let token = operator(self, node);
        if node.kind() == "update_expression" {
            let Some(argument) = node.child_by_field_name("argument") else {
                return self.fail(node, "malformed increment");
            };
            let increment = token == "++";
            let prefix = node
                .child(0)
                .is_some_and(|first| first.id() != argument.id());
            let change = if prefix {
                Change::Pre(increment)
            } else {
                Change::Post(increment)
            };
            return Ok((argument, change, None));
        }
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed assignment");
        };
        if token == "=" {
            return Ok((left, Change::Assign, Some(right)));
        }
        match token.strip_suffix('=').and_then(binary_op) {
            Some(op) => Ok((left, Change::Compound(op), Some(right))),
            None => self.fail(node, format!("assignment operator '{token}'")),
        }
    }

    /// Lowers an assignment or `++`/`--`: the statements that perform it and, when
    /// `want_value`, the expression's value (valid after the statements).
    pub(super) fn side_effect(
        &mut self,
        node: Node<'a>,
        want_value: bool,
    ) -> R<(Stmts, Option<ExprId>)> {
        let (target_node, change, right) = self.change_of(node)?;
        let Value::Place(address, ty) = self.expr(target_node)? else {
            return self.fail(target_node, "assignment to something that is not an object");
        };
        match self.inner(ty) {
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } => {}
            TypeInner::Struct { .. } if change == Change::Assign => {}
            _ => return self.fail(node, format!("assignment to {}", self.type_name(ty))),
        }
        let mut stmts = Vec::new();
        if change == Change::Assign {
            let Some(right) = right else {
                return self.fail(node, "malformed assignment");
            };
            let value = self.expr(right)?;
            let value = self.convert_value(value, ty, right)?;
            return Ok(self.store(stmts, address, value, want_value, node));
        }
        let (op, right_value) = match (change, right) {
            (Change::Compound(op), Some(right)) => {
                let value = self.expr(right)?;
                (op, self.rvalue(value, right)?)
            }
            (Change::Pre(up) | Change::Post(up), _) => {
                let one = self.int_constant(1, INT, node);
                (if up { BinaryOp::Add } else { BinaryOp::Sub }, one)
            }
            _ => return self.fail(node, "malformed compound assignment"),
        };
        // The address is used to read and to write: evaluate it once. Re-evaluating it is the
        // same unless it has effects, or the right operand's effects could change it.
        let address = if self.is_pure(address, 0) && self.is_pure(right_value, 0) {
            address
        } else {
            let pointer_ty = self.ty(address);
            let temporary = self.temporary("address", pointer_ty, node);
            stmts.push(Stmt::Declare {
                local: temporary,
                init: Some(address),
            });
            let slot = self.local_address(temporary, pointer_ty, node);
            self.e(ExprKind::Load(slot), pointer_ty, node)
        };
        let read_address = self.clone_expr(address, 0);
        let old = self.e(ExprKind::Load(read_address), ty, node);
        if let Change::Post(_) = change {
            if want_value {
                // The old value is the expression's value.
                let temporary = self.temporary("old", ty, node);
                stmts.push(Stmt::Declare {
                    local: temporary,
                    init: Some(old),
                });
                let slot = self.local_address(temporary, ty, node);
                let old_value = self.e(ExprKind::Load(slot), ty, node);
                let new = self.compute(op, old_value, right_value, ty, node)?;
                stmts.push(Stmt::Store {
                    address,
                    value: new,
                });
                let slot = self.local_address(temporary, ty, node);
                let value = self.e(ExprKind::Load(slot), ty, node);
                return Ok((stmts, Some(value)));
            }
        }
        let new = self.compute(op, old, right_value, ty, node)?;
        Ok(self.store(stmts, address, new, want_value, node))
    }

    /// `*address = value`, keeping the stored value in a temporary when it is wanted.
    fn store(
        &mut self,
        mut stmts: Stmts,
        address: ExprId,
        value: ExprId,
        want_value: bool,
        node: Node,
    ) -> (Stmts, Option<ExprId>) {
        if !want_value {
            stmts.push(Stmt::Store { address, value });
            return (stmts, None);
        }
        let ty = self.ty(value);
        let temporary = self.temporary("value", ty, node);
        stmts.push(Stmt::Declare {
            local: temporary,
            init: Some(value),
        });
        let slot = self.local_address(temporary, ty, node);
        let stored = self.e(ExprKind::Load(slot), ty, node);
        stmts.push(Stmt::Store {
            address,
            value: stored,
        });
        let slot = self.local_address(temporary, ty, node);
        let result = self.e(ExprKind::Load(slot), ty, node);
        (stmts, Some(result))
    }

    /// `old op right` computed as C computes `x op= right` for `x` of type `ty`, converted back
    /// to `ty`.
    pub(super) fn compute(
        &mut self,
        op: BinaryOp,
        old: ExprId,
        right: ExprId,
        ty: TypeHandle,
        node: Node,
    ) -> R<ExprId> {
        if self.pointee(ty).is_some() {
            if !self.is_integer_type(self.ty(right)) {
                return self.fail(node, "pointer arithmetic with a non-integer");
            }
            return match op {
                BinaryOp::Add => self.pointer_add(old, right, node),
                BinaryOp::Sub => self.pointer_sub(old, right, node),
                _ => self.fail(node, format!("{op:?} on a pointer")),
            };
        }
        let value = self.binary(op, old, right, node)?;
        self.convert_value(value, ty, node)
    }

    /// Lowers an expression evaluated only for its effects.
    pub(super) fn effect(&mut self, node: Node<'a>) -> R<Stmts> {
        self.depth += 1;
        let result = if self.depth > super::MAX_DEPTH {
            self.fail(node, "expression too deeply nested")
        } else {
            self.effect_kind(node)
        };
        self.depth -= 1;
        result
    }

    fn effect_kind(&mut self, node: Node<'a>) -> R<Stmts> {
        let inner = unparenthesized(node);
        match inner.kind() {
            "assignment_expression" | "update_expression" => Ok(self.side_effect(inner, false)?.0),
            "comma_expression" => {
                let (Some(left), Some(right)) = (
                    inner.child_by_field_name("left"),
                    inner.child_by_field_name("right"),
                ) else {
                    return self.fail(inner, "malformed comma expression");
                };
                let mut stmts = self.effect(left)?;
                stmts.extend(self.effect(right)?);
                Ok(stmts)
            }
            "cast_expression" => {
                let value = inner.child_by_field_name("value");
                let to_void = inner.child_by_field_name("type").is_some_and(|t| {
                    t.child_by_field_name("declarator").is_none() && self.text(t).trim() == "void"
                });
                match value {
                    Some(value) if to_void => self.effect(value),
                    _ => self.evaluate(inner),
                }
            }
            "conditional_expression" => {
                let child = |field| inner.child_by_field_name(field);
                let (Some(condition), Some(consequence), Some(alternative)) = (
                    child("condition"),
                    child("consequence"),
                    child("alternative"),
                ) else {
                    return self.evaluate(inner);
                };
                let cond = self.expr(condition)?;
                let cond = self.condition(cond, condition)?;
                let accept = self.effect(consequence)?;
                let reject = self.effect(alternative)?;
                Ok(vec![Stmt::If {
                    cond,
                    accept,
                    reject,
                }])
            }
            "binary_expression" if matches!(operator(self, inner), "&&" | "||") => {
                let (Some(left), Some(right)) = (
                    inner.child_by_field_name("left"),
                    inner.child_by_field_name("right"),
                ) else {
                    return self.fail(inner, "malformed binary expression");
                };
                let cond = self.expr(left)?;
                let cond = self.condition(cond, left)?;
                let then = self.effect(right)?;
                Ok(vec![if operator(self, inner) == "&&" {
                    Stmt::If {
                        cond,
                        accept: then,
                        reject: Vec::new(),
                    }
                } else {
                    Stmt::If {
                        cond,
                        accept: Vec::new(),
                        reject: then,
                    }
                }])
            }
            _ => self.evaluate(inner),
        }
    }

    /// `Eval` of an expression's value.
    fn evaluate(&mut self, node: Node<'a>) -> R<Stmts> {
        let value = self.expr(node)?;
        let e = match value {
            Value::Truth(b) => b,
            Value::Place(address, ty) if matches!(self.inner(ty), TypeInner::Array { .. }) => {
                address
            }
            other => self.rvalue(other, node)?,
        };
        Ok(vec![Stmt::Eval(e)])
    }
}
