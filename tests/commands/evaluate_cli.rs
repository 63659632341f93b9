//! `kensho evaluate` as a user runs it: the games it reports are games of the spec (replayed
//! move by move through the engine's legal moves, they reach the result recorded), the summary
//! adds up, the same seed gives the same games on one thread and on two, the shards of a run
//! merged (by hand and under GNU parallel) are exactly the run, and bad input is refused with
//! exit 2.

use crate::common::cli::{kensho, ok, refused, text};
use crate::common::outside;
use crate::common::report::scratch;
use kensho::engine::play::Game;
use serde_json::Value;
use std::path::Path;

/// Minishogi: small and quick, drops, promotion and checkmate.
const SPEC: &str = "specs/minishogi.toml";
const BUDGET: [&str; 8] = ["--games", "4", "--nodes", "150", "--plies", "80", "--seed", "5"];

fn evaluate_json(extra: &[&str]) -> Value {
    let mut args = vec!["evaluate", SPEC];
    args.extend(BUDGET);
    args.extend(extra);
    args.extend(["--format", "json"]);
    let (out, err) = ok(&args);
    assert!(err.contains("seed 5"), "the seed is printed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()))
}

/// Every recorded game, replayed from the start through the game driver by finding each move
/// text among the legal moves, is a game of the spec that ends (or is cut off) as recorded.
#[test]
fn the_recorded_games_replay_to_their_recorded_results() {
    let v = evaluate_json(&[]);
    let spec = kensho::spec::load(Path::new(SPEC)).expect("spec");
    let (engine, _) = kensho::engine::Engine::for_moves(&spec.game).expect("engine");
    let games = v["record"]["games"].as_array().expect("games");
    assert_eq!(games.len(), 4);
    for g in games {
        let moves: Vec<&str> = g["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let mut game = Game::new(&engine, engine.start(), 80);
        for (ply, wanted) in moves.iter().enumerate() {
            let texts: Vec<String> = game.moves().iter().map(|m| engine.move_text(m)).collect();
            let at = texts.iter().position(|t| t == wanted);
            let at =
                at.unwrap_or_else(|| panic!("game {}: ply {}: {wanted} is not legal ({texts:?})", g["index"], ply + 1));
            game.play(at);
        }
        assert!(game.is_over(), "game {}: the recorded moves stop before the game is over", g["index"]);
        let result = game.outcome().map_or("*", |o| o.score());
        assert_eq!(g["result"], result, "game {}", g["index"]);
        assert_eq!(g["plies"], moves.len(), "game {}", g["index"]);
    }
}

/// The summary's counts add up, its intervals hold its scores, and the first player's score
/// is its points (wins, half of draws and unfinished games) over the games, counted here from
/// the recorded games.
#[test]
fn the_summary_adds_up_from_the_games() {
    let v = evaluate_json(&[]);
    let s = &v["summary"];
    let games = v["record"]["games"].as_array().unwrap();
    let n = |k: &str| s[k].as_u64().unwrap();
    assert_eq!(n("first_wins") + n("second_wins") + n("draws") + n("unfinished"), 4);
    let points: f64 = games
        .iter()
        .map(|g| match g["result"].as_str().unwrap() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        })
        .sum();
    assert!((s["first_score"].as_f64().unwrap() - points / 4.0).abs() < 1e-12);
    for (score, interval) in
        [("first_score", "first_interval"), ("second_score", "second_interval"), ("draw_share", "draw_interval")]
    {
        let (x, lo, hi) =
            (s[score].as_f64().unwrap(), s[interval]["low"].as_f64().unwrap(), s[interval]["high"].as_f64().unwrap());
        assert!(lo <= x && x <= hi && (0.0..=1.0).contains(&lo) && hi <= 1.0, "{score} {x} outside [{lo}, {hi}]");
    }
    let ended: u64 = s["endings"].as_array().unwrap().iter().map(|e| e["games"].as_u64().unwrap()).sum();
    assert_eq!(ended, 4, "every game ends by one rule");
    let values = v["record"]["values"]["pieces"].as_array().unwrap();
    let pawn = values.iter().find(|p| p["id"] == "P").expect("the Pawn has a value");
    assert_eq!(pawn["value"], 1.0, "the unit of minishogi's values is its most numerous piece, the Pawn");
}

/// The same seed and node budget give the same games on one thread and on two.
#[test]
fn the_games_do_not_depend_on_the_number_of_threads() {
    let mut one = vec!["--threads", "1", "evaluate", SPEC];
    one.extend(BUDGET);
    one.extend(["--format", "json"]);
    let mut two = one.clone();
    two[1] = "2";
    let record = |args: &[&str]| -> Value {
        let (out, _) = ok(args);
        serde_json::from_str::<Value>(&out).unwrap()["record"].clone()
    };
    let (a, b) = (record(&one), record(&two));
    assert_eq!(a["games"].as_array().map(Vec::len), Some(4));
    assert_eq!(a, b, "one thread and two played different games");
}

/// The record of the run with every game, and the merge of its two shards' records, written to
/// files by `--out`.
fn run_and_shards(dir: &Path, shards: impl Fn(&Path, &Path)) -> (Value, Value) {
    let full = dir.join("full.json");
    let mut args = vec!["evaluate", SPEC];
    args.extend(BUDGET);
    let full_s = full.display().to_string();
    args.extend(["--out", &full_s, "--format", "json"]);
    let (whole, _) = ok(&args);
    let (a, b) = (dir.join("shard1.json"), dir.join("shard2.json"));
    shards(&a, &b);
    let merged_file = dir.join("merged.json");
    let (merged, _) = ok(&[
        "evaluate",
        "--merge",
        &a.display().to_string(),
        &b.display().to_string(),
        "--out",
        &merged_file.display().to_string(),
        "--format",
        "json",
    ]);
    // The merged record is byte for byte the record of the single run (floats included).
    let bytes = |p: &Path| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert!(bytes(&merged_file) == bytes(&full), "the merged record's file differs from the run's");
    let whole: Value = serde_json::from_str(&whole).unwrap();
    let merged: Value = serde_json::from_str(&merged).unwrap();
    // The record written to the file is the one printed.
    assert_eq!(read_json(&full), whole["record"]);
    for (name, shard) in [("shard 1", &a), ("shard 2", &b)] {
        let games = read_json(shard)["games"].as_array().map(Vec::len);
        assert_eq!(games, Some(2), "{name} holds half of the 4 games");
    }
    (whole, merged)
}

/// The merged shards are the run: the same record (every game) and the same summary.
fn assert_same_run(whole: &Value, merged: &Value) {
    assert_eq!(merged["record"], whole["record"], "the merged shards' games differ from the run's");
    assert_eq!(merged["summary"], whole["summary"], "the merged summary differs from the run's");
    assert_eq!(merged["clauses"], whole["clauses"]);
}

#[test]
fn two_shards_merged_are_exactly_the_run() {
    let dir = scratch("evaluate-shards");
    let (whole, merged) = run_and_shards(&dir, |a, b| {
        for (k, file) in [("1/2", a), ("2/2", b)] {
            let mut args = vec!["evaluate", SPEC];
            args.extend(BUDGET);
            let f = file.display().to_string();
            args.extend(["--shard", k, "--out", &f]);
            ok(&args);
        }
    });
    assert_same_run(&whole, &merged);
    let _ = std::fs::remove_dir_all(dir);
}

/// The documented way to spread a run: GNU parallel starts the shards (here on one machine; over
/// ssh with `--sshlogin` the command is the same), `--merge` combines them.
#[test]
fn two_shards_under_gnu_parallel_merged_are_exactly_the_run() {
    let Some(parallel) = outside::gnu_parallel() else { return };
    let dir = scratch("evaluate-parallel");
    let (whole, merged) = run_and_shards(&dir, |_, _| {
        let kensho = env!("CARGO_BIN_EXE_kensho");
        let command = format!(
            "{kensho} evaluate {SPEC} {} --shard {{}}/2 --out {}/shard{{}}.json",
            BUDGET.join(" "),
            dir.display()
        );
        let out = std::process::Command::new(&parallel)
            .args(["--will-cite", "--halt", "now,fail=1", &command, ":::", "1", "2"])
            .env("KENSHO_WIDTH", "0")
            .output()
            .expect("run GNU parallel");
        assert!(out.status.success(), "parallel failed: {}", text(&out.stderr));
    });
    assert_same_run(&whole, &merged);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_shards_and_records_are_refused() {
    refused(&["evaluate", SPEC, "--shard", "3/2", "--seed", "1"], "expected K/N with 1 <= K <= N");
    refused(&["evaluate", SPEC, "--shard", "1/2"], "--shard needs --seed");
    refused(&["evaluate", SPEC, "--games", "0"], "0 is not in 1..=1000000");
    refused(&["evaluate", "--merge", "/nonexistent/kensho-record.json"], "cannot read");
    let dir = scratch("evaluate-bad-records");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"not\": \"a record\"}").unwrap();
    refused(&["evaluate", "--merge", &junk.display().to_string()], "not a record of kensho evaluate --out");
    // Shard 1 of 2 alone, then twice, then with a shard of another seed.
    let shard = |k: &str, seed: &str, name: &str| {
        let f = dir.join(name).display().to_string();
        ok(&[
            "evaluate", SPEC, "--games", "2", "--nodes", "50", "--plies", "20", "--seed", seed, "--shard", k, "--out",
            &f,
        ]);
        f
    };
    let (one, two, other) = (shard("1/2", "3", "a.json"), shard("2/2", "3", "b.json"), shard("2/2", "4", "c.json"));
    refused(&["evaluate", "--merge", &one], "shard 2/2 is missing");
    refused(&["evaluate", "--merge", &one, &one], "given twice");
    refused(&["evaluate", "--merge", &one, &other], "other settings");
    ok(&["evaluate", "--merge", &one, &two]);
    // Hand-edited records: a shard that is none, a game whose result contradicts its winner.
    let edited = |name: &str, edit: &dyn Fn(&mut Value)| {
        let mut v = read_json(Path::new(&two));
        edit(&mut v);
        let f = dir.join(name);
        std::fs::write(&f, serde_json::to_string(&v).unwrap()).unwrap();
        f.display().to_string()
    };
    let no_shard = edited("no-shard.json", &|v| v["shard"]["index"] = 3.into());
    refused(&["evaluate", "--merge", &one, &no_shard], "is no shard");
    let zero = edited("zero.json", &|v| v["shard"]["index"] = 0.into());
    refused(&["evaluate", "--merge", &one, &zero], "is no shard");
    let lying = edited("lying.json", &|v| {
        v["games"][0]["result"] = "1-0".into();
        v["games"][0]["winner"] = 1.into();
    });
    refused(&["evaluate", "--merge", &one, &lying], "with winner");
    // Nothing is played when the record could not be written or a comparison is bad: the
    // run's seed line (printed when the games start) never comes.
    let err = refused(&["evaluate", SPEC, "--seed", "1", "--out", &dir.display().to_string()], "it is a directory");
    assert!(!err.contains("seed 1"), "{err}");
    let err = refused(&["evaluate", SPEC, "--seed", "1", "--against-reading", "no-such-reading=x"], "no-such-reading");
    assert!(!err.contains("seed 1"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The table output names the sections a designer reads, and an unwritable --out is exit 2
/// with nothing half-written.
#[test]
fn the_table_has_every_section_and_an_unwritable_record_is_an_error() {
    let mut args = vec!["evaluate", SPEC];
    args.extend(BUDGET);
    let (out, _) = ok(&args);
    for section in [
        "Score",
        "How the games ended",
        "Length in plies",
        "Material balance",
        "Piece values",
        "Rules in play",
        "Readings in play",
    ] {
        assert!(out.contains(section), "no {section} section:\n{out}");
    }
    let mut bad = vec!["evaluate", SPEC];
    bad.extend(BUDGET);
    bad.extend(["--out", "/nonexistent-dir/record.json"]);
    let out = kensho(&bad);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cannot write the record"), "{}", text(&out.stderr));
}

/// `--against` plays the second spec on the same settings and seeds and compares: each measure
/// is the two runs' own figure, the difference is this run's less the other's, and p is a
/// probability.
#[test]
fn against_compares_two_specs_on_the_same_seeds() {
    let args = [
        "evaluate",
        "specs/ryu.toml",
        "--against",
        "specs/heian-ryu.toml",
        "--games",
        "2",
        "--nodes",
        "100",
        "--plies",
        "30",
        "--seed",
        "3",
        "--format",
        "json",
    ];
    let (out, _) = ok(&args);
    let v: Value = serde_json::from_str(&out).unwrap();
    let (this, other) = (&v["summary"], &v["against"]["summary"]);
    assert_eq!(v["against"]["record"]["settings"], v["record"]["settings"], "the same settings and seed on both sides");
    let rows = v["comparison"].as_array().expect("comparison");
    let measures: Vec<&str> = rows.iter().map(|r| r["measure"].as_str().unwrap()).collect();
    assert_eq!(measures, ["first player's score", "draws", "decided"]);
    for (row, key) in rows.iter().zip(["first_score", "draw_share", "decisive_share"]) {
        assert_eq!(row["this"], this[key], "{key}");
        assert_eq!(row["compared"], other[key], "{key}");
        let d = row["this"].as_f64().unwrap() - row["compared"].as_f64().unwrap();
        assert!((row["difference"].as_f64().unwrap() - d).abs() < 1e-12, "{key}");
        let p = row["p"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{key}: p = {p}");
    }
    let (table, _) = ok(&args[..args.len() - 2]);
    assert!(table.contains("Compared") && table.contains("Heian"), "{table}");
}

/// Every bundled spec evaluates (a small budget): its games are played and watched for every
/// other reading option, including options that change the board (Ryu's, Shoogantshii's),
/// whose positions the game's engine cannot share.
#[test]
fn every_bundled_spec_evaluates() {
    let specs: Vec<String> = std::fs::read_dir("specs")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(specs.len() >= 10, "the bundled specs: {specs:?}");
    for spec in &specs {
        let (out, _) = ok(&[
            "evaluate", spec, "--games", "2", "--nodes", "40", "--plies", "16", "--seed", "2", "--format", "json",
        ]);
        let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(v["summary"]["games"], 2, "{spec}");
    }
}

/// Runs of neighbouring seeds share no game: each game's seed is mixed from the run's seed and
/// its number, not their sum.
#[test]
fn runs_of_neighbouring_seeds_share_no_game() {
    let games = |seed: &str| -> Vec<Value> {
        let (out, _) = ok(&[
            "evaluate", SPEC, "--games", "3", "--nodes", "60", "--plies", "30", "--seed", seed, "--format", "json",
        ]);
        let v: Value = serde_json::from_str(&out).unwrap();
        v["record"]["games"].as_array().unwrap().iter().map(|g| g["moves"].clone()).collect()
    };
    let (one, two) = (games("1"), games("2"));
    for g in &one {
        assert!(!two.contains(g), "seed 1 and seed 2 both played {g}");
    }
}
