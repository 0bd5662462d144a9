//! accc-codegen: kernel generation from acc-ir with LLVM (inkwell) — x86-64 kernels at compile
//! time, NVPTX and AMDGPU images at link time.
//!
//! Nothing is generated yet: the body IR that kernels are built from arrives with the CPU
//! execution work (issue "C programs run"). Until then `accc -fopenacc` compiles the host
//! fallback only, which is correct OpenACC semantics for `ACC_DEVICE_TYPE=host`.
