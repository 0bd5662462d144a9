//! Array assignments in compute regions: `a = expr` and `a(l:u:s, j) = expr`, where `expr` is
//! elemental over arrays and sections of the same rank and scalars.
//!
//! The assignment becomes a loop nest over the zero-based counters of the target's section,
//! first dimension innermost (column-major order). While its right side and target are
//! lowered, [`Elemental`] is set: a whole array `b` is element `b(lb_1 + c_1, ..., lb_r + c_r)`
//! and the k-th section subscript `l:u:s` of a reference is `l + c_k * s` (`l` defaults to the
//! lower bound). Only the target's extents are computed (`max(0, (u - l + s) / s)`), before
//! the loop: the standard requires the operands to conform.
//!
//! An element-by-element loop computes what the standard's "evaluate the right side, then
//! assign" computes only when no element is read after it is written. The target may appear on
//! the right side only as the same designator (element i then reads element i); any other
//! reference to the target's array refuses the region. A call on the right side must be an
//! elemental intrinsic, an inquiry (`size`, `lbound`, `ubound`) or a reduction with `dim`
//! (`b = sum(a, dim=2)`: one element of its result per element, `reductions.rs`), because an
//! array argument of anything else would be lowered as one element.
//!
//! In a `kernels` region the nest is one OpenACC loop without an op (like the region's `do`
//! loops), so the dependence test can run it in parallel; elsewhere it is a sequential nest.

use super::super::symbols::Symbol;
use super::expr::Name;
use super::{Lowering, I64, R};
use acc_ir::body::{BinaryOp, ExprId, LocalId, LocalKind, LocalOrVariable, LoopControl, Stmt};
use acc_ir::body::{LoopMapping, Stmts};
use acc_ir::{Handle, Variable};
use tree_sitter::Node;

/// The counters of the array assignment being lowered: `counters[k]` runs over the k-th
/// dimension of the target's section, from 0.
#[derive(Clone, Debug)]
pub(super) struct Elemental {
    pub counters: Vec<LocalId>,
}

/// Intrinsics an array expression may call: elemental ones, and the inquiries that read an
/// array's bounds rather than its elements.
const ELEMENTAL_INTRINSICS: &[&str] = &[
    "abs",
    "iabs",
    "dabs",
    "cabs",
    "sqrt",
    "dsqrt",
    "csqrt",
    "exp",
    "dexp",
    "cexp",
    "log",
    "alog",
    "dlog",
    "clog",
    "log10",
    "alog10",
    "dlog10",
    "sin",
    "dsin",
    "csin",
    "cos",
    "dcos",
    "ccos",
    "tan",
    "dtan",
    "asin",
    "dasin",
    "acos",
    "dacos",
    "atan",
    "datan",
    "atan2",
    "datan2",
    "sinh",
    "dsinh",
    "cosh",
    "dcosh",
    "tanh",
    "dtanh",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "erfc",
    "gamma",
    "log_gamma",
    "min",
    "max",
    "min0",
    "max0",
    "amin1",
    "amax1",
    "dmin1",
    "dmax1",
    "mod",
    "amod",
    "dmod",
    "modulo",
    "sign",
    "isign",
    "dsign",
    "real",
    "float",
    "sngl",
    "dble",
    "dfloat",
    "int",
    "ifix",
    "idint",
    "nint",
    "idnint",
    "floor",
    "ceiling",
    "aint",
    "anint",
    "dint",
    "dnint",
    "merge",
    "cmplx",
    "dcmplx",
    "aimag",
    "dimag",
    "conjg",
    "dconjg",
    "iand",
    "ior",
    "ieor",
    "ishft",
    "not",
    "shiftl",
    "shiftr",
    "shifta",
    "ibset",
    "ibclr",
    "btest",
    "ibits",
    "huge",
    "tiny",
    "epsilon",
    "size",
    "lbound",
    "ubound",
];

/// The three parts `lower:upper:stride` of a section subscript (an `extent_specifier`), each
/// absent when not written.
pub(super) fn section_parts(node: Node) -> [Option<Node>; 3] {
    let mut parts = [None; 3];
    let mut part = 0;
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        match child.kind() {
            ":" => part += 1,
            "::" => part += 2,
            "comment" => {}
            _ if child.is_named() && part < 3 => parts[part] = Some(child),
            _ => {}
        }
    }
    parts
}

/// The subscripts of a reference `a(...)`, without comments.
pub(super) fn subscripts(call: Node) -> Vec<Node> {
    let mut args = Vec::new();
    if let Some(list) = call.named_child(1) {
        let mut cursor = list.walk();
        args.extend(
            list.named_children(&mut cursor)
                .filter(|c| c.kind() != "comment"),
        );
    }
    args
}

/// `text` without blanks, lower case: designators that are the same reference compare equal.
pub(super) fn normalised(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// The array `left` designates when it is a whole array or a reference with a section
    /// subscript.
    pub(super) fn array_target(&mut self, left: Node<'a>) -> R<Option<(Handle<Variable>, Symbol)>> {
        let (name_node, whole) = match left.kind() {
            "identifier" => (left, true),
            "call_expression" => match left.named_child(0) {
                Some(callee) if callee.kind() == "identifier" => (callee, false),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let Name::Variable(var, symbol) = self.name(name_node)? else {
            return Ok(None);
        };
        if symbol.dims.is_empty() {
            return Ok(None);
        }
        let sectioned = whole
            || subscripts(left)
                .iter()
                .any(|arg| arg.kind() == "extent_specifier");
        Ok(sectioned.then_some((var, symbol)))
    }

    /// Lowers `left = right` where `left` designates (part of) the array `var` (see the module
    /// docs).
    pub(super) fn array_assignment(
        &mut self,
        node: Node<'a>,
        left: Node<'a>,
        right: Node<'a>,
        (var, symbol): (Handle<Variable>, Symbol),
        out: &mut Stmts,
    ) -> R<()> {
        if self.elemental.is_some() {
            return self.fail(node, "array assignment inside an array assignment");
        }
        self.check_right_side(Some((left, &symbol.name)), right)?;
        let mut stmts = Vec::new();
        let extents = self.section_extents(left, var, &symbol, &mut stmts)?;
        let counters = self.elemental_counters("elem", extents.len(), node, &mut stmts);
        self.elemental = Some(Elemental {
            counters: counters.clone(),
        });
        let store = self.store_assignment(left, right);
        self.elemental = None;
        let body = vec![store?];
        let mut nest = self.elemental_loops(&counters, &extents, body, node);
        stmts.append(&mut nest);
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    /// The loops running `body` once per element: over `counters` (zero-based, below
    /// `extents`), first dimension innermost. In a `kernels` region they are one OpenACC loop
    /// without an op (outermost control first), so the dependence test can run it in
    /// parallel; elsewhere a sequential nest. The callers guarantee that no iteration reads
    /// what another writes.
    pub(super) fn elemental_loops(
        &mut self,
        counters: &[LocalId],
        extents: &[LocalId],
        body: Stmts,
        node: Node<'a>,
    ) -> Stmts {
        if !self.annotations.auto_loops {
            return self.counted_nest(counters, extents, body, node);
        }
        let i64_ty = self.i64_ty();
        let mut controls = Vec::new();
        for k in (0..counters.len()).rev() {
            let lower = self.int(0, I64, node);
            let extent = self.load_local(extents[k], node);
            let one = self.int(1, I64, node);
            let upper = self.binary(BinaryOp::Sub, extent, one, i64_ty, node);
            let step = self.int(1, I64, node);
            controls.push(LoopControl {
                var: LocalOrVariable::Local(counters[k]),
                lower,
                upper,
                compare: BinaryOp::Le,
                step,
            });
        }
        vec![Stmt::AccLoop {
            op: None,
            controls,
            mapping: LoopMapping::default(),
            tile: Vec::new(),
            body,
        }]
    }

    /// `count` zero-based element counters `<prefix>.k` (`i64`), declared into `out`.
    pub(super) fn elemental_counters(
        &mut self,
        prefix: &str,
        count: usize,
        node: Node<'a>,
        out: &mut Stmts,
    ) -> Vec<LocalId> {
        let i64_ty = self.i64_ty();
        (0..count)
            .map(|k| {
                self.uninit_local(
                    &format!("{prefix}.{k}"),
                    i64_ty,
                    LocalKind::Temporary,
                    node,
                    out,
                )
            })
            .collect()
    }

    /// Refuses an array expression that calls anything but an elemental intrinsic or an
    /// inquiry (an array argument of anything else would be lowered as one element).
    pub(super) fn check_array_expression(&mut self, expr: Node<'a>) -> R<()> {
        self.check_right_side(None, expr)
    }

    /// Refuses a right side that reads the target's array (`left`, the array `name`) other
    /// than through the target's own designator, or that calls anything but an elemental
    /// intrinsic or an inquiry.
    fn check_right_side(&mut self, target: Option<(Node<'a>, &str)>, right: Node<'a>) -> R<()> {
        let (left, name) = match target {
            Some((left, name)) => (Some(left), name),
            None => (None, ""),
        };
        let target = left
            .map(|left| normalised(self.text(left)))
            .unwrap_or_default();
        // An `associate` name of an array stands for its selector's array (`masked.rs`).
        let target_base = left
            .map(|left| {
                let name_node = match left.kind() {
                    "identifier" => left,
                    _ => left.named_child(0).unwrap_or(left),
                };
                self.array_base_name(name, name_node)
            })
            .unwrap_or_default();
        let mut problem: Option<(Node<'a>, String)> = None;
        let mut nodes = vec![(right, 0usize)];
        while let Some((n, depth)) = nodes.pop() {
            if depth > super::MAX_DEPTH {
                return self.fail(n, "expression nested too deeply");
            }
            if let Some(left) = left.filter(|_| {
                n.kind() == "identifier"
                    && self.array_base_name(self.text(n), n) == target_base
                    && !self.is_inquired_array(n)
            }) {
                let designator = match n.parent() {
                    Some(p)
                        if p.kind() == "call_expression"
                            && p.named_child(0).map(|c| c.id()) == Some(n.id()) =>
                    {
                        p
                    }
                    _ => n,
                };
                let designated = normalised(self.text(designator));
                // A subscript's value: an integer, or a named constant (`f(1, :) = f(nx, :)`).
                let scope = self.scope_of(designator);
                let scopes = &self.lw.unit.scopes;
                let value =
                    |text: &str| constant_sum(text, |name| scopes.parameter_value(scope, name));
                if designated != target && !disjoint_sections(&target, &designated, value) {
                    problem = Some((
                        designator,
                        format!(
                            "array assignment to '{}' whose right side reads '{}' (the element-by-element loop would read elements it has already written)",
                            self.text(left),
                            self.text(designator)
                        ),
                    ));
                    break;
                }
            }
            if n.kind() == "call_expression" {
                if let Some(callee) = n.named_child(0).filter(|c| c.kind() == "identifier") {
                    let is_array = matches!(
                        self.name(callee)?,
                        Name::Variable(_, ref symbol) if !symbol.dims.is_empty()
                    );
                    let callee_name = self.text(callee).to_ascii_lowercase();
                    // A reduction with `dim` computes one element of an array result
                    // (`reductions.rs` refuses the other forms inside array expressions).
                    let reduction_with_dim = callee_name != "dot_product"
                        && super::reductions::ARRAY_REDUCTIONS.contains(&callee_name.as_str())
                        && n.named_child(1)
                            .is_some_and(|list| list.named_child_count() > 1);
                    // `maxloc`/`minloc` give one subscript of their result per element
                    // (`reductions.rs` refuses the forms whose result does not conform).
                    let location = matches!(callee_name.as_str(), "maxloc" | "minloc");
                    if !is_array
                        && !reduction_with_dim
                        && !location
                        && !ELEMENTAL_INTRINSICS.contains(&callee_name.as_str())
                    {
                        problem = Some((
                            n,
                            format!(
                                "array expression calling '{}' (only elemental intrinsics are supported in array expressions)",
                                self.text(callee)
                            ),
                        ));
                        break;
                    }
                }
            }
            let mut cursor = n.walk();
            for child in n.named_children(&mut cursor) {
                nodes.push((child, depth + 1));
            }
        }
        match problem {
            Some((at, message)) => self.fail(at, message),
            None => Ok(()),
        }
    }

    /// Whether `name` is the array argument of `size`, `lbound` or `ubound`, which reads only
    /// its bounds (`v(2:size(v)) = -v(2:size(v))` reads no element of `v` through `size`).
    fn is_inquired_array(&self, name: Node<'a>) -> bool {
        let Some(call) = name
            .parent()
            .filter(|list| list.kind() == "argument_list")
            .and_then(|list| list.parent())
            .filter(|call| call.kind() == "call_expression")
        else {
            return false;
        };
        let first_argument = call
            .named_child(1)
            .and_then(|list| list.named_child(0))
            .is_some_and(|first| first.id() == name.id());
        let callee = call
            .named_child(0)
            .map(|c| self.text(c).to_ascii_lowercase())
            .unwrap_or_default();
        first_argument && matches!(callee.as_str(), "size" | "lbound" | "ubound")
    }

    /// Temporaries holding the extent of each dimension of the section `left` designates (an
    /// array assignment's target, a reduction's argument), first dimension first.
    pub(super) fn section_extents(
        &mut self,
        left: Node<'a>,
        var: Handle<Variable>,
        symbol: &Symbol,
        out: &mut Stmts,
    ) -> R<Vec<LocalId>> {
        let args = if left.kind() == "identifier" {
            Vec::new()
        } else {
            let args = subscripts(left);
            self.check_subscript_count(symbol, args.len(), left)?;
            args
        };
        let i64_ty = self.i64_ty();
        let mut extents = Vec::new();
        for d in 0..symbol.dims.len() {
            let parts = match args.get(d) {
                None => [None; 3],
                Some(arg) if arg.kind() == "extent_specifier" => section_parts(*arg),
                Some(_) => continue,
            };
            let extent = match parts {
                [None, None, None] => match self.extent(var, symbol, d, left) {
                    Some(extent) => extent,
                    None => {
                        return self.fail(
                            left,
                            format!(
                            "array assignment over the whole last dimension of assumed-size '{}'",
                            symbol.name
                        ),
                        )
                    }
                },
                [lower, upper, stride] => {
                    let lower = match lower {
                        Some(l) => self.index_value(l)?,
                        None => self.lower_bound(var, symbol, d, left),
                    };
                    let upper = match upper {
                        Some(u) => self.index_value(u)?,
                        None => {
                            let Some(extent) = self.extent(var, symbol, d, left) else {
                                return self.fail(
                                    left,
                                    format!(
                                        "section without an upper bound in the last dimension of assumed-size '{}'",
                                        symbol.name
                                    ),
                                );
                            };
                            let lb = self.lower_bound(var, symbol, d, left);
                            let end = self.binary(BinaryOp::Add, lb, extent, i64_ty, left);
                            let one = self.int(1, I64, left);
                            self.binary(BinaryOp::Sub, end, one, i64_ty, left)
                        }
                    };
                    let stride = match stride {
                        Some(s) => self.stride_value(s)?,
                        None => self.int(1, I64, left),
                    };
                    let stride_local = self.temporary("section.stride", stride, left, out);
                    let count = self.triplet_count(
                        (lower, upper, stride_local),
                        "section.count",
                        left,
                        out,
                    );
                    self.load_local(count, left)
                }
            };
            extents.push(self.temporary("section.extent", extent, left, out));
        }
        Ok(extents)
    }

    /// A temporary named `label` holding the number of values of the triplet
    /// `lower:upper:stride` (`stride` in a local), `max(0, (upper - lower + stride) / stride)`.
    pub(super) fn triplet_count(
        &mut self,
        (lower, upper, stride): (ExprId, ExprId, LocalId),
        label: &str,
        node: Node<'a>,
        out: &mut Stmts,
    ) -> LocalId {
        let i64_ty = self.i64_ty();
        let difference = self.binary(BinaryOp::Sub, upper, lower, i64_ty, node);
        let s = self.load_local(stride, node);
        let sum = self.binary(BinaryOp::Add, difference, s, i64_ty, node);
        let s = self.load_local(stride, node);
        let count = self.binary(BinaryOp::Div, sum, s, i64_ty, node);
        let count = self.temporary(label, count, node, out);
        let c = self.load_local(count, node);
        let zero = self.int(0, I64, node);
        let negative = self.compare(BinaryOp::Lt, c, zero, node);
        let zero = self.int(0, I64, node);
        let clamped = self.store_local(count, zero, node);
        out.push(Stmt::If {
            cond: negative,
            accept: vec![clamped],
            reject: Vec::new(),
        });
        count
    }

    /// A subscript or section bound as an `i64` value.
    pub(super) fn index_value(&mut self, node: Node<'a>) -> R<ExprId> {
        let value = self.value(node)?;
        match self.kind_of(value) {
            Some(acc_ir::ScalarKind::Int { .. }) => self.convert(value, I64, node),
            _ => self.fail(node, "subscript is not an integer"),
        }
    }

    /// A section stride as an `i64` value; a constant zero is refused.
    pub(super) fn stride_value(&mut self, node: Node<'a>) -> R<ExprId> {
        if self.is_constant_zero(node) {
            return self.fail(node, "section stride of zero");
        }
        self.index_value(node)
    }

    /// The subscript of the `k`-th section dimension `section` (dimension `d` of `var`) at the
    /// current element: `lower + counter_k * stride`.
    pub(super) fn section_index(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        d: usize,
        k: usize,
        section: Node<'a>,
    ) -> R<ExprId> {
        let Some(counter) = self
            .elemental
            .as_ref()
            .and_then(|e| e.counters.get(k).copied())
        else {
            return self.fail(
                section,
                format!(
                    "array section '{}' outside an array assignment",
                    self.text(
                        section
                            .parent()
                            .and_then(|list| list.parent())
                            .unwrap_or(section)
                    )
                ),
            );
        };
        let [lower, _, stride] = section_parts(section);
        let i64_ty = self.i64_ty();
        let lower = match lower {
            Some(l) => self.index_value(l)?,
            None => self.lower_bound(var, symbol, d, section),
        };
        let c = self.load_local(counter, section);
        let offset = match stride {
            Some(s) => {
                let s = self.stride_value(s)?;
                self.binary(BinaryOp::Mul, c, s, i64_ty, section)
            }
            None => c,
        };
        Ok(self.binary(BinaryOp::Add, lower, offset, i64_ty, section))
    }

    /// The number of section dimensions an elemental reference must have (the rank of the
    /// assignment), when one is being lowered.
    pub(super) fn elemental_rank(&self) -> Option<usize> {
        self.elemental.as_ref().map(|e| e.counters.len())
    }
}

/// The value of a subscript that is a sum of integers and named constants (`nx + 1`, `1`,
/// `n - 2`; `constant` gives a named constant's value); `None` for anything else.
fn constant_sum(text: &str, constant: impl Fn(&str) -> Option<i64>) -> Option<i64> {
    let mut total: i64 = 0;
    let mut sign = 1i64;
    let mut term = String::new();
    let add = |term: &str, sign: i64, total: &mut i64| -> Option<()> {
        let term = term.trim();
        let value = match term.parse::<i64>() {
            Ok(v) => v,
            Err(_)
                if !term.is_empty()
                    && term.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && term.starts_with(|c: char| c.is_ascii_alphabetic()) =>
            {
                constant(term)?
            }
            Err(_) => return None,
        };
        *total = total.checked_add(sign.checked_mul(value)?)?;
        Some(())
    };
    for c in text.chars() {
        match c {
            '+' | '-' if !term.trim().is_empty() => {
                add(&term, sign, &mut total)?;
                term.clear();
                sign = if c == '-' { -1 } else { 1 };
            }
            '-' => sign = -sign,
            '+' => {}
            _ => term.push(c),
        }
    }
    add(&term, sign, &mut total)?;
    Some(total)
}

/// Whether two designators of the same array (`s(:,2)` and `s(:,1)`, normalised) never name
/// the same element: in some dimension both subscripts are constants (`value`: integers, named
/// constants) that differ.
fn disjoint_sections(a: &str, b: &str, value: impl Fn(&str) -> Option<i64>) -> bool {
    fn subscripts(designator: &str) -> Option<Vec<&str>> {
        let open = designator.find('(')?;
        let inner = designator.get(open + 1..)?.strip_suffix(')')?;
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0usize, 0usize);
        for (at, c) in inner.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth = depth.checked_sub(1)?,
                ',' if depth == 0 => {
                    parts.push(inner[start..at].trim());
                    start = at + 1;
                }
                _ => {}
            }
        }
        parts.push(inner[start..].trim());
        Some(parts)
    }
    let (Some(left), Some(right)) = (subscripts(a), subscripts(b)) else {
        return false;
    };
    left.len() == right.len()
        && left
            .iter()
            .zip(&right)
            .any(|(l, r)| matches!((value(l), value(r)), (Some(x), Some(y)) if x != y))
}
