//! Lines of a solver's game as Python gives them: a list of tokens, one per action or
//! dealt card, walked from the root.
//!
//! # Tokens
//! An action is `x` (check), `c` (call), `f` (fold), `b100` (bet to 100 chips), `r250`
//! (raise to 250) or `a900` (all-in, to 900); `a` alone is the all-in at the node,
//! whatever its amount. A dealt card is a card (`Qc`). Case is free for actions. These
//! are also the names `node()` gives the actions, so a line can be built from them.

use pokerforge_core::solver::{Action, Edge, Game, Line, NodeKind};
use pokerforge_core::Card;
use pyo3::prelude::*;

use crate::errors::InvalidSpecError;

/// `(kind, player, pot, (bet, bet), actions, dealt)`: the kind is `"decision"` (player to
/// act), `"chance"` (a card is dealt; player -1), `"fold"` (the player who folded) or
/// `"showdown"` (player -1); `dealt` the cards the line dealt, in order.
pub type NodeInfo = (&'static str, i64, i32, (i32, i32), Vec<String>, Vec<String>);

/// The token of an action (see the module docs).
pub fn token_of(action: Action) -> String {
    match action {
        Action::Fold => "f".to_string(),
        Action::Check => "x".to_string(),
        Action::Call => "c".to_string(),
        Action::Bet(a) => format!("b{a}"),
        Action::Raise(a) => format!("r{a}"),
        Action::AllIn(a) => format!("a{a}"),
    }
}

/// What the walk so far is called in an error: the tokens before the bad one.
fn after(tokens: &[String], at: usize) -> String {
    if at == 0 {
        "at the root".to_string()
    } else {
        format!("after '{}'", tokens[..at].join(" "))
    }
}

/// The line of `tokens` from the root.
///
/// # Errors
/// `InvalidSpecError` naming the token, where it stands and what the node offers: an
/// action the node does not have, a card at a decision, a card on the board, anything
/// after the hand has ended.
pub fn play(game: &Game, tokens: &[String]) -> PyResult<Line> {
    let mut line = game.line();
    for (at, token) in tokens.iter().enumerate() {
        let edge = match game.kind(line.node()) {
            Some(NodeKind::Player(_)) => {
                let actions = game.actions_at(&line);
                let wanted = token.trim().to_ascii_lowercase();
                let found = actions.iter().copied().find(|&a| {
                    token_of(a) == wanted || (wanted == "a" && matches!(a, Action::AllIn(_)))
                });
                let names: Vec<String> = actions.into_iter().map(token_of).collect();
                let action = found.ok_or_else(|| {
                    InvalidSpecError::new_err(format!(
                        "'{token}' is not an action {} of the line: the actions there are {}",
                        after(tokens, at),
                        names.join(", ")
                    ))
                })?;
                Edge::Action(action)
            }
            Some(NodeKind::Chance) => {
                let card: Card = token.parse().map_err(|_| {
                    InvalidSpecError::new_err(format!(
                        "'{token}' is not a card {} of the line: a card is dealt there",
                        after(tokens, at)
                    ))
                })?;
                Edge::Card(card.index())
            }
            _ => {
                return Err(InvalidSpecError::new_err(format!(
                    "'{token}' comes {} of the line, where the hand has ended",
                    after(tokens, at)
                )))
            }
        };
        line = game.follow(&line, edge).map_err(|_| {
            InvalidSpecError::new_err(format!(
                "'{token}' cannot be dealt {} of the line: it is on the board",
                after(tokens, at)
            ))
        })?;
    }
    Ok(line)
}

/// What the line's node is (see [`NodeInfo`]).
pub fn node_info(game: &Game, line: &Line) -> NodeInfo {
    let node = line.node();
    let (pot, bets) = game.pot_at(node).unwrap_or((0, [0, 0]));
    let (kind, player) = match game.kind(node) {
        Some(NodeKind::Player(p)) => ("decision", i64::from(p)),
        Some(NodeKind::Chance) => ("chance", -1),
        Some(NodeKind::Fold(p)) => ("fold", i64::from(p)),
        _ => ("showdown", -1),
    };
    let actions = game.actions_at(line).into_iter().map(token_of).collect();
    let dealt = line
        .edges()
        .iter()
        .filter_map(|e| match e {
            Edge::Card(c) => Card::from_index(i64::from(*c)).ok().map(|c| c.to_string()),
            Edge::Action(_) => None,
        })
        .collect();
    (kind, player, pot, (bets[0], bets[1]), actions, dealt)
}
