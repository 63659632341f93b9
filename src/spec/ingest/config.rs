//! The Interactive Diagram configuration of a document.
//!
//! The configuration comes in two layouts, both in the seeds: one `key=value` or
//! `name:ID:XBETZA:image:squares` entry per line (Suzumu), or all entries on one line separated
//! by spaces (Mitsugumi, Hook), where piece names themselves contain spaces.

use crate::geometry::BoardSize;

/// One `name:ID:XBETZA:image:squares` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramPiece {
    pub name: String,
    pub id: String,
    pub betza: String,
    pub(crate) image: String,
    /// The squares as written: `a5-p5` ranges, comma lists, or nothing (promoted types).
    pub squares_text: String,
    /// 0-based position among the piece entries (what `royal=N` and `promoOffset` count).
    pub(crate) index: usize,
}

/// The parsed configuration: its parameters in order and its piece entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramConfig {
    pub(crate) params: Vec<(String, String)>,
    pub pieces: Vec<DiagramPiece>,
}

impl DiagramConfig {
    /// The first value of a parameter.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Every value of a repeated parameter (`royal=37`, `royal=46`).
    pub fn params_named(&self, key: &str) -> Vec<&str> {
        self.params.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect()
    }

    pub fn board(&self) -> Option<BoardSize> {
        let f: u8 = self.param("files")?.parse().ok()?;
        let r: u8 = self.param("ranks")?.parse().ok()?;
        BoardSize::new(f, r).ok()
    }
}

/// Is `token` the start of a piece entry `name:ID:...` (the name in lower case, the id upper
/// case, optionally with a leading `+`)?
fn piece_entry(entry: &str, index: usize) -> Option<DiagramPiece> {
    let parts: Vec<&str> = entry.split(':').collect();
    if parts.len() != 5 {
        return None;
    }
    let name_ok = !parts[0].is_empty() && parts[0].chars().all(|c| c.is_ascii_lowercase() || c == ' ');
    let id = parts[1];
    let id_ok = !id.is_empty()
        && id.trim_start_matches('+').chars().all(|c| c.is_ascii_uppercase())
        && !id.trim_start_matches('+').is_empty();
    (name_ok && id_ok).then(|| DiagramPiece {
        name: parts[0].to_string(),
        id: id.to_string(),
        betza: parts[2].to_string(),
        image: parts[3].to_string(),
        squares_text: parts[4].to_string(),
        index,
    })
}

/// Finds the configuration in a document's text and parses it.
pub fn parse_config(text: &str) -> DiagramConfig {
    let mut cfg = DiagramConfig::default();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("files=") && line.contains(' ') {
            // one-line layout: split on spaces, then glue back the words of piece names
            let mut pending_name = String::new();
            for token in line.split(' ').filter(|t| !t.is_empty()) {
                if let Some((k, v)) = token.split_once('=') {
                    if !token.contains(':') {
                        cfg.params.push((k.to_string(), v.to_string()));
                        pending_name.clear();
                        continue;
                    }
                }
                let candidate =
                    if pending_name.is_empty() { token.to_string() } else { format!("{pending_name} {token}") };
                if let Some(p) = piece_entry(&candidate, cfg.pieces.len()) {
                    cfg.pieces.push(p);
                    pending_name.clear();
                } else if token.chars().all(|c| c.is_ascii_lowercase()) {
                    pending_name = candidate;
                } else {
                    pending_name.clear();
                }
            }
        } else if let Some(p) = piece_entry(line, cfg.pieces.len()) {
            cfg.pieces.push(p);
        } else if let Some((k, v)) = line.split_once('=') {
            let key_ok = !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric());
            if key_ok && !v.contains(' ') {
                cfg.params.push((k.to_string(), v.to_string()));
            }
        }
    }
    cfg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_layout_keeps_multi_word_names() {
        let cfg = parse_config("files=9 ranks=9 royal=1 gold general:G:WfF:g:e1 king:K:K:k:e2 tokin:+P:WfF:p2:");
        assert_eq!(cfg.param("files"), Some("9"));
        let names: Vec<&str> = cfg.pieces.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["gold general", "king", "tokin"]);
        assert_eq!(cfg.pieces[2].id, "+P");
        assert_eq!(cfg.pieces[2].squares_text, "");
    }
}
