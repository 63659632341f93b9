#!/usr/bin/env python3
"""Fairy-Stockfish as an external engine for `kensho crosscheck` (docs/crosscheck-protocol.md).

Speaks the kensho-crosscheck/1 protocol: JSON lines on stdin/stdout, one object per line each
way, stdout flushed after every line. Run it through the `tools/ffish/adapter` wrapper, which
uses the virtualenv made by `tools/ffish/setup.sh` (pinned pyffish).

Games:
  shogi         FSF's built-in `shogi`
  minishogi     FSF's built-in `minishogi`
  xiangqi       FSF's built-in `xiangqi`
  shoogantshii  a custom FSF variant built here (`shoogantshii_ini`) from the hello's pieces

Everything FSF plays differently from kensho's reading of a game is either declared as a
reading in the hello reply (`readings` of each game class) or removed from FSF's move list by
a named filter (`Game.mating_pawn_drops`, `Shoogantshii.deviation`, each with a comment saying
why); removed moves are reported in `filtered` with that name.

`adapter.py --ini` prints the Shoogantshii variant configuration for the spec's default pieces.
"""

import json
import os
import re
import sys

import pyffish as sf

PROTOCOL = "kensho-crosscheck/1"
PYFFISH_VERSION = ".".join(str(x) for x in sf.version())

# FSF's largest board (the LARGEBOARDS build that pyffish ships): 12 files x 10 ranks.
MAX_FILES, MAX_RANKS = 12, 10

# ---------------------------------------------------------------------------------------------
# Board geometry: kensho's squares are file letter a.. from the first player's left and rank
# 1.. from the first player's side; FSF's are the same with white = the first player at rank 1
# (checked by selftest.sh: shogi and xiangqi start moves, a10 on the xiangqi board).
# ---------------------------------------------------------------------------------------------

FILES = "abcdefghijkl"


def square(file_index, rank):
    return f"{FILES[file_index]}{rank}"


# ---------------------------------------------------------------------------------------------
# XBetza strings whose meaning in FSF's Betza parser was checked against kensho's reading of
# XBetza (../shared/XBETZA.md). selftest.sh places each piece on an otherwise empty board (and
# with screens and blockers for m/c/p/n) and compares FSF's destinations with hand-written sets.
# A string not listed here is refused in the hello: FSF reads some strings differently (its
# `fN` is the two narrow forward knight moves, XBetza's `fN` is four), and FSF knows no
# multi-leg moves at all.
# ---------------------------------------------------------------------------------------------

VERIFIED_BETZA = {
    "K", "W", "F", "FfW", "WfF", "fW", "ffN", "nffN", "N", "nN", "fR", "vRsW",
    "B", "BW", "R", "RF", "mRcpR", "mRcpRmF", "mRcpRF", "mBcpB", "mBcpBmW", "mBcpBW",
}


def multi_leg(betza):
    # A lower-case `a` separates legs in XBetza (the alfil is upper-case `A`).
    return "a" in betza


class Refusal(Exception):
    """The adapter cannot play what kensho asked for; the text goes back as the error."""


# ---------------------------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------------------------


class Game:
    variant = None        # FSF variant name
    files = ranks = None
    drops = False
    readings = {}

    def __init__(self, hello):
        self.pieces = {p["id"]: p for p in hello["pieces"]}
        self.check_pieces()
        # kensho id -> FSF FEN letter (upper case) and back. A promoted id "+X" is written
        # "+X" in FSF's FEN too; FSF's moves only ever name unpromoted pieces (drops).
        self.letter = {pid: pid[-1] for pid in self.pieces}
        self.id_of_letter = {pid: pid for pid in self.pieces if not pid.startswith("+")}

    def check_pieces(self):
        pass

    # -- positions -------------------------------------------------------------------------

    def fen(self, position):
        """kensho position string -> FSF FEN (raises ValueError with the reason)."""
        fields = position.split()
        if len(fields) not in (4, 5):
            raise ValueError(
                f"position string has {len(fields)} fields; expected "
                "'<rows> <side> <hands> <move number> [<skips>]'")
        rows, side, hands, number = fields[:4]
        if len(fields) == 5 and not re.fullmatch(r"~(b|w|bw)", fields[4]):
            raise ValueError(f"skip field {fields[4]!r}: expected ~b, ~w or ~bw")
        # (a skip field is accepted and ignored: none of these games has skips)
        board = self.parse_rows(rows)
        if side not in ("b", "w"):
            raise ValueError(f"side {side!r}: expected b or w")
        if not number.isdigit() or int(number) < 1:
            raise ValueError(f"move number {number!r}: expected 1 or more")
        pocket = self.parse_hands(hands)
        fen_rows = []
        for row in board:
            out, empty = "", 0
            for cell in row:
                if cell is None:
                    empty += 1
                    continue
                if empty:
                    out += str(empty)
                    empty = 0
                owner, pid = cell
                text = ("+" if pid.startswith("+") else "") + self.letter[pid]
                out += text if owner == "b" else text.lower()
            if empty:
                out += str(empty)
            fen_rows.append(out)
        # kensho's move number counts plies (SFEN); FEN's full-move number counts pairs.
        fullmove = (int(number) - 1) // 2 + 1
        fsf_side = "w" if side == "b" else "b"   # the first player is FSF's white
        placement = "/".join(fen_rows)
        if self.drops:
            placement += "[" + pocket + "]"
        return f"{placement} {fsf_side} - - 0 {fullmove}", side, board

    def parse_rows(self, rows):
        parts = rows.split("/")
        if len(parts) != self.ranks:
            raise ValueError(f"{len(parts)} rows; {self.variant} has {self.ranks} ranks")
        board = []
        for i, part in enumerate(parts):
            rank = self.ranks - i
            row, pos = [], 0
            while pos < len(part):
                m = re.match(r"\d+|\(\+?[A-Za-z]+\)|\+?[A-Za-z]", part[pos:])
                if not m:
                    raise ValueError(f"rank {rank}: cannot read {part[pos:]!r}")
                tok = m.group(0)
                pos += len(tok)
                if tok.isdigit():
                    row.extend([None] * int(tok))
                    continue
                row.append(self.piece_token(tok, f"rank {rank}"))
            if len(row) != self.files:
                raise ValueError(f"rank {rank} has {len(row)} files; expected {self.files}")
            board.append(row)
        return board

    def piece_token(self, tok, where):
        name = tok.strip("()")
        letters = name.lstrip("+")
        if letters.isupper():
            owner = "b"
        elif letters.islower():
            owner = "w"
        else:
            raise ValueError(f"{where}: piece {tok!r} mixes upper and lower case")
        pid = name.upper()
        if pid not in self.pieces:
            raise ValueError(f"{where}: unknown piece {tok!r} for {self.variant}")
        return owner, pid

    def parse_hands(self, hands):
        if hands == "-":
            return ""
        if not self.drops:
            raise ValueError(f"hands {hands!r}: {self.variant} has no drops")
        pocket, pos = "", 0
        while pos < len(hands):
            m = re.match(r"(\d*)(\(\+?[A-Za-z]+\)|\+?[A-Za-z])", hands[pos:])
            if not m:
                raise ValueError(f"hands: cannot read {hands[pos:]!r}")
            pos += len(m.group(0))
            count = int(m.group(1)) if m.group(1) else 1
            owner, pid = self.piece_token(m.group(2), "hands")
            if pid.startswith("+") or pid == "K":
                raise ValueError(f"hands: {m.group(2)!r} cannot be in hand")
            letter = self.letter[pid]
            pocket += (letter if owner == "b" else letter.lower()) * count
        return pocket

    # -- moves -----------------------------------------------------------------------------

    def key(self, move):
        """FSF move -> kensho move key."""
        m = re.fullmatch(r"([A-Za-z])@([a-l](?:10|[1-9]))", move)
        if m:
            letter = m.group(1).upper()
            if letter not in self.id_of_letter:
                raise ValueError(f"FSF drop {move!r} of a piece kensho does not know")
            return f"{self.id_of_letter[letter]}*{m.group(2)}"
        m = re.fullmatch(r"([a-l](?:10|[1-9]))([a-l](?:10|[1-9]))(\+?)", move)
        if m:
            return move
        raise ValueError(f"FSF move {move!r} has no kensho key")

    def moves(self, position):
        fen, side, board = self.fen(position)
        code = sf.validate_fen(fen, self.variant)
        if code != sf.FEN_OK:
            raise ValueError(f"Fairy-Stockfish rejects the position (validate_fen code {code}): {fen}")
        fsf_moves = sf.legal_moves(self.variant, fen, [])
        mates = self.mating_pawn_drops(fen, board, side, fsf_moves) if self.drops else set()
        kept, filtered = [], []
        for mv in fsf_moves:
            why = "pawn-drop-mate" if mv in mates else self.deviation(side, mv)
            if why:
                filtered.append({"move": self.key(mv), "why": why})
            else:
                kept.append(self.key(mv))
        return sorted(kept), sorted(filtered, key=lambda f: (f["why"], f["move"]))

    def deviation(self, side, move):
        """Name of the known FSF deviation that makes `move` illegal for kensho, or None."""
        return None

    def mating_pawn_drops(self, fen, board, side, fsf_moves):
        # Deviation `pawn-drop-mate`: FSF generates a Pawn drop that checkmates (uchifuzume)
        # as a legal move; with shogiPawnDropMateIllegal it only scores the game lost for the
        # dropper afterwards (game_result after the drop is a win for the mated side). kensho
        # does not generate it (rules.drops.pawn-mate = no-mate). Removed: every Pawn drop
        # after which the opponent is in check and has no legal move. In Shoogantshii this
        # includes the mate in which the dropped Pawn is the screen of the dropper's Cannon or
        # Foedetu (rule 6, 'not even as the springboard for a Cannon or Foedetu').
        #
        # Each pyffish call sets a position up from scratch (about 4 ms), so FSF is asked only
        # about the drops that can give check: a drop never uncovers a line, so a Pawn drop
        # checks only from the square in front of the enemy King (the Pawn is fW) or as the
        # single screen between the King and one of the dropper's hoppers (XBetza `p`) on an
        # otherwise empty line. selftest.py compares this with asking FSF about every drop.
        drops = set()
        for sq in self.pawn_check_squares(board, side):
            mv = f"P@{sq}"
            if mv in fsf_moves and not sf.legal_moves(self.variant, fen, [mv]) \
                    and sf.gives_check(self.variant, fen, [mv]):
                drops.add(mv)
        return drops

    def pawn_check_squares(self, board, side):
        """Squares where a Pawn dropped by `side` can give check (a superset)."""
        cells = {}
        for i, row in enumerate(board):
            for f, cell in enumerate(row):
                if cell is not None:
                    cells[(f, self.ranks - i)] = cell
        enemy = "w" if side == "b" else "b"
        kings = [sq for sq, cell in cells.items() if cell == (enemy, "K")]
        if len(kings) != 1:
            return set()
        kf, kr = kings[0]
        out = set()
        front = kr - 1 if side == "b" else kr + 1      # the Pawn attacks one rank forward
        if 1 <= front <= self.ranks:
            out.add((kf, front))
        hoppers = [sq for sq, (owner, pid) in cells.items()
                   if owner == side and "p" in self.pieces[pid].get("betza", "")]
        for hf, hr in hoppers:
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if (df, dr) == (0, 0):
                        continue
                    between, f, r = [], hf + df, hr + dr
                    while 0 <= f < self.files and 1 <= r <= self.ranks:
                        if (f, r) == (kf, kr):
                            out.update(between)
                            break
                        if (f, r) in cells:
                            break
                        between.append((f, r))
                        f, r = f + df, r + dr
        return {square(f, r) for f, r in out}


BUILTIN_PIECES = {
    # kensho id: (betza, promotes_to) exactly as FSF's built-in variant plays them.
    "shogi": {
        "K": ("K", None), "R": ("R", "+R"), "B": ("B", "+B"), "G": ("WfF", None),
        "S": ("FfW", "+S"), "N": ("ffN", "+N"), "L": ("fR", "+L"), "P": ("fW", "+P"),
        "+R": ("RF", None), "+B": ("BW", None), "+S": ("WfF", None), "+N": ("WfF", None),
        "+L": ("WfF", None), "+P": ("WfF", None),
    },
    # Minishogi: shogi's pieces but the Knight and the Lance (FSF's built-in `minishogi`).
    "minishogi": {
        "K": ("K", None), "R": ("R", "+R"), "B": ("B", "+B"), "G": ("WfF", None),
        "S": ("FfW", "+S"), "P": ("fW", "+P"), "+R": ("RF", None), "+B": ("BW", None),
        "+S": ("WfF", None), "+P": ("WfF", None),
    },
    "xiangqi": {
        # FSF's FEN letters: k general, a advisor, b elephant, n horse, r chariot, c cannon,
        # p soldier: the same letters as kensho's ids.
        "K": ("W", None), "A": ("F", None), "B": ("nA", None), "N": ("nN", None),
        "R": ("R", None), "C": ("mRcpR", None), "P": ("fW", None),
    },
}


def check_builtin(game, pieces):
    expected = BUILTIN_PIECES[game]
    problems = []
    for pid in sorted(set(expected) | set(pieces)):
        if pid not in pieces:
            problems.append(f"{pid} is missing")
        elif pid not in expected:
            problems.append(f"{pid} is not a piece of FSF's {game}")
        else:
            betza, promo = expected[pid]
            got_betza = pieces[pid].get("betza")
            got_promo = pieces[pid].get("promotes_to")
            if got_betza != betza:
                problems.append(f"{pid} moves {got_betza!r}, FSF's {game} plays {betza!r}")
            if got_promo != promo:
                problems.append(f"{pid} promotes to {got_promo!r}, FSF's {game}: {promo!r}")
    if problems:
        raise Refusal(f"the pieces differ from Fairy-Stockfish's {game}: " + "; ".join(problems))


class Shogi(Game):
    variant = "shogi"
    files = ranks = 9
    drops = True
    readings = {}   # FSF plays the spec's defaults; the only reading (impasse) is a game end

    def check_pieces(self):
        check_builtin("shogi", self.pieces)

    # Deviation: pawn-drop-mate only (Game.mating_pawn_drops).


class Minishogi(Shogi):
    variant = "minishogi"
    files = ranks = 5
    readings = {}   # no readings

    def check_pieces(self):
        check_builtin("minishogi", self.pieces)

    # Deviation: pawn-drop-mate only, as in shogi (Game.mating_pawn_drops).


class Xiangqi(Game):
    variant = "xiangqi"
    files, ranks = 9, 10
    readings = {}   # the only reading (perpetual-chase) is a game end: defaults

    def check_pieces(self):
        check_builtin("xiangqi", self.pieces)
    # No filter: FSF's xiangqi (palace, river, elephant eye, horse leg, cannon, flying
    # general) is kensho's default xiangqi move for move; repetition, perpetual check and
    # chasing need the game history, which a position string does not carry.


# The Shoogantshii palaces (reading palace-location = camp-3x3): d1-f3, and d7-f9 by rotation.
PALACE = {
    "b": {square(f, r) for f in (3, 4, 5) for r in (1, 2, 3)},
    "w": {square(f, r) for f in (3, 4, 5) for r in (7, 8, 9)},
}
ZONE = {"b": (7, 8, 9), "w": (1, 2, 3)}   # promotion zone per side (each player's own ranks)


class Shoogantshii(Game):
    variant = "shoogantshii"
    files = ranks = 9
    drops = True
    # The readings FSF's rules correspond to. The first two are forced (FSF cannot play the
    # defaults); the others are the spec's defaults, named so that kensho compares under the
    # rules this adapter encodes even if the run asked for another option of a rule that the
    # hello does not carry (zones, drop rules, promotion trigger). Piece readings
    # (general-promotion, horse-leap, screen-piece-step) are not named: the adapter plays
    # whatever pieces the hello lists.
    readings = {
        # FSF forbids moves that leave one's own King attacked and ends the game by
        # checkmate; it has no king-capture mode.
        "move-into-check": "illegal",
        # FSF's flyingGeneral: Kings may not face each other on an open file (as in xiangqi);
        # with self-check illegal this is the xiangqi flying general. FSF has no capture
        # that leaves the capturing piece in place (the default shoot-in-place).
        "flying-king": "move-capture",
        "board-size": "9x9",
        "palace-location": "camp-3x3",           # mobilityRegion, PALACE
        "palace-pieces": "king-advisor",         # mobilityRegion of K and A only
        "advisor-squares": "any-palace-square",  # the Advisor's mobilityRegion = whole palace
        "cannon-screen": "xiangqi-screen",       # FSF's hoppers take any piece as screen
        "promotion-trigger": "ends-in-zone",     # filter promotion-leaving-zone
        "drop-promotion": "next-move-ending-in-zone",
        "drop-enemy-palace": "own-palace-only",  # filter own-palace-drop
        "drop-turn": "drop-is-a-move",
        "drop-ninth-rank": "may-not",            # immobilityIllegal
        "barricade": "empty-board-mobility",     # immobilityIllegal
        "pawn-drop-mate": "mate",                # filter pawn-drop-mate
        "pawn-drop-screen": "own-gun-enemy-king",  # the same bans as any-guns once
                                                   # self-check is illegal
    }
    REQUIRED = ("K", "A", "P")

    def check_pieces(self):
        problems = []
        for pid in self.REQUIRED:
            if pid not in self.pieces:
                problems.append(f"{pid} is missing (its rules are keyed on that id)")
        if self.pieces.get("K", {}).get("betza") not in (None, "K"):
            problems.append(f"K moves {self.pieces['K']['betza']!r}; the adapter's King is 'K'")
        if self.pieces.get("P", {}).get("betza") not in (None, "fW"):
            problems.append(f"P moves {self.pieces['P']['betza']!r}; the pawn-drop-mate filter "
                            "assumes 'fW'")
        for pid, p in self.pieces.items():
            base = pid.lstrip("+")
            if not re.fullmatch(r"\+?[A-Z]", pid):
                problems.append(f"{pid}: FSF needs one-letter ids")
                continue
            # Position strings write a promoted piece by its id "+X", FSF's FEN as "+x", the
            # promotion of x: so "+X" must be what X promotes to. Another piece may promote to
            # the same type (reading general-promotion = like-silver: G -> +P).
            if pid.startswith("+") and self.pieces.get(base, {}).get("promotes_to") != pid:
                problems.append(f"{pid} is not the promotion of {base}")
            promo = p.get("promotes_to")
            if promo is not None and (promo not in self.pieces or not promo.startswith("+")):
                problems.append(f"{pid} promotes to {promo!r}, not a promoted id of the hello")
            if p.get("betza") not in VERIFIED_BETZA:
                problems.append(f"{pid} moves {p.get('betza')!r}, a string not checked against "
                                "FSF's Betza parser (VERIFIED_BETZA)")
        if problems:
            raise Refusal("cannot build the Fairy-Stockfish variant: " + "; ".join(problems))
        ini = shoogantshii_ini(self.pieces)
        sf.load_variant_config(ini)
        if self.variant not in sf.variants():
            raise Refusal("Fairy-Stockfish did not accept the variant configuration:\n" + ini)
        self.ini = ini

    def deviation(self, side, move):
        # Deviation pawn-drop-mate: Game.mating_pawn_drops.
        m = re.fullmatch(r"([A-Za-z])@(\S+)", move)
        if m:
            # Deviation `own-palace-drop`: FSF's drop regions are per colour (whiteDropRegion),
            # not per piece, so the variant leaves drops unrestricted; rule 3 ('Non-Advisor
            # pieces may be dropped anywhere but your Palace') is applied here.
            # Deviation `advisor-drop-outside-palace`: rule 2 ('Advisors may only be dropped
            # within your own Palace'). FSF already keeps Advisor drops inside the Advisor's
            # mobilityRegion (= the own palace), so this one is not expected to fire.
            in_palace = m.group(2) in PALACE[side]
            if m.group(1).upper() == "A":
                return None if in_palace else "advisor-drop-outside-palace"
            return "own-palace-drop" if in_palace else None
        m = re.fullmatch(r"([a-l])(10|[1-9])([a-l])(10|[1-9])\+", move)
        if m and int(m.group(4)) not in ZONE[side]:
            # Deviation `promotion-leaving-zone`: FSF promotes shogi-style, on a move that
            # starts or ends in the zone; Shoogantshii promotes only on a move ending in ranks
            # 7-9 ('has advanced to at least the seventh rank', rule 5 'until it ends a move
            # in your promotion zone'; reading promotion-trigger = ends-in-zone).
            return "promotion-leaving-zone"
        return None


# FSF's letters for promoted types (never seen in FEN or moves: FSF writes '+X').
PROMOTED_LETTERS = "tuvwxyzdehijmoqs"


def shoogantshii_ini(pieces):
    """The FSF variant configuration for Shoogantshii with the hello's pieces."""
    unpromoted = sorted(p for p in pieces if not p.startswith("+"))
    promoted = sorted(p for p in pieces if p.startswith("+"))
    used = {p.lower() for p in unpromoted}
    spare = [c for c in PROMOTED_LETTERS if c not in used]
    letter = {p: p.lower() for p in unpromoted}
    for p in promoted:
        letter[p] = spare.pop(0)
    lines = [
        "[shoogantshii]",
        "variantTemplate = shogi",
        "maxFile = i",
        "maxRank = 9",
        "king = k:K",
    ]
    slot = 0
    slot_of = {}
    for p in unpromoted + promoted:
        if p == "K":
            continue
        slot += 1
        slot_of[p] = slot
        lines.append(f"customPiece{slot} = {letter[p]}:{pieces[p]['betza']}")
    promos = " ".join(f"{letter[p]}:{letter[pieces[p]['promotes_to']]}"
                      for p in unpromoted if pieces[p].get("promotes_to"))
    white_palace = " ".join(sorted(PALACE["b"]))
    black_palace = " ".join(sorted(PALACE["w"]))
    lines += [
        f"promotedPieceType = {promos}",
        # Piece promotion (not pawn promotion): optional on a move starting or ending in the
        # zone; the filter keeps the moves ending there. Forced promotion of P/L on the ninth
        # and N on the eighth and ninth, and the drop bans there, come from immobilityIllegal
        # (no move on an empty board), which is the barricade reading.
        "promotionRegionWhite = *7 *8 *9",
        "promotionRegionBlack = *1 *2 *3",
        "promotionPieceTypes = -",
        "mandatoryPiecePromotion = false",
        "immobilityIllegal = true",
        # King and Advisor confined to their own palace; FSF also confines Advisor drops there.
        f"mobilityRegionWhiteKing = {white_palace}",
        f"mobilityRegionBlackKing = {black_palace}",
        f"mobilityRegionWhiteCustomPiece{slot_of['A']} = {white_palace}",
        f"mobilityRegionBlackCustomPiece{slot_of['A']} = {black_palace}",
        "pieceDrops = true",
        "capturesToHand = true",
        "dropNoDoubled = p",
        "shogiPawnDropMateIllegal = true",
        "flyingGeneral = true",
        "doubleStep = false",
        "castling = false",
        "stalemateValue = loss",
        "nMoveRule = 0",
        "nFoldRule = 4",
        "perpetualCheckIllegal = true",
        "startFen = lngakagnl/1rc3fb1/ppppppppp/9/9/9/PPPPPPPPP/1BF3CR1/LNGAKAGNL[] w - - 0 1",
    ]
    return "\n".join(lines) + "\n"


GAMES = {"shogi": Shogi, "minishogi": Minishogi, "xiangqi": Xiangqi, "shoogantshii": Shoogantshii}

# The spec's default Shoogantshii pieces (specs/shoogantshii.toml), for `--ini` only.
SHOOGANTSHII_DEFAULT = {
    "K": ("K", None), "A": ("F", None), "G": ("FfW", None), "N": ("ffN", "+N"),
    "+N": ("N", None), "L": ("fR", "+L"), "+L": ("vRsW", None), "B": ("B", "+B"),
    "+B": ("BW", None), "R": ("R", "+R"), "+R": ("RF", None), "C": ("mRcpR", "+C"),
    "+C": ("mRcpRmF", None), "F": ("mBcpB", "+F"), "+F": ("mBcpBmW", None),
    "P": ("fW", "+P"), "+P": ("WfF", None),
}

# ---------------------------------------------------------------------------------------------
# Protocol
# ---------------------------------------------------------------------------------------------


def engine_name():
    info = sf.info()                       # "Fairy-Stockfish 230826 LB by Fabian Fichter"
    name = info.split(" by ")[0].strip()
    return f"{name} via pyffish {PYFFISH_VERSION}"


def hello(msg):
    if msg.get("hello") != PROTOCOL:
        raise Refusal(f"expected hello {PROTOCOL!r}, got {msg.get('hello')!r}")
    game, files, ranks = msg.get("game"), msg.get("files"), msg.get("ranks")
    pieces = msg.get("pieces")
    if not isinstance(files, int) or not isinstance(ranks, int):
        raise Refusal("hello needs integer files and ranks")
    if not isinstance(pieces, list) or not all(isinstance(p, dict) and "id" in p for p in pieces):
        raise Refusal("hello needs pieces: a list of {id, name, betza, promotes_to}")
    if files > MAX_FILES or ranks > MAX_RANKS:
        raise Refusal(f"a {files}x{ranks} board is larger than Fairy-Stockfish's "
                      f"{MAX_FILES}x{MAX_RANKS}")
    legs = [p["id"] for p in pieces if multi_leg(str(p.get("betza", "")))]
    if legs:
        raise Refusal("Fairy-Stockfish has no multi-leg moves (XBetza 'a'): "
                      + ", ".join(legs))
    if game not in GAMES:
        raise Refusal(f"no Fairy-Stockfish counterpart for game {game!r} "
                      f"(this adapter plays {', '.join(sorted(GAMES))})")
    cls = GAMES[game]
    if (files, ranks) != (cls.files, cls.ranks):
        raise Refusal(f"{game} is {cls.files}x{cls.ranks} in Fairy-Stockfish, "
                      f"the hello says {files}x{ranks}")
    return cls(msg)


def main(argv):
    if "--ini" in argv:
        pieces = {pid: {"id": pid, "betza": b, "promotes_to": pr}
                  for pid, (b, pr) in SHOOGANTSHII_DEFAULT.items()}
        sys.stdout.write(shoogantshii_ini(pieces))
        return 0
    if argv[1:]:
        sys.stderr.write(__doc__)
        return 0 if argv[1] in ("-h", "--help") else 2

    # Protocol lines go to a private copy of stdout; fd 1 is pointed at stderr so that
    # nothing the C++ engine prints can corrupt the JSON stream.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def send(obj):
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        out.flush()

    game = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError as e:
            send({"error": f"not a JSON line ({e}): {line.strip()[:200]}"})
            continue
        if not isinstance(msg, dict):
            send({"error": f"not a JSON object: {line.strip()[:200]}"})
            continue
        if "hello" in msg:
            if game is not None:
                send({"error": "a second hello"})
                continue
            try:
                game = hello(msg)
            except Refusal as e:
                send({"error": str(e)})
                continue
            except Exception as e:  # noqa: BLE001 - every failure goes back as an error
                send({"error": f"hello failed: {type(e).__name__}: {e}"})
                continue
            send({"engine": engine_name(), "variant": game.variant, "readings": game.readings})
            continue
        reply = {"id": msg.get("id")}
        if game is None:
            reply["error"] = "no hello yet"
        elif not isinstance(msg.get("position"), str):
            reply["error"] = "expected {\"id\": N, \"position\": \"<position string>\"}"
        else:
            try:
                moves, filtered = game.moves(msg["position"])
                reply["moves"] = moves
                reply["filtered"] = filtered
            except Exception as e:  # noqa: BLE001
                reply["error"] = str(e) if isinstance(e, ValueError) else \
                    f"{type(e).__name__}: {e}"
        send(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
