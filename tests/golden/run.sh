#!/bin/sh
# run.sh - golden replays (like Chocolate Doom's quickcheck): every sample
# log replays to the same verification line, event descriptions, final state
# summary and hash as tests/golden/<game>/<name>.txt. A diff fails.
# `sh tests/golden/run.sh BIN --update` rewrites them (review the diff!).
set -u
BIN=$1
UPDATE=${2:-}
here=$(dirname "$0")
pass=0
fail=0
for f in samples/*/*.sil; do
	[ -f "$f" ] || continue
	game=$(basename "$(dirname "$f")")
	name=$(basename "$f" .sil)
	want="$here/$game/$name.txt"
	got=$(mktemp)
	{
		echo "## verify"
		"$BIN" verify "$f" 2>&1
		echo "## log"
		"$BIN" log "$f" 2>&1
		echo "## state at the end"
		"$BIN" state "$f" 2>&1
	} >"$got"
	if [ "$UPDATE" = "--update" ]; then
		mkdir -p "$here/$game"
		cp "$got" "$want"
	fi
	if [ ! -f "$want" ]; then
		echo "FAIL $f: no golden file $want (run with --update and review it)"
		fail=$((fail + 1))
	elif diff -u "$want" "$got" >/dev/null; then
		pass=$((pass + 1))
	else
		echo "FAIL $f: replay differs from $want:"
		diff -u "$want" "$got" | head -30
		fail=$((fail + 1))
	fi
	rm -f "$got"
done
echo "golden: $pass passed, $fail failed"
[ $pass -gt 0 ] && [ $fail = 0 ]
