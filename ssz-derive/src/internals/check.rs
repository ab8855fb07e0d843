//! The rules that involve more than one attribute, field or variant, from
//! `ssz/simple-serialize.md` (consensus-specs v1.6.1), "Illegal types", and
//! the lowering of a checked [`Input`] to a [`Model`].

use super::ast::{
    Codec, ContainerField, Data, Field, Input, Model, Shape, Style, UnionVariant, Variant,
};
use super::attr::{ActiveFields, FieldAttrs, ItemAttrs, Keyed, Setting};
use super::ctxt::Ctxt;
use super::types::check_type;
use proc_macro2::Span;
use syn::Ident;

/// The largest union selector: selectors above 127 are reserved for
/// backwards compatible extensions (simple-serialize.md, "Union").
pub const MAX_SELECTOR: u64 = 127;

/// Most entries `active_fields` may have (simple-serialize.md, "Illegal
/// types"): they are packed into one chunk.
pub const MAX_ACTIVE_FIELDS: usize = 256;

/// Checks `input` and lowers it to the SSZ type it describes. `None` when
/// `cx` holds errors, from here or from attribute parsing.
pub fn check<'a>(cx: &mut Ctxt, input: Input<'a>) -> Option<Model<'a>> {
    let Input {
        ident,
        generics,
        attrs,
        krate,
        data,
    } = input;
    let shape = match data {
        Data::Struct(style, fields, syn_fields) => {
            check_struct(cx, ident, &attrs, style, fields, syn_fields)
        }
        Data::Enum(variants) => check_enum(cx, ident, &attrs, variants),
    };
    if cx.has_errors() {
        return None;
    }
    let krate = krate?;
    shape.map(|shape| Model {
        ident,
        generics,
        krate,
        shape,
        validate: attrs.validate.get().map(|v| v.value.clone()),
        fixed_len: attrs.fixed_len.get().map(|f| f.value.clone()),
    })
}

fn check_struct<'a>(
    cx: &mut Ctxt,
    ident: &'a Ident,
    attrs: &ItemAttrs,
    style: Style,
    fields: Vec<Field<'a>>,
    syn_fields: &'a syn::Fields,
) -> Option<Shape<'a>> {
    if let Some(transparent) = attrs.transparent {
        for field in &fields {
            not_in_container(cx, &field.attrs, "a transparent newtype");
        }
        if let Some(active) = attrs.active_fields.get() {
            cx.error_at(
                active.span,
                "`active_fields` cannot be combined with `transparent`",
            );
        }
        if let Some(edition) = attrs.edition.get() {
            cx.error_at(
                edition.span,
                "`edition` cannot be combined with `transparent`",
            );
        }
        if let Some(fixed_len) = attrs.fixed_len.get() {
            cx.error_at(
                fixed_len.span,
                "`fixed_len` cannot be combined with `transparent`: a newtype takes the \
                 length of its field",
            );
        }
        if fields.len() != 1 {
            cx.error_at(
                transparent,
                format!(
                    "`transparent` needs a struct with exactly one field, found {}",
                    fields.len()
                ),
            );
            return None;
        }
        let field = fields.into_iter().next()?;
        check_type(cx, field.ty);
        return Some(Shape::Transparent(field));
    }
    if attrs.rejected && style != Style::Named {
        // A rejected attribute was reported; it may have been meant as
        // `transparent`, which is what would make this shape legal.
        return None;
    }
    match style {
        Style::Unit => {
            cx.error_spanned_by(
                ident,
                "a unit struct is not an SSZ container: containers with no fields are illegal \
                 (add named fields, or derive on a newtype with `#[ssz(transparent)]`)",
            );
            return None;
        }
        Style::Tuple => {
            cx.error_spanned_by(
                syn_fields,
                "SSZ containers need named fields: write `struct Name { field: Type }`, \
                 or add `#[ssz(transparent)]` to a newtype over one field",
            );
            return None;
        }
        Style::Named => {}
    }
    if fields.is_empty() {
        cx.error_spanned_by(ident, "SSZ containers with no fields are illegal");
        return None;
    }
    if let (Setting::Set(edition), Setting::Absent) = (&attrs.edition, &attrs.active_fields) {
        // The edition only changes progressive merkleization; a plain
        // container has none of its own (its progressive fields carry
        // their own edition in their types).
        cx.error_at(
            edition.span,
            "`edition` applies to progressive containers: add `active_fields`, \
             or choose the edition in the types of the progressive fields",
        );
    }
    let container: Vec<ContainerField<'a>> = fields
        .iter()
        .filter_map(|field| {
            let ident = field.original.ident.as_ref()?;
            let codec = codec_of(cx, field)?;
            if let Codec::Type = codec {
                check_type(cx, field.ty);
            }
            Some(ContainerField::new(ident, field.ty, codec))
        })
        .collect();
    let encoded = container.iter().filter(|f| f.is_encoded()).count();
    if encoded == 0 && container.len() == fields.len() {
        cx.error_spanned_by(
            ident,
            "every field is `#[ssz(skip)]`, and SSZ containers with no fields are illegal: \
             encode at least one field",
        );
        return None;
    }
    let active_fields = match &attrs.active_fields {
        Setting::Set(active) => Some(check_active_fields(cx, active, encoded)?),
        // Reported where it was written.
        Setting::Invalid => return None,
        Setting::Absent => None,
    };
    Some(Shape::Container {
        fields: container,
        active_fields,
        edition: attrs.edition.get().map(|e| e.value.clone()),
    })
}

/// How a container field is coded, from its attributes; `None` (reported)
/// when they contradict each other or were rejected.
fn codec_of(cx: &mut Ctxt, field: &Field) -> Option<Codec> {
    match (&field.attrs.with, field.attrs.skip) {
        (Setting::Invalid, _) => None,
        (Setting::Set(_), Some(skip)) => {
            cx.error_at(
                skip,
                "`skip` and `with` cannot be combined: a skipped field is not encoded, \
                 so it needs no module (remove one of them)",
            );
            None
        }
        (Setting::Set(with), None) => Some(Codec::With(with.value.clone())),
        (Setting::Absent, Some(_)) => Some(Codec::Skip),
        (Setting::Absent, None) => Some(Codec::Type),
    }
}

/// `with` and `skip` on a field that is not a container's: an error at each.
fn not_in_container(cx: &mut Ctxt, attrs: &FieldAttrs, place: &str) {
    if let Some(with) = attrs.with.get() {
        cx.error_at(
            with.span,
            format!(
                "`with` is not allowed in {place}; it goes on a field of a struct with named \
                 fields (a container)"
            ),
        );
    }
    if let Some(skip) = attrs.skip {
        cx.error_at(
            skip,
            format!(
                "`skip` is not allowed in {place}; it goes on a field of a struct with named \
                 fields (a container)"
            ),
        );
    }
}

/// Progressive containers (EIP-7495): `active_fields` is 0s and 1s, at most
/// 256 of them, ends in 1, and has one 1 per field.
fn check_active_fields(
    cx: &mut Ctxt,
    active: &Keyed<ActiveFields>,
    field_count: usize,
) -> Option<Vec<bool>> {
    let entries = &active.value.entries;
    let list_span = active.value.list_span;
    let mut ok = true;
    if entries.len() > MAX_ACTIVE_FIELDS {
        cx.error_at(
            list_span,
            format!(
                "`active_fields` has {} entries; at most {MAX_ACTIVE_FIELDS} are allowed",
                entries.len()
            ),
        );
        ok = false;
    }
    for entry in entries {
        if entry.value > 1 {
            cx.error_at(
                entry.span,
                format!(
                    "`active_fields` entries are 0 or 1, found {}",
                    shown(entry.value)
                ),
            );
            ok = false;
        }
    }
    if let Some(last) = entries.last() {
        if last.value == 0 {
            cx.error_at(last.span, "`active_fields` must not end in 0");
            ok = false;
        }
    }
    let ones = entries.iter().filter(|e| e.value == 1).count();
    if ones != field_count {
        cx.error_at(
            list_span,
            format!(
                "`active_fields` has {ones} {} but the struct has {field_count} {}: \
                 each field takes the place of one 1",
                if ones == 1 {
                    "entry set to 1"
                } else {
                    "entries set to 1"
                },
                if field_count == 1 { "field" } else { "fields" },
            ),
        );
        ok = false;
    }
    ok.then(|| entries.iter().map(|e| e.value == 1).collect())
}

fn check_enum<'a>(
    cx: &mut Ctxt,
    ident: &'a Ident,
    attrs: &ItemAttrs,
    variants: Vec<Variant<'a>>,
) -> Option<Shape<'a>> {
    let compatible = attrs.compatible_union.is_some();
    if variants.is_empty() {
        let what = if compatible {
            "a compatible union needs at least one variant (`CompatibleUnion({})` is illegal)"
        } else {
            "a union needs at least one variant"
        };
        cx.error_spanned_by(ident, what);
        return None;
    }
    for variant in &variants {
        if let Some((_, discriminant)) = &variant.original.discriminant {
            cx.error_spanned_by(
                discriminant,
                "SSZ selectors are not discriminants: write `#[ssz(selector = N)]` on the variant",
            );
        }
    }
    for variant in &variants {
        for field in &variant.fields {
            not_in_container(cx, &field.attrs, "an enum variant");
        }
    }
    let explicit = variants
        .iter()
        .filter(|v| v.attrs.selector.get().is_some())
        .count();
    let mut out = Vec::with_capacity(variants.len());
    let mut seen: [Option<&Ident>; 128] = [None; 128];
    for (index, variant) in variants.iter().enumerate() {
        let Some((selector, span)) =
            selector_of(cx, variant, index, explicit, variants.len(), compatible)
        else {
            continue;
        };
        match seen[usize::from(selector)] {
            Some(other) => {
                cx.error_at(
                    span,
                    format!("duplicate selector {selector}: variant `{other}` already has it"),
                );
                continue;
            }
            None => seen[usize::from(selector)] = Some(variant.ident),
        }
        if let Some(ty) = value_type(cx, variant, selector, compatible) {
            out.push(UnionVariant {
                ident: variant.ident,
                selector,
                ty,
            });
        }
    }
    if !compatible && variants.len() < 2 && variants.iter().all(|v| v.style == Style::Unit) {
        cx.error_spanned_by(
            ident,
            "a union whose only option is `None` is illegal: add a variant that holds a value",
        );
    }
    if cx.has_errors() {
        return None;
    }
    Some(Shape::Union {
        compatible,
        variants: out,
    })
}

/// The selector of `variant`, checked against the range of its kind of union.
fn selector_of(
    cx: &mut Ctxt,
    variant: &Variant,
    index: usize,
    explicit: usize,
    count: usize,
    compatible: bool,
) -> Option<(u8, Span)> {
    let (value, span) = match &variant.attrs.selector {
        Setting::Set(selector) => (selector.value, selector.span),
        // Already reported where it was written.
        Setting::Invalid => return None,
        // A rejected attribute was reported; it may have been the selector.
        Setting::Absent if variant.attrs.rejected => return None,
        Setting::Absent if compatible => {
            cx.error_spanned_by(
                variant.ident,
                "compatible union variants need an explicit `#[ssz(selector = N)]`, N from 1 to 127",
            );
            return None;
        }
        Setting::Absent if explicit > 0 => {
            cx.error_spanned_by(
                variant.ident,
                format!(
                    "this variant has no `#[ssz(selector = N)]` but {explicit} of the {count} \
                     variants do: give every variant a selector, or none (selectors are then \
                     the variant indices)"
                ),
            );
            return None;
        }
        Setting::Absent => (index as u64, variant.ident.span()),
    };
    let min = u64::from(compatible);
    if value < min || value > MAX_SELECTOR {
        let msg = if compatible {
            format!(
                "compatible union selectors are 1 to {MAX_SELECTOR}, found {}",
                shown(value)
            )
        } else if variant.attrs.selector.get().is_some() {
            format!(
                "union selectors are 0 to {MAX_SELECTOR} (higher ones are reserved), found {}",
                shown(value)
            )
        } else {
            format!(
                "a union has at most {} variants (selectors 0 to {MAX_SELECTOR})",
                MAX_SELECTOR + 1
            )
        };
        cx.error_at(span, msg);
        return None;
    }
    u8::try_from(value).ok().map(|s| (s, span))
}

/// The type of the value `variant` holds, `Some(None)` for a union's `None`.
fn value_type<'a>(
    cx: &mut Ctxt,
    variant: &Variant<'a>,
    selector: u8,
    compatible: bool,
) -> Option<Option<&'a syn::Type>> {
    match (variant.style, variant.fields.as_slice()) {
        (Style::Tuple, [field]) => {
            check_type(cx, field.ty);
            Some(Some(field.ty))
        }
        (Style::Unit, _) if compatible => {
            cx.error_spanned_by(
                variant.ident,
                "compatible unions have no `None` option: every variant holds one value, `Name(Type)`",
            );
            None
        }
        (Style::Unit, _) if selector == 0 => Some(None),
        (Style::Unit, _) => {
            cx.error_spanned_by(
                variant.ident,
                format!(
                    "a unit variant is the union's `None` option, which is only legal as \
                     selector 0 (the first variant), not {selector}"
                ),
            );
            None
        }
        _ => {
            cx.error_spanned_by(
                &variant.original.fields,
                "a union variant holds exactly one value: write `Name(Type)`",
            );
            None
        }
    }
}

/// A number from an attribute, for messages: literals too large for `u64`
/// were parsed as `u64::MAX`.
fn shown(value: u64) -> String {
    if value == u64::MAX {
        String::from("a number too large for 64 bits")
    } else {
        value.to_string()
    }
}
