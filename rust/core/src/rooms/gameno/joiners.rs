//! PartyPoker's players who join the table after its seat lines were written and play the
//! hand (`Player4 has joined the table.`, then `Player4 posts big blind [$0.25 USD].`): the
//! file writes neither their seat nor their stack. The seat is the one the order of play
//! says, among the seats no line names or whose player left the table: the first after the
//! small blind's where the joiner posts the only big blind, else one between the seats of
//! the players who acted before and after the joiner's first action of the hand (any such
//! seat gives the same order of play; the one nearest the next player is taken). The stack
//! is unknown: the record holds a bound that no bet of the hand reaches (every stack at the
//! table and all the joiner put in), and a note saying so, whose replay makes the stack
//! unknown again. So is the stack of a player listed with nothing who joins and plays
//! (his seat line written before he bought chips in).

use super::super::assemble::{Event, Parts};
use super::super::forced::Post;
use super::super::record::{Note, RoomHand};
use super::super::words::{fault, Fault};
use super::State;

/// Places each joiner the reader found (`state.joiners`: seat-line indices), `put` being
/// what each seat line put in; returns the joiners' names and seats.
pub(super) fn place(
    r: &mut Parts,
    state: &State,
    put: &[i64],
) -> Result<Vec<(String, u32)>, Fault> {
    let mut placed = Vec::new();
    let table: i64 = r.seats.iter().map(|s| s.2).fold(0, i64::saturating_add);
    // The seats taken: listed, by a player who did not leave, and not a joiner's yet.
    let mut taken: Vec<u32> = (r.seats.iter().enumerate())
        .filter(|(i, s)| !state.joiners.contains(i) && !state.leaving.contains(&s.1))
        .map(|(_, s)| s.0)
        .collect();
    // The seats the table has (`Total number of players : 5/6`; 10 where not written).
    let size = state.table_size.unwrap_or(10);
    for &j in &state.joiners {
        let Some(seat) = seat_of(r, j, size, &taken) else {
            return fault(
                super::Cause::Players,
                format!(
                    "{:?} joined the table after the seat lines and plays, but the order of \
                     play places no free seat",
                    r.seats[j].1
                ),
            );
        };
        r.seats[j].0 = seat;
        r.seats[j].2 = table.saturating_add(put.get(j).copied().unwrap_or(0));
        taken.push(seat);
        placed.push((r.seats[j].1.clone(), seat));
    }
    for &j in &state.rejoined {
        if r.acting.get(j) == Some(&true) {
            r.seats[j].2 = table.saturating_add(put.get(j).copied().unwrap_or(0));
            placed.push((r.seats[j].1.clone(), r.seats[j].0));
        }
    }
    Ok(placed)
}

/// The seat of joiner `j` at a table of `size` seats, `taken` the seats not free (see the
/// module).
fn seat_of(r: &Parts, j: usize, size: u32, taken: &[u32]) -> Option<u32> {
    let post = |kind: fn(&Post) -> bool| (r.posts.iter()).find(|p| kind(&p.0) && p.1 != j);
    let free = |s: u32| s <= size && !taken.contains(&s);
    let next = |s: u32| if s >= size { 1 } else { s + 1 };
    if post(|p| matches!(p, Post::Big)).is_none() {
        // His big blind is the hand's: his seat is the first free one after the small's.
        let small = r.seats[post(|p| matches!(p, Post::Small))?.1].0;
        let mut s = next(small);
        while s != small {
            if free(s) {
                return Some(s);
            }
            s = next(s);
        }
        return None;
    }
    let acts: Vec<usize> = (r.events.iter())
        .take_while(|e| !matches!(e, Event::Board(_)))
        .filter_map(|e| match e {
            Event::Act(who, ..) => Some(*who),
            _ => None,
        })
        .collect();
    let first = acts.iter().position(|&w| w == j)?;
    let after_him = *acts[first + 1..].iter().find(|&&w| w != j)?;
    let before = acts[..first].iter().rev().find(|&&w| w != j).copied();
    let big = post(|p| matches!(p, Post::Big)).map(|p| p.1);
    let after = r.seats[before.or(big)?].0;
    let until = r.seats[after_him].0;
    // From the next player's seat back (clockwise order reversed) to the previous one's.
    let mut s = until;
    loop {
        s = if s <= 1 { size } else { s - 1 };
        if s == after || s == until {
            return None;
        }
        if free(s) {
            return Some(s);
        }
    }
}

/// The note of each joiner, by the record's player (`placed`: names and seats).
pub(super) fn noted(hand: &mut RoomHand, placed: &[(String, u32)]) {
    for (name, seat) in placed {
        if let Some(player) = hand.players.iter().position(|p| p == name) {
            hand.notes.push(Note::Joined {
                player,
                seat: *seat,
            });
        }
    }
}
