//! The words of each hand kind: what its hands are called, the categories they end in (best
//! first, as the odds of a game list them) and the description of one hand.
//!
//! Everything that names a hand in words (a showdown's records, the command's and the
//! service's evaluations and odds) reads it here, so a razz hand is a low
//! (`"8-6-5-3-2 low"`), a badugi a badugi (`"7-5-3-2 badugi"`), and a hi-lo hand that makes
//! no eight-or-better low says so (`"no low"`).

use super::HandKind;
use crate::error::{Error, Result};
use crate::eval::{
    A5LowRank, BadugiRank, Category, HandRank, Low27Rank, LowRank, ShortDeckOrder, ShortDeckRank,
};

use Category::{
    Flush, FourOfAKind, FullHouse, HighCard, Pair, Straight, StraightFlush, ThreeOfAKind, TwoPair,
};

/// A category with its name as a high hand (`"Full house"`).
const fn high(category: Category) -> (Category, &'static str) {
    (category, category.name())
}

/// The high hands' categories, best first.
const HIGH: [(Category, &str); 9] = [
    high(StraightFlush),
    high(FourOfAKind),
    high(FullHouse),
    high(Flush),
    high(Straight),
    high(ThreeOfAKind),
    high(TwoPair),
    high(Pair),
    high(HighCard),
];

/// Short deck's, best first: a flush above a full house, three of a kind above a straight
/// (rule 45, the default order).
const SHORT_DECK: [(Category, &str); 9] = [
    high(StraightFlush),
    high(FourOfAKind),
    high(Flush),
    high(FullHouse),
    high(ThreeOfAKind),
    high(Straight),
    high(TwoPair),
    high(Pair),
    high(HighCard),
];

/// Short deck's with a straight above three of a kind.
const SHORT_DECK_STRAIGHTS: [(Category, &str); 9] = [
    high(StraightFlush),
    high(FourOfAKind),
    high(Flush),
    high(FullHouse),
    high(Straight),
    high(ThreeOfAKind),
    high(TwoPair),
    high(Pair),
    high(HighCard),
];

/// A low with no pair: the made low (in 2-7 also no straight and no flush).
const NO_PAIR: (Category, &str) = (HighCard, "No pair");

/// The ace-to-five lows' shapes, best first: straights and flushes do not count.
const A5: [(Category, &str); 6] = [
    NO_PAIR,
    high(Pair),
    high(TwoPair),
    high(ThreeOfAKind),
    high(FullHouse),
    high(FourOfAKind),
];

/// The deuce-to-seven lows' shapes, best first: straights and flushes count against.
const DEUCE_7: [(Category, &str); 9] = [
    NO_PAIR,
    high(Pair),
    high(TwoPair),
    high(ThreeOfAKind),
    high(Straight),
    high(Flush),
    high(FullHouse),
    high(FourOfAKind),
    high(StraightFlush),
];

impl HandKind {
    /// Every hand kind, in the order of their codes.
    pub const ALL: [HandKind; 8] = [
        HandKind::High,
        HandKind::ShortDeckHigh,
        HandKind::OmahaHigh,
        HandKind::OmahaEight,
        HandKind::EightOrBetter,
        HandKind::A5Low,
        HandKind::Deuce7Low,
        HandKind::Badugi,
    ];

    /// The kind called `name` ([`HandKind::name`]), or `None`.
    pub fn named(name: &str) -> Option<HandKind> {
        HandKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The number of classes of the kind's ranking: a rank is 1 (the worst) to this (the
    /// best), and 0 a low that does not qualify where [`HandKind::may_not_qualify`].
    pub const fn classes(self) -> u16 {
        match self {
            HandKind::High | HandKind::OmahaHigh => 7462,
            HandKind::ShortDeckHigh => ShortDeckRank::CLASSES,
            HandKind::OmahaEight | HandKind::EightOrBetter => 56,
            HandKind::A5Low => 6175,
            HandKind::Deuce7Low => 7462,
            HandKind::Badugi => 1092,
        }
    }

    /// What a hand of the kind is called: `"high hand"`, `"eight-or-better low"`,
    /// `"ace-to-five low"`, `"deuce-to-seven low"` or `"badugi"`.
    pub const fn words(self) -> &'static str {
        match self {
            HandKind::High | HandKind::ShortDeckHigh | HandKind::OmahaHigh => "high hand",
            HandKind::OmahaEight | HandKind::EightOrBetter => "eight-or-better low",
            HandKind::A5Low => "ace-to-five low",
            HandKind::Deuce7Low => "deuce-to-seven low",
            HandKind::Badugi => "badugi",
        }
    }

    /// The categories a hand of the kind ends in, best first, each with its name in the
    /// kind's words: the high hands' nine (short deck's in its `order`), the lows' shapes
    /// (`"No pair"` the made low, then the pairs up; 2-7 also straights and flushes). The
    /// eight-or-better lows (five unpaired cards, always) and badugi (counted by its cards
    /// that play, [`crate::equity::draw::hand_labels`]) have none.
    ///
    /// ```
    /// use pokerforge_core::variant::HandKind;
    /// use pokerforge_core::{Category, ShortDeckOrder};
    /// let razz = HandKind::A5Low.categories(ShortDeckOrder::default());
    /// assert_eq!(razz[0], (Category::HighCard, "No pair"));
    /// assert_eq!(razz.len(), 6);
    /// let six = HandKind::ShortDeckHigh.categories(ShortDeckOrder::default());
    /// assert_eq!(six[2], (Category::Flush, "Flush"));
    /// ```
    pub const fn categories(self, order: ShortDeckOrder) -> &'static [(Category, &'static str)] {
        match (self, order) {
            (HandKind::High | HandKind::OmahaHigh, _) => &HIGH,
            (HandKind::ShortDeckHigh, ShortDeckOrder::TripsBeatStraight) => &SHORT_DECK,
            (HandKind::ShortDeckHigh, ShortDeckOrder::StraightBeatsTrips) => &SHORT_DECK_STRAIGHTS,
            (HandKind::A5Low, _) => &A5,
            (HandKind::Deuce7Low, _) => &DEUCE_7,
            (HandKind::OmahaEight | HandKind::EightOrBetter | HandKind::Badugi, _) => &[],
        }
    }
}

/// The hand of rank `rank` of `kind` (as [`super::rank`] gives it) in the kind's words:
/// `"Two pair, kings and nines"`, `"8-6-5-3-2 low"`, `"7-5-3-2 badugi"`, and `"no low"`
/// for a 0 of a low that may not qualify. `order` is short deck's.
///
/// # Errors
/// [`Error::InvalidSetting`] for a rank that is no class of the kind (0 where every hand
/// qualifies, or above [`HandKind::classes`]).
///
/// ```
/// use pokerforge_core::variant::{describe, HandKind};
/// use pokerforge_core::ShortDeckOrder;
/// let order = ShortDeckOrder::default();
/// assert_eq!(describe(HandKind::EightOrBetter, 0, order).unwrap(), "no low");
/// assert_eq!(describe(HandKind::High, 7462, order).unwrap(), "Royal flush");
/// assert_eq!(describe(HandKind::A5Low, 6175, order).unwrap(), "5-4-3-2-A low");
/// assert!(describe(HandKind::Badugi, 1093, order).is_err());
/// ```
pub fn describe(kind: HandKind, rank: u16, order: ShortDeckOrder) -> Result<String> {
    if rank == 0 && kind.may_not_qualify() {
        return Ok("no low".to_string());
    }
    let text = match kind {
        HandKind::High | HandKind::OmahaHigh => HandRank::new(rank).map(HandRank::describe),
        HandKind::ShortDeckHigh => ShortDeckRank::new(rank, order).map(ShortDeckRank::describe),
        HandKind::OmahaEight | HandKind::EightOrBetter => u8::try_from(rank)
            .ok()
            .and_then(LowRank::new)
            .map(LowRank::describe),
        HandKind::A5Low => A5LowRank::new(rank).map(A5LowRank::describe),
        HandKind::Deuce7Low => Low27Rank::new(rank).map(Low27Rank::describe),
        HandKind::Badugi => BadugiRank::new(rank).map(BadugiRank::describe),
    };
    text.ok_or_else(|| Error::InvalidSetting {
        name: "rank",
        value: rank.to_string(),
        expected: "a class of the hand kind, 1 up to its number of classes (0: no low, in \
                   an eight-or-better low)",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;
    use crate::variant::rank;

    fn words(kind: HandKind, cards: &str) -> String {
        let hand: CardSet = cards.parse().unwrap();
        let order = ShortDeckOrder::default();
        let class = rank(kind, hand, CardSet::EMPTY, order).unwrap();
        describe(kind, class, order).unwrap()
    }

    #[test]
    fn each_kind_describes_known_hands_in_its_words() {
        assert_eq!(
            words(HandKind::High, "KsKh9c9d2h"),
            "Two pair, kings and nines"
        );
        assert_eq!(
            words(HandKind::ShortDeckHigh, "As9h8d7c6s"),
            "Straight, nine high"
        );
        assert_eq!(words(HandKind::A5Low, "8h6d5c3s2hKsKd"), "8-6-5-3-2 low");
        assert_eq!(
            words(HandKind::EightOrBetter, "8h6d5c3s2hKsKd"),
            "8-6-5-3-2 low"
        );
        assert_eq!(words(HandKind::EightOrBetter, "9h6d5c3s2hKsKd"), "no low");
        assert_eq!(words(HandKind::Deuce7Low, "8h6d5c3s2h"), "8-6-5-3-2 low");
        assert_eq!(words(HandKind::Badugi, "7h5d3c2s"), "7-5-3-2 badugi");
        assert_eq!(words(HandKind::Badugi, "7h5d3c2c"), "7-5-2 (three cards)");
    }

    #[test]
    fn every_class_of_every_kind_has_words_and_no_other_does() {
        let order = ShortDeckOrder::default();
        for kind in HandKind::ALL {
            for class in 1..=kind.classes() {
                assert!(describe(kind, class, order).is_ok(), "{kind:?} {class}");
            }
            assert!(
                describe(kind, kind.classes() + 1, order).is_err(),
                "{kind:?}"
            );
            assert_eq!(describe(kind, 0, order).is_ok(), kind.may_not_qualify());
            assert_eq!(HandKind::named(kind.name()), Some(kind));
        }
    }

    #[test]
    fn categories_are_distinct_and_in_the_kinds_order() {
        for kind in HandKind::ALL {
            for order in [
                ShortDeckOrder::TripsBeatStraight,
                ShortDeckOrder::StraightBeatsTrips,
            ] {
                let list = kind.categories(order);
                let mut seen: Vec<_> = list.iter().map(|(c, _)| *c).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), list.len(), "{kind:?}");
            }
        }
        let order = ShortDeckOrder::StraightBeatsTrips;
        let six = HandKind::ShortDeckHigh.categories(order);
        assert_eq!((six[4].0, six[5].0), (Straight, ThreeOfAKind));
        assert_eq!(HandKind::High.categories(order)[8], (HighCard, "High card"));
    }
}
