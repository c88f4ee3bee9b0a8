# club_lib.sh - what the club server's shell tests share (tests/serve/club.sh,
# tests/serve/archive.sh, tests/kill/club.sh, tests/kill/archive.sh), sourced
# once NAME (the prefix of their lines) and SILLAGE are set: a scratch folder T
# with the club's folder D in it, removed at exit with the server (PID) and any
# other process of the test (MORE_PIDS); ok/bad counting into pass/fail; start
# [SERVE OPTIONS] runs `serve --dir D` on a free loopback port and waits, at
# most 20 s, for its lobby line (URL); rev_of GAME, the game's revision; gtok
# LINK-TOKEN GAME, the record token of GAME that a player's (or the host's)
# club link leads to. Every wait is bounded.
case $SILLAGE in /*) ;; *) SILLAGE=$(pwd)/$SILLAGE ;; esac
ROOT=$(pwd)
T=$(mktemp -d)
PID=
MORE_PIDS=
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	for p in $MORE_PIDS; do kill "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
pass=0
fail=0
ok() { echo "$NAME: ok: $1"; pass=$((pass + 1)); }
bad() { echo "$NAME: FAILED: $1"; fail=$((fail + 1)); }
D=$T/club
mkdir "$D"

start() {
	: > "$T/out"
	"$SILLAGE" serve --dir "$D" --port 0 "$@" > "$T/out" 2>> "$T/err" &
	PID=$!
	n=0
	while ! grep -q '^games: ' "$T/out" 2>/dev/null; do
		n=$((n + 1))
		if [ $n -gt 1000 ] || ! kill -0 "$PID" 2>/dev/null; then
			echo "$NAME: the server did not start:"; tail -5 "$T/err"; PID=; return 1
		fi
		sleep 0.02
	done
	URL=$(sed -n 's|^lobby: \(http://127.0.0.1:[0-9]*\)/$|\1|p' "$T/out")
}
rev_of() { curl -s --max-time 10 "$URL/g/$1/api/state" | sed -n 's/.*"rev":\([0-9]*\).*/\1/p'; }
gtok() {
	curl -s --max-time 10 "$URL/api/me?t=$1" | tr '{' '\n' | grep "\"name\":\"$2\"" -A2 | tr ',' '\n' |
		sed -n "s|.*\"record\":\"/g/$2/record?t=\([0-9a-f]*\)\".*|\1|p" | head -n 1
}
