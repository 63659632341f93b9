//! Inputs to mutate: valid ones taken from the bundled specs, and the mutations themselves.

use kensho::random::SplitMix64;
use std::sync::OnceLock;

/// Every bundled spec, loaded once: (file text, loaded spec).
pub fn specs() -> &'static [(String, kensho::spec::LoadedSpec)] {
    static SPECS: OnceLock<Vec<(String, kensho::spec::LoadedSpec)>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let mut paths: Vec<_> = std::fs::read_dir("specs")
            .expect("specs/")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).expect("spec text");
                let spec = kensho::spec::load(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (text, spec)
            })
            .collect()
    })
}

/// Tokens worth inserting anywhere: the characters readers treat specially, numbers at the
/// edges of every integer type, control characters, long and non-ASCII text.
pub const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    "=",
    ",",
    ".",
    ":",
    "/",
    "-",
    "+",
    "*",
    "~",
    "#",
    "\n",
    "\r\n",
    "\t",
    " ",
    "\0",
    "\u{1b}[31m",
    "é",
    "…",
    "漢",
    "\u{feff}",
    "0",
    "1",
    "9",
    "10",
    "99",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "-1",
    "1e9",
    "nan",
    "a",
    "K",
    "Q",
    "R",
    "W",
    "mcab",
    "(a)9",
    "true",
    "false",
    "[[piece]]",
    "[game]",
    "x",
    "@",
    "%",
    "\\",
    "\\u0000",
];

/// A mutation of `base`: one to four edits among inserting a token, deleting, repeating or
/// replacing a slice, and splicing in a slice of `other`.
pub fn mutate(rng: &mut SplitMix64, base: &str, other: &str, tokens: &[&str]) -> String {
    let mut text: Vec<char> = base.chars().collect();
    let other: Vec<char> = other.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(text.len() + 1);
        let len = 1 + rng.below(16);
        let end = (at + len).min(text.len());
        match rng.below(6) {
            0 | 1 => {
                let token = tokens[rng.below(tokens.len())];
                text.splice(at..at, token.chars());
            }
            2 => {
                text.drain(at..end);
            }
            3 => {
                // Repeated up to a thousand times: deep nesting, long lines, huge counts.
                let slice: Vec<char> = text[at..end].to_vec();
                let times = [2, 8, 64, 1000][rng.below(4)];
                let repeated: Vec<char> = (0..times).flat_map(|_| slice.iter().copied()).collect();
                text.splice(at..end, repeated);
            }
            4 => {
                let token = tokens[rng.below(tokens.len())];
                text.splice(at..end, token.chars());
            }
            _ => {
                if !other.is_empty() {
                    let from = rng.below(other.len());
                    let to = (from + 1 + rng.below(64)).min(other.len());
                    text.splice(at..at, other[from..to].iter().copied());
                }
            }
        }
    }
    text.into_iter().collect()
}

/// Random text from `tokens` alone.
pub fn random_text(rng: &mut SplitMix64, tokens: &[&str]) -> String {
    (0..rng.below(40)).map(|_| tokens[rng.below(tokens.len())]).collect()
}

/// One of `bases`, mutated (nine cases in ten), or random text.
pub fn case(rng: &mut SplitMix64, bases: &[String], tokens: &[&str]) -> String {
    if bases.is_empty() || rng.below(10) == 0 {
        return random_text(rng, tokens);
    }
    let base = &bases[rng.below(bases.len())];
    let other = &bases[rng.below(bases.len())];
    mutate(rng, base, other, tokens)
}
