#!/usr/bin/env bash
# Makes the Python environment of the Fairy-Stockfish adapter: .venv-ffish/ at the repository
# root, with the pinned pyffish (Fairy-Stockfish's Python binding, a binary wheel from PyPI).
# Idempotent: a second run checks what is there and changes nothing. Exits non-zero, with the
# reason, when something fails. Environment: PYTHON (default python3) picks the interpreter.
set -euo pipefail

PYFFISH_VERSION=0.0.90
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
venv="$root/.venv-ffish"
python=${PYTHON:-python3}

say() { echo "tools/ffish/setup.sh: $*"; }
die() { echo "tools/ffish/setup.sh: error: $*" >&2; exit 1; }

command -v "$python" >/dev/null 2>&1 || die "$python not found (Python 3.8 or later is needed)"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 8))' \
  || die "$python is $("$python" -V 2>&1); Python 3.8 or later is needed"

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  say "virtualenv $venv exists ($("$venv/bin/python" -V 2>&1))"
else
  if [ -e "$venv" ]; then
    say "virtualenv $venv is broken (no working bin/python): making it again"
    rm -rf -- "$venv"
  fi
  say "making virtualenv $venv with $("$python" -V 2>&1)"
  "$python" -m venv "$venv" \
    || die "'$python -m venv' failed (on Debian/Ubuntu: apt-get install python3-venv)"
fi

installed=$("$venv/bin/python" -c \
  'import importlib.metadata as m; print(m.version("pyffish"))' 2>/dev/null || true)
if [ "$installed" = "$PYFFISH_VERSION" ]; then
  say "pyffish $installed already installed"
else
  if [ -n "$installed" ]; then
    say "pyffish $installed installed, want $PYFFISH_VERSION: reinstalling"
  else
    say "installing pyffish==$PYFFISH_VERSION"
  fi
  "$venv/bin/python" -m pip install --disable-pip-version-check --quiet \
      "pyffish==$PYFFISH_VERSION" \
    || die "pip could not install pyffish==$PYFFISH_VERSION (is PyPI reachable?)"
fi

# Smoke test: the binding loads and plays shogi's first move count.
"$venv/bin/python" - <<'PY' || die "pyffish is installed but does not work"
import pyffish as sf
n = len(sf.legal_moves("shogi", sf.start_fen("shogi"), []))
assert n == 30, f"shogi start: {n} moves, expected 30"
print(f"tools/ffish/setup.sh: ok: {sf.info().split(' by ')[0]} (pyffish "
      f"{'.'.join(map(str, sf.version()))}), shogi start = {n} moves")
PY
say "done: the engine command is tools/ffish/adapter"
