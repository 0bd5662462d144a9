#!/usr/bin/env bash
# Installs what building and testing accc needs on a fresh Debian 12 machine.
# Idempotent: when everything is already there it only checks and returns at once.
# Run as root, or as a user who may use sudo.
set -euo pipefail

# rocm-device-libs: ocml bitcode, the device math of AMD GPUs; python3-venv: the virtual
# environment that holds ptxas and libdevice (below); patchelf: `make gpu-bundle` points the
# bundle's programs and libraries at the bundle's own lib/ ($ORIGIN-relative rpaths).
# openmpi-bin, libopenmpi-dev, mpich, libmpich-dev: tests/mpi.sh builds the MPI examples with
# both MPI implementations (Debian installs them side by side: mpicc.openmpi, mpicc.mpich).
# gdb: tests/debugger.sh stops gdb inside a compute region of a program built with -g.
packages=(llvm-19-dev libzstd-dev lld-19 gfortran cmake build-essential rocm-device-libs python3-venv patchelf
    openmpi-bin libopenmpi-dev mpich libmpich-dev gdb)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} > 0)); then
    if [[ $(id -u) -eq 0 ]]; then
        as_root=()
    elif command -v sudo >/dev/null 2>&1; then
        as_root=(sudo)
    else
        echo "setup: missing packages: ${missing[*]}" >&2
        echo "setup: run this script as root (or install sudo) to install them" >&2
        exit 1
    fi
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ptxas (checks PTX without a GPU) and libdevice (device math on NVIDIA) come from the PyPI
# wheel nvidia-cuda-nvcc-cu12, installed into a virtual environment of its own (Debian's pip
# refuses system-wide installs): ${XDG_DATA_HOME:-~/.local/share}/accc/venv, where accc and the
# tests look for them. Skipped when the wheel is already there.
venv="${XDG_DATA_HOME:-$HOME/.local/share}/accc/venv"
if ! compgen -G "$venv/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas" >/dev/null; then
    echo "setup: installing nvidia-cuda-nvcc-cu12 (ptxas, libdevice) into $venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet nvidia-cuda-nvcc-cu12
fi

if ! command -v cargo >/dev/null 2>&1; then
    cat >&2 <<'MESSAGE'
setup: cargo (Rust) is not installed. Install it with rustup:
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y
    . "$HOME/.cargo/env"
then run this again.
MESSAGE
    exit 1
fi
