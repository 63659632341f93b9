//! Every *simple* XBetza string of the three seed documents (Suzumu, Mitsugumi, Hook Shogi)
//! checked against an expectation written from the documents' PROSE.
//!
//! "Simple" = the string has no `a`, no `(`, no `j` and no `U`: plain steps, slides, ranged
//! slides and plain leaps. The expectation of each string is written by hand as slides and jumps
//! for the independent `oracle` of `tests/common`, never taken from kensho. Every case carries
//! its citation (`prose`): the words of the document(s) that name the string, or, where a
//! document gives no prose for the piece, the conventional meaning of the piece's name (said so
//! explicitly, with the prose another seed document gives for the same name where there is one).
//!
//! Where prose and configuration disagree, the CONFIGURATION string is tested against what
//! XBETZA.md says it means, and the conflict is recorded in `docs/prose-vs-config.md`.
//!
//! Each case is run on the board of every document whose configuration names the string
//! (16x16, 13x13, 19x19): on the central square with an empty board and with many blocker
//! patterns (friends and enemies next to the piece, which also sit on every jumped-over square
//! of D, A and N leaps; at distance 2..5; on the knight squares), and on edge and corner squares.
//! `simple_strings_are_all_covered` extracts the simple strings from the seed files at test time
//! and requires the case table to cover exactly them, document by document.

use crate::common;
use crate::common::outside::{self, Documents};
use common::*;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

// ----------------------------------------------------------------------------------------------
// Documents
// ----------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Doc {
    Suzumu,
    Mitsugumi,
    Hook,
}
use Doc::{Hook, Mitsugumi, Suzumu};

const ALL_DOCS: [Doc; 3] = [Suzumu, Mitsugumi, Hook];

impl Doc {
    fn file(self) -> &'static str {
        match self {
            Suzumu => "000_116ea7fedabdbe2a.txt",
            Mitsugumi => "001_bbc26209d8e27e8f.txt",
            Hook => "002_f3ad3da1aac5a416.txt",
        }
    }
    /// The board of the document's configuration (`files=` / `ranks=`).
    fn size(self) -> u8 {
        match self {
            Suzumu => 16,
            Mitsugumi => 13,
            Hook => 19,
        }
    }
    fn board(self) -> String {
        format!("{0}x{0}", self.size())
    }
    /// A central square: h8 on 16x16, g7 on 13x13, j10 on 19x19.
    fn centre(self) -> (i32, i32) {
        let c = (self.size() as i32 - 1) / 2;
        (c, c)
    }
    fn text(self, docs: &Documents) -> String {
        docs.read(self.file())
    }
}

impl fmt::Display for Doc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Suzumu => "Suzumu Shogi (16x16)",
            Mitsugumi => "Mitsugumi Shogi (13x13)",
            Hook => "Hook Shogi (19x19)",
        };
        f.write_str(s)
    }
}

// ----------------------------------------------------------------------------------------------
// Extraction of the configuration strings (`name:ID:XBETZA:image:squares`)
// ----------------------------------------------------------------------------------------------

/// (name, ID, XBetza) of every configuration entry: the equivalent of
/// `grep -oE '[a-z ]+:\+?[A-Z]+:[^:]*:'`, third field.
fn config_entries(text: &str) -> Vec<(String, String, String)> {
    let b = text.as_bytes();
    let name_char = |c: u8| c.is_ascii_lowercase() || c == b' ';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b':' && i > 0 && name_char(b[i - 1]) {
            let mut s = i;
            while s > 0 && name_char(b[s - 1]) {
                s -= 1;
            }
            let mut j = i + 1;
            if j < b.len() && b[j] == b'+' {
                j += 1;
            }
            let id_start = j;
            while j < b.len() && b[j].is_ascii_uppercase() {
                j += 1;
            }
            if j > id_start && j < b.len() && b[j] == b':' {
                let bz = j + 1;
                if let Some(k) = text[bz..].find(':') {
                    let betza = &text[bz..bz + k];
                    if !betza.contains(char::is_whitespace) {
                        out.push((text[s..i].trim().to_string(), text[i + 1..j].to_string(), betza.to_string()));
                        i = bz + k;
                        continue;
                    }
                }
            }
        }
        i += 1;
    }
    out
}

fn is_simple(betza: &str) -> bool {
    !betza.contains(['a', '(', 'j', 'U'])
}

/// simple string -> documents whose configuration names it.
fn simple_strings_in_seeds(docs: &Documents) -> BTreeMap<String, BTreeSet<Doc>> {
    let mut m: BTreeMap<String, BTreeSet<Doc>> = BTreeMap::new();
    for doc in ALL_DOCS {
        for (_, _, betza) in config_entries(&doc.text(docs)) {
            if is_simple(&betza) {
                m.entry(betza).or_default().insert(doc);
            }
        }
    }
    m
}

// ----------------------------------------------------------------------------------------------
// The case table: one case per distinct simple string
// ----------------------------------------------------------------------------------------------

struct Case {
    betza: &'static str,
    /// Every document whose configuration names this string.
    docs: &'static [Doc],
    /// The piece name(s) the string has in those documents.
    piece: &'static str,
    /// Citation: the prose the expectation is written from.
    prose: &'static str,
    slides: Vec<Ray>,
    jumps: Vec<(i32, i32)>,
}

fn case(betza: &'static str, docs: &'static [Doc], piece: &'static str, prose: &'static str) -> Case {
    Case { betza, docs, piece, prose, slides: Vec::new(), jumps: Vec::new() }
}

impl Case {
    /// Slides of at most `max` squares (`UNLIMITED`) along each of `dirs`.
    fn slide(mut self, dirs: &[(i32, i32)], max: u32) -> Self {
        self.slides.extend(rays(dirs, max));
        self
    }
    /// One-square steps ("steps 1 square"): a slide of at most one square.
    fn step(self, dirs: &[(i32, i32)]) -> Self {
        self.slide(dirs, 1)
    }
    /// Leaps that ignore what lies between.
    fn jump(mut self, offsets: &[(i32, i32)]) -> Self {
        self.jumps.extend_from_slice(offsets);
        self
    }
}

// Direction groups, from the moving player's side (forward = higher ranks, LEFT = toward file a).
const VERT: [(i32, i32); 2] = [FWD, BACK];
const SIDE: [(i32, i32); 2] = [LEFT, RIGHT];
const FDIAG: [(i32, i32); 2] = [FL, FR];
const BDIAG: [(i32, i32); 2] = [BL, BR];
/// "jump 2 squares orthogonally" (XBETZA.md: D = (2,0)).
const DABBABA: [(i32, i32); 4] = [(0, 2), (0, -2), (2, 0), (-2, 0)];
/// "jump 2 squares diagonally" (XBETZA.md: A = (2,2)).
const ALFIL: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
/// "a (1,2) leap in any direction".
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

const SMH: &[Doc] = &[Suzumu, Mitsugumi, Hook];
const SM: &[Doc] = &[Suzumu, Mitsugumi];
const SH: &[Doc] = &[Suzumu, Hook];
const S: &[Doc] = &[Suzumu];
const H: &[Doc] = &[Hook];

fn cases() -> Vec<Case> {
    vec![
        // ---------------------------------------------------------------- steppers
        case(
            "fW",
            SMH,
            "Pawn",
            "Suzumu and Mitsugumi: \"The Pawn occurs in its Shogi form, moving as well as capturing one square \
             directly forward.\" Hook: \"The Pawn moves as it does in Shogi - 1 square orthogonally forward.\"",
        )
        .step(&[FWD]),
        case(
            "bFfW",
            SMH,
            "Dog",
            "Hook: \"The Dog moves 1 square orthogonally forward or diagonally backward.\" (Suzumu and Mitsugumi \
             give no prose for the Dog; same name, conventional Tenjiku Dog.)",
        )
        .step(&[FWD, BL, BR]),
        case(
            "fFbW",
            SH,
            "Iron General (Suzumu) / Tile General (Hook)",
            "Suzumu: \"The Iron General steps one square diagonally forward or directly backward (rather than \
             stepping only in the forward directions).\" Hook: \"The Tile General moves 1 square orthogonally \
             backward or diagonally forward.\"",
        )
        .step(&[FL, FR, BACK]),
        case(
            "fFfW",
            H,
            "Iron General (Hook)",
            "Hook CONFLICT (docs/prose-vs-config.md): the table says \"The Iron General moves 1 square orthogonally \
             or diagonally forward.\" (a Gold General), but the configuration is fFfW, and Hook's promotion prose \
             says \"When a Pawn, Stone General, or Iron General reaches the last rank ... these pieces cannot move \
             backwards or to the sides\". Tested as the configuration reads in XBETZA.md: fF + fW = the three \
             forward squares.",
        )
        .step(&[FL, FWD, FR]),
        case(
            "fFvW",
            SH,
            "Copper General",
            "Hook: \"The Copper General moves 1 square vertically or diagonally forward.\" (Suzumu: no prose; same \
             name.)",
        )
        .step(&[FWD, BACK, FL, FR]),
        case(
            "FfW",
            SMH,
            "Silver General",
            "Hook: \"The Silver General moves as it does in Shogi - it moves 1 square diagonally, or directly \
             forward.\" (Suzumu, Mitsugumi: no prose; same name.)",
        )
        .step(&DIAGONAL)
        .step(&[FWD]),
        case(
            "FvW",
            SMH,
            "Ferocious Leopard",
            "Hook: \"The Ferocious Leopard can step 1 square in any direction except orthogonally sideways.\" \
             (Suzumu, Mitsugumi: no prose; same name.)",
        )
        .step(&[FWD, BACK, FL, FR, BL, BR]),
        case(
            "WfF",
            SMH,
            "Gold General / Tokin",
            "Hook: \"The Gold General moves as it does in Shogi - it moves 1 square orthogonally, or diagonally \
             forward.\" and \"Pawn -> Gold\" (its configuration calls the promoted Pawn tokin:+P:WfF). Suzumu, \
             Mitsugumi: no prose; Gold General and Tokin conventionally move as Gold.",
        )
        .step(&ORTHOGONAL)
        .step(&FDIAG),
        case(
            "FsbW",
            SMH,
            "Blind Tiger",
            "Hook: \"The Blind Tiger can step 1 square in any direction except directly forward.\" Mitsugumi's setup \
             list writes it \"Blind Tiger (FbsW)\" (same set: b and s add up; recorded in docs/prose-vs-config.md). \
             Suzumu: no prose; same name.",
        )
        .step(&[BACK, LEFT, RIGHT, FL, FR, BL, BR]),
        case(
            "FsfW",
            SH,
            "Drunk Elephant",
            "Hook: \"The Drunk Elephant can step 1 square in any direction except directly backward.\" (Suzumu: no \
             prose for its moves; same name.)",
        )
        .step(&[FWD, LEFT, RIGHT, FL, FR, BL, BR]),
        case("F", H, "Cat Sword", "Hook: \"The Cat Sword can step 1 square diagonally.\"").step(&DIAGONAL),
        case("W", H, "Angry Boar", "Hook: \"The Angry Boar can step 1 square orthogonally.\"").step(&ORTHOGONAL),
        case("vW", H, "Earth General", "Hook: \"The Earth General moves 1 square vertically.\"").step(&VERT),
        case("fF", H, "Stone General", "Hook: \"The Stone General moves 1 square diagonally forward.\"").step(&FDIAG),
        case(
            "fFfsW",
            H,
            "Evil Wolf",
            "Hook: \"The Evil Wolf can step 1 square sideways, directly forward, or diagonally forward.\"",
        )
        .step(&[LEFT, RIGHT, FWD, FL, FR]),
        case(
            "bFvW",
            H,
            "Coiled Serpent",
            "Hook: \"The Coiled Serpent can step 1 square vertically or diagonally backward.\"",
        )
        .step(&[FWD, BACK, BL, BR]),
        case(
            "fFsbW",
            H,
            "Blind Dog",
            "Hook: \"The Blind Dog can step 1 square sideways, directly backward, or diagonally forward.\"",
        )
        .step(&[LEFT, RIGHT, BACK, FL, FR]),
        case("FbW", H, "Old Monkey", "Hook: \"The Old Monkey can step 1 square diagonally, or directly backward.\"")
            .step(&DIAGONAL)
            .step(&[BACK]),
        case(
            "WbF",
            H,
            "Reclining Dragon",
            "Hook: \"The Reclining Dragon can step 1 square in any direction except diagonally forward.\"",
        )
        .step(&[FWD, BACK, LEFT, RIGHT, BL, BR]),
        case(
            "lfbFW",
            H,
            "Deva",
            "Hook: \"The Deva can step 1 square in any direction except diagonally forward to the right.\"",
        )
        .step(&[FWD, BACK, LEFT, RIGHT, FL, BL, BR]),
        case(
            "rfbFW",
            H,
            "Dark Spirit",
            "Hook: \"The Dark Spirit can step 1 square in any direction except diagonally forward to the left.\"",
        )
        .step(&[FWD, BACK, LEFT, RIGHT, FR, BL, BR]),
        case(
            "K",
            SMH,
            "King / Prince / Crown Prince",
            "Hook: \"The King can step 1 square in any direction.\" Suzumu: the Drunk Elephant \"promotes to a \
             Prince, which is basically a second King\". (Mitsugumi: no prose; King. Hook's Crown Prince: no \
             prose; Prince = King.)",
        )
        .step(&ALL8),
        // ---------------------------------------------------------------- leapers
        case(
            "N",
            SMH,
            "Knight",
            "Suzumu and Mitsugumi: \"The Knight makes a (1,2) leap in any direction (rather than just the two \
             forward-most directions).\" Hook: \"The Knight moves as it does in Chess - it jumps to the nearest \
             square that a Queen cannot.\"",
        )
        .jump(&KNIGHT),
        case(
            "FD",
            SMH,
            "Kirin",
            "Hook: \"The Kirin can move 1 square diagonally or jump 2 squares orthogonally.\" (Suzumu, Mitsugumi: no \
             prose; same name.)",
        )
        .step(&DIAGONAL)
        .jump(&DABBABA),
        case(
            "WA",
            SMH,
            "Phoenix",
            "Hook: \"The Phoenix can move 1 square orthogonally or jump 2 squares diagonally.\" (Suzumu, Mitsugumi: \
             no prose; same name.)",
        )
        .step(&ORTHOGONAL)
        .jump(&ALFIL),
        case(
            "WfFA",
            H,
            "Warrior",
            "Hook: \"The Warrior can step 1 square in any direction except diagonally backward. In addition, it can \
             jump 2 squares diagonally.\"",
        )
        .step(&[FWD, BACK, LEFT, RIGHT, FL, FR])
        .jump(&ALFIL),
        case(
            "FvWD",
            H,
            "Poisonous Snake",
            "Hook: \"The Poisonous Snake can step 1 square in any direction except orthogonally sideways. In \
             addition, it can jump 2 squares orthogonally.\"",
        )
        .step(&[FWD, BACK, FL, FR, BL, BR])
        .jump(&DABBABA),
        // ---------------------------------------------------------------- short-range sliders
        case("F2", H, "Flying Horse", "Hook: \"The Flying Horse can slide 1 or 2 squares diagonally.\"")
            .slide(&DIAGONAL, 2),
        case("W2", H, "Flying Dragon", "Hook: \"The Flying Dragon can slide 1 or 2 squares orthogonally.\"")
            .slide(&ORTHOGONAL, 2),
        case(
            "K3",
            H,
            "Roaring Dog",
            "Hook: \"The Roaring Dog can slide up to 3 squares in any direction, orthogonal or diagonal.\"",
        )
        .slide(&ALL8, 3),
        // ---------------------------------------------------------------- lances and chariots
        case(
            "fRbW2",
            SMH,
            "Lance",
            "Suzumu and Mitsugumi: \"The Lance, in addition to sliding directly forward, can slide up to two \
             squares directly backward.\" Hook: \"The Lance slides forward or up to 2 squares directly backward.\"",
        )
        .slide(&[FWD], UNLIMITED)
        .slide(&[BACK], 2),
        case(
            "vR",
            SH,
            "Reverse Chariot",
            "Hook: \"The Reverse Chariot slides vertically.\" (Suzumu: no prose; same name.)",
        )
        .slide(&VERT, UNLIMITED),
        case(
            "fRbWflbrB",
            H,
            "Left Chariot",
            "Hook: \"The Left Chariot can slide directly forward, diagonally forward to the left, or diagonally \
             backward to the right. In addition, it can step 1 square directly backward.\"",
        )
        .slide(&[FWD, FL, BR], UNLIMITED)
        .step(&[BACK]),
        case(
            "fRbWfrblB",
            H,
            "Right Chariot",
            "Hook: \"The Right Chariot can slide directly forward, diagonally forward to the right, or diagonally \
             backward to the left. In addition, it can step 1 square directly backward.\"",
        )
        .slide(&[FWD, FR, BL], UNLIMITED)
        .step(&[BACK]),
        // ---------------------------------------------------------------- movers, soldiers, chariots
        case(
            "vWsR",
            S,
            "Side Mover (Suzumu)",
            "Suzumu gives no prose for the Side Mover (\"Most pieces move like their counterparts in Tenjiku \
             Shogi\"); Hook's prose for the same name: \"The Side Mover can slide sideways or move one square \
             vertically.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .step(&VERT),
        case(
            "WsR",
            H,
            "Side Mover (Hook)",
            "Hook: \"The Side Mover can slide sideways or move one square vertically.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .step(&VERT),
        case(
            "sWvR",
            SM,
            "Vertical Mover (Suzumu, Mitsugumi)",
            "Suzumu and Mitsugumi give no prose for the Vertical Mover; Hook's prose for the same name: \"The \
             Vertical Mover can slide vertically or move one square sideways.\"",
        )
        .slide(&VERT, UNLIMITED)
        .step(&SIDE),
        case(
            "WvR",
            H,
            "Vertical Mover (Hook)",
            "Hook: \"The Vertical Mover can slide vertically or move one square sideways.\"",
        )
        .slide(&VERT, UNLIMITED)
        .step(&SIDE),
        case(
            "bWsRfW2",
            SM,
            "Side Soldier (Suzumu, Mitsugumi)",
            "Suzumu and Mitsugumi give no prose for the Side Soldier (Mitsugumi's setup list writes \"Side Soldier \
             (WsRfW2)\", the same set; see docs/prose-vs-config.md); Hook's prose for the same name: \"The Side \
             Soldier can slide sideways or move one square directly backward. In addition, it can slide 1 or 2 \
             squares directly forward.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .step(&[BACK])
        .slide(&[FWD], 2),
        case(
            "WsRfW2",
            H,
            "Side Soldier (Hook)",
            "Hook: \"The Side Soldier can slide sideways or move one square directly backward. In addition, it can \
             slide 1 or 2 squares directly forward.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .step(&[BACK])
        .slide(&[FWD], 2),
        case(
            "bWfRsW2",
            S,
            "Vertical Soldier (Suzumu)",
            "Suzumu gives no prose for the Vertical Soldier; Hook's prose for the same name: \"The Vertical Soldier \
             can slide directly forward or move one square directly backward. In addition, it can slide 1 or 2 \
             squares sideways.\"",
        )
        .slide(&[FWD], UNLIMITED)
        .step(&[BACK])
        .slide(&SIDE, 2),
        case(
            "WfRsW2",
            H,
            "Vertical Soldier (Hook)",
            "Hook: \"The Vertical Soldier can slide directly forward or move one square directly backward. In \
             addition, it can slide 1 or 2 squares sideways.\"",
        )
        .slide(&[FWD], UNLIMITED)
        .step(&[BACK])
        .slide(&SIDE, 2),
        case(
            "sRvW2",
            H,
            "Side Chariot",
            "Hook: \"The Side Chariot can slide sideways or up to 2 squares vertically.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .slide(&VERT, 2),
        case(
            "vRsW2",
            H,
            "Vertical Chariot",
            "Hook: \"The Vertical Chariot can slide vertically or up to 2 squares sideways.\"",
        )
        .slide(&VERT, UNLIMITED)
        .slide(&SIDE, 2),
        case(
            "BvRsW2",
            SM,
            "Chariot Soldier",
            "Suzumu and Mitsugumi give no prose (Mitsugumi's setup list only repeats \"Chariot Soldier (BvRsW2)\"). \
             Conventional Tenjiku Chariot Soldier: slides diagonally and vertically, and up to 2 squares sideways \
             (XBETZA.md: B + vR + sW2).",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&VERT, UNLIMITED)
        .slide(&SIDE, 2),
        case(
            "BsRvW2",
            SM,
            "Water Buffalo",
            "Suzumu and Mitsugumi give no prose (Mitsugumi's setup list only repeats \"Water Buffalo (BsRvW2)\"). \
             Conventional Tenjiku Water Buffalo: slides diagonally and sideways, and up to 2 squares vertically \
             (XBETZA.md: B + sR + vW2).",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&SIDE, UNLIMITED)
        .slide(&VERT, 2),
        case(
            "BvRsW5",
            H,
            "Free Dream Eater",
            "Hook: \"The Free Dream Eater can slide vertically or diagonally. In addition, it can slide up to 5 \
             squares sideways.\"",
        )
        .slide(&VERT, UNLIMITED)
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&SIDE, 5),
        case(
            "BsRvW5",
            H,
            "Free Demon",
            "Hook: \"The Free Demon can slide sideways or diagonally. In addition, it can slide up to 5 squares \
             vertically.\"",
        )
        .slide(&SIDE, UNLIMITED)
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&VERT, 5),
        // ---------------------------------------------------------------- long-range sliders
        case(
            "B",
            SMH,
            "Bishop / Free Cat",
            "Hook: \"The Bishop moves as it does in Chess - it slides diagonally.\" and \"The Free Cat slides \
             diagonally.\"",
        )
        .slide(&DIAGONAL, UNLIMITED),
        case(
            "R",
            SMH,
            "Rook / Running Boar",
            "Hook: \"The Rook moves as it does in Chess - it slides orthogonally.\" and \"The Running Boar slides \
             orthogonally.\"",
        )
        .slide(&ORTHOGONAL, UNLIMITED),
        case(
            "Q",
            SMH,
            "Queen",
            "Hook: \"The Queen moves as it does in Chess - it slides orthogonally or diagonally.\" (Suzumu's Free \
             Eagle prose: \"The Free Eagle can move as a Queen\".)",
        )
        .slide(&ALL8, UNLIMITED),
        case(
            "BW",
            SMH,
            "Dragon Horse",
            "Hook: \"The Dragon Horse moves as it does in Shogi - it can move as a Bishop or as a King.\"",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .step(&ALL8),
        case(
            "RF",
            SMH,
            "Dragon King",
            "Hook: \"The Dragon King moves as it does in Shogi - it can move as a Rook or as a King.\"",
        )
        .slide(&ORTHOGONAL, UNLIMITED)
        .step(&ALL8),
        case(
            "bBfR",
            SMH,
            "Multi General",
            "Hook: \"The Multi General slides orthogonally forward or diagonally backward.\"",
        )
        .slide(&[FWD, BL, BR], UNLIMITED),
        case("fBvR", SMH, "White Horse", "Hook: \"The White Horse can slide vertically or diagonally forward.\"")
            .slide(&[FWD, BACK, FL, FR], UNLIMITED),
        case(
            "bBvR",
            SH,
            "Whale / Free Serpent",
            "Hook: \"The Whale can slide vertically or diagonally backward.\" and \"The Free Serpent can slide \
             vertically or diagonally backward.\"",
        )
        .slide(&[FWD, BACK, BL, BR], UNLIMITED),
        case("BsR", SH, "Free Boar", "Hook: \"The Free Boar can slide sideways or diagonally.\"")
            .slide(&SIDE, UNLIMITED)
            .slide(&DIAGONAL, UNLIMITED),
        case("BvR", SMH, "Flying Ox", "Hook: \"The Flying Ox can slide vertically or diagonally.\"")
            .slide(&VERT, UNLIMITED)
            .slide(&DIAGONAL, UNLIMITED),
        case(
            "RbB",
            H,
            "Free Dragon",
            "Hook: \"The Free Dragon can slide in any direction except diagonally forward.\"",
        )
        .slide(&[FWD, BACK, LEFT, RIGHT, BL, BR], UNLIMITED),
        case(
            "BsfRbW",
            H,
            "Wizard Stork",
            "Hook: \"The Wizard Stork can slide diagonally, sideways, or directly forward. In addition, it can step \
             1 square directly backward.\"",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&[LEFT, RIGHT, FWD], UNLIMITED)
        .step(&[BACK]),
        case(
            "BsbRfW",
            H,
            "Mountain Witch",
            "Hook: \"The Mountain Witch can slide diagonally, sideways, or directly backward. In addition, it can \
             step 1 square directly forward.\"",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&[LEFT, RIGHT, BACK], UNLIMITED)
        .step(&[FWD]),
        case(
            "RfB4bB2",
            H,
            "Fire Dragon",
            "Hook: \"The Fire Dragon can slide orthogonally. In addition, it can slide up to 2 squares diagonally \
             backward or up to 4 squares diagonally forward.\"",
        )
        .slide(&ORTHOGONAL, UNLIMITED)
        .slide(&FDIAG, 4)
        .slide(&BDIAG, 2),
        case(
            "RbB4fB2",
            H,
            "Water Dragon",
            "Hook: \"The Water Dragon can slide orthogonally. In addition, it can slide up to 2 squares diagonally \
             forward or up to 4 squares diagonally backward.\"",
        )
        .slide(&ORTHOGONAL, UNLIMITED)
        .slide(&FDIAG, 2)
        .slide(&BDIAG, 4),
        case(
            "BsR4vR2",
            H,
            "Earth Dragon",
            "Hook: \"The Earth Dragon can slide diagonally. In addition, it can slide up to 2 squares vertically or \
             up to 4 squares sideways.\"",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&VERT, 2)
        .slide(&SIDE, 4),
        case(
            "BvR4sR2",
            H,
            "Wind Dragon",
            "Hook: \"The Wind Dragon can slide diagonally. In addition, it can slide up to 2 squares sideways or up \
             to 4 squares vertically.\"",
        )
        .slide(&DIAGONAL, UNLIMITED)
        .slide(&SIDE, 2)
        .slide(&VERT, 4),
        // ---------------------------------------------------------------- King plus slides, slides plus leaps
        case(
            "FsWvR",
            SM,
            "Flying Stag (Suzumu, Mitsugumi)",
            "Suzumu and Mitsugumi give no prose (Mitsugumi's setup list: \"Blind Tiger (FbsW) -> Flying Stag \
             (FsWvR)\"); Hook's prose for the same name: \"The Flying Stag moves as a King or slides vertically.\"",
        )
        .step(&ALL8)
        .slide(&VERT, UNLIMITED),
        case("KvR", H, "Flying Stag (Hook)", "Hook: \"The Flying Stag moves as a King or slides vertically.\"")
            .step(&ALL8)
            .slide(&VERT, UNLIMITED),
        case("KsR", H, "Free Wolf", "Hook: \"The Free Wolf moves as a King or slides sideways.\"")
            .step(&ALL8)
            .slide(&SIDE, UNLIMITED),
        case(
            "KrvBrR",
            H,
            "Left Army",
            "Hook: \"The Left Army can step 1 square in any direction. In addition, it can slide along the right \
             orthogonal or either right diagonal.\"",
        )
        .step(&ALL8)
        .slide(&[RIGHT, FR, BR], UNLIMITED),
        case(
            "KlvBlR",
            H,
            "Right Army",
            "Hook: \"The Right Army can step 1 square in any direction. In addition, it can slide along the left \
             orthogonal or either left diagonal.\"",
        )
        .step(&ALL8)
        .slide(&[LEFT, FL, BL], UNLIMITED),
        case("BN", H, "Violent Falcon", "Hook: \"The Violent Falcon can move as a Bishop or as a Knight.\"")
            .slide(&DIAGONAL, UNLIMITED)
            .jump(&KNIGHT),
        case("RN", H, "Fierce Eagle", "Hook: \"The Fierce Eagle can move as a Rook or as a Knight.\"")
            .slide(&ORTHOGONAL, UNLIMITED)
            .jump(&KNIGHT),
    ]
}

// ----------------------------------------------------------------------------------------------
// Boards and blocker patterns
// ----------------------------------------------------------------------------------------------

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// A placement of friends and enemies around the piece.
struct Scene {
    label: String,
    friends: Vec<String>,
    enemies: Vec<String>,
}

fn on_board(size: u8, f: i32, r: i32) -> bool {
    f >= 0 && r >= 0 && f < size as i32 && r < size as i32
}

/// Pieces at `dist` along all eight rays, alternating friend / enemy (`parity` chooses which
/// rays get friends).
fn ring(size: u8, at: (i32, i32), dist: i32, parity: usize, scene: &mut Scene) {
    for (i, d) in ALL8.iter().enumerate() {
        let (f, r) = (at.0 + d.0 * dist, at.1 + d.1 * dist);
        if on_board(size, f, r) {
            if (i + parity).is_multiple_of(2) {
                scene.friends.push(name(f, r));
            } else {
                scene.enemies.push(name(f, r));
            }
        }
    }
    scene.label.push_str(&format!("ring{dist}/p{parity} "));
}

/// Pieces on the knight squares, alternating friend / enemy.
fn knight_ring(size: u8, at: (i32, i32), parity: usize, scene: &mut Scene) {
    for (i, d) in KNIGHT.iter().enumerate() {
        let (f, r) = (at.0 + d.0, at.1 + d.1);
        if on_board(size, f, r) {
            if (i + parity).is_multiple_of(2) {
                scene.friends.push(name(f, r));
            } else {
                scene.enemies.push(name(f, r));
            }
        }
    }
    scene.label.push_str(&format!("knight/p{parity} "));
}

fn scene(size: u8, at: (i32, i32), rings: &[(i32, usize)], knight: Option<usize>) -> Scene {
    let mut s = Scene { label: String::new(), friends: Vec::new(), enemies: Vec::new() };
    for &(dist, parity) in rings {
        ring(size, at, dist, parity, &mut s);
    }
    if let Some(p) = knight {
        knight_ring(size, at, p, &mut s);
    }
    if s.label.is_empty() {
        s.label.push_str("empty board");
    }
    s
}

/// The scenes used on the central square. Ring 1 puts a piece on every square a D, A or N leap
/// jumps over; rings 2..5 put a friend on some rays (stop before it) and an enemy on the others
/// (capture it, then stop), at and beyond the range limits 2, 4 and 5 of the ranged sliders.
fn central_scenes(size: u8, at: (i32, i32)) -> Vec<Scene> {
    vec![
        scene(size, at, &[], None),
        scene(size, at, &[(1, 0)], None),
        scene(size, at, &[(1, 1)], None),
        scene(size, at, &[(2, 0)], None),
        scene(size, at, &[(2, 1)], None),
        scene(size, at, &[(3, 0)], None),
        scene(size, at, &[(3, 1)], None),
        scene(size, at, &[(4, 1)], None),
        scene(size, at, &[(5, 0)], None),
        scene(size, at, &[(6, 1)], None),
        scene(size, at, &[(1, 0)], Some(1)),
        scene(size, at, &[(1, 1)], Some(0)),
        scene(size, at, &[(2, 1), (5, 1)], Some(1)),
        scene(size, at, &[(3, 0), (6, 0)], Some(0)),
    ]
}

/// Squares on and near the edges: corners, edge middles, one in from the corners.
fn edge_squares(size: u8) -> Vec<(i32, i32)> {
    let n = size as i32 - 1;
    let m = n / 2;
    vec![(0, 0), (1, 1), (0, m), (m, 0), (n, n), (n - 1, n - 1), (n, m), (m, n), (n, 0), (0, n)]
}

fn edge_scenes(size: u8, at: (i32, i32)) -> Vec<Scene> {
    vec![
        scene(size, at, &[], None),
        scene(size, at, &[(1, 0), (2, 1)], Some(0)),
        scene(size, at, &[(1, 1), (3, 0)], Some(1)),
    ]
}

// ----------------------------------------------------------------------------------------------
// Running the table
// ----------------------------------------------------------------------------------------------

fn check(c: &Case, doc: Doc, at: (i32, i32), sc: &Scene, failures: &mut Vec<String>) {
    let board = doc.board();
    let at_name = name(at.0, at.1);
    let friends: Vec<&str> = sc.friends.iter().map(String::as_str).collect();
    let enemies: Vec<&str> = sc.enemies.iter().map(String::as_str).collect();
    let expected = oracle(&c.slides, &c.jumps, &board, &at_name, &friends, &enemies);
    let got = catch_unwind(AssertUnwindSafe(|| moves(c.betza, &board, &at_name, &friends, &enemies)));
    let header = format!(
        "{doc}: {} `{}` on {board} at {at_name} [{}] friends={:?} enemies={:?}\n    prose: {}",
        c.piece,
        c.betza,
        sc.label.trim(),
        sc.friends,
        sc.enemies,
        c.prose
    );
    match got {
        Err(_) => failures.push(format!("{header}\n    kensho panicked (see stderr)")),
        Ok(got) if got != expected => {
            let missing: Vec<_> = expected.difference(&got).collect();
            let extra: Vec<_> = got.difference(&expected).collect();
            failures.push(format!(
                "{header}\n    expected {} moves, got {}\n    expected but missing: {missing:?}\n    got but not expected: {extra:?}",
                expected.len(),
                got.len()
            ));
        }
        Ok(_) => {}
    }
}

fn run_doc(doc: Doc) {
    let mut failures = Vec::new();
    let mut checked = 0;
    let size = doc.size();
    for c in cases().iter().filter(|c| c.docs.contains(&doc)) {
        // Sanity of the expectation itself: it is not empty in the middle of the board.
        let centre = doc.centre();
        let empty = oracle(&c.slides, &c.jumps, &doc.board(), &name(centre.0, centre.1), &[], &[]);
        assert!(!empty.is_empty(), "{doc}: expectation for {} `{}` is empty", c.piece, c.betza);
        for sc in central_scenes(size, centre) {
            check(c, doc, centre, &sc, &mut failures);
            checked += 1;
        }
        for at in edge_squares(size) {
            for sc in edge_scenes(size, at) {
                check(c, doc, at, &sc, &mut failures);
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    assert!(
        failures.is_empty(),
        "{} of {checked} positions disagree with the prose expectation in {doc}:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn suzumu_simple_pieces_match_prose() {
    run_doc(Suzumu);
}

#[test]
fn mitsugumi_simple_pieces_match_prose() {
    run_doc(Mitsugumi);
}

#[test]
fn hook_simple_pieces_match_prose() {
    run_doc(Hook);
}

// ----------------------------------------------------------------------------------------------
// Coverage: the table covers exactly the simple strings of the seed configurations
// ----------------------------------------------------------------------------------------------

#[test]
fn simple_strings_are_all_covered() {
    let Some(docs) = outside::documents() else { return };
    let seeds = simple_strings_in_seeds(&docs);
    assert_eq!(docs.read_count(), ALL_DOCS.len());
    let table = cases();
    let mut covered: BTreeMap<String, BTreeSet<Doc>> = BTreeMap::new();
    for c in &table {
        let prev = covered.insert(c.betza.to_string(), c.docs.iter().copied().collect());
        assert!(prev.is_none(), "`{}` has two cases", c.betza);
        assert!(is_simple(c.betza), "`{}` is not a simple string", c.betza);
        assert!(!c.prose.is_empty(), "`{}` has no citation", c.betza);
    }
    let missing: Vec<_> = seeds.keys().filter(|k| !covered.contains_key(*k)).collect();
    let unknown: Vec<_> = covered.keys().filter(|k| !seeds.contains_key(*k)).collect();
    assert!(missing.is_empty(), "simple strings of the seeds without a case: {missing:?}");
    assert!(unknown.is_empty(), "cases for strings no seed configuration names: {unknown:?}");
    for (betza, docs) in &seeds {
        assert_eq!(&covered[betza], docs, "`{betza}`: the documents that name it");
    }
    assert_eq!(seeds.len(), table.len());
}

/// Guards the extractor: it finds the configuration of each document (the first and last
/// entries, the numbers of entries and of distinct strings as `grep -oE` counts them).
#[test]
fn extractor_reads_the_configurations() {
    let Some(docs) = outside::documents() else { return };
    let s = config_entries(&Suzumu.text(&docs));
    let m = config_entries(&Mitsugumi.text(&docs));
    let h = config_entries(&Hook.text(&docs));
    assert_eq!((s.len(), m.len(), h.len()), (68, 51, 100));
    // (Hook's first name reads "rotate pawn": `symmetry=rotate pawn:P:fW:...` on one line; the
    // names are not used, only the strings.)
    for entries in [&s, &m, &h] {
        assert_eq!((entries[0].1.as_str(), entries[0].2.as_str()), ("P", "fW"));
        assert!(entries[0].0.ends_with("pawn"));
    }
    assert_eq!(h.last().unwrap(), &("emperor".into(), "+K".into(), "U".into()));
    let all: BTreeSet<&str> = s.iter().chain(&m).chain(&h).map(|e| e.2.as_str()).collect();
    assert_eq!(all.len(), 101);
    assert_eq!(all.iter().filter(|b| is_simple(b)).count(), 72);
    // Spot checks of names / IDs / strings the prose is compared with.
    assert!(h.contains(&("iron general".into(), "I".into(), "fFfW".into())));
    assert!(s.contains(&("iron general".into(), "I".into(), "fFbW".into())));
    assert!(m.contains(&("blind tiger".into(), "BT".into(), "FsbW".into())));
    assert!(m.contains(&("side soldier".into(), "SS".into(), "bWsRfW2".into())));
}

// ----------------------------------------------------------------------------------------------
// Hand-written move lists (no oracle) for pieces whose direction letters are easiest to misread
// ----------------------------------------------------------------------------------------------

#[test]
fn hand_written_lists() {
    // Hook configuration fFfW (Iron General; prose conflict recorded): the three forward squares.
    assert_eq!(
        moves("fFfW", "19x19", "j10", &[], &[]),
        ids(&[("i11", &[]), ("j11", &[]), ("k11", &[])]),
        "Hook Iron General fFfW at j10 (19x19)"
    );
    // Hook: "The Deva can step 1 square in any direction except diagonally forward to the right."
    assert_eq!(
        moves("lfbFW", "19x19", "j10", &[], &[]),
        ids(&[("i11", &[]), ("j11", &[]), ("i10", &[]), ("k10", &[]), ("i9", &[]), ("j9", &[]), ("k9", &[])]),
        "Hook Deva lfbFW at j10 (19x19)"
    );
    // Hook: "The Dark Spirit can step 1 square in any direction except diagonally forward to the left."
    assert_eq!(
        moves("rfbFW", "19x19", "j10", &[], &[]),
        ids(&[("j11", &[]), ("k11", &[]), ("i10", &[]), ("k10", &[]), ("i9", &[]), ("j9", &[]), ("k9", &[])]),
        "Hook Dark Spirit rfbFW at j10 (19x19)"
    );
    // Hook: "The Right Army can step 1 square in any direction. In addition, it can slide along the
    // left orthogonal or either left diagonal." At b2 with an enemy on a3 and a friend on a2.
    assert_eq!(
        moves("KlvBlR", "19x19", "b2", &["a2"], &["a3"]),
        ids(&[("a3", &["a3"]), ("b3", &[]), ("c3", &[]), ("c2", &[]), ("a1", &[]), ("b1", &[]), ("c1", &[]),]),
        "Hook Right Army KlvBlR at b2 (19x19), friend a2, enemy a3"
    );
    // Suzumu: "The Lance, in addition to sliding directly forward, can slide up to two squares
    // directly backward." At a3 on 16x16, enemy on a6: a4, a5, a6 (capture), a2, a1.
    assert_eq!(
        moves("fRbW2", "16x16", "a3", &[], &["a6"]),
        ids(&[("a4", &[]), ("a5", &[]), ("a6", &["a6"]), ("a2", &[]), ("a1", &[])]),
        "Suzumu Lance fRbW2 at a3 (16x16), enemy a6"
    );
    // Suzumu: "The Knight makes a (1,2) leap in any direction". From a1 on 16x16, surrounded by
    // friends on a2, b1, b2 (jumped over), an enemy on c2.
    assert_eq!(
        moves("N", "16x16", "a1", &["a2", "b1", "b2"], &["c2"]),
        ids(&[("b3", &[]), ("c2", &["c2"])]),
        "Suzumu Knight N at a1 (16x16)"
    );
    // Mitsugumi blind tiger FsbW at g7 (13x13): every neighbour but g8.
    assert_eq!(
        moves("FsbW", "13x13", "g7", &[], &[]),
        ids(&[("f8", &[]), ("h8", &[]), ("f7", &[]), ("h7", &[]), ("f6", &[]), ("g6", &[]), ("h6", &[])]),
        "Mitsugumi Blind Tiger FsbW at g7 (13x13)"
    );
    // Hook: "The Fire Dragon ... up to 2 squares diagonally backward or up to 4 squares diagonally
    // forward." On an empty 19x19 board at j10: 18 + 18 orthogonal, 4+4 forward, 2+2 backward.
    assert_eq!(moves("RfB4bB2", "19x19", "j10", &[], &[]).len(), 36 + 8 + 4, "Hook Fire Dragon at j10");
}
