# The OpenACC V&V suite's documented way to build one test, sourced by tests/conformance.sh and
# tests/gpu-bundle/build.sh so that both build it the same way: each test in a folder of its own
# with the suite's headers, compiled from there with the suite's flags and nothing else.

# vv_setup <suite> <test> <folder>: copies the test and the suite's headers into <folder>.
vv_setup() {
    mkdir -p "$3" && cp "$1/Tests/$2" "$1"/Tests/*.h "$1"/Tests/*.Fh "$3/"
}

# vv_flags <test>: sets the array VV_FLAGS to the suite's flags for it (after the compiler):
#   C:       -fopenacc -O2 test.c -o test -lm
#   Fortran: -fopenacc -O2 -cpp -ffree-line-length-none test.F90 -o test
vv_flags() {
    case $1 in
        *.c) VV_FLAGS=(-fopenacc -O2 "$1" -o test -lm) ;;
        *) VV_FLAGS=(-fopenacc -O2 -cpp -ffree-line-length-none "$1" -o test) ;;
    esac
}
