//! The JSON mapping of run-time values, both ways.
//!
//! [`JsonStyle::Consensus`] is the consensus-specs / beacon-API convention:
//! integers of 64 bits and more as decimal strings (smaller ones as
//! numbers), byte vectors, byte lists (progressive too) and bitfields as `0x` hex of their
//! SSZ bytes, lists as arrays, containers as objects, unions as
//! `{"selector": n, "data": ...}`. [`JsonStyle::SszSpecs`] is the rendering
//! of the ssz-specs vectors' `value` (see `docs/schema.md`).
//! [`Schema::value_from_json`] reads either.

use std::fmt;

use peam_ssz_core::codec::push_offset;
use peam_ssz_core::{Fault, Hex};
use serde_json::{Map, Number, Value as Json};

use crate::decode::{bitlist_len, element_parts, field_parts};
use crate::schema::{Kind, Schema};
use crate::value::Value;

/// How [`Value::to_json_in`] renders a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonStyle {
    /// The consensus conventions (quoted 64-bit and wider integers, `0x`
    /// hex for bytes and bitfields).
    #[default]
    Consensus,
    /// The `value` of the ssz-specs vectors: a top-level uint as a decimal
    /// string, nested uints as numbers; collections other than byte
    /// vectors as `{"data": ...}`, bits as arrays of booleans.
    SszSpecs,
}

/// Why JSON is not a value of a schema, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// Where, as a JSON path (`$.validators[3].pubkey`).
    pub at: String,
    /// The refusal in the ssz-specs catalogue, where one applies (a number
    /// out of range, a count, a limit, a bit); `None` for JSON of the
    /// wrong shape.
    pub fault: Option<Fault>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for JsonError {}

fn bad(at: &str, fault: Option<Fault>, message: impl Into<String>) -> JsonError {
    JsonError {
        at: at.to_owned(),
        fault,
        message: message.into(),
    }
}

/// `"0x"` and lowercase hex, the text of [`Hex`].
fn hex(bytes: &[u8]) -> String {
    Hex(bytes).to_string()
}

fn unhex(s: &str, at: &str) -> Result<Vec<u8>, JsonError> {
    let digits = s
        .strip_prefix("0x")
        .ok_or_else(|| bad(at, None, "expected 0x-prefixed hex"))?;
    if digits.len() % 2 != 0 {
        return Err(bad(at, None, "hex of an odd number of digits"));
    }
    let nibble = |c: u8| -> Result<u8, JsonError> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(bad(at, None, "not a hex digit")),
        }
    };
    digits
        .as_bytes()
        .chunks_exact(2)
        .map(|p| Ok(nibble(p[0])? << 4 | nibble(p[1])?))
        .collect()
}

/// The decimal digits of the little-endian unsigned integer `le`.
fn decimal(le: &[u8]) -> String {
    let mut limbs: Vec<u32> = le
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect();
    let mut digits = Vec::new();
    while limbs.iter().any(|&l| l != 0) {
        let mut rem = 0u64;
        for l in limbs.iter_mut().rev() {
            let cur = (rem << 32) | *l as u64;
            *l = (cur / 1_000_000_000) as u32;
            rem = cur % 1_000_000_000;
        }
        for _ in 0..9 {
            digits.push(b'0' + (rem % 10) as u8);
            rem /= 10;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

/// `s` (decimal digits) as `width` little-endian bytes; `None` if out of
/// range.
fn from_decimal(s: &str, width: usize) -> Option<Vec<u8>> {
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut out = vec![0u8; width];
    for c in s.bytes() {
        // out = out * 10 + digit
        let mut carry = (c - b'0') as u32;
        for b in out.iter_mut() {
            let v = *b as u32 * 10 + carry;
            *b = v as u8;
            carry = v >> 8;
        }
        if carry != 0 {
            return None;
        }
    }
    Some(out)
}

fn bits_of(bytes: &[u8], len: usize) -> Json {
    Json::Array(
        (0..len)
            .map(|i| Json::Bool(bytes[i / 8] >> (i % 8) & 1 == 1))
            .collect(),
    )
}

fn data(v: Json) -> Json {
    let mut m = Map::new();
    m.insert("data".into(), v);
    Json::Object(m)
}

fn uint_json(bytes: &[u8], quoted: bool) -> Json {
    if !quoted && bytes.len() <= 8 {
        let mut b = [0u8; 8];
        b[..bytes.len()].copy_from_slice(bytes);
        return Json::Number(Number::from(u64::from_le_bytes(b)));
    }
    Json::String(decimal(bytes))
}

fn render(schema: &Schema, bytes: &[u8], style: JsonStyle, top: bool) -> Json {
    let specs = style == JsonStyle::SszSpecs;
    match schema.kind() {
        Kind::Boolean => Json::Bool(bytes[0] == 1),
        Kind::Uint { bytes: n } => {
            let quoted = if specs { top || *n > 8 } else { *n >= 8 };
            uint_json(bytes, quoted)
        }
        Kind::BitVector { length } => {
            if specs {
                data(bits_of(bytes, *length as usize))
            } else {
                Json::String(hex(bytes))
            }
        }
        Kind::BitList { .. } | Kind::ProgressiveBitList => {
            if specs {
                let len = bitlist_len(bytes, usize::MAX).unwrap_or(0);
                data(bits_of(bytes, len))
            } else {
                Json::String(hex(bytes))
            }
        }
        Kind::ByteVector { .. } => Json::String(hex(bytes)),
        Kind::ByteList { .. } | Kind::ProgressiveByteList => {
            let h = Json::String(hex(bytes));
            if specs {
                data(h)
            } else {
                h
            }
        }
        Kind::Vector { element, .. }
        | Kind::List { element, .. }
        | Kind::ProgressiveList { element } => {
            let items = Json::Array(
                element_parts(element, bytes)
                    .into_iter()
                    .map(|p| render(element, p, style, false))
                    .collect(),
            );
            if specs {
                data(items)
            } else {
                items
            }
        }
        Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
            let mut m = Map::new();
            for (f, p) in fields.iter().zip(field_parts(fields, bytes)) {
                m.insert(f.name.clone(), render(&f.schema, p, style, false));
            }
            Json::Object(m)
        }
        Kind::CompatibleUnion { .. } | Kind::Union { .. } => {
            let (&selector, body) = bytes.split_first().unwrap_or((&0, &[]));
            let option = match schema.kind() {
                Kind::CompatibleUnion { options } => {
                    options.iter().find(|(s, _)| *s == selector).map(|(_, t)| t)
                }
                Kind::Union { options } => options.get(selector as usize).and_then(Option::as_ref),
                _ => None,
            };
            let mut m = Map::new();
            m.insert("selector".into(), Json::Number(selector.into()));
            m.insert(
                "data".into(),
                option.map_or(Json::Null, |t| render(t, body, style, false)),
            );
            Json::Object(m)
        }
    }
}

impl Value {
    /// The value as JSON in the consensus conventions
    /// ([`JsonStyle::Consensus`]).
    ///
    /// ```
    /// use peam_ssz_schema::Schema;
    ///
    /// let schema = Schema::from_json_str(r#"{"kind": "Container", "fields": [
    ///     {"name": "slot", "type": {"kind": "Uint64", "bits": 64}},
    ///     {"name": "root", "type": {"kind": "ByteVector", "length": 4}}]}"#)?;
    /// let value = schema.decode(&[7, 0, 0, 0, 0, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef])?;
    /// assert_eq!(value.to_json().to_string(), r#"{"slot":"7","root":"0xdeadbeef"}"#);
    /// assert_eq!(schema.value_from_json(&value.to_json())?, value);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> Json {
        self.to_json_in(JsonStyle::Consensus)
    }

    /// The value as JSON in `style`.
    pub fn to_json_in(&self, style: JsonStyle) -> Json {
        render(self.schema(), self.as_ssz(), style, true)
    }
}

impl Schema {
    /// The value that `json` renders, in either [`JsonStyle`]: an integer
    /// as a JSON number or a decimal string; bytes as `0x` hex; bits as
    /// `0x` hex of their SSZ encoding or as an array of booleans; any
    /// collection but a container optionally wrapped as `{"data": ...}`.
    /// A container takes exactly its fields.
    pub fn value_from_json(&self, json: &Json) -> Result<Value, JsonError> {
        let mut out = Vec::new();
        encode(self, json, "$", &mut out)?;
        // The encoding built is canonical by construction, but checking it
        // costs little and keeps the invariant local.
        self.decode_vec(out)
            .map_err(|e| bad("$", Some(e.fault()), e.to_string()))
    }

    /// [`Schema::value_from_json`] of JSON text.
    pub fn value_from_json_str(&self, text: &str) -> Result<Value, JsonError> {
        let json: Json =
            serde_json::from_str(text).map_err(|e| bad("$", None, format!("not JSON: {e}")))?;
        self.value_from_json(&json)
    }
}

fn unwrap_data(json: &Json) -> &Json {
    match json {
        Json::Object(m) if m.len() == 1 && m.contains_key("data") => &m["data"],
        other => other,
    }
}

fn count_check(
    at: &str,
    n: usize,
    exact: Option<u64>,
    limit: Option<u64>,
) -> Result<(), JsonError> {
    if let Some(e) = exact {
        if n as u64 != e {
            return Err(bad(
                at,
                Some(Fault::Count),
                format!("expected {e} elements, got {n}"),
            ));
        }
    }
    if let Some(l) = limit {
        if n as u64 > l {
            return Err(bad(
                at,
                Some(Fault::Limit),
                format!("{n} elements exceed the limit {l}"),
            ));
        }
    }
    Ok(())
}

/// The bits of a bitfield given as an array of booleans or `0x` hex of its
/// SSZ bytes (for a bitlist: with the delimiter).
fn bits(json: &Json, at: &str, list: bool) -> Result<Result<Vec<bool>, Vec<u8>>, JsonError> {
    match unwrap_data(json) {
        Json::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, b)| {
                b.as_bool()
                    .ok_or_else(|| bad(&format!("{at}[{i}]"), None, "expected a boolean"))
            })
            .collect::<Result<Vec<bool>, _>>()
            .map(Ok),
        Json::String(s) => {
            let _ = list;
            Ok(Err(unhex(s, at)?))
        }
        _ => Err(bad(at, None, "expected an array of booleans or 0x hex")),
    }
}

fn pack_bits(bits: &[bool], delimiter: bool, out: &mut Vec<u8>) {
    let n = bits.len() + delimiter as usize;
    let start = out.len();
    out.resize(start + n.div_ceil(8).max(delimiter as usize), 0);
    for (i, &b) in bits.iter().enumerate() {
        if b {
            out[start + i / 8] |= 1 << (i % 8);
        }
    }
    if delimiter {
        let i = bits.len();
        out[start + i / 8] |= 1 << (i % 8);
    }
}

fn encode(schema: &Schema, json: &Json, at: &str, out: &mut Vec<u8>) -> Result<(), JsonError> {
    match schema.kind() {
        Kind::Boolean => {
            let b = json
                .as_bool()
                .ok_or_else(|| bad(at, None, "expected a boolean"))?;
            out.push(b as u8);
        }
        Kind::Uint { bytes: n } => {
            let digits = match json {
                Json::Number(x) => x.to_string(),
                Json::String(s) => s.clone(),
                _ => {
                    return Err(bad(
                        at,
                        None,
                        "expected an integer (a number or a decimal string)",
                    ))
                }
            };
            let le = from_decimal(&digits, *n).ok_or_else(|| {
                bad(
                    at,
                    Some(Fault::Range),
                    format!("{digits} is not a uint{}", n * 8),
                )
            })?;
            out.extend_from_slice(&le);
        }
        Kind::BitVector { length } => match bits(json, at, false)? {
            Ok(b) => {
                count_check(at, b.len(), Some(*length), None)?;
                pack_bits(&b, false, out);
            }
            Err(raw) => out.extend_from_slice(&raw),
        },
        Kind::BitList { limit } => match bits(json, at, true)? {
            Ok(b) => {
                count_check(at, b.len(), None, Some(*limit))?;
                pack_bits(&b, true, out);
            }
            Err(raw) => out.extend_from_slice(&raw),
        },
        Kind::ProgressiveBitList => match bits(json, at, true)? {
            Ok(b) => pack_bits(&b, true, out),
            Err(raw) => out.extend_from_slice(&raw),
        },
        Kind::ByteVector { .. } | Kind::ByteList { .. } | Kind::ProgressiveByteList => {
            let s = unwrap_data(json)
                .as_str()
                .ok_or_else(|| bad(at, None, "expected 0x hex"))?;
            let raw = unhex(s, at)?;
            match schema.kind() {
                Kind::ByteVector { length } => count_check(at, raw.len(), Some(*length), None)?,
                Kind::ByteList { limit } => count_check(at, raw.len(), None, Some(*limit))?,
                _ => {}
            }
            out.extend_from_slice(&raw);
        }
        Kind::Vector { element, .. }
        | Kind::List { element, .. }
        | Kind::ProgressiveList { element } => {
            let items = unwrap_data(json)
                .as_array()
                .ok_or_else(|| bad(at, None, "expected an array"))?;
            match schema.kind() {
                Kind::Vector { length, .. } => count_check(at, items.len(), Some(*length), None)?,
                Kind::List { limit, .. } => count_check(at, items.len(), None, Some(*limit))?,
                _ => {}
            }
            let parts = items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let mut part = Vec::new();
                    encode(element, item, &format!("{at}[{i}]"), &mut part)?;
                    Ok(part)
                })
                .collect::<Result<Vec<_>, JsonError>>()?;
            join(&parts, element.fixed_size().is_none(), at, out)?;
        }
        Kind::Container { fields } | Kind::ProgressiveContainer { fields, .. } => {
            let obj = json
                .as_object()
                .ok_or_else(|| bad(at, None, "expected an object"))?;
            if let Some(k) = obj.keys().find(|k| !fields.iter().any(|f| &f.name == *k)) {
                return Err(bad(
                    at,
                    Some(Fault::NoSuchField),
                    format!("no field named {k:?}"),
                ));
            }
            let mut fixed = Vec::new();
            let mut variable = Vec::new();
            for f in fields {
                let here = format!("{at}.{}", f.name);
                let v = obj
                    .get(&f.name)
                    .ok_or_else(|| bad(at, None, format!("missing field {:?}", f.name)))?;
                let mut part = Vec::new();
                encode(&f.schema, v, &here, &mut part)?;
                if f.schema.fixed_size().is_some() {
                    fixed.push(Some(part));
                } else {
                    fixed.push(None);
                    variable.push(part);
                }
            }
            let fixed_len: usize = fields.iter().map(|f| f.schema.fixed_part()).sum();
            let mut offset = fixed_len;
            let mut var_iter = variable.iter();
            for part in &fixed {
                match part {
                    Some(p) => out.extend_from_slice(p),
                    None => {
                        offset_checked(offset, at)?;
                        push_offset(out, offset);
                        offset += var_iter.next().map_or(0, Vec::len);
                    }
                }
            }
            offset_checked(offset, at)?;
            for p in &variable {
                out.extend_from_slice(p);
            }
        }
        Kind::CompatibleUnion { .. } | Kind::Union { .. } => {
            let obj = json
                .as_object()
                .ok_or_else(|| bad(at, None, "expected {\"selector\": n, \"data\": ...}"))?;
            let selector = obj
                .get("selector")
                .and_then(Json::as_u64)
                .ok_or_else(|| bad(at, None, "expected a numeric \"selector\""))?;
            let option = match schema.kind() {
                Kind::CompatibleUnion { options } => options
                    .iter()
                    .find(|(s, _)| *s as u64 == selector)
                    .map(|(_, t)| Some(t)),
                Kind::Union { options } => usize::try_from(selector)
                    .ok()
                    .and_then(|s| options.get(s))
                    .map(Option::as_ref),
                _ => None,
            };
            let Some(option) = option else {
                return Err(bad(
                    at,
                    Some(Fault::UnknownSelector),
                    format!("selector {selector} names no option"),
                ));
            };
            out.push(selector as u8);
            let data = obj.get("data").unwrap_or(&Json::Null);
            match option {
                Some(t) => encode(t, data, &format!("{at}.data"), out)?,
                None if data.is_null() => {}
                None => return Err(bad(at, None, "the None option takes \"data\": null")),
            }
        }
    }
    Ok(())
}

fn offset_checked(offset: usize, at: &str) -> Result<(), JsonError> {
    if offset > u32::MAX as usize {
        return Err(bad(at, None, "the encoding does not fit 4-byte offsets"));
    }
    Ok(())
}

/// A vector or list body from its elements' encodings.
fn join(parts: &[Vec<u8>], variable: bool, at: &str, out: &mut Vec<u8>) -> Result<(), JsonError> {
    if variable {
        let mut offset = parts.len() * peam_ssz_core::BYTES_PER_LENGTH_OFFSET;
        for p in parts {
            offset_checked(offset, at)?;
            push_offset(out, offset);
            offset += p.len();
        }
    }
    for p in parts {
        out.extend_from_slice(p);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trips_at_the_edges() {
        let max = [0xffu8; 32];
        let s = decimal(&max);
        assert_eq!(
            s,
            "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        );
        assert_eq!(from_decimal(&s, 32).as_deref(), Some(&max[..]));
        assert_eq!(decimal(&[0; 8]), "0");
        assert_eq!(decimal(&1_000_000_000u64.to_le_bytes()), "1000000000");
        assert_eq!(from_decimal("256", 1), None);
        assert_eq!(from_decimal("255", 1), Some(vec![255]));
        assert_eq!(from_decimal("", 1), None);
        assert_eq!(from_decimal("-1", 1), None);
    }

    #[test]
    fn progressive_byte_list_is_hex_and_merkleizes_as_a_progressive_list_of_bytes() {
        use peam_ssz_core::V1_7;
        let bytes = Schema::from_json_str(r#"{"kind": "ProgressiveByteList"}"#).unwrap();
        let list = Schema::from_json_str(
            r#"{"kind": "ProgressiveList", "elementType": {"kind": "Uint8", "bits": 8}}"#,
        )
        .unwrap();
        assert_eq!(bytes.to_string(), "ProgressiveByteList");
        assert!(crate::compatible(&bytes, &list));
        let data: Vec<u8> = (0..100).collect();
        let b = bytes.decode(&data).unwrap();
        let l = list.decode(&data).unwrap();
        assert_eq!(b.hash_tree_root_in::<V1_7>(), l.hash_tree_root_in::<V1_7>());
        assert_eq!(
            bytes.gindex_str_in::<V1_7>("[70]").unwrap(),
            list.gindex_str_in::<V1_7>("[70]").unwrap()
        );
        assert_eq!(b.to_json(), Json::String(hex(&data)));
        assert!(l.to_json().is_array());
        assert_eq!(bytes.value_from_json(&b.to_json()).unwrap(), b);
        assert_eq!(
            b.to_json_in(JsonStyle::SszSpecs).to_string(),
            format!(r#"{{"data":"{}"}}"#, hex(&data))
        );
    }
}
