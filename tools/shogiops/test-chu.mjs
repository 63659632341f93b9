// Self-test of the shogiops adapter's Chu Shogi (adapter.mjs):
//
//   node tools/shogiops/test-chu.mjs [--long] [--verbose]
//
// 1. Hand-built positions: prints each one's move keys and checks the keys counted by hand
//    (a Lion next to an enemy and empty squares, a protected Lion at distance two, bridge
//    captures, the counter-strike rule with `x<sq>`, a Falcon, an Eagle, promotions).
// 2. The enumeration against shogiops' own debug perft (shogiops/debug `perft`, depth 1, which
//    counts every route of a double move): on the hand-built positions, on every position of
//    seeded random games from the start, and on seeded random positions crowded with Lions,
//    promoted Kirins, Falcons and Eagles, half of them with an `x<sq>` field. Also checks that
//    every route of one key leads to the same position (so that perft may play one of them),
//    and the square and position-string conversions both ways.
// 3. The protocol: runs `node adapter.mjs` and checks its hello replies (accepted, refused
//    with the differences) and error replies.
// About 15 s; --long checks four times as many random positions (about a minute). Exits 1 on
// the first failed check; --verbose also prints the protocol replies.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { perft } from 'shogiops/debug';
import { initialSfen, makeSfen } from 'shogiops/sfen';
import {
  GAMES, kenshoPosition, kenshoSquare, legalMoveMap, legalMoves, moveList, readPosition, shogiopsSquare,
} from './adapter.mjs';

const verbose = process.argv.includes('--verbose');
const long = process.argv.includes('--long');
const game = GAMES.chu;
const { files, ranks } = game;
let checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    console.error(`test-chu: FAILED: ${what}`);
    process.exit(1);
  }
}

// A kensho chu position string from { square: id } (upper case Sente, lower case Gote).
function chuPosition(pieces, side = 'b', x) {
  const rows = [];
  for (let r = ranks; r >= 1; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < files; f++) {
      const p = pieces[String.fromCharCode(97 + f) + r];
      if (p) {
        if (empty) row += empty;
        empty = 0;
        row += p;
      } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${side} - 1${x ? ` x${x}` : ''}`;
}

function read(position) {
  const { pos, error } = readPosition(game, position);
  check(!error, `${position}: ${error}`);
  return pos;
}

// Raw shogiops moves (every route) against its debug perft at depth 1, and every route of a key
// to the same position.
function againstShogiops(pos, label) {
  const list = moveList(pos, files, ranks);
  const theirs = perft(pos, 1);
  check(list.length === theirs, `${label}: ${list.length} shogiops moves enumerated, its debug perft counts ${theirs}`);
  const after = new Map();
  for (const [key, move] of list) {
    const child = pos.clone();
    child.play(move);
    const sfen = makeSfen(child);
    if (!after.has(key)) after.set(key, sfen);
    else check(after.get(key) === sfen, `${label}: routes of ${key} differ: ${after.get(key)} / ${sfen}`);
  }
  return { raw: list.length, keys: after.size };
}

// --- 1. Hand-built positions -------------------------------------------------------------------
const K = { a1: 'K', l12: 'k' }; // the two Kings, out of the way
const lion24 = (sq) => {
  // the 24 squares of the 5x5 around sq (all on the board here)
  const f = sq.charCodeAt(0) - 97, r = Number(sq.slice(1)), out = [];
  for (let df = -2; df <= 2; df++)
    for (let dr = -2; dr <= 2; dr++) if (df || dr) out.push(String.fromCharCode(97 + f + df) + (r + dr));
  return out;
};
const CASES = [
  {
    name: 'Lion f5 next to an enemy Pawn (f6) and empty squares',
    pieces: { ...K, f5: 'N', f6: 'p' },
    count: 36, // 3 King + 24 Lion single moves + the pass + 8 moves through f6 (f5f5xf6 is igui)
    has: ['f5f5', 'f5f5xf6', 'f5f6', 'f5f7', 'f5f7xf6', 'f5e5xf6', 'f5g7xf6', 'f5d3', 'f5h7'],
    hasNot: ['f5f6xf6', 'f5f5xe6'],
    raw: 91, // 3 + 24 + 7 empty first steps x 8 + 8
  },
  {
    name: 'a protected Lion at distance two (f7, the Gold f8 protects it); bridge captures over e6 (Silver) and g6 (Pawn)',
    pieces: { ...K, f5: 'N', f7: 'n', f8: 'g', e6: 's', g6: 'p' },
    count: 42, // 3 + 23 single (not f7) + pass + 8 through e6 + 7 through g6 (not to f7)
    has: ['f5f7xe6', 'f5f5xe6', 'f5f5xg6', 'f5e6', 'f5g6', 'f5h7xg6'],
    hasNot: ['f5f7', 'f5f7xg6', 'f5f7xf6'],
  },
  {
    name: 'the same Lion f7 unprotected (no Gold, Silver)',
    pieces: { ...K, f5: 'N', f7: 'n', g6: 'p' },
    has: ['f5f7', 'f5f7xg6'],
  },
  {
    name: 'a Lion adjacent to a protected Lion: taken all the same',
    pieces: { ...K, f5: 'N', f6: 'n', f7: 'g' },
    has: ['f5f6', 'f5f7xf6', 'f5f5xf6'],
  },
  {
    name: "shogiops' protection counts the Pawn taken on the first step: f4 is the only protector of f3, and f5f3xf4 is refused",
    pieces: { ...K, f5: 'N', f3: 'n', f4: 'p' },
    count: 34,
    has: ['f5f4', 'f5f5xf4', 'f5e3xf4'],
    hasNot: ['f5f3', 'f5f3xf4'],
  },
  {
    name: 'counter-strike: x c3 (a Gote non-Lion took a Lion there), so the Gold f6 may not take the Lion f7; the Lion h6 may',
    pieces: { ...K, f6: 'G', h6: 'N', f7: 'n', c3: 'g' },
    x: 'c3',
    count: 32, // 3 King + 5 Gold + 24 Lion (23 single moves, f6 is its own + the pass)
    has: ['h6f7', 'h6h6', 'f6e7', 'f6f5'],
    hasNot: ['f6f7'],
  },
  {
    name: 'the same without x: the Gold may take the Lion',
    pieces: { ...K, f6: 'G', h6: 'N', f7: 'n', c3: 'g' },
    count: 33,
    has: ['f6f7'],
  },
  {
    name: 'x on the Lion itself (a Kirin that took a Lion there and promoted): the Gold may take it',
    pieces: { ...K, f6: 'G', f7: '+o' },
    x: 'f7',
    has: ['f6f7'],
  },
  {
    name: 'counter-strike binds the Falcon (f5, not a Lion): after x c3 it may not take the Lion f7, by a jump or a double move',
    pieces: { ...K, f5: '+H', f6: 'p', f7: 'n', c3: 'g' },
    x: 'c3',
    has: ['f5f6', 'f5f5xf6'],
    hasNot: ['f5f7', 'f5f7xf6'],
  },
  {
    name: 'Falcon f5, enemy Pawn f6, f7 empty',
    pieces: { ...K, f5: '+H', f6: 'p' },
    has: ['f5f6', 'f5f7', 'f5f5xf6', 'f5f7xf6', 'f5e6', 'f5a5', 'f5l5', 'f5f1'],
    hasNot: ['f5f5', 'f5f8'],
  },
  {
    name: 'Falcon f5, f6 empty: the pass, and the jump f5f7 once',
    pieces: { ...K, f5: '+H' },
    has: ['f5f5', 'f5f7', 'f5f1', 'f5l11'],
    hasNot: ['f5f8', 'f5f12'],
    // King 3; f6, f7; the rank 5 + 6; the file backwards 4; the diagonals 5 + 6 + 4 + 4; the pass
    count: 3 + 2 + 11 + 4 + 19 + 1,
    raw: 41, // the pass, and f5f7 both as a jump and through f6
  },
  {
    name: 'Eagle f5, enemy Pawn e6: igui and the move through it',
    pieces: { ...K, f5: '+D', e6: 'p' },
    has: ['f5e6', 'f5d7', 'f5f5xe6', 'f5d7xe6', 'f5f5', 'f5h7'],
    hasNot: ['f5c8', 'f5c8xe6'],
  },
  {
    name: 'promotion: entering the zone, inside it only by capturing, Pawn to the last rank',
    pieces: { ...K, c8: 'P', d11: 'P', e10: 'G', e11: 'p', h9: 'G', l11: 'P', l12: undefined, a12: 'k' },
    has: ['c8c9+', 'c8c9', 'd11d12', 'd11d12+', 'e10e11+', 'e10e11', 'h9h10', 'l11l12', 'l11l12+'],
    hasNot: ['e10d10+', 'h9h10+', 'h9h8+'],
  },
  {
    name: 'Gote to move: its Lion e8 next to a Sente Pawn e7',
    pieces: { ...K, e8: 'n', e7: 'P' },
    side: 'w',
    has: ['e8e8xe7', 'e8e6xe7', 'e8e7', 'e8e8', 'l12k11'],
  },
];

for (const c of CASES) {
  const position = chuPosition(c.pieces, c.side, c.x);
  const pos = read(position);
  const keys = legalMoves(pos, files, ranks).sort();
  const { raw } = againstShogiops(pos, c.name);
  console.log(`${c.name}\n  ${position}\n  ${keys.length} keys (${raw} shogiops moves): ${keys.join(' ')}`);
  check(new Set(keys).size === keys.length, `${c.name}: a key twice`);
  if (c.count !== undefined) check(keys.length === c.count, `${c.name}: ${keys.length} keys, counted ${c.count}`);
  if (c.raw !== undefined) check(raw === c.raw, `${c.name}: ${raw} shogiops moves, counted ${c.raw}`);
  for (const k of c.has ?? []) check(keys.includes(k), `${c.name}: ${k} missing`);
  for (const k of c.hasNot ?? []) check(!keys.includes(k), `${c.name}: ${k} should not be there`);
}
// The Lion's 24 single moves in the first case, by name.
{
  const keys = legalMoves(read(chuPosition({ ...K, f5: 'N', f6: 'p' })), files, ranks);
  for (const to of lion24('f5')) check(keys.includes(`f5${to}`), `Lion f5: f5${to} missing`);
}

// --- 2. Against shogiops' debug perft, on many positions ---------------------------------------
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(20240521);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

// Squares and position strings both ways.
for (let f = 0; f < files; f++)
  for (let r = 1; r <= ranks; r++) {
    const name = String.fromCharCode(97 + f) + r;
    check(kenshoSquare(shogiopsSquare(name, files, ranks), files, ranks) === name, `square ${name} round trip`);
  }
check(shogiopsSquare('m1', files, ranks) === undefined && shogiopsSquare('a13', files, ranks) === undefined
  && shogiopsSquare('a0', files, ranks) === undefined, 'squares off the board');
check(makeSfen(read(chuPosition({ ...K }, 'b', 'a12'))).split(' ')[2] === '12a', 'a12 is shogiops 12a');
check(makeSfen(read(chuPosition({ ...K }, 'b', 'l1'))).split(' ')[2] === '1l', 'l1 is shogiops 1l');

let positions = 0, raw = 0, distinct = 0, doubled = 0;
function visit(pos, label) {
  const r = againstShogiops(pos, label);
  positions++;
  raw += r.raw;
  distinct += r.keys;
  if (r.raw > r.keys) doubled++;
  const s = kenshoPosition(game, pos);
  check(kenshoPosition(game, read(s)) === s, `${label}: position string round trip ${s}`);
}

// Random games from the start (kensho keys chosen uniformly), to a King's capture or 300 plies.
const GAMES_N = long ? 12 : 3;
for (let g = 0; g < GAMES_N; g++) {
  let pos = read(initialSfen('chushogi'));
  for (let ply = 0; ply < 300; ply++) {
    visit(pos, `game ${g} ply ${ply}: ${kenshoPosition(game, pos)}`);
    if (pos.isWithoutKings()) break;
    const moves = [...legalMoveMap(pos, files, ranks).values()];
    if (!moves.length) break;
    pos = pos.clone();
    pos.play(pick(moves));
  }
}
const fromGames = positions;

// Random positions crowded with the double-movers.
const IDS = Object.keys(game.pieces);
const DOUBLE = ['N', '+O', '+H', '+D'];
for (let i = 0; i < (long ? 1600 : 400); i++) {
  const pieces = {};
  for (let f = 0; f < files; f++)
    for (let r = 1; r <= ranks; r++) {
      const u = rnd();
      if (u < 0.08) pieces[String.fromCharCode(97 + f) + r] = pick(DOUBLE);
      else if (u < 0.3) pieces[String.fromCharCode(97 + f) + r] = pick(IDS);
      else continue;
      if (rnd() < 0.5) pieces[String.fromCharCode(97 + f) + r] = pieces[String.fromCharCode(97 + f) + r].toLowerCase();
    }
  const x = rnd() < 0.5 ? String.fromCharCode(97 + Math.floor(rnd() * files)) + (1 + Math.floor(rnd() * ranks)) : undefined;
  const position = chuPosition(pieces, rnd() < 0.5 ? 'b' : 'w', x);
  visit(read(position), `random position ${position}`);
}
console.log(`against shogiops' debug perft (depth 1): ${positions} positions (${fromGames} from ${GAMES_N} random games, `
  + `${positions - fromGames} random), ${raw} shogiops moves = its counts; ${distinct} distinct keys; `
  + `${doubled} positions with a key of several routes, every route to the same position`);

// --- 3. The protocol ---------------------------------------------------------------------------
const adapter = fileURLToPath(new URL('./adapter.mjs', import.meta.url));
function session(lines) {
  const r = spawnSync(process.execPath, [adapter], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' });
  check(r.status === 0, `adapter exit status ${r.status}: ${r.stderr}`);
  return r.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));
}
const helloPieces = Object.entries(game.pieces).map(([id, [, promotes]]) => ({ id, name: id, betza: 'K', promotes_to: promotes }));
const hello = { hello: 'kensho-crosscheck/1', game: 'chu', files: 12, ranks: 12, pieces: helloPieces };
const lionCase = chuPosition({ ...K, f5: 'N', f6: 'p' });
const replies = session([
  hello,
  { id: 1, position: lionCase },
  { id: 2, position: chuPosition({ ...K, f6: 'G', h6: 'N', f7: 'n', c3: 'g' }, 'b', 'c3') },
  { id: 3, position: `${lionCase} 7` },
  { id: 4, position: `${lionCase.replace(' - ', ' P ')}` },
  { id: 5, position: `${lionCase} xm1` },
  { id: 6, position: initialSfen('chushogi') },
  { id: 7, position: `${lionCase} ~b` },
]);
if (verbose) for (const r of replies) console.log(JSON.stringify(r));
check(replies[0].variant === 'chushogi' && replies[0].readings['distant-lion'] === 'banned'
  && replies[0].readings['lion-protectors'] === 'taken-pieces-too'
  && Object.keys(replies[0].readings).length === 7, `hello reply ${JSON.stringify(replies[0])}`);
check(replies[1].id === 1 && replies[1].moves.length === 36 && replies[1].moves.includes('f5f5xf6'), `reply 1 ${JSON.stringify(replies[1])}`);
check(replies[2].moves.length === 32 && !replies[2].moves.includes('f6f7'), `reply 2 ${JSON.stringify(replies[2])}`);
check(replies[3].error && replies[4].error && replies[5].error, `replies 3-5 should be errors: ${JSON.stringify(replies.slice(3, 6))}`);
check(replies[6].moves.length === 36, `reply 6 ${JSON.stringify(replies[6])}`);
// kensho writes a skips field after a Lion's pass; no chu rule reads it, and the adapter drops it.
check(replies[7].id === 7 && replies[7].moves?.length === 36, `reply 7 (skips field) ${JSON.stringify(replies[7])}`);
const refused = session([{
  ...hello,
  pieces: [
    ...helloPieces.filter((p) => p.id !== '+D' && p.id !== 'Q').map((p) => (p.id === 'K' ? { ...p, promotes_to: '+K' } : p)),
    { id: 'FD', name: 'Fire Demon', betza: 'K' },
  ],
}]);
if (verbose) console.log(JSON.stringify(refused[0]));
check(/K promotes to \+K, shogiops' to null/.test(refused[0].error) && /\+D missing/.test(refused[0].error)
  && /Q missing/.test(refused[0].error) && /FD is not one of its pieces/.test(refused[0].error), `refusal ${JSON.stringify(refused[0])}`);
const wrongSize = session([{ ...hello, files: 9, ranks: 9 }]);
check(/12x12/.test(wrongSize[0].error), `size refusal ${JSON.stringify(wrongSize[0])}`);

console.log(`test-chu: ok (${checks} checks)`);
