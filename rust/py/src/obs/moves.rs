//! What a discrete action index means at a table: the mask bits an encoding leaves, and the
//! move an index names under them. The encoder only translates; the game layer applies the
//! move with the hand's own method, which decides whether it is legal.

use pokerforge_core::obs::{Action, ObsLayout, TableState, MAX_CHIPS};
use pokerforge_core::CardSet;

/// The mask bits of an encoding: the legal discrete actions as bits from bit 8 (bit `8 + i`
/// for action `i`) and, when `seat` is to act (to bet or to draw), bit 0 set when checking
/// is legal, the seat in bits 1-4 and the street in bits 5-7. The small fields sit low so
/// that the number stays below 2**30 for up to 22 actions (one digit of a Python int).
pub fn mask_bits(actions: u64, seat: usize, state: &TableState<'_>) -> u64 {
    let mut bits = actions << 8;
    if state.actor == Some(seat) || state.drawing == Some(seat) {
        bits |= u64::from(state.legal.check) | (seat as u64) << 1 | (state.street as u64) << 5;
    }
    bits
}

/// The kinds of move, as the game layer's `Tables` applies them (a move is `kind | amount
/// << 2`, the amount being a raise's street total; a draw is `-1 - cards`, `cards` the
/// mask of the cards thrown, 0 to stand pat).
pub const FOLD: i64 = 0;
pub const CHECK: i64 = 1;
pub const CALL: i64 = 2;
pub const RAISE_TO: i64 = 3;

/// The message for `action` when it is no index into `width` discrete actions.
pub fn not_an_index(width: usize, action: &dyn std::fmt::Display) -> String {
    let last = width - 1;
    format!("{action} is not an action index: expected 0 to {last}")
}

/// The move discrete action `index` names for the seat to act, under its mask bits `bits`
/// (`amounts`: the chips behind each action, as the encoding wrote them; `hand`: the cards
/// of a seat to draw), or the message for an index out of range or masked.
pub fn index_move(
    layout: &ObsLayout,
    bits: i64,
    amounts: &[i64],
    hand: CardSet,
    index: i64,
) -> Result<i64, String> {
    let width = layout.width();
    let actions = layout.actions().actions();
    let legal = |i: usize| bits >> (8 + i) & 1 == 1;
    let Some(index) = usize::try_from(index).ok().filter(|&i| i < width) else {
        return Err(not_an_index(width, &index));
    };
    if !legal(index) {
        let names = layout.action_names();
        let legal: Vec<String> = (0..width)
            .filter(|&i| legal(i))
            .map(|i| format!("'{}'", names[i]))
            .collect();
        return Err(format!(
            "action {index} ('{}') is not legal now: the legal actions are [{}]",
            names[index],
            legal.join(", ")
        ));
    }
    let Some(&action) = actions.get(index) else {
        // A draw: bit `i` of the action's number throws the `i`-th lowest card.
        let draw = index - actions.len();
        let thrown = hand
            .iter()
            .enumerate()
            .filter(|&(i, _)| draw >> i & 1 == 1)
            .fold(0u64, |mask, (_, card)| mask | card.mask());
        return Ok(-1 - thrown as i64);
    };
    Ok(match action {
        Action::Fold => FOLD,
        Action::CheckCall if bits & 1 == 1 => CHECK,
        Action::CheckCall => CALL,
        _ => {
            // The amounts array is handed out live: a count written there from outside
            // could be anything, and one past 2**61 would lose its top bits in the move.
            let amount = amounts[index];
            if !(0..=MAX_CHIPS).contains(&amount) {
                return Err(format!(
                    "action {index} ('{}') has {amount} chips in the encoder's amounts \
                     array, which the encoder never writes (0 to {MAX_CHIPS}): the array \
                     was changed after the encoding",
                    action.name()
                ));
            }
            RAISE_TO | amount << 2
        }
    })
}
