//! Shared pieces of accc's fuzz targets.
//!
//! [`Structured`] is a `serde` deserializer that draws every value from libFuzzer's bytes through
//! `arbitrary::Unstructured`: it never fails for lack of structure (an exhausted input reads as
//! zeros), so any byte string becomes *some* `acc_ir::Module` built by the IR's own
//! `Deserialize` impls (the same ones that read a `.accc.ir` section). Integers are biased
//! towards small values so that arena handles often refer to existing entries, sequence lengths
//! repeat the previous length often (an arena's entries and spans must have the same length),
//! and strings come from a small dictionary of names the IR's printers treat specially or from
//! the input.

use arbitrary::Unstructured;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

/// Longest sequence or map the deserializer builds.
const MAX_LEN: usize = 12;

/// Strings worth trying in IR fields: names, operator spellings, empty and odd text.
const STRINGS: &[&str] = &[
    "", "a", "i", "n", "x", "main", "<", "<=", ">", ">=", "!=", "==", "+", "*", "a[i]", "\"", "\\",
    "\n", "%", "\u{0}", "é", "max", "acc", "__accrt", "\u{7f}",
];

/// The error of [`Structured`]: only the IR's own validation (`try_from`) produces one.
#[derive(Debug)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

/// A deserializer that takes its decisions from fuzzer bytes.
#[derive(Debug)]
pub struct Structured<'a, 'b> {
    u: &'b mut Unstructured<'a>,
    last_len: usize,
    depth: usize,
}

impl<'a, 'b> Structured<'a, 'b> {
    pub fn new(u: &'b mut Unstructured<'a>) -> Self {
        Structured {
            u,
            last_len: 0,
            depth: 0,
        }
    }

    fn byte(&mut self) -> u8 {
        u8::arbitrary_take(self.u)
    }

    /// A small number most of the time, any `u64` sometimes.
    fn number(&mut self) -> u64 {
        match self.byte() {
            0..=199 => u64::from(self.byte() % 8),
            200..=239 => u64::from(self.byte()),
            _ => u64::arbitrary_take(self.u),
        }
    }

    fn len(&mut self) -> usize {
        // Deep nesting only through the data, never unbounded recursion here.
        if self.depth > 24 {
            return 0;
        }
        let len = match self.byte() {
            0..=127 => self.last_len,
            b => usize::from(b) % (MAX_LEN + 1),
        };
        self.last_len = len;
        len
    }

    fn string(&mut self) -> String {
        let b = self.byte();
        if b < 200 {
            STRINGS[usize::from(b) % STRINGS.len()].to_string()
        } else {
            let len = usize::from(self.byte() % 16);
            let bytes: Vec<u8> = (0..len).map(|_| self.byte()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

/// `arbitrary`'s `take` on an input that may be exhausted (then zero).
trait TakeArbitrary: Sized {
    fn arbitrary_take(u: &mut Unstructured<'_>) -> Self;
}

impl<T: for<'x> arbitrary::Arbitrary<'x> + Default> TakeArbitrary for T {
    fn arbitrary_take(u: &mut Unstructured<'_>) -> Self {
        T::arbitrary(u).unwrap_or_default()
    }
}

macro_rules! number {
    ($($method:ident $visit:ident $ty:ty),*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let value = self.number() as $ty;
            visitor.$visit(value)
        })*
    };
}

impl<'de, 'a, 'b> de::Deserializer<'de> for &mut Structured<'a, 'b> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let b = self.byte() & 1 == 1;
        visitor.visit_bool(b)
    }

    number!(
        deserialize_i8 visit_i8 i8,
        deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32,
        deserialize_u8 visit_u8 u8,
        deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32,
        deserialize_u64 visit_u64 u64
    );

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = match self.byte() {
            0..=7 => i64::MIN,
            8..=15 => i64::MAX,
            16..=31 => -(self.number() as i64),
            _ => self.number() as i64,
        };
        visitor.visit_i64(value)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = i128::from(self.number() as i64);
        visitor.visit_i128(value)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = u128::from(self.number());
        visitor.visit_u128(value)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = f32::arbitrary_take(self.u);
        visitor.visit_f32(value)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let value = match self.byte() {
            0..=9 => f64::NAN,
            10..=19 => f64::INFINITY,
            20..=29 => -0.0,
            30..=127 => self.number() as f64,
            _ => f64::arbitrary_take(self.u),
        };
        visitor.visit_f64(value)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let c = char::arbitrary_take(self.u);
        visitor.visit_char(c)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let s = self.string();
        visitor.visit_string(s)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let s = self.string();
        visitor.visit_string(s)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let s = self.string();
        visitor.visit_byte_buf(s.into_bytes())
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.depth <= 24 && self.byte() & 1 == 1 {
            self.depth += 1;
            let value = visitor.visit_some(&mut *self);
            self.depth -= 1;
            value
        } else {
            visitor.visit_none()
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let len = self.len();
        self.depth += 1;
        let value = visitor.visit_seq(Items {
            de: &mut *self,
            left: len,
        });
        self.depth -= 1;
        value
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.depth += 1;
        let value = visitor.visit_seq(Items {
            de: &mut *self,
            left: len,
        });
        self.depth -= 1;
        value
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let len = self.len();
        self.depth += 1;
        let value = visitor.visit_map(Items {
            de: &mut *self,
            left: len,
        });
        self.depth -= 1;
        value
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(fields.len(), visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let count = variants.len().max(1);
        // Past the depth limit the first variant (usually a leaf) ends the recursion.
        let index = if self.depth > 24 {
            0
        } else {
            usize::from(self.byte()) % count
        };
        self.depth += 1;
        let value = visitor.visit_enum(Variant {
            de: &mut *self,
            index: index as u32,
        });
        self.depth -= 1;
        value
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_u32(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The elements of a sequence, tuple, struct or map.
struct Items<'c, 'a, 'b> {
    de: &'c mut Structured<'a, 'b>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, '_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.de).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, '_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.de).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.de)
    }
}

/// An enum value: its variant index was chosen, its contents come next.
struct Variant<'c, 'a, 'b> {
    de: &'c mut Structured<'a, 'b>,
    index: u32,
}

impl<'de, 'c, 'a, 'b> de::EnumAccess<'de> for Variant<'c, 'a, 'b> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let value = seed.deserialize(self.index.into_deserializer())?;
        Ok((value, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, '_, '_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(&mut *self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(&mut *self.de, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_tuple(&mut *self.de, fields.len(), visitor)
    }
}

/// Builds a value of `T` from fuzzer bytes; `Err` only when the IR's own validation rejects it.
pub fn structured<T: serde::de::DeserializeOwned>(u: &mut Unstructured<'_>) -> Result<T, Error> {
    T::deserialize(&mut Structured::new(u))
}

/// With `ACCC_FUZZ_LAST=FILE`, writes each input to FILE before it runs: a stack overflow kills
/// the process before libFuzzer can save the input (its SIGSEGV handler has no stack left), and
/// this keeps it.
pub fn keep_last(data: &[u8]) {
    static PATH: std::sync::OnceLock<Option<std::ffi::OsString>> = std::sync::OnceLock::new();
    if let Some(path) = PATH.get_or_init(|| std::env::var_os("ACCC_FUZZ_LAST")) {
        let _ = std::fs::write(path, data);
    }
}

/// Whether a diagnostic message reports an internal error (a bug in accc, not in the input):
/// the frontends word them `internal error: ...` (a verifier's report) or `region not
/// offloaded: internal error: ...`. Only the start counts: a message may quote the user's text,
/// which can hold the same words.
pub fn internal_error(message: &str) -> bool {
    message
        .strip_prefix("region not offloaded: ")
        .unwrap_or(message)
        .starts_with("internal error")
}

/// The UTF-8 text of a frontend input, as the driver makes it (`from_utf8_lossy`).
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}
