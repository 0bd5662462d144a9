//! Complex exponentiation in device code, as gfortran computes it.
//!
//! * `z ** n` with an integer `n` (a variable, or a constant above 3; smaller constants are
//!   multiplications, `expr.rs`): libgfortran's `pow_c*_i*` loop: for `n < 0` the base is
//!   inverted first (`x = 1 / z`), then `y = 1; while u != 0 { if odd(u) y *= x; u >>= 1;
//!   if u != 0 x *= x }` with `u = |n|`, so the result is exact repeated multiplication.
//! * Any other power with a complex operand (complex or real exponent, real or integer base of
//!   a complex exponent): both operands in the common complex kind, and `cpow`'s
//!   `exp(w * log(z))` written out with real functions: `log(z) = (log(hypot(re, im)),
//!   atan2(im, re))`, `exp(a + ib) = e^a (cos b + i sin b)`, and `0` when `e^a` is `0` (a
//!   zero base: `cexp(-inf + i NaN)` is `0` in C's Annex G). The results agree with glibc's
//!   `cpow` to rounding.

use super::{Lowering, I64, R};
use acc_ir::body::{BinaryOp, ExprId, ExprKind, MathFn, Stmt};
use acc_ir::ScalarKind;
use tree_sitter::Node;

impl<'l, 'a> Lowering<'l, 'a> {
    /// `base ** exponent` where `base` is complex of `kind` and `exponent` an integer.
    pub(super) fn complex_integer_power(
        &mut self,
        base: ExprId,
        exponent: ExprId,
        kind: ScalarKind,
        node: Node<'a>,
    ) -> R<ExprId> {
        let ty = self.scalar_ty(kind);
        let i64_ty = self.i64_ty();
        let mut stmts = Vec::new();
        let x = self.temporary("pow.x", base, node, &mut stmts);
        let exponent = self.convert(exponent, I64, node)?;
        let n = self.temporary("pow.n", exponent, node, &mut stmts);
        // n < 0: x = 1 / x.
        let n1 = self.load_local(n, node);
        let zero = self.int(0, I64, node);
        let negative = self.compare(BinaryOp::Lt, n1, zero, node);
        let one = self.complex_one(kind, node)?;
        let x1 = self.load_local(x, node);
        let inverse = self.binary(BinaryOp::Div, one, x1, ty, node);
        let invert = self.store_local(x, inverse, node);
        stmts.push(Stmt::If {
            cond: negative,
            accept: vec![invert],
            reject: Vec::new(),
        });
        // u = |n|
        let magnitude = self.magnitude(n, node);
        let u = self.temporary("pow.u", magnitude, node, &mut stmts);
        let one = self.complex_one(kind, node)?;
        let y = self.temporary("pow.y", one, node, &mut stmts);
        // while u != 0: if odd(u) y *= x; u >>= 1; if u != 0 x *= x
        let u1 = self.load_local(u, node);
        let zero = self.int(0, I64, node);
        let more = self.compare(BinaryOp::Ne, u1, zero, node);
        let odd = self.odd(u, node);
        let ya = self.load_local(y, node);
        let xa = self.load_local(x, node);
        let product = self.binary(BinaryOp::Mul, ya, xa, ty, node);
        let multiply = self.store_local(y, product, node);
        let u3 = self.load_local(u, node);
        let one64 = self.int(1, I64, node);
        let halved = self.binary(BinaryOp::Shr, u3, one64, i64_ty, node);
        let halve = self.store_local(u, halved, node);
        let u4 = self.load_local(u, node);
        let zero = self.int(0, I64, node);
        let left = self.compare(BinaryOp::Ne, u4, zero, node);
        let xb = self.load_local(x, node);
        let xc = self.load_local(x, node);
        let squared = self.binary(BinaryOp::Mul, xb, xc, ty, node);
        let square = self.store_local(x, squared, node);
        stmts.push(Stmt::Loop {
            cond: Some(more),
            body: vec![
                Stmt::If {
                    cond: odd,
                    accept: vec![multiply],
                    reject: Vec::new(),
                },
                halve,
                Stmt::If {
                    cond: left,
                    accept: vec![square],
                    reject: Vec::new(),
                },
            ],
            step: Vec::new(),
            test_after: false,
        });
        let result = self.load_local(y, node);
        Ok(self.block(stmts, result, node))
    }

    /// The complex constant `(1, 0)` of `kind`.
    pub(super) fn complex_one(&mut self, kind: ScalarKind, node: Node<'a>) -> R<ExprId> {
        let ScalarKind::Complex { width } = kind else {
            return self.internal(node, "complex one of a non-complex kind");
        };
        let one = self.float(1.0, ScalarKind::Float { width }, node);
        self.make_complex(one, None, width, node)
    }

    /// `base ** exponent` with a complex operand and a non-integer exponent:
    /// `exp(exponent * log(base))` in the common complex kind.
    pub(super) fn complex_general_power(
        &mut self,
        base: ExprId,
        exponent: ExprId,
        node: Node<'a>,
    ) -> R<ExprId> {
        let (base, exponent, kind) = self.promote(base, exponent, node)?;
        let ScalarKind::Complex { width } = kind else {
            return self.internal(node, "complex power of non-complex operands");
        };
        let part = ScalarKind::Float { width };
        let part_ty = self.scalar_ty(part);
        let mut stmts = Vec::new();
        let z = self.temporary("pow.z", base, node, &mut stmts);
        let w = self.temporary("pow.w", exponent, node, &mut stmts);
        let part_of = |this: &mut Self, local, index, stmts: &mut Vec<Stmt>| -> R<_> {
            let value = this.load_local(local, node);
            let value = this.complex_part(value, index, node)?;
            let name = if index == 0 { "pow.re" } else { "pow.im" };
            Ok(this.temporary(name, value, node, stmts))
        };
        let zr = part_of(self, z, 0, &mut stmts)?;
        let zi = part_of(self, z, 1, &mut stmts)?;
        let wr = part_of(self, w, 0, &mut stmts)?;
        let wi = part_of(self, w, 1, &mut stmts)?;
        let math = |this: &mut Self, function, args: Vec<ExprId>| {
            this.e(ExprKind::Math { function, args }, part_ty, node)
        };
        // log(z) = (lr, li)
        let (a, b) = (self.load_local(zr, node), self.load_local(zi, node));
        let modulus = math(self, MathFn::Hypot, vec![a, b]);
        let lr_value = math(self, MathFn::Log, vec![modulus]);
        let lr = self.temporary("pow.lr", lr_value, node, &mut stmts);
        let (a, b) = (self.load_local(zi, node), self.load_local(zr, node));
        let li_value = math(self, MathFn::Atan2, vec![a, b]);
        let li = self.temporary("pow.li", li_value, node, &mut stmts);
        // w * log(z) = (wr lr - wi li, wr li + wi lr)
        let product = |this: &mut Self, p: _, q: _| {
            let (p, q) = (this.load_local(p, node), this.load_local(q, node));
            this.binary(BinaryOp::Mul, p, q, part_ty, node)
        };
        let t1 = product(self, wr, lr);
        let t2 = product(self, wi, li);
        let real = self.binary(BinaryOp::Sub, t1, t2, part_ty, node);
        let t3 = product(self, wr, li);
        let t4 = product(self, wi, lr);
        let imag_value = self.binary(BinaryOp::Add, t3, t4, part_ty, node);
        let imag = self.temporary("pow.b", imag_value, node, &mut stmts);
        let scale_value = math(self, MathFn::Exp, vec![real]);
        let scale = self.temporary("pow.ea", scale_value, node, &mut stmts);
        // e^a (cos b, sin b), or 0 when e^a is 0.
        let part_value = |this: &mut Self, function| {
            let angle = this.load_local(imag, node);
            let trig = math(this, function, vec![angle]);
            let s = this.load_local(scale, node);
            let value = this.binary(BinaryOp::Mul, s, trig, part_ty, node);
            let s = this.load_local(scale, node);
            let zero = this.float(0.0, part, node);
            let vanished = this.compare(BinaryOp::Eq, s, zero, node);
            let zero = this.float(0.0, part, node);
            this.e(
                ExprKind::Select {
                    cond: vanished,
                    accept: zero,
                    reject: value,
                },
                part_ty,
                node,
            )
        };
        let re = part_value(self, MathFn::Cos);
        let im = part_value(self, MathFn::Sin);
        let result = self.make_complex(re, Some(im), width, node)?;
        Ok(self.block(stmts, result, node))
    }
}
