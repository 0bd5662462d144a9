//! The MLIR-like text dump of a module (`accc -fopenacc-print=acc-ir`).
//!
//! Values are numbered in print order, not by arena index, so two modules that mean the same
//! thing print the same text even when their ops were created in a different order.
//! Pragma regeneration (`-fopenacc-print=acc`) lives in [`crate::regen`].

use crate::arena::Handle;
use crate::ops::*;
use crate::span::Span;
use std::collections::HashMap;
use std::fmt::Write as _;

pub use crate::regen::regenerate_pragmas;

/// What the dump includes.
#[derive(Clone, Copy, Debug)]
pub struct PrintOptions {
    /// `loc("file":line:col)` after each op.
    pub locations: bool,
    /// The `name` attribute of data ops (the clause text as written).
    pub names: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            locations: true,
            names: true,
        }
    }
}

/// Prints the whole module.
pub fn print_module(module: &Module, options: &PrintOptions) -> String {
    let mut printer = Printer {
        module,
        options: *options,
        out: String::new(),
        numbers: HashMap::new(),
        bounds_count: 0,
    };
    printer.module();
    printer.out
}

struct Printer<'a> {
    module: &'a Module,
    options: PrintOptions,
    out: String,
    numbers: HashMap<Handle<DataOp>, usize>,
    bounds_count: usize,
}

/// Formats a host expression: its value when constant, else its quoted text.
pub(crate) fn expr_text(module: &Module, handle: ExprHandle) -> String {
    let expr = &module.exprs[handle];
    match expr.value {
        Some(v) => v.to_string(),
        None => format!("{:?}", expr.text),
    }
}

fn device_types_suffix(device_types: &DeviceTypes) -> String {
    if device_types.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = device_types.iter().map(DeviceType::spelling).collect();
        format!(" [{}]", names.join(", "))
    }
}

impl<'a> Printer<'a> {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn loc(&self, span: Span) -> String {
        if !self.options.locations || !span.is_known() {
            return String::new();
        }
        format!(
            " loc({:?}:{}:{})",
            self.module.files.name(span.file),
            span.line,
            span.col
        )
    }

    fn expr(&self, handle: ExprHandle) -> String {
        expr_text(self.module, handle)
    }

    fn module(&mut self) {
        let language = match self.module.language {
            Language::C => "c",
            Language::Fortran => "fortran",
        };
        self.line(
            0,
            &format!("module attributes {{acc.language = \"{language}\"}} {{"),
        );
        // Sorted by name: the arena order depends on the order clauses were written in.
        let mut recipes: Vec<_> = self.module.recipes.iter().collect();
        recipes.sort_by(|a, b| a.1.name.cmp(&b.1.name));
        for (handle, recipe) in recipes {
            let span = self.module.recipes.get_span(handle);
            let text = self.recipe(recipe);
            let loc = self.loc(span);
            self.line(1, &format!("{text}{loc}"));
        }
        let globals = self.module.globals.clone();
        self.block(1, &globals);
        for function in &self.module.functions {
            let loc = self.loc(function.span);
            self.line(1, &format!("func.func @{}(){} {{", function.name, loc));
            self.block(2, &function.body);
            self.line(1, "}");
        }
        self.line(0, "}");
    }

    fn recipe(&self, recipe: &Recipe) -> String {
        let ty = self.module.types.display(recipe.ty);
        let init = match &recipe.init {
            RecipeInit::Uninitialized => "init(uninitialized)".to_string(),
            RecipeInit::CopyOriginal => "init(copy)".to_string(),
            RecipeInit::Identity(value) => format!("init({value})"),
        };
        match recipe.kind {
            RecipeKind::Private => format!("acc.private.recipe @{} : {} {}", recipe.name, ty, init),
            RecipeKind::Firstprivate => {
                format!("acc.firstprivate.recipe @{} : {} {}", recipe.name, ty, init)
            }
            RecipeKind::Reduction(op) => format!(
                "acc.reduction.recipe @{} : {} reduction_operator <{}> {} combiner(<{}>)",
                recipe.name,
                ty,
                op.mlir_name(),
                init,
                op.mlir_name()
            ),
        }
    }

    fn block(&mut self, depth: usize, block: &Block) {
        for &handle in block {
            self.op(depth, handle);
        }
    }

    fn value(&mut self, handle: Handle<DataOp>) -> String {
        match self.numbers.get(&handle) {
            Some(n) => format!("%{n}"),
            None => format!("%<unprinted {}>", handle.index()),
        }
    }

    fn values(&mut self, handles: &[Handle<DataOp>]) -> String {
        let names: Vec<String> = handles.iter().map(|h| self.value(*h)).collect();
        names.join(", ")
    }

    /// Prints the bounds and the data op, and numbers the op's result.
    fn data_op(&mut self, depth: usize, handle: Handle<DataOp>) {
        let module = self.module;
        let op = &module.data_ops[handle];
        let mut bound_names = Vec::new();
        for &bounds in &op.bounds {
            let b = &module.bounds[bounds];
            let name = format!("%b{}", self.bounds_count);
            self.bounds_count += 1;
            let mut text = format!(
                "{} = acc.bounds lowerbound({})",
                name,
                self.expr(b.lowerbound)
            );
            if let Some(ub) = b.upperbound {
                let _ = write!(text, " upperbound({})", self.expr(ub));
            }
            if let Some(extent) = b.extent {
                let _ = write!(text, " extent({})", self.expr(extent));
            }
            let _ = write!(
                text,
                " stride({}) startIdx({})",
                self.expr(b.stride),
                self.expr(b.start_idx)
            );
            self.line(depth, &text);
            bound_names.push(name);
        }
        let var = &module.variables[op.var];
        let mut path = format!("@{}", var.name);
        for step in &op.path {
            match step {
                PathStep::Member { name, arrow: true } => {
                    let _ = write!(path, "->{name}");
                }
                PathStep::Member { name, arrow: false } => {
                    let _ = write!(path, ".{name}");
                }
                PathStep::Index(e) => {
                    let _ = write!(path, "[{}]", self.expr(*e));
                }
            }
        }
        let ty = module.types.display(op.ty);
        let mut text = String::new();
        if op.kind.is_exit() {
            let entry = op
                .entry
                .map(|e| self.value(e))
                .unwrap_or_else(|| "%<none>".into());
            let _ = write!(
                text,
                "{} accPtr({}) to varPtr({} : {})",
                op.kind.mlir_name(),
                entry,
                path,
                ty
            );
        } else {
            let number = self.numbers.len();
            self.numbers.insert(handle, number);
            let _ = write!(
                text,
                "%{} = {} varPtr({} : {})",
                number,
                op.kind.mlir_name(),
                path,
                ty
            );
        }
        if !bound_names.is_empty() {
            let _ = write!(text, " bounds({})", bound_names.join(", "));
        }
        if let Some(recipe) = op.recipe {
            let _ = write!(text, " recipe(@{})", module.recipes[recipe].name);
        }
        let mut attrs = vec![format!(
            "dataClause = #acc<data_clause {}>",
            op.data_clause.mlir_name()
        )];
        if op.modifiers.readonly {
            attrs.push("modifiers = readonly".into());
        }
        if op.modifiers.zero {
            attrs.push("modifiers = zero".into());
        }
        attrs.push(format!("structured = {}", op.structured));
        if module.section_layout(op) == SectionLayout::PointerRows {
            attrs.push("rows = attach".into());
        }
        if op.implicit {
            attrs.push("implicit = true".into());
        }
        if self.options.names {
            attrs.push(format!("name = {:?}", op.name));
        }
        for async_ in &op.async_ {
            attrs.push(format!("async = {}", self.async_arg(async_)));
        }
        let loc = self.loc(module.data_ops.get_span(handle));
        let _ = write!(text, " {{{}}}{}", attrs.join(", "), loc);
        self.line(depth, &text);
    }

    fn async_arg(&self, async_: &DeviceTyped<AsyncArg>) -> String {
        let value = match &async_.value {
            AsyncArg::Noval => "noval".to_string(),
            AsyncArg::Queue(e) => self.expr(*e),
        };
        format!("{}{}", value, device_types_suffix(&async_.device_types))
    }

    fn wait_arg(&self, wait: &WaitArg) -> String {
        let mut parts = Vec::new();
        if let Some(devnum) = wait.devnum {
            parts.push(format!("devnum: {}", self.expr(devnum)));
        }
        let queues: Vec<String> = wait.queues.iter().map(|q| self.expr(*q)).collect();
        if wait.queues_keyword {
            parts.push(format!("queues: {}", queues.join(", ")));
        } else if !queues.is_empty() {
            parts.push(queues.join(", "));
        }
        parts.join(" : ")
    }

    fn queues(&self, queues: &AsyncWait, attrs: &mut Vec<String>) {
        for async_ in &queues.async_ {
            attrs.push(format!("async({})", self.async_arg(async_)));
        }
        for wait in &queues.wait {
            attrs.push(format!(
                "wait({}){}",
                self.wait_arg(&wait.value),
                device_types_suffix(&wait.device_types)
            ));
        }
    }

    fn if_cond(&self, cond: Option<ExprHandle>, attrs: &mut Vec<String>) {
        if let Some(cond) = cond {
            attrs.push(format!("if({})", self.expr(cond)));
        }
    }

    fn operands(&mut self, label: &str, handles: &[Handle<DataOp>], attrs: &mut Vec<String>) {
        if !handles.is_empty() {
            let values = self.values(handles);
            attrs.push(format!("{label}({values})"));
        }
    }

    fn op(&mut self, depth: usize, handle: Handle<Op>) {
        let module = self.module;
        let op = &module.ops[handle];
        let loc = self.loc(module.ops.get_span(handle));
        // Entry ops print before the construct, as MLIR has them.
        let entries: Vec<Handle<DataOp>> = match &op.kind {
            OpKind::Compute(c) => c
                .data_entry
                .iter()
                .chain(&c.private)
                .chain(&c.firstprivate)
                .chain(&c.reduction)
                .copied()
                .collect(),
            OpKind::Loop(l) => l.private.iter().chain(&l.reduction).copied().collect(),
            OpKind::Data(d) => d.data_entry.clone(),
            OpKind::HostData(h) => h.use_device.clone(),
            OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => s.data_entry.clone(),
            OpKind::Declare(d) => d.data_entry.clone(),
            OpKind::Cache(c) => c.operands.clone(),
            _ => Vec::new(),
        };
        for &entry in &entries {
            self.data_op(depth, entry);
        }
        let mut attrs: Vec<String> = Vec::new();
        let name = op.mlir_name();
        let mut exits: Vec<Handle<DataOp>> = Vec::new();
        let mut body: Option<&Block> = None;
        match &op.kind {
            OpKind::Compute(c) => {
                if c.combined {
                    attrs.push("combined(loop)".into());
                }
                self.operands("dataOperands", &c.data_entry, &mut attrs);
                self.operands("private", &c.private, &mut attrs);
                self.operands("firstprivate", &c.firstprivate, &mut attrs);
                self.operands("reduction", &c.reduction, &mut attrs);
                self.queues(&c.queues, &mut attrs);
                for n in &c.num_gangs {
                    let values: Vec<String> = n.value.iter().map(|e| self.expr(*e)).collect();
                    attrs.push(format!(
                        "num_gangs({{{}}}{})",
                        values.join(", "),
                        device_types_suffix(&n.device_types)
                    ));
                }
                for n in &c.num_workers {
                    attrs.push(format!(
                        "num_workers({}{})",
                        self.expr(n.value),
                        device_types_suffix(&n.device_types)
                    ));
                }
                for n in &c.vector_length {
                    attrs.push(format!(
                        "vector_length({}{})",
                        self.expr(n.value),
                        device_types_suffix(&n.device_types)
                    ));
                }
                self.if_cond(c.if_cond, &mut attrs);
                if let Some(s) = &c.self_clause {
                    match s.condition {
                        Some(cond) => attrs.push(format!("self({})", self.expr(cond))),
                        None => attrs.push("self".into()),
                    }
                }
                if let Some(d) = c.default {
                    attrs.push(format!(
                        "default({})",
                        if d == DefaultKind::None {
                            "none"
                        } else {
                            "present"
                        }
                    ));
                }
                exits.extend(&c.data_exit);
                body = Some(&c.body);
            }
            OpKind::Loop(l) => {
                if let Some(kind) = l.combined {
                    attrs.push(format!("combined({})", kind.spelling()));
                }
                for g in &l.gang {
                    let mut args = Vec::new();
                    if let Some(num) = g.value.num {
                        args.push(format!("num: {}", self.expr(num)));
                    }
                    if let Some(dim) = g.value.dim {
                        args.push(format!("dim: {}", self.expr(dim)));
                    }
                    match &g.value.static_ {
                        Some(GangStatic::Star) => args.push("static: *".into()),
                        Some(GangStatic::Size(e)) => {
                            args.push(format!("static: {}", self.expr(*e)))
                        }
                        None => {}
                    }
                    let args = if args.is_empty() {
                        String::new()
                    } else {
                        format!("({})", args.join(", "))
                    };
                    attrs.push(format!(
                        "gang{}{}",
                        args,
                        device_types_suffix(&g.device_types)
                    ));
                }
                for (label, list) in [("worker", &l.worker), ("vector", &l.vector)] {
                    for w in list {
                        let arg = w
                            .value
                            .map(|e| format!("({})", self.expr(e)))
                            .unwrap_or_default();
                        attrs.push(format!(
                            "{}{}{}",
                            label,
                            arg,
                            device_types_suffix(&w.device_types)
                        ));
                    }
                }
                for (label, list) in [
                    ("seq", &l.seq),
                    ("independent", &l.independent),
                    ("auto", &l.auto_),
                ] {
                    for device_types in list {
                        attrs.push(format!("{}{}", label, device_types_suffix(device_types)));
                    }
                }
                for c in &l.collapse {
                    let force = if c.value.force { "force: " } else { "" };
                    attrs.push(format!(
                        "collapse({}{}{})",
                        force,
                        c.value.count,
                        device_types_suffix(&c.device_types)
                    ));
                }
                for t in &l.tile {
                    let sizes: Vec<String> = t
                        .value
                        .iter()
                        .map(|s| match s {
                            TileSize::Star => "*".to_string(),
                            TileSize::Size(e) => self.expr(*e),
                        })
                        .collect();
                    attrs.push(format!(
                        "tile({}{})",
                        sizes.join(", "),
                        device_types_suffix(&t.device_types)
                    ));
                }
                self.operands("private", &l.private, &mut attrs);
                self.operands("reduction", &l.reduction, &mut attrs);
                let controls: Vec<String> = l
                    .control
                    .iter()
                    .map(|c| {
                        let var = &module.variables[c.var].name;
                        let lower = c.lower.map(|e| self.expr(e)).unwrap_or_else(|| "?".into());
                        let upper = c.upper.map(|e| self.expr(e)).unwrap_or_else(|| "?".into());
                        let step = c.step.map(|e| self.expr(e)).unwrap_or_else(|| "?".into());
                        let compare = c.compare.as_deref().unwrap_or("?");
                        format!(
                            "%{} = {} to {} {} step {}",
                            var, lower, compare, upper, step
                        )
                    })
                    .collect();
                if !controls.is_empty() {
                    attrs.push(format!("control({})", controls.join(", ")));
                }
                body = Some(&l.body);
            }
            OpKind::Data(d) => {
                self.operands("dataOperands", &d.data_entry, &mut attrs);
                self.if_cond(d.if_cond, &mut attrs);
                self.queues(&d.queues, &mut attrs);
                if let Some(kind) = d.default {
                    attrs.push(format!(
                        "default({})",
                        if kind == DefaultKind::None {
                            "none"
                        } else {
                            "present"
                        }
                    ));
                }
                exits.extend(&d.data_exit);
                body = Some(&d.body);
            }
            OpKind::HostData(h) => {
                self.operands("dataOperands", &h.use_device, &mut attrs);
                self.if_cond(h.if_cond, &mut attrs);
                if h.if_present {
                    attrs.push("if_present".into());
                }
                body = Some(&h.body);
            }
            OpKind::EnterData(s) | OpKind::ExitData(s) | OpKind::Update(s) => {
                self.operands("dataOperands", &s.data_entry, &mut attrs);
                self.if_cond(s.if_cond, &mut attrs);
                self.queues(&s.queues, &mut attrs);
                if s.finalize {
                    attrs.push("finalize".into());
                }
                if s.if_present {
                    attrs.push("if_present".into());
                }
                exits.extend(&s.data_exit);
            }
            OpKind::Wait(w) => {
                if let Some(arg) = &w.arg {
                    attrs.push(format!("({})", self.wait_arg(arg)));
                }
                if let Some(a) = &w.async_ {
                    attrs.push(format!(
                        "async({})",
                        self.async_arg(&DeviceTyped {
                            device_types: Vec::new(),
                            value: a.clone()
                        })
                    ));
                }
                self.if_cond(w.if_cond, &mut attrs);
            }
            OpKind::Init(d) | OpKind::Shutdown(d) | OpKind::Set(d) => {
                if !d.device_types.is_empty() {
                    let names: Vec<&str> =
                        d.device_types.iter().map(DeviceType::spelling).collect();
                    attrs.push(format!("device_type({})", names.join(", ")));
                }
                if let Some(n) = d.device_num {
                    attrs.push(format!("device_num({})", self.expr(n)));
                }
                if let Some(n) = d.default_async {
                    attrs.push(format!("default_async({})", self.expr(n)));
                }
                self.if_cond(d.if_cond, &mut attrs);
            }
            OpKind::Atomic(a) => {
                if a.implicit_update {
                    attrs.push("implicit_update".into());
                }
                self.if_cond(a.if_cond, &mut attrs);
                attrs.push(format!("stmt({:?})", a.statement));
            }
            OpKind::Cache(c) => self.operands("dataOperands", &c.operands, &mut attrs),
            OpKind::Routine(r) => {
                attrs.push(format!("func(@{})", r.function));
                if r.named {
                    attrs.push("named".into());
                }
                for level in &r.level {
                    let dim = r
                        .gang_dim
                        .iter()
                        .find(|d| {
                            d.device_types == level.device_types && level.value == ParLevel::Gang
                        })
                        .map(|d| format!("(dim: {})", self.expr(d.value)))
                        .unwrap_or_default();
                    attrs.push(format!(
                        "{}{}{}",
                        level.value.spelling(),
                        dim,
                        device_types_suffix(&level.device_types)
                    ));
                }
                for bind in &r.bind {
                    let name = match &bind.value {
                        BindName::Identifier(id) => format!("@{id}"),
                        BindName::String(s) => format!("{s:?}"),
                    };
                    attrs.push(format!(
                        "bind({}{})",
                        name,
                        device_types_suffix(&bind.device_types)
                    ));
                }
                if r.nohost {
                    attrs.push("nohost".into());
                }
            }
            OpKind::Declare(d) => {
                self.operands("dataOperands", &d.data_entry, &mut attrs);
                exits.extend(&d.data_exit);
            }
        }
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" {}", attrs.join(" "))
        };
        match body {
            Some(body) => {
                self.line(depth, &format!("{name}{attrs} {{"));
                self.block(depth + 1, body);
                if let Some(code) = module.region_code.get(&handle) {
                    self.line(depth + 1, "acc.code {");
                    self.out
                        .push_str(&crate::body_print::print_body(module, code, depth + 2));
                    self.line(depth + 1, "}");
                }
                let terminator = if matches!(op.kind, OpKind::Compute(_) | OpKind::Loop(_)) {
                    "acc.yield"
                } else {
                    "acc.terminator"
                };
                self.line(depth + 1, terminator);
                self.line(depth, &format!("}}{loc}"));
            }
            None => self.line(depth, &format!("{name}{attrs}{loc}")),
        }
        for &exit in &exits {
            self.data_op(depth, exit);
        }
    }
}
