//! The clause lock: a file beside each spec (`specs/shogi.lock` beside `specs/shogi.toml`, as
//! Cargo.lock is beside Cargo.toml) recording a digest of what each clause encodes, the values
//! at its `encode` paths. After an edit, `kensho lint` lists the clauses whose encoding changed
//! since the lock, with their words to re-read ("SHO-14: piece.S.betza changed; re-read: 'one
//! square straight forward'"), until `kensho lock SPEC` accepts them. A designer who changes
//! the Silver from `FfW` to `FvW` is sent to the one clause that describes it.
//!
//! Why digests, not values: the lock is read by people only through lint's messages, and a
//! digest keeps it one short line per path whatever the value (a setup table, a move string).
//! The digest is FNV-1a over a canonical text of the value (tables in key order), so it is the
//! same on every run and machine and changes with any change of the value.

use super::finding::{Finding, Severity};
use super::paths;
use super::LoadedSpec;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Value;

/// Clause id -> encode path -> digest of the value(s) there.
pub(crate) type Encodings = BTreeMap<String, BTreeMap<String, String>>;

/// The lock file's format version; a lock of another version is refused, not misread.
const VERSION: i64 = 1;

/// Where the lock of the spec at `spec_path` lives: the same name with `.lock`.
pub fn lock_path(spec_path: &Path) -> PathBuf {
    spec_path.with_extension("lock")
}

/// The value(s) at `path` in `spec` (group paths expanded to their members, `*` to every
/// match) as canonical text; "absent" where the spec states nothing there.
pub(crate) fn encoded_text(spec: &LoadedSpec, path: &str) -> String {
    let expanded = paths::expand_group(&spec.value, path).unwrap_or_else(|_| vec![path.to_string()]);
    let parts: Vec<String> = expanded.iter().flat_map(|p| paths::get_all(&spec.value, p)).map(canonical).collect();
    if parts.is_empty() {
        "absent".into()
    } else {
        parts.join("; ")
    }
}

/// A value as text with tables in key order, so equal values give equal text.
fn canonical(v: &Value) -> String {
    match v {
        Value::Table(t) => {
            let mut keys: Vec<&String> = t.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys.iter().map(|k| format!("{k:?} = {}", canonical(&t[k.as_str()]))).collect();
            format!("{{{}}}", inner.join(", "))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(", ")),
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

/// FNV-1a, 64 bits, as 16 hex digits: a stable fingerprint (std's hasher may change between
/// Rust versions; this must not, since locks, reports and evaluation records keep it). The one
/// digest of the crate: the clause lock, the report's spec digest and `kensho evaluate`'s
/// records use it.
pub(crate) fn digest(bytes: impl AsRef<[u8]>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes.as_ref() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// What every clause of `spec` (its base's too) encodes now.
pub fn encodings(spec: &LoadedSpec) -> Encodings {
    spec.all_clauses()
        .into_iter()
        .filter_map(|c| {
            let encode = c.encode.as_ref()?;
            let per_path = encode.get_ref().paths().into_iter().map(|p| (p.to_string(), digest(encoded_text(spec, p))));
            Some((c.id.get_ref().clone(), per_path.collect()))
        })
        .collect()
}

/// The lock file's text for `spec`.
pub fn render(spec: &LoadedSpec) -> String {
    let name = Path::new(&spec.path).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut out = format!(
        "# Clause lock of {name}, written by `kensho lock`: a digest of what each clause encodes.\n\
         # `kensho lint` lists the clauses whose encoding changed since; re-read their words against\n\
         # the document, then run `kensho lock` again to accept. Not meant to be edited by hand.\n\
         version = {VERSION}\n"
    );
    // In the spec's order of clauses (SHO-2 before SHO-10), as a reader of the spec expects.
    let mut encoded = encodings(spec);
    for clause in spec.all_clauses() {
        let Some(per_path) = encoded.remove(clause.id.get_ref()) else { continue };
        out.push_str(&format!("\n[clause.{}]\n", toml_key(clause.id.get_ref())));
        for (path, d) in per_path {
            out.push_str(&format!("{} = \"{d}\"\n", toml_key(&path)));
        }
    }
    out
}

/// A key as TOML writes it: bare when it can be, quoted otherwise (paths have dots).
fn toml_key(k: &str) -> String {
    if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        k.to_string()
    } else {
        format!("{k:?}")
    }
}

/// Reads the lock at `path`: None when there is none; an error naming the line of anything
/// that is not a lock this version wrote.
pub fn read(path: &Path) -> Result<Option<Encodings>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: cannot read the clause lock: {e}", path.display())),
    };
    parse(&text).map(Some).map_err(|e| format!("{}: {e}", path.display()))
}

/// A lock's text as encodings.
pub fn parse(text: &str) -> Result<Encodings, String> {
    let value: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e.span().map(|s| text[..s.start].matches('\n').count() + 1);
        format!("line {}: {}", line.map_or("?".into(), |l| l.to_string()), e.message())
    })?;
    match value.get("version") {
        Some(Value::Integer(VERSION)) => {}
        Some(other) => {
            return Err(format!("version {other} is not one this kensho reads ({VERSION}); run `kensho lock` again"))
        }
        None => return Err("no `version`: not a clause lock written by `kensho lock`".into()),
    }
    let mut out = Encodings::new();
    let clauses = match value.get("clause") {
        None => return Ok(out),
        Some(Value::Table(t)) => t,
        Some(_) => return Err("`clause` must be a table of clauses".into()),
    };
    for (clause, per_path) in clauses {
        let Value::Table(per_path) = per_path else {
            return Err(format!("clause.{clause} must be a table of path = \"digest\""));
        };
        let mut paths = BTreeMap::new();
        for (path, d) in per_path {
            match d.as_str() {
                Some(d) if d.len() == 16 && d.chars().all(|c| c.is_ascii_hexdigit()) => {
                    paths.insert(path.clone(), d.to_string());
                }
                _ => return Err(format!("clause.{clause}.\"{path}\": a digest is 16 hex digits, found {d}")),
            }
        }
        out.insert(clause.clone(), paths);
    }
    Ok(out)
}

/// How one clause's encoding differs from the lock.
#[derive(Debug, PartialEq, Eq)]
pub enum Drift {
    /// The value at these paths changed.
    Changed(Vec<String>),
    /// The clause encodes paths it did not (added) or no longer encodes some (removed).
    Paths { added: Vec<String>, removed: Vec<String> },
    /// A clause the lock does not know.
    New,
    /// A clause of the lock the spec no longer has (or no longer encodes anything).
    Gone,
}

/// Every clause whose encoding differs between `locked` and `now`, by clause id.
pub fn drift(locked: &Encodings, now: &Encodings) -> Vec<(String, Drift)> {
    let mut out = Vec::new();
    for (clause, paths_now) in now {
        let Some(paths_then) = locked.get(clause) else {
            out.push((clause.clone(), Drift::New));
            continue;
        };
        let added: Vec<String> = paths_now.keys().filter(|p| !paths_then.contains_key(*p)).cloned().collect();
        let removed: Vec<String> = paths_then.keys().filter(|p| !paths_now.contains_key(*p)).cloned().collect();
        let changed: Vec<String> = paths_now
            .iter()
            .filter(|(p, d)| paths_then.get(*p).is_some_and(|then| then != *d))
            .map(|(p, _)| p.clone())
            .collect();
        if !changed.is_empty() {
            out.push((clause.clone(), Drift::Changed(changed)));
        }
        if !added.is_empty() || !removed.is_empty() {
            out.push((clause.clone(), Drift::Paths { added, removed }));
        }
    }
    for clause in locked.keys().filter(|c| !now.contains_key(*c)) {
        out.push((clause.clone(), Drift::Gone));
    }
    out
}

/// The lint findings of the lock beside `spec`: the clauses to re-read, each with its words.
/// Nothing when there is no lock.
pub(crate) fn findings(spec: &LoadedSpec) -> Vec<Finding> {
    let path = lock_path(Path::new(&spec.path));
    let shown = path.display().to_string();
    let locked = match read(&path) {
        Ok(Some(l)) => l,
        Ok(None) => return Vec::new(),
        Err(e) => return vec![Finding::new(Severity::Error, "lock-invalid", "clause lock", e).at(shown)],
    };
    let words: BTreeMap<String, &str> =
        spec.all_clauses().into_iter().map(|c| (c.id.get_ref().clone(), c.text.as_str())).collect();
    let re_read = |clause: &str| {
        words.get(clause).map(|w| format!("; re-read: \"{}\"", crate::text::shorten(w, 120))).unwrap_or_default()
    };
    drift(&locked, &encodings(spec))
        .into_iter()
        .map(|(clause, d)| {
            let (code, message) = match &d {
                Drift::Changed(paths) => {
                    ("clause-changed", format!("{} changed since the lock{}", paths.join(", "), re_read(&clause)))
                }
                Drift::Paths { added, removed } => {
                    let mut parts = Vec::new();
                    if !added.is_empty() {
                        parts.push(format!("now also encodes {}", added.join(", ")));
                    }
                    if !removed.is_empty() {
                        parts.push(format!("no longer encodes {}", removed.join(", ")));
                    }
                    ("clause-changed", format!("{}{}", parts.join("; "), re_read(&clause)))
                }
                Drift::New => ("clause-changed", format!("not in the lock: a new clause{}", re_read(&clause))),
                Drift::Gone => ("clause-changed", "in the lock, but the spec no longer encodes it".to_string()),
            };
            let severity = if d == Drift::Gone { Severity::Info } else { Severity::Warning };
            Finding::new(severity, code, clause.clone(), format!("{message} (`kensho lock` accepts)"))
                .clauses(vec![clause])
                .at(shown.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(items: &[(&str, &[(&str, &str)])]) -> Encodings {
        items
            .iter()
            .map(|(c, ps)| (c.to_string(), ps.iter().map(|(p, d)| (p.to_string(), d.to_string())).collect()))
            .collect()
    }

    #[test]
    fn the_digest_is_fnv1a() {
        // FNV-1a 64 test vectors from the FNV reference (Fowler/Noll/Vo): "", "a", "foobar".
        assert_eq!(digest(""), "cbf29ce484222325");
        assert_eq!(digest("a"), "af63dc4c8601ec8c");
        assert_eq!(digest(b"foobar"), "85944171f73967e8");
    }

    #[test]
    fn canonical_text_ignores_key_order() {
        let a: Value = toml::from_str("t = { b = 1, a = [\"x\", 2] }").unwrap();
        let b: Value = toml::from_str("t = { a = [\"x\", 2], b = 1 }").unwrap();
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(canonical(&a), "{\"t\" = {\"a\" = [\"x\", 2], \"b\" = 1}}");
    }

    #[test]
    fn drift_names_exactly_what_differs() {
        let then = enc(&[("A-1", &[("p", "1"), ("q", "2")]), ("A-2", &[("r", "3")]), ("A-3", &[("s", "4")])]);
        let now =
            enc(&[("A-1", &[("p", "1"), ("q", "9")]), ("A-2", &[("r", "3"), ("t", "5")]), ("A-4", &[("u", "6")])]);
        assert_eq!(
            drift(&then, &now),
            vec![
                ("A-1".to_string(), Drift::Changed(vec!["q".into()])),
                ("A-2".to_string(), Drift::Paths { added: vec!["t".into()], removed: vec![] }),
                ("A-4".to_string(), Drift::New),
                ("A-3".to_string(), Drift::Gone),
            ]
        );
        assert!(drift(&now, &now).is_empty());
    }

    #[test]
    fn a_lock_round_trips_and_bad_ones_are_refused_with_the_line() {
        let text = "version = 1\n\n[clause.SHO-14]\n\"piece.S.betza\" = \"0123456789abcdef\"\n";
        let parsed = parse(text).unwrap();
        assert_eq!(parsed["SHO-14"]["piece.S.betza"], "0123456789abcdef");
        assert!(parse("[clause.X]\n").unwrap_err().contains("no `version`"));
        assert!(parse("version = 2\n").unwrap_err().contains("version 2"));
        let err = parse("version = 1\n[clause.X]\n\"p\" = \"short\"\n").unwrap_err();
        assert!(err.contains("16 hex digits"), "{err}");
        let err = parse("version = 1\n\n[clause.X\n").unwrap_err();
        assert!(err.starts_with("line 3"), "{err}");
    }
}
