//! Consensus-spec SSZ vectors and beacon containers.
