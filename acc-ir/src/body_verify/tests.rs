//! Tests of the body IR validator: hand-built bodies, one valid of each shape and one broken for
//! each invariant.

use super::*;
use crate::ops::{LoopOp, Op, Storage, Variable};
use crate::span::Span;
use crate::types::{ArraySize, Member};

struct Fixture {
    module: Module,
    body: Body,
    i32: TypeHandle,
    i64: TypeHandle,
    u32: TypeHandle,
    f64: TypeHandle,
    f32: TypeHandle,
    i1: TypeHandle,
}

fn fixture() -> Fixture {
    let mut module = Module::default();
    let types = &mut module.types;
    let i32 = types.scalar(ScalarKind::Int {
        signed: true,
        width: 32,
    });
    let i64 = types.scalar(ScalarKind::Int {
        signed: true,
        width: 64,
    });
    let u32 = types.scalar(ScalarKind::Int {
        signed: false,
        width: 32,
    });
    let f64 = types.scalar(ScalarKind::Float { width: 64 });
    let f32 = types.scalar(ScalarKind::Float { width: 32 });
    let i1 = types.scalar(ScalarKind::Bool { width: 8 });
    Fixture {
        module,
        body: Body::default(),
        i32,
        i64,
        u32,
        f64,
        f32,
        i1,
    }
}

impl Fixture {
    fn ptr(&mut self, pointee: TypeHandle) -> TypeHandle {
        self.module.types.insert(TypeInner::Pointer { pointee })
    }
    fn e(&mut self, kind: ExprKind, ty: TypeHandle) -> ExprId {
        self.body.expr(kind, ty, Span::default())
    }
    fn int(&mut self, value: i128, ty: TypeHandle) -> ExprId {
        self.e(ExprKind::Int(value), ty)
    }
    /// A declared local of type `ty` and its address.
    fn local(&mut self, name: &str, ty: TypeHandle) -> (LocalId, ExprId) {
        let local = self
            .body
            .local(name, ty, LocalKind::Declared, Span::default());
        let ptr = self.ptr(ty);
        (local, self.e(ExprKind::Local(local), ptr))
    }
    fn load(&mut self, address: ExprId) -> ExprId {
        let ptr = self.body.exprs[address].ty;
        let TypeInner::Pointer { pointee } = self.module.types.get(ptr).clone() else {
            panic!("load of a non-pointer in a test")
        };
        self.e(ExprKind::Load(address), pointee)
    }
    fn binary(&mut self, op: BinaryOp, left: ExprId, right: ExprId, ty: TypeHandle) -> ExprId {
        self.e(ExprKind::Binary { op, left, right }, ty)
    }
    fn push(&mut self, stmt: Stmt) {
        self.body.stmts.push(stmt);
    }
    fn verify(&self) -> Result<(), BodyError> {
        verify_body(&self.module, &self.body)
    }
    /// Asserts that verification fails with a message containing `needle`.
    fn fails(&self, needle: &str) {
        match self.verify() {
            Ok(()) => panic!("verified, expected an error containing {needle:?}"),
            Err(error) => {
                let text = error.to_string();
                assert!(text.starts_with("internal error: body IR: "), "{text}");
                assert!(text.contains(needle), "{text} does not contain {needle:?}");
            }
        }
    }
}

#[test]
fn valid_body_with_every_statement_kind() {
    let mut f = fixture();
    let (i32, i64, f64, i1) = (f.i32, f.i64, f.f64, f.i1);
    let arr = f.module.types.insert(TypeInner::Array {
        element: f64,
        size: ArraySize::Constant(8),
        lower_bound: 0,
    });
    let var = f.module.variables.append(
        Variable {
            name: "a".into(),
            ty: arr,
            storage: Storage::Local,
            decl: Span::default(),
            derived: None,
            restrict: false,
            symbol: None,
        },
        Span::default(),
    );
    let loop_op = f.module.ops.append(
        Op {
            kind: OpKind::Loop(LoopOp::default()),
        },
        Span::default(),
    );
    let (i, i_addr) = f.local("i", i32);
    let zero = f.int(0, i32);
    f.push(Stmt::Declare {
        local: i,
        init: Some(zero),
    });
    // a[i] = (double)i + 1.0
    let arr_ptr = f.ptr(arr);
    let a = f.e(ExprKind::Variable(var), arr_ptr);
    let i_val = f.load(i_addr);
    let f64_ptr = f.ptr(f64);
    let elem = f.e(
        ExprKind::Index {
            base: a,
            index: i_val,
        },
        f64_ptr,
    );
    let i_val = f.load(i_addr);
    let conv = f.e(ExprKind::Cast(i_val), f64);
    let one = f.e(ExprKind::Float(1.0), f64);
    let sum = f.binary(BinaryOp::Add, conv, one, f64);
    let (lower, upper, step) = (f.int(0, i32), f.int(8, i32), f.int(1, i32));
    f.push(Stmt::AccLoop {
        op: Some(loop_op),
        controls: vec![LoopControl {
            var: LocalOrVariable::Local(i),
            lower,
            upper,
            compare: BinaryOp::Lt,
            step,
        }],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![
            Stmt::Store {
                address: elem,
                value: sum,
            },
            Stmt::Continue,
        ],
    });
    // while (i < 3) { switch (i) { case 1: break; default: } i = i + 1 }
    let i_val = f.load(i_addr);
    let three = f.int(3, i32);
    let cond = f.binary(BinaryOp::Lt, i_val, three, i1);
    let selector = f.load(i_addr);
    let i_val = f.load(i_addr);
    let one = f.int(1, i32);
    let next = f.binary(BinaryOp::Add, i_val, one, i32);
    let i_addr2 = f.e(ExprKind::Local(i), f.body.exprs[i_addr].ty);
    f.push(Stmt::Loop {
        cond: Some(cond),
        body: vec![
            Stmt::Switch {
                selector,
                cases: vec![
                    SwitchCase {
                        values: vec![1],
                        is_default: false,
                        body: vec![Stmt::Break],
                        falls_through: false,
                    },
                    SwitchCase {
                        values: vec![],
                        is_default: true,
                        body: vec![],
                        falls_through: false,
                    },
                ],
            },
            Stmt::Store {
                address: i_addr2,
                value: next,
            },
        ],
        step: vec![],
        test_after: false,
    });
    // Pointer arithmetic, a comparison, a select, a block value and math.
    let decayed = f.e(ExprKind::Decay(a), f64_ptr);
    let two = f.int(2, i64);
    let moved = f.e(
        ExprKind::PointerAdd {
            pointer: decayed,
            offset: two,
        },
        f64_ptr,
    );
    let decayed2 = f.e(ExprKind::Decay(a), f64_ptr);
    let diff = f.e(
        ExprKind::PointerDiff {
            left: moved,
            right: decayed2,
        },
        i64,
    );
    let zero64 = f.int(0, i64);
    let positive = f.binary(BinaryOp::Gt, diff, zero64, i1);
    let x = f.e(ExprKind::Float(2.0), f64);
    let root = f.e(
        ExprKind::Math {
            function: MathFn::Sqrt,
            args: vec![x],
        },
        f64,
    );
    let other = f.e(ExprKind::Float(0.0), f64);
    let chosen = f.e(
        ExprKind::Select {
            cond: positive,
            accept: root,
            reject: other,
        },
        f64,
    );
    let block = f.e(
        ExprKind::Block {
            stmts: vec![],
            value: chosen,
        },
        f64,
    );
    f.push(Stmt::Eval(block));
    let i_addr3 = f.e(ExprKind::Local(i), f.body.exprs[i_addr].ty);
    let one = f.int(1, i32);
    f.push(Stmt::Atomic {
        kind: AtomicKind::Update,
        address: i_addr3,
        op: Some(BinaryOp::Add),
        value: Some(one),
        capture: None,
        capture_old: false,
        reversed: false,
    });
    assert_eq!(f.verify(), Ok(()));
}

#[test]
fn out_of_range_handles() {
    let mut f = fixture();
    let i32 = f.i32;
    let bogus: ExprId = Handle::from_index(40);
    f.e(ExprKind::Load(bogus), i32);
    f.fails("operand %e40 out of range");

    let mut f = fixture();
    let ptr = f.ptr(f.i32);
    f.e(ExprKind::Local(Handle::from_index(3)), ptr);
    f.fails("local %l3 out of range");

    let mut f = fixture();
    let ptr = f.ptr(f.i32);
    f.e(ExprKind::Variable(Handle::from_index(0)), ptr);
    f.fails("variable [0] out of range");

    let mut f = fixture();
    f.push(Stmt::Eval(Handle::from_index(0)));
    f.fails("stmt Eval: expression %e0 out of range");

    let mut f = fixture();
    f.e(ExprKind::Int(0), Handle::from_index(999));
    f.fails("type handle out of range");
}

#[test]
fn cycles_are_rejected() {
    let mut f = fixture();
    let i32 = f.i32;
    // %e0 = %e1 + %e1, %e1 = Block { eval %e0; %e0 }.
    f.binary(
        BinaryOp::Add,
        Handle::from_index(1),
        Handle::from_index(1),
        i32,
    );
    let e0 = Handle::from_index(0);
    f.e(
        ExprKind::Block {
            stmts: vec![Stmt::Eval(e0)],
            value: e0,
        },
        i32,
    );
    f.fails("expression cycle");
}

#[test]
fn binary_operands_must_agree() {
    let mut f = fixture();
    let (i32, u32, i1) = (f.i32, f.u32, f.i1);
    let (a, b) = (f.int(1, i32), f.int(2, u32));
    f.binary(BinaryOp::Add, a, b, i32);
    f.fails("the right operand is ui32, not i32");

    let mut f = fixture();
    let (a, b) = (f.int(1, f.i32), f.int(2, f.i32));
    f.binary(BinaryOp::Mul, a, b, f.i64);
    f.fails("the result is i64, not i32");

    // Comparisons yield i1; logical operators take bools.
    let mut f = fixture();
    let (a, b) = (f.int(1, f.i32), f.int(2, f.i32));
    f.binary(BinaryOp::Lt, a, b, f.i32);
    f.fails("Lt must yield Bool");
    let mut f = fixture();
    let (a, b) = (f.int(1, f.i32), f.int(2, f.i32));
    f.binary(BinaryOp::LogicalAnd, a, b, i1);
    f.fails("LogicalAnd needs bool operands");
    // Bitwise operators need integers; shifts may mix integer types.
    let mut f = fixture();
    let (a, b) = (
        f.e(ExprKind::Float(1.0), f.f64),
        f.e(ExprKind::Float(1.0), f.f64),
    );
    f.binary(BinaryOp::BitAnd, a, b, f.f64);
    f.fails("BitAnd of f64");
    let mut f = fixture();
    let (a, b) = (f.int(1, f.i64), f.int(3, f.u32));
    f.binary(BinaryOp::Shl, a, b, f.i64);
    assert_eq!(f.verify(), Ok(()));
}

#[test]
fn places_have_the_right_pointee() {
    // Load of an address whose pointee differs from the result.
    let mut f = fixture();
    let (_, x) = f.local("x", f.i32);
    f.e(ExprKind::Load(x), f.i64);
    f.fails("the loaded type is i64, not i32");
    // Load of a non-pointer.
    let mut f = fixture();
    let v = f.int(1, f.i32);
    f.e(ExprKind::Load(v), f.i32);
    f.fails("a loaded address must be a pointer");
    // Index of an array gives the element's address.
    let mut f = fixture();
    let arr = f.module.types.insert(TypeInner::Array {
        element: f.f32,
        size: ArraySize::Constant(4),
        lower_bound: 0,
    });
    let (_, a) = f.local("a", arr);
    let i = f.int(1, f.i32);
    let wrong = f.ptr(f.f64);
    f.e(ExprKind::Index { base: a, index: i }, wrong);
    f.fails("the element type is f64, not f32");
    // Member of a struct.
    let mut f = fixture();
    let point = f.module.types.insert(TypeInner::Struct {
        name: Some("p".into()),
        members: vec![Member {
            name: "x".into(),
            ty: f.f64,
        }],
        is_union: false,
    });
    let (_, s) = f.local("s", point);
    let p = f.ptr(f.f64);
    f.e(ExprKind::Member { base: s, member: 1 }, p);
    f.fails("member #1 out of range");
    // Decay of a non-array.
    let mut f = fixture();
    let (_, x) = f.local("x", f.i32);
    let p = f.ptr(f.i32);
    f.e(ExprKind::Decay(x), p);
    f.fails("decays a non-array");
    // Local address typed wrongly.
    let mut f = fixture();
    let local = f
        .body
        .local("y", f.i32, LocalKind::Declared, Span::default());
    let p = f.ptr(f.f64);
    f.e(ExprKind::Local(local), p);
    f.fails("the local's type is f64, not i32");
}

#[test]
fn stores_and_declarations_match_types() {
    let mut f = fixture();
    let (_, x) = f.local("x", f.i32);
    let v = f.e(ExprKind::Float(1.0), f.f64);
    f.push(Stmt::Store {
        address: x,
        value: v,
    });
    f.fails("stmt Store: the stored value is f64, not i32");

    let mut f = fixture();
    let (x, _) = f.local("x", f.i32);
    let v = f.int(1, f.i64);
    f.push(Stmt::Declare {
        local: x,
        init: Some(v),
    });
    f.fails("the initial value is i64, not i32");

    let mut f = fixture();
    f.body.local(
        "v",
        f.module.types.insert(TypeInner::Void),
        LocalKind::Declared,
        Span::default(),
    );
    f.fails("local %l0.v: has non-object type none");
}

#[test]
fn constants_fit_their_types() {
    let mut f = fixture();
    f.int(1 << 31, f.i32);
    f.fails("integer constant 2147483648 does not fit i32");
    let mut f = fixture();
    f.int(-1, f.u32);
    f.fails("does not fit ui32");
    let mut f = fixture();
    f.int(4_294_967_295, f.u32);
    f.int(-2_147_483_648, f.i32);
    f.int(1, f.i1);
    assert_eq!(f.verify(), Ok(()));
    let mut f = fixture();
    f.e(ExprKind::Float(1.0), f.i32);
    f.fails("float constant of type i32");
}

#[test]
fn casts_conditions_and_math() {
    let mut f = fixture();
    let st = f.module.types.insert(TypeInner::Struct {
        name: None,
        members: vec![],
        is_union: false,
    });
    let (_, s) = f.local("s", st);
    let v = f.load(s);
    f.e(ExprKind::Cast(v), f.i32);
    f.fails("cannot cast !acc.struct<anon> to i32");

    let mut f = fixture();
    let c = f.int(1, f.i32);
    f.push(Stmt::If {
        cond: c,
        accept: vec![],
        reject: vec![],
    });
    f.fails("stmt If: condition is not a bool");

    let mut f = fixture();
    let x = f.e(ExprKind::Float(1.0), f.f32);
    f.e(
        ExprKind::Math {
            function: MathFn::Pow,
            args: vec![x],
        },
        f.f32,
    );
    f.fails("pow takes 2 operands, not 1");
    let mut f = fixture();
    let x = f.int(1, f.i32);
    f.e(
        ExprKind::Math {
            function: MathFn::Sqrt,
            args: vec![x],
        },
        f.i32,
    );
    f.fails("sqrt of type i32");
    let mut f = fixture();
    let x = f.e(ExprKind::Float(1.0), f.f32);
    f.e(
        ExprKind::Math {
            function: MathFn::Sqrt,
            args: vec![x],
        },
        f.f64,
    );
    f.fails("an operand is f32, not f64");
    // Integer to pointer and back are fine.
    let mut f = fixture();
    let p = f.ptr(f.f64);
    let x = f.int(0, f.i64);
    let cast = f.e(ExprKind::Cast(x), p);
    f.e(ExprKind::Cast(cast), f.i64);
    assert_eq!(f.verify(), Ok(()));
}

#[test]
fn control_flow_placement() {
    let mut f = fixture();
    f.push(Stmt::Break);
    f.fails("break outside a loop or switch");
    let mut f = fixture();
    f.push(Stmt::Continue);
    f.fails("continue outside a loop");
    // A break directly in an OpenACC loop is not allowed; in a switch inside it, it is.
    let mut f = fixture();
    let (i, _) = f.local("i", f.i32);
    let (l, u, s) = (f.int(0, f.i32), f.int(4, f.i32), f.int(1, f.i32));
    let sel = f.int(0, f.i32);
    let control = LoopControl {
        var: LocalOrVariable::Local(i),
        lower: l,
        upper: u,
        compare: BinaryOp::Lt,
        step: s,
    };
    let case = SwitchCase {
        values: vec![0],
        is_default: false,
        body: vec![Stmt::Break, Stmt::Continue],
        falls_through: false,
    };
    f.push(Stmt::AccLoop {
        op: None,
        controls: vec![control.clone()],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![Stmt::Switch {
            selector: sel,
            cases: vec![case],
        }],
    });
    assert_eq!(f.verify(), Ok(()));
    f.push(Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![Stmt::Break],
    });
    f.fails("out of an OpenACC loop");
    // A break inside a block expression cannot leave it.
    let mut f = fixture();
    let v = f.int(0, f.i32);
    let block = f.e(
        ExprKind::Block {
            stmts: vec![Stmt::Break],
            value: v,
        },
        f.i32,
    );
    f.push(Stmt::Loop {
        cond: None,
        body: vec![Stmt::Eval(block)],
        step: vec![],
        test_after: false,
    });
    f.fails("break outside");
}

#[test]
fn loop_controls_and_switches() {
    let mut f = fixture();
    let (i, _) = f.local("i", f.i32);
    let (l, u, s) = (f.int(0, f.i32), f.int(4, f.i64), f.int(1, f.i32));
    f.push(Stmt::AccLoop {
        op: None,
        controls: vec![LoopControl {
            var: LocalOrVariable::Local(i),
            lower: l,
            upper: u,
            compare: BinaryOp::Lt,
            step: s,
        }],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![],
    });
    f.fails("the loop's upper bound is i64, not i32");

    let mut f = fixture();
    let (i, _) = f.local("i", f.i32);
    let (l, u, s) = (f.int(0, f.i32), f.int(4, f.i32), f.int(1, f.i32));
    f.push(Stmt::AccLoop {
        op: None,
        controls: vec![LoopControl {
            var: LocalOrVariable::Local(i),
            lower: l,
            upper: u,
            compare: BinaryOp::Eq,
            step: s,
        }],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![],
    });
    f.fails("loop comparison Eq");

    let mut f = fixture();
    f.push(Stmt::AccLoop {
        op: None,
        controls: vec![],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![],
    });
    f.fails("has no loop controls");

    for (tile, message) in [
        (vec![4, 4], "has 2 tile sizes for 1 controls"),
        (vec![0], "has a tile size of 0"),
    ] {
        let mut f = fixture();
        let (i, _) = f.local("i", f.i32);
        let (l, u, s) = (f.int(0, f.i32), f.int(4, f.i32), f.int(1, f.i32));
        f.push(Stmt::AccLoop {
            op: None,
            controls: vec![LoopControl {
                var: LocalOrVariable::Local(i),
                lower: l,
                upper: u,
                compare: BinaryOp::Lt,
                step: s,
            }],
            mapping: LoopMapping::default(),
            tile,
            body: vec![],
        });
        f.fails(message);
    }

    let mut f = fixture();
    let (i, _) = f.local("i", f.i32);
    let (l, u, s) = (f.int(0, f.i32), f.int(4, f.i32), f.int(1, f.i32));
    let wait = crate::ops::WaitOp {
        arg: None,
        async_: None,
        if_cond: None,
    };
    let not_a_loop = f.module.ops.append(
        Op {
            kind: OpKind::Wait(wait),
        },
        Span::default(),
    );
    let control = LoopControl {
        var: LocalOrVariable::Local(i),
        lower: l,
        upper: u,
        compare: BinaryOp::Lt,
        step: s,
    };
    f.push(Stmt::AccLoop {
        op: Some(not_a_loop),
        controls: vec![control],
        mapping: LoopMapping::default(),
        tile: Vec::new(),
        body: vec![],
    });
    f.fails("is not an acc.loop");

    let mut f = fixture();
    let sel = f.int(0, f.i32);
    let case = |values: Vec<i128>, is_default| SwitchCase {
        values,
        is_default,
        body: vec![],
        falls_through: true,
    };
    f.push(Stmt::Switch {
        selector: sel,
        cases: vec![case(vec![1, 2], false), case(vec![2], false)],
    });
    f.fails("duplicate case value 2");
    let mut f = fixture();
    let sel = f.int(0, f.i32);
    f.push(Stmt::Switch {
        selector: sel,
        cases: vec![case(vec![], true), case(vec![], true)],
    });
    f.fails("more than one default case");
    let mut f = fixture();
    let sel = f.e(ExprKind::Float(0.0), f.f64);
    f.push(Stmt::Switch {
        selector: sel,
        cases: vec![],
    });
    f.fails("selector is not an integer");
}

#[test]
fn atomics() {
    let atomic = |kind, op, with_value: bool, with_capture: bool, value_ty: Option<TypeHandle>| {
        let mut f = fixture();
        let (_, x) = f.local("x", f.i32);
        let (_, v) = f.local("v", f.i32);
        let value = with_value.then(|| f.int(1, value_ty.unwrap_or(f.i32)));
        f.push(Stmt::Atomic {
            kind,
            address: x,
            op,
            value,
            capture: with_capture.then_some(v),
            capture_old: true,
            reversed: false,
        });
        f
    };
    assert_eq!(
        atomic(AtomicKind::Read, None, false, true, None).verify(),
        Ok(())
    );
    assert_eq!(
        atomic(AtomicKind::Write, None, true, false, None).verify(),
        Ok(())
    );
    assert_eq!(
        atomic(AtomicKind::Update, Some(BinaryOp::Add), true, false, None).verify(),
        Ok(())
    );
    assert_eq!(
        atomic(AtomicKind::Capture, Some(BinaryOp::Sub), true, true, None).verify(),
        Ok(())
    );
    assert_eq!(
        atomic(AtomicKind::Capture, None, true, true, None).verify(),
        Ok(())
    );
    atomic(AtomicKind::Read, None, true, true, None).fails("malformed atomic Read");
    atomic(AtomicKind::Update, None, true, false, None).fails("malformed atomic Update");
    atomic(AtomicKind::Write, None, true, true, None).fails("malformed atomic Write");
    atomic(AtomicKind::Update, Some(BinaryOp::Lt), true, false, None).fails("atomic operator Lt");
    let f = fixture();
    let i64 = f.i64;
    atomic(AtomicKind::Write, None, true, false, Some(i64)).fails("value i64 for an atomic on i32");
}

#[test]
fn device_functions_check_parameters_and_returns() {
    let mut f = fixture();
    f.body
        .local("a", f.i32, LocalKind::Parameter(0), Span::default());
    f.body
        .local("b", f.i32, LocalKind::Parameter(2), Span::default());
    let v = f.int(0, f.i32);
    f.push(Stmt::Return(Some(v)));
    let function = DeviceFunction {
        name: "g".into(),
        symbol: "g".into(),
        external: true,
        result: f.i32,
        body: f.body.clone(),
        level: crate::ops::ParLevel::Seq,
        explicit: None,
        exported: false,
        export_error: None,
        span: Span::default(),
    };
    let error = verify_function(&f.module, &function).unwrap_err();
    assert_eq!(
        error.to_string(),
        "internal error: body IR: device function 'g': parameters are not numbered 0..2"
    );
    let mut wrong_result = function.clone();
    wrong_result.result = f.f64;
    assert!(verify_function(&f.module, &wrong_result)
        .unwrap_err()
        .to_string()
        .contains("stmt Return: does not return f64"));
}
