//! The path impls that `#[derive(TreeHash)]` adds: `TreeLayout` (the
//! type's tree, for run-time paths) and one `Field<ID>` per field or
//! variant (for static paths, checked by the type system), as
//! `peam_ssz_core::path` describes them.
//!
//! Field positions are literals here; their generalized indices are
//! computed by the runtime crate's `const fn`s, so the rules live in one
//! place.

use crate::common::{edition_type, names_type};
use crate::internals::ast::{Codec, ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::attr::EditionValue;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Generics, Type};

/// `field_id` of the runtime crate: 64-bit FNV-1a of the name. The two must
/// agree; a test checks that they do.
pub fn field_id(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The `TreeLayout` and `Field` impls of `model`.
pub fn expand(model: &Model) -> TokenStream {
    let krate = &model.krate;
    match &model.shape {
        Shape::Container {
            fields,
            active_fields,
            edition,
        } => container(
            model,
            krate,
            fields,
            active_fields.as_deref(),
            edition.as_ref(),
        ),
        Shape::Transparent(field) => transparent(model, krate, field),
        Shape::Union { variants, .. } => union(model, krate, variants),
    }
}

/// `generics` with `for<'__ssz> Ty: TreeLayout` for each field type. The
/// bound is higher-ranked so that a field type without a layout (a type
/// that implements `TreeHash` by hand) leaves the impl in place but
/// unusable, rather than failing the derive: paths are an addition, and
/// a type that never takes one must not break.
fn layout_bounds<'a>(
    generics: &Generics,
    ident: &syn::Ident,
    types: impl IntoIterator<Item = &'a Type>,
    krate: &syn::Path,
) -> Generics {
    let mut generics = generics.clone();
    let mut seen: Vec<String> = Vec::new();
    let predicates: Vec<syn::WherePredicate> = types
        .into_iter()
        .filter(|ty| !names_type(ty.to_token_stream(), ident))
        .filter(|ty| {
            let key = ty.to_token_stream().to_string();
            let new = !seen.contains(&key);
            if new {
                seen.push(key);
            }
            new
        })
        .map(|ty| syn::parse_quote!(for<'__ssz> #ty: #krate::path::TreeLayout))
        .collect();
    generics.make_where_clause().predicates.extend(predicates);
    generics
}

/// Two names of one type whose `field_id`s collide: an error at the
/// second, since a static path could not tell them apart.
fn collisions<'a>(names: impl IntoIterator<Item = (&'a syn::Ident, String)>) -> TokenStream {
    collisions_by(names, field_id)
}

/// [`collisions`] under the hash `id`, so that a test can make two names
/// collide.
fn collisions_by<'a>(
    names: impl IntoIterator<Item = (&'a syn::Ident, String)>,
    id: fn(&str) -> u64,
) -> TokenStream {
    let mut seen: Vec<(u64, String)> = Vec::new();
    let mut errors = TokenStream::new();
    for (ident, name) in names {
        let id = id(&name);
        if let Some((_, other)) = seen.iter().find(|(seen_id, _)| *seen_id == id) {
            let msg = format!(
                "the names `{other}` and `{name}` hash alike (FNV-1a), so static paths \
                 (`gindex!`) cannot tell them apart: rename one"
            );
            errors.extend(syn::Error::new(ident.span(), msg).to_compile_error());
        }
        seen.push((id, name));
    }
    errors
}

/// The name of the type of the `Field` impls of fields coded `with` a
/// module, chosen so that the error for a path that steps into such a field
/// says why there is nothing below it.
const WITH_MARKER: &str = "PathsEndAtFieldsCodedWithAModule";

/// One `Field<ID>` impl.
fn field_impl(
    model: &Model,
    krate: &syn::Path,
    name: &str,
    ty: &Type,
    gindex: &TokenStream,
) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let ident = model.ident;
    let id = Literal::u64_suffixed(field_id(name));
    let name = Literal::string(name);
    quote_spanned! {ty.span()=>
        #[automatically_derived]
        impl #impl_generics #krate::path::Field<#id> for #ident #ty_generics #where_clause {
            type Type = #ty;
            const NAME: &'static ::core::primitive::str = #name;
            const GINDEX: #krate::Gindex = #gindex;
        }
    }
}

/// `option.expect(..)`, evaluated in the const items it is expanded into:
/// the positions a derive accepts (at most 256 progressive fields) are far
/// from overflowing, so it never fails, and if it did it would be a
/// compile error, not a panic at run time.
fn expect(option: TokenStream) -> TokenStream {
    quote!(::core::option::Option::expect(
        #option,
        "a field's generalized index fits in 128 bits",
    ))
}

/// A container: field `k` of `n` is node `k` at depth `ceil(log2(n))`; a
/// progressive container's field is the chunk at its position in
/// `active_fields`, below `mix_in_active_fields`.
///
/// Skipped fields have no node. A field coded `with` a module has its node,
/// but nothing below it: the module gives only its root, so its layout is
/// that of an empty container (a run-time path into it finds no field), and
/// its `Field` impl names a type that has no fields ([`WITH_MARKER`]),
/// so a static path into it does not compile.
fn container(
    model: &Model,
    krate: &syn::Path,
    fields: &[ContainerField],
    active_fields: Option<&[bool]>,
    edition: Option<&EditionValue>,
) -> TokenStream {
    let fields: Vec<&ContainerField> = fields.iter().filter(|f| f.is_encoded()).collect();
    let with_marker = syn::Ident::new(WITH_MARKER, proc_macro2::Span::call_site());
    // `merkleize_progressive`'s order is that of the container's edition.
    let edition = edition_type(krate, edition);
    let positions: Vec<u64> = match active_fields {
        None => (0..fields.len() as u64).collect(),
        Some(active) => active
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
            .map(|(i, _)| i as u64)
            .collect(),
    };
    let count = Literal::u64_suffixed(fields.len() as u64);
    let gindices: Vec<TokenStream> = positions
        .iter()
        .map(|&position| {
            let position = Literal::u64_suffixed(position);
            match active_fields {
                None => expect(quote!(#krate::path::container_field(#count, #position))),
                Some(_) => expect(quote!(#krate::path::progressive_container_field(
                    #position,
                    <#edition as #krate::Edition>::RULES,
                ))),
            }
        })
        .collect();
    let layouts = fields.iter().zip(&gindices).map(|(f, gindex)| {
        let ty = f.ty;
        let name = Literal::string(&f.name);
        let layout = match f.codec {
            Codec::With(_) => quote!(&#krate::path::Layout::Container { fields: &[] }),
            Codec::Type | Codec::Skip => quote!(<#ty as #krate::path::TreeLayout>::LAYOUT),
        };
        quote_spanned! {ty.span()=>
            #krate::path::FieldLayout {
                name: #name,
                gindex: #gindex,
                layout: #layout,
            }
        }
    });
    let generics = layout_bounds(
        model.generics,
        model.ident,
        fields.iter().filter_map(|f| f.bounded_type()),
        krate,
    );
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    let field_impls = fields.iter().zip(&gindices).map(|(f, gindex)| {
        let ty = match f.codec {
            Codec::With(_) => syn::parse_quote_spanned!(f.ident.span()=> #with_marker),
            Codec::Type | Codec::Skip => f.ty.clone(),
        };
        field_impl(model, krate, &f.name, &ty, gindex)
    });
    let errors = collisions(fields.iter().map(|f| (f.ident, f.name.clone())));
    let marker = fields
        .iter()
        .any(|f| matches!(f.codec, Codec::With(_)))
        .then(|| {
            quote! {
                /// The type a static path finds at a field coded `with` a
                /// module: it has no fields, so a path cannot go below it.
                #[doc(hidden)]
                pub struct #with_marker;
            }
        });
    quote! {
        #errors
        #marker

        #[automatically_derived]
        impl #impl_generics #krate::path::TreeLayout for #ident #ty_generics #where_clause {
            const LAYOUT: &'static #krate::path::Layout = &#krate::path::Layout::Container {
                fields: &[#(#layouts),*],
            };
        }

        #(#field_impls)*
    }
}

/// A union: a variant's value is node 2 (left of `mix_in_selector`), its
/// selector node 3 (`__selector__`, handled by the layout).
fn union(model: &Model, krate: &syn::Path, variants: &[UnionVariant]) -> TokenStream {
    let node2 = expect(quote!(#krate::Gindex::new(2)));
    let layouts = variants.iter().map(|v| {
        let name = Literal::string(&v.ident.to_string());
        let selector = Literal::u8_suffixed(v.selector);
        let layout = match v.ty {
            Some(ty) => quote_spanned! {ty.span()=>
                ::core::option::Option::Some(<#ty as #krate::path::TreeLayout>::LAYOUT)
            },
            None => quote!(::core::option::Option::None),
        };
        quote! {
            #krate::path::VariantLayout {
                name: #name,
                selector: #selector,
                layout: #layout,
            }
        }
    });
    let generics = layout_bounds(
        model.generics,
        model.ident,
        variants.iter().filter_map(|v| v.ty),
        krate,
    );
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    let field_impls = variants.iter().filter_map(|v| {
        v.ty.map(|ty| field_impl(model, krate, &v.ident.to_string(), ty, &node2))
    });
    let errors = collisions(variants.iter().map(|v| (v.ident, v.ident.to_string())));
    quote! {
        #errors

        #[automatically_derived]
        impl #impl_generics #krate::path::TreeLayout for #ident #ty_generics #where_clause {
            const LAYOUT: &'static #krate::path::Layout = &#krate::path::Layout::Union {
                variants: &[#(#layouts),*],
            };
        }

        #(#field_impls)*
    }
}

/// A transparent newtype: its field's layout, fields and elements. The
/// bounds are higher-ranked for the reason given at [`layout_bounds`]:
/// a newtype of `u64` has no fields, and must still compile.
fn transparent(model: &Model, krate: &syn::Path, field: &Field) -> TokenStream {
    let ty = field.ty;
    let ident = model.ident;
    let layout_generics = layout_bounds(model.generics, ident, [ty], krate);
    let (impl_generics, ty_generics, where_clause) = layout_generics.split_for_impl();

    let mut elements_generics = model.generics.clone();
    elements_generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(for<'__ssz> #ty: #krate::path::Elements));
    let (e_impl, e_ty, e_where) = elements_generics.split_for_impl();

    let mut field_generics = model.generics.clone();
    field_generics
        .params
        .push(syn::parse_quote!(const __SSZ_ID: ::core::primitive::u64));
    field_generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(#ty: #krate::path::Field<__SSZ_ID>));
    let (f_impl, _, f_where) = field_generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::path::TreeLayout for #ident #ty_generics #where_clause {
            const LAYOUT: &'static #krate::path::Layout = <#ty as #krate::path::TreeLayout>::LAYOUT;
        }

        #[automatically_derived]
        impl #e_impl #krate::path::Elements for #ident #e_ty #e_where {
            type Element = <#ty as #krate::path::Elements>::Element;
        }

        #[automatically_derived]
        impl #f_impl #krate::path::Field<__SSZ_ID> for #ident #ty_generics #f_where {
            type Type = <#ty as #krate::path::Field<__SSZ_ID>>::Type;
            const NAME: &'static ::core::primitive::str =
                <#ty as #krate::path::Field<__SSZ_ID>>::NAME;
            const GINDEX: #krate::Gindex = <#ty as #krate::path::Field<__SSZ_ID>>::GINDEX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{collisions, collisions_by, field_id};
    use proc_macro2::Span;
    use syn::Ident;

    #[test]
    fn colliding_names_are_an_error_at_the_second() {
        let idents: Vec<Ident> = ["alpha", "beta", "gamma"]
            .iter()
            .map(|n| Ident::new(n, Span::call_site()))
            .collect();
        let names = || idents.iter().map(|i| (i, i.to_string()));
        assert!(collisions(names()).is_empty());
        // A hash under which `gamma` collides with `alpha`.
        let errors = collisions_by(names(), |n| n.len() as u64).to_string();
        assert!(
            errors.contains("the names `alpha` and `gamma` hash alike"),
            "{errors}"
        );
        assert_eq!(errors.matches("compile_error").count(), 1);
    }

    #[test]
    fn field_id_matches_the_runtime() {
        for name in ["", "a", "root", "finalized_checkpoint", "__len__", "r#type"] {
            assert_eq!(field_id(name), peam_ssz_types::path::field_id(name));
        }
    }
}
