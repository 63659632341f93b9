//! `kensho moves`: the move set of one XBetza piece on a board, as text or JSON, one position
//! or a batch of JSON lines.

use super::exit::{self, Output};
use crate::geometry::{BoardSize, Square};
use crate::text::board::draw;
use crate::xbetza::{
    self, Cell, CompiledBetza, Occupancy, Orientation, PieceMove, PieceMoveKind, Readings, StepKind, XBetzaError,
};
use serde_json::{json, Map, Value};
use std::collections::HashSet;
use std::fmt;
use std::io::{BufRead, Write};

/// Bad input to the command: each says what was wrong and where.
#[derive(Debug)]
pub(crate) enum InputError {
    XBetza { source: String, error: XBetzaError },
    Other(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::XBetza { source, error } => f.write_str(&error.render(source)),
            InputError::Other(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for InputError {}

fn other(e: impl fmt::Display) -> InputError {
    InputError::Other(e.to_string())
}

/// One question: this piece, on this board, on this square, among these pieces.
#[derive(Clone, Debug)]
pub(crate) struct MovesRequest {
    pub(crate) betza: String,
    pub(crate) size: BoardSize,
    pub(crate) at: Square,
    pub(crate) board: Occupancy,
    pub(crate) readings: Readings,
    pub(crate) compiled: CompiledBetza,
}

impl MovesRequest {
    /// Checks every part of a request; `friends` and `enemies` are square names, possibly
    /// comma-separated lists (`a1,b2`).
    pub(crate) fn new(
        betza: &str,
        board: &str,
        at: &str,
        friends: &[String],
        enemies: &[String],
        readings: Readings,
    ) -> Result<Self, InputError> {
        let size = BoardSize::parse(board).map_err(|e| other(format!("--board: {e}")))?;
        let at_sq = size.parse_square(at).map_err(|e| other(format!("--at: {e}")))?;
        // Every comma-separated name must be there: an empty one (`''`, `e6,,`) is an error.
        let split = |option: &str, lists: &[String]| -> Result<Vec<String>, InputError> {
            let mut names = Vec::new();
            for list in lists {
                for name in list.split(',').map(str::trim) {
                    if name.is_empty() {
                        return Err(other(format!(
                            "{option}: an empty square name in '{list}' (square names, comma-separated: e6,f7)"
                        )));
                    }
                    names.push(name.to_string());
                }
            }
            Ok(names)
        };
        let (friends, enemies) = (split("--friends", friends)?, split("--enemies", enemies)?);
        let occ = Occupancy::from_names(size, &friends, &enemies).map_err(other)?;
        if occ.get(at_sq) != Cell::Empty {
            return Err(other(format!(
                "square {at} is where the piece stands; it cannot also hold a friend or an enemy"
            )));
        }
        // Compile now, so that a bad string is reported before anything is printed.
        let compiled = xbetza::compile_str(betza, size, readings)
            .map_err(|error| InputError::XBetza { source: betza.to_string(), error })?;
        Ok(MovesRequest { betza: betza.to_string(), size, at: at_sq, board: occ, readings, compiled })
    }

    pub(crate) fn run(&self) -> Vec<PieceMove> {
        xbetza::generate(&self.compiled, &self.board, self.at, Orientation::Up)
    }
}

fn step_name(k: StepKind) -> &'static str {
    match k {
        StepKind::Move => "move",
        StepKind::Capture => "capture",
        StepKind::Hop => "hop",
    }
}

/// The `--json` form of a move set: an array of objects with `to`, `captures` (sorted square
/// names, the destination included when captured), `kind`, `from` and `path`.
pub(crate) fn moves_json(compiled: &CompiledBetza, moves: &[PieceMove]) -> Value {
    Value::Array(
        moves
            .iter()
            .map(|m| {
                json!({
                    "to": m.to.name(),
                    "captures": m.captures.iter().map(|s| s.name()).collect::<Vec<_>>(),
                    "kind": m.kind().name(),
                    "from": m.from.name(),
                    "path": m.path.iter().map(|p| json!({"square": p.square.name(), "step": step_name(p.kind)})).collect::<Vec<_>>(),
                    "shape": m.shape(compiled),
                })
            })
            .collect(),
    )
}

/// A path written out: `h8-i9x-h8` (x: captured there, ^: hopped over).
pub(crate) fn path_text(m: &PieceMove) -> String {
    let mut s = m.from.name();
    for p in &m.path {
        s.push('-');
        s.push_str(&p.square.name());
        match p.kind {
            StepKind::Capture => s.push('x'),
            StepKind::Hop => s.push('^'),
            StepKind::Move => {}
        }
    }
    s
}

/// What the marks of the diagram and of the path column mean.
pub(crate) const LEGEND: &str = "board: @ the piece, * move to an empty square, X capture by moving there, i captured without moving (igui), x captured on the way, o friend, e enemy, . empty\npath: the start and the end of every leg, joined by -; after a square, x: captured there, ^: hopped over (it stays)";

/// The board with every destination and capture marked.
pub(crate) fn diagram(req: &MovesRequest, moves: &[PieceMove]) -> String {
    let mut dest_move = HashSet::new();
    let mut dest_capture = HashSet::new();
    let mut igui = HashSet::new();
    let mut on_the_way = HashSet::new();
    for m in moves {
        match m.kind() {
            PieceMoveKind::Igui => igui.extend(m.captures.iter().copied()),
            PieceMoveKind::Pass => {}
            _ => {
                if m.captures.contains(&m.to) {
                    dest_capture.insert(m.to);
                } else {
                    dest_move.insert(m.to);
                }
                on_the_way.extend(m.captures.iter().copied().filter(|&s| s != m.to));
            }
        }
    }
    draw(req.size, |sq| {
        if sq == req.at {
            '@'
        } else if dest_capture.contains(&sq) {
            'X'
        } else if dest_move.contains(&sq) {
            '*'
        } else if igui.contains(&sq) {
            'i'
        } else if on_the_way.contains(&sq) {
            'x'
        } else {
            match req.board.get(sq) {
                Cell::Empty => '.',
                Cell::Friend => 'o',
                Cell::Enemy => 'e',
            }
        }
    })
}

/// The terminal form: a summary, the move table and the diagram.
pub(crate) fn render_text(req: &MovesRequest, moves: &[PieceMove]) -> String {
    use tabled::Tabled;
    #[derive(Tabled)]
    struct Row {
        #[tabled(rename = "#")]
        n: usize,
        kind: &'static str,
        to: String,
        captures: String,
        path: String,
        shape: String,
    }
    let rows: Vec<Row> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| Row {
            n: i + 1,
            kind: m.kind().name(),
            to: m.to.name(),
            captures: if m.captures.is_empty() {
                "-".into()
            } else {
                m.captures.iter().map(|s| s.name()).collect::<Vec<_>>().join(",")
            },
            path: path_text(m),
            shape: m.shape(&req.compiled).to_string(),
        })
        .collect();
    let readings: Vec<String> = req.readings.values().iter().map(|(n, v)| format!("{n}={v}")).collect();
    let passes = moves.iter().any(|m| m.kind() == PieceMoveKind::Pass);
    let mut out = super::terminal::prose(
        &format!(
            "{} on {} ({} board): {} move{}{}\nreadings: {}\n\n",
            req.betza,
            req.at,
            req.size,
            moves.len(),
            if moves.len() == 1 { "" } else { "s" },
            if passes { ", pass included" } else { "" },
            readings.join(", ")
        ),
        2,
    );
    if !rows.is_empty() {
        out.push_str(&super::terminal::table(
            &rows,
            &[super::terminal::Fit::wrap("path", 12), super::terminal::Fit::wrap("shape", 8)],
        ));
        out.push_str("\n\n");
    }
    out.push_str(&diagram(req, moves));
    out.push_str(&super::terminal::prose(LEGEND, 2));
    out.push('\n');
    out
}

/// Reads one batch line: the request it asks, or why it cannot be read.
fn batch_request(obj: &Map<String, Value>, base: Readings) -> Result<MovesRequest, InputError> {
    let text = |key: &str| -> Result<String, InputError> {
        match obj.get(key) {
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(other(format!("field '{key}' must be a string"))),
            None => Err(other(format!("field '{key}' is missing"))),
        }
    };
    let squares = |key: &str| -> Result<Vec<String>, InputError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| match v {
                    Value::String(s) => Ok(s.clone()),
                    _ => Err(other(format!("field '{key}' must be an array of square names"))),
                })
                .collect(),
            Some(_) => Err(other(format!("field '{key}' must be an array of square names"))),
        }
    };
    let mut readings = base;
    match obj.get("readings") {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            for (k, v) in map {
                let v = v.as_str().ok_or_else(|| other(format!("reading '{k}' must have a string value")))?;
                readings.set(k, v).map_err(other)?;
            }
        }
        Some(_) => return Err(other("field 'readings' must be an object {\"NAME\": \"VALUE\"}")),
    }
    MovesRequest::new(
        &text("betza")?,
        &text("board")?,
        &text("at")?,
        &squares("friends")?,
        &squares("enemies")?,
        readings,
    )
}

/// What a batch run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BatchSummary {
    pub(crate) lines: usize,
    pub(crate) errors: usize,
}

/// `--batch`: every JSON line in, the same line out with a `moves` field (or an `error` field,
/// reported on `errors` with its line number too). Other fields are kept, in their order.
pub fn run_batch(
    input: impl BufRead,
    mut out: impl Write,
    mut errors: impl Write,
    readings: Readings,
) -> std::io::Result<BatchSummary> {
    let mut summary = BatchSummary::default();
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        summary.lines += 1;
        let lineno = n + 1;
        let mut obj = match serde_json::from_str::<Value>(&line) {
            Ok(Value::Object(o)) => o,
            Ok(_) => {
                summary.errors += 1;
                writeln!(errors, "line {lineno}: expected a JSON object")?;
                writeln!(out, "{}", json!({"error": "expected a JSON object", "line": lineno}))?;
                out.flush()?;
                continue;
            }
            Err(e) => {
                summary.errors += 1;
                writeln!(errors, "line {lineno}: not JSON: {e}")?;
                writeln!(out, "{}", json!({"error": format!("not JSON: {e}"), "line": lineno}))?;
                out.flush()?;
                continue;
            }
        };
        match batch_request(&obj, readings).map(|r| moves_json(&r.compiled, &r.run())) {
            Ok(moves) => {
                obj.insert("moves".into(), moves);
            }
            Err(e) => {
                summary.errors += 1;
                let msg = e.to_string();
                writeln!(errors, "line {lineno}: {msg}")?;
                obj.insert("error".into(), Value::String(msg));
            }
        }
        writeln!(out, "{}", Value::Object(obj))?;
        // Each finished line is out before the next is read: a consumer sees every answer as
        // it comes, and nothing already answered is lost if a later line stops the run.
        out.flush()?;
    }
    Ok(summary)
}

#[derive(clap::Args)]
#[command(after_help = "\
The piece belongs to the player moving toward higher ranks. A move's identity is \
(destination, set of captured squares): paths with the same result are one move.\n\n\
Batch mode reads JSON lines such as\n  \
{\"betza\": \"KNADcaKmcabK\", \"board\": \"16x16\", \"at\": \"h8\", \"friends\": [\"h9\"], \"enemies\": [\"i9\"]}\n\
and writes each back with a \"moves\" field (or an \"error\" field); other fields are kept. \
A line may carry \"readings\": {\"y-scope\": \"own-alternative\"}.\n\n\
Readings: run `kensho readings`.")]
pub struct Args {
    /// The piece's move in XBetza, e.g. KNADcaKmcabK (the Lion).
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    pub(crate) betza: Option<String>,
    /// Board size FILESxRANKS, 2x2 to 26x26.
    #[arg(long, required_unless_present = "batch")]
    pub(crate) board: Option<String>,
    /// The square the piece stands on, e.g. h8.
    #[arg(long, required_unless_present = "batch")]
    pub(crate) at: Option<String>,
    /// Squares of friendly pieces, comma-separated (repeatable).
    #[arg(long, value_name = "SQUARES")]
    pub(crate) friends: Vec<String>,
    /// Squares of enemy pieces, comma-separated (repeatable).
    #[arg(long, value_name = "SQUARES")]
    pub(crate) enemies: Vec<String>,
    /// Switch a reading of the notation: NAME=VALUE (repeatable; see `kensho readings`).
    #[arg(long = "reading", value_name = "NAME=VALUE")]
    pub(crate) readings: Vec<String>,
    /// Print a JSON array instead of the table and diagram.
    #[arg(long)]
    pub(crate) json: bool,
    /// Read JSON lines from FILE ('-' for standard input) and write them back with moves.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "at", "friends", "enemies", "json"])]
    pub(crate) batch: Option<String>,
}

fn readings_from(args: &[String]) -> Result<Readings, String> {
    let mut r = Readings::default();
    for a in args {
        r.apply(a).map_err(|e| format!("--reading: {e}"))?;
    }
    Ok(r)
}

pub fn run(args: Args) -> exit::Result {
    let readings = readings_from(&args.readings)?;
    if let Some(path) = args.batch {
        // The lines are written back as they are answered, not when the run is done.
        let stdout = std::io::stdout();
        let summary = if path == "-" {
            run_batch(std::io::stdin().lock(), stdout.lock(), std::io::stderr(), readings)
        } else {
            let file = std::fs::File::open(&path).map_err(|e| format!("--batch {path}: {e}"))?;
            run_batch(std::io::BufReader::new(file), stdout.lock(), std::io::stderr(), readings)
        }
        .map_err(|e| format!("--batch {path}: {e}"))?;
        if summary.errors > 0 {
            return Err(format!("{} of {} lines had errors", summary.errors, summary.lines).into());
        }
        return Ok(Output::new());
    }
    let request = MovesRequest::new(
        args.betza.as_deref().unwrap_or_default(),
        args.board.as_deref().unwrap_or_default(),
        args.at.as_deref().unwrap_or_default(),
        &args.friends,
        &args.enemies,
        readings,
    )
    .map_err(|e| match e {
        InputError::XBetza { .. } => format!("bad XBetza string\n{e}"),
        InputError::Other(_) => e.to_string(),
    })?;
    let moves = request.run();
    let mut out = Output::new();
    if args.json {
        out.json(&moves_json(&request.compiled, &moves));
    } else {
        out.line(render_text(&request, &moves));
    }
    Ok(out)
}
