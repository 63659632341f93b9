//! `kensho diff`'s result for people (tables for the terminal, or Markdown) and as JSON.

use super::model::*;
use crate::commands::terminal::{self, Fit};
use crate::text::shorten;
use serde_json::Value;

// ------------------------------------------------------------------------------ output

/// The diff as JSON: every field of `SpecDiff`, plus `identical`.
pub fn to_json(diff: &SpecDiff) -> Value {
    let mut v = serde_json::to_value(diff).expect("JSON of plain values");
    v["identical"] = Value::Bool(diff.is_empty());
    v
}

/// The diff as text tables (psql style) or Markdown; a section with nothing says "no change".
pub fn render(diff: &SpecDiff, markdown: bool) -> String {
    let mut out = String::new();
    let title = format!("{} ({}) -> {} ({})", diff.old.path, diff.old.name, diff.new.path, diff.new.name);
    if markdown {
        out.push_str(&format!("# kensho diff: {title}\n\n"));
    } else {
        out.push_str(&terminal::prose(&format!("kensho diff: {title}\n"), 2));
    }
    let sections: [(&str, String); 8] = [
        ("Board, zones and setup", changes_table(&diff.board, markdown)),
        ("Rule settings", changes_table(&diff.settings, markdown)),
        ("Pieces", render_pieces(&diff.pieces, markdown)),
        ("Legal moves on sample positions", render_samples(&diff.samples, markdown)),
        ("Perft from the start positions", render_perft(&diff.perft, markdown)),
        ("Clauses", render_clauses(&diff.clauses, markdown)),
        ("Readings", render_readings(&diff.readings, markdown)),
        ("Invariants", render_invariants(&diff.invariants, markdown)),
    ];
    for (heading, body) in sections {
        section(&mut out, heading, &body, markdown);
    }
    if !diff.notes.is_empty() {
        let body: String = diff.notes.iter().map(|n| format!("- {n}\n")).collect();
        section(&mut out, "Notes", &body, markdown);
    }
    let verdict = if diff.is_empty() { "no difference" } else { "the specs differ" };
    out.push_str(&format!("\n{verdict}\n"));
    out
}

fn section(out: &mut String, heading: &str, body: &str, markdown: bool) {
    let body = if body.trim().is_empty() { "no change\n" } else { body.trim_start_matches('\n') };
    if markdown {
        out.push_str(&format!("\n## {heading}\n\n{body}"));
    } else {
        out.push_str(&format!("\n{heading}:\n{body}"));
    }
}

/// A table in Markdown, or for the terminal fitted to its width as `fits` say.
fn styled<T: tabled::Tabled>(rows: Vec<T>, markdown: bool, fits: &[Fit]) -> String {
    if markdown {
        let mut table = tabled::Table::new(rows);
        table.with(tabled::settings::Style::markdown());
        // A Markdown table needs blank lines around it to stand apart from the lines above.
        format!("\n{table}\n\n")
    } else {
        format!("{}\n", terminal::table(&rows, fits))
    }
}

/// One line of a section: a list item in Markdown (so that lines do not run together), or
/// prose wrapped to the terminal.
fn line(text: &str, markdown: bool) -> String {
    if markdown {
        format!("- {text}\n")
    } else {
        terminal::prose(&format!("{text}\n"), 2)
    }
}

/// A list in a table cell: every item in Markdown, else the first few and how many more.
fn list_cell(items: &[String], markdown: bool) -> String {
    const SHOWN: usize = 12;
    if markdown || items.len() <= SHOWN {
        return items.join(", ");
    }
    format!("{} … (+{} more)", items[..SHOWN].join(", "), items.len() - SHOWN)
}

fn cell(text: &Option<String>, markdown: bool) -> String {
    let t = text.clone().unwrap_or_else(|| "-".into());
    if markdown {
        t.replace('|', "\\|")
    } else {
        shorten(&t, 70)
    }
}

fn changes_table(changes: &[Change], markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        path: String,
        old: String,
        new: String,
    }
    if changes.is_empty() {
        return String::new();
    }
    let rows =
        changes.iter().map(|c| Row { path: c.path.clone(), old: cell(&c.old, markdown), new: cell(&c.new, markdown) });
    styled(rows.collect(), markdown, &[Fit::wrap("path", 16), Fit::wrap("old", 16), Fit::wrap("new", 16)])
}

fn render_pieces(p: &Pieces, markdown: bool) -> String {
    let mut out = String::new();
    let names =
        |list: &[PieceRef]| list.iter().map(|r| format!("{} ({})", r.id, r.name)).collect::<Vec<_>>().join(", ");
    if !p.added.is_empty() {
        out.push_str(&line(&format!("added: {}", names(&p.added)), markdown));
    }
    if !p.removed.is_empty() {
        out.push_str(&line(&format!("removed: {}", names(&p.removed)), markdown));
    }
    let attributes: Vec<Change> = p.changed.iter().flat_map(|c| c.attributes.iter().cloned()).collect();
    out.push_str(&changes_table(&attributes, markdown));
    out.push_str(&reach_table(p, markdown));
    out
}

fn reach_table(p: &Pieces, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        piece: String,
        #[tabled(rename = "move set")]
        set: String,
        #[tabled(rename = "moves gained")]
        moves_gained: String,
        #[tabled(rename = "moves lost")]
        moves_lost: String,
        #[tabled(rename = "captures gained")]
        captures_gained: String,
        #[tabled(rename = "captures lost")]
        captures_lost: String,
    }
    let rows: Vec<Row> = p
        .changed
        .iter()
        .flat_map(|c| {
            c.empty_board.iter().map(move |r| Row {
                piece: c.id.clone(),
                set: format!("{} from {}", r.move_set, r.from),
                moves_gained: list_cell(&r.moves_gained, markdown),
                moves_lost: list_cell(&r.moves_lost, markdown),
                captures_gained: list_cell(&r.captures_gained, markdown),
                captures_lost: list_cell(&r.captures_lost, markdown),
            })
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let heading = line("on an empty board (first player; captures of a lone enemy):", markdown);
    const FITS: [Fit; 5] = [
        Fit::wrap("move set", 10),
        Fit::wrap("moves gained", 10),
        Fit::wrap("moves lost", 10),
        Fit::wrap("captures gained", 10),
        Fit::wrap("captures lost", 10),
    ];
    format!("{heading}{}", styled(rows, markdown, &FITS))
}

fn render_samples(s: &Samples, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        piece: String,
        gained: usize,
        lost: usize,
    }
    if !s.compared {
        return format!("not compared: {}\n", s.reason.as_deref().unwrap_or(""));
    }
    let mut out = String::new();
    if s.transferred < s.positions {
        let skipped = format!(
            "{} of {} positions hold a piece the new spec lacks and were not compared",
            s.positions - s.transferred,
            s.positions
        );
        out.push_str(&line(&skipped, markdown));
    }
    let sampled =
        format!("{} positions (the start position and positions of random games under the old rules)", s.positions);
    if s.pieces.is_empty() {
        out.push_str(&line(&format!("no change over {sampled}"), markdown));
        return out;
    }
    out.push_str(&line(&format!("{sampled}:"), markdown));
    let rows = s.pieces.iter().map(|p| Row { piece: p.piece.clone(), gained: p.gained, lost: p.lost });
    out.push_str(&styled(rows.collect(), markdown, &[]));
    for p in &s.pieces {
        for e in &p.examples {
            let what = if e.legal_under == "new" { "gained" } else { "lost" };
            let code = |t: &str| if markdown { format!("`{t}`") } else { t.to_string() };
            out.push_str(&line(&format!("{what}: {} in {}", code(&e.mv), code(&e.position)), markdown));
        }
    }
    out
}

fn render_perft(p: &Perft, markdown: bool) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        depth: u32,
        old: u64,
        new: u64,
        difference: String,
    }
    if !p.compared {
        return format!("not compared: {}\n", p.reason.as_deref().unwrap_or(""));
    }
    if p.rows.iter().all(|r| r.difference == 0) {
        let counts: Vec<String> = p.rows.iter().map(|r| format!("perft {} = {}", r.depth, r.old)).collect();
        return format!("no change ({})\n", counts.join(", "));
    }
    let rows = p.rows.iter().map(|r| Row {
        depth: r.depth,
        old: r.old,
        new: r.new,
        difference: format!("{:+}", r.difference),
    });
    styled(rows.collect(), markdown, &[])
}

fn added_removed_changed(added: Vec<String>, removed: Vec<String>, changed: &[Changed], markdown: bool) -> String {
    let mut out = String::new();
    for a in added {
        out.push_str(&line(&format!("added: {a}"), markdown));
    }
    for r in removed {
        out.push_str(&line(&format!("removed: {r}"), markdown));
    }
    let rows: Vec<Change> = changed
        .iter()
        .flat_map(|c| c.changes.iter().map(move |ch| Change { path: format!("{} {}", c.id, ch.path), ..ch.clone() }))
        .collect();
    out.push_str(&changes_table(&rows, markdown));
    out
}

fn render_clauses(c: &Clauses, markdown: bool) -> String {
    let line = |r: &ClauseRef| format!("{} ({}): {}", r.id, r.status, shorten(&r.text, 80));
    added_removed_changed(
        c.added.iter().map(line).collect(),
        c.removed.iter().map(line).collect(),
        &c.changed,
        markdown,
    )
}

fn render_readings(r: &Readings, markdown: bool) -> String {
    let line = |r: &ReadingRef| format!("{} (default {}; options {})", r.id, r.default, r.options.join(", "));
    added_removed_changed(
        r.added.iter().map(line).collect(),
        r.removed.iter().map(line).collect(),
        &r.changed,
        markdown,
    )
}

fn render_invariants(i: &Invariants, markdown: bool) -> String {
    if !i.compared {
        let state = |f: &PropertiesFile| format!("{} is {}", f.path, f.state);
        return format!("not compared: {}; {}\n", state(&i.old_file), state(&i.new_file));
    }
    let line = |r: &InvariantRef| format!("{} ({}; {})", r.id, r.kind, r.clauses.join(", "));
    added_removed_changed(
        i.added.iter().map(line).collect(),
        i.removed.iter().map(line).collect(),
        &i.changed,
        markdown,
    )
}
