// Perft with shogiops, lishogi's rules library, counted the way kensho counts (`kensho perft`):
//
//   node tools/shogiops/perft.mjs GAME DEPTH [--position 'KENSHO POSITION STRING'] [--divide]
//
// GAME is shogi, minishogi or chu; the position is a kensho position string (chu:
// `<rows> <side> - <move number> [x<sq>]`, see adapter.mjs), the game's start by default.
// Prints the number of positions at each depth 1..DEPTH (`depth N: COUNT`), and with --divide
// first the count at DEPTH below each root move (`KEY: COUNT`, sorted by key, byte order);
// the time taken goes to standard error.
//
// Moves are kensho's move keys from adapter.mjs (the adapter's legal moves, which are shogiops'
// `moveDests`, promotions, drops and chu's double moves): each distinct key of a position is one
// move, played once (with the first shogiops move of that key: for a key with several routes,
// such as a Lion's jump and its two steps through an empty square, every route leads to the same
// position). shogiops' own debug perft (shogiops/debug `perft`) counts every route separately
// instead, so its counts are larger wherever a Lion, Falcon or Eagle has a double move; it also
// plays those with `to` and `midStep` swapped (wrong positions from depth 2 on).
//
// Game ends. shogi and minishogi: none is applied; a checkmated or stalemated side simply has
// no legal move (shogiops' legal moves keep the King safe), so the tree stops there.
// Repetition and impasse are not counted (a perft has no history). chu: shogiops plays royal
// capture (moving into check is legal, it has no checkmate); a position reached by a move in
// which the side to move has neither a King nor a Prince (shogiops `isWithoutKings`: its King
// and Prince, if any, were taken) has no moves (counts 0 below it), as kensho's perft stops
// where a move decided the game. No other game end cuts the tree: not shogiops' bare-king
// rule (`isBareKing`), not its two-Kings draw (`isDraw`), not repetition; a side with no move
// at all (shogiops' `stalemate`, a loss there) has no moves anyway. The start position itself
// is always expanded, as `kensho perft` does, with a warning on standard error when the side to
// move has no King and no Prince there.
import { GAMES, kenshoPosition, legalMoveMap, readPosition } from './adapter.mjs';
import { initialSfen } from 'shogiops/sfen';

function usage(msg) {
  if (msg) console.error(`perft.mjs: ${msg}`);
  console.error("usage: node tools/shogiops/perft.mjs shogi|minishogi|chu DEPTH [--position 'KENSHO POSITION'] [--divide]");
  process.exit(2);
}

const args = process.argv.slice(2);
let divide = false;
let position;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--divide') divide = true;
  else if (args[i] === '--position') {
    if (i + 1 >= args.length) usage('--position needs a position string');
    position = args[++i];
  } else if (args[i].startsWith('--position=')) position = args[i].slice('--position='.length);
  else if (args[i].startsWith('-')) usage(`unknown option ${args[i]}`);
  else rest.push(args[i]);
}
if (rest.length !== 2) usage();
const game = GAMES[rest[0]];
if (!game) usage(`unknown game ${rest[0]}`);
const depth = Number(rest[1]);
if (!Number.isInteger(depth) || depth < 1) usage(`DEPTH must be a positive integer, not ${rest[1]}`);

const start = readPosition(game, position ?? initialSfen(game.rules));
if (start.error) usage(start.error);
const root = start.pos;
const { files, ranks } = game;
const chu = game.rules === 'chushogi';

// Does the game stop at `pos`, reached by a move (see the header)?
const decided = (pos) => chu && pos.isWithoutKings();

if (decided(root))
  console.error(`perft.mjs: warning: the side to move has no King and no Prince; its moves are counted all the same`);

// counts[d] += the positions at depth d (1-based) below `pos`, which stands at depth `ply`.
function walk(pos, ply, counts) {
  const moves = legalMoveMap(pos, files, ranks);
  counts[ply + 1] += moves.size;
  if (ply + 1 === depth) return;
  for (const move of moves.values()) {
    const child = pos.clone();
    child.play(move);
    if (!decided(child)) walk(child, ply + 1, counts);
  }
}

const t0 = process.hrtime.bigint();
const total = new Array(depth + 1).fill(0);
const rows = [];
const rootMoves = legalMoveMap(root, files, ranks);
total[1] = rootMoves.size;
for (const [key, move] of rootMoves) {
  const counts = new Array(depth + 1).fill(0);
  counts[1] = 1;
  if (depth > 1) {
    const child = root.clone();
    child.play(move);
    if (!decided(child)) walk(child, 1, counts);
  }
  for (let d = 2; d <= depth; d++) total[d] += counts[d];
  rows.push([key, counts[depth]]);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

if (divide) {
  rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, n] of rows) console.log(`${key}: ${n}`);
  console.log('');
  console.log(`moves: ${rows.length}`);
}
console.log(`position: ${kenshoPosition(game, root)}`);
for (let d = 1; d <= depth; d++) console.log(`depth ${d}: ${total[d]}`);
console.error(`perft.mjs: ${seconds.toFixed(3)} s (shogiops ${game.rules})`);
