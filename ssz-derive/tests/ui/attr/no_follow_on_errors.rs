use peam_ssz_types::{Ssz, TreeHash};

// Each rejected attribute is the only error about its item: nothing is
// reported that fixing the attribute would make go away.

// A misspelt `transparent` on a newtype: no "containers need named fields".
#[derive(Ssz)]
#[ssz(transparant)]
struct Slot(u64);

// A misspelt `selector` next to explicit ones: no "this variant has no
// selector".
#[derive(Ssz)]
enum Versioned {
    #[ssz(selector = 1)]
    V1(u32),
    #[ssz(selectr = 2)]
    V2(u64),
}

// A non-literal entry in `active_fields`: no count mismatch from the
// entries that are literals.
#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1, one])]
struct Square {
    side: u16,
    color: u8,
}

// A bad edition: no "`edition` applies to progressive containers".
#[derive(Ssz, TreeHash)]
#[ssz(edition = 6)]
struct Circle {
    radius: u16,
}

// A bad `with` value: nothing about the field's type, which is not SSZ.
struct Address([u8; 20]);

#[derive(Ssz, TreeHash)]
struct Account {
    #[ssz(with = 1)]
    address: Address,
}

fn uses(slot: &Slot, v: &Versioned, s: &Square, c: &Circle, a: &Account) {
    let _ = (slot.to_ssz(), v.to_ssz(), s.hash_tree_root(), c.hash_tree_root(), a.to_ssz());
}

fn main() {}
