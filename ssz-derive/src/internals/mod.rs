//! Parsing and checking, independent of `proc_macro` so that every stage runs
//! on `proc_macro2` tokens.

pub mod ast;
pub mod attr;
pub mod check;
pub mod ctxt;
pub mod symbol;
pub mod types;

use ctxt::Ctxt;
use syn::DeriveInput;

/// Why a derive input was rejected, and what the fallback impl needs.
pub struct Rejected {
    /// Every error, with its span.
    pub errors: Vec<syn::Error>,
    /// The runtime crate path to name in the fallback impl; `None` when
    /// `#[ssz(crate = "...")]` could not be parsed, so that no fallback impl
    /// names a path the user did not mean.
    pub krate: Option<syn::Path>,
}

/// Parses and checks `input`: the model to generate code from, or every error
/// found.
pub fn model(input: &DeriveInput) -> Result<ast::Model<'_>, Rejected> {
    let mut cx = Ctxt::new();
    let parsed = ast::Input::from_syn(&mut cx, input);
    let krate = match &parsed {
        Some(parsed) => parsed.krate.clone(),
        None => Some(ast::default_krate()),
    };
    let model = parsed.and_then(|p| check::check(&mut cx, p));
    match model {
        Some(model) if !cx.has_errors() => Ok(model),
        _ => {
            let mut errors = cx.into_errors();
            if errors.is_empty() {
                errors.push(syn::Error::new_spanned(
                    &input.ident,
                    "invalid SSZ derive input",
                ));
            }
            Err(Rejected { errors, krate })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ast::{Codec, Shape};
    use super::model;
    use syn::parse_quote;

    fn errors(input: syn::DeriveInput) -> Vec<String> {
        match model(&input) {
            Ok(_) => Vec::new(),
            Err(rejected) => rejected.errors.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn a_struct_with_named_fields_is_a_container() {
        let input: syn::DeriveInput = parse_quote! {
            struct A { a: u8, r#type: u16 }
        };
        let Ok(model) = model(&input) else {
            panic!("rejected")
        };
        let krate = &model.krate;
        assert_eq!(quote::quote!(#krate).to_string(), ":: peam_ssz_types");
        let Shape::Container {
            fields,
            active_fields,
            ..
        } = model.shape
        else {
            panic!("not a container")
        };
        assert_eq!(fields.len(), 2);
        assert_eq!(fields[1].name, "type");
        assert!(active_fields.is_none());
    }

    #[test]
    fn selectors_default_to_variant_indices() {
        let input: syn::DeriveInput = parse_quote! {
            enum E { None, A(u8), B(u16) }
        };
        let Ok(model) = model(&input) else {
            panic!("rejected")
        };
        let Shape::Union {
            compatible,
            variants,
        } = model.shape
        else {
            panic!("not a union")
        };
        assert!(!compatible);
        let selectors: Vec<u8> = variants.iter().map(|v| v.selector).collect();
        assert_eq!(selectors, [0, 1, 2]);
        assert!(variants[0].ty.is_none());
    }

    #[test]
    fn active_fields_become_flags() {
        let input: syn::DeriveInput = parse_quote! {
            #[ssz(active_fields = [0, 1, 0, 1])]
            struct P { a: u8, b: u8 }
        };
        let Ok(model) = model(&input) else {
            panic!("rejected")
        };
        let Shape::Container { active_fields, .. } = model.shape else {
            panic!("not a container")
        };
        assert_eq!(active_fields, Some(vec![false, true, false, true]));
    }

    #[test]
    fn field_attributes_choose_how_a_field_is_coded() {
        let input: syn::DeriveInput = parse_quote! {
            struct A {
                a: u8,
                #[ssz(with = "crate::as_bytes")]
                b: Address,
                #[ssz(skip)]
                c: Vec<u8>,
            }
        };
        let Ok(model) = model(&input) else {
            panic!("rejected")
        };
        let Shape::Container { fields, .. } = model.shape else {
            panic!("not a container")
        };
        let codecs: Vec<String> = fields
            .iter()
            .map(|f| match &f.codec {
                Codec::Type => String::from("type"),
                Codec::With(path) => quote::quote!(#path).to_string(),
                Codec::Skip => String::from("skip"),
            })
            .collect();
        assert_eq!(codecs, ["type", "crate :: as_bytes", "skip"]);
        let bounded: Vec<_> = fields.iter().filter_map(|f| f.bounded_type()).collect();
        assert_eq!(bounded.len(), 1);
    }

    #[test]
    fn field_types_with_an_ssz_spelling_say_what_to_write() {
        let input: syn::DeriveInput = parse_quote! {
            struct A {
                a: Vec<u64>,
                b: std::string::String,
                c: List<u8, 1024>,
                d: [u8; 0],
                e: Option<Vec<u8>>,
                f: [u8; 4],
                g: FixedBytes<4>,
                h: Bitvector<{ 64 }>,
                #[ssz(skip)]
                i: Vec<u8>,
            }
        };
        let errs = errors(input);
        assert_eq!(errs.len(), 6, "{errs:#?}");
        assert!(errs[0].contains("write `List<u64, U<N>>`"), "{}", errs[0]);
        assert!(
            errs[1].starts_with("`String` is not an SSZ type"),
            "{}",
            errs[1]
        );
        assert!(errs[2].contains("write `U<1024>`"), "{}", errs[2]);
        assert!(
            errs[3].starts_with("`[u8; 0]` is a vector of length 0"),
            "{}",
            errs[3]
        );
        assert!(errs[4].contains("write `ByteList<U<N>>`"), "{}", errs[4]);
        assert!(
            errs[5].starts_with("`Bitvector` takes its length as a type"),
            "{}",
            errs[5]
        );
        assert!(errs[5].contains("write `U<64>`"), "{}", errs[5]);
    }

    #[test]
    fn every_error_is_collected() {
        let input: syn::DeriveInput = parse_quote! {
            #[ssz(nope, crate = "a b")]
            enum E {
                #[ssz(selector = 200)]
                A(u8),
                #[ssz(selector = 1, transparent)]
                B(u8, u8),
            }
        };
        let errs = errors(input);
        assert_eq!(errs.len(), 5, "{errs:#?}");
        assert!(errs[0].starts_with("unknown ssz attribute `nope`"));
        assert!(errs[1].starts_with("`crate` must be a path"));
        assert!(errs[2].starts_with("`transparent` is not allowed on an enum variant"));
        assert!(errs[3].starts_with("union selectors are 0 to 127"));
        assert!(errs[4].starts_with("a union variant holds exactly one value"));
    }

    #[test]
    fn odd_inputs_are_errors_not_panics() {
        let rejected: Vec<syn::DeriveInput> = vec![
            parse_quote!(
                struct A;
            ),
            parse_quote!(
                struct A();
            ),
            parse_quote!(
                struct A {}
            ),
            parse_quote!(
                enum E {}
            ),
            parse_quote!(union U { a: u8 }),
            parse_quote!(
                #[ssz(transparent)]
                struct A;
            ),
            parse_quote!(
                #[ssz(transparent)]
                enum E {
                    A(u8),
                }
            ),
            parse_quote!(
                #[ssz(active_fields = [])]
                struct A {
                    a: u8,
                }
            ),
            parse_quote!(
                #[ssz(active_fields = [1, 1])]
                struct A {
                    a: u8,
                }
            ),
            parse_quote!(
                #[ssz(active_fields = "x")]
                struct A {
                    a: u8,
                }
            ),
            parse_quote!(
                #[ssz(compatible_union)]
                enum E {
                    A(u8),
                }
            ),
            parse_quote!(
                #[ssz(compatible_union)]
                enum E {
                    #[ssz(selector = 1)]
                    A,
                }
            ),
            parse_quote!(
                enum E {
                    #[ssz(selector = 0)]
                    A(u8),
                    #[ssz(selector = 0)]
                    B(u8),
                }
            ),
            parse_quote!(
                enum E {
                    #[ssz(selector = -1)]
                    A(u8),
                }
            ),
            parse_quote!(
                enum E {
                    #[ssz(selector = 1.5)]
                    A(u8),
                }
            ),
            parse_quote!(
                enum E {
                    #[ssz(selector(1))]
                    A(u8),
                }
            ),
            parse_quote!(
                #[ssz(crate = "")]
                struct A {
                    a: u8,
                }
            ),
            parse_quote!(
                #[ssz(crate = 1)]
                struct A {
                    a: u8,
                }
            ),
            parse_quote!(
                #[ssz(::a::b)]
                struct A {
                    a: u8,
                }
            ),
        ];
        // Empty attribute lists are odd but say nothing wrong.
        let accepted: Vec<syn::DeriveInput> = vec![parse_quote!(
            #[ssz()]
            struct A {
                #[ssz()]
                a: u8,
            }
        )];
        let cases = rejected
            .into_iter()
            .map(|input| (false, input))
            .chain(accepted.into_iter().map(|input| (true, input)));
        for (i, (accept, input)) in cases.enumerate() {
            let errs = errors(input.clone());
            assert_eq!(errs.is_empty(), accept, "case {i}: {errs:?}");
            // Both expansions produce parseable items, errors included.
            let ssz = crate::ssz::expand(&input);
            let tree_hash = crate::tree_hash::expand(&input);
            assert!(syn::parse2::<syn::File>(ssz).is_ok(), "case {i}");
            assert!(syn::parse2::<syn::File>(tree_hash).is_ok(), "case {i}");
        }
    }

    #[test]
    fn expansions_are_wrapped_and_use_the_crate_path() {
        let input: syn::DeriveInput = parse_quote! {
            #[ssz(crate = "my::ssz")]
            struct A<T> where T: Copy { a: T, b: [u8; 4] }
        };
        let ssz = crate::ssz::expand(&input).to_string();
        // The view struct, beside the type; then the impls, wrapped.
        assert!(ssz.starts_with("# [doc = \"A view of [`A`]"), "{ssz}");
        assert!(
            ssz.contains("# [doc (hidden)] # [allow (non_upper_case_globals)] const _ : () = {"),
            "{ssz}"
        );
        assert!(ssz.contains("# [automatically_derived]"), "{ssz}");
        assert!(
            ssz.contains("impl < T > my :: ssz :: Ssz for A < T >"),
            "{ssz}"
        );
        assert!(ssz.contains("T : Copy , T : my :: ssz :: Ssz"), "{ssz}");
        // A field type without generic parameters is bounded under a binder
        // (not a trivial bound), and checked once beside the impl.
        assert!(
            ssz.contains("for < '__peam > [u8 ; 4] : my :: ssz :: Ssz"),
            "{ssz}"
        );
        assert!(!ssz.contains(", [u8 ; 4] :"), "{ssz}");
        assert!(ssz.contains("__field_type :: < [u8 ; 4] > ()"), "{ssz}");
        // The helpers are named after the version.
        let private = crate::common::private::name();
        assert!(
            ssz.contains(&format!("my :: ssz :: {private} :: FixedPart")),
            "{ssz}"
        );
        assert!(!ssz.contains("__private ::"), "{ssz}");
        assert!(!ssz.contains("peam_ssz_types"), "{ssz}");
        let tree_hash = crate::tree_hash::expand(&input).to_string();
        assert!(
            tree_hash.contains("my :: ssz :: merkle :: merkleize (& __roots , 2)"),
            "{tree_hash}"
        );
    }

    #[test]
    fn self_referencing_field_types_get_no_bound() {
        let input: syn::DeriveInput = parse_quote! {
            struct Node<T> { value: T, children: List<Node<T>, U<4>>, more: List<Self, U<2>> }
        };
        let ssz = crate::ssz::expand(&input).to_string();
        assert!(ssz.contains("where T : :: peam_ssz_types :: Ssz"), "{ssz}");
        assert!(!ssz.contains("List < Node < T > , U < 4 > > :"), "{ssz}");
        assert!(!ssz.contains("List < Self , U < 2 > > :"), "{ssz}");
    }
}
