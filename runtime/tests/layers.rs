//! The runtime's modules import only downward: each module's `crate::` (and sibling `super::`)
//! paths name modules of its own layer or of a lower one, and the import graph has no cycle.
//! The layers, top first, are the map of `src/lib.rs`; a new module goes into [`LAYERS`].
//! Comments, doc links and `#[cfg(test)]` modules are not imports and are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, from the C entry points down to the platform. A module may import modules of
/// its own layer (without a cycle) and of the layers below.
const LAYERS: &[(&str, &[&str])] = &[
    ("entry points", &["abi", "api", "api_data", "descriptor"]),
    ("runtime", &["runtime", "env", "compute_events"]),
    ("device registry", &["gpu"]),
    ("GPU backends", &["cuda", "hip"]),
    ("devices", &["check", "gpudev", "device", "fault"]),
    ("events", &["trace", "prof", "events"]),
    ("records", &["table", "queue", "pool", "kernel", "images"]),
    ("errors", &["error"]),
    ("platform", &["kinds", "hostmem", "placement"]),
];

/// The names `lib.rs` re-exports, and the module each comes from.
const REEXPORTS: &[(&str, &str)] = &[
    ("Runtime", "runtime"),
    ("Device", "device"),
    ("DeviceKind", "device"),
    ("Action", "table"),
    ("DataOp", "table"),
    ("Flags", "table"),
    ("PresentTable", "table"),
];

/// The source without comments and without its `#[cfg(test)]` module.
fn code(source: &str) -> String {
    let source = match source.find("#[cfg(test)]") {
        Some(at) if source[at..].contains("mod ") => &source[..at],
        _ => source,
    };
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers after each occurrence of `prefix` (`crate::` or `super::`), and inside a
/// `use crate::{...}` group.
fn named_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        rest = &rest[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            names.extend(
                group[..end]
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .map(String::from),
            );
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.push(word);
        }
    }
    names
}

/// Every module of `src/` (a directory module as one) with its source.
fn modules() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(&src).expect("runtime/src") {
        let path = entry.expect("entry").path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut text = String::new();
            for file in std::fs::read_dir(&path).expect("module directory") {
                let file = file.expect("entry").path();
                if file.file_name().is_some_and(|n| n != "tests.rs") {
                    text.push_str(&code(&std::fs::read_to_string(&file).unwrap()));
                }
            }
            modules.insert(name, text);
        } else if name != "lib" && !name.ends_with("_tests") {
            modules.insert(name, code(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    modules
}

/// Module → the modules it imports.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph = BTreeMap::new();
    for (name, code) in &modules {
        let mut named = named_after(code, "crate::");
        // A file module's `super::` is the crate root; a directory module's is itself.
        if !name.contains('/')
            && !Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("src")
                .join(name)
                .is_dir()
        {
            named.extend(named_after(code, "super::"));
        }
        let deps: BTreeSet<String> = named
            .into_iter()
            .map(|n| {
                REEXPORTS
                    .iter()
                    .find(|(item, _)| *item == n)
                    .map_or(n.clone(), |(_, module)| module.to_string())
            })
            .filter(|n| modules.contains_key(n) && n != name)
            .collect();
        graph.insert(name.clone(), deps);
    }
    graph
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, members)| members.contains(&module))
}

#[test]
fn every_module_has_a_layer() {
    for module in imports().keys() {
        assert!(
            layer_of(module).is_some(),
            "runtime module '{module}' is in no layer of tests/layers.rs"
        );
    }
}

#[test]
fn modules_import_only_downward() {
    let mut upward = Vec::new();
    for (module, deps) in imports() {
        let Some(own) = layer_of(&module) else {
            continue;
        };
        for dep in deps {
            if layer_of(&dep).is_some_and(|layer| layer < own) {
                upward.push(format!(
                    "{module} ({}) imports {dep} ({})",
                    LAYERS[own].0,
                    LAYERS[layer_of(&dep).unwrap()].0
                ));
            }
        }
    }
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn the_import_graph_has_no_cycle() {
    let graph = imports();
    // Repeatedly remove modules that import nothing left; what remains lies on cycles.
    let mut left = graph.clone();
    loop {
        let leaves: Vec<String> = left
            .iter()
            .filter(|(_, deps)| deps.iter().all(|d| !left.contains_key(d)))
            .map(|(m, _)| m.clone())
            .collect();
        if leaves.is_empty() {
            break;
        }
        for leaf in leaves {
            left.remove(&leaf);
        }
    }
    let cyclic: Vec<String> = left
        .iter()
        .map(|(m, deps)| {
            let inside: Vec<&String> = deps.iter().filter(|d| left.contains_key(*d)).collect();
            format!("{m} -> {inside:?}")
        })
        .collect();
    assert!(
        cyclic.is_empty(),
        "import cycle among:\n{}",
        cyclic.join("\n")
    );
    assert!(graph.len() > 20, "only {} modules found", graph.len());
}

#[test]
fn the_scan_sees_imports() {
    let names = named_after(
        "use crate::{error::fatal, queue::QueueId};\nlet x = crate::trace::emit;",
        "crate::",
    );
    assert_eq!(names, ["error", "fatal", "queue", "QueueId", "trace"]);
    assert_eq!(
        code("let a = 1; // crate::x\n/// crate::y\n"),
        "let a = 1; \n"
    );
}
