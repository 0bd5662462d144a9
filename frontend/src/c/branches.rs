//! Branches into and out of a construct's structured block. OpenACC 3.3 (the glossary's
//! *structured block*: "a single entry at the top and a single exit at the bottom") forbids
//! them for compute, `data` and `host_data` constructs, as gcc does ("invalid branch to/from
//! OpenACC structured block"). The host emitter relies on it: a `return` or `goto` out of a
//! construct would skip its data exit actions (leaving data present and counters raised) and
//! the end of its host fallback.
//!
//! Found here: `return`; `goto` to a label outside the block; `break` and `continue` whose
//! loop or `switch` is outside the block; `goto` from elsewhere in the function to a label
//! inside it. Calls that never return (`exit`, `longjmp`) end the program or are the user's
//! business, as in gcc.

use std::ops::Range;
use tree_sitter::Node;

/// One branch across the block's boundary: where it is and what it does.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Crossing {
    pub range: Range<u32>,
    /// `'return'`, `'goto done'`, `'break'`, `'continue'`.
    pub what: String,
    /// Into the block (a `goto` from outside), else out of it.
    pub into: bool,
}

/// The branches into and out of `block` (the construct's statement) in `source`. The walks
/// keep their own stacks: hostile inputs nest statements deeper than the thread's stack.
pub(super) fn crossings(source: &str, block: Node<'_>) -> Vec<Crossing> {
    let mut found = Vec::new();
    let labels = collect_labels(source, block);
    out_of(source, block, &labels, &mut found);
    // Gotos elsewhere in the function that jump to a label of the block.
    let mut function = block.parent();
    while let Some(node) = function {
        if node.kind() == "function_definition" {
            break;
        }
        function = node.parent();
    }
    if let (Some(function), false) = (function, labels.is_empty()) {
        into(source, function, block, &labels, &mut found);
    }
    found.sort_by_key(|c| c.range.start);
    found
}

fn text<'s>(source: &'s str, node: Node<'_>) -> &'s str {
    source.get(node.byte_range()).unwrap_or("")
}

fn range(node: Node<'_>) -> Range<u32> {
    node.start_byte() as u32..node.end_byte() as u32
}

/// The label a `goto` names.
fn goto_label<'s>(source: &'s str, node: Node<'_>) -> &'s str {
    node.child_by_field_name("label")
        .map(|l| text(source, l))
        .unwrap_or("")
}

fn collect_labels(source: &str, block: Node<'_>) -> Vec<String> {
    let mut labels = Vec::new();
    let mut stack = vec![block];
    while let Some(node) = stack.pop() {
        if node.kind() == "labeled_statement" {
            if let Some(label) = node.child_by_field_name("label") {
                labels.push(text(source, label).to_string());
            }
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    labels
}

/// The branches out of `block`: each node is visited with the number of loops and switches
/// around it that are themselves inside the block (the block may be the loop a `break` or
/// `continue` belongs to: a combined construct's `for`).
fn out_of(source: &str, block: Node<'_>, labels: &[String], found: &mut Vec<Crossing>) {
    let mut stack = vec![(block, 0u32, 0u32)];
    while let Some((node, loops, switches)) = stack.pop() {
        let what = match node.kind() {
            "return_statement" => Some("'return'".to_string()),
            "goto_statement" => {
                let label = goto_label(source, node);
                (!labels.iter().any(|l| l == label)).then(|| format!("'goto {label}'"))
            }
            "break_statement" if loops + switches == 0 => Some("'break'".to_string()),
            "continue_statement" if loops == 0 => Some("'continue'".to_string()),
            _ => None,
        };
        if let Some(what) = what {
            found.push(Crossing {
                range: range(node),
                what,
                into: false,
            });
        }
        let (loops, switches) = match node.kind() {
            "for_statement" | "while_statement" | "do_statement" => (loops + 1, switches),
            "switch_statement" => (loops, switches + 1),
            _ => (loops, switches),
        };
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor).map(|c| (c, loops, switches)));
    }
}

/// The `goto`s in `function` outside `block` that name one of `labels`.
fn into(
    source: &str,
    function: Node<'_>,
    block: Node<'_>,
    labels: &[String],
    found: &mut Vec<Crossing>,
) {
    let mut stack = vec![function];
    while let Some(node) = stack.pop() {
        if node.id() == block.id() {
            continue;
        }
        if node.kind() == "goto_statement" {
            let label = goto_label(source, node);
            if labels.iter().any(|l| l == label) {
                found.push(Crossing {
                    range: range(node),
                    what: format!("'goto {label}'"),
                    into: true,
                });
            }
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
}
