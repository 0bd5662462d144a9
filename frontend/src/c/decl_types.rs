//! Types of declarations while the symbol index is built: declaration specifiers, declarators,
//! struct/union/enum specifiers and integer constant expressions (array sizes, enumerators).

use std::ops::Range;

use acc_ir::ArraySize;
use tree_sitter::Node;

use super::ctypes::{
    builtin_type, make_complex, parse_integer_literal, sized_type, CType, Record, MAX_TYPE_DEPTH,
};
use super::symbols::{Builder, Entry, EntryKind, Storage, Tag};

/// How deeply struct definitions may nest inside one another, and constant expressions inside
/// one another, before the builder stops looking.
const MAX_NESTING: usize = 64;

/// What a declarator declares.
pub(crate) struct Declared<'t> {
    pub name: Option<(String, Range<u32>)>,
    pub ty: CType,
    /// The declarator is the bare name (no pointer, array or function part).
    pub is_plain_name: bool,
    /// The parameter list of the innermost function declarator (the declared function's own).
    pub parameters: Option<Node<'t>>,
}

impl Builder<'_> {
    /// The type named by the specifiers of a declaration-like node (declaration, parameter,
    /// field, typedef, type descriptor): its `type` field, with `_Complex` if one was blanked
    /// among the specifiers.
    pub(crate) fn base_type(&mut self, node: Node, depth: usize) -> CType {
        let Some(specifier) = node.child_by_field_name("type") else {
            return CType::Opaque("missing type".to_string());
        };
        let specifiers_end = node
            .child_by_field_name("declarator")
            .map_or(node.end_byte(), |d| d.start_byte());
        // A leading `_Complex` was blanked, so it lies in the white space before the node.
        let before = self.source.get(..node.start_byte()).unwrap_or("");
        let gap_start = before
            .trim_end_matches(|c: char| c.is_ascii_whitespace())
            .len();
        let complex = self
            .blanked
            .complex_in(gap_start as u32..specifiers_end as u32);
        let ty = match specifier.kind() {
            "primitive_type" => {
                let name = self.text(specifier);
                self.typedef_named(name)
                    .or_else(|| builtin_type(name))
                    .unwrap_or(CType::Void)
            }
            "sized_type_specifier" => {
                let mut cursor = specifier.walk();
                let modifiers: Vec<&str> = specifier
                    .children(&mut cursor)
                    .map(|c| c.kind())
                    .filter(|k| matches!(*k, "signed" | "unsigned" | "long" | "short"))
                    .collect();
                let base = specifier
                    .child_by_field_name("type")
                    .filter(|t| t.kind() == "primitive_type")
                    .map(|t| self.text(t));
                return sized_type(&modifiers, base, complex);
            }
            "type_identifier" if self.typeof_argument(specifier.start_byte()).is_some() => {
                self.typeof_type(specifier.start_byte())
            }
            "type_identifier" => {
                let name = self.text(specifier);
                self.typedef_named(name)
                    .or_else(|| builtin_type(name))
                    .unwrap_or_else(|| CType::Opaque(name.to_string()))
            }
            "struct_specifier" | "union_specifier" => self.record_specifier(specifier, depth),
            "enum_specifier" => self.enum_specifier(specifier, depth),
            _ => CType::Opaque(self.text(specifier).to_string()),
        };
        make_complex(ty, complex)
    }

    fn typeof_argument(&self, keyword: usize) -> Option<&'_ str> {
        let sites = &self.blanked.typeof_arguments;
        let index = sites
            .binary_search_by_key(&(keyword as u32), |(at, _)| *at)
            .ok()?;
        Some(sites[index].1.as_str())
    }

    /// The type `typeof(argument)` names, for a declared name or a type spelled with keywords;
    /// anything else is opaque.
    fn typeof_type(&self, keyword: usize) -> CType {
        let argument = normalize_space(self.typeof_argument(keyword).unwrap_or(""));
        let argument = argument
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        if let Some(entry) = self.lookup_now(argument) {
            if !matches!(entry.kind, EntryKind::EnumConstant(_)) {
                return entry.ty.clone();
            }
        }
        let words: Vec<&str> = argument.split_whitespace().collect();
        let keywords = [
            "signed", "unsigned", "long", "short", "int", "char", "double", "float",
        ];
        if words.len() > 1 && words.iter().all(|w| keywords.contains(w)) {
            let base = words
                .iter()
                .copied()
                .find(|w| matches!(*w, "int" | "char" | "double" | "float"));
            return sized_type(&words, base, false);
        }
        builtin_type(argument).unwrap_or_else(|| CType::Opaque(format!("typeof({argument})")))
    }

    /// The type of a typedef name visible now, unless a variable hides it.
    fn typedef_named(&self, name: &str) -> Option<CType> {
        let entry = self.lookup_now(name)?;
        matches!(entry.kind, EntryKind::Typedef).then(|| entry.ty.clone())
    }

    /// Applies a (possibly abstract) declarator to `base`, outermost part first.
    pub(crate) fn apply_declarator<'t>(
        &mut self,
        base: CType,
        declarator: Option<Node<'t>>,
    ) -> Declared<'t> {
        let mut ty = base;
        let mut depth = ty.depth();
        let mut node = declarator;
        let mut name = None;
        let mut parameters = None;
        let is_plain_name =
            declarator.is_some_and(|d| matches!(d.kind(), "identifier" | "type_identifier"));
        while let Some(current) = node {
            let mut wrap: Option<Box<dyn FnOnce(Box<CType>) -> CType>> = None;
            match current.kind() {
                "pointer_declarator" | "abstract_pointer_declarator" => {
                    wrap = Some(Box::new(CType::Pointer));
                    node = current.child_by_field_name("declarator");
                }
                "array_declarator" | "abstract_array_declarator" => {
                    let size = self.array_size(current.child_by_field_name("size"));
                    wrap = Some(Box::new(move |element| CType::Array(element, size)));
                    node = current.child_by_field_name("declarator");
                }
                "function_declarator" | "abstract_function_declarator" => {
                    parameters = current.child_by_field_name("parameters");
                    wrap = Some(Box::new(CType::Function));
                    node = current.child_by_field_name("declarator");
                }
                "parenthesized_declarator"
                | "abstract_parenthesized_declarator"
                | "attributed_declarator" => {
                    let mut cursor = current.walk();
                    node = current
                        .named_children(&mut cursor)
                        .find(|c| c.kind() != "ms_call_modifier" && c.kind() != "comment");
                }
                "identifier" | "field_identifier" | "type_identifier" | "primitive_type" => {
                    let range = current.start_byte() as u32..current.end_byte() as u32;
                    name = Some((self.text(current).to_string(), range));
                    node = None;
                }
                _ => node = None,
            }
            if let Some(wrap) = wrap {
                depth += 1;
                if depth > MAX_TYPE_DEPTH {
                    ty = CType::Opaque("type nested too deeply".to_string());
                    depth = 0;
                } else {
                    ty = wrap(Box::new(ty));
                }
            }
        }
        Declared {
            name,
            ty,
            is_plain_name,
            parameters,
        }
    }

    /// The number of elements an initializer list gives an array of unknown size (C11 6.7.9p22):
    /// one past the highest index it initializes, designators (`[k] = v`) included. `None` for
    /// anything else (a string literal, a designator that is not a constant).
    pub(crate) fn initializer_count(&mut self, value: Node) -> Option<u64> {
        if value.kind() != "initializer_list" {
            return None;
        }
        let mut cursor = value.walk();
        let (mut next, mut count) = (0u64, 0u64);
        for item in value.named_children(&mut cursor) {
            match item.kind() {
                "comment" => continue,
                "initializer_pair" => {
                    let mut c = item.walk();
                    let designator = item.children_by_field_name("designator", &mut c).next()?;
                    if designator.kind() != "subscript_designator" {
                        return None;
                    }
                    let index = self.eval_const(designator.named_child(0)?, 0)?;
                    next = u64::try_from(index).ok()?;
                }
                _ => {}
            }
            next = next.checked_add(1)?;
            count = count.max(next);
        }
        Some(count)
    }

    /// The size of one array dimension.
    fn array_size(&mut self, size: Option<Node>) -> ArraySize {
        let Some(size) = size else {
            return ArraySize::Unknown;
        };
        if size.kind() == "*" || !size.is_named() {
            return ArraySize::Unknown;
        }
        match self.eval_const(size, 0) {
            Some(value) if value >= 0 => ArraySize::Constant(value as u64),
            _ => ArraySize::Variable(normalize_space(self.text(size))),
        }
    }

    /// `struct s`, `struct s { ... }`, `struct { ... }`, and the same for unions.
    fn record_specifier(&mut self, specifier: Node, depth: usize) -> CType {
        let is_union = specifier.kind() == "union_specifier";
        let name = specifier
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string());
        let body = specifier.child_by_field_name("body");
        let Some(body) = body else {
            let Some(name) = name else {
                return CType::Opaque("anonymous".to_string());
            };
            return match self.lookup_tag(&name) {
                Some(Tag::Record(record)) => CType::Record(record),
                Some(Tag::Enum) => CType::Scalar(acc_ir::ScalarKind::Int {
                    signed: true,
                    width: 32,
                }),
                None => {
                    // First mention: the tag belongs to the file (a later definition completes it).
                    let record = self.new_record(Some(name.clone()), is_union);
                    self.declare_tag(0, &name, Tag::Record(record));
                    CType::Record(record)
                }
            };
        };
        if depth > MAX_NESTING {
            return CType::Opaque(name.unwrap_or_else(|| "anonymous".to_string()));
        }
        let scope = self.current_scope();
        let record = match &name {
            Some(name) => {
                let existing = match self.index.scopes[scope].tags.get(name) {
                    Some(Tag::Record(record)) if self.index.records[*record].members.is_none() => {
                        Some(*record)
                    }
                    _ => None,
                };
                let record =
                    existing.unwrap_or_else(|| self.new_record(Some(name.clone()), is_union));
                self.declare_tag(scope, name, Tag::Record(record));
                record
            }
            None => self.new_record(None, is_union),
        };
        let members = self.members(body, depth + 1);
        self.index.records[record].members = Some(members);
        CType::Record(record)
    }

    fn new_record(&mut self, name: Option<String>, is_union: bool) -> usize {
        self.index.records.push(Record {
            name,
            is_union,
            members: None,
        });
        self.index.records.len() - 1
    }

    /// The members of a struct body; an anonymous struct/union member gets the name "".
    fn members(&mut self, body: Node, depth: usize) -> Vec<(String, CType)> {
        let mut members = Vec::new();
        let mut cursor = body.walk();
        let fields: Vec<Node> = body
            .named_children(&mut cursor)
            .filter(|f| f.kind() == "field_declaration")
            .collect();
        for field in fields {
            let base = self.base_type(field, depth);
            let mut cursor = field.walk();
            let declarators: Vec<Node> = field
                .children_by_field_name("declarator", &mut cursor)
                .collect();
            if declarators.is_empty() {
                if matches!(base, CType::Record(_)) {
                    members.push((String::new(), base));
                }
                continue;
            }
            for declarator in declarators {
                let declared = self.apply_declarator(base.clone(), Some(declarator));
                if let Some((name, _)) = declared.name {
                    members.push((name, declared.ty));
                }
            }
        }
        members
    }

    /// `enum e { A, B = 4 }`: registers the constants in the current scope; the type is `int`.
    fn enum_specifier(&mut self, specifier: Node, depth: usize) -> CType {
        let int = CType::Scalar(acc_ir::ScalarKind::Int {
            signed: true,
            width: 32,
        });
        if let Some(name) = specifier.child_by_field_name("name") {
            let name = self.text(name).to_string();
            let scope = self.current_scope();
            self.declare_tag(scope, &name, Tag::Enum);
        }
        let Some(body) = specifier.child_by_field_name("body") else {
            return int;
        };
        let mut cursor = body.walk();
        let enumerators: Vec<Node> = body
            .named_children(&mut cursor)
            .filter(|e| e.kind() == "enumerator")
            .collect();
        let mut next: i64 = 0;
        for enumerator in enumerators {
            let Some(name) = enumerator.child_by_field_name("name") else {
                continue;
            };
            if let Some(value) = enumerator.child_by_field_name("value") {
                next = self.eval_const(value, depth).unwrap_or(next);
            }
            self.register(Entry {
                name: self.text(name).to_string(),
                decl_range: enumerator.start_byte() as u32..enumerator.end_byte() as u32,
                visible_from: enumerator.end_byte() as u32,
                kind: EntryKind::EnumConstant(next),
                ty: int.clone(),
                storage: if self.at_file_scope() {
                    Storage::Global
                } else {
                    Storage::Local
                },
            });
            next = next.wrapping_add(1);
        }
        int
    }

    /// A specifier standing alone (`struct s { ... };`): defines or declares its tag.
    pub(crate) fn specifier(&mut self, specifier: Node) {
        match specifier.kind() {
            "enum_specifier" => {
                self.enum_specifier(specifier, 0);
            }
            _ => {
                self.record_specifier(specifier, 0);
            }
        }
    }

    /// The type named by a `type_descriptor` (`sizeof(unsigned long)`, casts).
    fn type_descriptor(&mut self, node: Node) -> CType {
        let base = self.base_type(node, MAX_NESTING);
        self.apply_declarator(base, node.child_by_field_name("declarator"))
            .ty
    }

    /// The value of an integer constant expression, if it is one this evaluator understands.
    pub(crate) fn eval_const(&mut self, node: Node, depth: usize) -> Option<i64> {
        if depth > MAX_NESTING || self.evaluations > 4 * MAX_NESTING {
            return None;
        }
        self.evaluations += 1;
        let value = self.eval_const_inner(node, depth);
        self.evaluations -= 1;
        value
    }

    fn eval_const_inner(&mut self, node: Node, depth: usize) -> Option<i64> {
        let child = |field: &str| node.child_by_field_name(field);
        match node.kind() {
            "number_literal" => parse_integer_literal(self.text(node)),
            "char_literal" => char_value(self.text(node)),
            "parenthesized_expression" => self.eval_const(node.named_child(0)?, depth + 1),
            "cast_expression" => self.eval_const(child("value")?, depth + 1),
            "identifier" => match self.lookup_now(self.text(node))?.kind {
                EntryKind::EnumConstant(value) => Some(value),
                _ => None,
            },
            "sizeof_expression" => {
                if let Some(ty) = child("type") {
                    let ty = self.type_descriptor(ty);
                    return ty.size_of().map(|s| s as i64);
                }
                let value = child("value")?;
                let value = if value.kind() == "parenthesized_expression" {
                    value.named_child(0)?
                } else {
                    value
                };
                if value.kind() != "identifier" {
                    return None;
                }
                let entry = self.lookup_now(self.text(value))?;
                match entry.kind {
                    EntryKind::Variable => entry.ty.size_of().map(|s| s as i64),
                    _ => None,
                }
            }
            "unary_expression" => {
                let argument = self.eval_const(child("argument")?, depth + 1)?;
                match self.text(child("operator")?) {
                    "-" => argument.checked_neg(),
                    "+" => Some(argument),
                    "~" => Some(!argument),
                    "!" => Some(i64::from(argument == 0)),
                    _ => None,
                }
            }
            "binary_expression" => {
                let left = self.eval_const(child("left")?, depth + 1)?;
                let right = self.eval_const(child("right")?, depth + 1)?;
                binary(self.text(child("operator")?), left, right)
            }
            "conditional_expression" => {
                let condition = self.eval_const(child("condition")?, depth + 1)?;
                let branch = if condition != 0 {
                    child("consequence")?
                } else {
                    child("alternative")?
                };
                self.eval_const(branch, depth + 1)
            }
            _ => None,
        }
    }
}

fn binary(operator: &str, left: i64, right: i64) -> Option<i64> {
    Some(match operator {
        "+" => left.checked_add(right)?,
        "-" => left.checked_sub(right)?,
        "*" => left.checked_mul(right)?,
        "/" => left.checked_div(right)?,
        "%" => left.checked_rem(right)?,
        "<<" => left.checked_shl(u32::try_from(right).ok()?)?,
        ">>" => left.checked_shr(u32::try_from(right).ok()?)?,
        "&" => left & right,
        "|" => left | right,
        "^" => left ^ right,
        "&&" => i64::from(left != 0 && right != 0),
        "||" => i64::from(left != 0 || right != 0),
        "==" => i64::from(left == right),
        "!=" => i64::from(left != right),
        "<" => i64::from(left < right),
        ">" => i64::from(left > right),
        "<=" => i64::from(left <= right),
        ">=" => i64::from(left >= right),
        _ => return None,
    })
}

/// The value of a plain character literal (`'a'`, `'\n'`, `'\0'`).
fn char_value(text: &str) -> Option<i64> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let value = match (chars.next()?, chars.next()) {
        (c, None) => c as i64,
        ('\\', Some(escaped)) => match escaped {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0' => 0,
            '\\' => 92,
            '\'' => 39,
            '"' => 34,
            _ => return None,
        },
        _ => return None,
    };
    if chars.next().is_some() && !inner.starts_with('\\') {
        return None;
    }
    Some(value)
}

/// Collapses runs of whitespace (including blanked line markers) into one space, outside string
/// and character literals.
pub(crate) fn normalize_space(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut pending_space = false;
    for ch in text.trim().chars() {
        if let Some(q) = quote {
            out.push(ch);
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == q {
                quote = None;
            }
            continue;
        }
        if ch.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        if ch == '"' || ch == '\'' {
            quote = Some(ch);
        }
        out.push(ch);
    }
    out
}
