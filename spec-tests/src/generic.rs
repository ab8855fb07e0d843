//! The types of the `ssz_generic` suite.
