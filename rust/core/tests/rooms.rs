//! Every room's reader on real files (excerpts of public parsers' fixtures, unchanged, in
//! tests/data/rooms with their licences): every hand is read or refused by name, none is
//! lost, and each hand read has exactly the totals its summary states (total pot, rake
//! and fees, what was collected), counted from its actions alone.

use pokerforge_core::phh::{read_fields, read_steps};
use pokerforge_core::rooms::{check_totals, detect, read_file, Cause, RoomHand};

fn data(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../../tests/data/rooms/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The hands a file starts (lines beginning a hand of the room), counted apart from the
/// reader.
fn starts(bytes: &[u8], start: &str) -> usize {
    let text = pokerforge_core::rooms::text::decode(bytes);
    text.lines()
        .filter(|l| {
            l.trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with(start)
        })
        .count()
}

/// `(file, room, the start its hands' first lines begin with, games read, refused)`.
type Expected = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [Cause],
);

const FILES: &[Expected] = &[
    (
        "pokerstars/stud.txt",
        "PS",
        "PokerStars ",
        &["stud"; 4],
        &[],
    ),
    (
        "pokerstars/stud_hilo.txt",
        "PS",
        "PokerStars ",
        &["stud-hilo"; 4],
        &[],
    ),
    (
        "pokerstars/razz.txt",
        "PS",
        "PokerStars ",
        &["razz"; 4],
        &[],
    ),
    (
        "pokerstars/triple_draw_27.txt",
        "PS",
        "PokerStars ",
        &["2-7-triple-draw"],
        &[],
    ),
    (
        "pokerstars/five_card_draw.txt",
        "PS",
        "PokerStars ",
        &["five-card-draw"; 5],
        &[],
    ),
    (
        "pokerstars/single_draw_27.txt",
        "PS",
        "PokerStars ",
        &["2-7-single-draw"],
        &[],
    ),
    (
        "pokerstars/badugi_tournament.txt",
        "PS",
        "PokerStars ",
        &["badugi"; 4],
        &[],
    ),
    (
        "pokerstars/courchevel.txt",
        "PS",
        "PokerStars ",
        &["courchevel"],
        &[],
    ),
    (
        "pokerstars/courchevel_hilo_run_twice.txt",
        "PS",
        "PokerStars ",
        &["courchevel-hilo"],
        &[],
    ),
    (
        "pokerstars/six_plus_holdem.txt",
        "PS",
        "PokerStars ",
        &["short-deck"],
        &[],
    ),
    (
        "pokerstars/eight_game_home.txt",
        "PS",
        "PokerStars ",
        &[
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
            "2-7-triple-draw",
        ],
        &[],
    ),
    (
        "pokerstars/zoom_archive.txt",
        "PS",
        "PokerStars ",
        &["holdem"],
        &[],
    ),
    (
        "pokerstars/cut_off.txt",
        "PS",
        "PokerStars ",
        &["omaha", "omaha"],
        &[Cause::CutOff, Cause::CutOff],
    ),
    ("ggpoker/plo.txt", "GG", "Poker Hand #", &["omaha"; 4], &[]),
    (
        "ggpoker/holdem_tournament.txt",
        "GG",
        "Poker Hand #",
        &["holdem"; 4],
        &[],
    ),
    (
        "winamax/holdem_cp1252.txt",
        "WMX",
        "Winamax Poker",
        &["holdem"; 4],
        &[],
    ),
    (
        "winamax/omaha5.txt",
        "WMX",
        "Winamax Poker",
        &["omaha"],
        &[],
    ),
    ("wpn/holdem.txt", "WPN", "Hand #", &["holdem"], &[]),
    ("888/holdem.txt", "888", "#Game No", &["holdem"], &[]),
    (
        "888/uncalled_collected.txt",
        "888",
        "#Game No",
        &["holdem"],
        &[],
    ),
    (
        "888/omaha_hilo_fixed.txt",
        "888",
        "#Game No",
        &["omaha-hilo"],
        &[],
    ),
    ("partypoker/holdem.txt", "PTY", "*****", &["holdem"; 4], &[]),
    (
        "partypoker/omaha.txt",
        "PTY",
        "#Game No",
        &["omaha"; 3],
        &[],
    ),
    (
        "ipoker/omaha_session.xml",
        "IPN",
        "<game ",
        &["omaha"; 10],
        &[],
    ),
    (
        "ipoker/stud_tournament.xml",
        "IPN",
        "</game>",
        &["stud"; 12],
        &[],
    ),
    (
        "ipoker/stud_hilo.xml",
        "IPN",
        "</game>",
        &["stud-hilo"; 5],
        &[],
    ),
    (
        "ipoker/stud_one_line_declaration.xml",
        "IPN",
        "</game>",
        &["stud"; 2],
        &[],
    ),
    (
        "ipoker/omaha5_unnamed.xml",
        "IPN",
        "<game ",
        &["omaha"; 2],
        &[],
    ),
    (
        "bovada/ignition_holdem.txt",
        "BOV",
        "Ignition Hand",
        &["holdem"],
        &[],
    ),
    (
        "bovada/fixed_limit_old_format.txt",
        "BOV",
        "Bovada Hand",
        &["holdem"; 3],
        &[],
    ),
    (
        "bovada/ignition_tournament.txt",
        "BOV",
        "Ignition Hand",
        &["holdem"; 3],
        &[],
    ),
    (
        "merge/holdem_limit.xml",
        "MRG",
        "<game ",
        &["holdem"; 3],
        &[],
    ),
    ("merge/stud.xml", "MRG", "<game ", &["stud"], &[]),
    (
        "merge/triple_draw.xml",
        "MRG",
        "<game ",
        &["2-7-triple-draw"],
        &[],
    ),
    (
        "merge/horse_tournament.xml",
        "MRG",
        "<game ",
        &["holdem", "omaha-hilo", "razz", "stud", "stud-hilo"],
        &[],
    ),
    (
        "bovada/stud_tournament.txt",
        "BOV",
        "Bovada Hand",
        &["stud"; 4],
        &[],
    ),
    (
        "fulltilt/holdem.txt",
        "FTP",
        "Full Tilt Poker",
        &["holdem"],
        &[],
    ),
    (
        "fulltilt/triple_draw_27.txt",
        "FTP",
        "Full Tilt Poker",
        &["2-7-triple-draw"; 3],
        &[],
    ),
    (
        "bovada/zone_empty_summary.txt",
        "BOV",
        "Bovada Hand",
        &["holdem"; 3],
        &[],
    ),
    (
        "bovada/ignition_positions.txt",
        "BOV",
        "Ignition Hand",
        &["holdem"; 5],
        &[],
    ),
    (
        "wpn/older_layout_holdem.txt",
        "WPN",
        "Game started at",
        &["holdem"],
        &[],
    ),
    (
        "wpn/older_layout_tournament.txt",
        "WPN",
        "Game started at",
        &["holdem"],
        &[],
    ),
    (
        "wpn/older_layout_stud.txt",
        "WPN",
        "Game started at",
        &["stud"; 4],
        &[],
    ),
    (
        "wpn/caps_jackpot_fee.txt",
        "WPN",
        "Hand #",
        &["holdem"],
        &[],
    ),
    ("wpn/walk.txt", "WPN", "Hand #", &["holdem"], &[]),
    ("wpn/post_dead.txt", "WPN", "Hand #", &["holdem"], &[]),
    (
        "wpn/run_it_twice.txt",
        "WPN",
        "Hand #",
        &["omaha-hilo"],
        &[],
    ),
    (
        "partypoker/tournament_blinds_unwritten.txt",
        "PTY",
        "***** Hand History for Game",
        &["holdem"; 3],
        &[],
    ),
    (
        "partypoker/later_format.txt",
        "PTY",
        "***** Hand History For Game",
        &["holdem"],
        &[],
    ),
    (
        "partypoker/converted_statistics.txt",
        "PTY",
        "***** Hand History for Game",
        &["holdem"],
        &[],
    ),
    (
        "partypoker/omaha_hilo_halves.txt",
        "PTY",
        "***** Hand History for Game",
        &["omaha-hilo"],
        &[],
    ),
    (
        "betonline/board_in_summary.txt",
        "BOL",
        "BetOnline Poker",
        &["omaha"],
        &[],
    ),
    (
        "betonline/tournament.txt",
        "BOL",
        "BetOnline Poker",
        &["holdem"; 2],
        &[],
    ),
    (
        "betonline/cash.txt",
        "BOL",
        "BetOnline Poker",
        &["holdem"; 2],
        &[],
    ),
    ("rio/side_pots.txt", "RIO", "Run It Once", &["omaha"], &[]),
    ("rio/walk.txt", "RIO", "Run It Once", &["holdem"], &[]),
    (
        "winamax/rounded_total.txt",
        "WMX",
        "Winamax Poker",
        &["holdem"; 8],
        &[],
    ),
];

#[test]
fn every_hand_is_read_or_refused_by_name_with_the_files_totals() {
    for &(name, room, start, games, refused) in FILES {
        let bytes = data(name);
        assert_eq!(detect(&bytes).map(|d| d.room.code), Some(room), "{name}");
        let file = read_file(&bytes);
        let read: Vec<&RoomHand> = file.hands.iter().filter_map(|h| h.as_ref().ok()).collect();
        let causes: Vec<Cause> = file
            .hands
            .iter()
            .filter_map(|h| h.as_ref().err().map(|r| r.cause))
            .collect();
        let got: Vec<&str> = read.iter().map(|h| h.game).collect();
        assert_eq!(
            (got.as_slice(), causes.as_slice()),
            (games, refused),
            "{name}"
        );
        // None lost: every hand the file starts is read or refused.
        let started = file.hands.iter().filter(|h| {
            h.as_ref()
                .map_or_else(|r| r.cause != Cause::NoHand, |_| true)
        });
        assert_eq!(started.count(), starts(&bytes, start), "{name}");
        for hand in read {
            assert_eq!(hand.room, room);
            check_totals(hand).unwrap_or_else(|e| panic!("{name}, hand {}: {e}", hand.number));
            assert_eq!(hand.winnings.len(), hand.players.len());
            assert!(hand.stacks.iter().all(|&s| s > 0), "{name} {}", hand.number);
            // The record's PHH fields read back through the PHH reader, where PHH codes it.
            if let Some(code) = hand.code {
                let phh = phh_text(hand, code);
                let fields = read_fields(&phh).unwrap_or_else(|e| panic!("{name}: {e:?}\n{phh}"));
                let steps = read_steps(&fields)
                    .unwrap_or_else(|p| panic!("{name} {}: {}\n{phh}", hand.number, p.message));
                assert_eq!(steps.steps.len(), hand.steps.len());
            }
        }
    }
}

fn phh_text(hand: &RoomHand, code: &str) -> String {
    let list = |v: &[i64]| {
        let items: Vec<String> = v
            .iter()
            .map(|&x| pokerforge_core::rooms::money::decimal(x, hand.places))
            .collect();
        format!("[{}]", items.join(", "))
    };
    let actions: Vec<String> = hand
        .phh_actions()
        .iter()
        .map(|a| format!("'{a}'"))
        .collect();
    let mut text = format!(
        "variant = '{code}'\nantes = {}\nblinds_or_straddles = {}\nstarting_stacks = {}\n\
         actions = [{}]\nwinnings = {}\n",
        list(&hand.antes),
        list(&hand.blinds),
        list(&hand.stacks),
        actions.join(", "),
        list(&hand.winnings),
    );
    if let Some((small, big)) = hand.limits {
        text.push_str(&format!("small_bet = {small}\nbig_bet = {big}\n"));
    }
    text
}

#[test]
fn the_records_say_what_the_room_wrote() {
    let file = read_file(&data("pokerstars/stud_hilo.txt"));
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!(
        (hand.number.as_str(), hand.table.as_str()),
        ("35874487284", "Dawn II")
    );
    assert_eq!((hand.currency.as_str(), hand.places), ("$", 2));
    assert_eq!((hand.bring_in, hand.limits), (Some(2), Some((4, 8))));
    assert_eq!(hand.antes, [1, 1, 1, 1]);
    let actions = hand.phh_actions();
    assert_eq!(
        actions[..5],
        [
            "d dh p1 ????Kc",
            "d dh p2 ????7c",
            "d dh p3 5dKs2h",
            "d dh p4 ????3d",
            "p3 pb"
        ]
    );
    let ggpoker = read_file(&data("ggpoker/plo.txt"));
    let hand = ggpoker.hands[0].as_ref().unwrap();
    assert_eq!(
        (hand.number.as_str(), hand.hole_count, hand.code),
        ("OM190765880", 4, Some("PO"))
    );
    let tournament = read_file(&data("ggpoker/holdem_tournament.txt"));
    let hand = tournament.hands[0].as_ref().unwrap();
    assert!(hand.tournament.is_some() && hand.currency.is_empty() && hand.places == 0);
}

#[test]
fn hands_without_sections_or_cut_off_are_refused_by_name() {
    let text = data("pokerstars/stud_hilo.txt");
    let text = String::from_utf8_lossy(&text);
    let first: String = text.split("\n\n\n").next().unwrap().to_string();
    let bare: String = first
        .lines()
        .filter(|l| !l.starts_with("***"))
        .collect::<Vec<_>>()
        .join("\n");
    let file = read_file(bare.as_bytes());
    let refusal = file.hands[0].as_ref().unwrap_err();
    assert_eq!(refusal.cause, Cause::NoSections);
    assert_eq!(refusal.number.as_deref(), Some("35874487284"));
    let cut: String = first.lines().take(20).collect::<Vec<_>>().join("\n");
    let refusal = read_file(cut.as_bytes()).hands[0].clone().unwrap_err();
    assert_eq!(refusal.cause, Cause::CutOff);
    assert_eq!(
        refusal.to_string(),
        "hand 35874487284, from line 1: the hand is cut off before its summary's total pot"
    );
}

/// A hand in the words of PokerStars' Portuguese client (its fixed words as the client
/// writes them; players and amounts made up): read as the English client's.
const PORTUGUESE: &str = "Mão PokerStars #250000000001: Torneio #3900000001, $ 0.98+$ 0.12 USD \
Hold'em No Limit - Nível V (40/80) - 2025/07/22 10:10:49 ET
Mesa '3900000001 12' 9-max Lugar #3 é o botão
Lugar 1: Ana Lima (7835 em fichas)
Lugar 2: bruno (8377 em fichas)
Lugar 3: Caio (1789 em fichas)
Ana Lima: coloca ante 10
bruno: coloca ante 10
Caio: coloca ante 10
Ana Lima: paga o small blind 40
bruno: paga o big blind 80
*** CARTAS DA MÃO ***
Caio recebe [9d Qc]
Caio: aumenta 160 para 240
Ana Lima: desiste
bruno: iguala 160
*** FLOP *** [Ts 2c 9c]
bruno: passa
Caio: aposta 300
bruno: desiste
Aposta não-igualada (300) voltou para Caio
Caio recebeu 550 do pote
Caio: não mostra a mão
*** SUMÁRIO ***
Total pote 550 | comissão 0
Mesa [Ts 2c 9c]
Lugar 1: Ana Lima (small blind) desistiu antes Flop
Lugar 2: bruno (big blind) desistiu no Flop
Lugar 3: Caio (Botão) recebeu (550)
";

#[test]
fn translated_clients_are_read_in_their_words() {
    let found = detect(PORTUGUESE.as_bytes()).unwrap();
    assert_eq!((found.room.code, found.language), ("PS", "pt"));
    let file = read_file(PORTUGUESE.as_bytes());
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!(hand.language, "pt");
    assert_eq!(hand.tournament.as_deref(), Some("3900000001"));
    assert_eq!(
        (hand.table.as_str(), hand.button),
        ("3900000001 12", Some(3))
    );
    assert_eq!(hand.players, ["Ana Lima", "bruno", "Caio"]);
    assert_eq!(
        (hand.antes.clone(), hand.blinds.clone()),
        (vec![10; 3], vec![40, 80, 0])
    );
    assert_eq!(
        hand.phh_actions(),
        [
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 9dQc",
            "p3 cbr 240",
            "p1 f",
            "p2 cc",
            "d db Ts2c9c",
            "p2 cc",
            "p3 cbr 300",
            "p2 f"
        ]
    );
    assert_eq!(
        (hand.winnings.clone(), hand.total_pot),
        (vec![0, 0, 550], Some(550))
    );
    check_totals(hand).unwrap();
}

#[test]
fn ipoker_stud_is_read_street_by_street_with_its_bring_in_and_stakes() {
    let file = read_file(&data("ipoker/stud_tournament.xml"));
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!(
        (hand.number.as_str(), hand.tournament.as_deref()),
        ("4044858766", Some("699476041"))
    );
    // No stakes written: the completion to 60 shows the small bet; the bring-in is 15.
    assert_eq!((hand.limits, hand.bring_in), (Some((60, 120)), Some(15)));
    assert_eq!((hand.currency.as_str(), hand.button), ("", None));
    assert_eq!(hand.antes, [8; 6]);
    assert_eq!(hand.seats, [1, 2, 4, 7, 9, 10]); // seat order: stud has no button
    let actions = hand.phh_actions();
    // Dealt down, down, up (the player's own three known); the bring-in is action 7 of
    // the file though written last, and goes first.
    assert_eq!(
        actions[..9],
        [
            "d dh p1 ????Ad",
            "d dh p2 ????Jd",
            "d dh p3 2d4h8h",
            "d dh p4 ????Js",
            "d dh p5 ????6s",
            "d dh p6 ????4c",
            "p6 pb",
            "p1 cbr 60",
            "p2 f"
        ]
    );
    // The low card completed at once: the bring-in is the next hand's at the same ante.
    let completed = file.hands[10].as_ref().unwrap();
    assert_eq!(
        (completed.bring_in, completed.limits),
        (Some(20), Some((80, 160)))
    );
    assert!(!completed.phh_actions().iter().any(|a| a.ends_with(" pb")));
    // The room counts this raiser's ante twice (376); the next hand's stack shows 368.
    let raiser = file.hands[8].as_ref().unwrap();
    assert_eq!(
        (raiser.players[1].as_str(), raiser.put[1]),
        ("Player20", 368)
    );
    // Without the hand that shows it, a bring-in is refused by name, not guessed.
    let text = String::from_utf8(data("ipoker/stud_tournament.xml")).unwrap();
    let cut = text.find("<game gamecode=\"4044861112\"").unwrap();
    let alone = read_file(format!("{}</session>", &text[..cut]).as_bytes());
    let refused = alone.hands[10].as_ref().unwrap_err();
    assert_eq!(
        (refused.cause, refused.number.as_deref()),
        (Cause::Game, Some("4044860937"))
    );
    assert!(refused.message.contains("bring-in"), "{}", refused.message);

    let hilo = read_file(&data("ipoker/stud_hilo.xml"));
    let hand = hilo.hands[0].as_ref().unwrap();
    assert_eq!((hand.game, hand.currency.as_str()), ("stud-hilo", "€"));
    assert_eq!(
        (hand.limits, hand.bring_in, hand.places),
        (Some((5, 10)), Some(2), 2)
    );

    let omaha = read_file(&data("ipoker/omaha5_unnamed.xml"));
    let hand = omaha.hands[0].as_ref().unwrap();
    assert_eq!((hand.hole_count, hand.code), (5, Some("PO")));
}

#[test]
fn merge_and_bovada_stud_and_draw_are_read_street_by_street() {
    // Merge's stud: each player's cards so far written at the end of the round.
    let file = read_file(&data("merge/stud.xml"));
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!((hand.limits, hand.bring_in), (Some((50, 100)), Some(10)));
    // A cash game's balances are written before the antes (a tournament's, without a
    // layout version, after them): the stack is the balance.
    assert_eq!((hand.stacks[0], hand.antes[0]), (1580, 5));
    let actions = hand.phh_actions();
    assert_eq!(actions[6..8], ["d dh p4 4d3dQh", "p5 pb"]);
    assert!(actions.contains(&"d dh p5 ??".to_string())); // seventh street, face down
    assert_eq!(actions.last().unwrap(), "p6 sm JsJhTs7h8d6s3s");

    // Merge's triple draw: the player's own discards told from his hands before and after.
    let file = read_file(&data("merge/triple_draw.xml"));
    let hand = file.hands[0].as_ref().unwrap();
    let actions = hand.phh_actions();
    assert_eq!(
        actions[..8],
        [
            "d dh p1 QhTc4s6h7h",
            "d dh p2 ??????????",
            "p2 cbr 2",
            "p1 cc",
            "p1 sd QhTc",
            "p2 sd ??",
            "d dh p1 9d9c",
            "d dh p2 ??"
        ]
    );

    // A mixed table: each hand's game by its code; a stud tournament's stakes by its bets.
    let file = read_file(&data("merge/horse_tournament.xml"));
    let stud = file.hands[3].as_ref().unwrap();
    assert_eq!(
        (stud.game, stud.limits, stud.bring_in),
        ("stud", Some((100, 200)), Some(25))
    );
    assert_eq!(file.hands[0].as_ref().unwrap().code, Some("FT"));

    // Bovada's stud: seats named by number, no street lines, every card written.
    let file = read_file(&data("bovada/stud_tournament.txt"));
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!(hand.players[..2], ["Seat+1", "Seat+4 [ME]"]);
    assert_eq!((hand.limits, hand.bring_in), (Some((10, 20)), Some(5)));
    let actions = hand.phh_actions();
    assert_eq!(actions[6..8], ["p2 pb", "p3 cc"]);
    assert_eq!(actions[12..14], ["d dh p1 8s", "d dh p2 7d"]);
}

#[test]
fn ignition_tournament_seats_are_ordered_by_the_positions_named() {
    // Seats numbered by player, the button by a number no seat has: the players' names
    // (their positions) give the table's order.
    let text = "Ignition Hand #1: HOLDEM Tournament #9 TBL#1, Turbo- Level 1 (10/20) - 2021-04-11 15:03:32\n\
                Seat 21: UTG (1,000 in chips)\n\
                Seat 16: Dealer [ME] (1,000 in chips)\n\
                Seat 18: Small Blind (980 in chips)\n\
                Seat 5: Big Blind (1,000 in chips)\n\
                Dealer [ME] : Set dealer [6]\n\
                Small Blind : Small blind 10\n\
                Big Blind : Big blind 20\n\
                *** HOLE CARDS ***\n\
                UTG : Card dealt to a spot [Kd 3d]\n\
                Dealer [ME] : Card dealt to a spot [Js 2s]\n\
                Small Blind : Card dealt to a spot [Tc 5c]\n\
                Big Blind : Card dealt to a spot [Ah 8h]\n\
                UTG : Folds\n\
                Dealer [ME] : Raises 40 to 40\n\
                Small Blind : Folds\n\
                Big Blind : Folds\n\
                Dealer [ME] : Return uncalled portion of bet 20\n\
                Dealer [ME] : Hand Result 50\n\
                *** SUMMARY ***\n\
                Total Pot(50)\n";
    let file = read_file(text.as_bytes());
    let hand = file.hands[0].as_ref().unwrap();
    assert_eq!(
        hand.players,
        ["Small Blind", "Big Blind", "UTG", "Dealer [ME]"]
    );
    assert_eq!(
        (hand.button, hand.blinds.clone()),
        (Some(1), vec![10, 20, 0, 0])
    );
    check_totals(hand).unwrap();
    assert_eq!(
        hand.phh_actions()[4..],
        ["p3 f", "p4 cbr 40", "p1 f", "p2 f"]
    );
}

#[test]
fn full_tilt_antes_are_read() {
    let text = "Full Tilt Poker Game #7: Table T (6 max) - $0.50/$1 Ante $0.25 - No Limit 2-7 Single Draw - 19:44:24 ET - 2011/04/07\n\
                Seat 1: Ann ($110)\nSeat 5: Bob ($106)\n\
                Ann antes $0.25\nBob antes $0.25\n\
                Bob posts the small blind of $0.50\nAnn posts the big blind of $1\n\
                The button is in seat #5\n*** HOLE CARDS ***\n\
                Bob calls $0.50\nAnn checks\n*** DRAW *** (Pot: $2.50)\n\
                Ann discards 2 cards\nBob stands pat\nAnn is dealt 2 cards\n\
                Ann checks\nBob bets $1\nAnn folds\n\
                Uncalled bet of $1 returned to Bob\nBob wins the pot ($2.50)\n\
                *** SUMMARY ***\nTotal pot $2.50 | Rake $0\n";
    let file = read_file(text.as_bytes());
    let hand = file.hands[0].as_ref().unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(
        (hand.game, hand.antes.clone()),
        ("2-7-single-draw", vec![25, 25])
    );
    check_totals(hand).unwrap();
}
