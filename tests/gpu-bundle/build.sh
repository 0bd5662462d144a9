#!/usr/bin/env bash
# Builds the self-contained GPU bundle (`make gpu-bundle`): what a machine with an NVIDIA GPU,
# its driver, nvcc and Python but no Rust, LLVM, gfortran or network needs to run accc's
# compile-and-run programs and GPU benchmarks, in one directory of at most 64 MiB:
#   bin/<id>, expected/<id>.out  every program of tests/run.sh (tests/programs/c/*.c,
#                     tests/programs/fortran/*, examples/*/), built by accc as tests/run.sh builds
#                     it (-O2 -Wall -Werror, its `accc-flags:`, its `accc-all-offloaded` check),
#                     and the stdout of its gcc -fopenacc / gfortran -fopenacc build run here
#   cases.tsv         id, name (as tests/run.sh names it), and `ok` or why it is not in bin/
#   bench/bin/        bench/acc/{stream,jacobi,matmul}.c built by accc -O3
#   bench/cuda/       bench/cuda/*.cu and common.h, built on the GPU machine by run.sh with nvcc
#   tools/probe       tests/gpu-bundle/probe.c: counts the NVIDIA devices and runs one kernel
#   lib/              libaccrt.so and every other library the programs need beyond glibc and
#                     libgcc_s (libgfortran, libquadmath), each with rpath $ORIGIN
#   lib/mock/libcuda.so.1   the mock CUDA driver (tests/mockcuda/mockcuda.c), for run.sh --mock
#   expected-failures-mock  tests/mockcuda/expected-failures
#   run.sh (tests/gpu-bundle/run.sh), BUILD-INFO (commit, compilers, architectures)
# Every program is linked with -rdynamic (the mock finds the host variables of module globals
# with dlsym, as tests/cuda.sh links them; harmless on a GPU) and embeds PTX for sm_70 and sm_90:
# libaccrt loads the newest image the device runs, so the H100/H200 (compute capability 9.0)
# JIT-compiles the sm_90 PTX and any other GPU from Volta on the sm_70 one. Each image is checked
# with `ptxas -arch=sm_90` (the JIT's compiler) when ptxas is found (scripts/setup.sh installs it).
# patchelf gives every program the rpath $ORIGIN/../lib and removes accc's rpath to this tree,
# so the bundle runs from any directory; a check at the end fails the build when any program
# finds a library of its own outside lib/ (ldd, LD_LIBRARY_PATH unset) or an rpath is not
# $ORIGIN-relative, or when the bundle is larger than the limit.
# A program whose reference or accc build fails is listed with the reason in cases.tsv, and
# run.sh reports it as a failure; a failing benchmark, library or size step fails the build.
#
# Usage (from the repository root, after `cargo build --release`):
#   bash tests/gpu-bundle/build.sh [DIR]      (DIR: default target/gpu-bundle)
# DIR is replaced only once the new bundle is complete and checked.
# ACCC_BUNDLE_ARCHS=<arch,...> replaces sm_70,sm_90; ACCC_BUNDLE_LIMIT_MIB the 64 MiB limit.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/gpu-bundle/build.sh: build accc first: cargo build --release" >&2; exit 2; }
REF_CC=${REF_CC:-gcc}
REF_FC=${REF_FC:-gfortran}
for tool in "$REF_CC" "$REF_FC" patchelf ldd readelf; do
    command -v "$tool" >/dev/null 2>&1 ||
        { echo "tests/gpu-bundle/build.sh: '$tool' not found (scripts/setup.sh installs it)" >&2; exit 2; }
done
PTXAS=${ACCC_PTXAS:-}
if [ -z "$PTXAS" ]; then
    for p in "${XDG_DATA_HOME:-$HOME/.local/share}"/accc/venv/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas; do
        [ -x "$p" ] && PTXAS=$p
    done
    [ -n "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
fi
ARCHS=${ACCC_BUNDLE_ARCHS:-sm_70,sm_90}
LIMIT_MIB=${ACCC_BUNDLE_LIMIT_MIB:-64}

out=${1:-$root/target/gpu-bundle}
out=$(mkdir -p "$(dirname "$out")" && cd "$(dirname "$out")" && pwd)/$(basename "$out")
stage="$out.new"
rm -rf "$stage"
mkdir -p "$stage"/{bin,expected,bench/bin,bench/cuda,tools,lib/mock} || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/accc-bundle.XXXXXX") || exit 2
trap 'rm -rf "$work" "$stage"' EXIT
mkdir -p "$work/cases" "$work/libs"
started=$(date +%s)

# The libraries every glibc system has (glibc's own and libgcc_s): the bundle carries the others.
SYSTEM_LIBRARIES='^(linux-vdso|ld-linux[^ ]*|libc|libm|libdl|libpthread|librt|libutil|libresolv|libgcc_s)\.so'

# The libraries a binary loads that the GPU machine may lack, as the paths ldd resolves here.
own_libraries() {
    ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | grep -Ev "$SYSTEM_LIBRARIES" | awk '{ print $2 }'
}

# Every PTX file of a -save-temps link must assemble for the H100/H200.
check_ptx() { # <directory>
    local ptx
    [ -n "$PTXAS" ] || return 0
    for ptx in "$1"/*.ptx; do
        [ -e "$ptx" ] || continue
        "$PTXAS" -arch=sm_90 "$ptx" -o "$ptx.cubin" >"$ptx.log" 2>&1 ||
            { printf 'ptxas -arch=sm_90 rejects %s: %s' "$(basename "$ptx")" "$(grep -m1 . "$ptx.log")"; return 1; }
    done
}

# One program of tests/run.sh: $1 is a source file or an example's directory.
build_case() {
    local case=$1 name srcs=() ref_cc=$REF_CC id w rc why
    case $case in
        *.f90 | *.F90 | *.f | *.F) ref_cc=$REF_FC ;;
    esac
    if [ -d "$case" ]; then
        name=${case%/}
        if compgen -G "$case/*.f90" >/dev/null; then
            srcs=("$case"/*.f90)
            ref_cc=$REF_FC
        else
            srcs=("$case"/*.c)
        fi
    else
        name=$case
        srcs=("$case")
    fi
    id=${name//\//_}
    w="$WORK/$id"
    mkdir -p "$w"
    record() { printf '%s\t%s\t%s\n' "$id" "$name" "$1" >"$WORK/cases/$id"; }
    first_error() { grep -m1 -E 'error|warning|fatal' "$1" || head -n1 "$1"; }

    # Fortran modules go to the case's own directory, never the source directory.
    if ! (cd "$w" && timeout 120 "$ref_cc" -fopenacc -O2 "${srcs[@]/#/$root/}" -o "$w/ref" -lm) >"$w/ref.cc.log" 2>&1; then
        record "reference build failed ($ref_cc -fopenacc): $(first_error "$w/ref.cc.log")"
        return 0
    fi
    if ! timeout 60 "$w/ref" >"$w/ref.out" 2>"$w/ref.err" </dev/null; then
        record "reference run failed (the $ref_cc -fopenacc build)"
        return 0
    fi
    local extra offloaded=()
    extra=$(grep -ho 'accc-flags: .*' "${srcs[@]}" | head -n1 | sed 's/^accc-flags: //')
    if grep -q 'accc-all-offloaded' "${srcs[@]}"; then
        offloaded=(-fopt-info-acc)
    fi
    # shellcheck disable=SC2086 # the options are words
    (cd "$w" && timeout 120 "$ACCC" -fopenacc -O2 -Wall -Werror "${offloaded[@]}" $extra -rdynamic \
        --offload-arch="$ARCHS" -save-temps "${srcs[@]/#/$root/}" -o "$w/prog" -lm) >"$w/acc.cc.log" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        record "accc build failed (exit $rc): $(first_error "$w/acc.cc.log")"
        return 0
    fi
    local host_only='region not offloaded|not compiled for the device|the region runs on the host'
    if [ ${#offloaded[@]} -gt 0 ] && grep -qE "$host_only" "$w/acc.cc.log"; then
        record "not offloaded: $(grep -m1 -E "$host_only" "$w/acc.cc.log")"
        return 0
    fi
    if ! why=$(check_ptx "$w"); then
        record "$why"
        return 0
    fi
    own_libraries "$w/prog" >"$WORK/libs/$id"
    if ! patchelf --set-rpath '$ORIGIN/../lib' "$w/prog"; then
        record "patchelf failed"
        return 0
    fi
    cp "$w/prog" "$STAGE/bin/$id" && cp "$w/ref.out" "$STAGE/expected/$id.out" && record ok
}
export -f build_case own_libraries check_ptx
export WORK="$work" STAGE="$stage" ACCC REF_CC REF_FC PTXAS ARCHS SYSTEM_LIBRARIES root

# The cases of tests/run.sh, in its order.
cases=()
for f in tests/programs/c/*.c tests/programs/fortran/*.f90 tests/programs/fortran/*.F90 \
    tests/programs/fortran/*.f tests/programs/fortran/*.F; do
    [ -e "$f" ] && cases+=("$f")
done
for d in examples/*/; do
    # A directory with its own Makefile is a project of its own (the MPI examples: tests/mpi.sh).
    [ -e "${d}Makefile" ] && continue
    if compgen -G "$d*.c" >/dev/null || compgen -G "$d*.f90" >/dev/null; then
        cases+=("${d%/}")
    fi
done
[ -n "$PTXAS" ] || echo "gpu-bundle: ptxas not found (scripts/setup.sh installs it): the PTX is not checked here"
echo "gpu-bundle: building ${#cases[@]} programs for $ARCHS into $out"
printf '%s\0' "${cases[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'build_case "$1"' build_case

status=0
built=0
printf 'id\tname\tbuild\n' >"$stage/cases.tsv"
for c in "${cases[@]}"; do
    id=${c%/}
    id=${id//\//_}
    if [ -f "$work/cases/$id" ]; then
        cat "$work/cases/$id" >>"$stage/cases.tsv"
    else
        printf '%s\t%s\t%s\n' "$id" "${c%/}" "no result (the build step itself failed)" >>"$stage/cases.tsv"
    fi
done
built=$(awk -F'\t' 'NR > 1 && $3 == "ok"' "$stage/cases.tsv" | wc -l)
echo "gpu-bundle: $built of ${#cases[@]} programs built"
awk -F'\t' 'NR > 1 && $3 != "ok" { print "gpu-bundle: not in the bundle (run.sh reports it failed): " $2 ": " $3 }' "$stage/cases.tsv"

# The benchmarks: accc's builds, and the CUDA sources nvcc builds on the GPU machine.
for k in stream jacobi matmul; do
    mkdir -p "$work/bench-$k"
    if ! (cd "$work/bench-$k" && "$ACCC" -fopenacc -O3 -rdynamic --offload-arch="$ARCHS" -save-temps \
        "$root/bench/acc/$k.c" -o "$k" -lm) >"$work/bench-$k/log" 2>&1; then
        echo "gpu-bundle: FAIL: benchmark $k does not build: $(grep -m1 error "$work/bench-$k/log")"
        status=1
        continue
    fi
    if ! why=$(check_ptx "$work/bench-$k"); then
        echo "gpu-bundle: FAIL: benchmark $k: $why"
        status=1
    fi
    own_libraries "$work/bench-$k/$k" >"$work/libs/bench-$k"
    patchelf --set-rpath '$ORIGIN/../../lib' "$work/bench-$k/$k" && cp "$work/bench-$k/$k" "$stage/bench/bin/$k" || status=1
done
cp bench/cuda/*.cu bench/cuda/*.h "$stage/bench/cuda/" || status=1

# With ACCC_BUNDLE_VV=1, the OpenACC V&V suite too (ACCC_VV, default ../shared/openacc-vv): each
# test compiled from a folder of its own as tests/conformance.sh compiles it, with PTX, into
# vv/bin/<test> (about 30 MiB more, 4 minutes on 2 cores), the tests that do not compile in
# vv/compile-failures, and tests/conformance/expected.tsv beside them: run.sh then runs the suite
# under nvidia and names the tests that fail there but pass on the mock.
vv_case() { # <test>
    local t=$1 w="$WORK/vv/$1" VV_FLAGS
    vv_setup "$VV" "$t" "$w" 2>/dev/null
    vv_flags "$t"
    if (cd "$w" && timeout 300 "$ACCC" --offload-arch="$ARCHS" "${VV_FLAGS[@]}") >"$w/log" 2>&1 &&
        patchelf --set-rpath '$ORIGIN/../../lib' "$w/test"; then
        cp "$w/test" "$STAGE/vv/bin/$t"
    else
        echo "$t" >"$w/failed"
    fi
}
if [ "${ACCC_BUNDLE_VV:-}" = 1 ]; then
    VV=${ACCC_VV:-$root/../shared/openacc-vv}
    if [ -d "$VV/Tests" ]; then
        mkdir -p "$stage/vv/bin" "$work/vv"
        . tests/conformance/vv.sh
        export -f vv_case vv_setup vv_flags
        export VV WORK="$work" STAGE="$stage" ACCC ARCHS
        (cd "$VV/Tests" && ls) | grep -E '\.(c|F90|f90)$' | xargs -P "$(nproc)" -I{} bash -c 'vv_case "$1"' vv_case {}
        cat "$work"/vv/*/failed 2>/dev/null | sort >"$stage/vv/compile-failures"
        cp tests/conformance/expected.tsv "$stage/vv/expected.tsv" || status=1
        echo "gpu-bundle: V&V suite: $(find "$stage/vv/bin" -type f | wc -l) tests built, $(wc -l <"$stage/vv/compile-failures") do not compile"
    else
        echo "gpu-bundle: FAIL: ACCC_BUNDLE_VV=1 but the V&V suite is not at $VV (set ACCC_VV)"
        status=1
    fi
fi

# The probe, the mock driver, the expected failures on the mock, the runner.
if ! "$ACCC" -fopenacc -O2 -rdynamic --offload-arch="$ARCHS" tests/gpu-bundle/probe.c -o "$work/probe" >"$work/probe.log" 2>&1 ||
    ! patchelf --set-rpath '$ORIGIN/../lib' "$work/probe" || ! cp "$work/probe" "$stage/tools/probe"; then
    echo "gpu-bundle: FAIL: tools/probe does not build: $(head -n1 "$work/probe.log")"
    status=1
fi
own_libraries "$work/probe" >"$work/libs/probe"
cc -O1 -Wall -Wextra -Werror -shared -fPIC -o "$stage/lib/mock/libcuda.so.1" tests/mockcuda/mockcuda.c -lpthread ||
    { echo "gpu-bundle: FAIL: the mock driver does not build"; status=1; }
cp tests/mockcuda/expected-failures "$stage/expected-failures-mock" || status=1
cp tests/gpu-bundle/run.sh "$stage/run.sh" || status=1

# The libraries, each looking for its own dependencies beside itself.
sort -u "$work"/libs/* | grep . >"$work/libraries"
while read -r library; do
    cp -L "$library" "$stage/lib/$(basename "$library")" &&
        chmod u+w "$stage/lib/$(basename "$library")" &&
        patchelf --set-rpath '$ORIGIN' "$stage/lib/$(basename "$library")" ||
        { echo "gpu-bundle: FAIL: cannot copy $library into lib/"; status=1; }
done <"$work/libraries"

{
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
    echo "built: $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -srm)"
    echo "accc: $("$ACCC" --version | head -n1)"
    echo "offload architectures: $ARCHS"
    echo "reference: $("$REF_CC" --version | head -n1); $("$REF_FC" --version | head -n1)"
    echo "programs: $built of ${#cases[@]} built"
    echo "libraries: $(cd "$stage/lib" && ls -p | grep -v / | tr '\n' ' ')"
} >"$stage/BUILD-INFO"

# Nothing may point back into this tree: every rpath is $ORIGIN-relative, and every library a
# program needs beyond glibc and libgcc_s resolves inside lib/ (with LD_LIBRARY_PATH unset).
while IFS= read -r -d '' elf; do
    rpath=$(readelf -d "$elf" | sed -nE 's/.*\((RPATH|RUNPATH)\).*\[(.*)\]/\2/p')
    case ":$rpath" in
        *:/*)
            echo "gpu-bundle: FAIL: ${elf#"$stage"/} has an absolute rpath: $rpath"
            status=1
            ;;
    esac
    [ "$elf" = "$stage/lib/mock/libcuda.so.1" ] && continue
    while read -r soname resolved; do
        case $(realpath -m "$resolved") in
            "$stage"/lib/*) ;;
            *)
                echo "gpu-bundle: FAIL: ${elf#"$stage"/} finds $soname outside the bundle: $resolved"
                status=1
                ;;
        esac
    done < <(env -u LD_LIBRARY_PATH ldd "$elf" | awk '$2 == "=>" { print $1, $3 }' | grep -Ev "$SYSTEM_LIBRARIES")
done < <(find "$stage/bin" "$stage/bench/bin" "$stage/tools" "$stage/lib" $([ -d "$stage/vv/bin" ] && echo "$stage/vv/bin") -type f -print0)

size=$(du -sb "$stage" | cut -f1)
size_mib=$(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1048576 }')
if [ "$size" -gt $((LIMIT_MIB * 1048576)) ]; then
    echo "gpu-bundle: FAIL: the bundle is $size_mib MiB, over the $LIMIT_MIB MiB limit"
    status=1
fi
if [ $status -ne 0 ]; then
    echo "gpu-bundle: FAILED; $out left as it was"
    exit 1
fi
rm -rf "$out" && mv "$stage" "$out" || exit 1
echo "gpu-bundle: $out: $size_mib MiB (limit $LIMIT_MIB MiB), $built programs, $(($(date +%s) - started)) s"
echo "gpu-bundle: run it with: bash $(realpath --relative-to="$root" "$out")/run.sh [--mock]"
