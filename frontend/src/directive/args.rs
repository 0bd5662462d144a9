//! The argument forms of clauses: expressions, variable lists with modifiers and subarrays,
//! reduction operators, `gang`/`worker`/`vector`, `collapse`, `tile`, `device_type`, `default`,
//! `wait` and `bind`.
//!
//! Each parser here runs inside one parenthesised group (see [`Parser::group`]): the end of its
//! input is the group's `)`. It reports the first thing that is wrong and returns; the group then
//! skips whatever is left.

use super::lexer::TokenKind;
use super::parser::{quote, Parser};
use super::{
    BindName, ClauseArgs, ClauseKind, DataModifier, DefaultKind, DirectiveKind, Expr, GangArgs,
    GangStatic, Ident, Language, PathElem, ReductionOp, Subscript, SubscriptKind, TileSize,
    VarList, VarRef, WaitArgs,
};

/// What a clause's argument looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// No argument may be given.
    Flag,
    /// `(expr)` is required.
    Expr,
    /// `(expr)` may be given.
    OptionalExpr,
    /// `(expr, ...)` is required.
    Exprs,
    /// `([modifier:] var, ...)` is required.
    Vars(&'static [DataModifier]),
    Reduction,
    Gang,
    /// `worker` and `vector`, with the keyword their argument may be prefixed with.
    WorkerOrVector(&'static str),
    Collapse,
    Tile,
    DeviceType,
    Default,
    Wait,
    Bind,
}

fn form_of(kind: ClauseKind, directive: Option<&DirectiveKind>) -> Form {
    use ClauseKind as K;
    match kind {
        K::Seq | K::Independent | K::Auto | K::Finalize | K::IfPresent | K::Nohost => Form::Flag,
        K::If | K::NumWorkers | K::VectorLength | K::DeviceNum | K::DefaultAsync => Form::Expr,
        K::Async => Form::OptionalExpr,
        K::SelfClause if directive == Some(&DirectiveKind::Update) => Form::Vars(&[]),
        K::SelfClause => Form::OptionalExpr,
        K::NumGangs => Form::Exprs,
        K::Copyin => Form::Vars(&[DataModifier::Readonly]),
        K::Copyout | K::Create => Form::Vars(&[DataModifier::Zero]),
        K::Copy
        | K::NoCreate
        | K::Present
        | K::Deviceptr
        | K::Attach
        | K::Private
        | K::Firstprivate
        | K::UseDevice
        | K::Delete
        | K::Detach
        | K::Host
        | K::Device
        | K::DeviceResident
        | K::Link => Form::Vars(&[]),
        K::Reduction => Form::Reduction,
        K::Gang => Form::Gang,
        K::Worker => Form::WorkerOrVector("num"),
        K::Vector => Form::WorkerOrVector("length"),
        K::Collapse => Form::Collapse,
        K::Tile => Form::Tile,
        K::DeviceType => Form::DeviceType,
        K::Default => Form::Default,
        K::Wait => Form::Wait,
        K::Bind => Form::Bind,
    }
}

impl Parser<'_> {
    /// Parses what follows a clause name. `spelling` is the name as written (lower case) for
    /// messages. Returns the arguments and the byte offset where the clause ends.
    pub(super) fn parse_clause_args(
        &mut self,
        kind: ClauseKind,
        spelling: &'static str,
        name: super::lexer::Token,
    ) -> (ClauseArgs, usize) {
        let form = form_of(kind, self.directive.as_ref());
        let has_group = self.at_punct("(");
        if !has_group {
            let required = match form {
                Form::Flag
                | Form::OptionalExpr
                | Form::Gang
                | Form::WorkerOrVector(_)
                | Form::Wait => None,
                Form::Vars(_) | Form::Reduction => Some("list"),
                _ => Some("argument"),
            };
            if let Some(what) = required {
                let message = format!("clause '{spelling}' requires a parenthesised {what}");
                self.error(self.span_of(name), message);
                // What follows in its place (`num_gangs[0](4)`) is this mistake, not another.
                self.skip_junk();
            }
            return (ClauseArgs::None, name.end);
        }
        if form == Form::Flag {
            let start = self.current_span().start;
            let end = self.skip_group().unwrap_or(name.end);
            let span = start..self.abs(end..end).end;
            self.error(
                span,
                format!("clause '{spelling}' does not take an argument"),
            );
            return (ClauseArgs::None, end);
        }
        let (args, end) = self.group(|parser| parser.parse_form(form, kind, spelling));
        (args.unwrap_or(ClauseArgs::None), end)
    }

    fn parse_form(
        &mut self,
        form: Form,
        kind: ClauseKind,
        spelling: &'static str,
    ) -> Option<ClauseArgs> {
        match form {
            Form::Flag => None,
            Form::Expr | Form::OptionalExpr => self.expect_expr(false).map(ClauseArgs::Expr),
            Form::Exprs => self.parse_expr_list().map(ClauseArgs::Exprs),
            Form::Vars(allowed) => {
                let owner = format!("clause '{spelling}'");
                Some(ClauseArgs::Vars(self.parse_var_list(&owner, allowed)))
            }
            Form::Reduction => self.parse_reduction(),
            Form::Gang => self.parse_gang().map(ClauseArgs::Gang),
            Form::WorkerOrVector(keyword) => {
                let expr = self.parse_keyword_expr(spelling, keyword);
                Some(if kind == ClauseKind::Worker {
                    ClauseArgs::Worker(expr)
                } else {
                    ClauseArgs::Vector(expr)
                })
            }
            Form::Collapse => self.parse_collapse(),
            Form::Tile => self.parse_tile().map(ClauseArgs::Tile),
            Form::DeviceType => self.parse_device_types().map(ClauseArgs::DeviceType),
            Form::Default => self.parse_default().map(ClauseArgs::Default),
            Form::Wait => self.parse_wait_args().map(ClauseArgs::Wait),
            Form::Bind => self.parse_bind().map(ClauseArgs::Bind),
        }
    }

    /// A non-empty comma-separated list of expressions.
    fn parse_expr_list(&mut self) -> Option<Vec<Expr>> {
        let mut exprs = Vec::new();
        loop {
            exprs.push(self.expect_expr(false)?);
            if !self.eat_punct(",") {
                return Some(exprs);
            }
        }
    }

    /// `worker([num:] expr)` / `vector([length:] expr)`.
    fn parse_keyword_expr(&mut self, spelling: &str, keyword: &str) -> Option<Expr> {
        if let Some((word, token)) = self.keyword_colon() {
            if word != keyword {
                let written = self.token_text(token);
                self.error(
                    self.span_of(token),
                    format!("unknown {spelling} argument '{written}'"),
                );
                return None;
            }
            self.pos += 2;
        }
        self.expect_expr(false)
    }

    fn parse_reduction(&mut self) -> Option<ClauseArgs> {
        let Some(op_token) = self.peek() else {
            let span = self.current_span();
            self.error(span, "expected a reduction operator");
            return None;
        };
        if self.is_punct(op_token, ":") {
            self.error(self.span_of(op_token), "expected a reduction operator");
            return None;
        }
        self.pos += 1;
        let written = self.token_text(op_token);
        let folded = self.fold(written);
        let Some(op) = ReductionOp::from_spelling(&folded, self.lang) else {
            let text = quote(written);
            self.error(
                self.span_of(op_token),
                format!("invalid reduction operator {text}"),
            );
            return None;
        };
        if !self.eat_punct(":") {
            let span = self.current_span();
            self.error(span, "expected ':' after the reduction operator");
            return None;
        }
        let vars = self.parse_var_list("clause 'reduction'", &[]);
        Some(ClauseArgs::Reduction {
            op,
            op_span: self.span_of(op_token),
            vars,
        })
    }

    fn parse_gang(&mut self) -> Option<GangArgs> {
        let mut gang = GangArgs::default();
        loop {
            let keyword = match self.keyword_colon() {
                Some((word, token)) => {
                    if !matches!(word.as_str(), "num" | "dim" | "static") {
                        let written = self.token_text(token);
                        let message = format!("unknown gang argument '{written}'");
                        self.error(self.span_of(token), message);
                        return None;
                    }
                    self.pos += 2;
                    word
                }
                None => "num".to_string(),
            };
            let start_span = self.current_span();
            let duplicate = match keyword.as_str() {
                "num" => gang.num.is_some(),
                "dim" => gang.dim.is_some(),
                _ => gang.static_.is_some(),
            };
            if duplicate {
                self.error(
                    start_span,
                    format!("duplicate '{keyword}' argument in 'gang'"),
                );
                return None;
            }
            if keyword == "static" {
                gang.static_ = Some(match self.star() {
                    Some(span) => GangStatic::Star(span),
                    None => GangStatic::Expr(self.expect_expr(false)?),
                });
            } else {
                let expr = self.expect_expr(false)?;
                if keyword == "num" {
                    gang.num = Some(expr);
                } else {
                    gang.dim = Some(expr);
                }
            }
            if !self.eat_punct(",") {
                return Some(gang);
            }
        }
    }

    /// Consumes a `*` that stands alone as a list item, returning its span.
    fn star(&mut self) -> Option<std::ops::Range<u32>> {
        let token = self.peek()?;
        let alone = match self.peek_nth(1) {
            None => true,
            Some(next) => self.is_punct(next, ","),
        };
        if self.is_punct(token, "*") && alone {
            self.pos += 1;
            Some(self.span_of(token))
        } else {
            None
        }
    }

    fn parse_collapse(&mut self) -> Option<ClauseArgs> {
        let mut force = false;
        if let Some((word, token)) = self.keyword_colon() {
            if word != "force" {
                let written = self.token_text(token);
                self.error(self.span_of(token), format!("unknown modifier '{written}'"));
                return None;
            }
            force = true;
            self.pos += 2;
        }
        let count = self.expect_expr(false)?;
        Some(ClauseArgs::Collapse { force, count })
    }

    fn parse_tile(&mut self) -> Option<Vec<TileSize>> {
        let mut sizes = Vec::new();
        loop {
            sizes.push(match self.star() {
                Some(span) => TileSize::Star(span),
                None => TileSize::Expr(self.expect_expr(false)?),
            });
            if !self.eat_punct(",") {
                return Some(sizes);
            }
        }
    }

    fn parse_device_types(&mut self) -> Option<Vec<Ident>> {
        let mut names: Vec<Ident> = Vec::new();
        loop {
            let token = self.peek();
            match token {
                Some(token) if token.kind == TokenKind::Ident || self.is_punct(token, "*") => {
                    self.pos += 1;
                    names.push(Ident {
                        name: self.token_text(token).to_string(),
                        span: self.span_of(token),
                    });
                }
                _ => {
                    let span = self.current_span();
                    self.error(span, "expected a device type name or '*'");
                    return None;
                }
            }
            if !self.eat_punct(",") {
                break;
            }
        }
        if names.len() > 1 {
            if let Some(star) = names.iter().find(|name| name.name == "*") {
                let span = star.span.clone();
                self.error(span, "'*' must be the only argument of 'device_type'");
            }
        }
        Some(names)
    }

    fn parse_default(&mut self) -> Option<DefaultKind> {
        let start = self.pos;
        let span = self.current_span();
        let kind = match self.peek() {
            Some(token) if token.kind == TokenKind::Ident => {
                self.pos += 1;
                match self.fold(self.token_text(token)).as_str() {
                    "none" => Some(DefaultKind::None),
                    "present" => Some(DefaultKind::Present),
                    _ => None,
                }
            }
            _ => None,
        };
        if kind.is_none() || self.peek().is_some() {
            self.pos = start;
            let span = match self.scan_expr(false) {
                Some(expr) => expr.span,
                None => span,
            };
            self.error(span, "expected 'none' or 'present'");
            return None;
        }
        kind
    }

    /// `[devnum: expr :] [queues:] expr, ...` of the `wait` clause and directive.
    pub(super) fn parse_wait_args(&mut self) -> Option<WaitArgs> {
        let mut wait = WaitArgs::default();
        if let Some((word, _)) = self.keyword_colon() {
            if word == "devnum" {
                self.pos += 2;
                wait.devnum = Some(self.expect_expr(true)?);
                if !self.eat_punct(":") {
                    let span = self.current_span();
                    self.error(span, "expected ':' after the device number");
                    return None;
                }
            }
        }
        if let Some((word, token)) = self.keyword_colon() {
            if word == "queues" {
                self.pos += 2;
                wait.queues_keyword = true;
            } else {
                let written = self.token_text(token);
                self.error(
                    self.span_of(token),
                    format!("unknown wait argument '{written}'"),
                );
                return None;
            }
        }
        loop {
            wait.queues.push(self.expect_expr(true)?);
            if !self.eat_punct(",") {
                return Some(wait);
            }
        }
    }

    fn parse_bind(&mut self) -> Option<BindName> {
        let token = self.peek();
        let name = match token {
            Some(token) if token.kind == TokenKind::Ident => BindName::Ident(Ident {
                name: self.token_text(token).to_string(),
                span: self.span_of(token),
            }),
            Some(token) if token.kind == TokenKind::Str => BindName::String(
                string_contents(self.token_text(token), self.lang),
                self.span_of(token),
            ),
            _ => {
                let span = self.current_span();
                self.error(span, "expected a name or a string");
                return None;
            }
        };
        self.pos += 1;
        Some(name)
    }

    // ----- variable lists ---------------------------------------------------------------------

    /// `[modifier:] var, ...`. `owner` names the clause or directive in messages
    /// (`clause 'copyin'`); `allowed` lists the modifiers it takes.
    pub(super) fn parse_var_list(&mut self, owner: &str, allowed: &[DataModifier]) -> VarList {
        let mut list = VarList {
            modifier: None,
            vars: Vec::new(),
        };
        if let Some((word, token)) = self.keyword_colon() {
            self.pos += 2;
            let written = self.token_text(token);
            let modifier = match word.as_str() {
                "readonly" => Some(DataModifier::Readonly),
                "zero" => Some(DataModifier::Zero),
                _ => None,
            };
            let span = self.span_of(token);
            match modifier {
                None => self.error(span.clone(), format!("unknown modifier '{written}'")),
                Some(modifier) if !allowed.contains(&modifier) => {
                    let message = format!("modifier '{written}' is not allowed on {owner}");
                    self.error(span.clone(), message);
                }
                Some(_) => {}
            }
            list.modifier = modifier.map(|modifier| (modifier, span));
        }
        loop {
            match self.parse_var_ref() {
                Some(var) => list.vars.push(var),
                None => self.skip_to_comma(),
            }
            if self.peek().is_none() {
                return list;
            }
            if !self.eat_punct(",") {
                let span = self.current_span();
                self.error(span, "expected ',' or ')'");
                self.skip_to_comma();
                if !self.eat_punct(",") {
                    return list;
                }
            }
        }
    }

    /// One variable reference; reports `expected a variable name` and returns `None` when the
    /// next token cannot start one.
    fn parse_var_ref(&mut self) -> Option<VarRef> {
        let first = self.peek();
        let first = match first {
            Some(token) if token.kind == TokenKind::Ident => token,
            Some(token) if self.lang == Language::Fortran && self.is_punct(token, "/") => {
                return self.parse_common_block();
            }
            _ => {
                let span = self.current_span();
                self.error(span, "expected a variable name");
                return None;
            }
        };
        self.pos += 1;
        let base = Ident {
            name: self.token_text(first).to_string(),
            span: self.span_of(first),
        };
        let mut path = Vec::new();
        while let Some(token) = self.peek() {
            let member = match (self.lang, self.token_text(token)) {
                (Language::C, ".") => Some(false),
                (Language::C, "->") => Some(true),
                (Language::Fortran, "%") => Some(false),
                _ => None,
            };
            if token.kind != TokenKind::Punct {
                break;
            }
            if let Some(arrow) = member {
                self.pos += 1;
                let name = self.peek();
                match name {
                    Some(name) if name.kind == TokenKind::Ident => {
                        self.pos += 1;
                        let name = Ident {
                            name: self.token_text(name).to_string(),
                            span: self.span_of(name),
                        };
                        path.push(PathElem::Member { name, arrow });
                    }
                    _ => {
                        let span = self.current_span();
                        self.error(span, "expected a member name");
                        return None;
                    }
                }
            } else if self.lang == Language::C && self.is_punct(token, "[") {
                self.pos += 1;
                let subscript = self.parse_c_subscript()?;
                path.push(PathElem::Subscript(vec![subscript]));
            } else if self.lang == Language::Fortran && self.is_punct(token, "(") {
                self.pos += 1;
                path.push(PathElem::Subscript(self.parse_fortran_subscripts()?));
            } else {
                break;
            }
        }
        let last = self.tokens[self.pos - 1];
        Some(VarRef {
            base,
            path,
            span: self.span_between(first, last),
            text: self
                .text
                .get(first.start..last.end)
                .unwrap_or("")
                .to_string(),
            common_block: false,
        })
    }

    /// Fortran `/name/`.
    fn parse_common_block(&mut self) -> Option<VarRef> {
        let (open, name, close) = (self.peek()?, self.peek_nth(1), self.peek_nth(2));
        match (name, close) {
            (Some(name), Some(close))
                if name.kind == TokenKind::Ident && self.is_punct(close, "/") =>
            {
                self.pos += 3;
                Some(VarRef {
                    base: Ident {
                        name: self.token_text(name).to_string(),
                        span: self.span_of(name),
                    },
                    path: Vec::new(),
                    span: self.span_between(open, close),
                    text: self
                        .text
                        .get(open.start..close.end)
                        .unwrap_or("")
                        .to_string(),
                    common_block: true,
                })
            }
            _ => {
                self.pos += 1;
                let span = self.current_span();
                self.error(span, "expected a common block name");
                None
            }
        }
    }

    /// C `[index]` or `[lower:length]`, after the `[`.
    fn parse_c_subscript(&mut self) -> Option<Subscript> {
        let start = self.pos;
        let lower = self.scan_expr(true);
        let kind = if self.eat_punct(":") {
            let length = self.scan_expr(true);
            if self.at_punct(":") {
                let span = self.current_span();
                self.error(span, "unexpected ':' in array section");
                return None;
            }
            SubscriptKind::Section { lower, length }
        } else {
            match lower {
                Some(index) => SubscriptKind::Index(index),
                None => {
                    let span = self.current_span();
                    self.error(span, "expected an expression");
                    return None;
                }
            }
        };
        let span = self.subscript_span(start);
        if !self.eat_punct("]") {
            let span = self.current_span();
            self.error(span, "expected ']'");
            return None;
        }
        Some(Subscript { span, kind })
    }

    /// Fortran `(item, item, ...)` after the `(`, each item an index or `[lo]:[hi][:stride]`.
    fn parse_fortran_subscripts(&mut self) -> Option<Vec<Subscript>> {
        let mut subscripts = Vec::new();
        loop {
            let start = self.pos;
            let lower = self.scan_expr(true);
            let kind = if self.eat_punct(":") {
                let upper = self.scan_expr(true);
                let stride = if self.eat_punct(":") {
                    Some(self.expect_expr(true)?)
                } else {
                    None
                };
                SubscriptKind::Triplet {
                    lower,
                    upper,
                    stride,
                }
            } else {
                match lower {
                    Some(index) => SubscriptKind::Index(index),
                    None => {
                        let span = self.current_span();
                        self.error(span, "expected an expression");
                        return None;
                    }
                }
            };
            subscripts.push(Subscript {
                span: self.subscript_span(start),
                kind,
            });
            if self.eat_punct(",") {
                continue;
            }
            if self.eat_punct(")") {
                return Some(subscripts);
            }
            let span = self.current_span();
            self.error(span, "expected ',' or ')'");
            return None;
        }
    }

    /// The span of the tokens from `start` to the cursor.
    fn subscript_span(&self, start: usize) -> std::ops::Range<u32> {
        match (
            self.tokens.get(start),
            self.pos.checked_sub(1).and_then(|i| self.tokens.get(i)),
        ) {
            (Some(first), Some(last)) if self.pos > start => self.span_between(*first, *last),
            _ => {
                let at = self.current_span().start;
                at..at
            }
        }
    }
}

/// The contents of a string literal without its quotes; Fortran doubled quotes are undoubled.
fn string_contents(literal: &str, lang: Language) -> String {
    let mut chars = literal.chars();
    let Some(quote) = chars.next() else {
        return String::new();
    };
    let inner = chars.as_str();
    let inner = inner.strip_suffix(quote).unwrap_or(inner);
    match lang {
        Language::C => inner.to_string(),
        Language::Fortran => {
            let doubled: String = [quote, quote].iter().collect();
            inner.replace(&doubled, &quote.to_string())
        }
    }
}
