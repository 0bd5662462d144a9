//! Building private, firstprivate and reduction recipes, and the reduction operators' type rules.

use crate::arena::Handle;
use crate::ops::{Language, Module, Recipe, RecipeInit, RecipeKind, ReductionOp};
use crate::span::Span;
use crate::types::{ScalarKind, TypeHandle};

impl ReductionOp {
    /// Whether the operator may reduce values of this scalar kind (OpenACC 3.3 §2.5.15).
    pub fn allows(self, kind: ScalarKind, language: Language) -> bool {
        match self {
            ReductionOp::Add | ReductionOp::Mul => !matches!(
                (kind, language),
                (ScalarKind::Bool { .. }, Language::Fortran)
            ),
            ReductionOp::Max | ReductionOp::Min => {
                matches!(kind, ScalarKind::Int { .. } | ScalarKind::Float { .. })
                    || (language == Language::C && matches!(kind, ScalarKind::Bool { .. }))
            }
            ReductionOp::BitAnd | ReductionOp::BitOr | ReductionOp::BitXor => match language {
                Language::C => kind.is_integer(),
                Language::Fortran => matches!(kind, ScalarKind::Int { .. }),
            },
            ReductionOp::LogAnd | ReductionOp::LogOr => match language {
                Language::C => !kind.is_complex(),
                Language::Fortran => matches!(kind, ScalarKind::Bool { .. }),
            },
            ReductionOp::Eqv | ReductionOp::Neqv => matches!(kind, ScalarKind::Bool { .. }),
        }
    }

    /// The operator's identity for a kind, as the printers spell it.
    pub fn identity(self, kind: ScalarKind) -> String {
        let float = kind.is_float() || kind.is_complex();
        match self {
            ReductionOp::Add
            | ReductionOp::BitOr
            | ReductionOp::BitXor
            | ReductionOp::LogOr
            | ReductionOp::Neqv => {
                if float {
                    "0.0".into()
                } else {
                    "0".into()
                }
            }
            ReductionOp::Mul | ReductionOp::LogAnd | ReductionOp::Eqv => {
                if float {
                    "1.0".into()
                } else {
                    "1".into()
                }
            }
            ReductionOp::BitAnd => match kind {
                ScalarKind::Int {
                    signed: false,
                    width,
                } => format!(
                    "{:#x}",
                    if width >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << width) - 1
                    }
                ),
                _ => "-1".into(),
            },
            ReductionOp::Max => match kind {
                ScalarKind::Int {
                    signed: true,
                    width,
                } => (-(1i128 << (width - 1))).to_string(),
                ScalarKind::Int { signed: false, .. } | ScalarKind::Bool { .. } => "0".into(),
                _ => "-inf".into(),
            },
            ReductionOp::Min => match kind {
                ScalarKind::Int {
                    signed: true,
                    width,
                } => ((1i128 << (width - 1)) - 1).to_string(),
                ScalarKind::Int {
                    signed: false,
                    width,
                } => ((1i128 << width) - 1).to_string(),
                ScalarKind::Bool { .. } => "1".into(),
                _ => "inf".into(),
            },
        }
    }
}

fn type_suffix(module: &Module, ty: TypeHandle) -> String {
    module
        .types
        .display(ty)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect::<String>()
        .trim_matches('_')
        .to_string()
}

/// The private recipe for values of type `ty`.
pub fn private_recipe(module: &mut Module, ty: TypeHandle, span: Span) -> Handle<Recipe> {
    let name = format!("privatization_{}", type_suffix(module, ty));
    module.recipe(
        Recipe {
            name,
            kind: RecipeKind::Private,
            ty,
            init: RecipeInit::Uninitialized,
        },
        span,
    )
}

/// The firstprivate recipe for values of type `ty`.
pub fn firstprivate_recipe(module: &mut Module, ty: TypeHandle, span: Span) -> Handle<Recipe> {
    let name = format!("firstprivatization_{}", type_suffix(module, ty));
    module.recipe(
        Recipe {
            name,
            kind: RecipeKind::Firstprivate,
            ty,
            init: RecipeInit::CopyOriginal,
        },
        span,
    )
}

/// The reduction recipe of `op` for elements of type `element` (an array reduction uses its
/// element type); `kind` is that element's scalar kind.
pub fn reduction_recipe(
    module: &mut Module,
    op: ReductionOp,
    element: TypeHandle,
    kind: ScalarKind,
    span: Span,
) -> Handle<Recipe> {
    let name = format!(
        "reduction_{}_{}",
        op.mlir_name(),
        type_suffix(module, element)
    );
    let init = RecipeInit::Identity(op.identity(kind));
    module.recipe(
        Recipe {
            name,
            kind: RecipeKind::Reduction(op),
            ty: element,
            init,
        },
        span,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_follow_the_spec() {
        let i32_ = ScalarKind::Int {
            signed: true,
            width: 32,
        };
        let u8_ = ScalarKind::Int {
            signed: false,
            width: 8,
        };
        let f64_ = ScalarKind::Float { width: 64 };
        assert_eq!(ReductionOp::Max.identity(i32_), "-2147483648");
        assert_eq!(ReductionOp::Min.identity(u8_), "255");
        assert_eq!(ReductionOp::BitAnd.identity(u8_), "0xff");
        assert_eq!(ReductionOp::BitAnd.identity(i32_), "-1");
        assert_eq!(ReductionOp::Max.identity(f64_), "-inf");
        assert_eq!(ReductionOp::Mul.identity(f64_), "1.0");
        assert_eq!(ReductionOp::LogOr.identity(i32_), "0");
    }

    #[test]
    fn operator_type_rules() {
        let f64_ = ScalarKind::Float { width: 64 };
        let c64 = ScalarKind::Complex { width: 64 };
        let int = ScalarKind::Int {
            signed: true,
            width: 32,
        };
        let logical = ScalarKind::Bool { width: 32 };
        assert!(!ReductionOp::BitAnd.allows(f64_, Language::C));
        assert!(ReductionOp::BitXor.allows(int, Language::C));
        assert!(!ReductionOp::Max.allows(c64, Language::C));
        assert!(ReductionOp::Add.allows(c64, Language::C));
        assert!(ReductionOp::Eqv.allows(logical, Language::Fortran));
        assert!(!ReductionOp::LogAnd.allows(int, Language::Fortran));
        assert!(ReductionOp::LogAnd.allows(f64_, Language::C));
    }
}
