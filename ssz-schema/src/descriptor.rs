//! The JSON type descriptor of the ssz-specs suite: `{"kind": "List",
//! "elementType": {"kind": "Uint64", "bits": 64}, "limit": 16}`.

use serde_json::{json, Map, Value as Json};

use crate::schema::{Kind, Schema, SchemaError};

impl Schema {
    /// Reads a type descriptor (the `typeDescriptor` of the ssz-specs
    /// vectors): an object with `kind` and, as the kind needs them, `bits`,
    /// `length`, `limit`, `elementType`, `activeFields`, `fields` (`name`,
    /// `type`) and `options` (`selector`, `type`; `type` may be `null` for
    /// option 0 of a v1.6.1 `Union`).
    ///
    /// ```
    /// use peam_ssz_schema::Schema;
    ///
    /// let schema = Schema::from_json_str(
    ///     r#"{"kind": "List", "elementType": {"kind": "Uint16", "bits": 16}, "limit": 4}"#,
    /// )?;
    /// assert_eq!(schema.to_string(), "List[uint16, 4]");
    /// assert!(Schema::from_json_str(r#"{"kind": "Vector", "elementType": {"kind": "Boolean"}, "length": 0}"#).is_err());
    /// # Ok::<(), peam_ssz_schema::SchemaError>(())
    /// ```
    pub fn from_json(descriptor: &Json) -> Result<Schema, SchemaError> {
        parse(descriptor, "$", 0)
    }

    /// [`Schema::from_json`] of JSON text.
    pub fn from_json_str(text: &str) -> Result<Schema, SchemaError> {
        Schema::from_json(&json_of(text)?)
    }

    /// Reads a catalogue of named types: an object mapping each name to its
    /// type descriptor (as beacon-types' generated
    /// `schemas/<version>/<preset>/<fork>.json` files hold the containers of
    /// a fork), sorted by name.
    ///
    /// ```
    /// use peam_ssz_schema::Schema;
    ///
    /// let types = Schema::catalog_from_json_str(
    ///     r#"{"Root": {"kind": "ByteVector", "length": 32},
    ///         "Slot": {"kind": "Uint64", "bits": 64}}"#,
    /// )?;
    /// assert_eq!(types[1].0, "Slot");
    /// assert_eq!(types[0].1.fixed_size(), Some(32));
    /// let error = Schema::catalog_from_json_str(r#"{"Slot": {"kind": "Uint7"}}"#).unwrap_err();
    /// assert!(error.to_string().contains("Slot"));
    /// # Ok::<(), peam_ssz_schema::SchemaError>(())
    /// ```
    pub fn catalog_from_json(catalog: &Json) -> Result<Vec<(String, Schema)>, SchemaError> {
        let obj = catalog
            .as_object()
            .ok_or_else(|| bad("$", "a catalogue is an object of type descriptors"))?;
        let mut types = obj
            .iter()
            .map(|(name, d)| Ok((name.clone(), parse(d, &format!("$.{name}"), 0)?)))
            .collect::<Result<Vec<_>, SchemaError>>()?;
        types.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(types)
    }

    /// [`Schema::catalog_from_json`] of JSON text.
    pub fn catalog_from_json_str(text: &str) -> Result<Vec<(String, Schema)>, SchemaError> {
        Schema::catalog_from_json(&json_of(text)?)
    }

    /// The type descriptor of this type, as [`Schema::from_json`] reads it.
    pub fn to_json(&self) -> Json {
        match self.kind() {
            Kind::Boolean => json!({"kind": "Boolean"}),
            Kind::Uint { bytes } => {
                json!({"kind": format!("Uint{}", bytes * 8), "bits": bytes * 8})
            }
            Kind::BitVector { length } => json!({"kind": "BitVector", "length": length}),
            Kind::BitList { limit } => json!({"kind": "BitList", "limit": limit}),
            Kind::ProgressiveBitList => json!({"kind": "ProgressiveBitList"}),
            Kind::ByteVector { length } => json!({"kind": "ByteVector", "length": length}),
            Kind::ByteList { limit } => json!({"kind": "ByteList", "limit": limit}),
            Kind::Vector { element, length } => {
                json!({"kind": "Vector", "elementType": element.to_json(), "length": length})
            }
            Kind::List { element, limit } => {
                json!({"kind": "List", "elementType": element.to_json(), "limit": limit})
            }
            Kind::ProgressiveList { element } => {
                json!({"kind": "ProgressiveList", "elementType": element.to_json()})
            }
            Kind::ProgressiveByteList => json!({"kind": "ProgressiveByteList"}),
            Kind::Container { fields } => json!({
                "kind": "Container",
                "fields": fields.iter().map(|f| json!({"name": f.name, "type": f.schema.to_json()})).collect::<Vec<_>>(),
            }),
            Kind::ProgressiveContainer {
                active_fields,
                fields,
            } => json!({
                "kind": "ProgressiveContainer",
                "activeFields": active_fields.iter().map(|&b| b as u8).collect::<Vec<_>>(),
                "fields": fields.iter().map(|f| json!({"name": f.name, "type": f.schema.to_json()})).collect::<Vec<_>>(),
            }),
            Kind::CompatibleUnion { options } => json!({
                "kind": "CompatibleUnion",
                "options": options.iter().map(|(s, t)| json!({"selector": s, "type": t.to_json()})).collect::<Vec<_>>(),
            }),
            Kind::Union { options } => json!({
                "kind": "Union",
                "options": options.iter().enumerate().map(|(s, t)| json!({"selector": s, "type": t.as_ref().map(Schema::to_json)})).collect::<Vec<_>>(),
            }),
        }
    }
}

fn json_of(text: &str) -> Result<Json, SchemaError> {
    serde_json::from_str(text).map_err(|e| SchemaError::Descriptor {
        at: "$".into(),
        message: format!("not JSON: {e}"),
    })
}

fn bad(at: &str, message: impl Into<String>) -> SchemaError {
    SchemaError::Descriptor {
        at: at.to_owned(),
        message: message.into(),
    }
}

fn object<'a>(json: &'a Json, at: &str) -> Result<&'a Map<String, Json>, SchemaError> {
    json.as_object()
        .ok_or_else(|| bad(at, "a type descriptor is an object"))
}

fn number(obj: &Map<String, Json>, key: &str, at: &str) -> Result<u64, SchemaError> {
    match obj.get(key) {
        Some(v) => v
            .as_u64()
            .ok_or_else(|| bad(&format!("{at}.{key}"), "expected a non-negative integer")),
        None => Err(bad(at, format!("missing key {key:?}"))),
    }
}

fn array<'a>(
    obj: &'a Map<String, Json>,
    key: &str,
    at: &str,
) -> Result<&'a Vec<Json>, SchemaError> {
    match obj.get(key) {
        Some(v) => v
            .as_array()
            .ok_or_else(|| bad(&format!("{at}.{key}"), "expected an array")),
        None => Err(bad(at, format!("missing key {key:?}"))),
    }
}

fn child(
    obj: &Map<String, Json>,
    key: &str,
    at: &str,
    depth: usize,
) -> Result<Schema, SchemaError> {
    match obj.get(key) {
        Some(v) => parse(v, &format!("{at}.{key}"), depth + 1),
        None => Err(bad(at, format!("missing key {key:?}"))),
    }
}

fn fields(
    obj: &Map<String, Json>,
    at: &str,
    depth: usize,
) -> Result<Vec<(String, Schema)>, SchemaError> {
    let mut out = Vec::new();
    for (i, f) in array(obj, "fields", at)?.iter().enumerate() {
        let here = format!("{at}.fields[{i}]");
        let fo = object(f, &here)?;
        let name = fo
            .get("name")
            .and_then(Json::as_str)
            .ok_or_else(|| bad(&here, "a field has a string \"name\""))?;
        out.push((name.to_owned(), child(fo, "type", &here, depth)?));
    }
    Ok(out)
}

fn parse(json: &Json, at: &str, depth: usize) -> Result<Schema, SchemaError> {
    if depth >= crate::schema::MAX_NESTING {
        return Err(SchemaError::TooDeep);
    }
    let obj = object(json, at)?;
    let kind = obj
        .get("kind")
        .and_then(Json::as_str)
        .ok_or_else(|| bad(at, "missing string key \"kind\""))?;
    let uint = |bits: u64| -> Result<Schema, SchemaError> {
        if let Some(b) = obj.get("bits") {
            if b.as_u64() != Some(bits) {
                return Err(bad(
                    &format!("{at}.bits"),
                    format!("{kind} has {bits} bits"),
                ));
            }
        }
        Schema::uint(bits)
    };
    match kind {
        "Boolean" => Ok(Schema::boolean()),
        "Uint8" => uint(8),
        "Uint16" => uint(16),
        "Uint32" => uint(32),
        "Uint64" => uint(64),
        "Uint128" => uint(128),
        "Uint256" => uint(256),
        "BitVector" => Schema::bitvector(number(obj, "length", at)?),
        "BitList" => Schema::bitlist(number(obj, "limit", at)?),
        "ProgressiveBitList" => Ok(Schema::progressive_bitlist()),
        "ByteVector" => Schema::byte_vector(number(obj, "length", at)?),
        "ByteList" => Schema::byte_list(number(obj, "limit", at)?),
        "Vector" => Schema::vector(
            child(obj, "elementType", at, depth)?,
            number(obj, "length", at)?,
        ),
        "List" => Schema::list(
            child(obj, "elementType", at, depth)?,
            number(obj, "limit", at)?,
        ),
        "ProgressiveList" => Schema::progressive_list(child(obj, "elementType", at, depth)?),
        "ProgressiveByteList" => Ok(Schema::progressive_byte_list()),
        "Container" => Schema::container(fields(obj, at, depth)?),
        "ProgressiveContainer" => {
            let mut layout = Vec::new();
            for bit in array(obj, "activeFields", at)? {
                match bit.as_u64() {
                    Some(0) => layout.push(false),
                    Some(1) => layout.push(true),
                    _ => return Err(SchemaError::LayoutNotBits),
                }
            }
            Schema::progressive_container(layout, fields(obj, at, depth)?)
        }
        "CompatibleUnion" | "Union" => {
            let mut options = Vec::new();
            for (i, o) in array(obj, "options", at)?.iter().enumerate() {
                let here = format!("{at}.options[{i}]");
                let oo = object(o, &here)?;
                let selector = number(oo, "selector", &here)?;
                let t = match oo.get("type") {
                    Some(Json::Null) if kind == "Union" => None,
                    Some(_) => Some(child(oo, "type", &here, depth)?),
                    None => return Err(bad(&here, "missing key \"type\"")),
                };
                options.push((selector, t));
            }
            if kind == "CompatibleUnion" {
                let options = options
                    .into_iter()
                    .map(|(s, t)| t.map(|t| (s, t)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| bad(at, "a compatible union option has a type"))?;
                Schema::compatible_union(options)
            } else {
                for (i, (s, _)) in options.iter().enumerate() {
                    if *s > crate::schema::MAX_SELECTOR as u64 {
                        return Err(SchemaError::SelectorRange { selector: *s });
                    }
                    if *s != i as u64 {
                        return Err(SchemaError::SelectorOrder { selector: *s });
                    }
                }
                Schema::union(options.into_iter().map(|(_, t)| t).collect())
            }
        }
        other => Err(bad(
            &format!("{at}.kind"),
            format!("unknown kind {other:?}"),
        )),
    }
}
