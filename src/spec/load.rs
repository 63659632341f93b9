//! Reading a spec file: strict TOML parsing, then checks that point at the offending value.

use super::diagnostic::{Diagnostic, SpecErrors};
use super::model::{ClauseStatus, SpecFile};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A spec as read from disk, with its source kept for later diagnostics.
#[derive(Clone, Debug)]
pub struct LoadedSpec {
    /// The path as the user gave it (used in messages).
    pub path: String,
    pub source: String,
    pub spec: SpecFile,
}

/// Reads and checks one spec file. A spec that `extends` another may cite the base spec's
/// clauses; the base is read (and checked) too.
pub fn load(path: &Path) -> Result<LoadedSpec, SpecErrors> {
    let me = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    load_chain(path, &mut vec![me])
}

fn load_chain(path: &Path, visiting: &mut Vec<PathBuf>) -> Result<LoadedSpec, SpecErrors> {
    let label = path.display().to_string();
    let source = std::fs::read_to_string(path).map_err(|e| {
        SpecErrors(vec![Diagnostic::whole_file(&label, format!("cannot read the spec: {e}"))])
    })?;
    let spec = parse_toml(&label, &source)?;
    let mut errors = Vec::new();
    if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
        if spec.game.id.get_ref() != stem {
            errors.push(Diagnostic::at(
                &label,
                &source,
                spec.game.id.span(),
                format!("game id '{}' differs from the file name '{stem}'", spec.game.id.get_ref()),
            ));
        }
    }
    // The base's clause ids are valid citations here.
    let mut inherited: HashSet<String> = HashSet::new();
    if let Some(base) = &spec.game.extends {
        let dir = path.parent().unwrap_or(Path::new("."));
        let base_path = dir.join(format!("{}.toml", base.get_ref()));
        let at_base = |msg: String| Diagnostic::at(&label, &source, base.span(), msg);
        if !base_path.exists() {
            errors.push(at_base(format!(
                "extends '{}', but {} does not exist",
                base.get_ref(),
                base_path.display()
            )));
        } else {
            let canonical = base_path.canonicalize().unwrap_or_else(|_| base_path.clone());
            if visiting.contains(&canonical) {
                errors.push(at_base(format!("'{}' extends itself through a cycle", base.get_ref())));
            } else {
                visiting.push(canonical);
                match load_chain(&base_path, visiting) {
                    Ok(b) => inherited.extend(b.spec.clauses.iter().map(|c| c.id.get_ref().clone())),
                    Err(e) => errors.push(at_base(format!(
                        "the base spec '{}' does not load:\n{e}",
                        base.get_ref()
                    ))),
                }
                visiting.pop();
            }
        }
    }
    errors.extend(check(&label, &source, &spec, &inherited));
    if !errors.is_empty() {
        return Err(SpecErrors(errors));
    }
    Ok(LoadedSpec {
        path: label,
        source,
        spec,
    })
}

/// Parses spec text (strictly) and runs the checks that need nothing but the file itself.
pub fn parse(label: &str, source: &str) -> Result<SpecFile, SpecErrors> {
    let spec = parse_toml(label, source)?;
    let errors = check(label, source, &spec, &HashSet::new());
    if errors.is_empty() {
        Ok(spec)
    } else {
        Err(SpecErrors(errors))
    }
}

/// Strict TOML -> model, a syntax or shape error pointing at its place.
fn parse_toml(label: &str, source: &str) -> Result<SpecFile, SpecErrors> {
    toml::from_str(source).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        SpecErrors(vec![Diagnostic::at(label, source, span, e.message().trim().to_string())])
    })
}

fn check(label: &str, source: &str, spec: &SpecFile, inherited: &HashSet<String>) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut err = |span: std::ops::Range<usize>, msg: String| {
        errors.push(Diagnostic::at(label, source, span, msg));
    };
    let prefix = spec.game.clause_prefix.get_ref();
    let mut clause_ids: HashSet<&str> = HashSet::new();
    for c in &spec.clauses {
        let id = c.id.get_ref();
        let well_formed = id
            .strip_prefix(prefix.as_str())
            .and_then(|rest| rest.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !well_formed {
            err(c.id.span(), format!("clause id '{id}' is not of the form {prefix}-N"));
        }
        if !clause_ids.insert(id) {
            err(c.id.span(), format!("clause id '{id}' is used twice"));
        }
        let status = *c.status.get_ref();
        let needs_why = !matches!(status, ClauseStatus::Encoded | ClauseStatus::Pending);
        if needs_why && c.why.as_deref().map_or(true, |w| w.trim().is_empty()) {
            err(
                c.status.span(),
                format!("clause {id} is {} but does not say why", status.name()),
            );
        }
        if c.text.trim().is_empty() {
            err(c.id.span(), format!("clause {id} has no text: quote the document's words"));
        }
    }
    let mut reading_ids: HashSet<&str> = HashSet::new();
    for r in &spec.readings {
        let rid = r.id.get_ref();
        if !reading_ids.insert(rid) {
            err(r.id.span(), format!("reading id '{rid}' is used twice"));
        }
        for c in &r.clauses {
            if !clause_ids.contains(c.get_ref().as_str()) && !inherited.contains(c.get_ref()) {
                err(c.span(), format!("reading '{rid}' cites unknown clause '{}'", c.get_ref()));
            }
        }
        let mut names: HashMap<&str, ()> = HashMap::new();
        for o in &r.options {
            if names.insert(o.name.get_ref(), ()).is_some() {
                err(o.name.span(), format!("reading '{rid}' has two options named '{}'", o.name.get_ref()));
            }
        }
        if r.options.len() < 2 {
            err(r.id.span(), format!("reading '{rid}' has fewer than two options"));
        }
        if !names.contains_key(r.default.get_ref().as_str()) {
            let list: Vec<&str> = r.options.iter().map(|o| o.name.get_ref().as_str()).collect();
            err(
                r.default.span(),
                format!(
                    "the default '{}' of reading '{rid}' is not one of its options ({})",
                    r.default.get_ref(),
                    list.join(", ")
                ),
            );
        }
    }
    errors
}
