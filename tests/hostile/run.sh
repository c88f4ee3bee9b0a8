#!/bin/sh
# run.sh - hostile inputs built at run time (issue 20): peak memory of
# `verify` stays within 64 MB + 64 bytes per byte of a .silb file and 64 MB +
# 8 per byte of a .sil file, and each file gets its documented exit code; the
# other reading verbs that walk the log once (info, state, log, stats, render,
# html, report, convert, repair) keep 64 MB + 64 per byte on an archive of
# many segments and on a long game (issue 30), and so do positions read
# through the index; verify -, convert - and pack - take a million-event
# text log on standard input in 64 MB (issue 29); the peaks of html and
# report do not grow with a long legal game (issue 30); stats --per event,
# chart and render --overlay heat of a million-event archive stay within
# the bound (issue 30), and so do html --branch and the report of a starship
# voyage; html and stats of twenty events of it read them through the index
# (issue 29).
# Peak memory is read with GNU time (%M, kilobytes). Skipped under the
# sanitizers, whose shadow memory is not ours.
# usage: sh tests/hostile/run.sh BUILD/sillage BUILD/tools
set -u
SILLAGE=$1
TOOLS=$2
case "$(nm "$SILLAGE" 2>/dev/null | grep -c '__asan_\|__ubsan_')" in
0) ;;
*) echo "hostile: skipped (sanitizer build)"; exit 0 ;;
esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

# check FILE WANT_CODE PER_BYTE: verify FILE, its exit code and peak memory
check() {
	f=$1 want=$2 per=$3
	/usr/bin/time -f '%M' -o "$T/mem" "$SILLAGE" verify "$f" >/dev/null 2>"$T/err"
	code=$?
	kb=$(tail -n 1 "$T/mem")
	bytes=$(wc -c < "$f")
	limit=$(( (64 * 1024 * 1024 + per * bytes) / 1024 ))
	if [ "$code" != "$want" ]; then
		echo "FAIL $(basename "$f"): exit $code, expected $want"; head -3 "$T/err"
		fail=$((fail + 1))
	elif [ "$kb" -gt "$limit" ]; then
		echo "FAIL $(basename "$f"): $kb KB at peak, more than $limit KB (64 MB + $per x $bytes bytes)"
		fail=$((fail + 1))
	else
		echo "hostile: $(basename "$f") ($bytes bytes): exit $code, $kb KB at peak (limit $limit KB)"
		pass=$((pass + 1))
	fi
}

# verb VERB FILE WANT_CODE [ARGS]: VERB FILE's exit code, and its peak
# memory within 64 MB + 64 per byte of FILE
verb() {
	v=$1 f=$2 want=$3
	shift 3
	/usr/bin/time -f '%M' -o "$T/mem" "$SILLAGE" "$v" "$@" "$f" >/dev/null 2>"$T/err"
	code=$?
	kb=$(tail -n 1 "$T/mem")
	bytes=$(wc -c < "${f%:*}")   # ARCHIVE:NAME: the archive's bytes
	limit=$(( (64 * 1024 * 1024 + 64 * bytes) / 1024 ))
	if [ "$code" != "$want" ]; then
		echo "FAIL $v $* $(basename "$f"): exit $code, expected $want"; head -3 "$T/err"
		fail=$((fail + 1))
	elif [ "$kb" -gt "$limit" ]; then
		echo "FAIL $v $(basename "$f"): $kb KB at peak, more than $limit KB (64 MB + 64 x $bytes bytes)"
		fail=$((fail + 1))
	else
		echo "hostile: $v $* $(basename "$f") ($bytes bytes): exit $code, $kb KB at peak (limit $limit KB)"
		pass=$((pass + 1))
	fi
	rm -f "$T"/o.*
}

head -n 16 tests/cli/data/example.sil > "$T/head.sil"
# a 20 KB archive of one deflated segment of 20 million one-byte markers
"$TOOLS/hostile" segment "$T/markers.silb" 20000000 "$T/head.sil" >/dev/null || exit 1
check "$T/markers.silb" 3 64
# 70 KB: 1000 segments of 4096 markers, each segment within the cap (issue
# 30: read whole, 4 M entries took the verbs that held the log to 1 GB)
"$TOOLS/hostile" segments "$T/multi.silb" 1000 4096 "$T/head.sil" >/dev/null || exit 1
check "$T/multi.silb" 1 64
for v in info state log stats; do verb $v "$T/multi.silb" 1; done
verb render "$T/multi.silb" 1 -o "$T/o.svg"
verb html "$T/multi.silb" 1 -q -o "$T/o.html"
verb report "$T/multi.silb" 1 -o "$T/o.pdf"
verb render "$T/multi.silb" 0 --event 0 -o "$T/o.svg"   # through the index: one segment
verb render "$T/multi.silb" 2 --turn 1 -o "$T/o.svg"   # no turn: the index says so
verb convert "$T/multi.silb" 1 -o "$T/o.sil"
verb repair "$T/multi.silb" 0 -o "$T/o.sil"   # repair keeps what is sound: rules are not its job
# 60 MB of phase markers in text: refused at its third marker
{ cat "$T/head.sil"; echo 'turn 1'; yes 'phase 2' | head -n 7500000; } > "$T/markers.sil"
check "$T/markers.sil" 1 8
# long legal games, replayed whole
"$SILLAGE" gen -g sail --events 200000 -o "$T/long.sil" >/dev/null || exit 1
check "$T/long.sil" 0 8
"$SILLAGE" convert "$T/long.sil" -o "$T/long.silb" >/dev/null || exit 1
check "$T/long.silb" 0 64
for v in info state log stats; do verb $v "$T/long.silb" 0; done
verb state "$T/long.silb" 0 --event 100000   # through the index
verb render "$T/long.silb" 0 --event 100000 -o "$T/o.svg"
verb render "$T/long.silb" 0 --turn 500 --phase 2 -o "$T/o.svg"
verb render "$T/long.silb" 0 -o "$T/o.svg"
verb convert "$T/long.silb" 0 -o "$T/o.sil"
verb repair "$T/long.silb" 0 -o "$T/o.silb"
"$SILLAGE" convert --coding=deflate "$T/long.sil" -o "$T/long-deflate.silb" >/dev/null || exit 1
check "$T/long-deflate.silb" 0 64
# an archive of many games holding the long game and short ones: every game
# verified alone, and the long one read alone by the verbs, within 64 MB + 64
# per byte of the archive
for i in 1 2 3; do "$SILLAGE" gen -g sail -r $i --events 200 -o "$T/short$i.sil" >/dev/null || exit 1; done
"$SILLAGE" pack --archive "$T/club.sila" "$T/short1.sil" "$T/short2.sil" "$T/long.sil" "$T/short3.sil" || exit 1
check "$T/club.sila" 0 64
for v in info state log stats; do verb $v "$T/club.sila:long" 0; done
verb state "$T/club.sila:long" 0 --event 100000   # through the game's index
verb render "$T/club.sila:long" 0 --turn 500 --phase 2 -o "$T/o.svg"
verb convert "$T/club.sila:long" 0 -o "$T/o.sil"
# (verb removes its outputs: the text again, kept)
"$SILLAGE" convert "$T/club.sila:long" -o "$T/back.sil" && cmp -s "$T/back.sil" "$T/long.sil" ||
	{ echo "FAIL convert club.sila:long: not long.sil"; fail=$((fail + 1)); }
rm -f "$T/back.sil"
# the archive cut short, and one byte of the long game changed: exit 3
head -c $(( $(wc -c < "$T/club.sila") - 7 )) "$T/club.sila" > "$T/cut.sila"
check "$T/cut.sila" 3 64
cp "$T/club.sila" "$T/bad.sila"
printf 'X' | dd of="$T/bad.sila" bs=1 seek=$(( $(wc -c < "$T/club.sila") / 2 )) conv=notrunc 2>/dev/null
check "$T/bad.sila" 3 64
verb verify "$T/bad.sila:short3" 0   # the others still read
rm -f "$T/club.sila" "$T/cut.sila" "$T/bad.sila"
# html of a long legal game streams it (issue 30): its peak does not grow with the game. A
# sail game on a small empty map, a turn marker and a wind roll each turn (a step is a few ms
# to draw), of 1 000 and 4 000 turns as archives: the page of the longer peaks within 5 MB of
# the shorter's (held whole before: 18 380 and 27 416 KB, the log and the page twice), its
# lines let go past 1 000 (SL_HTML_LINES_HELD) as a game past 131 072 lines lets them go.
# With a --branch (a variation that leaves it at turn 401), and as the branch of that
# variation: neither the main line nor a branch is held (held before: 20 664 and 27 288 KB
# with the branch, 6.5 MB apart, now 21 912 and 25 552; as the branch 21 124 and 26 212, now
# 21 528 and 23 940, within 4 MB)
sed -n '1,/^terrain row=9/p' "$(dirname "$0")/../serve/data/sail-setup.sil" | sed 's/ turns=6$//' > "$T/sea.sil"
{ cat "$T/sea.sil"; echo "turn 1"; i=2; while [ $i -le 400 ]; do echo "turn $i"; echo "wind roll=3"; i=$((i + 1)); done
  echo "turn 401"; echo "wind roll=5"; } > "$T/var.sil"
export SL_HTML_LINES_HELD=1000
for n in 1000 4000; do
	{ cat "$T/sea.sil"; echo "turn 1"; i=2; while [ $i -le $n ]; do echo "turn $i"; echo "wind roll=3"; i=$((i + 1)); done; } > "$T/sea$n.sil"
	"$SILLAGE" convert "$T/sea$n.sil" -o "$T/sea$n.silb" >/dev/null || exit 1
	verb html "$T/sea$n.silb" 0 -q --branch "$T/var.sil" -o "$T/o.html"
	eval "kb$n=\$kb"
	verb html "$T/var.sil" 0 -q --branch "$T/sea$n.silb" -o "$T/o.html"
	eval "bkb$n=\$kb"
done
unset SL_HTML_LINES_HELD
if [ $((kb4000 - kb1000)) -gt 5120 ]; then
	echo "FAIL html of 4 000 turns: $kb4000 KB at peak, $((kb4000 - kb1000)) KB over 1 000 turns' (at most 5 120)"
	fail=$((fail + 1))
else
	echo "hostile: html of 4 000 turns peaks $((kb4000 - kb1000)) KB over 1 000 turns' ($kb4000, $kb1000 KB; at most 5 120)"
	pass=$((pass + 1))
fi
if [ $((bkb4000 - bkb1000)) -gt 4096 ]; then
	echo "FAIL html --branch of 4 000 turns: $bkb4000 KB at peak, $((bkb4000 - bkb1000)) KB over 1 000 turns' (at most 4 096)"
	fail=$((fail + 1))
else
	echo "hostile: html --branch of 4 000 turns peaks $((bkb4000 - bkb1000)) KB over 1 000 turns' ($bkb4000, $bkb1000 KB; at most 4 096)"
	pass=$((pass + 1))
fi
# report of a long legal game walks it three times, never holding it (issue 30): the
# report of a generated game of 40 000 events peaks within 3 MB of one of 10 000 (held whole
# before: 24 648 and 35 388 KB; now 24 012 and 24 232)
for n in 10000 40000; do
	"$SILLAGE" gen -g sail --events $n -o "$T/g$n.silb" >/dev/null || exit 1
	verb report "$T/g$n.silb" 0 -o "$T/o.pdf"
	eval "kb$n=\$kb"
done
if [ $((kb40000 - kb10000)) -gt 3072 ]; then
	echo "FAIL report of 40 000 events: $kb40000 KB at peak, $((kb40000 - kb10000)) KB over 10 000 events' (at most 3 072)"
	fail=$((fail + 1))
else
	echo "hostile: report of 40 000 events peaks $((kb40000 - kb10000)) KB over 10 000 events' ($kb40000, $kb10000 KB; at most 3 072)"
	pass=$((pass + 1))
fi
rm -f "$T"/g*.silb
# report of a starship voyage walks it too (issue 30): a fight of 400 000 misses, 59 KB as an
# archive, took the report to 1 006 628 KB when its fight pages rated the voyage held whole;
# now 30 704 KB, its chart's points thinned past 4 096 and its exchanges the first that fit
{ printf 'sil 2\ngame starship 1\nplayer blue "Blue" #1f4fb4\nship weapons_roll=2 shields_roll=1\nturn 1\n'
  echo 'encounter enemy="Drifting hulk" weapons=2 shields=14 paragraph=200 first=enemy'
  yes 'attack by=enemy roll=6,6
attack by=player roll=6,6' | head -n 400000
  printf 'attack by=enemy roll=6,6\nattack by=player roll=1,1\ndamage roll=3,3\n'; } > "$T/hulk.sil"
"$SILLAGE" convert "$T/hulk.sil" -o "$T/hulk.silb" >/dev/null || exit 1
verb report "$T/hulk.silb" 0 -o "$T/o.pdf"
rm -f "$T"/hulk.*
# standard input of any length in 64 MB (issue 29): a million-event text
# log, each line followed by a line of 120 spaces (150 MB), piped through
# verify -, convert - and pack - (held whole before: over 150 MB; read a
# window at a time now)
pad='{ print; print "                                                                                                                        " }'
stdin_verb() {
	awk "$pad" "$T/big.sil" | /usr/bin/time -f '%M' -o "$T/mem" "$SILLAGE" "$@" >/dev/null 2>"$T/err"
	code=$?
	kb=$(tail -n 1 "$T/mem")
	limit=$((64 * 1024))
	if [ "$code" != 0 ]; then
		echo "FAIL $* < 1 M events: exit $code"; head -3 "$T/err"
		fail=$((fail + 1))
	elif [ "$kb" -gt "$limit" ]; then
		echo "FAIL $* < 1 M events: $kb KB at peak, more than $limit KB"
		fail=$((fail + 1))
	else
		echo "hostile: $* < 1 M events ($(awk "$pad" "$T/big.sil" | wc -c) bytes): $kb KB at peak (limit $limit KB)"
		pass=$((pass + 1))
	fi
}
"$SILLAGE" gen -g sail --events 1000000 -o "$T/big.silb" >/dev/null || exit 1
"$SILLAGE" convert "$T/big.silb" -o "$T/big.sil" >/dev/null || exit 1
rm -f "$T"/long*
verb stats "$T/big.silb" 0   # a step a turn kept, not every step (217 MB before)
# a row an event, a chart's points, the heat overlay's counts as the log is
# read (issue 30: 427, 358 and 381 MB before, over the 128 MB bound)
verb stats "$T/big.silb" 0 --per event
verb chart "$T/big.silb" 0 --per event --metric hull,sunk -o "$T/o.png"
verb chart "$T/big.silb" 0 --metric hull,sunk -o "$T/o.png"
verb render "$T/big.silb" 0 --overlay heat -o "$T/o.svg"
verb render "$T/big.silb" 0 --overlay heat --from t100 --to t5000 --event 600000 -o "$T/o.svg"
verb state "$T/big.silb" 0 --event 500000
verb render "$T/big.silb" 0 --event 500000 -o "$T/o.svg"
# a span of it through the index (issue 29): the keyframe before event 500 000, twenty events
verb stats "$T/big.silb" 0 --per event --from 500000 --to 500020
verb html "$T/big.silb" 0 -q --from 500000 --to 500020 -o "$T/o.html"
rm -f "$T/big.silb"
stdin_verb verify -
stdin_verb convert - -o "$T/o.silb"
stdin_verb pack - -o "$T/o.silb"
# one comment block of 200 MB on record's standard input (issue 30: held
# whole before, and a block past 64 KiB packed into a TAIL record no reader
# takes): the lines past SL_MAX_COMMENT (65 535 bytes) are refused with their
# position, exit 1, in 64 MB, and the archive verifies (the setup is 25 lines
# with its turn 1, a line of the block 1 000 bytes: the 66th passes, line 91)
here=$(cd "$(dirname "$0")" && pwd)
{ cat "$here/../serve/data/sail-setup.sil"; echo "turn 1"
  awk 'BEGIN { l = "#"; for (i = 0; i < 999; i++) l = l "c"; for (i = 0; i < 200000; i++) print l }'
} | /usr/bin/time -f '%M' -o "$T/mem" "$SILLAGE" record "$T/comment.silb" >/dev/null 2>"$T/err"
code=$?
kb=$(tail -n 1 "$T/mem")
first=$(grep -m1 -v '^[0-9]*$' "$T/err")
if [ "$code" != 1 ] || [ "$kb" -gt $((64 * 1024)) ] ||
   [ "$first" != "sillage: <stdin>:91:1: comment block longer than 65535 bytes (the '#' lines above one entry, or after the last)" ] ||
   ! "$SILLAGE" verify "$T/comment.silb" >/dev/null 2>&1; then
	echo "FAIL record < a 200 MB comment block: exit $code, $kb KB at peak; $first"
	"$SILLAGE" verify "$T/comment.silb" 2>&1 | head -n 2
	fail=$((fail + 1))
else
	echo "hostile: record < a 200 MB comment block: exit 1, refused from <stdin>:91:1, $kb KB at peak (limit 65536 KB)"
	pass=$((pass + 1))
fi
rm -f "$T/comment.silb" "$T/err"
echo "hostile: $pass passed, $fail failed"
[ $fail = 0 ]
