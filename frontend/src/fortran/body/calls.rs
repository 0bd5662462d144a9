//! Calls of procedures in device code: `call s(...)` and function references `f(...)` to
//! procedures this file defines (module, contained or external procedures), declares with
//! an interface body, or uses from a module of another file whose interface file accc read
//! (`accmod.rs`: its record gives the dummies, the symbol and whether device code may call
//! it). Actual arguments pass by reference: a variable or an array element passes its address
//! (an element passed to an explicit-shape or assumed-size array dummy starts the sequence the
//! callee sees; a section passed to one must be contiguous, `a(:, ..., :, j, ...)`), any other
//! expression a temporary's. An assumed-shape, allocatable or pointer dummy takes the address
//! of the actual's first element and, per dimension, its lower bound, extent and stride
//! (`routine.rs`): a whole array of any kind (not assumed size) or a section with any strides
//! for an assumed-shape dummy (whose rank must be the dummy's), a whole allocatable or pointer
//! array for an allocatable or pointer dummy. An absent optional argument passes a null
//! address (and zero bounds). The called symbol is the one gfortran gives the host
//! version (`__mod_MOD_name`, `name_`, a `bind(c)` name); a contained procedure, which has
//! no linkable host symbol, gets a name private to the translation unit. A procedure of another
//! file (an interface body or a module's interface file) with such a dummy is called by its
//! exported device version, [`acc_ir::body::EXPORT_PREFIX`] before the symbol: gfortran's host
//! version takes array descriptors, not this convention.

use super::super::lower::Lowerer;
use super::super::operands::scalar;
use super::super::symbols::{BaseType, ScopeKind, Symbol, Upper};
use super::expr::Name;
use super::routine::{is_descriptor_dummy, unit_node};
use super::{Lowering, Value, I64, R};
use acc_ir::body::{BinaryOp, ExprId, ExprKind, Stmt, Stmts};
use acc_ir::{ScalarKind, TypeHandle, TypeInner};
use tree_sitter::Node;

/// The symbol device code calls procedure `scope` by (see the module docs).
pub(super) fn procedure_symbol(lw: &Lowerer<'_>, scope: usize) -> String {
    let scopes = &lw.unit.scopes.scopes;
    let s = &scopes[scope];
    if let Some(imported) = &s.imported {
        return imported.symbol.clone();
    }
    let header = lw
        .unit
        .text
        .get(s.header.start as usize..s.header.end as usize)
        .unwrap_or("");
    if let Some(name) = bind_c_name(header, &s.name) {
        return name;
    }
    match s.parent {
        None => format!("{}_", s.name),
        Some(parent) if scopes[parent].kind == ScopeKind::Module => {
            format!("__{}_MOD_{}", scopes[parent].name, s.name)
        }
        Some(parent) => {
            let host = &scopes[parent].name;
            let base = format!(
                "{}{}_{host}_{}",
                acc_ir::body::ALIAS_PREFIX,
                crate::lowering::tu_tag(lw.main_file()),
                s.name
            );
            let clash = scopes.iter().enumerate().any(|(i, other)| {
                i != scope
                    && other.name == s.name
                    && other
                        .parent
                        .is_some_and(|p| p != parent && scopes[p].name == *host)
            });
            if clash {
                format!("{base}_{scope}")
            } else {
                base
            }
        }
    }
}

/// The binding label of a header with `bind(c)`: its `name=` or the lower-case name.
fn bind_c_name(header: &str, name: &str) -> Option<String> {
    let lower = header.to_ascii_lowercase();
    let compact: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    if !compact.contains("bind(c") {
        return None;
    }
    let at = lower.find("bind")?;
    let rest = &header[at..];
    let rest_lower = &lower[at..];
    let Some(name_at) = rest_lower.find("name") else {
        return Some(name.to_string());
    };
    let after = rest[name_at + 4..]
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let body = &after[1..];
    let end = body.find(quote)?;
    let label = body[..end].trim();
    Some(if label.is_empty() {
        name.to_string()
    } else {
        label.to_string()
    })
}

impl<'l, 'a> Lowering<'l, 'a> {
    /// `call s(args)`.
    pub(super) fn call_statement(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let Some(callee) = node.child_by_field_name("subroutine") else {
            return self.fail(node, "malformed 'call'");
        };
        let mut args = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if child.kind() == "argument_list" {
                let mut c = child.walk();
                args.extend(
                    child
                        .named_children(&mut c)
                        .filter(|a| a.kind() != "comment"),
                );
            }
        }
        let call = self.procedure_call(callee, &args, node, false)?;
        out.push(Stmt::Eval(call));
        Ok(())
    }

    /// The names of a procedure's dummy arguments, in order (lower case).
    fn dummy_names(&self, scope: usize, at: Node<'a>) -> R<(Vec<String>, bool)> {
        if let Some(imported) = &self.lw.unit.scopes.scopes[scope].imported {
            let names = imported.dummies.iter().map(|d| d.name.clone()).collect();
            return Ok((names, imported.function));
        }
        let header = self.lw.unit.scopes.scopes[scope].header.clone();
        let Some(root) = self.root() else {
            return self.fail(at, "the file could not be parsed");
        };
        let Some(header) = unit_node(
            root,
            &header,
            &["subroutine_statement", "function_statement"],
        ) else {
            return self.fail(at, "the called procedure's header could not be found");
        };
        let mut names = Vec::new();
        if let Some(params) = header.child_by_field_name("parameters") {
            let mut cursor = params.walk();
            for p in params.named_children(&mut cursor) {
                if p.kind() == "identifier" {
                    names.push(self.text(p).to_ascii_lowercase());
                }
            }
        }
        Ok((names, header.kind() == "function_statement"))
    }

    /// A call of the procedure `callee` with `args` (the call is `node`); `function` for a
    /// function reference in an expression.
    pub(super) fn procedure_call(
        &mut self,
        callee: Node<'a>,
        args: &[Node<'a>],
        node: Node<'a>,
        function: bool,
    ) -> R<ExprId> {
        let mut name = self.text(callee).to_ascii_lowercase();
        let Some(scope) = self.lw.unit.scopes.scope_at(callee.start_byte() as u32) else {
            return self.fail(node, format!("call to '{name}' outside any program unit"));
        };
        let specific = self.specific_procedure(scope, &name, args, node, function)?;
        let definition = match specific {
            Some((definition, specific)) => {
                name = specific;
                Some(definition)
            }
            None => self.lw.unit.scopes.procedure_definition(scope, &name),
        };
        let Some(definition) = definition else {
            if let Some(message) = self.unavailable_module_message(scope, &name) {
                return self.fail(node, message);
            }
            return self.fail(
                node,
                format!("call to procedure '{name}', which this file neither defines nor declares with an interface"),
            );
        };
        let imported = self.lw.unit.scopes.scopes[definition].imported.clone();
        if let Some(reason) = imported.as_ref().and_then(|i| i.not_callable.clone()) {
            let file = self.lw.unit.scopes.scopes[definition]
                .interface_file
                .clone()
                .unwrap_or_default();
            return self.fail(
                node,
                format!("call to '{name}', which cannot run on a device: {reason} (from '{file}')"),
            );
        }
        let interface = self.lw.unit.scopes.scopes[definition].kind == ScopeKind::InterfaceBody
            || imported.is_some();
        let (dummies, is_function) = self.dummy_names(definition, node)?;
        if function && !is_function {
            return self.fail(
                node,
                format!("subroutine '{name}' referenced as a function"),
            );
        }
        if !function && is_function {
            return self.fail(node, format!("function '{name}' called as a subroutine"));
        }
        if let Some(Err(reason)) = self.procedures.get(&definition) {
            return self.fail(
                node,
                format!("call to '{name}', which cannot run on a device: {reason}"),
            );
        }
        if !interface {
            self.callees
                .push((definition, node.start_byte() as u32..node.end_byte() as u32));
        }
        let mut actuals: Vec<Option<Node<'a>>> = vec![None; dummies.len()];
        for (position, arg) in args.iter().enumerate() {
            let (slot, value) = if arg.kind() == "keyword_argument" {
                let (Some(keyword), Some(value)) = (
                    arg.child_by_field_name("name"),
                    arg.child_by_field_name("value"),
                ) else {
                    return self.fail(*arg, "malformed keyword argument");
                };
                let keyword = self.text(keyword).to_ascii_lowercase();
                let Some(slot) = dummies.iter().position(|d| *d == keyword) else {
                    return self.fail(*arg, format!("'{name}' has no argument '{keyword}'"));
                };
                (slot, value)
            } else {
                (position, *arg)
            };
            match actuals.get_mut(slot) {
                Some(entry @ None) => *entry = Some(value),
                Some(Some(_)) => {
                    return self.fail(
                        *arg,
                        format!("argument {} of '{name}' given twice", slot + 1),
                    )
                }
                None => return self.fail(*arg, format!("too many arguments for '{name}'")),
            }
        }
        // A procedure of another file taking an array by descriptor is called through the
        // device version its file's kernel object exports.
        let exported = interface && !self.defined_in_file(definition) && {
            let scope = &self.lw.unit.scopes.scopes[definition];
            dummies
                .iter()
                .filter_map(|d| scope.symbols.get(d))
                .any(is_descriptor_dummy)
        };
        let mut lowered = Vec::with_capacity(dummies.len());
        for (dummy, actual) in dummies.iter().zip(actuals) {
            let Some(symbol) = self.lw.unit.scopes.scopes[definition]
                .symbols
                .get(dummy)
                .cloned()
            else {
                return self.fail(
                    actual.unwrap_or(node),
                    format!("argument '{dummy}' of '{name}' is not declared"),
                );
            };
            let Some(actual) = actual else {
                if !symbol.attrs.optional {
                    return self.fail(
                        node,
                        format!("call of '{name}' without an actual argument for '{dummy}', which is not optional"),
                    );
                }
                lowered.extend(self.absent_argument(&name, &symbol, node)?);
                continue;
            };
            lowered.extend(self.actual_argument(&name, &symbol, actual, interface)?);
        }
        let result_ty = if is_function {
            self.result_type(definition, &name, node, interface)?
        } else {
            self.lw.module.types.insert(TypeInner::Void)
        };
        let mut symbol = procedure_symbol(self.lw, definition);
        if exported {
            symbol = format!("{}{symbol}", acc_ir::body::EXPORT_PREFIX);
        }
        Ok(self.e(
            ExprKind::Call {
                function: symbol,
                args: lowered,
            },
            result_ty,
            node,
        ))
    }

    /// For a call of generic interface `name`: the specific procedure the actual arguments
    /// select (its scope and name), by the number of arguments, the keywords, and the type,
    /// kind and rank of each actual (Fortran 2018 §15.5.5.2); `None` when `name` is not
    /// generic. Exactly one specific must match.
    fn specific_procedure(
        &mut self,
        scope: usize,
        name: &str,
        args: &[Node<'a>],
        node: Node<'a>,
        function: bool,
    ) -> R<Option<(usize, String)>> {
        let Some((declared_in, specifics)) = self.lw.unit.scopes.generic(scope, name) else {
            return Ok(None);
        };
        let specifics = specifics.to_vec();
        let mut signatures = Vec::with_capacity(args.len());
        for arg in args {
            let (keyword, value) = if arg.kind() == "keyword_argument" {
                match (
                    arg.child_by_field_name("name"),
                    arg.child_by_field_name("value"),
                ) {
                    (Some(k), Some(v)) => (Some(self.text(k).to_ascii_lowercase()), v),
                    _ => return self.fail(*arg, "malformed keyword argument"),
                }
            } else {
                (None, *arg)
            };
            signatures.push((keyword, self.actual_signature(value)));
        }
        let mut matches = Vec::new();
        for specific in &specifics {
            let Some(definition) = self
                .lw
                .unit
                .scopes
                .procedure_definition(declared_in, specific)
            else {
                continue;
            };
            let Ok((dummies, is_function)) = self.dummy_names(definition, node) else {
                continue;
            };
            if is_function != function {
                continue;
            }
            let symbols = &self.lw.unit.scopes.scopes[definition].symbols;
            let mut covered = vec![false; dummies.len()];
            let mut fits = true;
            for (position, (keyword, signature)) in signatures.iter().enumerate() {
                let slot = match keyword {
                    Some(k) => dummies.iter().position(|d| d == k),
                    None => (position < dummies.len()).then_some(position),
                };
                let Some(slot) = slot.filter(|&s| !covered[s]) else {
                    fits = false;
                    break;
                };
                covered[slot] = true;
                let dummy = symbols.get(&dummies[slot]);
                let expected = dummy.and_then(|d| scalar(&d.base).map(|k| (k, d.dims.len())));
                if expected.is_none() || *signature != expected {
                    fits = false;
                    break;
                }
            }
            let optional_rest = dummies
                .iter()
                .zip(&covered)
                .all(|(d, &c)| c || symbols.get(d).is_some_and(|s| s.attrs.optional));
            if fits && optional_rest {
                matches.push((definition, specific.clone()));
            }
        }
        match matches.len() {
            1 => Ok(matches.pop()),
            0 => self.fail(
                node,
                format!("no specific procedure of generic '{name}' ({}) matches the arguments' types, kinds and ranks", specifics.join(", ")),
            ),
            _ => self.fail(
                node,
                format!(
                    "the arguments match more than one specific procedure of generic '{name}' ({})",
                    matches
                        .iter()
                        .map(|(_, s)| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        }
    }

    /// The type, kind and rank of an actual argument, for generic resolution: a variable,
    /// element or section by its declaration and subscripts, any other expression by its
    /// lowered value (`None` when it cannot be lowered or is not of an intrinsic type).
    fn actual_signature(&mut self, actual: Node<'a>) -> Option<(ScalarKind, usize)> {
        let (base, subscripts) = match actual.kind() {
            "identifier" => (actual, None),
            "call_expression" => match actual.named_child(0) {
                Some(callee) if callee.kind() == "identifier" => {
                    (callee, Some(super::arrays::subscripts(actual)))
                }
                _ => (actual, None),
            },
            _ => (actual, None),
        };
        if base.kind() == "identifier" {
            if let Ok(Name::Variable(var, symbol)) = self.name(base) {
                let ty = self.lw.module.variables[var].ty;
                let element = self.element_of(ty);
                let kind = self.scalar_of(element)?;
                let rank = match subscripts {
                    None => symbol.dims.len(),
                    Some(args) => args
                        .iter()
                        .filter(|a| a.kind() == "extent_specifier")
                        .count(),
                };
                return Some((kind, rank));
            }
        }
        match self.expr(actual).ok()? {
            Value::Val(e) => self.kind_of(e).map(|k| (k, 0)),
            Value::Place(_, ty) => {
                let mut rank = 0;
                let mut current = ty;
                while let TypeInner::Array { element, .. } = self.lw.module.types.get(current) {
                    rank += 1;
                    current = *element;
                    if rank > 15 {
                        return None;
                    }
                }
                self.scalar_of(current).map(|k| (k, rank))
            }
        }
    }

    /// The type of the result of function `definition`.
    fn result_type(
        &mut self,
        definition: usize,
        name: &str,
        node: Node<'a>,
        interface: bool,
    ) -> R<acc_ir::TypeHandle> {
        let header = self.lw.unit.scopes.scopes[definition].header.clone();
        let imported = self.lw.unit.scopes.scopes[definition]
            .imported
            .as_ref()
            .and_then(|i| i.result.as_ref().map(|r| r.name.clone()));
        let Some(root) = self.root() else {
            return self.fail(node, "the file could not be parsed");
        };
        let result_name = imported
            .or_else(|| {
                unit_node(root, &header, &["function_statement"])
                    .and_then(|h| {
                        let mut cursor = h.walk();
                        let result = h
                            .named_children(&mut cursor)
                            .find(|n| n.kind() == "function_result");
                        result
                    })
                    .and_then(|r| {
                        let mut cursor = r.walk();
                        let found = r
                            .named_children(&mut cursor)
                            .find(|n| n.kind() == "identifier");
                        found
                    })
                    .map(|r| self.text(r).to_ascii_lowercase())
            })
            .unwrap_or_else(|| name.to_string());
        let symbol = self.lw.unit.scopes.scopes[definition]
            .symbols
            .get(&result_name)
            .cloned();
        let scalar_symbol = symbol
            .as_ref()
            .filter(|s| s.dims.is_empty() && !s.attrs.allocatable && !s.attrs.pointer);
        if let Some(derived) = scalar_symbol.filter(|s| matches!(s.base, BaseType::Derived(_))) {
            // A derived-type result: the struct, returned through the caller's slot.
            let ty = super::super::operands::symbol_type(self.lw, definition, derived, None);
            if matches!(self.lw.module.types.get(ty), TypeInner::Struct { .. }) {
                return Ok(ty);
            }
        }
        let kind = scalar_symbol.and_then(|s| scalar(&s.base));
        match kind {
            Some(ScalarKind::Bool { .. }) if interface => self.fail(
                node,
                format!("call of '{name}', a logical function of another file"),
            ),
            Some(kind) => Ok(self.scalar_ty(kind)),
            None => self.fail(
                node,
                format!("call of '{name}', whose result is not a scalar of an intrinsic numeric or logical type"),
            ),
        }
    }

    /// The arguments for an absent actual of optional dummy `dummy` of procedure `name`: a
    /// null address (and zero bounds for an array passed with its bounds).
    fn absent_argument(&mut self, name: &str, dummy: &Symbol, node: Node<'a>) -> R<Vec<ExprId>> {
        let kind = self.dummy_kind(name, dummy, node)?;
        if dummy.attrs.value || dummy.attrs.external {
            return self.fail(
                node,
                format!(
                    "absent optional argument '{}' of '{name}' (a VALUE or procedure argument)",
                    dummy.name
                ),
            );
        }
        let element = self.scalar_ty(kind);
        let pointer = self.pointer_to(element);
        let zero = self.int(0, I64, node);
        let mut args = vec![self.e(ExprKind::Cast(zero), pointer, node)];
        if is_descriptor_dummy(dummy) {
            for _ in 0..3 * dummy.dims.len() {
                args.push(self.int(0, I64, node));
            }
        }
        Ok(args)
    }

    /// Refuses an associate name of an array (`base`) as the actual argument `actual` of
    /// explicit-shape or assumed-size dummy `dummy` of `name`: the name may stand for a section
    /// that is not contiguous (an assumed-shape dummy takes it, as any array section).
    fn refuse_array_view(
        &self,
        base: Node<'a>,
        actual: Node<'a>,
        (name, dummy): (&str, &Symbol),
    ) -> R<()> {
        if self.view_of(base).is_some() {
            return self.fail(
                actual,
                format!(
                    "associate name '{}' of an array passed to explicit-shape argument '{}' of '{name}' (it may not be contiguous; an assumed-shape argument takes it)",
                    self.text(base),
                    dummy.name
                ),
            );
        }
        Ok(())
    }

    /// The arguments for an actual passed to array dummy `dummy` (of element kind `kind`) of
    /// procedure `name` that takes its bounds (assumed shape, allocatable, pointer): the
    /// address of the first element, then per dimension of the dummy its lower bound, extent
    /// and stride in elements. The actual is a whole array of any kind, or a section with any
    /// strides (scalar subscripts drop their dimension); no copy is made.
    fn descriptor_actual(
        &mut self,
        name: &str,
        dummy: &Symbol,
        kind: ScalarKind,
        actual: Node<'a>,
    ) -> R<Vec<ExprId>> {
        let (base, whole) = match actual.kind() {
            "identifier" => (actual, true),
            "call_expression" => match actual.named_child(0) {
                Some(callee) if callee.kind() == "identifier" => (callee, false),
                _ => (actual, false),
            },
            _ => (actual, false),
        };
        let not_array = |this: &Self| {
            this.fail(
                actual,
                format!(
                    "'{}' passed to array argument '{}' of '{name}' is not an array or an array section",
                    this.text(actual),
                    dummy.name
                ),
            )
        };
        if base.kind() != "identifier" {
            return not_array(self);
        }
        // An associate name of an array or section is a deferred-shape array of the lowering
        // (its view's address, bounds and strides), passed as any assumed-shape array is.
        let (var, symbol) = match self.name(base)? {
            Name::Variable(var, symbol) if !symbol.dims.is_empty() => (var, symbol),
            _ => return not_array(self),
        };
        let needs = if dummy.attrs.allocatable {
            Some(("allocatable", symbol.attrs.allocatable))
        } else if dummy.attrs.pointer {
            Some(("pointer", symbol.attrs.pointer))
        } else {
            None
        };
        if let Some((what, has)) = needs {
            if !has || !whole {
                return self.fail(
                    actual,
                    format!(
                        "'{}' passed to {what} argument '{}' of '{name}' is not a whole {what} array",
                        self.text(actual),
                        dummy.name
                    ),
                );
            }
        }
        let subscripts = if whole {
            Vec::new()
        } else {
            let args = super::arrays::subscripts(actual);
            self.check_subscript_count(&symbol, args.len(), actual)?;
            if let Some(odd) = args.iter().find(|a| {
                a.kind() == "keyword_argument"
                    || (a.kind() != "extent_specifier" && self.text(**a).contains(':'))
            }) {
                return self.fail(*odd, format!("subscript '{}'", self.text(*odd)));
            }
            args
        };
        let rank = if whole {
            symbol.dims.len()
        } else {
            subscripts
                .iter()
                .filter(|a| a.kind() == "extent_specifier")
                .count()
        };
        if rank != dummy.dims.len() {
            return self.fail(
                actual,
                format!(
                    "'{}' of rank {rank} passed to argument '{}' of '{name}', which has rank {}",
                    self.text(actual),
                    dummy.name,
                    dummy.dims.len()
                ),
            );
        }
        if whole
            && symbol
                .dims
                .last()
                .is_some_and(|d| d.upper == Upper::AssumedSize)
        {
            return self.fail(
                actual,
                format!(
                    "assumed-size array '{}' passed whole to argument '{}' of '{name}' (the extent of its last dimension is unknown)",
                    symbol.name, dummy.name
                ),
            );
        }
        let actual_element = {
            let ty = self.lw.module.variables[var].ty;
            self.element_of(ty)
        };
        self.check_array_element(actual_element, kind, (name, dummy), actual)?;
        let mut stmts = Vec::new();
        let extents = self.section_extents(actual, var, &symbol, &mut stmts)?;
        let i64_ty = self.i64_ty();
        let mut starts = Vec::new();
        let mut bounds = Vec::new();
        for d in 0..symbol.dims.len() {
            let (lower, section_stride) = match subscripts.get(d) {
                None => (None, None),
                Some(arg) if arg.kind() == "extent_specifier" => {
                    let [lower, _, stride] = super::arrays::section_parts(*arg);
                    (lower, Some(stride))
                }
                Some(arg) => {
                    starts.push(self.index_value(*arg)?);
                    continue;
                }
            };
            let start = match lower {
                Some(l) => self.index_value(l)?,
                None => self.lower_bound(var, &symbol, d, actual),
            };
            starts.push(start);
            // A whole array keeps its lower bounds; a section's are 1.
            let passed_lower = match section_stride {
                None => self.lower_bound(var, &symbol, d, actual),
                Some(_) => self.int(1, I64, actual),
            };
            let dim_stride = self.dim_stride(var, &symbol, d, actual);
            let stride = match section_stride.flatten() {
                Some(s) => {
                    let s = self.stride_value(s)?;
                    self.binary(BinaryOp::Mul, s, dim_stride, i64_ty, actual)
                }
                None => dim_stride,
            };
            bounds.push((passed_lower, stride));
        }
        let Value::Place(address, _) = self.element_at(var, &symbol, &starts, actual)? else {
            return self.fail(actual, "array argument is not a variable");
        };
        let element = self.scalar_ty(kind);
        let pointer = self.pointer_to(element);
        let address = self.e(ExprKind::Cast(address), pointer, actual);
        let mut args = vec![self.block(stmts, address, actual)];
        for ((lower, stride), extent) in bounds.into_iter().zip(extents) {
            let extent = self.load_local(extent, actual);
            args.extend([lower, extent, stride]);
        }
        Ok(args)
    }

    /// The scalar kind of dummy `dummy` of procedure `name`; other types are refused.
    fn dummy_kind(&self, name: &str, dummy: &Symbol, node: Node<'a>) -> R<ScalarKind> {
        scalar(&dummy.base).map_or_else(
            || {
                self.fail(
                    node,
                    format!(
                        "argument '{}' of '{name}' has a type other than integer, real, complex or logical",
                        dummy.name
                    ),
                )
            },
            Ok,
        )
    }

    /// The argument for the actual of scalar derived-type dummy `dummy` (of `type(type_name)`)
    /// of procedure `name`: the address of the actual, a variable, component or array element
    /// of that type (the callee works on it in place, as gfortran's code does).
    fn derived_actual(
        &mut self,
        name: &str,
        dummy: &Symbol,
        type_name: &str,
        actual: Node<'a>,
    ) -> R<Vec<ExprId>> {
        if !dummy.dims.is_empty()
            || dummy.attrs.value
            || dummy.attrs.allocatable
            || dummy.attrs.pointer
        {
            return self.fail(
                actual,
                format!(
                    "argument '{}' of '{name}' is a derived-type array, VALUE, allocatable or pointer argument",
                    dummy.name
                ),
            );
        }
        match self.expr(actual)? {
            Value::Place(address, ty)
                if matches!(
                    self.lw.module.types.get(ty),
                    TypeInner::Struct { name: Some(n), .. } if n == type_name
                ) =>
            {
                Ok(vec![address])
            }
            _ => self.fail(
                actual,
                format!(
                    "'{}' is not a variable of type({type_name}), for argument '{}' of '{name}'",
                    self.text(actual),
                    dummy.name
                ),
            ),
        }
    }

    /// Refuses an array actual whose elements (of type `element`) are not of the kind of
    /// dummy `dummy` of procedure `name`.
    fn check_array_element(
        &mut self,
        element: TypeHandle,
        kind: ScalarKind,
        (name, dummy): (&str, &Symbol),
        actual: Node<'a>,
    ) -> R<()> {
        if self.scalar_of(element) == Some(kind) {
            return Ok(());
        }
        self.fail(
            actual,
            format!(
                "'{}' does not have the type of array argument '{}' of '{name}'",
                self.text(actual),
                dummy.name
            ),
        )
    }

    /// The arguments for one actual argument of dummy `dummy` of procedure `name`.
    fn actual_argument(
        &mut self,
        name: &str,
        dummy: &Symbol,
        actual: Node<'a>,
        interface: bool,
    ) -> R<Vec<ExprId>> {
        if let BaseType::Derived(type_name) = &dummy.base {
            return self.derived_actual(name, dummy, type_name, actual);
        }
        let kind = self.dummy_kind(name, dummy, actual)?;
        if dummy.attrs.external {
            return self.fail(
                actual,
                format!("procedure argument '{}' of '{name}'", dummy.name),
            );
        }
        let element = self.scalar_ty(kind);
        if dummy.dims.is_empty() {
            if dummy.attrs.value {
                if interface && matches!(kind, ScalarKind::Bool { .. }) {
                    return self.fail(
                        actual,
                        format!(
                            "argument '{}' of '{name}' is a logical VALUE argument",
                            dummy.name
                        ),
                    );
                }
                let value = self.value(actual)?;
                return Ok(vec![self.convert(value, kind, actual)?]);
            }
            let address = match self.expr(actual)? {
                Value::Place(address, ty) if self.scalar_of(ty) == Some(kind) => Ok(address),
                Value::Place(_, ty) if self.scalar_of(ty).is_none() => self.fail(
                    actual,
                    format!(
                        "array passed to scalar argument '{}' of '{name}'",
                        dummy.name
                    ),
                ),
                other => {
                    let value = self.rvalue(other, actual)?;
                    let value = self.convert(value, kind, actual)?;
                    let mut stmts = Vec::new();
                    let local = self.temporary("argument", value, actual, &mut stmts);
                    let address = self.local_addr(local, actual);
                    Ok(self.block(stmts, address, actual))
                }
            };
            return Ok(vec![address?]);
        }
        if is_descriptor_dummy(dummy) {
            return self.descriptor_actual(name, dummy, kind, actual);
        }
        let base = match actual.kind() {
            "identifier" => Some(actual),
            "call_expression" => actual.named_child(0).filter(|c| c.kind() == "identifier"),
            _ => None,
        };
        let Some(base) = base else {
            return self.fail(
                actual,
                format!(
                    "expression passed to array argument '{}' of '{name}'",
                    dummy.name
                ),
            );
        };
        self.refuse_array_view(base, actual, (name, dummy))?;
        let section = match self.name(base)? {
            Name::Variable(var, symbol) if !symbol.dims.is_empty() => {
                if symbol.attrs.pointer || (symbol.descriptor() && !symbol.attrs.allocatable) {
                    return self.fail(
                        actual,
                        format!(
                            "'{}' passed to array argument '{}' of '{name}' may not be contiguous (a pointer or assumed-shape array)",
                            symbol.name, dummy.name
                        ),
                    );
                }
                self.contiguous_section(actual)?
                    .map(|(subscripts, full)| (var, symbol, subscripts, full))
            }
            _ => {
                return self.fail(
                    actual,
                    format!(
                        "'{}' passed to array argument '{}' of '{name}' is not an array or an array element",
                        self.text(actual),
                        dummy.name
                    ),
                )
            }
        };
        let place = match section {
            Some((var, symbol, subscripts, full)) => {
                self.section_start(var, &symbol, &subscripts, full, actual)?
            }
            None => self.expr(actual)?,
        };
        let Value::Place(address, ty) = place else {
            return self.fail(actual, "array argument is not a variable");
        };
        let actual_element = self.element_of(ty);
        self.check_array_element(actual_element, kind, (name, dummy), actual)?;
        let pointer = self.pointer_to(element);
        Ok(vec![self.e(ExprKind::Cast(address), pointer, actual)])
    }
}

impl Lowering<'_, '_> {
    /// For a procedure `name` that `scope` cannot see: the message naming the used module whose
    /// interface file could not be used, if one may declare it.
    pub(super) fn unavailable_module_message(&self, scope: usize, name: &str) -> Option<String> {
        let (module, why) = self.lw.unit.scopes.unavailable_module(scope, name)?;
        Some(format!(
            "call to '{name}', which may be a procedure of module '{module}': {why}"
        ))
    }

    /// Whether the procedure an interface body (`definition`) declares is defined in this file
    /// too: multicore kernels then call the device version the file's kernels define.
    fn defined_in_file(&self, definition: usize) -> bool {
        let scopes = &self.lw.unit.scopes.scopes;
        if scopes[definition].imported.is_some() {
            return false;
        }
        let symbol = procedure_symbol(self.lw, definition);
        scopes.iter().enumerate().any(|(index, scope)| {
            index != definition
                && matches!(scope.kind, ScopeKind::Subroutine | ScopeKind::Function)
                && scope.interface_file.is_none()
                && procedure_symbol(self.lw, index) == symbol
        })
    }

    /// Whether the file defines, or declares with an interface, a procedure `callee` names.
    pub(super) fn defines_procedure(&self, callee: Node) -> bool {
        let name = self.text(callee);
        self.lw
            .unit
            .scopes
            .scope_at(callee.start_byte() as u32)
            .and_then(|scope| self.lw.unit.scopes.procedure_definition(scope, name))
            .is_some()
    }
}

impl<'a> Lowering<'_, 'a> {
    /// For an actual argument `a(:, ..., :, j, ...)` (leading whole dimensions, then
    /// subscripts): its subscripts and how many lead. `None` when it has no section
    /// subscript; any other section is refused (it would need a copy).
    fn contiguous_section(&self, actual: Node<'a>) -> R<Option<(Vec<Node<'a>>, usize)>> {
        if actual.kind() != "call_expression" {
            return Ok(None);
        }
        let Some(list) = actual.named_child(1) else {
            return Ok(None);
        };
        let mut cursor = list.walk();
        let subscripts: Vec<Node<'a>> = list
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let is_section =
            |n: &Node<'a>| n.kind() == "extent_specifier" || self.text(*n).contains(':');
        if !subscripts.iter().any(is_section) {
            return Ok(None);
        }
        let full = subscripts
            .iter()
            .take_while(|n| self.text(**n).trim() == ":")
            .count();
        if subscripts[full..].iter().any(is_section) {
            return self.fail(
                actual,
                format!(
                    "array section '{}' as an actual argument (only 'a(:, ..., :, j, ...)' is contiguous)",
                    self.text(actual)
                ),
            );
        }
        Ok(Some((subscripts, full)))
    }
}
