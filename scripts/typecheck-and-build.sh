#!/usr/bin/env bash
# `npm test`'s type check beside its build: one process on each of the two
# cores (8 s and 6 s one after the other). Either failing fails the command.
set -uo pipefail
npm run --silent typecheck &
typecheck=$!
npm run --silent build
built=$?
wait "$typecheck"
checked=$?
exit $((built != 0 || checked != 0))
