//! Lowering of a Fortran file's `!$acc` directives to acc-ir: directive parsing, pairing of
//! `!$acc end ...` with its opener by byte order, association with the statement or block each
//! directive applies to, placement rules, and the clause lowering shared with C. Then the
//! implicit data pass runs (with `startIdx` of descriptor arrays fixed up), the module is
//! verified, the code of every compute construct is lowered to body IR (`body/`) and outlined
//! as a kernel.

use super::fixed_form::OffsetMap;
use super::scan::DirectiveLine;
use super::symbols::{Resolved, ScopeKind};
use super::unit::FUnit;
use crate::c::SourceMap;
use crate::directive::{self, Directive, DirectiveKind};
use crate::lowering::clauses::ClauseLowering;
use crate::lowering::{LoopRequest, Operand, Regions, SourceContext};
use crate::{Analysis, FrontendOptions};
use acc_ir::{
    AssociatedLoop, AtomicKind, Captured, Diagnostic, Function, Handle, Language, Module, Op, Span,
    TypeHandle,
};
use std::collections::HashMap;
use std::ops::Range;

/// What a directive applies to.
#[derive(Clone, Debug)]
pub struct FStatement {
    /// The statement, or the block between a directive and its `end` directive.
    pub range: Range<u32>,
    /// Whether `range` is one `do` construct.
    pub is_do: bool,
    /// Whether `range` is the block before an `!$acc end` directive.
    pub block: bool,
}

pub(crate) struct Lowerer<'a> {
    pub unit: &'a FUnit,
    source_map: &'a SourceMap,
    offsets: &'a OffsetMap,
    pub module: Module,
    pub diagnostics: Vec<Diagnostic>,
    pub regions: Regions,
    function_index: HashMap<String, usize>,
    pub placements: HashMap<Handle<Op>, crate::Placement>,
    /// `-fdo-concurrent-to-acc=`.
    do_concurrent: crate::DoConcurrent,
    /// Locality specifiers of each `do concurrent` loop offloaded, by the loop's offset.
    localities: HashMap<u32, Vec<Range<u32>>>,
    /// The ranges the next placement erases (see [`crate::Placement::erase`]).
    erase: Vec<Range<u32>>,
    /// The interfaces of the file's modules (`accmod.rs`), made once the procedures are lowered.
    pub interfaces: Vec<super::accmod::ModuleInterface>,
    /// Declarations of implicitly typed variables ([`Lowerer::declare_implicit_names`]), and
    /// the (scope, name) pairs already declared.
    implicit_declarations: Vec<(u32, String)>,
    implicit_declared: std::collections::HashSet<(usize, String)>,
    /// `intent(in)` dummies ([`crate::Analysis::unassignable`]).
    pub(crate) unassignable: std::collections::HashSet<Handle<acc_ir::Variable>>,
    /// Scalar allocatable and pointer module variables ([`crate::Analysis::deferred_scalars`]).
    pub(crate) deferred_scalars: std::collections::HashSet<Handle<acc_ir::Variable>>,
}

/// Analyses preprocessed Fortran (see [`crate::analyze_fortran`]).
pub fn analyze(preprocessed: String, options: &FrontendOptions, fixed: bool) -> Analysis {
    let included = super::include::expand(&preprocessed, &options.file_name, &options.include_dirs);
    let preprocessed = included.text;
    let source_map = SourceMap::new(&preprocessed, &options.file_name);
    let fixed_columns = options
        .fixed_line_length
        .unwrap_or(super::fixed_form::DEFAULT_LINE_LENGTH);
    let (text, offsets) = if fixed {
        let converted = super::fixed_form::convert_columns(&preprocessed, fixed_columns);
        (converted.text, converted.map)
    } else {
        (preprocessed.clone(), OffsetMap::identity())
    };
    let (unit, import_warnings) = FUnit::parse_importing(
        &text,
        fixed,
        &options.module_dirs,
        &options.module_interfaces,
        options.fortran_kinds,
    );
    let mut lowerer = Lowerer {
        unit: &unit,
        source_map: &source_map,
        offsets: &offsets,
        module: Module::new(Language::Fortran),
        diagnostics: Vec::new(),
        regions: Regions::default(),
        function_index: HashMap::new(),
        placements: HashMap::new(),
        do_concurrent: options.do_concurrent,
        localities: HashMap::new(),
        erase: Vec::new(),
        interfaces: Vec::new(),
        implicit_declarations: Vec::new(),
        implicit_declared: Default::default(),
        unassignable: Default::default(),
        deferred_scalars: Default::default(),
    };
    lowerer.module.files.intern(source_map.main_file());
    lowerer.module.fp_contract = options.fp_contract;
    lowerer.module.debug_info = options.debug_info;
    for (range, message) in included.errors {
        let span = source_map.span(&mut lowerer.module.files, range);
        lowerer.diagnostics.push(Diagnostic::error(span, message));
    }
    for (range, message) in import_warnings {
        let span = SourceContext::span(&mut lowerer, range);
        lowerer.diagnostics.push(Diagnostic::warning(span, message));
    }
    lowerer.run();
    let mut module = std::mem::replace(&mut lowerer.module, Module::new(Language::Fortran));
    let mut diagnostics = std::mem::take(&mut lowerer.diagnostics);
    let mut frontend = FortranPasses {
        lowerer: &mut lowerer,
        unit: &unit,
        tag: crate::lowering::tu_tag(source_map.main_file()),
    };
    acc_ir::passes::pipeline::run(
        &mut module,
        &mut frontend,
        &mut diagnostics,
        acc_ir::passes::pipeline::Options::from_env(),
    );
    lowerer.module = module;
    lowerer.diagnostics = diagnostics;
    let Lowerer {
        module,
        mut diagnostics,
        placements,
        interfaces,
        implicit_declarations,
        unassignable,
        deferred_scalars,
        ..
    } = lowerer;
    if options.remarks {
        diagnostics.extend(crate::lowering::data_remarks(&module));
    } else {
        diagnostics.retain(|d| d.severity != acc_ir::Severity::Remark);
    }
    diagnostics.sort_by_key(|d| (d.span.file, d.span.line, d.span.col));
    Analysis {
        module,
        diagnostics,
        preprocessed,
        placements,
        fortran_modules: interfaces,
        fixed_columns,
        implicit_declarations,
        unassignable,
        deferred_scalars,
    }
}

/// The implicit data pass builds whole-array bounds from the variable's type, whose lower bound
/// is a constant; an allocatable or pointer array's first index is known only at run time, so
/// its implicit bounds get `lbound(a, d)` as `startIdx`.
/// The device types a program may run device code on, for [`imported_routine_remarks`].
const DEVICE_TYPES: [acc_ir::DeviceType; 4] = [
    acc_ir::DeviceType::Host,
    acc_ir::DeviceType::Multicore,
    acc_ir::DeviceType::Nvidia,
    acc_ir::DeviceType::Radeon,
];

/// The levels that the interface files (`.accmod`) of used modules give their procedures on the
/// multicore device, by the symbol calls use: the outlining keeps a level it chooses for a loop
/// above those of the routines the loop calls.
/// The Fortran frontend's steps of the pass pipeline ([`acc_ir::passes::pipeline`]). The
/// lowerer's own module is empty while the pipeline runs; a step that needs the lowerer with
/// the module ([`Self::with_module`]) lends it back.
struct FortranPasses<'l, 'a> {
    lowerer: &'l mut Lowerer<'a>,
    unit: &'l FUnit,
    tag: String,
}

impl<'a> FortranPasses<'_, 'a> {
    /// Runs `step` on the lowerer holding `module`.
    fn with_module<T>(
        &mut self,
        module: &mut Module,
        step: impl FnOnce(&mut Lowerer<'a>) -> T,
    ) -> T {
        std::mem::swap(&mut self.lowerer.module, module);
        let result = step(self.lowerer);
        std::mem::swap(&mut self.lowerer.module, module);
        result
    }
}

impl acc_ir::passes::pipeline::Frontend for FortranPasses<'_, '_> {
    fn record_host_calls(&mut self, module: &mut Module) {
        self.with_module(module, Lowerer::record_host_calls);
    }

    fn after_implicit_data(&mut self, module: &mut Module) {
        fix_implicit_starts(module);
    }

    fn lower_region_code(&mut self, module: &mut Module) -> Vec<Diagnostic> {
        self.with_module(module, super::body::lower_regions)
    }

    fn read_only_variables(&self) -> std::collections::HashSet<Handle<acc_ir::Variable>> {
        self.lowerer.unassignable.clone()
    }

    fn imported_routines(&self) -> HashMap<String, acc_ir::ParLevel> {
        imported_routine_levels(self.unit)
    }

    fn after_outline(&mut self, module: &mut Module, diagnostics: &mut Vec<Diagnostic>) {
        crate::lowering::tag_kernel_names(module, diagnostics, &self.tag);
        diagnostics.extend(imported_routine_remarks(self.unit, module));
    }
}

fn imported_routine_levels(unit: &FUnit) -> HashMap<String, acc_ir::ParLevel> {
    let mut levels = HashMap::new();
    for scope in &unit.scopes.scopes {
        let Some(procedure) = &scope.imported else {
            continue;
        };
        let Some(routine) = &procedure.routine else {
            continue;
        };
        let Some(level) = routine.level_for(&acc_ir::DeviceType::Multicore) else {
            continue;
        };
        let level = match level.split('(').next().unwrap_or("") {
            "gang" => acc_ir::ParLevel::Gang,
            "worker" => acc_ir::ParLevel::Worker,
            "vector" => acc_ir::ParLevel::Vector,
            _ => acc_ir::ParLevel::Seq,
        };
        levels.insert(procedure.symbol.clone(), level);
    }
    levels
}

/// Remarks (`-fopt-info-acc`) at the device calls of module procedures of other files whose
/// interface file (`.accmod`) records an explicit `routine` directive: the level (and `bind`)
/// it gives each device type, one remark per level with the device types it is for when they differ
/// (device types it names no level for are left out: the link step decides those).
fn imported_routine_remarks(unit: &FUnit, module: &Module) -> Vec<Diagnostic> {
    let scopes = &unit.scopes.scopes;
    let mut by_symbol: HashMap<&str, (&str, &str, &super::accmod::Routine)> = HashMap::new();
    for scope in scopes {
        let Some(procedure) = &scope.imported else {
            continue;
        };
        let Some(routine) = &procedure.routine else {
            continue;
        };
        let owner = scope
            .parent
            .and_then(|p| scopes.get(p))
            .map_or("", |p| p.name.as_str());
        by_symbol.insert(&procedure.symbol, (&procedure.name, owner, routine));
    }
    if by_symbol.is_empty() {
        return Vec::new();
    }
    let bodies = module
        .kernels
        .iter()
        .map(|k| &k.body)
        .chain(module.device_functions.iter().map(|f| &f.body));
    let mut remarks: Vec<Diagnostic> = Vec::new();
    for body in bodies {
        for (handle, expr) in body.exprs.iter() {
            let acc_ir::body::ExprKind::Call { function, .. } = &expr.kind else {
                continue;
            };
            let symbol = function
                .strip_prefix(acc_ir::body::EXPORT_PREFIX)
                .unwrap_or(function);
            let Some(&(name, owner, routine)) = by_symbol.get(symbol) else {
                continue;
            };
            let span = body.exprs.get_span(handle);
            let mut levels: Vec<(String, Vec<&str>)> = Vec::new();
            for target in &DEVICE_TYPES {
                let Some(mut level) = routine.level_for(target) else {
                    continue;
                };
                if let Some(bind) = routine.bind_for(target) {
                    level = format!("{level} bind({bind})");
                }
                match levels.iter_mut().find(|(l, _)| *l == level) {
                    Some((_, targets)) => targets.push(target.spelling()),
                    None => levels.push((level, vec![target.spelling()])),
                }
            }
            let everywhere = levels.len() == 1 && levels[0].1.len() == DEVICE_TYPES.len();
            for (level, targets) in levels {
                let tag = if everywhere {
                    String::new()
                } else {
                    format!(" (for device_type {})", targets.join(", "))
                };
                let remark = Diagnostic::remark(
                    span,
                    format!(
                        "call of '{name}' uses 'acc routine {level}' from module '{owner}'{tag}"
                    ),
                );
                if !remarks.contains(&remark) {
                    remarks.push(remark);
                }
            }
        }
    }
    remarks
}

fn fix_implicit_starts(module: &mut Module) {
    let handles: Vec<Handle<acc_ir::DataOp>> = module
        .data_ops
        .iter()
        .filter(|(_, d)| d.implicit && d.path.is_empty())
        .map(|(h, _)| h)
        .collect();
    for handle in handles {
        let data = module.data_ops[handle].clone();
        let name = module.variables[data.var].name.clone();
        for (d, bounds) in data.bounds.iter().enumerate() {
            let extent = module.bounds[*bounds].extent;
            let is_descriptor =
                extent.is_some_and(|e| module.exprs[e].text.starts_with(&format!("size({name}, ")));
            if is_descriptor {
                let span = module.bounds.get_span(*bounds);
                let start = module.expr(format!("lbound({name}, {})", d + 1), None, span);
                module.bounds[*bounds].start_idx = start;
            }
        }
    }
}

/// Directive kinds whose block must be closed by an `!$acc end` directive.
fn needs_end(kind: &DirectiveKind) -> bool {
    matches!(
        kind,
        DirectiveKind::Parallel
            | DirectiveKind::Serial
            | DirectiveKind::Kernels
            | DirectiveKind::Data
            | DirectiveKind::HostData
    )
}

/// Directive kinds that may be closed by an `!$acc end` directive right after their statement.
fn optional_end(kind: &DirectiveKind) -> bool {
    matches!(
        kind,
        DirectiveKind::ParallelLoop
            | DirectiveKind::SerialLoop
            | DirectiveKind::KernelsLoop
            | DirectiveKind::Atomic(_)
    )
}

fn closes(end: &DirectiveKind, opener: &DirectiveKind) -> bool {
    match (end, opener) {
        (DirectiveKind::Atomic(_), DirectiveKind::Atomic(_)) => true,
        _ => end == opener,
    }
}

fn name(kind: &DirectiveKind) -> String {
    kind.display(Language::Fortran)
}

impl<'a> Lowerer<'a> {
    /// The name of the file being compiled (tags symbols of the translation unit).
    pub(crate) fn main_file(&self) -> &str {
        self.source_map.main_file()
    }

    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::error(span, message));
    }

    fn run(&mut self) {
        for error in self.unit.scan_errors.clone() {
            let span = SourceContext::span(self, error.span);
            self.error(span, error.message);
        }
        let mut parsed: Vec<Option<Directive>> = Vec::new();
        for line in &self.unit.directives {
            let result =
                directive::parse_directive(&line.text, line.text_offset, Language::Fortran);
            for error in result.errors {
                let span = SourceContext::span(self, error.span);
                self.error(span, error.message);
            }
            parsed.push(result.directive);
        }
        let ends = self.pair_ends(&parsed);
        let loops = match self.do_concurrent {
            crate::DoConcurrent::None => Vec::new(),
            _ => self.do_concurrent_loops(),
        };
        let mut loops = loops.into_iter().peekable();
        for (index, directive) in parsed.iter().enumerate() {
            let Some(directive) = directive else { continue };
            if matches!(directive.kind, DirectiveKind::End(_)) {
                continue;
            }
            let start = self.unit.directives[index].start;
            while let Some(line) = loops.next_if(|l| l.start < start) {
                self.do_concurrent_loop(line);
            }
            self.regions.close_before(start);
            let line = self.unit.directives[index].clone();
            let end = ends.get(&index).map(|e| self.unit.directives[*e].start);
            self.directive(line, directive, end);
        }
        for line in loops {
            self.do_concurrent_loop(line);
        }
        self.regions.close_before(u32::MAX);
        self.declared_allocations();
    }

    /// `allocate` and `deallocate` of an allocatable or pointer array that a `declare` names:
    /// the device copy is created right after the allocation and deleted right before the
    /// deallocation (OpenACC 3.3 §2.13), as if `enter data create(a)` / `exit data delete(a)`
    /// were written there.
    fn declared_allocations(&mut self) {
        let mut declared: Vec<Handle<acc_ir::Variable>> = Vec::new();
        self.module.walk(&mut |_, op| {
            if let acc_ir::OpKind::Declare(d) = &op.kind {
                for data in &d.data_entry {
                    let var = self.module.data_ops[*data].var;
                    if !declared.contains(&var) {
                        declared.push(var);
                    }
                }
            }
        });
        let Some(root) = self.unit.root() else {
            return;
        };
        let mut statements = Vec::new();
        super::symbols::walk(root, |node| {
            let allocate = match node.kind() {
                "allocate_statement" => true,
                "deallocate_statement" => false,
                _ => return true,
            };
            let mut cursor = node.walk();
            for item in node.named_children(&mut cursor) {
                let base = match item.kind() {
                    "identifier" => Some(item),
                    "sized_allocation" => item.named_child(0).filter(|n| n.kind() == "identifier"),
                    _ => None,
                };
                if let Some(base) = base {
                    statements.push((
                        node.start_byte() as u32,
                        node.end_byte() as u32,
                        allocate,
                        self.unit.node_text(base).to_string(),
                        base.start_byte() as u32..base.end_byte() as u32,
                    ));
                }
            }
            false
        });
        for (start, end, allocate, name, range) in statements {
            let is_same = self
                .unit
                .scopes
                .scope_at(start)
                .map(|scope| self.unit.scopes.resolve(scope, &name))
                .is_some_and(|r| matches!(r, Resolved::Variable(..)));
            if !is_same {
                continue;
            }
            // The variable the statement allocates, whatever it is called here (`use m, only:
            // b => buf`) and whichever module of the file declares it (two modules may each
            // declare a private `buf`); else a module variable of another file that its module
            // declares (`.accmod`).
            let Some((resolved, symbol, _)) = self.resolve_variable(&name, start, range) else {
                continue;
            };
            // (A renamed module variable is a variable of its own name, declared where the
            // module declares it.)
            let variables = &self.module.variables;
            let declared_here = declared.iter().any(|&var| {
                var == resolved
                    || variables[var].storage == acc_ir::Storage::Global
                        && variables[resolved].storage == acc_ir::Storage::Global
                        && variables[var].decl == variables[resolved].decl
            });
            if !declared_here && !self.imported_declared(&name, start) {
                continue;
            }
            if !(symbol.attrs.allocatable || symbol.attrs.pointer) {
                continue;
            }
            let (at, text) = if allocate {
                (end, format!(" enter data create({name})"))
            } else {
                (start, format!(" exit data delete({name})"))
            };
            let result = directive::parse_directive(&text, at, Language::Fortran);
            if let Some(parsed) = result.directive.filter(|_| result.errors.is_empty()) {
                let line = DirectiveLine {
                    start: at,
                    text_offset: at,
                    text,
                    end: at,
                };
                self.directive(line, &parsed, None);
            }
        }
    }

    /// Whether `name` at `at` is a use-associated module variable that its module (another
    /// file) names in a `declare` ([`Attrs::acc_declared`](super::symbols::Attrs), from the
    /// `.accmod`).
    fn imported_declared(&self, name: &str, at: u32) -> bool {
        self.unit
            .scopes
            .scope_at(at)
            .map(|scope| self.unit.scopes.resolve(scope, name))
            .is_some_and(
                |r| matches!(r, Resolved::Variable(symbol, _) if symbol.attrs.acc_declared),
            )
    }

    /// The outermost `do concurrent` loops, each as the `parallel loop` directive it stands
    /// for under `-fdo-concurrent-to-acc=` (at the loop's offset, with an empty extent).
    fn do_concurrent_loops(&mut self) -> Vec<DirectiveLine> {
        let Some(root) = self.unit.root() else {
            return Vec::new();
        };
        let mut found = Vec::new();
        super::symbols::walk(root, |node| {
            if node.kind() != "do_loop" {
                return true;
            }
            let mut cursor = node.walk();
            let header = node
                .named_children(&mut cursor)
                .find(|c| c.kind() == "do_statement");
            let concurrent = header.and_then(|h| {
                let mut c = h.walk();
                let found = h
                    .named_children(&mut c)
                    .find(|n| n.kind() == "concurrent_statement");
                found
            });
            match concurrent {
                // The outermost only: loops inside it run as its iterations do.
                Some(statement) => {
                    found.push((node.start_byte() as u32, statement));
                    false
                }
                None => true,
            }
        });
        let mut lines = Vec::new();
        for (start, statement) in found {
            let mut controls = 0;
            let mut mask = false;
            let mut clauses = Vec::new();
            let mut ranges = Vec::new();
            super::symbols::walk(statement, |n| {
                match n.kind() {
                    "concurrent_control" => controls += 1,
                    "concurrent_mask" => mask = true,
                    "concurrent_locality" => {
                        ranges.push(n.start_byte() as u32..n.end_byte() as u32);
                        let text = self.unit.node_text(n).to_string();
                        let lower = text.to_ascii_lowercase();
                        let (keyword, rest) = match lower.find('(') {
                            Some(p) => (lower[..p].trim().to_string(), &text[p..]),
                            None => (lower.clone(), ""),
                        };
                        match keyword.as_str() {
                            "local" => clauses.push(format!("private{rest}")),
                            "local_init" => clauses.push(format!("firstprivate{rest}")),
                            "reduce" => clauses.push(format!("reduction{rest}")),
                            "default" => clauses.push(format!("default{rest}")),
                            _ => {}
                        }
                        return false;
                    }
                    _ => {}
                }
                true
            });
            if mask {
                let span = SourceContext::span(self, start..start + 2);
                self.diagnostics.push(Diagnostic::remark(
                    span,
                    "'do concurrent' with a mask is not offloaded; it runs on the host",
                ));
                continue;
            }
            let mut text = " parallel loop".to_string();
            if controls > 1 {
                text.push_str(&format!(" collapse({controls})"));
            }
            for clause in clauses {
                text.push(' ');
                text.push_str(&clause);
            }
            self.localities.insert(start, ranges);
            lines.push(DirectiveLine {
                start,
                text_offset: start,
                text,
                end: start,
            });
        }
        lines
    }

    /// Lowers one `do concurrent` loop as a `parallel loop` construct, unless it is inside a
    /// compute construct or a loop directive applies to it.
    fn do_concurrent_loop(&mut self, line: DirectiveLine) {
        self.regions.close_before(line.start);
        if self.regions.enclosing_compute().is_some()
            || self
                .placements
                .values()
                .any(|p| p.statement.as_ref().is_some_and(|s| s.start == line.start))
        {
            return;
        }
        let result = directive::parse_directive(&line.text, line.text_offset, Language::Fortran);
        let Some(parsed) = result.directive.filter(|_| result.errors.is_empty()) else {
            let span = SourceContext::span(self, line.start..line.start + 2);
            self.diagnostics.push(Diagnostic::remark(
                span,
                "this 'do concurrent' is not offloaded: its locality specifiers have no OpenACC equivalent",
            ));
            return;
        };
        self.erase = self.localities.remove(&line.start).unwrap_or_default();
        self.directive(line, &parsed, None);
        self.erase.clear();
    }

    /// Pairs every `!$acc end` directive with its opener; reports the unpaired ones. Returns
    /// opener index → end index.
    fn pair_ends(&mut self, parsed: &[Option<Directive>]) -> HashMap<usize, usize> {
        let mut ends = HashMap::new();
        let mut used = vec![false; parsed.len()];
        // Optional ends: the first directive after the statement, right after it (or, for
        // atomic, the next directive when it is `end atomic`). Directives inside the statement
        // (an atomic in the loop of a `parallel loop`) are skipped.
        for (index, directive) in parsed.iter().enumerate() {
            let Some(directive) = directive else { continue };
            if !optional_end(&directive.kind) {
                continue;
            }
            let line = &self.unit.directives[index];
            let next_index = if matches!(directive.kind, DirectiveKind::Atomic(_)) {
                index + 1
            } else {
                let after = self
                    .unit
                    .next_statement(line.end)
                    .map_or(line.end, |s| s.end_byte() as u32);
                match (index + 1..parsed.len()).find(|&j| self.unit.directives[j].start >= after) {
                    Some(j) => j,
                    None => continue,
                }
            };
            if used.get(next_index).copied().unwrap_or(true) {
                continue;
            }
            let Some(Some(next)) = parsed.get(next_index) else {
                continue;
            };
            let DirectiveKind::End(inner) = &next.kind else {
                continue;
            };
            // `!$acc end kernels` right after a `kernels loop`'s loop: not OpenACC's spelling
            // (`end kernels loop`), but gfortran's only complaint and what NVHPC and Flang
            // accept, as there can be no `kernels` construct around the combined one for it to
            // end. It ends the combined construct, with a warning.
            let combined_base = match directive.kind {
                DirectiveKind::ParallelLoop => Some(DirectiveKind::Parallel),
                DirectiveKind::SerialLoop => Some(DirectiveKind::Serial),
                DirectiveKind::KernelsLoop => Some(DirectiveKind::Kernels),
                _ => None,
            };
            let loose = combined_base.as_ref() == Some(&**inner);
            if !loose && !closes(inner, &directive.kind) {
                continue;
            }
            let next_line = &self.unit.directives[next_index];
            let paired = if matches!(directive.kind, DirectiveKind::Atomic(_)) {
                true
            } else {
                // Only blanks and comments between the statement's end and the end directive.
                match self.unit.next_statement(line.end) {
                    Some(statement) => {
                        // A statement that runs past the end directive (a parse error
                        // swallowed it) does not pair.
                        let after = statement.end_byte();
                        self.unit
                            .text
                            .get(after..next_line.start as usize)
                            .is_some_and(|between| {
                                between
                                    .lines()
                                    .all(|l| l.trim().is_empty() || l.trim_start().starts_with('!'))
                            })
                    }
                    None => false,
                }
            };
            if paired {
                if loose {
                    let span = SourceContext::span(self, next.kind_span.clone());
                    let message = format!(
                        "'{}' ends '{}', which OpenACC ends with '{}'",
                        name(&next.kind),
                        name(&directive.kind),
                        name(&DirectiveKind::End(Box::new(directive.kind.clone())))
                    );
                    self.diagnostics.push(Diagnostic::warning(span, message));
                }
                ends.insert(index, next_index);
                used[next_index] = true;
            }
        }
        let mut stack: Vec<usize> = Vec::new();
        for (index, directive) in parsed.iter().enumerate() {
            let Some(directive) = directive else { continue };
            if needs_end(&directive.kind) {
                stack.push(index);
                continue;
            }
            let DirectiveKind::End(inner) = &directive.kind else {
                continue;
            };
            if used[index] {
                continue;
            }
            let span = SourceContext::span(self, directive.kind_span.clone());
            if **inner == DirectiveKind::Loop {
                self.diagnostics.push(Diagnostic::warning(
                    span,
                    "'!$acc end loop' is not an OpenACC directive (a loop construct ends with its loop); it is ignored",
                ));
                continue;
            }
            let found = stack.iter().rposition(|&open| {
                parsed[open]
                    .as_ref()
                    .is_some_and(|o| closes(inner, &o.kind))
            });
            match found {
                Some(position) => {
                    for &unclosed in &stack[position + 1..] {
                        self.missing_end(parsed, unclosed);
                    }
                    let open = stack[position];
                    stack.truncate(position);
                    ends.insert(open, index);
                }
                None => {
                    let message = format!(
                        "'{}' without a matching '{}'",
                        name(&directive.kind),
                        name(inner)
                    );
                    self.error(span, message);
                }
            }
        }
        for unclosed in stack {
            self.missing_end(parsed, unclosed);
        }
        ends
    }

    fn missing_end(&mut self, parsed: &[Option<Directive>], index: usize) {
        let Some(directive) = &parsed[index] else {
            return;
        };
        let span = SourceContext::span(self, directive.kind_span.clone());
        let kind = directive.kind.clone();
        let message = format!(
            "'{}' has no matching '{}'",
            name(&kind),
            name(&DirectiveKind::End(Box::new(kind.clone())))
        );
        self.error(span, message);
    }

    /// The block new ops go into: the innermost open region, the procedure, or the globals.
    fn push_op(&mut self, start: u32, op: Handle<Op>) {
        if let Some(open) = self.regions.open.last() {
            let parent = open.op;
            if let Some(body) = self.module.ops[parent].body_mut() {
                body.push(op);
            }
            return;
        }
        match self.procedure_at(start) {
            Some(name) => {
                let position = match self.function_index.get(&name) {
                    Some(p) => *p,
                    None => {
                        let span = SourceContext::span(self, start..start + 1);
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
                self.module.functions[position].body.push(op);
            }
            None => self.module.globals.push(op),
        }
    }

    /// The procedure or program a directive at `offset` is in (`None` in a module's
    /// specification part).
    fn procedure_at(&self, offset: u32) -> Option<String> {
        let scope = self.unit.scopes.scope_at(offset)?;
        let s = &self.unit.scopes.scopes[scope];
        (s.kind != ScopeKind::Module).then(|| s.name.clone())
    }

    /// The module whose specification part holds `offset`.
    fn module_at(&self, offset: u32) -> Option<String> {
        let scope = self.unit.scopes.scope_at(offset)?;
        let s = &self.unit.scopes.scopes[scope];
        (s.kind == ScopeKind::Module).then(|| s.name.clone())
    }

    /// The original line of an offset of the text.
    fn line_of(&self, offset: u32) -> u32 {
        self.source_map.location(self.offsets.original(offset)).1
    }

    /// The lines of a directive at `start`: its construct ends at its `!$acc end` directive
    /// (`end`), else at the last line of its statement; the program unit it is in.
    fn placement_lines(
        &self,
        start: u32,
        statement: Option<&FStatement>,
        end: Option<u32>,
    ) -> crate::PlacementLines {
        let last = |range: &Range<u32>| self.line_of(range.end.max(range.start + 1) - 1);
        let end = match (end, statement) {
            (Some(end), Some(_)) => self.line_of(end),
            (_, Some(statement)) => last(&statement.range),
            (_, None) => self.line_of(start),
        };
        let function = self
            .unit
            .scopes
            .scope_at(start)
            .map(|scope| &self.unit.scopes.scopes[scope].range)
            .map_or((0, 0), |range| (self.line_of(range.start), last(range)));
        crate::PlacementLines { end, function }
    }

    /// gfortran takes a name that is implicitly typed and first appears inside a BLOCK construct
    /// for a local of the BLOCK, and the host emitter wraps each directive's code in one: the
    /// variables a directive's clauses and construct use that are implicitly typed get their
    /// implicit type declared explicitly, once per program unit, after its specification
    /// statements (so the program's own uses, before or after, are the same variable).
    fn declare_implicit_names(
        &mut self,
        directive: &Directive,
        statement: Option<&FStatement>,
        at: u32,
    ) {
        let Some(scope) = self.unit.scopes.scope_at(at) else {
            return;
        };
        if self.unit.scopes.scopes[scope].kind == ScopeKind::Module {
            return;
        }
        let rules = self.unit.scopes.implicit(scope);
        if matches!(rules, super::symbols::Implicit::None) {
            return;
        }
        let mut names = Vec::new();
        for clause in &directive.clauses {
            match &clause.args {
                directive::ClauseArgs::Vars(list)
                | directive::ClauseArgs::Reduction { vars: list, .. } => {
                    for var in &list.vars {
                        names.push(var.base.name.clone());
                        names.extend(variable_words(&var.text));
                    }
                }
                directive::ClauseArgs::Expr(e)
                | directive::ClauseArgs::Worker(Some(e))
                | directive::ClauseArgs::Vector(Some(e)) => names.extend(variable_words(&e.text)),
                directive::ClauseArgs::Exprs(list) => {
                    for e in list {
                        names.extend(variable_words(&e.text));
                    }
                }
                _ => {}
            }
        }
        if let Some(statement) = statement {
            for (name, _, called) in self.unit.identifiers_in(statement.range.clone()) {
                if !called {
                    names.push(name);
                }
            }
        }
        let mut declarations = String::new();
        for name in names {
            let lower = name.to_ascii_lowercase();
            if self.implicit_declared.contains(&(scope, lower.clone()))
                || !matches!(self.unit.scopes.resolve(scope, &name), Resolved::NotFound)
            {
                continue;
            }
            self.implicit_declared.insert((scope, lower.clone()));
            use super::accmod::{type_words, Type};
            let Some(ty) = rules.type_of(&lower).map(|base| Type::from_base(&base)) else {
                continue;
            };
            // Not `character` (its length is not kept) or a type accc cannot see.
            if matches!(
                ty,
                Type::Character { .. } | Type::CPtr | Type::Unknown { .. }
            ) {
                continue;
            }
            declarations.push_str(&format!("; {} :: {lower}", type_words(&ty)));
        }
        if declarations.is_empty() {
            return;
        }
        // On the line of the unit's last specification statement (its header when it has
        // none), after it and before any comment: no line is added, so the host compiler's
        // line numbers stay the user's.
        let text = self.unit.text.as_str();
        let last = (self.unit.scopes.scopes[scope].last_spec as usize).min(text.len());
        // (A statement's node may end after its newline.)
        let last = if text[..last].ends_with('\n') {
            last - 1
        } else {
            last
        };
        let line_start = text[..last].rfind('\n').map_or(0, |p| p + 1);
        let line_end = text[last..].find('\n').map_or(text.len(), |p| last + p);
        let at = comment_start(&text[line_start..line_end]).map_or(line_end, |p| line_start + p);
        let at = line_start + text[line_start..at].trim_end().len();
        self.implicit_declarations.push((at as u32, declarations));
    }

    /// Where the data of a `declare` at `at` (in a procedure's or program's specification
    /// part) is entered and exited: the execution part's first line (an executable directive's
    /// when one comes first), the line of its `contains` or `end` statement, and its `return`
    /// statements. `None` for a module, or a unit with an alternate return.
    fn scope_edges(&self, at: u32) -> Option<crate::ScopeEdges> {
        let index = self.unit.scopes.scope_at(at)?;
        let scope = &self.unit.scopes.scopes[index];
        if matches!(scope.kind, ScopeKind::Module | ScopeKind::InterfaceBody) {
            return None;
        }
        let text = self.unit.text.as_str();
        let line_start = |offset: u32| -> u32 {
            let offset = (offset as usize).min(text.len());
            text[..offset].rfind('\n').map_or(0, |p| p + 1) as u32
        };
        let root = self.unit.root()?;
        let mut node =
            root.descendant_for_byte_range(scope.range.start as usize, scope.range.end as usize)?;
        while (node.start_byte() as u32, node.end_byte() as u32)
            != (scope.range.start, scope.range.end)
        {
            node = node.parent()?;
        }
        let mut cursor = node.walk();
        let end = node
            .children(&mut cursor)
            .skip(1)
            .find(|child| {
                let kind = child.kind();
                kind == "internal_procedures"
                    || kind == "contains_statement"
                    || kind.starts_with("end_")
            })
            .map_or(scope.range.end, |child| child.start_byte() as u32);
        let end = line_start(end);
        // The first executable directive between the specification statements and the first
        // executable statement, if any, starts the execution part.
        let mut start = line_start(scope.spec_end.min(end));
        let mut offset = text[scope.last_spec as usize..]
            .find('\n')
            .map_or(start, |p| (scope.last_spec as usize + p + 1) as u32);
        while offset < start {
            let line_end = text[offset as usize..]
                .find('\n')
                .map_or(text.len(), |p| offset as usize + p);
            let line = text[offset as usize..line_end]
                .trim_start()
                .to_ascii_lowercase();
            if let Some(rest) = line.strip_prefix("!$acc") {
                let rest = rest.trim_start();
                if !(rest.starts_with('&')
                    || rest.starts_with("declare")
                    || rest.starts_with("routine"))
                {
                    start = offset;
                    break;
                }
            }
            offset = line_end as u32 + 1;
        }
        let mut returns = Vec::new();
        let mut alternate = false;
        super::symbols::walk(node, |n| {
            let kind = n.kind();
            if n.id() != node.id()
                && matches!(
                    kind,
                    "internal_procedures" | "subroutine" | "function" | "interface"
                )
            {
                return false;
            }
            if kind == "keyword_statement" {
                let words = self.unit.node_text(n).trim().to_ascii_lowercase();
                if words == "return" {
                    let start = n.start_byte() as u32;
                    returns.push(start..start + 6);
                } else if words.starts_with("return") {
                    alternate = true;
                }
                return false;
            }
            true
        });
        (!alternate && start <= end).then_some(crate::ScopeEdges {
            start,
            end,
            returns,
        })
    }

    fn directive(&mut self, line: DirectiveLine, directive: &Directive, end: Option<u32>) {
        use DirectiveKind as D;
        let name_span = SourceContext::span(self, directive.kind_span.clone());
        let display = name(&directive.kind);
        let scope = self.unit.scopes.scope_at(line.start);
        let Some(scope) = scope else {
            self.error(
                name_span,
                format!("'{display}' must appear inside a program unit"),
            );
            return;
        };
        let scope_kind = self.unit.scopes.scopes[scope].kind;
        let in_spec = line.start < self.unit.scopes.scopes[scope].last_spec;
        let in_execution = line.start >= self.unit.scopes.scopes[scope].spec_end;
        if let Err(message) = self.regions.nesting_limit(&directive.kind) {
            if let Some(message) = message {
                self.error(name_span, message);
            }
            return;
        }
        if let Some(message) = self
            .regions
            .compute_nesting_error(&directive.kind, &display)
        {
            self.error(name_span, message);
            return;
        }
        match &directive.kind {
            D::Routine | D::Declare => {
                if in_execution {
                    self.error(
                        name_span,
                        format!(
                            "'{display}' must appear in the specification part of a program unit"
                        ),
                    );
                    return;
                }
            }
            _ => {
                if scope_kind == ScopeKind::Module || scope_kind == ScopeKind::InterfaceBody {
                    self.error(
                        name_span,
                        format!("'{display}' may only appear inside a procedure or program"),
                    );
                    return;
                }
                if in_spec {
                    self.error(
                        name_span,
                        format!("'{display}' may not appear in the specification part; it must come after the declarations"),
                    );
                    return;
                }
            }
        }
        let statement = match &directive.kind {
            kind if kind.is_standalone() => None,
            kind => match end {
                Some(block_end) if needs_end(kind) || matches!(kind, D::Atomic(_)) => {
                    if let Err(at) = self.unit.check_block(line.end, block_end) {
                        let at = SourceContext::span(self, at..at + 1);
                        let end_name = name(&D::End(Box::new(kind.clone())));
                        self.diagnostics.push(
                                Diagnostic::error(
                                    name_span,
                                    format!("'{display}' and its '{end_name}' are not in the same block of statements"),
                                )
                                .with_note(at, "this statement crosses the region's boundary"),
                            );
                        return;
                    }
                    Some(FStatement {
                        range: line.end..block_end,
                        is_do: false,
                        block: true,
                    })
                }
                _ => match self.unit.next_statement(line.end) {
                    Some(node) => Some(FStatement {
                        range: node.start_byte() as u32..node.end_byte() as u32,
                        is_do: node.kind() == "do_loop",
                        block: false,
                    }),
                    None => {
                        self.error(
                            name_span,
                            format!("'{display}' must be followed by a statement"),
                        );
                        return;
                    }
                },
            },
        };
        if let Some(statement) = &statement {
            self.check_branches(&directive.kind, line.start, statement.range.clone());
        }
        let mut lowering = ClauseLowering::new(self, directive, line.start);
        let built = lowering.build(statement.as_ref());
        let Some((op, region)) = built else { return };
        self.push_op(line.start, op);
        self.declare_implicit_names(directive, statement.as_ref(), line.start);
        let placement = crate::Placement {
            pragma: line.start..line.end,
            statement: statement.as_ref().map(|s| s.range.clone()),
            // In a module's specification part: the module (a global `declare` names its
            // variables by the module's symbols).
            function: self
                .procedure_at(line.start)
                .or_else(|| self.module_at(line.start)),
            erase: std::mem::take(&mut self.erase),
            lines: self.placement_lines(line.start, statement.as_ref(), end),
            scope: match &self.module.ops[op].kind {
                acc_ir::OpKind::Declare(d) if !d.global => self.scope_edges(line.start),
                _ => None,
            },
        };
        if let acc_ir::OpKind::Compute(c) = &self.module.ops[op].kind {
            if let Some(&loop_op) = c.body.first().filter(|_| c.combined) {
                self.placements.insert(loop_op, placement.clone());
            }
        }
        self.placements.insert(op, placement);
        if let (Some(statement), Some(kind)) = (statement, region) {
            let end = end.unwrap_or(statement.range.end);
            self.regions.push_construct(&self.module, op, end, kind);
        }
    }
}

impl Lowerer<'_> {
    /// Errors for branches into or out of the structured block of a compute, `data` or
    /// `host_data` construct (`branches.rs`).
    fn check_branches(&mut self, kind: &DirectiveKind, at: u32, block: Range<u32>) {
        if !kind.has_structured_block() {
            return;
        }
        let Some(root) = self.unit.root() else {
            return;
        };
        let line = self.line_of(at);
        let display = name(kind);
        let display = display
            .strip_prefix("!$acc ")
            .unwrap_or(&display)
            .to_string();
        for crossing in super::branches::crossings(&self.unit.text, root, block) {
            let span = SourceContext::span(self, crossing.range);
            let direction = if crossing.into { "into" } else { "out of" };
            self.error(
                span,
                format!(
                    "{} branches {direction} the structured block of the '{display}' construct at line {line} (OpenACC allows no branch into or out of it)",
                    crossing.what
                ),
            );
        }
    }
}

impl Lowerer<'_> {
    /// Records every procedure call outside compute constructs (`call s(...)` and references
    /// of names that are not variables), with the procedure or main program it is in
    /// ([`Module::host_calls`]), for the `nohost` checks. Iterative.
    fn record_host_calls(&mut self) {
        let regions: Vec<Range<u32>> = self
            .placements
            .iter()
            .filter(|(op, _)| matches!(self.module.ops[**op].kind, acc_ir::OpKind::Compute(_)))
            .filter_map(|(_, placement)| placement.statement.clone())
            .collect();
        let Some(root) = self.unit.root() else {
            return;
        };
        let scopes = &self.unit.scopes;
        let mut calls = Vec::new();
        super::symbols::walk(root, |node| {
            let range = node.start_byte() as u32..node.end_byte() as u32;
            if regions
                .iter()
                .any(|r| r.start <= range.start && range.end <= r.end)
            {
                return false;
            }
            let callee = match node.kind() {
                "subroutine_call" => node.child_by_field_name("subroutine"),
                "call_expression" => node.named_child(0),
                _ => None,
            };
            let Some(callee) = callee.filter(|c| c.kind() == "identifier") else {
                return true;
            };
            let name = self.unit.node_text(callee).to_ascii_lowercase();
            let Some(scope) = scopes.name_scope_at(range.start) else {
                return true;
            };
            let procedure = node.kind() == "subroutine_call"
                || match scopes.resolve(scope, &name) {
                    super::symbols::Resolved::Variable(symbol, _) => symbol.attrs.external,
                    _ => true,
                };
            let caller = &scopes.scopes[scopes.unit_of(scope)];
            if procedure && caller.kind != ScopeKind::Module {
                calls.push((name, caller.name.clone(), range));
            }
            true
        });
        for (callee, caller, range) in calls {
            let span = SourceContext::span(self, range);
            self.module.host_calls.push(acc_ir::body::HostCall {
                callee,
                caller,
                span,
            });
        }
    }
}

impl SourceContext for Lowerer<'_> {
    type Statement = FStatement;

    fn module(&mut self) -> &mut Module {
        &mut self.module
    }

    fn module_ref(&self) -> &Module {
        &self.module
    }

    fn language(&self) -> Language {
        Language::Fortran
    }

    fn span(&mut self, range: Range<u32>) -> Span {
        let start = self.offsets.original(range.start);
        let end = self
            .offsets
            .original(range.end.saturating_sub(1).max(range.start))
            + u32::from(range.end > range.start);
        self.source_map
            .span(&mut self.module.files, start..end.max(start))
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    fn regions(&self) -> &Regions {
        &self.regions
    }

    fn operand(&mut self, var_ref: &directive::VarRef, at: u32) -> Option<Operand> {
        self.fortran_operand(var_ref, at, false)
    }

    fn address_operand(&mut self, var_ref: &directive::VarRef, at: u32) -> Option<Operand> {
        self.fortran_operand(var_ref, at, true)
    }

    fn captured(&mut self, statement: &FStatement) -> Vec<Captured> {
        let mut captured: Vec<Captured> = Vec::new();
        for (name, range, called) in self.unit.identifiers_in(statement.range.clone()) {
            let Some(scope) = self.unit.scopes.scope_at(range.start) else {
                continue;
            };
            // The associate name of a variable is the variable.
            let name = self
                .unit
                .associated_variable(&name, range.start)
                .unwrap_or(name);
            let (symbol, declared_in) = match self.unit.scopes.resolve(scope, &name) {
                Resolved::Variable(mut symbol, index) => {
                    // Through a `use` rename the variable is known here by its local name.
                    if !symbol.name.eq_ignore_ascii_case(&name) {
                        symbol.name = name.clone();
                    }
                    (symbol, index)
                }
                Resolved::NotFound if !called => {
                    let Some(base) = self.unit.scopes.implicit(scope).type_of(&name) else {
                        continue;
                    };
                    (
                        super::symbols::Symbol {
                            name: name.clone(),
                            base,
                            dims: Vec::new(),
                            attrs: Default::default(),
                            decl: self.unit.scopes.scopes[scope].header.clone(),
                            value: None,
                            real: None,
                            typed: false,
                            link: None,
                        },
                        scope,
                    )
                }
                _ => continue,
            };
            // Named constants are not data; a call of a name without dimensions is a function.
            if symbol.attrs.parameter || (called && symbol.dims.is_empty()) {
                continue;
            }
            if declared_in == scope
                && self.unit.scopes.scopes[scope]
                    .procedures
                    .contains(&name.to_ascii_lowercase())
                && symbol.dims.is_empty()
                && called
            {
                continue;
            }
            let var = self.variable_of(&symbol, declared_in);
            if captured.iter().any(|c| c.var == var) {
                continue;
            }
            let span = SourceContext::span(self, range);
            captured.push(Captured { var, span });
        }
        captured
    }

    fn require_loop(&mut self, statement: &FStatement, name: &str, name_span: Span) -> bool {
        if statement.is_do {
            return true;
        }
        let start = statement.range.start;
        let stmt_span = SourceContext::span(self, start..start + 1);
        self.diagnostics.push(
            Diagnostic::error(
                name_span,
                format!("'{name}' must be followed by a 'do' loop"),
            )
            .with_note(stmt_span, "this statement is not a 'do' loop"),
        );
        false
    }

    fn associated_loops(
        &mut self,
        statement: &FStatement,
        request: &LoopRequest<'_>,
    ) -> Option<Vec<AssociatedLoop>> {
        let root = self.unit.root()?;
        let node = root.named_descendant_for_byte_range(
            statement.range.start as usize,
            statement.range.end as usize,
        )?;
        let nest = self.unit.loop_nest(node, request.depth, request.forced);
        if nest.len() < request.depth {
            let span = request.depth_span.unwrap_or(request.name_span);
            self.error(
                span,
                format!(
                    "'{}' needs {} tightly nested loops, but only {} found",
                    request.depth_clause,
                    request.depth,
                    nest.len()
                ),
            );
            return None;
        }
        let mut control = Vec::new();
        for do_loop in nest {
            let span = SourceContext::span(self, do_loop.header.start..do_loop.header.start + 2);
            let Some((var_name, var_range)) = do_loop.var.clone() else {
                self.error(
                    span,
                    format!(
                        "the loop after '{}' must be a counted 'do' loop ('do i = lower, upper[, step]'), not 'do while' or an endless 'do'",
                        request.name
                    ),
                );
                return None;
            };
            let (var, _, _) = self.resolve_variable(&var_name, do_loop.range.start, var_range)?;
            let mut expr = |text: &Option<String>| {
                text.clone().map(|t| {
                    let value = directive::const_int(&t);
                    self.module.expr(t, value, span)
                })
            };
            let lower = expr(&do_loop.start);
            let upper = expr(&do_loop.end);
            let step = expr(&do_loop.step);
            let descending = step
                .and_then(|s| self.module.exprs[s].value)
                .is_some_and(|v| v < 0);
            control.push(AssociatedLoop {
                var,
                declared_in_loop: false,
                lower,
                compare: Some(if descending { ">=" } else { "<=" }.to_string()),
                upper,
                step,
                span,
            });
        }
        Some(control)
    }

    fn atomic_statement(
        &mut self,
        statement: &FStatement,
        kind: AtomicKind,
    ) -> Result<String, String> {
        super::atomic::check_form(self.unit, statement, kind)
    }

    fn statement_span(&mut self, statement: &FStatement) -> Span {
        let start = match statement.block {
            true => self
                .unit
                .text
                .get(statement.range.start as usize..statement.range.end as usize)
                .and_then(|t| t.find(|c: char| !c.is_whitespace()))
                .map_or(statement.range.start, |i| statement.range.start + i as u32),
            false => statement.range.start,
        };
        let line_end = self.unit.text[start as usize..]
            .find('\n')
            .map_or(self.unit.text.len(), |i| start as usize + i) as u32;
        SourceContext::span(
            self,
            start..line_end.min(statement.range.end).max(start + 1),
        )
    }

    fn inside_loop(&self, at: u32) -> bool {
        self.unit.inside_do(at)
    }

    fn routine_target(
        &mut self,
        name: Option<&directive::Ident>,
        at: u32,
        name_span: Span,
    ) -> Option<(String, bool)> {
        let scope = self.unit.scopes.scope_at(at)?;
        if let Some(ident) = name {
            let span = SourceContext::span(self, ident.span.clone());
            let own = &self.unit.scopes.scopes[scope];
            // `routine(sq)` inside `sq` itself names the procedure (in a function, `sq` is
            // also the result variable), in its definition or in its interface body (IFS's
            // generated `*.intfb.h` interfaces, which nvfortran accepts).
            if matches!(
                own.kind,
                ScopeKind::Subroutine | ScopeKind::Function | ScopeKind::InterfaceBody
            ) && own.name.eq_ignore_ascii_case(&ident.name)
            {
                return Some((ident.name.to_ascii_lowercase(), true));
            }
            return match self.unit.scopes.resolve(scope, &ident.name) {
                Resolved::Procedure | Resolved::External => Some((ident.name.clone(), true)),
                Resolved::Variable(symbol, _) if symbol.attrs.external => {
                    Some((ident.name.clone(), true))
                }
                Resolved::Variable(..) => {
                    self.error(
                        span,
                        format!("'{}' in '!$acc routine' is not a procedure", ident.name),
                    );
                    None
                }
                Resolved::NotFound => {
                    self.error(
                        span,
                        format!("'{}' in '!$acc routine' is not a procedure of this scope (declare it with 'external' or an interface)", ident.name),
                    );
                    None
                }
            };
        }
        let s = &self.unit.scopes.scopes[scope];
        match s.kind {
            ScopeKind::Subroutine | ScopeKind::Function | ScopeKind::InterfaceBody => {
                Some((s.name.clone(), false))
            }
            _ => {
                self.error(name_span, "'!$acc routine' without a name must appear in a subroutine, a function or an interface body");
                None
            }
        }
    }

    fn declare_is_global(&self, at: u32) -> bool {
        self.unit
            .scopes
            .scope_at(at)
            .is_some_and(|s| self.unit.scopes.scopes[s].kind == ScopeKind::Module)
    }

    fn type_name(&self, ty: TypeHandle) -> String {
        super::operands::type_name(&self.module.types, ty)
    }
}

/// The names in a clause's expression text that may be variables: words not after `.` (an
/// operator or a logical constant), `%` (a component) or a digit (a kind or exponent), and not
/// followed by `(` (a function or an array's base, which a declaration names elsewhere).
fn variable_words(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_alphabetic() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let before = text[..start].trim_end().bytes().last();
            let after = text[i..].trim_start().bytes().next();
            let prefixed = matches!(before, Some(b'.' | b'%' | b'_'))
                || before.is_some_and(|b| b.is_ascii_digit());
            if !prefixed && after != Some(b'(') && after != Some(b'.') {
                words.push(text[start..i].to_string());
            }
        } else if bytes[i].is_ascii_digit() || bytes[i] == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    words
}

/// Where a `!` comment starts in a free-form line, outside character literals.
fn comment_start(line: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '!') => return Some(i),
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
    }
    None
}
