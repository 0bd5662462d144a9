//! The C types of declarations as the symbol index keeps them ([`CType`]), independent of any
//! [`TypeTable`], and their conversion into a module's [`TypeTable`].
//!
//! Widths are those of x86-64 Linux (LP64). A struct that refers to itself (`struct node *next`)
//! cannot be interned by value, so the inner reference becomes `Opaque("node")`.

use std::collections::HashMap;

use acc_ir::{ArraySize, Member, ScalarKind, TypeHandle, TypeInner, TypeTable};

/// How deep types may nest (pointers, arrays, typedef chains, records) before the index gives up
/// and calls the type opaque; keeps every walk over a type short on hostile input.
pub(crate) const MAX_TYPE_DEPTH: usize = 200;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CType {
    Void,
    Scalar(ScalarKind),
    Pointer(Box<CType>),
    Array(Box<CType>, ArraySize),
    /// Index into the index's record table.
    Record(usize),
    Function(Box<CType>),
    Opaque(String),
}

impl CType {
    /// Number of pointer/array/function layers.
    pub(crate) fn depth(&self) -> usize {
        let mut depth = 0;
        let mut current = self;
        loop {
            match current {
                CType::Pointer(inner) | CType::Array(inner, _) | CType::Function(inner) => {
                    depth += 1;
                    current = inner;
                }
                _ => return depth,
            }
        }
    }

    /// A parameter declared as an array or a function is a pointer (C11 6.7.6.3).
    pub(crate) fn decayed(self) -> CType {
        match self {
            CType::Array(element, _) => CType::Pointer(element),
            function @ CType::Function(_) => CType::Pointer(Box::new(function)),
            other => other,
        }
    }

    /// Size in bytes, when it is known without a struct layout.
    pub(crate) fn size_of(&self) -> Option<u64> {
        let mut current = self;
        let mut factor: u64 = 1;
        loop {
            match current {
                CType::Scalar(kind) => {
                    let bytes = match kind {
                        ScalarKind::Int { width, .. } | ScalarKind::Bool { width } => {
                            u64::from(*width) / 8
                        }
                        ScalarKind::Float { width: 80 } => 16,
                        ScalarKind::Float { width } => u64::from(*width) / 8,
                        ScalarKind::Complex { width: 80 } => 32,
                        ScalarKind::Complex { width } => u64::from(*width) / 4,
                    };
                    return factor.checked_mul(bytes);
                }
                CType::Pointer(_) => return factor.checked_mul(8),
                CType::Array(element, ArraySize::Constant(n)) => {
                    factor = factor.checked_mul(*n)?;
                    current = element;
                }
                _ => return None,
            }
        }
    }
}

/// A struct or union: `members` is `None` while it is only declared.
#[derive(Clone, Debug, Default)]
pub(crate) struct Record {
    pub name: Option<String>,
    pub is_union: bool,
    pub members: Option<Vec<(String, CType)>>,
}

/// The type of a `primitive_type` keyword or a built-in type name; `None` when unknown.
pub(crate) fn builtin_type(name: &str) -> Option<CType> {
    let int = |signed, width| CType::Scalar(ScalarKind::Int { signed, width });
    Some(match name {
        "void" => CType::Void,
        "char" => int(true, 8),
        "int" => int(true, 32),
        "float" | "_Float32" => CType::Scalar(ScalarKind::Float { width: 32 }),
        "double" | "_Float64" | "_Float32x" => CType::Scalar(ScalarKind::Float { width: 64 }),
        "_Float64x" => CType::Scalar(ScalarKind::Float { width: 80 }),
        "_Float128" | "__float128" => CType::Scalar(ScalarKind::Float { width: 128 }),
        "bool" | "_Bool" => CType::Scalar(ScalarKind::Bool { width: 8 }),
        "size_t" | "uintptr_t" | "uint64_t" => int(false, 64),
        "ssize_t" | "ptrdiff_t" | "intptr_t" | "int64_t" => int(true, 64),
        "int8_t" => int(true, 8),
        "int16_t" => int(true, 16),
        "int32_t" => int(true, 32),
        "uint8_t" | "char8_t" => int(false, 8),
        "uint16_t" | "char16_t" => int(false, 16),
        "uint32_t" | "char32_t" => int(false, 32),
        "__int128" => int(true, 128),
        "nullptr_t" | "charptr_t" => CType::Pointer(Box::new(CType::Void)),
        "max_align_t" | "__builtin_va_list" => CType::Opaque(name.to_string()),
        _ => return None,
    })
}

/// The type spelled by `signed`/`unsigned`/`short`/`long` keywords around an optional base
/// (`unsigned long int`, `long double`, `signed char`).
pub(crate) fn sized_type(modifiers: &[&str], base: Option<&str>, complex: bool) -> CType {
    let unsigned = modifiers.contains(&"unsigned");
    let longs = modifiers.iter().filter(|m| **m == "long").count();
    let short = modifiers.contains(&"short");
    let scalar = match base {
        Some("double") => ScalarKind::Float {
            width: if longs > 0 { 80 } else { 64 },
        },
        Some("float") => ScalarKind::Float { width: 32 },
        Some("char") => ScalarKind::Int {
            signed: !unsigned,
            width: 8,
        },
        _ if short => ScalarKind::Int {
            signed: !unsigned,
            width: 16,
        },
        _ if longs > 0 => ScalarKind::Int {
            signed: !unsigned,
            width: 64,
        },
        _ => ScalarKind::Int {
            signed: !unsigned,
            width: 32,
        },
    };
    make_complex(CType::Scalar(scalar), complex)
}

/// `_Complex` applied to a floating type (a bare `_Complex` means `_Complex double`).
pub(crate) fn make_complex(ty: CType, complex: bool) -> CType {
    if !complex {
        return ty;
    }
    match ty {
        CType::Scalar(ScalarKind::Float { width }) => CType::Scalar(ScalarKind::Complex { width }),
        CType::Scalar(ScalarKind::Int { .. }) => CType::Scalar(ScalarKind::Complex { width: 64 }),
        other => other,
    }
}

/// The value of a C integer literal (`42`, `0x2A`, `052`, `0b101`, `42UL`, `1'000`; tree-sitter-c
/// folds a leading sign into the literal: `-2`).
pub(crate) fn parse_integer_literal(text: &str) -> Option<i64> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let cleaned: String = text.chars().filter(|c| *c != '\'').collect();
    let trimmed = cleaned.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(hex) = trimmed
        .strip_prefix("0x")
        .or_else(|| trimmed.strip_prefix("0X"))
    {
        (hex, 16)
    } else if let Some(binary) = trimmed
        .strip_prefix("0b")
        .or_else(|| trimmed.strip_prefix("0B"))
    {
        (binary, 2)
    } else if trimmed.len() > 1 && trimmed.starts_with('0') {
        (&trimmed[1..], 8)
    } else {
        (trimmed, 10)
    };
    let value = u64::from_str_radix(digits, radix).ok()? as i64;
    Some(if negative {
        value.wrapping_neg()
    } else {
        value
    })
}

/// Converts index types into a module's table.
pub(crate) struct Interner<'a> {
    records: &'a [Record],
    types: &'a mut TypeTable,
    visiting: Vec<usize>,
    memo: HashMap<usize, TypeHandle>,
    /// The lowest `visiting` level that a self-reference cut (made opaque) since it was reset.
    lowest_cut: usize,
}

impl<'a> Interner<'a> {
    pub(crate) fn new(records: &'a [Record], types: &'a mut TypeTable) -> Self {
        Interner {
            records,
            types,
            visiting: Vec::new(),
            memo: HashMap::new(),
            lowest_cut: usize::MAX,
        }
    }

    pub(crate) fn intern(&mut self, ty: &CType) -> TypeHandle {
        self.intern_at(ty, 0)
    }

    fn intern_at(&mut self, ty: &CType, depth: usize) -> TypeHandle {
        if depth > 4 * MAX_TYPE_DEPTH {
            return self
                .types
                .insert(TypeInner::Opaque("type nested too deeply".to_string()));
        }
        let inner = match ty {
            CType::Void => TypeInner::Void,
            CType::Scalar(kind) => TypeInner::Scalar(*kind),
            CType::Pointer(pointee) => TypeInner::Pointer {
                pointee: self.intern_at(pointee, depth + 1),
            },
            CType::Array(element, size) => TypeInner::Array {
                element: self.intern_at(element, depth + 1),
                size: size.clone(),
                lower_bound: 0,
            },
            CType::Function(result) => TypeInner::Function {
                result: self.intern_at(result, depth + 1),
            },
            CType::Opaque(name) => TypeInner::Opaque(name.clone()),
            CType::Record(index) => return self.intern_record(*index, depth),
        };
        self.types.insert(inner)
    }

    fn intern_record(&mut self, index: usize, depth: usize) -> TypeHandle {
        if let Some(handle) = self.memo.get(&index) {
            return *handle;
        }
        let Some(record) = self.records.get(index) else {
            return self
                .types
                .insert(TypeInner::Opaque("unknown record".to_string()));
        };
        let display_name = record
            .name
            .clone()
            .unwrap_or_else(|| "anonymous".to_string());
        let Some(members) = &record.members else {
            return self.types.insert(TypeInner::Opaque(display_name));
        };
        if let Some(level) = self.visiting.iter().position(|v| *v == index) {
            self.lowest_cut = self.lowest_cut.min(level);
            return self.types.insert(TypeInner::Opaque(display_name));
        }
        let outer_cut = std::mem::replace(&mut self.lowest_cut, usize::MAX);
        let level = self.visiting.len();
        self.visiting.push(index);
        let members: Vec<Member> = members
            .iter()
            .map(|(name, ty)| Member {
                name: name.clone(),
                ty: self.intern_at(ty, depth + 1),
            })
            .collect();
        self.visiting.pop();
        let handle = self.types.insert(TypeInner::Struct {
            name: record.name.clone(),
            members,
            is_union: record.is_union,
        });
        // A record whose members cut a reference to an enclosing record (made it opaque) looks
        // different elsewhere, so only records whose cuts stay within themselves are memoised.
        if self.lowest_cut >= level {
            self.memo.insert(index, handle);
        }
        self.lowest_cut = self.lowest_cut.min(outer_cut);
        handle
    }
}
