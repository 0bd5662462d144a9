//! Text form of the body IR, printed inside the MLIR-like dump: one statement per line,
//! expressions inline (`load(%a[%i]) + 1.0 : f64`).

use crate::body::*;
use crate::ops::Module;
use std::fmt::Write as _;

/// Prints `body` indented by `depth` levels.
pub fn print_body(module: &Module, body: &Body, depth: usize) -> String {
    let mut printer = BodyPrinter {
        module,
        body,
        out: String::new(),
    };
    for (handle, local) in body.locals.iter() {
        let kind = match local.kind {
            LocalKind::Declared => String::new(),
            LocalKind::Temporary => " temporary".to_string(),
            LocalKind::Parameter(i) => format!(" parameter({i})"),
        };
        let ty = module.types.display(local.ty);
        printer.line(
            depth,
            &format!("local %l{}.{} : {}{}", handle.index(), local.name, ty, kind),
        );
    }
    printer.stmts(depth, &body.stmts);
    printer.out
}

struct BodyPrinter<'a> {
    module: &'a Module,
    body: &'a Body,
    out: String,
}

impl BodyPrinter<'_> {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn stmts(&mut self, depth: usize, stmts: &Stmts) {
        for stmt in stmts {
            self.stmt(depth, stmt);
        }
    }

    fn stmt(&mut self, depth: usize, stmt: &Stmt) {
        match stmt {
            Stmt::Eval(e) => {
                let text = format!("eval {}", self.expr(*e));
                self.line(depth, &text);
            }
            Stmt::Store { address, value } => {
                let text = format!("store {} -> {}", self.expr(*value), self.expr(*address));
                self.line(depth, &text);
            }
            Stmt::Declare { local, init } => {
                let name = self.local_name(*local);
                let text = match init {
                    Some(init) => format!("declare {} = {}", name, self.expr(*init)),
                    None => format!("declare {name}"),
                };
                self.line(depth, &text);
            }
            Stmt::If {
                cond,
                accept,
                reject,
            } => {
                let text = format!("if {} {{", self.expr(*cond));
                self.line(depth, &text);
                self.stmts(depth + 1, accept);
                if !reject.is_empty() {
                    self.line(depth, "} else {");
                    self.stmts(depth + 1, reject);
                }
                self.line(depth, "}");
            }
            Stmt::Loop {
                cond,
                body,
                step,
                test_after,
            } => {
                let cond = cond.map(|c| self.expr(c)).unwrap_or_else(|| "true".into());
                let head = if *test_after { "do" } else { "loop while" };
                let text = if *test_after {
                    format!("{head} {{")
                } else {
                    format!("{head} {cond} {{")
                };
                self.line(depth, &text);
                self.stmts(depth + 1, body);
                if !step.is_empty() {
                    self.line(depth, "} step {");
                    self.stmts(depth + 1, step);
                }
                let close = if *test_after {
                    format!("}} while {cond}")
                } else {
                    "}".to_string()
                };
                self.line(depth, &close);
            }
            Stmt::AccLoop {
                op,
                controls,
                mapping,
                tile,
                body,
            } => {
                let controls: Vec<String> = controls
                    .iter()
                    .map(|c| {
                        let var = match c.var {
                            LocalOrVariable::Local(l) => self.local_name(l),
                            LocalOrVariable::Variable(v) => {
                                format!("@{}", self.module.variables[v].name)
                            }
                        };
                        format!(
                            "{} = {} while {:?} {} step {}",
                            var,
                            self.expr(c.lower),
                            c.compare,
                            self.expr(c.upper),
                            self.expr(c.step)
                        )
                    })
                    .collect();
                // An implicit op (no directive) is printed with the reductions it carries.
                let implicit = op.and_then(|o| match self.module.ops.get(o).map(|o| &o.kind) {
                    Some(crate::ops::OpKind::Loop(l)) if l.implicit => Some(l),
                    _ => None,
                });
                let op = match (op, implicit) {
                    (Some(o), Some(l)) => {
                        let reductions: Vec<String> = l
                            .reduction
                            .iter()
                            .filter_map(|d| self.module.data_ops.get(*d))
                            .map(|d| {
                                let operator = d
                                    .recipe
                                    .and_then(|r| self.module.recipes.get(r))
                                    .and_then(|r| match r.kind {
                                        crate::ops::RecipeKind::Reduction(op) => Some(op),
                                        _ => None,
                                    })
                                    .map_or("?", |op| op.spelling(self.module.language));
                                format!("{operator}:{}", d.name)
                            })
                            .collect();
                        format!(" op({:?}) implicit reduction({})", o, reductions.join(", "))
                    }
                    _ => op.map(|o| format!(" op({:?})", o)).unwrap_or_default(),
                };
                let mut levels = Vec::new();
                let gang = match mapping.gang_dimension() {
                    1 => "gang".to_string(),
                    dim => format!("gang(dim: {dim})"),
                };
                for (on, name) in [
                    (mapping.gang, gang.as_str()),
                    (mapping.worker, "worker"),
                    (mapping.vector, "vector"),
                ] {
                    if on {
                        levels.push(name);
                    }
                }
                let mut mapping = if levels.is_empty() {
                    "seq".to_string()
                } else {
                    levels.join(" ")
                };
                if !tile.is_empty() {
                    let sizes: Vec<String> = tile.iter().map(|s| s.to_string()).collect();
                    mapping.push_str(&format!(" tile({})", sizes.join(", ")));
                }
                self.line(
                    depth,
                    &format!("acc.loop{} {} ({}) {{", op, mapping, controls.join(", ")),
                );
                self.stmts(depth + 1, body);
                self.line(depth, "}");
            }
            Stmt::Switch { selector, cases } => {
                let text = format!("switch {} {{", self.expr(*selector));
                self.line(depth, &text);
                for case in cases {
                    let mut labels: Vec<String> =
                        case.values.iter().map(|v| v.to_string()).collect();
                    if case.is_default {
                        labels.push("default".into());
                    }
                    let fall = if case.falls_through {
                        " fallthrough"
                    } else {
                        ""
                    };
                    self.line(depth + 1, &format!("case {}{}:", labels.join(", "), fall));
                    self.stmts(depth + 2, &case.body);
                }
                self.line(depth, "}");
            }
            Stmt::Break => self.line(depth, "break"),
            Stmt::Continue => self.line(depth, "continue"),
            Stmt::Return(value) => {
                let text = match value {
                    Some(v) => format!("return {}", self.expr(*v)),
                    None => "return".to_string(),
                };
                self.line(depth, &text);
            }
            Stmt::Atomic {
                kind,
                address,
                op,
                value,
                capture,
                capture_old,
                reversed,
            } => {
                let mut text = format!("atomic {:?} {}", kind, self.expr(*address));
                if let Some(op) = op {
                    let _ = write!(text, " {op:?}");
                }
                if *reversed {
                    text.push_str(" reversed");
                }
                if let Some(value) = value {
                    let _ = write!(text, " {}", self.expr(*value));
                }
                if let Some(capture) = capture {
                    let which = if *capture_old { "old" } else { "new" };
                    let _ = write!(text, " capture {} -> {}", which, self.expr(*capture));
                }
                self.line(depth, &text);
            }
            Stmt::Block(stmts) => {
                self.line(depth, "{");
                self.stmts(depth + 1, stmts);
                self.line(depth, "}");
            }
        }
    }

    fn local_name(&self, local: LocalId) -> String {
        match self.body.locals.get(local) {
            Some(l) => format!("%l{}.{}", local.index(), l.name),
            None => format!("%l{}?", local.index()),
        }
    }

    /// An expression inline. Nesting depth is bounded by the lowering's own limits; printing
    /// deeper than 200 levels shows `...`.
    fn expr(&self, id: ExprId) -> String {
        self.expr_at(id, 0)
    }

    fn expr_at(&self, id: ExprId, depth: usize) -> String {
        if depth > 200 {
            return "...".into();
        }
        let Some(expr) = self.body.exprs.get(id) else {
            return format!("%e{}?", id.index());
        };
        let sub = |e: ExprId| self.expr_at(e, depth + 1);
        let ty = self.module.types.display(expr.ty);
        match &expr.kind {
            ExprKind::Int(v) => format!("{v} : {ty}"),
            ExprKind::Float(v) => format!("{v:?} : {ty}"),
            ExprKind::Variable(v) => format!("&@{}", self.module.variables[*v].name),
            ExprKind::Local(l) => format!("&{}", self.local_name(*l)),
            ExprKind::Load(a) => format!("load({})", sub(*a)),
            ExprKind::Index { base, index } => format!("{}[{}]", sub(*base), sub(*index)),
            ExprKind::Member { base, member } => format!("{}.#{}", sub(*base), member),
            ExprKind::Decay(a) => format!("decay({})", sub(*a)),
            ExprKind::Unary { op, operand } => format!("{:?}({})", op, sub(*operand)),
            ExprKind::Binary { op, left, right } => {
                format!("{:?}({}, {}) : {}", op, sub(*left), sub(*right), ty)
            }
            ExprKind::PointerAdd { pointer, offset } => {
                format!("ptradd({}, {})", sub(*pointer), sub(*offset))
            }
            ExprKind::PointerDiff { left, right } => {
                format!("ptrdiff({}, {})", sub(*left), sub(*right))
            }
            ExprKind::Cast(a) => format!("cast({} to {})", sub(*a), ty),
            ExprKind::Select {
                cond,
                accept,
                reject,
            } => {
                format!("select({}, {}, {})", sub(*cond), sub(*accept), sub(*reject))
            }
            ExprKind::Call { function, args } => {
                let args: Vec<String> = args.iter().map(|a| sub(*a)).collect();
                format!("call @{}({}) : {}", function, args.join(", "), ty)
            }
            ExprKind::Math { function, args } => {
                let args: Vec<String> = args.iter().map(|a| sub(*a)).collect();
                format!("math.{}({}) : {}", function.c_name(), args.join(", "), ty)
            }
            ExprKind::Builtin { builtin, args } => {
                let args: Vec<String> = args.iter().map(|a| sub(*a)).collect();
                format!("{:?}({})", builtin, args.join(", "))
            }
            ExprKind::Block { stmts, value } => {
                let mut inner = BodyPrinter {
                    module: self.module,
                    body: self.body,
                    out: String::new(),
                };
                inner.stmts(0, stmts);
                let stmts = inner.out.trim_end().replace('\n', "; ");
                format!("{{ {}; {} }}", stmts, sub(*value))
            }
        }
    }
}
