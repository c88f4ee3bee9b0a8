#!/bin/sh
# haproxy.sh - many servers behind a load balancer (issue 27): two `serve
# --dir` backends on loopback, each with its own DIR (its own disk), and
# HAProxy in front routing each request by the game in its path (/g/NAME/,
# hashed: a game always reaches the same backend). Through the front: a game
# created, played and watched; its backend killed with kill -9 mid-play and
# restarted; every action the front acknowledged is there after, nothing else.
# usage: sh tests/serve/haproxy.sh BUILD/sillage
set -u
SILLAGE=$1
case $SILLAGE in /*) ;; *) SILLAGE=$(pwd)/$SILLAGE ;; esac
command -v haproxy > /dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || { echo "haproxy: FAILED: haproxy is needed (sh tools/deps.sh)"; exit 1; }
HAPROXY=$(command -v haproxy || echo /usr/sbin/haproxy)
T=$(mktemp -d)
PIDS=
cleanup() {
	for p in $PIDS; do kill -9 "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
pass=0
fail=0
ok() { echo "haproxy: ok: $1"; pass=$((pass + 1)); }
bad() { echo "haproxy: FAILED: $1"; fail=$((fail + 1)); }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
HOST=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
mkdir "$T/a" "$T/b"
for d in a b; do printf '# the same club links on every backend\nhost %s\n' "$HOST" > "$T/$d/club.tokens"; chmod 600 "$T/$d/club.tokens"; done
PA=$(free_port)
PB=$(free_port)
PF=$(free_port)
# backend NAME PORT: a club server on DIR T/NAME; its pid in PID_NAME
backend() {
	: > "$T/$1.out"
	"$SILLAGE" serve --dir "$T/$1" --port "$2" --quiet --per-ip none > "$T/$1.out" 2>> "$T/$1.err" &
	eval "PID_$1=$!"
	PIDS="$PIDS $!"
	n=0
	while ! grep -q '^games: ' "$T/$1.out" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt 200 ] && { echo "haproxy: backend $1 did not start"; tail -3 "$T/$1.err"; exit 1; }
		sleep 0.05
	done
}
backend a "$PA"
backend b "$PB"
cat > "$T/haproxy.cfg" <<CFG
global
	maxconn 2000
defaults
	mode http
	timeout connect 2s
	timeout client 60s
	timeout server 60s
	timeout tunnel 1h
	retries 2
frontend club
	bind 127.0.0.1:$PF
	default_backend games
backend games
	# the game is the second part of the path (/g/NAME/...): one backend per game, always the same
	balance uri depth 2
	hash-type consistent
	server a 127.0.0.1:$PA
	server b 127.0.0.1:$PB
CFG
"$HAPROXY" -c -f "$T/haproxy.cfg" > /dev/null 2>&1 || { bad "haproxy refuses the configuration"; "$HAPROXY" -c -f "$T/haproxy.cfg"; exit 1; }
"$HAPROXY" -db -f "$T/haproxy.cfg" > "$T/haproxy.log" 2>&1 &
PIDS="$PIDS $!"
F=http://127.0.0.1:$PF
n=0
until curl -s -o /dev/null "$F/g/x/api/state" 2>/dev/null || [ $n -gt 100 ]; do sleep 0.05; n=$((n + 1)); done

# a game created through the front: it lands on the backend its name hashes to
code=$(curl -s -o "$T/body" -w '%{http_code}' --max-time 20 -H 'Content-Type: application/json' \
	--data-binary '{"game":"sail","options":"--scenario kerlan-raid"}' "$F/g/raid/api/new?t=$HOST")
if [ "$code" = 201 ]; then ok "POST /g/raid/api/new through the front: 201"; else bad "create: $code $(cat "$T/body")"; exit 1; fi
if [ -f "$T/a/raid.silb" ]; then OWN=a; OTHER=b; OPORT=$PA; elif [ -f "$T/b/raid.silb" ]; then OWN=b; OTHER=a; OPORT=$PB; else OWN=; fi
[ -n "$OWN" ] && [ ! -f "$T/$OTHER/raid.silb" ] && ok "the game lives on one backend ($OWN)" || bad "raid.silb: $(ls "$T/a" "$T/b")"
GT=$(sed -n 's|.*"record":"/g/raid/record?t=\([0-9a-f]*\)".*|\1|p' "$T/body")
rev() { curl -s --max-time 5 "$F/g/raid/api/state" | sed -n 's/.*"rev":\([0-9]*\).*/\1/p'; }
for i in 1 2 3 4 5; do curl -s -o /dev/null "$F/g/raid/api/state"; done
grep -q 'GET /g/raid' "$T/$OTHER.err" && bad "a request for raid reached the other backend" || ok "every request for raid goes to $OWN"
# watched through the front
curl -sN --max-time 60 "$F/g/raid/api/events" > "$T/watch" 2>/dev/null &
WP=$!
PIDS="$PIDS $WP"
awk '/^turn 1/{f=1} f' samples/sail/kerlan-raid.sil | sed -e 's/ ![0-9a-f]*$//' | grep -v '^#' | grep -v '^@' |
	grep -v '^[[:space:]]*$' > "$T/lines"
base=$(rev)
# played through the front; the owner killed with kill -9 after a while, then restarted
: > "$T/acked"
r=$base
i=0
killed=0
down=0
while IFS= read -r line; do
	i=$((i + 1))
	[ $i -gt 60 ] && break
	if [ $i = 25 ]; then
		eval "kill -9 \$PID_$OWN"
		killed=1
	fi
	body=$(printf '{"rev":%d,"line":"%s"}' "$r" "$(printf '%s' "$line" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')")
	tries=0
	while :; do   # the same action until the front acknowledges it (or says it is there)
		tries=$((tries + 1))
		code=$(curl -s -o "$T/body" -w '%{http_code}' --max-time 10 -H 'Content-Type: application/json' \
			--data-binary "$body" "$F/g/raid/api/act?t=$GT")
		if [ "$code" = 200 ]; then
			echo "$line" >> "$T/acked"
			r=$((r + 1))
			break
		fi
		if [ "$code" = 409 ] && [ "$(rev)" = $((r + 1)) ]; then   # done before the kill, its answer lost
			echo "$line" >> "$T/acked"
			r=$((r + 1))
			break
		fi
		case $code in 502|503|000) down=$((down + 1)) ;; *) bad "act $i: $code $(head -c 200 "$T/body")"; break ;; esac
		[ $tries = 5 ] && [ $killed = 1 ] && backend "$OWN" "$OPORT"   # restarted while the front refuses
		[ $tries -gt 100 ] && { bad "act $i: the front never took it again"; break; }
		sleep 0.1
	done
done < "$T/lines"
nack=$(grep -c . "$T/acked")
[ "$killed" = 1 ] && [ "$down" -gt 0 ] && [ "$nack" = 60 ] &&
	ok "the owner killed with kill -9 at action 25 and restarted: $down answers 502/503 from the front meanwhile, then all 60 acknowledged" ||
	bad "kill: killed=$killed down=$down acknowledged=$nack"
# the lines refused while it was down are simply not acknowledged; what was, is there
"$SILLAGE" log "$T/$OWN/raid.silb" > /dev/null 2>&1 || true
got=$(curl -s --max-time 10 "$F/g/raid/api/log?from=$((base + 1))" | tr '{' '\n' | sed -n 's/^"n":[0-9]*,"line":"\(.*\)","desc".*/\1/p')
printf '%s\n' "$got" > "$T/got"
if cmp -s "$T/acked" "$T/got"; then ok "after the restart, the log through the front is every acknowledged action, in order, nothing else"
else bad "acknowledged and logged differ:"; diff "$T/acked" "$T/got" | head -5; fi
grep -c '^event: entry' "$T/watch" > "$T/nw"
[ "$(cat "$T/nw")" -ge 20 ] && ok "a watcher through the front saw $(cat "$T/nw") entries live (before the kill)" || bad "watcher: $(cat "$T/nw") entries"
curl -s --max-time 10 "$F/g/raid/api/state" | grep -q '"game":"sail"' && ok "the game answers through the front after the restart" || bad "state after restart"
"$SILLAGE" verify "$T/$OWN/raid.silb" > /dev/null 2>&1 && ok "its journal verifies" || bad "raid.silb does not verify"
# under a sanitizer (make asan's flags), what the backends said of themselves
if cat "$T/a.err" "$T/b.err" 2>/dev/null | grep -q 'Sanitizer\|runtime error:'; then
	bad "a sanitizer report in a backend's log:"; cat "$T/a.err" "$T/b.err" | grep -A8 'Sanitizer\|runtime error:' | head -20
fi
echo "haproxy: $pass passed, $fail failed"
[ $fail = 0 ]
