//! Gives this crate PyO3's configuration flags, `Py_GIL_DISABLED` among them: `HandRank`'s
//! free-list is guarded by the GIL and is left out of a free-threaded build.

fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
