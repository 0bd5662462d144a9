//! The `block` construct in device code (Fortran 2008 §11.1.4): each variable the block
//! declares becomes a local of the body IR, declared (without a value, as Fortran leaves it
//! undefined) each time the block is entered and visible only inside it; its named constants
//! fold like any other; every other name is the host's (host association through the block
//! scopes of `symbols.rs`). A named block that an `exit <name>` statement leaves is a loop
//! that runs once, so the `exit` is a `break` of it.
//!
//! Refused with the declaration named: `save` or initialised variables (static storage),
//! allocatable and pointer variables, automatic arrays, types other than integer, real,
//! complex and logical, and variables of a `block` around the compute construct (the host
//! code declares them, the data clauses do not see them).

use super::super::operands::scalar;
use super::super::symbols::{is_executable, walk, ScopeKind, Symbol};
use super::expr::constant_shape;
use super::{LoopFrame, Lowering, R};
use crate::lowering::SourceContext;
use acc_ir::body::{LocalKind, Stmt, Stmts};
use acc_ir::{Handle, Variable};
use std::collections::HashMap;
use tree_sitter::Node;

impl<'l, 'a> Lowering<'l, 'a> {
    /// A `block` construct.
    pub(super) fn block_construct(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let start = node.start_byte() as u32;
        let scopes = &self.lw.unit.scopes;
        let Some(index) = scopes.scopes.iter().position(|s| {
            s.kind == ScopeKind::Block
                && s.range.start == start
                && s.range.end == node.end_byte() as u32
        }) else {
            return self.internal(node, "the 'block' construct has no scope");
        };
        let name = scopes.scopes[index].name.clone();
        let mut symbols: Vec<Symbol> = scopes.scopes[index]
            .symbols
            .values()
            .filter(|s| !s.attrs.parameter && !s.attrs.external)
            .cloned()
            .collect();
        symbols.sort_by_key(|s| s.decl.start);
        let mut stmts = Vec::new();
        let mut frame: HashMap<Handle<Variable>, acc_ir::body::LocalId> = HashMap::new();
        for symbol in &symbols {
            if let Some(why) = unsupported_block_local(symbol) {
                let at = self.lw.unit.root().and_then(|root| {
                    root.descendant_for_byte_range(
                        symbol.decl.start as usize,
                        symbol.decl.end as usize,
                    )
                });
                return self.fail(at.unwrap_or(node), why);
            }
            let var = self.lw.variable_of(symbol, index);
            let ty = self.lw.module.variables[var].ty;
            let span = SourceContext::span(self.lw, symbol.decl.clone());
            let local = self
                .body
                .local(symbol.name.clone(), ty, LocalKind::Declared, span);
            stmts.push(Stmt::Declare { local, init: None });
            frame.insert(var, local);
        }
        let body = self.body_statements(node);
        let exits = !name.is_empty() && self.exits_block(node, &name);
        self.rebound.push(frame);
        if exits {
            self.loops.push(LoopFrame {
                name: Some(name),
                acc: false,
                block: true,
            });
        }
        let mut inner = Vec::new();
        let result = self.stmt_list(&body, &mut inner);
        if exits {
            self.loops.pop();
        }
        self.rebound.pop();
        result?;
        if exits {
            inner.push(Stmt::Break);
            stmts.push(Stmt::Loop {
                cond: None,
                body: inner,
                step: Vec::new(),
                test_after: false,
            });
        } else {
            stmts.extend(inner);
        }
        out.push(Stmt::Block(stmts));
        Ok(())
    }

    /// The executable statements of a `block` construct (its specification part left out).
    fn body_statements(&self, node: Node<'a>) -> Vec<Node<'a>> {
        let mut cursor = node.walk();
        node.named_children(&mut cursor)
            .filter(|c| {
                is_executable(c.kind())
                    && !matches!(
                        c.kind(),
                        "block_label_start_expression" | "end_block_construct_statement"
                    )
            })
            .collect()
    }

    /// Whether an `exit name` statement inside the block leaves it.
    fn exits_block(&self, node: Node<'a>, name: &str) -> bool {
        let mut found = false;
        walk(node, |n| {
            if n.kind() == "keyword_statement" {
                let text = self.text(n).trim().to_ascii_lowercase();
                let mut words = text.split_whitespace();
                if words.next() == Some("exit") && words.next() == Some(name) {
                    found = true;
                }
                return false;
            }
            !found
        });
        found
    }

    /// Refuses a name of a `block` construct around the code being lowered (a compute
    /// construct inside a block of host code), which the region cannot reach.
    pub(super) fn check_outer_block(&self, declared_in: usize, node: Node<'a>) -> R<()> {
        let scope = &self.lw.unit.scopes.scopes[declared_in];
        if scope.kind == ScopeKind::Block
            && !(self.extent.start <= scope.range.start && scope.range.end <= self.extent.end)
        {
            return self.fail(
                node,
                format!(
                    "'{}' is declared in a 'block' construct around the compute construct",
                    self.text(node)
                ),
            );
        }
        Ok(())
    }
}

/// Why a variable a `block` declares cannot be a local of device code, if it cannot.
fn unsupported_block_local(symbol: &Symbol) -> Option<String> {
    let name = &symbol.name;
    if symbol.attrs.save {
        return Some(format!(
            "'{name}' of a 'block' construct has static storage (SAVE or an initializer)"
        ));
    }
    if symbol.attrs.allocatable || symbol.attrs.pointer {
        return Some(format!(
            "allocatable or pointer variable '{name}' in a 'block' construct"
        ));
    }
    if scalar(&symbol.base).is_none() {
        return Some(format!(
            "'{name}' of a 'block' construct has a type other than integer, real, complex or logical"
        ));
    }
    if !symbol.dims.is_empty() && constant_shape(symbol).is_none() {
        return Some(format!(
            "automatic array '{name}' in a 'block' construct (its shape is known only at run time)"
        ));
    }
    None
}
