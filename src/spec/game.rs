//! The typed game a spec describes, under one choice of its readings: board, zones, pieces with
//! compiled moves, setup and validated rule settings. This is what the engine, the checker and
//! the reports read.
//!
//! Building it is also where a spec's content is checked: every problem is reported with the
//! spec path it concerns (`piece.FD.promotes_to`), which the loader turns into file:line:col.

use super::abilities::AbilitySettings;
use super::model::{CountsDef, SecondPlayer, SetupSymmetry, SpecFile};
use super::rules::RuleSettings;
use super::settings::{self, Knob, Names, Setting};
use crate::core::Color;
use crate::geometry::{parse_squares, BoardSize, Square};
use crate::xbetza::compile::{compile_str, CompiledBetza};
use crate::xbetza::readings::Readings;
use std::collections::{BTreeMap, HashMap};

/// A problem in a spec's content, at a dotted spec path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    pub(crate) path: String,
    pub(crate) message: String,
}

fn problem(path: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem { path: path.into(), message: message.into() }
}

#[derive(Clone, Debug)]
pub struct PieceSpec {
    pub id: String,
    pub(crate) name: String,
    pub betza: String,
    pub moves: CompiledBetza,
    pub promotes_to: Option<String>,
    pub royal: bool,
    pub(crate) rank: Option<u32>,
    /// Validated abilities by catalogue path (`burn.max`).
    pub abilities: BTreeMap<String, Setting>,
    /// Ryu's zone-dependent moves: zone id -> compiled move.
    pub zone_moves: BTreeMap<String, (String, CompiledBetza)>,
}

impl PieceSpec {
    /// The piece's abilities as the game means them: stated, else the catalogue's default.
    pub fn ability_settings(&self) -> settings::Effective<'_> {
        settings::Effective::abilities(&self.abilities)
    }

    /// The piece's abilities as typed values, one field per setting (src/spec/abilities.rs):
    /// how code outside the spec layer reads them.
    pub(crate) fn typed_abilities(&self) -> AbilitySettings {
        AbilitySettings::read(&self.abilities)
    }
}

/// One piece on its starting square, for one of the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub player: Color,
    pub piece: String,
    pub square: Square,
}

#[derive(Clone, Debug)]
pub struct GameSpec {
    pub id: String,
    pub(crate) name: String,
    pub board: BoardSize,
    pub(crate) second_player: SecondPlayer,
    /// Zone id -> the first player's squares.
    pub zones: BTreeMap<String, Vec<Square>>,
    pub pieces: Vec<PieceSpec>,
    pub(crate) groups: BTreeMap<String, Vec<String>>,
    /// Both players' pieces, the first player's in spec order, then the second's.
    pub setup: Vec<Placement>,
    /// Validated rule settings by catalogue path (`skip.limit`).
    pub rules: BTreeMap<String, Setting>,
    pub xbetza: Readings,
    /// What the document says the setup holds.
    pub(crate) counts: Option<CountsDef>,
    pub(crate) setup_symmetry: Option<SetupSymmetry>,
    /// Zone id -> the piece id whose enemy starting rank the zone begins at.
    pub(crate) zone_anchors: BTreeMap<String, String>,
}

impl GameSpec {
    pub fn piece(&self, id: &str) -> Option<&PieceSpec> {
        self.pieces.iter().find(|p| p.id == id)
    }

    /// The rule settings as the game means them: stated, else the catalogue's default.
    pub fn settings(&self) -> settings::Effective<'_> {
        settings::Effective::rules(&self.rules)
    }

    /// The rule settings as typed values, one field per setting (src/spec/rules.rs): how code
    /// outside the spec layer reads them.
    pub(crate) fn typed_rules(&self) -> RuleSettings {
        RuleSettings::read(&self.rules)
    }

    /// The square as the other player sees it.
    pub fn for_second_player(&self, sq: Square) -> Square {
        second_player_square(self.board, self.second_player, sq)
    }

    /// The zone's squares for `player`.
    pub(crate) fn zone_squares(&self, zone: &str, player: Color) -> Vec<Square> {
        let Some(own) = self.zones.get(zone) else { return Vec::new() };
        if player == Color::Black {
            own.clone()
        } else {
            own.iter().map(|&s| self.for_second_player(s)).collect()
        }
    }

    /// Is `sq` in `player`'s zone? (No allocation: for loops over squares.)
    pub(crate) fn in_zone(&self, zone: &str, player: Color, sq: Square) -> bool {
        let own = if player == Color::Black { sq } else { self.for_second_player(sq) };
        self.zones.get(zone).is_some_and(|squares| squares.contains(&own))
    }

    /// The move `piece` of the first player has on `sq`: its zone's move where it has zone
    /// moves (Ryu), else its XBetza move.
    pub(crate) fn moves_at<'a>(&self, piece: &'a PieceSpec, sq: Square) -> &'a CompiledBetza {
        piece
            .zone_moves
            .iter()
            .find(|(zone, _)| self.in_zone(zone, Color::Black, sq))
            .map(|(_, (_, compiled))| compiled)
            .unwrap_or(&piece.moves)
    }
}

/// Where a first-player square lies for the second player.
fn second_player_square(board: BoardSize, second: SecondPlayer, sq: Square) -> Square {
    match second {
        SecondPlayer::Rotate180 => board.rotate(sq),
        SecondPlayer::MirrorRanks => Square::new(sq.file, board.ranks - 1 - sq.rank),
    }
}

/// Builds the typed game from a (merged, reading-applied) spec file, or every problem found.
pub(crate) fn build(file: &SpecFile) -> Result<GameSpec, Vec<Problem>> {
    let mut problems = Vec::new();
    let Some(board_def) = &file.board else {
        return Err(vec![problem("board", "the spec has no [board] table (files, ranks)")]);
    };
    let board = match BoardSize::new(board_def.files, board_def.ranks) {
        Ok(b) => b,
        Err(e) => return Err(vec![problem("board", e.to_string())]),
    };

    let zones = build_zones(file, board, &mut problems);
    let piece_ids: HashMap<&str, usize> = file.pieces.iter().enumerate().map(|(i, p)| (p.id.as_str(), i)).collect();
    let names = Names { pieces: &|id| piece_ids.contains_key(id), zones: &|z| zones.contains_key(z) };
    let rules = validate_table(&file.rules, settings::RULES, "rules", &names, &mut problems);
    let xbetza = xbetza_readings(&rules, &mut problems);

    let mut pieces = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, def) in file.pieces.iter().enumerate() {
        let at = format!("piece.{}", def.id);
        if def.id.is_empty() || def.id.contains(['.', ' ']) {
            problems.push(problem(&at, format!("piece id '{}' must be non-empty, without dots or spaces", def.id)));
        }
        if seen.insert(&def.id, i).is_some() {
            problems.push(problem(&at, format!("piece id '{}' is defined twice", def.id)));
        }
        let moves = match compile_str(&def.betza, board, xbetza) {
            Ok(m) => Some(m),
            Err(e) => {
                problems.push(problem(
                    format!("{at}.betza"),
                    format!("invalid XBetza for {} ({}):\n{}", def.name, def.id, e.render(&def.betza)),
                ));
                None
            }
        };
        if let Some(to) = &def.promotes_to {
            if !piece_ids.contains_key(to.as_str()) {
                problems
                    .push(problem(format!("{at}.promotes_to"), format!("{} promotes to unknown piece '{to}'", def.id)));
            } else if to == &def.id {
                problems.push(problem(format!("{at}.promotes_to"), format!("{} promotes to itself", def.id)));
            }
        }
        let abilities =
            validate_table(&def.ability, settings::ABILITIES, &format!("{at}.ability"), &names, &mut problems);
        let mut zone_moves = BTreeMap::new();
        if let Some(Setting::BetzaPerZone(per_zone)) = abilities.get("zone-moves") {
            for (zone, text) in per_zone {
                match compile_str(text, board, xbetza) {
                    Ok(m) => {
                        zone_moves.insert(zone.clone(), (text.clone(), m));
                    }
                    Err(e) => problems.push(problem(
                        format!("{at}.ability.zone-moves.{zone}"),
                        format!("invalid XBetza for {} in zone {zone}:\n{}", def.id, e.render(text)),
                    )),
                }
            }
        }
        if let Some(moves) = moves {
            pieces.push(PieceSpec {
                id: def.id.clone(),
                name: def.name.clone(),
                betza: def.betza.clone(),
                moves,
                promotes_to: def.promotes_to.clone(),
                royal: def.royal,
                rank: def.rank,
                abilities,
                zone_moves,
            });
        }
    }

    for (zone, def) in &file.zones {
        if let Some(p) = &def.begins_at_enemy {
            if !piece_ids.contains_key(p.as_str()) {
                problems.push(problem(
                    format!("zone.{zone}.begins_at_enemy"),
                    format!("zone '{zone}' begins at the line of unknown piece '{p}'"),
                ));
            }
        }
    }
    for (group, members) in &file.groups {
        for m in members {
            if !piece_ids.contains_key(m.as_str()) {
                problems.push(problem(format!("group.{group}"), format!("group '{group}' names unknown piece '{m}'")));
            }
        }
    }

    let setup = build_setup(file, board, board_def.second_player, &piece_ids, &mut problems);

    if problems.is_empty() {
        Ok(GameSpec {
            id: file.game.id.get_ref().clone(),
            name: file.game.name.clone(),
            board,
            second_player: board_def.second_player,
            zones,
            pieces,
            groups: file.groups.clone(),
            setup,
            rules,
            xbetza,
            counts: file.counts.clone(),
            setup_symmetry: board_def.setup_symmetry,
            zone_anchors: file
                .zones
                .iter()
                .filter_map(|(z, d)| d.begins_at_enemy.clone().map(|p| (z.clone(), p)))
                .collect(),
        })
    } else {
        Err(problems)
    }
}

fn build_zones(file: &SpecFile, board: BoardSize, problems: &mut Vec<Problem>) -> BTreeMap<String, Vec<Square>> {
    let mut zones = BTreeMap::new();
    for (id, def) in &file.zones {
        let at = format!("zone.{id}");
        let mut squares = Vec::new();
        match (&def.ranks, &def.squares) {
            (Some(ranks), None) => {
                for &r in ranks {
                    if r == 0 || r > board.ranks {
                        problems.push(problem(
                            format!("{at}.ranks"),
                            format!("zone '{id}': rank {r} is off the {board} board"),
                        ));
                    } else {
                        squares.extend((0..board.files).map(|f| Square::new(f, r - 1)));
                    }
                }
            }
            (None, Some(text)) => match parse_squares(text) {
                Ok(list) => {
                    for sq in list {
                        if board.contains(sq.file as i32, sq.rank as i32) {
                            squares.push(sq);
                        } else {
                            problems.push(problem(
                                format!("{at}.squares"),
                                format!("zone '{id}': {} is off the {board} board", sq.name()),
                            ));
                        }
                    }
                }
                Err(e) => problems.push(problem(format!("{at}.squares"), format!("zone '{id}': {e}"))),
            },
            _ => problems.push(problem(&at, format!("zone '{id}' needs exactly one of `ranks` or `squares`"))),
        }
        zones.insert(id.clone(), squares);
    }
    zones
}

fn build_setup(
    file: &SpecFile,
    board: BoardSize,
    second: SecondPlayer,
    piece_ids: &HashMap<&str, usize>,
    problems: &mut Vec<Problem>,
) -> Vec<Placement> {
    let mut first = Vec::new();
    let mut taken: HashMap<Square, &str> = HashMap::new();
    for (piece, text) in &file.setup {
        let at = format!("setup.{piece}");
        if !piece_ids.contains_key(piece.as_str()) {
            problems.push(problem(&at, format!("setup places unknown piece '{piece}'")));
            continue;
        }
        let squares = match parse_squares(text) {
            Ok(s) => s,
            Err(e) => {
                problems.push(problem(&at, format!("setup of {piece}: {e}")));
                continue;
            }
        };
        for sq in squares {
            if !board.contains(sq.file as i32, sq.rank as i32) {
                problems.push(problem(&at, format!("setup of {piece}: {} is off the {board} board", sq.name())));
            } else if let Some(other) = taken.insert(sq, piece) {
                problems.push(problem(&at, format!("setup square {} holds both {other} and {piece}", sq.name())));
            } else {
                first.push(Placement { player: Color::Black, piece: piece.clone(), square: sq });
            }
        }
    }
    let second_side: Vec<Placement> = first
        .iter()
        .map(|p| Placement {
            player: Color::White,
            piece: p.piece.clone(),
            square: second_player_square(board, second, p.square),
        })
        .collect();
    // The second player's pieces landing on the first player's is a lint finding
    // (`setup-overlap`), not a load error: the spec still says what it says.
    first.into_iter().chain(second_side).collect()
}

/// Walks a settings table against a catalogue: every leaf must be a known setting with a value
/// of its kind.
fn validate_table(
    table: &toml::Table,
    catalogue: &'static [Knob],
    at: &str,
    names: &Names,
    problems: &mut Vec<Problem>,
) -> BTreeMap<String, Setting> {
    let mut out = BTreeMap::new();
    walk(table, "", catalogue, at, names, problems, &mut out);
    out
}

fn walk(
    table: &toml::Table,
    prefix: &str,
    catalogue: &'static [Knob],
    at: &str,
    names: &Names,
    problems: &mut Vec<Problem>,
    out: &mut BTreeMap<String, Setting>,
) {
    for (key, value) in table {
        let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        let full = format!("{at}.{path}");
        if let Some(knob) = settings::find(catalogue, &path) {
            match settings::validate(knob.kind, value, names) {
                Ok(s) => {
                    out.insert(path, s);
                }
                Err(e) => problems.push(problem(&full, format!("{full}: {e}"))),
            }
        } else if settings::is_table(catalogue, &path) {
            match value.as_table() {
                Some(t) => walk(t, &path, catalogue, at, names, problems, out),
                None => problems.push(problem(&full, format!("{full} is a table of settings, not a value"))),
            }
        } else {
            let hint =
                settings::closest(catalogue, &path).map(|p| format!(" (did you mean {at}.{p}?)")).unwrap_or_default();
            problems.push(problem(&full, format!("unknown setting {full}{hint}")));
        }
    }
}

/// The XBetza readings the spec's `rules.xbetza.*` settings choose.
fn xbetza_readings(rules: &BTreeMap<String, Setting>, problems: &mut Vec<Problem>) -> Readings {
    let mut readings = Readings::default();
    for name in ["h-modifier", "y-scope", "toggle-span"] {
        if let Some(Setting::Word(w)) = rules.get(&format!("xbetza.{name}")) {
            if let Err(e) = readings.set(name, w) {
                problems.push(problem(format!("rules.xbetza.{name}"), e.to_string()));
            }
        }
    }
    readings
}
