//! The heap that streaming decoding takes, measured by the counting
//! allocator of `test-support`: what the decoded value holds plus a small
//! constant, and, for a declared length the input does not back, a small
//! constant whatever the length.

use peam_ssz_types::stream::{Source, StreamError, SCRATCH_LEN};
use peam_ssz_types::{ByteList, List, Ssz, TreeHash, U};
use std::convert::Infallible;
use test_support::alloc::{measure, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The slack over the value's own heap: the scratch buffer of fixed-size
/// elements, an offset table's bytes, an error value.
const SLACK: usize = 2 * SCRATCH_LEN + 4096;

#[derive(Debug, PartialEq, Ssz, TreeHash)]
struct Outer {
    slot: u64,
    values: List<u64, U<1_000_000>>,
    blobs: List<ByteList<U<100_000>>, U<64>>,
}

/// A source of `n` zero bytes, then its end: a declared length no input
/// backs.
struct Zeros(usize);

impl Source for Zeros {
    type Error = Infallible;

    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), StreamError<Infallible>> {
        if buf.len() > self.0 {
            return Err(StreamError::End);
        }
        self.0 -= buf.len();
        buf.fill(0);
        Ok(())
    }
}

#[test]
fn a_decoded_value_takes_its_own_heap_plus_a_constant() {
    let value = Outer {
        slot: 1,
        values: List::try_from((0..200_000u64).collect::<Vec<_>>()).unwrap(),
        blobs: List::try_from(vec![ByteList::try_from(vec![7u8; 90_000]).unwrap(); 20]).unwrap(),
    };
    let bytes = value.to_ssz();
    let own = 200_000 * 8 + 20 * 90_000 + 20 * 24;
    let (decoded, usage) = measure(|| Outer::ssz_read_from(&mut &bytes[..], bytes.len()).unwrap());
    assert_eq!(decoded, value);
    assert!(
        usage.peak <= own + SLACK,
        "peak {} over the value's {own} + {SLACK}",
        usage.peak
    );
    // `from_ssz` of the same bytes, for the record: the input itself is
    // on top of it, the stream's is not.
    assert!(usage.peak < own + bytes.len());
}

#[test]
fn a_declared_length_that_the_input_does_not_back_takes_a_constant() {
    for len in [1 << 20, 1 << 26] {
        let (result, usage) =
            measure(|| List::<u64, U<{ 1 << 24 }>>::ssz_read_from(&mut Zeros(100), len));
        assert!(result.unwrap_err().is_end());
        assert!(usage.peak <= SLACK, "{len}: peak {}", usage.peak);
        let (result, usage) =
            measure(|| ByteList::<U<{ 1 << 27 }>>::ssz_read_from(&mut Zeros(100), len));
        assert!(result.unwrap_err().is_end());
        assert!(usage.peak <= SLACK, "{len}: peak {}", usage.peak);
        // Variable-size elements: a first offset of 4 * 2^18 elements, the
        // offset table then ends early.
        let mut head = ((1u32 << 18) * 4).to_le_bytes().to_vec();
        head.resize(1000, 0);
        let (result, usage) =
            measure(|| List::<List<u8, U<8>>, U<{ 1 << 20 }>>::ssz_read_from(&mut &head[..], len));
        assert!(result.unwrap_err().is_end());
        assert!(usage.peak <= SLACK, "{len}: peak {}", usage.peak);
    }
}

/// A slice says that all its bytes are there (`Source::available`): a
/// list is then reserved once, as `from_ssz` reserves it; a reader that
/// says nothing gets a `Vec` that grows as the elements arrive.
#[test]
fn a_source_whose_bytes_are_all_there_is_reserved_once() {
    let list = List::<u64, U<1_000_000>>::try_from((0..200_000u64).collect::<Vec<_>>()).unwrap();
    let bytes = list.to_ssz();
    let (decoded, usage) =
        measure(|| List::<u64, U<1_000_000>>::ssz_read_from(&mut &bytes[..], bytes.len()).unwrap());
    assert_eq!(decoded, list);
    assert_eq!(usage.allocations, 2, "the list and the scratch buffer");
    assert!(usage.peak <= bytes.len() + SLACK);
    let mut reader = peam_ssz_types::stream::IoSource::new(&bytes[..]);
    let (decoded, usage) =
        measure(|| List::<u64, U<1_000_000>>::ssz_read_from(&mut reader, bytes.len()).unwrap());
    assert_eq!(decoded, list);
    assert!(usage.allocations > 2);
    assert_eq!(decoded.as_slice().len(), 200_000);
}
