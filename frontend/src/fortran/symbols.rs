//! Fortran scopes and symbols: program units (program, module, subroutine, function, interface
//! bodies), their declarations (types, kinds, attributes, array specifications with lower
//! bounds), `parameter` constants, `implicit` rules, derived types, `use` of modules of the same
//! file or of other files through their accc interface files (with `only:` lists and renames;
//! see `accmod.rs`), `private`/`public`, and host association of contained procedures.
//!
//! `block` constructs of execution parts are scopes too ([`ScopeKind::Block`]): their
//! declarations (types, arrays, `parameter`s, `use`) are local to the block, nested blocks
//! nest, and everything else resolves through the enclosing block or program unit.
//!
//! Collection walks the tree once, iteratively, in document order, so a `parameter` used in a
//! kind or an array bound is already known when it is needed.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use tree_sitter::Node;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    Program,
    Module,
    Subroutine,
    Function,
    /// A procedure declared in an `interface` block: no host association.
    InterfaceBody,
    /// A `block` construct of an execution part: its declarations are local to it, and the
    /// names of its host (the enclosing block or program unit, its `parent`) are visible by host
    /// association. [`Scopes::scope_at`] passes over blocks; [`Scopes::name_scope_at`] does not.
    Block,
}

/// The type of a declaration, before its array specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BaseType {
    Integer(u8),
    Real(u8),
    Complex(u8),
    Logical(u8),
    /// `character`, with its length when it is a constant (`character(len=16)`,
    /// `character*16`); `None` for an assumed, deferred or variable length.
    Character(Option<u64>),
    /// `type(name)` or `class(name)`, lower case.
    Derived(String),
    /// `type(c_ptr)`, `type(c_funptr)`.
    CPtr,
    /// A type from a module accc does not see.
    Unknown(String),
}

/// One bound of an array dimension as written, with its value when it is a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundExpr {
    pub text: String,
    pub value: Option<i64>,
    /// Where the expression is written (device routines evaluate variable bounds from it).
    pub range: Range<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Upper {
    Explicit(BoundExpr),
    /// `*`: the last dimension of an assumed-size array.
    AssumedSize,
    /// `:`: deferred shape (allocatable, pointer) or assumed shape (a dummy).
    Colon,
}

/// One dimension of an array specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dim {
    /// `None`: not written (1, or for deferred shape, from the descriptor at run time).
    pub lower: Option<BoundExpr>,
    pub upper: Upper,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attrs {
    pub allocatable: bool,
    pub pointer: bool,
    pub target: bool,
    pub dummy: bool,
    pub save: bool,
    pub parameter: bool,
    pub external: bool,
    pub value: bool,
    pub optional: bool,
    /// `intent(in)`, `intent(out)`, `intent(inout)`: `in`, `out` or `inout`.
    pub intent: Option<String>,
    /// `public` (true) or `private` (false) written in the declaration.
    pub access: Option<bool>,
    /// The common block the variable is in.
    pub common: Option<String>,
    /// `bind(c)` on a variable: the `name=` label as written, empty when there is none (the
    /// linker name is then the lower-case name).
    pub bind: Option<String>,
    /// A module variable of another file that its module names in a `declare` (not `link`),
    /// as its `.accmod` records: an `allocate` here creates its device copy.
    pub acc_declared: bool,
    /// Declared `class(...)`: a polymorphic pointer or allocatable is gfortran's class
    /// container, not a plain address.
    pub polymorphic: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// As declared (case kept).
    pub name: String,
    pub base: BaseType,
    pub dims: Vec<Dim>,
    pub attrs: Attrs,
    /// The declaration (the declarator, or the scope's header for implicit declarations).
    pub decl: Range<u32>,
    /// The value of an integer `parameter` (of a logical one: 1 or 0, when imported).
    pub value: Option<i64>,
    /// The value of an imported real `parameter` (kind 4 or 8), as `f64` bits: the module's
    /// interface file records it (`constants.rs`).
    pub real: Option<u64>,
    /// Declared by an explicit type declaration (not only by `dimension`, `common`, a dummy
    /// list or implicit typing).
    pub typed: bool,
    /// For a module variable, as [`Scopes::resolve`] returns it: its linker symbol (see
    /// [`Scopes::module_variable_symbol`]), which a `use` rename does not change.
    pub link: Option<String>,
}

impl Symbol {
    /// Whether the array's shape comes from its descriptor at run time.
    pub fn descriptor(&self) -> bool {
        self.dims.iter().any(|d| d.upper == Upper::Colon)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedType {
    pub name: String,
    pub members: Vec<Symbol>,
    /// Whether the type extends another or has type parameters (its layout is then more than
    /// its components in order).
    pub extended_or_parameterized: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Use {
    pub module: String,
    /// `only:` list: (local name, module's name), lower case.
    pub only: Option<Vec<(String, String)>>,
    /// Renames outside an `only:` list.
    pub renames: Vec<(String, String)>,
}

/// The implicit typing rules in force in a scope.
#[derive(Clone, Debug)]
pub enum Implicit {
    /// `implicit none`.
    None,
    /// The type of each initial letter `a`..`z` (default: i-n integer, others real).
    Letters(Box<[BaseType; 26]>),
}

impl Implicit {
    /// The type these rules give an undeclared `name`: its initial letter's; `None` under
    /// `implicit none`.
    pub fn type_of(&self, name: &str) -> Option<BaseType> {
        let Implicit::Letters(letters) = self else {
            return None;
        };
        let letter = name.bytes().next().unwrap_or(b'a').to_ascii_lowercase();
        Some(letters[letter.saturating_sub(b'a').min(25) as usize].clone())
    }
}

#[derive(Clone, Debug)]
pub struct Scope {
    pub kind: ScopeKind,
    /// Lower case.
    pub name: String,
    pub range: Range<u32>,
    /// The header statement (`subroutine s(a)`).
    pub header: Range<u32>,
    /// The host scope (contained procedures, module procedures).
    pub parent: Option<usize>,
    pub symbols: HashMap<String, Symbol>,
    /// Contained procedures, interface procedures and the scope's own name (functions).
    pub procedures: HashSet<String>,
    pub types: HashMap<String, DerivedType>,
    pub uses: Vec<Use>,
    /// `None` when the scope has no `implicit` statement (the host's rules apply).
    pub implicit: Option<Implicit>,
    /// Where the specification part ends (the first executable statement or `contains`).
    pub spec_end: u32,
    /// The end of the last specification statement (the header when there is none).
    pub last_spec: u32,
    /// A module's `private` and `public` statements.
    pub access: Access,
    /// For a module or procedure read from an accc module interface file (`.accmod`), not
    /// defined in this file: the file it comes from. Such scopes have empty ranges outside the
    /// text, so no offset is ever in them.
    pub interface_file: Option<String>,
    /// For a procedure read from an interface file: its record.
    pub imported: Option<Box<super::accmod::Procedure>>,
    /// For a module read from an interface file: the linker symbol of each of its variables
    /// (lower-case name → symbol), which may belong to another module it re-exports.
    pub variable_symbols: HashMap<String, String>,
    /// Generic interfaces declared here: generic name → its specific procedures' names (lower
    /// case), which resolve in this scope.
    pub generics: HashMap<String, Vec<String>>,
}

impl Scope {
    /// A scope of `kind` over `range` with its header statement at `header`, nothing declared
    /// yet: its specification part spans the whole range, and its last specification
    /// statement is the header.
    pub fn new(
        kind: ScopeKind,
        name: String,
        range: Range<u32>,
        header: Range<u32>,
        parent: Option<usize>,
    ) -> Scope {
        Scope {
            kind,
            name,
            spec_end: range.end,
            last_spec: header.end,
            range,
            header,
            parent,
            symbols: HashMap::new(),
            procedures: HashSet::new(),
            types: HashMap::new(),
            uses: Vec::new(),
            implicit: None,
            access: Access::default(),
            interface_file: None,
            imported: None,
            variable_symbols: HashMap::new(),
            generics: HashMap::new(),
        }
    }
}

/// The accessibility statements of a module.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// A bare `private` statement: names are private unless made public.
    pub default_private: bool,
    /// Names in `public :: ...` statements (lower case).
    pub public: HashSet<String>,
    /// Names in `private :: ...` statements (lower case).
    pub private: HashSet<String>,
}

impl Access {
    /// Whether the module's name `lower` (declared with `attribute`, if any) is public.
    pub fn is_public(&self, lower: &str, attribute: Option<bool>) -> bool {
        if self.public.contains(lower) {
            return true;
        }
        if self.private.contains(lower) {
            return false;
        }
        attribute.unwrap_or(!self.default_private)
    }
}

/// The range given to the scopes and symbols of an interface file (see [`Scope::interface_file`]).
pub const IMPORTED: Range<u32> = u32::MAX..u32::MAX;

/// Every scope of the file.
#[derive(Clone, Debug, Default)]
pub struct Scopes {
    pub scopes: Vec<Scope>,
    /// Modules this file uses that it does not define and whose interface file could not be
    /// used: (module, why), for messages.
    pub unavailable: Vec<(String, String)>,
    /// The kinds gfortran's options give the default types and promote kinds to.
    pub kinds: Kinds,
}

/// The kinds of Fortran's default types, as gfortran's options set them (`-fdefault-real-8`,
/// `-fdefault-double-8`, `-fdefault-integer-8`), and the promotions of `-freal-4-real-N`,
/// `-freal-8-real-N` and `-finteger-4-integer-8`, which apply to declared kinds and to
/// literal constants alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds {
    /// `real`, `complex` and real literals without a kind.
    pub real: u8,
    /// `double precision`, `double complex` and `1.0d0`.
    pub double: u8,
    /// `integer`, `logical` and integer literals without a kind.
    pub integer: u8,
    /// What `real(4)` becomes.
    pub real4: u8,
    /// What `real(8)` becomes.
    pub real8: u8,
    /// What `integer(4)` becomes.
    pub integer4: u8,
}

impl Default for Kinds {
    fn default() -> Kinds {
        Kinds {
            real: 4,
            double: 8,
            integer: 4,
            real4: 4,
            real8: 8,
            integer4: 4,
        }
    }
}

impl Kinds {
    /// The kinds gfortran's `options` (its command-line words) give; `None` when none of them
    /// changes a kind. gfortran's rules: `-fdefault-real-N` makes `double precision` 16 bytes
    /// unless `-fdefault-double-8`; the `-freal-4-`/`-freal-8-` promotions also set the default
    /// and double kinds, where `-fdefault-*` leaves them.
    pub fn from_options<'a>(options: impl IntoIterator<Item = &'a str>) -> Option<Kinds> {
        let number =
            |word: &str, prefix: &str| -> Option<u8> { word.strip_prefix(prefix)?.parse().ok() };
        let (mut default_real, mut default_integer, mut double8) = (None, None, false);
        let (mut real4, mut real8, mut integer4) = (None, None, None);
        let mut any = false;
        for word in options {
            let mut matched = true;
            if let Some(n) = number(word, "-fdefault-real-") {
                default_real = Some(n);
            } else if let Some(n) = number(word, "-fdefault-integer-") {
                default_integer = Some(n);
            } else if word == "-fdefault-double-8" {
                double8 = true;
            } else if let Some(n) = number(word, "-freal-4-real-") {
                real4 = Some(n);
            } else if let Some(n) = number(word, "-freal-8-real-") {
                real8 = Some(n);
            } else if let Some(n) = number(word, "-finteger-4-integer-") {
                integer4 = Some(n);
            } else {
                matched = false;
            }
            any |= matched;
        }
        if !any {
            return None;
        }
        let real = default_real.or(real4).unwrap_or(4);
        let double = if double8 {
            8
        } else if default_real.is_some() {
            16
        } else {
            real8.unwrap_or(8)
        };
        Some(Kinds {
            real,
            double,
            integer: default_integer.or(integer4).unwrap_or(4),
            real4: real4.unwrap_or(4),
            real8: real8.unwrap_or(8),
            integer4: integer4.unwrap_or(4),
        })
    }

    /// The kind a real or complex of kind `kind` has (after the promotions).
    pub fn real_kind(&self, kind: u8) -> u8 {
        match kind {
            4 => self.real4,
            8 => self.real8,
            other => other,
        }
    }

    /// The kind an integer of kind `kind` has (after the promotion).
    pub fn integer_kind(&self, kind: u8) -> u8 {
        match kind {
            4 => self.integer4,
            other => other,
        }
    }

    /// The implicit types: `i` to `n` default integer, the other letters default real.
    fn letters(&self) -> Box<[BaseType; 26]> {
        Box::new(std::array::from_fn(|i| {
            if (8..=13).contains(&i) {
                BaseType::Integer(self.integer)
            } else {
                BaseType::Real(self.real)
            }
        }))
    }
}

/// What a name resolves to.
// A short-lived lookup result, matched at once: boxing the symbol would only add an allocation
// to every name lookup.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Resolved {
    /// A variable or named constant, with the scope it is declared in.
    Variable(Symbol, usize),
    Procedure,
    /// Not declared, but a module accc cannot see is used without `only:`, so it may come from
    /// there.
    External,
    NotFound,
}

const UNIT_KINDS: [&str; 5] = ["program", "module", "subroutine", "function", "submodule"];

/// Walks nodes below `node`, depth-first, calling `visit` on each; `visit` returns whether to
/// descend. Iterative.
pub fn walk<'t>(node: Node<'t>, mut visit: impl FnMut(Node<'t>) -> bool) {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if !visit(n) {
            continue;
        }
        let mut cursor = n.walk();
        let children: Vec<Node<'t>> = n.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
}

/// The name in a function header's `result(name)` clause, if it has one.
pub fn result_clause(header: Node<'_>) -> Option<Node<'_>> {
    let mut cursor = header.walk();
    let result = header
        .named_children(&mut cursor)
        .find(|n| n.kind() == "function_result")?;
    let mut c = result.walk();
    let found = result
        .named_children(&mut c)
        .find(|n| n.kind() == "identifier");
    found
}

pub fn text_of<'s>(source: &'s str, node: Node<'_>) -> &'s str {
    source.get(node.byte_range()).unwrap_or("")
}

struct Collector<'s> {
    source: &'s str,
    scopes: Scopes,
}

impl Use {
    /// The module's name for the local name `lower` this `use` makes visible, if it does.
    pub fn remote_name(&self, lower: &str) -> Option<String> {
        match &self.only {
            Some(list) => list
                .iter()
                .find(|(local, _)| local == lower)
                .map(|(_, remote)| remote.clone()),
            None => {
                if self.renames.iter().any(|(_, remote)| remote == lower)
                    && !self.renames.iter().any(|(local, _)| local == lower)
                {
                    // Renamed away: the module's name is not visible under it.
                    return None;
                }
                Some(
                    match self.renames.iter().find(|(local, _)| local == lower) {
                        Some((_, remote)) => remote.clone(),
                        None => lower.to_string(),
                    },
                )
            }
        }
    }
}

impl Scopes {
    /// Collects every scope of the parsed file.
    pub fn collect(source: &str, root: Node<'_>) -> Scopes {
        Self::collect_with(source, root, Scopes::default())
    }

    /// Collects every scope of the parsed file after the scopes of `imported` (modules read
    /// from interface files, which the file's declarations may use for kinds and bounds).
    pub fn collect_with(source: &str, root: Node<'_>, imported: Scopes) -> Scopes {
        let mut collector = Collector {
            source,
            scopes: imported,
        };
        // (node, host scope, inside an interface block)
        let mut stack: Vec<(Node<'_>, Option<usize>, bool)> = vec![(root, None, false)];
        while let Some((node, host, in_interface)) = stack.pop() {
            let kind = node.kind();
            let mut next_host = host;
            let mut next_interface = in_interface;
            if UNIT_KINDS.contains(&kind) {
                let index = collector.unit(node, host, in_interface);
                next_host = Some(index);
                next_interface = false;
            } else if kind == "interface" {
                next_interface = true;
            }
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node
                .named_children(&mut cursor)
                .filter(|c| {
                    matches!(
                        c.kind(),
                        "program"
                            | "module"
                            | "subroutine"
                            | "function"
                            | "submodule"
                            | "internal_procedures"
                            | "interface"
                            | "translation_unit"
                            | "module_procedure"
                    )
                })
                .collect();
            for child in children.into_iter().rev() {
                stack.push((child, next_host, next_interface));
            }
        }
        collector.scopes
    }

    /// The innermost program unit (not a `block` construct) containing `offset`.
    pub fn scope_at(&self, offset: u32) -> Option<usize> {
        self.scopes
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                s.kind != ScopeKind::Block && s.range.start <= offset && offset < s.range.end
            })
            .min_by_key(|(_, s)| s.range.end - s.range.start)
            .map(|(i, _)| i)
    }

    /// The innermost scope containing `offset`, `block` constructs included: the scope names
    /// written at `offset` are resolved in.
    pub fn name_scope_at(&self, offset: u32) -> Option<usize> {
        self.scopes
            .iter()
            .enumerate()
            .filter(|(_, s)| s.range.start <= offset && offset < s.range.end)
            .min_by_key(|(_, s)| s.range.end - s.range.start)
            .map(|(i, _)| i)
    }

    /// The program unit `scope` is (the one around it when it is a `block` construct).
    pub fn unit_of(&self, scope: usize) -> usize {
        self.host_chain(scope)
            .find(|&index| self.scopes[index].kind != ScopeKind::Block)
            .unwrap_or(scope)
    }

    /// The module scope named `name` (lower case).
    pub fn module(&self, name: &str) -> Option<usize> {
        self.scopes
            .iter()
            .position(|s| s.kind == ScopeKind::Module && s.name == name)
    }

    /// The generic interface `name` as seen from `scope`: the scope that declares it and its
    /// specific procedures (declared there, in order). Host association and `use` (with `only:`
    /// lists and renames) are followed, a bounded number of scopes deep.
    pub fn generic(&self, scope: usize, name: &str) -> Option<(usize, &[String])> {
        let mut queue = vec![(scope, name.to_ascii_lowercase())];
        let mut visited = 0;
        while let Some((index, lower)) = queue.pop() {
            visited += 1;
            if visited > 64 {
                return None;
            }
            let s = &self.scopes[index];
            if let Some(specifics) = s.generics.get(&lower) {
                return Some((index, specifics));
            }
            if s.symbols.contains_key(&lower) {
                // A variable of that name hides any generic further out.
                return None;
            }
            for used in &s.uses {
                if let (Some(module), Some(remote)) =
                    (self.module(&used.module), used.remote_name(&lower))
                {
                    queue.push((module, remote));
                }
            }
            if let Some(parent) = s.parent.filter(|_| s.kind != ScopeKind::InterfaceBody) {
                queue.push((parent, lower));
            }
        }
        None
    }

    /// The linker symbol of a variable declared in module scope `scope` (gfortran's
    /// `__<module>_MOD_<name>`, or its `bind(c)` name); `None` when `scope` is not a module.
    pub fn module_variable_symbol(&self, scope: usize, symbol: &Symbol) -> Option<String> {
        let s = self.scopes.get(scope)?;
        if s.kind != ScopeKind::Module {
            return None;
        }
        let lower = symbol.name.to_ascii_lowercase();
        if s.interface_file.is_some() {
            return s.variable_symbols.get(&lower).cloned();
        }
        Some(match symbol.attrs.bind.as_deref() {
            Some("") => lower,
            Some(label) => label.to_string(),
            None => format!("__{}_MOD_{lower}", s.name),
        })
    }

    /// The scope of the procedure a call of `name` from `scope` reaches, when this file has
    /// it: a procedure contained in `scope` or a host, an interface body written there, a
    /// module procedure made visible by `use`, or an external procedure of the file.
    pub fn procedure_definition(&self, scope: usize, name: &str) -> Option<usize> {
        let lower = name.to_ascii_lowercase();
        if let Some(found) = self
            .host_chain(scope)
            .find_map(|index| self.procedure_in(index, &lower, 0, &mut HashSet::new()))
        {
            return Some(found);
        }
        self.scopes.iter().position(|s| {
            s.parent.is_none()
                && matches!(s.kind, ScopeKind::Subroutine | ScopeKind::Function)
                && s.name == lower
        })
    }

    /// A procedure named `lower` that `index` contains, declares by an interface body or
    /// use-associates.
    fn procedure_in(
        &self,
        index: usize,
        lower: &str,
        depth: usize,
        visited: &mut HashSet<usize>,
    ) -> Option<usize> {
        if !visited.insert(index) {
            return None;
        }
        let contained = self.scopes.iter().position(|s| {
            s.parent == Some(index)
                && matches!(s.kind, ScopeKind::Subroutine | ScopeKind::Function)
                && s.name == lower
        });
        if contained.is_some() {
            return contained;
        }
        let interface = self.scopes.iter().enumerate().position(|(i, s)| {
            s.kind == ScopeKind::InterfaceBody
                && s.name == lower
                && self.enclosing(i) == Some(index)
        });
        if interface.is_some() {
            return interface;
        }
        if depth > 8 {
            return None;
        }
        for used in &self.scopes[index].uses {
            let Some(remote) = used.remote_name(lower) else {
                continue;
            };
            if let Some(module) = self.module(&used.module) {
                if let Some(found) = self.procedure_in(module, &remote, depth + 1, visited) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// For a name `scope` cannot resolve: a used module whose interface file could not be read
    /// that may declare it, with why the file could not be used.
    pub fn unavailable_module(&self, scope: usize, name: &str) -> Option<&(String, String)> {
        let lower = name.to_ascii_lowercase();
        self.host_chain(scope)
            .flat_map(|index| &self.scopes[index].uses)
            .filter(|used| used.remote_name(&lower).is_some())
            .find_map(|used| self.unavailable.iter().find(|(m, _)| *m == used.module))
    }

    /// `scope` and the scopes whose names it sees by host association, innermost first: its
    /// parents, up to an interface body (which has no host) or the program unit, at most 64.
    fn host_chain(&self, scope: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(scope), |&index| {
            let s = &self.scopes[index];
            if s.kind == ScopeKind::InterfaceBody {
                None
            } else {
                s.parent
            }
        })
        .take(64)
    }

    /// The innermost scope other than an interface body that contains scope `index`.
    fn enclosing(&self, index: usize) -> Option<usize> {
        let range = &self.scopes[index].range;
        self.scopes
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                *i != index
                    && s.kind != ScopeKind::InterfaceBody
                    && s.kind != ScopeKind::Block
                    && s.range.start <= range.start
                    && range.end <= s.range.end
            })
            .min_by_key(|(_, s)| s.range.end - s.range.start)
            .map(|(i, _)| i)
    }

    /// Resolves `name` as seen from `scope`: declarations, then use association, then the host.
    pub fn resolve(&self, scope: usize, name: &str) -> Resolved {
        let lower = name.to_ascii_lowercase();
        let mut external = false;
        for index in self.host_chain(scope) {
            match self.in_scope(index, &lower, 0, &mut HashSet::new()) {
                Resolved::NotFound => {}
                Resolved::External => external = true,
                found => return found,
            }
        }
        if external {
            Resolved::External
        } else {
            Resolved::NotFound
        }
    }

    /// `name` declared in `scope` itself or use-associated into it. `visited` holds the
    /// (scope, name) pairs already searched in this lookup: without it, units with many `use`
    /// statements of modules that use each other take exponential time (every path to the
    /// depth limit).
    fn in_scope(
        &self,
        index: usize,
        lower: &str,
        depth: usize,
        visited: &mut HashSet<(usize, String)>,
    ) -> Resolved {
        if !visited.insert((index, lower.to_string())) {
            return Resolved::NotFound;
        }
        let s = &self.scopes[index];
        if let Some(symbol) = s.symbols.get(lower) {
            if symbol.attrs.external {
                return Resolved::Procedure;
            }
            let mut symbol = symbol.clone();
            if !symbol.attrs.parameter && symbol.attrs.common.is_none() {
                symbol.link = self.module_variable_symbol(index, &symbol);
            }
            return Resolved::Variable(symbol, index);
        }
        if s.procedures.contains(lower) {
            return Resolved::Procedure;
        }
        if s.interface_file.is_some() {
            // An interface file lists only what device code can use; the module may have more.
            return Resolved::External;
        }
        if depth > 8 {
            return Resolved::NotFound;
        }
        let mut external = false;
        for used in &s.uses {
            let Some(remote) = used.remote_name(lower) else {
                continue;
            };
            match self.module(&used.module) {
                Some(module) => match self.in_scope(module, &remote, depth + 1, visited) {
                    Resolved::NotFound => {}
                    Resolved::External => external = true,
                    found => return found,
                },
                None => {
                    if used.only.is_some() {
                        return Resolved::External;
                    }
                    // A library module whose names accc knows (`use mpi`, `use iso_c_binding`)
                    // leaves a name of another form to implicit typing, as gfortran does.
                    if super::library_modules::declares(&used.module, &remote) != Some(false) {
                        external = true;
                    }
                }
            }
        }
        if external {
            Resolved::External
        } else {
            Resolved::NotFound
        }
    }

    /// The implicit rules in force in `scope`.
    pub fn implicit(&self, scope: usize) -> Implicit {
        let mut current = Some(scope);
        while let Some(index) = current {
            let s = &self.scopes[index];
            if let Some(rules) = &s.implicit {
                return rules.clone();
            }
            current = if s.kind == ScopeKind::InterfaceBody {
                None
            } else {
                s.parent
            };
        }
        Implicit::Letters(self.kinds.letters())
    }

    /// The derived type `name` as seen from `scope`.
    pub fn derived_type(&self, scope: usize, name: &str) -> Option<&DerivedType> {
        let lower = name.to_ascii_lowercase();
        let mut visited = 0;
        let mut queue = vec![scope];
        while let Some(index) = queue.pop() {
            visited += 1;
            if visited > 64 {
                return None;
            }
            let s = &self.scopes[index];
            if let Some(t) = s.types.get(&lower) {
                return Some(t);
            }
            for used in &s.uses {
                if let Some(m) = self.module(&used.module) {
                    queue.push(m);
                }
            }
            if let Some(parent) = s.parent.filter(|_| s.kind != ScopeKind::InterfaceBody) {
                queue.push(parent);
            }
        }
        None
    }

    /// The value of an integer named constant visible from `scope`.
    pub(crate) fn parameter_value(&self, scope: Option<usize>, name: &str) -> Option<i64> {
        if let Some(value) = intrinsic_module_constant(name) {
            if let Some(scope) = scope {
                if let Resolved::Variable(symbol, _) = self.resolve(scope, name) {
                    return symbol.value;
                }
            }
            return Some(value);
        }
        match self.resolve(scope?, name) {
            Resolved::Variable(symbol, _) => symbol.value,
            _ => None,
        }
    }
}

/// Kind constants of `iso_fortran_env` and `iso_c_binding`.
fn intrinsic_module_constant(name: &str) -> Option<i64> {
    Some(match name.to_ascii_lowercase().as_str() {
        "int8" | "c_signed_char" | "c_int8_t" | "c_bool" | "c_char" => 1,
        "int16" | "c_short" | "c_int16_t" => 2,
        "int32" | "real32" | "c_int" | "c_int32_t" | "c_float" | "c_float_complex" => 4,
        "int64" | "real64" | "c_long" | "c_long_long" | "c_int64_t" | "c_size_t" | "c_intptr_t"
        | "c_double" => 8,
        "c_double_complex" => 8,
        "real128" => 16,
        "c_long_double" => 10,
        _ => return None,
    })
}

impl Collector<'_> {
    fn text(&self, node: Node<'_>) -> &str {
        text_of(self.source, node)
    }

    /// Records one program unit; returns its scope index.
    fn unit(&mut self, node: Node<'_>, host: Option<usize>, in_interface: bool) -> usize {
        let kind = match node.kind() {
            "program" => ScopeKind::Program,
            "module" | "submodule" => ScopeKind::Module,
            _ if in_interface => ScopeKind::InterfaceBody,
            "subroutine" => ScopeKind::Subroutine,
            _ => ScopeKind::Function,
        };
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        // A main program may have no `program` statement: its first child is then already a
        // statement of its specification part.
        let has_header = children.first().is_some_and(|c| {
            matches!(
                c.kind(),
                "program_statement"
                    | "module_statement"
                    | "submodule_statement"
                    | "subroutine_statement"
                    | "function_statement"
            )
        });
        let header = match children.first() {
            Some(first) if has_header => *first,
            _ => node,
        };
        let name = header
            .child_by_field_name("name")
            .or_else(|| {
                let mut c = header.walk();
                let found = header.named_children(&mut c).find(|n| n.kind() == "name");
                found
            })
            .map(|n| self.text(n).to_ascii_lowercase())
            .unwrap_or_default();
        let index = self.scopes.scopes.len();
        self.scopes.scopes.push(Scope::new(
            kind,
            name.clone(),
            node.start_byte() as u32..node.end_byte() as u32,
            if has_header {
                header.start_byte() as u32..header.end_byte() as u32
            } else {
                node.start_byte() as u32..node.start_byte() as u32
            },
            if in_interface { None } else { host },
        ));
        // Procedures a host contains are visible in it (and in each other).
        if let Some(host) = host {
            if !name.is_empty() {
                self.scopes.scopes[host].procedures.insert(name.clone());
            }
        }
        if matches!(kind, ScopeKind::Function) && !name.is_empty() {
            self.scopes.scopes[index].procedures.insert(name.clone());
        }
        if has_header {
            self.header(index, header, kind);
        }
        let mut spec_end = None;
        for child in children.iter().skip(usize::from(has_header)) {
            if spec_end.is_none() && child.kind() != "comment" && !is_executable(child.kind()) {
                self.scopes.scopes[index].last_spec = child.end_byte() as u32;
            }
            match child.kind() {
                "use_statement" => self.use_statement(index, *child),
                "implicit_statement" => self.implicit_statement(index, *child),
                "variable_declaration" => self.declaration(index, *child, None),
                "variable_modification" => self.modification(index, *child),
                "parameter_statement" => self.parameter_statement(index, *child),
                "common_statement" => self.common_statement(index, *child),
                "derived_type_definition" => self.derived_type(index, *child),
                "interface" => self.interface_names(index, *child),
                "private_statement" => self.access_statement(index, *child, false),
                "public_statement" => self.access_statement(index, *child, true),
                "comment"
                | "import_statement"
                | "save_statement"
                | "include_statement"
                | "data_statement"
                | "equivalence_statement"
                | "namelist_statement"
                | "enum"
                | "procedure_statement" => {}
                kind if is_executable(kind) && spec_end.is_none() => {
                    spec_end = Some(child.start_byte() as u32);
                }
                _ => {}
            }
        }
        if let Some(end) = spec_end {
            self.scopes.scopes[index].spec_end = end;
        }
        // The dummies and the function result were given the implicit type of their letter
        // before the unit's IMPLICIT statement was read (`implicit real*8 (a-h, o-z)` then
        // `dimension a(n)`): those never typed explicitly take it under the unit's rules.
        let untyped: Vec<String> = self.scopes.scopes[index]
            .symbols
            .iter()
            .filter(|(_, symbol)| !symbol.typed)
            .map(|(key, _)| key.clone())
            .collect();
        for key in untyped {
            let base = self.implicit_type(index, &key);
            if let Some(symbol) = self.scopes.scopes[index].symbols.get_mut(&key) {
                symbol.base = base;
            }
        }
        self.block_scopes(&children, index);
        index
    }

    /// Records the `block` constructs among `nodes` (the children of a unit or a block) and
    /// below them, outside contained procedures and interface bodies, each with its host.
    fn block_scopes(&mut self, nodes: &[Node<'_>], host: usize) {
        let mut stack: Vec<(Node<'_>, usize)> = nodes.iter().rev().map(|n| (*n, host)).collect();
        while let Some((node, parent)) = stack.pop() {
            let kind = node.kind();
            if UNIT_KINDS.contains(&kind)
                || matches!(
                    kind,
                    "internal_procedures" | "interface" | "derived_type_definition"
                )
            {
                continue;
            }
            let next = if kind == "block_construct" {
                self.block(node, parent)
            } else {
                parent
            };
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            stack.extend(children.into_iter().rev().map(|c| (c, next)));
        }
    }

    /// Records one `block` construct and its specification part; returns its scope index.
    fn block(&mut self, node: Node<'_>, host: usize) -> usize {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let name = children
            .iter()
            .find(|c| c.kind() == "block_label_start_expression")
            .map(|l| {
                self.text(*l)
                    .trim_end_matches(':')
                    .trim()
                    .to_ascii_lowercase()
            })
            .unwrap_or_default();
        let start = node.start_byte() as u32;
        let first_line_end = self
            .text(node)
            .find('\n')
            .map_or(node.end_byte() as u32, |p| start + p as u32);
        let index = self.scopes.scopes.len();
        self.scopes.scopes.push(Scope::new(
            ScopeKind::Block,
            name,
            start..node.end_byte() as u32,
            start..first_line_end,
            Some(host),
        ));
        for child in &children {
            match child.kind() {
                "use_statement" => self.use_statement(index, *child),
                "variable_declaration" => self.declaration(index, *child, None),
                "variable_modification" => self.modification(index, *child),
                "parameter_statement" => self.parameter_statement(index, *child),
                "derived_type_definition" => self.derived_type(index, *child),
                "interface" => self.interface_names(index, *child),
                "block_label_start_expression" | "comment" => {}
                kind if is_executable(kind) => {
                    self.scopes.scopes[index].spec_end = child.start_byte() as u32;
                    break;
                }
                _ => {}
            }
        }
        index
    }

    fn header(&mut self, index: usize, header: Node<'_>, kind: ScopeKind) {
        let decl = header.start_byte() as u32..header.end_byte() as u32;
        if let Some(params) = header.child_by_field_name("parameters") {
            let mut cursor = params.walk();
            for p in params.named_children(&mut cursor) {
                if p.kind() == "identifier" {
                    let name = self.text(p).to_string();
                    let base = self.implicit_type(index, &name);
                    let symbol = Symbol {
                        name: name.clone(),
                        base,
                        dims: Vec::new(),
                        attrs: Attrs {
                            dummy: true,
                            ..Attrs::default()
                        },
                        decl: p.start_byte() as u32..p.end_byte() as u32,
                        value: None,
                        real: None,
                        typed: false,
                        link: None,
                    };
                    self.scopes.scopes[index]
                        .symbols
                        .insert(name.to_ascii_lowercase(), symbol);
                }
            }
        }
        if matches!(kind, ScopeKind::Function | ScopeKind::InterfaceBody)
            && header.kind() == "function_statement"
        {
            let name = match result_clause(header) {
                Some(r) => self.text(r).to_string(),
                None => self.scopes.scopes[index].name.clone(),
            };
            let base = match header.child_by_field_name("type") {
                Some(t) => self.base_type(index, t),
                None => self.implicit_type(index, &name),
            };
            let symbol = Symbol {
                name: name.clone(),
                base,
                dims: Vec::new(),
                attrs: Attrs::default(),
                decl,
                value: None,
                real: None,
                typed: header.child_by_field_name("type").is_some(),
                link: None,
            };
            let lower = name.to_ascii_lowercase();
            self.scopes.scopes[index].procedures.remove(&lower);
            self.scopes.scopes[index].symbols.insert(lower, symbol);
        }
    }

    /// The symbol `name` of scope `index`, entered with its implicit type (and `decl`) when the
    /// scope does not have it yet.
    fn symbol_or_implicit(&mut self, index: usize, name: String, decl: Range<u32>) -> &mut Symbol {
        let base = self.implicit_type(index, &name);
        self.scopes.scopes[index]
            .symbols
            .entry(name.to_ascii_lowercase())
            .or_insert_with(|| Symbol {
                name,
                base,
                dims: Vec::new(),
                attrs: Attrs::default(),
                decl,
                value: None,
                real: None,
                typed: false,
                link: None,
            })
    }

    fn implicit_type(&self, index: usize, name: &str) -> BaseType {
        self.scopes
            .implicit(index)
            .type_of(name)
            .unwrap_or_else(|| BaseType::Unknown("implicit none".into()))
    }

    fn use_statement(&mut self, index: usize, node: Node<'_>) {
        let mut used = Use::default();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "module_name" => used.module = self.text(child).to_ascii_lowercase(),
                "included_items" => {
                    let mut list = Vec::new();
                    let mut c = child.walk();
                    for item in child.named_children(&mut c) {
                        match item.kind() {
                            "identifier" => {
                                let name = self.text(item).to_ascii_lowercase();
                                list.push((name.clone(), name));
                            }
                            "use_alias" => {
                                if let Some(pair) = self.alias(item) {
                                    list.push(pair);
                                }
                            }
                            _ => {}
                        }
                    }
                    used.only = Some(list);
                }
                "use_alias" => {
                    if let Some(pair) = self.alias(child) {
                        used.renames.push(pair);
                    }
                }
                _ => {}
            }
        }
        self.scopes.scopes[index].uses.push(used);
    }

    /// `local => remote` in lower case.
    fn alias(&self, node: Node<'_>) -> Option<(String, String)> {
        let text = self.text(node).to_ascii_lowercase();
        let (local, remote) = text.split_once("=>")?;
        Some((local.trim().to_string(), remote.trim().to_string()))
    }

    fn implicit_statement(&mut self, index: usize, node: Node<'_>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        if children.iter().any(|c| c.kind() == "none") {
            self.scopes.scopes[index].implicit = Some(Implicit::None);
            return;
        }
        let mut letters = match self.scopes.scopes[index].implicit.take() {
            Some(Implicit::Letters(l)) => l,
            _ => self.scopes.kinds.letters(),
        };
        let mut current: Option<BaseType> = None;
        for child in children {
            match child.kind() {
                "intrinsic_type" | "derived_type" => current = Some(self.base_type(index, child)),
                "implicit_range" => {
                    let text = self.text(child).to_ascii_lowercase();
                    let bytes: Vec<u8> = text.bytes().filter(|b| b.is_ascii_alphabetic()).collect();
                    let (first, last) = match bytes.as_slice() {
                        [a] => (*a, *a),
                        [a, b] => (*a, *b),
                        _ => continue,
                    };
                    if let Some(ty) = &current {
                        for letter in first..=last {
                            letters[(letter - b'a') as usize] = ty.clone();
                        }
                    }
                }
                _ => {}
            }
        }
        self.scopes.scopes[index].implicit = Some(Implicit::Letters(letters));
    }

    /// The base type of an `intrinsic_type` or `derived_type` node.
    fn base_type(&self, index: usize, node: Node<'_>) -> BaseType {
        let text = self.text(node).to_ascii_lowercase();
        if node.kind() == "derived_type" {
            let name = node
                .child_by_field_name("name")
                .map(|n| self.text(n).to_ascii_lowercase())
                .unwrap_or_default();
            return match name.as_str() {
                "c_ptr" | "c_funptr" | "c_devptr" => BaseType::CPtr,
                _ if self.scopes.derived_type(index, &name).is_some() => BaseType::Derived(name),
                _ => BaseType::Unknown(name),
            };
        }
        let kind_node = node.child_by_field_name("kind");
        let kind = kind_node.and_then(|k| self.kind_value(index, k));
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.starts_with("doubleprecision") {
            return BaseType::Real(self.scopes.kinds.double);
        }
        if compact.starts_with("doublecomplex") {
            return BaseType::Complex(self.scopes.kinds.double);
        }
        let kinds = self.scopes.kinds;
        let written = kind.map(|k| k.clamp(1, 16) as u8);
        if compact.starts_with("integer") {
            BaseType::Integer(written.map_or(kinds.integer, |k| kinds.integer_kind(k)))
        } else if compact.starts_with("real") {
            BaseType::Real(written.map_or(kinds.real, |k| kinds.real_kind(k)))
        } else if compact.starts_with("complex") {
            // `complex*16` is two 8-byte reals.
            let star = kind_node.is_some_and(|k| self.text(k).trim_start().starts_with('*'));
            BaseType::Complex(match written {
                Some(k) if star => kinds.real_kind((k / 2).max(4)),
                Some(k) => kinds.real_kind(k),
                None => kinds.real,
            })
        } else if compact.starts_with("logical") {
            BaseType::Logical(written.unwrap_or(kinds.integer))
        } else if compact.starts_with("character") {
            BaseType::Character(kind_node.and_then(|k| self.character_length(index, k)))
        } else if compact.starts_with("byte") {
            BaseType::Integer(1)
        } else {
            BaseType::Unknown(compact)
        }
    }

    /// The kind value of a `kind` node: `(8)`, `(kind=8)`, `*8`, `(dp)`, `(c_double)`,
    /// `(selected_real_kind(15))`.
    fn kind_value(&self, index: usize, node: Node<'_>) -> Option<i64> {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let expr = children.into_iter().find_map(|c| {
            if c.kind() == "keyword_argument" {
                let name = c.child_by_field_name("name")?;
                if self.text(name).eq_ignore_ascii_case("kind") {
                    c.child_by_field_name("value")
                } else {
                    None
                }
            } else {
                Some(c)
            }
        })?;
        self.eval(index, expr, 0)
    }

    /// The constant length of a `character` type's `kind` node: `(len=16)`, `(16)`, `*16`,
    /// `(kind=1, len=n)` with `n` a named constant; `None` for `*`, `:` or a variable length,
    /// and for a kind other than 1.
    fn character_length(&self, index: usize, node: Node<'_>) -> Option<u64> {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let mut length = None;
        for (position, child) in children.iter().enumerate() {
            let (name, value) = match child.kind() {
                "keyword_argument" => (
                    self.text(child.child_by_field_name("name")?)
                        .to_ascii_lowercase(),
                    child.child_by_field_name("value")?,
                ),
                // The first positional value is the length, the second the kind.
                _ if position == 0 => ("len".to_string(), *child),
                _ => ("kind".to_string(), *child),
            };
            match name.as_str() {
                "len" => length = Some(value),
                "kind" if self.eval(index, value, 0) != Some(1) => return None,
                _ => {}
            }
        }
        let value = self.eval(index, length?, 0)?;
        u64::try_from(value).ok()
    }

    /// Evaluates an integer constant expression node.
    pub fn eval(&self, index: usize, node: Node<'_>, depth: usize) -> Option<i64> {
        eval_node(self.source, &self.scopes, Some(index), node, depth)
    }

    /// Attributes from `type_qualifier` nodes; `dimension(...)` gives dims.
    fn attributes(&self, index: usize, node: Node<'_>) -> (Attrs, Vec<Dim>, bool) {
        let mut attrs = Attrs::default();
        let mut dims = Vec::new();
        let mut has_dims = false;
        let mut cursor = node.walk();
        for q in node.children_by_field_name("attribute", &mut cursor) {
            let text = self.text(q).to_ascii_lowercase();
            let word: String = text
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            match word.as_str() {
                "allocatable" => attrs.allocatable = true,
                "pointer" => attrs.pointer = true,
                "target" => attrs.target = true,
                "save" => attrs.save = true,
                "parameter" => attrs.parameter = true,
                "external" => attrs.external = true,
                "value" => attrs.value = true,
                "optional" => attrs.optional = true,
                "intent" => attrs.intent = Some(intent_of(&text)),
                "public" => attrs.access = Some(true),
                "private" => attrs.access = Some(false),
                "bind" => attrs.bind = Some(bind_label(self.text(q))),
                "dimension" => {
                    let mut c = q.walk();
                    let list = q
                        .named_children(&mut c)
                        .find(|n| n.kind() == "argument_list");
                    if let Some(list) = list {
                        dims = self.dims(index, list);
                        has_dims = true;
                    }
                }
                _ => {}
            }
        }
        (attrs, dims, has_dims)
    }

    /// Array specification from a `size` or `argument_list` node.
    fn dims(&self, index: usize, node: Node<'_>) -> Vec<Dim> {
        let mut cursor = node.walk();
        let mut dims = Vec::new();
        for spec in node.named_children(&mut cursor) {
            if spec.kind() == "comment" {
                continue;
            }
            if spec.kind() == "assumed_size" {
                dims.push(Dim {
                    lower: None,
                    upper: Upper::AssumedSize,
                });
                continue;
            }
            if spec.kind() != "extent_specifier" {
                dims.push(Dim {
                    lower: None,
                    upper: Upper::Explicit(self.bound(index, spec)),
                });
                continue;
            }
            // `lo:hi`, `lo:`, `:`, `lo:*`.
            let text = self.text(spec);
            let colon = spec_colon(spec, text);
            let mut c = spec.walk();
            let parts: Vec<Node<'_>> = spec.named_children(&mut c).collect();
            let mut lower = None;
            let mut upper = Upper::Colon;
            for part in parts {
                let before = (part.start_byte() - spec.start_byte()) < colon;
                if before {
                    lower = Some(self.bound(index, part));
                } else if part.kind() == "assumed_size" {
                    upper = Upper::AssumedSize;
                } else {
                    upper = Upper::Explicit(self.bound(index, part));
                }
            }
            dims.push(Dim { lower, upper });
        }
        dims
    }

    fn bound(&self, index: usize, node: Node<'_>) -> BoundExpr {
        BoundExpr {
            text: self.text(node).to_string(),
            value: self.eval(index, node, 0),
            range: node.start_byte() as u32..node.end_byte() as u32,
        }
    }

    /// A `variable_declaration`; `members` collects derived-type components instead of
    /// declaring variables.
    fn declaration(&mut self, index: usize, node: Node<'_>, members: Option<&mut Vec<Symbol>>) {
        let Some(type_node) = node.child_by_field_name("type") else {
            return;
        };
        let base = self.base_type(index, type_node);
        let (mut attrs, dims, _) = self.attributes(index, node);
        attrs.polymorphic = self
            .text(type_node)
            .trim_start()
            .get(..5)
            .is_some_and(|word| word.eq_ignore_ascii_case("class"));
        let mut cursor = node.walk();
        let declarators: Vec<Node<'_>> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut symbols = Vec::new();
        for declarator in declarators {
            let (name_node, own_dims, init) = self.declarator(index, declarator);
            let Some(name_node) = name_node else { continue };
            let name = self.text(name_node).to_string();
            let value = if attrs.parameter {
                init.and_then(|i| self.eval(index, i, 0))
            } else {
                None
            };
            let mut attrs = attrs.clone();
            let lower = name.to_ascii_lowercase();
            if let Some(previous) = self.scopes.scopes[index].symbols.get(&lower) {
                attrs.dummy |= previous.attrs.dummy;
                attrs.allocatable |= previous.attrs.allocatable;
                attrs.pointer |= previous.attrs.pointer;
                attrs.target |= previous.attrs.target;
                attrs.common = attrs.common.take().or(previous.attrs.common.clone());
            }
            let previous_dims = self.scopes.scopes[index]
                .symbols
                .get(&lower)
                .map(|p| p.dims.clone())
                .unwrap_or_default();
            attrs.save |= init.is_some() && !attrs.parameter;
            let dims = own_dims.unwrap_or_else(|| {
                if dims.is_empty() {
                    previous_dims
                } else {
                    dims.clone()
                }
            });
            symbols.push(Symbol {
                name,
                base: base.clone(),
                dims,
                attrs,
                decl: declarator.start_byte() as u32..declarator.end_byte() as u32,
                value,
                real: None,
                typed: true,
                link: None,
            });
        }
        match members {
            Some(list) => list.extend(symbols),
            None => {
                for symbol in symbols {
                    self.scopes.scopes[index]
                        .symbols
                        .insert(symbol.name.to_ascii_lowercase(), symbol);
                }
            }
        }
    }

    /// A declarator's name node, its own array specification and its initializer.
    fn declarator<'t>(
        &self,
        index: usize,
        node: Node<'t>,
    ) -> (Option<Node<'t>>, Option<Vec<Dim>>, Option<Node<'t>>) {
        match node.kind() {
            "identifier" => (Some(node), None, None),
            "sized_declarator" => {
                let mut cursor = node.walk();
                let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
                let name = children.iter().find(|c| c.kind() == "identifier").copied();
                let dims = children
                    .iter()
                    .find(|c| c.kind() == "size")
                    .map(|s| self.dims(index, *s));
                (name, dims, None)
            }
            "init_declarator" | "pointer_init_declarator" => {
                let left = node.child_by_field_name("left");
                let right = node.child_by_field_name("right");
                match left {
                    Some(l) => {
                        let (name, dims, _) = self.declarator(index, l);
                        (name, dims, right)
                    }
                    None => (None, None, right),
                }
            }
            _ => (None, None, None),
        }
    }

    /// `dimension a(10)`, `allocatable :: b(:)`, `target :: c`, `save x`.
    fn modification(&mut self, index: usize, node: Node<'_>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let word = children
            .iter()
            .find(|c| c.kind() == "type_qualifier")
            .map(|q| self.text(*q).to_ascii_lowercase())
            .unwrap_or_default();
        for declarator in children.iter().filter(|c| c.kind() != "type_qualifier") {
            let (name_node, dims, _) = self.declarator(index, *declarator);
            let Some(name_node) = name_node else { continue };
            let name = self.text(name_node).to_string();
            let range = declarator.start_byte() as u32..declarator.end_byte() as u32;
            let symbol = self.symbol_or_implicit(index, name, range);
            if let Some(dims) = dims {
                symbol.dims = dims;
            }
            match word
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or("")
            {
                "allocatable" => symbol.attrs.allocatable = true,
                "pointer" => symbol.attrs.pointer = true,
                "target" => symbol.attrs.target = true,
                "save" => symbol.attrs.save = true,
                "external" => symbol.attrs.external = true,
                "value" => symbol.attrs.value = true,
                "optional" => symbol.attrs.optional = true,
                "intent" => symbol.attrs.intent = Some(intent_of(&word)),
                _ => {}
            }
        }
    }

    /// `private` / `public`, bare (the default of the module) or with a list of names.
    fn access_statement(&mut self, index: usize, node: Node<'_>, public: bool) {
        let mut cursor = node.walk();
        let names: Vec<String> = node
            .named_children(&mut cursor)
            .filter(|n| n.kind() == "identifier")
            .map(|n| self.text(n).to_ascii_lowercase())
            .collect();
        let access = &mut self.scopes.scopes[index].access;
        if names.is_empty() {
            access.default_private = !public;
        }
        for name in names {
            if public {
                access.public.insert(name);
            } else {
                access.private.insert(name);
            }
        }
    }

    fn parameter_statement(&mut self, index: usize, node: Node<'_>) {
        let mut cursor = node.walk();
        for assignment in node.named_children(&mut cursor) {
            if assignment.kind() != "parameter_assignment" {
                continue;
            }
            let mut c = assignment.walk();
            let parts: Vec<Node<'_>> = assignment.named_children(&mut c).collect();
            let (Some(name_node), Some(value_node)) = (parts.first(), parts.get(1)) else {
                continue;
            };
            let name = self.text(*name_node).to_string();
            let value = self.eval(index, *value_node, 0);
            let range = assignment.start_byte() as u32..assignment.end_byte() as u32;
            let symbol = self.symbol_or_implicit(index, name, range);
            symbol.attrs.parameter = true;
            symbol.value = value;
        }
    }

    fn common_statement(&mut self, index: usize, node: Node<'_>) {
        let mut cursor = node.walk();
        for group in node.named_children(&mut cursor) {
            let mut block = String::new();
            let mut c = group.walk();
            let items: Vec<Node<'_>> = if group.kind() == "variable_group" {
                group.named_children(&mut c).collect()
            } else {
                vec![group]
            };
            for item in items {
                if item.kind() == "name" {
                    block = self.text(item).to_ascii_lowercase();
                    continue;
                }
                let (name_node, dims, _) = self.declarator(index, item);
                let Some(name_node) = name_node else { continue };
                let name = self.text(name_node).to_string();
                let range = item.start_byte() as u32..item.end_byte() as u32;
                let symbol = self.symbol_or_implicit(index, name, range);
                if let Some(dims) = dims {
                    symbol.dims = dims;
                }
                symbol.attrs.common = Some(block.clone());
            }
        }
    }

    fn derived_type(&mut self, index: usize, node: Node<'_>) {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        let Some(statement) = children
            .iter()
            .find(|c| c.kind() == "derived_type_statement")
        else {
            return;
        };
        let mut c = statement.walk();
        let name = statement
            .named_children(&mut c)
            .find(|n| n.kind() == "type_name")
            .map(|n| self.text(n).to_ascii_lowercase())
            .unwrap_or_default();
        let header = self.text(*statement).to_ascii_lowercase();
        let extended_or_parameterized = header.contains("extends")
            || header
                .rsplit("::")
                .next()
                .is_some_and(|after| after.contains('('));
        // Register the name first so components of the type's own type resolve.
        self.scopes.scopes[index].types.insert(
            name.clone(),
            DerivedType {
                name: name.clone(),
                members: Vec::new(),
                extended_or_parameterized,
            },
        );
        let mut members = Vec::new();
        for child in &children {
            if child.kind() == "variable_declaration" {
                self.declaration(index, *child, Some(&mut members));
            }
        }
        self.scopes.scopes[index].types.insert(
            name.clone(),
            DerivedType {
                name,
                members,
                extended_or_parameterized,
            },
        );
    }

    /// Names of procedures declared in an interface block (and the generic name, with its
    /// specific procedures: the interface bodies and the `module procedure` names).
    fn interface_names(&mut self, index: usize, node: Node<'_>) {
        let mut generic = None;
        let mut specifics = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if child.kind() == "procedure_statement" {
                let mut c = child.walk();
                specifics.extend(
                    child
                        .children_by_field_name("declarator", &mut c)
                        .filter(|d| matches!(d.kind(), "method_name" | "identifier"))
                        .map(|d| self.text(d).to_ascii_lowercase()),
                );
                continue;
            }
            let header = match child.kind() {
                "subroutine" | "function" | "interface_statement" => child,
                _ => continue,
            };
            let named = if header.kind() == "interface_statement" {
                let mut c = header.walk();
                let found = header.named_children(&mut c).find(|n| n.kind() == "name");
                found
            } else {
                header
                    .named_child(0)
                    .and_then(|s| s.child_by_field_name("name"))
            };
            if let Some(n) = named {
                let name = self.text(n).to_ascii_lowercase();
                if header.kind() == "interface_statement" {
                    generic = Some(name.clone());
                } else {
                    specifics.push(name.clone());
                }
                self.scopes.scopes[index].procedures.insert(name);
            }
        }
        if let Some(generic) = generic {
            self.scopes.scopes[index]
                .generics
                .entry(generic)
                .or_default()
                .extend(specifics);
        }
    }
}

/// The `name=` label of a `bind(c, name="...")` attribute (empty without one).
fn bind_label(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let Some(at) = lower.find("name") else {
        return String::new();
    };
    let rest = text[at + 4..].trim_start();
    let Some(rest) = rest.strip_prefix('=') else {
        return String::new();
    };
    let rest = rest.trim_start();
    let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
        return String::new();
    };
    rest[1..]
        .split(quote)
        .next()
        .unwrap_or("")
        .trim()
        .to_string()
}

/// `in`, `out` or `inout` from an attribute's text (`intent(in out)`, lower case).
fn intent_of(text: &str) -> String {
    let compact: String = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    match compact.strip_prefix("intent").unwrap_or("") {
        "in" => "in",
        "out" => "out",
        _ => "inout",
    }
    .to_string()
}

/// Whether a child of a program unit starts its execution part (or ends the unit).
pub(crate) fn is_executable(kind: &str) -> bool {
    !matches!(
        kind,
        "use_statement"
            | "implicit_statement"
            | "variable_declaration"
            | "variable_modification"
            | "parameter_statement"
            | "common_statement"
            | "derived_type_definition"
            | "interface"
            | "comment"
            | "import_statement"
            | "private_statement"
            | "public_statement"
            | "save_statement"
            | "include_statement"
            | "data_statement"
            | "equivalence_statement"
            | "namelist_statement"
            | "enum"
            | "procedure_statement"
            | "format_statement"
            | "statement_label"
    )
}

/// The byte offset (relative to `spec`) of the `:` of an extent specifier.
fn spec_colon(spec: Node<'_>, text: &str) -> usize {
    let mut cursor = spec.walk();
    for child in spec.children(&mut cursor) {
        if !child.is_named()
            && text
                .get(child.start_byte() - spec.start_byte()..child.end_byte() - spec.start_byte())
                == Some(":")
        {
            return child.start_byte() - spec.start_byte();
        }
    }
    text.find(':').unwrap_or(text.len())
}

/// Evaluates an integer constant expression: literals (with kind suffixes), named constants
/// visible from `scope`, `+ - * / **`, parentheses, `kind`, `selected_int_kind`,
/// `selected_real_kind`, `int`. Depth-bounded.
pub fn eval_node(
    source: &str,
    scopes: &Scopes,
    scope: Option<usize>,
    node: Node<'_>,
    depth: usize,
) -> Option<i64> {
    if depth > 64 {
        return None;
    }
    let text = text_of(source, node);
    match node.kind() {
        "number_literal" => {
            let digits = text.split('_').next()?;
            digits.parse::<i64>().ok()
        }
        "identifier" => scopes.parameter_value(scope, text),
        "parenthesized_expression" => {
            eval_node(source, scopes, scope, node.named_child(0)?, depth + 1)
        }
        "unary_expression" => {
            let argument = node.child_by_field_name("argument")?;
            let value = eval_node(source, scopes, scope, argument, depth + 1)?;
            if text.trim_start().starts_with('-') {
                value.checked_neg()
            } else {
                Some(value)
            }
        }
        "math_expression" => {
            let left = eval_node(
                source,
                scopes,
                scope,
                node.child_by_field_name("left")?,
                depth + 1,
            )?;
            let right = eval_node(
                source,
                scopes,
                scope,
                node.child_by_field_name("right")?,
                depth + 1,
            )?;
            let operator = node
                .child_by_field_name("operator")
                .map(|o| text_of(source, o))?;
            match operator {
                "+" => left.checked_add(right),
                "-" => left.checked_sub(right),
                "*" => left.checked_mul(right),
                "/" => left.checked_div(right),
                "**" => u32::try_from(right).ok().and_then(|r| left.checked_pow(r)),
                _ => None,
            }
        }
        "call_expression" => {
            let callee = node.named_child(0)?;
            let args = node.named_child(1)?;
            let name = text_of(source, callee).to_ascii_lowercase();
            let mut cursor = args.walk();
            let list: Vec<Node<'_>> = args.named_children(&mut cursor).collect();
            match name.as_str() {
                "kind" => {
                    let arg = text_of(source, *list.first()?).to_ascii_lowercase();
                    let kinds = scopes.kinds;
                    let numeric = arg.chars().next()?.is_ascii_digit() || arg.starts_with('.');
                    if arg.contains('d') && numeric {
                        Some(i64::from(kinds.double))
                    } else if let Some((_, suffix)) = arg.rsplit_once('_') {
                        suffix
                            .parse()
                            .ok()
                            .or_else(|| scopes.parameter_value(scope, suffix))
                    } else if numeric && arg.contains(['.', 'e']) {
                        Some(i64::from(kinds.real))
                    } else if numeric {
                        Some(i64::from(kinds.integer))
                    } else {
                        Some(4)
                    }
                }
                "selected_real_kind" => {
                    let p = eval_node(source, scopes, scope, *list.first()?, depth + 1)?;
                    Some(if p <= 6 {
                        4
                    } else if p <= 15 {
                        8
                    } else if p <= 18 {
                        10
                    } else {
                        16
                    })
                }
                "selected_int_kind" => {
                    let r = eval_node(source, scopes, scope, *list.first()?, depth + 1)?;
                    Some(if r <= 2 {
                        1
                    } else if r <= 4 {
                        2
                    } else if r <= 9 {
                        4
                    } else {
                        8
                    })
                }
                "int" => eval_node(source, scopes, scope, *list.first()?, depth + 1),
                _ => None,
            }
        }
        _ => None,
    }
}
