//! Unit tests of the Fortran layer: fixed-form conversion and its offset map, directive
//! scanning with continuations, scopes and symbols.

use super::fixed_form::{convert, convert_columns, OffsetMap};
use super::scan::scan;
use super::symbols::{BaseType, Resolved, ScopeKind, Upper};
use super::unit::FUnit;

#[test]
fn fixed_form_lines_keep_their_count_and_columns() {
    let original = "C comment\n      X = 1 +\n     &    2\nc$acc parallel\nc$acc& copy(x)\n";
    let converted = convert(original);
    assert_eq!(converted.text.lines().count(), original.lines().count());
    let lines: Vec<&str> = converted.text.lines().collect();
    assert_eq!(lines[0], "! comment");
    assert_eq!(lines[1], "      X = 1 + &");
    assert_eq!(lines[2], "     &    2");
    assert_eq!(lines[3], "!$acc parallel");
    assert_eq!(lines[4], "!$acc& copy(x)");
    // `copy` maps back to its original column.
    let at = converted.text.find("copy").unwrap() as u32;
    assert_eq!(
        converted.map.original(at),
        original.find("copy").unwrap() as u32
    );
    // The inserted `&` maps to the end of the original statement.
    let amp = converted.text.find('&').unwrap() as u32;
    assert_eq!(
        converted.map.original(amp),
        original.find("+\n").unwrap() as u32 + 1
    );
}

#[test]
fn fixed_form_drops_columns_past_72_and_keeps_trailing_comments() {
    let long = format!("      Y = 2{}IGNORED\n     &  + 1 ! note\n", " ".repeat(61));
    let converted = convert(&long);
    assert!(!converted.text.contains("IGNORED"));
    let tab = convert("\tZ = 1 ! why\n\t1 + 2\n");
    assert_eq!(tab.text.lines().next(), Some("\tZ = 1  &! why"));
}

#[test]
fn fixed_form_line_length_applies_to_statements_and_directives() {
    // Sequence numbers in columns 73-80, on a directive line too.
    let original = format!(
        "c$acc parallel loop copy(x){}SEQ00001\n      X = 1{}SEQ00002\n",
        " ".repeat(45),
        " ".repeat(61)
    );
    let converted = convert(&original);
    assert!(!converted.text.contains("SEQ"), "{}", converted.text);
    assert!(converted.text.starts_with("!$acc parallel loop copy(x)"));
    // `-ffixed-line-length-132` and `-none` keep the text up to their column.
    let long = format!("      Y = 2{}+ 3\n", " ".repeat(70));
    assert!(!convert(&long).text.contains("+ 3"));
    assert!(convert_columns(&long, 132).text.contains("+ 3"));
    assert!(convert_columns(&long, 80).text.contains("      Y = 2"));
    assert!(!convert_columns(&long, 80).text.contains("+ 3"));
    assert!(convert_columns(&long, usize::MAX).text.contains("+ 3"));
    let directive = format!("c$acc parallel{}copy(x)\n", " ".repeat(70));
    assert!(!convert(&directive).text.contains("copy"));
    assert!(convert_columns(&directive, 132).text.contains("copy(x)"));
}

#[test]
fn identity_map_is_identity() {
    let map = OffsetMap::identity();
    assert_eq!(map.original(0), 0);
    assert_eq!(map.original(1234), 1234);
}

#[test]
fn continuations_are_joined_by_blanking() {
    let text = "  !$acc parallel &   ! first\n  !$acc& copy(a) &\n  !$acc  async\nx = 1\n";
    let scanned = scan(text, false);
    assert_eq!(scanned.directives.len(), 1);
    let d = &scanned.directives[0];
    assert_eq!(d.text.len() as u32, d.end - d.text_offset);
    let words: Vec<&str> = d.text.split_whitespace().collect();
    assert_eq!(words, ["parallel", "copy(a)", "async"]);
    // Offsets in the joined text are offsets in the file.
    let copy = d.text.find("copy").unwrap() as u32 + d.text_offset;
    assert_eq!(&text[copy as usize..copy as usize + 4], "copy");
    assert!(scanned.errors.is_empty());
}

#[test]
fn a_continuation_may_put_blanks_between_the_sentinel_and_its_ampersand() {
    let text = "  !$acc data copy(a, &\n  !$acc & b) &\n  !$acc\t&async\n";
    let scanned = scan(text, false);
    assert_eq!(scanned.directives.len(), 1);
    let words: Vec<&str> = scanned.directives[0].text.split_whitespace().collect();
    assert_eq!(words, ["data", "copy(a,", "b)", "async"]);
    assert!(scanned.errors.is_empty());
}

#[test]
fn a_continuation_may_follow_blank_comment_and_preprocessor_lines() {
    let text =
        "  !$acc data copy(a) &\n\n# 12 \"f.F90\"\n  ! a comment\n  !$acc copyin(b)\nx = 1\n";
    let scanned = scan(text, false);
    assert!(scanned.errors.is_empty(), "{:?}", scanned.errors.len());
    assert_eq!(scanned.directives.len(), 1);
    let words: Vec<&str> = scanned.directives[0].text.split_whitespace().collect();
    assert_eq!(words, ["data", "copy(a)", "copyin(b)"]);
    // The preprocessor line is blanked for the parser, as any other.
    assert!(!scanned.text.contains("# 12"));
}

#[test]
fn dangling_continuation_is_reported() {
    let scanned = scan("!$acc kernels &\nx = 1\n", false);
    assert_eq!(scanned.errors.len(), 1);
    assert_eq!(scanned.errors[0].span, 14..15);
}

#[test]
fn fixed_form_continuation_needs_no_ampersand_at_line_end() {
    let scanned = scan("!$acc parallel\n!$acc& copy(a)\n", true);
    assert_eq!(scanned.directives.len(), 1);
    assert!(scanned.directives[0].text.contains("copy(a)"));
    let free = scan("!$acc parallel\n!$acc& copy(a)\n", false);
    assert_eq!(free.directives.len(), 2);
}

#[test]
fn symbols_have_kinds_bounds_and_module_association() {
    let text = "module m\n  integer, parameter :: dp = kind(1.0d0), n = 4\n  real(dp) :: g(0:n, 2)\n  type t\n    real, allocatable :: v(:)\n  end type\nend module\nsubroutine s(a, b)\n  use m, only: h => g, t\n  real :: a(5:*)\n  type(t) :: b\n  x = 1\nend subroutine\n";
    let unit = FUnit::parse(text, false);
    let at = text.find("x = 1").unwrap() as u32;
    let scope = unit.scopes.scope_at(at).unwrap();
    let Resolved::Variable(h, _) = unit.scopes.resolve(scope, "H") else {
        panic!("h not found")
    };
    assert_eq!(h.base, BaseType::Real(8));
    assert_eq!(h.dims.len(), 2);
    assert_eq!(h.dims[0].lower.as_ref().unwrap().value, Some(0));
    assert!(matches!(&h.dims[0].upper, Upper::Explicit(b) if b.value == Some(4)));
    assert!(matches!(
        unit.scopes.resolve(scope, "g"),
        Resolved::NotFound
    ));
    let Resolved::Variable(a, _) = unit.scopes.resolve(scope, "a") else {
        panic!("a not found")
    };
    assert!(a.attrs.dummy);
    assert_eq!(a.dims[0].upper, Upper::AssumedSize);
    let Resolved::Variable(b, _) = unit.scopes.resolve(scope, "b") else {
        panic!("b not found")
    };
    assert_eq!(b.base, BaseType::Derived("t".into()));
    let def = unit.scopes.derived_type(scope, "t").unwrap();
    assert!(def.members[0].attrs.allocatable);
    // `x` is not declared: implicit typing makes it real.
    assert!(matches!(
        unit.scopes.resolve(scope, "x"),
        Resolved::NotFound
    ));
}

#[test]
fn iso_c_binding_complex_kinds_are_those_of_their_parts() {
    let text = "subroutine s()\n  use iso_c_binding\n  complex(c_float_complex) :: z\n  complex(c_double_complex) :: w\n  z = 0\nend subroutine\n";
    let unit = FUnit::parse(text, false);
    let scope = unit
        .scopes
        .scope_at(text.find("z = 0").unwrap() as u32)
        .unwrap();
    let Resolved::Variable(z, _) = unit.scopes.resolve(scope, "z") else {
        panic!("z not found")
    };
    assert_eq!(z.base, BaseType::Complex(4));
    let Resolved::Variable(w, _) = unit.scopes.resolve(scope, "w") else {
        panic!("w not found")
    };
    assert_eq!(w.base, BaseType::Complex(8));
}

#[test]
fn procedure_definitions_are_found_through_hosts_uses_and_interfaces() {
    let text = "module m\ncontains\n  subroutine ms()\n  end subroutine\nend module\nsubroutine ext()\nend subroutine\nprogram p\n  use m, only: renamed => ms\n  interface\n    subroutine other(x)\n      real :: x\n    end subroutine\n  end interface\n  call inner()\ncontains\n  subroutine inner()\n  end subroutine\nend program\n";
    let unit = FUnit::parse(text, false);
    let scope = unit
        .scopes
        .scope_at(text.find("call inner").unwrap() as u32)
        .unwrap();
    let name_of = |name: &str| {
        unit.scopes.procedure_definition(scope, name).map(|i| {
            (
                unit.scopes.scopes[i].name.clone(),
                unit.scopes.scopes[i].kind,
            )
        })
    };
    assert_eq!(
        name_of("inner"),
        Some(("inner".into(), ScopeKind::Subroutine))
    );
    assert_eq!(
        name_of("RENAMED"),
        Some(("ms".into(), ScopeKind::Subroutine))
    );
    assert_eq!(name_of("ms"), None);
    assert_eq!(
        name_of("other"),
        Some(("other".into(), ScopeKind::InterfaceBody))
    );
    assert_eq!(name_of("ext"), Some(("ext".into(), ScopeKind::Subroutine)));
    assert_eq!(name_of("nothing"), None);
}

#[test]
fn block_constructs_are_scopes_with_host_association() {
    let text = "subroutine s(a)\n  real :: a(4), x\n  integer :: k\n  do k = 1, 4\n    outer: block\n      integer, parameter :: m = 3\n      real :: x(m)\n      x(1) = a(k)\n      block\n        integer :: x\n        x = m\n      end block\n    end block outer\n  end do\n  x = 0\nend subroutine\n";
    let unit = FUnit::parse(text, false);
    let scopes = &unit.scopes;
    let at = |needle: &str| text.find(needle).unwrap() as u32;
    let unit_scope = scopes.scope_at(at("x = 0")).unwrap();
    // `scope_at` passes over blocks: the program unit is found from inside them too.
    assert_eq!(scopes.scope_at(at("x = m")), Some(unit_scope));
    let outer = scopes.name_scope_at(at("x(1) = a(k)")).unwrap();
    let inner = scopes.name_scope_at(at("x = m")).unwrap();
    assert_eq!(scopes.scopes[outer].kind, ScopeKind::Block);
    assert_eq!(scopes.scopes[outer].name, "outer");
    assert_eq!(scopes.scopes[outer].parent, Some(unit_scope));
    assert_eq!(scopes.scopes[inner].parent, Some(outer));
    assert_eq!(scopes.unit_of(inner), unit_scope);
    assert_eq!(scopes.name_scope_at(at("x = 0")), Some(unit_scope));
    // The innermost declaration of `x` wins in each scope.
    let x_in = |scope: usize| match scopes.resolve(scope, "X") {
        Resolved::Variable(symbol, declared) => (symbol.base, symbol.dims.len(), declared),
        other => panic!("x resolved to {other:?}"),
    };
    assert_eq!(x_in(inner), (BaseType::Integer(4), 0, inner));
    assert_eq!(x_in(outer), (BaseType::Real(4), 1, outer));
    assert_eq!(x_in(unit_scope), (BaseType::Real(4), 0, unit_scope));
    // The block's parameter is visible in the nested block; the dummy by host association.
    let Resolved::Variable(m, declared) = scopes.resolve(inner, "m") else {
        panic!("m not found")
    };
    assert_eq!(
        (m.value, m.attrs.parameter, declared),
        (Some(3), true, outer)
    );
    assert!(matches!(scopes.resolve(inner, "a"), Resolved::Variable(_, d) if d == unit_scope));
    // The block's array bound folds with its own parameter.
    let Resolved::Variable(x, _) = scopes.resolve(outer, "x") else {
        panic!("x not found")
    };
    assert!(matches!(&x.dims[0].upper, Upper::Explicit(b) if b.value == Some(3)));
    // The block's names are not visible in the program unit.
    assert!(matches!(
        scopes.resolve(unit_scope, "m"),
        Resolved::NotFound
    ));
}

#[test]
fn array_descriptors_have_gfortran_sizes() {
    // gfortran (GCC 8 and later): 40 bytes, then 24 per dimension; base_addr first.
    let mut types = acc_ir::TypeTable::default();
    let f64_ty = types.scalar(acc_ir::ScalarKind::Float { width: 64 });
    for (rank, bytes) in [(1, 64), (2, 88), (3, 112)] {
        let d = super::operands::descriptor_type(&mut types, f64_ty, rank);
        assert_eq!(types.c_layout(d), Some((bytes, 8)));
        assert_eq!(types.descriptor_rank(d), Some(rank));
        assert_eq!(types.member_offset(d, 0), Some(0), "base_addr");
        assert_eq!(types.member_offset(d, 7), Some(32), "span");
        assert_eq!(types.member_offset(d, 8), Some(40), "dim");
        assert_eq!(
            super::body::descriptor::descriptor_bytes(rank as u32),
            bytes
        );
        // The member indices the body lowering reads the fields by.
        use super::operands::*;
        let parts = descriptor_parts(&mut types, d).expect("a descriptor");
        assert_eq!(parts.descriptor, d);
        let acc_ir::TypeInner::Struct { members, .. } = types.get(d) else {
            panic!("a descriptor is a struct");
        };
        assert_eq!(members[DESCRIPTOR_BASE as usize].name, "base_addr");
        assert_eq!(members[DESCRIPTOR_OFFSET as usize].name, "offset");
        assert_eq!(members[DESCRIPTOR_DIM as usize].ty, parts.dims);
        let acc_ir::TypeInner::Struct { members, .. } = types.get(parts.dim) else {
            panic!("a dimension is a struct");
        };
        assert_eq!(members[DIM_STRIDE as usize].name, "stride");
        assert_eq!(members[DIM_LOWER_BOUND as usize].name, "lower_bound");
        assert_eq!(members[DIM_UPPER_BOUND as usize].name, "upper_bound");
    }
    assert!(super::operands::descriptor_parts(&mut types, f64_ty).is_none());
}

/// A program with implicit typing that uses a library module accc cannot read (`mpi`,
/// `mpi_f08`, `iso_c_binding`): a name without the module's form is an implicitly typed local,
/// so the region is analysed and offloaded; MPI's own names stay the module's; a module accc
/// knows nothing of keeps every undeclared name unknown.
#[test]
fn implicit_typing_applies_beside_library_modules() {
    let program = |module: &str| {
        format!(
            "program jacobi\n  use {module}\n  dimension a(100)\n  call mpi_init(ierr)\n  n = 100\n  \
             !$acc parallel loop copyout(a)\n  do i = 1, n\n    a(i) = i * 2.0\n  end do\n  \
             call mpi_finalize(ierr)\nend program\n"
        )
    };
    for module in ["mpi", "mpi_f08", "iso_c_binding"] {
        let text = program(module);
        let unit = FUnit::parse(&text, false);
        let scope = unit
            .scopes
            .scope_at(text.find("n = 100").unwrap() as u32)
            .unwrap();
        assert!(matches!(
            unit.scopes.resolve(scope, "i"),
            Resolved::NotFound
        ));
        assert!(matches!(
            unit.scopes.resolve(scope, "ierr"),
            Resolved::NotFound
        ));
        let options = crate::FrontendOptions {
            file_name: "jacobi.f90".into(),
            ..Default::default()
        };
        let analysis = crate::analyze_fortran(text.clone(), &options, false);
        assert!(
            analysis.diagnostics.is_empty(),
            "use {module}: {:?}",
            analysis.diagnostics
        );
        assert_eq!(analysis.module.kernels.len(), 1, "use {module}");
    }
    let text = program("mpi");
    let unit = FUnit::parse(&text, false);
    let scope = unit
        .scopes
        .scope_at(text.find("n = 100").unwrap() as u32)
        .unwrap();
    assert!(matches!(
        unit.scopes.resolve(scope, "MPI_COMM_WORLD"),
        Resolved::External
    ));
    // A module of the user's that accc cannot see may declare `i`: it stays unknown.
    let text = program("solver_data");
    let unit = FUnit::parse(&text, false);
    let scope = unit
        .scopes
        .scope_at(text.find("n = 100").unwrap() as u32)
        .unwrap();
    assert!(matches!(
        unit.scopes.resolve(scope, "i"),
        Resolved::External
    ));
    // Under `implicit none` a name MPI cannot declare is an error, as gfortran says.
    let text = "program p\n  use mpi\n  implicit none\n  real :: a(10)\n  \
                !$acc parallel loop copyout(a)\n  do k = 1, 10\n    a(k) = 1\n  end do\nend program\n";
    let options = crate::FrontendOptions {
        file_name: "p.f90".into(),
        ..Default::default()
    };
    let analysis = crate::analyze_fortran(text.to_string(), &options, false);
    assert!(
        analysis
            .diagnostics
            .iter()
            .any(|d| d.message.contains("'k' has no IMPLICIT type")),
        "{:?}",
        analysis.diagnostics
    );
}
