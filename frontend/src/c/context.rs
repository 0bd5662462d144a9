//! The C answers to the shared clause lowering's questions ([`SourceContext`]): operands, the
//! variables a region captures, `for` loop nests, atomic statements, `routine` targets.

use super::lower::Lowerer;
use super::{PragmaContext, Statement, StatementKind};
use crate::directive::{self, Ident, VarRef};
use crate::lowering::{LoopRequest, Operand, Regions, SourceContext};
use acc_ir::{
    AssociatedLoop, AtomicKind, Captured, Diagnostic, Language, Module, Span, TypeHandle, Variable,
};
use std::ops::Range;

impl SourceContext for Lowerer<'_> {
    type Statement = Statement;

    fn module(&mut self) -> &mut Module {
        &mut self.module
    }

    fn module_ref(&self) -> &Module {
        &self.module
    }

    fn language(&self) -> Language {
        Language::C
    }

    fn span(&mut self, range: Range<u32>) -> Span {
        self.source_map.span(&mut self.module.files, range)
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    fn regions(&self) -> &Regions {
        &self.regions
    }

    fn operand(&mut self, var_ref: &VarRef, at: u32) -> Option<Operand> {
        Lowerer::operand(self, var_ref, at)
    }

    fn array_parameter_extent(&mut self, var_ref: &VarRef, at: u32) -> Option<Option<String>> {
        let symbol = self
            .unit
            .resolve(&var_ref.base.name, at, &mut self.module.types)?;
        symbol.array_parameter_extent(self.unit.text())
    }

    fn captured(&mut self, statement: &Statement) -> Vec<Captured> {
        let used = self
            .unit
            .referenced_variables(statement.range.clone(), &mut self.module.types);
        let mut captured = Vec::new();
        for used in used {
            let span = SourceContext::span(self, used.first_use.clone());
            let decl = SourceContext::span(self, used.symbol.decl_range.clone());
            let storage = super::operands::storage_of(used.symbol.storage);
            let var = self.module.variable(
                Variable {
                    name: used.symbol.name.clone(),
                    ty: used.symbol.ty,
                    storage,
                    decl,
                    derived: None,
                    restrict: used.symbol.is_restrict_pointer(self.unit.text()),
                    symbol: None,
                },
                decl,
            );
            captured.push(Captured { var, span });
        }
        captured
    }

    fn require_loop(&mut self, statement: &Statement, name: &str, name_span: Span) -> bool {
        if matches!(statement.kind, StatementKind::For) {
            return true;
        }
        let stmt_span = SourceContext::span(self, statement.range.start..statement.range.start + 1);
        self.diagnostics.push(
            Diagnostic::error(
                name_span,
                format!("'{name}' must be followed by a 'for' loop"),
            )
            .with_note(stmt_span, "this statement is not a 'for' loop"),
        );
        false
    }

    fn associated_loops(
        &mut self,
        statement: &Statement,
        request: &LoopRequest<'_>,
    ) -> Option<Vec<AssociatedLoop>> {
        let nest = self
            .unit
            .loop_nest(statement, request.depth, request.forced);
        if nest.loops.len() < request.depth {
            let span = request.depth_span.unwrap_or(request.name_span);
            let found = nest.loops.len();
            self.error(
                span,
                format!(
                    "'{}' needs {} tightly nested loops, but only {} found",
                    request.depth_clause, request.depth, found
                ),
            );
            return None;
        }
        let mut control = Vec::new();
        for for_loop in nest.loops.iter().take(request.depth) {
            let span = SourceContext::span(self, for_loop.range.start..for_loop.range.start + 3);
            let Some(var_name) = for_loop.var.clone() else {
                self.error(span, format!("the loop after '{}' has no loop variable (expected 'for (i = lb; i < ub; i++)')", request.name));
                return None;
            };
            let at = for_loop.body.start;
            let var = self.resolve_variable(
                &var_name,
                at,
                for_loop.range.start..for_loop.range.start + 3,
            )?;
            let mut expr = |text: &Option<String>| {
                text.clone().map(|t| {
                    let v = directive::const_int(&t);
                    self.module.expr(t, v, span)
                })
            };
            let lower = expr(&for_loop.init);
            let upper = expr(&for_loop.bound);
            let step = expr(&for_loop.step);
            control.push(AssociatedLoop {
                var,
                declared_in_loop: for_loop.var_declared_in_init,
                lower,
                compare: for_loop.cond_op.clone(),
                upper,
                step,
                span,
            });
        }
        Some(control)
    }

    fn atomic_statement(
        &mut self,
        statement: &Statement,
        kind: AtomicKind,
    ) -> Result<String, String> {
        super::atomic::check_form(self.unit, statement, kind)?;
        let text = &self.unit.text()[statement.range.start as usize..statement.range.end as usize];
        Ok(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    fn statement_span(&mut self, statement: &Statement) -> Span {
        let range = &statement.range;
        SourceContext::span(self, range.start..range.end.min(range.start + 80))
    }

    fn inside_loop(&self, at: u32) -> bool {
        super::atomic::inside_loop(self.unit, at)
    }

    fn routine_target(
        &mut self,
        name: Option<&Ident>,
        at: u32,
        name_span: Span,
    ) -> Option<(String, bool)> {
        let directive_name = "#pragma acc routine";
        if let Some(ident) = name {
            let span = SourceContext::span(self, ident.span.clone());
            return match self.unit.resolve(&ident.name, at, &mut self.module.types) {
                Some(symbol) if symbol.is_function => Some((ident.name.clone(), true)),
                Some(_) => {
                    self.error(
                        span,
                        format!("'{}' in '{directive_name}' is not a function", ident.name),
                    );
                    None
                }
                None => match self.unit.function_named(&ident.name) {
                    Some(_) => Some((ident.name.clone(), true)),
                    None => {
                        self.error(
                            span,
                            format!("'{}' undeclared in '{directive_name}'", ident.name),
                        );
                        None
                    }
                },
            };
        }
        let after = self
            .unit
            .pragmas
            .iter()
            .find(|p| p.line_start == at)
            .map_or(at, |p| p.line_end);
        match self.unit.next_function(after) {
            Some(f) => Some((f.name, false)),
            None => {
                self.error(name_span, format!("'{directive_name}' must be followed by a function declaration or definition"));
                None
            }
        }
    }

    fn declare_is_global(&self, at: u32) -> bool {
        self.unit
            .pragmas
            .iter()
            .any(|p| p.line_start == at && matches!(p.context, PragmaContext::FileScope))
    }

    fn type_name(&self, ty: TypeHandle) -> String {
        super::lower::c_type_name(&self.module.types, ty)
    }
}
