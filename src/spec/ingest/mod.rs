//! `kensho ingest`: read a chessvariants-style rule document (its Interactive Diagram
//! configuration and its prose lists), write a spec skeleton, and report every disagreement
//! between the configuration and the prose.

mod compare;
mod config;
mod prose;
mod skeleton;

pub use config::{parse_config, DiagramConfig, DiagramPiece};
use prose::parse_prose;
pub use prose::{ProseLists, ProsePromotion, ProseSetup};

use super::finding::Finding;
use crate::geometry::BoardSize;

/// A document read for ingestion.
#[derive(Clone, Debug)]
pub struct Ingested {
    pub(crate) config: DiagramConfig,
    pub(crate) prose: ProseLists,
    pub(crate) board: BoardSize,
    /// The disagreements found, in document order.
    pub findings: Vec<Finding>,
    /// The spec skeleton (TOML text) built from the configuration.
    pub skeleton: String,
}

/// Reads a document. `name` is the file name (it becomes `[game] document` and the id).
pub fn ingest(name: &str, text: &str) -> Result<Ingested, String> {
    ingest_as(name, None, text)
}

/// As [`ingest`], with the skeleton's game id given (the stem of the file it is written to, so
/// that the spec loads from there; None: made from the document's name).
pub(crate) fn ingest_as(name: &str, id: Option<&str>, text: &str) -> Result<Ingested, String> {
    let config = parse_config(text);
    let board = match (config.param("files"), config.param("ranks")) {
        (Some(_), Some(_)) => config
            .board()
            .ok_or_else(|| format!("{name}: files={} ranks={} is not a board kensho supports (2x2 to 26x26)", config.param("files").unwrap_or("?"), config.param("ranks").unwrap_or("?")))?,
        _ => {
            return Err(format!(
                "{name}: no Interactive Diagram configuration found (expected `files=` and `ranks=` parameters and `name:ID:XBETZA:image:squares` entries)"
            ))
        }
    };
    if config.pieces.is_empty() {
        return Err(format!("{name}: the configuration has no piece entries (`name:ID:XBETZA:image:squares`)"));
    }
    let prose = parse_prose(text);
    let findings = compare::compare(&config, &prose, board);
    let skeleton = skeleton::write(name, id, &config, board);
    Ok(Ingested { config, prose, board, findings, skeleton })
}

/// The configuration's promotion: entry index i < maxPromote promotes to entry i + promoOffset.
pub(crate) fn promotion_target(config: &DiagramConfig, index: usize) -> Option<&DiagramPiece> {
    let offset: usize = config.param("promoOffset")?.parse().ok()?;
    let max: usize = config.param("maxPromote").and_then(|m| m.parse().ok()).unwrap_or(config.pieces.len());
    if index >= max || offset == 0 {
        return None;
    }
    config.pieces.get(index + offset)
}

/// The configuration's royal pieces: `royal=N` counts entries from 1.
pub(crate) fn royal_indices(config: &DiagramConfig) -> Vec<usize> {
    config
        .params_named("royal")
        .iter()
        .filter_map(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
        .collect()
}
