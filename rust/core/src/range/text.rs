//! The canonical text form of a [`Range`]: its `Display`, written as runs of whole classes
//! (`QQ+`, `A2s-A5s`, `AK`) and then single combos, which parses back to the same range.

use std::fmt;

use super::{Class, Combo, Kind, Range, COMBOS};

impl fmt::Display for Range {
    /// The canonical text: pairs from the top (`QQ+`, `99-77`), then for each first rank from
    /// the top the suited and offsuit runs (`A2s+`, `K9o-K7o`, or `AK` where both kinds are
    /// whole), then the remaining single combos; a weight other than 1 follows as `:0.5`;
    /// `random:0` for a range of no hand. Parsing this text gives back the same range.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let mut covered = [false; COMBOS];
        let w = &self.weights;
        let pairs: Vec<Class> = (0..13u8)
            .rev()
            .map(|r| Class {
                high: r,
                low: r,
                kind: Kind::Pair,
            })
            .collect();
        runs(w, &mut covered, &pairs, &mut parts);
        for high in (1..13u8).rev() {
            let both: Vec<Class> = (0..high)
                .rev()
                .map(|low| Class {
                    high,
                    low,
                    kind: Kind::Any,
                })
                .collect();
            runs(w, &mut covered, &both, &mut parts);
            for kind in [Kind::Suited, Kind::Offsuit] {
                let classes: Vec<Class> = both.iter().map(|c| Class { kind, ..*c }).collect();
                runs(w, &mut covered, &classes, &mut parts);
            }
        }
        for (i, &w) in self.weights.iter().enumerate().rev() {
            if w > 0.0 && !covered[i] {
                if let Some(combo) = Combo::from_index(i) {
                    parts.push(with_weight(combo.to_string(), w));
                }
            }
        }
        if parts.is_empty() {
            // No hand: a text that parses to no hand (the empty text is no range), so
            // that every range's text, an empty one's too, parses back to it.
            return f.write_str("random:0");
        }
        f.write_str(&parts.join(", "))
    }
}

/// The weight of `class` when all its combos share one weight above 0 and none is
/// written yet.
fn class_weight(weights: &[f64; COMBOS], covered: &[bool; COMBOS], class: Class) -> Option<f64> {
    let mut weight = None;
    for combo in class.combos() {
        let w = weights[combo.index()];
        if w <= 0.0 || covered[combo.index()] || weight.is_some_and(|x| x != w) {
            return None;
        }
        weight = Some(w);
    }
    weight
}

/// Writes the runs of whole classes of one weight among `classes`, ordered from the best
/// down and starting at the best possible one (so a run from it is written with `+`).
fn runs(
    weights: &[f64; COMBOS],
    covered: &mut [bool; COMBOS],
    classes: &[Class],
    parts: &mut Vec<String>,
) {
    let mut i = 0;
    while i < classes.len() {
        let Some(w) = class_weight(weights, covered, classes[i]) else {
            i += 1;
            continue;
        };
        let mut j = i;
        while j + 1 < classes.len() && class_weight(weights, covered, classes[j + 1]) == Some(w) {
            j += 1;
        }
        let text = if i == j {
            classes[i].text()
        } else if i == 0 {
            format!("{}+", classes[j].text())
        } else {
            format!("{}-{}", classes[i].text(), classes[j].text())
        };
        parts.push(with_weight(text, w));
        for class in &classes[i..=j] {
            for combo in class.combos() {
                covered[combo.index()] = true;
            }
        }
        i = j + 1;
    }
}

fn with_weight(text: String, weight: f64) -> String {
    if weight == 1.0 {
        text
    } else {
        format!("{text}:{weight}")
    }
}
