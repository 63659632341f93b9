//! The prose lists of a chessvariants-style document: setup lines such as
//! `• a1, m1 Lance (fRbW2) -> White Horse (fBvR)` and promotion lines such as
//! `• Water Buffalo -> Fire Demon`.

use crate::geometry::Square;

/// One setup line of the prose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProseSetup {
    /// 1-based line in the document.
    pub(crate) line: usize,
    /// The squares as written (`a1, m1`, `a5-p5`).
    pub(crate) squares_text: String,
    pub(crate) name: String,
    /// The bracketed text after the name: an XBetza string, or a description.
    pub(crate) bracket: Option<String>,
    pub(crate) promotes_to: Option<String>,
    pub(crate) promoted_bracket: Option<String>,
}

/// One `A -> B` promotion line without squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProsePromotion {
    pub(crate) line: usize,
    pub(crate) from: String,
    pub(crate) to: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProseLists {
    pub(crate) setup: Vec<ProseSetup>,
    pub(crate) promotions: Vec<ProsePromotion>,
}

/// Finds the list lines of the document.
pub(crate) fn parse_prose(text: &str) -> ProseLists {
    let mut lists = ProseLists::default();
    for (i, raw) in text.lines().enumerate() {
        let Some(item) = raw.trim().strip_prefix('•') else { continue };
        let item = item.trim();
        if let Some(s) = setup_line(item, i + 1) {
            lists.setup.push(s);
        } else if let Some((from, to)) = split_promotion(item) {
            let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-');
            if plain(from) && plain(to) {
                lists.promotions.push(ProsePromotion { line: i + 1, from: from.to_string(), to: to.to_string() });
            }
        }
    }
    lists
}

/// `A -> B`, or `A - B` where the dash stands between two names.
fn split_promotion(item: &str) -> Option<(&str, &str)> {
    item.split_once("->").or_else(|| item.split_once(" - ")).map(|(a, b)| (a.trim(), b.trim()))
}

/// The leading squares of a setup line, or `None` if it does not start with squares.
fn setup_line(item: &str, line: usize) -> Option<ProseSetup> {
    let mut rest = item;
    let mut squares = Vec::new();
    loop {
        let token_end = rest.find([',', ' ']).unwrap_or(rest.len());
        let token = &rest[..token_end];
        let is_square = |t: &str| Square::parse(t).is_ok();
        let ok = match token.split_once('-') {
            Some((a, b)) => is_square(a) && is_square(b),
            None => is_square(token),
        };
        if !ok {
            break;
        }
        squares.push(token);
        rest = rest[token_end..].trim_start_matches([',', ' ']);
    }
    if squares.is_empty() {
        return None;
    }
    let (own, promoted) = match split_promotion(rest) {
        Some((a, b)) => (a, Some(b)),
        None => (rest.trim(), None),
    };
    let (name, bracket) = name_and_bracket(own);
    let (promotes_to, promoted_bracket) = match promoted.map(name_and_bracket) {
        Some((n, b)) => (Some(n), b),
        None => (None, None),
    };
    Some(ProseSetup { line, squares_text: squares.join(","), name, bracket, promotes_to, promoted_bracket })
}

/// `Lance (fRbW2)` -> ("Lance", Some("fRbW2")); the bracket may itself hold brackets.
fn name_and_bracket(text: &str) -> (String, Option<String>) {
    match text.find('(') {
        Some(open) => {
            let close = text.rfind(')').filter(|&c| c > open).unwrap_or(text.len());
            (text[..open].trim().to_string(), Some(text[open + 1..close].trim().to_string()))
        }
        None => (text.trim().to_string(), None),
    }
}

/// A name as the configuration writes it: lower case, singular where the prose says "Pawns".
pub(crate) fn normalize_name(name: &str) -> String {
    name.trim().to_lowercase().replace('-', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_lines_with_squares_names_moves_and_promotions() {
        let lists = parse_prose(
            "x\n  • a1, m1 Lance (fRbW2) -> White Horse (fBvR)\n  • h3 Queen (Q) - Free Eagle (QADcaFmcabF)\n  • a5-p5 Pawns (fW) -> Tokin (Gold General)\n  • g1 King (K)\n  • King -> Emperor\n  • Jump directly to any square in the 5x5 area surrounding it,\n",
        );
        assert_eq!(lists.setup.len(), 4);
        let lance = &lists.setup[0];
        assert_eq!((lance.line, lance.squares_text.as_str(), lance.name.as_str()), (2, "a1,m1", "Lance"));
        assert_eq!(lance.bracket.as_deref(), Some("fRbW2"));
        assert_eq!(lance.promotes_to.as_deref(), Some("White Horse"));
        assert_eq!(lance.promoted_bracket.as_deref(), Some("fBvR"));
        assert_eq!(lists.setup[1].promotes_to.as_deref(), Some("Free Eagle"));
        assert_eq!(lists.setup[2].squares_text, "a5-p5");
        assert_eq!(lists.setup[3].promotes_to, None);
        assert_eq!(lists.promotions, vec![ProsePromotion { line: 6, from: "King".into(), to: "Emperor".into() }]);
    }
}
