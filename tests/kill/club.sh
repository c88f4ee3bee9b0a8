#!/bin/sh
# club.sh - kill -9 the club server at random moments (issue 30): `serve --dir`
# with GAMES games, a poster per game sending that game's next actions all at
# once, the server killed with kill -9 KILLS times, 50 ms to ~0.9 s into each
# round, and restarted. After each restart every game holds every action
# acknowledged before the kill, and at most the one in flight besides (its
# answer lost with the server); at the end each journal verifies and its
# entries are exactly the lines sent, in order. Every wait is bounded.
# usage: sh tests/kill/club.sh BUILD/sillage [KILLS] [GAMES]
set -u
SILLAGE=$1
KILLS=${2:-50}
GAMES=${3:-3}
NAME=kill-club
. "$(dirname "$0")/../serve/club_lib.sh"

# the lines of a log after its setup, checks and comments left out
play_lines() {
	awk '/^turn 1/{f=1} f' "$1" | sed -e 's/ ![0-9a-f]*$//' | grep -v '^#' | grep -v '^[[:space:]]*$'
}
json_str() { printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }
g=1
while [ $g -le "$GAMES" ]; do   # game g: a generated sail game, its setup recorded, its play to be posted
	"$SILLAGE" gen -g sail --events 4000 --seed $((g * 11)) -o "$T/gen$g.sil" > /dev/null || exit 1
	awk '/^turn 1/{exit} {print}' "$T/gen$g.sil" | "$SILLAGE" record "$D/g$g.silb" > /dev/null 2>&1 || { echo "kill-club: record g$g"; exit 1; }
	play_lines "$T/gen$g.sil" > "$T/lines$g"
	g=$((g + 1))
done

# the host's token of game $1 (the club's host link, then /api/me)
htok() { gtok "$(sed -n 's|^host links: http://[^/]*/me?t=||p' "$T/out")" "$1"; }

start --quiet || exit 1
g=1
while [ $g -le "$GAMES" ]; do
	eval "setup$g=\$(rev_of g$g)"
	eval "tok$g=\$(htok g$g)"
	eval "[ -n \"\$setup$g\" ] && [ \${#tok$g} = 32 ]" || { echo "kill-club: game g$g not served"; exit 1; }
	g=$((g + 1))
done

k=1
while [ $k -le "$KILLS" ]; do
	g=1
	while [ $g -le "$GAMES" ]; do   # each game's poster: the next lines from where the game is
		eval "cur=\$(rev_of g$g) setup=\$setup$g tok=\$tok$g"
		[ -n "$cur" ] || { bad "kill $k: g$g does not answer"; cur=0; }
		eval "cur$g=$cur"
		: > "$T/acked$g"
		(
			r=$cur
			tail -n +$((cur - setup + 1)) "$T/lines$g" | head -n 300 | while IFS= read -r line; do
				code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -H 'Content-Type: application/json' \
					--data-binary "{\"rev\":$r,\"line\":\"$(json_str "$line")\"}" "$URL/g/g$g/api/act?t=$tok")
				[ "$code" = 200 ] || break
				echo "$r" >> "$T/acked$g"
				r=$((r + 1))
			done
		) &
		eval "poster$g=$!"
		g=$((g + 1))
	done
	ms=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
	ms=$((50 + ms % 850))   # 50 to 899 ms into the round
	sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
	kill -9 "$PID"
	wait "$PID" 2>/dev/null
	PID=
	g=1
	while [ $g -le "$GAMES" ]; do
		eval "wait \$poster$g 2>/dev/null"
		g=$((g + 1))
	done
	start --quiet || exit 1
	g=1
	while [ $g -le "$GAMES" ]; do
		eval "cur=\$cur$g"
		acked=$(wc -l < "$T/acked$g" | tr -d ' ')
		now=$(rev_of g$g)
		if [ -z "$now" ]; then
			bad "kill $k (after $ms ms): g$g is not served after the restart"
		elif [ "$now" -ne $((cur + acked)) ] && [ "$now" -ne $((cur + acked + 1)) ]; then
			bad "kill $k (after $ms ms): g$g: $acked acknowledged after revision $cur, the restart holds $now"
		else
			pass=$((pass + 1))
		fi
		echo "$acked" >> "$T/acks"
		g=$((g + 1))
	done
	k=$((k + 1))
done
kill -TERM "$PID"
wait "$PID"
PID=

# the end: every journal verifies and holds exactly the lines sent, in order
g=1
while [ $g -le "$GAMES" ]; do
	if ! "$SILLAGE" verify "$D/g$g.silb" > "$T/v" 2>&1; then
		bad "g$g.silb does not verify: $(tail -1 "$T/v")"
	elif ! "$SILLAGE" convert "$D/g$g.silb" -o "$T/now$g.sil" > /dev/null 2>&1; then
		bad "g$g.silb does not convert"
	else
		play_lines "$T/now$g.sil" > "$T/now$g.lines"
		n=$(wc -l < "$T/now$g.lines" | tr -d ' ')
		head -n "$n" "$T/lines$g" > "$T/want$g.lines"
		if cmp -s "$T/now$g.lines" "$T/want$g.lines" && [ "$n" -gt 0 ]; then pass=$((pass + 1))
		else bad "g$g: the entries recorded are not the lines sent ($n of them)"; fi
	fi
	g=$((g + 1))
done
if grep -q 'Sanitizer\|runtime error:' "$T/err"; then
	bad "a sanitizer report in the servers' log:"; grep -A8 'Sanitizer\|runtime error:' "$T/err" | head -30
fi
total=$(awk '{s += $1} END {print s + 0}' "$T/acks")
echo "kill-club: $KILLS kills of serve --dir with $GAMES games posting at once, $total actions acknowledged; $pass passed, $fail failed"
[ $fail = 0 ]
