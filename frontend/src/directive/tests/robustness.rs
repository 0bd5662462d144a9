//! Tests that no input panics or overflows the stack, and of constant evaluation.

use super::*;

// ----- robustness --------------------------------------------------------------------------------

#[test]
fn many_clauses() {
    let text = format!("parallel {}", "copy(a) ".repeat(10_000));
    let parsed = parse_directive(&text, 0, Language::C);
    assert!(parsed.errors.is_empty());
    assert_eq!(parsed.directive.map(|d| d.clauses.len()), Some(10_000));
    let text = format!("loop {}", "seq ".repeat(10_000));
    let parsed = parse_directive(&text, 0, Language::C);
    assert_eq!(parsed.errors.len(), 9_999);
}

#[test]
fn deep_nesting() {
    let text = format!("parallel if({}x{})", "(".repeat(10_000), ")".repeat(10_000));
    let parsed = parse_directive(&text, 0, Language::C);
    let messages: Vec<&str> = parsed
        .errors
        .iter()
        .map(|error| error.message.as_str())
        .collect();
    assert_eq!(messages, vec!["expression is nested too deeply"]);
    assert_eq!(parsed.errors[0].span, 268..269);
    let text = format!("data copy(a[{}", "(".repeat(10_000));
    let parsed = parse_directive(&text, 0, Language::C);
    assert!(!parsed.errors.is_empty());
    let text = "(".repeat(10_000);
    let parsed = parse_directive(&text, 0, Language::Fortran);
    assert_eq!(parsed.errors.len(), 1);
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "parallel copy(",
        "parallel copy(a[",
        "parallel copy(a[:",
        "loop gang(static:",
        "wait(devnum:",
        "parallel )))(((",
        "parallel \u{e9}t\u{e9}(x) copy(\u{1F600})",
        "routine(",
        "cache(readonly:",
        "parallel reduction(",
        "parallel reduction(+",
        "atomic \"",
        "parallel if('",
        "data copy(/x/)",
        "end",
        "loop tile(*",
        "parallel device_type(",
        "update self(a.b->c[1:2:3]",
        "set default_async(,)",
        "parallel num_gangs(,,,)",
        "loop collapse(force:",
        "parallel default(",
        "routine bind(",
        "/*",
    ];
    for text in samples {
        for lang in [Language::C, Language::Fortran] {
            let parsed = parse_directive(text, u32::MAX - 3, lang);
            for error in &parsed.errors {
                assert!(error.span.start <= error.span.end, "{text:?}: {error:?}");
            }
        }
    }
    // Every prefix of a long valid directive parses without panicking.
    let full = "parallel loop copy(a[0:n], s.x) reduction(max:m) gang(num:4, static:*) device_type(nvidia) vector_length(32)";
    for end in 0..=full.len() {
        let _ = parse_directive(&full[..end], 0, Language::C);
        let _ = parse_directive(&full[..end], 0, Language::Fortran);
    }
}

/// Random sequences of directive fragments (a fixed linear congruential generator, so the test
/// is deterministic) never panic, and every error span lies inside the text on character
/// boundaries.
#[test]
fn random_fragments_never_panic() {
    const FRAGMENTS: [&str; 40] = [
        "parallel",
        "loop",
        "end",
        "atomic",
        "enter",
        "data",
        "copy",
        "copyin",
        "reduction",
        "gang",
        "device_type",
        "wait",
        "routine",
        "cache",
        "self",
        "readonly",
        "num",
        "static",
        "devnum",
        "(",
        ")",
        "[",
        "]",
        ",",
        ":",
        "*",
        "+",
        "-",
        "/",
        "%",
        ".and.",
        "->",
        ".",
        "'",
        "\"",
        "!",
        "a",
        "1",
        "\u{e9}",
        " ",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    for _ in 0..3_000 {
        let length = next() % 24;
        let text: String = (0..length)
            .map(|_| FRAGMENTS[next() % FRAGMENTS.len()])
            .collect();
        for lang in [Language::C, Language::Fortran] {
            let parsed = parse_directive(&text, 0, lang);
            for error in &parsed.errors {
                let (start, end) = (error.span.start as usize, error.span.end as usize);
                assert!(start <= end && end <= text.len(), "{text:?}: {error:?}");
                assert!(
                    text.is_char_boundary(start) && text.is_char_boundary(end),
                    "{text:?}"
                );
            }
        }
    }
}

// ----- constant evaluation -------------------------------------------------------------------------

#[test]
fn const_int_literals() {
    assert_eq!(const_int("42"), Some(42));
    assert_eq!(const_int("0x1F"), Some(31));
    assert_eq!(const_int("017"), Some(15));
    assert_eq!(const_int("0"), Some(0));
    assert_eq!(const_int("10u"), Some(10));
    assert_eq!(const_int("10UL"), Some(10));
    assert_eq!(const_int("8_8"), Some(8));
    assert_eq!(const_int("3_int64"), Some(3));
    assert_eq!(const_int("0b101"), Some(5));
    assert_eq!(const_int("08"), None);
    assert_eq!(const_int("1.5"), None);
    assert_eq!(const_int("1e3"), None);
    assert_eq!(const_int(""), None);
}

#[test]
fn const_int_operators() {
    assert_eq!(const_int("1 + 2 * 3"), Some(7));
    assert_eq!(const_int("(1 + 2) * 3"), Some(9));
    assert_eq!(const_int("-(4) + +2"), Some(-2));
    assert_eq!(const_int("~0"), Some(-1));
    assert_eq!(const_int("!0 + !5"), Some(1));
    assert_eq!(const_int("7 / 2 % 3"), Some(0));
    assert_eq!(const_int("1 << 4 >> 2"), Some(4));
    assert_eq!(const_int("6 & 3 | 8 ^ 1"), Some(11));
    assert_eq!(const_int("1 < 2 && 3 >= 3 || 0"), Some(1));
    assert_eq!(const_int("2 == 2 != 0"), Some(1));
    assert_eq!(const_int("4 /= 4"), Some(0));
    assert_eq!(const_int("10 - 2 - 3"), Some(5));
}

#[test]
fn const_int_rejects() {
    assert_eq!(const_int("n"), None);
    assert_eq!(const_int("2 * n"), None);
    assert_eq!(const_int("1 / 0"), None);
    assert_eq!(const_int("1 % 0"), None);
    assert_eq!(const_int("9223372036854775807 + 1"), None);
    assert_eq!(const_int("-9223372036854775807 - 1"), Some(i64::MIN));
    assert_eq!(const_int("1 << 64"), None);
    assert_eq!(const_int("1 << 63"), None);
    assert_eq!(const_int("(1"), None);
    assert_eq!(const_int("1)"), None);
    assert_eq!(const_int("1 = 1"), None);
    assert_eq!(const_int("0xFFFFFFFFFFFFFFFF"), None);
    let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
    assert_eq!(const_int(&deep), None);
    let shallow = format!("{}1{}", "(".repeat(100), ")".repeat(100));
    assert_eq!(const_int(&shallow), Some(1));
}
