//! Tightly nested `for` loops under a directive (`collapse`, `tile`, loop mapping): each loop's
//! induction variable, lower bound, comparison, bound and step as source text.

use std::ops::Range;

use tree_sitter::Node;

use super::{CUnit, Statement};

/// One `for` loop of a nest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForLoop {
    /// The whole `for` statement.
    pub range: Range<u32>,
    /// The induction variable: from `int i = 0` or `i = 0`.
    pub var: Option<String>,
    /// The variable is declared by the loop (`for (int i = ...`).
    pub var_declared_in_init: bool,
    /// The lower bound: the initial value's text.
    pub init: Option<String>,
    /// `<`, `<=`, `>`, `>=` or `!=`, with the induction variable on the left (`n > i` is
    /// reported as `i < n`).
    pub cond_op: Option<String>,
    /// The other side of the comparison.
    pub bound: Option<String>,
    /// `"1"` for `i++`, `"-1"` for `i--`, `"k"` for `i += k` or `i = i + k`, `"-k"` for `i -= k`.
    pub step: Option<String>,
    /// The loop body.
    pub body: Range<u32>,
}

/// The chain of tightly nested loops starting at a directive's `for` statement, outermost first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopNest {
    pub loops: Vec<ForLoop>,
}

fn range_of(node: Node) -> Range<u32> {
    node.start_byte() as u32..node.end_byte() as u32
}

/// Skips parentheses around an expression.
fn unparenthesized(mut node: Node) -> Node {
    for _ in 0..1000 {
        if node.kind() != "parenthesized_expression" {
            break;
        }
        match node.named_child(0) {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

/// The loop a loop body continues the nest with: the body itself when it is a `for`, or the one
/// statement of a compound body when that is a `for`. With `forced` (`collapse(force:n)`) the
/// compound body may hold other statements around its one `for` (the intervening code).
fn nested_for(body: Node, forced: bool) -> Option<Node> {
    let (before, inner, after) = split_nest(body)?;
    (forced || (before.is_empty() && after.is_empty())).then_some(inner)
}

/// A loop body that holds exactly one `for` (itself, or one among a compound statement's
/// statements): the statements before it, the `for`, and the statements after it (comments
/// left out).
pub(super) fn split_nest(body: Node) -> Option<(Vec<Node>, Node, Vec<Node>)> {
    match body.kind() {
        "for_statement" => return Some((Vec::new(), body, Vec::new())),
        "compound_statement" => {}
        _ => return None,
    }
    let mut cursor = body.walk();
    let statements: Vec<Node> = body
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect();
    let mut loops = statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind() == "for_statement");
    let (at, inner) = loops.next()?;
    if loops.next().is_some() {
        return None;
    }
    Some((
        statements[..at].to_vec(),
        *inner,
        statements[at + 1..].to_vec(),
    ))
}

/// Flips a comparison so that the variable moves to the left side.
fn flipped(operator: &str) -> &str {
    match operator {
        "<" => ">",
        ">" => "<",
        "<=" => ">=",
        ">=" => "<=",
        other => other,
    }
}

impl CUnit {
    /// The tightly nested loops starting at `stmt` (which must be a `for`), at most
    /// `depth_wanted` of them, or as many as there are when `depth_wanted` is 0. A statement
    /// that is not a `for` gives an empty nest. With `forced` (`collapse(force:n)`) code may
    /// stand between the loops.
    pub fn loop_nest(&self, stmt: &Statement, depth_wanted: usize, forced: bool) -> LoopNest {
        let mut nest = LoopNest::default();
        let Some(mut node) = self.statement_node(stmt) else {
            return nest;
        };
        if node.kind() != "for_statement" {
            return nest;
        }
        loop {
            nest.loops.push(self.for_loop(node));
            if depth_wanted != 0 && nest.loops.len() >= depth_wanted {
                break;
            }
            match node
                .child_by_field_name("body")
                .and_then(|body| nested_for(body, forced))
            {
                Some(inner) => node = inner,
                None => break,
            }
        }
        nest
    }

    /// Reads the header of one `for` statement.
    fn for_loop(&self, node: Node) -> ForLoop {
        let mut info = ForLoop {
            range: range_of(node),
            body: node
                .child_by_field_name("body")
                .map(range_of)
                .unwrap_or_default(),
            ..ForLoop::default()
        };
        if let Some(init) = node.child_by_field_name("initializer") {
            self.read_init(init, &mut info);
        }
        let Some(var) = info.var.clone() else {
            return info;
        };
        if let Some(condition) = node.child_by_field_name("condition") {
            let condition = unparenthesized(condition);
            if condition.kind() == "binary_expression" {
                self.read_condition(condition, &var, &mut info);
            }
        }
        if let Some(update) = node.child_by_field_name("update") {
            info.step = self.read_step(unparenthesized(update), &var);
        }
        info
    }

    fn is_name(&self, node: Node, var: &str) -> bool {
        let node = unparenthesized(node);
        node.kind() == "identifier" && self.text.get(node.byte_range()) == Some(var)
    }

    fn read_init(&self, init: Node, info: &mut ForLoop) {
        match init.kind() {
            "declaration" => {
                let Some(declarator) = init.child_by_field_name("declarator") else {
                    return;
                };
                if declarator.kind() != "init_declarator" {
                    return;
                }
                let name = declarator.child_by_field_name("declarator");
                if let Some(name) = name.filter(|n| n.kind() == "identifier") {
                    info.var = Some(self.node_text(name));
                    info.var_declared_in_init = true;
                    info.init = declarator
                        .child_by_field_name("value")
                        .map(|v| self.node_text(v));
                }
            }
            "comma_expression" => {
                if let Some(first) = init.child_by_field_name("left") {
                    self.read_init(first, info);
                }
            }
            "assignment_expression" => {
                let operator = init
                    .child_by_field_name("operator")
                    .map(|o| self.node_text(o));
                let left = init.child_by_field_name("left").map(unparenthesized);
                if let (Some("="), Some(left)) = (operator.as_deref(), left) {
                    if left.kind() == "identifier" {
                        info.var = Some(self.node_text(left));
                        info.init = init.child_by_field_name("right").map(|v| self.node_text(v));
                    }
                }
            }
            _ => {}
        }
    }

    fn read_condition(&self, condition: Node, var: &str, info: &mut ForLoop) {
        let (Some(left), Some(operator), Some(right)) = (
            condition.child_by_field_name("left"),
            condition.child_by_field_name("operator"),
            condition.child_by_field_name("right"),
        ) else {
            return;
        };
        let operator = self.node_text(operator);
        if !matches!(operator.as_str(), "<" | "<=" | ">" | ">=" | "!=") {
            return;
        }
        if self.is_name(left, var) {
            info.cond_op = Some(operator);
            info.bound = Some(self.node_text(right));
        } else if self.is_name(right, var) {
            info.cond_op = Some(flipped(&operator).to_string());
            info.bound = Some(self.node_text(left));
        }
    }

    fn read_step(&self, update: Node, var: &str) -> Option<String> {
        let negated = |text: String| {
            if text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            {
                format!("-{text}")
            } else {
                format!("-({text})")
            }
        };
        match update.kind() {
            "update_expression" => {
                if !self.is_name(update.child_by_field_name("argument")?, var) {
                    return None;
                }
                match self
                    .node_text(update.child_by_field_name("operator")?)
                    .as_str()
                {
                    "++" => Some("1".to_string()),
                    "--" => Some("-1".to_string()),
                    _ => None,
                }
            }
            "assignment_expression" => {
                if !self.is_name(update.child_by_field_name("left")?, var) {
                    return None;
                }
                let right = update.child_by_field_name("right")?;
                match self
                    .node_text(update.child_by_field_name("operator")?)
                    .as_str()
                {
                    "+=" => Some(self.node_text(right)),
                    "-=" => Some(negated(self.node_text(right))),
                    "=" => {
                        let right = unparenthesized(right);
                        if right.kind() != "binary_expression" {
                            return None;
                        }
                        let left_operand = right.child_by_field_name("left")?;
                        let right_operand = right.child_by_field_name("right")?;
                        let operator = self.node_text(right.child_by_field_name("operator")?);
                        match operator.as_str() {
                            "+" if self.is_name(left_operand, var) => {
                                Some(self.node_text(right_operand))
                            }
                            "+" if self.is_name(right_operand, var) => {
                                Some(self.node_text(left_operand))
                            }
                            "-" if self.is_name(left_operand, var) => {
                                Some(negated(self.node_text(right_operand)))
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            "comma_expression" => {
                // `i++, j++`: the first expression steps the induction variable.
                let first = unparenthesized(update.child_by_field_name("left")?);
                if first.kind() == "comma_expression" {
                    return None;
                }
                self.read_step(first, var)
            }
            _ => None,
        }
    }
}
