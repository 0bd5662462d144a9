//! Lowering of a C translation unit's OpenACC directives to acc-ir: directive parsing, association
//! with statements, nesting, clause checks that need names and types, and construction of the
//! ops. Then the pass pipeline ([`acc_ir::passes::pipeline`]) runs with the C steps
//! ([`CPasses`]).

use super::unit::Statement;
use super::{CUnit, PragmaContext, SourceMap};
use crate::directive::{self, Directive, DirectiveKind};
use crate::lowering::clauses::ClauseLowering;
use crate::lowering::Regions;
use crate::{Analysis, FrontendOptions};
use acc_ir::{
    ComputeKind, Diagnostic, Function, Handle, Language, Module, Op, OpKind, ScalarKind, Span,
    TypeHandle, TypeInner, TypeTable,
};
use std::ops::Range;

/// Analyses a preprocessed C translation unit (see [`crate::analyze_c`]).
pub fn analyze(preprocessed: String, options: &FrontendOptions) -> Analysis {
    let source_map = SourceMap::new(&preprocessed, &options.file_name);
    let unit = CUnit::parse(&preprocessed, &options.file_name);
    let mut lowerer = Lowerer {
        unit: &unit,
        source_map: &source_map,
        module: Module::new(Language::C),
        diagnostics: Vec::new(),
        regions: Regions::default(),
        function_index: std::collections::HashMap::new(),
        placements: std::collections::HashMap::new(),
    };
    lowerer.module.files.intern(source_map.main_file());
    lowerer.module.fp_contract = options.fp_contract;
    lowerer.module.debug_info = options.debug_info;
    lowerer.run();
    let Lowerer {
        mut module,
        mut diagnostics,
        placements,
        ..
    } = lowerer;
    let mut frontend = CPasses {
        unit: &unit,
        source_map: &source_map,
        placements: &placements,
        options,
    };
    acc_ir::passes::pipeline::run(
        &mut module,
        &mut frontend,
        &mut diagnostics,
        acc_ir::passes::pipeline::Options::from_env(),
    );
    if options.remarks {
        diagnostics.extend(crate::lowering::data_remarks(&module));
    } else {
        diagnostics.retain(|d| d.severity != acc_ir::Severity::Remark);
    }
    diagnostics.sort_by_key(|d| (d.span.file, d.span.line, d.span.col));
    Analysis {
        implicit_declarations: Vec::new(),
        module,
        diagnostics,
        preprocessed,
        placements,
        fortran_modules: Vec::new(),
        fixed_columns: crate::fortran::fixed_form::DEFAULT_LINE_LENGTH,
        unassignable: Default::default(),
        deferred_scalars: Default::default(),
    }
}

/// The C frontend's steps of the pass pipeline ([`acc_ir::passes::pipeline`]).
struct CPasses<'a> {
    unit: &'a CUnit,
    source_map: &'a SourceMap,
    placements: &'a std::collections::HashMap<Handle<Op>, crate::Placement>,
    options: &'a FrontendOptions,
}

impl acc_ir::passes::pipeline::Frontend for CPasses<'_> {
    fn record_host_calls(&mut self, module: &mut Module) {
        record_host_calls(self.unit, self.source_map, module, self.placements);
    }

    /// `-Msafeptr`: the pointers the user vouches for count as `restrict`.
    fn after_implicit_data(&mut self, module: &mut Module) {
        let vouched: Vec<_> = module
            .variables
            .iter()
            .filter(|(_, variable)| self.options.safe_pointers.covers(variable.storage))
            .map(|(handle, _)| handle)
            .collect();
        for handle in vouched {
            module.variables[handle].restrict = true;
        }
    }

    fn lower_region_code(&mut self, module: &mut Module) -> Vec<Diagnostic> {
        lower_region_code(self.unit, self.source_map, module, self.placements)
    }

    fn after_outline(&mut self, module: &mut Module, diagnostics: &mut Vec<Diagnostic>) {
        let tag = super::tu_tag(self.source_map.main_file());
        crate::lowering::tag_kernel_names(module, diagnostics, &tag);
    }
}

/// Records every call of a named function outside compute constructs, in each function the
/// unit defines ([`Module::host_calls`]), for the `nohost` checks. Iterative.
fn record_host_calls(
    unit: &CUnit,
    source_map: &SourceMap,
    module: &mut Module,
    placements: &std::collections::HashMap<Handle<Op>, crate::Placement>,
) {
    let regions: Vec<Range<u32>> = placements
        .iter()
        .filter(|(op, _)| matches!(module.ops[**op].kind, OpKind::Compute(_)))
        .filter_map(|(_, placement)| placement.statement.clone())
        .collect();
    let functions = defined_functions(unit);
    let root = unit.tree().root_node();
    let mut calls = Vec::new();
    for function in &functions {
        let (start, end) = (function.range.start, function.range.end);
        let Some(node) = root.descendant_for_byte_range(start as usize, end as usize) else {
            continue;
        };
        let mut stack = vec![node];
        while let Some(node) = stack.pop() {
            let range = node.start_byte() as u32..node.end_byte() as u32;
            let in_region = regions
                .iter()
                .any(|r| r.start <= range.start && range.end <= r.end);
            if range.end <= start || range.start >= end || in_region {
                continue;
            }
            let callee = (node.kind() == "call_expression")
                .then(|| node.child_by_field_name("function"))
                .flatten()
                .filter(|callee| callee.kind() == "identifier");
            if let Some(callee) = callee {
                let name = unit.text_of(callee.start_byte() as u32..callee.end_byte() as u32);
                // A call through a function pointer variable is no call of a routine.
                let function_named = unit
                    .resolve(&name, callee.start_byte() as u32, &mut module.types)
                    .is_none_or(|symbol| symbol.is_function);
                if function_named {
                    calls.push((name, function.name.clone(), range));
                }
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    calls.sort_by_key(|(_, _, range)| range.start);
    for (callee, caller, range) in calls {
        let span = source_map.span(&mut module.files, range);
        module.host_calls.push(acc_ir::body::HostCall {
            callee,
            caller,
            span,
        });
    }
}

/// Lowers the code of every compute construct to body IR (`module.region_code`). A region
/// that cannot be compiled for a device gets a remark saying why and keeps only its host
/// fallback.
fn lower_region_code(
    unit: &CUnit,
    source_map: &SourceMap,
    module: &mut Module,
    placements: &std::collections::HashMap<Handle<Op>, crate::Placement>,
) -> Vec<Diagnostic> {
    let mut annotations = super::body::Annotations::default();
    let mut computes = Vec::new();
    for (&op, placement) in placements {
        let Some(statement) = &placement.statement else {
            continue;
        };
        match &module.ops[op].kind {
            OpKind::Loop(l) if l.combined.is_none() => {
                let depth = l.control.len().max(1);
                annotations.loops.insert(statement.start, (op, depth));
            }
            OpKind::Atomic(a) => {
                annotations.atomics.insert(statement.start, (op, a.kind));
            }
            OpKind::Compute(c) => {
                if c.combined {
                    if let Some(&loop_op) = c.body.first() {
                        let depth = match &module.ops[loop_op].kind {
                            OpKind::Loop(l) => l.control.len().max(1),
                            _ => 1,
                        };
                        annotations.loops.insert(statement.start, (loop_op, depth));
                    }
                }
                computes.push((op, statement.clone()));
            }
            _ => {}
        }
    }
    computes.sort_by_key(|(_, range)| range.start);
    let mut remarks = Vec::new();
    for (op, range) in computes {
        let kernels =
            matches!(&module.ops[op].kind, OpKind::Compute(c) if c.kind == ComputeKind::Kernels);
        annotations.auto_loops = kernels;
        let lowered =
            super::body::lower_region(unit, module, source_map, range.clone(), &annotations)
                .and_then(|mut body| {
                    super::region_fixups::call_through_aliases(
                        unit,
                        source_map.main_file(),
                        &mut body,
                    );
                    super::region_fixups::bind_loop_clause_locals(
                        module,
                        &annotations.loops,
                        &range,
                        &mut body,
                    );
                    crate::lowering::check_captured(module, op, &body, &range)?;
                    Ok(body)
                });
        match lowered {
            Ok(body) => {
                module.region_code.insert(op, body);
            }
            Err(reason) => {
                let span = source_map.span(&mut module.files, reason.span.clone());
                let at = module.ops.get_span(op);
                remarks.push(reason.diagnostic(at).with_note(span, "here"));
            }
        }
    }
    annotations.auto_loops = false;
    remarks.extend(lower_device_functions(
        unit,
        source_map,
        module,
        placements,
        &annotations,
    ));
    remarks
}

/// Lowers every function the translation unit defines to a [`acc_ir::body::DeviceFunction`]
/// (or records why it cannot run on a device as a [`acc_ir::body::HostFunction`]), so that the
/// link step can compile whichever a compute region of any file reaches. A `routine`
/// directive's level is recorded as explicit; other levels are decided at link time.
fn lower_device_functions(
    unit: &CUnit,
    source_map: &SourceMap,
    module: &mut Module,
    placements: &std::collections::HashMap<Handle<Op>, crate::Placement>,
    annotations: &super::body::Annotations,
) -> Vec<Diagnostic> {
    let mut internal_errors = Vec::new();
    let mut explicit: std::collections::HashMap<String, (acc_ir::ParLevel, Span)> =
        std::collections::HashMap::new();
    module.walk(&mut |handle, op| {
        if let OpKind::Routine(routine) = &op.kind {
            let level = routine.default_level().unwrap_or(acc_ir::ParLevel::Seq);
            explicit
                .entry(routine.function.clone())
                .or_insert((level, module.ops.get_span(handle)));
        }
    });
    // Constructs other than loops, atomics, caches and routines make a function host code.
    let mut host_constructs: Vec<(Range<u32>, &'static str)> = Vec::new();
    for (&op, placement) in placements {
        let Some(statement) = &placement.statement else {
            continue;
        };
        let what = match &module.ops[op].kind {
            OpKind::Loop(_) | OpKind::Atomic(_) | OpKind::Cache(_) | OpKind::Routine(_) => continue,
            OpKind::Compute(_) => "a compute construct",
            _ => "an OpenACC data or runtime directive",
        };
        host_constructs.push((statement.clone(), what));
    }
    let file = source_map.main_file().to_string();
    let functions = defined_functions(unit);
    for function in functions {
        let external = unit
            .resolve(&function.name, function.range.start, &mut module.types)
            .is_none_or(|symbol| symbol.storage != super::Storage::Static);
        let symbol = super::alias_name(&file, &function.name);
        let span = source_map.span(&mut module.files, function.name_range.clone());
        let construct = host_constructs.iter().find(|(range, _)| {
            range.start >= function.range.start && range.end <= function.range.end
        });
        let lowered = match construct {
            Some((range, what)) => Err(super::body::NotOffloaded {
                span: range.clone(),
                message: format!("it contains {what}"),
                internal: false,
            }),
            None => {
                super::body::lower_function_with(unit, module, source_map, &function, annotations)
            }
        };
        match lowered {
            Ok(mut device) => {
                super::region_fixups::call_through_aliases(unit, &file, &mut device.body);
                super::region_fixups::bind_loop_clause_locals(
                    module,
                    &annotations.loops,
                    &function.range,
                    &mut device.body,
                );
                acc_ir::passes::routines::map_routine_loops(
                    module,
                    &mut device.body,
                    &acc_ir::passes::routines::HOST_DEVICE_TYPES,
                );
                device.symbol = symbol;
                device.external = external;
                if let Some(&(level, at)) = explicit.get(&function.name) {
                    device.level = level;
                    device.explicit = Some(at);
                }
                module.device_functions.push(device);
            }
            Err(reason) => {
                let reason_span = source_map.span(&mut module.files, reason.span.clone());
                if reason.internal {
                    internal_errors.push(reason.diagnostic(span).with_note(reason_span, "here"));
                }
                module.host_functions.push(acc_ir::body::HostFunction {
                    name: function.name.clone(),
                    symbol,
                    external,
                    span,
                    reason: reason.message,
                    reason_span,
                });
            }
        }
    }
    internal_errors
}

pub(crate) struct Lowerer<'a> {
    pub unit: &'a CUnit,
    pub source_map: &'a SourceMap,
    pub module: Module,
    pub diagnostics: Vec<Diagnostic>,
    pub(crate) regions: Regions,
    function_index: std::collections::HashMap<String, usize>,
    pub placements: std::collections::HashMap<Handle<Op>, crate::Placement>,
}

/// How the directive's spelling appears in messages.
pub(crate) fn directive_name(kind: &DirectiveKind) -> String {
    crate::lowering::directive_name(kind, Language::C)
}

impl<'a> Lowerer<'a> {
    pub(crate) fn span(&mut self, range: Range<u32>) -> Span {
        self.source_map.span(&mut self.module.files, range)
    }

    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::error(span, message));
    }

    fn run(&mut self) {
        for index in 0..self.unit.pragmas.len() {
            let pragma = &self.unit.pragmas[index];
            let parsed = directive::parse_directive(
                &pragma.text,
                pragma.text_offset,
                directive::Language::C,
            );
            for error in parsed.errors {
                let span = self.span(error.span);
                self.error(span, error.message);
            }
            let Some(directive) = parsed.directive else {
                continue;
            };
            self.regions.close_before(pragma.line_start);
            self.directive(index, &directive);
        }
    }

    /// The block new ops go into: the innermost open region, the function, or the globals.
    fn parent_block(&mut self, index: usize) -> Option<BlockRef> {
        if let Some(open) = self.regions.open.last() {
            return Some(BlockRef::Op(open.op));
        }
        match &self.unit.pragmas[index].context {
            PragmaContext::FileScope => Some(BlockRef::Globals),
            PragmaContext::Function { name, .. } => {
                let name = name.clone();
                let position = match self.function_index.get(&name) {
                    Some(p) => *p,
                    None => {
                        let span = self.span(
                            self.unit.pragmas[index].line_start
                                ..self.unit.pragmas[index].line_start + 1,
                        );
                        self.module.functions.push(Function {
                            name: name.clone(),
                            span,
                            body: Vec::new(),
                        });
                        self.function_index
                            .insert(name, self.module.functions.len() - 1);
                        self.module.functions.len() - 1
                    }
                };
                Some(BlockRef::Function(position))
            }
        }
    }

    fn push_op(&mut self, index: usize, op: Handle<Op>) {
        match self.parent_block(index) {
            Some(BlockRef::Op(parent)) => {
                if let Some(body) = self.module.ops[parent].body_mut() {
                    body.push(op);
                }
            }
            Some(BlockRef::Function(f)) => self.module.functions[f].body.push(op),
            Some(BlockRef::Globals) | None => self.module.globals.push(op),
        }
    }

    fn directive(&mut self, index: usize, directive: &Directive) {
        let pragma_offset = self.unit.pragmas[index].line_start;
        let name_span = self.span(directive.kind_span.clone());
        let name = directive_name(&directive.kind);
        let in_compute = self.regions.enclosing_compute();
        let at_file_scope = matches!(self.unit.pragmas[index].context, PragmaContext::FileScope);
        use DirectiveKind as D;
        // Placement rules that do not depend on the statement.
        if let Err(message) = self.regions.nesting_limit(&directive.kind) {
            if let Some(message) = message {
                self.error(name_span, message);
            }
            return;
        }
        if let Some(message) = self.regions.compute_nesting_error(&directive.kind, &name) {
            self.error(name_span, message);
            return;
        }
        // In C a `declare` may sit among statements, so it can land in a compute region.
        if let (D::Declare, Some(outer)) = (&directive.kind, in_compute) {
            self.error(
                name_span,
                format!(
                    "'{name}' may not appear inside a '{}' region",
                    outer.spelling()
                ),
            );
            return;
        }
        match &directive.kind {
            D::Routine if !self.regions.open.is_empty() => {
                self.error(
                    name_span,
                    format!("'{name}' may not appear inside a construct's region"),
                );
                return;
            }
            D::End(_) => {
                self.error(name_span, format!("'{name}' is a Fortran directive"));
                return;
            }
            _ => {}
        }
        if at_file_scope && !matches!(directive.kind, D::Routine | D::Declare) {
            self.error(
                name_span,
                format!("'{name}' may only appear inside a function"),
            );
            return;
        }
        let statement = if directive.kind.is_standalone() {
            None
        } else {
            match self.unit.associated_statement(index) {
                Some(statement) => Some(statement),
                None => {
                    self.error(
                        name_span,
                        format!("'{name}' must be followed by a statement"),
                    );
                    return;
                }
            }
        };
        if let Some(statement) = &statement {
            let line = self.source_map.location(pragma_offset).1;
            self.check_branches(&directive.kind, line, statement);
        }
        let mut lowering = ClauseLowering::new(self, directive, pragma_offset);
        let built = lowering.build(statement.as_ref());
        let Some((op, region)) = built else { return };
        self.push_op(index, op);
        let pragma = &self.unit.pragmas[index];
        let line_of = |offset: u32| self.source_map.location(offset).1;
        let last_line = |range: &std::ops::Range<u32>| line_of(range.end.max(range.start + 1) - 1);
        let (function, function_lines) = match &pragma.context {
            PragmaContext::Function {
                name, definition, ..
            } => (
                Some(name.clone()),
                (line_of(definition.start), last_line(definition)),
            ),
            PragmaContext::FileScope => (None, (0, 0)),
        };
        let end = match &statement {
            Some(statement) => last_line(&statement.range),
            None => line_of(pragma.line_start),
        };
        let placement = crate::Placement {
            pragma: pragma.line_start..pragma.line_end,
            statement: statement.as_ref().map(|s| s.range.clone()),
            function,
            erase: Vec::new(),
            lines: crate::PlacementLines {
                end,
                function: function_lines,
            },
            scope: None,
        };
        if let OpKind::Compute(c) = &self.module.ops[op].kind {
            if let Some(&loop_op) = c.body.first().filter(|_| c.combined) {
                self.placements.insert(loop_op, placement.clone());
            }
        }
        self.placements.insert(op, placement);
        if let (Some(statement), Some(kind)) = (statement, region) {
            self.regions
                .push_construct(&self.module, op, statement.range.end, kind);
        }
    }
}

impl Lowerer<'_> {
    /// Errors for branches into or out of the structured block of a compute, `data` or
    /// `host_data` construct (`branches.rs`).
    fn check_branches(&mut self, kind: &DirectiveKind, line: u32, statement: &Statement) {
        if !kind.has_structured_block() {
            return;
        }
        let Some(node) = self.unit.statement_node(statement) else {
            return;
        };
        let name = directive_name(kind);
        let name = name.strip_prefix("#pragma acc ").unwrap_or(&name);
        for crossing in super::branches::crossings(&self.unit.text, node) {
            let span = self.span(crossing.range);
            let direction = if crossing.into { "into" } else { "out of" };
            self.error(
                span,
                format!(
                    "{} branches {direction} the structured block of the '{name}' construct at line {line} (OpenACC allows no branch into or out of it)",
                    crossing.what
                ),
            );
        }
    }
}

enum BlockRef {
    Op(Handle<Op>),
    Function(usize),
    Globals,
}

/// The C spelling of a type, for messages: `double`, `int *`, `struct point`.
pub(crate) fn c_type_name(types: &TypeTable, ty: TypeHandle) -> String {
    match types.get(ty) {
        TypeInner::Void => "void".into(),
        TypeInner::Scalar(kind) => match *kind {
            ScalarKind::Int { signed, width } => {
                let base = match width {
                    8 => "char",
                    16 => "short",
                    32 => "int",
                    _ => "long",
                };
                if signed {
                    base.into()
                } else {
                    format!("unsigned {base}")
                }
            }
            ScalarKind::Float { width: 32 } => "float".into(),
            ScalarKind::Float { width: 64 } => "double".into(),
            ScalarKind::Float { .. } => "long double".into(),
            ScalarKind::Complex { width: 32 } => "complex float".into(),
            ScalarKind::Complex { width: 64 } => "complex double".into(),
            ScalarKind::Complex { .. } => "complex long double".into(),
            ScalarKind::Bool { .. } => "_Bool".into(),
        },
        TypeInner::Pointer { pointee } => format!("{} *", c_type_name(types, *pointee)),
        TypeInner::Array { element, size, .. } => {
            let size = match size {
                acc_ir::ArraySize::Constant(n) => n.to_string(),
                acc_ir::ArraySize::Variable(_) => "*".into(),
                acc_ir::ArraySize::Unknown => String::new(),
            };
            format!("{}[{}]", c_type_name(types, *element), size)
        }
        TypeInner::Struct { name, is_union, .. } => {
            let keyword = if *is_union { "union" } else { "struct" };
            match name {
                Some(name) => format!("{keyword} {name}"),
                None => format!("{keyword} <anonymous>"),
            }
        }
        TypeInner::Function { .. } => "function".into(),
        TypeInner::Opaque(name) => name.clone(),
    }
}

/// The functions the translation unit defines (not only declares).
fn defined_functions(unit: &CUnit) -> Vec<super::FunctionInfo> {
    unit.index()
        .functions
        .iter()
        .filter(|f| f.is_definition)
        .cloned()
        .collect()
}
