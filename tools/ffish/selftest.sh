#!/usr/bin/env bash
# Self-test of the Fairy-Stockfish adapter for `kensho crosscheck` (see selftest.py).
# Needs the virtualenv: run tools/ffish/setup.sh first (CI: setup.sh && selftest.sh).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
py="$here/../../.venv-ffish/bin/python"
if [ ! -x "$py" ]; then
  echo "tools/ffish/selftest.sh: .venv-ffish is missing: run tools/ffish/setup.sh first" >&2
  exit 1
fi
exec "$py" "$here/selftest.py" "$@"
