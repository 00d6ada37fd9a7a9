//! The range syntax: combo counts of every form, weights, canonical text, and every error
//! with its position.

use pokerforge_core::range::{Combo, Range, COMBOS};
use pokerforge_core::Error;

fn count(text: &str) -> usize {
    Range::parse(text).unwrap().len()
}

#[test]
fn combo_index_round_trips() {
    for i in 0..COMBOS {
        assert_eq!(Combo::from_index(i).unwrap().index(), i);
    }
    assert!(Combo::from_index(COMBOS).is_none());
}

#[test]
fn class_counts() {
    assert_eq!(count("AA"), 6);
    assert_eq!(count("AKs"), 4);
    assert_eq!(count("AKo"), 12);
    assert_eq!(count("AK"), 16);
    assert_eq!(count("KA"), 16);
    assert_eq!(count("QQ+"), 18);
    assert_eq!(count("A2s+"), 48);
    assert_eq!(count("KTo+"), 36);
    assert_eq!(count("A5s-A2s"), 16);
    assert_eq!(count("A2s-A5s"), 16);
    assert_eq!(count("22-77"), 36);
    assert_eq!(count("77-22"), 36);
    assert_eq!(count("AhKh"), 1);
    assert_eq!(count("random"), 1326);
    assert_eq!(count("*"), 1326);
    assert_eq!(count("Any"), 1326);
    assert_eq!(count("22+"), 78);
    assert_eq!(count("32+"), 16);
    assert_eq!(count("AK, AKs"), 16);
    // Connectors and gappers, in either order and of every kind.
    assert_eq!(count("T9s-54s"), 6 * 4);
    assert_eq!(count("54s-T9s"), 6 * 4);
    assert_eq!(count("J9o-53o"), 7 * 12);
    assert_eq!(count("KQ-32"), 11 * 16);
    assert_eq!(count("AKs-QJs"), 3 * 4);
    assert_eq!(
        Range::parse("T9s-54s").unwrap(),
        Range::parse("T9s, 98s, 87s, 76s, 65s, 54s").unwrap()
    );
    assert_eq!(
        Range::parse("J9o-53o").unwrap(),
        Range::parse("J9o, T8o, 97o, 86o, 75o, 64o, 53o").unwrap()
    );
}

#[test]
fn shares_of_hands_by_the_pre_flop_ordering() {
    assert_eq!(count("100%"), 1326);
    assert_eq!(
        Range::parse("5%").unwrap(),
        Range::parse("77+, AK, AQs-AJs").unwrap()
    );
    assert_eq!(Range::parse("0.3%").unwrap(), Range::parse("AA").unwrap());
    // A share is an item like any other: weighted, combined, named again.
    let r = Range::parse("10%:0.5, AA").unwrap();
    let aa = Combo::new("Ah".parse().unwrap(), "Ad".parse().unwrap()).unwrap();
    let kk = Combo::new("Kh".parse().unwrap(), "Kd".parse().unwrap()).unwrap();
    assert_eq!((r.weight(aa), r.weight(kk)), (1.0, 0.5));
    // Shares nest: each wider share holds the narrower one.
    let mut last = Range::empty();
    for percent in 1..=100 {
        let wider = Range::parse(&format!("{percent}%")).unwrap();
        assert!(
            last.iter().all(|(c, _)| wider.weight(c) == 1.0),
            "{percent}%"
        );
        assert!(wider.len() >= last.len());
        last = wider;
    }
}

#[test]
fn whitespace_and_case() {
    let a = Range::parse("QQ+, AKs, A5s-A2s").unwrap();
    assert_eq!(a, Range::parse("  qq + ,aks,a5s - a2s ").unwrap());
    assert_eq!(a, Range::parse("QQ+,AKS,A5S-A2S").unwrap());
    assert_eq!(Range::parse("10s9s").unwrap().to_string(), "Ts9s");
    assert_eq!(Range::parse("AsKs").unwrap().len(), 1);
    assert_eq!(Range::parse("ahkh").unwrap().to_string(), "AhKh");
}

#[test]
fn weights() {
    let r = Range::parse("0.5(JJ), AKs:0.25, 0.5 (TT, 99:0.5)").unwrap();
    let jj = Combo::new("Jh".parse().unwrap(), "Jd".parse().unwrap()).unwrap();
    let aks = Combo::new("Ah".parse().unwrap(), "Kh".parse().unwrap()).unwrap();
    let nn = Combo::new("9h".parse().unwrap(), "9d".parse().unwrap()).unwrap();
    assert_eq!(r.weight(jj), 0.5);
    assert_eq!(r.weight(aks), 0.25);
    assert_eq!(r.weight(nn), 0.25);
    assert_eq!(r.len(), 6 + 4 + 6 + 6);
    assert_eq!(r.total_weight(), 3.0 + 1.0 + 3.0 + 1.5);
    // Later wins; weight 0 removes.
    assert_eq!(count("AA, AhAs:0"), 5);
    assert_eq!(count("1(AA)"), 6);
    assert_eq!(count(".5(AA)"), 6);
}

#[test]
fn canonical_text_round_trips() {
    for text in [
        "QQ+, AKs, A5s-A2s",
        "AA, 77-22, AK, KTo+, Q9s-Q6s",
        "0.5(JJ), AKs:0.25, AhKh",
        "random",
        "AA, AhAs:0",
        "K2s+, 33",
    ] {
        let r = Range::parse(text).unwrap();
        let canonical = r.to_string();
        assert_eq!(
            Range::parse(&canonical).unwrap(),
            r,
            "{text} -> {canonical}"
        );
    }
    assert_eq!(Range::parse("AA, KK, QQ").unwrap().to_string(), "QQ+");
    assert_eq!(Range::parse("a2s-a5s").unwrap().to_string(), "A5s-A2s");
    assert_eq!(Range::parse("22-77").unwrap().to_string(), "77-22");
    assert_eq!(Range::parse("AKs, AKo").unwrap().to_string(), "AK");
    assert_eq!(Range::parse("KQs, KJs").unwrap().to_string(), "KJs+");
    assert_eq!(Range::parse("JJ:0.5").unwrap().to_string(), "JJ:0.5");
    assert_eq!(
        Range::parse("AA, AsAh:0").unwrap().to_string(),
        "AsAd, AsAc, AhAd, AhAc, AdAc"
    );
}

fn error_at(text: &str) -> (usize, String) {
    match Range::parse(text) {
        Err(Error::InvalidRange {
            text: t,
            position,
            reason,
        }) => {
            assert_eq!(t, text);
            (position, reason)
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn every_error_names_its_position() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "empty"),
        ("   ", 0, "empty"),
        ("AK+x", 3, "expected ','"),
        ("XX", 0, "expected a rank"),
        ("A", 1, "expected a rank"),
        ("AKs,", 4, "expected a rank"),
        ("AA,,KK", 3, "expected a rank"),
        ("AAs", 2, "pair cannot be suited"),
        ("AAo", 2, "pair cannot be suited"),
        ("AhK", 3, "expected a suit"),
        ("AhAh", 2, "same card twice"),
        ("AKs-QTs", 4, "share their first rank"),
        ("AKs-QTs", 4, "or the gap between their ranks"),
        ("0%", 0, "not above 0 and at most 100"),
        ("100.5%", 0, "not above 0 and at most 100"),
        ("1..5%", 0, "not a number"),
        ("AA, 0.1%", 4, "less than half of the top hand's combos"),
        ("AKs-A2o", 4, "same kind"),
        ("22-A2s", 3, "same kind"),
        ("JJ:2", 3, "not between 0 and 1"),
        ("JJ:", 3, "expected a weight"),
        ("2(JJ)", 0, "not between 0 and 1"),
        ("0.5(JJ", 6, "missing ')'"),
        ("0.5()", 4, "empty brackets"),
        ("1..5(JJ)", 0, "not a number"),
        ("AA KK", 3, "expected ','"),
        ("AA)", 2, "expected ','"),
        ("AK-", 3, "expected a rank"),
    ];
    for &(text, position, reason) in cases {
        let (p, r) = error_at(text);
        assert_eq!(p, position, "{text}: {r}");
        assert!(r.contains(reason), "{text}: {r}");
        let message = Range::parse(text).unwrap_err().to_string();
        assert!(
            message.contains(&format!("position {position}")),
            "{message}"
        );
    }
}

#[test]
fn without_removes_dead_cards() {
    let r = Range::parse("AA").unwrap();
    assert_eq!(r.without("Ah".parse().unwrap()).len(), 3);
    assert_eq!(r.without("AhAs".parse().unwrap()).len(), 1);
}

/// Issue 27: every bracket was one more recursive call, so 17,000 of them overflowed the
/// stack (a crash, not an error).
#[test]
fn brackets_nested_past_the_limit_are_an_error_not_a_crash() {
    use pokerforge_core::range::MAX_DEPTH;
    let deep = format!("{}AA{}", "1(".repeat(17_000), ")".repeat(17_000));
    match Range::parse(&deep) {
        Err(Error::RangeLimit {
            start,
            chars,
            limit,
            position,
        }) => {
            assert_eq!(chars, deep.len());
            assert!(
                start.starts_with("1(1(") && start.ends_with("..."),
                "{start}"
            );
            assert_eq!(limit, format!("brackets nested more than {MAX_DEPTH} deep"));
            // The bracket one past the limit: two characters per level.
            assert_eq!(position, 2 * MAX_DEPTH);
        }
        other => panic!("{other:?}"),
    }
    let message = Range::parse(&deep).unwrap_err().to_string();
    assert!(message.contains("more than 32 deep") && message.contains("position 64"));
    // At the limit it still parses, with the weights multiplied.
    let at = format!("{}AA{}", "1(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(Range::parse(&at).unwrap().len(), 6);
    let halves = format!("{}AA{}", "0.5(".repeat(3), ")".repeat(3));
    let range = Range::parse(&halves).unwrap();
    assert_eq!(range.total_weight(), 6.0 * 0.125);
}

#[test]
fn text_past_the_length_limit_is_refused_and_every_canonical_text_fits() {
    use pokerforge_core::range::MAX_CHARS;
    let long = "AA, ".repeat(MAX_CHARS / 4) + "KK";
    match Range::parse(&long) {
        Err(Error::RangeLimit {
            chars, position, ..
        }) => {
            assert_eq!((chars, position), (long.len(), MAX_CHARS));
        }
        other => panic!("{other:?}"),
    }
    // The longest canonical text: every combo alone with the longest weight written.
    let mut range = Range::empty();
    for i in 0..COMBOS {
        // Subnormal weights: the longest texts `Display` writes (over 300 digits).
        let weight = f64::from_bits(if i % 2 == 0 { 0x0000_1234_5678_9abc } else { 1 });
        range
            .set_weight(Combo::from_index(i).unwrap(), weight)
            .unwrap();
    }
    let text = range.to_string();
    assert!(text.len() < MAX_CHARS / 4, "{}", text.len());
    assert_eq!(Range::parse(&text).unwrap(), range);
}

/// Found by the fuzz target: a range of no hand printed as the empty text, which is no
/// range, so it did not parse back (nor pickle, in Python).
#[test]
fn a_range_of_no_hand_prints_as_a_text_that_parses_back() {
    for text in ["AA:0", "0(KK, AKs)", "random:0", "AhKh, AhKh:0"] {
        let range = Range::parse(text).unwrap();
        assert!(range.is_empty());
        assert_eq!(range.to_string(), "random:0");
        assert_eq!(Range::parse(&range.to_string()).unwrap(), range);
    }
}

/// Every combo at once (`*`, `random`, `any`) is set as a fill of the weights; named again,
/// a combo still takes the later weight, before or after such an item.
#[test]
fn every_combo_at_once_keeps_the_later_weight() {
    let range = Range::parse("AA, *:0.5, KK, 0.5(any), QQ:0.25").unwrap();
    let weight = |a: &str, b: &str| {
        range.weight(Combo::new(a.parse().unwrap(), b.parse().unwrap()).unwrap())
    };
    assert_eq!(weight("As", "Ah"), 0.5);
    assert_eq!(weight("Ks", "Kh"), 0.5);
    assert_eq!(weight("Qs", "Qh"), 0.25);
    assert_eq!(weight("7c", "2d"), 0.5);
    assert_eq!(Range::parse("random, AhKh:0").unwrap().len(), 1325);
    assert_eq!(Range::parse("0(*)").unwrap().len(), 0);
    let many = format!("{}*", "*,".repeat(100_000));
    assert_eq!(Range::parse(&many).unwrap(), Range::random());
}
