//! Where a street begins in a hand that writes no line for its board (Bovada's files of
//! 2012 give the board in the summary alone): the betting round is over when every
//! player who can still bet has acted since the last bet or raise and matched it; an
//! action after that begins the next street.

/// The betting round so far, per seat.
#[derive(Debug, Clone, Default)]
pub struct Round {
    /// Acted on this street since the last bet or raise.
    acted: Vec<bool>,
    /// Put in on the streets before this one (and antes).
    before: Vec<i64>,
    /// Whether any player acted on this street.
    any: bool,
}

impl Round {
    /// A seat more.
    pub fn seat(&mut self) {
        self.acted.push(false);
        self.before.push(0);
    }

    /// An ante (or other chips put in outside the street's betting).
    pub fn ante(&mut self, who: usize, chips: i64) {
        if let Some(b) = self.before.get_mut(who) {
            *b += chips;
        }
    }

    /// A new street: what each put in on the last (`street_in`) is carried.
    pub fn street(&mut self, street_in: &[i64]) {
        for (b, x) in self.before.iter_mut().zip(street_in) {
            *b += x;
        }
        self.acted.iter_mut().for_each(|a| *a = false);
        self.any = false;
    }

    /// Whether `who`, of starting stack `stacks[who]`, has put it all in (`street_in` what
    /// each put in on this street).
    fn all_in(&self, who: usize, stacks: &[i64], street_in: &[i64]) -> bool {
        let before = self.before.get(who).copied().unwrap_or(0);
        let stack = stacks.get(who).copied().unwrap_or(0);
        stack > 0 && before.saturating_add(street_in.get(who).copied().unwrap_or(0)) >= stack
    }

    /// Whether no betting is left for `who`: he is all-in, or every other player still in
    /// (`still`: who is dealt in, who folded) is.
    pub fn none_left(
        &self,
        who: usize,
        stacks: &[i64],
        street_in: &[i64],
        still: (&[bool], &[bool]),
    ) -> bool {
        let (dealt, folded) = still;
        let others = (0..dealt.len().min(folded.len()))
            .filter(|&p| p != who && dealt[p] && !folded[p])
            .all(|p| self.all_in(p, stacks, street_in));
        self.all_in(who, stacks, street_in) || others
    }

    /// `who` acted; a bet or raise (`raised`) reopens the betting to the others.
    pub fn act(&mut self, who: usize, raised: bool) {
        if raised {
            self.acted.iter_mut().for_each(|a| *a = false);
        }
        if let Some(a) = self.acted.get_mut(who) {
            *a = true;
        }
        self.any = true;
    }

    /// What `who` put in before this street (and antes).
    pub fn before(&self, who: usize) -> i64 {
        self.before.get(who).copied().unwrap_or(0)
    }

    /// Whether the round is over: two players or more still contest the pot, and each
    /// who has chips left acted and matched the most put in this street. `dealt` are the
    /// seats dealt in, `folded` those out, `stacks` the starting stacks.
    pub fn over(&self, dealt: &[bool], folded: &[bool], stacks: &[i64], street_in: &[i64]) -> bool {
        let seats = self.acted.len().min(dealt.len()).min(folded.len());
        let seats = seats.min(stacks.len()).min(street_in.len());
        let live: Vec<usize> = (0..seats).filter(|&p| dealt[p] && !folded[p]).collect();
        let level = live.iter().map(|&p| street_in[p]).max().unwrap_or(0);
        self.any
            && live.len() >= 2
            && live.iter().all(|&p| {
                let all_in = self.before[p] + street_in[p] >= stacks[p];
                all_in || (self.acted[p] && street_in[p] == level)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_is_over_when_all_have_matched_the_last_raise() {
        let mut r = Round::default();
        (0..3).for_each(|_| r.seat());
        let dealt = [true; 3];
        let stacks = [100, 100, 100];
        // Blinds 1 and 2 posted: not over before the big blind acts.
        r.act(2, false); // the button calls 2
        r.act(0, false); // the small blind completes
        assert!(!r.over(&dealt, &[false; 3], &stacks, &[2, 2, 2]));
        r.act(1, false); // the big blind checks
        assert!(r.over(&dealt, &[false; 3], &stacks, &[2, 2, 2]));
        // Next street: a bet reopens it; the caller closes it.
        r.street(&[2, 2, 2]);
        r.act(0, true);
        assert!(!r.over(&dealt, &[false; 3], &stacks, &[4, 0, 0]));
        r.act(1, false);
        r.act(2, false);
        assert!(r.over(&dealt, &[false; 3], &stacks, &[4, 4, 4]));
        // A player all in for less need not match.
        r.street(&[4, 4, 4]);
        r.act(0, true);
        r.act(1, false);
        assert!(r.over(&dealt, &[false, false, true], &[100, 10, 100], &[50, 4, 0]));
    }
}
