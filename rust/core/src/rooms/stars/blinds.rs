//! The forced bets of a PokerStars-layout hand: the posts as each room writes them, and
//! the blinds a hand leaves unwritten or writes out of their places: a player whose ante
//! took his whole stack posts no blind line, and a heads-up table just shrunk from three
//! may name the big blind's seat the button.

use super::super::forced::Post;
use super::super::record::Cause;
use super::super::table::Deal;
use super::super::words::{amount, fault, Fault};
use super::Reader;

/// A row's word for both blinds posted at once whose written amount is not what was put
/// in (the stakes' two blinds are).
const BOTH_AS_WRITTEN: &str = "both blinds, written ";

impl Reader {
    pub(super) fn post(&mut self, who: usize, rest: &str) -> Result<(), Fault> {
        let rest = rest.strip_prefix("the ").unwrap_or(rest);
        const KINDS: [(&str, Post); 11] = [
            (BOTH_AS_WRITTEN, Post::Both),
            ("small & big blinds", Post::Both),
            ("small blind", Post::Small),
            ("big blind", Post::Big),
            ("ante", Post::Ante),
            ("a straddle", Post::Straddle),
            ("straddle", Post::Straddle),
            ("button blind", Post::Button),
            ("dead blind", Post::Dead),
            ("missed blind", Post::Dead),
            ("dead", Post::Dead),
        ];
        let Some((kind, after)) = KINDS
            .iter()
            .find_map(|(word, kind)| Some((*kind, rest.strip_prefix(word)?)))
        else {
            return fault(
                Cause::Blinds,
                format!("{rest:?} is not a forced bet pokerforge knows"),
            );
        };
        if self.acted {
            return fault(Cause::Blinds, "a blind posted after the betting began");
        }
        if kind == Post::Big && self.head.deal == Deal::Stud {
            // Bovada writes its bring-in as a big blind ("Big blind/Bring in 5").
            return self.act(
                who,
                &format!("brings in for {}", after.trim_start_matches([' ', ':'])),
            );
        }
        let x = match (rest.starts_with(BOTH_AS_WRITTEN), self.head.stakes) {
            // Both blinds written as the big blind, or as 0 (BetOnline's `post dead`):
            // the stakes' two blinds, the big live (the totals it states count both).
            (true, Some((small, big))) => small.saturating_add(big),
            (true, None) => return fault(Cause::Blinds, "both blinds posted at no stakes"),
            _ => amount(after.trim_start_matches([' ', ':']))?,
        };
        if kind == Post::Ante && x == 0 {
            return Ok(()); // an ante of nothing (BetOnline's `ante processed 0.00`)
        }
        let small = self
            .posts
            .iter()
            .position(|p| p.0 == Post::Small && p.1 == who);
        if let (Post::Big, Some(at)) = (kind, small) {
            // Both blinds posted one after the other (Winamax: "posts small blind 3€ out of
            // position", then "posts big blind 0€ out of position"): the big blind live,
            // the rest dead.
            self.posts[at] = (Post::Both, who, self.posts[at].2.saturating_add(x));
            self.street_in[who] = self.street_in[who].saturating_add(x);
            return Ok(());
        }
        // A second big blind larger than the first (PokerMaster's `posts big blind $8`
        // after `$4`): a straddle.
        let larger = |p: &(Post, usize, i64)| p.0 == Post::Big && p.1 != who && p.2 < x;
        let kind = if kind == Post::Big && self.posts.iter().any(larger) {
            Post::Straddle
        } else {
            kind
        };
        if kind == Post::Straddle {
            // A straddle is written as its poster's total (GGPoker's re-straddles).
            self.street_in[who] = self.street_in[who].max(x);
        } else if rest.starts_with(BOTH_AS_WRITTEN) {
            self.street_in[who] += self.head.stakes.map_or(x, |s| s.1);
        } else if matches!(kind, Post::Small | Post::Big | Post::Both) {
            self.street_in[who] += x;
        }
        self.short_blind |= matches!(kind, Post::Small | Post::Big) && after.contains("all-in");
        if matches!(kind, Post::Ante | Post::Dead) {
            self.round.ante(who, x);
        }
        self.posts.push((kind, who, x));
        self.acting[who] = true;
        Ok(())
    }

    /// An all-in written as a bet before the cards are dealt (Bovada: `Big Blind : All-in
    /// 237`): the forced bet the player could not post in full, an ante where the antes
    /// are being posted, else the blind his seat's position or the posts so far make his.
    pub(super) fn forced_all_in(&mut self, who: usize, x: &str) -> Result<(), Fault> {
        let posted = |kind: Post| self.posts.iter().any(|p| p.0 == kind);
        let name = self.seats[who].1.trim_end_matches(" [ME]");
        let kind = if self.posts.last().is_some_and(|p| p.0 == Post::Ante)
            && !self.posts.iter().any(|p| p.0 == Post::Ante && p.1 == who)
        {
            "ante"
        } else if name == "Small Blind" || (name != "Big Blind" && !posted(Post::Small)) {
            "small blind"
        } else {
            "big blind"
        };
        let big_blind_all_in = kind == "ante" && name == "Big Blind";
        self.post(who, &format!("{kind} {} all-in", x.trim()))?;
        if big_blind_all_in && amount(x)? == self.seats[who].2 {
            // All in on his ante, the big blind posts his blind all-in for nothing.
            self.post(who, "big blind 0 all-in")?;
        }
        Ok(())
    }

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
