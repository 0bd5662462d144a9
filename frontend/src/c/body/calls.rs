//! Calls: `math.h` functions become [`ExprKind::Math`] with their operands converted to the
//! function's parameter type, `acc_on_device` a [`ExprKind::Builtin`], other functions declared
//! in the translation unit a [`ExprKind::Call`] with each argument converted to its declared
//! parameter type (default argument promotions without a prototype). Variadic functions,
//! function pointers, non-local jumps, `alloca` and complex parts are not offloaded.

use acc_ir::body::{Builtin, ExprKind, MathFn, Stmt, UnaryOp};
use acc_ir::{ScalarKind, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::super::ctypes::CType;
use super::super::Symbol;
use super::expr::unparenthesized;
use super::types::{promote, DOUBLE, INT, LONG};
use super::{Lowering, Value, R};

/// What a call needs to know about the function it calls.
struct Signature {
    /// Parameter types (arrays and functions decayed), or `None` without a prototype.
    params: Option<Vec<TypeHandle>>,
    variadic: bool,
    result: TypeHandle,
}

/// The math function a C library name denotes and the type it computes in (`sqrt`: double,
/// `sqrtf`: float, `sqrtl`: long double, `abs`: int, `labs`/`llabs`: long).
fn math_function(name: &str) -> Option<(MathFn, ScalarKind)> {
    let name = name.strip_prefix("__builtin_").unwrap_or(name);
    match name {
        "abs" => return Some((MathFn::Iabs, INT)),
        "labs" | "llabs" => return Some((MathFn::Iabs, LONG)),
        _ => {}
    }
    let function = MathFn::from_c_name(name)
        .or_else(|| MathFn::from_c_name(name.strip_suffix('l')?))
        .filter(|f| *f != MathFn::Iabs)?;
    let base = function.c_name();
    let width = if name == base {
        64
    } else if name.strip_suffix('f') == Some(base) {
        32
    } else if name.strip_suffix('l') == Some(base) {
        80
    } else {
        return None;
    };
    Some((function, ScalarKind::Float { width }))
}

/// The functions of `<complex.h>` that take a complex number apart: `creal`, `cimag`, `conj`,
/// `carg` (C11 7.3.9) and `cabs` (7.3.8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ComplexFn {
    Real,
    Imag,
    Conj,
    Abs,
    Arg,
}

/// A `<complex.h>` part function by name, with the width of its complex type.
fn complex_function(name: &str) -> Option<(ComplexFn, u8)> {
    let (base, width) = match name.strip_suffix('f') {
        Some(base) => (base, 32),
        None => (name, 64),
    };
    let function = match base {
        "creal" => ComplexFn::Real,
        "cimag" => ComplexFn::Imag,
        "conj" => ComplexFn::Conj,
        "cabs" => ComplexFn::Abs,
        "carg" => ComplexFn::Arg,
        _ => return None,
    };
    Some((function, width))
}

/// Names whose calls cannot run on a device, with the reason.
fn forbidden(name: &str) -> Option<String> {
    let reason = match name {
        "setjmp" | "_setjmp" | "sigsetjmp" | "__sigsetjmp" | "longjmp" | "_longjmp"
        | "siglongjmp" => "non-local jumps are not supported in device code",
        "alloca" | "__builtin_alloca" | "__builtin_alloca_with_align" => {
            "dynamic stack allocation is not supported in device code"
        }
        "creall" | "cimagl" | "conjl" | "cargl" | "cabsl" | "cprojl" => {
            "long double complex is not supported in device code"
        }
        "cproj" | "cprojf" => "'cproj' is not supported in device code",
        _ => return None,
    };
    Some(format!("call to '{name}' ({reason})"))
}

impl<'a> Lowering<'a> {
    pub(super) fn call(&mut self, node: Node<'a>) -> R<Value> {
        let (Some(function), Some(arguments)) = (
            node.child_by_field_name("function"),
            node.child_by_field_name("arguments"),
        ) else {
            return self.fail(node, "malformed call");
        };
        let mut cursor = arguments.walk();
        let args: Vec<Node<'a>> = arguments
            .named_children(&mut cursor)
            .filter(|a| a.kind() != "comment")
            .collect();
        if let Some(type_name) = self.parenthesized_typedef(function) {
            return self.typedef_cast_of_call(type_name, &args, node);
        }
        let callee = unparenthesized(function);
        if callee.kind() != "identifier" {
            return self.fail(node, "calls through function pointers");
        }
        let name = self.text(callee);
        if let Some(reason) = forbidden(name) {
            return self.fail(node, reason);
        }

        let at = callee.start_byte() as u32;
        let symbol = self.unit.resolve(name, at, &mut self.module.types);
        if symbol.as_ref().is_some_and(|s| !s.is_function) {
            return self.fail(
                node,
                format!("calls through function pointers ('{name}' is a variable)"),
            );
        }
        if name == "__builtin_expect" && args.len() == 2 {
            let value = self.expr(args[0])?;
            let long = self.scalar(LONG);
            return Ok(Value::Plain(self.convert_value(value, long, args[0])?));
        }
        if name == "acc_on_device" && args.len() == 1 {
            let value = self.expr(args[0])?;
            let int = self.scalar(INT);
            let device = self.convert_value(value, int, args[0])?;
            let builtin = ExprKind::Builtin {
                builtin: Builtin::AccOnDevice,
                args: vec![device],
            };
            return Ok(Value::Plain(self.e(builtin, int, node)));
        }
        let defined_here = self
            .unit
            .function_named(name)
            .is_some_and(|f| f.is_definition);
        if let Some((function, kind)) = math_function(name).filter(|_| !defined_here) {
            return self.math(node, name, function, kind, &args);
        }
        if let Some((part, width)) = complex_function(name).filter(|_| !defined_here) {
            return self.complex_function(node, name, part, width, &args);
        }
        let Some(symbol) = symbol else {
            return self.fail(node, format!("call to undeclared function '{name}'"));
        };
        let signature = self.signature(&symbol, node)?;
        if signature.variadic {
            return self.fail(node, format!("call to variadic function '{name}'"));
        }
        if let Some(params) = &signature.params {
            if params.len() != args.len() {
                return self.fail(
                    node,
                    format!(
                        "call to '{name}' with {} arguments; it takes {}",
                        args.len(),
                        params.len()
                    ),
                );
            }
        }
        let mut lowered = Vec::with_capacity(args.len());
        for (position, arg) in args.iter().enumerate() {
            let value = self.expr(*arg)?;
            let converted = match signature.params.as_ref().map(|p| p[position]) {
                Some(param) => self.convert_value(value, param, *arg)?,
                None => self.default_promotion(value, *arg)?,
            };
            lowered.push(converted);
        }
        if matches!(
            self.inner(signature.result),
            TypeInner::Array { .. } | TypeInner::Function { .. } | TypeInner::Opaque(_)
        ) {
            return self.fail(
                node,
                format!(
                    "call to '{name}' returning {}",
                    self.type_name(signature.result)
                ),
            );
        }
        let call = ExprKind::Call {
            function: name.to_string(),
            args: lowered,
        };
        Ok(Value::Plain(self.e(call, signature.result, node)))
    }

    fn math(
        &mut self,
        node: Node<'a>,
        name: &str,
        function: MathFn,
        kind: ScalarKind,
        args: &[Node<'a>],
    ) -> R<Value> {
        if args.len() != function.arity() {
            return self.fail(
                node,
                format!(
                    "call to '{name}' with {} arguments; it takes {}",
                    args.len(),
                    function.arity()
                ),
            );
        }
        let ty = self.scalar(kind);
        let mut lowered = Vec::with_capacity(args.len());
        for arg in args {
            let value = self.expr(*arg)?;
            let arg_ty = self.c_type(value);
            let real = matches!(self.scalar_kind(arg_ty), Some(k) if !k.is_complex());
            if !real {
                return self.fail(*arg, format!("'{name}' of {}", self.type_name(arg_ty)));
            }
            lowered.push(self.convert_value(value, ty, *arg)?);
        }
        Ok(Value::Plain(self.e(
            ExprKind::Math {
                function,
                args: lowered,
            },
            ty,
            node,
        )))
    }

    /// `creal`, `cimag`, `conj`, `cabs`, `carg` (C11 7.3) and their `f` forms: the argument
    /// converted to the function's complex type as its prototype does, then its parts, read
    /// through a temporary (`cabs` is `hypot` of the parts, `carg` `atan2` of them).
    fn complex_function(
        &mut self,
        node: Node<'a>,
        name: &str,
        function: ComplexFn,
        width: u8,
        args: &[Node<'a>],
    ) -> R<Value> {
        let [arg] = args else {
            return self.fail(
                node,
                format!("call to '{name}' with {} arguments; it takes 1", args.len()),
            );
        };
        let complex = self.scalar(ScalarKind::Complex { width });
        let part = self.scalar(ScalarKind::Float { width });
        let value = self.expr(*arg)?;
        let arg_ty = self.c_type(value);
        if !matches!(self.scalar_kind(arg_ty), Some(k) if !matches!(k, ScalarKind::Bool { .. })) {
            return self.fail(*arg, format!("'{name}' of {}", self.type_name(arg_ty)));
        }
        let z = self.convert_value(value, complex, *arg)?;
        let local = self.temporary("complex", complex, node);
        let address = self.local_address(local, complex, node);
        let mut stmts = vec![Stmt::Store { address, value: z }];
        let parts = self.complex_parts(local, width, node);
        let load = |this: &mut Self, place| this.e(ExprKind::Load(place), part, node);
        let value = match function {
            ComplexFn::Real => load(self, parts[0]),
            ComplexFn::Imag => load(self, parts[1]),
            ComplexFn::Abs | ComplexFn::Arg => {
                let re = load(self, parts[0]);
                let im = load(self, parts[1]);
                let (function, args) = match function {
                    ComplexFn::Abs => (MathFn::Hypot, vec![re, im]),
                    _ => (MathFn::Atan2, vec![im, re]),
                };
                self.e(ExprKind::Math { function, args }, part, node)
            }
            ComplexFn::Conj => {
                // The imaginary part negated in place; the temporary is the result.
                let im = load(self, parts[1]);
                let negated = self.e(
                    ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: im,
                    },
                    part,
                    node,
                );
                stmts.push(Stmt::Store {
                    address: parts[1],
                    value: negated,
                });
                let address = self.local_address(local, complex, node);
                self.e(ExprKind::Load(address), complex, node)
            }
        };
        Ok(Value::Plain(self.block(stmts, value, node)))
    }

    /// The default argument promotions (C11 6.5.2.2): integer promotions, `float` to `double`.
    fn default_promotion(&mut self, value: Value, node: Node) -> R<acc_ir::body::ExprId> {
        let e = self.rvalue(value, node)?;
        match self.scalar_kind(self.ty(e)) {
            Some(ScalarKind::Float { width: 32 }) => {
                let double = self.scalar(DOUBLE);
                self.convert(e, double, node)
            }
            Some(kind) => {
                let to = self.scalar(promote(kind));
                self.convert(e, to, node)
            }
            None => Ok(e),
        }
    }

    /// The parameters and result of the function `symbol` declares.
    fn signature(&mut self, symbol: &Symbol, node: Node) -> R<Signature> {
        let TypeInner::Function { result } = self.inner(symbol.ty) else {
            return self.fail(node, format!("'{}' is not a function", symbol.name));
        };
        let root = self.unit.tree.root_node();
        let range = &symbol.decl_range;
        let mut declarator =
            root.descendant_for_byte_range(range.start as usize, range.end as usize);
        while let Some(current) = declarator {
            if current.start_byte() as u32 == range.start && current.end_byte() as u32 == range.end
            {
                break;
            }
            declarator = current.parent();
        }
        let Some(parameters) = declarator.and_then(|d| self.own_parameters(d)) else {
            return Ok(Signature {
                params: None,
                variadic: false,
                result,
            });
        };
        let defined_here = self
            .unit
            .function_named(&symbol.name)
            .filter(|f| f.is_definition);
        let is_definition =
            defined_here.is_some_and(|f| f.range.start <= range.start && range.end <= f.range.end);
        let mut cursor = parameters.walk();
        let children: Vec<Node<'a>> = parameters
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let mut params = Vec::new();
        let mut variadic = false;
        for (position, parameter) in children.iter().enumerate() {
            match parameter.kind() {
                "variadic_parameter" => variadic = true,
                "parameter_declaration" => {
                    let declarator = parameter.child_by_field_name("declarator");
                    let is_void = declarator.is_none()
                        && parameter
                            .child_by_field_name("type")
                            .is_some_and(|t| self.text(t).trim() == "void");
                    if is_void && children.len() == 1 && position == 0 {
                        break;
                    }
                    params.push(self.parameter_type(*parameter, is_definition)?);
                }
                _ => {
                    return Ok(Signature {
                        params: None,
                        variadic: false,
                        result,
                    })
                }
            }
        }
        if children.is_empty() {
            return Ok(Signature {
                params: None,
                variadic: false,
                result,
            });
        }
        Ok(Signature {
            params: Some(params),
            variadic,
            result,
        })
    }

    /// The parameter list of the function a declarator declares (the innermost function
    /// declarator around the name).
    pub(super) fn own_parameters(&self, declarator: Node<'a>) -> Option<Node<'a>> {
        let mut node = declarator;
        let mut found = None;
        for _ in 0..super::MAX_DEPTH {
            if node.kind() == "function_declarator" {
                found = node.child_by_field_name("parameters");
            }
            let next = match node.kind() {
                "identifier" => return found,
                "parenthesized_declarator" | "attributed_declarator" => node.named_child(0),
                _ => node.child_by_field_name("declarator"),
            };
            node = next?;
        }
        None
    }

    /// A parameter's type: the symbol index's (exact, `_Complex` included) for a definition's
    /// named parameter, else the spelled type, decayed.
    pub(super) fn parameter_type(
        &mut self,
        parameter: Node<'a>,
        is_definition: bool,
    ) -> R<TypeHandle> {
        let declarator = parameter.child_by_field_name("declarator");
        if is_definition {
            if let Some(name) = declarator.and_then(|d| self.declared_name(d)) {
                let at = parameter.end_byte() as u32;
                if let Some(symbol) = self
                    .unit
                    .resolve(self.text(name), at, &mut self.module.types)
                {
                    if symbol.decl_range.start == parameter.start_byte() as u32 {
                        return Ok(symbol.ty);
                    }
                }
            }
        }
        let spelled = self.spelled_type(parameter, declarator)?;
        Ok(self.intern(&CType::decayed(spelled)))
    }

    /// The identifier a declarator declares.
    pub(super) fn declared_name(&self, declarator: Node<'a>) -> Option<Node<'a>> {
        let mut node = declarator;
        for _ in 0..super::MAX_DEPTH {
            match node.kind() {
                "identifier" | "field_identifier" => return Some(node),
                "parenthesized_declarator" | "attributed_declarator" => {
                    node = node.named_child(0)?
                }
                _ => node = node.child_by_field_name("declarator")?,
            }
        }
        None
    }
}
