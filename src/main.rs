//! The kensho command line: parse the arguments, run the command (`kensho::commands`), print
//! what it gives back, exit with the status it decides (`commands::exit`: 0 success, 1 a
//! check failed, 2 bad input or usage).

use clap::{Parser, Subcommand};
use kensho::commands::{self, exit};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "kensho",
    version,
    about = "Rules verification and variant design for shogi variants",
    after_help = "With no command, kensho runs `kensho report` on the bundled specs (specs/*.toml) and writes the report to report/."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Worker threads for the commands that spread their work (report, check, ambiguities,
    /// perft, play, bench, evaluate); default: one per core (RAYON_NUM_THREADS is read too).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Print tables whole, however wide. Without it, tables fit the terminal's width (100
    /// columns when the output is not a terminal; KENSHO_WIDTH=N sets it): long texts wrap at
    /// spaces and the least needed columns are left out, each table saying which.
    #[arg(long, global = true)]
    wide: bool,
}

#[derive(Subcommand)]
enum Command {
    /// The main job: lint, invariant check, reading ambiguities, proofs, perft and piece
    /// diagrams of each spec, written as a report (HTML, Markdown, JSON) with a summary table.
    Report(commands::report::Args),
    /// List every move of an XBetza piece on a board, with paths and a diagram.
    Moves(commands::moves::Args),
    /// List the named readings of open points of the XBetza notation.
    Readings,
    /// The rule settings a spec may state: values, default, meaning and an example. WHAT is a
    /// setting path or its start (`drops`, `rules.end.repetition`, `burn.max`), or a spec file
    /// to list the value of every setting in that game (stated, or its default).
    Settings(commands::settings::Args),
    /// List every clause of each spec with its status, encoding and the readings citing it.
    Clauses(commands::clauses::Args),
    /// Read a rule document: write a spec skeleton from its configuration and report every
    /// disagreement between the configuration and the prose lists. Exit 1 when it reports
    /// errors.
    Ingest(commands::ingest::Args),
    /// Check specs before publishing: setup overlaps and symmetry, counts against the document,
    /// promotion cycles, pieces stranded where they can never move, zones against the setup,
    /// reading alternatives that change nothing. Exit 1 when there are errors.
    Lint(commands::lint::Args),
    /// Record what each clause of the specs encodes in the clause lock beside each spec
    /// (`specs/shogi.lock`): `kensho lint` then lists the clauses an edit changes, to re-read.
    Lock(commands::lock::Args),
    /// Draw a spec's board with the setup and zones, and list its pieces, rules and readings.
    Show(commands::show::Args),
    /// Count the legal-move tree of a position to a depth (each move once per identity);
    /// --divide lists the count below every move.
    Perft(commands::perft::Args),
    /// Perft speed of each spec's start position (nodes per second on one thread and on all),
    /// and beside Fairy-Stockfish with --fsf.
    Bench(commands::bench::Args),
    /// Play seeded random games and print their moves and results.
    Play(commands::play::Args),
    /// Compare legal moves with another engine over seeded random games (docs/crosscheck-protocol.md).
    Crosscheck(commands::crosscheck::Args),
    /// Draw a position and print its position string.
    Position(commands::position::Args),
    /// Run the invariants of properties/<spec>.toml (and the generic ones; only those where the
    /// spec has no properties file) over seeded random games and designed positions; print the
    /// clause coverage table. Exit 1 on a violation.
    Check(commands::check::Args),
    /// Every reading's options against its default, each with a witness position (Z3, or a
    /// search, confirmed by the engine) or a proof of no effect; every path shape of every
    /// piece driven both ways by Z3; dead notation. Exit 1 when a shape is dead or a Z3
    /// witness disagrees with the generator.
    Ambiguities(commands::ambiguities::Args),
    /// The spec consistency proofs (Z3): forced promotion and drop bans against mobility, the
    /// jump ranking, promotion maps, the promotion zone against the setup. Exit 1 when one is
    /// refuted.
    Prove(commands::prove::Args),
    /// What changes between two versions of a spec: board, settings, pieces (their reach on
    /// an empty board and their legal moves on sample positions), perft, clauses, readings and
    /// invariants. Exit 0 no difference, 1 differences, 2 bad input.
    Diff(commands::diff::Args),
    /// Self-play design metrics: searching players play seeded games; the score by side with
    /// 95% intervals, how and when games end, the material balance, piece values, and the rules
    /// and readings that came into play. --shard K/N and --merge spread a run over machines.
    /// Exit 1 when a move played breaks an invariant.
    Evaluate(commands::evaluate::Args),
}

fn run(command: Command) -> exit::Result {
    match command {
        Command::Report(args) => commands::report::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Readings => commands::readings::run(),
        Command::Settings(args) => commands::settings::run(args),
        Command::Lock(args) => commands::lock::run(args),
        Command::Clauses(args) => commands::clauses::run(args),
        Command::Ingest(args) => commands::ingest::run(args),
        Command::Lint(args) => commands::lint::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Crosscheck(args) => commands::crosscheck::run(args),
        Command::Position(args) => commands::position::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Ambiguities(args) => commands::ambiguities::run(args),
        Command::Prove(args) => commands::prove::run(args),
        Command::Diff(args) => commands::diff::run(args),
        Command::Evaluate(args) => commands::evaluate::run(args),
    }
}

/// Writes the command's output; when the reader has gone (`kensho clauses ... | head`), stops
/// quietly instead of failing.
fn print(text: &str) -> Result<(), exit::Error> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(exit::Error::Write(format!("cannot write to standard output: {e}")))
        }
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    commands::terminal::set_wide(cli.wide);
    let threads = cli.threads.map(|n| (n, rayon::ThreadPoolBuilder::new().num_threads(n.into()).build_global()));
    let result = match threads {
        Some((n, Err(e))) => Err(exit::Error::Input(format!("--threads {n}: {e}"))),
        // No command: the main job with its defaults.
        _ => match cli.command.or_else(|| Cli::parse_from(["kensho", "report"]).command) {
            Some(command) => run(command),
            None => Err(exit::Error::Input("cannot build the default report command".into())),
        },
    };
    let code = match result.and_then(|out| print(out.text()).map(|()| out)) {
        Ok(out) => out.exit_code(),
        Err(e) => {
            // What was done before the failure is said first.
            if let Some(done) = e.output() {
                let _ = print(done.text());
            }
            eprint!("{}", e.message());
            e.exit_code()
        }
    };
    ExitCode::from(code)
}
