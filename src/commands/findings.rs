//! Findings (lint, ingest) as a terminal table or JSON.

use super::terminal::{self, Fit};
use crate::spec::finding::{Finding, Severity};
use serde_json::{json, Value};
use tabled::Tabled;

/// Counts per severity: (errors, warnings, infos).
pub(crate) fn counts(findings: &[Finding]) -> (usize, usize, usize) {
    let n = |s| findings.iter().filter(|f| f.severity == s).count();
    (n(Severity::Error), n(Severity::Warning), n(Severity::Info))
}

pub(crate) fn summary(findings: &[Finding]) -> String {
    let (e, w, i) = counts(findings);
    format!("{e} errors, {w} warnings, {i} notes")
}

pub(crate) fn render_table(findings: &[Finding]) -> String {
    #[derive(Tabled)]
    struct Row {
        severity: &'static str,
        code: &'static str,
        subject: String,
        clauses: String,
        message: String,
        #[tabled(rename = "where")]
        location: String,
    }
    let rows: Vec<Row> = findings
        .iter()
        .map(|f| Row {
            severity: f.severity.name(),
            code: f.code,
            subject: f.subject.clone(),
            // The table shows the first three; JSON keeps them all.
            clauses: match f.clauses.len() {
                0..=3 => f.clauses.join(", "),
                n => format!("{}, +{}", f.clauses[..3].join(", "), n - 3),
            },
            message: f.message.clone(),
            location: f.location.clone(),
        })
        .collect();
    if rows.is_empty() {
        return String::from("no findings\n");
    }
    // Narrow terminals lose the clauses first (the JSON has them), then where.
    const FITS: [Fit; 4] = [
        Fit::wrap("message", 30),
        Fit::wrap("subject", 10),
        Fit::dropped("clauses", 10, 1),
        Fit::dropped("where", 17, 2),
    ];
    let mut out = terminal::table(&rows, &FITS);
    out.push('\n');
    out
}

pub fn to_json(findings: &[Finding]) -> Value {
    let (e, w, i) = counts(findings);
    json!({
        "errors": e,
        "warnings": w,
        "notes": i,
        "findings": findings,
    })
}
