//! How data reaches a kernel: firstprivate copies per gang, private parameters, loop-private
//! variables, loop variables of the program, globals by name, and C struct/union layout
//! (members, nested structs, whole-struct copies, type punning through a union).

mod support;

use acc_ir::body::{BinaryOp, LocalOrVariable, LoopMapping, Passing, Stmt};
use acc_ir::Storage;
use support::{compile, run_c, Kb};

const GANG_VECTOR: LoopMapping = LoopMapping {
    gang: true,
    worker: false,
    vector: true,
    gang_dim: 0,
    chosen: false,
};

/// ```c
/// #pragma acc parallel firstprivate(scale) private(tmp) copyout(out[0:n]) global(bias)
/// { scale = scale * 2;
///   #pragma acc loop gang vector private(t)     // j is the program's variable
///   for (j = 0; j < n; j++) { tmp[j % 4] = j; t = tmp[j % 4] * scale; out[j] = t + bias; } }
/// ```
#[test]
fn firstprivate_private_and_loop_private() {
    let mut kb = Kb::new();
    let i32t = kb.i32();
    let pi = kb.ptr(i32t);
    let arr4 = kb.array(i32t, 4);
    let scale = kb.var("scale", i32t);
    let tmp = kb.var("tmp", arr4);
    let out = kb.var("out", pi);
    let n = kb.var("n", i32t);
    let t = kb.var("t", i32t);
    let j = kb.var("j", i32t);
    let bias = kb.var_in("bias", i32t, Storage::Global);
    let sv = kb.val(scale);
    let two = kb.ci(2);
    let doubled = kb.bin(BinaryOp::Mul, sv, two);
    let double_scale = kb.set(scale, doubled);
    let jv = kb.val(j);
    let four = kb.ci(4);
    let slot_index = kb.bin(BinaryOp::Rem, jv, four);
    let slot = kb.at(tmp, slot_index);
    let jv = kb.val(j);
    let fill = kb.store(slot, jv);
    let jv = kb.val(j);
    let four = kb.ci(4);
    let slot_index = kb.bin(BinaryOp::Rem, jv, four);
    let slot = kb.at(tmp, slot_index);
    let tv = kb.load(slot);
    let sv = kb.val(scale);
    let product = kb.bin(BinaryOp::Mul, tv, sv);
    let set_t = kb.set(t, product);
    let jv = kb.val(j);
    let target = kb.at(out, jv);
    let tv = kb.val(t);
    let bv = kb.val(bias);
    let total = kb.bin(BinaryOp::Add, tv, bv);
    let write = kb.store(target, total);
    let private_t = kb.private_op(t);
    let loop_op = kb.loop_op(vec![private_t], vec![]);
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Variable(j), 0, BinaryOp::Lt, upper, 1);
    let body = vec![
        double_scale,
        Stmt::AccLoop {
            op: Some(loop_op),
            controls: vec![control],
            mapping: GANG_VECTOR,
            tile: Vec::new(),
            body: vec![fill, set_t, write],
        },
    ];
    kb.kernel(
        "data",
        vec![
            Kb::param(scale, Passing::Value),
            Kb::param(tmp, Passing::Private),
            Kb::param(out, Passing::DeviceAddress),
            Kb::param(n, Passing::Value),
            Kb::param(t, Passing::DeviceAddress),
            Kb::param(j, Passing::DeviceAddress),
        ],
        body,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
void data(void **, int64_t, int64_t, int32_t);
int bias = 1000;
int main(void) {
  enum { N = 777 };
  static int out[N];
  for (int c = 0; c < 6; c++) {
    int scale = 3, n = N, t = -1, j = -2; int *po = out;
    void *args[] = {0, &scale, 0, DA(&po), &n, DA(&t), DA(&j)};
    launch(data, args, GANGS[c], THREADS[c]);
    check(scale == 3 && t == -1 && j == -2, "G=%ld originals changed: %d %d %d", (long)GANGS[c], scale, t, j);
    for (int i = 0; i < N; i++) check(out[i] == i * 6 + 1000, "G=%ld out[%d]=%d", (long)GANGS[c], i, out[i]);
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}

/// ```c
/// struct inner { short s; _Bool b; };
/// struct S { char c; double d; int v[3]; struct inner in; long double ld; };
/// union U { int i; float f; char b[5]; };
/// for (i = 0; i < n; i++) {   // acc loop gang
///   s[i].d = s[i].c * 2.0 + s[i].v[2]; s[i].in.s = s[i].v[0] + 1; s[i].in.b = s[i].c > 5;
///   s[i].ld = s[i].d; copy[i] = s[i]; u[i].f = (float) i; bits[i] = u[i].i; }
/// ```
#[test]
fn struct_and_union_layout() {
    let mut kb = Kb::new();
    let i8t = kb.int(true, 8);
    let i16t = kb.int(true, 16);
    let i32t = kb.i32();
    let f32t = kb.f32();
    let f64t = kb.f64();
    let f80t = kb.scalar(acc_ir::ScalarKind::Float { width: 80 });
    let boolt = kb.boolean();
    let v3 = kb.array(i32t, 3);
    let b5 = kb.array(i8t, 5);
    let inner = kb.record("inner", &[("s", i16t), ("b", boolt)], false);
    let record = kb.record(
        "S",
        &[
            ("c", i8t),
            ("d", f64t),
            ("v", v3),
            ("in", inner),
            ("ld", f80t),
        ],
        false,
    );
    let union_ty = kb.record("U", &[("i", i32t), ("f", f32t), ("b", b5)], true);
    let ps = kb.ptr(record);
    let pu = kb.ptr(union_ty);
    let pi = kb.ptr(i32t);
    let s = kb.var("s", ps);
    let copy = kb.var("copy", ps);
    let u = kb.var("u", pu);
    let bits = kb.var("bits", pi);
    let n = kb.var("n", i32t);
    let i = kb.local("i", i32t);
    let elem = |kb: &mut Kb, v| {
        let iv = kb.lval(i);
        kb.at(v, iv)
    };
    let mut body = Vec::new();
    // s[i].d = s[i].c * 2.0 + s[i].v[2]
    let e = elem(&mut kb, s);
    let c_addr = kb.member(e, 0);
    let cv = kb.load(c_addr);
    let cd = kb.cast(cv, f64t);
    let two = kb.f(2.0, f64t);
    let scaled = kb.bin(BinaryOp::Mul, cd, two);
    let e = elem(&mut kb, s);
    let v_addr = kb.member(e, 2);
    let k2 = kb.ci(2);
    let v2 = kb.index(v_addr, k2);
    let v2 = kb.load(v2);
    let v2 = kb.cast(v2, f64t);
    let sum = kb.bin(BinaryOp::Add, scaled, v2);
    let e = elem(&mut kb, s);
    let d_addr = kb.member(e, 1);
    body.push(kb.store(d_addr, sum));
    // s[i].in.s = s[i].v[0] + 1
    let e = elem(&mut kb, s);
    let v_addr = kb.member(e, 2);
    let k0 = kb.ci(0);
    let v0 = kb.index(v_addr, k0);
    let v0 = kb.load(v0);
    let one = kb.ci(1);
    let plus = kb.bin(BinaryOp::Add, v0, one);
    let short = kb.cast(plus, i16t);
    let e = elem(&mut kb, s);
    let in_addr = kb.member(e, 3);
    let s_addr = kb.member(in_addr, 0);
    body.push(kb.store(s_addr, short));
    // s[i].in.b = s[i].c > 5
    let e = elem(&mut kb, s);
    let c_addr = kb.member(e, 0);
    let cv = kb.load(c_addr);
    let five = kb.c(5, i8t);
    let big = kb.bin(BinaryOp::Gt, cv, five);
    let e = elem(&mut kb, s);
    let in_addr = kb.member(e, 3);
    let b_addr = kb.member(in_addr, 1);
    body.push(kb.store(b_addr, big));
    // s[i].ld = s[i].d
    let e = elem(&mut kb, s);
    let d_addr = kb.member(e, 1);
    let dv = kb.load(d_addr);
    let ld = kb.cast(dv, f80t);
    let e = elem(&mut kb, s);
    let ld_addr = kb.member(e, 4);
    body.push(kb.store(ld_addr, ld));
    // copy[i] = s[i]
    let e = elem(&mut kb, s);
    let whole = kb.load(e);
    let target = elem(&mut kb, copy);
    body.push(kb.store(target, whole));
    // u[i].f = (float) i; bits[i] = u[i].i
    let iv = kb.lval(i);
    let fi = kb.cast(iv, f32t);
    let e = elem(&mut kb, u);
    let f_addr = kb.member(e, 1);
    body.push(kb.store(f_addr, fi));
    let e = elem(&mut kb, u);
    let i_addr = kb.member(e, 0);
    let iv = kb.load(i_addr);
    let target = elem(&mut kb, bits);
    body.push(kb.store(target, iv));
    let upper = kb.val(n);
    let control = kb.control(LocalOrVariable::Local(i), 0, BinaryOp::Lt, upper, 1);
    let stmts = vec![Stmt::AccLoop {
        op: None,
        controls: vec![control],
        mapping: GANG_VECTOR,
        tile: Vec::new(),
        body,
    }];
    kb.kernel(
        "records",
        [s, copy, u, bits]
            .into_iter()
            .map(|v| Kb::param(v, Passing::DeviceAddress))
            .chain([Kb::param(n, Passing::Value)])
            .collect(),
        stmts,
    );
    let object = compile(&kb.m, 2);
    run_c(
        &object.object,
        r#"
struct inner { short s; _Bool b; };
struct S { char c; double d; int v[3]; struct inner in; long double ld; };
union U { int i; float f; char b[5]; };
void records(void **, int64_t, int64_t, int32_t);
int main(void) {
  enum { N = 100 };
  static struct S s[N], copy[N]; static union U u[N]; static int bits[N];
  for (int c = 0; c < 6; c++) {
    memset(copy, 0, sizeof copy);
    for (int i = 0; i < N; i++) { s[i].c = i % 10; s[i].v[0] = i; s[i].v[1] = -1; s[i].v[2] = 3 * i; }
    int n = N; struct S *ps = s, *pc = copy; union U *pu = u; int *pb = bits;
    void *args[] = {0, DA(&ps), DA(&pc), DA(&pu), DA(&pb), &n};
    launch(records, args, GANGS[c], THREADS[c]);
    for (int i = 0; i < N; i++) {
      union U want; want.f = (float)i;
      check(s[i].d == (i % 10) * 2.0 + 3 * i, "s[%d].d=%g", i, s[i].d);
      check(s[i].in.s == i + 1 && s[i].in.b == (i % 10 > 5), "s[%d].in", i);
      check(s[i].ld == s[i].d && s[i].v[1] == -1, "s[%d].ld", i);
      check(copy[i].d == s[i].d && copy[i].in.s == s[i].in.s && copy[i].ld == s[i].ld && copy[i].v[2] == s[i].v[2], "copy[%d]", i);
      check(bits[i] == want.i, "bits[%d]=%x want %x", i, bits[i], want.i);
    }
  }
  printf("ok\n");
  return failures != 0;
}
"#,
    );
}
