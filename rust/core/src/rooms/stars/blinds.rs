//! The blinds a PokerStars hand leaves unwritten or writes out of their places: a player
//! whose ante took his whole stack posts no blind line, and a heads-up table just shrunk
//! from three may name the big blind's seat the button.

use super::super::forced::Post;
use super::super::table::Deal;
use super::Reader;

impl Reader {
    /// The blind a player all in on his ante (`posts the ante 11 and is all-in`) has
    /// nothing left to post, which the room writes no line for: posted all-in for nothing,
    /// short of the stakes. His is the small blind heads-up where he has the button, else
    /// the big blind where he is the first seat in the hand after the small blind.
    pub(super) fn blinds_of_nothing(&mut self) {
        if self.head.deal == Deal::Stud {
            return;
        }
        let posted = |kind: Post| self.posts.iter().find(|p| p.0 == kind).map(|p| p.1);
        let mut in_hand: Vec<usize> = (0..self.seats.len())
            .filter(|&i| !self.seats[i].3 && self.seats[i].2 > 0 || self.acting[i])
            .collect();
        in_hand.sort_by_key(|&i| self.seats[i].0);
        let (kind, who) = match (posted(Post::Small), posted(Post::Big), &in_hand[..]) {
            (None, Some(big), &[a, b]) => (Post::Small, if big == a { b } else { a }),
            (Some(small), None, _) if in_hand.len() > 2 => {
                let Some(at) = in_hand.iter().position(|&i| i == small) else {
                    return;
                };
                (Post::Big, in_hand[(at + 1) % in_hand.len()])
            }
            _ => return,
        };
        let ante: i64 = (self.posts.iter())
            .filter(|p| p.0 == Post::Ante && p.1 == who)
            .map(|p| p.2)
            .sum();
        let only_antes = self.posts.iter().all(|p| p.1 != who || p.0 == Post::Ante);
        let button = self.button == Some(self.seats[who].0);
        if ante > 0 && only_antes && ante >= self.seats[who].2 && (kind == Post::Big || button) {
            self.posts.push((kind, who, 0));
            self.short_blind = true;
        }
    }

    /// Heads-up, the button written on the seat that posts the big blind (a table just
    /// shrunk to two; the small blind acts first before the flop, as the button does
    /// heads-up): the button is the small blind's seat.
    pub(super) fn heads_up_button(&mut self) {
        let posted = |kind: Post| self.posts.iter().find(|p| p.0 == kind).map(|p| p.1);
        let (Some(small), Some(big)) = (posted(Post::Small), posted(Post::Big)) else {
            return;
        };
        let in_hand = (0..self.seats.len())
            .filter(|&i| !self.seats[i].3 && self.seats[i].2 > 0 || self.acting[i])
            .count();
        if in_hand == 2 && self.head.deal != Deal::Stud && self.button == Some(self.seats[big].0) {
            self.button = Some(self.seats[small].0);
        }
    }
}
