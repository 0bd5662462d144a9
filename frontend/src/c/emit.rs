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
        kernels: kernels_by_compute(&analysis.module, compiled),
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
    /// The kernels of each compute construct, in launch order.
    kernels: HashMap<Handle<Op>, Vec<&'a Kernel>>,
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
            .kernels
            .values()
            .flatten()
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
        let no_kernels = matches!(kind, OpKind::Compute(_)) && !self.kernels.contains_key(&op);
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

    /// A `__accrt_data` initialiser list for `ops` (ops without a runtime action are skipped);
    /// returns the list and, for each op kept, its index in `ops`.
    fn data_array(
        &mut self,
        ops: &[Handle<DataOp>],
        extra_flags: u32,
    ) -> (DataItems, Vec<Handle<DataOp>>) {
        let mut items: Vec<DataItem> = Vec::new();
        let mut kept = Vec::new();
        let mut section_starts = HashMap::new();
        for &handle in ops {
            let data = self.module.data_ops[handle].clone();
            let Some(action) = action(data.kind) else {
                continue;
            };
            match self.module.section_layout(&data) {
                SectionLayout::Contiguous => {}
                SectionLayout::PointerRows => {
                    if let Some(rows) = self.rows_extent(handle) {
                        let flags = data_flags(&data, extra_flags) | ACCRT_ROWS;
                        items.push(DataItem {
                            head: format!(
                                "{}, {}, {}",
                                rows.host,
                                rows.bytes,
                                c_string(&data.name)
                            ),
                            action,
                            flags,
                            tail: format!("{}, {}", rows.row_offset, rows.row_bytes),
                        });
                        kept.push(handle);
                    }
                    continue;
                }
                SectionLayout::Unsupported => {
                    let span = self.module.data_ops.get_span(handle);
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("'{}' steps through pointers below its second dimension; only 'p[lo:n][lo2:n2]' of an array of pointers maps one block per pointer", data.name),
                    ));
                    continue;
                }
            }
            let Some((host, bytes)) = self.extent(handle) else {
                continue;
            };
            let flags = data_flags(&data, extra_flags);
            items.push(DataItem {
                head: format!("{host}, {bytes}, {}", c_string(&data.name)),
                action,
                flags,
                tail: "0, 0".into(),
            });
            kept.push(handle);
            section_starts.insert(handle, host);
        }
        // A section through a pointer member of a struct (`s.v[0:n]`, `p->x[0:n]`) attaches the
        // member when the struct is present (OpenACC 3.3 §2.6.4, §2.7.2: the device copy of the
        // struct then points to the device copy of the section) and detaches it on exit. The
        // items go last: entries run in order (the struct and the section first) and exits in
        // reverse (the detach before the struct's copyout, which would otherwise bring the
        // device pointer home). Each repeats its op's handle in `kept`, after the op's own item,
        // so positions found by handle are the op's own. The item's row offset is where the
        // section starts from the pointer's target (`s.v[m:n]`: m elements), so that the member
        // is attached to the device address its target would have (the section's, less the
        // offset) although the target itself (`s.v[0]`) is not present.
        for handle in kept.clone() {
            let data = self.module.data_ops[handle].clone();
            let Some(pointer_action) = pointer_action(data.kind) else {
                continue;
            };
            if data.bounds.is_empty() || !self.is_pointer_member(&data) {
                continue;
            }
            let Some(start) = section_starts.get(&handle) else {
                continue;
            };
            let flags = data_flags(&data, extra_flags);
            let base = self.base(&data);
            items.push(DataItem {
                head: format!("(void *)&{base}, sizeof(void *), {}", c_string(&data.name)),
                action: pointer_action,
                flags,
                tail: format!("(unsigned long)((char *){start} - (char *){base}), 0"),
            });
            kept.push(handle);
        }
        (DataItems(items), kept)
    }

    /// Whether the op names a section through a pointer member of a struct (`s.v[0:n]`).
    fn is_pointer_member(&self, data: &DataOp) -> bool {
        let types = &self.module.types;
        let mut ty = self.module.variables[data.var].ty;
        let mut member = false;
        for step in &data.path {
            match step {
                PathStep::Member { name, arrow } => {
                    if *arrow {
                        let TypeInner::Pointer { pointee } = types.get(ty) else {
                            return false;
                        };
                        ty = *pointee;
                    }
                    let TypeInner::Struct { members, .. } = types.get(ty) else {
                        return false;
                    };
                    let Some(m) = members.iter().find(|m| &m.name == name) else {
                        return false;
                    };
                    ty = m.ty;
                    member = true;
                }
                PathStep::Index(_) => {
                    ty = match types.get(ty) {
                        TypeInner::Array { element, .. } => *element,
                        TypeInner::Pointer { pointee } => *pointee,
                        _ => return false,
                    };
                    member = false;
                }
            }
        }
        member && matches!(types.get(ty), TypeInner::Pointer { .. })
    }

    /// `async, waits, nwaits` arguments, declaring the waits array in `decls`.
    fn queue_args(&self, queues: &AsyncWait, decls: &mut String) -> String {
        queue_args(queues, decls, |e| self.expr(e))
    }

    fn op(&mut self, handle: Handle<Op>, depth: usize) {
        let Some(placement) = self.placements.get(&handle).cloned() else {
            return;
        };
        let op = self.module.ops[handle].clone();
        match &op.kind {
            OpKind::Compute(c) => self.compute(handle, c, &placement, depth),
            OpKind::Data(d) => {
                let Some(statement) = placement.statement.clone() else {
                    return;
                };
                self.blanks.push(placement.pragma.clone());
                let mut decls = String::new();
                let cond = d
                    .if_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                let queue = self.queue_args(&d.queues, &mut decls);
                let (entries, kept) = self.data_array(&d.data_entry, 0);
                let entry_list = init_list(&entries);
                let (exits, kept_exits) = self.data_array(&d.data_exit, 0);
                let (exit_decl, exit_call) =
                    self.exit_actions(&entries, &kept, &exits, &kept_exits, &queue);
                let loc = self.location(handle, &placement);
                let (skip_start, skip_end) = skips(&cond);
                let prefix = format!(
                    "{{ {loc}{decls} int __acc_if = {cond}; __accrt_data __acc_e[] = {entry_list}; {exit_decl} if (__acc_if) __accrt_enter(__acc_e, {}, {queue}, &__acc_l);{skip_start} ",
                    kept.len()
                );
                let suffix = format!(" if (__acc_if) {{ {exit_call} }}{skip_end} }}");
                self.wrap(statement, depth, prefix, suffix);
            }
            OpKind::HostData(h) => {
                let Some(statement) = placement.statement.clone() else {
                    return;
                };
                self.blanks.push(placement.pragma.clone());
                let cond = h
                    .if_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                let mut prefix = format!("{{ int __acc_if = {cond};");
                let mut inner = String::new();
                for &d in &h.use_device {
                    let data = &self.module.data_ops[d];
                    let name = self.module.variables[data.var].name.clone();
                    let n = self.fresh();
                    let _ = write!(
                        prefix,
                        " __typeof__(&*{name}) __acc_u{n} = __acc_if ? (__typeof__(&*{name}))acc_deviceptr((void *){name}) : (__typeof__(&*{name})){name}; if (__acc_if && !__acc_u{n}) __acc_u{n} = {};",
                        if h.if_present { name.clone() } else { format!("(__typeof__(&*{name}))0") }
                    );
                    let _ = write!(
                        inner,
                        " __typeof__(&*{name}) {name} = __acc_u{n}; (void){name};"
                    );
                }
                let prefix = format!("{prefix} {{{inner} ");
                self.wrap(statement, depth, prefix, " } }".to_string());
            }
            OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => {
                let mut decls = String::new();
                let cond = s
                    .if_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                let queue = self.queue_args(&s.queues, &mut decls);
                let mut flags = 0;
                if s.finalize {
                    flags |= ACCRT_FINALIZE;
                }
                if s.if_present {
                    flags |= ACCRT_IF_PRESENT;
                }
                let loc = self.location(handle, &placement);
                let code = match &op.kind {
                    OpKind::EnterData(_) => {
                        let (entries, kept) = self.data_array(&s.data_entry, flags);
                        let entry_list = init_list(&entries);
                        format!("__accrt_data __acc_e[] = {entry_list}; if ({cond}) __accrt_enter(__acc_e, {}, {queue}, &__acc_l);{}", kept.len(), skips(&cond).0)
                    }
                    OpKind::ExitData(_) => {
                        let (exits, kept) = self.data_array(&s.data_exit, flags);
                        let exit_list = init_list(&exits);
                        format!("__accrt_data __acc_x[] = {exit_list}; if ({cond}) __accrt_exit(__acc_x, {}, {queue}, &__acc_l);{}", kept.len(), skips(&cond).0)
                    }
                    _ => {
                        // Update: `device` ops are entries, `host`/`self` ops are the exits.
                        let mut ops = s.data_entry.clone();
                        ops.retain(|d| self.module.data_ops[*d].kind == DataOpKind::UpdateDevice);
                        ops.extend(&s.data_exit);
                        let (items, kept) = self.data_array(&ops, flags);
                        let item_list = init_list(&items);
                        format!("__accrt_data __acc_e[] = {item_list}; if ({cond}) __accrt_update(__acc_e, {}, {queue}, &__acc_l);{}", kept.len(), skips(&cond).0)
                    }
                };
                self.replace_pragma(&placement, format!("{{ {loc}{decls} {code} }}"));
            }
            OpKind::Wait(w) => {
                let cond = w
                    .if_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                let (decl, list, count) = match &w.arg {
                    Some(arg) if !arg.queues.is_empty() => {
                        let list: Vec<String> = arg
                            .queues
                            .iter()
                            .map(|q| format!("(int){}", self.expr(*q)))
                            .collect();
                        (
                            format!(" const int __acc_w[] = {{ {} }};", list.join(", ")),
                            "__acc_w",
                            list.len() as i64,
                        )
                    }
                    _ => (String::new(), "0", -1),
                };
                let async_ = match &w.async_ {
                    None => ACC_ASYNC_SYNC.to_string(),
                    Some(AsyncArg::Noval) => ACC_ASYNC_NOVAL.to_string(),
                    Some(AsyncArg::Queue(e)) => format!("(int){}", self.expr(*e)),
                };
                let loc = self.location(handle, &placement);
                self.replace_pragma(&placement, format!("{{ {loc}{decl} if ({cond}) __accrt_wait({list}, {count}, {async_}, &__acc_l); }}"));
            }
            OpKind::Init(d) | OpKind::Shutdown(d) | OpKind::Set(d) => {
                let cond = d
                    .if_cond
                    .map(|e| self.expr(e))
                    .unwrap_or_else(|| "1".into());
                let device_type = d.device_types.first().map(device_type_number).unwrap_or(-1);
                let num = d
                    .device_num
                    .map(|e| format!("(int){}", self.expr(e)))
                    .unwrap_or_else(|| "-1".into());
                let call = match &op.kind {
                    OpKind::Init(_) => format!("__accrt_init({device_type}, {num}, &__acc_l)"),
                    OpKind::Shutdown(_) => {
                        format!("__accrt_shutdown({device_type}, {num}, &__acc_l)")
                    }
                    _ => {
                        let default_async = d
                            .default_async
                            .map(|e| format!("(int){}", self.expr(e)))
                            .unwrap_or_else(|| "-1".into());
                        format!("__accrt_set({device_type}, {num}, {default_async}, &__acc_l)")
                    }
                };
                let loc = self.location(handle, &placement);
                self.replace_pragma(&placement, format!("{{ {loc} if ({cond}) {call}; }}"));
            }
            OpKind::Declare(d) => {
                let (entries, kept) = self.data_array(&d.data_entry, 0);
                let entry_list = init_list(&entries);
                if kept.is_empty() {
                    self.blanks.push(placement.pragma.clone());
                    return;
                }
                let loc = self.location(handle, &placement);
                if d.global {
                    self.blanks.push(placement.pragma.clone());
                    let n = self.fresh();
                    let _ = writeln!(
                        self.constructors,
                        "__attribute__((constructor)) static void __acc_declare_{n}(void) {{ {loc} static __accrt_data __acc_e[] = {entry_list}; __accrt_enter(__acc_e, {}, -2, 0, 0, &__acc_l); }}",
                        kept.len()
                    );
                } else {
                    // The structured reference lasts to the end of the enclosing scope: the exit
                    // runs from a `cleanup` variable, whichever way the scope is left (the end
                    // of the block, `return`, `break`, `goto`).
                    let n = self.fresh();
                    let loc = loc.replace("__acc_l =", &format!("__acc_dl{n} ="));
                    let (exits, kept_exits) = self.data_array(&d.data_exit, 0);
                    let links: Vec<String> = kept_exits
                        .iter()
                        .map(|exit| {
                            self.module.data_ops[*exit]
                                .entry
                                .and_then(|e| kept.iter().position(|k| *k == e))
                                .map_or(-1, |i| i as i64)
                                .to_string()
                        })
                        .collect();
                    let mut code = format!("{loc} __accrt_data __acc_de{n}[] = {entry_list};");
                    if !kept_exits.is_empty() {
                        let _ = write!(
                            code,
                            " __accrt_data __acc_dx{n}[] = {}; static const signed char __acc_dk{n}[] = {{ {} }}; __accrt_declare __acc_dd{n} __attribute__((cleanup(__accrt_declare_exit))) = {{ __acc_dx{n}, __acc_de{n}, __acc_dk{n}, {}, &__acc_dl{n} }};",
                            init_list(&exits),
                            links.join(", "),
                            kept_exits.len()
                        );
                    }
                    let _ = write!(
                        code,
                        " __accrt_enter(__acc_de{n}, {}, -2, 0, 0, &__acc_dl{n});",
                        kept.len()
                    );
                    self.replace_pragma(&placement, code);
                }
            }
            // Loops, atomics, cache and routines need no host code: their effect is in the
            // kernels; the fallback code runs them as written.
            OpKind::Loop(l) => {
                self.blanks.push(placement.pragma.clone());
                // The loop of a combined construct is handled with its compute construct.
                let combined = l.combined.is_some();
                if let (Some(statement), false) = (placement.statement.clone(), combined) {
                    let mut prefix = self.loop_uses(l);
                    prefix.push_str(&self.privatise(&l.private, false));
                    if !prefix.is_empty() {
                        self.wrap(statement, depth, format!("{{ {prefix}"), " }".to_string());
                    }
                }
            }
            OpKind::Atomic(_) | OpKind::Cache(_) | OpKind::Routine(_) => {
                self.blanks.push(placement.pragma.clone());
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
        kept: &[Handle<DataOp>],
        exits: &DataItems,
        kept_exits: &[Handle<DataOp>],
        queue: &str,
    ) -> (String, String) {
        let count = kept_exits.len();
        match exit_triples(entries, kept, exits, kept_exits, self.module) {
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

    fn compute(&mut self, handle: Handle<Op>, c: &ComputeOp, placement: &Placement, depth: usize) {
        let Some(statement) = placement.statement.clone() else {
            return;
        };
        self.blanks.push(placement.pragma.clone());
        let mut decls = String::new();
        let mut cond = c
            .if_cond
            .map(|e| self.expr(e))
            .unwrap_or_else(|| "1".into());
        if let Some(s) = &c.self_clause {
            let self_cond = s
                .condition
                .map(|e| self.expr(e))
                .unwrap_or_else(|| "1".into());
            cond = format!("({cond}) && !({self_cond})");
        }
        let queue = self.queue_args(&c.queues, &mut decls);
        let (entries, kept) = self.data_array(&c.data_entry, 0);
        let entry_list = init_list(&entries);
        let (exits, kept_exits) = self.data_array(&c.data_exit, 0);
        let (exit_decl, exit_call) =
            self.exit_actions(&entries, &kept, &exits, &kept_exits, &queue);
        let construct = construct_code(c.kind);
        let launch = match self.kernels.get(&handle).cloned() {
            Some(kernels) => {
                let names = kernel_names(&kernels);
                let mut code = format!(
                    "if (__acc_if && __accrt_use_kernels_of({construct}, &__acc_l, {names})) {{ "
                );
                for kernel in kernels {
                    code.push_str(&self.launch(kernel, c, &kept, &queue));
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
        let loc = self.location(handle, placement);
        // The fallback runs the original statement with the construct's private and
        // firstprivate variables (and, for a combined construct, the loop's) privatised.
        let mut privates: Vec<Handle<DataOp>> = c.private.clone();
        let mut fallback = self.privatise(&c.firstprivate, true);
        // Launch sizes are only evaluated by the launch; keep their variables used for -Wall.
        let sizes = c.num_gangs.iter().flat_map(|n| n.value.iter().copied());
        let sizes = sizes
            .chain(c.num_workers.iter().map(|n| n.value))
            .chain(c.vector_length.iter().map(|n| n.value));
        for e in sizes.collect::<Vec<_>>() {
            if self.module.exprs[e].value.is_none() {
                let _ = write!(fallback, "(void)sizeof({}); ", self.expr(e));
            }
        }
        if let Some(OpKind::Loop(l)) = c
            .body
            .first()
            .filter(|_| c.combined)
            .map(|h| &self.module.ops[*h].kind)
        {
            privates.extend(&l.private);
            fallback.push_str(&self.loop_uses(l));
        }
        fallback.push_str(&self.privatise(&privates, false));
        let (skip_start, skip_end) = skips(&cond);
        let prefix = format!(
            "{{ {loc}{decls} int __acc_if = {cond}; __accrt_data __acc_e[] = {entry_list}; {exit_decl} if (__acc_if) __accrt_enter(__acc_e, {}, {queue}, &__acc_l);{skip_start} {launch}{{ {fallback}",
            kept.len()
        );
        let suffix = format!(" }} if (__acc_if) {{ {exit_call} }}{skip_end} }}");
        self.wrap(statement, depth, prefix, suffix);
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
            if !data.path.is_empty() || data.ty != variable.ty || done.contains(&data.var) {
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

    /// `(void)sizeof(...)` of the loop's clause expressions that host code does not evaluate,
    /// so that variables used only there are not reported unused by `-Wall`.
    fn loop_uses(&self, l: &LoopOp) -> String {
        let mut exprs: Vec<ExprHandle> = Vec::new();
        for g in &l.gang {
            exprs.extend(g.value.num);
            exprs.extend(g.value.dim);
            if let Some(GangStatic::Size(e)) = g.value.static_ {
                exprs.push(e);
            }
        }
        exprs.extend(l.worker.iter().filter_map(|w| w.value));
        exprs.extend(l.vector.iter().filter_map(|v| v.value));
        for t in &l.tile {
            exprs.extend(t.value.iter().filter_map(|s| match s {
                TileSize::Size(e) => Some(*e),
                TileSize::Star => None,
            }));
        }
        exprs
            .into_iter()
            .filter(|e| self.module.exprs[*e].value.is_none())
            .map(|e| format!("(void)sizeof({}); ", self.expr(e)))
            .collect()
    }

    /// One kernel launch: `{ arguments; __accrt_launch(...); }`.
    fn launch(
        &mut self,
        kernel: &Kernel,
        c: &ComputeOp,
        entries: &[Handle<DataOp>],
        queue: &str,
    ) -> String {
        // Every argument is passed as a pointer to its value (like cuLaunchKernel); the
        // runtime copies the values at launch, so async launches may outlive this block.
        let mut sizes = vec!["sizeof(long[4])".to_string()];
        for param in &kernel.params {
            let name = &self.module.variables[param.var].name;
            sizes.push(match param.passing {
                Passing::Value => format!("sizeof(__typeof__({name}))"),
                _ => "sizeof(void *)".to_string(),
            });
        }
        let mut code = format!(
            "{{ extern void {name}(void **, long, long, int); static const unsigned long __acc_sz[] = {{ {sizes} }}; static const __accrt_kernel __acc_k = {{ {literal}, {name}, 0, {count}, __acc_sz }}; ",
            name = kernel.name,
            literal = c_string(&kernel.name),
            sizes = sizes.join(", "),
            count = sizes.len()
        );
        // Without a gang-partitioned loop one gang runs the code (in `kernels` always; in
        // `parallel` unless num_gangs asks for redundant execution).
        let [g1, g2, g3] = crate::lowering::launch_gangs(kernel, c, |e| self.expr(e));
        let _ = write!(code, "long __acc_g[4] = {{ 0, {g1}, {g2}, {g3} }}; void *__acc_a[{}]; __acc_a[0] = __acc_g; ", kernel.params.len() + 1);
        for (i, param) in kernel.params.iter().enumerate() {
            let variable = &self.module.variables[param.var];
            let name = variable.name.clone();
            let slot = i + 1;
            // Where this variable's data op put it on the device, as an address of the variable.
            let device_of = |emitter: &Self| -> String {
                let module = emitter.module;
                // A member a clause maps on its own (`s.a`, see `Derived::Member`) has the clause
                // naming the whole member as its data op, when the construct has one.
                let member = module.variables[param.var].derived.is_some();
                match entries.iter().position(|e| module.data_ops[*e].var == param.var && module.data_ops[*e].path.is_empty() || member && param.data_op == Some(*e)) {
                    Some(j) => format!(
                        "(void *)((char *)__acc_e[{j}].device - ((char *)__acc_e[{j}].host - (char *){}))",
                        emitter.var_address(param.var)
                    ),
                    // Present whole, or a section of it mapped by an enclosing construct.
                    None => format!(
                        "__accrt_deviceptr_of((void *){addr}, sizeof(__typeof__(*{addr})), {})",
                        c_string(&name),
                        addr = emitter.var_address(param.var)
                    ),
                }
            };
            match param.passing {
                Passing::DeviceAddress | Passing::Reduction(_) => {
                    let _ = write!(
                        code,
                        "void *__acc_p{slot} = {}; __acc_a[{slot}] = &__acc_p{slot}; ",
                        device_of(self)
                    );
                }
                Passing::Value => {
                    let pointer = matches!(
                        self.module.types.get(variable.ty),
                        TypeInner::Pointer { .. }
                    );
                    let mapped = param
                        .data_op
                        .is_some_and(|d| self.module.data_ops[d].kind != DataOpKind::Firstprivate);
                    if pointer && mapped {
                        // A pointer whose target is mapped: pass the device address it denotes.
                        let j = param
                            .data_op
                            .and_then(|d| entries.iter().position(|e| *e == d));
                        let value = match j {
                            Some(j) => format!(
                                "(__typeof__({name}))((char *)__acc_e[{j}].device - ((char *)__acc_e[{j}].host - (char *){name}))"
                            ),
                            None => format!("(__typeof__({name}))acc_deviceptr((void *){name})"),
                        };
                        let _ = write!(code, "__typeof__({name}) __acc_v{slot} = {value}; __acc_a[{slot}] = (void *)&__acc_v{slot}; ");
                    } else if pointer
                        && param
                            .data_op
                            .is_none_or(|d| self.module.data_ops[d].implicit)
                    {
                        // A pointer whose target an enclosing data construct maps (no clause of
                        // the construct names it, or it is implicitly firstprivate): its device
                        // address when present, else the pointer itself (GCC's semantics; the
                        // runtime's data checker reports that case).
                        let _ = write!(code, "__typeof__({name}) __acc_v{slot} = (__typeof__({name}))acc_deviceptr((void *){name}); if (!__acc_v{slot}) __acc_v{slot} = (__typeof__({name}))__accrt_unmapped((void *){name}, \"{name}\", &__acc_l); __acc_a[{slot}] = (void *)&__acc_v{slot}; ");
                    } else {
                        let _ = write!(code, "__acc_a[{slot}] = (void *)&{name}; ");
                    }
                }
                Passing::Private => {
                    let _ = write!(
                        code,
                        "void *__acc_p{slot} = 0; __acc_a[{slot}] = &__acc_p{slot}; "
                    );
                }
            }
        }
        let expr_of = |list: &[DeviceTyped<ExprHandle>], emitter: &Self| -> String {
            list.iter()
                .find(|n| n.device_types.is_empty())
                .map(|n| format!("(int){}", emitter.expr(n.value)))
                .unwrap_or_else(|| "0".into())
        };
        let workers = expr_of(&c.num_workers, self);
        let vector = expr_of(&c.vector_length, self);
        let grid = accc_abi::launch::GRID_ITERATIONS;
        let _ = write!(
            code,
            "__accrt_launch(&__acc_k, __acc_a, {grid}, 0, {workers}, {vector}, {queue}, &__acc_l); }} "
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
fn exit_triples(
    entries: &DataItems,
    kept: &[Handle<DataOp>],
    exits: &DataItems,
    kept_exits: &[Handle<DataOp>],
    module: &Module,
) -> Option<Vec<String>> {
    exits
        .0
        .iter()
        .zip(kept_exits)
        .map(|(exit, handle)| {
            let entry = module.data_ops[*handle].entry?;
            let index = entries.0.iter().zip(kept).position(|(item, k)| {
                *k == entry && item.head == exit.head && item.tail == exit.tail
            })?;
            Some(format!("{index}, {}, {}", exit.action, exit.flags))
        })
        .collect()
}
