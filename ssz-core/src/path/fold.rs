//! What `gindex!` and `try_gindex!` expand to.

use super::*;

// Helpers that `gindex!` expands to; `const fn`s so that a static path is
// a constant.

#[doc(hidden)]
pub type __Folded = Result<Gindex, StepError<'static>>;

#[doc(hidden)]
pub const fn __field(acc: __Folded, rel: Gindex, position: usize) -> __Folded {
    match acc {
        Ok(g) => match g.concat(rel) {
            Some(g) => Ok(g),
            None => err(position, StepFault::Overflow),
        },
        Err(e) => Err(e),
    }
}

#[doc(hidden)]
pub const fn __step(
    acc: __Folded,
    layout: &'static Layout,
    step: PathStep<'static>,
    position: usize,
) -> __Folded {
    match acc {
        Ok(g) => match layout.step(step, position) {
            Ok((rel, _)) => __field(Ok(g), rel, position),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// The layout of a type that a static path indexes; the bound makes `[i]`
/// on a type without elements a compile error that says so.
#[doc(hidden)]
pub const fn __elements<T: Elements + TreeLayout + ?Sized>() -> &'static Layout {
    T::LAYOUT
}

#[doc(hidden)]
pub const fn __expect(acc: __Folded) -> Gindex {
    match acc {
        Ok(g) => g,
        Err(e) => panic!("{}", e.fault.message()),
    }
}

/// What `try_gindex!` returns: the fold with an owned error.
#[doc(hidden)]
pub fn __finish(acc: __Folded) -> Result<Gindex, PathError> {
    acc.map_err(PathError::from)
}

/// The generalized index of a path known at compile time, as a constant:
/// `gindex!(Type, field.field[3].field)`.
///
/// Steps are field names (of containers, and of union variants for the
/// union's value), `[i]` for an element of a vector, list or bitfield,
/// `__len__` and `__selector__`; the first step has no leading dot. Field
/// names are checked by the type system: a misspelt one is a compile error
/// that names it and the type that lacks it
/// (```Checkpoint` has no field or variant `rooot` ``). An index beyond a
/// vector's length or a list's limit, or an index that would overflow,
/// fails const evaluation.
///
/// ```
/// use peam_ssz_core::{gindex, Gindex};
///
/// // `Vector[uint64, 8]`: elements 4 to 7 are in the second chunk.
/// const G: Gindex = gindex!([u64; 8], [5]);
/// assert_eq!(G.get(), 3);
/// ```
///
/// An index that only exists at run time takes [`try_gindex!`](crate::try_gindex).
/// `gindex!` says so when the index is a variable, alone or at the left of
/// an arithmetic operator (`[i]`, `[i + 1]`), beside rustc's E0435 for the
/// non-constant value. That check reads the name as a pattern, which a
/// const generic parameter cannot be: write `[{ N }]` for one.
///
/// ```compile_fail
/// use peam_ssz_core::gindex;
///
/// let i = 5u64;
/// // error: `gindex!` computes at compile time, and `i` is not a constant:
/// // an index known at run time takes `try_gindex!`
/// let g = gindex!([u64; 8], [i]);
/// ```
#[macro_export]
macro_rules! gindex {
    ($ty:ty, $($path:tt)+) => {
        const {
            $crate::__gindex_constant_indices!($($path)+);
            $crate::path::__expect($crate::__gindex_fold!(
                [$ty] [::core::result::Result::Ok($crate::Gindex::ROOT)] [0usize] $($path)+
            ))
        }
    };
}

/// [`gindex!`] with indices computed at run time: a
/// `Result<Gindex, PathError>`, with the same compile-time check of field
/// names.
///
/// ```
/// use peam_ssz_core::path::PathErrorKind;
/// use peam_ssz_core::try_gindex;
///
/// let i = 9u64;
/// let err = try_gindex!([u64; 8], [i]).unwrap_err();
/// assert_eq!(err.kind, PathErrorKind::IndexOutOfRange { index: 9, bound: 8 });
/// ```
#[macro_export]
macro_rules! try_gindex {
    ($ty:ty, $($path:tt)+) => {{
        $crate::path::__finish($crate::__gindex_fold!(
            [$ty] [::core::result::Result::Ok($crate::Gindex::ROOT)] [0usize] $($path)+
        ))
    }};
}

/// The check of `gindex!` that an index named by an identifier is a
/// constant, for each `[i]` of a path and each `[i op ...]` with `op` an
/// arithmetic operator or `as`. The name is a pattern twice, in an item
/// (which sees the constants of the scope and none of its variables): a
/// constant matches at most one of `0` and `1`, a variable's name is a new
/// binding there that matches both, and then the item's evaluation fails
/// with a message that names the variable and `try_gindex!`. rustc's own
/// E0435 for the variable in the `const` block comes beside it.
#[doc(hidden)]
#[macro_export]
macro_rules! __gindex_constant_indices {
    () => {};
    ([$i:ident] $($rest:tt)*) => {
        $crate::__gindex_constant_index!($i);
        $crate::__gindex_constant_indices!($($rest)*);
    };
    ([$i:ident $op:tt $($e:tt)+] $($rest:tt)*) => {
        $crate::__gindex_constant_operand!($op $i);
        $crate::__gindex_constant_indices!($($rest)*);
    };
    ($other:tt $($rest:tt)*) => {
        $crate::__gindex_constant_indices!($($rest)*);
    };
}

/// The left operand `i` of `[i op ...]`, checked when `op` is an
/// arithmetic operator or `as` (not `.`, `::` or a call, whose left side
/// is rarely an integer constant).
#[doc(hidden)]
#[macro_export]
macro_rules! __gindex_constant_operand {
    (+ $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    (- $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    (* $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    (/ $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    (% $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    (as $i:ident) => {
        $crate::__gindex_constant_index!($i);
    };
    ($op:tt $i:ident) => {};
}

#[doc(hidden)]
#[macro_export]
macro_rules! __gindex_constant_index {
    ($i:ident) => {
        #[allow(
            unreachable_patterns,
            unused_variables,
            non_upper_case_globals,
            non_snake_case
        )]
        const _: () = {
            let matches_zero = match 0 {
                $i => true,
                _ => false,
            };
            let matches_one = match 1 {
                $i => true,
                _ => false,
            };
            if matches_zero && matches_one {
                ::core::panic!(::core::concat!(
                    "`gindex!` computes at compile time, and `",
                    ::core::stringify!($i),
                    "` is not a constant: an index known at run time takes `try_gindex!`",
                ));
            }
        };
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __gindex_fold {
    ([$t:ty] [$g:expr] [$n:expr]) => { $g };
    ([$t:ty] [$g:expr] [$n:expr] . $($rest:tt)+) => {
        $crate::__gindex_fold!([$t] [$g] [$n] $($rest)+)
    };
    ([$t:ty] [$g:expr] [$n:expr] __len__ $($rest:tt)*) => {
        $crate::__gindex_fold!(
            [::core::primitive::u64]
            [$crate::path::__step(
                $g,
                <$t as $crate::path::TreeLayout>::LAYOUT,
                $crate::path::PathStep::Len,
                $n,
            )]
            [$n + 1]
            $($rest)*
        )
    };
    ([$t:ty] [$g:expr] [$n:expr] __selector__ $($rest:tt)*) => {
        $crate::__gindex_fold!(
            [::core::primitive::u8]
            [$crate::path::__step(
                $g,
                <$t as $crate::path::TreeLayout>::LAYOUT,
                $crate::path::PathStep::Selector,
                $n,
            )]
            [$n + 1]
            $($rest)*
        )
    };
    // A field: through a marker type named as the step
    // (`path::HasField`), so that a misspelt name is an error that says it.
    // Two steps of one name declare two markers of that name, the inner one
    // shadowing the outer one, which is harmless: each stands for the same
    // `Field` impl.
    ([$t:ty] [$g:expr] [$n:expr] $f:ident $($rest:tt)*) => {{
        #[allow(non_camel_case_types, dead_code)]
        struct $f;
        impl $crate::path::FieldName for $f {
            type Id = $crate::path::FieldId<{ $crate::path::field_id(::core::stringify!($f)) }>;
        }
        $crate::__gindex_fold!(
            [<$t as $crate::path::HasField<$f>>::Type]
            [$crate::path::__field($g, <$t as $crate::path::HasField<$f>>::GINDEX, $n)]
            [$n + 1]
            $($rest)*
        )
    }};
    ([$t:ty] [$g:expr] [$n:expr] [$i:expr] $($rest:tt)*) => {
        $crate::__gindex_fold!(
            [<$t as $crate::path::Elements>::Element]
            [$crate::path::__step(
                $g,
                $crate::path::__elements::<$t>(),
                $crate::path::PathStep::Index(($i) as ::core::primitive::u64),
                $n,
            )]
            [$n + 1]
            $($rest)*
        )
    };
}
