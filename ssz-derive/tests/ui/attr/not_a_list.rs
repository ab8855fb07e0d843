use peam_ssz_types::Ssz;

#[derive(Ssz)]
#[ssz]
struct A {
    a: u8,
}

#[derive(Ssz)]
#[ssz = "transparent"]
struct B {
    b: u8,
}

fn main() {}
