//! The symbol index of a C translation unit: scopes, declarations with their types, and name
//! lookup with C scoping rules.
//!
//! The index is built once, by one iterative walk over the syntax tree in document order, so a
//! typedef or struct tag is always known before it is used. Scopes are the file, each function
//! (parameters and the outermost block of the body together), each compound statement and each
//! `for` statement (for its init declaration). A declaration becomes visible at the end of its
//! declarator, so `int x = x;` and shadowing behave as in C.

use std::collections::HashMap;
use std::ops::Range;

use acc_ir::{ArraySize, TypeHandle, TypeTable};
use tree_sitter::{Node, Tree};

use super::ctypes::{CType, Interner, Record};
use super::scan::Blanked;

/// Where a declared name lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Storage {
    /// File scope with external linkage (a definition without `static` or `extern`).
    Global,
    /// `static`, at file scope or in a function.
    Static,
    /// `extern`, or a function declaration without a body.
    Extern,
    /// An automatic variable of a block.
    Local,
    /// A function parameter.
    Parameter,
}

/// A declaration that a name resolves to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// The declarator (with its initializer) that declares the name; the whole parameter
    /// declaration for a parameter.
    pub decl_range: Range<u32>,
    pub ty: TypeHandle,
    pub storage: Storage,
    pub is_function: bool,
}

impl Symbol {
    /// Whether the declaration makes the variable itself a `restrict` pointer
    /// (`double *restrict p`, `int *__restrict q = r`): in the declarator text before the name,
    /// a qualifier after the last `*`. A `restrict` that a typedef or an array parameter
    /// (`a[restrict]`) brings is not seen, which only costs the dependence test precision.
    /// For a parameter declared with array syntax (`double a[n][m]`, `int x[]`, `float
    /// v[static 8]`), which C adjusts to a pointer: `Some` of its first extent's text (`None`
    /// inside when the brackets give none). `None` for any other variable.
    pub fn array_parameter_extent(&self, text: &str) -> Option<Option<String>> {
        if self.storage != Storage::Parameter {
            return None;
        }
        let decl = text.get(self.decl_range.start as usize..self.decl_range.end as usize)?;
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let name_end = decl.match_indices(self.name.as_str()).find_map(|(at, _)| {
            let before = decl[..at].chars().next_back();
            let after = decl[at + self.name.len()..].chars().next();
            (!before.is_some_and(is_ident) && !after.is_some_and(is_ident))
                .then_some(at + self.name.len())
        })?;
        let rest = decl[name_end..].trim_start().strip_prefix('[')?;
        let mut depth = 0usize;
        let close = rest.char_indices().find_map(|(at, c)| match c {
            '[' | '(' => {
                depth += 1;
                None
            }
            ']' | ')' if depth > 0 => {
                depth -= 1;
                None
            }
            ']' => Some(at),
            _ => None,
        })?;
        // Qualifiers and `static` may come first (C11 6.7.6.3).
        let mut extent = rest[..close].trim();
        loop {
            let word_end = extent.find(|c: char| !is_ident(c)).unwrap_or(extent.len());
            match &extent[..word_end] {
                "static" | "const" | "volatile" | "restrict" | "__restrict" | "__restrict__" => {
                    extent = extent[word_end..].trim_start();
                }
                _ => break,
            }
        }
        Some((!extent.is_empty() && extent != "*").then(|| extent.to_string()))
    }

    pub fn is_restrict_pointer(&self, text: &str) -> bool {
        let Some(decl) = text.get(self.decl_range.start as usize..self.decl_range.end as usize)
        else {
            return false;
        };
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        // The first occurrence of the name as a whole word.
        let mut name_at = None;
        for (at, _) in decl.match_indices(self.name.as_str()) {
            let before = decl[..at].chars().next_back();
            let after = decl[at + self.name.len()..].chars().next();
            if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
                name_at = Some(at);
                break;
            }
        }
        let Some(name_at) = name_at else {
            return false;
        };
        let before_name = &decl[..name_at];
        let Some(star) = before_name.rfind('*') else {
            return false;
        };
        before_name[star + 1..]
            .split(|c: char| !is_ident(c))
            .any(|word| matches!(word, "restrict" | "__restrict" | "__restrict__"))
    }
}

/// A function declaration or definition at file scope.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionInfo {
    pub name: String,
    /// The whole declaration or definition.
    pub range: Range<u32>,
    pub is_definition: bool,
    pub name_range: Range<u32>,
}

#[derive(Clone, Debug)]
pub(crate) enum EntryKind {
    Variable,
    Function,
    Typedef,
    EnumConstant(i64),
}

/// One declared ordinary identifier.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub name: String,
    pub decl_range: Range<u32>,
    pub visible_from: u32,
    pub kind: EntryKind,
    pub ty: CType,
    pub storage: Storage,
}

/// A struct/union/enum tag.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Tag {
    Record(usize),
    Enum,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Scope {
    pub range: Range<u32>,
    pub parent: Option<usize>,
    /// Ordinary identifiers → entries in declaration order.
    pub names: HashMap<String, Vec<usize>>,
    pub tags: HashMap<String, Tag>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct SymbolIndex {
    pub scopes: Vec<Scope>,
    pub entries: Vec<Entry>,
    pub records: Vec<Record>,
    /// File-scope function declarations and definitions in document order.
    pub functions: Vec<FunctionInfo>,
}

impl SymbolIndex {
    /// The innermost scope whose range contains `at`. Scopes are created in document order, so
    /// their starts never decrease: the last scope starting at or before `at`, or the nearest of
    /// its enclosing scopes that still contains `at`, is the one.
    pub(crate) fn innermost_scope(&self, at: u32) -> usize {
        let last_started = self.scopes.partition_point(|s| s.range.start <= at);
        let mut scope = last_started.checked_sub(1);
        while let Some(current) = scope {
            if self.scopes[current].range.contains(&at) {
                return current;
            }
            scope = self.scopes[current].parent;
        }
        0
    }

    /// The entry `name` refers to at offset `at`.
    pub(crate) fn lookup(&self, name: &str, at: u32) -> Option<&Entry> {
        self.lookup_id(name, at).map(|id| &self.entries[id])
    }

    /// The index (into `entries`) of the entry `name` refers to at offset `at`.
    pub(crate) fn lookup_id(&self, name: &str, at: u32) -> Option<usize> {
        let mut scope = Some(self.innermost_scope(at));
        while let Some(current) = scope {
            if let Some(list) = self.scopes[current].names.get(name) {
                let visible = list
                    .iter()
                    .rev()
                    .find(|e| self.entries[**e].visible_from <= at);
                if let Some(entry) = visible {
                    return Some(*entry);
                }
            }
            scope = self.scopes[current].parent;
        }
        None
    }

    /// The variable or function `name` refers to at `at`, with its type interned in `types`.
    pub(crate) fn resolve(&self, name: &str, at: u32, types: &mut TypeTable) -> Option<Symbol> {
        let entry = self.lookup(name, at)?;
        let is_function = match entry.kind {
            EntryKind::Variable => false,
            EntryKind::Function => true,
            EntryKind::Typedef | EntryKind::EnumConstant(_) => return None,
        };
        Some(Symbol {
            name: entry.name.clone(),
            decl_range: entry.decl_range.clone(),
            ty: Interner::new(&self.records, types).intern(&entry.ty),
            storage: entry.storage,
            is_function,
        })
    }
}

/// Builds the index of `tree` (parsed from the blanked `source`).
pub(crate) fn build(tree: &Tree, source: &str, blanked: &Blanked) -> SymbolIndex {
    let mut builder = Builder {
        source,
        blanked,
        index: SymbolIndex::default(),
        stack: vec![0],
        evaluations: 0,
    };
    builder.index.scopes.push(Scope {
        range: 0..source.len() as u32,
        ..Scope::default()
    });
    let mut tasks = vec![Task::Visit(tree.root_node())];
    while let Some(task) = tasks.pop() {
        match task {
            Task::PopScope => {
                builder.stack.pop();
            }
            Task::Visit(node) => builder.visit(node, &mut tasks),
        }
    }
    builder.index
}

enum Task<'t> {
    Visit(Node<'t>),
    PopScope,
}

/// The state of the walk that builds a [`SymbolIndex`].
pub(crate) struct Builder<'s> {
    pub(crate) source: &'s str,
    pub(crate) blanked: &'s Blanked,
    pub(crate) index: SymbolIndex,
    /// Open scopes, innermost last.
    pub(crate) stack: Vec<usize>,
    /// How many constant evaluations are in progress (they can nest through `sizeof` of array
    /// types); bounds the recursion on hostile input.
    pub(crate) evaluations: usize,
}

/// Pushes the named children of `node` so that they are visited in document order.
fn push_children<'t>(node: Node<'t>, tasks: &mut Vec<Task<'t>>) {
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    tasks.extend(children.into_iter().rev().map(Task::Visit));
}

impl<'s> Builder<'s> {
    pub(crate) fn text(&self, node: Node) -> &'s str {
        self.source.get(node.byte_range()).unwrap_or("")
    }

    pub(crate) fn current_scope(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }

    pub(crate) fn at_file_scope(&self) -> bool {
        self.stack.len() <= 1
    }

    fn open_scope(&mut self, range: Range<u32>) {
        let parent = self.current_scope();
        let id = self.index.scopes.len();
        self.index.scopes.push(Scope {
            range,
            parent: Some(parent),
            ..Scope::default()
        });
        self.stack.push(id);
    }

    fn visit<'t>(&mut self, node: Node<'t>, tasks: &mut Vec<Task<'t>>) {
        match node.kind() {
            "function_definition" => self.function_definition(node, tasks),
            "declaration" => self.declaration(node),
            "type_definition" => self.type_definition(node),
            // `struct s { ... };` and `enum e { ... };` parse as bare specifiers.
            "struct_specifier" | "union_specifier" | "enum_specifier" => self.specifier(node),
            "compound_statement" | "for_statement" => {
                self.open_scope(node.start_byte() as u32..node.end_byte() as u32);
                tasks.push(Task::PopScope);
                push_children(node, tasks);
            }
            // Leaves and expressions hold no declarations worth indexing.
            "identifier" | "number_literal" | "string_literal" | "char_literal"
            | "field_identifier" | "type_identifier" | "primitive_type" => {}
            _ => push_children(node, tasks),
        }
    }

    /// Adds an ordinary identifier to the current scope.
    pub(crate) fn register(&mut self, entry: Entry) {
        let scope = self.current_scope();
        let id = self.index.entries.len();
        self.index.scopes[scope]
            .names
            .entry(entry.name.clone())
            .or_default()
            .push(id);
        self.index.entries.push(entry);
    }

    /// The entry visible now for `name` (everything registered so far precedes the walk).
    pub(crate) fn lookup_now(&self, name: &str) -> Option<&Entry> {
        self.stack.iter().rev().find_map(|scope| {
            let list = self.index.scopes[*scope].names.get(name)?;
            list.last().map(|id| &self.index.entries[*id])
        })
    }

    pub(crate) fn lookup_tag(&self, name: &str) -> Option<Tag> {
        self.stack
            .iter()
            .rev()
            .find_map(|scope| self.index.scopes[*scope].tags.get(name).copied())
    }

    pub(crate) fn declare_tag(&mut self, scope: usize, name: &str, tag: Tag) {
        self.index.scopes[scope].tags.insert(name.to_string(), tag);
    }

    fn storage_keywords(&self, node: Node) -> (bool, bool) {
        let mut cursor = node.walk();
        let mut is_static = false;
        let mut is_extern = false;
        for child in node.children(&mut cursor) {
            if child.kind() == "storage_class_specifier" {
                match self.text(child).trim() {
                    "static" => is_static = true,
                    "extern" => is_extern = true,
                    _ => {}
                }
            }
        }
        (is_static, is_extern)
    }

    fn declaration(&mut self, node: Node) {
        let (is_static, is_extern) = self.storage_keywords(node);
        let base = self.base_type(node, 0);
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for declarator in declarators {
            let target = if declarator.kind() == "init_declarator" {
                declarator
                    .child_by_field_name("declarator")
                    .unwrap_or(declarator)
            } else {
                declarator
            };
            let mut declared = self.apply_declarator(base.clone(), Some(target));
            let Some((name, name_range)) = declared.name.take() else {
                continue;
            };
            // `int b[] = {3, 4}`: the initializer completes the type (C11 6.7.9p22).
            if let CType::Array(element, ArraySize::Unknown) = &declared.ty {
                let value = declarator.child_by_field_name("value");
                if let Some(count) = value.and_then(|v| self.initializer_count(v)) {
                    declared.ty = CType::Array(element.clone(), ArraySize::Constant(count));
                }
            }
            let is_function = matches!(declared.ty, CType::Function(_));
            let storage = if is_static {
                Storage::Static
            } else if is_extern || is_function {
                Storage::Extern
            } else if self.at_file_scope() {
                Storage::Global
            } else {
                Storage::Local
            };
            if is_function && self.at_file_scope() {
                self.index.functions.push(FunctionInfo {
                    name: name.clone(),
                    range: node.start_byte() as u32..node.end_byte() as u32,
                    is_definition: false,
                    name_range: name_range.clone(),
                });
            }
            self.register(Entry {
                name,
                decl_range: declarator.start_byte() as u32..declarator.end_byte() as u32,
                visible_from: target.end_byte() as u32,
                kind: if is_function {
                    EntryKind::Function
                } else {
                    EntryKind::Variable
                },
                ty: declared.ty,
                storage,
            });
        }
    }

    fn type_definition(&mut self, node: Node) {
        let base = self.base_type(node, 0);
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for declarator in declarators {
            let declared = self.apply_declarator(base.clone(), Some(declarator));
            let Some((name, _)) = declared.name else {
                continue;
            };
            if let (CType::Record(record), true) = (&declared.ty, declared.is_plain_name) {
                if let Some(record) = self.index.records.get_mut(*record) {
                    record.name.get_or_insert_with(|| name.clone());
                }
            }
            self.register(Entry {
                name,
                decl_range: declarator.start_byte() as u32..declarator.end_byte() as u32,
                visible_from: declarator.end_byte() as u32,
                kind: EntryKind::Typedef,
                ty: declared.ty,
                storage: if self.at_file_scope() {
                    Storage::Global
                } else {
                    Storage::Local
                },
            });
        }
    }

    fn function_definition<'t>(&mut self, node: Node<'t>, tasks: &mut Vec<Task<'t>>) {
        let (is_static, _) = self.storage_keywords(node);
        let base = self.base_type(node, 0);
        let declarator = node.child_by_field_name("declarator");
        let declared = self.apply_declarator(base, declarator);
        let body = node.child_by_field_name("body");
        if let (Some((name, name_range)), Some(declarator)) = (declared.name.clone(), declarator) {
            if self.at_file_scope() {
                self.index.functions.push(FunctionInfo {
                    name: name.clone(),
                    range: node.start_byte() as u32..node.end_byte() as u32,
                    is_definition: true,
                    name_range,
                });
            }
            let ty = match declared.ty {
                function @ CType::Function(_) => function,
                // `int f {` and other broken shapes: keep the name as a function anyway.
                other => CType::Function(Box::new(other)),
            };
            self.register(Entry {
                name,
                decl_range: declarator.start_byte() as u32..declarator.end_byte() as u32,
                visible_from: declarator.end_byte() as u32,
                kind: EntryKind::Function,
                ty,
                storage: if is_static {
                    Storage::Static
                } else {
                    Storage::Global
                },
            });
        }
        let scope_start = declared
            .parameters
            .map(|p| p.start_byte())
            .or(body.map(|b| b.start_byte()))
            .unwrap_or(node.start_byte());
        self.open_scope(scope_start as u32..node.end_byte() as u32);
        tasks.push(Task::PopScope);
        if let Some(body) = body {
            push_children(body, tasks);
        }
        // Old-style (K&R) parameter declarations sit between the declarator and the body.
        let mut cursor = node.walk();
        let old_style: Vec<Node<'t>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "declaration")
            .collect();
        tasks.extend(old_style.into_iter().rev().map(Task::Visit));
        if let Some(parameters) = declared.parameters {
            self.parameters(parameters);
        }
    }

    /// Registers the parameters of a function definition in the (just opened) function scope.
    fn parameters(&mut self, list: Node) {
        let mut cursor = list.walk();
        let parameters: Vec<Node> = list
            .named_children(&mut cursor)
            .filter(|p| p.kind() == "parameter_declaration")
            .collect();
        for parameter in parameters {
            let base = self.base_type(parameter, 0);
            let declarator = parameter.child_by_field_name("declarator");
            let declared = self.apply_declarator(base, declarator);
            let Some((name, _)) = declared.name else {
                continue;
            };
            self.register(Entry {
                name,
                decl_range: parameter.start_byte() as u32..parameter.end_byte() as u32,
                visible_from: declarator.map_or(parameter.end_byte(), |d| d.end_byte()) as u32,
                kind: EntryKind::Variable,
                ty: declared.ty.decayed(),
                storage: Storage::Parameter,
            });
        }
    }
}
