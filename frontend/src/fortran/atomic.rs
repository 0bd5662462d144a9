//! The statement forms `!$acc atomic` allows in Fortran (OpenACC 3.3 §2.12): `read` `v = x`,
//! `write` `x = expr`, `update` `x = x op expr`, `x = expr op x` or `x = intrinsic(x, expr)`
//! (`max`, `min`, `iand`, `ior`, `ieor`), and `capture` as an update (or write) and a read of
//! the same variable, in either order.

use super::lower::FStatement;
use super::symbols::walk;
use super::unit::FUnit;
use acc_ir::AtomicKind;
use tree_sitter::Node;

fn normalized(unit: &FUnit, node: Node<'_>) -> String {
    unit.node_text(node)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Whether `node` is a variable reference: a name, an array element or a component.
fn is_variable(node: Node<'_>) -> bool {
    matches!(
        node.kind(),
        "identifier" | "call_expression" | "derived_type_member_expression"
    )
}

/// Whether `rhs` updates `x`: `x op e`, `e op x` or `f(x, e)` with an allowed intrinsic.
fn is_update_of(unit: &FUnit, x: &str, rhs: Node<'_>) -> bool {
    match rhs.kind() {
        "math_expression" | "logical_expression" => {
            let side = |field: &str| {
                rhs.child_by_field_name(field)
                    .is_some_and(|n| normalized(unit, n) == x)
            };
            side("left") || side("right")
        }
        "call_expression" => {
            let Some(callee) = rhs.named_child(0) else {
                return false;
            };
            let name = normalized(unit, callee);
            if !matches!(name.as_str(), "max" | "min" | "iand" | "ior" | "ieor") {
                return false;
            }
            let Some(args) = rhs.named_child(1) else {
                return false;
            };
            let mut cursor = args.walk();
            let found = args
                .named_children(&mut cursor)
                .any(|a| normalized(unit, a) == x);
            found
        }
        "parenthesized_expression" => rhs
            .named_child(0)
            .is_some_and(|inner| is_update_of(unit, x, inner)),
        _ => false,
    }
}

/// Checks the statements of an atomic construct; returns their text, whitespace collapsed.
pub fn check_form(
    unit: &FUnit,
    statement: &FStatement,
    kind: AtomicKind,
) -> Result<String, String> {
    let Some(root) = unit.root() else {
        return Err("the file could not be parsed".into());
    };
    let (start, end) = (statement.range.start as usize, statement.range.end as usize);
    let mut statements: Vec<Node<'_>> = Vec::new();
    let cover = root.descendant_for_byte_range(start, end).unwrap_or(root);
    walk(cover, |node| {
        if node.end_byte() <= start || node.start_byte() >= end || node.kind() == "comment" {
            return false;
        }
        if node.start_byte() >= start && node.end_byte() <= end && node.is_named() {
            statements.push(node);
            return false;
        }
        true
    });
    let mut assignments = Vec::new();
    for node in &statements {
        if node.kind() != "assignment_statement" {
            return Err(format!(
                "expected an assignment statement, found '{}'",
                unit.node_text(*node).lines().next().unwrap_or("").trim()
            ));
        }
        let (Some(lhs), Some(rhs)) = (
            node.child_by_field_name("left"),
            node.child_by_field_name("right"),
        ) else {
            return Err("expected an assignment statement".into());
        };
        assignments.push((lhs, rhs));
    }
    let text = statements
        .iter()
        .map(|n| {
            unit.node_text(*n)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ");
    let expected = if kind == AtomicKind::Capture { 2 } else { 1 };
    if assignments.len() != expected {
        return Err(format!(
            "expected {expected} assignment statement{}, found {}",
            if expected == 1 { "" } else { "s" },
            assignments.len()
        ));
    }
    match kind {
        AtomicKind::Read => {
            let (lhs, rhs) = assignments[0];
            if !is_variable(lhs) || !is_variable(rhs) {
                return Err("expected 'v = x' with 'x' a variable".into());
            }
        }
        AtomicKind::Write => {
            if !is_variable(assignments[0].0) {
                return Err("expected 'x = expr' with 'x' a variable".into());
            }
        }
        AtomicKind::Update => {
            let (lhs, rhs) = assignments[0];
            let x = normalized(unit, lhs);
            if !is_variable(lhs) || !is_update_of(unit, &x, rhs) {
                return Err(format!("expected '{x} = {x} op expr', '{x} = expr op {x}' or '{x} = intrinsic({x}, expr)'"));
            }
        }
        AtomicKind::Capture => {
            let read_of = |(lhs, rhs): (Node<'_>, Node<'_>), x: &str| {
                is_variable(lhs) && is_variable(rhs) && normalized(unit, rhs) == x
            };
            let (first, second) = (assignments[0], assignments[1]);
            let x_first = normalized(unit, first.0);
            let x_second = normalized(unit, second.0);
            let ok = read_of(second, &x_first) || read_of(first, &x_second);
            if !ok {
                return Err("expected an update of 'x' and a capture 'v = x' of the same variable, in either order".into());
            }
        }
    }
    Ok(text)
}
