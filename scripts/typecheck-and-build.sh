#!/usr/bin/env bash
# `npm test`'s type check beside its build: one process on each of the two
# cores (TypeScript 7's check about 4 s, the build about 10 s). Either failing fails the command.
set -uo pipefail
npm run --silent typecheck &
typecheck=$!
npm run --silent build
built=$?
wait "$typecheck"
checked=$?
exit $((built != 0 || checked != 0))
