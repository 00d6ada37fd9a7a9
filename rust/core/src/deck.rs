//! A shuffled deck: seeded shuffling, dealing, burning and dead cards.

use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Cards in dealing order; the next card dealt is `cards[next]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
    next: usize,
}

impl Deck {
    /// All 52 cards, shuffled by `seed` (the same seed always gives the same order).
    pub fn shuffled(seed: u64) -> Deck {
        Deck::shuffled_without(CardSet::EMPTY, seed)
    }

    /// The cards not in `dead`, shuffled by `seed`.
    pub fn shuffled_without(dead: CardSet, seed: u64) -> Deck {
        let mut cards: Vec<Card> = (!dead).iter().collect();
        let mut rng = Rng::new(seed);
        // Fisher-Yates from the top; `below` is unbiased.
        for i in (1..cards.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        Deck { cards, next: 0 }
    }

    /// A deck that deals exactly `cards`, in this order (replays and tests).
    ///
    /// # Errors
    /// [`Error::DuplicateCard`] when a card repeats.
    pub fn from_cards(cards: Vec<Card>) -> Result<Deck> {
        CardSet::from_cards(cards.iter().copied())?;
        Ok(Deck { cards, next: 0 })
    }

    /// Deals the next `n` cards.
    ///
    /// # Errors
    /// [`Error::DeckExhausted`] when fewer than `n` are left; nothing is dealt then.
    pub fn deal(&mut self, n: usize) -> Result<&[Card]> {
        let left = self.remaining();
        if n > left {
            return Err(Error::DeckExhausted { wanted: n, left });
        }
        let start = self.next;
        self.next += n;
        Ok(&self.cards[start..self.next])
    }

    /// Deals one card face down, out of play.
    ///
    /// # Errors
    /// [`Error::DeckExhausted`] on an empty deck.
    pub fn burn(&mut self) -> Result<Card> {
        Ok(self.deal(1)?[0])
    }

    /// How many cards are left to deal.
    pub fn remaining(&self) -> usize {
        self.cards.len() - self.next
    }

    /// The cards left, in dealing order.
    pub fn undealt(&self) -> &[Card] {
        &self.cards[self.next..]
    }

    /// The cards dealt so far, in dealing order.
    pub fn dealt(&self) -> &[Card] {
        &self.cards[..self.next]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_fixes_the_order() {
        let a = Deck::shuffled(1);
        assert_eq!(a, Deck::shuffled(1));
        assert_ne!(a, Deck::shuffled(2));
        assert_eq!(
            CardSet::from_cards(a.undealt().iter().copied()).unwrap(),
            CardSet::FULL
        );
    }

    #[test]
    fn dealing_and_dead_cards() {
        let dead: CardSet = "AhKh".parse().unwrap();
        let mut deck = Deck::shuffled_without(dead, 9);
        assert_eq!(deck.remaining(), 50);
        let hand = deck.deal(2).unwrap().to_vec();
        assert!(hand.iter().all(|c| !dead.contains(*c)));
        deck.burn().unwrap();
        assert_eq!(deck.remaining(), 47);
        assert_eq!(
            deck.deal(48),
            Err(Error::DeckExhausted {
                wanted: 48,
                left: 47
            })
        );
        assert_eq!(deck.remaining(), 47);
    }

    #[test]
    fn from_cards_deals_in_order() {
        let cards = CardSet::parse_cards("AsKsQs").unwrap();
        let mut deck = Deck::from_cards(cards.clone()).unwrap();
        assert_eq!(deck.deal(3).unwrap(), &cards[..]);
        assert!(Deck::from_cards(CardSet::parse_cards("As").unwrap().repeat(2)).is_err());
    }
}
