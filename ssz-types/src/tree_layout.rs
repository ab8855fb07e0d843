//! [`TreeLayout`] and [`Elements`] (the tree shape a path walks) for the
//! types not yet in a file of their own: what a path step means in each
//! (see `peam_ssz_core::path`). Named after the trait, so that "layout"
//! keeps one meaning here.

use crate::{Bitvector, FixedBytes, U256};
use peam_ssz_core::path::{Elements, Layout, TreeLayout, UINT8};
use peam_ssz_core::Length;

impl<const N: usize> TreeLayout for FixedBytes<N> {
    const LAYOUT: &'static Layout = &Layout::Vector {
        elem: UINT8,
        length: N as u64,
    };
}

impl<const N: usize> Elements for FixedBytes<N> {
    type Element = u8;
}

impl<N: Length> TreeLayout for Bitvector<N> {
    const LAYOUT: &'static Layout = &Layout::Bitvector { length: N::U64 };
}

impl<N> Elements for Bitvector<N> {
    type Element = bool;
}

/// `uint256`: a basic type of 32 bytes.
impl TreeLayout for U256 {
    const LAYOUT: &'static Layout = &Layout::Basic { size: 32 };
}

/// A cached value has its value's tree, fields and elements.
impl<T: TreeLayout> TreeLayout for crate::Cached<T> {
    const LAYOUT: &'static Layout = T::LAYOUT;
}

impl<T: Elements> Elements for crate::Cached<T> {
    type Element = T::Element;
}

impl<T: peam_ssz_core::path::Field<ID>, const ID: u64> peam_ssz_core::path::Field<ID>
    for crate::Cached<T>
{
    type Type = T::Type;
    const NAME: &'static str = T::NAME;
    const GINDEX: peam_ssz_core::Gindex = T::GINDEX;
}
