//! Observations for reinforcement learning: a flat `f32` vector per seat, a mask over a
//! discrete action set with the exact amounts behind it, and information-set keys.
//!
//! The encoder reads the state of a hand; it never decides the rules. The game layer
//! (Python's `pokerforge.game.Hand`) applies actions and reports them to a [`HandLog`],
//! and reports its public state as a [`TableState`]; [`ObsLayout::encode`] writes the
//! observation. The layout is documented in [`layout`] and named slot by slot by
//! [`ObsLayout::slot_names`].

pub mod actions;
pub mod encode;
pub mod layout;
pub mod log;

pub use actions::{Action, ActionSet, Legal};
pub use encode::TableState;
pub use layout::{ObsLayout, Section, LAYOUT_VERSION};
pub use log::{ActionKind, Entry, HandLog};
