//! Setting paths in kensho's own code (issue 24, item 1). Each setting is declared once, in
//! the spec layer (src/spec/rules.rs, src/spec/abilities.rs, by src/spec/declare.rs); code
//! outside that layer reads typed values (`game.typed_rules().skip_limit`) and names a setting
//! by its identity where it needs the path (`Rule::SkipLimit.spec_path()`), so the compiler
//! checks every reader. These tests read the source for what the compiler cannot see: a path
//! spelled as a string.

use kensho::spec::settings::{ABILITIES, RULES};
use std::path::{Path, PathBuf};

/// The accessors of `Effective` (and the SMT fragments' former per-piece helpers) that take a
/// setting path as their first argument: a read by name.
const READERS: &[&str] = &[
    ".word(\"",
    ".flag(\"",
    ".int(\"",
    ".list(\"",
    ".zone(\"",
    ".ranks_per_piece(\"",
    ".betza_per_zone(\"",
    ".stated(\"",
    ".is_stated(\"",
    ".states_any(\"",
    ".value(\"",
    "word(p, \"",
    "flag(p, \"",
    "int(p, \"",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The setting paths `text` reads by name.
fn paths_read(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for reader in READERS {
        for (at, _) in text.match_indices(reader) {
            let rest = &text[at + reader.len()..];
            if let Some(end) = rest.find('"') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

/// The string literals of Rust source `text` with their line numbers, comments left out:
/// plain, byte and raw strings; a quote in a character literal (`'"'`) opens none.
fn literals(text: &str) -> Vec<(usize, String)> {
    let b = text.as_bytes();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    while i < b.len() {
        match b[i] {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            // A character literal ('"', '\'', '\n'); otherwise a lifetime.
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i += 2;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 2,
            // r"..." and r#"..."#: no escapes, closed by the quote and as many #.
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let start = i + 2 + hashes;
                let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                let end = b[start..].windows(close.len()).position(|w| w == close).map_or(b.len(), |p| start + p);
                out.push((line, text[start..end].to_string()));
                line += text[start..end].matches('\n').count();
                i = end + close.len();
                continue;
            }
            b'"' => {
                let (start, first_line) = (i + 1, line);
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    if b.get(i) == Some(&b'\n') {
                        line += 1;
                    }
                    i += 1;
                }
                out.push((first_line, text[start..i.min(b.len())].to_string()));
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// How a catalogue path may be spelled: every rule path, bare and as `rules.PATH`; every
/// ability path as `ability.PATH`, and bare where it has a dot. A bare ability path without
/// one (`pass`, `confine`, `zone-moves`, `flying-capture`) is an ordinary word elsewhere (a move
/// kind, an invariant kind), so it is caught only in its `ability.` form or read by name.
fn spellings() -> Vec<String> {
    let mut out = Vec::new();
    for k in RULES {
        out.push(k.path.to_string());
        out.push(format!("rules.{}", k.path));
    }
    for k in ABILITIES {
        if k.path.contains('.') {
            out.push(k.path.to_string());
        }
        out.push(format!("ability.{}", k.path));
    }
    out
}

/// Does `lit` spell a setting's place in a spec: `rules.` or `ability.` followed by a path or a
/// placeholder (a table prefix such as `rules.drops.`, a path in a message such as "the spec's
/// rules.skip.limit is none", `piece.{id}.ability.{k}`), or a bare prefix (`"rules."`,
/// `".ability."`)? A sentence that ends "...by the game's rules." does not.
fn names_a_setting_place(lit: &str) -> bool {
    ["rules.", "ability."].iter().any(|prefix| {
        lit.match_indices(prefix).any(|(at, _)| {
            let before = lit[..at].chars().next_back();
            let after = lit[at + prefix.len()..].chars().next();
            match after {
                Some(c) => {
                    !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                        && (c.is_ascii_lowercase() || c == '{' || c == '*')
                }
                None => before.is_none_or(|c| c == '.'),
            }
        })
    })
}

/// Does `lit` hold catalogue path `path` as a whole word (in a message: "the spec's burn.max
/// is 2")?
fn holds_path(lit: &str, path: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    lit.match_indices(path).any(|(at, _)| {
        let before = lit[..at].chars().next_back();
        let after = lit[at + path.len()..].chars().next();
        !before.is_some_and(|c| part(c) || c == '.') && !after.is_some_and(part)
    })
}

/// Every catalogue path `text` (the file `name`) spells in a string literal, whole or inside a
/// message, every spelled table prefix, and every read by name, as "name:line: what".
fn spelled(name: &str, text: &str, spellings: &[String]) -> Vec<String> {
    let mut bad: Vec<String> = literals(text)
        .into_iter()
        .filter(|(_, lit)| {
            spellings.contains(lit)
                || names_a_setting_place(lit)
                || spellings.iter().any(|p| p.contains('.') && holds_path(lit, p))
        })
        .map(|(line, lit)| format!("{name}:{line}: \"{lit}\""))
        .collect();
    for (n, line) in text.lines().enumerate() {
        if READERS.iter().any(|r| line.contains(r)) {
            bad.push(format!("{name}:{}: a setting read by name: {}", n + 1, line.trim()));
        }
    }
    bad
}

/// No catalogue path is spelled in a string in src/ outside src/spec, whole, inside a message
/// or as a table prefix: the paths to look for come from the catalogue itself, so a setting
/// declared tomorrow is looked for too. A message names a setting by its identity
/// (`Rule::SkipLimit.set_to(limit)` prints `skip.limit = both`), so renaming a setting renames
/// it in every message.
///
/// Shown to fail: when the scan first looked inside messages and at table prefixes, it named
/// 67 literals in 13 files (among them `src/engine/status.rs`'s "checkmate (end.checkmate =
/// terminal)" and `src/smt/proofs.rs`'s "rules.drops." prefix), which now name their settings
/// by identity. And with `engine.game.settings().flag("drops.enabled")` put back into
/// `sampling::designed::drops_enabled` (src/sampling/designed.rs), this test failed naming
/// `src/sampling/designed.rs:55: "drops.enabled"` and the read by name on the same line; with
/// the line restored it passed.
#[test]
fn no_setting_path_is_spelled_outside_the_spec_layer() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let spellings = spellings();
    assert!(spellings.len() > 250, "only {} spellings built from the catalogue", spellings.len());
    let mut scanned = 0;
    let mut bad = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with("src/spec")) {
        scanned += 1;
        let text = std::fs::read_to_string(file).unwrap();
        bad.extend(spelled(&file.display().to_string(), &text, &spellings));
    }
    assert!(scanned > 100, "only {scanned} files outside src/spec read");
    assert!(
        bad.is_empty(),
        "setting paths spelled outside src/spec (name the setting by its identity, `Rule::X` or `Ability::X`, and read the typed value):\n{}",
        bad.join("\n")
    );
}

/// The scan itself: a path in each spelling, a table prefix, a path inside a message and a
/// read by name are caught, at their lines; comments, character literals, the words that are
/// only words and a sentence ending in "rules." are not.
#[test]
fn a_spelled_path_is_caught() {
    let text = concat!(
        "let a = r.word(\"skip.limit\");\n",
        "let b = \"rules.drops.enabled\"; // \"burn.max\" in a comment\n",
        "let c = ['\"', '\\''];\n",
        "let d = (\"burn.max\", \"ability.confine\", \"pass\", \"zone-moves\");\n",
        "let e = r#\"end.royals\"#;\n",
        "let f = (\"rules.end.\", \".ability.\", \"rules.\");\n",
        "let g = format!(\"the spec's rules.skip.limit is {s}\");\n",
        "let h = format!(\"piece.{id}.ability.{k}\");\n",
        "let i = \"burns 2; the spec's burn.max is 3 (skip.limit = none)\";\n",
        "let j = (\"as the game's rules.\", \"the rules of pass\", \"mrules.x\");\n",
    );
    let bad = spelled("x.rs", text, &spellings());
    assert_eq!(
        bad,
        [
            "x.rs:1: \"skip.limit\"",
            "x.rs:2: \"rules.drops.enabled\"",
            "x.rs:4: \"burn.max\"",
            "x.rs:4: \"ability.confine\"",
            "x.rs:5: \"end.royals\"",
            "x.rs:6: \"rules.end.\"",
            "x.rs:6: \".ability.\"",
            "x.rs:6: \"rules.\"",
            "x.rs:7: \"the spec's rules.skip.limit is {s}\"",
            "x.rs:8: \"piece.{id}.ability.{k}\"",
            "x.rs:9: \"burns 2; the spec's burn.max is 3 (skip.limit = none)\"",
            "x.rs:1: a setting read by name: let a = r.word(\"skip.limit\");",
        ]
    );
}

/// In the spec layer, which reads settings by path, every path read is declared (`Effective`
/// panics on an undeclared one, as a mistake in kensho's own code).
#[test]
fn every_setting_read_is_declared() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let declared = |p: &str| RULES.iter().chain(ABILITIES).any(|k| k.path == p);
    let mut read = 0;
    let mut undeclared = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for path in paths_read(&text) {
            read += 1;
            if !declared(&path) {
                undeclared.push(format!("{}: {path}", file.display()));
            }
        }
    }
    assert!(undeclared.is_empty(), "settings read but not declared:\n{}", undeclared.join("\n"));
    // The lint (src/spec/lint.rs) still reads a few settings by path.
    assert!(read > 5, "only {read} reads found: has the scan stopped recognising the accessors?");
}

#[test]
fn the_scan_sees_a_read_in_each_form() {
    let text = r#"r.word("skip.limit"); a.flag("pass"); word(p, "burn.targets", x); rules.zone("promotion.zone")"#;
    assert_eq!(paths_read(text).len(), 4);
}
