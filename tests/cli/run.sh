#!/bin/sh
# run.sh - data-driven command-line tests (in the spirit of jq's tests).
# Each case is tests/cli/cases/NAME.cmd, a shell snippet run from the repo
# root with $SILLAGE set and a fresh $TMP folder; beside it NAME.code holds
# the expected exit status, and NAME.out / NAME.err (when present) the exact
# expected standard output / error. `sh tests/cli/run.sh BIN --update`
# rewrites the expectations from the current behaviour (review the diff!).
set -u
SILLAGE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UPDATE=${2:-}
export SILLAGE
here=$(dirname "$0")
pass=0
fail=0
for cmd in "$here"/cases/*.cmd; do
	name=$(basename "$cmd" .cmd)
	base=${cmd%.cmd}
	TMP=$(mktemp -d)
	export TMP
	sh "$cmd" >"$TMP/.out" 2>"$TMP/.err"
	code=$?
	if [ "$UPDATE" = "--update" ]; then
		echo "$code" >"$base.code"
		if [ -s "$TMP/.out" ] || [ -f "$base.out" ]; then cp "$TMP/.out" "$base.out"; fi
		if [ -s "$TMP/.err" ] || [ -f "$base.err" ]; then cp "$TMP/.err" "$base.err"; fi
	fi
	ok=1
	want=$(cat "$base.code" 2>/dev/null || echo 0)
	if [ "$code" != "$want" ]; then
		echo "FAIL $name: exit status $code, expected $want"
		ok=0
	fi
	for s in out err; do
		if [ -f "$base.$s" ] && ! diff -u "$base.$s" "$TMP/.$s" >"$TMP/.diff"; then
			echo "FAIL $name: std$s differs:"
			head -40 "$TMP/.diff"
			ok=0
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
	rm -rf "$TMP"
done
echo "cli: $pass passed, $fail failed"
[ $fail = 0 ]
