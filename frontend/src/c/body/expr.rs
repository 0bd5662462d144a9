//! Expressions as values and places: names, literals, operators with C's conversions, pointer
//! arithmetic, subscripts (including variable-length arrays), members, `?:`, casts and `sizeof`.

use acc_ir::body::{BinaryOp, ExprId, ExprKind, Stmt, UnaryOp};
use acc_ir::{ScalarKind, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::super::ctypes::builtin_type;
use super::types::{self, char_literal, number_literal, Literal, BOOL, INT, LONG, ULONG};
use super::{Lowering, Value, R};

/// The operator token of a node (`+`, `->`, `++`).
pub(super) fn operator<'t>(lowering: &Lowering<'t>, node: Node) -> &'t str {
    node.child_by_field_name("operator")
        .map(|o| lowering.text(o).trim())
        .unwrap_or("")
}

/// Skips parentheses around an expression (not statement expressions).
pub(super) fn unparenthesized(node: Node) -> Node {
    let mut node = node;
    for _ in 0..super::MAX_DEPTH {
        if node.kind() != "parenthesized_expression" {
            break;
        }
        match node.named_child(0) {
            Some(inner)
                if inner.kind() != "compound_statement" && node.named_child_count() == 1 =>
            {
                node = inner
            }
            _ => break,
        }
    }
    node
}

pub(super) fn binary_op(token: &str) -> Option<BinaryOp> {
    Some(match token {
        "+" => BinaryOp::Add,
        "-" => BinaryOp::Sub,
        "*" => BinaryOp::Mul,
        "/" => BinaryOp::Div,
        "%" => BinaryOp::Rem,
        "<<" => BinaryOp::Shl,
        ">>" => BinaryOp::Shr,
        "&" => BinaryOp::BitAnd,
        "|" => BinaryOp::BitOr,
        "^" => BinaryOp::BitXor,
        "==" => BinaryOp::Eq,
        "!=" => BinaryOp::Ne,
        "<" => BinaryOp::Lt,
        "<=" => BinaryOp::Le,
        ">" => BinaryOp::Gt,
        ">=" => BinaryOp::Ge,
        _ => return None,
    })
}

impl<'a> Lowering<'a> {
    /// Lowers an expression (depth-bounded).
    pub(super) fn expr(&mut self, node: Node<'a>) -> R<Value> {
        self.depth += 1;
        let result = if self.depth > super::MAX_DEPTH {
            self.fail(node, "expression too deeply nested")
        } else {
            self.expr_kind(node)
        };
        self.depth -= 1;
        result
    }

    fn expr_kind(&mut self, node: Node<'a>) -> R<Value> {
        let child = |field| node.child_by_field_name(field);
        match node.kind() {
            "identifier" => self.identifier(node),
            "number_literal" => self.number(node),
            "char_literal" => {
                let Some((value, kind)) = char_literal(self.text(node).trim()) else {
                    return self.fail(node, format!("character literal {}", self.text(node)));
                };
                Ok(Value::Plain(self.int_constant(value, kind, node)))
            }
            "true" | "false" => {
                let value = i128::from(node.kind() == "true");
                Ok(Value::Plain(self.int_constant(value, BOOL, node)))
            }
            "null" => {
                let void = self.module.types.insert(TypeInner::Void);
                let pointer = self.pointer_to(void);
                Ok(Value::Plain(self.null(pointer, node)))
            }
            "string_literal" | "concatenated_string" => {
                self.fail(node, "string literals are not supported in device code")
            }
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) if inner.kind() == "compound_statement" => {
                    self.fail(node, "statement expressions ('({ ... })')")
                }
                Some(inner) if node.named_child_count() == 1 => self.expr(inner),
                _ => self.fail(node, "malformed parenthesized expression"),
            },
            "extension_expression" => match node.named_child(0) {
                Some(inner) => self.expr(inner),
                None => self.fail(node, "malformed __extension__ expression"),
            },
            "comma_expression" => {
                let (Some(left), Some(right)) = (child("left"), child("right")) else {
                    return self.fail(node, "malformed comma expression");
                };
                let stmts = self.effect(left)?;
                let value = self.expr(right)?;
                let value = self.rvalue(value, right)?;
                Ok(Value::Plain(self.block(stmts, value, node)))
            }
            "assignment_expression" | "update_expression" => {
                let (stmts, value) = self.side_effect(node, true)?;
                let Some(value) = value else {
                    return self.internal(node, "assignment without a value");
                };
                Ok(Value::Plain(self.block(stmts, value, node)))
            }
            "binary_expression" => self.binary_expression(node),
            "unary_expression" => self.unary(node),
            "pointer_expression" => self.pointer_expression(node),
            "subscript_expression" => self.subscript(node),
            "field_expression" => self.member(node),
            "call_expression" => self.call(node),
            "cast_expression" => self.cast(node),
            "sizeof_expression" | "alignof_expression" => self.size_of(node),
            "offsetof_expression" => self.offset_of(node),
            "conditional_expression" => self.conditional(node),
            "compound_literal_expression" => self.fail(node, "compound literals"),
            "gnu_asm_expression" => self.fail(node, "inline assembly"),
            "generic_expression" => self.fail(node, "_Generic selections"),
            "initializer_list" => self.fail(node, "an initializer list outside a declaration"),
            "ERROR" => self.fail(node, "syntax error"),
            other => self.fail(node, format!("unsupported expression ({other})")),
        }
    }

    /// `{ stmts; value }`, or just `value` without statements.
    pub(super) fn block(
        &mut self,
        stmts: acc_ir::body::Stmts,
        value: ExprId,
        node: Node,
    ) -> ExprId {
        if stmts.is_empty() {
            return value;
        }
        let ty = self.ty(value);
        self.e(ExprKind::Block { stmts, value }, ty, node)
    }

    fn identifier(&mut self, node: Node<'a>) -> R<Value> {
        let name = self.text(node);
        let at = node.start_byte() as u32;
        if let Some(value) = self.unit.enum_constant(name, at) {
            return Ok(Value::Plain(self.int_constant(
                i128::from(value),
                INT,
                node,
            )));
        }
        match self.unit.resolve(name, at, &mut self.module.types) {
            None if self.unit.is_typedef_name(name, at) => {
                self.fail(node, format!("ambiguous use of typedef name '{name}' in an expression"))
            }
            None => self.fail(node, format!("'{name}' is not declared")),
            Some(symbol) if symbol.is_function => self.fail(
                node,
                format!("function '{name}' used as a value (function pointers are not supported in device code)"),
            ),
            Some(symbol) => self.symbol_place(&symbol, node),
        }
    }

    fn number(&mut self, node: Node) -> R<Value> {
        if let Some(width) = self.unit.imaginary_width(node.start_byte() as u32) {
            return self.imaginary(node, width);
        }
        match number_literal(self.text(node)) {
            Some(Literal::Int(value, kind)) => {
                Ok(Value::Plain(self.int_constant(value, kind, node)))
            }
            Some(Literal::Float(value, kind)) => {
                let ty = self.scalar(kind);
                Ok(Value::Plain(self.e(ExprKind::Float(value), ty, node)))
            }
            None => self.fail(node, format!("number literal '{}'", self.text(node))),
        }
    }

    /// A GNU imaginary literal (`1.0iF`, glibc's `I`; the scanner blanked its suffix): the
    /// complex value with parts of `width` bits, 0 and the literal's value.
    fn imaginary(&mut self, node: Node, width: u8) -> R<Value> {
        if width == 80 {
            return self.fail(node, "long double complex is not supported in device code");
        }
        let value = match number_literal(self.text(node)) {
            Some(Literal::Int(value, _)) => value as f64,
            Some(Literal::Float(value, _)) => value,
            None => return self.fail(node, format!("number literal '{}'", self.text(node))),
        };
        let part = self.scalar(ScalarKind::Float { width });
        let complex = self.scalar(ScalarKind::Complex { width });
        let local = self.temporary("imaginary", complex, node);
        let [re, im] = self.complex_parts(local, width, node);
        let zero = self.e(ExprKind::Float(0.0), part, node);
        let value = self.e(ExprKind::Float(value), part, node);
        let stmts = vec![
            Stmt::Store {
                address: re,
                value: zero,
            },
            Stmt::Store { address: im, value },
        ];
        let address = self.local_address(local, complex, node);
        let loaded = self.e(ExprKind::Load(address), complex, node);
        Ok(Value::Plain(self.block(stmts, loaded, node)))
    }

    /// The addresses of the real and imaginary parts of `local`, a complex value whose parts
    /// have `width` bits.
    pub(super) fn complex_parts(
        &mut self,
        local: acc_ir::body::LocalId,
        width: u8,
        node: Node,
    ) -> [ExprId; 2] {
        let complex = self.scalar(ScalarKind::Complex { width });
        let part = self.scalar(ScalarKind::Float { width });
        let pointer = self.pointer_to(part);
        [0, 1].map(|index| {
            let address = self.local_address(local, complex, node);
            let first = self.e(ExprKind::Cast(address), pointer, node);
            let index = self.int_constant(index, LONG, node);
            self.e(ExprKind::Index { base: first, index }, pointer, node)
        })
    }

    fn binary_expression(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed binary expression");
        };
        // The operands of a chain already asked about are not asked again.
        if !std::mem::take(&mut self.in_chain) {
            if let Some(chain) = self.typedef_cast_chain(node) {
                return self.reread_chain(chain, node);
            }
        }
        let token = operator(self, node);
        let l = self.chain_operand(left)?;
        let r = self.chain_operand(right)?;
        self.binary_of_values(token, (l, left), (r, right), node)
    }

    /// `l token r` on lowered operands, each with its node: the logical operators on
    /// conditions, the others through [`Lowering::binary`].
    pub(super) fn binary_of_values(
        &mut self,
        token: &str,
        (l, left): (Value, Node),
        (r, right): (Value, Node),
        node: Node,
    ) -> R<Value> {
        if token == "&&" || token == "||" {
            let l = self.condition(l, left)?;
            let r = self.condition(r, right)?;
            let op = if token == "&&" {
                BinaryOp::LogicalAnd
            } else {
                BinaryOp::LogicalOr
            };
            let bool8 = self.scalar(BOOL);
            return Ok(Value::Truth(self.e(
                ExprKind::Binary {
                    op,
                    left: l,
                    right: r,
                },
                bool8,
                node,
            )));
        }
        let Some(op) = binary_op(token) else {
            return self.fail(node, format!("binary operator '{token}'"));
        };
        let l = self.rvalue(l, left)?;
        let r = self.rvalue(r, right)?;
        self.binary(op, l, r, node)
    }

    /// An operand of a binary expression: a binary expression there belongs to the same chain.
    fn chain_operand(&mut self, node: Node<'a>) -> R<Value> {
        self.in_chain = node.kind() == "binary_expression";
        let value = self.expr(node);
        self.in_chain = false;
        value
    }

    /// `l op r` on values with C's rules for `op`.
    pub(super) fn binary(&mut self, op: BinaryOp, l: ExprId, r: ExprId, node: Node) -> R<Value> {
        let (lt, rt) = (self.ty(l), self.ty(r));
        let (lp, rp) = (self.pointee(lt).is_some(), self.pointee(rt).is_some());
        let (li, ri) = (self.is_integer_type(lt), self.is_integer_type(rt));
        use BinaryOp as B;
        match op {
            B::Add if lp && ri => return Ok(Value::Plain(self.pointer_add(l, r, node)?)),
            B::Add if li && rp => return Ok(Value::Plain(self.pointer_add(r, l, node)?)),
            B::Sub if lp && ri => return Ok(Value::Plain(self.pointer_sub(l, r, node)?)),
            B::Sub if lp && rp => return Ok(Value::Plain(self.pointer_diff(l, r, node)?)),
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge if lp || rp => {
                let (l, r) = if lp {
                    (l, self.convert(r, lt, node)?)
                } else {
                    (self.convert(l, rt, node)?, r)
                };
                let bool8 = self.scalar(BOOL);
                return Ok(Value::Truth(self.e(
                    ExprKind::Binary {
                        op,
                        left: l,
                        right: r,
                    },
                    bool8,
                    node,
                )));
            }
            B::Shl | B::Shr => {
                if !li || !ri {
                    return self.fail(node, "shift of a non-integer");
                }
                let l = self.promoted(l, node)?;
                let r = self.promoted(r, node)?;
                let ty = self.ty(l);
                return Ok(Value::Plain(self.e(
                    ExprKind::Binary {
                        op,
                        left: l,
                        right: r,
                    },
                    ty,
                    node,
                )));
            }
            _ => {}
        }
        let (l, r, ty) = self.arithmetic_pair(l, r, node)?;
        let kind = self.scalar_kind(ty).unwrap_or(INT);
        let ok = match op {
            B::Rem | B::BitAnd | B::BitOr | B::BitXor => kind.is_integer(),
            B::Lt | B::Le | B::Gt | B::Ge => !kind.is_complex(),
            _ => true,
        };
        if !ok {
            return self.fail(node, format!("{op:?} on {}", self.type_name(ty)));
        }
        if matches!(op, B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge) {
            let bool8 = self.scalar(BOOL);
            return Ok(Value::Truth(self.e(
                ExprKind::Binary {
                    op,
                    left: l,
                    right: r,
                },
                bool8,
                node,
            )));
        }
        Ok(Value::Plain(self.e(
            ExprKind::Binary {
                op,
                left: l,
                right: r,
            },
            ty,
            node,
        )))
    }

    fn unary(&mut self, node: Node<'a>) -> R<Value> {
        let Some(argument) = node.child_by_field_name("argument") else {
            return self.fail(node, "malformed unary expression");
        };
        let token = operator(self, node);
        let value = self.expr(argument)?;
        self.unary_of_value(token, value, argument, node)
    }

    /// The unary operator `token` (`!`, `+`, `-`, `~`, `*`, `&`) applied to `value`, the
    /// lowered operand at `argument`; `node` is the whole expression.
    pub(super) fn unary_of_value(
        &mut self,
        token: &str,
        value: Value,
        argument: Node,
        node: Node,
    ) -> R<Value> {
        match token {
            "*" => {
                let pointer = self.rvalue(value, argument)?;
                return self.dereference(pointer, node);
            }
            "&" => {
                return match value {
                    Value::Place(address, _) => Ok(Value::Plain(address)),
                    _ => self.fail(node, "address of a value that is not an object"),
                }
            }
            _ => {}
        }
        if token == "!" {
            let operand = match value {
                Value::Truth(b) => b,
                other => self.rvalue(other, argument)?,
            };
            let ty = self.ty(operand);
            if self.scalar_kind(ty).is_none() && self.pointee(ty).is_none() {
                return self.fail(node, format!("'!' on {}", self.type_name(ty)));
            }
            let bool8 = self.scalar(BOOL);
            return Ok(Value::Truth(self.e(
                ExprKind::Unary {
                    op: UnaryOp::LogicalNot,
                    operand,
                },
                bool8,
                node,
            )));
        }
        let e = self.rvalue(value, argument)?;
        let e = self.promoted(e, node)?;
        let ty = self.ty(e);
        let kind = self.scalar_kind(ty).unwrap_or(INT);
        match token {
            "+" => Ok(Value::Plain(e)),
            "-" => Ok(Value::Plain(self.e(
                ExprKind::Unary {
                    op: UnaryOp::Neg,
                    operand: e,
                },
                ty,
                node,
            ))),
            "~" if kind.is_integer() => Ok(Value::Plain(self.e(
                ExprKind::Unary {
                    op: UnaryOp::Not,
                    operand: e,
                },
                ty,
                node,
            ))),
            "~" => self.fail(node, "'~' on a complex value (conjugation)"),
            other => self.fail(node, format!("unary operator '{other}'")),
        }
    }

    fn conditional(&mut self, node: Node<'a>) -> R<Value> {
        let child = |field| node.child_by_field_name(field);
        let (Some(condition), Some(alternative)) = (child("condition"), child("alternative"))
        else {
            return self.fail(node, "malformed conditional expression");
        };
        let Some(consequence) = child("consequence") else {
            return self.fail(
                node,
                "conditional with an omitted middle operand ('a ?: b')",
            );
        };
        let cond = self.expr(condition)?;
        let cond = self.condition(cond, condition)?;
        let a = self.expr(consequence)?;
        let b = self.expr(alternative)?;
        if let (Value::Truth(accept), Value::Truth(reject)) = (a, b) {
            let bool8 = self.scalar(BOOL);
            return Ok(Value::Truth(self.e(
                ExprKind::Select {
                    cond,
                    accept,
                    reject,
                },
                bool8,
                node,
            )));
        }
        let a = self.rvalue(a, consequence)?;
        let b = self.rvalue(b, alternative)?;
        let (at, bt) = (self.ty(a), self.ty(b));
        let (a, b, ty) = if at == bt {
            (a, b, at)
        } else if self.scalar_kind(at).is_some() && self.scalar_kind(bt).is_some() {
            self.arithmetic_pair(a, b, node)?
        } else if self.pointee(at).is_some() {
            let void_b = self
                .pointee(bt)
                .is_some_and(|p| matches!(self.inner(p), TypeInner::Void));
            let ty = if void_b { bt } else { at };
            (self.convert(a, ty, node)?, self.convert(b, ty, node)?, ty)
        } else if self.pointee(bt).is_some() {
            (self.convert(a, bt, node)?, b, bt)
        } else {
            return self.fail(
                node,
                format!(
                    "conditional with operands {} and {}",
                    self.type_name(at),
                    self.type_name(bt)
                ),
            );
        };
        Ok(Value::Plain(self.e(
            ExprKind::Select {
                cond,
                accept: a,
                reject: b,
            },
            ty,
            node,
        )))
    }

    fn cast(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(type_node), Some(value_node)) = (
            node.child_by_field_name("type"),
            node.child_by_field_name("value"),
        ) else {
            return self.fail(node, "malformed cast");
        };
        let to = self.type_descriptor(type_node)?;
        let value = self.expr(value_node)?;
        self.cast_to(value, to, node)
    }

    /// An explicit conversion of `value` to `to`.
    pub(super) fn cast_to(&mut self, value: Value, to: TypeHandle, node: Node) -> R<Value> {
        match self.inner(to) {
            TypeInner::Void => {
                let e = self.rvalue(value, node)?;
                Ok(Value::Plain(self.e(ExprKind::Cast(e), to, node)))
            }
            TypeInner::Scalar(_) | TypeInner::Pointer { .. } => {
                let from = self.c_type(value);
                let float_pointer = matches!(
                    (self.scalar_kind(from), self.inner(to)),
                    (Some(kind), TypeInner::Pointer { .. }) if !kind.is_integer()
                );
                if float_pointer {
                    return self.fail(node, "cast of a floating value to a pointer");
                }
                Ok(Value::Plain(self.convert_value(value, to, node)?))
            }
            _ => self.fail(node, format!("cast to {}", self.type_name(to))),
        }
    }

    /// The type name in parentheses that `node` is, if it is one: tree-sitter cannot tell
    /// `(T)(x)`, `(T)-x`, `(T)*p` and `(T)&x` from a call or a binary operator when `T` is a
    /// typedef name (or a type keyword it reads as a name, like `_Bool`).
    pub(super) fn parenthesized_typedef(&self, node: Node<'a>) -> Option<Node<'a>> {
        let inner = node.named_child(0)?;
        if node.kind() != "parenthesized_expression"
            || node.named_child_count() != 1
            || !matches!(inner.kind(), "identifier" | "primitive_type")
        {
            return None;
        }
        let (name, at) = (self.text(inner), inner.start_byte() as u32);
        let is_type = self.unit.is_typedef_name(name, at)
            || (builtin_type(name).is_some() && self.unit.index().lookup(name, at).is_none());
        is_type.then_some(inner)
    }

    /// The type a typedef name (or a built-in type name) denotes.
    pub(super) fn typedef_type(&mut self, name: Node) -> R<TypeHandle> {
        let entry = self
            .unit
            .index()
            .lookup(self.text(name), name.start_byte() as u32);
        match entry
            .map(|e| e.ty.clone())
            .or_else(|| builtin_type(self.text(name)))
        {
            Some(ctype) => Ok(self.intern(&ctype)),
            None => self.fail(name, "unknown typedef"),
        }
    }

    /// `(T)(x)` that parsed as a call: the cast, unless a postfix operator follows (which binds
    /// to `x` in C).
    pub(super) fn typedef_cast_of_call(
        &mut self,
        type_name: Node<'a>,
        args: &[Node<'a>],
        node: Node<'a>,
    ) -> R<Value> {
        let postfix = node.parent().is_some_and(|p| {
            matches!(
                p.kind(),
                "subscript_expression"
                    | "field_expression"
                    | "call_expression"
                    | "update_expression"
            ) && p
                .named_child(0)
                .is_some_and(|first| first.id() == node.id())
        });
        let [argument] = args else {
            return self.fail(
                node,
                format!("ambiguous cast to typedef name '{}'", self.text(type_name)),
            );
        };
        if postfix {
            return self.fail(
                node,
                format!("ambiguous cast to typedef name '{}'", self.text(type_name)),
            );
        }
        let value = self.expr(*argument)?;
        let to = self.typedef_type(type_name)?;
        self.cast_to(value, to, node)
    }

    /// `sizeof` and `_Alignof` of a type name or of an (unevaluated) expression.
    fn size_of(&mut self, node: Node<'a>) -> R<Value> {
        let ty = if let Some(type_node) = node.child_by_field_name("type") {
            self.type_descriptor(type_node)?
        } else if let Some(typedef) = node
            .child_by_field_name("value")
            .map(unparenthesized)
            .filter(|v| v.kind() == "identifier")
            .filter(|v| {
                self.unit
                    .is_typedef_name(self.text(*v), v.start_byte() as u32)
            })
        {
            // `sizeof(name)` of a typedef name parses as an expression.
            let at = typedef.start_byte() as u32;
            let entry = self
                .unit
                .index()
                .lookup(self.text(typedef), at)
                .map(|e| e.ty.clone());
            match entry {
                Some(ctype) => self.intern(&ctype),
                None => return self.fail(typedef, "unknown typedef"),
            }
        } else if let Some(value) = node.child_by_field_name("value") {
            let (ty, _) = self.scratch(|this| {
                let value = this.expr(value)?;
                Ok(this.c_type(value))
            })?;
            ty
        } else {
            return self.fail(node, "malformed sizeof");
        };
        let align_of = node.kind() == "alignof_expression";
        if let TypeInner::Struct { .. } = self.inner(ty) {
            if self.is_bitfield(ty, None) {
                return self.fail(
                    node,
                    format!("sizeof of {}, which has bit-fields", self.type_name(ty)),
                );
            }
        }
        if !align_of && !self.fixed_size(ty) {
            let (count, element) = self.runtime_count(ty, node)?;
            let Some((size, _)) = types::size_align(&self.module.types, element) else {
                return self.fail(node, format!("sizeof of {}", self.type_name(element)));
            };
            let long = self.scalar(LONG);
            let element_size = self.int_constant(i128::from(size), LONG, node);
            let bytes = self.e(
                ExprKind::Binary {
                    op: BinaryOp::Mul,
                    left: count,
                    right: element_size,
                },
                long,
                node,
            );
            let size_t = self.scalar(ULONG);
            return Ok(Value::Plain(self.e(ExprKind::Cast(bytes), size_t, node)));
        }
        let mut element = ty;
        while let TypeInner::Array { element: inner, .. } = self.inner(element) {
            element = inner;
        }
        let layout = types::size_align(&self.module.types, if align_of { element } else { ty });
        match layout {
            Some((size, align)) => {
                let value = if align_of { align } else { size };
                Ok(Value::Plain(self.int_constant(
                    i128::from(value),
                    ULONG,
                    node,
                )))
            }
            None => self.fail(node, format!("sizeof of {}", self.type_name(ty))),
        }
    }

    fn offset_of(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(type_node), Some(member)) = (
            node.child_by_field_name("type"),
            node.child_by_field_name("member"),
        ) else {
            return self.fail(node, "offsetof with a member designator other than a name");
        };
        let mut ty = self.type_descriptor(type_node)?;
        let name = self.text(member).trim();
        let Some(path) = self.member_path(ty, name, 0) else {
            return self.fail(
                node,
                format!("{} has no member named '{name}'", self.type_name(ty)),
            );
        };
        let mut offset = 0u64;
        for index in path {
            let position = types::member_offset(&self.module.types, ty, index as usize);
            let (Some(position), TypeInner::Struct { members, .. }) = (position, self.inner(ty))
            else {
                return self.fail(node, format!("offsetof in {}", self.type_name(ty)));
            };
            if self.is_bitfield(ty, None) {
                return self.fail(
                    node,
                    format!("offsetof in {}, which has bit-fields", self.type_name(ty)),
                );
            }
            offset += position;
            ty = members[index as usize].ty;
        }
        Ok(Value::Plain(self.int_constant(
            i128::from(offset),
            ULONG,
            node,
        )))
    }
}
