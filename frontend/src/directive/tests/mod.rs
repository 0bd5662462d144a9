//! Tests of the directive grammar: each test parses one directive and compares a one-line
//! rendering of the tree, followed by one line per error (`error START..END: message`, spans
//! relative to the text because the tests pass `base` 0 unless they test `base`).

mod clauses;
mod names;
mod robustness;
mod rules;

use super::*;

fn render_expr(expr: &Option<Expr>) -> String {
    expr.as_ref()
        .map_or(String::new(), |expr| expr.text.clone())
}

fn render_var(var: &VarRef, lang: Language) -> String {
    if var.common_block {
        return format!("/{}/", var.base.name);
    }
    let mut out = var.base.name.clone();
    for elem in &var.path {
        match elem {
            PathElem::Member { name, arrow } => {
                let sep = match (lang, arrow) {
                    (Language::Fortran, _) => "%",
                    (Language::C, false) => ".",
                    (Language::C, true) => "->",
                };
                out.push_str(sep);
                out.push_str(&name.name);
            }
            PathElem::Subscript(subscripts) => {
                let items: Vec<String> = subscripts
                    .iter()
                    .map(|subscript| match &subscript.kind {
                        SubscriptKind::Index(expr) => expr.text.clone(),
                        SubscriptKind::Section { lower, length } => {
                            format!("{}:{}", render_expr(lower), render_expr(length))
                        }
                        SubscriptKind::Triplet {
                            lower,
                            upper,
                            stride,
                        } => format!(
                            "{}:{}:{}",
                            render_expr(lower),
                            render_expr(upper),
                            render_expr(stride)
                        ),
                    })
                    .collect();
                match lang {
                    Language::C => out.push_str(&format!("[{}]", items.join(","))),
                    Language::Fortran => out.push_str(&format!("({})", items.join(","))),
                }
            }
        }
    }
    out
}

fn render_vars(list: &VarList, lang: Language) -> String {
    let vars: Vec<String> = list.vars.iter().map(|var| render_var(var, lang)).collect();
    match &list.modifier {
        Some((modifier, _)) => format!("{}: {}", modifier.spelling(), vars.join(",")),
        None => vars.join(","),
    }
}

fn render_wait(wait: &WaitArgs) -> String {
    let queues: Vec<&str> = wait.queues.iter().map(|expr| expr.text.as_str()).collect();
    let mut out = String::new();
    if let Some(devnum) = &wait.devnum {
        out.push_str(&format!("devnum={};", devnum.text));
    }
    if wait.queues_keyword {
        out.push_str("queues:");
    }
    out.push_str(&queues.join(","));
    out
}

fn render_args(args: &ClauseArgs, lang: Language) -> String {
    let inside = match args {
        ClauseArgs::None => return String::new(),
        ClauseArgs::Expr(expr) => expr.text.clone(),
        ClauseArgs::Exprs(exprs) => exprs
            .iter()
            .map(|expr| expr.text.as_str())
            .collect::<Vec<_>>()
            .join(","),
        ClauseArgs::Vars(list) => render_vars(list, lang),
        ClauseArgs::Reduction { op, vars, .. } => {
            format!("{}:{}", op.spelling(lang), render_vars(vars, lang))
        }
        ClauseArgs::Gang(gang) => {
            let mut parts = Vec::new();
            if let Some(num) = &gang.num {
                parts.push(format!("num={}", num.text));
            }
            if let Some(dim) = &gang.dim {
                parts.push(format!("dim={}", dim.text));
            }
            match &gang.static_ {
                Some(GangStatic::Star(_)) => parts.push("static=*".to_string()),
                Some(GangStatic::Expr(expr)) => parts.push(format!("static={}", expr.text)),
                None => {}
            }
            parts.join(",")
        }
        ClauseArgs::Worker(expr) | ClauseArgs::Vector(expr) => render_expr(expr),
        ClauseArgs::Collapse { force, count } => {
            format!("{}{}", if *force { "force:" } else { "" }, count.text)
        }
        ClauseArgs::Tile(sizes) => sizes
            .iter()
            .map(|size| match size {
                TileSize::Star(_) => "*".to_string(),
                TileSize::Expr(expr) => expr.text.clone(),
            })
            .collect::<Vec<_>>()
            .join(","),
        ClauseArgs::DeviceType(names) => names
            .iter()
            .map(|name| name.name.as_str())
            .collect::<Vec<_>>()
            .join(","),
        ClauseArgs::Default(DefaultKind::None) => "none".to_string(),
        ClauseArgs::Default(DefaultKind::Present) => "present".to_string(),
        ClauseArgs::Wait(wait) => render_wait(wait),
        ClauseArgs::Bind(BindName::Ident(ident)) => ident.name.clone(),
        ClauseArgs::Bind(BindName::String(string, _)) => format!("\"{string}\""),
    };
    format!("({inside})")
}

fn render(parsed: &ParsedDirective, lang: Language) -> String {
    let mut out = match &parsed.directive {
        None => "<none>".to_string(),
        Some(directive) => {
            let mut out = directive.kind.spelling().to_string();
            match &directive.args {
                Some(DirectiveArgs::Name(name)) => out.push_str(&format!("({})", name.name)),
                Some(DirectiveArgs::Vars(list)) => {
                    out.push_str(&format!("({})", render_vars(list, lang)))
                }
                Some(DirectiveArgs::Wait(wait)) => {
                    out.push_str(&format!("({})", render_wait(wait)))
                }
                None => {}
            }
            out.push(':');
            for clause in &directive.clauses {
                out.push(' ');
                out.push_str(clause.written_spelling());
                out.push_str(&render_args(&clause.args, lang));
            }
            out
        }
    };
    for error in &parsed.errors {
        out.push_str(&format!(
            "\nerror {}..{}: {}",
            error.span.start, error.span.end, error.message
        ));
    }
    out
}

#[track_caller]
fn check(text: &str, expected: &str) {
    let parsed = parse_directive(text, 0, Language::C);
    assert_eq!(
        render(&parsed, Language::C),
        expected,
        "C directive: {text:?}"
    );
}

#[track_caller]
fn check_f(text: &str, expected: &str) {
    let parsed = parse_directive(text, 0, Language::Fortran);
    assert_eq!(
        render(&parsed, Language::Fortran),
        expected,
        "Fortran directive: {text:?}"
    );
}

fn directive(text: &str, lang: Language) -> Directive {
    let parsed = parse_directive(text, 0, lang);
    assert_eq!(parsed.errors, vec![], "unexpected errors for {text:?}");
    parsed.directive.expect("a directive")
}
