#!/bin/sh
# serve_club.sh - `make bench` numbers for `sillage serve --dir` (issue 27, 29):
# G open games in one server, W live watchers, actions at RATE/s for SECS s
# over C games (each synced before its answer), p50/p99 of an acknowledged
# action, every watcher's deliveries, 200 watchers joining on one board, the
# cached board's and /api/state's rate, the memory of an idle game. Printed;
# no pass or fail on time.
#   sh bench/serve_club.sh BUILD/sillage BUILD/bench/serve_club_bench [GAMES] [WATCHERS] [RATE] [SECS] [CONNS]
set -u
SL=$1
SB=$2
GAMES=${3:-200}
WATCHERS=${4:-1000}
RATE=${5:-100}
SECS=${6:-10}
CONNS=${7:-10}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-club.XXXXXX") || exit 4
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$OUT"' EXIT INT TERM
need=$(( RATE * SECS / CONNS + 50 ))
"$SL" gen -g sail --events $((need + 100)) -o "$OUT/gen.sil" || exit 1
awk '/^turn 1/{exit} {print}' "$OUT/gen.sil" > "$OUT/setup.sil"
awk '/^turn 1/{f=1} f' "$OUT/gen.sil" | grep -v '^#' | sed -e 's/ ![0-9a-f]*$//' | grep -v '^[[:space:]]*$' > "$OUT/lines"
mkdir "$OUT/club"
"$SL" record "$OUT/club/g000.silb" < "$OUT/setup.sil" > /dev/null 2>&1 || exit 1
i=1
while [ $i -lt "$GAMES" ]; do cp "$OUT/club/g000.silb" "$OUT/club/g$(printf %03d $i).silb"; i=$((i + 1)); done
rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$1/status"; }
# start N: a club of the first N games (the others moved aside)
start() {
	: > "$OUT/urls"
	"$SL" serve --dir "$OUT/club" --port 0 --quiet --per-ip none --watchers $((WATCHERS + 300)) > "$OUT/urls" 2> "$OUT/log" &
	PID=$!
	n=0
	until grep -q '^games: ' "$OUT/urls" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt 600 ] && { echo "serve club bench: the server did not start"; tail -3 "$OUT/log"; exit 1; }
		sleep 0.05
	done
	port=$(sed -n 's|^lobby: http://127.0.0.1:\([0-9]*\)/$|\1|p' "$OUT/urls")
}
mkdir "$OUT/aside"
mv "$OUT"/club/g0[0-9][1-9].silb "$OUT"/club/g[1-9]*.silb "$OUT/aside/" 2>/dev/null
start
one=$(rss $PID)
kill -TERM $PID; wait $PID; PID=
mv "$OUT"/aside/*.silb "$OUT/club/"
start
all=$(rss $PID)
n=$(ls "$OUT"/club/*.silb | wc -l)
echo "club: $n idle games in ${all} KiB of RSS; one game ${one} KiB: $(( (all - one) / (n - 1) )) KiB per idle game; threads $(sed -n 's/^Threads:[[:space:]]*//p' /proc/$PID/status)"
base=$(curl -s "http://127.0.0.1:$port/g/g000/api/state" | sed -n 's/.*"rev":\([0-9]*\).*/\1/p')
"$SB" "$port" "$OUT/club" "$OUT/lines" "$base" "$GAMES" "$WATCHERS" "$RATE" "$SECS" "$CONNS"
rc=$?
echo "club: cache $(curl -s "http://127.0.0.1:$port/g/g000/api/cache")"
# the peer (issue 29): nginx serving the same bytes as files, on a loopback port, one keep-alive
# connection, interleaved with ours; a ratio per route (skipped without nginx: tools/deps.sh has it)
if command -v nginx > /dev/null 2>&1; then
	last=$(printf 'g%03d' $((GAMES - 1)))
	mkdir -p "$OUT/www/g/$last/api" "$OUT/nginx"
	curl -s -H 'Accept-Encoding: gzip' -o "$OUT/www/g/$last/api/board.svg" "http://127.0.0.1:$port/g/$last/api/board.svg"
	curl -s -o "$OUT/www/g/$last/api/state" "http://127.0.0.1:$port/g/$last/api/state"
	nport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	cat > "$OUT/nginx/nginx.conf" <<EOF
daemon off;
user $(id -un);
worker_processes 1;
pid $OUT/nginx/pid;
error_log $OUT/nginx/error.log;
events { worker_connections 256; }
http {
	access_log off;
	client_body_temp_path $OUT/nginx/body; proxy_temp_path $OUT/nginx/proxy; fastcgi_temp_path $OUT/nginx/fcgi;
	uwsgi_temp_path $OUT/nginx/uwsgi; scgi_temp_path $OUT/nginx/scgi;
	keepalive_requests 1000000;
	sendfile on; tcp_nodelay on; open_file_cache max=64; open_file_cache_valid 60s;
	server { listen 127.0.0.1:$nport; root $OUT/www; default_type application/octet-stream; }
}
EOF
	nginx -c "$OUT/nginx/nginx.conf" -p "$OUT/nginx" > "$OUT/nginx/out" 2>&1 &
	NPID=$!
	n=0
	until curl -s -o /dev/null "http://127.0.0.1:$nport/g/$last/api/state" || [ $n -gt 100 ]; do sleep 0.05; n=$((n + 1)); done
	[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$nport/g/$last/api/state")" = 200 ] ||
		echo "club: nginx does not answer: $(tail -2 "$OUT/nginx/error.log" "$OUT/nginx/out" 2>/dev/null | tr '\n' ' ')"
	for r in board.svg state; do
		a=$("$SB" --rate "$port" "/g/$last/api/$r" 2)
		b=$("$SB" --rate "$nport" "/g/$last/api/$r" 2)
		a2=$("$SB" --rate "$port" "/g/$last/api/$r" 2)
		b2=$("$SB" --rate "$nport" "/g/$last/api/$r" 2)
		echo "club: /api/$r $(( (a + a2) / 2 ))/s against nginx $(( (b + b2) / 2 ))/s for the same $(wc -c < "$OUT/www/g/$last/api/$r") bytes:" \
			"$(awk -v a=$((a + a2)) -v b=$((b + b2)) 'BEGIN {printf "%.2f", b ? a / b : 0}')x (goal 0.5x)"
	done
	kill "$NPID" 2>/dev/null
	wait "$NPID" 2>/dev/null
fi
kill -TERM "$PID"
wait "$PID"
PID=
[ $rc = 0 ] && "$SL" verify "$OUT/club/g000.silb" > /dev/null || { echo "serve club bench: failed (rc $rc) or g000 does not verify"; exit 1; }
