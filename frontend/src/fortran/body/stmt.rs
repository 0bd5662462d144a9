//! Fortran statements in device code: assignment, `if` (block and logical), `select case`
//! (integer values, ranges, lists, `default`), `do` (counted with any step, `do while`,
//! endless), `exit`/`cycle` (of the innermost loop, by construct name too), `continue`; the
//! `!$acc loop` directives (with `collapse`) and kernels' auto loops as
//! [`Stmt::AccLoop`]s, and `!$acc atomic` statements as [`Stmt::Atomic`]s. `where`, `forall`
//! and `associate` are in `masked.rs`, the `block` construct in `block.rs`.

use super::{LoopFrame, Lowering, Value, I64, MAX_DEPTH, R};
use crate::fortran::symbols::walk;
use acc_ir::body::{
    BinaryOp, ExprId, ExprKind, LocalKind, LocalOrVariable, LoopControl, LoopMapping, Stmt, Stmts,
};
use acc_ir::{AtomicKind, Handle, Op, OpKind, ScalarKind};
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

/// The parts of a `do` statement.
struct DoParts<'t> {
    name: Option<String>,
    /// Counted: (variable, start, end, step).
    counted: Option<(Node<'t>, Node<'t>, Node<'t>, Option<Node<'t>>)>,
    /// `do while (cond)`.
    condition: Option<Node<'t>>,
    concurrent: bool,
    body: Vec<Node<'t>>,
}

/// Node kinds inside a construct that are not statements of its body.
fn is_structure(kind: &str) -> bool {
    (kind.starts_with("end_") && kind.ends_with("_statement"))
        || matches!(
            kind,
            "comment"
                | "statement_label"
                | "block_label_start_expression"
                | "do_statement"
                | "parenthesized_expression"
                | "elseif_clause"
                | "else_clause"
                | "case_statement"
                | "selector"
                | "case_value_range_list"
                | "default"
        )
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// The statements among a construct's children.
    fn body_nodes(&self, node: Node<'a>) -> Vec<Node<'a>> {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .filter(|c| !is_structure(c.kind()))
            .collect()
    }

    /// Lowers a list of statements; atomics take the statements their construct covers.
    pub(super) fn stmt_list(&mut self, nodes: &[Node<'a>], out: &mut Stmts) -> R<()> {
        let mut index = 0;
        while index < nodes.len() {
            let node = nodes[index];
            let start = node.start_byte() as u32;
            if let Some(&(op, kind, end)) = self.annotations.atomics.get(&start) {
                let mut covered = vec![node];
                while index + 1 < nodes.len() && nodes[index + 1].end_byte() as u32 <= end {
                    index += 1;
                    covered.push(nodes[index]);
                }
                let _ = op;
                self.atomic(&covered, kind, node, out)?;
            } else {
                self.stmt(node, out)?;
            }
            index += 1;
        }
        Ok(())
    }

    fn stmt(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        self.depth += 1;
        let result = if self.depth > MAX_DEPTH {
            self.fail(node, "statements nested too deeply")
        } else {
            self.stmt_inner(node, out)
        };
        self.depth -= 1;
        result
    }

    fn stmt_inner(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        match node.kind() {
            "comment" | "statement_label" => Ok(()),
            "assignment_statement" => self.assignment(node, out),
            "if_statement" => self.if_statement(node, out),
            "do_loop" => {
                let start = node.start_byte() as u32;
                match self.annotations.loops.get(&start).copied() {
                    Some((op, depth)) => self.acc_loop(node, Some(op), depth, out),
                    None => self.do_loop(node, out),
                }
            }
            "select_case_statement" => self.select_case(node, out),
            "keyword_statement" => self.keyword(node, out),
            "subroutine_call" => self.call_statement(node, out),
            "print_statement" | "write_statement" | "read_statement" => {
                self.fail(node, "input/output statement")
            }
            "stop_statement" => self.fail(node, "'stop' statement"),
            "pointer_association_statement" => self.fail(node, "pointer assignment"),
            "allocate_statement" | "deallocate_statement" => {
                self.fail(node, "allocation statement")
            }
            "where_statement" => self.where_construct(node, out),
            "forall_statement" => self.forall(node, out),
            "associate_statement" => self.associate(node, out),
            "block_construct" => self.block_construct(node, out),
            other => self.fail(
                node,
                format!(
                    "statement '{}' ({other})",
                    self.text(node).lines().next().unwrap_or("").trim()
                ),
            ),
        }
    }

    /// The address and type of a scalar the left side of an assignment designates.
    pub(super) fn target(&mut self, node: Node<'a>) -> R<(ExprId, ScalarKind)> {
        if !matches!(
            node.kind(),
            "identifier" | "call_expression" | "derived_type_member_expression"
        ) {
            return self.fail(node, format!("assignment to '{}'", self.text(node)));
        }
        let Value::Place(address, ty) = self.expr(node)? else {
            return self.fail(node, format!("'{}' is not a variable", self.text(node)));
        };
        let is_struct = matches!(
            self.lw.module.types.get(ty),
            acc_ir::TypeInner::Struct { .. }
        );
        match self.scalar_of(ty) {
            Some(kind) => Ok((address, kind)),
            None if is_struct => self.fail(
                node,
                format!(
                    "assignment to '{}' of derived type (assign its components)",
                    self.text(node)
                ),
            ),
            None => self.fail(
                node,
                format!(
                    "array assignment to '{}' (whole arrays are not supported)",
                    self.text(node)
                ),
            ),
        }
    }

    fn assignment(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let (Some(left), Some(right)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return self.fail(node, "malformed assignment");
        };
        if let Some(array) = self.array_target(left)? {
            return self.array_assignment(node, left, right, array, out);
        }
        let store = self.store_assignment(left, right)?;
        out.push(store);
        Ok(())
    }

    /// The store of `left = right` to a scalar (in an array assignment, the current element):
    /// the right side's value converted to the target's type.
    pub(super) fn store_assignment(&mut self, left: Node<'a>, right: Node<'a>) -> R<Stmt> {
        let right_value = self.expr(right)?;
        match right_value {
            Value::Place(source, ty) if self.is_derived(ty) => {
                let value = self.e(ExprKind::Load(source), ty, right);
                return self.derived_assignment(left, right, value, ty);
            }
            // A derived-type function result.
            Value::Val(value) if self.is_derived(self.body.exprs[value].ty) => {
                let ty = self.body.exprs[value].ty;
                return self.derived_assignment(left, right, value, ty);
            }
            _ => {}
        }
        let value = self.rvalue(right_value, right)?;
        let (address, kind) = self.target(left)?;
        let value = self.convert(value, kind, right)?;
        Ok(Stmt::Store { address, value })
    }

    /// Whether `ty` is a derived type (a struct of the C layout gfortran gives it).
    fn is_derived(&self, ty: acc_ir::TypeHandle) -> bool {
        matches!(
            self.lw.module.types.get(ty),
            acc_ir::TypeInner::Struct { .. }
        )
    }

    /// Intrinsic assignment of a derived-type value `value` (`b(i) = a(i)`, `b(i) = f(x)`):
    /// every component is copied, which for the types device code takes (numeric and logical
    /// components and constant-shape arrays of them, no allocatable or pointer component) is
    /// the whole object's bytes.
    fn derived_assignment(
        &mut self,
        left: Node<'a>,
        right: Node<'a>,
        value: ExprId,
        ty: acc_ir::TypeHandle,
    ) -> R<Stmt> {
        if !matches!(
            left.kind(),
            "identifier" | "call_expression" | "derived_type_member_expression"
        ) {
            return self.fail(left, format!("assignment to '{}'", self.text(left)));
        }
        let Value::Place(address, target_ty) = self.expr(left)? else {
            return self.fail(left, format!("'{}' is not a variable", self.text(left)));
        };
        if target_ty != ty {
            let types = &self.lw.module.types;
            return self.fail(
                right,
                format!(
                    "assignment of '{}' of type {} to '{}' of type {}",
                    self.text(right),
                    super::super::operands::type_name(types, ty),
                    self.text(left),
                    super::super::operands::type_name(types, target_ty)
                ),
            );
        }
        if self.holds_descriptor(ty, 0) {
            return self.fail(
                right,
                format!(
                    "assignment of '{}' of a derived type with allocatable components (intrinsic assignment reallocates and copies them)",
                    self.text(right)
                ),
            );
        }
        Ok(Stmt::Store { address, value })
    }

    /// Whether derived type `ty` has an allocatable array component at any depth (a descriptor,
    /// which a byte copy of the object would share instead of copying the data).
    fn holds_descriptor(&self, ty: acc_ir::TypeHandle, depth: usize) -> bool {
        let types = &self.lw.module.types;
        if types.descriptor_rank(ty).is_some() {
            return true;
        }
        match types.get(ty) {
            acc_ir::TypeInner::Struct { members, .. } if depth < 16 => members
                .iter()
                .any(|member| self.holds_descriptor(member.ty, depth + 1)),
            acc_ir::TypeInner::Array { element, .. } if depth < 16 => {
                self.holds_descriptor(*element, depth + 1)
            }
            _ => false,
        }
    }

    fn if_statement(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let Some(condition) = node
            .named_children(&mut node.walk())
            .find(|c| c.kind() == "parenthesized_expression")
        else {
            return self.fail(node, "malformed 'if'");
        };
        let cond = self.condition(condition)?;
        let mut accept = Vec::new();
        let body = self.body_nodes(node);
        self.stmt_list(&body, &mut accept)?;
        let mut cursor = node.walk();
        let clauses: Vec<Node<'a>> = node
            .named_children(&mut cursor)
            .filter(|c| matches!(c.kind(), "elseif_clause" | "else_clause"))
            .collect();
        let reject = self.else_chain(&clauses)?;
        out.push(Stmt::If {
            cond,
            accept,
            reject,
        });
        Ok(())
    }

    /// The `else if` and `else` clauses as nested statements.
    fn else_chain(&mut self, clauses: &[Node<'a>]) -> R<Stmts> {
        let Some((first, rest)) = clauses.split_first() else {
            return Ok(Vec::new());
        };
        let mut stmts = Vec::new();
        let body = self.body_nodes(*first);
        if first.kind() == "else_clause" {
            self.stmt_list(&body, &mut stmts)?;
            return Ok(stmts);
        }
        let Some(condition) = first
            .named_children(&mut first.walk())
            .find(|c| c.kind() == "parenthesized_expression")
        else {
            return self.fail(*first, "malformed 'else if'");
        };
        let cond = self.condition(condition)?;
        self.stmt_list(&body, &mut stmts)?;
        let reject = self.else_chain(rest)?;
        Ok(vec![Stmt::If {
            cond,
            accept: stmts,
            reject,
        }])
    }

    /// `select case` as a chain of `if`s over a temporary holding the selector.
    fn select_case(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let Some(selector) = node
            .named_children(&mut node.walk())
            .find(|c| c.kind() == "selector")
            .and_then(|s| s.named_child(0))
        else {
            return self.fail(node, "malformed 'select case'");
        };
        let value = self.value(selector)?;
        let Some(kind @ ScalarKind::Int { .. }) = self.kind_of(value) else {
            return self.fail(
                selector,
                "'select case' on a non-integer (only integer selectors are supported)",
            );
        };
        let mut stmts = Vec::new();
        let local = self.temporary("select", value, selector, &mut stmts);
        let mut cursor = node.walk();
        let cases: Vec<Node<'a>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "case_statement")
            .collect();
        let mut arms: Vec<(ExprId, Stmts)> = Vec::new();
        let mut default: Option<Stmts> = None;
        for case in cases {
            let mut body = Vec::new();
            let nodes = self.body_nodes(case);
            let is_default = case
                .named_children(&mut case.walk())
                .any(|c| c.kind() == "default");
            if is_default {
                self.stmt_list(&nodes, &mut body)?;
                default = Some(body);
                continue;
            }
            let Some(list) = case
                .named_children(&mut case.walk())
                .find(|c| c.kind() == "case_value_range_list")
            else {
                return self.fail(case, "malformed 'case'");
            };
            let mut cond: Option<ExprId> = None;
            let mut items_cursor = list.walk();
            let items: Vec<Node<'a>> = list.named_children(&mut items_cursor).collect();
            for item in items {
                let test = self.case_item(item, local, kind)?;
                cond = Some(match cond {
                    None => test,
                    Some(c) => self.compare(BinaryOp::LogicalOr, c, test, item),
                });
            }
            let Some(cond) = cond else {
                return self.fail(case, "'case' without values");
            };
            self.stmt_list(&nodes, &mut body)?;
            arms.push((cond, body));
        }
        let mut chain = default.unwrap_or_default();
        for (cond, accept) in arms.into_iter().rev() {
            chain = vec![Stmt::If {
                cond,
                accept,
                reject: chain,
            }];
        }
        stmts.extend(chain);
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    /// The test of one `case` value or range `lo:hi` (either side may be absent).
    fn case_item(
        &mut self,
        item: Node<'a>,
        selector: acc_ir::body::LocalId,
        kind: ScalarKind,
    ) -> R<ExprId> {
        if item.kind() != "extent_specifier" {
            let value = self.value(item)?;
            let value = self.convert_integer(value, kind, item)?;
            let current = self.load_local(selector, item);
            return Ok(self.compare(BinaryOp::Eq, current, value, item));
        }
        let colon = (0..item.child_count())
            .filter_map(|i| item.child(i))
            .find(|c| !c.is_named() && self.text(*c) == ":")
            .map_or(item.end_byte(), |c| c.start_byte());
        let mut cursor = item.walk();
        let parts: Vec<Node<'a>> = item.named_children(&mut cursor).collect();
        let low = parts.iter().find(|p| p.end_byte() <= colon).copied();
        let high = parts.iter().find(|p| p.start_byte() > colon).copied();
        let mut tests = Vec::new();
        for (bound, op) in [(low, BinaryOp::Ge), (high, BinaryOp::Le)] {
            if let Some(bound) = bound {
                let value = self.value(bound)?;
                let value = self.convert_integer(value, kind, bound)?;
                let current = self.load_local(selector, item);
                tests.push(self.compare(op, current, value, bound));
            }
        }
        match tests.as_slice() {
            [one] => Ok(*one),
            [a, b] => Ok(self.compare(BinaryOp::LogicalAnd, *a, *b, item)),
            _ => self.fail(item, "'case' range without bounds"),
        }
    }

    fn convert_integer(&mut self, value: ExprId, kind: ScalarKind, node: Node) -> R<ExprId> {
        match self.kind_of(value) {
            Some(ScalarKind::Int { .. }) => self.convert(value, kind, node),
            _ => self.fail(node, "'case' value is not an integer"),
        }
    }

    /// `exit`, `cycle` (optionally naming a loop) and `continue`.
    fn keyword(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let text = self.text(node).trim().to_ascii_lowercase();
        let word = text.split_whitespace().next().unwrap_or("");
        let label = node
            .named_child(0)
            .filter(|c| c.kind() == "identifier")
            .map(|c| self.text(c).to_ascii_lowercase());
        match word {
            "continue" => Ok(()),
            "exit" | "cycle" => {
                let Some(innermost) = self.loops.last().cloned() else {
                    return self.fail(node, format!("'{word}' outside a loop of the region"));
                };
                if innermost.block {
                    // Inside a named block that `exit <name>` leaves (a loop run once).
                    if word == "exit" && label == innermost.name {
                        out.push(Stmt::Break);
                        return Ok(());
                    }
                    return self.fail(
                        node,
                        format!(
                            "'{}' leaves the 'block' construct '{}' for another construct",
                            text,
                            innermost.name.as_deref().unwrap_or("")
                        ),
                    );
                }
                if let Some(label) = &label {
                    if innermost.name.as_deref() != Some(label.as_str()) {
                        return self.fail(
                            node,
                            format!("'{word} {label}' leaves more than the innermost loop"),
                        );
                    }
                }
                if word == "exit" {
                    if innermost.acc {
                        return self.fail(node, "'exit' from an OpenACC loop");
                    }
                    out.push(Stmt::Break);
                } else {
                    out.push(Stmt::Continue);
                }
                Ok(())
            }
            "return" => self.routine_return(node, out),
            _ => self.fail(node, format!("'{word}' statement")),
        }
    }

    /// The header and body of a `do` construct.
    fn do_parts(&self, node: Node<'a>) -> R<DoParts<'a>> {
        let mut parts = DoParts {
            name: None,
            counted: None,
            condition: None,
            concurrent: false,
            body: self.body_nodes(node),
        };
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "block_label_start_expression" => {
                    let text = self.text(child);
                    parts.name = Some(text.trim_end_matches(':').trim().to_ascii_lowercase());
                }
                "do_statement" => {
                    let mut c = child.walk();
                    for part in child.named_children(&mut c) {
                        match part.kind() {
                            "loop_control_expression" => {
                                let mut pc = part.walk();
                                let p: Vec<Node<'a>> = part.named_children(&mut pc).collect();
                                if p.len() < 3 {
                                    return self.fail(part, "malformed loop control");
                                }
                                parts.counted = Some((p[0], p[1], p[2], p.get(3).copied()));
                            }
                            "while_statement" => {
                                parts.condition = part
                                    .named_children(&mut part.walk())
                                    .find(|c| c.kind() == "parenthesized_expression");
                            }
                            "concurrent_statement" => parts.concurrent = true,
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(parts)
    }

    /// The index controls of a `do concurrent` header: (variable, start, end, step) each;
    /// a mask is refused.
    #[allow(clippy::type_complexity)]
    fn concurrent_controls(
        &self,
        node: Node<'a>,
    ) -> R<Vec<(Node<'a>, Node<'a>, Node<'a>, Option<Node<'a>>)>> {
        let mut controls = Vec::new();
        let mut mask = None;
        super::super::symbols::walk(node, |n| match n.kind() {
            "concurrent_control" => {
                let var = n
                    .named_children(&mut n.walk())
                    .find(|c| c.kind() == "identifier");
                if let (Some(var), Some(start), Some(end)) = (
                    var,
                    n.child_by_field_name("initial"),
                    n.child_by_field_name("final"),
                ) {
                    controls.push((var, start, end, n.child_by_field_name("step")));
                }
                false
            }
            "concurrent_mask" => {
                mask = Some(n);
                false
            }
            "concurrent_locality" => false,
            // Only the header of this loop, not loops nested in its body.
            "do_loop" => n.id() == node.id(),
            _ => true,
        });
        if let Some(mask) = mask {
            return self.fail(mask, "'do concurrent' with a mask");
        }
        if controls.is_empty() {
            return self.fail(node, "malformed 'do concurrent' header");
        }
        Ok(controls)
    }

    /// A `do` construct without an OpenACC loop directive.
    fn do_loop(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let parts = self.do_parts(node)?;
        if parts.concurrent {
            return self.fail(node, "'do concurrent' in a compute region");
        }
        if self.annotations.auto_loops && parts.counted.is_some() && self.auto_eligible(node)? {
            return self.acc_loop(node, None, 1, out);
        }
        let frame = LoopFrame {
            name: parts.name.clone(),
            acc: false,
            block: false,
        };
        if let Some((var, start, end, step)) = parts.counted {
            return self.counted_loop(node, var, start, end, step, &parts.body, frame, out);
        }
        let cond = match parts.condition {
            Some(c) => Some(self.condition(c)?),
            None => None,
        };
        let body = self.loop_body(frame, &parts.body)?;
        out.push(Stmt::Loop {
            cond,
            body,
            step: Vec::new(),
            test_after: false,
        });
        Ok(())
    }

    fn loop_body(&mut self, frame: LoopFrame, nodes: &[Node<'a>]) -> R<Stmts> {
        self.loops.push(frame);
        let mut body = Vec::new();
        let result = self.stmt_list(nodes, &mut body);
        self.loops.pop();
        result.map(|_| body)
    }

    /// The place of a do-variable (an integer scalar) and its kind.
    fn do_variable(&mut self, var: Node<'a>) -> R<(LocalOrVariable, ScalarKind)> {
        if var.kind() != "identifier" {
            return self.fail(var, "the do-variable is not a variable name");
        }
        let Value::Place(address, ty) = self.expr(var)? else {
            return self.fail(var, "the do-variable is not a variable");
        };
        let Some(kind @ ScalarKind::Int { .. }) = self.scalar_of(ty) else {
            return self.fail(
                var,
                format!("do-variable '{}' is not an integer", self.text(var)),
            );
        };
        let place = match self.body.exprs[address].kind {
            ExprKind::Local(l) => LocalOrVariable::Local(l),
            ExprKind::Variable(v) => LocalOrVariable::Variable(v),
            _ => return self.fail(var, "the do-variable is not a variable"),
        };
        Ok((place, kind))
    }

    fn place_address(&mut self, place: LocalOrVariable, node: Node) -> ExprId {
        match place {
            LocalOrVariable::Local(l) => self.local_addr(l, node),
            LocalOrVariable::Variable(v) => match self.variable_place(v, node) {
                Value::Place(address, _) | Value::Val(address) => address,
            },
        }
    }

    /// A counted `do` with the standard's semantics: the bounds and step are evaluated once,
    /// the trip count is `max((end - start + step) / step, 0)`, and the variable ends at
    /// `start + trips * step`.
    #[allow(clippy::too_many_arguments)]
    fn counted_loop(
        &mut self,
        node: Node<'a>,
        var: Node<'a>,
        start: Node<'a>,
        end: Node<'a>,
        step: Option<Node<'a>>,
        body_nodes: &[Node<'a>],
        frame: LoopFrame,
        out: &mut Stmts,
    ) -> R<()> {
        let (place, kind) = self.do_variable(var)?;
        let ty = self.scalar_ty(kind);
        let i64_ty = self.i64_ty();
        let mut stmts = Vec::new();
        let start_value = self.value(start)?;
        let start_value = self.convert_integer_bound(start_value, kind, start)?;
        let first = self.temporary("do.start", start_value, start, &mut stmts);
        let end_value = self.value(end)?;
        let end_value = self.convert_integer_bound(end_value, kind, end)?;
        let last = self.temporary("do.end", end_value, end, &mut stmts);
        let step_value = match step {
            Some(s) => {
                let v = self.value(s)?;
                if matches!(self.body.exprs[v].kind, ExprKind::Int(0)) {
                    return self.fail(s, "'do' step of zero");
                }
                self.convert_integer_bound(v, kind, s)?
            }
            None => self.int(1, kind, node),
        };
        let increment = self.temporary("do.step", step_value, node, &mut stmts);
        // trips = (i64(end) - i64(start) + i64(step)) / i64(step)
        let e = self.load_local(last, node);
        let e = self.convert(e, I64, node)?;
        let s = self.load_local(first, node);
        let s = self.convert(s, I64, node)?;
        let difference = self.binary(BinaryOp::Sub, e, s, i64_ty, node);
        let st = self.load_local(increment, node);
        let st = self.convert(st, I64, node)?;
        let sum = self.binary(BinaryOp::Add, difference, st, i64_ty, node);
        let st2 = self.load_local(increment, node);
        let st2 = self.convert(st2, I64, node)?;
        let trips_value = self.binary(BinaryOp::Div, sum, st2, i64_ty, node);
        let trips = self.temporary("do.trips", trips_value, node, &mut stmts);
        let address = self.place_address(place, var);
        let initial = self.load_local(first, node);
        stmts.push(Stmt::Store {
            address,
            value: initial,
        });
        let t = self.load_local(trips, node);
        let zero = self.int(0, I64, node);
        let cond = self.compare(BinaryOp::Gt, t, zero, node);
        let body = self.loop_body(frame, body_nodes)?;
        let address = self.place_address(place, var);
        let current_address = self.place_address(place, var);
        let current = self.e(ExprKind::Load(current_address), ty, var);
        let st3 = self.load_local(increment, node);
        let advanced = self.binary(BinaryOp::Add, current, st3, ty, node);
        let t2 = self.load_local(trips, node);
        let one = self.int(1, I64, node);
        let fewer = self.binary(BinaryOp::Sub, t2, one, i64_ty, node);
        let count_down = self.store_local(trips, fewer, node);
        stmts.push(Stmt::Loop {
            cond: Some(cond),
            body,
            step: vec![
                Stmt::Store {
                    address,
                    value: advanced,
                },
                count_down,
            ],
            test_after: false,
        });
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    fn convert_integer_bound(&mut self, value: ExprId, kind: ScalarKind, node: Node) -> R<ExprId> {
        match self.kind_of(value) {
            Some(ScalarKind::Int { .. }) => self.convert(value, kind, node),
            _ => self.fail(node, "'do' bound or step is not an integer"),
        }
    }

    /// Whether a `do` of a `kernels` region can be an OpenACC loop: counted, with a constant
    /// step, and no `exit` or named `cycle` inside (leaving an OpenACC loop early is not
    /// allowed).
    fn auto_eligible(&mut self, node: Node<'a>) -> R<bool> {
        let parts = self.do_parts(node)?;
        let Some((_, _, _, step)) = parts.counted else {
            return Ok(false);
        };
        if let Some(step) = step {
            if self.constant_sign(step).is_none() {
                return Ok(false);
            }
        }
        let mut leaves = false;
        super::super::symbols::walk(node, |n| {
            if n.kind() == "keyword_statement" {
                let text = self.text(n).trim().to_ascii_lowercase();
                if text.starts_with("exit")
                    || (text.starts_with("cycle") && n.named_child(0).is_some())
                {
                    leaves = true;
                }
            }
            !leaves
        });
        Ok(!leaves)
    }

    /// Whether `node` is a constant integer expression of value zero.
    pub(super) fn is_constant_zero(&self, node: Node<'a>) -> bool {
        let scope = self.lw.unit.scopes.name_scope_at(node.start_byte() as u32);
        super::super::symbols::eval_node(&self.lw.unit.text, &self.lw.unit.scopes, scope, node, 0)
            == Some(0)
    }

    /// The sign of a constant integer expression (`Some(true)` when negative).
    fn constant_sign(&self, node: Node<'a>) -> Option<bool> {
        let scope = self.lw.unit.scopes.name_scope_at(node.start_byte() as u32);
        let value = super::super::symbols::eval_node(
            &self.lw.unit.text,
            &self.lw.unit.scopes,
            scope,
            node,
            0,
        )?;
        (value != 0).then_some(value < 0)
    }

    /// An OpenACC loop (`op` present) or an auto loop of a `kernels` region: `depth` tightly
    /// nested counted loops become the controls.
    pub(super) fn acc_loop(
        &mut self,
        node: Node<'a>,
        op: Option<Handle<Op>>,
        depth: usize,
        out: &mut Stmts,
    ) -> R<()> {
        let forced = op.is_some_and(
            |op| matches!(&self.lw.module.ops[op].kind, OpKind::Loop(l) if l.forced_collapse()),
        );
        let mut controls = Vec::new();
        let mut current = node;
        let mut body_nodes = Vec::new();
        // The code of a `collapse(force:n)` nest between its loops: it runs in every iteration
        // of the collapsed loop, before and after the innermost body (§2.9.1: intervening
        // code "may be executed multiple times").
        let mut before = Vec::new();
        let mut after = Vec::new();
        let mut inner_bounds = Vec::new();
        let mut level = 0;
        while level < depth.max(1) {
            let parts = self.do_parts(current)?;
            // A `do concurrent` gives one control per index (all of them: its iterations are
            // independent by definition).
            let headers = if parts.concurrent {
                self.concurrent_controls(current)?
            } else {
                match parts.counted {
                    Some(counted) => vec![counted],
                    None => return self.fail(current, "OpenACC loop that is not a counted 'do'"),
                }
            };
            for (var, start, end, step) in headers {
                if level > 0 {
                    inner_bounds.extend([start, end]);
                    inner_bounds.extend(step);
                }
                let (place, kind) = self.do_variable(var)?;
                let lower = self.value(start)?;
                let lower = self.convert_integer_bound(lower, kind, start)?;
                let upper = self.value(end)?;
                let upper = self.convert_integer_bound(upper, kind, end)?;
                let (step_value, descending) = match step {
                    Some(s) => {
                        let Some(negative) = self.constant_sign(s) else {
                            return self.fail(
                            s,
                            "OpenACC loop whose step is not a nonzero constant (its direction must be known)",
                        );
                        };
                        let v = self.value(s)?;
                        (self.convert_integer_bound(v, kind, s)?, negative)
                    }
                    None => (self.int(1, kind, current), false),
                };
                controls.push(LoopControl {
                    var: place,
                    lower,
                    upper,
                    compare: if descending {
                        BinaryOp::Ge
                    } else {
                        BinaryOp::Le
                    },
                    step: step_value,
                });
                level += 1;
            }
            body_nodes = parts.body;
            if level < depth {
                match crate::fortran::unit::single_do(&body_nodes) {
                    Some(at) if forced || body_nodes.len() == 1 => {
                        before.extend_from_slice(&body_nodes[..at]);
                        after.splice(0..0, body_nodes[at + 1..].iter().copied());
                        current = body_nodes[at];
                    }
                    _ => {
                        return self.fail(
                            node,
                            format!("collapse({depth}) needs {depth} tightly nested loops"),
                        )
                    }
                }
            }
        }
        if let Some(place) = self.assigned_name(&inner_bounds, &before, &after) {
            return self.fail(
                place,
                format!(
                    "the bounds of a loop of a 'collapse(force:{depth})' nest use '{}', which the code between the loops assigns",
                    self.text(place)
                ),
            );
        }
        let body_nodes: Vec<Node<'a>> = before.into_iter().chain(body_nodes).chain(after).collect();
        // Do-variables of the sequential loops inside are private to each iteration.
        let mut declares = Vec::new();
        let mut frame = HashMap::new();
        for &body_node in &body_nodes {
            for var in self.sequential_do_variables(body_node)? {
                if frame.contains_key(&var) {
                    continue;
                }
                let ty = self.lw.module.variables[var].ty;
                let name = self.lw.module.variables[var].name.clone();
                let local =
                    self.uninit_local(&name, ty, LocalKind::Declared, body_node, &mut declares);
                frame.insert(var, local);
            }
        }
        self.rebound.push(frame);
        let body = self.loop_body(
            LoopFrame {
                name: None,
                acc: true,
                block: false,
            },
            &body_nodes,
        );
        self.rebound.pop();
        let mut body = body?;
        declares.append(&mut body);
        out.push(Stmt::AccLoop {
            op,
            controls,
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body: declares,
        });
        Ok(())
    }

    /// A name in `bounds` (inner loops' bounds of a collapsed nest) that a statement of
    /// `before` or `after` assigns: the collapsed loop computes every bound before it starts.
    fn assigned_name(
        &self,
        bounds: &[Node<'a>],
        before: &[Node<'a>],
        after: &[Node<'a>],
    ) -> Option<Node<'a>> {
        let mut assigned = HashSet::new();
        for &statement in before.iter().chain(after) {
            walk(statement, |n| {
                if n.kind() == "assignment_statement" {
                    let mut target = n.named_child(0);
                    while let Some(t) = target.filter(|t| t.kind() != "identifier") {
                        target = t.named_child(0);
                    }
                    if let Some(t) = target {
                        assigned.insert(self.text(t).to_ascii_lowercase());
                    }
                }
                true
            });
        }
        let mut found = None;
        for &bound in bounds {
            walk(bound, |n| {
                if found.is_none()
                    && n.kind() == "identifier"
                    && assigned.contains(&self.text(n).to_ascii_lowercase())
                {
                    found = Some(n);
                }
                found.is_none()
            });
        }
        found
    }

    /// The statements of an atomic construct (forms checked by the directive lowering).
    fn atomic(
        &mut self,
        statements: &[Node<'a>],
        kind: AtomicKind,
        node: Node<'a>,
        out: &mut Stmts,
    ) -> R<()> {
        let sides = |this: &Self, s: Node<'a>| -> R<(Node<'a>, Node<'a>)> {
            match (
                s.kind(),
                s.child_by_field_name("left"),
                s.child_by_field_name("right"),
            ) {
                ("assignment_statement", Some(l), Some(r)) => Ok((l, r)),
                _ => this.fail(s, "atomic statement is not an assignment"),
            }
        };
        let same = |this: &Self, a: Node, b: Node| {
            let norm = |n: Node| {
                this.text(n)
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_ascii_lowercase()
            };
            norm(a) == norm(b)
        };
        match kind {
            AtomicKind::Read => {
                let [s] = statements else {
                    return self.fail(node, "atomic read of more than one statement");
                };
                let (v, x) = sides(self, *s)?;
                let (address, x_kind) = self.atomic_target(x)?;
                let (capture, v_kind) = self.target(v)?;
                if v_kind != x_kind {
                    return self.fail(*s, "atomic read into a variable of a different type");
                }
                out.push(Stmt::Atomic {
                    kind,
                    address,
                    op: None,
                    value: None,
                    capture: Some(capture),
                    capture_old: false,
                    reversed: false,
                });
            }
            AtomicKind::Write => {
                let [s] = statements else {
                    return self.fail(node, "atomic write of more than one statement");
                };
                let (x, e) = sides(self, *s)?;
                let value = self.value(e)?;
                let (address, x_kind) = self.atomic_target(x)?;
                let value = self.convert(value, x_kind, e)?;
                out.push(Stmt::Atomic {
                    kind,
                    address,
                    op: None,
                    value: Some(value),
                    capture: None,
                    capture_old: false,
                    reversed: false,
                });
            }
            AtomicKind::Update => {
                let [s] = statements else {
                    return self.fail(node, "atomic update of more than one statement");
                };
                let (x, e) = sides(self, *s)?;
                let (address, op, value, reversed) = self.update(x, e, *s)?;
                out.push(Stmt::Atomic {
                    kind,
                    address,
                    op: Some(op),
                    value: Some(value),
                    capture: None,
                    capture_old: false,
                    reversed,
                });
            }
            AtomicKind::Capture => {
                let [first, second] = statements else {
                    return self.fail(node, "atomic capture needs two statements");
                };
                let (l1, r1) = sides(self, *first)?;
                let (l2, r2) = sides(self, *second)?;
                // `v = x` then an update or write of x: the old value is captured.
                let (read, update, capture_old) = if same(self, r1, l2) {
                    ((l1, r1), (l2, r2, *second), true)
                } else if same(self, l1, r2) {
                    ((l2, r2), (l1, r1, *first), false)
                } else {
                    return self.fail(node, "atomic capture of an unsupported form");
                };
                let (x, e, statement) = update;
                let is_update = self.is_update_of(x, e);
                let (address, op, value, reversed) = if is_update {
                    let (a, op, v, r) = self.update(x, e, statement)?;
                    (a, Some(op), v, r)
                } else if capture_old {
                    let value = self.value(e)?;
                    let (a, x_kind) = self.atomic_target(x)?;
                    (a, None, self.convert(value, x_kind, e)?, false)
                } else {
                    return self.fail(node, "atomic capture of an unsupported form");
                };
                let x_kind = self.kind_of(value);
                let (capture, v_kind) = self.target(read.0)?;
                if Some(v_kind) != x_kind {
                    return self.fail(read.0, "atomic capture into a variable of a different type");
                }
                out.push(Stmt::Atomic {
                    kind,
                    address,
                    op,
                    value: Some(value),
                    capture: Some(capture),
                    capture_old,
                    reversed,
                });
            }
        }
        Ok(())
    }

    /// The address of an atomic's target, which must be an integer or real scalar.
    fn atomic_target(&mut self, x: Node<'a>) -> R<(ExprId, ScalarKind)> {
        let (address, kind) = self.target(x)?;
        match kind {
            ScalarKind::Int { .. } | ScalarKind::Float { .. } => Ok((address, kind)),
            other => self.fail(x, format!("atomic on {}", super::expr::kind_name(other))),
        }
    }

    /// Whether `e` is `x op expr`, `expr op x` or `intrinsic(x, ...)`.
    fn is_update_of(&self, x: Node<'a>, e: Node<'a>) -> bool {
        let norm = |n: Node| {
            self.text(n)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let target = norm(x);
        match e.kind() {
            "math_expression" | "logical_expression" => ["left", "right"]
                .iter()
                .any(|f| e.child_by_field_name(f).is_some_and(|n| norm(n) == target)),
            "call_expression" => e.named_child(1).is_some_and(|args| {
                let mut c = args.walk();
                let found = args.named_children(&mut c).any(|a| norm(a) == target);
                found
            }),
            "parenthesized_expression" => e.named_child(0).is_some_and(|i| self.is_update_of(x, i)),
            _ => false,
        }
    }

    /// An atomic update `x = x op e`, `x = e op x` or `x = f(x, e)`: the address, operator,
    /// operand (in x's type) and whether the operation is reversed (`x = e - x`). The operand
    /// must not need a wider type than x's (the update is done in x's type).
    fn update(
        &mut self,
        x: Node<'a>,
        e: Node<'a>,
        statement: Node<'a>,
    ) -> R<(ExprId, BinaryOp, ExprId, bool)> {
        let mut e = e;
        while e.kind() == "parenthesized_expression" {
            match e.named_child(0) {
                Some(inner) => e = inner,
                None => break,
            }
        }
        let norm = |this: &Self, n: Node| {
            this.text(n)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_ascii_lowercase()
        };
        let target = norm(self, x);
        let (op, operand, reversed) = match e.kind() {
            "math_expression" => {
                let (Some(l), Some(r)) = (
                    e.child_by_field_name("left"),
                    e.child_by_field_name("right"),
                ) else {
                    return self.fail(statement, "malformed atomic update");
                };
                let op = match e
                    .child_by_field_name("operator")
                    .map_or("", |o| self.text(o))
                {
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    other => return self.fail(e, format!("atomic update with operator '{other}'")),
                };
                if norm(self, l) == target {
                    (op, vec![r], false)
                } else if norm(self, r) == target {
                    (op, vec![l], !matches!(op, BinaryOp::Add | BinaryOp::Mul))
                } else {
                    return self.fail(statement, "atomic update that does not update its target");
                }
            }
            "call_expression" => {
                let name = e.named_child(0).map_or(String::new(), |c| norm(self, c));
                let op = match name.as_str() {
                    "max" => BinaryOp::Max,
                    "min" => BinaryOp::Min,
                    "iand" => BinaryOp::BitAnd,
                    "ior" => BinaryOp::BitOr,
                    "ieor" => BinaryOp::BitXor,
                    _ => return self.fail(e, format!("atomic update with '{name}'")),
                };
                let Some(args) = e.named_child(1) else {
                    return self.fail(e, "malformed atomic update");
                };
                let mut c = args.walk();
                let all: Vec<Node<'a>> = args.named_children(&mut c).collect();
                let Some(position) = all.iter().position(|a| norm(self, *a) == target) else {
                    return self.fail(statement, "atomic update that does not update its target");
                };
                let rest: Vec<Node<'a>> = all
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != position)
                    .map(|(_, a)| *a)
                    .collect();
                (op, rest, false)
            }
            _ => return self.fail(statement, "atomic update of an unsupported form"),
        };
        let (address, kind) = self.atomic_target(x)?;
        let ty = self.scalar_ty(kind);
        let mut value: Option<ExprId> = None;
        for operand in operand {
            let v = self.value(operand)?;
            let Some(v_kind) = self.kind_of(v) else {
                return self.fail(operand, "atomic update with a non-scalar operand");
            };
            if super::expr::common(kind, v_kind) != Some(kind) {
                return self.fail(
                    operand,
                    format!(
                        "atomic update of {} with a {} operand (Fortran computes it in the wider type)",
                        super::expr::kind_name(kind),
                        super::expr::kind_name(v_kind)
                    ),
                );
            }
            let v = self.convert(v, kind, operand)?;
            value = Some(match value {
                None => v,
                Some(previous) => self.binary(op, previous, v, ty, operand),
            });
        }
        let Some(value) = value else {
            return self.fail(statement, "atomic update without an operand");
        };
        if matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor)
            && !matches!(kind, ScalarKind::Int { .. })
        {
            return self.fail(statement, "atomic bit operation on a non-integer");
        }
        Ok((address, op, value, reversed))
    }
}
