//! The host emitter for Fortran: rewrites a Fortran file so that every executable directive
//! calls into the runtime, keeping the user's original statements as the fallback branch.
//!
//! Fortran cannot take the address of an arbitrary variable or build the runtime's structures
//! portably, so each directive gets a small C function, its *shim*, written into a C file that is
//! compiled next to the rewritten Fortran. The Fortran side passes the shim every variable the
//! directive needs as an assumed-rank, assumed-type argument (`type(*), dimension(..)`), which
//! gfortran passes as a Fortran 2018 C descriptor (`CFI_cdesc_t`) without copying, even for
//! non-contiguous sections; and every host expression the directive evaluates (bounds, `if`,
//! `async`, `num_gangs`, lower bounds of arrays) as one `integer(8)` array. The shim then does
//! what the C host emitter's inline code does: data entry, the kernel launch, data exit.
//!
//! Passing the variables as actual arguments also tells gfortran that the call may read and
//! write them, so no value stays cached in a register across a kernel that changes it.
//!
//! For a compute construct the directive line becomes (on the same line, so that line numbers
//! never move):
//! ```fortran
//! block; integer(8) :: accc_v(K); interface; integer(c_int) function accc_f(m, v, d1, ...) &
//!   bind(c, name='__accc_f3_1a2b3c4d'); ...; end interface; accc_v = [integer(8) :: ...]
//!   if (accc_f(0_4, accc_v, a, n) == 0) then
//! <the original statements: the fallback, run when no kernel was launched>
//! end if; if (accc_f(1_4, accc_v, a, n) /= 0) continue; end block !$acc end parallel
//! ```
//! Mode 0 performs the data entry and, when the current device runs kernels, launches them and
//! returns 1; mode 1 performs the data exit. `data` constructs wrap their block the same way;
//! `enter data`, `exit data`, `update`, `wait`, `init`, `shutdown` and `set` become one call.
//!
//! Kernel arguments follow the multicore kernel ABI (`codegen/src/host/kernel.rs`); an array's
//! address is its first element's, and the lower bounds and strides device code needs
//! ([`acc_ir::Derived`]) come from `lbound` and the descriptor's `sm`.

mod host_data;

use super::body::descriptor::{deferred_rank, descriptor_bytes};
use crate::host_plan::{
    Arg, AttachPoint, Condition, DataCall, Item, ItemForm, Launch, Plan, Planner, RegionData,
};
use crate::runtime_calls::{c_string, device_call, queue_args, skips, wait_call, ACCRT_NO_KERNELS};
use crate::{Analysis, Placement};
use acc_ir::body::Kernel;
use acc_ir::*;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Keeping a compute construct's private variables as they were around its host fallback (see
/// [`Emitter::kept_privates`]): declarations of the saved copies, the statements before and
/// after, and the private variables declared anew around the fallback.
#[derive(Default)]
struct KeptPrivates {
    declarations: String,
    save: String,
    restore: String,
    /// Declarations of private variables in a `block` around the fallback.
    shadows: String,
    /// Inquiries about the shadowed variables, before the block (see `kept_privates`).
    inquiries: String,
}

/// The Fortran type of a saved copy of a variable of type `ty`: intrinsic scalars, derived
/// types, and arrays of them, with the array's extents in Fortran's order (the type's outermost
/// layer is the last dimension; a whole-array copy needs the same shape, not the same lower
/// bounds); an extent that is not a constant makes the copy allocatable. `None` for other
/// types.
fn saved_type(types: &TypeTable, ty: TypeHandle) -> Option<(String, Option<Vec<Option<u64>>>)> {
    let mut extents = Vec::new();
    let mut element = ty;
    while let TypeInner::Array {
        element: inner,
        size,
        ..
    } = types.get(element)
    {
        extents.push(match size {
            ArraySize::Constant(n) => Some(*n),
            _ => None,
        });
        element = *inner;
    }
    extents.reverse();
    let spec = match types.get(element) {
        TypeInner::Scalar(kind) => crate::fortran::kind_spelling(*kind),
        TypeInner::Struct {
            name: Some(name), ..
        } if types.descriptor_rank(element).is_none() => {
            format!("type({name})")
        }
        _ => return None,
    };
    Some((spec, (!extents.is_empty()).then_some(extents)))
}

/// Whether `ty` is a Fortran derived type or an array of one (see [`Designator::described`]).
fn is_derived(types: &TypeTable, ty: TypeHandle) -> bool {
    match types.get(ty) {
        TypeInner::Array { element, .. } => is_derived(types, *element),
        TypeInner::Struct { members, .. } => match types.descriptor_rank(ty) {
            // An allocatable or pointer array component: its elements'.
            Some(_) => match members.first().map(|m| types.get(m.ty)) {
                Some(TypeInner::Pointer { pointee }) => is_derived(types, *pointee),
                _ => false,
            },
            None => true,
        },
        TypeInner::Opaque(name) => name.starts_with("type("),
        _ => false,
    }
}

/// The rewritten Fortran and the C file of its shims.
#[derive(Clone, Debug, Default)]
pub struct HostSources {
    /// Free-form Fortran (fixed-form input is converted), with the original line numbers.
    pub fortran: String,
    /// The shims; empty when the file has no executable directive.
    pub c: String,
}

/// Helpers the shims use, after the runtime's declarations (`accc_abi::c::prelude`).
const C_HELPERS: &str = "/* The bytes from the lowest to the highest element of the section lo..hi (zero-based, per\n\
   dimension; n == 0: the whole object) of the data `d` describes. */\n\
static void __accf_range(const CFI_cdesc_t *d, int n, const long long *lo, const long long *hi, void **host, unsigned long *bytes) {\n\
  long long first = 0, last = 0; int empty = 0;\n\
  for (int k = 0; k < d->rank; k++) {\n\
    long long a, b, sm = (long long)d->dim[k].sm;\n\
    if (k < n) { a = lo[k]; b = hi[k]; } else { a = 0; b = (long long)d->dim[k].extent - 1; if (d->dim[k].extent < 0) b = 0; }\n\
    if (b < a) empty = 1;\n\
    a *= sm; b *= sm;\n\
    first += a < b ? a : b; last += a < b ? b : a;\n\
  }\n\
  *host = (char *)d->base_addr + first;\n\
  *bytes = empty ? 0 : (unsigned long)(last - first) + (unsigned long)d->elem_len;\n\
}\n\
/* The device address of the data `d` describes when it is present, whole or in part (a section\n\
   mapped by an enclosing data construct), or its host address where it is not present (the\n\
   host and multicore devices share the host's memory); an error naming the variable when its\n\
   present parts are separate device copies. */\n\
static void *__accf_present(const CFI_cdesc_t *d, const char *name) { void *host; unsigned long bytes; __accf_range(d, 0, 0, 0, &host, &bytes); void *device = __accrt_deviceptr_of(host, bytes, name); return device ? (char *)device + ((char *)d->base_addr - (char *)host) : d->base_addr; }\n\
/* The descriptor `d` of an object of derived type from what accc_describe (libaccrt_fortran)\n\
   wrote of it into r: address, element size, rank, then lower bound, extent and distance in\n\
   bytes of each dimension. */\n\
static CFI_cdesc_t *__accf_described(CFI_cdesc_t *d, const long long *r) {\n\
  if (r[2] < 0) { extern int dprintf(int, const char *, ...); extern void exit(int); dprintf(2, \"accrt: error: an array of derived type of rank above 7 in a directive: accc passes such arrays up to rank 7\\n\"); exit(1); }\n\
  d->base_addr = (void *)r[0]; d->elem_len = (size_t)r[1]; d->version = CFI_VERSION; d->rank = (CFI_rank_t)r[2];\n\
  d->attribute = CFI_attribute_other; d->type = CFI_type_struct;\n\
  for (int k = 0; k < d->rank; k++) { d->dim[k].lower_bound = (CFI_index_t)r[3 + 3 * k]; d->dim[k].extent = (CFI_index_t)r[4 + 3 * k]; d->dim[k].sm = (CFI_index_t)r[5 + 3 * k]; }\n\
  return d;\n\
}\n";

/// Rewrites `analysis.preprocessed` into free-form Fortran that calls the shims, and writes the
/// shims. `fixed` says the text is fixed form. `compiled` names the kernels that exist in the
/// kernel object (`None`: all of `module.kernels`); the other compute constructs keep only
/// their host fallback. Returns the sources and warnings, or the errors of constructs it cannot
/// express.
pub fn emit_host(
    analysis: &Analysis,
    compiled: Option<&[String]>,
    fixed: bool,
) -> Result<(HostSources, Vec<Diagnostic>), Vec<Diagnostic>> {
    let text = if fixed {
        super::fixed_form::convert_columns(&analysis.preprocessed, analysis.fixed_columns).text
    } else {
        analysis.preprocessed.clone()
    };
    let module = &analysis.module;
    let tag = crate::lowering::tu_tag(module.files.name(FileId(0)));
    let mut emitter = Emitter {
        module,
        unassignable: &analysis.unassignable,
        deferred_scalars: &analysis.deferred_scalars,
        text: &text,
        placements: &analysis.placements,
        planner: Planner::new(module, compiled),
        edits: Vec::new(),
        blanks: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
        shims: String::new(),
        tag,
        counter: 0,
    };
    // Before everything else at the start of an execution part (the declarations must precede
    // the first BLOCK).
    for (at, declarations) in &analysis.implicit_declarations {
        emitter.edits.push(Edit {
            at: *at,
            order: i64::MIN,
            text: declarations.clone(),
        });
    }
    let mut stack: Vec<(Handle<Op>, usize)> = Vec::new();
    for op in &module.globals {
        stack.push((*op, 0));
    }
    for function in &module.functions {
        stack.extend(function.body.iter().map(|op| (*op, 0)));
    }
    while let Some((op, depth)) = stack.pop() {
        emitter.op(op, depth);
        if let Some(body) = module.ops[op].body() {
            stack.extend(body.iter().map(|inner| (*inner, depth + 1)));
        }
    }
    if !emitter.errors.is_empty() {
        return Err(emitter.errors);
    }
    let warnings = std::mem::take(&mut emitter.warnings);
    Ok((emitter.finish(), warnings))
}

/// One text insertion at an offset; at equal offsets, lower `order` goes first.
struct Edit {
    at: u32,
    order: i64,
    text: String,
}

struct Emitter<'a> {
    module: &'a Module,
    /// Variables the host code may not assign ([`Analysis::unassignable`]).
    unassignable: &'a std::collections::HashSet<Handle<Variable>>,
    /// Scalar allocatable and pointer module variables ([`Analysis::deferred_scalars`]).
    deferred_scalars: &'a std::collections::HashSet<Handle<Variable>>,
    /// The text being rewritten (fixed form already converted).
    text: &'a str,
    placements: &'a HashMap<Handle<Op>, Placement>,
    /// The runtime calls of each directive.
    planner: Planner<'a>,
    edits: Vec<Edit>,
    /// Directive lines, replaced by spaces (newlines kept).
    blanks: Vec<std::ops::Range<u32>>,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    shims: String,
    /// The translation unit's tag, for unique shim names.
    tag: String,
    counter: usize,
}

/// What one shim receives: the Fortran designators passed as descriptors (`d1`, `d2`, ... in
/// the shim) and the Fortran integer expressions of its `v` array.
#[derive(Default)]
struct Operands {
    designators: Vec<Designator>,
    values: Vec<String>,
}

/// A Fortran object a shim reads through a C descriptor.
struct Designator {
    text: String,
    /// An object of derived type: gfortran passes no such object as `type(*)` when its type has
    /// type-bound or final procedures or type parameters, or when it is polymorphic (Fortran
    /// 2018 §15.5.2.4), so the library routine `accc_describe` (runtime/fortran/describe.f90)
    /// writes what its descriptor would hold into an `integer(8)` array, `accc_wK`, which the
    /// shim receives instead and makes a descriptor of (`__accf_described`).
    described: bool,
}

impl Operands {
    /// The shim's name for the descriptor of `designator`, passed as an actual argument.
    fn designator(&mut self, designator: &str) -> String {
        self.object(designator, false)
    }

    /// The shim's name for the descriptor of `designator`; `described`: see
    /// [`Designator::described`].
    fn object(&mut self, designator: &str, described: bool) -> String {
        let index = match self.designators.iter().position(|d| d.text == designator) {
            Some(index) => index,
            None => {
                self.designators.push(Designator {
                    text: designator.to_string(),
                    described,
                });
                self.designators.len() - 1
            }
        };
        format!("d{}", index + 1)
    }

    /// A C expression for the value of the Fortran expression `fortran` (already `integer(8)`).
    fn value(&mut self, fortran: String) -> String {
        let index = match self.values.iter().position(|v| *v == fortran) {
            Some(index) => index,
            None => {
                self.values.push(fortran);
                self.values.len() - 1
            }
        };
        format!("v[{index}]")
    }

    /// A C `long long` expression for a host expression of the IR.
    fn host(&mut self, module: &Module, e: ExprHandle) -> String {
        let expr = &module.exprs[e];
        match expr.value {
            Some(value) => format!("{value}LL"),
            None => self.value(format!("int({}, 8)", expr.text)),
        }
    }

    /// A C `int` that is 1 when the Fortran logical expression holds.
    fn condition(&mut self, module: &Module, e: ExprHandle) -> String {
        let text = &module.exprs[e].text;
        format!("(int){}", self.value(format!("merge(1_8, 0_8, {text})")))
    }
}

impl<'a> Emitter<'a> {
    fn finish(self) -> HostSources {
        let mut bytes: Vec<u8> = self.text.as_bytes().to_vec();
        for range in &self.blanks {
            let end = (range.end as usize).min(bytes.len());
            for b in &mut bytes[(range.start as usize).min(end)..end] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
        let mut edits = self.edits;
        edits.sort_by_key(|e| (e.at, e.order));
        let mut out = String::with_capacity(bytes.len() + 4096);
        let mut position = 0usize;
        for edit in &edits {
            let at = (edit.at as usize).min(bytes.len());
            out.push_str(&String::from_utf8_lossy(&bytes[position..at]));
            out.push_str(&edit.text);
            position = at;
        }
        out.push_str(&String::from_utf8_lossy(&bytes[position..]));
        let c = if self.shims.is_empty() {
            String::new()
        } else {
            format!(
                "#include <ISO_Fortran_binding.h>\n{}{C_HELPERS}{}",
                accc_abi::c::prelude(),
                self.shims
            )
        };
        HostSources { fortran: out, c }
    }

    fn fresh(&mut self) -> usize {
        self.counter += 1;
        self.counter
    }

    fn op(&mut self, handle: Handle<Op>, depth: usize) {
        let Some(placement) = self.placements.get(&handle).cloned() else {
            return;
        };
        let function = placement.function.clone().unwrap_or_default();
        // (Fortran's sections are all described by descriptors: none is unsupported.)
        let (plan, _) = self.planner.plan(handle);
        let result = match plan {
            Plan::Region {
                condition,
                queues,
                data,
                compute,
            } => match compute {
                Some(compute) => self.compute(
                    handle, &condition, queues, data, compute, &placement, &function, depth,
                ),
                None => self.data(
                    handle, &condition, queues, data, &placement, &function, depth,
                ),
            },
            Plan::Data { .. } | Plan::Wait { .. } | Plan::Device { .. } => {
                self.standalone(handle, plan, &placement, &function)
            }
            Plan::Declare { global: true, data } => {
                self.module_declare(handle, &data, &function);
                Ok(())
            }
            Plan::Declare {
                global: false,
                data,
            } => self.local_declare(handle, &data, &placement, &function),
            Plan::HostData {
                condition,
                use_device,
                if_present,
            } => self.host_data(
                handle, &condition, use_device, if_present, &placement, &function, depth,
            ),
            // Loops, atomics, cache and routines act through the kernels.
            Plan::Nothing => Ok(()),
        };
        if let Err(message) = result {
            let span = self.module.ops.get_span(handle);
            self.errors.push(Diagnostic::error(span, message));
        }
    }

    fn location(&self, handle: Handle<Op>, function: &str) -> String {
        let span = self.module.ops.get_span(handle);
        let kind = &self.module.ops[handle].kind;
        let lines = self
            .placements
            .get(&handle)
            .map(|placement| placement.lines)
            .unwrap_or_default();
        let no_kernels = matches!(kind, OpKind::Compute(_)) && !self.planner.launches(handle);
        format!(
            "static const __accrt_loc __acc_l = {};",
            crate::runtime_calls::loc_initialiser(
                self.module.files.name(span.file),
                function,
                span.line,
                &lines,
                kind,
                no_kernels
            )
        )
    }

    /// The Fortran designator of the data an op names, without its section (`a`, `t%v`, and
    /// through elements of arrays of derived type, `a(1)%d`, `c%t(i,j)%f%v`, the subscripts
    /// of each element as written, in the user's scope).
    fn designator(&self, data: &DataOp) -> Result<String, String> {
        Ok(self.designator_of(data.var, &data.path))
    }

    /// The Fortran designator of `var` and `path` (see [`Emitter::designator`]).
    fn designator_of(&self, var: Handle<Variable>, path: &[PathStep]) -> String {
        let mut text = self.module.variables[var].name.clone();
        let mut subscripts: Vec<&str> = Vec::new();
        for step in path {
            match step {
                PathStep::Member { name, .. } => {
                    if !subscripts.is_empty() {
                        let _ = write!(text, "({})", subscripts.join(", "));
                        subscripts.clear();
                    }
                    let _ = write!(text, "%{name}");
                }
                PathStep::Index(e) => subscripts.push(&self.module.exprs[*e].text),
            }
        }
        if !subscripts.is_empty() {
            let _ = write!(text, "({})", subscripts.join(", "));
        }
        text
    }

    /// C statements computing the host range of each item's data and the `__accrt_data`
    /// initialisers. Returns (statements, initialisers, items).
    fn data_items(
        &self,
        operands: &mut Operands,
        items: &[Item],
        prefix: &str,
    ) -> Result<DataItems, String> {
        let mut code = String::new();
        let mut initialisers = Vec::new();
        for item in items {
            let data = &self.module.data_ops[item.op];
            let (action, flags) = (item.action, item.flags);
            let AttachPoint::Descriptor {
                holder_steps,
                offset,
                rank,
            } = (match item.form {
                ItemForm::Attach(point) => point,
                _ => {
                    let i = initialisers.len();
                    let range = self.data_range(
                        operands,
                        data,
                        &format!("{prefix}h{i}"),
                        &format!("{prefix}b{i}"),
                    )?;
                    code.push_str(&range);
                    initialisers.push(format!(
                        "{{ {prefix}h{i}, {prefix}b{i}, {}, {action}, {flags}, 0, 0, 0 }}",
                        c_string(&data.name)
                    ));
                    continue;
                }
            })
            else {
                continue;
            };
            // The base address of the component's descriptor inside the holder's device copy
            // is attached to the device copy of the data (device code reads the element
            // addresses from that descriptor). The holder is of derived type: it has the
            // component.
            let holder = self.designator_of(data.var, &data.path[..holder_steps]);
            let parent = operands.object(&holder, true);
            // The item names the whole descriptor: the runtime writes the host's there before
            // the device address (the holder's device copy may date from before the
            // component's allocation).
            initialisers.push(format!(
                "{{ (char *){parent}->base_addr + {offset}, {}, {}, {action}, {flags}, 0, 0, 0 }}",
                descriptor_bytes(rank as u32),
                c_string(&data.name)
            ));
        }
        Ok((code, initialisers, items.to_vec()))
    }

    /// C statements setting `host` and `bytes` to the host range of an op's data (its section,
    /// or the whole object).
    fn data_range(
        &self,
        operands: &mut Operands,
        data: &DataOp,
        host: &str,
        bytes: &str,
    ) -> Result<String, String> {
        let descriptor = operands.object(
            &self.designator(data)?,
            is_derived(&self.module.types, data.ty),
        );
        let mut lows = Vec::new();
        let mut highs = Vec::new();
        for b in &data.bounds {
            let bounds = &self.module.bounds[*b];
            let Some(upper) = bounds.upperbound else {
                return Err(format!(
                    "the extent of '{}' is not known here; give it as a section 'x(lower:upper)'",
                    data.name
                ));
            };
            lows.push(operands.host(self.module, bounds.lowerbound));
            highs.push(operands.host(self.module, upper));
        }
        let mut code = format!("void *{host}; unsigned long {bytes}; ");
        if lows.is_empty() {
            let _ = write!(
                code,
                "__accf_range({descriptor}, 0, 0, 0, &{host}, &{bytes}); "
            );
        } else {
            let _ = write!(
                code,
                "{{ const long long lo[] = {{ {} }}, hi[] = {{ {} }}; __accf_range({descriptor}, {}, lo, hi, &{host}, &{bytes}); }} ",
                lows.join(", "),
                highs.join(", "),
                lows.len()
            );
        }
        Ok(code)
    }

    /// The C condition of a construct (`if` and not `self`), its values passed in `v`.
    fn condition(&self, operands: &mut Operands, condition: &Condition) -> String {
        let cond = condition
            .if_
            .map(|e| operands.condition(self.module, e))
            .unwrap_or_else(|| "1".into());
        match condition.self_ {
            Some(self_cond) => {
                let self_cond = self_cond
                    .map(|e| operands.condition(self.module, e))
                    .unwrap_or_else(|| "1".into());
                format!("({cond}) && !({self_cond})")
            }
            None => cond,
        }
    }

    /// `async, waits, nwaits` arguments, declaring the waits array in `decls`.
    fn queue_args(
        &self,
        operands: &mut Operands,
        queues: &AsyncWait,
        decls: &mut String,
    ) -> String {
        queue_args(queues, decls, |e| operands.host(self.module, e))
    }

    /// The body of the shim of a construct with a region: mode 0 enters the data and runs
    /// `launch` (which returns 1 when it launched), mode 1 exits the data.
    #[allow(clippy::too_many_arguments)]
    fn region_body(
        &self,
        handle: Handle<Op>,
        function: &str,
        decls: &str,
        cond: &str,
        queue: &str,
        entries: DataItems,
        exits: DataItems,
        launch: &str,
    ) -> String {
        let loc = self.location(handle, function);
        let (entry_code, entry_items, kept) = entries;
        let (exit_code, exit_items, kept_exits) = exits;
        let (skip_start, skip_end) = skips(cond);
        format!(
            "{loc}{decls} int __acc_if = {cond}; if (__m == 0) {{ {entry_code}__accrt_data __acc_e[] = {}; if (__acc_if) __accrt_enter(__acc_e, {}, {queue}, &__acc_l);{skip_start} {launch}return 0; }} {exit_code}__accrt_data __acc_x[] = {}; if (__acc_if) __accrt_exit(__acc_x, {}, {queue}, &__acc_l);{skip_end} return 0;",
            init_list(&entry_items),
            kept.len(),
            init_list(&exit_items),
            kept_exits.len()
        )
    }

    /// Writes the shim `name` with `body` (which may use `__m`, `v` and the descriptors), and
    /// returns the Fortran block header declaring its interface and filling `accc_v`.
    fn shim(&mut self, name: &str, operands: &Operands, body: &str) -> String {
        self.shim_with_addresses(name, operands, body, None)
    }

    /// [`Emitter::shim`], where `addresses` = `Some((count, declarations))` also gives the shim
    /// an array `void **c` of `count` addresses it fills (the Fortran `accc_c`, `type(c_ptr)`),
    /// and adds `declarations` (Fortran, which may name `accc_c_ptr` and `accc_c_f_pointer`) to
    /// the block's specification part.
    fn shim_with_addresses(
        &mut self,
        name: &str,
        operands: &Operands,
        body: &str,
        addresses: Option<(usize, &str)>,
    ) -> String {
        let mut params = String::from("int __m, const long long *v");
        let mut dummies = String::from("m, v");
        if addresses.is_some() {
            params.push_str(", void **c");
            dummies.push_str(", c");
        }
        let mut prologue = String::new();
        for (index, designator) in (1..).zip(&operands.designators) {
            if designator.described {
                let _ = write!(params, ", const long long *w{index}");
                let _ = write!(
                    prologue,
                    "CFI_CDESC_T(CFI_MAX_RANK) __acc_s{index}; CFI_cdesc_t *d{index} = __accf_described((CFI_cdesc_t *)&__acc_s{index}, w{index}); "
                );
            } else {
                let _ = write!(params, ", CFI_cdesc_t *d{index}");
            }
            let _ = write!(dummies, ", d{index}");
        }
        let _ = writeln!(
            self.shims,
            "int {name}({params}) {{ (void)v; {prologue}{body} }}"
        );
        let count = operands.values.len().max(1);
        let mut header = String::from("block; ");
        if addresses.is_some() {
            header.push_str("use, intrinsic :: iso_c_binding, only: accc_c_ptr => c_ptr, accc_c_f_pointer => c_f_pointer; ");
        }
        let _ = write!(
            header,
            "integer(8) :: accc_v({count}); interface; integer(c_int) function accc_f({dummies}) bind(c, name='{name}'); use, intrinsic :: iso_c_binding, only: c_int, c_long_long{}; integer(c_int), value :: m; integer(c_long_long) :: v(*); ",
            if addresses.is_some() { ", c_ptr" } else { "" }
        );
        if addresses.is_some() {
            header.push_str("type(c_ptr) :: c(*); ");
        }
        let (described, passed): (Vec<_>, Vec<_>) = (1..)
            .zip(&operands.designators)
            .partition(|(_, d)| d.described);
        if !passed.is_empty() {
            let list: Vec<String> = passed.iter().map(|(i, _)| format!("d{i}")).collect();
            let _ = write!(header, "type(*), dimension(..) :: {}; ", list.join(", "));
        }
        if !described.is_empty() {
            let list: Vec<String> = described.iter().map(|(i, _)| format!("d{i}(*)")).collect();
            let _ = write!(header, "integer(c_long_long) :: {}; ", list.join(", "));
        }
        header.push_str("end function; ");
        if !described.is_empty() {
            header.push_str("subroutine accc_describe(a, r); class(*), dimension(..), target :: a; integer(8), intent(out) :: r(48); end subroutine; ");
        }
        header.push_str("end interface; ");
        for (i, _) in &described {
            let _ = write!(header, "integer(8) :: accc_w{i}(48); ");
        }
        if let Some((count, declarations)) = addresses {
            let _ = write!(
                header,
                "type(accc_c_ptr) :: accc_c({}); {declarations}",
                count.max(1)
            );
        }
        if operands.values.is_empty() {
            header.push_str("accc_v = 0; ");
        } else {
            let _ = write!(
                header,
                "accc_v = [integer(8) :: {}]; ",
                operands.values.join(", ")
            );
        }
        for (i, designator) in &described {
            let _ = write!(
                header,
                "call accc_describe({}, accc_w{i}); ",
                designator.text
            );
        }
        header
    }

    /// The Fortran call of the current shim in `mode`.
    fn call(operands: &Operands, mode: u32) -> String {
        Self::call_with(operands, mode, "")
    }

    /// [`Emitter::call`] with `extra` (`, accc_c`) after the values.
    fn call_with(operands: &Operands, mode: u32, extra: &str) -> String {
        // The mode's kind is written out: `-fdefault-integer-8` makes a bare `0` integer(8),
        // and the dummy is integer(c_int) (`-finteger-4-integer-8` promotes both alike).
        let mut text = format!("accc_f({mode}_4, accc_v{extra}");
        for (index, designator) in (1..).zip(&operands.designators) {
            if designator.described {
                let _ = write!(text, ", accc_w{index}");
            } else {
                let _ = write!(text, ", {}", designator.text);
            }
        }
        text.push(')');
        text
    }

    fn shim_name(&mut self) -> String {
        let n = self.fresh();
        format!("__accc_f{n}_{}", self.tag)
    }

    #[allow(clippy::too_many_arguments)]
    fn compute(
        &mut self,
        handle: Handle<Op>,
        condition: &Condition,
        queues: &AsyncWait,
        data: RegionData,
        compute: crate::host_plan::ComputePlan,
        placement: &Placement,
        function: &str,
        depth: usize,
    ) -> Result<(), String> {
        let Some(statement) = placement.statement.clone() else {
            return Ok(());
        };
        let mut operands = Operands::default();
        let mut decls = String::new();
        let cond = self.condition(&mut operands, condition);
        let queue = self.queue_args(&mut operands, queues, &mut decls);
        let entries = self.data_items(&mut operands, &data.entries, "__e")?;
        let exits = self.data_items(&mut operands, &data.exits, "__x")?;
        let mut launch = String::new();
        let construct = compute.construct;
        if let Some(launches) = &compute.launches {
            let kernels: Vec<&Kernel> = launches.iter().map(|l| l.kernel).collect();
            let _ = write!(
                launch,
                "if (__acc_if && __accrt_use_kernels_of({construct}, &__acc_l, {})) {{ ",
                crate::runtime_calls::kernel_names(&kernels)
            );
            for one in launches {
                launch.push_str(&self.launch(one, &queue, &mut operands));
            }
            launch.push_str("return 1; } ");
        } else {
            // No kernel: the host code runs; the runtime still hears of it (the compute
            // construct events, the fault report of the fallback).
            let _ = write!(
                launch,
                "if (__acc_if) (void)__accrt_use_kernels({}, &__acc_l); ",
                construct | ACCRT_NO_KERNELS
            );
        }
        let body = self.region_body(
            handle, function, &decls, &cond, &queue, entries, exits, &launch,
        );
        let name = self.shim_name();
        let kept = self.kept_privates(handle, &compute);
        let mut header = self.shim(&name, &operands, &body);
        // The saved values are declared with the shim's interface, before the first statement.
        let values_at = header.rfind("accc_v = ").unwrap_or(header.len());
        header.insert_str(values_at, &kept.declarations);
        let (open, close) = if kept.shadows.is_empty() {
            (String::new(), "")
        } else {
            (
                format!("; block; {}", kept.shadows.trim_end_matches("; ")),
                "end block; ",
            )
        };
        // The values are saved and restored on the fallback's path alone, after the entry call:
        // that call takes the variables by reference, so gfortran does not warn about saving
        // one the program has not set yet (a loop index the region sets first).
        let save = kept.save.trim_end_matches("; ");
        let save = if save.is_empty() {
            String::new()
        } else {
            format!("; {save}")
        };
        let prefix = format!(
            "{header}{}if ({} == 0) then{open}{save}",
            kept.inquiries,
            Self::call(&operands, 0)
        );
        let suffix = format!(
            "{}{close}end if; if ({} /= 0) continue; end block ",
            kept.restore,
            Self::call(&operands, 1),
        );
        self.wrap(placement, statement, depth, prefix, suffix);
        Ok(())
    }

    /// The private and firstprivate variables of a compute construct (and of its loop, when
    /// combined) that its code writes: the construct must leave them as they were, as the
    /// kernels do, while the host fallback runs the user's statements. A private variable is
    /// declared anew in a `block` around the fallback (its value is undefined inside anyway); a
    /// firstprivate one is saved before the construct and restored after it (its copy starts
    /// from the variable's value), as is a private array of run-time shape, which a `block`
    /// cannot declare. Variables of a type accc cannot spell (allocatable and pointer arrays,
    /// characters) keep the fallback's writes. An `intent(in)` dummy is never restored: no
    /// code may change it (a routine it is passed to takes it `intent(in)` too), and gfortran
    /// refuses the assignment.
    fn kept_privates(
        &mut self,
        handle: Handle<Op>,
        compute: &crate::host_plan::ComputePlan,
    ) -> KeptPrivates {
        let mut kept = KeptPrivates::default();
        let Some(code) = self.module.region_code.get(&handle) else {
            return kept;
        };
        let written = acc_ir::passes::writes::written_variables(code);
        let ops: Vec<(Handle<DataOp>, bool)> = compute
            .private
            .iter()
            .map(|&op| (op, false))
            .chain(compute.firstprivate.iter().map(|&op| (op, true)))
            .chain(compute.loop_private.iter().map(|&op| (op, false)))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for (op, first) in ops {
            let data = &self.module.data_ops[op];
            let var = data.var;
            // (An implicit private is a loop variable, which the fallback's loop sets first;
            // an implicit firstprivate, a scalar the code names without a clause, is kept like
            // an explicit one: the kernels leave the original as it was.)
            if (data.implicit && !first)
                || first && self.unassignable.contains(&var)
                || !data.path.is_empty()
                || !written.contains(&var)
                || !seen.insert(var)
            {
                continue;
            }
            let variable = &self.module.variables[var];
            let Some((spec, shape)) = saved_type(&self.module.types, variable.ty) else {
                continue;
            };
            let name = &variable.name;
            if !first {
                let declared = match &shape {
                    None => Some(format!("{spec} :: {name}; ")),
                    Some(extents) if extents.iter().all(Option::is_some) => {
                        let extents: Vec<String> =
                            extents.iter().flatten().map(u64::to_string).collect();
                        Some(format!("{spec} :: {name}({}); ", extents.join(",")))
                    }
                    Some(_) => None,
                };
                if let Some(declared) = declared {
                    kept.shadows.push_str(&declared);
                    // The variable may be used only inside the construct: an inquiry (which
                    // reads no value) keeps gfortran's -Wunused-variable quiet about it.
                    let _ = write!(kept.inquiries, "if (storage_size({name}) < 0) continue; ");
                    continue;
                }
            }
            let temp = format!("accc_p{}", self.fresh());
            match shape {
                None => {
                    let _ = write!(kept.declarations, "{spec} :: {temp}; ");
                    let _ = write!(kept.save, "{temp} = {name}; ");
                }
                Some(extents) if extents.iter().all(Option::is_some) => {
                    let extents: Vec<String> =
                        extents.iter().flatten().map(u64::to_string).collect();
                    let _ = write!(
                        kept.declarations,
                        "{spec} :: {temp}({}); ",
                        extents.join(",")
                    );
                    let _ = write!(kept.save, "{temp} = {name}; ");
                }
                Some(extents) => {
                    let shape = vec![":"; extents.len()].join(",");
                    let _ = write!(
                        kept.declarations,
                        "{spec}, allocatable :: {temp}({shape}); "
                    );
                    let _ = write!(kept.save, "allocate({temp}, source={name}); ");
                }
            }
            let _ = write!(kept.restore, "{name} = {temp}; ");
        }
        kept
    }

    #[allow(clippy::too_many_arguments)]
    fn data(
        &mut self,
        handle: Handle<Op>,
        condition: &Condition,
        queues: &AsyncWait,
        data: RegionData,
        placement: &Placement,
        function: &str,
        depth: usize,
    ) -> Result<(), String> {
        let Some(statement) = placement.statement.clone() else {
            return Ok(());
        };
        let mut operands = Operands::default();
        let mut decls = String::new();
        let cond = self.condition(&mut operands, condition);
        let queue = self.queue_args(&mut operands, queues, &mut decls);
        let entries = self.data_items(&mut operands, &data.entries, "__e")?;
        let exits = self.data_items(&mut operands, &data.exits, "__x")?;
        let body = self.region_body(handle, function, &decls, &cond, &queue, entries, exits, "");
        let name = self.shim_name();
        let header = self.shim(&name, &operands, &body);
        let prefix = format!("{header}if ({} /= 0) continue", Self::call(&operands, 0));
        let suffix = format!(
            "if ({} /= 0) continue; end block ",
            Self::call(&operands, 1)
        );
        self.wrap(placement, statement, depth, prefix, suffix);
        Ok(())
    }

    fn standalone(
        &mut self,
        handle: Handle<Op>,
        plan: Plan,
        placement: &Placement,
        function: &str,
    ) -> Result<(), String> {
        let mut operands = Operands::default();
        let mut decls = String::new();
        let loc = self.location(handle, function);
        let code = match plan {
            Plan::Data {
                call,
                condition,
                queues,
                items,
            } => {
                let cond = self.condition(&mut operands, &condition);
                let queue = self.queue_args(&mut operands, queues, &mut decls);
                let (code, initialisers, items) = self.data_items(&mut operands, &items, "__e")?;
                // Made for an `allocate` or `deallocate` of a declared module array: its
                // descriptor's device copy follows the data (`body/descriptor.rs`).
                let (before, after) = match placement.pragma.is_empty() {
                    true => self.descriptor_updates(&items, &cond, call),
                    false => (String::new(), String::new()),
                };
                format!(
                    "{code}__accrt_data __acc_e[] = {}; {before}if ({cond}) {}(__acc_e, {}, {queue}, &__acc_l);{after}{}",
                    init_list(&initialisers),
                    call.function(),
                    items.len(),
                    skips(&cond).0
                )
            }
            Plan::Wait {
                condition,
                list,
                async_,
            } => {
                let cond = self.condition(&mut operands, &condition);
                let call = wait_call(&list, async_, &mut decls, |e| operands.host(self.module, e));
                format!("if ({cond}) {call};")
            }
            Plan::Device {
                call,
                condition,
                device_type,
                device_num,
            } => {
                let cond = self.condition(&mut operands, &condition);
                let call = device_call(call, device_type, device_num, |e| {
                    operands.host(self.module, e)
                });
                format!("if ({cond}) {call};")
            }
            _ => return Ok(()),
        };
        let name = self.shim_name();
        let body = format!("(void)__m; {loc}{decls} {code} return 0;");
        let header = self.shim(&name, &operands, &body);
        self.blanks.push(placement.pragma.clone());
        let mut text = format!(
            "{header}if ({} /= 0) continue; end block",
            Self::call(&operands, 0)
        );
        if placement.pragma.is_empty() {
            // Made for an `allocate` (after it) or a `deallocate` (before it) of declared data.
            let at = placement.pragma.start as usize;
            let line_start = self.text[..at].rfind('\n').map_or(0, |p| p + 1);
            text = if self.text[line_start..at].trim().is_empty() {
                format!("{text}; ")
            } else {
                format!("; {text}")
            };
        }
        self.edits.push(Edit {
            at: placement.pragma.start,
            order: 0,
            text,
        });
        Ok(())
    }

    /// A `declare` in a module's specification part: a constructor in the shim file enters the
    /// data when the program starts, naming each variable by gfortran's symbol for it
    /// (`__<module>_MOD_<name>`, or its `bind(c)` name). Variables whose size is not static (allocatable, pointer)
    /// are left out with a warning.
    fn module_declare(&mut self, handle: Handle<Op>, data: &RegionData, module_name: &str) {
        let mut items = Vec::new();
        for entry in data
            .entries
            .iter()
            .filter(|item| item.form == ItemForm::Block)
        {
            let (data_handle, action) = (entry.op, entry.action);
            let data = &self.module.data_ops[data_handle];
            let variable = &self.module.variables[data.var];
            let bytes = static_bytes(&self.module.types, variable.ty);
            if (bytes.is_none() && self.deferred_shape(data_handle))
                || self.deferred_scalars.contains(&data.var)
            {
                // Allocatable or pointer: mapped at each `allocate` (see the frontend); a
                // scalar one's symbol holds the address of its value.
                continue;
            }
            let (Some(bytes), true, false) = (bytes, data.path.is_empty(), module_name.is_empty())
            else {
                let span = self.module.data_ops.get_span(data_handle);
                self.warnings.push(Diagnostic::warning(
                    span,
                    format!(
                        "'declare' of '{}' is ignored: accc maps module variables of static size only (the data is mapped by the constructs that use it instead)",
                        data.name
                    ),
                ));
                continue;
            };
            let symbol = variable.symbol.clone().unwrap_or_else(|| {
                format!(
                    "__{}_MOD_{}",
                    module_name.to_ascii_lowercase(),
                    variable.name.to_ascii_lowercase()
                )
            });
            items.push((symbol, bytes, data.name.clone(), action));
        }
        if items.is_empty() {
            return;
        }
        let loc = self.location(handle, module_name);
        let n = self.fresh();
        let mut externs = String::new();
        let mut list = Vec::new();
        for (symbol, bytes, name, action) in &items {
            let _ = write!(externs, "extern char {symbol}[]; ");
            list.push(format!(
                "{{ (void *){symbol}, {bytes}UL, {}, {action}, 0, 0, 0, 0 }}",
                c_string(name)
            ));
        }
        let _ = writeln!(
            self.shims,
            "{externs}__attribute__((constructor)) static void __accf_declare{n}(void) {{ {loc} static __accrt_data __acc_e[] = {}; __accrt_enter(__acc_e, {}, -2, 0, 0, &__acc_l); }}",
            init_list(&list),
            items.len()
        );
    }

    /// The calls that keep the device copies of module arrays' descriptors in step with an
    /// `allocate` (after its `enter data`: the descriptor with the device copy's address) or a
    /// `deallocate` (before its `exit data`: `base_addr` cleared), as C statements to put
    /// before and after the data call. The runtime writes a descriptor only where a loaded
    /// image defines it (a device routine uses the array).
    fn descriptor_updates(&self, items: &[Item], cond: &str, call: DataCall) -> (String, String) {
        let clear = call == DataCall::Exit;
        let mut calls = String::new();
        for item in items.iter().filter(|item| item.form == ItemForm::Block) {
            let variable = &self.module.variables[self.module.data_ops[item.op].var];
            let (Storage::Global, Some(symbol)) = (variable.storage, variable.symbol.as_ref())
            else {
                continue;
            };
            if !symbol.contains("_MOD_") {
                // A `bind(c)` array: device routines do not use its (C) descriptor.
                continue;
            }
            let Some(rank) = deferred_rank(&self.module.types, variable.ty) else {
                continue;
            };
            let _ = write!(
                calls,
                " {{ extern char {symbol}[]; extern void __accrt_declare_descriptor(void *, unsigned long, int); if ({cond}) __accrt_declare_descriptor({symbol}, {}UL, {}); }}",
                descriptor_bytes(rank),
                i32::from(clear)
            );
        }
        match clear {
            true => (format!("{calls} "), String::new()),
            false => (String::new(), calls),
        }
    }

    /// Whether the variable of a data op is an allocatable or pointer array (its shape is
    /// `size(...)` at run time): `declare` maps those at their `allocate` (see the frontend).
    fn deferred_shape(&self, data: Handle<DataOp>) -> bool {
        let ty = self.module.variables[self.module.data_ops[data].var].ty;
        matches!(
            self.module.types.get(ty),
            TypeInner::Array { size: ArraySize::Variable(text), .. } if text.starts_with("size(")
        )
    }

    /// A `declare` in a procedure or program: its data is entered where the execution part
    /// begins and exited where it ends. The execution part becomes a named `block` and each
    /// of its `return`s an `exit` from it, so the exit runs whichever way the unit is left
    /// (3.3 §2.13: the data lives as long as the unit's execution). Allocatable and pointer
    /// variables are left to their `allocate`/`deallocate` (see the frontend).
    fn local_declare(
        &mut self,
        handle: Handle<Op>,
        data: &RegionData,
        placement: &Placement,
        function: &str,
    ) -> Result<(), String> {
        let Some(edges) = placement.scope.clone() else {
            return Ok(());
        };
        let entry_items: Vec<Item> = data
            .entries
            .iter()
            .copied()
            .filter(|item| !self.deferred_shape(item.op))
            .collect();
        let exit_items: Vec<Item> = data
            .exits
            .iter()
            .copied()
            .filter(|item| !self.deferred_shape(item.op))
            .collect();
        let mut operands = Operands::default();
        let entries = self.data_items(&mut operands, &entry_items, "__e")?;
        let exits = self.data_items(&mut operands, &exit_items, "__x")?;
        if entries.2.is_empty() && exits.2.is_empty() {
            return Ok(());
        }
        let body = self.region_body(handle, function, "", "1", "-2, 0, 0", entries, exits, "");
        let name = self.shim_name();
        let header = self.shim(&name, &operands, &body);
        let label = format!("accc_d{}", self.fresh());
        self.edits.push(Edit {
            at: edges.start,
            order: i64::MIN / 2,
            text: format!(
                "{header}if ({} /= 0) continue; {label}: block; ",
                Self::call(&operands, 0)
            ),
        });
        self.edits.push(Edit {
            at: edges.end,
            order: i64::MAX / 2,
            text: format!(
                "end block {label}; if ({} /= 0) continue; end block; ",
                Self::call(&operands, 1)
            ),
        });
        for range in &edges.returns {
            self.blanks.push(range.clone());
            self.edits.push(Edit {
                at: range.start,
                order: 0,
                text: format!("exit {label}"),
            });
        }
        Ok(())
    }

    /// Replaces the directive line with `prefix` and puts `suffix` where the construct ends: on
    /// the line of its `!$acc end` directive (before it), or after its statement.
    fn wrap(
        &mut self,
        placement: &Placement,
        statement: std::ops::Range<u32>,
        depth: usize,
        prefix: String,
        suffix: String,
    ) {
        self.blanks.push(placement.pragma.clone());
        self.blanks.extend(placement.erase.iter().cloned());
        // A construct without a directive line (`do concurrent` under
        // `-fdo-concurrent-to-acc=`) shares its statement's line.
        let prefix = if placement.pragma.is_empty() {
            format!("{prefix}; ")
        } else {
            prefix
        };
        self.edits.push(Edit {
            at: placement.pragma.start,
            order: depth as i64,
            text: prefix,
        });
        // A block ends at its `!$acc end` directive, whose line the suffix starts; a statement
        // ends after its last token, and the suffix joins its line.
        let text = if self.starts_end_directive(statement.end) {
            suffix
        } else {
            format!("; {}", suffix.trim_end())
        };
        self.edits.push(Edit {
            at: statement.end,
            order: -(depth as i64),
            text,
        });
    }

    /// Whether an `!$acc end` directive starts at `offset` (the end of a block construct)
    /// rather than a statement ending there.
    fn starts_end_directive(&self, offset: u32) -> bool {
        self.text
            .get(offset as usize..)
            .and_then(|rest| rest.get(..5))
            .is_some_and(|sentinel| sentinel.eq_ignore_ascii_case("!$acc"))
    }
}

/// The size in bytes of a type whose size is known at compile time: scalars, arrays of
/// constant extent and derived types of them, laid out as gfortran lays them out (C's rules,
/// [`TypeTable::c_layout`]).
fn static_bytes(types: &TypeTable, ty: TypeHandle) -> Option<u64> {
    types.c_layout(ty).map(|(bytes, _)| bytes)
}

/// What [`Emitter::data_items`] builds: the C statements computing each item's host range, the
/// `__accrt_data` initialisers, and the items.
type DataItems = (String, Vec<String>, Vec<Item>);

/// A C initialiser list with a trailing zero entry, so that it is never empty.
fn init_list(items: &[String]) -> String {
    if items.is_empty() {
        "{ {0} }".to_string()
    } else {
        format!("{{ {}, {{0}} }}", items.join(", "))
    }
}

/// The kernels' launch code: see [`Emitter::launch`].
impl Emitter<'_> {
    /// The shim's descriptor of variable `var`, passed as an actual argument.
    fn described(&self, operands: &mut Operands, var: Handle<Variable>) -> String {
        let variable = &self.module.variables[var];
        operands.object(&variable.name, is_derived(&self.module.types, variable.ty))
    }

    /// One kernel launch: `{ arguments; __accrt_launch(...); }`.
    fn launch(&mut self, launch: &Launch, queue: &str, operands: &mut Operands) -> String {
        let module = self.module;
        let kernel = launch.kernel;
        let mut sizes = vec!["sizeof(long[4])".to_string()];
        let mut args = String::new();
        // Per argument slot: the entry that translates its host address, or -1.
        let mut via: Vec<i64> = Vec::new();
        for (i, arg) in launch.args.iter().enumerate() {
            let slot = i + 1;
            let value = match *arg {
                Arg::Derived(Derived::LowerBound { array, dim }) => {
                    let name = &module.variables[array].name;
                    operands.value(format!("int(lbound({name}, {}), 8)", dim + 1))
                }
                Arg::Derived(Derived::Extent { array, dim }) => {
                    let name = &module.variables[array].name;
                    operands.value(format!("int(size({name}, {}), 8)", dim + 1))
                }
                // (C's sections; Fortran plans none.)
                Arg::Derived(Derived::Member { .. } | Derived::SectionLength { .. }) => continue,
                Arg::Derived(Derived::Stride { array, dim }) => {
                    let array = &module.variables[array];
                    let d = operands.object(&array.name, is_derived(&module.types, array.ty));
                    format!(
                        "({dim} < {d}->rank ? (long long)({d}->dim[{dim}].sm / (CFI_index_t){d}->elem_len) : 1LL)"
                    )
                }
                // The host address, which the runtime translates through entry `j` (`via`).
                Arg::EntryDevice { var, entry: j } => {
                    let d = self.described(operands, var);
                    sizes.push("sizeof(void *)".to_string());
                    via.resize(slot, -1);
                    via.push(j as i64);
                    let _ = write!(args, "__acc_a[{slot}] = {d}->base_addr; ");
                    continue;
                }
                Arg::PresentDevice { var } => {
                    let d = self.described(operands, var);
                    sizes.push("sizeof(void *)".to_string());
                    let _ = write!(
                        args,
                        "void *__acc_p{slot} = __accf_present({d}, {}); __acc_a[{slot}] = &__acc_p{slot}; ",
                        c_string(&module.variables[var].name)
                    );
                    continue;
                }
                // (C's pointers; Fortran plans none.)
                Arg::Value { var }
                | Arg::MappedPointer { var, .. }
                | Arg::UnmappedPointer { var } => {
                    let d = self.described(operands, var);
                    let _ = write!(
                        args,
                        "unsigned long __acc_n{slot}; {{ void *h; __accf_range({d}, 0, 0, 0, &h, &__acc_n{slot}); }} __acc_a[{slot}] = {d}->base_addr; "
                    );
                    sizes.push(format!("__acc_n{slot}"));
                    continue;
                }
                Arg::Private { var } => {
                    // (Its descriptor is passed although unused: the shim's interface names
                    // every parameter's variable.)
                    let _ = self.described(operands, var);
                    sizes.push("sizeof(void *)".to_string());
                    let _ = write!(
                        args,
                        "void *__acc_p{slot} = 0; __acc_a[{slot}] = &__acc_p{slot}; "
                    );
                    continue;
                }
            };
            sizes.push("sizeof(long long)".to_string());
            let _ = write!(
                args,
                "long long __acc_v{slot} = {value}; __acc_a[{slot}] = &__acc_v{slot}; "
            );
        }
        let [g1, g2, g3] =
            crate::lowering::launch_gangs(kernel, launch.compute, |e| operands.host(module, e));
        let mut spell = |e: Option<ExprHandle>| {
            e.map(|e| format!("(int){}", operands.host(module, e)))
                .unwrap_or_else(|| "0".into())
        };
        let workers = spell(launch.workers);
        let vector = spell(launch.vector);
        via.resize(sizes.len(), -1);
        let via = crate::runtime_calls::via_launch(&via);
        format!(
            "{{ extern void {name}(void **, long, long, int); long __acc_g[4] = {{ 0, {g1}, {g2}, {g3} }}; void *__acc_a[{count}]; __acc_a[0] = __acc_g; {args}unsigned long __acc_sz[] = {{ {sizes} }}; {via_table}__accrt_kernel __acc_k = {{ {literal}, {name}, 0, {count}, __acc_sz{via_field} }}; {launch_call}{grid}, 0, {workers}, {vector}, {queue}, &__acc_l); }} ",
            via_table = via.declaration,
            via_field = via.field,
            launch_call = via.call,
            name = kernel.name,
            literal = c_string(&kernel.name),
            count = sizes.len(),
            sizes = sizes.join(", "),
            grid = accc_abi::launch::GRID_ITERATIONS,
        )
    }
}
