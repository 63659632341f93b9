//! Reading a spec file: strict TOML parsing, then checks that point at the offending value.

use super::diagnostic::{Diagnostic, SpecErrors};
use super::game::{self, GameSpec, Problem};
use super::model::{Clause, ClauseStatus, Reading, SpecFile};
use super::paths;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A spec as read from disk, with its source kept for later diagnostics.
#[derive(Clone, Debug)]
pub struct LoadedSpec {
    /// The path as the user gave it (used in messages).
    pub path: String,
    pub(crate) source: String,
    pub spec: SpecFile,
    /// The spec this one extends, loaded.
    pub(crate) base: Option<Box<LoadedSpec>>,
    /// The whole spec as a TOML value, merged over its base: what readings edit.
    pub(crate) value: toml::Value,
    /// The game under every reading's default.
    pub game: GameSpec,
    /// The game under each non-default option of this spec's own readings, one at a time
    /// (built and checked at load; kept so that lint and `resolve` do not build them again).
    alternatives: Alternatives,
}

/// (reading id, option name) -> the game with that one option switched.
type Alternatives = BTreeMap<(String, String), GameSpec>;

impl LoadedSpec {
    /// Every clause of this spec: the base's first, then its own.
    pub fn all_clauses(&self) -> Vec<&Clause> {
        let mut out = self.base.as_ref().map(|b| b.all_clauses()).unwrap_or_default();
        out.extend(self.spec.clauses.iter());
        out
    }

    /// Every reading in force for this spec: the base's first, then its own.
    pub fn all_readings(&self) -> Vec<&Reading> {
        let mut out = self.base.as_ref().map(|b| b.all_readings()).unwrap_or_default();
        out.extend(self.spec.readings.iter());
        out
    }

    /// The game with one of this spec's own readings set to `option` (the default or another),
    /// as built at load.
    pub fn alternative(&self, reading: &str, option: &str) -> Option<&GameSpec> {
        let r = self.spec.readings.iter().find(|r| r.id.get_ref() == reading)?;
        if r.default.get_ref() == option {
            return Some(&self.game);
        }
        self.alternatives.get(&(reading.to_string(), option.to_string()))
    }

    /// The game with some readings switched from their defaults (`reading id -> option name`).
    pub fn resolve(&self, choices: &BTreeMap<String, String>) -> Result<GameSpec, String> {
        if let [(rid, option)] = choices.iter().collect::<Vec<_>>().as_slice() {
            if let Some(game) = self.alternative(rid, option) {
                return Ok(game.clone());
            }
        }
        let readings = self.all_readings();
        let mut value = self.value.clone();
        for (rid, option) in choices {
            let reading = readings.iter().find(|r| r.id.get_ref() == rid).ok_or_else(|| {
                let ids: Vec<&str> = readings.iter().map(|r| r.id.get_ref().as_str()).collect();
                format!("unknown reading '{rid}' for {}: the readings are {}", self.path, ids.join(", "))
            })?;
            let opt = reading.options.iter().find(|o| o.name.get_ref() == option).ok_or_else(|| {
                let names: Vec<&str> = reading.options.iter().map(|o| o.name.get_ref().as_str()).collect();
                format!("reading '{rid}' has no option '{option}': expected one of {}", names.join(", "))
            })?;
            if option != reading.default.get_ref() {
                // The spec as written states every default already.
                apply_option(&mut value, opt).map_err(|e| format!("reading {rid}={option}: {e}"))?;
            }
        }
        build_from_value(&value).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
            format!("under the chosen readings the spec is invalid:\n{}", lines.join("\n"))
        })
    }
}

impl LoadedSpec {
    /// The default game with the values at `paths` removed (each path as `unset` takes it, a
    /// group path for each member): what the rules would be without those settings. Lint asks
    /// this to find which setting makes a piece's moves differ from its XBetza string.
    pub(crate) fn game_without(&self, paths: &[String]) -> Result<GameSpec, String> {
        let mut value = self.value.clone();
        for p in paths {
            paths::unset(&mut value, p)?;
        }
        build_from_value(&value).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
            format!("without {}: {}", paths.join(", "), lines.join("; "))
        })
    }
}

/// Parses `NAME=OPTION` assignments as given on a command line.
pub fn parse_choices(items: &[String]) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    for item in items {
        let (k, v) =
            item.split_once('=').ok_or_else(|| format!("malformed reading '{item}': expected READING=OPTION"))?;
        out.insert(k.trim().to_string(), v.trim().to_string());
    }
    Ok(out)
}

fn apply_option(value: &mut toml::Value, opt: &super::model::ReadingOption) -> Result<(), String> {
    for p in &opt.unset {
        paths::unset(value, p)?;
    }
    for (p, v) in &opt.set {
        paths::set(value, p, v.clone())?;
    }
    Ok(())
}

/// Builds the typed game from a spec value (round-tripping through TOML text so the strict
/// model reads it exactly as it reads a file).
///
/// The clauses and readings are left out: `game::build` reads neither, no reading option may
/// change them (`ROOTS`), and they are most of a large spec's text, which every reading option
/// would otherwise write and parse again (most of the time a large spec took to load).
fn build_from_value(value: &toml::Value) -> Result<GameSpec, Vec<Problem>> {
    let game_only = match value {
        toml::Value::Table(table) => toml::Value::Table(
            table
                .iter()
                .filter(|(key, _)| !matches!(key.as_str(), "clause" | "reading"))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    };
    let text =
        toml::to_string(&game_only).map_err(|e| vec![Problem { path: String::new(), message: e.to_string() }])?;
    let file: SpecFile = toml::from_str(&text)
        .map_err(|e| vec![Problem { path: String::new(), message: e.message().trim().to_string() }])?;
    game::build(&file)
}

/// Reads and checks one spec file. A spec that `extends` another may cite the base spec's
/// clauses; the base is read (and checked) too.
pub fn load(path: &Path) -> Result<LoadedSpec, SpecErrors> {
    let me = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    load_chain(path, &mut vec![me])
}

fn load_chain(path: &Path, visiting: &mut Vec<PathBuf>) -> Result<LoadedSpec, SpecErrors> {
    let label = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| SpecErrors(vec![Diagnostic::whole_file(&label, format!("cannot read the spec: {e}"))]))?;
    let source = Diagnostic::utf8(&label, bytes).map_err(|d| SpecErrors(vec![d]))?;
    let spec = parse_toml(&label, &source)?;
    let own_value: toml::Value = toml::from_str(&source).map_err(|e| {
        SpecErrors(vec![Diagnostic::at(&label, &source, e.span().unwrap_or(0..0), e.message().trim().to_string())])
    })?;
    let mut base_spec: Option<Box<LoadedSpec>> = None;
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
            errors.push(at_base(format!("extends '{}', but {} does not exist", base.get_ref(), base_path.display())));
        } else {
            let canonical = base_path.canonicalize().unwrap_or_else(|_| base_path.clone());
            if visiting.contains(&canonical) {
                errors.push(at_base(format!("'{}' extends itself through a cycle", base.get_ref())));
            } else {
                visiting.push(canonical);
                match load_chain(&base_path, visiting) {
                    Ok(b) => {
                        inherited.extend(b.spec.clauses.iter().map(|c| c.id.get_ref().clone()));
                        base_spec = Some(Box::new(b));
                    }
                    Err(e) => errors.push(at_base(format!("the base spec '{}' does not load:\n{e}", base.get_ref()))),
                }
                visiting.pop();
            }
        }
    }
    errors.extend(check(&label, &source, &spec, &inherited));
    if !errors.is_empty() {
        return Err(SpecErrors(errors));
    }
    finish(label, source, spec, own_value, base_spec)
}

/// The checks that need the whole game: build it, check clause paths and reading options.
fn finish(
    label: String,
    source: String,
    spec: SpecFile,
    own_value: toml::Value,
    base_spec: Option<Box<LoadedSpec>>,
) -> Result<LoadedSpec, SpecErrors> {
    let mut errors = Vec::new();
    let mut value = base_spec.as_ref().map(|b| b.value.clone()).unwrap_or(toml::Value::Table(Default::default()));
    paths::merge(&mut value, &own_value);
    // The file and the bases it extends, each parsed once for all the problems placed in it.
    let chain = std::cell::OnceCell::new();
    let place = |path: &str, message: String| -> Diagnostic {
        locate_in_chain(chain.get_or_init(|| span_chain(&label, &source, base_spec.as_deref())), path, message)
    };
    let game = match build_from_value(&value) {
        Ok(g) => Some(g),
        Err(problems) => {
            errors.extend(problems.into_iter().map(|p| place(&p.path, p.message)));
            None
        }
    };
    errors.extend(check_encodes(&label, &source, &spec, &value));
    let mut alternatives = Alternatives::new();
    if game.is_some() {
        // Judging the alternatives of an invalid spec would only repeat its errors.
        errors.extend(check_reading_options(&label, &source, &spec, &value, &mut alternatives));
    }
    match game {
        Some(game) if errors.is_empty() => {
            Ok(LoadedSpec { path: label, source, spec, base: base_spec, value, game, alternatives })
        }
        _ => Err(SpecErrors(errors)),
    }
}

/// A file and the bases it extends, in that order: each one's label and source, parsed.
type SpanChain<'s> = Vec<(&'s str, &'s str, paths::PathSpans<'s>)>;

fn span_chain<'s>(label: &'s str, source: &'s str, mut base: Option<&'s LoadedSpec>) -> SpanChain<'s> {
    let mut chain = vec![(label, source, paths::PathSpans::new(source))];
    while let Some(b) = base {
        chain.push((b.path.as_str(), b.source.as_str(), paths::PathSpans::new(&b.source)));
        base = b.base.as_deref();
    }
    chain
}

/// A diagnostic at `path`, found in this file or, failing that, in the base it extends.
fn locate_in_chain(chain: &SpanChain, path: &str, message: String) -> Diagnostic {
    for (label, source, spans) in chain {
        if let Some(span) = spans.locate(path) {
            return Diagnostic::at(label, source, span, message);
        }
    }
    let (label, source, _) = &chain[0];
    Diagnostic::at(label, source, 0..0, message)
}

/// A clause marked `encoded` must point at something the spec states.
fn check_encodes(label: &str, source: &str, spec: &SpecFile, value: &toml::Value) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for c in &spec.clauses {
        let status = *c.status.get_ref();
        let Some(encode) = &c.encode else {
            if status == ClauseStatus::Encoded {
                errors.push(Diagnostic::at(
                    label,
                    source,
                    c.status.span(),
                    format!("clause {} is encoded but has no `encode` path", c.id.get_ref()),
                ));
            }
            continue;
        };
        for p in encode.get_ref().paths() {
            if !ROOTS.contains(&p.split('.').next().unwrap_or_default()) {
                errors.push(Diagnostic::at(
                    label,
                    source,
                    encode.span(),
                    format!(
                        "clause {}: '{p}' is not a spec path (it starts with one of {})",
                        c.id.get_ref(),
                        ROOTS.join(", ")
                    ),
                ));
            } else if status == ClauseStatus::Encoded && !paths::resolves(value, p) {
                errors.push(Diagnostic::at(
                    label,
                    source,
                    encode.span(),
                    format!("clause {} is encoded at '{p}', but the spec states nothing there", c.id.get_ref()),
                ));
            }
        }
    }
    errors
}

/// What a spec path may start with.
const ROOTS: &[&str] = &["board", "zone", "piece", "group", "setup", "rules", "counts"];

/// The default option of a reading must describe the spec as written; every other option must
/// turn it into a valid spec.
fn check_reading_options(
    label: &str,
    source: &str,
    spec: &SpecFile,
    value: &toml::Value,
    alternatives: &mut Alternatives,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for r in &spec.readings {
        let rid = r.id.get_ref();
        for o in &r.options {
            let name = o.name.get_ref();
            let mut err = |msg: String| {
                errors.push(Diagnostic::at(
                    label,
                    source,
                    o.name.span(),
                    format!("reading {rid}, option {name}: {msg}"),
                ))
            };
            for p in o.set.keys().chain(o.unset.iter()) {
                if !ROOTS.contains(&p.split('.').next().unwrap_or_default()) {
                    err(format!("'{p}' is not a spec path (it starts with one of {})", ROOTS.join(", ")));
                }
            }
            if name == r.default.get_ref() {
                for (p, v) in &o.set {
                    match paths::expand_group(value, p) {
                        Ok(expanded) => {
                            for q in expanded {
                                match paths::get(value, &q) {
                                    Some(have) if have == v => {}
                                    Some(have) => err(format!("it is the default, so the spec should state {q} = {v}, but it states {have}")),
                                    None => err(format!("it is the default, so the spec should state {q} = {v}, but it states nothing there")),
                                }
                            }
                        }
                        Err(e) => err(e),
                    }
                }
                for p in &o.unset {
                    if paths::resolves(value, p) {
                        err(format!("it is the default and removes {p}, but the spec states it"));
                    }
                }
                continue;
            }
            let mut switched = value.clone();
            if let Err(e) = apply_option(&mut switched, o) {
                err(e);
                continue;
            }
            match build_from_value(&switched) {
                Ok(game) => {
                    alternatives.insert((rid.clone(), name.clone()), game);
                }
                Err(problems) => {
                    for p in problems {
                        err(format!("the spec it gives is invalid: {}", p.message));
                    }
                }
            }
        }
    }
    errors
}

/// Reads spec text that extends nothing (fixtures, tests): the same checks as `load` except
/// the file-name check.
pub fn parse(label: &str, source: &str) -> Result<LoadedSpec, SpecErrors> {
    let spec = parse_toml(label, source)?;
    let errors = check(label, source, &spec, &HashSet::new());
    if !errors.is_empty() {
        return Err(SpecErrors(errors));
    }
    if let Some(base) = &spec.game.extends {
        return Err(SpecErrors(vec![Diagnostic::at(
            label,
            source,
            base.span(),
            "a spec that extends another must be loaded from a file",
        )]));
    }
    let own_value: toml::Value = toml::from_str(source).map_err(|e| {
        SpecErrors(vec![Diagnostic::at(label, source, e.span().unwrap_or(0..0), e.message().trim().to_string())])
    })?;
    finish(label.to_string(), source.to_string(), spec, own_value, None)
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
        if needs_why && c.why.as_deref().is_none_or(|w| w.trim().is_empty()) {
            err(c.status.span(), format!("clause {id} is {} but does not say why", status.name()));
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
