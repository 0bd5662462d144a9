//! A kernel as generated code hands it to a launch (`__accrt_kernel` and the argument array of
//! `__accrt_launch`, `include/accrt.h`): the arguments the runtime owns while the launch runs
//! ([`KernelArgs`]) and what a device that runs device code needs of it ([`KernelCode`]). An FFI
//! module: it reads the generated code's argument array.
#![allow(unsafe_code)]

use std::ffi::c_void;

use accc_abi::{AccrtData, AccrtKernel, Finish, HostKernel};

/// The device address of host address `host`, inside (or at the end of) the data that `entry`
/// maps: `entry.device + (host - entry.host)`, wrapping as the generated code's pointer
/// arithmetic did (an address before a section's start, as `a - 1`, stays representable).
fn translated(entry: &AccrtData, host: *mut c_void) -> *mut c_void {
    let offset = (host as usize).wrapping_sub(entry.host as usize);
    entry.device.cast::<u8>().wrapping_add(offset).cast()
}

/// Kernel arguments owned by the runtime for the duration of a launch.
#[derive(Debug)]
pub struct KernelArgs {
    /// The values copied at launch (16-byte aligned).
    _storage: Vec<u128>,
    /// The pointer array handed to the kernel.
    pointers: Vec<*mut c_void>,
    /// The caller's array, when passed through.
    passthrough: *mut *mut c_void,
}

// SAFETY: the pointers are only handed to the compiler-generated kernel and finish functions,
// which are written to run concurrently on pool threads (each slot touches its own partials) and
// to read arguments only; the storage they point into lives as long as this value.
unsafe impl Send for KernelArgs {}
// SAFETY: as above; the runtime itself never writes through these pointers.
unsafe impl Sync for KernelArgs {}

impl KernelArgs {
    /// The values of `args`, copied; with `entries`, an argument that `kernel.via` gives is a
    /// host address translated through them (see [`translated`]). Errors name an argument
    /// given through an entry that is not pointer-sized.
    ///
    /// # Safety
    /// `kernel.arg_sizes` (if non-null) holds `nargs` sizes and `args` holds `nargs` pointers,
    /// each to a readable value of its size (or, without sizes, `nargs` values); `kernel.via`
    /// (if non-null) holds `nargs` entry indices, each below the length of `entries`, which
    /// `__accrt_enter` filled.
    pub(crate) unsafe fn capture(
        kernel: &AccrtKernel,
        args: *mut *mut c_void,
        entries: *const AccrtData,
    ) -> Result<KernelArgs, String> {
        let count = kernel.nargs.max(0) as usize;
        if count == 0 || args.is_null() {
            return Ok(KernelArgs {
                _storage: Vec::new(),
                pointers: Vec::new(),
                passthrough: args,
            });
        }
        // SAFETY: `args` holds `count` entries by the caller's contract.
        let values = unsafe { std::slice::from_raw_parts(args, count) };
        if kernel.arg_sizes.is_null() {
            return Ok(KernelArgs {
                _storage: Vec::new(),
                pointers: values.to_vec(),
                passthrough: std::ptr::null_mut(),
            });
        }
        // SAFETY: `arg_sizes` holds `count` entries by the caller's contract.
        let sizes = unsafe { std::slice::from_raw_parts(kernel.arg_sizes, count) };
        let words: Vec<usize> = sizes.iter().map(|size| size.div_ceil(16).max(1)).collect();
        let mut storage = vec![0u128; words.iter().sum()];
        let mut pointers = Vec::with_capacity(count);
        // `via` exists only in the records of code that launches with an entry array: a
        // record of older generated code ends before it, so without entries it is not read.
        let via = if kernel.via.is_null() || entries.is_null() {
            &[][..]
        } else {
            // SAFETY: `via` holds `count` entries by the caller's contract.
            unsafe { std::slice::from_raw_parts(kernel.via, count) }
        };
        let mut offset = 0;
        for (index, ((&value, &size), &word_count)) in
            values.iter().zip(sizes).zip(&words).enumerate()
        {
            let slot = storage[offset..].as_mut_ptr() as *mut u8;
            if let Some(&entry) = via.get(index).filter(|&&entry| entry >= 0) {
                if size != std::mem::size_of::<*mut c_void>() {
                    return Err(format!(
                        "argument {index} is given through entry {entry}, but it is not \
                         pointer-sized"
                    ));
                }
                // SAFETY: `entries` holds entry `entry` by the caller's contract.
                let data = unsafe { &*entries.add(entry as usize) };
                let device = translated(data, value);
                // SAFETY: `slot` has room for a pointer (size checked above) in `storage`,
                // which is 16-byte aligned.
                unsafe { (slot as *mut *mut c_void).write(device) };
                pointers.push(slot as *mut c_void);
                offset += word_count;
                continue;
            }
            if size > 0 && !value.is_null() {
                // SAFETY: `value` points to `size` readable bytes by the caller's contract, and
                // `slot` has room for `word_count * 16 >= size` bytes in `storage`.
                unsafe { std::ptr::copy_nonoverlapping(value as *const u8, slot, size) };
            }
            pointers.push(slot as *mut c_void);
            offset += word_count;
        }
        Ok(KernelArgs {
            _storage: storage,
            pointers,
            passthrough: std::ptr::null_mut(),
        })
    }

    /// Argument 0's copied value and its size in bytes, when the values were copied (accc's gang
    /// counts: `int64_t[4]`, or the older single `int64_t`); `None` otherwise.
    fn argument0(&self, kernel: &AccrtKernel) -> Option<(*mut i64, usize)> {
        if !self.passthrough.is_null() || kernel.arg_sizes.is_null() || self.pointers.is_empty() {
            return None;
        }
        // SAFETY: `arg_sizes` holds `nargs >= 1` entries (pointers is not empty).
        let size = unsafe { *kernel.arg_sizes };
        Some((self.pointers[0] as *mut i64, size))
    }

    /// Completes argument 0 when it is accc's gang counts `int64_t[4]` `{_, G1, G2, G3}` as
    /// generated code passes them: each `Gd` below 1 becomes 1 and `G = G1 * G2 * G3` (saturating)
    /// is stored first. Returns `G`; `None` when argument 0 is not such an array (or was not
    /// copied).
    pub(crate) fn complete_grid(&mut self, kernel: &AccrtKernel) -> Option<i64> {
        let (first, size) = self.argument0(kernel)?;
        if size != std::mem::size_of::<[i64; 4]>() {
            return None;
        }
        let mut total = 1i64;
        for dim in 1..4 {
            // SAFETY: pointers[0] points to the 16-byte aligned copy of the 32 bytes, in
            // `_storage`, which this value owns.
            let count = unsafe { first.add(dim).read() }.max(1);
            // SAFETY: as above.
            unsafe { first.add(dim).write(count) };
            total = total.saturating_mul(count);
        }
        // SAFETY: as above.
        unsafe { first.write(total) };
        Some(total)
    }

    /// Makes argument 0 (accc's gang counts: `int64_t[4]` `{G, G1, G2, G3}`, or the older
    /// single `int64_t` G) read `gangs` gangs in one dimension, when the values were copied and
    /// argument 0 has one of those sizes.
    pub(crate) fn set_gang_count(&mut self, kernel: &AccrtKernel, gangs: i64) {
        let Some((first, size)) = self.argument0(kernel) else {
            return;
        };
        let values: &[i64] = if size == std::mem::size_of::<[i64; 4]>() {
            &[gangs, gangs, 1, 1]
        } else if size == std::mem::size_of::<i64>() {
            &[gangs]
        } else {
            return;
        };
        for (index, &value) in values.iter().enumerate() {
            // SAFETY: pointers[0] points into `_storage`, 16-byte aligned, with room for `size`
            // bytes, which `values` fills.
            unsafe { first.add(index).write(value) };
        }
    }

    /// Argument 0's gang counts `{G, G1, G2, G3}` (`{G, G, 1, 1}` for a single `int64_t`;
    /// `iterations` gangs in one dimension when the values were not copied).
    pub(crate) fn gangs(&self, kernel: &AccrtKernel, iterations: i64) -> [i64; 4] {
        let fallback = [iterations, iterations, 1, 1];
        let Some((first, size)) = self.argument0(kernel) else {
            return fallback;
        };
        if size == std::mem::size_of::<[i64; 4]>() {
            // SAFETY: pointers[0] points to the 16-byte aligned copy of the 32 bytes.
            unsafe {
                [
                    first.read(),
                    first.add(1).read(),
                    first.add(2).read(),
                    first.add(3).read(),
                ]
            }
        } else if size == std::mem::size_of::<i64>() {
            // SAFETY: as above, 8 bytes.
            let g = unsafe { first.read() };
            [g, g, 1, 1]
        } else {
            fallback
        }
    }

    /// Every pointer-sized word of the captured argument values (the pointer values themselves
    /// when they were passed without sizes); `None` when the caller's array was passed
    /// through. The data checker ([`crate::check`]) finds the device copies a kernel can reach
    /// from these.
    pub fn words(&self) -> Option<Vec<usize>> {
        if !self.passthrough.is_null() {
            return None;
        }
        if self._storage.is_empty() {
            return Some(
                self.pointers
                    .iter()
                    .map(|&pointer| pointer as usize)
                    .collect(),
            );
        }
        Some(
            self._storage
                .iter()
                .flat_map(|&word| [word as u64 as usize, (word >> 64) as u64 as usize])
                .collect(),
        )
    }

    /// The captured argument pointers (element k points to argument k's value); `None` when
    /// the caller's array was passed through, whose length is not known.
    pub fn values(&self) -> Option<&[*mut c_void]> {
        self.passthrough.is_null().then_some(&self.pointers[..])
    }

    /// The array the kernel receives (element k points to argument k's value).
    pub fn array(&self) -> *mut *mut c_void {
        if self.passthrough.is_null() {
            self.pointers.as_ptr() as *mut *mut c_void
        } else {
            self.passthrough
        }
    }
}

/// What the generated code handed to a launch, as the GPU needs it.
pub struct KernelCode {
    pub host: HostKernel,
    pub finish: Option<Finish>,
    pub args: std::sync::Arc<KernelArgs>,
    /// Argument 0's gang counts `{G, G1, G2, G3}`.
    pub gangs: [i64; 4],
}

impl std::fmt::Debug for KernelCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelCode")
            .field("gangs", &self.gangs)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::c_int;

    fn entry(host: usize, device: usize) -> AccrtData {
        AccrtData {
            host: host as *mut c_void,
            bytes: 80,
            name: std::ptr::null(),
            action: 0,
            flags: 0,
            device: device as *mut c_void,
            row_offset: 0,
            row_bytes: 0,
        }
    }

    fn kernel(sizes: &[usize], via: &[c_int]) -> AccrtKernel {
        AccrtKernel {
            name: std::ptr::null(),
            host: None,
            finish: None,
            nargs: sizes.len() as c_int,
            arg_sizes: sizes.as_ptr(),
            via: via.as_ptr(),
        }
    }

    /// A `via` argument is its host address moved by its entry's offset, also when it lies
    /// before the entry (a pointer `a` whose section `a[5:10]` was mapped); the others are
    /// copied values.
    #[test]
    fn via_arguments_are_translated_through_their_entry() {
        let entries = [entry(0x1000, 0x9000), entry(0x2028, 0x7000)];
        let sizes = [8usize, 8, 8, 8];
        let via: [c_int; 4] = [-1, 0, 1, -1];
        let mut value = 42i64;
        let mut args: [*mut c_void; 4] = [
            (&mut value as *mut i64).cast(),
            0x1010 as *mut c_void,
            0x2000 as *mut c_void,
            (&mut value as *mut i64).cast(),
        ];
        let kernel = kernel(&sizes, &via);
        // SAFETY: the sizes, via and args arrays hold four entries; each value pointer points
        // to an i64; entries 0 and 1 exist.
        let captured = unsafe { KernelArgs::capture(&kernel, args.as_mut_ptr(), entries.as_ptr()) }
            .expect("captured");
        // SAFETY: each captured pointer points at an 8-byte copy.
        let read = |i: usize| unsafe { *(captured.pointers[i] as *const usize) };
        assert_eq!(read(0), 42);
        assert_eq!(read(1), 0x9010);
        assert_eq!(read(2), 0x7000 - 0x28);
        assert_eq!(read(3), 42);
    }

    /// Without an entry array (`__accrt_launch`, as code older than `via` calls it) the
    /// `via` field is not read: every argument is a pointer to its value.
    #[test]
    fn via_is_read_only_with_entries() {
        let sizes = [8usize, 8];
        let via: [c_int; 2] = [-1, 0];
        let (mut first, mut second) = (1i64, 2i64);
        let mut args: [*mut c_void; 2] = [
            (&mut first as *mut i64).cast(),
            (&mut second as *mut i64).cast(),
        ];
        let kernel = kernel(&sizes, &via);
        // SAFETY: as above; with no entry array `via` is ignored.
        let captured = unsafe { KernelArgs::capture(&kernel, args.as_mut_ptr(), std::ptr::null()) }
            .expect("captured");
        // SAFETY: each captured pointer points at an 8-byte copy.
        let read = |i: usize| unsafe { *(captured.pointers[i] as *const i64) };
        assert_eq!((read(0), read(1)), (1, 2));
    }

    /// A `via` argument that is not pointer-sized is refused.
    #[test]
    fn via_argument_must_be_pointer_sized() {
        let entries = [entry(0x1000, 0x9000)];
        let sizes = [8usize, 4];
        let via: [c_int; 2] = [-1, 0];
        let mut value = 1i64;
        let mut args: [*mut c_void; 2] = [(&mut value as *mut i64).cast(), 0x1000 as *mut c_void];
        let kernel = kernel(&sizes, &via);
        // SAFETY: as above.
        let captured = unsafe { KernelArgs::capture(&kernel, args.as_mut_ptr(), entries.as_ptr()) };
        assert!(captured.is_err());
    }
}
