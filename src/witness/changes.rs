//! What two alternatives of a reading change: the spec paths their games differ in, and the
//! kind of difference that makes (the reading witnesses choose their query or search by it).

use crate::spec::abilities::Ability;
use crate::spec::game::GameSpec;
use crate::spec::rules::Rule;
use crate::xbetza::compile::CompiledBetza;

/// The spec paths two games differ in.
pub(crate) fn changes(a: &GameSpec, b: &GameSpec) -> Vec<String> {
    let mut out = Vec::new();
    if a.board != b.board {
        out.push("board".into());
    }
    if a.second_player != b.second_player {
        out.push("board.second_player".into());
    }
    if a.zones != b.zones {
        out.push("zone".into());
    }
    if a.setup != b.setup {
        out.push("setup".into());
    }
    if a.xbetza != b.xbetza {
        out.push(Rule::xbetza_table().into());
    }
    let keys: std::collections::BTreeSet<&String> = a.rules.keys().chain(b.rules.keys()).collect();
    for k in keys {
        if a.rules.get(k) != b.rules.get(k) {
            out.push(Rule::spec_path_of(k));
        }
    }
    let ids: std::collections::BTreeSet<&String> = a.pieces.iter().chain(b.pieces.iter()).map(|p| &p.id).collect();
    for id in ids {
        match (a.piece(id), b.piece(id)) {
            (Some(p), Some(q)) => {
                if p.betza != q.betza || moves_differ(&p.moves, &q.moves) {
                    out.push(format!("piece.{id}.betza"));
                }
                if p.zone_moves != q.zone_moves {
                    out.push(format!("piece.{id}.zone-moves"));
                }
                if p.promotes_to != q.promotes_to {
                    out.push(format!("piece.{id}.promotes_to"));
                }
                if p.royal != q.royal {
                    out.push(format!("piece.{id}.royal"));
                }
                if p.rank != q.rank {
                    out.push(format!("piece.{id}.rank"));
                }
                let akeys: std::collections::BTreeSet<&String> = p.abilities.keys().chain(q.abilities.keys()).collect();
                for k in akeys {
                    if p.abilities.get(k) != q.abilities.get(k) {
                        out.push(Ability::piece_path_of(id, k));
                    }
                }
            }
            _ => out.push(format!("piece.{id}")),
        }
    }
    out
}

/// Whether two compilations can move differently: other path shapes, or the same shapes under
/// other XBetza readings where a shape toggles its range (`y`, `g`: the readings `y-scope` and
/// `toggle-span` change only such shapes; `h-modifier` changes the shapes themselves).
pub(crate) fn moves_differ(a: &CompiledBetza, b: &CompiledBetza) -> bool {
    let toggles = a.programs.iter().any(|p| p.legs.iter().any(|l| l.modes.has_toggle()));
    a.programs != b.programs || a.size != b.size || (a.readings != b.readings && toggles)
}

/// What kind of difference the changed paths make.
pub(crate) fn effect(changes: &[String]) -> &'static str {
    if changes.is_empty() {
        "none"
    } else if changes.iter().all(|c| c == "setup" || c == "board" || c == "board.second_player") {
        "setup"
    } else if changes.iter().all(|c| Rule::from_spec_path(c).is_some_and(Rule::ends_games)) {
        "outcome"
    } else if changes.iter().any(|c| c.ends_with(".betza") || c.ends_with(".zone-moves") || c == Rule::xbetza_table()) {
        "moves"
    } else {
        "rules"
    }
}
