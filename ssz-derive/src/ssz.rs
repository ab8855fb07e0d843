//! `#[derive(Ssz)]`: encoding and strict decoding.
//!
//! A container's code is one call per field and method on the walkers of
//! the runtime crate's container codec (`__private_<version>::ContainerWriter`,
//! `ContainerDecoder`, ...), which do the per-field work generically. The
//! fixed part (`__private_<version>::FixedPart`: each field's position in it,
//! whether the container is fixed-size) is a constant computed at compile time from the fields'
//! `IS_FIXED_SIZE` and `FIXED_PART_LEN`, so every position is a constant
//! once the impl is monomorphized and only one of the fixed- and
//! variable-size paths of each field survives in the compiled code; a
//! fixed-size container reslices its input to its constant length first,
//! which lets the compiler drop the bounds checks of the field ranges.

use crate::common::{model_bounds, private, rejected, with_field_bounds, wrap_in_const, BoundsAt};
use crate::fields::EncodedFields;
use crate::hooks::Hooks;
use crate::internals::ast::{Codec, ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::model;
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Type};

/// Expands `#[derive(Ssz)]`.
pub fn expand(input: &DeriveInput) -> TokenStream {
    match model(input) {
        Ok(model) => {
            let (view_struct, view_impls) = crate::view::ssz_view(input, &model);
            let ssz = impl_ssz(&model);
            let impls = wrap_in_const(quote!(#view_impls #ssz));
            quote!(#view_struct #impls)
        }
        Err(err) => rejected(input, err, |krate| {
            let items = quote! {
                const IS_FIXED_SIZE: ::core::primitive::bool = false;
                const FIXED_PART_LEN: ::core::primitive::usize = #krate::BYTES_PER_LENGTH_OFFSET;
                fn ssz_len(&self) -> ::core::primitive::usize {
                    ::core::unreachable!()
                }
                fn ssz_write(&self, _: &mut [::core::primitive::u8]) {
                    ::core::unreachable!()
                }
                fn from_ssz(
                    _: &[::core::primitive::u8],
                ) -> ::core::result::Result<Self, #krate::DecodeError> {
                    ::core::unreachable!()
                }
            };
            (quote!(#krate::Ssz), items)
        }),
    }
}

fn impl_ssz(model: &Model) -> TokenStream {
    let krate = &model.krate;
    let ssz = quote!(#krate::Ssz);
    let mut inherent = None;
    let (types, body): (Vec<&Type>, TokenStream) = match &model.shape {
        Shape::Container { fields, .. } => {
            let (body, fixed_part) = container(krate, fields, &Hooks::new(model));
            inherent = Some(fixed_part);
            (
                fields
                    .iter()
                    .filter_map(ContainerField::bounded_type)
                    .collect(),
                body,
            )
        }
        Shape::Transparent(field) => (
            vec![field.ty],
            transparent(krate, field, &Hooks::new(model)),
        ),
        Shape::Union { variants, .. } => (
            variants.iter().filter_map(|v| v.ty).collect(),
            union(krate, variants),
        ),
    };
    let (mut generics, mut checks) = model_bounds(model, types, &ssz);
    if let Shape::Container { fields, .. } = &model.shape {
        // Skipped fields decode as `Default::default()`: their types are
        // bounded by `Default` as the others are by `Ssz`.
        let skipped = fields
            .iter()
            .filter(|f| matches!(f.codec, Codec::Skip))
            .map(|f| f.ty);
        let default = quote!(::core::default::Default);
        let (bounded, default_checks) =
            with_field_bounds(&generics, model.ident, skipped, &default, BoundsAt::Field);
        generics = bounded;
        checks.extend(default_checks);
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    let eager = Hooks::new(model).eager_check(krate);
    let inherent = inherent.map(|items| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #ident #ty_generics #where_clause {
                #items
            }
        }
    });
    quote! {
        #checks
        #inherent

        #[automatically_derived]
        impl #impl_generics #ssz for #ident #ty_generics #where_clause {
            #body
        }
        #eager
    }
}

impl EncodedFields<'_> {
    /// `&Self::__PEAM_SSZ_FIXED_PART`.
    fn fixed_part(&self) -> TokenStream {
        quote!(&Self::__PEAM_SSZ_FIXED_PART)
    }

    /// The inherent const that holds the fixed part, computed at compile time
    /// from the fields' shapes.
    fn fixed_part_const(&self) -> TokenStream {
        let krate = self.krate;
        let n = Literal::usize_unsuffixed(self.slots.len());
        let shapes = self.slots.iter().map(|s| s.shape(krate));
        quote! {
            #[doc(hidden)]
            const __PEAM_SSZ_FIXED_PART: #krate::#private::FixedPart<#n> =
                #krate::#private::FixedPart::new([#(#shapes),*]);
        }
    }

    /// `IS_FIXED_SIZE`, `FIXED_PART_LEN` and `EXACT_LEN`: the fixed part's, or
    /// those a `fixed_len` container declares.
    fn consts(&self) -> TokenStream {
        let exact = quote!(Self::__PEAM_SSZ_FIXED_PART.exact_len());
        if let Some(consts) = self.hooks.fixed_len_consts(self.krate, &exact) {
            return consts;
        }
        quote! {
            const IS_FIXED_SIZE: ::core::primitive::bool = Self::__PEAM_SSZ_FIXED_PART.is_fixed();
            const FIXED_PART_LEN: ::core::primitive::usize =
                Self::__PEAM_SSZ_FIXED_PART.fixed_part_len();
            const EXACT_LEN: ::core::option::Option<::core::primitive::usize> = #exact;
        }
    }

    /// The `let` of a walker and its calls, one per field: `mut` only when
    /// there is a field to call it for.
    fn walk(&self, walker: &Ident, new: TokenStream, calls: Vec<TokenStream>) -> TokenStream {
        let var_mut = (!calls.is_empty()).then(|| quote!(mut));
        quote! {
            let #var_mut #walker = #new;
            #(#calls)*
        }
    }

    fn ssz_len(&self) -> TokenStream {
        let (krate, fixed_part) = (self.krate, self.fixed_part());
        let c = Ident::new("__c", proc_macro2::Span::call_site());
        let calls = self
            .slots
            .iter()
            .map(|s| s.visit(&c, "field", &["ssz_len"]))
            .collect();
        let walk = self.walk(
            &c,
            quote!(#krate::#private::LenCounter::new(#fixed_part)),
            calls,
        );
        quote! {
            #[inline]
            fn ssz_len(&self) -> ::core::primitive::usize {
                #walk
                #c.finish()
            }
        }
    }

    fn ssz_write(&self) -> TokenStream {
        let (krate, fixed_part) = (self.krate, self.fixed_part());
        let w = Ident::new("__w", proc_macro2::Span::call_site());
        let calls = self
            .slots
            .iter()
            .map(|s| s.visit(&w, "field", &["ssz_len", "ssz_write"]))
            .collect();
        let walk = self.walk(
            &w,
            quote!(#krate::#private::ContainerWriter::new(#fixed_part, __out)),
            calls,
        );
        quote! {
            #[inline]
            fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
                #walk
            }
        }
    }

    /// `ssz_write_uninit`: a fixed-size container's fields written one after
    /// the other into memory not yet initialised, each once. A container
    /// with a field coded `with` a module keeps the default (zeroed, then
    /// `ssz_write`): the module has no such writer.
    fn write_uninit(&self) -> TokenStream {
        let (krate, ssz) = (self.krate, &self.ssz);
        if self.slots.iter().any(|s| s.with.is_some()) {
            return TokenStream::new();
        }
        let w = Ident::new("__writer", proc_macro2::Span::call_site());
        let calls = self.slots.iter().map(|s| s.visit(&w, "put", &[])).collect();
        let walk = self.walk(&w, quote!(#krate::#private::FixedWriter::new(__out)), calls);
        let byte = quote!(::core::primitive::u8);
        quote! {
            #[inline]
            fn ssz_write_uninit<'__ssz_out>(
                &self,
                __out: &'__ssz_out mut [::core::mem::MaybeUninit<#byte>],
            ) -> &'__ssz_out mut [#byte] {
                if Self::__PEAM_SSZ_FIXED_PART.is_fixed() {
                    #walk
                    #w.finish()
                } else {
                    #krate::#private::write_zeroed(self, __out, <Self as #ssz>::ssz_write)
                }
            }
        }
    }

    /// Each fixed-size field appended and each offset pushed in order, then
    /// each variable-size field appended, so that the output is written
    /// once, without a cleared copy first.
    fn ssz_append(&self) -> TokenStream {
        let (krate, fixed_part) = (self.krate, self.fixed_part());
        let a = Ident::new("__a", proc_macro2::Span::call_site());
        let fns = ["ssz_len", "ssz_write"];
        let mut calls: Vec<TokenStream> = self
            .slots
            .iter()
            .map(|s| s.visit(&a, "fixed", &fns))
            .collect();
        calls.extend(self.slots.iter().enumerate().map(|(i, s)| match s.with {
            None => s.visit(&a, "variable", &[]),
            Some(with) => {
                let (ident, i) = (s.ident, Literal::usize_unsuffixed(i));
                quote_spanned! {with.span()=>
                    #a.variable_with(#i, &self.#ident, #with::ssz_len, #with::ssz_write);
                }
            }
        }));
        let walk = self.walk(
            &a,
            quote!(#krate::#private::ContainerAppender::new(#fixed_part, __buf)),
            calls,
        );
        quote! {
            #[inline]
            fn ssz_append(&self, __buf: &mut #krate::#private::Vec<::core::primitive::u8>) {
                #walk
            }
        }
    }

    /// `from_ssz`, strict decoding: the decoder checks the length or the
    /// offsets, then each field is decoded from its bytes.
    fn decode(&self) -> TokenStream {
        let (krate, fixed_part) = (self.krate, self.fixed_part());
        let error = quote!(#krate::DecodeError);
        let decoded = self.slots.iter().map(|slot| {
            let ident = slot.ident;
            match slot.with {
                None => {
                    let ty = slot.ty;
                    quote_spanned!(ty.span()=> #ident: __d.field::<#ty>()?)
                }
                Some(with) => {
                    quote_spanned!(with.span()=> #ident: __d.field_with(#with::from_ssz)?)
                }
            }
        });
        let skipped = self.skipped.iter().map(|(ident, ty)| {
            let default = quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default());
            quote!(#ident: #default)
        });
        let var_mut = (!self.slots.is_empty()).then(|| quote!(mut));
        let (length_check, ok) = (self.hooks.length_check(krate), self.hooks.ok(krate));
        quote! {
            #[inline]
            fn from_ssz(
                __bytes: &[::core::primitive::u8],
            ) -> ::core::result::Result<Self, #error> {
                #length_check
                let #var_mut __d = #krate::#private::ContainerDecoder::new(#fixed_part, __bytes)?;
                #ok(Self { #(#decoded,)* #(#skipped,)* })
            }
        }
    }
}

/// A container (simple-serialize.md, "Vectors, containers, ..."): the fixed
/// part (fixed-size fields, and offsets of variable-size ones), then the
/// variable-size fields in order. Skipped fields take no part. Returns the
/// items of the `Ssz` impl and those of the type's inherent impl (the
/// `FixedPart` const).
fn container<'a>(
    krate: &'a syn::Path,
    fields: &'a [ContainerField<'a>],
    hooks: &'a Hooks<'a>,
) -> (TokenStream, TokenStream) {
    let encoded = EncodedFields::new(krate, fields, hooks);
    let items = [
        encoded.consts(),
        encoded.ssz_len(),
        encoded.ssz_write(),
        encoded.ssz_append(),
        encoded.write_uninit(),
        encoded.decode(),
        crate::stream::container(&encoded, hooks),
    ];
    (quote!(#(#items)*), encoded.fixed_part_const())
}

/// A newtype: every item forwards to the field's type.
fn transparent(krate: &syn::Path, field: &Field, hooks: &Hooks) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let (member, ty) = (&field.member, field.ty);
    let ok = hooks.ok(krate);
    let (from_many, many_arg) = (hooks.many_helper(krate), hooks.many_arg());
    let check_array = hooks.check_array(krate);
    let vec = quote!(#krate::#private::Vec<::core::primitive::u8>);
    let stream = crate::stream::transparent(krate, field, hooks);
    quote! {
        const IS_FIXED_SIZE: ::core::primitive::bool = <#ty as #ssz>::IS_FIXED_SIZE;
        const FIXED_PART_LEN: ::core::primitive::usize = <#ty as #ssz>::FIXED_PART_LEN;
        const EXACT_LEN: ::core::option::Option<::core::primitive::usize> =
            <#ty as #ssz>::EXACT_LEN;

        #[inline]
        fn ssz_len(&self) -> ::core::primitive::usize {
            <#ty as #ssz>::ssz_len(&self.#member)
        }

        #[inline]
        fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
            <#ty as #ssz>::ssz_write(&self.#member, __out)
        }

        #[inline]
        fn ssz_write_uninit<'__ssz_out>(
            &self,
            __out: &'__ssz_out mut [::core::mem::MaybeUninit<::core::primitive::u8>],
        ) -> &'__ssz_out mut [::core::primitive::u8] {
            <#ty as #ssz>::ssz_write_uninit(&self.#member, __out)
        }

        #[inline]
        fn from_ssz(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, #krate::DecodeError> {
            match <#ty as #ssz>::from_ssz(__bytes) {
                ::core::result::Result::Ok(__v) => #ok(Self { #member: __v }),
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
            }
        }

        #[inline]
        fn ssz_append(&self, __buf: &mut #vec) {
            <#ty as #ssz>::ssz_append(&self.#member, __buf)
        }

        #[inline]
        fn to_ssz(&self) -> #vec {
            <#ty as #ssz>::to_ssz(&self.#member)
        }

        // The bulk paths of the inner type, so that a list of `Gwei(u64)`
        // encodes, decodes and hashes as a list of `u64` does.
        #[inline]
        fn ssz_write_many(__values: &[Self], __out: &mut [::core::primitive::u8]) {
            #krate::#private::transparent_write_many(__values, __out, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn from_ssz_many(
            __bytes: &[::core::primitive::u8],
            __out: &mut #krate::#private::Vec<Self>,
        ) -> ::core::result::Result<(), #krate::DecodeError> {
            #from_many(
                __bytes,
                __out,
                |__v: #ty| Self { #member: __v },
                |__w: Self| __w.#member,
                #many_arg
            )
        }

        #[inline]
        fn ssz_append_many(__values: &[Self], __buf: &mut #vec) {
            #krate::#private::transparent_append_many(__values, __buf, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn from_ssz_array<const __N: ::core::primitive::usize>(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<[Self; __N], #krate::DecodeError> {
            match <#ty as #ssz>::from_ssz_array::<__N>(__bytes) {
                ::core::result::Result::Ok(__a) => {
                    let __a = __a.map(|__v: #ty| Self { #member: __v });
                    #check_array
                    ::core::result::Result::Ok(__a)
                }
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
            }
        }

        #stream
    }
}

/// A union or compatible union (simple-serialize.md, "Union", "Compatible
/// unions"): the selector byte, then the value; `None` is the byte 0 alone.
fn union(krate: &syn::Path, variants: &[UnionVariant]) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let error = quote!(#krate::DecodeError);
    let kind = quote!(#krate::DecodeErrorKind);
    let mut len_arms = Vec::with_capacity(variants.len());
    let mut write_arms = Vec::with_capacity(variants.len());
    let mut decode_arms = Vec::with_capacity(variants.len());
    let stream = crate::stream::union(krate, variants);
    for variant in variants {
        let ident = variant.ident;
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            None => {
                len_arms.push(quote!(Self::#ident => 1,));
                write_arms.push(quote!(Self::#ident => { __out[0] = 0; }));
                decode_arms.push(quote! {
                    0u8 => if __body.is_empty() {
                        ::core::result::Result::Ok(Self::#ident)
                    } else {
                        ::core::result::Result::Err(#error::new(#kind::NonePayload))
                    },
                });
            }
            Some(ty) => {
                len_arms.push(quote! {
                    Self::#ident(__value) => 1 + <#ty as #ssz>::ssz_len(__value),
                });
                write_arms.push(quote! {
                    Self::#ident(__value) => {
                        __out[0] = #selector;
                        <#ty as #ssz>::ssz_write(__value, &mut __out[1..]);
                    }
                });
                decode_arms.push(quote! {
                    #selector => match <#ty as #ssz>::from_ssz(__body) {
                        ::core::result::Result::Ok(__v) => ::core::result::Result::Ok(Self::#ident(__v)),
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e.in_selector(#selector)),
                    },
                });
            }
        }
    }
    quote! {
        const IS_FIXED_SIZE: ::core::primitive::bool = false;
        const FIXED_PART_LEN: ::core::primitive::usize = #krate::BYTES_PER_LENGTH_OFFSET;

        #[inline]
        fn ssz_len(&self) -> ::core::primitive::usize {
            match self {
                #(#len_arms)*
            }
        }

        #[inline]
        fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
            match self {
                #(#write_arms)*
            }
        }

        #[inline]
        fn from_ssz(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, #error> {
            let (__selector, __body) = match __bytes.split_first() {
                ::core::option::Option::Some((__selector, __body)) => (*__selector, __body),
                ::core::option::Option::None => {
                    return ::core::result::Result::Err(#error::new(#kind::MissingSelector));
                }
            };
            match __selector {
                #(#decode_arms)*
                _ => ::core::result::Result::Err(#error::new(#kind::InvalidSelector(__selector))),
            }
        }

        #stream
    }
}
