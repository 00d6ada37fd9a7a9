//! Cards as a translated client writes them: 888's clients write ranks and suits in their
//! language (`Hc` the Dutch king of clubs, `Knh` the Swedish jack of hearts, `8Pik` the
//! German eight of spades, `7p` the Spanish seven of spades, `Âh` the Russian jack of
//! hearts in code page 1251 read as 1252), and their files say nothing of the language.
//! A hand's language is the first of [`CARD_WORDS`] under which every card it writes
//! reads, where they do not all read as cards already.

/// One language's words for ranks and suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardWords {
    /// The language, as a code (`"nl"`).
    pub language: &'static str,
    /// Its rank words beside the standard ranks (`("H", 'K')`), the longest first.
    pub ranks: &'static [(&'static str, char)],
    /// Its suit words (`("p", 's')`).
    pub suits: &'static [(&'static str, char)],
    /// Whether its suits replace the standard letters (Spanish: `c` is hearts), or are
    /// written beside them.
    pub own_suits: bool,
}

/// The translated clients' card words, in the order tried.
pub const CARD_WORDS: [CardWords; 5] = [
    // Picas, tréboles, corazones, diamantes.
    CardWords {
        language: "es",
        ranks: &[],
        suits: &[("p", 's'), ("t", 'c'), ("c", 'h'), ("d", 'd')],
        own_suits: true,
    },
    // Heer, vrouw, boer.
    CardWords {
        language: "nl",
        ranks: &[("H", 'K'), ("V", 'Q'), ("B", 'J')],
        suits: &[],
        own_suits: false,
    },
    // Kung, dam, knekt, ess.
    CardWords {
        language: "sv",
        ranks: &[("Kn", 'J'), ("D", 'Q'), ("E", 'A')],
        suits: &[],
        own_suits: false,
    },
    // Pik, Herz, Karo, Kreuz.
    CardWords {
        language: "de",
        ranks: &[],
        suits: &[("Pik", 's'), ("Herz", 'h'), ("Karo", 'd'), ("Kreuz", 'c')],
        own_suits: false,
    },
    // Валет, дама, король, туз: in Cyrillic, and as code page 1251's bytes read as 1252.
    CardWords {
        language: "ru",
        ranks: &[
            ("В", 'J'),
            ("Д", 'Q'),
            ("К", 'K'),
            ("Т", 'A'),
            ("Â", 'J'),
            ("Ä", 'Q'),
            ("Ê", 'K'),
            ("Ò", 'A'),
        ],
        suits: &[],
        own_suits: false,
    },
];

const RANKS: [(&str, char); 14] = [
    ("10", 'T'),
    ("2", '2'),
    ("3", '3'),
    ("4", '4'),
    ("5", '5'),
    ("6", '6'),
    ("7", '7'),
    ("8", '8'),
    ("9", '9'),
    ("T", 'T'),
    ("J", 'J'),
    ("Q", 'Q'),
    ("K", 'K'),
    ("A", 'A'),
];
const SUITS: [(&str, char); 4] = [("c", 'c'), ("d", 'd'), ("h", 'h'), ("s", 's')];

/// `word` read as a card in `words` (standard letters where `None`): its standard text.
fn card(word: &str, words: Option<&CardWords>) -> Option<String> {
    let extra_ranks = words.map_or(&[][..], |w| w.ranks);
    let rank = extra_ranks
        .iter()
        .chain(RANKS.iter())
        .find_map(|(w, r)| Some((*r, word.strip_prefix(w)?)));
    let (rank, suit) = rank?;
    let suits: &[(&str, char)] = match words {
        Some(w) if w.own_suits => w.suits,
        _ => &SUITS,
    };
    let extra_suits = words.filter(|w| !w.own_suits).map_or(&[][..], |w| w.suits);
    let suit = suits.iter().chain(extra_suits).find(|(w, _)| *w == suit)?.1;
    Some(format!("{rank}{suit}"))
}

/// The card words inside a line's brackets (`[ 7h, 8s ]`), commas dropped.
fn bracketed(line: &str) -> impl Iterator<Item = &str> {
    line.split('[')
        .skip(1)
        .filter_map(|part| part.split_once(']').map(|(inner, _)| inner))
        .flat_map(|inner| inner.split([',', ' ']))
        .filter(|w| !w.is_empty() && !matches!(*w, "X" | "XX" | "??" | "x"))
}

/// The card words of a hand whose lines are `lines` (the bracketed words of the lines
/// `holds` says hold cards): `None` where they all read as standard cards or no language
/// reads them all.
pub fn language<'a>(
    lines: impl Iterator<Item = &'a str> + Clone,
    holds: impl Fn(&str) -> bool + Copy,
) -> Option<&'static CardWords> {
    let words = || lines.clone().filter(move |l| holds(l)).flat_map(bracketed);
    if words().all(|w| card(w, None).is_some()) {
        return None;
    }
    CARD_WORDS
        .iter()
        .find(|cw| words().all(|w| card(w, Some(cw)).is_some()))
}

/// `line` with each bracketed card word written as a standard card.
pub fn translate(line: &str, words: &CardWords) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..open + close];
        let cards: Vec<String> = inner
            .split([',', ' '])
            .filter(|w| !w.is_empty())
            .map(|w| card(w, Some(words)).unwrap_or_else(|| w.to_string()))
            .collect();
        out.push(' ');
        out.push_str(&cards.join(" "));
        out.push_str(" ]");
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_clients_cards_read() {
        let lines = [
            "Dealt to Hero [ Hc, 8h, Td, 6h ]",
            "** Dealing turn ** [ Vs ]",
        ];
        let holds = |l: &str| l.contains('[');
        let nl = language(lines.iter().copied(), holds).unwrap();
        assert_eq!(nl.language, "nl");
        assert_eq!(translate(lines[0], nl), "Dealt to Hero [ Kc 8h Td 6h ]");
        let sv = ["Dealt to Hero [ Tc, Knh, 9h, 9c ]", "x [ Dd ]"];
        let sv = language(sv.iter().copied(), holds).unwrap();
        assert_eq!(
            (sv.language, card("Knh", Some(sv))),
            ("sv", Some("Jh".into()))
        );
        // Spanish: "c" is hearts once a hand is known to be Spanish.
        let es = ["Dealt to Hero [ 7p, 8t ]", "[ Kc, 2p ]"];
        let es = language(es.iter().copied(), holds).unwrap();
        assert_eq!(translate("[ Kc, 2p ]", es), "[ Kh 2s ]");
        let de = language(["[ 8Pik, QPik ]"].into_iter(), holds).unwrap();
        assert_eq!(translate("[ 8Pik, QPik ]", de), "[ 8s Qs ]");
        let ru = language(["[ 9s, Âh, 2s ]"].into_iter(), holds).unwrap();
        assert_eq!(translate("[ 9s, Âh, 2s ]", ru), "[ 9s Jh 2s ]");
        // Standard cards, or words no language reads: nothing to translate.
        assert!(language(["[ Ah, Kd ]"].into_iter(), holds).is_none());
        assert!(language(["[ Zz ]"].into_iter(), holds).is_none());
    }
}
