//! The directive parser: the token cursor, the directive name, and the clause list.
//!
//! The parser works on the tokens of [`super::lexer`] with a cursor (`pos`) and a `limit`: while
//! the arguments of a clause are parsed, `limit` is the index of the clause's closing parenthesis,
//! so the argument parsers in [`super::args`] see the end of their input there and never run into
//! the next clause. Every parenthesised group is first matched as a whole; an error inside it
//! makes the parser skip to its end, which keeps one mistake from producing a cascade.

use super::lexer::{self, Token, TokenKind};
use super::{
    rules, AtomicKind, Clause, ClauseKind, DataModifier, Directive, DirectiveArgs, DirectiveKind,
    Expr, Language, ParsedDirective, SyntaxError,
};
use std::ops::Range;

/// Bracket nesting deeper than this inside one expression is reported as an error.
pub(super) const MAX_NESTING: usize = 256;

pub(super) fn parse(text: &str, base: u32, lang: Language) -> ParsedDirective {
    let lexed = lexer::lex(text, lang);
    let mut parser = Parser {
        text,
        limit: lexed.tokens.len(),
        tokens: lexed.tokens,
        pos: 0,
        base,
        lang,
        errors: Vec::new(),
        directive: None,
    };
    for (range, message) in lexed.errors {
        parser.error_local(range, message);
    }
    let directive = parser.parse_directive();
    if let Some(directive) = &directive {
        rules::check(directive, lang, &mut parser.errors);
    }
    ParsedDirective {
        directive,
        errors: parser.errors,
    }
}

pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) tokens: Vec<Token>,
    /// The next token to look at.
    pub(super) pos: usize,
    /// Tokens at or past `limit` are out of reach (see the module documentation).
    pub(super) limit: usize,
    base: u32,
    pub(super) lang: Language,
    pub(super) errors: Vec<SyntaxError>,
    /// The directive being parsed, once its name is known.
    pub(super) directive: Option<DirectiveKind>,
}

impl<'a> Parser<'a> {
    // ----- the cursor -------------------------------------------------------------------------

    pub(super) fn peek(&self) -> Option<Token> {
        self.peek_nth(0)
    }

    pub(super) fn peek_nth(&self, n: usize) -> Option<Token> {
        let index = self.pos.checked_add(n)?;
        if index < self.limit {
            self.tokens.get(index).copied()
        } else {
            None
        }
    }

    pub(super) fn token_text(&self, token: Token) -> &'a str {
        self.text.get(token.start..token.end).unwrap_or("")
    }

    pub(super) fn is_punct(&self, token: Token, punct: &str) -> bool {
        token.kind == TokenKind::Punct && self.token_text(token) == punct
    }

    /// Whether the next token is the punctuation `punct`.
    pub(super) fn at_punct(&self, punct: &str) -> bool {
        self.peek().is_some_and(|token| self.is_punct(token, punct))
    }

    /// Consumes the next token if it is `punct`.
    pub(super) fn eat_punct(&mut self, punct: &str) -> bool {
        let found = self.at_punct(punct);
        if found {
            self.pos += 1;
        }
        found
    }

    /// The text of an identifier as the language compares it: lower-cased in Fortran.
    pub(super) fn fold(&self, word: &str) -> String {
        match self.lang {
            Language::C => word.to_string(),
            Language::Fortran => word.to_ascii_lowercase(),
        }
    }

    /// If the next tokens are `word :`, returns the folded word (without consuming anything).
    pub(super) fn keyword_colon(&self) -> Option<(String, Token)> {
        let word = self.peek()?;
        let colon = self.peek_nth(1)?;
        (word.kind == TokenKind::Ident && self.is_punct(colon, ":"))
            .then(|| (self.fold(self.token_text(word)), word))
    }

    // ----- spans and errors -------------------------------------------------------------------

    pub(super) fn abs(&self, range: Range<usize>) -> Range<u32> {
        let convert = |offset: usize| {
            self.base
                .saturating_add(u32::try_from(offset).unwrap_or(u32::MAX))
        };
        convert(range.start)..convert(range.end)
    }

    pub(super) fn span_of(&self, token: Token) -> Range<u32> {
        self.abs(token.start..token.end)
    }

    /// The span of the tokens `first..=last`.
    pub(super) fn span_between(&self, first: Token, last: Token) -> Range<u32> {
        self.abs(first.start..last.end.max(first.start))
    }

    /// Where "the end" of the current input is: the token at `limit` (a closing parenthesis),
    /// or an empty span just after the last token.
    pub(super) fn end_span(&self) -> Range<u32> {
        match self.tokens.get(self.limit) {
            Some(token) => self.span_of(*token),
            None => {
                let end = self.tokens.last().map_or(0, |token| token.end);
                self.abs(end..end)
            }
        }
    }

    /// The span of the next token, or [`Parser::end_span`] at the end.
    pub(super) fn current_span(&self) -> Range<u32> {
        match self.peek() {
            Some(token) => self.span_of(token),
            None => self.end_span(),
        }
    }

    pub(super) fn error(&mut self, span: Range<u32>, message: impl Into<String>) {
        self.errors.push(SyntaxError {
            span,
            message: message.into(),
        });
    }

    fn error_local(&mut self, range: Range<usize>, message: String) {
        let span = self.abs(range);
        self.error(span, message);
    }

    /// `'#pragma acc parallel'` or `'!$acc parallel'` for messages.
    pub(super) fn directive_display(&self) -> String {
        match &self.directive {
            Some(kind) => format!("'{}'", kind.display(self.lang)),
            None => format!("'{}'", self.lang.sentinel()),
        }
    }

    // ----- groups and skipping ----------------------------------------------------------------

    /// The index of the `)` matching the `(` at `open`, counting parentheses only.
    pub(super) fn find_close(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for index in open..self.limit.min(self.tokens.len()) {
            let token = self.tokens[index];
            if self.is_punct(token, "(") {
                depth += 1;
            } else if self.is_punct(token, ")") {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(index);
                }
            }
        }
        None
    }

    /// Parses the parenthesised group that starts at the next token (which must be `(`) with
    /// `parse_inside`, then moves past the group. Reports a missing `)` and anything left over
    /// inside the group, unless `parse_inside` already reported an error. Returns the result and
    /// the byte offset where the group ends.
    pub(super) fn group<R>(&mut self, parse_inside: impl FnOnce(&mut Self) -> R) -> (R, usize) {
        let open = self.pos;
        let close = self.find_close(open);
        let saved_limit = self.limit;
        self.limit = close.unwrap_or(saved_limit);
        self.pos = open + 1;
        let errors_before = self.errors.len();
        let result = parse_inside(self);
        // Only the first error inside a group is kept: the rest are usually its consequences.
        self.errors.truncate(errors_before + 1);
        if self.errors.len() == errors_before && (self.pos < self.limit || close.is_none()) {
            let span = self.current_span();
            self.error(span, "expected ')'");
        }
        self.limit = saved_limit;
        let end = match close {
            Some(close) => {
                self.pos = close + 1;
                self.tokens[close].end
            }
            None => {
                self.pos = saved_limit;
                self.last_token_end_before(saved_limit, open)
            }
        };
        (result, end)
    }

    /// Skips a parenthesised group starting at the next token, if there is one; returns its end.
    pub(super) fn skip_group(&mut self) -> Option<usize> {
        if !self.at_punct("(") {
            return None;
        }
        let open = self.pos;
        match self.find_close(open) {
            Some(close) => {
                self.pos = close + 1;
                Some(self.tokens[close].end)
            }
            None => {
                self.pos = self.limit;
                Some(self.last_token_end_before(self.limit, open))
            }
        }
    }

    fn last_token_end_before(&self, limit: usize, at_least: usize) -> usize {
        let index = limit.saturating_sub(1).max(at_least);
        self.tokens.get(index).map_or(0, |token| token.end)
    }

    /// Skips tokens, balancing brackets, up to (not past) a top-level `,` or closing bracket.
    pub(super) fn skip_to_comma(&mut self) {
        let mut depth = 0usize;
        while let Some(token) = self.peek() {
            if token.kind == TokenKind::Punct {
                match self.token_text(token) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => {
                        if depth == 0 {
                            return;
                        }
                        depth -= 1;
                    }
                    "," if depth == 0 => return,
                    _ => {}
                }
            }
            self.pos += 1;
        }
    }

    // ----- expressions ------------------------------------------------------------------------

    /// Scans an expression up to a top-level `,`, closing bracket, `:` (when `stop_at_colon`), or
    /// the limit, balancing `()`, `[]` and `{}`. Returns `None` (and reports nothing) when the
    /// expression is empty.
    pub(super) fn scan_expr(&mut self, stop_at_colon: bool) -> Option<Expr> {
        let start = self.pos;
        let mut open_brackets: Vec<&'static str> = Vec::new();
        let mut reported_depth = false;
        while let Some(token) = self.peek() {
            if token.kind == TokenKind::Punct {
                match self.token_text(token) {
                    "(" => open_brackets.push(")"),
                    "[" => open_brackets.push("]"),
                    "{" => open_brackets.push("}"),
                    closer @ (")" | "]" | "}") => {
                        let Some(&expected) = open_brackets.last() else {
                            break;
                        };
                        if expected != closer {
                            // A closer that matches an outer bracket closes the inner ones too;
                            // one that matches none belongs to the caller.
                            let span = self.span_of(token);
                            self.error(span, format!("expected '{expected}'"));
                            match open_brackets.iter().rposition(|open| *open == closer) {
                                Some(index) => open_brackets.truncate(index),
                                None => {
                                    open_brackets.clear();
                                    break;
                                }
                            }
                        } else {
                            open_brackets.pop();
                        }
                    }
                    "," if open_brackets.is_empty() => break,
                    ":" if open_brackets.is_empty() && stop_at_colon => break,
                    _ => {}
                }
                if open_brackets.len() > MAX_NESTING && !reported_depth {
                    reported_depth = true;
                    let span = self.span_of(token);
                    self.error(span, "expression is nested too deeply");
                }
            }
            self.pos += 1;
        }
        if let Some(expected) = open_brackets.last() {
            if !reported_depth {
                let span = self.end_span();
                self.error(span, format!("expected '{expected}'"));
            }
        }
        if self.pos == start {
            return None;
        }
        let first = self.tokens[start];
        let last = self.tokens[self.pos - 1];
        Some(Expr {
            text: self
                .text
                .get(first.start..last.end)
                .unwrap_or("")
                .to_string(),
            span: self.span_between(first, last),
        })
    }

    /// Scans an expression and reports `expected an expression` when it is empty.
    pub(super) fn expect_expr(&mut self, stop_at_colon: bool) -> Option<Expr> {
        let expr = self.scan_expr(stop_at_colon);
        if expr.is_none() {
            let span = self.current_span();
            self.error(span, "expected an expression");
        }
        expr
    }

    // ----- the directive ----------------------------------------------------------------------

    fn parse_directive(&mut self) -> Option<Directive> {
        let Some(first) = self.peek() else {
            let span = self.end_span();
            self.error(span, "expected an OpenACC directive name");
            return None;
        };
        if first.kind != TokenKind::Ident {
            let text = quote(self.token_text(first));
            self.error(
                self.span_of(first),
                format!("expected an OpenACC directive name, found {text}"),
            );
            return None;
        }
        let (kind, last_name_token) = self.parse_directive_name()?;
        self.directive = Some(kind.clone());
        let kind_span = self.span_between(first, last_name_token);
        let args = self.parse_directive_args(&kind);
        let clauses = self.parse_clauses();
        let last = self.tokens.last().copied().unwrap_or(first);
        Some(Directive {
            kind,
            kind_span,
            span: self.span_between(first, last),
            args,
            clauses,
        })
    }

    /// Reads the directive name words; returns the kind and the last word's token, or reports
    /// an unknown directive.
    fn parse_directive_name(&mut self) -> Option<(DirectiveKind, Token)> {
        let first = self.peek()?;
        self.pos += 1;
        let written = self.token_text(first);
        let word = self.fold(written);
        let single = |kind: DirectiveKind| Some((kind, first));
        match word.as_str() {
            "parallel" | "serial" | "kernels" => Some(self.compute_name(&word, first)),
            "data" => single(DirectiveKind::Data),
            "host_data" => single(DirectiveKind::HostData),
            "loop" => single(DirectiveKind::Loop),
            "cache" => single(DirectiveKind::Cache),
            "declare" => single(DirectiveKind::Declare),
            "init" => single(DirectiveKind::Init),
            "shutdown" => single(DirectiveKind::Shutdown),
            "set" => single(DirectiveKind::Set),
            "update" => single(DirectiveKind::Update),
            "wait" => single(DirectiveKind::Wait),
            "routine" => single(DirectiveKind::Routine),
            "enter" | "exit" => {
                let kind = if word == "enter" {
                    DirectiveKind::EnterData
                } else {
                    DirectiveKind::ExitData
                };
                if let Some((_, data)) = self.next_word_is(&["data"]) {
                    return Some((kind, data));
                }
                let span = self.current_span();
                self.error(span, format!("expected 'data' after '{written}'"));
                None
            }
            "atomic" => match self.next_word_is(&["read", "write", "update", "capture"]) {
                Some((which, token)) => {
                    let kind = match which {
                        "read" => AtomicKind::Read,
                        "write" => AtomicKind::Write,
                        "update" => AtomicKind::Update,
                        _ => AtomicKind::Capture,
                    };
                    Some((DirectiveKind::Atomic(kind), token))
                }
                // Any other word is left for the clause list (`atomic if(c)`).
                None => single(DirectiveKind::Atomic(AtomicKind::Implicit)),
            },
            "end" if self.lang == Language::Fortran => self.end_name(first, None),
            // Fortran also accepts `endparallel`, as gfortran does.
            _ if self.lang == Language::Fortran && word.len() > 3 && word.starts_with("end") => {
                self.end_name(first, word.get(3..).map(str::to_string))
            }
            _ => {
                let message = format!("unknown OpenACC directive '{written}'");
                self.error(self.span_of(first), message);
                None
            }
        }
    }

    /// `parallel`, `serial`, `kernels`, each optionally followed by `loop`.
    fn compute_name(&mut self, word: &str, token: Token) -> (DirectiveKind, Token) {
        let combined = self.next_word_is(&["loop"]);
        let kind = match (word, combined.is_some()) {
            ("parallel", false) => DirectiveKind::Parallel,
            ("parallel", true) => DirectiveKind::ParallelLoop,
            ("serial", false) => DirectiveKind::Serial,
            ("serial", true) => DirectiveKind::SerialLoop,
            ("kernels", false) => DirectiveKind::Kernels,
            _ => DirectiveKind::KernelsLoop,
        };
        (kind, combined.map_or(token, |(_, token)| token))
    }

    /// If the next token is one of `words` (folded), consumes it and returns which.
    fn next_word_is(&mut self, words: &[&'static str]) -> Option<(&'static str, Token)> {
        let token = self.peek()?;
        if token.kind != TokenKind::Ident {
            return None;
        }
        let word = self.fold(self.token_text(token));
        let found = words.iter().find(|candidate| **candidate == word)?;
        self.pos += 1;
        Some((*found, token))
    }

    /// Fortran `end X`: `end_token` is the `end` word; `glued` is the rest of a word such as
    /// `endparallel`, or `None` when the construct name is the next word.
    fn end_name(
        &mut self,
        end_token: Token,
        glued: Option<String>,
    ) -> Option<(DirectiveKind, Token)> {
        let (inner_word, mut last) = match glued {
            Some(rest) => (rest, end_token),
            None => match self.peek() {
                Some(token) if token.kind == TokenKind::Ident => {
                    self.pos += 1;
                    (self.fold(self.token_text(token)), token)
                }
                _ => {
                    let span = self.current_span();
                    self.error(span, "expected a construct name after 'end'");
                    return None;
                }
            },
        };
        let inner = match inner_word.as_str() {
            "parallel" | "serial" | "kernels" => {
                let (kind, token) = self.compute_name(&inner_word, last);
                last = token;
                kind
            }
            "data" => DirectiveKind::Data,
            "host_data" => DirectiveKind::HostData,
            "atomic" => DirectiveKind::Atomic(AtomicKind::Implicit),
            // Not OpenACC (a loop construct has no end directive), but programs written for
            // other compilers have it: the lowering ignores it with a warning.
            "loop" => DirectiveKind::Loop,
            _ => {
                let span = self.span_between(end_token, last);
                let written = self.text.get(end_token.start..last.end).unwrap_or("end");
                self.error(span, format!("unknown OpenACC directive '{written}'"));
                return None;
            }
        };
        Some((DirectiveKind::End(Box::new(inner)), last))
    }

    /// The parenthesised argument right after the directive name.
    fn parse_directive_args(&mut self, kind: &DirectiveKind) -> Option<DirectiveArgs> {
        let has_group = self.at_punct("(");
        match kind {
            DirectiveKind::Routine if has_group => {
                let (name, _) = self.group(|parser| {
                    let token = parser.peek();
                    match token {
                        Some(token) if token.kind == TokenKind::Ident => {
                            parser.pos += 1;
                            Some(super::Ident {
                                name: parser.token_text(token).to_string(),
                                span: parser.span_of(token),
                            })
                        }
                        _ => {
                            let span = parser.current_span();
                            parser.error(span, "expected a function name");
                            None
                        }
                    }
                });
                name.map(DirectiveArgs::Name)
            }
            DirectiveKind::Cache if has_group => {
                let owner = self.directive_display();
                let (vars, _) =
                    self.group(|parser| parser.parse_var_list(&owner, &[DataModifier::Readonly]));
                Some(DirectiveArgs::Vars(vars))
            }
            DirectiveKind::Cache => {
                let span = self.current_span();
                let message = format!("{} requires a parenthesised list", self.directive_display());
                self.error(span, message);
                None
            }
            DirectiveKind::Wait if has_group => {
                let (wait, _) = self.group(Parser::parse_wait_args);
                wait.map(DirectiveArgs::Wait)
            }
            _ if has_group => {
                let span = self.current_span();
                let message = format!("unexpected '(' after {}", self.directive_display());
                self.error(span, message);
                self.skip_group();
                None
            }
            _ => None,
        }
    }

    // ----- clauses ----------------------------------------------------------------------------

    fn parse_clauses(&mut self) -> Vec<Clause> {
        let mut clauses = Vec::new();
        let mut first = true;
        while let Some(mut token) = self.peek() {
            if !first && self.is_punct(token, ",") {
                self.pos += 1;
                match self.peek() {
                    Some(next) => token = next,
                    None => {
                        self.error(self.span_of(token), "expected a clause after ','");
                        break;
                    }
                }
            }
            first = false;
            if token.kind != TokenKind::Ident {
                let text = quote(self.token_text(token));
                self.error(
                    self.span_of(token),
                    format!("expected a clause, found {text}"),
                );
                self.skip_junk();
                continue;
            }
            if let Some(clause) = self.parse_clause(token) {
                clauses.push(clause);
            }
        }
        clauses
    }

    /// Skips tokens that cannot start a clause, up to the next identifier.
    pub(super) fn skip_junk(&mut self) {
        while let Some(token) = self.peek() {
            if token.kind == TokenKind::Ident {
                return;
            }
            if self.skip_group().is_none() {
                self.pos += 1;
            }
        }
    }

    fn parse_clause(&mut self, name: Token) -> Option<Clause> {
        self.pos += 1;
        let written = self.token_text(name);
        let Some((kind, alias)) = ClauseKind::from_spelling(&self.fold(written)) else {
            let message = format!("unknown clause '{written}' on {}", self.directive_display());
            self.error(self.span_of(name), message);
            self.skip_group();
            return None;
        };
        let spelling = alias.unwrap_or_else(|| kind.spelling());
        let (args, end) = self.parse_clause_args(kind, spelling, name);
        Some(Clause {
            kind,
            alias,
            name_span: self.span_of(name),
            span: self.abs(name.start..end.max(name.end)),
            args,
        })
    }
}

/// `'text'` for messages, shortened when long.
pub(super) fn quote(text: &str) -> String {
    const MAX: usize = 40;
    if text.len() <= MAX {
        return format!("'{text}'");
    }
    let mut cut = MAX;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("'{}...'", &text[..cut])
}
