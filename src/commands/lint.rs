//! `kensho lint`: what a spec's author should look at before publishing it (the findings of
//! `acknowledge::lint_findings`), and whether its clause lock is there.

use super::cli::{self, Format};
use super::exit::{self, Output};
use super::{acknowledge, findings};
use crate::spec::finding::Severity;

#[derive(clap::Args)]
pub struct Args {
    /// Spec files (specs/*.toml).
    #[arg(required = true)]
    pub(crate) specs: Vec<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
    /// Leave out notes (severity info).
    #[arg(long)]
    pub(crate) no_notes: bool,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&args.specs)?;
    let mut out = Output::new();
    let mut reports = Vec::new();
    for s in &specs {
        let mut found = acknowledge::lint_findings(s);
        if args.no_notes {
            found.retain(|f| f.severity != Severity::Info);
        }
        // Errors fail the run; warnings and notes are for reading.
        out.fail_if(findings::counts(&found).0 > 0);
        match args.format {
            Format::Table => {
                out.prose(format_args!("{} ({})", s.spec.game.name, s.path));
                out.append(findings::render_table(&found));
                out.prose(findings::summary(&found));
                let lock = crate::spec::lock::lock_path(std::path::Path::new(&s.path));
                if !lock.exists() {
                    out.prose(format_args!(
                        "no clause lock ({}): `kensho lock {}` records what each clause encodes, so that lint lists the clauses an edit changes",
                        lock.display(),
                        s.path
                    ));
                }
                out.line("");
            }
            Format::Json => {
                let mut v = findings::to_json(&found);
                v["spec"] = serde_json::json!(s.spec.game.id.get_ref());
                v["path"] = serde_json::json!(s.path);
                reports.push(v);
            }
        }
    }
    if let Format::Json = args.format {
        out.json(&serde_json::Value::Array(reports));
    }
    Ok(out)
}
