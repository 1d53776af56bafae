#!/bin/sh
# Writes cmd/levelfield-agent/default.pgo, the CPU profile `go build` uses to
# optimise the agent (profile-guided optimisation: it inlines the hot calls of
# the StatsD listener's path, which the compiler's size budget otherwise keeps
# as calls). The profile is BenchmarkStatsDLine's: parse, buffer and record
# packed datagrams as bench/statsd-load.mjs sends them. Measured with paired
# runs of `npm run bench:agent` (BENCH_COMPARE_BIN) at the footprint
# benchmark's load: 2-7 % less CPU (ratios 0.944, 0.928, 0.979, 0.986). Run it
# again after changing that path.
set -e
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -run '^$' -bench '^BenchmarkStatsDLine$' -benchtime 10s -o "$tmp/adapters.test" \
  -cpuprofile "$PWD/cmd/levelfield-agent/default.pgo" ./internal/adapters
