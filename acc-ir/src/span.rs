//! Source locations. A [`Span`] names a file of the module's [`SourceFiles`] table and a line,
//! column and length in the user's original file (not the preprocessed text), so spans stay
//! meaningful when the IR is serialised into an object and read back at link time.

/// Index into [`SourceFiles`].
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct FileId(pub u32);

/// A range in a user's source file. `line` and `col` are 1-based; `col` counts bytes.
/// The default span (line 0) means "no location".
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Span {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
    pub len: u32,
}

impl Span {
    pub fn new(file: FileId, line: u32, col: u32, len: u32) -> Self {
        Span {
            file,
            line,
            col,
            len,
        }
    }

    /// Whether this span points anywhere.
    pub fn is_known(&self) -> bool {
        self.line != 0
    }
}

/// The names of the files that spans refer to.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceFiles {
    names: Vec<String>,
}

impl SourceFiles {
    /// Returns the id of `name`, adding it if it is new.
    pub fn intern(&mut self, name: &str) -> FileId {
        if let Some(pos) = self.names.iter().position(|n| n == name) {
            return FileId(pos as u32);
        }
        self.names.push(name.to_string());
        FileId(self.names.len() as u32 - 1)
    }

    pub fn name(&self, id: FileId) -> &str {
        self.names
            .get(id.0 as usize)
            .map(String::as_str)
            .unwrap_or("<unknown>")
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileId, &str)> {
        self.names
            .iter()
            .enumerate()
            .map(|(i, n)| (FileId(i as u32), n.as_str()))
    }
}
