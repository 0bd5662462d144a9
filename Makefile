# accc's build and test entry points. CI runs `make test` (.ci/run).
#   make build   install what is missing, build everything (release)
#   make demo    build, then compile and run examples/saxpy on every core and on the host
#   make test    formatting, clippy, every cargo test, then the file-based tests
#   make bless   rewrite the expected outputs of the snapshot tests
#   make bench   time the benchmarks (not part of the tests)
#   make gpu-bundle  build target/gpu-bundle/: every compile-and-run program and the GPU
#                benchmarks, self-contained for a GPU machine without Rust, LLVM or gfortran;
#                run it there with `bash target/gpu-bundle/run.sh` (here: `run.sh --mock`).
#                From a session with a GPU, one device call: command
#                `bash target/gpu-bundle/run.sh --out $OUT`, carry ["target/gpu-bundle"],
#                timeout_s 420; keep the results in bench/results/ (README.md there)
#   make install PREFIX=/opt/accc   install accc, its runtime, headers and CMake toolchain file
#   make clean   remove build outputs
#   make fuzz    run the cargo-fuzz targets (nightly, cargo-fuzz; see fuzz/README.md)

SHELL := /bin/bash
CARGO ?= cargo
# Where inkwell's llvm-sys finds LLVM 19 (Debian's llvm-19-dev).
export LLVM_SYS_191_PREFIX ?= /usr/lib/llvm-19
# Scratch space for the demo.
TMP ?= $(CURDIR)/target/demo

# Where `make install` puts accc (DESTDIR is prepended, for packagers).
PREFIX ?= /usr/local

.PHONY: all setup build demo test bless bench gpu-bundle install clean fuzz

all: build

setup:
	@bash scripts/setup.sh

build: setup
	$(CARGO) build --release

demo: build
	mkdir -p $(TMP)
	target/release/accc -fopenacc -O2 examples/saxpy/saxpy.c -o $(TMP)/saxpy
	ACC_DEVICE_TYPE=multicore $(TMP)/saxpy
	ACC_DEVICE_TYPE=host $(TMP)/saxpy

# Tests run in release so that they share the build with the accc binary; the file-based
# tests (tests/run.sh) run last, once they exist.
# The whole suite verifies acc-ir after every pass and fails on any internal error of accc
# (acc_ir::passes::pipeline; frontend/src/lowering::internal_error).
test: export ACCC_VERIFY_IR = 1
test: export ACCC_INTERNAL_ERRORS = error
test: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) build --release --workspace
	$(CARGO) test --workspace --release --lib --bins --tests
	if [ -f tests/run.sh ]; then ACCC_TEST_OPT_LEVELS="-O0 -O2" bash tests/run.sh; fi
	bash tests/runtime.sh
	bash tests/check.sh
	bash tests/debugger.sh
	bash tests/device.sh
	bash tests/images.sh
	bash tests/cuda.sh
	ACCC_CUDA_EMULATE=1 bash tests/cuda.sh
	bash tests/hip.sh
	bash tests/buildsys.sh
	bash tests/mpi.sh
	bash tests/routines.sh
	bash tests/gpu-bundle/build.sh
	bash target/gpu-bundle/run.sh --mock
	bash tests/conformance.sh

bless: setup
	$(CARGO) build --release --workspace
	ACCC_BLESS=1 $(CARGO) test --workspace --release
	if [ -f tests/run.sh ]; then ACCC_BLESS=1 bash tests/run.sh; fi
	ACCC_BLESS=1 bash tests/routines.sh
	ACCC_BLESS=1 bash tests/conformance.sh

# The installed layout: accc finds its runtime and headers relative to bin/accc (see
# driver/src/tools.rs), so nothing needs an environment variable. Headers go to include/accc so
# that they never shadow GCC's own openacc.h for users of gcc -fopenacc.
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/accc \
		$(DESTDIR)$(PREFIX)/share/accc/cmake
	install -m 755 target/release/accc $(DESTDIR)$(PREFIX)/bin/accc
	install -m 644 target/release/libaccrt.a $(DESTDIR)$(PREFIX)/lib/libaccrt.a
	install -m 755 target/release/libaccrt.so $(DESTDIR)$(PREFIX)/lib/libaccrt.so
	install -m 644 runtime/include/*.h $(DESTDIR)$(PREFIX)/include/accc/
	install -d $(DESTDIR)$(PREFIX)/include/accc/fortran
	install -m 644 target/release/accrt-fortran/openacc.mod target/release/accrt-fortran/openacc_lib.h \
		$(DESTDIR)$(PREFIX)/include/accc/fortran/
	install -m 644 target/release/accrt-fortran/libaccrt_fortran.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 cmake/accc-toolchain.cmake $(DESTDIR)$(PREFIX)/share/accc/cmake/

# Benchmarks: accc multicore vs gcc -fopenmp vs gcc -fopenacc, times taken in one run.
bench: build
	bash bench/run.sh

# The GPU bundle (tests/gpu-bundle/build.sh): at most 64 MiB, checked by the script.
gpu-bundle: build
	bash tests/gpu-bundle/build.sh

clean:
	$(CARGO) clean
	rm -rf tests/work

# Fuzzing (nightly + cargo-fuzz; not part of `make test`): seeds fuzz/corpus from the test inputs
# and runs every target for FUZZ_RUNS inputs, one after another. See fuzz/README.md.
FUZZ_RUNS ?= 1000000
fuzz: build
	bash fuzz/run.sh all $(FUZZ_RUNS)
