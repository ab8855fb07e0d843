//! [`with_hasher`]: a hasher chosen for the thread, with `merkle`'s
//! routines compiled for it. Above [`crate::merkle`], whose functions
//! without a hasher parameter read the choice from [`super::scope`].

#[cfg(feature = "std")]
use super::function::Hasher;
use super::scope::ScopedHasher;
#[cfg(feature = "std")]
use super::scope::{self, is_sha256, Routines};
use crate::chunk::Root;
#[cfg(feature = "std")]
use crate::edition::{V1_6, V1_7};
#[cfg(feature = "std")]
use crate::merkle;

/// Runs `f` with `H` as the hasher of every root computed through the
/// functions without a hasher parameter on this thread
/// ([`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root) of any
/// type, derived ones included, and `tree_node`, hence proofs), and gives
/// back the previous choice afterwards (also when `f` panics). Nested
/// calls choose for their own closure; `with_hasher::<Sha256>` runs the
/// default inside another choice.
///
/// The choice holds on every thread the crate's own parallel paths use
/// (feature `parallel`): each rayon task that roots elements or hashes a
/// level runs under the caller's choice, so a root hashed across the pool
/// is the root one thread would compute. Work that `f` hands to other
/// threads itself (`std::thread::spawn`, `rayon::join`) does not see it:
/// call `with_hasher` there. `peam-ssz-types`' `tests/parallel.rs` checks
/// both.
///
/// Values that keep a root or a tree for one hasher answer with it: the
/// persistent sequences of `peam-ssz-types` root with their own hasher
/// parameter, whatever the choice here, and `Cached<T>` neither reads nor
/// stores its root under another hasher than SHA-256.
///
/// Without `std` only [`Sha256`](super::Sha256) can be chosen ([`ScopedHasher`]), and
/// `f` simply runs.
pub fn with_hasher<H: ScopedHasher, R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "std")]
    {
        scope::enter(routines_of::<H>(), f)
    }
    #[cfg(not(feature = "std"))]
    {
        f()
    }
}

/// `hash_tree_root(value)` with `H` as the hash function: [`with_hasher`]
/// around [`TreeHash::hash_tree_root`](crate::TreeHash::hash_tree_root).
pub fn hash_tree_root_with<H: ScopedHasher, T: crate::TreeHash + ?Sized>(value: &T) -> Root {
    with_hasher::<H, _>(|| value.hash_tree_root())
}

#[cfg(feature = "std")]
struct RoutinesOf<H>(core::marker::PhantomData<H>);

#[cfg(feature = "std")]
impl<H: Hasher> RoutinesOf<H> {
    const TABLE: &'static Routines = &Routines {
        merkleize: merkle::merkleize_with::<H>,
        merkleize_packed: merkle::merkleize_packed_with::<H>,
        progressive: [
            merkle::merkleize_progressive_with::<H, V1_7>,
            merkle::merkleize_progressive_with::<H, V1_6>,
        ],
        progressive_packed: [
            merkle::merkleize_progressive_packed_with::<H, V1_7>,
            merkle::merkleize_progressive_packed_with::<H, V1_6>,
        ],
        merkleize_many: merkle::merkleize_many_with::<H>,
        hash_pair: H::hash_pair,
        hash_nodes: H::hash_nodes,
        zero_hash: H::zero_hash,
    };
}

/// `H`'s routines, `None` for SHA-256.
#[cfg(feature = "std")]
#[inline]
fn routines_of<H: Hasher>() -> Option<&'static Routines> {
    if is_sha256::<H>() {
        None
    } else {
        Some(RoutinesOf::<H>::TABLE)
    }
}
