//! `kensho prove SPEC...`: the spec consistency proofs (src/smt/proofs.rs), each proved,
//! refuted with a witness, or unknown with the reason.

use super::cli::{self, CheckFormat, SmtArgs};
use super::exit::{self, Output};
use super::terminal::{self, Fit};
use crate::smt::proofs::{spec_proofs, Proof};
use crate::smt::{Limits, Verdict};
use crate::spec::LoadedSpec;
use serde::Serialize;
use tabled::builder::Builder;

#[derive(Serialize)]
pub struct Proofs {
    pub(crate) spec: String,
    pub(crate) proofs: Vec<Proof>,
    /// The spec's proof acknowledgements that matched no refuted proof.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) stale_acknowledgements: Vec<String>,
}

impl Proofs {
    /// A refuted proof the spec does not acknowledge, or an acknowledgement that excuses
    /// nothing any more: exit 1.
    pub(crate) fn refuted(&self) -> bool {
        self.proofs.iter().any(Proof::refuted_open) || !self.stale_acknowledgements.is_empty()
    }
}

pub(crate) fn of_spec(spec: &LoadedSpec, limits: &Limits) -> Proofs {
    let mut proofs = spec_proofs(spec, limits);
    let stale_acknowledgements = super::acknowledge::proofs(spec, &mut proofs);
    Proofs { spec: spec.path.clone(), proofs, stale_acknowledgements }
}

pub(crate) fn render(result: &Proofs, markdown: bool) -> String {
    let header: Vec<String> = ["proof", "verdict", "detail"].map(String::from).to_vec();
    let mut rows: Vec<Vec<String>> = Vec::new();
    for p in &result.proofs {
        let verdict = match (&p.verdict, p.applies) {
            (Verdict::Witness, _) if p.acknowledged.is_some() => "refuted (acknowledged)".to_string(),
            (Verdict::Witness, _) => "refuted".to_string(),
            (v, true) => v.name().to_string(),
            (_, false) => "not applicable".to_string(),
        };
        let mut detail = match &p.witness {
            Some(w) => format!("{}: {w}", p.detail),
            None => p.detail.clone(),
        };
        if !p.holds_under.is_empty() {
            detail.push_str(&format!("; holds under {}", p.holds_under.join(", ")));
        }
        if let Some(why) = &p.acknowledged {
            detail.push_str(&format!("; acknowledged in the spec: {why}"));
        }
        rows.push(vec![p.name.clone(), verdict, detail]);
    }
    let t = if markdown {
        let mut b = Builder::default();
        b.push_record(header);
        for row in rows {
            b.push_record(row);
        }
        let mut t = b.build();
        t.with(tabled::settings::Style::markdown());
        t.to_string()
    } else {
        terminal::grid(&header, &rows, &[Fit::wrap("detail", 30), Fit::wrap("verdict", 10)], terminal::width())
    };
    let head = if markdown { format!("## {}: proofs\n\n", result.spec) } else { format!("{}: proofs\n", result.spec) };
    let claims: String = result.proofs.iter().map(|p| format!("  {}: {}\n", p.name, p.claim)).collect();
    let claims = if markdown { claims } else { terminal::prose(&claims, 4) };
    let stale: String = result.stale_acknowledgements.iter().map(|s| format!("  stale: {s}\n")).collect();
    format!("{head}{t}\n{claims}{stale}")
}

#[derive(clap::Args)]
#[command(
    after_help = "Every proof is proved, refuted with a witness, or unknown with the reason (docs/smt.md). Exit status: 0 none refuted, 1 a proof refuted, 2 bad input."
)]
pub struct Args {
    /// Spec files (specs/*.toml).
    #[arg(required = true)]
    pub(crate) specs: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub(crate) smt: SmtArgs,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&args.specs)?;
    let limits = args.smt.limits();
    let mut out = Output::new();
    let mut json = Vec::new();
    for spec in &specs {
        let result = of_spec(spec, &limits);
        out.fail_if(result.refuted());
        match args.smt.format {
            CheckFormat::Table => out.line(render(&result, false)),
            CheckFormat::Markdown => out.line(render(&result, true)),
            CheckFormat::Json => json.push(serde_json::json!(result)),
        }
    }
    if let CheckFormat::Json = args.smt.format {
        out.json(&serde_json::Value::Array(json));
    }
    Ok(out)
}
