//! `kensho lock`: records what each clause of a spec encodes in the clause lock beside it, so
//! that `kensho lint` can list the clauses a later edit changes.

use super::cli;
use super::exit::{self, Output};
use crate::spec::lock;

#[derive(clap::Args)]
pub struct Args {
    /// Spec files (specs/*.toml).
    #[arg(required = true)]
    pub(crate) specs: Vec<std::path::PathBuf>,
}

pub fn run(args: Args) -> exit::Result {
    let specs = cli::load_specs(&args.specs)?;
    let mut out = Output::new();
    for s in &specs {
        let path = lock::lock_path(std::path::Path::new(&s.path));
        // An unreadable old lock is replaced; it only said which clauses to re-read.
        let before = lock::read(&path).ok().flatten();
        let now = lock::encodings(s);
        if let Err(e) = super::output::write_atomic(&path, &lock::render(s)) {
            // The locks written before this one are said, with what each accepted.
            return Err(exit::Error::Write(format!("cannot write {}: {e}", path.display())).after(out));
        }
        let accepted = before.map(|b| {
            let mut clauses: Vec<String> = lock::drift(&b, &now).into_iter().map(|(c, _)| c).collect();
            clauses.dedup();
            clauses
        });
        let what = match accepted {
            None => "written".to_string(),
            Some(c) if c.is_empty() => "unchanged".to_string(),
            Some(c) => format!("accepted the changes of {}", c.join(", ")),
        };
        out.line(format_args!("{}: {} clauses locked; {what}", path.display(), now.len()));
    }
    Ok(out)
}
