#!/bin/sh
# run.sh - `sillage serve` against curl on a free loopback port (issue 19):
# a sail turn recorded through HTTP; each hostile request answered 4xx with
# a log line and the journal byte-identical; tokens; a client that vanishes
# mid-request; 50 watchers at once each getting the update; a watcher that
# reads nothing dropped without stopping the others; kill -9 at random
# moments during a stream of actions, then every acknowledged action there
# and nothing else. Every wait is bounded; nothing is timed.
# usage: sh tests/serve/run.sh BUILD/sillage
set -u
SILLAGE=$1
case $SILLAGE in /*) ;; *) SILLAGE=$(pwd)/$SILLAGE ;; esac
command -v curl >/dev/null 2>&1 || { echo "serve: FAILED: curl is needed (sh tools/deps.sh)"; exit 1; }
T=$(mktemp -d)
PID=
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	for p in $(cat "$T/bg" 2>/dev/null); do kill "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
pass=0
fail=0
ok() { echo "serve: ok: $1"; pass=$((pass + 1)); }
bad() { echo "serve: FAILED: $1"; fail=$((fail + 1)); }
bg() { echo "$1" >> "$T/bg"; }

# start FILE ARGS...: a server on a free port; PORT, PID and URL set
start() {
	f=$1
	shift
	: > "$T/out"
	"$SILLAGE" serve --port 0 "$@" "$f" > "$T/out" 2>> "$T/err" &
	PID=$!
	n=0
	while ! grep -q '^overlay: ' "$T/out" 2>/dev/null; do
		n=$((n + 1))
		if [ $n -gt 200 ] || ! kill -0 "$PID" 2>/dev/null; then
			echo "serve: the server did not start:"; tail -5 "$T/err"; PID=; return 1
		fi
		sleep 0.05
	done
	PORT=$(sed -n 's|^watch: http://127.0.0.1:\([0-9]*\)/watch$|\1|p' "$T/out")
	URL=http://127.0.0.1:$PORT
}
# stop: SIGTERM, and its exit code in STOPPED
stop() {
	kill -TERM "$PID"
	wait "$PID"
	STOPPED=$?
	PID=
}
# req METHOD ROUTE [curl args]: CODE and the body in $T/body
req() {
	m=$1 r=$2
	shift 2
	CODE=$(curl -s --path-as-is --max-time 20 -o "$T/body" -w '%{http_code}' -X "$m" "$@" "$URL$r")
}
# post ROUTE JSON [curl args]
post() {
	r=$1 j=$2
	shift 2
	req POST "$r" -H 'Content-Type: application/json' --data-binary "$j" "$@"
}
json_str() {   # a line as a JSON string body
	printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}
rev_now() {
	curl -s --max-time 10 "$URL/api/state${1:-}" | sed -n 's/.*"rev":\([0-9]*\).*/\1/p'
}
# the lines of a log after its header and setup, checks and comments left out
play_lines() {
	awk '/^turn 1/{f=1} f' "$1" | sed -e 's/ ![0-9a-f]*$//' | grep -v '^#' | grep -v '^[[:space:]]*$'
}
setup_of() {
	awk '/^turn 1/{exit} {print}' "$1"
}

# ---- a sail turn recorded through HTTP -----------------------------------------
SAMPLE=samples/sail/kerlan-raid.sil
setup_of "$SAMPLE" > "$T/setup.sil"
start "$T/g.silb" --from "$T/setup.sil" --per-ip 200 || exit 1
rev=$(rev_now)
awk '/^turn 1/{f=1} /^turn 2/{exit} f' "$SAMPLE" | sed -e 's/ ![0-9a-f]*$//' | grep -v '^#' | grep -v '^$' > "$T/turn1"
turned=ok
while IFS= read -r line; do
	case $line in
	@note\ *) post /api/note "{\"rev\":$rev,\"text\":\"$(json_str "${line#@note }")\"}" ;;
	@bookmark\ *) post /api/bookmark "{\"rev\":$rev,\"name\":\"$(json_str "${line#@bookmark }")\"}" ;;
	*) post /api/act "{\"rev\":$rev,\"line\":\"$(json_str "$line")\"}"; rev=$((rev + 1)) ;;
	esac
	[ "$CODE" = 200 ] || { turned="$line: $CODE $(cat "$T/body")"; break; }
done < "$T/turn1"
if [ "$turned" = ok ] && grep -q '"ok":true' "$T/body"; then ok "a sail turn recorded through curl ($(wc -l < "$T/turn1") lines)"; else bad "sail turn: $turned"; fi
awk '/^turn 2/{exit} {print}' "$SAMPLE" > "$T/prefix.sil"
"$SILLAGE" state "$T/prefix.sil" > "$T/want.state" 2>&1
"$SILLAGE" state "$T/g.silb" > "$T/got.state" 2>&1
if cmp -s "$T/want.state" "$T/got.state"; then ok "its state is the sample's after turn 1"; else bad "state differs"; diff "$T/want.state" "$T/got.state" | head -5; fi
req GET /api/board.svg
if [ "$CODE" = 200 ] && grep -q '<svg' "$T/body"; then ok "GET /api/board.svg draws the board"; else bad "board.svg: $CODE"; fi
etag() { curl -s -D - -o /dev/null --max-time 10 "$@" | sed -n 's/^[Ee][Tt][Aa][Gg]: //p' | tr -d '\r'; }
E1=$(etag "$URL/api/board.svg?at=$((rev - 1))")
c304=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "If-None-Match: $E1" "$URL/api/board.svg?at=$((rev - 1))")
[ -n "$E1" ] && [ "$c304" = 304 ] && ok "a board is known by its ETag: asked again, 304" || bad "board ETag: '$E1' $c304"
# the last entry undone: its board is gone (404 past the end); put back, the same ETag again
last=$(grep -v '^@' "$T/turn1" | tail -n 1)
E2=$(etag "$URL/api/board.svg?at=$rev")
post /api/undo "{\"rev\":$rev}"
c400=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "If-None-Match: $E2" "$URL/api/board.svg?at=$rev")
post /api/act "{\"rev\":$((rev - 1)),\"line\":\"$(json_str "$last")\"}"
E3=$(etag "$URL/api/board.svg?at=$rev")
[ -n "$E2" ] && [ "$c400" = 400 ] && [ "$E2" = "$E3" ] && ok "an undone entry's board is not answered from its ETag; put back, the same ETag" || bad "ETag after undo: '$E2' $c400 '$E3'"
req GET "/api/log?from=$((rev - 1))"
if [ "$CODE" = 200 ] && [ "$(grep -o '"n":' "$T/body" | wc -l)" = 2 ]; then ok "GET /api/log?from=K gives the entries from K on"; else bad "log: $CODE $(head -c 200 "$T/body")"; fi
for p in / /record; do
	req GET $p
	if [ "$CODE" = 200 ] && grep -qi '<html' "$T/body"; then ok "GET $p is a page"; else bad "GET $p: $CODE"; fi
done

# ---- hostile requests: 4xx, a log line, the journal untouched -----------------------
# hostile NAME WANT METHOD ROUTE [curl args]
hostile() {
	name=$1 want=$2 m=$3 r=$4
	shift 4
	cp "$T/g.silb" "$T/before.silb"
	lines=$(grep -c " $want" "$T/err")
	req "$m" "$r" "$@"
	after=$(grep -c " $want" "$T/err")
	if [ "$CODE" != "$want" ]; then
		bad "$name: $CODE, expected $want ($(head -c 200 "$T/body"))"
	elif ! grep -q '"error"' "$T/body"; then
		bad "$name: no JSON error in the answer"
	elif [ "$after" -le "$lines" ]; then
		bad "$name: no log line"
	elif ! cmp -s "$T/before.silb" "$T/g.silb"; then
		bad "$name: the journal changed"
	else
		ok "$name: $want, logged, journal byte-identical"
	fi
}
head -c 20000 /dev/zero | tr '\0' 'x' > "$T/big"
J='-H Content-Type:application/json'
hostile "a body over 16 KiB" 413 POST /api/act $J --data-binary @"$T/big"
hostile "a body over 16 KiB, chunked" 413 POST /api/act $J -H 'Transfer-Encoding: chunked' --data-binary @"$T/big"
hostile "malformed JSON" 400 POST /api/act $J --data-binary '{"rev": 3, "line": }'
grep -q '"line":1,"column":' "$T/body" && ok "malformed JSON: the answer gives line and column" || bad "malformed JSON: no position: $(cat "$T/body")"
hostile "a field of the wrong type" 400 POST /api/act $J --data-binary '{"rev":"3","line":"x"}'
hostile "an unknown route" 404 GET /api/nothing
hostile "a traversal ../" 400 GET /assets/../../etc/passwd
hostile "a traversal %2e%2e" 400 GET /assets/%2e%2e/%2e%2e/etc/passwd
hostile "a traversal //" 400 GET //etc/passwd
hostile "a NUL in the path" 400 GET /assets/a%00b
hostile "a backslash in the path" 400 GET '/assets/..%5c..%5cx'
hostile "a wrong method" 405 GET /api/act
hostile "a cross-site Origin" 403 POST /api/act $J -H 'Origin: http://evil.example' --data-binary "{\"rev\":$rev,\"line\":\"turn 2\"}"
hostile "a form's Content-Type" 403 POST /api/act -H 'Content-Type: text/plain' --data-binary "{\"rev\":$rev,\"line\":\"turn 2\"}"
hostile "a foreign Host (DNS rebinding)" 403 GET /api/state -H "Host: evil.example:$PORT"
hostile "a stale revision" 409 POST /api/act $J --data-binary "{\"rev\":$((rev - 1)),\"line\":\"turn 2\"}"
hostile "an illegal action" 422 POST /api/act $J --data-binary "{\"rev\":$rev,\"line\":\"gb: move ship=hebe steps=A,A,A,A,A,A,A,A\"}"
grep -q '"rule":"sail 6"' "$T/body" && ok "the refusal names its rule (sail 6)" || bad "no rule: $(cat "$T/body")"
post /api/act "{\"rev\":$rev,\"line\":\"turn 2\"}"
[ "$CODE" = 200 ] && rev=$((rev + 1))
hostile "the same request replayed" 409 POST /api/act $J --data-binary "{\"rev\":$((rev - 1)),\"line\":\"turn 2\"}"

# ---- a client that vanishes mid-request, a watcher that goes away -----------------
cp "$T/g.silb" "$T/before.silb"
mkfifo "$T/fifo"
curl -s --max-time 30 -X POST -H 'Content-Type: application/json' -T "$T/fifo" "$URL/api/act" > /dev/null 2>&1 &
cpid=$!
bg $cpid
exec 3> "$T/fifo"
printf '{"rev":%d,"li' "$rev" >&3   # half a body, then the client is gone
curl -sN --max-time 30 "$URL/api/events" > /dev/null 2>&1 &
wpid=$!
bg $wpid
sleep 0.3
kill $cpid $wpid 2>/dev/null
wait $cpid $wpid 2>/dev/null
exec 3>&-
cmp -s "$T/before.silb" "$T/g.silb" && ok "a client gone mid-body changed nothing" || bad "a client gone mid-body changed the journal"
post /api/act "{\"rev\":$rev,\"line\":\"wind\"}"
if [ "$CODE" = 200 ]; then rev=$((rev + 1)); ok "after a client vanished mid-body and a watcher left, the next action is recorded"
else bad "after a vanished client: $CODE $(cat "$T/body")"; fi
if grep -q '"dice":"roll [1-6] (drawn' "$T/body" && [ -f "$T/g.silb.dice" ]; then ok "a die left out is drawn by the fair roller and said"
else bad "the wind's die: $(cat "$T/body")"; fi

# ---- 50 watchers at once ------------------------------------------------------------
i=0
while [ $i -lt 50 ]; do
	curl -sN --max-time 60 "$URL/api/events" > "$T/w$i" 2>/dev/null &
	bg $!
	i=$((i + 1))
done
n=0
while [ "$(grep -l '^retry:' "$T"/w* 2>/dev/null | wc -l)" -lt 50 ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
post /api/act "{\"rev\":$rev,\"line\":\"phase 2\"}"
[ "$CODE" = 200 ] && rev=$((rev + 1))
n=0
while [ "$(grep -l "^id: $rev\$" "$T"/w* 2>/dev/null | wc -l)" -lt 50 ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
got=$(grep -l "^id: $rev\$" "$T"/w* 2>/dev/null | wc -l)
if [ "$got" = 50 ]; then ok "50 watchers at once: each got the update"; else bad "50 watchers: $got got the update"; fi
for p in $(cat "$T/bg"); do kill "$p" 2>/dev/null; done
: > "$T/bg"
stop
[ "$STOPPED" = 0 ] && ok "SIGTERM stops it cleanly (exit 0)" || bad "SIGTERM: exit $STOPPED"
"$SILLAGE" verify "$T/g.silb" > /dev/null 2>&1 && ok "the served log verifies" || bad "verify of the served log"

# ---- the command line: a bind without tokens, a port taken ------------------------------
"$SILLAGE" serve --bind 0.0.0.0 "$T/g.silb" > /dev/null 2> "$T/e2"
code=$?
[ $code = 2 ] && grep -q 'needs --tokens' "$T/e2" && ok "--bind 0.0.0.0 without --tokens: exit 2" || bad "--bind without tokens: exit $code"
start "$T/g.silb" || exit 1
[ "$(rev_now)" = "$rev" ] && ok "reopened, it carries on at revision $rev" || bad "reopened at $(rev_now), expected $rev"
"$SILLAGE" serve --port "$PORT" "$T/other.silb" --game sail > /dev/null 2> "$T/e4"
code=$?
[ $code = 4 ] && grep -q 'cannot listen' "$T/e4" && ok "a port taken: exit 4 with the reason" || bad "port taken: exit $code"
stop

# ---- tokens: each player acts for their side only -------------------------------------
setup_of samples/xwing/ion-ambush.sil > "$T/xw.sil"
start "$T/x.silb" --from "$T/xw.sil" --tokens || exit 1
HOST=$(sed -n 's/^record host: .*t=//p' "$T/out")
REB=$(sed -n 's/^record reb: .*t=//p' "$T/out")
IMP=$(sed -n 's/^record imp: .*t=//p' "$T/out")
[ ${#HOST} = 32 ] && [ ${#REB} = 32 ] && [ ${#IMP} = 32 ] && ok "--tokens: a 128-bit link for the host and each player" || bad "tokens: '$HOST' '$REB' '$IMP'"
[ "$(stat -c %a "$T/x.silb.tokens")" = 600 ] && ok "FILE.tokens is 0600" || bad "FILE.tokens mode $(stat -c %a "$T/x.silb.tokens")"
rev=$(rev_now)
cp "$T/x.silb" "$T/g.silb.keep"
cp "$T/g.silb" "$T/g.silb.sail"
cp "$T/x.silb" "$T/g.silb"   # hostile() watches g.silb
hostile "no token, tokens on" 403 POST /api/act $J --data-binary "{\"rev\":$rev,\"line\":\"turn 1\"}"
hostile "a wrong token" 403 POST "/api/act?t=0123456789abcdef0123456789abcdef" $J --data-binary "{\"rev\":$rev,\"line\":\"turn 1\"}"
post "/api/act?t=$HOST" "{\"rev\":$rev,\"line\":\"turn 1\"}"
[ "$CODE" = 200 ] && rev=$((rev + 1)) && ok "the host's token acts" || bad "host token: $CODE $(cat "$T/body")"
cp "$T/x.silb" "$T/g.silb"
hostile "a player's token for the other side" 403 POST "/api/seal?t=$IMP" $J --data-binary "{\"rev\":$rev,\"line\":\"reb: dial ship=gold dial=2FB\"}"
hostile "a dial the ship does not have" 422 POST "/api/seal?t=$REB" $J --data-binary "{\"rev\":$rev,\"line\":\"dial ship=gold dial=9ZZ\"}"
grep -q 'not a choice the rules offer' "$T/body" && ok "a dial the ship does not have: the answer says so" || bad "bad dial: $(cat "$T/body")"
hostile "a dial for a ship that is not there" 422 POST "/api/seal?t=$REB" $J --data-binary "{\"rev\":$rev,\"line\":\"dial ship=nobody dial=2FB\"}"
post "/api/seal?t=$REB" "{\"rev\":$rev,\"line\":\"dial ship=gold dial=2FB\"}"
[ "$CODE" = 200 ] && rev=$((rev + 1)) && ok "a dial sealed by its player" || bad "seal: $CODE $(cat "$T/body")"
[ "$(stat -c %a "$T/x.silb.seal")" = 600 ] && ok "FILE.seal is 0600" || bad "FILE.seal mode"
"$SILLAGE" convert "$T/x.silb" -o "$T/x-now.sil" 2>/dev/null
grep -q '2FB' "$T/x-now.sil" && bad "the sealed dial is in the log before its reveal" || ok "the log holds the commitment only"
curl -s "$URL/api/state?t=$REB" | grep -q '"gold":{"player":"reb","choice":"2FB"}' && ok "its side sees the sealed dial" || bad "reb's view"
curl -s "$URL/api/state?t=$IMP" | grep -q '2FB' && bad "the other side sees the dial" || ok "the other side does not see it"
curl -s "$URL/api/state" | grep -q '2FB' && bad "the public view shows the dial" || ok "the public view does not see it"
stop
cp "$T/g.silb.sail" "$T/g.silb"

# ---- fmp: the turn-21 choice sealed, revealed by the server -----------------------------
awk '{ print } /^turn 21/ { t = 1; next } t && /^tide/ { exit }' samples/fmp/ferrix.sil > "$T/fmp.sil"
# (the log up to turn 21 converted, not fed line by line: quicker)
"$SILLAGE" convert "$T/fmp.sil" -o "$T/f.silb" || exit 1
start "$T/f.silb" || exit 1
rev=$(rev_now)
sealed=0
for c in "ana: commit ship=ana choice=stay" "ana: commit ship=bob choice=stay" "cyd: commit ship=cyd choice=leave"; do
	post /api/seal "{\"rev\":$rev,\"line\":\"$c\"}"
	[ "$CODE" = 200 ] && rev=$((rev + 1)) && sealed=$((sealed + 1))
done
[ $sealed = 3 ] && ok "fmp: three turn-21 choices sealed" || bad "fmp seal: $CODE $(cat "$T/body")"
"$SILLAGE" convert "$T/f.silb" -o "$T/f-now.sil" 2>/dev/null
tail -n 3 "$T/f-now.sil" | grep -q 'choice=' && bad "fmp: a choice is in the log before its reveal" || ok "fmp: the log holds the commitments only"
revealed=0
for c in "ana: reveal ship=ana" "ana: reveal ship=bob" "cyd: reveal ship=cyd"; do
	post /api/act "{\"rev\":$rev,\"line\":\"$c\"}"
	[ "$CODE" = 200 ] && rev=$((rev + 1)) && revealed=$((revealed + 1))
done
[ $revealed = 3 ] && ok "fmp: the server filled in the three reveals" || bad "fmp reveal: $CODE $(cat "$T/body")"
grep -q '^seal ' "$T/f.silb.seal" && bad "fmp: FILE.seal still holds a revealed choice" || ok "fmp: FILE.seal empty once all are revealed"
"$SILLAGE" log "$T/f.silb" | tail -n 3 | grep -q 'cyd' && ok "fmp: the reveals are in the log (cyd leaves)" || bad "fmp: the log after the reveals"
stop
"$SILLAGE" verify "$T/f.silb" > /dev/null 2>&1 && ok "fmp: the served log verifies" || bad "fmp: verify"

# ---- xwing: an attack in two clicks, the roll drawn by the server, then its modify ---------
start "$T/xa.silb" --from tests/keys/xwing-setup.sil || exit 1
rev=$(rev_now)
xact() {   # xact ROUTE LINE: posted, the revision moved on when accepted
	post "$1" "{\"rev\":$rev,\"line\":\"$2\"}"
	[ "$CODE" = 200 ] && rev=$((rev + 1))
}
done_ok=1
xact /api/act "turn 1"
for d in reb:luke:3FW reb:wedge:2FB reb:biggs:2FB reb:jek:1FB imp:vader:2FB imp:mauler:2FB imp:howl:2FB imp:night:2BB; do
	sd=${d#*:}
	xact /api/seal "${d%%:*}: dial ship=${sd%%:*} dial=${sd#*:}"
	[ "$CODE" = 200 ] || done_ok=0
done
xact /api/act "phase 2"
xact /api/act "phase 3"
for sh in night biggs jek luke mauler howl wedge vader; do
	xact /api/act "reveal ship=$sh"; [ "$CODE" = 200 ] || done_ok=0
	xact /api/act "move ship=$sh"; [ "$CODE" = 200 ] || done_ok=0
done
xact /api/act "phase 4"
[ $done_ok = 1 ] && [ "$CODE" = 200 ] && ok "xwing: eight dials sealed, revealed and flown through HTTP" || bad "xwing round: $CODE $(cat "$T/body")"
roll=$(curl -s "$URL/api/targets?sel=ship:vader" | tr '{' '\n' | sed -n 's/.*"group":"roll".*"line":"\([^"]*\)".*/\1/p' | head -1)
[ "$roll" = "imp: roll ship=vader target=luke" ] && ok "xwing: the roll is a target of the selected attacker" || bad "xwing: roll target '$roll'"
xact /api/act "$roll"
[ "$CODE" = 200 ] && grep -q 'rolls against luke' "$T/body" && ok "xwing: the roll clicked, its dice drawn by the server" || bad "xwing: roll: $CODE $(cat "$T/body")"
mods=$(curl -s "$URL/api/targets" | tr '{' '\n' | sed -n 's/.*"group":"modify".*"line":"\([^"]*\)".*/\1/p')
printf '%s\n' "$mods" | grep -qx 'imp: modify' && ok "xwing: with the roll waiting, its modifications are the targets" || bad "xwing: modify targets '$mods'"
xact /api/act "imp: attack ship=mauler target=luke weapon=primary atk=hit,hit def=blank,blank,blank"
[ "$CODE" = 422 ] && grep -q 'waits for its modifications' "$T/body" && ok "xwing: nothing else while the roll waits (422)" || bad "xwing: another attack during the roll: $CODE"
xact /api/act "imp: modify"
[ "$CODE" = 200 ] && grep -q 'attacks luke' "$T/body" && ok "xwing: the modify clicked resolves the attack" || bad "xwing: modify: $CODE $(cat "$T/body")"
stop
"$SILLAGE" verify "$T/xa.silb" > /dev/null 2>&1 && ok "xwing: the served two-entry attack verifies" || bad "xwing: verify"

# ---- close: the host reveals the dice seed, nothing more is recorded -----------------------
start "$T/c.silb" --from "$T/setup.sil" --tokens || exit 1
HOST=$(sed -n 's/^record host: .*t=//p' "$T/out")
FR=$(sed -n 's/^record fr: .*t=//p' "$T/out")
rev=$(rev_now "?t=$HOST")
for m in "turn 1" "turn 2"; do   # no wind on turn 1 (sail 5)
	post "/api/act?t=$HOST" "{\"rev\":$rev,\"line\":\"$m\"}"
	[ "$CODE" = 200 ] && rev=$((rev + 1))
done
post "/api/act?t=$HOST" "{\"rev\":$rev,\"line\":\"wind\"}"
[ "$CODE" = 200 ] && rev=$((rev + 1)) && grep -q 'fair roller' "$T/body" && ok "close: a wind die drawn by the fair roller" || bad "close: wind: $CODE $(cat "$T/body")"
cp "$T/c.silb" "$T/g.silb.c"
post "/api/close?t=$FR" "{\"rev\":$rev}"
[ "$CODE" = 403 ] && cmp -s "$T/c.silb" "$T/g.silb.c" && ok "close: a player's token may not close (403), journal untouched" || bad "close by a player: $CODE"
post "/api/close?t=$HOST" "{\"rev\":$rev}"
[ "$CODE" = 200 ] && grep -q '"revealed":true' "$T/body" && ok "close: the host closes, the seed revealed" || bad "close: $CODE $(cat "$T/body")"
curl -s "$URL/api/state?t=$HOST" | grep -q '"closed":true' && ok "close: /api/state says closed" || bad "close: state"
post "/api/act?t=$HOST" "{\"rev\":$rev,\"line\":\"phase 2\"}"
[ "$CODE" = 422 ] && grep -q 'closed' "$T/body" && ok "close: an action after it is refused (422)" || bad "after close: $CODE $(cat "$T/body")"
post "/api/close?t=$HOST" "{\"rev\":$rev}"
[ "$CODE" = 422 ] && ok "close: a second close is refused (422)" || bad "second close: $CODE"
stop
"$SILLAGE" verify "$T/c.silb" 2>&1 | grep -q 'gives the 1 die the recorder drew' && ok "close: verify checks the die the server drew" || bad "close: verify: $("$SILLAGE" verify "$T/c.silb" 2>&1 | tail -1)"
[ -e "$T/c.silb.dice" ] && bad "close: FILE.dice still there" || ok "close: FILE.dice gone once revealed"

# ---- a watcher that reads nothing is dropped, the others keep their updates --------------
"$SILLAGE" gen -g sail --events 3000 -o "$T/gen.sil" > /dev/null
setup_of "$T/gen.sil" > "$T/gsetup.sil"
play_lines "$T/gen.sil" > "$T/glines"
start "$T/s.silb" --from "$T/gsetup.sil" --quiet || exit 1
base=$(rev_now)
base0=$base
# curl into a pipe nobody reads: the pipe, then its socket, then the server's queue fill up
(curl -sN --max-time 120 "$URL/api/events" | sleep 120) > /dev/null 2>&1 &
bg $!
curl -sN --max-time 120 "$URL/api/events" > "$T/reader" 2>/dev/null &
bg $!
n=0
while ! grep -q '^retry:' "$T/reader" 2>/dev/null && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
sleep 0.2
awk -v b="$base" -v u="$URL" '{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); printf "url = \"%s/api/act\"\nrequest = \"POST\"\nheader = \"Content-Type: application/json\"\ndata-binary = \"{\\\"rev\\\":%d,\\\"line\\\":\\\"%s\\\"}\"\noutput = \"/dev/null\"\nwrite-out = \"%%{http_code}\\\\n\"\nnext\n", u, b + NR - 1, $0 }' \
	"$T/glines" | head -n $((2000 * 7)) > "$T/curl.cfg"
curl -s -K "$T/curl.cfg" > "$T/codes" 2>/dev/null
accepted=$(grep -c '^200$' "$T/codes")
last=$((base + accepted))
n=0
while ! grep -q "^id: $last\$" "$T/reader" && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
if [ "$accepted" = 2000 ]; then ok "2000 actions accepted over one keep-alive connection"; else bad "$accepted of 2000 actions accepted"; fi
grep -q 'watcher dropped' "$T/err" && ok "the watcher that reads nothing was dropped" || bad "the non-reading watcher was not dropped"
grep -q "^id: $last\$" "$T/reader" && ok "the reading watcher got every update up to the last ($last)" || bad "the reading watcher stopped at $(grep '^id:' "$T/reader" | tail -1)"
for p in $(cat "$T/bg"); do kill "$p" 2>/dev/null; done
: > "$T/bg"
stop

# ---- kill -9 at random moments: every acknowledged action is there, nothing else ----------
SETUP_REV=$base0
round=1
while [ $round -le 4 ]; do
	start "$T/s.silb" --quiet || exit 1
	cur=$(rev_now)
	: > "$T/acked"
	(
		r=$cur
		tail -n +$((cur - SETUP_REV + 1)) "$T/glines" | head -n 400 | while IFS= read -r line; do
			code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -X POST -H 'Content-Type: application/json' \
				--data-binary "{\"rev\":$r,\"line\":\"$(json_str "$line")\"}" "$URL/api/act")
			[ "$code" = 200 ] || break
			echo "$r" >> "$T/acked"
			r=$((r + 1))
		done
	) &
	poster=$!
	bg $poster
	d=$(od -An -N1 -tu1 /dev/urandom | tr -d ' ')
	sleep "$((d / 128)).$((d % 9 + 1))"   # 0.1 to 1.9 s
	kill -9 "$PID"
	wait "$PID" 2>/dev/null
	PID=
	wait $poster 2>/dev/null
	acked=$(wc -l < "$T/acked" | tr -d ' ')
	start "$T/s.silb" --quiet || exit 1
	now=$(rev_now)
	"$SILLAGE" convert "$T/s.silb" -o "$T/now.sil" 2>/dev/null
	play_lines "$T/now.sil" > "$T/now.lines"
	head -n $((now - SETUP_REV)) "$T/glines" > "$T/want.lines"
	if [ "$acked" -lt 1 ]; then
		bad "kill -9 round $round: no action acknowledged before the kill (after $d/255 of a wait)"
	elif [ "$now" -ne $((cur + acked)) ] && [ "$now" -ne $((cur + acked + 1)) ]; then
		bad "kill -9 round $round: $acked acknowledged after revision $cur, the restart holds $now"
	elif ! cmp -s "$T/now.lines" "$T/want.lines"; then
		bad "kill -9 round $round: the entries are not the ones sent"
	else
		ok "kill -9 round $round: $acked acknowledged, all there after the restart$([ "$now" -gt $((cur + acked)) ] && echo ', and the one in flight')"
	fi
	stop
	round=$((round + 1))
done
"$SILLAGE" verify "$T/s.silb" > /dev/null 2>&1 && ok "after the kills, the log verifies" || bad "verify after the kills"
"$SILLAGE" log "$T/s.silb" > /dev/null 2>&1 && ok "and sillage log reads it" || bad "log after the kills"

# under a sanitizer (make asan's flags), what the servers said of themselves
if grep -q 'Sanitizer\|runtime error:' "$T/err"; then
	bad "a sanitizer report in the servers' log:"; grep -A8 'Sanitizer\|runtime error:' "$T/err" | head -30
else
	ok "no sanitizer report in the servers' log"
fi
echo "serve: $pass passed, $fail failed"
[ $fail = 0 ]
