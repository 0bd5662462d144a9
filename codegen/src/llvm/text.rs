//! Writing LLVM IR as text: values, basic blocks of a function, and the declarations, globals
//! and metadata of a module.
//!
//! Kernels are written as LLVM assembly and parsed back by LLVM (through inkwell), which checks
//! every type: a mistake here becomes a parse or verifier error, never a crash. Text also gives
//! what inkwell's safe API lacks: GEPs (unsafe in inkwell), floating-point `atomicrmw`, and the
//! self-referential distinct metadata that `llvm.loop` needs.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use super::ty::Ty;

/// A typed operand: a register (`%v3`), a global (`@"x"`) or a constant (`42`, `null`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Val {
    pub ty: Ty,
    pub repr: String,
}

impl Val {
    pub(crate) fn new(ty: Ty, repr: impl Into<String>) -> Val {
        Val {
            ty,
            repr: repr.into(),
        }
    }

    /// `type operand`, as instructions take it.
    pub(crate) fn typed(&self) -> String {
        format!("{} {}", self.ty, self.repr)
    }

    /// Whether the operand is a literal (an integer, `true`/`false`, `null`), the same in any
    /// function, rather than an SSA value or a global.
    pub(crate) fn is_literal(&self) -> bool {
        matches!(self.repr.as_str(), "true" | "false" | "null") || self.repr.parse::<i128>().is_ok()
    }

    pub(crate) fn i64(value: i64) -> Val {
        Val::new(Ty::i64(), value.to_string())
    }

    pub(crate) fn bool(value: bool) -> Val {
        Val::new(Ty::I1, if value { "true" } else { "false" })
    }
}

/// `@"name"`, quoted so that any name is valid.
pub(crate) fn global_name(name: &str) -> String {
    let mut out = String::from("@\"");
    for byte in name.bytes() {
        if byte == b'"' || byte == b'\\' || !(0x20..0x7f).contains(&byte) {
            let _ = write!(out, "\\{byte:02X}");
        } else {
            out.push(byte as char);
        }
    }
    out.push('"');
    out
}

/// An integer constant of `width` bits (1 for `i1`), truncated to the width.
pub(crate) fn int_literal(width: u32, value: i128) -> String {
    if width == 1 {
        return if value & 1 != 0 { "true" } else { "false" }.into();
    }
    if width >= 128 {
        return value.to_string();
    }
    let shift = 128 - width;
    ((value << shift) >> shift).to_string()
}

/// A `float` or `double` constant, exactly, as LLVM's hexadecimal double form.
pub(crate) fn float_literal(ty: &Ty, value: f64) -> Option<String> {
    let bits = match ty {
        Ty::F32 => f64::from(value as f32).to_bits(),
        Ty::F64 => value.to_bits(),
        _ => return None,
    };
    Some(format!("0x{bits:016X}"))
}

/// A block of the function being written.
pub(crate) type BlockId = usize;

#[derive(Debug)]
struct BlockText {
    label: String,
    lines: Vec<String>,
    terminated: bool,
}

/// The body of one function: its blocks, the allocas hoisted into the entry block, and which
/// registers hold addresses derived from those allocas (accesses through them are never marked
/// parallel, because every vector lane would share them), with the alloca each derives from.
#[derive(Debug)]
pub(crate) struct FnWriter {
    blocks: Vec<BlockText>,
    current: BlockId,
    allocas: Vec<String>,
    next: u32,
    /// Register → the ordinal (creation order) of the alloca it points into.
    alloca_derived: HashMap<String, usize>,
    may_alias: HashSet<String>,
    /// Pointers into memory that every lane of a vector loop updates alike (a gang's partial
    /// array of an array reduction): their accesses join no parallel access group.
    lane_shared: HashSet<String>,
    /// The address space allocas live in when it is not the generic one (AMDGPU: 5); each such
    /// alloca is cast to a generic `ptr` at once, so the rest of the code sees one kind of pointer.
    alloca_space: Option<u32>,
    /// The function's `DISubprogram` when it carries debug information (`-g`).
    pub(crate) subprogram: Option<u32>,
    /// The `DILocation` attached to the instructions written now.
    pub(crate) location: Option<u32>,
    /// Stores in the entry block, after the allocas, and instructions every `ret` of the
    /// function runs first ([`FnWriter::release_slot`]).
    entry_stores: Vec<String>,
    before_return: Vec<String>,
}

impl Default for FnWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl FnWriter {
    pub(crate) fn new() -> FnWriter {
        FnWriter {
            blocks: vec![BlockText {
                label: "entry".into(),
                lines: Vec::new(),
                terminated: false,
            }],
            current: 0,
            allocas: Vec::new(),
            next: 0,
            alloca_derived: HashMap::new(),
            may_alias: HashSet::new(),
            lane_shared: HashSet::new(),
            alloca_space: None,
            subprogram: None,
            location: None,
            entry_stores: Vec::new(),
            before_return: Vec::new(),
        }
    }

    /// A writer whose allocas live in address space `space` (cast to generic pointers).
    pub(crate) fn with_alloca_space(space: Option<u32>) -> FnWriter {
        FnWriter {
            alloca_space: space,
            ..FnWriter::new()
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    /// Appends an instruction; code after a terminator goes into a fresh unreachable block.
    pub(crate) fn line(&mut self, text: impl Into<String>) {
        if self.blocks[self.current].terminated {
            let dead = self.block("dead");
            self.position(dead);
        }
        let mut text = text.into();
        if let Some(location) = self.location {
            let _ = write!(text, ", !dbg !{location}");
        }
        self.blocks[self.current].lines.push(text);
    }

    /// Appends `%vN = rhs` and returns `%vN` with type `ty`.
    pub(crate) fn assign(&mut self, ty: Ty, rhs: impl AsRef<str>) -> Val {
        let name = self.fresh("v");
        self.line(format!("{name} = {}", rhs.as_ref()));
        Val::new(ty, name)
    }

    /// A new, empty block; `hint` becomes part of its label.
    pub(crate) fn block(&mut self, hint: &str) -> BlockId {
        self.next += 1;
        let label = format!("b{}.{hint}", self.next);
        self.blocks.push(BlockText {
            label,
            lines: Vec::new(),
            terminated: false,
        });
        self.blocks.len() - 1
    }

    pub(crate) fn position(&mut self, block: BlockId) {
        self.current = block;
    }

    pub(crate) fn label(&self, block: BlockId) -> String {
        format!("%{}", self.blocks[block].label)
    }

    /// Ends the current block with `text` (a terminator).
    pub(crate) fn terminate(&mut self, text: impl Into<String>) {
        self.line(text);
        self.blocks[self.current].terminated = true;
    }

    pub(crate) fn br(&mut self, target: BlockId) {
        let text = format!("br label {}", self.label(target));
        self.terminate(text);
    }

    pub(crate) fn cond_br(&mut self, cond: &Val, accept: BlockId, reject: BlockId) {
        let text = format!(
            "br i1 {}, label {}, label {}",
            cond.repr,
            self.label(accept),
            self.label(reject)
        );
        self.terminate(text);
    }

    /// An alloca in the entry block.
    pub(crate) fn alloca(&mut self, ty: &Ty) -> Val {
        let name = self.fresh("a");
        let ty = if matches!(ty, Ty::Void) {
            Ty::i8()
        } else {
            ty.clone()
        };
        let ordinal = self.alloca_count();
        match self.alloca_space {
            None => self
                .allocas
                .push(format!("{name} = alloca {ty}, align {}", ty.align())),
            Some(space) => {
                self.allocas.push(format!(
                    "{name}.s = alloca {ty}, align {}, addrspace({space})",
                    ty.align()
                ));
                self.allocas.push(format!(
                    "{name} = addrspacecast ptr addrspace({space}) {name}.s to ptr"
                ));
            }
        }
        self.alloca_derived.insert(name.clone(), ordinal);
        Val::new(Ty::Ptr, name)
    }

    /// A pointer slot in the entry block, null on entry, whose storage `release` (a function
    /// of one `ptr` parameter, declared by the caller) frees before each `ret` of the
    /// function: storage the function reserves at run time and keeps until it returns.
    pub(crate) fn release_slot(&mut self, release: &str) -> Val {
        let slot = self.alloca(&Ty::Ptr);
        self.entry_stores
            .push(format!("store ptr null, ptr {}, align 8", slot.repr));
        self.before_return.push(format!(
            "call void {}(ptr {})",
            global_name(release),
            slot.repr
        ));
        slot
    }

    /// How many allocas were made so far: an alloca's ordinal is the count before it was made.
    pub(crate) fn alloca_count(&self) -> usize {
        match self.alloca_space {
            None => self.allocas.len(),
            Some(_) => self.allocas.len() / 2,
        }
    }

    /// The ordinal of the alloca `repr` points into, when it is known to point into one.
    pub(crate) fn alloca_root(&self, repr: &str) -> Option<usize> {
        self.alloca_derived.get(repr).copied()
    }

    /// Records that `derived` points into the same alloca or union as `base`, if it does.
    pub(crate) fn derive(&mut self, base: &str, derived: &str) {
        if let Some(&root) = self.alloca_derived.get(base) {
            self.alloca_derived.insert(derived.to_string(), root);
        }
        if self.may_alias.contains(base) {
            self.may_alias.insert(derived.to_string());
        }
        if self.lane_shared.contains(base) {
            self.lane_shared.insert(derived.to_string());
        }
    }

    /// Marks `repr` as pointing into memory that all lanes of a vector loop share and update
    /// (see `lane_shared`).
    pub(crate) fn mark_lane_shared(&mut self, repr: &str) {
        self.lane_shared.insert(repr.to_string());
    }

    pub(crate) fn is_lane_shared(&self, repr: &str) -> bool {
        self.lane_shared.contains(repr)
    }

    /// Marks `repr` as pointing into a union: accesses through it get no type-based alias
    /// information (C allows reading a union through another member).
    pub(crate) fn mark_may_alias(&mut self, repr: &str) {
        self.may_alias.insert(repr.to_string());
    }

    /// Records that `repr` points into an alloca of another function (a private slot of the
    /// kernel that forked this worker loop): accesses through it are treated as the alloca's.
    pub(crate) fn mark_private(&mut self, repr: &str) {
        self.alloca_derived.insert(repr.to_string(), usize::MAX);
    }

    pub(crate) fn is_may_alias(&self, repr: &str) -> bool {
        self.may_alias.contains(repr)
    }

    pub(crate) fn is_alloca_derived(&self, repr: &str) -> bool {
        self.alloca_derived.contains_key(repr)
    }

    /// The function text: `header {`, the blocks, `}`. Blocks left open end in `unreachable`.
    pub(crate) fn finish(mut self, header: &str) -> String {
        let mut out = String::new();
        match self.subprogram {
            Some(subprogram) => {
                let _ = writeln!(out, "{header} !dbg !{subprogram} {{");
            }
            None => {
                let _ = writeln!(out, "{header} {{");
            }
        }
        let allocas = std::mem::take(&mut self.allocas);
        for (index, block) in self.blocks.iter_mut().enumerate() {
            let _ = writeln!(out, "{}:", block.label);
            if index == 0 {
                for alloca in allocas.iter().chain(&self.entry_stores) {
                    let _ = writeln!(out, "  {alloca}");
                }
            }
            for line in &block.lines {
                if line.starts_with("ret ") {
                    // The return's debug location, if any, goes on the calls before it.
                    let location = line.find(", !dbg ").map_or("", |at| &line[at..]);
                    for cleanup in &self.before_return {
                        let _ = writeln!(out, "  {cleanup}{location}");
                    }
                }
                let _ = writeln!(out, "  {line}");
            }
            if !block.terminated {
                match self.location {
                    Some(location) => {
                        let _ = writeln!(out, "  unreachable, !dbg !{location}");
                    }
                    None => {
                        let _ = writeln!(out, "  unreachable");
                    }
                }
            }
        }
        out.push_str("}\n");
        out
    }
}

/// A `declare link` variable that device code uses through its pointer global.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LinkUse {
    /// The pointer global's symbol ([`acc_ir::link_pointer_symbol`]).
    pub pointer: String,
    /// The host variable's symbol.
    pub host: String,
    /// Its name in the source, for the runtime's messages.
    pub name: String,
    /// Its size in bytes.
    pub bytes: u64,
}

/// The module-level parts of one kernel's module: function declarations, external globals and
/// metadata nodes.
#[derive(Debug, Default)]
pub(crate) struct ModuleWriter {
    /// name → (the declaration's signature, the `declare` line)
    declarations: BTreeMap<String, (String, String)>,
    globals: BTreeMap<String, String>,
    /// The `declare link` variables the code uses, by pointer global.
    links: BTreeMap<String, LinkUse>,
    metadata: Vec<String>,
    next_metadata: u32,
    /// TBAA access tags by type name, and the root and `char` nodes once made.
    tbaa: BTreeMap<String, u32>,
    tbaa_char: Option<u32>,
    /// Debug information (`-g`): the compile unit and the nodes made so far.
    debug: Option<DebugNodes>,
}

/// The DWARF metadata of one module ([`ModuleWriter::enable_debug`]).
#[derive(Debug)]
struct DebugNodes {
    unit: u32,
    subroutine_type: u32,
    /// The `DIFile` of each source name.
    files: BTreeMap<String, u32>,
    /// (line, column, scope) → its `DILocation`.
    locations: HashMap<(u32, u32, u32), u32>,
    /// The `DIBasicType` (or pointer type) of each scalar type, by its LLVM spelling.
    types: BTreeMap<String, u32>,
    /// The directory the compile ran in (relative source names are relative to it).
    directory: String,
}

/// A string as an LLVM metadata string literal.
fn metadata_string(text: &str) -> String {
    let mut out = String::from("\"");
    for byte in text.bytes() {
        if byte.is_ascii_graphic() && byte != b'"' && byte != b'\\' || byte == b' ' {
            out.push(byte as char);
        } else {
            let _ = write!(out, "\\{byte:02X}");
        }
    }
    out.push('"');
    out
}

impl ModuleWriter {
    /// Declares `ret @name(params)`; `attributes` are the parameter attributes per parameter and
    /// `ret_attributes` those of the result. Fails if `name` was declared with another signature.
    pub(crate) fn declare(
        &mut self,
        name: &str,
        ret: &Ty,
        ret_attributes: &str,
        params: &[(Ty, &str)],
    ) -> Result<(), String> {
        let mut signature = format!("{ret} (");
        let mut line = format!("declare {ret_attributes}{ret} {}(", global_name(name));
        for (i, (ty, attributes)) in params.iter().enumerate() {
            if i > 0 {
                signature.push_str(", ");
                line.push_str(", ");
            }
            let _ = write!(signature, "{ty}");
            let _ = write!(line, "{ty}{attributes}");
        }
        signature.push(')');
        line.push_str(") #1");
        self.record_declaration(name, signature, line)
    }

    /// Keeps the declaration `line` of `name` with `signature`, once; fails if `name` was
    /// declared with another signature.
    fn record_declaration(
        &mut self,
        name: &str,
        signature: String,
        line: String,
    ) -> Result<(), String> {
        match self.declarations.get(name) {
            Some((existing, _)) if *existing != signature => Err(format!(
                "'{name}' is called as '{signature}' and as '{existing}'"
            )),
            Some(_) => Ok(()),
            None => {
                self.declarations
                    .insert(name.to_string(), (signature, line));
                Ok(())
            }
        }
    }

    /// Drops the declaration of `name` (a function the same module defines).
    pub(crate) fn forget(&mut self, name: &str) {
        self.declarations.remove(name);
    }

    /// Declares an intrinsic or library function with plain parameters.
    pub(crate) fn declare_plain(
        &mut self,
        name: &str,
        ret: &Ty,
        params: &[Ty],
    ) -> Result<(), String> {
        let params: Vec<(Ty, &str)> = params.iter().map(|ty| (ty.clone(), "")).collect();
        self.declare(name, ret, "", &params)
    }

    /// Declares `void @name(metadata, metadata, metadata)` (`llvm.dbg.declare`).
    pub(crate) fn declare_metadata_intrinsic(&mut self, name: &str) -> Result<(), String> {
        self.record_declaration(
            name,
            "void (metadata, metadata, metadata)".to_string(),
            format!("declare void @{name}(metadata, metadata, metadata)"),
        )
    }

    /// Adds a global definition or declaration line for `name` unless one exists.
    pub(crate) fn global(&mut self, name: &str, line: String) {
        self.globals.entry(name.to_string()).or_insert(line);
    }

    /// Records that the code uses the `declare link` variable `link`.
    pub(crate) fn link(&mut self, link: LinkUse) {
        self.links.entry(link.pointer.clone()).or_insert(link);
    }

    /// The `declare link` variables the code uses.
    pub(crate) fn links(&self) -> impl Iterator<Item = &LinkUse> {
        self.links.values()
    }

    /// Turns on debug information: a compile unit for `file` (the main source, as the user
    /// named it, in `language`: a `DW_LANG_*` name), made in `directory`.
    pub(crate) fn enable_debug(&mut self, file: &str, directory: &str, language: &str) {
        if self.debug.is_some() {
            return;
        }
        let file_node = self.metadata(&format!(
            "!DIFile(filename: {}, directory: {})",
            metadata_string(file),
            metadata_string(directory)
        ));
        let unit = self.metadata_distinct(&format!(
            "!DICompileUnit(language: {language}, file: !{file_node}, producer: \"accc\", \
             isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, \
             nameTableKind: None)"
        ));
        let types = self.metadata("!{null}");
        let subroutine_type = self.metadata(&format!("!DISubroutineType(types: !{types})"));
        let mut files = BTreeMap::new();
        files.insert(file.to_string(), file_node);
        self.debug = Some(DebugNodes {
            unit,
            subroutine_type,
            files,
            locations: HashMap::new(),
            types: BTreeMap::new(),
            directory: directory.to_string(),
        });
    }

    /// A `DISubprogram` for function `name` defined at `file:line` (`None` without debug
    /// information).
    pub(crate) fn subprogram(&mut self, name: &str, file: &str, line: u32) -> Option<u32> {
        let (unit, subroutine_type) = {
            let debug = self.debug.as_ref()?;
            (debug.unit, debug.subroutine_type)
        };
        let file_node = self.debug_file(file)?;
        Some(self.metadata_distinct(&format!(
            "!DISubprogram(name: {}, scope: !{file_node}, file: !{file_node}, line: {line}, \
             type: !{subroutine_type}, scopeLine: {line}, flags: DIFlagPrototyped, \
             spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !{unit})",
            metadata_string(name)
        )))
    }

    fn debug_file(&mut self, file: &str) -> Option<u32> {
        let debug = self.debug.as_ref()?;
        if let Some(&node) = debug.files.get(file) {
            return Some(node);
        }
        let text = format!(
            "!DIFile(filename: {}, directory: {})",
            metadata_string(file),
            metadata_string(&debug.directory)
        );
        let node = self.metadata(&text);
        if let Some(debug) = &mut self.debug {
            debug.files.insert(file.to_string(), node);
        }
        Some(node)
    }

    /// The `DILocation` of `line:column` in `scope` (a subprogram).
    pub(crate) fn location(&mut self, line: u32, column: u32, scope: u32) -> Option<u32> {
        let debug = self.debug.as_ref()?;
        if let Some(&node) = debug.locations.get(&(line, column, scope)) {
            return Some(node);
        }
        let node = self.metadata(&format!(
            "!DILocation(line: {line}, column: {column}, scope: !{scope})"
        ));
        if let Some(debug) = &mut self.debug {
            debug.locations.insert((line, column, scope), node);
        }
        Some(node)
    }

    /// A `DILocalVariable` for the local `name` of type `ty` declared at `file:line` in
    /// `scope`; `None` without debug information or for a type that is not a scalar.
    pub(crate) fn local_variable(
        &mut self,
        name: &str,
        ty: &Ty,
        (file, line): (&str, u32),
        scope: u32,
    ) -> Option<u32> {
        let (type_name, node) = match ty {
            Ty::Int(1) => ("bool", "size: 8, encoding: DW_ATE_boolean".to_string()),
            Ty::Int(8) => ("char", "size: 8, encoding: DW_ATE_signed_char".to_string()),
            Ty::Int(bits @ (16 | 32 | 64 | 128)) => {
                let name = match bits {
                    16 => "short",
                    32 => "int",
                    64 => "long",
                    _ => "__int128",
                };
                (name, format!("size: {bits}, encoding: DW_ATE_signed"))
            }
            Ty::F32 => ("float", "size: 32, encoding: DW_ATE_float".to_string()),
            Ty::F64 => ("double", "size: 64, encoding: DW_ATE_float".to_string()),
            Ty::Ptr => ("void *", String::new()),
            _ => return None,
        };
        self.debug.as_ref()?;
        let file_node = self.debug_file(file)?;
        let known = self
            .debug
            .as_ref()
            .and_then(|debug| debug.types.get(type_name).copied());
        let type_node = match known {
            Some(node) => node,
            None => {
                let node = if node.is_empty() {
                    self.metadata(
                        "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)",
                    )
                } else {
                    self.metadata(&format!(
                        "!DIBasicType(name: {}, {node})",
                        metadata_string(type_name)
                    ))
                };
                if let Some(debug) = &mut self.debug {
                    debug.types.insert(type_name.to_string(), node);
                }
                node
            }
        };
        Some(self.metadata(&format!(
            "!DILocalVariable(name: {}, scope: !{scope}, file: !{file_node}, line: {line}, \
             type: !{type_node})",
            metadata_string(name)
        )))
    }

    fn metadata_distinct(&mut self, body: &str) -> u32 {
        self.metadata(&format!("distinct {body}"))
    }

    /// Adds `!N = body` and returns `N`.
    pub(crate) fn metadata(&mut self, body: &str) -> u32 {
        let id = self.next_metadata;
        self.next_metadata += 1;
        self.metadata.push(format!("!{id} = {body}"));
        id
    }

    /// The TBAA access tag for a scalar access of memory type `ty`, as clang's "Simple C/C++
    /// TBAA" gives it: one type per width of integer (signedness does not matter in C), per
    /// float format, and one for every pointer. `char`-sized and aggregate accesses get none:
    /// they may alias anything.
    pub(crate) fn tbaa_tag(&mut self, ty: &Ty) -> Option<u32> {
        let name = match ty {
            Ty::Int(16) => "short",
            Ty::Int(32) => "int",
            Ty::Int(64) => "long",
            Ty::Int(128) => "__int128",
            Ty::F32 => "float",
            Ty::F64 => "double",
            Ty::F80 => "long double",
            Ty::F128 => "__float128",
            Ty::Ptr => "any pointer",
            _ => return None,
        };
        if let Some(tag) = self.tbaa.get(name) {
            return Some(*tag);
        }
        let char_node = match self.tbaa_char {
            Some(node) => node,
            None => {
                let root = self.metadata("!{!\"Simple C/C++ TBAA\"}");
                let node = self.metadata(&format!("!{{!\"omnipotent char\", !{root}, i64 0}}"));
                self.tbaa_char = Some(node);
                node
            }
        };
        let type_node = self.metadata(&format!("!{{!\"{name}\", !{char_node}, i64 0}}"));
        let tag = self.metadata(&format!("!{{!{type_node}, !{type_node}, i64 0}}"));
        self.tbaa.insert(name.to_string(), tag);
        Some(tag)
    }

    /// Adds a distinct node whose first operand is itself followed by `operands` (a loop ID).
    pub(crate) fn self_referential(&mut self, operands: &[u32]) -> u32 {
        let id = self.next_metadata;
        self.next_metadata += 1;
        let mut body = format!("!{id} = distinct !{{!{id}");
        for operand in operands {
            let _ = write!(body, ", !{operand}");
        }
        body.push('}');
        self.metadata.push(body);
        id
    }

    /// The whole module: header, globals, functions, declarations, attributes, metadata.
    pub(crate) fn render(&self, data_layout: &str, triple: &str, functions: &[String]) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "target datalayout = \"{data_layout}\"");
        let _ = writeln!(out, "target triple = \"{triple}\"\n");
        for line in self.globals.values() {
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
        for function in functions {
            out.push_str(function);
            out.push('\n');
        }
        for (_, line) in self.declarations.values() {
            let _ = writeln!(out, "{line}");
        }
        // Host code probes every page of a large frame (a big private array), so that a kernel
        // overflowing its thread's stack faults on the guard page, which the runtime reports as
        // a stack overflow, instead of writing over whatever lies below the stack.
        if triple.starts_with("x86_64") {
            out.push_str("\nattributes #0 = { nounwind \"probe-stack\"=\"inline-asm\" }\nattributes #1 = { nounwind \"probe-stack\"=\"inline-asm\" }\n\n");
        } else {
            out.push_str("\nattributes #0 = { nounwind }\nattributes #1 = { nounwind }\n\n");
        }
        for line in &self.metadata {
            let _ = writeln!(out, "{line}");
        }
        if let Some(debug) = &self.debug {
            let (version, dwarf) = (self.next_metadata, self.next_metadata + 1);
            let _ = writeln!(out, "!llvm.dbg.cu = !{{!{}}}", debug.unit);
            let _ = writeln!(out, "!llvm.module.flags = !{{!{version}, !{dwarf}}}");
            let _ = writeln!(
                out,
                "!{version} = !{{i32 2, !\"Debug Info Version\", i32 3}}"
            );
            let _ = writeln!(out, "!{dwarf} = !{{i32 7, !\"Dwarf Version\", i32 5}}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(int_literal(8, 255), "-1");
        assert_eq!(int_literal(32, -5), "-5");
        assert_eq!(int_literal(1, 2), "false");
        assert_eq!(int_literal(64, 1i128 << 64), "0");
        assert_eq!(float_literal(&Ty::F64, 1.0).unwrap(), "0x3FF0000000000000");
        assert_eq!(float_literal(&Ty::F32, 0.1).unwrap(), "0x3FB99999A0000000");
        assert_eq!(global_name("a\"b"), "@\"a\\22b\"");
    }

    #[test]
    fn debug_information_locates_every_instruction_of_a_described_function() {
        let mut mw = ModuleWriter::default();
        mw.enable_debug("r\"egion.c", "/work dir", "DW_LANG_C99");
        let subprogram = mw.subprogram("k", "r\"egion.c", 7).expect("a subprogram");
        let location = mw.location(9, 5, subprogram).expect("a location");
        assert_eq!(mw.location(9, 5, subprogram), Some(location), "interned");
        let variable = mw
            .local_variable("twice", &Ty::F64, ("r\"egion.c", 9), subprogram)
            .expect("a scalar local");
        assert!(mw
            .local_variable(
                "v",
                &Ty::Array(4, Box::new(Ty::F64)),
                ("r\"egion.c", 9),
                subprogram
            )
            .is_none());
        let mut w = FnWriter::new();
        w.subprogram = Some(subprogram);
        w.location = Some(location);
        w.line("%x = add i32 1, 2");
        let function = w.finish("define void @k()");
        assert!(function.starts_with(&format!("define void @k() !dbg !{subprogram} {{")));
        assert!(function.contains(&format!("%x = add i32 1, 2, !dbg !{location}")));
        assert!(function.contains(&format!("unreachable, !dbg !{location}")));
        let module = mw.render("e", "x86_64-unknown-linux-gnu", &[function]);
        for wanted in [
            "filename: \"r\\22egion.c\", directory: \"/work dir\"",
            "nameTableKind: None",
            "!llvm.dbg.cu = !{!",
            "!\"Debug Info Version\", i32 3",
            &format!("!{variable} = !DILocalVariable(name: \"twice\""),
            "!DIBasicType(name: \"double\", size: 64, encoding: DW_ATE_float)",
        ] {
            assert!(module.contains(wanted), "{wanted} not in:\n{module}");
        }
        // Without enable_debug nothing is described.
        let mut plain = ModuleWriter::default();
        assert!(plain.subprogram("k", "a.c", 1).is_none());
        assert!(!plain.render("e", "t", &[]).contains("llvm.dbg.cu"));
    }

    #[test]
    fn writer_opens_a_dead_block_after_a_terminator() {
        let mut w = FnWriter::new();
        w.terminate("ret void");
        w.line("%x = add i32 1, 2");
        let text = w.finish("define void @f()");
        assert!(
            text.contains("b1.dead:\n  %x = add i32 1, 2\n  unreachable"),
            "{text}"
        );
    }
}
