//! The report as Markdown: one file per spec and an index, the boards as SVG files beside them
//! (`<spec>/…svg`), for people who read reports in a repository or a merge request.

use super::diagram;
use super::html::diagram_caption;
use super::model::SpecReport;
use super::selfplay;
use super::svg::standalone;
use crate::smt::Verdict;
use std::fmt::Write;

/// A file of the report: its path relative to the report directory, and its text.
pub(crate) type File = (String, String);

/// A table cell: one line, pipes escaped.
fn cell(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").replace('|', "\\|")
}

/// Free text (a document's words, a message): the characters Markdown would read as markup
/// are escaped.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A code span that holds any text, backticks included (a longer fence, padded).
fn code(s: &str) -> String {
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

fn table(head: &[&str], rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut t = format!("| {} |\n|{}\n", head.join(" | "), " --- |".repeat(head.len()));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        let _ = writeln!(t, "| {} |", cells.join(" | "));
    }
    t
}

/// One spec's Markdown page and its SVG files.
pub(crate) fn spec_files(r: &SpecReport) -> Vec<File> {
    let id = &r.spec.id;
    let mut files = Vec::new();
    let mut m = String::new();
    let _ = write!(
        m,
        "# {}\n\n{} · {} board · digest `{}` · seed {} · kensho {} · {}\n\n[all specs](index.md)\n\n",
        text(&r.spec.name),
        code(&r.spec.path),
        r.spec.board,
        r.spec.digest,
        r.run.seed,
        r.run.kensho,
        r.run.z3
    );
    m.push_str(&table(&super::model::SUMMARY_HEADS, [r.summary_cells()]));
    if let Some(start) = &r.pictures.start {
        let path = format!("{id}/start.svg");
        let _ = write!(m, "\n![start position]({path})\n");
        files.push((path, standalone(start)));
    }
    for w in &r.spec.warnings {
        let _ = writeln!(m, "\n> warning: {w}");
    }

    m.push_str("\n## Clauses\n\n");
    m.push_str(&table(
        &[
            "clause",
            "status",
            "the document's words",
            "encoded at / why not",
            "invariants",
            "exercised",
            "proofs",
            "readings",
            "note",
        ],
        r.clauses.iter().map(|c| {
            vec![
                code(&c.id),
                c.status.clone(),
                text(&c.words),
                if c.encoding.is_empty() { c.why.clone().unwrap_or_default() } else { c.encoding.join(", ") },
                c.invariants.join(", "),
                if c.violations > 0 {
                    format!("{} ({} violations)", c.exercised, c.violations)
                } else {
                    c.exercised.to_string()
                },
                c.proofs.join("; "),
                c.readings.join(", "),
                text(&c.note),
            ]
        }),
    ));

    m.push_str("\n## Readings and ambiguities\n\n");
    m.push_str(&table(
        &["reading", "option vs default", "effect", "method", "verdict", "summary"],
        r.readings.iter().flat_map(|rr| {
            rr.comparisons.iter().map(move |c| {
                vec![
                    code(&rr.reading),
                    format!("{} vs {}", code(&c.option), code(&rr.default)),
                    c.effect.clone(),
                    text(&c.method),
                    c.verdict.name().to_string(),
                    text(&c.summary),
                ]
            })
        }),
    ));
    let mut n = 0;
    for rr in &r.readings {
        for c in &rr.comparisons {
            let Some(w) = &c.witness else { continue };
            n += 1;
            let _ = write!(
                m,
                "\n### {}: {} against {}\n\n{}\n\n",
                code(&rr.reading),
                code(&c.option),
                code(&rr.default),
                text(&c.method)
            );
            if let Some(p) = r.pictures.witnesses.get(&(rr.reading.clone(), c.option.clone())) {
                let path = format!("{id}/witness-{n}.svg");
                let _ = write!(m, "![witness]({path})\n\n");
                files.push((path, standalone(p)));
            }
            let _ = writeln!(m, "position: {}\n", code(&w.position));
            for d in &w.differing {
                let arrow = if d.legal_under == rr.default { "solid blue" } else { "dashed orange" };
                let _ = writeln!(m, "- {} legal under {} only ({arrow})", code(&d.text), code(&d.legal_under));
            }
            if w.differing_count > w.differing.len() {
                let _ = writeln!(m, "- … {} moves differ in all", w.differing_count);
            }
            for o in &w.outcomes {
                let _ = writeln!(m, "- result under {}", text(o));
            }
            if !w.line.is_empty() {
                let _ = writeln!(
                    m,
                    "- line of play from the position ({} plies): {}",
                    w.line.len(),
                    code(&w.line.join(" "))
                );
            }
        }
    }

    m.push_str("\n## Consistency proofs\n\n");
    m.push_str(&table(
        &["proof", "claim", "verdict", "detail"],
        r.proofs.iter().map(|p| {
            let mut detail = p.detail.clone();
            if let Some(w) = &p.witness {
                detail.push_str(&format!(": {w}"));
            }
            if !p.holds_under.is_empty() {
                detail.push_str(&format!("; holds under {}", p.holds_under.join(", ")));
            }
            vec![p.name.clone(), text(&p.claim), super::model::proof_word(p).to_string(), text(&detail)]
        }),
    ));

    m.push_str("\n## Pieces\n\n");
    files.push((
        format!("{id}/legend.svg"),
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}\n", diagram::legend_svg()),
    ));
    let _ = write!(m, "![legend]({id}/legend.svg)\n\n");
    for (i, d) in r.pieces.iter().enumerate() {
        let path = format!("{id}/piece-{}.svg", i + 1);
        let _ = write!(m, "**{}**", text(&diagram_caption(d)));
        for note in &d.notes {
            let _ = write!(m, "; {}", text(note));
        }
        let _ = write!(m, "\n\n![{}]({path})\n\n", d.piece);
        files.push((path, standalone(&diagram::picture(d))));
    }

    m.push_str("\n## Perft\n\n");
    match &r.perft_skipped {
        Some(why) => {
            let _ = writeln!(m, "No perft: {why}");
        }
        None => m.push_str(&table(
            &["depth", "nodes"],
            r.perft.iter().map(|p| vec![p.depth.to_string(), p.nodes.to_string()]),
        )),
    }

    m.push_str("\n## Lint findings\n\n");
    if r.lint.is_empty() {
        m.push_str("None.\n");
    } else {
        m.push_str(&table(
            &["severity", "code", "subject", "clauses", "message", "where"],
            r.lint.iter().map(|f| {
                vec![
                    f.severity.name().to_string(),
                    f.code.to_string(),
                    text(&f.subject),
                    f.clauses.join(", "),
                    text(&f.message),
                    text(&f.location),
                ]
            }),
        ));
    }

    m.push_str("\n## Invariants\n\n");
    match &r.check {
        None => {
            let _ = writeln!(m, "The invariants did not run: {}", r.check_skipped.as_deref().unwrap_or(""));
        }
        Some(c) => {
            let _ = write!(
                m,
                "{}: {} positions ({} designed), {} transitions judged.\n\n",
                match &c.properties {
                    Some(file) => format!("From {}", code(file)),
                    None => "The invariants derived from the spec's settings and the generic ones (the spec has no properties file)".to_string(),
                },
                c.positions,
                c.designed_positions,
                c.transitions
            );
            m.push_str(&table(
                &["invariant", "kind", "clauses", "exercised", "violations"],
                c.invariants.iter().map(|i| {
                    vec![
                        code(&i.id),
                        i.kind.clone(),
                        i.clauses.join(", "),
                        i.exercised.to_string(),
                        i.violations.to_string(),
                    ]
                }),
            ));
            for (k, v) in c.violations.iter().enumerate() {
                let _ = write!(
                    m,
                    "\n### violation of {}\n\n{}\n\nclauses {}; found in {}\n\nposition: {}, move {}\n\n",
                    code(&v.invariant),
                    text(&v.message),
                    v.clauses.join(", "),
                    text(&v.origin),
                    code(&v.position),
                    code(&v.mv)
                );
                if let Some(p) = r.pictures.violations.get(&k) {
                    let path = format!("{id}/violation-{}.svg", k + 1);
                    let _ = writeln!(m, "![violation]({path})");
                    files.push((path, standalone(p)));
                }
            }
        }
    }

    let p = &r.paths;
    let _ = write!(
        m,
        "\n## Path shapes\n\n{} shapes, {} driven both ways, {} confirmed by the move generator, {} dead, {} unknown.\n\n",
        p.shapes, p.driven, p.confirmed, p.dead, p.unknown
    );
    if !p.notable.is_empty() {
        m.push_str(&table(
            &["piece", "zone", "shape", "verdict", "finding"],
            p.notable.iter().map(|s| {
                let finding = if s.verdict == Verdict::Proved { "dead notation".to_string() } else { text(&s.summary) };
                vec![s.piece.clone(), s.zone.clone(), code(&s.shape), s.verdict.name().to_string(), finding]
            }),
        ));
    }

    self_play(r, &mut m, &mut files);

    let g = &r.run.budget;
    let _ = write!(
        m,
        "\n## Run\n\nseed {} · check: {} games of up to {} plies, {} designed positions, {} aimed tries · reading search {} positions · Z3 timeout {} ms · perft depth {}\n\n",
        r.run.seed, g.games, g.plies, g.positions, g.aimed, g.search, g.timeout_ms, g.perft_depth
    );
    m.push_str(&table(&["stage", "seconds"], r.run.seconds.iter().map(|(k, v)| vec![k.clone(), format!("{v:.1}")])));
    files.insert(0, (format!("{id}.md"), m));
    files
}

/// The self-play section: the figures and the endings as tables, the three pictures as SVG
/// files under `<spec>/` (as the boards are); or why there is none.
fn self_play(r: &SpecReport, m: &mut String, files: &mut Vec<File>) {
    m.push_str("\n## Self-play\n\n");
    let Some(e) = &r.evaluation else {
        let _ = writeln!(m, "Self-play did not run: {}", text(r.evaluation_skipped.as_deref().unwrap_or("")));
        return;
    };
    let _ = write!(m, "{}\n\n", text(&selfplay::settings_line(e)));
    let rate = selfplay::games_per_minute(e.games, r.run.seconds.get("evaluation").copied());
    m.push_str(&table(&["measure", "value", "95% interval"], selfplay::figures(e, rate).into_iter().map(Vec::from)));
    m.push('\n');
    m.push_str(&table(
        &["how the games ended", "games", "1-0", "0-1", "draw or unfinished"],
        e.endings.iter().map(|end| {
            vec![
                code(&end.rule),
                end.games.to_string(),
                end.first_wins.to_string(),
                end.second_wins.to_string(),
                end.draws.to_string(),
            ]
        }),
    ));
    let _ = writeln!(m, "\n{}", text(&selfplay::readings_line(e)));
    if let Some(line) = selfplay::broken_line(e) {
        let _ = writeln!(m, "\n**{}**", text(&line));
    }
    let id = &r.spec.id;
    let values_caption = selfplay::values_caption(e);
    for (name, alt, svg, caption) in [
        ("lengths", "game lengths", &e.pictures.lengths, selfplay::LENGTHS_CAPTION),
        ("scores", "scores", &e.pictures.scores, selfplay::SCORES_CAPTION),
        ("values", "piece values", &e.pictures.values, values_caption.as_str()),
    ] {
        let path = format!("{id}/selfplay-{name}.svg");
        let _ = write!(m, "\n![{alt}]({path})\n\n{}\n", text(caption));
        files.push((path, format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{svg}\n")));
    }
}

/// The index page.
pub(crate) fn index(reports: &[SpecReport]) -> String {
    let mut m = String::from("# kensho report\n\n");
    if let Some(r) = reports.first() {
        let _ = write!(m, "seed {} · kensho {} · {}\n\n", r.run.seed, r.run.kensho, r.run.z3);
    }
    let heads: Vec<&str> = ["spec", "board"].into_iter().chain(super::model::SUMMARY_HEADS).collect();
    m.push_str(&table(
        &heads,
        reports.iter().map(|r| {
            [format!("[{}]({}.md)", text(&r.spec.name), r.spec.id), r.spec.board.clone()]
                .into_iter()
                .chain(r.summary_cells())
                .collect()
        }),
    ));
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_text_and_backticks_in_code_are_harmless() {
        assert_eq!(text("a *b* [c] <d> _e_ #f"), "a \\*b\\* \\[c\\] \\<d\\> \\_e\\_ \\#f");
        assert_eq!(code("x`y"), "`` x`y ``");
        assert_eq!(code("xy"), "`xy`");
    }

    #[test]
    fn cells_stay_on_one_line_and_pipes_do_not_split_them() {
        assert_eq!(cell("a |b\n c"), "a \\|b c");
        let t = table(&["x", "y"], [vec!["1|2".to_string(), "3".to_string()]]);
        assert_eq!(t, "| x | y |\n| --- | --- |\n| 1\\|2 | 3 |\n");
    }
}
