//! The spec skeleton `kensho ingest` writes: game header, board, promotion zone, every piece of
//! the configuration with its move, promotion and royalty, and the setup. Clauses, readings and
//! rules are the designer's to add; the skeleton loads as it is.

use super::config::DiagramConfig;
use super::{promotion_target, royal_indices};
use crate::geometry::BoardSize;
use std::fmt::Write;

fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn title(name: &str) -> String {
    name.split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// A spec id from a document file name: lower case letters, digits and dashes.
fn id_from(name: &str) -> String {
    let stem = name.rsplit('/').next().unwrap_or(name);
    let stem = stem.strip_suffix(".txt").unwrap_or(stem);
    let id: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    if id.is_empty() {
        "game".into()
    } else {
        id
    }
}

pub(crate) fn write(document: &str, id: Option<&str>, config: &DiagramConfig, board: BoardSize) -> String {
    let mut out = String::new();
    let id = id.map_or_else(|| id_from(document), str::to_string);
    let _ = writeln!(out, "# Written by `kensho ingest {document}` from its Interactive Diagram configuration.");
    let _ =
        writeln!(out, "# Review every value against the prose; add clauses, readings and rules (docs/spec-format.md).");
    let _ = writeln!(out, "# The game id must match the file name: save as {id}.toml, or change both.\n");
    let _ = writeln!(
        out,
        "[game]\nid = {}\nname = {}\ndocument = {}\nclause_prefix = \"DOC\"\n",
        quoted(&id),
        quoted(&id),
        quoted(document)
    );
    let _ = writeln!(out, "[board]\nfiles = {}\nranks = {}", board.files, board.ranks);
    let rotate = config.param("symmetry").is_none_or(|s| s == "rotate");
    let _ = writeln!(out, "second_player = {}\n", quoted(if rotate { "rotate-180" } else { "mirror-ranks" }));
    if let Some(depth) =
        config.param("promoZone").and_then(|z| z.parse::<u8>().ok()).filter(|&z| z > 0 && z <= board.ranks)
    {
        let ranks: Vec<String> = (board.ranks - depth + 1..=board.ranks).map(|r| r.to_string()).collect();
        let _ = writeln!(
            out,
            "# promoZone={depth}: the farthest {depth} ranks\n[zone.promotion]\nranks = [{}]\n",
            ranks.join(", ")
        );
    }
    let royals = royal_indices(config);
    let mut seen = std::collections::BTreeSet::new();
    for p in &config.pieces {
        if !seen.insert(p.id.as_str()) {
            let _ = writeln!(out, "# entry {} repeats the id {} ({}); not written again\n", p.index + 1, p.id, p.name);
            continue;
        }
        let _ = writeln!(
            out,
            "[[piece]]\nid = {}\nname = {}\nbetza = {}",
            quoted(&p.id),
            quoted(&title(&p.name)),
            quoted(&p.betza)
        );
        if let Some(t) = promotion_target(config, p.index) {
            let _ = writeln!(out, "promotes_to = {}", quoted(&t.id));
        }
        if royals.contains(&p.index) {
            let _ = writeln!(out, "royal = true");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "[setup]");
    // A repeated entry places more pieces of the same type: its squares join the first's.
    let mut placed: Vec<(&str, Vec<&str>)> = Vec::new();
    for p in config.pieces.iter().filter(|p| !p.squares_text.is_empty()) {
        match placed.iter_mut().find(|(id, _)| *id == p.id) {
            Some((_, squares)) => squares.push(&p.squares_text),
            None => placed.push((&p.id, vec![&p.squares_text])),
        }
    }
    for (id, squares) in placed {
        let _ = writeln!(out, "{} = {}", quoted(id), quoted(&squares.join(",")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_titles() {
        assert_eq!(id_from("seeds/000_116ea7fedabdbe2a.txt"), "000-116ea7fedabdbe2a");
        assert_eq!(title("gold general"), "Gold General");
    }
}
