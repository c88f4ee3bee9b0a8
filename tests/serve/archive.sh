#!/bin/sh
# archive.sh - the club's archive of `serve --dir DIR` (issue 27): DIR/club.sqlite
# holds the tables of `sillage batch --sqlite`, a row per finished game. Built at
# start for the games finished before; a game that ends by its rules, one closed
# by the host and a finished game copied into DIR while the server runs are
# added without a request asking; the tables then equal, row for row, those
# `batch --sqlite` writes from the same finished journals, and /api/stats
# equals the same sums over batch's. A locked archive and a corrupt one: the
# statistics answer 503 with the reason and one log line, the games go on, and
# the archive is caught up (or rebuilt from the journals) once it is usable.
# usage: sh tests/serve/archive.sh BUILD/sillage
set -u
SILLAGE=$1
NAME=archive
. "$(dirname "$0")/../serve/club_lib.sh"
command -v sqlite3 > /dev/null || { echo "archive: sqlite3 (Debian's sqlite3) is needed"; exit 1; }
game() { "$SILLAGE" record "$D/$1.silb" < "$2" > /dev/null 2>> "$T/rec.err" || bad "record $1"; }
head -n 276 samples/sail/heron-bank.sil > "$T/heron.sil"   # over: gb takes the last French ship
head -n 271 samples/sail/heron-bank.sil > "$T/bank.sil"    # the same, the capture still to come
game heron "$T/heron.sil"
game bank "$T/bank.sil"
game sternes tests/serve/data/sail-setup.sil
game open1 tests/serve/data/sail-setup.sil

stop() { kill -TERM "$PID"; wait "$PID"; PID=; }
get() { CODE=$(curl -s --max-time 20 -o "$T/body" -w '%{http_code}' "$URL$1"); }
post() {
	CODE=$(curl -s --max-time 20 -o "$T/body" -w '%{http_code}' -H 'Content-Type: application/json' \
		--data-binary "$2" "$URL$1")
}
host_tok() { sed -n 's/^host //p' "$D/$1.silb.tokens"; }
archived() { sqlite3 "$D/club.sqlite" 'SELECT COUNT(*) FROM games' 2>/dev/null; }
# wait_games N: the archive holds N games, within 20 s, no request asking
wait_games() {
	n=0
	while [ "$(archived)" != "$1" ]; do
		n=$((n + 1))
		[ $n -gt 200 ] && return 1
		sleep 0.1
	done
}
# same_as_batch FILES: the archive's rows equal those batch --sqlite writes from FILES of DIR
same_as_batch() {
	rm -f "$T/b.sqlite"
	(cd "$D" && "$SILLAGE" batch -q --sqlite "$T/b.sqlite" "$@") || return 1
	sqlite3 "$D/club.sqlite" < "$ROOT/tests/serve/archive_dump.sql" > "$T/a.dump" &&
		sqlite3 "$T/b.sqlite" < "$ROOT/tests/serve/archive_dump.sql" > "$T/b.dump" && cmp -s "$T/a.dump" "$T/b.dump"
}

start || exit 1
wait_games 1 && [ "$(sqlite3 "$D/club.sqlite" 'SELECT file, winner, over FROM games')" = "heron.silb|gb|1" ] &&
	ok "at start: the game finished before it is in DIR/club.sqlite (heron, won by gb)" || bad "at start: $(archived) games"

# a game ends by its rules: gb's boarders take Intrépide
post "/g/bank/api/act?t=$(host_tok bank)" "{\"rev\":$(rev_of bank),\"line\":\"gb: board ship=swallow target=intrepide result=captured\"}"
[ "$CODE" = 200 ] || bad "the capture in bank: $CODE $(cat "$T/body")"
wait_games 2 && [ "$(sqlite3 "$D/club.sqlite" "SELECT winner, over FROM games WHERE file = 'bank.silb'")" = "gb|1" ] &&
	ok "a game that ends by its rules is added when it ends, no request asking" || bad "bank not added: $(archived)"
# taken back from its end (an undo of the capture): out of the archive, no request asking; then again
post "/g/bank/api/undo?t=$(host_tok bank)" "{\"rev\":$(rev_of bank)}"
c1=$CODE
wait_games 1 && [ "$(sqlite3 "$D/club.sqlite" "SELECT COUNT(*) FROM games WHERE file = 'bank.silb'")" = 0 ] && out=1 || out=0
post "/g/bank/api/act?t=$(host_tok bank)" "{\"rev\":$(rev_of bank),\"line\":\"gb: board ship=swallow target=intrepide result=captured\"}"
[ "$c1 $out $CODE" = "200 1 200" ] && wait_games 2 && ok "an undo of the ending action takes the game out of the archive; the capture again puts it back" ||
	bad "undo: $c1 out=$out again=$CODE, $(archived) games"
# a game the host closes
post "/g/sternes/api/close?t=$(host_tok sternes)" "{\"rev\":$(rev_of sternes)}"
[ "$CODE" = 200 ] || bad "close sternes: $CODE $(cat "$T/body")"
wait_games 3 && [ "$(sqlite3 "$D/club.sqlite" "SELECT over FROM games WHERE file = 'sternes.silb'")" = 0 ] &&
	ok "a game closed by the host is added (over 0)" || bad "sternes not added: $(archived)"
# a finished game copied into DIR while it runs: seen at the next look at DIR (the lobby)
"$SILLAGE" record "$D/late.silb" < samples/sail/heron-bank.sil > /dev/null 2>> "$T/rec.err"
get /api/games
wait_games 4 && ok "a finished game copied into DIR while it runs is added" || bad "late not added: $(archived)"
[ "$(sqlite3 "$D/club.sqlite" "SELECT COUNT(*) FROM games WHERE file = 'open1.silb'")" = 0 ] &&
	ok "a game that goes on is not in the archive" || bad "open1 archived"

if same_as_batch bank.silb heron.silb late.silb sternes.silb; then
	ok "every table equals batch --sqlite's over the same finished journals ($(wc -l < "$T/a.dump") rows)"
else bad "the archive differs from batch --sqlite: $(diff "$T/a.dump" "$T/b.dump" | head -5)"; fi

get /api/stats
[ "$CODE" = 200 ] || bad "GET /api/stats: $CODE $(head -c 300 "$T/body")"
# the same figures summed over batch's archive by other means (python's sqlite3 and its own maths)
if python3 "$ROOT/tests/serve/archive_stats.py" "$T/b.sqlite" "$T/body" > "$T/cmp" 2>&1; then
	ok "GET /api/stats equals batch's archive summed: $(cat "$T/cmp")"
else bad "stats against batch: $(head -5 "$T/cmp")"; fi
st=$(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); p=j['players']; k=j['kinds']['sail']
print(p['gb']['won'], p['gb']['lost'], p['fr']['lost'], p['fr']['closed'], p['fr']['open'], k['over'], k['closed'], k['open'], j['games'], j['archived'])" "$T/body")
[ "$st" = "3 0 3 1 1 3 1 1 5 4" ] && ok "per player won 3 (gb), lost 3 (fr), closed 1, open 1; sail 3 over, 1 closed, 1 open" ||
	bad "stats: $st"
get /stats
[ "$CODE" = 200 ] && grep -q '<table id="luck">' "$T/body" && grep -q '<table id="metrics">' "$T/body" &&
	grep -q '<td>sail</td><td>gb</td><td>gunnery</td><td>3</td>' "$T/body" &&
	ok "GET /stats: players, kinds, luck by side and roll, metrics" || bad "stats page: $CODE"

# the organiser's queries of docs/serve.md, run as written there on this archive: their output as shown
sed -n '/^sqlite3 -header -column DIR\/club.sqlite "$/,/^[^"]*;"$/p' "$ROOT/docs/serve.md" | sed '1d;$s/"$//' > "$T/q.sql"
awk '/^sqlite3 -header -column DIR\/club.sqlite "$/{f=1} f && /^```$/{n++; next} f && n==2{print} f && n==3{exit}' "$ROOT/docs/serve.md" > "$T/q.want"
sqlite3 -header -column "$D/club.sqlite" < "$T/q.sql" 2>&1 | sed 's/[[:space:]]*$//' > "$T/q.got"
[ -s "$T/q.want" ] && cmp -s "$T/q.got" "$T/q.want" && ok "docs/serve.md's sqlite3 queries give the output it shows" ||
	bad "docs/serve.md's queries: $(diff "$T/q.want" "$T/q.got" | head -5)"

# ---- a locked archive: another process holds its write lock ----------------------------------
mkfifo "$T/lockfifo"
python3 -c "
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute('BEGIN EXCLUSIVE')
print('locked', flush=True)
open(sys.argv[2]).read()   # until the test says
c.execute('ROLLBACK')
" "$D/club.sqlite" "$T/lockfifo" > "$T/locker" &
LOCKER=$!
MORE_PIDS=$LOCKER
exec 7> "$T/lockfifo"
n=0
while ! grep -q locked "$T/locker"; do n=$((n + 1)); [ $n -gt 100 ] && break; sleep 0.1; done
lines0=$(wc -l < "$T/err")
get /api/stats
c1=$CODE
grep -q 'locked' "$T/body" && why=1 || why=0
post "/g/open1/api/act?t=$(host_tok open1)" "{\"rev\":$(rev_of open1),\"line\":\"turn 1\"}"
c2=$CODE
get /api/games
c3=$CODE
new=$(sed -n "$((lines0 + 1)),\$p" "$T/err")
n503=$(printf '%s\n' "$new" | grep -c '/api/stats 503')
nlock=$(printf '%s\n' "$new" | grep -c 'locked')
[ "$c1 $why $c2 $c3" = "503 1 200 200" ] && [ "$n503" = 1 ] && [ "$nlock" -le 2 ] &&
	ok "a locked archive: /api/stats 503 naming the lock, one log line; an action and the lobby answer (200)" ||
	bad "locked: $c1 why=$why act=$c2 lobby=$c3, $n503 lines of 503, $nlock naming the lock: $new"
# a game ends while it is locked, then the lock goes: caught up
post "/g/open1/api/close?t=$(host_tok open1)" "{\"rev\":$(rev_of open1)}"
[ "$CODE" = 200 ] || bad "close open1 while locked: $CODE"
exec 7>&-
wait "$LOCKER"
LOCKER=
MORE_PIDS=
get /api/stats
[ "$CODE" = 200 ] && [ "$(archived)" = 5 ] && ok "the lock gone: 200, and the game closed meanwhile is in" ||
	bad "after the lock: $CODE, $(archived) games"
stop

# ---- a corrupt archive: the server starts, the games go on, the statistics say why --------------
printf 'this is no SQLite database, only bytes where one was%0512d' 0 > "$D/club.sqlite"
: > "$T/err"
start || exit 1
sleep 0.5
get /api/stats
c1=$CODE
grep -q 'not a database' "$T/body" && why=1 || why=0
get /api/games
c2=$CODE
get /g/heron/watch
c3=$CODE
n503=$(grep -c '/api/stats 503' "$T/err")
nbad=$(grep -c 'club.sqlite.*not a database' "$T/err")
[ "$c1 $why $c2 $c3 $n503 $nbad" = "503 1 200 200 1 1" ] &&
	ok "a corrupt archive: /api/stats 503 'file is not a database', one log line for it and one for the request; the games answer" ||
	bad "corrupt: $c1 why=$why lobby=$c2 watch=$c3, $n503 request lines, $nbad archive lines: $(tail -3 "$T/err")"
# the organiser deletes it: rebuilt whole from the journals
rm -f "$D/club.sqlite"
get /api/stats
[ "$CODE" = 200 ] && same_as_batch bank.silb heron.silb late.silb open1.silb sternes.silb &&
	ok "deleted while it runs: rebuilt from the journals at the next look, equal to batch --sqlite's" ||
	bad "rebuild: $CODE $(head -c 200 "$T/body")"
stop

echo "archive: $pass passed, $fail failed"
[ $fail -eq 0 ]
