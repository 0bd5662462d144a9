//! Pragma regeneration (`accc -fopenacc-print=acc`): every directive of the module printed back
//! from the IR, with the same meaning, clauses, modifiers, bounds and names. Implicit data ops are
//! shown as comments, not as clauses.
//!
//! Output: for each directive a `#line N "file"` marker, then the directive (`#pragma acc ...` or
//! `!$acc ...`), indented by nesting depth, then a comment line listing its implicit data actions.

use crate::arena::Handle;
use crate::ops::*;
use std::fmt::Write as _;

/// Regenerates every directive of the module, in source order per function.
pub fn regenerate_pragmas(module: &Module) -> String {
    let mut out = String::new();
    let sentinel = module.language.sentinel();
    let comment = match module.language {
        Language::C => "//",
        Language::Fortran => "!",
    };
    let emit_block = |block: &Block, out: &mut String| {
        let mut stack: Vec<(Handle<Op>, usize)> = block.iter().rev().map(|h| (*h, 0)).collect();
        while let Some((handle, depth)) = stack.pop() {
            let op = &module.ops[handle];
            let span = module.ops.get_span(handle);
            let indent = "  ".repeat(depth);
            let _ = writeln!(
                out,
                "{indent}#line {} {:?}",
                span.line,
                module.files.name(span.file)
            );
            let _ = writeln!(out, "{indent}{sentinel} {}", directive_text(module, handle));
            let implicit = implicit_actions(module, op);
            if !implicit.is_empty() {
                let _ = writeln!(out, "{indent}{comment} implicit: {}", implicit.join(" "));
            }
            let children: Vec<Handle<Op>> = match &op.kind {
                // The loop of a combined construct is printed as part of it.
                OpKind::Compute(c) if c.combined => c
                    .body
                    .first()
                    .and_then(|l| module.ops[*l].body())
                    .cloned()
                    .unwrap_or_default(),
                _ => op.body().cloned().unwrap_or_default(),
            };
            stack.extend(children.iter().rev().map(|h| (*h, depth + 1)));
        }
    };
    if !module.globals.is_empty() {
        let _ = writeln!(out, "{comment} file scope");
        emit_block(&module.globals, &mut out);
    }
    for function in &module.functions {
        let _ = writeln!(out, "{comment} function {}", function.name);
        emit_block(&function.body, &mut out);
    }
    out
}

/// The implicit data actions of a construct, spelled as clauses (`copy(a[0:10])`).
fn implicit_actions(module: &Module, op: &Op) -> Vec<String> {
    let mut actions = Vec::new();
    let mut handles = Vec::new();
    match &op.kind {
        OpKind::Compute(c) => {
            handles.extend(&c.data_entry);
            handles.extend(&c.firstprivate);
            handles.extend(&c.private);
            if c.combined {
                if let Some(OpKind::Loop(l)) = c.body.first().map(|h| &module.ops[*h].kind) {
                    handles.extend(&l.private);
                }
            }
        }
        OpKind::Loop(l) => handles.extend(&l.private),
        _ => {}
    }
    for handle in handles {
        let data = &module.data_ops[handle];
        // Values made up for device code (Fortran bounds and strides) have no source spelling.
        if data.implicit && module.variables[data.var].derived.is_none() {
            actions.push(format!(
                "{}({})",
                data.data_clause.spelling(),
                operand_text(module, handle)
            ));
        }
    }
    actions
}

/// The text after the sentinel for one directive, e.g. `parallel loop gang copy(a[0:n])`.
pub fn directive_text(module: &Module, handle: Handle<Op>) -> String {
    let op = &module.ops[handle];
    let mut words: Vec<String> = Vec::new();
    let mut clauses = Clauses {
        module,
        groups: Vec::new(),
    };
    match &op.kind {
        OpKind::Compute(c) => {
            let mut name = c.kind.spelling().to_string();
            clauses.queues(&c.queues);
            clauses.device_typed_exprs(
                "num_gangs",
                c.num_gangs
                    .iter()
                    .map(|n| (&n.device_types, n.value.clone())),
            );
            clauses.device_typed_exprs(
                "num_workers",
                c.num_workers
                    .iter()
                    .map(|n| (&n.device_types, vec![n.value])),
            );
            clauses.device_typed_exprs(
                "vector_length",
                c.vector_length
                    .iter()
                    .map(|n| (&n.device_types, vec![n.value])),
            );
            clauses.if_cond(c.if_cond);
            if let Some(s) = &c.self_clause {
                let text = match s.condition {
                    Some(cond) => format!("self({})", module.exprs[cond].text),
                    None => "self".into(),
                };
                clauses.push(&[], text);
            }
            if let Some(d) = c.default {
                clauses.push(
                    &[],
                    format!(
                        "default({})",
                        if d == DefaultKind::None {
                            "none"
                        } else {
                            "present"
                        }
                    ),
                );
            }
            clauses.data_list(&c.data_entry);
            clauses.data_list(&c.firstprivate);
            clauses.data_list(&c.private);
            clauses.data_list(&c.reduction);
            if c.combined {
                name.push_str(" loop");
                if let Some(OpKind::Loop(l)) = c.body.first().map(|h| &module.ops[*h].kind) {
                    clauses.loop_clauses(l);
                }
            }
            words.push(name);
        }
        OpKind::Loop(l) => {
            words.push("loop".into());
            clauses.loop_clauses(l);
        }
        OpKind::Data(d) => {
            words.push("data".into());
            clauses.if_cond(d.if_cond);
            clauses.queues(&d.queues);
            if let Some(kind) = d.default {
                clauses.push(
                    &[],
                    format!(
                        "default({})",
                        if kind == DefaultKind::None {
                            "none"
                        } else {
                            "present"
                        }
                    ),
                );
            }
            clauses.data_list(&d.data_entry);
        }
        OpKind::HostData(h) => {
            words.push("host_data".into());
            clauses.if_cond(h.if_cond);
            if h.if_present {
                clauses.push(&[], "if_present".into());
            }
            clauses.data_list(&h.use_device);
        }
        OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => {
            let (name, list) = match &op.kind {
                OpKind::EnterData(_) => ("enter data", &s.data_entry),
                OpKind::ExitData(_) => ("exit data", &s.data_exit),
                _ => ("update", &s.data_entry),
            };
            words.push(name.into());
            clauses.if_cond(s.if_cond);
            clauses.queues(&s.queues);
            if s.if_present {
                clauses.push(&[], "if_present".into());
            }
            if s.finalize {
                clauses.push(&[], "finalize".into());
            }
            // Update's entry ops carry `device`, `host` or `self` as their dataClause.
            clauses.data_list(list);
        }
        OpKind::Wait(w) => {
            let mut name = "wait".to_string();
            if let Some(arg) = &w.arg {
                let _ = write!(name, "({})", wait_text(module, arg));
            }
            words.push(name);
            if let Some(a) = &w.async_ {
                clauses.push(&[], async_text(module, a));
            }
            clauses.if_cond(w.if_cond);
        }
        OpKind::Init(d) | OpKind::Shutdown(d) | OpKind::Set(d) => {
            words.push(
                match &op.kind {
                    OpKind::Init(_) => "init",
                    OpKind::Shutdown(_) => "shutdown",
                    _ => "set",
                }
                .into(),
            );
            if !d.device_types.is_empty() {
                let names: Vec<&str> = d.device_types.iter().map(DeviceType::spelling).collect();
                clauses.push(&[], format!("device_type({})", names.join(", ")));
            }
            if let Some(n) = d.device_num {
                clauses.push(&[], format!("device_num({})", module.exprs[n].text));
            }
            if let Some(n) = d.default_async {
                clauses.push(&[], format!("default_async({})", module.exprs[n].text));
            }
            clauses.if_cond(d.if_cond);
        }
        OpKind::Atomic(a) => {
            words.push(if a.implicit_update {
                "atomic".to_string()
            } else {
                format!(
                    "atomic {}",
                    match a.kind {
                        AtomicKind::Read => "read",
                        AtomicKind::Write => "write",
                        AtomicKind::Update => "update",
                        AtomicKind::Capture => "capture",
                    }
                )
            });
            clauses.if_cond(a.if_cond);
        }
        OpKind::Cache(c) => {
            let readonly = c
                .operands
                .first()
                .is_some_and(|h| module.data_ops[*h].modifiers.readonly);
            let names: Vec<String> = c
                .operands
                .iter()
                .map(|h| operand_text(module, *h))
                .collect();
            let modifier = if readonly { "readonly: " } else { "" };
            words.push(format!("cache({}{})", modifier, names.join(", ")));
        }
        OpKind::Routine(r) => {
            words.push(if r.named {
                format!("routine({})", r.function)
            } else {
                "routine".into()
            });
            for level in &r.level {
                let mut text = level.value.spelling().to_string();
                if level.value == ParLevel::Gang {
                    if let Some(dim) = r
                        .gang_dim
                        .iter()
                        .find(|d| d.device_types == level.device_types)
                    {
                        let _ = write!(text, "(dim: {})", module.exprs[dim.value].text);
                    }
                }
                clauses.push(&level.device_types, text);
            }
            for bind in &r.bind {
                let name = match &bind.value {
                    BindName::Identifier(id) => id.clone(),
                    BindName::String(s) => format!("{s:?}"),
                };
                clauses.push(&bind.device_types, format!("bind({name})"));
            }
            if r.nohost {
                clauses.push(&[], "nohost".into());
            }
        }
        OpKind::Declare(d) => {
            words.push("declare".into());
            clauses.data_list(&d.data_entry);
        }
    }
    words.extend(clauses.finish());
    words.join(" ")
}

/// Clauses collected per device-type group; the group without a device type comes first.
struct Clauses<'a> {
    module: &'a Module,
    groups: Vec<(DeviceTypes, Vec<String>)>,
}

impl<'a> Clauses<'a> {
    fn push(&mut self, device_types: &[DeviceType], text: String) {
        if let Some((_, list)) = self
            .groups
            .iter_mut()
            .find(|(d, _)| d.as_slice() == device_types)
        {
            list.push(text);
        } else {
            self.groups.push((device_types.to_vec(), vec![text]));
        }
    }

    fn finish(mut self) -> Vec<String> {
        // The default group first, then each device_type group in order of first appearance.
        self.groups.sort_by_key(|(d, _)| !d.is_empty());
        let mut words = Vec::new();
        for (device_types, list) in self.groups {
            if !device_types.is_empty() {
                let names: Vec<&str> = device_types.iter().map(DeviceType::spelling).collect();
                words.push(format!("device_type({})", names.join(", ")));
            }
            words.extend(list);
        }
        words
    }

    fn if_cond(&mut self, cond: Option<ExprHandle>) {
        if let Some(cond) = cond {
            let text = format!("if({})", self.module.exprs[cond].text);
            self.push(&[], text);
        }
    }

    fn queues(&mut self, queues: &AsyncWait) {
        for a in &queues.async_ {
            let text = async_text(self.module, &a.value);
            self.push(&a.device_types, text);
        }
        for w in &queues.wait {
            let arg = wait_text(self.module, &w.value);
            let text = if arg.is_empty() {
                "wait".to_string()
            } else {
                format!("wait({arg})")
            };
            self.push(&w.device_types, text);
        }
    }

    fn device_typed_exprs<'b>(
        &mut self,
        name: &str,
        values: impl Iterator<Item = (&'b DeviceTypes, Vec<ExprHandle>)>,
    ) {
        for (device_types, exprs) in values {
            let texts: Vec<&str> = exprs
                .iter()
                .map(|e| self.module.exprs[*e].text.as_str())
                .collect();
            let text = format!("{}({})", name, texts.join(", "));
            self.push(device_types, text);
        }
    }

    /// Consecutive ops with the same clause and modifiers share one clause.
    fn data_list(&mut self, handles: &[Handle<DataOp>]) {
        let module = self.module;
        let mut current: Option<(String, Vec<String>)> = None;
        let mut finished = Vec::new();
        for &handle in handles {
            let data = &module.data_ops[handle];
            if data.implicit {
                continue;
            }
            let mut head = data.data_clause.spelling().to_string();
            let mut prefix = String::new();
            if data.modifiers.readonly {
                prefix.push_str("readonly: ");
            }
            if data.modifiers.zero {
                prefix.push_str("zero: ");
            }
            if let Some(RecipeKind::Reduction(op)) = data.recipe.map(|r| module.recipes[r].kind) {
                prefix = format!("{}:", op.spelling(module.language));
            }
            head.push('\u{0}');
            head.push_str(&prefix);
            let operand = operand_text(module, handle);
            match &mut current {
                Some((h, list)) if *h == head => list.push(operand),
                _ => {
                    if let Some(done) = current.take() {
                        finished.push(done);
                    }
                    current = Some((head, vec![operand]));
                }
            }
        }
        finished.extend(current);
        for (head, list) in finished {
            let (clause, prefix) = head.split_once('\u{0}').unwrap_or((&head, ""));
            self.push(&[], format!("{}({}{})", clause, prefix, list.join(", ")));
        }
    }

    fn loop_clauses(&mut self, l: &LoopOp) {
        let module = self.module;
        for g in &l.gang {
            let mut args = Vec::new();
            if let Some(num) = g.value.num {
                args.push(format!("num: {}", module.exprs[num].text));
            }
            if let Some(dim) = g.value.dim {
                args.push(format!("dim: {}", module.exprs[dim].text));
            }
            match &g.value.static_ {
                Some(GangStatic::Star) => args.push("static: *".into()),
                Some(GangStatic::Size(e)) => {
                    args.push(format!("static: {}", module.exprs[*e].text))
                }
                None => {}
            }
            let text = if args.is_empty() {
                "gang".to_string()
            } else {
                format!("gang({})", args.join(", "))
            };
            self.push(&g.device_types, text);
        }
        for w in &l.worker {
            let text = match w.value {
                Some(e) => format!("worker(num: {})", module.exprs[e].text),
                None => "worker".into(),
            };
            self.push(&w.device_types, text);
        }
        for v in &l.vector {
            let text = match v.value {
                Some(e) => format!("vector(length: {})", module.exprs[e].text),
                None => "vector".into(),
            };
            self.push(&v.device_types, text);
        }
        for (name, list) in [
            ("seq", &l.seq),
            ("independent", &l.independent),
            ("auto", &l.auto_),
        ] {
            for device_types in list {
                self.push(device_types, name.to_string());
            }
        }
        for c in &l.collapse {
            let force = if c.value.force { "force: " } else { "" };
            self.push(
                &c.device_types,
                format!("collapse({}{})", force, c.value.count),
            );
        }
        for t in &l.tile {
            let sizes: Vec<String> = t
                .value
                .iter()
                .map(|s| match s {
                    TileSize::Star => "*".to_string(),
                    TileSize::Size(e) => module.exprs[*e].text.clone(),
                })
                .collect();
            self.push(&t.device_types, format!("tile({})", sizes.join(", ")));
        }
        self.data_list(&l.private);
        self.data_list(&l.reduction);
    }
}

fn async_text(module: &Module, arg: &AsyncArg) -> String {
    match arg {
        AsyncArg::Noval => "async".into(),
        AsyncArg::Queue(e) => format!("async({})", module.exprs[*e].text),
    }
}

fn wait_text(module: &Module, wait: &WaitArg) -> String {
    let mut parts = Vec::new();
    if let Some(devnum) = wait.devnum {
        parts.push(format!("devnum: {}", module.exprs[devnum].text));
    }
    let queues: Vec<&str> = wait
        .queues
        .iter()
        .map(|q| module.exprs[*q].text.as_str())
        .collect();
    if wait.queues_keyword {
        parts.push(format!("queues: {}", queues.join(", ")));
    } else if !queues.is_empty() {
        parts.push(queues.join(", "));
    }
    parts.join(": ")
}

/// A data operand rebuilt from the IR: the variable, its path, and one section per bounds
/// dimension (C `[lower:length]` outermost first; Fortran `(lower:upper, ...)`).
pub fn operand_text(module: &Module, handle: Handle<DataOp>) -> String {
    let data = &module.data_ops[handle];
    let mut text = module.variables[data.var].name.clone();
    let fortran = module.language == Language::Fortran;
    for step in &data.path {
        match step {
            PathStep::Member { name, arrow } => {
                let separator = if fortran {
                    "%"
                } else if *arrow {
                    "->"
                } else {
                    "."
                };
                let _ = write!(text, "{separator}{name}");
            }
            PathStep::Index(e) => {
                if fortran {
                    let _ = write!(text, "({})", module.exprs[*e].text);
                } else {
                    let _ = write!(text, "[{}]", module.exprs[*e].text);
                }
            }
        }
    }
    if data.bounds.is_empty() {
        return text;
    }
    if fortran {
        let dims: Vec<String> = data
            .bounds
            .iter()
            .map(|b| {
                let b = &module.bounds[*b];
                let start = &module.exprs[b.start_idx];
                let lower = shifted(module, b.lowerbound, start);
                match b.upperbound {
                    Some(ub) => format!("{}:{}", lower, shifted(module, ub, start)),
                    None => format!("{lower}:"),
                }
            })
            .collect();
        let _ = write!(text, "({})", dims.join(", "));
    } else {
        for b in data.bounds.iter().rev() {
            let b = &module.bounds[*b];
            let lower = &module.exprs[b.lowerbound].text;
            match b.extent {
                Some(extent) => {
                    let _ = write!(text, "[{}:{}]", lower, module.exprs[extent].text);
                }
                None => {
                    let _ = write!(text, "[{lower}:]");
                }
            }
        }
    }
    text
}

/// `value + start` for Fortran sections, folded when both are constants and simplified when
/// `value` is `x - start` or `x + k - k` (the forms bounds are built in).
fn shifted(module: &Module, value: ExprHandle, start: &HostExpr) -> String {
    let v = &module.exprs[value];
    let text = match (v.value, start.value) {
        (Some(a), Some(b)) => return a.saturating_add(b).to_string(),
        (_, Some(0)) => v.text.clone(),
        (Some(0), _) => start.text.clone(),
        _ => {
            let minus_start = format!(" - {}", paren(&start.text));
            match v.text.find(&minus_start) {
                Some(at) => format!("{}{}", &v.text[..at], &v.text[at + minus_start.len()..]),
                None => format!("{} + {}", paren(&v.text), paren(&start.text)),
            }
        }
    };
    cancel_constant(&text)
}

/// `x + k - k` → `x` (an extent `x + k` minus one plus one, as bounds spell it).
fn cancel_constant(text: &str) -> String {
    if let Some((rest, k)) = text.rsplit_once(" - ") {
        if k.chars().all(|c| c.is_ascii_digit()) {
            if let Some(x) = rest.strip_suffix(&format!(" + {k}")) {
                return x.to_string();
            }
        }
    }
    text.to_string()
}

fn paren(text: &str) -> String {
    if text.chars().all(|c| c.is_alphanumeric() || c == '_') {
        text.to_string()
    } else {
        format!("({text})")
    }
}
