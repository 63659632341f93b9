#!/usr/bin/env bash
# Installs the shogiops adapter's one dependency: lishogi's rules library shogiops, at the
# version package-lock.json pins (npm ci: exactly the lockfile, checked against its integrity
# hashes), into tools/shogiops/node_modules. Idempotent. Exits non-zero, with the reason, when
# something fails (no Node.js or npm, the registry unreachable).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
say() { echo "tools/shogiops/setup.sh: $*"; }
die() { echo "tools/shogiops/setup.sh: error: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || die "node not found (Node.js 18 or later is needed)"
command -v npm >/dev/null 2>&1 || die "npm not found"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 18 ? 1 : 0)' \
  || die "node is $(node --version); Node.js 18 or later is needed"

cd "$here"
want=$(node -e 'console.log(require("./package-lock.json").packages["node_modules/shogiops"].version)')
have=$(node -e 'try { console.log(require("./node_modules/shogiops/package.json").version) } catch { }')
if [ "$have" = "$want" ]; then
  say "shogiops $have already installed"
else
  say "installing shogiops $want (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed (is the npm registry reachable?)"
fi
# Smoke test: the library loads and plays shogi's first move count (published perft 1: 30).
node --input-type=module -e '
import { parseSfen } from "shogiops/sfen";
const pos = parseSfen("standard", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
let n = 0;
for (const [, dests] of pos.allMoveDests()) n += dests.size();
if (n !== 30) { console.error(`shogi start: ${n} moves, expected 30`); process.exit(1); }
console.log(`tools/shogiops/setup.sh: ok: shogiops loads, shogi start = ${n} moves`);
' || die "shogiops is installed but does not work"
say "done: the engine command is tools/shogiops/adapter"
