//! A batch path chosen once a process, for the Hold'em kernels ([`Kernel`](super::Kernel))
//! and the Omaha ones ([`OmahaKernel`](super::OmahaKernel)): detected at the first batch,
//! unless an environment variable names one, and kept.

use std::sync::atomic::{AtomicU8, Ordering};

/// A choice made once: 0 until it is made, then 1 + the index chosen.
pub(super) struct Chosen(AtomicU8);

impl Chosen {
    pub(super) const fn new() -> Chosen {
        Chosen(AtomicU8::new(0))
    }

    /// The index chosen: `choose(forced)` at the first call, `forced` being the value of
    /// the environment variable `env` (trimmed) where it is set; then the same index, one
    /// atomic load. Racing first calls all make, and store, the same choice.
    #[inline]
    pub(super) fn index(&self, env: &str, choose: impl FnOnce(Option<&str>) -> usize) -> usize {
        match self.0.load(Ordering::Relaxed) {
            0 => {
                let forced = std::env::var(env).ok();
                let index = choose(forced.as_deref().map(str::trim));
                self.0.store(index as u8 + 1, Ordering::Relaxed);
                index
            }
            n => usize::from(n - 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_choice_is_kept() {
        // Names no other test or program sets.
        let (unset, set) = ("POKERFORGE_TEST_CHOICE_UNSET", "POKERFORGE_TEST_CHOICE_SET");
        std::env::set_var(set, " avx2 ");
        let detected = Chosen::new();
        assert_eq!(
            detected.index(unset, |forced| if forced.is_none() { 2 } else { 9 }),
            2
        );
        assert_eq!(detected.index(unset, |_| 1), 2);
        let forced = Chosen::new();
        assert_eq!(
            forced.index(set, |f| if f == Some("avx2") { 1 } else { 9 }),
            1
        );
        std::env::remove_var(set);
        assert_eq!(forced.index(set, |_| 0), 1);
    }
}
