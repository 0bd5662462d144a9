//! Renders the contract as C: `accrt.h` ([`header`]), the declarations generated code starts
//! with ([`prelude`]) and those of the link step's image registration ([`image_declarations`]).

use crate::contract::{Field, Function, Item, Record, HEADER};
use crate::Enum;
use std::fmt::Write as _;

/// The width comments are wrapped to.
const WIDTH: usize = 100;

/// `runtime/include/accrt.h`.
pub fn header() -> String {
    let mut out = comment("", crate::contract::FILE_DOC);
    out.push_str(
        "#ifndef ACCC_ACCRT_H\n#define ACCC_ACCRT_H\n\n#include <stddef.h>\n#include <stdint.h>\n\n\
         #ifdef __cplusplus\nextern \"C\" {\n#endif\n",
    );
    let items = HEADER
        .iter()
        .filter(|item| !matches!(item, Item::Function(function) if function.prelude_only));
    for item in items {
        out.push('\n');
        match item {
            Item::Enum(e) => out.push_str(&enumeration(e)),
            Item::Record(r) => out.push_str(&record(r, Spelling::Header)),
            Item::Typedef(t) => {
                out.push_str(&comment("", t.doc));
                out.push_str(&typedef(t, Spelling::Header));
            }
            Item::Function(function) => {
                out.push_str(&comment("", function.doc));
                out.push_str(&prototype(function, Spelling::Header));
            }
        }
    }
    out.push_str("\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* ACCC_ACCRT_H */\n");
    out
}

/// The declarations generated host code needs, one per line and without comments: it is
/// compiled as preprocessed C (`-x cpp-output`), so it can include no header, and types are
/// spelled with C's own (`long` for `int64_t`, `unsigned long` for `size_t`: LP64). Parameters
/// are unnamed, so that no user typedef of the same name can collide.
pub fn prelude() -> String {
    let mut out = String::new();
    for item in HEADER {
        match item {
            Item::Record(r) if r.prelude => out.push_str(&record(r, Spelling::Prelude)),
            Item::Typedef(t) if t.prelude => out.push_str(&typedef(t, Spelling::Prelude)),
            Item::Function(function) if function.prelude => {
                out.push_str("extern ");
                out.push_str(&prototype(function, Spelling::Prelude));
            }
            _ => {}
        }
    }
    out
}

/// The image records and `__accrt_register_image`, for the link step's registration source
/// (which includes `<stddef.h>`).
pub fn image_declarations() -> String {
    let mut out = String::new();
    for item in HEADER {
        match item {
            Item::Record(r) if r.c_name.starts_with("__accrt_image") => {
                out.push_str(&record(r, Spelling::Compact));
            }
            Item::Record(r) if r.c_name == "__accrt_kernel_facts" => {
                out.push_str(&record(r, Spelling::Compact));
            }
            Item::Function(function) if function.name == "__accrt_register_image" => {
                out.push_str(&prototype(function, Spelling::Compact));
            }
            _ => {}
        }
    }
    out
}

/// How a declaration is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spelling {
    /// `accrt.h`: with comments, `<stdint.h>` types, parameter names.
    Header,
    /// Generated code: one line each, no comments, C's own types, no parameter names.
    Prelude,
    /// One line each, no comments, `<stddef.h>` types.
    Compact,
}

/// `ty` as `spelling` writes it.
fn spell(ty: &str, spelling: Spelling) -> String {
    if spelling != Spelling::Prelude {
        return ty.to_string();
    }
    ty.split(' ')
        .map(|word| match word {
            "int64_t" => "long",
            "size_t" => "unsigned long",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `ty name`, without a blank after a `*`.
fn declarator(ty: &str, name: &str) -> String {
    if name.is_empty() {
        ty.to_string()
    } else if ty.ends_with('*') {
        format!("{ty}{name}")
    } else {
        format!("{ty} {name}")
    }
}

fn parameters(function: &Function, spelling: Spelling) -> String {
    if function.params.is_empty() {
        return "void".into();
    }
    let params: Vec<String> = function
        .params
        .iter()
        .map(|param| {
            let ty = spell(param.ty, spelling);
            let name = if spelling == Spelling::Prelude {
                ""
            } else {
                param.name
            };
            declarator(&ty, name)
        })
        .collect();
    params.join(", ")
}

fn prototype(function: &Function, spelling: Spelling) -> String {
    let head = declarator(&spell(function.ret, spelling), function.name);
    let params = parameters(function, spelling);
    let one_line = format!("{head}({params});\n");
    if spelling != Spelling::Header || one_line.len() <= WIDTH + 1 {
        return one_line;
    }
    // Parameters wrapped under the opening parenthesis.
    let indent = " ".repeat(head.len() + 1);
    let mut out = format!("{head}(");
    let mut column = out.len();
    let pieces: Vec<String> = function
        .params
        .iter()
        .map(|param| declarator(param.ty, param.name))
        .collect();
    for (index, piece) in pieces.iter().enumerate() {
        let text = if index + 1 < pieces.len() {
            format!("{piece},")
        } else {
            format!("{piece});")
        };
        if index > 0 {
            if column + 1 + text.len() > WIDTH {
                out.push('\n');
                out.push_str(&indent);
                column = indent.len();
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(&text);
        column += text.len();
    }
    out.push('\n');
    out
}

fn typedef(function: &Function, spelling: Spelling) -> String {
    format!(
        "typedef {} (*{})({});\n",
        spell(function.ret, spelling),
        function.name,
        parameters(function, spelling)
    )
}

fn record(record: &Record, spelling: Spelling) -> String {
    let name = record.c_name;
    let field_text =
        |field: &Field| format!("{};", declarator(&spell(field.ty, spelling), field.name));
    if spelling != Spelling::Header {
        let fields: Vec<String> = record.fields.iter().map(field_text).collect();
        let body = format!("struct {name} {{ {} }}", fields.join(" "));
        return if record.typedef {
            format!("typedef {body} {name};\n")
        } else {
            format!("{body};\n")
        };
    }
    let mut out = comment("", record.doc);
    let _ = writeln!(
        out,
        "{}struct {name} {{",
        if record.typedef { "typedef " } else { "" }
    );
    for field in record.fields {
        out.push_str(&comment("  ", field.doc));
        let _ = writeln!(out, "  {}", field_text(field));
    }
    if record.typedef {
        let _ = writeln!(out, "}} {name};");
    } else {
        out.push_str("};\n");
    }
    out
}

fn enumeration(e: &Enum) -> String {
    let mut out = comment("", e.doc);
    let _ = writeln!(out, "enum {} {{", e.c_name);
    for (index, constant) in e.constants.iter().enumerate() {
        out.push_str(&comment("  ", constant.doc));
        let comma = if index + 1 < e.constants.len() {
            ","
        } else {
            ""
        };
        let _ = writeln!(out, "  {} = {}{comma}", constant.name, constant.value);
    }
    out.push_str("};\n");
    out
}

/// `text` as a C comment at `indent`, wrapped to [`WIDTH`] columns; paragraphs (blank lines
/// in `text`) are kept. Nothing for an empty text.
fn comment(indent: &str, text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut lines: Vec<String> = Vec::new();
    for (index, paragraph) in text.split("\n\n").enumerate() {
        if index > 0 {
            lines.push(String::new());
        }
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            // Room for the indent, "/* " or " * " and a closing " */".
            if !line.is_empty() && indent.len() + 3 + line.len() + 1 + word.len() + 3 > WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    let mut out = String::new();
    let last = lines.len() - 1;
    for (index, line) in lines.iter().enumerate() {
        let lead = if index == 0 { "/* " } else { " * " };
        let lead = if line.is_empty() {
            lead.trim_end()
        } else {
            lead
        };
        let tail = if index == last { " */" } else { "" };
        let _ = writeln!(out, "{indent}{lead}{line}{tail}");
    }
    out
}
