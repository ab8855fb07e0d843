//! `#[derive(Ssz)]`: encoding and strict decoding.
//!
//! Containers lay out their fixed part from the fields' `FIXED_PART_LEN`
//! consts, so every field position is a constant once the impl is
//! monomorphized; a fixed-size container reslices its input to that constant
//! length first, which lets the compiler drop the bounds checks of the field
//! ranges. Whether the container is fixed-size is itself a const, so only
//! one of the two paths survives in the compiled code.

use crate::checks::Hooks;
use crate::common::{model_bounds, rejected, with_field_bounds, wrap_in_const, Trivial};
use crate::internals::ast::{Codec, ContainerField, Field, Model, Shape, UnionVariant};
use crate::internals::model;
use proc_macro2::{Ident, Literal, TokenStream};
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
            fields
                .iter()
                .filter_map(ContainerField::bounded_type)
                .collect(),
            container(krate, fields, &Hooks::new(model)),
        ),
        Shape::Transparent(field) => (
            vec![field.ty],
            transparent(krate, field, &Hooks::new(model)),
        ),
        Shape::Union { variants, .. } => (
            variants.iter().filter_map(|v| v.ty).collect(),
            union(krate, variants),
        ),
    };
    let mut generics = model_bounds(model, types, &ssz);
    if let Shape::Container { fields, .. } = &model.shape {
        // Skipped fields decode as `Default::default()`: their types are
        // bounded by `Default` as the others are by `Ssz`.
        let skipped = fields
            .iter()
            .filter(|f| matches!(f.codec, Codec::Skip))
            .map(|f| f.ty);
        let default = quote!(::core::default::Default);
        generics = with_field_bounds(&generics, model.ident, skipped, &default, Trivial::Omit);
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = model.ident;
    let eager = Hooks::new(model).eager_check(krate);
    quote! {
        #[automatically_derived]
        impl #impl_generics #ssz for #ident #ty_generics #where_clause {
            #body
        }
        #eager
    }
}

/// What the generated code of a container needs about one encoded field:
/// how to reach its value, how to code it, and the names of the locals that
/// hold its position.
struct Slot<'a> {
    /// The member, `self.#ident`.
    ident: &'a Ident,
    /// The name decode errors report.
    name: Literal,
    /// The field's type.
    ty: &'a Type,
    /// The module of `#[ssz(with = "...")]`, which codes the field instead
    /// of `ty`'s impl.
    with: Option<&'a syn::Path>,
    /// `__pos{i}`: where the field (or its offset) is in the fixed part.
    pos: Ident,
    /// `__off{i}`/`__end{i}`: where a variable-size field is when decoding.
    off: Ident,
    end: Ident,
    /// `__tail{i}`: no variable-size field after this one, so a
    /// variable-size field takes the rest of the output.
    tail: Ident,
}

impl Slot<'_> {
    fn is_fixed(&self, ssz: &TokenStream) -> TokenStream {
        let ty = self.ty;
        match self.with {
            Some(with) => quote_spanned!(with.span()=> #with::IS_FIXED_SIZE),
            None => quote_spanned!(ty.span()=> <#ty as #ssz>::IS_FIXED_SIZE),
        }
    }

    fn fixed_len(&self, ssz: &TokenStream) -> TokenStream {
        let ty = self.ty;
        match self.with {
            Some(with) => quote_spanned!(with.span()=> #with::FIXED_PART_LEN),
            None => quote_spanned!(ty.span()=> <#ty as #ssz>::FIXED_PART_LEN),
        }
    }

    /// `EXACT_LEN` of the field's type (`None` for a module's field).
    fn exact_len(&self, ssz: &TokenStream) -> TokenStream {
        let ty = self.ty;
        match self.with {
            Some(_) => quote!(::core::option::Option::None),
            None => quote_spanned!(ty.span()=> <#ty as #ssz>::EXACT_LEN),
        }
    }

    /// The encoded length of the field of `value`.
    fn ssz_len(&self, ssz: &TokenStream, value: &TokenStream) -> TokenStream {
        let (ty, ident) = (self.ty, self.ident);
        match self.with {
            Some(with) => quote_spanned!(with.span()=> #with::ssz_len(&#value.#ident)),
            None => quote!(<#ty as #ssz>::ssz_len(&#value.#ident)),
        }
    }

    /// Writes the field of `self` to `out`, a slice of its exact length.
    fn write(&self, ssz: &TokenStream, out: TokenStream) -> TokenStream {
        let (ty, ident) = (self.ty, self.ident);
        match self.with {
            Some(with) => quote_spanned!(with.span()=> #with::ssz_write(&self.#ident, #out);),
            None => quote!(<#ty as #ssz>::ssz_write(&self.#ident, #out);),
        }
    }

    /// Appends the field of `self` to `__buf`.
    fn append(&self, ssz: &TokenStream) -> TokenStream {
        let (ty, ident) = (self.ty, self.ident);
        match self.with {
            Some(with) => quote_spanned! {with.span()=>
                let __start: ::core::primitive::usize = __buf.len();
                __buf.resize(__start + #with::ssz_len(&self.#ident), 0u8);
                #with::ssz_write(&self.#ident, &mut __buf[__start..]);
            },
            None => quote!(<#ty as #ssz>::ssz_append(&self.#ident, __buf);),
        }
    }

    /// `ident: value` for `Self { .. }`, the value decoded from `bytes`; an
    /// error is returned with the field's name.
    fn decode(&self, ssz: &TokenStream, bytes: TokenStream) -> TokenStream {
        let (ty, ident, name) = (self.ty, self.ident, &self.name);
        let call = match self.with {
            Some(with) => quote_spanned!(with.span()=> #with::from_ssz(#bytes)),
            None => quote!(<#ty as #ssz>::from_ssz(#bytes)),
        };
        quote! {
            #ident: match #call {
                ::core::result::Result::Ok(__v) => __v,
                ::core::result::Result::Err(__e) => {
                    return ::core::result::Result::Err(__e.in_field(#name));
                }
            }
        }
    }
}

/// A container as its generators see it: the encoded fields in order, and
/// the skipped ones, which decoding fills with `Default::default()`.
struct Layout<'a> {
    krate: &'a syn::Path,
    hooks: &'a Hooks<'a>,
    ssz: TokenStream,
    slots: Vec<Slot<'a>>,
    skipped: Vec<(&'a Ident, &'a Type)>,
}

impl<'a> Layout<'a> {
    fn new(krate: &'a syn::Path, fields: &'a [ContainerField<'a>], hooks: &'a Hooks<'a>) -> Self {
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
            let i = slots.len();
            slots.push(Slot {
                ident: field.ident,
                name: Literal::string(&field.name),
                ty: field.ty,
                with,
                pos: format_ident!("__pos{}", i),
                off: format_ident!("__off{}", i),
                end: format_ident!("__end{}", i),
                tail: format_ident!("__tail{}", i),
            });
        }
        Layout {
            krate,
            hooks,
            ssz: quote!(#krate::Ssz),
            slots,
            skipped,
        }
    }

    /// `IS_FIXED_SIZE` of every field, and-ed.
    fn is_fixed(&self) -> TokenStream {
        let fixed = self.slots.iter().map(|s| s.is_fixed(&self.ssz));
        quote!(#(#fixed)&&*)
    }

    /// The length of the fixed part: the sum of the fields' `FIXED_PART_LEN`.
    fn fixed_len(&self) -> TokenStream {
        let lens = self.slots.iter().map(|s| s.fixed_len(&self.ssz));
        quote!(#(#lens)+*)
    }

    /// `let __pos{i} = ...;`: field positions in the fixed part, running
    /// sums that fold to constants.
    fn positions(&self) -> TokenStream {
        let mut lets = TokenStream::new();
        let mut prev: Option<&Slot> = None;
        for slot in &self.slots {
            let p = &slot.pos;
            lets.extend(match prev {
                None => quote!(let #p: ::core::primitive::usize = 0;),
                Some(prev) => {
                    let (pp, len) = (&prev.pos, prev.fixed_len(&self.ssz));
                    quote!(let #p: ::core::primitive::usize = #pp + #len;)
                }
            });
            prev = Some(slot);
        }
        lets
    }

    /// `IS_FIXED_SIZE`, `FIXED_PART_LEN` and `EXACT_LEN`.
    fn consts(&self) -> TokenStream {
        let (krate, is_fixed, fixed_len) = (self.krate, self.is_fixed(), self.fixed_len());
        let fields = self.slots.iter().map(|s| {
            let ssz = &self.ssz;
            (s.is_fixed(ssz), s.fixed_len(ssz), s.exact_len(ssz))
        });
        let exact = self.hooks.exact_len(krate, fields);
        if let Some(consts) = self.hooks.fixed_len_consts(krate, &exact) {
            return consts;
        }
        quote! {
            const EXACT_LEN: ::core::option::Option<::core::primitive::usize> = #exact;
            const IS_FIXED_SIZE: ::core::primitive::bool = #is_fixed;
            const FIXED_PART_LEN: ::core::primitive::usize = if #is_fixed {
                #fixed_len
            } else {
                #krate::BYTES_PER_LENGTH_OFFSET
            };
        }
    }

    fn ssz_len(&self) -> TokenStream {
        let (ssz, fixed_len) = (&self.ssz, self.fixed_len());
        let layout_fixed = self.hooks.layout_fixed(ssz, self.is_fixed());
        let this = quote!(self);
        let add = self.slots.iter().map(|slot| {
            let (is_fixed, len) = (slot.is_fixed(ssz), slot.ssz_len(ssz, &this));
            quote! {
                if !#is_fixed {
                    __len += #len;
                }
            }
        });
        quote! {
            #[inline]
            fn ssz_len(&self) -> ::core::primitive::usize {
                if #layout_fixed {
                    #fixed_len
                } else {
                    let mut __len: ::core::primitive::usize = #fixed_len;
                    #(#add)*
                    __len
                }
            }
        }
    }

    fn ssz_write(&self) -> TokenStream {
        let (krate, ssz) = (self.krate, &self.ssz);
        let layout_fixed = self.hooks.layout_fixed(ssz, self.is_fixed());
        let (fixed_len, positions) = (self.fixed_len(), self.positions());
        let n = self.slots.len();
        let write_fixed = self.slots.iter().map(|slot| {
            let (p, len) = (&slot.pos, slot.fixed_len(ssz));
            slot.write(ssz, quote!(&mut __out[#p..#p + #len]))
        });
        let tails = (0..n).rev().map(|i| {
            let t = &self.slots[i].tail;
            match self.slots.get(i + 1) {
                None => quote!(let #t: ::core::primitive::bool = true;),
                Some(next) => {
                    let (next_tail, next_fixed) = (&next.tail, next.is_fixed(ssz));
                    quote!(let #t: ::core::primitive::bool = #next_tail && #next_fixed;)
                }
            }
        });
        let this = quote!(self);
        let write_variable = self.slots.iter().enumerate().map(|(i, slot)| {
            let (p, t) = (&slot.pos, &slot.tail);
            let (is_fixed, len) = (slot.is_fixed(ssz), slot.fixed_len(ssz));
            let write_fixed = slot.write(ssz, quote!(&mut __out[#p..#p + #len]));
            let write_variable = slot.write(ssz, quote!(&mut __out[__var..__var + __len]));
            let value_len = slot.ssz_len(ssz, &this);
            let advance = (i + 1 < n).then(|| quote!(__var += __len;));
            quote! {
                if #is_fixed {
                    #write_fixed
                } else {
                    #krate::__private::write_offset(__out, #p, __var);
                    let __len: ::core::primitive::usize = if #t {
                        __out.len() - __var
                    } else {
                        #value_len
                    };
                    #write_variable
                    #advance
                }
            }
        });
        let var_mut = (n > 1).then(|| quote!(mut));
        quote! {
            #[inline]
            fn ssz_write(&self, __out: &mut [::core::primitive::u8]) {
                let __fixed_len: ::core::primitive::usize = #fixed_len;
                #positions
                if #layout_fixed {
                    let __out = &mut __out[..__fixed_len];
                    #(#write_fixed)*
                } else {
                    #(#tails)*
                    let #var_mut __var: ::core::primitive::usize = __fixed_len;
                    #(#write_variable)*
                }
            }
        }
    }

    /// `__write_uninit`: a fixed-size container's fields written one after
    /// the other into memory not yet initialised, each once. A container
    /// with a field coded `with` a module keeps the default (zeroed, then
    /// `ssz_write`): the module has no such writer.
    fn write_uninit(&self) -> TokenStream {
        let (krate, ssz) = (self.krate, &self.ssz);
        if self.slots.iter().any(|s| s.with.is_some()) {
            return TokenStream::new();
        }
        let layout_fixed = self.hooks.layout_fixed(ssz, self.is_fixed());
        let puts = self.slots.iter().map(|slot| {
            let (ty, ident) = (slot.ty, slot.ident);
            quote_spanned! {ty.span()=>
                __writer.put_with(
                    &self.#ident,
                    <#ty as #ssz>::FIXED_PART_LEN,
                    <#ty as #ssz>::__write_uninit,
                    <#ty as #ssz>::ssz_write,
                );
            }
        });
        let byte = quote!(::core::primitive::u8);
        quote! {
            #[inline]
            fn __write_uninit<'__ssz_out>(
                &self,
                __out: &'__ssz_out mut [::core::mem::MaybeUninit<#byte>],
            ) -> &'__ssz_out mut [#byte] {
                if #layout_fixed {
                    let mut __writer = #krate::__private::FixedWriter::new(__out);
                    #(#puts)*
                    __writer.finish()
                } else {
                    #krate::__private::write_zeroed(self, __out, <Self as #ssz>::ssz_write)
                }
            }
        }
    }

    /// Each fixed-size field appended and each offset pushed in order, then
    /// each variable-size field appended, so that the output is written
    /// once, without a cleared copy first.
    fn ssz_append(&self) -> TokenStream {
        let (krate, ssz, fixed_len) = (self.krate, &self.ssz, self.fixed_len());
        let this = quote!(self);
        let fixed_part = self.slots.iter().map(|slot| {
            let (is_fixed, append, len) = (
                slot.is_fixed(ssz),
                slot.append(ssz),
                slot.ssz_len(ssz, &this),
            );
            quote! {
                if #is_fixed {
                    #append
                } else {
                    #krate::__private::push_offset(__buf, __var);
                    __var += #len;
                }
            }
        });
        let variable_part = self.slots.iter().map(|slot| {
            let (is_fixed, append) = (slot.is_fixed(ssz), slot.append(ssz));
            quote! {
                if !#is_fixed {
                    #append
                }
            }
        });
        quote! {
            #[inline]
            fn ssz_append(&self, __buf: &mut #krate::__private::Vec<::core::primitive::u8>) {
                let __fixed_len: ::core::primitive::usize = #fixed_len;
                __buf.reserve(__fixed_len);
                #[allow(unused_mut)]
                let mut __var: ::core::primitive::usize = __fixed_len;
                #(#fixed_part)*
                let _ = __var;
                #(#variable_part)*
            }
        }
    }

    /// `from_ssz`, strict decoding. A variable-size container's offsets are all read
    /// and checked before any field is decoded; `__off{i}`/`__end{i}`
    /// delimit variable-size field i.
    fn decode(&self) -> TokenStream {
        let (krate, ssz) = (self.krate, &self.ssz);
        let error = quote!(#krate::DecodeError);
        let kind = quote!(#krate::DecodeErrorKind);
        let (fixed_len, positions) = (self.fixed_len(), self.positions());
        let layout_fixed = self.hooks.layout_fixed(ssz, self.is_fixed());
        let (length_check, ok) = (self.hooks.length_check(krate), self.hooks.ok(krate));
        let n = self.slots.len();
        let read_offsets = self.slots.iter().enumerate().map(|(i, slot)| {
            let (o, p, name) = (&slot.off, &slot.pos, &slot.name);
            let is_fixed = slot.is_fixed(ssz);
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
        });
        let ends = self.slots.iter().enumerate().rev().map(|(i, slot)| {
            let (e, o, is_fixed) = (&slot.end, &slot.off, slot.is_fixed(ssz));
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
        });
        let decode_fixed = self.slots.iter().map(|slot| {
            let (p, len) = (&slot.pos, slot.fixed_len(ssz));
            slot.decode(ssz, quote!(&__bytes[#p..#p + #len]))
        });
        let decode_variable = self.slots.iter().map(|slot| {
            let (p, len, o, e) = (&slot.pos, slot.fixed_len(ssz), &slot.off, &slot.end);
            let is_fixed = slot.is_fixed(ssz);
            slot.decode(
                ssz,
                quote!(if #is_fixed { &__bytes[#p..#p + #len] } else { &__bytes[#o..#e] }),
            )
        });
        let skipped = self.skipped.iter().map(|(ident, ty)| {
            let default = quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default());
            quote!(#ident: #default)
        });
        let skipped = quote!(#(#skipped,)*);
        let var_mut = (n > 1).then(|| quote!(mut));
        quote! {
            #[inline]
            fn from_ssz(
                __bytes: &[::core::primitive::u8],
            ) -> ::core::result::Result<Self, #error> {
                #length_check
                let __fixed_len: ::core::primitive::usize = #fixed_len;
                #positions
                if #layout_fixed {
                    if __bytes.len() != __fixed_len {
                        return ::core::result::Result::Err(#error::new(#kind::InvalidLength {
                            expected: __fixed_len,
                            got: __bytes.len(),
                        }));
                    }
                    let __bytes = &__bytes[..__fixed_len];
                    #ok(Self { #(#decode_fixed,)* #skipped })
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
                    #ok(Self { #(#decode_variable,)* #skipped })
                }
            }
        }
    }
}

/// A container (simple-serialize.md, "Vectors, containers, ..."): the fixed
/// part (fixed-size fields, and offsets of variable-size ones), then the
/// variable-size fields in order. Skipped fields take no part.
fn container<'a>(
    krate: &'a syn::Path,
    fields: &'a [ContainerField<'a>],
    hooks: &'a Hooks<'a>,
) -> TokenStream {
    let layout = Layout::new(krate, fields, hooks);
    let items = [
        layout.consts(),
        layout.ssz_len(),
        layout.ssz_write(),
        layout.ssz_append(),
        layout.write_uninit(),
        layout.decode(),
    ];
    quote!(#(#items)*)
}

/// A newtype: every item forwards to the field's type.
fn transparent(krate: &syn::Path, field: &Field, hooks: &Hooks) -> TokenStream {
    let ssz = quote!(#krate::Ssz);
    let (member, ty) = (&field.member, field.ty);
    let ok = hooks.ok(krate);
    let (from_many, many_arg) = (hooks.many_helper(krate), hooks.many_arg());
    let check_array = hooks.check_array(krate);
    let vec = quote!(#krate::__private::Vec<::core::primitive::u8>);
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
        fn __write_uninit<'__ssz_out>(
            &self,
            __out: &'__ssz_out mut [::core::mem::MaybeUninit<::core::primitive::u8>],
        ) -> &'__ssz_out mut [::core::primitive::u8] {
            <#ty as #ssz>::__write_uninit(&self.#member, __out)
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
            #krate::__private::transparent_write_many(__values, __out, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn from_ssz_many(
            __bytes: &[::core::primitive::u8],
            __out: &mut #krate::__private::Vec<Self>,
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
        fn __append_many(__values: &[Self], __buf: &mut #vec) {
            #krate::__private::transparent_append_many(__values, __buf, |__v: &Self| &__v.#member)
        }

        #[inline]
        fn __array_from_ssz<const __N: ::core::primitive::usize>(
            __bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<[Self; __N], #krate::DecodeError> {
            match <#ty as #ssz>::__array_from_ssz::<__N>(__bytes) {
                ::core::result::Result::Ok(__a) => {
                    let __a = __a.map(|__v: #ty| Self { #member: __v });
                    #check_array
                    ::core::result::Result::Ok(__a)
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
