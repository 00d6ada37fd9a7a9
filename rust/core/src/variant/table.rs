//! The rows of the variant table (docs/rules.md gives each game's rules with sources).

use super::BetSize::{Big, Small};
use super::Game;
use super::Opener::{AfterBlinds, BestShowing, BringIn, LeftOfButton};
use super::Structure::{FixedLimit, NoLimit, PotLimit};
use super::{Forced, HandKind, Street, Structure, Variant};

const fn street(
    name: &'static str,
    burn: u8,
    (down, up, board): (u8, u8, u8),
    draw: bool,
    bet: super::BetSize,
    opener: super::Opener,
) -> Street {
    Street {
        name,
        burn,
        down,
        up,
        board,
        draw,
        bet,
        opener,
    }
}

/// Hold'em and Omaha (rules 1-10): `hole` cards, then a flop of three, a turn and a
/// river, each after a burn; the small bet pre-flop and on the flop, the big bet after.
const fn board_streets(hole: u8) -> [Street; 4] {
    [
        street("preflop", 0, (hole, 0, 0), false, Small, AfterBlinds),
        street("flop", 1, (0, 0, 3), false, Small, LeftOfButton),
        street("turn", 1, (0, 0, 1), false, Big, LeftOfButton),
        street("river", 1, (0, 0, 1), false, Big, LeftOfButton),
    ]
}

const HOLDEM: [Street; 4] = board_streets(2);
const OMAHA: [Street; 4] = board_streets(4);
const OMAHA5: [Street; 4] = board_streets(5);

/// Courchevel: five hole cards and the first board card before the first round, then the
/// flop's two other cards, the turn and the river, each after a burn.
const COURCHEVEL: [Street; 4] = [
    street("preflop", 0, (5, 0, 1), false, Small, AfterBlinds),
    street("flop", 1, (0, 0, 2), false, Small, LeftOfButton),
    street("turn", 1, (0, 0, 1), false, Big, LeftOfButton),
    street("river", 1, (0, 0, 1), false, Big, LeftOfButton),
];

/// The stud family (rules 36-41): two down and one up, three more up and one down, a burn
/// before each later street; small bets on third and fourth street, big bets after.
const STUD: [Street; 5] = [
    street("third street", 0, (2, 1, 0), false, Small, BringIn),
    street("fourth street", 1, (0, 1, 0), false, Small, BestShowing),
    street("fifth street", 1, (0, 1, 0), false, Big, BestShowing),
    street("sixth street", 1, (0, 1, 0), false, Big, BestShowing),
    street("seventh street", 1, (1, 0, 0), false, Big, BestShowing),
];

/// Single draw (rules 47-48): five cards, a round, a draw, a round at the big bet.
const SINGLE_DRAW: [Street; 2] = [
    street("predraw", 0, (5, 0, 0), false, Small, AfterBlinds),
    street("first draw", 0, (0, 0, 0), true, Big, LeftOfButton),
];

/// Triple draw (rules 47-48): three draws; the small bet before and after the first, the
/// big bet after the second and the third.
const TRIPLE_DRAW: [Street; 4] = [
    street("predraw", 0, (5, 0, 0), false, Small, AfterBlinds),
    street("first draw", 0, (0, 0, 0), true, Small, LeftOfButton),
    street("second draw", 0, (0, 0, 0), true, Big, LeftOfButton),
    street("third draw", 0, (0, 0, 0), true, Big, LeftOfButton),
];

/// Badugi: triple draw with four cards (rule 47).
const BADUGI: [Street; 4] = [
    street("predraw", 0, (4, 0, 0), false, Small, AfterBlinds),
    street("first draw", 0, (0, 0, 0), true, Small, LeftOfButton),
    street("second draw", 0, (0, 0, 0), true, Big, LeftOfButton),
    street("third draw", 0, (0, 0, 0), true, Big, LeftOfButton),
];

const ALL: &[Structure] = &[NoLimit, PotLimit, FixedLimit];

/// What the board games share (rules 1-35): blinds (a straddle allowed), dealt by seat from
/// the full deck, odd chips by seat, up to ten players. Each row names what differs.
const BOARD_GAME: Variant = Variant {
    game: Game::Holdem,
    name: "",
    display: "",
    aliases: &[],
    deck: 52,
    hole_cards: &[2],
    streets: &HOLDEM,
    forced: Forced::Blinds,
    button_blind: false,
    straddle: true,
    structures: ALL,
    high: Some(HandKind::High),
    low: None,
    showing_high: true,
    open_pair: false,
    odd_chip_by_cards: false,
    max_players: 10,
    phh: &[],
    pokerstars: "",
};

/// What the stud family shares (rules 36-42): antes and a bring-in, fixed-limit, no
/// straddle, eight players, odd chips by the cards.
const STUD_GAME: Variant = Variant {
    hole_cards: &[7],
    streets: &STUD,
    forced: Forced::BringIn,
    straddle: false,
    structures: &[FixedLimit],
    odd_chip_by_cards: true,
    max_players: 8,
    ..BOARD_GAME
};

/// What the draw games share (rules 47-52): blinds, no straddle; nine players of five
/// cards each (the stub must cover a player drawing all five, rule 50).
const DRAW_GAME: Variant = Variant {
    hole_cards: &[5],
    straddle: false,
    high: None,
    max_players: 9,
    ..BOARD_GAME
};

/// Every game, in the order of [`Game`]'s codes. PHH codes: the standard's (NT, FT, PO,
/// FO/8, F7S, F7S/8, FR, NS, N2L1D, F2L3D, FB) first where it has one, then pokerforge's of
/// the same shape for the other structures.
pub static VARIANTS: [Variant; 15] = [
    Variant {
        game: Game::Holdem,
        name: "holdem",
        display: "Hold'em",
        aliases: &["hold'em", "texas-holdem"],
        phh: &[(NoLimit, "NT"), (FixedLimit, "FT"), (PotLimit, "PT")],
        pokerstars: "Hold'em",
        ..BOARD_GAME
    },
    Variant {
        game: Game::Omaha,
        name: "omaha",
        display: "Omaha",
        aliases: &["plo"],
        hole_cards: &[4, 5, 6],
        streets: &OMAHA,
        structures: &[PotLimit, NoLimit, FixedLimit],
        high: Some(HandKind::OmahaHigh),
        phh: &[(PotLimit, "PO"), (NoLimit, "NO"), (FixedLimit, "FO")],
        pokerstars: "Omaha",
        ..BOARD_GAME
    },
    Variant {
        game: Game::OmahaHiLo,
        name: "omaha-hilo",
        display: "Omaha Hi-Lo",
        aliases: &["omaha-hi-lo", "omaha8", "plo8"],
        hole_cards: &[4, 5, 6],
        streets: &OMAHA,
        structures: &[FixedLimit, PotLimit, NoLimit],
        high: Some(HandKind::OmahaHigh),
        low: Some(HandKind::OmahaEight),
        phh: &[(FixedLimit, "FO/8"), (NoLimit, "NO/8"), (PotLimit, "PO/8")],
        pokerstars: "Omaha Hi/Lo",
        ..BOARD_GAME
    },
    Variant {
        game: Game::Stud,
        name: "stud",
        display: "Seven-card stud",
        aliases: &["seven-card-stud", "7-card-stud", "7-stud", "stud-hi", "f7s"],
        // Rule 39: seven-card stud high's alone.
        open_pair: true,
        phh: &[(FixedLimit, "F7S")],
        pokerstars: "7 Card Stud",
        ..STUD_GAME
    },
    Variant {
        game: Game::StudHiLo,
        name: "stud-hilo",
        display: "Seven-card stud hi-lo",
        aliases: &[
            "stud-hi-lo",
            "stud8",
            "stud-8",
            "seven-card-stud-hi-lo",
            "7-card-stud-hi-lo",
            "f7s/8",
        ],
        low: Some(HandKind::EightOrBetter),
        phh: &[(FixedLimit, "F7S/8")],
        pokerstars: "7 Card Stud Hi/Lo",
        ..STUD_GAME
    },
    Variant {
        game: Game::Razz,
        name: "razz",
        display: "Razz",
        aliases: &["seven-card-razz", "fr"],
        high: None,
        low: Some(HandKind::A5Low),
        showing_high: false,
        phh: &[(FixedLimit, "FR")],
        pokerstars: "Razz",
        ..STUD_GAME
    },
    Variant {
        game: Game::ShortDeck,
        name: "short-deck",
        display: "Short-deck Hold'em",
        aliases: &[
            "shortdeck",
            "short-deck-holdem",
            "6+",
            "6-plus",
            "6+-holdem",
            "six-plus",
            "six-plus-holdem",
            "ns",
        ],
        // Rule 43: the 36 cards from six to ace hold ten players' hole cards, the board
        // and the burns.
        deck: 36,
        button_blind: true,
        high: Some(HandKind::ShortDeckHigh),
        phh: &[(NoLimit, "NS"), (PotLimit, "PS"), (FixedLimit, "FS")],
        pokerstars: "6+ Hold'em",
        ..BOARD_GAME
    },
    Variant {
        game: Game::Deuce7SingleDraw,
        name: "2-7-single-draw",
        display: "Deuce-to-seven single draw",
        aliases: &[
            "n2l1d",
            "2-7-draw",
            "deuce-to-seven-single-draw",
            "kansas-city-lowball",
            "2-7-single",
        ],
        streets: &SINGLE_DRAW,
        low: Some(HandKind::Deuce7Low),
        phh: &[
            (NoLimit, "N2L1D"),
            (PotLimit, "P2L1D"),
            (FixedLimit, "F2L1D"),
        ],
        pokerstars: "Single Draw 2-7 Lowball",
        ..DRAW_GAME
    },
    Variant {
        game: Game::Deuce7TripleDraw,
        name: "2-7-triple-draw",
        display: "Deuce-to-seven triple draw",
        aliases: &[
            "f2l3d",
            "deuce-to-seven-triple-draw",
            "2-7-triple",
            "2-7-td",
        ],
        streets: &TRIPLE_DRAW,
        low: Some(HandKind::Deuce7Low),
        phh: &[
            (FixedLimit, "F2L3D"),
            (NoLimit, "N2L3D"),
            (PotLimit, "P2L3D"),
        ],
        pokerstars: "Triple Draw 2-7 Lowball",
        ..DRAW_GAME
    },
    Variant {
        game: Game::A5TripleDraw,
        name: "a-5-triple-draw",
        display: "Ace-to-five triple draw",
        aliases: &["a-5-triple", "ace-to-five-triple-draw", "a5-triple-draw"],
        streets: &TRIPLE_DRAW,
        low: Some(HandKind::A5Low),
        phh: &[
            (NoLimit, "NAL3D"),
            (PotLimit, "PAL3D"),
            (FixedLimit, "FAL3D"),
        ],
        pokerstars: "Triple Draw A-5 Lowball",
        ..DRAW_GAME
    },
    Variant {
        game: Game::Badugi,
        name: "badugi",
        display: "Badugi",
        aliases: &["fb"],
        hole_cards: &[4],
        streets: &BADUGI,
        low: Some(HandKind::Badugi),
        // Four cards each: ten players leave the stub enough for a full draw (rule 50).
        max_players: 10,
        phh: &[(FixedLimit, "FB"), (NoLimit, "NB"), (PotLimit, "PB")],
        pokerstars: "Badugi",
        ..DRAW_GAME
    },
    Variant {
        game: Game::FiveCardDraw,
        name: "five-card-draw",
        display: "Five-card draw",
        aliases: &["5-card-draw", "draw", "draw-high"],
        streets: &SINGLE_DRAW,
        high: Some(HandKind::High),
        phh: &[(NoLimit, "N5D"), (PotLimit, "P5D"), (FixedLimit, "F5D")],
        pokerstars: "5 Card Draw",
        ..DRAW_GAME
    },
    Variant {
        game: Game::Courchevel,
        name: "courchevel",
        display: "Courchevel",
        aliases: &["5-card-omaha-courchevel"],
        hole_cards: &[5],
        streets: &COURCHEVEL,
        structures: &[PotLimit, NoLimit, FixedLimit],
        high: Some(HandKind::OmahaHigh),
        // Five cards each, five board cards and three burns: eight players.
        max_players: 8,
        phh: &[(PotLimit, "PC"), (NoLimit, "NC"), (FixedLimit, "FC")],
        pokerstars: "Courchevel",
        ..BOARD_GAME
    },
    Variant {
        game: Game::BigO,
        name: "big-o",
        display: "Big O",
        aliases: &["5-card-omaha-hilo", "5-card-omaha-hi-lo", "plo8-5"],
        hole_cards: &[5],
        streets: &OMAHA5,
        structures: &[PotLimit, FixedLimit, NoLimit],
        high: Some(HandKind::OmahaHigh),
        low: Some(HandKind::OmahaEight),
        max_players: 8,
        phh: &[(PotLimit, "PBO"), (FixedLimit, "FBO"), (NoLimit, "NBO")],
        pokerstars: "5 Card Omaha Hi/Lo",
        ..BOARD_GAME
    },
    Variant {
        game: Game::CourchevelHiLo,
        name: "courchevel-hilo",
        display: "Courchevel Hi-Lo",
        aliases: &["courchevel-hi-lo", "courchevel8"],
        hole_cards: &[5],
        streets: &COURCHEVEL,
        structures: &[PotLimit, NoLimit, FixedLimit],
        high: Some(HandKind::OmahaHigh),
        low: Some(HandKind::OmahaEight),
        max_players: 8,
        phh: &[(PotLimit, "PC/8"), (NoLimit, "NC/8"), (FixedLimit, "FC/8")],
        pokerstars: "Courchevel Hi/Lo",
        ..BOARD_GAME
    },
];
