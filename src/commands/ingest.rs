//! `kensho ingest`: reads a rule document, writes a spec skeleton from its Interactive Diagram
//! configuration, and reports every disagreement between the configuration and the prose.

use super::cli::Format;
use super::exit::{self, Output};
use super::findings;

#[derive(clap::Args)]
pub struct Args {
    /// The rule document (a chessvariants-style page saved as text, like shared/seeds/*.txt).
    pub(crate) document: std::path::PathBuf,
    /// Write the spec skeleton here (refuses to overwrite an existing file without --force).
    #[arg(long, value_name = "SPEC.toml")]
    pub(crate) out: Option<std::path::PathBuf>,
    /// Overwrite the --out file if it exists.
    #[arg(long, requires = "out")]
    pub(crate) force: bool,
    /// Output format of the findings.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let label = args.document.display().to_string();
    let text = std::fs::read_to_string(&args.document).map_err(|e| format!("cannot read the document {label}: {e}"))?;
    let name = args.document.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or(label.clone());
    // The skeleton's game id is the --out file's stem, so that it loads from there.
    let id = args.out.as_ref().and_then(|o| o.file_stem()).map(|s| s.to_string_lossy().into_owned());
    let doc = crate::spec::ingest::ingest_as(&name, id.as_deref(), &text)?;
    if let Some(out) = &args.out {
        if out.exists() && !args.force {
            return Err(format!("{} exists; pass --force to overwrite it", out.display()).into());
        }
        super::output::write_atomic(out, &doc.skeleton)
            .map_err(|e| exit::Error::Write(format!("cannot write {}: {e}", out.display())))?;
    }
    let mut out = Output::new();
    match args.format {
        Format::Table => {
            out.line(format_args!(
                "{label}: {} board, {} configuration entries, {} prose setup lines, {} prose promotion lines",
                doc.board,
                doc.config.pieces.len(),
                doc.prose.setup.len(),
                doc.prose.promotions.len()
            ));
            out.append(findings::render_table(&doc.findings));
            out.line(findings::summary(&doc.findings));
            match &args.out {
                Some(path) => out.line(format_args!("spec skeleton written to {}", path.display())),
                None => out.line("pass --out SPEC.toml to write the spec skeleton"),
            }
        }
        Format::Json => {
            let mut v = findings::to_json(&doc.findings);
            v["document"] = serde_json::json!(label);
            out.json(&v);
        }
    }
    // As lint: 1 when the document disagrees with itself (errors), 0 otherwise.
    out.fail_if(findings::counts(&doc.findings).0 > 0);
    Ok(out)
}
