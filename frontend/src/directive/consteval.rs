//! Evaluation of integer constant expressions written in C or Fortran, for `collapse` counts,
//! `tile` sizes and array bounds.
//!
//! Accepted: decimal, hexadecimal (`0x`), octal (`0...`) and binary (`0b`) literals with C
//! `u`/`l` suffixes or a Fortran kind suffix (`_8`, `_int64`); parentheses; unary `+ - ~ !`;
//! binary `* / % + - << >> & | ^ < > <= >= == != && ||` with C precedence (Fortran `/=` means
//! `!=`). Arithmetic is on `i64`; any identifier, overflow, division by zero, negative or too
//! large shift, or unparsable text gives `None`. Nesting deeper than 256 gives `None` rather
//! than a stack overflow.

const MAX_DEPTH: usize = 256;

/// Evaluates `text` as an integer constant expression; `None` if it is not one.
pub fn const_int(text: &str) -> Option<i64> {
    let tokens = tokenize(text)?;
    let mut evaluator = Evaluator {
        tokens,
        pos: 0,
        depth: 0,
    };
    let value = evaluator.binary(0)?;
    (evaluator.pos == evaluator.tokens.len()).then_some(value)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Number(i64),
    Op(&'static str),
}

const OPERATORS: [&str; 24] = [
    "<<", ">>", "<=", ">=", "==", "!=", "/=", "&&", "||", "(", ")", "+", "-", "~", "!", "*", "/",
    "%", "&", "|", "^", "<", ">", "=",
];

fn tokenize(text: &str) -> Option<Vec<Token>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            tokens.push(Token::Number(parse_literal(text.get(start..i)?)?));
        } else {
            let rest = text.get(i..)?;
            let op = OPERATORS.iter().find(|op| rest.starts_with(**op))?;
            if *op == "=" {
                return None;
            }
            tokens.push(Token::Op(if *op == "/=" { "!=" } else { op }));
            i += op.len();
        }
    }
    Some(tokens)
}

/// Parses one integer literal with its suffix.
fn parse_literal(literal: &str) -> Option<i64> {
    // A Fortran kind suffix: `10_8`, `10_int64`.
    let literal = match literal.split_once('_') {
        Some((digits, kind)) if !kind.is_empty() => {
            if !kind.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None;
            }
            digits
        }
        Some(_) => return None,
        None => literal.trim_end_matches(['u', 'U', 'l', 'L']),
    };
    let (digits, radix) = if let Some(hex) = literal
        .strip_prefix("0x")
        .or_else(|| literal.strip_prefix("0X"))
    {
        (hex, 16)
    } else if let Some(binary) = literal
        .strip_prefix("0b")
        .or_else(|| literal.strip_prefix("0B"))
    {
        (binary, 2)
    } else if literal.len() > 1 && literal.starts_with('0') {
        (&literal[1..], 8)
    } else {
        (literal, 10)
    };
    if digits.is_empty() {
        return None;
    }
    // `from_str_radix` accepts a leading sign, which a literal cannot have.
    if !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

struct Evaluator {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
}

/// Binary operators from the loosest-binding level to the tightest.
const LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Evaluator {
    fn peek_op(&self) -> Option<&'static str> {
        match self.tokens.get(self.pos) {
            Some(Token::Op(op)) => Some(op),
            _ => None,
        }
    }

    /// Parses the operators of `LEVELS[level]` and tighter; left associative.
    fn binary(&mut self, level: usize) -> Option<i64> {
        let Some(ops) = LEVELS.get(level) else {
            return self.unary();
        };
        let mut left = self.binary(level + 1)?;
        while let Some(op) = self.peek_op().filter(|op| ops.contains(op)) {
            self.pos += 1;
            let right = self.binary(level + 1)?;
            left = apply(op, left, right)?;
        }
        Some(left)
    }

    fn unary(&mut self) -> Option<i64> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let value = match self.tokens.get(self.pos).copied()? {
            Token::Number(value) => {
                self.pos += 1;
                Some(value)
            }
            Token::Op("(") => {
                self.pos += 1;
                let value = self.binary(0)?;
                if self.peek_op() != Some(")") {
                    return None;
                }
                self.pos += 1;
                Some(value)
            }
            Token::Op(op @ ("+" | "-" | "~" | "!")) => {
                self.pos += 1;
                let operand = self.unary()?;
                match op {
                    "+" => Some(operand),
                    "-" => operand.checked_neg(),
                    "~" => Some(!operand),
                    _ => Some(i64::from(operand == 0)),
                }
            }
            Token::Op(_) => None,
        };
        self.depth -= 1;
        value
    }
}

fn apply(op: &str, left: i64, right: i64) -> Option<i64> {
    let truth = |b: bool| i64::from(b);
    match op {
        "||" => Some(truth(left != 0 || right != 0)),
        "&&" => Some(truth(left != 0 && right != 0)),
        "|" => Some(left | right),
        "^" => Some(left ^ right),
        "&" => Some(left & right),
        "==" => Some(truth(left == right)),
        "!=" => Some(truth(left != right)),
        "<" => Some(truth(left < right)),
        ">" => Some(truth(left > right)),
        "<=" => Some(truth(left <= right)),
        ">=" => Some(truth(left >= right)),
        "<<" => {
            if !(0..64).contains(&right) || left < 0 {
                return None;
            }
            let shifted = i128::from(left) << right;
            i64::try_from(shifted).ok()
        }
        ">>" => {
            if !(0..64).contains(&right) {
                return None;
            }
            Some(left >> right)
        }
        "+" => left.checked_add(right),
        "-" => left.checked_sub(right),
        "*" => left.checked_mul(right),
        "/" => left.checked_div(right),
        "%" => left.checked_rem(right),
        _ => None,
    }
}
