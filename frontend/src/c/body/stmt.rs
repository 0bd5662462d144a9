//! Statements: blocks, declarations with initialisers (scalars, `= { ... }` lists with
//! designators and zero fill, structs), expression statements, `if`, `for`, `while`,
//! `do`-`while`, `switch` with fall-through, `break`, `continue`, `return`, and function bodies.

use acc_ir::body::{LocalKind, Stmt, Stmts, SwitchCase};
use acc_ir::{ArraySize, TypeHandle, TypeInner};
use tree_sitter::Node;

use super::super::FunctionInfo;
use super::{BreakTarget, Lowering, R};

impl<'a> Lowering<'a> {
    /// Lowers one statement into `out` (depth-bounded).
    pub(super) fn stmt(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        self.depth += 1;
        let result = if self.depth > super::MAX_DEPTH {
            self.fail(node, "statements too deeply nested")
        } else {
            self.stmt_kind(node, out)
        };
        self.depth -= 1;
        result
    }

    /// Lowers the statements of a compound statement into `out` (no new block).
    pub(super) fn children(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let mut cursor = node.walk();
        let children: Vec<Node<'a>> = node.named_children(&mut cursor).collect();
        for child in children {
            self.stmt(child, out)?;
        }
        Ok(())
    }

    /// The statements of a loop or `if` body (a compound statement's children without a block).
    pub(super) fn body_of(&mut self, node: Node<'a>) -> R<Stmts> {
        let mut out = Vec::new();
        let start = node.start_byte() as u32;
        if node.kind() == "compound_statement" && !self.annotations.atomics.contains_key(&start) {
            self.children(node, &mut out)?;
        } else {
            self.stmt(node, &mut out)?;
        }
        Ok(out)
    }

    fn stmt_kind(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let start = node.start_byte() as u32;
        if let Some((_, kind)) = self.annotations.atomics.get(&start).copied() {
            return self.atomic(node, kind, out);
        }
        match node.kind() {
            "compound_statement" => {
                let mut inner = Vec::new();
                self.children(node, &mut inner)?;
                out.push(Stmt::Block(inner));
            }
            "declaration" => self.declaration(node, out)?,
            "expression_statement" => {
                if let Some(expression) = node.named_child(0) {
                    out.extend(self.effect(expression)?);
                }
            }
            "if_statement" => {
                let (Some(condition), Some(consequence)) = (
                    node.child_by_field_name("condition"),
                    node.child_by_field_name("consequence"),
                ) else {
                    return self.fail(node, "malformed if statement");
                };
                let cond = self.expr(condition)?;
                let cond = self.condition(cond, condition)?;
                let accept = self.body_of(consequence)?;
                let reject = match node
                    .child_by_field_name("alternative")
                    .and_then(|e| e.named_child(0))
                {
                    Some(alternative) => self.body_of(alternative)?,
                    None => Vec::new(),
                };
                out.push(Stmt::If {
                    cond,
                    accept,
                    reject,
                });
            }
            "for_statement" => match self.annotations.loops.get(&start).copied() {
                Some((op, depth)) => self.acc_loop(node, Some(op), depth, out)?,
                // A candidate loop of a `kernels` region (three levels deep at most, since a
                // failed attempt is lowered again as a sequential loop).
                None if self.annotations.auto_loops && self.acc_loops < 3 => {
                    let mut attempt = Vec::new();
                    match self.acc_loop(node, None, 1, &mut attempt) {
                        Ok(()) => out.extend(attempt),
                        Err(_) => self.for_loop(node, out)?,
                    }
                }
                None => self.for_loop(node, out)?,
            },
            "while_statement" | "do_statement" => {
                let (Some(condition), Some(body)) = (
                    node.child_by_field_name("condition"),
                    node.child_by_field_name("body"),
                ) else {
                    return self.fail(node, "malformed loop");
                };
                let cond = self.expr(condition)?;
                let cond = self.condition(cond, condition)?;
                let body = self.looping(BreakTarget::Breakable, |this| this.body_of(body))?;
                let test_after = node.kind() == "do_statement";
                out.push(Stmt::Loop {
                    cond: Some(cond),
                    body,
                    step: Vec::new(),
                    test_after,
                });
            }
            "switch_statement" => self.switch(node, out)?,
            "break_statement" => match self.break_target {
                BreakTarget::Breakable => out.push(Stmt::Break),
                BreakTarget::AccLoop => return self.fail(node, "break out of an OpenACC loop"),
                BreakTarget::Nothing => return self.fail(node, "break outside a loop or switch"),
            },
            "continue_statement" if self.loops > 0 => out.push(Stmt::Continue),
            "continue_statement" => return self.fail(node, "continue outside a loop"),
            "return_statement" => {
                let Some(result) = self.result else {
                    return self.fail(
                        node,
                        "return inside a compute region (OpenACC does not allow branching out of a compute region)",
                    );
                };
                if self.acc_loops > 0 {
                    return self.fail(node, "return inside an OpenACC loop");
                }
                let value = node.named_child(0);
                match (value, matches!(self.inner(result), TypeInner::Void)) {
                    (None, _) => out.push(Stmt::Return(None)),
                    (Some(value), true) => {
                        out.extend(self.effect(value)?);
                        out.push(Stmt::Return(None));
                    }
                    (Some(value), false) => {
                        let lowered = self.expr(value)?;
                        let lowered = self.convert_value(lowered, result, value)?;
                        out.push(Stmt::Return(Some(lowered)));
                    }
                }
            }
            "attributed_statement" => {
                let mut cursor = node.walk();
                let inner = node
                    .named_children(&mut cursor)
                    .find(|c| c.kind() != "attribute_declaration");
                if let Some(inner) = inner {
                    self.stmt(inner, out)?;
                }
            }
            "goto_statement" => return self.fail(node, "goto statements"),
            "labeled_statement" => return self.fail(node, "labels (goto targets)"),
            "case_statement" => {
                return self.fail(
                    node,
                    "a case label outside the top level of its switch body",
                )
            }
            "function_definition" => return self.fail(node, "nested function definitions"),
            "type_definition" | "comment" | "struct_specifier" | "union_specifier"
            | "enum_specifier" | ";" => {}
            "seh_try_statement" | "seh_leave_statement" => {
                return self.fail(node, "structured exception handling")
            }
            "ERROR" => return self.fail(node, "syntax error"),
            other => return self.fail(node, format!("unsupported statement ({other})")),
        }
        Ok(())
    }

    /// Runs `f` (a loop body) with `break` leaving `target`.
    pub(super) fn looping<T>(
        &mut self,
        target: BreakTarget,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        self.loops += 1;
        let result = self.breakable(target, f);
        self.loops -= 1;
        result
    }

    /// Runs `f` with `break` leaving `target`.
    pub(super) fn breakable<T>(
        &mut self,
        target: BreakTarget,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        let saved = std::mem::replace(&mut self.break_target, target);
        let result = f(self);
        self.break_target = saved;
        result
    }

    /// A declaration in device code. A `static const` object with an initializer (a lookup
    /// table, `static const double c[] = {...};`) is lowered as a local initialised on every
    /// entry: it can never change, so no program can tell it from the one object C has, except
    /// by comparing its address across calls. Other `static` and thread-local variables are
    /// refused: a writable one would be one device global that every thread of the launch
    /// updates at once.
    fn declaration(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            let text = self.text(child).trim();
            match child.kind() {
                "storage_class_specifier" if text == "static" && self.constant_table(node) => {}
                "storage_class_specifier"
                    if text == "static" || text == "_Thread_local" || text == "thread_local" =>
                {
                    let place = if self.result.is_some() {
                        "in a device routine"
                    } else {
                        "inside a compute region"
                    };
                    return self.fail(
                        node,
                        format!(
                            "static variables declared {place} (only 'static const' objects with an initializer are supported)"
                        ),
                    );
                }
                "storage_class_specifier" if text == "extern" => return Ok(()),
                "type_qualifier" if text == "_Atomic" => {
                    return self.fail(node, "_Atomic variables")
                }
                _ => {}
            }
        }
        let mut cursor = node.walk();
        let declarators: Vec<Node<'a>> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for declarator in declarators {
            let (target, init) = if declarator.kind() == "init_declarator" {
                (
                    declarator
                        .child_by_field_name("declarator")
                        .unwrap_or(declarator),
                    declarator.child_by_field_name("value"),
                )
            } else {
                (declarator, None)
            };
            let Some(name_node) = self.declared_name(target) else {
                return self.fail(declarator, "declaration without a name");
            };
            let name = self.text(name_node);
            let symbol = self
                .unit
                .resolve(name, target.end_byte() as u32, &mut self.module.types);
            let Some(symbol) =
                symbol.filter(|s| s.decl_range.start == declarator.start_byte() as u32)
            else {
                return self.internal(
                    declarator,
                    format!("declaration of '{name}' not in the symbol index"),
                );
            };
            if symbol.is_function {
                continue;
            }
            if let Some(string) =
                init.filter(|i| matches!(i.kind(), "string_literal" | "concatenated_string"))
            {
                return self.fail(string, "string literals are not supported in device code");
            }
            let ty = match (self.inner(symbol.ty), init) {
                (
                    TypeInner::Array {
                        element,
                        size: ArraySize::Unknown,
                        lower_bound,
                    },
                    Some(list),
                ) if list.kind() == "initializer_list" => {
                    let count = self.list_length(list)?;
                    self.module.types.insert(TypeInner::Array {
                        element,
                        size: ArraySize::Constant(count),
                        lower_bound,
                    })
                }
                _ => symbol.ty,
            };
            match self.inner(ty) {
                TypeInner::Array { .. } if !self.fixed_size(ty) => {
                    return self.fail(
                        declarator,
                        format!("variable-length array '{name}' declared in device code"),
                    );
                }
                TypeInner::Array {
                    size: ArraySize::Unknown,
                    ..
                }
                | TypeInner::Void
                | TypeInner::Opaque(_)
                | TypeInner::Function { .. } => {
                    return self.fail(
                        declarator,
                        format!("'{name}' has incomplete type {}", self.type_name(ty)),
                    );
                }
                TypeInner::Struct { .. } if self.is_bitfield(ty, None) => {
                    return self.fail(
                        declarator,
                        format!("'{name}' is a {} with bit-fields", self.type_name(ty)),
                    );
                }
                _ => {}
            }
            let local = self.new_local(
                symbol.decl_range.start,
                name,
                ty,
                LocalKind::Declared,
                declarator,
            );
            match init {
                None => out.push(Stmt::Declare { local, init: None }),
                Some(list) if list.kind() == "initializer_list" => {
                    out.push(Stmt::Declare { local, init: None });
                    let address = self.local_address(local, ty, declarator);
                    self.initialize(address, ty, list, out, 0)?;
                }
                Some(value_node) => {
                    let value = self.expr(value_node)?;
                    let value = self.convert_value(value, ty, value_node)?;
                    out.push(Stmt::Declare {
                        local,
                        init: Some(value),
                    });
                }
            }
        }
        Ok(())
    }

    /// Whether `declaration` declares only `const` objects with initializers: its specifiers
    /// say `const`, and each declarator is a name or an array of names (not a pointer, whose
    /// `const` would be its target's) with an initializer.
    fn constant_table(&self, declaration: Node<'a>) -> bool {
        let mut cursor = declaration.walk();
        let constant = declaration
            .children(&mut cursor)
            .any(|child| child.kind() == "type_qualifier" && self.text(child).trim() == "const");
        let mut cursor = declaration.walk();
        let declarators: Vec<Node<'a>> = declaration
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        constant
            && !declarators.is_empty()
            && declarators.iter().all(|declarator| {
                if declarator.kind() != "init_declarator" {
                    return false;
                }
                let mut target = declarator.child_by_field_name("declarator");
                while let Some(node) = target.filter(|n| n.kind() == "array_declarator") {
                    target = node.child_by_field_name("declarator");
                }
                target.is_some_and(|n| n.kind() == "identifier")
            })
    }

    /// A `for` loop that no OpenACC directive annotates.
    fn for_loop(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let mut stmts = Vec::new();
        if let Some(init) = node.child_by_field_name("initializer") {
            if init.kind() == "declaration" {
                self.declaration(init, &mut stmts)?;
            } else {
                stmts.extend(self.effect(init)?);
            }
        }
        let cond = match node.child_by_field_name("condition") {
            Some(condition) => {
                let value = self.expr(condition)?;
                Some(self.condition(value, condition)?)
            }
            None => None,
        };
        let step = match node.child_by_field_name("update") {
            Some(update) => self.effect(update)?,
            None => Vec::new(),
        };
        let body = match node.child_by_field_name("body") {
            Some(body) => self.looping(BreakTarget::Breakable, |this| this.body_of(body))?,
            None => Vec::new(),
        };
        let lowered = Stmt::Loop {
            cond,
            body,
            step,
            test_after: false,
        };
        if stmts.is_empty() {
            out.push(lowered);
        } else {
            stmts.push(lowered);
            out.push(Stmt::Block(stmts));
        }
        Ok(())
    }

    fn switch(&mut self, node: Node<'a>, out: &mut Stmts) -> R<()> {
        let (Some(condition), Some(body)) = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
        ) else {
            return self.fail(node, "malformed switch");
        };
        let selector = self.expr(condition)?;
        let selector = self.rvalue(selector, condition)?;
        if !self.is_integer_type(self.ty(selector)) {
            return self.fail(condition, "switch on a non-integer");
        }
        let selector = self.promoted(selector, condition)?;
        let selector_kind = self
            .scalar_kind(self.ty(selector))
            .unwrap_or(super::types::INT);
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut pending = SwitchCase {
            values: Vec::new(),
            is_default: false,
            body: Vec::new(),
            falls_through: true,
        };
        let mut cursor = body.walk();
        let items: Vec<Node<'a>> = body
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        for item in items {
            if item.kind() != "case_statement" {
                return self.fail(item, "a statement before the first case label of a switch");
            }
            let value = item.child_by_field_name("value");
            match value {
                Some(value) => {
                    let constant = self.constant(value)?;
                    let constant = super::types::wrap(constant, selector_kind);
                    if cases
                        .iter()
                        .chain([&pending])
                        .any(|c| c.values.contains(&constant))
                    {
                        return self.fail(value, "duplicate case value");
                    }
                    pending.values.push(constant);
                }
                None => pending.is_default = true,
            }
            let mut cursor = item.walk();
            let statements: Vec<Node<'a>> = item
                .named_children(&mut cursor)
                .filter(|c| c.kind() != "comment" && Some(c.id()) != value.map(|v| v.id()))
                .collect();
            if statements.is_empty() {
                continue;
            }
            let mut lowered = Vec::new();
            self.breakable(BreakTarget::Breakable, |this| {
                statements
                    .iter()
                    .try_for_each(|s| this.stmt(*s, &mut lowered))
            })?;
            if matches!(lowered.last(), Some(Stmt::Break)) {
                lowered.pop();
                pending.falls_through = false;
            } else {
                pending.falls_through = !ends_with_jump(&lowered, 0);
            }
            pending.body = lowered;
            let done = std::mem::replace(
                &mut pending,
                SwitchCase {
                    values: Vec::new(),
                    is_default: false,
                    body: Vec::new(),
                    falls_through: true,
                },
            );
            cases.push(done);
        }
        if !pending.values.is_empty() || pending.is_default {
            cases.push(pending);
        }
        if let Some(last) = cases.last_mut() {
            last.falls_through = false;
        }
        out.push(Stmt::Switch { selector, cases });
        Ok(())
    }

    /// Lowers a function definition: its result type and body (parameters become locals).
    pub(super) fn function(
        &mut self,
        node: Node<'a>,
        info: &FunctionInfo,
    ) -> R<(TypeHandle, Stmts)> {
        let (Some(declarator), Some(body)) = (
            node.child_by_field_name("declarator"),
            node.child_by_field_name("body"),
        ) else {
            return self.fail(node, "malformed function definition");
        };
        let at = declarator.end_byte() as u32;
        let symbol = self.unit.resolve(&info.name, at, &mut self.module.types);
        let result = match symbol.map(|s| self.inner(s.ty)) {
            Some(TypeInner::Function { result }) => result,
            _ => return self.internal(node, format!("'{}' has no function type", info.name)),
        };
        self.result = Some(result);
        let Some(parameters) = self.own_parameters(declarator) else {
            return self.fail(node, "function definition without parameters");
        };
        let mut cursor = parameters.walk();
        let children: Vec<Node<'a>> = parameters
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let mut index = 0u32;
        for parameter in children {
            match parameter.kind() {
                "variadic_parameter" => {
                    return self.fail(parameter, format!("variadic function '{}'", info.name))
                }
                "parameter_declaration" => {
                    let declarator = parameter.child_by_field_name("declarator");
                    let type_text = parameter
                        .child_by_field_name("type")
                        .map(|t| self.text(t).trim());
                    if declarator.is_none() && type_text == Some("void") {
                        continue;
                    }
                    let ty = self.parameter_type(parameter, true)?;
                    let name = match declarator.and_then(|d| self.declared_name(d)) {
                        Some(name) => self.text(name).to_string(),
                        None => format!("arg{index}"),
                    };
                    self.record_vla_origin(ty, parameter.end_byte() as u32);
                    self.new_local(
                        parameter.start_byte() as u32,
                        &name,
                        ty,
                        LocalKind::Parameter(index),
                        parameter,
                    );
                    index += 1;
                }
                _ => return self.fail(parameter, "old-style (K&R) function definition"),
            }
        }
        let mut stmts = Vec::new();
        self.children(body, &mut stmts)?;
        Ok((result, stmts))
    }
}

/// Whether control never reaches the end of `stmts` (it ends in `break`, `continue` or
/// `return`, or in blocks and `if`s that all do). Nesting is bounded by the lowering's depth.
fn ends_with_jump(stmts: &Stmts, depth: usize) -> bool {
    if depth > super::MAX_DEPTH {
        return false;
    }
    match stmts.last() {
        Some(Stmt::Break | Stmt::Continue | Stmt::Return(_)) => true,
        Some(Stmt::Block(inner)) => ends_with_jump(inner, depth + 1),
        Some(Stmt::If { accept, reject, .. }) => {
            ends_with_jump(accept, depth + 1) && ends_with_jump(reject, depth + 1)
        }
        _ => false,
    }
}
