#!/usr/bin/env python3
"""Self-test of the Fairy-Stockfish adapter (tools/ffish/adapter), run by tools/ffish/selftest.sh.

It talks to the adapter exactly as kensho crosscheck does (a child process, JSON lines), with
hellos built from specs/*.toml, and checks facts that do not come from the adapter or from
Fairy-Stockfish:
  - the published perft-1 figures (../shared/reference/perft.md): shogi 30, xiangqi 44;
  - hand-counted move lists of small positions (each written out below with its reasoning),
    among them a shogi uchifuzume and a Shoogantshii mate by a Pawn dropped as a Cannon's
    screen, which the adapter must report as filtered;
  - FSF's reading of every XBetza string the adapter lets through (VERIFIED_BETZA), against
    destination lists written by hand from ../shared/XBETZA.md;
  - that every reading the adapter names exists in the spec with that option;
  - that the squares where the adapter looks for Pawn drops that mate hold every checking
    Pawn drop FSF finds in positions of seeded random games (shogi, Shoogantshii);
  - protocol behaviour: refusals in the hello, errors for malformed lines (the adapter goes on),
    exit 0 at end of input, the wrapper's message when the virtualenv is missing.
Prints one line per check and closes with 'N passed, M failed'; exits 1 if any failed.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    sys.exit("tools/ffish/selftest.py needs Python 3.11 or later (tomllib)")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ADAPTER = os.path.join(HERE, "adapter")
sys.path.insert(0, HERE)
import adapter as adapter_module  # noqa: E402  (VERIFIED_BETZA, the game classes)
import pyffish as sf  # noqa: E402

passed = failed = 0


def check(cond, what, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print(f"ok - {what}")
    else:
        failed += 1
        print(f"FAIL - {what}" + (f": {detail}" if detail else ""))


def spec(game):
    with open(os.path.join(ROOT, "specs", f"{game}.toml"), "rb") as f:
        return tomllib.load(f)


def hello_of(name, **change):
    s = spec(name)
    pieces = []
    for p in s["piece"]:
        entry = {"id": p["id"], "name": p["name"], "betza": p["betza"]}
        if "promotes_to" in p:
            entry["promotes_to"] = p["promotes_to"]
        pieces.append(entry)
    msg = {"hello": "kensho-crosscheck/1", "game": s["game"]["id"],
           "files": s["board"]["files"], "ranks": s["board"]["ranks"], "pieces": pieces}
    msg.update(change)
    return msg


class Engine:
    """The adapter as a child process, one request and one reply at a time."""

    def __init__(self, cmd=(ADAPTER,)):
        self.p = subprocess.Popen(list(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        self.next_id = 0

    def raw(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline()
        return json.loads(reply) if reply else None

    def send(self, obj):
        return self.raw(json.dumps(obj))

    def position(self, pos):
        self.next_id += 1
        reply = self.send({"id": self.next_id, "position": pos})
        assert reply.get("id") == self.next_id, reply
        return reply

    def close(self):
        self.p.stdin.close()
        code = self.p.wait(timeout=30)
        self.p.stdout.close()
        self.p.stderr.close()
        return code


def moves_of(reply):
    return set(reply.get("moves", []))


def filtered_of(reply):
    return {f["move"]: f["why"] for f in reply.get("filtered", [])}


def check_readings(game, readings):
    s = spec(game)
    options = {r["id"]: {o["name"] for o in r.get("option", [])} for r in s.get("reading", [])}
    bad = [f"{rid}={opt}" for rid, opt in readings.items()
           if rid not in options or opt not in options[rid]]
    check(not bad, f"{game}: every reading in the hello reply is a reading option of the spec",
          ", ".join(bad))


# ---------------------------------------------------------------------------------------------
# Shogi
# ---------------------------------------------------------------------------------------------

def test_shogi():
    e = Engine()
    r = e.send(hello_of("shogi"))
    check(r.get("engine", "").startswith("Fairy-Stockfish") and r.get("variant") == "shogi",
          "shogi: hello answered", r)
    check(r.get("readings") == {}, "shogi: readings {} (FSF plays the defaults)", r)
    check_readings("shogi", r.get("readings", {}))

    # Published perft 1 (../shared/reference/perft.md): 30.
    start = e.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
    check(len(start["moves"]) == 30 and not start["filtered"], "shogi: start = 30 moves",
          start)
    # Squares as kensho names them: the first player's Rook on h2, its pawns on rank 3.
    check({"h2c2", "c3c4", "g1f2", "e1d2"} <= moves_of(start), "shogi: square names",
          sorted(moves_of(start)))

    # Uchifuzume. Gote's King e9 between its own Lances d9 and f9 (which move down their
    # files only), Sente's Gold e7 covers d8, e8 and f8, Sente holds a Pawn. P*e8 checks;
    # the King cannot take it (the Gold protects it) and d8/f8 are covered: mate by a pawn
    # drop, illegal. Sente's other moves (76 in all): Pawn drops on the 72 squares of ranks
    # 1-8 but e1, e7 and e8 (69); the Gold's six steps; the King's e1-e2 only (the Lances
    # cover the d- and f-files down to d1 and f1).
    r = e.position("3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1")
    check(filtered_of(r) == {"P*e8": "pawn-drop-mate"}, "shogi: P*e8 mate filtered", r)
    pawn_drops = {m for m in r["moves"] if m.startswith("P*")}
    check(len(pawn_drops) == 69 and "P*e8" not in pawn_drops and
          not any(m.endswith("9") for m in pawn_drops), "shogi: 69 other pawn drops",
          sorted(pawn_drops))
    check(moves_of(r) - pawn_drops ==
          {"e7d7", "e7d8", "e7e6", "e7e8", "e7f7", "e7f8", "e1e2"}, "shogi: Gold and King moves",
          sorted(moves_of(r) - pawn_drops))

    # The same for Gote (rotated): P*e2 mates Sente's King e1, filtered; move keys use
    # upper-case ids for both players.
    r = e.position("4k4/9/9/9/9/9/4g4/9/3LKL3 w p 2")
    check(filtered_of(r) == {"P*e2": "pawn-drop-mate"}, "shogi: Gote's P*e2 mate filtered", r)

    # Without the Gold the King takes the pawn: P*e8 is a check, not a mate, and stays.
    r = e.position("3lkl3/9/9/9/9/9/9/9/4K4 b P 1")
    check("P*e8" in moves_of(r) and not r["filtered"], "shogi: checking P*e8 (no mate) kept", r)

    # Nifu: a Sente pawn on e5 forbids pawn drops on the e-file; a tokin does not.
    r = e.position("4k4/9/9/9/4P4/9/9/9/K8 b P 1")
    check(not any(m.startswith("P*e") for m in r["moves"]), "shogi: nifu")
    r = e.position("4k4/9/9/9/4+P4/9/9/9/K8 b P 1")
    check({m for m in r["moves"] if m.startswith("P*e")} ==
          {f"P*e{n}" for n in range(1, 9) if n != 5}, "shogi: a tokin is no nifu")

    # Promotion: Pawn e8 must promote on e9; Lance a7: a8, a8+, a9+; Knight g6 must promote
    # on f8/h8, Knight h5 may on g7/i7; Silver c7 may promote on every move, the moves
    # leaving the zone (b6, d6) included (shogi: a move starting or ending in the zone).
    r = e.position("8k/4P4/L1S6/6N2/7N1/9/9/9/K8 b - 1")
    m = moves_of(r)
    check({"e8e9+", "a7a8", "a7a8+", "a7a9+", "g6f8+", "g6h8+", "h5g7", "h5g7+", "h5i7",
           "h5i7+"} <= m and not {"e8e9", "a7a9", "g6f8", "g6h8"} & m,
          "shogi: optional and forced promotion", sorted(m))
    check({x for x in m if x.startswith("c7")} ==
          {"c7b8", "c7b8+", "c7c8", "c7c8+", "c7d8", "c7d8+", "c7b6", "c7b6+", "c7d6",
           "c7d6+"}, "shogi: Silver leaving the zone may promote", sorted(m))
    check(e.close() == 0, "shogi: adapter exits 0 at end of input")


# ---------------------------------------------------------------------------------------------
# Xiangqi
# ---------------------------------------------------------------------------------------------

def test_xiangqi():
    e = Engine()
    r = e.send(hello_of("xiangqi"))
    check(r.get("variant") == "xiangqi" and r.get("readings") == {}, "xiangqi: hello answered",
          r)
    check_readings("xiangqi", r.get("readings", {}))
    # Published perft 1: 44.
    start = e.position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - 1")
    m = moves_of(start)
    check(len(m) == 44, "xiangqi: start = 44 moves", sorted(m))
    # Rank 10 squares: each Cannon captures the Horse on b10/h10 over the Cannon on b8/h8.
    check({"b3b10", "h3h10", "b1c3", "c1e3", "e1e2", "a4a5"} <= m, "xiangqi: squares incl. a10",
          sorted(m))
    # Red's General e1 and Black's e10 on an open file: flying general; e1 may not stay on e.
    r = e.position("4k4/9/9/9/9/9/9/9/9/3K5 b - 1")
    check(moves_of(r) == {"d1d2"}, "xiangqi: flying general (d1-e1, d1-e2 refused)", r)
    check(e.close() == 0, "xiangqi: adapter exits 0 at end of input")


# ---------------------------------------------------------------------------------------------
# Shoogantshii
# ---------------------------------------------------------------------------------------------

# The start position (reading setup = shogi-frame), counted by hand:
#   rank 1: La1-a2; Nb1 none (a3, c3 own); Gc1-d2 (b2, c2 own); Ad1-e2; Ke1-d2, e2, f2;
#           Af1-e2; Gg1-f2; Nh1 none; Li1-i2                                            (9)
#   rank 2: Bb2 none; Fc2 hops d3 and takes h7 (c2h7, c2h7+; h7 is in the zone; the
#           other diagonals end on own pieces); Cg2-f2, e2, d2 (c2 own), hops g3 and
#           takes g7 (g2g7, g2g7+), h2 own with i2 empty behind; Rh2-i2                  (8)
#   rank 3: nine Pawn steps                                                              (9)
SHOOGANTSHII_START = {
    "a1a2", "c1d2", "d1e2", "e1d2", "e1e2", "e1f2", "f1e2", "g1f2", "i1i2",
    "c2h7", "c2h7+", "g2f2", "g2e2", "g2d2", "g2g7", "g2g7+", "h2i2",
    "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "i3i4",
}


def test_shoogantshii():
    e = Engine()
    r = e.send(hello_of("shoogantshii"))
    readings = r.get("readings", {})
    check(r.get("variant") == "shoogantshii", "shoogantshii: hello answered", r)
    check(readings.get("move-into-check") == "illegal" and
          readings.get("flying-king") == "move-capture",
          "shoogantshii: readings move-into-check=illegal, flying-king=move-capture", readings)
    check_readings("shoogantshii", readings)

    start = e.position("lngakagnl/1rc3fb1/ppppppppp/9/9/9/PPPPPPPPP/1BF3CR1/LNGAKAGNL b - 1")
    check(moves_of(start) == SHOOGANTSHII_START and not start["filtered"],
          "shoogantshii: start = the 26 hand-counted moves",
          f"extra {sorted(moves_of(start) - SHOOGANTSHII_START)}, "
          f"missing {sorted(SHOOGANTSHII_START - moves_of(start))}")

    # Kings: d1 against e9 on an open e-file: d1-e1 and d1-e2 would face (flying-king
    # move-capture: illegal as self-check); c1, c2 are outside the palace. Only d1-d2.
    r = e.position("4k4/9/9/9/9/9/9/9/3K5 b - 1")
    check(moves_of(r) == {"d1d2"}, "shoogantshii: palace and facing Kings", r)

    # Drops (rules 2 and 3): Sente holds A, G, N, L, P; Kings e1 and d9 (not facing).
    # Advisor: only its own palace d1-f3 (8 empty squares). Others: anywhere but the own
    # palace, the enemy palace included, and not where they never move (P, L rank 9; N 8-9).
    r = e.position("3k5/9/9/9/9/9/9/9/4K4 b AGNLP 1")
    m, f = moves_of(r), filtered_of(r)
    palace = {f"{c}{n}" for c in "def" for n in (1, 2, 3)}
    check({x[2:] for x in m if x.startswith("A*")} == palace - {"e1"},
          "shoogantshii: Advisor drops only in the own palace")
    empty = {f"{c}{n}" for c in "abcdefghi" for n in range(1, 10)} - {"e1", "d9"}
    for pid, banned in (("G", set()), ("P", {"9"}), ("L", {"9"}), ("N", {"8", "9"})):
        want = {s for s in empty if s[1:] not in banned} - palace
        got = {x[2:] for x in m if x.startswith(pid + "*")}
        check(got == want, f"shoogantshii: {pid} drops outside the own palace "
              f"({len(want)})", f"extra {sorted(got - want)}, missing {sorted(want - got)}")
        check({x[2:] for x, why in f.items() if x.startswith(pid + "*")} ==
              palace - {"e1"} and all(f[x] == "own-palace-drop" for x in f
                                       if x.startswith(pid + "*")),
              f"shoogantshii: {pid} drops in the own palace filtered as own-palace-drop")
    check({"G*e8", "G*f7", "P*e7"} <= m, "shoogantshii: drops in the enemy palace kept")

    # Rule 6 with a screen. Gote's King e9 between its Lances d9, f9; Sente's Rook a8 covers
    # d8, e8, f8; Sente's Cannon e5 on the open e-file; Sente holds a Pawn. P*e7 or P*e6 puts
    # a screen between Cannon and King: check, no reply (e8 is covered by the Rook and by the
    # Cannon over the new screen, nothing can take the Pawn or block at e8/e6): mate by a
    # dropped Pawn as the springboard, illegal. P*e8 checks by itself but opens f8 (the Pawn
    # blocks the Rook's rank): no mate, legal.
    r = e.position("3lkl3/R8/9/9/4C4/9/9/9/4K4 b P 1")
    f = filtered_of(r)
    check(f.get("P*e7") == "pawn-drop-mate" and f.get("P*e6") == "pawn-drop-mate",
          "shoogantshii: pawn drop mating as a Cannon's screen filtered", f)
    check("P*e8" in moves_of(r), "shoogantshii: checking P*e8 (no mate) kept")

    # Promotion (reading promotion-trigger = ends-in-zone): Bishop b8 leaving the zone may
    # not promote (filtered); inside the zone it may. Pawn e8-e9 must promote, Lance a7 may
    # on a8 and must on a9, Horses c6-d8 and g7-f9/h9 must.
    r = e.position("3k5/1B2P4/L5N2/2N4R1/9/9/9/9/5K3 b - 1")
    m, f = moves_of(r), filtered_of(r)
    leaving = {f"b8{s}+" for s in ("d6", "e5", "f4", "g3", "h2", "i1")}
    check(leaving == set(f) and all(w == "promotion-leaving-zone" for w in f.values()),
          "shoogantshii: promotions on moves leaving the zone filtered", f)
    check({"b8d6", "b8a9+", "b8c7+", "b8c9+", "e8e9+", "a7a8", "a7a8+", "a7a9+", "c6d8+",
           "g7f9+", "g7h9+", "h6h7+", "h6d6"} <= m and
          not {"e8e9", "a7a9", "c6d8", "g7f9", "h6h5+"} & m,
          "shoogantshii: optional and forced promotions", sorted(m))

    # The same for Gote (each player's own zone, ranks 3-1): Bishop b2 leaving the zone,
    # Pawn e2 and Lance a3 forced on rank 1, Horses c4-d2 and g3-f1/h1 forced; Gote's King f9
    # stays in its palace d7-f9 (g8, g9 are outside).
    r = e.position("5k3/9/9/9/9/2n4r1/l5n2/1b2p4/3K5 w - 2")
    m, f = moves_of(r), filtered_of(r)
    check(set(f) == {f"b2{s}+" for s in ("d4", "e5", "f6", "g7", "h8", "i9")} and
          all(w == "promotion-leaving-zone" for w in f.values()),
          "shoogantshii: Gote's promotions leaving its zone filtered", f)
    check({"e2e1+", "a3a1+", "a3a2", "a3a2+", "c4d2+", "g3f1+", "g3h1+", "b2c3+", "b2d4"} <= m
          and not {"e2e1", "a3a1", "c4d2", "g3f1"} & m and
          {x for x in m if x.startswith("f9")} == {"f9e8", "f9e9", "f9f8"},
          "shoogantshii: Gote's forced promotions and palace", sorted(m))

    # Nifu (rule 1) and the General never promotes.
    r = e.position("3k5/9/4G4/9/4P4/9/9/9/5K3 b P 1")
    m = moves_of(r)
    check(not any(x.startswith("P*e") for x in m) and "e7e8" in m and "e7e8+" not in m,
          "shoogantshii: nifu; the General does not promote", sorted(m))
    check(e.close() == 0, "shoogantshii: adapter exits 0 at end of input")


# ---------------------------------------------------------------------------------------------
# Protocol
# ---------------------------------------------------------------------------------------------

def test_protocol():
    e = Engine()
    r = e.send({"id": 1, "position": "9/9/9/9/9/9/9/9/9 b - 1"})
    check(r.get("id") == 1 and "error" in r, "protocol: a position before the hello: error", r)
    r = e.raw("this is not JSON")
    check("error" in r, "protocol: a malformed line answered with an error", r)
    r = e.raw("[1, 2]")
    check("error" in r, "protocol: a JSON line that is not an object: error", r)
    r = e.send(hello_of("shogi"))
    check(r.get("variant") == "shogi", "protocol: the hello after errors is answered", r)
    for pos, what in (("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 rows"),
                      ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
                       "8 files"),
                      ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNQ b - 1",
                       "unknown piece"),
                      ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
                       "bad side"),
                      ("lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                       "no Gote King"),
                      ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b", "3 fields")):
        r = e.position(pos)
        check("error" in r and "moves" not in r, f"protocol: bad position ({what}): error",
              r)
    r = e.send({"id": 99})
    check(r.get("id") == 99 and "error" in r, "protocol: a request without position: error",
          r)
    r = e.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
    check(len(r.get("moves", [])) == 30, "protocol: still answering after the errors", r)
    check(e.close() == 0, "protocol: exit 0 at end of input")

    # Refusals in the hello.
    refusals = [
        ("a 16x16 board", hello_of("shogi", files=16, ranks=16)),
        ("a multi-leg XBetza string",
         hello_of("shogi", pieces=hello_of("shogi")["pieces"] +
                  [{"id": "LN", "name": "Lion", "betza": "KNADcaKmcabK"}])),
        ("a game FSF does not have", hello_of("shogi", game="suzumu")),
        ("another protocol", hello_of("shogi", hello="kensho-crosscheck/2")),
        ("a shogi piece moving otherwise",
         hello_of("shogi", pieces=[dict(p, betza="nffN") if p["id"] == "N" else p
                                   for p in hello_of("shogi")["pieces"]])),
        ("an unchecked Betza string in Shoogantshii",
         hello_of("shoogantshii", pieces=[dict(p, betza="fN") if p["id"] == "N" else p
                                          for p in hello_of("shoogantshii")["pieces"]])),
    ]
    for what, msg in refusals:
        e = Engine()
        r = e.send(msg)
        check(set(r) == {"error"}, f"protocol: hello with {what} refused", r)
        e.close()

    # Shoogantshii with the piece readings' other options (general-promotion = like-silver,
    # horse-leap = lame, screen-piece-step = step-captures) is built from the hello.
    pieces = []
    for p in hello_of("shoogantshii")["pieces"]:
        p = dict(p)
        p["betza"] = {"N": "nffN", "+N": "nN", "+C": "mRcpRF", "+F": "mBcpBW"}.get(p["id"],
                                                                                  p["betza"])
        if p["id"] == "G":
            p["promotes_to"] = "+P"     # like-silver: the General becomes a promoted Pawn
        pieces.append(p)
    e = Engine()
    r = e.send(hello_of("shoogantshii", pieces=pieces))
    check(r.get("variant") == "shoogantshii", "protocol: Shoogantshii with other piece readings",
          r)
    # A Horse c6 behind a piece on c7 is blocked (lame); the General c6 may promote on c7.
    r = e.position("3k5/9/2P6/2NG5/9/9/9/9/5K3 b - 1")
    m = moves_of(r)
    check(not any(x.startswith("c6") for x in m) and {"d6d7+", "d6e7+"}
          <= m, "protocol: lame Horse blocked, General promotes", sorted(m))
    e.close()

    # The wrapper without its virtualenv.
    tmp = tempfile.mkdtemp()
    try:
        os.makedirs(os.path.join(tmp, "tools", "ffish"))
        shutil.copy(ADAPTER, os.path.join(tmp, "tools", "ffish", "adapter"))
        p = subprocess.run([os.path.join(tmp, "tools", "ffish", "adapter")], input="",
                           capture_output=True, text=True, timeout=30)
        reply = json.loads(p.stdout.splitlines()[0]) if p.stdout else {}
        check(p.returncode != 0 and "run tools/ffish/setup.sh first" in p.stderr and
              "run tools/ffish/setup.sh first" in reply.get("error", ""),
              "wrapper: says 'run tools/ffish/setup.sh first' without .venv-ffish", p)
    finally:
        shutil.rmtree(tmp)


# ---------------------------------------------------------------------------------------------
# FSF's Betza parser against ../shared/XBETZA.md, for every string the adapter accepts
# ---------------------------------------------------------------------------------------------

def sq(text):
    return set(text.split())


DIAG = sq("d4 c3 b2 a1 d6 c7 b8 a9 f4 g3 h2 i1 f6 g7 h8 i9")
ORTH = sq("a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e6 e7 e8 e9")
WAZIR, FERZ = sq("d5 f5 e4 e6"), sq("d4 d6 f4 f6")
KNIGHT = sq("c4 c6 d3 d7 f3 f7 g4 g6")

# Destinations from e5 for a first-player piece (moving up), written from XBetza.md:
# 1. empty board (Kings a2, i8 off every line);
# 2. orthogonal guns: own screen e6, enemy Rooks e8, d6, f4;
# 3. diagonal guns: own screen f6, enemy Rooks g7, d5, e4;
# 4. lame leapers: own pieces e6 and f5.
EMPTY = {
    "K": WAZIR | FERZ, "W": WAZIR, "F": FERZ, "FfW": FERZ | {"e6"},
    "WfF": WAZIR | {"d6", "f6"}, "fW": {"e6"}, "ffN": {"d7", "f7"}, "nffN": {"d7", "f7"},
    "N": KNIGHT, "nN": KNIGHT, "fR": sq("e6 e7 e8 e9"), "vRsW": sq("e1 e2 e3 e4 e6 e7 e8 e9 d5 f5"),
    "B": DIAG, "BW": DIAG | WAZIR, "R": ORTH, "RF": ORTH | FERZ,
    "mRcpR": ORTH, "mRcpRmF": ORTH | FERZ, "mRcpRF": ORTH | FERZ,
    "mBcpB": DIAG, "mBcpBmW": DIAG | WAZIR, "mBcpBW": DIAG | WAZIR,
}
ORTH_GUN = sq("a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e8")     # e7 behind the screen: no move
DIAG_GUN = sq("d6 c7 b8 a9 d4 c3 b2 a1 f4 g3 h2 i1 g7")
SCREENS = {
    "mRcpR": ORTH_GUN, "mRcpRmF": ORTH_GUN | {"d4", "f6"},
    "mRcpRF": ORTH_GUN | FERZ,
    "mBcpB": DIAG_GUN, "mBcpBmW": DIAG_GUN | {"e6", "f5"},
    "mBcpBW": DIAG_GUN | WAZIR,
}
LAME = {"nN": sq("c4 c6 d3 f3"), "nffN": set(), "N": KNIGHT, "ffN": {"d7", "f7"}}


def test_betza():
    strings = sorted(adapter_module.VERIFIED_BETZA)
    check(set(strings) == set(EMPTY), "betza: an expectation for every VERIFIED_BETZA string",
          sorted(set(strings) ^ set(EMPTY)))
    letters = "abcdefghijlmnopqstuvwxyz"   # not k (King), not r (the enemy Rook below)
    slot = {b: letters[i] for i, b in enumerate(strings)}
    ini = ["[betzaprobe]", "maxFile = i", "maxRank = 9", "king = k", "rook = r",
           "castling = false", "doubleStep = false", "promotionPieceTypes = -"]
    ini += [f"customPiece{i + 1} = {slot[b]}:{b}" for i, b in enumerate(strings)]
    ini += ["startFen = 9/8k/9/9/9/9/9/K8/9 w - - 0 1"]
    sf.load_variant_config("\n".join(ini) + "\n")

    def dests(rows):
        fen = "/".join(rows) + " w - - 0 1"
        return {m[2:] for m in sf.legal_moves("betzaprobe", fen, []) if m.startswith("e5")}

    own = slot["W"].upper()   # own screen or blocker: a Wazir
    for b in strings:
        x = slot[b].upper()
        got = dests(["9", "8k", "9", "9", f"4{x}4", "9", "9", "K8", "9"])
        check(got == EMPTY[b], f"betza: {b} on an empty board",
              f"extra {sorted(got - EMPTY[b])}, missing {sorted(EMPTY[b] - got)}")
        if b in SCREENS:
            if b.startswith("mR"):
                rows = ["9", "4r3k", "9", f"3r{own}4", f"4{x}4", "5r3", "9", "K8", "9"]
            else:
                rows = ["9", "8k", "6r2", f"5{own}3", f"3r{x}4", "4r4", "9", "K8", "9"]
            got = dests(rows)
            check(got == SCREENS[b], f"betza: {b} with screens",
                  f"extra {sorted(got - SCREENS[b])}, missing {sorted(SCREENS[b] - got)}")
        if b in LAME:
            got = dests(["9", "8k", "9", f"4{own}4", f"4{x}{own}3", "9", "9", "K8", "9"])
            check(got == LAME[b], f"betza: {b} with blockers e6, f5",
                  f"extra {sorted(got - LAME[b])}, missing {sorted(LAME[b] - got)}")



# ---------------------------------------------------------------------------------------------
# The adapter asks FSF only about Pawn drops on squares where a Pawn can give check
# (Game.pawn_check_squares); here FSF is asked about every Pawn drop instead, in positions of
# seeded random FSF games, and the checking drops must all be among those squares.
# ---------------------------------------------------------------------------------------------

def fsf_to_kensho(fen, ply):
    placement, side = fen.split()[:2]
    hands = "-"
    m = re.fullmatch(r"(.*)\[(.*)\]", placement)
    if m:
        placement, pocket = m.groups()
        counts = {}
        for c in pocket:
            counts[c] = counts.get(c, 0) + 1
        hands = "".join((str(n) if n > 1 else "") + c for c, n in sorted(counts.items())) or "-"
    return f"{placement} {'b' if side == 'w' else 'w'} {hands} {ply}"


def test_pawn_check_squares():
    for name, cls in (("shogi", adapter_module.Shogi),
                      ("shoogantshii", adapter_module.Shoogantshii)):
        game = cls(hello_of(name))
        variant = game.variant
        rng = random.Random(20261121)
        looked = checking = mates = 0
        problems = []
        while looked < 30:
            fen, ply = sf.start_fen(variant), 1
            while ply < 200 and looked < 30:
                legal = sf.legal_moves(variant, fen, [])
                if not legal:
                    break
                drops = [m for m in legal if m.startswith("P@")]
                if drops and ply % 3 == 0:
                    looked += 1
                    pos = fsf_to_kensho(fen, ply)
                    kfen, side, board = game.fen(pos)
                    squares = game.pawn_check_squares(board, side)
                    for mv in drops:
                        if sf.gives_check(variant, kfen, [mv]):
                            checking += 1
                            if mv[2:] not in squares:
                                problems.append(f"{pos}: {mv} checks, not a candidate")
                            mate = not sf.legal_moves(variant, kfen, [mv])
                            mates += mate
                            got = "P*" + mv[2:] in {f["move"] for f in game.moves(pos)[1]
                                                    if f["why"] == "pawn-drop-mate"}
                            if mate != got:
                                problems.append(f"{pos}: {mv} mate={mate}, filtered={got}")
                fen = sf.get_fen(variant, fen, [rng.choice(legal)])
                ply += 1
        check(not problems and checking > 0,
              f"{name}: every checking Pawn drop is a candidate square ({looked} positions, "
              f"{checking} checking drops, {mates} mates)", "; ".join(problems[:5]))

def test_perft_file():
    path = os.path.join(ROOT, "..", "shared", "reference", "perft.md")
    if not os.path.exists(path):
        print("# ../shared/reference/perft.md not found: using 30 and 44 as written here")
        return
    text = open(path, encoding="utf-8").read()
    found = {g: re.search(rf"^\| {g} \| ([\d,]+) \|", text, re.M) for g in ("shogi", "xiangqi")}
    check(found["shogi"] and found["shogi"].group(1) == "30" and
          found["xiangqi"] and found["xiangqi"].group(1) == "44",
          "perft.md: the published perft 1 figures are 30 and 44")


def main():
    for test in (test_perft_file, test_betza, test_shogi, test_xiangqi, test_shoogantshii,
                 test_protocol, test_pawn_check_squares):
        try:
            test()
        except Exception as e:  # noqa: BLE001 - a crash counts as a failure, the rest runs
            check(False, f"{test.__name__} ran to the end", f"{type(e).__name__}: {e}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
