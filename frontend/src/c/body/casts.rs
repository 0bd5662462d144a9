//! Casts to typedef names that tree-sitter-c read as binary operators.
//!
//! Without knowing which names are types, tree-sitter-c parses `(T)-i * 2` as the difference
//! `(T) - (i * 2)`, and `(T)-1 + (T)-i` as `((T) - 1 + (T)) - i`. In C a parenthesised type
//! name followed by `-`, `+`, `*` or `&` is a cast of the unary expression that follows, and a
//! cast binds tighter than every binary operator. So a chain of binary operators holding such
//! a `(T)` is read again: flattened into its operands and operators in source order (the chain
//! has no parentheses of its own, or they would be operands), each `(T) op x` folded into a
//! cast, and the rest combined by C's precedence.

use tree_sitter::Node;

use super::expr::operator;
use super::{Lowering, Value, R};

/// A chain of binary operators in source order: one more operand than operators.
pub(super) struct Chain<'a> {
    operands: Vec<Node<'a>>,
    operators: Vec<&'a str>,
}

/// The chain read again: source operands, casts of unary operators, binary operators.
enum Reread<'a> {
    Operand(Node<'a>),
    Cast {
        type_name: Node<'a>,
        token: &'a str,
        operand: Box<Reread<'a>>,
        at: Node<'a>,
    },
    Binary {
        token: &'a str,
        left: Box<Reread<'a>>,
        right: Box<Reread<'a>>,
        at: Node<'a>,
    },
}

impl<'a> Reread<'a> {
    fn node(&self) -> Node<'a> {
        match self {
            Reread::Operand(node) => *node,
            Reread::Cast { at, .. } | Reread::Binary { at, .. } => *at,
        }
    }
}

/// C's binding strength of a binary operator (higher binds tighter); all associate left.
fn precedence(token: &str) -> u8 {
    match token {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "<" | "<=" | ">" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        _ => 1,
    }
}

/// Whether `token` can also be a unary operator (so `(T) token x` is a cast).
fn unary_capable(token: &str) -> bool {
    matches!(token, "-" | "+" | "*" | "&")
}

impl<'a> Lowering<'a> {
    /// The operands and operators of the chain of binary expressions rooted at `node`, in
    /// source order (operands one more than operators). An explicit stack: chains can be
    /// thousands of operators long.
    fn flatten(&self, node: Node<'a>, operands: &mut Vec<Node<'a>>, operators: &mut Vec<&'a str>) {
        enum Item<'n> {
            Node(Node<'n>),
            Operator(&'n str),
        }
        let mut pending = vec![Item::Node(node)];
        while let Some(item) = pending.pop() {
            let node = match item {
                Item::Operator(token) => {
                    operators.push(token);
                    continue;
                }
                Item::Node(node) => node,
            };
            match (
                node.kind(),
                node.child_by_field_name("left"),
                node.child_by_field_name("right"),
            ) {
                ("binary_expression", Some(left), Some(right)) => {
                    // Left, then the operator, then right: pushed in reverse.
                    pending.push(Item::Node(right));
                    pending.push(Item::Operator(operator(self, node)));
                    pending.push(Item::Node(left));
                }
                _ => operands.push(node),
            }
        }
    }

    /// The operands and operators of the chain of binary expressions at `node` when it holds
    /// a `(T)` followed by an operator that is also unary. Asked at the top of each chain only
    /// (`Lowering::in_chain` marks the operands of a chain already asked about), so a long
    /// chain costs one walk.
    pub(super) fn typedef_cast_chain(&self, node: Node<'a>) -> Option<Chain<'a>> {
        let (mut operands, mut operators) = (Vec::new(), Vec::new());
        self.flatten(node, &mut operands, &mut operators);
        let casts = operands.iter().zip(&operators).any(|(operand, token)| {
            unary_capable(token) && self.parenthesized_typedef(*operand).is_some()
        });
        casts.then_some(Chain {
            operands,
            operators,
        })
    }

    /// Lowers the chain at `node` read as C reads it (see the module documentation).
    pub(super) fn reread_chain(&mut self, chain: Chain<'a>, node: Node<'a>) -> R<Value> {
        let Chain {
            operands,
            operators,
        } = chain;
        if let Some(unparsed) = operands.iter().find(|operand| {
            matches!(
                operand.kind(),
                "conditional_expression" | "assignment_expression" | "comma_expression"
            )
        }) {
            // Only error recovery puts these inside a chain without parentheses.
            return self.fail(*unparsed, "ambiguous cast to a typedef name");
        }
        // Fold each `(T) op x` (and `(T) op (U) op x`) into one operand.
        let mut folded: Vec<Reread<'a>> = Vec::new();
        let mut between: Vec<&'a str> = Vec::new();
        let mut i = 0;
        while i < operands.len() {
            let mut casts = Vec::new();
            while i < operators.len()
                && unary_capable(operators[i])
                && self.parenthesized_typedef(operands[i]).is_some()
            {
                casts.push((operands[i], operators[i]));
                i += 1;
            }
            let mut operand = Reread::Operand(operands[i]);
            for (paren, token) in casts.into_iter().rev() {
                let type_name = self.parenthesized_typedef(paren).unwrap_or(paren);
                operand = Reread::Cast {
                    type_name,
                    token,
                    operand: Box::new(operand),
                    at: paren,
                };
            }
            folded.push(operand);
            if i < operators.len() {
                between.push(operators[i]);
            }
            i += 1;
        }
        let tree = climb(folded, between, node);
        self.lower_reread(&tree)
    }

    fn lower_reread(&mut self, tree: &Reread<'a>) -> R<Value> {
        match tree {
            Reread::Operand(node) => self.expr(*node),
            Reread::Cast {
                type_name,
                token,
                operand,
                at,
            } => {
                let value = self.lower_reread(operand)?;
                let value = self.unary_of_value(token, value, operand.node(), operand.node())?;
                let to = self.typedef_type(*type_name)?;
                self.cast_to(value, to, *at)
            }
            Reread::Binary {
                token,
                left,
                right,
                at,
            } => {
                let (l, r) = (self.lower_reread(left)?, self.lower_reread(right)?);
                self.binary_of_values(token, (l, left.node()), (r, right.node()), *at)
            }
        }
    }
}

/// Combines `operands` and the operators `between` them by C's precedence (left to right
/// among equals); `at` is the chain's node, where each combination is reported.
fn climb<'a>(operands: Vec<Reread<'a>>, between: Vec<&'a str>, at: Node<'a>) -> Reread<'a> {
    let mut values: Vec<Reread<'a>> = Vec::new();
    let mut pending: Vec<&'a str> = Vec::new();
    let reduce = |values: &mut Vec<Reread<'a>>, token: &'a str| {
        let right = values.pop();
        let left = values.pop();
        if let (Some(left), Some(right)) = (left, right) {
            values.push(Reread::Binary {
                token,
                left: Box::new(left),
                right: Box::new(right),
                at,
            });
        }
    };
    let mut operands = operands.into_iter();
    if let Some(first) = operands.next() {
        values.push(first);
    }
    for (token, operand) in between.into_iter().zip(operands) {
        while let Some(&top) = pending.last() {
            if precedence(top) < precedence(token) {
                break;
            }
            pending.pop();
            reduce(&mut values, top);
        }
        pending.push(token);
        values.push(operand);
    }
    while let Some(top) = pending.pop() {
        reduce(&mut values, top);
    }
    values.pop().unwrap_or(Reread::Operand(at))
}
