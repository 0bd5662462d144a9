//! NVHPC's (and PGI's) command-line words that real build files pass, read as gcc's and
//! gfortran's before the command line is parsed, with one note each saying how: build files
//! written for `nvc`/`nvfortran` then build with `CC=accc` or `FC=accc` unchanged, instead of
//! stopping at the host compiler's "unrecognized command-line option". A word with no gcc
//! equivalent (an NVHPC optimisation or listing switch) is dropped, and its note says so.
//!
//! The OpenACC and target words (`-acc`, `-acc=`, `-ta=`, `-gpu=`) set accc's own options and
//! are read by `cli.rs` (`nvhpc_flag`); `-fast` is read there too.

/// What one NVHPC word becomes.
enum Reading {
    /// These gcc/gfortran words.
    Words(&'static [&'static str]),
    /// Nothing: the default already, or no equivalent (the reason is in the note).
    Nothing(&'static str),
    /// An error: accc cannot build what the word asks for.
    Refused(&'static str),
}

use Reading::{Nothing, Refused, Words};

/// Whole words.
const WORDS: &[(&str, Reading)] = &[
    ("-r8", Words(&["-fdefault-real-8", "-fdefault-double-8"])),
    ("-Mr8", Words(&["-fdefault-real-8", "-fdefault-double-8"])),
    ("-i8", Words(&["-fdefault-integer-8"])),
    ("-Mi8", Words(&["-fdefault-integer-8"])),
    ("-r4", Nothing("the default")),
    ("-i4", Nothing("the default")),
    ("-mp", Words(&["-fopenmp"])),
    ("-nomp", Words(&["-fno-openmp"])),
    ("-Mnoopenmp", Words(&["-fno-openmp"])),
    ("-Mpreprocess", Words(&["-cpp"])),
    ("-Mfree", Words(&["-ffree-form"])),
    ("-Mfreeform", Words(&["-ffree-form"])),
    ("-Mfixed", Words(&["-ffixed-form"])),
    ("-Mnofree", Words(&["-ffixed-form"])),
    ("-Mextend", Words(&["-ffixed-line-length-132"])),
    // PGI's -Mbackslash makes a backslash an ordinary character, as gfortran's default is;
    // its -Mnobackslash makes it an escape, gfortran's -fbackslash.
    ("-Mbackslash", Words(&["-fno-backslash"])),
    ("-Mnobackslash", Words(&["-fbackslash"])),
    ("-Mlarge_arrays", Words(&["-mcmodel=medium"])),
    ("-Mstack_arrays", Words(&["-fstack-arrays"])),
    ("-Mnostack_arrays", Words(&["-fno-stack-arrays"])),
    ("-Mfma", Words(&["-ffp-contract=fast"])),
    ("-Mnofma", Words(&["-ffp-contract=off"])),
    ("-Kieee", Words(&["-ffp-contract=off"])),
    (
        "-Knoieee",
        Nothing("gcc follows IEEE arithmetic without -ffast-math"),
    ),
    ("-Mbounds", Words(&["-fcheck=bounds"])),
    ("-Mnobounds", Nothing("the default")),
    ("-Mchkptr", Words(&["-fcheck=pointer"])),
    ("-Mbyteswapio", Words(&["-fconvert=swap"])),
    ("-byteswapio", Words(&["-fconvert=swap"])),
    ("-Mrecursive", Words(&["-frecursive"])),
    ("-Msave", Words(&["-fno-automatic"])),
    ("-Mnosave", Nothing("the default")),
    ("-Mdclchk", Words(&["-fimplicit-none"])),
    ("-Mcray=pointer", Words(&["-fcray-pointer"])),
    ("-Munroll", Words(&["-funroll-loops"])),
    ("-Mnounroll", Words(&["-fno-unroll-loops"])),
    ("-Mfunc32", Words(&["-falign-functions=32"])),
    ("-Mnoframe", Words(&["-fomit-frame-pointer"])),
    ("-Mframe", Words(&["-fno-omit-frame-pointer"])),
    ("-gopt", Words(&["-g"])),
    ("-traceback", Words(&["-fbacktrace"])),
    ("-c89", Words(&["-std=c89"])),
    ("-c99", Words(&["-std=c99"])),
    ("-c11", Words(&["-std=c11"])),
    ("-c17", Words(&["-std=c17"])),
    ("-c18", Words(&["-std=c17"])),
    (
        "-stdpar",
        Words(&["-fopenacc", "-fdo-concurrent-to-acc=device"]),
    ),
    ("-target=gpu", Words(&["-foffload=nvptx"])),
    ("-target=multicore", Words(&["-foffload=none"])),
    ("-target=host", Words(&["-foffload=none"])),
    (
        "-Mfprelaxed",
        Nothing("gcc has no relaxed-precision division and square root"),
    ),
    ("-Mnofprelaxed", Nothing("the default")),
    (
        "-Mflushz",
        Nothing("gcc sets no flush-to-zero mode without -ffast-math"),
    ),
    ("-Mnoflushz", Nothing("the default")),
    ("-Mdaz", Nothing("gcc sets no denormals-are-zero mode")),
    ("-Mnodaz", Nothing("the default")),
    ("-Mchkstk", Nothing("an NVHPC run-time check")),
    ("-Mlist", Nothing("an NVHPC listing file")),
    ("-Mkeepasm", Nothing("use -save-temps")),
    ("-Minline", Nothing("gcc inlines at -O2 and above")),
    ("-Mnoinline", Words(&["-fno-inline"])),
    ("-Mnoautoinline", Nothing("an NVHPC inlining switch")),
    ("-Mautoinline", Nothing("an NVHPC inlining switch")),
    ("-Mipa", Nothing("NVHPC's interprocedural analysis")),
    ("-Mvect", Nothing("gcc vectorises at -O2 and above")),
    ("-Mnovect", Words(&["-fno-tree-vectorize"])),
    ("-Mconcur", Nothing("NVHPC's automatic parallelisation")),
    ("-Mnodepchk", Nothing("an NVHPC dependence-check switch")),
    ("-Mdepchk", Nothing("the default")),
    ("-Msafe_lastval", Nothing("an NVHPC loop switch")),
    ("-Mscalarsse", Nothing("the default on x86-64")),
    ("-Mcache_align", Nothing("an NVHPC alignment switch")),
    ("-Mneginfo", Nothing("NVHPC's missed-optimisation messages")),
    ("-Mstandard", Nothing("gfortran's -std= sets the standard")),
    (
        "-Mnomain",
        Nothing("gfortran needs no switch to link a C main"),
    ),
    ("-Mallocatable=03", Nothing("the default")),
    ("-Mallocatable=95", Words(&["-fno-realloc-lhs"])),
    ("-Mprof", Nothing("NVHPC's profiling")),
    ("-noswitcherror", Nothing("an NVHPC driver switch")),
    (
        "-Mcuda",
        Refused("CUDA Fortran and CUDA C are not supported by accc"),
    ),
    (
        "-cuda",
        Refused("CUDA Fortran and CUDA C are not supported by accc"),
    ),
];

/// Words by prefix (`-mp=nonuma`, `-tp=zen3`, `-Minline=levels:5`, ...).
const PREFIXES: &[(&str, Reading)] = &[
    ("-mp=", Words(&["-fopenmp"])),
    (
        "-stdpar=gpu",
        Words(&["-fopenacc", "-fdo-concurrent-to-acc=device"]),
    ),
    (
        "-stdpar=multicore",
        Words(&[
            "-fopenacc",
            "-fdo-concurrent-to-acc=device",
            "-foffload=none",
        ]),
    ),
    ("-tp=native", Words(&["-march=native"])),
    ("-tp=", Nothing("gcc's -march= sets the target processor")),
    ("-Minline=", Nothing("gcc inlines at -O2 and above")),
    ("-Mipa=", Nothing("NVHPC's interprocedural analysis")),
    ("-Mvect=", Nothing("gcc vectorises at -O2 and above")),
    ("-Munroll=", Words(&["-funroll-loops"])),
    ("-Minform=", Nothing("gcc's -W options set the messages")),
    (
        "-Ktrap=",
        Nothing("gfortran's -ffpe-trap= sets floating-point traps"),
    ),
    (
        "-Mcuda=",
        Refused("CUDA Fortran and CUDA C are not supported by accc"),
    ),
    ("-cudalib=", Nothing("accc links no CUDA libraries")),
];

/// Reads NVHPC's words in `args` as gcc's, with a note for each different word. `-module
/// <dir>` (where nvfortran writes `.mod` files) is gfortran's `-J <dir>`. Returns the words and
/// the notes, or an error for a word accc cannot honour.
pub(crate) fn translate(args: Vec<String>) -> Result<(Vec<String>, Vec<String>), String> {
    let mut notes = Vec::new();
    let mut out = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "-module" {
            if let Some(dir) = args.next() {
                note(&mut notes, &arg, "'-J'");
                out.push("-J".to_string());
                out.push(dir);
                continue;
            }
        }
        let reading = WORDS
            .iter()
            .find(|(word, _)| *word == arg)
            .or_else(|| PREFIXES.iter().find(|(prefix, _)| arg.starts_with(prefix)))
            .map(|(_, reading)| reading);
        match reading {
            None => out.push(arg),
            Some(Words(words)) => {
                note(&mut notes, &arg, &format!("'{}'", words.join(" ")));
                out.extend(words.iter().map(|w| w.to_string()));
            }
            Some(Nothing(why)) => note(&mut notes, &arg, &format!("nothing ({why})")),
            Some(Refused(why)) => return Err(format!("'{arg}' is NVHPC's option: {why}")),
        }
    }
    Ok((out, notes))
}

fn note(notes: &mut Vec<String>, arg: &str, reading: &str) {
    let note = format!("'{arg}' is NVHPC's spelling; accc reads it as {reading}");
    if !notes.contains(&note) {
        notes.push(note);
    }
}

#[cfg(test)]
mod tests {
    use super::translate;

    fn words(args: &[&str]) -> (Vec<String>, Vec<String>) {
        translate(args.iter().map(|a| a.to_string()).collect()).expect("translated")
    }

    #[test]
    fn nvhpc_words_read_as_gccs_with_a_note_each() {
        let (out, notes) = words(&[
            "-mp",
            "-O3",
            "-Mpreprocess",
            "-Mlarge_arrays",
            "-tp=zen3",
            "-mp=nonuma",
            "-c11",
            "-module",
            "mods",
            "a.f90",
        ]);
        assert_eq!(
            out,
            [
                "-fopenmp",
                "-O3",
                "-cpp",
                "-mcmodel=medium",
                "-fopenmp",
                "-std=c11",
                "-J",
                "mods",
                "a.f90"
            ]
        );
        assert_eq!(notes.len(), 7, "{notes:?}");
        assert!(notes.contains(&"'-mp' is NVHPC's spelling; accc reads it as '-fopenmp'".into()));
        assert!(notes
            .iter()
            .any(|n| n.starts_with("'-tp=zen3' is NVHPC's spelling; accc reads it as nothing")));
    }

    #[test]
    fn gcc_words_stay() {
        let (out, notes) = words(&["-MP", "-MD", "-march=native", "-module-foo", "-mcpu=x"]);
        assert_eq!(
            out,
            ["-MP", "-MD", "-march=native", "-module-foo", "-mcpu=x"]
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn cuda_is_refused() {
        let error = translate(vec!["-cuda".into(), "a.cuf".into()]).unwrap_err();
        assert!(error.contains("not supported"), "{error}");
    }
}
