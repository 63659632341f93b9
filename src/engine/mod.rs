//! The reference engine: plays exactly what a game spec says.
//!
//! `Engine::new` reads a `GameSpec` (one choice of readings) into fast tables and refuses any
//! rule value it cannot play; `legal_moves` lists the moves of a position as public records
//! (`moves::Move`); `make`/`unmake` apply and take back a move, restoring position and hash
//! exactly; `status` says whether the game has ended and why; `perft` counts the move tree.
//!
//! Where the rules live: piece moves are the compiled XBetza (src/xbetza); what XBetza cannot
//! say is in `filters` (rank-limited jumping, burning and its immunities, igui limits,
//! freezing, confinement, the Emperor's protected-royal ban); promotion in `promotion`; turn
//! skipping in `skip`; game ends in `status`.

pub mod config;
pub mod drops;
pub mod filters;
pub(crate) mod flying;
pub mod generate;
pub(crate) mod lion_trade;
pub(crate) mod make;
pub(crate) mod moves;
pub(crate) mod notation;
pub(crate) mod perft;
pub mod play;
pub mod position;
pub(crate) mod promotion;
pub mod skip;
pub mod status;
pub(crate) mod zobrist;

use crate::core::{Color, PieceId, ZoneId};
use crate::geometry::{Square, SquareSet};
use crate::spec::abilities::AbilitySettings;
use crate::spec::game::GameSpec;
use crate::spec::rules::{PromotionNamesakes, Rule, RuleSettings, ZoneMovesPromoted};
use crate::xbetza::{CaptureReach, CompiledBetza, Geometry, MoveTable, Orientation};
pub use config::{Abilities, Rules, Unplayable};
pub use moves::{Identity, Move, MoveKind};
pub use position::{Man, Position};
use zobrist::Zobrist;

/// One of the moves a piece may use from a square, and where it may end (`Engine::move_sets`).
pub(crate) struct MoveSet<'a> {
    pub(crate) moves: &'a CompiledBetza,
    pub(crate) reach: &'a CaptureReach,
    /// `moves`' one-leg programs unrolled per square (`xbetza::table`).
    pub(crate) table: &'a MoveTable,
    pub(crate) into: Landing<'a>,
}

#[derive(Clone, Copy)]
pub(crate) enum Landing<'a> {
    Anywhere,
    /// Only squares of this zone (the zone whose move this is).
    Zone(&'a str),
    /// Only squares outside every zone-move zone of this piece.
    OutsideZones(PieceId),
}

/// One piece type as the engine uses it.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub id: String,
    pub(crate) name: String,
    pub royal: bool,
    /// Jump rank (pieces without one rank below every ranked piece).
    pub(crate) rank: u32,
    pub promotes_to: Option<PieceId>,
    /// Whether some piece promotes to this one (it is a promoted form).
    pub is_promoted_form: bool,
    pub abilities: Abilities,
    /// The compiled move, widened where `jump.landing` lets a jump end on an empty square.
    pub moves: CompiledBetza,
    /// Zone-dependent moves (Ryu), zone id -> compiled move.
    pub zone_moves: Vec<(String, CompiledBetza)>,
    /// Where `moves` and each of `zone_moves` could capture at most (attack detection skips
    /// pieces that cannot reach the square).
    reach: CaptureReach,
    zone_reach: Vec<CaptureReach>,
    /// `moves` and each of `zone_moves` compiled into per-square tables for the generator.
    table: MoveTable,
    zone_tables: Vec<MoveTable>,
    /// Can the piece ever pass (its XBetza yields a pass on an empty board, or `pass = true`)?
    pub(crate) can_pass: bool,
    /// Do the squares on its way alone decide where it captures (with its confinement zone,
    /// if any), so that its captures need no generator (`generate::ExactMan`)? One move per
    /// square (zone moves chosen by the origin), no ability that judges the path by what
    /// stands on it (rank-limited jumping, cannon screens, burns), and a reach (each zone
    /// move's too) that answers every attack test (`CaptureReach::is_exact`).
    pub(crate) exact_attacker: bool,
    /// `abilities.confine` and the zones of `zone_moves`, as ids of the engine's zones
    /// (`Engine::in_zone_at`; an unknown name holds no square).
    pub(crate) confine_zone: Option<ZoneId>,
    /// Does `filters::path_ok` judge even its one-step paths (rank-limited jumping, screens,
    /// confinement, burns)? Without these it judges only paths of more than one leg.
    pub(crate) path_filtered: bool,
    pub(crate) zone_move_zones: Vec<ZoneId>,
    /// Is the piece named in promotion.last-rank (read for every move it makes)?
    pub(crate) last_rank_promotes: bool,
    /// May it have moves besides its paths (`Engine::moves_besides_paths`): a pass to an
    /// adjacent empty square (skip.squares = any-adjacent-empty), a promotion in place, a
    /// flying capture? Asked for every man of every position generated, so answered once.
    pub(crate) moves_besides_paths: bool,
    /// Is the piece named in promotion.deva-exempt (read for every capture it makes)?
    pub(crate) deva_exempt: bool,
    /// Is it named in drops.nifu-pieces, and in drops.pawn-mate-pieces (read for every drop)?
    pub(crate) nifu: bool,
    pub(crate) pawn_mate: bool,
    /// Is it named in lion-trade.lions, and in lion-trade.bridge-excluded?
    pub(crate) lion: bool,
    pub(crate) bridge_excluded: bool,
    /// What the piece can do on an otherwise empty board, per player (`promotion::EmptyBoard`):
    /// worked out for every square the first time a rule asks, since drops ask it for every
    /// empty square of every position.
    pub(crate) empty_board: [std::sync::OnceLock<promotion::EmptyBoard>; 2],
    /// Per player and square index: may the piece be dropped there as far as the square alone
    /// decides (`drops::drop_squares`)? Worked out on first use.
    pub(crate) drop_squares: [std::sync::OnceLock<Vec<bool>>; 2],
}

impl PieceType {
    /// Where its move (the one it has outside any zone) could capture at most.
    pub(crate) fn reach(&self) -> &CaptureReach {
        &self.reach
    }
}

#[derive(Clone, Debug)]
pub struct Engine {
    pub game: GameSpec,
    pub rules: Rules,
    /// The game's rule settings as the spec layer reads them (`game.typed_rules()`), read once:
    /// for readers of the spec's own values that run per move (the checker's record), which
    /// would otherwise read them again for every transition.
    pub(crate) settings: RuleSettings,
    /// Each piece's abilities as the spec layer reads them (`typed_abilities()`), by piece
    /// index, read once for the same readers.
    pub(crate) piece_settings: Vec<AbilitySettings>,
    pub pieces: Vec<PieceType>,
    pub zobrist: Zobrist,
    /// Zone membership per player, by `ZoneId`: one flag per square index.
    zones: Vec<(String, [SquareSet; 2])>,
    /// The promotion zone (promotion.zone), looked at for every move.
    pub(crate) promotion_zone: Option<ZoneId>,
    /// promotion.deva-targets as (target type, its promoted type), in the listed order, for
    /// the targets that exist and promote: looked at for every capture under the Deva rule.
    pub(crate) deva_forms: Vec<(PieceId, PieceId)>,
    /// Does any piece type freeze (freeze.*)? Most games have none, and then no position needs
    /// its freezers looked for.
    pub(crate) any_freezer: bool,
    /// Per piece type, whom its men freeze: bit `FREEZES_ENEMIES` the opponent's men, bit
    /// `FREEZES_OWN` its own side's too (freeze.targets = any). Read for every man of every
    /// position where the game has freezers, so kept apart from the piece's abilities.
    pub(crate) freeze_targets: Vec<u8>,
    /// Do facing royals attack (check.flying-king, or a royal with a flying capture)? Fixed by
    /// the rules, so read once here rather than for every position's self-check test.
    pub(crate) royals_fly: bool,
    /// Can a turn of this game ever be a skip ([`skip::game_has_skips`])? Read once here: every
    /// position string with a skip field asks.
    pub(crate) has_skips: bool,
    /// Judge self-check by making every move and walking every path of every enemy man, as the
    /// rules read, instead of only the men whose reach bound covers a royal
    /// (`generate::RoyalWatch`, `CaptureReach`): the readable reference the differential tests
    /// compare the fast path with.
    pub reference_legality: bool,
    /// Generate every move by walking the programs' legs (the XBetza interpreter), never from
    /// the compiled tables (`xbetza::table`): the readable reference the compiled generator
    /// is compared with (tests/engine/compiled.rs).
    pub reference_generation: bool,
}

impl Engine {
    /// Reads the game; every rule value the engine cannot play is listed.
    pub fn new(game: &GameSpec) -> Result<Engine, Vec<Unplayable>> {
        let (engine, bad) = Engine::build(game);
        if bad.is_empty() {
            Ok(engine)
        } else {
            Err(bad)
        }
    }

    /// For counting moves (perft, position): accepts a game whose only unplayed rules are game
    /// ends, and returns those so the caller can say they are not applied.
    pub fn for_moves(game: &GameSpec) -> Result<(Engine, Vec<Unplayable>), Vec<Unplayable>> {
        let (engine, bad) = Engine::build(game);
        if bad.iter().all(Unplayable::game_end_only) {
            Ok((engine, bad))
        } else {
            Err(bad)
        }
    }

    fn build(game: &GameSpec) -> (Engine, Vec<Unplayable>) {
        let (rules, mut bad) = Rules::read(game);
        // The two ways the players' pieces see the board: the compiled tables are built for these.
        let orientations = [orientation(Color::Black, &rules), orientation(Color::White, &rules)];
        // One board geometry for every piece's tables: shared, it stays in the cache.
        let geometry = std::sync::Arc::new(Geometry::new(game.board));
        let index = |id: &str| game.pieces.iter().position(|p| p.id == id).map(PieceId::new);
        let promoted: Vec<String> = game.pieces.iter().filter_map(|p| p.promotes_to.clone()).collect();
        let mut pieces = Vec::new();
        // zone-moves.promoted = third-zone (RYU: "the promoted forms of pieces retain the
        // movement powers of their third-zone unpromoted counterparts"): a promoted form moves
        // as its unpromoted piece does in the zone named `third`, everywhere.
        let settings = game.typed_rules();
        let third_zone_promoted = settings.zone_moves_promoted == ZoneMovesPromoted::ThirdZone;
        let namesakes_are_the_type = settings.promotion_namesakes == PromotionNamesakes::UnpromotedType;
        for p in &game.pieces {
            let (abilities, mut b) = Abilities::read(p);
            bad.append(&mut b);
            let mut moves = p.moves.clone();
            let mut zone_moves: Vec<(String, CompiledBetza)> =
                p.zone_moves.iter().map(|(z, (_, c))| (z.clone(), c.clone())).collect();
            if third_zone_promoted {
                if let Some(base) = game.pieces.iter().find(|b| b.promotes_to.as_deref() == Some(p.id.as_str())) {
                    match base.zone_moves.get("third") {
                        Some((_, third)) => {
                            moves = third.clone();
                            zone_moves.clear();
                        }
                        None => bad.push(Unplayable {
                            path: Rule::ZoneMovesPromoted.spec_path().into(),
                            value: ZoneMovesPromoted::ThirdZone.word().into(),
                            why: format!(
                                "{} promotes to {} but has no zone-moves entry for the zone `third`",
                                base.id, p.id
                            ),
                        }),
                    }
                }
            }
            if abilities.jumps && abilities.jump_landing != 0 {
                filters::widen_jump_landing(&mut moves);
                for (_, c) in &mut zone_moves {
                    filters::widen_jump_landing(c);
                }
            }
            if abilities.burn_max > 0 && abilities.burn_any_target {
                filters::widen_burn_targets(&mut moves);
            }
            let can_pass = abilities.pass || generate::passes_on_empty_board(&moves, game.board);
            let reach = CaptureReach::of(&moves);
            let zone_reach: Vec<CaptureReach> = zone_moves.iter().map(|(_, c)| CaptureReach::of(c)).collect();
            let table = MoveTable::on(&geometry, &moves, &orientations);
            let zone_tables = zone_moves.iter().map(|(_, c)| MoveTable::on(&geometry, c, &orientations)).collect();
            // promotion.namesakes = unpromoted-type (HOOK-310 reading promoted-namesakes): a
            // promoted piece named like an unpromoted type is that type, so it promotes as the
            // namesake does and counts as unpromoted.
            let namesake = game
                .pieces
                .iter()
                .filter(|_| namesakes_are_the_type && promoted.contains(&p.id))
                .find(|y| y.id != p.id && y.name == p.name && !promoted.contains(&y.id));
            // Zone moves chosen by the origin (Ryu's zones, xiangqi's Soldier across the river)
            // keep one move per square; chosen by the destination they restrict landings.
            let judged_by_its_way = (zone_moves.is_empty() || !rules.zone_moves_by_destination)
                && !abilities.jumps
                && !abilities.screens_non_cannon
                && abilities.burn_max == 0;
            pieces.push(PieceType {
                id: p.id.clone(),
                name: p.name.clone(),
                royal: p.royal,
                rank: p.rank.unwrap_or(0),
                promotes_to: namesake.unwrap_or(p).promotes_to.as_deref().and_then(index),
                is_promoted_form: promoted.contains(&p.id) && namesake.is_none(),
                abilities,
                exact_attacker: judged_by_its_way && reach.is_exact() && zone_reach.iter().all(CaptureReach::is_exact),
                moves,
                zone_moves,
                reach,
                zone_reach,
                table,
                zone_tables,
                can_pass,
                confine_zone: None,
                path_filtered: false,
                zone_move_zones: Vec::new(),
                last_rank_promotes: false,
                moves_besides_paths: false,
                deva_exempt: false,
                nifu: false,
                pawn_mate: false,
                lion: false,
                bridge_excluded: false,
                empty_board: Default::default(),
                drop_squares: Default::default(),
            });
        }
        let zones = game
            .zones
            .keys()
            .map(|z| {
                let set = |player: Color| {
                    game.board
                        .squares()
                        .filter(|&sq| game.in_zone(z, player, sq))
                        .map(|sq| game.board.index(sq))
                        .collect()
                };
                (z.clone(), [set(Color::Black), set(Color::White)])
            })
            .collect::<Vec<(String, [SquareSet; 2])>>();
        // Zones by id for the hot paths (a name is looked up once, here); a name no zone has
        // gets the id past the last zone, which holds no square.
        let zone_index = |name: &str| ZoneId::new(zones.iter().position(|(z, _)| z == name).unwrap_or(zones.len()));
        for p in &mut pieces {
            p.confine_zone = p.abilities.confine.as_deref().map(zone_index);
            let a = &p.abilities;
            p.path_filtered = a.jumps || a.screens_non_cannon || a.burn_max > 0 || p.confine_zone.is_some();
            p.zone_move_zones = p.zone_moves.iter().map(|(z, _)| zone_index(z)).collect();
            p.last_rank_promotes = rules.last_rank.contains(&p.id);
            p.moves_besides_paths = (p.can_pass && rules.skip_squares == config::SkipSquares::AnyAdjacentEmpty)
                || ((rules.promote_in_place_any || rules.last_rank_any_time) && p.promotes_to.is_some())
                || p.abilities.flying_capture != config::FlyingCapture::None;
            p.deva_exempt = rules.deva_exempt.contains(&p.id);
            p.nifu = rules.nifu_pieces.contains(&p.id);
            p.pawn_mate = rules.pawn_mate_pieces.contains(&p.id);
            if let Some(t) = &rules.lion_trade {
                p.lion = t.lions.contains(&p.id);
                p.bridge_excluded = t.bridge_excluded.contains(&p.id);
            }
        }
        let promotion_zone = rules.promotion_zone.as_deref().map(zone_index);
        let deva_forms = rules
            .deva_targets
            .iter()
            .filter_map(|t| {
                let target = pieces.iter().position(|p| p.id == *t)?;
                Some((PieceId::new(target), pieces[target].promotes_to?))
            })
            .collect();
        let any_freezer = pieces.iter().any(|p| p.abilities.freezes);
        let freeze_targets = pieces
            .iter()
            .map(|p| {
                let a = &p.abilities;
                if !a.freezes {
                    0
                } else if a.freeze_any {
                    generate::FREEZES_ENEMIES | generate::FREEZES_OWN
                } else {
                    generate::FREEZES_ENEMIES
                }
            })
            .collect();
        let royals_fly = rules.flying_king_check
            || pieces.iter().any(|p| p.royal && p.abilities.flying_capture != config::FlyingCapture::None);
        let has_skips = skip::skips_possible(&rules, &pieces, game.board);
        let engine = Engine {
            promotion_zone,
            deva_forms,
            any_freezer,
            freeze_targets,
            royals_fly,
            has_skips,
            reference_legality: false,
            reference_generation: false,
            zobrist: Zobrist::new(game.board.square_count(), pieces.len()),
            game: game.clone(),
            rules,
            piece_settings: game.pieces.iter().map(|p| p.typed_abilities()).collect(),
            settings,
            pieces,
            zones,
        };
        (engine, bad)
    }

    pub fn piece_index(&self, id: &str) -> Option<PieceId> {
        self.pieces.iter().position(|p| p.id == id).map(PieceId::new)
    }

    pub fn piece(&self, index: PieceId) -> &PieceType {
        &self.pieces[index.index()]
    }

    /// `in_zone` for a zone given by its id (`PieceType::confine_zone`, `zone_move_zones`).
    pub(crate) fn in_zone_at(&self, zone: ZoneId, player: Color, sq: Square) -> bool {
        self.zone_squares(zone, player).is_some_and(|set| set.contains(self.game.board.index(sq)))
    }

    /// The squares of `player`'s zone `zone`, by square index; None for an id no zone has.
    /// For a caller that asks about many squares of one zone.
    #[inline]
    pub(crate) fn zone_squares(&self, zone: ZoneId, player: Color) -> Option<&SquareSet> {
        self.zones.get(zone.index()).map(|(_, sets)| &sets[player])
    }

    /// Is `sq` in `player`'s zone `zone`?
    pub fn in_zone(&self, zone: &str, player: Color, sq: Square) -> bool {
        self.zones
            .iter()
            .find(|(z, _)| z == zone)
            .is_some_and(|(_, sets)| sets[player].contains(self.game.board.index(sq)))
    }

    /// How `player`'s pieces see the board: the second player's forward is down, and its left
    /// and right are its own unless zone-moves.frame = board (RYU reading warrior-sides).
    pub(crate) fn orientation(&self, player: Color) -> Orientation {
        orientation(player, &self.rules)
    }

    /// The move sets the piece on `sq` may use, each with the destinations it may reach
    /// (zone-moves.by): under `origin` the one move its square's zone prescribes; under
    /// `destination` each zone's move into that zone, and the plain move to squares outside
    /// every zone-move zone.
    /// (An iterator, not a list: it is asked for every piece in every attack test.)
    pub(crate) fn move_sets(
        &self,
        piece: PieceId,
        player: Color,
        sq: Square,
    ) -> impl Iterator<Item = MoveSet<'_>> + '_ {
        let p = self.piece(piece);
        let by_destination = self.rules.zone_moves_by_destination && !p.zone_moves.is_empty();
        let at_origin = (!by_destination).then(|| match self.zone_move_at(piece, player, sq) {
            Some(i) => MoveSet {
                moves: &p.zone_moves[i].1,
                reach: &p.zone_reach[i],
                table: &p.zone_tables[i],
                into: Landing::Anywhere,
            },
            None => MoveSet { moves: &p.moves, reach: &p.reach, table: &p.table, into: Landing::Anywhere },
        });
        let zones = p
            .zone_moves
            .iter()
            .zip(&p.zone_reach)
            .zip(&p.zone_tables)
            .filter(move |_| by_destination)
            .map(|(((zone, moves), reach), table)| MoveSet { moves, reach, table, into: Landing::Zone(zone) });
        let outside = by_destination.then_some(MoveSet {
            moves: &p.moves,
            reach: &p.reach,
            table: &p.table,
            into: Landing::OutsideZones(piece),
        });
        at_origin.into_iter().chain(zones).chain(outside)
    }

    /// May a move of `set` end on `to`?
    pub(crate) fn set_allows(&self, set: &MoveSet<'_>, player: Color, to: Square) -> bool {
        match set.into {
            Landing::Anywhere => true,
            Landing::Zone(zone) => self.in_zone(zone, player, to),
            Landing::OutsideZones(piece) => {
                !self.piece(piece).zone_moves.iter().any(|(z, _)| self.in_zone(z, player, to))
            }
        }
    }

    /// The move the piece has on `sq` for `player`: its zone's move (Ryu) or its XBetza move.
    pub(crate) fn moves_at(&self, piece: PieceId, player: Color, sq: Square) -> &CompiledBetza {
        let p = self.piece(piece);
        self.zone_move_at(piece, player, sq).map_or(&p.moves, |i| &p.zone_moves[i].1)
    }

    /// Where the piece on `sq` could capture at most (`moves_at`'s bound).
    pub(crate) fn reach_at(&self, piece: PieceId, player: Color, sq: Square) -> &CaptureReach {
        let p = self.piece(piece);
        self.zone_move_at(piece, player, sq).map_or(&p.reach, |i| &p.zone_reach[i])
    }

    /// Which of the piece's zone moves it has on `sq` (the first zone holding `sq`), if any.
    fn zone_move_at(&self, piece: PieceId, player: Color, sq: Square) -> Option<usize> {
        let p = self.piece(piece);
        if p.zone_moves.is_empty() {
            return None;
        }
        p.zone_move_zones.iter().position(|&zone| self.in_zone_at(zone, player, sq))
    }

    /// The start position of the game.
    pub fn start(&self) -> Position {
        let mut pos = Position::empty(self.game.board, self.pieces.len());
        for placement in &self.game.setup {
            if let Some(piece) = self.piece_index(&placement.piece) {
                pos.put(&self.zobrist, placement.square, Some(Man { player: placement.player, piece }));
            }
        }
        pos.set_side(&self.zobrist, self.rules.first_mover);
        pos
    }

    /// The rank of `sq` counted from `player`'s own side, 0-based.
    pub(crate) fn relative_rank(&self, player: Color, sq: Square) -> u8 {
        if player == Color::Black {
            sq.rank
        } else {
            self.game.board.ranks - 1 - sq.rank
        }
    }

    pub fn royals_of(&self, pos: &Position, player: Color) -> Vec<Square> {
        pos.squares_of(player).filter(|(_, m)| self.piece(m.piece).royal).map(|(s, _)| s).collect()
    }
}

/// How `player`'s pieces see the board (`Engine::orientation`), read from the rules alone: the
/// second player's forward is down, and its left and right are its own unless zone-moves.frame
/// = board (RYU reading warrior-sides).
fn orientation(player: Color, rules: &Rules) -> Orientation {
    match (player, rules.board_frame) {
        (Color::Black, _) => Orientation::Up,
        (_, false) => Orientation::Down,
        (_, true) => Orientation::DownBoardSides,
    }
}
