//! The layering of the crate, enforced (docs/DESIGN.md, "Layout"): each top-level module may
//! use only modules of lower layers, never one of its own layer or above. The test reads every
//! `crate::…` path in src/ (outside comments) and fails on any that points up or sideways.
//! Modules name each other by `crate::` paths only (a `super::` that climbs out of a top-level
//! module would go unseen; none does).

/// Top-level modules by layer, lowest first. A module may use the modules of the layers before
/// its own.
pub(crate) const LAYERS: &[&[&str]] = &[
    &["core", "geometry", "random"],
    &["text"],
    &["xbetza"],
    &["spec"],
    &["engine"],
    &["sampling"],
    &["witness"],
    &["crosscheck", "check", "smt"],
    &["evaluate"],
    &["report"],
    &["commands"],
    &["main"],
];

/// The layer of a top-level module; None for one the list does not name.
pub(crate) fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The top-level module a source file belongs to, from its path under src/ (`engine/make.rs`
/// is in `engine`, `random.rs` in `random`); None for lib.rs, which only declares them.
pub(crate) fn module_of(path: &str) -> Option<&str> {
    let first = path.split('/').next()?;
    let module = first.strip_suffix(".rs").unwrap_or(first);
    (module != "lib").then_some(module)
}

/// The top-level modules a source text names through `crate::`, with their line numbers,
/// comments left out.
pub(crate) fn crate_paths(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = without_comment(line);
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let end = after.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(after.len());
            // `$crate::` in a macro names this crate too.
            out.push((n + 1, &after[..end]));
            rest = &after[end..];
        }
    }
    out
}

/// `line` up to its `//` comment, if any: a `//` inside a string literal (a URL) is code.
fn without_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let at = |i: usize| bytes.get(i).copied();
    let mut in_string = false;
    for (i, &byte) in bytes.iter().enumerate() {
        let before = i.checked_sub(1).and_then(at);
        match byte {
            // An escaped quote, or a quote as a character literal ('"'), neither opens nor
            // closes a string.
            b'"' if before != Some(b'\\') && !(before == Some(b'\'') && at(i + 1) == Some(b'\'')) => {
                in_string = !in_string
            }
            b'/' if !in_string && at(i + 1) == Some(b'/') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Every import of `text` (the file at `path` under src/) that points up or sideways, as
/// "path:line: module uses target".
pub(crate) fn violations(path: &str, text: &str) -> Vec<String> {
    let Some(module) = module_of(path) else { return Vec::new() };
    let Some(own) = layer(module) else {
        return vec![format!("{path}: module `{module}` has no layer in src/layers.rs")];
    };
    crate_paths(text)
        .into_iter()
        .filter(|&(_, target)| target != module)
        .filter_map(|(line, target)| match layer(target) {
            Some(l) if l < own => None,
            None if target.is_empty() => Some(format!(
                "{path}:{line}: a `crate::{{…}}` group: give each module its own `use` line, so that this test reads it"
            )),
            Some(_) => {
                Some(format!("{path}:{line}: `{module}` (layer {own}) uses `{target}` (layer {})", layer(target)?))
            }
            None => Some(format!("{path}:{line}: `{module}` uses `{target}`, which has no layer")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file is readable");
                let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
                let name = path.strip_prefix(&src).expect("under src/").to_string_lossy().replace('\\', "/");
                out.push((name, text));
            }
        }
    }

    #[test]
    fn every_import_points_down_the_layers() {
        let mut files = Vec::new();
        sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
        assert!(files.len() > 100, "only {} source files read", files.len());
        let imports: usize = files.iter().map(|(_, text)| crate_paths(text).len()).sum();
        assert!(imports > 300, "only {imports} crate paths read");
        // This file's own strings and examples name modules it does not use.
        files.retain(|(path, _)| path != "layers.rs");
        let bad: Vec<String> = files.iter().flat_map(|(path, text)| violations(path, text)).collect();
        assert!(bad.is_empty(), "imports against the layers:\n{}", bad.join("\n"));
    }

    /// The check itself: the SMT layer's old import of the checker's designed positions, the
    /// engine-only witnesses reaching up into the SMT layer, and the generator reaching up into
    /// the engine, are caught; a downward import is not.
    #[test]
    fn an_upward_or_sideways_import_is_caught() {
        let sideways = violations("smt/readings.rs", "use crate::check::designed::{self, Aim};\n");
        assert_eq!(sideways, ["smt/readings.rs:1: `smt` (layer 7) uses `check` (layer 7)"]);
        let upward = violations("xbetza/generate.rs", "fn f() {\n    let x = crate::engine::Engine::new();\n}\n");
        assert_eq!(upward, ["xbetza/generate.rs:2: `xbetza` (layer 2) uses `engine` (layer 4)"]);
        // The engine-only witnesses sit below the SMT layer: smt may use them, not they smt.
        let below = violations("witness/search.rs", "use crate::smt::Limits;\n");
        assert_eq!(below, ["witness/search.rs:1: `witness` (layer 6) uses `smt` (layer 7)"]);
        assert!(violations("smt/readings.rs", "use crate::witness::Pair;\n").is_empty());
        assert!(violations("engine/make.rs", "use crate::xbetza::Path; // crate::report::x\n").is_empty());
        let after_url = violations("engine/a.rs", "let u = \"https://x\"; crate::report::f();\n");
        assert_eq!(after_url.len(), 1, "a `//` inside a string does not hide the code after it");
        assert_eq!(violations("newmod/a.rs", "").len(), 1, "a module with no layer is named");
    }
}
