//! The peers' fixture types, each built with that library's own derive or
//! traits, the way its users would write them.

#[macro_use]
mod beacon;

pub mod libssz;
pub mod lighthouse;
pub mod peam_v2;
pub mod ssz_rs;
