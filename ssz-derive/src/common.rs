//! Code generation shared by both derives: bounds, the `const _` wrapper and
//! the fallback impl emitted with errors.

use crate::internals::attr::EditionValue;
use crate::internals::Rejected;
use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{DeriveInput, Generics, Type};

/// `generics` with `FieldTy: Trait` added to the where clause for each field
/// type: a bound per field type rather than per type parameter, so that a
/// field `List<T, P::Limit>` needs `List<T, P::Limit>: Ssz`, not `P: Ssz`.
/// Returned with the checks of the field types that name no generic
/// parameter, to be emitted beside the impl (none for bounds written
/// [`BoundsAt::Derive`]).
///
/// A field type that names the type itself (`List<Self, N>`) gets no bound:
/// the bound would ask the impl being defined to hold in order to define it,
/// which the trait solver reports as an overflow. Its uses in the body are
/// checked instead.
///
/// A field type that names none of the generic parameters (`u64`,
/// `NotSsz`) is bounded under a binder, `for<'__peam> NotSsz: Ssz`: a bound
/// without one is "trivial", and an unsatisfied trivial bound is reported
/// with a pointer to the unstable `trivial_bounds` feature; under the
/// binder it is not checked where the impl is written, and the body, which
/// may assume it, reports nothing. The check beside the impl (a call of a
/// function bounded by the trait) reports a missing impl once, at the
/// field, with the trait's own message; every use of the field's type in
/// the body would otherwise report it again. `at` says where the bounds
/// are written, and whether they are checked ([`BoundsAt`]).
pub fn with_field_bounds<'a>(
    generics: &Generics,
    ident: &Ident,
    types: impl IntoIterator<Item = &'a Type>,
    trait_path: &TokenStream,
    at: BoundsAt,
) -> (Generics, TokenStream) {
    let params = param_names(generics);
    let mut generics = generics.clone();
    let mut seen: Vec<String> = Vec::new();
    let mut checked = TokenStream::new();
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
        .map(|ty| {
            let (span, bound) = match at {
                // The whole bound carries the field type's span, so that
                // an unsatisfied bound is reported at the field, not at
                // the derive.
                BoundsAt::Field => (ty.span(), respan(trait_path.clone(), ty.span())),
                BoundsAt::Derive => (Span::call_site(), trait_path.clone()),
            };
            if names_any(ty.to_token_stream(), &params) {
                syn::parse_quote_spanned!(span=> #ty: #bound)
            } else {
                if at == BoundsAt::Field {
                    checked.extend(quote_spanned!(ty.span()=> __field_type::<#ty>();));
                }
                syn::parse_quote_spanned!(span=> for<'__peam> #ty: #bound)
            }
        })
        .collect();
    generics.make_where_clause().predicates.extend(predicates);
    // One body for all of them: a body per field type costs the type
    // checker more than the calls.
    let checks = if checked.is_empty() {
        TokenStream::new()
    } else {
        quote! {
            const _: fn() = || {
                fn __field_type<__T: ?::core::marker::Sized + #trait_path>() {}
                #checked
            };
        }
    };
    (generics, checks)
}

/// Where [`with_field_bounds`] writes its bounds, and whether it checks them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum BoundsAt {
    /// At each field type, checked beside the impl: the bounds of an impl
    /// the type must have (`Ssz`, `TreeHash`, the consensus JSON), so a
    /// missing impl of a field type is reported once, at the field.
    Field,
    /// At the derive, unchecked: the bounds of an impl the type has only
    /// where its fields allow it (the views). They are never unsatisfied
    /// where they are written (a field type without a view leaves the view
    /// out), and a runtime of another version is reported once, for the
    /// whole derive.
    Derive,
}

/// The generics of `model`'s impl of `trait_path`, a bound per field type,
/// and the checks of the field types that name no generic parameter (see
/// [`with_field_bounds`]).
pub fn model_bounds<'a>(
    model: &crate::internals::ast::Model,
    types: impl IntoIterator<Item = &'a Type>,
    trait_path: &TokenStream,
) -> (Generics, TokenStream) {
    with_field_bounds(
        model.generics,
        model.ident,
        types,
        trait_path,
        BoundsAt::Field,
    )
}

/// `tokens` with every span set to `span`.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let TokenTree::Group(g) = &tt {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tt = TokenTree::Group(group);
            } else {
                tt.set_span(span);
            }
            tt
        })
        .collect()
}

/// The names of the type, const and lifetime parameters of `generics`.
pub fn param_names(generics: &Generics) -> Vec<Ident> {
    generics
        .params
        .iter()
        .map(|param| match param {
            syn::GenericParam::Type(t) => t.ident.clone(),
            syn::GenericParam::Const(c) => c.ident.clone(),
            syn::GenericParam::Lifetime(l) => l.lifetime.ident.clone(),
        })
        .collect()
}

/// Whether `tokens` mention any of `names`.
pub fn names_any(tokens: TokenStream, names: &[Ident]) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => names.contains(&i),
        TokenTree::Group(g) => names_any(g.stream(), names),
        _ => false,
    })
}

/// Whether `tokens` mention `Self` or `ident`.
pub fn names_type(tokens: TokenStream, ident: &Ident) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i == "Self" || i == *ident,
        TokenTree::Group(g) => names_type(g.stream(), ident),
        _ => false,
    })
}

/// Wraps generated impls in `const _: () = { ... };`, so that nothing they
/// declare leaks into the user's namespace.
pub fn wrap_in_const(tokens: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        const _: () = {
            #tokens
        };
    }
}

/// The errors of a rejected input, and an impl of the trait whose items
/// are never run, so that code using the type reports no follow-on errors.
pub fn rejected(
    input: &DeriveInput,
    rejected: Rejected,
    fallback: impl FnOnce(&syn::Path) -> (TokenStream, TokenStream),
) -> TokenStream {
    let errors = rejected.errors.iter().map(syn::Error::to_compile_error);
    let fallback = rejected.krate.map(|krate| {
        let ident = &input.ident;
        let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
        let (trait_path, items) = fallback(&krate);
        wrap_in_const(quote_spanned! {ident.span()=>
            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                #items
            }
        })
    });
    quote! {
        #(#errors)*
        #fallback
    }
}

/// The edition marker type of a progressive container: the one that
/// `edition = "v1.6"` names, the type `edition = E` gives, or `Current`.
pub fn edition_type(krate: &syn::Path, edition: Option<&EditionValue>) -> TokenStream {
    match edition {
        None => quote!(#krate::edition::Current),
        Some(EditionValue::Named(marker)) => {
            let marker = Ident::new(marker, Span::call_site());
            quote!(#krate::edition::#marker)
        }
        Some(EditionValue::Type(ty)) => quote!(#ty),
    }
}

/// The runtime's module of helpers for generated code, `__private_` and this
/// crate's version (`__private_3_0_0`), as `#private` in `quote!`: the
/// runtime of the same version names its module so (`peam-ssz-core`'s
/// `build.rs`, by the same rule), and with another version the path does
/// not resolve and rustc's error names the version this derive wanted.
/// serde_derive's `private` is the model.
#[allow(non_camel_case_types)]
pub struct private;

impl private {
    /// `__private_3_0_0` for version 3.0.0: the version's dots, and any
    /// pre-release or build separators, as underscores.
    pub fn name() -> String {
        let tail: String = env!("CARGO_PKG_VERSION")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        format!("__private_{tail}")
    }
}

impl ToTokens for private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend([TokenTree::Ident(Ident::new(
            &private::name(),
            Span::call_site(),
        ))]);
    }
}

/// `pack_bits(active_fields)` of a progressive container, for its root
/// and its view's: bit `i` of the chunk is entry `i`.
pub(crate) fn pack_bits(bits: &[bool]) -> [u8; 32] {
    let mut chunk = [0u8; 32];
    for (i, _) in bits
        .iter()
        .enumerate()
        .filter(|(_, on)| **on)
        .take_while(|(i, _)| *i < 256)
    {
        chunk[i / 8] |= 1 << (i % 8);
    }
    chunk
}

#[cfg(test)]
mod tests {
    use super::{pack_bits, private, with_field_bounds, BoundsAt};
    use quote::quote;
    use syn::{parse_quote, Generics, Ident, Type};

    /// The bounds of `T` and `u64` by `Ssz`, written at `at`: the where
    /// clause, and the check items.
    fn bounds(at: BoundsAt) -> (String, String) {
        let generics: Generics = parse_quote!(<T>);
        let ident: Ident = parse_quote!(Block);
        let types: [Type; 3] = [parse_quote!(T), parse_quote!(u64), parse_quote!(u64)];
        let (generics, checks) = with_field_bounds(&generics, &ident, &types, &quote!(Ssz), at);
        let where_clause = generics.where_clause.map(|w| quote!(#w).to_string());
        (where_clause.unwrap_or_default(), checks.to_string())
    }

    /// Both sites bound each field type once, under a binder where it names
    /// no parameter; only the bounds at the fields are checked beside the
    /// impl.
    #[test]
    fn bounds_at_the_derive_are_those_at_the_fields_unchecked() {
        let (at_fields, checks) = bounds(BoundsAt::Field);
        let (at_derive, no_checks) = bounds(BoundsAt::Derive);
        assert_eq!(at_fields, "where T : Ssz , for < '__peam > u64 : Ssz");
        assert_eq!(at_derive, at_fields);
        assert!(checks.contains("__field_type :: < u64 > ()"), "{checks}");
        assert!(!checks.contains("__field_type :: < T >"), "{checks}");
        assert_eq!(no_checks, "");
    }

    /// The derive names the module the runtime of its version declares.
    #[test]
    fn private_module_is_the_runtimes() {
        assert_eq!(private::name(), peam_ssz_types::__PRIVATE_MODULE);
    }

    #[test]
    fn pack_bits_matches_the_runtime() {
        let patterns: Vec<Vec<bool>> = vec![
            vec![true],
            vec![true, false, true],
            vec![false, false, false, false, true],
            (0..9).map(|i| i % 3 == 0).collect(),
            (0..256).map(|i| i % 7 == 1 || i == 255).collect(),
        ];
        for bits in patterns {
            let bytes: Vec<u8> = bits.iter().map(|&b| u8::from(b)).collect();
            assert_eq!(
                pack_bits(&bits),
                peam_ssz_types::merkle::pack_active_fields(&bytes)
            );
        }
        assert_eq!(pack_bits(&[true, false, true])[0], 0b101);
    }
}
