//! Modules whose public names accc knows without reading them: the intrinsic modules (the
//! compiler's own, which have no source and no interface file) and MPI's `mpi` and `mpi_f08`.
//!
//! A file that uses a module accc cannot see (no `.accmod` interface file beside its `.mod`)
//! cannot tell whether an undeclared name comes from the module or is an implicitly typed local
//! (Fortran 2018 §11.2.2: a use-associated name takes precedence over implicit typing), so such
//! a name resolves as unknown ([`Resolved::External`](super::symbols::Resolved)) and the region
//! that uses it keeps its host fallback. For the modules here the answer is known: a name that
//! does not have the module's form is not the module's, and implicit typing applies to it
//! (I–N integer, else real), as gfortran decides. The forms:
//!
//! * MPI: every name MPI defines begins with `MPI_` or `PMPI_`, which the MPI standard reserves
//!   (MPI 4.0 §2.6.2); the implementations add `MPIX_` (extensions), `OMPI_` (Open MPI's version
//!   constants), `MPIR_`/`PMPIR_` (MPICH's internals), and both re-export `iso_c_binding`'s
//!   `c_` names from `mpi_f08` (checked against the `.mod` files of Open MPI 4.1 and MPICH 4.0).
//!   The only other names their modules hold are procedures that implement `==`/`/=` for the
//!   handle types and the types themselves, which no program can use as variables.
//! * `iso_c_binding`: `c_`; `ieee_*`: `ieee_`; `openacc`: `acc_`, `openacc_version`; `omp_lib`:
//!   `omp_`, `openmp_version`; `iso_fortran_env`: its list of names (Fortran 2018 §16.10.2).

/// The names `module` (lower case) may make accessible by `use`: `None` when accc does not know
/// the module's names, else whether `name` (lower case) has the module's form.
pub fn declares(module: &str, name: &str) -> Option<bool> {
    let (prefixes, names): (&[&str], &[&str]) = match module {
        "mpi" | "mpi_f08" | "pmpi_f08" => (MPI_PREFIXES, &[]),
        "iso_c_binding" => (&["c_"], &[]),
        "ieee_arithmetic" | "ieee_exceptions" | "ieee_features" => (&["ieee_"], &[]),
        "openacc" => (&["acc_"], &["openacc_version"]),
        "omp_lib" | "omp_lib_kinds" => (&["omp_"], &["openmp_version"]),
        "iso_fortran_env" => (&[], ISO_FORTRAN_ENV),
        _ => return None,
    };
    Some(prefixes.iter().any(|prefix| name.starts_with(prefix)) || names.contains(&name))
}

/// The prefixes of the names the MPI modules define.
const MPI_PREFIXES: &[&str] = &[
    "mpi_", "pmpi_", "mpix_", "pmpix_", "ompi_", "mpir_", "pmpir_", "c_",
];

/// The public names of `iso_fortran_env` (Fortran 2018 §16.10.2, and gfortran's).
const ISO_FORTRAN_ENV: &[&str] = &[
    "atomic_int_kind",
    "atomic_logical_kind",
    "character_kinds",
    "character_storage_size",
    "compiler_options",
    "compiler_version",
    "current_team",
    "error_unit",
    "event_type",
    "file_storage_size",
    "initial_team",
    "input_unit",
    "int8",
    "int16",
    "int32",
    "int64",
    "integer_kinds",
    "iostat_end",
    "iostat_eor",
    "iostat_inquire_internal_unit",
    "lock_type",
    "logical_kinds",
    "numeric_storage_size",
    "output_unit",
    "parent_team",
    "real16",
    "real32",
    "real64",
    "real128",
    "real_kinds",
    "stat_failed_image",
    "stat_locked",
    "stat_locked_other_image",
    "stat_stopped_image",
    "stat_unlocked",
    "stat_unlocked_failed_image",
    "team_type",
];

#[cfg(test)]
mod tests {
    use super::declares;

    #[test]
    fn mpi_names_have_the_reserved_prefixes() {
        assert_eq!(declares("mpi", "mpi_comm_world"), Some(true));
        assert_eq!(declares("mpi_f08", "pmpi_send"), Some(true));
        assert_eq!(declares("mpi", "ompi_major_version"), Some(true));
        assert_eq!(declares("mpi", "i"), Some(false));
        assert_eq!(declares("mpi_f08", "ierr"), Some(false));
        assert_eq!(declares("iso_c_binding", "c_int"), Some(true));
        assert_eq!(declares("iso_c_binding", "n"), Some(false));
        assert_eq!(declares("iso_fortran_env", "real64"), Some(true));
        assert_eq!(declares("iso_fortran_env", "x"), Some(false));
        assert_eq!(declares("my_module", "x"), None);
    }
}
