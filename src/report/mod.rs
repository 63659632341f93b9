//! What people look at: boards and piece diagrams (terminal text and SVG), and the report the
//! main job writes (HTML, Markdown, JSON; docs/report.md).

pub mod diagram;
pub mod files;
pub(crate) mod html;
pub(crate) mod markdown;
pub(crate) mod model;
pub(crate) mod plots;
pub(crate) mod position;
pub(crate) mod selfplay;
pub mod svg;

use model::{SpecReport, SCHEMA};

/// A piece's name as rule documents write it: a spec whose names are all lower case (as the
/// Interactive Diagram configurations give them, "fire demon") gets each word capitalised but
/// the small ones ("Chariot of the Gods"); a name with a capital is kept as written.
pub(crate) fn piece_name(name: &str) -> String {
    const SMALL: [&str; 8] = ["of", "the", "and", "a", "an", "in", "on", "to"];
    if name.chars().any(char::is_uppercase) {
        return name.to_string();
    }
    name.split(' ')
        .enumerate()
        .map(|(i, w)| {
            if i > 0 && SMALL.contains(&w) {
                return w.to_string();
            }
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}
use serde_json::json;

/// Every file of a report directory for these specs: per spec `<id>.html`, `<id>.md` (with its
/// SVG boards under `<id>/`) and `<id>.json`; and `index.html`, `index.md`, `index.json`.
/// Spec ids must be distinct (the caller makes them so).
pub(crate) fn report_files(reports: &[SpecReport]) -> Vec<(String, String)> {
    let mut files = vec![
        ("index.html".to_string(), html::index_page(reports)),
        ("index.md".to_string(), markdown::index(reports)),
        ("index.json".to_string(), pretty(&index_json(reports))),
    ];
    for r in reports {
        let id = &r.spec.id;
        files.push((format!("{id}.html"), html::spec_page(r)));
        files.extend(markdown::spec_files(r));
        files.push((format!("{id}.json"), pretty(&serde_json::to_value(r).expect("a report is plain data"))));
    }
    files
}

fn pretty(v: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(v).expect("JSON of plain values");
    s.push('\n');
    s
}

/// The index's JSON: the run and one entry per spec with its summary and file names.
pub(crate) fn index_json(reports: &[SpecReport]) -> serde_json::Value {
    let first = reports.first();
    json!({
        "schema": SCHEMA,
        "seed": first.map(|r| r.run.seed),
        "kensho": first.map(|r| r.run.kensho.clone()),
        "z3": first.map(|r| r.run.z3.clone()),
        "specs": reports.iter().map(|r| json!({
            "id": r.spec.id,
            "name": r.spec.name,
            "path": r.spec.path,
            "digest": r.spec.digest,
            "html": format!("{}.html", r.spec.id),
            "markdown": format!("{}.md", r.spec.id),
            "json": format!("{}.json", r.spec.id),
            "summary": r.summary,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn lower_case_names_are_written_as_documents_write_them() {
        assert_eq!(super::piece_name("fire demon"), "Fire Demon");
        assert_eq!(super::piece_name("chariot of the gods"), "Chariot of the Gods");
        assert_eq!(super::piece_name("Lion Dog"), "Lion Dog");
        assert_eq!(super::piece_name("SoS"), "SoS");
    }
}
