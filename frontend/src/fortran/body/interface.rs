//! The interface of each module the file defines, for its `.accmod` file (`accmod.rs`): the
//! public procedures with their dummies, symbols, explicit `routine` levels and whether device
//! code may call them (from the lowering of their bodies), the public integer, logical and real
//! constants (`constants.rs` evaluates the last two) and the public variables.

use super::super::accmod::{
    self, Dummy, Generic, ModuleInterface, ModuleVariable, Parameter, Procedure, Routine, Type,
    TypeDefinition,
};
use super::super::constants::{self, Constant};
use super::super::lower::Lowerer;
use super::super::symbols::{BaseType, Resolved, ScopeKind};
use super::routine::{explicit_routines, unit_node, Procedures};
use acc_ir::OpKind;

/// The interfaces of the file's modules (submodules have none: nothing can `use` them).
pub(super) fn module_interfaces(lw: &Lowerer<'_>, procedures: &Procedures) -> Vec<ModuleInterface> {
    let scopes = &lw.unit.scopes;
    let explicit = explicit_routines(lw);
    let mut interfaces = Vec::new();
    for (module, scope) in scopes.scopes.iter().enumerate() {
        if scope.kind != ScopeKind::Module || scope.interface_file.is_some() {
            continue;
        }
        let header = lw
            .unit
            .text
            .get(scope.header.start as usize..scope.header.end as usize)
            .unwrap_or("");
        if header
            .trim_start()
            .to_ascii_lowercase()
            .starts_with("submodule")
        {
            continue;
        }
        let mut interface = ModuleInterface::new(&scope.name, lw.main_file());
        for (name, public) in accmod::visible_names(scopes, module) {
            if !public {
                continue;
            }
            if let Some(procedure) = scopes.procedure_definition(module, &name) {
                if let Some(record) = procedure_record(lw, procedures, &explicit, procedure) {
                    interface.procedures.push(Procedure { name, ..record });
                }
                continue;
            }
            if let Resolved::Variable(symbol, declared) = scopes.resolve(module, &name) {
                if symbol.attrs.parameter {
                    if let (Some(value), BaseType::Integer(_), true) =
                        (symbol.value, &symbol.base, symbol.dims.is_empty())
                    {
                        interface.parameters.push(Parameter {
                            name,
                            ty: Type::from_base(&symbol.base),
                            value,
                            real: None,
                            unknown: false,
                        });
                    } else if symbol.dims.is_empty() {
                        let constant = lw.unit.root().and_then(|root| {
                            constants::value_of(&lw.unit.text, scopes, root, declared, &symbol)
                        });
                        let (value, real) = match constant {
                            // `{:?}` writes the shortest text that reads back as the same f64.
                            Some(Constant::Real(v)) => (0, Some(format!("{v:?}"))),
                            Some(Constant::Logical(v)) => (i64::from(v), None),
                            None => (0, None),
                        };
                        interface.parameters.push(Parameter {
                            name,
                            ty: Type::from_base(&symbol.base),
                            value,
                            real,
                            unknown: constant.is_none(),
                        });
                    }
                } else if let Some(link) = symbol.link.clone() {
                    if let Some(record) = ModuleVariable::from_symbol(&symbol, link) {
                        let declared = declared_globals(lw).contains(&record.symbol);
                        interface.variables.push(ModuleVariable {
                            name,
                            declared,
                            ..record
                        });
                    }
                }
            }
        }
        // Public generics, with their specifics (private ones included: the generic reaches
        // them).
        let mut generics: Vec<(&String, &Vec<String>)> = scope
            .generics
            .iter()
            .filter(|(name, _)| scope.access.is_public(name, None))
            .collect();
        generics.sort();
        for (name, specifics) in generics {
            for specific in specifics {
                if interface.procedures.iter().any(|p| p.name == *specific) {
                    continue;
                }
                if let Some(procedure) = scopes.procedure_definition(module, specific) {
                    if let Some(record) = procedure_record(lw, procedures, &explicit, procedure) {
                        interface.procedures.push(Procedure {
                            name: specific.clone(),
                            ..record
                        });
                    }
                }
            }
            interface.generics.push(Generic {
                name: name.clone(),
                specifics: specifics.clone(),
            });
        }
        interface.types = type_records(scopes, module, &interface);
        interfaces.push(interface);
    }
    interfaces
}

/// The derived types module `module` defines, and those its variables and types use (defined
/// in modules it uses), each once.
fn type_records(
    scopes: &super::super::symbols::Scopes,
    module: usize,
    interface: &ModuleInterface,
) -> Vec<TypeDefinition> {
    let mut pending: Vec<String> = scopes.scopes[module].types.keys().cloned().collect();
    pending.sort();
    pending.reverse();
    pending.extend(interface.variables.iter().filter_map(|v| match &v.ty {
        Type::Derived { name } => Some(name.clone()),
        _ => None,
    }));
    // The types the module has by `use` (a user of this module sees them too): each by the
    // name it has here.
    for used in &scopes.scopes[module].uses {
        let Some(from) = scopes.module(&used.module) else {
            continue;
        };
        let theirs = &scopes.scopes[from].types;
        match &used.only {
            Some(list) => pending.extend(
                list.iter()
                    .filter(|(_, remote)| theirs.contains_key(remote))
                    .map(|(local, _)| local.clone()),
            ),
            None => pending.extend(theirs.keys().map(|remote| {
                used.renames
                    .iter()
                    .find(|(_, r)| r == remote)
                    .map_or_else(|| remote.clone(), |(local, _)| local.clone())
            })),
        }
    }
    let mut records: Vec<TypeDefinition> = Vec::new();
    while let Some(name) = pending.pop() {
        if records.iter().any(|r| r.name == name) || records.len() > 256 {
            continue;
        }
        let Some(ty) = scopes.derived_type(module, &name) else {
            continue;
        };
        let record = TypeDefinition::from_type(ty);
        pending.extend(record.components.iter().filter_map(|c| match &c.ty {
            Type::Derived { name } => Some(name.clone()),
            _ => None,
        }));
        records.push(record);
    }
    records
}

/// The record of procedure `scope` (of this file, or imported from another interface file).
fn procedure_record(
    lw: &Lowerer<'_>,
    procedures: &Procedures,
    explicit: &std::collections::HashMap<
        usize,
        (acc_ir::ParLevel, acc_ir::Span, acc_ir::Handle<acc_ir::Op>),
    >,
    scope: usize,
) -> Option<Procedure> {
    let s = &lw.unit.scopes.scopes[scope];
    if let Some(imported) = &s.imported {
        return Some((**imported).clone());
    }
    let root = lw.unit.root()?;
    let header = unit_node(
        root,
        &s.header,
        &["subroutine_statement", "function_statement"],
    )?;
    let function = header.kind() == "function_statement";
    let mut dummies = Vec::new();
    let mut problem = None;
    if let Some(params) = header.child_by_field_name("parameters") {
        let mut cursor = params.walk();
        for p in params.named_children(&mut cursor) {
            if p.kind() != "identifier" {
                continue;
            }
            let name = lw.unit.node_text(p).to_ascii_lowercase();
            match s.symbols.get(&name) {
                Some(symbol) => dummies.push(Dummy::from_symbol(symbol)),
                None => {
                    problem.get_or_insert(format!("argument '{name}' is not declared"));
                }
            }
        }
    }
    let result = if function {
        let result_name = super::super::symbols::result_clause(header).map_or_else(
            || s.name.clone(),
            |r| lw.unit.node_text(r).to_ascii_lowercase(),
        );
        match s.symbols.get(&result_name) {
            Some(symbol) => Some(Dummy::from_symbol(symbol)),
            None => {
                problem.get_or_insert("its result's type is not known".into());
                None
            }
        }
    } else {
        None
    };
    let routine = explicit
        .get(&scope)
        .and_then(|(_, _, op)| match &lw.module.ops[*op].kind {
            OpKind::Routine(r) => Some(Routine::from_op(&lw.module, r)),
            _ => None,
        });
    let mut record = Procedure {
        name: s.name.clone(),
        function,
        symbol: super::calls::procedure_symbol(lw, scope),
        result,
        dummies,
        routine,
        not_callable: None,
    };
    record.not_callable = match procedures.get(&scope) {
        Some(Err(reason)) => Some(reason.clone()),
        _ => problem.or_else(|| record.argument_problem()),
    };
    Some(record)
}

/// The linker symbols of the global variables this file's `declare` directives name (not
/// `link`: a link variable's device copy is mapped by data clauses, not at its `allocate`).
fn declared_globals(lw: &Lowerer<'_>) -> std::collections::HashSet<String> {
    let mut found = std::collections::HashSet::new();
    lw.module.walk(&mut |_, op| {
        if let acc_ir::OpKind::Declare(d) = &op.kind {
            for &data in &d.data_entry {
                let data = &lw.module.data_ops[data];
                if data.kind == acc_ir::DataOpKind::DeclareLink {
                    continue;
                }
                let variable = &lw.module.variables[data.var];
                if variable.storage == acc_ir::Storage::Global {
                    found.insert(variable.link_name().to_string());
                }
            }
        }
    });
    found
}
