//! Fortran expressions: names (variables, named constants folded), literals with kinds,
//! operators with Fortran's kind promotion, array elements with the column-major ABI, and the
//! conversions of assignment.

use super::super::symbols::{BaseType, Resolved, Symbol, Upper};
use super::{Lowering, SyntheticKind, Value, BOOL, I64, MAX_DEPTH, R};
use acc_ir::body::{BinaryOp, ExprId, ExprKind, LocalKind, MathFn, Stmt, UnaryOp};
use acc_ir::{Handle, ScalarKind, TypeHandle, Variable};
use tree_sitter::Node;

/// What a name denotes where it is used.
pub(super) enum Name {
    Variable(Handle<Variable>, Symbol),
    /// A named constant, with the scope it is declared in.
    Constant(Symbol, usize),
    /// A procedure of the program.
    Procedure,
    /// Not declared (an intrinsic, or a name from a module accc does not see).
    Unknown,
}

/// The named constants of `module openacc` that device code may use.
fn openacc_constant(name: &str) -> Option<i128> {
    let name = name.to_ascii_lowercase();
    let device = name.strip_prefix("acc_device_")?;
    accc_abi::device_type::NAMES
        .iter()
        .find(|(known, _)| *known == device)
        .map(|&(_, value)| i128::from(value))
}

/// The common kind of a mixed arithmetic operation (Fortran 2018 Table 10.2).
pub(super) fn common(a: ScalarKind, b: ScalarKind) -> Option<ScalarKind> {
    use ScalarKind as K;
    Some(match (a, b) {
        (K::Int { width: x, .. }, K::Int { width: y, .. }) => K::Int {
            signed: true,
            width: x.max(y),
        },
        (K::Int { .. }, K::Float { width }) | (K::Float { width }, K::Int { .. }) => {
            K::Float { width }
        }
        (K::Float { width: x }, K::Float { width: y }) => K::Float { width: x.max(y) },
        (K::Complex { width: x }, K::Complex { width: y }) => K::Complex { width: x.max(y) },
        (K::Complex { width }, K::Int { .. }) | (K::Int { .. }, K::Complex { width }) => {
            K::Complex { width }
        }
        (K::Complex { width: x }, K::Float { width: y })
        | (K::Float { width: y }, K::Complex { width: x }) => K::Complex { width: x.max(y) },
        _ => return None,
    })
}

/// The Fortran spelling of a scalar kind, for messages.
pub(super) fn kind_name(kind: ScalarKind) -> String {
    crate::fortran::kind_spelling(kind)
}

fn is_numeric(kind: ScalarKind) -> bool {
    !matches!(kind, ScalarKind::Bool { .. })
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// The scope a node is in.
    pub(super) fn scope_of(&self, node: Node) -> Option<usize> {
        self.lw.unit.scopes.name_scope_at(node.start_byte() as u32)
    }

    /// Resolves the name `node` (an identifier) as seen where it is.
    pub(super) fn name(&mut self, node: Node<'a>) -> R<Name> {
        if let Some((var, symbol)) = self.view_of(node) {
            return Ok(Name::Variable(var, symbol));
        }
        // The associate name of a variable, from a construct around the region, is the variable.
        let written = self.text(node).to_string();
        let name = self
            .lw
            .unit
            .associated_variable(&written, node.start_byte() as u32)
            .unwrap_or(written);
        let Some(scope) = self.scope_of(node) else {
            return self.fail(node, format!("'{name}' is outside any program unit"));
        };
        let (mut symbol, declared_in) = match self.lw.unit.scopes.resolve(scope, &name) {
            Resolved::Variable(symbol, index) => (symbol, index),
            Resolved::Procedure => return Ok(Name::Procedure),
            Resolved::External => return Ok(Name::Unknown),
            Resolved::NotFound => match self.lw.unit.scopes.implicit(scope).type_of(&name) {
                None => return Ok(Name::Unknown),
                Some(base) => {
                    // An implicitly typed name belongs to the program unit, not to a block.
                    let scope = self.lw.unit.scopes.unit_of(scope);
                    (
                        Symbol {
                            name: name.clone(),
                            base,
                            dims: Vec::new(),
                            attrs: Default::default(),
                            decl: self.lw.unit.scopes.scopes[scope].header.clone(),
                            value: None,
                            real: None,
                            typed: false,
                            link: None,
                        },
                        scope,
                    )
                }
            },
        };
        if !symbol.name.eq_ignore_ascii_case(&name) {
            symbol.name = name.clone();
        }
        if symbol.attrs.parameter {
            return Ok(Name::Constant(symbol, declared_in));
        }
        if symbol.attrs.external {
            return Ok(Name::Procedure);
        }
        self.check_outer_block(declared_in, node)?;
        let var = self.lw.variable_of(&symbol, declared_in);
        self.note_routine_variable(var, &symbol, declared_in);
        Ok(Name::Variable(var, symbol))
    }

    /// The variable a name denotes, if it is one.
    pub(super) fn variable_named(
        &mut self,
        node: Node<'a>,
    ) -> R<Option<(Handle<Variable>, Symbol)>> {
        Ok(match self.name(node)? {
            Name::Variable(var, symbol) => Some((var, symbol)),
            _ => None,
        })
    }

    /// The place of a variable: its rebound local, or the program's variable.
    pub(super) fn variable_place(&mut self, var: Handle<Variable>, node: Node) -> Value {
        let ty = self.lw.module.variables[var].ty;
        if let Some(origin) = self.view_origin(var) {
            let address = self.load_local(origin, node);
            return Value::Place(address, ty);
        }
        let pointer = self.pointer_to(ty);
        let local = self
            .rebound
            .iter()
            .rev()
            .find_map(|frame| frame.get(&var).copied());
        if local.is_none() && self.routine.is_some() {
            return self.routine_place(var, node);
        }
        let address = match local {
            Some(local) => self.e(ExprKind::Local(local), pointer, node),
            None => self.e(ExprKind::Variable(var), pointer, node),
        };
        Value::Place(address, ty)
    }

    /// Lowers an expression.
    pub(super) fn expr(&mut self, node: Node<'a>) -> R<Value> {
        self.depth += 1;
        let result = if self.depth > MAX_DEPTH {
            self.fail(node, "expression nested too deeply")
        } else {
            self.expr_inner(node)
        };
        self.depth -= 1;
        result
    }

    /// Lowers an expression to a scalar value.
    pub(super) fn value(&mut self, node: Node<'a>) -> R<ExprId> {
        let value = self.expr(node)?;
        self.rvalue(value, node)
    }

    /// The value of a lowered expression; places are loaded (they must be scalars).
    pub(super) fn rvalue(&mut self, value: Value, node: Node) -> R<ExprId> {
        match value {
            Value::Val(e) => Ok(e),
            Value::Place(address, ty) => {
                if self.scalar_of(ty).is_none() {
                    return self.fail(
                        node,
                        format!(
                            "'{}' of type {} in an expression (only scalars of intrinsic numeric and logical types are supported)",
                            self.text(node),
                            super::super::operands::type_name(&self.lw.module.types, ty)
                        ),
                    );
                }
                Ok(self.e(ExprKind::Load(address), ty, node))
            }
        }
    }

    fn expr_inner(&mut self, node: Node<'a>) -> R<Value> {
        match node.kind() {
            "identifier" => self.identifier(node),
            "number_literal" => self.number(node).map(Value::Val),
            "boolean_literal" => {
                let kind = match node.child_by_field_name("kind") {
                    Some(k) => self.kind_param(k)?,
                    None => 4,
                };
                let value = i128::from(self.text(node).to_ascii_lowercase().contains("true"));
                let ty = self.scalar_ty(ScalarKind::Bool { width: kind * 8 });
                Ok(Value::Val(self.e(ExprKind::Int(value), ty, node)))
            }
            "complex_literal" => {
                let mut cursor = node.walk();
                let parts: Vec<Node<'a>> = node.named_children(&mut cursor).collect();
                let [re, im] = parts.as_slice() else {
                    return self.fail(node, "malformed complex constant");
                };
                let (re, im) = (self.value(*re)?, self.value(*im)?);
                let width = [re, im]
                    .iter()
                    .map(|e| match self.kind_of(*e) {
                        Some(ScalarKind::Float { width }) => width,
                        _ => 32,
                    })
                    .max()
                    .unwrap_or(32);
                Ok(Value::Val(self.make_complex(re, Some(im), width, node)?))
            }
            "parenthesized_expression" => {
                let Some(inner) = node.named_child(0) else {
                    return self.fail(node, "empty parentheses");
                };
                self.value(inner).map(Value::Val)
            }
            "unary_expression" => {
                let Some(argument) = node.child_by_field_name("argument") else {
                    return self.fail(node, "malformed expression");
                };
                let operand = self.value(argument)?;
                let op = node
                    .child_by_field_name("operator")
                    .map_or("", |o| self.text(o));
                match self.kind_of(operand) {
                    Some(kind) if is_numeric(kind) => {}
                    _ => return self.fail(node, "unary '+' or '-' of a non-numeric operand"),
                }
                if op == "+" {
                    return Ok(Value::Val(operand));
                }
                let ty = self.ty(operand);
                Ok(Value::Val(self.e(
                    ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand,
                    },
                    ty,
                    node,
                )))
            }
            "math_expression" => self.math_expression(node).map(Value::Val),
            "relational_expression" => self.relational(node).map(Value::Val),
            "logical_expression" => self.logical(node).map(Value::Val),
            "call_expression" => self.call(node),
            "derived_type_member_expression" => self.component(node),
            "string_literal" | "concatenation_expression" => {
                self.fail(node, "character expression")
            }
            other => self.fail(
                node,
                format!("expression '{}' ({other})", self.text(node).trim()),
            ),
        }
    }

    fn identifier(&mut self, node: Node<'a>) -> R<Value> {
        if let Some(bound) = self.associated(node)? {
            return Ok(bound);
        }
        match self.name(node)? {
            Name::Variable(var, symbol) => {
                // A variable of a derived type device code lays out is a place: for its
                // components, and for intrinsic assignment of the whole object.
                let laid_out = match &symbol.base {
                    BaseType::Derived(name) => self.layout_problem(name, node).is_none(),
                    _ => false,
                };
                if matches!(symbol.base, BaseType::Unknown(_) | BaseType::Character(_))
                    || (matches!(symbol.base, BaseType::Derived(_)) && !laid_out)
                    || matches!(symbol.base, BaseType::CPtr)
                {
                    return self.fail(
                        node,
                        format!(
                            "'{}' of type {} (only intrinsic numeric and logical types are supported)",
                            symbol.name,
                            super::super::operands::type_name(
                                &self.lw.module.types,
                                self.lw.module.variables[var].ty
                            )
                        ),
                    );
                }
                if !symbol.dims.is_empty() && self.elemental_rank().is_some() {
                    return self.whole_array_element(var, &symbol, node);
                }
                Ok(self.variable_place(var, node))
            }
            Name::Constant(symbol, scope) => self.constant(&symbol, scope, node).map(Value::Val),
            Name::Procedure => self.fail(
                node,
                format!("reference to procedure '{}'", self.text(node)),
            ),
            Name::Unknown => match openacc_constant(self.text(node)) {
                Some(value) => Ok(Value::Val(self.int(value, super::I32, node))),
                None => self.fail(
                    node,
                    format!(
                        "'{}' is not declared in this file (accc cannot see its module)",
                        self.text(node)
                    ),
                ),
            },
        }
    }

    /// The value of a named constant, folded from its declaration.
    fn constant(&mut self, symbol: &Symbol, scope: usize, node: Node<'a>) -> R<ExprId> {
        let Some(kind) = super::super::operands::scalar(&symbol.base) else {
            return self.fail(
                node,
                format!("named constant '{}' of a non-numeric type", symbol.name),
            );
        };
        if !symbol.dims.is_empty() {
            return self.fail(node, format!("array constant '{}'", symbol.name));
        }
        match (symbol.value, symbol.real, kind) {
            (Some(value), _, ScalarKind::Int { .. } | ScalarKind::Bool { .. }) => {
                return Ok(self.int(i128::from(value), kind, node));
            }
            (_, Some(bits), ScalarKind::Float { .. }) => {
                return Ok(self.float(f64::from_bits(bits), kind, node));
            }
            _ => {}
        }
        let _ = scope;
        if symbol.decl == super::super::symbols::IMPORTED {
            return self.fail(
                node,
                format!(
                    "the value of named constant '{}' is not in its module's interface file",
                    symbol.name
                ),
            );
        }
        let init = self
            .root()
            .and_then(|root| super::super::constants::initialiser(root, &symbol.decl));
        let Some(init) = init else {
            return self.fail(
                node,
                format!("the value of named constant '{}' is not known", symbol.name),
            );
        };
        let value = self.value(init)?;
        self.convert(value, kind, node)
    }

    /// A kind parameter: a number or a named constant.
    pub(super) fn kind_param(&mut self, node: Node<'a>) -> R<u8> {
        let scope = self.scope_of(node);
        let value = super::super::symbols::eval_node(
            &self.lw.unit.text,
            &self.lw.unit.scopes,
            scope,
            node,
            0,
        );
        match value {
            Some(k @ (1 | 2 | 4 | 8)) => Ok(k as u8),
            Some(16) => self.fail(node, "kind 16 (quadruple precision)"),
            _ => self.fail(
                node,
                format!("kind '{}' is not a known constant", self.text(node)),
            ),
        }
    }

    /// An integer or real literal with its kind (`2`, `2_8`, `1.5`, `1.5d0`, `1.5_dp`).
    fn number(&mut self, node: Node<'a>) -> R<ExprId> {
        let full = self.text(node);
        let kind_node = node.child_by_field_name("kind");
        let digits = match kind_node {
            Some(k) => &full[..(k.start_byte() - node.start_byte()).saturating_sub(1)],
            None => full,
        };
        let explicit = match kind_node {
            Some(k) => Some(self.kind_param(k)?),
            None => None,
        };
        let lower = digits.to_ascii_lowercase();
        if lower.starts_with(['b', 'o', 'z']) || lower.contains('"') || lower.contains('\'') {
            return self.fail(node, format!("BOZ constant '{full}'"));
        }
        let is_real = lower.contains(['.', 'e', 'd', 'q']);
        let kinds = self.kinds();
        if !is_real {
            let kind = explicit.map_or(kinds.integer, |k| kinds.integer_kind(k));
            let Ok(value) = lower.parse::<i128>() else {
                return self.fail(node, format!("integer constant '{full}'"));
            };
            let bits = u32::from(kind) * 8;
            if value >= 1i128 << (bits - 1) {
                return self.fail(
                    node,
                    format!("integer constant '{full}' does not fit its kind"),
                );
            }
            return Ok(self.int(
                value,
                ScalarKind::Int {
                    signed: true,
                    width: kind * 8,
                },
                node,
            ));
        }
        if lower.contains('q') {
            return self.fail(node, format!("quadruple-precision constant '{full}'"));
        }
        if explicit.is_some() && lower.contains('d') {
            return self.fail(node, format!("malformed constant '{full}'"));
        }
        let Some((value, kind)) = super::super::constants::real_literal(&lower, explicit, kinds)
        else {
            return self.fail(node, format!("real constant '{full}'"));
        };
        Ok(self.float(value, ScalarKind::Float { width: kind * 8 }, node))
    }

    /// Converts a value to `to` as Fortran's intrinsic assignment does.
    pub(super) fn convert(&mut self, value: ExprId, to: ScalarKind, node: Node) -> R<ExprId> {
        let Some(from) = self.kind_of(value) else {
            return self.fail(node, "conversion of a non-scalar");
        };
        if from == to {
            return Ok(value);
        }
        let from_logical = matches!(from, ScalarKind::Bool { .. });
        let to_logical = matches!(to, ScalarKind::Bool { .. });
        if from_logical != to_logical {
            return self.fail(
                node,
                format!("conversion from {} to {}", kind_name(from), kind_name(to)),
            );
        }
        let ty = self.scalar_ty(to);
        Ok(self.e(ExprKind::Cast(value), ty, node))
    }

    /// Converts a logical value to `Bool { width: 8 }`.
    pub(super) fn truth(&mut self, value: ExprId, node: Node) -> R<ExprId> {
        match self.kind_of(value) {
            Some(ScalarKind::Bool { .. }) => self.convert(value, BOOL, node),
            _ => self.fail(
                node,
                format!("'{}' is not a logical expression", self.text(node)),
            ),
        }
    }

    /// Lowers a logical expression to `Bool { width: 8 }`.
    pub(super) fn condition(&mut self, node: Node<'a>) -> R<ExprId> {
        let value = self.value(node)?;
        self.truth(value, node)
    }

    /// Both operands converted to their common kind.
    pub(super) fn promote(
        &mut self,
        left: ExprId,
        right: ExprId,
        node: Node,
    ) -> R<(ExprId, ExprId, ScalarKind)> {
        let (Some(a), Some(b)) = (self.kind_of(left), self.kind_of(right)) else {
            return self.fail(node, "operand of a non-scalar type");
        };
        let Some(kind) = common(a, b) else {
            return self.fail(
                node,
                format!(
                    "operation on {} and {} in '{}'",
                    kind_name(a),
                    kind_name(b),
                    self.text(node)
                ),
            );
        };
        Ok((
            self.convert(left, kind, node)?,
            self.convert(right, kind, node)?,
            kind,
        ))
    }

    fn math_expression(&mut self, node: Node<'a>) -> R<ExprId> {
        let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed expression");
        };
        let op = node
            .child_by_field_name("operator")
            .map_or("", |o| self.text(o));
        let left = self.value(l)?;
        let right = self.value(r)?;
        if op == "**" {
            return self.power(left, right, node);
        }
        let op = match op {
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            other => return self.fail(node, format!("operator '{other}'")),
        };
        let (left, right, kind) = self.promote(left, right, node)?;
        let ty = self.scalar_ty(kind);
        Ok(self.binary(op, left, right, ty, node))
    }

    /// `base ** exponent`: integer exponents by repeated squaring (libgcc's `__powidf2`
    /// algorithm), real and mixed ones by `pow`, complex ones in `complex_power.rs`.
    fn power(&mut self, base: ExprId, exponent: ExprId, node: Node<'a>) -> R<ExprId> {
        let (Some(b), Some(e)) = (self.kind_of(base), self.kind_of(exponent)) else {
            return self.fail(node, "'**' of non-scalars");
        };
        if !is_numeric(b) || !is_numeric(e) {
            return self.fail(node, "'**' of a logical operand");
        }
        if e.is_complex() || (b.is_complex() && !matches!(e, ScalarKind::Int { .. })) {
            return self.complex_general_power(base, exponent, node);
        }
        if let ScalarKind::Int { .. } = e {
            // A small constant exponent: multiplications (as gfortran expands them).
            if let ExprKind::Int(k @ 0..=3) = self.body.exprs[exponent].kind {
                let kind = if let ScalarKind::Int { .. } = b {
                    common(b, e).unwrap_or(b)
                } else {
                    b
                };
                let base = self.convert(base, kind, node)?;
                let ty = self.scalar_ty(kind);
                if k == 0 {
                    return match kind {
                        ScalarKind::Int { .. } => Ok(self.int(1, kind, node)),
                        ScalarKind::Complex { .. } => self.complex_one(kind, node),
                        _ => Ok(self.float(1.0, kind, node)),
                    };
                }
                let mut stmts = Vec::new();
                let x = self.temporary("pow.x", base, node, &mut stmts);
                let mut product = self.load_local(x, node);
                for _ in 1..k {
                    let factor = self.load_local(x, node);
                    product = self.binary(BinaryOp::Mul, product, factor, ty, node);
                }
                return Ok(self.block(stmts, product, node));
            }
            if let ScalarKind::Int { .. } = b {
                return self.integer_power(base, exponent, b, node);
            }
            if b.is_complex() {
                return self.complex_integer_power(base, exponent, b, node);
            }
            return self.real_integer_power(base, exponent, b, node);
        }
        let (base, exponent, kind) = self.promote(base, exponent, node)?;
        let ty = self.scalar_ty(kind);
        Ok(self.e(
            ExprKind::Math {
                function: MathFn::Pow,
                args: vec![base, exponent],
            },
            ty,
            node,
        ))
    }

    /// `x ** n` for a real `x` and an integer `n`: `y = odd(|n|) ? x : 1; while |n| > 1 {
    /// |n| >>= 1; x *= x; if odd(|n|) y *= x }`, then `1 / y` when `n < 0`.
    fn real_integer_power(
        &mut self,
        base: ExprId,
        exponent: ExprId,
        kind: ScalarKind,
        node: Node<'a>,
    ) -> R<ExprId> {
        let mut stmts = Vec::new();
        let (x, n, u, y) = self.power_setup(base, exponent, kind, node, &mut stmts)?;
        let ty = self.scalar_ty(kind);
        let one = self.float(1.0, kind, node);
        let y_value = self.load_local(y, node);
        let n_value = self.load_local(n, node);
        let zero = self.int(0, I64, node);
        let negative = self.compare(BinaryOp::Lt, n_value, zero, node);
        let inverse = self.binary(BinaryOp::Div, one, y_value, ty, node);
        let store = self.store_local(y, inverse, node);
        stmts.push(Stmt::If {
            cond: negative,
            accept: vec![store],
            reject: Vec::new(),
        });
        let _ = (x, u);
        let result = self.load_local(y, node);
        Ok(self.block(stmts, result, node))
    }

    /// `n < 0 ? -n : n` for the `i64` local `n`.
    pub(super) fn magnitude(&mut self, n: acc_ir::body::LocalId, node: Node<'a>) -> ExprId {
        let i64_ty = self.i64_ty();
        let n1 = self.load_local(n, node);
        let zero = self.int(0, I64, node);
        let negative = self.compare(BinaryOp::Lt, n1, zero, node);
        let n2 = self.load_local(n, node);
        let minus = self.e(
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand: n2,
            },
            i64_ty,
            node,
        );
        let n3 = self.load_local(n, node);
        self.e(
            ExprKind::Select {
                cond: negative,
                accept: minus,
                reject: n3,
            },
            i64_ty,
            node,
        )
    }

    /// The shared part of the power loops: locals x (the base), n (the exponent as i64), u
    /// (|n|), y (the result), and the squaring loop.
    fn power_setup(
        &mut self,
        base: ExprId,
        exponent: ExprId,
        kind: ScalarKind,
        node: Node<'a>,
        stmts: &mut Vec<Stmt>,
    ) -> R<(
        acc_ir::body::LocalId,
        acc_ir::body::LocalId,
        acc_ir::body::LocalId,
        acc_ir::body::LocalId,
    )> {
        let ty = self.scalar_ty(kind);
        let i64_ty = self.i64_ty();
        let x = self.temporary("pow.x", base, node, stmts);
        let exponent = self.convert(exponent, I64, node)?;
        let n = self.temporary("pow.n", exponent, node, stmts);
        let magnitude = self.magnitude(n, node);
        let u = self.temporary("pow.u", magnitude, node, stmts);
        // y = odd(u) ? x : 1
        let odd = self.odd(u, node);
        let x1 = self.load_local(x, node);
        let one = match kind {
            ScalarKind::Int { .. } => self.int(1, kind, node),
            _ => self.float(1.0, kind, node),
        };
        let first = self.e(
            ExprKind::Select {
                cond: odd,
                accept: x1,
                reject: one,
            },
            ty,
            node,
        );
        let y = self.temporary("pow.y", first, node, stmts);
        // while u > 1: u >>= 1; x *= x; if odd(u): y *= x
        let u1 = self.load_local(u, node);
        let one64 = self.int(1, I64, node);
        let more = self.compare(BinaryOp::Gt, u1, one64, node);
        let u2 = self.load_local(u, node);
        let one64 = self.int(1, I64, node);
        let halved = self.binary(BinaryOp::Shr, u2, one64, i64_ty, node);
        let halve = self.store_local(u, halved, node);
        let xa = self.load_local(x, node);
        let xb = self.load_local(x, node);
        let squared = self.binary(BinaryOp::Mul, xa, xb, ty, node);
        let square = self.store_local(x, squared, node);
        let odd = self.odd(u, node);
        let ya = self.load_local(y, node);
        let xc = self.load_local(x, node);
        let product = self.binary(BinaryOp::Mul, ya, xc, ty, node);
        let multiply = self.store_local(y, product, node);
        stmts.push(Stmt::Loop {
            cond: Some(more),
            body: vec![
                halve,
                square,
                Stmt::If {
                    cond: odd,
                    accept: vec![multiply],
                    reject: Vec::new(),
                },
            ],
            step: Vec::new(),
            test_after: false,
        });
        Ok((x, n, u, y))
    }

    /// Whether the i64 local is odd.
    pub(super) fn odd(&mut self, local: acc_ir::body::LocalId, node: Node) -> ExprId {
        let i64_ty = self.i64_ty();
        let value = self.load_local(local, node);
        let one = self.int(1, I64, node);
        let low = self.binary(BinaryOp::BitAnd, value, one, i64_ty, node);
        let zero = self.int(0, I64, node);
        self.compare(BinaryOp::Ne, low, zero, node)
    }

    /// `i ** n` for integers (of the common kind): for `n < 0` the result is `1` for `i = 1`,
    /// `±1` for `i = -1` and `0` otherwise (gfortran's `pow_i4_i4`; `0 ** -n` is invalid).
    fn integer_power(
        &mut self,
        base: ExprId,
        exponent: ExprId,
        _kind: ScalarKind,
        node: Node<'a>,
    ) -> R<ExprId> {
        let (base, exponent, kind) = self.promote(base, exponent, node)?;
        let mut stmts = Vec::new();
        // The loop squares its copy of the base; the tests below need the original.
        let x = self.temporary("pow.b", base, node, &mut stmts);
        let base = self.load_local(x, node);
        let (_, n, _, y) = self.power_setup(base, exponent, kind, node, &mut stmts)?;
        let ty = self.scalar_ty(kind);
        // n < 0: y = x == 1 ? 1 : (x == -1 ? (odd(n) ? -1 : 1) : 0)
        let n1 = self.load_local(n, node);
        let zero = self.int(0, I64, node);
        let negative = self.compare(BinaryOp::Lt, n1, zero, node);
        let x1 = self.load_local(x, node);
        let one = self.int(1, kind, node);
        let is_one = self.compare(BinaryOp::Eq, x1, one, node);
        let x2 = self.load_local(x, node);
        let minus_one = self.int(-1, kind, node);
        let is_minus_one = self.compare(BinaryOp::Eq, x2, minus_one, node);
        let odd = self.odd(n, node);
        let minus_one = self.int(-1, kind, node);
        let one = self.int(1, kind, node);
        let sign = self.e(
            ExprKind::Select {
                cond: odd,
                accept: minus_one,
                reject: one,
            },
            ty,
            node,
        );
        let zero_k = self.int(0, kind, node);
        let inner = self.e(
            ExprKind::Select {
                cond: is_minus_one,
                accept: sign,
                reject: zero_k,
            },
            ty,
            node,
        );
        let one = self.int(1, kind, node);
        let outer = self.e(
            ExprKind::Select {
                cond: is_one,
                accept: one,
                reject: inner,
            },
            ty,
            node,
        );
        let store = self.store_local(y, outer, node);
        stmts.push(Stmt::If {
            cond: negative,
            accept: vec![store],
            reject: Vec::new(),
        });
        let result = self.load_local(y, node);
        Ok(self.block(stmts, result, node))
    }

    fn relational(&mut self, node: Node<'a>) -> R<ExprId> {
        let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed expression");
        };
        let op_text = node
            .child_by_field_name("operator")
            .map_or(String::new(), |o| self.text(o).to_ascii_lowercase());
        let op = match op_text.as_str() {
            "==" | ".eq." => BinaryOp::Eq,
            "/=" | ".ne." => BinaryOp::Ne,
            "<" | ".lt." => BinaryOp::Lt,
            "<=" | ".le." => BinaryOp::Le,
            ">" | ".gt." => BinaryOp::Gt,
            ">=" | ".ge." => BinaryOp::Ge,
            other => return self.fail(node, format!("operator '{other}'")),
        };
        let left = self.value(l)?;
        let right = self.value(r)?;
        let (left, right, kind) = self.promote(left, right, node)?;
        if kind.is_complex() && !matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            return self.fail(node, "ordering comparison of complex values");
        }
        Ok(self.compare(op, left, right, node))
    }

    fn logical(&mut self, node: Node<'a>) -> R<ExprId> {
        let op_text = node
            .child_by_field_name("operator")
            .map_or(String::new(), |o| self.text(o).to_ascii_lowercase());
        if op_text == ".not." {
            let Some(argument) = node.child_by_field_name("argument") else {
                return self.fail(node, "malformed expression");
            };
            let operand = self.condition(argument)?;
            let bool_ty = self.scalar_ty(BOOL);
            return Ok(self.e(
                ExprKind::Unary {
                    op: UnaryOp::LogicalNot,
                    operand,
                },
                bool_ty,
                node,
            ));
        }
        let (Some(l), Some(r)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed expression");
        };
        let op = match op_text.as_str() {
            ".and." => BinaryOp::LogicalAnd,
            ".or." => BinaryOp::LogicalOr,
            ".eqv." => BinaryOp::Eq,
            ".neqv." => BinaryOp::Ne,
            other => return self.fail(node, format!("operator '{other}'")),
        };
        let left = self.condition(l)?;
        let right = self.condition(r)?;
        Ok(self.compare(op, left, right, node))
    }

    /// `name(args)`: an array element or an intrinsic function.
    fn call(&mut self, node: Node<'a>) -> R<Value> {
        let Some(callee) = node.named_child(0) else {
            return self.fail(node, "malformed call");
        };
        let args_node = node.named_child(1);
        let mut args: Vec<Node<'a>> = Vec::new();
        if let Some(list) = args_node {
            let mut cursor = list.walk();
            args.extend(
                list.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment"),
            );
        }
        if callee.kind() == "derived_type_member_expression" {
            return self.component_element(callee, &args, node);
        }
        if callee.kind() != "identifier" {
            return self.fail(node, format!("reference '{}'", self.text(node)));
        }
        match self.name(callee)? {
            Name::Variable(var, symbol) if !symbol.dims.is_empty() => {
                self.element(var, &symbol, &args, node)
            }
            Name::Variable(_, symbol) if symbol.typed => self
                .procedure_call(callee, &args, node, true)
                .map(Value::Val),
            Name::Procedure => self
                .procedure_call(callee, &args, node, true)
                .map(Value::Val),
            Name::Constant(symbol, _) => self.fail(
                node,
                format!("subscript of named constant '{}'", symbol.name),
            ),
            _ => self.intrinsic(callee, &args, node).map(Value::Val),
        }
    }

    /// The lower bound of dimension `d` of an array, as an `i64` expression.
    pub(super) fn lower_bound(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        d: usize,
        node: Node,
    ) -> ExprId {
        match constant_shape(symbol) {
            Some(shape) => self.int(i128::from(shape[d].0), I64, node),
            None => self.synthetic_value(var, d as u32, SyntheticKind::LowerBound, node),
        }
    }

    /// The extent of dimension `d`, as an `i64` expression (`None`: assumed size).
    pub(super) fn extent(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        d: usize,
        node: Node,
    ) -> Option<ExprId> {
        if symbol.dims[d].upper == Upper::AssumedSize {
            return None;
        }
        Some(match constant_shape(symbol) {
            Some(shape) => self.int(i128::from(shape[d].1?), I64, node),
            None => self.synthetic_value(var, d as u32, SyntheticKind::Extent, node),
        })
    }

    /// The distance in elements between consecutive elements of dimension `d` of an array, as
    /// an `i64` expression (the product of the extents before it).
    pub(super) fn dim_stride(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        d: usize,
        node: Node,
    ) -> ExprId {
        match constant_shape(symbol) {
            Some(shape) => {
                let stride = shape[..d].iter().fold(1i64, |stride, (_, extent)| {
                    stride.saturating_mul(extent.unwrap_or(0).max(0))
                });
                self.int(i128::from(stride), I64, node)
            }
            None => self.synthetic_value(var, d as u32, SyntheticKind::Stride, node),
        }
    }

    /// The address of element `a(i1, ..., ir)` (in an array assignment, sections index the
    /// current element: `arrays.rs`).
    fn element(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        args: &[Node<'a>],
        node: Node<'a>,
    ) -> R<Value> {
        self.check_subscript_count(symbol, args.len(), node)?;
        let ranked = args
            .iter()
            .filter(|a| a.kind() == "extent_specifier")
            .count();
        if let Some(rank) = self.elemental_rank().filter(|&r| ranked > 0 && ranked != r) {
            return self.fail(
                node,
                format!(
                    "array section '{}' of rank {ranked} in an array assignment of rank {rank}",
                    self.text(node)
                ),
            );
        }
        let mut indices = Vec::new();
        let mut sections = 0;
        for (d, arg) in args.iter().enumerate() {
            if arg.kind() == "extent_specifier" {
                indices.push(self.section_index(var, symbol, d, sections, *arg)?);
                sections += 1;
                continue;
            }
            indices.push(self.subscript(*arg, node)?);
        }
        self.element_at(var, symbol, &indices, node)
    }

    /// Refuses a reference whose subscript count is not `symbol`'s rank.
    pub(super) fn check_subscript_count(
        &self,
        symbol: &Symbol,
        count: usize,
        node: Node<'a>,
    ) -> R<()> {
        if count != symbol.dims.len() {
            return self.fail(
                node,
                format!(
                    "'{}' has rank {}, but {count} subscripts are given",
                    symbol.name,
                    symbol.dims.len()
                ),
            );
        }
        Ok(())
    }

    /// A scalar subscript of the reference `node` as an `i64` value; a section is refused.
    pub(super) fn subscript(&mut self, arg: Node<'a>, node: Node<'a>) -> R<ExprId> {
        if matches!(arg.kind(), "extent_specifier" | "keyword_argument")
            || self.text(arg).contains(':')
        {
            return self.fail(arg, format!("array section '{}'", self.text(node)));
        }
        self.index_value(arg)
    }

    /// The address of element `a(i1, ..., ir)` where the first `full` subscripts are `:` and
    /// stand for their dimension's lower bound (the first element of the contiguous section
    /// `a(:, ..., :, j, ...)`, an actual argument).
    pub(super) fn section_start(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        args: &[Node<'a>],
        full: usize,
        node: Node<'a>,
    ) -> R<Value> {
        self.check_subscript_count(symbol, args.len(), node)?;
        let mut indices = Vec::new();
        for (d, arg) in args.iter().enumerate() {
            if d < full {
                indices.push(self.lower_bound(var, symbol, d, *arg));
                continue;
            }
            indices.push(self.subscript(*arg, node)?);
        }
        self.element_at(var, symbol, &indices, node)
    }

    /// Element `a(lb_1 + c_1, ..., lb_r + c_r)` of a whole array `a` at the counters of the
    /// array assignment being lowered (see `arrays.rs`).
    fn whole_array_element(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        node: Node<'a>,
    ) -> R<Value> {
        let rank = self.elemental_rank().unwrap_or(0);
        if symbol.dims.len() != rank {
            return self.fail(
                node,
                format!(
                    "array '{}' of rank {} in an array assignment of rank {rank}",
                    symbol.name,
                    symbol.dims.len()
                ),
            );
        }
        let i64_ty = self.i64_ty();
        let counters = self
            .elemental
            .as_ref()
            .map(|e| e.counters.clone())
            .unwrap_or_default();
        let mut indices = Vec::new();
        for (d, counter) in counters.into_iter().enumerate() {
            let lower = self.lower_bound(var, symbol, d, node);
            let c = self.load_local(counter, node);
            indices.push(self.binary(BinaryOp::Add, lower, c, i64_ty, node));
        }
        self.element_at(var, symbol, &indices, node)
    }

    /// The address of the element of `var` at the (`i64`) subscripts `indices`.
    pub(super) fn element_at(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        indices: &[ExprId],
        node: Node<'a>,
    ) -> R<Value> {
        let var_ty = self.lw.module.variables[var].ty;
        let element = self.element_of(var_ty);
        // An element of derived type is a place for its components (`arr(i)%x`).
        let laid_out_struct = match self.lw.module.types.get(element) {
            acc_ir::TypeInner::Struct {
                name: Some(name), ..
            } => {
                let name = name.clone();
                self.layout_problem(&name, node).is_none()
            }
            _ => false,
        };
        if self.scalar_of(element).is_none() && !laid_out_struct {
            return self.fail(
                node,
                format!(
                    "element of '{}' of type {} (only intrinsic numeric and logical types are supported)",
                    symbol.name,
                    super::super::operands::type_name(&self.lw.module.types, element)
                ),
            );
        }
        let shape = constant_shape(symbol);
        let i64_ty = self.i64_ty();
        let mut offset: Option<ExprId> = None;
        let mut constant_stride: i64 = 1;
        for (d, &index) in indices.iter().enumerate() {
            let term = match &shape {
                Some(shape) => {
                    let (lower, extent) = shape[d];
                    let lower_e = self.int(i128::from(lower), I64, node);
                    let relative = if lower == 0 {
                        index
                    } else {
                        self.binary(BinaryOp::Sub, index, lower_e, i64_ty, node)
                    };
                    let term = if constant_stride == 1 {
                        relative
                    } else {
                        let stride = self.int(i128::from(constant_stride), I64, node);
                        self.binary(BinaryOp::Mul, relative, stride, i64_ty, node)
                    };
                    if d + 1 < indices.len() {
                        let Some(extent) = extent else {
                            return self.internal(node, "assumed size before the last dimension");
                        };
                        constant_stride = constant_stride.saturating_mul(extent.max(0));
                    }
                    term
                }
                None => {
                    let lower =
                        self.synthetic_value(var, d as u32, SyntheticKind::LowerBound, node);
                    let relative = self.binary(BinaryOp::Sub, index, lower, i64_ty, node);
                    let stride = self.synthetic_value(var, d as u32, SyntheticKind::Stride, node);
                    self.binary(BinaryOp::Mul, relative, stride, i64_ty, node)
                }
            };
            offset = Some(match offset {
                None => term,
                Some(sum) => self.binary(BinaryOp::Add, sum, term, i64_ty, node),
            });
        }
        let Some(offset) = offset else {
            return self.fail(node, "array reference without subscripts");
        };
        let Value::Place(address, _) = self.variable_place(var, node) else {
            return self.internal(node, "array is not a place");
        };
        let pointer = self.pointer_to(element);
        let first = self.e(ExprKind::Cast(address), pointer, node);
        let address = self.e(
            ExprKind::Index {
                base: first,
                index: offset,
            },
            pointer,
            node,
        );
        Ok(Value::Place(address, element))
    }

    /// A complex value from its parts (each converted to `real(width / 8)`); `im` absent is 0.
    pub(super) fn make_complex(
        &mut self,
        re: ExprId,
        im: Option<ExprId>,
        width: u8,
        node: Node,
    ) -> R<ExprId> {
        let part = ScalarKind::Float { width };
        let complex = ScalarKind::Complex { width };
        if let Some(ScalarKind::Complex { .. }) = self.kind_of(re) {
            if im.is_none() {
                return self.convert(re, complex, node);
            }
            return self.fail(node, "complex value built from a complex part");
        }
        let re = self.convert(re, part, node)?;
        let im = match im {
            Some(im) => self.convert(im, part, node)?,
            None => self.float(0.0, part, node),
        };
        let complex_ty = self.scalar_ty(complex);
        let part_ty = self.scalar_ty(part);
        let mut stmts = Vec::new();
        let local = self.uninit_local(
            "complex",
            complex_ty,
            LocalKind::Temporary,
            node,
            &mut stmts,
        );
        for (index, value) in [(0, re), (1, im)] {
            let address = self.part_address_of_local(local, index, part_ty, node);
            stmts.push(Stmt::Store { address, value });
        }
        let value = self.load_local(local, node);
        Ok(self.block(stmts, value, node))
    }

    fn part_address_of_local(
        &mut self,
        local: acc_ir::body::LocalId,
        index: i128,
        part_ty: TypeHandle,
        node: Node,
    ) -> ExprId {
        let address = self.local_addr(local, node);
        let pointer = self.pointer_to(part_ty);
        let first = self.e(ExprKind::Cast(address), pointer, node);
        let index = self.int(index, I64, node);
        self.e(ExprKind::Index { base: first, index }, pointer, node)
    }

    /// The real (`part` 0) or imaginary (1) part of a complex value.
    pub(super) fn complex_part(&mut self, value: ExprId, part: i128, node: Node) -> R<ExprId> {
        let Some(ScalarKind::Complex { width }) = self.kind_of(value) else {
            return self.fail(node, "part of a non-complex value");
        };
        let part_ty = self.scalar_ty(ScalarKind::Float { width });
        let mut stmts = Vec::new();
        let local = self.temporary("complex", value, node, &mut stmts);
        let address = self.part_address_of_local(local, part, part_ty, node);
        let loaded = self.e(ExprKind::Load(address), part_ty, node);
        Ok(self.block(stmts, loaded, node))
    }
}

/// The constant (lower bound, extent) of every dimension when the array's addressing needs
/// only constants: an explicit-shape or assumed-size array whose lower bounds and (except the
/// last) extents are constants. `None` for descriptor arrays and variable bounds.
pub(super) fn constant_shape(symbol: &Symbol) -> Option<Vec<(i64, Option<i64>)>> {
    if symbol.descriptor() || symbol.attrs.pointer || symbol.attrs.allocatable {
        return None;
    }
    let rank = symbol.dims.len();
    let mut shape = Vec::new();
    for (d, dim) in symbol.dims.iter().enumerate() {
        let lower = match &dim.lower {
            Some(l) => l.value?,
            None => 1,
        };
        let extent = match &dim.upper {
            Upper::Explicit(upper) => Some(upper.value?.checked_sub(lower)?.checked_add(1)?.max(0)),
            Upper::AssumedSize if d + 1 == rank => None,
            _ => return None,
        };
        shape.push((lower, extent));
    }
    Some(shape)
}
