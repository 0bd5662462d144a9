//! Building zero-based [`Bounds`]: from a section's lower bound and extent, or for a whole array
//! from its declared type.

use crate::arena::Handle;
use crate::ops::{Bounds, ExprHandle, Module};
use crate::span::Span;
use crate::types::{ArraySize, TypeHandle, TypeInner};

/// Wraps `text` in parentheses unless it is a single token.
fn atom(text: &str) -> String {
    let simple = text
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    if simple {
        text.to_string()
    } else {
        format!("({text})")
    }
}

impl Module {
    /// `a + b` as a host expression, folded when both are constants.
    pub fn expr_add(&mut self, a: ExprHandle, b: ExprHandle, span: Span) -> ExprHandle {
        let (ea, eb) = (&self.exprs[a], &self.exprs[b]);
        match (ea.value, eb.value) {
            (Some(x), Some(y)) if x.checked_add(y).is_some() => self.constant(x + y, span),
            (_, Some(0)) => a,
            (Some(0), _) => b,
            (_, Some(y)) if y < 0 => {
                let text = format!("{} - {}", ea.text, y.unsigned_abs());
                self.expr(text, None, span)
            }
            _ => {
                let text = format!("{} + {}", ea.text, atom(&eb.text));
                self.expr(text, None, span)
            }
        }
    }

    /// `a - b` as a host expression, folded when both are constants.
    pub fn expr_sub(&mut self, a: ExprHandle, b: ExprHandle, span: Span) -> ExprHandle {
        let (ea, eb) = (&self.exprs[a], &self.exprs[b]);
        match (ea.value, eb.value) {
            (Some(x), Some(y)) if x.checked_sub(y).is_some() => self.constant(x - y, span),
            (_, Some(0)) => a,
            _ => {
                let text = format!("{} - {}", ea.text, atom(&eb.text));
                self.expr(text, None, span)
            }
        }
    }

    /// One dimension from a zero-based lower bound and an extent (`None`: unknown).
    pub fn make_bounds(
        &mut self,
        lowerbound: ExprHandle,
        extent: Option<ExprHandle>,
        start_idx: i64,
        span: Span,
    ) -> Handle<Bounds> {
        let start_idx = self.constant(start_idx, span);
        self.make_bounds_at(lowerbound, extent, start_idx, span)
    }

    /// Like [`Module::make_bounds`] with the source-language index of the dimension's first
    /// element given as an expression (a Fortran `lbound(a, 1)` known only at run time).
    pub fn make_bounds_at(
        &mut self,
        lowerbound: ExprHandle,
        extent: Option<ExprHandle>,
        start_idx: ExprHandle,
        span: Span,
    ) -> Handle<Bounds> {
        let upperbound = extent.map(|extent| {
            let one = self.constant(1, span);
            let last = self.expr_sub(extent, one, span);
            self.expr_add(lowerbound, last, span)
        });
        let stride = self.constant(1, span);
        self.bounds.append(
            Bounds {
                lowerbound,
                upperbound,
                extent,
                stride,
                start_idx,
            },
            span,
        )
    }

    /// Bounds covering a whole array of type `ty`, innermost dimension first; empty when `ty` is
    /// not an array.
    pub fn whole_array_bounds(&mut self, ty: TypeHandle, span: Span) -> Vec<Handle<Bounds>> {
        let mut dims = Vec::new();
        let mut current = ty;
        while let TypeInner::Array {
            element,
            size,
            lower_bound,
        } = self.types.get(current).clone()
        {
            dims.push((size, lower_bound));
            current = element;
        }
        let mut bounds = Vec::new();
        for (size, lower_bound) in dims.into_iter().rev() {
            let zero = self.constant(0, span);
            let extent = match size {
                ArraySize::Constant(n) => Some(self.constant(n as i64, span)),
                ArraySize::Variable(text) => Some(self.expr(text, None, span)),
                ArraySize::Unknown => None,
            };
            bounds.push(self.make_bounds(zero, extent, lower_bound, span));
        }
        bounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::ScalarKind;
    use crate::Language;

    #[test]
    fn whole_array_bounds_are_innermost_first() {
        let mut module = Module::new(Language::C);
        let f64_ = module.types.scalar(ScalarKind::Float { width: 64 });
        let inner = module.types.insert(TypeInner::Array {
            element: f64_,
            size: ArraySize::Variable("m".into()),
            lower_bound: 0,
        });
        let outer = module.types.insert(TypeInner::Array {
            element: inner,
            size: ArraySize::Constant(4),
            lower_bound: 0,
        });
        let bounds = module.whole_array_bounds(outer, Span::default());
        assert_eq!(bounds.len(), 2);
        let b0 = module.bounds[bounds[0]].clone();
        assert_eq!(module.exprs[b0.upperbound.unwrap()].text, "m - 1");
        let b1 = module.bounds[bounds[1]].clone();
        assert_eq!(module.exprs[b1.upperbound.unwrap()].value, Some(3));
    }

    #[test]
    fn section_upper_bound_folds() {
        let mut module = Module::new(Language::C);
        let lb = module.constant(2, Span::default());
        let extent = module.constant(5, Span::default());
        let b = module.make_bounds(lb, Some(extent), 0, Span::default());
        assert_eq!(
            module.exprs[module.bounds[b].upperbound.unwrap()].value,
            Some(6)
        );
        let lb = module.expr("i", None, Span::default());
        let extent = module.expr("n", None, Span::default());
        let b = module.make_bounds(lb, Some(extent), 0, Span::default());
        assert_eq!(
            module.exprs[module.bounds[b].upperbound.unwrap()].text,
            "i + (n - 1)"
        );
    }
}
