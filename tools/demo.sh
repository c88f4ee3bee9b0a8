#!/bin/sh
# demo.sh - the README's first command after the build: replays the bundled
# sample games and draws them into out/ (PNG and SVG boards at several
# turns, the game told in words, the final state).
set -eu
BIN=${1:-build/sillage}
mkdir -p out
for f in samples/*/*.sil; do
	name=$(basename "$f" .sil)
	"$BIN" verify "$f"
	"$BIN" log "$f" >"out/$name.txt"
	"$BIN" state "$f" >"out/$name-state.txt"
	turns=$("$BIN" info --json "$f" | sed 's/.*"turns":\([0-9]*\).*/\1/')
	for t in 1 $(( (turns + 1) / 2 )) "$turns"; do
		"$BIN" render --turn "$t" -o "out/$name-turn$t.png" "$f"
		"$BIN" render --turn "$t" -o "out/$name-turn$t.svg" "$f"
	done
	"$BIN" render -o "out/$name-end.png" "$f"
	"$BIN" render -o "out/$name-end.pdf" "$f"
done
echo "demo: wrote $(ls out | wc -l) files into out/ (open out/*-turn*.png)"
