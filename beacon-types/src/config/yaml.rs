//! The reader of the file: the subset of YAML that the spec's
//! configuration files use (see [the module](super)), read into text
//! values with their lines, and the scalars read from those texts.

use std::collections::BTreeMap;

use super::blobs::BlobParameters;
use super::error::{excerpt, ConfigError, ConfigErrorKind};

/// A value of the file: its text (comment and quotes removed) and its line.
#[derive(Clone, Debug)]
pub(super) struct RawValue {
    pub(super) line: usize,
    pub(super) text: String,
}

/// The text is the value; the line only says where it was, so that two
/// files that differ in comments and layout make equal configurations.
impl PartialEq for RawValue {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for RawValue {}

pub(super) fn parse_u64(key: &str, v: &RawValue) -> Result<u64, ConfigError> {
    let t = v.text.as_str();
    let parsed = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse::<u64>().ok()
    } else {
        None
    };
    parsed.ok_or_else(|| ConfigError::at(v.line, key, ConfigErrorKind::NotAnInteger(excerpt(t))))
}

pub(super) fn parse_bytes4(key: &str, v: &RawValue) -> Result<[u8; 4], ConfigError> {
    let t = v.text.as_str();
    let not_hex = || ConfigError::at(v.line, key, ConfigErrorKind::NotHex(excerpt(t)));
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .ok_or_else(not_hex)?;
    if digits.len() % 2 != 0 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(not_hex());
    }
    if digits.len() != 8 {
        return Err(ConfigError::at(
            v.line,
            key,
            ConfigErrorKind::WrongByteLength {
                expected: 4,
                found: digits.len() / 2,
            },
        ));
    }
    let mut out = [0u8; 4];
    for (i, byte) in out.iter_mut().enumerate() {
        // Checked above: ASCII hex digits, so the slice is on char bounds.
        *byte = u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).map_err(|_| not_hex())?;
    }
    Ok(out)
}

/// The file, read: every scalar key with its text, and the blob schedule
/// (each entry with its line), which is the one nested value.
pub(super) struct Document {
    pub(super) values: BTreeMap<String, RawValue>,
    pub(super) blob_schedule: Option<Vec<(usize, BlobParameters)>>,
}

/// One line without its comment: its indentation (in spaces) and content.
struct Line<'a> {
    number: usize,
    indent: usize,
    content: &'a str,
}

/// Splits the text into the lines that hold something: comments and blank
/// lines dropped, indentation measured.
fn significant_lines(text: &str) -> Result<Vec<Line<'_>>, ConfigError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let number = i + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let content =
            strip_comment(raw).ok_or_else(|| ConfigError::syntax(number, "a closing quote"))?;
        let trimmed = content.trim_start_matches(' ');
        if trimmed.trim().is_empty() {
            continue;
        }
        if trimmed.starts_with('\t') {
            return Err(ConfigError::syntax(
                number,
                "indentation by spaces, not tabs",
            ));
        }
        lines.push(Line {
            number,
            indent: content.len() - trimmed.len(),
            content: trimmed.trim_end(),
        });
    }
    Ok(lines)
}

/// The line before its comment: a `#` at the start or after a space or tab,
/// outside quotes. `None` when a quote is left open.
fn strip_comment(line: &str) -> Option<&str> {
    let mut quote: Option<char> = None;
    let mut prev_blank = true;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) => {
                if c == q {
                    quote = None;
                }
            }
            None => match c {
                '#' if prev_blank => return Some(&line[..i]),
                // A quote opens a value only: right after `KEY:` and spaces.
                '\'' | '"' if line[..i].trim_end().ends_with(':') => quote = Some(c),
                _ => {}
            },
        }
        prev_blank = c == ' ' || c == '\t';
    }
    match quote {
        Some(_) => None,
        None => Some(line),
    }
}

/// A `KEY: value` pair: the key of `[A-Za-z0-9_]`, the value trimmed (empty
/// when the line ends after the colon).
fn key_value<'a>(line: &Line<'a>) -> Result<(&'a str, &'a str), ConfigError> {
    let (key, rest) = line
        .content
        .split_once(':')
        .ok_or_else(|| ConfigError::syntax(line.number, "`KEY: value`"))?;
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(ConfigError::syntax(
            line.number,
            "a key of letters, digits and `_`",
        ));
    }
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return Err(ConfigError::syntax(line.number, "a space after the colon"));
    }
    Ok((key, rest.trim()))
}

/// A scalar's text: quotes removed (`''` in single quotes is one `'`).
fn scalar(line: usize, key: &str, value: &str) -> Result<String, ConfigError> {
    let bad = |expected| ConfigError::new(Some(line), Some(key), ConfigErrorKind::Syntax(expected));
    if let Some(inner) = value.strip_prefix('\'') {
        let inner = inner
            .strip_suffix('\'')
            .ok_or_else(|| bad("a closing quote at the end"))?;
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\'' && chars.next() != Some('\'') {
                return Err(bad("`''` for a quote inside single quotes"));
            }
            out.push(c);
        }
        Ok(out)
    } else if let Some(inner) = value.strip_prefix('"') {
        let inner = inner
            .strip_suffix('"')
            .ok_or_else(|| bad("a closing quote at the end"))?;
        if inner.contains('\\') || inner.contains('"') {
            return Err(bad("a double-quoted string without escapes"));
        }
        Ok(inner.to_owned())
    } else {
        Ok(value.to_owned())
    }
}

pub(super) fn parse_document(text: &str) -> Result<Document, ConfigError> {
    let lines = significant_lines(text)?;
    let mut values: BTreeMap<String, RawValue> = BTreeMap::new();
    let mut blob_schedule = None;
    let mut seen_schedule_line = None;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        i += 1;
        if line.indent != 0 {
            return Err(ConfigError::syntax(
                line.number,
                "a key at the start of the line (only BLOB_SCHEDULE's entries are indented)",
            ));
        }
        let (key, value) = key_value(line)?;
        let duplicate =
            values.contains_key(key) || (key == "BLOB_SCHEDULE" && seen_schedule_line.is_some());
        if duplicate {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::DuplicateKey,
            ));
        }
        if key == "BLOB_SCHEDULE" {
            seen_schedule_line = Some(line.number);
            if value == "[]" {
                blob_schedule = Some(Vec::new());
                continue;
            }
            if !value.is_empty() {
                return Err(ConfigError::at(
                    line.number,
                    key,
                    ConfigErrorKind::Syntax(
                        "`[]` or a list of `- EPOCH: n` entries on the next lines",
                    ),
                ));
            }
            let start = i;
            while i < lines.len() && lines[i].indent > 0 {
                i += 1;
            }
            blob_schedule = Some(parse_blob_schedule(line.number, &lines[start..i])?);
            continue;
        }
        if value.is_empty() {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::Syntax("a value after the colon"),
            ));
        }
        let text = scalar(line.number, key, value)?;
        values.insert(
            key.to_owned(),
            RawValue {
                line: line.number,
                text,
            },
        );
    }
    Ok(Document {
        values,
        blob_schedule,
    })
}

/// The indented lines after `BLOB_SCHEDULE:`: entries that each start with
/// `- ` and continue at the column of the first key.
fn parse_blob_schedule(
    key_line: usize,
    lines: &[Line<'_>],
) -> Result<Vec<(usize, BlobParameters)>, ConfigError> {
    const KEY: &str = "BLOB_SCHEDULE";
    let syntax =
        |line: usize, expected| ConfigError::at(line, KEY, ConfigErrorKind::Syntax(expected));
    if lines.is_empty() {
        return Err(syntax(
            key_line,
            "`[]` or a list of `- EPOCH: n` entries on the next lines",
        ));
    }
    // (line of the dash, epoch, max blobs) per entry.
    struct Entry {
        line: usize,
        epoch: Option<u64>,
        max: Option<u64>,
    }
    let mut entries: Vec<Entry> = Vec::new();
    let dash_indent = lines[0].indent;
    let mut key_indent = 0;
    for line in lines {
        let pair = if line.indent == dash_indent && line.content.starts_with('-') {
            let after = &line.content[1..];
            let body = after.trim_start_matches(' ');
            if body.len() == after.len() {
                return Err(syntax(line.number, "a space after `-`"));
            }
            key_indent = dash_indent + line.content.len() - body.len();
            entries.push(Entry {
                line: line.number,
                epoch: None,
                max: None,
            });
            Line {
                number: line.number,
                indent: key_indent,
                content: body,
            }
        } else if line.indent == key_indent && !entries.is_empty() {
            Line {
                number: line.number,
                indent: line.indent,
                content: line.content,
            }
        } else {
            return Err(syntax(
                line.number,
                "`- EPOCH: n`, or `MAX_BLOBS_PER_BLOCK: n` under the entry's first key",
            ));
        };
        let (key, value) = key_value(&pair)?;
        let text = scalar(line.number, key, value)?;
        let raw = RawValue {
            line: line.number,
            text,
        };
        let Some(entry) = entries.last_mut() else {
            return Err(syntax(line.number, "`- ` before an entry's keys"));
        };
        let slot = match key {
            "EPOCH" => &mut entry.epoch,
            "MAX_BLOBS_PER_BLOCK" => &mut entry.max,
            // Keys of later specs: the entry's other parameters.
            _ => continue,
        };
        if slot.is_some() {
            return Err(ConfigError::at(
                line.number,
                key,
                ConfigErrorKind::DuplicateKey,
            ));
        }
        *slot = Some(parse_u64(key, &raw)?);
    }
    entries
        .into_iter()
        .map(|e| match (e.epoch, e.max) {
            (Some(epoch), Some(max_blobs_per_block)) => Ok((
                e.line,
                BlobParameters {
                    epoch,
                    max_blobs_per_block,
                },
            )),
            (None, _) => Err(ConfigError::at(
                e.line,
                "EPOCH",
                ConfigErrorKind::MissingKey,
            )),
            (_, None) => Err(ConfigError::at(
                e.line,
                "MAX_BLOBS_PER_BLOCK",
                ConfigErrorKind::MissingKey,
            )),
        })
        .collect()
}
