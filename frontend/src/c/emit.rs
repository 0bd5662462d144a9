//! The host emitter for C: rewrites the preprocessed translation unit so that every directive
//! becomes calls into the runtime (`__accrt_*`, see `runtime/include/accrt.h`), while the user's
//! original statement stays in place as the fallback branch.
//!
//! Edits never add or remove newlines, so the line markers of the preprocessed text keep every
//! line where the user wrote it: a pragma line is replaced by code on the same line, and the code
//! around a construct's statement is inserted inline before and after it.
//!
//! For a compute construct:
//! ```c
//! { static const __accrt_loc L = {...}; int __acc_if = (if-cond) && !(self-cond);
//!   __accrt_data E[] = {entry ops}; static const int XS[] = {entry index, exit action, flags...};
//!   if (__acc_if) __accrt_enter(E, ...);
//!   if (__acc_if && __accrt_use_kernels_of(CONSTRUCT, &L, {kernel names})) { ...arguments...; __accrt_launch(&K, ...); }
//!   else <the original statement>
//!   if (__acc_if) __accrt_exit_from(E, XS, ...); }
//! ```
//! (An exit that does not repeat its entry's data gets an exit array of its own, `__accrt_exit`.)
//! The code is kept small: it is compiled once per construct, so every statement here is paid
//! for by every user's compile time (the runtime computes what it can, such as the gang count).

use crate::host_plan::{
    Arg, AttachPoint, ComputePlan, Condition, Item, ItemForm, Launch, Plan, Planner, RegionData,
    UnsupportedSection,
};
use crate::runtime_calls::*;
use crate::{Analysis, Placement};
use acc_ir::body::{Kernel, Passing};
use acc_ir::*;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The helper a function-scope `declare` runs when its scope ends (a `cleanup` variable): the
/// exit items get their entries' device addresses, then the exit actions run.
const DECLARE_EXIT: &str = "typedef struct __accrt_declare { __accrt_data *exit; __accrt_data *entry; const signed char *links; int count; const __accrt_loc *loc; } __accrt_declare;\n\
static inline void __accrt_declare_exit(__accrt_declare *d) { for (int j = 0; j < d->count; j++) if (d->links[j] >= 0) d->exit[j].device = d->entry[d->links[j]].device; __accrt_exit(d->exit, d->count, -2, 0, 0, d->loc); }\n";

/// The C expressions of an `ACCRT_ROWS` `__accrt_data` (accrt.h).
struct RowsExtent {
    host: String,
    bytes: String,
    row_offset: String,
    row_bytes: String,
}

/// One text insertion at an offset of the preprocessed text; at equal offsets, lower `order`
/// goes first.
struct Edit {
    at: u32,
    order: i64,
    text: String,
}

/// Rewrites `analysis.preprocessed` into host C that calls the runtime. Returns the new text,
/// or the diagnostics of constructs it cannot express.
///
/// `compiled` names the kernels that exist in the kernel object (`None`: all of
/// `module.kernels`); the other compute constructs keep only their host fallback.
pub fn emit_host(
    analysis: &Analysis,
    compiled: Option<&[String]>,
) -> Result<String, Vec<Diagnostic>> {
    let mut emitter = Emitter {
        module: &analysis.module,
        text: &analysis.preprocessed,
        placements: &analysis.placements,
        planner: Planner::new(&analysis.module, compiled),
        lines: crate::c::source_map::SourceMap::new(&analysis.preprocessed, ""),
        edits: Vec::new(),
        blanks: Vec::new(),
        errors: Vec::new(),
        constructors: String::new(),
        counter: 0,
    };
    let mut stack: Vec<(Handle<Op>, usize)> = Vec::new();
    for op in &analysis.module.globals {
        stack.push((*op, 0));
    }
    for function in &analysis.module.functions {
        stack.extend(function.body.iter().map(|op| (*op, 0)));
    }
    while let Some((op, depth)) = stack.pop() {
        emitter.op(op, depth);
        if let Some(body) = analysis.module.ops[op].body() {
            stack.extend(body.iter().map(|inner| (*inner, depth + 1)));
        }
    }
    if !emitter.errors.is_empty() {
        return Err(emitter.errors);
    }
    Ok(emitter.finish())
}

struct Emitter<'a> {
    module: &'a Module,
    text: &'a str,
    placements: &'a HashMap<Handle<Op>, Placement>,
    /// The runtime calls of each directive.
    planner: Planner<'a>,
    /// Where each offset of the text is in the user's files, for the line markers that put
    /// a wrapped statement back at its own line and column.
    lines: crate::c::source_map::SourceMap,
    edits: Vec<Edit>,
    /// Ranges replaced by spaces (pragma lines).
    blanks: Vec<std::ops::Range<u32>>,
    errors: Vec<Diagnostic>,
    /// Constructor functions for global `declare`, appended at the end.
    constructors: String,
    counter: usize,
}

impl<'a> Emitter<'a> {
    fn finish(self) -> String {
        let mut bytes: Vec<u8> = self.text.as_bytes().to_vec();
        for range in &self.blanks {
            for b in &mut bytes[range.start as usize..range.end as usize] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
        let mut edits = self.edits;
        edits.sort_by_key(|e| (e.at, e.order));
        let mut out = String::with_capacity(bytes.len() + 4096);
        out.push_str(&accc_abi::c::prelude());
        out.push_str(DECLARE_EXIT);
        let mut position = 0usize;
        for edit in &edits {
            let at = edit.at as usize;
            out.push_str(&String::from_utf8_lossy(&bytes[position..at]));
            out.push_str(&edit.text);
            position = at;
        }
        out.push_str(&String::from_utf8_lossy(&bytes[position..]));
        out.push('\n');
        out.push_str(&self.constructors);
        // Kernels call the TU's functions through global aliases, which also reach `static` ones;
        // so do the device routines they reach, whose callees the kernel object may not define.
        let mut aliases: Vec<&str> = Vec::new();
        let mut bodies: Vec<&acc_ir::body::Body> = self
            .planner
            .all_kernels()
            .map(|kernel| &kernel.body)
            .collect();
        while let Some(body) = bodies.pop() {
            for (_, expr) in body.exprs.iter() {
                if let acc_ir::body::ExprKind::Call { function, .. } = &expr.kind {
                    if function.starts_with(crate::c::ALIAS_PREFIX)
                        && !aliases.contains(&function.as_str())
                    {
                        aliases.push(function);
                        bodies.extend(
                            self.module
                                .device_functions
                                .iter()
                                .filter(|f| f.symbol == *function)
                                .map(|f| &f.body),
                        );
                    }
                }
            }
        }
        // Device routines reach the file's `static` variables through global aliases too
        // (`Variable::symbol`), which the link step's image registration also names.
        for (_, variable) in self.module.variables.iter() {
            if let Some(symbol) = variable.symbol.as_deref() {
                if variable.storage == acc_ir::Storage::Static
                    && symbol.starts_with(crate::c::STATIC_ALIAS_PREFIX)
                    && !aliases.contains(&symbol)
                {
                    aliases.push(symbol);
                }
            }
        }
        aliases.sort();
        for alias in aliases {
            if let Some(original) = alias
                .strip_prefix(crate::c::STATIC_ALIAS_PREFIX)
                .and_then(|rest| rest.split_once('_'))
                .map(|(_, name)| name)
            {
                let _ = writeln!(
                    out,
                    "extern __typeof__({original}) {alias} __attribute__((alias({})));",
                    c_string(original)
                );
                continue;
            }
            if let Some(original) = crate::c::alias_target(alias) {
                let _ = writeln!(
                    out,
                    "extern __typeof__({original}) {alias} __attribute__((alias({})));",
                    c_string(original)
                );
            }
        }
        out
    }

    fn fresh(&mut self) -> usize {
        self.counter += 1;
        self.counter
    }

    fn expr(&self, e: ExprHandle) -> String {
        let expr = &self.module.exprs[e];
        match expr.value {
            Some(v) => v.to_string(),
            None => format!("({})", expr.text),
        }
    }

    fn location(&self, op: Handle<Op>, placement: &Placement) -> String {
        let span = self.module.ops.get_span(op);
        let kind = &self.module.ops[op].kind;
        let no_kernels = matches!(kind, OpKind::Compute(_)) && !self.planner.launches(op);
        format!(
            "static const __accrt_loc __acc_l = {};",
            loc_initialiser(
                self.module.files.name(span.file),
                placement.function.as_deref().unwrap_or(""),
                span.line,
                &placement.lines,
                kind,
                no_kernels
            )
        )
    }

    /// The C lvalue the op's variable and path name (`s.v`, `p->x`, `a[2]`).
    fn base(&self, data: &DataOp) -> String {
        let mut text = self.module.variables[data.var].name.clone();
        for step in &data.path {
            match step {
                PathStep::Member { name, arrow: true } => {
                    let _ = write!(text, "->{name}");
                }
                PathStep::Member { name, arrow: false } => {
                    let _ = write!(text, ".{name}");
                }
                PathStep::Index(e) => {
                    let _ = write!(text, "[{}]", self.expr(*e));
                }
            }
        }
        text
    }

    /// `(host address, byte count)` of the op's data, as C expressions.
    fn extent(&mut self, handle: Handle<DataOp>) -> Option<(String, String)> {
        let data = &self.module.data_ops[handle];
        let base = self.base(data);
        if data.bounds.is_empty()
            || !data.name.contains('[') && data.path.is_empty() && self.is_array(data.var)
        {
            return Some((format!("(void *)&{base}"), format!("sizeof({base})")));
        }
        let mut first = base.clone();
        let mut last = base;
        for b in data.bounds.iter().rev() {
            let bounds = &self.module.bounds[*b];
            let Some(upper) = bounds.upperbound else {
                let span = self.module.data_ops.get_span(handle);
                self.errors.push(Diagnostic::error(
                    span,
                    format!("the extent of '{}' is not known here; give it as a section 'x[lower:length]'", data.name),
                ));
                return None;
            };
            let _ = write!(first, "[{}]", self.expr(bounds.lowerbound));
            let _ = write!(last, "[{}]", self.expr(upper));
        }
        let zero_length = data.bounds.iter().any(|b| {
            self.module.bounds[*b]
                .extent
                .and_then(|e| self.module.exprs[e].value)
                == Some(0)
        });
        if zero_length {
            return Some((format!("(void *)&{first}"), "0".to_string()));
        }
        Some((
            format!("(void *)&{first}"),
            format!("(unsigned long)((char *)&{last} + sizeof({last}) - (char *)&{first})"),
        ))
    }

    /// The `ACCRT_ROWS` fields of `p[lo:n][lo2:n2]` over an array of pointers
    /// ([`SectionLayout::PointerRows`]): the pointer array `p[lo:n]`, and each row's block
    /// `p[i][lo2:n2]` as an offset and a size (sizes only: no pointer is read here).
    fn rows_extent(&mut self, handle: Handle<DataOp>) -> Option<RowsExtent> {
        let data = &self.module.data_ops[handle];
        let base = self.base(data);
        let [inner, outer] = data.bounds[..] else {
            return None;
        };
        let count = |emitter: &Self, b: Handle<Bounds>| -> Option<String> {
            let bounds = &emitter.module.bounds[b];
            match (bounds.extent, bounds.upperbound) {
                (Some(extent), _) => Some(emitter.expr(extent)),
                (None, Some(upper)) => Some(format!(
                    "({} - {} + 1)",
                    emitter.expr(upper),
                    emitter.expr(bounds.lowerbound)
                )),
                (None, None) => None,
            }
        };
        let (Some(rows), Some(columns)) = (count(self, outer), count(self, inner)) else {
            let span = self.module.data_ops.get_span(handle);
            let name = data.name.clone();
            self.errors.push(Diagnostic::error(
                span,
                format!("the extent of '{name}' is not known here; give it as a section 'x[lower:length]'"),
            ));
            return None;
        };
        let first_row = self.expr(self.module.bounds[outer].lowerbound);
        let first_column = self.expr(self.module.bounds[inner].lowerbound);
        Some(RowsExtent {
            host: format!("(void *)&{base}[{first_row}]"),
            bytes: format!("(unsigned long)({rows}) * sizeof({base}[0])"),
            row_offset: format!("(unsigned long)({first_column}) * sizeof({base}[0][0])"),
            row_bytes: format!("(unsigned long)({columns}) * sizeof({base}[0][0])"),
        })
    }

    fn is_array(&self, var: Handle<Variable>) -> bool {
        matches!(
            self.module.types.get(self.module.variables[var].ty),
            TypeInner::Array { .. }
        )
    }

    /// The `__accrt_data` initialisers of a plan's items; an item whose extent is unknown gets
    /// an error and is left out.
    fn data_items(&mut self, items: &[Item]) -> DataItems {
        let mut spelled: Vec<DataItem> = Vec::new();
        // Where each op's block starts, for its attach item.
        let mut section_starts = HashMap::new();
        for item in items {
            let data = self.module.data_ops[item.op].clone();
            let name = c_string(&data.name);
            match item.form {
                ItemForm::Rows => {
                    if let Some(rows) = self.rows_extent(item.op) {
                        spelled.push(DataItem {
                            head: format!("{}, {}, {name}", rows.host, rows.bytes),
                            action: item.action,
                            flags: item.flags,
                            tail: format!("{}, {}", rows.row_offset, rows.row_bytes),
                        });
                    }
                }
                ItemForm::Block => {
                    if let Some((host, bytes)) = self.extent(item.op) {
                        spelled.push(DataItem {
                            head: format!("{host}, {bytes}, {name}"),
                            action: item.action,
                            flags: item.flags,
                            tail: "0, 0".into(),
                        });
                        section_starts.insert(item.op, host);
                    }
                }
                // The item's row offset is where the section starts from the pointer's
                // target (`s.v[m:n]`: m elements), so that the member is attached to the
                // device address its target would have (the section's, less the offset)
                // although the target itself (`s.v[0]`) is not present.
                ItemForm::Attach(AttachPoint::Member) => {
                    let Some(start) = section_starts.get(&item.op) else {
                        continue;
                    };
                    let base = self.base(&data);
                    spelled.push(DataItem {
                        head: format!("(void *)&{base}, sizeof(void *), {name}"),
                        action: item.action,
                        flags: item.flags,
                        tail: format!("(unsigned long)((char *){start} - (char *){base}), 0"),
                    });
                }
                // (Fortran's; C plans none.)
                ItemForm::Attach(AttachPoint::Descriptor { .. }) => {}
            }
        }
        DataItems(spelled)
    }

    /// An error at each section the plan could not map.
    fn unsupported(&mut self, sections: &[UnsupportedSection]) {
        for &UnsupportedSection(op) in sections {
            let span = self.module.data_ops.get_span(op);
            self.errors.push(Diagnostic::error(
                span,
                format!("'{}' steps through pointers below its second dimension; only 'p[lo:n][lo2:n2]' of an array of pointers maps one block per pointer", self.module.data_ops[op].name),
            ));
        }
    }

    /// The C condition of a construct: `if` and not `self`.
    fn condition(&self, condition: &Condition) -> String {
        let cond = condition
            .if_
            .map(|e| self.expr(e))
            .unwrap_or_else(|| "1".into());
        match condition.self_ {
            Some(self_cond) => {
                let self_cond = self_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                format!("({cond}) && !({self_cond})")
            }
            None => cond,
        }
    }

    /// `async, waits, nwaits` arguments, declaring the waits array in `decls`.
    fn queue_args(&self, queues: &AsyncWait, decls: &mut String) -> String {
        queue_args(queues, decls, |e| self.expr(e))
    }

    fn op(&mut self, handle: Handle<Op>, depth: usize) {
        let Some(placement) = self.placements.get(&handle).cloned() else {
            return;
        };
        let (plan, unsupported) = self.planner.plan(handle);
        self.unsupported(&unsupported);
        match plan {
            Plan::Region {
                condition,
                queues,
                data,
                compute,
            } => {
                let Some(statement) = placement.statement.clone() else {
                    return;
                };
                self.blanks.push(placement.pragma.clone());
                let mut decls = String::new();
                let cond = self.condition(&condition);
                let queue = self.queue_args(queues, &mut decls);
                let entries = self.data_items(&data.entries);
                let entry_list = init_list(&entries);
                let exits = self.data_items(&data.exits);
                let (exit_decl, exit_call) = self.exit_actions(&entries, &exits, &data, &queue);
                let loc = self.location(handle, &placement);
                let (skip_start, skip_end) = skips(&cond);
                let enter = format!(
                    "{{ {loc}{decls} int __acc_if = {cond}; __accrt_data __acc_e[] = {entry_list}; {exit_decl} if (__acc_if) __accrt_enter(__acc_e, {}, {queue}, &__acc_l);{skip_start} ",
                    entries.0.len()
                );
                let (prefix, suffix) = match compute {
                    Some(compute) => {
                        let (launch, fallback) = self.compute(compute, &queue);
                        (
                            format!("{enter}{launch}{{ {fallback}"),
                            format!(" }} if (__acc_if) {{ {exit_call} }}{skip_end} }}"),
                        )
                    }
                    None => (
                        enter,
                        format!(" if (__acc_if) {{ {exit_call} }}{skip_end} }}"),
                    ),
                };
                self.wrap(statement, depth, prefix, suffix);
            }
            Plan::HostData {
                condition,
                use_device,
                if_present,
            } => {
                let Some(statement) = placement.statement.clone() else {
                    return;
                };
                self.blanks.push(placement.pragma.clone());
                let cond = self.condition(&condition);
                let mut prefix = format!("{{ int __acc_if = {cond};");
                let mut inner = String::new();
                for &d in use_device {
                    let data = &self.module.data_ops[d];
                    let name = self.module.variables[data.var].name.clone();
                    let n = self.fresh();
                    let _ = write!(
                        prefix,
                        " __typeof__(&*{name}) __acc_u{n} = __acc_if ? (__typeof__(&*{name}))acc_deviceptr((void *){name}) : (__typeof__(&*{name})){name}; if (__acc_if && !__acc_u{n}) __acc_u{n} = {};",
                        if if_present { name.clone() } else { format!("(__typeof__(&*{name}))0") }
                    );
                    let _ = write!(
                        inner,
                        " __typeof__(&*{name}) {name} = __acc_u{n}; (void){name};"
                    );
                }
                let prefix = format!("{prefix} {{{inner} ");
                self.wrap(statement, depth, prefix, " } }".to_string());
            }
            Plan::Data {
                call,
                condition,
                queues,
                items,
            } => {
                let mut decls = String::new();
                let cond = self.condition(&condition);
                let queue = self.queue_args(queues, &mut decls);
                let loc = self.location(handle, &placement);
                let items = self.data_items(&items);
                let array = match call {
                    crate::host_plan::DataCall::Exit => "__acc_x",
                    _ => "__acc_e",
                };
                let code = format!(
                    "__accrt_data {array}[] = {}; if ({cond}) {}({array}, {}, {queue}, &__acc_l);{}",
                    init_list(&items),
                    call.function(),
                    items.0.len(),
                    skips(&cond).0
                );
                self.replace_pragma(&placement, format!("{{ {loc}{decls} {code} }}"));
            }
            Plan::Wait {
                condition,
                list,
                async_,
            } => {
                let cond = self.condition(&condition);
                let mut decl = String::new();
                let call = wait_call(&list, async_, &mut decl, |e| self.expr(e));
                let loc = self.location(handle, &placement);
                self.replace_pragma(&placement, format!("{{ {loc}{decl} if ({cond}) {call}; }}"));
            }
            Plan::Device {
                call,
                condition,
                device_type,
                device_num,
            } => {
                let cond = self.condition(&condition);
                let call = device_call(call, device_type, device_num, |e| self.expr(e));
                let loc = self.location(handle, &placement);
                self.replace_pragma(&placement, format!("{{ {loc} if ({cond}) {call}; }}"));
            }
            Plan::Declare { global, data } => {
                let entries = self.data_items(&data.entries);
                let entry_list = init_list(&entries);
                if entries.0.is_empty() {
                    self.blanks.push(placement.pragma.clone());
                    return;
                }
                let loc = self.location(handle, &placement);
                if global {
                    self.blanks.push(placement.pragma.clone());
                    let n = self.fresh();
                    let _ = writeln!(
                        self.constructors,
                        "__attribute__((constructor)) static void __acc_declare_{n}(void) {{ {loc} static __accrt_data __acc_e[] = {entry_list}; __accrt_enter(__acc_e, {}, -2, 0, 0, &__acc_l); }}",
                        entries.0.len()
                    );
                } else {
                    // The structured reference lasts to the end of the enclosing scope: the exit
                    // runs from a `cleanup` variable, whichever way the scope is left (the end
                    // of the block, `return`, `break`, `goto`).
                    let n = self.fresh();
                    let loc = loc.replace("__acc_l =", &format!("__acc_dl{n} ="));
                    let exits = self.data_items(&data.exits);
                    let links: Vec<String> = data
                        .exits
                        .iter()
                        .map(|exit| {
                            self.module.data_ops[exit.op]
                                .entry
                                .and_then(|e| data.entries.iter().position(|k| k.op == e))
                                .map_or(-1, |i| i as i64)
                                .to_string()
                        })
                        .collect();
                    let mut code = format!("{loc} __accrt_data __acc_de{n}[] = {entry_list};");
                    if !exits.0.is_empty() {
                        let _ = write!(
                            code,
                            " __accrt_data __acc_dx{n}[] = {}; static const signed char __acc_dk{n}[] = {{ {} }}; __accrt_declare __acc_dd{n} __attribute__((cleanup(__accrt_declare_exit))) = {{ __acc_dx{n}, __acc_de{n}, __acc_dk{n}, {}, &__acc_dl{n} }};",
                            init_list(&exits),
                            links.join(", "),
                            exits.0.len()
                        );
                    }
                    let _ = write!(
                        code,
                        " __accrt_enter(__acc_de{n}, {}, -2, 0, 0, &__acc_dl{n});",
                        entries.0.len()
                    );
                    self.replace_pragma(&placement, code);
                }
            }
            Plan::Nothing => {
                self.blanks.push(placement.pragma.clone());
                // The loop of a combined construct is handled with its compute construct; the
                // fallback of another loop runs with its private variables privatised.
                let OpKind::Loop(l) = &self.module.ops[handle].kind else {
                    return;
                };
                if let (Some(statement), None) = (placement.statement.clone(), l.combined) {
                    let mut prefix = self.unevaluated(&crate::host_plan::loop_clause_exprs(l));
                    prefix.push_str(&self.privatise(&l.private, false));
                    if !prefix.is_empty() {
                        self.wrap(statement, depth, format!("{{ {prefix}"), " }".to_string());
                    }
                }
            }
        }
    }

    /// The declaration (before the construct's entry call) and the call (at its end) that run
    /// a structured construct's exit actions: `__accrt_exit_from` over the entry array `__acc_e`
    /// with a static table when every exit repeats the data of its entry (the usual case, and
    /// the cheapest code to compile), else an exit array `__acc_x` of its own.
    fn exit_actions(
        &self,
        entries: &DataItems,
        exits: &DataItems,
        data: &RegionData,
        queue: &str,
    ) -> (String, String) {
        let count = exits.0.len();
        match exit_triples(entries, exits, data) {
            Some(triples) if triples.is_empty() => (
                String::new(),
                format!("__accrt_exit_from(__acc_e, 0, 0, {queue}, &__acc_l);"),
            ),
            Some(triples) => (
                format!(
                    "static const int __acc_xs[] = {{ {} }};",
                    triples.join(", ")
                ),
                format!("__accrt_exit_from(__acc_e, __acc_xs, {count}, {queue}, &__acc_l);"),
            ),
            None => (
                format!("__accrt_data __acc_x[] = {};", init_list(exits)),
                format!("__accrt_exit(__acc_x, {count}, {queue}, &__acc_l);"),
            ),
        }
    }

    fn replace_pragma(&mut self, placement: &Placement, code: String) {
        self.blanks.push(placement.pragma.clone());
        self.edits.push(Edit {
            at: placement.pragma.start,
            order: 0,
            text: code,
        });
    }

    /// Inserts `prefix` before and `suffix` after `statement`; outer constructs (smaller
    /// `depth`) go outside inner ones at the same offsets. The prefix ends its line, and a
    /// line marker (`# 5 "file.c"`: the host compiler reads the text as preprocessed) and the
    /// statement's own indentation put the statement back where it was:
    /// the host compiler's messages about the user's code in it (the fallback) then point at
    /// the user's line and column, not into a line of accc's code.
    fn wrap(
        &mut self,
        statement: std::ops::Range<u32>,
        depth: usize,
        prefix: String,
        suffix: String,
    ) {
        let start = statement.start as usize;
        let line_start = self.text[..start].rfind('\n').map_or(0, |n| n + 1);
        let indent: String = self.text[line_start..start]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let (file, line, _) = self.lines.location(statement.start);
        let system = if self.lines.in_system_header(statement.start) {
            " 3"
        } else {
            ""
        };
        let prefix = format!(
            "{prefix}\n# {line} \"{}\"{system}\n{indent}",
            file.replace('\\', "\\\\").replace('"', "\\\"")
        );
        self.edits.push(Edit {
            at: statement.start,
            order: depth as i64,
            text: prefix,
        });
        self.edits.push(Edit {
            at: statement.end,
            order: -(depth as i64),
            text: suffix,
        });
    }

    /// A compute construct's code between its data entry and exit: the launch of its kernels
    /// (ending in `else`, before the fallback) and the declarations that start the fallback.
    fn compute(&mut self, compute: ComputePlan, queue: &str) -> (String, String) {
        let construct = compute.construct;
        let launch = match compute.launches {
            Some(launches) => {
                let kernels: Vec<&Kernel> = launches.iter().map(|l| l.kernel).collect();
                let names = kernel_names(&kernels);
                let mut code = format!(
                    "if (__acc_if && __accrt_use_kernels_of({construct}, &__acc_l, {names})) {{ "
                );
                for launch in &launches {
                    code.push_str(&self.launch(launch, queue));
                }
                code.push_str("} else ");
                code
            }
            // No kernel: the host code runs; the runtime still hears of it (the compute
            // construct events, the fault report of the fallback).
            None => format!(
                "if (__acc_if) (void)__accrt_use_kernels({}, &__acc_l); ",
                construct | ACCRT_NO_KERNELS
            ),
        };
        // The fallback runs the original statement with the construct's private and
        // firstprivate variables (and, for a combined construct, the loop's) privatised.
        let mut fallback = self.privatise(&compute.firstprivate, true);
        // Launch sizes are only evaluated by the launch; keep their variables used for -Wall.
        fallback.push_str(&self.unevaluated(&compute.unevaluated));
        let mut privates = compute.private;
        privates.extend(&compute.loop_private);
        fallback.push_str(&self.privatise(&privates, false));
        (launch, fallback)
    }

    /// Declarations that give the following code its own copy of each variable: uninitialised
    /// for `private`, a copy of the original for `firstprivate`. Only whole variables are
    /// privatised (an operand with a path or a section names part of a variable).
    fn privatise(&mut self, ops: &[Handle<DataOp>], copy: bool) -> String {
        let mut text = String::new();
        let mut done = Vec::new();
        for &handle in ops {
            let data = &self.module.data_ops[handle];
            let variable = &self.module.variables[data.var];
            // (A synthetic variable, `length(c[0:n])`, exists only in kernels.)
            if !data.path.is_empty() || done.contains(&data.var) || variable.derived.is_some() {
                continue;
            }
            if data.ty != variable.ty {
                if let Some(section) = self.section_copy(handle, copy) {
                    done.push(data.var);
                    text.push_str(&section);
                }
                continue;
            }
            done.push(data.var);
            let name = variable.name.clone();
            let array = matches!(self.module.types.get(variable.ty), TypeInner::Array { .. });
            if copy && !array {
                // An initialised copy keeps `const` variables and structs working.
                let n = self.fresh();
                let _ = write!(text, "__typeof__({name}) *__acc_o{n} = &{name}; __typeof__({name}) {name} = *__acc_o{n}; ");
            } else if copy {
                let n = self.fresh();
                let _ = write!(
                    text,
                    "__typeof__({name}) *__acc_o{n} = &{name}; __typeof__({name}) {name}; __builtin_memcpy(&{name}, __acc_o{n}, sizeof {name}); "
                );
            } else {
                let _ = write!(text, "__typeof__({name}) {name}; ");
            }
            let _ = write!(text, "(void)&{name}; ");
        }
        text
    }

    /// The fallback's copy of a private or firstprivate section through a pointer, `p[lo:n]`
    /// (one dimension): storage for the section from the runtime (`__accrt_private_reserve`,
    /// freed where the fallback's block ends by a cleanup attribute), holding the original's
    /// elements for `firstprivate` (`copy`), and a `p` of its own that points `lo` elements
    /// before it, so that the region's code reaches the copy as it reached the original.
    /// `None` for any other operand.
    fn section_copy(&mut self, handle: Handle<DataOp>, copy: bool) -> Option<String> {
        let data = &self.module.data_ops[handle];
        let variable = &self.module.variables[data.var];
        let [bounds] = data.bounds[..] else {
            return None;
        };
        if !matches!(
            self.module.types.get(variable.ty),
            TypeInner::Pointer { .. }
        ) {
            return None;
        }
        let name = variable.name.clone();
        let bounds = &self.module.bounds[bounds];
        let (lower, extent, upper) = (bounds.lowerbound, bounds.extent, bounds.upperbound);
        let lower = self.expr(lower);
        let length = match (extent, upper) {
            (Some(extent), _) => self.expr(extent),
            (None, Some(upper)) => format!("({}) - ({lower}) + 1", self.expr(upper)),
            (None, None) => return None,
        };
        let n = self.fresh();
        let mut text = format!(
            "__typeof__({name}) *__acc_o{n} = &{name}; void *__acc_s{n} __attribute__((cleanup(__accrt_private_release))) = 0; unsigned long __acc_b{n} = (long)({length}) > 0 ? (unsigned long)({length}) * sizeof **__acc_o{n} : 0; __typeof__({name}) {name} = (__typeof__({name}))__accrt_private_reserve(&__acc_s{n}, __acc_b{n}) - ({lower}); "
        );
        if copy {
            let _ = write!(
                text,
                "__builtin_memcpy((void *)({name} + ({lower})), *__acc_o{n} + ({lower}), __acc_b{n}); "
            );
        }
        let _ = write!(text, "(void)&{name}; ");
        Some(text)
    }

    /// `(void)sizeof(...)` of clause expressions that host code does not evaluate, so that
    /// variables used only there are not reported unused by `-Wall`.
    fn unevaluated(&self, exprs: &[ExprHandle]) -> String {
        exprs
            .iter()
            .filter(|e| self.module.exprs[**e].value.is_none())
            .map(|e| format!("(void)sizeof({}); ", self.expr(*e)))
            .collect()
    }

    /// One kernel launch: `{ arguments; __accrt_launch(...); }`.
    fn launch(&self, launch: &Launch, queue: &str) -> String {
        let kernel = launch.kernel;
        // Every argument is passed as a pointer to its value (like cuLaunchKernel); the
        // runtime copies the values at launch, so async launches may outlive this block.
        let mut sizes = vec!["sizeof(long[4])".to_string()];
        for param in &kernel.params {
            let variable = &self.module.variables[param.var];
            let name = &variable.name;
            sizes.push(match param.passing {
                // A synthetic value (`Arg::Derived`): a `long`.
                Passing::Value if variable.derived.is_some() => "sizeof(long)".to_string(),
                Passing::Value => format!("sizeof(__typeof__({name}))"),
                _ => "sizeof(void *)".to_string(),
            });
        }
        // A pointer argument into the data of one of the construct's entries is passed as its
        // host address, which the runtime translates through that entry (`via`): cheaper for
        // the host compiler than computing the device address here.
        let via: Vec<i64> = std::iter::once(-1)
            .chain(launch.args.iter().map(|arg| match *arg {
                Arg::EntryDevice { entry, .. }
                | Arg::MappedPointer {
                    entry: Some(entry), ..
                } => entry as i64,
                _ => -1,
            }))
            .collect();
        let via = via_launch(&via);
        let mut code = format!(
            "{{ extern void {name}(void **, long, long, int); static const unsigned long __acc_sz[] = {{ {sizes} }}; {via_table}static const __accrt_kernel __acc_k = {{ {literal}, {name}, 0, {count}, __acc_sz{via_field} }}; ",
            name = kernel.name,
            literal = c_string(&kernel.name),
            sizes = sizes.join(", "),
            count = sizes.len(),
            via_table = via.declaration,
            via_field = via.field,
        );
        // Without a gang-partitioned loop one gang runs the code (in `kernels` always; in
        // `parallel` unless num_gangs asks for redundant execution).
        let [g1, g2, g3] = crate::lowering::launch_gangs(kernel, launch.compute, |e| self.expr(e));
        let _ = write!(code, "long __acc_g[4] = {{ 0, {g1}, {g2}, {g3} }}; void *__acc_a[{}]; __acc_a[0] = __acc_g; ", kernel.params.len() + 1);
        for (i, arg) in launch.args.iter().enumerate() {
            let slot = i + 1;
            match *arg {
                // Translated by the runtime (`via`).
                Arg::EntryDevice { var, .. } => {
                    let _ = write!(
                        code,
                        "__acc_a[{slot}] = (void *){}; ",
                        self.var_address(var)
                    );
                }
                // Present whole, or a section of it mapped by an enclosing construct.
                Arg::PresentDevice { var } => {
                    let name = &self.module.variables[var].name;
                    let _ = write!(
                        code,
                        "void *__acc_p{slot} = __accrt_deviceptr_of((void *){addr}, sizeof(__typeof__(*{addr})), {}); __acc_a[{slot}] = &__acc_p{slot}; ",
                        c_string(name),
                        addr = self.var_address(var)
                    );
                }
                Arg::MappedPointer { var, entry } => {
                    // A pointer whose target is mapped: pass the device address it denotes.
                    let name = &self.module.variables[var].name;
                    if entry.is_some() {
                        // Translated by the runtime (`via`).
                        let _ = write!(code, "__acc_a[{slot}] = (void *){name}; ");
                    } else {
                        let _ = write!(code, "__typeof__({name}) __acc_v{slot} = (__typeof__({name}))acc_deviceptr((void *){name}); __acc_a[{slot}] = (void *)&__acc_v{slot}; ");
                    }
                }
                Arg::UnmappedPointer { var } => {
                    // A pointer whose target an enclosing data construct maps (no clause of
                    // the construct names it, or it is implicitly firstprivate): its device
                    // address when present, else the pointer itself (GCC's semantics; the
                    // runtime's data checker reports that case).
                    let name = &self.module.variables[var].name;
                    let _ = write!(code, "__typeof__({name}) __acc_v{slot} = (__typeof__({name}))acc_deviceptr((void *){name}); if (!__acc_v{slot}) __acc_v{slot} = (__typeof__({name}))__accrt_unmapped((void *){name}, \"{name}\", &__acc_l); __acc_a[{slot}] = (void *)&__acc_v{slot}; ");
                }
                Arg::Value { var } => {
                    let name = &self.module.variables[var].name;
                    let _ = write!(code, "__acc_a[{slot}] = (void *)&{name}; ");
                }
                // The run-time length of a private or firstprivate section.
                Arg::Derived(Derived::SectionLength { op }) => {
                    let length = self.module.data_ops[op]
                        .bounds
                        .first()
                        .and_then(|&b| self.module.bounds[b].extent)
                        .map_or_else(|| "0".to_string(), |e| self.expr(e));
                    let _ = write!(
                        code,
                        "long __acc_d{slot} = (long)({length}); __acc_a[{slot}] = &__acc_d{slot}; "
                    );
                }
                // (Fortran's values of arrays; C plans none.)
                Arg::Private { .. } | Arg::Derived(_) => {
                    let _ = write!(
                        code,
                        "void *__acc_p{slot} = 0; __acc_a[{slot}] = &__acc_p{slot}; "
                    );
                }
            }
        }
        let spell = |e: Option<ExprHandle>| {
            e.map(|e| format!("(int){}", self.expr(e)))
                .unwrap_or_else(|| "0".into())
        };
        let workers = spell(launch.workers);
        let vector = spell(launch.vector);
        let grid = accc_abi::launch::GRID_ITERATIONS;
        let _ = write!(
            code,
            "{call}{grid}, 0, {workers}, {vector}, {queue}, &__acc_l); }} ",
            call = via.call,
        );
        code
    }

    fn var_address(&self, var: Handle<Variable>) -> String {
        format!("&{}", self.module.variables[var].name)
    }
}

/// An initialiser list with a trailing zero entry, so that it is never empty.
fn init_list(items: &DataItems) -> String {
    if items.0.is_empty() {
        "{ {0} }".to_string()
    } else {
        let items: Vec<String> = items.0.iter().map(DataItem::initialiser).collect();
        format!("{{ {}, {{0}} }}", items.join(", "))
    }
}

/// One `__accrt_data` initialiser, in parts: `{ head, action, flags, 0, tail }`.
#[derive(Clone, PartialEq)]
struct DataItem {
    /// `host, bytes, name`.
    head: String,
    action: u32,
    flags: u32,
    /// `row_offset, row_bytes`.
    tail: String,
}

impl DataItem {
    fn initialiser(&self) -> String {
        format!(
            "{{ {}, {}, {}, 0, {} }}",
            self.head, self.action, self.flags, self.tail
        )
    }
}

/// The items of one `__accrt_data` array.
struct DataItems(Vec<DataItem>);

/// The exit items of a construct as `{ entry index, action, flags }` triples over its entry
/// items (`__accrt_exit_from`), when each exit names exactly the data of an entry of its own
/// clause; `None` otherwise.
fn exit_triples(entries: &DataItems, exits: &DataItems, data: &RegionData) -> Option<Vec<String>> {
    if exits.0.len() != data.exits.len() || entries.0.len() != data.entries.len() {
        return None;
    }
    exits
        .0
        .iter()
        .zip(&data.exit_entry)
        .map(|(exit, entry)| {
            let index = (*entry)?;
            let item = &entries.0[index];
            (item.head == exit.head && item.tail == exit.tail)
                .then(|| format!("{index}, {}, {}", exit.action, exit.flags))
        })
        .collect()
}
