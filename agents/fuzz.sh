#!/bin/sh
# Runs every fuzz target for SECONDS each (default 10), one at a time.
#
# `go test -fuzz` takes a regular expression and refuses to fuzz when it
# matches more than one target ("will not fuzz, -fuzz matches more than one
# fuzz test ... exit status 1": -fuzz FuzzPgbench matches FuzzPgbenchLogLine
# and FuzzPgbenchProgress), and refuses several packages at once. So each
# target is run alone, with its name anchored.
set -eu
cd "$(dirname "$0")"
seconds="${1:-10}"
for pkg in $(go list ./...); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo "== $pkg $target (${seconds}s)"
		go test -run '^$' -fuzz "^${target}\$" -fuzztime "${seconds}s" "$pkg"
	done
done
