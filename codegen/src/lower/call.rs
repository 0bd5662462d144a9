//! Calls: program functions by name with the C calling convention of x86-64 System V, math
//! library functions (LLVM intrinsics where LLVM lowers them inline, libm otherwise on the
//! host, libdevice or ocml on GPUs), and the OpenACC device queries.

use acc_ir::body::{Builtin, ExprId, MathFn};
use acc_ir::{ScalarKind, Span, TypeHandle, TypeInner};

use super::arith::intrinsic_suffix;
use super::threads::Gpu;
use super::{Cx, R};
use crate::llvm::text::{global_name, Val};
use crate::llvm::ty::{self, Ty};

/// `acc_device_not_host` and `acc_device_multicore` in `openacc.h`: the device types a multicore
/// kernel runs on.
const ACC_DEVICE_NOT_HOST: i128 = 3;
const ACC_DEVICE_MULTICORE: i128 = 6;
/// `acc_device_nvidia` and `acc_device_radeon`: the device types of GPU kernels.
const ACC_DEVICE_NVIDIA: i128 = 4;
const ACC_DEVICE_RADEON: i128 = 5;

/// How one C value travels through a call: LLVM argument pieces with their attributes.
struct AbiValue {
    pieces: Vec<(Ty, &'static str, String)>,
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
        let mut params: Vec<(Ty, &'static str)> = Vec::new();
        let mut operands = Vec::new();
        for &arg in args {
            let arg_ty = self.expr_ty(arg)?;
            let value = self.value(arg)?;
            let abi = self.abi_argument(value, arg_ty, self.expr_span(arg))?;
            for (piece_ty, attribute, repr) in abi.pieces {
                operands.push(format!("{piece_ty}{attribute} {repr}"));
                params.push((piece_ty, attribute));
            }
        }
        let (ret, ret_attribute) = self.abi_result(ty, span)?;
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
            return Ok(None);
        }
        let raw = self.w.assign(ret, call);
        match self.scalar(ty) {
            Some(ScalarKind::Complex { width: 32 }) => {
                let re = self
                    .w
                    .assign(Ty::F32, format!("extractelement {}, i32 0", raw.typed()));
                let im = self
                    .w
                    .assign(Ty::F32, format!("extractelement {}, i32 1", raw.typed()));
                Ok(Some(self.complex_make(&re, &im)))
            }
            _ => Ok(Some(raw)),
        }
    }

    fn abi_argument(&mut self, value: Val, ty: TypeHandle, span: Span) -> R<AbiValue> {
        let single = |ty: Ty, attribute: &'static str, value: &Val| AbiValue {
            pieces: vec![(ty, attribute, value.repr.clone())],
        };
        match self.inner(ty)? {
            TypeInner::Scalar(kind) => match *kind {
                ScalarKind::Bool { .. } => Ok(single(Ty::I1, " zeroext", &value)),
                ScalarKind::Int { signed, width } if width < 32 => {
                    let attribute = if signed { " signext" } else { " zeroext" };
                    Ok(single(value.ty.clone(), attribute, &value))
                }
                ScalarKind::Int { .. } | ScalarKind::Float { .. } => {
                    Ok(single(value.ty.clone(), "", &value))
                }
                ScalarKind::Complex { width: 32 } => {
                    let vector = Ty::Vector(2, Box::new(Ty::F32));
                    let re = self.complex_part(&value, 0);
                    let im = self.complex_part(&value, 1);
                    let first = self.w.assign(
                        vector.clone(),
                        format!("insertelement {vector} poison, {}, i32 0", re.typed()),
                    );
                    let both = self.w.assign(
                        vector.clone(),
                        format!("insertelement {}, {}, i32 1", first.typed(), im.typed()),
                    );
                    Ok(single(vector, "", &both))
                }
                ScalarKind::Complex { width: 64 } => {
                    let re = self.complex_part(&value, 0);
                    let im = self.complex_part(&value, 1);
                    Ok(AbiValue {
                        pieces: vec![(Ty::F64, "", re.repr), (Ty::F64, "", im.repr)],
                    })
                }
                ScalarKind::Complex { .. } => Err(self.unsupported(
                    span,
                    "passing a long double complex value to a function is not supported",
                )),
            },
            TypeInner::Pointer { .. } => Ok(single(Ty::Ptr, "", &value)),
            _ => Err(self.unsupported(
                span,
                format!(
                    "passing a value of type '{}' to a function is not supported in kernels",
                    self.module.types.display(ty)
                ),
            )),
        }
    }

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
                ScalarKind::Complex { width: 32 } => Ok((Ty::Vector(2, Box::new(Ty::F32)), "")),
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
