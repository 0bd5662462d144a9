//! C types for the body lowering: scalar kinds, the integer promotions and usual arithmetic
//! conversions (C11 6.3.1), sizes and alignments (x86-64 System V), type names in casts and
//! `sizeof`, struct tags and bit-fields, and numeric and character literals.

use acc_ir::{ArraySize, ScalarKind, TypeHandle, TypeInner, TypeTable};
use tree_sitter::Node;

use super::super::ctypes::{builtin_type, make_complex, sized_type, CType, Interner};
use super::super::symbols::{EntryKind, Tag};
use super::{Lowering, R};

pub(super) const INT: ScalarKind = ScalarKind::Int {
    signed: true,
    width: 32,
};
pub(super) const LONG: ScalarKind = ScalarKind::Int {
    signed: true,
    width: 64,
};
pub(super) const ULONG: ScalarKind = ScalarKind::Int {
    signed: false,
    width: 64,
};
pub(super) const BOOL: ScalarKind = ScalarKind::Bool { width: 8 };
pub(super) const DOUBLE: ScalarKind = ScalarKind::Float { width: 64 };

/// The integer promotions (C11 6.3.1.1): `_Bool`, `char` and `short` (enums are already `int`)
/// become `int`; every value of those types fits an `int` on x86-64.
pub(super) fn promote(kind: ScalarKind) -> ScalarKind {
    match kind {
        ScalarKind::Bool { .. } => INT,
        ScalarKind::Int { width, .. } if width < 32 => INT,
        other => other,
    }
}

fn float_rank(kind: ScalarKind) -> u8 {
    match kind {
        ScalarKind::Float { width } | ScalarKind::Complex { width } => width,
        _ => 0,
    }
}

/// The usual arithmetic conversions (C11 6.3.1.8): the type both operands are converted to.
pub(super) fn common(a: ScalarKind, b: ScalarKind) -> ScalarKind {
    let width = float_rank(a).max(float_rank(b));
    if width > 0 {
        return if a.is_complex() || b.is_complex() {
            ScalarKind::Complex { width }
        } else {
            ScalarKind::Float { width }
        };
    }
    match (promote(a), promote(b)) {
        (
            ScalarKind::Int {
                signed: sa,
                width: wa,
            },
            ScalarKind::Int {
                signed: sb,
                width: wb,
            },
        ) => {
            if sa == sb {
                return ScalarKind::Int {
                    signed: sa,
                    width: wa.max(wb),
                };
            }
            let (unsigned_width, signed_width) = if sa { (wb, wa) } else { (wa, wb) };
            // The unsigned type wins unless the signed one has greater rank and (on x86-64,
            // where greater rank means wider) can represent every value of the unsigned one.
            if unsigned_width >= signed_width {
                ScalarKind::Int {
                    signed: false,
                    width: unsigned_width,
                }
            } else {
                ScalarKind::Int {
                    signed: true,
                    width: signed_width,
                }
            }
        }
        (promoted, _) => promoted,
    }
}

/// `value` converted to the integer type `kind` (two's complement wrap; bools are 0 or 1).
pub(super) fn wrap(value: i128, kind: ScalarKind) -> i128 {
    match kind {
        ScalarKind::Bool { .. } => i128::from(value != 0),
        ScalarKind::Int { signed, width } if width > 0 && width < 128 => {
            let bits = u32::from(width);
            let masked = value & ((1i128 << bits) - 1);
            if signed && masked >> (bits - 1) & 1 == 1 {
                masked - (1i128 << bits)
            } else {
                masked
            }
        }
        _ => value,
    }
}

fn scalar_size(kind: ScalarKind) -> (u64, u64) {
    match kind {
        ScalarKind::Int { width: 128, .. } | ScalarKind::Float { width: 80 | 128 } => (16, 16),
        ScalarKind::Complex { width: 80 | 128 } => (32, 16),
        ScalarKind::Complex { width } => (u64::from(width) / 4, u64::from(width) / 8),
        ScalarKind::Int { width, .. }
        | ScalarKind::Float { width }
        | ScalarKind::Bool { width } => {
            let bytes = (u64::from(width) / 8).max(1);
            (bytes, bytes)
        }
    }
}

fn align_up(offset: u64, align: u64) -> Option<u64> {
    offset.checked_add(align - 1).map(|v| v / align * align)
}

/// Size and alignment in bytes of a complete type with x86-64 System V layout: scalars and
/// pointers by width (long double and `__int128` take 16 bytes), arrays as their elements times
/// the count, structs with each member at the next multiple of its alignment and the size
/// rounded up to the largest alignment, unions as their largest member. `None` for void,
/// functions, opaque types and arrays without a constant size.
pub(super) fn size_align(types: &TypeTable, ty: TypeHandle) -> Option<(u64, u64)> {
    size_align_at(types, ty, 0)
}

fn size_align_at(types: &TypeTable, ty: TypeHandle, depth: usize) -> Option<(u64, u64)> {
    if depth > super::MAX_DEPTH {
        return None;
    }
    match types.get(ty) {
        TypeInner::Scalar(kind) => Some(scalar_size(*kind)),
        TypeInner::Pointer { .. } => Some((8, 8)),
        TypeInner::Array {
            element,
            size: ArraySize::Constant(n),
            ..
        } => {
            let (size, align) = size_align_at(types, *element, depth + 1)?;
            Some((size.checked_mul(*n)?, align))
        }
        TypeInner::Struct {
            members, is_union, ..
        } => {
            let (mut end, mut largest, mut align) = (0u64, 0u64, 1u64);
            for member in members {
                let (size, member_align) = size_align_at(types, member.ty, depth + 1)?;
                align = align.max(member_align);
                largest = largest.max(size);
                end = align_up(end, member_align)?.checked_add(size)?;
            }
            let raw = if *is_union { largest } else { end };
            Some((align_up(raw, align)?, align))
        }
        _ => None,
    }
}

/// The byte offset of member `index` of a struct (0 for every member of a union).
pub(super) fn member_offset(types: &TypeTable, ty: TypeHandle, index: usize) -> Option<u64> {
    let TypeInner::Struct {
        members, is_union, ..
    } = types.get(ty)
    else {
        return None;
    };
    if *is_union {
        return members.get(index).map(|_| 0);
    }
    let mut end = 0u64;
    for (position, member) in members.iter().enumerate() {
        let (size, align) = size_align(types, member.ty)?;
        let start = align_up(end, align)?;
        if position == index {
            return Some(start);
        }
        end = start.checked_add(size)?;
    }
    None
}

/// A numeric literal's value and type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Literal {
    Int(i128, ScalarKind),
    Float(f64, ScalarKind),
}

/// Parses a C number literal with C11 6.4.4.1's typing (the first of int, long (, unsigned
/// variants for hex and octal) that holds the value; `u`/`l`/`ll` suffixes narrow the list) and
/// float suffixes (`f`, `l`). tree-sitter-c folds a leading `-` into the literal; it negates the
/// value in the literal's type, as C's unary minus would.
pub(super) fn number_literal(text: &str) -> Option<Literal> {
    let (negative, body) = match text.trim().strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text.trim().trim_start_matches('+')),
    };
    let cleaned: String = body
        .chars()
        .filter(|c| *c != '\'')
        .collect::<String>()
        .to_ascii_lowercase();
    let hex = cleaned.starts_with("0x");
    let is_float = if hex {
        cleaned.contains('.') || cleaned.contains('p')
    } else {
        cleaned.contains('.') || cleaned.contains('e')
    };
    if is_float {
        let (digits, kind) = if let Some(d) = cleaned.strip_suffix('f') {
            (d, ScalarKind::Float { width: 32 })
        } else if let Some(d) = cleaned.strip_suffix('l') {
            (d, ScalarKind::Float { width: 80 })
        } else {
            (cleaned.as_str(), ScalarKind::Float { width: 64 })
        };
        let value = if hex {
            hex_float(digits.get(2..)?)?
        } else {
            digits.parse::<f64>().ok()?
        };
        return Some(Literal::Float(if negative { -value } else { value }, kind));
    }
    let digits = cleaned.trim_end_matches(['u', 'l']);
    let suffix = cleaned.get(digits.len()..)?;
    let unsigned = suffix.contains('u');
    let longs = suffix.matches('l').count();
    let (digits, radix) = if let Some(d) = digits.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = digits.strip_prefix("0b") {
        (d, 2)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (digits.get(1..)?, 8)
    } else {
        (digits, 10)
    };
    let magnitude = u128::from_str_radix(digits, radix).ok()?;
    let int = |signed, width| ScalarKind::Int { signed, width };
    let candidates: &[ScalarKind] = match (unsigned, longs, radix == 10) {
        (false, 0, true) => &[INT, LONG, ULONG],
        (false, 0, false) => &[INT, int(false, 32), LONG, ULONG],
        (true, 0, _) => &[int(false, 32), ULONG],
        (false, _, true) => &[LONG, ULONG],
        (false, _, false) => &[LONG, ULONG],
        (true, _, _) => &[ULONG],
    };
    let kind = candidates.iter().copied().find(|kind| match kind {
        ScalarKind::Int { signed, width } => {
            let bits = u32::from(*width) - u32::from(*signed);
            magnitude < 1u128 << bits
        }
        _ => false,
    })?;
    let value = i128::try_from(magnitude).ok()?;
    Some(Literal::Int(
        wrap(if negative { -value } else { value }, kind),
        kind,
    ))
}

/// The value of a hexadecimal float's digits after `0x` (`1.8p3`).
fn hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = match text.split_once('p') {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = 0f64;
    for digit in whole.chars() {
        value = value * 16.0 + f64::from(digit.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for digit in fraction.chars() {
        value += f64::from(digit.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exponent))
}

/// A character literal's value and type: `'a'` is an `int` (a single `char` sign-extends,
/// several make gcc's multi-character value), `L'a'` a `wchar_t` (`int`), `u'a'` a `char16_t`,
/// `U'a'` a `char32_t`, `u8'a'` an `unsigned char`.
pub(super) fn char_literal(text: &str) -> Option<(i128, ScalarKind)> {
    let (prefix, rest) = text.split_at(text.find('\'')?);
    let inner = rest.strip_prefix('\'')?.strip_suffix('\'')?;
    let units = decode_escapes(inner)?;
    let int = |signed, width| ScalarKind::Int { signed, width };
    match (prefix, units.as_slice()) {
        ("", [single]) => Some((i128::from(*single as u8 as i8), INT)),
        ("", many) if !many.is_empty() && many.len() <= 4 => {
            let value = many
                .iter()
                .fold(0i128, |v, u| (v << 8) | i128::from(*u & 0xff));
            Some((wrap(value, INT), INT))
        }
        ("L", [single]) => Some((wrap(i128::from(*single), INT), INT)),
        ("u", [single]) => Some((wrap(i128::from(*single), int(false, 16)), int(false, 16))),
        ("U", [single]) => Some((i128::from(*single), int(false, 32))),
        ("u8", [single]) => Some((wrap(i128::from(*single), int(false, 8)), int(false, 8))),
        _ => None,
    }
}

/// The code units of a character literal's contents (bytes of UTF-8 text, escapes decoded).
fn decode_escapes(inner: &str) -> Option<Vec<u32>> {
    let mut units = Vec::new();
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            units.push(u32::from(bytes[i]));
            i += 1;
            continue;
        }
        let escape = *bytes.get(i + 1)?;
        i += 2;
        let simple = match escape {
            b'n' => Some(10),
            b't' => Some(9),
            b'r' => Some(13),
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'v' => Some(11),
            b'e' | b'E' => Some(27),
            b'\\' | b'\'' | b'"' | b'?' => Some(u32::from(escape)),
            _ => None,
        };
        if let Some(unit) = simple {
            units.push(unit);
            continue;
        }
        let (radix, max_digits, start) = match escape {
            b'0'..=b'7' => (8, 3, i - 1),
            b'x' => (16, usize::MAX, i),
            b'u' => (16, 4, i),
            b'U' => (16, 8, i),
            _ => return None,
        };
        let mut end = start;
        while end < bytes.len() && end - start < max_digits && (bytes[end] as char).is_digit(radix)
        {
            end += 1;
        }
        units.push(u32::from_str_radix(inner.get(start..end)?, radix).ok()?);
        i = end;
    }
    Some(units)
}

impl<'a> Lowering<'a> {
    pub(super) fn scalar(&mut self, kind: ScalarKind) -> TypeHandle {
        self.module.types.scalar(kind)
    }

    pub(super) fn pointer_to(&mut self, pointee: TypeHandle) -> TypeHandle {
        self.module.types.insert(TypeInner::Pointer { pointee })
    }

    pub(super) fn scalar_kind(&self, ty: TypeHandle) -> Option<ScalarKind> {
        match self.module.types.get(ty) {
            TypeInner::Scalar(kind) => Some(*kind),
            _ => None,
        }
    }

    pub(super) fn pointee(&self, ty: TypeHandle) -> Option<TypeHandle> {
        match self.module.types.get(ty) {
            TypeInner::Pointer { pointee } => Some(*pointee),
            _ => None,
        }
    }

    pub(super) fn is_integer_type(&self, ty: TypeHandle) -> bool {
        self.scalar_kind(ty).is_some_and(ScalarKind::is_integer)
    }

    /// The C spelling of a type, for messages.
    pub(super) fn type_name(&self, ty: TypeHandle) -> String {
        super::super::lower::c_type_name(&self.module.types, ty)
    }

    /// Whether every array dimension inside `ty` (not through pointers) has a constant size.
    pub(super) fn fixed_size(&self, ty: TypeHandle) -> bool {
        let mut current = ty;
        for _ in 0..super::MAX_DEPTH {
            match self.module.types.get(current) {
                TypeInner::Array {
                    element,
                    size: ArraySize::Constant(_),
                    ..
                } => current = *element,
                TypeInner::Array { .. } => return false,
                _ => return true,
            }
        }
        false
    }

    pub(super) fn intern(&mut self, ctype: &CType) -> TypeHandle {
        Interner::new(&self.unit.index().records, &mut self.module.types).intern(ctype)
    }

    /// The struct tag `name` visible at `at`.
    pub(super) fn tag(&self, name: &str, at: u32) -> Option<Tag> {
        let index = self.unit.index();
        let mut scope = Some(index.innermost_scope(at));
        while let Some(current) = scope {
            if let Some(tag) = index.scopes[current].tags.get(name) {
                return Some(*tag);
            }
            scope = index.scopes[current].parent;
        }
        None
    }

    /// The type named by a `type_descriptor` or by a parameter declaration.
    pub(super) fn type_descriptor(&mut self, node: Node<'a>) -> R<TypeHandle> {
        let ctype = self.spelled_type(node, node.child_by_field_name("declarator"))?;
        Ok(self.intern(&ctype))
    }

    /// The type spelled by the specifiers of `node` and an (abstract or named) declarator.
    pub(super) fn spelled_type(
        &mut self,
        node: Node<'a>,
        declarator: Option<Node<'a>>,
    ) -> R<CType> {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            if child.kind() == "type_qualifier" && self.text(child).trim() == "_Atomic" {
                return self.fail(child, "_Atomic types");
            }
        }
        let Some(specifier) = node.child_by_field_name("type") else {
            return self.fail(node, "type name without a type");
        };
        // The scanner blanks `_Complex` (and `__complex__`) and remembers where: among the
        // specifiers, in the white space before them (`(_Complex double)`), or, in a type name
        // without a declarator, after them up to the closing parenthesis (`(float _Complex)`).
        let text = self.unit.text.as_str();
        let mut specifiers_end = declarator.map_or(node.end_byte(), |d| d.start_byte());
        if declarator.is_none() {
            let rest = text.get(specifiers_end..).unwrap_or("");
            let after = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
            if after.starts_with(')') {
                specifiers_end += rest.len() - after.len();
            }
        }
        let gap_start = text
            .get(..node.start_byte())
            .unwrap_or("")
            .trim_end_matches(|c: char| c.is_ascii_whitespace())
            .len();
        let complex = self
            .unit
            .complex_in(gap_start as u32..specifiers_end as u32);
        let at = node.start_byte() as u32;
        let name = self.text(specifier).trim();
        let base = match specifier.kind() {
            "primitive_type" | "type_identifier" => {
                let typedef = self.unit.index().lookup(name, at).and_then(|entry| {
                    matches!(entry.kind, EntryKind::Typedef).then(|| entry.ty.clone())
                });
                match typedef.or_else(|| builtin_type(name)) {
                    Some(ty) => ty,
                    None => return self.fail(specifier, format!("unknown type '{name}'")),
                }
            }
            "sized_type_specifier" => {
                let mut cursor = specifier.walk();
                let modifiers: Vec<&str> = specifier
                    .children(&mut cursor)
                    .map(|c| c.kind())
                    .filter(|k| matches!(*k, "signed" | "unsigned" | "long" | "short"))
                    .collect();
                let base = specifier.child_by_field_name("type").map(|t| self.text(t));
                sized_type(&modifiers, base, complex)
            }
            "struct_specifier" | "union_specifier" => {
                let tag = specifier.child_by_field_name("name").map(|n| self.text(n));
                match (tag, specifier.child_by_field_name("body")) {
                    (Some(tag), None) => match self.tag(tag, at) {
                        Some(Tag::Record(record)) => CType::Record(record),
                        _ => return self.fail(specifier, format!("unknown struct '{tag}'")),
                    },
                    _ => return self.fail(specifier, "struct definitions inside type names"),
                }
            }
            "enum_specifier" => CType::Scalar(INT),
            _ => return self.fail(specifier, format!("type '{name}'")),
        };
        let base = make_complex(base, complex);
        if complex && !matches!(base, CType::Scalar(ScalarKind::Complex { .. })) {
            return self.fail(node, "_Complex of a type that is not a floating type");
        }
        if matches!(base, CType::Scalar(ScalarKind::Complex { width: 80 })) {
            return self.fail(node, "long double complex is not supported in device code");
        }
        self.apply_declarator(base, declarator)
    }

    /// Wraps `base` in the pointer, array and function parts of a declarator, outermost first.
    fn apply_declarator(&mut self, base: CType, declarator: Option<Node<'a>>) -> R<CType> {
        let mut ty = base;
        let mut node = declarator;
        let mut steps = 0;
        while let Some(current) = node {
            steps += 1;
            if steps > super::MAX_DEPTH {
                return self.fail(current, "type nested too deeply");
            }
            node = current.child_by_field_name("declarator");
            match current.kind() {
                "pointer_declarator" | "abstract_pointer_declarator" => {
                    ty = CType::Pointer(Box::new(ty));
                }
                "array_declarator" | "abstract_array_declarator" => {
                    let size = match current.child_by_field_name("size") {
                        Some(size) if size.is_named() => self.array_size(size)?,
                        _ => ArraySize::Unknown,
                    };
                    ty = CType::Array(Box::new(ty), size);
                }
                "function_declarator" | "abstract_function_declarator" => {
                    ty = CType::Function(Box::new(ty));
                }
                "parenthesized_declarator" | "abstract_parenthesized_declarator" => {
                    let mut cursor = current.walk();
                    node = current
                        .named_children(&mut cursor)
                        .find(|c| c.kind() != "comment");
                }
                "identifier" | "field_identifier" | "type_identifier" => node = None,
                other => return self.fail(current, format!("declarator '{other}'")),
            }
        }
        Ok(ty)
    }

    /// The size of an array dimension in a type name: a constant, or a single variable.
    fn array_size(&mut self, size: Node<'a>) -> R<ArraySize> {
        if let Ok(value) = self.constant(size) {
            if let Ok(value) = u64::try_from(value) {
                return Ok(ArraySize::Constant(value));
            }
        }
        Ok(ArraySize::Variable(self.unit.node_text(size)))
    }

    /// Whether member `member` of struct type `ty` is a bit-field (`None`: any member).
    pub(super) fn is_bitfield(&mut self, ty: TypeHandle, member: Option<&str>) -> bool {
        let TypeInner::Struct { name, members, .. } = self.inner(ty) else {
            return false;
        };
        let found = self.unit.bitfield_members();
        match member {
            Some(member) => {
                found.contains(&(name.clone(), member.to_string()))
                    || found.contains(&(None, member.to_string()))
            }
            None => found.iter().any(|(owner, field)| match owner {
                Some(owner) => name.as_deref() == Some(owner.as_str()),
                None => members.iter().any(|m| m.name == *field),
            }),
        }
    }
}
