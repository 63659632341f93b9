//! The settings under `[rules]`, each declared once (src/spec/declare.rs): the catalogue
//! `RULES`, the identities `Rule`, an enum per choice setting and the typed `RuleSettings`.
//!
//! What a setting means, and the document clauses it encodes, is its entry's text; the engine
//! (src/engine/config.rs), the checker, the witnesses and the SMT layer read `RuleSettings`'s
//! fields, and name a setting by its `Rule` where they need its path.

crate::spec::declare::declare_settings! {
    /// Settings under `[rules]`.
    catalogue RULES;
    /// A setting under `[rules]`, by identity: `Rule::SkipLimit.path()` is `skip.limit`.
    identity Rule, prefix "rules.";
    /// A game's `[rules]` as the game means them: the stated value, else the declared default.
    values RuleSettings;
    // How XBetza strings of this spec are read (docs/xbetza.md).
    xbetza_h_modifier XbetzaHModifier "xbetza.h-modifier": choice(XbetzaHModifier { HalfPlane = "half-plane", Ignored = "ignored" }) = HalfPlane,
        "what an `h` direction modifier means";
    xbetza_y_scope XbetzaYScope "xbetza.y-scope": choice(XbetzaYScope { WholeLeg = "whole-leg", OwnAlternative = "own-alternative" }) = WholeLeg,
        "how far a `y` toggle reaches among a leg's alternatives";
    xbetza_toggle_span XbetzaToggleSpan "xbetza.toggle-span": choice(XbetzaToggleSpan { RestOfMove = "rest-of-move", NextLeg = "next-leg" }) = RestOfMove,
        "how long a `y` toggle lasts";
    // Legality and check.
    legality_self_check LegalitySelfCheck "legality.self-check": choice(SelfCheck { Allowed = "allowed", Illegal = "illegal", KingOnly = "king-only" }) = Allowed,
        "may a player leave a royal attacked (king-only: a royal may step into check; another move may not give a royal an attacker it did not have)";
    legality_illegal_moves LegalityIllegalMoves "legality.illegal-moves": choice(LegalityIllegalMoves { NotGenerated = "not-generated", ListedMovesLose = "listed-moves-lose" }) = NotGenerated,
        "what happens to a move the rules call illegal";
    legality_protection LegalityProtection "legality.protection": choice(LegalityProtection { PseudoLegal = "pseudo-legal", LegalRecursive = "legal-recursive" }) = PseudoLegal,
        "what counts as protecting a square";
    legality_attack LegalityAttack "legality.attack": choice(LegalityAttack { AnyCaptureAnyLeg = "any-capture-any-leg", FinalLegOnly = "final-leg-only" }) = AnyCaptureAnyLeg,
        "which captures count as attacking a square";
    check_must_resolve CheckMustResolve "check.must-resolve": bool() = false,
        "must a player in check get out of it";
    check_frozen_attackers CheckFrozenAttackers "check.frozen-attackers": choice(CheckFrozenAttackers { Counted = "counted", Ignored = "ignored" }) = Ignored,
        "does a frozen piece give check";
    check_royals CheckRoyals "check.royals": choice(CheckRoyals { Any = "any", LastRemaining = "last-remaining" }) = Any,
        "which royal can be in check: any, or only a player's last remaining one (while he has two or more, an attack on one is no check)";
    check_flying_king CheckFlyingKing "check.flying-king": bool() = false,
        "does facing the enemy king on an open file count as check";
    turn_order TurnOrder "turn-order": choice(TurnOrder { FirstPlayerFirst = "first-player-first", SecondPlayerFirst = "second-player-first" }) = FirstPlayerFirst,
        "who moves first";
    // Promotion.
    promotion_zone PromotionZone "promotion.zone": zone() = none,
        "the zone where promotion happens (\"none\": no zone promotion)";
    promotion_trigger PromotionTrigger "promotion.trigger": choice(Trigger { None = "none", EntersZone = "enters-zone", EndsInZone = "ends-in-zone", StartsOrEndsInZone = "starts-or-ends-in-zone", AnySquareVisited = "any-square-visited",
        /// A move from outside the zone into it, or a capture by a move that starts or ends in
        /// it (Chu Shogi: a piece that declined promotion on entering may promote later only by
        /// capturing in the zone).
        EntersOrCapturesInZone = "enters-or-captures-in-zone" }) = None,
        "which moves may promote (enters-or-captures-in-zone: a move from outside the zone into it, or a capture by a move that starts or ends in it)";
    promotion_forced PromotionForced "promotion.forced": choice(Forced { Never = "never", Always = "always", WhenNoFurtherMove = "when-no-further-move", ListedRanks = "listed-ranks" }) = Never,
        "when a promotion must be taken";
    promotion_forced_ranks PromotionForcedRanks "promotion.forced-ranks": ranks() = empty,
        "ranks where a piece must promote";
    promotion_on_capture PromotionOnCapture "promotion.on-capture": choice(PromotionOnCapture { None = "none", AnyCapture = "any-capture", CaptureAndMove = "capture-and-move" }) = None,
        "capture promotion: which captures promote the capturer";
    promotion_capture_optional PromotionCaptureOptional "promotion.capture-optional": bool() = false,
        "may a capture promotion be declined";
    promotion_non_promoting_capture PromotionNonPromotingCapture "promotion.non-promoting-capture": choice(PromotionNonPromotingCapture { CaptureUnchanged = "capture-unchanged", CannotCapture = "cannot-capture" }) = CaptureUnchanged,
        "what a piece without promotion does when it captures under capture promotion";
    promotion_stationary_moves PromotionStationaryMoves "promotion.stationary-moves": choice(PromotionStationaryMoves { Allowed = "allowed", NotAllowed = "not-allowed" }) = Allowed,
        "may a move that returns to its start square promote";
    promotion_in_place PromotionInPlace "promotion.in-place": choice(PromotionInPlace { None = "none", ByStationaryMove = "by-stationary-move", AnyPieceAnyTime = "any-piece-any-time" }) = None,
        "promotion without moving";
    promotion_decided PromotionDecided "promotion.decided": choice(PromotionDecided { AfterWholeMove = "after-whole-move", PerLeg = "per-leg" }) = AfterWholeMove,
        "when a multi-leg move's promotion is decided";
    promotion_namesakes PromotionNamesakes "promotion.namesakes": choice(PromotionNamesakes { PromotedCopies = "promoted-copies", UnpromotedType = "unpromoted-type" }) = PromotedCopies,
        "are promoted pieces named like an unpromoted type that type";
    promotion_last_rank PromotionLastRank "promotion.last-rank": pieces() = empty,
        "pieces that may promote on reaching the last rank";
    promotion_last_rank_optional PromotionLastRankOptional "promotion.last-rank-optional": bool() = true,
        "is the last-rank promotion optional";
    promotion_last_rank_timing PromotionLastRankTiming "promotion.last-rank-timing": choice(PromotionLastRankTiming { OnArrival = "on-arrival", AnyTime = "any-time" }) = OnArrival,
        "when the last-rank promotion may be taken";
    promotion_deva PromotionDeva "promotion.deva": choice(PromotionDeva { None = "none", PromotableOnly = "promotable-only", AllNonRoyal = "all-non-royal" }) = None,
        "which pieces the Deva/Dark Spirit rule promotes";
    promotion_deva_priority PromotionDevaPriority "promotion.deva-priority": choice(PromotionDevaPriority { SpecialWins = "special-wins", OwnPromotionFirst = "own-promotion-first" }) = SpecialWins,
        "which promotion applies when both could";
    promotion_deva_multi_capture PromotionDevaMultiCapture "promotion.deva-multi-capture": choice(DevaMulti { First = "first-special-capture", Last = "last-special-capture", Second = "second-capture" }) = Last,
        "which capture of a multi-capture decides the special promotion";
    promotion_after_drop PromotionAfterDrop "promotion.after-drop": choice(AfterDrop {
        /// A move from outside the zone into it (a piece dropped in the zone leaves it first).
        EnterFromOutside = "enter-from-outside",
        /// Any move ending in the zone.
        MoveEndingInZone = "move-ending-in-zone",
        /// A move starting or ending in the zone (shogi).
        StartsOrEndsInZone = "starts-or-ends-in-zone",
    }) = (unset "a dropped piece promotes as promotion.trigger says of every piece"),
        "how a piece dropped in the zone may promote";
    promotion_permanent PromotionPermanent "promotion.permanent": choice(PromotionPermanent { UntilCaptured = "until-captured", UntilCapturedOrFirstZone = "until-captured-or-first-zone" }) = UntilCaptured,
        "how long a promotion lasts";
    // Drops.
    drops_enabled DropsEnabled "drops.enabled": bool() = false,
        "are captured pieces dropped";
    drops_unpromoted DropsUnpromoted "drops.unpromoted": bool() = true,
        "are pieces always dropped unpromoted";
    drops_nifu DropsNifu "drops.nifu": choice(DropsNifu { None = "none", OwnUnpromoted = "own-unpromoted" }) = None,
        "the two-pawns-on-a-file ban";
    drops_nifu_pieces DropsNifuPieces "drops.nifu-pieces": pieces() = empty,
        "pieces that count for the two-pawns ban";
    drops_rank_ban DropsRankBan "drops.rank-ban": ranks() = empty,
        "ranks where a piece may not be dropped";
    drops_zone_ban DropsZoneBan "drops.zone-ban": zones() = empty,
        "zones where nothing may be dropped";
    drops_palace_only DropsPalaceOnly "drops.palace-only": pieces() = empty,
        "pieces dropped only inside the own palace";
    drops_palace_ban DropsPalaceBan "drops.palace-ban": choice(DropsPalaceBan { None = "none", Own = "own", Both = "both" }) = None,
        "palaces other pieces may not be dropped into";
    drops_pawn_mate DropsPawnMate "drops.pawn-mate": choice(PawnMate { Allowed = "allowed", NoMate = "no-mate", NoCheck = "no-check" }) = Allowed,
        "may a pawn drop mate (or check)";
    drops_pawn_mate_pieces DropsPawnMatePieces "drops.pawn-mate-pieces": pieces() = (same_as DropsNifuPieces),
        "the pieces the pawn-drop ban (drops.pawn-mate) is about; default drops.nifu-pieces";
    drops_pawn_mate_extra_turn DropsPawnMateExtraTurn "drops.pawn-mate-extra-turn": choice(DropsPawnMateExtraTurn { IsMate = "is-mate", NotMate = "not-mate" }) = IsMate,
        "is a checking pawn drop that wins by extra-turn.check = wins a mate by pawn drop (banned by drops.pawn-mate)";
    drops_pawn_mate_screen DropsPawnMateScreen "drops.pawn-mate-screen": choice(PawnMateScreen {
        /// Only the pawn's own attack.
        None = "none",
        /// Also an attack of the dropper's gun that uses the pawn as its screen.
        OwnGuns = "own-guns",
        /// Also an enemy gun that uses the pawn as screen against the dropper's own royal.
        AnyGuns = "any-guns",
    }) = None,
        "does a pawn drop that mates as a screen count";
    drops_dead_piece DropsDeadPiece "drops.dead-piece": choice(DeadPiece {
        Allowed = "allowed",
        /// No move in the position after the drop.
        ActualMove = "actual-move",
        /// No move at all on an otherwise empty board.
        EmptyBoard = "empty-board",
        /// No forward square on an otherwise empty board.
        ForwardSquare = "forward-square",
    }) = Allowed,
        "when a piece counts as never able to move again (drop ban)";
    drops_per_turn DropsPerTurn "drops.per-turn": choice(DropsPerTurn { InsteadOfMove = "instead-of-move", InAddition = "in-addition" }) = InsteadOfMove,
        "is a drop a whole turn";
    // Turn skipping.
    skip_null_move SkipNullMove "skip.null-move": choice(SkipNullMove { Allowed = "allowed", Illegal = "illegal" }) = Illegal,
        "may a player pass without a piece";
    skip_by_piece SkipByPiece "skip.by-piece": choice(SkipByPiece { Allowed = "allowed", Illegal = "illegal" }) = Allowed,
        "may a piece pass by moving out and back";
    skip_squares SkipSquares "skip.squares": choice(WhoSkips { AnyAdjacentEmpty = "any-adjacent-empty", OwnIguiOrAreaSquares = "own-igui-or-area-squares", PerPieceString = "per-piece-string" }) = OwnIguiOrAreaSquares,
        "which pieces may skip";
    skip_limit SkipLimit "skip.limit": choice(SkipLimit { None = "none", NoTwoOwnInARow = "no-two-own-in-a-row", NotAfterOpponentSkip = "not-after-opponent-skip", Both = "both" }) = None,
        "how often skipping is allowed";
    skip_promotion_exempt SkipPromotionExempt "skip.promotion-exempt": bool() = false,
        "is a stationary promotion exempt from the skip limit";
    skip_missing_piece SkipMissingPiece "skip.missing-piece": choice(SkipMissingPiece { Ignored = "ignored", NoSkip = "no-skip" }) = Ignored,
        "what a skip rule naming a piece the game lacks means";
    // Game end.
    end_royals EndRoyals "end.royals": choice(EndRoyals { LastRoyalCaptured = "last-royal-captured", AnyRoyalCaptured = "any-royal-captured", Checkmate = "checkmate" }) = LastRoyalCaptured,
        "when losing royals ends the game";
    end_checkmate EndCheckmate "end.checkmate": choice(EndCheckmate { Terminal = "terminal", NotTerminal = "not-terminal", ByCapture = "by-capture" }) = ByCapture,
        "does checkmate end the game at once";
    end_stalemate EndStalemate "end.stalemate": choice(Stalemate { None = "none", Draw = "draw", Loss = "loss", Win = "win", LossIfOneRoyalElseDraw = "loss-if-one-royal-else-draw" }) = None,
        "result for the player who cannot move";
    end_stalemate_condition EndStalemateCondition "end.stalemate-condition": choice(EndStalemateCondition { NoLegalMove = "no-legal-move", NoSafeMove = "no-safe-move" }) = NoLegalMove,
        "what 'cannot move' means";
    end_illegal_move EndIllegalMove "end.illegal-move": choice(EndIllegalMove { None = "none", Loss = "loss" }) = None,
        "does making an illegal move lose";
    end_repetition EndRepetition "end.repetition": choice(EndRepetition { None = "none", Draw = "draw", LossForRepeater = "loss-for-repeater" }) = None,
        "result of repetition";
    end_repetition_count EndRepetitionCount "end.repetition-count": int(2, 9) = 4,
        "how many times a position recurs to end the game";
    end_repetition_identity EndRepetitionIdentity "end.repetition-identity": choice(EndRepetitionIdentity { BoardSide = "board-side", BoardSideSkipState = "board-side-skip-state", BoardHandsSide = "board-hands-side" }) = BoardSide,
        "what makes two positions the same";
    end_repetition_exclude EndRepetitionExclude "end.repetition-exclude": choice(EndRepetitionExclude { None = "none", PositionsAfterSkips = "positions-after-skips", IllegalSkips = "illegal-skips" }) = None,
        "positions not counted toward repetition";
    end_repetition_counted_at EndRepetitionCountedAt "end.repetition-counted-at": choice(EndRepetitionCountedAt { TurnBoundaries = "turn-boundaries", EveryAction = "every-action" }) = TurnBoundaries,
        "when positions are counted";
    end_perpetual_check EndPerpetualCheck "end.perpetual-check": choice(EndPerpetualCheck { None = "none", CheckerLoses = "checker-loses", MoveIllegal = "move-illegal" }) = None,
        "the perpetual check rule";
    end_perpetual_check_detect EndPerpetualCheckDetect "end.perpetual-check-detect": choice(EndPerpetualCheckDetect { RepetitionAllChecks = "repetition-all-checks", ConsecutiveChecks = "consecutive-checks" }) = RepetitionAllChecks,
        "how perpetual check is detected";
    end_perpetual_check_count EndPerpetualCheckCount "end.perpetual-check-count": int(2, 9) = (same_as EndRepetitionCount),
        "checks or repetitions that make a perpetual";
    end_impasse EndImpasse "end.impasse": choice(EndImpasse { None = "none", Points = "points" }) = None,
        "the impasse rule";
    end_impasse_threshold EndImpasseThreshold "end.impasse-threshold": int(0, 999) = 0,
        "points a player needs to win (or not lose) an impasse";
    end_impasse_count EndImpasseCount "end.impasse-count": choice(EndImpasseCount { Board = "board", BoardAndHand = "board-and-hand" }) = Board,
        "which pieces count for impasse points";
    end_impasse_five EndImpasseFive "end.impasse-five": pieces() = empty,
        "pieces worth five points";
    end_impasse_trigger EndImpasseTrigger "end.impasse-trigger": choice(EndImpasseTrigger { Repetition = "repetition", BothKingsInZone = "both-kings-in-zone" }) = BothKingsInZone,
        "when an impasse is declared";
    end_precedence EndPrecedence "end.precedence": words(["impasse", "perpetual-check", "repetition"]) = empty,
        "which end rule wins when several apply";
    end_bare_king EndBareKing "end.bare-king": choice(BareKing { None = "none", Loss = "loss", LossUnlessHand = "loss-unless-hand" }) = None,
        "the bare-king rule";
    end_bare_king_when EndBareKingWhen "end.bare-king-when": choice(EndBareKingWhen { Immediately = "immediately", AfterOwnTurn = "after-own-turn" }) = Immediately,
        "when the bare-king rule applies";
    // Heian Ryu's extra turn and demotion.
    extra_turn_after ExtraTurnAfter "extra-turn.after": choice(ExtraTurnAfter { None = "none", DropInFirstZone = "drop-in-first-zone" }) = None,
        "what earns an extra turn";
    extra_turn_optional ExtraTurnOptional "extra-turn.optional": bool() = true,
        "may the extra turn be declined";
    extra_turn_uses ExtraTurnUses "extra-turn.uses": choice(ExtraTurnUses { Any = "any", Drop = "drop" }) = Any,
        "what the extra turn may be used for";
    extra_turn_max_consecutive ExtraTurnMaxConsecutive "extra-turn.max-consecutive": int(1, 9) = 2,
        "turns in a row one player may take";
    extra_turn_legality ExtraTurnLegality "extra-turn.legality": choice(ExtraTurnLegality { EndOfTurn = "end-of-turn", EachAction = "each-action" }) = EachAction,
        "when self-check is judged in a double turn";
    extra_turn_check ExtraTurnCheck "extra-turn.check": choice(ExtraTurnCheck {
        /// The extra turn is an ordinary turn that may not capture a royal.
        Ignored = "ignored",
        /// The dropper wins at once.
        Wins = "wins",
        /// The drop earns no extra turn.
        ForfeitsExtraTurn = "forfeits-extra-turn",
    }) = Ignored,
        "what check given by the first action means";
    demotion_on DemotionOn "demotion.on": choice(DemotionOn { None = "none", EnterFirstZone = "enter-first-zone", EnterFirstZoneNonCapture = "enter-first-zone-non-capture" }) = None,
        "when a promoted piece is demoted";
    demotion_repromote DemotionRepromote "demotion.repromote": choice(DemotionRepromote { Forced = "forced", Optional = "optional" }) = Forced,
        "may a demoted piece promote again";
    // Zone-dependent moves (Ryu).
    zone_moves_by ZoneMovesBy "zone-moves.by": choice(ZoneMovesBy { Destination = "destination", Origin = "origin" }) = Origin,
        "which square's zone decides a move";
    zone_moves_promoted ZoneMovesPromoted "zone-moves.promoted": choice(ZoneMovesPromoted { OwnMove = "own-move", ThirdZone = "third-zone" }) = OwnMove,
        "what promoted pieces move like";
    zone_moves_frame ZoneMovesFrame "zone-moves.frame": choice(ZoneMovesFrame { Player = "player", Board = "board" }) = Player,
        "are left and right the player's or the board's";
    // The Lion-trading rules of Chu Shogi (specs/chu.toml).
    lion_trade_lions LionTradeLions "lion-trade.lions": pieces() = empty,
        "the pieces the Lion-trading rules call Lions (empty: the game has no Lion-trading rules)";
    lion_trade_distant_protected LionTradeDistantProtected "lion-trade.distant-protected": choice(LionTradeDistantProtected { Allowed = "allowed", Banned = "banned" }) = Allowed,
        "may a Lion capture an enemy Lion that is not adjacent to the Lion's start square and that the enemy protects (judged with the capture made: could the enemy then capture on that square)";
    lion_trade_protectors LionTradeProtectors "lion-trade.protectors": choice(LionTradeProtectors { LeftAfterTheMove = "left-after-the-move", TakenPiecesToo = "taken-pieces-too" }) = LeftAfterTheMove,
        "which pieces protect a distant Lion: those left once the move is made, or also a piece the Lion takes on its way, as it stood (lishogi)";
    lion_trade_bridge LionTradeBridge "lion-trade.bridge": choice(Bridge { None = "none", AnyCapture = "any-capture", AnyButListed = "any-but-listed" }) = None,
        "the bridge capture: does another capture in the same move lift the distant-protected ban (any-but-listed: a capture of a piece not in lion-trade.bridge-excluded)";
    lion_trade_bridge_excluded LionTradeBridgeExcluded "lion-trade.bridge-excluded": pieces() = empty,
        "pieces whose capture does not make a bridge (lion-trade.bridge = any-but-listed)";
    lion_trade_counter_strike LionTradeCounterStrike "lion-trade.counter-strike": choice(LionTradeCounterStrike { None = "none", NoNonLionCapture = "no-non-lion-capture" }) = None,
        "after a non-Lion captures a Lion, may the opponent's next move capture a Lion with a non-Lion (no-non-lion-capture: it may not)";
    lion_trade_counter_strike_same_square LionTradeCounterStrikeSameSquare "lion-trade.counter-strike-same-square": choice(LionTradeCounterStrikeSameSquare { Banned = "banned", Allowed = "allowed" }) = Banned,
        "under the counter-strike ban, may a non-Lion still capture a Lion on the square where the Lion was just taken (the capturer, if it promoted to a Lion there)";
    // Additions for one document go below, in a block headed by the spec's id.
    // shogi/xiangqi:
    end_impasse_declaration EndImpasseDeclaration "end.impasse-declaration": choice(EndImpasseDeclaration { None = "none", KingInZone = "king-in-zone" }) = None,
        "impasse by declaration (in place of end.impasse-trigger): the player to move, not in check, with the king in the promotion zone, declares; the declarer wins if the conditions hold, else loses";
    end_impasse_squares EndImpasseSquares "end.impasse-squares": choice(EndImpasseSquares { Anywhere = "anywhere", PromotionZone = "promotion-zone" }) = Anywhere,
        "where a board piece must stand to count toward impasse points";
    end_impasse_min_pieces EndImpasseMinPieces "end.impasse-min-pieces": int(0, 99) = 0,
        "pieces besides the king a declarer must have in the promotion zone";
    end_impasse_threshold_second EndImpasseThresholdSecond "end.impasse-threshold-second": int(0, 999) = (same_as EndImpasseThreshold),
        "points the second player needs, where it differs from end.impasse-threshold (then the first player's)";
    end_perpetual_chase EndPerpetualChase "end.perpetual-chase": choice(EndPerpetualChase { None = "none", ChaserLoses = "chaser-loses" }) = None,
        "the perpetual chase rule (Xiangqi): a player whose every move in a repetition chases the same piece must vary or loses";
    // shoogantshii:
    drops_palace_only_zone DropsPalaceOnlyZone "drops.palace-only-zone": zone() = none,
        "the zone the drops.palace-only pieces may be dropped into (the whole palace, or only the points of it their move uses)";
    // hook:
    promotion_deva_targets PromotionDevaTargets "promotion.deva-targets": pieces() = empty,
        "pieces whose capture, or the capture of their promoted form, promotes the capturer to their promoted form (the Deva/Dark Spirit rule)";
    promotion_deva_exempt PromotionDevaExempt "promotion.deva-exempt": pieces() = empty,
        "pieces the Deva/Dark Spirit rule leaves alone: they take their own promotion, or stay as they are if it is taken";

}

impl Rule {
    /// The rule setting at spec path `path` (`rules.skip.limit`); None for any other path.
    pub(crate) fn from_spec_path(path: &str) -> Option<Rule> {
        path.strip_prefix("rules.").and_then(Rule::from_path)
    }

    /// The spec path of rule path or table `path` (`rules.drops` for `drops`): for a key read
    /// from a spec's `[rules]`, which is a catalogue path or a table of them.
    pub(crate) fn spec_path_of(path: &str) -> String {
        format!("rules.{path}")
    }

    /// The spec path of the `[rules.xbetza]` table, the XBetza readings: code that compares
    /// the readings as a whole names them by it.
    pub(crate) fn xbetza_table() -> &'static str {
        Rule::XbetzaYScope.table_spec_path()
    }

    /// Does the setting say only how a game ends (`rules.end.*`), not which moves are legal?
    pub(crate) fn ends_games(self) -> bool {
        self.path().starts_with("end.")
    }
}
