//! Invariants derived from a spec's own rule settings (issue 22): a designer's new variant is
//! checked without restating its rules in a properties file. Each derived invariant restates a
//! setting's meaning (src/spec/settings.rs, docs/settings.md) as one of the invariant kinds of
//! src/check/kinds, which judge transitions from that meaning and never call the engine's rule
//! code, so they stay independent witnesses of what the engine plays.
//!
//! A setting combination a kind cannot state exactly is not derived, and the reason is kept
//! (`Derived::not_derived`), so no derived invariant ever judges a move the rules allow as a
//! violation. A properties file runs beside the derived invariants; an invariant of the file
//! that says `overrides = ["derived:promotion"]` replaces the derived ones it names.

use super::properties::{EndBy, FreezeSide, Invariant, Kind, PromotionTrigger, SkipScope};
use crate::spec::game::GameSpec;
use crate::spec::{paths, LoadedSpec};
use std::collections::BTreeMap;

/// The derived invariants of one game, and the settings left underived with the reason.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    pub invariants: Vec<Invariant>,
    /// (derived id it would have had, why it is not derived).
    pub not_derived: Vec<(String, String)>,
}

/// The prefix of every derived invariant's id.
pub const PREFIX: &str = "derived:";

/// Does override entry `name` (`derived:confined`) cover derived invariant `id`
/// (`derived:confined` or `derived:confined:palace`)?
pub fn overrides(name: &str, id: &str) -> bool {
    id == name || id.strip_prefix(name).is_some_and(|rest| rest.starts_with(':'))
}

/// The clauses that encode a setting path: an encode path equal to it, above it
/// (`rules.promotion` for `rules.promotion.zone`) or below it (`rules.promotion.forced-ranks.P`),
/// group paths standing for each member's.
struct Citations(Vec<(String, Vec<String>)>);

impl Citations {
    fn new(spec: &LoadedSpec) -> Self {
        let list = spec
            .all_clauses()
            .into_iter()
            .filter_map(|c| {
                let encode = c.encode.as_ref()?;
                let expanded = encode
                    .get_ref()
                    .paths()
                    .into_iter()
                    .flat_map(|p| paths::expand_group(&spec.value, p).unwrap_or_else(|_| vec![p.to_string()]))
                    .collect();
                Some((c.id.get_ref().clone(), expanded))
            })
            .collect();
        Citations(list)
    }

    fn of(&self, settings: &[String]) -> Vec<String> {
        let related = |p: &str, s: &str| {
            p == s
                || s.strip_prefix(p).is_some_and(|r| r.starts_with('.'))
                || p.strip_prefix(s).is_some_and(|r| r.starts_with('.'))
                || (p.contains(".*.") && wildcard(p, s))
        };
        self.0
            .iter()
            .filter(|(_, paths)| paths.iter().any(|p| settings.iter().any(|s| related(p, s))))
            .map(|(id, _)| id.clone())
            .collect()
    }
}

/// `piece.*.ability.burn` against `piece.FD.ability.burn.max`.
fn wildcard(pattern: &str, path: &str) -> bool {
    let (p, s): (Vec<&str>, Vec<&str>) = (pattern.split('.').collect(), path.split('.').collect());
    p.len() <= s.len() && p.iter().zip(&s).all(|(a, b)| *a == "*" || a == b)
}

struct Builder<'a> {
    cite: Citations,
    game: &'a GameSpec,
    out: Derived,
}

impl Builder<'_> {
    fn add(&mut self, name: &str, kind: Kind, settings: &[String], why: String) {
        let clauses = self.cite.of(settings);
        self.out.invariants.push(Invariant {
            id: format!("{PREFIX}{name}"),
            kind,
            clauses,
            why: format!("Derived from {} (src/check/derived.rs): {why}", settings.join(", ")),
            overrides: Vec::new(),
        });
    }

    fn skip(&mut self, name: &str, why: impl Into<String>) {
        self.out.not_derived.push((format!("{PREFIX}{name}"), why.into()));
    }
}

fn rules(paths: &[&str]) -> Vec<String> {
    paths.iter().map(|p| format!("rules.{p}")).collect()
}

/// The derived invariants of `game` (the spec under the readings chosen).
pub fn derive(spec: &LoadedSpec, game: &GameSpec) -> Derived {
    let mut b = Builder { cite: Citations::new(spec), game, out: Derived::default() };
    promotion(&mut b);
    drops(&mut b);
    skips(&mut b);
    self_check(&mut b);
    game_end(&mut b);
    repetition(&mut b);
    pieces(&mut b);
    b.out
}

fn promotion(b: &mut Builder) {
    let r = b.game.settings();
    let forced_ranks = r.ranks_per_piece("promotion.forced-ranks");
    if r.word("promotion.forced") == "always" {
        b.skip("forced-promotion", "promotion.forced = always forces the whole zone, not listed ranks");
    }
    if r.word("promotion.forced") == "when-no-further-move" {
        b.skip("forced-promotion", "promotion.forced = when-no-further-move depends on each piece's moves");
    }
    // The engine forces a listed rank only on a move the zone promotion makes (engine::promotion):
    // ranks outside the zone, or no zone promotion at all, force nothing.
    let zone_ranks: Vec<u8> = match (r.zone("promotion.zone"), r.word("promotion.trigger")) {
        (Some(zone), trigger) if trigger != "none" => {
            let squares = b.game.zone_squares(zone, 0);
            let mut ranks: Vec<u8> = squares.iter().map(|s| s.rank + 1).collect();
            ranks.sort_unstable();
            ranks.dedup();
            ranks.retain(|&k| squares.iter().filter(|s| s.rank + 1 == k).count() == b.game.board.files as usize);
            ranks
        }
        _ => Vec::new(),
    };
    let outside = forced_ranks.values().flatten().any(|k| !zone_ranks.contains(k));
    if r.word("promotion.forced") == "listed-ranks" && !forced_ranks.is_empty() && outside {
        b.skip("forced-promotion", "a listed rank lies outside the zone promotion, where the engine forces nothing");
    } else if r.word("promotion.forced") == "listed-ranks" && !forced_ranks.is_empty() {
        b.add(
            "forced-promotion",
            Kind::ForcedPromotion { ranks: forced_ranks.clone() },
            &rules(&["promotion.forced", "promotion.forced-ranks"]),
            "promotion.forced = listed-ranks: no piece stands unpromoted on its listed ranks after a move.".into(),
        );
    }
    let Some(zone) = r.zone("promotion.zone") else { return };
    let trigger = match r.word("promotion.trigger") {
        "none" => return,
        "starts-or-ends-in-zone" => PromotionTrigger::InZoneStartOrEnd,
        "ends-in-zone" => PromotionTrigger::EndsInZone,
        "enters-zone" => PromotionTrigger::EntersZone,
        "enters-or-captures-in-zone" => PromotionTrigger::EntersOrCapturesInZone,
        other => return b.skip("promotion", format!("promotion.trigger = {other} has no promotion invariant")),
    };
    // The promotion kind judges a move by the zone alone; every rule that promotes (or keeps
    // from promoting) otherwise makes it say something the rules do not.
    let others = [
        ("promotion.on-capture", "none"),
        ("promotion.in-place", "none"),
        ("promotion.deva", "none"),
        ("promotion.stationary-moves", "allowed"),
        ("demotion.on", "none"),
        ("extra-turn.after", "none"),
    ];
    for (path, plain) in others {
        if r.word(path) != plain {
            return b.skip("promotion", format!("rules.{path} = {} is beyond the promotion kind", r.word(path)));
        }
    }
    let last_rank = r.list("promotion.last-rank").to_vec();
    if !last_rank.is_empty()
        && (!r.flag("promotion.last-rank-optional") || r.word("promotion.last-rank-timing") != "on-arrival")
    {
        return b.skip(
            "promotion",
            "a forced or deferred last-rank promotion (rules.promotion.last-rank-*) is beyond the promotion kind",
        );
    }
    let after_drop_same = matches!(
        (r.word("promotion.after-drop"), trigger),
        ("starts-or-ends-in-zone", PromotionTrigger::InZoneStartOrEnd)
            | ("move-ending-in-zone", PromotionTrigger::EndsInZone)
            | ("enter-from-outside", PromotionTrigger::EntersZone)
    );
    if r.is_stated("promotion.after-drop") && !after_drop_same {
        return b.skip("promotion", "promotion.after-drop treats dropped pieces apart, which the kind cannot tell");
    }
    let forced = r.word("promotion.forced");
    if trigger == PromotionTrigger::EntersZone && (forced == "listed-ranks" || forced == "always") {
        return b.skip("promotion", "under enters-zone the engine promotes a move within the zone onto a forced square all the same, which the kind calls a violation");
    }
    if forced == "when-no-further-move" {
        return b.skip("promotion", "promotion.forced = when-no-further-move depends on each piece's moves");
    }
    b.add(
        "promotion",
        Kind::Promotion {
            zone: zone.to_string(),
            trigger,
            optional: forced != "always",
            forced: if forced == "listed-ranks" { forced_ranks } else { BTreeMap::new() },
            last_rank,
        },
        &rules(&["promotion.zone", "promotion.trigger", "promotion.forced", "promotion.forced-ranks"]),
        format!(
            "a move promotes only as promotion.trigger = {} allows in zone '{zone}'; promotion.forced = {forced}.",
            trigger_word(trigger)
        ),
    );
}

fn trigger_word(t: PromotionTrigger) -> &'static str {
    match t {
        PromotionTrigger::InZoneStartOrEnd => "starts-or-ends-in-zone",
        PromotionTrigger::EndsInZone => "ends-in-zone",
        PromotionTrigger::EntersZone => "enters-zone",
        PromotionTrigger::EntersOrCapturesInZone => "enters-or-captures-in-zone",
    }
}

fn drops(b: &mut Builder) {
    let r = b.game.settings();
    if !r.flag("drops.enabled") {
        return;
    }
    let zones: BTreeMap<String, Vec<String>> = match r.list("drops.zone-ban") {
        [] => BTreeMap::new(),
        banned => [("*".to_string(), banned.to_vec())].into(),
    };
    let one_per_file =
        if r.word("drops.nifu") == "own-unpromoted" { r.list("drops.nifu-pieces").to_vec() } else { Vec::new() };
    b.add(
        "drops",
        Kind::Drops {
            ranks: r.ranks_per_piece("drops.rank-ban"),
            zones,
            only_zone: BTreeMap::new(),
            one_per_file,
            unpromoted: r.flag("drops.unpromoted"),
        },
        &rules(&["drops.enabled", "drops.rank-ban", "drops.zone-ban", "drops.nifu", "drops.nifu-pieces", "drops.unpromoted"]),
        "the drop bans by rank, zone and file, and drops of unpromoted types only where drops.unpromoted (the palace and dead-piece bans are not restated).".into(),
    );
    if r.word("drops.pawn-mate") != "allowed" {
        // A hopper (XBetza p or g) can mate through a dropped pawn as its screen; the ban
        // covers that only for the guns drops.pawn-mate-screen names.
        let hopper = |p: &crate::spec::game::PieceSpec| p.betza.contains('p') || p.betza.contains('g');
        let cannon = |p: &crate::spec::game::PieceSpec| p.ability_settings().states_any("cannon.");
        let screened =
            r.word("drops.pawn-mate-screen") != "none" && b.game.pieces.iter().filter(|p| hopper(p)).all(cannon);
        if b.game.pieces.iter().any(hopper) && !screened {
            b.skip("pawn-drop-mate", "a hopper can mate through a dropped pawn as its screen, which drops.pawn-mate-screen does not ban for every hopper");
        } else if r.word("drops.per-turn") == "in-addition" {
            b.skip(
                "pawn-drop-mate",
                "drops.per-turn = in-addition: the reply's own follow-up drop counts, which the kind does not see",
            );
        } else {
            b.add(
                "pawn-drop-mate",
                Kind::PawnDropMate { pieces: r.list("drops.pawn-mate-pieces").to_vec() },
                &rules(&["drops.pawn-mate", "drops.pawn-mate-pieces", "drops.nifu-pieces"]),
                format!("drops.pawn-mate = {}: a drop of these pieces never mates.", r.word("drops.pawn-mate")),
            );
        }
    }
}

fn skips(b: &mut Builder) {
    let r = b.game.settings();
    let scope = match r.word("skip.limit") {
        "no-two-own-in-a-row" => SkipScope::OwnTurns,
        "not-after-opponent-skip" => SkipScope::OpponentTurn,
        "both" => SkipScope::AnyTurns,
        _ => return,
    };
    if r.flag("skip.promotion-exempt") {
        return b.skip("no-consecutive-skips", "skip.promotion-exempt lets a promoting skip through the limit");
    }
    b.add(
        "no-consecutive-skips",
        Kind::NoConsecutiveSkips { scope },
        &rules(&["skip.limit"]),
        format!("skip.limit = {}.", r.word("skip.limit")),
    );
}

fn self_check(b: &mut Builder) {
    let r = b.game.settings();
    if r.word("legality.self-check") != "illegal" {
        return;
    }
    if r.word("extra-turn.after") != "none" && r.word("extra-turn.legality") != "each-action" {
        return b.skip("no-self-check", "extra-turn.legality = end-of-turn judges a double turn only at its end");
    }
    b.add(
        "no-self-check",
        Kind::NoSelfCheck,
        &rules(&["legality.self-check"]),
        "legality.self-check = illegal: no move leaves one of the mover's royals attacked.".into(),
    );
}

fn game_end(b: &mut Builder) {
    let r = b.game.settings();
    let royals = r.word("end.royals");
    // With one royal a side (and none to be gained by promotion) the first royal captured is
    // the last.
    if royals == "last-royal-captured" || (royals == "any-royal-captured" && one_royal_each(b.game)) {
        b.add(
            "game-end:last-royal-captured",
            Kind::GameEnd { by: EndBy::LastRoyalCaptured },
            &rules(&["end.royals"]),
            format!("end.royals = {royals}: the game ends, won, exactly when the last enemy royal is taken."),
        );
    } else if royals == "any-royal-captured" {
        b.skip("game-end:last-royal-captured", "end.royals = any-royal-captured with more than one royal a side");
    }
    let checkmate_ends = r.word("end.checkmate") == "terminal" || royals == "checkmate";
    if checkmate_ends && r.word("legality.self-check") != "illegal" {
        b.skip("game-end:stalemate", "checkmate ends the game while moves into check remain (end.checkmate)");
    } else {
        // Every value of end.stalemate ends the game when the player to move cannot (none:
        // the game stops); only the result differs, which the kind does not judge.
        let by = match r.word("end.stalemate-condition") {
            "no-safe-move" => EndBy::NoSafeMove,
            _ => EndBy::NoLegalMove,
        };
        b.add(
            "game-end:stalemate",
            Kind::GameEnd { by },
            &rules(&["end.stalemate", "end.stalemate-condition"]),
            format!("end.stalemate = {}: the game ends when the player to move cannot move.", r.word("end.stalemate")),
        );
    }
}

/// Does each player start with at most one royal, with no promotion to a royal?
fn one_royal_each(game: &GameSpec) -> bool {
    let royal = |id: &str| game.piece(id).is_some_and(|p| p.royal);
    let promotes_to_royal = game.pieces.iter().any(|p| p.promotes_to.as_deref().is_some_and(royal));
    let count = |player: u8| game.setup.iter().filter(|s| s.player == player && royal(&s.piece)).count();
    !promotes_to_royal && count(0) <= 1 && count(1) <= 1
}

fn repetition(b: &mut Builder) {
    let r = b.game.settings();
    if r.word("end.impasse") != "none" && r.word("end.impasse-trigger") == "repetition" {
        return b
            .skip("repetition", "an impasse count triggered by repetition ends the game there (end.impasse-trigger)");
    }
    if r.word("end.repetition") == "none" {
        return;
    }
    let plain = [
        ("end.repetition-identity", ["board-side", "board-hands-side"].as_slice()),
        ("end.repetition-exclude", &["none"]),
        ("end.repetition-counted-at", &["turn-boundaries"]),
        ("end.perpetual-check-detect", &["repetition-all-checks"]),
        ("end.impasse-trigger", &["both-kings-in-zone"]),
        ("end.perpetual-chase", &["none"]),
    ];
    for (path, allowed) in plain {
        if !allowed.contains(&r.word(path)) {
            return b.skip("repetition", format!("rules.{path} = {} is beyond the repetition kind", r.word(path)));
        }
    }
    let perpetual = r.word("end.perpetual-check");
    if perpetual == "move-illegal"
        || (perpetual != "none" && r.int("end.perpetual-check-count") != r.int("end.repetition-count"))
    {
        return b.skip("repetition", "the perpetual-check rule differs from the repetition kind's");
    }
    b.add(
        "repetition",
        Kind::Repetition {
            count: r.int("end.repetition-count") as usize,
            hands: r.word("end.repetition-identity") == "board-hands-side",
            perpetual_check_loses: perpetual == "checker-loses",
        },
        &rules(&["end.repetition", "end.repetition-count", "end.repetition-identity", "end.perpetual-check"]),
        format!(
            "end.repetition = {}: the {}th occurrence of a position ends the game.",
            r.word("end.repetition"),
            r.int("end.repetition-count")
        ),
    );
}

/// Piece abilities: confinement, burns, rank-limited jumps, freezing.
fn pieces(b: &mut Builder) {
    let game = b.game;
    let ability = |id: &str, rest: &str| format!("piece.{id}.ability.{rest}");
    // Confinement, one invariant per zone.
    let mut confined: BTreeMap<String, (Vec<String>, bool)> = BTreeMap::new();
    let r = game.settings();
    for p in &game.pieces {
        let a = p.ability_settings();
        if let Some(zone) = a.zone("confine") {
            // The engine's drops do not look at confine: a piece that can be dropped outside
            // its zone is confined only where drops.palace-only keeps it in.
            let dropped_in_zone = r.list("drops.palace-only").contains(&p.id)
                && r.zone("drops.palace-only-zone").is_none_or(|z| z == zone);
            if r.flag("drops.enabled") && !p.royal && !dropped_in_zone {
                b.skip(
                    &format!("confined:{zone}:{}", p.id),
                    format!("{} can be dropped outside '{zone}' (drops ignore confine)", p.id),
                );
                continue;
            }
            let entry = confined.entry(zone.to_string()).or_default();
            entry.0.push(p.id.clone());
            // A flying capture takes the enemy royal outside the zone (xiangqi's generals).
            entry.1 |= a.word("flying-capture") == "move";
        }
    }
    for (zone, (pieces, exempt)) in confined {
        let settings: Vec<String> = pieces.iter().map(|id| ability(id, "confine")).collect();
        b.add(
            &format!("confined:{zone}"),
            Kind::Confined { pieces: pieces.clone(), zone: zone.clone(), exempt_royal_captures: exempt },
            &settings,
            format!("confine = \"{zone}\": {} never stand outside it.", pieces.join(", ")),
        );
    }
    // Burns: one invariant for every burner (the kind does not tell burners apart), at the
    // largest count and with the immunity they all share.
    let burners: Vec<_> = game.pieces.iter().filter(|p| p.ability_settings().int("burn.max") > 0).collect();
    if !burners.is_empty() {
        let max = burners.iter().map(|p| p.ability_settings().int("burn.max")).max().unwrap_or(0) as usize;
        let mut immune: Vec<String> = burners[0].ability_settings().list("burn.immune").to_vec();
        immune.retain(|id| burners.iter().all(|p| p.ability_settings().list("burn.immune").contains(id)));
        let settings: Vec<String> = burners.iter().map(|p| ability(&p.id, "burn")).collect();
        b.add(
            "burn",
            Kind::Burn { max, immune },
            &settings,
            "burn.max and burn.immune: each burn is next to the destination, at most burn.max of them, never of an immune piece.".into(),
        );
    }
    // Rank-limited jumps, one invariant per set of parameters.
    let mut jumpers: BTreeMap<(i64, bool, bool), Vec<String>> = BTreeMap::new();
    for p in &game.pieces {
        let a = p.ability_settings();
        // The kind counts every occupied square a move passes between its points; the
        // engine's rank limit counts only jumps (hops and passing captures), so a leaper's
        // plain leap over a piece would be called a violation.
        let leaps = p.betza.chars().any(|c| "DNAHCZGJL".contains(c));
        if a.states_any("jump.") && a.word("jump.rank-limit") != "none" && leaps {
            b.skip(
                &format!("rank-jump:{}", p.id),
                format!("{} also leaps, which the kind would count as jumping", p.id),
            );
        } else if a.states_any("jump.") && a.word("jump.rank-limit") != "none" {
            let key = (
                a.int("jump.max-jumped"),
                a.flag("jump.capture-jumped-royals"),
                a.word("jump.capture-jumped-rank") == "any",
            );
            jumpers.entry(key).or_default().push(p.id.clone());
        }
    }
    for (i, ((max, royals, any_rank), pieces)) in jumpers.into_iter().enumerate() {
        let settings: Vec<String> = pieces.iter().map(|id| ability(id, "jump")).collect();
        b.add(
            &format!("rank-jump:{}", i + 1),
            Kind::RankJump {
                pieces: pieces.clone(),
                max: max as usize,
                capture_royals: royals,
                capture_any_rank: any_rank,
            },
            &settings,
            format!("jump.rank-limit: {} jump at most {max} pieces, each of lower rank.", pieces.join(", ")),
        );
    }
    // Freezing, one invariant per set of parameters.
    let mut freezers: BTreeMap<(u8, Vec<String>, bool, bool), Vec<String>> = BTreeMap::new();
    for p in &game.pieces {
        let a = p.ability_settings();
        if a.states_any("freeze.") {
            let range = if a.word("freeze.range") == "board" { u8::MAX } else { 1 };
            let key = (
                range,
                a.list("freeze.immune").to_vec(),
                a.word("freeze.targets") == "any",
                a.word("freeze.blocks") == "moves-leaving-square",
            );
            freezers.entry(key).or_default().push(p.id.clone());
        }
    }
    for (i, ((range, immune, both, may_igui), pieces)) in freezers.into_iter().enumerate() {
        let settings: Vec<String> = pieces.iter().map(|id| ability(id, "freeze")).collect();
        b.add(
            &format!("frozen:{}", i + 1),
            Kind::Frozen {
                freezers: pieces.clone(),
                range,
                immune,
                side: if both { FreezeSide::Both } else { FreezeSide::Enemy },
                may_igui,
            },
            &settings,
            format!("freeze: a piece next to {} does not move.", pieces.join(", ")),
        );
    }
}

/// Where the properties file says something of a rule that the spec's settings contradict
/// (a stale copy: forced ranks, a zone, a piece that differ): (the file's invariant id, what
/// differs). Only rules the spec derives are compared; a file may state more than the settings.
pub fn contradictions(file: &[Invariant], derived: &Derived, game: &GameSpec) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // A piece with no promotion cannot have forced ranks in the settings; a file that names
    // one restates another rule (Heian Ryu's demotion as "never stands there").
    let promotes = |id: &str| game.piece(id).is_some_and(|p| p.promotes_to.is_some());
    let skipped = |name: &str| derived.not_derived.iter().any(|(id, _)| overrides(&format!("{PREFIX}{name}"), id));
    let of_kind = |name: &str| -> Vec<&Kind> {
        derived.invariants.iter().filter(|d| d.kind.name() == name).map(|d| &d.kind).collect()
    };
    for inv in file {
        let name = inv.kind.name();
        if skipped(name) {
            continue;
        }
        let mine = of_kind(name);
        let mut say = |what: String| out.push((inv.id.clone(), what));
        match &inv.kind {
            Kind::ForcedPromotion { ranks } => {
                let spec_ranks = mine.iter().find_map(|k| match k {
                    Kind::ForcedPromotion { ranks } => Some(ranks.clone()),
                    _ => None,
                });
                compare_ranks(FORCED, ranks, &spec_ranks.unwrap_or_default(), &promotes, &mut say);
            }
            Kind::Promotion { zone, trigger, optional, forced, last_rank } => match mine.first() {
                Some(Kind::Promotion { zone: z, trigger: t, optional: o, forced: f, last_rank: l }) => {
                    if last_rank != l {
                        say(format!(
                            "lets {last_rank:?} promote on reaching the last rank; the spec's rules.promotion.last-rank is {l:?}"
                        ));
                    }
                    if zone != z {
                        say(format!("promotes in zone '{zone}'; the spec's rules.promotion.zone is '{z}'"));
                    }
                    if trigger != t {
                        say(format!(
                            "promotes on {}; the spec's rules.promotion.trigger is {}",
                            trigger_word(*trigger),
                            trigger_word(*t)
                        ));
                    }
                    if optional != o {
                        say(format!(
                            "says promotion is {}; the spec's rules.promotion.forced says {}",
                            optional_word(*optional),
                            optional_word(*o)
                        ));
                    }
                    compare_ranks(FORCED, forced, f, &promotes, &mut say);
                    for (piece, ranks) in f.iter().filter(|(p, _)| !forced.contains_key(*p)) {
                        say(format!("lets {piece} promote optionally everywhere; the spec's rules.promotion.forced-ranks forces it on ranks {ranks:?}"));
                    }
                }
                _ => {
                    say("restates zone promotion; the spec has none (rules.promotion.zone, rules.promotion.trigger)"
                        .into())
                }
            },
            Kind::Drops { ranks, one_per_file, unpromoted, .. } => match mine.first() {
                Some(Kind::Drops { ranks: r, one_per_file: o, unpromoted: u, .. }) => {
                    // drops.dead-piece may ban the same squares without a rank list.
                    if game.settings().word("drops.dead-piece") == "allowed" {
                        compare_ranks(("drop ban", "rules.drops.rank-ban"), ranks, r, &|_| true, &mut say);
                    }
                    for p in one_per_file.iter().filter(|p| !o.contains(p)) {
                        say(format!("bans two {p} on a file; the spec's rules.drops.nifu-pieces does not"));
                    }
                    if *unpromoted && !u {
                        say("drops only unpromoted pieces; the spec's rules.drops.unpromoted is false".into());
                    }
                }
                _ => say("restates drop rules; the spec's rules.drops.enabled is false".into()),
            },
            Kind::PawnDropMate { pieces } => {
                let spec: Vec<&String> = mine
                    .iter()
                    .flat_map(|k| match k {
                        Kind::PawnDropMate { pieces } => pieces.iter().collect(),
                        _ => Vec::new(),
                    })
                    .collect();
                for p in pieces.iter().filter(|p| !spec.contains(p)) {
                    say(format!("bans mate by a drop of {p}; the spec's rules.drops.pawn-mate does not"));
                }
            }
            Kind::NoConsecutiveSkips { scope } => match mine.first() {
                Some(Kind::NoConsecutiveSkips { scope: s }) if s != scope => {
                    say(format!("limits skips as {scope:?}; the spec's rules.skip.limit says {s:?}"))
                }
                None => say("limits skips; the spec's rules.skip.limit is none".into()),
                _ => {}
            },
            Kind::NoSelfCheck if mine.is_empty() => {
                say("forbids moving into check; the spec's rules.legality.self-check does not".into())
            }
            Kind::Confined { pieces, zone, .. } => {
                for p in pieces {
                    let same = mine.iter().any(
                        |k| matches!(k, Kind::Confined { pieces: ps, zone: z, .. } if z == zone && ps.contains(p)),
                    );
                    if !same {
                        say(format!("confines {p} to '{zone}'; the spec's piece.{p}.ability.confine does not"));
                    }
                }
            }
            Kind::RankJump { pieces, max, .. } => {
                for p in pieces {
                    match mine.iter().find(|k| matches!(k, Kind::RankJump { pieces: ps, .. } if ps.contains(p))) {
                        Some(Kind::RankJump { max: m, .. }) if m != max => say(format!(
                            "lets {p} jump {max} pieces; the spec's piece.{p}.ability.jump.max-jumped is {m}"
                        )),
                        None => say(format!(
                            "limits {p}'s jumps by rank; the spec's piece.{p}.ability.jump.rank-limit does not"
                        )),
                        _ => {}
                    }
                }
            }
            Kind::Frozen { freezers, .. } => {
                for p in freezers {
                    if !mine.iter().any(|k| matches!(k, Kind::Frozen { freezers: fs, .. } if fs.contains(p))) {
                        say(format!("has {p} freeze; the spec's piece.{p}.ability.freeze does not"));
                    }
                }
            }
            Kind::Burn { max, immune } => match mine.first() {
                Some(Kind::Burn { max: m, immune: i }) => {
                    if max != m {
                        say(format!("burns up to {max}; the spec's burn.max is {m}"));
                    }
                    for p in i.iter().filter(|p| !immune.contains(p)) {
                        say(format!("lets {p} be burned; the spec's burn.immune does not"));
                    }
                }
                _ => say("restates burns; no piece of the spec burns (burn.max)".into()),
            },
            Kind::GameEnd { by } => {
                let found = mine.iter().any(|k| matches!(k, Kind::GameEnd { by: b } if b == by));
                let family = match by {
                    EndBy::LastRoyalCaptured => "game-end:last-royal-captured",
                    EndBy::NoLegalMove | EndBy::NoSafeMove => "game-end:stalemate",
                };
                if !found && !skipped(family) {
                    say(format!("ends the game by {by:?}; the spec's rules.end settings do not"));
                }
            }
            Kind::Repetition { count, hands, perpetual_check_loses } => match mine.first() {
                Some(Kind::Repetition { count: c, hands: h, perpetual_check_loses: p }) => {
                    if count != c {
                        say(format!("ends on the {count}th occurrence; the spec's rules.end.repetition-count is {c}"));
                    }
                    if hands != h {
                        say(format!(
                            "{} hands in the position; the spec's rules.end.repetition-identity does not agree",
                            if *hands { "counts" } else { "ignores" }
                        ));
                    }
                    if perpetual_check_loses != p {
                        say("differs on perpetual check from the spec's rules.end.perpetual-check".into());
                    }
                }
                _ => say("ends the game by repetition; the spec's rules.end.repetition is none".into()),
            },
            _ => {}
        }
    }
    out
}

const FORCED: (&str, &str) = ("forced promotion", "rules.promotion.forced-ranks");

fn optional_word(optional: bool) -> &'static str {
    if optional {
        "optional"
    } else {
        "forced"
    }
}

/// Rank lists per piece, stated in the file against the spec's.
fn compare_ranks(
    (what, setting): (&str, &str),
    file: &BTreeMap<String, Vec<u8>>,
    spec: &BTreeMap<String, Vec<u8>>,
    promotes: &dyn Fn(&str) -> bool,
    say: &mut impl FnMut(String),
) {
    for (piece, ranks) in file {
        if !spec.contains_key(piece) && !promotes(piece) {
            continue;
        }
        match spec.get(piece) {
            Some(r) if r == ranks => {}
            Some(r) => say(format!("gives {piece} {what} on ranks {ranks:?}; the spec's {setting} says {r:?}")),
            None => say(format!("gives {piece} {what} on ranks {ranks:?}; the spec's {setting} names no rank for it")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_override_names_an_id_or_its_family() {
        assert!(overrides("derived:confined", "derived:confined"));
        assert!(overrides("derived:confined", "derived:confined:palace"));
        assert!(!overrides("derived:confined", "derived:confinedx"));
        assert!(!overrides("derived:game-end:stalemate", "derived:game-end:last-royal-captured"));
    }

    #[test]
    fn wildcards_match_one_segment() {
        assert!(wildcard("piece.*.betza", "piece.S.betza"));
        assert!(!wildcard("piece.*.betza", "rules.S.betza"));
    }
}
