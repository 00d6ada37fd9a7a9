//! Who is dealt in and in what order, and the forced bets as PHH writes them: antes, the
//! blinds and straddles by position, and the other posts as `(player, live, dead)`.

/// A forced bet as the seats section writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Post {
    Ante,
    Small,
    Big,
    /// `posts small & big blinds`: a big blind live and the small blind dead.
    Both,
    Straddle,
    /// 6+ Hold'em's button blind.
    Button,
    /// A bet posted dead (not counted toward the player's call).
    Dead,
}

/// The antes, blinds and posts of a hand, players in PHH order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forced {
    pub antes: Vec<i64>,
    pub blinds: Vec<i64>,
    pub posts: Vec<(usize, i64, i64)>,
}

/// The forced bets from the posts `(kind, player, units)` of `n` players in PHH order,
/// the blinds at the stakes `stakes` where the first line gives them (a short stack posts
/// less all-in; fixed-limit: the big blind is the small bet, `fixed`).
///
/// # Errors
/// A message when no big blind is posted where a blind game needs one, or a straddle is
/// posted out of its place.
pub fn forced(
    posts: &[(Post, usize, i64)],
    n: usize,
    stakes: Option<(i64, i64)>,
    fixed: Option<i64>,
    blind_game: bool,
) -> Result<Forced, String> {
    let mut antes = vec![0; n];
    for &(kind, who, x) in posts {
        if kind == Post::Ante {
            antes[who] += x;
        }
    }
    let big_at_heads_up = 0;
    if n > 2 && antes.iter().filter(|&&a| a > 0).count() == 1 && antes[1] > 0 {
        // A big-blind ante: the big blind antes for the table.
    } else if let Some(&most) = antes.iter().max() {
        if most > 0 {
            // A player short of the whole ante posts what he has: PHH lists the full ante.
            antes = vec![most; n];
        }
    }
    let mut button = vec![0; n];
    for &(kind, who, x) in posts {
        if kind == Post::Button {
            let _ = who;
            button[n - 1] += x; // the button is the last player in PHH's order
        }
    }
    let others: Vec<(Post, usize, i64)> = posts
        .iter()
        .copied()
        .filter(|p| !matches!(p.0, Post::Ante | Post::Button))
        .collect();
    if !blind_game {
        if let Some(p) = others.first() {
            return Err(format!(
                "player {} posts a blind in a game without blinds",
                p.1 + 1
            ));
        }
        return Ok(Forced {
            antes,
            blinds: vec![0; n],
            posts: Vec::new(),
        });
    }
    if button[n - 1] > 0 && others.iter().all(|p| p.0 == Post::Straddle) {
        // 6+ Hold'em's button blind: a straddle by the button is his whole blind (GGPoker
        // writes a straddle as the poster's total); one by another seat moves the order of
        // play to the straddler's left, which 6+ Hold'em's rules have no place for.
        for &(_, who, x) in &others {
            if who != n - 1 {
                return Err(format!(
                    "player {} straddles a button blind from another seat than the button's \
                     (pokerforge plays 6+ Hold'em with the button blind alone)",
                    who + 1
                ));
            }
            button[n - 1] = button[n - 1].max(x);
        }
        return Ok(Forced {
            antes,
            blinds: button,
            posts: Vec::new(),
        });
    }
    if others.is_empty() && antes.iter().any(|&a| a > 0) {
        // An ante-only game.
        return Ok(Forced {
            antes,
            blinds: button,
            posts: Vec::new(),
        });
    }
    let small_at = usize::from(n == 2);
    let small = others
        .iter()
        .position(|p| p.0 == Post::Small && p.1 == small_at);
    let big_at = if n == 2 || small.is_none() {
        big_at_heads_up
    } else {
        1
    };
    let big = others
        .iter()
        .position(|p| p.0 == Post::Big && p.1 == big_at);
    let Some(big) = big.filter(|_| n > 2 || small.is_some()) else {
        return Err("the big blind is not posted left of the small blind".to_string());
    };
    let posted_small = small.map_or(0, |s| others[s].2);
    let (sb, bb) = match (stakes, fixed) {
        (_, Some(small_bet)) => (posted_small, small_bet),
        (Some(stakes), None) => stakes,
        (None, None) => (posted_small, others[big].2),
    };
    let mut blinds = vec![0; n];
    if n == 2 {
        blinds[0] = sb;
        blinds[1] = bb;
    } else if small.is_none() {
        blinds[0] = bb; // a dead small blind: the big blind is the first seat
    } else {
        blinds[0] = sb;
        blinds[1] = bb;
    }
    let mut extra: Vec<(usize, i64, i64)> = Vec::new();
    for (i, &(kind, who, x)) in others.iter().enumerate() {
        if Some(i) == small || i == big {
            continue;
        }
        if kind == Post::Straddle && n > 2 && small.is_some() && (who == 1 || who == 2) {
            // A straddle is its poster's whole blind (GGPoker writes a re-straddle, and
            // the big blind's own straddle, as the total): the big blind's raises his
            // blind, the first seat's after him is the straddle.
            blinds[who] = blinds[who].max(x);
            continue;
        }
        if kind == Post::Straddle {
            return Err(format!(
                "player {} straddles from a seat other than the one left of the big blind \
                 (a button or later straddle moves the order of play, which the rules \
                 pokerforge plays have no place for)",
                who + 1
            ));
        }
        let at = match extra.iter().position(|e| e.0 == who) {
            Some(at) => at,
            None => {
                extra.push((who, 0, 0));
                extra.len() - 1
            }
        };
        let entry = &mut extra[at];
        match kind {
            Post::Big => entry.1 += x,
            Post::Small | Post::Dead => entry.2 += x,
            Post::Both => {
                entry.1 += bb.min(x);
                entry.2 += x - bb.min(x);
            }
            _ => {
                return Err(format!(
                    "player {} posts a straddle out of its place",
                    who + 1
                ))
            }
        }
    }
    extra.sort_unstable();
    Ok(Forced {
        antes,
        blinds,
        posts: extra,
    })
}

/// The players dealt in: the seats' indices in PHH order, clockwise from the first seat
/// after the button (no button: from the first seat). `seats` are `(seat, in the hand)`.
pub fn order(seats: &[(u32, bool)], button: Option<u32>) -> Vec<usize> {
    let mut dealt: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].1).collect();
    dealt.sort_by_key(|&i| seats[i].0); // PartyPoker lists its seats in any order
    let first = button
        .and_then(|b| dealt.iter().position(|&i| seats[i].0 > b))
        .unwrap_or(0);
    dealt[first..]
        .iter()
        .chain(&dealt[..first])
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blinds_by_position() {
        let posts = [
            (Post::Small, 0, 50),
            (Post::Big, 1, 100),
            (Post::Straddle, 2, 200),
        ];
        let f = forced(&posts, 4, Some((50, 100)), None, true).unwrap();
        assert_eq!(f.blinds, [50, 100, 200, 0]);
        let posts = [(Post::Small, 1, 50), (Post::Big, 0, 100)];
        let f = forced(&posts, 2, None, None, true).unwrap();
        assert_eq!(f.blinds, [50, 100]);
        assert!(forced(&posts[..1], 2, None, None, true).is_err());
        let posts = [
            (Post::Small, 0, 50),
            (Post::Big, 1, 100),
            (Post::Both, 3, 150),
        ];
        let f = forced(&posts, 5, Some((50, 100)), None, true).unwrap();
        assert_eq!(f.posts, [(3, 100, 50)]);
        assert_eq!(
            order(&[(1, true), (3, true), (5, false), (6, true)], Some(3)),
            [3, 0, 1]
        );
    }

    #[test]
    fn a_straddle_is_its_posters_whole_blind() {
        // GGPoker: the big blind straddles himself to 100; a re-straddle is the total.
        let posts = [
            (Post::Small, 0, 25),
            (Post::Big, 1, 50),
            (Post::Straddle, 1, 100),
        ];
        let f = forced(&posts, 3, Some((25, 50)), None, true).unwrap();
        assert_eq!(f.blinds, [25, 100, 0]);
        let posts = [
            (Post::Small, 0, 10),
            (Post::Big, 1, 25),
            (Post::Straddle, 2, 50),
            (Post::Straddle, 2, 1535),
        ];
        let f = forced(&posts, 3, Some((10, 25)), None, true).unwrap();
        assert_eq!(f.blinds, [10, 25, 1535]);
        // A button straddle moves the order of play: refused by name.
        let posts = [
            (Post::Small, 0, 5),
            (Post::Big, 1, 10),
            (Post::Straddle, 5, 20),
        ];
        let err = forced(&posts, 6, Some((5, 10)), None, true).unwrap_err();
        assert!(err.starts_with("player 6 straddles from a seat other than"));
        // 6+ Hold'em: the button's straddle raises his button blind; another's is refused.
        let posts = [
            (Post::Ante, 0, 2),
            (Post::Button, 3, 2),
            (Post::Straddle, 3, 4),
            (Post::Straddle, 3, 8),
        ];
        let f = forced(&posts, 4, None, None, true).unwrap();
        assert_eq!((f.antes, f.blinds), (vec![2; 4], vec![0, 0, 0, 8]));
        let posts = [
            (Post::Ante, 0, 2),
            (Post::Button, 3, 2),
            (Post::Straddle, 2, 4),
        ];
        assert!(forced(&posts, 4, None, None, true).is_err());
    }
}
