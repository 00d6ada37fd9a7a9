//! The core's integration tests, one module per subject, built as one test binary (a binary
//! per file would link the crate a dozen times in the test command's build).
//! One subject: `cargo test --profile release-tests -p pokerforge-core --test core seven_card::`.

mod bounds;
mod common;
mod draw_equity;
mod draw_lows;
mod equity;
mod five_card;
mod fuzz;
mod heads_up;
mod holdem_kernels;
mod icm;
mod low_a5;
mod omaha;
mod omaha_kernels;
mod push_fold;
mod push_fold_table;
mod range;
mod room_files;
mod rooms;
mod rooms_clients;
mod rooms_layouts;
mod rooms_lines;
mod rooms_partypoker;
mod rooms_posts;
mod rooms_stars;
mod rooms_text;
mod rooms_winamax;
mod rooms_xml;
mod seven_card;
mod short_deck;
mod short_deck_equity;
mod solver;
mod solver_state;
mod stud_equity;
