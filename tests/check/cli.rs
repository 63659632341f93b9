//! `kensho check` from the command line: a wrong invariant is caught with a shrunk witness and
//! the seed (exit 1); bad properties files and bad arguments are errors naming the fault
//! (exit 2); the three output formats.

use std::process::{Command, Output};

fn check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .arg("check")
        .args(args)
        .output()
        .expect("run kensho")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn temp_file(name: &str, body: &str) -> String {
    let dir = std::env::temp_dir().join(format!("kensho-check-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path.display().to_string()
}

/// A deliberately wrong restatement of SHO-22: Pawns forced to promote on their seventh rank.
/// The document lets a Pawn stand there unpromoted (promotion is optional before the last
/// rank), so the first Pawn to reach rank 7 unpromoted breaks it.
const WRONG: &str = r#"spec = "shogi"

[[invariant]]
id = "pawns-promote-on-seven"
kind = "forced-promotion"
clauses = ["SHO-22"]
ranks = { P = [7] }
why = "wrong on purpose"
"#;

#[test]
fn a_violation_exits_1_with_a_minimal_witness_and_the_seed() {
    let props = temp_file("wrong.toml", WRONG);
    let o = check(&[
        "specs/shogi.toml",
        "--properties",
        &props,
        "--games",
        "4",
        "--plies",
        "60",
        "--positions",
        "0",
        "--aimed",
        "0",
        "--seed",
        "3",
    ]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("VIOLATION of pawns-promote-on-seven (SHO-22)"), "{out}");
    assert!(out.contains("found in game seed "), "{out}");
    assert!(err.contains("replay with --seed 3"), "{err}");
    // Shrunk: an unpromoted Pawn reaching rank 7 needs nothing but the Pawn itself (on the
    // board, or in hand to be dropped there), so the minimal witness holds exactly one Pawn
    // and nothing else: board field plus hand field.
    let witness = out.lines().find_map(|l| l.trim().strip_prefix("minimal witness: ")).expect("a minimal witness");
    let fields: Vec<&str> = witness.split(' ').collect();
    let men: Vec<char> = format!("{}{}", fields[0], fields[2]).chars().filter(|c| c.is_ascii_alphabetic()).collect();
    assert_eq!(men.len(), 1, "{witness}");
    assert!(men[0] == 'P' || men[0] == 'p', "{witness}");
    assert!(out.contains("move: P"), "{out}");
}

#[test]
fn bad_properties_files_are_errors_naming_the_place() {
    let cases = [
        ("spec = \"shogi\"\nbogus = 1\n", "bad1.toml:2:1"),
        ("spec = \"shogi\"\n[[invariant]]\nid = \"x\"\nkind = \"burn\"\nclauses = [\"SHO-22\"]\nmax = 2\nimmune = [\"FD\"]\nwhy = \"w\"\n", "invariant 'x': the spec has no piece FD"),
        ("spec = \"suzumu\"\n", "spec = \"suzumu\", but the spec's id is \"shogi\""),
        ("spec = \"shogi\"\n[generic.nonsense]\nclauses = []\nwhy = \"w\"\n", "[generic.nonsense]: no such generic invariant"),
    ];
    for (i, (body, says)) in cases.iter().enumerate() {
        let props = temp_file(&format!("bad{}.toml", i + 1), body);
        let o = check(&["specs/shogi.toml", "--properties", &props, "--games", "1"]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {out}{err}");
        assert!(err.contains(says), "{body}: {err}");
    }
    let o = check(&["specs/shogi.toml", "--properties", "no/such/file.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("no/such/file.toml: cannot read the properties file of specs/shogi.toml"),
        "{}",
        text(&o).1
    );
    let o = check(&["specs/shogi.toml", "specs/xiangqi.toml", "--properties", "x.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("--properties names the file of one spec"), "{}", text(&o).1);
    let o = check(&["specs/shogi.toml", "--reading", "no-such-reading=x", "--games", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o).1);
}

#[test]
fn the_formats_agree_on_the_counts() {
    let common =
        ["specs/shogi.toml", "--games", "1", "--plies", "20", "--positions", "5", "--aimed", "0", "--seed", "11"];
    let json = check(&[&common[..], &["--format", "json"]].concat());
    let (out, err) = text(&json);
    assert_eq!(json.status.code(), Some(0), "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let spec = &v["specs"][0];
    assert_eq!(v["seed"], 11);
    assert_eq!(spec["spec"], "shogi");
    let transitions = spec["transitions"].as_u64().unwrap();
    assert!(transitions > 0);
    // Exercised counts are per invariant; every clause row sums its invariants' counts.
    let exercised: std::collections::BTreeMap<String, u64> = spec["invariants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["id"].as_str().unwrap().to_string(), i["exercised"].as_u64().unwrap()))
        .collect();
    for row in spec["clauses"].as_array().unwrap() {
        let sum: u64 = row["invariants"].as_array().unwrap().iter().map(|i| exercised[i.as_str().unwrap()]).sum();
        assert_eq!(row["exercised"].as_u64().unwrap(), sum, "{row}");
    }
    let table = check(&common);
    let (t_out, _) = text(&table);
    assert!(t_out.contains(&format!("{transitions} transitions in")), "{t_out}");
    let md = check(&[&common[..], &["--format", "markdown"]].concat());
    let (m_out, _) = text(&md);
    assert!(m_out.starts_with("## Shogi"), "{m_out}");
    assert!(m_out.contains("| clause | words"), "{m_out}");
}
