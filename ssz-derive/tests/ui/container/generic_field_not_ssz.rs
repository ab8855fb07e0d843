use peam_ssz_types::Ssz;

#[derive(Ssz)]
struct Generic<T> {
    a: [T; 2],
}

struct NotSsz;

fn use_it(g: &Generic<NotSsz>) -> Vec<u8> {
    g.to_ssz()
}

fn main() {}
