//! LLVM IR as text: types with their x86-64 layout ([`ty`]) and the function and module
//! writers ([`text`]).

pub(crate) mod text;
pub(crate) mod ty;
