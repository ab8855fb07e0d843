//! Parsing and checking, independent of `proc_macro` so that every stage runs
//! on `proc_macro2` tokens.

pub mod ast;
pub mod attr;
pub mod check;
pub mod ctxt;
pub mod symbol;

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
        Some(p) if p.attrs.krate_invalid => None,
        Some(p) => Some(
            p.attrs
                .krate
                .as_ref()
                .map_or_else(check::default_krate, |k| k.value.clone()),
        ),
        None => Some(check::default_krate()),
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
