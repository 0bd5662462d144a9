//! The Fortran bindings of the OpenACC data routines, generated: each routine (`acc_copyin`,
//! `acc_update_self_async`, `acc_is_present`, ...) has three specific procedures behind its
//! generic name (OpenACC 3.3 §3.2.20 and on): `_a` takes a whole contiguous array or a scalar,
//! `_l` and `_l8` a start and a byte count of kind 4 or 8. Each calls the C routine of the same
//! name through a `bind(c)` interface `c_<name>`.
//!
//! [`ROUTINES`] lists them once; three texts are rendered from it and kept in the committed
//! files between `! BEGIN GENERATED` and `! END GENERATED` lines (a test compares them;
//! `ACCC_BLESS=1 cargo test -p accc-abi` rewrites them):
//! * [`c_interfaces`]: the `bind(c)` interfaces, in module `accrt_fortran_c` of
//!   `runtime/fortran/openacc.f90`;
//! * [`procedures`]: the specific procedures, external procedures in the same file;
//! * [`generic_interfaces`]: the generic interfaces users see, in `runtime/fortran/openacc_lib.h`
//!   (fixed-form compatible: statements from column 7, lines of at most 72 characters).

/// What a data routine's C form returns and takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `void *acc_x(void *, size_t)`: the device address, which the Fortran subroutine drops.
    Device,
    /// `void acc_x(void *, size_t)`.
    Plain,
    /// `void acc_x(void *, size_t, int async)`.
    Async,
    /// `int acc_x(void *, size_t)`, a logical function in Fortran.
    Query,
}

impl Shape {
    /// The kind of the Fortran procedure: `function` for a query, else `subroutine`.
    fn keyword(self) -> &'static str {
        if self == Shape::Query {
            "function"
        } else {
            "subroutine"
        }
    }
}

/// The data routines with array arguments, in the order the files list them.
pub const ROUTINES: &[(&str, Shape)] = &[
    ("copyin", Shape::Device),
    ("copyin_async", Shape::Async),
    ("pcopyin", Shape::Device),
    ("present_or_copyin", Shape::Device),
    ("create", Shape::Device),
    ("create_async", Shape::Async),
    ("pcreate", Shape::Device),
    ("present_or_create", Shape::Device),
    ("copyout", Shape::Plain),
    ("copyout_async", Shape::Async),
    ("copyout_finalize", Shape::Plain),
    ("copyout_finalize_async", Shape::Async),
    ("delete", Shape::Plain),
    ("delete_async", Shape::Async),
    ("delete_finalize", Shape::Plain),
    ("delete_finalize_async", Shape::Async),
    ("update_device", Shape::Plain),
    ("update_device_async", Shape::Async),
    ("update_self", Shape::Plain),
    ("update_self_async", Shape::Async),
    ("is_present", Shape::Query),
];

/// The three specific forms: suffix, and the kind of `len` (none for the array form).
const FORMS: [(&str, Option<u8>); 3] = [("a", None), ("l", Some(4)), ("l8", Some(8))];

/// The dummy arguments of a specific procedure.
fn arguments(shape: Shape, len_kind: Option<u8>) -> Vec<&'static str> {
    let mut args = vec!["a"];
    if len_kind.is_some() {
        args.push("len");
    }
    if shape == Shape::Async {
        args.push("async_arg");
    }
    args
}

/// The `bind(c)` interfaces of module `accrt_fortran_c` (indented for its interface block).
pub fn c_interfaces() -> String {
    let mut out = String::new();
    for &(name, shape) in ROUTINES {
        let (keyword, args) = match shape {
            Shape::Device | Shape::Query => ("function", "a, bytes"),
            Shape::Plain => ("subroutine", "a, bytes"),
            Shape::Async => ("subroutine", "a, bytes, async_arg"),
        };
        let imports = match shape {
            Shape::Device | Shape::Plain => "c_ptr, c_size_t",
            Shape::Async | Shape::Query => "c_ptr, c_size_t, c_int",
        };
        out.push_str(&format!(
            "    {keyword} c_{name}({args}) bind(c, name='acc_{name}')\n      import :: {imports}\n      type(c_ptr), value :: a\n      integer(c_size_t), value :: bytes\n"
        ));
        match shape {
            Shape::Device => out.push_str(&format!("      type(c_ptr) :: c_{name}\n")),
            Shape::Query => out.push_str(&format!("      integer(c_int) :: c_{name}\n")),
            Shape::Async => out.push_str("      integer(c_int), value :: async_arg\n"),
            Shape::Plain => {}
        }
        out.push_str(&format!("    end {keyword}\n"));
    }
    out
}

/// The specific procedures (external procedures of `openacc.f90`).
pub fn procedures() -> String {
    let mut out = String::new();
    for &(name, shape) in ROUTINES {
        for (suffix, len_kind) in FORMS {
            let specific = format!("acc_{name}_{suffix}");
            let args = arguments(shape, len_kind);
            let keyword = shape.keyword();
            let head = if shape == Shape::Query {
                "logical function"
            } else {
                keyword
            };
            out.push_str(&format!(
                "{head} {specific}({})\n  use accrt_fortran_c\n  implicit none\n",
                args.join(", ")
            ));
            // Where the data is and how many bytes: the array's descriptor, or the start and len.
            let (place, bytes) = match len_kind {
                None => {
                    out.push_str("  type(*), dimension(..), target :: a\n");
                    ("address", "bytes")
                }
                Some(kind) => {
                    out.push_str(&format!(
                        "  type(*), dimension(*), target :: a\n  integer({kind}) :: len\n"
                    ));
                    ("accrt_f_address(a)", "int(len, c_size_t)")
                }
            };
            if shape == Shape::Async {
                out.push_str("  integer(4) :: async_arg\n");
            }
            if len_kind.is_none() {
                out.push_str("  type(c_ptr) :: address\n  integer(c_size_t) :: bytes\n");
            }
            if shape == Shape::Device {
                out.push_str("  type(c_ptr) :: device\n");
            }
            if len_kind.is_none() {
                out.push_str(&format!(
                    "  address = accrt_f_section(a, bytes, 'acc_{name}' // c_null_char)\n"
                ));
            }
            let call = match shape {
                Shape::Device => format!("  device = c_{name}({place}, {bytes})"),
                Shape::Plain => format!("  call c_{name}({place}, {bytes})"),
                Shape::Async => format!("  call c_{name}({place}, {bytes}, async_arg)"),
                Shape::Query => format!("  {specific} = c_{name}({place}, {bytes}) /= 0"),
            };
            out.push_str(&call);
            out.push('\n');
            out.push_str(&format!("end {keyword} {specific}\n\n"));
        }
    }
    out
}

/// The generic interfaces of `openacc_lib.h`.
pub fn generic_interfaces() -> String {
    let mut out = String::new();
    for &(name, shape) in ROUTINES {
        out.push_str(&format!("      interface acc_{name}\n"));
        for (suffix, len_kind) in FORMS {
            let specific = format!("acc_{name}_{suffix}");
            let args = arguments(shape, len_kind);
            let keyword = shape.keyword();
            out.push_str(&format!(
                "        {keyword} {specific}({})\n",
                args.join(", ")
            ));
            match len_kind {
                None => out.push_str("          type(*), dimension(..), target :: a\n"),
                Some(kind) => out.push_str(&format!(
                    "!GCC$ ATTRIBUTES NO_ARG_CHECK :: a\n          type(*), dimension(*), target :: a\n          integer({kind}) :: len\n"
                )),
            }
            if shape == Shape::Async {
                out.push_str("          integer(4) :: async_arg\n");
            }
            if shape == Shape::Query {
                out.push_str(&format!("          logical :: {specific}\n"));
            }
            out.push_str(&format!("        end {keyword}\n"));
        }
        out.push_str("      end interface\n");
    }
    out
}

/// The first line of a generated section (fits a fixed-form line).
pub const BEGIN: &str = "! BEGIN GENERATED by accc-abi: abi/src/fortran.rs";
/// Its last line.
pub const END: &str = "! END GENERATED";
