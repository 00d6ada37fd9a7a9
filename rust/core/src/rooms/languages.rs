//! The words of the rooms' translated clients, each with the English client's: a hand a
//! translated client wrote is read as the English one's once its fixed words are
//! replaced, line by line (data, in the order given; names are left alone where the
//! words carry the separators around them).

/// `(language, [(the client's words, the English client's)])`.
pub type Words = (&'static str, &'static [(&'static str, &'static str)]);

/// Every translated client's words.
pub const LANGUAGES: [Words; 1] = [(
    // PokerStars' Portuguese client ("Mão PokerStars #...").
    "pt",
    &[
        ("Torneio #", "Tournament #"),
        (" - Nível ", " - Level "),
        ("Mesa '", "Table '"),
        (" Lugar #", " Seat #"),
        (" é o botão", " is the button"),
        ("Lugar ", "Seat "),
        (" em fichas)", " in chips)"),
        (" está sit out", " is sitting out"),
        (": coloca ante ", ": posts the ante "),
        (": paga o small blind ", ": posts small blind "),
        (": paga o big blind ", ": posts big blind "),
        ("*** CARTAS DA MÃO ***", "*** HOLE CARDS ***"),
        ("*** SUMÁRIO ***", "*** SUMMARY ***"),
        (" recebe [", " is dealt ["),
        (": desiste", ": folds"),
        (": passa", ": checks"),
        (": iguala ", ": calls "),
        (": aposta ", ": bets "),
        (": aumenta ", ": raises "),
        (" e está all-in", " and is all-in"),
        ("Aposta não-igualada (", "Uncalled bet ("),
        (") voltou para ", ") returned to "),
        (" recebeu ", " collected "),
        (" do pote", " from pot"),
        ("Total pote ", "Total pot "),
        ("| comissão ", "| Rake "),
        // "aumenta 160 para 240": after "voltou para" above.
        (" para ", " to "),
    ],
)];

/// The words of `language`'s client (none for English).
pub fn words(language: &str) -> &'static [(&'static str, &'static str)] {
    LANGUAGES
        .iter()
        .find(|(code, _)| *code == language)
        .map_or(&[], |(_, words)| *words)
}

/// `line` in the English client's words (`words` from [`words`]), borrowed when none
/// apply.
pub fn english<'a>(line: &'a str, words: &[(&str, &str)]) -> std::borrow::Cow<'a, str> {
    let mut text = std::borrow::Cow::Borrowed(line);
    for (from, to) in words {
        if text.contains(from) {
            text = std::borrow::Cow::Owned(text.replace(from, to));
        }
    }
    text
}
