//! Seats named by position (Bovada and Ignition: `Seat 4: Big Blind [ME] (1,500 in chips)`)
//! put in the table's order. Ignition's tournaments number the seats by player, not by
//! place at the table, and give the button as a place in the list or as a seat of no
//! player: there the players' positions are the only true order.

/// The positions as the room names its seats, in the order their players act after the
/// button's (the button first).
const POSITIONS: [&str; 10] = [
    "Dealer",
    "Small Blind",
    "Big Blind",
    "UTG",
    "UTG+1",
    "UTG+2",
    "UTG+3",
    "UTG+4",
    "UTG+5",
    "UTG+6",
];

/// The position a seat's name names (`"UTG+1 [ME]"`: 4), if it is one.
fn rank(name: &str) -> Option<usize> {
    let name = name.strip_suffix(" [ME]").unwrap_or(name);
    POSITIONS.iter().position(|p| *p == name)
}

/// Puts seats `(seat, name, ...)` in the table's order and the button on its seat: where
/// every seat is named by a distinct position, the button is the seat named `Dealer`; if
/// there is none (the button's seat empty), or the seats' numbers from the button's do
/// not run in the positions' order, the seats are numbered by position (the button's 1,
/// empty or not). Else a
/// button no seat has but within the count of seats listed is a place in the list, and the
/// seats are numbered by their places, unless the small blind (`small`, an index of
/// `seats`) sits in the first seat after it: then it is an empty seat's (Full Tilt writes
/// the button of a player gone).
pub fn renumber<T>(
    seats: &mut [(u32, String, i64, T)],
    button: &mut Option<u32>,
    small: Option<usize>,
) {
    let ranks: Vec<Option<usize>> = seats.iter().map(|s| rank(&s.1)).collect();
    let mut distinct: Vec<usize> = ranks.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() == seats.len() && !seats.is_empty() {
        let dealer = ranks.iter().position(|&r| r == Some(0)).map(|i| seats[i].0);
        // The seats clockwise from the one after the button, by number.
        let mut by_number: Vec<usize> = (0..seats.len()).collect();
        by_number.sort_by_key(|&i| seats[i].0);
        let first = by_number
            .iter()
            .position(|&i| Some(seats[i].0) > dealer)
            .unwrap_or(0);
        by_number.rotate_left(first);
        let in_order = by_number.windows(2).all(|w| {
            ranks[w[0]].map(|r| (r + POSITIONS.len() - 1) % POSITIONS.len())
                < ranks[w[1]].map(|r| (r + POSITIONS.len() - 1) % POSITIONS.len())
        });
        if in_order && dealer.is_some() {
            *button = dealer;
        } else {
            for (seat, rank) in seats.iter_mut().zip(ranks.into_iter().flatten()) {
                seat.0 = rank as u32 + 1;
            }
            *button = Some(1);
        }
        return;
    }
    if let Some(b) = *button {
        let listed = usize::try_from(b).is_ok_and(|b| (1..=seats.len()).contains(&b));
        let next = seats
            .iter()
            .map(|s| s.0)
            .filter(|&n| n > b)
            .min()
            .or_else(|| seats.iter().map(|s| s.0).min());
        let empty_seat = small
            .and_then(|i| seats.get(i))
            .is_some_and(|s| Some(s.0) == next);
        if listed && !empty_seat && !seats.iter().any(|s| s.0 == b) {
            for (i, seat) in seats.iter_mut().enumerate() {
                seat.0 = i as u32 + 1;
            }
        }
    }
}

/// A button no seat has (BetOnline's tournaments: `Seat #2684684 is the button`) put on
/// the seat it must be, from the small blind's (`small`, an index of `seats`): the seat in
/// the hand before it, or its own heads-up.
pub fn button_from_blind<T>(
    seats: &[(u32, String, i64, T)],
    in_hand: &[bool],
    small: Option<usize>,
    button: &mut Option<u32>,
) {
    let Some(b) = *button else {
        return;
    };
    let Some(small) = small.filter(|&i| i < seats.len()) else {
        return;
    };
    if seats.iter().any(|s| s.0 == b) {
        return;
    }
    let mut dealt: Vec<u32> = (0..seats.len())
        .filter(|&i| in_hand.get(i) == Some(&true) || i == small)
        .map(|i| seats[i].0)
        .collect();
    dealt.sort_unstable();
    let at = dealt.iter().position(|&s| s == seats[small].0).unwrap_or(0);
    *button = Some(if dealt.len() == 2 {
        seats[small].0
    } else {
        dealt[(at + dealt.len() - 1) % dealt.len()]
    });
}

/// Seats numbered against the order of play (BetOnline's skins' client of 2012: the
/// button in seat 2, the small blind in seat 0, the big blind in seat 9, the first to act
/// in seat 8) turned round, the button's with them: where, among the seats that post or
/// act (`acting`), the blinds (`blinds`, indices of `seats`) follow the button downwards
/// and not upwards. Heads-up the button posts the small blind either way: kept.
pub fn mirror<T>(
    seats: &mut [(u32, String, i64, T)],
    acting: &[bool],
    blinds: (Option<usize>, Option<usize>),
    button: &mut Option<u32>,
) {
    let (Some(b), (Some(small), Some(big))) = (*button, blinds) else {
        return;
    };
    let (Some(sb), Some(bb)) = (seats.get(small).map(|s| s.0), seats.get(big).map(|s| s.0)) else {
        return;
    };
    let mut dealt: Vec<u32> = (0..seats.len())
        .filter(|&i| acting.get(i) == Some(&true))
        .map(|i| seats[i].0)
        .collect();
    dealt.sort_unstable();
    let (Some(&low), Some(&high)) = (dealt.first(), dealt.last()) else {
        return;
    };
    let after = |s: u32| dealt.iter().copied().find(|&d| d > s).unwrap_or(low);
    let before = |s: u32| dealt.iter().rev().copied().find(|&d| d < s).unwrap_or(high);
    let usual = after(b) == sb && after(sb) == bb;
    if dealt.len() < 3 || usual || before(b) != sb || before(sb) != bb {
        return;
    }
    let top = seats.iter().map(|s| s.0).max().unwrap_or(0).max(b);
    for seat in seats.iter_mut() {
        seat.0 = top - seat.0;
    }
    *button = Some(top - b);
}

/// Seats that neither post nor act are not dealt in (BetOnline lists players waiting
/// for the big blind like the others, Full Tilt a player sitting out): in a game of
/// blinds every player dealt in acts, or posts, before the hand can end.
pub fn idle<T: From<bool>>(seats: &mut [(u32, String, i64, T)], acting: &[bool]) {
    for (seat, acted) in seats.iter_mut().zip(acting) {
        if !acted {
            seat.3 = T::from(true);
        }
    }
}

/// A seat line of Bovada's stud (`Seat+4 [ME]: 1,500 in chips`: the player named by his
/// seat) written as the layout's others are (`Seat 4: Seat+4 [ME] (1,500 in chips)`).
pub fn named_by_seat(line: &str) -> Option<String> {
    let rest = line.strip_prefix("Seat+")?;
    let (name, stack) = rest.split_once(": ")?;
    let number: u32 = name.split(' ').next()?.parse().ok()?;
    let stack = stack.strip_suffix(" in chips")?;
    Some(format!("Seat {number}: Seat+{name} ({stack} in chips)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(list: &[(u32, &str)]) -> Vec<(u32, String, i64, bool)> {
        list.iter()
            .map(|&(n, name)| (n, name.to_string(), 100, false))
            .collect()
    }

    #[test]
    fn positions_give_the_order_where_numbers_do_not() {
        // Ignition's tournament: "Set dealer [3]" names a place, and seat 3 is UTG+2's.
        let mut s = seats(&[
            (15, "UTG+3"),
            (28, "UTG+4"),
            (13, "Dealer"),
            (4, "Small Blind"),
            (20, "Big Blind [ME]"),
            (10, "UTG"),
            (24, "UTG+1"),
            (3, "UTG+2"),
        ]);
        let mut button = Some(3);
        renumber(&mut s, &mut button, None);
        assert_eq!(button, Some(1));
        let numbers: Vec<u32> = s.iter().map(|s| s.0).collect();
        assert_eq!(numbers, [7, 8, 1, 2, 3, 4, 5, 6]);
        // A cash table: the numbers run in the positions' order and are kept.
        let mut s = seats(&[
            (1, "Dealer"),
            (2, "Small Blind"),
            (4, "Big Blind"),
            (6, "UTG"),
        ]);
        let mut button = Some(1);
        renumber(&mut s, &mut button, None);
        assert_eq!((s[2].0, button), (4, Some(1)));
        // Heads-up, the button not written: the dealer's seat.
        let mut s = seats(&[(20, "Big Blind [ME]"), (19, "Dealer")]);
        let mut button = Some(9);
        renumber(&mut s, &mut button, None);
        assert_eq!((s[0].0, s[1].0, button), (20, 19, Some(19)));
        // Not named by position: a button within the list's count is a place in it.
        let mut s = seats(&[(7, "Ann"), (3, "Bob"), (9, "Cy")]);
        let mut button = Some(2);
        renumber(&mut s, &mut button, None);
        assert_eq!(s.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2, 3]);
        // Full Tilt: the button's seat (4) is empty, the small blind in the next (5).
        let mut s = seats(&[(1, "Hero"), (2, "A"), (3, "B"), (5, "C"), (6, "D")]);
        let mut button = Some(4);
        renumber(&mut s, &mut button, Some(3));
        assert_eq!((s[3].0, button), (5, Some(4)));
        // No one on the button: the blinds first by position.
        let mut s = seats(&[(61, "Small Blind"), (49, "Big Blind"), (77, "UTG")]);
        let mut button = None;
        renumber(&mut s, &mut button, None);
        assert_eq!((s[0].0, s[1].0, s[2].0, button), (2, 3, 4, Some(1)));
    }

    #[test]
    fn a_button_no_seat_has_is_the_small_blinds_right_hand_seat() {
        let s = seats(&[(9, "A"), (4, "B"), (3, "C"), (2, "D"), (0, "E")]);
        let mut button = Some(2_684_684);
        // C (seat 3) is not in the hand; D (seat 2) posts the small blind.
        button_from_blind(&s, &[true, true, false, true, true], Some(3), &mut button);
        assert_eq!(button, Some(0));
        let mut button = Some(77);
        button_from_blind(&s[..2], &[true, true], Some(1), &mut button);
        assert_eq!(button, Some(4)); // heads-up: the small blind is the button
        let mut button = Some(4);
        button_from_blind(&s, &[true; 5], Some(0), &mut button);
        assert_eq!(button, Some(4)); // a seat's: kept
    }

    #[test]
    fn seats_numbered_against_the_play_are_turned_round() {
        // The button in seat 2, the blinds in seats 0 and 9; seat 1 sits out.
        let mut s = seats(&[(0, "Sb"), (1, "Out"), (2, "Btn"), (8, "Utg"), (9, "Bb")]);
        let mut button = Some(2);
        mirror(
            &mut s,
            &[true, false, true, true, true],
            (Some(0), Some(4)),
            &mut button,
        );
        assert_eq!(button, Some(7));
        assert_eq!(s.iter().map(|s| s.0).collect::<Vec<_>>(), [9, 8, 7, 1, 0]);
        // The usual order, and heads-up: kept.
        let mut s = seats(&[(1, "Btn"), (2, "Sb"), (3, "Bb")]);
        let mut button = Some(1);
        mirror(&mut s, &[true; 3], (Some(1), Some(2)), &mut button);
        assert_eq!((s[1].0, button), (2, Some(1)));
        let mut s = seats(&[(1, "Bb"), (2, "Sb")]);
        let mut button = Some(2);
        mirror(&mut s, &[true; 2], (Some(1), Some(0)), &mut button);
        assert_eq!((s[0].0, button), (1, Some(2)));
    }

    #[test]
    fn idle_seats_are_not_dealt_in() {
        let mut s = seats(&[(9, "A"), (0, "B"), (1, "C"), (3, "D")]);
        idle(&mut s, &[true, false, true, true]);
        assert_eq!(
            s.iter().map(|s| s.3).collect::<Vec<_>>(),
            [false, true, false, false]
        );
    }
}
