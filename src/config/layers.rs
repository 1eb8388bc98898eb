use std::collections::BTreeMap;

use serde::de::value::{Error, MapDeserializer};
use serde::de::{self, Deserialize, Deserializer, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

use super::{ConfigError, Layer};

/// One value as a layer gives it.
#[derive(Clone)]
pub(super) enum Value {
    /// A TOML value, typed by the file.
    File(toml::Value),
    /// An environment variable's text, read as the key's type asks.
    Env(String),
}

/// The value of each key given so far, and the layer it came from.
#[derive(Default)]
pub(super) struct Given(BTreeMap<String, (Layer, Value)>);

impl Given {
    /// Sets `key` (a later layer wins over an earlier one).
    pub(super) fn set(&mut self, key: String, layer: Layer, value: Value) {
        self.0.insert(key, (layer, value));
    }

    pub(super) fn layer_of(&self, key: &str) -> Option<&Layer> {
        self.0.get(key).map(|(layer, _)| layer)
    }

    /// Reads the settings into `T` over its defaults (`#[serde(default)]`): first each key alone, so that
    /// the first bad one is named with its layer, then all together.
    pub(super) fn read<T: for<'de> Deserialize<'de>>(&self) -> Result<T, ConfigError> {
        for (key, (layer, value)) in &self.0 {
            let one = MapDeserializer::new(std::iter::once((key.as_str(), value.clone())));
            T::deserialize(one).map_err(|e| ConfigError::Invalid {
                key: key.clone(),
                layer: layer.clone(),
                message: e.to_string(),
            })?;
        }
        let all = self.0.iter().map(|(key, (_, value))| (key.as_str(), value.clone()));
        T::deserialize(MapDeserializer::new(all))
            .map_err(|e| ConfigError::Setting { key: "config", message: e.to_string() })
    }
}

impl IntoDeserializer<'_, Error> for Value {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// Each method hands the visitor to the TOML value or to the environment text.
macro_rules! delegate {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Error> {
            match self {
                Value::File(value) => value.$method($($arg,)* visitor).map_err(de::Error::custom),
                Value::Env(text) => Env(&text).$method($($arg,)* visitor),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for Value {
    type Error = Error;

    delegate! {
        deserialize_any(); deserialize_bool(); deserialize_u8(); deserialize_u16(); deserialize_u32();
        deserialize_u64(); deserialize_i8(); deserialize_i16(); deserialize_i32(); deserialize_i64();
        deserialize_f32(); deserialize_f64(); deserialize_char(); deserialize_str(); deserialize_string();
        deserialize_bytes(); deserialize_byte_buf(); deserialize_option(); deserialize_unit();
        deserialize_seq(); deserialize_map(); deserialize_identifier(); deserialize_ignored_any();
        deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str);
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_enum(name: &'static str, variants: &'static [&'static str]);
    }
}

/// An environment variable's text (trimmed), read as the type asks: a number must be one, a switch is
/// `true`/`false` (or `yes`/`no`, `on`/`off`, `1`/`0`), and empty text is "none" for an optional key.
struct Env<'a>(&'a str);

impl Env<'_> {
    fn text(&self) -> &str {
        self.0.trim()
    }

    fn whole<N: std::str::FromStr>(&self) -> Result<N, Error> {
        self.text().parse().map_err(|_| {
            de::Error::custom(format!(
                "expected a whole number, found `{}`",
                crate::text::cut(self.text(), 20)
            ))
        })
    }
}

macro_rules! whole {
    ($($method:ident => $visit:ident: $ty:ty;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit(self.whole::<$ty>()?)
        }
    )*};
}

impl<'de> Deserializer<'de> for Env<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str(self.text())
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.text().to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => visitor.visit_bool(true),
            "false" | "no" | "off" | "0" => visitor.visit_bool(false),
            other => Err(de::Error::custom(format!(
                "expected true or false, found `{}`",
                crate::text::cut(other, 20)
            ))),
        }
    }

    whole! {
        deserialize_u8 => visit_u64: u64; deserialize_u16 => visit_u64: u64;
        deserialize_u32 => visit_u64: u64; deserialize_u64 => visit_u64: u64;
        deserialize_i8 => visit_i64: i64; deserialize_i16 => visit_i64: i64;
        deserialize_i32 => visit_i64: i64; deserialize_i64 => visit_i64: i64;
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.text().is_empty() { visitor.visit_none() } else { visitor.visit_some(self) }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_deserialize_any! {
        f32 f64 char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// The field names of a struct that derives `Deserialize`, as serde hands them to `deserialize_struct`.
pub(super) fn field_names<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    struct Fields<'a>(&'a mut &'static [&'static str]);

    impl<'de> Deserializer<'de> for Fields<'_> {
        type Error = Error;

        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Error> {
            Err(de::Error::custom("not a struct"))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Error> {
            *self.0 = fields;
            Err(de::Error::custom("only the field names were wanted"))
        }

        forward_to_deserialize_any! {
            bool u8 u16 u32 u64 i8 i16 i32 i64 f32 f64 char str string bytes byte_buf option unit unit_struct
            newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }

    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(Fields(&mut fields));
    fields
}
