#!/bin/sh
# verbs.sh - peak memory of every reading verb against the bound of issue 30
# (64 MB + 64 bytes per byte of the file), on a long generated sail log (text
# and archive), on a 20 KB archive of 20 million one-byte markers in one
# segment and on a 70 KB archive of 1000 segments of 4096 such markers, each
# segment within the per-segment cap (issue 30: 1 GB when read whole): prints
# one line per verb and file, "keeps" or "OVER", with exit code and KB.
# A measurement for docs/reliability.md, not a test (not every verb keeps it
# yet: the table there says which). GNU time's %M; a run is stopped after
# SECS seconds (default 120) or when it passes 4 GB of address space.
# usage: sh tests/hostile/verbs.sh BUILD/sillage BUILD/tools [SECS]
set -u
SILLAGE=$1
TOOLS=$2
SECS=${3:-120}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
head -n 16 tests/cli/data/example.sil >"$T/head.sil"
"$TOOLS/hostile" segment "$T/markers.silb" 20000000 "$T/head.sil" >/dev/null || exit 1
"$TOOLS/hostile" segments "$T/multi.silb" 1000 4096 "$T/head.sil" >/dev/null || exit 1
"$SILLAGE" gen -g sail --events 200000 -o "$T/long.sil" >/dev/null || exit 1
"$SILLAGE" convert "$T/long.sil" -o "$T/long.silb" >/dev/null || exit 1
for f in long.sil long.silb markers.silb multi.silb; do
	bytes=$(wc -c <"$T/$f")
	limit=$(( (64 * 1024 * 1024 + 64 * bytes) / 1024 ))
	for v in verify info state log stats render svg html report convert repair; do
		case $v in
		render) args="render -o $T/o.png" ;;
		svg) args="render -o $T/o.svg" ;;
		html) args="html -q -o $T/o.html" ;;
		report) args="report -o $T/o.pdf" ;;
		convert) args="convert -o $T/o.sil" ;;
		repair) args="repair -o $T/o.silb" ;;
		*) args=$v ;;
		esac
		( ulimit -v 4194304; exec timeout "$SECS" /usr/bin/time -f '%M' -o "$T/mem" \
			"$SILLAGE" $args "$T/$f" ) >/dev/null 2>"$T/err"
		code=$?
		kb=$(tail -n 1 "$T/mem" 2>/dev/null)
		case $kb in *[!0-9]*|'') kb=0 ;; esac
		verdict=keeps; [ "$kb" -gt "$limit" ] && verdict=OVER
		[ $code = 124 ] && verdict="stopped after ${SECS}s"
		printf '%-13s %-8s exit %3s %8s KB (limit %s KB) %s\n' "$f" "$v" "$code" "$kb" "$limit" "$verdict"
		rm -f "$T"/o.*
	done
done
