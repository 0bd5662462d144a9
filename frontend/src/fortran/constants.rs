//! The values of real and logical named constants, for a module's interface file (`.accmod`):
//! a file that uses the module compiles device code with them but cannot see their
//! initialisers. (Integer constants are evaluated as the scopes are built,
//! `symbols::eval_node`; device code of the module's own file lowers a constant's initialiser
//! where it stands.)
//!
//! The value is the one gfortran folds: every literal has its kind (`0.1` is default real even
//! in a `real(8)` initialiser), and each operation is done in the precision of its kind, where
//! IEEE arithmetic rounds exactly as gfortran's (MPFR's) folding does. Only what rounds the
//! same way is evaluated: `+ - * /`, `**` of a small integer power by a real computed as one
//! product (`x**2`), `sqrt`, `abs`, `min`, `max`, conversions (`real`, `dble`, `float`, `int`)
//! and `epsilon`, `huge`, `tiny`; anything else (`acos(-1.0)`, a real power, kinds 10 and 16)
//! gives no value, and device code using that constant stays on the host with a remark.

use super::symbols::{eval_node, text_of, BaseType, Kinds, Resolved, Scopes, IMPORTED};
use tree_sitter::Node;

/// A named constant's value as an interface file records it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Constant {
    /// A real of kind 4 or 8 (a kind 4 value is exactly representable as `f32`).
    Real(f64),
    Logical(bool),
}

/// A value during evaluation: an integer, or a real with its kind (4 or 8).
#[derive(Clone, Copy, Debug)]
enum Value {
    Int(i64),
    Real(f64, u8),
    Logical(bool),
}

/// How deep an initialiser (and the constants it names) may nest.
const MAX_DEPTH: usize = 48;

/// The value of the named constant `symbol` (declared in `scope`), of type `base`: `None`
/// unless it is a scalar real of kind 4 or 8 or a logical whose value rounds as gfortran's.
pub(crate) fn value_of(
    source: &str,
    scopes: &Scopes,
    root: Node<'_>,
    scope: usize,
    symbol: &super::symbols::Symbol,
) -> Option<Constant> {
    if !symbol.attrs.parameter || !symbol.dims.is_empty() {
        return None;
    }
    let evaluator = Evaluator {
        source,
        scopes,
        root,
    };
    evaluator.symbol(scope, symbol, 0).and_then(|v| match v {
        Value::Real(value, _) => Some(Constant::Real(value)),
        Value::Logical(value) => Some(Constant::Logical(value)),
        Value::Int(_) => None,
    })
}

/// The initialiser of the named constant declared at `decl` in the tree under `root`.
pub(crate) fn initialiser<'t>(root: Node<'t>, decl: &std::ops::Range<u32>) -> Option<Node<'t>> {
    let found = root.named_descendant_for_byte_range(decl.start as usize, decl.end as usize)?;
    let mut current = Some(found);
    for _ in 0..4 {
        let n = current?;
        if let Some(right) = n.child_by_field_name("right") {
            return Some(right);
        }
        if n.kind() == "parameter_assignment" {
            return n.named_child(1);
        }
        current = n.parent();
    }
    None
}

struct Evaluator<'s, 't> {
    source: &'s str,
    scopes: &'s Scopes,
    root: Node<'t>,
}

impl Evaluator<'_, '_> {
    /// A named constant's value, converted to its declared type.
    fn symbol(&self, scope: usize, symbol: &super::symbols::Symbol, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let kinds = self.scopes.kinds;
        if let Some(bits) = symbol.real {
            let BaseType::Real(kind) = symbol.base else {
                return None;
            };
            return Some(Value::Real(f64::from_bits(bits), kinds.real_kind(kind)));
        }
        if let (BaseType::Integer(_), Some(value)) = (&symbol.base, symbol.value) {
            return Some(Value::Int(value));
        }
        if let (BaseType::Logical(_), Some(value)) = (&symbol.base, symbol.value) {
            return Some(Value::Logical(value != 0));
        }
        if symbol.decl == IMPORTED {
            return None;
        }
        let init = initialiser(self.root, &symbol.decl)?;
        let value = self.eval(scope, init, depth + 1)?;
        match (&symbol.base, value) {
            (BaseType::Real(kind), value) => real(value, *kind),
            (BaseType::Logical(_), Value::Logical(v)) => Some(Value::Logical(v)),
            (BaseType::Integer(_), Value::Int(v)) => Some(Value::Int(v)),
            _ => None,
        }
    }

    fn eval(&self, scope: usize, node: Node<'_>, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let text = text_of(self.source, node);
        match node.kind() {
            "number_literal" => self.number(scope, node),
            "boolean_literal" => Some(Value::Logical(text.to_ascii_lowercase().contains("true"))),
            "identifier" => match self.scopes.resolve(scope, text) {
                Resolved::Variable(symbol, declared) if symbol.attrs.parameter => {
                    self.symbol(declared, &symbol, depth + 1)
                }
                _ => None,
            },
            "parenthesized_expression" => self.eval(scope, node.named_child(0)?, depth + 1),
            "unary_expression" => {
                let value = self.eval(scope, node.child_by_field_name("argument")?, depth + 1)?;
                let operator = text.trim_start();
                match value {
                    _ if operator.starts_with('+') => Some(value),
                    Value::Int(v) if operator.starts_with('-') => v.checked_neg().map(Value::Int),
                    Value::Real(v, kind) if operator.starts_with('-') => {
                        Some(Value::Real(-v, kind))
                    }
                    _ => None,
                }
            }
            "logical_expression" => {
                let operator = text_of(self.source, node.child_by_field_name("operator")?)
                    .to_ascii_lowercase();
                let logical = |child: &str| match self.eval(
                    scope,
                    node.child_by_field_name(child)?,
                    depth + 1,
                )? {
                    Value::Logical(v) => Some(v),
                    _ => None,
                };
                Some(Value::Logical(match operator.as_str() {
                    ".not." => !logical("argument")?,
                    ".and." => logical("left")? & logical("right")?,
                    ".or." => logical("left")? | logical("right")?,
                    ".eqv." => logical("left")? == logical("right")?,
                    ".neqv." => logical("left")? != logical("right")?,
                    _ => return None,
                }))
            }
            "math_expression" => {
                let left = self.eval(scope, node.child_by_field_name("left")?, depth + 1)?;
                let right = self.eval(scope, node.child_by_field_name("right")?, depth + 1)?;
                let operator = text_of(self.source, node.child_by_field_name("operator")?);
                arithmetic(operator, left, right)
            }
            "call_expression" => self.call(scope, node, depth),
            _ => None,
        }
    }

    /// A literal, of its own kind.
    fn number(&self, scope: usize, node: Node<'_>) -> Option<Value> {
        let full = text_of(self.source, node);
        let kind_node = node.child_by_field_name("kind");
        let digits = match kind_node {
            Some(k) => full.get(..(k.start_byte() - node.start_byte()).saturating_sub(1))?,
            None => full,
        };
        let explicit = match kind_node {
            Some(k) => {
                Some(u8::try_from(eval_node(self.source, self.scopes, Some(scope), k, 0)?).ok()?)
            }
            None => None,
        };
        let lower = digits.to_ascii_lowercase();
        let kinds = self.scopes.kinds;
        if !lower.contains(['.', 'e', 'd', 'q']) {
            return lower.parse::<i64>().ok().map(Value::Int);
        }
        if lower.contains('q') || lower.starts_with(['b', 'o', 'z']) {
            return None;
        }
        real_literal(&lower, explicit, kinds).map(|(value, kind)| Value::Real(value, kind))
    }

    fn call(&self, scope: usize, node: Node<'_>, depth: usize) -> Option<Value> {
        let callee = node.named_child(0)?;
        let args = node.named_child(1)?;
        let name = text_of(self.source, callee).to_ascii_lowercase();
        let mut cursor = args.walk();
        let list: Vec<Node<'_>> = args.named_children(&mut cursor).collect();
        // A keyword argument (`kind=8`) is not evaluated here.
        if list.iter().any(|a| a.kind() == "keyword_argument") {
            return None;
        }
        let kinds = self.scopes.kinds;
        let kind_argument = |index: usize| -> Option<Option<u8>> {
            match list.get(index) {
                None => Some(None),
                Some(k) => Some(Some(
                    u8::try_from(eval_node(self.source, self.scopes, Some(scope), *k, 0)?).ok()?,
                )),
            }
        };
        let first = || self.eval(scope, *list.first()?, depth + 1);
        match name.as_str() {
            "real" | "float" | "sngl" => {
                let kind = kind_argument(1)?.map_or(kinds.real, |k| kinds.real_kind(k));
                real(first()?, kind)
            }
            "dble" => real(first()?, kinds.double),
            "int" if list.len() == 1 => match first()? {
                Value::Int(v) => Some(Value::Int(v)),
                // Truncation toward zero, in range.
                Value::Real(v, _) if v.abs() < 9.0e18 => Some(Value::Int(v.trunc() as i64)),
                _ => None,
            },
            "abs" => match first()? {
                Value::Int(v) => v.checked_abs().map(Value::Int),
                Value::Real(v, kind) => Some(Value::Real(v.abs(), kind)),
                Value::Logical(_) => None,
            },
            "sqrt" => match first()? {
                Value::Real(v, 4) if v >= 0.0 => Some(Value::Real(f64::from((v as f32).sqrt()), 4)),
                Value::Real(v, 8) if v >= 0.0 => Some(Value::Real(v.sqrt(), 8)),
                _ => None,
            },
            "min" | "max" if list.len() >= 2 => {
                let mut values = Vec::new();
                for arg in &list {
                    values.push(self.eval(scope, *arg, depth + 1)?);
                }
                let mut best = values[0];
                for value in values.into_iter().skip(1) {
                    best = extremum(best, value, name == "max")?;
                }
                Some(best)
            }
            "epsilon" | "huge" | "tiny" if list.len() == 1 => {
                let Value::Real(_, kind) = first()? else {
                    return None;
                };
                let value = match (name.as_str(), kind) {
                    ("epsilon", 4) => f64::from(f32::EPSILON),
                    ("huge", 4) => f64::from(f32::MAX),
                    ("tiny", 4) => f64::from(f32::MIN_POSITIVE),
                    ("epsilon", 8) => f64::EPSILON,
                    ("huge", 8) => f64::MAX,
                    ("tiny", 8) => f64::MIN_POSITIVE,
                    _ => return None,
                };
                Some(Value::Real(value, kind))
            }
            _ => None,
        }
    }
}

/// A real literal's value and kind from its digits (lower case, without its `_kind` suffix; not
/// BOZ, not `q`): the kind is `explicit`, else double for a `d` exponent, else default real,
/// and the value is rounded once to it (device code's literals, `body/expr.rs`, and folded
/// constants alike). `None` for a `d` exponent with an explicit kind, digits that do not
/// parse, or a kind other than 4 and 8.
pub(crate) fn real_literal(lower: &str, explicit: Option<u8>, kinds: Kinds) -> Option<(f64, u8)> {
    let kind = match (explicit, lower.contains('d')) {
        (Some(_), true) => return None,
        (Some(k), false) => kinds.real_kind(k),
        (None, true) => kinds.double,
        (None, false) => kinds.real,
    };
    let normalised = lower.replace('d', "e");
    let value = match kind {
        4 => f64::from(normalised.parse::<f32>().ok()?),
        8 => normalised.parse::<f64>().ok()?,
        _ => return None,
    };
    Some((value, kind))
}

/// `value` as a real of `kind` (4 or 8), rounded once as a conversion rounds.
fn real(value: Value, kind: u8) -> Option<Value> {
    let wide = match value {
        Value::Int(v) => {
            return match kind {
                4 => Some(Value::Real(f64::from(v as f32), 4)),
                8 => Some(Value::Real(v as f64, 8)),
                _ => None,
            }
        }
        Value::Real(v, _) => v,
        Value::Logical(_) => return None,
    };
    match kind {
        4 => Some(Value::Real(f64::from(wide as f32), 4)),
        8 => Some(Value::Real(wide, 8)),
        _ => None,
    }
}

/// Both operands in the kind of the wider (an integer takes the real's kind).
fn common(left: Value, right: Value) -> Option<(f64, f64, u8)> {
    let kind = match (left, right) {
        (Value::Real(_, a), Value::Real(_, b)) => a.max(b),
        (Value::Real(_, k), Value::Int(_)) | (Value::Int(_), Value::Real(_, k)) => k,
        _ => return None,
    };
    let (Value::Real(a, _), Value::Real(b, _)) = (real(left, kind)?, real(right, kind)?) else {
        return None;
    };
    Some((a, b, kind))
}

fn arithmetic(operator: &str, left: Value, right: Value) -> Option<Value> {
    if let (Value::Int(a), Value::Int(b)) = (left, right) {
        return match operator {
            "+" => a.checked_add(b),
            "-" => a.checked_sub(b),
            "*" => a.checked_mul(b),
            "/" => a.checked_div(b),
            "**" => u32::try_from(b).ok().and_then(|b| a.checked_pow(b)),
            _ => None,
        }
        .map(Value::Int);
    }
    if operator == "**" {
        // One rounding only: x**1 and x**2 (a single product).
        return match (left, right) {
            (Value::Real(x, kind), Value::Int(1)) => Some(Value::Real(x, kind)),
            (Value::Real(x, kind), Value::Int(2)) => arithmetic("*", left, Value::Real(x, kind)),
            _ => None,
        };
    }
    let (a, b, kind) = common(left, right)?;
    let value = match kind {
        4 => {
            let (a, b) = (a as f32, b as f32);
            f64::from(match operator {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                _ => return None,
            })
        }
        8 => match operator {
            "+" => a + b,
            "-" => a - b,
            "*" => a * b,
            "/" => a / b,
            _ => return None,
        },
        _ => return None,
    };
    value.is_finite().then_some(Value::Real(value, kind))
}

fn extremum(a: Value, b: Value, max: bool) -> Option<Value> {
    if let (Value::Int(x), Value::Int(y)) = (a, b) {
        return Some(Value::Int(if max { x.max(y) } else { x.min(y) }));
    }
    let (x, y, kind) = common(a, b)?;
    Some(Value::Real(if max { x.max(y) } else { x.min(y) }, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(source: &str) -> Vec<(String, Option<Constant>)> {
        let unit = crate::fortran::unit::FUnit::parse(source, false);
        let scopes = &unit.scopes;
        let root = unit.root().expect("parses");
        let module = scopes
            .scopes
            .iter()
            .position(|s| s.name == "c")
            .expect("module c");
        let mut names: Vec<_> = scopes.scopes[module].symbols.keys().cloned().collect();
        names.sort();
        names
            .into_iter()
            .map(|name| {
                let symbol = scopes.scopes[module].symbols[&name].clone();
                let value = value_of(&unit.text, scopes, root, module, &symbol);
                (name, value)
            })
            .collect()
    }

    #[test]
    fn folds_as_gfortran_does() {
        let found = values(
            "module c\n\
             integer, parameter :: dp = kind(1.0d0)\n\
             real(8), parameter :: femto = 1.0d-15, tiny = femto\n\
             real(dp), parameter :: widened = 0.1\n\
             real, parameter :: half = 0.5, third = 1.0 / 3.0\n\
             real(8), parameter :: third8 = 1.0_dp / 3, root = sqrt(2.0d0), sq = (1.5d0)**2\n\
             real(8), parameter :: eps = epsilon(1.0d0), big = max(1.0d0, 2, -huge(1.0d0))\n\
             logical, parameter :: on = .true., off = .not. on\n\
             real(8), parameter :: pi = acos(-1.0d0), cube = 2.0d0**3\n\
             integer, parameter :: n = 4\n\
             end module\n",
        );
        let get = |name: &str| found.iter().find(|(n, _)| n == name).unwrap().1;
        assert_eq!(get("femto"), Some(Constant::Real(1.0e-15)));
        assert_eq!(get("tiny"), Some(Constant::Real(1.0e-15)));
        assert_eq!(get("widened"), Some(Constant::Real(f64::from(0.1f32))));
        assert_eq!(get("half"), Some(Constant::Real(0.5)));
        assert_eq!(get("third"), Some(Constant::Real(f64::from(1.0f32 / 3.0))));
        assert_eq!(get("third8"), Some(Constant::Real(1.0 / 3.0)));
        assert_eq!(get("root"), Some(Constant::Real(2f64.sqrt())));
        assert_eq!(get("sq"), Some(Constant::Real(2.25)));
        assert_eq!(get("eps"), Some(Constant::Real(f64::EPSILON)));
        assert_eq!(get("big"), Some(Constant::Real(2.0)));
        assert_eq!(get("on"), Some(Constant::Logical(true)));
        assert_eq!(get("off"), Some(Constant::Logical(false)));
        // Not rounded as gfortran rounds, or not evaluated: no value.
        assert_eq!(get("pi"), None);
        assert_eq!(get("cube"), None);
        // Integers are recorded as they always were.
        assert_eq!(get("n"), None);
    }
}
