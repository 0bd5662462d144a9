//! [`CUnit`]: one parsed C translation unit, its `#pragma acc` lines and the statements they
//! apply to, syntax errors, and the entry points to the symbol index.

use std::cell::OnceCell;
use std::collections::HashSet;
use std::ops::Range;

use acc_ir::TypeTable;
use tree_sitter::{Node, Parser, Tree};

use super::decl_types::normalize_space;
use super::scan::{self, Blanked};
use super::source_map::SourceMap;
use super::symbols::{self, FunctionInfo, Symbol, SymbolIndex};

/// Where a pragma sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PragmaContext {
    /// Outside any function body.
    FileScope,
    /// Inside the body of function `name`; `body` is the body's range, `definition` the whole
    /// function definition's.
    Function {
        name: String,
        body: Range<u32>,
        definition: Range<u32>,
    },
}

/// One `#pragma acc` line of the translation unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PragmaLine {
    /// Everything after `acc`, e.g. `" parallel loop copy(a[0:n])"` (backslash-newlines of a
    /// continued line are replaced by spaces).
    pub text: String,
    /// Offset of `text[0]` in the preprocessed buffer.
    pub text_offset: u32,
    /// Offset of the line's `#`.
    pub line_start: u32,
    /// Offset of the end of the (logical) line, before its newline.
    pub line_end: u32,
    pub context: PragmaContext,
}

/// What kind of statement a pragma applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatementKind {
    For,
    Compound,
    Expression,
    /// Any other node: `if_statement`, `while_statement`, `declaration`, `function_definition`...
    Other(String),
}

/// The statement (or file-scope declaration) a pragma applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub kind: StatementKind,
    pub range: Range<u32>,
    /// tree-sitter's node id; see [`CUnit::statement_node`].
    pub node_id: usize,
}

/// A parsed C translation unit.
pub struct CUnit {
    /// The blanked text that was parsed.
    pub(super) text: String,
    pub(super) tree: Tree,
    pub pragmas: Vec<PragmaLine>,
    blanked: Blanked,
    source_map: SourceMap,
    index: OnceCell<SymbolIndex>,
    /// The bit-fields of the unit ([`CUnit::bitfield_members`]), found once.
    bitfields: OnceCell<HashSet<(Option<String>, String)>>,
}

impl std::fmt::Debug for CUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CUnit")
            .field("main_file", &self.source_map.main_file())
            .field("bytes", &self.text.len())
            .field("pragmas", &self.pragmas)
            .finish_non_exhaustive()
    }
}

/// Whether `declarator` is an abstract array declarator with sizes only (`[i]`, `[i][j]`):
/// no pointer or function part.
fn only_array_sizes(declarator: Node) -> bool {
    let mut node = declarator;
    for _ in 0..64 {
        if node.kind() != "abstract_array_declarator" || node.child_by_field_name("size").is_none()
        {
            return false;
        }
        match node.child_by_field_name("declarator") {
            Some(inner) => node = inner,
            None => return true,
        }
    }
    false
}

/// Parses `text` with tree-sitter-c.
fn parse_c(text: &str) -> Tree {
    let mut parser = Parser::new();
    let language: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
    // The grammar and the runtime are pinned together in Cargo.toml; a mismatch is a build
    // problem that the unit tests catch, never something input can cause.
    parser
        .set_language(&language)
        .expect("tree-sitter-c matches the tree-sitter runtime");
    parser
        .parse(text, None)
        .or_else(|| parser.parse("", None))
        .expect("tree-sitter parses without a timeout or cancellation flag")
}

/// The ancestors of `target` from the root down to `target` itself.
fn ancestors<'t>(root: Node<'t>, target: Node<'t>) -> Vec<Node<'t>> {
    let mut chain = vec![root];
    let mut current = root;
    while current.id() != target.id() {
        match current.child_with_descendant(target) {
            Some(next) if next.id() != current.id() => {
                chain.push(next);
                current = next;
            }
            _ => break,
        }
    }
    chain
}

/// Node kinds a pragma can apply to.
fn is_statement_kind(kind: &str) -> bool {
    kind.ends_with("_statement")
        || matches!(
            kind,
            "declaration"
                | "function_definition"
                | "type_definition"
                | "ERROR"
                | "linkage_specification"
        )
}

impl CUnit {
    /// Parses preprocessed C. `file_name` names the text until the first line marker.
    pub fn parse(preprocessed: &str, file_name: &str) -> CUnit {
        let scanned = scan::scan(preprocessed);
        let tree = parse_c(&scanned.text);
        let source_map = SourceMap::new(preprocessed, file_name);
        let mut unit = CUnit {
            text: scanned.text,
            tree,
            pragmas: Vec::new(),
            blanked: scanned.blanked,
            source_map,
            index: OnceCell::new(),
            bitfields: OnceCell::new(),
        };
        unit.pragmas = scanned
            .pragmas
            .into_iter()
            .map(|raw| PragmaLine {
                context: unit.context_at(raw.line_start),
                text: raw.text,
                text_offset: raw.text_offset,
                line_start: raw.line_start,
                line_end: raw.line_end,
            })
            .collect();
        unit.resolve_casts_of_variables();
        unit
    }

    /// tree-sitter-c cannot know which names are types, and reads `(k) + n * k`, `(k) - 1` or
    /// `(f)(x)` as casts to a type `k` when `k` is a variable (index macros with parenthesised
    /// arguments: `#define OFFSET(i, j, k, w) ((k) + (w) * ((j) + (i) * w))`). The parentheses
    /// of each such "cast" whose name is a variable or a function where it stands are blanked
    /// (a name in parentheses means the name) and the text is parsed again, so that the code
    /// is the sum, difference, product or call it is. Offsets do not move.
    fn resolve_casts_of_variables(&mut self) {
        // Each round can uncover casts that the previous tree hid inside a wrong parse.
        for _ in 0..4 {
            let mut parens = Vec::new();
            let mut stack = vec![self.tree.root_node()];
            while let Some(node) = stack.pop() {
                if node.kind() == "cast_expression" {
                    if let Some(range) = self.cast_of_a_variable(node) {
                        parens.extend(range);
                    }
                }
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
            }
            if parens.is_empty() {
                return;
            }
            let mut bytes = std::mem::take(&mut self.text).into_bytes();
            for at in parens {
                bytes[at] = b' ';
            }
            self.text = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            self.tree = parse_c(&self.text);
            self.index = OnceCell::new();
            self.bitfields = OnceCell::new();
        }
    }

    /// The offsets of the parentheses of `cast` when its type is a lone name that is a
    /// variable or a function where it stands, not a type, or such a name with array sizes
    /// (`(x[i]) + c * 2.0`, from macros like `#define I3D(a, i, j) (a[(i) * n + (j)])`, reads
    /// as the cast of `+c` to the type `x[i]`). The parentheses hold a primary or postfix
    /// expression then, so blanking them changes nothing else.
    fn cast_of_a_variable(&self, cast: Node) -> Option<[usize; 2]> {
        let ty = cast.child_by_field_name("type")?;
        let mut cursor = ty.walk();
        let parts: Vec<Node> = ty.named_children(&mut cursor).collect();
        // `(k)`, or `(x[i])` / `(y[i][j])`: an element read as an array type `x[i]`.
        let name = match parts.as_slice() {
            [name] if ty.child_count() == 1 => name,
            [name, declarator] if ty.child_count() == 2 && only_array_sizes(*declarator) => name,
            _ => return None,
        };
        if name.kind() != "type_identifier" {
            return None;
        }
        let text = self.text.get(name.byte_range())?;
        let entry = self.index().lookup(text, cast.start_byte() as u32)?;
        if !matches!(
            entry.kind,
            symbols::EntryKind::Variable | symbols::EntryKind::Function
        ) {
            return None;
        }
        let open = cast.child(0).filter(|c| c.kind() == "(")?;
        let close = ty.next_sibling().filter(|c| c.kind() == ")")?;
        Some([open.start_byte(), close.start_byte()])
    }

    /// The blanked text that was parsed (same length and offsets as the preprocessed text).
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Whether a `_Complex` (or `__complex__`) keyword the scanner blanked lies in `range`.
    pub(super) fn complex_in(&self, range: std::ops::Range<u32>) -> bool {
        self.blanked.complex_in(range)
    }

    /// The width of the complex parts of the GNU imaginary literal (`1.0iF`, glibc's `I`) that
    /// starts at `offset`, whose suffix the scanner blanked; `None` for any other literal.
    pub(super) fn imaginary_width(&self, offset: u32) -> Option<u8> {
        self.blanked.imaginary_width(offset)
    }

    pub fn source_map(&self) -> &SourceMap {
        &self.source_map
    }

    /// The text of `range`, with runs of whitespace (blanked line markers, newlines) collapsed
    /// into one space.
    pub fn text_of(&self, range: Range<u32>) -> String {
        normalize_space(
            self.text
                .get(range.start as usize..range.end as usize)
                .unwrap_or(""),
        )
    }

    pub(super) fn node_text(&self, node: Node) -> String {
        self.text_of(node.start_byte() as u32..node.end_byte() as u32)
    }

    /// The (struct name, member) pairs of the translation unit that are bit-fields: the type
    /// table has no bit-fields, so device code must not touch them. One walk of the tree,
    /// whatever the number of regions asking.
    pub(super) fn bitfield_members(&self) -> &HashSet<(Option<String>, String)> {
        self.bitfields.get_or_init(|| {
            let mut found = HashSet::new();
            let mut stack = vec![self.tree.root_node()];
            while let Some(node) = stack.pop() {
                if node.kind() == "field_declaration" {
                    let mut cursor = node.walk();
                    if node
                        .children(&mut cursor)
                        .any(|c| c.kind() == "bitfield_clause")
                    {
                        let owner = self.record_name(node);
                        let mut cursor = node.walk();
                        for declarator in node.children_by_field_name("declarator", &mut cursor) {
                            found.insert((owner.clone(), self.node_text(declarator)));
                        }
                    }
                }
                let mut cursor = node.walk();
                stack.extend(node.named_children(&mut cursor));
            }
            found
        })
    }

    /// The name the symbol index gives the struct a field belongs to (its tag, or the typedef
    /// name of an anonymous struct).
    fn record_name(&self, field: Node) -> Option<String> {
        let text = |node: Node| self.text.get(node.byte_range()).unwrap_or("").to_string();
        let record = field.parent()?.parent()?;
        if let Some(name) = record.child_by_field_name("name") {
            return Some(text(name));
        }
        let definition = record.parent().filter(|p| p.kind() == "type_definition")?;
        let declarator = definition.child_by_field_name("declarator")?;
        (declarator.kind() == "type_identifier").then(|| text(declarator))
    }

    /// The size expression of an array declarator, written `text` (as a variable-length array
    /// type records it), in the declaration that ends at `at`; `None` where `at` ends no
    /// declaration (a type name in a cast) or none of its sizes reads `text`.
    pub(super) fn vla_size_node(&self, text: &str, at: u32) -> Option<Node<'_>> {
        let root = self.tree.root_node();
        let mut declaration =
            root.descendant_for_byte_range(at.checked_sub(1)? as usize, at as usize)?;
        while !matches!(
            declaration.kind(),
            "declaration" | "parameter_declaration" | "type_definition" | "field_declaration"
        ) {
            declaration = declaration.parent()?;
        }
        let wanted = super::decl_types::normalize_space(text);
        let mut pending = vec![declaration];
        while let Some(node) = pending.pop() {
            if node.kind() == "array_declarator" {
                if let Some(size) = node.child_by_field_name("size") {
                    if self.node_text(size) == wanted {
                        return Some(size);
                    }
                }
            }
            let mut cursor = node.walk();
            pending.extend(node.named_children(&mut cursor));
        }
        None
    }

    pub(super) fn index(&self) -> &SymbolIndex {
        self.index
            .get_or_init(|| symbols::build(&self.tree, &self.text, &self.blanked))
    }

    /// Whether `offset` is inside a function body, and which.
    fn context_at(&self, offset: u32) -> PragmaContext {
        let root = self.tree.root_node();
        let Some(leaf) = root.descendant_for_byte_range(offset as usize, offset as usize) else {
            return PragmaContext::FileScope;
        };
        for node in ancestors(root, leaf).into_iter().rev() {
            if node.kind() != "function_definition" {
                continue;
            }
            let Some(body) = node.child_by_field_name("body") else {
                continue;
            };
            if body.start_byte() as u32 <= offset && offset < body.end_byte() as u32 {
                let name = node
                    .child_by_field_name("declarator")
                    .and_then(|d| declarator_name(d, &self.text))
                    .unwrap_or_default();
                return PragmaContext::Function {
                    name,
                    body: body.start_byte() as u32..body.end_byte() as u32,
                    definition: node.start_byte() as u32..node.end_byte() as u32,
                };
            }
        }
        PragmaContext::FileScope
    }

    /// The first statement after pragma `pragma_index` in the same block, or `None` when the
    /// pragma is the last thing in its block (or the file).
    pub fn associated_statement(&self, pragma_index: usize) -> Option<Statement> {
        let pragma = self.pragmas.get(pragma_index)?;
        let start = skip_blanks_and_comments(self.text.as_bytes(), pragma.line_end as usize)?;
        let root = self.tree.root_node();
        let leaf = root.descendant_for_byte_range(start, start)?;
        let chain = ancestors(root, leaf);
        // Climb from the leaf while the parent starts at the same byte (never to the root).
        let mut index = chain.len() - 1;
        while index > 1 && chain[index - 1].start_byte() == start {
            index -= 1;
        }
        let node = chain[index];
        if index == 0 || node.start_byte() != start || !is_statement_kind(node.kind()) {
            return None;
        }
        let kind = match node.kind() {
            "for_statement" => StatementKind::For,
            "compound_statement" => StatementKind::Compound,
            "expression_statement" => StatementKind::Expression,
            other => StatementKind::Other(other.to_string()),
        };
        Some(Statement {
            kind,
            range: node.start_byte() as u32..node.end_byte() as u32,
            node_id: node.id(),
        })
    }

    /// The syntax node of a statement returned by [`CUnit::associated_statement`].
    pub fn statement_node(&self, stmt: &Statement) -> Option<Node<'_>> {
        let root = self.tree.root_node();
        let leaf =
            root.descendant_for_byte_range(stmt.range.start as usize, stmt.range.end as usize)?;
        let mut node = Some(leaf);
        // The statement is the leaf or one of its few ancestors with the same start.
        while let Some(current) = node {
            if current.id() == stmt.node_id {
                return Some(current);
            }
            if current.start_byte() as u32 != stmt.range.start {
                break;
            }
            node = current.parent();
        }
        ancestors(root, leaf)
            .into_iter()
            .find(|n| n.id() == stmt.node_id)
    }

    /// The first function declared or defined at file scope after offset `after` (for
    /// `#pragma acc routine` without a name).
    pub fn next_function(&self, after: u32) -> Option<FunctionInfo> {
        self.index()
            .functions
            .iter()
            .find(|f| f.range.start >= after)
            .cloned()
    }

    /// The definition of function `name` if the file has one, else its first declaration.
    pub fn function_named(&self, name: &str) -> Option<FunctionInfo> {
        let functions = &self.index().functions;
        functions
            .iter()
            .find(|f| f.name == name && f.is_definition)
            .or_else(|| functions.iter().find(|f| f.name == name))
            .cloned()
    }

    /// The variable or function declaration of `name` visible at offset `at`, its type
    /// interned in `types`. Typedef names and enum constants are not symbols (`None`).
    pub fn resolve(&self, name: &str, at: u32, types: &mut TypeTable) -> Option<Symbol> {
        self.index().resolve(name, at, types)
    }

    /// The value of enum constant `name` visible at `at`.
    pub fn enum_constant(&self, name: &str, at: u32) -> Option<i64> {
        match self.index().lookup(name, at)?.kind {
            symbols::EntryKind::EnumConstant(value) => Some(value),
            _ => None,
        }
    }

    /// Whether `name` is a typedef name at `at`.
    pub fn is_typedef_name(&self, name: &str, at: u32) -> bool {
        self.index()
            .lookup(name, at)
            .is_some_and(|e| matches!(e.kind, symbols::EntryKind::Typedef))
    }

    /// tree-sitter's ERROR and MISSING nodes as messages.
    pub fn syntax_errors(&self) -> Vec<(Range<u32>, String)> {
        let mut errors = Vec::new();
        let root = self.tree.root_node();
        if !root.has_error() {
            return errors;
        }
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            let range = node.start_byte() as u32..node.end_byte() as u32;
            if node.is_missing() {
                errors.push((
                    range.start..range.start,
                    format!("expected `{}`", node.kind()),
                ));
                continue;
            }
            if node.is_error() {
                let text = self.node_text(node);
                let shown: String = text.chars().take(40).collect();
                let message = if shown.is_empty() {
                    "syntax error".to_string()
                } else {
                    format!("syntax error near `{shown}`")
                };
                errors.push((range, message));
                continue;
            }
            let mut cursor = node.walk();
            let children: Vec<Node> = node
                .children(&mut cursor)
                .filter(|c| c.has_error())
                .collect();
            stack.extend(children.into_iter().rev());
        }
        errors
    }
}

/// The identifier a (function) declarator declares.
fn declarator_name(declarator: Node, text: &str) -> Option<String> {
    let mut node = declarator;
    for _ in 0..10_000 {
        match node.kind() {
            "identifier" | "field_identifier" | "type_identifier" => {
                return text.get(node.byte_range()).map(str::to_string)
            }
            _ => {
                node = match node.child_by_field_name("declarator") {
                    Some(inner) => inner,
                    None => {
                        let mut cursor = node.walk();
                        let inner = node
                            .named_children(&mut cursor)
                            .find(|c| c.kind().ends_with("declarator") || c.kind() == "identifier");
                        inner?
                    }
                };
            }
        }
    }
    None
}

/// The offset of the first byte at or after `from` that is neither white space nor inside a
/// comment; `None` at the end of the text.
fn skip_blanks_and_comments(bytes: &[u8], from: usize) -> Option<usize> {
    let mut position = from;
    while position < bytes.len() {
        let byte = bytes[position];
        if byte.is_ascii_whitespace() {
            position += 1;
        } else if byte == b'/' && bytes.get(position + 1) == Some(&b'/') {
            while position < bytes.len() && bytes[position] != b'\n' {
                position += 1;
            }
        } else if byte == b'/' && bytes.get(position + 1) == Some(&b'*') {
            position += 2;
            while position < bytes.len()
                && !(bytes[position] == b'*' && bytes.get(position + 1) == Some(&b'/'))
            {
                position += 1;
            }
            position += 2;
        } else {
            return Some(position);
        }
    }
    None
}
