//! `#[derive(Ssz)]`: encoding and strict decoding.
//!
//! Containers lay out their fixed part from the fields' `FIXED_PART_LEN`
//! consts, so every field position is a constant once the impl is
//! monomorphized; a fixed-size container reslices its input to that constant
//! length first, which lets the compiler drop the bounds checks of the field
//! ranges. Whether the container is fixed-size is itself a const, so only
//! one of the two paths survives in the compiled code.

use crate::common::{rejected, with_field_bounds, wrap_in_const};
use crate::internals::ast::{ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::model;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{DeriveInput, Type};

/// Expands `#[derive(Ssz)]`.
pub fn expand(input: &DeriveInput) -> TokenStream {
    match model(input) {
        Ok(model) => wrap_in_const(impl_ssz(&model)),
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
    let (types, body): (Vec<&Type>, TokenStream) = match &model.shape {
        Shape::Container { fields, .. } => (
            fields.iter().map(|f| f.ty).collect(),
            container(krate, fields),
        ),
        Shape::Transparent(field) => (vec![field.ty], transparent(krate, field)),
        Shape::Union { variants, .. } => (
            variants.iter().filter_map(|v| v.ty).collect(),
            union(krate, variants),
        ),
    };
    let generics = with_field_bounds(model.generics, model.ident, types, &ssz);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    quote! {
        #[automatically_derived]
        impl #impl_generics #ssz for #ident #ty_generics #where_clause {
            #body
        }
    }
}

/// A container (simple-serialize.md, "Vectors, containers, ..."): the fixed
/// part (fixed-size fields, and offsets of variable-size ones), then the
/// variable-size fields in order.
fn container(krate: &syn::Path, fields: &[ContainerField]) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let error = quote!(#krate::DecodeError);
    let kind = quote!(#krate::DecodeErrorKind);
    let n = fields.len();
    let idents: Vec<_> = fields.iter().map(|f| f.ident).collect();
    let types: Vec<_> = fields.iter().map(|f| f.ty).collect();
    let names: Vec<_> = fields.iter().map(|f| Literal::string(&f.name)).collect();
    let fixed: Vec<_> = types
        .iter()
        .map(|ty| quote_spanned!(ty.span()=> <#ty as #ssz>::IS_FIXED_SIZE))
        .collect();
    let lens: Vec<_> = types
        .iter()
        .map(|ty| quote_spanned!(ty.span()=> <#ty as #ssz>::FIXED_PART_LEN))
        .collect();
    // Field positions in the fixed part: running sums, folded to constants.
    let pos: Vec<_> = (0..n).map(|i| format_ident!("__pos{}", i)).collect();
    let pos_lets: Vec<_> = (0..n)
        .map(|i| {
            let p = &pos[i];
            if i == 0 {
                quote!(let #p: ::core::primitive::usize = 0;)
            } else {
                let (prev, len) = (&pos[i - 1], &lens[i - 1]);
                quote!(let #p: ::core::primitive::usize = #prev + #len;)
            }
        })
        .collect();
    let fixed_len = quote!(#(#lens)+*);
    let is_fixed = quote!(#(#fixed)&&*);

    // Encoding. `__tail{i}`: no variable-size field after field i, so a
    // variable-size field i takes the rest of the output and its length
    // needs no second computation.
    let tail: Vec<_> = (0..n).map(|i| format_ident!("__tail{}", i)).collect();
    let tail_lets: Vec<_> = (0..n)
        .rev()
        .map(|i| {
            let t = &tail[i];
            if i + 1 == n {
                quote!(let #t: ::core::primitive::bool = true;)
            } else {
                let (next, next_fixed) = (&tail[i + 1], &fixed[i + 1]);
                quote!(let #t: ::core::primitive::bool = #next && #next_fixed;)
            }
        })
        .collect();
    let var_mut = (n > 1).then(|| quote!(mut));
    let write_variable: Vec<_> = (0..n)
        .map(|i| {
            let (ident, ty, p, len, t, is_fixed) =
                (idents[i], types[i], &pos[i], &lens[i], &tail[i], &fixed[i]);
            let advance = (i + 1 < n).then(|| quote!(__var += __len;));
            quote! {
                if #is_fixed {
                    <#ty as #ssz>::ssz_write(&self.#ident, &mut __out[#p..#p + #len]);
                } else {
                    #krate::__private::write_offset(__out, #p, __var);
                    let __len: ::core::primitive::usize = if #t {
                        __out.len() - __var
                    } else {
                        <#ty as #ssz>::ssz_len(&self.#ident)
                    };
                    <#ty as #ssz>::ssz_write(&self.#ident, &mut __out[__var..__var + __len]);
                    #advance
                }
            }
        })
        .collect();

    // Appending: each fixed-size field appended and each offset pushed in
    // order, then each variable-size field appended, so that the output is
    // written once, without a cleared copy first.
    let append_fixed_part: Vec<_> = (0..n)
        .map(|i| {
            let (ident, ty, is_fixed) = (idents[i], types[i], &fixed[i]);
            quote! {
                if #is_fixed {
                    <#ty as #ssz>::ssz_append(&self.#ident, __buf);
                } else {
                    #krate::__private::push_offset(__buf, __var);
                    __var += <#ty as #ssz>::ssz_len(&self.#ident);
                }
            }
        })
        .collect();

    // Decoding of a variable-size container: every offset is read and
    // checked before any field is decoded; `__off{i}`/`__end{i}` delimit
    // variable-size field i.
    let off: Vec<_> = (0..n).map(|i| format_ident!("__off{}", i)).collect();
    let end: Vec<_> = (0..n).map(|i| format_ident!("__end{}", i)).collect();
    let read_offsets: Vec<_> = (0..n)
        .map(|i| {
            let (o, p, is_fixed, name) = (&off[i], &pos[i], &fixed[i], &names[i]);
            let remember = (i + 1 < n).then(|| quote!(__prev = __o;));
            quote! {
                let #o: ::core::primitive::usize = if #is_fixed {
                    0
                } else {
                    match #krate::__private::read_container_offset(__bytes, #p, __prev, __fixed_len) {
                        ::core::result::Result::Ok(__o) => {
                            #remember
                            __o
                        }
                        ::core::result::Result::Err(__e) => {
                            return ::core::result::Result::Err(__e.in_field(#name));
                        }
                    }
                };
            }
        })
        .collect();
    let ends: Vec<_> = (0..n)
        .rev()
        .map(|i| {
            let (e, o, is_fixed) = (&end[i], &off[i], &fixed[i]);
            let step = (i > 0).then(|| quote!(__end = #o;));
            quote! {
                let #e: ::core::primitive::usize = if #is_fixed {
                    0
                } else {
                    let __e = __end;
                    #step
                    __e
                };
            }
        })
        .collect();
    let decode_field = |i: usize, bytes: TokenStream| {
        let (ident, ty, name) = (idents[i], types[i], &names[i]);
        quote! {
            #ident: match <#ty as #ssz>::from_ssz(#bytes) {
                ::core::result::Result::Ok(__v) => __v,
                ::core::result::Result::Err(__e) => {
                    return ::core::result::Result::Err(__e.in_field(#name));
                }
            }
        }
    };
    let decode_fixed: Vec<_> = (0..n)
        .map(|i| {
            let (p, len) = (&pos[i], &lens[i]);
            decode_field(i, quote!(&__bytes[#p..#p + #len]))
        })
        .collect();
    let decode_variable: Vec<_> = (0..n)
        .map(|i| {
            let (p, len, o, e, is_fixed) = (&pos[i], &lens[i], &off[i], &end[i], &fixed[i]);
            decode_field(
                i,
                quote! {
                    if #is_fixed { &__bytes[#p..#p + #len] } else { &__bytes[#o..#e] }
                },
            )
        })
        .collect();

    quote! {
        const IS_FIXED_SIZE: ::core::primitive::bool = #is_fixed;
        const FIXED_PART_LEN: ::core::primitive::usize = if #is_fixed {
            #fixed_len
        } else {
            #krate::BYTES_PER_LENGTH_OFFSET
        };

        #[inline]
        fn ssz_len(&self) -> ::core::primitive::usize {
            if <Self as #ssz>::IS_FIXED_SIZE {
                #fixed_len
            } else {
                let mut __len: ::core::primitive::usize = #fixed_len;
                #(
                    if !#fixed {
                        __len += <#types as #ssz>::ssz_len(&self.#idents);
                    }
                )*
                __len
            }
        }

        #[inline]
        fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
            let __fixed_len: ::core::primitive::usize = #fixed_len;
            #(#pos_lets)*
            if <Self as #ssz>::IS_FIXED_SIZE {
                let __out = &mut __out[..__fixed_len];
                #(
                    <#types as #ssz>::ssz_write(&self.#idents, &mut __out[#pos..#pos + #lens]);
                )*
            } else {
                #(#tail_lets)*
                let #var_mut __var: ::core::primitive::usize = __fixed_len;
                #(#write_variable)*
            }
        }

        #[inline]
        fn ssz_append(&self, __buf: &mut #krate::__private::Vec<::core::primitive::u8>) {
            let __fixed_len: ::core::primitive::usize = #fixed_len;
            __buf.reserve(__fixed_len);
            #[allow(unused_mut)]
            let mut __var: ::core::primitive::usize = __fixed_len;
            #(#append_fixed_part)*
            let _ = __var;
            #(
                if !#fixed {
                    <#types as #ssz>::ssz_append(&self.#idents, __buf);
                }
            )*
        }

        #[inline]
        fn from_ssz(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, #error> {
            let __fixed_len: ::core::primitive::usize = #fixed_len;
            #(#pos_lets)*
            if <Self as #ssz>::IS_FIXED_SIZE {
                if __bytes.len() != __fixed_len {
                    return ::core::result::Result::Err(#error::new(#kind::InvalidLength {
                        expected: __fixed_len,
                        got: __bytes.len(),
                    }));
                }
                let __bytes = &__bytes[..__fixed_len];
                ::core::result::Result::Ok(Self { #(#decode_fixed,)* })
            } else {
                let __len: ::core::primitive::usize = __bytes.len();
                if __len < __fixed_len {
                    return ::core::result::Result::Err(#error::new(#kind::TooShort {
                        min: __fixed_len,
                        got: __len,
                    }));
                }
                let #var_mut __prev: ::core::primitive::usize = 0;
                #(#read_offsets)*
                let #var_mut __end: ::core::primitive::usize = __len;
                #(#ends)*
                ::core::result::Result::Ok(Self { #(#decode_variable,)* })
            }
        }
    }
}

/// A newtype: every item forwards to the field's type.
fn transparent(krate: &syn::Path, field: &Field) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let (member, ty) = (&field.member, field.ty);
    let vec = quote!(#krate::__private::Vec<::core::primitive::u8>);
    quote! {
        const IS_FIXED_SIZE: ::core::primitive::bool = <#ty as #ssz>::IS_FIXED_SIZE;
        const FIXED_PART_LEN: ::core::primitive::usize = <#ty as #ssz>::FIXED_PART_LEN;

        #[inline]
        fn ssz_len(&self) -> ::core::primitive::usize {
            <#ty as #ssz>::ssz_len(&self.#member)
        }

        #[inline]
        fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
            <#ty as #ssz>::ssz_write(&self.#member, __out)
        }

        #[inline]
        fn from_ssz(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, #krate::DecodeError> {
            match <#ty as #ssz>::from_ssz(__bytes) {
                ::core::result::Result::Ok(__v) => ::core::result::Result::Ok(Self { #member: __v }),
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
            #krate::__private::transparent_write_many(__values, __out, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn from_ssz_many(
            __bytes: &[::core::primitive::u8],
            __out: &mut #krate::__private::Vec<Self>,
        ) -> ::core::result::Result<(), #krate::DecodeError> {
            #krate::__private::transparent_from_ssz_many(
                __bytes,
                __out,
                |__v: #ty| Self { #member: __v },
                |__w: Self| __w.#member,
            )
        }

        #[inline]
        fn __append_many(__values: &[Self], __buf: &mut #vec) {
            #krate::__private::transparent_append_many(__values, __buf, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn __array_from_ssz<const __N: ::core::primitive::usize>(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<[Self; __N], #krate::DecodeError> {
            match <#ty as #ssz>::__array_from_ssz::<__N>(__bytes) {
                ::core::result::Result::Ok(__a) => {
                    ::core::result::Result::Ok(__a.map(|__v: #ty| Self { #member: __v }))
                }
                ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e),
            }
        }
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
    }
}
