//! `#[ssz(...)]` attributes, parsed into typed values.
//!
//! Every key is recognised everywhere, so that a key in the wrong place gets
//! an error saying where it belongs rather than "unknown attribute". Rules
//! about a key's value that involve other keys, fields or variants (selector
//! ranges and uniqueness, `active_fields` against the fields) are checked in
//! [`super::check`].

use super::ctxt::Ctxt;
use super::symbol::{Key, SSZ};
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
    fn allows(self, key: Key) -> Result<(), &'static str> {
        let (ok, belongs) = match key {
            Key::Crate => (
                matches!(self, Position::Struct | Position::Enum),
                "on the struct or enum being derived",
            ),
            Key::Transparent => (
                self == Position::Struct,
                "on a struct with exactly one field",
            ),
            Key::ActiveFields => (
                self == Position::Struct,
                "on a struct with named fields (a progressive container)",
            ),
            Key::Edition => (
                self == Position::Struct,
                "on a progressive container, next to `active_fields`",
            ),
            Key::CompatibleUnion => (self == Position::Enum, "on an enum"),
            Key::Selector => (self == Position::Variant, "on the variants of an enum"),
            Key::Validate => (
                self == Position::Struct,
                "on a struct (a container or a transparent newtype)",
            ),
            Key::FixedLen => (
                self == Position::Struct,
                "on a struct with named fields (a container)",
            ),
            Key::With | Key::Skip => (
                self == Position::Field,
                "on a field of a struct with named fields (a container)",
            ),
        };
        if ok {
            Ok(())
        } else {
            Err(belongs)
        }
    }

    fn expected_keys(self) -> String {
        let keys: Vec<String> = Key::ALL
            .iter()
            .filter(|k| self.allows(**k).is_ok())
            .map(|k| format!("`{k}`"))
            .collect();
        match keys.split_last() {
            None => String::from("no ssz attributes go here"),
            Some((only, [])) => format!("expected {only}"),
            Some((last, rest)) => format!("expected {} or {last}", rest.join(", ")),
        }
    }
}

/// The value of a key that takes one: not written, written with a value
/// that was rejected (and reported), or written and accepted. `Invalid` is
/// kept apart from `Absent` so that later stages neither report the key a
/// second time nor act as if it were not there.
#[derive(Default)]
pub enum Setting<T> {
    /// The key was not written.
    #[default]
    Absent,
    /// The key was written with a value that was reported as wrong.
    Invalid,
    /// The key's value.
    Set(T),
}

impl<T> Setting<T> {
    /// The value, if one was accepted.
    pub fn get(&self) -> Option<&T> {
        match self {
            Setting::Set(value) => Some(value),
            Setting::Absent | Setting::Invalid => None,
        }
    }

    /// Whether the key was written at all.
    pub fn is_written(&self) -> bool {
        !matches!(self, Setting::Absent)
    }

    /// Records the key written at `span` with `value` (`None`: rejected and
    /// reported already); a key written twice is an error at the second.
    fn record(&mut self, cx: &mut Ctxt, key: Key, span: Span, value: Option<T>) {
        if self.is_written() {
            cx.error_at(span, format!("duplicate ssz attribute `{key}`"));
            return;
        }
        *self = match value {
            Some(value) => Setting::Set(value),
            None => Setting::Invalid,
        };
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

/// A flag key (`transparent`, `compatible_union`, `skip`): the span of the
/// key when it was written.
pub type Flag = Option<Span>;

/// The attributes of a struct or enum.
#[derive(Default)]
pub struct ItemAttrs {
    /// `crate = "path"`.
    pub krate: Setting<Keyed<syn::Path>>,
    /// `transparent`.
    pub transparent: Flag,
    /// `active_fields = [...]`.
    pub active_fields: Setting<Keyed<ActiveFields>>,
    /// `edition = ...`.
    pub edition: Setting<Keyed<EditionValue>>,
    /// `compatible_union`.
    pub compatible_union: Flag,
    /// `validate = "path"`: the function every decoded value passes.
    pub validate: Setting<Keyed<syn::Path>>,
    /// `fixed_len = expr`: the length a container of variable-size
    /// fields always takes, held inline by its parents.
    pub fixed_len: Setting<Keyed<Expr>>,
    /// Whether an attribute of the item was rejected (an unknown key, a key
    /// in the wrong place, a bad value): the item may not be what it was
    /// meant to be (`transparant` for `transparent`), so checks that a
    /// missing attribute would explain stay silent.
    pub rejected: bool,
}

/// The attributes of an enum variant.
#[derive(Default)]
pub struct VariantAttrs {
    /// `selector = N`.
    pub selector: Setting<Selector>,
    /// Whether an attribute of the variant was rejected, as for
    /// [`ItemAttrs::rejected`].
    pub rejected: bool,
}

/// The attributes of a field.
#[derive(Default)]
pub struct FieldAttrs {
    /// `with = "module"`: the module whose functions encode, decode and hash
    /// the field in place of its type's impls.
    pub with: Setting<Keyed<syn::Path>>,
    /// `skip`: the field is neither encoded nor hashed, and decodes as
    /// `Default::default()`.
    pub skip: Flag,
}

/// Everything any position may hold; each position keeps what it allows.
#[derive(Default)]
struct Parsed {
    item: ItemAttrs,
    variant: VariantAttrs,
    field: FieldAttrs,
}

/// Parses the `#[ssz(...)]` attributes of a struct or enum.
pub fn item(cx: &mut Ctxt, attrs: &[Attribute], position: Position) -> ItemAttrs {
    let before = cx.error_count();
    let mut item = parse(cx, attrs, position).item;
    item.rejected = cx.error_count() > before;
    item
}

/// Parses the `#[ssz(...)]` attributes of an enum variant.
pub fn variant(cx: &mut Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let before = cx.error_count();
    let mut variant = parse(cx, attrs, Position::Variant).variant;
    variant.rejected = cx.error_count() > before;
    variant
}

/// Parses the `#[ssz(...)]` attributes of a field.
pub fn field(cx: &mut Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    parse(cx, attrs, Position::Field).field
}

fn parse(cx: &mut Ctxt, attrs: &[Attribute], position: Position) -> Parsed {
    let mut parsed = Parsed::default();
    for attr in attrs {
        if !attr.path().is_ident(SSZ) {
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
    let Some(key) = Key::from_path(path) else {
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
    match key {
        Key::Crate => {
            let value = parse_crate(cx, meta, key)?;
            parsed
                .item
                .krate
                .record(cx, key, span, value.map(|value| Keyed { value, span }));
        }
        Key::Transparent => flag(cx, meta, key, span, &mut parsed.item.transparent)?,
        Key::CompatibleUnion => flag(cx, meta, key, span, &mut parsed.item.compatible_union)?,
        Key::Skip => flag(cx, meta, key, span, &mut parsed.field.skip)?,
        Key::Edition => {
            let value = parse_edition(cx, meta, key)?;
            parsed
                .item
                .edition
                .record(cx, key, span, value.map(|value| Keyed { value, span }));
        }
        Key::ActiveFields => {
            let value = parse_active_fields(cx, meta, key)?;
            parsed.item.active_fields.record(
                cx,
                key,
                span,
                value.map(|value| Keyed { value, span }),
            );
        }
        Key::Selector => {
            let value = parse_selector(cx, meta, key)?;
            parsed.variant.selector.record(cx, key, span, value);
        }
        Key::Validate => {
            let value = parse_validate(cx, meta, key)?;
            parsed
                .item
                .validate
                .record(cx, key, span, value.map(|value| Keyed { value, span }));
        }
        Key::FixedLen => {
            const USAGE: &str = "a constant expression of type `usize`: `fixed_len = 424` or \
                                 `fixed_len = P::SIGNATURE_LEN`";
            let value = required_value(cx, meta, key, USAGE)?;
            if let Some(Expr::Lit(ExprLit { lit, .. })) = &value {
                if !matches!(lit, Lit::Int(_)) {
                    cx.error_spanned_by(lit, format!("`{key}` takes {USAGE}"));
                    parsed.item.fixed_len.record(cx, key, span, None);
                    return Ok(());
                }
            }
            parsed
                .item
                .fixed_len
                .record(cx, key, span, value.map(|value| Keyed { value, span }));
        }
        Key::With => {
            let value = parse_with(cx, meta, key)?;
            parsed
                .field
                .with
                .record(cx, key, span, value.map(|value| Keyed { value, span }));
        }
    }
    Ok(())
}

/// `crate = "path"`.
fn parse_crate(cx: &mut Ctxt, meta: &ParseNestedMeta, key: Key) -> syn::Result<Option<syn::Path>> {
    path_in_string(
        cx,
        meta,
        key,
        "a string: `crate = \"::peam_ssz_types\"`",
        "a path such as \"::peam_ssz_types\"",
        <syn::Path as syn::parse::Parse>::parse,
    )
}

/// `with = "module"`.
fn parse_with(cx: &mut Ctxt, meta: &ParseNestedMeta, key: Key) -> syn::Result<Option<syn::Path>> {
    path_in_string(
        cx,
        meta,
        key,
        "the path of a module, as a string: `with = \"my_crate::ssz_as_bytes\"`",
        "the path of a module such as \"crate::as_bytes\"",
        syn::Path::parse_mod_style,
    )
}

/// `validate = "path"`.
fn parse_validate(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
) -> syn::Result<Option<syn::Path>> {
    path_in_string(
        cx,
        meta,
        key,
        "the path of a function `fn(&Self) -> Result<(), E>`, as a string: \
         `validate = \"Self::check\"`",
        "the path of a function such as \"Self::check\"",
        <syn::Path as syn::parse::Parse>::parse,
    )
}

/// `key = "path"`: the path `parse` reads from the string. The path keeps
/// the string's span, so that rustc reports an unknown path at the string.
fn path_in_string(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
    usage: &str,
    what: &str,
    parse: fn(syn::parse::ParseStream) -> syn::Result<syn::Path>,
) -> syn::Result<Option<syn::Path>> {
    let Some(value) = required_value(cx, meta, key, usage)? else {
        return Ok(None);
    };
    let Some(lit) = str_literal(&value) else {
        cx.error_spanned_by(&value, format!("`{key}` takes {usage}"));
        return Ok(None);
    };
    match lit.parse_with(parse) {
        Ok(path) => Ok(Some(path)),
        Err(_) => {
            cx.error_at(
                lit.span(),
                format!("`{key}` must be {what}, not {:?}", lit.value()),
            );
            Ok(None)
        }
    }
}

/// `edition = "v1.6"`, `edition = "v1.7"` or `edition = Type`.
fn parse_edition(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
) -> syn::Result<Option<EditionValue>> {
    const USAGE: &str = "\"v1.6\", \"v1.7\" or a type implementing `Edition`: `edition = \"v1.6\"`";
    let Some(value) = required_value(cx, meta, key, USAGE)? else {
        return Ok(None);
    };
    // A value passed through a `macro_rules!` fragment arrives in an
    // invisible group.
    let mut value = &value;
    while let Expr::Group(group) = value {
        value = &group.expr;
    }
    Ok(match value {
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
    })
}

/// `active_fields = [1, 0, 1]`: rejected as a whole if any entry is not an
/// integer literal, so that the checks do not count the entries that are.
fn parse_active_fields(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
) -> syn::Result<Option<ActiveFields>> {
    const USAGE: &str = "a list of 0s and 1s: `active_fields = [1, 0, 1]`";
    let Some(value) = required_value(cx, meta, key, USAGE)? else {
        return Ok(None);
    };
    let Expr::Array(array) = &value else {
        cx.error_spanned_by(&value, format!("`{key}` takes {USAGE}"));
        return Ok(None);
    };
    let mut entries = Vec::with_capacity(array.elems.len());
    let mut valid = true;
    for elem in &array.elems {
        match int_literal(elem) {
            Some((value, span)) => entries.push(ActiveField { value, span }),
            None => {
                valid = false;
                cx.error_spanned_by(elem, "`active_fields` entries are 0 or 1");
            }
        }
    }
    Ok(valid.then(|| ActiveFields {
        entries,
        list_span: array.bracket_token.span.join(),
    }))
}

/// `selector = N`.
fn parse_selector(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
) -> syn::Result<Option<Selector>> {
    const USAGE: &str = "an integer: `selector = 1`";
    let Some(value) = required_value(cx, meta, key, USAGE)? else {
        return Ok(None);
    };
    let Some((value, span)) = int_literal(&value) else {
        cx.error_spanned_by(&value, format!("`{key}` takes {USAGE}"));
        return Ok(None);
    };
    Ok(Some(Selector { value, span }))
}

/// The expression after `key =`, or an error at the key when it has no
/// `= value` (`None`).
fn required_value(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
    usage: &str,
) -> syn::Result<Option<Expr>> {
    let value = expr_value(meta, key, usage)?;
    if value.is_none() {
        cx.error_at(meta.path.span(), format!("`{key}` takes {usage}"));
    }
    Ok(value)
}

/// The expression after `key =`; `None` (after skipping a parenthesized
/// list) when the key is not followed by `=`.
fn expr_value(meta: &ParseNestedMeta, key: Key, usage: &str) -> syn::Result<Option<Expr>> {
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

/// A string literal, looking through the invisible group of a
/// `macro_rules!` fragment.
fn str_literal(expr: &Expr) -> Option<&syn::LitStr> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => Some(lit),
        Expr::Group(group) => str_literal(&group.expr),
        _ => None,
    }
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
fn suggestion(name: &str) -> Option<Key> {
    Key::ALL
        .iter()
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

/// A key without a value (`transparent`, `compatible_union`, `skip`):
/// reports `key = ...` and `key(...)`, then skips them; a flag written
/// twice is an error at the second.
fn flag(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta,
    key: Key,
    span: Span,
    slot: &mut Flag,
) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        cx.error_at(
            meta.input.span(),
            format!("`{key}` takes no value: write `#[ssz({key})]`"),
        );
        skip_value(meta)?;
    }
    if slot.replace(span).is_some() {
        cx.error_at(span, format!("duplicate ssz attribute `{key}`"));
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
    use crate::internals::symbol::Key;

    #[test]
    fn misspelt_keys_get_a_suggestion() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert!(suggestion("transparant") == Some(Key::Transparent));
        assert!(suggestion("selectr") == Some(Key::Selector));
        assert!(suggestion("activefields") == Some(Key::ActiveFields));
        assert!(suggestion("bogus").is_none());
    }
}
