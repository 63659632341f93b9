//! `kensho prove SPEC...`: the spec consistency proofs (src/smt/proofs.rs), each proved,
//! refuted with a witness, or unknown with the reason.

use crate::smt::proofs::{spec_proofs, Proof};
use crate::smt::{Limits, Verdict};
use crate::spec::LoadedSpec;
use serde::Serialize;
use tabled::builder::Builder;

#[derive(Serialize)]
pub struct Proofs {
    pub spec: String,
    pub proofs: Vec<Proof>,
}

impl Proofs {
    pub fn refuted(&self) -> bool {
        self.proofs.iter().any(|p| p.verdict == Verdict::Witness)
    }
}

pub fn run(spec: &LoadedSpec, limits: &Limits) -> Proofs {
    Proofs { spec: spec.path.clone(), proofs: spec_proofs(spec, limits) }
}

pub fn render(result: &Proofs, markdown: bool) -> String {
    let mut b = Builder::default();
    b.push_record(["proof", "verdict", "detail"]);
    for p in &result.proofs {
        let verdict = match (&p.verdict, p.applies) {
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
        b.push_record([p.name.clone(), verdict, detail]);
    }
    let mut t = b.build();
    if markdown {
        t.with(tabled::settings::Style::markdown());
    } else {
        t.with(tabled::settings::Style::psql());
    }
    let head = if markdown { format!("## {}: proofs\n\n", result.spec) } else { format!("{}: proofs\n", result.spec) };
    let claims: String = result.proofs.iter().map(|p| format!("  {}: {}\n", p.name, p.claim)).collect();
    format!("{head}{t}\n{claims}")
}
