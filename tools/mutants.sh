#!/usr/bin/env bash
# Mutation testing of the rule code (issue 26; README, "How strong are the tests"). For each
# file, cargo-mutants (`cargo install cargo-mutants --locked`) changes the code one mutant at a
# time and runs that file's relevant tests (a nextest filter below, over the library's unit tests
# and the engine and pieces suites); a mutant no test notices is "missed". Results go to
# target/mutants-out/<file>/mutants.out (caught.txt, missed.txt, timeout.txt, unviable.txt).
#
#   tools/mutants.sh                 every file below (hours on a 2-core machine)
#   tools/mutants.sh skip make       only these files
#   tools/mutants.sh --iterate skip  retest the mutants the last run did not catch, with the
#                                    whole of the suites that play rules: the library's unit
#                                    tests, engine, pieces and check (a mutant the file's tests
#                                    miss may be caught by another game's tests; the runs of
#                                    make, skip, drops and promotion retested with every suite)
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A FILE FILTER
FILE[generate]=src/xbetza/generate.rs
FILTER[generate]='kind(lib) | binary(pieces) | test(/compiled|generic::|reach|xbetza|walker|table/)'
FILE[filters]=src/engine/filters.rs
FILTER[filters]='test(/burn|jump|screen|area|freez|confin|palace|igui|lion|fire_demon|filter|path|hook|suzumu|ryu|shoogantshii|compiled/)'
FILE[drops]=src/engine/drops.rs
FILTER[drops]='test(/drop|hand|nifu|perft/)'
FILE[promotion]=src/engine/promotion.rs
FILTER[promotion]='test(/promot|zone|perft/)'
FILE[skip]=src/engine/skip.rs
FILTER[skip]='test(/skip|pass|null/)'
FILE[status]=src/engine/status.rs
FILTER[status]='test(/status|end|mate|repet|royal|draw|win|impasse|declar|decided|check|game/)'
FILE[make]=src/engine/make.rs
FILTER[make]='test(/make|unmake|perft|hash|round_trip|memory/)'
ORDER=(make skip drops promotion status filters generate)

iterate=()
if [[ "${1:-}" == --iterate ]]; then iterate=(--iterate); shift; fi
names=("$@")
[[ ${#names[@]} -eq 0 ]] && names=("${ORDER[@]}")
for name in "${names[@]}"; do
    [[ -n "${FILE[$name]:-}" ]] || { echo "unknown file '$name'; one of: ${ORDER[*]}" >&2; exit 2; }
    filter="${FILTER[$name]}"
    suites=()
    if [[ ${#iterate[@]} -gt 0 ]]; then
        filter='kind(lib) | binary(engine) | binary(pieces) | binary(check)'
        # .cargo/mutants.toml builds the library, engine and pieces; the retest needs check too.
        suites=(--cargo-arg=--test=check)
    fi
    echo "== ${FILE[$name]}: tests $filter"
    cargo mutants "${iterate[@]}" "${suites[@]}" -f "${FILE[$name]}" -o "target/mutants-out/$name" -- -E "$filter" || true
    for outcome in caught missed timeout unviable; do
        printf '%s %s\n' "$outcome" "$(wc -l < "target/mutants-out/$name/mutants.out/$outcome.txt")"
    done
done
