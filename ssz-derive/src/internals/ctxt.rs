//! Error collection: every problem the derive finds is recorded with its
//! span, so that one build reports all of them.

use core::fmt::Display;
use proc_macro2::Span;
use quote::ToTokens;

/// The errors found so far.
#[derive(Default)]
pub struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    /// An empty context.
    pub fn new() -> Self {
        Ctxt::default()
    }

    /// Records an error that covers the tokens of `obj`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&mut self, obj: T, msg: M) {
        self.errors
            .push(syn::Error::new_spanned(obj.into_token_stream(), msg));
    }

    /// Records an error at `span`.
    pub fn error_at<M: Display>(&mut self, span: Span, msg: M) {
        self.errors.push(syn::Error::new(span, msg));
    }

    /// Records an error from syn's parser.
    pub fn syn_error(&mut self, err: syn::Error) {
        self.errors.push(err);
    }

    /// How many errors were recorded, to tell whether a stage added any.
    pub fn error_count(&self) -> usize {
        self.errors.len()
    }

    /// Whether any error was recorded.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The errors, in the order they were found.
    pub fn into_errors(self) -> Vec<syn::Error> {
        self.errors
    }
}
