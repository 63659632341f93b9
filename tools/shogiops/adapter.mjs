// kensho's crosscheck adapter for shogiops, lishogi's rules library (docs/crosscheck-protocol.md,
// "The shogiops adapter"). It speaks kensho-crosscheck/1 on standard input and output: a hello,
// then one position per line, answered with shogiops' legal moves as kensho's move keys.
//
// Games: shogi (shogiops' `standard`), minishogi and chu (shogiops' `chushogi`). For shogi and
// minishogi the hello's pieces must be exactly the game's, as specs/shogi.toml and
// specs/minishogi.toml write them; for chu the ids and promotions must be shogiops' (any XBetza
// strings are accepted). Anything else is refused, with the differences listed.
//
// Chu: a kensho chu position string is `<rows> <side> - <move number> [~b|~w|~bw] [x<sq>]` (the
// skips field, after a Lion's pass, is dropped: no chu rule reads it), the rows those of
// shogiops' SFEN; `x<sq>` (a kensho square) says that the previous move was a non-Lion taking a
// Lion on that square, which shogiops keeps in the SFEN's hands field (`lastLionCapture`). Moves:
// shogiops' single moves (`moveDests`, `pieceCanPromote`: never forced) and, for the Lion, the
// promoted Kirin, the Falcon and the Eagle, every double move {from, midStep, to} that
// `secondLionStepDests` and `isLegal` allow, keyed `<from><to>` plus `x<mid>` when the mid step
// took an enemy (`<from><from>` is a pass, `<from><from>x<mid>` igui). Routes with the same key
// (a Lion's jump and its two steps through an empty square) are one move.
//
// The module also exports its move generation (for perft.mjs and test-chu.mjs); it runs the
// protocol only when started as a program.
import { realpathSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { kingAttacks } from 'shogiops/attacks';
import { makeSfen, parseSfen } from 'shogiops/sfen';
import { makeSquareName, parsePieceName, parseSquareName } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

// The library's own version, as installed (its package exports do not include package.json).
export const VERSION = JSON.parse(
  readFileSync(new URL('./node_modules/shogiops/package.json', import.meta.url), 'utf8'),
).version;

// Standard shogi's pieces as kensho's shogi spec writes them: id -> [XBetza, promotes_to].
const SHOGI_PIECES = {
  K: ['K', null], R: ['R', '+R'], B: ['B', '+B'], G: ['WfF', null], S: ['FfW', '+S'],
  N: ['ffN', '+N'], L: ['fR', '+L'], P: ['fW', '+P'], '+R': ['RF', null], '+B': ['BW', null],
  '+S': ['WfF', null], '+N': ['WfF', null], '+L': ['WfF', null], '+P': ['WfF', null],
};

// Minishogi's: shogi's without the Knight and the Lance.
const MINISHOGI_PIECES = Object.fromEntries(
  Object.entries(SHOGI_PIECES).filter(([id]) => !['N', 'L', '+N', '+L'].includes(id)),
);

// Chu Shogi's pieces: id (shogiops' SFEN letter) -> [XBetza (null: any), promotes_to]. shogiops'
// roles: L lance, F leopard, C copper, S silver, G gold, K king, E elephant, A chariot, B bishop,
// T tiger, O kirin, X phoenix, M sidemover, V verticalmover, R rook, H horse, D dragon, N lion,
// Q queen, P pawn, I gobetween; +L whitehorse, +F bishoppromoted, +C sidemoverpromoted,
// +S verticalmoverpromoted, +G rookpromoted, +E prince, +A whale, +B horsepromoted, +T stag,
// +O lionpromoted, +X queenpromoted, +M boar, +V ox, +R dragonpromoted, +H falcon, +D eagle,
// +P promotedpawn, +I elephantpromoted. K, Q, N and the promoted pieces do not promote.
const CHU_PIECES = Object.fromEntries([
  ...['L', 'F', 'C', 'S', 'G', 'E', 'A', 'B', 'T', 'O', 'X', 'M', 'V', 'R', 'H', 'D', 'P', 'I']
    .flatMap((id) => [[id, [null, `+${id}`]], [`+${id}`, [null, null]]]),
  ...['K', 'Q', 'N'].map((id) => [id, [null, null]]),
]);

// shogiops' chu rules as the readings of kensho's chu spec.
const CHU_READINGS = {
  'self-check': 'royal-capture',
  'distant-lion': 'banned',
  'lion-protectors': 'taken-pieces-too',
  'bridge-capture': 'not-pawn-or-go-between',
  'counter-strike': 'non-lion-banned',
  'counter-strike-promoted-lion': 'may-be-taken',
  'promotion-deferral': 'capture-in-zone',
};

// kensho's game id -> shogiops' rules, board size, pieces and readings.
export const GAMES = {
  shogi: { rules: 'standard', files: 9, ranks: 9, pieces: SHOGI_PIECES, readings: {} },
  minishogi: { rules: 'minishogi', files: 5, ranks: 5, pieces: MINISHOGI_PIECES, readings: {} },
  chu: { rules: 'chushogi', files: 12, ranks: 12, pieces: CHU_PIECES, readings: CHU_READINGS },
};

// shogiops' roles of the pieces that can be held, as kensho's ids (drop keys).
const DROP_IDS = { rook: 'R', bishop: 'B', gold: 'G', silver: 'S', knight: 'N', lance: 'L', pawn: 'P' };

// The roles with a Lion's double move (shogiops' debug perft's `roleWithLionPower`).
const LION_POWER = ['lion', 'lionpromoted', 'falcon', 'eagle'];

// What the hello's pieces lack or add against a game's pieces, one line each. An expected XBetza
// string of null accepts any.
function pieceDifferences(pieces, expected) {
  const given = new Map(pieces.map((p) => [p.id, [p.betza, p.promotes_to ?? null]]));
  const out = [];
  for (const [id, [betza, promotes]] of Object.entries(expected)) {
    const g = given.get(id);
    if (!g) out.push(`${id} missing`);
    else if (betza === null) {
      if (g[1] !== promotes) out.push(`${id} promotes to ${g[1]}, shogiops' to ${promotes}`);
    } else if (g[0] !== betza || g[1] !== promotes)
      out.push(`${id} is ${g[0]} promoting to ${g[1]}, shogiops' is ${betza} promoting to ${promotes}`);
  }
  for (const id of given.keys()) if (!(id in expected)) out.push(`${id} is not one of its pieces`);
  return out;
}

// shogiops' square name (file number from the first player's right, rank letter from the top:
// `7g`) as kensho's (file letter from the first player's left, rank number from the bottom: `c3`).
export function kenshoSquare(square, files, ranks) {
  const m = /^(\d+)([a-z])$/.exec(makeSquareName(square));
  const file = String.fromCharCode(97 + files - Number(m[1]));
  const rank = ranks - (m[2].charCodeAt(0) - 97);
  return `${file}${rank}`;
}

// kenshoSquare of every shogiops square of a board (its numbers run to 255), made once per size.
const SQUARE_NAMES = new Map();
function squareNames(files, ranks) {
  const size = `${files}x${ranks}`;
  if (!SQUARE_NAMES.has(size)) {
    const names = [];
    for (let file = 0; file < files; file++)
      for (let rank = 0; rank < ranks; rank++) names[file + 16 * rank] = kenshoSquare(file + 16 * rank, files, ranks);
    SQUARE_NAMES.set(size, names);
  }
  return SQUARE_NAMES.get(size);
}

// kensho's square name as shogiops' square (its number), or undefined when it is not a square
// of the board: the inverse of kenshoSquare.
export function shogiopsSquare(name, files, ranks) {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return undefined;
  const file = m[1].charCodeAt(0) - 97; // from the first player's left
  const rank = Number(m[2]); // from the first player's side
  if (file >= files || rank < 1 || rank > ranks) return undefined;
  return parseSquareName(`${files - file}${String.fromCharCode(97 + ranks - rank)}`);
}

// Every legal move of the position as [kensho key, shogiops move], in shogiops' own enumeration
// (that of its debug perft): a key appears once per route, so the same key may come more than
// once (chu's double moves).
export function moveList(pos, files, ranks) {
  const names = squareNames(files, ranks);
  const sq = (s) => names[s];
  const out = [];
  const ctx = pos.ctx(); // the side to move, its King and checkers: computed once, not per call
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const key = sq(from) + sq(to);
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        out.push([`${key}+`, { from, to, promotion: true }]);
        if (!pieceForcePromote(pos.rules)(piece, to)) out.push([key, { from, to, promotion: false }]);
      } else {
        out.push([key, { from, to, promotion: false }]);
      }
    }
    if (pos.rules === 'chushogi' && LION_POWER.includes(piece.role)) {
      // Double moves: a first step to an adjacent square it may move to, then shogiops' second
      // steps from there (back to `from` included: a pass, or igui when `mid` held an enemy).
      for (const mid of dests.intersect(kingAttacks(from))) {
        const taken = pos.board.get(mid); // never one's own: dests leave those out
        for (const to of secondLionStepDests(pos, from, mid)) {
          const move = { from, midStep: mid, to, promotion: false };
          if (!pos.isLegal(move, ctx)) continue;
          out.push([sq(from) + sq(to) + (taken ? `x${sq(mid)}` : ''), move]);
        }
      }
    }
  }
  for (const [name, dests] of pos.allDropDests(ctx)) {
    const role = parsePieceName(name).role;
    for (const to of dests) out.push([`${DROP_IDS[role]}*${sq(to)}`, { role, to }]);
  }
  return out;
}

// The legal moves by kensho's identity: key -> one shogiops move with that key (the first route;
// every route of a key leads to the same position).
export function legalMoveMap(pos, files, ranks) {
  const map = new Map();
  for (const [key, move] of moveList(pos, files, ranks)) if (!map.has(key)) map.set(key, move);
  return map;
}

// Every legal move of the position as kensho's move keys, each once.
export function legalMoves(pos, files, ranks) {
  return [...legalMoveMap(pos, files, ranks).keys()];
}

// A kensho position string as shogiops' SFEN for the game: { sfen } or { error }.
export function shogiopsSfen(game, position) {
  // A kensho shogi or minishogi position string is an SFEN: rows from the top, files from the
  // first player's left (shogi's highest file number), upper case for Sente, count-prefixed
  // hands, the move number.
  if (game.rules !== 'chushogi') return { sfen: position };
  // Chu: `<rows> <side> - <move number> [~b|~w|~bw] [x<sq>]` -> `<rows> <side> <lastLionCapture
  // or -> <n>`. The skips field (whose last turn was a pass: kensho writes it in games with
  // passes) is dropped: Chu Shogi has no rule that reads it, and shogiops keeps no such thing.
  const parts = position.trim().split(/ +/);
  const usage = `a chu position is '<rows> <side> - <move number> [~b|~w|~bw] [x<square>]', not ${JSON.stringify(position)}`;
  if (parts.length < 4) return { error: usage };
  const [rows, side, hands, number, ...extra] = parts;
  if (/^~(b|w|bw)$/.test(extra[0] ?? '')) extra.shift();
  if (extra.length > 1) return { error: usage };
  const last = extra[0];
  if (!/^[0-9A-Za-z+/]+$/.test(rows)) return { error: `rows ${JSON.stringify(rows)}: only digits, letters, '+' and '/'` };
  if (side !== 'b' && side !== 'w') return { error: `side ${JSON.stringify(side)} is not b or w` };
  if (hands !== '-') return { error: `chu has no hands: the hands field is '-', not ${JSON.stringify(hands)}` };
  if (!/^[0-9]+$/.test(number)) return { error: `move number ${JSON.stringify(number)} is not a number` };
  let lionCapture = '-';
  if (last !== undefined) {
    const m = /^x(.+)$/.exec(last);
    const square = m ? shogiopsSquare(m[1], game.files, game.ranks) : undefined;
    if (square === undefined)
      return { error: `the last field is x<square> (a Lion taken there by a non-Lion), not ${JSON.stringify(last)}` };
    lionCapture = makeSquareName(square);
  }
  return { sfen: `${rows} ${side} ${lionCapture} ${number}` };
}

// A kensho position string as a shogiops position: { pos } or { error }.
export function readPosition(game, position) {
  const { sfen, error } = shogiopsSfen(game, String(position));
  if (error) return { error };
  const parsed = parseSfen(game.rules, sfen, false);
  if (parsed.isErr) return { error: `shogiops cannot read the position: ${parsed.error}` };
  return { pos: parsed.value };
}

// A shogiops position as a kensho position string (the inverse of shogiopsSfen).
export function kenshoPosition(game, pos) {
  const sfen = makeSfen(pos);
  if (game.rules !== 'chushogi') return sfen;
  const [rows, side, , number] = sfen.split(' ');
  const x = pos.lastLionCapture === undefined ? '' : ` x${kenshoSquare(pos.lastLionCapture, game.files, game.ranks)}`;
  return `${rows} ${side} - ${number}${x}`;
}

let game = null; // set by the hello
const answer = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);

function hello(msg) {
  if (msg.hello !== 'kensho-crosscheck/1') return { error: `unknown protocol ${JSON.stringify(msg.hello)}` };
  const known = GAMES[msg.game];
  if (!known) return { error: `the shogiops adapter plays ${Object.keys(GAMES).join(', ')}, not ${msg.game}` };
  if (msg.files !== known.files || msg.ranks !== known.ranks)
    return { error: `${msg.game} is ${known.files}x${known.ranks}, not ${msg.files}x${msg.ranks}` };
  const differences = pieceDifferences(msg.pieces ?? [], known.pieces);
  if (differences.length) return { error: `not shogiops' ${msg.game}: ${differences.join('; ')}` };
  game = known;
  return { engine: `shogiops ${VERSION} (lishogi)`, variant: known.rules, readings: known.readings };
}

function position(msg) {
  const { pos, error } = readPosition(game, msg.position);
  if (error) return { id: msg.id, error };
  return { id: msg.id, moves: legalMoves(pos, game.files, game.ranks), filtered: [] };
}

function main() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      answer({ error: 'not a JSON line' });
      return;
    }
    if (typeof msg !== 'object' || msg === null) answer({ error: 'not a JSON object' });
    else if ('hello' in msg) answer(hello(msg));
    else if (!game) answer({ id: msg.id, error: 'no hello yet' });
    else answer(position(msg));
  });
  lines.on('close', () => process.exit(0));
}

// Run the protocol only when started as a program, not when imported (perft.mjs, test-chu.mjs).
const started = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (started === fileURLToPath(import.meta.url)) main();
