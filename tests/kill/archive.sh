#!/bin/sh
# archive.sh - kill -9 the club server while it writes its archive (issue 27):
# DIR holds GAMES finished games (DIR/club.sqlite is built from them at start)
# and, each round, one more game whose last action is posted as soon as the
# server answers; the server is killed 0 to ~0.6 s after it starts, KILLS
# times. After each kill the archive passes SQLite's integrity check and holds
# no game without its players and luck (each game is one transaction); at the
# end, one clean run later, it holds every finished game and equals, row for
# row, what `sillage batch --sqlite` writes from the same journals. Odd rounds
# start without the archive, so that the kill falls while it is built.
# usage: sh tests/kill/archive.sh BUILD/sillage [KILLS] [GAMES]
set -u
SILLAGE=$1
KILLS=${2:-20}
GAMES=${3:-16}
NAME=kill-archive
. "$(dirname "$0")/../serve/club_lib.sh"
command -v sqlite3 > /dev/null || { echo "kill-archive: sqlite3 (Debian's sqlite3) is needed"; exit 1; }
head -n 276 samples/sail/heron-bank.sil > "$T/heron.sil"   # over: gb takes the last French ship
head -n 271 samples/sail/heron-bank.sil > "$T/bank.sil"    # the capture still to come
g=1
while [ $g -le "$GAMES" ]; do   # distinct games: each its own title
	sed "s/^title The Héron Bank\$/title The Héron Bank $g/" "$T/heron.sil" |
		"$SILLAGE" record "$D/done$g.silb" > /dev/null 2>&1 || { echo "kill-archive: record done$g"; exit 1; }
	g=$((g + 1))
done

# the archive as a kill left it, read from a copy (with its rollback journal, if a kill left one:
# the server's next open, not this check, rolls the original back): SQLite's check, no game half added
sound() {
	[ -f "$D/club.sqlite" ] || return 0
	rm -rf "$T/chk"
	mkdir "$T/chk"
	cp "$D/club.sqlite" "$T/chk/"
	[ -f "$D/club.sqlite-journal" ] && cp "$D/club.sqlite-journal" "$T/chk/" && hot=$((hot + 1))
	[ "$(sqlite3 "$T/chk/club.sqlite" 'PRAGMA integrity_check' 2>&1)" = ok ] &&
		[ "$(sqlite3 "$T/chk/club.sqlite" 'SELECT COUNT(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id)
			OR NOT EXISTS (SELECT 1 FROM luck l WHERE l.game_id = g.id)' 2>&1)" = 0 ]
}
hot=0

k=1
while [ $k -le "$KILLS" ]; do
	sed "s/^title The Héron Bank\$/title The Héron Bank, round $k/" "$T/bank.sil" |
		"$SILLAGE" record "$D/end$k.silb" > /dev/null 2>&1 || { echo "kill-archive: record end$k"; exit 1; }
	# odd rounds build the archive anew (killed as it is built), even ones open what the last kill left
	[ $((k % 2)) = 1 ] && rm -f "$D/club.sqlite" "$D/club.sqlite-journal"
	start --quiet || exit 1
	tok=$(sed -n 's/^host //p' "$D/end$k.silb.tokens")
	ms=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
	ms=$((ms % 600))
	( curl -s -o /dev/null --max-time 5 -H 'Content-Type: application/json' --data-binary \
		"{\"rev\":$(rev_of "end$k"),\"line\":\"gb: board ship=swallow target=intrepide result=captured\"}" \
		"$URL/g/end$k/api/act?t=$tok" ) &
	sleep "$(printf '0.%03d' "$ms")"
	kill -9 "$PID"
	wait "$PID" 2>/dev/null
	PID=
	wait
	if sound; then pass=$((pass + 1))
	else bad "kill $k (after $ms ms): the archive is not sound: $(sqlite3 "$T/chk/club.sqlite" 'PRAGMA integrity_check' 2>&1 | head -3;
		sqlite3 "$T/chk/club.sqlite" 'SELECT g.id, g.file, (SELECT COUNT(*) FROM players p WHERE p.game_id = g.id),
			(SELECT COUNT(*) FROM luck l WHERE l.game_id = g.id) FROM games g' 2>&1 | tr '\n' ' ')"; fi
	k=$((k + 1))
done

# one clean run: every finished game in
finished=$(cd "$D" && for f in *.silb; do "$SILLAGE" info "$f" 2>/dev/null | grep '^result: ' | grep -vq 'the game goes on' && echo "$f"; done)
want=$(printf '%s\n' "$finished" | grep -c .)
start --quiet || exit 1
n=0
while [ "$(sqlite3 "$D/club.sqlite" 'SELECT COUNT(*) FROM games' 2>/dev/null)" != "$want" ]; do
	n=$((n + 1))
	[ $n -gt 600 ] && break
	sleep 0.1
done
kill -TERM "$PID"
wait "$PID"
PID=
have=$(sqlite3 "$D/club.sqlite" 'SELECT COUNT(*) FROM games')
rm -f "$T/b.sqlite"
# shellcheck disable=SC2086
(cd "$D" && "$SILLAGE" batch -q --sqlite "$T/b.sqlite" $finished)
sqlite3 "$D/club.sqlite" < "$ROOT/tests/serve/archive_dump.sql" > "$T/a.dump"
sqlite3 "$T/b.sqlite" < "$ROOT/tests/serve/archive_dump.sql" > "$T/b.dump"
if [ "$have" = "$want" ] && cmp -s "$T/a.dump" "$T/b.dump"; then pass=$((pass + 1))
else bad "after the kills: $have of $want finished games in the archive; $(diff "$T/a.dump" "$T/b.dump" | head -3)"; fi
ended=$(printf '%s\n' "$finished" | grep -c '^end')
echo "kill-archive: $KILLS kills of serve --dir while it writes DIR/club.sqlite ($GAMES games finished before, built anew in odd rounds; $ended of $KILLS ended during a round; $hot kills left a rollback journal); $pass passed, $fail failed"
[ $fail = 0 ]
