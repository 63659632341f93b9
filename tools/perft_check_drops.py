#!/usr/bin/env python3
"""A second, independent perft for the drop games Shoogantshii, Ryu Shogi and Heian Ryu Shogi.

Plain Python 3.11 (standard library only). Written from the rule documents in ../shared/seeds/
(003 Shoogantshii; 004 Ryu Shogi, whose last section is Heian Ryu Shogi): every piece is a
hand-written list of steps, slides, leaps and cannon captures taken from the prose, and every rule
(palaces, the facing Kings' shot, promotion, drops and their restrictions, pawn-drop mate, the
zone-dependent moves of Ryu, Heian's extra turn and demotion, shogi's check rule for Ryu) is a
small function written from the document's words. It does NOT use or translate kensho's engine
(src/engine, src/xbetza). The style model is tools/perft_check.py.

Read from the crate: only the `[board]` size, the `[zone.*]` squares/ranks and the `[setup]`
squares of specs/shoogantshii.toml and specs/ryu.toml (Heian Ryu Shogi `extends = "ryu"`; the
second player's army is the first player's rotated 180 degrees, `second_player = "rotate-180"`).
Where a document is open the spec's DEFAULT reading is played; the reading is named at the place
it matters (`reading <id> = <option>`).

Perft conventions (docs/engine.md "Conventions the documents leave to the engine"): leaf nodes are
counted, each move once per identity; a move that captures a King (Shoogantshii) ends the game and
has no moves below it, nor has a move after which a Heian player is left with a bare King and
an empty hand (rule 3, reading bare-king-loss = immediate); repetition and impasse do not cut the
tree.

Where this script and kensho's perft were found to differ (by --compare, kensho at commit bdaeb55),
all three since settled in kensho's favour of the document (kensho fe7aaa2..):
  - Shoogantshii: a Pawn drop that is the springboard (the screen) of a Cannon's or Fóðētu's
    capture of the enemy King, after which every reply leaves that King capturable, is banned
    whether or not the King already stood attacked before the drop ("not even as the
    springboard for a Cannon or Fóðētu"); kensho allowed it when the King was already attacked.
  - Heian: a first-zone drop that earns the extra turn and gives check "wins at once" (reading
    extra-turn-check = check-is-mate); no moves below it, as below a royal capture (kensho's
    perft went on with the extra turn). And such a drop made with a Pawn wins the game by a
    Pawn drop, which shogi's rule against mate by a Pawn drop (rule 0) forbids. --kensho-heian
    switches both to the old kensho choices.

Move text as kensho prints it: `P a3-a4`, `C g2xg7+` (capture, promotion), `P*e5` (drop),
`K e1-e1 x e9` (the facing King's shot: the King stays and captures at a distance),
`+LW c6-c3=LW` (Heian demotion), `decline` (Heian: the extra turn declined).

Usage (from the crate root):
  python3 tools/perft_check_drops.py shoogantshii 3                perft 3 of the start position
  python3 tools/perft_check_drops.py ryu 3 --divide                 one line `<move> <nodes>` per root move
  python3 tools/perft_check_drops.py heian-ryu 2 --divide --position 'POSITION'
  python3 tools/perft_check_drops.py ryu 3 --compare                divide against kensho's (needs
                                                                    target/release/kensho, built with
                                                                    `cargo build --release`)
  python3 tools/perft_check_drops.py ryu 2 --compare --random 100 --seed 1 --max-plies 60
        the final positions of 100 random games of kensho (`kensho play`), each compared at depth 2
  python3 tools/perft_check_drops.py shoogantshii 1 --show-start    the start position string
  python3 tools/perft_check_drops.py heian-ryu 2 --compare --kensho-heian --position 'POSITION'
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KENSHO = os.path.join(ROOT, "target", "release", "kensho")

# ---------------------------------------------------------------------------------------------
# Directions as the FIRST player sees them: (files, ranks); forward = toward higher ranks, left =
# toward file a (the first player sits at rank 1). The second player's pieces use the same vectors
# rotated 180 degrees, so "forward", "left" and "right" are always the owner's. They and the
# setup-square syntax are shared with tools/perft_check.py (they read nothing of any game's rules).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from perft_check import ALL8, B, BL, BR, DIAG, F, FL, FR, KNIGHT, L, ORTH, R, parse_squares  # noqa: E402,F401


# Move components: (kind, vectors, mode). mode "mc" = move or capture, "m" = move only (no
# capture), "c" = capture only.
def jump(vecs, mode="mc"):
    """To the square at each vector, whatever stands between (steps are one-square jumps)."""
    return ("jump", tuple(vecs), mode)


def slide(dirs, mode="mc"):
    """Any number of empty squares along each direction; with "mc" it may end capturing."""
    return ("slide", tuple(dirs), mode)


def gun(dirs):
    """Cannon capture: along each direction over exactly one piece (friend or foe, any distance
    before and after it) onto the first piece beyond it, which must be an enemy."""
    return ("gun", tuple(dirs), "c")


# ---------------------------------------------------------------------------------------------
# Shoogantshii (document 003). Piece letters are the document's.
SHOOG_PIECES = {
    # "K is for the King, which steps one square in any direction but is confined to the Palace"
    "K": [jump(ALL8)],
    # "A is for Advisor which steps one square diagonally ... is confined to the Palace."
    "A": [jump(DIAG)],
    # "G is for the General, which steps one square in any direction diagonally or one square
    # directly forward, like the Silver General" -- "Unlike the Silver, it does not promote."
    # (reading general-promotion = never)
    "G": [jump(DIAG + [F])],
    # "N is for Horse, which leaps two squares forward and one to the side, like in Shogi."
    # (reading horse-leap = leaper) "the promoted version moves as a Knight in Chess."
    "N": [jump([(-1, 2), (1, 2)])],
    "+N": [jump(KNIGHT)],
    # "L is for Lance, which moves any number of unobstructed squares forward. After promotion, it
    # moves any number of squares backward or forward, or else one square horizontally."
    "L": [slide([F])],
    "+L": [slide([F, B]), jump([L, R])],
    # "B ... any number of squares diagonally. Promotion adds ... step one space orthogonally."
    "B": [slide(DIAG)],
    "+B": [slide(DIAG), jump(ORTH)],
    # "R ... any number of squares orthogonally. Promotion adds ... step one space diagonally."
    "R": [slide(ORTH)],
    "+R": [slide(ORTH), jump(DIAG)],
    # "C is for Cannon, which moves any number of squares orthogonally, without capturing, or else
    # captures orthogonally after leaping over exactly one piece, friend or foe. Promotion adds the
    # ability to step one square diagonally as long as it does not capture."
    # (reading cannon-screen = xiangqi-screen; screen-piece-step = step-without-capture)
    "C": [slide(ORTH, "m"), gun(ORTH)],
    "+C": [slide(ORTH, "m"), gun(ORTH), jump(DIAG, "m")],
    # "F is for Fóðētu ... moves any number of squares diagonally, without capturing, or else
    # captures diagonally after leaping over exactly one piece, friend or foe. Promotion adds the
    # ability to step one square orthogonally as long as it does not capture."
    "F": [slide(DIAG, "m"), gun(DIAG)],
    "+F": [slide(DIAG, "m"), gun(DIAG), jump(ORTH, "m")],
    # "P is for Pawn, which steps exactly one square forward. When it promotes, it steps one square
    # in any orthogonal direction or one square diagonally forward."
    "P": [jump([F])],
    "+P": [jump(ORTH + [FL, FR])],
}
SHOOG_PROMOTES = {"N": "+N", "L": "+L", "B": "+B", "R": "+R", "C": "+C", "F": "+F", "P": "+P"}
SHOOG_CONFINED = {"K", "A"}          # reading palace-pieces = king-advisor
SHOOG_GUNS = {"C", "+C", "F", "+F"}
# "Unpromoted Pawns and Lances must promote if and when they reach the ninth, and unpromoted
# Horses must promote on the eighth or ninth."
SHOOG_FORCED = {"P": {9}, "L": {9}, "N": {8, 9}}
# Drop rule 7, "No Horse may be dropped on the eighth rank, and Pawn, Horse, or Lance may be
# dropped on the ninth": reading drop-ninth-rank = may-not (with barricade = empty-board-mobility,
# which for this piece set bans exactly these squares).
SHOOG_DROP_BAN = {"N": {8, 9}, "P": {9}, "L": {9}}


# ---------------------------------------------------------------------------------------------
# Ryu Shogi (document 004). Zone-dependent moves, each from the paragraph "While in the first
# zone ... While in the second zone, they may move any distance in these ... directions. While in
# the third zone, they are granted the additional movement powers of a King."
def zoned(dirs):
    """First zone: one step in `dirs`; second: slides in `dirs`; third: slides plus a King step
    (reading third-zone-powers = second-plus-king); fourth (an unpromoted piece never stands
    there: promotion is forced; reading fourth-zone-unpromoted = third-zone-move): as the third."""
    third = [slide(dirs), jump(ALL8)]
    return {1: [jump(dirs)], 2: [slide(dirs)], 3: third, 4: third}


RYU_BASE = {
    # "The Pawns move as their normal Shogi counterparts while in the first zone. While in the
    # second zone, they may also move diagonally forward [one step: reading pawn-second-zone =
    # one-step]. While in the third zone, they have the move of a first-zone Gold General."
    "P": {1: [jump([F])], 2: [jump([F, FL, FR])], 3: [jump(ORTH + [FL, FR])],
          4: [jump(ORTH + [FL, FR])]},
    # "The Bishops may move as a Ferz while in the first zone ... standard Bishop ... King"
    "B": zoned(DIAG),
    # "The Rooks may move as a Wazir while in the first zone ... standard Rook ... King"
    "R": zoned(ORTH),
    # "Left Warriors ... one space either to the left, directly forward or backward, or diagonally
    # forward or backward to the right." (reading warrior-sides = owner-relative)
    "LW": zoned([L, F, B, FR, BR]),
    "RW": zoned([R, F, B, FL, BL]),
    # "Center Warriors ... one space diagonally forward, one space to the left or right, or one
    # space backwards." (reading center-warrior-back = straight-back: "these five directions")
    "CW": zoned([FL, FR, L, R, B]),
    # "Copper Generals ... one space forward, backward, or diagonally forward"
    "C": zoned([F, B, FL, FR]),
    # "Silver Generals ... one space diagonally, or one space directly forward"
    "S": zoned(DIAG + [F]),
    # "Gold Generals ... one space orthogonally, or one space diagonally forward"
    "G": zoned(ORTH + [FL, FR]),
    # "The King may move one space in any direction, regardless of which zone it is in."
    "K": {z: [jump(ALL8)] for z in (1, 2, 3, 4)},
}
# "As a general rule, the promoted forms of pieces retain the movement powers of their third-zone
# unpromoted counterparts." (reading promoted-moves = third-zone-everywhere)
RYU_PIECES = dict(RYU_BASE)
for _pid in [p for p in RYU_BASE if p != "K"]:
    RYU_PIECES["+" + _pid] = {z: RYU_BASE[_pid][3] for z in (1, 2, 3, 4)}
RYU_PROMOTES = {p: "+" + p for p in RYU_BASE if p != "K"}   # "The King does not promote."


class Game:
    def __init__(self, gid):
        self.id = gid
        self.ryu = gid in ("ryu", "heian-ryu")
        self.heian = gid == "heian-ryu"
        # Switches that play kensho's choices where this script reads the document otherwise
        # (--kensho-heian; see main): no cut below a checking first-zone drop, and such a drop
        # allowed for a Pawn.
        self.kensho_no_cut = False
        self.kensho_pawn_win = False
        spec = tomllib.load(open(os.path.join(ROOT, "specs", ("ryu" if self.ryu else gid) + ".toml"), "rb"))
        self.files = W = spec["board"]["files"]
        self.ranks = H = spec["board"]["ranks"]
        assert spec["board"]["second_player"] == "rotate-180"
        self.setup = {pid: parse_squares(t) for pid, t in spec["setup"].items()}
        n = W * H
        # own_rank[player][s]: the rank (1-based) as that player counts it.
        self.own_rank = [[s // W + 1 for s in range(n)], [H - s // W for s in range(n)]]
        if self.ryu:
            self.pieces = RYU_PIECES
            self.promotes = RYU_PROMOTES
            # "The board is further divided into four sections (zones) of 21 spaces ... your First
            # zone is his Fourth zone" (reading board-orientation = 7-files-12-ranks)
            zr = {}
            for z, key in enumerate(["first", "second", "third", "fourth"], 1):
                for rk in spec["zone"][key]["ranks"]:
                    zr[rk] = z
            self.zone = [[zr[self.own_rank[p][s]] for s in range(n)] for p in (0, 1)]
        else:
            self.pieces = SHOOG_PIECES
            self.promotes = SHOOG_PROMOTES
            self.promo_ranks = set(spec["zone"]["promotion"]["ranks"])
            pal = {self.sq(f, r) for (f, r) in parse_squares(spec["zone"]["palace"]["squares"])}
            self.palace = [pal, {n - 1 - s for s in pal}]    # rotated for the second player
        self.base = {pid: pid.lstrip("+") for pid in self.pieces}
        # Components oriented per player (the second player's vectors rotated 180 degrees).
        def orient(comps, p):
            if p == 0:
                return comps
            return [(k, tuple((-a, -b) for (a, b) in v), m) for (k, v, m) in comps]
        if self.ryu:
            self.comps = [{pid: {z: orient(c, p) for z, c in zs.items()} for pid, zs in self.pieces.items()}
                          for p in (0, 1)]
        else:
            self.comps = [{pid: orient(c, p) for pid, c in self.pieces.items()} for p in (0, 1)]

    def sq(self, f, r):
        return r * self.files + f

    def name(self, s):
        return "abcdefghijklmnopqrstuvwxyz"[s % self.files] + str(s // self.files + 1)

    def piece_comps(self, player, pid, s):
        if self.ryu:
            return self.comps[player][pid][self.zone[player][s]]
        return self.comps[player][pid]

    def start(self):
        n = self.files * self.ranks
        bd = [None] * n
        for pid, squares in self.setup.items():
            for (f, r) in squares:
                s = self.sq(f, r)
                assert bd[s] is None and bd[n - 1 - s] is None
                bd[s] = (0, pid)
                bd[n - 1 - s] = (1, pid)
        return Pos(bd, 0, ({}, {}), False)


class Pos:
    __slots__ = ("bd", "side", "hands", "extra")

    def __init__(self, bd, side, hands, extra):
        self.bd = bd            # list: None or (player, piece id)
        self.side = side        # 0 = first player (b), 1 = second (w)
        self.hands = hands      # ({id: count}, {id: count})
        self.extra = extra      # Heian: the side to move is playing its extra turn


# ---------------------------------------------------------------------------------------------
# Move generation. Moves: ("m", from, to, new id or None) board move; ("s", from, to) the facing
# King's shot; ("d", id, to) drop; ("x",) Heian decline.

def targets(g, bd, s, player, pid):
    """{destination: captures?} of the piece at s (pseudo-legal)."""
    W, H = g.files, g.ranks
    f0, r0 = s % W, s // W
    out = {}
    for kind, vecs, mode in g.piece_comps(player, pid, s):
        if kind in ("jump", "slide"):
            # A jump (leap or step) is one step of a slide that goes no further.
            for df, dr in vecs:
                f, r = f0 + df, r0 + dr
                while 0 <= f < W and 0 <= r < H:
                    t = r * W + f
                    o = bd[t]
                    if o is None:
                        if mode != "c":
                            out[t] = False
                    else:
                        if o[0] != player and mode != "m":
                            out[t] = True
                        break
                    if kind == "jump":
                        break
                    f += df
                    r += dr
        else:   # gun
            for df, dr in vecs:
                f, r = f0 + df, r0 + dr
                screened = False
                while 0 <= f < W and 0 <= r < H:
                    t = r * W + f
                    o = bd[t]
                    if o is not None:
                        if screened:
                            if o[0] != player:
                                out[t] = True
                            break
                        screened = True
                    f += df
                    r += dr
    if not g.ryu and pid in SHOOG_CONFINED:
        pal = g.palace[player]
        out = {t: c for t, c in out.items() if t in pal}
    return out


def attacks(g, bd, s, player, pid, k):
    """Does the piece at s capture on k (k holding an enemy piece) with one of its moves?"""
    if not g.ryu and pid in SHOOG_CONFINED and k not in g.palace[player]:
        return False
    W = g.files
    df = k % W - s % W
    dr = k // W - s // W
    if df == 0 and dr == 0:
        return False
    for kind, vecs, mode in g.piece_comps(player, pid, s):
        if mode == "m":
            continue
        if kind == "jump":
            if (df, dr) in vecs:
                return True
            continue
        n = max(abs(df), abs(dr))
        if (df and abs(df) != n) or (dr and abs(dr) != n):
            continue
        u = (df // n, dr // n)
        if u not in vecs:
            continue
        step = u[1] * W + u[0]
        between = sum(1 for i in range(1, n) if bd[s + i * step] is not None)
        if (kind == "slide" and between == 0) or (kind == "gun" and between == 1):
            return True
    return False


def king_sq(bd, player):
    for s, o in enumerate(bd):
        if o is not None and o[0] == player and o[1] == "K":
            return s
    return None


def facing_shot(g, bd, player):
    """Shoogantshii: "if the two Kings face each other on an otherwise open file, one King may
    shoot the other from a distance" (reading flying-king = shoot-in-place). (from, to) or None."""
    a, b = king_sq(bd, player), king_sq(bd, 1 - player)
    if a is None or b is None or a % g.files != b % g.files:
        return None
    lo, hi = min(a, b), max(a, b)
    if any(bd[t] is not None for t in range(lo + g.files, hi, g.files)):
        return None
    return (a, b)


def attacked(g, bd, k, by):
    """Can player `by` capture on k (on its move) with a board move or the King's shot?"""
    for s, o in enumerate(bd):
        if o is not None and o[0] == by and attacks(g, bd, s, by, o[1], k):
            return True
    if not g.ryu and bd[k] is not None and bd[k][1] == "K" and facing_shot(g, bd, by) is not None:
        return True
    return False


def promotion_choices(g, player, pid, s, t):
    """The ids the piece may have after moving from s to t (None = unchanged)."""
    if g.ryu:
        if pid.startswith("+"):
            # Heian rule 2: "If you move a promoted piece into your first zone, it becomes demoted
            # and is re-flipped." (reading demotion-trigger = every-entering-move; demotion-vs-retain
            # = heian-demotes). Ryu rule 3: "they retain their promotion until they are captured."
            if g.heian and g.zone[player][t] == 1:
                return [g.base[pid]]
            return [None]
        promo = g.promotes.get(pid)
        # Rules 3/4: "Pieces do not actually promote until they reach your fourth zone" /
        # "Promotion is forced upon reaching the fourth zone" (reading promotion-trigger =
        # move-ending-in-fourth; for Heian's demoted pieces reading repromote = forced).
        if promo and g.zone[player][t] == 4:
            return [promo]
        return [None]
    promo = g.promotes.get(pid)
    if not promo:
        return [None]
    rk = g.own_rank[player][t]
    # "Promotion is optional when a promotable piece has advanced to at least the seventh rank."
    # (reading promotion-trigger = ends-in-zone: the move ends on rank 7-9; a dropped piece needs
    # nothing more: reading drop-promotion = next-move-ending-in-zone)
    if rk not in g.promo_ranks:
        return [None]
    if rk in SHOOG_FORCED.get(pid, ()):
        return [promo]
    return [None, promo]


def board_moves(g, pos):
    bd, player = pos.bd, pos.side
    out = []
    for s, o in enumerate(bd):
        if o is None or o[0] != player:
            continue
        pid = o[1]
        for t in targets(g, bd, s, player, pid):
            for new in promotion_choices(g, player, pid, s, t):
                out.append(("m", s, t, new))
    if not g.ryu:
        shot = facing_shot(g, bd, player)
        if shot is not None:
            out.append(("s", shot[0], shot[1]))
    return out


def drop_candidates(g, pos):
    """Drops allowed by the square rules (pawn-drop mate and, for Ryu, check not yet judged)."""
    bd, player = pos.bd, pos.side
    hand = pos.hands[player]
    out = []
    if not any(hand.values()):
        return out
    pawn_files = {s % g.files for s, o in enumerate(bd) if o == (player, "P")}
    for pid in sorted(hand):
        if not hand[pid]:
            continue
        for t, o in enumerate(bd):
            if o is not None:      # Shoogantshii rule 4: "No piece may be dropped onto another piece"
                continue
            rk = g.own_rank[player][t]
            if g.ryu:
                # Rule 1: "Captured pieces may not be dropped in your fourth zone."
                if g.zone[player][t] == 4:
                    continue
                # Ryu: "Unlike in Shogi, you may drop a Pawn into a column already containing a
                # Pawn." Heian rule 4: "Pawns may not be dropped on a column containing a friendly
                # Pawn." (readings heian-nifu = heian-rule, heian-nifu-tokin = unpromoted-only)
                if g.heian and pid == "P" and t % g.files in pawn_files:
                    continue
            else:
                # 2. "Advisors may only be dropped within your own Palace." (reading advisor-squares
                # = any-palace-square) 3. "Non-Advisor pieces may be dropped anywhere but your
                # Palace." (reading drop-enemy-palace = own-palace-only)
                if (pid == "A") != (t in g.palace[player]):
                    continue
                # 1. "A Pawn may not be dropped into a file where you already have an unpromoted Pawn."
                if pid == "P" and t % g.files in pawn_files:
                    continue
                # 7. (reading drop-ninth-rank = may-not; barricade = empty-board-mobility)
                if rk in SHOOG_DROP_BAN.get(pid, ()):
                    continue
            out.append(("d", pid, t))
    return out


def make(g, pos, mv):
    """The position after mv (a new Pos; the side to move changes unless Heian's extra turn)."""
    player = pos.side
    if mv[0] == "x":
        return Pos(pos.bd, 1 - player, pos.hands, False)
    bd = list(pos.bd)
    hands = (dict(pos.hands[0]), dict(pos.hands[1]))
    h = hands[player]
    next_side, extra = 1 - player, False
    if mv[0] == "d":
        _, pid, t = mv
        h[pid] -= 1
        if not h[pid]:
            del h[pid]
        bd[t] = (player, pid)
        # Heian rule 1: "If you drop a captured piece in your first zone, you are entitled to
        # another turn ... Using your second turn to drop another piece into your First Zone,
        # however, does not entitle a third turn." (reading extra-turn-chain =
        # any-move-then-opponent)
        if g.heian and not pos.extra and g.zone[player][t] == 1:
            next_side, extra = player, True
    elif mv[0] == "s":
        _, s, t = mv
        bd[t] = None         # the King shot stays where it is
    else:
        _, s, t, new = mv
        o = bd[t]
        if o is not None:
            # "Captured pieces are retained in hand" (unpromoted: "A piece may not be dropped
            # promoted"; Ryu by shogi's rule 0; reading shogi-drops = shogi-drops)
            b = g.base[o[1]]
            h[b] = h.get(b, 0) + 1
        pid = bd[s][1]
        bd[s] = None
        bd[t] = (player, new or pid)
    return Pos(bd, next_side, hands, extra)


def captures_king(pos, mv):
    if mv[0] == "s":
        return True
    return mv[0] == "m" and pos.bd[mv[2]] is not None and pos.bd[mv[2]][1] == "K"


# ---- Shoogantshii: every pseudo-legal move is legal ---------------------------------------------
# "It may move into check but unless the other player doesn't notice, this gets you Captured."
# (reading move-into-check = all-legal). Only drop rule 6 needs a look ahead.

def shoog_pawn_check(g, bd, t, player, k):
    """After a Pawn drop on t: does the dropped Pawn attack the enemy King on k, or one of the
    dropper's Cannons / Fóðētus over it as the screen? (reading pawn-drop-screen =
    own-gun-enemy-king)"""
    if attacks(g, bd, t, player, "P", k):
        return True
    W = g.files
    for s, o in enumerate(bd):
        if o is None or o[0] != player or o[1] not in SHOOG_GUNS:
            continue
        if attacks(g, bd, s, player, o[1], k):
            # the one screen lies between s and k: is it the Pawn?
            df, dr = k % W - s % W, k // W - s // W
            n = max(abs(df), abs(dr))
            step = (dr // n) * W + df // n
            if any(s + i * step == t for i in range(1, n)):
                return True
    return False


def shoog_pawn_mate(g, pos, t):
    """Drop rule 6: "No Pawn may be dropped so as to doom the King to being Captured on the
    following move, not even as the springboard for a Cannon or Fóðētu." (reading pawn-drop-mate
    = mate): the Pawn (or the dropper's gun over it) attacks the enemy King, and every reply of
    the opponent leaves his King capturable on the dropper's next move, none of them capturing the
    dropper's King first."""
    player = pos.side
    opp = 1 - player
    child = make(g, pos, ("d", "P", t))
    k = king_sq(child.bd, opp)
    if k is None or not shoog_pawn_check(g, child.bd, t, player, k):
        return False
    for rep in board_moves(g, child) + drop_candidates(g, child):
        if captures_king(child, rep):
            return False        # "wins first" by capturing the dropper's King: an escape
        after = make(g, child, rep)
        k2 = king_sq(after.bd, opp)
        if not attacked(g, after.bd, k2, player):
            # an escape, if the reply itself is legal (a Pawn drop reply under rule 6 too)
            if rep[0] == "d" and rep[1] == "P" and shoog_pawn_mate(g, child, rep[2]):
                continue
            return False
    return True


# ---- Ryu: shogi's check rule --------------------------------------------------------------------
# Rule 0 "all rules are the same as standard Shogi" and "You win by checkmating the enemy king":
# no move may leave one's own King attacked (reading shogi-legality = shogi).

def in_check(g, bd, player):
    k = king_sq(bd, player)
    return k is not None and attacked(g, bd, k, 1 - player)


def ryu_safe(g, pos, mv):
    after = make(g, pos, mv)
    return not in_check(g, after.bd, pos.side), after


def heian_drop_wins(g, pos, mv, after):
    """Heian: a first-zone drop that earns the extra turn and gives check wins at once (reading
    extra-turn-check = check-is-mate: "the King could be taken on the extra turn")."""
    return (g.heian and mv[0] == "d" and after.side == pos.side and after.extra
            and in_check(g, after.bd, 1 - pos.side))


def ryu_pawn_mate(g, pos, mv, after):
    """Shogi's ban on mate by a Pawn drop, imported by rule 0 (reading shogi-pawn-drop-mate =
    banned): the drop gives check and the opponent has no legal reply. A Heian first-zone Pawn drop
    that gives check wins at once (check-is-mate), so it is a mate by a Pawn drop and banned too."""
    opp = 1 - pos.side
    if not in_check(g, after.bd, opp):
        return False
    if heian_drop_wins(g, pos, mv, after):
        return not g.kensho_pawn_win
    return not has_legal_move(g, after)


def has_legal_move(g, pos):
    for mv in board_moves(g, pos):
        if ryu_safe(g, pos, mv)[0]:
            return True
    for mv in drop_candidates(g, pos):
        ok, after = ryu_safe(g, pos, mv)
        if ok and not (mv[1] == "P" and ryu_pawn_mate(g, pos, mv, after)):
            return True
    return bool(g.heian and pos.extra)      # "decline"


def legal_moves(g, pos):
    if not g.ryu:
        moves = board_moves(g, pos)
        for mv in drop_candidates(g, pos):
            if mv[1] == "P" and shoog_pawn_mate(g, pos, mv[2]):
                continue
            moves.append(mv)
        return moves
    moves = []
    for mv in board_moves(g, pos):
        if ryu_safe(g, pos, mv)[0]:
            moves.append(mv)
    checked = in_check(g, pos.bd, pos.side)
    for mv in drop_candidates(g, pos):
        after = None
        if checked:       # a drop only adds a piece: it cannot expose one's own King
            ok, after = ryu_safe(g, pos, mv)
            if not ok:
                continue
        if mv[1] == "P":
            after = after or make(g, pos, mv)
            if ryu_pawn_mate(g, pos, mv, after):
                continue
        moves.append(mv)
    # Heian rule 1: the extra turn "may be declined if you deem it necessary" (reading
    # extra-turn-optional = optional-pass); each action must be legal on its own (reading
    # extra-turn-self-check = each-turn-legal).
    if g.heian and pos.extra:
        moves.append(("x",))
    return moves


def bare_king(child, player):
    """Heian rule 3: "Bare King is a loss, unless you have some pieces in hand" (reading
    bare-king-loss = immediate: the King alone on the board, an empty hand, loses at once)."""
    alone = all(m is None or m[0] != player or m[1] == "K" for m in child.bd)
    return alone and not any(child.hands[player].values())


def ends_game(g, pos, mv, child):
    """No moves below a move that decides the game by itself: a King captured (Shoogantshii:
    "The game ends when one King is Captured"), Heian's checking first-zone drop
    (check-is-mate), Heian's bare King (either player, after the move)."""
    if not g.ryu:
        return captures_king(pos, mv)
    if g.heian and (bare_king(child, 0) or bare_king(child, 1)):
        return True
    return heian_drop_wins(g, pos, mv, child) and not g.kensho_no_cut


def perft(g, pos, depth):
    moves = legal_moves(g, pos)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        child = make(g, pos, mv)
        if not ends_game(g, pos, mv, child):
            total += perft(g, child, depth - 1)
    return total


def divide(g, pos, depth):
    rows = []
    for mv in legal_moves(g, pos):
        if depth <= 1:
            n = 1
        else:
            child = make(g, pos, mv)
            n = 0 if ends_game(g, pos, mv, child) else perft(g, child, depth - 1)
        rows.append((move_text(g, pos.bd, mv), n))
    return sorted(rows)


def move_text(g, bd, mv):
    if mv[0] == "x":
        return "decline"
    if mv[0] == "d":
        return f"{mv[1]}*{g.name(mv[2])}"
    if mv[0] == "s":
        return f"K {g.name(mv[1])}-{g.name(mv[1])} x {g.name(mv[2])}"
    _, s, t, new = mv
    pid = bd[s][1]
    text = f"{pid} {g.name(s)}{'x' if bd[t] is not None else '-'}{g.name(t)}"
    if new is not None:
        text += "+" if new == g.promotes.get(pid) else "=" + new
    return text


# ---------------------------------------------------------------------------------------------
# Position strings (docs/engine.md "Position strings"): rows from the highest rank, runs of empty
# squares as numbers, one-letter ids (optional '+') as is, others in parentheses, upper case = first
# player; side b/w; hands '-' or count-prefixed ids; move number; Heian adds a field '+' while the
# side to move plays its extra turn (seen in `kensho play` output).

def token(pid, player):
    t = pid if len(pid.lstrip("+")) == 1 else f"({pid})"
    return t.upper() if player == 0 else t.lower()


def position_string(g, pos, number=1):
    rows = []
    for r in range(g.ranks - 1, -1, -1):
        row, empty = "", 0
        for f in range(g.files):
            o = pos.bd[g.sq(f, r)]
            if o is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += token(o[1], o[0])
        if empty:
            row += str(empty)
        rows.append(row)
    hand = ""
    for p in (0, 1):
        for pid in sorted(pos.hands[p]):
            n = pos.hands[p][pid]
            hand += (str(n) if n > 1 else "") + token(pid, p)
    text = "/".join(rows) + (" b " if pos.side == 0 else " w ") + (hand or "-") + f" {number}"
    return text + (" +" if pos.extra else "")


def parse_position(g, text):
    fields = text.split()
    rows = fields[0].split("/")
    assert len(rows) == g.ranks, "row count"
    ids = {pid.upper(): pid for pid in g.pieces}
    bd = [None] * (g.files * g.ranks)
    pat = r"(\d+)|\(([^)]*)\)|(\+?[A-Za-z])"
    for i, row in enumerate(rows):
        r = g.ranks - 1 - i
        f = 0
        for m in re.finditer(pat, row):
            if m.group(1):
                f += int(m.group(1))
                continue
            tok = m.group(2) or m.group(3)
            player = 0 if tok == tok.upper() else 1
            bd[g.sq(f, r)] = (player, ids[tok.upper()])
            f += 1
        assert f == g.files, f"row {i + 1} covers {f} files"
    side = {"b": 0, "w": 1}[fields[1]]
    hands = ({}, {})
    if len(fields) > 2 and fields[2] != "-":
        for m in re.finditer(r"(\d*)(\(([^)]*)\)|\+?[A-Za-z])", fields[2]):
            tok = m.group(3) or m.group(2)
            player = 0 if tok == tok.upper() else 1
            pid = ids[tok.upper()]
            hands[player][pid] = hands[player].get(pid, 0) + (int(m.group(1)) if m.group(1) else 1)
    extra = len(fields) > 4 and fields[4] == "+"
    assert not extra or g.heian, "extra-turn field outside Heian"
    return Pos(bd, side, hands, extra)


# ---------------------------------------------------------------------------------------------
# Comparison with kensho.

def kensho_divide(game, depth, position=None):
    cmd = [KENSHO, "perft", os.path.join(ROOT, "specs", game + ".toml"), str(depth), "--divide",
           "--format", "json"]
    if position:
        cmd += ["--position", position]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    return {row["move"]: row["nodes"] for row in d["divide"]}, d["nodes"]


def compare(g, game, pos, depth, position, label):
    """Print the differences between the two divides; return the node count when they agree,
    else None."""
    mine = dict(divide(g, pos, depth))
    theirs, total = kensho_divide(game, depth, position)
    if mine == theirs:
        return sum(mine.values())
    print(f"DIFFERENCE {label}: {game} depth {depth} position {position or 'start'}")
    print(f"  python total {sum(mine.values())}, kensho total {total}")
    for m in sorted(set(mine) | set(theirs)):
        a, b = mine.get(m), theirs.get(m)
        if a != b:
            print(f"  {m!s:24s} python {a!s:>8s} kensho {b!s:>8s}")
    return None


def random_positions(game, n, seed, max_plies):
    cmd = [KENSHO, "play", os.path.join(ROOT, "specs", game + ".toml"), "--random", str(n),
           "--seed", str(seed), "--max-plies", str(max_plies), "--format", "json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["games"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=["shoogantshii", "ryu", "heian-ryu"])
    ap.add_argument("depth", type=int)
    ap.add_argument("--divide", action="store_true", help="one line `<move> <nodes>` per root move")
    ap.add_argument("--position", help="start from this kensho position string")
    ap.add_argument("--show-start", action="store_true", help="print the start position string")
    ap.add_argument("--compare", action="store_true", help="compare the divide with kensho's")
    ap.add_argument("--random", type=int, metavar="N",
                    help="with --compare: the final positions of N random kensho games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=60)
    ap.add_argument("--kensho-heian", action="store_true",
                    help="Heian: play kensho's two choices instead of this script's: count the "
                         "extra-turn moves below a first-zone drop that gives check (a won game), and "
                         "allow such a drop for a Pawn")
    args = ap.parse_args()
    g = Game(args.game)
    g.kensho_no_cut = g.kensho_pawn_win = args.kensho_heian
    pos = g.start() if args.position is None else parse_position(g, args.position)
    if args.show_start:
        print(position_string(g, pos))
        return
    if args.compare and args.random:
        games = random_positions(args.game, args.random, args.seed, args.max_plies)
        done = same = over = 0
        for rg in games:
            if rg["result"] is not None:
                over += 1
                continue
            p = rg["final_position"]
            done += 1
            same += compare(g, args.game, parse_position(g, p), args.depth, p, f"seed {rg['seed']}") is not None
        print(f"{args.game}: {done} positions compared at depth {args.depth} ({over} games over "
              f"skipped), {same} agree, {done - same} differ")
        sys.exit(0 if same == done else 1)
    if args.compare:
        t0 = time.time()
        n = compare(g, args.game, pos, args.depth, args.position, "")
        print(f"{args.game} depth {args.depth}: " + ("DIFFER" if n is None else f"agree, {n} nodes")
              + f" ({time.time() - t0:.1f} s)")
        sys.exit(0 if n is not None else 1)
    if args.divide:
        rows = divide(g, pos, args.depth)
        for text, n in rows:
            print(f"{text} {n}")
        print(f"total {sum(n for _, n in rows)}")
    else:
        print(f"total {perft(g, pos, args.depth)}")


if __name__ == "__main__":
    main()
