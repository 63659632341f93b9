#!/usr/bin/env python3
"""A second, independent perft for the start positions of Suzumu, Mitsugumi and Hook Shogi.

Plain Python 3.11 (standard library only). Written from the rule documents in ../shared/seeds/
(000 Suzumu, 001 Mitsugumi, 002 Hook): the prose move descriptions, and where the prose is
silent the Interactive Diagram configuration's XBetza strings read by hand as ../shared/XBETZA.md
explains them. It does NOT use or translate kensho's engine (src/engine, src/xbetza): every
piece is a hand-written list of steps, slides and leaps, and every special power (lion, sting,
jumping general, area move, Fire Demon, Heavenly Tetrarch, Lion Dog, hook move) is a small
function written from the document's description of what the piece "can" do. The only thing
read from the crate is the `[board]` size and the `[setup]` squares of specs/<game>.toml (the
second player's army is the first player's rotated 180 degrees); `--check-setup` compares those
squares with the document's own configuration lines.

Moves are counted by identity: (origin, destination, set of captured squares, promotion).

Where a document is open, this script plays the spec's DEFAULT reading, named at the place it
matters (e.g. Suzumu `jump-matrix = hop-ban`, Mitsugumi `jump-rank = no-rank-limit`, Hook
`iron-general-move = configuration`).

Implemented fully (every power the document gives, within what the first plies can reach):
  Suzumu:    every piece type of the game, unpromoted and promoted (66 types), including the
             Fire Demon (slides, area move, burns, double igui, pass), the Heavenly Tetrarch
             (skip-first slides, double igui, freeze), the jumping Generals (rank-limited jumps,
             optional capture of jumped enemies), Vice General area move, Lion, Lion Hawk,
             Free Eagle, Horned Falcon and Soaring Eagle stings, zone promotion (starts and/or
             ends in the zone, optional), the skip rules (pass condition, no two own skips in a
             row, a promotion without moving is not a skip) and the end by royal capture.
  Mitsugumi: every piece type (51), same powers with Mitsugumi's own rules: jumping Generals
             jump any two pieces and capture only on the final square; a player may not skip
             right after the opponent skipped.
  Hook:      every piece type that stands in the setup (51 unpromoted types: simple pieces
             from the prose table, Lion, Lion Dog, Hook Mover, Tengu), capture promotion
             (mandatory, igui included), the Deva / Dark Spirit rule for one special capture,
             the optional last-rank promotion of Pawn, Stone and Iron General, the skip rules.
             The 49 types that exist only by promotion (Emperor, Kirin Master, Furious Fiend,
             nets ...) are NOT implemented: no promoted piece can move in the first three plies
             of Hook (no capture is possible before ply 3); the script stops with an error if
             one ever has to move.

Usage (from the crate root):
  python3 tools/perft_check.py suzumu                 depth-1 move list, depth-2 count
  python3 tools/perft_check.py suzumu --divide 2      divide at depth 2
  python3 tools/perft_check.py suzumu --depth 3       perft at depth 3 (about 5 s per game)
  python3 tools/perft_check.py all --check-setup      spec setup vs the documents' configuration
  python3 tools/perft_check.py all --position         the start position strings
  python3 tools/perft_check.py hook --stats 3         kinds of move met at each ply
  python3 tools/perft_check.py suzumu --from 'POSITION' --divide 2   from a position string
  python3 tools/perft_check.py suzumu --depth 3 --skip-limit opponent  another skip limit
"""

import argparse
import itertools
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(ROOT, "..", "shared", "seeds")

# ---------------------------------------------------------------------------------------------
# Directions, as the FIRST player sees them: (files, ranks), forward = toward higher ranks,
# right = toward higher files. The second player's pieces use the same lists rotated 180 degrees.
F, B, L, R = (0, 1), (0, -1), (-1, 0), (1, 0)
FL, FR, BL, BR = (-1, 1), (1, 1), (-1, -1), (1, -1)
ORTH = [F, B, L, R]
DIAG = [FL, FR, BL, BR]
ALL8 = ORTH + DIAG
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
D_JUMPS = [(0, 2), (0, -2), (2, 0), (-2, 0)]          # second square orthogonally
A_JUMPS = [(2, 2), (2, -2), (-2, 2), (-2, -2)]        # second square diagonally
SECOND8 = D_JUMPS + A_JUMPS                           # second square in any direction
THIRD8 = [(3 * x, 3 * y) for (x, y) in ALL8]          # third square in any direction
BOX5 = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]


# Move components. Each is a tuple whose first item names the generator below.
def step(*dirs):
    """One square in each listed direction (to an empty square or capturing)."""
    return ("leap", list(dirs))


def leap(vectors):
    """Jump to the square at each vector, whatever stands between."""
    return ("leap", list(vectors))


def slide(dirs, limit=None):
    """Slide through empty squares, at most `limit` squares; may end capturing."""
    return ("slide", list(dirs), limit)


def lion(steps, jumps):
    """Lion power: jump to `jumps`; with the one-square `steps`: igui, hit and run, double
    capture (capture a neighbour, then step on from it), and passing when a neighbour is empty."""
    return ("lion", list(steps), list(jumps))


def sting(dirs):
    """Horned Falcon / Soaring Eagle 'stinging' move in each listed direction."""
    return ("sting", list(dirs))


def jumpgen(dirs):
    """Jumping General slide (the game's jump rules apply)."""
    return ("jumpgen", list(dirs))


def area(n):
    """Area move: up to n King steps through empty squares (the start counts as empty),
    stopping at the first capture; returning to the start is a pass."""
    return ("area", n)


FIRE_DEMON = ("firedemon",)
TETRARCH = ("tetrarch",)
LION_DOG = ("liondog",)


def bent(dirs):
    """Hook Mover / Tengu: slide in `dirs`, optionally turn 90 degrees once on an empty square
    and slide on."""
    return ("bent", list(dirs))


class Piece:
    def __init__(self, pid, name, moves, promotes=None, royal=False, rank=1):
        self.id = pid
        self.name = name
        self.moves = moves
        self.promotes = promotes
        self.royal = royal
        self.rank = rank


# ---------------------------------------------------------------------------------------------
# Suzumu Shogi (seed 000). Most pieces "move like their counterparts in Tenjiku Shogi"; the prose
# is silent on them, so their moves are the configuration strings read by hand (comment = the
# configuration's XBetza). Promotions: the configuration (promoOffset=37, maxPromote=31; the
# document's own promotion list is empty in this copy). Jump ranks: "Jumping Sliders".
SUZUMU_PIECES = [
    Piece("P", "pawn", [step(F)], "+P"),                                    # fW
    Piece("D", "dog", [step(F, BL, BR)], "+D"),                             # bFfW
    Piece("I", "iron general", [step(FL, FR, B)], "+I"),                    # fFbW; prose: "steps one square diagonally forward or directly backward"
    Piece("C", "copper general", [step(FL, FR, F, B)], "+C"),               # fFvW
    Piece("S", "silver general", [step(*DIAG, F)], "+S"),                   # FfW
    Piece("FL", "ferocious leopard", [step(*DIAG, F, B)], "+FL"),           # FvW
    Piece("G", "gold general", [step(*ORTH, FL, FR)], "+G"),                # WfF
    Piece("BT", "blind tiger", [step(*DIAG, L, R, B)], "+BT"),              # FsbW
    Piece("DE", "drunk elephant", [step(*DIAG, L, R, F)], "+DE"),           # FsfW
    Piece("N", "knight", [leap(KNIGHT)], "+N"),                             # N; prose: "(1,2) leap in any direction"
    Piece("KY", "kirin", [step(*DIAG), leap(D_JUMPS)], "+KY"),              # FD
    Piece("PH", "phoenix", [step(*ORTH), leap(A_JUMPS)], "+PH"),            # WA
    Piece("L", "lance", [slide([F]), slide([B], 2)], "+L"),                 # fRbW2; prose: "slide up to two squares directly backward"
    Piece("RV", "reverse chariot", [slide([F, B])], "+RV"),                 # vR
    Piece("SM", "side mover", [step(F, B), slide([L, R])], "+SM"),          # vWsR
    Piece("VM", "vertical mover", [step(L, R), slide([F, B])], "+VM"),      # sWvR
    Piece("SS", "side soldier", [step(B), slide([L, R]), slide([F], 2)], "+SS"),      # bWsRfW2
    Piece("VS", "vertical soldier", [step(B), slide([F]), slide([L, R], 2)], "+VS"),  # bWfRsW2
    Piece("B", "bishop", [slide(DIAG)], "+B"),                              # B
    Piece("R", "rook", [slide(ORTH)], "+R"),                                # R
    Piece("DH", "dragon horse", [slide(DIAG), step(*ORTH)], "+DH"),         # BW
    Piece("DK", "dragon king", [slide(ORTH), step(*DIAG)], "+DK"),          # RF
    # "move as Queen, except that in some directions they do not slide, but have a 'stinging'
    # move ... The Horned Falcon does this only straight forward, and the Soaring Eagle in the
    # two diagonally forward directions."
    Piece("HF", "horned falcon", [slide(DIAG), slide([L, R, B]), sting([F])], "+HF"),
    Piece("SE", "soaring eagle", [slide(ORTH), slide([BL, BR]), sting([FL, FR])], "+SE"),
    Piece("LN", "lion", [lion(ALL8, BOX5)], "+LN"),
    Piece("Q", "queen", [slide(ALL8)], "+Q"),
    Piece("BG", "bishop general", [jumpgen(DIAG)], "+BG", rank=2),
    Piece("RG", "rook general", [jumpgen(ORTH)], "+RG", rank=2),
    Piece("CS", "chariot soldier", [slide(DIAG), slide([F, B]), slide([L, R], 2)], "+CS"),  # BvRsW2
    Piece("WB", "water buffalo", [slide(DIAG), slide([L, R]), slide([F, B], 2)], "+WB"),    # BsRvW2
    # "a Queen enhanced by the diagonal moves of a Lion": jump to the second square in any
    # direction, diagonal igui / hit and run / double capture / pass.
    Piece("FE", "free eagle", [slide(ALL8), lion(DIAG, SECOND8)]),
    Piece("LH", "lion hawk", [slide(DIAG), lion(ALL8, BOX5)]),              # "a Lion enhanced by the diagonal moves of a Queen"
    Piece("VG", "vice general", [jumpgen(DIAG), area(3)], rank=3),
    Piece("GG", "great general", [jumpgen(ALL8)], rank=4),
    Piece("FD", "fire demon", [FIRE_DEMON]),
    Piece("K", "king", [step(*ALL8)], royal=True, rank=5),
    # promoted forms (configuration entries 37..67)
    Piece("+P", "tokin", [step(*ORTH, FL, FR)]),                            # WfF
    Piece("+D", "multi general", [slide([BL, BR]), slide([F])]),            # bBfR
    Piece("+I", "vertical soldier", [step(B), slide([F]), slide([L, R], 2)]),
    Piece("+C", "side mover", [step(F, B), slide([L, R])]),
    Piece("+S", "vertical mover", [step(L, R), slide([F, B])]),
    Piece("+FL", "bishop", [slide(DIAG)]),
    Piece("+G", "rook", [slide(ORTH)]),
    Piece("+BT", "flying stag", [step(*DIAG, L, R), slide([F, B])]),        # FsWvR
    Piece("+DE", "prince", [step(*ALL8)], royal=True, rank=5),
    Piece("+N", "side soldier", [step(B), slide([L, R]), slide([F], 2)]),
    Piece("+KY", "lion", [lion(ALL8, BOX5)]),
    Piece("+PH", "queen", [slide(ALL8)]),
    Piece("+L", "white horse", [slide([FL, FR, F, B])]),                    # fBvR
    Piece("+RV", "whale", [slide([BL, BR, F, B])]),                         # bBvR
    Piece("+SM", "free boar", [slide(DIAG + [L, R])]),                      # BsR
    Piece("+VM", "flying ox", [slide(DIAG + [F, B])]),                      # BvR
    Piece("+SS", "water buffalo", [slide(DIAG), slide([L, R]), slide([F, B], 2)]),
    Piece("+VS", "chariot soldier", [slide(DIAG), slide([F, B]), slide([L, R], 2)]),
    Piece("+B", "dragon horse", [slide(DIAG), step(*ORTH)]),
    Piece("+R", "dragon king", [slide(ORTH), step(*DIAG)]),
    Piece("+DH", "horned falcon", [slide(DIAG), slide([L, R, B]), sting([F])]),
    Piece("+DK", "soaring eagle", [slide(ORTH), slide([BL, BR]), sting([FL, FR])]),
    Piece("+HF", "bishop general", [jumpgen(DIAG)], rank=2),               # ranks by kind (reading promoted-rank)
    Piece("+SE", "rook general", [jumpgen(ORTH)], rank=2),
    Piece("+LN", "lion hawk", [slide(DIAG), lion(ALL8, BOX5)]),
    Piece("+Q", "free eagle", [slide(ALL8), lion(DIAG, SECOND8)]),
    Piece("+BG", "vice general", [jumpgen(DIAG), area(3)], rank=3),
    Piece("+RG", "great general", [jumpgen(ALL8)], rank=4),
    Piece("+CS", "heavenly tetrarch", [TETRARCH]),
    Piece("+WB", "fire demon", [FIRE_DEMON]),
]

# ---------------------------------------------------------------------------------------------
# Mitsugumi Shogi (seed 001): Suzumu's pieces less nine types; the configuration's promotions
# (promoOffset=27, maxPromote=24) agree with the written list. Jumping Generals "can optionally
# jump up to two pieces along the line of attack when taking" (B(paf)2cB): no rank limit and no
# capture of the jumped pieces (readings jump-rank = no-rank-limit, jump-capture = no).
_MIT_UNPROMOTED = ["P", "D", "S", "FL", "G", "BT", "N", "KY", "PH", "L", "VM", "SS", "B", "R", "DH",
                   "DK", "HF", "SE", "LN", "Q", "BG", "RG", "CS", "WB"]
_SUZ = {p.id: p for p in SUZUMU_PIECES}


def _mit_pieces():
    out = []
    for pid in _MIT_UNPROMOTED:
        p = _SUZ[pid]
        out.append(Piece(pid, p.name, p.moves, "+" + pid))
    out.append(Piece("VG", "vice general", [jumpgen(DIAG), area(3)]))
    out.append(Piece("FD", "fire demon", [FIRE_DEMON]))
    out.append(Piece("K", "king", [step(*ALL8)], royal=True))
    for pid in _MIT_UNPROMOTED:
        p = _SUZ["+" + pid]
        out.append(Piece("+" + pid, p.name, p.moves))
    return out


MITSUGUMI_PIECES = _mit_pieces()

# ---------------------------------------------------------------------------------------------
# Hook Shogi (seed 002). Every setup piece from the prose table "Pieces that appear in the initial
# setup" (the configuration string in the comment agrees unless noted).
HOOK_PIECES = [
    Piece("P", "pawn", [step(F)], "+P"),                                     # "1 square orthogonally forward"
    Piece("D", "dog", [step(F, BL, BR)], "+D"),                              # "orthogonally forward or diagonally backward"
    Piece("N", "knight", [leap(KNIGHT)], "+N"),                              # "as it does in Chess"
    Piece("E", "earth general", [step(F, B)], "+E"),                         # "1 square vertically"
    Piece("O", "stone general", [step(FL, FR)], "+O"),                       # "1 square diagonally forward"
    Piece("T", "tile general", [step(B, FL, FR)], "+T"),                     # "orthogonally backward or diagonally forward"
    # Prose "1 square orthogonally or diagonally forward" (a Gold) vs configuration fFfW; the
    # default reading iron-general-move = configuration: the three forward squares.
    Piece("I", "iron general", [step(F, FL, FR)], "+I"),
    Piece("C", "copper general", [step(F, B, FL, FR)], "+C"),                # "vertically or diagonally forward"
    Piece("S", "silver general", [step(*DIAG, F)], "+S"),
    Piece("BT", "blind tiger", [step(*DIAG, L, R, B)], "+BT"),               # "any direction except directly forward"
    Piece("FL", "ferocious leopard", [step(*DIAG, F, B)], "+FL"),            # "except orthogonally sideways"
    Piece("G", "gold general", [step(*ORTH, FL, FR)], "+G"),
    Piece("CT", "cat sword", [step(*DIAG)], "+CT"),
    Piece("AB", "angry boar", [step(*ORTH)], "+AB"),
    Piece("EW", "evil wolf", [step(L, R, F, FL, FR)], "+EW"),                # "sideways, directly forward, or diagonally forward"
    Piece("CO", "coiled serpent", [step(F, B, BL, BR)], "+CO"),              # "vertically or diagonally backward"
    Piece("BD", "blind dog", [step(L, R, B, FL, FR)], "+BD"),                # "sideways, directly backward, or diagonally forward"
    Piece("OM", "old monkey", [step(*DIAG, B)], "+OM"),                      # "diagonally, or directly backward"
    Piece("RN", "reclining dragon", [step(*ORTH, BL, BR)], "+RN"),           # "except diagonally forward"
    Piece("FH", "flying horse", [slide(DIAG, 2)], "+FH"),                    # "slide 1 or 2 squares diagonally"
    Piece("FY", "flying dragon", [slide(ORTH, 2)], "+FY"),
    Piece("RD", "roaring dog", [slide(ALL8, 3)], "+RD"),                     # "slide up to 3 squares in any direction"
    Piece("RV", "reverse chariot", [slide([F, B])], "+RV"),
    Piece("L", "lance", [slide([F]), slide([B], 2)], "+L"),                  # "slides forward or up to 2 squares directly backward"
    Piece("KY", "kirin", [step(*DIAG), leap(D_JUMPS)], "+KY"),
    Piece("PH", "phoenix", [step(*ORTH), leap(A_JUMPS)], "+PH"),
    Piece("WR", "warrior", [step(*ORTH, FL, FR), leap(A_JUMPS)], "+WR"),     # "except diagonally backward ... jump 2 squares diagonally"
    Piece("PS", "poisonous snake", [step(F, B, *DIAG), leap(D_JUMPS)], "+PS"),  # "except orthogonally sideways ... jump 2 squares orthogonally"
    Piece("LC", "left chariot", [slide([F, FL, BR]), step(B)], "+LC"),
    Piece("RC", "right chariot", [slide([F, FR, BL]), step(B)], "+RC"),
    Piece("SM", "side mover", [slide([L, R]), step(F, B)], "+SM"),
    Piece("VM", "vertical mover", [slide([F, B]), step(L, R)], "+VM"),
    Piece("B", "bishop", [slide(DIAG)], "+B"),
    Piece("R", "rook", [slide(ORTH)], "+R"),
    Piece("SC", "side chariot", [slide([L, R]), slide([F, B], 2)], "+SC"),
    Piece("VC", "vertical chariot", [slide([F, B]), slide([L, R], 2)], "+VC"),
    Piece("DH", "dragon horse", [slide(DIAG), step(*ALL8)], "+DH"),         # "as a Bishop or as a King"
    Piece("DK", "dragon king", [slide(ORTH), step(*ALL8)], "+DK"),
    Piece("F", "fire dragon", [slide(ORTH), slide([BL, BR], 2), slide([FL, FR], 4)], "+F"),
    Piece("W", "water dragon", [slide(ORTH), slide([FL, FR], 2), slide([BL, BR], 4)], "+W"),
    Piece("H", "earth dragon", [slide(DIAG), slide([F, B], 2), slide([L, R], 4)], "+H"),
    Piece("A", "wind dragon", [slide(DIAG), slide([L, R], 2), slide([F, B], 4)], "+A"),
    # Lion: the configuration KNADcaKmcabK (reading lion-steps = configuration); the prose's
    # list (5x5 jump, igui, capture and continue to a square adjacent, pass) is the same set.
    Piece("LN", "lion", [lion(ALL8, BOX5)], "+LN"),
    Piece("LD", "lion dog", [LION_DOG], "+LD"),
    Piece("Q", "queen", [slide(ALL8)], "+Q"),
    Piece("DV", "deva", [step(*ORTH, FL, BL, BR)], "+DV"),                  # "except diagonally forward to the right"
    Piece("DS", "dark spirit", [step(*ORTH, FR, BL, BR)], "+DS"),           # "except diagonally forward to the left"
    Piece("DE", "drunk elephant", [step(*DIAG, L, R, F)], "+DE"),           # "except directly backward"; not royal (reading drunk-elephant-royal)
    Piece("K", "king", [step(*ALL8)], "+K", royal=True),
    Piece("TG", "tengu", [step(*ORTH), bent(DIAG)]),                        # never promotes
    Piece("HM", "hook mover", [bent(ORTH)]),
] + [
    # Promoted-only types: names and royalty only (see the module docstring).
    Piece(pid, name, None, royal=royal) for pid, name, royal in [
        ("+P", "tokin", False), ("+D", "multi general", False), ("+N", "side soldier", False),
        ("+E", "reverse chariot", False), ("+O", "side chariot", False), ("+T", "vertical chariot", False),
        ("+I", "vertical soldier", False), ("+C", "side mover", False), ("+S", "vertical mover", False),
        ("+BT", "flying stag", False), ("+FL", "bishop", False), ("+G", "rook", False), ("+CT", "free cat", False),
        ("+AB", "running boar", False), ("+EW", "free wolf", False), ("+CO", "free serpent", False),
        ("+BD", "wizard stork", False), ("+OM", "mountain witch", False), ("+RN", "free dragon", False),
        ("+FH", "violent falcon", False), ("+FY", "fierce eagle", False), ("+RD", "lion dog", False),
        ("+RV", "whale", False), ("+L", "white horse", False), ("+KY", "lion", False), ("+PH", "queen", False),
        ("+WR", "tengu", False), ("+PS", "hook mover", False), ("+LC", "left army", False),
        ("+RC", "right army", False), ("+SM", "free boar", False), ("+VM", "flying ox", False),
        ("+B", "dragon horse", False), ("+R", "dragon king", False), ("+SC", "free demon", False),
        ("+VC", "free dream eater", False), ("+DH", "horned falcon", False), ("+DK", "soaring eagle", False),
        ("+F", "kirin master", False), ("+W", "phoenix master", False), ("+H", "earthward net", False),
        ("+A", "skyward net", False), ("+LN", "lion hawk", False), ("+LD", "furious fiend", False),
        ("+Q", "free eagle", False), ("+DV", "teaching king", False), ("+DS", "divine dragon", False),
        ("+DE", "crown prince", True), ("+K", "emperor", True),
    ]
]


class Game:
    def __init__(self, gid, pieces, zone_ranks, rules):
        self.id = gid
        self.pieces = {p.id: p for p in pieces}
        spec = tomllib.load(open(os.path.join(ROOT, "specs", gid + ".toml"), "rb"))
        self.files = spec["board"]["files"]
        self.ranks = spec["board"]["ranks"]
        self.setup = {pid: parse_squares(text) for pid, text in spec["setup"].items()}
        self.zone_ranks = zone_ranks        # first player's promotion-zone ranks (1-based) or None
        self.rules = rules
        self.fire_demons = {pid for pid, p in self.pieces.items() if p.moves == [FIRE_DEMON]}
        self.tetrarchs = {pid for pid, p in self.pieces.items() if p.moves == [TETRARCH]}

    def sq(self, f, r):
        return r * self.files + f

    def fr(self, s):
        return s % self.files, s // self.files

    def name(self, s):
        f, r = self.fr(s)
        return "abcdefghijklmnopqrstuvwxyz"[f] + str(r + 1)

    def in_zone(self, player, s):
        if not self.zone_ranks:
            return False
        r = s // self.files + 1
        if player == 1:
            r = self.ranks + 1 - r
        return r in self.zone_ranks

    def last_rank(self, player, s):
        r = s // self.files
        return r == (self.ranks - 1 if player == 0 else 0)

    def start(self):
        bd = [None] * (self.files * self.ranks)
        for pid, squares in self.setup.items():
            assert pid in self.pieces, pid
            for (f, r) in squares:
                assert bd[self.sq(f, r)] is None
                bd[self.sq(f, r)] = (0, pid)
                rf, rr = self.files - 1 - f, self.ranks - 1 - r
                assert bd[self.sq(rf, rr)] is None
                bd[self.sq(rf, rr)] = (1, pid)
        return Pos(bd, 0, (False, False))


class Pos:
    __slots__ = ("bd", "side", "skipped")

    def __init__(self, bd, side, skipped):
        self.bd = bd
        self.side = side
        self.skipped = skipped      # (first player's last turn was a skip, second player's ...)


def parse_squares(text):
    """'a5-p5' (a run or a rectangle), 'e6,l6', mixed; 0-based (file, rank) list."""
    out = []
    for part in text.split(","):
        part = part.strip()
        m = re.fullmatch(r"([a-z])(\d+)(?:-([a-z])(\d+))?", part)
        assert m, part
        f1, r1 = ord(m.group(1)) - 97, int(m.group(2)) - 1
        if m.group(3):
            f2, r2 = ord(m.group(3)) - 97, int(m.group(4)) - 1
            for r in range(min(r1, r2), max(r1, r2) + 1):
                for f in range(min(f1, f2), max(f1, f2) + 1):
                    out.append((f, r))
        else:
            out.append((f1, r1))
    return out


# ---------------------------------------------------------------------------------------------
# Move generation. A raw move is (destination square, frozenset of captured squares); the
# origin and the promotion choice are added by `legal_moves`.

def piece_moves(g, bd, s, player, piece):
    W, H = g.files, g.ranks
    f0, r0 = s % W, s // W
    sg = 1 if player == 0 else -1
    out = set()

    def at(p, v, k=1):
        """Square k steps from square p along the relative vector v, or None off the board."""
        f = p % W + sg * v[0] * k
        r = p // W + sg * v[1] * k
        if 0 <= f < W and 0 <= r < H:
            return r * W + f
        return None

    def enemy(t):
        o = bd[t]
        return o is not None and o[0] != player

    def land(t, extra=()):
        """Arrive on t (empty: move; enemy: capture) with extra captured squares."""
        o = bd[t]
        if o is None:
            out.add((t, frozenset(extra)))
        elif o[0] != player:
            out.add((t, frozenset(extra) | {t}))

    if piece.moves is None:
        raise NotImplementedError(f"{g.id}: moves of {piece.id} ({piece.name}) are not implemented")
    for comp in piece.moves:
        kind = comp[0]
        if kind == "leap":
            for v in comp[1]:
                t = at(s, v)
                if t is not None:
                    land(t)
        elif kind == "slide":
            limit = comp[2] or max(W, H)
            for v in comp[1]:
                for k in range(1, limit + 1):
                    t = at(s, v, k)
                    if t is None:
                        break
                    land(t)
                    if bd[t] is not None:
                        break
        elif kind == "lion":
            steps, jumps = comp[1], comp[2]
            for v in jumps:
                t = at(s, v)
                if t is not None:
                    land(t)
            can_pass = False
            for v in steps:
                a = at(s, v)
                if a is None:
                    continue
                if bd[a] is None:
                    can_pass = True          # step out and back: a pass
                    land(a)
                elif enemy(a):
                    out.add((s, frozenset([a])))      # igui
                    land(a)
                    for w in steps:                    # hit and run / double capture
                        b = at(a, w)
                        if b is None or b == s:
                            continue
                        land(b, (a,))
            if can_pass:
                out.add((s, frozenset()))
        elif kind == "sting":
            for v in comp[1]:
                s1, s2 = at(s, v), at(s, v, 2)
                if s1 is None:
                    continue
                land(s1)                               # "Move to the first"
                if s2 is not None:
                    land(s2)                           # "or jump to the second square"
                if enemy(s1):
                    out.add((s, frozenset([s1])))      # igui
                    if s2 is not None:
                        land(s2, (s1,))                # jump to the second, annihilating the first
                if bd[s1] is None:
                    out.add((s, frozenset()))          # "move there and step back": a pass
        elif kind == "jumpgen":
            rule = g.rules["jump"]
            for v in comp[1]:
                jumped = []                            # squares jumped so far
                k = 0
                while True:
                    k += 1
                    t = at(s, v, k)
                    if t is None:
                        break
                    o = bd[t]
                    if o is None:
                        if not jumped:
                            out.add((t, frozenset()))  # the plain slide
                        continue
                    if o[0] != player:                 # capture on t, after the jumps so far
                        victims = [j for j in jumped if enemy(j)] if rule["capture_jumped"] else []
                        for n in range(len(victims) + 1):
                            for sub in itertools.combinations(victims, n):
                                out.add((t, frozenset(sub) | {t}))
                    if len(jumped) == 2:
                        break
                    if rule["rank_limit"] and g.pieces[o[1]].rank >= piece.rank:
                        break
                    jumped.append(t)
        elif kind == "area":
            reach, caps = area_reach(g, bd, s, player, comp[1], at)
            for t in reach:
                out.add((t, frozenset()))              # t == s: the pass
            for t in caps:
                out.add((t, frozenset([t])))
        elif kind == "firedemon":
            fire_demon(g, bd, s, player, at, out)
        elif kind == "tetrarch":
            for v in [F, B, FL, FR, BL, BR]:           # jvhQ: first square ignored, then slide
                for k in range(2, max(W, H) + 1):
                    t = at(s, v, k)
                    if t is None:
                        break
                    land(t)
                    if bd[t] is not None:
                        break
            for v in [L, R]:                           # jsQ3: end 2 or 3 squares away sideways
                for k in (2, 3):
                    t = at(s, v, k)
                    if t is None:
                        break
                    land(t)
                    if bd[t] is not None:
                        break
            adj = [t for t in (at(s, v) for v in ALL8) if t is not None and enemy(t)]
            for n in (1, 2):                           # "annihilate up to two opponents next to it"
                for sub in itertools.combinations(adj, n):
                    out.add((s, frozenset(sub)))
        elif kind == "liondog":
            for v in ALL8:
                s1, s2, s3 = at(s, v), at(s, v, 2), at(s, v, 3)
                if s1 is None:
                    continue
                if bd[s1] is None:
                    out.add((s, frozenset()))          # pass
                elif enemy(s1):
                    out.add((s, frozenset([s1])))      # igui
                land(s1)
                if s2 is not None and enemy(s2):
                    land(s1, (s2,))                    # 2 steps out, one in, taking the second square
                if s2 is None:
                    continue
                opt1 = [s1] if enemy(s1) else []
                for n in range(len(opt1) + 1):
                    for sub in itertools.combinations(opt1, n):
                        land(s2, sub)
                if s3 is None:
                    continue
                opt = [x for x in (s1, s2) if enemy(x)]
                for n in range(len(opt) + 1):
                    for sub in itertools.combinations(opt, n):
                        land(s3, sub)
        elif kind == "bent":
            for v in comp[1]:
                for k in range(1, max(W, H) + 1):
                    t = at(s, v, k)
                    if t is None:
                        break
                    land(t)
                    if bd[t] is not None:
                        break
                    for w in [(-v[1], v[0]), (v[1], -v[0])]:     # the 90-degree turns
                        for k2 in range(1, max(W, H) + 1):
                            u = at(t, w, k2)
                            if u is None:
                                break
                            land(u)
                            if bd[u] is not None and u != s:
                                break
        else:
            raise AssertionError(kind)
    return out


def area_reach(g, bd, s, player, n, at):
    """Squares an area move of up to n King steps ends on: (empty squares incl. the start when a
    path returns there, enemy squares captured by the last step)."""
    frontier = {s}
    reach, caps = set(), set()
    for _ in range(n):
        nxt = set()
        for p in frontier:
            for v in ALL8:
                t = at(p, v)
                if t is None:
                    continue
                o = bd[t]
                if t == s or o is None:
                    nxt.add(t)
                elif o[0] != player:
                    caps.add(t)
        reach |= nxt
        frontier = nxt
    return reach, caps


def fire_demon(g, bd, s, player, at, out):
    """SUZ/MIT 'Fire Demon': slide sideways or diagonally, or an area move of up to 3 King steps
    (stopping at the first capture; back on the start = skip); then optionally burn up to two
    non-Fire Demon opponents adjacent to the square it reached; or capture up to two adjacent
    opponents without moving (double igui, any opponent)."""
    arrivals = set()                  # (square, frozenset of the arrival capture)
    for v in [L, R] + DIAG:
        k = 0
        while True:
            k += 1
            t = at(s, v, k)
            if t is None:
                break
            o = bd[t]
            if o is None:
                arrivals.add((t, frozenset()))
                continue
            if o[0] != player:
                arrivals.add((t, frozenset([t])))
            break
    reach, caps = area_reach(g, bd, s, player, 3, at)
    arrivals |= {(t, frozenset()) for t in reach if t != s}
    arrivals |= {(t, frozenset([t])) for t in caps}
    for (d, cap) in arrivals:
        burnable = [x for x in (at(d, v) for v in ALL8)
                    if x is not None and x != d and bd[x] is not None and bd[x][0] != player
                    and bd[x][1] not in g.fire_demons]
        for n in range(3):
            for sub in itertools.combinations(burnable, n):
                out.add((d, cap | frozenset(sub)))
    adj = [t for t in (at(s, v) for v in ALL8) if t is not None]
    victims = [t for t in adj if bd[t] is not None and bd[t][0] != player]
    for n in (1, 2):
        for sub in itertools.combinations(victims, n):
            out.add((s, frozenset(sub)))
    if s in reach:
        out.add((s, frozenset()))     # the skip (some neighbour is empty)


def frozen(g, bd, s, player):
    """Suzumu/Mitsugumi: a piece next to an enemy Heavenly Tetrarch cannot move at all
    (Heavenly Tetrarchs cannot freeze each other)."""
    if not g.tetrarchs or bd[s][1] in g.tetrarchs:
        return False
    W = g.files
    f0, r0 = s % W, s // W
    for (x, y) in ALL8:
        f, r = f0 + x, r0 + y
        if 0 <= f < W and 0 <= r < g.ranks:
            o = bd[r * W + f]
            if o is not None and o[0] != player and o[1] in g.tetrarchs:
                return True
    return False


def promotion_choices(g, bd, player, piece, s, t, caps):
    """The promotion outcomes of a raw move: list of None (stays) / target type id."""
    rules = g.rules
    if rules["promotion"] == "zone":
        # "if its move starts and/or ends within the promotion zone, then the player has the
        # option to promote the piece at the end of the turn" (also for moves that end on the
        # start square: reading promotion-stationary-in-zone = yes).
        if piece.promotes and (g.in_zone(player, s) or g.in_zone(player, t)):
            return [None, piece.promotes]
        return [None]
    # Hook: "Whenever a piece captures something, it promotes ... Promotion is mandatory".
    if caps:
        special = set()
        for c in caps:
            vid = bd[c][1]
            if vid in ("DV", "+DV"):
                special.add("+DV")
            if vid in ("DS", "+DS"):
                special.add("+DS")
        exempt = piece.royal or piece.id in ("K", "DE", "+DE", "+K")
        if special and not exempt:
            if len(special) > 1:
                raise NotImplementedError("Deva and Dark Spirit taken together: order of the captures")
            return [special.pop()]
        return [piece.promotes] if piece.promotes else [None]
    # "When a Pawn, Stone General, or Iron General reaches the last rank, it may promote even on
    # a non-capture ... can likewise be declined".
    if piece.id in ("P", "O", "I") and g.last_rank(player, t) and not g.last_rank(player, s):
        return [None, piece.promotes]
    return [None]


def skip_allowed(g, pos):
    me, opp = pos.skipped[pos.side], pos.skipped[1 - pos.side]
    limit = g.rules["skip_limit"]
    if limit == "own":          # Suzumu: "illegal for a player to skip two consecutive turns"
        return not me
    if limit == "opponent":     # Mitsugumi: "... if the immediately preceding turn was skipped by the opponent"
        return not opp
    return not me and not opp   # Hook: both sibling restrictions (reading skip-restrictions)


def legal_moves(g, pos):
    """Every legal move of the side to move: (from, to, captures frozenset, promotion)."""
    bd, player = pos.bd, pos.side
    moves = []
    may_skip = skip_allowed(g, pos)
    for s, o in enumerate(bd):
        if o is None or o[0] != player:
            continue
        if frozen(g, bd, s, player):
            continue
        piece = g.pieces[o[1]]
        for (t, caps) in piece_moves(g, bd, s, player, piece):
            for promo in promotion_choices(g, bd, player, piece, s, t, caps):
                # "if a piece promotes without moving, this does not count as skipping a turn"
                if t == s and not caps and promo is None and not may_skip:
                    continue
                moves.append((s, t, caps, promo))
    return moves


def make(g, pos, mv):
    s, t, caps, promo = mv
    bd = list(pos.bd)
    player, pid = bd[s]
    for c in caps:
        bd[c] = None
    bd[s] = None
    bd[t] = (player, promo or pid)
    skipped = list(pos.skipped)
    skipped[player] = (t == s and not caps and promo is None)
    return Pos(bd, 1 - player, tuple(skipped))


def ends_game(g, pos_before, after, mv):
    """A move that takes the opponent's last royal ends the game (no moves below it)."""
    victim = 1 - pos_before.side
    if not any(g.pieces[pos_before.bd[c][1]].royal for c in mv[2]):
        return False
    return not any(o is not None and o[0] == victim and g.pieces[o[1]].royal for o in after.bd)


def perft(g, pos, depth):
    moves = legal_moves(g, pos)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        child = make(g, pos, mv)
        if not ends_game(g, pos, child, mv):
            total += perft(g, child, depth - 1)
    return total


def move_text(g, bd, mv):
    """kensho's move text: `ID from-to`, `ID fromxto`, ` x sq,sq` for captures off the
    destination (all of them when the piece stays), `+` or `=ID` for a promotion."""
    s, t, caps, promo = mv
    pid = bd[s][1]
    piece = g.pieces[pid]
    sep = "x" if (t in caps and s != t) else "-"
    others = sorted((c for c in caps if c != t or s == t), key=lambda c: g.fr(c))
    text = f"{pid} {g.name(s)}{sep}{g.name(t)}"
    if others:
        text += " x " + ",".join(g.name(c) for c in others)
    if promo is not None:
        text += "+" if promo == piece.promotes else "=" + promo
    return text


GAMES = {
    "suzumu": lambda: Game("suzumu", SUZUMU_PIECES, [12, 13, 14, 15, 16], {
        "promotion": "zone",
        # "they can only jump pieces of lower rank, whether friend or foe" (reading jump-matrix
        # = hop-ban); "each enemy piece they jump over may be either captured or ignored".
        "jump": {"rank_limit": True, "capture_jumped": True},
        "skip_limit": "own",
    }),
    "mitsugumi": lambda: Game("mitsugumi", MITSUGUMI_PIECES, [10, 11, 12, 13], {
        "promotion": "zone",
        "jump": {"rank_limit": False, "capture_jumped": False},
        "skip_limit": "opponent",
    }),
    "hook": lambda: Game("hook", HOOK_PIECES, None, {
        "promotion": "capture",
        "jump": None,
        "skip_limit": "both",
    }),
}


# ---------------------------------------------------------------------------------------------
# --check-setup: the spec's [setup] against the document's own configuration lines
# ("name:ID:XBETZA:image:squares").
SEED_OF = {"suzumu": "000_116ea7fedabdbe2a.txt", "mitsugumi": "001_bbc26209d8e27e8f.txt",
           "hook": "002_f3ad3da1aac5a416.txt"}


def check_setup(g):
    text = open(os.path.join(SEEDS, SEED_OF[g.id]), encoding="utf-8").read()
    doc = {}
    for m in re.finditer(r"(?:^|\s)([a-z][a-z ]*?):(\+?[A-Z]+):([^:\s]+):[a-z0-9]+:([a-z0-9,\-]*)", text):
        pid, squares = m.group(2), m.group(4)
        if squares:
            doc.setdefault(pid, set()).update(parse_squares(squares))
    spec = {pid: set(sq) for pid, sq in g.setup.items()}
    ok = doc == spec
    print(f"{g.id}: spec setup {'matches' if ok else 'DIFFERS FROM'} the document's configuration "
          f"({sum(len(v) for v in doc.values())} squares per side)")
    for pid in sorted(set(doc) | set(spec)):
        if doc.get(pid) != spec.get(pid):
            print(f"  {pid}: document {sorted(doc.get(pid, []))} spec {sorted(spec.get(pid, []))}")
    return ok


def move_kinds(g, bd, mv):
    """Labels of a move for --stats."""
    s, t, caps, promo = mv
    out = []
    if t == s:
        out.append("igui" if caps else "pass")
    elif caps:
        out.append("capture")
        if caps - {t}:
            out.append("capture off the destination")
    else:
        out.append("move")
    if len(caps) >= 2:
        out.append(f"{len(caps)} captures")
    if promo is not None:
        out.append("promotion" if promo == g.pieces[bd[s][1]].promotes else "special promotion")
    if any(g.pieces[bd[c][1]].royal for c in caps):
        out.append("royal captured")
    return out


def stats(g, pos, depth):
    """Which kinds of move (and which piece types make them) occur at each ply of the tree."""
    tally = [dict() for _ in range(depth)]

    def walk(p, d):
        for mv in legal_moves(g, p):
            for k in move_kinds(g, p.bd, mv):
                row = tally[d].setdefault(k, [0, set()])
                row[0] += 1
                row[1].add(p.bd[mv[0]][1])
            if d + 1 < depth:
                child = make(g, p, mv)
                if not ends_game(g, p, child, mv):
                    walk(child, d + 1)

    walk(pos, 0)
    for d, rows in enumerate(tally):
        print(f"ply {d + 1}:")
        for k in sorted(rows):
            n, who = rows[k]
            print(f"  {k:30s} {n:8d}  by {' '.join(sorted(who))}")


def position_string(g, pos):
    """The start position in kensho's position-string format (docs: rows from the highest rank,
    runs of empty squares as numbers, one-letter ids (with an optional '+') as is, others in
    parentheses, upper case = first player; side, hands, move number)."""
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
            pid = o[1]
            tok = pid if len(pid.lstrip("+")) == 1 else f"({pid})"
            row += tok.upper() if o[0] == 0 else tok.lower()
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" b" if pos.side == 0 else " w") + " - 1"


def parse_position(g, text):
    """A kensho position string (rows, side, hands, move number, optional ~b/~w/~bw) -> Pos.
    Hands must be empty ('-'): none of the three games has drops."""
    fields = text.split()
    rows = fields[0].split("/")
    assert len(rows) == g.ranks, "row count"
    bd = [None] * (g.files * g.ranks)
    ids = {pid.upper(): pid for pid in g.pieces}
    for i, row in enumerate(rows):
        r = g.ranks - 1 - i
        f = 0
        for m in re.finditer(r"(\d+)|\(([^)]*)\)|(\+?[A-Za-z])", row):
            if m.group(1):
                f += int(m.group(1))
                continue
            tok = m.group(2) or m.group(3)
            player = 0 if tok == tok.upper() else 1
            bd[g.sq(f, r)] = (player, ids[tok.upper()])
            f += 1
        assert f == g.files, f"row {i + 1} covers {f} files"
    side = {"b": 0, "w": 1}[fields[1]]
    assert len(fields) < 3 or fields[2] == "-", "hands are not supported"
    skips = fields[4][1:] if len(fields) > 4 else ""
    return Pos(bd, side, ("b" in skips, "w" in skips))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=list(GAMES) + ["all"])
    ap.add_argument("--depth", type=int, default=2, help="perft depth to count (default 2)")
    ap.add_argument("--divide", type=int, metavar="DEPTH", help="print divide at DEPTH (kensho's format)")
    ap.add_argument("--check-setup", action="store_true")
    ap.add_argument("--stats", type=int, metavar="DEPTH", help="kinds of move at each ply up to DEPTH")
    ap.add_argument("--position", action="store_true", help="print the start position string")
    ap.add_argument("--skip-limit", choices=["own", "opponent", "both"],
                    help="play another skip limit than the document's (own: no two own skips in a row; "
                         "opponent: no skip right after the opponent's; both)")
    ap.add_argument("--from", dest="from_text", metavar="POSITION",
                    help="start from this kensho position string instead of the setup")
    args = ap.parse_args()
    names = list(GAMES) if args.game == "all" else [args.game]
    status = 0
    for name in names:
        g = GAMES[name]()
        if args.skip_limit:
            g.rules["skip_limit"] = args.skip_limit
        pos = g.start() if args.from_text is None else parse_position(g, args.from_text)
        if args.check_setup:
            status |= 0 if check_setup(g) else 1
            continue
        if args.position:
            print(position_string(g, pos))
            continue
        if args.stats:
            print(f"== {name}")
            stats(g, pos, args.stats)
            continue
        if args.divide:
            rows = []
            for mv in legal_moves(g, pos):
                if args.divide <= 1:
                    n = 1
                else:
                    child = make(g, pos, mv)
                    n = 0 if ends_game(g, pos, child, mv) else perft(g, child, args.divide - 1)
                rows.append((move_text(g, pos.bd, mv), n))
            rows.sort()
            for text, n in rows:
                print(f"{text}: {n}")
            print(f"\nmoves: {len(rows)}")
            print(f"perft {args.divide}: {sum(n for _, n in rows)}")
            continue
        moves = sorted(move_text(g, pos.bd, mv) for mv in legal_moves(g, pos))
        print(f"== {name}: depth-1 moves ({len(moves)})")
        for m in moves:
            print(m)
        for d in range(2, args.depth + 1):
            print(f"{name} perft {d}: {perft(g, pos, d)}")
        sys.stdout.flush()
    sys.exit(status)


if __name__ == "__main__":
    main()
