//! The fast replay on hands written as a room writes them: what it covers, what it pays,
//! and what it leaves to the game layer.

use super::*;
use crate::rooms::read_file;

fn hand(text: &str) -> RoomHand {
    let file = read_file(text.as_bytes());
    file.hands[0].clone().expect("the hand reads")
}

fn head(seats: &str, game: &str) -> String {
    format!(
        "PokerStars Hand #7: {game} - 2024/01/02 10:00:00 ET\n\
         Table 'Alpha' 6-max Seat #1 is the button\n{seats}"
    )
}

const THREE: &str = "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cid ($2 in chips)\n\
                     Bob: posts small blind $0.01\nCid: posts big blind $0.02\n*** HOLE CARDS ***\n";

#[test]
fn an_uncalled_raise_is_returned_and_the_blinds_won() {
    let text = head(THREE, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: raises $0.04 to $0.06\nCid: folds\n\
           Uncalled bet ($0.04) returned to Bob\nBob collected $0.04 from pot\n\
           *** SUMMARY ***\nTotal pot $0.04 | Rake $0\n";
    let r = replay(&hand(&text)).expect("covered");
    // Seats as written (1..3 clockwise from the button, seat 1).
    assert_eq!((r.seat_of.clone(), r.button), (vec![1, 2, 0], 0));
    assert_eq!(r.positions, ["BTN", "SB", "BB"]);
    assert_eq!(r.net, [0, 2, -2]);
    assert_eq!((r.rake, r.showdown, r.known), (0, false, true));
    assert_eq!(
        r.events,
        [
            Event::Blind {
                seat: 1,
                amount: 1,
                big: false
            },
            Event::Blind {
                seat: 2,
                amount: 2,
                big: true
            },
            Event::Fold(0),
            Event::Raise {
                seat: 1,
                to: 6,
                amount: 5,
                all_in: false
            },
            Event::Fold(2),
            Event::Return { seat: 1, amount: 4 },
        ]
    );
}

#[test]
fn all_ins_make_side_pots_and_the_rake_is_what_the_record_leaves() {
    // Ann all in for $1 pre-flop, Bob and Cid bet on; Cid's last bet is uncalled.
    let seats = "Seat 1: Ann ($1 in chips)\nSeat 2: Bob ($3 in chips)\nSeat 3: Cid ($5 in chips)\n\
                 Bob: posts small blind $0.01\nCid: posts big blind $0.02\n*** HOLE CARDS ***\n\
                 Dealt to Ann [Ah Ad]\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: raises $0.98 to $1 and is all-in\nBob: calls $0.99\nCid: calls $0.98\n\
           *** FLOP *** [2c 7d 9h]\nBob: bets $2 and is all-in\nCid: calls $2\n\
           *** TURN *** [2c 7d 9h] [3s]\n\
           *** RIVER *** [2c 7d 9h 3s] [4s]\n*** SHOW DOWN ***\n\
           Ann: shows [Ah Ad] (a pair of Aces)\nBob: shows [Kh Kd] (a pair of Kings)\n\
           Cid: shows [Qh Qd] (a pair of Queens)\n\
           Bob collected $4 from side pot\nAnn collected $2.90 from main pot\n\
           *** SUMMARY ***\nTotal pot $7 Main pot $2.90. Side pot $4. | Rake $0.10\n";
    let r = replay(&hand(&text)).expect("covered");
    // Seats: Bob 1, Cid 2, Ann 0 (the button).
    assert_eq!(r.rake, 10);
    assert_eq!(
        r.pots,
        [
            Pot {
                amount: 290,
                eligible: vec![0, 1, 2]
            },
            Pot {
                amount: 400,
                eligible: vec![1, 2]
            },
        ]
    );
    assert_eq!(r.payouts, [290, 400, 0]);
    assert_eq!(r.net, [190, 100, -300]);
    assert!(r.showdown && r.known && r.room_paid.is_none());
    // Everybody all in but one: every hand is shown, in order from the first live seat
    // left of the button (nobody bet on the river).
    let shown: Vec<&Event> = r
        .events
        .iter()
        .filter(|e| matches!(e, Event::Show(_)))
        .collect();
    assert_eq!(shown, [&Event::Show(1), &Event::Show(2), &Event::Show(0)]);
}

#[test]
fn a_split_pot_pays_the_odd_chip_left_of_the_button() {
    let seats = "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cid ($2 in chips)\n\
                 Bob: posts small blind $0.01\nCid: posts big blind $0.02\n*** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: calls $0.01\nCid: checks\n\
           *** FLOP *** [Ac Kd Qh]\nBob: checks\nCid: checks\n\
           *** TURN *** [Ac Kd Qh] [Js]\nBob: checks\nCid: checks\n\
           *** RIVER *** [Ac Kd Qh Js] [2c]\nBob: checks\nCid: checks\n\
           *** SHOW DOWN ***\nBob: shows [Th 3d] (a straight)\nCid: shows [Tc 4d] (a straight)\n\
           Bob collected $0.02 from pot\nCid collected $0.01 from pot\n\
           *** SUMMARY ***\nTotal pot $0.04 | Rake $0.01\n";
    let r = replay(&hand(&text)).expect("covered");
    assert_eq!((r.rake, r.payouts.clone()), (1, vec![0, 2, 1]));
    assert_eq!(r.net, [0, 0, -1]);
}

#[test]
fn a_room_paying_otherwise_than_the_rules_is_kept_as_it_paid() {
    // The same split, the room giving the odd chip to the big blind.
    let seats = "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cid ($2 in chips)\n\
                 Bob: posts small blind $0.01\nCid: posts big blind $0.02\n*** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: calls $0.01\nCid: checks\n\
           *** FLOP *** [Ac Kd Qh]\nBob: checks\nCid: checks\n\
           *** TURN *** [Ac Kd Qh] [Js]\nBob: checks\nCid: checks\n\
           *** RIVER *** [Ac Kd Qh Js] [2c]\nBob: checks\nCid: checks\n\
           *** SHOW DOWN ***\nBob: shows [Th 3d] (a straight)\nCid: shows [Tc 4d] (a straight)\n\
           Bob collected $0.01 from pot\nCid collected $0.02 from pot\n\
           *** SUMMARY ***\nTotal pot $0.04 | Rake $0.01\n";
    let r = replay(&hand(&text)).expect("covered");
    assert_eq!(r.payouts, [0, 1, 2]);
    assert_eq!(r.room_paid, Some(vec![(0, 2, 1), (1, 1, 2)]));
    assert_eq!(
        room_paid_text(r.room_paid.as_deref().unwrap(), 2),
        "the room paid otherwise than the rules split: p1 0.01 in the record, 0.02 in the \
         replay (difference 0.01), p2 0.02 in the record, 0.01 in the replay (difference -0.01)"
    );
    assert!(!r.events.iter().any(|e| matches!(e, Event::Show(_))));
}

#[test]
fn fixed_limit_raises_are_the_bet_and_capped() {
    let seats =
        "Seat 1: Ann ($20 in chips)\nSeat 2: Bob ($20 in chips)\nSeat 3: Cid ($20 in chips)\n\
                 Bob: posts small blind $0.25\nCid: posts big blind $0.50\n*** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em Limit ($0.50/$1 USD)")
        + "Ann: raises $0.50 to $1\nBob: raises $0.50 to $1.50\nCid: raises $0.50 to $2\n\
           Ann: folds\nBob: calls $0.50\n";
    // The big blind is the bet: three raises cap the betting (a fourth is refused).
    let capped = text.clone()
        + "*** FLOP *** [2c 7d 9h]\nBob: bets $0.50\nCid: folds\n\
           Uncalled bet ($0.50) returned to Bob\nBob collected $5 from pot\n\
           *** SUMMARY ***\nTotal pot $5 | Rake $0\n";
    let r = replay(&hand(&capped)).expect("covered");
    assert_eq!(r.net, [-100, 300, -200]);
    let over = head(seats, "Hold'em Limit ($0.50/$1 USD)")
        + "Ann: raises $0.50 to $1\nBob: raises $0.50 to $1.50\nCid: raises $0.50 to $2\n\
           Ann: raises $0.50 to $2.50\nBob: folds\nCid: folds\n\
           Uncalled bet ($0.50) returned to Ann\nAnn collected $5.50 from pot\n\
           *** SUMMARY ***\nTotal pot $5.50 | Rake $0\n";
    assert_eq!(replay(&hand(&over)), None, "a fifth bet is over the cap");
}

#[test]
fn what_the_rules_refuse_is_left_to_the_game_layer() {
    // A raise below the minimum.
    let text = head(THREE, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: raises $0.01 to $0.03\nBob: folds\nCid: folds\n\
           Uncalled bet ($0.01) returned to Ann\nAnn collected $0.05 from pot\n\
           *** SUMMARY ***\nTotal pot $0.05 | Rake $0\n";
    assert_eq!(replay(&hand(&text)), None);
    // Pot-limit and Omaha are not covered.
    let plo = head(THREE, "Omaha Pot Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: folds\nUncalled bet ($0.01) returned to Cid\n\
           Cid collected $0.02 from pot\n*** SUMMARY ***\nTotal pot $0.02 | Rake $0\n";
    assert_eq!(replay(&hand(&plo)), None);
}

#[test]
fn an_unknown_hand_at_the_showdown_is_paid_as_recorded() {
    let seats = "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cid ($2 in chips)\n\
                 Bob: posts small blind $0.01\nCid: posts big blind $0.02\n*** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: calls $0.01\nCid: checks\n\
           *** FLOP *** [Ac Kd Qh]\nBob: checks\nCid: checks\n\
           *** TURN *** [Ac Kd Qh] [Js]\nBob: checks\nCid: checks\n\
           *** RIVER *** [Ac Kd Qh Js] [2c]\nBob: checks\nCid: checks\n\
           *** SHOW DOWN ***\nBob: shows [Th 3d] (a straight)\n\
           Bob collected $0.04 from pot\n*** SUMMARY ***\nTotal pot $0.04 | Rake $0\n";
    let r = replay(&hand(&text)).expect("covered");
    assert_eq!(r.payouts, [0, 4, 0]);
    assert!(r.known && r.showdown && r.holes[2].is_none());
    assert!(!r
        .events
        .iter()
        .any(|e| matches!(e, Event::Show(_) | Event::Muck(_))));
}

#[test]
fn heads_up_the_button_posts_the_small_blind() {
    let seats = "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\n\
                 Ann: posts small blind $0.01\nBob: posts big blind $0.02\n*** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nUncalled bet ($0.01) returned to Bob\nBob collected $0.02 from pot\n\
           *** SUMMARY ***\nTotal pot $0.02 | Rake $0\n";
    let r = replay(&hand(&text)).expect("covered");
    assert_eq!((r.button, r.positions.clone()), (0, vec!["BTN", "BB"]));
    assert_eq!(r.net, [-1, 1]);
    assert_eq!(
        r.events[0],
        Event::Blind {
            seat: 0,
            amount: 1,
            big: false
        }
    );
}

#[test]
fn seats_not_numbered_round_the_table_are_taken_in_order() {
    // Seats 2, 3, 5: the game layer's seats are the players' order, the button last.
    assert_eq!(seat_map(&[3, 5, 2], 3), (vec![0, 1, 2], 2));
    // Seats 1..n clockwise from the button's: kept.
    assert_eq!(seat_map(&[2, 3, 1], 3), (vec![1, 2, 0], 0));
    // 1..n, not clockwise: taken in order.
    assert_eq!(seat_map(&[3, 2, 1], 3), (vec![0, 1, 2], 2));
}

#[test]
fn a_blind_of_a_whole_stack_is_left_to_the_game_layer() {
    let seats =
        "Seat 1: Ann ($2 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cid ($0.02 in chips)\n\
                 Bob: posts small blind $0.01\nCid: posts big blind $0.02 and is all-in\n\
                 *** HOLE CARDS ***\n";
    let text = head(seats, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: folds\nUncalled bet ($0.01) returned to Cid\n\
           Cid collected $0.02 from pot\n*** SUMMARY ***\nTotal pot $0.02 | Rake $0\n";
    assert_eq!(replay(&hand(&text)), None);
}

#[test]
fn a_number_with_a_leading_zero_is_left_to_the_game_layer() {
    let text = head(THREE, "Hold'em No Limit ($0.01/$0.02 USD)")
        + "Ann: folds\nBob: raises $0.04 to $0.06\nCid: folds\n\
           Uncalled bet ($0.04) returned to Bob\nBob collected $0.04 from pot\n\
           *** SUMMARY ***\nTotal pot $0.04 | Rake $0\n";
    let mut h = hand(&text);
    assert!(replay(&h).is_some());
    h.number = "0071".to_string();
    assert_eq!(replay(&h), None);
    h.number = "RC0071".to_string();
    assert!(replay(&h).is_some());
}
