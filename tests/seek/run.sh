#!/bin/sh
# run.sh - a position of an archive read through its index (issue 29:
# state, render at --event N or --turn T [--phase P], step from there and
# stepping back and forth with keys from standard input; the segment that holds
# it, from its keyframe) gives the bytes the whole log gives: each sample
# and a long generated game (many segments), coded with the models and
# deflated, against its text log walked whole, at events and turns at the
# start, inside and at the end of segments, through each side's view where
# the game hides information, and the refusals of positions past the end.
# diff --at and targets read positions the same way, and step's keys move
# through segments, never the log held.
# usage: sh tests/seek/run.sh BUILD/sillage
set -u
SILLAGE=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
: > "$T/in"
pass=0
fail=0

# same LABEL ARGS...: the verb on $T/a.sil and on each archive agree
same() {
	label=$1
	shift
	"$SILLAGE" "$@" "$T/a.sil" < "$T/in" > "$T/want" 2>&1
	echo "exit $?" >> "$T/want"
	[ -f "$T/o.svg" ] && mv "$T/o.svg" "$T/want.svg"
	[ -f "$T/o.png" ] && mv "$T/o.png" "$T/want.png"
	for b in m d; do
		"$SILLAGE" "$@" "$T/a$b.silb" < "$T/in" > "$T/raw" 2>&1
		rc=$?   # one run: the output and the exit code
		sed "s|$T/a$b.silb|$T/a.sil|g" "$T/raw" > "$T/got"
		echo "exit $rc" >> "$T/got"
		if ! cmp -s "$T/want" "$T/got"; then
			echo "FAIL $label ($b): $*"; diff "$T/want" "$T/got" | head -5
			fail=$((fail + 1))
		elif [ -f "$T/want.svg" ] && ! cmp -s "$T/want.svg" "$T/o.svg"; then
			echo "FAIL $label ($b): $* drew another board"
			fail=$((fail + 1))
		elif [ -f "$T/want.png" ] && ! cmp -s "$T/want.png" "$T/o.png"; then
			echo "FAIL $label ($b): $* wrote another PNG"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
		rm -f "$T/o.svg" "$T/o.png"
	done
	rm -f "$T/want.svg" "$T/want.png"
}

# keys KEYS...: step's commands, a line each, for the next calls of same
keys() {
	printf '%s\n' "$@" > "$T/in"
}

# positions LABEL [few]: state, render and step at events and turns of
# $T/a.sil; with few (a long game, where a board costs a quarter second) the
# boards only at the middle, state and step at every position
positions() {
	label=$1
	few=${2:-}
	events=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"events":\([0-9]*\).*/\1/')
	turns=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"turns":\([0-9]*\).*/\1/')
	sides=$(sed -n 's/^player \([^ ]*\).*/\1/p' "$T/a.sil" | head -n 2)
	mid=$((events / 2 + 1))
	for e in 1 $mid $events $((events + 1)); do
		[ "$e" -ge 1 ] || continue
		same "$label" state --event "$e"
		# a board at the middle and the refusal past the end (state, above, and
		# the boards at turns, below, reach the ends)
		[ -n "$few" ] || [ "$e" = 1 ] || [ "$e" = "$events" ] || same "$label" render --event "$e" -o "$T/o.svg"
	done
	for t in 1 $turns $((turns + 1)); do
		same "$label" state --turn "$t" --phase 2
		[ -n "$few" ] || same "$label" render --turn "$t" --phase 2 -o "$T/o.svg"
	done
	same "$label" render --turn "$(((turns + 1) / 2))" -o "$T/o.svg"
	same "$label" state --turn "$turns" --phase 9
	for s in $sides; do
		same "$label" render --event $((events / 2)) --side "$s" -o "$T/o.svg"
		[ -n "$few" ] && break
	done
	# step: forward and back over the start, the middle and the end, by
	# event and by turn, a jump, a search, the state
	keys n n p ']' '[' '[' "e $mid" p p "g $turns" n n n s "g 1" '/ turn' s q
	same "$label" step
	same "$label" step --event "$mid"
	same "$label" step --event "$events"
	same "$label" step --turn "$turns"
	same "$label" step --turn "$((turns + 1))"
	same "$label" step --event "$((events + 1))"
	# targets at a position: the pieces, then the first piece's actions
	same "$label" targets --event "$mid"
	same "$label" targets --json --turn "$turns" --phase 2
	same "$label" targets --event "$((events + 1))"
	sel=$("$SILLAGE" targets --event "$mid" "$T/a.sil" 2>/dev/null | sed -n 's/.*-> --sel \(.*\)/\1/p' | head -n 1)
	[ -z "$sel" ] || same "$label" targets --event "$mid" --sel "$sel"
	# diff --at: two positions of the log, the log against the text at one
	# (the same state both ways), the start, a phase, past the end
	same "$label" diff --at 0 --at "$mid"
	same "$label" diff --at "$mid" --at "t$turns"
	same "$label" diff --json --at "t1.2" --at "$events"
	same "$label" diff --at "$mid" "$T/a.sil"
	same "$label" diff --json --at "t$turns" "$T/a.sil"
	same "$label" diff --at "$((events + 1))" --at 1
	same "$label" diff --at 1 --at "t$((turns + 1))"
	# the ends and past them, a find that fails, the board written
	keys "e 0" n "g 0" "g $((turns + 1))" "e $((events + 1))" "e x" '/ no such text here' "e $mid" "w $T/o.png" s q
	same "$label" step --turn 1
	: > "$T/in"
}

# spans LABEL: stats --from/--to on each archive (from the keyframe before the
# span) gives the rows of the whole text log's table for the span: per event at
# the start, inside and at the end, per turn over whole turns, and the sums of a
# span per game equal to the sums of its events' rows
spans() {
	label=$1
	events=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"events":\([0-9]*\).*/\1/')
	turns=$("$SILLAGE" info --json "$T/a.sil" | sed 's/.*"turns":\([0-9]*\).*/\1/')
	"$SILLAGE" stats --csv --per event "$T/a.sil" > "$T/whole-ev" 2>&1 || return 0   # no metrics
	"$SILLAGE" stats --csv "$T/a.sil" > "$T/whole-turn" 2>&1
	for a in 0 1 $((events / 2)) $((events - 3)); do
		[ "$a" -ge 0 ] || continue
		b=$((a + 20)); [ $b -le "$events" ] || b=$events
		awk -F, -v a="$a" -v b="$b" 'NR == 1 || ($1 > a && $1 <= b)' "$T/whole-ev" > "$T/want"
		for x in m d; do
			"$SILLAGE" stats --csv --per event --from "$a" --to "$b" "$T/a$x.silb" > "$T/got" 2>&1
			if cmp -s "$T/want" "$T/got"; then pass=$((pass + 1)); else
				echo "FAIL $label ($x): stats --per event --from $a --to $b"; diff "$T/want" "$T/got" | head -5
				fail=$((fail + 1))
			fi
		done
	done
	for t in 1 $(((turns + 1) / 2)); do
		u=$((t + 1)); [ $u -le "$turns" ] || u=$turns
		awk -F, -v a="$t" -v b="$u" 'NR == 1 || ($1 >= a && $1 <= b)' "$T/whole-turn" > "$T/want"
		for x in m d; do
			"$SILLAGE" stats --csv --from "t$t" --to "t$u" "$T/a$x.silb" > "$T/got" 2>&1
			if cmp -s "$T/want" "$T/got"; then pass=$((pass + 1)); else
				echo "FAIL $label ($x): stats --from t$t --to t$u"; diff "$T/want" "$T/got" | head -5
				fail=$((fail + 1))
			fi
		done
	done
}

for f in samples/*/*.sil; do
	cp "$f" "$T/a.sil"
	"$SILLAGE" convert "$T/a.sil" -o "$T/am.silb" >/dev/null 2>&1 || { echo "FAIL: convert $f"; fail=$((fail + 1)); continue; }
	"$SILLAGE" convert --coding=deflate "$T/a.sil" -o "$T/ad.silb" >/dev/null 2>&1 || { echo "FAIL: convert $f"; fail=$((fail + 1)); continue; }
	positions "$(basename "$f")"
	spans "$(basename "$f")"
done
# a long game: many segments, positions at and around their seams
"$SILLAGE" gen -g sail --events 12000 -o "$T/a.sil" >/dev/null || exit 1
"$SILLAGE" convert "$T/a.sil" -o "$T/am.silb" >/dev/null || exit 1
"$SILLAGE" convert --coding=deflate "$T/a.sil" -o "$T/ad.silb" >/dev/null || exit 1
positions gen-sail few
spans gen-sail
for e in 1023 1024 3072 3073 6144; do
	same gen-sail state --event "$e"
	keys p n n p p "e $((e + 1))" p '[' ']' s q
	same gen-sail step --event "$e"
done
same gen-sail render --event 1024 -o "$T/o.svg"
same gen-sail diff --at 1023 --at 1024
same gen-sail diff --at 3072 --at t40
same gen-sail diff --at t41.2 "$T/a.sil"
echo "seek: $pass passed, $fail failed"
[ $fail = 0 ]
