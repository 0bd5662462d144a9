//! libaccrt: accc's OpenACC runtime — the present table, the devices (host, multicore, CUDA and
//! HIP through dlopen) and the `acc_*` API.
//!
//! Not built yet: the runtime arrives with the CPU execution work (issue "C programs run"), when
//! the host emitter starts calling it.
