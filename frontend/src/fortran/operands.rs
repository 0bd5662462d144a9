//! Fortran clause operands (`a`, `a(2:n)`, `a(:, j)`, `t%v(1:k)`) and Fortran types in acc-ir.
//!
//! Bounds follow acc-ir's convention: zero-based `lowerbound`/`upperbound` counted from the first
//! element of the dimension, whose Fortran index is `startIdx` — the declared lower bound (1 when
//! not written). Bounds are innermost (first, fastest-varying) dimension first, and array types
//! nest the same way as C's: the outermost `TypeInner::Array` is the last dimension.
//!
//! Arrays whose shape lives in a descriptor (allocatable, pointer and assumed-shape arrays) get
//! run-time expressions the host emitter can evaluate at the directive: the extent `size(a, d)`,
//! the first index `lbound(a, d)` (for an assumed-shape dummy: its declared lower bound, or 1),
//! the default upper bound of a section `ubound(a, d)`. Element indices on the way to a member
//! (`p(i)%x`) are kept as written, one `PathStep::Index` per subscript.

use super::lower::Lowerer;
use super::symbols::{BaseType, Dim, Resolved, Symbol, Upper};
use crate::directive::{PathElem, SubscriptKind, VarRef};
use crate::lowering::{Operand, SourceContext};
use acc_ir::{
    ArraySize, ExprHandle, Handle, Member, PathStep, ScalarKind, Span, Storage, TypeHandle,
    TypeInner, TypeTable, Variable,
};

/// Parenthesises `text` unless it is one token.
fn atom(text: &str) -> String {
    if text
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '%')
    {
        text.to_string()
    } else {
        format!("({text})")
    }
}

/// The number of elements of a dimension as Fortran source text and value.
pub fn extent_of(dim: &Dim) -> Option<(String, Option<i64>)> {
    let Upper::Explicit(upper) = &dim.upper else {
        return None;
    };
    match &dim.lower {
        None => Some((upper.text.clone(), upper.value)),
        Some(lower) if lower.value == Some(1) => Some((upper.text.clone(), upper.value)),
        Some(lower) => {
            let value = match (lower.value, upper.value) {
                (Some(l), Some(u)) => u.checked_sub(l).and_then(|d| d.checked_add(1)),
                _ => None,
            };
            let text = match (value, lower.value) {
                (Some(v), _) => v.to_string(),
                (None, Some(l)) => match 1 - l {
                    0 => upper.text.clone(),
                    c if c > 0 => format!("{} + {c}", upper.text),
                    c => format!("{} - {}", upper.text, c.unsigned_abs()),
                },
                (None, None) => format!("{} - {} + 1", atom(&upper.text), atom(&lower.text)),
            };
            Some((text, value))
        }
    }
}

/// The scalar kind of a base type.
pub(crate) fn scalar(base: &BaseType) -> Option<ScalarKind> {
    Some(match base {
        BaseType::Integer(k) => ScalarKind::Int {
            signed: true,
            width: k.saturating_mul(8),
        },
        BaseType::Real(k) => ScalarKind::Float {
            width: k.saturating_mul(8),
        },
        BaseType::Complex(k) => ScalarKind::Complex {
            width: k.saturating_mul(8),
        },
        BaseType::Logical(k) => ScalarKind::Bool {
            width: k.saturating_mul(8),
        },
        _ => return None,
    })
}

/// The acc-ir type of a symbol: its base type wrapped in one array level per dimension.
/// `prefix` is the Fortran text that names the object (`a`, `t%v`) for run-time extents, `None`
/// inside a derived type.
pub fn symbol_type(
    lw: &mut Lowerer<'_>,
    scope: usize,
    symbol: &Symbol,
    prefix: Option<&str>,
) -> TypeHandle {
    let element = base_type(lw, scope, &symbol.base, 0);
    array_type(&mut lw.module.types, element, &symbol.dims, prefix)
}

fn array_type(
    types: &mut TypeTable,
    element: TypeHandle,
    dims: &[Dim],
    prefix: Option<&str>,
) -> TypeHandle {
    let mut ty = element;
    for (index, dim) in dims.iter().enumerate() {
        let size = match (&dim.upper, extent_of(dim)) {
            (_, Some((_, Some(n)))) => ArraySize::Constant(n.max(0) as u64),
            (_, Some((text, None))) => ArraySize::Variable(text),
            (Upper::Colon, _) => match prefix {
                Some(p) => ArraySize::Variable(format!("size({p}, {})", index + 1)),
                None => ArraySize::Unknown,
            },
            _ => ArraySize::Unknown,
        };
        let lower_bound = dim.lower.as_ref().and_then(|l| l.value).unwrap_or(1);
        ty = types.insert(TypeInner::Array {
            element: ty,
            size,
            lower_bound,
        });
    }
    ty
}

fn base_type(lw: &mut Lowerer<'_>, scope: usize, base: &BaseType, depth: usize) -> TypeHandle {
    if let Some(kind) = scalar(base) {
        return lw.module.types.scalar(kind);
    }
    match base {
        // A constant length lays out as that many bytes (a component of a derived type device
        // code uses, whose character components it never touches).
        BaseType::Character(Some(len)) => {
            let byte = lw.module.types.scalar(acc_ir::ScalarKind::Int {
                signed: false,
                width: 8,
            });
            lw.module.types.insert(TypeInner::Array {
                element: byte,
                size: acc_ir::ArraySize::Constant(*len),
                lower_bound: 1,
            })
        }
        BaseType::Character(None) => lw
            .module
            .types
            .insert(TypeInner::Opaque("character".into())),
        BaseType::CPtr => {
            let void = lw.module.types.insert(TypeInner::Void);
            lw.module.types.insert(TypeInner::Pointer { pointee: void })
        }
        BaseType::Derived(name) if depth < 8 => {
            let Some(def) = lw.unit.scopes.derived_type(scope, name).cloned() else {
                return lw
                    .module
                    .types
                    .insert(TypeInner::Opaque(format!("type({name})")));
            };
            let mut members = Vec::new();
            for member in &def.members {
                let deferred = member.attrs.allocatable || member.attrs.pointer;
                let ty = if deferred && member.dims.is_empty() {
                    scalar_deferred_component(lw, member)
                } else {
                    let element = base_type(lw, scope, &member.base, depth + 1);
                    // An allocatable or pointer array component is gfortran's descriptor.
                    if deferred {
                        descriptor_type(&mut lw.module.types, element, member.dims.len())
                    } else {
                        array_type(&mut lw.module.types, element, &member.dims, None)
                    }
                };
                members.push(Member {
                    name: member.name.clone(),
                    ty,
                });
            }
            lw.module.types.insert(TypeInner::Struct {
                name: Some(def.name.clone()),
                members,
                is_union: false,
            })
        }
        BaseType::Derived(name) | BaseType::Unknown(name) => lw
            .module
            .types
            .insert(TypeInner::Opaque(format!("type({name})"))),
        _ => lw.module.types.insert(TypeInner::Opaque("unknown".into())),
    }
}

/// What a scalar pointer or allocatable component occupies in its derived type: in gfortran's
/// layout, the address of its target (8 bytes) when it is of an intrinsic numeric or logical
/// type, `type(c_ptr)` or a (non-polymorphic) derived type; the pointee is left opaque, since
/// device code never follows it (`body/components.rs`), which also keeps a type that points to
/// itself finite. A character one (a deferred length adds a hidden length component) and a
/// polymorphic one (gfortran's class container) are opaque: no layout, so no offset past them
/// is ever computed.
fn scalar_deferred_component(lw: &mut Lowerer<'_>, member: &Symbol) -> TypeHandle {
    let laid_out = !member.attrs.polymorphic
        && matches!(
            member.base,
            BaseType::Integer(_)
                | BaseType::Real(_)
                | BaseType::Complex(_)
                | BaseType::Logical(_)
                | BaseType::CPtr
                | BaseType::Derived(_)
        );
    let types = &mut lw.module.types;
    if laid_out {
        let target = types.insert(TypeInner::Opaque(format!(
            "the target of component '{}'",
            member.name
        )));
        types.insert(TypeInner::Pointer { pointee: target })
    } else {
        types.insert(TypeInner::Opaque(format!(
            "scalar pointer or allocatable component '{}'",
            member.name
        )))
    }
}

/// gfortran's descriptor of a rank-`rank` array of `element` (GCC 8 and later: `base_addr`,
/// `offset`, `dtype` {`elem_len`, `version`, `rank`, `type`, `attribute`}, `span`, then per
/// dimension {`stride`, `lower_bound`, `upper_bound`}; 40 + 24 × rank bytes), as a struct:
/// what an allocatable array component occupies in its derived type, and what the symbol of an
/// allocatable or pointer module array is. Element (i1, ..., ir) is `base_addr[offset + i1 ×
/// stride1 + ... + ir × strider]`.
pub fn descriptor_type(types: &mut TypeTable, element: TypeHandle, rank: usize) -> TypeHandle {
    descriptor_types(types, element, rank).descriptor
}

/// The member of [`descriptor_type`] holding `base_addr` (a pointer to the element type).
pub const DESCRIPTOR_BASE: u32 = 0;
/// The member holding `offset` (in elements).
pub const DESCRIPTOR_OFFSET: u32 = 1;
/// The member holding `span` (the bytes between elements).
pub const DESCRIPTOR_SPAN: u32 = 7;
/// The member holding the array of dimensions.
pub const DESCRIPTOR_DIM: u32 = 8;
/// The members of a dimension: `stride` (in elements), `lower_bound`, `upper_bound`.
pub const DIM_STRIDE: u32 = 0;
pub const DIM_LOWER_BOUND: u32 = 1;
pub const DIM_UPPER_BOUND: u32 = 2;

/// A [`descriptor_type`] and the types of its parts, which reading its fields needs.
#[derive(Clone, Copy, Debug)]
pub struct DescriptorTypes {
    pub descriptor: TypeHandle,
    /// `base_addr`'s type: pointer to the element.
    pub base: TypeHandle,
    /// The array of dimensions.
    pub dims: TypeHandle,
    /// One dimension.
    pub dim: TypeHandle,
}

/// [`descriptor_type`] with its parts (types are interned: the same arguments give the same
/// handles).
pub fn descriptor_types(
    types: &mut TypeTable,
    element: TypeHandle,
    rank: usize,
) -> DescriptorTypes {
    let i64_ty = types.scalar(ScalarKind::Int {
        signed: true,
        width: 64,
    });
    let i32_ty = types.scalar(ScalarKind::Int {
        signed: true,
        width: 32,
    });
    let i16_ty = types.scalar(ScalarKind::Int {
        signed: true,
        width: 16,
    });
    let i8_ty = types.scalar(ScalarKind::Int {
        signed: true,
        width: 8,
    });
    let base = types.insert(TypeInner::Pointer { pointee: element });
    let member = |name: &str, ty| Member {
        name: name.to_string(),
        ty,
    };
    let dim = types.insert(TypeInner::Struct {
        name: Some("__gfc_dim".to_string()),
        members: vec![
            member("stride", i64_ty),
            member("lower_bound", i64_ty),
            member("upper_bound", i64_ty),
        ],
        is_union: false,
    });
    let dims = types.insert(TypeInner::Array {
        element: dim,
        size: ArraySize::Constant(rank as u64),
        lower_bound: 0,
    });
    let descriptor = types.insert(TypeInner::Struct {
        name: Some(format!("{}{rank}", acc_ir::ARRAY_DESCRIPTOR_PREFIX)),
        members: vec![
            member("base_addr", base),
            member("offset", i64_ty),
            member("elem_len", i64_ty),
            member("version", i32_ty),
            member("rank", i8_ty),
            member("type", i8_ty),
            member("attribute", i16_ty),
            member("span", i64_ty),
            member("dim", dims),
        ],
        is_union: false,
    });
    DescriptorTypes {
        descriptor,
        base,
        dims,
        dim,
    }
}

/// The parts of `ty` when it is a [`descriptor_type`].
pub fn descriptor_parts(types: &mut TypeTable, ty: TypeHandle) -> Option<DescriptorTypes> {
    let rank = types.descriptor_rank(ty)?;
    let TypeInner::Struct { members, .. } = types.get(ty) else {
        return None;
    };
    let base = members.get(DESCRIPTOR_BASE as usize)?.ty;
    let TypeInner::Pointer { pointee } = *types.get(base) else {
        return None;
    };
    let parts = descriptor_types(types, pointee, rank);
    (parts.descriptor == ty).then_some(parts)
}

/// Whether `ty` is a [`descriptor_type`]; its rank.
pub fn descriptor_rank(types: &TypeTable, ty: TypeHandle) -> Option<usize> {
    types.descriptor_rank(ty)
}

/// The Fortran spelling of a type, for messages.
pub fn type_name(types: &TypeTable, ty: TypeHandle) -> String {
    match types.get(ty) {
        TypeInner::Scalar(kind) => crate::fortran::kind_spelling(*kind),
        TypeInner::Array { element, .. } => format!("{} array", type_name(types, *element)),
        TypeInner::Struct { .. } if descriptor_rank(types, ty).is_some() => {
            "allocatable array".into()
        }
        TypeInner::Struct { name, .. } => format!("type({})", name.as_deref().unwrap_or("?")),
        TypeInner::Pointer { .. } => "type(c_ptr)".into(),
        TypeInner::Opaque(name) => name.clone(),
        TypeInner::Void | TypeInner::Function { .. } => "procedure".into(),
    }
}

/// One dimension of an operand after lowering.
struct DimBounds {
    lowerbound: ExprHandle,
    /// Zero-based, like `lowerbound`.
    upperbound: Option<ExprHandle>,
    extent: Option<ExprHandle>,
    start: ExprHandle,
    /// The section's first index, for the section type.
    first: Option<i64>,
}

impl Lowerer<'_> {
    /// Resolves a variable named in a directive at `at`; reports when it is not one.
    pub(crate) fn resolve_variable(
        &mut self,
        name: &str,
        at: u32,
        range: std::ops::Range<u32>,
    ) -> Option<(Handle<Variable>, Symbol, usize)> {
        let span = SourceContext::span(self, range);
        let scope = self.unit.scopes.scope_at(at)?;
        // The associate name of a variable (`associate (e => t)` around `at`) is the variable.
        let associated = self.unit.associated_variable(name, at);
        let name = associated.as_deref().unwrap_or(name);
        let (symbol, declared_in) = match self.unit.scopes.resolve(scope, name) {
            Resolved::Variable(symbol, index) => (symbol, index),
            Resolved::Procedure => {
                self.error(span, format!("'{name}' is a procedure, not a variable"));
                return None;
            }
            Resolved::External => {
                self.error(
                    span,
                    format!("'{name}' is not declared in this file (a module accc cannot see may declare it); declare it or name it in the 'only:' list of its 'use'"),
                );
                return None;
            }
            Resolved::NotFound => match self.unit.scopes.implicit(scope).type_of(name) {
                None => {
                    self.error(
                        span,
                        format!("'{name}' has no IMPLICIT type ('implicit none' is in force and it is not declared)"),
                    );
                    return None;
                }
                Some(base) => {
                    let header = self.unit.scopes.scopes[scope].header.clone();
                    (
                        Symbol {
                            name: name.to_string(),
                            base,
                            dims: Vec::new(),
                            attrs: Default::default(),
                            decl: header,
                            value: None,
                            real: None,
                            typed: false,
                            link: None,
                        },
                        scope,
                    )
                }
            },
        };
        let mut symbol = symbol;
        // Through a `use` rename the variable is known here by its local name.
        if !symbol.name.eq_ignore_ascii_case(name) {
            symbol.name = name.to_string();
        }
        if symbol.attrs.parameter {
            self.error(
                span,
                format!("'{name}' is a named constant (PARAMETER), not a variable"),
            );
            return None;
        }
        if let BaseType::Unknown(what) = &symbol.base {
            if what == "implicit none" {
                self.error(
                    span,
                    format!("'{name}' has no IMPLICIT type ('implicit none' is in force and it is not declared)"),
                );
                return None;
            }
        }
        let var = self.variable_of(&symbol, declared_in);
        Some((var, symbol, declared_in))
    }

    /// The IR variable of a symbol declared in scope `scope`.
    pub(crate) fn variable_of(&mut self, symbol: &Symbol, scope: usize) -> Handle<Variable> {
        let storage = if symbol.attrs.dummy {
            Storage::Parameter
        } else if symbol.attrs.common.is_some()
            || self.unit.scopes.scopes[scope].kind == super::symbols::ScopeKind::Module
        {
            Storage::Global
        } else if symbol.attrs.save {
            Storage::Static
        } else {
            Storage::Local
        };
        let decl = SourceContext::span(self, symbol.decl.clone());
        let ty = symbol_type(self, scope, symbol, Some(&symbol.name));
        let link = match (&storage, &symbol.attrs.common) {
            (Storage::Global, None) => symbol.link.clone(),
            _ => None,
        };
        // Fortran names are case-insensitive: an implicitly typed `gosa` in a clause and `GOSA`
        // in the code are one variable, named as first seen.
        let name = self
            .module
            .variables
            .iter()
            .find(|(_, v)| v.decl == decl && v.name.eq_ignore_ascii_case(&symbol.name))
            .map_or_else(|| symbol.name.clone(), |(_, v)| v.name.clone());
        let var = self.module.variable(
            Variable {
                name,
                ty,
                storage,
                decl,
                derived: None,
                restrict: false,
                symbol: link,
            },
            decl,
        );
        if symbol.attrs.dummy && symbol.attrs.intent.as_deref() == Some("in") {
            self.unassignable.insert(var);
        }
        if storage == acc_ir::Storage::Global
            && symbol.dims.is_empty()
            && (symbol.attrs.allocatable || symbol.attrs.pointer)
        {
            self.deferred_scalars.insert(var);
        }
        var
    }

    /// Lowers one clause operand (see the module documentation). With `address_only` (the
    /// clause uses its address alone: `use_device`) an assumed-size array may be named whole;
    /// its operand then has no bounds.
    pub(crate) fn fortran_operand(
        &mut self,
        var_ref: &VarRef,
        at: u32,
        address_only: bool,
    ) -> Option<Operand> {
        let span = SourceContext::span(self, var_ref.span.clone());
        if var_ref.common_block {
            self.error(
                span,
                format!(
                    "common block '/{}/' in a data clause is not supported by accc yet",
                    var_ref.base.name
                ),
            );
            return None;
        }
        let (var, base_symbol, scope) =
            self.resolve_variable(&var_ref.base.name, at, var_ref.base.span.clone())?;
        let mut symbol = base_symbol;
        let mut prefix = var_ref.base.name.clone();
        let mut ty = self.module.variables[var].ty;
        let mut path = Vec::new();
        let mut through_pointer = false;
        let mut section: Option<Vec<DimBounds>> = None;
        let mut attachable = symbol.attrs.pointer || symbol.attrs.allocatable;
        for element in &var_ref.path {
            match element {
                PathElem::Member { name, .. } => {
                    if section.is_some() {
                        self.error(
                            span,
                            format!(
                                "a component cannot follow an array section in '{}'",
                                var_ref.text
                            ),
                        );
                        return None;
                    }
                    if !symbol.dims.is_empty() {
                        self.error(span, format!("'{prefix}' is an array: select an element before its component in '{}'", var_ref.text));
                        return None;
                    }
                    let type_name = match &symbol.base {
                        BaseType::Derived(type_name) => type_name,
                        // `type(name)` of a type accc does not see (its other unknown types
                        // are declarations it cannot read, not names).
                        BaseType::Unknown(type_name)
                            if type_name != "implicit none"
                                && type_name
                                    .chars()
                                    .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                        {
                            let member_span = SourceContext::span(self, name.span.clone());
                            self.error(
                                member_span,
                                format!(
                                    "the components of '{prefix}' are not known: its type, '{type_name}', comes from a module without an accc interface file (.accmod) beside the '.mod' gfortran reads; compile that module with accc -fopenacc (a stale '.mod' found first, in the current directory or an -I directory, has the same effect)"
                                ),
                            );
                            return None;
                        }
                        _ => {
                            let member_span = SourceContext::span(self, name.span.clone());
                            self.error(
                                member_span,
                                format!(
                                    "'{prefix}' is not of a derived type, so it has no component '{}'",
                                    name.name
                                ),
                            );
                            return None;
                        }
                    };
                    let Some(def) = self.unit.scopes.derived_type(scope, type_name).cloned() else {
                        self.error(span, format!("the type of '{prefix}' is not known"));
                        return None;
                    };
                    let Some(member) = def
                        .members
                        .iter()
                        .find(|m| m.name.eq_ignore_ascii_case(&name.name))
                        .cloned()
                    else {
                        let member_span = SourceContext::span(self, name.span.clone());
                        self.error(
                            member_span,
                            format!(
                                "'type({})' has no component named '{}'",
                                def.name, name.name
                            ),
                        );
                        return None;
                    };
                    through_pointer |=
                        symbol.attrs.pointer || member.attrs.pointer || member.attrs.allocatable;
                    // An allocatable or pointer component is separate memory, as C's `->`.
                    path.push(PathStep::Member {
                        name: member.name.clone(),
                        arrow: member.attrs.pointer || member.attrs.allocatable,
                    });
                    prefix = format!("{prefix}%{}", member.name);
                    ty = symbol_type(self, scope, &member, Some(&prefix));
                    attachable = member.attrs.pointer || member.attrs.allocatable;
                    symbol = member;
                }
                PathElem::Subscript(subscripts) => {
                    if section.is_some() {
                        self.error(span, format!("too many subscripts in '{}'", var_ref.text));
                        return None;
                    }
                    if symbol.dims.is_empty() {
                        let sub_span = SourceContext::span(
                            self,
                            subscripts
                                .first()
                                .map_or(var_ref.span.clone(), |s| s.span.clone()),
                        );
                        self.error(sub_span, format!("'{prefix}' is not an array"));
                        return None;
                    }
                    if subscripts.len() != symbol.dims.len() {
                        self.error(
                            span,
                            format!(
                                "'{prefix}' has rank {}, but {} subscripts are given in '{}'",
                                symbol.dims.len(),
                                subscripts.len(),
                                var_ref.text
                            ),
                        );
                        return None;
                    }
                    let is_element = subscripts
                        .iter()
                        .all(|s| matches!(s.kind, SubscriptKind::Index(_)));
                    let followed_by_member =
                        !matches!(var_ref.path.last(), Some(PathElem::Subscript(_)));
                    if is_element && followed_by_member {
                        let mut written = Vec::new();
                        for subscript in subscripts {
                            if let SubscriptKind::Index(index) = &subscript.kind {
                                let sub_span = SourceContext::span(self, subscript.span.clone());
                                let value = crate::directive::const_int(&index.text);
                                let e = self.module.expr(index.text.clone(), value, sub_span);
                                path.push(PathStep::Index(e));
                                written.push(index.text.clone());
                            }
                        }
                        // The element names the object from here (`lbound(a(1)%v, 1)`).
                        prefix = format!("{prefix}({})", written.join(", "));
                        // An element of an array of derived type.
                        symbol.dims.clear();
                        let mut element = ty;
                        while let TypeInner::Array { element: inner, .. } =
                            self.module.types.get(element)
                        {
                            element = *inner;
                        }
                        ty = element;
                        attachable = false;
                        continue;
                    }
                    let mut dims = Vec::new();
                    for (d, subscript) in subscripts.iter().enumerate() {
                        let sub_span = SourceContext::span(self, subscript.span.clone());
                        let dim = symbol.dims[d].clone();
                        let bounds = self.section_dim(
                            &prefix,
                            &symbol,
                            d,
                            &dim,
                            &subscript.kind,
                            &var_ref.text,
                            sub_span,
                        )?;
                        dims.push(bounds);
                    }
                    section = Some(dims);
                }
            }
        }
        let mut bounds = Vec::new();
        let data_ty = match section {
            Some(dims) => {
                let element = {
                    let mut element = ty;
                    while let TypeInner::Array { element: inner, .. } =
                        self.module.types.get(element)
                    {
                        element = *inner;
                    }
                    element
                };
                let mut section_ty = element;
                for dim in &dims {
                    let size = match dim.extent.map(|e| {
                        (
                            self.module.exprs[e].value,
                            self.module.exprs[e].text.clone(),
                        )
                    }) {
                        Some((Some(n), _)) => ArraySize::Constant(n.max(0) as u64),
                        Some((None, text)) => ArraySize::Variable(text),
                        None => ArraySize::Unknown,
                    };
                    section_ty = self.module.types.insert(TypeInner::Array {
                        element: section_ty,
                        size,
                        lower_bound: dim.first.unwrap_or(1),
                    });
                }
                for dim in &dims {
                    bounds.push(self.push_bounds(dim, span));
                }
                section_ty
            }
            None => {
                let assumed_size = symbol.dims.iter().any(|d| d.upper == Upper::AssumedSize);
                // Only its address is used: an assumed-size array stands whole, unbounded.
                let unbounded = assumed_size && address_only;
                if !symbol.dims.is_empty() && !unbounded {
                    if assumed_size {
                        self.error(
                            span,
                            format!("the extent of assumed-size array '{prefix}' is not known: give a section with an upper bound, e.g. '{prefix}(1:n)'"),
                        );
                        return None;
                    }
                    for d in 0..symbol.dims.len() {
                        let dim = symbol.dims[d].clone();
                        let start = self.dim_start(&prefix, &symbol, d, &dim, span);
                        let zero = self.module.constant(0, span);
                        let extent = self.dim_extent(&prefix, d, &dim, span);
                        let upper = self.dim_upper(&prefix, d, &dim, span);
                        let upperbound = upper.map(|u| self.module.expr_sub(u, start, span));
                        let dim_bounds = DimBounds {
                            lowerbound: zero,
                            upperbound,
                            extent,
                            start,
                            first: None,
                        };
                        bounds.push(self.push_bounds(&dim_bounds, span));
                    }
                }
                ty
            }
        };
        Some(Operand {
            var,
            path,
            ty: data_ty,
            bounds,
            name: var_ref.text.clone(),
            span,
            through_pointer,
            attachable,
        })
    }

    fn push_bounds(&mut self, dim: &DimBounds, span: Span) -> Handle<acc_ir::Bounds> {
        let stride = self.module.constant(1, span);
        self.module.bounds.append(
            acc_ir::Bounds {
                lowerbound: dim.lowerbound,
                upperbound: dim.upperbound,
                extent: dim.extent,
                stride,
                start_idx: dim.start,
            },
            span,
        )
    }

    /// The index of a dimension's first element.
    fn dim_start(
        &mut self,
        prefix: &str,
        symbol: &Symbol,
        d: usize,
        dim: &Dim,
        span: Span,
    ) -> ExprHandle {
        match &dim.lower {
            Some(lower) => self.module.expr(lower.text.clone(), lower.value, span),
            None if dim.upper == Upper::Colon
                && (symbol.attrs.allocatable || symbol.attrs.pointer) =>
            {
                self.module
                    .expr(format!("lbound({prefix}, {})", d + 1), None, span)
            }
            None => self.module.constant(1, span),
        }
    }

    fn dim_extent(&mut self, prefix: &str, d: usize, dim: &Dim, span: Span) -> Option<ExprHandle> {
        match (&dim.upper, extent_of(dim)) {
            (_, Some((text, value))) => Some(self.module.expr(text, value, span)),
            (Upper::Colon, _) => Some(self.module.expr(
                format!("size({prefix}, {})", d + 1),
                None,
                span,
            )),
            _ => None,
        }
    }

    /// The default upper bound of a dimension in a section.
    fn dim_upper(&mut self, prefix: &str, d: usize, dim: &Dim, span: Span) -> Option<ExprHandle> {
        match &dim.upper {
            Upper::Explicit(upper) => Some(self.module.expr(upper.text.clone(), upper.value, span)),
            Upper::Colon => Some(self.module.expr(
                format!("ubound({prefix}, {})", d + 1),
                None,
                span,
            )),
            Upper::AssumedSize => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn section_dim(
        &mut self,
        prefix: &str,
        symbol: &Symbol,
        d: usize,
        dim: &Dim,
        subscript: &SubscriptKind,
        text: &str,
        span: Span,
    ) -> Option<DimBounds> {
        let start = self.dim_start(prefix, symbol, d, dim, span);
        let expr = |lw: &mut Self, e: &crate::directive::Expr| {
            let value = crate::directive::const_int(&e.text);
            lw.module.expr(e.text.clone(), value, span)
        };
        let (lo, hi) = match subscript {
            SubscriptKind::Index(index) => {
                let e = expr(self, index);
                (e, Some(e))
            }
            SubscriptKind::Triplet {
                lower,
                upper,
                stride,
            } => {
                if let Some(stride) = stride {
                    if crate::directive::const_int(&stride.text) != Some(1) {
                        self.error(
                            span,
                            format!("array section '{text}' has a stride: only contiguous sections (stride 1) may appear in data clauses"),
                        );
                        return None;
                    }
                }
                let lo = match lower {
                    Some(l) => expr(self, l),
                    None => start,
                };
                let hi = match upper {
                    Some(u) => Some(expr(self, u)),
                    None => self.dim_upper(prefix, d, dim, span),
                };
                (lo, hi)
            }
            SubscriptKind::Section { .. } => {
                self.error(span, "C array sections '[lower:length]' are not valid in Fortran; write '(lower:upper)'");
                return None;
            }
        };
        let Some(hi) = hi else {
            self.error(
                span,
                format!("array section '{text}' needs an upper bound: the extent of assumed-size array '{prefix}' is not known"),
            );
            return None;
        };
        let (lo_value, hi_value, start_value) = (
            self.module.exprs[lo].value,
            self.module.exprs[hi].value,
            self.module.exprs[start].value,
        );
        let upper_value = match &dim.upper {
            Upper::Explicit(u) => u.value,
            _ => None,
        };
        if let (Some(lo), Some(first)) = (lo_value, start_value) {
            if lo < first {
                self.error(
                    span,
                    format!(
                        "array section '{text}' is out of bounds (the dimension starts at {first})"
                    ),
                );
                return None;
            }
        }
        if let (Some(hi), Some(last)) = (hi_value, upper_value) {
            if hi > last {
                self.error(
                    span,
                    format!(
                        "array section '{text}' is out of bounds (the dimension ends at {last})"
                    ),
                );
                return None;
            }
        }
        let default_upper = self.dim_upper(prefix, d, dim, span);
        let whole_dim = self.module.exprs[lo].text == self.module.exprs[start].text
            && default_upper
                .is_some_and(|u| self.module.exprs[u].text == self.module.exprs[hi].text);
        let lowerbound = if self.module.exprs[lo].text == self.module.exprs[start].text {
            self.module.constant(0, span)
        } else {
            self.module.expr_sub(lo, start, span)
        };
        let upperbound = self.module.expr_sub(hi, start, span);
        let extent = if whole_dim {
            match self.dim_extent(prefix, d, dim, span) {
                Some(e) => e,
                None => hi,
            }
        } else if lo_value == Some(1) {
            hi
        } else if self.module.exprs[lo].text == self.module.exprs[hi].text {
            self.module.constant(1, span)
        } else {
            let difference = self.module.expr_sub(hi, lo, span);
            let one = self.module.constant(1, span);
            self.module.expr_add(difference, one, span)
        };
        if self.module.exprs[extent].value.is_some_and(|n| n < 0) {
            self.error(
                span,
                format!("array section '{text}' has a negative length"),
            );
            return None;
        }
        Some(DimBounds {
            lowerbound,
            upperbound: Some(upperbound),
            extent: Some(extent),
            start,
            first: lo_value,
        })
    }
}
