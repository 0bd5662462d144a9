//! Fortran intrinsic procedures in device code: elemental math through [`MathFn`], numeric
//! conversions and rounding, `min`/`max`/`mod`/`modulo`/`sign`/`merge`, the numeric inquiries
//! `huge`/`tiny`/`epsilon`, the array inquiries `size`/`lbound`/`ubound` (constants or the
//! synthetic bound variables), complex `cmplx`/`aimag`/`conjg`/`abs`, bit operations
//! `iand`/`ior`/`ieor`, and `acc_on_device`. Any other procedure is refused with its name.

use super::expr::{common, kind_name, Name};
use super::{Lowering, BOOL, I32, I64, R};
use acc_ir::body::{BinaryOp, Builtin, ExprId, ExprKind, MathFn, UnaryOp};
use acc_ir::ScalarKind;
use tree_sitter::Node;

/// The arguments of a call: positional, then keyword ones (lower-case name, value).
struct Args<'t> {
    positional: Vec<Node<'t>>,
    keywords: Vec<(String, Node<'t>)>,
}

impl<'t> Args<'t> {
    /// The argument at `position` or named `name`.
    fn get(&self, position: usize, name: &str) -> Option<Node<'t>> {
        self.positional.get(position).copied().or_else(|| {
            self.keywords
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| *v)
        })
    }

    fn count(&self) -> usize {
        self.positional.len() + self.keywords.len()
    }
}

/// The direction of a shift and what a right shift fills with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shift {
    Left,
    /// Right, zeros in.
    Logical,
    /// Right, copies of the sign bit in.
    Arithmetic,
}

fn elemental_math(name: &str) -> Option<MathFn> {
    Some(match name {
        "sqrt" | "dsqrt" => MathFn::Sqrt,
        "exp" | "dexp" => MathFn::Exp,
        "log" | "alog" | "dlog" => MathFn::Log,
        "log10" | "alog10" | "dlog10" => MathFn::Log10,
        "sin" | "dsin" => MathFn::Sin,
        "cos" | "dcos" => MathFn::Cos,
        "tan" | "dtan" => MathFn::Tan,
        "asin" | "dasin" => MathFn::Asin,
        "acos" | "dacos" => MathFn::Acos,
        "atan" | "datan" => MathFn::Atan,
        "sinh" | "dsinh" => MathFn::Sinh,
        "cosh" | "dcosh" => MathFn::Cosh,
        "tanh" | "dtanh" => MathFn::Tanh,
        "asinh" => MathFn::Asinh,
        "acosh" => MathFn::Acosh,
        "atanh" => MathFn::Atanh,
        "erf" => MathFn::Erf,
        "erfc" => MathFn::Erfc,
        "gamma" => MathFn::Tgamma,
        "log_gamma" => MathFn::Lgamma,
        "hypot" => MathFn::Hypot,
        _ => return None,
    })
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// Whether an intrinsic's argument is an integer constant expression (a `dim`, as opposed
    /// to a `mask`, in the positional forms of the reductions).
    fn constant_argument(&self, argument: Node<'a>) -> bool {
        let scope = self
            .lw
            .unit
            .scopes
            .name_scope_at(argument.start_byte() as u32);
        super::super::symbols::eval_node(
            &self.lw.unit.text,
            &self.lw.unit.scopes,
            scope,
            argument,
            0,
        )
        .is_some()
    }

    fn args(&self, nodes: &[Node<'a>]) -> Args<'a> {
        let mut args = Args {
            positional: Vec::new(),
            keywords: Vec::new(),
        };
        for node in nodes {
            if node.kind() == "keyword_argument" {
                if let (Some(name), Some(value)) = (
                    node.child_by_field_name("name"),
                    node.child_by_field_name("value"),
                ) {
                    args.keywords
                        .push((self.text(name).to_ascii_lowercase(), value));
                }
            } else {
                args.positional.push(*node);
            }
        }
        args
    }

    /// The `kind=` argument, if given.
    fn kind_arg(&mut self, args: &Args<'a>, position: usize) -> R<Option<u8>> {
        match args.get(position, "kind") {
            Some(node) => self.kind_param(node).map(Some),
            None => Ok(None),
        }
    }

    fn math(
        &mut self,
        function: MathFn,
        args: Vec<ExprId>,
        kind: ScalarKind,
        node: Node,
    ) -> ExprId {
        let ty = self.scalar_ty(kind);
        self.e(ExprKind::Math { function, args }, ty, node)
    }

    /// One required argument's value.
    fn arg_value(
        &mut self,
        args: &Args<'a>,
        position: usize,
        name: &str,
        node: Node<'a>,
    ) -> R<ExprId> {
        match args.get(position, name) {
            Some(arg) => self.value(arg),
            None => self.fail(
                node,
                format!("'{}' without its argument '{name}'", self.text(node)),
            ),
        }
    }

    /// Lowers a call of intrinsic `callee`.
    pub(super) fn intrinsic(
        &mut self,
        callee: Node<'a>,
        nodes: &[Node<'a>],
        node: Node<'a>,
    ) -> R<ExprId> {
        let name = self.text(callee).to_ascii_lowercase();
        let args = self.args(nodes);
        if let Some(function) = elemental_math(&name) {
            let arity = function.arity();
            if args.count() != arity && !(name == "atan" && args.count() == 2) {
                return self.fail(node, format!("'{name}' with {} arguments", args.count()));
            }
            let mut values = Vec::new();
            for i in 0..args.count() {
                let Some(arg) = args.get(i, if i == 0 { "x" } else { "y" }) else {
                    return self.fail(node, format!("'{name}' with keyword arguments"));
                };
                values.push(self.value(arg)?);
            }
            let function = if name == "atan" && values.len() == 2 {
                MathFn::Atan2
            } else {
                function
            };
            let mut kind = self.kind_of(values[0]);
            for v in &values[1..] {
                kind = kind.zip(self.kind_of(*v)).and_then(|(a, b)| common(a, b));
            }
            let Some(kind @ ScalarKind::Float { .. }) = kind else {
                return self.fail(
                    node,
                    format!(
                        "'{name}' of {} (only real arguments are supported)",
                        self.kind_of(values[0])
                            .map_or("a non-scalar".into(), kind_name)
                    ),
                );
            };
            let values = values
                .into_iter()
                .map(|v| self.convert(v, kind, node))
                .collect::<R<Vec<_>>>()?;
            return Ok(self.math(function, values, kind, node));
        }
        match name.as_str() {
            "atan2" | "datan2" => {
                let y = self.arg_value(&args, 0, "y", node)?;
                let x = self.arg_value(&args, 1, "x", node)?;
                let (y, x, kind) = self.promote(y, x, node)?;
                if !kind.is_float() {
                    return self.fail(node, "'atan2' of non-real arguments");
                }
                Ok(self.math(MathFn::Atan2, vec![y, x], kind, node))
            }
            "abs" | "iabs" | "dabs" | "cabs" => {
                let x = self.arg_value(&args, 0, "a", node)?;
                match self.kind_of(x) {
                    Some(kind @ ScalarKind::Int { .. }) => {
                        Ok(self.math(MathFn::Iabs, vec![x], kind, node))
                    }
                    Some(kind @ ScalarKind::Float { .. }) => {
                        Ok(self.math(MathFn::Fabs, vec![x], kind, node))
                    }
                    Some(ScalarKind::Complex { width }) => {
                        let mut stmts = Vec::new();
                        let z = self.temporary("abs.z", x, node, &mut stmts);
                        let a = self.load_local(z, node);
                        let re = self.complex_part(a, 0, node)?;
                        let b = self.load_local(z, node);
                        let im = self.complex_part(b, 1, node)?;
                        let value = self.math(
                            MathFn::Hypot,
                            vec![re, im],
                            ScalarKind::Float { width },
                            node,
                        );
                        Ok(self.block(stmts, value, node))
                    }
                    _ => self.fail(node, "'abs' of a logical"),
                }
            }
            "min" | "max" | "min0" | "max0" | "amin1" | "amax1" | "dmin1" | "dmax1" => {
                if args.positional.len() < 2 || !args.keywords.is_empty() {
                    return self.fail(
                        node,
                        format!("'{name}' needs at least two positional arguments"),
                    );
                }
                let op = if name.starts_with("min") || name.contains("min") {
                    BinaryOp::Min
                } else {
                    BinaryOp::Max
                };
                let mut values = Vec::new();
                for arg in &args.positional {
                    values.push(self.value(*arg)?);
                }
                let mut kind = self.kind_of(values[0]);
                for v in &values[1..] {
                    kind = kind.zip(self.kind_of(*v)).and_then(|(a, b)| common(a, b));
                }
                let Some(kind) =
                    kind.filter(|k| matches!(k, ScalarKind::Int { .. } | ScalarKind::Float { .. }))
                else {
                    return self.fail(node, format!("'{name}' of non-integer, non-real arguments"));
                };
                let ty = self.scalar_ty(kind);
                let mut result = self.convert(values[0], kind, node)?;
                for v in &values[1..] {
                    let v = self.convert(*v, kind, node)?;
                    result = self.binary(op, result, v, ty, node);
                }
                Ok(result)
            }
            "mod" | "amod" | "dmod" => {
                let a = self.arg_value(&args, 0, "a", node)?;
                let p = self.arg_value(&args, 1, "p", node)?;
                let (a, p, kind) = self.promote(a, p, node)?;
                match kind {
                    ScalarKind::Int { .. } => {
                        let ty = self.scalar_ty(kind);
                        Ok(self.binary(BinaryOp::Rem, a, p, ty, node))
                    }
                    ScalarKind::Float { .. } => Ok(self.math(MathFn::Fmod, vec![a, p], kind, node)),
                    _ => self.fail(node, "'mod' of complex arguments"),
                }
            }
            // The positive difference as gfortran computes it: d = x - y; d <= 0 ? 0 : d (so a
            // NaN argument gives NaN), of the arguments' common kind.
            "dim" | "idim" | "ddim" => {
                let x = self.arg_value(&args, 0, "x", node)?;
                let y = self.arg_value(&args, 1, "y", node)?;
                let (x, y, kind) = self.promote(x, y, node)?;
                // Each use of the zero is its own expression.
                let zero = |this: &mut Self| match kind {
                    ScalarKind::Int { .. } => this.int(0, kind, node),
                    _ => this.float(0.0, kind, node),
                };
                if !matches!(kind, ScalarKind::Int { .. } | ScalarKind::Float { .. }) {
                    return self.fail(node, "'dim' of complex arguments");
                }
                let ty = self.scalar_ty(kind);
                let mut stmts = Vec::new();
                let difference = self.binary(BinaryOp::Sub, x, y, ty, node);
                let d = self.temporary("dim.d", difference, node, &mut stmts);
                let (d1, d2) = (self.load_local(d, node), self.load_local(d, node));
                let limit = zero(self);
                let not_positive = self.compare(BinaryOp::Le, d1, limit, node);
                let zero = zero(self);
                let value = self.e(
                    ExprKind::Select {
                        cond: not_positive,
                        accept: zero,
                        reject: d2,
                    },
                    ty,
                    node,
                );
                Ok(self.block(stmts, value, node))
            }
            // The double product of two default reals.
            "dprod" => {
                let x = self.arg_value(&args, 0, "x", node)?;
                let y = self.arg_value(&args, 1, "y", node)?;
                let double = ScalarKind::Float {
                    width: self.kinds().double * 8,
                };
                let (x, y) = (
                    self.convert(x, double, node)?,
                    self.convert(y, double, node)?,
                );
                let ty = self.scalar_ty(double);
                Ok(self.binary(BinaryOp::Mul, x, y, ty, node))
            }
            // NaN is the one value unequal to itself (GNU `isnan`, `ieee_arithmetic`).
            "isnan" | "ieee_is_nan" => {
                let x = self.arg_value(&args, 0, "x", node)?;
                if !self.kind_of(x).is_some_and(|k| k.is_float()) {
                    return self.fail(node, format!("'{name}' of a non-real argument"));
                }
                let mut stmts = Vec::new();
                let t = self.temporary("isnan.x", x, node, &mut stmts);
                let (a, b) = (self.load_local(t, node), self.load_local(t, node));
                let value = self.compare(BinaryOp::Ne, a, b, node);
                Ok(self.block(stmts, value, node))
            }
            // The bits of the argument's kind, a constant of that kind.
            "bit_size" => {
                let x = self.arg_value(&args, 0, "i", node)?;
                match self.kind_of(x) {
                    Some(kind @ ScalarKind::Int { width, .. }) => {
                        Ok(self.int(i128::from(width), kind, node))
                    }
                    _ => self.fail(node, "'bit_size' of a non-integer"),
                }
            }
            "modulo" => {
                let a = self.arg_value(&args, 0, "a", node)?;
                let p = self.arg_value(&args, 1, "p", node)?;
                let (a, p, kind) = self.promote(a, p, node)?;
                self.modulo(a, p, kind, node)
            }
            "sign" | "isign" | "dsign" => {
                let a = self.arg_value(&args, 0, "a", node)?;
                let b = self.arg_value(&args, 1, "b", node)?;
                let (a, b, kind) = self.promote(a, b, node)?;
                match kind {
                    ScalarKind::Float { .. } => {
                        Ok(self.math(MathFn::Copysign, vec![a, b], kind, node))
                    }
                    ScalarKind::Int { .. } => {
                        // b >= 0 ? |a| : -|a|
                        let ty = self.scalar_ty(kind);
                        let mut stmts = Vec::new();
                        let magnitude = self.math(MathFn::Iabs, vec![a], kind, node);
                        let m = self.temporary("sign.a", magnitude, node, &mut stmts);
                        let zero = self.int(0, kind, node);
                        let non_negative = self.compare(BinaryOp::Ge, b, zero, node);
                        let plus = self.load_local(m, node);
                        let m2 = self.load_local(m, node);
                        let minus = self.e(
                            ExprKind::Unary {
                                op: UnaryOp::Neg,
                                operand: m2,
                            },
                            ty,
                            node,
                        );
                        let value = self.e(
                            ExprKind::Select {
                                cond: non_negative,
                                accept: plus,
                                reject: minus,
                            },
                            ty,
                            node,
                        );
                        Ok(self.block(stmts, value, node))
                    }
                    _ => self.fail(node, "'sign' of complex arguments"),
                }
            }
            "real" | "float" | "sngl" | "dble" | "dfloat" => {
                let x = self.arg_value(&args, 0, "a", node)?;
                let explicit = self.kind_arg(&args, 1)?;
                let kinds = self.kinds();
                let width = match (name.as_str(), explicit, self.kind_of(x)) {
                    ("dble" | "dfloat", _, _) => kinds.double * 8,
                    (_, Some(k), _) => kinds.real_kind(k) * 8,
                    ("real", None, Some(ScalarKind::Complex { width })) => width,
                    _ => kinds.real * 8,
                };
                if !matches!(width, 32 | 64) {
                    return self.fail(node, format!("'{name}' of kind {}", width / 8));
                }
                self.convert_numeric(x, ScalarKind::Float { width }, node)
            }
            "int" | "ifix" | "idint" | "nint" | "idnint" | "floor" | "ceiling" => {
                let x = self.arg_value(&args, 0, "a", node)?;
                let kinds = self.kinds();
                let width = self
                    .kind_arg(&args, 1)?
                    .map_or(kinds.integer, |k| kinds.integer_kind(k))
                    * 8;
                let to = ScalarKind::Int {
                    signed: true,
                    width,
                };
                let rounding = match name.as_str() {
                    "nint" | "idnint" => Some(MathFn::Round),
                    "floor" => Some(MathFn::Floor),
                    "ceiling" => Some(MathFn::Ceil),
                    _ => None,
                };
                let x = match (rounding, self.kind_of(x)) {
                    (Some(f), Some(kind @ ScalarKind::Float { .. })) => {
                        self.math(f, vec![x], kind, node)
                    }
                    (Some(_), _) => {
                        return self.fail(node, format!("'{name}' of a non-real argument"))
                    }
                    (None, _) => x,
                };
                self.convert_numeric(x, to, node)
            }
            "aint" | "anint" | "dint" | "dnint" => {
                let x = self.arg_value(&args, 0, "a", node)?;
                let Some(kind @ ScalarKind::Float { .. }) = self.kind_of(x) else {
                    return self.fail(node, format!("'{name}' of a non-real argument"));
                };
                let f = if name.starts_with('a') && name != "anint" || name == "dint" {
                    MathFn::Trunc
                } else {
                    MathFn::Round
                };
                let value = self.math(f, vec![x], kind, node);
                match self.kind_arg(&args, 1)? {
                    Some(k) => self.convert(value, ScalarKind::Float { width: k * 8 }, node),
                    None => Ok(value),
                }
            }
            "merge" => {
                let t = self.arg_value(&args, 0, "tsource", node)?;
                let f = self.arg_value(&args, 1, "fsource", node)?;
                let mask = self.arg_value(&args, 2, "mask", node)?;
                let mask = self.truth(mask, node)?;
                let (Some(a), Some(b)) = (self.kind_of(t), self.kind_of(f)) else {
                    return self.fail(node, "'merge' of non-scalars");
                };
                if a != b {
                    return self.fail(
                        node,
                        format!("'merge' of {} and {}", kind_name(a), kind_name(b)),
                    );
                }
                let ty = self.scalar_ty(a);
                Ok(self.e(
                    ExprKind::Select {
                        cond: mask,
                        accept: t,
                        reject: f,
                    },
                    ty,
                    node,
                ))
            }
            "huge" | "tiny" | "epsilon" => {
                let Some(arg) = args.get(0, "x") else {
                    return self.fail(node, format!("'{name}' without an argument"));
                };
                let kind = self.inquiry_kind(arg)?;
                match (name.as_str(), kind) {
                    ("huge", ScalarKind::Int { width, .. }) => {
                        Ok(self.int((1i128 << (width - 1)) - 1, kind, node))
                    }
                    ("huge", ScalarKind::Float { width: 32 }) => {
                        Ok(self.float(f64::from(f32::MAX), kind, node))
                    }
                    ("huge", ScalarKind::Float { width: 64 }) => {
                        Ok(self.float(f64::MAX, kind, node))
                    }
                    ("tiny", ScalarKind::Float { width: 32 }) => {
                        Ok(self.float(f64::from(f32::MIN_POSITIVE), kind, node))
                    }
                    ("tiny", ScalarKind::Float { width: 64 }) => {
                        Ok(self.float(f64::MIN_POSITIVE, kind, node))
                    }
                    ("epsilon", ScalarKind::Float { width: 32 }) => {
                        Ok(self.float(f64::from(f32::EPSILON), kind, node))
                    }
                    ("epsilon", ScalarKind::Float { width: 64 }) => {
                        Ok(self.float(f64::EPSILON, kind, node))
                    }
                    _ => self.fail(node, format!("'{name}' of {}", kind_name(kind))),
                }
            }
            "size" | "lbound" | "ubound" => self.array_inquiry(&name, &args, node),
            "present" => {
                let Some(arg) = args.get(0, "a").filter(|a| a.kind() == "identifier") else {
                    return self.fail(node, "'present' of something other than a dummy argument");
                };
                self.routine_present(arg, node)
            }
            "cmplx" | "dcmplx" => {
                let x = self.arg_value(&args, 0, "x", node)?;
                let y = match args.get(1, "y") {
                    Some(y) if y.kind() != "keyword_argument" => Some(self.value(y)?),
                    _ => None,
                };
                let kinds = self.kinds();
                let width = match (name.as_str(), self.kind_arg(&args, 2)?) {
                    ("dcmplx", _) => kinds.double * 8,
                    (_, Some(k)) => kinds.real_kind(k) * 8,
                    _ => kinds.real * 8,
                };
                if !matches!(width, 32 | 64) {
                    return self.fail(node, format!("'{name}' of kind {}", width / 8));
                }
                if let (Some(ScalarKind::Complex { .. }), None) = (self.kind_of(x), y) {
                    return self.convert(x, ScalarKind::Complex { width }, node);
                }
                self.make_complex(x, y, width, node)
            }
            "aimag" | "dimag" => {
                let z = self.arg_value(&args, 0, "z", node)?;
                self.complex_part(z, 1, node)
            }
            "conjg" | "dconjg" => {
                let z = self.arg_value(&args, 0, "z", node)?;
                let Some(ScalarKind::Complex { width }) = self.kind_of(z) else {
                    return self.fail(node, "'conjg' of a non-complex argument");
                };
                let mut stmts = Vec::new();
                let local = self.temporary("conjg.z", z, node, &mut stmts);
                let a = self.load_local(local, node);
                let re = self.complex_part(a, 0, node)?;
                let b = self.load_local(local, node);
                let im = self.complex_part(b, 1, node)?;
                let part_ty = self.scalar_ty(ScalarKind::Float { width });
                let minus = self.e(
                    ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: im,
                    },
                    part_ty,
                    node,
                );
                let value = self.make_complex(re, Some(minus), width, node)?;
                Ok(self.block(stmts, value, node))
            }
            "iand" | "ior" | "ieor" => {
                let a = self.arg_value(&args, 0, "i", node)?;
                let b = self.arg_value(&args, 1, "j", node)?;
                let (a, b, kind) = self.promote(a, b, node)?;
                if !matches!(kind, ScalarKind::Int { .. }) {
                    return self.fail(node, format!("'{name}' of non-integer arguments"));
                }
                let op = match name.as_str() {
                    "iand" => BinaryOp::BitAnd,
                    "ior" => BinaryOp::BitOr,
                    _ => BinaryOp::BitXor,
                };
                let ty = self.scalar_ty(kind);
                Ok(self.binary(op, a, b, ty, node))
            }
            "not" => {
                let i = self.arg_value(&args, 0, "i", node)?;
                let kind = self.integer_arg(i, &name, node)?;
                let ty = self.scalar_ty(kind);
                Ok(self.e(
                    ExprKind::Unary {
                        op: UnaryOp::Not,
                        operand: i,
                    },
                    ty,
                    node,
                ))
            }
            "ishft" | "shiftl" | "shiftr" | "shifta" | "ibset" | "ibclr" | "btest" => {
                let second = if name.starts_with("ib") || name == "btest" {
                    "pos"
                } else {
                    "shift"
                };
                let i = self.arg_value(&args, 0, "i", node)?;
                let n = self.arg_value(&args, 1, second, node)?;
                self.bit_op(&name, i, n, node)
            }
            "ibits" => {
                let i = self.arg_value(&args, 0, "i", node)?;
                let pos = self.arg_value(&args, 1, "pos", node)?;
                let len = self.arg_value(&args, 2, "len", node)?;
                self.ibits(i, pos, len, node)
            }
            "maxloc" | "minloc" => {
                let array = args.get(0, "array");
                let mut dim = None;
                let mut mask = None;
                let mut back = None;
                let mut extra = false;
                if let Some(second) = args.positional.get(1).copied() {
                    // `maxloc(array, dim [, mask [, kind [, back]]])` or
                    // `maxloc(array, mask [, kind [, back]])`.
                    let constant = self.constant_argument(second);
                    if constant {
                        dim = Some(second);
                        mask = args.positional.get(2).copied();
                        extra = args.positional.len() > 3;
                    } else {
                        mask = Some(second);
                        extra = args.positional.len() > 2;
                    }
                }
                for (keyword, value) in &args.keywords {
                    match keyword.as_str() {
                        "dim" if dim.is_none() => dim = Some(*value),
                        "mask" if mask.is_none() => mask = Some(*value),
                        "back" => back = Some(*value),
                        _ => extra = true,
                    }
                }
                let Some(array) = array.filter(|_| !extra) else {
                    return self.fail(
                        node,
                        format!(
                            "'{name}' with a 'kind' or an unknown argument (device code takes '{name}(array, dim, mask, back)')"
                        ),
                    );
                };
                self.location_reduction(&name, array, dim, mask, back, node)
            }
            _ if super::reductions::ARRAY_REDUCTIONS.contains(&name.as_str()) => {
                let (names, optional): (&[&str], &[&str]) = match name.as_str() {
                    "dot_product" => (&["vector_a", "vector_b"], &[]),
                    "count" | "any" | "all" => (&["mask"], &["dim"]),
                    _ => (&["array"], &["dim", "mask"]),
                };
                let arrays: Vec<Node<'a>> = names
                    .iter()
                    .enumerate()
                    .filter_map(|(i, n)| args.get(i, n))
                    .collect();
                let mut dim = None;
                let mut mask = None;
                if let Some(second) = args.positional.get(names.len()).copied() {
                    // `sum(array, dim [, mask])`, or `sum(array, mask)` when the second
                    // argument is not an integer constant.
                    let constant = self.constant_argument(second);
                    if constant || !optional.contains(&"mask") {
                        dim = Some(second);
                        mask = args.positional.get(names.len() + 1).copied();
                    } else {
                        mask = Some(second);
                    }
                }
                for (keyword, value) in &args.keywords {
                    match keyword.as_str() {
                        "dim" if optional.contains(&"dim") => dim = Some(*value),
                        "mask" if optional.contains(&"mask") => mask = Some(*value),
                        _ => {}
                    }
                }
                let given = arrays.len() + usize::from(dim.is_some()) + usize::from(mask.is_some());
                if arrays.len() != names.len() || args.count() != given {
                    return self.fail(
                        node,
                        format!(
                            "'{name}' with a 'kind' or an unknown argument (device code takes '{name}({})')",
                            names
                                .iter()
                                .chain(optional)
                                .copied()
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
                self.array_reduction(&name, &arrays, dim, mask, node)
            }
            "acc_on_device" => {
                let device = self.arg_value(&args, 0, "dev_type", node)?;
                let device = self.convert_numeric(device, I32, node)?;
                let i32_ty = self.scalar_ty(I32);
                let on = self.e(
                    ExprKind::Builtin {
                        builtin: Builtin::AccOnDevice,
                        args: vec![device],
                    },
                    i32_ty,
                    node,
                );
                let zero = self.int(0, I32, node);
                let truth = self.compare(BinaryOp::Ne, on, zero, node);
                let logical = self.scalar_ty(self.default_logical());
                let _ = BOOL;
                Ok(self.e(ExprKind::Cast(truth), logical, node))
            }
            _ if self.defines_procedure(callee) => self.procedure_call(callee, nodes, node, true),
            _ => {
                let what = match self.name(callee)? {
                    Name::Unknown => {
                        let scope = self
                            .lw
                            .unit
                            .scopes
                            .name_scope_at(callee.start_byte() as u32);
                        let text = self.text(callee).to_string();
                        if let Some(message) =
                            scope.and_then(|s| self.unavailable_module_message(s, &text))
                        {
                            return self.fail(node, message);
                        }
                        "intrinsic or external function"
                    }
                    _ => "function",
                };
                self.fail(node, format!("call to {what} '{}'", self.text(callee)))
            }
        }
    }

    /// The kind of an integer argument of bit intrinsic `name`.
    fn integer_arg(&mut self, value: ExprId, name: &str, node: Node) -> R<ScalarKind> {
        match self.kind_of(value) {
            Some(kind @ ScalarKind::Int { .. }) => Ok(kind),
            _ => self.fail(node, format!("'{name}' of a non-integer argument")),
        }
    }

    /// `value` of integer `kind` shifted by `count` (same kind, known to lie in
    /// `0..width`): left, or right filling with zeros (`logical`) or with the sign bit.
    fn shift(
        &mut self,
        value: ExprId,
        count: ExprId,
        kind: ScalarKind,
        direction: Shift,
        node: Node,
    ) -> R<ExprId> {
        let ty = self.scalar_ty(kind);
        let ScalarKind::Int { width, .. } = kind else {
            return self.fail(node, "a shift of a non-integer");
        };
        Ok(match direction {
            Shift::Left => self.binary(BinaryOp::Shl, value, count, ty, node),
            Shift::Arithmetic => {
                let signed = ScalarKind::Int {
                    width,
                    signed: true,
                };
                let v = self.convert(value, signed, node)?;
                let c = self.convert(count, signed, node)?;
                let signed_ty = self.scalar_ty(signed);
                let shifted = self.binary(BinaryOp::Shr, v, c, signed_ty, node);
                self.convert(shifted, kind, node)?
            }
            Shift::Logical => {
                let unsigned = ScalarKind::Int {
                    width,
                    signed: false,
                };
                let v = self.convert(value, unsigned, node)?;
                let c = self.convert(count, unsigned, node)?;
                let unsigned_ty = self.scalar_ty(unsigned);
                let shifted = self.binary(BinaryOp::Shr, v, c, unsigned_ty, node);
                self.convert(shifted, kind, node)?
            }
        })
    }

    /// `ishft`, `shiftl`, `shiftr`, `shifta`, `ibset`, `ibclr` and `btest` of `i` and the
    /// count or bit position `n`. The operands are evaluated once, into temporaries; a count
    /// of the width or more (or `-width` or less for `ishft`) selects Fortran's result (0, or
    /// the sign for `shifta`) instead of shifting.
    fn bit_op(&mut self, name: &str, i: ExprId, n: ExprId, node: Node) -> R<ExprId> {
        let kind = self.integer_arg(i, name, node)?;
        self.integer_arg(n, name, node)?;
        let ScalarKind::Int { width, .. } = kind else {
            return self.fail(node, format!("'{name}' of a non-integer argument"));
        };
        let ty = self.scalar_ty(kind);
        let n = self.convert(n, kind, node)?;
        let mut stmts = Vec::new();
        let i_tmp = self.temporary("bits.i", i, node, &mut stmts);
        let n_tmp = self.temporary("bits.n", n, node, &mut stmts);
        let i = |this: &mut Self| this.load_local(i_tmp, node);
        let n = |this: &mut Self| this.load_local(n_tmp, node);
        let zero = self.int(0, kind, node);
        let bits = self.int(i128::from(width), kind, node);
        let value = match name {
            "shiftl" | "shiftr" | "shifta" => {
                let direction = match name {
                    "shiftl" => Shift::Left,
                    "shiftr" => Shift::Logical,
                    _ => Shift::Arithmetic,
                };
                let (iv, nv) = (i(self), n(self));
                let shifted = self.shift(iv, nv, kind, direction, node)?;
                let nv = n(self);
                let too_far = self.compare(BinaryOp::Ge, nv, bits, node);
                let beyond = if direction == Shift::Arithmetic {
                    // All bits become the sign bit: a shift by width - 1.
                    let iv = i(self);
                    let last = self.int(i128::from(width) - 1, kind, node);
                    self.shift(iv, last, kind, Shift::Arithmetic, node)?
                } else {
                    zero
                };
                self.e(
                    ExprKind::Select {
                        cond: too_far,
                        accept: beyond,
                        reject: shifted,
                    },
                    ty,
                    node,
                )
            }
            "ishft" => {
                let (iv, nv) = (i(self), n(self));
                let left = self.shift(iv, nv, kind, Shift::Left, node)?;
                let nv = n(self);
                let minus = self.e(
                    ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: nv,
                    },
                    ty,
                    node,
                );
                let iv = i(self);
                let right = self.shift(iv, minus, kind, Shift::Logical, node)?;
                let nv = n(self);
                let zero_again = self.int(0, kind, node);
                let leftwards = self.compare(BinaryOp::Ge, nv, zero_again, node);
                let shifted = self.e(
                    ExprKind::Select {
                        cond: leftwards,
                        accept: left,
                        reject: right,
                    },
                    ty,
                    node,
                );
                let nv = n(self);
                let too_far_left = self.compare(BinaryOp::Ge, nv, bits, node);
                let nv = n(self);
                let minus_bits = self.int(-i128::from(width), kind, node);
                let too_far_right = self.compare(BinaryOp::Le, nv, minus_bits, node);
                let bool_ty = self.scalar_ty(BOOL);
                let too_far = self.binary(
                    BinaryOp::LogicalOr,
                    too_far_left,
                    too_far_right,
                    bool_ty,
                    node,
                );
                self.e(
                    ExprKind::Select {
                        cond: too_far,
                        accept: zero,
                        reject: shifted,
                    },
                    ty,
                    node,
                )
            }
            _ => {
                // One bit at `pos`, which the standard requires to lie in 0..width: a position
                // outside gives the mask 0 (no bit) rather than an undefined shift.
                let one = self.int(1, kind, node);
                let nv = n(self);
                let bit = self.shift(one, nv, kind, Shift::Left, node)?;
                let nv = n(self);
                let inside_high = self.compare(BinaryOp::Lt, nv, bits, node);
                let nv = n(self);
                let zero_again = self.int(0, kind, node);
                let inside_low = self.compare(BinaryOp::Ge, nv, zero_again, node);
                let bool_ty = self.scalar_ty(BOOL);
                let inside =
                    self.binary(BinaryOp::LogicalAnd, inside_high, inside_low, bool_ty, node);
                let mask = self.e(
                    ExprKind::Select {
                        cond: inside,
                        accept: bit,
                        reject: zero,
                    },
                    ty,
                    node,
                );
                let iv = i(self);
                match name {
                    "ibset" => self.binary(BinaryOp::BitOr, iv, mask, ty, node),
                    "ibclr" => {
                        let inverted = self.e(
                            ExprKind::Unary {
                                op: UnaryOp::Not,
                                operand: mask,
                            },
                            ty,
                            node,
                        );
                        self.binary(BinaryOp::BitAnd, iv, inverted, ty, node)
                    }
                    _ => {
                        let set = self.binary(BinaryOp::BitAnd, iv, mask, ty, node);
                        let zero_again = self.int(0, kind, node);
                        let truth = self.compare(BinaryOp::Ne, set, zero_again, node);
                        let logical = self.scalar_ty(self.default_logical());
                        self.e(ExprKind::Cast(truth), logical, node)
                    }
                }
            }
        };
        Ok(self.block(stmts, value, node))
    }

    /// `ibits(i, pos, len)`: `len` bits of `i` from bit `pos`, right-adjusted. `len` of the
    /// width takes every bit; a shift past the width gives 0.
    fn ibits(&mut self, i: ExprId, pos: ExprId, len: ExprId, node: Node) -> R<ExprId> {
        let kind = self.integer_arg(i, "ibits", node)?;
        self.integer_arg(pos, "ibits", node)?;
        self.integer_arg(len, "ibits", node)?;
        let ScalarKind::Int { width, .. } = kind else {
            return self.fail(node, "'ibits' of a non-integer argument");
        };
        let ty = self.scalar_ty(kind);
        let pos = self.convert(pos, kind, node)?;
        let len = self.convert(len, kind, node)?;
        let mut stmts = Vec::new();
        let pos_tmp = self.temporary("ibits.pos", pos, node, &mut stmts);
        let len_tmp = self.temporary("ibits.len", len, node, &mut stmts);
        let bits = self.int(i128::from(width), kind, node);
        // i >> pos (logical), 0 when pos >= width.
        let p = self.load_local(pos_tmp, node);
        let shifted = self.shift(i, p, kind, Shift::Logical, node)?;
        let p = self.load_local(pos_tmp, node);
        let far = self.compare(BinaryOp::Ge, p, bits, node);
        let zero = self.int(0, kind, node);
        let moved = self.e(
            ExprKind::Select {
                cond: far,
                accept: zero,
                reject: shifted,
            },
            ty,
            node,
        );
        // (1 << len) - 1, every bit when len >= width.
        let one = self.int(1, kind, node);
        let l = self.load_local(len_tmp, node);
        let power = self.shift(one, l, kind, Shift::Left, node)?;
        let one_again = self.int(1, kind, node);
        let low = self.binary(BinaryOp::Sub, power, one_again, ty, node);
        let l = self.load_local(len_tmp, node);
        let bits_again = self.int(i128::from(width), kind, node);
        let all = self.compare(BinaryOp::Ge, l, bits_again, node);
        let ones = self.int(-1, kind, node);
        let mask = self.e(
            ExprKind::Select {
                cond: all,
                accept: ones,
                reject: low,
            },
            ty,
            node,
        );
        let value = self.binary(BinaryOp::BitAnd, moved, mask, ty, node);
        Ok(self.block(stmts, value, node))
    }

    /// A numeric conversion (refusing logical operands).
    fn convert_numeric(&mut self, value: ExprId, to: ScalarKind, node: Node) -> R<ExprId> {
        match self.kind_of(value) {
            Some(ScalarKind::Bool { .. }) | None => self.fail(
                node,
                format!("'{}' of a non-numeric argument", self.text(node)),
            ),
            _ => self.convert(value, to, node),
        }
    }

    /// `modulo(a, p)`: `r = mod(a, p)`, plus `p` when `r` is nonzero and its sign differs
    /// from `p`'s.
    fn modulo(&mut self, a: ExprId, p: ExprId, kind: ScalarKind, node: Node) -> R<ExprId> {
        let ty = self.scalar_ty(kind);
        let mut stmts = Vec::new();
        let p_local = self.temporary("modulo.p", p, node, &mut stmts);
        let p1 = self.load_local(p_local, node);
        let remainder = match kind {
            ScalarKind::Int { .. } => self.binary(BinaryOp::Rem, a, p1, ty, node),
            ScalarKind::Float { .. } => self.math(MathFn::Fmod, vec![a, p1], kind, node),
            _ => return self.fail(node, "'modulo' of complex arguments"),
        };
        let r = self.temporary("modulo.r", remainder, node, &mut stmts);
        let zero = |this: &mut Self| match kind {
            ScalarKind::Int { .. } => this.int(0, kind, node),
            _ => this.float(0.0, kind, node),
        };
        let r1 = self.load_local(r, node);
        let z1 = zero(self);
        let nonzero = self.compare(BinaryOp::Ne, r1, z1, node);
        let r2 = self.load_local(r, node);
        let z2 = zero(self);
        let r_negative = self.compare(BinaryOp::Lt, r2, z2, node);
        let p2 = self.load_local(p_local, node);
        let z3 = zero(self);
        let p_negative = self.compare(BinaryOp::Lt, p2, z3, node);
        let differ = self.compare(BinaryOp::Ne, r_negative, p_negative, node);
        let adjust = self.compare(BinaryOp::LogicalAnd, nonzero, differ, node);
        let r3 = self.load_local(r, node);
        let p3 = self.load_local(p_local, node);
        let sum = self.binary(BinaryOp::Add, r3, p3, ty, node);
        let store = self.store_local(r, sum, node);
        stmts.push(acc_ir::body::Stmt::If {
            cond: adjust,
            accept: vec![store],
            reject: Vec::new(),
        });
        let value = self.load_local(r, node);
        Ok(self.block(stmts, value, node))
    }

    /// The type of an inquiry function's argument (a variable, element or constant; not
    /// evaluated).
    fn inquiry_kind(&mut self, arg: Node<'a>) -> R<ScalarKind> {
        if arg.kind() == "identifier" {
            if let Some((var, _)) = self.variable_named(arg)? {
                let ty = self.lw.module.variables[var].ty;
                let element = self.element_of(ty);
                if let Some(kind) = self.scalar_of(element) {
                    return Ok(kind);
                }
            }
        }
        let value = self.value(arg)?;
        match self.kind_of(value) {
            Some(kind) => Ok(kind),
            None => self.fail(arg, "inquiry of a non-scalar"),
        }
    }

    /// The value of an inquiry's `dim` argument, when it is a constant expression.
    fn inquiry_dimension(&self, d: Node<'a>) -> Option<i64> {
        let scope = self.lw.unit.scopes.name_scope_at(d.start_byte() as u32);
        super::super::symbols::eval_node(&self.lw.unit.text, &self.lw.unit.scopes, scope, d, 0)
    }

    /// `size(a[, dim])`, `lbound(a, dim)`, `ubound(a, dim)` of a named array or of an
    /// allocatable or pointer array component ([`Self::component_inquiry`]).
    fn array_inquiry(&mut self, name: &str, args: &Args<'a>, node: Node<'a>) -> R<ExprId> {
        let Some(array) = args.get(0, "array") else {
            return self.fail(node, format!("'{name}' without an array"));
        };
        if array.kind() == "derived_type_member_expression" {
            let width = self.kind_arg(args, 2)?.unwrap_or(4) * 8;
            let dim = args.get(1, "dim").map(|d| (self.inquiry_dimension(d), d));
            let value = self.component_inquiry(name, array, dim, node)?;
            let result = ScalarKind::Int {
                signed: true,
                width,
            };
            return self.convert(value, result, node);
        }
        let found = if array.kind() == "identifier" {
            self.variable_named(array)?
        } else {
            None
        };
        let Some((var, symbol)) = found.filter(|(_, s)| !s.dims.is_empty()) else {
            return self.fail(
                node,
                format!("'{name}' of something other than a named array"),
            );
        };
        let width = self.kind_arg(args, 2)?.unwrap_or(4) * 8;
        let result = ScalarKind::Int {
            signed: true,
            width,
        };
        let i64_ty = self.i64_ty();
        let dim = match args.get(1, "dim") {
            Some(d) => {
                let value = self.inquiry_dimension(d);
                match value {
                    Some(v) if v >= 1 && (v as usize) <= symbol.dims.len() => Some(v as usize - 1),
                    _ => {
                        return self.fail(
                            d,
                            format!(
                                "'{name}' with a dimension that is not a constant in 1..{}",
                                symbol.dims.len()
                            ),
                        )
                    }
                }
            }
            None => None,
        };
        let value = match (name, dim) {
            ("lbound", Some(d)) => self.lower_bound(var, &symbol, d, node),
            ("ubound", Some(d)) => {
                let Some(extent) = self.extent(var, &symbol, d, node) else {
                    return self.fail(
                        node,
                        format!(
                            "'ubound' of the last dimension of assumed-size array '{}'",
                            symbol.name
                        ),
                    );
                };
                let lower = self.lower_bound(var, &symbol, d, node);
                let sum = self.binary(BinaryOp::Add, lower, extent, i64_ty, node);
                let one = self.int(1, I64, node);
                self.binary(BinaryOp::Sub, sum, one, i64_ty, node)
            }
            ("size", Some(d)) => match self.extent(var, &symbol, d, node) {
                Some(e) => e,
                None => {
                    return self.fail(
                        node,
                        format!(
                            "'size' of the last dimension of assumed-size array '{}'",
                            symbol.name
                        ),
                    )
                }
            },
            ("size", None) => {
                let mut product = None;
                for d in 0..symbol.dims.len() {
                    let Some(e) = self.extent(var, &symbol, d, node) else {
                        return self.fail(
                            node,
                            format!("'size' of assumed-size array '{}'", symbol.name),
                        );
                    };
                    product = Some(match product {
                        None => e,
                        Some(p) => self.binary(BinaryOp::Mul, p, e, i64_ty, node),
                    });
                }
                match product {
                    Some(p) => p,
                    None => return self.fail(node, "'size' of a scalar"),
                }
            }
            _ => return self.fail(node, format!("'{name}' without 'dim' (an array result)")),
        };
        self.convert(value, result, node)
    }
}
