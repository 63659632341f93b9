//! The settings under a piece's `ability` table, each declared once (src/spec/declare.rs): the
//! catalogue `ABILITIES`, the identities `Ability`, an enum per choice setting and the typed
//! `AbilitySettings`.

crate::spec::declare::declare_settings! {
    /// Settings under a piece's `ability` table.
    catalogue ABILITIES;
    /// A setting under a piece's `ability` table, by identity: `Ability::BurnMax.path()` is
    /// `burn.max`.
    identity Ability, prefix "ability.";
    /// One piece's abilities as the game means them: the stated value, else the declared default.
    values AbilitySettings;
    burn_max BurnMax "burn.max": int(0, 8) = 0,
        "how many adjacent pieces the piece burns after moving";
    burn_targets BurnTargets "burn.targets": choice(BurnTargets { Enemy = "enemy", Any = "any", AnyButOwnRoyals = "any-but-own-royals" }) = Enemy,
        "which pieces it may burn (and take by igui): enemies, any, or any but its own royals";
    burn_immune BurnImmune "burn.immune": pieces() = empty,
        "pieces that are never burned";
    burn_optional BurnOptional "burn.optional": bool() = true,
        "is burning the player's choice";
    burn_passive BurnPassive "burn.passive": bool() = false,
        "does it burn on the opponent's turn (Tenjiku)";
    burn_after_area_move BurnAfterAreaMove "burn.after-area-move": choice(BurnAfterAreaMove { Always = "always", Never = "never", NonCapturing = "non-capturing" }) = Always,
        "does it burn after an area move";
    burn_after_igui BurnAfterIgui "burn.after-igui": bool() = false,
        "does it burn after capturing without moving";
    burn_arrival_capture BurnArrivalCapture "burn.arrival-capture": choice(BurnArrivalCapture { Counted = "counted", Extra = "extra" }) = Extra,
        "does the capture on arrival count toward the burns";
    burn_immunity_covers BurnImmunityCovers "burn.immunity-covers": choice(BurnImmunityCovers { BurnOnly = "burn-only", BurnAndIgui = "burn-and-igui" }) = BurnOnly,
        "does burn immunity also stop igui captures";
    area_move_steps AreaMoveSteps "area-move.steps": int(1, 9) = (unset "no area move: the XBetza string states the move"),
        "King steps in an area move";
    area_move_stop_at_capture AreaMoveStopAtCapture "area-move.stop-at-capture": bool() = (unset "no area move: the XBetza string states the move"),
        "does an area move end at its first capture";
    igui_max IguiMax "igui.max": int(1, 9) = 9,
        "captures without moving in one turn";
    freeze_range FreezeRange "freeze.range": choice(FreezeRange { Adjacent = "adjacent", Board = "board" }) = Adjacent,
        "which enemy pieces it freezes";
    freeze_targets FreezeTargets "freeze.targets": choice(FreezeTargets { Enemy = "enemy", Any = "any" }) = Enemy,
        "whose pieces it freezes";
    freeze_blocks FreezeBlocks "freeze.blocks": choice(FreezeBlocks { AllMoves = "all-moves", MovesLeavingSquare = "moves-leaving-square" }) = AllMoves,
        "what a frozen piece cannot do: anything, or anything but capturing without moving (igui; a pass stays forbidden)";
    freeze_timing FreezeTiming "freeze.timing": choice(FreezeTiming { StartOfTurn = "start-of-turn", AlsoMidMove = "also-mid-move" }) = StartOfTurn,
        "when freezing is judged";
    freeze_immune FreezeImmune "freeze.immune": pieces() = empty,
        "pieces it cannot freeze";
    jump_max_jumped JumpMaxJumped "jump.max-jumped": int(0, 9) = 9,
        "how many pieces one jump may pass over";
    jump_rank_limit JumpRankLimit "jump.rank-limit": choice(JumpRankLimit { None = "none", JumpOnly = "jump-only", JumpAndCapture = "jump-and-capture" }) = None,
        "does the jump rank limit jumping (and capturing)";
    jump_capture_jumped JumpCaptureJumped "jump.capture-jumped": bool() = true,
        "may it capture the enemy pieces it jumps";
    jump_capture_jumped_royals JumpCaptureJumpedRoyals "jump.capture-jumped-royals": bool() = true,
        "may it capture jumped royals";
    jump_landing JumpLanding "jump.landing": choice(JumpLanding { Capture = "capture", CaptureOrEmpty = "capture-or-empty", AfterAnyCapture = "after-any-capture" }) = CaptureOrEmpty,
        "where a jump may end: only on a capture; anywhere the XBetza lets it (empty squares too); on an empty square only if the move captured a jumped piece";
    jump_capture_targets JumpCaptureTargets "jump.capture-targets": choice(JumpCaptureTargets { Any = "any", LowerRank = "lower-rank" }) = Any,
        "which pieces it may capture by moving";
    protected_royal_ban_scope ProtectedRoyalBanScope "protected-royal-ban.scope": choice(ProtectedRoyalBanScope { AllRoyals = "all-royals", EmperorOnly = "emperor-only" }) = AllRoyals,
        "which royals may not be captured while protected";
    protected_royal_ban_measured ProtectedRoyalBanMeasured "protected-royal-ban.measured": choice(ProtectedRoyalBanMeasured { BeforeCapture = "before-capture", AfterCapture = "after-capture" }) = AfterCapture,
        "when protection is judged";
    confine Confine "confine": zone() = none,
        "the zone the piece may never leave (a palace; the Xiangqi elephant's own half)";
    flying_capture FlyingCapture "flying-capture": choice(FlyingCapture {
        None = "none",
        /// The royal moves to the other's square (xiangqi's flying general).
        Move = "move",
        /// The royal captures without moving.
        Shoot = "shoot",
    }) = None,
        "capture of the enemy king along an open file";
    cannon_screens CannonScreens "cannon.screens": choice(CannonScreens { Any = "any", NonCannon = "non-cannon" }) = Any,
        "which pieces may serve as a screen";
    zone_moves ZoneMoves "zone-moves": betza() = empty,
        "the move in each zone (zone id = XBETZA)";
    pass Pass "pass": bool() = false,
        "may the piece pass (skip the turn) in place";
    // Additions for one document go below, in a block headed by the spec's id.
    // suzumu:
    burn_return_to_start BurnReturnToStart "burn.return-to-start": choice(BurnReturnToStart { Igui = "igui", Burn = "burn" }) = Igui,
        "are captures of pieces next to the start square after an area move back to it igui (burn immunity does not apply) or a burn";
    jump_capture_jumped_rank JumpCaptureJumpedRank "jump.capture-jumped-rank": choice(JumpCaptureJumpedRank { LowerOnly = "lower-only", Any = "any" }) = Any,
        "may it jump and capture an enemy its rank would not let it jump (a non-royal of equal or higher rank; royals: jump.capture-jumped-royals)";

}

impl Ability {
    /// The path in a spec of this ability of piece `piece`: `piece.FD.ability.burn.max`.
    pub(crate) fn piece_path(self, piece: &str) -> String {
        format!("piece.{piece}.{}", self.spec_path())
    }

    /// The path in a spec of the table of piece `piece`'s abilities this one is in:
    /// `piece.FD.ability.burn` for `burn.max`.
    pub(crate) fn table_path(self, piece: &str) -> String {
        Ability::piece_path_of(piece, self.table())
    }

    /// The path in a spec of ability path or table `path` of piece `piece`, as a spec names it
    /// (`piece.FD.ability.burn` for `burn`).
    pub(crate) fn piece_path_of(piece: &str, path: &str) -> String {
        format!("piece.{piece}.ability.{path}")
    }

    /// The ability a spec path names, of any piece or group (`piece.FD.ability.burn.max`,
    /// `group.demons.ability.burn.max`); None for any other path.
    pub(crate) fn from_spec_path(path: &str) -> Option<Ability> {
        Ability::below_prefix(path).and_then(Ability::from_path)
    }

    /// The piece whose ability (or ability table) spec path `path` names: `FD` for
    /// `piece.FD.ability.burn.max`; None for a group's, or any other path.
    pub(crate) fn holder(path: &str) -> Option<&str> {
        let (owner, _) = path.split_once(".ability.")?;
        owner.strip_prefix("piece.").filter(|id| !id.contains('.'))
    }
}
