//! Calls: program functions by name with the C calling convention of x86-64 System V, math
//! library functions (LLVM intrinsics where LLVM lowers them inline, libm otherwise on the
//! host, libdevice or ocml on GPUs), and the OpenACC device queries.

use acc_ir::body::{Builtin, ExprId, ExprKind, MathFn};
use acc_ir::{ScalarKind, Span, TypeHandle, TypeInner};

use super::arith::intrinsic_suffix;
use super::threads::Gpu;
use super::{Cx, R};
use crate::device::emulate::EMU_HEAP_PREFIX;
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::{self, Ty};

/// `acc_device_not_host` and `acc_device_multicore` in `openacc.h`: the device types a multicore
/// kernel runs on.
const ACC_DEVICE_NOT_HOST: i128 = accc_abi::device_type::NOT_HOST as i128;
const ACC_DEVICE_MULTICORE: i128 = accc_abi::device_type::MULTICORE as i128;
/// `acc_device_nvidia` and `acc_device_radeon`: the device types of GPU kernels.
const ACC_DEVICE_NVIDIA: i128 = accc_abi::device_type::NVIDIA as i128;
const ACC_DEVICE_RADEON: i128 = accc_abi::device_type::RADEON as i128;

/// How one C value travels through a call by value: LLVM argument pieces with their
/// attributes.
struct AbiValue {
    pieces: Vec<(Ty, &'static str, String)>,
}

/// How a value of one C type crosses a call between functions (an argument or a result).
///
/// Scalars and pointers travel as x86-64 System V passes them, so that a multicore kernel can
/// call the host compiler's version of a function it does not define. Structs and unions travel
/// by address ([`Abi::Address`]): an internal convention, only between functions accc defines
/// (every routine of a GPU device module; on the host, the routines a kernel object defines
/// itself, [`Cx::internal_callee`]). An argument is the address of memory holding the value,
/// which the callee copies into its own storage before anything else; a result is written by
/// the callee through an extra first parameter, the address of a slot the caller allocates.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Abi {
    /// One value of this LLVM type, with its attribute as a parameter list spells it after the
    /// type (`" zeroext"`, `" signext"` or `""`).
    Direct(Ty, &'static str),
    /// `float _Complex`: one `<2 x float>`.
    ComplexVector,
    /// `double _Complex`: the real and the imaginary part, two `double` arguments (a result is
    /// one `{ double, double }`, [`Abi::Direct`] of the register type).
    ComplexParts,
    /// A struct or union, by address.
    Address,
}

/// The LLVM type of a `float _Complex` argument or result.
fn complex_vector() -> Ty {
    Ty::Vector(2, Box::new(Ty::F32))
}

impl<'a> Cx<'a> {
    /// A call of the program's function `function`.
    pub(crate) fn call(
        &mut self,
        function: &str,
        args: &[ExprId],
        ty: TypeHandle,
        span: Span,
    ) -> R<Option<Val>> {
        // The callee may write memory (a routine's loops run on the calling thread): in the
        // redundant code of a kernel for a thread pool every thread would run it.
        self.note_effect(&format!("a call of '{function}'"));
        let internal = self.internal_callee(function);
        // A user's routine of the same name would not link on a GPU (`malloc` and `free` are
        // the PTX system calls).
        let library = acc_ir::body::device_library(function);
        let symbol = match self.gpu() {
            // ROCm's device heap needs the HIP runtime's host-call service, which accc's
            // launches do not set up.
            Some(Gpu::Amdgpu) if library => {
                return Err(self.unsupported(
                    span,
                    format!("'{function}' in device code is not supported on AMD GPUs"),
                ))
            }
            // The emulator's device heap ([`crate::device::emulate`]).
            Some(Gpu::Emulated) if library => format!("{EMU_HEAP_PREFIX}{function}"),
            _ => function.to_string(),
        };
        let function = symbol.as_str();
        let mut params: Vec<(Ty, &'static str)> = Vec::new();
        let mut operands = Vec::new();
        let result_slot = if self.result_abi(ty, span)? == Abi::Address {
            self.require_internal(internal, function, ty, span, "returns")?;
            let storage = self.storage_ty(ty, span, "the result")?;
            let slot = self.w.alloca(&storage);
            operands.push(format!("ptr noalias {}", slot.repr));
            params.push((Ty::Ptr, " noalias"));
            Some(slot)
        } else {
            None
        };
        for &arg in args {
            let arg_ty = self.expr_ty(arg)?;
            let arg_span = self.expr_span(arg);
            if self.param_abi(arg_ty, arg_span)? == Abi::Address {
                self.require_internal(internal, function, arg_ty, arg_span, "takes")?;
                let address = self.aggregate_address(arg, arg_ty, arg_span)?;
                operands.push(format!("ptr {}", address.repr));
                params.push((Ty::Ptr, ""));
                continue;
            }
            let value = self.value(arg)?;
            let abi = self.abi_argument(value, arg_ty, arg_span)?;
            for (piece_ty, attribute, repr) in abi.pieces {
                operands.push(format!("{piece_ty}{attribute} {repr}"));
                params.push((piece_ty, attribute));
            }
        }
        let (ret, ret_attribute) = match result_slot {
            Some(_) => (Ty::Void, ""),
            None => self.abi_result(ty, span)?,
        };
        self.mw
            .declare(function, &ret, ret_attribute, &params)
            .map_err(|m| self.unsupported(span, m))?;
        let call = format!(
            "call {ret_attribute}{ret} {}({})",
            global_name(function),
            operands.join(", ")
        );
        if matches!(ret, Ty::Void) {
            self.w.line(call);
            return match result_slot {
                Some(slot) => Ok(Some(self.load(&slot, ty, span)?)),
                None => Ok(None),
            };
        }
        let raw = self.w.assign(ret, call);
        match self.scalar(ty) {
            Some(ScalarKind::Complex { width: 32 }) => Ok(Some(self.complex_from_vector(&raw))),
            _ => Ok(Some(raw)),
        }
    }

    /// Whether a call of `function` reaches a function accc defines, so that structs and unions
    /// can travel by [`Abi::Address`]: on a GPU every callee is a routine of the device module;
    /// on the host, the routines the kernel object defines ([`crate::host::routines`]) and the
    /// exported device versions of other files' procedures.
    pub(crate) fn internal_callee(&self, function: &str) -> bool {
        self.device.is_some()
            || function.starts_with(acc_ir::body::EXPORT_PREFIX)
            || self
                .module
                .device_functions
                .iter()
                .any(|f| f.symbol == function && crate::host::routines::definable(self.module, f))
    }

    /// Refuses a struct or union crossing a call of a function accc does not define.
    fn require_internal(
        &self,
        internal: bool,
        function: &str,
        ty: TypeHandle,
        span: Span,
        what: &str,
    ) -> R<()> {
        if internal {
            return Ok(());
        }
        Err(self.unsupported(
            span,
            format!(
                "'{function}' {what} a '{}' by value and has no device version in this file",
                self.module.types.display(ty)
            ),
        ))
    }

    /// The address of memory holding the value of struct or union argument `arg`: the place a
    /// load reads (the callee copies it at once), or a temporary the value is stored in.
    fn aggregate_address(&mut self, arg: ExprId, ty: TypeHandle, span: Span) -> R<Val> {
        if let Some(ExprKind::Load(address)) = self.body.exprs.get(arg).map(|e| &e.kind) {
            // Inside a GPU critical section loads must stay volatile: copy through a register.
            if !self.volatile_memory {
                return self.value(*address);
            }
        }
        let value = self.value(arg)?;
        let storage = self.storage_ty(ty, span, "the argument")?;
        let slot = self.w.alloca(&storage);
        self.store(&slot, &value, ty, span)?;
        Ok(slot)
    }

    /// How an argument of C type `ty` is passed ([`Abi`]).
    pub(crate) fn param_abi(&mut self, ty: TypeHandle, span: Span) -> R<Abi> {
        match self.inner(ty)? {
            TypeInner::Struct { .. } => Ok(Abi::Address),
            TypeInner::Scalar(ScalarKind::Complex { width: 32 }) => Ok(Abi::ComplexVector),
            TypeInner::Scalar(ScalarKind::Complex { width: 64 }) => Ok(Abi::ComplexParts),
            TypeInner::Scalar(ScalarKind::Complex { .. }) => Err(self.unsupported(
                span,
                "passing a long double complex value to a function is not supported",
            )),
            TypeInner::Scalar(kind) => {
                let attribute = match *kind {
                    ScalarKind::Bool { .. } => " zeroext",
                    ScalarKind::Int { signed, width } if width < 32 => {
                        if signed {
                            " signext"
                        } else {
                            " zeroext"
                        }
                    }
                    _ => "",
                };
                let (reg, _) = self.abi_result(ty, span)?;
                Ok(Abi::Direct(reg, attribute))
            }
            TypeInner::Pointer { .. } => Ok(Abi::Direct(Ty::Ptr, "")),
            _ => Err(self.unsupported(
                span,
                format!(
                    "passing a value of type '{}' to a function is not supported in kernels",
                    self.module.types.display(ty)
                ),
            )),
        }
    }

    /// How a result of C type `ty` is returned: [`Abi::Address`] for structs and unions,
    /// otherwise [`Abi::Direct`] of [`Cx::abi_result`] (its attribute as a function header
    /// spells it before the type: `"zeroext "`).
    pub(crate) fn result_abi(&mut self, ty: TypeHandle, span: Span) -> R<Abi> {
        if matches!(self.inner(ty)?, TypeInner::Struct { .. }) {
            return Ok(Abi::Address);
        }
        let (reg, attribute) = self.abi_result(ty, span)?;
        Ok(Abi::Direct(reg, attribute))
    }

    /// The `<2 x float>` a `float _Complex` crosses calls as, from its `{ float, float }`.
    pub(crate) fn complex_to_vector(&mut self, value: &Val) -> Val {
        let vector = complex_vector();
        let re = self.complex_part(value, 0);
        let im = self.complex_part(value, 1);
        let first = self.w.assign(
            vector.clone(),
            format!("insertelement {vector} poison, {}, i32 0", re.typed()),
        );
        self.w.assign(
            vector,
            format!("insertelement {}, {}, i32 1", first.typed(), im.typed()),
        )
    }

    /// The `{ float, float }` of a `float _Complex` received as `<2 x float>`.
    pub(crate) fn complex_from_vector(&mut self, vector: &Val) -> Val {
        let re = self
            .w
            .assign(Ty::F32, format!("extractelement {}, i32 0", vector.typed()));
        let im = self
            .w
            .assign(Ty::F32, format!("extractelement {}, i32 1", vector.typed()));
        self.complex_make(&re, &im)
    }

    /// How one argument value travels by value: LLVM argument pieces with their attributes.
    fn abi_argument(&mut self, value: Val, ty: TypeHandle, span: Span) -> R<AbiValue> {
        let single = |ty: Ty, attribute: &'static str, repr: String| AbiValue {
            pieces: vec![(ty, attribute, repr)],
        };
        match self.param_abi(ty, span)? {
            Abi::Direct(Ty::I1, attribute) => Ok(single(Ty::I1, attribute, value.repr)),
            Abi::Direct(_, attribute) => Ok(single(value.ty.clone(), attribute, value.repr)),
            Abi::ComplexVector => {
                let vector = self.complex_to_vector(&value);
                Ok(single(vector.ty, "", vector.repr))
            }
            Abi::ComplexParts => {
                let re = self.complex_part(&value, 0);
                let im = self.complex_part(&value, 1);
                Ok(AbiValue {
                    pieces: vec![(Ty::F64, "", re.repr), (Ty::F64, "", im.repr)],
                })
            }
            Abi::Address => Err(self.internal("a struct argument passed by value")),
        }
    }

    /// The LLVM type and attribute (`"zeroext "`, `"signext "` or `""`) of a result of C type
    /// `ty` returned by value (not a struct or union: [`Cx::result_abi`]).
    pub(crate) fn abi_result(&mut self, ty: TypeHandle, span: Span) -> R<(Ty, &'static str)> {
        match self.inner(ty)? {
            TypeInner::Void => Ok((Ty::Void, "")),
            TypeInner::Pointer { .. } => Ok((Ty::Ptr, "")),
            TypeInner::Scalar(kind) => match *kind {
                ScalarKind::Bool { .. } => Ok((Ty::I1, "zeroext ")),
                ScalarKind::Int { signed, width } if width < 32 => {
                    let reg = ty::scalar_reg(*kind).map_err(|m| self.unsupported(span, m))?;
                    Ok((reg, if signed { "signext " } else { "zeroext " }))
                }
                ScalarKind::Int { .. } | ScalarKind::Float { .. } => Ok((
                    ty::scalar_reg(*kind).map_err(|m| self.unsupported(span, m))?,
                    "",
                )),
                ScalarKind::Complex { width: 32 } => Ok((complex_vector(), "")),
                ScalarKind::Complex { width: 64 } => Ok((Ty::Struct(vec![Ty::F64, Ty::F64]), "")),
                ScalarKind::Complex { .. } => Err(self.unsupported(
                    span,
                    "calling a function that returns a long double complex value is not supported",
                )),
            },
            _ => Err(self.unsupported(
                span,
                format!(
                    "calling a function that returns '{}' is not supported in kernels",
                    self.module.types.display(ty)
                ),
            )),
        }
    }

    /// A math library function of the operands' float type (or integer `abs`).
    pub(crate) fn math(
        &mut self,
        function: MathFn,
        args: &[ExprId],
        ty: TypeHandle,
        span: Span,
    ) -> R<Val> {
        if args.len() != function.arity() {
            return Err(self.internal(format!(
                "{} takes {} operands, not {}",
                function.c_name(),
                function.arity(),
                args.len()
            )));
        }
        let result_kind = self.scalar_of(ty, span, "a math function result")?;
        let mut operands = Vec::with_capacity(args.len());
        for &arg in args {
            let arg_ty = self.expr_ty(arg)?;
            let arg_kind = self.scalar_of(arg_ty, span, "a math function operand")?;
            let value = self.value(arg)?;
            operands.push(self.convert_scalar(value, arg_kind, result_kind, span)?);
        }
        if function == MathFn::Iabs {
            let ScalarKind::Int { width, .. } = result_kind else {
                return Err(self.unsupported(span, "integer abs of a value that is not an integer"));
            };
            let name = format!("llvm.abs.i{width}");
            let int = Ty::Int(u32::from(width));
            self.mw
                .declare_plain(&name, &int, &[int.clone(), Ty::I1])
                .map_err(|m| self.internal(m))?;
            return Ok(self.w.assign(
                int,
                format!(
                    "call {} {}({}, i1 false)",
                    operands[0].ty,
                    global_name(&name),
                    operands[0].typed()
                ),
            ));
        }
        let ScalarKind::Float { width } = result_kind else {
            return Err(self.unsupported(
                span,
                format!(
                    "{} of a {} value",
                    function.c_name(),
                    result_kind.mlir_name()
                ),
            ));
        };
        let float = ty::float_ty(width).map_err(|m| self.unsupported(span, m))?;
        let name = match self.device_math_name(function, &float, span)? {
            Some(name) => name,
            None => self.host_math_name(function, width, &float),
        };
        let params = vec![float.clone(); operands.len()];
        self.mw
            .declare_plain(&name, &float, &params)
            .map_err(|m| self.unsupported(span, m))?;
        let list: Vec<String> = operands.iter().map(Val::typed).collect();
        Ok(self.w.assign(
            float.clone(),
            format!("call {float} {}({})", global_name(&name), list.join(", ")),
        ))
    }

    /// The function a math call becomes on the host: an intrinsic or libm.
    fn host_math_name(&self, function: MathFn, width: u8, float: &Ty) -> String {
        match (intrinsic_name(function), float) {
            (Some(intrinsic), Ty::F32 | Ty::F64 | Ty::F80) => {
                format!("llvm.{intrinsic}.{}", intrinsic_suffix(float))
            }
            _ => {
                let suffix = match width {
                    32 => "f",
                    64 => "",
                    80 => "l",
                    _ => "f128",
                };
                format!("{}{suffix}", function.c_name())
            }
        }
    }

    /// The function a math call becomes on a GPU (`None` on the host): an intrinsic the GPU
    /// back end lowers inline, or libdevice's `__nv_*` (NVPTX) / ocml's `__ocml_*` (AMDGPU),
    /// linked into the device module. Never an intrinsic that needs a libcall: LLVM aborts on
    /// those for GPUs.
    fn device_math_name(&self, function: MathFn, float: &Ty, span: Span) -> R<Option<String>> {
        let Some(device) = &self.device else {
            return Ok(None);
        };
        let bits = match float {
            Ty::F32 => 32,
            Ty::F64 => 64,
            _ => {
                return Err(self.unsupported(
                    span,
                    format!(
                        "'{}' on long double values has no device implementation",
                        function.c_name()
                    ),
                ))
            }
        };
        if let Some(intrinsic) = intrinsic_name(function) {
            return Ok(Some(format!(
                "llvm.{intrinsic}.{}",
                intrinsic_suffix(float)
            )));
        }
        let name = match device.gpu {
            // The host's libm, what the x86-64 lowering calls.
            Gpu::Emulated => format!("{}{}", function.c_name(), if bits == 32 { "f" } else { "" }),
            Gpu::Nvptx => format!(
                "__nv_{}{}",
                function.c_name(),
                if bits == 32 { "f" } else { "" }
            ),
            Gpu::Amdgpu => format!("__ocml_{}_f{bits}", function.c_name()),
        };
        if !device.math {
            let library = match device.gpu {
                Gpu::Nvptx | Gpu::Emulated => {
                    "libdevice (set ACCC_LIBDEVICE or install the nvidia-cuda-nvcc-cu12 wheel)"
                }
                Gpu::Amdgpu => "ocml (set ACCC_OCML_DIR or install Debian's rocm-device-libs)",
            };
            return Err(crate::CodegenError::NoDeviceMath {
                span: if span.is_known() { span } else { self.span },
                message: format!(
                    "'{}{}' has no device implementation: {library} was not found",
                    function.c_name(),
                    if bits == 32 { "f" } else { "" }
                ),
            });
        }
        Ok(Some(name))
    }

    /// `acc_on_device(dev)` in a multicore kernel: true for `acc_device_multicore` and
    /// `acc_device_not_host`, false for every other device type.
    pub(crate) fn builtin(
        &mut self,
        builtin: Builtin,
        args: &[ExprId],
        ty: TypeHandle,
        span: Span,
    ) -> R<Val> {
        match builtin {
            Builtin::AccOnDevice => {
                let [device] = args else {
                    return Err(self.internal("acc_on_device takes one operand"));
                };
                let this = match self.gpu() {
                    None => ACC_DEVICE_MULTICORE,
                    Some(Gpu::Nvptx | Gpu::Emulated) => ACC_DEVICE_NVIDIA,
                    Some(Gpu::Amdgpu) => ACC_DEVICE_RADEON,
                };
                let device = self.value_i64(*device)?;
                let multicore = self.icmp("eq", &device, &Val::i64(this as i64));
                let not_host = self.icmp("eq", &device, &Val::i64(ACC_DEVICE_NOT_HOST as i64));
                let on = self.bin("or", &multicore, &not_host);
                self.bool_to_type(on, ty, span)
            }
        }
    }
}

/// The LLVM intrinsic for a math function, where x86-64 lowers it without surprises.
fn intrinsic_name(function: MathFn) -> Option<&'static str> {
    Some(match function {
        MathFn::Sqrt => "sqrt",
        MathFn::Fabs => "fabs",
        MathFn::Floor => "floor",
        MathFn::Ceil => "ceil",
        MathFn::Trunc => "trunc",
        MathFn::Round => "round",
        MathFn::Fma => "fma",
        MathFn::Copysign => "copysign",
        MathFn::Fmin => "minnum",
        MathFn::Fmax => "maxnum",
        _ => return None,
    })
}
