//! The pass pipeline of one translation unit, the same for C and Fortran ([`run`]).
//!
//! A frontend lowers its directives into a [`Module`], then hands it here with the few steps
//! only it can do ([`Frontend`]): recording host calls, language fixups after the implicit data
//! rules, lowering each region's code to body IR, and naming the kernels. The order:
//!
//! 1. `record_host_calls`, then [`routines::nohost_calls`](super::routines::nohost_calls);
//! 2. [`implicit_data`](super::implicit_data), then `after_implicit_data`;
//! 3. `lower_region_code`, then [`implicit_reductions`](super::implicit_reductions), the
//!    implicit data of the lowered code ([`enclosing_loop_privates`], [`implicit_members`],
//!    [`implicit_loop_variables`], [`assigned_loop_scalars`]), [`copyin_read_only`],
//!    [`firstprivate_read_only`] and [`section_lengths`];
//! 4. [`outline`](super::outline) for the multicore target, then `after_outline`.
//!
//! Each step runs only while no error has been reported (a user error or a failed verification
//! stops the pipeline: later passes assume a well-formed module). After the frontend's own
//! errors, the implicit data rules still run for their errors alone (`default(none)`
//! violations), on a module that verifies, so that one compile reports both. The module is verified ([`crate::verify`]) after step 2
//! always, and after every pass when [`Options::verify_each`] is set (debug builds, and the test
//! scripts through `ACCC_VERIFY_IR=1`, as Cranelift's `verify_if`); a failed verification is an
//! error diagnostic that names the pass and the IR entity.
//!
//! [`enclosing_loop_privates`]: super::implicit_data::enclosing_loop_privates
//! [`implicit_members`]: super::implicit_data::implicit_members
//! [`implicit_loop_variables`]: super::implicit_data::implicit_loop_variables
//! [`assigned_loop_scalars`]: super::implicit_data::assigned_loop_scalars
//! [`copyin_read_only`]: super::writes::copyin_read_only
//! [`firstprivate_read_only`]: super::writes::firstprivate_read_only
//! [`section_lengths`]: super::private_sections::section_lengths

use super::Target;
use crate::{Diagnostic, Module, ParLevel, Span};
use std::collections::HashMap;

/// What only a frontend can do, at its place in the pipeline.
pub trait Frontend {
    /// Records every call of a named function outside compute constructs
    /// ([`Module::host_calls`]), for the `nohost` checks.
    fn record_host_calls(&mut self, module: &mut Module);

    /// Language rules after the implicit data rules (and before the region code is lowered).
    fn after_implicit_data(&mut self, _module: &mut Module) {}

    /// Lowers the code of every compute construct to body IR (`module.region_code`) and the
    /// routines to device functions; a region or routine that cannot be lowered keeps its host
    /// code and gets a diagnostic (a remark, or a warning for an internal error).
    fn lower_region_code(&mut self, module: &mut Module) -> Vec<Diagnostic>;

    /// Variables no code may change (Fortran `intent(in)` dummies): the region code's uses of
    /// them never count as writes ([`super::writes::copyin_read_only`]), whatever they are
    /// passed to. Their actual argument may be a constant in read-only memory.
    fn read_only_variables(&self) -> std::collections::HashSet<crate::Handle<crate::Variable>> {
        Default::default()
    }

    /// The levels of routines the unit calls but does not define (Fortran: from `.accmod`
    /// files), for outlining.
    fn imported_routines(&self) -> HashMap<String, ParLevel> {
        HashMap::new()
    }

    /// After outlining: names the kernels and adds the frontend's remarks on them.
    fn after_outline(&mut self, _module: &mut Module, _diagnostics: &mut Vec<Diagnostic>) {}
}

/// How the pipeline runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Verify the module after every pass, not only after the implicit data rules.
    pub verify_each: bool,
}

impl Options {
    /// Verification after every pass in debug builds and when `ACCC_VERIFY_IR=1`.
    pub fn from_env() -> Options {
        Options {
            verify_each: cfg!(debug_assertions)
                || std::env::var_os("ACCC_VERIFY_IR").is_some_and(|v| v == "1"),
        }
    }
}

/// Runs the pipeline over `module`; `diagnostics` holds what the frontend reported so far (an
/// error there stops it before the first pass) and receives what the passes report.
pub fn run(
    module: &mut Module,
    frontend: &mut dyn Frontend,
    diagnostics: &mut Vec<Diagnostic>,
    options: Options,
) {
    let failed = |diagnostics: &Vec<Diagnostic>| diagnostics.iter().any(Diagnostic::is_error);
    // Verifies the module after `pass` (always, or under `verify_each`); whether the pipeline
    // may go on (no error so far).
    let checked = |module: &Module, pass: &str, diagnostics: &mut Vec<Diagnostic>, always: bool| {
        if always || options.verify_each {
            if let Err(error) = crate::verify::verify(module) {
                diagnostics.push(Diagnostic::error(
                    Span::default(),
                    format!("{error} (after the pass '{pass}')"),
                ));
            }
        }
        !failed(diagnostics)
    };
    if failed(diagnostics) {
        // The frontend reported errors: the semantic checks of the implicit data rules
        // (`default(none)`, ...) still run on what it lowered, when that is well-formed, so
        // that one compile reports both kinds (as gcc reports all of a file's errors).
        // A construct whose directive has an error is left out: a malformed clause is
        // dropped, and its variables would look unmapped.
        if crate::verify::verify(module).is_ok() {
            let erroneous: Vec<(crate::FileId, u32)> = diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| (d.span.file, d.span.line))
                .collect();
            let on_erroneous = |span: &Span| erroneous.contains(&(span.file, span.line));
            let checks = super::implicit_data(module);
            diagnostics.extend(checks.into_iter().filter(|d| {
                d.is_error()
                    && !on_erroneous(&d.span)
                    && !d.notes.iter().any(|(span, _)| on_erroneous(span))
            }));
        }
        return;
    }
    frontend.record_host_calls(module);
    diagnostics.extend(super::routines::nohost_calls(module));
    if failed(diagnostics) {
        return;
    }
    diagnostics.extend(super::implicit_data(module));
    frontend.after_implicit_data(module);
    if !checked(module, "implicit_data", diagnostics, true) {
        return;
    }
    diagnostics.extend(frontend.lower_region_code(module));
    if !checked(module, "lower_region_code", diagnostics, false) {
        return;
    }
    diagnostics.extend(super::implicit_reductions(module));
    if !checked(module, "implicit_reductions", diagnostics, false) {
        return;
    }
    diagnostics.extend(super::implicit_data::enclosing_loop_privates(module));
    super::implicit_data::implicit_members(module);
    super::implicit_data::implicit_loop_variables(module);
    diagnostics.extend(super::implicit_data::assigned_loop_scalars(module));
    if !checked(module, "implicit data of region code", diagnostics, false) {
        return;
    }
    super::writes::copyin_read_only(module, &frontend.read_only_variables());
    super::writes::firstprivate_read_only(module);
    super::private_sections::section_lengths(module);
    if !checked(module, "writes", diagnostics, false) {
        return;
    }
    let callees = frontend.imported_routines();
    let mut remarks = super::outline(module, Target::Multicore, &callees);
    checked(module, "outline", &mut remarks, false);
    frontend.after_outline(module, &mut remarks);
    diagnostics.extend(remarks);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{ArraySize, ScalarKind, TypeInner};
    use crate::{Language, Storage, Variable};

    /// Records which steps ran; `break_module` makes region lowering add a variable whose type
    /// is not in the module (a broken invariant).
    #[derive(Default)]
    struct Recorder {
        steps: Vec<&'static str>,
        break_module: bool,
    }

    impl Frontend for Recorder {
        fn record_host_calls(&mut self, _module: &mut Module) {
            self.steps.push("record_host_calls");
        }
        fn after_implicit_data(&mut self, _module: &mut Module) {
            self.steps.push("after_implicit_data");
        }
        fn lower_region_code(&mut self, module: &mut Module) -> Vec<Diagnostic> {
            self.steps.push("lower_region_code");
            if self.break_module {
                let mut other = Module::new(Language::C);
                let mut ty = other.types.scalar(ScalarKind::Float { width: 64 });
                for size in 1..20 {
                    ty = other.types.insert(TypeInner::Array {
                        element: ty,
                        size: ArraySize::Constant(size),
                        lower_bound: 0,
                    });
                }
                module.variable(
                    Variable {
                        name: "broken".into(),
                        ty,
                        storage: Storage::Local,
                        decl: Span::default(),
                        derived: None,
                        restrict: false,
                        symbol: None,
                    },
                    Span::default(),
                );
            }
            Vec::new()
        }
        fn after_outline(&mut self, _module: &mut Module, _diagnostics: &mut Vec<Diagnostic>) {
            self.steps.push("after_outline");
        }
    }

    #[test]
    fn runs_the_frontend_steps_in_order() {
        let mut module = Module::new(Language::C);
        let mut frontend = Recorder::default();
        let mut diagnostics = Vec::new();
        let options = Options { verify_each: true };
        run(&mut module, &mut frontend, &mut diagnostics, options);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert_eq!(
            frontend.steps,
            [
                "record_host_calls",
                "after_implicit_data",
                "lower_region_code",
                "after_outline"
            ]
        );
    }

    #[test]
    fn a_user_error_stops_the_pipeline() {
        let mut module = Module::new(Language::C);
        let mut frontend = Recorder::default();
        let mut diagnostics = vec![Diagnostic::error(Span::default(), "a user mistake")];
        run(
            &mut module,
            &mut frontend,
            &mut diagnostics,
            Options { verify_each: true },
        );
        assert!(frontend.steps.is_empty());
        assert_eq!(diagnostics.len(), 1);
    }

    #[test]
    fn verification_after_each_pass_names_the_pass() {
        for verify_each in [true, false] {
            let mut module = Module::new(Language::C);
            let mut frontend = Recorder {
                break_module: true,
                ..Recorder::default()
            };
            let mut diagnostics = Vec::new();
            run(
                &mut module,
                &mut frontend,
                &mut diagnostics,
                Options { verify_each },
            );
            let errors: Vec<String> = diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone())
                .collect();
            if verify_each {
                assert!(
                    errors
                        .first()
                        .is_some_and(|e| e.contains("internal error: acc-ir verifier")
                            && e.contains("after the pass 'lower_region_code'")),
                    "{errors:?}"
                );
                // The broken module is not outlined.
                assert!(!frontend.steps.contains(&"after_outline"));
            } else {
                assert!(errors.is_empty(), "{errors:?}");
            }
        }
    }
}
