//! `kensho check`'s pipeline on every bundled spec at a small budget with a fixed seed: no
//! invariant is violated, and every encoded clause is exercised by an invariant or explained
//! (`[[unchecked]]`, or a clause that only shapes the board, the setup or a name). The default
//! budget of the command is larger (README, "Invariants"); this is the CI-sized run.

use kensho::check::run::Budget;
use kensho::commands::check::{check, subject};
use std::collections::BTreeMap;
use std::path::Path;

fn run(name: &str) {
    let spec = kensho::spec::load(Path::new(&format!("specs/{name}.toml"))).unwrap();
    let s = subject(spec, &BTreeMap::new(), Some(Path::new(&format!("properties/{name}.toml"))))
        .unwrap_or_else(|e| panic!("{e}"));
    let budget = Budget { games: 2, plies: 60, positions: 40, seed: 2026 };
    let o = check(&s, budget, 200, false);
    let v = &o.report.tally.violations;
    assert!(v.is_empty(), "{name}: {}", kensho::commands::check::render_violations(&s, &o));
    let missing: Vec<String> = o
        .rows
        .iter()
        .filter(|c| !c.accounted_for())
        .map(|c| format!("{} ({:?}) {}", c.id, c.invariants, c.note))
        .collect();
    assert!(missing.is_empty(), "{name}: clauses neither exercised nor explained: {missing:#?}");
    // Every invariant of the file was exercised (an unexercised one is a claim nobody tested),
    // unless the file explains why no run reaches it ([[unchecked]] for all its clauses).
    let explained = |c: &String| s.properties.unchecked.iter().any(|u| u.clauses.contains(c));
    let idle: Vec<&str> = s
        .properties
        .invariants
        .iter()
        .filter(|i| !o.report.tally.exercised.contains_key(&i.id) && !i.clauses.iter().all(explained))
        .map(|i| i.id.as_str())
        .collect();
    assert!(idle.is_empty(), "{name}: invariants never exercised: {idle:?}");
}

#[test]
fn suzumu() {
    run("suzumu");
}

#[test]
fn mitsugumi() {
    run("mitsugumi");
}

#[test]
fn hook() {
    run("hook");
}

#[test]
fn shogi() {
    run("shogi");
}

#[test]
fn shoogantshii() {
    run("shoogantshii");
}

#[test]
fn xiangqi() {
    run("xiangqi");
}

#[test]
fn ryu() {
    run("ryu");
}

#[test]
fn heian_ryu() {
    run("heian-ryu");
}
