//! Benchmark fixtures.
