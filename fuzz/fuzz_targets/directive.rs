//! The OpenACC directive parser on any text, in C and Fortran spelling.
//!
//! Asserted: `parse_directive` returns (no panic, no hang) and every span it reports lies within
//! the text it was given (`base ..= base + len`), starts no later than it ends and falls on a
//! character boundary: the diagnostic renderer relies on all three to draw its caret.
//! `const_int` is run on the same text.
#![no_main]

use accc_frontend::directive::{const_int, parse_directive, Language};
use libfuzzer_sys::fuzz_target;
use std::ops::Range;

fuzz_target!(|data: &[u8]| {
    accc_fuzz::keep_last(data);
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let lang = if mode & 1 == 0 {
        Language::C
    } else {
        Language::Fortran
    };
    // A non-zero base as the C scanner passes (the offset of the text in the whole file).
    let base = u32::from(mode >> 1) * 1000;
    let text = accc_fuzz::text(rest);
    let parsed = parse_directive(&text, base, lang);
    let end = base + text.len() as u32;
    let check = |what: &str, span: &Range<u32>| {
        assert!(
            span.start <= span.end && span.start >= base && span.end <= end,
            "{what} span {span:?} outside {base}..{end} for {text:?}"
        );
        let local = (span.start - base) as usize..(span.end - base) as usize;
        assert!(
            text.is_char_boundary(local.start) && text.is_char_boundary(local.end),
            "{what} span {span:?} splits a character of {text:?}"
        );
    };
    for error in &parsed.errors {
        check("error", &error.span);
        assert!(!error.message.is_empty(), "empty message for {text:?}");
    }
    if let Some(directive) = &parsed.directive {
        check("directive", &directive.span);
        check("directive name", &directive.kind_span);
        for clause in &directive.clauses {
            check("clause", &clause.span);
            check("clause name", &clause.name_span);
        }
    }
    let _ = const_int(&text);
});
