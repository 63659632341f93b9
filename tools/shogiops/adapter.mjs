// kensho's crosscheck adapter for shogiops, lishogi's rules library (docs/crosscheck-protocol.md,
// "The shogiops adapter"). It speaks kensho-crosscheck/1 on standard input and output: a hello,
// then one position per line, answered with shogiops' legal moves as kensho's move keys.
//
// Games: shogi (shogiops' `standard`) and minishogi. The hello's pieces must be exactly the
// game's, as specs/shogi.toml and specs/minishogi.toml write them; anything else is refused,
// with the differences listed.
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { parseSfen } from 'shogiops/sfen';
import { makeSquareName, parsePieceName } from 'shogiops/util';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

// The library's own version, as installed (its package exports do not include package.json).
const VERSION = JSON.parse(
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

// kensho's game id -> shogiops' rules, board size and pieces.
const GAMES = {
  shogi: { rules: 'standard', files: 9, ranks: 9, pieces: SHOGI_PIECES },
  minishogi: { rules: 'minishogi', files: 5, ranks: 5, pieces: MINISHOGI_PIECES },
};

// shogiops' roles of the pieces that can be held, as kensho's ids (drop keys).
const DROP_IDS = { rook: 'R', bishop: 'B', gold: 'G', silver: 'S', knight: 'N', lance: 'L', pawn: 'P' };

// What the hello's pieces lack or add against a game's pieces, one line each.
function pieceDifferences(pieces, expected) {
  const given = new Map(pieces.map((p) => [p.id, [p.betza, p.promotes_to ?? null]]));
  const out = [];
  for (const [id, [betza, promotes]] of Object.entries(expected)) {
    const g = given.get(id);
    if (!g) out.push(`${id} missing`);
    else if (g[0] !== betza || g[1] !== promotes)
      out.push(`${id} is ${g[0]} promoting to ${g[1]}, shogiops' is ${betza} promoting to ${promotes}`);
  }
  for (const id of given.keys()) if (!(id in expected)) out.push(`${id} is not one of its pieces`);
  return out;
}

// shogiops' square name (file number from the first player's right, rank letter from the top:
// `7g`) as kensho's (file letter from the first player's left, rank number from the bottom: `c3`).
function kenshoSquare(square, files, ranks) {
  const m = /^(\d+)([a-z])$/.exec(makeSquareName(square));
  const file = String.fromCharCode(97 + files - Number(m[1]));
  const rank = ranks - (m[2].charCodeAt(0) - 97);
  return `${file}${rank}`;
}

// Every legal move of the position as kensho's move keys.
function legalMoves(pos, files, ranks) {
  const sq = (s) => kenshoSquare(s, files, ranks);
  const keys = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const key = sq(from) + sq(to);
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        keys.push(`${key}+`);
        if (!pieceForcePromote(pos.rules)(piece, to)) keys.push(key);
      } else {
        keys.push(key);
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const id = DROP_IDS[parsePieceName(name).role];
    for (const to of dests) keys.push(`${id}*${sq(to)}`);
  }
  return keys;
}

let game = null; // set by the hello
const answer = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);

function hello(msg) {
  if (msg.hello !== 'kensho-crosscheck/1') return { error: `unknown protocol ${JSON.stringify(msg.hello)}` };
  const known = GAMES[msg.game];
  if (!known) return { error: `the shogiops adapter plays ${Object.keys(GAMES).join(' and ')}, not ${msg.game}` };
  if (msg.files !== known.files || msg.ranks !== known.ranks)
    return { error: `${msg.game} is ${known.files}x${known.ranks}, not ${msg.files}x${msg.ranks}` };
  const differences = pieceDifferences(msg.pieces ?? [], known.pieces);
  if (differences.length) return { error: `not shogiops' ${msg.game}: ${differences.join('; ')}` };
  game = known;
  return { engine: `shogiops ${VERSION} (lishogi)`, variant: known.rules, readings: {} };
}

function position(msg) {
  // A kensho shogi or minishogi position string is an SFEN: rows from the top, files from the
  // first player's left (shogi's highest file number), upper case for Sente, count-prefixed
  // hands, the move number.
  const parsed = parseSfen(game.rules, String(msg.position), false);
  if (parsed.isErr) return { id: msg.id, error: `shogiops cannot read the position: ${parsed.error}` };
  return { id: msg.id, moves: legalMoves(parsed.value, game.files, game.ranks), filtered: [] };
}

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
