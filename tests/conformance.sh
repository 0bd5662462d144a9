#!/usr/bin/env bash
# The OpenACC V&V suite (../shared/openacc-vv, see its README) compiled and run the way a user
# would: each test is copied into a folder of its own with the suite's headers and compiled from
# there with the suite's documented commands and nothing else,
#   C:       accc -fopenacc -O2 test.c -o test -lm
#   Fortran: accc -fopenacc -O2 -cpp -ffree-line-length-none test.F90 -o test
# A test is self-checking: exit status 0 is a pass. Each binary runs on three devices:
#   multicore   ACC_DEVICE_TYPE=multicore
#   host        ACC_DEVICE_TYPE=host
#   mock        ACC_DEVICE_TYPE=nvidia on the mock CUDA driver (tests/mockcuda) running the
#               emulated device code (the binary is linked with ACCC_EMULATE_NVPTX=1, a test-only
#               switch that makes the NVIDIA image the CPU emulation of the device lowering; the
#               host and multicore code is the same as without it): device memory is separate,
#               so missing or short data mappings show here.
# The outcomes are compared with tests/conformance/expected.tsv, one line a test:
#   test <TAB> multicore <TAB> host <TAB> mock <TAB> reason
# where each device column is `pass`, how it fails (`compile`, `run`, `timeout`), or `racy`
# (its outcome there varies from run to run: it races with itself, or draws on a time-seeded
# rand(); not compared), and the
# reason (required for any failure) names the specification rule the test breaks or what accc
# lacks. A test expected to pass that fails is a failure of this script; a test that passes
# where a failure was expected is reported (bless it). ACCC_BLESS=1 rewrites the outcome
# columns and keeps the reasons; a failure without a reason is still an error.
#
# Usage (from the repository root, after `cargo build --release`):
#   bash tests/conformance.sh [test-file-name ...]
# ACCC_VV=<dir> names the suite (default ../shared/openacc-vv beside the repository); without
# it the script says so and passes. ACCC_CONFORMANCE_KEEP=1 keeps the work folders
# (tests/work/conformance) for a look at the logs.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
ACCC="$root/target/release/accc"
[ -x "$ACCC" ] || { echo "tests/conformance.sh: build accc first (cargo build --release)" >&2; exit 2; }
vv=${ACCC_VV:-$root/../shared/openacc-vv}
if [ ! -d "$vv/Tests" ]; then
    echo "SKIP conformance: the OpenACC V&V suite is not at $vv (set ACCC_VV)"
    exit 0
fi
vv=$(cd "$vv" && pwd)
expected=tests/conformance/expected.tsv
work=$root/tests/work/conformance
rm -rf "$work"
mkdir -p "$work/mock" "$work/results"
cc -O1 -shared -fPIC -o "$work/mock/libcuda.so.1" tests/mockcuda/mockcuda.c -lpthread ||
    { echo "FAIL conformance: the mock CUDA driver does not build"; exit 1; }

. tests/conformance/vv.sh

# One test: compile in its own folder, run on each device, write
# `name <TAB> multicore <TAB> host <TAB> mock <TAB> first error line` to results/name.
run_test() {
    local test=$1 w="$WORK/t/$1" out status=() detail="" VV_FLAGS
    vv_setup "$VV" "$test" "$w"
    vv_flags "$test"
    (cd "$w" && ACCC_EMULATE_NVPTX=1 timeout 300 "$ACCC" "${VV_FLAGS[@]}") >"$w/compile.log" 2>&1
    local rc=$?
    if [ $rc -ne 0 ]; then
        detail=$(grep -m1 -E 'error|Error|internal' "$w/compile.log" || head -n1 "$w/compile.log")
        [ $rc -eq 124 ] && detail="compile timed out"
        printf '%s\tcompile\tcompile\tcompile\t%s\n' "$test" "${detail:0:300}" >"$WORK/results/$test"
        return 0
    fi
    local device
    for device in multicore host mock; do
        local env=(ACC_DEVICE_TYPE="$device") limit=40
        if [ "$device" = mock ]; then
            env=(ACC_DEVICE_TYPE=nvidia LD_LIBRARY_PATH="$WORK/mock" ACCMOCK_EMULATE_ONLY=1 ACCMOCK_SMS=1 ACCMOCK_DEVICES=2)
            limit=90
        fi
        (cd "$w" && env "${env[@]}" timeout "$limit" ./test) >"$w/$device.out" 2>&1 </dev/null
        rc=$?
        if [ $rc -eq 0 ]; then
            status+=(pass)
        elif [ $rc -eq 124 ]; then
            status+=(timeout)
            [ -n "$detail" ] || detail="$device: timed out (${limit} s)"
            if [ "$device" = multicore ]; then
                # A test that never ends on multicore (a wrong test loops forever) would take
                # its time limit on every device: the others are not run.
                status+=(timeout timeout)
                break
            fi
        else
            status+=(run)
            if [ -z "$detail" ]; then
                out=$(grep -m1 -E 'error|Error|FAIL|fault' "$w/$device.out" || head -n1 "$w/$device.out")
                detail="$device: exit $rc${out:+: $out}"
            fi
        fi
    done
    printf '%s\t%s\t%s\t%s\t%s\n' "$test" "${status[@]}" "${detail:0:300}" >"$WORK/results/$test"
}
export -f run_test vv_setup vv_flags
export WORK="$work" VV="$vv" ACCC

if [ $# -gt 0 ]; then
    tests=("$@")
else
    mapfile -t tests < <(cd "$vv/Tests" && ls -- *.c *.F90 2>/dev/null | sort)
fi
started=$(date +%s)
printf '%s\0' "${tests[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'run_test "$1"' run_test
elapsed=$(($(date +%s) - started))

# Compare with the expected outcomes.
declare -A want reason
if [ -f "$expected" ]; then
    while IFS=$'\t' read -r name m h k why; do
        case $name in '#'* | '') continue ;; esac
        want[$name]="$m $h $k"
        reason[$name]=$why
    done <"$expected"
fi
failed=0
regressions=0
improvements=0
unexplained=0
declare -A passes=([multicore]=0 [host]=0 [mock]=0)
for test in "${tests[@]}"; do
    IFS=$'\t' read -r name m h k detail <"$work/results/$test"
    [ "$m" = pass ] && passes[multicore]=$((passes[multicore] + 1))
    [ "$h" = pass ] && passes[host]=$((passes[host] + 1))
    [ "$k" = pass ] && passes[mock]=$((passes[mock] + 1))
    got="$m $h $k"
    expect=${want[$test]:-}
    if [ -z "$expect" ]; then
        echo "NEW conformance: $test: $got ($detail)"
        [ "$got" = "pass pass pass" ] || unexplained=$((unexplained + 1))
        continue
    fi
    read -r -a g <<<"$got"
    read -r -a e <<<"$expect"
    for i in 0 1 2; do
        device=$(echo multicore host mock | cut -d' ' -f$((i + 1)))
        # `racy`: the test races with itself (async work read without a wait, data shared by
        # gangs) or depends on a time-seeded rand(), so its outcome on that device is not compared.
        [ "${e[$i]}" = racy ] && continue
        if [ "${e[$i]}" = pass ] && [ "${g[$i]}" != pass ]; then
            echo "FAIL conformance: $test on $device: ${g[$i]} (it passed before): $detail"
            regressions=$((regressions + 1))
        elif [ "${e[$i]}" != pass ] && [ "${g[$i]}" = pass ]; then
            echo "NOW PASSES conformance: $test on $device (expected ${e[$i]}: ${reason[$test]}); bless with ACCC_BLESS=1"
            improvements=$((improvements + 1))
        fi
    done
    if [ "$got" != "pass pass pass" ] && [ -z "${reason[$test]}" ]; then
        echo "FAIL conformance: $test fails ($got) and $expected gives no reason: $detail"
        unexplained=$((unexplained + 1))
    fi
done

count() { # how many of the tests end in $1
    local n=0 t
    for t in "${tests[@]}"; do
        case $t in *"$1") n=$((n + 1)) ;; esac
    done
    echo $n
}
for lang in c F90; do
    total=$(count ".$lang")
    [ "$total" -gt 0 ] || continue
    line="conformance $lang:"
    for device in multicore host mock; do
        n=0
        for test in "${tests[@]}"; do
            case $test in *".$lang") ;; *) continue ;; esac
            IFS=$'\t' read -r _ m h k _ <"$work/results/$test"
            case $device in multicore) s=$m ;; host) s=$h ;; mock) s=$k ;; esac
            [ "$s" = pass ] && n=$((n + 1))
        done
        line="$line $device $n/$total,"
    done
    echo "${line%,}"
done

if [ "${ACCC_BLESS:-}" = 1 ]; then
    {
        printf '# test\tmulticore\thost\tmock\treason (the rule the test breaks, or what accc lacks)\n'
        for test in $(printf '%s\n' "${tests[@]}" "${!want[@]}" | sort -u); do
            if [ -f "$work/results/$test" ]; then
                IFS=$'\t' read -r name m h k detail <"$work/results/$test"
                # Racy outcomes stay racy.
                read -r -a old <<<"${want[$test]:-x x x}"
                [ "${old[0]}" = racy ] && m=racy
                [ "${old[1]}" = racy ] && h=racy
                [ "${old[2]}" = racy ] && k=racy
                r=""
                [ "$m $h $k" = "pass pass pass" ] || r=${reason[$test]:-}
                printf '%s\t%s\t%s\t%s\t%s\n' "$test" "$m" "$h" "$k" "$r"
            else
                printf '%s\t%s\t%s\n' "$test" "${want[$test]// /$'\t'}" "${reason[$test]}"
            fi
        done
    } >"$expected.new"
    mv "$expected.new" "$expected"
    echo "blessed $expected"
fi
echo "conformance: $regressions regressions, $improvements newly passing, $unexplained failures without a reason (${elapsed} s)"
[ "${ACCC_CONFORMANCE_KEEP:-}" = 1 ] || rm -rf "$work"
[ $regressions -eq 0 ] && [ $unexplained -eq 0 ] || failed=1
exit $failed
