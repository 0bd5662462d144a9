//! A parsed Fortran file: the text tree-sitter-fortran saw, its tree, its `!$acc` directives
//! (continuations joined), its scopes, and the questions the lowering asks of the tree: the
//! statement after a directive, whether a block of statements is well formed, the `do` loops a
//! `loop` directive covers, and the names a region uses.

use super::scan::{self, DirectiveLine, ScanError};
use super::symbols::{text_of, walk, Kinds, Scopes};
use std::ops::Range;
use tree_sitter::{Node, Parser, Tree};

/// One parsed file.
#[derive(Debug)]
pub struct FUnit {
    /// The free-form text that was parsed (line markers blanked).
    pub text: String,
    pub tree: Option<Tree>,
    pub directives: Vec<DirectiveLine>,
    pub scan_errors: Vec<ScanError>,
    pub scopes: Scopes,
    /// The `associate` constructs whose associations name a variable (`e => t`): the range of
    /// each construct after its association list, and its names with their variables' names,
    /// lower case (see
    /// [`FUnit::associated_variable`]).
    associations: Vec<Associations>,
}

/// One `associate` construct's range (after its association list) and its names with their
/// variables' names, lower case.
type Associations = (Range<u32>, Vec<(String, String)>);

/// The control of one `do` loop.
#[derive(Clone, Debug)]
pub struct DoLoop {
    /// The whole `do` construct.
    pub range: Range<u32>,
    /// The `do` statement (header).
    pub header: Range<u32>,
    /// `None` for `do while` and a bare `do`.
    pub var: Option<(String, Range<u32>)>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub step: Option<String>,
}

/// Node kinds that end or split a construct: a block of statements may not start or end with
/// one of them alone.
fn is_terminator(kind: &str) -> bool {
    (kind.starts_with("end_") && kind.ends_with("_statement"))
        || matches!(
            kind,
            "else_clause"
                | "elseif_clause"
                | "case_statement"
                | "elsewhere_clause"
                | "contains_statement"
                | "internal_procedures"
                | "do_statement"
        )
}

/// The position of the one `do` loop among a loop body's statements, when there is exactly
/// one (the loop a `collapse(force:n)` nest continues with, code around it).
pub(crate) fn single_do(statements: &[Node<'_>]) -> Option<usize> {
    let mut loops = statements
        .iter()
        .enumerate()
        .filter(|(_, n)| n.kind() == "do_loop");
    match (loops.next(), loops.next()) {
        (Some((at, _)), None) => Some(at),
        _ => None,
    }
}

impl FUnit {
    /// Scans and parses free-form `text`; `fixed` says it was converted from fixed form.
    pub fn parse(text: &str, fixed: bool) -> FUnit {
        Self::parse_with(text, fixed, Kinds::default())
    }

    /// [`FUnit::parse`] with the default kinds `kinds` (gfortran's kind options).
    pub fn parse_with(text: &str, fixed: bool, kinds: Kinds) -> FUnit {
        let scanned = scan::scan(text, fixed);
        let mut parser = Parser::new();
        let tree = parser
            .set_language(&tree_sitter_fortran::LANGUAGE.into())
            .ok()
            .and_then(|_| parser.parse(&scanned.text, None));
        let scopes = match &tree {
            Some(tree) => Scopes::collect_with(
                &scanned.text,
                tree.root_node(),
                Scopes {
                    kinds,
                    ..Scopes::default()
                },
            ),
            None => Scopes::default(),
        };
        let associations = tree
            .as_ref()
            .map(|tree| associations(&scanned.text, tree.root_node()))
            .unwrap_or_default();
        FUnit {
            text: scanned.text,
            tree,
            directives: scanned.directives,
            scan_errors: scanned.errors,
            scopes,
            associations,
        }
    }

    /// The variable `name` stands for at `at` when an `associate` construct around `at`
    /// associates it with one (`associate (e => t)`: `t`), through associate names that name
    /// further associate names; lower case. An associate name of a variable is that variable:
    /// the code (and the clauses) of a region inside the construct use it as such. Selectors
    /// that are expressions, sections or components are not recorded.
    pub fn associated_variable(&self, name: &str, at: u32) -> Option<String> {
        let mut name = name.to_ascii_lowercase();
        let mut found = None;
        // Innermost first: the constructs are recorded outer before inner.
        let mut limit = at;
        for _ in 0..self.associations.len() {
            let hit = self.associations.iter().rev().find_map(|(range, names)| {
                (range.start < limit && at < range.end)
                    .then(|| names.iter().find(|(n, _)| *n == name))
                    .flatten()
                    .map(|(_, variable)| (range.start, variable.clone()))
            });
            let Some((start, variable)) = hit else {
                break;
            };
            // A selector is evaluated outside its own construct: look further out for it.
            limit = start;
            name = variable.clone();
            found = Some(variable);
        }
        found
    }

    /// Scans and parses like [`FUnit::parse`], and makes the modules the file uses but does not
    /// define visible from their interface files in `directories` (see `accmod.rs`); returns
    /// the warnings about interface files that could not be used, with where they are used.
    pub fn parse_importing(
        text: &str,
        fixed: bool,
        directories: &[std::path::PathBuf],
        known: &[super::accmod::ModuleInterface],
        kinds: Kinds,
    ) -> (FUnit, Vec<(Range<u32>, String)>) {
        let mut unit = FUnit::parse_with(text, fixed, kinds);
        let used = unit.used_modules();
        if used.is_empty() {
            return (unit, Vec::new());
        }
        let mut imports = super::accmod::import(&used, directories, known);
        imports.scopes.kinds = kinds;
        if let Some(tree) = &unit.tree {
            let unavailable = imports.scopes.unavailable.clone();
            let mut scopes = Scopes::collect_with(&unit.text, tree.root_node(), imports.scopes);
            scopes.unavailable = unavailable;
            unit.scopes = scopes;
        }
        (unit, imports.warnings)
    }

    /// The modules `use` statements name that the file does not define (intrinsic modules
    /// excepted), each with its first `use`.
    pub fn used_modules(&self) -> Vec<super::accmod::UsedModule> {
        let Some(root) = self.root() else {
            return Vec::new();
        };
        let mut found: Vec<super::accmod::UsedModule> = Vec::new();
        super::symbols::walk(root, |node| {
            if node.kind() != "use_statement" {
                return true;
            }
            let mut cursor = node.walk();
            let name = node
                .named_children(&mut cursor)
                .find(|c| c.kind() == "module_name")
                .map(|c| self.node_text(c).to_ascii_lowercase());
            if let Some(name) = name {
                if self.scopes.module(&name).is_none()
                    && !super::accmod::is_intrinsic_module(&name)
                    && !found.iter().any(|u| u.name == name)
                {
                    found.push(super::accmod::UsedModule {
                        name,
                        at: node.start_byte() as u32..node.end_byte() as u32,
                    });
                }
            }
            false
        });
        found
    }

    pub fn root(&self) -> Option<Node<'_>> {
        self.tree.as_ref().map(|t| t.root_node())
    }

    pub fn node_text(&self, node: Node<'_>) -> &str {
        text_of(&self.text, node)
    }

    /// The first byte after `offset` that is not blank and not in a comment line.
    fn next_code(&self, offset: u32) -> Option<u32> {
        let mut position = offset as usize;
        let bytes = self.text.as_bytes();
        loop {
            while position < bytes.len() && bytes[position].is_ascii_whitespace() {
                position += 1;
            }
            if position >= bytes.len() {
                return None;
            }
            if bytes[position] == b'!' {
                while position < bytes.len() && bytes[position] != b'\n' {
                    position += 1;
                }
                continue;
            }
            return Some(position as u32);
        }
    }

    /// The outermost node that starts at `offset` and is not a program unit or a list of them.
    fn statement_at(&self, offset: u32) -> Option<Node<'_>> {
        let root = self.root()?;
        let mut node = root.named_descendant_for_byte_range(offset as usize, offset as usize)?;
        while let Some(parent) = node.parent() {
            if parent.start_byte() != node.start_byte()
                || matches!(
                    parent.kind(),
                    "translation_unit" | "internal_procedures" | "program" | "module"
                )
            {
                break;
            }
            node = parent;
        }
        (node.start_byte() == offset as usize).then_some(node)
    }

    /// The statement that follows a directive ending at `after`, if the next code is one (not an
    /// `end ...`, `else`, `case` or `contains`).
    pub fn next_statement(&self, after: u32) -> Option<Node<'_>> {
        let start = self.next_code(after)?;
        let node = self.statement_at(start)?;
        if is_terminator(node.kind())
            || matches!(
                node.kind(),
                "subroutine" | "function" | "module" | "program"
            )
        {
            return None;
        }
        Some(node)
    }

    /// Whether `start..end` (between a directive and its `end` directive) holds whole
    /// statements of one block. Returns the offending node's start when not.
    pub fn check_block(&self, start: u32, end: u32) -> Result<(), u32> {
        let Some(root) = self.root() else {
            return Ok(());
        };
        let (start, end) = (start as usize, end as usize);
        let mut problem = None;
        // Nodes outside the smallest node covering the block cannot overlap it.
        let cover = root.descendant_for_byte_range(start, end).unwrap_or(root);
        walk(cover, |node| {
            if problem.is_some() || !node.is_named() || node.kind() == "comment" {
                return false;
            }
            let (a, b) = (node.start_byte(), node.end_byte());
            if b <= start || a >= end {
                return false;
            }
            if a >= start && b <= end {
                if is_terminator(node.kind()) {
                    problem = Some(a as u32);
                }
                return false;
            }
            if a >= start {
                // Starts inside the block and ends after it.
                problem = Some(a as u32);
                return false;
            }
            true
        });
        match problem {
            Some(at) => Err(at),
            None => Ok(()),
        }
    }

    /// The `do` loops a loop directive covers: `node` and, for `depth` > 1, the loops tightly
    /// nested in it (each the only statement of its parent's body; with `forced`,
    /// `collapse(force:n)`, the only `do` among its parent's statements).
    pub fn loop_nest(&self, node: Node<'_>, depth: usize, forced: bool) -> Vec<DoLoop> {
        let mut loops = Vec::new();
        let mut current = Some(node);
        while let Some(n) = current.take() {
            if n.kind() != "do_loop" || loops.len() >= depth {
                break;
            }
            let mut cursor = n.walk();
            let children: Vec<Node<'_>> = n.named_children(&mut cursor).collect();
            let Some(header) = children.iter().find(|c| c.kind() == "do_statement") else {
                break;
            };
            for control in self.do_controls(n, *header) {
                if loops.len() < depth {
                    loops.push(control);
                }
            }
            let body: Vec<Node<'_>> = children
                .iter()
                .filter(|c| {
                    c.kind() != "comment"
                        && c.kind() != "do_statement"
                        && c.kind() != "statement_label"
                        && !is_terminator(c.kind())
                })
                .copied()
                .collect();
            if body.len() == 1 {
                current = Some(body[0]);
            } else if forced {
                current = single_do(&body).map(|at| body[at]);
            }
        }
        loops
    }

    /// The loop controls of a `do` statement: one for a counted loop, one per index of a
    /// `do concurrent` header (which `collapse` covers like a nest), none for `do while`.
    pub fn do_controls(&self, node: Node<'_>, header: Node<'_>) -> Vec<DoLoop> {
        let empty = DoLoop {
            range: node.start_byte() as u32..node.end_byte() as u32,
            header: header.start_byte() as u32..header.end_byte() as u32,
            var: None,
            start: None,
            end: None,
            step: None,
        };
        let mut controls = Vec::new();
        let mut cursor = header.walk();
        for child in header.named_children(&mut cursor) {
            match child.kind() {
                "loop_control_expression" => {
                    let mut c = child.walk();
                    let parts: Vec<Node<'_>> = child.named_children(&mut c).collect();
                    let mut result = empty.clone();
                    if let Some(var) = parts.first() {
                        result.var = Some((
                            self.node_text(*var).to_string(),
                            var.start_byte() as u32..var.end_byte() as u32,
                        ));
                    }
                    result.start = parts.get(1).map(|p| self.node_text(*p).to_string());
                    result.end = parts.get(2).map(|p| self.node_text(*p).to_string());
                    result.step = parts.get(3).map(|p| self.node_text(*p).to_string());
                    controls.push(result);
                }
                "concurrent_statement" => {
                    let mut found = Vec::new();
                    walk(child, |n| {
                        if n.kind() == "concurrent_control" {
                            found.push(n);
                            return false;
                        }
                        n.kind() != "concurrent_locality"
                    });
                    for control in found {
                        let mut result = empty.clone();
                        let mut c = control.walk();
                        let var = control
                            .named_children(&mut c)
                            .find(|n| n.kind() == "identifier");
                        if let Some(var) = var {
                            result.var = Some((
                                self.node_text(var).to_string(),
                                var.start_byte() as u32..var.end_byte() as u32,
                            ));
                        }
                        let field = |name: &str| {
                            control
                                .child_by_field_name(name)
                                .map(|n| self.node_text(n).to_string())
                        };
                        result.start = field("initial");
                        result.end = field("final");
                        result.step = field("step");
                        controls.push(result);
                    }
                }
                _ => {}
            }
        }
        if controls.is_empty() {
            controls.push(empty);
        }
        controls
    }

    /// The identifiers in `range` that may name variables, in source order: call targets,
    /// keyword-argument names, derived-type components and `do` construct names are left out.
    pub fn identifiers_in(&self, range: Range<u32>) -> Vec<(String, Range<u32>, bool)> {
        let Some(root) = self.root() else {
            return Vec::new();
        };
        let (start, end) = (range.start as usize, range.end as usize);
        let mut found = Vec::new();
        let cover = root.descendant_for_byte_range(start, end).unwrap_or(root);
        walk(cover, |node| {
            if node.end_byte() <= start || node.start_byte() >= end {
                return false;
            }
            match node.kind() {
                "comment" | "type_member" | "string_literal" => return false,
                "identifier" => {
                    if node.start_byte() < start || node.end_byte() > end {
                        return false;
                    }
                    let parent = node.parent();
                    let skip = parent.is_some_and(|p| match p.kind() {
                        "subroutine_call" => {
                            p.child_by_field_name("subroutine").map(|s| s.id()) == Some(node.id())
                        }
                        "keyword_argument" => {
                            p.child_by_field_name("name").map(|s| s.id()) == Some(node.id())
                        }
                        _ => false,
                    });
                    if !skip {
                        // A call of a name that is not an array is a function call.
                        let called = parent.is_some_and(|p| {
                            p.kind() == "call_expression"
                                && p.named_child(0).map(|s| s.id()) == Some(node.id())
                        });
                        found.push((
                            self.node_text(node).to_string(),
                            node.start_byte() as u32..node.end_byte() as u32,
                            called,
                        ));
                    }
                    return false;
                }
                _ => {}
            }
            true
        });
        found
    }

    /// Whether `offset` is inside the body of a `do` loop.
    pub fn inside_do(&self, offset: u32) -> bool {
        let Some(root) = self.root() else {
            return false;
        };
        let Some(mut node) = root.descendant_for_byte_range(offset as usize, offset as usize)
        else {
            return false;
        };
        loop {
            if node.kind() == "do_loop" {
                return true;
            }
            match node.parent() {
                Some(p) => node = p,
                None => return false,
            }
        }
    }

    /// Syntax errors tree-sitter found: the start of each error or missing node.
    pub fn syntax_errors(&self) -> Vec<Range<u32>> {
        let Some(root) = self.root() else {
            return Vec::new();
        };
        if !root.has_error() {
            return Vec::new();
        }
        let mut errors = Vec::new();
        walk(root, |node| {
            if node.is_error() || node.is_missing() {
                errors.push(
                    node.start_byte() as u32..node.end_byte().max(node.start_byte() + 1) as u32,
                );
                return false;
            }
            node.has_error()
        });
        errors
    }
}

/// The `associate` constructs under `root` whose associations name a variable, outer before
/// inner ([`FUnit::associated_variable`]).
fn associations(text: &str, root: Node<'_>) -> Vec<Associations> {
    let mut found = Vec::new();
    super::symbols::walk(root, |node| {
        if node.kind() != "associate_statement" {
            return true;
        }
        let mut names = Vec::new();
        // The names stand for their variables after the association list (in the list itself
        // a name is being defined, and a selector is evaluated outside the construct).
        let mut body_start = node.start_byte() as u32;
        let mut cursor = node.walk();
        for list in node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "association_list")
        {
            body_start = body_start.max(list.end_byte() as u32);
            let mut inner = list.walk();
            for association in list.named_children(&mut inner) {
                let (Some(name), Some(selector)) = (
                    association.child_by_field_name("name"),
                    association.child_by_field_name("selector"),
                ) else {
                    continue;
                };
                if selector.kind() == "identifier" {
                    names.push((
                        text_of(text, name).to_ascii_lowercase(),
                        text_of(text, selector).to_ascii_lowercase(),
                    ));
                }
            }
        }
        if !names.is_empty() {
            found.push((body_start..node.end_byte() as u32, names));
        }
        true
    });
    found
}
