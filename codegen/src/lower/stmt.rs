//! Statements: stores, declarations, structured control flow (if, loops, switch with C's
//! fall-through, `break`/`continue` to the innermost loop or switch) lowered to basic blocks.

use std::collections::HashSet;

use acc_ir::body::{ExprId, Stmt, SwitchCase};
use acc_ir::{ScalarKind, Span};

use super::{Cx, R};
use crate::llvm::text::{int_literal, Val};

impl<'a> Cx<'a> {
    pub(crate) fn stmts(&mut self, stmts: &[Stmt]) -> R<()> {
        for stmt in stmts {
            self.nested(|cx| cx.stmt(stmt))?;
        }
        Ok(())
    }

    fn stmt(&mut self, stmt: &Stmt) -> R<()> {
        if let Some(span) = self.stmt_span(stmt) {
            self.at(span);
        }
        match stmt {
            Stmt::Eval(expr) => {
                self.eval(*expr)?;
            }
            // An element update of a direct GPU array reduction is atomic.
            Stmt::Store { .. } if self.direct_update(stmt)? => {}
            // A maximum or minimum update of a partial LLVM may then vectorise.
            Stmt::Store { .. } | Stmt::If { .. } if self.extremum_partial_update(stmt)? => {}
            Stmt::Store { address, value } => self.store_expr(*address, *value)?,
            Stmt::Declare { local, init } => {
                let span = self.body.locals.get_span(*local);
                let slot = self.local_slot(*local, span)?;
                if let Some(init) = init {
                    let Some(decl) = self.body.locals.get(*local) else {
                        return Err(self.internal(format!("local {local:?} is not in the body")));
                    };
                    let local_ty = decl.ty;
                    let from = self.expr_ty(*init)?;
                    let value = self.value(*init)?;
                    let value = self.convert(value, from, local_ty, self.expr_span(*init))?;
                    self.store(&slot, &value, local_ty, span)?;
                }
            }
            Stmt::If {
                cond,
                accept,
                reject,
            } => {
                self.note_divergent_condition(*cond, [accept, reject]);
                let condition = self.condition(*cond)?;
                let then_block = self.w.block("if.then");
                let else_block = self.w.block("if.else");
                let join = self.w.block("if.end");
                self.w.cond_br(&condition, then_block, else_block);
                self.w.position(then_block);
                self.stmts(accept)?;
                self.w.br(join);
                self.w.position(else_block);
                self.stmts(reject)?;
                self.w.br(join);
                self.w.position(join);
            }
            Stmt::Loop {
                cond,
                body,
                step,
                test_after,
            } => self.sequential_loop(*cond, body, step, *test_after)?,
            Stmt::AccLoop {
                op,
                controls,
                mapping,
                tile,
                body,
            } => self.acc_loop(*op, controls, *mapping, tile, body)?,
            Stmt::Switch { selector, cases } => self.switch(*selector, cases)?,
            Stmt::Break => match self.break_target() {
                Some(target) => self.w.br(target),
                None => {
                    return Err(self.unsupported(
                        self.span,
                        "'break' out of an OpenACC loop or outside any loop",
                    ))
                }
            },
            Stmt::Continue => match self.continue_target() {
                Some(target) => self.w.br(target),
                None => return Err(self.internal("'continue' outside any loop")),
            },
            Stmt::Return(value) => {
                let Some(result) = self.result else {
                    return Err(self.unsupported(self.span, "'return' inside a compute region"));
                };
                match value {
                    Some(value) => {
                        let from = self.expr_ty(*value)?;
                        let span = self.expr_span(*value);
                        let computed = self.value(*value)?;
                        let converted = self.convert(computed, from, result, span)?;
                        if let Some(slot) = self.result_slot.clone() {
                            self.store(&slot, &converted, result, span)?;
                            self.w.terminate("ret void");
                        } else if self.scalar(result) == Some(ScalarKind::Complex { width: 32 }) {
                            let vector = self.complex_to_vector(&converted);
                            self.w.terminate(format!("ret {}", vector.typed()));
                        } else {
                            self.w.terminate(format!("ret {}", converted.typed()));
                        }
                    }
                    None => self.w.terminate("ret void"),
                }
            }
            Stmt::Atomic {
                kind,
                address,
                op,
                value,
                capture,
                capture_old,
                reversed,
            } => self.atomic(
                *kind,
                *address,
                *op,
                *value,
                (*capture, *capture_old),
                *reversed,
            )?,
            Stmt::Block(stmts) => self.stmts(stmts)?,
        }
        Ok(())
    }

    /// `*address = value`, converting the value to the place's type.
    fn store_expr(&mut self, address: ExprId, value: ExprId) -> R<()> {
        let span = self.expr_span(address);
        let place_ty = self.expr_ty(address)?;
        let target_ty = self.pointee(place_ty)?;
        let ptr = self.value(address)?;
        let from = self.expr_ty(value)?;
        let value = self.value(value)?;
        let value = self.convert(value, from, target_ty, span)?;
        self.store(&ptr, &value, target_ty, span)
    }

    fn sequential_loop(
        &mut self,
        cond: Option<ExprId>,
        body: &[Stmt],
        step: &[Stmt],
        test_after: bool,
    ) -> R<()> {
        let head = self.w.block("loop.cond");
        let body_block = self.w.block("loop.body");
        let step_block = self.w.block("loop.step");
        let exit = self.w.block("loop.exit");
        self.w.br(if test_after { body_block } else { head });
        self.w.position(head);
        match cond {
            Some(cond) => {
                let condition = self.condition(cond)?;
                self.w.cond_br(&condition, body_block, exit);
            }
            None => self.w.br(body_block),
        }
        self.w.position(body_block);
        self.push_target(Some(exit), Some(step_block));
        let result = self.stmts(body);
        self.pop_target();
        result?;
        self.w.br(step_block);
        self.w.position(step_block);
        self.stmts(step)?;
        self.w.br(head);
        self.w.position(exit);
        Ok(())
    }

    fn switch(&mut self, selector: ExprId, cases: &[SwitchCase]) -> R<()> {
        let span = self.expr_span(selector);
        let selector_ty = self.expr_ty(selector)?;
        let kind = self.scalar_of(selector_ty, span, "a switch selector")?;
        let mut value = self.value(selector)?;
        if let ScalarKind::Bool { .. } = kind {
            value = self.resize_int(value, 8, false);
        } else if !matches!(kind, ScalarKind::Int { .. }) {
            return Err(self.unsupported(span, "a switch selector must be an integer"));
        }
        let width = value.ty.int_width().unwrap_or(32);
        let exit = self.w.block("sw.exit");
        let blocks: Vec<_> = cases.iter().map(|_| self.w.block("sw.case")).collect();
        let default = cases
            .iter()
            .position(|case| case.is_default)
            .map_or(exit, |i| blocks[i]);
        let mut seen = HashSet::new();
        let mut arms = String::new();
        for (case, &block) in cases.iter().zip(&blocks) {
            for &case_value in &case.values {
                let literal = int_literal(width, case_value);
                if !seen.insert(literal.clone()) {
                    return Err(
                        self.unsupported(span, format!("duplicate case value {case_value}"))
                    );
                }
                arms.push_str(&format!(
                    " {} {literal}, label {}",
                    value.ty,
                    self.w.label(block)
                ));
            }
        }
        let text = format!(
            "switch {}, label {} [{arms} ]",
            value.typed(),
            self.w.label(default)
        );
        self.w.terminate(text);
        for (index, case) in cases.iter().enumerate() {
            self.w.position(blocks[index]);
            self.push_target(Some(exit), None);
            let result = self.stmts(&case.body);
            self.pop_target();
            result?;
            let next = if case.falls_through && index + 1 < blocks.len() {
                blocks[index + 1]
            } else {
                exit
            };
            self.w.br(next);
        }
        self.w.position(exit);
        Ok(())
    }

    /// A counted loop `for (j = 0; j < count; j++) body(j)` over `i64` values; `continue` in
    /// the body goes to the next iteration, after `latch_code`. `loop_id` is the `llvm.loop`
    /// metadata of its back edge.
    pub(crate) fn counted_loop(
        &mut self,
        count: &Val,
        loop_id: Option<u32>,
        body: &mut dyn FnMut(&mut Self, &Val) -> R<()>,
        latch_code: &mut dyn FnMut(&mut Self),
    ) -> R<()> {
        let counter = self.w.alloca(&crate::llvm::ty::Ty::i64());
        self.store_mem(&counter, &Val::i64(0));
        let head = self.w.block("for.head");
        let body_block = self.w.block("for.body");
        let latch = self.w.block("for.latch");
        let exit = self.w.block("for.exit");
        self.w.br(head);
        self.w.position(head);
        let j = self.load_mem(&counter, &crate::llvm::ty::Ty::i64());
        let more = self.icmp("ult", &j, count);
        self.w.cond_br(&more, body_block, exit);
        self.w.position(body_block);
        self.push_target(None, Some(latch));
        let result = body(self, &j);
        self.pop_target();
        result?;
        self.w.br(latch);
        self.w.position(latch);
        latch_code(self);
        let j = self.load_mem(&counter, &crate::llvm::ty::Ty::i64());
        let next = self.bin("add nuw", &j, &Val::i64(1));
        self.store_mem(&counter, &next);
        let back = format!("br label {}", self.w.label(head));
        match loop_id {
            Some(id) => self.w.terminate(format!("{back}, !llvm.loop !{id}")),
            None => self.w.terminate(back),
        }
        self.w.position(exit);
        Ok(())
    }

    /// Span of an op, or the kernel's.
    pub(crate) fn op_span(&self, op: Option<acc_ir::Handle<acc_ir::Op>>) -> Span {
        op.map(|op| self.module.ops.get_span(op))
            .filter(Span::is_known)
            .unwrap_or(self.span)
    }
}
