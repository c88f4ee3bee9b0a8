#!/bin/sh
# silb.sh SILLAGE SILB_BENCH [EVENTS] - the binary log's benchmark (`make bench`):
# generates a sail game of EVENTS events (default 1 000 000) at run time in a
# temporary folder, then times gen/convert/verify with their peak memory,
# compares sizes with gzip -9 and xz -9 of the text and with the information
# the game holds (sail_entropy), and runs silb_bench for
# open, seek (1 000 random turns) and replay. Nothing is kept.
set -u
SL=$1
BENCH=$2
N=${3:-1000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs GNU time (/usr/bin/time)" >&2; exit 4; }

run() {   # run LABEL CMD...: prints "LABEL  seconds  peak-MB"
	label=$1
	shift
	"$TIME" -f "%e %M" -o "$T/time" "$@" >/dev/null || { echo "bench: $label failed" >&2; exit 1; }
	read -r secs kb <"$T/time"
	printf "| %-34s | %8s s | %8.1f MB |\n" "$label" "$secs" "$(echo "$kb / 1024" | bc -l)"
}

echo "## sillage binary log benchmark: sail, $N events (seed 1)"
echo
echo "| step | time | peak memory |"
echo "| --- | ---: | ---: |"
run "gen -o game.silb (streamed)" "$SL" gen -g sail --events "$N" -o "$T/game.silb"
run "gen -o game.sil" "$SL" gen -g sail --events "$N" -o "$T/game.sil"
run "convert game.sil -o game2.silb" "$SL" convert "$T/game.sil" -o "$T/game2.silb"
run "convert --coding=deflate -o game.deflate.silb" "$SL" convert --coding=deflate "$T/game.sil" -o "$T/game.deflate.silb"
run "convert game.silb -o game2.sil" "$SL" convert "$T/game.silb" -o "$T/game2.sil"
run "verify game.sil" "$SL" verify "$T/game.sil"
run "verify game.silb" "$SL" verify "$T/game.silb"
run "verify game.deflate.silb" "$SL" verify "$T/game.deflate.silb"
run "seek --turn $((N / 200)) game.silb" "$SL" seek --turn $((N / 200)) "$T/game.silb"
cmp -s "$T/game.sil" "$T/game2.sil" || { echo "bench: .sil -> .silb -> .sil differs" >&2; exit 1; }
cmp -s "$T/game.silb" "$T/game2.silb" || { echo "bench: the two archives differ" >&2; exit 1; }
gzip -9 -c "$T/game.sil" >"$T/game.sil.gz"
xz -9 -T1 -c "$T/game.sil" >"$T/game.sil.xz"
xz -9e -T1 -c "$T/game.sil" >"$T/game.sil.xze"   # issue 29's peer: xz at its strongest
events=$N
echo
echo "| file | bytes | bytes/event | vs .sil |"
echo "| --- | ---: | ---: | ---: |"
for f in game.sil game.sil.gz game.sil.xz game.sil.xze game.deflate.silb game.silb; do
	b=$(wc -c <"$T/$f")
	printf "| %-12s | %10d | %6.2f | %5.1f%% |\n" "$f" "$b" "$(echo "$b / $events" | bc -l)" \
		"$(echo "100 * $b / $(wc -c <"$T/game.sil")" | bc -l)"
done
ENT=$(dirname "$BENCH")/sail_entropy
if [ -x "$ENT" ]; then
	"$ENT" "$T/game.sil" >"$T/ent" || { echo "bench: sail_entropy failed" >&2; exit 1; }
	xzb=$(wc -c <"$T/game.sil.xz")
	echo
	echo "What is possible (bench/sail_entropy.c): the information the generator put in the play,"
	echo "and what a rules-aware model (legal ships, legal steps, reset per segment) would need:"
	echo
	printf "| %-40s | %6.3f B/event |\n" "information content (exact)" "$(sed -n 's/^exact_bytes_per_event //p' "$T/ent")"
	printf "| %-40s | %6.3f B/event |\n" "rules-aware model, entries only" "$(sed -n 's/^model_bytes_per_event //p' "$T/ent")"
	printf "| %-40s | %6.3f B/event |\n" "goal: half of xz -9" "$(echo "$xzb / 2 / $events" | bc -l)"
	printf "| %-40s | %6.3f B/event |\n" ".silb (modelled segments)" "$(echo "$(wc -c <"$T/game.silb") / $events" | bc -l)"
	printf "| %-40s | %6.3f |\n" "ratio .silb / xz -9 (goal <= 0.5)" "$(echo "$(wc -c <"$T/game.silb") / $xzb" | bc -l)"
	xzeb=$(wc -c <"$T/game.sil.xze")
	printf "| %-40s | %6.3f |\n" "ratio .silb / xz -9e (issue 29: <= 0.45)" "$(echo "$(wc -c <"$T/game.silb") / $xzeb" | bc -l)"
	printf "| %-40s | %6.3f |\n" "information content / xz -9e (the floor)" \
		"$(echo "$(sed -n 's/^exact_bytes_per_event //p' "$T/ent") * $events / $xzeb" | bc -l)"
fi
echo
# sail's snapshots refuse turns past 9999 (SAIL_MAX_TURNS): seeks stay below
"$BENCH" "$T/game.silb" 1000 9999 | awk '{printf "| %-22s | %s |\n", $1, $2}' | sed '1i | measure | value |\n| --- | ---: |'
"$SL" info "$T/game.silb" | grep -E "^(turns|events|size|packed|modelled|vs text)"
echo
echo "Seek in the deflate-coded archive (segments of 1 024 entries, no rules needed to decode):"
"$BENCH" "$T/game.deflate.silb" 1000 9999 | grep -E "^seek_(median|p99)" | awk '{printf "| %-22s | %s |\n", $1, $2}' | sed '1i | measure | value |\n| --- | ---: |'

