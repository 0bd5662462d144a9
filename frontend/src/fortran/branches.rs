//! Branches into and out of a construct's structured block in Fortran: `return`, `exit` and
//! `cycle` of a construct outside the block, `go to` a label outside it, and `go to` from
//! elsewhere in the program unit to a label inside it. OpenACC 3.3 (the glossary's
//! *structured block*: "a single entry at the top and a single exit at the bottom") forbids
//! them for compute, `data` and `host_data` constructs; gfortran rejects `exit`/`cycle` out of
//! them ("leaving OpenMP structured block"). The host emitter relies on it: a branch out would
//! skip the construct's data exit actions and the end of its host fallback. `stop` and
//! `error stop` end the program and are allowed.

use std::ops::Range;
use tree_sitter::Node;

/// One branch across the block's boundary: where it is and what it does.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Crossing {
    pub range: Range<u32>,
    /// `'return'`, `'exit outer'`, `'go to 10'`.
    pub what: String,
    /// Into the block (a `go to` from outside), else out of it.
    pub into: bool,
}

/// The branches into and out of the statements in `block` (byte offsets of `source`), whose
/// syntax tree is `root`. The walks keep their own stacks: hostile inputs nest deeply.
pub(super) fn crossings(source: &str, root: Node<'_>, block: Range<u32>) -> Vec<Crossing> {
    let (start, end) = (block.start as usize, block.end as usize);
    let inside = |node: Node<'_>| node.start_byte() >= start && node.end_byte() <= end;
    let cover = root.descendant_for_byte_range(start, end).unwrap_or(root);
    let text = |node: Node<'_>| {
        source
            .get(node.byte_range())
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    };

    // The statement labels defined inside the block.
    // (Each node is pushed with whether its parent is a label reference: asking a node for its
    // parent walks down from the root, which deep expressions make quadratic.)
    let mut labels: Vec<String> = Vec::new();
    let cover_in_reference = cover
        .parent()
        .is_some_and(|p| p.kind() == "statement_label_reference");
    let mut stack = vec![(cover, cover_in_reference)];
    while let Some((node, reference)) = stack.pop() {
        if node.end_byte() <= start || node.start_byte() >= end {
            continue;
        }
        // A label that starts a statement (a reference holds a `statement_label` too).
        if node.kind() == "statement_label" && !reference && inside(node) {
            labels.push(text(node));
        }
        let is_reference = node.kind() == "statement_label_reference";
        let mut cursor = node.walk();
        stack.extend(
            node.children(&mut cursor)
                .map(|child| (child, is_reference)),
        );
    }

    // Out of the block: each node with the `do` loops and construct names around it that are
    // themselves inside the block.
    let mut found = Vec::new();
    let mut stack: Vec<(Node<'_>, u32, Vec<String>)> = vec![(cover, 0, Vec::new())];
    while let Some((node, loops, names)) = stack.pop() {
        if node.end_byte() <= start || node.start_byte() >= end {
            continue;
        }
        let within = inside(node);
        if within && node.kind() == "keyword_statement" {
            let words = text(node);
            let word = words.split_whitespace().next().unwrap_or("");
            let named = node
                .named_child(0)
                .filter(|c| c.kind() == "identifier")
                .map(text);
            let leaves = match word {
                "return" => true,
                "exit" | "cycle" => match &named {
                    Some(name) => !names.contains(name),
                    None => loops == 0,
                },
                _ if words.starts_with("go") => {
                    let mut cursor = node.walk();
                    let targets: Vec<String> = node
                        .named_children(&mut cursor)
                        .filter(|c| c.kind() == "statement_label_reference")
                        .map(text)
                        .collect();
                    targets.iter().any(|t| !labels.contains(t))
                }
                _ => false,
            };
            if leaves {
                found.push(Crossing {
                    range: node.start_byte() as u32..node.end_byte() as u32,
                    what: format!(
                        "'{}'",
                        words.split_whitespace().collect::<Vec<_>>().join(" ")
                    ),
                    into: false,
                });
            }
        }
        let (loops, names) = if within {
            let name = node
                .named_child(0)
                .filter(|c| c.kind() == "block_label_start_expression")
                .map(|c| text(c).trim_end_matches(':').trim().to_string());
            let loops = loops + u32::from(node.kind() == "do_loop");
            match name {
                Some(name) => {
                    let mut names = names.clone();
                    names.push(name);
                    (loops, names)
                }
                None => (loops, names),
            }
        } else {
            (loops, names)
        };
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
        for child in children {
            stack.push((child, loops, names.clone()));
        }
    }

    // Into the block: `go to` elsewhere in the program unit naming a label of the block.
    if !labels.is_empty() {
        let mut unit = Some(cover);
        while let Some(node) = unit {
            if matches!(
                node.kind(),
                "subroutine" | "function" | "program" | "module_procedure"
            ) {
                break;
            }
            unit = node.parent();
        }
        let mut stack = vec![unit.unwrap_or(root)];
        while let Some(node) = stack.pop() {
            if inside(node) {
                continue;
            }
            if node.kind() == "keyword_statement" && text(node).starts_with("go") {
                let mut cursor = node.walk();
                let into = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() == "statement_label_reference")
                    .any(|c| labels.contains(&text(c)));
                if into {
                    let words = text(node);
                    found.push(Crossing {
                        range: node.start_byte() as u32..node.end_byte() as u32,
                        what: format!(
                            "'{}'",
                            words.split_whitespace().collect::<Vec<_>>().join(" ")
                        ),
                        into: true,
                    });
                }
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    found.sort_by_key(|c| c.range.start);
    found
}
