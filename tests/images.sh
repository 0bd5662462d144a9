#!/usr/bin/env bash
# Device images at link time (driver/src/offload.rs): objects compiled with -fopenacc carry
# their acc IR in a .accc.ir section, and `accc -fopenacc` linking them embeds one image per
# offload architecture that the program registers with libaccrt before main.
# A two-file program compiled with -c separately, then linked:
#  * readelf -S shows .accc.ir in both objects (not with -foffload=none);
#  * the program registers one image per requested architecture (ACCC_IMAGES=1), each naming
#    exactly the kernels the x86-64 objects define (nm), including one from a static archive
#    member and one from a shared library;
#  * the PTX written by -save-temps has the registered size and passes ptxas -arch=sm_90; the
#    AMDGPU code object's notes list every kernel (llvm-readobj);
#  * -foffload=none embeds nothing; the program prints the right result under
#    ACC_DEVICE_TYPE=host and multicore, also when the objects are linked by plain cc.
# Prints the link time with and without device images. A missing tool is a visible SKIP.
# Usage (after cargo build --release -p accc -p accrt): bash tests/images.sh
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
LIB="$root/target/release"
[ -x "$ACCC" ] || { echo "tests/images.sh: build accc first" >&2; exit 2; }
PTXAS=${ACCC_PTXAS:-}
if [ -z "$PTXAS" ]; then
    for p in "${XDG_DATA_HOME:-$HOME/.local/share}"/accc/venv/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
        [ -x "$p" ] && PTXAS=$p
    done
    [ -n "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
fi
READOBJ=$(command -v llvm-readobj-19 || command -v llvm-readobj || true)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-images.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
passed=0 failed=0
check() { # check NAME COMMAND...: passes when the command succeeds
    local name=$1; shift
    if "$@" >"$tmp/check.out" 2>&1; then
        passed=$((passed + 1))
    else
        echo "FAIL $name"; sed 's/^/    /' "$tmp/check.out" | head -n 20
        failed=$((failed + 1))
    fi
}

cat >main.c <<'C'
#include <stdio.h>
void scale(int n, float *x);
float shift(int n, float *x);
int main(void) {
  static float x[4096];
  for (int i = 0; i < 4096; i++) x[i] = (float)i;
  scale(4096, x);
  double s = 0;
#pragma acc parallel loop copyin(x[0:4096]) reduction(+:s)
  for (int i = 0; i < 4096; i++) s += x[i];
  printf("%.1f %.1f\n", s, shift(4096, x));
  return 0;
}
C
cat >scale.c <<'C'
void scale(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++) x[i] *= 2.0f;
}
C
cat >shift.c <<'C'
float shift(int n, float *x) {
#pragma acc kernels loop copy(x[0:n])
  for (int i = 0; i < n; i++) x[i] += 1.0f;
  return x[n - 1];
}
C
expected="16773120.0 8191.0"

"$ACCC" -fopenacc -O2 -c main.c scale.c || { echo "FAIL compile"; exit 1; }
"$ACCC" -fopenacc -O2 -fPIC -c shift.c || { echo "FAIL compile"; exit 1; }
ar rcs libscale.a scale.o
for o in main.o scale.o shift.o; do
    check "$o has a .accc.ir section" bash -c "readelf -SW $o | grep -q ' \.accc\.ir '"
done

# The kernels an image must name: those the x86-64 objects define.
kernels_of() { nm "$@" | awk '$2 == "T" && $3 ~ /^__accc_/ { print $3 }' | sort; }
# The kernel names of the registrations printed by ACCC_IMAGES=1, for one architecture.
registered() { sed -n "s/^accrt: image [0-9]*: $1 [a-z]*, [0-9]* bytes, [0-9]* kernels: //p" | tr ' ' '\n' | sort; }
runs_right() { # runs_right PROGRAM: the right output on the host and multicore devices
    local device out
    for device in host multicore; do
        out=$(ACC_DEVICE_TYPE=$device "./$1") || { echo "$1 failed on $device"; return 1; }
        [ "$out" = "$expected" ] || { echo "$1 on $device: '$out', want '$expected'"; return 1; }
    done
}

# Both architectures, the second file from a static archive.
"$ACCC" -fopenacc -O2 --offload-arch=sm_70,gfx90a -save-temps main.o libscale.a shift.o -o prog 2>link.err
check "link with device images" test -x prog
ACCC_IMAGES=1 ./prog >/dev/null 2>images.txt
check "one image per architecture" test "$(grep -c '^accrt: image' images.txt)" = 2
want=$(kernels_of main.o scale.o shift.o)
check "sm_70 image kernels" test "$(registered sm_70 <images.txt)" = "$want"
check "gfx90a image kernels" test "$(registered gfx90a <images.txt)" = "$want"
check "archive member's kernel in the image" grep -q "__accc_scale_2_parallel" images.txt
ptx_size=$(sed -n 's/^accrt: image [0-9]*: sm_70 ptx, \([0-9]*\) bytes.*/\1/p' images.txt)
check "-save-temps PTX is the embedded image" test "$(stat -c %s prog.sm_70.ptx)" = "$ptx_size"
check "the images are in the program" grep -q "__accc_scale_2_parallel" prog
check "prog runs on host and multicore" runs_right prog
if [ -n "$PTXAS" ]; then
    check "embedded PTX passes ptxas -arch=sm_90" "$PTXAS" -arch=sm_90 prog.sm_70.ptx -o prog.cubin
else
    echo "SKIP ptxas: not found (run scripts/setup.sh)"
fi
if [ -n "$READOBJ" ]; then
    check "code object lists every kernel" test \
        "$("$READOBJ" --notes prog.gfx90a.hsaco | grep -c '\.symbol:.*\.kd')" = "$(echo "$want" | wc -l)"
else
    echo "SKIP code object notes: llvm-readobj not found"
fi

# -foffload=none: no section, no image, same results.
"$ACCC" -fopenacc -O2 -foffload=none -c scale.c -o scale-none.o
check "-foffload=none: no .accc.ir" bash -c "! readelf -SW scale-none.o | grep -q accc.ir"
"$ACCC" -fopenacc -O2 -foffload=none main.o scale.o shift.o -o prog-none
ACCC_IMAGES=1 ./prog-none >/dev/null 2>none.txt
check "-foffload=none: no image registered" test ! -s none.txt
check "prog-none runs" runs_right prog-none

# A shared library registers its own image when it is loaded.
"$ACCC" -fopenacc -shared shift.o -o libshift.so
"$ACCC" -fopenacc -O2 main.o scale.o -L. -lshift -Wl,-rpath,"$tmp" -o prog-so
ACCC_IMAGES=1 ./prog-so >/dev/null 2>so.txt
check "shared library and program each register an image" test "$(grep -c '^accrt: image' so.txt)" = 2
check "the library's image names its kernel" test "$(registered sm_70 <so.txt | tr '\n' ' ')" = "$(kernels_of main.o scale.o shift.o | tr '\n' ' ')"
check "prog-so runs" runs_right prog-so

# Objects linked by plain cc: the section is inert data, the regions run on the host/multicore.
cc main.o scale.o shift.o "$LIB/libaccrt.so" -Wl,-rpath,"$LIB" -lpthread -ldl -lm -o prog-cc
ACCC_IMAGES=1 ./prog-cc >/dev/null 2>cc.txt
check "cc-linked program registers nothing" test ! -s cc.txt
check "cc-linked program runs" runs_right prog-cc

# A kernel no device can compile (it computes in long double): the link succeeds with a
# remark under -fopt-info-acc, the image leaves it out, the region runs on the host/multicore.
cat >call.c <<'C'
#include <stdio.h>
int main(void) {
  int a[100];
#pragma acc parallel loop copyout(a[0:100])
  for (int i = 0; i < 100; i++) a[i] = (int)((long double)i * 2.0L);
#pragma acc parallel loop copy(a[0:100])
  for (int i = 0; i < 100; i++) a[i] += 1;
  printf("%d\n", a[99]);
  return 0;
}
C
"$ACCC" -fopenacc -O2 -c call.c
"$ACCC" -fopenacc -fopt-info-acc call.o -o prog-call 2>call.err
check "a kernel left to the host: link succeeds" test -x prog-call
check "a kernel left to the host: remark" grep -q "remark: kernel '__accc_main_4_parallel[^']*' not compiled for sm_70" call.err
ACCC_IMAGES=1 ./prog-call >call.out 2>call.img
check "a kernel left to the host: image has the other kernel only" \
    grep -q "sm_70 ptx, [0-9]* bytes, 1 kernels: __accc_main_6_parallel" call.img
check "a kernel left to the host: runs" test "$(cat call.out)" = 199

# Link-time cost of the device images (best of 3 links, milliseconds).
best() {
    local best=999999 i start end
    for i in 1 2 3; do
        start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N)
        [ $(((end - start) / 1000000)) -lt $best ] && best=$(((end - start) / 1000000))
    done
    echo $best
}
plain=$(best "$ACCC" -fopenacc -foffload=none main.o scale.o shift.o -o t1)
nvptx=$(best "$ACCC" -fopenacc main.o scale.o shift.o -o t2)
both=$(best "$ACCC" -fopenacc --offload-arch=sm_70,gfx90a main.o scale.o shift.o -o t3)
echo "link time: ${plain} ms without images, ${nvptx} ms with sm_70, ${both} ms with sm_70+gfx90a (3 kernels)"

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
