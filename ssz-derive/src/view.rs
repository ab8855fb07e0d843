//! Views, from both derives: `#[derive(Ssz)]` writes a container's or
//! union's view struct (`{Name}View<'ssz, ..>`, beside the type) with an
//! accessor per field, and the `SszView` impl that validates bytes as
//! `from_ssz` does (the same walker, `ContainerDecoder`, each field
//! validated instead of decoded); `#[derive(TreeHash)]` writes the
//! `TreeHashView` impl that roots and proves from the bytes.
//!
//! The impls are bounded per field type by the view traits under the same
//! rules as the others, at the derive and without the checks beside them
//! (`common::BoundsAt::Derive`): a container of a field type that has no
//! view still derives, and only its view is missing.

use crate::common::{edition_type, private, with_field_bounds, BoundsAt};
use crate::internals::ast::{Codec, ContainerField, Model, Shape, UnionVariant};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type};

/// `generics` with `'ssz` in front.
fn with_view_lifetime(generics: &Generics) -> Generics {
    let mut generics = generics.clone();
    generics.params.insert(0, syn::parse_quote!('ssz));
    generics
}

/// The bounds of a view impl: each encoded field type by `trait_path`,
/// each skipped one by `Default` (as the `Ssz` impl, whose fixed part the
/// view reads), with no check items beside them.
fn view_bounds(model: &Model, trait_path: &TokenStream) -> Generics {
    let (types, skipped): (Vec<&Type>, Vec<&Type>) = match &model.shape {
        Shape::Container { fields, .. } => (
            fields
                .iter()
                .filter_map(ContainerField::bounded_type)
                .collect(),
            fields
                .iter()
                .filter(|f| matches!(f.codec, Codec::Skip))
                .map(|f| f.ty)
                .collect(),
        ),
        Shape::Transparent(field) => (vec![field.ty], Vec::new()),
        Shape::Union { variants, .. } => {
            (variants.iter().filter_map(|v| v.ty).collect(), Vec::new())
        }
    };
    let (generics, _) = with_field_bounds(
        model.generics,
        model.ident,
        types,
        trait_path,
        BoundsAt::Derive,
    );
    let default = quote!(::core::default::Default);
    with_field_bounds(&generics, model.ident, skipped, &default, BoundsAt::Derive).0
}

/// The visibility of each named field of `input`.
fn field_vis<'a>(input: &'a DeriveInput, ident: &Ident) -> Option<&'a syn::Visibility> {
    match &input.data {
        syn::Data::Struct(data) => data
            .fields
            .iter()
            .find(|f| f.ident.as_ref() == Some(ident))
            .map(|f| &f.vis),
        _ => None,
    }
}

/// `#[derive(Ssz)]`'s view items: the view struct (returned first, to be
/// emitted beside the type) and the impls (to go in the `const _` block).
pub fn ssz_view(input: &DeriveInput, model: &Model) -> (TokenStream, TokenStream) {
    let krate = &model.krate;
    let view = quote!(#krate::#private::view);
    let ident = model.ident;
    let view_ident = format_ident!("{}View", ident);
    let vis = &input.vis;
    let (_, ty_generics, where_clause) = model.generics.split_for_impl();
    let view_generics = with_view_lifetime(model.generics);
    let (v_impl, v_ty, _) = view_generics.split_for_impl();
    let params = &view_generics.params;
    let doc = Literal::string(&format!(
        "A view of [`{ident}`]: an encoding validated as decoding would, read in place.\n\n\
         Made by `view::<{ident}>(bytes)`; each accessor reads its field where it lies, \
         and the `View` trait gives the bytes, the value, the root and the nodes."
    ));
    let outside = quote! {
        #[doc = #doc]
        #vis struct #view_ident <#params> #where_clause {
            __bytes: &'ssz [::core::primitive::u8],
            __marker: ::core::marker::PhantomData<fn() -> #ident #ty_generics>,
        }
    };
    let bounds = view_bounds(model, &quote!(#view::SszView));
    let (impl_generics, _, bounded_where) = bounds.split_for_impl();
    let bounded_view = {
        let mut g = with_view_lifetime(&bounds);
        g.make_where_clause();
        g
    };
    let (bv_impl, _, bv_where) = bounded_view.split_for_impl();
    let (accessors, validate, field_bytes) = match &model.shape {
        Shape::Container { fields, .. } => container(input, model, fields),
        Shape::Union { variants, .. } => union(krate, vis, variants),
        Shape::Transparent(field) => return (TokenStream::new(), transparent(model, field.ty)),
    };
    let u8_ = quote!(::core::primitive::u8);
    let name = Literal::string(&view_ident.to_string());
    let inside = quote! {
        #[automatically_derived]
        impl #v_impl ::core::clone::Clone for #view_ident #v_ty #where_clause {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl #v_impl ::core::marker::Copy for #view_ident #v_ty #where_clause {}

        #[automatically_derived]
        impl #v_impl ::core::fmt::Debug for #view_ident #v_ty #where_clause {
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                __f.debug_struct(#name).field("len", &self.__bytes.len()).finish()
            }
        }

        #[automatically_derived]
        #[allow(dead_code, non_snake_case)]
        impl #bv_impl #view_ident #v_ty #bv_where {
            #accessors
        }

        #[automatically_derived]
        impl #v_impl #view::View<'ssz> for #view_ident #v_ty
        where
            for<'__peam> #ident #ty_generics: #view::SszView<View<'ssz> = Self>,
        {
            type Value = #ident #ty_generics;

            #[inline]
            fn as_ssz_bytes(&self) -> &'ssz [#u8_] {
                self.__bytes
            }
        }

        #[automatically_derived]
        impl #impl_generics #view::SszView for #ident #ty_generics #bounded_where {
            type View<'ssz> = #view_ident #v_ty;
            type ArrayView<'ssz, const __N: ::core::primitive::usize> =
                #view::SeqView<'ssz, [Self; __N]>;

            #[inline]
            fn validate_ssz(__bytes: &[#u8_]) -> ::core::result::Result<(), #krate::DecodeError> {
                #validate
            }

            #[inline]
            fn view_unchecked(__bytes: &[#u8_]) -> Self::View<'_> {
                #view_ident { __bytes, __marker: ::core::marker::PhantomData }
            }

            #[inline]
            fn array_view_unchecked<const __N: ::core::primitive::usize>(
                __bytes: &[#u8_],
            ) -> #view::SeqView<'_, [Self; __N]> {
                #view::SeqView::new_unchecked(__bytes)
            }

            #field_bytes
        }
    };
    (outside, inside)
}

/// A container's accessors, `validate_ssz` body and `field_ssz_bytes`.
fn container(
    input: &DeriveInput,
    model: &Model,
    fields: &[ContainerField],
) -> (TokenStream, TokenStream, TokenStream) {
    let krate = &model.krate;
    let view = quote!(#krate::#private::view);
    let ident = model.ident;
    let (_, ty_generics, _) = model.generics.split_for_impl();
    let fixed_part = quote!(<#ident #ty_generics>::__PEAM_SSZ_FIXED_PART);
    let encoded: Vec<&ContainerField> = fields.iter().filter(|f| f.is_encoded()).collect();
    let accessors = encoded.iter().enumerate().map(|(i, f)| {
        let (member, ty) = (f.ident, f.ty);
        let vis = field_vis(input, member);
        let i = Literal::usize_unsuffixed(i);
        let bytes = quote!(#fixed_part.field_bytes(self.__bytes, #i));
        match &f.codec {
            Codec::With(with) => {
                let doc = Literal::string(&format!(
                    "The encoding of `{}`, coded by `{}`.",
                    f.name,
                    quote!(#with).to_string().replace(' ', "")
                ));
                quote! {
                    #[doc = #doc]
                    #[inline]
                    #vis fn #member(&self) -> &'ssz [::core::primitive::u8] {
                        #bytes
                    }
                }
            }
            _ => {
                let doc = Literal::string(&format!("The field `{}`, read in place.", f.name));
                quote! {
                    #[doc = #doc]
                    #[inline]
                    #vis fn #member(&self) -> <#ty as #view::SszView>::View<'ssz> {
                        <#ty as #view::SszView>::view_unchecked(#bytes)
                    }
                }
            }
        }
    });
    let accessors = quote!(#(#accessors)*);
    let hooks = crate::hooks::Hooks::new(model);
    let validate = if model.validate.is_some() {
        // The hook needs the value: decoded (on the stack for the
        // fixed-size containers such hooks are written for).
        quote!(<Self as #krate::Ssz>::from_ssz(__bytes).map(::core::mem::drop))
    } else {
        let length_check = hooks.length_check(krate);
        let calls = encoded.iter().map(|f| match &f.codec {
            Codec::With(with) => quote_spanned!(with.span()=> __d.validate_with(#with::from_ssz)?;),
            _ => {
                let ty = f.ty;
                quote_spanned!(ty.span()=> __d.validate::<#ty>()?;)
            }
        });
        quote! {
            #length_check
            let mut __d = #krate::#private::ContainerDecoder::new(
                &Self::__PEAM_SSZ_FIXED_PART,
                __bytes,
            )?;
            #(#calls)*
            ::core::result::Result::Ok(())
        }
    };
    let field_bytes = quote! {
        #[inline]
        fn field_ssz_bytes(
            __bytes: &[::core::primitive::u8],
            __index: ::core::primitive::usize,
        ) -> &[::core::primitive::u8] {
            Self::__PEAM_SSZ_FIXED_PART.field_bytes(__bytes, __index)
        }
    };
    (accessors, validate, field_bytes)
}

/// `snake_case` of a variant's name, for its accessor.
fn snake(ident: &Ident) -> Ident {
    let name = ident.to_string();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    if syn::parse_str::<Ident>(&out).is_err() {
        return format_ident!("r#{}", out);
    }
    Ident::new(&out, ident.span())
}

/// A union's accessors (the selector, and the value of each option as an
/// `Option`), and `validate_ssz`, in the order of checks of its `from_ssz`.
fn union(
    krate: &syn::Path,
    vis: &syn::Visibility,
    variants: &[UnionVariant],
) -> (TokenStream, TokenStream, TokenStream) {
    let view = quote!(#krate::#private::view);
    let error = quote!(#krate::DecodeError);
    let kind = quote!(#krate::DecodeErrorKind);
    let mut accessors = vec![quote! {
        /// The selector: which option the value is.
        #[inline]
        #vis fn selector(&self) -> ::core::primitive::u8 {
            self.__bytes[0]
        }

        /// The encoding of the value, after the selector.
        #[inline]
        #vis fn value_ssz_bytes(&self) -> &'ssz [::core::primitive::u8] {
            &self.__bytes[1..]
        }
    }];
    let mut arms = Vec::with_capacity(variants.len());
    for variant in variants {
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            None => arms.push(quote! {
                0u8 => if __body.is_empty() {
                    ::core::result::Result::Ok(())
                } else {
                    ::core::result::Result::Err(#error::new(#kind::NonePayload))
                },
            }),
            Some(ty) => {
                let name = snake(variant.ident);
                let doc = Literal::string(&format!(
                    "The value of option `{}` (selector {}), if the union holds it.",
                    variant.ident, variant.selector
                ));
                accessors.push(quote_spanned! {ty.span()=>
                    #[doc = #doc]
                    #[inline]
                    #vis fn #name(&self) -> ::core::option::Option<<#ty as #view::SszView>::View<'ssz>> {
                        if self.__bytes[0] == #selector {
                            ::core::option::Option::Some(<#ty as #view::SszView>::view_unchecked(&self.__bytes[1..]))
                        } else {
                            ::core::option::Option::None
                        }
                    }
                });
                arms.push(quote! {
                    #selector => match <#ty as #view::SszView>::validate_ssz(__body) {
                        ::core::result::Result::Ok(()) => ::core::result::Result::Ok(()),
                        ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e.in_selector(#selector)),
                    },
                });
            }
        }
    }
    let validate = quote! {
        let (__selector, __body) = match __bytes.split_first() {
            ::core::option::Option::Some((__selector, __body)) => (*__selector, __body),
            ::core::option::Option::None => {
                return ::core::result::Result::Err(#error::new(#kind::MissingSelector));
            }
        };
        match __selector {
            #(#arms)*
            _ => ::core::result::Result::Err(#error::new(#kind::InvalidSelector(__selector))),
        }
    };
    (quote!(#(#accessors)*), validate, TokenStream::new())
}

/// A newtype's `SszView`: its field's view, its field's checks (and the
/// hook's, on the decoded value).
fn transparent(model: &Model, ty: &Type) -> TokenStream {
    let krate = &model.krate;
    let view = quote!(#krate::#private::view);
    let ident = model.ident;
    let bounds = view_bounds(model, &quote!(#view::SszView));
    let (impl_generics, ty_generics, where_clause) = bounds.split_for_impl();
    let u8_ = quote!(::core::primitive::u8);
    let result = quote!(::core::result::Result<(), #krate::DecodeError>);
    let validate = match &model.validate {
        Some(_) => quote! {
            #[inline]
            fn validate_ssz(__bytes: &[#u8_]) -> #result {
                <Self as #krate::Ssz>::from_ssz(__bytes).map(::core::mem::drop)
            }
        },
        None => quote! {
            #[inline]
            fn validate_ssz(__bytes: &[#u8_]) -> #result {
                <#ty as #view::SszView>::validate_ssz(__bytes)
            }

            #[inline]
            fn validate_ssz_many(__bytes: &[#u8_]) -> #result {
                <#ty as #view::SszView>::validate_ssz_many(__bytes)
            }
        },
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #view::SszView for #ident #ty_generics #where_clause {
            type View<'ssz> = <#ty as #view::SszView>::View<'ssz>;
            type ArrayView<'ssz, const __N: ::core::primitive::usize> =
                #view::SeqView<'ssz, [Self; __N]>;

            #validate

            #[inline]
            fn view_unchecked(__bytes: &[#u8_]) -> Self::View<'_> {
                <#ty as #view::SszView>::view_unchecked(__bytes)
            }

            #[inline]
            fn array_view_unchecked<const __N: ::core::primitive::usize>(
                __bytes: &[#u8_],
            ) -> #view::SeqView<'_, [Self; __N]> {
                #view::SeqView::new_unchecked(__bytes)
            }
        }
    }
}

/// `#[derive(TreeHash)]`'s `TreeHashView` impl: the root and nodes from
/// the bytes, as `hash_tree_root` and `tree_node` compute them from the
/// value.
///
/// A container with a field coded `with` a module gets none: the module
/// roots a value, not bytes (and a `TreeHash`-only derive's module has no
/// `from_ssz` to decode them with). Its view still reads its fields.
pub fn tree_hash_view(model: &Model) -> TokenStream {
    if let Shape::Container { fields, .. } = &model.shape {
        if fields.iter().any(|f| matches!(f.codec, Codec::With(_))) {
            return TokenStream::new();
        }
    }
    let krate = &model.krate;
    let view = quote!(#krate::#private::view);
    let ident = model.ident;
    let mut bounds = view_bounds(model, &quote!(#view::TreeHashView));
    if let Shape::Container { fields, .. } = &model.shape {
        // Fields coded `with` a module and skipped ones: `Sync`, as the
        // `TreeHash` impl asks; and `Self` has a view (the fields' bytes).
        let unbounded = fields
            .iter()
            .filter(|f| f.bounded_type().is_none())
            .map(|f| f.ty);
        let sync = quote!(::core::marker::Sync);
        bounds = with_field_bounds(&bounds, ident, unbounded, &sync, BoundsAt::Derive).0;
    }
    let (impl_generics, ty_generics, _) = bounds.split_for_impl();
    let mut where_clause = bounds
        .where_clause
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(where));
    where_clause
        .predicates
        .push(syn::parse_quote!(for<'__peam> Self: #view::SszView + #krate::TreeHash));
    let root = quote!([::core::primitive::u8; 32]);
    let u8_ = quote!(::core::primitive::u8);
    let result = quote!(::core::result::Result<#root, #krate::ProofError>);
    let body = match &model.shape {
        Shape::Transparent(field) => {
            let ty = field.ty;
            quote! {
                #[inline]
                fn hash_tree_root_ssz(__bytes: &[#u8_]) -> #root {
                    <#ty as #view::TreeHashView>::hash_tree_root_ssz(__bytes)
                }

                #[inline]
                fn tree_hash_leaves_ssz(__bytes: &[#u8_], __out: &mut [#u8_]) {
                    <#ty as #view::TreeHashView>::tree_hash_leaves_ssz(__bytes, __out)
                }

                #[inline]
                fn root_block_ssz(__bytes: &[#u8_]) -> [#u8_; 64] {
                    <#ty as #view::TreeHashView>::root_block_ssz(__bytes)
                }

                #[inline]
                fn tree_node_ssz(__bytes: &[#u8_], __gindex: #krate::Gindex) -> #result {
                    <#ty as #view::TreeHashView>::tree_node_ssz(__bytes, __gindex)
                }
            }
        }
        Shape::Container {
            fields,
            active_fields,
            edition,
        } => {
            let encoded: Vec<&ContainerField> = fields.iter().filter(|f| f.is_encoded()).collect();
            container_root(krate, &encoded, active_fields.as_deref(), edition.as_ref())
        }
        Shape::Union { variants, .. } => union_root(krate, variants),
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #view::TreeHashView for #ident #ty_generics #where_clause {
            #body
        }
    }
}

/// The bytes of encoded field `i`.
fn field_bytes(krate: &syn::Path, i: usize) -> TokenStream {
    let i = Literal::usize_unsuffixed(i);
    quote!(<Self as #krate::#private::view::SszView>::field_ssz_bytes(__bytes, #i))
}

fn container_root(
    krate: &syn::Path,
    fields: &[&ContainerField],
    active_fields: Option<&[bool]>,
    edition: Option<&crate::internals::attr::EditionValue>,
) -> TokenStream {
    let view = quote!(#krate::#private::view);
    let root = quote!([::core::primitive::u8; 32]);
    let roots: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let (bytes, ty) = (field_bytes(krate, i), f.ty);
            quote_spanned!(ty.span()=> <#ty as #view::TreeHashView>::hash_tree_root_ssz(#bytes))
        })
        .collect();
    let nodes: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let (bytes, ty) = (field_bytes(krate, i), f.ty);
            quote_spanned!(ty.span()=> <#ty as #view::TreeHashView>::tree_node_ssz(#bytes, __rest))
        })
        .collect();
    let slots: Vec<Literal> = match active_fields {
        None => (0..fields.len()).map(Literal::usize_unsuffixed).collect(),
        Some(active) => active
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
            .map(|(i, _)| Literal::usize_unsuffixed(i))
            .collect(),
    };
    let root_fn = quote! {
        |__slot: ::core::primitive::usize| -> #root {
            match __slot {
                #(#slots => #roots,)*
                _ => [0u8; 32],
            }
        }
    };
    let node_fn = quote! {
        |__slot: ::core::primitive::usize, __rest: #krate::Gindex|
            -> ::core::result::Result<#root, #krate::ProofError>
        {
            match __slot {
                #(#slots => #nodes,)*
                _ => #krate::#private::no_such_node(__rest),
            }
        }
    };
    let mut leaves = None;
    let (hash, node) = match active_fields {
        None => {
            let n = Literal::usize_unsuffixed(fields.len());
            let pad = (fields.len() > 1 && fields.len() % 2 == 1).then(|| quote!(, [0u8; 32]));
            let width = Literal::usize_unsuffixed(fields.len() + pad.is_some() as usize);
            let one_block = fields.iter().map(|f| {
                let ty = f.ty;
                quote_spanned!(ty.span()=> <#ty as #krate::TreeHash>::ROOT_IS_ONE_BLOCK)
            });
            let batch_roots = fields.iter().enumerate().map(|(i, f)| {
                let (i, ty) = (Literal::usize_unsuffixed(i), f.ty);
                let bytes = quote!(<Self as #view::SszView>::field_ssz_bytes(__value, #i));
                quote_spanned!(ty.span()=> __f.field_ssz::<#ty>(#bytes);)
            });
            leaves = Some(quote! {
                fn tree_hash_leaves_ssz(
                    __bytes: &[::core::primitive::u8],
                    __out: &mut [::core::primitive::u8],
                ) {
                    #krate::#private::container_leaves_ssz(
                        __bytes,
                        <Self as #krate::Ssz>::FIXED_PART_LEN,
                        __out,
                        &[#(#one_block),*],
                        |__value: &[::core::primitive::u8],
                         __roots: &mut [#root],
                         __blocks: &mut [[::core::primitive::u8; 64]]| {
                            let mut __f = #krate::#private::FieldLeaves::new(__roots, __blocks);
                            #(#batch_roots)*
                        },
                    );
                }
            });
            (
                quote! {
                    let __roots: [#root; #width] = [#(#roots),* #pad];
                    #krate::merkle::merkleize(&__roots, #n)
                },
                quote!(#krate::#private::container_node(__gindex, #n, #root_fn, #node_fn)),
            )
        }
        Some(active) => {
            let mut roots = roots.iter();
            let leaves: Vec<TokenStream> = active
                .iter()
                .map(|&on| match if on { roots.next() } else { None } {
                    Some(root) => root.clone(),
                    None => quote!([0u8; 32]),
                })
                .collect();
            let n = Literal::usize_unsuffixed(active.len());
            let packed: Vec<Literal> = crate::common::pack_bits(active)
                .into_iter()
                .map(Literal::u8_unsuffixed)
                .collect();
            let edition = edition_type(krate, edition);
            (
                quote! {
                    let __leaves: [#root; #n] = [#(#leaves),*];
                    #krate::merkle::mix_in_active_fields(
                        &#krate::merkle::merkleize_progressive_in::<#edition>(&__leaves),
                        &[#(#packed),*],
                    )
                },
                quote!(#krate::#private::progressive_container_node(
                    __gindex,
                    &[#(#packed),*],
                    #n,
                    <#edition as #krate::Edition>::RULES,
                    #root_fn,
                    #node_fn,
                )),
            )
        }
    };
    let u8_ = quote!(::core::primitive::u8);
    quote! {
        #[inline]
        fn hash_tree_root_ssz(__bytes: &[#u8_]) -> #root {
            #hash
        }

        fn tree_node_ssz(
            __bytes: &[#u8_],
            __gindex: #krate::Gindex,
        ) -> ::core::result::Result<#root, #krate::ProofError> {
            if __gindex == #krate::Gindex::ROOT {
                return ::core::result::Result::Ok(
                    <Self as #view::TreeHashView>::hash_tree_root_ssz(__bytes),
                );
            }
            #node
        }

        #leaves
    }
}

fn union_root(krate: &syn::Path, variants: &[UnionVariant]) -> TokenStream {
    let view = quote!(#krate::#private::view);
    let root = quote!([::core::primitive::u8; 32]);
    let u8_ = quote!(::core::primitive::u8);
    let mut root_arms = Vec::new();
    let mut node_arms = Vec::new();
    for variant in variants {
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            None => {
                root_arms.push(quote!(0u8 => #krate::merkle::zero_hash(1),));
                node_arms.push(quote! {
                    0u8 => #krate::#private::union_node(__gindex, 0u8, #krate::#private::zero_chunk_node),
                });
            }
            Some(ty) => {
                root_arms.push(quote! {
                    #selector => #krate::merkle::mix_in_selector(
                        &<#ty as #view::TreeHashView>::hash_tree_root_ssz(__body),
                        #selector,
                    ),
                });
                node_arms.push(quote! {
                    #selector => #krate::#private::union_node(
                        __gindex,
                        #selector,
                        |__g: #krate::Gindex| <#ty as #view::TreeHashView>::tree_node_ssz(__body, __g),
                    ),
                });
            }
        }
    }
    let split = quote! {
        let (__selector, __body) = match __bytes.split_first() {
            ::core::option::Option::Some((__s, __b)) => (*__s, __b),
            ::core::option::Option::None => (0u8, __bytes),
        };
    };
    let _ = Span::call_site();
    quote! {
        fn hash_tree_root_ssz(__bytes: &[#u8_]) -> #root {
            #split
            match __selector {
                #(#root_arms)*
                // Refused by validation: never a view's selector.
                _ => [0u8; 32],
            }
        }

        fn tree_node_ssz(
            __bytes: &[#u8_],
            __gindex: #krate::Gindex,
        ) -> ::core::result::Result<#root, #krate::ProofError> {
            #split
            if __gindex == #krate::Gindex::ROOT {
                return ::core::result::Result::Ok(
                    <Self as #view::TreeHashView>::hash_tree_root_ssz(__bytes),
                );
            }
            match __selector {
                #(#node_arms)*
                _ => #krate::#private::no_such_node(__gindex),
            }
        }
    }
}
