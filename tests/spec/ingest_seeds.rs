//! `kensho ingest` on the three large-variant seeds. Every finding expected here was found by
//! reading the document: each case quotes the prose line and the configuration entry that
//! disagree, and the test checks those words are in the document (so the expectation does not
//! come from kensho's output). The full finding lists are snapshot-tested as a regression guard.

use crate::common::outside::{self, Documents};
use kensho::spec::finding::{Finding, Severity};
use kensho::spec::ingest::{ingest, Ingested};
use std::path::Path;
use std::process::Command;

const SUZUMU: &str = "000_116ea7fedabdbe2a.txt";
const MITSUGUMI: &str = "001_bbc26209d8e27e8f.txt";
const HOOK: &str = "002_f3ad3da1aac5a416.txt";

fn read(docs: &Documents, name: &str) -> (String, Ingested) {
    let text = docs.read(name);
    let doc = ingest(name, &text).unwrap();
    (text, doc)
}

/// One expected finding: its code and severity, the words its message must contain, the
/// document line it points at (0: none), and words that line and the configuration must hold.
struct Expect {
    code: &'static str,
    severity: Severity,
    message: &'static str,
    line: usize,
    prose: &'static str,
    config: &'static str,
}

fn check(docs: &Documents, name: &str, expected: &[Expect]) {
    let (text, doc) = read(docs, name);
    let lines: Vec<&str> = text.lines().collect();
    for e in expected {
        if e.line > 0 {
            assert!(
                lines[e.line - 1].contains(e.prose),
                "{name}:{} should read {:?}: {:?}",
                e.line,
                e.prose,
                lines[e.line - 1]
            );
        } else if !e.prose.is_empty() {
            assert!(text.contains(e.prose), "{name} should contain {:?}", e.prose);
        }
        if !e.config.is_empty() {
            assert!(text.contains(e.config), "{name}'s configuration should contain {:?}", e.config);
        }
        let at = if e.line > 0 { format!("document line {}", e.line) } else { String::new() };
        let found = doc.findings.iter().any(|f| {
            f.code == e.code
                && f.severity == e.severity
                && f.message.contains(e.message)
                && (e.line == 0 || f.location == at)
        });
        assert!(
            found,
            "{name}: no {:?} {} finding {:?} at {at:?}; findings:\n{}",
            e.severity,
            e.code,
            e.message,
            render(&doc.findings)
        );
    }
}

fn render(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| format!("{} {} [{}] {} ({})\n", f.severity.name(), f.code, f.subject, f.message, f.location))
        .collect()
}

#[test]
fn mitsugumi_setup_list_against_its_configuration() {
    let Some(docs) = outside::documents() else { return };
    use Severity::*;
    check(
        &docs,
        MITSUGUMI,
        &[
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Ferocious Leopard: the prose says c1,k1, the configuration d1,j1",
                line: 23,
                prose: "c1, k1 Ferocious Leopard (FvW)",
                config: "ferocious leopard:FL:FvW:fl:d1,j1",
            },
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Silver General: the prose says d1,j1, the configuration c1,k1",
                line: 24,
                prose: "d1, j1 Silver General (FfW)",
                config: "silver general:S:FfW:s:c1,k1",
            },
            Expect {
                code: "moves-spelling",
                severity: Info,
                message: "the prose writes FbsW, the configuration FsbW; the same moves",
                line: 26,
                prose: "Blind Tiger (FbsW)",
                config: "blind tiger:BT:FsbW:bt:f1,h1",
            },
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Kirin: the prose says f2, the configuration e2",
                line: 35,
                prose: "f2 Kirin (FD)",
                config: "kirin:KY:FD:ky:e2",
            },
            Expect {
                code: "setup-overlap",
                severity: Error,
                message: "both Kirin (line 35) and Bishop General on f2",
                line: 36,
                prose: "f2 Bishop General",
                config: "",
            },
            Expect {
                code: "setup-overlap",
                severity: Error,
                message: "both Vice General (line 38) and Phoenix on h2",
                line: 39,
                prose: "h2 Phoenix (WA)",
                config: "phoenix:PH:WA:ph:i2",
            },
            Expect {
                code: "moves-spelling",
                severity: Info,
                message: "the prose writes WsRfW2, the configuration bWsRfW2; the same moves",
                line: 43,
                prose: "Side Soldier (WsRfW2)",
                config: "side soldier:SS:bWsRfW2:ss:a3,m3",
            },
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Horned Falcon: the prose says e3,i3, the configuration e3",
                line: 47,
                prose: "e3, i3 Horned Falcon",
                config: "horned falcon:HF:BsbRfWfDfcavWfabW:hf:e3",
            },
            Expect {
                code: "setup-overlap",
                severity: Error,
                message: "both Horned Falcon (line 47) and Soaring Eagle on i3",
                line: 51,
                prose: "i3 Soaring Eagle",
                config: "soaring eagle:SE:RbBfFfAfcavFfabF:se:i3",
            },
            Expect {
                code: "setup-off-board",
                severity: Error,
                message: "Pawns on p5, off the 13x13 board",
                line: 55,
                prose: "a5-p5 Pawns (fW)",
                config: "files=13 ranks=13",
            },
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Pawns: the prose says a5-p5, the configuration a4-m4",
                line: 55,
                prose: "a5-p5 Pawns",
                config: "pawn:P:fW:p:a4-m4",
            },
            Expect {
                code: "setup-differs",
                severity: Error,
                message: "Dog: the prose says e6,l6, the configuration d5,j5",
                line: 56,
                prose: "e6, l6 Dog (bFfW)",
                config: "dog:D:bFfW:d:d5,j5",
            },
            Expect {
                code: "moves-ad-hoc",
                severity: Info,
                message: "uses [ixK] [R], which is no XBetza",
                line: 33,
                prose: "[ixK][R]",
                config: "",
            },
            // 13 + 13 + 13 + 13 + 2 = 54 in the configuration; the lists name 58 squares:
            // a5-p5 is 16 pawns (3 more), e3,i3 one more Horned Falcon (f2 and h2, named twice,
            // take the place of e2 and i2 and add nothing).
            Expect {
                code: "count-differs",
                severity: Warning,
                message: "the prose setup lists 58 pieces per side, the configuration 54",
                line: 0,
                prose: "only 54 pieces of 27 types",
                config: "",
            },
            Expect {
                code: "promotion-name",
                severity: Warning,
                message: "'Heavenly Tertarch'",
                line: 161,
                prose: "Chariot Soldier -> Heavenly Tertarch",
                config: "",
            },
        ],
    );
}

#[test]
fn mitsugumi_promotions_agree_where_only_the_hyphen_differs() {
    let Some(docs) = outside::documents() else { return };
    let (text, doc) = read(&docs, MITSUGUMI);
    assert!(text.contains("Dog -> Multi-General"));
    assert!(
        !doc.findings.iter().any(|f| f.subject == "Dog" && f.code.starts_with("promotion")),
        "{}",
        render(&doc.findings)
    );
}

#[test]
fn hook_promotion_list_against_its_configuration() {
    let Some(docs) = outside::documents() else { return };
    use Severity::*;
    check(&docs,
        HOOK,
        &[
            Expect { code: "promotion-name", severity: Warning, message: "Drunk Elephant promotes to 'Prince' in the prose list, which the configuration calls crown prince (+DE)", line: 443, prose: "Drunk Elephant -> Prince", config: "crown prince:+DE:K:de2:" },
            Expect { code: "promotion-name", severity: Warning, message: "Cat Sword promotes to 'Freee Cat'", line: 481, prose: "Cat Sword -> Freee Cat", config: "free cat:+CT:B:ct2:" },
            // "Gold" is no entry; the tokin moves as the gold general does (WfF both).
            Expect { code: "promotion-name", severity: Warning, message: "read as gold general, which moves the same", line: 490, prose: "Pawn -> Gold", config: "tokin:+P:WfF:p2:" },
        ],
    );
    let (_, doc) = read(&docs, HOOK);
    assert_eq!(doc.findings.iter().filter(|f| f.severity == Severity::Error).count(), 0, "{}", render(&doc.findings));
}

#[test]
fn suzumu_repeats_two_entries_to_place_four_pieces() {
    let Some(docs) = outside::documents() else { return };
    let (text, doc) = read(&docs, SUZUMU);
    assert!(text.contains("chariot soldier:CS:BvRsW2:cs:c2,n2") && text.contains("chariot soldier:CS:BvRsW2:cs:d2,m2"));
    assert!(doc
        .findings
        .iter()
        .any(|f| f.code == "config-repeated-entry" && f.message.contains("chariot soldier (CS)")));
    assert!(doc.skeleton.contains("\"CS\" = \"c2,n2,d2,m2\""), "{}", doc.skeleton);
    assert!(!doc.findings.iter().any(|f| f.severity == Severity::Error), "{}", render(&doc.findings));
}

#[test]
fn skeletons_load_and_agree_with_the_hand_written_specs() {
    let Some(docs) = outside::documents() else { return };
    let specs = Path::new(env!("CARGO_MANIFEST_DIR")).join("specs");
    for (name, spec) in [(SUZUMU, "suzumu"), (MITSUGUMI, "mitsugumi"), (HOOK, "hook")] {
        let (_, doc) = read(&docs, name);
        let skeleton = kensho::spec::parse(name, &doc.skeleton)
            .unwrap_or_else(|e| panic!("{name} skeleton:\n{e}\n{}", doc.skeleton));
        let written = kensho::spec::load(&specs.join(format!("{spec}.toml"))).unwrap();
        // Two independent encodings of one configuration: the helpers' specs were written
        // by hand from the document, the skeleton by the ingest code.
        for p in &skeleton.game.pieces {
            let w = written.game.piece(&p.id).unwrap_or_else(|| panic!("{spec}: no piece {}", p.id));
            assert_eq!(p.betza, w.betza, "{spec} {}", p.id);
            assert_eq!(p.promotes_to, w.promotes_to, "{spec} {}", p.id);
            assert_eq!(p.royal, w.royal, "{spec} {}", p.id);
        }
        assert_eq!(skeleton.game.pieces.len(), written.game.pieces.len(), "{spec}");
        let placed = |g: &kensho::spec::game::GameSpec| -> std::collections::BTreeSet<String> {
            g.setup.iter().map(|p| format!("{} {} {}", p.player.index(), p.piece, p.square.name())).collect()
        };
        let (a, b) = (placed(&skeleton.game), placed(&written.game));
        assert!(
            a == b,
            "{spec}: skeleton only {:?}, spec only {:?}",
            a.difference(&b).collect::<Vec<_>>(),
            b.difference(&a).collect::<Vec<_>>()
        );
        assert_eq!(skeleton.game.zones.get("promotion"), written.game.zones.get("promotion"), "{spec}");
    }
}

#[test]
fn findings_snapshot() {
    let Some(docs) = outside::documents() else { return };
    for (name, label) in [(SUZUMU, "suzumu"), (MITSUGUMI, "mitsugumi"), (HOOK, "hook")] {
        let (_, doc) = read(&docs, name);
        insta::assert_snapshot!(format!("ingest_{label}"), render(&doc.findings));
    }
}

#[test]
fn cli_writes_the_skeleton_atomically_and_refuses_to_overwrite() {
    let Some(docs) = outside::documents() else { return };
    let dir = std::env::temp_dir().join(format!("kensho-ingest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("mitsugumi.toml");
    let _ = std::fs::remove_file(&out);
    let doc = docs.path(MITSUGUMI);
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kensho"))
            .env("KENSHO_WIDTH", "0")
            .arg("ingest")
            .arg(&doc)
            .args(["--out", out.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap()
    };
    // Exit 1: the document's configuration and prose disagree (errors), as lint exits.
    let first = run(&[]);
    assert_eq!(first.status.code(), Some(1), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(String::from_utf8_lossy(&first.stdout).contains("setup-differs"));
    assert!(crate::common::read_text(&out).contains("[[piece]]"));
    let again = run(&[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(run(&["--force"]).status.code(), Some(1));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_rejects_a_document_without_configuration() {
    let missing = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .args(["ingest", "/nonexistent/doc.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/doc.txt"), "the message names the path");
    let Some(docs) = outside::documents() else { return };
    let doc = docs.path("003_2f018b5a7f2f595e.txt");
    let out =
        Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", "0").arg("ingest").arg(&doc).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no Interactive Diagram configuration"));
}
