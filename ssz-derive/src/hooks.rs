//! The code of `#[ssz(validate = "...")]` and `#[ssz(fixed_len = ...)]`,
//! which [`crate::ssz`] splices into a container's or newtype's `Ssz`
//! impl at a few points ([`Hooks`]); everything they run at decode time is
//! in the runtime crate's `__private_<version>` (compiled once).

use crate::common::private;
use crate::internals::ast::Model;
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The two item attributes that change a derived `Ssz` impl, and the
/// tokens each point of the impl takes from them (the plain ones when they
/// are absent).
pub struct Hooks<'a> {
    ident: &'a syn::Ident,
    generic: bool,
    validate: Option<&'a syn::Path>,
    fixed_len: Option<&'a syn::Expr>,
}

impl<'a> Hooks<'a> {
    /// The hooks of `model`.
    pub fn new(model: &'a Model<'a>) -> Self {
        Hooks {
            ident: model.ident,
            generic: !model.generics.params.is_empty(),
            validate: model.validate.as_ref(),
            fixed_len: model.fixed_len.as_ref(),
        }
    }

    /// Whether the container declares `#[ssz(fixed_len = ...)]`.
    pub fn has_fixed_len(&self) -> bool {
        self.fixed_len.is_some()
    }

    /// The first statement of a `fixed_len` container's `from_ssz`: it
    /// takes exactly its length, as every fixed-size type does.
    pub fn length_check(&self, krate: &syn::Path) -> TokenStream {
        if self.fixed_len.is_none() {
            return TokenStream::new();
        }
        quote! {
            if __bytes.len() != <Self as #krate::Ssz>::FIXED_PART_LEN {
                return ::core::result::Result::Err(#krate::DecodeError::new(
                    #krate::DecodeErrorKind::InvalidLength {
                        expected: <Self as #krate::Ssz>::FIXED_PART_LEN,
                        got: __bytes.len(),
                    },
                ));
            }
        }
    }

    /// What a decoded value is passed to: `Result::Ok`, or the validation
    /// hook and then `Ok`.
    pub fn ok(&self, krate: &syn::Path) -> TokenStream {
        match self.validate {
            Some(path) => quote_spanned! {path.span()=>
                (|__v: Self| #krate::#private::validated(__v, #path))
            },
            None => quote!(::core::result::Result::Ok),
        }
    }

    /// The helper of a newtype's `from_ssz_many`.
    pub fn many_helper(&self, krate: &syn::Path) -> TokenStream {
        match self.validate {
            Some(_) => quote!(#krate::#private::transparent_from_ssz_many_checked),
            None => quote!(#krate::#private::transparent_from_ssz_many),
        }
    }

    /// The hook as the last argument of [`Hooks::many_helper`]'s helper.
    pub fn many_arg(&self) -> TokenStream {
        match self.validate {
            Some(path) => quote_spanned!(path.span()=> #path,),
            None => TokenStream::new(),
        }
    }

    /// A newtype's `from_ssz_array`: the hook on every element of `__a`.
    pub fn check_array(&self, krate: &syn::Path) -> TokenStream {
        match self.validate {
            Some(path) => quote_spanned! {path.span()=>
                if let ::core::result::Result::Err(__e) =
                    #krate::#private::validate_all(&__a, #path)
                {
                    return ::core::result::Result::Err(__e);
                }
            },
            None => TokenStream::new(),
        }
    }

    /// The layout consts of a `fixed_len` container: fixed-size, of the
    /// declared length, which must be the one length its fields always
    /// take (`exact`, the container's own `EXACT_LEN`), or the build fails
    /// where the length is evaluated. `None` without `fixed_len`.
    pub fn fixed_len_consts(&self, krate: &syn::Path, exact: &TokenStream) -> Option<TokenStream> {
        let declared = self.fixed_len?;
        let ident = self.ident;
        let varies = Literal::string(&format!(
            "`#[ssz(fixed_len)]` on `{ident}`: a variable-size field has no exact length, so \
             values of `{ident}` may differ in length (pin its lists with `ExactList`)"
        ));
        let differs = Literal::string(&format!(
            "`#[ssz(fixed_len)]` on `{ident}`: the fields always encode to another length \
             than `fixed_len` gives"
        ));
        let usize = quote!(::core::primitive::usize);
        Some(quote_spanned! {declared.span()=>
            const IS_FIXED_SIZE: ::core::primitive::bool = true;
            const FIXED_PART_LEN: #usize = {
                let __declared: #usize = #declared;
                match #exact {
                    ::core::option::Option::Some(__n) => {
                        if __n != __declared {
                            ::core::panic!(#differs);
                        }
                        __declared
                    }
                    ::core::option::Option::None => ::core::panic!(#varies),
                }
            };
            const EXACT_LEN: ::core::option::Option<#usize> =
                ::core::option::Option::Some(<Self as #krate::Ssz>::FIXED_PART_LEN);
        })
    }

    /// For a `fixed_len` container without generics, an item that
    /// evaluates its length, so that a wrong one fails the build of the
    /// crate that declares it rather than the first use.
    pub fn eager_check(&self, krate: &syn::Path) -> TokenStream {
        if self.fixed_len.is_none() || self.generic {
            return TokenStream::new();
        }
        let ident = self.ident;
        quote! {
            const _: ::core::primitive::usize = <#ident as #krate::Ssz>::FIXED_PART_LEN;
        }
    }
}
