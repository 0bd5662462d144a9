#!/usr/bin/env bash
# Seeds the corpora of accc's fuzz targets from the test inputs and runs them (see README.md).
#
#   bash fuzz/run.sh seed                 build the seed corpora under fuzz/corpus/<target>
#   bash fuzz/run.sh TARGET [RUNS] [ARGS]  seed if needed, then run TARGET for RUNS inputs
#                                          (default 1000000), one job, extra libFuzzer ARGS
#   bash fuzz/run.sh all [RUNS]           every target, one after another
#
# Targets: directive c_frontend fortran_frontend ir codegen cli. Crashes land in
# fuzz/artifacts/<target>/.
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`); the IR seeds need a
# release build of accc (`make build`).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
corpus="$here/corpus"
targets=(directive c_frontend fortran_frontend ir codegen cli)

# One seed file: a mode byte (octal escape) then the contents of a file or of stdin.
seed() { # target name mode-byte [file]
    local dir="$corpus/$1"
    mkdir -p "$dir"
    { printf "$3"; if [ $# -ge 4 ]; then cat "$4"; else cat; fi; } >"$dir/$2"
}

seed_all() {
    rm -rf "$corpus"
    mkdir -p "$corpus"/{directive,c_frontend,fortran_frontend,ir,codegen,cli}
    local cc="${ACCC_CC:-cc}" n=0 f
    # directive: every `#pragma acc` and `!$acc` line of the test inputs, text after the sentinel
    # (mode byte 0 = C, 1 = Fortran).
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "${line#*acc}" | seed directive "c$n" '\0'
    done < <(cat "$root"/tests/in/c/*/*.c "$root"/tests/programs/c/*.c |
        grep -E '^\s*#\s*pragma\s+acc' | sort -u)
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "${line#*[aA][cC][cC]}" | seed directive "f$n" '\1'
    done < <(cat "$root"/tests/in/fortran/*/*.[fF]* "$root"/tests/programs/fortran/*.[fF]* |
        grep -iE '^\s*[!c*]\$acc' | sort -u)
    # c_frontend: each C input as written (small: fast to mutate), and a few preprocessed as the
    # driver does (line markers, system headers).
    for f in "$root"/tests/in/c/*/*.c "$root"/tests/in/device/*.c "$root"/tests/programs/c/*.c; do
        n=$((n + 1))
        seed c_frontend "c$n" '' "$f"
    done
    for f in "$root"/tests/in/c/ok/*.c; do
        n=$((n + 1))
        "$cc" -E -fopenacc "$f" 2>/dev/null | seed c_frontend "c$n" '' || true
    done
    # fortran_frontend: mode byte 1 = fixed form (.f/.F), 0 = free form.
    for f in "$root"/tests/in/fortran/*/*.[fF]* "$root"/tests/programs/fortran/*.[fF]*; do
        n=$((n + 1))
        case "$f" in
            *.f | *.F) seed fortran_frontend "f$n" '\1' "$f" ;;
            *) seed fortran_frontend "f$n" '\0' "$f" ;;
        esac
    done
    # ir: the .accc.ir sections of real objects (mode byte 0 = section contents), and a few
    # structured-mode inputs (mode byte 1).
    local accc="$root/target/release/accc" tmp
    tmp="$(mktemp -d)"
    if [ -x "$accc" ]; then
        for f in "$root"/tests/in/c/ok/*.c "$root"/tests/in/device/*.c "$root"/tests/programs/c/*.c; do
            n=$((n + 1))
            if "$accc" -fopenacc -O2 -c "$f" -o "$tmp/x.o" 2>/dev/null &&
                objcopy --dump-section .accc.ir="$tmp/section" "$tmp/x.o" 2>/dev/null &&
                [ -s "$tmp/section" ]; then
                seed ir "s$n" '\0' "$tmp/section"
            fi
            rm -f "$tmp/x.o" "$tmp/section"
        done
    else
        echo "note: $accc missing, the ir target starts without real sections" >&2
    fi
    rm -rf "$tmp"
    for i in 1 2 3 4; do
        head -c 256 /dev/urandom | seed ir "u$i" '\1'
    done
    # codegen: the same sections, at -O0 (mode 0), -O3 (6) and -O2 with the GPU code
    # generators (12).
    for f in "$corpus"/ir/s*; do
        [ -e "$f" ] || continue
        seed codegen "$(basename "$f")-0" '' "$f"
        tail -c +2 "$f" | seed codegen "$(basename "$f")-6" '\6'
        tail -c +2 "$f" | seed codegen "$(basename "$f")-12" '\14'
    done
    # cli: accc command lines (arguments separated by NUL bytes), from the accc-flags lines of
    # the test programs and a few typical builds.
    {
        grep -h '^// accc-flags:\|^! accc-flags:' "$root"/tests/programs/*/* 2>/dev/null |
            sed 's/^[^:]*: *//; s/$/ -fopenacc m.c/'
        cat <<'LINES'
-fopenacc -O2 -c m.c -o m.o
-fopenacc m.c f.f90 -o prog -lm
-fopenacc -foffload=nvptx,amdgcn -foffload-arch=sm_80,gfx90a m.c
-fopenacc-print=acc-ir -x c - -x none f.F90
-E -fopenacc -DN=3 -I inc -include h.h m.c
-fopenacc -MD -MF m.d -MT m.o -Wl,-rpath,/x -Xlinker -z m.c -static
-fopenacc -march=native -fdo-concurrent-to-acc=host -ffixed-form f.f -o out/f
--help
-v --version
LINES
    } | while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "$line" | tr ' ' '\0' | seed cli "l$n" ''
    done
    for t in "${targets[@]}"; do
        echo "seeded $t: $(ls "$corpus/$t" | wc -l) inputs"
    done
}

run_target() { # target runs [libFuzzer args...]
    local target="$1" runs="${2:-1000000}"
    shift 2 || shift $#
    [ -d "$corpus/$target" ] || seed_all
    mkdir -p "$here/artifacts/$target"
    cd "$here"
    # -O: optimised with debug assertions; one process (the machine is shared). No sanitizer by
    # default (the code under test is safe Rust plus tree-sitter; FUZZ_SANITIZER=address turns
    # ASan back on at a third of the speed, and then tree-sitter's C code is instrumented too:
    # CFLAGS reach the cc crate). An input running longer than 10 s counts as a hang;
    # 2 GiB is the memory limit.
    # The input running when the process dies of a stack overflow is kept in logs/last-<target>.
    mkdir -p "$here/logs"
    local cflags="${CFLAGS:-}"
    if [ "${FUZZ_SANITIZER:-none}" = address ]; then
        cflags="${cflags:+$cflags }-fsanitize=address"
    fi
    CFLAGS="$cflags" ACCC_FUZZ_LAST="$here/logs/last-$target" cargo +nightly fuzz run -O --debug-assertions -s "${FUZZ_SANITIZER:-none}" \
        "$target" "$corpus/$target" -- \
        -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-16384}" \
        -dict="$here/acc.dict" -print_final_stats=1 \
        -artifact_prefix="$here/artifacts/$target/" "$@"
}

case "${1:-}" in
    seed) seed_all ;;
    all)
        for t in "${targets[@]}"; do run_target "$t" "${2:-1000000}"; done
        ;;
    directive | c_frontend | fortran_frontend | ir | codegen | cli)
        t="$1"
        shift
        run_target "$t" "$@"
        ;;
    *)
        sed -n '2,12p' "$0"
        exit 2
        ;;
esac
