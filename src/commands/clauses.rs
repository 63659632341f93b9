//! `kensho clauses SPEC...`: every clause of each spec with its status, where it is encoded
//! (or why not), and the readings that cite it.

use super::cli::{self, Format};
use super::exit::{self, Output};
use crate::spec::{ClauseStatus, LoadedSpec};
use serde_json::{json, Value};
use std::collections::BTreeMap;

use crate::text::shorten;

/// The readings that cite each clause id.
fn citing_readings(spec: &LoadedSpec) -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &spec.spec.readings {
        for c in &r.clauses {
            map.entry(c.get_ref().clone()).or_default().push(r.id.get_ref().clone());
        }
    }
    map
}

/// Counts of clauses per status, in a fixed order.
pub(crate) fn status_counts(spec: &LoadedSpec) -> Vec<(ClauseStatus, usize)> {
    let order = [
        ClauseStatus::Encoded,
        ClauseStatus::Pending,
        ClauseStatus::Informative,
        ClauseStatus::OutOfScope,
        ClauseStatus::Contradicted,
    ];
    order.iter().map(|&s| (s, spec.spec.clauses.iter().filter(|c| *c.status.get_ref() == s).count())).collect()
}

pub(crate) fn render_table(spec: &LoadedSpec) -> String {
    use super::terminal::{self, Fit};
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        clause: String,
        status: &'static str,
        section: String,
        words: String,
        #[tabled(rename = "encoded at / why not")]
        detail: String,
        readings: String,
    }
    let citing = citing_readings(spec);
    let rows: Vec<Row> = spec
        .spec
        .clauses
        .iter()
        .map(|c| {
            let status = *c.status.get_ref();
            let detail = match status {
                ClauseStatus::Encoded | ClauseStatus::Pending => encode_paths(c).join(", "),
                _ => c.why.clone().unwrap_or_default(),
            };
            Row {
                clause: c.id.get_ref().clone(),
                status: status.name(),
                section: shorten(&c.section, 28),
                words: shorten(&c.text, 60),
                detail: shorten(&detail, 40),
                readings: citing.get(c.id.get_ref()).map(|v| v.join(", ")).unwrap_or_default(),
            }
        })
        .collect();
    let g = &spec.spec.game;
    let counts: Vec<String> =
        status_counts(spec).into_iter().filter(|(_, n)| *n > 0).map(|(s, n)| format!("{n} {}", s.name())).collect();
    let mut out = terminal::prose(
        &format!(
            "{} ({}): {} clauses ({}), {} readings\n",
            g.name,
            spec.path,
            spec.spec.clauses.len(),
            counts.join(", "),
            spec.spec.readings.len()
        ),
        2,
    );
    if !rows.is_empty() {
        // Narrow terminals lose the citing readings first, then the section.
        const FITS: [Fit; 4] = [
            Fit::wrap("words", 28),
            Fit::wrap("encoded at / why not", 20),
            Fit::dropped("section", 14, 2),
            Fit::dropped("readings", 14, 1),
        ];
        out.push_str(&terminal::table(&rows, &FITS));
        out.push('\n');
    }
    out
}

pub fn to_json(spec: &LoadedSpec) -> Value {
    let citing = citing_readings(spec);
    json!({
        "spec": spec.spec.game.id.get_ref(),
        "path": spec.path,
        "clauses": spec.spec.clauses.iter().map(|c| json!({
            "id": c.id.get_ref(),
            "section": c.section,
            "text": c.text,
            "status": c.status.get_ref().name(),
            "encode": encode_paths(c),
            "why": c.why,
            "readings": citing.get(c.id.get_ref()).cloned().unwrap_or_default(),
        })).collect::<Vec<_>>(),
    })
}

fn encode_paths(c: &crate::spec::Clause) -> Vec<String> {
    c.encode.as_ref().map(|e| e.get_ref().paths().into_iter().map(String::from).collect()).unwrap_or_default()
}

#[derive(clap::Args)]
pub struct Args {
    /// Spec files (specs/*.toml).
    #[arg(required = true)]
    pub(crate) specs: Vec<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&args.specs)?;
    let mut out = Output::new();
    match args.format {
        Format::Table => {
            for s in &specs {
                out.line(render_table(s));
            }
        }
        Format::Json => out.json(&Value::Array(specs.iter().map(to_json).collect())),
    }
    Ok(out)
}
