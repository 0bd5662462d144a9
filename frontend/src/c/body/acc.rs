//! OpenACC loops and atomics inside lowered code: a `for` annotated with an `acc.loop` op becomes
//! a [`Stmt::AccLoop`] with one [`LoopControl`] per collapsed level (the tightly nested inner
//! loops are consumed); a statement annotated with an atomic op becomes a [`Stmt::Atomic`] for
//! every form of OpenACC 3.3 §2.12 (read, write, update, capture and the capture blocks).

use acc_ir::body::{
    BinaryOp, ExprId, ExprKind, LocalKind, LocalOrVariable, LoopControl, LoopMapping, Stmt, Stmts,
    UnaryOp,
};
use acc_ir::{AtomicKind, Handle, Op, OpKind, ScalarKind, TypeHandle};
use tree_sitter::Node;

use super::expr::{binary_op, operator, unparenthesized};
use super::types::common;
use super::{BreakTarget, Lowering, Value, R};
use crate::c::loops::split_nest;

/// `<` read from the other side (`n > i` is `i < n`).
fn flipped(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Ge => BinaryOp::Le,
        other => other,
    }
}

/// An atomic update as written: `target op= value`, `target++` (value `None`: one).
struct UpdateForm<'t> {
    target: Node<'t>,
    op: BinaryOp,
    value: Option<Node<'t>>,
    postfix: bool,
    /// `x = value op x` with a non-commutative `op`.
    reversed: bool,
}

impl<'a> Lowering<'a> {
    pub(super) fn acc_loop(
        &mut self,
        node: Node<'a>,
        op: Option<Handle<Op>>,
        depth: usize,
        out: &mut Stmts,
    ) -> R<()> {
        let depth = depth.max(1);
        let forced = op.is_some_and(
            |op| matches!(&self.module.ops[op].kind, OpKind::Loop(l) if l.forced_collapse()),
        );
        let mut controls = Vec::new();
        let mut variables = Vec::new();
        // The code of a `collapse(force:n)` nest that stands between its loops: it runs in every
        // iteration of the collapsed loop, before and after the innermost body (§2.9.1:
        // intervening code "may be executed multiple times").
        let mut before = Vec::new();
        let mut after = Vec::new();
        let mut current = node;
        let mut nest = vec![node];
        for _ in 1..depth {
            match current.child_by_field_name("body").and_then(split_nest) {
                Some((first, inner, last)) if forced || (first.is_empty() && last.is_empty()) => {
                    before.extend(first);
                    after.splice(0..0, last);
                    nest.push(inner);
                    current = inner;
                }
                _ => {
                    return self.fail(
                        node,
                        format!("collapse({depth}) needs {depth} tightly nested loops"),
                    );
                }
            }
        }
        let intervening: Vec<Node<'a>> = before.iter().chain(&after).copied().collect();
        if let Some(place) = self.header_dependency(&nest[1..], &intervening) {
            return self.fail(
                place,
                format!(
                    "the bounds of a loop of a 'collapse(force:{depth})' nest use '{}', which the code between the loops declares or changes",
                    self.text(place)
                ),
            );
        }
        for &level in &nest {
            let (control, decl, name) = self.loop_control(level)?;
            controls.push(control);
            variables.push((decl, name));
        }
        let Some(body) = current.child_by_field_name("body") else {
            return self.fail(current, "loop without a body");
        };
        for (decl, name) in &variables {
            let modified = std::iter::once(body)
                .chain(intervening.iter().copied())
                .find_map(|part| self.modification_of(part, *decl));
            if let Some(place) = modified {
                return self.fail(
                    place,
                    format!(
                        "the loop variable '{name}' is modified in the body of an OpenACC loop"
                    ),
                );
            }
        }
        self.acc_loops += 1;
        let body = self.looping(BreakTarget::AccLoop, |this| {
            let mut stmts = Vec::new();
            for &statement in &before {
                this.stmt(statement, &mut stmts)?;
            }
            stmts.extend(this.body_of(body)?);
            for &statement in &after {
                this.stmt(statement, &mut stmts)?;
            }
            Ok(stmts)
        });
        self.acc_loops -= 1;
        let body = body?;
        out.push(Stmt::AccLoop {
            op,
            controls,
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body,
        });
        Ok(())
    }

    /// A name in the header of one of `headers` (inner loops of a collapsed nest) that
    /// `intervening` code declares or modifies: the collapsed loop computes every bound before
    /// it starts, so such a bound has no value there.
    fn header_dependency(
        &self,
        headers: &[Node<'a>],
        intervening: &[Node<'a>],
    ) -> Option<Node<'a>> {
        if intervening.is_empty() {
            return None;
        }
        let parts = headers.iter().flat_map(|header| {
            ["initializer", "condition", "update"]
                .into_iter()
                .filter_map(|field| header.child_by_field_name(field))
        });
        let mut stack: Vec<Node<'a>> = parts.collect();
        while let Some(node) = stack.pop() {
            if node.kind() == "identifier" {
                let entry = self
                    .unit
                    .index()
                    .lookup(self.text(node), node.start_byte() as u32);
                if let Some(decl) = entry.map(|e| e.decl_range.start) {
                    let declared = intervening
                        .iter()
                        .any(|s| s.byte_range().contains(&(decl as usize)));
                    if declared
                        || intervening
                            .iter()
                            .any(|&s| self.modification_of(s, decl).is_some())
                    {
                        return Some(node);
                    }
                }
            }
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
        None
    }

    /// Whether `node` names the variable declared at `decl`.
    fn names(&self, node: Node, decl: u32) -> bool {
        let node = unparenthesized(node);
        if node.kind() != "identifier" {
            return false;
        }
        self.unit
            .index()
            .lookup(self.text(node), node.start_byte() as u32)
            .is_some_and(|entry| entry.decl_range.start == decl)
    }

    /// The first assignment, increment or address-of of the variable declared at `decl`.
    fn modification_of(&self, body: Node<'a>, decl: u32) -> Option<Node<'a>> {
        let mut stack = vec![body];
        while let Some(node) = stack.pop() {
            let target = match node.kind() {
                "assignment_expression" => node.child_by_field_name("left"),
                "update_expression" => node.child_by_field_name("argument"),
                "pointer_expression" if operator(self, node) == "&" => {
                    node.child_by_field_name("argument")
                }
                _ => None,
            };
            if target.is_some_and(|t| self.names(t, decl)) {
                return Some(node);
            }
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
        None
    }

    /// One level of an OpenACC loop nest: the control, the variable's declaration offset and
    /// its name.
    fn loop_control(&mut self, node: Node<'a>) -> R<(LoopControl, u32, String)> {
        let not_canonical = |this: &Self, what: &str| {
            this.fail(node, format!("OpenACC loop not in canonical form: {what}"))
        };
        let Some(init) = node.child_by_field_name("initializer") else {
            return not_canonical(self, "no initialisation of the loop variable");
        };
        let (name_node, lower_node, declared) = match init.kind() {
            "declaration" => {
                let mut cursor = init.walk();
                let declarators: Vec<Node<'a>> = init
                    .children_by_field_name("declarator", &mut cursor)
                    .collect();
                let [declarator] = declarators.as_slice() else {
                    return not_canonical(
                        self,
                        "the initialisation declares more than one variable",
                    );
                };
                let name = declarator
                    .child_by_field_name("declarator")
                    .filter(|d| d.kind() == "identifier");
                match (
                    declarator.kind(),
                    name,
                    declarator.child_by_field_name("value"),
                ) {
                    ("init_declarator", Some(name), Some(value)) => {
                        (name, value, Some(*declarator))
                    }
                    _ => return not_canonical(self, "the loop variable is not initialised"),
                }
            }
            "assignment_expression" if operator(self, init) == "=" => {
                let left = init.child_by_field_name("left").map(unparenthesized);
                match (
                    left.filter(|l| l.kind() == "identifier"),
                    init.child_by_field_name("right"),
                ) {
                    (Some(left), Some(right)) => (left, right, None),
                    _ => {
                        return not_canonical(self, "the initialisation does not assign a variable")
                    }
                }
            }
            _ => {
                return not_canonical(self, "the initialisation does not assign the loop variable")
            }
        };
        let name = self.text(name_node).to_string();
        let at = name_node.end_byte() as u32;
        let Some(symbol) = self.unit.resolve(&name, at, &mut self.module.types) else {
            return self.fail(name_node, format!("'{name}' is not declared"));
        };
        if !self.is_integer_type(symbol.ty)
            || matches!(self.scalar_kind(symbol.ty), Some(ScalarKind::Bool { .. }))
        {
            return self.fail(
                name_node,
                format!(
                    "loop variable '{name}' of type {} (only integer loop variables are supported)",
                    self.type_name(symbol.ty)
                ),
            );
        }
        let ty = symbol.ty;
        let var = match declared {
            Some(declarator) => {
                let local = self.new_local(
                    symbol.decl_range.start,
                    &name,
                    ty,
                    LocalKind::Declared,
                    declarator,
                );
                LocalOrVariable::Local(local)
            }
            None => match self.symbol_place(&symbol, name_node)? {
                Value::Place(address, _) => match self.body.exprs[address].kind {
                    ExprKind::Local(local) => LocalOrVariable::Local(local),
                    ExprKind::Variable(variable) => LocalOrVariable::Variable(variable),
                    _ => return not_canonical(self, "the loop variable is not a variable"),
                },
                _ => return not_canonical(self, "the loop variable is not a variable"),
            },
        };
        let decl = symbol.decl_range.start;
        let lower = self.expr(lower_node)?;
        let lower = self.convert_value(lower, ty, lower_node)?;
        // The condition: `var op bound` or `bound op var`.
        let condition = node.child_by_field_name("condition").map(unparenthesized);
        let comparison = condition
            .filter(|c| c.kind() == "binary_expression")
            .and_then(|c| {
                let op = binary_op(operator(self, c)).filter(|op| {
                    matches!(
                        op,
                        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Ne
                    )
                })?;
                let (left, right) = (
                    c.child_by_field_name("left")?,
                    c.child_by_field_name("right")?,
                );
                if self.names(left, decl) {
                    Some((op, right))
                } else if self.names(right, decl) {
                    Some((flipped(op), left))
                } else {
                    None
                }
            });
        let Some((compare, bound)) = comparison else {
            return not_canonical(
                self,
                &format!("the condition must compare '{name}' with a bound"),
            );
        };
        let upper = self.expr(bound)?;
        let upper = self.convert_value(upper, ty, bound)?;
        let Some(step) = self.loop_step(node, decl, ty)? else {
            return not_canonical(
                self,
                &format!("the increment must step '{name}' by an amount"),
            );
        };
        Ok((
            LoopControl {
                var,
                lower,
                upper,
                compare,
                step,
            },
            decl,
            name,
        ))
    }

    /// The signed step of a loop's update expression, in the variable's type.
    fn loop_step(&mut self, node: Node<'a>, decl: u32, ty: TypeHandle) -> R<Option<ExprId>> {
        let Some(update) = node.child_by_field_name("update").map(unparenthesized) else {
            return Ok(None);
        };
        let kind = self.scalar_kind(ty).unwrap_or(super::types::INT);
        let token = operator(self, update);
        let (amount, negate) = match update.kind() {
            "update_expression"
                if update
                    .child_by_field_name("argument")
                    .is_some_and(|a| self.names(a, decl)) =>
            {
                let one = if token == "++" { 1 } else { -1 };
                return Ok(Some(self.int_constant(one, kind, update)));
            }
            "assignment_expression"
                if update
                    .child_by_field_name("left")
                    .is_some_and(|l| self.names(l, decl)) =>
            {
                let Some(right) = update.child_by_field_name("right") else {
                    return Ok(None);
                };
                match token {
                    "+=" => (right, false),
                    "-=" => (right, true),
                    "=" => {
                        let sum = unparenthesized(right);
                        let (Some(a), Some(b)) = (
                            sum.child_by_field_name("left"),
                            sum.child_by_field_name("right"),
                        ) else {
                            return Ok(None);
                        };
                        match (sum.kind(), operator(self, sum)) {
                            ("binary_expression", "+") if self.names(a, decl) => (b, false),
                            ("binary_expression", "+") if self.names(b, decl) => (a, false),
                            ("binary_expression", "-") if self.names(a, decl) => (b, true),
                            _ => return Ok(None),
                        }
                    }
                    _ => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        let value = self.expr(amount)?;
        let value = self.convert_value(value, ty, amount)?;
        if negate {
            return Ok(Some(self.e(
                ExprKind::Unary {
                    op: UnaryOp::Neg,
                    operand: value,
                },
                ty,
                amount,
            )));
        }
        Ok(Some(value))
    }

    /// Lowers the statement of an `atomic` construct.
    pub(super) fn atomic(&mut self, node: Node<'a>, kind: AtomicKind, out: &mut Stmts) -> R<()> {
        let shape = |this: &Self| {
            this.fail(
                node,
                format!(
                    "statement is not an atomic {} form",
                    format!("{kind:?}").to_lowercase()
                ),
            )
        };
        if node.kind() == "compound_statement" {
            if kind != AtomicKind::Capture {
                return shape(self);
            }
            return self.capture_block(node, out);
        }
        let Some(expression) = (node.kind() == "expression_statement")
            .then(|| node.named_child(0))
            .flatten()
            .map(unparenthesized)
        else {
            return shape(self);
        };
        let stmt = match kind {
            AtomicKind::Read => {
                let Some((v, x)) = self.read_form(expression) else {
                    return shape(self);
                };
                let (address, _) = self.atomic_target(x)?;
                let capture = self.capture_place(v, address)?;
                Stmt::Atomic {
                    kind,
                    address,
                    op: None,
                    value: None,
                    capture: Some(capture),
                    capture_old: false,
                    reversed: false,
                }
            }
            AtomicKind::Write => {
                if expression.kind() != "assignment_expression" || operator(self, expression) != "="
                {
                    return shape(self);
                }
                let (Some(x), Some(e)) = (
                    expression.child_by_field_name("left"),
                    expression.child_by_field_name("right"),
                ) else {
                    return shape(self);
                };
                let (address, ty) = self.atomic_target(x)?;
                let value = self.expr(e)?;
                let value = self.convert_value(value, ty, e)?;
                Stmt::Atomic {
                    kind,
                    address,
                    op: None,
                    value: Some(value),
                    capture: None,
                    capture_old: false,
                    reversed: false,
                }
            }
            AtomicKind::Update => {
                let Some(form) = self.update_form(expression)? else {
                    return shape(self);
                };
                let (address, op, value) = self.lower_update(&form)?;
                Stmt::Atomic {
                    kind,
                    address,
                    op: Some(op),
                    value: Some(value),
                    capture: None,
                    capture_old: false,
                    reversed: form.reversed,
                }
            }
            AtomicKind::Capture => {
                // `v = x++`, `v = ++x`, `v = x op= e`, `v = x = x op e`.
                if expression.kind() != "assignment_expression" || operator(self, expression) != "="
                {
                    return shape(self);
                }
                let (Some(v), Some(right)) = (
                    expression.child_by_field_name("left"),
                    expression.child_by_field_name("right"),
                ) else {
                    return shape(self);
                };
                let Some(form) = self.update_form(unparenthesized(right))? else {
                    return shape(self);
                };
                let (address, op, value) = self.lower_update(&form)?;
                let capture = self.capture_place(v, address)?;
                Stmt::Atomic {
                    kind,
                    address,
                    op: Some(op),
                    value: Some(value),
                    capture: Some(capture),
                    capture_old: form.postfix,
                    reversed: form.reversed,
                }
            }
        };
        out.push(stmt);
        Ok(())
    }

    /// `{v = x; x op= e;}`, `{x op= e; v = x;}`, `{v = x; x = e;}` and their `++`/`--` forms.
    fn capture_block(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let mut cursor = node.walk();
        let statements: Vec<Node<'a>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let expressions: Vec<Node<'a>> = statements
            .iter()
            .filter(|s| s.kind() == "expression_statement")
            .filter_map(|s| s.named_child(0).map(unparenthesized))
            .collect();
        let [first, second] = expressions.as_slice() else {
            return self.fail(
                node,
                "an atomic capture block must hold two expression statements",
            );
        };
        if statements.len() != 2 {
            return self.fail(
                node,
                "an atomic capture block must hold two expression statements",
            );
        }
        let same = |this: &Self, a: Node, b: Node| {
            this.unit.node_text(unparenthesized(a)) == this.unit.node_text(unparenthesized(b))
        };
        // Read first: the old value is captured.
        if let Some((v, x)) = self.read_form(*first) {
            if let Some(form) = self
                .update_form(*second)?
                .filter(|f| same(self, f.target, x))
            {
                let (address, op, value) = self.lower_update(&form)?;
                let capture = self.capture_place(v, address)?;
                out.push(Stmt::Atomic {
                    kind: AtomicKind::Capture,
                    address,
                    op: Some(op),
                    value: Some(value),
                    capture: Some(capture),
                    capture_old: true,
                    reversed: form.reversed,
                });
                return Ok(());
            }
            let write = (second.kind() == "assignment_expression"
                && operator(self, *second) == "=")
                .then(|| {
                    (
                        second.child_by_field_name("left"),
                        second.child_by_field_name("right"),
                    )
                });
            if let Some((Some(target), Some(e))) = write {
                if same(self, target, x) {
                    let (address, ty) = self.atomic_target(target)?;
                    let value = self.expr(e)?;
                    let value = self.convert_value(value, ty, e)?;
                    let capture = self.capture_place(v, address)?;
                    out.push(Stmt::Atomic {
                        kind: AtomicKind::Capture,
                        address,
                        op: None,
                        value: Some(value),
                        capture: Some(capture),
                        capture_old: true,
                        reversed: false,
                    });
                    return Ok(());
                }
            }
        }
        // Update first: the new value is captured.
        if let (Some(form), Some((v, x))) = (self.update_form(*first)?, self.read_form(*second)) {
            if same(self, form.target, x) {
                let (address, op, value) = self.lower_update(&form)?;
                let capture = self.capture_place(v, address)?;
                out.push(Stmt::Atomic {
                    kind: AtomicKind::Capture,
                    address,
                    op: Some(op),
                    value: Some(value),
                    capture: Some(capture),
                    capture_old: false,
                    reversed: form.reversed,
                });
                return Ok(());
            }
        }
        self.fail(node, "atomic capture block of an unsupported form")
    }

    /// `v = x` with both sides lvalues: (v, x).
    fn read_form(&self, expression: Node<'a>) -> Option<(Node<'a>, Node<'a>)> {
        if expression.kind() != "assignment_expression" || operator(self, expression) != "=" {
            return None;
        }
        let (v, x) = (
            expression.child_by_field_name("left")?,
            expression.child_by_field_name("right")?,
        );
        let lvalue = |n: Node| {
            matches!(
                unparenthesized(n).kind(),
                "identifier" | "subscript_expression" | "field_expression" | "pointer_expression"
            )
        };
        (lvalue(v) && lvalue(x)).then_some((v, x))
    }

    /// The update forms: `x++`, `x--`, `++x`, `--x`, `x op= e`, `x = x op e`, `x = e op x`.
    fn update_form(&self, expression: Node<'a>) -> R<Option<UpdateForm<'a>>> {
        let token = operator(self, expression);
        match expression.kind() {
            "update_expression" => {
                let Some(target) = expression.child_by_field_name("argument") else {
                    return Ok(None);
                };
                let postfix = expression
                    .child(0)
                    .is_some_and(|first| first.id() == target.id());
                let op = if token == "++" {
                    BinaryOp::Add
                } else {
                    BinaryOp::Sub
                };
                Ok(Some(UpdateForm {
                    target,
                    op,
                    value: None,
                    postfix,
                    reversed: false,
                }))
            }
            "assignment_expression" => {
                let (Some(target), Some(right)) = (
                    expression.child_by_field_name("left"),
                    expression.child_by_field_name("right"),
                ) else {
                    return Ok(None);
                };
                if let Some(op) = token
                    .strip_suffix('=')
                    .filter(|t| !t.is_empty())
                    .and_then(binary_op)
                {
                    return Ok(Some(UpdateForm {
                        target,
                        op,
                        value: Some(right),
                        postfix: false,
                        reversed: false,
                    }));
                }
                let sum = unparenthesized(right);
                if token != "=" || sum.kind() != "binary_expression" {
                    return Ok(None);
                }
                let Some(op) = binary_op(operator(self, sum)).filter(|op| {
                    matches!(
                        op,
                        BinaryOp::Add
                            | BinaryOp::Sub
                            | BinaryOp::Mul
                            | BinaryOp::Div
                            | BinaryOp::BitAnd
                            | BinaryOp::BitOr
                            | BinaryOp::BitXor
                            | BinaryOp::Shl
                            | BinaryOp::Shr
                    )
                }) else {
                    return Ok(None);
                };
                let (Some(a), Some(b)) = (
                    sum.child_by_field_name("left"),
                    sum.child_by_field_name("right"),
                ) else {
                    return Ok(None);
                };
                let x = self.unit.node_text(unparenthesized(target));
                if self.unit.node_text(unparenthesized(a)) == x {
                    return Ok(Some(UpdateForm {
                        target,
                        op,
                        value: Some(b),
                        postfix: false,
                        reversed: false,
                    }));
                }
                if self.unit.node_text(unparenthesized(b)) == x {
                    // `x = expr op x`: commutative operators are ordinary updates.
                    let commutative = matches!(
                        op,
                        BinaryOp::Add
                            | BinaryOp::Mul
                            | BinaryOp::BitAnd
                            | BinaryOp::BitOr
                            | BinaryOp::BitXor
                    );
                    return Ok(Some(UpdateForm {
                        target,
                        op,
                        value: Some(a),
                        postfix: false,
                        reversed: !commutative,
                    }));
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// The address and type of an atomic's target, which must be a scalar object.
    fn atomic_target(&mut self, x: Node<'a>) -> R<(ExprId, TypeHandle)> {
        let Value::Place(address, ty) = self.expr(x)? else {
            return self.fail(x, "the target of an atomic is not an object");
        };
        match self.scalar_kind(ty) {
            Some(ScalarKind::Int { .. } | ScalarKind::Float { .. }) => Ok((address, ty)),
            _ => self.fail(x, format!("atomic on {}", self.type_name(ty))),
        }
    }

    /// The address a capture stores to; it must have the atomic target's type.
    fn capture_place(&mut self, v: Node<'a>, target: ExprId) -> R<ExprId> {
        let Value::Place(address, ty) = self.expr(v)? else {
            return self.fail(v, "the capture of an atomic is not an object");
        };
        if Some(ty) != self.pointee(self.ty(target)) {
            return self.fail(
                v,
                "atomic capture into a variable of a different type than the target",
            );
        }
        Ok(address)
    }

    /// The address, operator and operand of an update, the operand converted to the target's
    /// type. Integer `+ - * & | ^ <<` give the same bits in the target's type as in C's wider
    /// one; a floating target takes the operand rounded to its type. Other mixed types would
    /// need the operation in a wider type and are not offloaded.
    fn lower_update(&mut self, form: &UpdateForm<'a>) -> R<(ExprId, BinaryOp, ExprId)> {
        let (address, ty) = self.atomic_target(form.target)?;
        let Some(value_node) = form.value else {
            let one = self.int_constant(1, super::types::INT, form.target);
            return Ok((address, form.op, self.convert(one, ty, form.target)?));
        };
        let value = self.expr(value_node)?;
        let value = self.rvalue(value, value_node)?;
        let (Some(target), Some(operand)) =
            (self.scalar_kind(ty), self.scalar_kind(self.ty(value)))
        else {
            return self.fail(value_node, "atomic update with a non-arithmetic operand");
        };
        use BinaryOp as B;
        if matches!(form.op, B::Shl | B::Shr) {
            if !operand.is_integer() || !target.is_integer() {
                return self.fail(value_node, "atomic shift of a non-integer");
            }
            // `x = e >> x` shifts `e` in its promoted type; it is done in `x`'s type, which
            // gives C's bits only when the two types are the same.
            let promoted = self.promoted(value, value_node)?;
            if form.reversed && self.scalar_kind(self.ty(promoted)) != Some(target) {
                return self.fail(
                    value_node,
                    format!(
                        "atomic update 'x = expr shift x' where expr is {} and x is {}",
                        self.type_name(self.ty(promoted)),
                        self.type_name(ty)
                    ),
                );
            }
            return Ok((address, form.op, self.promoted(value, value_node)?));
        }
        let exact = common(target, operand) == target;
        let float_target = target.is_float() && !operand.is_complex();
        let wraps = target.is_integer()
            && operand.is_integer()
            && matches!(
                form.op,
                B::Add | B::Sub | B::Mul | B::BitAnd | B::BitOr | B::BitXor
            );
        if !(exact || float_target || wraps) {
            return self.fail(
                value_node,
                format!(
                    "atomic update of {} with a {} operand (C computes it in a wider type)",
                    self.type_name(ty),
                    self.type_name(self.ty(value))
                ),
            );
        }
        Ok((address, form.op, self.convert(value, ty, value_node)?))
    }
}
