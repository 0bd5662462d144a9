#!/usr/bin/env bash
# Device code of every compile-and-run test program (tests/programs/c/*.c, tests/programs/fortran/*
# and every C or Fortran source of examples/*/, the MPI examples' with ACCC_CC=mpicc and
# ACCC_FC=mpif90): accc -fopenacc-print=ptx must give PTX that `ptxas -arch=sm_90` accepts, and
# -fopenacc-print=amdgcn AMDGPU assembly that llvm-mc assembles and ld.lld links
# (--no-undefined) into a code object whose `llvm-readobj --notes` lists every kernel.
# Also: a math call without the device library is an error naming the function and line.
#
# ptxas comes from the PyPI wheel nvidia-cuda-nvcc-cu12 (scripts/setup.sh installs it into
# ${XDG_DATA_HOME:-~/.local/share}/accc/venv); ACCC_PTXAS overrides. A missing tool is a
# visible SKIP, not a failure. Usage (after cargo build --release -p accc): bash tests/device.sh
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/device.sh: build accc first" >&2; exit 2; }

find_ptxas() {
    if [ -n "${ACCC_PTXAS:-}" ]; then echo "$ACCC_PTXAS"; return; fi
    local venv="${XDG_DATA_HOME:-$HOME/.local/share}/accc/venv" p
    for p in "$venv"/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
        [ -x "$p" ] && { echo "$p"; return; }
    done
    command -v ptxas || true
}
PTXAS=$(find_ptxas)
MC=$(command -v llvm-mc-19 || command -v llvm-mc || true)
LLD=$(command -v ld.lld-19 || command -v ld.lld || true)
READOBJ=$(command -v llvm-readobj-19 || command -v llvm-readobj || true)
[ -n "$PTXAS" ] || echo "SKIP PTX checks: ptxas not found (run scripts/setup.sh)"
amd=1
if [ -z "$MC" ] || [ -z "$LLD" ] || [ -z "$READOBJ" ]; then
    echo "SKIP AMDGPU checks: llvm-mc, ld.lld or llvm-readobj (LLVM 19) not found"
    amd=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/accc-device.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 kernels=0 skipped=0
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

for src in tests/programs/c/*.c examples/*/*.c tests/programs/fortran/*.[fF] tests/programs/fortran/*.[fF]90 examples/*/*.[fF]90; do
    host=()
    if [ -e "$(dirname "$src")/Makefile" ]; then
        # A project of its own (the MPI examples): mpi.h and the mpi module come from the MPI
        # compiler wrappers, accc's host compilers here.
        if command -v mpicc >/dev/null 2>&1 && command -v mpif90 >/dev/null 2>&1; then
            host=(ACCC_CC=mpicc ACCC_FC=mpif90)
        else
            echo "SKIP $src: no MPI compiler wrappers (mpicc, mpif90)"
            continue
        fi
    fi
    if [ -n "$PTXAS" ]; then
        if ! env "${host[@]}" "$ACCC" -fopenacc -O2 -fopenacc-print=ptx "$src" >"$tmp/k.ptx" 2>"$tmp/ptx.err"; then
            fail "$src" "accc -fopenacc-print=ptx: $(head -n1 "$tmp/ptx.err")"
            continue
        fi
        if ! "$PTXAS" -arch=sm_90 "$tmp/k.ptx" -o "$tmp/k.cubin" 2>"$tmp/ptxas.err"; then
            fail "$src" "ptxas: $(head -n1 "$tmp/ptxas.err")"
            continue
        fi
        kernels=$((kernels + $(grep -c '^\.visible \.entry' "$tmp/k.ptx")))
        skipped=$((skipped + $(grep -c "warning: kernel" "$tmp/ptx.err")))
    fi
    if [ $amd -eq 1 ]; then
        if ! env "${host[@]}" "$ACCC" -fopenacc -O2 -fopenacc-print=amdgcn "$src" >"$tmp/k.s" 2>"$tmp/amd.err"; then
            fail "$src" "accc -fopenacc-print=amdgcn: $(head -n1 "$tmp/amd.err")"
            continue
        fi
        if ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj "$tmp/k.s" -o "$tmp/k.o" 2>"$tmp/mc.err" ||
            ! "$LLD" -shared --no-undefined "$tmp/k.o" -o "$tmp/k.hsaco" 2>>"$tmp/mc.err"; then
            fail "$src" "AMDGPU code object: $(head -n1 "$tmp/mc.err")"
            continue
        fi
        want=$(grep -c '^[[:space:]]*\.amdhsa_kernel ' "$tmp/k.s")
        have=$("$READOBJ" --notes "$tmp/k.hsaco" | grep -c '\.symbol:.*\.kd')
        if [ "$want" != "$have" ]; then
            fail "$src" "code object metadata lists $have kernels, the assembly has $want"
            continue
        fi
    fi
    passed=$((passed + 1))
done

# A math call with no device library: an error naming the function and its line, exit 1.
cat >"$tmp/m.c" <<'C'
#include <math.h>
void f(int n, double *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = sin(a[i]);
}
C
for kind in ptx amdgcn; do
    ACCC_LIBDEVICE=/nonexistent ACCC_OCML_DIR=/nonexistent \
        "$ACCC" -fopenacc -fopenacc-print=$kind "$tmp/m.c" >/dev/null 2>"$tmp/m.err"
    rc=$?
    if [ $rc -ne 1 ] || ! grep -q "m.c:5:12: error: 'sin' has no device implementation" "$tmp/m.err"; then
        fail "device math without a library ($kind)" "exit $rc: $(head -n1 "$tmp/m.err")"
    else
        passed=$((passed + 1))
    fi
done

# Declared globals used by device routines: each is defined by the device code under the host
# symbol, a `.visible .global` of PTX and a protected object symbol of the AMDGPU code object.
src=tests/programs/c/declare_globals_device.c
globals_ok=1
if [ -n "$PTXAS" ]; then
    "$ACCC" -fopenacc -O2 -fopenacc-print=ptx "$src" >"$tmp/g.ptx" 2>/dev/null &&
        grep -q '^\.visible \.global \.align 8 \.b8 lut\[64\];' "$tmp/g.ptx" &&
        grep -q '^\.visible \.global \.align 8 \.b8 __accc_gv_[0-9a-f]*_results\[2048\];' "$tmp/g.ptx" &&
        grep -q '^\.visible \.global \.align 8 \.f64 __accc_gv_[0-9a-f]*_gain;' "$tmp/g.ptx" || globals_ok=0
fi
if [ $amd -eq 1 ]; then
    "$ACCC" -fopenacc -O2 -fopenacc-print=amdgcn "$src" >"$tmp/g.s" 2>/dev/null &&
        "$MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj "$tmp/g.s" -o "$tmp/g.o" &&
        "$LLD" -shared --no-undefined "$tmp/g.o" -o "$tmp/g.hsaco" &&
        "$READOBJ" --symbols "$tmp/g.hsaco" >"$tmp/g.syms" &&
        grep -A6 'Name: lut ' "$tmp/g.syms" | tr -d '\n' | grep -q 'Size: 64 *Binding: Global.*Type: Object.*Other \[ (0x3)' &&
        grep -A6 'Name: stage ' "$tmp/g.syms" | tr -d '\n' | grep -q 'Size: 2048 *Binding: Global.*Type: Object' || globals_ok=0
fi
if [ $globals_ok = 1 ]; then
    passed=$((passed + 1))
else
    fail "$src" "the device code does not define its declared globals"
fi

# A sample of the OpenACC V&V suite (every 10th test that tests/conformance/expected.tsv says
# passes on multicore): tests/conformance.sh links their NVIDIA images as the CPU emulation,
# so their PTX is checked here (compiled from a folder of their own, as a user would).
vv=${ACCC_VV:-$root/../shared/openacc-vv}
if [ -n "$PTXAS" ] && [ -d "$vv/Tests" ] && [ -f tests/conformance/expected.tsv ]; then
    vv_kernels=0 vv_tests=0
    mkdir -p "$tmp/vv"
    cp "$vv"/Tests/*.h "$vv"/Tests/*.Fh "$tmp/vv/"
    for test in $(awk -F'\t' '$1 !~ /^#/ && $2 == "pass" { print $1 }' tests/conformance/expected.tsv | awk 'NR % 10 == 1'); do
        [ -f "$vv/Tests/$test" ] || continue
        cp "$vv/Tests/$test" "$tmp/vv/"
        case $test in
            *.c) flags=() ;;
            *) flags=(-cpp -ffree-line-length-none) ;;
        esac
        if ! (cd "$tmp/vv" && "$ACCC" -fopenacc -O2 "${flags[@]}" -fopenacc-print=ptx "$test") >"$tmp/vv.ptx" 2>"$tmp/vv.err"; then
            fail "V&V $test" "accc -fopenacc-print=ptx: $(grep -m1 error "$tmp/vv.err" || head -n1 "$tmp/vv.err")"
            continue
        fi
        if ! "$PTXAS" -arch=sm_90 "$tmp/vv.ptx" -o "$tmp/vv.cubin" 2>"$tmp/vv.ptxas"; then
            fail "V&V $test" "ptxas: $(head -n1 "$tmp/vv.ptxas")"
            continue
        fi
        vv_tests=$((vv_tests + 1))
        vv_kernels=$((vv_kernels + $(grep -c '^\.visible \.entry' "$tmp/vv.ptx")))
        passed=$((passed + 1))
    done
    echo "V&V sample: $vv_tests tests, $vv_kernels PTX kernels accepted by ptxas"
else
    echo "SKIP V&V PTX sample: no ptxas, no suite at $vv, or no tests/conformance/expected.tsv"
fi

echo "device code: $kernels PTX kernels accepted by ptxas, $skipped kernels left to the host"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
