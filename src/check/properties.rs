//! The properties file: `properties/<spec>.toml`, one `[[invariant]]` per rule restated as a
//! predicate, each with an id, a kind, the clauses it checks, its parameters and why.
//!
//! ```toml
//! spec = "suzumu"
//!
//! [[invariant]]
//! id = "fire-demon-never-burned"
//! kind = "burn"
//! clauses = ["SUZ-66"]
//! max = 2
//! immune = ["FD", "+WB"]
//! why = "..."
//! ```
//!
//! Parsing is strict (unknown fields are errors) and every error names the file, line and
//! column.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Properties {
    /// The spec's `[game] id`.
    pub spec: String,
    #[serde(default, rename = "invariant")]
    pub invariants: Vec<Invariant>,
}

// No deny_unknown_fields here: serde cannot combine it with `flatten`; `parse` checks the
// fields of every invariant against its kind instead.
#[derive(Clone, Debug, Deserialize)]
pub struct Invariant {
    pub id: String,
    #[serde(flatten)]
    pub kind: Kind,
    pub clauses: Vec<String>,
    /// Why the invariant says what the clauses say (the reading it follows, if any).
    pub why: String,
}

/// The invariant kinds and their parameters (docs/check.md).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// Burns (the captures a move makes after its piece arrives): each next to the
    /// destination, at most `max`, never of an `immune` piece.
    Burn { max: usize, immune: Vec<String> },
    /// No player makes two skips (passes or null moves) in a row.
    NoConsecutiveSkips,
    /// After every move, none of these pieces stands unpromoted on its forced ranks (counted
    /// from its owner's side, 1-based).
    ForcedPromotion { ranks: std::collections::BTreeMap<String, Vec<u8>> },
    /// These pieces never stand outside their owner's `zone`.
    Confined { pieces: Vec<String>, zone: String },
}

impl Kind {
    /// The parameters this kind takes (besides id, kind, clauses, why).
    fn parameters(&self) -> &'static [&'static str] {
        match self {
            Kind::Burn { .. } => &["max", "immune"],
            Kind::NoConsecutiveSkips => &[],
            Kind::ForcedPromotion { .. } => &["ranks"],
            Kind::Confined { .. } => &["pieces", "zone"],
        }
    }
}

/// Reads a properties file; errors name the file, line and column (for a field the kind does
/// not take: the file, the invariant and the field).
pub fn parse(path: &str, text: &str) -> Result<Properties, String> {
    let props: Properties = parse_toml(path, text)?;
    let raw: toml::Table = parse_toml(path, text)?;
    let tables = raw.get("invariant").and_then(|v| v.as_array()).cloned().unwrap_or_default();
    for (inv, table) in props.invariants.iter().zip(tables) {
        let Some(table) = table.as_table() else { continue };
        for key in table.keys() {
            if !["id", "kind", "clauses", "why"].contains(&key.as_str()) && !inv.kind.parameters().contains(&key.as_str()) {
                return Err(format!("{path}: invariant '{}': unknown field `{key}` for its kind (it takes: {})", inv.id, inv.kind.parameters().join(", ")));
            }
        }
    }
    Ok(props)
}

fn parse_toml<T: serde::de::DeserializeOwned>(path: &str, text: &str) -> Result<T, String> {
    toml::from_str(text).map_err(|e| {
        let at = e.span().map(|span| {
            let line = text[..span.start].matches('\n').count() + 1;
            let column = span.start - text[..span.start].rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("{path}:{line}:{column}")
        });
        format!("{}: {}", at.unwrap_or_else(|| path.to_string()), e.message())
    })
}
