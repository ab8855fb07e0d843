//! `#[ssz(...)]` attributes, parsed into typed values.
//!
//! Every key is recognised everywhere, so that a key in the wrong place gets
//! an error saying where it belongs rather than "unknown attribute". Rules
//! about a key's value that involve other keys, fields or variants (selector
//! ranges and uniqueness, `active_fields` against the fields) are checked in
//! [`super::check`].

use super::ctxt::Ctxt;
use super::symbol::{
    Symbol, ACTIVE_FIELDS, COMPATIBLE_UNION, CRATE, EDITION, KEYS, SSZ, TRANSPARENT,
};
use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit, Token};

/// Where an attribute is written.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Position {
    /// On a struct.
    Struct,
    /// On an enum.
    Enum,
    /// On an enum variant.
    Variant,
    /// On a field of a struct or variant.
    Field,
}

impl Position {
    fn describe(self) -> &'static str {
        match self {
            Position::Struct => "a struct",
            Position::Enum => "an enum",
            Position::Variant => "an enum variant",
            Position::Field => "a field",
        }
    }

    /// Whether `key` may be written here, or else where it belongs.
    fn allows(self, key: Symbol) -> Result<(), &'static str> {
        let (ok, belongs) = if key == CRATE {
            (
                matches!(self, Position::Struct | Position::Enum),
                "on the struct or enum being derived",
            )
        } else if key == TRANSPARENT {
            (
                self == Position::Struct,
                "on a struct with exactly one field",
            )
        } else if key == ACTIVE_FIELDS {
            (
                self == Position::Struct,
                "on a struct with named fields (a progressive container)",
            )
        } else if key == EDITION {
            (
                self == Position::Struct,
                "on a progressive container, next to `active_fields`",
            )
        } else if key == COMPATIBLE_UNION {
            (self == Position::Enum, "on an enum")
        } else {
            (self == Position::Variant, "on the variants of an enum")
        };
        if ok {
            Ok(())
        } else {
            Err(belongs)
        }
    }

    fn expected_keys(self) -> String {
        let keys: Vec<String> = KEYS
            .iter()
            .filter(|k| self.allows(**k).is_ok())
            .map(|k| format!("`{k}`"))
            .collect();
        match keys.split_last() {
            None => String::from("fields take no ssz attributes"),
            Some((only, [])) => format!("expected {only}"),
            Some((last, rest)) => format!("expected {} or {last}", rest.join(", ")),
        }
    }
}

/// A value together with the span of the key that set it.
pub struct Keyed<T> {
    /// The value.
    pub value: T,
    /// The key, for errors about the attribute as a whole.
    pub span: Span,
}

/// One entry of `active_fields = [...]`.
pub struct ActiveField {
    /// The literal's value (anything; [`super::check`] wants 0 or 1).
    pub value: u64,
    /// The literal.
    pub span: Span,
}

/// `active_fields = [...]`.
pub struct ActiveFields {
    /// The entries, in order.
    pub entries: Vec<ActiveField>,
    /// The bracketed list.
    pub list_span: Span,
}

/// `edition = ...`: the spec edition whose progressive merkleization a
/// progressive container follows.
#[derive(Clone)]
pub enum EditionValue {
    /// `"v1.6"` or `"v1.7"`: the marker type of that name in the runtime
    /// crate's `edition` module (`V1_6`, `V1_7`).
    Named(&'static str),
    /// A type implementing `Edition`, often a type parameter of the struct.
    Type(Box<syn::Type>),
}

/// The strings `edition = "..."` accepts and the marker each names.
pub const EDITION_NAMES: [(&str, &str); 2] = [("v1.6", "V1_6"), ("v1.7", "V1_7")];

/// `selector = N`.
pub struct Selector {
    /// The number (anything; [`super::check`] checks the range).
    pub value: u64,
    /// The literal.
    pub span: Span,
}

/// The attributes of a struct or enum.
#[derive(Default)]
pub struct ItemAttrs {
    /// `crate = "path"`.
    pub krate: Option<Keyed<syn::Path>>,
    /// `transparent`.
    pub transparent: Option<Span>,
    /// `active_fields = [...]`.
    pub active_fields: Option<Keyed<ActiveFields>>,
    /// `edition = ...`.
    pub edition: Option<Keyed<EditionValue>>,
    /// `compatible_union`.
    pub compatible_union: Option<Span>,
    /// Set when `crate = "..."` was written but could not be parsed, so the
    /// fallback impl does not report a second error with the default path.
    pub krate_invalid: bool,
}

/// The attributes of an enum variant.
#[derive(Default)]
pub struct VariantAttrs {
    /// `selector = N`.
    pub selector: Option<Selector>,
    /// Set when `selector` was written with a value that is not an integer,
    /// so that the checks do not report the variant a second time.
    pub selector_invalid: bool,
}

/// Everything any position may hold; each position keeps what it allows.
#[derive(Default)]
struct Parsed {
    item: ItemAttrs,
    variant: VariantAttrs,
}

/// Parses the `#[ssz(...)]` attributes of a struct or enum.
pub fn item(cx: &mut Ctxt, attrs: &[Attribute], position: Position) -> ItemAttrs {
    parse(cx, attrs, position).item
}

/// Parses the `#[ssz(...)]` attributes of an enum variant.
pub fn variant(cx: &mut Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    parse(cx, attrs, Position::Variant).variant
}

/// Checks the `#[ssz(...)]` attributes of a field: there are none, so every
/// key is an error.
pub fn field(cx: &mut Ctxt, attrs: &[Attribute]) {
    parse(cx, attrs, Position::Field);
}

fn parse(cx: &mut Ctxt, attrs: &[Attribute], position: Position) -> Parsed {
    let mut parsed = Parsed::default();
    for attr in attrs {
        if attr.path() != &SSZ {
            continue;
        }
        if let Err(err) = attr.parse_nested_meta(|meta| parse_key(cx, &mut parsed, position, &meta))
        {
            cx.syn_error(err);
        }
    }
    parsed
}

fn parse_key(
    cx: &mut Ctxt,
    parsed: &mut Parsed,
    position: Position,
    meta: &ParseNestedMeta,
) -> syn::Result<()> {
    let path = &meta.path;
    let span = path.span();
    let Some(key) = KEYS.iter().copied().find(|k| path == k) else {
        let name = path_text(path);
        let hint = match suggestion(&name).map(|known| (known, position.allows(known))) {
            Some((known, Ok(()))) => format!(" (did you mean `{known}`?)"),
            Some((known, Err(belongs))) => format!(" (did you mean `{known}`? it goes {belongs})"),
            None => String::new(),
        };
        cx.error_at(
            span,
            format!(
                "unknown ssz attribute `{name}`{hint}: {}",
                position.expected_keys()
            ),
        );
        return skip_value(meta);
    };
    if let Err(belongs) = position.allows(key) {
        cx.error_at(
            span,
            format!(
                "`{key}` is not allowed on {}; it goes {belongs}",
                position.describe()
            ),
        );
        return skip_value(meta);
    }
    let duplicate = || format!("duplicate ssz attribute `{key}`");

    if key == CRATE {
        let value = expr_value(meta, key, "a string: `crate = \"::peam_ssz_types\"`")?;
        let Some(value) = value else {
            cx.error_at(
                span,
                format!("`{key}` takes a string: `crate = \"::peam_ssz_types\"`"),
            );
            return Ok(());
        };
        if parsed.item.krate.is_some() || parsed.item.krate_invalid {
            cx.error_at(span, duplicate());
            return Ok(());
        }
        let Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) = &value
        else {
            parsed.item.krate_invalid = true;
            cx.error_spanned_by(
                &value,
                "`crate` takes a string: `crate = \"::peam_ssz_types\"`",
            );
            return Ok(());
        };
        match lit.parse::<syn::Path>() {
            Ok(path) => parsed.item.krate = Some(Keyed { value: path, span }),
            Err(_) => {
                parsed.item.krate_invalid = true;
                cx.error_at(
                    lit.span(),
                    format!(
                        "`crate` must be a path such as \"::peam_ssz_types\", not {:?}",
                        lit.value()
                    ),
                );
            }
        }
    } else if key == TRANSPARENT {
        flag(cx, meta, key)?;
        if parsed.item.transparent.replace(span).is_some() {
            cx.error_at(span, duplicate());
        }
    } else if key == COMPATIBLE_UNION {
        flag(cx, meta, key)?;
        if parsed.item.compatible_union.replace(span).is_some() {
            cx.error_at(span, duplicate());
        }
    } else if key == EDITION {
        const USAGE: &str =
            "\"v1.6\", \"v1.7\" or a type implementing `Edition`: `edition = \"v1.6\"`";
        let Some(value) = expr_value(meta, key, USAGE)? else {
            cx.error_at(span, format!("`{key}` takes {USAGE}"));
            return Ok(());
        };
        // A value passed through a `macro_rules!` fragment arrives in an
        // invisible group.
        let mut value = &value;
        while let Expr::Group(group) = value {
            value = &group.expr;
        }
        let edition = match value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => match EDITION_NAMES.iter().find(|(name, _)| lit.value() == *name) {
                Some((_, marker)) => Some(EditionValue::Named(marker)),
                None => {
                    cx.error_at(
                        lit.span(),
                        format!(
                            "unknown edition {:?}: expected \"v1.6\" (consensus-specs v1.6.1) or \
                             \"v1.7\" (v1.7.0-alpha.2 and later)",
                            lit.value()
                        ),
                    );
                    None
                }
            },
            Expr::Path(path) if path.qself.is_none() => Some(EditionValue::Type(Box::new(
                syn::Type::Path(syn::TypePath {
                    qself: None,
                    path: path.path.clone(),
                }),
            ))),
            other => {
                cx.error_spanned_by(other, format!("`{key}` takes {USAGE}"));
                None
            }
        };
        if parsed.item.edition.is_some() {
            cx.error_at(span, duplicate());
        } else if let Some(value) = edition {
            parsed.item.edition = Some(Keyed { value, span });
        }
    } else if key == ACTIVE_FIELDS {
        const USAGE: &str = "a list of 0s and 1s: `active_fields = [1, 0, 1]`";
        let Some(value) = expr_value(meta, key, USAGE)? else {
            cx.error_at(span, format!("`{key}` takes {USAGE}"));
            return Ok(());
        };
        let Expr::Array(array) = &value else {
            cx.error_spanned_by(&value, format!("`{key}` takes {USAGE}"));
            return Ok(());
        };
        let mut entries = Vec::with_capacity(array.elems.len());
        for elem in &array.elems {
            match int_literal(elem) {
                Some(entry) => entries.push(ActiveField {
                    value: entry.0,
                    span: entry.1,
                }),
                None => cx.error_spanned_by(elem, "`active_fields` entries are 0 or 1"),
            }
        }
        let list = ActiveFields {
            entries,
            list_span: array.bracket_token.span.join(),
        };
        if parsed.item.active_fields.is_some() {
            cx.error_at(span, duplicate());
        } else {
            parsed.item.active_fields = Some(Keyed { value: list, span });
        }
    } else {
        const USAGE: &str = "an integer: `selector = 1`";
        let Some(value) = expr_value(meta, key, USAGE)? else {
            parsed.variant.selector_invalid = true;
            cx.error_at(span, format!("`{key}` takes {USAGE}"));
            return Ok(());
        };
        let Some((value, lit_span)) = int_literal(&value) else {
            parsed.variant.selector_invalid = true;
            cx.error_spanned_by(&value, format!("`{key}` takes {USAGE}"));
            return Ok(());
        };
        if parsed.variant.selector.is_some() {
            cx.error_at(span, duplicate());
        } else {
            parsed.variant.selector = Some(Selector {
                value,
                span: lit_span,
            });
        }
    }
    Ok(())
}

/// The expression after `key =`; `None` (after skipping a parenthesized
/// list) when the key is not followed by `=`.
fn expr_value(meta: &ParseNestedMeta, key: Symbol, usage: &str) -> syn::Result<Option<Expr>> {
    if meta.input.peek(Token![=]) {
        let value = meta.value()?;
        return value
            .parse::<Expr>()
            .map(Some)
            .map_err(|e| syn::Error::new(e.span(), format!("`{key}` takes {usage}")));
    }
    skip_value(meta)?;
    Ok(None)
}

/// The value of a non-negative integer literal, with its span; values above
/// `u64::MAX` saturate (they are out of every range anyway).
fn int_literal(expr: &Expr) -> Option<(u64, Span)> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => {
            let value = lit.base10_parse::<u64>().unwrap_or(u64::MAX);
            Some((value, lit.span()))
        }
        Expr::Group(group) => int_literal(&group.expr),
        _ => None,
    }
}

/// The known key closest to a misspelt one, if it is close.
fn suggestion(name: &str) -> Option<Symbol> {
    KEYS.iter()
        .copied()
        .map(|k| (edit_distance(name, k.as_str()), k))
        .filter(|(d, k)| *d <= 2.max(k.as_str().len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A key without a value: reports `key = ...` and `key(...)`, then skips them.
fn flag(cx: &mut Ctxt, meta: &ParseNestedMeta, key: Symbol) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        cx.error_at(
            meta.input.span(),
            format!("`{key}` takes no value: write `#[ssz({key})]`"),
        );
        return skip_value(meta);
    }
    Ok(())
}

/// Skips `= value` or `(...)` after a key that was rejected, so that the keys
/// after it are still parsed and checked.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<proc_macro2::TokenStream>()?;
    }
    Ok(())
}

fn path_text(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments.join("::")
}

#[cfg(test)]
mod tests {
    use super::{edit_distance, suggestion};
    use crate::internals::symbol::{ACTIVE_FIELDS, SELECTOR, TRANSPARENT};

    #[test]
    fn misspelt_keys_get_a_suggestion() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert!(suggestion("transparant") == Some(TRANSPARENT));
        assert!(suggestion("selectr") == Some(SELECTOR));
        assert!(suggestion("activefields") == Some(ACTIVE_FIELDS));
        assert!(suggestion("bogus").is_none());
    }
}
