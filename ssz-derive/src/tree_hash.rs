//! `#[derive(TreeHash)]`: `hash_tree_root`.
//!
//! Field roots are gathered in an array on the stack and merkleized by the
//! runtime crate; a progressive container's `active_fields` chunk is packed
//! here, at expansion time, into a literal.

use crate::common::{
    edition_type, model_bounds, pack_bits, private, rejected, with_field_bounds, wrap_in_const,
    BoundsAt,
};
use crate::internals::ast::{Codec, ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::attr::EditionValue;
use crate::internals::model;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{DeriveInput, Type};

/// Expands `#[derive(TreeHash)]`.
pub fn expand(input: &DeriveInput) -> TokenStream {
    match model(input) {
        Ok(model) => {
            let tree_hash = impl_tree_hash(&model);
            let paths = crate::path::expand(&model);
            let view = crate::view::tree_hash_view(&model);
            wrap_in_const(quote!(#tree_hash #view #paths))
        }
        Err(err) => rejected(input, err, |krate| {
            let items = quote! {
                fn hash_tree_root(&self) -> [::core::primitive::u8; 32] {
                    ::core::unreachable!()
                }
            };
            (quote!(#krate::TreeHash), items)
        }),
    }
}

fn impl_tree_hash(model: &Model) -> TokenStream {
    let krate = &model.krate;
    let tree_hash = quote!(#krate::TreeHash);
    let (types, body, extra): (Vec<&Type>, TokenStream, Option<TokenStream>) = match &model.shape {
        Shape::Container {
            fields,
            active_fields,
            edition,
        } => {
            let encoded: Vec<&ContainerField> = fields.iter().filter(|f| f.is_encoded()).collect();
            (
                fields
                    .iter()
                    .filter_map(ContainerField::bounded_type)
                    .collect(),
                container(krate, &encoded, active_fields.as_deref(), edition.as_ref()),
                None,
            )
        }
        Shape::Transparent(field) => (vec![field.ty], transparent(krate, field), None),
        Shape::Union {
            compatible,
            variants,
        } => {
            let concrete = model.generics.params.is_empty();
            let (body, extra) = union(krate, variants, *compatible, concrete);
            (variants.iter().filter_map(|v| v.ty).collect(), body, extra)
        }
    };
    let (mut generics, mut checks) = model_bounds(model, types, &tree_hash);
    if let Shape::Container { fields, .. } = &model.shape {
        // `TreeHash: Sync`: the types of fields that are skipped or coded
        // `with` a module get no `TreeHash` bound, so they need `Sync` of
        // their own.
        let unbounded = fields
            .iter()
            .filter(|f| f.bounded_type().is_none())
            .map(|f| f.ty);
        let sync = quote!(::core::marker::Sync);
        let (bounded, sync_checks) =
            with_field_bounds(&generics, model.ident, unbounded, &sync, BoundsAt::Field);
        generics = bounded;
        checks.extend(sync_checks);
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    quote! {
        #checks

        #[automatically_derived]
        impl #impl_generics #tree_hash for #ident #ty_generics #where_clause {
            #body
        }

        #extra
    }
}

/// `hash_tree_root` of the field of `value`: its type's, or that of its
/// `with` module.
fn field_root(krate: &syn::Path, field: &ContainerField, value: &TokenStream) -> TokenStream {
    let (ty, ident) = (field.ty, field.ident);
    match &field.codec {
        // The module's functions are named at the path the user wrote, so
        // that a missing one is reported there.
        Codec::With(with) => quote_spanned!(with.span()=> #with::hash_tree_root(&#value.#ident)),
        Codec::Type | Codec::Skip => quote_spanned! {ty.span()=>
            <#ty as #krate::TreeHash>::hash_tree_root(&#value.#ident)
        },
    }
}

/// A container: `merkleize([hash_tree_root(field) ...])`. A progressive
/// container (EIP-7495): `mix_in_active_fields(merkleize_progressive(leaves),
/// active_fields)`, where the leaves are the field roots at the positions of
/// the 1s of `active_fields` and zero chunks at its 0s.
///
/// `merkleize_progressive` is that of the container's edition: the marker
/// that `edition = "v1.6"` names, the type `edition = E` gives, or `Current`.
///
/// `fields` are the encoded fields: skipped ones take no part.
fn container(
    krate: &syn::Path,
    fields: &[&ContainerField],
    active_fields: Option<&[bool]>,
    edition: Option<&EditionValue>,
) -> TokenStream {
    let this = quote!(self);
    let roots: Vec<_> = fields.iter().map(|f| field_root(krate, f, &this)).collect();
    let root = quote!([::core::primitive::u8; 32]);
    let node = container_node(krate, fields, active_fields, edition);
    match active_fields {
        None => {
            let n = Literal::usize_unsuffixed(fields.len());
            let value = quote!(__value);
            // Each field's root, or (a field whose root is one hash, given
            // by its type) its block, hashed with the others of the batch.
            let batch_roots = fields.iter().map(|f| match &f.codec {
                Codec::With(_) => {
                    let root = field_root(krate, f, &value);
                    quote!(__f.root(#root);)
                }
                Codec::Type | Codec::Skip => {
                    let (ty, ident) = (f.ty, f.ident);
                    quote_spanned!(ty.span()=> __f.field::<#ty>(&__value.#ident);)
                }
            });
            let one_block = fields.iter().map(|f| match &f.codec {
                Codec::With(_) => quote!(false),
                Codec::Type | Codec::Skip => {
                    let ty = f.ty;
                    quote_spanned!(ty.span()=> <#ty as #krate::TreeHash>::ROOT_IS_ONE_BLOCK)
                }
            });
            // An odd count above 1 gets a zero chunk, which the tree pads
            // with anyway, so that the first level hashes whole pairs.
            let pad = (fields.len() > 1 && fields.len() % 2 == 1).then(|| quote!(, [0u8; 32]));
            let width = Literal::usize_unsuffixed(fields.len() + pad.is_some() as usize);
            quote! {
                #[inline]
                fn hash_tree_root(&self) -> #root {
                    let __roots: [#root; #width] = [#(#roots),* #pad];
                    #krate::merkle::merkleize(&__roots, #n)
                }

                fn tree_hash_leaves_of<__V: ::core::borrow::Borrow<Self>>(
                    __values: &[__V],
                    __out: &mut [::core::primitive::u8],
                ) where
                    Self: ::core::marker::Sized,
                {
                    #krate::#private::container_leaves(
                        __values,
                        __out,
                        &[#(#one_block),*],
                        |__value: &Self,
                         __roots: &mut [#root],
                         __blocks: &mut [[::core::primitive::u8; 64]]| {
                            let mut __f = #krate::#private::FieldLeaves::new(__roots, __blocks);
                            #(#batch_roots)*
                        },
                    );
                }

                #node
            }
        }
        Some(active) => {
            let mut roots = roots.into_iter();
            let leaves: Vec<TokenStream> = active
                .iter()
                .map(|&on| match if on { roots.next() } else { None } {
                    Some(root) => root,
                    None => quote!([0u8; 32]),
                })
                .collect();
            let n = Literal::usize_unsuffixed(active.len());
            let packed = pack_bits(active).into_iter().map(Literal::u8_unsuffixed);
            let edition = edition_type(krate, edition);
            quote! {
                #[inline]
                fn hash_tree_root(&self) -> #root {
                    let __leaves: [#root; #n] = [#(#leaves),*];
                    #krate::merkle::mix_in_active_fields(
                        &#krate::merkle::merkleize_progressive_in::<#edition>(&__leaves),
                        &[#(#packed),*],
                    )
                }

                #node
            }
        }
    }
}

/// `tree_node` of a container: the root, or the node found by the runtime
/// crate's navigation, which asks for the roots of the fields under the
/// node (by index) and hands an index below a field to that field's own
/// `tree_node`. A progressive container's slots follow `active_fields`: an
/// inactive slot is a zero chunk with nothing below it.
///
/// A field coded `with` a module has no nodes below its root: the module
/// gives only the root.
fn container_node(
    krate: &syn::Path,
    fields: &[&ContainerField],
    active_fields: Option<&[bool]>,
    edition: Option<&EditionValue>,
) -> TokenStream {
    let tree_hash = quote!(#krate::TreeHash);
    let root = quote!([::core::primitive::u8; 32]);
    let result = quote!(::core::result::Result<#root, #krate::ProofError>);
    // The slot of each field among the leaves.
    let slots: Vec<usize> = match active_fields {
        None => (0..fields.len()).collect(),
        Some(active) => active
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
            .map(|(i, _)| i)
            .collect(),
    };
    let slot_lits: Vec<Literal> = slots
        .iter()
        .map(|&i| Literal::usize_unsuffixed(i))
        .collect();
    let this = quote!(self);
    let field_roots = fields.iter().map(|f| field_root(krate, f, &this));
    let field_nodes = fields.iter().map(|f| {
        let (ty, ident) = (f.ty, f.ident);
        match &f.codec {
            Codec::With(_) => {
                let root = field_root(krate, f, &this);
                quote! {
                    if __rest == #krate::Gindex::ROOT {
                        ::core::result::Result::Ok(#root)
                    } else {
                        #krate::#private::no_such_node(__rest)
                    }
                }
            }
            Codec::Type | Codec::Skip => quote_spanned! {ty.span()=>
                <#ty as #tree_hash>::tree_node(&self.#ident, __rest)
            },
        }
    });
    let root_fn = quote! {
        |__slot: ::core::primitive::usize| -> #root {
            match __slot {
                #(#slot_lits => #field_roots,)*
                _ => [0u8; 32],
            }
        }
    };
    let node_fn = quote! {
        |__slot: ::core::primitive::usize, __rest: #krate::Gindex| -> #result {
            match __slot {
                #(#slot_lits => #field_nodes,)*
                _ => #krate::#private::no_such_node(__rest),
            }
        }
    };
    let call = match active_fields {
        None => {
            let n = Literal::usize_unsuffixed(fields.len());
            quote!(#krate::#private::container_node(__gindex, #n, #root_fn, #node_fn))
        }
        Some(active) => {
            let n = Literal::usize_unsuffixed(active.len());
            let packed = pack_bits(active).into_iter().map(Literal::u8_unsuffixed);
            let edition = edition_type(krate, edition);
            quote!(#krate::#private::progressive_container_node(
                __gindex,
                &[#(#packed),*],
                #n,
                <#edition as #krate::Edition>::RULES,
                #root_fn,
                #node_fn,
            ))
        }
    };
    quote! {
        fn tree_node(&self, __gindex: #krate::Gindex) -> #result {
            if __gindex == #krate::Gindex::ROOT {
                return ::core::result::Result::Ok(<Self as #tree_hash>::hash_tree_root(self));
            }
            #call
        }
    }
}

/// A newtype: merkleized as its field, leaves included.
fn transparent(krate: &syn::Path, field: &Field) -> TokenStream {
    let tree_hash = quote!(#krate::TreeHash);
    let (member, ty) = (&field.member, field.ty);
    quote! {
        const LEAF_SIZE: ::core::primitive::usize = <#ty as #tree_hash>::LEAF_SIZE;
        const IS_BASIC: ::core::primitive::bool = <#ty as #tree_hash>::IS_BASIC;
        const ROOT_IS_ONE_BLOCK: ::core::primitive::bool = <#ty as #tree_hash>::ROOT_IS_ONE_BLOCK;

        #[inline]
        fn hash_tree_root(&self) -> [::core::primitive::u8; 32] {
            <#ty as #tree_hash>::hash_tree_root(&self.#member)
        }

        #[inline]
        fn root_block(&self) -> [::core::primitive::u8; 64] {
            <#ty as #tree_hash>::root_block(&self.#member)
        }

        #[inline]
        fn tree_hash_leaves(__values: &[Self], __out: &mut [::core::primitive::u8])
        where
            Self: ::core::marker::Sized,
        {
            #krate::#private::transparent_leaves(__values, __out, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn packed_leaves(__values: &[Self]) -> ::core::option::Option<&[::core::primitive::u8]>
        where
            Self: ::core::marker::Sized,
        {
            #krate::#private::transparent_packed_leaves(__values, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn tree_node(
            &self,
            __gindex: #krate::Gindex,
        ) -> ::core::result::Result<[::core::primitive::u8; 32], #krate::ProofError> {
            <#ty as #tree_hash>::tree_node(&self.#member, __gindex)
        }
    }
}

/// A union or compatible union: `mix_in_selector(hash_tree_root(value),
/// selector)`; `None` is `mix_in_selector(Bytes32(), 0)`.
///
/// A compatible union's check of its options runs in a `const` item when the
/// enum has no generics, so that `cargo check` reports it, and in a `const`
/// block inside `hash_tree_root` otherwise, where the types are known once
/// the function is instantiated.
fn union(
    krate: &syn::Path,
    variants: &[UnionVariant],
    compatible: bool,
    concrete: bool,
) -> (TokenStream, Option<TokenStream>) {
    let tree_hash = quote!(#krate::TreeHash);
    let asserts = if compatible {
        compatible_check(&tree_hash, variants)
    } else {
        Vec::new()
    };
    let (item_check, fn_check) = match (asserts.is_empty(), concrete) {
        (true, _) => (None, None),
        (false, true) => (Some(quote!(const _: () = { #(#asserts)* };)), None),
        (false, false) => (None, Some(quote!(const { #(#asserts)* }))),
    };
    let arms = variants.iter().map(|variant| {
        let ident = variant.ident;
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            // hash(Bytes32() ++ uint8(0) padded) is the hash of 64 zero
            // bytes, the zero subtree of height 1 (of the hasher in use).
            None => quote!(Self::#ident => #krate::merkle::zero_hash(1),),
            Some(ty) => quote! {
                Self::#ident(__value) => #krate::merkle::mix_in_selector(
                    &<#ty as #tree_hash>::hash_tree_root(__value),
                    #selector,
                ),
            },
        }
    });
    let node_arms = variants.iter().map(|variant| {
        let ident = variant.ident;
        let selector = Literal::u8_suffixed(variant.selector);
        match variant.ty {
            None => quote! {
                Self::#ident => #krate::#private::union_node(
                    __gindex,
                    #selector,
                    #krate::#private::zero_chunk_node,
                ),
            },
            Some(ty) => quote! {
                Self::#ident(__value) => #krate::#private::union_node(
                    __gindex,
                    #selector,
                    |__g: #krate::Gindex| <#ty as #tree_hash>::tree_node(__value, __g),
                ),
            },
        }
    });
    let body = quote! {
        #[inline]
        fn hash_tree_root(&self) -> [::core::primitive::u8; 32] {
            #fn_check
            match self {
                #(#arms)*
            }
        }

        fn tree_node(
            &self,
            __gindex: #krate::Gindex,
        ) -> ::core::result::Result<[::core::primitive::u8; 32], #krate::ProofError> {
            if __gindex == #krate::Gindex::ROOT {
                return ::core::result::Result::Ok(<Self as #tree_hash>::hash_tree_root(self));
            }
            match self {
                #(#node_arms)*
            }
        }
    };
    (body, item_check)
}

/// The part of "compatible merkleization" (simple-serialize.md) that the
/// traits expose: compatible types are both basic or both composite, and
/// basic ones have the same size (`uint8` and `byte`). Each option is
/// compared with the first; the rest of the rule (same field names, same
/// limits, ...) is the user's to keep. A `const` block, so that it also
/// holds for generic unions, once their parameters are known.
fn compatible_check(tree_hash: &TokenStream, variants: &[UnionVariant]) -> Vec<TokenStream> {
    let mut types = variants.iter().filter_map(|v| v.ty.map(|ty| (v.ident, ty)));
    let Some((first_ident, first)) = types.next() else {
        return Vec::new();
    };
    let first_key = first.to_token_stream().to_string();
    let first_basic = quote_spanned!(first.span()=> <#first as #tree_hash>::IS_BASIC);
    let first_leaf = quote_spanned!(first.span()=> <#first as #tree_hash>::LEAF_SIZE);
    types
        .filter(|(_, ty)| ty.to_token_stream().to_string() != first_key)
        .map(|(ident, ty)| {
            let msg = Literal::string(&format!(
                "compatible union options must have compatible merkleization, but variants \
                 `{first_ident}` and `{ident}` hold types that pack differently into merkle \
                 leaves (one basic and one composite, or basic types of different sizes)"
            ));
            let basic = quote_spanned!(ty.span()=> <#ty as #tree_hash>::IS_BASIC);
            let leaf = quote_spanned!(ty.span()=> <#ty as #tree_hash>::LEAF_SIZE);
            // Operators keep the macro's span, so that lints of the user's
            // code do not read the comparison as written by the user.
            let same = quote!(#first_basic == #basic && #first_leaf == #leaf);
            quote_spanned!(ty.span()=> ::core::assert!(#same, #msg);)
        })
        .collect()
}
