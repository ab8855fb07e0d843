//! Random sequences of operations and clones on the persistent types
//! against a `Vec` of the same elements and the plain type built from it:
//! after every root the roots agree, and at the end the bytes, the elements
//! (from both ends) and the nodes the input names. `PersistentList` of
//! `uint64` and of a small container, `PersistentProgressiveList` of
//! `uint64` in both editions (the first byte picks).
#![no_main]

use libfuzzer_sys::fuzz_target;
use peam_ssz_types::{
    Gindex, List, PersistentList, PersistentProgressiveList, ProgressiveList, Ssz, TreeHash, U,
    V1_6, V1_7,
};

#[derive(Debug, Clone, Default, PartialEq, Ssz, TreeHash)]
struct Pair {
    a: u64,
    b: [u8; 4],
}

/// The bytes of the input, read as numbers (zero once they run out).
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
    fn below(&mut self, n: usize) -> usize {
        let v = u16::from_le_bytes([self.byte(), self.byte()]) as usize;
        v % n.max(1)
    }
    fn done(&self) -> bool {
        self.0.is_empty()
    }
}

trait Element: Clone + PartialEq + core::fmt::Debug + Ssz + TreeHash + Send + 'static {
    fn make(input: &mut Input) -> Self;
}

impl Element for u64 {
    fn make(input: &mut Input) -> Self {
        u64::from(input.byte()) << (input.byte() % 57)
    }
}

impl Element for Pair {
    fn make(input: &mut Input) -> Self {
        Pair {
            a: u64::from(input.byte()),
            b: [input.byte(); 4],
        }
    }
}

/// What the sequences need of a persistent type.
trait Persistent<T>: Clone + Ssz + TreeHash {
    type Plain: Ssz + TreeHash;
    const MAX: usize;
    fn build(values: Vec<T>) -> Self;
    fn plain(values: Vec<T>) -> Self::Plain;
    fn get_mut(&mut self, i: usize) -> Option<&mut T>;
    fn update_range(&mut self, a: usize, b: usize, f: impl FnMut(usize, &mut T)) -> bool;
    fn push(&mut self, value: T) -> bool;
    fn pop(&mut self) -> Option<T>;
    fn truncate(&mut self, len: usize);
    fn elements(&self) -> Vec<&T>;
    fn elements_rev(&self) -> Vec<&T>;
}

macro_rules! ops {
    () => {
        fn get_mut(&mut self, i: usize) -> Option<&mut T> {
            self.get_mut(i)
        }
        fn update_range(&mut self, a: usize, b: usize, f: impl FnMut(usize, &mut T)) -> bool {
            self.update_range(a..b, f).is_ok()
        }
        fn pop(&mut self) -> Option<T> {
            self.pop()
        }
        fn truncate(&mut self, len: usize) {
            self.truncate(len)
        }
        fn elements(&self) -> Vec<&T> {
            self.iter().collect()
        }
        fn elements_rev(&self) -> Vec<&T> {
            self.iter().rev().collect()
        }
    };
}

/// The list's limit: a few levels of leaves, so that paths are shared
/// and cut.
const LIMIT: usize = 3000;

impl<T: Element> Persistent<T> for PersistentList<T, U<LIMIT>> {
    type Plain = List<T, U<LIMIT>>;
    const MAX: usize = LIMIT;
    fn build(values: Vec<T>) -> Self {
        values.try_into().expect("within the limit")
    }
    fn plain(values: Vec<T>) -> Self::Plain {
        values.try_into().expect("within the limit")
    }
    fn push(&mut self, value: T) -> bool {
        self.push(value).is_ok()
    }
    ops!();
}

impl<T: Element, E: peam_ssz_types::Edition + 'static> Persistent<T>
    for PersistentProgressiveList<T, E>
{
    type Plain = ProgressiveList<T, E>;
    const MAX: usize = LIMIT;
    fn build(values: Vec<T>) -> Self {
        values.into()
    }
    fn plain(values: Vec<T>) -> Self::Plain {
        values.into()
    }
    fn push(&mut self, value: T) -> bool {
        self.extend(core::iter::once(value));
        true
    }
    ops!();
}

fn run<T: Element, L: Persistent<T>>(input: &mut Input) {
    let start = input.below(LIMIT);
    let init: Vec<T> = (0..start).map(|_| T::make(input)).collect();
    let mut lists = vec![(L::build(init.clone()), init)];
    let mut steps = 0;
    while !input.done() && steps < 200 {
        steps += 1;
        let which = input.below(lists.len());
        let live = lists.len();
        let (list, model) = &mut lists[which];
        match input.byte() % 10 {
            0 | 1 if !model.is_empty() => {
                for _ in 0..=input.below(16) {
                    let i = input.below(model.len());
                    let v = T::make(input);
                    *list.get_mut(i).expect("in range") = v.clone();
                    model[i] = v;
                }
            }
            2 if !model.is_empty() => {
                let a = input.below(model.len());
                let b = a + 1 + input.below(model.len() - a);
                let v = T::make(input);
                assert!(list.update_range(a, b, |_, e| *e = v.clone()));
                model[a..b].fill(v);
            }
            3 | 4 => {
                for _ in 0..=input.below(300) {
                    if model.len() >= L::MAX {
                        break;
                    }
                    let v = T::make(input);
                    assert!(list.push(v.clone()));
                    model.push(v);
                }
            }
            5 => {
                for _ in 0..=input.below(8) {
                    assert_eq!(list.pop(), model.pop());
                }
            }
            6 => {
                let len = input.below(model.len() + 1);
                list.truncate(len);
                model.truncate(len);
            }
            7 if live < 5 => {
                let copy = (list.clone(), model.clone());
                lists.push(copy);
            }
            8 if live > 1 => {
                lists.swap_remove(which);
            }
            _ => {
                // Out of range: nothing changes.
                let len = model.len();
                assert!(list.get_mut(len).is_none());
                assert!(!list.update_range(0, len + 1, |_, _| panic!("called")));
            }
        }
        if input.byte() % 3 != 0 {
            for (list, model) in &lists {
                let plain = L::plain(model.clone());
                assert_eq!(list.hash_tree_root(), plain.hash_tree_root(), "root");
            }
        }
    }
    for (list, model) in &lists {
        let plain = L::plain(model.clone());
        assert_eq!(list.hash_tree_root(), plain.hash_tree_root(), "root");
        assert_eq!(list.to_ssz(), plain.to_ssz(), "bytes");
        assert!(list.elements().into_iter().eq(model.iter()), "elements");
        assert!(
            list.elements_rev().into_iter().eq(model.iter().rev()),
            "elements from the back"
        );
        for g in 1..64u128 {
            let g = Gindex::new(g).expect("not zero");
            assert_eq!(list.tree_node(g), plain.tree_node(g), "node {g}");
        }
        for _ in 0..16 {
            let depth = 1 + input.below(20) as u32;
            let pos = input.below(1 << 16) as u128 & ((1u128 << depth) - 1);
            if let Some(g) = Gindex::at(depth, pos) {
                assert_eq!(list.tree_node(g), plain.tree_node(g), "node {g}");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    match input.byte() % 5 {
        0 => run::<u64, PersistentList<u64, U<LIMIT>>>(&mut input),
        1 => run::<Pair, PersistentList<Pair, U<LIMIT>>>(&mut input),
        2 => run::<u64, PersistentProgressiveList<u64, V1_7>>(&mut input),
        3 => run::<u64, PersistentProgressiveList<u64, V1_6>>(&mut input),
        _ => run::<Pair, PersistentProgressiveList<Pair, V1_7>>(&mut input),
    }
});
