//! `#[ssz(with = "module")]` and `#[ssz(skip)]`: a container with such
//! fields encodes and hashes as the plain container of the SSZ types the
//! modules stand for, without the skipped fields.

use peam_ssz_types::path::{gindex_of_str, PathErrorKind};
use peam_ssz_types::{
    gindex, ByteList, DecodeErrorKind, Gindex, List, PathSegment, ProofError, Ssz, TreeHash, U,
};

/// A client's address type, which is not an SSZ type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Address([u8; 20]);

/// A client's name type: UTF-8, at most 16 bytes in SSZ.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Name(String);

/// `Address` as the SSZ `Bytes20`, a fixed-size field.
mod address_as_bytes20 {
    use super::Address;
    use peam_ssz_types::{DecodeError, Ssz, TreeHash};

    pub const IS_FIXED_SIZE: bool = true;
    pub const FIXED_PART_LEN: usize = 20;

    pub fn ssz_len(_: &Address) -> usize {
        20
    }

    pub fn ssz_write(value: &Address, out: &mut [u8]) {
        out.copy_from_slice(&value.0);
    }

    pub fn from_ssz(bytes: &[u8]) -> Result<Address, DecodeError> {
        <[u8; 20]>::from_ssz(bytes).map(Address)
    }

    pub fn hash_tree_root(value: &Address) -> [u8; 32] {
        value.0.hash_tree_root()
    }
}

/// `Name` as `ByteList[16]`, a variable-size field.
mod name_as_byte_list {
    use super::Name;
    use peam_ssz_types::{ByteList, DecodeError, DecodeErrorKind, Ssz, TreeHash, U};

    type Bytes = ByteList<U<16>>;

    pub const IS_FIXED_SIZE: bool = false;
    pub const FIXED_PART_LEN: usize = peam_ssz_types::BYTES_PER_LENGTH_OFFSET;

    pub fn ssz_len(value: &Name) -> usize {
        value.0.len()
    }

    pub fn ssz_write(value: &Name, out: &mut [u8]) {
        out.copy_from_slice(value.0.as_bytes());
    }

    pub fn from_ssz(bytes: &[u8]) -> Result<Name, DecodeError> {
        let list = Bytes::from_ssz(bytes)?;
        match String::from_utf8(list.as_bytes().to_vec()) {
            Ok(name) => Ok(Name(name)),
            Err(_) => Err(DecodeError::new(DecodeErrorKind::Custom(
                "name is not UTF-8",
            ))),
        }
    }

    pub fn hash_tree_root(value: &Name) -> [u8; 32] {
        Bytes::try_from(value.0.as_bytes())
            .expect("names are at most 16 bytes")
            .hash_tree_root()
    }
}

#[derive(Ssz, TreeHash, Debug, Clone, PartialEq, Eq)]
struct Account {
    index: u64,
    #[ssz(with = "address_as_bytes20")]
    address: Address,
    #[ssz(with = "name_as_byte_list")]
    name: Name,
    balances: List<u64, U<4>>,
    #[ssz(skip)]
    cached_total: Option<u64>,
}

/// `Account` as the spec writes it.
#[derive(Ssz, TreeHash, Debug, Clone, PartialEq, Eq)]
struct PlainAccount {
    index: u64,
    address: [u8; 20],
    name: ByteList<U<16>>,
    balances: List<u64, U<4>>,
}

fn account() -> Account {
    Account {
        index: 7,
        address: Address([0xab; 20]),
        name: Name(String::from("validator")),
        balances: List::try_from(vec![1, 2, 3]).unwrap(),
        cached_total: Some(6),
    }
}

fn plain(account: &Account) -> PlainAccount {
    PlainAccount {
        index: account.index,
        address: account.address.0,
        name: ByteList::try_from(account.name.0.as_bytes()).unwrap(),
        balances: account.balances.clone(),
    }
}

#[test]
fn with_fields_encode_as_the_types_their_modules_stand_for() {
    let a = account();
    let bytes = a.to_ssz();
    assert_eq!(bytes, plain(&a).to_ssz());
    assert_eq!(a.ssz_len(), bytes.len());
    let mut appended = vec![0xee];
    a.ssz_append(&mut appended);
    assert_eq!(appended[1..], bytes[..]);
    assert_eq!(Account::IS_FIXED_SIZE, PlainAccount::IS_FIXED_SIZE);
    assert_eq!(Account::FIXED_PART_LEN, PlainAccount::FIXED_PART_LEN);

    // The skipped field is not encoded, so it decodes as its default.
    let decoded = Account::from_ssz(&bytes).unwrap();
    assert_eq!(
        decoded,
        Account {
            cached_total: None,
            ..a.clone()
        }
    );
}

#[test]
fn with_fields_hash_as_the_types_their_modules_stand_for() {
    let a = account();
    assert_eq!(a.hash_tree_root(), plain(&a).hash_tree_root());
    // A skipped field does not change the root.
    let other = Account {
        cached_total: Some(99),
        ..a.clone()
    };
    assert_eq!(other.hash_tree_root(), a.hash_tree_root());
    // Batched leaves (a vector of containers) agree with the plain ones.
    let many = [a.clone(), other];
    let plain_many = [plain(&a), plain(&a)];
    assert_eq!(many.hash_tree_root(), plain_many.hash_tree_root());
}

#[test]
fn a_with_module_decode_error_names_the_field() {
    let mut bytes = account().to_ssz();
    // The name is the variable part between the two offsets: make it
    // invalid UTF-8.
    let start = u32::from_le_bytes(bytes[28..32].try_into().unwrap()) as usize;
    bytes[start] = 0xff;
    let err = Account::from_ssz(&bytes).unwrap_err();
    assert_eq!(err.kind(), &DecodeErrorKind::Custom("name is not UTF-8"));
    assert_eq!(
        err.path().collect::<Vec<_>>(),
        [&PathSegment::Field("name")]
    );
}

#[test]
fn a_with_field_is_a_proof_leaf_with_nothing_below() {
    let a = account();
    let p = plain(&a);
    let address = gindex!(Account, address);
    assert_eq!(address, gindex!(PlainAccount, address));
    assert_eq!(a.tree_node(address), p.tree_node(address));
    assert_eq!(
        a.tree_node(gindex!(Account, name)),
        p.tree_node(gindex!(PlainAccount, name))
    );
    let below = Gindex::new(address.get() * 2).unwrap();
    assert_eq!(
        a.tree_node(below),
        Err(ProofError::NoSuchNode { gindex: below })
    );
    // The field itself has a path; below it, nothing.
    assert_eq!(gindex_of_str::<Account>("address"), Ok(address));
    let err = gindex_of_str::<Account>("name.len").unwrap_err();
    assert_eq!(err.kind, PathErrorKind::NoSuchField { name: "len".into() });
    // A skipped field has no node.
    let err = gindex_of_str::<Account>("cached_total").unwrap_err();
    assert_eq!(
        err.kind,
        PathErrorKind::NoSuchField {
            name: "cached_total".into()
        }
    );
}

/// A fixed-size container whose only variable part is skipped.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq, Default)]
struct Checkpoint {
    epoch: u64,
    #[ssz(skip)]
    label: String,
    root: [u8; 32],
}

#[derive(Ssz, TreeHash)]
struct PlainCheckpoint {
    epoch: u64,
    root: [u8; 32],
}

#[test]
fn skipped_fields_take_no_part() {
    let c = Checkpoint {
        epoch: 3,
        label: String::from("finalized"),
        root: [0xaa; 32],
    };
    let p = PlainCheckpoint {
        epoch: 3,
        root: [0xaa; 32],
    };
    assert_eq!(Checkpoint::IS_FIXED_SIZE, PlainCheckpoint::IS_FIXED_SIZE);
    assert_eq!(Checkpoint::FIXED_PART_LEN, 40);
    assert_eq!(c.to_ssz(), p.to_ssz());
    assert_eq!(c.hash_tree_root(), p.hash_tree_root());
    assert_eq!(gindex!(Checkpoint, root), gindex!(PlainCheckpoint, root));
    let decoded = Checkpoint::from_ssz(&c.to_ssz()).unwrap();
    assert_eq!(
        decoded,
        Checkpoint {
            label: String::new(),
            ..c
        }
    );
}

/// A progressive container counts only its encoded fields against
/// `active_fields`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq)]
#[ssz(active_fields = [1, 0, 1])]
struct Square {
    #[ssz(skip)]
    note: u8,
    side: u16,
    #[ssz(with = "address_as_bytes20")]
    color: Address,
}

#[derive(Ssz, TreeHash)]
#[ssz(active_fields = [1, 0, 1])]
struct PlainSquare {
    side: u16,
    color: [u8; 20],
}

#[test]
fn progressive_containers_take_skip_and_with() {
    let s = Square {
        note: 9,
        side: 2,
        color: Address([1; 20]),
    };
    let p = PlainSquare {
        side: 2,
        color: [1; 20],
    };
    assert_eq!(s.to_ssz(), p.to_ssz());
    assert_eq!(s.hash_tree_root(), p.hash_tree_root());
    assert_eq!(gindex!(Square, color), gindex!(PlainSquare, color));
    assert_eq!(
        s.tree_node(gindex!(Square, color)),
        p.tree_node(gindex!(PlainSquare, color))
    );
    assert_eq!(
        Square::from_ssz(&p.to_ssz()).unwrap(),
        Square {
            note: 0,
            side: 2,
            color: Address([1; 20]),
        }
    );
}

/// A skipped field of a generic type: the impl is bounded by its
/// `Default`, as the other fields' types are by `Ssz`.
#[derive(Ssz, TreeHash, Debug, PartialEq, Eq)]
struct Tagged<T> {
    slot: u64,
    #[ssz(skip)]
    tag: T,
}

#[test]
fn a_generic_skipped_field_needs_only_default() {
    let tagged = Tagged {
        slot: 5,
        tag: String::from("head"),
    };
    assert_eq!(tagged.to_ssz(), 5u64.to_ssz());
    assert_eq!(tagged.hash_tree_root(), 5u64.hash_tree_root());
    assert_eq!(
        Tagged::<String>::from_ssz(&tagged.to_ssz()).unwrap(),
        Tagged {
            slot: 5,
            tag: String::new()
        }
    );
}
