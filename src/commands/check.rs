//! `kensho check SPEC...`: the invariants of properties/<spec>.toml and the generic ones, run
//! over seeded random games and designed positions, then designed positions aimed at every
//! invariant not yet exercised; the clause coverage table; every violation with its shrunk
//! witness and the seed to replay it.

use super::cli::{self, CheckFormat};
use super::engine::{draw_position, engine_for_moves};
use super::exit::{self, Output};
use crate::check::coverage::{self, ClauseRow};
use crate::check::generic::{self, ClauseEncoding};
use crate::check::properties::{self, Properties};
use crate::check::run::{self, Budget, Report};
use crate::check::Invariant;
use crate::engine::{Engine, Position};
use crate::spec::LoadedSpec;
use crate::text::shorten;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Everything one spec's check needs, loaded and validated.
pub struct Subject {
    pub(crate) spec: LoadedSpec,
    /// The properties file read; None where the spec has none and only the generic invariants
    /// are judged.
    pub properties_path: Option<String>,
    pub properties: Properties,
    pub engine: Engine,
    pub invariants: Vec<Invariant>,
    /// The invariants derived from the spec's settings (those a properties invariant overrides
    /// included), and the settings left underived with the reason.
    pub(crate) derived: crate::check::derived::Derived,
    /// The derived invariants a properties invariant replaces: (derived id, the file's id).
    pub(crate) overridden: Vec<(String, String)>,
    /// The properties file's `[[position]]`s, read.
    pub hand_positions: Vec<Position>,
    pub(crate) warnings: Vec<String>,
}

/// properties/<stem>.toml beside the spec's directory (specs/x.toml -> properties/x.toml).
pub(crate) fn default_properties_path(spec_path: &Path) -> PathBuf {
    let stem = spec_path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
    let dir = spec_path.parent().unwrap_or(Path::new("."));
    let root = dir.parent().unwrap_or(Path::new("."));
    root.join("properties").join(format!("{stem}.toml"))
}

/// `kensho lint`'s findings about the properties file beside the spec
/// (properties/<stem>.toml), if there is one: a file that does not read or does not name the
/// spec's pieces, zones and clauses (error `properties-invalid`), and invariants that the
/// spec's own settings contradict, such as a stale copy's forced ranks (error
/// `properties-contradict`: one of the two files is wrong, and the check would report moves the
/// spec allows as violations).
pub(crate) fn properties_lint(spec: &LoadedSpec) -> Vec<crate::spec::finding::Finding> {
    use crate::spec::finding::{Finding, Severity};
    let file = default_properties_path(Path::new(&spec.path));
    let shown = file.display().to_string();
    let Ok(bytes) = std::fs::read(&file) else { return Vec::new() };
    let invalid =
        |e: String| vec![Finding::new(Severity::Error, "properties-invalid", shown.clone(), e).at(shown.clone())];
    let props = match properties::text(&shown, bytes).and_then(|text| properties::parse(&shown, &text)) {
        Ok(p) => p,
        Err(e) => return invalid(e),
    };
    let clause_ids: Vec<String> = spec.all_clauses().iter().map(|c| c.id.get_ref().clone()).collect();
    if let Err(e) = props.validate(&shown, &spec.game, &clause_ids) {
        return invalid(e);
    }
    let derived = crate::check::derived::derive(spec, &spec.game);
    crate::check::derived::contradictions(&props.invariants, &derived, &spec.game)
        .into_iter()
        .map(|(id, what)| {
            let clauses = props.invariants.iter().find(|i| i.id == id).map(|i| i.clauses.clone()).unwrap_or_default();
            Finding::new(Severity::Error, "properties-contradict", id.clone(), format!("invariant '{id}' {what}"))
                .clauses(clauses)
                .at(shown.clone())
        })
        .collect()
}

/// Loads the properties file (None: the spec has none, and only the generic invariants are
/// judged) and the engine; errors are for the user (exit 2).
pub fn subject(
    spec: LoadedSpec,
    choices: &BTreeMap<String, String>,
    properties_path: Option<&Path>,
) -> Result<Subject, String> {
    let (path, text, props) = match properties_path {
        Some(file) => {
            let path = file.display().to_string();
            let bytes = std::fs::read(file)
                .map_err(|e| format!("{path}: cannot read the properties file of {}: {e}", spec.path))?;
            let text = properties::text(&path, bytes)?;
            let props = properties::parse(&path, &text)?;
            (Some(path), text, props)
        }
        None => (None, String::new(), Properties::none(&spec.game.id)),
    };
    let clauses = spec.all_clauses();
    let clause_ids: Vec<String> = clauses.iter().map(|c| c.id.get_ref().clone()).collect();
    let (engine, warnings) = engine_for_moves(&spec, choices)?;
    if let Some(path) = &path {
        props.validate_in(path, &text, &engine.game, &clause_ids)?;
    }
    let encodings: Vec<(String, Vec<String>)> = clauses
        .iter()
        .filter(|c| *c.status.get_ref() == crate::spec::ClauseStatus::Encoded)
        .map(|c| (c.id.get_ref().clone(), coverage::encode_paths(c)))
        .collect();
    let view: Vec<ClauseEncoding<'_>> = encodings
        .iter()
        .map(|(id, paths)| ClauseEncoding { id, paths: paths.iter().map(String::as_str).collect() })
        .collect();
    // The hand-designed positions must read under this engine (and these readings).
    let hand_positions = props
        .positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            engine.parse_position(&p.text).map_err(|e| {
                let (shown, _) = crate::text::underline(&p.text, 1, 1);
                format!("{}: [[position]] {} ({shown}): {e}", path.as_deref().unwrap_or_default(), i + 1)
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    // The spec's own settings restated (src/check/derived.rs), except those the file replaces.
    let derived = crate::check::derived::derive(&spec, &engine.game);
    let mut overridden = Vec::new();
    let mut invariants = Vec::new();
    for d in &derived.invariants {
        match props.invariants.iter().find(|i| i.overrides.iter().any(|o| crate::check::derived::overrides(o, &d.id))) {
            Some(by) => overridden.push((d.id.clone(), by.id.clone())),
            None => invariants.push(d.clone()),
        }
    }
    let mut warnings = warnings;
    for inv in &props.invariants {
        for o in &inv.overrides {
            if !derived.invariants.iter().any(|d| crate::check::derived::overrides(o, &d.id)) {
                warnings.push(format!(
                    "invariant '{}' overrides '{o}', which this spec does not derive (`kensho check` lists the derived invariants)",
                    inv.id
                ));
            }
        }
    }
    invariants.extend(props.invariants.iter().cloned());
    for mut g in generic::invariants(&engine.game, &view) {
        // The file may give a generic invariant more clauses to cite ([generic.<name>]).
        if let Some(cite) = props.generic.get(g.id.trim_start_matches("generic:")) {
            for c in &cite.clauses {
                if !g.clauses.contains(c) {
                    g.clauses.push(c.clone());
                }
            }
            g.why = format!("{} {}", g.why, cite.why);
        }
        invariants.push(g);
    }
    Ok(Subject {
        spec,
        properties_path: path,
        properties: props,
        engine,
        invariants,
        derived,
        overridden,
        hand_positions,
        warnings,
    })
}

pub(crate) fn bar(len: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed_precise}")
            .expect("static template")
            .progress_chars("=> "),
    );
    pb
}

/// What `kensho check` found for one spec.
pub struct Outcome {
    pub report: Report,
    pub rows: Vec<ClauseRow>,
    pub(crate) seconds: f64,
    pub(crate) budget: Budget,
    pub(crate) aimed_tries: usize,
}

/// The run: games and designed positions, then positions aimed at unexercised invariants.
pub fn check(subject: &Subject, budget: Budget, aimed_tries: usize, progress: bool) -> Outcome {
    let started = Instant::now();
    let pb = bar((budget.games + budget.positions) as u64, !progress);
    pb.set_message(format!("{}: games and designed positions", subject.engine.game.id));
    let mut report = run::run(&subject.engine, &subject.invariants, budget, &pb);
    for (i, pos) in subject.hand_positions.iter().enumerate() {
        let origin = format!("position {} of the properties file", i + 1);
        let mut judged = run::position(&subject.engine, &subject.invariants, pos, &origin);
        judged.designed = judged.positions;
        report.merge(judged);
    }
    if aimed_tries > 0 {
        let missing = subject.invariants.iter().filter(|i| !report.tally.exercised.contains_key(&i.id)).count();
        pb.set_length(pb.length().unwrap_or(0) + (missing * aimed_tries) as u64);
        run::aim_at_unexercised(&subject.engine, &subject.invariants, budget.seed, aimed_tries, &mut report, &pb);
    }
    pb.finish_and_clear();
    let rows = coverage::rows(&subject.spec, &subject.properties, &subject.invariants, &report.tally);
    Outcome { report, rows, seconds: started.elapsed().as_secs_f64(), budget, aimed_tries }
}

/// Which invariants were derived from the spec's settings, which the file replaces, and which
/// settings were left underived and why: one line each, indented.
pub(crate) fn derived_lines(subject: &Subject) -> String {
    let mut out = String::new();
    let kept: Vec<&str> = subject
        .derived
        .invariants
        .iter()
        .filter(|d| !subject.overridden.iter().any(|(id, _)| *id == d.id))
        .map(|d| d.id.as_str())
        .collect();
    if !kept.is_empty() {
        out.push_str(&format!("  derived: {}\n", kept.join(", ")));
    }
    for (id, by) in &subject.overridden {
        out.push_str(&format!("  {id}: replaced by the file's '{by}'\n"));
    }
    for (id, why) in &subject.derived.not_derived {
        out.push_str(&format!("  {id}: not derived: {why}\n"));
    }
    out
}

fn summary(subject: &Subject, o: &Outcome) -> String {
    let r = &o.report;
    let rate = if o.seconds > 0.0 { r.transitions as f64 / o.seconds } else { 0.0 };
    let unaccounted = o.rows.iter().filter(|c| !c.accounted_for()).count();
    format!(
        "{} ({}), properties {}: {} invariants ({} from the file, {} derived from the spec's settings), seed {}\n{}\
         {} games of up to {} plies and {} designed positions ({} admissible, {} aimed tries per unexercised invariant): \
         {} positions, {} transitions in {:.1} s ({:.0} transitions/s)\n\
         clauses: {} encoded, {} exercised, {} explained, {} neither; violations: {}\n",
        subject.engine.game.name,
        subject.spec.path,
        subject.properties_path.as_deref().unwrap_or("none (derived and generic invariants)"),
        subject.invariants.len(),
        subject.properties.invariants.len(),
        subject.derived.invariants.len() - subject.overridden.len(),
        o.budget.seed,
        derived_lines(subject),
        o.budget.games,
        o.budget.plies,
        o.budget.positions,
        r.designed,
        o.aimed_tries,
        r.positions,
        r.transitions,
        o.seconds,
        rate,
        o.rows.len(),
        o.rows.iter().filter(|c| c.exercised > 0).count(),
        o.rows.iter().filter(|c| c.exercised == 0 && c.explained).count(),
        unaccounted,
        r.tally.total_violations(),
    )
}

/// The coverage table (tabled), plain or Markdown.
pub(crate) fn render_table(subject: &Subject, o: &Outcome, markdown: bool) -> String {
    use super::terminal::{self, Fit};
    use tabled::{Table, Tabled};
    #[derive(Tabled)]
    struct Row {
        clause: String,
        words: String,
        #[tabled(rename = "encoded at")]
        encoding: String,
        invariants: String,
        exercised: u64,
        violations: u64,
        note: String,
    }
    let rows: Vec<Row> = o
        .rows
        .iter()
        .map(|c| Row {
            clause: c.id.clone(),
            words: shorten(&c.words, 60),
            encoding: shorten(&c.encoding.join(", "), 40),
            invariants: shorten(&c.invariants_in_short().join(", "), 50),
            exercised: c.exercised,
            violations: c.violations,
            note: if markdown { c.note.clone() } else { shorten(&c.note, 60) },
        })
        .collect();
    // Narrow terminals lose where each clause is encoded first (`kensho clauses` lists it),
    // then the invariants' names.
    const FITS: [Fit; 4] = [
        Fit::wrap("words", 20),
        Fit::dropped("encoded at", 16, 1),
        Fit::dropped("invariants", 16, 2),
        Fit::wrap("note", 16),
    ];
    let table = if markdown { styled(Table::new(rows), markdown).to_string() } else { terminal::table(&rows, &FITS) };
    let mut out = String::new();
    if markdown {
        out.push_str(&format!("## {}\n\n", subject.engine.game.name));
        for line in summary(subject, o).lines() {
            out.push_str(&format!("{line}  \n"));
        }
        out.push('\n');
    } else {
        out.push_str(&terminal::prose(&summary(subject, o), 2));
    }
    out.push_str(&format!("{table}\n"));
    out.push_str(&render_invariants(subject, o, markdown));
    let missing: Vec<&ClauseRow> = o.rows.iter().filter(|c| !c.accounted_for()).collect();
    if !missing.is_empty() {
        out.push_str("\nClauses neither exercised nor explained:\n");
        for c in missing {
            let why = if c.invariants.is_empty() {
                "no invariant cites it and no [[unchecked]] reason".to_string()
            } else {
                format!("{} never exercised", c.invariants.join(", "))
            };
            let line = format!("  {}: {} ({why})\n", c.id, shorten(&c.words, 70));
            out.push_str(&if markdown { line } else { terminal::prose(&line, 4) });
        }
    }
    out.push_str(&render_violations(subject, o));
    out
}

/// Markdown for people's documents, psql-like in the terminal.
fn styled(mut table: tabled::Table, markdown: bool) -> tabled::Table {
    use tabled::settings::Style;
    if markdown {
        table.with(Style::markdown());
    } else {
        table.with(Style::psql());
    }
    table
}

fn render_invariants(subject: &Subject, o: &Outcome, markdown: bool) -> String {
    use tabled::{Table, Tabled};
    #[derive(Tabled)]
    struct Row {
        invariant: String,
        kind: &'static str,
        clauses: usize,
        exercised: u64,
        violations: u64,
    }
    let rows: Vec<Row> = subject
        .invariants
        .iter()
        .map(|i| Row {
            invariant: i.id.clone(),
            kind: i.kind.name(),
            clauses: i.clauses.len(),
            exercised: o.report.tally.exercised.get(&i.id).copied().unwrap_or(0),
            violations: o.report.tally.violated.get(&i.id).copied().unwrap_or(0),
        })
        .collect();
    let table = if markdown {
        styled(Table::new(rows), markdown).to_string()
    } else {
        super::terminal::table(
            &rows,
            &[super::terminal::Fit::wrap("invariant", 16), super::terminal::Fit::wrap("kind", 10)],
        )
    };
    format!("\n{table}\n")
}

/// Every violation: the invariant, its clauses, the message, where it was found (with the seed),
/// and the (shrunk) witness position drawn and as a string.
pub fn render_violations(subject: &Subject, o: &Outcome) -> String {
    let mut out = String::new();
    for v in &o.report.tally.violations {
        let count = o.report.tally.violated.get(&v.invariant).copied().unwrap_or(1);
        out.push_str(&format!(
            "\nVIOLATION of {} ({}), {count} time(s): {}\n  found in {}\n",
            v.invariant,
            v.clauses.join(", "),
            v.message,
            v.origin
        ));
        let label = if v.shrunk { "minimal witness" } else { "witness" };
        out.push_str(&format!("  {label}: {}\n", v.position));
        if !v.mv.is_empty() {
            out.push_str(&format!("  move: {}\n", v.mv));
        }
        if let Ok(pos) = subject.engine.parse_position(&v.position) {
            for line in draw_position(&subject.engine, &pos).lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    out
}

pub fn to_json(subject: &Subject, o: &Outcome) -> Value {
    let r = &o.report;
    json!({
        "spec": subject.engine.game.id,
        "path": subject.spec.path,
        "properties": subject.properties_path,
        "seed": o.budget.seed,
        "budget": {"games": o.budget.games, "plies": o.budget.plies, "positions": o.budget.positions, "aimed_tries": o.aimed_tries},
        "positions": r.positions,
        "designed_positions": r.designed,
        "transitions": r.transitions,
        "seconds": o.seconds,
        "transitions_per_second": if o.seconds > 0.0 { r.transitions as f64 / o.seconds } else { 0.0 },
        "invariants": subject.invariants.iter().map(|i| json!({
            "id": i.id,
            "kind": i.kind.name(),
            "clauses": i.clauses,
            "why": i.why,
            "exercised": r.tally.exercised.get(&i.id).copied().unwrap_or(0),
            "violations": r.tally.violated.get(&i.id).copied().unwrap_or(0),
        })).collect::<Vec<_>>(),
        "clauses": o.rows,
        "violations": r.tally.violations.iter().map(|v| json!({
            "invariant": v.invariant,
            "clauses": v.clauses,
            "message": v.message,
            "origin": v.origin,
            "position": v.position,
            "move": v.mv,
            "shrunk": v.shrunk,
        })).collect::<Vec<_>>(),
    })
}

#[derive(clap::Args)]
#[command(
    after_help = "Every legal move of every position reached is judged by every invariant (docs/check.md). Game i uses seed + i; designed positions use seed + 2^32 + j; the seed is printed. After the run, designed positions aimed at each invariant never exercised are tried (--aimed per invariant). Exit status: 0 no violation, 1 a violation (printed with its minimal witness and the seed), 2 bad input."
)]
pub struct Args {
    /// Spec files (specs/*.toml); each needs properties/<name>.toml beside specs/.
    #[arg(required = true)]
    pub(crate) specs: Vec<PathBuf>,
    /// The properties file (only with one spec; default properties/<spec name>.toml).
    #[arg(long, value_name = "FILE")]
    pub(crate) properties: Option<PathBuf>,
    /// Random games from the start position.
    #[arg(long, default_value_t = 6)]
    pub(crate) games: usize,
    /// Stop each game after this many plies.
    #[arg(long, default_value_t = 100)]
    pub(crate) plies: usize,
    /// Designed positions (random placements, hands and skip facts).
    #[arg(long, default_value_t = 200)]
    pub(crate) positions: usize,
    /// Designed positions tried per invariant never exercised by the run (0: none).
    #[arg(long, default_value_t = 300)]
    pub(crate) aimed: usize,
    /// Seed of the run (default: from the clock; printed either way).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Switch one of the spec's readings: READING=OPTION (repeatable).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: CheckFormat,
}

pub fn run(args: Args) -> exit::Result {
    if args.properties.is_some() && args.specs.len() > 1 {
        return Err("--properties names the file of one spec; give one spec, or use properties/<name>.toml".into());
    }
    let specs = cli::load_specs(&args.specs)?;
    let chosen = cli::choices(&args.readings)?;
    let mut subjects = Vec::new();
    for (spec, path) in specs.into_iter().zip(&args.specs) {
        // Without a properties file (a designer's new or copied spec) the invariants derived
        // from the spec's settings and the generic ones still run, and the run says so.
        let props = args.properties.clone().or_else(|| Some(default_properties_path(path)).filter(|p| p.exists()));
        if props.is_none() {
            eprintln!(
                "note: {}: no properties file ({}): the invariants derived from the spec's settings and the generic ones are judged",
                path.display(),
                default_properties_path(path).display()
            );
        }
        subjects.push(subject(spec, &chosen, props.as_deref())?);
    }
    let seed = cli::seed(args.seed);
    let progress = cli::progress();
    let budget = Budget { games: args.games, plies: args.plies, positions: args.positions, seed };
    let mut out = Output::new();
    let mut json = Vec::new();
    for subject in &subjects {
        for w in &subject.warnings {
            eprintln!("warning: {w}");
        }
        let outcome = check(subject, budget, args.aimed, progress);
        out.fail_if(outcome.report.tally.total_violations() > 0);
        match args.format {
            CheckFormat::Table => out.line(render_table(subject, &outcome, false)),
            CheckFormat::Markdown => out.line(render_table(subject, &outcome, true)),
            CheckFormat::Json => json.push(to_json(subject, &outcome)),
        }
    }
    if let CheckFormat::Json = args.format {
        out.json(&json!({"seed": seed, "specs": json}));
    }
    if out.failed() {
        eprintln!("violations found; replay with --seed {seed}");
    }
    Ok(out)
}
