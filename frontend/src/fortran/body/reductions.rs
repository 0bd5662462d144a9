//! Array reduction intrinsics in device code: `sum`, `product`, `maxval`, `minval`, `count`,
//! `any`, `all` and `dot_product` of an array expression (whole arrays, sections, elemental
//! operations on them), with a `mask` (`sum`, `product`, `maxval`, `minval`) and a constant
//! `dim` (all but `dot_product`).
//!
//! With `mask`, the mask is lowered element by element with the same counters as the array
//! (the standard requires it to conform) and only the elements where it is true are folded.
//! With `dim` the result has the argument's rank less one: for a rank-1 argument (`dim=1`) it
//! is the scalar the call without `dim` gives, anywhere in an expression; otherwise the call
//! must be (part of) the right side of an array assignment of that rank (`b = sum(a, dim=2)`),
//! and computes one element: the assignment's counters index the dimensions other than `dim`
//! and the reduction's own loop runs over `dim`. A `dim` that is not a constant and a `kind`
//! argument are refused.
//!
//! `maxloc`/`minloc` (optional `mask` and `back`, [`Lowering::location_reduction`]): a loop
//! over the argument's elements keeps the best value and its 1-based position relative to the
//! argument's first element, 0 when no element is selected. As gfortran, NaN elements are
//! passed over and an all-NaN selection gives its first position. With `dim=1` of a rank-1
//! argument the result is a scalar, anywhere in an expression; with `dim` of a higher rank it
//! is an element of an array assignment of the argument's rank less one (the search runs along
//! `dim`); without `dim` it is an element of a rank-1 array assignment: the search runs over
//! every element in array element order and the assignment's counter picks the subscript of
//! the position found. A `dim` that is not a constant and a `kind` argument are refused.
//!
//! The call becomes a block expression: an accumulator set to the operation's identity, a
//! sequential loop nest over the zero-based counters of the argument's first array reference
//! (its section's extents, first dimension innermost, as [`super::arrays`] does for array
//! assignments) that folds each element into it, and the accumulator's value. The argument is
//! lowered element by element with those counters ([`super::arrays::Elemental`]), so it may
//! combine conformable arrays, sections and scalars through operators and elemental
//! intrinsics; the standard requires conformance, so only the first reference's extents are
//! computed. The nest runs on the thread evaluating the call, in every kind of region.
//!
//! Results follow gfortran for empty arrays: `sum` 0, `product` 1, `maxval` the most negative
//! value (`-huge` for reals), `minval` `huge`, `count` 0, `any` false, `all` true. `maxval` and
//! `minval` skip NaN elements (as gfortran does, unless every element is a NaN: then the result
//! is `∓huge` here and NaN there).

use super::super::symbols::Symbol;
use super::expr::Name;
use super::{Lowering, BOOL, I64, R};
use acc_ir::body::{BinaryOp, ExprId, ExprKind, LocalId, Stmt};
use acc_ir::{Handle, ScalarKind, Variable};
use tree_sitter::Node;

/// The names this module lowers.
pub(super) const ARRAY_REDUCTIONS: &[&str] = &[
    "sum",
    "product",
    "maxval",
    "minval",
    "count",
    "any",
    "all",
    "dot_product",
];

impl<'l, 'a> Lowering<'l, 'a> {
    /// `name(arrays..., dim=, mask=)`: see the module docs. `arrays` are the array arguments
    /// (two for `dot_product`, else one).
    pub(super) fn array_reduction(
        &mut self,
        name: &str,
        arrays: &[Node<'a>],
        dim: Option<Node<'a>>,
        mask: Option<Node<'a>>,
        node: Node<'a>,
    ) -> R<ExprId> {
        let dim = match dim {
            Some(d) => Some((self.constant_dim(name, d)?, d)),
            None => None,
        };
        let outer = self.elemental.clone();
        if outer.is_some() && dim.is_none() {
            return self.fail(
                node,
                format!("'{name}' inside an array expression (a nested array reduction)"),
            );
        }
        let Some(&first) = arrays.first() else {
            return self.fail(node, format!("'{name}' without its array argument"));
        };
        let Some((designator, var, symbol)) = self.shape_reference(first)? else {
            return self.fail(
                first,
                format!("'{name}' of '{}', which is not an array", self.text(first)),
            );
        };
        for &array in arrays.iter().chain(mask.iter()) {
            self.check_array_expression(array)?;
        }
        let mut stmts = Vec::new();
        // The section's bounds are scalars, evaluated outside the element being computed.
        self.elemental = None;
        let extents = self.section_extents(designator, var, &symbol, &mut stmts);
        self.elemental = outer.clone();
        let extents = extents?;
        let rank = extents.len();
        // The counters the arguments are lowered with, and the loops the reduction runs.
        let (elemental, counters, loop_extents) = match dim {
            Some(dim) => self.along_dim(name, outer.as_ref(), dim, &extents, node, &mut stmts)?,
            None => {
                let counters = self.elemental_counters(name, rank, node, &mut stmts);
                (counters.clone(), counters, extents.clone())
            }
        };
        self.elemental = Some(super::arrays::Elemental {
            counters: elemental,
        });
        let elements: R<Vec<ExprId>> = arrays.iter().map(|&a| self.value(a)).collect();
        let selected = mask.map(|m| self.value(m).and_then(|v| self.truth(v, m)));
        self.elemental = outer;
        let elements = elements?;
        let selected = selected.transpose()?;

        // The element to fold and the accumulator's kind.
        let (element, kind) = match name {
            "count" | "any" | "all" => {
                let truth = self.truth(elements[0], first)?;
                if name == "count" {
                    let integer = self.default_integer();
                    let one = self.int(1, integer, node);
                    let zero = self.int(0, integer, node);
                    let ty = self.scalar_ty(integer);
                    let element = self.e(
                        ExprKind::Select {
                            cond: truth,
                            accept: one,
                            reject: zero,
                        },
                        ty,
                        node,
                    );
                    (element, integer)
                } else {
                    (truth, BOOL)
                }
            }
            "dot_product" => {
                let [a, b] = elements[..] else {
                    return self.fail(node, "'dot_product' without two arguments");
                };
                let (a, b, kind) = self.promote(a, b, node)?;
                match kind {
                    ScalarKind::Int { .. } | ScalarKind::Float { .. } => {}
                    _ => {
                        return self.fail(
                            node,
                            "'dot_product' of complex or logical arrays (only integer and real)",
                        )
                    }
                }
                let ty = self.scalar_ty(kind);
                (self.binary(BinaryOp::Mul, a, b, ty, node), kind)
            }
            _ => {
                let element = elements[0];
                let Some(kind) = self.kind_of(element) else {
                    return self.fail(first, format!("'{name}' of a non-numeric array"));
                };
                match (name, kind) {
                    ("sum" | "product", ScalarKind::Int { .. } | ScalarKind::Float { .. }) => {}
                    ("maxval" | "minval", ScalarKind::Int { .. } | ScalarKind::Float { .. }) => {}
                    _ => {
                        return self.fail(
                            first,
                            format!("'{name}' of a {} array", super::expr::kind_name(kind)),
                        )
                    }
                }
                (element, kind)
            }
        };
        let identity = self.identity(name, kind, node)?;
        let accumulator = self.temporary(&format!("{name}.acc"), identity, node, &mut stmts);
        let op = match name {
            "sum" | "count" | "dot_product" => BinaryOp::Add,
            "product" => BinaryOp::Mul,
            "maxval" => BinaryOp::Max,
            "minval" => BinaryOp::Min,
            "any" => BinaryOp::LogicalOr,
            _ => BinaryOp::LogicalAnd,
        };
        let ty = self.scalar_ty(kind);
        let current = self.load_local(accumulator, node);
        let folded = self.binary(op, current, element, ty, node);
        let mut fold = self.store_local(accumulator, folded, node);
        if let Some(cond) = selected {
            fold = Stmt::If {
                cond,
                accept: vec![fold],
                reject: Vec::new(),
            };
        }
        let nest = self.counted_nest(&counters, &loop_extents, vec![fold], node);
        stmts.extend(nest);
        let result = self.load_local(accumulator, node);
        let result = match name {
            // Default logical.
            "any" | "all" => {
                let logical = self.scalar_ty(self.default_logical());
                self.e(ExprKind::Cast(result), logical, node)
            }
            _ => result,
        };
        Ok(self.block(stmts, result, node))
    }

    /// The value of a `dim` argument, which device code takes only as a constant.
    fn constant_dim(&mut self, name: &str, dim: Node<'a>) -> R<i64> {
        let scope = self.lw.unit.scopes.name_scope_at(dim.start_byte() as u32);
        match super::super::symbols::eval_node(
            &self.lw.unit.text,
            &self.lw.unit.scopes,
            scope,
            dim,
            0,
        ) {
            Some(value) => Ok(value),
            None => self.fail(
                dim,
                format!(
                    "'{name}' with a 'dim' argument that is not a constant ('{}')",
                    self.text(dim)
                ),
            ),
        }
    }

    /// The identity of reduction `name` on `kind` (what an empty array gives).
    fn identity(&mut self, name: &str, kind: ScalarKind, node: Node<'a>) -> R<ExprId> {
        Ok(match (name, kind) {
            ("sum" | "count" | "dot_product", ScalarKind::Float { .. }) => {
                self.float(0.0, kind, node)
            }
            ("sum" | "count" | "dot_product", _) => self.int(0, kind, node),
            ("product", ScalarKind::Float { .. }) => self.float(1.0, kind, node),
            ("product", _) => self.int(1, kind, node),
            ("maxval" | "minval", ScalarKind::Int { width, .. }) => {
                let most = if name == "maxval" {
                    -(1i128 << (width - 1))
                } else {
                    (1i128 << (width - 1)) - 1
                };
                self.int(most, kind, node)
            }
            ("maxval" | "minval", ScalarKind::Float { width }) => {
                let huge = if width == 32 {
                    f64::from(f32::MAX)
                } else {
                    f64::MAX
                };
                let value = if name == "maxval" { -huge } else { huge };
                self.float(value, kind, node)
            }
            ("any", _) => self.int(0, BOOL, node),
            ("all", _) => self.int(1, BOOL, node),
            _ => return self.fail(node, format!("'{name}' of this type")),
        })
    }

    /// The first array reference in `expr` (pre-order): a whole array or a reference with a
    /// section subscript, with its variable and symbol.
    fn shape_reference(
        &mut self,
        expr: Node<'a>,
    ) -> R<Option<(Node<'a>, Handle<Variable>, Symbol)>> {
        let mut stack = vec![(expr, 0usize)];
        while let Some((n, depth)) = stack.pop() {
            if depth > super::MAX_DEPTH {
                return self.fail(n, "expression nested too deeply");
            }
            let candidate = match n.kind() {
                "identifier" => {
                    let is_callee = n.parent().is_some_and(|p| {
                        p.kind() == "call_expression"
                            && p.named_child(0).map(|c| c.id()) == Some(n.id())
                    });
                    (!is_callee).then_some(n)
                }
                "call_expression" => n
                    .named_child(0)
                    .filter(|c| c.kind() == "identifier")
                    .and_then(|_| {
                        let sectioned = super::arrays::subscripts(n)
                            .iter()
                            .any(|a| a.kind() == "extent_specifier");
                        sectioned.then_some(n)
                    }),
                _ => None,
            };
            if let Some(designator) = candidate {
                let name_node = if designator.kind() == "identifier" {
                    designator
                } else {
                    designator.named_child(0).unwrap_or(designator)
                };
                if let Name::Variable(var, symbol) = self.name(name_node)? {
                    if !symbol.dims.is_empty() {
                        return Ok(Some((designator, var, symbol)));
                    }
                }
            }
            let mut cursor = n.walk();
            let children: Vec<Node<'a>> = n.named_children(&mut cursor).collect();
            // Reversed so that the leftmost child is searched first.
            for child in children.into_iter().rev() {
                stack.push((child, depth + 1));
            }
        }
        Ok(None)
    }

    /// A sequential nest over `counters` (zero-based, below `extents`), first dimension
    /// innermost, running `body`.
    pub(super) fn counted_nest(
        &mut self,
        counters: &[LocalId],
        extents: &[LocalId],
        mut body: Vec<Stmt>,
        node: Node<'a>,
    ) -> Vec<Stmt> {
        let i64_ty = self.i64_ty();
        for k in 0..counters.len() {
            let zero = self.int(0, I64, node);
            let start = self.store_local(counters[k], zero, node);
            let current = self.load_local(counters[k], node);
            let extent = self.load_local(extents[k], node);
            let cond = self.compare(BinaryOp::Lt, current, extent, node);
            let current = self.load_local(counters[k], node);
            let one = self.int(1, I64, node);
            let next = self.binary(BinaryOp::Add, current, one, i64_ty, node);
            let advance = self.store_local(counters[k], next, node);
            body = vec![
                start,
                Stmt::Loop {
                    cond: Some(cond),
                    body,
                    step: vec![advance],
                    test_after: false,
                },
            ];
        }
        body
    }

    /// The counters of a reduction along constant `dim` (`(value, node)`) of an argument whose
    /// section has `extents`: those the argument is lowered with (inside an array expression,
    /// `outer`'s with the reduction's own inserted at `dim`), those the reduction's loop runs,
    /// and that loop's extents. Outside an array expression the argument must have rank 1.
    fn along_dim(
        &mut self,
        name: &str,
        outer: Option<&super::arrays::Elemental>,
        (d, at): (i64, Node<'a>),
        extents: &[LocalId],
        node: Node<'a>,
        stmts: &mut Vec<Stmt>,
    ) -> R<(Vec<LocalId>, Vec<LocalId>, Vec<LocalId>)> {
        let rank = extents.len();
        if d < 1 || d as usize > rank {
            return self.fail(
                at,
                format!("'{name}' with 'dim={d}' of an argument of rank {rank}"),
            );
        }
        let Some(outer) = outer else {
            if rank != 1 {
                return self.fail(
                    node,
                    format!(
                        "'{name}' with 'dim' of a rank-{rank} argument outside an array assignment (its result is an array)"
                    ),
                );
            }
            let counters = self.elemental_counters(name, 1, node, stmts);
            return Ok((counters.clone(), counters, extents.to_vec()));
        };
        if rank != outer.counters.len() + 1 {
            return self.fail(
                node,
                format!(
                    "'{name}' with 'dim' of a rank-{rank} argument in an array expression of rank {} (its result must have the expression's rank)",
                    outer.counters.len()
                ),
            );
        }
        let d = d as usize - 1;
        let reduced = self.elemental_counters(name, 1, node, stmts);
        let mut elemental = outer.counters.clone();
        elemental.insert(d, reduced[0]);
        Ok((elemental, reduced, vec![extents[d]]))
    }

    /// `maxloc`/`minloc(array [, dim] [, mask] [, back])`: the 1-based position (relative to
    /// the argument's first element) of the first (`back`: last) largest (smallest) selected
    /// element, 0 when none is selected. As gfortran: NaN elements are passed over, and when
    /// every selected element is a NaN the result is the first selected position. Returns a
    /// default integer: with `dim` of a rank-1 argument, the scalar result anywhere; with `dim`
    /// of a rank-n argument, inside an array expression of rank n-1, the element the
    /// expression's counters select (the search runs along `dim`); without `dim`, inside an
    /// array expression of rank 1, the subscript its counter selects of the position found
    /// among all elements in array element order.
    pub(super) fn location_reduction(
        &mut self,
        name: &str,
        array: Node<'a>,
        dim: Option<Node<'a>>,
        mask: Option<Node<'a>>,
        back: Option<Node<'a>>,
        node: Node<'a>,
    ) -> R<ExprId> {
        let outer = self.elemental.clone();
        let dim = match dim {
            Some(d) => Some((self.constant_dim(name, d)?, d)),
            None => None,
        };
        let Some((designator, var, symbol)) = self.shape_reference(array)? else {
            return self.fail(
                array,
                format!("'{name}' of '{}', which is not an array", self.text(array)),
            );
        };
        for &a in [array].iter().chain(mask.iter()) {
            self.check_array_expression(a)?;
        }
        let mut stmts = Vec::new();
        // The bounds and `back` are scalars, evaluated outside the element being computed.
        self.elemental = None;
        let extents = self.section_extents(designator, var, &symbol, &mut stmts);
        let back = match (&extents, back) {
            (Ok(_), Some(b)) => self.value(b).and_then(|value| {
                let truth = self.truth(value, b)?;
                Ok(Some(self.temporary(
                    &format!("{name}.back"),
                    truth,
                    b,
                    &mut stmts,
                )))
            }),
            _ => Ok(None),
        };
        self.elemental = outer.clone();
        let extents = extents?;
        let back = back?;
        let rank = extents.len();
        // The counters the arguments are lowered with, the loops the search runs, and the
        // subscript of the result the enclosing array expression selects (no `dim`).
        let (elemental, counters, loop_extents, component) = match (&outer, dim) {
            (_, Some(dim)) => {
                let (elemental, counters, loop_extents) =
                    self.along_dim(name, outer.as_ref(), dim, &extents, node, &mut stmts)?;
                (elemental, counters, loop_extents, None)
            }
            (None, None) => {
                return self.fail(
                    node,
                    format!("'{name}' without 'dim' outside an array assignment (its result is an array; give 'dim', or assign it to a rank-1 array)"),
                );
            }
            (Some(outer), None) => {
                if outer.counters.len() != 1 {
                    return self.fail(
                        node,
                        format!(
                            "'{name}' without 'dim' in an array expression of rank {} (its result has rank 1)",
                            outer.counters.len()
                        ),
                    );
                }
                let counters = self.elemental_counters(name, rank, node, &mut stmts);
                (
                    counters.clone(),
                    counters,
                    extents.clone(),
                    Some(outer.counters[0]),
                )
            }
        };
        self.elemental = Some(super::arrays::Elemental {
            counters: elemental,
        });
        let element = self.value(array);
        let selected = mask.map(|m| self.value(m).and_then(|v| self.truth(v, m)));
        self.elemental = outer;
        let element = element?;
        let selected = selected.transpose()?;
        let kind = match self.kind_of(element) {
            Some(kind @ (ScalarKind::Int { .. } | ScalarKind::Float { .. })) => kind,
            Some(kind) => {
                return self.fail(
                    array,
                    format!("'{name}' of a {} array", super::expr::kind_name(kind)),
                )
            }
            None => return self.fail(array, format!("'{name}' of a non-numeric array")),
        };
        let ty = self.scalar_ty(kind);
        // The best value so far (undefined until `found`), whether one was found, the result.
        let best = self.uninit_local(
            &format!("{name}.best"),
            ty,
            acc_ir::body::LocalKind::Temporary,
            node,
            &mut stmts,
        );
        let no = self.int(0, BOOL, node);
        let found = self.temporary(&format!("{name}.found"), no, node, &mut stmts);
        let zero = self.int(0, I64, node);
        let position = self.temporary(&format!("{name}.pos"), zero, node, &mut stmts);

        let mut body = Vec::new();
        let x = self.temporary(&format!("{name}.x"), element, node, &mut body);
        // The 1-based position in the searched elements' order (first dimension fastest).
        let i64_ty = self.i64_ty();
        let mut linear = self.load_local(counters[counters.len() - 1], node);
        for k in (0..counters.len() - 1).rev() {
            let extent = self.load_local(loop_extents[k], node);
            let scaled = self.binary(BinaryOp::Mul, linear, extent, i64_ty, node);
            let c = self.load_local(counters[k], node);
            linear = self.binary(BinaryOp::Add, scaled, c, i64_ty, node);
        }
        let one = self.int(1, I64, node);
        let here = self.binary(BinaryOp::Add, linear, one, i64_ty, node);
        let here = self.temporary(&format!("{name}.here"), here, node, &mut body);
        // The first selected position, kept while every element so far is a NaN.
        let p = self.load_local(position, node);
        let zero = self.int(0, I64, node);
        let first = self.compare(BinaryOp::Eq, p, zero, node);
        let h = self.load_local(here, node);
        let set_first = self.store_local(position, h, node);
        body.push(Stmt::If {
            cond: first,
            accept: vec![set_first],
            reject: Vec::new(),
        });
        // Not yet found: take a value that is not a NaN. Found: take a better one.
        let (strict, tie) = if name == "maxloc" {
            (BinaryOp::Gt, BinaryOp::Ge)
        } else {
            (BinaryOp::Lt, BinaryOp::Le)
        };
        let xv = self.load_local(x, node);
        let bv = self.load_local(best, node);
        let mut better = self.compare(strict, xv, bv, node);
        if let Some(back) = back {
            let xv = self.load_local(x, node);
            let bv = self.load_local(best, node);
            let tied = self.compare(tie, xv, bv, node);
            let b = self.load_local(back, node);
            let bool_ty = self.scalar_ty(BOOL);
            let last = self.binary(BinaryOp::LogicalAnd, b, tied, bool_ty, node);
            better = self.binary(BinaryOp::LogicalOr, better, last, bool_ty, node);
        }
        let xv = self.load_local(x, node);
        let xv2 = self.load_local(x, node);
        let number = self.compare(BinaryOp::Eq, xv, xv2, node);
        let take = |this: &mut Self| -> Vec<Stmt> {
            let xv = this.load_local(x, node);
            let h = this.load_local(here, node);
            let yes = this.int(1, BOOL, node);
            vec![
                this.store_local(best, xv, node),
                this.store_local(position, h, node),
                this.store_local(found, yes, node),
            ]
        };
        let take_first = take(self);
        let take_better = take(self);
        let f = self.load_local(found, node);
        body.push(Stmt::If {
            cond: f,
            accept: vec![Stmt::If {
                cond: better,
                accept: take_better,
                reject: Vec::new(),
            }],
            reject: vec![Stmt::If {
                cond: number,
                accept: take_first,
                reject: Vec::new(),
            }],
        });
        let body = match selected {
            Some(cond) => vec![Stmt::If {
                cond,
                accept: body,
                reject: Vec::new(),
            }],
            None => body,
        };
        let nest = self.counted_nest(&counters, &loop_extents, body, node);
        stmts.extend(nest);
        let mut result = self.load_local(position, node);
        if let Some(k) = component {
            // Subscript k+1 of the position p: ((p - 1) / (e1 * ... * ek)) mod e(k+1) + 1, or 0
            // when nothing was found; the counter `k` selects the dimension at run time.
            let p = self.load_local(position, node);
            let one = self.int(1, I64, node);
            let rest = self.binary(BinaryOp::Sub, p, one, i64_ty, node);
            let rest = self.temporary(&format!("{name}.rest"), rest, node, &mut stmts);
            let mut subscripts = Vec::with_capacity(loop_extents.len());
            for &extent in &loop_extents {
                let r = self.load_local(rest, node);
                let e = self.load_local(extent, node);
                let within = self.binary(BinaryOp::Rem, r, e, i64_ty, node);
                let one = self.int(1, I64, node);
                let subscript = self.binary(BinaryOp::Add, within, one, i64_ty, node);
                subscripts.push(self.temporary(
                    &format!("{name}.sub"),
                    subscript,
                    node,
                    &mut stmts,
                ));
                let r = self.load_local(rest, node);
                let e = self.load_local(extent, node);
                let next = self.binary(BinaryOp::Div, r, e, i64_ty, node);
                stmts.push(self.store_local(rest, next, node));
            }
            let mut value = self.int(0, I64, node);
            for (d, &subscript) in subscripts.iter().enumerate().rev() {
                let kv = self.load_local(k, node);
                let which = self.int(d as i128, I64, node);
                let selects = self.compare(BinaryOp::Eq, kv, which, node);
                let here = self.load_local(subscript, node);
                value = self.e(
                    ExprKind::Select {
                        cond: selects,
                        accept: here,
                        reject: value,
                    },
                    i64_ty,
                    node,
                );
            }
            let p = self.load_local(position, node);
            let zero = self.int(0, I64, node);
            let none = self.compare(BinaryOp::Eq, p, zero, node);
            let zero = self.int(0, I64, node);
            result = self.e(
                ExprKind::Select {
                    cond: none,
                    accept: zero,
                    reject: value,
                },
                i64_ty,
                node,
            );
        }
        let integer = self.default_integer();
        let result = self.convert(result, integer, node)?;
        Ok(self.block(stmts, result, node))
    }
}
