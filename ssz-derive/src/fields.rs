//! A container's encoded fields, as the generators of `#[derive(Ssz)]`
//! (`ssz.rs`) and of its stream methods (`stream.rs`) see them.

use crate::common::private;
use crate::hooks::Hooks;
use crate::internals::ast::{Codec, ContainerField};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::Type;

/// One encoded field of a container, as its generated code names it.
pub(crate) struct Slot<'a> {
    /// The member, `self.#ident`.
    pub(crate) ident: &'a Ident,
    /// The name decode errors report.
    pub(crate) name: Literal,
    /// The field's type.
    pub(crate) ty: &'a Type,
    /// The module of `#[ssz(with = "...")]`, which codes the field instead
    /// of `ty`'s impl.
    pub(crate) with: Option<&'a syn::Path>,
}

impl Slot<'_> {
    /// The span of the field's code: its `with` module, or its type, so
    /// that a missing impl or function is reported at the field.
    pub(crate) fn span(&self) -> proc_macro2::Span {
        match self.with {
            Some(with) => with.span(),
            None => self.ty.span(),
        }
    }

    /// `FieldShape` of the field, for the container's fixed part.
    pub(crate) fn shape(&self, krate: &syn::Path) -> TokenStream {
        let (ty, name) = (self.ty, &self.name);
        match self.with {
            Some(with) => quote_spanned! {with.span()=>
                #krate::#private::FieldShape::with(#with::IS_FIXED_SIZE, #with::FIXED_PART_LEN, #name)
            },
            // The consts named through the trait, as a hand-written impl
            // would: a missing impl is one error at the field's type.
            None => quote_spanned! {ty.span()=>
                #krate::#private::FieldShape::new(
                    <#ty as #krate::Ssz>::IS_FIXED_SIZE,
                    <#ty as #krate::Ssz>::FIXED_PART_LEN,
                    <#ty as #krate::Ssz>::EXACT_LEN,
                    #name,
                )
            },
        }
    }

    /// `#walker.#method(&self.#ident)`, or its `_with` twin given the
    /// module's functions `fns`.
    pub(crate) fn visit(&self, walker: &Ident, method: &str, fns: &[&str]) -> TokenStream {
        let ident = self.ident;
        let span = self.span();
        match self.with {
            None => {
                // The type given, so that each call's bound is the one at
                // the field's type that is already reported, once.
                let (method, ty) = (Ident::new(method, span), self.ty);
                quote_spanned!(span=> #walker.#method::<#ty>(&self.#ident);)
            }
            Some(with) => {
                let method = Ident::new(&format!("{method}_with"), span);
                let fns = fns.iter().map(|f| {
                    let f = Ident::new(f, span);
                    quote_spanned!(span=> #with::#f)
                });
                quote_spanned!(span=> #walker.#method(&self.#ident, #(#fns),*);)
            }
        }
    }
}

/// A container as its generators see it: the encoded fields in order, and
/// the skipped ones, which decoding fills with `Default::default()`. The
/// per-field work is the runtime crate's (`codec::container`): each method
/// is one call per field on a walker over the container's fixed part, a
/// constant of the type's own (`__PEAM_SSZ_FIXED_PART`).
pub(crate) struct EncodedFields<'a> {
    pub(crate) krate: &'a syn::Path,
    pub(crate) hooks: &'a Hooks<'a>,
    pub(crate) ssz: TokenStream,
    pub(crate) slots: Vec<Slot<'a>>,
    pub(crate) skipped: Vec<(&'a Ident, &'a Type)>,
}

impl<'a> EncodedFields<'a> {
    pub(crate) fn new(
        krate: &'a syn::Path,
        fields: &'a [ContainerField<'a>],
        hooks: &'a Hooks<'a>,
    ) -> Self {
        let mut slots = Vec::with_capacity(fields.len());
        let mut skipped = Vec::new();
        for field in fields {
            let with = match &field.codec {
                Codec::Skip => {
                    skipped.push((field.ident, field.ty));
                    continue;
                }
                Codec::With(with) => Some(with),
                Codec::Type => None,
            };
            slots.push(Slot {
                ident: field.ident,
                name: Literal::string(&field.name),
                ty: field.ty,
                with,
            });
        }
        EncodedFields {
            krate,
            hooks,
            ssz: quote!(#krate::Ssz),
            slots,
            skipped,
        }
    }
}
