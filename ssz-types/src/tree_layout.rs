//! [`TreeLayout`] and [`Elements`] (the tree shape a path walks) for the
//! types not yet in a file of their own: what a path step means in each
//! (see `peam_ssz_core::path`). Named after the trait, so that "layout"
//! keeps one meaning here.

use crate::{Bitvector, FixedBytes, List, ProgressiveList, Vector, U256};
use peam_ssz_core::path::{Elements, Layout, TreeLayout, UINT8};
use peam_ssz_core::{Edition, Length};

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

/// A persistent list has the tree of the [`List`] it stands for.
impl<T: TreeLayout, N: Length> TreeLayout for crate::PersistentList<T, N> {
    const LAYOUT: &'static Layout = <List<T, N> as TreeLayout>::LAYOUT;
}

impl<T, N> Elements for crate::PersistentList<T, N> {
    type Element = T;
}

/// A persistent vector has the tree of the [`Vector`] it stands for.
impl<T: TreeLayout, N: Length> TreeLayout for crate::PersistentVector<T, N> {
    const LAYOUT: &'static Layout = <Vector<T, N> as TreeLayout>::LAYOUT;
}

impl<T, N> Elements for crate::PersistentVector<T, N> {
    type Element = T;
}

/// A persistent progressive list has the tree of the [`ProgressiveList`]
/// it stands for.
impl<T: TreeLayout, E: Edition, M> TreeLayout for crate::PersistentProgressiveList<T, E, M> {
    const LAYOUT: &'static Layout = <ProgressiveList<T, E> as TreeLayout>::LAYOUT;
}

impl<T, E, M> Elements for crate::PersistentProgressiveList<T, E, M> {
    type Element = T;
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
