#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify and stats
# print, render writes OUT.png (svg: OUT.svg), html OUT.html, report OUT.pdf,
# the importers, new-GAME and upgrade OUT.sil (LOG: a map string, an XWS squad;
# for new-ti4 a map string, for new-xwing the folder of the squads, else unused); targets-move and targets print serve's
# click targets (a sail ship's moves, a starship fight's next roll; an fmp
# tank's moves and shots, a ti4 space combat's rolls, an xwing ship's actions).
# serve-club: LOG is a club folder (a sail game `sternes`, its tokens made);
# a copy OUT.club is served (`serve --dir`), and three requests are made: the
# lobby (GET /), an action in the game (POST /g/sternes/api/act) and a new
# game (POST /api/new); each answer's code and body go to OUT.lobby, OUT.act
# and OUT.new, then the server is stopped (SIGTERM) and its status returned.
case $2 in
verify) exec "$1" verify "$3" ;;
render) exec "$1" render -o "$4.png" "$3" ;;
html) exec "$1" html -q -o "$4.html" "$3" ;;
html-branch) exec "$1" html -q -o "$4.html" "$3" --branch "$3.branch" ;;
svg) exec "$1" render -o "$4.svg" "$3" ;;
report) exec "$1" report -o "$4.pdf" "$3" ;;
stats) exec "$1" stats "$3" ;;
import-ti4) exec "$1" import --ti4-map "$(cat "$3")" -o "$4.sil" ;;
import-xws) exec "$1" import -o "$4.sil" "$3" "$3" ;;
targets-move) exec "$1" targets --turn 1 --phase 2 --sel ship:vestale "$3" ;;
targets) exec "$1" targets --event 3 "$3" ;;
targets-fmp) exec "$1" targets --event 80 --sel unit:ana-t1 "$3" ;;
targets-ti4) exec "$1" targets --event 34 "$3" ;;
new-sail) exec "$1" new sail --scenario kerlan-raid --turns 8 -o "$4.sil" ;;
new-starship) exec "$1" new starship --weapons-roll 6 --shields-roll 1 --ship Pelican -o "$4.sil" ;;
new-fmp) exec "$1" new fmp --players ana,bob,cyd -o "$4.sil" ;;
new-ti4) exec "$1" new ti4 --map "$(cat "$3")" --players ana:sol,bob:hacan,cyd:cabal --speaker bob -o "$4.sil" ;;
new-xwing) exec "$1" new xwing --xws "$(cat "$3")/gold-wing.json" --xws "$(cat "$3")/storm-flight.json" -o "$4.sil" ;;
upgrade) exec "$1" upgrade -o "$4.sil" "$3" ;;
serve-club)
	d=$4.club
	rm -rf "$d"; cp -rp "$3" "$d"
	"$1" serve --dir "$d" --port 0 --bind 127.0.0.1 --per-ip none >"$4.srv" 2>&1 &
	pid=$!
	while ! grep -q '^games: ' "$4.srv" 2>/dev/null; do
		if ! kill -0 $pid 2>/dev/null; then
			wait $pid; rc=$?; cat "$4.srv" >&2; rm -rf "$d" "$4.srv"; exit $rc
		fi
		sleep 0.02
	done
	url=$(sed -n 's|^lobby: \(http://127.0.0.1:[0-9]*\)/$|\1|p' "$4.srv")
	ht=$(sed -n 's/^host \([0-9a-f]*\)$/\1/p' "$d/sternes.silb.tokens")
	ct=$(sed -n 's/^host \([0-9a-f]*\)$/\1/p' "$d/club.tokens")
	OUT=$4
	code() { # NAME METHOD PATH [BODY]: "CODE" then the body, in OUT.NAME
		if [ $# = 4 ]; then
			c=$(curl -s --max-time 30 -o "$OUT.body" -w '%{http_code}' -H 'Content-Type: application/json' \
				--data-binary "$4" "$url$3" 2>/dev/null)
		else
			c=$(curl -s --max-time 30 -o "$OUT.body" -w '%{http_code}' "$url$3" 2>/dev/null)
		fi
		# a new game's tokens are drawn at random: its links are compared without them
		{ echo "$c"; sed 's/t=[0-9a-f]\{32\}/t=TOKEN/g' "$OUT.body" 2>/dev/null; } >"$OUT.$1"
	}
	code lobby GET /
	code act POST "/g/sternes/api/act?t=$ht" "{\"rev\":$(cat "$3/rev"),\"line\":\"turn 1\"}"
	code new POST "/api/new?t=$ct" '{"name":"cove","game":"sail","options":"--scenario kerlan-raid\n--turns 4"}'
	kill -TERM $pid
	wait $pid
	rc=$?
	sed '/^lobby: \|^host links: \|^player \|^games: \|^game /d' "$4.srv" >&2
	rm -f "$4.srv" "$4.body"
	exit $rc ;;
targets-xwing) exec "$1" targets --event 13 --sel ship:gold "$3" ;;
esac
