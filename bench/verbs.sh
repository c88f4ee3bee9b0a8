#!/bin/sh
# verbs.sh SILLAGE CPU_RUN [EVENTS] - `make bench`, issue 29 goal 3: each
# verb that takes a position (--event, --turn, --phase) on an EVENTS-event
# archive (default 1 000 000, made by `sillage gen` at run time), and the
# verbs that read standard input, with their CPU time (user + system, from
# wait4) and peak memory against the goal: <= 10 ms and <= 64 MB at a
# position, <= 64 MB for standard input of any length (step and diff --at:
# through sh -c, whose own start is in the figure). The best of RUNS
# (VERBS_RUNS, default 3) runs; the whole text log replayed is beside the
# index's figures for scale.
set -u
SL=$1
RUN=$2
N=${3:-1000000}
K=${VERBS_RUNS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM
"$SL" gen -g sail --events "$N" -o "$T/g.silb" >/dev/null || exit 1
"$SL" convert "$T/g.silb" -o "$T/g.sil" >/dev/null || exit 1
turns=$("$SL" info --json "$T/g.silb" | sed 's/.*"turns":\([0-9]*\).*/\1/')
t=$((turns / 2))
e=$((N / 2 + 17))

best() {   # best CMD... -> "ms kb", the lower CPU time of K runs
	b=""
	i=0
	while [ $i -lt "$K" ]; do
		r=$("$RUN" 1 "$@" | awk '{print $2, $4}') || return 1
		if [ -z "$b" ] || [ "$(echo "$(echo "$r" | cut -d' ' -f1) < $(echo "$b" | cut -d' ' -f1)" | bc)" = 1 ]; then
			b=$r
		fi
		i=$((i + 1))
	done
	echo "$b"
}
row() {   # row LABEL MS_GOAL MB_GOAL CMD...
	label=$1 gms=$2 gmb=$3
	shift 3
	r=$(best "$@") || { printf '| %-44s | failed | | |\n' "$label"; return; }
	set -- $r
	mb=$(echo "$2 / 1024" | bc -l)
	ok=yes
	[ "$gms" != - ] && [ "$(echo "$1 > $gms" | bc)" = 1 ] && ok=no
	[ "$(echo "$mb > $gmb" | bc)" = 1 ] && ok=no
	printf '| %-44s | %10.2f ms | %7.1f MB | %s | %s |\n' "$label" "$1" "$mb" \
		"$( [ "$gms" = - ] && echo "<= $gmb MB" || echo "<= $gms ms, <= $gmb MB")" "$ok"
}
echo "## positions through the index, standard input streamed (issue 29): $N events, $(wc -c < "$T/g.silb") B archive, $(wc -c < "$T/g.sil") B text"
echo
echo "| verb | CPU | peak | goal | met |"
echo "| --- | ---: | ---: | --- | --- |"
row "state --event $e" 10 64 "$SL" state --event "$e" "$T/g.silb"
row "state --turn $t" 10 64 "$SL" state --turn "$t" "$T/g.silb"
row "state --turn $t --phase 2" 10 64 "$SL" state --turn "$t" --phase 2 "$T/g.silb"
row "seek --turn $t" 10 64 "$SL" seek --turn "$t" "$T/g.silb"
row "render --event $e -o x.svg" 10 64 "$SL" render --event "$e" "$T/g.silb" -o "$T/a.svg"
row "render --turn $t -o x.svg" 10 64 "$SL" render --turn "$t" "$T/g.silb" -o "$T/a.svg"
row "render --turn $t --phase 2 -o x.svg" 10 64 "$SL" render --turn "$t" --phase 2 "$T/g.silb" -o "$T/a.svg"
row "render --event $e -o x.png" 10 64 "$SL" render --event "$e" "$T/g.silb" -o "$T/a.png"
row "step --event $e (q)" 10 64 sh -c "echo q | '$SL' step --event $e '$T/g.silb' >/dev/null"
row "step --turn $t (n p ] [ s q)" 10 64 sh -c "printf 'n\\np\\n]\\n[\\ns\\nq\\n' | '$SL' step --turn $t '$T/g.silb' >/dev/null"
row "diff --at $e --at t$t (exit 1: they differ)" 10 64 sh -c "'$SL' diff --at $e --at t$t '$T/g.silb'; [ \$? = 1 ]"
row "diff --at t$t.2 (two archives)" 10 64 "$SL" diff --at "t$t.2" "$T/g.silb" "$T/g.silb"
row "targets --turn $t --phase 2" 10 64 "$SL" targets --turn "$t" --phase 2 "$T/g.silb"
row "targets --event $e --sel ship:g1" 10 64 "$SL" targets --event "$e" --sel ship:g1 "$T/g.silb"
row "verify - < text" - 64 sh -c "'$SL' verify - < '$T/g.sil'"
row "convert - -o x.silb < text" - 64 sh -c "'$SL' convert - -o '$T/c.silb' < '$T/g.sil'"
row "pack - -o x.silb < text" - 64 sh -c "'$SL' pack - -o '$T/p.silb' < '$T/g.sil'"
row "verify - < archive" - 64 sh -c "'$SL' verify - < '$T/g.silb'"
row "convert - -o x.sil < archive" - 64 sh -c "'$SL' convert - -o '$T/c.sil' < '$T/g.silb'"
row "for scale: sillage version (start-up)" - 64 "$SL" version
row "for scale: render --event 1 -o x.svg (drawing)" - 64 "$SL" render --event 1 "$T/g.silb" -o "$T/a.svg"
row "for scale: stats (per turn) of the archive" - 64 "$SL" stats "$T/g.silb"
K=1
row "for scale: state --event $e of the text log" - 64 "$SL" state --event "$e" "$T/g.sil"
row "for scale: render --event $e -o x.svg, text" - 64 "$SL" render --event "$e" "$T/g.sil" -o "$T/b.svg"
