//! `host_data use_device(a, ...)` for Fortran: inside the construct, `a` denotes the device copy.
//!
//! C rebinds the name to a pointer (`frontend/src/c/emit.rs`); Fortran has no pointer to an
//! arbitrary variable, so the construct's body is put inside an `associate` whose associate
//! names are the listed variables, each associated with an array pointer to the device copy:
//! ```fortran
//! block; use, intrinsic :: iso_c_binding, only: accc_c_ptr => c_ptr, accc_c_f_pointer => c_f_pointer
//!   integer(8) :: accc_v(K); interface ... end interface; type(accc_c_ptr) :: accc_c(N)
//!   real(8), pointer :: accc_t1(:, :), accc_u1(:, :); accc_v = [...]
//!   if (accc_f(0_4, accc_v, accc_c, a) /= 0) continue
//!   call accc_c_f_pointer(accc_c(1), accc_t1, shape(a, 8))
//!   accc_u1(lbound(a, 1, 8):, lbound(a, 2, 8):) => accc_t1; associate (a => accc_u1)
//! <the construct's statements>
//! end associate; end block !$acc end host_data
//! ```
//! The shim fills `accc_c` with each variable's device address (`acc_deviceptr` of its first
//! element, as C does; its host address when the `if` condition is false, or with
//! `if_present` when the data is absent; a null address without `if_present`). The associate
//! name keeps the variable's type, rank and lower bounds (explicit-shape, assumed-shape,
//! allocatable and pointer arrays alike; an assumed-size array gets the largest extent last),
//! has the `target` attribute (so `c_loc(a)` is the device address), and is passed by address
//! to explicit-shape and `deviceptr` dummies. The
//! device copy is contiguous from the first element like the host data, so a variable that is
//! not contiguous is a run-time error rather than a silently wrong view; members are refused
//! at compile time.

use super::{DataOp, Emitter, Operands};
use crate::host_plan::Condition;
use crate::runtime_calls::c_string;
use crate::Placement;
use acc_ir::*;
use std::fmt::Write as _;

impl Emitter<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn host_data(
        &mut self,
        handle: Handle<Op>,
        condition: &Condition,
        use_device: &[Handle<DataOp>],
        if_present: bool,
        placement: &Placement,
        function: &str,
        depth: usize,
    ) -> Result<(), String> {
        let Some(statement) = placement.statement.clone() else {
            return Ok(());
        };
        let mut operands = Operands::default();
        let cond = self.condition(&mut operands, condition);
        let mut code = String::new();
        let mut declarations = String::new();
        let mut pointers = String::new();
        let mut names = Vec::new();
        for (index, &data_handle) in use_device.iter().enumerate() {
            let data = &self.module.data_ops[data_handle];
            let name = self.use_device_name(data)?;
            if names.iter().any(|(known, _)| *known == name) {
                continue;
            }
            let (element, rank, assumed_size) = self.use_device_type(data)?;
            let d = operands.designator(&name);
            let absent = if if_present {
                format!("{d}->base_addr")
            } else {
                "0".into()
            };
            let _ = write!(
                code,
                "{{ void *u = __acc_if ? acc_deviceptr({d}->base_addr) : {d}->base_addr; if (__acc_if && !u) u = {absent}; if ({d}->rank > 0 && !CFI_is_contiguous({d})) {{ extern int dprintf(int, const char *, ...); extern void exit(int); dprintf(2, \"accrt: error: host_data use_device(%s) (%s:%d): the data is not contiguous; accc gives the device address of contiguous data only\\n\", {}, __acc_l.file, __acc_l.line); exit(1); }} c[{index}] = u; }} ",
                c_string(&data.name)
            );
            let slot = index + 1;
            if rank == 0 {
                let _ = write!(declarations, "{element}, pointer :: accc_u{slot}; ");
                let _ = write!(
                    pointers,
                    "call accc_c_f_pointer(accc_c({slot}), accc_u{slot}); "
                );
            } else {
                let colons = vec![":"; rank].join(", ");
                // An assumed-size array has no shape: its device view takes the known extents
                // and, last, the largest default-integer extent (only elements and the address
                // of an assumed-size array may be used, so no extent is ever read); it is
                // `contiguous`, so passing it on passes its address without a copy.
                let contiguous = if assumed_size { ", contiguous" } else { "" };
                let _ = write!(
                    declarations,
                    "{element}, pointer{contiguous} :: accc_t{slot}({colons}), accc_u{slot}({colons}); "
                );
                let lower: Vec<String> = (1..=rank)
                    .map(|dim| format!("lbound({name}, {dim}, 8):"))
                    .collect();
                let shape = if assumed_size {
                    let mut extents: Vec<String> = (1..rank)
                        .map(|dim| format!("size({name}, {dim}, 8)"))
                        .collect();
                    extents.push("int(huge(0), 8)".to_string());
                    format!("[{}]", extents.join(", "))
                } else {
                    format!("shape({name}, 8)")
                };
                let _ = write!(
                    pointers,
                    "call accc_c_f_pointer(accc_c({slot}), accc_t{slot}, {shape}); accc_u{slot}({}) => accc_t{slot}; ",
                    lower.join(", ")
                );
            }
            names.push((name, slot));
        }
        if names.is_empty() {
            return Ok(());
        }
        let loc = self.location(handle, function);
        let body = format!("(void)__m; {loc} int __acc_if = {cond}; {code}return 0;");
        let name = self.shim_name();
        let header = self.shim_with_addresses(
            &name,
            &operands,
            &body,
            Some((use_device.len(), &declarations)),
        );
        let associations: Vec<String> = names
            .iter()
            .map(|(name, slot)| format!("{name} => accc_u{slot}"))
            .collect();
        let prefix = format!(
            "{header}if ({} /= 0) continue; {pointers}associate ({})",
            Self::call_with(&operands, 0, ", accc_c"),
            associations.join(", ")
        );
        self.wrap(
            placement,
            statement,
            depth,
            prefix,
            "end associate; end block ".to_string(),
        );
        Ok(())
    }

    /// The variable a `use_device` op names: a whole variable, not a member or a section.
    fn use_device_name(&self, data: &DataOp) -> Result<String, String> {
        if !data.path.is_empty() || data.name.contains('(') {
            return Err(format!(
                "'{}': accc supports only whole variables in 'use_device' in Fortran",
                data.name
            ));
        }
        Ok(self.module.variables[data.var].name.clone())
    }

    /// The Fortran type of the elements of a `use_device` variable, its rank, and whether it
    /// is an assumed-size array (its last extent unknown).
    fn use_device_type(&self, data: &DataOp) -> Result<(String, usize, bool), String> {
        let types = &self.module.types;
        let mut ty = self.module.variables[data.var].ty;
        let mut rank = 0;
        let mut assumed_size = false;
        while let TypeInner::Array { element, size, .. } = types.get(ty) {
            if rank == 0 && matches!(size, ArraySize::Unknown) {
                assumed_size = true;
            }
            rank += 1;
            ty = *element;
        }
        let element = match types.get(ty) {
            TypeInner::Scalar(kind) => crate::fortran::kind_spelling(*kind),
            TypeInner::Struct {
                name: Some(name), ..
            } => format!("type({name})"),
            TypeInner::Opaque(name) if name.starts_with("type(") => name.clone(),
            TypeInner::Pointer { .. } => "type(accc_c_ptr)".into(),
            _ => {
                return Err(format!(
                    "'{}': 'use_device' of a variable of this type is not supported by accc",
                    data.name
                ))
            }
        };
        Ok((element, rank, assumed_size))
    }
}
