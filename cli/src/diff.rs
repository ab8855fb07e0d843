//! The differences of two values, leaf by leaf of their consensus mapping
//! (the YAML/JSON of the spec tests), each at the path `prove` takes.

use serde_yaml::Value;

/// A leaf where two values differ.
pub struct Difference {
    /// The path: fields by name, elements by index (`validators[3].slashed`).
    pub path: String,
    /// The value in the first, as compact JSON (`(absent)` past its end).
    pub a: String,
    /// The value in the second.
    pub b: String,
}

/// Every leaf where `a` and `b` differ, in field order.
pub fn diff(a: &Value, b: &Value) -> Vec<Difference> {
    let mut out = Vec::new();
    walk(a, b, &mut String::new(), &mut out);
    out
}

fn compact(value: Option<&Value>) -> String {
    match value {
        None => "(absent)".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => serde_json::to_string(v).unwrap_or_else(|e| format!("({e})")),
    }
}

fn walk(a: &Value, b: &Value, path: &mut String, out: &mut Vec<Difference>) {
    if a == b {
        return;
    }
    let len = path.len();
    match (a, b) {
        (Value::Mapping(ma), Value::Mapping(mb)) => {
            for (key, va) in ma {
                let name = key
                    .as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| compact(Some(key)));
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&name);
                match mb.get(key) {
                    Some(vb) => walk(va, vb, path, out),
                    None => out.push(Difference {
                        path: path.clone(),
                        a: compact(Some(va)),
                        b: compact(None),
                    }),
                }
                path.truncate(len);
            }
            for (key, vb) in mb {
                if !ma.contains_key(key) {
                    let name = key
                        .as_str()
                        .map(str::to_owned)
                        .unwrap_or_else(|| compact(Some(key)));
                    let sep = if path.is_empty() { "" } else { "." };
                    out.push(Difference {
                        path: format!("{path}{sep}{name}"),
                        a: compact(None),
                        b: compact(Some(vb)),
                    });
                }
            }
        }
        (Value::Sequence(sa), Value::Sequence(sb)) => {
            for i in 0..sa.len().max(sb.len()) {
                path.push_str(&format!("[{i}]"));
                match (sa.get(i), sb.get(i)) {
                    (Some(va), Some(vb)) => walk(va, vb, path, out),
                    (va, vb) => out.push(Difference {
                        path: path.clone(),
                        a: compact(va),
                        b: compact(vb),
                    }),
                }
                path.truncate(len);
            }
        }
        _ => out.push(Difference {
            path: if path.is_empty() {
                "(the value)".to_owned()
            } else {
                path.clone()
            },
            a: compact(Some(a)),
            b: compact(Some(b)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_fields_and_indices() {
        let a: Value = serde_yaml::from_str("slot: 1\nroots: [a, b]\ninner: {x: 1, y: 2}").unwrap();
        let b: Value =
            serde_yaml::from_str("slot: 1\nroots: [a, c, d]\ninner: {x: 1, y: 3}").unwrap();
        let lines: Vec<String> = diff(&a, &b)
            .iter()
            .map(|d| format!("{}: {} -> {}", d.path, d.a, d.b))
            .collect();
        assert_eq!(
            lines,
            [
                "roots[1]: b -> c",
                "roots[2]: (absent) -> d",
                "inner.y: 2 -> 3"
            ]
        );
        assert!(diff(&a, &a).is_empty());
    }
}
