//! The derive input as the derive sees it: first as written (with parsed
//! attributes), then, after [`super::check`], as the SSZ type it describes.

use super::attr::{self, FieldAttrs, ItemAttrs, Position, Setting, VariantAttrs};
use super::ctxt::Ctxt;
use syn::ext::IdentExt;
use syn::{DeriveInput, Generics, Ident, Member, Type};

/// A struct or enum with its `#[ssz(...)]` attributes parsed.
pub struct Input<'a> {
    /// The type's name.
    pub ident: &'a Ident,
    /// The type's generics.
    pub generics: &'a Generics,
    /// The struct or enum attributes.
    pub attrs: ItemAttrs,
    /// The path of the runtime crate, resolved once from `crate = "..."`
    /// (`::peam_ssz_types` without it); `None` when the attribute was
    /// rejected, so that nothing is generated under a path the user did not
    /// mean.
    pub krate: Option<syn::Path>,
    /// The fields or variants.
    pub data: Data<'a>,
}

/// The body of a struct or enum.
pub enum Data<'a> {
    /// A struct.
    Struct(Style, Vec<Field<'a>>, &'a syn::Fields),
    /// An enum.
    Enum(Vec<Variant<'a>>),
}

/// How the fields of a struct or variant are written.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A, b: B }`
    Named,
    /// `(A, B)`
    Tuple,
    /// No fields.
    Unit,
}

/// An enum variant.
pub struct Variant<'a> {
    /// Its name.
    pub ident: &'a Ident,
    /// Its attributes.
    pub attrs: VariantAttrs,
    /// How its fields are written.
    pub style: Style,
    /// Its fields.
    pub fields: Vec<Field<'a>>,
    /// The variant as written.
    pub original: &'a syn::Variant,
}

/// A field of a struct or variant.
pub struct Field<'a> {
    /// How the field is named in `self.member` and `Self { member: .. }`.
    pub member: Member,
    /// Its type.
    pub ty: &'a Type,
    /// Its `#[ssz(...)]` attributes.
    pub attrs: FieldAttrs,
    /// The field as written, for errors that point at all of it.
    pub original: &'a syn::Field,
}

impl<'a> Input<'a> {
    /// Reads `input`, recording attribute errors in `cx`. `None` for a Rust
    /// `union`, which has no SSZ meaning.
    pub fn from_syn(cx: &mut Ctxt, input: &'a DeriveInput) -> Option<Input<'a>> {
        // The type's own attributes first, so errors read top to bottom.
        let position = match &input.data {
            syn::Data::Struct(_) => Position::Struct,
            syn::Data::Enum(_) => Position::Enum,
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "SSZ has no untagged unions: derive on a struct (container) or an enum (union)",
                );
                return None;
            }
        };
        let attrs = attr::item(cx, &input.attrs, position);
        let krate = match &attrs.krate {
            Setting::Absent => Some(default_krate()),
            Setting::Invalid => None,
            Setting::Set(krate) => Some(krate.value.clone()),
        };
        let data = match &input.data {
            syn::Data::Struct(data) => {
                let (style, fields) = fields_from_syn(cx, &data.fields);
                Data::Struct(style, fields, &data.fields)
            }
            syn::Data::Enum(data) => Data::Enum(
                data.variants
                    .iter()
                    .map(|variant| {
                        let attrs = attr::variant(cx, &variant.attrs);
                        let (style, fields) = fields_from_syn(cx, &variant.fields);
                        Variant {
                            ident: &variant.ident,
                            attrs,
                            style,
                            fields,
                            original: variant,
                        }
                    })
                    .collect(),
            ),
            syn::Data::Union(_) => return None,
        };
        Some(Input {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            krate,
            data,
        })
    }
}

fn fields_from_syn<'a>(cx: &mut Ctxt, fields: &'a syn::Fields) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, field)| Field {
            member: match &field.ident {
                Some(ident) => Member::Named(ident.clone()),
                None => Member::Unnamed(i.into()),
            },
            ty: &field.ty,
            attrs: attr::field(cx, &field.attrs),
            original: field,
        })
        .collect();
    (style, fields)
}

/// An input that passed every check: the SSZ type to generate code for.
pub struct Model<'a> {
    /// The type's name.
    pub ident: &'a Ident,
    /// The type's generics.
    pub generics: &'a Generics,
    /// The path of the runtime crate (`::peam_ssz_types` by default).
    pub krate: syn::Path,
    /// What SSZ type this is.
    pub shape: Shape<'a>,
    /// `#[ssz(validate = "path")]`: the function every decoded value passes.
    pub validate: Option<syn::Path>,
    /// `#[ssz(fixed_len = expr)]`: a container of variable-size fields that
    /// parents hold inline, at this length.
    pub fixed_len: Option<syn::Expr>,
}

/// The SSZ type a derive input describes.
pub enum Shape<'a> {
    /// A container, or a progressive container when `active_fields` is set.
    Container {
        /// The fields, in order, skipped ones included (at least one is
        /// encoded).
        fields: Vec<ContainerField<'a>>,
        /// `active_fields` of a progressive container (EIP-7495): as many
        /// `true`s as fields, at most 256 entries, the last one `true`.
        active_fields: Option<Vec<bool>>,
        /// The edition of a progressive container's merkleization, as
        /// written (`None`: the runtime crate's `Current`).
        edition: Option<super::attr::EditionValue>,
    },
    /// A newtype that is encoded and merkleized as its one field.
    Transparent(Field<'a>),
    /// A union or a compatible union (EIP-8016).
    Union {
        /// Whether this is a compatible union.
        compatible: bool,
        /// The variants, in declaration order.
        variants: Vec<UnionVariant<'a>>,
    },
}

/// The runtime crate generated code names unless `#[ssz(crate = "...")]`
/// says otherwise.
pub fn default_krate() -> syn::Path {
    syn::parse_quote!(::peam_ssz_types)
}

/// A field of a container.
pub struct ContainerField<'a> {
    /// The field's name, which is its member.
    pub ident: &'a Ident,
    /// The name decode errors report (without `r#`).
    pub name: String,
    /// Its type.
    pub ty: &'a Type,
    /// How its value is encoded and hashed.
    pub codec: Codec,
}

/// How a container field is encoded, decoded and hashed.
pub enum Codec {
    /// By its type's `Ssz` and `TreeHash` impls.
    Type,
    /// By the functions of a module: `#[ssz(with = "module")]`.
    With(syn::Path),
    /// Not at all: `#[ssz(skip)]`; decoded as `Default::default()`.
    Skip,
}

impl<'a> ContainerField<'a> {
    /// The field of `ident: ty`, coded as `codec` says.
    pub fn new(ident: &'a Ident, ty: &'a Type, codec: Codec) -> Self {
        ContainerField {
            ident,
            name: ident.unraw().to_string(),
            ty,
            codec,
        }
    }

    /// Whether the field is part of the SSZ value (not skipped).
    pub fn is_encoded(&self) -> bool {
        !matches!(self.codec, Codec::Skip)
    }

    /// The type the `Ssz`/`TreeHash` bounds are on: `None` when a module
    /// or nothing encodes the field.
    pub fn bounded_type(&self) -> Option<&'a Type> {
        match self.codec {
            Codec::Type => Some(self.ty),
            Codec::With(_) | Codec::Skip => None,
        }
    }
}

/// A variant of a union or compatible union.
pub struct UnionVariant<'a> {
    /// Its name.
    pub ident: &'a Ident,
    /// Its selector (below 128).
    pub selector: u8,
    /// The type of its value; `None` for the `None` option (selector 0).
    pub ty: Option<&'a Type>,
}
