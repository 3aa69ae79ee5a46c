#!/usr/bin/env bash
# The bench's smoke run, part of npm test: small sizes, few repetitions, one
# quick Lighthouse run. It fails only if the bench itself breaks, never on a
# timing. The figures go to bench/out/RESULTS-smoke.md.
exec bash "$(dirname "$0")/bench.sh" --smoke "$@"
