//! Typed arenas: every IR entity lives in an `Arena<T>` and is referred to by a `Handle<T>`.

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A reference to an entry of an [`Arena<T>`]. Handles are only meaningful for the arena that made them.
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Zero-based position of the entry in its arena.
    pub fn index(self) -> usize {
        self.index.get() as usize - 1
    }

    /// Builds a handle from a zero-based position (used by deserialisation and tests).
    pub fn from_index(index: usize) -> Self {
        let raw = u32::try_from(index + 1).expect("arena larger than u32::MAX entries");
        Handle {
            index: NonZeroU32::new(raw).expect("index + 1 is never zero"),
            marker: PhantomData,
        }
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> std::hash::Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
/// A handle is serialised as its zero-based index.
impl<T> serde::Serialize for Handle<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.index.get() - 1)
    }
}
impl<'de, T> serde::Deserialize<'de> for Handle<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let index = u32::deserialize(deserializer)?;
        let raw = index
            .checked_add(1)
            .and_then(NonZeroU32::new)
            .ok_or_else(|| serde::de::Error::custom("handle index out of range"))?;
        Ok(Handle {
            index: raw,
            marker: PhantomData,
        })
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.index())
    }
}

/// An append-only store of `T`, with a [`Span`](crate::Span) kept beside each entry.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "ArenaParts<T>")]
pub struct Arena<T> {
    data: Vec<T>,
    spans: Vec<crate::Span>,
}

/// An arena as read from a serialised module, before its two vectors are checked to agree.
#[derive(serde::Deserialize)]
struct ArenaParts<T> {
    data: Vec<T>,
    spans: Vec<crate::Span>,
}

impl<T> TryFrom<ArenaParts<T>> for Arena<T> {
    type Error = String;
    fn try_from(parts: ArenaParts<T>) -> Result<Self, String> {
        if parts.data.len() != parts.spans.len() || u32::try_from(parts.data.len()).is_err() {
            return Err(format!(
                "arena of {} entries with {} spans",
                parts.data.len(),
                parts.spans.len()
            ));
        }
        Ok(Arena {
            data: parts.data,
            spans: parts.spans,
        })
    }
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            data: Vec::new(),
            spans: Vec::new(),
        }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `value` and returns its handle.
    pub fn append(&mut self, value: T, span: crate::Span) -> Handle<T> {
        self.data.push(value);
        self.spans.push(span);
        Handle::from_index(self.data.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    pub fn get_span(&self, handle: Handle<T>) -> crate::Span {
        self.spans.get(handle.index()).copied().unwrap_or_default()
    }

    /// Whether `handle` refers to an entry of this arena.
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.data.len()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> {
        self.data
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }
}
