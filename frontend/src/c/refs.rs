//! The variables a compute region uses that are declared outside it (the candidates for implicit
//! data attributes), and whether the region writes them.

use std::collections::HashMap;
use std::ops::Range;

use acc_ir::TypeTable;
use tree_sitter::Node;

use super::ctypes::{CType, Interner};
use super::symbols::{EntryKind, SymbolIndex};
use super::{CUnit, Symbol};

/// One variable used in a region and declared outside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarUse {
    pub symbol: Symbol,
    /// The first occurrence in the region.
    pub first_use: Range<u32>,
    /// The variable's own storage is modified somewhere in the region: assigned, `++`/`--`,
    /// compound-assigned, or its address taken, directly or through `.` members and subscripts
    /// of arrays (`s.x = 1`, `a[i] += 2` for an array `a`, `&x`).
    pub written: bool,
    /// Memory reached through the variable's pointer value is modified (`p[i] = 1`, `*p = 2`,
    /// `p->x++`, `&p[i]`); the pointer itself may be unchanged.
    pub pointee_written: bool,
}

/// The symbol of the variable `entry_id` of `index`, its type in `types`.
fn variable_symbol(index: &SymbolIndex, entry_id: usize, types: &mut TypeTable) -> Symbol {
    let entry = &index.entries[entry_id];
    Symbol {
        name: entry.name.clone(),
        decl_range: entry.decl_range.clone(),
        ty: Interner::new(&index.records, types).intern(&entry.ty),
        storage: entry.storage,
        is_function: false,
    }
}

/// How an occurrence uses its variable.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    Read,
    Written,
    PointeeWritten,
}

impl CUnit {
    /// Every variable used inside `range` whose declaration lies outside it, in order of first
    /// use, without duplicates. Functions, enum constants, typedef names, struct members
    /// (`s.x` counts as `s`) and labels are not variables.
    ///
    /// The variables that size a used variable's variable-length array type count too
    /// (`double a[5][m][16]` used in the region uses `m`: its element addressing needs it),
    /// read at the first use of the array; the leading dimension of an array variable, which
    /// addressing never needs, does not count.
    pub fn referenced_variables(&self, range: Range<u32>, types: &mut TypeTable) -> Vec<VarUse> {
        let mut uses = self.referenced_in_code(range.clone(), types);
        let index = self.index();
        let mut extra = Vec::new();
        for used in &uses {
            let Some(entry) = index.lookup_id(&used.symbol.name, used.first_use.start) else {
                continue;
            };
            let mut current = &index.entries[entry].ty;
            for level in 0..super::ctypes::MAX_TYPE_DEPTH {
                let inner = match current {
                    CType::Array(inner, size) => {
                        // The variable's own leading dimension addresses nothing.
                        if let (acc_ir::ArraySize::Variable(text), 1..) = (size, level) {
                            let at = used.symbol.decl_range.end;
                            extra.extend(
                                self.size_variables(text, at)
                                    .into_iter()
                                    .map(|(name, at)| (name, at, used.first_use.clone())),
                            );
                        }
                        inner
                    }
                    CType::Pointer(inner) => inner,
                    _ => break,
                };
                current = inner;
            }
        }
        for (name, at, first_use) in extra {
            let Some(entry_id) = index.lookup_id(name, at) else {
                continue;
            };
            let entry = &index.entries[entry_id];
            let declared_inside =
                entry.decl_range.start >= range.start && entry.decl_range.end <= range.end;
            if !matches!(entry.kind, EntryKind::Variable)
                || declared_inside
                || uses
                    .iter()
                    .any(|u| u.symbol.name == entry.name && u.symbol.decl_range == entry.decl_range)
            {
                continue;
            }
            uses.push(VarUse {
                symbol: variable_symbol(index, entry_id, types),
                first_use,
                written: false,
                pointee_written: false,
            });
        }
        uses
    }

    /// The names in the size written `text` of the array declared by the declaration ending at
    /// `at`, each with where it stands (the names `vla_dimension` reads).
    fn size_variables<'t>(&'t self, text: &'t str, at: u32) -> Vec<(&'t str, u32)> {
        let Some(size) = self.vla_size_node(text, at) else {
            let name = text
                .trim()
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim();
            return vec![(name, at)];
        };
        let mut names = Vec::new();
        let mut pending = vec![size];
        while let Some(node) = pending.pop() {
            if node.kind() == "identifier" {
                names.push((
                    self.text.get(node.byte_range()).unwrap_or(""),
                    node.start_byte() as u32,
                ));
            }
            let mut cursor = node.walk();
            pending.extend(node.named_children(&mut cursor));
        }
        names
    }

    /// The variables the code in `range` names (see [`CUnit::referenced_variables`]).
    pub(super) fn referenced_in_code(
        &self,
        range: Range<u32>,
        types: &mut TypeTable,
    ) -> Vec<VarUse> {
        let index = self.index();
        let mut uses: Vec<VarUse> = Vec::new();
        let mut position_of: HashMap<usize, usize> = HashMap::new();
        let root = self.tree.root_node();
        let mut cursor = root.walk();
        // The nodes from the root to the cursor, each with its field name in its parent.
        let mut path: Vec<(Node, Option<&str>)> = vec![(root, None)];
        loop {
            let node = cursor.node();
            let start = node.start_byte() as u32;
            let end = node.end_byte() as u32;
            let overlaps = start < range.end && end > range.start;
            if overlaps && node.kind() == "identifier" && start >= range.start && end <= range.end {
                if let Some((entry_id, access)) = self.variable_use(index, &path, range.clone()) {
                    let slot = *position_of.entry(entry_id).or_insert_with(|| {
                        uses.push(VarUse {
                            symbol: variable_symbol(index, entry_id, types),
                            first_use: start..end,
                            written: false,
                            pointee_written: false,
                        });
                        uses.len() - 1
                    });
                    match access {
                        Access::Read => {}
                        Access::Written => uses[slot].written = true,
                        Access::PointeeWritten => uses[slot].pointee_written = true,
                    }
                }
            }
            // Only nodes that overlap the range are entered, and only their children from the
            // one holding the range's start: the walk costs the region's size and its depth,
            // not the size of the function around it (one call per construct).
            if overlaps
                && cursor
                    .goto_first_child_for_byte(range.start as usize)
                    .is_some()
            {
                path.push((cursor.node(), cursor.field_name()));
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    if cursor.node().start_byte() as u32 >= range.end {
                        // Siblings are in source order: none after this one overlaps.
                        if !cursor.goto_parent() {
                            return uses;
                        }
                        path.pop();
                        continue;
                    }
                    if let Some(last) = path.last_mut() {
                        *last = (cursor.node(), cursor.field_name());
                    }
                    break;
                }
                if !cursor.goto_parent() {
                    return uses;
                }
                path.pop();
            }
        }
    }

    /// The entry a variable occurrence (the last node of `path`) refers to, if it is a variable
    /// declared outside `region`, and how the occurrence uses it.
    fn variable_use(
        &self,
        index: &SymbolIndex,
        path: &[(Node, Option<&str>)],
        region: Range<u32>,
    ) -> Option<(usize, Access)> {
        let (node, field) = *path.last()?;
        let parent = path.len().checked_sub(2).map(|p| path[p].0);
        // A declared name is not a use.
        if field == Some("declarator")
            || parent.is_some_and(|p| {
                matches!(
                    p.kind(),
                    "parenthesized_declarator"
                        | "attributed_declarator"
                        | "enumerator"
                        | "attribute"
                        | "macro_type_specifier"
                )
            })
        {
            return None;
        }
        let name = self.text.get(node.byte_range())?;
        let entry_id = index.lookup_id(name, node.start_byte() as u32)?;
        let entry = &index.entries[entry_id];
        if !matches!(entry.kind, EntryKind::Variable) {
            return None;
        }
        if region.start <= entry.decl_range.start && entry.decl_range.end <= region.end {
            return None;
        }
        Some((entry_id, self.access(index, path, &entry.ty)))
    }

    /// Climbs from an occurrence through the lvalue around it (parentheses, subscripts, member
    /// accesses, dereferences) to see whether it is modified.
    fn access<'i>(
        &self,
        index: &'i SymbolIndex,
        path: &[(Node, Option<&str>)],
        ty: &'i CType,
    ) -> Access {
        let mut ty: Option<&'i CType> = Some(ty);
        let mut through_pointer = false;
        let modified = |through_pointer: bool| {
            if through_pointer {
                Access::PointeeWritten
            } else {
                Access::Written
            }
        };
        let mut level = path.len() - 1;
        while level > 0 {
            let field = path[level].1;
            let parent = path[level - 1].0;
            let operator = || {
                parent
                    .child_by_field_name("operator")
                    .and_then(|o| self.text.get(o.byte_range()))
                    .unwrap_or("")
            };
            match parent.kind() {
                "parenthesized_expression" => {}
                "subscript_expression" if field == Some("argument") => match ty {
                    Some(CType::Array(element, _)) => ty = Some(element),
                    Some(CType::Pointer(pointee)) => {
                        through_pointer = true;
                        ty = Some(pointee);
                    }
                    _ => {
                        through_pointer = true;
                        ty = None;
                    }
                },
                "field_expression" if field == Some("argument") => {
                    let record = match (operator(), ty) {
                        ("->", Some(CType::Pointer(pointee))) => {
                            through_pointer = true;
                            Some(pointee.as_ref())
                        }
                        ("->", _) => {
                            through_pointer = true;
                            None
                        }
                        (_, record) => record,
                    };
                    let member = parent
                        .child_by_field_name("field")
                        .and_then(|f| self.text.get(f.byte_range()))
                        .unwrap_or("");
                    ty = record.and_then(|r| member_type(index, r, member));
                }
                "pointer_expression" => match operator() {
                    "&" => return modified(through_pointer),
                    _ => {
                        through_pointer = true;
                        ty = match ty {
                            Some(CType::Pointer(pointee)) | Some(CType::Array(pointee, _)) => {
                                Some(pointee)
                            }
                            _ => None,
                        };
                    }
                },
                "assignment_expression" if field == Some("left") => {
                    return modified(through_pointer)
                }
                "update_expression" => return modified(through_pointer),
                _ => return Access::Read,
            }
            level -= 1;
        }
        Access::Read
    }
}

/// The type of member `name` of a record type, looking into anonymous members. Each record is
/// searched once: after a parse error a record can contain itself as an anonymous member, which
/// would otherwise recurse until the stack overflows.
fn member_type<'i>(index: &'i SymbolIndex, record: &CType, name: &str) -> Option<&'i CType> {
    let mut pending = vec![record];
    let mut searched = Vec::new();
    while let Some(record) = pending.pop() {
        let CType::Record(record) = record else {
            continue;
        };
        if searched.contains(record) {
            continue;
        }
        searched.push(*record);
        let Some(members) = index.records.get(*record).and_then(|r| r.members.as_ref()) else {
            continue;
        };
        if let Some((_, ty)) = members.iter().find(|(member, _)| member == name) {
            return Some(ty);
        }
        // Anonymous members in order: the first one pushed last is searched first.
        pending.extend(
            members
                .iter()
                .rev()
                .filter(|(member, _)| member.is_empty())
                .map(|(_, anonymous)| anonymous),
        );
    }
    None
}
