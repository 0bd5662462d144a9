//! Shape checks on the statements that `#pragma acc atomic` applies to (OpenACC 3.3 §2.12), and
//! the "inside a loop" test for `#pragma acc cache`.

use super::{CUnit, Statement};
use acc_ir::AtomicKind;
use tree_sitter::Node;

const UPDATE_OPERATORS: [&str; 10] = ["+=", "-=", "*=", "/=", "&=", "^=", "|=", "<<=", ">>=", "%="];
const BINARY_OPERATORS: [&str; 8] = ["+", "-", "*", "/", "&", "^", "|", "<<"];

fn text<'t>(unit: &'t CUnit, node: Node<'_>) -> &'t str {
    unit.text()
        .get(node.start_byte()..node.end_byte())
        .unwrap_or("")
        .trim()
}

/// An lvalue's text for comparing two spellings of the same location: without the parentheses
/// around it (`(x[i])--` updates `x[i]`) and without blanks.
fn lvalue_text(unit: &CUnit, mut node: Node<'_>) -> String {
    while node.kind() == "parenthesized_expression" {
        match node.named_child(0) {
            Some(inner) if node.named_child_count() == 1 => node = inner,
            _ => break,
        }
    }
    text(unit, node).split_whitespace().collect()
}

fn is_lvalue(node: Node<'_>) -> bool {
    matches!(
        node.kind(),
        "identifier"
            | "subscript_expression"
            | "field_expression"
            | "pointer_expression"
            | "parenthesized_expression"
    )
}

/// The expression of an expression statement, without the `;`.
fn expression_of(node: Node<'_>) -> Option<Node<'_>> {
    if node.kind() != "expression_statement" {
        return None;
    }
    node.named_child(0)
}

fn operator<'t>(unit: &'t CUnit, node: Node<'_>) -> &'t str {
    node.child_by_field_name("operator")
        .map(|op| text(unit, op))
        .unwrap_or("")
}

/// `x++`, `x--`, `++x`, `--x`, `x op= e`, `x = x op e`, `x = e op x`: returns `x`'s text.
fn update_target(unit: &CUnit, expr: Node<'_>) -> Option<String> {
    match expr.kind() {
        "update_expression" => {
            let argument = expr.child_by_field_name("argument")?;
            is_lvalue(argument).then(|| lvalue_text(unit, argument))
        }
        "assignment_expression" => {
            let left = expr.child_by_field_name("left")?;
            let right = expr.child_by_field_name("right")?;
            let op = operator(unit, expr);
            if !is_lvalue(left) {
                return None;
            }
            let target = lvalue_text(unit, left);
            if UPDATE_OPERATORS.contains(&op) {
                return Some(target);
            }
            if op == "=" && right.kind() == "binary_expression" {
                let binary_op = operator(unit, right);
                let a = right
                    .child_by_field_name("left")
                    .map(|n| lvalue_text(unit, n));
                let b = right
                    .child_by_field_name("right")
                    .map(|n| lvalue_text(unit, n));
                let known = BINARY_OPERATORS.contains(&binary_op) || binary_op == ">>";
                if known && (a.as_ref() == Some(&target) || b.as_ref() == Some(&target)) {
                    return Some(target);
                }
            }
            None
        }
        _ => None,
    }
}

/// `v = x` with both sides lvalues: returns (v, x).
fn read_form(unit: &CUnit, expr: Node<'_>) -> Option<(String, String)> {
    if expr.kind() != "assignment_expression" || operator(unit, expr) != "=" {
        return None;
    }
    let left = expr.child_by_field_name("left")?;
    let right = expr.child_by_field_name("right")?;
    (is_lvalue(left) && is_lvalue(right))
        .then(|| (lvalue_text(unit, left), lvalue_text(unit, right)))
}

/// `x = e` with `x` an lvalue: returns x.
fn write_form(unit: &CUnit, expr: Node<'_>) -> Option<String> {
    if expr.kind() != "assignment_expression" || operator(unit, expr) != "=" {
        return None;
    }
    let left = expr.child_by_field_name("left")?;
    is_lvalue(left).then(|| lvalue_text(unit, left))
}

/// Checks that the statement has a form the atomic kind allows; the error says what was expected.
pub(crate) fn check_form(
    unit: &CUnit,
    statement: &Statement,
    kind: AtomicKind,
) -> Result<(), String> {
    let Some(node) = unit.statement_node(statement) else {
        return Err("expected an expression statement".into());
    };
    let expression = expression_of(node);
    match kind {
        AtomicKind::Read => match expression.and_then(|e| read_form(unit, e)) {
            Some(_) => Ok(()),
            None => Err("expected 'v = x;'".into()),
        },
        AtomicKind::Write => match expression.and_then(|e| write_form(unit, e)) {
            Some(_) => Ok(()),
            None => Err("expected 'x = expr;'".into()),
        },
        AtomicKind::Update => match expression.and_then(|e| update_target(unit, e)) {
            Some(_) => Ok(()),
            None => Err(
                "expected 'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;' or 'x = x binop expr;'"
                    .into(),
            ),
        },
        AtomicKind::Capture => {
            if let Some(expr) = expression {
                // v = x++, v = --x, v = x binop= expr, v = x = x binop expr
                if expr.kind() == "assignment_expression" && operator(unit, expr) == "=" {
                    let left = expr.child_by_field_name("left");
                    let right = expr.child_by_field_name("right");
                    if let (Some(left), Some(right)) = (left, right) {
                        if is_lvalue(left) && update_target(unit, right).is_some() {
                            return Ok(());
                        }
                    }
                }
                return Err("expected 'v = x++;', 'v = x binop= expr;' or a '{ ... }' block of two statements".into());
            }
            if node.kind() != "compound_statement" {
                return Err("expected an expression statement or a '{ ... }' block".into());
            }
            let mut cursor = node.walk();
            let statements: Vec<Node<'_>> = node
                .named_children(&mut cursor)
                .filter(|n| n.kind() != "comment")
                .collect();
            if statements.len() != 2 {
                return Err("a capture block must hold exactly two statements".into());
            }
            let first = expression_of(statements[0]);
            let second = expression_of(statements[1]);
            let (Some(first), Some(second)) = (first, second) else {
                return Err("a capture block must hold two expression statements".into());
            };
            // { v = x; x binop= expr; }  { x binop= expr; v = x; }  { v = x; x = expr; }
            let read_then_update = read_form(unit, first).is_some_and(|(_, x)| {
                update_target(unit, second).as_deref() == Some(x.as_str())
                    || write_form(unit, second).as_deref() == Some(x.as_str())
            });
            let update_then_read = update_target(unit, first)
                .is_some_and(|x| read_form(unit, second).is_some_and(|(_, read)| read == x));
            if read_then_update || update_then_read {
                Ok(())
            } else {
                Err("expected '{ v = x; x binop= expr; }' or '{ x binop= expr; v = x; }'".into())
            }
        }
    }
}

/// Whether byte offset `at` lies inside the body of a loop statement.
pub(crate) fn inside_loop(unit: &CUnit, at: u32) -> bool {
    let root = unit.tree().root_node();
    let Some(mut node) = root.descendant_for_byte_range(at as usize, at as usize) else {
        return false;
    };
    loop {
        if matches!(
            node.kind(),
            "for_statement" | "while_statement" | "do_statement"
        ) {
            return true;
        }
        if node.kind() == "function_definition" {
            return false;
        }
        match node.parent() {
            Some(parent) => node = parent,
            None => return false,
        }
    }
}
