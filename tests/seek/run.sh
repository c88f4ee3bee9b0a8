#!/bin/sh
# run.sh - a position of an archive read through its index (issue 29:
# state, render at --event N or --turn T [--phase P]; the segment that holds
# it, from its keyframe) gives the bytes the whole log gives: each sample
# and a long generated game (many segments), coded with the models and
# deflated, against its text log walked whole, at events and turns at the
# start, inside and at the end of segments, through each side's view where
# the game hides information, and the refusals of positions past the end.
# usage: sh tests/seek/run.sh BUILD/sillage
set -u
SILLAGE=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

# same LABEL ARGS...: the verb on $T/a.sil and on each archive agree
same() {
	label=$1
	shift
	"$SILLAGE" "$@" "$T/a.sil" > "$T/want" 2>&1
	echo "exit $?" >> "$T/want"
	[ -f "$T/o.svg" ] && mv "$T/o.svg" "$T/want.svg"
	for b in m d; do
		"$SILLAGE" "$@" "$T/a$b.silb" 2>&1 | sed "s|$T/a$b.silb|$T/a.sil|g" > "$T/got"
		echo "exit $?" >> "$T/got"   # of sed: the verb's exit is in the output's last line below
		"$SILLAGE" "$@" "$T/a$b.silb" >/dev/null 2>&1
		sed -i "\$s/.*/exit $?/" "$T/got"
		if ! cmp -s "$T/want" "$T/got"; then
			echo "FAIL $label ($b): $*"; diff "$T/want" "$T/got" | head -5
			fail=$((fail + 1))
		elif [ -f "$T/want.svg" ] && ! cmp -s "$T/want.svg" "$T/o.svg"; then
			echo "FAIL $label ($b): $* drew another board"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
		rm -f "$T/o.svg"
	done
	rm -f "$T/want.svg"
}

# positions LABEL: state and render at events and turns of $T/a.sil
positions() {
	label=$1
	events=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"events":\([0-9]*\).*/\1/')
	turns=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"turns":\([0-9]*\).*/\1/')
	sides=$(sed -n 's/^player \([^ ]*\).*/\1/p' "$T/a.sil" | head -n 2)
	for e in 1 $((events / 2 + 1)) $events $((events + 1)); do
		[ "$e" -ge 1 ] || continue
		same "$label" state --event "$e"
		same "$label" render --event "$e" -o "$T/o.svg"
	done
	for t in 1 $turns $((turns + 1)); do
		same "$label" state --turn "$t" --phase 2
		same "$label" render --turn "$t" --phase 2 -o "$T/o.svg"
	done
	same "$label" render --turn "$(((turns + 1) / 2))" -o "$T/o.svg"
	same "$label" state --turn "$turns" --phase 9
	for s in $sides; do
		same "$label" render --event $((events / 2)) --side "$s" -o "$T/o.svg"
	done
}

for f in samples/*/*.sil; do
	cp "$f" "$T/a.sil"
	"$SILLAGE" convert "$T/a.sil" -o "$T/am.silb" >/dev/null 2>&1 || { echo "FAIL: convert $f"; fail=$((fail + 1)); continue; }
	"$SILLAGE" convert --coding=deflate "$T/a.sil" -o "$T/ad.silb" >/dev/null 2>&1 || { echo "FAIL: convert $f"; fail=$((fail + 1)); continue; }
	positions "$(basename "$f")"
done
# a long game: many segments, positions at and around their seams
"$SILLAGE" gen -g sail --events 12000 -o "$T/a.sil" >/dev/null || exit 1
"$SILLAGE" convert "$T/a.sil" -o "$T/am.silb" >/dev/null || exit 1
"$SILLAGE" convert --coding=deflate "$T/a.sil" -o "$T/ad.silb" >/dev/null || exit 1
positions gen-sail
for e in 1023 1024 3072 3073 6144; do
	same gen-sail state --event "$e"
	same gen-sail render --event "$e" -o "$T/o.svg"
done
echo "seek: $pass passed, $fail failed"
[ $fail = 0 ]
