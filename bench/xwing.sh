#!/bin/sh
# xwing.sh - the xwing catalog at work: importing 1 000 XWS squad lists (500
# `sillage import A B` runs, each checking both squads against the catalog and
# the rules) and replaying a generated game of 10 000 rounds.
# usage: sh bench/xwing.sh build/sillage
set -eu
B=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
now() { date +%s%N; }
# 1 000 lists: the four squads of samples/xwing/xws, renamed and reordered
i=0
while [ $i -lt 1000 ]; do
	case $((i % 4)) in
	0) f=rogue-and-green ;; 1) f=vaders-black-squadron ;; 2) f=red-wing-20 ;; *) f=tie-swarm-20 ;;
	esac
	sed "s/\"name\":\"[^\"]*\"/\"name\":\"list $i\"/" samples/xwing/xws/$f.json >"$T/l$i.json"
	i=$((i + 1))
done
t0=$(now)
i=0
while [ $i -lt 1000 ]; do
	a=$i
	b=$((i + 1))
	"$B" import "$T/l$a.json" "$T/l$b.json" -o "$T/m.sil" 2>/dev/null || true
	i=$((i + 2))
done
t1=$(now)
i=0
s0=$(now)
while [ $i -lt 500 ]; do   # the same number of processes doing nothing: the start-up
	"$B" games >/dev/null
	i=$((i + 1))
done
s1=$(now)
echo "xwing start-up: 500 runs of 'sillage games' in $(( (s1 - s0) / 1000000 )) ms"
echo "xwing import: 1000 XWS lists in $(( (t1 - t0) / 1000000 )) ms ($(( (t1 - t0) / 1000000000 )).$(( (t1 - t0) / 10000000 % 100 )) s), $(( (t1 - t0) / 1000000 / 1000 )).$(( (t1 - t0) / 1000 / 1000 % 1000 )) ms a list (a process per two lists)"
# the open game (meta gen open) keeps its four ships for 10 000 rounds
"$B" gen -g xwing -n 10000000 -o "$T/g.silb"
"$B" convert "$T/g.silb" -o "$T/g.sil"
rounds=$("$B" info "$T/g.silb" | sed -n 's/^turns: *//p')
events=$("$B" info "$T/g.silb" | sed -n 's/^events: *\([0-9]*\).*/\1/p')
for f in g.silb g.sil; do
	t0=$(now)
	"$B" verify -q "$T/$f"
	t1=$(now)
	ms=$(( (t1 - t0) / 1000000 ))
	echo "xwing replay: a generated game of $rounds rounds ($events events, $f, $(wc -c <"$T/$f") bytes) verified in $ms ms, $(( rounds * 1000 / (ms + 1) )) rounds a second"
done
