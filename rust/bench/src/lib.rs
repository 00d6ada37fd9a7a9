//! Nothing to link: this package holds pokerforge-core's criterion benchmarks (`benches/`)
//! and timing programs (`examples/`), apart from the core so that the core's test build
//! does not compile criterion.
