//! Lowering of clause operands (`a[1:n]`, `s.v[0:k]`, `p->x`) to acc-ir data ops: name
//! resolution, the type walk through members and subscripts, and zero-based bounds.

use super::lower::Lowerer;
use crate::directive::{PathElem, SubscriptKind, VarRef};
use crate::lowering::Operand;
use acc_ir::{ArraySize, Bounds, Handle, PathStep, Storage, TypeInner, Variable};

/// One subscript group after lowering, outermost dimension first.
enum Dim {
    Section {
        lower: Handle<acc_ir::HostExpr>,
        extent: Option<Handle<acc_ir::HostExpr>>,
    },
}

impl Lowerer<'_> {
    /// Resolves a variable name at `at`, reporting an error when it is not declared.
    pub(crate) fn resolve_variable(
        &mut self,
        name: &str,
        at: u32,
        range: std::ops::Range<u32>,
    ) -> Option<Handle<Variable>> {
        let span = self.span(range.clone());
        let Some(symbol) = self.unit.resolve(name, at, &mut self.module.types) else {
            self.error(
                span,
                format!("'{name}' undeclared (first use in this OpenACC directive)"),
            );
            return None;
        };
        if symbol.is_function {
            self.error(span, format!("'{name}' is a function, not a variable"));
            return None;
        }
        let decl = self.span(symbol.decl_range.clone());
        let storage = storage_of(symbol.storage);
        let variable = Variable {
            name: symbol.name.clone(),
            ty: symbol.ty,
            storage,
            decl,
            derived: None,
            restrict: symbol.is_restrict_pointer(self.unit.text()),
            symbol: None,
        };
        Some(self.module.variable(variable, decl))
    }

    /// Lowers one clause operand. `at` is the directive's offset (names resolve as seen there).
    pub(crate) fn operand(&mut self, var_ref: &VarRef, at: u32) -> Option<Operand> {
        let span = self.span(var_ref.span.clone());
        let var = self.resolve_variable(&var_ref.base.name, at, var_ref.base.span.clone())?;
        let mut ty = self.module.variables[var].ty;
        let mut path = Vec::new();
        let mut through_pointer = false;
        let mut dims: Vec<Dim> = Vec::new();
        let mut shown = var_ref.base.name.clone();
        for element in &var_ref.path {
            match element {
                PathElem::Member { name, arrow } => {
                    if !dims.is_empty() {
                        self.error(
                            span,
                            format!(
                                "a member cannot follow an array section in '{}'",
                                var_ref.text
                            ),
                        );
                        return None;
                    }
                    let mut struct_ty = ty;
                    through_pointer |= *arrow;
                    if *arrow {
                        match self.module.types.get(ty) {
                            TypeInner::Pointer { pointee } => struct_ty = *pointee,
                            _ => {
                                self.error(span, format!("invalid type argument of '->' in '{}' ('{}' is not a pointer)", var_ref.text, shown));
                                return None;
                            }
                        }
                    }
                    let members = match self.module.types.get(struct_ty) {
                        TypeInner::Struct { members, .. } => members.clone(),
                        _ => {
                            let member_span = self.span(name.span.clone());
                            self.error(
                                member_span,
                                format!(
                                    "request for member '{}' in something not a structure or union",
                                    name.name
                                ),
                            );
                            return None;
                        }
                    };
                    let Some(member) = members.iter().find(|m| m.name == name.name) else {
                        let type_name = super::lower::c_type_name(&self.module.types, struct_ty);
                        let member_span = self.span(name.span.clone());
                        self.error(
                            member_span,
                            format!("'{}' has no member named '{}'", type_name, name.name),
                        );
                        return None;
                    };
                    ty = member.ty;
                    path.push(PathStep::Member {
                        name: name.name.clone(),
                        arrow: *arrow,
                    });
                    shown.push_str(if *arrow { "->" } else { "." });
                    shown.push_str(&name.name);
                }
                PathElem::Subscript(subscripts) => {
                    for subscript in subscripts {
                        let sub_span = self.span(subscript.span.clone());
                        let (element, size) = match self.module.types.get(ty) {
                            TypeInner::Array { element, size, .. } => {
                                (*element, Some(size.clone()))
                            }
                            TypeInner::Pointer { pointee } => {
                                through_pointer = true;
                                (*pointee, None)
                            }
                            _ => {
                                self.error(
                                    sub_span,
                                    format!(
                                        "subscripted value '{shown}' is neither array nor pointer"
                                    ),
                                );
                                return None;
                            }
                        };
                        match &subscript.kind {
                            SubscriptKind::Index(index) if dims.is_empty() => {
                                let value = crate::directive::const_int(&index.text);
                                let e = self.module.expr(index.text.clone(), value, sub_span);
                                path.push(PathStep::Index(e));
                            }
                            SubscriptKind::Index(index) => {
                                // After a section, a single index is a section of length one.
                                let value = crate::directive::const_int(&index.text);
                                let lower = self.module.expr(index.text.clone(), value, sub_span);
                                let one = self.module.constant(1, sub_span);
                                self.check_section(
                                    &var_ref.text,
                                    value,
                                    Some(1),
                                    size.as_ref(),
                                    sub_span,
                                )?;
                                dims.push(Dim::Section {
                                    lower,
                                    extent: Some(one),
                                });
                            }
                            SubscriptKind::Section { lower, length } => {
                                let lower_value = lower
                                    .as_ref()
                                    .map_or(Some(0), |l| crate::directive::const_int(&l.text));
                                let lower_expr = match lower {
                                    Some(l) => {
                                        self.module.expr(l.text.clone(), lower_value, sub_span)
                                    }
                                    None => self.module.constant(0, sub_span),
                                };
                                let extent = match (length, &size) {
                                    (Some(len), _) => {
                                        let value = crate::directive::const_int(&len.text);
                                        Some(self.module.expr(len.text.clone(), value, sub_span))
                                    }
                                    (None, Some(ArraySize::Constant(n))) => {
                                        let n = self.module.constant(*n as i64, sub_span);
                                        Some(self.module.expr_sub(n, lower_expr, sub_span))
                                    }
                                    (None, Some(ArraySize::Variable(text))) => {
                                        let n = self.module.expr(text.clone(), None, sub_span);
                                        Some(self.module.expr_sub(n, lower_expr, sub_span))
                                    }
                                    (None, _) => {
                                        self.error(
                                            sub_span,
                                            format!("array section '{}' needs a length: the extent of '{}' is not known", var_ref.text, shown),
                                        );
                                        return None;
                                    }
                                };
                                let length_value = extent.and_then(|e| self.module.exprs[e].value);
                                self.check_section(
                                    &var_ref.text,
                                    lower_value,
                                    length_value,
                                    size.as_ref(),
                                    sub_span,
                                )?;
                                dims.push(Dim::Section {
                                    lower: lower_expr,
                                    extent,
                                });
                            }
                            SubscriptKind::Triplet { .. } => {
                                self.error(sub_span, "Fortran array sections are not valid in C");
                                return None;
                            }
                        }
                        ty = element;
                        shown.push_str("[]");
                    }
                }
            }
        }
        // The data named: for a section of `double a[4][8]` written `a[0:2]`, an array of two
        // rows; the remaining (inner) array dimensions are covered whole.
        let mut bounds = Vec::new();
        let data_ty;
        if dims.is_empty() {
            data_ty = ty;
            bounds = self.module.whole_array_bounds(ty, span);
        } else {
            let inner = self.module.whole_array_bounds(ty, span);
            bounds.extend(inner);
            let mut outer: Vec<Handle<Bounds>> = Vec::new();
            for dim in &dims {
                let Dim::Section { lower, extent } = dim;
                outer.push(self.module.make_bounds(*lower, *extent, 0, span));
            }
            bounds.extend(outer.into_iter().rev());
            let mut section_ty = ty;
            for dim in dims.iter().rev() {
                let Dim::Section { extent, .. } = dim;
                let size = match extent.and_then(|e| self.module.exprs[e].value) {
                    Some(n) if n >= 0 => ArraySize::Constant(n as u64),
                    _ => match extent {
                        Some(e) => ArraySize::Variable(self.module.exprs[*e].text.clone()),
                        None => ArraySize::Unknown,
                    },
                };
                section_ty = self.module.types.insert(TypeInner::Array {
                    element: section_ty,
                    size,
                    lower_bound: 0,
                });
            }
            data_ty = section_ty;
        }
        Some(Operand {
            var,
            path,
            ty: data_ty,
            bounds,
            name: var_ref.text.clone(),
            span,
            through_pointer,
            attachable: matches!(self.module.types.get(data_ty), TypeInner::Pointer { .. }),
        })
    }

    /// Rejects constant sections that fall outside a constant-size array, and negative lengths.
    fn check_section(
        &mut self,
        text: &str,
        lower: Option<i64>,
        length: Option<i64>,
        size: Option<&ArraySize>,
        span: acc_ir::Span,
    ) -> Option<()> {
        if let Some(length) = length {
            if length < 0 {
                self.error(span, format!("negative length in array section '{text}'"));
                return None;
            }
        }
        if let Some(lower) = lower {
            if lower < 0 {
                self.error(
                    span,
                    format!("negative lower bound in array section '{text}'"),
                );
                return None;
            }
        }
        if let (Some(lower), Some(length), Some(ArraySize::Constant(n))) = (lower, length, size) {
            if lower.saturating_add(length) as u64 > *n {
                self.error(
                    span,
                    format!(
                        "array section '{text}' is out of bounds (the dimension has {n} elements)"
                    ),
                );
                return None;
            }
        }
        Some(())
    }
}

/// The acc-ir storage class of a C symbol's storage.
pub(crate) fn storage_of(storage: super::Storage) -> Storage {
    match storage {
        super::Storage::Global => Storage::Global,
        super::Storage::Static => Storage::Static,
        super::Storage::Extern => Storage::Extern,
        super::Storage::Local => Storage::Local,
        super::Storage::Parameter => Storage::Parameter,
    }
}
