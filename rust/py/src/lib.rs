//! `pokerforge._core`: the Python bindings of pokerforge-core.
//!
//! Every binding validates its arguments while holding the GIL, computes without it, and
//! converts the result back; nothing here implements poker logic.

mod badugi;
mod batch;
mod card_class;
mod cards;
mod category_count;
mod deal;
mod draw_equity;
mod equity;
mod errors;
mod eval;
mod hand_rank;
mod icm;
mod input;
mod low_27;
mod low_a5;
mod obs;
mod omaha;
mod parallel;
mod phh;
mod preflop;
mod range;
mod rank_methods;
mod record;
mod registry;
mod rooms;
mod rooms_reading;
mod rooms_rows;
mod short_deck;
mod showdown;
mod solver;
mod solver_view;
mod variant;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_PLAYERS", pokerforge_core::MAX_PLAYERS)?;
    m.add("MAX_ENCODED_CHIPS", pokerforge_core::obs::MAX_CHIPS)?;
    variant::add_to(m)?;
    m.add_class::<cards::PyCard>()?;
    m.add_class::<cards::PyCardSet>()?;
    m.add_class::<cards::PyDeck>()?;
    m.add_class::<deal::PyDealLayout>()?;
    m.add("HandRank", hand_rank::hand_rank_type(m.py())?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_many, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_class, m)?)?;
    m.add_function(wrap_pyfunction!(showdown::showdown_ranks, m)?)?;
    m.add_class::<omaha::PyLowRank>()?;
    m.add_class::<range::PyRange>()?;
    m.add_function(wrap_pyfunction!(equity::equity, m)?)?;
    m.add_class::<equity::PyCancel>()?;
    m.add_class::<equity::PyEquityPlan>()?;
    m.add_class::<category_count::PyCategoryCount>()?;
    m.add_function(wrap_pyfunction!(equity::plan_equity, m)?)?;
    m.add_function(wrap_pyfunction!(draw_equity::draw_equity, m)?)?;
    m.add_function(wrap_pyfunction!(draw_equity::draw_policy_discards, m)?)?;
    m.add_function(wrap_pyfunction!(equity::_panic_for_tests, m)?)?;
    m.add_function(wrap_pyfunction!(parallel::_thread_pools, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha_low, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha_hilo, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha_many, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha_low_many, m)?)?;
    m.add_function(wrap_pyfunction!(omaha::evaluate_omaha_hilo_many, m)?)?;
    m.add_class::<short_deck::PyShortDeckRank>()?;
    m.add_function(wrap_pyfunction!(short_deck::evaluate_short_deck, m)?)?;
    m.add_function(wrap_pyfunction!(short_deck::evaluate_short_deck_many, m)?)?;
    m.add_class::<low_a5::PyA5LowRank>()?;
    m.add_function(wrap_pyfunction!(low_a5::evaluate_low_a5, m)?)?;
    m.add_function(wrap_pyfunction!(low_a5::evaluate_low_a5_many, m)?)?;
    m.add_class::<low_27::PyLow27Rank>()?;
    m.add_function(wrap_pyfunction!(low_27::evaluate_low_27, m)?)?;
    m.add_function(wrap_pyfunction!(low_27::evaluate_low_27_many, m)?)?;
    m.add_class::<badugi::PyBadugiRank>()?;
    m.add_function(wrap_pyfunction!(badugi::evaluate_badugi, m)?)?;
    m.add_function(wrap_pyfunction!(badugi::evaluate_badugi_many, m)?)?;
    m.add_function(wrap_pyfunction!(preflop::preflop_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(preflop::hand_classes, m)?)?;
    m.add_class::<obs::PyObsEncoder>()?;
    m.add_function(wrap_pyfunction!(obs::seed_of, m)?)?;
    m.add_function(wrap_pyfunction!(registry::register_types, m)?)?;
    m.add_function(wrap_pyfunction!(phh::phh_tables, m)?)?;
    m.add_function(wrap_pyfunction!(phh::phh_fields, m)?)?;
    m.add_function(wrap_pyfunction!(phh::phh_read, m)?)?;
    m.add_function(wrap_pyfunction!(icm::icm, m)?)?;
    m.add_function(wrap_pyfunction!(icm::finish_probabilities, m)?)?;
    m.add_function(wrap_pyfunction!(icm::bubble_factors, m)?)?;
    m.add_function(wrap_pyfunction!(icm::push_fold_heads_up, m)?)?;
    m.add_function(wrap_pyfunction!(icm::push_fold_table, m)?)?;
    m.add_function(wrap_pyfunction!(icm::push_fold_values, m)?)?;
    m.add_function(wrap_pyfunction!(icm::class_frequencies, m)?)?;
    m.add_function(wrap_pyfunction!(icm::range_of_frequencies, m)?)?;
    m.add_function(wrap_pyfunction!(phh::phh_has_header, m)?)?;
    m.add_function(wrap_pyfunction!(rooms::rooms_read, m)?)?;
    m.add_function(wrap_pyfunction!(rooms_rows::rooms_import, m)?)?;
    m.add_function(wrap_pyfunction!(rooms_rows::position_names_from_button, m)?)?;
    m.add_function(wrap_pyfunction!(rooms_rows::count_names, m)?)?;
    m.add_function(wrap_pyfunction!(rooms_rows::tally_counts, m)?)?;
    record::add_to(m)?;
    m.add_class::<solver::PySolverSpot>()?;
    m.add_class::<solver::PySolverGame>()?;
    Ok(())
}
