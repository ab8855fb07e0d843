//! `#[derive(Ssz)]`'s streaming methods, `ssz_write_to` and
//! `ssz_read_from` (the runtime's `stream` module).
//!
//! A container's are one call per field and pass on the runtime's
//! `ContainerStreamWriter` and `ContainerStreamReader`, over the same
//! `__PEAM_SSZ_FIXED_PART` constant as the slice codec: the fixed part
//! first (fixed-size fields and offsets), then the variable-size fields.
//! A newtype forwards both to its field; a union writes and reads its
//! selector, then its variant's value streamed. A container with
//! `#[ssz(fixed_len = ...)]` keeps the trait's defaults (the bytes through
//! a buffer, then `from_ssz`), which are right for every type.

use crate::common::private;
use crate::fields::EncodedFields;
use crate::hooks::Hooks;
use crate::internals::ast::{Field, UnionVariant};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// The bound of the generic parameter of a streaming method:
/// `__S: Trait + ?Sized`.
fn param(krate: &syn::Path, trait_name: &str) -> TokenStream {
    let t = Ident::new(trait_name, Span::call_site());
    quote!(__S: #krate::#private::#t + ?::core::marker::Sized)
}

/// `ssz_write_to` and `ssz_read_from` of a container, or nothing for one
/// with `fixed_len` (the defaults then read its declared length).
pub fn container(fields: &EncodedFields, hooks: &Hooks) -> TokenStream {
    if hooks.has_fixed_len() {
        return TokenStream::new();
    }
    let items = [write_to(fields), read_from(fields, hooks)];
    quote!(#(#items)*)
}

/// The fixed part, gathered and written, then each variable-size field
/// streamed.
fn write_to(fields: &EncodedFields) -> TokenStream {
    let krate = fields.krate;
    let w = Ident::new("__w", Span::call_site());
    let fixed = fields.slots.iter().map(|s| {
        let (ident, span) = (s.ident, s.span());
        match s.with {
            None => {
                let ty = s.ty;
                quote_spanned!(span=> #w.fixed::<#ty>(&self.#ident)?;)
            }
            Some(with) => quote_spanned! {span=>
                #w.fixed_with(&self.#ident, #with::ssz_len, #with::ssz_write)?;
            },
        }
    });
    let variable = fields.slots.iter().enumerate().map(|(i, s)| {
        let (ident, span) = (s.ident, s.span());
        match s.with {
            None => {
                let ty = s.ty;
                quote_spanned!(span=> #w.variable::<#ty>(&self.#ident)?;)
            }
            Some(with) => {
                let i = Literal::usize_unsuffixed(i);
                quote_spanned! {span=>
                    #w.variable_with(#i, &self.#ident, #with::ssz_len, #with::ssz_write)?;
                }
            }
        }
    });
    let var_mut = (!fields.slots.is_empty()).then(|| quote!(mut));
    let param = param(krate, "Sink");
    quote! {
        #[inline]
        fn ssz_write_to<#param>(
            &self,
            __sink: &mut __S,
        ) -> ::core::result::Result<(), <__S as #krate::#private::Sink>::Error> {
            let #var_mut #w = #krate::#private::ContainerStreamWriter::new(
                &Self::__PEAM_SSZ_FIXED_PART,
                __sink,
            );
            #(#fixed)*
            #(#variable)*
            #w.finish()
        }
    }
}

/// The fixed part read (each fixed-size field into a local `__fN`, each
/// offset checked), then each field in order into the value.
fn read_from(fields: &EncodedFields, hooks: &Hooks) -> TokenStream {
    let krate = fields.krate;
    let r = Ident::new("__r", Span::call_site());
    let locals: Vec<Ident> = (0..fields.slots.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let fixed = fields.slots.iter().zip(&locals).map(|(s, local)| {
        let span = s.span();
        match s.with {
            None => {
                let ty = s.ty;
                quote_spanned!(span=> let #local = #r.fixed::<#ty>()?;)
            }
            Some(with) => quote_spanned!(span=> let #local = #r.fixed_with(#with::from_ssz)?;),
        }
    });
    let values = fields.slots.iter().zip(&locals).map(|(s, local)| {
        let (ident, span) = (s.ident, s.span());
        match s.with {
            None => {
                let ty = s.ty;
                quote_spanned!(span=> #ident: #r.field::<#ty>(#local)?)
            }
            Some(with) => quote_spanned!(span=> #ident: #r.field_with(#local, #with::from_ssz)?),
        }
    });
    let skipped = fields.skipped.iter().map(|(ident, ty)| {
        quote_spanned!(ty.span()=> #ident: <#ty as ::core::default::Default>::default())
    });
    let var_mut = (!fields.slots.is_empty()).then(|| quote!(mut));
    let ok = hooks.ok(krate);
    let param = param(krate, "Source");
    quote! {
        #[inline]
        fn ssz_read_from<#param>(
            __source: &mut __S,
            __len: ::core::primitive::usize,
        ) -> ::core::result::Result<
            Self,
            #krate::#private::StreamError<<__S as #krate::#private::Source>::Error>,
        > {
            let #var_mut #r = #krate::#private::ContainerStreamReader::new(
                &Self::__PEAM_SSZ_FIXED_PART,
                __source,
                __len,
            )?;
            #(#fixed)*
            #krate::#private::stream_ok(#ok(Self { #(#values,)* #(#skipped,)* }))
        }
    }
}

/// A newtype's: the field's own, the value passed to the validation hook.
pub fn transparent(krate: &syn::Path, field: &Field, hooks: &Hooks) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let (member, ty) = (&field.member, field.ty);
    let ok = hooks.ok(krate);
    let (sink, source) = (param(krate, "Sink"), param(krate, "Source"));
    quote! {
        #[inline]
        fn ssz_write_to<#sink>(
            &self,
            __sink: &mut __S,
        ) -> ::core::result::Result<(), <__S as #krate::#private::Sink>::Error> {
            <#ty as #ssz>::ssz_write_to(&self.#member, __sink)
        }

        #[inline]
        fn ssz_read_from<#source>(
            __source: &mut __S,
            __len: ::core::primitive::usize,
        ) -> ::core::result::Result<
            Self,
            #krate::#private::StreamError<<__S as #krate::#private::Source>::Error>,
        > {
            match <#ty as #ssz>::ssz_read_from(__source, __len) {
                ::core::result::Result::Ok(__v) => #krate::#private::stream_ok(#ok(Self { #member: __v })),
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
            }
        }
    }
}

/// A union's: the selector byte, then the value of its variant streamed,
/// one arm per variant on the runtime's union helpers.
pub fn union(krate: &syn::Path, variants: &[UnionVariant]) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let p = quote!(#krate::#private);
    let mut write_arms = Vec::with_capacity(variants.len());
    let mut read_arms = Vec::with_capacity(variants.len());
    for variant in variants {
        let ident = variant.ident;
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            None => {
                write_arms.push(quote!(Self::#ident => #p::write_selector(__sink, #selector),));
                read_arms.push(quote! {
                    (#selector, __len) => match #p::read_none(__len) {
                        ::core::result::Result::Ok(()) => ::core::result::Result::Ok(Self::#ident),
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
                    },
                });
            }
            Some(ty) => {
                write_arms.push(quote! {
                    Self::#ident(__value) => match #p::write_selector(__sink, #selector) {
                        ::core::result::Result::Ok(()) => <#ty as #ssz>::ssz_write_to(__value, __sink),
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
                    },
                });
                read_arms.push(quote! {
                    (#selector, __len) => match #p::read_variant::<#ty, __S>(__source, __len, #selector) {
                        ::core::result::Result::Ok(__v) => ::core::result::Result::Ok(Self::#ident(__v)),
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
                    },
                });
            }
        }
    }
    let (sink, source) = (param(krate, "Sink"), param(krate, "Source"));
    quote! {
        #[inline]
        fn ssz_write_to<#sink>(
            &self,
            __sink: &mut __S,
        ) -> ::core::result::Result<(), <__S as #p::Sink>::Error> {
            match self {
                #(#write_arms)*
            }
        }

        #[inline]
        fn ssz_read_from<#source>(
            __source: &mut __S,
            __len: ::core::primitive::usize,
        ) -> ::core::result::Result<Self, #p::StreamError<<__S as #p::Source>::Error>> {
            match #p::read_selector(__source, __len)? {
                #(#read_arms)*
                (__selector, _) => #p::invalid_selector(__selector),
            }
        }
    }
}
