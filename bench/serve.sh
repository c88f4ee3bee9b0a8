#!/bin/sh
# serve.sh - `make bench` numbers for `sillage serve` (issue 19), on loopback:
# actions per second accepted through HTTP (legal sail actions from the
# generator, each synced to the journal before its answer), and the update
# latency to 50 watchers (median, p95). Printed; no pass or fail on time.
#   sh bench/serve.sh BUILD/sillage BUILD/bench/serve_bench [ACTIONS] [WATCHERS] [ROUNDS]
set -u
SL=$1
SB=$2
ACTIONS=${3:-2000}
WATCHERS=${4:-50}
ROUNDS=${5:-100}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-bench.XXXXXX") || exit 4
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$OUT"' EXIT INT TERM
"$SL" gen -g sail --events $((ACTIONS + ROUNDS + 200)) -o "$OUT/gen.sil" || exit 1
awk '/^turn 1/{exit} {print}' "$OUT/gen.sil" > "$OUT/setup.sil"
awk '/^turn 1/{f=1} f' "$OUT/gen.sil" | grep -v '^#' | grep -v '^[[:space:]]*$' > "$OUT/lines"
"$SL" serve --port 0 --quiet --from "$OUT/setup.sil" "$OUT/b.silb" > "$OUT/urls" 2> "$OUT/log" &
PID=$!
n=0
until grep -q '^overlay: ' "$OUT/urls" 2>/dev/null; do
	n=$((n + 1))
	[ $n -gt 200 ] && { echo "serve bench: the server did not start"; cat "$OUT/log"; exit 1; }
	sleep 0.05
done
port=$(sed -n 's|^watch: http://127.0.0.1:\([0-9]*\)/watch$|\1|p' "$OUT/urls")
base=$(curl -s "http://127.0.0.1:$port/api/state" | sed -n 's/.*"rev":\([0-9]*\).*/\1/p')
"$SB" "$port" "$OUT/lines" "$base" "$ACTIONS" "$WATCHERS" "$ROUNDS"
rc=$?
kill -TERM "$PID"
wait "$PID"
PID=
[ $rc = 0 ] && "$SL" verify "$OUT/b.silb" > /dev/null || { echo "serve bench: the journal does not verify"; exit 1; }
