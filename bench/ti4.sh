#!/bin/sh
# ti4.sh - `make bench` numbers for issue 26: replaying a whole generated
# six-player Twilight Imperium game (rules version 2, to its winner) and a
# batch of GAMES such games. Times are CPU seconds (user + system), which
# hold on a shared machine; the replay is `sillage verify` of the sealed log
# (every state check recomputed), best of three.
#   sh bench/ti4.sh BUILD/sillage [GAMES]
set -u
SL=$1
GAMES=${2:-1000}
OUT=$(mktemp -d "${TMPDIR:-/tmp}/sillage-ti4.XXXXXX") || exit 4
trap 'rm -rf "$OUT"' EXIT INT TERM
TIME=/usr/bin/time
[ -x $TIME ] || { echo "ti4 bench: needs GNU time (Debian 'time')"; exit 1; }
cpu() { set -- $(cat "$1"); echo "$2 + $3" | bc; }

"$SL" gen -g ti4 --players 6 --seed 5 -n 1000000 -k -o "$OUT/one.sil" || exit 1
ev=$(grep -c ': ' "$OUT/one.sil")
best=
for k in 1 2 3; do
	$TIME -f '%e %U %S %M' -o "$OUT/t" "$SL" verify "$OUT/one.sil" >/dev/null || exit 1
	c=$(cpu "$OUT/t")
	[ -z "$best" ] || [ "$(echo "$c < $best" | bc)" = 1 ] && best=$c
done
echo "ti4: one six-player game to its winner: $ev events, $(wc -c <"$OUT/one.sil") bytes; verify $best s CPU (best of 3)"

mkdir -p "$OUT/games"
$TIME -f '%e %U %S %M' -o "$OUT/tg" sh -c '
	i=1
	while [ $i -le '"$GAMES"' ]; do
		"'"$SL"'" gen -g ti4 --players 6 --seed $i -n 1000000 -o "'"$OUT"'/games/g$i.sil" || exit 1
		i=$((i + 1))
	done' || exit 1
$TIME -f '%e %U %S %M' -o "$OUT/tb" "$SL" batch -q -j 1 -o "$OUT/batch.json" "$OUT/games" || exit 1
n=$(ls "$OUT/games" | wc -l)
evs=$(cat "$OUT"/games/*.sil | grep -c ': ')
won=$(grep -c '"winner":"' "$OUT/batch.json")
set -- $(cat "$OUT/tb")
echo "ti4: $n generated six-player games ($evs events, $won with a winner): gen $(cpu "$OUT/tg") s CPU; batch -j 1 $(cpu "$OUT/tb") s CPU, $(echo "scale=0; $n / ($2 + $3)" | bc) games/s/core, peak $4 KB"
