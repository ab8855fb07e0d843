//! `#[derive(ConsensusJson)]`: serde's `Serialize` and `Deserialize` in the
//! consensus JSON conventions, through the runtime crate's `json` module.
//!
//! Each field is one line of each direction; the visitors, key handling and
//! errors are the runtime crate's `json::__derive` helpers, compiled once.

use crate::common::{model_bounds, private, rejected, respan, wrap_in_const};
use crate::internals::ast::{ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::model;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type};

/// Expands `#[derive(ConsensusJson)]`.
pub fn expand(input: &DeriveInput) -> TokenStream {
    match model(input) {
        Ok(model) => wrap_in_const(impls(&model)),
        Err(err) => {
            let serde = err.krate.as_ref().map(|krate| serde_fallback(input, krate));
            let mut out = rejected(input, err, |krate| {
                let items = quote! {
                    fn serialize_json<__S: #krate::json::__derive::serde::Serializer>(
                        &self,
                        _: __S,
                    ) -> ::core::result::Result<__S::Ok, __S::Error> {
                        ::core::unreachable!()
                    }

                    fn deserialize_json<'de, __D: #krate::json::__derive::serde::Deserializer<'de>>(
                        _: __D,
                    ) -> ::core::result::Result<Self, __D::Error> {
                        ::core::unreachable!()
                    }
                };
                (quote!(#krate::json::ConsensusJson), items)
            });
            out.extend(serde);
            out
        }
    }
}

/// serde's traits for a rejected input, through its fallback
/// `ConsensusJson` impl, so that code serializing the type reports nothing
/// more than the input's errors.
fn serde_fallback(input: &DeriveInput, krate: &syn::Path) -> TokenStream {
    let ident = &input.ident;
    let serde = quote!(#krate::json::__derive::serde);
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let with_de = with_de_lifetime(&input.generics);
    let (de_impl_generics, _, _) = with_de.split_for_impl();
    wrap_in_const(quote_spanned! {ident.span()=>
        #[automatically_derived]
        impl #impl_generics #serde::Serialize for #ident #ty_generics #where_clause {
            fn serialize<__S: #serde::Serializer>(
                &self,
                __serializer: __S,
            ) -> ::core::result::Result<__S::Ok, __S::Error> {
                #krate::json::ConsensusJson::serialize_json(self, __serializer)
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #serde::Deserialize<'de> for #ident #ty_generics #where_clause {
            fn deserialize<__D: #serde::Deserializer<'de>>(
                __deserializer: __D,
            ) -> ::core::result::Result<Self, __D::Error> {
                <Self as #krate::json::ConsensusJson>::deserialize_json(__deserializer)
            }
        }
    })
}

fn impls(model: &Model) -> TokenStream {
    let krate = &model.krate;
    let json = quote!(#krate::json);
    let j = quote!(#json::__derive);
    let serde = quote!(#j::serde);
    let trait_path = quote!(#json::ConsensusJson);
    let ident = model.ident;

    let types: Vec<&Type> = match &model.shape {
        Shape::Container { fields, .. } => fields
            .iter()
            .filter(|f| f.is_encoded())
            .map(|f| f.ty)
            .collect(),
        Shape::Transparent(field) => vec![field.ty],
        Shape::Union { variants, .. } => variants.iter().filter_map(|v| v.ty).collect(),
    };
    let (generics, checks) = model_bounds(model, types, &trait_path);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let with_de = with_de_lifetime(&generics);
    let (de_impl_generics, _, _) = with_de.split_for_impl();

    let (write, read, helper) = match &model.shape {
        Shape::Container { fields, .. } => container(model, &j, fields, &generics),
        Shape::Transparent(field) => transparent(model, field),
        Shape::Union { variants, .. } => union(model, &j, variants, &generics),
    };
    quote! {
        #checks

        #[automatically_derived]
        impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
            fn serialize_json<__S: #serde::Serializer>(
                &self,
                __serializer: __S,
            ) -> ::core::result::Result<__S::Ok, __S::Error> {
                #write
            }

            fn deserialize_json<'de, __D: #serde::Deserializer<'de>>(
                __deserializer: __D,
            ) -> ::core::result::Result<Self, __D::Error> {
                #read
            }
        }

        #[automatically_derived]
        impl #impl_generics #serde::Serialize for #ident #ty_generics #where_clause {
            #[inline]
            fn serialize<__S: #serde::Serializer>(
                &self,
                __serializer: __S,
            ) -> ::core::result::Result<__S::Ok, __S::Error> {
                <Self as #trait_path>::serialize_json(self, __serializer)
            }
        }

        #[automatically_derived]
        impl #de_impl_generics #serde::Deserialize<'de> for #ident #ty_generics #where_clause {
            #[inline]
            fn deserialize<__D: #serde::Deserializer<'de>>(
                __deserializer: __D,
            ) -> ::core::result::Result<Self, __D::Error> {
                <Self as #trait_path>::deserialize_json(__deserializer)
            }
        }

        #helper
    }
}

/// `generics` with `'de` first.
fn with_de_lifetime(generics: &Generics) -> Generics {
    let mut generics = generics.clone();
    generics.params.insert(0, syn::parse_quote!('de));
    generics
}

/// A decoded value as `#[ssz(validate = "...")]` wants it: passed to the
/// hook, a refusal a serde error.
fn validated(model: &Model, krate: &syn::Path, value: TokenStream) -> TokenStream {
    match &model.validate {
        Some(path) => quote_spanned! {path.span()=>
            match #krate::#private::validated(#value, #path) {
                ::core::result::Result::Ok(__v) => ::core::result::Result::Ok(__v),
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(
                    #krate::json::__derive::serde::de::Error::custom(__e),
                ),
            }
        },
        None => quote!(::core::result::Result::Ok(#value)),
    }
}

/// The marker type that carries the generics into the read helper's impl.
fn marker(model: &Model) -> (TokenStream, TokenStream) {
    let ident = model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let marker = format_ident!("__{}Json", ident);
    let decl = quote! {
        struct #marker #impl_generics (::core::marker::PhantomData<fn() -> #ident #ty_generics>)
        #where_clause;
    };
    (quote!(#marker #ty_generics), decl)
}

/// A container: an object of its encoded fields, in order.
fn container(
    model: &Model,
    j: &TokenStream,
    fields: &[ContainerField],
    generics: &Generics,
) -> (TokenStream, TokenStream, TokenStream) {
    let krate = &model.krate;
    let ident = model.ident;
    let encoded: Vec<&ContainerField> = fields.iter().filter(|f| f.is_encoded()).collect();
    let count = encoded.len();
    let names: Vec<Literal> = encoded.iter().map(|f| Literal::string(&f.name)).collect();
    let members: Vec<&syn::Ident> = encoded.iter().map(|f| f.ident).collect();
    let slots: Vec<syn::Ident> = (0..count).map(|i| format_ident!("__f{}", i)).collect();
    let types: Vec<&Type> = encoded.iter().map(|f| f.ty).collect();
    let skipped: Vec<&syn::Ident> = fields
        .iter()
        .filter(|f| !f.is_encoded())
        .map(|f| f.ident)
        .collect();

    // Each use of a field's type carries its span: a type with no
    // consensus JSON is reported at the field.
    let entries = encoded.iter().zip(&names).map(|(f, name)| {
        let (span, ty, member) = (f.ty.span(), f.ty, f.ident);
        let j = respan(j.clone(), span);
        quote_spanned!(span=> #j::entry::<_, #ty>(__map, #name, &self.#member)?;)
    });
    let reads = encoded
        .iter()
        .zip(&names)
        .zip(&slots)
        .map(|((f, name), slot)| {
            let (span, ty) = (f.ty.span(), f.ty);
            let j = respan(j.clone(), span);
            quote_spanned!(span=> #name => #j::field::<_, #ty>(&mut __map, &mut #slot, #name)?,)
        });
    let write = quote! {
        #j::struct_to_json(__serializer, #count, |__map| {
            #(#entries)*
            ::core::result::Result::Ok(())
        })
    };
    let (marker_ty, decl) = marker(model);
    let read = quote!(#j::struct_from_json::<__D, #marker_ty>(__deserializer));

    let with_de = with_de_lifetime(generics);
    let (de_impl_generics, _, where_clause) = with_de.split_for_impl();
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let value = quote! {
        #ident {
            #(#members: #j::required(#slots, #names)?,)*
            #(#skipped: ::core::default::Default::default(),)*
        }
    };
    let value = validated(model, krate, value);
    let helper = quote! {
        #decl

        #[automatically_derived]
        impl #de_impl_generics #j::StructData<'de> for #marker_ty #where_clause {
            type Value = #ident #ty_generics;
            const NAME: &'static ::core::primitive::str = ::core::stringify!(#ident);
            const FIELDS: &'static [&'static ::core::primitive::str] = &[#(#names),*];

            fn read<__A: #j::serde::de::MapAccess<'de>>(
                mut __map: __A,
            ) -> ::core::result::Result<Self::Value, __A::Error> {
                #(let mut #slots: ::core::option::Option<#types> = ::core::option::Option::None;)*
                while let ::core::option::Option::Some(__key) =
                    __map.next_key::<#j::Key<'de>>()?
                {
                    match __key.as_str() {
                        #(#reads)*
                        __other => {
                            return ::core::result::Result::Err(#j::unknown(__other, Self::FIELDS))
                        }
                    }
                }
                #value
            }
        }
    };
    (write, read, helper)
}

/// A transparent newtype: its field's JSON.
fn transparent(model: &Model, field: &Field) -> (TokenStream, TokenStream, TokenStream) {
    let krate = &model.krate;
    let (member, ty) = (&field.member, field.ty);
    let write = quote! {
        <#ty as #krate::json::ConsensusJson>::serialize_json(&self.#member, __serializer)
    };
    let value = validated(model, krate, quote!(Self { #member: __v }));
    let read = quote! {
        let __v = <#ty as #krate::json::ConsensusJson>::deserialize_json(__deserializer)?;
        #value
    };
    (write, read, TokenStream::new())
}

/// A union or compatible union: `{"selector": n, "data": ...}`.
fn union(
    model: &Model,
    j: &TokenStream,
    variants: &[UnionVariant],
    generics: &Generics,
) -> (TokenStream, TokenStream, TokenStream) {
    let krate = &model.krate;
    let ident = model.ident;
    let write_arms = variants.iter().map(|v| {
        let (name, selector) = (v.ident, v.selector);
        match v.ty {
            None => quote!(Self::#name => #j::none_to_json(__serializer),),
            Some(ty) => {
                let j = respan(j.clone(), ty.span());
                quote_spanned! {ty.span()=>
                    Self::#name(__v) => #j::union_to_json::<_, #ty>(__serializer, #selector, __v),
                }
            }
        }
    });
    let write = quote! {
        match self {
            #(#write_arms)*
        }
    };
    let (marker_ty, decl) = marker(model);
    let read = quote! {
        #j::union_from_json::<__D, #marker_ty>(__deserializer, ::core::stringify!(#ident))
    };

    let with_de = with_de_lifetime(generics);
    let (de_impl_generics, _, where_clause) = with_de.split_for_impl();
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let turbofish = ty_generics.as_turbofish();
    let selectors = variants.iter().map(|v| v.selector);
    let read_arms = variants.iter().map(|v| {
        let (name, selector) = (v.ident, v.selector);
        let value = match v.ty {
            None => quote!({
                #j::none_data(__data)?;
                #ident #turbofish :: #name
            }),
            Some(ty) => {
                let j = respan(j.clone(), ty.span());
                quote_spanned!(ty.span()=> #ident #turbofish :: #name(#j::data::<_, #ty>(__data)?))
            }
        };
        let value = validated(model, krate, value);
        quote!(#selector => #value,)
    });
    let helper = quote! {
        #decl

        #[automatically_derived]
        impl #de_impl_generics #j::UnionData<'de> for #marker_ty #where_clause {
            type Value = #ident #ty_generics;
            const SELECTORS: &'static [::core::primitive::u8] = &[#(#selectors),*];

            fn read<__D: #j::serde::Deserializer<'de>>(
                __selector: ::core::primitive::u8,
                __data: __D,
            ) -> ::core::result::Result<Self::Value, __D::Error> {
                match __selector {
                    #(#read_arms)*
                    _ => ::core::result::Result::Err(#j::serde::de::Error::custom(
                        "a selector of no option",
                    )),
                }
            }
        }
    };
    (write, read, helper)
}
