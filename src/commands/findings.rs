//! Findings (lint, ingest) as a terminal table or JSON.

use crate::spec::finding::{Finding, Severity};
use serde_json::{json, Value};
use tabled::settings::{object::Columns, Modify, Style, Width};
use tabled::{Table, Tabled};

/// Counts per severity: (errors, warnings, infos).
pub fn counts(findings: &[Finding]) -> (usize, usize, usize) {
    let n = |s| findings.iter().filter(|f| f.severity == s).count();
    (n(Severity::Error), n(Severity::Warning), n(Severity::Info))
}

pub fn summary(findings: &[Finding]) -> String {
    let (e, w, i) = counts(findings);
    format!("{e} errors, {w} warnings, {i} notes")
}

pub fn render_table(findings: &[Finding]) -> String {
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
    let mut out = Table::new(rows)
        .with(Style::psql())
        .with(Modify::new(Columns::single(4)).with(Width::wrap(70)))
        .with(Modify::new(Columns::single(3)).with(Width::wrap(16)))
        .to_string();
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
