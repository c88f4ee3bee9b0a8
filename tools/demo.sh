#!/bin/sh
# demo.sh - the README's first command (`make demo`): installs the missing
# Debian packages, builds, then replays the bundled sample games and draws
# them into out/ (PNG and SVG boards at several turns, the game told in words,
# the final state). One line per step; everything the steps print goes to
# build/demo.log, and a step that fails shows its whole output.
#   sh tools/demo.sh [BUILD/sillage]     (MAKE: the make to build with)
set -u
BIN=${1:-build/sillage}
MAKE=${MAKE:-make}
mkdir -p build out
LOG=build/demo.log
STEP=$(mktemp "${TMPDIR:-/tmp}/sillage-demo.XXXXXX") || exit 4
trap 'rm -f "$STEP"' EXIT INT TERM
: >"$LOG"

# run WHAT CMD...: one step, its output kept in the log; on failure shown whole
run() {
	what=$1
	shift
	echo "== $what: $*" >>"$LOG"
	"$@" >"$STEP" 2>&1
	rc=$?
	if [ "$rc" = 0 ]; then
		cat "$STEP" >>"$LOG"
		return 0
	fi
	cat "$STEP" >>"$LOG"
	echo "demo: $what failed (exit $rc); its output:"
	cat "$STEP"
	echo "demo: (every step's output is in $LOG)"
	exit "$rc"
}

missing=$(sh tools/deps.sh --missing)
n=$(echo $missing | wc -w)
if [ "$n" -gt 0 ]; then
	printf 'demo: installing %d Debian packages (apt-get) ...\n' "$n"
	run "installing packages" sh tools/deps.sh
else
	echo "demo: packages: every one is installed"
fi
echo "demo: building (make all) ..."
run "building" $MAKE all
for f in samples/*/*.sil; do
	name=$(basename "$f" .sil)
	game=$(basename "$(dirname "$f")")
	before=$(ls out | wc -l)
	run "verifying $f" "$BIN" verify "$f"
	run "telling $f" sh -c '"$1" log "$2" >"out/$3.txt" && "$1" state "$2" >"out/$3-state.txt"' sh "$BIN" "$f" "$name"
	turns=$("$BIN" info --json "$f" | sed 's/.*"turns":\([0-9]*\).*/\1/')
	for t in 1 $(( (turns + 1) / 2 )) "$turns"; do
		run "drawing $f at turn $t" "$BIN" render --turn "$t" -o "out/$name-turn$t.png" "$f"
		run "drawing $f at turn $t" "$BIN" render --turn "$t" -o "out/$name-turn$t.svg" "$f"
	done
	run "drawing the end of $f" "$BIN" render -o "out/$name-end.png" "$f"
	run "drawing the end of $f" "$BIN" render -o "out/$name-end.pdf" "$f"
	echo "demo: $game/$name: verified, $turns turns, $(( $(ls out | wc -l) - before )) files"
done
echo "demo: wrote $(ls out | wc -l) files into out/ (open out/*-turn*.png); details in $LOG"
