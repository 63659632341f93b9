//! `kensho show SPEC`: the board with the setup drawn and zones marked, then tables of the
//! pieces (moves, promotions, abilities), the rule settings and the readings in force.

use super::cli::{self, Format};
use super::engine::SIDES;
use super::exit::{self, Output};
use super::terminal::{self, Fit};
use crate::core::Color;
use crate::spec::game::GameSpec;
use crate::spec::rules::Rule;
use crate::spec::LoadedSpec;
use crate::text::board::draw_cells;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use tabled::Tabled;

/// The characters that mark empty squares of zones: `+` the promotion zone, `#` a palace,
/// otherwise the next of a few symbols (never a letter, which would read as a piece).
fn zone_marks(zones: &[&String]) -> Vec<char> {
    const OTHERS: [char; 7] = ['~', ':', '=', '%', '*', '&', '$'];
    let mut others = OTHERS.iter().copied();
    zones
        .iter()
        .map(|z| match z.as_str() {
            "promotion" => '+',
            z if z.contains("palace") => '#',
            _ => others.next().unwrap_or('?'),
        })
        .collect()
}

/// The board: the first player's pieces by id, the second player's in lower case (as
/// position strings and `kensho position` write them), empty zone squares by the zone's mark.
pub(crate) fn board_text(game: &GameSpec) -> String {
    let mut cells: BTreeMap<crate::geometry::Square, String> = BTreeMap::new();
    for p in &game.setup {
        let text = if p.player == Color::Black { p.piece.clone() } else { p.piece.to_lowercase() };
        cells.entry(p.square).and_modify(|c| c.push_str(&format!("/{text}"))).or_insert(text);
    }
    let width = cells.values().map(|c| c.chars().count()).max().unwrap_or(1);
    // Palaces first (both players'), then the first player's other zones.
    let mut ids: Vec<&String> = game.zones.keys().collect();
    ids.sort_by_key(|z| !z.contains("palace"));
    let zones: Vec<(&String, char)> = ids.iter().copied().zip(zone_marks(&ids)).collect();
    let in_zone =
        |z: &str, sq| game.in_zone(z, Color::Black, sq) || (z.contains("palace") && game.in_zone(z, Color::White, sq));
    let mut text = draw_cells(game.board, width, |sq| {
        if let Some(c) = cells.get(&sq) {
            return c.clone();
        }
        zones.iter().find(|(z, _)| in_zone(z, sq)).map(|(_, m)| m.to_string()).unwrap_or_else(|| ".".into())
    });
    let legend: Vec<String> = zones.iter().map(|(z, m)| format!("{m} {z}")).collect();
    text.push_str(&terminal::prose(
        &format!(
            "    {SIDES}; {}\n",
            if legend.is_empty() {
                "no zones".into()
            } else {
                format!("zones as the first player has them (palaces both): {}", legend.join(", "))
            }
        ),
        4,
    ));
    text
}

/// Clause ids whose encode path concerns `path` (the path itself, an ancestor, or below it).
fn clauses_for(spec: &LoadedSpec, path: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut scan = |s: &LoadedSpec| {
        for c in &s.spec.clauses {
            if let Some(e) = &c.encode {
                if e.get_ref()
                    .paths()
                    .iter()
                    .any(|p| *p == path || p.starts_with(&format!("{path}.")) || path.starts_with(&format!("{p}.")))
                {
                    ids.push(c.id.get_ref().clone());
                }
            }
        }
    };
    if let Some(b) = &spec.base {
        scan(b);
    }
    scan(spec);
    ids
}

fn short_list(ids: &[String]) -> String {
    match ids.len() {
        0 => String::new(),
        1..=3 => ids.join(", "),
        n => format!("{}, +{}", ids[..2].join(", "), n - 2),
    }
}

pub fn render(spec: &LoadedSpec, game: &GameSpec, chosen: &BTreeMap<String, String>) -> String {
    let mut out = terminal::prose(
        &format!(
            "{} ({}): {} board, {} piece types, {} pieces per side\n",
            game.name,
            spec.path,
            game.board,
            game.pieces.len(),
            game.setup.iter().filter(|p| p.player == Color::Black).count()
        ),
        2,
    );
    out.push_str(&terminal::prose(&format!("document: {}\n", spec.spec.game.document), 2));
    if chosen.is_empty() {
        out.push_str("readings: every default\n\n");
    } else {
        let list: Vec<String> = chosen.iter().map(|(r, o)| format!("{r}={o}")).collect();
        out.push_str(&format!("readings: defaults except {}\n\n", list.join(", ")));
    }
    out.push_str(&board_text(game));
    out.push('\n');

    #[derive(Tabled)]
    struct PieceRow {
        id: String,
        name: String,
        betza: String,
        #[tabled(rename = "promotes to")]
        promotes: String,
        royal: String,
        rank: String,
        abilities: String,
        start: String,
        clauses: String,
    }
    let rows: Vec<PieceRow> = game
        .pieces
        .iter()
        .map(|p| {
            let starts: Vec<String> = game
                .setup
                .iter()
                .filter(|s| s.player == Color::Black && s.piece == p.id)
                .map(|s| s.square.name())
                .collect();
            PieceRow {
                id: p.id.clone(),
                name: p.name.clone(),
                betza: p.betza.clone(),
                promotes: p.promotes_to.clone().unwrap_or_else(|| "-".into()),
                royal: if p.royal { "royal".into() } else { String::new() },
                rank: p.rank.map(|r| r.to_string()).unwrap_or_default(),
                abilities: p.abilities.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("\n"),
                start: starts.join(","),
                clauses: short_list(&clauses_for(spec, &format!("piece.{}", p.id))),
            }
        })
        .collect();
    // Narrow terminals lose the clauses first, then the start squares (the board shows them),
    // then the rank.
    const PIECE_FITS: [Fit; 7] = [
        Fit::wrap("name", 10),
        Fit::wrap("betza", 14),
        Fit::wrap("abilities", 18),
        Fit::dropped("start", 12, 2),
        Fit::dropped("clauses", 10, 1),
        Fit::dropped("rank", 0, 3),
        Fit::dropped("royal", 0, 4),
    ];
    out.push_str(&terminal::table(&rows, &PIECE_FITS));
    out.push_str("\n\n");

    #[derive(Tabled)]
    struct RuleRow {
        setting: String,
        value: String,
        clauses: String,
    }
    let rules: Vec<RuleRow> = game
        .rules
        .iter()
        .map(|(k, v)| RuleRow {
            setting: Rule::spec_path_of(k),
            value: v.to_string(),
            clauses: short_list(&clauses_for(spec, &Rule::spec_path_of(k))),
        })
        .collect();
    if !rules.is_empty() {
        const RULE_FITS: [Fit; 3] = [Fit::wrap("setting", 20), Fit::wrap("value", 20), Fit::dropped("clauses", 10, 1)];
        out.push_str(&terminal::table(&rules, &RULE_FITS));
        out.push_str("\n\n");
    }

    #[derive(Tabled)]
    struct ReadingRow {
        reading: String,
        #[tabled(rename = "in force")]
        in_force: String,
        options: String,
        question: String,
    }
    let readings: Vec<ReadingRow> = spec
        .all_readings()
        .iter()
        .map(|r| {
            let rid = r.id.get_ref();
            let active = chosen.get(rid).cloned().unwrap_or_else(|| r.default.get_ref().clone());
            ReadingRow {
                reading: rid.clone(),
                in_force: if chosen.contains_key(rid) { format!("{active} (chosen)") } else { active },
                options: r.options.iter().map(|o| o.name.get_ref().as_str()).collect::<Vec<_>>().join(", "),
                question: r.question.clone(),
            }
        })
        .collect();
    if !readings.is_empty() {
        const READING_FITS: [Fit; 4] =
            [Fit::wrap("reading", 14), Fit::wrap("in force", 12), Fit::wrap("options", 14), Fit::wrap("question", 24)];
        out.push_str(&terminal::table(&readings, &READING_FITS));
        out.push('\n');
    }
    out
}

pub fn to_json(spec: &LoadedSpec, game: &GameSpec, chosen: &BTreeMap<String, String>) -> Value {
    json!({
        "spec": game.id,
        "path": spec.path,
        "name": game.name,
        "board": game.board.to_string(),
        "readings": chosen,
        "zones": game.zones.iter().map(|(z, sq)| (z.clone(), sq.iter().map(|s| s.name()).collect::<Vec<_>>())).collect::<BTreeMap<_, _>>(),
        "pieces": game.pieces.iter().map(|p| json!({
            "id": p.id,
            "name": p.name,
            "betza": p.betza,
            "promotes_to": p.promotes_to,
            "royal": p.royal,
            "rank": p.rank,
            "abilities": p.abilities.iter().map(|(k, v)| (k.clone(), v.to_string())).collect::<BTreeMap<_, _>>(),
        })).collect::<Vec<_>>(),
        "setup": game.setup.iter().map(|p| json!({"player": p.player, "piece": p.piece, "square": p.square.name()})).collect::<Vec<_>>(),
        "rules": game.rules.iter().map(|(k, v)| (Rule::spec_path_of(k), v.to_string())).collect::<BTreeMap<_, _>>(),
    })
}

#[derive(clap::Args)]
pub struct Args {
    /// A spec file (specs/*.toml).
    pub(crate) spec: std::path::PathBuf,
    /// Switch one of the spec's readings: READING=OPTION (repeatable; `kensho show` lists them).
    #[arg(long = "reading", value_name = "READING=OPTION")]
    pub(crate) readings: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: Format,
}

pub fn run(args: Args) -> exit::Result {
    let spec = cli::load_spec(&args.spec)?;
    let chosen = cli::choices(&args.readings)?;
    let game = spec.resolve(&chosen)?;
    let mut out = Output::new();
    match args.format {
        Format::Table => out.append(render(&spec, &game, &chosen)),
        Format::Json => out.json(&to_json(&spec, &game, &chosen)),
    }
    Ok(out)
}
