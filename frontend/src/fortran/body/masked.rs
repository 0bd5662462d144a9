//! Masked array assignments in device code: `where` (the statement and the construct, with
//! masked and unmasked `elsewhere`, and nested `where`) and `forall` (the statement and the
//! construct, with an optional mask, nesting `forall` and `where`), and `associate` with
//! scalar and array selectors.
//!
//! # How they run
//! A `where` is one loop nest over the zero-based counters of its first assignment's target
//! (as [`super::arrays`] does for an array assignment; the standard requires every mask and
//! target of the construct to conform with it). At each element the mask is evaluated once,
//! then the assignments of the block it selects run in order; `elsewhere (m2)` is tested only
//! where the earlier masks are false, so the blocks become an `if`/`else if` chain. A `forall`
//! is a loop nest over the trip counts of its index triplets (bounds and strides evaluated
//! once, before it; the first index innermost), its index names locals of each iteration (the
//! outer variables of the same name are untouched, as the standard says), the mask tested
//! before the iteration's statements. In a `kernels` region either nest is one OpenACC loop
//! without an op, elsewhere it is sequential.
//!
//! # When that is the standard's result
//! The standard evaluates each statement (mask, right side, subscripts) for every element
//! before it assigns any, and each statement completely before the next. Running element by
//! element, statement after statement, computes the same only when no element reads what
//! another element writes. So every array a construct assigns must be referenced everywhere
//! in it (masks, right sides, subscripts, nested constructs) only through the one designator
//! its assignments use: element `e` then reads only element `e` of it, and the standard
//! forbids a `forall` to assign one element twice. Anything else (`a(2:n) = a(1:n-1)`,
//! `a(i) = a(i + 1)`, two sections of one array) is refused: gfortran evaluates those through
//! a temporary, which this lowering does not build. A `forall` target must mention every
//! index of its `forall` (one that does not assigns an element repeatedly), and a `forall`
//! may not call procedures of the file (one could read an assigned array through a module or
//! its host); a `where` calls only elemental intrinsics and inquiries, like an array
//! assignment. Aliasing through pointers is not analysed, as for array assignments.
//!
//! # `associate`
//! Each selector is evaluated once, on entry, before any of the construct's names exist: a
//! variable or array element binds its name to its address (kept in a local, so later
//! changes of the subscripts do not move it), any other scalar expression to a local holding
//! its value (not definable). A whole array or a section (`r => a(:, j)`, `s => v(2::3)`, a
//! section of another associate name) binds its name to a [`View`]: the address of the
//! selector's first element and each dimension's lower bound (the array's own for a whole
//! array, 1 for a section), memory stride and extent, in locals. The name then resolves to a
//! variable of deferred shape that exists only in the lowering, whose place and bounds are
//! those locals, so elements, sections, inquiries, reductions and array assignments address
//! it as they address an assumed-shape array, and an assumed-shape dummy takes it as any
//! section. The checks of array assignments, `where` and `forall` count such a name as its
//! selector's array (so every reference to that array in the construct must be the one
//! designator it assigns). Refused, with the reason: array-valued expressions
//! (`r => a + 1`, a temporary array), vector subscripts, such a name passed to an
//! explicit-shape dummy (it may not be contiguous), names that would hide an array, a
//! procedure or a constant of the scope, and a name bound to a variable inside an array
//! expression, `where` or `forall` (its target could be an element those assign, which the
//! checks above cannot see through the name).

use super::super::symbols::{Attrs, Dim, Symbol, Upper};
use super::arrays::{normalised, section_parts, subscripts, Elemental};
use super::expr::Name;
use super::{Lowering, I64, MAX_DEPTH, R};
use super::{SyntheticKind, Value};
use acc_ir::body::{BinaryOp, ExprKind, LocalId, LocalKind, Stmt, Stmts};
use acc_ir::{Handle, ScalarKind, Storage, TypeHandle, Variable};
use std::collections::HashMap;
use tree_sitter::Node;

/// What an `associate` name stands for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Association {
    /// A variable or array element: a local holding its address, and the object's type.
    Place(LocalId, TypeHandle),
    /// An expression: a local holding its value.
    Value(LocalId),
    /// A whole array or an array section: index into [`Lowering::views`].
    Array(usize),
}

/// The array an `associate` name stands for: a run-time descriptor held in locals, evaluated
/// on entry. The name resolves to `var`, a variable of deferred shape that exists only in the
/// lowering: its address is `origin` (the selector's first element), and its lower bounds,
/// memory strides (in elements) and extents are the locals of each dimension.
#[derive(Clone, Debug)]
pub(super) struct View {
    pub var: Handle<Variable>,
    pub symbol: Symbol,
    /// The selector's array (lower case), for the checks of array assignments.
    pub base: String,
    pub origin: LocalId,
    pub lower: Vec<LocalId>,
    pub stride: Vec<LocalId>,
    pub extent: Vec<LocalId>,
}

/// The construct being checked, for messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Masked {
    Where,
    Forall,
}

impl Masked {
    fn keyword(self) -> &'static str {
        match self {
            Masked::Where => "where",
            Masked::Forall => "forall",
        }
    }
}

/// The parts of a `forall` statement or construct.
struct ForallParts<'t> {
    triplets: Vec<Node<'t>>,
    mask: Option<Node<'t>>,
    body: Vec<Node<'t>>,
}

/// Child kinds of `where` and `forall` nodes that are not statements of their bodies.
fn is_masked_structure(kind: &str) -> bool {
    matches!(
        kind,
        "comment"
            | "statement_label"
            | "block_label_start_expression"
            | "end_where_statement"
            | "end_forall_statement"
            | "elsewhere_clause"
            // A construct name after `elsewhere`.
            | "identifier"
    )
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// The mask and body statements of a `where` statement or construct or of an `elsewhere`
    /// clause.
    fn where_parts(&self, node: Node<'a>) -> (Option<Node<'a>>, Vec<Node<'a>>) {
        let mut mask = None;
        let mut body = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if child.kind() == "parenthesized_expression" && mask.is_none() && body.is_empty() {
                mask = Some(child);
            } else if !is_masked_structure(child.kind()) {
                body.push(child);
            }
        }
        (mask, body)
    }

    fn elsewhere_clauses(&self, node: Node<'a>) -> Vec<Node<'a>> {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .filter(|c| c.kind() == "elsewhere_clause")
            .collect()
    }

    /// The index triplets, mask and body statements of a `forall`.
    fn forall_parts(&self, node: Node<'a>) -> ForallParts<'a> {
        let mut parts = ForallParts {
            triplets: Vec::new(),
            mask: None,
            body: Vec::new(),
        };
        // The header ends at the first `)` among the node's own children.
        let mut in_header = true;
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if !child.is_named() {
                if child.kind() == ")" {
                    in_header = false;
                }
                continue;
            }
            match child.kind() {
                "triplet_spec" => parts.triplets.push(child),
                kind if is_masked_structure(kind) && kind != "identifier" => {}
                _ if in_header => parts.mask = Some(child),
                _ => parts.body.push(child),
            }
        }
        parts
    }

    /// Every assignment of a `where` or `forall` (nested constructs included), after checking
    /// that the construct holds nothing else.
    fn masked_assignments(
        &self,
        node: Node<'a>,
        construct: Masked,
        out: &mut Vec<Node<'a>>,
        depth: usize,
    ) -> R<()> {
        if depth > MAX_DEPTH {
            return self.fail(node, "constructs nested too deeply");
        }
        let mut nested = Vec::new();
        let body = match node.kind() {
            "forall_statement" => self.forall_parts(node).body,
            _ => {
                nested.extend(self.elsewhere_clauses(node));
                self.where_parts(node).1
            }
        };
        for statement in body {
            match statement.kind() {
                "assignment_statement" => out.push(statement),
                "where_statement" => nested.push(statement),
                "forall_statement" if construct == Masked::Forall => nested.push(statement),
                _ => {
                    return self.fail(
                        statement,
                        format!(
                            "'{}' in a '{}' construct (only assignments{} may appear there)",
                            self.text(statement).lines().next().unwrap_or("").trim(),
                            construct.keyword(),
                            match construct {
                                Masked::Where => " and nested 'where'",
                                Masked::Forall => ", 'where' and nested 'forall'",
                            }
                        ),
                    )
                }
            }
        }
        for inner in nested {
            let inner_construct = if inner.kind() == "forall_statement" {
                Masked::Forall
            } else {
                construct
            };
            self.masked_assignments(inner, inner_construct, out, depth + 1)?;
        }
        Ok(())
    }

    /// Refuses a construct whose element-by-element evaluation could differ from the
    /// standard's: an assigned array referenced other than through its assignments'
    /// designator (see the module docs).
    fn check_masked_references(
        &mut self,
        node: Node<'a>,
        assignments: &[Node<'a>],
        construct: Masked,
    ) -> R<()> {
        let keyword = construct.keyword();
        // Assigned array (lower case) -> the normalised designator of its assignments.
        let mut written: HashMap<String, (Node<'a>, String)> = HashMap::new();
        for &assignment in assignments {
            let Some(left) = assignment.child_by_field_name("left") else {
                return self.fail(assignment, "malformed assignment");
            };
            let name_node = match left.kind() {
                "identifier" => left,
                "call_expression" => match left.named_child(0) {
                    Some(callee) if callee.kind() == "identifier" => callee,
                    _ => {
                        return self.fail(
                            left,
                            format!("'{keyword}' assignment to '{}'", self.text(left)),
                        )
                    }
                },
                _ => {
                    return self.fail(
                        left,
                        format!("'{keyword}' assignment to '{}'", self.text(left)),
                    )
                }
            };
            let name = self.array_key(name_node);
            let designator = normalised(self.text(left));
            if let Some((first, previous)) = written.get(&name) {
                if *previous != designator {
                    return self.fail(
                        left,
                        format!(
                            "'{keyword}' assigning both '{}' and '{}' (element-by-element evaluation needs one designator per array; gfortran uses a temporary)",
                            self.text(*first),
                            self.text(left)
                        ),
                    );
                }
            } else {
                written.insert(name, (left, designator));
            }
        }
        let mut problem: Option<(Node<'a>, String)> = None;
        super::super::symbols::walk(node, |n| {
            if problem.is_some() {
                return false;
            }
            match n.kind() {
                "end_where_statement" | "end_forall_statement" | "block_label_start_expression" => {
                    return false
                }
                "identifier" => {}
                _ => return true,
            }
            if let Some(Association::Place(..)) = self.association_of(n) {
                problem = Some((
                    n,
                    format!(
                        "'{keyword}' reading associate name '{}' (it may name an element the construct assigns)",
                        self.text(n)
                    ),
                ));
                return false;
            }
            let Some((target, designator)) = written.get(&self.array_key(n)) else {
                return false;
            };
            let parent = n.parent();
            // Keyword names (`dim=`) and construct names are not references.
            if parent.is_some_and(|p| {
                (p.kind() == "keyword_argument"
                    && p.child_by_field_name("name").map(|c| c.id()) == Some(n.id()))
                    || (p.kind() == "triplet_spec"
                        && p.named_child(0).map(|c| c.id()) == Some(n.id()))
                    || p.kind() == "elsewhere_clause"
            }) {
                return false;
            }
            let reference = match parent {
                Some(p)
                    if p.kind() == "call_expression"
                        && p.named_child(0).map(|c| c.id()) == Some(n.id()) =>
                {
                    p
                }
                _ => n,
            };
            if normalised(self.text(reference)) != *designator {
                problem = Some((
                    reference,
                    format!(
                        "'{keyword}' assigning '{}' that also reads '{}' (element-by-element evaluation would read elements it has already written; gfortran uses a temporary)",
                        self.text(*target),
                        self.text(reference)
                    ),
                ));
            }
            false
        });
        match problem {
            Some((at, message)) => self.fail(at, message),
            None => Ok(()),
        }
    }

    /// A `where` statement or construct (see the module docs).
    pub(super) fn where_construct(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        if self.elemental.is_some() {
            return self.fail(node, "'where' inside an array assignment");
        }
        let mut assignments = Vec::new();
        self.masked_assignments(node, Masked::Where, &mut assignments, 0)?;
        self.check_array_expression(node)?;
        self.check_masked_references(node, &assignments, Masked::Where)?;
        // Masks call only elemental intrinsics: a construct without assignments does nothing.
        let Some(left) = assignments
            .first()
            .and_then(|a| a.child_by_field_name("left"))
        else {
            return Ok(());
        };
        let Some((var, symbol)) = self.array_target(left)? else {
            return self.fail(
                left,
                format!(
                    "'where' assignment to '{}', which is not an array",
                    self.text(left)
                ),
            );
        };
        let mut stmts = Vec::new();
        let extents = self.section_extents(left, var, &symbol, &mut stmts)?;
        let counters = self.elemental_counters("where", extents.len(), node, &mut stmts);
        self.elemental = Some(Elemental {
            counters: counters.clone(),
        });
        let body = self.where_body(node, 0);
        self.elemental = None;
        let body = body?;
        let mut nest = self.elemental_loops(&counters, &extents, body, node);
        stmts.append(&mut nest);
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    /// The statements of a `where` at the current element: its mask selects its block or its
    /// `elsewhere` chain.
    fn where_body(&mut self, node: Node<'a>, depth: usize) -> R<Stmts> {
        if depth > MAX_DEPTH {
            return self.fail(node, "constructs nested too deeply");
        }
        let (mask, body) = self.where_parts(node);
        let Some(mask) = mask else {
            return self.fail(node, "'where' without a mask");
        };
        let cond = self.condition(mask)?;
        let accept = self.where_statements(&body, depth)?;
        let clauses = self.elsewhere_clauses(node);
        let reject = self.elsewhere_chain(&clauses, depth)?;
        Ok(vec![Stmt::If {
            cond,
            accept,
            reject,
        }])
    }

    /// The `elsewhere` clauses as nested tests.
    fn elsewhere_chain(&mut self, clauses: &[Node<'a>], depth: usize) -> R<Stmts> {
        let Some((&first, rest)) = clauses.split_first() else {
            return Ok(Vec::new());
        };
        let (mask, body) = self.where_parts(first);
        let Some(mask) = mask else {
            if let Some(&next) = rest.first() {
                return self.fail(next, "'elsewhere' after an 'elsewhere' without a mask");
            }
            return self.where_statements(&body, depth);
        };
        let cond = self.condition(mask)?;
        let accept = self.where_statements(&body, depth)?;
        let reject = self.elsewhere_chain(rest, depth)?;
        Ok(vec![Stmt::If {
            cond,
            accept,
            reject,
        }])
    }

    /// The assignments and nested `where`s of one block, at the current element.
    fn where_statements(&mut self, body: &[Node<'a>], depth: usize) -> R<Stmts> {
        let mut stmts = Vec::new();
        for &statement in body {
            if statement.kind() == "where_statement" {
                stmts.extend(self.where_body(statement, depth + 1)?);
                continue;
            }
            let (Some(left), Some(right)) = (
                statement.child_by_field_name("left"),
                statement.child_by_field_name("right"),
            ) else {
                return self.fail(statement, "malformed assignment");
            };
            if self.array_target(left)?.is_none() {
                return self.fail(
                    left,
                    format!(
                        "'where' assignment to '{}', which is not an array",
                        self.text(left)
                    ),
                );
            }
            stmts.push(self.store_assignment(left, right)?);
        }
        Ok(stmts)
    }

    /// Refuses a `forall` that calls a procedure of the file (it could read an array the
    /// `forall` assigns through a module or its host).
    fn check_forall_calls(&mut self, node: Node<'a>) -> R<()> {
        let mut callees = Vec::new();
        super::super::symbols::walk(node, |n| {
            if n.kind() == "call_expression" {
                if let Some(callee) = n.named_child(0).filter(|c| c.kind() == "identifier") {
                    callees.push(callee);
                }
            }
            true
        });
        for callee in callees {
            let is_procedure = match self.name(callee)? {
                Name::Procedure => true,
                Name::Variable(_, symbol) => symbol.dims.is_empty() && symbol.typed,
                _ => false,
            };
            if is_procedure {
                return self.fail(
                    callee,
                    format!(
                        "'forall' calling '{}' (a procedure could read an array the 'forall' assigns)",
                        self.text(callee)
                    ),
                );
            }
        }
        Ok(())
    }

    /// A `forall` statement or construct (see the module docs).
    pub(super) fn forall(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        if self.elemental.is_some() {
            return self.fail(node, "'forall' inside an array assignment");
        }
        let parts = self.forall_parts(node);
        if parts.triplets.is_empty() {
            return self.fail(node, "'forall' without an index");
        }
        let mut assignments = Vec::new();
        self.masked_assignments(node, Masked::Forall, &mut assignments, 0)?;
        self.check_masked_references(node, &assignments, Masked::Forall)?;
        self.check_forall_calls(node)?;
        let mut names = Vec::new();
        for &triplet in &parts.triplets {
            match triplet.named_child(0) {
                Some(name) if name.kind() == "identifier" => {
                    names.push(self.text(name).to_ascii_lowercase())
                }
                _ => return self.fail(triplet, "malformed 'forall' index"),
            }
        }
        // Targets of this forall's own assignments (nested constructs check their indices).
        for &statement in parts
            .body
            .iter()
            .filter(|s| s.kind() == "assignment_statement")
        {
            let Some(left) = statement.child_by_field_name("left") else {
                return self.fail(statement, "malformed assignment");
            };
            let mut mentioned = Vec::new();
            if left.kind() == "call_expression" {
                if let Some(list) = left.named_child(1) {
                    super::super::symbols::walk(list, |n| {
                        if n.kind() == "identifier" {
                            mentioned.push(self.text(n).to_ascii_lowercase());
                        }
                        true
                    });
                }
            }
            if let Some(missing) = names.iter().find(|n| !mentioned.contains(n)) {
                return self.fail(
                    left,
                    format!(
                        "'forall' assignment to '{}', whose subscripts do not use index '{missing}' (it would assign an element more than once)",
                        self.text(left)
                    ),
                );
            }
        }

        let mut stmts = Vec::new();
        let mut indices = Vec::new();
        let mut extents = Vec::new();
        let i64_ty = self.i64_ty();
        for &triplet in &parts.triplets {
            let (Some(name), Some(low), Some(high)) = (
                triplet.named_child(0),
                triplet.named_child(1),
                triplet.named_child(2),
            ) else {
                return self.fail(triplet, "malformed 'forall' index");
            };
            let Some((var, symbol)) = self.variable_named(name)? else {
                return self.fail(
                    name,
                    format!("'forall' index '{}' is not a variable", self.text(name)),
                );
            };
            let ty = self.lw.module.variables[var].ty;
            let kind = match self.scalar_of(ty) {
                Some(kind @ ScalarKind::Int { .. }) if symbol.dims.is_empty() => kind,
                _ => {
                    return self.fail(
                        name,
                        format!(
                            "'forall' index '{}' is not an integer scalar",
                            self.text(name)
                        ),
                    )
                }
            };
            let lower = self.index_value(low)?;
            let lower = self.temporary("forall.lower", lower, low, &mut stmts);
            let upper = self.index_value(high)?;
            let stride = match triplet.named_child(3) {
                Some(step) => {
                    if self.is_constant_zero(step) {
                        return self.fail(step, "'forall' stride of zero");
                    }
                    self.index_value(step)?
                }
                None => self.int(1, I64, triplet),
            };
            let stride = self.temporary("forall.stride", stride, triplet, &mut stmts);
            let l = self.load_local(lower, triplet);
            let count = self.triplet_count((l, upper, stride), "forall.count", triplet, &mut stmts);
            extents.push(count);
            indices.push((var, ty, kind, lower, stride, name));
        }
        let counters = self.elemental_counters("forall", indices.len(), node, &mut stmts);

        // Each iteration's index locals: lower + counter * stride.
        let mut body = Vec::new();
        let mut frame = HashMap::new();
        for (k, &(var, ty, kind, lower, stride, name)) in indices.iter().enumerate() {
            let c = self.load_local(counters[k], name);
            let s = self.load_local(stride, name);
            let offset = self.binary(BinaryOp::Mul, c, s, i64_ty, name);
            let l = self.load_local(lower, name);
            let value = self.binary(BinaryOp::Add, l, offset, i64_ty, name);
            let value = self.convert(value, kind, name)?;
            let label = self.text(name).to_ascii_lowercase();
            let local = self.uninit_local(&label, ty, LocalKind::Declared, name, &mut body);
            body.push(self.store_local(local, value, name));
            frame.insert(var, local);
        }
        self.rebound.push(frame);
        let inner = self.forall_body(&parts);
        self.rebound.pop();
        body.extend(inner?);
        let mut nest = self.elemental_loops(&counters, &extents, body, node);
        stmts.append(&mut nest);
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    /// One iteration of a `forall`: its statements, under its mask.
    fn forall_body(&mut self, parts: &ForallParts<'a>) -> R<Stmts> {
        let mut stmts = Vec::new();
        self.stmt_list(&parts.body, &mut stmts)?;
        match parts.mask {
            Some(mask) => {
                let cond = self.condition(mask)?;
                Ok(vec![Stmt::If {
                    cond,
                    accept: stmts,
                    reject: Vec::new(),
                }])
            }
            None => Ok(stmts),
        }
    }

    /// The association of the identifier `node`, innermost first.
    /// The array a name in a `where` or `forall` reads or assigns, for the checks that the
    /// construct reads no element it has assigned: an associate name of an array or section
    /// stands for its selector's array (so `a(:, j)` and `col => a(:, j)` are one array, whose
    /// references must all be one designator), any other name for itself (lower case).
    fn array_key(&self, name: Node<'a>) -> String {
        match self.association_of(name) {
            Some(Association::Array(view)) => self.views[view].base.clone(),
            _ => self.text(name).to_ascii_lowercase(),
        }
    }

    fn association_of(&self, node: Node<'a>) -> Option<Association> {
        if self.associations.is_empty() {
            return None;
        }
        let name = self.text(node).to_ascii_lowercase();
        self.associations
            .iter()
            .rev()
            .find_map(|frame| frame.get(&name).copied())
    }

    /// The value or place an `associate` name denotes, when `node` is one.
    pub(super) fn associated(&mut self, node: Node<'a>) -> R<Option<Value>> {
        match self.association_of(node) {
            None | Some(Association::Array(_)) => Ok(None),
            Some(Association::Place(..)) if self.elemental.is_some() => self.fail(
                node,
                format!(
                    "associate name '{}' in an array expression (it may name an element the statement assigns)",
                    self.text(node)
                ),
            ),
            Some(Association::Place(local, ty)) => {
                let address = self.load_local(local, node);
                Ok(Some(Value::Place(address, ty)))
            }
            Some(Association::Value(local)) => Ok(Some(Value::Val(self.load_local(local, node)))),
        }
    }

    /// An `associate` construct (see the module docs).
    pub(super) fn associate(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let mut cursor = node.walk();
        let children: Vec<Node<'a>> = node.named_children(&mut cursor).collect();
        let Some(list) = children.iter().find(|c| c.kind() == "association_list") else {
            return self.fail(node, "malformed 'associate'");
        };
        let mut stmts = Vec::new();
        let mut frame = HashMap::new();
        let mut list_cursor = list.walk();
        let associations: Vec<Node<'a>> = list
            .named_children(&mut list_cursor)
            .filter(|c| c.kind() == "association")
            .collect();
        for association in associations {
            let (Some(name), Some(selector)) = (
                association.child_by_field_name("name"),
                association.child_by_field_name("selector"),
            ) else {
                return self.fail(association, "malformed association");
            };
            let hides = match self.name(name)? {
                Name::Variable(_, symbol) => !symbol.dims.is_empty(),
                Name::Procedure | Name::Constant(..) => true,
                Name::Unknown => false,
            };
            if hides {
                return self.fail(
                    name,
                    format!(
                        "associate name '{}' hiding an array, procedure or constant of the same name",
                        self.text(name)
                    ),
                );
            }
            if let Some((var, symbol)) = self.array_target(selector)? {
                let index = self.array_view(name, selector, var, &symbol, &mut stmts)?;
                frame.insert(
                    self.text(name).to_ascii_lowercase(),
                    Association::Array(index),
                );
                continue;
            }
            let label = format!("associate.{}", self.text(name).to_ascii_lowercase());
            let lowered = self.expr(selector);
            let array_valued = |this: &mut Self| -> R<R<()>> {
                if this.is_array_valued(selector)? {
                    return Ok(this.fail(
                        selector,
                        format!(
                            "associate name '{}' for the array expression '{}' (its value needs a temporary array, which is not supported)",
                            this.text(name),
                            this.text(selector)
                        ),
                    ));
                }
                Ok(Ok(()))
            };
            let bound = match lowered {
                Err(error) => {
                    array_valued(self)??;
                    return Err(error);
                }
                Ok(Value::Place(address, ty)) => {
                    if self.scalar_of(ty).is_none() {
                        array_valued(self)??;
                        return self.fail(
                            selector,
                            format!(
                                "associate name '{}' for '{}', which is not a scalar of intrinsic type",
                                self.text(name),
                                self.text(selector)
                            ),
                        );
                    }
                    Association::Place(self.temporary(&label, address, selector, &mut stmts), ty)
                }
                Ok(Value::Val(value)) => {
                    Association::Value(self.temporary(&label, value, selector, &mut stmts))
                }
            };
            frame.insert(self.text(name).to_ascii_lowercase(), bound);
        }
        let body: Vec<Node<'a>> = children
            .into_iter()
            .filter(|c| {
                !matches!(
                    c.kind(),
                    "association_list"
                        | "end_associate_statement"
                        | "block_label_start_expression"
                        | "comment"
                        | "statement_label"
                )
            })
            .collect();
        self.associations.push(frame);
        let result = self.stmt_list(&body, &mut stmts);
        self.associations.pop();
        result?;
        out.push(Stmt::Block(stmts));
        Ok(())
    }
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// Whether the expression `node` mentions a whole array or an array section outside an
    /// element reference (an array-valued `associate` selector such as `a + 1`).
    fn is_array_valued(&mut self, node: Node<'a>) -> R<bool> {
        let mut names = Vec::new();
        let mut sectioned = false;
        super::super::symbols::walk(node, |n| {
            match n.kind() {
                "extent_specifier" => sectioned = true,
                "identifier" => {
                    let callee = n.parent().is_some_and(|p| {
                        p.kind() == "call_expression"
                            && p.named_child(0).map(|c| c.id()) == Some(n.id())
                    });
                    if !callee {
                        names.push(n);
                    }
                }
                _ => {}
            }
            true
        });
        if sectioned {
            return Ok(true);
        }
        for n in names {
            if matches!(self.name(n)?, Name::Variable(_, symbol) if !symbol.dims.is_empty()) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Binds `name` to the array `selector` designates (a whole array of `var`, or a section
    /// of it): evaluates its descriptor into locals declared into `out` and returns the
    /// index of the [`View`]. A whole array keeps its bounds; a section's lower bounds are 1.
    fn array_view(
        &mut self,
        name: Node<'a>,
        selector: Node<'a>,
        var: Handle<Variable>,
        symbol: &Symbol,
        out: &mut Stmts,
    ) -> R<usize> {
        let args = if selector.kind() == "identifier" {
            Vec::new()
        } else {
            let args = subscripts(selector);
            self.check_subscript_count(symbol, args.len(), selector)?;
            args
        };
        let i64_ty = self.i64_ty();
        let mut indices = Vec::new();
        let (mut lower, mut stride, mut extent) = (Vec::new(), Vec::new(), Vec::new());
        for d in 0..symbol.dims.len() {
            let parts = match args.get(d) {
                None => None,
                Some(arg) if arg.kind() == "extent_specifier" => Some(section_parts(*arg)),
                Some(arg) => {
                    let index = match self.subscript(*arg, selector) {
                        Ok(index) => index,
                        Err(error) => {
                            if arg.kind() == "array_literal" || self.is_array_valued(*arg)? {
                                return self.fail(
                                    *arg,
                                    format!(
                                        "associate name '{}' for '{}' with a vector subscript (not supported)",
                                        self.text(name),
                                        self.text(selector)
                                    ),
                                );
                            }
                            return Err(error);
                        }
                    };
                    indices.push(index);
                    continue;
                }
            };
            let memory = self.dim_stride(var, symbol, d, selector);
            let lb = self.lower_bound(var, symbol, d, selector);
            let lb = self.temporary("associate.lbound", lb, selector, out);
            let full_extent = self.extent(var, symbol, d, selector);
            match parts {
                None => {
                    let Some(full_extent) = full_extent else {
                        return self.fail(
                            selector,
                            format!(
                                "associate name '{}' for the whole assumed-size array '{}'",
                                self.text(name),
                                symbol.name
                            ),
                        );
                    };
                    indices.push(self.load_local(lb, selector));
                    lower.push(lb);
                    stride.push(self.temporary("associate.stride", memory, selector, out));
                    extent.push(self.temporary("associate.extent", full_extent, selector, out));
                }
                Some([first, last, step]) => {
                    let first = match first {
                        Some(f) => self.index_value(f)?,
                        None => self.load_local(lb, selector),
                    };
                    let first = self.temporary("associate.first", first, selector, out);
                    let last = match (last, full_extent) {
                        (Some(l), _) => self.index_value(l)?,
                        (None, Some(full_extent)) => {
                            let l = self.load_local(lb, selector);
                            let end = self.binary(BinaryOp::Add, l, full_extent, i64_ty, selector);
                            let one = self.int(1, I64, selector);
                            self.binary(BinaryOp::Sub, end, one, i64_ty, selector)
                        }
                        (None, None) => {
                            return self.fail(
                                selector,
                                format!(
                                    "section without an upper bound in the last dimension of assumed-size '{}'",
                                    symbol.name
                                ),
                            )
                        }
                    };
                    let step = match step {
                        Some(s) => self.stride_value(s)?,
                        None => self.int(1, I64, selector),
                    };
                    let step = self.temporary("associate.step", step, selector, out);
                    let f = self.load_local(first, selector);
                    let count =
                        self.triplet_count((f, last, step), "associate.extent", selector, out);
                    indices.push(self.load_local(first, selector));
                    let one = self.int(1, I64, selector);
                    lower.push(self.temporary("associate.lbound", one, selector, out));
                    let s = self.load_local(step, selector);
                    let memory = self.binary(BinaryOp::Mul, memory, s, i64_ty, selector);
                    stride.push(self.temporary("associate.stride", memory, selector, out));
                    extent.push(count);
                }
            }
        }
        let Value::Place(address, _) = self.element_at(var, symbol, &indices, selector)? else {
            return self.internal(selector, "array element is not a place");
        };
        let (ty, decl) = {
            let v = &self.lw.module.variables[var];
            (v.ty, v.decl)
        };
        let pointer = self.pointer_to(ty);
        let origin = self.e(ExprKind::Cast(address), pointer, selector);
        let label = self.text(name).to_ascii_lowercase();
        let origin = self.temporary(&format!("associate.{label}"), origin, selector, out);
        let view_var = self.lw.module.variable(
            Variable {
                name: format!("associate {label} at {}", selector.start_byte()),
                ty,
                storage: Storage::Local,
                decl,
                derived: None,
                restrict: false,
                symbol: None,
            },
            decl,
        );
        let base = match self.views.iter().rev().find(|v| v.var == var) {
            Some(outer) => outer.base.clone(),
            None => symbol.name.to_ascii_lowercase(),
        };
        self.views.push(View {
            var: view_var,
            symbol: Symbol {
                name: self.text(name).to_string(),
                base: symbol.base.clone(),
                dims: vec![
                    Dim {
                        lower: None,
                        upper: Upper::Colon,
                    };
                    lower.len()
                ],
                attrs: Attrs::default(),
                decl: symbol.decl.clone(),
                value: None,
                real: None,
                typed: true,
                link: None,
            },
            base,
            origin,
            lower,
            stride,
            extent,
        });
        Ok(self.views.len() - 1)
    }

    /// The array an `associate` name `node` stands for, as the variable it resolves to.
    pub(super) fn view_of(&self, node: Node<'a>) -> Option<(Handle<Variable>, Symbol)> {
        match self.association_of(node)? {
            Association::Array(index) => {
                let view = &self.views[index];
                Some((view.var, view.symbol.clone()))
            }
            _ => None,
        }
    }

    /// The local holding the address of the first element of an `associate` name's array.
    pub(super) fn view_origin(&self, var: Handle<Variable>) -> Option<LocalId> {
        self.views
            .iter()
            .rev()
            .find(|v| v.var == var)
            .map(|v| v.origin)
    }

    /// The local holding a bound of dimension `dim` of an `associate` name's array.
    pub(super) fn view_bound(
        &self,
        var: Handle<Variable>,
        dim: u32,
        kind: SyntheticKind,
    ) -> Option<LocalId> {
        let view = self.views.iter().rev().find(|v| v.var == var)?;
        let locals = match kind {
            SyntheticKind::LowerBound => &view.lower,
            SyntheticKind::Stride => &view.stride,
            SyntheticKind::Extent => &view.extent,
        };
        locals.get(dim as usize).copied()
    }

    /// The array a name in an array expression refers to (lower case): the selector's array
    /// for an `associate` name of an array, the name itself otherwise.
    pub(super) fn array_base_name(&self, text: &str, node: Node<'a>) -> String {
        match self.association_of(node) {
            Some(Association::Array(index)) => self.views[index].base.clone(),
            _ => text.to_ascii_lowercase(),
        }
    }
}
