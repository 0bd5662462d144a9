# accc's build and test entry points. CI runs `make test` (.ci/run).
#   make build   install what is missing, build everything (release)
#   make demo    build, then compile and run examples/saxpy on every core and on the host
#   make test    formatting, clippy, every cargo test, then the file-based tests
#   make bless   rewrite the expected outputs of the snapshot tests
#   make bench   time the benchmarks (not part of the tests)
#   make clean   remove build outputs

SHELL := /bin/bash
CARGO ?= cargo
# Where inkwell's llvm-sys finds LLVM 19 (Debian's llvm-19-dev).
export LLVM_SYS_191_PREFIX ?= /usr/lib/llvm-19
# Scratch space for the demo.
TMP ?= $(CURDIR)/target/demo

.PHONY: all setup build demo test bless bench clean

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
test: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) build --release --workspace
	$(CARGO) test --workspace --release --lib --bins --tests
	if [ -f tests/run.sh ]; then bash tests/run.sh; fi
	bash tests/device.sh

bless: setup
	$(CARGO) build --release --workspace
	ACCC_BLESS=1 $(CARGO) test --workspace --release
	if [ -f tests/run.sh ]; then ACCC_BLESS=1 bash tests/run.sh; fi

# Benchmarks: accc multicore vs gcc -fopenmp vs gcc -fopenacc, times taken in one run.
bench: build
	bash bench/run.sh

clean:
	$(CARGO) clean
	rm -rf tests/work
