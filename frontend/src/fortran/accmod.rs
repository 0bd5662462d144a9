//! Module interface files: `<module>.accmod`, written by accc beside gfortran's `<module>.mod`
//! when it compiles a file that defines a module, and read when another file `use`s that
//! module, so that compute regions and device routines can call the module's procedures like
//! procedures of their own file.
//!
//! # Format
//! One JSON object (serde), versioned by [`FORMAT`] and [`VERSION`]: a reader ignores a file of
//! another format or version (as if it were missing). It lists what device code of another file
//! needs, and only the module's public names (use-associated ones it re-exports included):
//! * each procedure: its name in the module, subroutine or function (with the result's type),
//!   the symbol gfortran gives it (`__<module>_MOD_<name>` or its `bind(c)` label), each dummy's
//!   type and kind, shape (scalar, explicit shape with its bounds as written, assumed size,
//!   assumed shape, allocatable or pointer) and `value`/`intent`/`optional`, the explicit
//!   `!$acc routine` level (with `bind` and `nohost`, and since version 2 its `device_type`
//!   groups: each group's level, `gang(dim:)` and `bind`) if one is given, and whether device code
//!   may call it: not when its body cannot run on a device or a dummy is of a type device calls
//!   do not take (the reason is recorded and shown where a region calls it);
//! * the integer named constants (`parameter`s), with their values, so kinds and bounds of the
//!   using file resolve;
//! * the variables: type and kind, shape (scalar, explicit shape with constant bounds,
//!   allocatable or pointer), `target`, whether a `declare` of the module (not `link`) names it
//!   (`declared`: an `allocate` in the using file then creates its device copy), and the linker
//!   symbol (gfortran's `__<module>_MOD_<name>` or the `bind(c)` name), so the using file's
//!   directives and compute regions can name them and device routines can reach them. Files written before
//!   variables were recorded have none (the field defaults to empty);
//! * the public generic interfaces with their specific procedures' names (the specifics are
//!   listed among the procedures even when private: calls of the generic reach them);
//! * the derived types the module defines or its variables and types use: each component's
//!   type, kind and shape, so the using file lays them out as gfortran does (a type with a
//!   component whose shape is not recorded is marked as one device code cannot lay out).
//!
//! # Files
//! The file is written atomically (a temporary file in the same directory, then a rename), only
//! when the compile succeeded. A reader looks for it in the directory of the `.mod` gfortran
//! would use (the current directory, then `-I` and `-J` directories, in order). It records a
//! digest of the `.mod` its compile wrote: when the `.mod` has other contents now, the module
//! was compiled again by another compiler, and the file is stale and ignored with a warning
//! (files without a digest are stale when older than the `.mod`); copying or touching the
//! files changes nothing.

use super::symbols::{
    Attrs, BaseType, BoundExpr, DerivedType, Dim, Scope, ScopeKind, Scopes, Symbol, Upper, IMPORTED,
};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The `format` field of every interface file.
pub const FORMAT: &str = "accc-fortran-module";
/// The version this accc writes. Version 1 files (without a routine's `device_type` groups)
/// are still read: the fields added since default to empty.
pub const VERSION: u32 = 2;
/// The oldest version this accc reads.
pub const OLDEST_VERSION: u32 = 1;
/// The file name suffix.
pub const EXTENSION: &str = "accmod";

/// Modules the compiler provides: they have no interface file and are not reported.
const INTRINSIC_MODULES: &[&str] = &[
    "iso_c_binding",
    "iso_fortran_env",
    "ieee_arithmetic",
    "ieee_exceptions",
    "ieee_features",
    "openacc",
    "omp_lib",
    "omp_lib_kinds",
];

/// One module's interface file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModuleInterface {
    pub format: String,
    pub version: u32,
    /// Lower case.
    pub module: String,
    /// The file that defined it (for messages).
    pub source: String,
    pub parameters: Vec<Parameter>,
    pub procedures: Vec<Procedure>,
    #[serde(default)]
    pub variables: Vec<ModuleVariable>,
    #[serde(default)]
    pub types: Vec<TypeDefinition>,
    #[serde(default)]
    pub generics: Vec<Generic>,
    /// A digest of gfortran's `.mod` written by the same compile ([`mod_digest`]): the file
    /// describes that `.mod` whatever the files' times (copied, installed, touched). Files
    /// written without one are compared by modification time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mod_digest: Option<String>,
}

/// A digest of a `.mod` file's bytes (FNV-1a, 64 bits, in hex), to tell whether an interface
/// file was written with it; `None` when it cannot be read.
pub fn mod_digest(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    Some(format!("{hash:016x}"))
}

/// A generic interface.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generic {
    /// Lower case.
    pub name: String,
    /// The specific procedures, by their names in [`ModuleInterface::procedures`].
    pub specifics: Vec<String>,
}

/// A derived type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeDefinition {
    /// Lower case.
    pub name: String,
    pub components: Vec<Component>,
    /// It extends another type or has type parameters, or a component's shape could not be
    /// recorded: device code does not lay it out.
    #[serde(default)]
    pub opaque: bool,
}

/// A component of a derived type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Component {
    /// Lower case.
    pub name: String,
    #[serde(rename = "type")]
    pub ty: Type,
    /// `Scalar`, `Explicit` (constant bounds), `Allocatable` or `Pointer`.
    pub shape: Shape,
}

/// A module variable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleVariable {
    /// The name it has in the module (lower case).
    pub name: String,
    #[serde(rename = "type")]
    pub ty: Type,
    /// `Scalar`, `Explicit` (constant bounds, written as numbers), `Allocatable` or `Pointer`.
    pub shape: Shape,
    /// The linker symbol of its storage (gfortran's descriptor for allocatables and pointers).
    pub symbol: String,
    #[serde(default)]
    pub target: bool,
    /// Named in a `declare` (create, copyin or device_resident) of the module: an `allocate`
    /// of it in a using file creates its device copy (OpenACC 3.3 §2.13). Absent in older files.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declared: bool,
}

/// A scalar named constant: an integer, a logical (`value` 1 or 0), a real of kind 4 or 8
/// (`real`, written so that it reads back as the same `f64`; `value` 0), or one whose value
/// is not recorded (`unknown`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parameter {
    /// The name it has in the module (lower case).
    pub name: String,
    #[serde(rename = "type")]
    pub ty: Type,
    pub value: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub real: Option<String>,
    /// Its value is not recorded (`constants.rs` does not fold it): device code that uses it
    /// says so instead of not finding the name.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
}

/// An intrinsic type with its kind, or what device calls cannot take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "base", rename_all = "snake_case")]
pub enum Type {
    Integer {
        kind: u8,
    },
    Real {
        kind: u8,
    },
    Complex {
        kind: u8,
    },
    Logical {
        kind: u8,
    },
    /// With its constant length, when it has one (older files never record it).
    Character {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        len: Option<u64>,
    },
    Derived {
        name: String,
    },
    CPtr,
    Unknown {
        what: String,
    },
}

/// A procedure device code may (or may not) call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Procedure {
    /// The name it has in the module (lower case).
    pub name: String,
    pub function: bool,
    /// The linker symbol of gfortran's (and accc's device) version.
    pub symbol: String,
    /// A function's result.
    pub result: Option<Dummy>,
    pub dummies: Vec<Dummy>,
    /// The explicit `!$acc routine` directive, if any.
    pub routine: Option<Routine>,
    /// Why device code cannot call it (`None`: it can).
    pub not_callable: Option<String>,
}

/// A dummy argument (or a function result).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dummy {
    /// Lower case.
    pub name: String,
    #[serde(rename = "type")]
    pub ty: Type,
    pub shape: Shape,
    #[serde(default)]
    pub value: bool,
    #[serde(default)]
    pub intent: Option<String>,
    #[serde(default)]
    pub optional: bool,
    /// A dummy procedure.
    #[serde(default)]
    pub external: bool,
}

/// The array specification of a dummy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    Scalar,
    /// Bounds as written (they may name other dummies or constants); `upper` `*` in the last
    /// dimension of an assumed-size array.
    Explicit {
        dims: Vec<Bounds>,
    },
    AssumedSize {
        dims: Vec<Bounds>,
    },
    AssumedShape {
        rank: usize,
    },
    /// Rank 0: a scalar allocatable (or pointer) component or variable.
    Allocatable {
        rank: usize,
    },
    Pointer {
        rank: usize,
    },
}

/// One dimension's bounds as written (`lower` absent: 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    pub lower: Option<String>,
    pub upper: String,
}

/// An explicit `!$acc routine` directive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Routine {
    /// `seq`, `vector`, `worker` or `gang`: the level for no particular device type (else the
    /// first one given).
    pub level: String,
    /// The `bind` name for no particular device type (else the first one given).
    pub bind: Option<String>,
    #[serde(default)]
    pub nohost: bool,
    /// The directive's clause groups (version 2): those before any `device_type` (an empty
    /// `device_types`) and each `device_type` group. Empty in version 1 files, where `level`
    /// and `bind` apply to every device type.
    #[serde(default)]
    pub groups: Vec<RoutineGroup>,
}

/// The clauses of a `routine` directive that apply to some device types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoutineGroup {
    /// The device types named (`*` included; empty: the clauses before any `device_type`).
    pub device_types: Vec<String>,
    /// `seq`, `vector`, `worker` or `gang`.
    #[serde(default)]
    pub level: Option<String>,
    /// A gang level's `dim`.
    #[serde(default)]
    pub gang_dim: Option<u8>,
    #[serde(default)]
    pub bind: Option<String>,
}

impl Routine {
    /// The record of routine directive `op` of `module`.
    pub fn from_op(module: &acc_ir::Module, op: &acc_ir::RoutineOp) -> Routine {
        use acc_ir::BindName;
        let bind_text = |b: &BindName| match b {
            BindName::Identifier(name) | BindName::String(name) => name.clone(),
        };
        let mut groups: Vec<RoutineGroup> = Vec::new();
        let mut group = |device_types: &acc_ir::DeviceTypes| -> usize {
            let names: Vec<String> = device_types
                .iter()
                .map(|d| d.spelling().to_string())
                .collect();
            match groups.iter().position(|g| g.device_types == names) {
                Some(index) => index,
                None => {
                    groups.push(RoutineGroup {
                        device_types: names,
                        level: None,
                        gang_dim: None,
                        bind: None,
                    });
                    groups.len() - 1
                }
            }
        };
        let mut levels = Vec::new();
        for level in &op.level {
            levels.push((
                group(&level.device_types),
                level.value.spelling().to_string(),
            ));
        }
        let mut dims = Vec::new();
        for dim in &op.gang_dim {
            let value = module
                .exprs
                .get(dim.value)
                .and_then(|e| e.value)
                .and_then(|d| u8::try_from(d).ok());
            dims.push((group(&dim.device_types), value));
        }
        let mut binds = Vec::new();
        for bind in &op.bind {
            binds.push((group(&bind.device_types), bind_text(&bind.value)));
        }
        for (index, level) in levels {
            groups[index].level = Some(level);
        }
        for (index, dim) in dims {
            groups[index].gang_dim = dim;
        }
        for (index, bind) in binds {
            groups[index].bind = Some(bind);
        }
        Routine {
            level: op
                .default_level()
                .unwrap_or(acc_ir::ParLevel::Seq)
                .spelling()
                .to_string(),
            bind: op.default_bind().map(bind_text),
            nohost: op.nohost,
            groups,
        }
    }

    /// The group whose `field` applies to `target`: the one naming it, else `device_type(*)`,
    /// else the clauses before any `device_type`.
    fn group_for<T>(
        &self,
        target: &acc_ir::DeviceType,
        field: impl Fn(&RoutineGroup) -> Option<T>,
    ) -> Option<T> {
        let named = |name: &str| {
            self.groups
                .iter()
                .find(|g| g.device_types.iter().any(|d| d == name) && field(g).is_some())
                .and_then(&field)
        };
        named(target.spelling()).or_else(|| named("*")).or_else(|| {
            self.groups
                .iter()
                .find(|g| g.device_types.is_empty())
                .and_then(&field)
        })
    }

    /// The level (as spelled, `gang(dim: 2)` for a higher gang dimension) that applies to
    /// device type `target`; `None` when the directive gives levels only for other device
    /// types (the routine is implicit there). Version 1 files give `level` to every one.
    pub fn level_for(&self, target: &acc_ir::DeviceType) -> Option<String> {
        if self.groups.is_empty() {
            return Some(self.level.clone());
        }
        let level = self.group_for(target, |g| g.level.clone())?;
        let dim = self
            .groups
            .iter()
            .find(|g| {
                g.level.as_ref() == Some(&level)
                    && (g.device_types.iter().any(|d| d == target.spelling())
                        || g.device_types.iter().any(|d| d == "*")
                        || g.device_types.is_empty())
            })
            .and_then(|g| g.gang_dim);
        Some(match dim {
            Some(dim) if level == "gang" && dim > 1 => format!("gang(dim: {dim})"),
            _ => level,
        })
    }

    /// The `bind` name that applies to device type `target` (chosen like [`Self::level_for`]).
    pub fn bind_for(&self, target: &acc_ir::DeviceType) -> Option<String> {
        if self.groups.is_empty() {
            return self.bind.clone();
        }
        self.group_for(target, |g| g.bind.clone())
    }
}

impl ModuleInterface {
    pub fn new(module: &str, source: &str) -> ModuleInterface {
        ModuleInterface {
            format: FORMAT.into(),
            version: VERSION,
            module: module.into(),
            source: source.into(),
            parameters: Vec::new(),
            procedures: Vec::new(),
            variables: Vec::new(),
            types: Vec::new(),
            generics: Vec::new(),
            mod_digest: None,
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a file's text; an error says why it cannot be used (another format or version,
    /// malformed).
    pub fn from_text(text: &str) -> Result<ModuleInterface, String> {
        #[derive(Deserialize)]
        struct Header {
            format: String,
            version: u32,
        }
        let header: Header = serde_json::from_str(text)
            .map_err(|error| format!("it is not an accc module interface file ({error})"))?;
        if header.format != FORMAT {
            return Err(format!("its format is '{}', not '{FORMAT}'", header.format));
        }
        if !(OLDEST_VERSION..=VERSION).contains(&header.version) {
            return Err(format!(
                "it has version {} of the format; this accc reads versions {OLDEST_VERSION} to {VERSION} (recompile the module with this accc)",
                header.version
            ));
        }
        let interface: ModuleInterface =
            serde_json::from_str(text).map_err(|error| format!("it is malformed ({error})"))?;
        // Names and symbols reach the device code: identifiers only.
        let identifier = |name: &str| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        };
        let names = std::iter::once(interface.module.as_str())
            .chain(interface.parameters.iter().map(|p| p.name.as_str()))
            .chain(interface.procedures.iter().flat_map(|p| {
                [p.name.as_str(), p.symbol.as_str()]
                    .into_iter()
                    .chain(p.dummies.iter().chain(&p.result).map(|d| d.name.as_str()))
            }))
            .chain(
                interface
                    .variables
                    .iter()
                    .flat_map(|v| [v.name.as_str(), v.symbol.as_str()]),
            )
            .chain(interface.types.iter().flat_map(|t| {
                std::iter::once(t.name.as_str()).chain(t.components.iter().map(|c| c.name.as_str()))
            }))
            .chain(interface.generics.iter().flat_map(|g| {
                std::iter::once(g.name.as_str()).chain(g.specifics.iter().map(|s| s.as_str()))
            }));
        for name in names {
            if !identifier(name) {
                return Err(format!("it is malformed ('{name}' is not a name)"));
            }
        }
        // Kinds reach the device code's types: only those gfortran has.
        let types = interface
            .parameters
            .iter()
            .map(|p| &p.ty)
            .chain(
                interface
                    .procedures
                    .iter()
                    .flat_map(|p| p.dummies.iter().chain(&p.result).map(|d| &d.ty)),
            )
            .chain(interface.variables.iter().map(|v| &v.ty))
            .chain(
                interface
                    .types
                    .iter()
                    .flat_map(|t| t.components.iter().map(|c| &c.ty)),
            );
        // Explicit bounds of variables and components are constants.
        let shapes = interface
            .variables
            .iter()
            .map(|v| (&v.name, &v.shape))
            .chain(
                interface
                    .types
                    .iter()
                    .flat_map(|t| t.components.iter().map(|c| (&c.name, &c.shape))),
            );
        for (name, shape) in shapes {
            if let Shape::Explicit { dims } = shape {
                let constant = |text: &str| text.trim().parse::<i64>().is_ok();
                if dims.iter().any(|d| {
                    !constant(&d.upper) || d.lower.as_deref().is_some_and(|l| !constant(l))
                }) {
                    return Err(format!(
                        "it is malformed ('{name}' has bounds that are not constants)"
                    ));
                }
            }
        }
        for ty in types {
            let valid = match ty {
                Type::Integer { kind } | Type::Logical { kind } => {
                    matches!(kind, 1 | 2 | 4 | 8 | 16)
                }
                Type::Real { kind } | Type::Complex { kind } => matches!(kind, 4 | 8 | 10 | 16),
                _ => true,
            };
            if !valid {
                return Err(format!(
                    "it is malformed (no such kind: {})",
                    type_words(ty)
                ));
            }
        }
        // A type may not contain itself (other than through a pointer or allocatable
        // component): layouts are computed recursively.
        let contained = |name: &str| -> Vec<&str> {
            interface
                .types
                .iter()
                .filter(|t| t.name == name)
                .flat_map(|t| &t.components)
                .filter(|c| matches!(c.shape, Shape::Scalar | Shape::Explicit { .. }))
                .filter_map(|c| match &c.ty {
                    Type::Derived { name } => Some(name.as_str()),
                    _ => None,
                })
                .collect()
        };
        for ty in &interface.types {
            let mut stack = contained(&ty.name);
            let mut seen = HashSet::new();
            while let Some(name) = stack.pop() {
                if name == ty.name {
                    return Err(format!(
                        "it is malformed (type '{}' contains itself)",
                        ty.name
                    ));
                }
                if seen.insert(name) {
                    stack.extend(contained(name));
                }
            }
        }
        Ok(interface)
    }

    /// The file name for module `module` (lower case, as gfortran names `.mod` files).
    pub fn file_name(module: &str) -> String {
        format!("{}.{EXTENSION}", module.to_ascii_lowercase())
    }

    /// Writes the file into `directory` atomically: a temporary file beside it, then a rename,
    /// so a parallel build never reads half a file.
    pub fn write_to(&self, directory: &Path) -> std::io::Result<PathBuf> {
        let path = directory.join(Self::file_name(&self.module));
        let temporary = directory.join(format!(
            ".{}.{}.tmp",
            Self::file_name(&self.module),
            std::process::id()
        ));
        if let Err(error) = std::fs::write(&temporary, self.to_text()) {
            let _ = std::fs::remove_file(&temporary);
            return Err(error);
        }
        if let Err(error) = std::fs::rename(&temporary, &path) {
            let _ = std::fs::remove_file(&temporary);
            return Err(error);
        }
        Ok(path)
    }
}

impl Type {
    pub fn from_base(base: &BaseType) -> Type {
        match base {
            BaseType::Integer(kind) => Type::Integer { kind: *kind },
            BaseType::Real(kind) => Type::Real { kind: *kind },
            BaseType::Complex(kind) => Type::Complex { kind: *kind },
            BaseType::Logical(kind) => Type::Logical { kind: *kind },
            BaseType::Character(len) => Type::Character { len: *len },
            BaseType::Derived(name) => Type::Derived { name: name.clone() },
            BaseType::CPtr => Type::CPtr,
            BaseType::Unknown(what) => Type::Unknown { what: what.clone() },
        }
    }

    pub fn to_base(&self) -> BaseType {
        match self {
            Type::Integer { kind } => BaseType::Integer(*kind),
            Type::Real { kind } => BaseType::Real(*kind),
            Type::Complex { kind } => BaseType::Complex(*kind),
            Type::Logical { kind } => BaseType::Logical(*kind),
            Type::Character { len } => BaseType::Character(*len),
            Type::Derived { name } => BaseType::Derived(name.clone()),
            Type::CPtr => BaseType::CPtr,
            Type::Unknown { what } => BaseType::Unknown(what.clone()),
        }
    }

    /// Whether device calls take an argument (or result) of this type: the intrinsic numeric
    /// and logical types, and derived types (a scalar dummy by reference, a result through the
    /// caller's slot; the call refuses other derived-type dummies, `body/calls.rs`).
    fn callable(&self) -> bool {
        matches!(
            self,
            Type::Integer { .. }
                | Type::Real { .. }
                | Type::Complex { .. }
                | Type::Logical { .. }
                | Type::Derived { .. }
        )
    }
}

impl Dummy {
    /// The record of a declared dummy (or result).
    pub fn from_symbol(symbol: &Symbol) -> Dummy {
        let rank = symbol.dims.len();
        let bounds = |dims: &[Dim]| -> Vec<Bounds> {
            dims.iter()
                .map(|d| Bounds {
                    lower: d.lower.as_ref().map(|b| b.text.clone()),
                    upper: match &d.upper {
                        Upper::Explicit(b) => b.text.clone(),
                        Upper::AssumedSize => "*".into(),
                        Upper::Colon => ":".into(),
                    },
                })
                .collect()
        };
        let shape = if rank == 0 {
            Shape::Scalar
        } else if symbol.attrs.allocatable {
            Shape::Allocatable { rank }
        } else if symbol.attrs.pointer {
            Shape::Pointer { rank }
        } else if symbol.descriptor() {
            Shape::AssumedShape { rank }
        } else if symbol
            .dims
            .last()
            .is_some_and(|d| d.upper == Upper::AssumedSize)
        {
            Shape::AssumedSize {
                dims: bounds(&symbol.dims),
            }
        } else {
            Shape::Explicit {
                dims: bounds(&symbol.dims),
            }
        };
        Dummy {
            name: symbol.name.to_ascii_lowercase(),
            ty: Type::from_base(&symbol.base),
            shape,
            value: symbol.attrs.value,
            intent: symbol.attrs.intent.clone(),
            optional: symbol.attrs.optional,
            external: symbol.attrs.external,
        }
    }

    /// The symbol the calling file sees.
    fn to_symbol(&self) -> Symbol {
        let bound = |text: &str| BoundExpr {
            text: text.to_string(),
            value: text.trim().parse().ok(),
            range: IMPORTED,
        };
        let mut attrs = Attrs {
            dummy: true,
            value: self.value,
            optional: self.optional,
            external: self.external,
            intent: self.intent.clone(),
            ..Attrs::default()
        };
        let colons = |rank: usize| {
            vec![
                Dim {
                    lower: None,
                    upper: Upper::Colon,
                };
                rank
            ]
        };
        let dims = match &self.shape {
            Shape::Scalar => Vec::new(),
            Shape::Explicit { dims } | Shape::AssumedSize { dims } => dims
                .iter()
                .map(|d| Dim {
                    lower: d.lower.as_deref().map(bound),
                    upper: match d.upper.as_str() {
                        "*" => Upper::AssumedSize,
                        ":" => Upper::Colon,
                        text => Upper::Explicit(bound(text)),
                    },
                })
                .collect(),
            Shape::AssumedShape { rank } => colons(*rank),
            Shape::Allocatable { rank } => {
                attrs.allocatable = true;
                colons(*rank)
            }
            Shape::Pointer { rank } => {
                attrs.pointer = true;
                colons(*rank)
            }
        };
        Symbol {
            name: self.name.clone(),
            base: self.ty.to_base(),
            dims,
            attrs,
            decl: IMPORTED,
            value: None,
            real: None,
            typed: true,
            link: None,
        }
    }
}

impl ModuleVariable {
    /// The record of a module variable with linker symbol `symbol`; `None` when its shape is
    /// not one an interface file describes (bounds that are not constants, assumed size).
    pub fn from_symbol(variable: &Symbol, symbol: String) -> Option<ModuleVariable> {
        Some(ModuleVariable {
            name: variable.name.to_ascii_lowercase(),
            ty: Type::from_base(&variable.base),
            shape: static_shape(variable)?,
            symbol,
            target: variable.attrs.target,
            declared: false,
        })
    }

    /// The symbol the using file sees.
    fn to_symbol(&self) -> Symbol {
        let mut symbol = plain_symbol(&self.name, &self.ty, &self.shape);
        symbol.attrs.target = self.target;
        symbol.attrs.acc_declared = self.declared;
        symbol
    }
}

impl TypeDefinition {
    /// The record of derived type `ty`.
    pub fn from_type(ty: &DerivedType) -> TypeDefinition {
        let mut components = Vec::new();
        let mut opaque = ty.extended_or_parameterized;
        for member in &ty.members {
            // The record has no word for `class(...)`: a polymorphic component (gfortran's
            // class container) leaves the type without a layout in using files.
            if member.attrs.polymorphic {
                opaque = true;
            }
            match static_shape(member) {
                Some(shape) => components.push(Component {
                    name: member.name.to_ascii_lowercase(),
                    ty: Type::from_base(&member.base),
                    shape,
                }),
                None => opaque = true,
            }
        }
        TypeDefinition {
            name: ty.name.clone(),
            components: if opaque { Vec::new() } else { components },
            opaque,
        }
    }

    fn to_type(&self) -> DerivedType {
        DerivedType {
            name: self.name.clone(),
            members: self
                .components
                .iter()
                .map(|c| plain_symbol(&c.name, &c.ty, &c.shape))
                .collect(),
            extended_or_parameterized: self.opaque,
        }
    }
}

/// A variable's or component's shape as an interface file records it; `None` for bounds that
/// are not constants, assumed size, and scalar allocatables and pointers.
fn static_shape(variable: &Symbol) -> Option<Shape> {
    let rank = variable.dims.len();
    let deferred = variable.attrs.allocatable || variable.attrs.pointer;
    Some(if rank == 0 && !deferred {
        Shape::Scalar
    } else if variable.attrs.allocatable {
        Shape::Allocatable { rank }
    } else if variable.attrs.pointer {
        Shape::Pointer { rank }
    } else {
        let mut dims = Vec::new();
        for dim in &variable.dims {
            let Upper::Explicit(upper) = &dim.upper else {
                return None;
            };
            let lower = match &dim.lower {
                Some(lower) => Some(lower.value?.to_string()),
                None => None,
            };
            dims.push(Bounds {
                lower,
                upper: upper.value?.to_string(),
            });
        }
        Shape::Explicit { dims }
    })
}

/// The symbol of a variable or component that is not a dummy.
fn plain_symbol(name: &str, ty: &Type, shape: &Shape) -> Symbol {
    let as_dummy = Dummy {
        name: name.to_string(),
        ty: ty.clone(),
        shape: shape.clone(),
        value: false,
        intent: None,
        optional: false,
        external: false,
    };
    let mut symbol = as_dummy.to_symbol();
    symbol.attrs.dummy = false;
    symbol
}

impl Procedure {
    /// Why device code cannot call a procedure with these dummies and result, if it cannot.
    pub fn argument_problem(&self) -> Option<String> {
        for dummy in &self.dummies {
            if !dummy.ty.callable() {
                return Some(format!(
                    "argument '{}' is of a type device calls do not take ({})",
                    dummy.name,
                    type_words(&dummy.ty)
                ));
            }
        }
        if let Some(result) = &self.result {
            if !result.ty.callable() || result.shape != Shape::Scalar {
                return Some(format!(
                    "its result is not a scalar of an intrinsic numeric or logical type or a derived type ({})",
                    type_words(&result.ty)
                ));
            }
        }
        None
    }
}

/// How Fortran spells `ty` in a declaration (`real(8)`, `type(grid)`).
pub(crate) fn type_words(ty: &Type) -> String {
    match ty {
        Type::Integer { kind } => format!("integer({kind})"),
        Type::Real { kind } => format!("real({kind})"),
        Type::Complex { kind } => format!("complex({kind})"),
        Type::Logical { kind } => format!("logical({kind})"),
        Type::Character { len: Some(len) } => format!("character(len={len})"),
        Type::Character { len: None } => "character".into(),
        Type::Derived { name } => format!("type({name})"),
        Type::CPtr => "type(c_ptr)".into(),
        Type::Unknown { what } => format!("unknown: {what}"),
    }
}

/// The names module `module` makes visible to a user (its own entities and those it
/// use-associates), each with whether it is public. Bounded over chains of modules.
pub(crate) fn visible_names(scopes: &Scopes, module: usize) -> Vec<(String, bool)> {
    let s = &scopes.scopes[module];
    let mut names: Vec<String> = s
        .symbols
        .iter()
        .filter(|(_, symbol)| !symbol.attrs.external)
        .map(|(name, _)| name.clone())
        .collect();
    names.extend(
        scopes
            .scopes
            .iter()
            .filter(|p| {
                p.parent == Some(module)
                    && matches!(p.kind, ScopeKind::Subroutine | ScopeKind::Function)
            })
            .map(|p| p.name.clone()),
    );
    let mut visited = HashSet::from([module]);
    let mut queue: Vec<(usize, usize)> = vec![(module, 0)];
    while let Some((index, depth)) = queue.pop() {
        if depth > 8 {
            continue;
        }
        for used in &scopes.scopes[index].uses {
            let Some(target) = scopes.module(&used.module) else {
                continue;
            };
            match &used.only {
                Some(list) if index == module => {
                    names.extend(list.iter().map(|(local, _)| local.clone()));
                }
                _ if index == module => {
                    let inner = visible_names_shallow(scopes, target);
                    for name in inner {
                        if let Some((local, _)) = used.renames.iter().find(|(_, r)| *r == name) {
                            names.push(local.clone());
                        } else {
                            names.push(name);
                        }
                    }
                    if visited.insert(target) {
                        queue.push((target, depth + 1));
                    }
                }
                _ => {}
            }
        }
    }
    names.sort();
    names.dedup();
    names
        .into_iter()
        .map(|name| {
            let attribute = s.symbols.get(&name).and_then(|symbol| symbol.attrs.access);
            let public = s.access.is_public(&name, attribute);
            (name, public)
        })
        .collect()
}

/// The public names of `module` and of the modules it uses, for a module that uses it without
/// `only:` (depth-bounded).
fn visible_names_shallow(scopes: &Scopes, module: usize) -> Vec<String> {
    let mut names = Vec::new();
    let mut queue = vec![(module, 0)];
    let mut visited = HashSet::new();
    while let Some((index, depth)) = queue.pop() {
        if depth > 8 || !visited.insert(index) {
            continue;
        }
        let s = &scopes.scopes[index];
        for (name, symbol) in &s.symbols {
            if !symbol.attrs.external && s.access.is_public(name, symbol.attrs.access) {
                names.push(name.clone());
            }
        }
        for p in &scopes.scopes {
            if p.parent == Some(index)
                && matches!(p.kind, ScopeKind::Subroutine | ScopeKind::Function)
                && s.access.is_public(&p.name, None)
            {
                names.push(p.name.clone());
            }
        }
        for used in &s.uses {
            if let Some(target) = scopes.module(&used.module) {
                match &used.only {
                    Some(list) => names.extend(
                        list.iter()
                            .filter(|(local, _)| s.access.is_public(local, None))
                            .map(|(local, _)| local.clone()),
                    ),
                    None => queue.push((target, depth + 1)),
                }
            }
        }
    }
    names
}

/// A `use` of a module the file does not define, found before the scopes are collected.
#[derive(Clone, Debug)]
pub struct UsedModule {
    /// Lower case.
    pub name: String,
    /// The `use` statement.
    pub at: std::ops::Range<u32>,
}

/// What reading the interface files of the used modules gave.
#[derive(Debug, Default)]
pub struct Imports {
    /// The modules' scopes (to seed the file's scopes with).
    pub scopes: Scopes,
    /// Warnings: (where, message).
    pub warnings: Vec<(std::ops::Range<u32>, String)>,
}

/// Whether the compiler provides module `name` itself.
pub fn is_intrinsic_module(name: &str) -> bool {
    INTRINSIC_MODULES.contains(&name)
}

/// Reads the interface files of `used` (modules the file does not define) from `directories`
/// (see the module docs) and builds their scopes; a module of `known` (defined by an earlier
/// file of the same command) is taken from there instead.
pub fn import(used: &[UsedModule], directories: &[PathBuf], known: &[ModuleInterface]) -> Imports {
    let mut imports = Imports::default();
    let mut seen = HashSet::new();
    for module in used {
        if is_intrinsic_module(&module.name) || !seen.insert(module.name.clone()) {
            continue;
        }
        if let Some(interface) = known.iter().find(|k| k.module == module.name) {
            let source = format!("{}, compiled by the same command", interface.source);
            add_module(&mut imports.scopes, interface, &source);
            continue;
        }
        let file_name = ModuleInterface::file_name(&module.name);
        let mod_name = format!("{}.mod", module.name);
        let found = directories.iter().find(|d| d.join(&mod_name).is_file());
        let Some(directory) = found else {
            let missing = directories
                .iter()
                .find(|d| d.join(&file_name).is_file())
                .map(|d| d.join(&file_name))
                .unwrap_or_else(|| PathBuf::from(&file_name));
            imports.scopes.unavailable.push((
                module.name.clone(),
                format!(
                    "its interface file '{}' was not found (no '{mod_name}' in the module search path)",
                    missing.display()
                ),
            ));
            continue;
        };
        let path = directory.join(&file_name);
        let shown = path.display().to_string();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(_) => {
                imports.scopes.unavailable.push((
                    module.name.clone(),
                    format!(
                        "its interface file '{shown}' was not found (compile the module's file with accc -fopenacc)"
                    ),
                ));
                continue;
            }
        };
        let gfortran_mod = directory.join(&mod_name);
        let parsed = ModuleInterface::from_text(&text);
        let stale = match parsed.as_ref().ok().and_then(|i| i.mod_digest.as_ref()) {
            Some(digest) => mod_digest(&gfortran_mod).is_some_and(|now| now != *digest),
            None => {
                let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
                matches!((modified(&path), modified(&gfortran_mod)), (Some(interface), Some(gfortran)) if interface < gfortran)
            }
        };
        if stale {
            let why = format!(
                "ignoring '{shown}': it describes another compile of '{}' (the module was compiled again without accc -fopenacc)",
                gfortran_mod.display()
            );
            imports.warnings.push((module.at.clone(), why));
            imports.scopes.unavailable.push((
                module.name.clone(),
                format!("its interface file '{shown}' is older than its '.mod' (ignored)"),
            ));
            continue;
        }
        match parsed {
            Ok(interface) if interface.module == module.name => {
                add_module(&mut imports.scopes, &interface, &shown);
            }
            Ok(interface) => {
                let why = format!(
                    "ignoring '{shown}': it describes module '{}', not '{}'",
                    interface.module, module.name
                );
                imports.warnings.push((module.at.clone(), why));
                imports.scopes.unavailable.push((
                    module.name.clone(),
                    format!("its interface file '{shown}' describes another module"),
                ));
            }
            Err(reason) => {
                imports
                    .warnings
                    .push((module.at.clone(), format!("ignoring '{shown}': {reason}")));
                imports.scopes.unavailable.push((
                    module.name.clone(),
                    format!("its interface file '{shown}' cannot be used"),
                ));
            }
        }
    }
    imports
}

/// Appends the scopes of one module's interface: the module, then its procedures.
pub(crate) fn add_module(scopes: &mut Scopes, interface: &ModuleInterface, file: &str) {
    let empty = |kind: ScopeKind, name: &str, parent: Option<usize>| Scope {
        implicit: Some(super::symbols::Implicit::None),
        spec_end: u32::MAX,
        last_spec: u32::MAX,
        interface_file: Some(file.to_string()),
        ..Scope::new(kind, name.to_string(), IMPORTED, IMPORTED, parent)
    };
    let module = scopes.scopes.len();
    let mut scope = empty(ScopeKind::Module, &interface.module, None);
    for parameter in &interface.parameters {
        scope.symbols.insert(
            parameter.name.clone(),
            Symbol {
                name: parameter.name.clone(),
                base: parameter.ty.to_base(),
                dims: Vec::new(),
                attrs: Attrs {
                    parameter: true,
                    ..Attrs::default()
                },
                decl: IMPORTED,
                value: (parameter.real.is_none() && !parameter.unknown).then_some(parameter.value),
                real: parameter
                    .real
                    .as_deref()
                    .and_then(|text| text.parse::<f64>().ok())
                    .map(f64::to_bits),
                typed: true,
                link: None,
            },
        );
    }
    for ty in &interface.types {
        scope.types.insert(ty.name.clone(), ty.to_type());
    }
    for variable in &interface.variables {
        scope
            .symbols
            .insert(variable.name.clone(), variable.to_symbol());
        scope
            .variable_symbols
            .insert(variable.name.clone(), variable.symbol.clone());
    }
    for procedure in &interface.procedures {
        scope.procedures.insert(procedure.name.clone());
    }
    for generic in &interface.generics {
        scope.procedures.insert(generic.name.clone());
        scope
            .generics
            .insert(generic.name.clone(), generic.specifics.clone());
    }
    scopes.scopes.push(scope);
    for procedure in &interface.procedures {
        let kind = if procedure.function {
            ScopeKind::Function
        } else {
            ScopeKind::Subroutine
        };
        let mut scope = empty(kind, &procedure.name, Some(module));
        for dummy in procedure.dummies.iter().chain(&procedure.result) {
            let mut symbol = dummy.to_symbol();
            if procedure.result.as_ref() == Some(dummy) && !procedure.dummies.contains(dummy) {
                symbol.attrs.dummy = false;
            }
            scope.symbols.insert(dummy.name.clone(), symbol);
        }
        scope.imported = Some(Box::new(procedure.clone()));
        scopes.scopes.push(scope);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use acc_ir::DeviceType;

    fn sample() -> ModuleInterface {
        let mut interface = ModuleInterface::new("physics", "physics.f90");
        interface.parameters.push(Parameter {
            name: "dp".into(),
            ty: Type::Integer { kind: 4 },
            value: 8,
            real: None,
            unknown: false,
        });
        interface.procedures.push(Procedure {
            name: "axpy".into(),
            function: false,
            symbol: "__physics_MOD_axpy".into(),
            result: None,
            dummies: vec![
                Dummy {
                    name: "n".into(),
                    ty: Type::Integer { kind: 4 },
                    shape: Shape::Scalar,
                    value: true,
                    intent: Some("in".into()),
                    optional: false,
                    external: false,
                },
                Dummy {
                    name: "x".into(),
                    ty: Type::Real { kind: 8 },
                    shape: Shape::Explicit {
                        dims: vec![Bounds {
                            lower: Some("0".into()),
                            upper: "n".into(),
                        }],
                    },
                    value: false,
                    intent: Some("inout".into()),
                    optional: true,
                    external: false,
                },
            ],
            routine: Some(Routine {
                level: "seq".into(),
                bind: None,
                nohost: false,
                groups: vec![RoutineGroup {
                    device_types: vec!["nvidia".into()],
                    level: Some("vector".into()),
                    gang_dim: None,
                    bind: Some("axpy_gpu".into()),
                }],
            }),
            not_callable: None,
        });
        interface.procedures.push(Procedure {
            name: "energy".into(),
            function: true,
            symbol: "__physics_MOD_energy".into(),
            result: Some(Dummy {
                name: "e".into(),
                ty: Type::Real { kind: 8 },
                shape: Shape::Scalar,
                value: false,
                intent: None,
                optional: false,
                external: false,
            }),
            dummies: vec![Dummy {
                name: "p".into(),
                ty: Type::Derived {
                    name: "particle".into(),
                },
                shape: Shape::AssumedShape { rank: 1 },
                value: false,
                intent: None,
                optional: false,
                external: false,
            }],
            routine: None,
            not_callable: Some("argument 'p' is of a type device calls do not take".into()),
        });
        interface.variables.push(ModuleVariable {
            name: "grid".into(),
            ty: Type::Real { kind: 8 },
            shape: Shape::Explicit {
                dims: vec![Bounds {
                    lower: Some("0".into()),
                    upper: "9".into(),
                }],
            },
            symbol: "__physics_MOD_grid".into(),
            target: true,
            declared: true,
        });
        interface.types.push(TypeDefinition {
            name: "particle".into(),
            components: vec![Component {
                name: "x".into(),
                ty: Type::Real { kind: 8 },
                shape: Shape::Explicit {
                    dims: vec![Bounds {
                        lower: None,
                        upper: "3".into(),
                    }],
                },
            }],
            opaque: false,
        });
        interface
    }

    #[test]
    fn round_trip() {
        let interface = sample();
        let text = interface.to_text();
        assert!(
            text.contains("\"format\": \"accc-fortran-module\""),
            "{text}"
        );
        assert_eq!(ModuleInterface::from_text(&text), Ok(interface));
    }

    #[test]
    fn other_versions_and_formats_are_refused() {
        let text = sample().to_text();
        let newer = text.replace("\"version\": 2", "\"version\": 3");
        let error = ModuleInterface::from_text(&newer).unwrap_err();
        assert!(error.contains("version 3"), "{error}");
        let other = text.replace(FORMAT, "something-else");
        let error = ModuleInterface::from_text(&other).unwrap_err();
        assert!(error.contains("something-else"), "{error}");
        let error = ModuleInterface::from_text("{\"format\": ").unwrap_err();
        assert!(error.contains("not an accc module interface"), "{error}");
        let truncated = text.replace("\"symbol\": \"__physics_MOD_axpy\",", "");
        let error = ModuleInterface::from_text(&truncated).unwrap_err();
        assert!(error.contains("malformed"), "{error}");
        let odd_kind = text.replace("\"kind\": 8", "\"kind\": 3");
        let error = ModuleInterface::from_text(&odd_kind).unwrap_err();
        assert!(error.contains("no such kind: real(3)"), "{error}");
        let mut cyclic = sample();
        cyclic.types[0].components.push(Component {
            name: "inner".into(),
            ty: Type::Derived {
                name: "particle".into(),
            },
            shape: Shape::Scalar,
        });
        let error = ModuleInterface::from_text(&cyclic.to_text()).unwrap_err();
        assert!(error.contains("type 'particle' contains itself"), "{error}");
        let variable_bounds = text.replace("\"upper\": \"9\"", "\"upper\": \"n\"");
        let error = ModuleInterface::from_text(&variable_bounds).unwrap_err();
        assert!(
            error.contains("'grid' has bounds that are not constants"),
            "{error}"
        );
        // Files written before variables and types were recorded read as having none.
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        let object = old.as_object_mut().unwrap();
        object.remove("variables");
        object.remove("types");
        let old = ModuleInterface::from_text(&old.to_string()).unwrap();
        assert!(old.variables.is_empty() && old.types.is_empty());
        let odd_symbol = text.replace("__physics_MOD_axpy", "__physics_MOD_axpy\\\"x");
        let error = ModuleInterface::from_text(&odd_symbol).unwrap_err();
        assert!(error.contains("is not a name"), "{error}");
    }

    #[test]
    fn version_1_files_are_read_and_their_level_applies_everywhere() {
        // Version 1 had no `groups`: its level and bind hold for every device type.
        let mut old = sample();
        old.version = 1;
        for procedure in &mut old.procedures {
            if let Some(routine) = &mut procedure.routine {
                routine.groups.clear();
            }
        }
        let mut value = serde_json::to_value(&old).unwrap();
        for procedure in value["procedures"].as_array_mut().unwrap() {
            if let Some(routine) = procedure["routine"].as_object_mut() {
                routine.remove("groups");
            }
        }
        let text = serde_json::to_string_pretty(&value).unwrap();
        assert!(!text.contains("groups"), "{text}");
        let read = ModuleInterface::from_text(&text).unwrap();
        let routine = read.procedures[0].routine.clone().unwrap();
        assert!(routine.groups.is_empty());
        for target in [DeviceType::Host, DeviceType::Nvidia] {
            assert_eq!(routine.level_for(&target).as_deref(), Some("seq"));
            assert_eq!(routine.bind_for(&target), None);
        }
    }

    #[test]
    fn routine_groups_select_per_device_type() {
        let routine = sample().procedures[0].routine.clone().unwrap();
        assert_eq!(
            routine.level_for(&DeviceType::Nvidia).as_deref(),
            Some("vector")
        );
        assert_eq!(
            routine.bind_for(&DeviceType::Nvidia).as_deref(),
            Some("axpy_gpu")
        );
        // No group names the host and none is for every device type: implicit there.
        assert_eq!(routine.level_for(&DeviceType::Host), None);
        let mut star = routine.clone();
        star.groups.push(RoutineGroup {
            device_types: vec!["*".into()],
            level: Some("gang".into()),
            gang_dim: Some(2),
            bind: None,
        });
        assert_eq!(
            star.level_for(&DeviceType::Multicore).as_deref(),
            Some("gang(dim: 2)")
        );
        assert_eq!(
            star.level_for(&DeviceType::Nvidia).as_deref(),
            Some("vector")
        );
    }

    #[test]
    fn written_files_read_back_and_build_scopes() {
        let directory = std::env::temp_dir().join(format!("accmod-test-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        // The `.mod` first: the interface file must not be older.
        std::fs::write(directory.join("physics.mod"), "gfortran module").unwrap();
        let path = sample().write_to(&directory).unwrap();
        assert_eq!(path, directory.join("physics.accmod"));
        let leftovers: Vec<_> = std::fs::read_dir(&directory)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        let used = [
            UsedModule {
                name: "physics".into(),
                at: 0..1,
            },
            UsedModule {
                name: "missing".into(),
                at: 2..3,
            },
            UsedModule {
                name: "iso_c_binding".into(),
                at: 4..5,
            },
        ];
        let imports = import(&used, std::slice::from_ref(&directory), &[]);
        assert!(imports.warnings.is_empty(), "{:?}", imports.warnings);
        let scopes = &imports.scopes;
        assert_eq!(scopes.unavailable.len(), 1, "{:?}", scopes.unavailable);
        assert_eq!(scopes.unavailable[0].0, "missing");
        let module = scopes.module("physics").unwrap();
        assert_eq!(scopes.scopes[module].symbols["dp"].value, Some(8));
        let axpy = scopes.procedure_definition(module, "axpy").unwrap();
        let x = &scopes.scopes[axpy].symbols["x"];
        assert_eq!(x.dims.len(), 1);
        assert!(x.attrs.optional && !x.descriptor());
        assert_eq!(
            scopes.scopes[axpy].imported.as_ref().unwrap().symbol,
            "__physics_MOD_axpy"
        );
        // Variables keep their symbols and shapes; types their components.
        let grid = &scopes.scopes[module].symbols["grid"];
        assert!(grid.attrs.target && !grid.attrs.dummy);
        assert_eq!(grid.dims[0].lower.as_ref().unwrap().value, Some(0));
        assert_eq!(
            scopes.module_variable_symbol(module, grid).as_deref(),
            Some("__physics_MOD_grid")
        );
        let particle = scopes.derived_type(module, "particle").unwrap();
        assert_eq!(particle.members[0].dims.len(), 1);
        // A corrupt file is ignored with a warning.
        std::fs::write(directory.join("physics.accmod"), "{\"format\": 3").unwrap();
        let imports = import(&used[..1], std::slice::from_ref(&directory), &[]);
        assert_eq!(imports.warnings.len(), 1);
        assert!(imports.scopes.module("physics").is_none());
        // An interface file older than the `.mod` (the module compiled again by another
        // compiler) is stale: ignored with a warning.
        sample().write_to(&directory).unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(directory.join("physics.accmod"))
            .unwrap()
            .set_modified(old)
            .unwrap();
        let imports = import(&used[..1], std::slice::from_ref(&directory), &[]);
        assert_eq!(imports.warnings.len(), 1, "{:?}", imports.warnings);
        assert!(
            imports.warnings[0].1.contains("another compile"),
            "{:?}",
            imports.warnings
        );
        assert!(imports.scopes.module("physics").is_none());
        assert!(imports.scopes.unavailable[0].1.contains("older"));
        // With the digest of the `.mod` it was written with, an older file is not stale (the
        // files were copied or touched); one written with another `.mod` is.
        let mut with_digest = sample();
        with_digest.mod_digest = mod_digest(&directory.join("physics.mod"));
        assert!(with_digest.mod_digest.is_some());
        with_digest.write_to(&directory).unwrap();
        std::fs::File::options()
            .write(true)
            .open(directory.join("physics.accmod"))
            .unwrap()
            .set_modified(old)
            .unwrap();
        let imports = import(&used[..1], std::slice::from_ref(&directory), &[]);
        assert!(imports.warnings.is_empty(), "{:?}", imports.warnings);
        assert!(imports.scopes.module("physics").is_some());
        with_digest.mod_digest = Some("0000000000000000".into());
        with_digest.write_to(&directory).unwrap();
        let imports = import(&used[..1], std::slice::from_ref(&directory), &[]);
        assert_eq!(imports.warnings.len(), 1, "{:?}", imports.warnings);
        assert!(imports.scopes.module("physics").is_none());
        // A module an earlier file of the same command defines wins over any file.
        let imports = import(&used[..1], std::slice::from_ref(&directory), &[sample()]);
        assert!(imports.warnings.is_empty());
        assert!(imports.scopes.module("physics").is_some());
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
