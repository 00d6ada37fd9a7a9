//! The text rooms' readers on the layouts and conventions real files showed them (excerpts
//! of public parsers' fixtures in tests/data/rooms, their licences beside them): each hand
//! pinned to the payouts, totals and actions its file writes.

use pokerforge_core::rooms::{read_file, Cause, Note};

use crate::room_files::hands;

#[test]
fn wpn_older_layout_is_read_with_its_summary_of_bets() {
    // "Game started at" / "Game ID": amounts are what each action puts in.
    let hand = &hands("wpn/older_layout_holdem.txt")[0];
    assert_eq!((hand.room, hand.number.as_str()), ("WPN", "693967308"));
    assert_eq!(
        (hand.game, hand.betting, hand.places),
        ("holdem", "no-limit", 2)
    );
    assert_eq!(hand.players[..2], ["tylerdurden211", "ChazDazzle"]);
    assert_eq!(hand.blinds, [2, 5, 0, 0, 0]);
    // Everyone folds to the big blind: 0.03 comes back, he collects the pot of 0.04.
    assert_eq!(hand.winnings, [0, 4, 0, 0, 0]);
    assert_eq!((hand.total_pot, hand.rake), (Some(4), Some(0)));
    assert!(hand.notes.contains(&Note::Returned {
        player: 1,
        chips: 3
    }));
    assert_eq!(hand.put, [2, 5, 0, 0, 0]); // the summary's bets, the returned 0.03 added

    let hand = &hands("wpn/older_layout_tournament.txt")[0];
    assert_eq!(hand.tournament.as_deref(), Some("$2.20 Turbo Heads-up"));
    assert_eq!((hand.currency.as_str(), hand.places), ("", 0));
    let actions = hand.phh_actions();
    // "raises (30)" over a small blind of 10 is a raise to 40; "allin (1120)" over 200
    // is to 1320, and the answer "allin (845)" over 475 a call.
    assert_eq!(actions[2..5], ["p2 cbr 40", "p1 cbr 60", "p2 cc"]);
    assert_eq!(actions[13..16], ["p2 cbr 475", "p1 cbr 1320", "p2 cc"]);
    assert_eq!(hand.winnings, [0, 3000]);

    let stud = hands("wpn/older_layout_stud.txt");
    assert_eq!(stud.len(), 4);
    let hand = &stud[1];
    assert_eq!(
        (hand.limits, hand.bring_in, hand.antes.clone()),
        (Some((100, 200)), Some(40), vec![15, 15])
    );
    // "Pot: 8.15. Rake 0.11. JP fee 0.04": the pot after the rake and the fee.
    assert_eq!((hand.total_pot, hand.rake), (Some(815), Some(11)));
    assert_eq!(hand.fees, [("JP fee".to_string(), 4)]);
    assert_eq!(hand.winnings, [0, 815]);
    // "*** Third street ***" is written where the fourth street is dealt.
    let actions = hand.phh_actions();
    assert_eq!(
        actions[..6],
        [
            "d dh p1 Js5sAc",
            "d dh p2 ????8d",
            "p2 pb",
            "p1 cbr 1",
            "p2 cc",
            "d dh p1 9h"
        ]
    );
}

#[test]
fn wpn_newer_layout_totals_are_after_rake_and_fees() {
    // "Total pot $1.19 | Rake $0.04 | JP Fee $0.02", and "caps $0.55" a raise to 0.55.
    let hand = &hands("wpn/caps_jackpot_fee.txt")[0];
    assert_eq!((hand.total_pot, hand.rake), (Some(119), Some(4)));
    assert_eq!(hand.fees, [("JP Fee".to_string(), 2)]);
    assert!(hand.phh_actions().contains(&"p4 cbr 0.55".to_string()));
    assert_eq!(hand.winnings, [0, 119, 0, 0]);
    // A walk: the big blind's uncalled part is paid with the pot, no line returns it.
    let walk = &hands("wpn/walk.txt")[0];
    assert_eq!((walk.total_pot, walk.winnings[1]), (Some(7), 7));
    // "posts dead $0.07": the big blind live, the small blind dead.
    let dead = &hands("wpn/post_dead.txt")[0];
    assert_eq!(dead.posts, [(2, 5, 2)]);
    assert_eq!((dead.total_pot, dead.winnings[2]), (Some(17), 17));
    // Run twice ("*** FLOP 1 ***", "*** FLOP 2 ***"), the hands shown once.
    let twice = &hands("wpn/run_it_twice.txt")[0];
    assert!(twice.notes.contains(&Note::Runouts(2)));
    assert_eq!(twice.winnings, [0, 0, 0, 9225, 15375, 0]);
    let shows = twice
        .phh_actions()
        .iter()
        .filter(|a| a.contains(" sm "))
        .count();
    assert_eq!(shows, 2);
}

#[test]
fn ignition_seats_named_by_position_are_in_the_tables_order() {
    let file = hands("bovada/ignition_positions.txt");
    // "Set dealer [3]" names a place in the list, and seat 3 is UTG+2's: the positions
    // order the table, the dealer on the button.
    let hand = &file[1];
    assert_eq!(hand.players[..2], ["Small Blind", "Big Blind [ME]"]);
    assert_eq!(hand.players.last().map(String::as_str), Some("Dealer"));
    assert_eq!(hand.winnings[1], 340);
    // No one on the button: the small blind is still the first player.
    let hand = &file[2];
    assert_eq!(
        (hand.players[0].as_str(), hand.blinds[..2].to_vec()),
        ("Small Blind", vec![100, 200])
    );
    // "UTG+3 : All-in 60" among the antes: his ante, short.
    let hand = &file[4];
    let short = hand.players.iter().position(|p| p == "UTG+3").unwrap();
    assert_eq!(hand.stacks[short], 60);
    assert!(hand.antes.iter().all(|&a| a == 150));
    // "All-in(raise-timeout) 1000 to 1000": a raise made for a player out of time.
    let hand = &file[3];
    assert!(
        hand.phh_actions().contains(&"p4 cbr 1000".to_string()),
        "{:?}",
        hand.phh_actions()
    );
    assert_eq!(hand.winnings.iter().sum::<i64>(), 2720);
}

#[test]
fn betonline_totals_after_rake_and_a_button_no_seat_has() {
    let cash = hands("betonline/cash.txt");
    // "Total pot 0.95 | Rake 0.05": a pot of 1.00 before the rake.
    assert_eq!(
        (cash[0].total_pot, cash[0].rake, cash[0].currency.as_str()),
        (Some(95), Some(5), "$")
    );
    assert_eq!(cash[0].winnings[0], 95);
    // A dead small blind and "post now" (a live big blind out of turn); the seat between
    // the button and the big blind neither posts nor acts: not dealt in.
    assert_eq!(
        (cash[1].blinds[0], cash[1].posts.clone()),
        (50, vec![(7, 50, 0)])
    );
    assert!(!cash[1].players.contains(&"Player5".to_string()));
    let tournament = hands("betonline/tournament.txt");
    // "Seat #2684684 is the button": the seat before the small blind's; "Dealt to
    // Player13 []": he joined during the hand and was dealt nothing.
    let hand = &tournament[0];
    assert_eq!((hand.button, hand.betting), (Some(1), "no-limit"));
    assert_eq!(hand.players[..2], ["Player1", "Player12"]);
    assert!(!hand.players.contains(&"Player13".to_string()));
    assert_eq!(hand.winnings.last(), Some(&270));
    // All in before the flop: the board is written in the summary alone, and dealt
    // after the last call; "Hold'em Pot Limit" with four cards each is Omaha.
    let hand = &hands("betonline/board_in_summary.txt")[0];
    assert_eq!((hand.game, hand.hole_count), ("omaha", 4));
    let actions = hand.phh_actions();
    assert_eq!(
        actions[actions.len() - 4..],
        ["p4 cc", "d db QdJh9c", "d db 8d", "d db 7h"]
    );
    assert_eq!(
        (hand.total_pot, hand.rake, hand.winnings[2]),
        (Some(158), Some(5), 158)
    );
    // Bovada's older files write no line for the board, with bets between the streets:
    // the rounds' ends tell the streets, the summary's board their cards. The Ignition
    // hand without its board lines reads as with them.
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/data/rooms/bovada/ignition_positions.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let second = format!(
        "Ignition Hand #{}",
        text.split("Ignition Hand #").nth(2).unwrap()
    );
    let bare: Vec<&str> = second
        .lines()
        .filter(|l| {
            !["*** FLOP", "*** TURN", "*** RIVER"]
                .iter()
                .any(|s| l.starts_with(s))
        })
        .collect();
    let whole = read_file(second.as_bytes()).hands[0].clone().unwrap();
    let inferred = read_file(bare.join("\n").as_bytes()).hands[0]
        .clone()
        .unwrap();
    assert_eq!(inferred.phh_actions(), whole.phh_actions());
    assert_eq!(inferred.winnings, whole.winnings);
    // Without the summary's board, the streets have no cards: refused by name.
    let no_board: Vec<&str> = bare
        .into_iter()
        .filter(|l| !l.starts_with("Board"))
        .collect();
    let refused = read_file(no_board.join("\n").as_bytes()).hands[0]
        .clone()
        .unwrap_err();
    assert_eq!(refused.cause, Cause::Cards, "{refused}");
    // "Seat 0: Player17 (940.00 in chips) - Sitting out", capitalised.
    assert!(!tournament[1].players.contains(&"Player17".to_string()));
}

#[test]
fn run_it_once_side_pots_are_parts_of_the_total_and_walks_pay_the_blind() {
    // "Total pot €83.58 | Main pot €62.60 | Side pot €20.98 | Rake €2.00".
    let hand = &hands("rio/side_pots.txt")[0];
    assert_eq!(
        (hand.total_pot, hand.rake, hand.fees.len()),
        (Some(8358), Some(200), 0)
    );
    assert_eq!(hand.winnings[4], 8158);
    let walk = &hands("rio/walk.txt")[0];
    assert_eq!((walk.total_pot, walk.winnings[1]), (Some(15), 15));
}

#[test]
fn winamax_totals_written_to_a_thousands_fraction() {
    // "Total pot 6.02k": the 6,020 paid out (and put in); a tournament's chips.
    let file = hands("winamax/rounded_total.txt");
    let hand = &file[0];
    assert_eq!((hand.total_pot, hand.winnings[5]), (Some(6020), 6020));
    assert_eq!(
        (hand.tournament.as_deref(), hand.currency.as_str()),
        (Some("Freeroll 150€"), "")
    );
    // A rounded total the payouts do not round to stays wrong, and the hand is refused.
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/data/rooms/winamax/rounded_total.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let first = text
        .split("\n\n\n")
        .next()
        .unwrap()
        .replace("Total pot 6.02k", "Total pot 6.05k");
    let refused = read_file(first.as_bytes()).hands[0].clone().unwrap_err();
    assert_eq!(refused.cause, Cause::Totals);
}

#[test]
fn partypoker_tournament_blinds_statistics_and_hilo_halves() {
    // Its tournaments of 2011 write the level (`Blinds(300/600)`) and no blind: the two
    // seats after the button post them, heads-up the button the small blind.
    let file = hands("partypoker/tournament_blinds_unwritten.txt");
    let hand = &file[1];
    assert_eq!(
        (hand.players.clone(), hand.blinds.clone()),
        (
            vec!["Player1".to_string(), "Player0".to_string()],
            vec![300, 600]
        )
    );
    // "is all-In [4,220]" over his small blind of 300: all his 4,520.
    assert_eq!(hand.phh_actions()[2..], ["p2 cbr 4520", "p1 f"]);
    assert_eq!(hand.winnings, [0, 5120]);
    assert_eq!(
        (file[2].blinds.clone(), file[2].winnings.clone()),
        (vec![100, 200, 0], vec![0, 300, 0])
    );
    // A converted file: the player's statistics follow his stack.
    let hand = &hands("partypoker/converted_statistics.txt")[0];
    assert_eq!((hand.stacks[5], hand.winnings[1]), (275, 833));
    // The later layout: "(NL)", amounts in parentheses, "raises 0.06 to 0.08" to the
    // street's total, the button on the table line and the winnings in the summary's
    // balances ("collected $0.31": the pot of 0.18 and his uncalled 0.13).
    let hand = &hands("partypoker/later_format.txt")[0];
    assert_eq!(
        (hand.betting, hand.button, hand.blinds[..2].to_vec()),
        ("no-limit", Some(1), vec![1, 2])
    );
    assert_eq!(hand.players[..2], ["Player2", "Player3"]);
    assert!(hand.phh_actions().contains(&"p2 cbr 0.08".to_string()));
    assert_eq!(hand.winnings.iter().sum::<i64>(), 31);
    assert_eq!(hand.winnings[1], 31);
    // "wins Lo ($28.75 USD)": the low half of a hi-lo pot.
    let hand = &hands("partypoker/omaha_hilo_halves.txt")[0];
    assert_eq!(hand.winnings, [0, 2875, 0, 0, 2975]);
}
