//! The serialised form of a [`Module`] that objects compiled with `-fopenacc` carry, so that the
//! link step can compile device code for every object of the program.
//!
//! # The `.accc.ir` section
//!
//! An object whose translation unit has kernels holds one *record* in an ELF section named
//! [`SECTION`] (`SHT_PROGBITS`, no flags: not allocated, so it is never loaded into the program;
//! alignment 1). A relocatable link (`ld -r`) concatenates the sections of its inputs, so a
//! section holds one or more records back to back, possibly separated by zero bytes:
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `ACCCIR\0\0` |
//! | 4 | format version, little-endian `u32` (this is version [`VERSION`]) |
//! | 8 | payload length `n`, little-endian `u64` |
//! | n | the whole [`Module`] of the translation unit in `postcard` encoding |
//!
//! The payload is the module's serde form: arenas are their entries and spans, a handle is its
//! zero-based index (`u32`). Any change to an IR type that serde sees changes the payload, so it
//! must come with a new [`VERSION`]; a reader rejects records of another version (the link step
//! then compiles no device code for that object and says why; its regions run on the host).
//! A decoded module is checked by [`crate::verify`] and the body verifier before use.

use crate::Module;

/// The ELF section that holds the records.
pub const SECTION: &str = ".accc.ir";
/// The first bytes of every record.
pub const MAGIC: &[u8; 8] = b"ACCCIR\0\0";
/// The format version this build writes and reads.
pub const VERSION: u32 = 8;

const HEADER: usize = 8 + 4 + 8;

/// Why a section could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes do not start with [`MAGIC`], or a record is cut short.
    Malformed(String),
    /// A record of another format version (the version found).
    Version(u32),
    /// The payload does not decode, or the module breaks an IR invariant.
    Invalid(String),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Malformed(why) => write!(f, "malformed {SECTION} section: {why}"),
            DecodeError::Version(found) => write!(
                f,
                "{SECTION} format version {found}, this accc reads version {VERSION}"
            ),
            DecodeError::Invalid(why) => write!(f, "invalid {SECTION} record: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// One record holding `module`.
pub fn encode(module: &Module) -> Vec<u8> {
    // Serialising into a vector fails only for types serde cannot describe, which the IR has none of.
    let payload = postcard::to_stdvec(module).expect("the IR serialises");
    let mut bytes = Vec::with_capacity(HEADER + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

/// Every module in a section's contents (one record or several concatenated ones).
pub fn decode(mut bytes: &[u8]) -> Result<Vec<Module>, DecodeError> {
    let mut modules = Vec::new();
    loop {
        // Padding a relocatable link may have put between two sections' contents.
        while let [0, rest @ ..] = bytes {
            bytes = rest;
        }
        if bytes.is_empty() {
            return Ok(modules);
        }
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(DecodeError::Malformed("no record header".into()));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(DecodeError::Version(version));
        }
        let length = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
        let end = usize::try_from(length)
            .ok()
            .and_then(|length| HEADER.checked_add(length))
            .filter(|end| *end <= bytes.len())
            .ok_or_else(|| DecodeError::Malformed("record longer than the section".into()))?;
        let module: Module = postcard::from_bytes(&bytes[HEADER..end])
            .map_err(|error| DecodeError::Invalid(error.to_string()))?;
        check(&module)?;
        modules.push(module);
        bytes = &bytes[end..];
    }
}

/// The IR invariants device code generation relies on.
fn check(module: &Module) -> Result<(), DecodeError> {
    let invalid = |error: &dyn std::fmt::Display| DecodeError::Invalid(error.to_string());
    crate::verify::verify(module).map_err(|e| invalid(&e))?;
    for kernel in &module.kernels {
        if !module.ops.contains(kernel.compute) {
            return Err(DecodeError::Invalid(format!(
                "kernel '{}': compute op out of range",
                kernel.name
            )));
        }
        for param in &kernel.params {
            let data_op_ok = param.data_op.is_none_or(|h| module.data_ops.contains(h));
            if !module.variables.contains(param.var) || !data_op_ok {
                return Err(DecodeError::Invalid(format!(
                    "kernel '{}': parameter out of range",
                    kernel.name
                )));
            }
        }
        crate::body_verify::verify_body(module, &kernel.body).map_err(|e| invalid(&e))?;
    }
    for function in &module.device_functions {
        crate::body_verify::verify_function(module, function).map_err(|e| invalid(&e))?;
    }
    Ok(())
}
