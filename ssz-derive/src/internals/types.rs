//! Field types that are not SSZ types but look like the ones a user meant,
//! reported with what to write instead. rustc's own errors for them
//! (`Vec<u8>: Ssz` unsatisfied, E0747 for `List<u64, 1024>`) do not say.

use super::ctxt::Ctxt;
use quote::ToTokens;
use syn::{Expr, ExprLit, GenericArgument, Lit, PathArguments, Type, TypePath};

/// The runtime crate's types whose length or limit is a type (`U<N>`), not
/// a number.
const LENGTH_TYPES: [&str; 8] = [
    "List",
    "Vector",
    "Bitlist",
    "Bitvector",
    "ByteList",
    "ByteVector",
    "PersistentList",
    "PersistentVector",
];

/// Reports, at its span, every part of `ty` that cannot be an SSZ type and
/// has an SSZ spelling: `Vec<T>`, `String`, a number as a length type, and
/// `[T; 0]`.
pub fn check_type(cx: &mut Ctxt, ty: &Type) {
    match ty {
        Type::Array(array) => {
            if is_zero(&array.len) {
                let elem = text(&array.elem);
                cx.error_spanned_by(
                    array,
                    format!(
                        "`[{elem}; 0]` is a vector of length 0, which SSZ forbids \
                         (simple-serialize.md, \"Illegal types\"): give it a length of at \
                         least 1, or remove the field"
                    ),
                );
            }
            check_type(cx, &array.elem);
        }
        Type::Group(group) => check_type(cx, &group.elem),
        Type::Paren(paren) => check_type(cx, &paren.elem),
        Type::Path(path) if path.qself.is_none() => check_path(cx, path),
        _ => {}
    }
}

fn check_path(cx: &mut Ctxt, ty: &TypePath) {
    let Some(last) = ty.path.segments.last() else {
        return;
    };
    let name = last.ident.to_string();
    let args: Vec<&GenericArgument> = match &last.arguments {
        PathArguments::AngleBracketed(args) => args.args.iter().collect(),
        PathArguments::None | PathArguments::Parenthesized(_) => Vec::new(),
    };
    if is_std(ty, "vec", "Vec") {
        let elem = match args.first() {
            Some(GenericArgument::Type(elem)) => text(elem),
            _ => String::from("T"),
        };
        let instead = if elem == "u8" {
            String::from("`ByteList<U<N>>` (or `List<u8, U<N>>`)")
        } else {
            format!("`List<{elem}, U<N>>`")
        };
        cx.error_spanned_by(
            ty,
            format!(
                "`Vec<{elem}>` is not an SSZ type, since SSZ lists have a limit: write \
                 {instead}, N the most elements it may hold (or `ProgressiveList<{elem}>`, \
                 which has none)"
            ),
        );
    } else if is_std(ty, "string", "String") {
        cx.error_spanned_by(
            ty,
            "`String` is not an SSZ type, since SSZ has no strings: write `ByteList<U<N>>` \
             for its UTF-8 bytes (or `List<u8, U<N>>`), N the most bytes it may hold",
        );
    } else if let Some(instead) = integer_instead(ty) {
        cx.error_spanned_by(ty, instead);
    } else if LENGTH_TYPES.contains(&name.as_str()) {
        for arg in &args {
            if let GenericArgument::Const(expr) = arg {
                if let Some(number) = int_literal(expr) {
                    cx.error_spanned_by(
                        expr,
                        format!(
                            "`{name}` takes its length as a type, not a number: write \
                             `U<{number}>` (`peam_ssz_types::U`)"
                        ),
                    );
                }
            }
        }
    }
    for arg in args {
        if let GenericArgument::Type(inner) = arg {
            check_type(cx, inner);
        }
    }
}

/// What to write instead of a Rust integer that SSZ lacks: `usize` and
/// `isize`, whose width is the platform's, and the signed integers (SSZ's
/// basic types are `uintN`, `boolean` and `byte`: simple-serialize.md,
/// "Basic types", consensus-specs v1.6.1).
fn integer_instead(ty: &TypePath) -> Option<String> {
    let segments: Vec<String> = ty
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let name = match segments.as_slice() {
        [only] => only.as_str(),
        [krate, m, n] if (krate == "core" || krate == "std") && m == "primitive" => n.as_str(),
        _ => return None,
    };
    let unsigned = match name {
        "usize" | "isize" => {
            return Some(format!(
                "`{name}` is not an SSZ type, since its width is the platform's: write `u64` \
                 (or the `uN` the value fits)"
            ))
        }
        "i8" => "u8",
        "i16" => "u16",
        "i32" => "u32",
        "i64" => "u64",
        "i128" => "u128",
        _ => return None,
    };
    Some(format!(
        "`{name}` is not an SSZ type, since SSZ has no signed integers: write `{unsigned}` \
         (the value's two's complement bits, if it may be negative)"
    ))
}

/// Whether `ty` is `Name`, `std::module::Name` or `alloc::module::Name`.
fn is_std(ty: &TypePath, module: &str, name: &str) -> bool {
    let segments: Vec<String> = ty
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    match segments.as_slice() {
        [only] => only == name,
        [krate, m, n] => (krate == "std" || krate == "alloc") && m == module && n == name,
        _ => false,
    }
}

/// The digits of an integer literal, looking through invisible groups and
/// braces (`{ 1024 }`).
fn int_literal(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => Some(lit.base10_digits().to_owned()),
        Expr::Group(group) => int_literal(&group.expr),
        Expr::Block(block) => match block.block.stmts.as_slice() {
            [syn::Stmt::Expr(expr, None)] => int_literal(expr),
            _ => None,
        },
        _ => None,
    }
}

fn is_zero(expr: &Expr) -> bool {
    int_literal(expr).is_some_and(|digits| digits.bytes().all(|b| b == b'0'))
}

/// A type as the user wrote it, without the spaces `to_string` puts
/// between tokens.
fn text(ty: &Type) -> String {
    let mut text = ty.to_token_stream().to_string();
    for (spaced, tight) in [
        (" < ", "<"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" :: ", "::"),
        (":: ", "::"),
        (" ,", ","),
        (" ;", ";"),
        ("[ ", "["),
        (" ]", "]"),
        ("& ", "&"),
    ] {
        text = text.replace(spaced, tight);
    }
    text
}
