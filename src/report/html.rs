//! The report as self-contained HTML: one page per spec and an index. Styles, the boards (inline
//! SVG) and the one small script (the clause table's filter) are all in the page, so it works
//! offline and from a file:// URL, and loads nothing from anywhere.

use super::diagram::{self, PieceDiagram};
use super::model::{ClauseEntry, SpecReport};
use super::selfplay;
use super::svg::{escape, inline, key_html, page_defs, Picture, STYLE};
use crate::check::coverage::{invariants_in_short, note_and_tests};
use crate::smt::readings::ReadingReport;
use crate::smt::Verdict;
use std::fmt::Write;

const CSS: &str = "\
:root{--ink:#1f2328;--muted:#59636e;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700}\
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:var(--ink);background:var(--bg)}\
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--soft)}\
header h1{margin:0 0 4px;font-size:22px}.meta{color:var(--muted);margin:0}\
nav{margin-top:8px;display:flex;flex-wrap:wrap;gap:12px}nav a{color:#0969da;text-decoration:none}\
main{padding:8px 24px 40px;max-width:1400px}section{margin-top:24px}h2{border-bottom:1px solid var(--line);padding-bottom:4px}\
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}\
th{background:var(--soft);position:sticky;top:0}td.num{text-align:right;font-variant-numeric:tabular-nums}\
.words{min-width:16em;max-width:30em}td.note{min-width:14em;max-width:30em}td.path{max-width:16em}td{overflow-wrap:break-word}#clause-table{width:100%}.scroll{overflow-x:auto;max-width:100%}\
td[class^=status-],td.num,.v-witness,.v-proved,.v-unknown,.v-refuted{white-space:nowrap}td.invariants{max-width:14em}details.tests{color:var(--muted);font-size:12px}.path{font-family:ui-monospace,monospace;font-size:12px}code{font-family:ui-monospace,monospace;font-size:12px}\
.top{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}.top .cards{max-width:620px}.cards{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}.card{border:1px solid var(--line);border-radius:6px;padding:8px 12px;background:var(--bg)}\
.stat{font-size:20px;font-weight:600}.good{color:var(--ok)}.bad{color:var(--bad)}.warn{color:var(--warn)}\
.status-encoded{color:var(--ok)}.status-pending{color:var(--warn)}.status-contradicted{color:var(--bad)}\
.v-witness{color:#8250df;font-weight:600}.v-proved{color:var(--ok)}.v-unknown{color:var(--warn)}.v-refuted{color:var(--bad);font-weight:600}\
figure{margin:0}figcaption{font-size:12px;color:var(--muted);max-width:560px}\
.pieces{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:14px}\
.piece{border:1px solid var(--line);border-radius:6px;padding:8px;min-width:0}.piece figcaption{overflow-wrap:anywhere}.piece svg{max-width:100%;height:auto}\
.witness{border:1px solid var(--line);border-radius:6px;padding:10px;margin:12px 0;display:flex;gap:16px;flex-wrap:wrap}\
.witness svg{max-width:100%;height:auto}.moves{min-width:280px;max-width:100%}.moves code{overflow-wrap:anywhere;word-break:break-all}\
.swatch{display:inline-block;width:22px;height:0;border-top:3px solid;vertical-align:middle;margin-right:6px}\
.swatch.a{border-color:#1565c0}.swatch.b{border-color:#e65100;border-top-style:dashed}\
.filters{display:flex;gap:8px;align-items:center}input,select{font:inherit;padding:3px 6px}\
.board-start svg,.legend svg{max-width:100%;height:auto}\
.glossary dt{margin-top:6px}.glossary dd{margin:0 0 0 16px;color:var(--muted)}\
.plots{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}.plots svg{max-width:100%;height:auto}\
.zone-key,.ids{display:flex;flex-wrap:wrap;gap:4px 12px;margin-top:6px}.key-entry svg{vertical-align:-2px}.ids .id b{font-family:ui-monospace,monospace}";

/// The clause table's filter: text and status. No console output, no network.
const SCRIPT: &str = "(function(){var f=document.getElementById('clause-filter'),s=document.getElementById('status-filter'),c=document.getElementById('clause-count');if(!f||!s||!c)return;var rows=Array.prototype.slice.call(document.querySelectorAll('#clause-table tbody tr'));function apply(){var q=f.value.toLowerCase(),st=s.value,n=0;rows.forEach(function(r){var ok=(!q||r.textContent.toLowerCase().indexOf(q)>=0)&&(!st||r.getAttribute('data-status')===st);r.hidden=!ok;if(ok)n++;});c.textContent=n+' of '+rows.length+' clauses';}f.addEventListener('input',apply);s.addEventListener('change',apply);apply();})();";

fn page(title: &str, header: &str, body: &str, script: bool) -> String {
    let script = if script { format!("<script>{SCRIPT}</script>") } else { String::new() };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>{}</title><style>{CSS}{STYLE}</style></head><body>{}<header>{header}</header><main>{body}</main>{script}</body></html>\n",
        escape(title),
        page_defs()
    )
}

/// The id an HTML anchor can carry for a (reading, option) witness.
pub(crate) fn witness_anchor(reading: &str, option: &str) -> String {
    let clean = |s: &str| s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect::<String>();
    format!("w-{}--{}", clean(reading), clean(option))
}

fn verdict_class(word: &str) -> &'static str {
    match word {
        "witness" => "v-witness",
        "proved" => "v-proved",
        "refuted" => "v-refuted",
        _ => "v-unknown",
    }
}

/// The pieces a board shows, id and name (the name is also each token's hover text).
fn ids_legend(p: &Picture) -> String {
    let mut ids: Vec<(&str, &str)> = p.tokens.iter().map(|t| (t.text.as_str(), t.name.as_str())).collect();
    ids.sort();
    ids.dedup();
    let items: Vec<String> = ids
        .iter()
        .map(|(id, name)| format!("<span class=\"id\"><b>{}</b> {}</span>", escape(id), escape(name)))
        .collect();
    format!("<span class=\"ids\">{}</span>", items.join(""))
}

/// One spec's page.
pub(crate) fn spec_page(r: &SpecReport) -> String {
    let s = &r.summary;
    let header = format!(
        "<h1>{}</h1><p class=\"meta\"><code>{}</code> · {} board · digest <code>{}</code> · seed {} · kensho {} · Z3 {}</p><nav><a href=\"index.html\">all specs</a><a href=\"#clauses\">clauses</a><a href=\"#readings\">readings</a><a href=\"#proofs\">proofs</a><a href=\"#pieces\">pieces</a><a href=\"#perft\">perft</a><a href=\"#lint\">lint</a><a href=\"#check\">invariants</a><a href=\"#paths\">path shapes</a><a href=\"#selfplay\">self-play</a><a href=\"#run\">run</a></nav>",
        escape(&r.spec.name),
        escape(&r.spec.path),
        escape(&r.spec.board),
        escape(&r.spec.digest),
        r.run.seed,
        escape(&r.run.kensho),
        escape(&r.run.z3)
    );
    let mut b = String::new();
    let _ = write!(b, "<section id=\"summary\"><div class=\"top\"><div class=\"cards\">");
    let card = |label: &str, value: String, class: &str| {
        format!("<div class=\"card\"><div class=\"stat {class}\">{value}</div>{}</div>", escape(label))
    };
    b.push_str(&card("clauses", format!("{} ({} encoded)", s.clauses, s.encoded), ""));
    b.push_str(&card("encoded clauses exercised by invariants", s.exercised.to_string(), "good"));
    if r.check.is_some() {
        b.push_str(&card(
            "neither exercised nor explained",
            s.unaccounted.to_string(),
            if s.unaccounted > 0 { "warn" } else { "good" },
        ));
        b.push_str(&card(
            "invariant violations",
            s.violations.to_string(),
            if s.violations > 0 { "bad" } else { "good" },
        ));
    } else {
        b.push_str(&card("invariants: not run (see below)", "–".to_string(), "warn"));
    }
    b.push_str(&card(
        "reading options: witness / no effect / unknown",
        format!("{} / {} / {}", s.witnesses, s.no_effect, s.unknown),
        "",
    ));
    b.push_str(&card(
        "proofs: proved / refuted / unknown",
        format!("{} / {} / {}", s.proofs_proved, s.proofs_refuted, s.proofs_unknown),
        if s.proofs_refuted > 0 { "bad" } else { "good" },
    ));
    b.push_str(&card(
        "lint errors / warnings",
        format!("{} / {}", s.lint_errors, s.lint_warnings),
        if s.lint_errors > 0 { "bad" } else { "" },
    ));
    b.push_str("</div>");
    if let Some(start) = &r.pictures.start {
        let _ = write!(
            b,
            "<figure class=\"board-start\">{}<figcaption>Start position; the second player's pieces are drawn upside down. {}{}</figcaption></figure>",
            inline(start),
            key_html(start),
            ids_legend(start)
        );
    }
    b.push_str("</div>");
    for w in &r.spec.warnings {
        let _ = write!(b, "<p class=\"warn\">warning: {}</p>", escape(w));
    }
    b.push_str("</section>");
    b.push_str(&clauses(&r.clauses));
    b.push_str(&readings(r));
    b.push_str(&proofs(r));
    b.push_str(&pieces(&r.pieces));
    b.push_str(&perft(r));
    b.push_str(&lint(r));
    b.push_str(&check(r));
    b.push_str(&paths(r));
    b.push_str(&self_play(r));
    b.push_str(&run(r));
    page(&format!("kensho: {}", r.spec.name), &header, &b, true)
}

/// A clause's invariants: in short, with the whole list behind a disclosure when it was
/// grouped (`coverage::invariants_in_short`).
fn invariants_cell(ids: &[String]) -> String {
    let short = invariants_in_short(ids);
    if short.len() == ids.len() {
        return format!("<span class=\"path\">{}</span>", escape(&ids.join(", ")));
    }
    format!(
        "<details><summary>{}</summary><span class=\"path\">{}</span></details>",
        escape(&short.join(", ")),
        escape(&ids.join(", "))
    )
}

/// A note in words; the sentences that name tests behind a disclosure.
fn note_cell(note: &str) -> String {
    let (words, tests) = note_and_tests(note);
    if tests.is_empty() {
        return escape(&words);
    }
    format!("{}<details class=\"tests\"><summary>tests</summary>{}</details>", escape(&words), escape(&tests))
}

fn clauses(list: &[ClauseEntry]) -> String {
    let mut b = String::from("<section id=\"clauses\"><h2>Clauses</h2><p>Every clause of the document: its words, how the spec encodes it, the invariants that check it and how often they judged a move in this run, the proofs that speak for it, and the readings that ask about it.</p>");
    b.push_str("<div class=\"filters\"><input id=\"clause-filter\" type=\"search\" placeholder=\"filter clauses\" aria-label=\"filter clauses\"><select id=\"status-filter\" aria-label=\"status\"><option value=\"\">every status</option>");
    for st in ["encoded", "pending", "informative", "out-of-scope", "contradicted"] {
        let _ = write!(b, "<option value=\"{st}\">{st}</option>");
    }
    let _ = write!(b, "</select><span id=\"clause-count\">{} clauses</span></div>", list.len());
    b.push_str("<div class=\"scroll\"><table id=\"clause-table\"><thead><tr><th>clause</th><th>status</th><th>the document's words</th><th>encoded at / why not</th><th>invariants</th><th>exercised</th><th>proofs</th><th>readings</th><th>note</th></tr></thead><tbody>");
    for c in list {
        let encoding = if c.encoding.is_empty() {
            escape(c.why.as_deref().unwrap_or(""))
        } else {
            format!("<span class=\"path\">{}</span>", escape(&c.encoding.join(", ")))
        };
        let exercised = if c.violations > 0 {
            format!("{} <span class=\"bad\">({} violations)</span>", c.exercised, c.violations)
        } else {
            c.exercised.to_string()
        };
        let proofs: Vec<String> = c
            .proofs
            .iter()
            .map(|p| {
                let word = p.rsplit(": ").next().unwrap_or("");
                format!("<span class=\"{}\">{}</span>", verdict_class(word), escape(p))
            })
            .collect();
        let _ = write!(
            b,
            "<tr data-status=\"{st}\"><td><code>{}</code><br><small>{}</small></td><td class=\"status-{st}\">{st}</td><td class=\"words\">{}</td><td>{encoding}</td><td class=\"invariants\">{}</td><td class=\"num\">{exercised}</td><td>{}</td><td class=\"path\">{}</td><td class=\"note\">{}</td></tr>",
            escape(&c.id),
            escape(&c.section),
            escape(&c.words),
            invariants_cell(&c.invariants),
            proofs.join("<br>"),
            escape(&c.readings.join(", ")),
            note_cell(&c.note),
            st = escape(&c.status),
        );
    }
    b.push_str("</tbody></table></div></section>");
    b
}

fn readings(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"readings\"><h2>Readings and ambiguities</h2><p>Every option of every reading against the reading's default: a witness position where the two allow different moves (or reach different results), confirmed by the engine; or a proof that they agree (within the window Z3 searched); or unknown with the reason.</p>");
    b.push_str("<div class=\"scroll\"><table id=\"readings-table\"><thead><tr><th>reading</th><th>option vs default</th><th>effect</th><th>method</th><th>verdict</th><th>summary</th></tr></thead><tbody>");
    for rr in &r.readings {
        for c in &rr.comparisons {
            let verdict = c.verdict.name();
            let cell = if c.witness.is_some() {
                format!(
                    "<a href=\"#{}\" class=\"{}\">{verdict}</a>",
                    witness_anchor(&rr.reading, &c.option),
                    verdict_class(verdict)
                )
            } else {
                format!("<span class=\"{}\">{verdict}</span>", verdict_class(verdict))
            };
            let _ = write!(
                b,
                "<tr><td><code>{}</code><br><small>{}</small></td><td><code>{}</code> vs <code>{}</code></td><td>{}</td><td>{}</td><td>{cell}</td><td>{}</td></tr>",
                escape(&rr.reading),
                escape(&rr.question),
                escape(&c.option),
                escape(&rr.default),
                escape(&c.effect),
                escape(&c.method),
                escape(&c.summary)
            );
        }
    }
    b.push_str("</tbody></table></div>");
    for rr in &r.readings {
        b.push_str(&witnesses(r, rr));
    }
    b.push_str("</section>");
    b
}

fn witnesses(r: &SpecReport, rr: &ReadingReport) -> String {
    let mut b = String::new();
    for c in &rr.comparisons {
        let Some(w) = &c.witness else { continue };
        let _ = write!(b, "<div class=\"witness\" id=\"{}\">", witness_anchor(&rr.reading, &c.option));
        if let Some(p) = r.pictures.witnesses.get(&(rr.reading.clone(), c.option.clone())) {
            b.push_str(&inline(p));
        }
        let _ = write!(
            b,
            "<div class=\"moves\"><h3><code>{}</code>: <code>{}</code> against <code>{}</code></h3><p>{}</p><p>position: <code>{}</code></p>",
            escape(&rr.reading),
            escape(&c.option),
            escape(&rr.default),
            escape(&c.method),
            escape(&w.position)
        );
        if !w.differing.is_empty() {
            b.push_str("<ul>");
            for d in &w.differing {
                let side = if d.legal_under == rr.default { "a" } else { "b" };
                let _ = write!(
                    b,
                    "<li><span class=\"swatch {side}\"></span><code>{}</code> legal under <code>{}</code> only</li>",
                    escape(&d.text),
                    escape(&d.legal_under)
                );
            }
            b.push_str("</ul>");
            if w.differing_count > w.differing.len() {
                let _ = write!(b, "<p>{} moves differ in all.</p>", w.differing_count);
            }
        }
        for o in &w.outcomes {
            let _ = write!(b, "<p>result under {}</p>", escape(o));
        }
        if !w.line.is_empty() {
            let _ = write!(
                b,
                "<p>line of play from the position ({} plies): <code>{}</code></p>",
                w.line.len(),
                escape(&w.line.join(" "))
            );
        }
        b.push_str("</div></div>");
    }
    b
}

fn proofs(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"proofs\"><h2>Consistency proofs</h2><div class=\"scroll\"><table id=\"proofs-table\"><thead><tr><th>proof</th><th>claim</th><th>verdict</th><th>detail</th></tr></thead><tbody>");
    for p in &r.proofs {
        let word = super::model::proof_word(p);
        let mut detail = escape(&p.detail);
        if let Some(w) = &p.witness {
            let _ = write!(detail, ": {}", escape(w));
        }
        if !p.holds_under.is_empty() {
            let _ = write!(detail, "<br>holds under <code>{}</code>", escape(&p.holds_under.join(", ")));
        }
        let _ = write!(
            b,
            "<tr><td>{}</td><td>{}</td><td class=\"{}\">{word}</td><td>{detail}</td></tr>",
            escape(&p.name),
            escape(&p.claim),
            verdict_class(word)
        );
    }
    b.push_str("</tbody></table></div></section>");
    b
}

/// A diagram's caption: the piece, its move, where it stands, what XBetza cannot show.
pub(crate) fn diagram_caption(d: &PieceDiagram) -> String {
    let zone = d.zone.as_ref().map(|z| format!(" in zone {z}")).unwrap_or_default();
    format!("{} ({}){zone}: {} from {}", d.name, d.piece, d.betza, d.from)
}

fn pieces(list: &[PieceDiagram]) -> String {
    let mut b = String::from("<section id=\"pieces\"><h2>Pieces</h2><p>Each piece alone on the board (the first player's, moving up), every square it reaches marked by how.</p>");
    let _ = write!(b, "<div class=\"legend\">{}</div>", diagram::legend_svg());
    // A fact about the pieces under more than half of the diagrams is said once, here, and not
    // under each (what a picture says of itself, that its lines run on, stays with it).
    let shared: Vec<&String> = {
        let mut notes: Vec<&String> = list.iter().flat_map(|d| &d.notes).filter(|n| *n != diagram::RUNS_ON).collect();
        notes.sort();
        notes.dedup();
        notes.into_iter().filter(|n| 2 * list.iter().filter(|d| d.notes.contains(n)).count() > list.len()).collect()
    };
    if !shared.is_empty() {
        b.push_str("<p class=\"shared-notes\">Of most pieces (said under a diagram only where it differs):</p><ul class=\"shared-notes\">");
        for n in &shared {
            let _ = write!(b, "<li>{}</li>", escape(n));
        }
        b.push_str("</ul>");
    }
    b.push_str("<div class=\"pieces\">");
    for d in list {
        let _ = write!(
            b,
            "<figure class=\"piece\">{}<figcaption><b>{}</b>",
            inline(&diagram::picture(d)),
            escape(&diagram_caption(d))
        );
        for n in d.notes.iter().filter(|n| !shared.contains(n)) {
            let _ = write!(b, "<br>{}", escape(n));
        }
        for n in shared.iter().filter(|n| !d.notes.contains(n)) {
            let _ = write!(b, "<br><i>unlike most: not</i> “{}”", escape(n));
        }
        b.push_str("</figcaption></figure>");
    }
    b.push_str("</div></section>");
    b
}

fn perft(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"perft\"><h2>Perft</h2>");
    match &r.perft_skipped {
        Some(why) => {
            let _ = write!(b, "<p>No perft: {}</p>", escape(why));
        }
        None => {
            b.push_str("<p>The start position's legal-move tree, counted once per move identity.</p><table id=\"perft-table\"><thead><tr><th>depth</th><th>nodes</th></tr></thead><tbody>");
            for p in &r.perft {
                let _ = write!(b, "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>", p.depth, p.nodes);
            }
            b.push_str("</tbody></table>");
        }
    }
    b.push_str("</section>");
    b
}

fn lint(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"lint\"><h2>Lint findings</h2>");
    if r.lint.is_empty() {
        b.push_str("<p>None.</p>");
    } else {
        b.push_str("<table id=\"lint-table\"><thead><tr><th>severity</th><th>code</th><th>subject</th><th>clauses</th><th>message</th><th>where</th></tr></thead><tbody>");
        for f in &r.lint {
            let class = match f.severity.name() {
                "error" => "bad",
                "warning" => "warn",
                _ => "",
            };
            let _ = write!(
                b,
                "<tr><td class=\"{class}\">{}</td><td><code>{}</code></td><td>{}</td><td class=\"path\">{}</td><td>{}</td><td>{}</td></tr>",
                f.severity.name(),
                escape(f.code),
                escape(&f.subject),
                escape(&f.clauses.join(", ")),
                escape(&f.message),
                escape(&f.location)
            );
        }
        b.push_str("</tbody></table>");
    }
    b.push_str("</section>");
    b
}

fn check(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"check\"><h2>Invariants</h2>");
    let Some(c) = &r.check else {
        let _ = write!(
            b,
            "<p>The invariants did not run: {}</p></section>",
            escape(r.check_skipped.as_deref().unwrap_or(""))
        );
        return b;
    };
    let _ = write!(
        b,
        "<p>{}: {} positions ({} designed), {} transitions judged (seed {}).</p><table id=\"invariants-table\"><thead><tr><th>invariant</th><th>kind</th><th>clauses</th><th>exercised</th><th>violations</th><th>why</th></tr></thead><tbody>",
        match &c.properties {
            Some(file) => format!("From <code>{}</code>", escape(file)),
            None => "The invariants derived from the spec's settings and the generic ones (the spec has no properties file)".to_string(),
        },
        c.positions,
        c.designed_positions,
        c.transitions,
        r.run.seed
    );
    for i in &c.invariants {
        let class = if i.violations > 0 { "bad" } else { "" };
        let _ = write!(
            b,
            "<tr><td><code>{}</code></td><td>{}</td><td class=\"path\">{}</td><td class=\"num\">{}</td><td class=\"num {class}\">{}</td><td>{}</td></tr>",
            escape(&i.id),
            escape(&i.kind),
            escape(&i.clauses.join(", ")),
            i.exercised,
            i.violations,
            escape(&i.why)
        );
    }
    b.push_str("</tbody></table>");
    for (n, v) in c.violations.iter().enumerate() {
        let _ = write!(b, "<div class=\"witness\">");
        if let Some(p) = r.pictures.violations.get(&n) {
            b.push_str(&inline(p));
        }
        let _ = write!(
            b,
            "<div class=\"moves\"><h3 class=\"bad\">violation of <code>{}</code></h3><p>{}</p><p>clauses {}; found in {}</p><p>position: <code>{}</code></p><p>move: <code>{}</code></p></div></div>",
            escape(&v.invariant),
            escape(&v.message),
            escape(&v.clauses.join(", ")),
            escape(&v.origin),
            escape(&v.position),
            escape(&v.mv)
        );
    }
    b.push_str("</section>");
    b
}

fn paths(r: &SpecReport) -> String {
    let p = &r.paths;
    let mut b = format!(
        "<section id=\"paths\"><h2>Path shapes</h2><p>Z3 drove every path shape of every piece's XBetza both ways (a board where it moves, one where it does not): {} shapes, {} driven both ways, {} confirmed by the move generator, {} dead, {} unknown.</p>",
        p.shapes, p.driven, p.confirmed, p.dead, p.unknown
    );
    if !p.notable.is_empty() {
        b.push_str("<table id=\"paths-table\"><thead><tr><th>piece</th><th>zone</th><th>shape</th><th>verdict</th><th>finding</th></tr></thead><tbody>");
        for s in &p.notable {
            let finding = if s.verdict == Verdict::Proved { "dead notation".to_string() } else { s.summary.clone() };
            let _ = write!(
                b,
                "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                escape(&s.piece),
                escape(&s.zone),
                escape(&s.shape),
                s.verdict.name(),
                escape(&finding)
            );
        }
        b.push_str("</tbody></table>");
    }
    b.push_str("</section>");
    b
}

/// The self-play games: the figures, the endings and the three pictures; or why there are none.
fn self_play(r: &SpecReport) -> String {
    let mut b = String::from("<section id=\"selfplay\"><h2>Self-play</h2>");
    let Some(e) = &r.evaluation else {
        let _ = write!(
            b,
            "<p>Self-play did not run: {}</p></section>",
            escape(r.evaluation_skipped.as_deref().unwrap_or(""))
        );
        return b;
    };
    let _ = write!(b, "<p>{}</p>", escape(&selfplay::settings_line(e)));
    let rate = selfplay::games_per_minute(e.games, r.run.seconds.get("evaluation").copied());
    b.push_str("<table id=\"selfplay-table\"><thead><tr><th>measure</th><th>value</th><th>95% interval</th></tr></thead><tbody>");
    for [measure, value, interval] in selfplay::figures(e, rate) {
        let _ = write!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&measure),
            escape(&value),
            escape(&interval)
        );
    }
    b.push_str("</tbody></table>");
    b.push_str("<table id=\"endings-table\"><thead><tr><th>how the games ended</th><th>games</th><th>1-0</th><th>0-1</th><th>draw or unfinished</th></tr></thead><tbody>");
    for end in &e.endings {
        let _ = write!(
            b,
            "<tr><td><code>{}</code></td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            escape(&end.rule),
            end.games,
            end.first_wins,
            end.second_wins,
            end.draws
        );
    }
    b.push_str("</tbody></table>");
    let _ = write!(b, "<p>{}</p>", escape(&selfplay::readings_line(e)));
    if let Some(line) = selfplay::broken_line(e) {
        let _ = write!(b, "<p class=\"bad\">{}</p>", escape(&line));
    }
    let _ = write!(
        b,
        "<div class=\"plots\"><figure>{}<figcaption>{}</figcaption></figure><figure>{}<figcaption>{}</figcaption></figure><figure>{}<figcaption>{}</figcaption></figure></div>",
        e.pictures.lengths,
        escape(selfplay::LENGTHS_CAPTION),
        e.pictures.scores,
        escape(selfplay::SCORES_CAPTION),
        e.pictures.values,
        escape(&selfplay::values_caption(e))
    );
    b.push_str("</section>");
    b
}

fn run(r: &SpecReport) -> String {
    let x = &r.run;
    let g = &x.budget;
    let mut b = format!(
        "<section id=\"run\"><h2>Run</h2><p>seed {} · kensho {} · Z3 {} · check: {} games of up to {} plies, {} designed positions, {} aimed tries per unexercised invariant · reading search {} positions · Z3 timeout {} ms · perft depth {}</p><table><thead><tr><th>stage</th><th>seconds</th></tr></thead><tbody>",
        x.seed,
        escape(&x.kensho),
        escape(&x.z3),
        g.games,
        g.plies,
        g.positions,
        g.aimed,
        g.search,
        g.timeout_ms,
        g.perft_depth
    );
    for (k, v) in &x.seconds {
        let _ = write!(b, "<tr><td>{}</td><td class=\"num\">{v:.1}</td></tr>", escape(k));
    }
    b.push_str("</tbody></table></section>");
    b
}

/// The index: one row per spec, linking its page.
/// Every reading of the specs with its one-line question and the specs that have it.
fn glossary(reports: &[SpecReport]) -> String {
    let mut readings: std::collections::BTreeMap<&str, (&str, Vec<&str>)> = std::collections::BTreeMap::new();
    for r in reports {
        for rr in &r.readings {
            readings
                .entry(rr.reading.as_str())
                .or_insert((rr.question.as_str(), Vec::new()))
                .1
                .push(r.spec.id.as_str());
        }
    }
    if readings.is_empty() {
        return String::new();
    }
    let mut b = String::from("<section id=\"glossary\"><h2>Readings</h2><p>The named readings of the specs: each is a question the document leaves open, with its options compared on each spec's page.</p><dl class=\"glossary\">");
    for (id, (question, specs)) in readings {
        let _ = write!(
            b,
            "<dt><code>{}</code> <small>({})</small></dt><dd>{}</dd>",
            escape(id),
            escape(&specs.join(", ")),
            escape(question)
        );
    }
    b.push_str("</dl></section>");
    b
}

pub(crate) fn index_page(reports: &[SpecReport]) -> String {
    let seed = reports.first().map(|r| r.run.seed).unwrap_or_default();
    let header = format!(
        "<h1>kensho report</h1><p class=\"meta\">{} specs · seed {seed} · kensho {} · Z3 {}</p>",
        reports.len(),
        escape(reports.first().map(|r| r.run.kensho.as_str()).unwrap_or("")),
        escape(reports.first().map(|r| r.run.z3.as_str()).unwrap_or(""))
    );
    let mut b = String::from("<section><div class=\"scroll\"><table id=\"index-table\"><thead><tr><th>spec</th><th>board</th><th>clauses (encoded)</th><th>exercised</th><th>unaccounted</th><th>violations</th><th>readings: witness / no effect / unknown</th><th>proofs: proved / refuted / unknown</th><th>dead shapes</th><th>lint errors / warnings</th><th>pieces</th><th>perft of the start</th><th>to look at</th></tr></thead><tbody>");
    for r in reports {
        let s = &r.summary;
        let perft = r
            .perft
            .last()
            .map(|p| format!("depth {}: {} nodes", p.depth, crate::text::thousands(p.nodes)))
            .unwrap_or_else(|| "-".into());
        let open = r.open_findings();
        let look = if open.is_empty() {
            "<span class=\"good\">nothing</span>".to_string()
        } else {
            open.iter().map(|f| format!("<span class=\"warn\">{}</span>", escape(f))).collect::<Vec<_>>().join("<br>")
        };
        let bad = |n: u64| if n > 0 { " bad" } else { "" };
        let _ = write!(
            b,
            "<tr><td><a href=\"{id}.html\">{}</a><br><small><code>{}</code></small></td><td>{}</td><td class=\"num\">{} ({})</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num{}\">{}</td><td>{} / {} / {}</td><td class=\"{}\">{} / {} / {}</td><td class=\"num{}\">{}</td><td>{} / {}</td><td class=\"num\">{}</td><td>{}</td><td class=\"note\">{look}</td></tr>",
            escape(&r.spec.name),
            escape(&r.spec.path),
            escape(&r.spec.board),
            s.clauses,
            s.encoded,
            s.exercised,
            s.unaccounted,
            bad(s.violations),
            s.violations,
            s.witnesses,
            s.no_effect,
            s.unknown,
            if s.proofs_refuted > 0 { "bad" } else { "" },
            s.proofs_proved,
            s.proofs_refuted,
            s.proofs_unknown,
            bad(s.dead_shapes as u64),
            s.dead_shapes,
            s.lint_errors,
            s.lint_warnings,
            s.pieces,
            escape(&perft),
            id = escape(&r.spec.id),
        );
    }
    b.push_str("</tbody></table></div>");
    b.push_str(&glossary(reports));
    b.push_str("<p>Each spec's page has its clause table, readings with witness boards, proofs, piece diagrams, perft, lint findings and invariants. The same data is in <code>index.json</code> and <code>&lt;spec&gt;.json</code> (docs/report.md), and as Markdown in <code>index.md</code>.</p></section>");
    page("kensho report", &header, &b, false)
}
