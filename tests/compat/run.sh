#!/bin/sh
# run.sh - logs outlive upgrades: every log recorded under an earlier rules
# version of a game, kept as tests/compat/GAME/v<N>-NAME.sil, still replays.
# For each FILE:
#   - without FILE.upgrade: `sillage verify` must pass, and `sillage state` at
#     the end must print exactly FILE.state (the game replays as recorded);
#   - with FILE.upgrade: `sillage upgrade -o OUT FILE` must say exactly what
#     FILE.upgrade holds (its words and exit status: the log is rewritten
#     under today's version, or the first entry today's rules refuse is
#     named); when it succeeds OUT must verify and its state be FILE.state.
# formats/GAME.md says, per old version, which of the two each game does.
# And archives outlive their writer: each FILE.silb beside a FILE.sil (written
# by an earlier writer: an older model version of the game, formats/silb.md)
# must verify and convert back to FILE.sil byte for byte. And each archive of
# many games FILE.sila (an earlier writer's, formats/silb.md "Archives of many
# games") must verify whole, and each of its games FILE.sila:NAME convert back
# to FILE.sila.d/NAME.sil byte for byte and seek (`state --event 10`) alone.
# usage: sh tests/compat/run.sh build/sillage [--update]
set -u
SILLAGE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
UPDATE=${2:-}
here=$(dirname "$0")
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 4
pass=0
fail=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
bad() { echo "FAIL $1: $2"; ok=0; }
# compares the output of a command with an expected file (or writes it)
same() {
	if [ "$UPDATE" = "--update" ]; then cp "$2" "$3"; return 0; fi
	[ -f "$3" ] || { bad "$1" "no $3 (run with --update to write it)"; return 1; }
	diff -u "$3" "$2" >"$TMP/diff" || { bad "$1" "differs from $3:"; head -20 "$TMP/diff"; return 1; }
}
for f in tests/compat/*/v[0-9]*.sil; do
	[ -f "$f" ] || continue
	ok=1
	log=$f
	if [ -f "$f.upgrade" ]; then
		rm -f "$TMP/u.sil"
		"$SILLAGE" upgrade -o "$TMP/u.sil" "$f" >"$TMP/up" 2>&1
		echo "exit $?" >>"$TMP/up"
		sed "s|$TMP|TMP|g" "$TMP/up" >"$TMP/up.txt"
		same "$f" "$TMP/up.txt" "$f.upgrade" || { fail=$((fail + 1)); continue; }
		[ -f "$TMP/u.sil" ] || { pass=$((pass + 1)); continue; }   # refused, as expected
		log=$TMP/u.sil
	fi
	if ! "$SILLAGE" verify -q "$log" >"$TMP/v" 2>&1; then
		bad "$f" "does not verify:"; cat "$TMP/v"
	elif "$SILLAGE" state "$log" >"$TMP/state" 2>&1; then
		same "$f" "$TMP/state" "$f.state" || :
	else
		bad "$f" "state failed:"; cat "$TMP/state"
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
for f in tests/compat/*/v[0-9]*.silb; do
	[ -f "$f" ] || continue
	ok=1
	if ! "$SILLAGE" verify -q "$f" >"$TMP/v" 2>&1; then
		bad "$f" "does not verify:"; cat "$TMP/v"
	elif ! "$SILLAGE" convert "$f" -o "$TMP/back.sil" >"$TMP/v" 2>&1; then
		bad "$f" "does not convert:"; cat "$TMP/v"
	elif ! cmp -s "$TMP/back.sil" "${f%.silb}.sil"; then
		bad "$f" "converts to another text than ${f%.silb}.sil"
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
for f in tests/compat/*/v[0-9]*.sila; do
	[ -f "$f" ] || continue
	ok=1
	if ! "$SILLAGE" verify -q "$f" >"$TMP/v" 2>&1; then
		bad "$f" "does not verify:"; cat "$TMP/v"
	fi
	n=0
	for t in "$f.d"/*.sil; do
		[ -f "$t" ] || continue
		k=$(basename "$t" .sil)
		n=$((n + 1))
		if ! "$SILLAGE" convert "$f:$k" -o "$TMP/back.sil" >"$TMP/v" 2>&1; then
			bad "$f:$k" "does not convert:"; cat "$TMP/v"
		elif ! cmp -s "$TMP/back.sil" "$t"; then
			bad "$f:$k" "converts to another text than $t"
		elif ! "$SILLAGE" state --event 10 "$f:$k" >"$TMP/s1" 2>&1 ||
		     ! "$SILLAGE" state --event 10 "$t" >"$TMP/s2" 2>&1 || ! cmp -s "$TMP/s1" "$TMP/s2"; then
			bad "$f:$k" "state --event 10 differs from the text's"; cat "$TMP/s1"
		fi
	done
	[ "$n" = "$("$SILLAGE" ls "$f" | grep -vc "an archive of")" ] || bad "$f" "holds another count of games than $f.d ($n)"
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "compat: $pass passed, $fail failed"
[ $fail = 0 ]
