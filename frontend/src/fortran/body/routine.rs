//! The file's subroutines and functions as device routines: each one whose body the lowering
//! takes becomes an [`acc_ir::body::DeviceFunction`], every other one an
//! [`acc_ir::body::HostFunction`] with why; the link step keeps those compute regions reach.
//!
//! # Arguments (Fortran passes by reference)
//! * A scalar dummy is a pointer parameter; with the `value` attribute it is the value.
//! * An explicit-shape or assumed-size array dummy is a pointer to its first element. Its
//!   bounds are evaluated on entry from the declaration (which may name other dummies:
//!   `real :: a(n)`) into locals that stand for the synthetic `lbound`/`stride`/`extent`
//!   variables a region uses.
//! * An assumed-shape, allocatable or pointer array dummy of rank r (what gfortran passes with
//!   a descriptor) is 1 + 3r parameters: a pointer to the actual's first element, then for
//!   each dimension, first dimension first, its lower bound, extent and stride in elements
//!   (`i64`). The extents and strides are the locals standing for `extent(a,d)`/`stride(a,d)`,
//!   so element access, `size`/`lbound`/`ubound`, array assignments and reduction intrinsics
//!   work as for such arrays in regions. An allocatable or pointer dummy keeps the actual's
//!   lower bounds; an assumed-shape one has its declared lower bounds (1 when not written,
//!   evaluated on entry), the passed ones are ignored. Such a dummy with `intent(out)` (its
//!   allocation would change on entry), and scalar allocatable or pointer dummies, are refused;
//!   so are statements that allocate or associate them (as everywhere in device code).
//! * An `optional` dummy receives a null address when its actual is absent; `present(a)` tests
//!   it. An optional `value` dummy (gfortran adds a hidden presence flag) is refused.
//! * A function returns its result variable's value.
//!
//! Local variables are locals of the routine (refused when they have static storage: `save`,
//! an initializer, `common`; or a run-time shape). Variables of the host are refused; module
//! variables of intrinsic types are reached through their linker symbols, allocatable and
//! pointer module arrays through their descriptors (`descriptor.rs`). A procedure whose lowering fails, that contains a compute or data construct, or that
//! calls such a procedure of the file, is a host function; with a `routine` directive a remark
//! says why.

use super::super::lower::Lowerer;
use super::super::operands::scalar;
use super::super::symbols::{is_executable, Resolved, ScopeKind, Symbol, Upper};
use super::expr::constant_shape;
use super::{descriptor, Annotations, Lowering, NotOffloaded, SyntheticKind, Value, I64, R};
use crate::lowering::SourceContext;
use acc_ir::body::{BinaryOp, DeviceFunction, ExprId, ExprKind, HostFunction, LocalId, LocalKind};
use acc_ir::body::{Stmt, Stmts};
use acc_ir::{
    ArraySize, Diagnostic, Handle, OpKind, ParLevel, ScalarKind, Span, Storage, TypeInner, Variable,
};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use tree_sitter::Node;

/// Whether each procedure of the file (by scope) can run on a device; `Err` holds why not.
pub(crate) type Procedures = HashMap<usize, Result<(), String>>;

/// Where a variable of the routine lives.
#[derive(Clone, Copy, Debug)]
enum Binding {
    /// In the local: its address is `Local(l)`.
    Local(LocalId),
    /// A dummy passed by reference: the parameter holds the address.
    Reference(LocalId),
}

/// The state of one procedure's lowering.
pub(super) struct RoutineState {
    scope: usize,
    bindings: HashMap<Handle<Variable>, Binding>,
    /// Variables declared in the procedure, bound to a local when first used.
    pending: HashMap<Handle<Variable>, Symbol>,
    /// Locals made on first use, declared on entry.
    declared: Vec<LocalId>,
    /// The locals holding the bounds of array dummies with run-time bounds.
    derived: HashMap<(Handle<Variable>, u32, SyntheticKind), LocalId>,
    /// The function result.
    result: Option<LocalId>,
    /// The parameter of each `optional` dummy (null when the actual is absent).
    optional: HashMap<Handle<Variable>, LocalId>,
    /// What keeps the procedure off the device, found where an error cannot be returned.
    refused: Option<NotOffloaded>,
}

/// One procedure's lowering: the device function and the file's procedures it calls.
type Lowered = Result<(DeviceFunction, Vec<(usize, Range<u32>)>), NotOffloaded>;

/// Whether `ty` is laid out in the same bytes on the host and the device without a
/// descriptor: a scalar, a fixed-size array of such, or a derived type (not a union) whose
/// components all are (a module variable of such a type is reached through its symbol).
fn static_layout(types: &acc_ir::TypeTable, ty: acc_ir::TypeHandle) -> bool {
    match types.get(ty) {
        TypeInner::Scalar(_) => true,
        TypeInner::Array {
            element,
            size: ArraySize::Constant(_),
            ..
        } => static_layout(types, *element),
        TypeInner::Struct {
            members,
            is_union: false,
            ..
        } => !members.is_empty() && members.iter().all(|m| static_layout(types, m.ty)),
        _ => false,
    }
}

/// Whether a dummy (or an interface's dummy) is an array passed with its bounds: assumed
/// shape, allocatable or pointer (gfortran passes these with a descriptor).
pub(super) fn is_descriptor_dummy(symbol: &Symbol) -> bool {
    !symbol.dims.is_empty()
        && (symbol.descriptor() || symbol.attrs.allocatable || symbol.attrs.pointer)
}

/// Lowers every subroutine and function of the file (see the module docs), records them in the
/// module, and returns which can run on a device with the remarks for `routine` procedures
/// that cannot.
pub(super) fn lower_procedures(
    lw: &mut Lowerer<'_>,
    annotations: &Annotations,
) -> (Procedures, Vec<Diagnostic>) {
    let procedures: Vec<usize> = lw
        .unit
        .scopes
        .scopes
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            matches!(s.kind, ScopeKind::Subroutine | ScopeKind::Function)
                && s.interface_file.is_none()
        })
        .map(|(i, _)| i)
        .collect();
    let explicit = explicit_routines(lw);
    let host_constructs = host_constructs(lw);
    let empty = Procedures::new();
    let mut results: Vec<(usize, Lowered)> = Vec::new();
    for &scope in &procedures {
        let lowered = lower_procedure(lw, annotations, &empty, scope, &host_constructs);
        results.push((scope, lowered));
    }
    // A procedure calling one that cannot run on a device cannot either.
    loop {
        let failed: HashSet<usize> = results
            .iter()
            .filter(|(_, r)| r.is_err())
            .map(|(s, _)| *s)
            .collect();
        let mut changed = false;
        for (_, result) in &mut results {
            let Ok((_, callees)) = result else { continue };
            if let Some((callee, range)) = callees.iter().find(|(c, _)| failed.contains(c)) {
                let name = lw.unit.scopes.scopes[*callee].name.clone();
                *result = Err(NotOffloaded {
                    span: range.clone(),
                    message: format!("it calls '{name}', which cannot run on a device"),
                    internal: false,
                });
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut status = Procedures::new();
    let mut remarks = Vec::new();
    for (scope, result) in results {
        let name = lw.unit.scopes.scopes[scope].name.clone();
        let symbol = super::calls::procedure_symbol(lw, scope);
        let external = is_linkable(lw, scope);
        let span = name_span(lw, scope);
        match result {
            Ok((mut device, _)) => {
                acc_ir::passes::routines::map_routine_loops(
                    &lw.module,
                    &mut device.body,
                    &acc_ir::passes::routines::HOST_DEVICE_TYPES,
                );
                device.symbol = symbol;
                device.external = external;
                device.exported = external
                    && lw.unit.scopes.scopes[scope]
                        .symbols
                        .values()
                        .any(|s| s.attrs.dummy && is_descriptor_dummy(s));
                device.span = span;
                if let Some(&(level, at, _)) = explicit.get(&scope) {
                    device.level = level;
                    device.explicit = Some(at);
                }
                lw.module.device_functions.push(device);
                status.insert(scope, Ok(()));
            }
            Err(reason) => {
                let reason_span = SourceContext::span(lw, reason.span.clone());
                if reason.internal {
                    remarks.push(reason.diagnostic(span).with_note(reason_span, "here"));
                }
                if let Some(&(_, at, _)) = explicit.get(&scope) {
                    remarks.push(
                        Diagnostic::remark(
                            at,
                            format!(
                                "routine '{name}' is not compiled for the device: {}",
                                reason.message
                            ),
                        )
                        .with_note(reason_span, "here"),
                    );
                }
                lw.module.host_functions.push(HostFunction {
                    name,
                    symbol,
                    external,
                    span,
                    reason: reason.message.clone(),
                    reason_span,
                });
                status.insert(scope, Err(reason.message));
            }
        }
    }
    (status, remarks)
}

/// Whether other files can call the procedure: a contained procedure has no linkable symbol.
fn is_linkable(lw: &Lowerer<'_>, scope: usize) -> bool {
    let scopes = &lw.unit.scopes.scopes;
    match scopes[scope].parent {
        None => true,
        Some(parent) => scopes[parent].kind == ScopeKind::Module,
    }
}

/// The span of a procedure's name in its header.
fn name_span(lw: &mut Lowerer<'_>, scope: usize) -> Span {
    let header = lw.unit.scopes.scopes[scope].header.clone();
    let name = lw.unit.scopes.scopes[scope].name.clone();
    let text = lw.unit.text.get(header.start as usize..header.end as usize);
    let start = text
        .and_then(|t| t.to_ascii_lowercase().find(&name))
        .map_or(header.start, |at| header.start + at as u32);
    let end = (start + name.len() as u32).min(header.end).max(start + 1);
    SourceContext::span(lw, start..end)
}

/// The level and directive of each procedure a `routine` directive names or is written in.
pub(super) fn explicit_routines(
    lw: &Lowerer<'_>,
) -> HashMap<usize, (ParLevel, Span, Handle<acc_ir::Op>)> {
    let mut explicit = HashMap::new();
    let mut routines: Vec<(u32, Handle<acc_ir::Op>)> = lw
        .placements
        .iter()
        .filter(|(op, _)| matches!(lw.module.ops[**op].kind, OpKind::Routine(_)))
        .map(|(op, p)| (p.pragma.start, *op))
        .collect();
    routines.sort();
    for (at, op) in routines {
        let OpKind::Routine(routine) = &lw.module.ops[op].kind else {
            continue;
        };
        let Some(scope) = lw.unit.scopes.scope_at(at) else {
            continue;
        };
        let target = if routine.named {
            lw.unit
                .scopes
                .procedure_definition(scope, &routine.function)
        } else {
            Some(scope)
        };
        let Some(target) = target else { continue };
        let level = routine.default_level().unwrap_or(ParLevel::Seq);
        explicit
            .entry(target)
            .or_insert((level, lw.module.ops.get_span(op), op));
    }
    explicit
}

/// The directives that make a procedure host code: compute constructs and data or runtime
/// directives (by where they are written), with what they are.
fn host_constructs(lw: &Lowerer<'_>) -> Vec<(Range<u32>, &'static str)> {
    let mut found = Vec::new();
    for (op, placement) in &lw.placements {
        let what = match &lw.module.ops[*op].kind {
            OpKind::Loop(_)
            | OpKind::Atomic(_)
            | OpKind::Cache(_)
            | OpKind::Routine(_)
            | OpKind::Declare(_) => continue,
            OpKind::Compute(_) => "a compute construct",
            _ => "an OpenACC data or runtime directive",
        };
        found.push((placement.pragma.clone(), what));
    }
    found.sort_by_key(|(range, _)| range.start);
    found
}

/// The node of the program unit whose range is `range`.
pub(super) fn unit_node<'t>(
    root: Node<'t>,
    range: &Range<u32>,
    kinds: &[&str],
) -> Option<Node<'t>> {
    let mut node = root.descendant_for_byte_range(range.start as usize, range.end as usize)?;
    for _ in 0..256 {
        if kinds.contains(&node.kind())
            && node.start_byte() as u32 == range.start
            && node.end_byte() as u32 == range.end
        {
            return Some(node);
        }
        node = node.parent()?;
    }
    None
}

/// Lowers one procedure.
fn lower_procedure(
    lw: &mut Lowerer<'_>,
    annotations: &Annotations,
    procedures: &Procedures,
    scope: usize,
    host_constructs: &[(Range<u32>, &'static str)],
) -> Lowered {
    let range = lw.unit.scopes.scopes[scope].range.clone();
    let unit = lw.unit;
    let refuse = |message: &str| NotOffloaded {
        span: range.clone(),
        message: message.to_string(),
        internal: false,
    };
    let root = unit
        .root()
        .ok_or_else(|| refuse("the file could not be parsed"))?;
    let node = unit_node(root, &range, &["subroutine", "function"])
        .ok_or_else(|| refuse("the procedure could not be found in the syntax tree"))?;
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    let mut statements = Vec::new();
    for child in children.iter().skip(1) {
        let kind = child.kind();
        if kind == "save_statement" {
            return Err(NotOffloaded {
                span: child.start_byte() as u32..child.end_byte() as u32,
                message: "a 'save' statement (static storage)".into(),
                internal: false,
            });
        }
        if !is_executable(kind)
            || kind == "internal_procedures"
            || kind == "contains_statement"
            || kind.starts_with("end_")
        {
            continue;
        }
        statements.push(*child);
    }
    if let (Some(first), Some(last)) = (statements.first(), statements.last()) {
        let (start, end) = (first.start_byte() as u32, last.end_byte() as u32);
        if let Some((at, what)) = host_constructs
            .iter()
            .find(|(r, _)| r.start >= start && r.start < end)
        {
            return Err(NotOffloaded {
                span: at.clone(),
                message: format!("it contains {what}"),
                internal: false,
            });
        }
    }
    let mut lowering = Lowering::new(lw, annotations, procedures);
    lowering.extent = range.clone();
    lowering.routine = Some(RoutineState {
        scope,
        bindings: HashMap::new(),
        pending: HashMap::new(),
        declared: Vec::new(),
        derived: HashMap::new(),
        result: None,
        optional: HashMap::new(),
        refused: None,
    });
    if let Some(bad) = statements.iter().find(|n| n.has_error()) {
        return lowering.fail(*bad, "syntax error in the procedure");
    }
    let mut entry = Vec::new();
    let result_ty = lowering.routine_entry(node, scope, &mut entry)?;
    let mut stmts = Vec::new();
    lowering.stmt_list(&statements, &mut stmts)?;
    let state = lowering.routine.take().expect("routine state is set above");
    if let Some(refused) = state.refused {
        return Err(refused);
    }
    let mut all: Stmts = state
        .declared
        .iter()
        .map(|&local| Stmt::Declare { local, init: None })
        .collect();
    all.extend(entry);
    all.extend(stmts);
    if let Some(result) = state.result {
        let value = lowering.load_local(result, node);
        all.push(Stmt::Return(Some(value)));
    }
    lowering.body.stmts = all;
    let name = lowering.lw.unit.scopes.scopes[scope].name.clone();
    let device = DeviceFunction {
        name: name.clone(),
        symbol: name,
        external: true,
        result: result_ty,
        body: std::mem::take(&mut lowering.body),
        level: ParLevel::Seq,
        explicit: None,
        span: Span::default(),
        exported: false,
        export_error: None,
    };
    if let Err(error) = acc_ir::body_verify::verify_function(&lowering.lw.module, &device) {
        return Err(NotOffloaded {
            span: range,
            message: error
                .to_string()
                .trim_start_matches("internal error: ")
                .to_string(),
            internal: true,
        });
    }
    Ok((device, std::mem::take(&mut lowering.callees)))
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// The dummy arguments' parameters, the result variable and the bounds of array dummies
    /// evaluated on entry (into `out`); returns the result type.
    fn routine_entry(
        &mut self,
        node: Node<'a>,
        scope: usize,
        out: &mut Stmts,
    ) -> R<acc_ir::TypeHandle> {
        let Some(header) = node.named_child(0) else {
            return self.fail(node, "malformed procedure");
        };
        let mut dummies = Vec::new();
        if let Some(params) = header.child_by_field_name("parameters") {
            let mut cursor = params.walk();
            dummies.extend(
                params
                    .named_children(&mut cursor)
                    .filter(|p| p.kind() == "identifier"),
            );
        }
        let mut arrays = Vec::new();
        let mut descriptors = Vec::new();
        let mut next_parameter: u32 = 0;
        for dummy in dummies {
            let index = next_parameter;
            next_parameter += 1;
            let lower = self.text(dummy).to_ascii_lowercase();
            let Some(symbol) = self.lw.unit.scopes.scopes[scope]
                .symbols
                .get(&lower)
                .cloned()
            else {
                return self.fail(dummy, format!("dummy argument '{lower}' is not declared"));
            };
            if symbol.attrs.external {
                return self.fail(dummy, format!("procedure argument '{}'", symbol.name));
            }
            let var = self.lw.variable_of(&symbol, scope);
            let Some((element, kind)) = self.element_type(var) else {
                return self.fail(
                    dummy,
                    format!(
                        "argument '{}' of a type other than integer, real, complex, logical or a derived type",
                        symbol.name
                    ),
                );
            };
            if symbol.attrs.optional && symbol.attrs.value {
                return self.fail(
                    dummy,
                    format!(
                        "optional argument '{}' with the VALUE attribute",
                        symbol.name
                    ),
                );
            }
            if kind.is_none()
                && (!symbol.dims.is_empty() || symbol.attrs.value || symbol.attrs.optional)
            {
                return self.fail(
                    dummy,
                    format!(
                        "derived-type argument '{}' that is an array, VALUE or optional",
                        symbol.name
                    ),
                );
            }
            let (ty, by_reference) = if symbol.dims.is_empty() {
                if symbol.attrs.allocatable || symbol.attrs.pointer {
                    return self.fail(
                        dummy,
                        format!("scalar allocatable or pointer argument '{}'", symbol.name),
                    );
                }
                if symbol.attrs.value {
                    (element, false)
                } else {
                    (self.pointer_to(element), true)
                }
            } else {
                if is_descriptor_dummy(&symbol) {
                    if (symbol.attrs.allocatable || symbol.attrs.pointer)
                        && symbol.attrs.intent.as_deref() == Some("out")
                    {
                        return self.fail(
                            dummy,
                            format!(
                                "allocatable or pointer argument '{}' with INTENT(OUT) (its allocation or association would change on entry)",
                                symbol.name
                            ),
                        );
                    }
                    // The bounds travel as parameters after the address (see the module docs).
                    let rank = symbol.dims.len() as u32;
                    descriptors.push((var, symbol.clone(), dummy, next_parameter));
                    next_parameter += 3 * rank;
                } else if constant_shape(&symbol).is_none() {
                    arrays.push((var, symbol.clone(), dummy));
                }
                (self.pointer_to(element), true)
            };
            let span =
                SourceContext::span(self.lw, dummy.start_byte() as u32..dummy.end_byte() as u32);
            let local = self
                .body
                .local(symbol.name.clone(), ty, LocalKind::Parameter(index), span);
            let binding = if by_reference {
                Binding::Reference(local)
            } else {
                Binding::Local(local)
            };
            if let Some(state) = self.routine.as_mut() {
                state.bindings.insert(var, binding);
                if symbol.attrs.optional {
                    state.optional.insert(var, local);
                }
            }
        }
        for (var, symbol, dummy, first) in descriptors {
            self.descriptor_on_entry(var, &symbol, dummy, first, out)?;
        }
        for (var, symbol, dummy) in arrays {
            self.bounds_on_entry(var, &symbol, dummy, out)?;
        }
        let void = self.lw.module.types.insert(TypeInner::Void);
        if header.kind() != "function_statement" {
            return Ok(void);
        }
        let result_name = {
            match super::super::symbols::result_clause(header) {
                Some(r) => self.text(r).to_ascii_lowercase(),
                None => self.lw.unit.scopes.scopes[scope].name.clone(),
            }
        };
        let Some(symbol) = self.lw.unit.scopes.scopes[scope]
            .symbols
            .get(&result_name)
            .cloned()
        else {
            return self.fail(header, "the function result is not declared");
        };
        if !symbol.dims.is_empty() || symbol.attrs.allocatable || symbol.attrs.pointer {
            return self.fail(header, "an array, allocatable or pointer function result");
        }
        let var = self.lw.variable_of(&symbol, scope);
        let Some((ty, _)) = self.element_type(var) else {
            return self.fail(
                header,
                "a function result of a type other than integer, real, complex, logical or a derived type",
            );
        };
        let span = SourceContext::span(
            self.lw,
            header.start_byte() as u32..header.end_byte() as u32,
        );
        let local = self
            .body
            .local(symbol.name.clone(), ty, LocalKind::Declared, span);
        if let Some(state) = self.routine.as_mut() {
            state.bindings.insert(var, Binding::Local(local));
            state.declared.push(local);
            state.result = Some(local);
        }
        Ok(ty)
    }

    /// The element type of variable `var` (a dummy or a function result) when a routine can
    /// take or return it: an intrinsic scalar type (with its kind) or a derived type's struct.
    /// Device code passes derived types by address, and returns them through a slot of the
    /// caller (codegen's `lower::call::Abi`).
    fn element_type(
        &mut self,
        var: Handle<Variable>,
    ) -> Option<(acc_ir::TypeHandle, Option<ScalarKind>)> {
        let types = &self.lw.module.types;
        let mut ty = self.lw.module.variables[var].ty;
        while let TypeInner::Array { element, .. } = types.get(ty) {
            ty = *element;
        }
        match types.get(ty) {
            TypeInner::Scalar(kind) => Some((ty, Some(*kind))),
            TypeInner::Struct { .. } => Some((ty, None)),
            _ => None,
        }
    }

    /// Binds the bounds of an assumed-shape, allocatable or pointer dummy: parameters `first`,
    /// `first + 1`, `first + 2` of each dimension are the actual's lower bound, extent and
    /// stride (in elements). An assumed-shape dummy's lower bound is its declared one (1 when
    /// not written), evaluated on entry; the others keep the actual's.
    fn descriptor_on_entry(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        dummy: Node<'a>,
        first: u32,
        out: &mut Stmts,
    ) -> R<()> {
        let i64_ty = self.i64_ty();
        let span = SourceContext::span(self.lw, dummy.start_byte() as u32..dummy.end_byte() as u32);
        let name = symbol.name.clone();
        let keeps_bounds = symbol.attrs.allocatable || symbol.attrs.pointer;
        for (d, dim) in symbol.dims.iter().enumerate() {
            let dim_index = d as u32;
            let parameter = |lw: &mut Self, label: &str, offset: u32| {
                lw.body.local(
                    format!("{label}({name},{})", d + 1),
                    i64_ty,
                    LocalKind::Parameter(first + 3 * dim_index + offset),
                    span,
                )
            };
            let passed_lower = parameter(self, "lbound", 0);
            let extent = parameter(self, "extent", 1);
            let stride = parameter(self, "stride", 2);
            let lower = if keeps_bounds {
                passed_lower
            } else {
                let value = match &dim.lower {
                    Some(bound) => self.bound_value(&bound.range, dummy)?,
                    None => self.int(1, I64, dummy),
                };
                self.temporary(&format!("lbound({name},{})", d + 1), value, dummy, out)
            };
            if let Some(state) = self.routine.as_mut() {
                for (kind, local) in [
                    (SyntheticKind::LowerBound, lower),
                    (SyntheticKind::Extent, extent),
                    (SyntheticKind::Stride, stride),
                ] {
                    state.derived.insert((var, dim_index, kind), local);
                }
            }
        }
        Ok(())
    }

    /// Evaluates the lower bounds, extents and strides of an array dummy with run-time bounds
    /// into locals, in the order the standard evaluates specification expressions (on entry).
    fn bounds_on_entry(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        dummy: Node<'a>,
        out: &mut Stmts,
    ) -> R<()> {
        let i64_ty = self.i64_ty();
        let mut stride = self.int(1, I64, dummy);
        for (d, dim) in symbol.dims.iter().enumerate() {
            let lower = match &dim.lower {
                Some(bound) => self.bound_value(&bound.range, dummy)?,
                None => self.int(1, I64, dummy),
            };
            let name = &symbol.name;
            let lower_local =
                self.temporary(&format!("lbound({name},{})", d + 1), lower, dummy, out);
            let stride_local =
                self.temporary(&format!("stride({name},{})", d + 1), stride, dummy, out);
            let dim_index = d as u32;
            if let Some(state) = self.routine.as_mut() {
                state
                    .derived
                    .insert((var, dim_index, SyntheticKind::LowerBound), lower_local);
                state
                    .derived
                    .insert((var, dim_index, SyntheticKind::Stride), stride_local);
            }
            match &dim.upper {
                Upper::Explicit(bound) => {
                    let upper = self.bound_value(&bound.range, dummy)?;
                    let lower = self.load_local(lower_local, dummy);
                    let one = self.int(1, I64, dummy);
                    let difference = self.binary(BinaryOp::Sub, upper, lower, i64_ty, dummy);
                    let count = self.binary(BinaryOp::Add, difference, one, i64_ty, dummy);
                    let zero = self.int(0, I64, dummy);
                    let extent = self.binary(BinaryOp::Max, count, zero, i64_ty, dummy);
                    let extent_local =
                        self.temporary(&format!("extent({name},{})", d + 1), extent, dummy, out);
                    if let Some(state) = self.routine.as_mut() {
                        state
                            .derived
                            .insert((var, dim_index, SyntheticKind::Extent), extent_local);
                    }
                    let previous = self.load_local(stride_local, dummy);
                    let extent = self.load_local(extent_local, dummy);
                    stride = self.binary(BinaryOp::Mul, previous, extent, i64_ty, dummy);
                }
                Upper::AssumedSize => {}
                Upper::Colon => {
                    return self.fail(dummy, format!("deferred-shape array '{name}'"));
                }
            }
        }
        Ok(())
    }

    /// The value of a bound expression written at `range`, as an `i64`.
    fn bound_value(&mut self, range: &Range<u32>, at: Node<'a>) -> R<ExprId> {
        let Some(root) = self.root() else {
            return self.fail(at, "the file could not be parsed");
        };
        let Some(node) = root.descendant_for_byte_range(range.start as usize, range.end as usize)
        else {
            return self.fail(at, "an array bound that could not be found");
        };
        let value = self.value(node)?;
        match self.kind_of(value) {
            Some(ScalarKind::Int { .. }) => self.convert(value, I64, node),
            _ => self.fail(node, "an array bound that is not an integer"),
        }
    }

    /// Records that `var` (of `symbol`, declared in scope `declared_in`) is a variable of the
    /// routine being lowered, if it is one.
    pub(super) fn note_routine_variable(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        declared_in: usize,
    ) {
        if let Some(state) = self.routine.as_mut() {
            if declared_in == state.scope && !state.bindings.contains_key(&var) {
                state.pending.entry(var).or_insert_with(|| symbol.clone());
            }
        }
    }

    fn refuse(&mut self, node: Node, message: String) {
        if let Some(state) = self.routine.as_mut() {
            if state.refused.is_none() {
                state.refused = Some(NotOffloaded {
                    span: node.start_byte() as u32..node.end_byte() as u32,
                    message,
                    internal: false,
                });
            }
        }
    }

    /// The place of a variable in a routine: its parameter or local.
    pub(super) fn routine_place(&mut self, var: Handle<Variable>, node: Node) -> Value {
        let ty = self.lw.module.variables[var].ty;
        let pointer = self.pointer_to(ty);
        let Some(state) = self.routine.as_mut() else {
            let address = self.e(ExprKind::Variable(var), pointer, node);
            return Value::Place(address, ty);
        };
        let binding = match state.bindings.get(&var).copied() {
            Some(binding) => Some(binding),
            None => match state.pending.remove(&var) {
                Some(symbol) => match self.local_for(var, &symbol, node) {
                    Ok(binding) => Some(binding),
                    Err(reason) => {
                        self.refuse(node, reason);
                        None
                    }
                },
                None => match self.module_global(var, node) {
                    Ok(None) => None,
                    Ok(Some(rank)) => {
                        // Reached through its descriptor (`descriptor.rs`).
                        let first = self.descriptor_first_element(var, rank, node);
                        let address = self.e(ExprKind::Cast(first), pointer, node);
                        return Value::Place(address, ty);
                    }
                    Err(reason) => {
                        self.refuse(node, reason);
                        None
                    }
                },
            },
        };
        let address = match binding {
            Some(Binding::Local(local)) => {
                let local_ty = self.body.locals[local].ty;
                let local_pointer = self.pointer_to(local_ty);
                let address = self.e(ExprKind::Local(local), local_pointer, node);
                if local_pointer == pointer {
                    address
                } else {
                    self.e(ExprKind::Cast(address), pointer, node)
                }
            }
            Some(Binding::Reference(param)) => {
                let param_ty = self.body.locals[param].ty;
                let slot_ty = self.pointer_to(param_ty);
                let slot = self.e(ExprKind::Local(param), slot_ty, node);
                let address = self.e(ExprKind::Load(slot), param_ty, node);
                if param_ty == pointer {
                    address
                } else {
                    self.e(ExprKind::Cast(address), pointer, node)
                }
            }
            None => self.e(ExprKind::Variable(var), pointer, node),
        };
        Value::Place(address, ty)
    }

    /// Whether a device routine may use `var`, which is neither its argument nor its local: a
    /// module variable of static size, which the routine reaches through its linker symbol
    /// (`Ok(None)`), or an allocatable or pointer module array of rank r, which it reaches
    /// through gfortran's descriptor under that symbol (`Ok(Some(r))`, `descriptor.rs`); the
    /// link step checks that a `declare` directive gives either a device copy. `Err`: why not.
    fn module_global(&self, var: Handle<Variable>, node: Node) -> Result<Option<u32>, String> {
        let variable = &self.lw.module.variables[var];
        let name = &variable.name;
        if variable.storage != Storage::Global || variable.symbol.is_none() {
            return Err(format!("'{name}' is a variable of the host procedure or of a common block (a device routine may use only its arguments, its local variables and module variables)"));
        }
        // A scalar allocatable or pointer: its symbol holds the address of the value, not
        // the value (and a device copy of it would need its target attached).
        let scalar_deferred = self.scope_of(node).is_some_and(|scope| {
            matches!(
                self.lw.unit.scopes.resolve(scope, name),
                Resolved::Variable(symbol, _) if symbol.dims.is_empty()
                    && (symbol.attrs.allocatable || symbol.attrs.pointer)
            )
        });
        if scalar_deferred {
            return Err(format!(
                "module variable '{name}' is a scalar allocatable or pointer (a device routine reaches module variables through their linker symbols, where its value's address is)"
            ));
        }
        if let Some(rank) = descriptor::deferred_rank(&self.lw.module.types, variable.ty) {
            // gfortran's own descriptor is under `__<module>_MOD_<name>`; a `bind(c)` one
            // would be a C descriptor, of another layout.
            if !variable.link_name().contains("_MOD_") {
                return Err(format!("allocatable or pointer module variable '{name}' has a 'bind(c)' name (its descriptor is a C descriptor)"));
            }
            return Ok(Some(rank));
        }
        let mut element = variable.ty;
        while let TypeInner::Array {
            element: inner,
            size,
            ..
        } = self.lw.module.types.get(element)
        {
            if !matches!(size, ArraySize::Constant(_)) {
                return Err(format!(
                    "module variable '{name}' is allocatable or a pointer and its elements are not of an intrinsic numeric or logical type"
                ));
            }
            element = *inner;
        }
        if self.scalar_of(element).is_none() && !static_layout(&self.lw.module.types, element) {
            return Err(format!(
                "module variable '{name}' is not of an intrinsic numeric or logical type, or of a derived type whose components all are (or fixed-size arrays of them)"
            ));
        }
        Ok(None)
    }

    /// A local for a variable declared in the routine, or why it cannot have one.
    fn local_for(
        &mut self,
        var: Handle<Variable>,
        symbol: &Symbol,
        node: Node,
    ) -> Result<Binding, String> {
        let name = &symbol.name;
        if symbol.attrs.save || symbol.attrs.common.is_some() {
            return Err(format!(
                "'{name}' has static storage (SAVE, an initializer or COMMON)"
            ));
        }
        if symbol.attrs.allocatable || symbol.attrs.pointer {
            return Err(format!("allocatable or pointer variable '{name}'"));
        }
        if scalar(&symbol.base).is_none() {
            return Err(format!(
                "'{name}' of a type other than integer, real, complex or logical"
            ));
        }
        if !symbol.dims.is_empty() && constant_shape(symbol).is_none() {
            return Err(format!(
                "automatic array '{name}' (its shape is known only at run time)"
            ));
        }
        let ty = self.lw.module.variables[var].ty;
        let span = SourceContext::span(self.lw, node.start_byte() as u32..node.end_byte() as u32);
        let local = self.body.local(name.clone(), ty, LocalKind::Declared, span);
        if let Some(state) = self.routine.as_mut() {
            state.declared.push(local);
            state.bindings.insert(var, Binding::Local(local));
        }
        Ok(Binding::Local(local))
    }

    /// A bound of an array dummy of the routine, evaluated on entry.
    pub(super) fn routine_synthetic(
        &mut self,
        array: Handle<Variable>,
        dim: u32,
        kind: SyntheticKind,
        node: Node,
    ) -> ExprId {
        let local = self
            .routine
            .as_ref()
            .and_then(|state| state.derived.get(&(array, dim, kind)).copied());
        match local {
            Some(local) => self.load_local(local, node),
            None => match self.module_global(array, node) {
                Ok(Some(rank)) => self.descriptor_bound(array, rank, dim, kind, node),
                _ => {
                    let name = self.lw.module.variables[array].name.clone();
                    self.refuse(
                        node,
                        format!("the bounds of '{name}' are not known in a device routine"),
                    );
                    self.int(0, I64, node)
                }
            },
        }
    }

    /// `present(a)` in a routine: whether the address passed for optional dummy `a` is not
    /// null.
    pub(super) fn routine_present(&mut self, arg: Node<'a>, node: Node<'a>) -> R<ExprId> {
        let name = self.text(arg).to_ascii_lowercase();
        if self.routine.is_none() {
            return self.fail(node, "'present' in a compute region");
        }
        let parameter = match self.variable_named(arg)? {
            Some((var, _)) => self
                .routine
                .as_ref()
                .and_then(|state| state.optional.get(&var).copied()),
            None => None,
        };
        let Some(parameter) = parameter else {
            return self.fail(
                node,
                format!("'present' of '{name}', which is not an optional argument"),
            );
        };
        let address = self.load_local(parameter, node);
        let ty = self.ty(address);
        let zero = self.int(0, I64, node);
        let null = self.e(ExprKind::Cast(zero), ty, node);
        Ok(self.compare(BinaryOp::Ne, address, null, node))
    }

    /// `return` in a routine.
    pub(super) fn routine_return(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let Some(state) = self.routine.as_ref() else {
            return self.fail(node, "'return' in a compute region");
        };
        let result = state.result;
        if self.loops.iter().any(|l| l.acc) {
            return self.fail(node, "'return' from an OpenACC loop");
        }
        let value = result.map(|local| self.load_local(local, node));
        out.push(Stmt::Return(value));
        Ok(())
    }
}
